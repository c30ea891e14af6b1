"""Conquest [§5.3]: ST-54..ST-60 and the rulings ST-R3, ST-R7, ST-R8, ST-R29, ST-R30, ST-R36, ST-R39."""

from __future__ import annotations

from tests.games.sands_of_time.positions import (
    RULES,
    building,
    citizens,
    control,
    play,
    progress,
    rejected,
    scene,
    set_player,
    tile,
)


def board(st, attacker=(0, 2), defender=(2, 1), unrest=(2, 2), region_owner=1, grain=5):
    """Seat 0 (capital Hispania, colony Mauretania) attacks seat 1 in Gallia (seat 1 also holds
    Italia and Sicilia, adjacent to Gallia/Hispania)."""
    control(st, "hispania", 0, "capital")
    control(st, "mauretania", 0, "colony")
    citizens(st, "hispania", 0, farmers=2)
    control(st, "italia", 1, "capital")
    control(st, "sicilia", 1, "colony")
    citizens(st, "italia", 1, farmers=1)
    if region_owner is not None:
        control(st, "gallia", region_owner, "colony")
    tile(st, "gallia", "grain", 4)
    citizens(st, "gallia", 0, farmers=attacker[0], soldiers=attacker[1])
    citizens(st, "gallia", 1, farmers=defender[0], soldiers=defender[1])
    set_player(st, 0, unrest=unrest[0], grain=grain)
    set_player(st, 1, unrest=unrest[1])


def fight(st, a: int, d: int):
    """Both values, then the default losses (farmers first) wherever a choice is asked."""
    st = play(st, 0, {"type": "combat_value", "value": a})
    if any(p.kind == "combat_value" for p in RULES.prompts(st)):
        st = play(st, 1, {"type": "combat_value", "value": d})
    while st["pending"] and st["pending"][0]["kind"] == "combat_losses":
        seat = st["pending"][0]["seat"]
        st = play(st, seat, RULES.default_move(st, seat))
    return st


def attack(st, region="gallia", foe=1):
    return play(st, 0, {"type": "act", "card": "conquest", "region": region, "attack": foe, "annex": False})


def test_ST_54_attack_needs_citizens_of_both_and_costs_grain_equal_to_unrest():
    st = scene(["conquest", "tribute"], board)
    out = attack(st)
    assert out["players"][0]["grain"] == 3
    assert sorted(p.seat for p in RULES.prompts(out)) == [0, 1] and {p.kind for p in RULES.prompts(out)} == {"combat_value"}
    rejected(st, 0, {"type": "act", "card": "conquest", "region": "italia", "attack": 1, "annex": False}, "ST-54")
    st["players"][0]["grain"] = 1
    rejected(st, 0, {"type": "act", "card": "conquest", "region": "gallia", "attack": 1, "annex": False}, "ST-54", "INSUFFICIENT_GRAIN")


def test_ST_55_combat_value_with_modifiers():
    from referee.games.sands_of_time.combat import strength
    from tests.games.sands_of_time.positions import G
    st = scene(["conquest", "tribute"], board)
    assert strength(G, st, 0, "gallia", False) == 4 and strength(G, st, 1, "gallia", True) == 4
    progress(st, 0, "political_2", 1)  # Bronze Working +1
    building(st, "gallia", "fortress")  # seat 1 controls Gallia: +2
    assert strength(G, st, 0, "gallia", False) == 5 and strength(G, st, 1, "gallia", True) == 6


def test_ST_56_secret_values_within_the_limit():
    st = attack(scene(["conquest", "tribute"], board))
    assert [m["value"] for m in RULES.prompts(st)[0].choices] == list(range(6))  # 7 - 2 = 5
    rejected(st, 0, {"type": "combat_value", "value": 6}, "ST-56", "DIE_OUT_OF_RANGE")
    st = play(st, 1, {"type": "combat_value", "value": 3})
    assert RULES.view(st, 0)["action"]["values"]["1"] == "hidden"
    assert RULES.redact(st, {"type": "combat_value", "value": 3}, 1, 0) == {"type": "combat_value", "value": "hidden"}
    rejected(st, 1, {"type": "combat_value", "value": 1}, "ST-56", "ACTION_ALREADY_DONE")


def test_ST_R3_a_combatant_at_the_maximum_is_not_asked():
    st = attack(scene(["conquest", "tribute"], lambda s: board(s, unrest=(2, 7))))
    assert [p.seat for p in RULES.prompts(st)] == [0]
    assert st["action"]["values"]["1"] == 0


def test_ST_57_winner_loses_one_and_gains_its_value_in_unrest_loser_two():
    st = attack(scene(["conquest", "tribute"], board))
    st = fight(st, 2, 1)
    assert st["last_combat"]["winner"] == 0 and st["players"][0]["unrest"] == 4 and st["players"][1]["unrest"] == 2
    assert st["regions"]["gallia"]["citizens"]["0"] == {"farmers": 0, "soldiers": 1}
    assert "1" not in st["regions"]["gallia"]["citizens"]


def test_ST_57_tie_goes_to_the_defender():
    st = attack(scene(["conquest", "tribute"], board))
    st = fight(st, 1, 1)
    assert st["last_combat"]["winner"] == 1 and st["regions"]["gallia"]["controller"] == 1


def test_ST_57_losses_are_a_decision_with_both_kinds():
    st = attack(scene(["conquest", "tribute"], lambda s: board(s, attacker=(2, 2), defender=(2, 2))))
    st = play(st, 0, {"type": "combat_value", "value": 3})
    st = play(st, 1, {"type": "combat_value", "value": 0})
    p = RULES.prompts(st)[0]
    assert (p.seat, p.kind) == (0, "combat_losses") and p.default == {"type": "combat_losses", "farmers": 1, "soldiers": 0}
    st = play(st, 0, {"type": "combat_losses", "farmers": 0, "soldiers": 1})
    p = RULES.prompts(st)[0]
    assert (p.seat, p.kind) == (1, "combat_losses")
    rejected(st, 1, {"type": "combat_losses", "farmers": 0, "soldiers": 1}, "ST-57")
    st = play(st, 1, {"type": "combat_losses", "farmers": 2, "soldiers": 0})
    assert st["regions"]["italia"]["citizens"]["1"] == {"farmers": 1, "soldiers": 2}  # the rest retreated


def test_ST_58_beaten_defender_retreats_and_loses_control():
    st = attack(scene(["conquest", "tribute"], lambda s: board(s, defender=(2, 1))))
    st = fight(st, 5, 0)
    assert st["regions"]["gallia"]["controller"] is None
    assert st["regions"]["italia"]["citizens"]["1"] == {"farmers": 1, "soldiers": 1}  # only Italia is adjacent


def test_ST_R7_retreat_to_one_region_of_choice():
    def edit(st):
        board(st, defender=(3, 1))
        control(st, "mauretania", None)
        control(st, "hispania", 1, "colony")
        control(st, "thracia", 0, "capital")
        citizens(st, "hispania", 0)
    st = attack(scene(["conquest", "tribute"], edit))
    st = fight(st, 5, 0)
    p = RULES.prompts(st)[0]
    assert (p.seat, p.kind) == (1, "retreat") and [m["region"] for m in p.choices] == ["hispania", "italia"]
    st = play(st, 1, {"type": "retreat", "region": "hispania"})
    assert st["regions"]["hispania"]["citizens"]["1"] == {"farmers": 1, "soldiers": 1}


def test_ST_58_last_region_is_kept():
    def edit(st):
        board(st)
        control(st, "italia", None)
        control(st, "sicilia", None)
        citizens(st, "italia", 1)
    st = attack(scene(["conquest", "tribute"], edit))
    st = fight(st, 5, 0)
    assert st["regions"]["gallia"]["controller"] == 1 and st["regions"]["gallia"]["citizens"]["1"] == {"farmers": 0, "soldiers": 1}


def test_ST_59_new_capital_after_losing_the_capital():
    def edit(st):
        board(st, defender=(1, 1))
        control(st, "gallia", None)
        control(st, "italia", None)
        control(st, "gallia", 1, "capital")
        control(st, "italia", 1, "colony")
        control(st, "thracia", 1, "colony")
    st = attack(scene(["conquest", "tribute"], edit))
    st = fight(st, 5, 0)
    p = RULES.prompts(st)[0]
    assert (p.seat, p.kind) == (1, "new_capital")
    st = play(st, 1, {"type": "new_capital", "region": "thracia"})
    assert st["players"][1]["capital_region"] == "thracia" and st["regions"]["thracia"]["control_type"] == "capital"


def test_ST_R36_the_new_capital_is_no_colony_for_tribute():
    test_ST_59_new_capital_after_losing_the_capital()


def test_ST_60_annex_rules_and_cost():
    def edit(st):
        board(st, defender=(0, 0), region_owner=None, grain=2)
    st = scene(["conquest", "tribute"], edit)
    out = play(st, 0, {"type": "act", "card": "conquest", "region": "gallia", "attack": None, "annex": True})
    assert out["regions"]["gallia"]["controller"] == 0 and out["regions"]["gallia"]["control_type"] == "colony"
    assert out["players"][0]["grain"] == 0  # 2 regions before annexing
    st["players"][0]["grain"] = 1
    rejected(st, 0, {"type": "act", "card": "conquest", "region": "gallia", "attack": None, "annex": True}, "ST-60", "INSUFFICIENT_GRAIN")
    st["players"][0]["grain"] = 5
    progress(st, 0, "political_1", 1)  # Law: -1 grain per own soldier (2)
    out = play(st, 0, {"type": "act", "card": "conquest", "region": "gallia", "attack": None, "annex": True})
    assert out["players"][0]["grain"] == 5


def test_ST_60_annex_needs_strictly_more_citizens():
    st = scene(["conquest", "tribute"], lambda s: board(s, attacker=(1, 0), defender=(1, 0), region_owner=None))
    rejected(st, 0, {"type": "act", "card": "conquest", "region": "gallia", "attack": None, "annex": True}, "ST-60", "NOT_MORE_CITIZENS")


def test_ST_R8_the_last_region_is_never_annexed():
    def edit(st):
        board(st, defender=(0, 0))
        control(st, "italia", None)
        control(st, "sicilia", None)
        citizens(st, "italia", 1)
    st = scene(["conquest", "tribute"], edit)
    rejected(st, 0, {"type": "act", "card": "conquest", "region": "gallia", "attack": None, "annex": True}, "ST-60", "LAST_REGION")


def test_ST_R29_attack_then_annex_on_the_same_region():
    st = attack(scene(["conquest", "tribute"], board))
    st = fight(st, 5, 0)
    p = RULES.prompts(st)[0]
    assert (p.seat, p.kind, p.default) == (0, "annex", {"type": "annex", "accept": False})
    st = play(st, 0, {"type": "annex", "accept": True})
    assert st["regions"]["gallia"]["controller"] == 0 and st["turn"]["status"]["conquest"] == "done"


def test_ST_R30_annex_cost_never_negative():
    def edit(st):
        board(st, defender=(0, 0), region_owner=None, grain=0)
        progress(st, 0, "political_1", 1)
    st = scene(["conquest", "tribute"], edit)
    out = play(st, 0, {"type": "act", "card": "conquest", "region": "gallia", "attack": None, "annex": True})
    assert out["players"][0]["grain"] == 0


def test_ST_R39_a_winner_without_citizens_cannot_annex():
    st = attack(scene(["conquest", "tribute"], lambda s: board(s, attacker=(0, 1), defender=(1, 0), grain=9)))
    st = fight(st, 5, 0)
    assert st["action"] is None and st["regions"]["gallia"]["controller"] is None
