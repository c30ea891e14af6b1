"""Table talk: seats write to all, to some seats (private press) or to themselves (notes); a
seat mutes another for itself; messages are read, exported and mailed as each reader may see
them.

Who may read a message is decided by one function, `engine.talk.visible_to`, and every path
goes through `readable` here: the API and the live feed (`messages_for`), the page (`recent`),
mails (`since_mail`), exports (`export_lines`) and webhooks (Notifier.on_message). Mutes are the
muting seat's own filter on what it is shown; nothing tells another seat of them. Message texts
are never logged.
"""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING, Any

from limits import parse as parse_limit

from referee.engine.schemas import conform
from referee.engine.talk import MAX_TEXT, policy_of, visible_to, withheld
from referee.plumbing.errors import BadRequest, Conflict, KeyReusedError, MessageRefused, TooManyRequests
from referee.service.loaded import iso
from referee.store import idempotency, messages, tenures
from referee.store.db import IntegrityError, write_transaction
from referee.plumbing.i18n import Text

if TYPE_CHECKING:
    from referee.service.core import Core
    from referee.service.loaded import Loaded

# Control characters but newline (and the Unicode line/paragraph separators, bidi overrides and
# zero-width formatting a text could hide behind): removed from every text before it is judged.
_CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2028\u2029\u2066-\u2069\ufeff]")
PAGE = 50  # messages on the page and in one API answer by default


def clean(text: str) -> str:
    """The text as stored: CR LF and CR as newlines, other control characters removed, outer
    blank space stripped."""
    return _CONTROL.sub("", text.replace("\r\n", "\n").replace("\r", "\n")).strip()


def game_over(loaded: "Loaded") -> bool:
    return loaded.finished or loaded.status == "cancelled"


def readable(loaded: "Loaded", m: dict[str, Any], viewer: int | None, tenure: int) -> bool:
    """Whether `viewer` in `tenure` may read `m` (engine.talk.visible_to with this game's policy
    and status)."""
    return visible_to(m, viewer, policy_of(loaded.created), game_over(loaded), tenure)


def tenure_of(conn: Any, game_id: str, viewer: int | None) -> int:
    """The tenure a seat's reader holds it in now (its credential was checked against the
    store: a seat token, link or player token is valid for the holder of the moment only)."""
    return 0 if viewer is None else tenures.holder_tenure(conn, game_id, viewer)


def shown(m: dict[str, Any], viewer: int | None, muted: set[int]) -> bool:
    """Whether a readable message is shown to the viewer: not when it muted the sender."""
    return viewer is None or m["from"] == viewer or m["from"] not in muted


def tells(conn: Any, loaded: "Loaded", m: dict[str, Any], seat: int) -> bool:
    """Whether a new message is told to `seat` (readable, and the seat has not muted its sender)."""
    return readable(loaded, m, seat, tenure_of(conn, loaded.game_id, seat)) \
        and shown(m, seat, messages.muted_by(conn, loaded.game_id, seat))


def post(core: "Core", game_id: str, seat: int, body: Any) -> dict[str, Any]:
    """POST /games/{id}/messages: one message from `seat`, judged by the game's policy, the
    seat's rate limit and the text rules; stored in the game's message chain, or nothing."""
    conform("api/post_message.json", body)
    loaded = core.load(game_id)
    key = body.get("idempotency_key")
    if key is not None:
        fingerprint = idempotency.fingerprint(body)
        try:
            found = idempotency.recall(core.db.conn, game_id, seat, "message:" + key, fingerprint)
        except idempotency.KeyReused:
            raise KeyReusedError(f"idempotency key {key!r} was used for another message") from None
        if found is not None:
            return found[1]
    if loaded.status == "cancelled":
        raise Conflict(Text("the game was cancelled"), current_seq=loaded.seq)
    text = clean(body["text"])
    if not text:
        raise BadRequest(Text("the message is empty (control characters are removed)"), field="/text")
    if len(text) > MAX_TEXT:
        raise BadRequest(Text("the message is longer than %(n)s characters", n=MAX_TEXT), field="/text")
    seats = loaded.seat_count()
    policy = policy_of(loaded.created)
    note = body["to"] == "note"
    to: str | list[int] = "all" if body["to"] == "all" else [seat] if note else sorted(set(body["to"]) - {seat})
    if not note:
        if isinstance(to, list):
            if not to:
                raise BadRequest(Text("a private message needs a recipient other than the sender "
                                      "(write a note to yourself with \"to\": \"note\")"), field="/to")
            strangers = [s for s in to if s >= seats]
            if strangers:
                raise BadRequest(Text("the game has no seat %(seat)s (seats 0-%(last)s)", seat=strangers[0], last=seats - 1), field="/to")
        if policy["press"] == "none":
            raise MessageRefused(Text("this game is played without press (gunboat): messages are refused"),
                                 policy="press: none")
        if policy["press"] == "public" and to != "all":
            raise MessageRefused(Text("this game allows public messages only (to all)"), policy="press: public")
    now = core.clock()
    _check_rate(core, game_id, seat, now)
    try:
        with write_transaction(core.db) as conn:
            m = messages.append(conn, game_id, seat, to, note, text, iso(now), now)
            answer = {"message": _served(m)}
            if key is not None:
                idempotency.remember(conn, game_id, seat, "message:" + key, 201, answer, fingerprint)
            core.notifier.on_message(conn, loaded, m, now)
    except IntegrityError:  # a racing copy of the same keyed request landed first
        found = idempotency.recall(core.db.conn, game_id, seat, "message:" + key) if key is not None else None
        if found is None:
            raise
        return found[1]
    return answer


def _check_rate(core: "Core", game_id: str, seat: int, now: float) -> None:
    """429 with Retry-After when the seat wrote its limit of messages within the period."""
    if not core.config.talk_limit:
        return
    limit = parse_limit(core.config.talk_limit)
    period = limit.get_expiry()
    n, oldest = messages.sent_since(core.db.conn, game_id, seat, now - period)
    if n >= limit.amount:
        wait = max(1, math.ceil((oldest or now) + period - now))
        raise TooManyRequests(Text("this seat wrote %(n)s messages in the last %(minutes)s minutes (at most %(most)s); "
                                   "retry in %(wait)s s", n=n, minutes=period // 60 or 1, most=limit.amount, wait=wait),
                              headers={"Retry-After": str(wait)})


def messages_for(core: "Core", game_id: str, viewer: int | None, after: int = 0,
                 limit: int = 500, tenure: int | None = None) -> list[dict[str, Any]]:
    """GET /games/{id}/messages and the live feed: the messages after `after` the viewer may
    read and has not muted, in order (at most `limit`). `tenure`: the viewer's, as its stream
    checked it (else the seat's holder of the moment)."""
    loaded = core.load(game_id)
    conn = core.db.conn
    tenure = tenure_of(conn, game_id, viewer) if tenure is None else tenure
    muted = messages.muted_by(conn, game_id, viewer) if viewer is not None else set()
    policy, over = policy_of(loaded.created), game_over(loaded)
    out: list[dict[str, Any]] = []
    while len(out) < limit:
        batch = messages.read(conn, game_id, after, limit=500)
        out += [m for m in batch if visible_to(m, viewer, policy, over, tenure) and shown(m, viewer, muted)]
        if len(batch) < 500:
            break
        after = batch[-1]["seq"]
    return [_served(m) for m in out[:limit]]


def recent(core: "Core", loaded: "Loaded", viewer: int | None, limit: int = PAGE) -> list[dict[str, Any]]:
    """The last `limit` messages the viewer may read and has not muted, in order (the page).

    Read backwards from the newest in batches sized by how many of the rows read so far the
    viewer could read, so the cost follows what is shown, not the length of the game's talk."""
    conn = core.db.conn
    muted = messages.muted_by(conn, loaded.game_id, viewer) if viewer is not None else set()
    policy, over = policy_of(loaded.created), game_over(loaded)
    tenure = tenure_of(conn, loaded.game_id, viewer)
    # The database skips what the reader can never see (visible_to still judges every row).
    if viewer is not None:
        narrow = messages.NOT_OTHERS_NOTES
    else:
        narrow = messages.NOT_NOTES if over and policy["reveal_private_at_end"] else messages.PUBLIC_ONLY
    found: list[dict[str, Any]] = []
    upto, step, read_rows = None, limit + limit // 2, 0
    while True:
        batch = messages.last(conn, loaded.game_id, step, before=upto, narrow=narrow, seat=viewer)
        seen = [m for m in batch if visible_to(m, viewer, policy, over, tenure) and shown(m, viewer, muted)]
        found = seen + found
        read_rows += len(batch)
        if len(found) >= limit or len(batch) < step:
            break
        rate = max(len(found) / read_rows, 0.01)
        upto, step = batch[0]["seq"], min(5000, int((limit - len(found)) / rate * 1.5) + 10)
    return [_served(m) for m in found[-limit:]]


def _served(m: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in m.items() if k not in ("kind", "tenures")}


def export_lines(core: "Core", game_id: str, viewer: int | None, full: bool = False) -> list[dict[str, Any]]:
    """The game's message chain for an export: every message the viewer may read (muted or
    not: an export is the record), the others withheld (their digest and chain links only), so
    `referee verify --file` checks the whole chain. `full`: the operator's export, all of it."""
    loaded = core.load(game_id)
    tenure = tenure_of(core.db.conn, game_id, viewer)
    return [{k: v for k, v in m.items() if k != "tenures"} if full or readable(loaded, m, viewer, tenure)
            else withheld(m) for m in messages.read(core.db.conn, game_id)]


def since_mail(core: "Core", conn: Any, loaded: "Loaded", seat: int) -> list[dict[str, Any]]:
    """Other seats' messages the seat may read and has not muted since its last mail showed
    messages; marks them shown (a "your turn" mail carries them)."""
    last = messages.mailed(conn, loaded.game_id, seat)
    new = messages.read(conn, loaded.game_id, last, limit=200)
    if not new:
        return []
    messages.set_mailed(conn, loaded.game_id, seat, new[-1]["seq"])
    muted = messages.muted_by(conn, loaded.game_id, seat)
    tenure = tenure_of(conn, loaded.game_id, seat)
    return [m for m in new if m["from"] != seat and readable(loaded, m, seat, tenure) and shown(m, seat, muted)]


def mutes(core: "Core", game_id: str, seat: int) -> dict[str, Any]:
    """The seats this seat muted (its own business: nobody else is ever told)."""
    core.load(game_id)
    return {"muted": sorted(messages.muted_by(core.db.conn, game_id, seat))}


def set_mute(core: "Core", game_id: str, seat: int, other: int, on: bool) -> dict[str, Any]:
    """Mute (or unmute) the messages of seat `other` for `seat` alone."""
    loaded = core.load(game_id)
    if not 0 <= other < loaded.seat_count() or other == seat:
        raise BadRequest(Text("seat %(seat)s is not another seat of this game", seat=other), parameter="seat")
    with write_transaction(core.db) as conn:
        (messages.mute if on else messages.unmute)(conn, game_id, seat, other)
    return mutes(core, game_id, seat)
