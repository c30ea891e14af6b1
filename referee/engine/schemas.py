"""Loading and applying the JSON Schemas in schemas/ (the same ones the API documents).

Every file gets the base URI `urn:referee:schemas:<relpath>`-style id (below), so a schema can
refer to a sibling file with a relative `$ref` such as `"clock.json"`.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match
from referencing import Registry, Resource

from referee.engine.hashing import canonical
from referee.paths import SCHEMAS

BASE = "https://referee.invalid/schemas/"
VERDICT_CACHE = 4096  # remembered verdicts per schema (oldest dropped first)


@lru_cache(maxsize=None)
def load_schema(relpath: str) -> dict:
    """The schema at schemas/<relpath>, e.g. "games/babel/move.json"."""
    schema = json.loads((SCHEMAS / relpath).read_text())
    schema.setdefault("$id", BASE + relpath)
    return schema


@lru_cache(maxsize=1)
def registry() -> Registry:
    resources = []
    for path in sorted(SCHEMAS.rglob("*.json")):
        rel = path.relative_to(SCHEMAS).as_posix()
        resources.append((BASE + rel, Resource.from_contents(load_schema(rel))))
    return Registry().with_resources(resources)


@lru_cache(maxsize=None)
def _validator(relpath: str) -> "DispatchingValidator":
    schema = load_schema(relpath)
    Draft202012Validator.check_schema(schema)
    return DispatchingValidator(schema)


class DispatchingValidator:
    """A validator that checks a `oneOf`-by-`type` schema (every move schema) quickly.

    Branches with distinct `type` constants exclude each other, so a valid instance matches
    exactly the branch of its own type: checking that branch alone (inside a copy of the root
    schema, so `$defs` still resolve) gives the same verdict at a fraction of the cost. Errors
    are always computed by the full schema.
    """

    def __init__(self, schema: dict):
        self._verdicts: dict[bytes, bool] = {}
        self.full = Draft202012Validator(schema, registry=registry())
        self.by_type: dict[str, Draft202012Validator] = {}
        for branch in schema.get("oneOf", []):
            const = branch.get("properties", {}).get("type", {}).get("const")
            if not isinstance(const, str) or const in self.by_type:
                self.by_type = {}
                break
            self.by_type[const] = Draft202012Validator({**schema, "oneOf": [branch]}, registry=registry())

    def is_valid(self, instance: Any) -> bool:
        """Memoised: a verdict depends on the instance alone, and moves repeat a lot."""
        key = canonical(instance)
        verdict = self._verdicts.get(key)
        if verdict is None:
            verdict = self._judge(instance)
            if len(self._verdicts) >= VERDICT_CACHE:
                self._verdicts.pop(next(iter(self._verdicts)))
            self._verdicts[key] = verdict
        return verdict

    def _judge(self, instance: Any) -> bool:
        if self.by_type and isinstance(instance, dict):
            kind = instance.get("type")
            if not isinstance(kind, str):  # a list or object is no type (and no dict key)
                return False
            branch = self.by_type.get(kind)
            return branch is not None and branch.is_valid(instance)
        return self.full.is_valid(instance)

    def iter_errors(self, instance: Any):
        return self.full.iter_errors(instance)


_by_identity: dict[int, tuple[dict, DispatchingValidator]] = {}


def validator_for(schema: dict) -> DispatchingValidator:
    """A (cached) validator for a schema object loaded by load_schema."""
    hit = _by_identity.get(id(schema))
    if hit is None or hit[0] is not schema:
        hit = _by_identity[id(schema)] = (schema, DispatchingValidator(schema))
    return hit[1]


def _explain(error: ValidationError) -> ValidationError:
    """The most telling error inside a oneOf/anyOf failure.

    Moves are `oneOf` by `type`: the branch whose `type` matched is the one the client meant,
    so its errors are reported; otherwise jsonschema's best match.
    """
    while error.context:
        branches: dict[Any, list[ValidationError]] = {}
        for c in error.context:
            branches.setdefault(c.relative_schema_path[0], []).append(c)
        meant = [errs for errs in branches.values() if not any(list(c.relative_path) == ["type"] for c in errs)]
        if len(meant) == len(branches) or not meant:
            if not meant and isinstance(error.instance, dict) and "type" in error.instance:
                error.message = f"{error.instance['type']!r} is not one of the allowed types"
                return error
            return best_match([error]) if error.context else error
        error = best_match(meant[0])
    return error


def schema_errors(validator: Draft202012Validator | DispatchingValidator, instance: Any) -> list[dict[str, str]]:
    """Every violation as {"path", "message"}, for problem+json bodies."""
    if validator.is_valid(instance):
        return []
    out = []
    for e in sorted(validator.iter_errors(instance), key=lambda e: list(map(str, e.absolute_path))):
        best = _explain(e)
        out.append({"path": "/" + "/".join(str(p) for p in best.absolute_path), "message": best.message})
    return out


def check(relpath: str, instance: Any) -> list[dict[str, str]]:
    return schema_errors(_validator(relpath), instance)
