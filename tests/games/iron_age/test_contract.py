"""The engine contract around the rules: prompts and defaults (RULES.md §7), end_turn, seats and
phases, view/redact, check_state, schemas, corrected component data, purity of apply."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest

from referee.engine.base import ComponentError
from referee.engine.contract import IllegalMove
from referee.engine.schemas import check
from referee.games.iron_age.rules import GameRules
from referee.games.iron_age.turn import DECISIONS
from tests.games.iron_age.positions import RULES, assert_valid, play, position, rejected, rng, sample_states


SAMPLES = sample_states()


def test_prompts_defaults_are_legal_listed_and_schema_valid():
    kinds = set()
    for st in SAMPLES:
        for p in RULES.prompts(st):
            kinds.add(p.kind)
            assert p.default == RULES.default_move(st, p.seat)
            assert not check("games/iron_age/move.json", p.default)
            RULES.apply(st, p.seat, p.default, rng("default"))
            if p.choices is not None:
                assert p.choices[0] == p.default
                assert len(p.choices) <= 300
                for m in p.choices:
                    assert not check("games/iron_age/move.json", m), m
    assert kinds == {"initial_choice", "roll", "omen", "assign", "conquest", "tribute_response", "build", "buy",
                     "convert"}


def test_every_listed_choice_is_accepted():
    for st in SAMPLES[::7]:
        for p in RULES.prompts(st):
            for m in p.choices or []:
                RULES.apply(st, p.seat, m, rng("choice"))


def test_apply_never_changes_its_input():
    for st in SAMPLES[::5]:
        before = copy.deepcopy(st)
        for p in RULES.prompts(st):
            move = (p.choices or [p.default])[-1]
            RULES.apply(st, p.seat, move, rng("pure"))
        assert st == before


def test_end_turn_plays_the_defaults_of_the_rest_of_the_turn():
    st = position(2, faces=["food_or_workers", "goods"], fate="conquest_1", players={0: {"military": 3, "goods": 14}})
    out = play(st, 0, {"type": "end_turn"})
    me = out["players"][0]
    assert out["active_seat"] == 1 and out["round"] == 2
    assert (me["military"], me["tribute"], me["food"], me["goods"], me["wealth"]) == (3, 0, 3 + 2 - 1, 15, 0)


def test_end_turn_does_not_answer_tribute_for_the_opponents():
    st = position(2, faces=["food", "food"], fate="tribute_1", players={0: {"military": 5}, 1: {"goods": 2}})
    st = play(st, 0, {"type": "end_turn"})
    assert st["phase"] == "tribute" and [p.seat for p in RULES.prompts(st)] == [1]
    assert st["turn"]["end_turn"]
    out = play(st, 1, {"type": "tribute_response", "deny": True})
    assert out["active_seat"] == 1 and out["phase"] == "roll"  # the rest of seat 0's turn ran on defaults


def test_end_turn_is_not_a_setup_or_tribute_answer():
    rejected(RULES.setup(2, {"start_player": 0}, rng()), 0, {"type": "end_turn"}, "IA-S3", "wrong_move")
    st = play(position(2, faces=["food", "food"], fate="tribute_1", players={0: {"military": 5}, 1: {"goods": 2}}),
              0, {"type": "stop_rolling"})
    rejected(st, 1, {"type": "end_turn"}, "IA-4.5", "wrong_move")


@pytest.mark.parametrize("phase", ["roll", "omen", "assign", "conquest", "build", "buy", "convert"])
def test_only_the_active_seat_decides_its_turn(phase):
    extra = {"omen": {"fate": "omen"}, "assign": {"faces": ["food_or_workers", "food"]},
             "conquest": {"fate": "conquest_1"}}.get(phase, {})
    st = position(3, phase=phase, active=1, players={1: {"goods": 8, "military": 2}}, **extra)
    move = RULES.default_move(st, 1)
    rejected(st, 0, move, DECISIONS[phase].rule, "not_your_decision")
    rejected(st, 2, move, DECISIONS[phase].rule, "not_your_decision")
    rejected(st, 1, {"type": "initial_choice", "choice": "port"}, DECISIONS[phase].rule, "wrong_move")
    rejected(st, 1, {"kind": "nothing"}, DECISIONS[phase].rule, "wrong_move")
    with pytest.raises(IllegalMove):
        RULES.default_move(st, 0)


def test_view_is_the_whole_state_plus_scores_and_redact_shows_moves():
    st = position(2, players={0: {"tribute": 4, "skulls": 1, "wealth": 2}})
    for viewer in (0, 1, None):
        v = RULES.view(st, viewer)
        assert {k: v[k] for k in st} == st
        assert v["derived"]["scores"] == [4 - 1 + 4, 0]
        assert v["derived"]["strength"] == [1, 1]
    move = {"type": "reroll", "empire": [0], "fate": True}
    assert RULES.redact(st, move, 0, 1) is move and RULES.redact(st, move, 0, None) == move


def test_check_state_reports_broken_invariants():
    st = position(2, players={0: {"developments": ["agriculture"]}})
    assert RULES.check_state(st) == []
    bad = copy.deepcopy(st)
    bad["players"][0]["food"] = 16
    bad["players"][1]["developments"] = [{"id": "navy", "round": 1}, {"id": "navy", "round": 1}]
    bad["players"][0]["ports"][3]["amphoras_filled"] = 7
    problems = RULES.check_state(bad)
    assert any("food 16" in p for p in problems)
    assert any("owned twice" in p for p in problems)
    assert any("port 4" in p for p in problems)
    done = {"monuments": {"mausoleum": {"boxes_filled": 6, "complete": True, "points": 5}}}
    two_first = position(2, players={0: done, 1: done}, check_valid=False)
    two_first["monument_first_by"]["mausoleum"] = 0
    assert any("first-completion" in p for p in RULES.check_state(two_first))
    wrong_prompt = copy.deepcopy(st)
    wrong_prompt["pending_decisions"][0]["seat"] = 1
    assert any("pending_decisions" in p for p in RULES.check_state(wrong_prompt))
    transient = copy.deepcopy(st)
    transient["phase"] = "feed_disaster"
    assert any("automatically" in p for p in RULES.check_state(transient))
    locked = copy.deepcopy(st)
    locked["turn"]["locked"] = [True, False]
    assert any("IA-1.3" in p for p in RULES.check_state(locked))
    early = copy.deepcopy(st)
    early["players"][0]["developments"][0]["round"] = early["round"]  # "bought" before Phase 6
    assert any("before buying" in p for p in RULES.check_state(early))


def test_check_state_reports_malformed_states_without_crashing():
    st = position(2)
    broken = copy.deepcopy(st)
    del broken["players"][1]["goods"]
    assert RULES.check_state(broken)
    assert RULES.check_state({"phase": "roll"})
    assert check("games/iron_age/state.json", broken)


def test_state_schema_accepts_every_sampled_state():
    for st in SAMPLES[::9]:
        assert_valid(st)


def test_corrected_component_data_changes_behaviour_without_code_changes():
    data = GameRules.bundled_components()
    data["empire_dice"]["faces"][0]["yields"]["food"] = 5
    data["fate_die"]["faces"][5]["delta"] = 2
    data["tracks"]["food"]["max"] = 30
    data["developments"][0]["cost"] = 1
    data["conquest_area"]["boxes_total"] = 2
    rules = GameRules(data)
    st = position(2, faces=["food", "food"], fate="harvest", players={0: {"food": 12}}, rules=rules)
    out = play(st, 0, {"type": "stop_rolling"}, rules=rules)
    assert out["players"][0]["food"] == 12 + 2 * (5 + 2) - 1  # above the old maximum of 15
    st = position(2, phase="buy", fate="harvest", players={0: {"goods": 1}}, rules=rules)
    assert play(st, 0, {"type": "buy", "development": "agriculture", "payment": {"goods": 1}}, rules=rules)
    st = play(position(2, fate="conquest_1", players={0: {"military": 9, "conquest_boxes_filled": 2}}, rules=rules),
              0, {"type": "stop_rolling"}, rules=rules)
    p = play(st, 0, {"type": "conquest", "attack": True}, rules=rules)["players"][0]
    assert (p["tribute"], p["conquest_boxes_filled"]) == (7, 2)


def test_component_data_is_validated_at_load():
    data = GameRules.bundled_components()
    bad = copy.deepcopy(data)
    bad["developments"][0]["effects"] = [{"type": "free_lunch", "delta": 1}]
    with pytest.raises(ComponentError):
        GameRules(bad)
    overlap = copy.deepcopy(data)
    overlap["disasters"][1]["skulls_rolled"] = [1, 2]
    with pytest.raises(ComponentError):
        GameRules(overlap)
    dangling = copy.deepcopy(data)
    dangling["developments"][2]["effects"] = [{"type": "immune_disaster", "disaster": "meteor"}]
    with pytest.raises(ComponentError):
        GameRules(dangling)


def test_bundled_components_are_the_shared_file():
    shared = Path("/work/shared/games/iron_age/components.json")
    if not shared.exists():
        pytest.skip("shared spec folder not present")
    assert GameRules.bundled_components() == json.loads(shared.read_text())


def test_options_schema_matches_setup():
    for ok in ({}, {"length": "long"}, {"start_player": 1, "solo": False}):
        assert not check("games/iron_age/options.json", ok)
    for bad in ({"length": "medium"}, {"colour": 1}, {"solo": "yes"}):
        assert check("games/iron_age/options.json", bad)


def test_random_seeded_games_replay_identically():
    rnd = random.Random(5)
    st = RULES.setup(2, {"start_player": 0}, rng("rep", 1))
    st2 = copy.deepcopy(st)
    for n in range(2, 60):
        if st["game_over"]:
            break
        p = rnd.choice(RULES.prompts(st))
        m = rnd.choice(p.choices) if p.choices is not None else p.default
        st = RULES.apply(st, p.seat, m, rng("rep", n))
        st2 = RULES.apply(st2, p.seat, m, rng("rep", n))
        assert st == st2


def test_state_schema_rejects_malformed_positions():
    st = position(2)
    for path, value in ((("players", 0, "goods"), -1), (("turn", "empire_faces", 0), 3), (("phase",), "lunch"),
                        (("turn", "rolls_used"), 4), (("players", 1, "initial_choice"), "castle"),
                        (("players", 0, "ports", 2, "complete"), "yes")):
        bad = copy.deepcopy(st)
        target = bad
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        assert check("games/iron_age/state.json", bad), path
    extra = copy.deepcopy(st)
    extra["players"][0]["gold"] = 3
    assert check("games/iron_age/state.json", extra)
