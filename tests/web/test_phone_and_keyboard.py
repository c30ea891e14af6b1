"""Phone width (375 px: nothing scrolls sideways) and the keyboard alone (Tab to a choice, Enter)."""

from __future__ import annotations

from tests.web.conftest import create


def _no_sideways_scroll(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, f"{page.url} is {width}px wide"


def test_phone_width(web, tabs):
    babel = create(web, "babel", ["Ada", "Bo"], {"first_seat": 0})
    iron = create(web, "iron_age", ["Ada", "Bo", "Cy"], {"first_seat": 0})
    tab = tabs("phone", width=375)
    tab.page.goto(babel["seats"][0]["url"])
    assert tab.page.locator("form.choices button").count() > 0
    _no_sideways_scroll(tab.page)
    tab.shot("phone-babel-seat0")
    for label, url in (("phone-iron-age-spectator", iron["url"]), ("phone-games", web.url + "/"),
                       ("phone-new-game", web.url + "/new"), ("phone-rules-babel", web.url + "/rules/babel"),
                       ("phone-rules-iron-age", web.url + "/rules/iron_age")):
        tab.page.goto(url)
        _no_sideways_scroll(tab.page)
        tab.shot(label)


def test_keyboard_alone_plays_a_move(web, tabs):
    created = create(web, "babel", ["Ada", "Bo"], {"first_seat": 0})
    tab = tabs("keyboard")
    page = tab.page
    page.goto(created["seats"][0]["url"])
    seq = web.service.load(created["id"]).seq
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('form.choices button')"):
            break
    else:
        raise AssertionError("no choice button reachable with Tab")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert web.service.load(created["id"]).seq == seq + 1
