"""The presentation hooks of every registered game, through the service's own redaction:
text forms round-trip, every event narrates for every viewer, summaries are plain text."""

from __future__ import annotations

import random

import pytest

from referee.plumbing.config import Config
from referee.engine.registry import GAME_IDS, rules_for
from referee.service.narration import narrate_event
from referee.service.referee import Referee

HOOKS = ("format_move", "narrate", "summary")


def _needs_hooks(game: str):
    rules = rules_for(game)
    missing = [h for h in HOOKS if not callable(getattr(rules, h, None))]
    if missing:
        pytest.skip(f"{game} has no {', '.join(missing)} yet")
    return rules


def _played(tmp_path, game: str, moves: int = 60) -> tuple[Referee, str, int]:
    rules = rules_for(game)
    seats = min(max(rules.min_players, 3), rules.max_players)
    db = str(tmp_path / "hooks.db")
    svc = Referee(db, config=Config(database=db, secret_key="k"))
    gid = svc.create_game({"game": game, "seats": [{"name": n} for n in ("Ada", "Bo", "Cy", "Di")[:seats]]})["id"]
    rnd = random.Random(5)
    for _ in range(moves):
        loaded = svc.load(gid)
        if loaded.finished:
            break
        p = loaded.prompts[0]
        for c in p.choices or [p.default]:
            assert loaded.rules.parse_text(loaded.rules.format_move(c)) == c, c
        svc.submit_move(gid, p.seat, {"move": rnd.choice(p.choices) if p.choices else p.default})
    return svc, gid, seats


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_event_narrates_for_every_viewer_and_summaries_are_text(tmp_path, game):
    _needs_hooks(game)
    svc, gid, seats = _played(tmp_path, game)
    loaded = svc.load(gid)
    names = [s["name"] for s in loaded.created["seats"]]
    for viewer in [*range(seats), None]:
        for e in svc.events_for(gid, viewer):
            text = narrate_event(loaded.rules, e, names)
            # The move's line first, then one line per automatic step (contract: narrate).
            lines = text.split("\n")
            assert lines and all(line.strip() for line in lines) and "{" not in text, (e["type"], text)
            assert all(len(line) < 400 for line in lines) and len(lines) <= 30, (e["type"], text)
        summary = loaded.rules.summary(loaded.rules.view(loaded.state, viewer), viewer)
        assert summary.strip() and "{" not in summary and len(summary.splitlines()) <= 14, summary


def test_babel_names_a_draw_only_to_its_drawer():
    rules = rules_for("babel")
    draw = {"label": "C-4", "kind": "note", "visible_to": [1]}
    seen = {"seq": 9, "type": "move", "seat": 0, "payload": {"move": {"type": "end_turn"},
            "chance": [{**draw, "value": ["medes", "hittites", "medes"]}]}}
    hidden = {"seq": 9, "type": "move", "seat": 0, "payload": {"move": {"type": "end_turn"},
              "chance": [{**draw, "value": None, "withheld": True, "public": {"count": 3}}]}}
    assert rules.narrate(seen, ["Ada", "Bo"]).split("\n") == ["Ada ended the turn.", "Bo drew Medes, Hittites and Medes."]
    assert rules.narrate(hidden, ["Ada", "Bo"]).split("\n") == ["Ada ended the turn.", "Bo drew 3 cards."]


def test_iron_age_tells_the_dice():
    rules = rules_for("iron_age")
    e = {"seq": 7, "type": "move", "seat": 2, "payload": {"move": {"type": "reroll", "empire": [0, 2], "fate": False},
         "chance": [{"label": "roll", "kind": "note", "visible_to": "all",
                     "value": {"empire": {"2": "skull", "0": "goods"}, "fate": None, "roll_no": 2}}]}}
    assert rules.narrate(e, ["Ada", "Bo", "Cy"]) == "Cy rerolled die 0 and die 2: goods and skull."


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_finished_games_summary_and_picture_for_every_viewer(game):
    """Once a game is over its view is the whole state: the hooks still read it (Babel's summary
    once looked for per-player fields only a running game's view has)."""
    from referee.engine.replay import advance, initial
    rules = rules_for(game)
    seats = rules.min_players if rules.min_players > 1 else 2
    seed = b"finished-hooks".ljust(32, b"\0")
    state = initial(rules, seed, seats, {"first_seat": 0}, None).state
    rnd, seq = random.Random(11), 1
    while rules.result(state) is None:
        p = rnd.choice(rules.prompts(state))
        path: list[str] = []
        while True:  # a random legal move, built step by step
            step = rules.steps(state, p.seat, p.kind, path)
            if step.move is not None and (not step.options or rnd.random() < 0.5):
                break
            path.append(rnd.choice(step.options).id)
        seq += 1
        state = advance(rules, seed, state, seq, "move", p.seat, {"move": step.move}).state
        assert seq < 5000, "game did not end"
    names = ["Ada", "Bo", "Cy", "Di", "Eve"][:seats]
    for viewer in [*range(seats), None]:
        view = rules.view(state, viewer)
        summary = rules.summary(view, viewer)
        assert summary.strip() and "{" not in summary
        assert rules.picture(view, viewer, names).startswith(("<svg", '<div class="board"'))
