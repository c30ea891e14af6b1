"""Hidden information (§10.1, K-45, Ruling K-R24), the text form and the presentation hooks
(format_move/parse_text, picture, narrate, summary), all from views only."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET

import pytest

from referee.engine.rng import Rng, redact_records
from referee.games.khronos.rules import GameRules
from tests.games.khronos.policy import move_gen
from tests.games.khronos.positions import Pos

RULES = GameRules()


def played(seats: int = 3, moves: int = 60, **options) -> tuple[dict, list[tuple[int, dict, list]]]:
    st = RULES.setup(seats, options, Rng(b"views", 1))
    pick = random.Random(7)
    log = []
    for i in range(moves):
        if RULES.result(st):
            break
        pr = RULES.prompts(st)[0]
        move = pick.choice(pr.choices) if pr.choices else move_gen(RULES, st, pr, pick)
        rng = Rng(b"views", i + 2)
        st = RULES.apply(st, pr.seat, move, rng)
        log.append((pr.seat, move, rng.records))
    return st, log


def test_K_45_hands_and_deck_are_hidden_hand_and_deck_sizes_public():
    st, _ = played()
    for viewer in (None, 0, 1, 2):
        v = RULES.view(st, viewer)
        assert v["deck"] is None and v["deck_count"] == len(st["deck"])
        for seat, p in enumerate(v["players"]):
            assert p["hand_count"] == len(st["players"][seat]["hand"])
            assert (p["hand"] is not None) == (seat == viewer)
        text = json.dumps(v)
        for seat, p in enumerate(st["players"]):
            if seat != viewer:
                for card in p["hand"]:
                    assert f'"{card}"' not in json.dumps(v["players"]) or card in st["discard"] + st["display"]


def test_K_R24_coins_hidden_from_other_seats_when_not_public_and_revealed_at_the_end():
    pos = Pos(seats=3, coins_public=False, round=4)
    pos.st["players"][1]["coins"] = 4321
    v = pos.rules.view(pos.sound(), 0)
    assert [p["coins"] for p in v["players"]] == [10, None, None]
    assert [p["coins"] for p in pos.rules.view(pos.st, None)["players"]] == [None, None, None]
    st = pos.play(0, {"type": "end_turn"})
    assert pos.rules.view(st, 1)["last_tax"]["amounts"] is None
    assert pos.rules.view(st, 0)["last_tax"]["amounts"] is not None
    assert "4321" not in pos.rules.summary(pos.rules.view(st, 0), 0)
    assert "4321" not in pos.rules.picture(pos.rules.view(st, 0), 0)
    pos.st["round"], pos.st["active_seat"] = 7, 2
    end = pos.play(2, {"type": "end_turn"})
    assert [p["coins"] for p in pos.rules.view(end, 0)["players"]] == [10, 4321, 10]
    public = Pos(seats=3)
    assert [p["coins"] for p in public.rules.view(public.sound(), 0)["players"]] == [10, 10, 10]


def test_draw_records_show_other_seats_only_the_count():
    _, log = played()
    for seat, move, records in log:
        for rec in redact_records(records, (seat + 1) % 3):
            if rec["label"] in ("refill_draw", "exchange_draw"):
                assert rec["value"] is None and isinstance(rec["public"]["count"], int)


def test_redact_shows_moves_as_played():
    st, log = played()
    for seat, move, _ in log:
        assert RULES.redact(st, move, seat, None) == move


def test_text_form_round_trips_every_move_played():
    _, log = played(seats=4, moves=150, holdem=True)
    kinds = set()
    for _, move, _ in log:
        kinds.add(move["type"])
        assert RULES.parse_text(RULES.format_move(move)) == move
    assert {"build", "travel", "end_turn"} <= kinds


@pytest.mark.parametrize("text,move", [
    ("build might fortress 3 4 M01 M02 M03 M04",
     {"type": "build", "age": "might", "building": "military", "rank": 3, "anchor": [3, 4],
      "cards": ["M01", "M02", "M03", "M04"]}),
    ("build faith monastery 0 0 cards r01 r02 by 1 1",
     {"type": "build", "age": "faith", "building": "religious", "rank": 2, "anchor": [0, 0],
      "cards": ["R01", "R02"], "adventurers": [1, 1]}),
    ("travel 1 reason", {"type": "travel", "adventurer": 1, "to": "reason"}),
    ("end", {"type": "end_turn"}),
    ("upgrade might 3 4 to fortress at 2 3 M05 M06",
     {"type": "upgrade", "age": "might", "at": [3, 4], "rank": 3, "anchor": [2, 3], "cards": ["M05", "M06"]}),
    ("demolish faith 5 5 R07", {"type": "demolish", "age": "faith", "at": [5, 5], "card": "R07"}),
    ("populate 4 4 C01 C02", {"type": "populate", "at": [4, 4], "cards": ["C01", "C02"]}),
    ("restore 4 4 M01", {"type": "restore", "at": [4, 4], "cards": ["M01"]}),
    ("exchange C01 M02", {"type": "exchange_cards", "discard": ["C01", "M02"]}),
    ("swap take R03 give M01", {"type": "holdem_swap", "take": ["R03"], "give": ["M01"]}),
    ("reduce 0 2", {"type": "choose_reduction", "at": [0, 2]}),
    ("place 1 1", {"type": "place_reduced", "anchor": [1, 1]}),
    ("keeper 2", {"type": "choose_hamlet_keeper", "seat": 2}),
])
def test_text_form_examples(text, move):
    assert RULES.parse_text(text) == move
    assert RULES.parse_text(RULES.format_move(move)) == move


@pytest.mark.parametrize("text", ["", "build might tower 1 1 M01", "travel x reason", "travel 1 heaven",
                                  "populate 1 1", "end now", "build might castle 1 M01", "dance"])
def test_text_form_errors_are_readable(text):
    with pytest.raises(ValueError) as e:
        RULES.parse_text(text)
    assert str(e.value)


def test_picture_is_a_board_of_titled_sections_with_labels():
    st, _ = played()
    out = RULES.picture(RULES.view(st, 0), 0)
    root = ET.fromstring(out)
    ns = "{http://www.w3.org/2000/svg}"
    sections = [s for s in root.iter(f"{ns}svg") if s.get("class") == "section"]
    assert root.get("class") == "board" and len(sections) >= 5 and all("viewBox" in s.attrib for s in sections)
    assert all(s.find(f"{ns}title") is not None for s in sections) and root.findall(f".//{ns}text")
    assert out == RULES.picture(RULES.view(st, 0), 0)
    texts = " ".join("".join(t.itertext()) for t in root.iter(f"{ns}text"))
    for seat, p in enumerate(st["players"]):
        if seat != 0:
            for card in p["hand"]:
                assert card not in texts


def test_narrate_says_what_happened_without_hidden_cards():
    names = ["Ann", "Bo", "Cy"]
    _, log = played()
    for i, (seat, move, records) in enumerate(log):
        event = {"seq": i + 2, "type": "move", "seat": seat,
                 "payload": {"move": move, "chance": redact_records(records, (seat + 1) % 3)}}
        text = RULES.narrate(event, names)
        assert text.startswith(names[seat]) and text.endswith(".")
        for rec in records:
            if rec["label"].endswith("draw"):
                for card in rec["value"]:
                    if card not in json.dumps(move):
                        assert card not in text
    ev = {"seq": 9, "type": "timeout", "seat": 1, "payload": {"move": {"type": "end_turn"}}}
    assert "Bo" in RULES.narrate(ev, names) and "time" in RULES.narrate(ev, names)


def test_summary_is_a_few_plain_lines():
    st, _ = played()
    text = RULES.summary(RULES.view(st, 1), 1)
    assert 3 <= len(text.splitlines()) <= 8 and "{" not in text
    for card in st["players"][0]["hand"]:
        assert card not in text or card in st["players"][1]["hand"]
