"""Final scoring and ranking (RULES.md section 6)."""

from __future__ import annotations

from referee.games.gentes.scoring import ranking_result
from tests.games.gentes.positions import TRULES, cubes, end_heyday, give, heyday, play, rejected, valid

Q = ["priest", "scholar", "soldier", "merchant", "noble", "artisan"]


def no_hands(st):
    for seat in range(len(st["players"])):
        st["decks"]["1"] += st["players"][seat]["hand"]
        st["players"][seat]["hand"] = []


def final_position():
    st = heyday(3, p0={"pop": {**{p: 0 for p in Q}, "priest": 1, "merchant": 1}, "coins": 25})
    st["round"], st["epoch"] = 6, 3
    st["city_owner"]["H1e"] = 0
    st["players"][0]["cities_in_supply"] -= 1
    no_hands(st)
    give(st, 0, "T-needs", "T-plain2")
    cubes(st, 0, eye=1, temple=2)
    st = end_heyday(st, 2)
    assert st["phase"] == "final" and st["final_pending"] == [0]
    return valid(st)


def test_G_57_free_ops_first_then_each_hand_card_judged_with_its_claimed_temple_cubes():
    st = final_position()
    rejected(st, 0, {"type": "final_fulfil", "claims": [{"card": "T-needs", "temple": {"priest": 3}}]}, "G-57")
    rejected(st, 0, {"type": "final_fulfil", "claims": [{"card": "T-needs"}, {"card": "T-needs"}]}, "G-57")
    rejected(st, 1, {"type": "final_fulfil"}, "G-57")
    after = play(st, 0, {"type": "final_fulfil",
                         "free_ops": [{"op": "eye_shift", "down": "merchant", "up": "priest", "second": None}],
                         "claims": [{"card": "T-needs", "temple": {"merchant": 1}}]})
    br = after["final"][0]
    assert br["hand_fulfilled"] == 3 + 2 and br["hand_unfulfilled"] == 0  # T-needs vp 5, T-plain2 vp 3 (no needs)
    assert after["players"][0]["bonus_tiles"] == [] and after["phase"] == "over"


def test_G_58_score_changes_hand_cubes_coins_and_hourglasses():
    st = final_position()
    after = play(st, 0, {"type": "final_fulfil", "free_ops": [], "claims": []})
    br = after["final"][0]
    p = st["players"][0]
    assert br["hand_fulfilled"] == 2 and br["hand_unfulfilled"] == -3  # T-needs lacks a priest
    assert br["cubes"] == (p["cubes"]["eye"] + p["cubes"]["temple"]) // 2
    assert br["coins"] == p["coins"] // 10
    assert br["hourglasses"] == {0: 0, 1: -2, 2: -4, 3: -8}.get(sum(2 if c == "hg2" else c == "hg1" for c in p["track"]), -16)
    assert br["total"] == p["vp"] + sum(v for k, v in br.items() if k not in ("played_vp", "total"))
    assert after["result"]["scores"][0] == br["total"]


def test_G_59_most_vp_then_cards_played_then_coins():
    st = heyday(3)
    for p, (vp, tab, coins) in zip(st["players"], [(10, 2, 5), (10, 3, 1), (12, 0, 0)]):
        p["vp"], p["coins"] = vp, coins
        p["tableau"] = [f"x{i}" for i in range(tab)]
    res = ranking_result(st, "end")
    assert res["ranking"] == [2, 1, 0] and res["winner"] == 2
    st["players"][1]["tableau"] = ["a", "b"]
    assert ranking_result(st, "end")["ranking"] == [2, 0, 1]


def test_G_R8_hand_cards_are_judged_independently_and_do_not_count_as_played():
    st = final_position()
    after = play(st, 0, {"type": "final_fulfil", "claims": [{"card": "T-needs", "temple": {"priest": 1}},
                                                           {"card": "T-plain2", "temple": {"priest": 1}}]})
    assert after["final"][0]["hand_fulfilled"] == 3 + 2 and after["supply_cubes"] == st["supply_cubes"] + 2 and after["players"][0]["tableau"] == []
    assert after["result"]["tiebreak"][0]["cards_played"] == 0


def test_G_R16_remaining_ties_share_the_place():
    st = heyday(2)
    res = ranking_result(st, "end")
    assert res["winner"] is None and res["winners"] == [0, 1] and res["places"] == [1, 1]


def test_G_R17_scores_may_go_below_zero():
    st = heyday()
    give(st, 0, "T-vp-neg")
    after = play(st, 0, {"type": "take_tile", "tile": "CH4", "params": {"card": "T-vp-neg"}})
    assert after["players"][0]["vp"] == -5
    valid(after)


def test_final_answers_are_secret_until_all_have_answered():
    st = heyday(3)
    st["round"], st["epoch"] = 6, 3
    no_hands(st)
    cubes(st, 0, eye=1)
    cubes(st, 1, eye=1)
    st = end_heyday(st, 2)
    assert st["final_pending"] == [0, 1]
    move = {"type": "final_fulfil", "free_ops": [], "claims": []}
    mid = play(st, 0, move)
    assert TRULES.redact(mid, move, 0, 1) == {"type": "final_fulfil", "hidden": True}
    assert TRULES.redact(mid, move, 0, 0) == move
    assert TRULES.view(mid, 1)["final_submitted"] == {} and TRULES.view(mid, 1)["final_answered"] == [0]
    end = play(mid, 1, move)
    assert end["phase"] == "over" and TRULES.result(end)["reason"] == "end"
