"""An engine's refusal as a `Text` (issue 29): the English text stays what it always was (logs,
JSON, old callers), and the reader's language renders it from the catalog with the game's own
terms, so a German player reads why a move is refused in German."""

from __future__ import annotations

import copy
import json
import pickle
import re
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


# --- every refusal of Babel, Iron Age and Khronos reads in German --------------------------------

LEFTOVER = re.compile(r"%\(\w+\)[sdr]|%[sd]")


def _refused(rules, state, seat, move) -> IllegalMove:
    with pytest.raises(IllegalMove) as refused:
        rules.apply(copy.deepcopy(state), seat, move, Rng(b"texts", 1))
    return refused.value


def _babel() -> list[tuple[IllegalMove, str]]:
    rules = rules_for("babel")
    state = rules.setup(2, {"first_seat": 0}, Rng(b"texts", 0))
    seat = rules.prompts(state)[0].seat
    held = next(p for p, n in state["players"][seat]["hand"].items() if n > 0)
    return [
        (_refused(rules, state, 1 - seat, {"type": "end_turn"}), "du bist nicht an der Reihe"),
        (_refused(rules, state, seat, {"type": "dance"}), "ein Zug braucht einen Typ (type)"),
        (_refused(rules, state, seat, {"type": "build", "source": "tower"}), "source muss 'start' oder 'yard' sein"),
        (_refused(rules, state, seat, {"type": "settle", "people": held}),
         "deine Spielfigur steht nicht auf dem Spielplan; reise zuerst"),
    ]


REFUSALS = {"babel": _babel}


@pytest.mark.parametrize("game", sorted(REFUSALS))
def test_refusals_read_in_german_citing_their_rule_with_no_leftover_placeholder(game):
    """Issue 29: a German reader's problem detail for each refusal is the catalog's German
    sentence, its arguments in the rulebook's words, the rule cited; English is unchanged."""
    refusals = REFUSALS[game]()
    assert len({r.message.msgid for r, _ in refusals}) >= 3  # different refusals, not one thrice
    for refused, german in refusals:
        assert isinstance(refused.message, Text), refused.message
        problem = Unprocessable(refused.message, rule=refused.rule, words=partial(term, game))
        detail = problem.problem(DE)["detail"]
        assert f"(Regel {refused.rule}," in detail and german in detail, detail
        assert str(refused.message) not in detail and not LEFTOVER.search(detail), detail
        assert problem.problem(EN)["detail"] == str(refused.message)  # English as it always was
