"""Browser fixtures: Debian's Chromium driven by Playwright (never a downloaded browser build),
headless, with the flags a closed network needs; a real server on loopback per test.

Each `launch` starts Chromium on a fresh temporary profile (user-data dir); each seat gets its
own browser context, so cookies never mix. Console errors and uncaught page errors are
collected per page and every test asserts there were none.
"""

from __future__ import annotations

import email
import email.policy
import mailbox
import os
import re
from pathlib import Path
from typing import Any

import pytest
import requests

from referee.notify.delivery import deliver_due
from referee.plumbing.config import Config
from tests.conftest import start_server
from tests.modes import LONG

CHROMIUM = os.environ.get("REFEREE_CHROMIUM", "/usr/bin/chromium")
ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("REFEREE_ARTIFACTS", ROOT / "tmp" / "artifacts"))
# Screenshots are for a person to look at, and nothing in the suite reads them: each costs Chromium
# a full-page paint and encoding (~0.2 CPU-s), so the fast suite takes them only when asked.
SHOTS = LONG or os.environ.get("REFEREE_SHOTS") == "1"
FLAGS = ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-default-apps", "--no-first-run", "--disable-dev-shm-usage"]



@pytest.fixture(scope="session")
def browser():
    """Chromium from Debian (`python3 tasks.py test` installs it when it may, as root). A machine
    without it fails these tests with that message rather than passing them by skipping: a
    browser test that did not run proves nothing. `REFEREE_SKIP_BROWSER=1` opts out explicitly."""
    if os.environ.get("REFEREE_SKIP_BROWSER") == "1":
        pytest.skip("REFEREE_SKIP_BROWSER=1")
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run `python3 tasks.py test` as root, or apt-get install chromium")
    from playwright import sync_api
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        yield b
        b.close()


@pytest.fixture
def web(database):
    """A server whose links (game and seat URLs) point at itself."""
    srv, httpd = start_server(database)
    srv.service.config.base_url = srv.url
    yield srv
    httpd.shutdown()


@pytest.fixture
def maildir_site(database, tmp_path):
    """The app as `referee serve` runs it with no SMTP URL: its mail lands in a Maildir."""
    srv, running = start_server(database, config=Config(database=database, mail_dir=str(tmp_path / "mail"),
                                                        allow_private_targets=True, secret_key="maildir-site"))
    srv.service.config.base_url = srv.url
    yield srv
    running.shutdown()


def maildir_to(site, address: str) -> list[tuple[str, str]]:
    """(subject, plain text) of the mails delivered so far to `address`, read from the Maildir
    (after a delivery pass)."""
    deliver_due(site.service)
    box = mailbox.Maildir(site.service.config.mail_dir, create=False,
                          factory=lambda f: email.message_from_binary_file(f, policy=email.policy.default))
    return [(m["Subject"], "".join(p.get_content() for p in m.walk() if p.get_content_type() == "text/plain"))
            for m in box if address in (m["To"] or "")]


WCAG = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
        "resultTypes": ["violations"]}


# The WCAG A/AA rules that read colours (axe's `cat.color`): all a colour scheme can change where
# the schemes differ in colour custom properties only (test_accessibility.py checks both claims).
COLOUR_RULES = ["color-contrast", "link-in-text-block"]
COLOURS = {"runOnly": {"type": "rule", "values": COLOUR_RULES}, "resultTypes": ["violations"]}


def axe_violations(page, label: str, options: dict = WCAG) -> list[str]:
    """What axe-core's WCAG 2.1 A and AA rules (or `options`' rules) find on the page (its bundled
    source is run by `page.evaluate`, which the pages' strict CSP does not apply to), one line per rule."""
    from axe_playwright_python.sync_playwright import Axe
    found = Axe().run(page, options=options).response["violations"]
    return [f"{label}: {v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:4]}"
            for v in found]


class Tab:
    """One page of one browser context, with the console errors it logged."""

    def __init__(self, context, name: str):
        self.context = context
        self.page = context.new_page()
        self.name = name
        self.errors: list[str] = []
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def wait_seq(self, seq: int, timeout: float = 15_000) -> None:
        """Until the page shows event `seq` (by its own live update, or after a post)."""
        self.page.wait_for_selector(f'main#game[data-seq="{seq}"]', timeout=timeout)

    def shot(self, label: str) -> Path | None:
        """A full-page screenshot in the artifacts directory (with --long or REFEREE_SHOTS=1)."""
        if not SHOTS:
            return None
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / f"{label}.png"
        self.page.screenshot(path=str(path), full_page=True)
        return path


@pytest.fixture
def tabs(browser):
    """Open tabs, each in its own context: tabs(name, viewport_width=1200) -> Tab."""
    opened: list[Tab] = []

    def open_tab(name: str, width: int = 1200) -> Tab:
        ctx = browser.new_context(viewport={"width": width, "height": 900})
        tab = Tab(ctx, name)
        opened.append(tab)
        return tab

    yield open_tab
    errors = {t.name: t.errors for t in opened if t.errors}
    for t in opened:
        t.context.close()
    assert not errors, f"JavaScript console errors: {errors}"


def create(web, game: str, names: list[str], options: dict | None = None) -> dict[str, Any]:
    r = requests.post(web.url + "/games", json={"game": game, "seats": [{"name": n} for n in names],
                                                "options": options or {}}, timeout=30)
    assert r.status_code == 201, r.text
    return r.json()


def open_details(page, selector: str) -> None:
    """Open a <details> by clicking its summary, as a person would (unless it is open)."""
    if page.locator(selector).get_attribute("open") is None:
        page.locator(f"{selector} > summary").click()


def seat_session(url: str) -> requests.Session:
    """A plain HTTP client signed in through a personal link (for fast page checks)."""
    s = requests.Session()
    r = s.get(url, timeout=30)
    assert r.ok, r.text
    return s


VIEW_JSON = re.compile(r'<pre id="view-json">(.*?)</pre>', re.S)
SVG = re.compile(r'<div class="picture(?: sectioned)?" id="picture">(.*?)</div>\s*</section>', re.S)
