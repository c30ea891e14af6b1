"""The package's layers (README, "Architecture"): arrows point down only, and no import circles.

`lint-imports` checks the contracts in setup.cfg ([importlinter]): each layer of `referee/`
(ops > asgi > app > web > api > notify > service > store | games | bots > engine > plumbing) imports only
the layers below it, inside `referee/service/` each domain imports only the domains below it, every top-level module is in a layer, and no game imports another. The
circle check walks the import graph (grimp, the graph import-linter builds; imports under
TYPE_CHECKING and inside functions count too) and names every strongly connected set of modules.

Each check is also run on a copy of the package with one bad import added, to show it fails.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LINT = Path(sys.executable).with_name("lint-imports")

CIRCLES = r"""
import sys, grimp
graph = grimp.build_graph("referee", cache_dir=None)
mods = sorted(graph.modules)
edges = {m: sorted(d for d in graph.find_modules_directly_imported_by(m) if d != m) for m in mods}
index, low, stack, on, found, counter = {}, {}, [], set(), [], [0]
def visit(v):
    index[v] = low[v] = counter[0]; counter[0] += 1; stack.append(v); on.add(v)
    for w in edges[v]:
        if w not in index:
            visit(w); low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = stack.pop(); on.discard(w); comp.append(w)
            if w == v:
                break
        if len(comp) > 1:
            found.append(sorted(comp))
sys.setrecursionlimit(10000)
for m in mods:
    if m not in index:
        visit(m)
for comp in found:
    print(" <-> ".join(comp))
print(len(mods), "modules")
sys.exit(1 if found else 0)
"""


def _copy(tmp_path: Path) -> Path:
    """The package and its contracts, copied where a test may break them."""
    shutil.copytree(ROOT / "referee", tmp_path / "referee", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "setup.cfg", tmp_path / "setup.cfg")
    return tmp_path


def _lint(where: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(LINT), "--no-cache"], cwd=where, env={"PYTHONPATH": str(where), "PATH": ""},
                          capture_output=True, text=True, timeout=300)


def _circles(where: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", CIRCLES], cwd=where, env={"PYTHONPATH": str(where)},
                          capture_output=True, text=True, timeout=300)


def _add_import(where: Path, module: str, line: str) -> None:
    path = where / (module.replace(".", "/") + ".py")
    text = path.read_text()
    head, sep, rest = text.partition("from __future__ import annotations\n")
    path.write_text(head + sep + line + "\n" + rest)


def test_layers_point_down_and_games_are_independent():
    out = _lint(ROOT)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "3 kept, 0 broken" in out.stdout


def test_no_import_circles_in_the_package():
    out = _circles(ROOT)
    assert out.returncode == 0, "import circles:\n" + out.stdout + out.stderr
    assert int(out.stdout.split()[-2]) > 150  # the whole package was read


def test_an_upward_import_breaks_the_layers(tmp_path):
    where = _copy(tmp_path)
    _add_import(where, "referee.engine.hashing", "import referee.web.pages  # an engine module reaching up to the pages")
    out = _lint(where)
    assert out.returncode != 0
    assert "Layers point down only BROKEN" in out.stdout
    assert "referee.engine.hashing -> referee.web.pages" in out.stdout


def test_a_domain_reaching_up_breaks_the_service_domains(tmp_path):
    """play/ lies below tables/ (README, "Architecture"): a move that asked the tables domain
    would tie playing to seating, so the domains' contract names the arrow."""
    where = _copy(tmp_path)
    _add_import(where, "referee.service.play.moves", "from referee.service.tables import join  # noqa")
    out = _lint(where)
    assert out.returncode != 0
    assert "The service's domains point down only BROKEN" in out.stdout
    assert "referee.service.play.moves -> referee.service.tables.join" in out.stdout


def test_the_shared_core_reaching_into_a_domain_breaks_the_service_domains(tmp_path):
    where = _copy(tmp_path)
    _add_import(where, "referee.service.core", "from referee.service.competition import rating_updates  # noqa")
    out = _lint(where)
    assert "The service's domains point down only BROKEN" in out.stdout
    assert "referee.service.core -> referee.service.competition.rating_updates" in out.stdout


def test_one_game_importing_another_breaks_independence(tmp_path):
    where = _copy(tmp_path)
    _add_import(where, "referee.games.babel.board", "from referee.games.khronos import data  # noqa")
    out = _lint(where)
    assert "Games know nothing of each other BROKEN" in out.stdout


def test_a_circle_is_found_even_through_a_type_checking_import(tmp_path):
    where = _copy(tmp_path)
    _add_import(where, "referee.service.core", "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                               "    from referee.service.referee import Referee")
    out = _circles(where)
    assert out.returncode == 1
    assert "referee.service.core" in out.stdout and "referee.service.referee" in out.stdout
