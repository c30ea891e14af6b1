"""Statistics of the archive, per game title (win rate by seat position, length in moves and
days, end reasons, share of timeouts) and per player (games, results by game and by seat,
completion).

Computed on demand from the archive's rows (themselves a projection of the logs, recomputed by
`referee archive rebuild`), not stored: a title's figures are a few grouped queries, and are
cached per process under the archive's version for the title (its count of games and latest
end), so a new finished game is in the next answer and nothing needs a second rebuild command."""

from __future__ import annotations

import math
import statistics
import threading
from typing import TYPE_CHECKING, Any

from referee.plumbing.errors import NotFound
from referee.plumbing.i18n import Text
from referee.store import archive as store
from referee.service.archive.search import days

if TYPE_CHECKING:
    from referee.service.core import Core

_cache: dict[tuple[int, str], tuple[tuple, dict[str, Any]]] = {}
_lock = threading.Lock()
BUCKETS = 8  # bars of a length histogram


def of_game(core: "Core", title: str) -> dict[str, Any]:
    from referee.engine.registry import GAME_IDS
    if title not in GAME_IDS:
        raise NotFound(Text("no game '%(id)s'; games are %(games)s", id=title, games=", ".join(GAME_IDS)))
    conn = core.db.conn
    key, version = (id(core), title), store.version(conn, title)
    with _lock:
        hit = _cache.get(key)
    if hit is not None and hit[0] == version:
        return hit[1]
    figures = _game_figures(conn, title)
    with _lock:
        _cache[key] = (version, figures)
    return figures


def _game_figures(conn: Any, title: str) -> dict[str, Any]:
    rows = store.title_rows(conn, title)
    n = len(rows)
    moves = [r[2] for r in rows]
    spans = [days(r[0], r[1]) for r in rows]
    reasons: dict[str, int] = {}
    for r in rows:
        reasons[r[4] or "unknown"] = reasons.get(r[4] or "unknown", 0) + 1
    by_count: dict[int, dict[int, dict[str, int]]] = {}
    for seats, seat, oc, k in store.seat_outcomes(conn, title):
        by_count.setdefault(seats, {}).setdefault(seat, {"win": 0, "draw": 0, "loss": 0})[oc] += k
    win_rates = []
    for seats in sorted(by_count):
        per = by_count[seats]
        games = sum(per[0].values()) if 0 in per else max(sum(v.values()) for v in per.values())
        win_rates.append({"seats": seats, "games": games,
                          "positions": [{"seat": s, "wins": v["win"], "draws": v["draw"], "losses": v["loss"],
                                         "win_rate": round(v["win"] / games, 3) if games else 0.0}
                                        for s, v in sorted(per.items())]})
    with_timeouts = sum(1 for r in rows if r[3] > 0)
    return {"game": title, "games": n, "win_rate_by_seat": win_rates,
            "moves": _spread(moves), "days": _spread(spans),
            "end_reasons": dict(sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0]))),
            "timeouts": {"games_with_timeouts": with_timeouts,
                         "share_of_games": round(with_timeouts / n, 3) if n else 0.0,
                         "share_of_moves": round(sum(r[3] for r in rows) / max(1, sum(moves)), 3)}}


def _spread(values: list[float]) -> dict[str, Any]:
    """min, median, mean, max and a histogram (for the page's bar chart): at most BUCKETS bars of
    one whole width each (moves and days are read in whole numbers), none past the largest value."""
    if not values:
        return {"min": None, "median": None, "mean": None, "max": None, "histogram": []}
    lo, hi = math.floor(min(values)), max(values)
    width = max(1, math.ceil((math.floor(hi) - lo + 1) / BUCKETS))
    counts = [0] * (int((hi - lo) // width) + 1)
    for v in values:
        counts[int((v - lo) // width)] += 1
    return {"min": min(values), "median": statistics.median(values), "mean": round(statistics.fmean(values), 1),
            "max": hi, "histogram": [{"from": lo + i * width, "to": lo + (i + 1) * width, "games": c}
                                     for i, c in enumerate(counts)]}


def of_player(core: "Core", player_id: str) -> dict[str, Any]:
    """A player's archived games: results by game and by seat position, timeouts, completion."""
    from referee.store import players, tenures
    conn = core.db.conn
    if players.by_id(conn, player_id) is None:
        raise NotFound(Text("no player '%(id)s'", id=player_id))
    by_game: dict[str, dict[str, int]] = {}
    by_seat: dict[int, dict[str, int]] = {}
    games = timeouts = 0
    for title, _, seat, oc, k, t in store.player_outcomes(conn, player_id):
        by_game.setdefault(title, {"win": 0, "draw": 0, "loss": 0})[oc] += k
        by_seat.setdefault(seat, {"win": 0, "draw": 0, "loss": 0})[oc] += k
        games += k
        timeouts += t
    record = tenures.record(conn, player_id)
    held = record["games_finished"] + record["replaced"]
    return {"player": player_id, "games": games,
            "by_game": [{"game": g, **v} for g, v in sorted(by_game.items())],
            "by_seat": [{"seat": s, **v} for s, v in sorted(by_seat.items())],
            "timeouts": timeouts,
            "completion": {"finished": record["games_finished"], "replaced": record["replaced"],
                           "missed_deadlines": record["timeouts"],
                           "rate": round(record["games_finished"] / held, 3) if held else None}}
