"""The archive's pages: `/archive` (the search form and one page of finished public games, each
summed up in one line; works without script) and a game title's statistics as small SVG charts.
`/archive` is also the API's search: a client that does not prefer HTML gets the JSON."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, request, url_for

from referee.api import archive as api
from referee.engine.registry import GAME_IDS
from referee.plumbing.errors import BadRequest
from referee.service.archive.search import MAX_LIMIT
from referee.web import charts
from referee.web.i18n import current
from referee.web.pages import _title, page, service

bp = Blueprint("archive_web", __name__, template_folder="templates")
PAGE = 30


def wants_html() -> bool:
    """Whether the client prefers a page to JSON (browsers say so in Accept)."""
    accept = request.accept_mimetypes
    return accept.quality("text/html") > accept.quality("application/json")


@bp.get("/archive")
def archive():
    if not wants_html():
        resp = api.search()
        resp.headers["Vary"] = "Accept"
        return resp
    args = {k: request.args.get(k, "") for k in api.FILTERS}
    problem, found = None, {"games": [], "next_cursor": None}
    try:
        found = service().archive_search(args, PAGE, request.args.get("cursor") or None, current().lang)
    except BadRequest as e:
        problem = e.problem(current())
    stats = None
    if args["game"] in GAME_IDS and problem is None:
        stats = game_charts(service().game_stats(args["game"]))
    kept = {k: v for k, v in args.items() if v}
    nxt = url_for("archive_web.archive", **kept, cursor=found["next_cursor"]) if found["next_cursor"] else None
    resp = page("archive.html", 400 if problem else 200, found=found, args=args, problem=problem, next_url=nxt,
                stats=stats, title=_title(args["game"]) if args["game"] in GAME_IDS else None, max_limit=MAX_LIMIT,
                preview=_preview(args))
    resp.headers["Vary"] = "Accept"
    return resp


def _preview(args: dict[str, str]) -> dict[str, str]:
    """The page's link preview (Open Graph and Twitter card): what it searches for."""
    tr = current()
    what = _title(args["game"]) if args["game"] in GAME_IDS else tr.gettext("all games")
    text = tr.gettext("Finished games of %(what)s", what=what)
    if args["player"]:
        text = tr.gettext("Finished games of %(what)s with %(player)s", what=what, player=args["player"])
    return {"title": tr.gettext("Referee archive"), "description": text,
            "url": request.url}


def game_charts(s: dict[str, Any]) -> dict[str, Any]:
    """A title's statistics with their charts (win rate by seat, lengths in moves and days)."""
    tr = current()
    rates = []
    for group in s["win_rate_by_seat"]:
        label = tr.ngettext("Win rate by seat, %(num)s player", "Win rate by seat, %(num)s players", group["seats"],
                            num=group["seats"])
        rates.append({**group, "label": label, "svg": charts.bars(
            [(tr.gettext("seat %(n)s", n=p["seat"] + 1), p["win_rate"] * 100) for p in group["positions"]],
            label, unit="%")})
    hist, span = _ranges(s["moves"]["histogram"]), _ranges(s["days"]["histogram"])
    moves_label, days_label = tr.gettext("Games by length in moves"), tr.gettext("Games by length in days")
    return {**s, "rates": rates, "moves_svg": charts.bars(hist, moves_label) if hist else None,
            "days_svg": charts.bars(span, days_label) if span else None}


def player_charts(s: dict[str, Any]) -> dict[str, Any] | None:
    """A player's statistics with their charts: wins per game and per seat, in percent of games."""
    if not s["games"]:
        return None
    tr = current()

    def rate(v: dict[str, int]) -> float:
        return 100 * v["win"] / max(1, v["win"] + v["draw"] + v["loss"])
    by_game, by_seat = tr.gettext("Wins by game"), tr.gettext("Wins by seat")
    return {**s, "charts": [
        {"label": by_game, "svg": charts.bars([(_title(g["game"]), rate(g)) for g in s["by_game"]], by_game, unit="%")},
        {"label": by_seat, "svg": charts.bars([(tr.gettext("seat %(n)s", n=x["seat"] + 1), rate(x)) for x in s["by_seat"]],
                                              by_seat, unit="%")}]}


def _ranges(histogram: list[dict[str, Any]]) -> list[tuple[str, float]]:
    """A histogram's bars labelled by their whole range ("12–15", or "12" for a width of one)."""
    return [(str(b["from"]) if b["to"] - b["from"] == 1 else f"{b['from']}–{b['to'] - 1}", b["games"])
            for b in histogram]
