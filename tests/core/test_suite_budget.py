"""The suite's wall-time budget (tests/conftest.py, README "Tests"): a CI run (CI=true) that
takes more than REFEREE_SUITE_BUDGET seconds by more than REFEREE_SUITE_SLACK fails, saying so;
the same run outside CI, or within its budget, passes. Each case runs a short pytest session."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run(**env: str) -> subprocess.CompletedProcess:
    # only the plugin the session needs (xdist, for -n 0 and the conftest's scheduler hook): the
    # others (schemathesis, hypothesis, anyio) cost 0.6 CPU-s of imports a session
    return subprocess.run([sys.executable, "-m", "pytest", "tests/core/test_readme_layout.py", "-p", "xdist", "-n", "0",
                           "-q", "-p", "no:cacheprovider"], check=False, cwd=ROOT, capture_output=True, text=True,
                          timeout=300, env={**os.environ, "PYTHONPATH": str(ROOT), "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1",
                                            **env})


def test_a_ci_run_over_its_budget_fails_and_says_so():
    over = _run(CI="true", REFEREE_SUITE_BUDGET="0.0001", REFEREE_SUITE_SLACK="0.2")
    assert over.returncode == 1, over.stdout[-2000:]
    assert "more than its budget" in over.stdout and "passed" in over.stdout
    assert "suite wall time:" in over.stdout and "checked:" in over.stdout


def test_within_budget_or_outside_ci_passes():
    assert _run(CI="true", REFEREE_SUITE_BUDGET="3600").returncode == 0
    assert _run(CI="", REFEREE_SUITE_BUDGET="0.0001").returncode == 0
