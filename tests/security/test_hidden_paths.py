"""Hidden information in every path that reacts to another seat's move (issue 35).

The Sands of Time keeps a seat's chosen cards secret until that seat executes them (ST-21): the
start player's turn opens while the other seat's `choose_cards` is still hidden. A pre-set
guard `if: {opponent_move: ...}` was compared with the raw move, so a queued move fired exactly
when the guess of the secret was right. Guards now see the move as their seat does. The web
hook, the takeback and proposal answers and the bot's input are checked at the same moment."""

from __future__ import annotations

import json

import pytest

from referee.engine.foresight import same_move
from referee.notify.delivery import deliver_due
from referee.games.sands_of_time.views import HIDDEN
from referee.service.play import read

pytestmark = pytest.mark.one_database  # redaction of views lies above the store; the paths' store calls run twice in flow/test_foresight.py




def _secret_chosen(site, webhook: str | None = None) -> tuple[str, str, str, dict]:
    """A Sands game (2 seats, seat 0 starts) where seat 0 chose and seat 1 is about to choose;
    returns the game, both tokens and the choice seat 1 will make (its secret)."""
    seat0 = {"name": "Ada", **({"webhook": webhook} if webhook else {})}
    r = site.call("POST", "/games", json={"game": "sands_of_time", "seats": [seat0, {"name": "Bo"}],
                                          "options": {"first_seat": 0}})
    assert r.status_code == 201, r.text
    created = r.json()
    gid, t0, t1 = created["id"], created["seats"][0]["token"], created["seats"][1]["token"]
    tokens = (t0, t1)
    while site.service.load(gid).state["phase"] != "SELECT":  # the setup, each seat its default
        seat = site.service.load(gid).prompts[0].seat
        default = site.call("GET", f"/games/{gid}/prompts", tokens[seat]).json()["prompts"][0]["default"]
        assert site.call("POST", f"/games/{gid}/moves", tokens[seat], json={"move": default}).status_code == 201
    mine = site.call("GET", f"/games/{gid}/prompts", t0).json()["prompts"][0]
    move = {**mine["default"], "auto_decline": False}  # seat 0 executes its cards first
    assert site.call("POST", f"/games/{gid}/moves", t0, json={"move": move}).status_code == 201
    theirs = site.call("GET", f"/games/{gid}/prompts", t1).json()["prompts"][0]
    secret = {**theirs["choices"][-1], "auto_decline": False}
    return gid, t0, t1, secret


def _hidden_to_seat0(site, gid: str, secret: dict) -> None:
    """Seat 1's choice is in the log, hidden from seat 0 (the rules' redaction)."""
    loaded = site.service.load(gid)
    assert loaded.state["phase"] == "EXECUTE" and not loaded.finished
    last = [e for e in site.service.raw_events(gid) if e.type == "move" and e.seat == 1][-1]
    assert same_move(last.payload["move"], secret)
    assert not same_move(loaded.rules.redact(loaded.state, secret, 1, 0), secret)


def test_ST_21_a_preset_guard_cannot_test_the_opponents_hidden_choice(site):
    """Seat 0 queues a move guarded by the exact secret; seat 1 then chooses it. The guard is
    compared with the hidden form seat 0 sees, so it does not hold: the queue is dropped, as it
    would be for any other secret. (Before: the move fired, telling seat 0 the guess was right.)"""
    gid, t0, t1, secret = _secret_chosen(site)
    r = site.call("POST", f"/games/{gid}/presets", t0,
                  json={"moves": [{"move": {"type": "end_turn"}, "if": {"opponent_move": secret}}]})
    assert r.status_code == 201, r.text
    assert site.call("POST", f"/games/{gid}/moves", t1, json={"move": secret}).status_code == 201
    assert not [e for e in site.service.raw_events(gid) if e.payload.get("by") == "preset"]
    _hidden_to_seat0(site, gid, secret)
    shown = site.call("GET", f"/games/{gid}/presets", t0).json()
    assert shown["queue"] == [] and "guard" in shown["note"]["reason"]


def test_ST_21_a_web_hook_carries_the_opponents_choice_hidden(site, webhook_sink):
    gid, t0, t1, secret = _secret_chosen(site, webhook=webhook_sink.url)
    assert site.call("POST", f"/games/{gid}/moves", t1, json={"move": secret}).status_code == 201
    _hidden_to_seat0(site, gid, secret)
    deliver_due(site.service)
    assert webhook_sink.received
    for _, body in webhook_sink.received:
        doc = json.loads(body)
        for e in _events_in(doc):
            if e.get("seat") == 1 and e.get("type") == "move":
                assert not same_move(e["payload"]["move"], secret), e
        if "view" in doc:
            assert doc["view"]["players"][1]["selected_cards"] in (None, HIDDEN)
    assert "view" in json.loads(webhook_sink.received[-1][1])


def _events_in(doc) -> list[dict]:
    """Every event object anywhere in a web hook's JSON."""
    out, todo = [], [doc]
    while todo:
        node = todo.pop()
        if isinstance(node, dict):
            if "seq" in node and "payload" in node:
                out.append(node)
            todo.extend(node.values())
        elif isinstance(node, list):
            todo.extend(node)
    return out


def test_ST_21_takebacks_proposals_and_the_bots_view_show_the_choice_hidden(site):
    gid, t0, t1, secret = _secret_chosen(site)
    assert site.call("POST", f"/games/{gid}/moves", t1, json={"move": secret}).status_code == 201
    _hidden_to_seat0(site, gid, secret)
    # Seat 1 asks to take its choice back: seat 0, asked to accept, reads no cards.
    site.call("POST", f"/games/{gid}/takebacks", t1, json={})
    site.call("POST", f"/games/{gid}/proposals", t1, json={"kind": "draw"})
    for path in ("takebacks", "proposals", "events"):
        seen = site.call("GET", f"/games/{gid}/{path}", t0)
        assert seen.status_code == 200, seen.text
        for e in _events_in(seen.json()):
            if e.get("seat") == 1 and e.get("type") == "move":
                assert not same_move(e["payload"]["move"], secret)
    # A bot in seat 0 decides from read.game's view (service/bots.py), where the choice is hidden.
    assert read.game(site.service, gid, 0)["view"]["players"][1]["selected_cards"] == HIDDEN


def test_ST_21_digests_and_mails_narrate_the_choice_hidden(site):
    """The digest's "what happened" and the mails' "since your last move" narrate the events as
    the seat may see them: seat 1's choice without its cards."""
    from referee.service.narration import narrate_event
    from referee.service.notifier.digest import news
    gid, t0, t1, secret = _secret_chosen(site)
    assert site.call("POST", f"/games/{gid}/moves", t1, json={"move": secret}).status_code == 201
    _hidden_to_seat0(site, gid, secret)
    loaded = site.service.load(gid)
    raw = [e for e in site.service.raw_events(gid) if e.type == "move" and e.seat == 1][-1]
    names = [s["name"] for s in loaded.created["seats"]]
    told_raw = narrate_event(loaded.rules, raw.to_json(), names)
    told = site.service.redact_event(loaded, raw, 0)
    assert narrate_event(loaded.rules, told, names) != told_raw  # the cards would be named
    digest = "\n".join(news(site.service, gid, 0, None))
    assert "Bo" in digest and told_raw not in digest
    seen = site.service.notifier.seen(site.service.db.conn, loaded, 0)
    assert seen.since and told_raw not in "\n".join(sentence for _, sentence in seen.since)


# -- Gentes: simultaneous answers (decline, final scoring) stay secret until all have answered --

def _gentes_answer_pending(site) -> tuple[str, list[str], int, int]:
    """A 2-seat Gentes game played with random legal moves until one seat has given a
    simultaneous answer (decline or final) that the other, still to answer, may not see yet;
    returns the game, the tokens, the seat that answered and the one still asked."""
    import random

    from tests.games.gentes.policy import move_gen

    created = site.call("POST", "/games", json={"game": "gentes", "seats": [{"name": "Ada"}, {"name": "Bo"}]}).json()
    gid, tokens = created["id"], [s["token"] for s in created["seats"]]
    rnd = random.Random(35)
    for _ in range(3000):
        loaded = site.service.load(gid)
        st = loaded.state
        for key in ("decline_submitted", "final_submitted"):
            answered = [int(s) for s in st.get(key, {})]
            asked = [p.seat for p in loaded.prompts if p.seat not in answered]
            if answered and asked:
                return gid, tokens, answered[0], asked[0]
        assert loaded.status == "active", "the game ended before a simultaneous answer was pending"
        p = loaded.prompts[0]
        move = rnd.choice(p.choices) if p.choices else move_gen(loaded.rules, st, p, rnd)
        site.service.submit_move(gid, p.seat, {"move": move, "expected_seq": loaded.seq})
    raise AssertionError("no simultaneous answer pending in 3000 moves")


def test_G_54_G_57_a_pending_answer_is_hidden_from_guards_feeds_takebacks_and_the_bots_view(site):
    from referee.service.foresight import presets
    gid, tokens, answered, asked = _gentes_answer_pending(site)
    loaded = site.service.load(gid)
    secret = [e for e in site.service.raw_events(gid) if e.type == "move" and e.seat == answered][-1].payload["move"]
    # The guard of a pre-set move of the seat still asked sees the answer hidden.
    seen = presets._last_other_move(site.service.db.conn, loaded, asked)
    assert seen is not None and not same_move(seen, secret) and seen.get("hidden") is True
    # Its feed, takebacks and proposals: the answer hidden.
    site.call("POST", f"/games/{gid}/proposals", tokens[answered], json={"kind": "draw"})
    for path in ("events", "takebacks", "proposals"):
        r = site.call("GET", f"/games/{gid}/{path}", tokens[asked])
        assert r.status_code == 200, r.text
        for e in _events_in(r.json()):
            if e.get("seat") == answered and e.get("type") == "move":
                assert not same_move(e["payload"]["move"], secret), (path, e)
    # A bot in the asked seat reads only its own answers.
    view = read.game(site.service, gid, asked)["view"]
    assert all(str(answered) not in view.get(k, {}) for k in ("decline_submitted", "final_submitted"))
