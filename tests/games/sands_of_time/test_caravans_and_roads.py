"""Caravans [§5.8] and Resettle with roads [§5.9]: ST-70..ST-76 and the rulings ST-R6, ST-R9."""

from __future__ import annotations

from tests.games.sands_of_time.positions import (
    RULES,
    G,
    building,
    caravan,
    citizens,
    control,
    play,
    rejected,
    scene,
    set_player,
)


def home(st):
    control(st, "hispania", 0, "capital")
    control(st, "mauretania", 0, "colony")
    citizens(st, "hispania", 0, farmers=3, soldiers=1)
    set_player(st, 0, grain=4, gold=4, unrest=0)


def car(a, b, pay="grain", heritage=None, card="caravan_1"):
    return {"type": "act", "card": card, "border": [a, b], "pay": pay, "heritage": heritage}


def test_ST_70_caravan_touches_an_anchor_or_the_chain():
    st = scene(["caravan_1", "tribute"], home)
    out = play(st, 0, car("hispania", "gallia"))
    assert out["caravans"][G.key("hispania", "gallia")] == [0]
    rejected(st, 0, car("gallia", "italia"), "ST-70", "NO_CARAVAN_CONNECTION")
    caravan(st, "hispania", "gallia", 0)
    out = play(st, 0, car("gallia", "italia"))  # through the own chain
    assert 0 in out["caravans"][G.key("gallia", "italia")]
    rejected(st, 0, car("hispania", "gallia"), "ST-70", "CARAVAN_EXISTS")
    rejected(st, 0, car("hispania", "aegyptus"), "ST-70", "NOT_ADJACENT")


def test_ST_70_chains_do_not_pass_through_regions_out_of_play():
    def edit(st):
        home(st)
        caravan(st, "gallia", "germania", 0)
        caravan(st, "hispania", "gallia", 0)
    st = scene(["caravan_1", "tribute"], edit)
    assert not st["regions"]["germania"]["in_play"]
    out = play(st, 0, car("gallia", "britannia", heritage="civil"))  # may end in a region out of play (tin)
    assert 0 in out["caravans"][G.key("britannia", "gallia")]
    rejected(st, 0, car("germania", "dacia"), "ST-70", "NO_CARAVAN_CONNECTION")


def test_ST_71_exactly_two_grain_or_two_gold_market_one_less():
    st = scene(["caravan_1", "tribute"], home)
    out = play(st, 0, car("hispania", "gallia", pay="gold"))
    assert out["players"][0]["gold"] == 2
    rejected(st, 0, car("hispania", "gallia", pay={"grain": 1, "gold": 1}), "ST-71", "MIXED_PAYMENT")
    st["players"][0]["grain"] = 1
    rejected(st, 0, car("hispania", "gallia"), "ST-71", "INSUFFICIENT_GRAIN")

    def market(st):
        home(st)
        building(st, "hispania", "market")
    st = scene(["focus_civil", "caravan_1"], market)
    out = play(st, 0, car("hispania", "gallia"))
    assert out["players"][0]["grain"] == 3


def test_ST_72_heritage_for_trade_goods_and_foreign_capitals():
    def edit(st):
        home(st)
        control(st, "aegyptus", 0, "colony")
        building(st, "aegyptus", "city")
    st = scene(["focus_civil", "caravan_1"], edit)
    rejected(st, 0, car("aegyptus", "libya"), "ST-72")
    out = play(st, 0, car("aegyptus", "libya", heritage="culture"))  # papyrus
    assert out["players"][0]["heritage"]["culture"] == 1
    out = play(st, 0, car("aegyptus", "cyprus"))
    assert out["players"][0]["heritage"] == st["players"][0]["heritage"]


def test_ST_R9_only_other_players_capitals_and_cities_and_only_the_first_touch():
    def edit(st):
        home(st)
        control(st, "gallia", 1, "capital")
    st = scene(["caravan_1", "tribute"], edit)
    out = play(st, 0, car("hispania", "gallia", heritage="political"))
    assert out["players"][0]["heritage"]["political"] == 1

    def touched(st):
        edit(st)
        caravan(st, "hispania", "italia", 0)
        caravan(st, "italia", "gallia", 0)
    st = scene(["caravan_1", "tribute"], touched)
    out = play(st, 0, car("hispania", "gallia"))
    assert out["players"][0]["heritage"]["political"] == 0


def test_ST_73_caravan_2_needs_culture():
    st = scene(["focus_culture", "caravan_2"], home)
    out = play(st, 0, car("hispania", "gallia", card="caravan_2"))
    assert out["turn"]["status"]["caravan_2"] == "done"


def mv(a, b, via=None, f=1, s=0):
    return {"from": a, "to": b, "via": via, "farmers": f, "soldiers": s}


def test_ST_74_resettle_each_citizen_once_to_an_adjacent_region():
    st = scene(["resettle", "tribute"], home)
    out = play(st, 0, {"type": "act", "card": "resettle", "moves": [mv("hispania", "gallia", f=2), mv("hispania", "sicilia", f=0, s=1)], "caravan": None})
    assert out["regions"]["gallia"]["citizens"]["0"] == {"farmers": 2, "soldiers": 0}
    assert out["regions"]["sicilia"]["citizens"]["0"] == {"farmers": 0, "soldiers": 1}
    rejected(st, 0, {"type": "act", "card": "resettle", "moves": [mv("hispania", "gallia", f=2), mv("hispania", "sicilia", f=2)], "caravan": None}, "ST-74", "NOT_MORE_CITIZENS")
    rejected(st, 0, {"type": "act", "card": "resettle", "moves": [mv("hispania", "graecia")], "caravan": None}, "ST-74", "NOT_ADJACENT")
    rejected(st, 0, {"type": "act", "card": "resettle", "moves": [mv("hispania", "britannia")], "caravan": None}, "ST-74", "REGION_NOT_IN_PLAY")
    rejected(st, 0, {"type": "act", "card": "resettle", "moves": [mv("hispania", "italia", via="gallia")], "caravan": None}, "ST-75", "NOT_ADJACENT")


def road_board(st):
    home(st)
    control(st, "gallia", 1, "colony")
    building(st, "gallia", "road")
    control(st, "sicilia", 0, "colony")
    building(st, "sicilia", "road")


def test_ST_75_roads_need_the_controllers_permission():
    st = scene(["resettle", "tribute"], road_board)
    move = {"type": "act", "card": "resettle", "caravan": None,
            "moves": [mv("hispania", "italia", via="gallia"), mv("hispania", "libya", via="sicilia")]}
    st = play(st, 0, move)
    assert [(p.seat, p.kind) for p in RULES.prompts(st)] == [(1, "road_permission")]
    assert st["regions"]["hispania"]["citizens"]["0"]["farmers"] == 3  # nothing moved yet
    rejected(st, 0, {"type": "road_permission", "region": "gallia", "grant": True}, "ST-22", "NOT_YOUR_TURN")
    out = play(st, 1, {"type": "road_permission", "region": "gallia", "grant": True})
    assert out["regions"]["italia"]["citizens"]["0"]["farmers"] == 1 and out["regions"]["libya"]["citizens"]["0"]["farmers"] == 1
    assert out["turn"]["status"]["resettle"] == "done"


def test_ST_75_denied_road_means_replan():
    st = scene(["resettle", "tribute"], road_board)
    move = {"type": "act", "card": "resettle", "caravan": None,
            "moves": [mv("hispania", "italia", via="gallia"), mv("hispania", "libya", via="sicilia")]}
    st = play(play(st, 0, move), 1, {"type": "road_permission", "region": "gallia", "grant": False})
    p = RULES.prompts(st)[0]
    assert (p.seat, p.kind, p.choices) == (0, "resettle_replan", None)
    assert p.default["moves"] == [mv("hispania", "libya", via="sicilia")]
    rejected(st, 0, move, "ST-75", "PASSAGE_DENIED")
    out = play(st, 0, p.default)
    assert out["regions"]["libya"]["citizens"]["0"]["farmers"] == 1 and "0" not in out["regions"]["italia"]["citizens"]


def test_ST_R6_roads_only_for_resettle_one_hop():
    st = scene(["raid", "tribute"], road_board)
    assert "libya" not in G.adj["hispania"]
    rejected(st, 0, {"type": "act", "card": "raid", "moves": [{"from": "hispania", "to": "libya", "count": 1}], "target": None}, "ST-61")
    st = scene(["resettle", "tribute"], road_board)
    rejected(st, 0, {"type": "act", "card": "resettle", "caravan": None, "moves": [mv("hispania", "graecia", via="gallia")]}, "ST-75")


def test_ST_76_free_caravan_with_culture_next_to_an_own_citizen():
    st = scene(["focus_culture", "resettle"], home)
    grain = st["players"][0]["grain"]
    out = play(st, 0, {"type": "act", "card": "resettle", "moves": [mv("hispania", "gallia")],
                       "caravan": {"border": ["hispania", "gallia"], "heritage": None}})
    assert 0 in out["caravans"][G.key("hispania", "gallia")] and out["players"][0]["grain"] == grain
    st2 = scene(["resettle", "tribute"], home)
    rejected(st2, 0, {"type": "act", "card": "resettle", "moves": [mv("hispania", "gallia")],
                      "caravan": {"border": ["hispania", "gallia"], "heritage": None}}, "ST-76", "CATEGORY_LOCKED")
    rejected(st, 0, {"type": "act", "card": "resettle", "moves": [mv("hispania", "gallia", f=3, s=1)],
                     "caravan": {"border": ["hispania", "italia"], "heritage": None}}, "ST-76")
