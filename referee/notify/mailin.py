"""Play by email: one inbound message in; moves, a command, and an answer out.

Mail that is automatic, not addressed to a genuine reply address, or not from the seat's
registered address changes nothing and gets no answer, so a stranger learns nothing (not
even whether a game exists). A genuine mail is read as email judges read orders: its first
block of lines (up to a blank line; `;` also separates) is either one command (see
`commands`) or the seat's moves in order, in the game's text form or as JSON. Lines `say all:
…` / `say 1,2: …` / `say note: …` anywhere in the sender's text are table talk, sent after
the moves (service/talk/messages.py judges them as it judges the API's). The moves are
submitted as one batch (`referee.service.play.moves`): played in order until the first refusal.
The answer lists what was played (narrated) and which line was refused, why and by which rule.
"""

from __future__ import annotations

import hashlib
import logging
import re
from functools import partial
from typing import TYPE_CHECKING, Any

from referee.engine.glossary import term
from referee.plumbing.i18n import EN, Translator, translator
from referee.plumbing.jsontext import read_json
from referee.service.narration_texts import texts
from referee.store import seat_settings
from referee.plumbing.errors import BadRequest, ServiceError, Unprocessable
from referee.notify import commands, inbound
from referee.service.notices import addresses
from referee.service.notices import messages
from referee.store import credentials
from referee.store.db import write_transaction

if TYPE_CHECKING:
    from referee.service.referee import Referee

log = logging.getLogger(__name__)
MAX_LINES = 100
MAX_SAYS = 10  # `say` lines read from one mail
# Table talk by mail: `say all: text`, `say 1,2: text` (seats by the number people read, from 1),
# `say note: text`; in
# German `sag alle: …`, `sag 1,2: …`, `sag notiz: …`.
SAY = re.compile(r"(?:say|sag)\s+(all|alle|note|notiz|[0-9]{1,2}(?:\s*,\s*[0-9]{1,2})*)\s*:\s*(.*)", re.IGNORECASE)
SAY_TO = {"alle": "all", "notiz": "note"}


def order_lines(mail: inbound.InboundMail) -> list[str]:
    """The lines a mail orders: its first block of non-empty lines, split at `;`. A JSON move
    spanning several lines counts as one."""
    block: list[str] = []
    talked = False  # a `say` line opens the first block too: a blank line after it ends the orders
    for line in mail.text.replace("\r\n", "\n").split("\n"):
        if SAY.fullmatch(line.strip()):
            talked = True
            continue  # table talk, anywhere in the sender's text (say_lines)
        if line.strip():
            block.append(line.strip())
        elif block or talked:
            break
    if block and block[0].startswith("{") and not all(_json(ln) is not None for ln in block):
        return [mail.move_text] if mail.move_text else []
    out = []
    for line in block:
        out += [part.strip() for part in ([line] if line.startswith("{") else line.split(";")) if part.strip()]
    return out[:MAX_LINES]


def say_lines(mail: inbound.InboundMail) -> list[tuple[str | list[int], str]]:
    """The messages a mail says: each line `say all: …`, `say 1,2: …` or `say note: …` of the
    sender's own text (quotes removed), as (to, text) in the body of POST /messages."""
    out: list[tuple[str | list[int], str]] = []
    for line in mail.text.replace("\r\n", "\n").split("\n"):
        m = SAY.fullmatch(line.strip())
        if m:
            who = SAY_TO.get(m[1].lower(), m[1].lower())
            out.append((who if who in ("all", "note") else sorted({int(n) for n in who.split(",")}), m[2].strip()))
    return out[:MAX_SAYS]


def _say(service: "Referee", game_id: str, seat: int, says: list[tuple[str | list[int], str]],
         key: str) -> list[str]:
    """Post each `say` line as the seat's message (keyed by the mail: a mail delivered twice
    sends each once); the lines telling what became of them, in the seat's language."""
    tr = translator(seat_settings.of(service.db.conn, game_id, seat).get("lang"))
    _ = tr.gettext
    told = []
    for i, (to, text) in enumerate(says, 1):
        try:
            api_to = to if isinstance(to, str) else [n - 1 for n in to]  # people count seats from 1
            service.post_message(game_id, seat, {"to": api_to, "text": text, "idempotency_key": f"{key}:say:{i}"})
            told.append(_("Note kept (only you read it).") if to == "note" else _("Message sent (to all).")
                        if to == "all" else tr.ngettext("Message sent (to seat %(seats)s).",
                                                        "Message sent (to seats %(seats)s).", len(to),
                                                        seats=", ".join(map(str, to))))
        except ServiceError as e:
            why = e.detail_in(tr)
            told.append(_("Note not kept: %(why)s.", why=why) if to == "note" else _(
                "Message to all not sent: %(why)s.", why=why) if to == "all" else tr.ngettext(
                "Message to seat %(seats)s not sent: %(why)s.", "Message to seats %(seats)s not sent: %(why)s.",
                len(to), seats=", ".join(map(str, to)), why=why))
    return told


def _json(line: str) -> dict | None:
    try:
        value = read_json(line)
    except BadRequest:
        return None
    return value if isinstance(value, dict) else None


def handle(service: "Referee", raw: bytes) -> dict[str, Any]:
    """Process one RFC 822 message. The outcome is for the operator's log, never the sender."""
    mail = inbound.parse_message(raw)
    if mail.auto_submitted:
        return {"status": "ignored", "why": "automatic mail"}
    targets = addresses.seats_addressed(service.secret_key, mail.recipients, service.config.inbound_domain,
                                        tenure_of=service.notifier.reply_tenure)
    if not targets:
        return {"status": "ignored", "why": "not addressed to a reply address"}
    game_id, seat = targets[0]
    conn = service.db.conn
    contacts = credentials.seats(conn, game_id)
    if seat >= len(contacts) or not contacts[seat]["email"] or not mail.sender \
            or contacts[seat]["email"].lower() != mail.sender.lower():
        log.info("inbound mail for a reply address from an unregistered sender ignored")
        return {"status": "ignored", "why": "sender is not the seat's registered address"}

    key = "mail:" + hashlib.sha256((mail.message_id or "").encode() + raw).hexdigest()[:48]
    lines = order_lines(mail)
    says = say_lines(mail)
    command = commands.parse(lines[0]) if lines else None
    if command is not None and _listed_move(service, game_id, seat, lines[0]) \
            and not (command[0] in ("accept", "refuse") and service.takebacks(game_id, seat)["pending"]):
        command = None  # Iron Age's "accept" (a tribute answer) is a move when the game asks for it
    outcome: dict[str, Any]
    if command is not None:
        note = commands.run(service, game_id, seat, *command)
        outcome = {"status": "command", "command": command[0]}
    elif lines or not says:
        note, outcome = _play(service, game_id, seat, lines, key)
    else:
        note, outcome = None, {"status": "talk"}
    if says:  # after the moves: a message may comment on them
        told = _say(service, game_id, seat, says, key)
        outcome["said"] = len(says)
        if note is None:
            seen = service.notifier.seen(service.db.conn, service.load(game_id), seat, since=False)
            note = messages.command_reply(seen, seen.tr.gettext("Message"), told)
        else:
            note = messages.Note(note.kind, note.subject, "\n".join(told) + "\n\n" + note.text, note.data)
    loaded = service.load(game_id)
    with write_transaction(service.db) as c:
        service.notifier.mail_reply(c, loaded, seat, note, key, service.clock(), mail.message_id)
    return {**outcome, "game_id": game_id, "seat": seat}


def _listed_move(service: "Referee", game_id: str, seat: int, line: str) -> bool:
    """Whether `line`, in the game's text form, is a legal move the seat's open prompts list: a
    word that is both a command and such a move means the move (the game is asking for it)."""
    loaded = service.load(game_id)
    try:
        move = loaded.rules.parse_text(line)
    except Exception:  # not a move in this game's text form (any line a sender wrote)
        return False
    return any(p.seat == seat and p.choices and move in p.choices for p in loaded.prompts)


# `then: MOVE [if OPPONENT-MOVE]`, in German `dann: ZUG [wenn ZUG]`.
THEN = re.compile(r"^(?:then|dann)\s*:\s*(.+?)(?:\s+(?:if|wenn)\s+(.+))?$", re.IGNORECASE)


def _queue(service: "Referee", game_id: str, seat: int, thens: list[str], tr: Translator = EN) -> str | None:
    """`then: MOVE [if OPPONENT-MOVE]` lines queued as pre-set moves (issue 27): the answer's line."""
    if not thens:
        return None
    entries: list[dict[str, Any]] = []
    for line in thens:
        m = THEN.match(line)
        move, guard = (m.group(1).strip(), m.group(2)) if m else (line, None)
        entries.append({"move": _json(move) or move, **({"if": {"opponent_move": _json(guard) or guard.strip()}}
                                                         if guard else {})})
    try:
        queued = service.queue_presets(game_id, seat, {"moves": entries})
    except ServiceError as e:
        return tr.gettext("Your `then:` lines were not queued: %(why)s", why=e.detail_in(tr))
    return tr.ngettext("Queued %(n)d move for your next turns (%(queued)d in your queue); they are played "
                       "when your turn comes, if still legal.",
                       "Queued %(n)d moves for your next turns (%(queued)d in your queue); they are played "
                       "when your turn comes, if still legal.", len(entries), queued=len(queued["queue"]))


def _play(service: "Referee", game_id: str, seat: int, lines: list[str], key: str) -> tuple[messages.Note, dict]:
    played: list[tuple[str, str]] = []
    refused: dict | None = None
    unreadable = False
    lang = seat_settings.of(service.db.conn, game_id, seat).get("lang")
    tr = translator(lang)
    thens = [ln for ln in lines if THEN.match(ln)]
    lines = [ln for ln in lines if ln not in thens]
    if not lines and thens:
        told = _queue(service, game_id, seat, thens, tr) or ""
        seen = service.notifier.seen(service.db.conn, service.load(game_id), seat, since=False)
        return messages.command_reply(seen, tr.gettext("Queued"), [told]), {"status": "queued", "played": 0}
    if not lines:
        refused, unreadable = {"line": 1, "detail": tr.gettext("no move or command found in the mail")}, True
    else:
        items = [_json(ln) if ln.startswith("{") and _json(ln) is not None else ln for ln in lines]
        try:
            # Keyed by the message, so a mail delivered twice plays its moves once.
            _, body = service.submit_move(game_id, seat, {"moves": items, "idempotency_key": key})
            moves = [e for e in body["events"] if e["type"] == "move"][:body["played"]]
            rules = service.load(game_id).rules
            # the answer's narration is English: tell it in the seat's language
            told = texts(service, service.load(game_id), moves, seat, lang) if tr.lang != "en" \
                else [e.get("text", "") for e in moves]
            played = [(messages.move_text(rules, e["payload"]["move"]), t) for e, t in zip(moves, told)]
            if body.get("refused"):
                refused = {**body["refused"], "line": body["refused"]["index"] + 1}
                # the engine's reason, or why the line is no move, in the seat's language (the mail cites the rule)
                refused["detail"] = tr.text(refused["detail"], partial(term, rules.id))
        except ServiceError as e:
            problem = e.problem(tr)
            detail = e.reason_in(tr) if isinstance(e, Unprocessable) else problem["detail"]  # the mail cites the rule
            refused = {"line": 1, "detail": detail, "rule": problem.get("rule"),
                       "errors": problem.get("errors", [])}
            unreadable = isinstance(e, BadRequest)
    loaded = service.load(game_id)
    seen = service.notifier.seen(service.db.conn, loaded, seat, since=False)
    line = lines[refused["line"] - 1] if refused and lines and refused["line"] <= len(lines) else None
    note = messages.moves_reply(seen, played, refused, line)
    told = _queue(service, game_id, seat, thens, tr) if played and refused is None else None
    if told:
        note = messages.Note(note.kind, note.subject, told + "\n\n" + note.text, note.data)
    if unreadable and not played:
        help_text = "\n".join(commands.help_lines(seen.title, commands.examples(seen), seen.tr))
        note = messages.Note(note.kind, note.subject, note.text + "\n" + help_text + "\n", note.data)
    status = "accepted" if played and not refused else "partly accepted" if played else "rejected"
    return note, {"status": status, "played": len(played), "problem": refused}
