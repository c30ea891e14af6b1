"""Issue 38: axe-core's WCAG 2.1 A and AA rules find nothing on any page a person meets, at
1280 px and at 390 px (and at 390 px in the dark theme): the games list, the create form and the page it leads to, the lobby,
signing in (form and confirmation), my games and my alerts, an open table's join page, each
game's rules, a game as a spectator, in its history and as the seat whose move is half built
(each of the five games, advanced over HTTP; see `per_game` for which at 390 px), its mail and alerts pages, the mail list, a
tournament, the leaderboards, a profile, a seat offer to accept and an error page (the
page the create form leads to: test_newcomer_forms.py).

The axe source bundled by `axe-playwright-python` is run through `page.evaluate` (DevTools'
evaluate is not subject to the pages' strict CSP). The served app is configured as `referee
serve` runs it without an SMTP URL: mail goes to a Maildir, and signing in reads the link there.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
import requests

from referee.engine.registry import GAME_IDS
from tests.web.conftest import COLOUR_RULES, COLOURS, WCAG, Tab, maildir_to
from tests.web.conftest import axe_violations
from tests.modes import LONG
from tests.web.test_text_audit import _play

pytestmark = pytest.mark.one_database

# (width, colour scheme, axe's rules): both widths in the light theme with every WCAG rule, the phone
# in the dark one (issue 39: the dark theme follows prefers-color-scheme; contrast does not depend on
# the width) with the rules that read colours: the dark theme changes colours only, so the others
# would find on the same markup and layout what the light phone found (test_the_dark_theme_...).
VIEWS = ((1280, "light", WCAG), (390, "light", WCAG), (390, "dark", COLOURS))
# Each page kind at every view; what differs per game only by its text and board (each game's rules
# page, its page mid-move) at 1280, the game pages in the dark theme too (their boards' colours),
# one game's at the others: the rules pages are the costliest axe runs (1 to 3.5 s each, long text).
# Every game at every view with `tasks.py test --long`.
def per_game(view: int) -> tuple[str, ...]:
    return GAME_IDS if LONG or view == 0 else GAME_IDS[:1]
SITE_CSS = Path(__file__).resolve().parents[2] / "referee" / "web" / "static" / "site.css"
ADA = "ada@example.org"
MISSING = "/g/0000000000000000"  # the error page (the browser logs its 404 as a console error)


def sign_in(site, tab: Tab) -> str:
    """Sign in as Ada through the form and the link mailed to the Maildir; the confirmation page."""
    page = tab.page
    page.goto(f"{site.url}/sign-in")
    page.fill("input[name=email]", ADA)
    with page.expect_navigation():
        page.click("form button[type=submit]")
    body = [text for subject, text in maildir_to(site, ADA) if subject == "Your sign-in link"][-1]
    return re.search(r"https?://\S+/sign-in/\S+", body).group(0)


def mid_move(site, pick: random.Random) -> dict[str, tuple[str, str]]:
    """Each game after a few random moves over HTTP: (seat link, page with its move half built)."""
    out = {}
    for game in GAME_IDS:
        made = requests.post(f"{site.url}/games", timeout=30, json={
            "game": game, "seats": [{"name": n, "email": f"{n.lower()}@seats.example.org"} for n in ("Ada", "Bo", "Cy")[:3 if game == "gentes" else 2]]})
        assert made.status_code == 201, made.text
        made = made.json()
        gid, tokens = made["id"], [s["token"] for s in made["seats"]]
        _play(site.url, gid, tokens, pick, 3)
        doc = requests.get(f"{site.url}/games/{gid}", timeout=30).json()
        assert doc["status"] == "active", (game, doc["status"])
        prompt = doc["prompts"][0]
        auth = {"Authorization": f"Bearer {tokens[prompt['seat']]}"}
        step = requests.get(f"{site.url}/games/{gid}/prompts/{prompt['kind']}/steps", headers=auth, timeout=30).json()
        chosen = step["options"][0]["id"] if step["options"] else ""
        out[game] = (made["seats"][prompt["seat"]]["url"], f"/g/{gid}?kind={prompt['kind']}&chosen={chosen}")
    return out


def test_every_page_kind_and_every_game_mid_move_has_no_wcag_violation(maildir_site, browser):
    site = maildir_site
    svc = site.service
    pick = random.Random(38)
    games = mid_move(site, pick)
    some = next(iter(games.values()))[1].split("?")[0].rsplit("/", 1)[1]  # a game in play
    table = svc.create_game({"game": "babel", "seats": [{"name": "Ada"}, {"open": True}]})["id"]
    tour = svc.create_tournament({"game": "babel", "format": "round_robin", "seats_per_game": 2,
                                  "players": [{"name": "Ada"}, {"name": "Bo"}, {"name": "Cy"}, {"name": "Di"}]})
    offer = svc.create_game({"game": "khronos", "seats": [{"name": "Ada", "email": ADA}, {"name": "Bo"}]})["id"]
    found: list[str] = []
    opened: list[Tab] = []
    cookies = None
    for v, (width, scheme, rules) in enumerate(VIEWS):
        person = Tab(browser.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme),
                     f"person-{width}-{scheme}")
        seat = Tab(browser.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme),
                   f"seat-{width}-{scheme}")
        view = f"{width} {scheme}"  # what each violation found says

        def violations(page, label: str) -> list[str]:
            return axe_violations(page, label, rules)

        opened += [person, seat]
        page = person.page
        if cookies is None:
            link = sign_in(site, person)
            found += violations(page, f"/sign-in (sent) {view}")
            page.goto(link)
            found += violations(page, f"/sign-in/<link> {view}")
            with page.expect_navigation():
                page.click("#confirm")
            cookies = person.context.cookies()
        else:
            person.context.add_cookies(cookies)
        pid = svc.db.conn.execute("SELECT id FROM players WHERE email = ?", (ADA,)).fetchone()[0]
        paths = ["/", "/new", "/lobby", "/sign-in", "/me", "/me/alerts", f"/join/{table}",
                 *[f"/rules/{g}" for g in per_game(v)], f"/g/{some}", f"/g/{some}?at=2",
                 f"/t/{tour['id']}", "/leaderboard", "/leaderboard/babel", f"/p/{pid}", f"/accept/{offer}/0", MISSING]
        for path in paths:
            answer = page.goto(site.url + path)
            assert answer.status == (404 if path == MISSING else 200), (path, answer.status)
            found += violations(page, f"{path} {view}")
        for game, (link, half_built) in games.items():
            if game not in per_game(v) and scheme != "dark":
                continue
            assert seat.context.request.get(link).ok  # the seat's cookie, without drawing its page
            answer = seat.page.goto(site.url + half_built)
            assert answer.status == 200 and seat.page.locator(".steps").count() > 0, (game, half_built)
            found += violations(seat.page, f"{game} mid-move {view}")
            gid = half_built.split("?")[0].rsplit("/", 1)[1]  # the pages only a game's seat reads
        for path in (f"/g/{gid}/mail", "/mail", f"/g/{gid}/alerts"):
            answer = seat.page.goto(site.url + path)
            assert answer.status == 200, (path, answer.status)
            found += violations(seat.page, f"{path} {view}")
    errors = {t.name: [e for e in t.errors if "404" not in e] for t in opened}
    errors = {name: e for name, e in errors.items() if e}
    for t in opened:
        t.context.close()
    assert found == [], "\n".join(found)
    assert not errors, f"JavaScript console errors: {errors}"


def test_the_dark_theme_changes_colours_only_and_axe_reads_them_with_its_colour_rules(browser):
    """What lets the dark view run only COLOUR_RULES: the stylesheet's dark block sets colour custom
    properties and nothing else (no page script reads the scheme), and COLOUR_RULES are exactly the
    WCAG A/AA rules axe files under colour."""
    css = SITE_CSS.read_text()
    dark = re.search(r"@media \(prefers-color-scheme: dark\) \{\s*:root \{([^}]*)\}\s*\}", css)
    assert dark and css.count("prefers-color-scheme") == 2, "the dark theme is no longer one block of colours"
    for declaration in filter(None, (d.strip() for d in dark.group(1).split(";"))):
        assert re.fullmatch(r"--[a-z-]+:\s*#[0-9a-f]{3,6}", declaration), declaration
    for script in SITE_CSS.parent.glob("*.js"):
        assert "color-scheme" not in script.read_text(), f"{script.name} reads the colour scheme"
    from axe_playwright_python.sync_playwright import Axe
    page = browser.new_page()
    try:
        page.evaluate(Axe().axe_script)
        coloured = page.evaluate("(tags) => axe.getRules(tags).filter(r => r.tags.includes('cat.color'))"
                                 ".map(r => r.ruleId)", WCAG["runOnly"]["values"])
    finally:
        page.close()
    assert sorted(coloured) == sorted(COLOUR_RULES)
