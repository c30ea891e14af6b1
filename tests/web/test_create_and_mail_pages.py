"""Creating a game in the browser: the seat rows follow the selected game, the links are URLs to
copy (with a button that copies), a reload shows them no more and creates nothing, and the
creator reads the game's mails. Screenshots at 1280 and 390 px land in tmp/artifacts/."""

from __future__ import annotations

import pytest

from referee.engine.registry import rules_for


def _visible_rows(page) -> int:
    return page.locator(".seat-row:visible").count()


@pytest.mark.parametrize("width", [1280, 390])
def test_create_copy_reload_and_read_mail(web, tabs, width):
    tab = tabs(f"create-{width}", width=width)
    tab.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=web.url)
    page = tab.page
    page.goto(web.url + "/new")
    for game in ("khronos", "iron_age", "babel"):
        page.select_option("#game-select", game)
        assert _visible_rows(page) == rules_for(game).max_players, game
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    tab.shot(f"new-game-{width}")
    page.fill("input[name=name0]", "Ada")
    page.fill("input[name=email0]", "ada@example.org")
    page.fill("input[name=name1]", "Bo")
    page.fill("input[name=email1]", "bo@example.org")
    page.fill("textarea[name=options]", '{"first_seat": 0}')
    with page.expect_navigation():
        page.click("form.stack button[type=submit]")
    assert "/new/created/" in page.url and "/play/" not in page.url
    urls = page.locator("input.seat-url").evaluate_all("els => els.map(e => e.value)")
    assert len(urls) == 2 and all("/play/" in u for u in urls)
    page.locator("button.copy[data-copy=link1]").click()
    page.wait_for_selector("button.copy[data-copy=link1]:has-text('Copied')")
    assert page.evaluate("navigator.clipboard.readText()") == urls[1]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    tab.shot(f"game-created-{width}")
    games = len(web.service.list_games(limit=100))
    page.reload()
    assert page.locator("input.seat-url").count() == 0 and "shown once" in page.content()
    assert len(web.service.list_games(limit=100)) == games
    gid = page.url.rsplit("/", 1)[1]
    page.goto(f"{web.url}/g/{gid}/mail")
    assert page.locator("article.mail").count() == len(web.service.game_mails(gid, None)) >= 1
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    tab.shot(f"game-mail-{width}")
