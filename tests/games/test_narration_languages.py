"""Narration in English and German (issue 29): for every game, a random game's whole log, told
to a seat and to a spectator in both languages through the service's `narrate_event`, has no
untranslated catalog id and no leftover placeholder; the service's own sentences are German;
every game's hook tells every move in German, with the rulebook's words from the game's
glossary, and English stays as it was."""

from __future__ import annotations

import importlib
import random
import re

import pytest

from referee.engine.registry import GAME_IDS, rules_for
from referee.engine.replay import advance, initial
from referee.engine.rng import redact_records
from referee.plumbing.i18n import EN, translator
from referee.service.narration import narrate_event

GENERATED = {"khronos", "gentes", "iron_age", "sands_of_time"}
LEFTOVER = re.compile(r"%\(\w+\)|%[sd]\b|\{\w*\}")
ENGLISH = re.compile(r"\b(the|and|card|cards|discarding|travelled|settled|built|used|took|drew|turn)\b")


def _log(game: str, seed: bytes, rnd: random.Random, most: int = 400) -> tuple:
    rules = rules_for(game)
    seats = max(rules.min_players, 2)
    step = initial(rules, seed, seats, {}, None)
    state, events = step.state, []
    states = [state]
    for seq in range(2, most + 2):
        if rules.result(state) is not None:
            break
        prompt = rnd.choice(rules.prompts(state))
        if prompt.choices:
            move = rnd.choice(prompt.choices)
        elif game in GENERATED:  # the playout tests' generator of legal moves (their policy.py)
            move = importlib.import_module(f"tests.games.{game}.policy").move_gen(rules, state, prompt, rnd)
        else:
            move = prompt.default
        step = advance(rules, seed, state, seq, "move", prompt.seat, {"move": move})
        events.append((seq, prompt.seat, move, step.chance))
        state = step.state
        states.append(state)
    return rules, seats, events, states


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_random_game_is_told_in_english_and_german(game):
    rnd = random.Random(f"narration-{game}")
    rules, seats, events, states = _log(game, bytes(range(32)), rnd)
    names = [f"Spieler{i}" for i in range(seats)]
    de, en = translator("de"), translator("en")
    created = {"seq": 1, "type": "game_created", "seat": None, "payload": {"game": game}}
    assert narrate_event(rules, created, names, tr=de).startswith(f"Eine Partie {rules.title} begann für Spieler0")
    told = {"de": [], "en": []}
    for i, (seq, seat, move, records) in enumerate(events):
        for viewer in (0, None):
            event = {"seq": seq, "type": "move", "seat": seat,
                     "payload": {"move": rules.redact(states[i], move, seat, viewer),
                                 "chance": redact_records(records, viewer)}}
            before, after = rules.view(states[i], viewer), rules.view(states[i + 1], viewer)
            for tr in (de, en):
                text = narrate_event(rules, event, names, before, after, tr=tr)
                assert text.strip() and not LEFTOVER.search(text), (game, tr.lang, text)
                fallback = tr.gettext("%(who)s played %(move)s.", who=names[seat], move=rules.format_move(move))
                assert text != fallback  # the game's hook told it, not the service's plain fallback
                told[tr.lang].append(text)
    assert len(told["de"]) == 2 * len(events) > 10
    english_left = [t for t in told["de"] if ENGLISH.search(t)]
    assert english_left == [], english_left[:5]
    assert told["de"] != told["en"]
    ended = {"seq": 99, "type": "game_ended", "seat": None, "payload": {"result": rules.result(states[-1])}}
    if rules.result(states[-1]) is not None:
        assert not LEFTOVER.search(narrate_event(rules, ended, names, tr=de))


SERVICE_EVENTS = [  # the service's own events (takebacks, agreements, seats, the end), each told in German
    ("takeback_requested", 1, {"to_seq": 7}, "Ada bat darum, die letzten eigenen Züge zurückzunehmen (zurück bis Ereignis 7)"),
    ("takeback_accepted", 0, {}, "Bo nahm die Rücknahme an."),
    ("takeback_refused", 0, {}, "Bo lehnte die Rücknahme ab."),
    ("takeback", 1, {"to_seq": 7}, "Die Züge von Ada wurden zurückgenommen: Die Partie steht wie nach Ereignis 7"),
    ("proposal", 0, {"kind": "draw", "expires_at": "2026-11-27T18:00:00Z"},
     "Bo schlug ein Unentschieden vor; die anderen stimmen bis 2026-11-27 18:00 UTC ab."),
    ("proposal", 0, {"kind": "standings", "expires_at": "2026-11-27T18:00:00Z"}, "mit dem aktuellen Punktestand"),
    ("proposal", 0, {"kind": "concede", "to": 1, "expires_at": "2026-11-27T18:00:00Z"}, "die Partie Ada zu überlassen"),
    ("vote", 1, {"vote": "yes"}, "Ada stimmte dem Vorschlag zu."),
    ("vote", 1, {"vote": "no"}, "Ada lehnte den Vorschlag ab."),
    ("proposal_passed", None, {}, "Alle Plätze stimmten zu: Der Vorschlag ist angenommen."),
    ("proposal_failed", None, {"reason": "seat 1 voted no"}, "Der Vorschlag scheiterte (Ada stimmte dagegen)."),
    ("proposal_lapsed", None, {}, "Der Vorschlag verfiel"),
    ("seat_joined", 1, {"seat": 1}, "Ada hat einen Platz eingenommen."),
    ("game_started", None, {}, "Alle Plätze sind besetzt: die Partie Babel begann für Bo und Ada."),
    ("resumed", None, {"reason": "vacation allowance used up"}, "(Urlaubskontingent aufgebraucht)"),
    ("game_ended", None, {"result": {"winners": [0], "reason": "supply_exhausted", "scores": [9, 4]}},
     "(der Vorrat ist erschöpft)"),
    ("game_ended", None, {"result": {"winners": [1], "reason": "agreement", "by": "agreement",
                                     "agreement": {"kind": "standings"}}}, "Ada hat gewonnen (nach Vereinbarung)."),
]


@pytest.mark.parametrize("etype,seat,payload,german", SERVICE_EVENTS,
                         ids=[f"{e[0]}-{i}" for i, e in enumerate(SERVICE_EVENTS)])
def test_the_services_own_events_are_told_in_german_and_english_is_unchanged(etype, seat, payload, german):
    rules, names = rules_for("babel"), ["Bo", "Ada"]
    event = {"seq": 9, "type": etype, "seat": seat, "payload": payload}
    de = narrate_event(rules, event, names, tr=translator("de"))
    assert german in de and not ENGLISH.search(de) and not LEFTOVER.search(de), de
    en = narrate_event(rules, event, names)
    assert en != de and not LEFTOVER.search(en)


def test_the_services_english_sentences_name_people_and_reasons_in_words():
    rules, names = rules_for("babel"), ["Bo", "Ada"]
    told = [narrate_event(rules, {"seq": 9, "type": t, "seat": s, "payload": p}, names) for t, s, p in (
        ("proposal", 0, {"kind": "standings", "expires_at": "2026-11-27T18:00:00Z"}),
        ("proposal_failed", None, {"reason": "seat 1 voted no"}),
        ("seat_joined", 1, {}),
        ("game_ended", None, {"result": {"winners": [0], "reason": "race_below_10", "scores": [9, 4]}}))]
    assert told == ["Bo proposed ending the game now with the current standings; the others vote until "
                    "2026-11-27 18:00 UTC.", "The proposal failed (Ada voted no).", "Ada took a seat.",
                    "Bo won (the race ended with the rival below the threshold); scores: Bo 9, Ada 4."]


def test_an_open_table_reads_as_an_open_table_until_every_seat_is_taken():
    """Issue 38: no "began for Ada, Open seat 2" while seats are free; the start names everyone."""
    rules = rules_for("khronos")
    created = {"seq": 1, "type": "game_created", "seat": None,
               "payload": {"seats": [{"seat": 0, "name": "Ada"}, {"seat": 1, "name": "Open seat 2", "open": True}]}}
    for tr in (EN, translator("de")):
        told = narrate_event(rules, created, ["Ada", "Open seat 2"], tr=tr)
        assert "Open seat" not in told and "began" not in told and "2" in told, told
    started = narrate_event(rules, {"seq": 3, "type": "game_started", "seat": None, "payload": {}}, ["Ada", "Bo"])
    assert started == "Every seat is taken: the game of Khronos began for Ada and Bo."


def test_a_word_the_games_name_differently_keeps_each_games_term():
    from referee.games.gentes.words import coins, effects
    de = translator("de")
    assert (coins(1, de), coins(3, de), coins(3)) == ("1 Münze", "3 Münzen", "3 coins")  # Gentes (a message context)
    assert de.ngettext("%(n)d coin", "%(n)d coins", 3) == "3 Taler"  # Khronos' word, the same English
    told = effects([{"op": "coins", "n": 2}, {"op": "action", "kind": "navigator", "symbol": "spiral"}], de)
    assert told == "2 Münzen erhalten, Aktion Seefährer (1 Stadt bauen) auf einem Feld mit Spirale", told
