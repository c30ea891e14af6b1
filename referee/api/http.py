"""Request parsing and auth helpers shared by the blueprints."""

from __future__ import annotations

import json
from typing import Any

from flask import current_app, request
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from referee.api import abuse
from referee.plumbing.errors import BadRequest, Unauthorized, UnsupportedMediaType
from referee.plumbing.i18n import DEFAULT, LANGS
from referee.plumbing.numbers import MAX_INT, int_param
from referee.service.referee import Referee

MAX_DEPTH = 32        # no legitimate body nests deeper (a move is 3-4 levels, a position ~8)


class _Oversized(ValueError):
    """An integer literal too large to mean anything here."""


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > 16:  # before int(): a 5,000-digit literal must not cost time
        raise _Oversized(f"integer {text[:20]}... is out of range (|n| <= 2^53)")
    n = int(text)
    if abs(n) > MAX_INT:
        raise _Oversized(f"integer {text} is out of range (|n| <= 2^53)")
    return n


def _finite_float(text: str) -> float:
    x = float(text)
    if x in (float("inf"), float("-inf")):
        raise _Oversized(f"number {text[:20]} is out of range")
    return x


def _no_constant(name: str) -> Any:
    raise _Oversized(f"{name} is not JSON")


def _check_shape(doc: Any) -> None:
    """400 for a document nested deeper than MAX_DEPTH or holding unencodable strings (lone
    surrogates such as "\\ud800" decode in Python but can never be stored or sent back)."""
    stack = [(doc, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, str):
            node = [node]
        if isinstance(node, dict):
            items: list[Any] = [*node.keys(), *node.values()]
        elif isinstance(node, list):
            items = node
        else:
            continue
        if depth > MAX_DEPTH:
            raise BadRequest(f"the JSON body is nested deeper than {MAX_DEPTH} levels")
        for item in items:
            if isinstance(item, str):
                try:
                    item.encode("utf-8")
                except UnicodeEncodeError:
                    raise BadRequest("the JSON body holds a string that is not valid Unicode "
                                     "(a lone surrogate escape such as \\ud800)") from None
            elif isinstance(item, (dict, list)):
                stack.append((item, depth + 1))


def is_json_type(mimetype: str) -> bool:
    return mimetype == "application/json" or (mimetype.startswith("application/") and mimetype.endswith("+json"))


def service() -> Referee:
    return current_app.extensions["referee"]


def json_body(optional: bool = False) -> Any:
    """The request's JSON body; 400 with the parser's message when it is malformed.

    Only with a JSON content type (415 otherwise): a form or `text/plain` post is what another
    web site can make a visitor's browser send without a CORS preflight. Depth, integer size and
    string encoding are bounded here, so nothing past this point can overflow or recurse."""
    raw = request.get_data(cache=True)
    if not raw.strip():
        if optional:
            return {}
        raise BadRequest("the request needs a JSON body")
    if not is_json_type(request.mimetype):
        raise UnsupportedMediaType(f"send the body as 'Content-Type: application/json' "
                                   f"(got {request.mimetype or 'no content type'!r})")
    try:
        doc = json.loads(raw, parse_int=_bounded_int, parse_float=_finite_float, parse_constant=_no_constant)
    except _Oversized as e:
        raise BadRequest(str(e)) from None
    except RecursionError:
        raise BadRequest(f"the JSON body is nested deeper than {MAX_DEPTH} levels") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise BadRequest(f"malformed JSON: {e}") from None
    except ValueError as e:  # e.g. float overflow, over-long digit strings
        raise BadRequest(f"malformed JSON: {e}") from None
    _check_shape(doc)
    return doc


def bearer_token() -> str | None:
    return parse_bearer(request.headers.get("Authorization"))


def parse_bearer(header: str | None) -> str | None:
    """The token of an `Authorization: Bearer` header; None without one; 401 for another scheme."""
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthorized("use 'Authorization: Bearer <seat token>'")
    return token.strip()


def accept_lang() -> str:
    """The language the request's `Accept-Language` prefers among ours (English by default):
    an answer's words (prompts, steps, events' `text`) are written in it; ids and moves never change."""
    return request.accept_languages.best_match(LANGS) or DEFAULT


def lang_of(header: str | None) -> str:
    """`accept_lang` for a raw `Accept-Language` header (the event feed runs outside Flask)."""
    if not header:
        return DEFAULT
    return parse_accept_header(header, LanguageAccept).best_match(LANGS) or DEFAULT


def caller_seat(game_id: str, required: bool) -> int | None:
    """The seat of the caller's token; None for a spectator unless a seat is required."""
    token = bearer_token()
    if token is None:
        if required:
            raise Unauthorized("this action needs a seat token ('Authorization: Bearer <token>')")
        return None
    abuse.refuse_if_locked_out()
    try:
        return service().seat_for(game_id, token)
    except Unauthorized:
        abuse.count_failure()
        raise


def int_arg(name: str, default: int, lo: int, hi: int) -> int:
    """An integer query parameter within [lo, hi]; 400 naming the parameter otherwise."""
    return int_param(name, request.args.get(name), default, lo, hi)

