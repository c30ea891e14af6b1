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


def _sands_refusals() -> list[tuple[dict, dict, str, str, str]]:
    """Seat 0 has revealed Build and Tribute: (state, move, rule, English message, German words)."""
    from tests.games.sands_of_time.positions import active, clear_board, control, set_player
    def edit(st: dict) -> None:
        clear_board(st)
        control(st, "hispania", 0, "capital")
        set_player(st, 0, gold=9)
    st = active(3, ["build", "tribute"], edit=edit)
    build = {"type": "act", "card": "build"}
    return [
        (st, {**build, "region": "gallia", "building": "temple"}, "ST-63",
         "NOT_CONTROLLED: you do not control gallia", "du kontrollierst Gallia nicht"),
        (st, {**build, "region": "hispania", "building": "city"}, "ST-63",
         "CATEGORY_LOCKED: building a city needs civil unlocked",
         "für das Bauwerk Stadt muss Bürgertum freigeschaltet sein"),
        (st, {"type": "act", "card": "conquest"}, "ST-22",
         "NOT_REVEALED_CARD: conquest is not one of your revealed action cards",
         "Eroberung ist keine deiner aufgedeckten Aktionskarten"),
        (st, {"type": "bonus", "bonus": "bribery"}, "ST-23",
         "NOT_ALLOWED: no bonus action bribery", "es gibt keine Bonusaktion „bribery“"),
    ]


def _gentes_refusals() -> list[tuple[dict, dict, str, str, str]]:
    from tests.games.gentes.positions import city, heyday
    full_priests = heyday(p0={"pop": {"priest": 8, "scholar": 0, "soldier": 0, "merchant": 0, "noble": 0, "artisan": 0}})
    taken = heyday()
    city(taken, 1, "Y1")
    nav = {"type": "take_tile", "tile": "NV1"}
    return [
        (full_priests, {"type": "take_tile", "tile": "PH4", "params": {"train": ["priest"]}}, "G-18",
         "priest cannot be raised: its row is full", "Priester kann nicht steigen: die Reihe ist voll"),
        (taken, {**nav, "params": {"space": "Y1"}}, "G-25", "Y1 already holds a city", "auf Y1 steht schon eine Stadt"),
        (taken, {**nav, "params": {"space": "Y9"}}, "G-25", "unknown space 'Y9'", "unbekanntes Stadtfeld 'Y9'"),
        (taken, {"type": "take_tile", "tile": "PH4", "player": 0}, "G-7", "take_tile takes no player",
         "take_tile erlaubt kein player"),
    ]


@pytest.mark.parametrize("game, cases", [("sands_of_time", _sands_refusals), ("gentes", _gentes_refusals)])
def test_refusals_of_sands_and_gentes_read_in_german_with_their_rule_and_the_rulebook_s_terms(game, cases):
    """Each refusal keeps its English message byte for byte; in German it cites its rule and
    says why in German, game terms from the glossary, no placeholder left."""
    from tests.games.gentes.positions import TRULES  # Gentes with test cards beside the real ones
    rules = TRULES if game == "gentes" else rules_for(game)
    seen = set()
    for state, move, rule, english, german in cases():
        with pytest.raises(IllegalMove) as refused:
            rules.apply(state, 0, move, Rng(b"texts", 2))
        message = refused.value.message
        assert (refused.value.rule, message) == (rule, english) and isinstance(message, Text)
        reason = message
        while isinstance(reason.args.get("reason"), Text):  # Sands: "CODE: reason"
            reason = reason.args["reason"]
        seen.add(reason.msgid)
        problem = Unprocessable(message, rule=rule, words=partial(term, game))
        detail = problem.problem(DE)["detail"]
        assert f"(Regel {rule}" in detail and german in detail, detail
        assert "%(" not in detail and english not in detail, detail
        assert problem.problem(EN)["detail"] == english
    assert len(seen) >= 3  # different refusals, not one message thrice


# Where each refusal helper takes its message (position of the argument).
_MESSAGE_ARG = {"need": 1, "fail": 1, "IllegalMove": 0, "StepRefused": 1}


@pytest.mark.parametrize("game", ["sands_of_time", "gentes"])
def test_no_refusal_of_sands_or_gentes_is_written_as_a_bare_string(game):
    """A refusal written as a literal or an f-string could never be translated: every message
    given to need/fail/IllegalMove/StepRefused is a `Text` (or a value that holds one)."""
    import ast
    from pathlib import Path

    import referee
    bare = []
    for path in sorted((Path(referee.__file__).parent / "games" / game).glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _MESSAGE_ARG):
                continue
            at = _MESSAGE_ARG[node.func.id]
            arg = node.args[at] if len(node.args) > at else None
            if isinstance(arg, (ast.Constant, ast.JoinedStr, ast.BinOp)):
                bare.append(f"{path.name}:{node.lineno}")
    assert not bare, bare


@pytest.mark.parametrize("game", ["sands_of_time", "gentes"])
def test_a_refused_step_reads_in_german(game):
    """A step the rules do not offer (`StepRefused`) is a `Text` too: its problem reads in German."""
    from referee.engine.steps import StepRefused
    from referee.plumbing.errors import StepRefusedError
    rules = rules_for(game)
    state = rules.setup(2, {"first_seat": 0}, Rng(b"texts", 0))
    prompt = rules.prompts(state)[0]
    with pytest.raises(StepRefused) as refused:
        rules.steps(state, prompt.seat, prompt.kind, ["no-such-option"])
    assert isinstance(refused.value.message, Text) and refused.value.index == 0
    problem = StepRefusedError(refused.value.message, step=0)
    german = problem.problem(DE)["detail"]
    assert german.startswith("Schritt 1: 'no-such-option' ist hier keine der angebotenen Möglichkeiten"), german
    assert problem.problem(EN)["detail"].startswith("step 1: 'no-such-option' is not one of the options offered here")
