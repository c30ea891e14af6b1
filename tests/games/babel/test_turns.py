"""Turn structure B-12…B-16, DP-1, chances C-4…C-6 and Rulings B-R4, B-R6…B-R8, B-R25."""

from __future__ import annotations

from collections import Counter

from referee.engine.contract import IllegalMove
from tests.games.babel.builder import (A, CFG, H, M, P, RULES, S, after, choices, illegal, labels, make_state,
                                       play, player, rng)

END = {"type": "end_turn"}
FINISH = {"type": "finish_first_turn"}


def test_B_12_end_turn_passes_to_the_other_player_and_resets_migration():
    state = make_state(player(columns={M: [S, S, S]}), player(), turn=3, draw=[A, A, A, H])
    state = after(state, 0, {"type": "migrate", "from": M, "to": H})
    new, records = play(state, 0, END)
    assert new["active"] == 1 and new["turn"] == 4 and not new["migrated_this_turn"]
    assert new["players"][1]["hand"][A] == 3 and new["people_draw"] == [H]
    assert labels(records) == ["C-6", "C-4"]  # temple draw, then the next player's people draw


def test_B_13_draw_three_from_the_top():
    state = make_state(draw=[P, S, M, A, H], active=1)
    new, _ = play(state, 1, END)
    assert new["players"][0]["hand"] == {M: 1, S: 1, H: 0, P: 1, A: 0}
    assert new["people_draw"] == [A, H]


def test_B_13_reshuffle_only_when_a_card_is_needed():
    state = make_state(draw=[P], discard=[M, S, A, H], spare_hand=0)
    new, records = play(state, 0, END, seed=b"reshuffle")
    (c5,) = [r for r in records if r["label"] == "C-5"]
    assert Counter(c5["value"]) == Counter(state["people_discard"])
    hand = new["players"][1]["hand"]
    assert hand[P] == 1 and sum(hand.values()) == 3
    assert new["people_draw"] == c5["value"][2:] and new["people_discard"] == []
    exact = make_state(draw=[P, S, M], discard=[A], spare_hand=0)
    new, records = play(exact, 0, END)
    assert "C-5" not in labels(records) and new["people_draw"] == [] and new["people_discard"] == [A]


def test_B_R8_discards_made_this_turn_are_reshuffled():
    state = make_state(player(hand={M: 1}), draw=[], discard=[S], spare_hand=0)
    state = after(state, 0, {"type": "travel", "people": M})
    new, records = play(state, 0, END)
    assert sum(new["players"][1]["hand"].values()) == 2 and new["people_draw"] == []
    assert labels(records) == ["C-6", "C-5", "C-4"]


def test_B_13_both_piles_empty_skip_the_remaining_draws():
    state = make_state(draw=[H, S], discard=[], spare_hand=0)
    new, records = play(state, 0, END)
    assert sum(new["players"][1]["hand"].values()) == 2
    c4 = [r for r in records if r["label"] == "C-4"]
    assert c4[0]["value"] == [H, S]


def test_C_4_people_draw_is_visible_to_the_drawer_only():
    state = make_state(draw=[A, S, M, H])
    _, records = play(state, 0, END)
    (c4,) = [r for r in records if r["label"] == "C-4"]
    assert c4["kind"] == "note" and c4["visible_to"] == [1] and c4["value"] == [A, S, M]


def test_C_5_reshuffle_order_is_hidden():
    state = make_state(draw=[], discard=[M, S, A, H], spare_hand=0)
    _, records = play(state, 0, END)
    (c5,) = [r for r in records if r["label"] == "C-5"]
    assert c5["kind"] == "shuffle" and c5["visible_to"] == []


def test_B_14_only_the_active_player_acts_and_at_must_match_the_pawn():
    state = make_state(player(hand={M: 2}, pawn=H, columns={H: [M]}), player(hand={M: 2}))
    illegal(state, 1, {"type": "travel", "people": M}, "B-14")
    illegal(state, 1, END, "B-14")
    illegal(state, 0, {"type": "settle", "people": M, "at": A}, "B-14")
    illegal(state, 0, {"type": "teleport"}, "B-14")
    illegal(state, 0, "travel medes", "B-14")
    state = after(state, 0, {"type": "settle", "people": M, "at": H}, {"type": "travel", "people": M})
    assert state["players"][0]["pawn"] == M


def test_B_R25_no_compulsory_action_and_no_hand_limit():
    state = make_state(player(hand={M: 12, S: 12, H: 12}), draw=[A, A, A, P, P])
    new, _ = play(state, 0, END)
    assert sum(new["players"][0]["hand"].values()) == 36


def test_B_15_end_turn_refused_while_the_start_card_can_be_built():
    state = make_state(player(start_card=True, hand={H: 1, S: 1}))
    illegal(state, 0, END, "B-15")
    assert RULES.default_move(state, 0) == FINISH
    assert FINISH in choices(state) and END not in choices(state)


def test_B_15_finish_first_turn_travels_settles_builds_and_ends():
    state = make_state(player(start_card=True, hand={H: 1, S: 1}), draw=[A, A, A], supply=[3, 5, 2])
    new, records = play(state, 0, FINISH)
    me = new["players"][0]
    assert me["pawn"] == S and me["columns"][S] == [H] and me["sites"][S] == [1] and not me["start_card"]
    assert sum(me["hand"].values()) == 0 and new["people_discard"][-1] == S
    assert new["active"] == 1 and new["yards"][0] == [5, 3]
    assert labels(records) == ["C-6", "C-4"]


def test_B_15_finish_prefers_the_pawns_location_and_uses_its_column():
    state = make_state(player(start_card=True, hand={M: 1}, pawn=A, columns={A: [P]}))
    new, _ = play(state, 0, FINISH)
    assert new["players"][0]["sites"][A] == [1] and new["players"][0]["hand"][M] == 1


def test_B_15_finish_migrates_when_the_hand_is_empty():
    state = make_state(player(start_card=True, pawn=H, columns={M: [S, S, A, P]}), draw=[A, A, A])
    new, _ = play(state, 0, FINISH)
    me = new["players"][0]
    assert me["columns"][H] == [S, A, P] and me["columns"][M] == [S] and me["sites"][H] == [1]


def test_B_15_F_false_lets_the_turn_end_and_the_start_card_stays():
    # hand holds only one card, to travel with: nothing left to settle, no column to migrate
    state = make_state(player(start_card=True, hand={H: 1}, columns={M: [S, S]}, sites={M: [1]}))
    assert FINISH not in choices(state)
    illegal(state, 0, FINISH, "B-15")
    new, _ = play(state, 0, END)
    assert new["players"][0]["start_card"]
    assert RULES.default_move(state, 0) == END


def test_B_15_F_migration_counts_only_while_unused():
    state = make_state(player(start_card=True, pawn=H, columns={M: [S, S, S]}, sites={M: [1]}), migrated=True)
    illegal(state, 0, FINISH, "B-15")
    after(state, 0, END)


def test_B_R4_obligation_returns_in_later_turns():
    state = make_state(player(start_card=True), player(), draw=[S, S, S, H, M, A])
    state = after(state, 0, END)
    state = after(state, 1, END)
    assert state["active"] == 0 and state["players"][0]["hand"][H] == 1
    illegal(state, 0, END, "B-15")
    illegal(make_state(player(hand={M: 1})), 0, FINISH, "B-15")  # no start card held


def test_B_16_temple_draw_higher_first_lower_on_top_into_own_yard():
    state = make_state(active=1, supply=[2, 6, 4], yards=[[3], []])
    new, records = play(state, 1, END)
    assert new["yards"][0] == [3] and new["yards"][1][-2:] == [6, 2] and new["temple_supply"] == [4]
    (c6,) = [r for r in records if r["label"] == "C-6"]
    assert c6 == {"label": "C-6", "kind": "note", "value": [2, 6], "visible_to": "all"}


def test_C_6_known_supply_count_shrinks_with_the_draw():
    state = make_state(supply=[1, 2, 4, 5], known=3)
    new, _ = play(state, 0, END)
    assert new["temple_supply_known"] == 1
    state = make_state(supply=[1, 2, 4], known=1)
    assert play(state, 0, END)[0]["temple_supply_known"] == 0


def test_B_R6_each_yard_keeps_its_own_cards():
    state = make_state(supply=[3, 3, 1], yards=[[5], [4]])
    new, _ = play(state, 0, END)
    assert new["yards"][0] == [5, 3, 3] and new["yards"][1] == state["yards"][1]


def test_B_R7_a_single_last_card_is_drawn_and_ends_the_game():
    state = make_state(player(sites={M: [1, 2]}), player(sites={M: [1]}), supply=[5])
    new, records = play(state, 0, END)
    assert new["yards"][0][-1] == 5 and new["temple_supply"] == []
    assert new["phase"] == "over" and new["result"]["reason"] == "supply_exhausted"
    assert labels(records) == ["C-6"]  # no next turn, no people draw


def test_DP_1_choices_are_exactly_the_legal_moves():
    state = make_state(player(hand={M: 1, H: 2}, pawn=M, columns={M: [M, M, M, S], A: [H, H, H]},
                              sites={M: [1]}),
                       player(hand={P: 2}, columns={M: [S, P]}, sites={M: [1, 2]}), yards=[[3], [2]])
    listed = choices(state)
    assert all("at" not in m for m in listed)
    assert {"type": "end_turn"} in listed
    medes = [m for m in listed if m["type"] == "ability" and m["power"] == "medes"]
    assert medes == [{"type": "ability", "power": "medes", "index": 0, "target": S},
                     {"type": "ability", "power": "medes", "index": 0, "target": P}]
    universe = _all_moves()
    for move in universe:
        try:
            RULES.apply(state, 0, move, rng())
            legal = True
        except IllegalMove:
            legal = False
        other_index_of_run = move["type"] == "ability" and move["index"] in (1, 2)  # listed at index 0
        assert legal == (move in listed) or (legal and other_index_of_run), move


def test_DP_1_exactly_one_of_end_turn_and_finish_is_offered():
    for state in (make_state(player(start_card=True, hand={M: 2})), make_state(player(start_card=True)),
                  make_state(player(hand={M: 1}))):
        listed = choices(state)
        (prompt,) = RULES.prompts(state)
        assert ({"type": "end_turn"} in listed) != ({"type": "finish_first_turn"} in listed)
        assert prompt.default in listed and prompt.default == RULES.default_move(state, 0)
        assert prompt.kind == "turn" and prompt.seat == 0


def _all_moves() -> list[dict]:
    """A superset of the moves DP-1 can list (every field value, indexes 0..3)."""
    out: list[dict] = [{"type": "end_turn"}, {"type": "finish_first_turn"}, {"type": "build", "source": "start"}]
    for p in CFG.peoples:
        out += [{"type": "travel", "people": p}, {"type": "settle", "people": p}]
        out += [{"type": "migrate", "from": p, "to": q} for q in CFG.peoples]
    out += [{"type": "build", "source": "yard", "yard": y} for y in (0, 1)]
    for i in range(4):
        for power in CFG.powers:
            base = {"type": "ability", "power": power, "index": i}
            if power == "persians":
                out += [{**base, "yard": y} for y in (0, 1)]
            elif power == "medes":
                out += [{**base, "target": t} for t in CFG.peoples]
            else:
                out.append(base)
    return out
