"""Every link of every player page (/rules/<id>, in English and German) leads somewhere: an anchor of the page, a page
of this site that answers 200 (and holds the anchor it names), or a well-formed web address.
No page cites a file the repository does not contain (RULES.md)."""

from __future__ import annotations

import html
import re
from urllib.parse import urlsplit

import pytest
import requests

from referee.engine.registry import GAME_IDS

HREF = re.compile(r'<a\b[^>]*\bhref="([^"]*)"')
IDS = re.compile(r'\bid="([^"]+)"')


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", GAME_IDS)
def test_every_link_of_the_player_page_resolves(web, game, lang):
    page = requests.get(f"{web.url}/rules/{game}", headers={"Accept-Language": lang}, timeout=30)
    assert f'<html lang="{lang}">' in page.text
    assert page.status_code == 200
    assert "RULES.md" not in page.text
    assert f'href="/rules/{game}"' in page.text  # the page points at itself, not at a missing file
    ids = set(IDS.findall(page.text))
    fetched: dict[str, str] = {}
    links = [html.unescape(h) for h in HREF.findall(page.text)]
    assert len(links) > 10
    for href in links:
        parts = urlsplit(href)
        if parts.scheme in ("http", "https"):
            assert parts.netloc and " " not in href, href
            continue
        assert not parts.scheme and not parts.netloc, href
        if parts.path:
            if parts.path not in fetched:
                r = requests.get(web.url + parts.path, timeout=30)
                assert r.status_code == 200, href
                fetched[parts.path] = r.text
            target_ids = set(IDS.findall(fetched[parts.path]))
        else:
            target_ids = ids
        if parts.fragment:
            assert parts.fragment in target_ids, href
