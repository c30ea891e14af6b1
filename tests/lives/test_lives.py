"""Every life of a game, fuzzed (issue 36): the stateful model of tests/lives/machine.py over
each database, within a fixed budget, deterministic (derandomized, no example database), then
the coverage of every rule and invariant, printed and asserted.

LIVES_EXAMPLES=N runs N sequences per database instead of the CI budget; LIVES_STEPS=M sets the
steps per sequence. The model's logic is the same over either store: the fast suite runs the full
budget on SQLite and, on PostgreSQL, the kept sequences (the tour takes every rule there) and a
few random lives; `tasks.py test --long` the full budget on both. A failure prints the shrunk sequence as Python calls (`state.create(...)`):
each one found is kept below as a test of its own, so it runs on every commit."""

from __future__ import annotations

import itertools
import os
import shutil
import time

import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis.stateful import run_state_machine_as_test

from referee.service.referee import Referee
from tests.lives.kept import KEPT
from tests.lives.machine import COVERAGE, STEPS, Lives
from tests.lives.world import World
from tests.modes import budget

EXAMPLES = int(os.environ.get("LIVES_EXAMPLES", "8"))
# PostgreSQL's random lives in the fast suite: its store-dependent paths (transactions, claims,
# the outbox) are walked by the kept tour and these; the model's logic is checked by SQLite's 8.
PG_EXAMPLES = int(os.environ.get("LIVES_EXAMPLES", budget(2, 8)))
STEP_COUNT = int(os.environ.get("LIVES_STEPS", "15"))
# LIVES_SHRINK=0 skips shrinking (a failing sequence is printed as found): quicker while developing.
PHASES = [Phase.explicit, Phase.generate] + ([Phase.shrink] if os.environ.get("LIVES_SHRINK", "1") != "0" else [])
SETTINGS = settings(max_examples=EXAMPLES, stateful_step_count=STEP_COUNT, derandomize=True, database=None,
                    deadline=None, phases=PHASES, print_blob=True, report_multiple_bugs=False,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                           HealthCheck.data_too_large])

RULES = [name for name, f in vars(Lives).items() if hasattr(f, "hypothesis_stateful_rule")]
# Rules named by what they did: each must have acted at least once per run.
MUST = ("create", "join", "replace", "start early", "cancel", "release", "rematch", "move from choices",
        "move by steps", "move as text", "move batch", "presets", "takeback request", "takeback accept",
        "takeback refuse", "propose", "vote", "resign", "pause", "resume", "talk all", "talk private",
        "talk note", "mute", "channel", "mail move", "mail command", "mail say", "time passes", "restart",
        "tournament")
INVARIANTS = ("replay and verify", "no leak to a reader", "released token refused", "no leak in mail",
              "one holder per seat", "records on the holder who earned them", "mail per prompt and holder",
              "alerts carry no text", "idempotent retry", "ratings rebuild", "only eligible games rated")


@pytest.fixture
def lives(db_kind, new_database, mail_sink, receiver, tmp_path):
    """A fresh database for each sequence (a copy of one made ready once: migrated, its keys
    made), one mail sink and alert receiver for all."""
    n = itertools.count()
    template = None
    if db_kind == "sqlite":
        template = new_database("template.db")
        Referee(template).db.close()

    def fresh() -> str:
        path = new_database(f"life-{next(n)}.db")
        if template:
            shutil.copyfile(template, path)
        return path

    Lives.make_world = staticmethod(lambda: World(fresh(), mail_sink, receiver))
    COVERAGE.clear()
    STEPS.clear()
    yield Lives
    Lives.make_world = None


def summary(db_kind: str, seconds: float, examples: int) -> str:
    lines = [f"lives [{db_kind}]: {STEPS['sequences']} sequences, {STEPS['steps']} steps that acted, "
             f"in {seconds:.0f} s (LIVES_EXAMPLES={examples}, LIVES_STEPS={STEP_COUNT})"]
    lines += [f"  {k}: {v}" for k, v in sorted(COVERAGE.items())]
    return "\n".join(lines)


def run_kept(machine: type[Lives], name: str) -> None:
    """One kept sequence through the model, its invariants after every step."""
    m = machine()
    try:
        for rule, args in KEPT[name]:
            getattr(m, rule)(**args)
            m.checked()
    except Exception as e:
        raise AssertionError(f"kept sequence {name!r} failed at {rule}({args})") from e
    finally:
        m.teardown()


def test_every_life_keeps_every_invariant(db_kind, lives):
    """The kept sequences (each failure found, and a tour of every rule), then the random lives."""
    t0 = time.monotonic()
    for name in KEPT if os.environ.get("LIVES_KEPT", "1") != "0" else ():  # LIVES_KEPT=0: the random part alone
        run_kept(lives, name)
    examples = EXAMPLES if db_kind == "sqlite" else PG_EXAMPLES
    run_state_machine_as_test(lives, settings=settings(SETTINGS, max_examples=examples))
    text = summary(db_kind, time.monotonic() - t0, examples)
    print("\n" + text)
    if os.environ.get("LIVES_KEPT", "1") == "0":
        return
    missing = [r for r in MUST if not COVERAGE["rule:" + r]] + [i for i in INVARIANTS if not COVERAGE["invariant:" + i]]
    assert not missing, f"not covered in this run: {missing}\n{text}"
