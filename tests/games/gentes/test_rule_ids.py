"""Every rule id of the spec (RULES.md, rulings included) is named in a test of this folder
(issue 20). This only adds to the real tests, which are named for the rules they check; it
keeps a new or renumbered rule from going untested unnoticed."""

from __future__ import annotations

import re
from pathlib import Path

# shared/ lies beside the repository (CI and the developers' machines); /work/shared here.
SPECS = [Path(__file__).resolve().parents[4] / "shared" / "games" / "gentes" / "RULES.md",
         Path("/work/shared/games/gentes/RULES.md")]
HERE = Path(__file__).parent
RULE_ID = re.compile(r"\bG-R?\d+(?:\.\d+)?[a-z]?\b")


def spec_ids() -> set[str]:
    spec = next((p for p in SPECS if p.exists()), SPECS[0])
    return set(RULE_ID.findall(spec.read_text(encoding="utf-8")))


def named_in_tests(rule: str, text: str) -> bool:
    """The id as written (`"G-22"`) or in a test name (`test_G_22_…`, `G_R20`)."""
    written = re.search(rf"(?<![\w-]){re.escape(rule)}(?![\d.])", text)
    in_name = re.search(rf"(?<![A-Za-z0-9]){rule.replace('-', '_')}(?![\dR])", text)
    return bool(written or in_name)


def test_every_rule_id_of_the_spec_is_named_in_a_test():
    ids = spec_ids()
    assert {"G-1", "G-22", "G-63", "G-R1", "G-R23"} <= ids
    text = "".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_*.py") if p.name != Path(__file__).name)
    missing = sorted(i for i in ids if not named_in_tests(i, text))
    assert not missing, missing
