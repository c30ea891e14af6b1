"""Foresight and agreement over the rules contract, for every game alike (issue 27): how far back
a seat may take its moves, whether a pre-set move's guard holds, and the result of a game ended
by agreement. Pure functions of the log and the rules, so `verify` recomputes what they decide.

The takeback boundary follows Board Game Arena's policy: going back never crosses another seat's
action, a random draw (a chance record), information revealed to another seat, or a moment when
another seat had to decide (a prompt to it, as in a simultaneous secret choice).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from referee.engine.contract import Rules, State
from referee.engine.hashing import canonical
from referee.engine.replay import CHANGING_EVENTS
from referee.plumbing.i18n import N_, Text

# Event kinds a takeback may step over: they record talk about the game, not play.
NEUTRAL = ("takeback_requested", "takeback_refused", "takeback_lapsed", "proposal", "vote", "proposal_failed",
           "proposal_lapsed", "pause_requested", "paused", "resumed", "deadline_changed", "bot_requested")

BOUNDARY_WORDS = {  # message ids: a reader's translator says them in its language
    "other_seat": N_("another seat's action"),
    "chance": N_("a chance record (a random draw)"),
    "reveal": N_("a reveal of hidden information"),
    "prompt": N_("a moment another seat had to decide"),
    "start": N_("the start of the game"),
    "limit": N_("the most a takeback may span"),
    "event": N_("an event that changed the game"),
}


@dataclass(frozen=True)
class Boundary:
    """The earliest sequence a seat may take back to (`lowest`), and what stops it going further:
    `kind` (a key of BOUNDARY_WORDS) at event `seq`. `own` lists the seat's own moves in range."""

    lowest: int
    kind: str
    seq: int
    own: tuple[int, ...]

    def words(self) -> str:
        return BOUNDARY_WORDS.get(self.kind, self.kind)


def takeback_boundary(rules: Rules, log: Sequence[dict[str, Any]], state_at: Callable[[int], State],
                      seat: int, seats: int) -> Boundary:
    """Walk back from the end of `log` (events as dicts: seq, type, seat, payload; the whole log
    or its recent part) over the seat's own moves while none of them crosses a boundary.
    `state_at(n)` is the state right after event n."""
    by_seq = {e["seq"]: e for e in log}
    head = max(by_seq)
    lowest, own = head, []
    k = head
    while k > 1:
        e = by_seq.get(k)
        if e is None:  # the log given is the recent part only: no takeback spans more
            return Boundary(lowest, "limit", k, tuple(own))
        etype = e["type"]
        if etype in NEUTRAL:
            k -= 1
            continue
        if etype != "move" or e["seat"] != seat:
            kind = "other_seat" if etype in ("move", "timeout", "resigned") else "event"
            return Boundary(lowest, kind, k, tuple(own))
        if e["payload"].get("chance"):
            return Boundary(lowest, "chance", k, tuple(own))
        before, after = state_at(k - 1), state_at(k)
        if any(p.seat != seat for p in rules.prompts(before)):
            return Boundary(lowest, "prompt", k, tuple(own))
        if _reveals(rules, log, k, before, after, seats):
            return Boundary(lowest, "reveal", k, tuple(own))
        own.append(k)
        lowest = k - 1
        k -= 1
    return Boundary(lowest, "start", 1, tuple(own))


def _reveals(rules: Rules, log: Sequence[dict[str, Any]], k: int, before: State, after: State, seats: int) -> bool:
    """Whether event k shows some viewer a move it could not see before (a secret choice
    revealed): the rules' own redaction of an earlier move changes across it."""
    viewers: list[int | None] = [*range(seats), None]
    for e in log:
        if e["seq"] >= k or e["type"] not in ("move", "timeout"):
            continue
        move, mover = e["payload"]["move"], e["seat"]
        for v in viewers:
            if v == mover:
                continue
            if rules.redact(before, move, mover, v) != rules.redact(after, move, mover, v):
                return True
    return False


# -- pre-set moves --------------------------------------------------------------------------------

def same_move(a: Any, b: Any) -> bool:
    """Exact match of two moves (key order aside)."""
    return canonical(a) == canonical(b)


def guard_fails(guard: dict[str, Any] | None, last_other_move: Any, kinds: Sequence[str]) -> str | None:
    """Why a queued move's guard does not hold (None when it holds): `{"opponent_move": move}` is
    the last move another seat played, exactly; `{"prompt": kind}` the kind of the seat's prompt.
    The reason is a `Text`: its seat reads it in its own language."""
    if not guard:
        return None
    if "opponent_move" in guard and (last_other_move is None or not same_move(guard["opponent_move"], last_other_move)):
        return Text("the opponent's last move was not the one the guard names")
    if "prompt" in guard and guard["prompt"] not in kinds:
        return Text("the prompt is not of kind '%(kind)s'", kind=guard["prompt"])
    return None


# -- ending by agreement --------------------------------------------------------------------------

AGREEMENT = "agreement"


def agreed_result(rules: Rules, state: State, agreement: dict[str, Any]) -> dict[str, Any]:
    """The result of a game ended by agreement, from the position and what was agreed:
    `{"kind": "draw"}` (every seat shares first place), `{"kind": "concede", "to": seat}` (that
    seat wins, the others follow as the game's standings rank them) or `{"kind": "standings"}`
    (the game's own scoring of the position now). Always carries `"by": "agreement"`, `reason`
    and the `agreement` itself, so readers of the log (ratings) know how the game ended."""
    standings = rules.standings(state)
    ranking = list(standings["ranking"])  # every seat, best first
    seats = len(ranking)
    kind = agreement["kind"]
    if kind == "draw":
        winners = list(range(seats))
        ranking = list(range(seats))
    elif kind == "concede":
        winners = [agreement["to"]]
        ranking = [agreement["to"], *[s for s in ranking if s != agreement["to"]]]
    else:
        winners = list(standings.get("winners", []))
    return {**standings, "winner": winners[0] if len(winners) == 1 else None, "winners": winners,
            "ranking": ranking, "reason": AGREEMENT, "by": AGREEMENT, "agreement": dict(agreement)}


def is_agreed(result: dict[str, Any] | None) -> bool:
    return bool(result) and result.get("by") == AGREEMENT and isinstance(result.get("agreement"), dict)


def changes_game(etype: str) -> bool:
    """Whether an event changes the position (a move, a timeout, a takeback...): it makes a
    pending takeback request lapse."""
    return etype in CHANGING_EVENTS
