"""Table talk over HTTP: writing a message, and a seat's own mutes. Reading messages
(`GET /games/{id}/messages`, JSON or a live stream) is served on the event loop with the change
feed: referee/asgi/feed.py."""

from __future__ import annotations

from flask import Blueprint, jsonify

from referee.api.http import caller_seat, json_body, service

bp = Blueprint("talk", __name__)


@bp.post("/games/<game_id>/messages")
def post_message(game_id: str):
    seat = caller_seat(game_id, required=True)
    return jsonify(service().post_message(game_id, seat, json_body())), 201


@bp.get("/games/<game_id>/mutes")
def get_mutes(game_id: str):
    seat = caller_seat(game_id, required=True)
    return jsonify(service().mutes(game_id, seat))


@bp.put("/games/<game_id>/mutes/<int:other>")
def mute(game_id: str, other: int):
    seat = caller_seat(game_id, required=True)
    return jsonify(service().set_mute(game_id, seat, other, True))


@bp.delete("/games/<game_id>/mutes/<int:other>")
def unmute(game_id: str, other: int):
    seat = caller_seat(game_id, required=True)
    return jsonify(service().set_mute(game_id, seat, other, False))
