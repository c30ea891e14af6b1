"""The alerts pages: a seat's channels (and, for the game's creator, the game's own) at
/g/<id>/alerts, a player's channels for all their games at /me/alerts. Each form calls one service
method, as the API does; browser push subscribes with the page's small script (static/push.js)
and posts the subscription here."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, redirect, request, url_for

from referee.plumbing.errors import BadRequest, NotFound, ServiceError, Unauthorized
from referee.plumbing.jsontext import read_json
from referee.plumbing.i18n import N_, Text
from referee.service.notices.alerts import EVENTS, Owner
from referee.web import access, i18n
from referee.web.pages import _require_csrf, _seat, _service_error, page, secret, service

bp = Blueprint("alerts_web", __name__, template_folder="templates")
bp.register_error_handler(ServiceError, _service_error)

# Message ids: the template says them in the page's language.
EVENT_WORDS = {"turn": N_("my turn"), "reminder": N_("reminders"), "game_over": N_("game over"),
               "messages": N_("messages")}


def _owners(game_id: str | None) -> list[Owner]:
    """What this browser may manage: its seat's channels and, as the creator, the game's own;
    or, on /me, the signed-in player's."""
    if game_id is None:
        pid = service().player_or_none(access.player_session())
        if pid is None:
            raise Unauthorized("sign in first")
        return [Owner("player", None, None, pid)]
    owners = []
    seat = _seat(game_id)
    if seat is not None:
        owners.append(Owner("seat", game_id, seat))
    session = access.player_session()
    if access.is_creator(secret(), game_id) or (session and _creator_player(game_id, session)):
        owners.append(Owner("game", game_id))
    if not owners:
        raise NotFound(Text("only a seat or the game's creator has alerts here: open your personal link first"))
    return owners


def _creator_player(game_id: str, session: str) -> bool:
    try:
        service().channel_owner(game_id, session, "game")
        return True
    except ServiceError:
        return False


def _back(game_id: str | None):
    target = url_for("alerts_web.game_alerts", game_id=game_id) if game_id else url_for("alerts_web.my_alerts")
    return redirect(target, 303)


def _page(game_id: str | None, problem: dict | None = None, status: int = 200):
    owners = _owners(game_id)
    panels = [{"owner": o, "channels": service().channels(o)} for o in owners]
    title = service().load(game_id).rules.title if game_id else None
    return page("alerts.html", status, game_id=game_id, title=title, panels=panels, events=EVENTS,
                words=EVENT_WORDS, push_key=service().vapid_keys()[1], problem=problem)


def _owner(game_id: str | None, scope: str) -> Owner:
    for o in _owners(game_id):
        if o.scope == scope:
            return o
    raise NotFound(Text("no such channels of yours here"))


def _add(game_id: str | None):
    _require_csrf()
    form = request.form
    owner = _owner(game_id, form.get("scope", "player" if game_id is None else "seat"))
    body: dict[str, Any] = {"events": [e for e in EVENTS if form.get(f"event_{e}") == "on"] or None}
    if form.get("subscription"):
        try:
            body["subscription"] = read_json(form["subscription"])
        except BadRequest:
            raise BadRequest(Text("the browser sent a push subscription that is not JSON")) from None
    else:
        body["url"] = form.get("url", "").strip()
    if body["events"] is None:
        del body["events"]
    try:
        service().add_channel(owner, body)
    except ServiceError as e:
        return _page(game_id, e.problem(i18n.current()), 200)
    return _back(game_id)


def _act(game_id: str | None, channel_id: str, action: str):
    _require_csrf()
    owner = _owner(game_id, request.form.get("scope", "player" if game_id is None else "seat"))
    {"test": service().test_channel, "delete": service().remove_channel,
     "enable": service().enable_channel}[action](owner, channel_id)
    return _back(game_id)


@bp.get("/g/<game_id>/alerts")
def game_alerts(game_id: str):
    return _page(game_id)


@bp.post("/g/<game_id>/alerts")
def game_add(game_id: str):
    return _add(game_id)


@bp.post("/g/<game_id>/alerts/<channel_id>/<action>")
def game_act(game_id: str, channel_id: str, action: str):
    if action not in ("test", "delete", "enable"):
        raise NotFound(f"no action {action!r}")
    return _act(game_id, channel_id, action)


@bp.get("/me/alerts")
def my_alerts():
    if service().player_or_none(access.player_session()) is None:
        return redirect(url_for("players_web.sign_in_form", next="/me/alerts"), 303)
    return _page(None)


@bp.post("/me/alerts")
def my_add():
    return _add(None)


@bp.post("/me/alerts/<channel_id>/<action>")
def my_act(channel_id: str, action: str):
    if action not in ("test", "delete", "enable"):
        raise NotFound(f"no action {action!r}")
    return _act(None, channel_id, action)
