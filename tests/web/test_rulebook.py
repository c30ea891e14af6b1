"""The rules pages: a game's player page as escaped HTML with exactly one anchor per rule id."""

from __future__ import annotations

import re

import pytest

from referee.engine.registry import GAME_IDS
from referee.web.rulebook import RULE_ID, player_page, render


@pytest.mark.parametrize("game", GAME_IDS)
def test_one_anchor_per_rule_id(game):
    html, ids = player_page(game)
    anchors = re.findall(r'<span class="anchor" id="([^"]+)"></span>', html)
    assert sorted(anchors) == sorted(set(anchors)) == sorted(ids)
    for rid in ids:
        assert RULE_ID.fullmatch(rid)


def test_defining_item_gets_the_anchor_and_text_is_escaped():
    md = "See B-R1 first.\n\n- **B-R1** start player: `<b>` & co\n- B-2 *x*\n"
    html, ids = render(md, "babel")
    assert set(ids) == {"B-R1", "B-2"}
    li = re.search(r"<li>(.*?)</li>", html).group(1)
    assert li.startswith('<span class="anchor" id="B-R1">')  # the ruling, not the first mention
    assert "<code>&lt;b&gt;</code> &amp; co" in li and "<b>" not in html
