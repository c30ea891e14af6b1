"""Every rule id of the Khronos spec (RULES.md, sub-ids such as K-20.1 and the rulings K-Rn
included) is named by a test of this folder, written as the id or as a test name (K_20_1).
This is a check on top of the rule tests themselves, which each carry their ids."""

from __future__ import annotations

import re
from pathlib import Path

SPEC = Path("/work/shared/games/khronos/RULES.md")
HERE = Path(__file__).parent
ID = re.compile(r"\bK-(?:R)?\d+(?:\.\d+)?[a-z]?(?![\w.])")


def spec_ids(text: str) -> set[str]:
    return set(ID.findall(text))


def test_every_rule_id_of_the_spec_is_named_in_a_test():
    ids = spec_ids(SPEC.read_text(encoding="utf-8")) if SPEC.exists() else set()
    readme = (HERE.parents[2] / "referee" / "games" / "khronos" / "README.md").read_text(encoding="utf-8")
    ids |= spec_ids(readme)
    assert {"K-20.1", "K-11a", "K-R24", "K-45"} <= ids
    tests = "\n".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_*.py") if p.name != Path(__file__).name)
    missing = {i for i in ids
               if not re.search(rf"(?<![A-Za-z0-9])({re.escape(i)}|{i.replace('-', '_').replace('.', '_')})(?![0-9a-z]|\.\d)", tests)}
    assert not missing, sorted(missing)
