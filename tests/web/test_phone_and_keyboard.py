"""Phone width (375 px: nothing scrolls sideways) and the keyboard alone (Tab to an offered step,
Enter, until "play")."""

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
    assert tab.page.locator("#picture a.pick, .steps a.option").count() > 0
    _no_sideways_scroll(tab.page)
    tab.shot("phone-babel-seat0")
    if tab.page.locator("#picture div.board").count():
        # A board in sections (issue 39): each drawn at its natural size (1 unit = 1 CSS px, the
        # sections at most 360 wide, on a 375 px phone a hair less), with no zoom to find first.
        assert tab.page.locator("label.zoom-label").count() == 0
        for section in tab.page.locator("#picture svg.section").all():
            drawn = float(section.get_attribute("width"))
            assert min(drawn, 375 - 16) - 1 <= section.bounding_box()["width"] <= drawn + 0.5
    else:
        # One wide SVG: the zoom box shows the board at full size, panned inside its frame; the
        # page still fits.
        fit = tab.page.locator("#picture svg").bounding_box()["width"]
        assert fit <= 375
        tab.page.locator("label.zoom-label").click()
        zoomed = tab.page.locator("#picture svg").bounding_box()["width"]
        assert zoomed >= 760 > fit
        _no_sideways_scroll(tab.page)
        tab.shot("phone-babel-seat0-zoomed")
    for label, url in (("phone-iron-age-spectator", iron["url"]), ("phone-games", web.url + "/"),
                       ("phone-new-game", web.url + "/new"), ("phone-rules-babel", web.url + "/rules/babel"),
                       ("phone-rules-iron-age", web.url + "/rules/iron_age")):
        tab.page.goto(url)
        _no_sideways_scroll(tab.page)
        tab.shot(label)


OFFERED = "#picture a.pick, .steps a.option, #play"


def test_keyboard_alone_plays_a_move(web, tabs):
    """Tab to an offered thing (a board element or a button), Enter takes the step and the
    focus moves to what comes next, Enter again... until "play" posts the move. Every focused
    thing shows a visible focus ring."""
    created = create(web, "iron_age", ["Ada", "Bo"], {"first_seat": 0})
    tab = tabs("keyboard")
    page = tab.page
    page.goto(created["seats"][0]["url"])
    seq = web.service.load(created["id"]).seq
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate(f"document.activeElement.matches('{OFFERED}')"):
            break
    else:
        raise AssertionError("nothing offered is reachable with Tab")
    for _ in range(12):
        ring = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
        assert ring not in ("", "none"), f"no visible focus on {page.evaluate('document.activeElement.outerHTML')[:120]}"
        if page.evaluate("document.activeElement.id") == "play":
            with page.expect_navigation():
                page.keyboard.press("Enter")
            break
        path = page.locator(".steps").first.get_attribute("data-path")
        page.keyboard.press("Enter")
        # Wait for the next step from Python (a string predicate would be eval'd, which the CSP forbids).
        for _ in range(300):
            if page.locator(".steps").first.get_attribute("data-path") != path:
                break
            page.wait_for_timeout(100)
        else:
            raise AssertionError("the step taken with Enter never arrived")
        assert page.evaluate(f"document.activeElement.matches('{OFFERED}')"), "the focus was lost after a step"
    else:
        raise AssertionError("no move played with the keyboard")
    assert web.service.load(created["id"]).seq == seq + 1
