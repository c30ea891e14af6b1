"""The archive's rows written when a game ends and rebuilt from the logs, and its search: filters
checked one by one (a problem names the parameter at fault), pages by keyset, and a one-line
summary of each game (winner, scores, length, end reason)."""

from __future__ import annotations

import datetime as dt
import re
from typing import TYPE_CHECKING, Any

from referee.plumbing.errors import BadRequest
from referee.plumbing.i18n import Translator, translator
from referee.service.narration import result_sentence
from referee.store import archive as store
from referee.store.db import write_transaction

if TYPE_CHECKING:
    from referee.service.core import Core

RESULTS = ("win", "draw", "loss")
DATE = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"
# "ENDED~GAME" (newest, oldest) or "MOVES~ENDED~GAME" (longest): the last row's keyset; empty is
# the first page, as no cursor is.
CURSOR_PATTERN = r"^(([0-9]{1,9}~)?[0-9T:.Z-]{10,40}~[A-Za-z0-9_-]{1,64})?$"
MAX_LIMIT = 100


def on_game_ended(conn: Any, game_id: str) -> None:
    """The game just ended (inside the transaction that appended `game_ended`): its archive rows,
    unless its table is unlisted."""
    f = store.facts(conn, game_id)
    if f is not None:
        store.put(conn, f)


def rebuild(core: "Core") -> dict[str, int]:
    """`referee archive rebuild`: every ended log's rows written again, in one transaction
    (readers see the old archive or the new one)."""
    with write_transaction(core.db) as conn:
        store.clear(conn)
        ids = store.ended_games(conn)
        kept = 0
        for gid in ids:
            f = store.facts(conn, gid)
            if f is not None:
                store.put(conn, f)
                kept += 1
    return {"ended": len(ids), "archived": kept}


def filters(args: dict[str, Any]) -> store.Filters:
    """The search's query parameters checked (strings, as a URL gives them); BadRequest names the
    first one at fault. Empty parameters are "any" (the page's form sends them empty)."""
    from referee.engine.registry import GAME_IDS
    a = {k: v.strip() for k, v in args.items() if isinstance(v, str) and v.strip()}
    if a.get("game") and a["game"] not in GAME_IDS:
        raise BadRequest(f"game must be one of {', '.join(GAME_IDS)}", parameter="game")
    if a.get("result") and a["result"] not in RESULTS:
        raise BadRequest("result must be win, draw or loss", parameter="result")
    if a.get("result") == "loss" and not a.get("player"):
        raise BadRequest("result=loss needs a player (whose loss)", parameter="result")
    if a.get("player") and len(a["player"]) > 100:
        raise BadRequest("player is a name of at most 100 characters", parameter="player")
    if a.get("sort", "newest") not in store.SORTS:
        raise BadRequest(f"sort must be one of {', '.join(store.SORTS)}", parameter="sort")
    day = {k: _date(a[k], k) for k in ("from", "to") if a.get(k)}
    return store.Filters(title=a.get("game"), player=a.get("player"), result=a.get("result"),
                         ended_from=day["from"].isoformat() if "from" in day else None,
                         ended_before=(day["to"] + dt.timedelta(days=1)).isoformat() if "to" in day else None,
                         seats=_int(a, "seats", 1, 12), min_moves=_int(a, "min_moves", 0, 1_000_000),
                         sort=a.get("sort", "newest"))


def _date(value: str, name: str) -> dt.date:
    try:
        if not re.match(DATE, value):
            raise ValueError
        return dt.date.fromisoformat(value)
    except ValueError:
        raise BadRequest(f"{name} must be a date as YYYY-MM-DD", parameter=name) from None


def _int(a: dict[str, str], name: str, lo: int, hi: int) -> int | None:
    if name not in a:
        return None
    if not re.fullmatch(r"[0-9]{1,9}", a[name]) or not lo <= int(a[name]) <= hi:
        raise BadRequest(f"{name} must be a whole number from {lo} to {hi}", parameter=name)
    return int(a[name])


def _cursor(row: dict[str, Any], sort: str) -> str:
    head = f"{row['moves']}~" if sort == "longest" else ""
    return f"{head}{row['ended_at']}~{row['id']}"


def _parse_cursor(cursor: str, sort: str) -> tuple:
    parts = cursor.split("~")
    if not re.match(CURSOR_PATTERN, cursor) or len(parts) != len(store.SORTS[sort]):
        raise BadRequest("cursor is not one this server gave for this sort (give next_cursor of the previous page)",
                         parameter="cursor")
    return (int(parts[0]), *parts[1:]) if sort == "longest" else tuple(parts)


def search(core: "Core", args: dict[str, Any], limit: int = 50, cursor: str | None = None,
           lang: str | None = None) -> dict[str, Any]:
    """One page of finished public games, with `next_cursor` for the next (keyset: a page costs
    the same wherever it starts and however large the archive)."""
    f = filters(args)
    if not 1 <= limit <= MAX_LIMIT:
        raise BadRequest(f"limit must be between 1 and {MAX_LIMIT}", parameter="limit")
    after = _parse_cursor(cursor, f.sort) if cursor else None
    rows = store.search(core.db.conn, f, limit + 1, after)
    more = len(rows) > limit
    rows = rows[:limit]
    tr = translator(lang)
    games = [{**r, "days": days(r["started_at"], r["ended_at"]), "summary": summary(r, tr)} for r in rows]
    return {"games": games, "next_cursor": _cursor(rows[-1], f.sort) if more and rows else None,
            "filters": {k: v for k, v in args.items() if isinstance(v, str) and v.strip()}}


def days(started_at: str, ended_at: str) -> float:
    """The game's length in days, to a tenth."""
    span = _ts(ended_at) - _ts(started_at)
    return round(max(0.0, span) / 86400, 1)


def _ts(iso: str) -> float:
    return dt.datetime.fromisoformat(iso.replace("Z", "+00:00")).timestamp()


def summary(row: dict[str, Any], tr: Translator) -> str:
    """One line: who won and why, the scores, the length in moves and days."""
    names = [p["name"] for p in row["players"]]
    head = result_sentence(row["result"], names, tr)
    length = tr.ngettext("%(num)s move", "%(num)s moves", row["moves"], num=row["moves"])
    span = days(row["started_at"], row["ended_at"])
    return tr.ngettext("%(result)s %(moves)s in %(days)s day.", "%(result)s %(moves)s in %(days)s days.",
                       1 if span == 1 else 2, result=head, moves=length, days=tr.number(span))
