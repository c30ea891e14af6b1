"""Phase 3: IA-3.1, IA-3.2, rulings IA-R4, IA-R6, IA-R8, IA-R22 (plague), IA-R30."""

from __future__ import annotations

from tests.games.iron_age.positions import play, position


def stop(st: dict) -> dict:
    return play(st, st["active_seat"], {"type": "stop_rolling"})


def skulls(n: int, total: int = 6) -> list[str]:
    return ["skull"] * n + ["goods"] * (total - n)


def test_IA_3_1_provinces_eat_food():
    out = stop(position(2, faces=["goods"] * 3, fate="harvest", players={0: {"provinces": 3, "food": 5}}))
    assert out["players"][0]["food"] == 2 and out["players"][0]["skulls"] == 0


def test_IA_3_1_famine_gives_a_skull_per_missing_food():
    # seed example (Beate): 2 provinces and no food -> 2 skulls
    out = stop(position(2, faces=["goods", "goods"], fate="harvest", players={0: {"provinces": 2, "food": 0}}))
    assert out["players"][0]["food"] == 0 and out["players"][0]["skulls"] == 2


def test_IA_R30_famine_counts_every_missing_food_and_food_never_goes_negative():
    out = stop(position(2, faces=skulls(0), fate="harvest", players={0: {"ports": 6, "provinces": 6, "food": 1}}))
    assert out["players"][0]["food"] == 0 and out["players"][0]["skulls"] == 5


def test_IA_3_2_unrest_gives_the_roller_one_skull_unless_religion():
    out = stop(position(2, faces=skulls(1, 2), fate="harvest"))
    assert out["turn"]["disaster"] == "unrest" and out["players"][0]["skulls"] == 1
    out = stop(position(2, faces=skulls(1, 2), fate="harvest", players={0: {"developments": ["religion"]}}))
    assert out["players"][0]["skulls"] == 0


def test_IA_3_2_barbarians_fight_the_roller_at_strength_4():
    out = stop(position(3, faces=skulls(2, 3), fate="harvest", players={0: {"ports": 3, "military": 2}}))
    assert out["turn"]["disaster"] == "barbarians"
    assert out["turn"]["battles"] == [{"source": "barbarians", "seat": 0, "strength": 2, "enemy_strength": 4,
                                       "outcome": "loss"}]
    p = out["players"][0]
    assert (p["skulls"], p["military"]) == (2, 1)


def test_IA_3_2_plague_hits_every_other_player_without_medicine():
    st = position(3, faces=skulls(3, 3), fate="harvest", players={0: {"ports": 3}, 2: {"developments": ["medicine"]}})
    out = stop(st)
    assert out["turn"]["disaster"] == "plague"
    assert [p["skulls"] for p in out["players"]] == [0, 3, 0]


def test_IA_R8_plague_never_hits_the_roller_in_a_multiplayer_game():
    out = stop(position(4, faces=skulls(3, 3), fate="harvest", players={0: {"ports": 3}}))
    assert [p["skulls"] for p in out["players"]] == [0, 3, 3, 3]


def test_IA_R22_solo_plague_hits_the_solo_player_unless_medicine():
    out = stop(position(1, faces=skulls(3, 3), fate="harvest", players={0: {"ports": 3}}))
    assert out["players"][0]["skulls"] == 3
    out = stop(position(1, faces=skulls(3, 3), fate="harvest", players={0: {"ports": 3, "developments": ["medicine"]}}))
    assert out["players"][0]["skulls"] == 0


def test_IA_3_2_civil_war_gives_the_roller_four_skulls():
    out = stop(position(2, faces=skulls(4, 4), fate="harvest", players={0: {"ports": 4}}))
    assert out["turn"]["disaster"] == "civil_war" and [p["skulls"] for p in out["players"]] == [4, 0]


def test_IA_R4_five_or_six_skulls_give_invasion_and_exactly_one_disaster():
    for n in (5, 6):
        out = stop(position(2, faces=skulls(n), fate="harvest", players={0: {"ports": 6, "military": 12}}))
        assert out["turn"]["disaster"] == "invasion"
        assert [b["source"] for b in out["turn"]["battles"]] == ["invasion", "invasion"]
        assert out["players"][0]["skulls"] == 0  # no civil war, unrest or plague on top


def test_IA_3_2_zero_skulls_no_disaster():
    out = stop(position(2, faces=["food", "food"], fate="harvest"))
    assert out["turn"]["disaster"] is None and out["turn"]["battles"] == []


def test_IA_R6_feeding_comes_before_the_disaster_and_battles_before_conquest():
    # unrest and famine both apply; barbarians take the last military before the conquest decision
    out = stop(position(2, faces=["skull", "goods"], fate="harvest", players={0: {"provinces": 2, "food": 0}}))
    assert out["players"][0]["skulls"] == 2 + 1
    out = stop(position(3, faces=skulls(2, 3), fate="conquest_1", players={0: {"ports": 3, "military": 1}}))
    assert out["players"][0]["military"] == 0 and out["phase"] != "conquest"
