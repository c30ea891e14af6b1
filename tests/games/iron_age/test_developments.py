"""Phases 6 and 7: IA-6.1..IA-6.3, IA-7.1, decisions D7 and D8, rulings IA-R18, IA-R19."""

from __future__ import annotations

from tests.games.iron_age.positions import RULES, play, position, rejected


def at_buy(inventions: int = 0, **p0: object) -> dict:
    return position(2, phase="buy", fate="harvest", turn={"inventions": inventions}, players={0: dict(p0)})


def buy(dev: str, **pay: int) -> dict:
    return {"type": "buy", "development": dev, "payment": pay}


def test_D7_prompt_defaults_to_buying_nothing():
    st = at_buy(goods=10)
    (prompt,) = RULES.prompts(st)
    assert prompt.kind == "buy" and prompt.choices is None
    assert prompt.default == {"type": "buy_none"} == RULES.default_move(st, 0)


def test_IA_6_2_payment_goods_inventions_and_wealth():
    st = at_buy(2, goods=4, wealth=1)
    out = play(st, 0, buy("medicine", goods=4, inventions=2, wealth=1))  # 4 + 6 + 5 = 15
    p = out["players"][0]
    assert (p["goods"], p["wealth"]) == (0, 0) and p["developments"] == [{"id": "medicine", "round": 2}]
    assert out["active_seat"] == 1  # nothing left to convert: the turn is over


def test_IA_6_2_coinage_makes_inventions_worth_four():
    st = at_buy(4, goods=0, developments=["coinage"])
    out = play(st, 0, buy("medicine", inventions=4))  # 16 >= 15; 4 x 3 = 12 would be too little
    assert [d["id"] for d in out["players"][0]["developments"]] == ["coinage", "medicine"]
    rejected(at_buy(4, goods=0), 0, buy("medicine", inventions=4), "IA-6.2", "payment_too_low")


def test_IA_6_2_paying_too_little_is_rejected():
    st = at_buy(1, goods=6)
    rejected(st, 0, buy("agriculture", goods=6), "IA-6.2", "payment_too_low")
    rejected(st, 0, buy("agriculture", goods=6, inventions=1, wealth=0, extra=1), "IA-6.2", "bad_move")
    rejected(st, 0, {"type": "buy", "development": "agriculture"}, "IA-6.2", "bad_move")


def test_IA_R18_payment_must_not_exceed_holdings_and_overpaying_is_legal():
    st = at_buy(0, goods=3, wealth=2)
    rejected(st, 0, buy("agriculture", goods=4, wealth=2), "IA-R18", "payment_exceeds_holdings")
    rejected(st, 0, buy("agriculture", inventions=1, wealth=2), "IA-R18", "payment_exceeds_holdings")
    p = play(st, 0, buy("agriculture", goods=3, wealth=2))["players"][0]  # worth 13 for a cost of 10
    assert (p["goods"], p["wealth"]) == (0, 0)


def test_IA_6_1_each_development_at_most_once():
    st = at_buy(0, goods=15, developments=["agriculture"])
    rejected(st, 0, buy("agriculture", goods=10), "IA-6.1", "already_owned")
    rejected(st, 0, buy("writing", goods=10), "IA-6.1", "bad_move")


def test_IA_6_1_only_one_development_per_turn():
    st = at_buy(0, goods=15)
    out = play(st, 0, buy("agriculture", goods=10))
    assert out["phase"] == "convert"
    rejected(out, 0, buy("fishing", goods=5), "IA-7.1", "wrong_move")


def test_IA_6_2_a_development_works_from_the_moment_it_is_bought():
    st = at_buy(0, goods=15, wealth=1, military=3)
    out = play(st, 0, buy("divisions", goods=15, wealth=1))
    assert RULES.data.strength(out["players"][0]) == 5


def test_IA_6_3_unused_inventions_are_lost():
    st = at_buy(3, goods=4)
    out = play(st, 0, {"type": "buy_none"})
    assert out["phase"] == "convert" and out["turn"]["inventions"] == 0


def test_D7_is_skipped_when_nothing_is_affordable():
    st = position(2, phase="build", fate="harvest", turn={"workers": 1, "inventions": 1}, players={0: {"goods": 5}})
    out = play(st, 0, {"type": "build", "actions": []})
    assert out["phase"] == "convert"  # 5 + 3 < 10: D7 skipped, inventions gone
    assert out["turn"]["inventions"] == 0


def test_IA_7_1_convert_goods_to_wealth():
    st = position(2, phase="convert", fate="harvest", players={0: {"goods": 9, "wealth": 1}})
    (prompt,) = RULES.prompts(st)
    assert prompt.default == {"type": "convert", "wealth": 0} == RULES.default_move(st, 0)
    assert prompt.choices == [{"type": "convert", "wealth": k} for k in range(3)] + [{"type": "end_turn"}]
    out = play(st, 0, {"type": "convert", "wealth": 2})
    p = out["players"][0]
    assert (p["goods"], p["wealth"]) == (1, 3) and out["active_seat"] == 1
    rejected(st, 0, {"type": "convert", "wealth": 3}, "IA-7.1", "not_enough_goods")
    rejected(st, 0, {"type": "convert", "wealth": -1}, "IA-7.1", "bad_move")


def test_IA_7_1_wealth_track_maximum_limits_the_conversion():
    st = position(2, phase="convert", fate="harvest", players={0: {"goods": 12, "wealth": 14}})
    rejected(st, 0, {"type": "convert", "wealth": 2}, "IA-7.1", "track_full")
    assert [m.get("wealth") for m in RULES.prompts(st)[0].choices] == [0, 1, None]


def test_IA_R19_conversion_is_one_move_with_any_multiple_of_four():
    st = position(2, phase="convert", fate="harvest", players={0: {"goods": 15, "wealth": 0}})
    p = play(st, 0, {"type": "convert", "wealth": 3})["players"][0]
    assert (p["goods"], p["wealth"]) == (3, 3)


def test_D8_is_skipped_with_fewer_than_four_goods_or_full_wealth():
    for goods, wealth in ((3, 0), (8, 15)):
        st = position(2, phase="buy", fate="harvest", players={0: {"goods": goods, "wealth": wealth}})
        out = play(st, 0, {"type": "buy_none"})
        assert out["active_seat"] == 1
