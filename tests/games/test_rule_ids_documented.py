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


# -- every rule of the spec is named by a test ------------------------------------------------------

SHARED = Path(__file__).resolve().parents[3] / "shared" / "games"  # shared/ lies beside the repository
PREFIXES = {"babel": ("B", "DP"), "iron_age": ("IA",), "khronos": ("K",), "sands_of_time": ("ST",), "gentes": ("G",)}


def spec_ids(game: str) -> set[str]:
    """The rule ids the game's spec (shared/games/<id>/RULES.md) states, sub-ids and rulings included."""
    text = (SHARED / game / "RULES.md").read_text(encoding="utf-8")
    prefix = "|".join(PREFIXES[game])
    return set(re.findall(rf"(?<![\w-])((?:{prefix})-[A-Z]{{0,2}}\d+(?:\.\d+)*[a-z]?)(?![\w]|\.\d)", text))


def named(rule: str, tests: str) -> bool:
    """Named as written (B-15, IA-5.2) or as a test name writes it (B_15, IA_5_2)."""
    return any(re.search(r"(?<![A-Za-z0-9])" + re.escape(v) + r"(?![0-9]|[._][0-9])", tests)
               for v in (rule, rule.replace("-", "_").replace(".", "_")))


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_rule_id_of_the_spec_is_named_in_a_test(game):
    """A rule nobody names in a test is a rule nobody checked (on top of the rule tests, which
    carry their ids in their names)."""
    ids = spec_ids(game)
    assert len(ids) > 30, ids
    here = Path(__file__).parent / game
    tests = "".join(p.read_text(encoding="utf-8") for p in here.rglob("*.py"))
    missing = sorted(i for i in ids if not named(i, tests))
    assert not missing, missing
