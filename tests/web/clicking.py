"""Playing a game in the browser only by clicking what the page offers: the highlighted board
elements and the option buttons of each step, then "play" (never typing). The choice among the
offered options is random (seeded); the whole-game tests hurry (`hurry`): "play" as soon as the
move is complete, and mostly the options that end a turn, a round or the game sooner, so that a
complete game costs few clicks. The referee alone says what is offered."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable

from tests.modes import LONG
from tests.tally import tally
from tests.web.checks import assert_page_shows_only_view
from tests.web.conftest import create
from tests.web.httpplay import NAMES, PREFER, SEAT_WORD, HttpTable, choose, game_round
from tests.web.served import Served

# A whole game in the browser: each kind of decision is clicked the first time it comes and then
# every CLICK_EVERY-th move; the prompted seat plays the other moves through the same step links
# over HTTP (httpplay.HttpTable: every link offered checked against the referee's options), while
# the seats' pages follow by their live updates. Every move is clicked with --long. (A click is a
# move's browser round trips: 4 in 5 of a clicked game's CPU; the same links are followed over
# HTTP at every step of every game in test_step_playouts_http.py.)
CLICK_EVERY = 1 if LONG else 10
# A game clicked in the browser is checked (every viewer's answers over HTTP, the seats' pages
# in their browsers) every BROWSER_EVERY moves and at the end; every move with --long.
BROWSER_EVERY = 1 if LONG else 10
# One round trip per step: until the prompted seat's page shows `seq` (its live update or its
# navigation brought it there) and its steps box for the prompt is at `path` (the step just
# clicked), then what that page offers: [boxes for the prompt, that box's path, the board's
# links, all steps boxes, [[label, next step's path, folded] of each offered thing], "play"
# shown]. A MutationObserver wakes it (no polling); a step that never comes fails after
# `timeout` ms with what the page shows.
NEXT = """async ([kind, seq, path, timeout]) => {
  const box = `.steps[data-kind="${kind}"]`;
  const ready = () => document.querySelector(`main#game[data-seq="${seq}"]`) &&
    (path === null || document.querySelector(`${box}[data-path="${path}"]`));
  if (!ready()) await new Promise((done, fail) => {
    const seen = new MutationObserver(() => { if (ready()) { seen.disconnect(); clearTimeout(late); done(); } });
    const late = setTimeout(() => { seen.disconnect(); const b = document.querySelector(box);
      fail(new Error(`no step ${path} at ${seq}: the page is at ${b && b.dataset.path}`)); }, timeout);
    seen.observe(document, {subtree: true, childList: true, attributes: true});
  });
  const boxes = document.querySelectorAll(box);
  const found = [...document.querySelectorAll(`#picture a.pick, ${box} a.option`)].map(e =>
    [e.getAttribute('aria-label') || e.textContent, e.dataset.next, !!e.closest('details:not([open])')]);
  return [boxes.length, boxes.length ? boxes[0].dataset.path : null, document.querySelectorAll('#picture a.pick').length,
          document.querySelectorAll('.steps').length, found, !!document.querySelector(`${box} #play`)];
}"""

# What the whole-game tests prefer, per game, as the page words it: what ends a turn, a round or
# the game sooner (Babel's supply runs out at the turn's end draws, Gentes' round when the time
# tracks are full, Iron Age's solo game after 8 rounds whatever is built).
HURRY = {
    "babel": re.compile(r"^(End the turn|Finish the turn|build)", re.IGNORECASE),
    "iron_age": re.compile(r"^End the turn now|^stop rolling", re.IGNORECASE),
    "khronos": re.compile(r"^End your turn", re.IGNORECASE),
    "sands_of_time": re.compile(r"^(End the turn|Decline both)", re.IGNORECASE),
    "gentes": re.compile(r"^(Pass\b|Tax collector|2 hourglasses)", re.IGNORECASE),
}
HURRY_ODDS = 0.8  # how often a preferred option is taken when one is offered

Policy = Callable[[random.Random, list[str], bool, str], "int | None"]


def hurry(pick: random.Random, labels: list[str], complete: bool, game: str) -> int | None:
    """The option to click (its index), or None to press "play": as soon as the move is complete;
    else mostly (HURRY_ODDS) an option that ends the turn sooner, otherwise any offered option."""
    if complete:
        return None
    prefer = HURRY.get(game) or PREFER.get(game)
    good = [i for i, label in enumerate(labels) if prefer is not None and prefer.search(label)]
    if good and pick.random() < HURRY_ODDS:
        return pick.choice(good)
    return pick.randrange(len(labels)) if labels else None


# How the whole-game tests choose: hurrying in the fast suite; with --long, the varied choice of
# the other tests (longer games, more of each game's steps clicked).
WHOLE_GAME: Policy = choose if LONG else hurry


class Table:
    """A game at the table: one browser context per seat (each signed in through its personal
    link, following the game by its own live updates), and the spectator as a plain client."""

    # defaults for a table assembled attribute by attribute (test_players_pages.py)
    policy: Policy = staticmethod(choose)
    click_every = 1
    http_every = BROWSER_EVERY
    clicked = 0

    def __init__(self, web, tabs, created: dict, game: str, label: str, pick: random.Random,
                 policy: Policy = choose, click_every: int = 1, http_every: int = BROWSER_EVERY):
        self.web, self.created, self.game, self.label, self.pick = web, created, game, label, pick
        self.policy, self.click_every, self.http_every = policy, click_every, http_every
        self.kinds: set[str] = set()  # the kinds of decision clicked so far
        self.gid = created["id"]
        self.n = len(created["seats"])
        self.tabs = [tabs(f"{label}-seat{s}", width=1280) for s in range(self.n)]
        for s, tab in enumerate(self.tabs):
            tab.page.goto(created["seats"][s]["url"])
        # every viewer's page, fragments and feed over HTTP; the moves not clicked, through the step links
        self.viewers = HttpTable(web, created, game, pick, policy)
        self.moves = self.clicks = self.clicked = 0
        self.checking = self.playing = 0.0  # seconds spent in the leak checks and in clicking

    def check_no_leak(self, extra: Callable[[int | None, str], None] | None = None, last: bool = False) -> None:
        """Every `http_every` moves and at the end (`last`): every viewer's page as served shows
        exactly its own view, drawn from it, with player names instead of seat numbers and no
        other seat's words, and its feed only its redacted events (httpplay.Viewers). Every
        BROWSER_EVERY moves and at the end: each seat's page as its browser shows it too, after
        the page's own live update brought it to the latest event. (Every move of the largest
        tables' first round, and of a whole game of every title with --long, every third and tenth
        without, is checked so over HTTP in test_step_playouts_http.py.)"""
        browser = last or self.moves % BROWSER_EVERY == 0
        if not (browser or self.moves % self.http_every == 0):
            return
        t0 = time.monotonic()
        self.viewers.moves = self.moves
        self.viewers.check_all(extra)
        if not browser:
            self.checking += time.monotonic() - t0
            return
        seq = self.web.service.load(self.gid).seq
        for s, tab in enumerate(self.tabs):
            tab.wait_seq(seq, timeout=30_000)
            shown = Served(tab.page.content())
            assert_page_shows_only_view(self.web.service, self.gid, s, shown.text, svg=shown.svg())
            seat_words = SEAT_WORD.findall(shown.words())
            assert not seat_words, f"{self.game}: seat numbers on {s}'s page: {seat_words[:3]}"
            if extra is not None:
                extra(s, shown.text)
            tally("browser page checks")
        self.checking += time.monotonic() - t0

    def play_move(self) -> None:
        """The prompted seat plays one move: in the browser (a kind of decision not clicked yet in
        this game, and every `click_every`-th move), else through the step links over HTTP."""
        t0 = time.monotonic()
        loaded = self.web.service.load(self.gid)
        prompt = self.pick.choice(loaded.prompts)
        if self.click_every > 1 and prompt.kind in self.kinds and self.moves % self.click_every:
            self.viewers.play_move(prompt)
        else:
            if self.click_every > 1:
                self.kinds.add(prompt.kind)
            self.click_move(loaded, prompt)
        self.moves += 1
        self.playing += time.monotonic() - t0

    def click_move(self, loaded, prompt) -> None:
        """The prompted seat builds one move by clicking offered things, then plays it. Each step
        is one round trip (NEXT: wait for it, read what it offers) and one click."""
        svc = self.web.service
        tab = self.tabs[prompt.seat]
        page = tab.page
        kind = prompt.kind
        # its live update (or its own navigation) brings it to the latest event
        boxes, path, picks, all_boxes, found, complete = page.evaluate(NEXT, [kind, loaded.seq, None, 30_000])
        if boxes == 0 or (picks and path == "" and all_boxes > 1):  # the board's links are another prompt's
            page.goto(f"{self.web.url}/g/{self.gid}?kind={kind}", wait_until="domcontentloaded")
            boxes, path, picks, all_boxes, found, complete = page.evaluate(NEXT, [kind, loaded.seq, None, 30_000])
        assert boxes == 1, f"{self.game}: no steps for {kind!r} on the page"
        offered = f'#picture a.pick, .steps[data-kind="{kind}"] a.option'
        for _ in range(60):
            assert found or complete, f"{self.game}: a dead end at {path}"
            choice = self.policy(self.pick, [f[0] for f in found], complete, self.game)
            self.clicks += 1
            if choice is None:
                with page.expect_navigation(wait_until="domcontentloaded"):  # the next move waits for its event
                    page.locator(f'.steps[data-kind="{kind}"] #play').click(force=True)
                break
            _, path, folded = found[choice]
            target = page.locator(offered).nth(choice)
            if folded:
                target.locator("xpath=ancestor::details[not(@open)]").locator("summary").first.click()
            # A real mouse click at the element's centre, without Playwright's waits for the
            # element to be stable (two animation frames) and to receive the click: a click that
            # lands on something else never brings the next step, which NEXT catches.
            target.click(force=True)  # the page's script swaps in the next step (a plain link without it)
            _, _, _, _, found, complete = page.evaluate(NEXT, [kind, loaded.seq, path, 30_000])
        else:
            raise AssertionError(f"{self.game}: no move after 60 clicks")
        after = svc.load(self.gid)
        assert after.seq > loaded.seq, page.locator("#problem").all_text_contents()
        self.clicked += 1
        tally("moves played")
        tally("moves clicked in the browser")

    def font_check(self, tab) -> float:
        """The smallest board text in CSS px at the tab's width (every <text> of every board)."""
        sizes = tab.page.locator("#picture svg text").evaluate_all(
            "els => els.filter(t => t.getBBox().width > 0).map(t => { const m = t.getScreenCTM();"
            " return parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b); })")
        assert sizes, "no board text"
        return min(sizes)

    def phone_check(self, browser_tabs, viewer: int | None, label: str) -> None:
        """At 390 px: no horizontal overflow, each board fits the width; a screenshot."""
        tab = browser_tabs(f"{label}-390", width=390)
        url = self.created["seats"][viewer]["url"] if viewer is not None else self.created["url"]
        tab.page.goto(url)
        width = tab.page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"{self.game}: the page is {width}px wide at 390"
        boards = tab.page.locator("#picture svg").evaluate_all("els => els.map(e => e.getBoundingClientRect().right)")
        assert boards and max(boards) <= 390, f"{self.game}: a board is wider than the window: {boards}"
        tab.shot(f"{label}-390")


# -- a game played to the end (or some rounds) by clicking --------------------------------------

MIN_FONT = 11


def play(web, tabs, game: str, seats: int, label: str, until_round: int | None = None, seed: int = 7,
         policy: Policy = choose, click_every: int = 1, http_every: int = BROWSER_EVERY) -> Table:
    created = create(web, game, NAMES[:seats])
    table = Table(web, tabs, created, game, label, random.Random(seed), policy, click_every, http_every)
    t0 = time.monotonic()
    while not web.service.load(table.gid).finished:
        if until_round is not None and game_round(web, table.gid) > until_round:
            break
        table.check_no_leak()
        table.play_move()
        if table.moves == 6:
            shots(web, tabs, table, label)
        assert table.moves < 3000, "the game did not end"
    table.check_no_leak(last=True)
    print(f"\n{label}: {table.moves} moves ({table.clicked} clicked), {table.clicks} clicks, round {game_round(web, table.gid)}, "
          f"{time.monotonic() - t0:.1f}s (clicking {table.playing:.1f}s, leak checks {table.checking:.1f}s)")
    return table


def shots(web, tabs, table: Table, label: str) -> None:
    """Mid-game: each seat and the spectator at 1280 (font check), seat 0 and the spectator at 390."""
    for s, tab in enumerate(table.tabs):
        tab.page.goto(f"{web.url}/g/{table.gid}")
        smallest = table.font_check(tab)
        assert smallest >= MIN_FONT - 0.01, f"{label}: board text of {smallest:.1f}px at 1280 for seat {s}"
        if s < 2:
            tab.shot(f"{label}-seat{s}-1280")
    table.phone_check(tabs, 0, f"{label}-seat0")
    table.phone_check(tabs, None, f"{label}-spectator")


