"""The archive over HTTP: search of finished public games, statistics per game and per player.
Thin: parse, call the service. `GET /archive` is routed by web/archive.py, which answers a
browser with the page and anyone else with `search()`'s JSON."""

from __future__ import annotations

from flask import Blueprint, jsonify, request

from referee.api.http import accept_lang, int_arg, service
from referee.plumbing.errors import BadRequest
from referee.service.archive.search import MAX_LIMIT

bp = Blueprint("archive", __name__)
FILTERS = ("game", "player", "result", "from", "to", "seats", "min_moves", "sort")
STRICT = ("game", "result", "from", "to", "seats", "min_moves", "sort")  # an empty value is not one of theirs


def search():
    """One page of the archive as JSON (filters as query parameters, `cursor` for the next page)."""
    for name in STRICT:  # the page's form sends empty fields for "any"; an API client names a value
        if name in request.args and not request.args[name].strip():
            raise BadRequest(f"{name} is empty: leave it out for any", parameter=name)
    args = {k: request.args.get(k, "") for k in FILTERS}
    return jsonify(service().archive_search(args, int_arg("limit", 50, 1, MAX_LIMIT),
                                            request.args.get("cursor") or None, accept_lang()))


@bp.get("/stats/games/<game>")
def game_stats(game: str):
    return jsonify(service().game_stats(game))


@bp.get("/stats/players/<player_id>")
def player_stats(player_id: str):
    return jsonify(service().player_stats(player_id))
