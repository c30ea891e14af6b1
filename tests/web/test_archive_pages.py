"""The archive's pages in Chromium (issue 40): the search form works without script and keeps its
filters, a game's statistics are drawn as SVG charts, nothing scrolls sideways on a phone (390 px);
a finished game's replay steps with the arrow keys and with a swipe on a touch screen, and its
opening view shows the board after its first moves."""

from __future__ import annotations

import requests

from tests.web.conftest import create


def _finished(web, names: list[str], moves: int) -> str:
    svc = web.service
    gid = create(web, "babel", names, {"first_seat": 0})["id"]
    for _ in range(moves):
        p = svc.load(gid).prompts[0]
        svc.submit_move(gid, p.seat, {"move": p.choices[0] if p.choices else p.default})
    svc.resign(gid, 1)
    return gid


def _no_sideways_scroll(page, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width, page.url


def test_the_archive_page_searches_and_draws_statistics(web, tabs):
    first = _finished(web, ["Ada", "Bo"], 4)
    second = _finished(web, ["Cy", "Ada"], 6)
    tab = tabs("archive", width=1280)
    page = tab.page
    page.goto(web.url + "/archive")
    rows = page.locator("#archive tbody tr")
    assert rows.count() == 2
    assert "Ada won" in rows.nth(1).inner_text() and "4 moves" in rows.nth(1).inner_text()
    page.select_option("select[name=game]", "babel")
    page.fill("input[name=player]", "Cy")
    with page.expect_navigation():
        page.click("#archive-search button[type=submit]")
    assert "player=Cy" in page.url and page.locator("input[name=player]").input_value() == "Cy"
    assert page.locator("#archive tbody tr").count() == 1
    assert page.locator(f"#archive a[href$='/g/{second}']").count() == 1
    assert page.locator("#stats svg.bar-chart").count() >= 2  # win rate by seat, lengths
    assert page.locator("meta[property='og:title']").count() == 1
    tab.shot("archive-1280")
    phone = tabs("archive-phone", width=390)
    phone.page.goto(web.url + "/archive?game=babel")
    _no_sideways_scroll(phone.page, 390)
    phone.shot("archive-390")
    bad = requests.get(web.url + "/archive?from=someday", headers={"Accept": "text/html"}, timeout=30)
    assert bad.status_code == 400 and "YYYY-MM-DD" in bad.text and "<form" in bad.text  # the page, with its form
    assert first


def test_a_replay_steps_by_keyboard_and_swipe_and_shows_its_opening(web, browser):
    gid = _finished(web, ["Ada", "Bo"], 6)
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{web.url}/g/{gid}?at=5")
    assert page.locator("#step-pos").inner_text().startswith("Event 5 ")
    with page.expect_navigation():
        page.keyboard.press("ArrowLeft")
    assert page.url.endswith("?at=4")

    def swipe(dx: int) -> None:
        page.evaluate("""dx => {
            const el = document.querySelector('#picture');
            const r = el.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + 40;
            const t = (cx) => new Touch({identifier: 1, target: el, clientX: cx, clientY: y});
            el.dispatchEvent(new TouchEvent('touchstart', {touches: [t(x)], changedTouches: [t(x)], bubbles: true}));
            el.dispatchEvent(new TouchEvent('touchend', {touches: [], changedTouches: [t(x + dx)], bubbles: true}));
        }""", dx)

    with page.expect_navigation():
        swipe(-120)  # to the left: forward
    assert page.url.endswith("?at=5")
    with page.expect_navigation():
        swipe(120)  # to the right: back
    assert page.url.endswith("?at=4")
    page.goto(f"{web.url}/g/{gid}?opening=2")
    moves = [e.seq for e in web.service.raw_events(gid) if e.type == "move"]
    assert page.locator("#step-pos").inner_text().startswith(f"Event {moves[1]} ")
    assert "first 2 moves" in page.locator("#opening").inner_text()
    assert errors == []
    ctx.close()
