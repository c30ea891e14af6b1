"""The board is data (K-5..K-7), the schemas, and check_state on bad positions."""

from __future__ import annotations

import copy
import random

import pytest

from referee.engine.base import ComponentError
from referee.engine.schemas import check
from referee.games.khronos.rules import GameRules
from tests.games.khronos.policy import move_gen
from tests.games.khronos.positions import BUNDLED, Pos, components
from tests.playout import random_playout


def test_bundled_components_match_the_schema_and_the_spec_tables():
    assert check("games/khronos/components.json", BUNDLED) == []
    g = GameRules().data
    assert sum(k.tiles for k in g.kinds.values()) == BUNDLED["tile_total"]["value"]
    assert len(g.cards) == 55 and g.boards["might"].rows == 11 and len(g.boards["reason"].hamlets) == 10


def test_a_corrected_board_plays_whole_games_by_its_data():
    comp = components(rows=7, cols=9, terrain=["PPPPFPPPP", "PPMMFPPPP", "PPPPRRPPP", "PPPPPRPPP",
                                               "FFPPPRPPP", "PPPPPRMMP", "PPPPPPPPP"],
                      hamlets=[[0, 0], [3, 2], [6, 8]])
    comp["buildings"][2]["value"] = 3  # a corrected fortress value
    rules = GameRules(comp)
    for i in range(3):
        out = random_playout(rules, 3, {"holdem": i == 1}, f"small-{i}".encode(), random.Random(i), move_gen=move_gen)
        assert out["result"]["reason"] == "end"
    assert rules.data.value("military", 3) == 3


def test_bad_component_data_is_refused():
    comp = copy.deepcopy(BUNDLED)
    comp["board"]["ages"]["might"]["terrain"][0] = "PPX"
    with pytest.raises(ComponentError):
        GameRules(comp)


def test_every_state_and_move_of_a_game_matches_the_schemas():
    rules = GameRules()
    st = rules.setup(4, {"holdem": True}, __import__("referee.engine.rng", fromlist=["Rng"]).Rng(b"sch", 1))
    pick = random.Random(1)
    from referee.engine.rng import Rng
    for i in range(200):
        if rules.result(st):
            break
        assert check("games/khronos/state.json", st) == []
        pr = rules.prompts(st)[0]
        move = pick.choice(pr.choices) if pr.choices else move_gen(rules, st, pr, pick)
        assert check("games/khronos/move.json", move) == []
        st = rules.apply(st, pr.seat, move, Rng(b"sch", i + 2))


def test_check_state_finds_broken_positions():
    pos = Pos()
    pos.put("might", "military", 2, (0, 0), 0)
    pos.put("might", "civil", 1, (1, 1))
    assert any("overlap" in p for p in pos.rules.check_state(pos.st))
    pos = Pos()
    pos.put("might", "military", 2, (7, 7), 0)
    assert any("leaves the board" in p for p in pos.rules.check_state(pos.st))
    pos = Pos()
    pos.put("might", "military", 2, (0, 0), 0)
    pos.put("might", "military", 2, (0, 2), 1)
    assert any("K-24" in p for p in pos.rules.check_state(pos.st))
    pos = Pos()
    pos.st["players"][0]["hand"].append(pos.st["deck"][0])
    assert any("conserved" in p for p in pos.rules.check_state(pos.st))
    pos = Pos()
    pos.st["supply"]["civil_1"] -= 1
    assert any("tile count" in p for p in pos.rules.check_state(pos.st))
    pos = Pos()
    pos.st["players"][1]["coins"] = -1
    assert any("negative" in p for p in pos.rules.check_state(pos.st))
    pos = Pos()
    pos.put("reason", "civil", 1, (0, 0), cubes=[0, 0])
    assert any("more than" in p for p in pos.rules.check_state(pos.st))
    comp = components()
    comp["per_player"]["control_cubes"] = 1
    pos = Pos(comp=comp)
    pos.put("reason", "civil", 2, (0, 0), cubes=[0, 0])
    assert any("cubes on the board" in p for p in pos.rules.check_state(pos.st))
    assert GameRules().check_state({"players": 3})


def test_component_data_read_back_with_sorted_keys_sets_up_the_same_game():
    """The service stores the component data as canonical JSON (sorted keys) and replays from it:
    nothing may depend on the order of keys in the data."""
    import json

    from referee.engine.rng import Rng
    stored = json.loads(json.dumps(BUNDLED, sort_keys=True))
    fresh, replayed = GameRules(), GameRules(stored)
    assert fresh.data.cards == replayed.data.cards
    assert fresh.setup(3, {"holdem": True}, Rng(b"k", 1)) == replayed.setup(3, {"holdem": True}, Rng(b"k", 1))


def test_a_whole_game_replays_identically_from_stored_component_data():
    """As the service and `referee verify` do: a cold replay with the component data read back from
    the log (sorted keys) reproduces every state of a game played live."""
    import json

    from referee.engine.replay import advance, initial
    live, cold = GameRules(), GameRules(json.loads(json.dumps(BUNDLED, sort_keys=True)))
    seed, pick = b"cold-replay", random.Random(4)
    step = initial(live, seed, 4, {"holdem": True}, None)
    again = initial(cold, seed, 4, {"holdem": True}, None)
    assert step.state_hash == again.state_hash
    seq = 1
    while live.result(step.state) is None:
        pr = live.prompts(step.state)[0]
        move = pick.choice(pr.choices) if pr.choices else move_gen(live, step.state, pr, pick)
        seq += 1
        step = advance(live, seed, step.state, seq, "move", pr.seat, {"move": move})
        again = advance(cold, seed, again.state, seq, "move", pr.seat, {"move": move})
        assert step.state_hash == again.state_hash, seq
