"""Running games survive upgrades: logs recorded with earlier code still verify and replay.

tests/corpus/logs holds finished games recorded through the service (clocks, timeouts, pauses,
a resignation, moves by mail) by `python -m tests.corpus.make_corpus` on the day each was made.
Every change must leave each of them verifying in full: the chain, the seed commitment, every
digest, every chance record, every state hash and the result. A rules fix that has to change
behaviour raises the game's rules version instead (README, "Upgrades").
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.engine.verify import verify_events

LOGS = sorted((Path(__file__).parent.parent / "corpus" / "logs").glob("*.jsonl"))


def test_corpus_covers_every_kind_of_event():
    types = {json.loads(line)["type"] for p in LOGS for line in p.open()}
    assert {"move", "timeout", "paused", "resumed", "pause_requested", "resigned", "game_ended",
            "seed_revealed"} <= types
    games = {json.loads(p.open().readline())["payload"]["game"] for p in LOGS}
    assert {"babel", "iron_age"} <= games


@pytest.mark.parametrize("path", LOGS, ids=[p.stem for p in LOGS])
def test_recorded_game_still_verifies_and_replays(path: Path):
    events = [json.loads(line) for line in path.open()]
    report = verify_events(events)
    assert report.level == "full", report.to_json()
    assert report.ok, report.to_json()


@pytest.mark.parametrize("path", LOGS[:1], ids=[p.stem for p in LOGS[:1]])
def test_a_changed_move_is_caught(path: Path):
    """The check can fail: altering one recorded move is reported at that event."""
    events = [json.loads(line) for line in path.open()]
    target = next(e for e in events if e["type"] == "move")
    target["payload"]["state_hash"] = "0" * len(target["payload"]["state_hash"])
    report = verify_events(events)
    assert not report.ok and report.divergence["seq"] == target["seq"]
