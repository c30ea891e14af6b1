"""Issue 27 in the browser (Babel, two seats in two browser contexts): Bo queues a move on his
page, which Ada's page never shows; Ada asks to take back a slip and Bo accepts it; then Bo
offers a draw and Ada accepts it by voting, which ends the game by agreement. Screenshots at
1280 and 390 px wide."""

from __future__ import annotations

import requests

from tests.web.conftest import create, open_details


def test_queue_takeback_and_a_draw_by_clicking(web, tabs):
    created = create(web, "babel", ["Ada", "Bo"], {"first_seat": 0})
    gid = created["id"]
    ada, bo = tabs("ada", 1280), tabs("bo", 390)
    ada.page.goto(created["seats"][0]["url"])
    bo.page.goto(created["seats"][1]["url"])

    # Bo queues "end" for his next turn: only his page lists it
    open_details(bo.page, "details.presets")
    bo.page.fill("#preset-text", "end")
    bo.page.click("#preset-add")
    bo.page.wait_for_selector("#presets-queue li")  # the queue shows once the page has the answer
    assert bo.page.locator("#presets-queue li").all_text_contents() == ["end"]
    bo.shot("foresight-queue-390")
    ada.page.reload()
    assert "end" not in (ada.page.locator("details.presets").text_content() or "").split("(")[0]
    assert ada.page.locator("#presets-queue").count() == 0
    spectator = requests.get(f"{web.url}/g/{gid}", timeout=30).text
    assert "presets-queue" not in spectator and "Plans and agreements" not in spectator

    # Ada travels (a slip), asks to take it back; Bo accepts on his page
    token = created["seats"][0]["token"]
    prompt = requests.get(f"{web.url}/games/{gid}/prompts", headers={"Authorization": f"Bearer {token}"},
                          timeout=30).json()["prompts"][0]
    slip = next(m for m in prompt["choices"] if m["type"] == "travel")
    open_details(ada.page, "details.move-form")
    ada.page.fill("#move-text", web.service.load(gid).rules.format_move(slip))
    ada.page.click("#move-form button[type=submit]")
    ada.page.wait_for_selector("#takeback")
    seq = int(ada.page.locator("main#game").get_attribute("data-seq"))
    ada.page.click("#takeback")
    ada.wait_seq(seq + 1)
    assert ada.page.locator("#takeback-waiting").count() == 1
    bo.page.goto(f"{web.url}/g/{gid}")
    bo.page.click("#takeback-accept")
    bo.wait_seq(seq + 3)
    assert web.service.raw_events(gid)[-1].type == "takeback"
    assert "taken back" in bo.page.locator("#events").text_content()

    # Bo offers a draw; Ada votes yes: the game ends by agreement
    open_details(bo.page, "details.propose")
    bo.page.click("#propose-draw")
    bo.wait_seq(seq + 4)
    ada.page.goto(f"{web.url}/g/{gid}")
    assert "proposes a draw" in ada.page.locator("#proposal").text_content()
    ada.shot("foresight-proposal-1280")
    ada.page.click("#vote-yes")
    ada.page.wait_for_selector("#result")
    assert "draw" in ada.page.locator("#result").text_content()
    assert web.service.load(gid).result["by"] == "agreement"
    ada.shot("foresight-finished-1280")
