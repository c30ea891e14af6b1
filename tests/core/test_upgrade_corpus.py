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


def test_patch_replays_under_the_newest_rules_and_names_the_divergence(tmp_path):
    """`referee patch GAME_ID`: a game replays identically under the newest version, or the
    command names the first event where it would diverge (Babel v1 -> v2 differs at setup,
    whose deal records gained a public count)."""
    from click.testing import CliRunner

    from referee.ops.cli import main
    from referee.service.referee import Referee

    db = tmp_path / "r.db"
    svc = Referee(str(db))
    gid = svc.create_game({"game": "babel", "seats": [{"name": "A"}, {"name": "B"}], "options": {"first_seat": 0}})["id"]
    svc.submit_move(gid, 0, {"move": {"type": "finish_first_turn"}})
    out = CliRunner().invoke(main, ["--database", str(db), "patch", gid])
    assert out.exit_code == 0 and json.loads(out.output)["replays_identically"] is True

    v1 = next(p for p in LOGS if p.stem.startswith("babel"))
    events = [json.loads(line) for line in v1.open()]
    assert events[0]["payload"]["rules_version"] == "1"
    assert verify_events(events).ok
    moved = verify_events(events, rules_version="2")
    assert not moved.ok and moved.divergence == {"seq": 1, "what": "setup chance records differ from a replay"}
