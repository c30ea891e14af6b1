"""Request parsing and auth helpers shared by the blueprints."""

from __future__ import annotations

from typing import Any, Callable, TypeVar

from flask import current_app, request
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header, parse_dict_header

from referee.api import abuse
from referee.plumbing.errors import BadRequest, Unauthorized, UnsupportedMediaType
from referee.plumbing.i18n import DEFAULT, LANGS
from referee.plumbing.jsontext import read_json
from referee.plumbing.numbers import int_param
from referee.service.core import Head
from referee.service.referee import Referee

T = TypeVar("T")

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
    return read_json(raw)


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
    an answer's words (prompts, steps, events' `text`) are written in it; ids and moves never change.
    Without the header (most API clients), nothing is parsed."""
    return lang_of(request.headers.get("Accept-Language"))


def lang_of(header: str | None) -> str:
    """`accept_lang` for a raw `Accept-Language` header (the event feed runs outside Flask)."""
    if not header:
        return DEFAULT
    return parse_accept_header(header, LanguageAccept).best_match(LANGS) or DEFAULT


def prefers_minimal() -> bool:
    """Whether the request says `Prefer: return=minimal` (RFC 7240: the client will not read the
    new representation; names and values compared without case, parameters after `;` ignored).
    One lookup: the WSGI server joins repeated headers into one value (`getlist` walks them all,
    ~10 us on every move)."""
    header = request.headers.get("Prefer")
    if not header:
        return False
    return any(name.strip().lower() == "return" and (value or "").split(";")[0].strip().lower() == "minimal"
               for name, value in parse_dict_header(header).items())


def caller_seat(game_id: str, required: bool) -> int | None:
    """The seat of the caller's token; None for a spectator unless a seat is required."""
    token = bearer_token()
    if token is None:
        if required:
            raise Unauthorized("this action needs a seat token ('Authorization: Bearer <token>')")
        return None
    return _checked(lambda: service().seat_for(game_id, token))


def mover(game_id: str) -> tuple[int, Head]:
    """A move's caller: `caller_seat` (a seat required) and the game's head (seq, hash), read in
    one statement; the move loads the game at that head and appends after it, reading it no more."""
    token = bearer_token()
    if token is None:
        raise Unauthorized("this action needs a seat token ('Authorization: Bearer <token>')")
    return _checked(lambda: service().seat_and_head(game_id, token))


def _checked(look: Callable[[], T]) -> T:
    """A seat-token check, refused (429) while this address is locked out, counted when it fails."""
    abuse.refuse_if_locked_out()
    try:
        return look()
    except Unauthorized:
        abuse.count_failure()
        raise


def int_arg(name: str, default: int, lo: int, hi: int) -> int:
    """An integer query parameter within [lo, hi]; 400 naming the parameter otherwise."""
    return int_param(name, request.args.get(name), default, lo, hi)

