"""Playing a game in the browser only by clicking what the page offers: the highlighted board
elements and the option buttons of each step, then "play" (never typing). The choice among the
offered options is random (seeded) with a nudge towards moves that end a game sooner, so whole
games stay short; the referee alone says what is offered."""

from __future__ import annotations

import random
import re

# Labels worth preferring per game (a faster game), as the page words them.
PREFER = {
    "babel": re.compile(r"^(build|finish|discard|settle)", re.I),
}


def choose(pick: random.Random, labels: list[str], complete: bool, game: str) -> int | None:
    """The option to click (its index), or None to press "play" (only when the move is complete)."""
    if complete and (not labels or pick.random() < 0.6):
        return None
    prefer = PREFER.get(game)
    if prefer is not None:
        good = [i for i, label in enumerate(labels) if prefer.search(label)]
        if good and pick.random() < 0.8:
            return pick.choice(good)
    return pick.randrange(len(labels))


# -- the driver --------------------------------------------------------------------------------

import requests  # noqa: E402

from tests.web.checks import assert_history_redacted, assert_page_shows_only_view  # noqa: E402

OFFERED = "#picture a.pick, .steps a.option"
SEAT_WORD = re.compile(r"\bseat \d", re.I)


def visible_text(page_html: str) -> str:
    """The page's words without the view JSON (which names seats by number, as the API does)."""
    cut = re.sub(r'<pre id="view-json">.*?</pre>', "", page_html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", cut)


class Table:
    """A game at the table: one browser context per seat (each signed in through its personal
    link), plain HTTP clients for the leak checks of every other viewer."""

    def __init__(self, web, tabs, created: dict, game: str, label: str, pick: random.Random):
        self.web, self.created, self.game, self.label, self.pick = web, created, game, label, pick
        self.gid = created["id"]
        self.n = len(created["seats"])
        self.tabs = [tabs(f"{label}-seat{s}", width=1280) for s in range(self.n)]
        for s, tab in enumerate(self.tabs):
            tab.page.goto(created["seats"][s]["url"])
        self.clients: dict[int | None, requests.Session] = {None: requests.Session()}
        for s in range(self.n):
            self.clients[s] = requests.Session()
            assert self.clients[s].get(created["seats"][s]["url"], timeout=30).ok
        self.moves = self.clicks = 0

    def check_no_leak(self) -> None:
        """Every viewer's page (the spectator's, each seat's) shows exactly its own view, drawn
        from it, with player names instead of seat numbers; every tenth move the history too."""
        for viewer, http in self.clients.items():
            page = http.get(f"{self.web.url}/g/{self.gid}", timeout=30).text
            assert_page_shows_only_view(self.web.service, self.gid, viewer, page)
            seat_words = SEAT_WORD.findall(visible_text(page))
            assert not seat_words, f"{self.game}: seat numbers on {viewer}'s page: {seat_words[:3]}"
            if self.moves % 10 == 0:
                assert_history_redacted(self.web.service, self.gid, viewer, page)

    def play_move(self) -> None:
        """The prompted seat builds one move by clicking offered things, then plays it."""
        svc = self.web.service
        loaded = svc.load(self.gid)
        prompt = self.pick.choice(loaded.prompts)
        tab = self.tabs[prompt.seat]
        page = tab.page
        if page.locator(f'main#game[data-seq="{loaded.seq}"]').count() == 0:
            tab.wait_seq(loaded.seq)  # its live update brings it here
        if page.locator(f'.steps[data-kind="{prompt.kind}"]').count() == 0:
            page.goto(f"{self.web.url}/g/{self.gid}?kind={prompt.kind}")
        box = page.locator(f'.steps[data-kind="{prompt.kind}"]')
        assert box.count() == 1, f"{self.game}: no steps for {prompt.kind!r} on the page"
        if page.locator("#picture a.pick").count() and box.get_attribute("data-path") == "" and \
                page.locator(".steps").count() > 1:
            page.goto(f"{self.web.url}/g/{self.gid}?kind={prompt.kind}")
        for _ in range(60):
            box = page.locator(f'.steps[data-kind="{prompt.kind}"]')
            offered = page.locator(f'#picture a.pick, .steps[data-kind="{prompt.kind}"] a.option')
            labels = offered.evaluate_all("els => els.map(e => e.getAttribute('aria-label') || e.textContent)")
            complete = box.locator("#play").count() == 1
            assert labels or complete, f"{self.game}: a dead end at {box.get_attribute('data-path')}"
            choice = choose(self.pick, labels, complete, self.game)
            self.clicks += 1
            if choice is None:
                with page.expect_navigation():
                    box.locator("#play").click()
                break
            target = offered.nth(choice)
            folded = target.locator("xpath=ancestor::details[not(@open)]")
            if folded.count():
                folded.locator("summary").first.click()
            with page.expect_navigation():
                target.click()
            problem = page.locator(".steps #problem")
            assert problem.count() == 0, problem.text_content()
        else:
            raise AssertionError(f"{self.game}: no move after 60 clicks")
        after = svc.load(self.gid)
        assert after.seq > loaded.seq, page.locator("#problem").all_text_contents()
        self.moves += 1

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
