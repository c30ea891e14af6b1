"""Seats changing hands and tables: join, release (for a replacement), start early, cancel,
rematch. Thin: the caller's token goes to the service, which decides what it may do."""

from __future__ import annotations

from flask import Blueprint, jsonify

from referee.api import abuse
from referee.api.http import bearer_token, json_body, service
from referee.plumbing.errors import BadRequest

bp = Blueprint("tables", __name__)


def _player() -> str | None:
    """The caller's player, when the bearer token is a player token (a seat token is not)."""
    return service().player_or_none(bearer_token())


@bp.post("/games/<game_id>/join")
@abuse.creation_limit
def join(game_id: str):
    return jsonify(service().join(game_id, json_body(), _player())), 201


@bp.post("/games/<game_id>/seats/<int:seat>/accept")
def accept(game_id: str, seat: int):
    """A seat created with the caller's address becomes theirs (issue 35): a player token only."""
    _no_body()
    return jsonify(service().accept_seat(game_id, seat, service().player_for(bearer_token())))


@bp.post("/games/<game_id>/seats/<int:seat>/release")
def release(game_id: str, seat: int):
    abuse.refuse_if_locked_out()
    return jsonify(service().release_seat(game_id, seat, bearer_token(), json_body(optional=True)))


def _no_body() -> None:
    """start, cancel and rematch take no body (or `{}`)."""
    if json_body(optional=True) != {}:
        raise BadRequest("this action takes no body (or {})")


@bp.post("/games/<game_id>/start")
def start(game_id: str):
    _no_body()
    return jsonify(service().start_game(game_id, bearer_token()))


@bp.post("/games/<game_id>/cancel")
def cancel(game_id: str):
    _no_body()
    return jsonify(service().cancel_game(game_id, bearer_token()))


@bp.post("/games/<game_id>/rematch")
def rematch(game_id: str):
    _no_body()
    return jsonify(service().rematch(game_id, bearer_token())), 201
