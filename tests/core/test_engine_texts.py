"""An engine's refusal as a `Text` (issue 29): the English text stays what it always was (logs,
JSON, old callers), and the reader's language renders it from the catalog with the game's own
terms, so a German player reads why a move is refused in German."""

from __future__ import annotations

import copy
import json
import ast
import pickle
import re
from functools import partial
from pathlib import Path

import pytest

from referee.engine.contract import IllegalMove
from referee.engine.glossary import term
from referee.engine.registry import rules_for
from referee.engine.rng import Rng
from referee.engine.steps import StepRefused
from referee.engine.wording import localize
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


def test_a_refusal_quotes_its_rule_from_the_player_page_in_the_readers_language():
    """`rule_text` of a problem that cites a rule (an illegal move, a refused step): the
    defining sentence of README.md in English, of README.de.md in German; none without a rule."""
    from referee.engine import playerpage
    from referee.plumbing.errors import StepRefusedError

    cite = partial(playerpage.rule_text, "babel")
    step = StepRefusedError("step 2: 'medes' is not a card left in your hand", step=1, rule="B-28", cite=cite)
    assert step.problem(EN)["rule_text"].startswith("halving discard: only by the seat that owes it")
    assert step.problem(translator("de"))["rule_text"].startswith("Ablegen bei der Handkartenhalbierung: nur durch")
    assert "rule_text" not in StepRefusedError("step 1: no", step=0, cite=cite).problem(EN)
    move = Unprocessable("no hittites card in hand", rule="IA-1.3", cite=partial(playerpage.rule_text, "iron_age"))
    assert move.problem(translator("de"))["rule_text"].startswith("ein Würfel mit Schädelsymbol ist für den Rest")


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


# --- every refusal of Babel, Iron Age and Khronos reads in German --------------------------------

LEFTOVER = re.compile(r"%\(\w+\)[sdr]|%[sd]")


def _ids(t: Text) -> tuple:
    """A Text's message id with those of its nested reasons ("action 0: bad_move: ...")."""
    return (t.msgid, *(i for v in t.args.values() if isinstance(v, Text) for i in _ids(v)))


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


def _play_to(rules, state, kind: str):
    """Defaults until a prompt of `kind` comes up (a fixed seed: always the same game)."""
    for i in range(60):
        prompt = rules.prompts(state)[0]
        if prompt.kind == kind:
            return state, prompt.seat
        state = rules.apply(state, prompt.seat, prompt.default, Rng(b"texts", i))
    raise AssertionError(f"no {kind} prompt")


def _iron_age() -> list[tuple[IllegalMove, str]]:
    rules = rules_for("iron_age")
    state = rules.setup(2, {}, Rng(b"texts", 0))
    seat = rules.prompts(state)[0].seat
    built, builder = _play_to(rules, state, "build")
    return [
        (_refused(rules, state, 1 - seat, {"type": "initial_choice", "choice": "port"}),
         f"not_your_decision: Platz {1 - seat} ist jetzt nicht gefragt"),
        (_refused(rules, state, seat, {"type": "initial_choice", "choice": "castle"}),
         "bad_move: 'choice' muss \"port\" (Hafen) oder \"province\" (Provinz) sein"),
        (_refused(rules, built, builder, {"type": "build", "actions": [{"kind": "ship", "count": 1}]}),
         "Aktion 0: no_shipbuilding: Schiffe brauchen Schiffsbau"),  # a nested reason, a development's name
        (_refused(rules, built, builder, {"type": "build", "actions": [
            {"kind": "monument_box", "monument": "temple_of_artemis", "count": 99}]}),
         "Aktion 0: overfill: Kästchen des Monuments Artemistempel: "),  # an id through the glossary
    ]


def _khronos() -> list[tuple[IllegalMove, str]]:
    rules = rules_for("khronos")
    state = rules.setup(2, {}, Rng(b"texts", 0))
    seat = rules.prompts(state)[0].seat
    away = next(a for a in ("might", "faith", "reason") if a not in state["players"][seat]["adventurers"])
    return [
        (_refused(rules, state, 1 - seat, {"type": "end_turn"}), f"Platz {seat} ist an der Reihe"),
        (_refused(rules, state, seat, {"type": "travel", "adventurer": 5, "to": away}), "nenne Abenteurer 0 oder 1"),
        (_refused(rules, state, seat, {"type": "build", "age": away, "building": "military", "rank": 1,
                                       "anchor": [0, 0], "cards": []}),
         f"du hast keinen Abenteurer im {term('khronos', away, 'de')}"),
        (_refused(rules, state, seat, {"type": "dance"}), "unbekannter Zug 'dance'"),
    ]


def _english(refused: IllegalMove, rule: str, english: str) -> IllegalMove:
    """The refusal as it always read in English (logs, JSON and old tests match it), byte for byte."""
    assert (refused.rule, str(refused.message)) == (rule, english)
    return refused


def _sands_of_time() -> list[tuple[IllegalMove, str]]:
    """Seat 0 has revealed Build and Tribute; the reason code stays, after the German reason."""
    from tests.games.sands_of_time.positions import RULES, active, clear_board, control, set_player

    def edit(st: dict) -> None:
        clear_board(st)
        control(st, "hispania", 0, "capital")
        set_player(st, 0, gold=9)
    st = active(3, ["build", "tribute"], edit=edit)
    build = {"type": "act", "card": "build"}
    return [
        (_english(_refused(RULES, st, 0, {**build, "region": "gallia", "building": "temple"}), "ST-63",
                  "NOT_CONTROLLED: you do not control gallia"), "du kontrollierst Gallia nicht (NOT_CONTROLLED)"),
        (_english(_refused(RULES, st, 0, {**build, "region": "hispania", "building": "city"}), "ST-63",
                  "CATEGORY_LOCKED: building a city needs civil unlocked"),
         "für das Bauwerk Stadt muss Bürgertum freigeschaltet sein"),  # a building and a category, as the rulebook says
        (_english(_refused(RULES, st, 0, {"type": "act", "card": "conquest"}), "ST-22",
                  "NOT_REVEALED_CARD: conquest is not one of your revealed action cards"),
         "Eroberung ist keine deiner aufgedeckten Aktionskarten"),
        (_english(_refused(RULES, st, 0, {"type": "bonus", "bonus": "bribery"}), "ST-23",
                  "NOT_ALLOWED: no bonus action bribery"), "es gibt keine Bonusaktion „bribery“"),
    ]


def _gentes() -> list[tuple[IllegalMove, str]]:
    from tests.games.gentes.positions import TRULES, city, heyday  # Gentes with test cards beside the real ones
    full = heyday(p0={"pop": {"priest": 8, "scholar": 0, "soldier": 0, "merchant": 0, "noble": 0, "artisan": 0}})
    taken = heyday()
    city(taken, 1, "Y1")
    nav = {"type": "take_tile", "tile": "NV1"}
    return [
        (_english(_refused(TRULES, full, 0, {"type": "take_tile", "tile": "PH4", "params": {"train": ["priest"]}}),
                  "G-18", "priest cannot be raised: its row is full"), "Priester kann nicht steigen: die Reihe ist voll"),
        (_english(_refused(TRULES, taken, 0, {**nav, "params": {"space": "Y1"}}), "G-25", "Y1 already holds a city"),
         "auf Y1 steht schon eine Stadt"),
        (_english(_refused(TRULES, taken, 0, {**nav, "params": {"space": "Y9"}}), "G-25", "unknown space 'Y9'"),
         "unbekanntes Stadtfeld 'Y9'"),
        (_english(_refused(TRULES, taken, 1, {"type": "pass"}), "G-6", "it is not your turn"), "du bist nicht an der Reihe"),
    ]


REFUSALS = {"babel": _babel, "iron_age": _iron_age, "khronos": _khronos, "sands_of_time": _sands_of_time,
            "gentes": _gentes}


@pytest.mark.parametrize("game", sorted(REFUSALS))
def test_refusals_read_in_german_citing_their_rule_with_no_leftover_placeholder(game):
    """Issue 29: a German reader's problem detail for each refusal is the catalog's German
    sentence, its arguments in the rulebook's words, the rule cited; English is unchanged."""
    refusals = REFUSALS[game]()
    assert len({_ids(r.message) for r, _ in refusals}) >= 3  # different refusals, not one thrice
    for refused, german in refusals:
        assert isinstance(refused.message, Text), refused.message
        problem = Unprocessable(refused.message, rule=refused.rule, words=partial(term, game))
        detail = problem.problem(DE)["detail"]
        assert f"(Regel {refused.rule}," in detail and german in detail, detail
        assert str(refused.message) not in detail and not LEFTOVER.search(detail), detail
        assert problem.problem(EN)["detail"] == str(refused.message)  # English as it always was


@pytest.mark.parametrize("game", sorted(REFUSALS))
def test_a_refused_step_reads_in_german(game):
    """A step the rules do not offer (another seat's prompt, an unknown option) is refused with a
    `Text`, which the service renders in the reader's language (service/play/steps.py)."""
    rules = rules_for(game)
    state = rules.setup(2, {}, Rng(b"texts", 0))
    prompt = rules.prompts(state)[0]
    for seat, chosen in ((1 - prompt.seat, []), (prompt.seat, ["no-such-option"])):
        with pytest.raises(StepRefused) as refused:
            rules.steps(state, seat, prompt.kind, chosen)
        assert isinstance(refused.value.message, Text), refused.value.message
        german = localize(refused.value.message, DE, game)
        assert german != str(refused.value.message) and ("Platz" in german or "Schritt 1:" in german), german
        assert not LEFTOVER.search(german)


# Where each refusal's message is among a call's arguments (Iron Age's `fail(reason, text, rule)`).
MESSAGE_ARG = {"IllegalMove": 0, "StepRefused": 1, "Text": 0}
GAMES = Path(__file__).resolve().parents[2] / "referee" / "games"


def _literal(node: ast.AST) -> bool:
    """A message written out in English (a literal, an f-string, a concatenation), not a `Text`."""
    if isinstance(node, ast.IfExp):
        return _literal(node.body) or _literal(node.orelse)
    return isinstance(node, (ast.JoinedStr, ast.BinOp)) or (isinstance(node, ast.Constant) and isinstance(node.value, str))


@pytest.mark.parametrize("game", sorted(REFUSALS))
def test_every_refusal_of_the_game_is_a_text_with_a_literal_id(game):
    """No refusal is left as English-only words: every IllegalMove, StepRefused and `fail` of the
    game's modules hands a `Text` (whose literal id `referee i18n` extracts, and which
    tests/core/test_i18n_catalog.py checks has its German entry with the same placeholders)."""
    arg = dict(MESSAGE_ARG, fail=1 if game in ("iron_age", "sands_of_time") else 0, need=1)  # Gentes: need(ok, text, rule)
    wrong, checked = [], 0
    for path in sorted((GAMES / game).glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        marked = {a.targets[0].id for a in tree.body  # tables of ids marked N_("...") for the extractor
                  if isinstance(a, ast.Assign) and isinstance(a.value, ast.Dict) and a.value.values
                  and isinstance(a.targets[0], ast.Name) and all(
                      isinstance(v, ast.Call) and getattr(v.func, "id", "") == "N_" and isinstance(v.args[0], ast.Constant)
                      for v in a.value.values)}
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name) or node.func.id not in arg:
                continue
            i = arg[node.func.id]
            message = node.args[i] if len(node.args) > i else None
            checked += node.func.id != "Text"
            if node.func.id == "Text":
                if not (isinstance(message, ast.Constant) and isinstance(message.value, str)
                        or isinstance(message, ast.Subscript) and getattr(message.value, "id", "") in marked):
                    wrong.append(f"{path.name}:{node.lineno} Text without a literal id")
            elif message is not None and _literal(message):
                wrong.append(f"{path.name}:{node.lineno} {node.func.id} with English-only words")
    assert checked > 30 and wrong == []


# --- the text form's reasons and the service's own details read in German ------------------------

UNREADABLE = {  # per game: two texts that are no move, and a German phrase of each reason
    "babel": [("travel atlantis", "Volk 'atlantis' ist unbekannt"), ("build yard x", "Baulager muss eine ganze Zahl")],
    "gentes": [("pass x", "'=' erwartet bei Zeichen 7 von 'pass x'"), ("take_tile tile=", "ein Wort erwartet")],
    "iron_age": [("reroll x", "ein Würfel muss eine Zahl sein, nicht 'x'"), ("buy unicorn", "unbekannte Errungenschaft 'unicorn'")],
    "khronos": [("travel 1 space", "das Zeitalter muss eins von"), ("build might fortress x 1", "Ankerfeld (Zeile) muss eine Zahl")],
    "sands_of_time": [("draft atlantis", "unbekannte Region 'atlantis'"), ("marker", "am Ende fehlt eine Fortschrittsreihe")],
}


@pytest.mark.parametrize("game", sorted(UNREADABLE))
def test_a_text_that_is_no_move_is_refused_in_german_and_in_the_same_english_as_before(game):
    """Issue 29: the text form's reason is a `Text` inside the service's "not a move" sentence
    (service/play/moves.py), so a German player reads "kein Zug: …" on the API, the page and in mail;
    English stays byte for byte what it was (the reason's words as the parser wrote them)."""
    from referee.engine.glossary import parse_text
    from referee.service.play.moves import not_a_move
    rules = rules_for(game)
    for text, german in UNREADABLE[game]:
        with pytest.raises(ValueError) as unreadable:
            parse_text(rules, text)
        reason = unreadable.value.args[0]
        assert isinstance(reason, Text), reason
        problem = not_a_move(game, unreadable.value)
        detail = problem.problem(DE)["detail"]
        assert detail.startswith("kein Zug: ") and german in detail, detail
        assert str(reason) not in detail and not LEFTOVER.search(detail), detail
        assert problem.problem(EN)["detail"] == f"not a move: {reason}" == "not a move: " + str(unreadable.value)


def test_a_text_with_german_words_read_neither_way_gives_the_german_reading_s_reason():
    """"reisen atlantis": the German verb was meant, so the reason is the unknown people, not
    the verb; a text of English words keeps its English reading's reason."""
    from referee.engine.glossary import parse_text
    rules = rules_for("babel")
    for text in ("reisen atlantis", "travel atlantis"):
        with pytest.raises(ValueError) as unreadable:
            parse_text(rules, text)
        assert str(unreadable.value).startswith("unknown people 'atlantis'"), unreadable.value


def test_the_service_s_move_conflicts_read_in_german_and_stay_english():
    """The details a player meets most when a move cannot be played (a stale sequence, a game
    that is over or paused, a schema the move does not match) are `Text`s too."""
    from referee.plumbing.errors import BadRequest, Conflict
    stale = Conflict(Text("expected sequence %(expected)s but the game is at %(seq)s", expected=3, seq=5))
    assert stale.problem(EN)["detail"] == "expected sequence 3 but the game is at 5"
    assert stale.problem(DE)["detail"] == "erwartet war Stand 3, die Partie ist aber bei 5"
    over = Conflict(Text("the game is over"))
    assert (over.problem(EN)["detail"], over.problem(DE)["detail"]) == ("the game is over", "die Partie ist vorbei")
    schema = BadRequest(Text("move does not match the game's move schema"), errors=[])
    assert schema.problem(DE)["detail"] == "der Zug passt nicht zum Zugschema des Spiels"


def test_every_reason_of_the_text_form_is_a_text():
    """No text-form reason is left as English-only words: every `ValueError` of a game's
    text_form.py (and of the JSON-in-text helper) carries a `Text` or a reason passed on."""
    wrong, checked = [], 0
    for path in [*sorted(GAMES.glob("*/text_form.py")), GAMES.parent / "engine" / "jsondata.py"]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "ValueError":
                checked += 1
                if not node.args or _literal(node.args[0]):
                    wrong.append(f"{path.parent.name}/{path.name}:{node.lineno}")
    assert checked > 40 and wrong == []


def test_a_text_with_a_count_uses_the_catalog_s_plural_forms():
    from referee.plumbing.i18n import ntext
    one, three = ntext("%(n)s lyre", "%(n)s lyres", 1), ntext("%(n)s lyre", "%(n)s lyres", 3)
    assert (one, three) == ("1 lyre", "3 lyres")  # English, as the ids say
    assert (DE.text(one), DE.text(three)) == ("1 Leier", "3 Leiern")  # the catalog's msgstr[0] / msgstr[1]
    for copied in (copy.deepcopy(three), pickle.loads(pickle.dumps(three))):
        assert copied == three and copied.plural == "%(n)s lyres" and DE.text(copied) == "3 Leiern"
