"""Foresight and agreement endpoints (issue 27): pre-set moves, takebacks with consent, ending a
game by agreement. Thin: parse, authenticate, call one service method."""

from __future__ import annotations

from flask import Blueprint, jsonify

from referee.api.http import caller_seat, json_body, service

bp = Blueprint("foresight", __name__)


@bp.get("/games/<game_id>/presets")
def get_presets(game_id: str):
    """The caller's own queue; once the game is over, every seat's queued moves and their fates."""
    caller_seat(game_id, required=False)  # 404 for an unknown game, 401 for a bad token
    if service().load(game_id).finished:
        return jsonify({"history": service().preset_history(game_id)})
    seat = caller_seat(game_id, required=True)
    return jsonify(service().presets(game_id, seat))


@bp.post("/games/<game_id>/presets")
def post_presets(game_id: str):
    seat = caller_seat(game_id, required=True)
    return jsonify(service().queue_presets(game_id, seat, json_body())), 201


@bp.delete("/games/<game_id>/presets")
def delete_presets(game_id: str):
    seat = caller_seat(game_id, required=True)
    return jsonify(service().clear_presets(game_id, seat))


@bp.get("/games/<game_id>/takebacks")
def get_takebacks(game_id: str):
    seat = caller_seat(game_id, required=False)
    return jsonify(service().takebacks(game_id, seat))


@bp.post("/games/<game_id>/takebacks")
def post_takeback(game_id: str):
    seat = caller_seat(game_id, required=True)
    return jsonify(service().request_takeback(game_id, seat, json_body(optional=True))), 201


@bp.post("/games/<game_id>/takebacks/<int:tid>/accept")
def accept_takeback(game_id: str, tid: int):
    seat = caller_seat(game_id, required=True)
    return jsonify(service().answer_takeback(game_id, seat, tid, True))


@bp.post("/games/<game_id>/takebacks/<int:tid>/refuse")
def refuse_takeback(game_id: str, tid: int):
    seat = caller_seat(game_id, required=True)
    return jsonify(service().answer_takeback(game_id, seat, tid, False))


@bp.get("/games/<game_id>/proposals")
def get_proposals(game_id: str):
    caller_seat(game_id, required=False)
    return jsonify(service().proposals(game_id))


@bp.post("/games/<game_id>/proposals")
def post_proposal(game_id: str):
    seat = caller_seat(game_id, required=True)
    return jsonify(service().propose(game_id, seat, json_body())), 201


@bp.post("/games/<game_id>/proposals/<int:pid>/vote")
def post_vote(game_id: str, pid: int):
    seat = caller_seat(game_id, required=True)
    return jsonify(service().vote(game_id, seat, pid, json_body()))
