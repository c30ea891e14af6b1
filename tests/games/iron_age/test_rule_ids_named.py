"""Every rule id of the spec (/work/shared/games/iron_age/RULES.md, sub-ids and rulings included) is
named in this game's tests (issue 20) -- in addition to the real tests that name them: a rule
nobody names in a test is a rule nobody checked."""

from __future__ import annotations

import re
from pathlib import Path

from referee.games.iron_age.rules import GameRules

HERE = Path(__file__).parent
SPEC = Path("/work/shared/games/iron_age/RULES.md")
ID = re.compile(r"(?<![\w-])((?:B|IA|C)-[A-Z]{0,2}\d+(?:\.\d+)*[a-z]?)(?![\w]|\.\d)")


def spec_ids(text: str) -> set[str]:
    return set(ID.findall(text))


def named(rule: str, tests: str) -> bool:
    """Named as written (B-15, IA-5.2) or as a test name writes it (B_15, IA_5_2)."""
    for v in (rule, rule.replace("-", "_").replace(".", "_")):
        if re.search(r"(?<![A-Za-z0-9])" + re.escape(v) + r"(?![0-9]|[._][0-9])", tests):
            return True
    return False


def test_every_rule_id_of_the_spec_is_named_in_a_test():
    text = SPEC.read_text(encoding="utf-8") if SPEC.exists() else (Path(GameRules.package_dir) / "README.md").read_text()
    ids = spec_ids(text)
    assert len(ids) > 30, ids
    tests = "".join(p.read_text(encoding="utf-8") for p in HERE.rglob("test_*.py") if p.name != Path(__file__).name)
    missing = sorted(i for i in ids if not named(i, tests))
    assert not missing, missing
