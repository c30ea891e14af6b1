"""Events narrated for a viewer, with the states around them found once and every narration
remembered (the sentences themselves: narration.py).

`texts` finds the states around the moves it tells by replaying once per call from the nearest
state it knows (a recent state remembered here, else the nearest snapshot), and remembers every
narration it makes: an event told to one viewer never changes (only the game's end, which
unveils everything, does), so (game, seq, viewer, ended) keys a bounded cache and a page or feed
asks again for free. A move's answer tells its own events from the states it has
(`told_with`, `ViewsOf`), with no replay.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from typing import TYPE_CHECKING, Any, Generic, Hashable, TypeVar

from referee.engine.contract import Rules
from referee.engine.replay import STATE_EVENTS, TAKEBACK, apply_event, initial
from referee.plumbing.i18n import EN, Translator, translator
from referee.service.narration import TOLD, narrate_event
from referee.store import events as event_store
from referee.store import snapshots

if TYPE_CHECKING:
    from referee.service.core import Core
    from referee.service.loaded import Loaded

log = logging.getLogger(__name__)

NARRATIONS = 50_000   # narrations remembered (a sentence or a few: about 10 MB at most)
STATES = 64           # recent states remembered to start a replay from (the feed's next event)
VIEWS = 128           # the last view a move's answer made, per game and viewer (the next move's "before")


K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Bounded(Generic[K, V]):
    """A small thread-safe LRU map."""

    def __init__(self, size: int):
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def put(self, key: K, value: V) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


_narrations: Bounded[tuple, str] = Bounded(NARRATIONS)
_states: Bounded[tuple, dict] = Bounded(STATES)
_views: Bounded[tuple, tuple[dict, dict]] = Bounded(VIEWS)


def forget() -> None:
    """Drop every remembered narration, state and view (benchmarks measure the cold cost)."""
    _narrations.clear()
    _states.clear()
    _views.clear()


def remember_state(core: "Core", game_id: str, seq: int, event_hash: str, state: dict[str, Any]) -> None:
    """A state the caller has anyway (a move's, a notification's): the state right after event
    `seq` whose chain hash is `event_hash`. The next narration of the events after it starts
    there instead of at a snapshot. Keyed by the hash, so a state of an event whose transaction
    was rolled back can never stand for another event at the same sequence."""
    _states.put((core.database, game_id, seq, event_hash), state)


def _state_at(core: "Core", loaded: "Loaded", seq: int, event_hash: str) -> dict[str, Any]:
    """The state right after event `seq`: remembered, or replayed from the nearest snapshot.
    Never through the state cache: this may run inside a write transaction (notifications),
    where the events read are not committed yet."""
    key = (core.database, loaded.game_id, seq, event_hash)
    state = _states.get(key)
    if state is not None:
        return state
    conn = core.db.conn
    snap = snapshots.latest(conn, loaded.game_id, seq)
    if snap is not None and snap[2] is not None:
        at, state = snap[0], snap[1]
    else:
        created = event_store.first(conn, loaded.game_id)
        payload = created.payload
        state = initial(loaded.rules, loaded.seed, len(payload["seats"]), payload["options"], payload["position"]).state
        at = 1
    for e in event_store.read(conn, loaded.game_id, after=at):
        if e.seq > seq:
            break
        if e.type in STATE_EVENTS:
            state = apply_event(loaded.rules, loaded.seed, state, e.seq, e.type, e.seat, e.payload)
        elif e.type == TAKEBACK:
            state = _state_back(core, loaded, e.payload["to_seq"])
    _states.put(key, state)
    return state


def _state_back(core: "Core", loaded: "Loaded", seq: int) -> dict[str, Any]:
    """The state a takeback returns to: the one right after event `seq`."""
    e = event_store.read(core.db.conn, loaded.game_id, after=seq - 1)[0]
    return _state_at(core, loaded, seq, e.hash)


def views_around(core: "Core", loaded: "Loaded", seqs: list[int], viewer: int | None) -> dict[int, tuple[dict, dict]]:
    """The viewer's views just before and after each event of `seqs` (moves and timeouts, so
    never the first event): one replay, from the state before the first of them to the last."""
    if not seqs:
        return {}
    lo, hi = min(seqs), max(seqs)
    rules, wanted, out = loaded.rules, set(seqs), {}
    log_part = event_store.read(core.db.conn, loaded.game_id, after=lo - 2)
    state = _state_at(core, loaded, lo - 1, log_part[0].hash)
    last, seen = log_part[0], None  # seen: the view of `state`, once made (one view per state)
    for e in log_part[1:]:
        if e.seq > hi:
            break
        if e.type in STATE_EVENTS:
            new, after = apply_event(rules, loaded.seed, state, e.seq, e.type, e.seat, e.payload), None
        elif e.type == TAKEBACK:
            new, after = _state_back(core, loaded, e.payload["to_seq"]), None
        else:
            new, after = state, seen
        if e.seq in wanted:
            seen = seen if seen is not None else rules.view(state, viewer)
            after = rules.view(new, viewer)
            out[e.seq] = (seen, after)
        state, last, seen = new, e, after
    remember_state(core, loaded.game_id, last.seq, last.hash, state)
    return out


def _key(core: "Core", loaded: "Loaded", e: dict[str, Any], viewer: int | None, lang: str = "en") -> tuple:
    # The event's chain hash: an event of a rolled-back transaction never stands for another.
    return (core.database, loaded.game_id, e["seq"], e.get("hash"), viewer, loaded.finished, lang)


def texts(core: "Core", loaded: "Loaded", events: list[dict[str, Any]], viewer: int | None,
          lang: str | None = None) -> list[str]:
    """The narration of each event (each already redacted for `viewer`) in `lang`, moves and
    timeouts told with the viewer's views around them; remembered by (game, seq, hash, viewer,
    ended, language)."""
    tr = translator(lang)
    names = [s["name"] for s in loaded.created["seats"]]
    keys = [_key(core, loaded, e, viewer, tr.lang) for e in events]
    found = [_narrations.get(k) for k in keys]
    missing = [e["seq"] for e, f in zip(events, found) if f is None and e.get("type") in TOLD]
    try:
        views = views_around(core, loaded, missing, viewer)
    except Exception:  # a replay that fails (it never should) must not break a page or a mail
        log.exception("views for narrating %s failed", loaded.game_id)
        views = {}
    out = []
    for e, k, f in zip(events, keys, found):
        if f is None:
            f = narrate_event(loaded.rules, e, names, *views.get(e["seq"], (None, None)), tr=tr)
            _narrations.put(k, f)
        out.append(f)
    return out


class ViewsOf:
    """One viewer's views, made once per state: a move's answer describes the state after the
    move and narrates the move from the states around it, so that state's view serves both.

    With `remembered` (database, game id), the view `keep` is given is kept for the game and
    viewer (a bounded map): the next move narrates from that very state object (the cached game's),
    so its "before" view is not made again. Only the same object counts, never an equal one
    of another load, and only for the same viewer."""

    def __init__(self, rules: Rules, viewer: int | None, remembered: tuple[str, str] | None = None):
        self.rules, self.viewer = rules, viewer
        self._made: dict[int, tuple[dict, dict]] = {}  # id(state) -> (state, view): the state is kept, so its id is
        self._key = (*remembered, viewer) if remembered is not None else None
        kept = _views.get(self._key) if self._key is not None else None
        if kept is not None:
            self._made[id(kept[0])] = kept

    def __call__(self, state: dict[str, Any]) -> dict[str, Any]:
        hit = self._made.get(id(state))
        if hit is None or hit[0] is not state:
            hit = self._made[id(state)] = (state, self.rules.view(state, self.viewer))
        return hit[1]

    def keep(self, state: dict[str, Any]) -> None:
        """Keep the view made of `state` (the game's latest) for the next move of this viewer."""
        hit = self._made.get(id(state))
        if self._key is not None and hit is not None and hit[0] is state:
            _views.put(self._key, hit)


def told_with(core: "Core", loaded: "Loaded", e: dict[str, Any], viewer: int | None, names: list[str],
              around: tuple[dict, dict] | None, tr: Translator = EN, views_of: ViewsOf | None = None) -> str:
    """One event narrated in `tr`'s language from the states around it that the caller already
    has (a move's answer: the batch's own states), so no replay; `views_of` makes the viewer's
    views (the caller's, when it viewed those states already)."""
    view = views_of or ViewsOf(loaded.rules, viewer)
    views = (view(around[0]), view(around[1])) if around is not None and e.get("type") in TOLD else (None, None)
    text = narrate_event(loaded.rules, e, names, *views, tr=tr)
    _narrations.put(_key(core, loaded, e, viewer, tr.lang), text)
    return text


def with_text(service: Any, game_id: str, events: list[dict[str, Any]], viewer: int | None,
              lang: str | None = None) -> list[dict[str, Any]]:
    """Events (already redacted for `viewer`) each with `text`, its narration in `lang` (a move's
    answer has narrated its own events already: no second load of the game for them)."""
    if all("text" in e for e in events):
        return events
    loaded = service.load(game_id)
    told = texts(service, loaded, [e for e in events if "text" not in e], viewer, lang)
    it = iter(told)
    return [e if "text" in e else {**e, "text": next(it)} for e in events]
