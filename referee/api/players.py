"""The /players endpoints: sign-in by a mailed one-time link, the player's token, profile and
games. No endpoint ever answers with another player's address."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify

from referee.api import abuse
from referee.api.http import bearer_token, json_body, service
from referee.engine.schemas import conform

bp = Blueprint("players", __name__)


def _me() -> str:
    return service().player_for(bearer_token())


@bp.post("/players/sign-in")
@abuse.creation_limit
def sign_in():
    """Mail a one-time sign-in link (the same answer for any address: it reveals nothing)."""
    return jsonify(service().request_sign_in(json_body())), 202


@bp.post("/players/tokens")
def token():
    """Exchange a sign-in link's secret (once) for a player token."""
    body = json_body()
    conform("api/player_token.json", body)
    return jsonify(service().confirm_sign_in(body["link"], "api")), 201


@bp.delete("/players/tokens/current")
def revoke():
    token = bearer_token()
    _me()
    return jsonify(service().revoke_player_token(token))


@bp.get("/players/me")
def me():
    return jsonify(service().player_profile(_me()))


@bp.patch("/players/me")
def update_me():
    return jsonify(service().update_player(_me(), json_body()))


@bp.delete("/players/me")
def erase_me():
    return jsonify(service().erase_player(_me()))


@bp.get("/players/me/export")
def export_me():
    resp = Response(service().export_player(_me()), mimetype="application/zip")
    resp.headers["Content-Disposition"] = 'attachment; filename="referee-my-data.zip"'
    return resp


@bp.get("/players/me/games")
def my_games():
    return jsonify({"games": service().my_games(_me())})


@bp.get("/players/me/offers")
def my_offers():
    """Seats created with the caller's address, waiting for them to accept (issue 35)."""
    return jsonify({"offers": service().seat_offers(_me())})
