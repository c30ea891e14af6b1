"""Submitting moves: one, several in one request, or one in the game's text form, as one
seat's consecutive moves; idempotent with a key.

The moves are judged in order on the state the previous one left; judging stops at the first
refusal. Every accepted move becomes its own `move` event, and all of them are appended in
one transaction after the sequence the batch was judged on, so a concurrent writer makes the
whole batch fail with 409 rather than interleave. The answer is the usual move answer (the
seat's view, its prompts, the appended events) plus `played` and, when a move was refused
after others were played, `refused`: its index, the move as sent, the reason and the rule id.
A refusal of the very first move is the usual error (400 for an unreadable move, 422 with
the rule id for an illegal one), so a batch of one behaves like a single move.

A client that will not read the new view (RFC 7240 `Prefer: return=minimal`: a bot that asks
for its prompts anyway, a script) gets the minimal answer: the full answer's MINIMAL fields,
the events without their narration. Nobody waits for the view, prompts and narration then, so
none is made (issue 41: 0.1-0.2 ms less of a worker's CPU a move; no faster an answer, as the
full one is made while the commit syncs: `referee bench --only http`, `minimal_answer`).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from referee.engine import glossary, playerpage
from referee.engine.contract import IllegalMove
from referee.engine.replay import advance
from referee.engine.schemas import conform, schema_errors, validator_for
from referee.plumbing.errors import BadRequest, Conflict, KeyReusedError, ServiceError, Unprocessable
from referee.service.play import read
from referee.plumbing.i18n import EN, Text, Translator, translator
from referee.service.narration_texts import ViewsOf, remember_state, told_with, with_text
from referee.store import bot_seats, idempotency
from referee.store.db import IntegrityError

if TYPE_CHECKING:
    from referee.service.core import Core, Head
    from referee.service.loaded import Loaded


# The minimal answer's fields, each as the full answer has it (events without `text`).
MINIMAL = ("id", "game", "status", "seq", "result", "events", "played", "refused")


def minimal(answer: dict[str, Any]) -> dict[str, Any]:
    """The minimal form of a move's answer (a remembered one too: an idempotent copy)."""
    out = {k: answer.get(k) for k in MINIMAL}
    out["events"] = [{k: v for k, v in e.items() if k != "text"} for e in out["events"] or ()]
    return out


class Refusal(Exception):
    """Move `index` of a batch was refused; `problem` is what the client is told."""

    def __init__(self, index: int, sent: Any, error: ServiceError):
        super().__init__(error.detail)
        self.index = index
        self.sent = sent
        self.error = error

    def to_json(self, tr: Translator = EN) -> dict[str, Any]:
        """The refusal in a batch's answer, its reason in `tr`'s language (English: the error's
        own detail, a `Text` that a mail still renders for its reader)."""
        error = self.error
        detail = error.detail if tr.lang == EN.lang else \
            error.reason_in(tr) if isinstance(error, Unprocessable) else error.detail_in(tr)
        out = {"index": self.index, "move": self.sent, "detail": detail}
        out.update({k: v for k, v in self.error.extra.items() if k in ("rule", "errors")})
        return out


def read_move(loaded: "Loaded", sent: Any, listed: tuple = ()) -> dict[str, Any]:
    """A move from a JSON move or a string in the game's text form; BadRequest if unreadable,
    its detail a `Text` so each reader reads why in their language (the text form's own reason
    is a `Text` too). A move equal to one of `listed` (the prompt's choices, which the rules
    made) is one of the game's moves already: its schema is not checked again."""
    if isinstance(sent, str):
        try:
            move = glossary.parse_text(loaded.rules, sent)
        except ValueError as e:
            raise not_a_move(loaded.game, e) from None
    else:
        move = sent
    if listed and any(move == c and _same(move, c) for c in listed):  # ==: C's quick refusal first
        return move
    errs = schema_errors(validator_for(loaded.rules.move_schema), move)
    if errs:
        raise BadRequest(Text("move does not match the game's move schema"), errors=errs)
    return move


def not_a_move(game: str, error: ValueError) -> BadRequest:
    """The 400 for a text that is no move of `game`: the text form's reason (a `Text`) inside
    the service's own sentence, both rendered in each reader's language with the game's words."""
    reason = error.args[0] if error.args and isinstance(error.args[0], Text) else str(error)
    return BadRequest(Text("not a move: %(reason)s", reason=reason), words=partial(glossary.term, game))


def judge(loaded: "Loaded", seat: int, sent: list[Any]) -> tuple[list[tuple[str, int, dict]], list[dict], Refusal | None]:
    """The events and states of the moves accepted in order, and the first refusal if any."""
    new: list[tuple[str, int, dict]] = []
    states: list[dict] = []
    state, seq = loaded.state, loaded.seq
    for i, item in enumerate(sent):
        if new and loaded.rules.result(state) is not None:  # an earlier move of the batch ended the game
            return new, states, Refusal(i, item, Conflict(Text("the game is over"), current_seq=seq))
        try:
            move = read_move(loaded, item, _listed(loaded, seat) if not new else ())
            step = advance(loaded.rules, loaded.seed, state, seq + 1, "move", seat, {"move": move})
        except BadRequest as e:
            return new, states, Refusal(i, item, e)
        except IllegalMove as e:
            return new, states, Refusal(i, item, Unprocessable(e.message, rule=e.rule, current_seq=seq,
                                                                   words=partial(glossary.term, loaded.game),
                                                                   cite=partial(playerpage.rule_text, loaded.game)))
        new.append(("move", seat, {"move": move, "chance": step.chance, "state_hash": step.state_hash}))
        states.append(step.state)
        state, seq = step.state, seq + 1
    return new, states, None


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON, types included (Python's == takes true for 1 and 1.0 for 1)."""
    if type(a) is not type(b):
        return False
    if type(a) is dict:
        return a.keys() == b.keys() and all(_same(v, b[k]) for k, v in a.items())
    if type(a) is list:
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return a == b


def _listed(loaded: "Loaded", seat: int) -> tuple:
    """The seat's listed choices, when the game's prompts are known already (a cached game's
    are: its size was measured with them); none otherwise, rather than work them out here."""
    if "prompts" not in loaded.__dict__ or loaded.status != "active":
        return ()
    return tuple(c for p in loaded.prompts if p.seat == seat and p.choices for c in p.choices)


def submit_move(core: "Core", game_id: str, seat: int, body: dict[str, Any],
                lang: str | None = None, head: "Head | None" = None,
                brief: bool = False) -> tuple[int, dict[str, Any]]:
    """Judge and record a move (or several, or one in the text form); returns (HTTP status,
    response body), its words (events' `text`, prompts) in `lang` (English if None). `head`:
    the game's head (seq, hash) when the caller read it with the seat (`Core.seat_and_head`).
    `brief`: the minimal answer (`minimal`)."""
    conform("api/submit_move.json", body)
    return submit(core, game_id, seat, body, lang, head, brief)


def move_response(core: "Core", loaded: "Loaded", seat: int, appended: list, lang: str | None = None,
                  views_of: ViewsOf | None = None, handed: dict[int, dict] | None = None) -> dict[str, Any]:
    """A move's answer: the seat's description of the game and the events it appended."""
    body = read.describe(core, loaded, seat, lang, views_of, handed)
    body["events"] = [read.redact_event(core, loaded, e, seat) for e in appended]
    return body


def submit(service: "Core", game_id: str, seat: int, body: dict[str, Any],
           lang: str | None = None, head: "Head | None" = None, brief: bool = False) -> tuple[int, dict[str, Any]]:
    """POST /games/{id}/moves: `move` (one), `moves` (a list) or `text` (one move in the text
    form). With an `idempotency_key`, every copy of the request gets the first one's answer
    (kept in English; its events are told again in `lang`). `brief`: the minimal answer, made
    as such without a key; with one, the remembered whole answer's `minimal` form."""
    key = body.get("idempotency_key")
    if key is None:
        return _submit(service, game_id, seat, body, None, lang, head, brief)

    def trimmed(answer: tuple[int, Any]) -> tuple[int, Any]:
        return (answer[0], minimal(answer[1])) if brief and answer[0] == 201 else answer

    def again(earlier: tuple[int, Any]) -> tuple[int, Any]:  # a minimal form has no words to tell again
        return trimmed(earlier) if brief else _retold(service, game_id, seat, earlier, lang)

    request = idempotency.fingerprint(body)
    earlier = _recall(service, game_id, seat, key, request)
    if earlier is not None:
        return again(earlier)
    try:
        return trimmed(_submit(service, game_id, seat, body, (key, request), lang, head))
    except (ServiceError, *IntegrityError):
        # A copy of this request may have landed while this one was judged (its events make
        # this one illegal or stale, or its key row made this transaction fail): answer as that
        # copy was answered.
        earlier = _recall(service, game_id, seat, key, request)
        if earlier is not None:
            return again(earlier)
        raise


def _retold(service: "Core", game_id: str, seat: int, earlier: tuple[int, Any],
            lang: str | None) -> tuple[int, Any]:
    """A remembered answer (English) with its events told in `lang`."""
    status, body = earlier
    if translator(lang).lang == EN.lang or not isinstance(body, dict) or not body.get("events"):
        return earlier
    events = [{k: v for k, v in e.items() if k != "text"} for e in body["events"]]
    return status, {**body, "events": with_text(service, game_id, events, seat, lang)}


def _recall(service: "Core", game_id: str, seat: int, key: str, request: str) -> tuple[int, Any] | None:
    try:
        return idempotency.recall(service.db.conn, game_id, seat, key, request)
    except idempotency.KeyReused:
        raise KeyReusedError(f"idempotency key {key!r} was already used with a different request; "
                             "use a new key for a new request") from None


def _submit(service: "Core", game_id: str, seat: int, body: dict[str, Any],
            keyed: tuple[str, str] | None, lang: str | None = None,
            head: "Head | None" = None, brief: bool = False) -> tuple[int, dict[str, Any]]:
    """`brief` (a move without a key): only the minimal answer's fields are made."""
    loaded = service.load(game_id, head[0] if head is not None else None)
    service.check_expected(loaded, body.get("expected_seq"))
    service.check_active(loaded)
    sent = body["moves"] if "moves" in body else [body["text"]] if "text" in body else [body["move"]]
    new, states, refused = judge(loaded, seat, sent)
    if not new:
        assert refused is not None
        raise refused.error

    # The state after the move is described and narrated: viewed once; the state before it was
    # viewed by the last move's answer when this seat made it (kept per game and viewer).
    views_of = ViewsOf(loaded.rules, seat, (service.database, game_id))
    answered: dict[str, dict[str, Any]] = {}
    # The seats handed to a bot, read inside the move's transaction: read after the commit, they
    # opened a second read snapshot of the database (SQLite: ~30 us of CPU a move).
    handed: list[dict[int, dict]] = []

    def answer(after: "Loaded", appended: list, lang: str | None = None) -> dict[str, Any]:
        tr = translator(lang)
        if tr.lang in answered:  # the keyed answer, remembered in English, is the English answer
            return answered[tr.lang]
        out = move_response(service, after, seat, appended, lang, views_of, handed[0] if handed else None)
        names = [s["name"] for s in after.created["seats"]]
        # The batch's own states: each move is told with the seat's views around it, no replay.
        around = dict(zip((e.seq for e in appended), zip([loaded.state, *states], states)))
        for e in out["events"]:
            e["text"] = told_with(service, after, e, seat, names, around.get(e["seq"]), tr, views_of)
        out.update(tally(tr))
        answered[tr.lang] = out
        return out

    def tally(tr: Translator) -> dict[str, Any]:
        return {"played": len(new), "refused": refused.to_json(tr) if refused is not None else None}

    def remember(conn, after: "Loaded", appended: list) -> None:
        if not brief:  # the seats' bot marks are for the view
            handed[:] = [bot_seats.of_game(conn, game_id)]
        if keyed is not None:
            idempotency.remember(conn, game_id, seat, keyed[0], 201, answer(after, appended), keyed[1])

    def alongside(after: "Loaded", appended: list) -> None:
        """While the commit syncs (Core.write): the answer, and where the next narrations start
        (the feed's, the pages': no replay for these events). Nothing here is seen before the
        commit holds: the states and views are kept by chain hash or by state object."""
        answer(after, appended, lang)
        narrations_start(after, appended)
        views_of.keep(after.state)

    def narrations_start(after: "Loaded", appended: list) -> None:
        remember_state(service, game_id, loaded.seq, appended[0].prev_hash, loaded.state)
        remember_state(service, game_id, after.seq, appended[-1].hash, after.state)

    if brief:  # the minimal answer: no view, prompts or narration to make while the commit syncs
        after, appended = service.write(loaded, new, states[-1], remember, states=states, head=head)
        narrations_start(after, appended)
        return 201, {"id": game_id, "game": after.game, "status": after.status, "seq": after.seq,
                     "result": after.result, "events": [read.redact_event(service, after, e, seat) for e in appended],
                     **tally(translator(lang))}
    after, appended = service.write(loaded, new, states[-1], remember, states=states, head=head, alongside=alongside)
    return 201, answered[translator(lang).lang]
