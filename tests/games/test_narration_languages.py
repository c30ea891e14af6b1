"""Narration in English and German (issue 29): for every game, a random game's whole log, told
to a seat and to a spectator in both languages through the service's `narrate_event`, has no
untranslated catalog id and no leftover placeholder; the service's own sentences are German;
the games whose hooks speak German (GERMAN_HOOKS) tell every move in German, with the
rulebook's words from the game's glossary."""

from __future__ import annotations

import importlib
import random
import re

import pytest

from referee.engine.registry import GAME_IDS, rules_for
from referee.engine.replay import advance, initial
from referee.engine.rng import redact_records
from referee.plumbing.i18n import translator
from referee.service.narration import narrate_event

GERMAN_HOOKS = {"babel", "khronos", "sands_of_time"}  # games whose narrate hook is translated (the others tell moves in English)
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
    if game in GERMAN_HOOKS:
        english_left = [t for t in told["de"] if ENGLISH.search(t)]
        assert english_left == [], english_left[:5]
        assert told["de"] != told["en"]
    ended = {"seq": 99, "type": "game_ended", "seat": None, "payload": {"result": rules.result(states[-1])}}
    if rules.result(states[-1]) is not None:
        assert not LEFTOVER.search(narrate_event(rules, ended, names, tr=de))
