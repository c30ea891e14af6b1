"""Loading and applying the JSON Schemas in schemas/ (the same ones the API documents).

Every file gets the base URI `urn:referee:schemas:<relpath>`-style id (below), so a schema can
refer to a sibling file with a relative `$ref` such as `"clock.json"`.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any, Callable
from urllib.parse import urljoin

import fastjsonschema
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match
from referencing import Registry, Resource

from referee.plumbing.errors import BadRequest, TextRefused
from referee.plumbing.i18n import Text
from referee.plumbing.paths import SCHEMAS

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
def _validator(relpath: str) -> "CompiledValidator":
    schema = load_schema(relpath)
    Draft202012Validator.check_schema(schema)
    return CompiledValidator(schema)


def as_draft7(node: Any) -> Any:
    """The schema in the draft-07 dialect that fastjsonschema compiles, same meaning: 2020-12's
    `prefixItems` + `items` become draft-07's `items` array + `additionalItems`, and a `$ref`
    with sibling keywords (which draft 07 would ignore) moves into an `allOf`."""
    if isinstance(node, list):
        return [as_draft7(n) for n in node]
    if not isinstance(node, dict):
        return node
    out = {k: as_draft7(v) for k, v in node.items()}
    if "prefixItems" in out:
        rest = out.pop("items", None)
        out["items"] = out.pop("prefixItems")
        if rest is not None:
            out["additionalItems"] = rest
    if "$ref" in out and len(out.keys() - {"$ref", "$id", "$schema", "$defs", "title", "description"}) > 0:
        out["allOf"] = [{"$ref": out.pop("$ref")}, *out.get("allOf", [])]
    out.pop("$schema", None)
    return out


def _fetch(uri: str) -> dict:
    """fastjsonschema's handler for a `$ref` to another schema file (by its base URI)."""
    if not uri.startswith(BASE):
        raise ValueError(f"no schema at {uri}")
    return _compilable(load_schema(uri[len(BASE):]))


def _compilable(schema: dict) -> dict:
    """as_draft7 with an absolute `$id` (some files name themselves by a relative path)."""
    out = as_draft7(schema)
    out["$id"] = urljoin(BASE, schema.get("$id", ""))
    return out


class CompiledValidator:
    """A schema compiled to Python code (fastjsonschema) for the verdict, which every request
    needs; jsonschema's full validator for the errors, which only a refused body needs and whose
    messages are better. tests/core/test_schemas.py checks that both judge alike.

    A move schema is a `oneOf` whose branches each fix a distinct `type` constant, so a valid
    move matches only the branch of its own type: that branch alone (inside a copy of the root,
    so `$defs` still resolve) gives the same verdict as the whole `oneOf` without trying and
    failing every other branch. Branches are compiled when first asked for.

    A request body's `oneOf` of branches that each only require one key (`move`, `moves` or
    `text`) means "exactly one of these keys": counted in Python, the rest of the schema compiled
    without it, so a valid body raises and catches no exception per branch that fails."""

    def __init__(self, schema: dict):
        self.schema = schema
        self.full = Draft202012Validator(schema, registry=registry())
        self._one_of_keys = _one_of_required(schema)
        self._whole = _compile(schema)
        self._rest = _compile({k: v for k, v in schema.items() if k != "oneOf"}) if self._one_of_keys else None
        self._branches: dict[str, dict] = {}
        for branch in schema.get("oneOf", []):
            const = branch.get("properties", {}).get("type", {}).get("const")
            if not isinstance(const, str) or const in self._branches:
                self._branches = {}
                break
            self._branches[const] = branch
        self._by_type: dict[str, Callable[[Any], Any]] = {}

    def is_valid(self, instance: Any) -> bool:
        check = self._whole
        if self._rest is not None and isinstance(instance, dict):
            if sum(k in instance for k in self._one_of_keys) != 1:
                return False
            check = self._rest
        if self._branches and isinstance(instance, dict):
            kind = instance.get("type")
            if not isinstance(kind, str) or kind not in self._branches:
                return False
            check = self._by_type.get(kind) or self._by_type.setdefault(
                kind, _compile({**self.schema, "oneOf": [self._branches[kind]]}))
        try:
            check(instance)
        except fastjsonschema.JsonSchemaException:
            return False
        return True

    def iter_errors(self, instance: Any):
        return self.full.iter_errors(instance)


def _one_of_required(schema: dict) -> tuple[str, ...]:
    """The keys of a root `oneOf` whose every branch is `{"required": [key]}`, else ()."""
    branches = schema.get("oneOf")
    if schema.get("type") != "object" or not isinstance(branches, list) or not branches:
        return ()
    if not all(set(b) == {"required"} and isinstance(b["required"], list) and len(b["required"]) == 1
               for b in branches if isinstance(b, dict)) or not all(isinstance(b, dict) for b in branches):
        return ()
    keys = tuple(b["required"][0] for b in branches)
    return keys if len(set(keys)) == len(keys) else ()


def _compile(schema: dict) -> Callable[[Any], Any]:
    return fastjsonschema.compile(_compilable(schema), handlers={"https": _fetch}, use_default=False,
                                  use_formats=False)


_by_identity: dict[int, tuple[dict, CompiledValidator]] = {}


def validator_for(schema: dict) -> CompiledValidator:
    """A (cached) validator for a schema object loaded by load_schema."""
    hit = _by_identity.get(id(schema))
    if hit is None or hit[0] is not schema:
        hit = _by_identity[id(schema)] = (schema, CompiledValidator(schema))
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


# Characters no name, address or reason may hold: CR and LF would start a new mail header or
# line, the rest of C0/C1 (and U+2028/9, line breaks to some readers) hide or rewrite text.
# The schemas' `pattern`s on those fields exclude the same set.
CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
CONTROL_MESSAGE = "control characters (CR, LF and the rest of C0/C1) are not allowed here"


def _message(error: ValidationError) -> str:
    """The error's message; a text refused for a control character says so (without echoing it)."""
    if error.validator == "pattern" and isinstance(error.instance, str) and CONTROL.search(error.instance):
        return CONTROL_MESSAGE
    return error.message


def schema_errors(validator: Draft202012Validator | CompiledValidator, instance: Any) -> list[dict[str, str]]:
    """Every violation as {"path", "message", "keyword"}, for problem+json bodies: `message` is
    jsonschema's own (English), `keyword` the schema rule it breaks ("type", "required"), which a
    page words in its reader's language."""
    if validator.is_valid(instance):
        return []
    out = []
    for e in sorted(validator.iter_errors(instance), key=lambda e: list(map(str, e.absolute_path))):
        best = _explain(e)
        out.append({"path": "/" + "/".join(str(p) for p in best.absolute_path), "message": _message(best),
                    "keyword": str(best.validator)})
    return out


def check(relpath: str, instance: Any) -> list[dict[str, str]]:
    return schema_errors(_validator(relpath), instance)


def conform(relpath: str, instance: Any) -> Any:
    """`instance` when it matches the schema; else 400 listing the violations, or 422 when its
    only fault is a control character in a text (a name, an address, a reason)."""
    errors = check(relpath, instance)
    if errors and all(e["message"] == CONTROL_MESSAGE for e in errors):
        raise TextRefused(CONTROL_MESSAGE, errors=errors, field=errors[0]["path"])
    if errors:
        raise BadRequest(Text("request body does not match the schema"), errors=errors)
    return instance
