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

from referee.paths import SCHEMAS

BASE = "https://referee.invalid/schemas/"


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
def _validator(relpath: str) -> Draft202012Validator:
    schema = load_schema(relpath)
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema, registry=registry())


_by_identity: dict[int, tuple[dict, Draft202012Validator]] = {}


def validator_for(schema: dict) -> Draft202012Validator:
    """A (cached) validator for a schema object loaded by load_schema."""
    hit = _by_identity.get(id(schema))
    if hit is None or hit[0] is not schema:
        hit = _by_identity[id(schema)] = (schema, Draft202012Validator(schema, registry=registry()))
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


def schema_errors(validator: Draft202012Validator, instance: Any) -> list[dict[str, str]]:
    """Every violation as {"path", "message"}, for problem+json bodies."""
    out = []
    for e in sorted(validator.iter_errors(instance), key=lambda e: list(map(str, e.absolute_path))):
        best = _explain(e)
        out.append({"path": "/" + "/".join(str(p) for p in best.absolute_path), "message": best.message})
    return out


def check(relpath: str, instance: Any) -> list[dict[str, str]]:
    return schema_errors(_validator(relpath), instance)
