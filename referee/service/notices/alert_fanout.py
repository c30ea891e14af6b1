"""Which alert an event queues, for which target, in whose words: a turn that opened, a
reminder, the game's end, a table-talk message (the channels themselves, and what a failing one
does: alerts.py).

Why it is built this way:
- **One ping per event per target.** Channels are grouped by their target (the apprise URL, or
  the push endpoint) and each group gets one outbox row per event, naming every seat it concerns
  ("your turn: Ada, Bo"); the outbox's unique dedupe key makes a second copy of the same event
  a no-op, and its retries, backoff and leases apply unchanged.
- **No leaks.** Texts are built from public facts only (the game's title, who must act, deadlines,
  the result at the end). A seat's personal link goes only to a target that only that seat's
  holder registered: a game channel, or a URL two people share, gets the public link. Only a
  channel whose seat's holder of the moment registered it hears of the seat (its tenure).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

from referee.engine.replay import STATE_EVENTS
from referee.plumbing.i18n import EN, Translator, translator
from referee.service.clock import format_remaining
from referee.service.links import game_url, seat_url
from referee.service.narration import result_sentence
from referee.store import alerts as store
from referee.store import outbox, players, seat_settings, tenures

if TYPE_CHECKING:
    from referee.service.core import Core
    from referee.service.loaded import Loaded


@dataclass
class _Target:
    kind: str
    url: str
    channels: list[str] = field(default_factory=list)
    seats: set[int] = field(default_factory=set)


def _channels_of_game(conn: Any, game_id: str, disabled: bool = False) -> list[tuple[dict[str, Any], set[int], Any]]:
    """Each enabled channel (with `disabled`, every one) that concerns the game: (channel, its
    seats (empty for the game's own), who registered it (a player, or a seat's holder))."""
    held = {s["seat"]: s for s in tenures.seats(conn, game_id)}
    out: list[tuple[dict[str, Any], set[int], Any]] = []
    for c in store.of_game(conn, game_id):
        if c["disabled_at"] is not None and not disabled:
            continue
        if c["owner"] == "game":
            out.append((c, set(), ("game", game_id)))
        elif c["owner"] == "seat":
            h = held.get(c["seat"])
            if h and h.get("holder", "held") == "held" and h.get("tenure", 0) == c["tenure"]:
                out.append((c, {c["seat"]}, ("player", h["player_id"]) if h.get("player_id") else ("seat", c["seat"])))
    by_player: dict[str, set[int]] = {}
    for s, h in held.items():
        if h.get("player_id") and h.get("holder", "held") == "held":
            by_player.setdefault(h["player_id"], set()).add(s)
    for c in store.of_players(conn, list(by_player)):
        if c["disabled_at"] is None or disabled:
            out.append((c, by_player[c["player_id"]], ("player", c["player_id"])))
    return out


def _when(ts: float | None, tz: str | None, tr: Translator = EN) -> str | None:
    """A deadline in the reader's zone, as the reader's language writes it (English: 2026-11-25 14:00 CET)."""
    if ts is None:
        return None
    try:
        zone = ZoneInfo(tz) if tz else timezone.utc
    except (ValueError, KeyError):
        zone = timezone.utc
    if tr.lang != EN.lang:
        return tr.moment(ts, zone, zone=True)
    return datetime.fromtimestamp(ts, zone).strftime("%Y-%m-%d %H:%M %Z")




def _tz_of(conn: Any, game_id: str, seat: int) -> str | None:
    tz = seat_settings.of(conn, game_id, seat).get("tz")
    if tz:
        return tz
    pid = (tenures.seat(conn, game_id, seat) or {}).get("player_id")
    p = players.by_id(conn, pid) if pid else None
    return p["tz"] if p else None


def queue(core: "Core", conn: Any, loaded: "Loaded", kind: str, key: str, seats: set[int], public: bool,
          words: "Words", now: float, private_only: bool = False) -> int:
    """Queue one alert of `kind` per target: every enabled channel that wants `kind` and concerns
    one of `seats` (or, when `public`, the game's own channels) is grouped by its URL.
    `private_only` skips targets that a game or more than one person registered."""
    found: dict[str, _Target] = {}
    everyone = _channels_of_game(conn, loaded.game_id, disabled=True)
    registered: dict[str, set[Any]] = {}  # who registered each URL at all: a shared one is public
    for c, _, who in everyone:
        registered.setdefault(c["url"], set()).add(who)
    for c, its_seats, who in everyone:
        if c["disabled_at"] is not None or kind not in c["events"]:
            continue
        named = its_seats & seats
        if not named and not (public and c["owner"] == "game"):
            continue
        t = found.setdefault(c["url"], _Target(c["kind"], c["url"]))
        t.channels.append(c["id"])
        t.seats |= named
    names = [s["name"] for s in loaded.created["seats"]]
    n = 0
    for url, t in found.items():
        private = len(registered[url]) == 1 and not any(w[0] == "game" for w in registered[url])
        if private_only and not private:
            continue
        named = sorted(t.seats)
        base = core.config.base_url
        if private and len(named) == 1:  # one person's channel: in their language (the seat's, else its player's)
            seat = named[0]
            link = seat_url(base, core.secret_key, loaded.game_id, seat,
                            (tenures.tenure_of(conn, loaded.game_id, seat) or (0, ""))[0])
            tz = _tz_of(conn, loaded.game_id, seat)
            tr = translator(seat_settings.of(conn, loaded.game_id, seat).get("lang"))
        else:  # a table's or shared channel: English, the service's common language
            link, tz, tr = game_url(base, loaded.game_id), None, EN
        title, text = words(loaded, [names[s] for s in named], named, tz, tr)
        text = f"{text}\n{link}"
        payload = {"title": title, "text": text, "url": link, "channels": t.channels}
        digest = hashlib.sha256(url.encode()).hexdigest()[:16]
        n += outbox.enqueue(conn, loaded.game_id, named[0] if private and len(named) == 1 else None,
                            "push" if t.kind == "push" else "alert", url, f"alert_{kind}", title,
                            json.dumps(payload, sort_keys=True), f"alert:{key}:{digest}", now)
    return n


class Words:
    """Builds (title, text) for a target from the seats it names, the zone for deadlines and the
    reader's language (`tr`)."""

    def __call__(self, loaded: "Loaded", names: list[str], seats: list[int], tz: str | None,
                 tr: Translator = EN) -> tuple[str, str]:
        raise NotImplementedError


class _Turn(Words):
    def __call__(self, loaded, names, seats, tz, tr=EN):
        title = loaded.rules.title
        who = [loaded.created["seats"][p.seat]["name"] for p in loaded.prompts]
        head = (tr.gettext("%(title)s: your turn: %(names)s", title=title, names=", ".join(names)) if names else
                tr.gettext("%(title)s: to move: %(names)s", title=title, names=", ".join(dict.fromkeys(who))))
        dues = []
        for s in (seats or loaded.prompted):
            when = _when(loaded.clocks.seats[s].due_at if loaded.status == "active" else None, tz, tr)
            if when:
                dues.append(tr.gettext("%(name)s: deadline %(when)s", name=loaded.created["seats"][s]["name"], when=when)
                            if len(seats) != 1 else tr.gettext("Deadline: %(when)s", when=when))
        return head, "\n".join([head + ".", *dues])


class _Reminder(Words):
    def __init__(self, left: float):
        self.left = left  # seconds

    def __call__(self, loaded, names, seats, tz, tr=EN):
        title = loaded.rules.title
        head = (tr.gettext("%(title)s: reminder for %(names)s", title=title, names=", ".join(names)) if names else
                tr.gettext("%(title)s: reminder", title=title))
        when = _when(loaded.clocks.seats[seats[0]].due_at, tz, tr) if seats else None
        text = tr.gettext("%(head)s: %(left)s left to move.", head=head, left=format_remaining(self.left, tr))
        return head, text + ("\n" + tr.gettext("Deadline: %(when)s", when=when) if when else "")


class _GameOver(Words):
    def __init__(self, result: dict[str, Any] | None, names: list[str]):
        self.result, self.names = result, names

    def __call__(self, loaded, names, seats, tz, tr=EN):
        head = tr.gettext("%(title)s: game over", title=loaded.rules.title)
        return head, tr.gettext("%(head)s. %(result)s", head=head, result=result_sentence(self.result, self.names, tr))


class _Message(Words):
    def __init__(self, author: int | None):
        self.author = author

    def __call__(self, loaded, names, seats, tz, tr=EN):
        all_names = [s["name"] for s in loaded.created["seats"]]
        who = (all_names[self.author] if self.author is not None and self.author < len(all_names)
               else tr.gettext("the referee"))
        head = tr.gettext("%(title)s: a new message from %(author)s", title=loaded.rules.title, author=who)
        return head, tr.gettext("%(head)s in the table talk.", head=head)


def on_events(core: "Core", conn: Any, before: "Loaded", after: "Loaded", appended: list, now: float) -> int:
    """Alerts for an appended batch: the turns that opened (named per target), the game's end."""
    if not store.any_for_game(conn, after.game_id):
        return 0
    n = 0
    names = [s["name"] for s in after.created["seats"]]
    for e in appended:
        if e.type == "game_ended":
            n += queue(core, conn, after, "game_over", f"{after.game_id}:game_over:{e.seq}",
                       set(range(len(names))), True, _GameOver(e.payload.get("result"), names), now)
    if after.status != "active":
        return n
    movers = {e.seat for e in appended if e.type in STATE_EVENTS}
    prompted_before = set(before.prompted) if before.seq and before.status == "active" else set()
    opened = set()
    for seat, sc in enumerate(after.clocks.seats):
        opened_now = sc.opened_seq is not None and sc.opened_seq != before.clocks.seats[seat].opened_seq
        prompted_now = seat in after.prompted and seat not in prompted_before
        if (opened_now or prompted_now) and seat not in movers:
            opened.add(seat)
    if opened:
        n += queue(core, conn, after, "turn", f"{after.game_id}:turn:{after.seq}", opened, True, _Turn(), now)
    return n


def on_reminder(core: "Core", conn: Any, loaded: "Loaded", seat: int, left: float, key: str, now: float) -> int:
    """A due reminder to the seat's channels (and game channels that asked for reminders);
    `left`: the seconds left, told in each target's language."""
    return queue(core, conn, loaded, "reminder", key, {seat}, True, _Reminder(left), now)


def on_message(core: "Core", conn: Any, loaded: "Loaded", message_id: str, author: int | None,
               audience: set[int] | None, now: float, muted: frozenset[int] = frozenset()) -> int:
    """A table-talk message (for the talk use case to call, in its transaction): `audience` None
    is a message to the whole table (game channels too), else the seats it is for. A private
    message is announced only to targets that one of its readers alone registered, never a shared
    or game channel; the text names the author only, never the message. Seats in `muted` muted
    the author: their own channels stay quiet (a game channel, being the table's, still tells)."""
    names = [s["name"] for s in loaded.created["seats"]]
    readers = set(range(len(names))) if audience is None else set(audience)
    readers.discard(author)
    readers -= muted
    if audience is None:
        return queue(core, conn, loaded, "messages", f"{loaded.game_id}:msg:{message_id}", readers, True,
                     _Message(author), now)
    return queue(core, conn, loaded, "messages", f"{loaded.game_id}:msg:{message_id}", readers, False,
                 _Message(author), now, private_only=True)
