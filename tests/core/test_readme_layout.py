"""The layout the README's "Architecture" section prints is the tree: every folder and module it
names exists, and every one in `referee/` (and in `referee/service/`, where use cases go) is named."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _layout() -> dict[str, set[str]]:
    """Names per folder as the README prints them: {"": top level, "referee/": ..., "referee/service/": ...}."""
    text = (ROOT / "README.md").read_text()
    section = text[text.index("## Architecture"):]
    block = section[section.index("```\n") + 4:]
    block = block[: block.index("```")]
    out: dict[str, set[str]] = {"": set()}
    parents: list[str] = []
    for line in block.splitlines():
        m = re.match(r"^( *)(\S+)(\s{2,}|$)", line)
        if not m or m.group(3) == "" and len(m.group(1)) > 2 * len(parents):
            continue  # a continuation of the line above
        depth = len(m.group(1)) // 2
        name = m.group(2)
        if len(m.group(1)) % 2 or depth > len(parents):
            continue
        parents = parents[:depth]
        folder = "".join(parents)
        out.setdefault(folder, set()).add(name)
        if name.endswith("/"):
            parents.append(name)
    return out


def _tree(folder: Path) -> set[str]:
    return {p.name + ("/" if p.is_dir() else "") for p in folder.iterdir()
            if p.name not in ("__init__.py", "__pycache__") and not p.name.endswith(".egg-info")
            and (p.is_dir() or p.suffix == ".py")}


def test_the_top_level_named_exists():
    layout = _layout()
    assert {"referee/", "schemas/", "migrations/", "deploy/", "tests/"} <= layout[""]
    for name in layout[""]:
        assert (ROOT / name).exists(), name


def test_every_module_of_the_package_is_named_and_nothing_else():
    layout = _layout()
    assert layout["referee/"] == _tree(ROOT / "referee")


def test_every_use_case_module_is_named_and_nothing_else():
    layout = _layout()
    assert layout["referee/service/"] == _tree(ROOT / "referee" / "service")
