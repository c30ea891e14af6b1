"""Moves step by step (issue 20) checked against the rules of The Sands of Time: on positions
of random playouts at 2 and 5 seats, every prompt kind's step walks are accepted by apply, every
listed choice and a sample of generated legal moves is reachable, and unknown options are
refused at their index (tests/stepcheck.py). Plus a few exact paths that show the words."""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

from referee.engine.contract import IllegalMove
from referee.engine.rng import Rng
from referee.engine.steps import StepRefused
from referee.games.sands_of_time import caravans, resettle
from referee.games.sands_of_time.derived import unlocked
from referee.games.sands_of_time.state import clone
from tests.games.sands_of_time.policy import BiasedPick, move_gen
from tests.games.sands_of_time.positions import RULES, started
from tests.stepcheck import check_prompts, reachable

GAMES = int(os.environ.get("SANDS_OF_TIME_STEP_GAMES", "1"))
G = RULES.data


def canonical(state: dict, seat: int, move: dict) -> dict:
    """The generator's move with the fields the rules ignore written as steps write them: a
    caravan's heritage only where ST-72 pays it, no raid target with political unlocked
    (ST-R10 collects everywhere). Both forms are the same action."""
    m = clone(move)
    if (m.get("type") == "act" and m.get("card") in ("caravan_1", "caravan_2")
            and not caravans.heritage_due(G, state, seat, G.key(*m["border"]))):
        m["heritage"] = None
    if m.get("type") == "act" and m.get("card") == "raid" and unlocked(G, state, seat, "political"):
        m["target"] = None
    if m.get("type") == "act" and m.get("card") == "resettle" and m.get("caravan"):
        after = clone(state)
        resettle.execute(G, after, seat, {**m, "caravan": None})
        if not caravans.heritage_due(G, after, seat, G.key(*m["caravan"]["border"])):
            m["caravan"] = {**m["caravan"], "heritage": None}
    return m


def gen(rules, state, prompt, pick) -> dict:
    return canonical(state, prompt.seat, move_gen(rules, state, prompt, pick))


def playout_positions(seats: int, seed: int, every: int) -> list[dict]:
    pick = BiasedPick(seed)
    st = RULES.setup(seats, {}, Rng(f"steps-{seats}-{seed}".encode(), 1))
    out, seq = [], 2
    while RULES.result(st) is None:
        if seq % every == 0 or st["pending"][0]["kind"] not in ("turn", "choose_cards"):
            out.append(st)
        p = pick.choice(RULES.prompts(st))
        m = pick.choice(p.choices) if p.choices is not None else move_gen(RULES, st, p, pick)
        st = RULES.apply(st, p.seat, m, Rng(f"steps-{seats}-{seed}".encode(), seq))
        seq += 1
    return out


@pytest.mark.parametrize("seats", [2, 5])
def test_steps_agree_with_the_rules_on_playout_positions(seats: int) -> None:
    kinds: Counter[str] = Counter()
    pick = random.Random(seats)
    for game in range(GAMES):
        for st in playout_positions(seats, game, every=4 if seats == 2 else 12):
            check_prompts(RULES, st, pick, gen, samples=2)
            kinds.update(p.kind for p in RULES.prompts(st))
    assert {"setup_region", "setup_capital", "setup_caravan", "setup_farmer", "setup_progress",
            "choose_cards", "turn"} <= set(kinds), kinds


def _turn(seats: int = 2, cards: tuple = ("conquest", "build")) -> dict:
    st = started(seats)
    for s in range(seats):
        st = RULES.apply(st, s, {"type": "choose_cards", "cards": list(cards), "auto_decline": False}, Rng(b"t", 2 + s))
    return st


def test_choose_cards_is_picked_card_by_card_and_auto_is_explained() -> None:
    """ST-21: a pair is two clicks, in either order, then play or auto (never one list of pairs)."""
    st = started(2)
    first = RULES.steps(st, 0, "choose_cards", [])
    assert len(first.options) == len(G.all_cards)
    assert all(o.element == f"card-{o.id}" for o in first.options)
    a = RULES.steps(st, 0, "choose_cards", ["build", "conquest", "auto"]).move
    b = RULES.steps(st, 0, "choose_cards", ["conquest", "build", "play"]).move
    assert a == {"type": "choose_cards", "cards": ["build", "conquest"], "auto_decline": True}
    assert b == {"type": "choose_cards", "cards": ["conquest", "build"], "auto_decline": False}
    last = RULES.steps(st, 0, "choose_cards", ["build", "conquest"])
    assert "deadline" in next(o.label for o in last.options if o.id == "auto")
    for m in (a, b):
        RULES.apply(st, 0, m, Rng(b"x", 1))


def test_focus_cards_pair_only_with_action_cards_st_21() -> None:
    st = started(2)
    step = RULES.steps(st, 0, "choose_cards", ["focus_civil"])
    assert "focus_political" not in {o.id for o in step.options}
    with pytest.raises(StepRefused) as e:
        RULES.steps(st, 0, "choose_cards", ["focus_civil", "focus_culture"])
    assert e.value.index == 1


def test_turn_offers_the_revealed_cards_the_bonus_actions_and_end() -> None:
    st = _turn()
    seat = st["active_player"]
    first = RULES.steps(st, seat, "turn", [])
    ids = {o.id for o in first.options}
    assert {"decline-conquest", "decline-build", "end"} <= ids
    assert "act-build" in ids and "bonus-taxes" in ids
    assert RULES.steps(st, seat, "turn", ["end"]).move == {"type": "end_turn"}


def test_build_is_region_then_building_with_the_cost_in_words_st_63_st_64() -> None:
    st = _turn()
    seat = st["active_player"]
    st["players"][seat]["gold"] = 9
    regions = RULES.steps(st, seat, "turn", ["act-build"])
    r = regions.options[0]
    assert r.element == f"region-{r.id}"
    b = RULES.steps(st, seat, "turn", ["act-build", r.id])
    quarry = next(o for o in b.options if o.id == "quarry")
    assert "gold" in quarry.label and "Quarry" in quarry.label
    done = RULES.steps(st, seat, "turn", ["act-build", r.id, "quarry"])
    assert done.move == {"type": "act", "card": "build", "region": r.id, "building": "quarry", "use_labour": False}


def test_build_offers_nothing_the_player_cannot_pay_st_64() -> None:
    st = _turn()
    seat = st["active_player"]
    st["players"][seat]["gold"] = 0
    st["players"][seat]["unrest"] = 3
    assert "act-build" not in {o.id for o in RULES.steps(st, seat, "turn", []).options}
    with pytest.raises(StepRefused) as e:
        RULES.steps(st, seat, "turn", ["act-build"])
    assert e.value.index == 0


def test_every_reached_move_of_a_turn_is_reachable_again() -> None:
    st = _turn()
    seat = st["active_player"]
    pick = random.Random(3)
    for _ in range(30):
        path, step = [], RULES.steps(st, seat, "turn", [])
        while step.options and (step.move is None or pick.random() < 0.5):
            path.append(pick.choice(step.options).id)
            step = RULES.steps(st, seat, "turn", path)
        reachable(RULES, st, seat, "turn", step.move)
        RULES.apply(st, seat, step.move, Rng(b"x", 1))


def test_a_refused_path_changes_nothing_and_names_the_step() -> None:
    st = _turn()
    seat = st["active_player"]
    before = clone(st)
    with pytest.raises(StepRefused) as e:
        RULES.steps(st, seat, "turn", ["act-build", "no-such-region"])
    assert e.value.index == 1
    with pytest.raises(StepRefused) as e:
        RULES.steps(st, 1 - seat, "turn", [])
    assert e.value.index == 0
    assert st == before


def test_combat_value_is_called_a_die_value_st_56() -> None:
    """The secret pick is the die's pip count (Augenzahl), not the citizens' combat value."""
    st = _turn()
    seat = st["active_player"]
    # put both seats into the same region so that an attack is possible
    r = next(x for x in st["region_order"] if st["regions"][x]["controller"] == seat)
    foe = 1 - seat
    st["regions"][r]["citizens"][str(foe)] = {"farmers": 1, "soldiers": 0}
    st["players"][foe]["supply"]["farmers"] -= 1
    st["players"][seat]["grain"] = 9
    st = RULES.apply(st, seat, {"type": "act", "card": "conquest", "region": r, "attack": foe, "annex": False}, Rng(b"x", 1))
    p = next(p for p in RULES.prompts(st) if p.kind == "combat_value")
    step = RULES.steps(st, p.seat, "combat_value", [])
    assert "die value" in step.question.lower() and "Augenzahl" in step.question
    assert all(o.label.startswith("Die value") for o in step.options)
    for o in step.options:
        m = RULES.steps(st, p.seat, "combat_value", [o.id]).move
        RULES.apply(st, p.seat, m, Rng(b"x", 1))
    with pytest.raises(IllegalMove) as e:
        RULES.apply(st, p.seat, {"type": "combat_value", "value": 99}, Rng(b"x", 1))
    assert e.value.rule == "ST-56"


def _rare_positions() -> dict[str, dict]:
    """Positions for the decisions random playouts rarely reach: retreat (ST-58), new_capital
    (ST-59), annex after an attack (ST-60), progress_pick (ST-69), combat losses (ST-57)."""
    from tests.games.sands_of_time import test_actions as ta
    from tests.games.sands_of_time import test_combat as tc
    from tests.games.sands_of_time.positions import citizens, control, play, scene

    out: dict[str, dict] = {}

    def retreat(st):
        tc.board(st, defender=(3, 1))
        control(st, "mauretania", None)
        control(st, "hispania", 1, "colony")
        control(st, "thracia", 0, "capital")
        citizens(st, "hispania", 0)
    st = tc.attack(scene(["conquest", "tribute"], retreat))
    out["combat_value"] = st
    out["retreat"] = tc.fight(st, 5, 0)

    def capital(st):
        tc.board(st, defender=(1, 1))
        control(st, "gallia", None)
        control(st, "italia", None)
        control(st, "gallia", 1, "capital")
        control(st, "italia", 1, "colony")
        control(st, "thracia", 1, "colony")
    out["new_capital"] = tc.fight(tc.attack(scene(["conquest", "tribute"], capital)), 5, 0)
    out["annex"] = tc.fight(tc.attack(scene(["conquest", "tribute"], tc.board)), 5, 0)
    st = tc.attack(scene(["conquest", "tribute"], lambda s: tc.board(s, attacker=(2, 2), defender=(2, 2))))
    st = play(st, 0, {"type": "combat_value", "value": 5})
    out["combat_losses"] = play(st, 1, {"type": "combat_value", "value": 0})
    st = scene(["progress", "tribute"], lambda s: ta.home(s, unrest=0))
    out["progress_pick"] = play(st, 0, {"type": "act", "card": "progress", "mode": "advance", "row": "civil_1"})
    return out


@pytest.mark.parametrize("kind", ["combat_value", "combat_losses", "retreat", "new_capital", "annex", "progress_pick"])
def test_steps_of_the_rare_decisions_agree_with_the_rules(kind: str) -> None:
    st = _rare_positions()[kind]
    assert kind in {p.kind for p in RULES.prompts(st)}
    assert check_prompts(RULES, st, random.Random(kind), gen) >= 2


def test_retreat_and_new_capital_name_board_regions_st_58_st_59() -> None:
    pos = _rare_positions()
    for kind in ("retreat", "new_capital"):
        st = pos[kind]
        p = next(p for p in RULES.prompts(st) if p.kind == kind)
        step = RULES.steps(st, p.seat, kind, [])
        assert {o.element for o in step.options} == {f"region-{m['region']}" for m in p.choices}
    st = pos["progress_pick"]
    step = RULES.steps(st, 0, "progress_pick", [])
    assert all(o.element == f"progress-{o.id}" and "level 3" in o.label for o in step.options)


@pytest.mark.parametrize("seats", [2, 5])
def test_whole_games_are_played_by_steps_alone(seats: int) -> None:
    """Every move of the game is built by random clicks through the offered steps (what the
    browser and the steps playout over HTTP do); the game reaches its end and stays sound."""
    from tests.stepcheck import random_walk
    pick = random.Random(seats)
    seed = f"steps-only-{seats}".encode()
    st = RULES.setup(seats, {}, Rng(seed, 1))
    seq = 2
    while RULES.result(st) is None:
        assert seq < 5000, "the game did not end"
        p = pick.choice(RULES.prompts(st))
        st = RULES.apply(st, p.seat, random_walk(RULES, st, p.seat, p.kind, pick), Rng(seed, seq))
        assert not RULES.check_state(st)
        seq += 1
    assert st["dynasties_scored"] == [1, 2, 3] and len(RULES.result(st)["scores"]) == seats
