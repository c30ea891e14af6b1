"""Iron Age with three seats, three browser contexts, for at least two rounds (three with
`tasks.py test --long`; the second brings the kinds of decision the first lacks: assign, conquest,
omen, and the third none new): moves by clicking what the referee offers, with builds through the
move form (text form) and a purchase as JSON once, and a refused build showing its rule id linked
to the rules page."""

from __future__ import annotations

import random

import requests

from tests.modes import budget
from tests.web.checks import assert_page_shows_only_view
from tests.web.clicking import Table
from tests.web.conftest import create, open_details


def _type_move(tab, text: str | None = None, json_text: str | None = None) -> None:
    page = tab.page
    open_details(page, "details.move-form")
    if json_text is not None:
        page.fill("#move-text", "")
        open_details(page, "details.json-alt")
        page.fill("#move-json", json_text)
    else:
        page.fill("#move-text", text)
    with page.expect_navigation():
        page.locator("#move-form button[type=submit]").click()


def _open_monument(state: dict, seat: int) -> str | None:
    for mid, m in state["players"][seat]["monuments"].items():
        if not m["complete"]:
            return mid
    return None


ROUNDS = budget(2, 3)


def test_iron_age_three_seats_two_rounds_or_three_with_long(web, tabs):
    names = ["Ada", "Bo", "Cy"]
    created = create(web, "iron_age", names, {"first_seat": 0})
    gid = created["id"]
    table = Table(web, tabs, created, "iron_age", "iron-age-3", random.Random(5))
    seats = table.tabs
    spectator = requests.Session()
    built = refused = json_used = False
    steps = 0
    while True:
        loaded = web.service.load(gid)
        state = loaded.state
        if state["round"] > ROUNDS and built or loaded.finished:
            break
        if steps % 15 == 0:
            assert_page_shows_only_view(web.service, gid, None, spectator.get(f"{web.url}/g/{gid}", timeout=30).text)
        prompt = loaded.prompts[0]
        tab = seats[prompt.seat]
        tab.wait_seq(loaded.seq)
        page = tab.page
        monument = _open_monument(state, prompt.seat)
        if prompt.kind == "build" and state["turn"]["workers"] and monument and not (built and refused):
            if not refused:
                _type_move(tab, f"build monument {monument} 99")
                problem = page.locator("#problem")
                assert problem.locator("a.rule").text_content() == "IA-5.2"
                tab.shot("iron-age-refused-build")
                with page.expect_navigation():
                    problem.locator("a.rule").click()
                assert page.evaluate("document.querySelector(':target').id") == "IA-5.2"
                page.goto(f"{web.url}/g/{gid}")
                tab.wait_seq(loaded.seq)
                refused = True
            _type_move(tab, f"build monument {monument} 1")
            after = web.service.load(gid).state
            assert after["players"][prompt.seat]["monuments"][monument]["boxes_filled"] == \
                state["players"][prompt.seat]["monuments"][monument]["boxes_filled"] + 1
            built = True
        elif prompt.kind in ("build", "buy") and not json_used:
            _type_move(tab, json_text='{"type": "build", "actions": []}' if prompt.kind == "build"
                       else '{"type": "buy_none"}')
            json_used = True
        else:
            table.play_move()  # by clicking what the referee offers
        assert web.service.load(gid).seq > loaded.seq, page.locator("#problem").all_text_contents()
        steps += 1
        assert steps < 400
        if steps == 20:
            for s, t in enumerate(seats):
                t.shot(f"iron-age-seat{s}")
    assert built and refused and json_used
    assert web.service.load(gid).state["round"] > ROUNDS
    print(f"\nIron Age: {steps} moves through the pages, round {web.service.load(gid).state['round']}")
