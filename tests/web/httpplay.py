"""Whole games played over plain HTTP through the step links the pages offer (`?kind=&chosen=`,
which work without script), and the per-move leak checks of every viewer read from the server's
answers directly: each viewer's page, the step fragment (`part=step`) the acting seat's script
would swap in, and the change feed, parsed with an HTML parser (served.py). What needs script
(the clicks, the live updates) stays in the browser (clicking.py), which runs the same checks
every tenth move.

At every move, for the spectator and every seat:
- the page's view is the rules' view for that viewer of the true state, its picture is drawn from
  it, its summary too (checks.assert_page_shows_only_view);
- no word that only another seat's picture shows (its hand, its cards, "(you)") is anywhere on
  the page, its fragments or its link labels (`private_words`);
- no seat numbers in the page's words; every tenth move, the history is narrated from the events
  as redacted for the viewer;
- the feed gives exactly the viewer's redacted events, with no withheld chance value.
At every step taken: the links offered are exactly the referee's options for the path so far,
each labelled with its own option and pointing at it (a link to a wrong option fails here).
"""

from __future__ import annotations

import html
import json
import random
import re
import time
from collections.abc import Callable
from urllib.parse import parse_qs, urlsplit

import requests

from referee.engine.registry import rules_for
from tests.tally import tally
from tests.web.checks import (
    assert_history_redacted,
    assert_page_shows_only_view,
    drawing,
    page_language,
    position,
    same_picture,
    withheld_values,
)
from tests.web.conftest import create, seat_session
from tests.web.served import Served

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"]
SEAT_WORD = re.compile(r"\bseat \d", re.IGNORECASE)

# Labels worth preferring per game (a faster game), as the page words them.
PREFER = {
    "babel": re.compile(r"^(build|finish|discard|settle)", re.IGNORECASE),
    "iron_age": re.compile(r"worker boxes|stop rolling|\(cost \d+|^attack|goods \(worth [1-9]", re.IGNORECASE),
}
AVOID = re.compile(r"^End the turn now", re.IGNORECASE)


def choose(pick: random.Random, labels: list[str], complete: bool, game: str) -> int | None:
    """The option to click (its index), or None to press "play" (only when the move is complete)."""
    if complete and (not labels or pick.random() < 0.15):
        return None
    allowed = [i for i, label in enumerate(labels) if not AVOID.search(label)] or list(range(len(labels)))
    if not allowed:
        return None
    prefer = PREFER.get(game)
    if prefer is not None:
        good = [i for i in allowed if prefer.search(labels[i])]
        if good and pick.random() < 0.8:
            return pick.choice(good)
    return pick.choice(allowed)


def game_round(web, gid: str) -> int:
    loaded = web.service.load(gid)
    return loaded.rules.facts(loaded.rules.view(loaded.state, None)).get("round") or 0


def max_seats(game: str) -> int:
    return rules_for(game).max_players


Extra = Callable[[int | None, str], None]


PHRASE = re.compile(r"<(text|title)\b(?:[^>]*[^/>])?>(.*?)</\1>", re.DOTALL)
TAG = re.compile(r"<[^>]*>")


def _texts(svg: str) -> set[str]:
    """The phrases of a drawing's <text>s and <title>s (nested tags' text included), read from
    its text with no XML tree (as ElementTree's itertext reads them: found equal over 1,692
    drawings of all five games, in both languages)."""
    out = set()
    for m in PHRASE.finditer(svg):
        t = " ".join(html.unescape(TAG.sub("", m.group(2))).split())
        if len(t) >= 6 and " " in t:  # a phrase: single words ("empty") are everyone's
            out.add(t)
    return out


_PHRASES: dict[tuple[str, str, int], dict[int | None, set[str]]] = {}


_PRIVATE: dict[tuple[tuple[str, str, int], int | None], set[str]] = {}


def private_words(loaded, viewer: int | None) -> set[str]:
    """Words another seat's own picture shows that neither the viewer's picture nor the
    spectator's does: what only that seat may read (its hand, its cards, "Bo (you)"). Kept per
    viewer for the latest position: its page and each step fragment it is served ask again."""
    key = position(loaded)
    if key not in _PHRASES:
        _PHRASES.clear()  # the checks of one move all read the latest position
        _PRIVATE.clear()
        _PHRASES[key] = {v: _texts(drawing(loaded, v).svg) for v in [None, *range(loaded.seat_count())]}
    if (key, viewer) not in _PRIVATE:
        drawn = _PHRASES[key]
        public = drawn[None] | drawn[viewer]
        shown = "\n".join(public)  # a phrase inside a longer public text (a card's whole title) is public too
        _PRIVATE[key, viewer] = {w for v, words in drawn.items() if v is not None and v != viewer
                                 for w in words - public if w not in shown}
    return _PRIVATE[key, viewer]


def assert_no_private_words(loaded, viewer: int | None, words: str, where: str, own: str = "") -> None:
    """`own`: what the service tells the viewer of its own decisions (its prompts): a phrase there
    is the viewer's to read even where another seat's picture shows it too (an effect phrase such
    as Gentes' "gain 2 coins" can word an option of the viewer's own and a card in another seat's
    hand: CI saw one such false alarm in about six runs of the largest Gentes table)."""
    flat = " ".join(words.split())
    mine = " ".join(own.split())
    found = sorted(w for w in private_words(loaded, viewer) if w in flat and w not in mine)
    tally("leak checks")
    assert not found, f"{where}: another seat's words on {viewer}'s answer: {found[:3]}"


class Viewers:
    """The spectator and every seat as plain HTTP clients (each seat signed in through its
    personal link), with the per-move checks of what each is served."""

    def __init__(self, web, created: dict, game: str):
        self.web, self.created, self.game, self.gid = web, created, game, created["id"]
        self.n = len(created["seats"])
        self.clients: dict[int | None, requests.Session] = {None: requests.Session()}
        for s in range(self.n):
            self.clients[s] = seat_session(created["seats"][s]["url"])
        for client in self.clients.values():
            client.trust_env = False  # loopback: no proxy settings to look up at every request
        self.fed = {v: 0 for v in self.clients}  # the last seq each viewer's feed gave
        self.moves = 0

    def page(self, viewer: int | None, query: str = "") -> Served:
        r = self.clients[viewer].get(f"{self.web.url}/g/{self.gid}{query}", timeout=30)
        assert r.status_code == 200, r.text[:300]
        return Served(r.text)

    def check(self, viewer: int | None, served: Served, extra: Extra | None = None, history: bool = False) -> None:
        """Every check of one viewer's page (see the module's docstring)."""
        svc = self.web.service
        view = json.loads(served.view_json())
        assert_page_shows_only_view(svc, self.gid, viewer, served.text, shown=view, svg=served.svg())
        tally("page checks")
        loaded = svc.load(self.gid)
        words = served.words()
        own = json.dumps(svc.prompts(self.gid, viewer), ensure_ascii=False) if viewer is not None else ""
        assert_no_private_words(loaded, viewer, served.words(unchecked=True), f"{self.game} page", own)
        seat_words = SEAT_WORD.findall(words)
        assert not seat_words, f"{self.game}: seat numbers on {viewer}'s page: {seat_words[:3]}"
        tally("leak checks")
        if extra is not None:
            extra(viewer, served.text)
            tally("leak checks")
        if history:
            assert_history_redacted(svc, self.gid, viewer, served.text)
            tally("leak checks")

    def check_feed(self, viewer: int | None) -> None:
        """The change feed the page listens to gives this viewer its redacted events only."""
        r = self.clients[viewer].get(f"{self.web.url}/games/{self.gid}/events", params={"after": self.fed[viewer]},
                                     headers={"Accept": "application/json"}, timeout=30)
        assert r.status_code == 200, r.text[:300]
        events = r.json()["events"]
        if not self.web.service.load(self.gid).finished:  # a finished game's log is public
            assert withheld_values(events, viewer) == [], f"{self.game}: a withheld value in {viewer}'s feed"
        expected = self.web.service.events_for(self.gid, viewer, self.fed[viewer])
        assert [(e["seq"], e["payload"]) for e in events] == [(e["seq"], e["payload"]) for e in expected], \
            f"{self.game}: {viewer}'s feed is not its redacted log"
        tally("leak checks")
        if events:
            self.fed[viewer] = events[-1]["seq"]

    def check_all(self, extra: Extra | None = None) -> None:
        for viewer in self.clients:
            self.check(viewer, self.page(viewer), extra, history=self.moves % 10 == 0)
            self.check_feed(viewer)


def check_offered(svc, gid: str, seat: int, kind: str, path: list[str], served: Served, lang: str) -> None:
    """The links of this step are exactly the referee's options after `path`, each labelled with
    its own option and leading to `path` + that option."""
    answer = svc.steps(gid, seat, kind, path, lang)
    labels = {o["id"]: o["label"] for o in answer["options"]}
    box = served.steps(kind)
    assert box is not None and box.get("data-path") == ",".join(path), f"steps at {path}: {box and box.get('data-path')}"
    seen = set()
    for o in served.offered(kind):
        query = parse_qs(urlsplit(o.href).query)
        chosen = query.get("chosen", [""])[0].split(",")
        assert query.get("kind") == [kind] and chosen[:-1] == path, f"{o.label!r} leads to {o.href}"
        want = labels.get(chosen[-1])
        named = o.label == want or (o.board and want is not None and o.label.endswith(f": {want}"))
        assert named and o.next == ",".join(chosen), \
            f"the link {o.label!r} leads to option {chosen[-1]!r} ({labels.get(chosen[-1])!r})"
        seen.add(chosen[-1])
    assert seen == set(labels), f"offered {sorted(seen)[:5]}, the referee offers {sorted(labels)[:5]}"


class HttpTable(Viewers):
    """A game played by its seats through the step links, every step over HTTP."""

    def __init__(self, web, created: dict, game: str, pick: random.Random, policy: Callable = choose):
        super().__init__(web, created, game)
        self.pick, self.policy = pick, policy  # policy: which offered link to follow (choose's signature)
        self.steps = 0

    def play_move(self, prompt=None) -> None:
        """The prompted seat (of `prompt`, else of a random prompt) follows offered links (each
        answered as the fragment the page's script swaps in, checked like a page), then posts "play"."""
        svc = self.web.service
        loaded = svc.load(self.gid)
        prompt = prompt or self.pick.choice(loaded.prompts)
        seat, kind = prompt.seat, prompt.kind
        served = self.page(seat, f"?kind={kind}")
        lang = page_language(served.text)
        picture = drawing(loaded, seat, lang)
        path: list[str] = []
        for _ in range(60):
            check_offered(svc, self.gid, seat, kind, path, served, lang)
            offered = served.offered(kind)
            form = served.play_form(kind)
            assert offered or form, f"{self.game}: a dead end at {path}"
            choice = self.policy(self.pick, [o.label for o in offered], form is not None, self.game)
            self.steps += 1
            if choice is None:
                r = self.clients[seat].post(f"{self.web.url}/g/{self.gid}/move", data=form, timeout=30,
                                            allow_redirects=False)
                assert r.status_code == 303, Served(r.text).words()[:500]
                break
            path = offered[choice].next.split(",")
            r = self.clients[seat].get(self.web.url + offered[choice].href + "&part=step", timeout=30)
            assert r.status_code == 200, r.text[:300]
            served = Served(r.text)
            # the fragment: the board drawn from the seat's view alone, nothing of another seat
            assert same_picture(served.svg(), picture), f"{self.game}: fragment's picture at {path}"
            own = json.dumps(self.web.service.prompts(self.gid, seat), ensure_ascii=False)
            assert_no_private_words(loaded, seat, served.words(unchecked=True), f"{self.game} step fragment", own)
            tally("page checks")
        else:
            raise AssertionError(f"{self.game}: no move after 60 steps")
        assert svc.load(self.gid).seq > loaded.seq
        self.moves += 1
        tally("moves played")


def play_http(web, game: str, seats: int, seed: int = 7, until_round: int | None = None,
              extra: Extra | None = None, options: dict | None = None, check_every: int = 1) -> HttpTable:
    """A game to its end (or past `until_round`), every move through the step links, every
    viewer checked before every `check_every`-th move, every tenth (with the history) and at the end."""
    created = create(web, game, NAMES[:seats], options)
    table = HttpTable(web, created, game, random.Random(seed))
    t0 = time.monotonic()
    while not web.service.load(table.gid).finished:
        if until_round is not None and game_round(web, table.gid) > until_round:
            break
        if table.moves % check_every == 0 or table.moves % 10 == 0:
            table.check_all(extra)
        table.play_move()
        assert table.moves < 3000, "the game did not end"
    table.check_all(extra)
    print(f"\n{game}-{seats} over HTTP: {table.moves} moves, {table.steps} steps, {time.monotonic() - t0:.1f}s")
    return table

