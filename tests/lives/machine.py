"""Every life of a game (issue 36): one Hypothesis state machine drives the real service through
what people do (create any game with any seats, join, start early, cancel, release, replace,
rematch, move in every form, presets, takebacks, proposals, resign, pause, talk, mutes,
channels, mail in, time passing with scheduler passes, restarts) and checks, after every step,
the invariants of every game the step could change (tests/lives/invariants.py).

`COVERAGE` counts each rule's runs that did something (a rule whose precondition finds nothing
to act on draws again) and each invariant's checks, over a test run."""

from __future__ import annotations

import random
from collections import Counter
from email.message import EmailMessage
from urllib.parse import quote

from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from referee.engine.registry import GAME_IDS
from referee.ops.scheduler import run_once
from tests.lives import invariants
from tests.lives.world import INBOUND, Game, Holder, World, rules_of

COVERAGE: Counter[str] = invariants.COUNTS
STEPS: Counter[str] = Counter()  # sequences and steps of a run

SEAT_KINDS = ("plain", "email", "open", "invited", "bot")
SEAT_MIX = ("email", "plain", "email", "open", "email", "invited", "plain", "bot")  # most tables get going
CLOCKS = (None, {"policy": "fixed", "per_decision": "1h", "reminders": ["30m"], "absent_after": 2},
          {"policy": "fischer", "initial": "2h", "increment": "30m", "max": "4h", "abandon_after": "2d"})
TALKS = (None, {"press": "public"}, {"press": "none"}, {"press": "full", "reveal_private_at_end": True, "spectators": True},
         {"press": "full", "spectators": True})
GAPS = (600, 2 * 3600, 26 * 3600, 15 * 86400)  # ten minutes, past a deadline, past a day, past expiry
STRANGER = "stranger@example.org"
INVITEES = ("cy@example.org", "eve@example.org")
CREATE = dict(game=st.sampled_from(GAME_IDS), n=st.integers(1, 5),
              kinds=st.lists(st.sampled_from(SEAT_MIX), min_size=5, max_size=5), clock=st.sampled_from(CLOCKS),
              talk=st.sampled_from(TALKS), takebacks=st.sampled_from((None, "one", "off")), channel=st.booleans(),
              as_player=st.booleans())


class Lives(RuleBasedStateMachine):
    """The model. `make_world` is set by the test to open a fresh database for each sequence."""

    make_world = None  # set by the test: () -> World

    def __init__(self) -> None:
        super().__init__()
        self.w: World = type(self).make_world()
        self.since_restart = 0
        self.asked: set[tuple[str, str]] = set()  # (takebacks|proposals, game) the model asked
        STEPS["sequences"] += 1

    def teardown(self) -> None:
        try:
            invariants.final(self.w)
            COVERAGE["invariant:ratings rebuild"] += 1
        finally:
            self.w.close()

    # -- helpers ------------------------------------------------------------------------------

    def did(self, name: str, gid: str | None = None) -> None:
        COVERAGE["rule:" + name] += 1
        STEPS["steps"] += 1
        self.since_restart += 1
        if gid:
            self.w.touched.add(gid)

    def some(self, test) -> bool:
        return any(test(g) for g in self.w.games)

    def pick(self, n: int, items: list):
        return items[n % len(items)] if items else None

    def live(self) -> list[Game]:
        return [g for g in self.w.games if self.status(g) in ("active", "paused")]

    def status(self, g: Game) -> str:
        return self.w.service.load(g.id).status

    def held(self, g: Game) -> list[tuple[int, Holder]]:
        return [(s, h) for s, h in enumerate(g.seats) if h is not None]

    def prompted(self, g: Game) -> list[tuple[int, Holder]]:
        loaded = self.w.service.load(g.id)
        if loaded.status != "active":
            return []
        seats = {p.seat for p in loaded.prompts}
        return [(s, h) for s, h in self.held(g) if s in seats]

    def my_prompt(self, g: Game, h: Holder) -> dict | None:
        r = self.w.call("GET", f"/games/{g.id}/prompts", h.token)
        prompts = r.json()["prompts"] if r.status_code == 200 else []
        return prompts[0] if prompts else None

    def choices(self, prompt: dict) -> list[dict]:
        return prompt.get("choices") or ([prompt["default"]] if prompt.get("default") else [])

    # -- the start of a life --------------------------------------------------------------------

    # -- tables -------------------------------------------------------------------------------

    @initialize(**CREATE)
    def first_game(self, game, n, kinds, clock, talk, takebacks, channel, as_player) -> None:
        """Two signed-in players (invitees) and a stranger who holds no seat; a first game."""
        for email in (*INVITEES, STRANGER):
            self.w.sign_in(email)
        self.create(game, n, kinds, clock, talk, takebacks, channel, as_player)

    @precondition(lambda self: len(self.w.games) < 6)
    @rule(**CREATE)
    def create(self, game, n, kinds, clock, talk, takebacks, channel, as_player) -> None:
        rules = rules_of(game)
        n = max(rules.min_players, min(rules.max_players, n))
        kinds = list(kinds[:n])
        if all(k in ("bot", "open", "invited") for k in kinds):
            kinds[0] = "email"
        seats, emails = [], []
        k = len(self.w.games)
        for i, kind in enumerate(kinds):
            email = f"s{i}-g{k}@example.org"
            if kind == "plain":
                seats.append({"name": f"P{i}"})
            elif kind == "email":
                seats.append({"name": f"P{i}", "email": email})
            elif kind == "open":
                seats.append({"open": True})
            elif kind == "invited":
                seats.append({"invite": INVITEES[i % 2]})
            else:
                seats.append({"bot": "random"})
            emails.append(email if kind == "email" else None)
        body = {"game": game, "seats": seats, "options": {}}
        if clock:
            body["clock"] = clock
        if talk:
            body["talk"] = talk
        if takebacks:
            body["takebacks"] = takebacks
        if channel:
            body["channels"] = [f"json://{self.w.receiver.host}/game-{k}"]
        token = self.w.players[STRANGER][1] if as_player else None
        r = self.w.call("POST", "/games", token, json=body)
        assert r.status_code == 201, r.text
        made = r.json()
        holders: list[Holder | None] = [None] * n
        for s in made["seats"]:
            if s.get("token"):
                holders[s["seat"]] = Holder(s["token"], emails[s["seat"]])
        self.w.games.append(Game(made["id"], game, made["creator_token"], holders, kinds, clock is not None,
                                 talk or {}))
        self.did("create", made["id"])

    @precondition(lambda self: self.some(lambda g: self.status(g) in ('open', 'active', 'paused') and None in g.seats))
    @rule(i=st.integers(0, 50), who=st.sampled_from(("anonymous", "invitee", "other invitee")))
    def join(self, i, who) -> None:
        """Join an open table (or take an invited seat, or a vacant seat of a running game)."""
        g = self.pick(i, [g for g in self.w.games if self.status(g) in ("open", "active", "paused")
                          and None in g.seats])
        if g is None:
            return
        was = self.status(g)
        email = None if who == "anonymous" else INVITEES[0 if who == "invitee" else 1]
        token = self.w.players[email][1] if email else None
        r = self.w.call("POST", f"/games/{g.id}/join", token, json={"name": who.title()})
        if r.status_code == 201:
            seat = r.json()["seat"]
            loaded = self.w.service.load(g.id)
            g.seats[seat] = Holder(r.json()["token"], email, self.w.players[email][0] if email else None,
                                   since=loaded.seq)
            self.did("join" if was == "open" else "replace", g.id)

    @precondition(lambda self: self.some(lambda g: self.status(g) == 'open'))
    @rule(i=st.integers(0, 50))
    def start_early(self, i) -> None:
        g = self.pick(i, [g for g in self.w.games if self.status(g) == "open"])
        if g is None:
            return
        r = self.w.call("POST", f"/games/{g.id}/start", g.creator)
        if r.status_code == 200:
            k = r.json()["seats"]
            g.seats, g.kinds = g.seats[:k], g.kinds[:k]
            self.did("start early", g.id)

    @precondition(lambda self: self.some(lambda g: self.status(g) == 'open'))
    @rule(i=st.integers(0, 50))
    def cancel(self, i) -> None:
        g = self.pick(i, [g for g in self.w.games if self.status(g) == "open"])
        if g is None:
            return
        assert self.w.call("POST", f"/games/{g.id}/cancel", g.creator).status_code == 200
        self.did("cancel", g.id)

    @precondition(lambda self: self.some(lambda g: self.status(g) in ('active', 'paused') and self.held(g)))
    @rule(i=st.integers(0, 50), j=st.integers(0, 7), by=st.sampled_from(("self", "creator", "other seat")))
    def release(self, i, j, by) -> None:
        g = self.pick(i, [g for g in self.live() if self.held(g)])
        if g is None:
            return
        seat, h = self.pick(j, self.held(g))
        others = [o for s, o in self.held(g) if s != seat]
        token = h.token if by == "self" else g.creator if by == "creator" or not others else others[0].token
        r = self.w.call("POST", f"/games/{g.id}/seats/{seat}/release", token, json={"reason": "model"})
        if r.status_code == 200 and r.json().get("released"):
            h.until, h.until_at = self.w.service.load(g.id).seq, self.w.clock.now
            g.former.append((seat, h))
            g.seats[seat] = None
            self.did("release", g.id)

    @precondition(lambda self: self.some(lambda g: self.status(g) == 'finished' and self.held(g)))
    @rule(i=st.integers(0, 50), j=st.integers(0, 7))
    def rematch(self, i, j) -> None:
        g = self.pick(i, [g for g in self.w.games if self.status(g) == "finished" and self.held(g)])
        if g is None:
            return
        seat, h = self.pick(j, self.held(g))
        r = self.w.call("POST", f"/games/{g.id}/rematch", h.token)
        if r.status_code == 201:
            made = r.json()
            new = self.w.service.load(made["id"])
            if not any(x.id == made["id"] for x in self.w.games):
                n = len(new.created["seats"])
                holders: list[Holder | None] = [None] * n
                holders[made["seat"]] = Holder(made["token"], h.email, h.player)
                self.w.games.append(Game(made["id"], g.game, made.get("creator_token") or h.token, holders,
                                         ["open"] * n, g.clocked, g.talk))
            else:
                x = next(x for x in self.w.games if x.id == made["id"])
                x.seats[made["seat"]] = Holder(made["token"], h.email, h.player)
            self.did("rematch", made["id"])

    # -- moves --------------------------------------------------------------------------------

    @precondition(lambda self: self.some(lambda g: self.prompted(g)))
    @rule(i=st.integers(0, 50), j=st.integers(0, 10**6), retry=st.booleans())
    def move_choice(self, i, j, retry) -> None:
        """A move from the prompt's choices, with an idempotency key; a retry gets the first answer."""
        g = self.pick(i, [g for g in self.live() if self.prompted(g)])
        if g is None:
            return
        seat, h = self.pick(j, self.prompted(g))
        prompt = self.my_prompt(g, h)
        if prompt is None:
            return
        move = self.pick(j, self.choices(prompt))
        key = f"k{j}-{self.w.service.load(g.id).seq}"
        first = self.w.call("POST", f"/games/{g.id}/moves", h.token, json={"move": move, "idempotency_key": key})
        if retry:
            again = self.w.call("POST", f"/games/{g.id}/moves", h.token, json={"move": move, "idempotency_key": key})
            assert (again.status_code, again.json()) == (first.status_code, first.json()), \
                "a retry with the same idempotency key gave another answer"
            COVERAGE["invariant:idempotent retry"] += 1
        self.did("move from choices", g.id)

    @precondition(lambda self: self.some(lambda g: self.prompted(g)))
    @rule(i=st.integers(0, 50), j=st.integers(0, 10**6))
    def move_steps(self, i, j) -> None:
        """A move built through /steps, one option at a time."""
        g = self.pick(i, [g for g in self.live() if self.prompted(g)])
        if g is None:
            return
        seat, h = self.pick(j, self.prompted(g))
        prompt = self.my_prompt(g, h)
        if prompt is None:
            return
        rnd, chosen = random.Random(j), []
        for _ in range(40):
            r = self.w.call("GET", f"/games/{g.id}/prompts/{quote(prompt['kind'])}/steps?chosen={','.join(chosen)}",
                            h.token)
            if r.status_code != 200:
                return
            answer = r.json()
            if answer["move"] is not None:
                self.w.call("POST", f"/games/{g.id}/moves", h.token, json={"move": answer["move"],
                                                                              "expected_seq": answer["seq"]})
                self.did("move by steps", g.id)
                return
            if not answer["options"]:
                return
            chosen.append(rnd.choice(answer["options"])["id"])

    @precondition(lambda self: self.some(lambda g: self.prompted(g)))
    @rule(i=st.integers(0, 50), j=st.integers(0, 10**6))
    def move_text(self, i, j) -> None:
        g = self.pick(i, [g for g in self.live() if self.prompted(g)])
        if g is None:
            return
        seat, h = self.pick(j, self.prompted(g))
        prompt = self.my_prompt(g, h)
        if prompt is None:
            return
        text = rules_of(g.game).format_move(self.pick(j, self.choices(prompt)))
        r = self.w.call("POST", f"/games/{g.id}/moves", h.token, json={"text": text})
        assert r.status_code in (200, 201), f"the text form of a listed move was refused: {text!r}: {r.json()}"
        self.did("move as text", g.id)

    @precondition(lambda self: self.some(lambda g: self.prompted(g)))
    @rule(i=st.integers(0, 50), j=st.integers(0, 10**6))
    def move_batch(self, i, j) -> None:
        """Two moves in one request: a listed one, then one that may or may not be legal after it."""
        g = self.pick(i, [g for g in self.live() if self.prompted(g)])
        if g is None:
            return
        seat, h = self.pick(j, self.prompted(g))
        prompt = self.my_prompt(g, h)
        if prompt is None:
            return
        choices = self.choices(prompt)
        self.w.call("POST", f"/games/{g.id}/moves", h.token,
                    json={"moves": [self.pick(j, choices), rules_of(g.game).format_move(self.pick(j // 7, choices))]})
        self.did("move batch", g.id)

    @precondition(lambda self: bool(self.live()))
    @rule(i=st.integers(0, 50), j=st.integers(0, 10**6), clear=st.booleans())
    def presets(self, i, j, clear) -> None:
        """A waiting seat queues a move (one it could play now, which may fit its next prompt)."""
        g = self.pick(i, [g for g in self.live() if self.held(g)])
        if g is None:
            return
        seat, h = self.pick(j, self.held(g))
        prompt = self.my_prompt(g, h)
        moves = self.choices(prompt) if prompt else []
        move = self.pick(j, moves) if moves else {"type": "end_turn"}
        self.w.call("POST", f"/games/{g.id}/presets", h.token, json={"moves": [{"move": move}]})
        self.w.call("GET", f"/games/{g.id}/presets", h.token)
        if clear:
            self.w.call("DELETE", f"/games/{g.id}/presets", h.token)
        self.did("presets", g.id)

    # -- takebacks, proposals, resign, pauses --------------------------------------------------

    @precondition(lambda self: bool(self.live()))
    @rule(i=st.integers(0, 50), j=st.integers(0, 10**6))
    def takeback_request(self, i, j) -> None:
        g = self.pick(i, [g for g in self.live() if self.held(g)])
        if g is None:
            return
        seat, h = self.pick(j, self.held(g))
        if self.w.call("POST", f"/games/{g.id}/takebacks", h.token, json={}).status_code in (200, 201):
            self.asked.add(("takebacks", g.id))
            self.did("takeback request", g.id)

    def answerer(self, i: int, j: int, kind: str, key: str):
        """A game with an open `kind` (takebacks, proposals) the model saw asked: the game, the open
        request and a holder other than its asker, or None."""
        g = self.pick(i, [g for g in self.live() if (kind, g.id) in self.asked])
        if g is None:
            return None
        item = self.w.call("GET", f"/games/{g.id}/{kind}").json().get(key)
        others = [(s, h) for s, h in self.held(g) if item and s != item["seat"]]
        return (g, item, self.pick(j, others)[1]) if others else None

    @precondition(lambda self: any(kind == "takebacks" for kind, _ in self.asked))
    @rule(i=st.integers(0, 50), j=st.integers(0, 10**6), accept=st.booleans())
    def takeback_answer(self, i, j, accept) -> None:
        """Another seat answers an open takeback request (one the model saw asked)."""
        found = self.answerer(i, j, "takebacks", "pending")
        if found is None:
            return
        g, pending, h = found
        r = self.w.call("POST", f"/games/{g.id}/takebacks/{pending['id']}/{'accept' if accept else 'refuse'}", h.token)
        if r.status_code == 200:
            self.did("takeback accept" if accept else "takeback refuse", g.id)

    @precondition(lambda self: bool(self.live()))
    @rule(i=st.integers(0, 50), j=st.integers(0, 10**6), kind=st.sampled_from(("draw", "concede", "standings")))
    def propose(self, i, j, kind) -> None:
        g = self.pick(i, [g for g in self.live() if self.held(g)])
        if g is None:
            return
        seat, h = self.pick(j, self.held(g))
        body = {"kind": kind, "hours": 1} | ({"to": (seat + 1) % len(g.seats)} if kind == "concede" else {})
        if self.w.call("POST", f"/games/{g.id}/proposals", h.token, json=body).status_code in (200, 201):
            self.asked.add(("proposals", g.id))
            self.did("propose", g.id)

    @precondition(lambda self: any(kind == "proposals" for kind, _ in self.asked))
    @rule(i=st.integers(0, 50), j=st.integers(0, 10**6), yes=st.booleans())
    def vote(self, i, j, yes) -> None:
        found = self.answerer(i, j, "proposals", "proposal")
        if found is None:
            return
        g, proposal, h = found
        r = self.w.call("POST", f"/games/{g.id}/proposals/{proposal['id']}/vote", h.token,
                        json={"vote": "yes" if yes else "no"})
        if r.status_code == 200:
            self.did("vote", g.id)

    @precondition(lambda self: bool(self.live()))
    @rule(i=st.integers(0, 50), j=st.integers(0, 10**6))
    def resign(self, i, j) -> None:
        g = self.pick(i, [g for g in self.live() if self.held(g)])
        if g is None:
            return
        seat, h = self.pick(j, self.held(g))
        if self.w.call("POST", f"/games/{g.id}/resign", h.token).status_code == 200:
            self.did("resign", g.id)

    @precondition(lambda self: bool(self.live()))
    @rule(i=st.integers(0, 50), j=st.integers(0, 10**6), kind=st.sampled_from(("vacation", "agreed")))
    def pause(self, i, j, kind) -> None:
        g = self.pick(i, [g for g in self.live() if self.held(g)])
        if g is None:
            return
        seat, h = self.pick(j, self.held(g))
        if self.w.call("POST", f"/games/{g.id}/pause", h.token, json={"kind": kind}).status_code == 200:
            self.did("pause", g.id)

    @precondition(lambda self: self.some(lambda g: self.status(g) == 'paused'))
    @rule(i=st.integers(0, 50), j=st.integers(0, 10**6))
    def resume(self, i, j) -> None:
        g = self.pick(i, [g for g in self.w.games if self.status(g) == "paused" and self.held(g)])
        if g is None:
            return
        seat, h = self.pick(j, self.held(g))
        if self.w.call("POST", f"/games/{g.id}/resume", h.token, json={}).status_code == 200:
            self.did("resume", g.id)

    # -- talk, mutes, channels -----------------------------------------------------------------

    @precondition(lambda self: self.some(lambda g: self.held(g) and self.status(g) != 'cancelled'))
    @rule(i=st.integers(0, 50), j=st.integers(0, 10**6), to=st.sampled_from(("all", "private", "note")))
    def talk(self, i, j, to) -> None:
        g = self.pick(i, [g for g in self.w.games if self.held(g) and self.status(g) != "cancelled"])
        if g is None:
            return
        seat, h = self.pick(j, self.held(g))
        target = [(seat + 1) % len(g.seats)] if to == "private" else to
        mark = self.w.mark()
        r = self.w.call("POST", f"/games/{g.id}/messages", h.token, json={"to": target, "text": f"{mark} from {seat}"})
        if r.status_code == 201:
            self.did(f"talk {to}", g.id)

    @precondition(lambda self: self.some(lambda g: self.held(g) and len(g.seats) > 1))
    @rule(i=st.integers(0, 50), j=st.integers(0, 10**6), on=st.booleans())
    def mute(self, i, j, on) -> None:
        g = self.pick(i, [g for g in self.w.games if len(self.held(g)) and len(g.seats) > 1])
        if g is None:
            return
        seat, h = self.pick(j, self.held(g))
        other = (seat + 1 + j % (len(g.seats) - 1)) % len(g.seats)
        if self.w.call("PUT" if on else "DELETE", f"/games/{g.id}/mutes/{other}", h.token).status_code == 200:
            self.did("mute", g.id)

    @precondition(lambda self: self.some(lambda g: self.held(g)))
    @rule(i=st.integers(0, 50), j=st.integers(0, 10**6), scope=st.sampled_from(("seat", "game")))
    def channel(self, i, j, scope) -> None:
        g = self.pick(i, [g for g in self.w.games if self.held(g)])
        if g is None:
            return
        seat, h = self.pick(j, self.held(g))
        token = h.token if scope == "seat" else g.creator
        url = f"json://{self.w.receiver.host}/{g.id}-{scope}-{seat}"
        if self.w.call("POST", f"/games/{g.id}/channels", token, json={"url": url, "scope": scope}).status_code == 201:
            self.did("channel", g.id)

    # -- mail in ------------------------------------------------------------------------------

    @precondition(lambda self: self.some(lambda g: any(h.email for _, h in self.held(g))))
    @rule(i=st.integers(0, 50), j=st.integers(0, 10**6), what=st.sampled_from(("move", "command", "say")))
    def mail_in(self, i, j, what) -> None:
        """A reply to the newest mail a holder got: a move in the text form, a command, or talk."""
        run_once(self.w.service, bots=False)  # deliver what is queued
        cands = []
        for g in self.w.games:
            for seat, h in self.held(g):
                got = [m for m in self.w.sink.messages[self.w.mail_from:] if h.email and m["To"] == h.email
                       and m["Reply-To"] and g.id in m["Reply-To"] + m["Subject"]]
                if got:
                    cands.append((g, seat, h, got[-1]))
        if not cands:
            return
        g, seat, h, last = self.pick(i, cands)
        if what == "move":
            prompt = self.my_prompt(g, h)
            if prompt is None:
                return
            text = rules_of(g.game).format_move(self.pick(j, self.choices(prompt)))
        elif what == "command":
            text = self.pick(j, ["status", "history 3", "moves", "help", "takeback", "propose draw", "vote yes",
                                 "accept", "refuse"])
        else:
            text = f"say {self.pick(j, ['all', 'note', str((seat + 1) % len(g.seats))])}: {self.w.mark()} by mail"
        msg = EmailMessage()
        msg["From"] = f"Holder <{h.email}>"
        msg["To"] = last["Reply-To"]
        msg["Subject"] = "Re: " + last["Subject"]
        msg["Message-ID"] = f"<lives-{next(self.w.mail_n)}@example.org>"
        msg["In-Reply-To"] = last["Message-ID"]
        msg.set_content(f"{text}\n\n-- \nHolder\n")
        assert self.w.call("POST", "/mail/inbound", INBOUND, content=msg.as_bytes(),
                           headers={"Content-Type": "message/rfc822"}).status_code == 202
        self.did(f"mail {what}", g.id)

    # -- time and processes --------------------------------------------------------------------

    @rule(gap=st.sampled_from(GAPS))
    def time_passes(self, gap) -> None:
        """The clock moves on; one scheduler pass (bots, timeouts, reminders, vacations, lapses,
        expiry, digests, tournament rounds, delivery)."""
        self.w.clock.advance(gap)
        counts = run_once(self.w.service)
        for k, v in counts.items():
            if v and isinstance(v, int):
                COVERAGE[f"scheduler:{k}"] += 1
        self.w.touched.update(g.id for g in self.w.games)
        self.did("time passes")

    @precondition(lambda self: self.since_restart >= 6)
    @rule()
    def restart(self) -> None:
        self.w.restart()
        self.since_restart = 0
        self.w.touched.update(g.id for g in self.w.games)
        self.did("restart")

    @precondition(lambda self: not getattr(self, "_tournaments", None))
    @rule(game=st.sampled_from(("babel", "khronos")))
    def tournament(self, game) -> None:
        body = {"game": game, "format": "round_robin", "seats_per_game": 2,
                "players": [{"name": f"T{i}", "email": f"t{i}-{len(self.w.games)}@example.org"} for i in range(3)],
                "clock": CLOCKS[1]}
        r = self.w.call("POST", "/tournaments", json=body)
        assert r.status_code == 201, r.text
        self._tournaments = [r.json()["id"]]
        self.did("tournament")

    # -- invariants ---------------------------------------------------------------------------

    @invariant()
    def checked(self) -> None:
        """Every game this step could change: replay, leaks per reader, tenures, mail."""
        invariants.after_step(self.w, sorted(self.w.touched))
        self.w.touched.clear()
