"""Loading and applying the JSON Schemas in schemas/ (the same ones the API documents)."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from jsonschema import Draft202012Validator

from referee.paths import SCHEMAS


@lru_cache(maxsize=None)
def load_schema(relpath: str) -> dict:
    """The schema at schemas/<relpath>, e.g. "games/babel/move.json"."""
    return json.loads((SCHEMAS / relpath).read_text())


@lru_cache(maxsize=None)
def _validator(relpath: str) -> Draft202012Validator:
    schema = load_schema(relpath)
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def validator_for(schema: dict) -> Draft202012Validator:
    return Draft202012Validator(schema)


def schema_errors(validator: Draft202012Validator, instance: Any) -> list[dict[str, str]]:
    """Every violation as {"path", "message"}, deepest-first, for problem+json bodies."""
    errors = sorted(validator.iter_errors(instance), key=lambda e: (-len(e.path), list(map(str, e.path))))
    return [{"path": "/" + "/".join(str(p) for p in e.absolute_path), "message": e.message} for e in errors]


def check(relpath: str, instance: Any) -> list[dict[str, str]]:
    return schema_errors(_validator(relpath), instance)
