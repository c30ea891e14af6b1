"""Taxation (K-25, Ruling K-R11), the end (K-26, K-R12, K-R3) and resigning."""

from __future__ import annotations

from tests.games.khronos.positions import Pos

END = {"type": "end_turn"}


def tax_position(round_: int = 4) -> Pos:
    pos = Pos(round=round_, hamlets=[[2, 2]])
    pos.advs(0, "might", "reason")
    # Might: seat 0's castle rules a village and the printed hamlet (3 + 1)
    pos.put("might", "military", 2, (0, 0), 0)
    pos.put("might", "civil", 2, (0, 2))
    pos.put("might", "military", 1, (2, 0), 1)  # below the top: does not matter
    # Might: seat 1 rules another domain
    pos.put("might", "military", 2, (6, 6), 1)
    pos.put("might", "civil", 1, (5, 6))
    # Faith: seat 0 would rule here, but has no adventurer in Faith
    pos.put("faith", "religious", 1, (0, 0), 0)
    pos.put("faith", "civil", 1, (0, 1))
    # Reason: seat 0 leads the civil cubes; castle ruin 1 + restored monastery 2 + half-restored abbey ruin 2
    pos.put("reason", "civil", 2, (3, 3), cubes=[0, 0, 1])
    pos.put("reason", "military", 2, (1, 3), ruin=True)
    pos.put("reason", "religious", 2, (3, 5), ruin=False)
    pos.put("reason", "religious", 3, (5, 2), ruin=True, restore_cube=1)
    return pos


def test_K_25_taxes_per_age_with_an_adventurer_per_ruled_domain():
    pos = tax_position()
    st = pos.play(0, END)
    assert st["last_tax"] == {"seat": 0, "round": 4, "amounts": {"might": 4, "reason": 5}}
    assert st["players"][0]["coins"] == 19


def test_K_25_no_taxes_outside_rounds_four_and_seven():
    st = tax_position(round_=3).play(0, END)
    assert st["players"][0]["coins"] == 10 and st["last_tax"] is None


def test_K_25_K_R11_reason_ties_collect_in_full_and_an_absent_player_nothing():
    pos = Pos(round=4)
    pos.advs(0, "reason", "reason")
    pos.put("reason", "civil", 2, (3, 3), cubes=[0, 1])
    pos.put("reason", "military", 3, (0, 3), ruin=False)
    st = pos.play(0, END)
    assert st["last_tax"]["amounts"] == {"reason": 4}  # restored fortress at front value, tie collects
    led = Pos(round=4)
    led.advs(0, "reason", "faith")
    led.put("reason", "civil", 2, (3, 3), cubes=[0, 1, 1])
    led.put("reason", "military", 3, (0, 3), ruin=False)
    st = led.play(0, END)
    assert st["last_tax"]["amounts"] == {"faith": 0, "reason": 0}


def test_K_26_the_game_ends_after_round_seven_and_K_R12_equal_coins_share_the_victory():
    pos = Pos(round=7, active=1)
    st = pos.play(1, END)
    assert st["phase"] == "finished" and pos.rules.prompts(st) == []
    res = pos.rules.result(st)
    assert res["winner"] is None and res["winners"] == [0, 1] and res["scores"] == [10, 10]
    assert res["ranks"] == [1, 1] and res["reason"] == "end"
    assert pos.refused(0, END, st).rule == "K-26"


def test_K_26_most_coins_win_and_K_R3_coins_are_a_plain_integer():
    pos = Pos(seats=3, round=7, active=2)
    pos.st["players"][0]["coins"] = 123
    st = pos.play(2, END)
    res = pos.rules.result(st)
    assert res["winner"] == 0 and res["ranking"][0] == 0 and res["scores"][0] == 123


def test_resigning_ends_the_game_and_ranks_the_resigner_last():
    pos = Pos(seats=3)
    pos.st["players"][1]["coins"] = 50
    st = pos.rules.resign(pos.sound(), 1)
    res = pos.rules.result(st)
    assert res["reason"] == "resigned" and res["winners"] == [0, 2] and res["ranking"][-1] == 1
    assert pos.rules.check_state(st) == []
