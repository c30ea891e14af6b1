"""Alert channels over HTTP: a seat's (seat token), the game's own (the creator's token, scope
"game") and a player's for all their games (player token). Thin: the service decides."""

from __future__ import annotations

from flask import Blueprint, jsonify, request

from referee.api import abuse
from referee.api.http import bearer_token, json_body, service
from referee.plumbing.errors import BadRequest

bp = Blueprint("alerts", __name__)


def _scope() -> str:
    scope = request.args.get("scope", "seat")
    if scope not in ("seat", "game"):
        raise BadRequest("scope must be seat or game", parameter="scope")
    return scope


def _no_body() -> None:
    if json_body(optional=True) != {}:
        raise BadRequest("this action takes no body (or {})")


@bp.post("/games/<game_id>/channels")
def add(game_id: str):
    abuse.refuse_if_locked_out()
    body = json_body()
    scope = body.get("scope", "seat") if isinstance(body, dict) and body.get("scope") in ("seat", "game") else "seat"
    owner = service().channel_owner(game_id, bearer_token(), scope)
    return jsonify(service().add_channel(owner, body)), 201


@bp.get("/games/<game_id>/channels")
def listing(game_id: str):
    abuse.refuse_if_locked_out()
    owner = service().channel_owner(game_id, bearer_token(), _scope())
    return jsonify({"channels": service().channels(owner)})


@bp.delete("/games/<game_id>/channels/<channel_id>")
def remove(game_id: str, channel_id: str):
    abuse.refuse_if_locked_out()
    owner = service().channel_owner_of(game_id, bearer_token(), channel_id)
    return jsonify(service().remove_channel(owner, channel_id))


@bp.post("/games/<game_id>/channels/<channel_id>/test")
def test(game_id: str, channel_id: str):
    _no_body()
    owner = service().channel_owner_of(game_id, bearer_token(), channel_id)
    return jsonify(service().test_channel(owner, channel_id)), 202


@bp.post("/games/<game_id>/channels/<channel_id>/enable")
def enable(game_id: str, channel_id: str):
    _no_body()
    owner = service().channel_owner_of(game_id, bearer_token(), channel_id)
    return jsonify(service().enable_channel(owner, channel_id))


def _player():
    return service().player_channels_owner(service().player_for(bearer_token()))


@bp.post("/players/me/channels")
def add_mine():
    owner = _player()
    return jsonify(service().add_channel(owner, json_body())), 201


@bp.get("/players/me/channels")
def list_mine():
    return jsonify({"channels": service().channels(_player())})


@bp.delete("/players/me/channels/<channel_id>")
def remove_mine(channel_id: str):
    return jsonify(service().remove_channel(_player(), channel_id))


@bp.post("/players/me/channels/<channel_id>/test")
def test_mine(channel_id: str):
    _no_body()
    return jsonify(service().test_channel(_player(), channel_id)), 202


@bp.post("/players/me/channels/<channel_id>/enable")
def enable_mine(channel_id: str):
    _no_body()
    return jsonify(service().enable_channel(_player(), channel_id))


@bp.get("/push/key")
def push_key():
    """The VAPID public key a browser subscribes with (its applicationServerKey)."""
    return jsonify({"public_key": service().vapid_keys()[1]})
