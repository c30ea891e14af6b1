"""Moves step by step (engine/steps.py, referee/games/gentes/steps_moves.py) checked against the
rules: on positions of random games at 2, 3 and 4 seats, every walk of steps ends in a move
`apply` accepts, every sampled legal move (the playout generator's, the listed choices, the
default) is reached by its `move_path`, and unknown or no-longer-legal steps are refused with
their index. Then targeted positions for each kind of step (free ops, temple cubes,
modifiers, moon abilities, final claims) and the refusals named by their rule.

GENTES_STEP_GAMES (default 1 per seat count) sets how many random games are walked."""

from __future__ import annotations

import os
import random

import pytest

from referee.engine.naming import named
from referee.engine.replay import advance, initial
from referee.engine.steps import StepRefused, walk
from referee.games.gentes.rules import GameRules
from tests.games.gentes.policy import move_gen
from tests.games.gentes.second_deck import second_components
from tests.games.gentes.positions import (TRULES, city, cubes, end_heyday, full, give, heyday, play, to_pile,
                                          valid)
from tests.stepcheck import check_prompts, reachable

RULES = GameRules()
GAMES = int(os.environ.get("GENTES_STEP_GAMES", "1"))
KINDS = {"draft_pick", "turn", "decline_choices", "final_fulfil"}


def game_positions(seats: int, seed: int, every: int, rules: GameRules = RULES) -> list[dict]:
    """Every `every`-th position of a random game (plus every non-turn one)."""
    pick = random.Random(seed)
    tag = f"gentes-steps-{seats}-{seed}".encode()
    st = initial(rules, tag, seats, {}, None).state
    out, seq = [], 1
    while rules.result(st) is None:
        if seq % every == 0 or st["phase"] != "heyday":
            out.append(st)
        p = pick.choice(rules.prompts(st))
        move = pick.choice(p.choices) if p.choices is not None else move_gen(rules, st, p, pick)
        seq += 1
        st = advance(rules, tag, st, seq, "move", p.seat, {"move": move}).state
    return out


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_steps_match_the_rules_on_random_positions(seats):
    kinds: set[str] = set()
    checked = 0
    for g in range(GAMES):
        for st in game_positions(seats, 100 * seats + g, every=3):
            pick = random.Random(len(kinds) + checked)
            checked += check_prompts(RULES, st, pick, move_gen, samples=2)
            kinds |= {p.kind for p in RULES.prompts(st)}
    assert kinds == KINDS, kinds
    assert checked > 50


def hand(st, seat, *cids):
    """`seat` holds exactly `cids` (the drafted cards go to the discard pile)."""
    to_pile(st, "discard", *st["players"][seat]["hand"])
    give(st, seat, *cids)


def test_steps_match_the_rules_with_a_second_deck_too():
    """The grammars read effects from the component data: another deck (second_deck.py, cards
    with actions, penalties and abilities of other shapes) is offered step by step as well."""
    rules = GameRules(second_components())
    checked = 0
    for st in game_positions(3, 7, every=4, rules=rules):
        checked += check_prompts(rules, st, random.Random(checked), move_gen, samples=1)
    assert checked > 30


def path_to(st, seat, kind, move, rules=TRULES):
    """The path of `move`, checked to rebuild exactly that move."""
    reachable(rules, st, seat, kind, move)
    return rules.move_path(st, seat, kind, move)


def test_G_7_the_turn_menu_offers_tiles_abilities_tax_and_extra_options_as_board_elements():
    st = heyday()
    give(st, 0, "I-04", to="tableau")
    cubes(st, 0, eye=1)
    st["players"][0]["pop"].update(priest=1)
    step = TRULES.steps(valid(st), 0, "turn", [])
    by_id = {o.id: o for o in step.options}
    assert {f"t.{t}" for t in st["tiles_on_board"] if not t.startswith("CH")} <= set(by_id)
    assert not any(i.startswith("t.CH") for i in by_id)  # G-R14: no card in hand can be played
    assert by_id["t.PH2"].element == "tile-PH2" and named(by_id["t.PH2"].label, "gentes").startswith("Philosopher tile 2")
    assert by_id["c.I-04"].element == "card-I-04" and "Scriptorium" in by_id["c.I-04"].label
    assert by_id["tax"].element == "tax" and "x.eye" in by_id and "pass" not in by_id  # G-8: no pass with room
    assert step.move is None


def test_G_8_G_46_a_full_track_offers_pass_and_nothing_that_needs_time():
    st = heyday()
    full(st, 0)
    step = TRULES.steps(valid(st), 0, "turn", [])
    assert [o.id for o in step.options] == ["pass"]
    assert TRULES.steps(st, 0, "turn", ["pass"]).move == {"type": "pass"}


def test_G_15_a_tile_you_cannot_pay_for_is_not_offered_and_is_refused_by_its_step():
    st = heyday(p0={"coins": 1})
    ids = [o.id for o in TRULES.steps(valid(st), 0, "turn", []).options]
    assert "t.PH2" not in ids and "t.PH1" in ids
    with pytest.raises(StepRefused) as e:
        TRULES.steps(st, 0, "turn", ["t.PH4"])
    assert e.value.index == 0 and e.value.rule == "G-15" and "costs 8 coins" in e.value.message


def test_G_12_a_tile_whose_hourglasses_do_not_fit_is_refused_by_its_step_with_g12():
    st = heyday()
    t = st["players"][0]["track"]
    st["players"][0]["track"] = ["hg1" if c == "empty" else c for c in t]
    st["players"][0]["track"][-4] = "empty"  # one empty space: a tile with an hourglass needs two
    with pytest.raises(StepRefused) as e:
        TRULES.steps(valid(st), 0, "turn", ["t.PH2"])
    assert (e.value.index, e.value.rule) == (0, "G-12")
    assert "t.PH4" in {o.id for o in TRULES.steps(st, 0, "turn", []).options}  # no hourglass: fits


def test_G_19_philosopher_steps_meeple_then_one_or_two_persons():
    st = heyday()
    st["training_queue"] = ["priest", "scholar", "soldier", "merchant", "noble", "artisan"]
    step = TRULES.steps(valid(st), 0, "turn", ["t.PH2"])  # threshold 2: columns 1-3 for one, 1 for two
    assert [o.id for o in step.options] == ["p.priest", "p.scholar", "p.soldier"]
    assert step.options[0].element == "meeple-priest"
    second = TRULES.steps(st, 0, "turn", ["t.PH2", "p.priest"])
    assert [o.id for o in second.options] == ["p2.no", "p2.priest"]
    done = walk(lambda path: TRULES.steps(st, 0, "turn", path), ["t.PH2", "p.priest", "p2.priest"])
    assert done.move == {"type": "take_tile", "tile": "PH2", "doubles": 0, "params": {"train": ["priest", "priest"]}}
    play(st, 0, done.move)


def test_G_22_G_24_scribe_steps_indicator_then_cards_one_by_one_in_any_order():
    st = heyday()
    path = ["t.SC4", "i.D4", "s.3", "s.1"]
    more = TRULES.steps(valid(st), 0, "turn", path)
    assert more.move is None and "s.done" in {o.id for o in more.options} and "s.3" not in {o.id for o in more.options}
    step = walk(lambda p: TRULES.steps(st, 0, "turn", p), path + ["s.done"])
    assert step.move["params"] == {"mode": "display", "indicator": "D4", "slots": [3, 1]}
    with pytest.raises(StepRefused) as e:  # D4 takes at most 3 cards: no fourth is offered
        TRULES.steps(st, 0, "turn", path + ["s.2", "s.4"])
    assert e.value.index == 5
    play(st, 0, step.move)


def test_G_25_G_29_navigator_steps_space_element_and_region_for_a_hometown():
    st = heyday()
    step = TRULES.steps(valid(st), 0, "turn", ["t.NV1"])
    assert all(o.element == f"space-{o.id[2:]}" for o in step.options)
    assert {o.id for o in step.options} >= {"b.H1g", "b.Y1"} and "b.H1e" not in {o.id for o in step.options}
    region = TRULES.steps(st, 0, "turn", ["t.NV1", "b.H1g"])
    assert [o.id for o in region.options] == ["r.yellow", "r.red", "r.green"]
    move = {"type": "take_tile", "tile": "NV1", "doubles": 0, "params": {"space": "H1g", "region": "red"}}
    assert path_to(st, 0, "turn", move) == ["t.NV1", "b.H1g", "r.red"]


def test_G_27_with_all_cities_placed_the_city_to_move_is_a_step():
    st = heyday()
    city(st, 0, "Y1", "Y2", "Y3", "R1", "R2", "G1")
    move = {"type": "take_tile", "tile": "NV1", "doubles": 0, "params": {"from": "R2", "space": "G2"}}
    assert path_to(valid(st), 0, "turn", move)[:2] == ["t.NV1", "f.R2"]


def test_G_31_chronicler_steps_card_temple_cubes_and_synergy():
    st = heyday()
    hand(st, 0, "T-needs", "T-plain2")
    city(st, 0, "H1e")
    st["players"][0]["pop"].update(priest=1, merchant=1)
    cubes(st, 0, temple=2)
    step = TRULES.steps(valid(st), 0, "turn", ["t.CH2"])
    assert {o.id for o in step.options} == {"k.T-needs", "k.T-plain2"}
    temple = TRULES.steps(st, 0, "turn", ["t.CH2", "k.T-needs"])
    assert {o.id for o in temple.options} == {"tp.priest1", "tp.priest2", "tp.priest1-merchant1"}
    move = {"type": "take_tile", "tile": "CH2", "doubles": 0,
            "params": {"card": "T-needs", "temple": {"priest": 1}, "synergy": None}}
    assert path_to(st, 0, "turn", move) == ["t.CH2", "k.T-needs", "tp.priest1"]
    syn = TRULES.steps(st, 0, "turn", ["t.CH2", "k.T-plain2"])
    assert [o.id for o in syn.options] == ["sy.scroll", "sy.laurel"]


def test_G_R20_a_card_with_one_synergy_symbol_names_it_without_a_click():
    st = heyday()
    hand(st, 0, "T-plain")
    move = {"type": "take_tile", "tile": "CH2", "doubles": 0,
            "params": {"card": "T-plain", "temple": {}, "synergy": "scroll"}}
    assert path_to(valid(st), 0, "turn", move) == ["t.CH2", "k.T-plain"]


def test_G_32_G_R6_a_card_whose_penalty_cannot_be_paid_is_not_offered():
    st = heyday(p0={"coins": 10})
    hand(st, 0, "T-fail-late", "T-plain3")
    ids = {o.id for o in TRULES.steps(valid(st), 0, "turn", ["t.CH2"]).options}
    assert ids == {"k.T-plain3"}
    with pytest.raises(StepRefused) as e:
        TRULES.steps(st, 0, "turn", ["t.CH2", "k.T-fail-late"])
    assert e.value.index == 1 and e.value.rule == "G-32" and "50 coins" in e.value.message


def test_G_40_a_hometown_modifier_is_a_step_and_changes_what_follows():
    st = heyday(p0={"coins": 0})
    city(st, 0, "H3g")  # row 3 b: navigator tiles cost 3 less
    ids = [o.id for o in TRULES.steps(valid(st), 0, "turn", ["t.NV1"]).options]
    assert ids == ["m.H3g"]  # without the discount NV1 (cost 3) cannot be paid
    move = {"type": "take_tile", "tile": "NV1", "doubles": 0, "params": {"space": "Y1"},
            "modifier": {"hometown_space": "H3g", "option": "b"}}
    assert path_to(st, 0, "turn", move) == ["t.NV1", "m.H3g", "b.Y1"]


def test_G_11_G_35_tax_collector_offers_singles_and_a_double():
    st = heyday()
    opts = TRULES.steps(valid(st), 0, "turn", ["tax"]).options
    assert [o.id for o in opts] == ["h1", "h2", "h2d1"]
    assert "8 coins" in opts[2].label and "double" in opts[2].label
    assert TRULES.steps(st, 0, "turn", ["tax", "h2d1"]).move == {"type": "tax_collector", "hourglasses": 2, "doubles": 1}


def test_G_36_G_38_cube_abilities_and_their_effect_choices():
    st = heyday()
    give(st, 0, "I-04", to="tableau")  # 2 coins: take 1 card from slots 1-3
    move = {"type": "use_ability", "source": {"card": "I-04"}, "doubles": 0, "params": {"choices": [{"slots": [2]}]}}
    path = path_to(valid(st), 0, "turn", move)
    assert path == ["c.I-04", "dd.2"]
    st["players"][0]["cards_marked"] = ["I-04"]
    st["supply_cubes"] -= 1
    assert "c.I-04" not in {o.id for o in TRULES.steps(valid(st), 0, "turn", []).options}


def test_G_37_G_41_without_a_cube_in_the_supply_no_ability_or_modifier_is_offered():
    st = heyday()
    give(st, 0, "T-cube-free", to="tableau")
    city(st, 0, "H3g")
    ids = {o.id for o in TRULES.steps(valid(st), 0, "turn", []).options}
    assert {"c.T-cube-free", "h.H3g"} <= ids
    assert "m.H3g" in {o.id for o in TRULES.steps(st, 0, "turn", ["t.NV1"]).options}
    st["supply_cubes"] = 0
    ids = {o.id for o in TRULES.steps(st, 0, "turn", []).options}
    assert not {"c.T-cube-free", "h.H3g"} & ids
    assert "m.H3g" not in {o.id for o in TRULES.steps(st, 0, "turn", ["t.NV1"]).options}


def test_G_42_G_45_extra_options_before_and_after_the_action():
    st = heyday()
    cubes(st, 0, eye=2)
    st["players"][0]["pop"].update(priest=2)
    move = {"type": "tax_collector", "hourglasses": 1, "doubles": 0,
            "free_ops": [{"op": "eye_shift", "down": "priest", "up": "noble", "second": {"down": "priest", "up": "artisan"}}],
            "free_ops_after": [{"op": "eye_shift", "down": "noble", "up": "scholar", "second": None}]}
    path = path_to(valid(st), 0, "turn", move)
    assert path == ["x.eye", "dn.priest", "up.noble", "2.yes", "dn2.priest", "up2.artisan", "tax", "h1",
                    "a.eye", "dn.noble", "up.scholar", "2.no"]
    mid = TRULES.steps(st, 0, "turn", path[:8])
    assert mid.move is not None and [o.id for o in mid.options] == ["a.eye"]  # complete, extensible
    play(st, 0, move)


def test_G_43_convert_three_cubes_is_a_step_with_the_mix_and_the_profession():
    st = heyday()
    cubes(st, 0, eye=1, temple=2)
    move = {"type": "pass", "free_ops": [{"op": "convert_cubes", "eye": 1, "temple": 2, "up": "merchant"}]}
    full(st, 0)
    assert path_to(valid(st), 0, "turn", move) == ["x.cv", "up.merchant", "pass"]  # one mix: asked without a click


def test_G_4_draft_steps_are_the_pool_cards_by_name():
    st = RULES.setup(2, {"first_seat": 0}, __import__("tests.games.gentes.positions", fromlist=["rng"]).rng("s", 1))
    seat = st["turn_seat"]
    step = RULES.steps(st, seat, "draft_pick", [])
    assert [o.id for o in step.options] == [f"k.{c}" for c in st["draft_pool"]]
    assert all(o.element == f"card-{o.id[2:]}" and RULES.data.cards[o.id[2:]]["name"] in o.label for o in step.options)


def test_G_54_decline_steps_city_per_region_then_moon_abilities():
    st = heyday()
    city(st, 0, "Y1", "Y2", "R1")
    give(st, 0, "T-moon", "T-moon2", to="tableau")
    st = end_heyday(valid(st), 0)
    assert st["phase"] == "decline"
    first = TRULES.steps(st, 0, "decline_choices", [])
    assert [o.id for o in first.options] == ["a.Y1", "a.Y2"]  # red has one city: no click
    after = TRULES.steps(st, 0, "decline_choices", ["a.Y2"])
    assert after.move == {"type": "decline_choices", "activate": {"yellow": "Y2", "red": "R1"}, "moon": []}
    assert [o.id for o in after.options] == ["mo.T-moon", "mo.T-moon2"]
    move = {"type": "decline_choices", "activate": {"yellow": "Y2", "red": "R1"},
            "moon": [{"card": "T-moon2", "choices": [{"train": ["noble"]}]}, {"card": "T-moon", "choices": []}]}
    assert path_to(st, 0, "decline_choices", move) == ["a.Y2", "mo.T-moon2", "pa.noble", "mo.T-moon"]


def test_G_57_final_steps_claim_temple_cubes_card_by_card():
    st = heyday()
    hand(st, 0, "T-needs")
    st["players"][0]["pop"].update(priest=1, merchant=1)
    city(st, 0, "H1e")
    cubes(st, 0, temple=1)
    st.update(round=6, epoch=3)
    st = end_heyday(valid(st), 0)
    while st["phase"] == "decline":
        p = TRULES.prompts(st)[0]
        st = play(st, p.seat, p.default)
    assert st["phase"] == "final"
    first = TRULES.steps(st, 0, "final_fulfil", [])
    assert first.move == {"type": "final_fulfil", "free_ops": [], "claims": []} and "cl" in {o.id for o in first.options}
    claim = TRULES.steps(st, 0, "final_fulfil", ["cl"])
    labels = {o.id: o.label for o in claim.options}
    assert set(labels) == {"tp.0", "tp.priest1", "tp.merchant1"}
    assert labels["tp.priest1"].endswith("- fulfilled") and labels["tp.0"].endswith("not fulfilled")
    move = {"type": "final_fulfil", "free_ops": [], "claims": [{"card": "T-needs", "temple": {"priest": 1}}]}
    assert path_to(st, 0, "final_fulfil", move) == ["cl", "tp.priest1"]


def test_G_6_a_seat_without_the_prompt_is_refused_at_the_first_step():
    st = heyday()
    with pytest.raises(StepRefused) as e:
        TRULES.steps(valid(st), 1, "turn", [])
    assert e.value.index == 0 and e.value.rule == "G-6"


def test_steps_never_change_the_state_and_ids_are_url_safe():
    st = heyday()
    before = repr(st)
    for path in ([], ["t.SC4"], ["t.SC4", "i.D4"], ["tax"]):
        for o in TRULES.steps(st, 0, "turn", path).options:
            assert all(ch.isalnum() or ch in "-_.:~" for ch in o.id), o.id
    assert repr(st) == before


def test_a_kept_walker_answers_as_a_fresh_one_and_keeps_only_exact_verdicts(monkeypatch):
    """steps_moves keeps the walkers of the latest positions: a click after a click on one
    position reuses what was proved viable, and answers exactly as a fresh walker would; what
    rested on the search budget running out is never kept for a later call."""
    from referee.games.gentes import steps_moves, stepwalk
    rnd = random.Random(7)
    positions = game_positions(3, 11, 9)[:10]
    for st in positions:
        for p in RULES.prompts(st):
            path: list[str] = []
            for _ in range(5):
                kept = RULES.steps(st, p.seat, p.kind, path)
                fresh = steps_moves._new_walker(RULES, st, p.seat, p.kind).step(path)
                assert kept.to_json() == fresh.to_json()
                if not kept.options:
                    break
                path.append(rnd.choice(kept.options).id)
            assert steps_moves.walker_for(RULES, st, p.seat, p.kind)[0] is \
                steps_moves.walker_for(RULES, st, p.seat, p.kind)[0]
    st = next(s for s in positions if s["phase"] == "heyday")
    seat = st["turn_seat"]
    monkeypatch.setattr(stepwalk, "BUDGET", 2)
    walker = steps_moves._new_walker(RULES, st, seat, "turn")
    walker.step([])
    assert walker._guess and not set(walker._guess) & set(walker._viable)
    walker.begin()
    assert not walker._guess and walker.budget == 2
