"""Pre-set and conditional moves (issue 27): a seat queues moves for its next prompts; when its
prompt opens, the first queued move whose guard holds and which is legal then is played in the
same transaction as the event that opened the prompt, as a `move` event marked `by: "preset"`.
If none is, the queue is dropped and the seat is told why (its note, in its own answers only).

The queue is private to its seat (table `presets`): it is in no other seat's answer, page, feed,
mail or log line, and in the full export only once the game is over. A prompt "opens" for a
seat as a decision does (service/deadlines.py): when the seat becomes prompted, or is prompted
again right after its own move. The entries before the one played are spent (they were the
alternatives whose guard did not hold); the rest wait for the next prompt. A queue lives until
that next prompt: there it fires or is dropped.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from referee.engine.contract import IllegalMove
from referee.engine.foresight import guard_fails
from referee.engine.glossary import term
from referee.engine.replay import CHANGING_EVENTS, advance
from referee.engine.schemas import conform
from referee.plumbing.errors import BadRequest, Conflict, Refused
from referee.plumbing.i18n import Text
from referee.service.play.moves import read_move
from referee.service.notices import messages
from referee.store import events, presets
from referee.store.db import write_transaction

if TYPE_CHECKING:
    from referee.service.core import Core
    from referee.service.loaded import Loaded

MAX_QUEUE = 20      # entries a seat may have queued at once
MAX_CHAIN = 200     # pre-set moves one append may set off (every one spends an entry: a bound, not a limit)
LOOKBACK = 200      # events searched back for the opponent's last move


def show(core: "Core", game_id: str, seat: int) -> dict[str, Any]:
    """GET /games/{id}/presets: the caller's own queue and the note of its last drop."""
    core.load(game_id)
    queue, note = presets.queue_of(core.db.conn, game_id, seat)
    return {"seat": seat, "queue": queue, "limit": MAX_QUEUE, "note": note}


def add(core: "Core", game_id: str, seat: int, body: Any) -> dict[str, Any]:
    """POST /games/{id}/presets: queue moves after those already queued. Each move and guard is
    read (text form or JSON) and checked against the move schema now; legality is judged when
    the prompt opens."""
    conform("api/presets.json", body)
    loaded = core.load(game_id)
    if loaded.finished:
        raise Conflict(Text("the game is over"), current_seq=loaded.seq)
    entries = []
    for i, item in enumerate(body["moves"]):
        try:
            entry: dict[str, Any] = {"move": read_move(loaded, item["move"])}
            guard = item.get("if")
            if guard and "opponent_move" in guard:
                entry["if"] = {"opponent_move": read_move(loaded, guard["opponent_move"])}
            elif guard:
                entry["if"] = {"prompt": guard["prompt"]}
        except BadRequest as e:
            raise BadRequest(Text("moves/%(i)s: %(why)s", i=i, why=e.detail), words=e.words,
                             **e.extra) from None
        entries.append(entry)
    with write_transaction(core.db) as conn:
        conn.lock_game(game_id)  # a queue changes under the game's writers' lock, never mid-firing
        queue, note = presets.queue_of(conn, game_id, seat)
        if len(queue) + len(entries) > MAX_QUEUE:
            raise Refused(Text("a seat may queue at most %(most)s moves (%(queued)s queued already)", most=MAX_QUEUE,
                               queued=len(queue)), rule="queue-limit", limit=MAX_QUEUE)
        presets.save(conn, game_id, seat, [*queue, *entries], None,
                     [{"fate": "queued", "seq": loaded.seq, **e} for e in entries])
    return show(core, game_id, seat)


def clear(core: "Core", game_id: str, seat: int) -> dict[str, Any]:
    """DELETE /games/{id}/presets: the caller's queue emptied."""
    loaded = core.load(game_id)
    with write_transaction(core.db) as conn:
        conn.lock_game(game_id)
        queue, _ = presets.queue_of(conn, game_id, seat)
        if queue:
            presets.save(conn, game_id, seat, [], None,
                         [{"fate": "withdrawn", "seq": loaded.seq, **e} for e in queue])
    return show(core, game_id, seat)


def fire(core: "Core", conn: Any, before: "Loaded", after: "Loaded",
         appended: list[events.Event]) -> tuple["Loaded", list[events.Event]]:
    """Core.follow: inside the append's transaction, play or drop the queues of the seats whose
    prompt the appended events opened, again for the prompts those moves open, until none."""
    if after.status != "active" or not presets.queued_seats(conn, after.game_id):
        return after, appended
    appended = list(appended)
    for _ in range(MAX_CHAIN):
        played = _fire_one(core, conn, before, after, appended)
        if played is None:
            break
        before, after = after, played[0]
        appended.extend(played[1])
        if after.status != "active":
            break
    return after, appended


def _opened(before: "Loaded", after: "Loaded", appended: list[events.Event]) -> list[int]:
    """Seats whose prompt opened with `appended`: newly prompted, or prompted again right after
    their own move."""
    # (prompts of a paused game were open before the pause: resuming opens none)
    was = set(before.prompted) if before.status in ("active", "paused") else set()
    movers = [e.seat for e in appended if e.type in CHANGING_EVENTS]
    last = movers[-1] if movers else None
    return [s for s in after.prompted if s not in was or s == last]


def _fire_one(core: "Core", conn: Any, before: "Loaded", after: "Loaded",
              appended: list[events.Event]) -> tuple["Loaded", list[events.Event]] | None:
    queued = presets.queued_seats(conn, after.game_id)
    for seat in _opened(before, after, appended):
        if seat not in queued:
            continue
        queue, _ = presets.queue_of(conn, after.game_id, seat)
        kinds = [p.kind for p in after.prompts if p.seat == seat]
        other = _last_other_move(conn, after, seat)
        reasons, fates = [], []
        for i, entry in enumerate(queue):
            why = guard_fails(entry.get("if"), other, kinds)
            if why is None:
                try:
                    step = advance(after.rules, after.seed, after.state, after.seq + 1, "move", seat,
                                   {"move": entry["move"]})
                except IllegalMove as e:
                    why = Text("no longer legal: %(why)s (%(rule)s)", why=e.message, rule=e.rule)
            if why is not None:
                reasons.append(why)
                fates.append({"fate": "skipped", "seq": after.seq, "reason": why, **entry})
                continue
            payload = {"move": entry["move"], "chance": step.chance, "state_hash": step.state_hash, "by": "preset"}
            new = core.with_end(after, [("move", seat, payload)], step.state)
            presets.save(conn, after.game_id, seat, queue[i + 1:], None,
                         [*fates, {"fate": "played", "seq": after.seq + 1, **entry}])
            return core.append(conn, after, new, step.state)
        note = {"seq": after.seq, "dropped": len(queue),
                "reason": "; ".join(f"{n + 1}: {r}" for n, r in enumerate(reasons))}
        presets.save(conn, after.game_id, seat, [], note,
                     [{**f, "fate": "dropped"} for f in fates])
        _tell(core, conn, after, seat, note, reasons)
    return None


def _tell(core: "Core", conn: Any, loaded: "Loaded", seat: int, note: dict[str, Any], reasons: list[str]) -> None:
    """The seat alone is told why its queue was dropped (its mail or web hook, if it has one), in
    its language (`reasons` are `Text`s; the note keeps them in English)."""
    notifier: Any = core.notifier
    if not hasattr(notifier, "seen"):
        return
    contacts = notifier.contacts(conn, loaded.game_id, loaded.created.get("holders", 0))
    if not (contacts[seat]["email"] or contacts[seat]["webhook"]):
        return
    seen = notifier.seen(conn, loaded, seat, since=False)
    words = partial(term, loaded.game)
    reason = "; ".join(f"{n + 1}: {seen.tr.text(r, words)}" for n, r in enumerate(reasons))
    mail = messages.presets_dropped(seen, reason, note["dropped"])
    notifier.queue(conn, loaded, seat, mail, f"{loaded.game_id}:{seat}:presets:{loaded.seq}", core.clock(), contacts)


def _last_other_move(conn: Any, loaded: "Loaded", seat: int) -> dict[str, Any] | None:
    """The last move (or timeout's default) another seat played, for `opponent_move` guards, as
    `seat` sees it now (the rules' redaction, as its event feed shows it): a guard is compared
    with what its seat may know, so it can never test a hidden value (a secret choice, a
    chronicle card) -- it fails alike whatever the secret is."""
    for e in reversed(events.read(conn, loaded.game_id, after=max(0, loaded.seq - LOOKBACK))):
        if e.type in ("move", "timeout") and e.seat != seat:
            return loaded.rules.redact(loaded.state, e.payload["move"], e.seat, seat)
    return None


def full_history(core: "Core", game_id: str) -> list[dict[str, Any]]:
    """Every queued entry with its fate, once the game is over (the full export); before that,
    nothing (queues are private to their seats)."""
    loaded = core.load(game_id)
    if not loaded.finished:
        raise Conflict("presets are shown only once the game is over", current_seq=loaded.seq)
    return presets.history_of(core.db.conn, game_id)
