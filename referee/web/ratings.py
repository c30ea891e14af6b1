"""Pages of ratings and tournaments: a game's leaderboard (with the policy of which games
count), a player's public profile (games per title, rating history as a small SVG chart,
completion record) and a tournament (standings with the tie-breaks, pairings by round, games).
Thin: each page shows one service answer; no address or token is ever on them."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, redirect, request, url_for
from markupsafe import Markup, escape

from referee.engine.registry import GAME_IDS
from referee.plumbing.errors import BadRequest, ServiceError
from referee.service.competition.rating_updates import POLICY_ARGS, POLICY_TEXT
from referee.web.archive import player_charts
from referee.web.i18n import current
from referee.web import access
from referee.web.pages import _require_csrf, _service_error, _title, page, service

bp = Blueprint("ratings_web", __name__, template_folder="templates")
bp.register_error_handler(ServiceError, _service_error)

CHART_W, CHART_H, PAD, LEFT = 320, 120, 10, 40


def chart(points: list[float], label: str) -> Markup:
    """A rating history as a small standalone SVG line (no script, no inline style: the pages'
    Content-Security-Policy allows neither); the first and last values are written beside it."""
    if not points:
        return Markup("")
    lo, hi = min(points), max(points)
    span = (hi - lo) or 1.0
    step = (CHART_W - LEFT - PAD) / max(1, len(points) - 1)
    xy = [(LEFT + i * step, CHART_H - PAD - (v - lo) / span * (CHART_H - 2 * PAD)) for i, v in enumerate(points)]
    line = " ".join(f"{x:.1f},{y:.1f}" for x, y in xy)
    dots = "".join(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2.5"/>' for x, y in xy)
    return Markup(f'<svg class="rating-chart" viewBox="0 0 {CHART_W} {CHART_H}" role="img" '
                  f'aria-label="{escape(label)}"><title>{escape(label)}</title>'
                  f'<line class="axis" x1="{LEFT}" y1="{CHART_H - PAD}" x2="{CHART_W - PAD}" y2="{CHART_H - PAD}"/>'
                  f'<text x="{LEFT - 4}" y="{PAD + 4}">{hi:.1f}</text>'
                  f'<text x="{LEFT - 4}" y="{CHART_H - PAD}">{lo:.1f}</text>'
                  f'<polyline points="{line}"/>{dots}</svg>')


@bp.get("/leaderboard")
def leaderboards():
    return redirect(url_for("ratings_web.leaderboard", game=GAME_IDS[0]), 302)


@bp.get("/leaderboard/<game>")
def leaderboard(game: str):
    cursor = request.args.get("cursor") or None
    try:
        board = service().leaderboard(game, 50, cursor)
    except BadRequest:
        board = service().leaderboard(game, 50, None)
    return page("leaderboard.html", board=board, game=game, title=_title(game) if game in GAME_IDS else game,
                policy=current().gettext(POLICY_TEXT, **POLICY_ARGS))


@bp.get("/p/<player_id>")
def profile(player_id: str):
    prof = service().public_profile(player_id)
    prof = {**prof, "name": current().text(prof["name"])}  # a player without a name: "Spieler ab12cd"
    charts: list[dict[str, Any]] = []
    for r in prof["ratings"]:
        values = [h["rating"] for h in r["history"]]
        charts.append({**r, "title": _title(r["game"]),
                       "svg": chart(values, current().ngettext(
                           "%(title)s: rating after %(num)s rated game", "%(title)s: rating after each of %(num)s rated games",
                           len(values), num=len(values), title=_title(r["game"])))})
    return page("profile.html", prof=prof, charts=charts, archived=player_charts(service().player_stats(player_id)),
                played=[(_title(g), n) for g, n in sorted(prof["games"].items())])


@bp.get("/t/<tournament_id>")
def tournament(tournament_id: str):
    t = service().tournament(tournament_id)
    return page("tournament.html", t=t, title=_title(t["game"]), signed_in=_player() is not None)


@bp.post("/t/<tournament_id>/confirm")
def confirm_tournament(tournament_id: str):
    """A listed player, signed in, confirms their place: their games count from now on (issue 35)."""
    _require_csrf()
    pid = _player()
    if pid is None:
        return redirect(url_for("players_web.sign_in_form", next=request.path), 303)
    service().confirm_tournament(tournament_id, pid)
    return redirect(url_for("ratings_web.tournament", tournament_id=tournament_id), 303)


def _player() -> str | None:
    return service().player_or_none(access.player_session())
