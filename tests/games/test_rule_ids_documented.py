"""Every rule id a game's code can cite in a refusal is explained on its player page.

A refused move names a rule id (`IllegalMove(message, rule)`); the web links it to the game's
rules page (`/rules/<game>?rule=<id>#<id>`), which is the package's README.md. So each id the
code can cite needs a line of its own there -- a table row `| K-12 | meaning |` or a list item
`- **IA-5.2** meaning` -- and an anchor on the rendered page.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

from referee.engine.registry import GAME_IDS
from referee.web import rulebook

GAMES_DIR = Path(__file__).resolve().parents[2] / "referee" / "games"

# The specs' rule ids: B-15, B-R8, IA-5.2, IA-E1, K-11a, ST-R2, G-R16 (wider than the web's
# rulebook.RULE_ID on purpose, so an id the web cannot link is reported, not overlooked).
RULE_ID = re.compile(r"[A-Z][A-Z0-9]{0,3}-[A-Z]{0,2}\d+(?:\.\d+)*[a-z]?")
_LEAD = re.compile(r"^[\s*`|#(-]+")  # the markup before a table row's or list item's first word
_DEFINES = re.compile(rf"({RULE_ID.pattern})(?![\w.-])[\s*`|:.]*(\S)")


@cache
def cited_ids(game: str) -> frozenset[str]:
    """Every rule id literal in the game's package. Ids reach IllegalMove through helpers
    (`fail(..., rule)`, `need(...)`, decision tables), so all literals count -- except chance
    labels (`label=` or the first argument of `rng.note`), which look alike (Babel's C-1..C-6)."""
    ids: set[str] = set()
    labels: set[str] = set()
    for path in (GAMES_DIR / game).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and RULE_ID.fullmatch(node.value):
                ids.add(node.value)
            elif isinstance(node, ast.Call):
                args = [k.value for k in node.keywords if k.arg == "label"]
                if isinstance(node.func, ast.Attribute) and node.func.attr == "note" and node.args:
                    args.append(node.args[0])
                labels |= {a.value for a in args if isinstance(a, ast.Constant)}
    return frozenset(ids - labels)


def explained_ids(readme: str) -> set[str]:
    """Ids that open a line of the page (a table row or list item) followed by their meaning."""
    return {m.group(1) for line in readme.splitlines() if (m := _DEFINES.match(_LEAD.sub("", line)))}


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_rule_id_the_code_can_cite_is_explained_on_the_player_page(game):
    cited = cited_ids(game)
    readme = (GAMES_DIR / game / "README.md").read_text(encoding="utf-8")
    assert cited, f"no rule ids found in referee/games/{game}"
    missing = cited - explained_ids(readme)
    assert not missing, f"{game}/README.md lacks a line explaining {sorted(missing)}"


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_rule_id_the_code_can_cite_has_an_anchor_on_the_rules_page(game):
    cited = cited_ids(game)
    anchors = set(rulebook.player_page(game)[1])
    unlinkable = {r for r in cited if not rulebook.RULE_ID.fullmatch(r)}
    assert not unlinkable, f"referee/web/rulebook.py RULE_ID does not recognise {sorted(unlinkable)}"
    assert not cited - anchors, sorted(cited - anchors)
