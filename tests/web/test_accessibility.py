"""Issue 38: axe-core's WCAG 2.1 A and AA rules find nothing on any page a person meets, at
1280 px and at 390 px: the games list, the create form and the page it leads to, the lobby,
signing in (form and confirmation), my games and my alerts, an open table's join page, each
game's rules, a game as a spectator, in its history and as the seat whose move is half built
(each of the five games, advanced over HTTP), its mail and alerts pages, the mail list, a
tournament, the leaderboards and a profile.

The axe source bundled by `axe-playwright-python` is run through `page.evaluate` (DevTools'
evaluate is not subject to the pages' strict CSP). The served app is configured as `referee
serve` runs it without an SMTP URL: mail goes to a Maildir, and signing in reads the link there.
"""

from __future__ import annotations

import mailbox
import random
import re
from pathlib import Path

import pytest
import requests
from axe_playwright_python.sync_playwright import Axe

from referee.engine.registry import GAME_IDS
from referee.notify.delivery import deliver_due
from referee.plumbing.config import Config
from tests.conftest import start_server
from tests.web.conftest import Tab
from tests.web.test_text_audit import _play

pytestmark = pytest.mark.one_database

WIDTHS = (1280, 390)
WCAG = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
        "resultTypes": ["violations"]}
ADA = "ada@example.org"


@pytest.fixture
def site(database, tmp_path):
    """The app as `referee serve` runs it with no SMTP URL: its mail lands in a Maildir."""
    srv, running = start_server(database, config=Config(database=database, mail_dir=str(tmp_path / "mail"),
                                                        allow_private_targets=True, secret_key="axe-test"))
    srv.service.config.base_url = srv.url
    yield srv
    running.shutdown()


def maildir_to(site, address: str) -> list:
    """The mails delivered so far to `address`, read from the Maildir (after a delivery pass)."""
    deliver_due(site.service)
    box = mailbox.Maildir(site.service.config.mail_dir, create=False)
    return [m for m in box if address in (m["To"] or "")]


def violations(page, label: str) -> list[str]:
    found = Axe().run(page, options=WCAG).response["violations"]
    return [f"{label}: {v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:4]}"
            for v in found]


def sign_in(site, tab: Tab) -> str:
    """Sign in as Ada through the form and the link mailed to the Maildir; the confirmation page."""
    page = tab.page
    page.goto(f"{site.url}/sign-in")
    page.fill("input[name=email]", ADA)
    with page.expect_navigation():
        page.click("form button[type=submit]")
    body = [m for m in maildir_to(site, ADA) if m["Subject"] == "Your sign-in link"][-1]
    link = re.search(r"https?://\S+/sign-in/\S+", body.get_payload(decode=True).decode()).group(0)
    return link


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


def test_every_page_kind_and_every_game_mid_move_has_no_wcag_violation(site, browser):
    svc = site.service
    pick = random.Random(38)
    games = mid_move(site, pick)
    some = next(iter(games.values()))[1].split("?")[0].rsplit("/", 1)[1]  # a game in play
    table = svc.create_game({"game": "babel", "seats": [{"name": "Ada"}, {"open": True}]})["id"]
    tour = svc.create_tournament({"game": "babel", "format": "round_robin", "seats_per_game": 2,
                                  "players": [{"name": "Ada"}, {"name": "Bo"}, {"name": "Cy"}, {"name": "Di"}]})
    found: list[str] = []
    opened: list[Tab] = []
    cookies = None
    for width in WIDTHS:
        person = Tab(browser.new_context(viewport={"width": width, "height": 900}), f"person-{width}")
        seat = Tab(browser.new_context(viewport={"width": width, "height": 900}), f"seat-{width}")
        opened += [person, seat]
        page = person.page
        if cookies is None:
            link = sign_in(site, person)
            found += violations(page, f"/sign-in (sent) {width}")
            page.goto(link)
            found += violations(page, f"/sign-in/<link> {width}")
            with page.expect_navigation():
                page.click("#confirm")
            cookies = person.context.cookies()
        else:
            person.context.add_cookies(cookies)
        pid = svc.db.conn.execute("SELECT id FROM players WHERE email = ?", (ADA,)).fetchone()[0]
        paths = ["/", "/new", "/lobby", "/sign-in", "/me", "/me/alerts", f"/join/{table}",
                 *[f"/rules/{g}" for g in GAME_IDS], f"/g/{some}", f"/g/{some}?at=2", f"/t/{tour['id']}", "/leaderboard", "/leaderboard/babel", f"/p/{pid}"]
        for path in paths:
            answer = page.goto(site.url + path)
            assert answer.status == 200, (path, answer.status)
            found += violations(page, f"{path} {width}")
        for game, (link, half_built) in games.items():
            seat.page.goto(link)
            answer = seat.page.goto(site.url + half_built)
            assert answer.status == 200 and seat.page.locator(".steps").count() > 0, (game, half_built)
            found += violations(seat.page, f"{game} mid-move {width}")
        gid = half_built.split("?")[0].rsplit("/", 1)[1]  # the pages only a game's seat reads
        for path in (f"/g/{gid}/mail", "/mail", f"/g/{gid}/alerts"):
            answer = seat.page.goto(site.url + path)
            assert answer.status == 200, (path, answer.status)
            found += violations(seat.page, f"{path} {width}")
    errors = {t.name: t.errors for t in opened if t.errors}
    for t in opened:
        t.context.close()
    assert found == [], "\n".join(found)
    assert not errors, f"JavaScript console errors: {errors}"


def test_an_invite_typed_into_the_create_form_reaches_the_invitees_maildir(site, browser):
    tab = Tab(browser.new_context(viewport={"width": 1280, "height": 900}), "creator")
    page = tab.page
    page.goto(f"{site.url}/new")
    page.select_option("select[name=game]", "babel")
    page.fill("input[name=name0]", "Ada")
    page.fill("input[name=invite1]", "bo@example.org")
    with page.expect_navigation():
        page.click("form:has(input[name=invite1]) button[type=submit]")
    assert "/new/created/" in page.url and "Seat 1: Ada" in page.inner_text("main")
    found = violations(page, "/new/created")
    gid = page.url.rstrip("/").rsplit("/", 1)[1]
    [mail] = maildir_to(site, "bo@example.org")
    body = mail.get_payload(decode=True).decode() if not mail.is_multipart() else \
        mail.get_payload(0).get_payload(decode=True).decode()
    assert f"{site.url}/join/{gid}" in body, body
    assert Path(site.service.config.mail_dir, "new").is_dir()
    tab.context.close()
    assert found == [], "\n".join(found)
    assert not tab.errors, tab.errors
