"""The /games endpoints."""

from __future__ import annotations

import json
import re

from flask import Blueprint, Response, jsonify, request

from referee.api import abuse
from referee.api.http import (accept_lang, bearer_token, caller_seat, int_arg, json_body, mover, prefers_minimal,
                               service)
from referee.engine.registry import GAME_IDS
from referee.engine.steps import parse_chosen
from referee.engine.schemas import conform
from referee.plumbing.errors import BadRequest
from referee.service.narration_texts import with_text
from referee.store.projections import next_cursor, parse_cursor

bp = Blueprint("games", __name__)

MAX_SEQ = 2**53  # query integers beyond this are refused (400), never passed to SQLite
MAX_WAIT = 30  # seconds a change-feed request may wait for the next event (referee/asgi/feed.py)
MAX_CHOSEN = 64  # choices in one ?chosen= path (the longest move of any game takes far fewer)
CHOSEN = re.compile(rf"[A-Za-z0-9_.:~-]{{1,64}}(,[A-Za-z0-9_.:~-]{{1,64}}){{0,{MAX_CHOSEN - 1}}}")


@bp.post("/games")
@abuse.creation_limit
def create_game():
    abuse.check_create_key()
    player = service().player_or_none(bearer_token())  # a signed-in creator (the seat marked "me")
    return jsonify(service().create_game(json_body(), player)), 201


@bp.get("/games")
def list_games():
    args = request.args
    limit = int_arg("limit", 100, 1, 500)
    offset = int_arg("offset", 0, 0, MAX_SEQ)
    seats = int_arg("seats", 0, 0, 8)  # checked whatever the status, as the document says
    status = args.get("status")
    if status not in (None, "open", "active", "paused", "finished"):
        raise BadRequest("status must be open, active, paused or finished", parameter="status")
    if args.get("game") is not None and args["game"] not in GAME_IDS:
        raise BadRequest(f"game must be one of {', '.join(GAME_IDS)}", parameter="game")
    if status == "open":  # the lobby: public open games, with their creators' records
        return jsonify(service().lobby(game=args.get("game"), seats=seats or None,
                                       limit=min(limit, 200), cursor=args.get("cursor")))
    cursor = args.get("cursor") or None  # empty: the first page, as without one
    if cursor is not None:
        try:
            parse_cursor(cursor)
        except ValueError as e:
            raise BadRequest(f"cursor: {e}", parameter="cursor") from None
    games = service().list_games(status=status, game=args.get("game"), player=args.get("player"),
                                 limit=limit, offset=offset, cursor=cursor)
    return jsonify({"games": games, "next_cursor": next_cursor(games, limit)})


@bp.get("/games/<game_id>")
def get_game(game_id: str):
    seat = caller_seat(game_id, required=False)
    return jsonify(service().game(game_id, seat, accept_lang()))


@bp.get("/games/<game_id>/prompts")
def get_prompts(game_id: str):
    seat = caller_seat(game_id, required=False)
    return jsonify({"prompts": service().prompts(game_id, seat, accept_lang())})


@bp.get("/games/<game_id>/prompts/<kind>/steps")
def get_steps(game_id: str, kind: str):
    """The caller's move offered step by step: the options after `chosen`, the move once complete."""
    seat = caller_seat(game_id, required=True)
    raw = request.args.get("chosen", "")
    if raw and not CHOSEN.fullmatch(raw):
        raise BadRequest(f"chosen must be at most {MAX_CHOSEN} option ids separated by commas, each 1-64 of "
                         "the characters A-Z a-z 0-9 _ . : ~ -", parameter="chosen")
    return jsonify(service().steps(game_id, seat, kind, parse_chosen(raw), accept_lang()))


@bp.post("/games/<game_id>/moves")
def post_move(game_id: str):
    seat, head = mover(game_id)
    lang = accept_lang()
    if prefers_minimal():  # the minimal answer: no view, prompts or narration (service/play/moves.py)
        status, body = service().submit_move(game_id, seat, json_body(), lang, head, brief=True)
        return jsonify(body), status, {"Preference-Applied": "return=minimal"}
    status, body = service().submit_move(game_id, seat, json_body(), lang, head)
    body["events"] = with_text(service(), game_id, body.get("events", []), seat, lang)
    return jsonify(body), status


# GET /games/<game_id>/events (the audit log and the live change feed) is served on the event
# loop, where a waiting client holds no thread: referee/asgi/feed.py.


@bp.get("/games/<game_id>/export")
def export(game_id: str):
    seat = caller_seat(game_id, required=False)
    rows = [*service().events_for(game_id, seat), *service().message_export(game_id, seat)]  # talk after the log
    lines = "".join(json.dumps(e, separators=(",", ":")) + "\n" for e in rows)
    return Response(lines, mimetype="application/x-ndjson",
                    headers={"Content-Disposition": f'attachment; filename="{game_id}.jsonl"'})


def _action_body() -> dict:
    body = json_body(optional=True)
    return conform("api/pause.json", body)


@bp.post("/games/<game_id>/bot")
def hand_to_bot(game_id: str):
    seat = caller_seat(game_id, required=True)
    return jsonify(service().hand_to_bot(game_id, seat, json_body()))


@bp.post("/games/<game_id>/resign")
def resign(game_id: str):
    seat = caller_seat(game_id, required=True)
    _action_body()
    return jsonify(service().resign(game_id, seat))


@bp.post("/games/<game_id>/pause")
def pause(game_id: str):
    seat = caller_seat(game_id, required=True)
    body = _action_body()
    return jsonify(service().pause(game_id, seat, body.get("kind", "vacation"), body.get("reason", "")))


@bp.post("/games/<game_id>/resume")
def resume(game_id: str):
    seat = caller_seat(game_id, required=True)
    return jsonify(service().resume(game_id, seat, _action_body().get("reason", "")))
