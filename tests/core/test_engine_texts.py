"""An engine's refusal as a `Text` (issue 29): the English text stays what it always was (logs,
JSON, old callers), and the reader's language renders it from the catalog with the game's own
terms, so a German player reads why a move is refused in German."""

from __future__ import annotations

import copy
import json
import pickle
from functools import partial

import pytest

from referee.engine.contract import IllegalMove
from referee.engine.glossary import term
from referee.engine.registry import rules_for
from referee.engine.rng import Rng
from referee.plumbing.errors import Unprocessable
from referee.plumbing.i18n import EN, Text, translator

DE = translator("de")


def test_a_text_is_its_english_string_and_keeps_its_id_through_copies_and_json():
    t = Text("no %(people)s card in hand", people="hittites")
    assert t == "no hittites card in hand" and isinstance(t, str)
    assert json.dumps({"detail": t}) == '{"detail": "no hittites card in hand"}'
    for copied in (copy.deepcopy(t), pickle.loads(pickle.dumps(t))):
        assert copied.msgid == t.msgid and copied.args == t.args and copied == t
    assert EN.text(t) == "no hittites card in hand"
    assert DE.text(t, partial(term, "babel")) == "keine Hethiter-Karte auf der Hand"
    assert DE.text("plain words") == "plain words"  # not a Text: shown as given


def test_a_refused_babel_move_reads_in_german_with_the_rulebook_s_people_B_17():
    rules = rules_for("babel")
    state = rules.setup(2, {"first_seat": 0}, Rng(b"texts", 0))
    seat = rules.prompts(state)[0].seat
    missing = "hittites"
    state["players"][seat]["hand"][missing] = 0  # a hand without Hittites, whatever the deal
    with pytest.raises(IllegalMove) as refused:
        rules.apply(state, seat, {"type": "travel", "people": missing}, Rng(b"texts", 1))
    assert refused.value.rule == "B-17" and refused.value.message == f"no {missing} card in hand"
    problem = Unprocessable(refused.value.message, rule="B-17", words=partial(term, "babel"))
    german = problem.problem(DE)["detail"]
    assert "(Regel B-17" in german and f"keine {term('babel', missing, 'de')}-Karte auf der Hand" in german
    assert problem.problem(EN)["detail"] == f"no {missing} card in hand"


@pytest.mark.parametrize("game, german, english", [
    ("babel", "reisen hethiter", "travel hittites"),
    ("gentes", "passen", "pass"),  # a generic `type key=value` form reads any word: the schema decides
])
def test_german_move_words_read_as_the_english_ones(game, german, english):
    from referee.engine.glossary import parse_text
    rules = rules_for(game)
    assert parse_text(rules, german) == parse_text(rules, english) == rules.parse_text(english)
    # English always wins, and a word neither language knows stays what the game's parser made of it
    assert parse_text(rules, english) == rules.parse_text(english)
