"""Presentation hooks and hidden information: text form, picture, narration, summary, views."""

from __future__ import annotations

import re

import pytest

from referee.games.gentes.rules import GameRules
from tests.games.gentes.sample import RULES, sample_game


def test_text_form_round_trips_every_move_of_sample_games():
    for seats in (2, 3, 4):
        states, moves = sample_game(seats)
        for st, (seat, move) in zip(states, moves):
            text = RULES.format_move(move)
            assert RULES.parse_text(text) == move, text
            assert RULES.parse_text(RULES.format_move(RULES.default_move(st, seat))) == RULES.default_move(st, seat)


def test_text_form_examples_and_errors():
    assert RULES.parse_text("pass") == {"type": "pass"}
    assert RULES.parse_text("tax_collector hourglasses=2 doubles=1") == {"type": "tax_collector", "hourglasses": 2, "doubles": 1}
    assert RULES.parse_text("take_tile tile=PH2 params={train:[priest,scholar]}\n-- \nsignature") == \
        {"type": "take_tile", "tile": "PH2", "params": {"train": ["priest", "scholar"]}}
    assert RULES.parse_text('{"type": "pass"}') == {"type": "pass"}
    for bad in ("", "take_tile tile", "take_tile params={train:[priest", "x a=]"):
        with pytest.raises(ValueError):
            RULES.parse_text(bad)


def test_picture_is_an_svg_with_title_and_labels_and_shows_no_hidden_card():
    states, _ = sample_game(3)
    st = states[len(states) // 2]
    for viewer in (None, 0, 1, 2):
        svg = RULES.picture(RULES.view(st, viewer), viewer)
        assert svg.startswith('<div class="board"') and "<title>" in svg and "<text" in svg and "viewBox" in svg
        others = {c for seat, p in enumerate(st["players"]) if seat != viewer for c in p["hand"]}
        assert others and not any(re.search(rf"\b{re.escape(c)}\b", svg) for c in others)
    assert RULES.picture(RULES.view(st, 0), 0) == RULES.picture(RULES.view(st, 0), 0)


def test_narration_is_one_sentence_per_event_type():
    names = ["Ann", "Bo", "Cy"]
    states, moves = sample_game(3)
    seen = set()
    for st, (seat, move) in zip(states[1:], moves):
        event = {"seq": 2, "type": "move", "seat": seat, "payload": {"move": RULES.redact(st, move, seat, None), "chance": []}}
        text = RULES.narrate(event, names)
        assert text.startswith(names[seat]) and text.endswith(".") and "\n" not in text
        seen.add(move["type"])
    assert {"draft_pick", "take_tile", "tax_collector", "pass"} <= seen
    hidden = {"seq": 9, "type": "timeout", "seat": 1, "payload": {"move": {"type": "decline_choices", "hidden": True}}}
    assert RULES.narrate(hidden, names) == ("Bo answered the Decline (cities and moon abilities; secret until all have "
                                            "answered) (deadline passed).")


def test_summary_is_a_few_plain_lines():
    states, _ = sample_game(2)
    for viewer in (None, 0):
        text = RULES.summary(RULES.view(states[-1], viewer), viewer)
        assert 2 <= len(text.splitlines()) <= 8 and "{" not in text


def test_views_hide_hands_decks_and_pending_answers_but_not_after_the_end():
    states, _ = sample_game(4)
    mid = next(s for s in states if s["phase"] == "heyday")
    v = RULES.view(mid, 2)
    assert "decks" not in v and v["players"][2]["hand"] == mid["players"][2]["hand"]
    assert all(v["players"][i]["hand"] is None for i in (0, 1, 3))
    assert RULES.view(states[-1], None)["decks"] == states[-1]["decks"]


def test_a_second_rules_instance_with_other_components_changes_nothing_here():
    assert GameRules().data.track_len == 10


def test_the_player_page_examples_parse_and_match_the_move_schema():
    import json
    from pathlib import Path

    from referee.engine.schemas import check
    page = (Path(RULES.package_dir) / "README.md").read_text()
    types = ("draft_pick", "take_tile", "use_ability", "tax_collector", "pass", "decline_choices", "final_fulfil")
    texts = [t for t in re.findall(r"`([^`]+)`", page)
             if t.split(" ")[0] in types and ("=" in t or t == "pass") and "…" not in t]
    jsons = [t for t in re.findall(r"`(\{\"type\"[^`]+)`", page) if "…" not in t]
    assert len(texts) >= 10 and len(jsons) >= 10
    for t in texts:
        assert check("games/gentes/move.json", RULES.parse_text(t)) == [], t
    for j in jsons:
        assert check("games/gentes/move.json", json.loads(j)) == [], j
