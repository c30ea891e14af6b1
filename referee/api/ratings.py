"""Ratings, public player profiles and tournaments over HTTP. Thin: parse, call the service."""

from __future__ import annotations

from flask import Blueprint, jsonify, request

from referee.api import abuse
from referee.api.http import bearer_token, int_arg, json_body, service
from referee.plumbing.errors import BadRequest

bp = Blueprint("ratings", __name__)


@bp.get("/ratings/<game>")
def leaderboard(game: str):
    return jsonify(service().leaderboard(game, int_arg("limit", 50, 1, 200), request.args.get("cursor") or None))


@bp.get("/players/<player_id>/profile")
def profile(player_id: str):
    return jsonify(service().public_profile(player_id))


@bp.post("/tournaments")
@abuse.creation_limit
def create_tournament():
    return jsonify(service().create_tournament(json_body())), 201


@bp.get("/tournaments/<tournament_id>")
def tournament(tournament_id: str):
    return jsonify(service().tournament(tournament_id))


@bp.post("/tournaments/<tournament_id>/confirm")
def confirm_tournament(tournament_id: str):
    """A listed player confirms: their games count from now on (issue 35)."""
    if json_body(optional=True) != {}:
        raise BadRequest("this action takes no body (or {})")
    return jsonify(service().confirm_tournament(tournament_id, service().player_for(bearer_token())))


@bp.post("/tournaments/<tournament_id>/adjudicate")
def adjudicate(tournament_id: str):
    body = json_body()
    if not isinstance(body, dict) or set(body) != {"game"} or not isinstance(body["game"], str):
        raise BadRequest('the body is {"game": GAME_ID}: the stalled game to adjudicate')
    return jsonify(service().adjudicate(tournament_id, body["game"], bearer_token()))
