"""`tasks.py` keeps its set-up output short: one line per phase, and a failing phase in full."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _tasks():
    spec = importlib.util.spec_from_file_location("tasks_under_test", ROOT / "tasks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


NOISY = "import sys\nfor i in range(100): print(f'WARNING: noise {i}', file=sys.stderr)\nsys.exit({code})"


def test_a_phase_that_works_prints_one_line(capfd):
    _tasks().phase("installing things", [sys.executable, "-c", NOISY.replace("{code}", "0")])
    out, err = capfd.readouterr()
    assert out == "installing things ...\n" and err == ""


def test_a_phase_that_fails_prints_everything(capfd):
    with pytest.raises(SystemExit) as stopped:
        _tasks().phase("installing things", [sys.executable, "-c", NOISY.replace("{code}", "3")])
    out, _ = capfd.readouterr()
    assert stopped.value.code == 3
    assert "WARNING: noise 0" in out and "WARNING: noise 99" in out and "installing things failed (exit 3)" in out
