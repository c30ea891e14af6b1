"""Which tests run on SQLite only (tests/conftest.py, README "Tests"). A test of what lies above
the store may be marked `one_database`; a test of store behaviour may not: not the files that
test the store itself, and no test whose name says it checks races, kills, claims, wake-ups,
idempotency, paging or filtering queries, ratings or erasure. A file marked as a whole is named
in the README. Read from the files' syntax, without collecting them (a few milliseconds)."""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

from tests.conftest import BOTH_DATABASES, TESTS

README = Path(TESTS).parent / "README.md"

# Files whose every test is store behaviour: none of their tests may run on one database only.
STORE_FILES = ("core/test_store.py", "core/test_snapshots.py", "core/test_cli.py", "flow/test_races.py",
               "flow/test_idempotent_races.py", "flow/test_kill_under_load.py", "flow/test_deadlines.py",
               "flow/test_ratings.py", "flow/test_notifications.py", "flow/test_mail_failures.py",
               "flow/test_tournaments.py", "archive/test_data_rights.py", "notify/test_digest.py",
               "notify/test_web_push.py")
STORE_WORDS = re.compile(r"(^|_)(rac(e|es|ing)|concurrent|kill(ed)?|crash(ed)?|restarts?|idempoten\w*|lease|claim(ed|s)?"
                         r"|rebuil[dt]|erasure|survives|exactly_once|twice|keyset|reconnect|streams?|long_poll"
                         r"|filters?|rated|ratings|upgrades?|migrat\w*|one_winner|at_once)(_|$)")


def _one_database(node: ast.expr, aliases: set[str]) -> bool:
    node = node.func if isinstance(node, ast.Call) else node
    return (isinstance(node, ast.Attribute) and node.attr == "one_database") or \
        (isinstance(node, ast.Name) and node.id in aliases)


@functools.cache
def marked_tests() -> dict[str, tuple[bool, list[str]]]:
    """Each test file of the twice-run folders: (marked as a whole, its tests marked one by one)."""
    found = {}
    for folder in BOTH_DATABASES:
        for path in sorted(Path(TESTS, folder).glob("test_*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            aliases, whole = set(), False
            for node in tree.body:
                if isinstance(node, ast.Assign) and _one_database(node.value, set()):
                    names = {t.id for t in node.targets if isinstance(t, ast.Name)}
                    whole |= "pytestmark" in names
                    aliases |= names - {"pytestmark"}
            tests = [n.name for n in tree.body if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")
                     and (whole or any(_one_database(d, aliases) for d in n.decorator_list))]
            found[f"{folder}/{path.name}"] = (whole, tests)
    return found


def test_no_test_of_store_behaviour_runs_on_one_database_only():
    marked = marked_tests()
    assert all(not marked[f][1] for f in STORE_FILES), {f: marked[f][1] for f in STORE_FILES if marked[f][1]}
    named = [t for _, tests in marked.values() for t in tests if STORE_WORDS.search(t)]
    assert named == [], f"these tests say they check store behaviour: run them on both databases: {named}"


def test_the_readme_names_every_file_that_runs_on_one_database():
    text = README.read_text(encoding="utf-8")
    named = set()
    for m in re.finditer(r"tests/([\w/]*)(?:\{([\w,]+)\})?(\w*)\.py", text):
        named |= {f"{m.group(1)}{part}{m.group(3)}.py" for part in (m.group(2) or "").split(",")}
    whole = [f for f, (is_whole, _) in marked_tests().items() if is_whole]
    assert whole and [f for f in whole if f not in named] == []
