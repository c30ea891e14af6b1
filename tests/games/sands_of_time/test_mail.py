"""Three seats play The Sands of Time by e-mail in the text form (the HTTP opening: a road
permission and a combat in the first turn); no mail shows JSON or another seat's unrevealed card
choice or combat value (the mails carry only the addressee's view, its prompts and events
redacted for it)."""

from __future__ import annotations

import random

from referee.engine.verify import verify_events
from referee.games.sands_of_time.views import unrevealed_choice
from tests.e2e.test_sands_of_time_over_http import RULES, first_turn_move, opening
from tests.flow.support import make_service
from tests.flow.test_mail_play import mail_in, reply
from tests.games.sands_of_time.policy import move_gen

EMAILS = ["ada@example.org", "bo@example.org", "cy@example.org"]
NAMES = ["Ada", "Bo", "Cy"]
MOVES = 90


def secret_phrases(state: dict, viewer: int) -> list[str]:
    out = []
    for s, p in enumerate(state["players"]):
        if s != viewer and unrevealed_choice(state, s):
            a, b = p["selected_cards"]
            out.append(f"{NAMES[s]} chose {a} and {b}")
    a = state["action"]
    if a and a.get("kind") == "combat" and a.get("stage") == "values":
        out += [f"{NAMES[int(k)]} set combat value" for k, v in a["values"].items() if v is not None and int(k) != viewer]
    return out


def test_three_seats_by_mail_see_no_secrets(database, tmp_path, clock, mail_sink):
    from referee.notify.delivery import deliver_due
    svc = make_service(database, clock, mail_sink.url)
    seats = [{"name": n, "email": e} for n, e in zip(NAMES, EMAILS)]
    gid = svc.create_game({"game": "sands_of_time", "seats": seats, "position": opening()})["id"]
    rnd = random.Random(3)
    kinds = set()
    checked = [0] * len(EMAILS)
    for n in range(MOVES):
        deliver_due(svc)
        loaded = svc.load(gid)
        if loaded.finished:
            break
        for viewer, email in enumerate(EMAILS):
            new = mail_sink.to(email)[checked[viewer]:]  # composed after the last move: its secrets apply
            checked[viewer] += len(new)
            for mail in new:
                body = " ".join(mail.get_content().split())
                assert "{" not in body
                assert not any(x in body for x in secret_phrases(loaded.state, viewer)), body
        prompt = rnd.choice(loaded.prompts)
        kinds.add(prompt.kind)
        view = RULES.view(loaded.state, prompt.seat)
        as_dict = {"kind": prompt.kind, "choices": prompt.choices, "default": prompt.default}
        move = first_turn_move(view, as_dict, prompt.seat)
        if move is None:
            move = rnd.choice(prompt.choices) if prompt.choices else move_gen(RULES, loaded.state, prompt, rnd)
        latest = mail_sink.to(EMAILS[prompt.seat])[-1]
        result = mail_in(svc.database, reply(latest, EMAILS[prompt.seat], RULES.format_move(move), n))
        assert result.exit_code == 0, result.output
        assert svc.load(gid).seq > loaded.seq, f"mail {n} ({RULES.format_move(move)}) was not played"
    assert {"choose_cards", "road_permission", "combat_value", "turn"} <= kinds
    assert verify_events([e.to_json() for e in svc.raw_events(gid)]).ok
