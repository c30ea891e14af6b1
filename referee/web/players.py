"""Pages of the layer around games: sign-in by a mailed link, "my games" with the player's
settings, the lobby of open games (and opening a table), and taking a seat. Thin: each form
calls one service method, exactly as the API does; no address is shown but the player's own."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, redirect, request, url_for

from referee.api.abuse import creation_limit
from referee.engine.registry import GAME_IDS
from referee.plumbing.numbers import int_param, optional_int_param, MAX_SEAT
from referee.plumbing.errors import BadRequest, ServiceError, Unauthorized
from referee.plumbing.i18n import Text
from referee.web import access, i18n, redirects
from referee.web.pages import _require_csrf, _service_error, max_seats, page, service

bp = Blueprint("players_web", __name__, template_folder="templates")
bp.register_error_handler(ServiceError, _service_error)  # pages answer problems as pages


def _player() -> str | None:
    return service().player_or_none(access.player_session())


def _problem(e: Exception) -> dict[str, Any]:
    return e.problem(i18n.current()) if isinstance(e, ServiceError) else {"title": i18n.current().gettext("Bad request"), "detail": str(e), "status": 400}


# -- signing in ------------------------------------------------------------------------------

@bp.get("/sign-in")
def sign_in_form():
    return page("signin.html", sent=False, next=_next())


@bp.post("/sign-in")
@creation_limit
def sign_in_request():
    _require_csrf()
    try:
        service().request_sign_in({"email": request.form.get("email", "").strip()}, i18n.chosen_lang())
    except ServiceError as e:
        return page("signin.html", sent=False, problem=_problem(e), next=_next())
    return page("signin.html", sent=True, next=_next())


@bp.get("/sign-in/<link>")
def sign_in_confirm(link: str):
    """The mailed link shows a button: a mail scanner that fetches links does not use it up."""
    return page("signin_confirm.html", link=link)


@bp.post("/sign-in/<link>")
def sign_in_finish(link: str):
    _require_csrf()
    try:
        done = service().confirm_sign_in(link, "session", i18n.chosen_lang())
    except ServiceError as e:
        return page("signin.html", e.status, sent=False, problem=_problem(e), next=None)
    resp = redirect(url_for("players_web.my_games"), 303)
    access.set_player_session(resp, done["token"])
    return resp


@bp.post("/sign-out")
def sign_out():
    _require_csrf()
    session = access.player_session()
    if session and _player():
        service().revoke_player_token(session)
    resp = redirect(url_for("web.index"), 303)
    access.clear_player_session(resp)
    return resp


def _next() -> str | None:
    return redirects.local_path(request.values.get("next"))


# -- my games --------------------------------------------------------------------------------

@bp.get("/me")
def my_games():
    pid = _player()
    if pid is None:
        return redirect(url_for("players_web.sign_in_form", next="/me"), 303)
    return page("me.html", me=service().player_profile(pid), mine=service().my_games(pid),
                offers=service().seat_offers(pid))


@bp.post("/me")
def update_me():
    _require_csrf()
    pid = _player()
    if pid is None:
        raise Unauthorized("sign in first")
    form = request.form
    body: dict[str, Any] = {"digest": form.get("digest") == "on", "digest_only": form.get("digest_only") == "on"}
    for key in ("name", "tz", "lang", "digest_every"):
        if form.get(key, "").strip():
            body[key] = form[key].strip()
    hour = form.get("digest_hour", "").strip()
    if hour:
        body["digest_hour"] = int_param("digest_hour", hour, None, 0, 23)
    try:
        service().update_player(pid, body)
    except ServiceError as e:
        return page("me.html", me=service().player_profile(pid), mine=service().my_games(pid),
                    offers=service().seat_offers(pid), problem=_problem(e))
    return redirect(url_for("players_web.my_games"), 303)


# -- the lobby -------------------------------------------------------------------------------

@bp.get("/lobby")
def lobby():
    game = request.args.get("game") or None
    if game is not None and game not in GAME_IDS:
        raise BadRequest(Text("game must be one of %(games)s", games=", ".join(GAME_IDS)), parameter="game")
    n = optional_int_param("seats", request.args.get("seats"), 1, max_seats())
    listed = service().lobby(game=game, seats=n, limit=100)
    pid = _player()
    return page("lobby.html", listed=listed["games"], game=game, seats=n, signed_in=pid is not None,
                me=service().player_profile(pid) if pid else None)


@bp.post("/lobby")
@creation_limit
def open_table():
    """Open a table: the signed-in player's seat and open seats for anyone (or by link only)."""
    _require_csrf()
    pid = _player()
    if pid is None:
        raise Unauthorized("sign in to open a table")
    form = request.form
    count = int_param("seats", form.get("seats"), 2, 1, max_seats())  # checked before a seat is built
    try:
        invite = form.get("invite", "").strip()
        others = [{"invite": invite}] if invite and count > 1 else []  # the API's seat kept for an address
        body = {"game": form.get("game", ""), "unlisted": form.get("unlisted") == "on",
                "seats": [{"name": form.get("name", "").strip() or "Player", "me": True}] + others
                + [{"open": True} for _ in range(max(0, count - 1 - len(others)))]}
        created = service().create_game(body, pid)
    except (ValueError, ServiceError) as e:
        listed = service().lobby(limit=100)
        return page("lobby.html", listed=listed["games"], game=None, seats=None, signed_in=True,
                    me=service().player_profile(pid), problem=_problem(e))
    return redirect(url_for("web.game", game_id=created["id"]), 303)


# -- taking a seat ---------------------------------------------------------------------------

@bp.get("/join/<game_id>")
def join_form(game_id: str):
    doc = service().game(game_id, None)
    pid = _player()
    me = service().player_profile(pid) if pid else None
    wanted = request.args.get("seat", "")
    return page("join.html", doc=doc, me=me, seat=optional_int_param("seat", wanted, 0, MAX_SEAT),
                free=[s["seat"] for s in service().load(game_id).created["seats"] if s.get("open") or s.get("vacant")])


@bp.post("/join/<game_id>")
@creation_limit
def join(game_id: str):
    _require_csrf()
    form = request.form
    body: dict[str, Any] = {"name": form.get("name", "").strip()}
    seat = optional_int_param("seat", form.get("seat"), 0, MAX_SEAT)
    if seat is not None:
        body["seat"] = seat
    pid = _player()
    try:
        taken = service().join(game_id, body, pid)
    except ServiceError as e:
        me = service().player_profile(pid) if pid else None
        return page("join.html", e.status, doc=service().game(game_id, None), me=me, seat=body.get("seat"),
                    free=[s["seat"] for s in service().load(game_id).created["seats"]
                          if s.get("open") or s.get("vacant")], problem=_problem(e))
    resp = redirect(url_for("web.game", game_id=game_id), 303)
    access.sign_in(resp, game_id, taken["seat"], taken["url"].rsplit("/", 1)[1])
    return resp


# -- accepting a seat created with the player's address (issue 35) ------------------------------

@bp.get("/accept/<game_id>/<int:seat>")
def accept_form(game_id: str, seat: int):
    """The invitation mail's link: a button for the signed-in player (a mail scanner fetching the
    link accepts nothing)."""
    pid = _player()
    return page("accept.html", doc=service().game(game_id, None), seat=seat,
                me=service().player_profile(pid) if pid else None)


@bp.post("/accept/<game_id>/<int:seat>")
def accept(game_id: str, seat: int):
    _require_csrf()
    pid = _player()
    if pid is None:
        return redirect(url_for("players_web.sign_in_form", next=request.path), 303)
    try:
        accepted = service().accept_seat(game_id, seat, pid)
    except ServiceError as e:
        return page("accept.html", e.status, doc=service().game(game_id, None), seat=seat,
                    me=service().player_profile(pid), problem=_problem(e))
    resp = redirect(url_for("web.game", game_id=game_id), 303)
    access.sign_in(resp, game_id, seat, accepted["url"].rsplit("/", 1)[1])
    return resp
