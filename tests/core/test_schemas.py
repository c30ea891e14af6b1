"""The compiled validators (fastjsonschema) judge exactly as the 2020-12 schemas do (jsonschema).

The service asks the compiled code for every verdict and jsonschema only for the errors of a
refused body, so any disagreement would let a bad body through or refuse a good one.
"""

from __future__ import annotations

import copy
import random
from typing import Any, Iterator

import pytest
from jsonschema import Draft202012Validator

from referee.engine.registry import GAME_IDS, rules_for
from referee.engine.replay import advance, initial
from referee.engine.schemas import _validator, as_draft7, registry, validator_for
from referee.plumbing.paths import SCHEMAS

ODD_VALUES = [None, 0, 1, 7, -1, 2**40, 1.5, "medes", "M01", "", "x" * 300, [], [0, 0], ["medes"], {}, True]


def _mutations(doc: Any, rnd: random.Random, n: int) -> Iterator[Any]:
    """Documents near `doc`: one value replaced, one key dropped or added, one list shortened
    or lengthened, at a random depth."""
    for _ in range(n):
        new = copy.deepcopy(doc)
        parent, key = None, None
        node = new
        for _ in range(rnd.randint(0, 4)):
            if isinstance(node, dict) and node:
                parent, key = node, rnd.choice(sorted(node))
            elif isinstance(node, list) and node:
                parent, key = node, rnd.randrange(len(node))
            else:
                break
            node = parent[key]
        what = rnd.randrange(4)
        if parent is None:
            yield rnd.choice(ODD_VALUES)
            continue
        if what == 0:
            parent[key] = rnd.choice(ODD_VALUES)
        elif what == 1 and isinstance(parent, dict):
            del parent[key]
        elif what == 2 and isinstance(parent, dict):
            parent[rnd.choice(["zz", "type", "seat", "id"])] = rnd.choice(ODD_VALUES)
        elif isinstance(node, list) and node and rnd.random() < .5:
            del node[rnd.randrange(len(node)):]
        elif isinstance(node, list):
            node.append(copy.deepcopy(node[0]) if node else rnd.choice(ODD_VALUES))
        else:
            parent[key] = rnd.choice(ODD_VALUES)
        yield new


def _sample(game: str, seats: int, seed: int) -> tuple[list[dict], list[dict]]:
    """States and moves of one random game (choices, or the default where a prompt has none)."""
    rules, rnd = rules_for(game), random.Random(seed)
    state = initial(rules, bytes([seed]) * 32, seats, {}, None).state
    states, moves = [state], []
    for seq in range(2, 160):
        if rules.result(state) is not None:
            break
        prompt = rnd.choice(rules.prompts(state))
        move = rnd.choice(prompt.choices) if prompt.choices else prompt.default
        state = advance(rules, bytes([seed]) * 32, state, seq, "move", prompt.seat, {"move": move}).state
        states.append(state)
        moves.append(move)
    return states, moves


def _agree(schema: dict, docs: list[Any]) -> tuple[int, int]:
    compiled, full = validator_for(schema), Draft202012Validator(schema, registry=registry())
    valid = 0
    for doc in docs:
        verdict = full.is_valid(doc)
        assert compiled.is_valid(doc) == verdict, doc
        valid += verdict
    return valid, len(docs) - valid


@pytest.mark.parametrize("game", GAME_IDS)
def test_compiled_move_and_state_validators_agree_with_the_2020_12_schemas(game):
    rules, rnd = rules_for(game), random.Random(game)
    states, moves = _sample(game, 3 if game != "babel" else 2, 7)
    near_moves = [m for move in moves[::3] for m in _mutations(move, rnd, 6)]
    ok, bad = _agree(rules.move_schema, moves + near_moves)
    assert ok >= len(moves) and bad > 0
    picked = states[:: max(1, len(states) // 12)]
    near_states = [s for state in picked for s in _mutations(state, rnd, 15)]
    ok, bad = _agree(rules.state_schema, picked + near_states)
    assert ok >= len(picked) and bad > 0
    _agree(rules.options_schema, [{}, {"first_seat": 0}, {"first_seat": -1}, {"zz": 1}, [], None])


def test_compiled_api_validators_agree_with_the_2020_12_schemas():
    rnd = random.Random(1)
    bodies = {
        "api/submit_move.json": [{"move": {"type": "build", "people": "medes"}, "expected_seq": 4},
                                 {"moves": [{"type": "end_turn"}, "build medes"], "idempotency_key": "k"},
                                 {"text": "end turn"}],
        "api/create_game.json": [{"game": "babel", "seats": [{"name": "A"}, {"name": "B"}]},
                                 {"game": "gentes", "seats": [{"name": "A"}, {"name": "B"}, {"name": "C"}],
                                  "clock": {"policy": "fixed", "per_decision": "3d", "reminders": ["1h"]}, "options": {}}],
    }
    # a body's "exactly one of move, moves, text" is counted outside the compiled code: none, two, all
    keyed = [{}, {"expected_seq": 1}, {"move": {"type": "end_turn"}, "text": "end turn"},
             {"move": {"type": "end_turn"}, "moves": ["end turn"], "text": "end turn"}, {"moves": [], "text": "x"}, []]
    for relpath, docs in bodies.items():
        schema = _validator(relpath).full.schema
        near = [m for doc in docs for m in _mutations(doc, rnd, 150)]
        ok, bad = _agree(schema, docs + near + (keyed if relpath == "api/submit_move.json" else []))
        assert ok >= len(docs) and bad > 0


@pytest.mark.parametrize("path", sorted(p.relative_to(SCHEMAS).as_posix() for p in SCHEMAS.rglob("*.json")))
def test_every_schema_file_compiles(path):
    assert _validator(path).is_valid is not None


def test_the_draft7_form_keeps_prefix_items_and_ref_siblings():
    schema = {"type": "array", "prefixItems": [{"type": "integer"}], "items": {"type": "string"},
              "$defs": {"p": {"type": "object"}}}
    assert as_draft7(schema)["items"] == [{"type": "integer"}]
    assert as_draft7(schema)["additionalItems"] == {"type": "string"}
    ref = {"$ref": "#/$defs/p", "properties": {"id": {"const": "medes"}}}
    assert as_draft7(ref) == {"allOf": [{"$ref": "#/$defs/p"}], "properties": {"id": {"const": "medes"}}}
    compiled = validator_for({**schema, "prefixItems": [ref], "items": False})
    assert compiled.is_valid([{"id": "medes"}]) and not compiled.is_valid([{"id": "hittites"}])
    assert not compiled.is_valid([{"id": "medes"}, "x"]) and not compiled.is_valid([7])
