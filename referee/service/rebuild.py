"""Maintenance: the projections rebuilt from the events alone (`referee replay --rebuild-projections`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.service.foresight import agreement
from referee.store import bot_seats, events, presets, projections
from referee.service.loaded import epoch
from referee.store.db import write_transaction

if TYPE_CHECKING:
    from referee.service.core import Core


def rebuild_projections(core: "Core") -> int:
    """Recompute games, game_players and deadlines from events alone (plus seeds to replay)."""
    conn = core.db.conn
    ids = list(events.game_ids(conn))
    core.forget()
    with write_transaction(core.db) as c:
        projections.clear(c)
    for gid in ids:
        loaded = core.load(gid)
        last = events.read(conn, gid, after=loaded.seq - 1)[-1]
        with write_transaction(core.db) as c:
            projections.set_players(c, gid, [s["name"] for s in loaded.created["seats"]])
            bots = {s["seat"]: s["bot"] for s in loaded.created["seats"] if s.get("bot")}
            bots |= {e.payload["seat"]: e.payload["bot"] for e in events.read(conn, gid) if e.type == "seat_to_bot"}
            bot_seats.set_bots(c, gid, bots)
            core.project(c, loaded, last.created_at)
            presets.proposal_closed(c, gid)  # the open proposal to end the game, by when it lapses
            p = agreement.open_proposal(core, loaded)
            if p is not None:
                presets.proposal_opened(c, gid, p["id"], epoch(p["expires_at"]))
    return len(ids)
