"""What notifications say. Built only from the addressed seat's own game document (its view
and its own prompts, as the API serves them to that seat), so they can never carry another
seat's hidden information."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any


@dataclass(frozen=True)
class Note:
    kind: str
    subject: str
    text: str          # the email body
    data: dict         # the webhook body


def _when(ts: float | None) -> str:
    if ts is None:
        return "no deadline"
    return datetime.fromtimestamp(ts, timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


def _prompt_lines(doc: dict[str, Any], seat: int, deadlines: dict[int, float]) -> list[str]:
    lines = []
    for p in doc["prompts"]:
        if p["seat"] != seat:
            continue
        lines.append(f"You must decide: {p['text']} (deadline: {_when(deadlines.get(seat))})")
        lines.append(f"If you do not answer in time the referee plays: {json.dumps(p['default'])}")
        if p["choices"]:
            lines.append("Legal moves:")
            lines += [f"  {json.dumps(c)}" for c in p["choices"][:60]]
            if len(p["choices"]) > 60:
                lines.append(f"  ... and {len(p['choices']) - 60} more (GET /games/{doc['id']}/prompts)")
    return lines


def _how_to_answer(doc: dict[str, Any], reply_to: str | None, base_url: str) -> list[str]:
    lines = ["", "How to answer:"]
    if reply_to:
        lines.append(f"  reply to this mail (it goes to {reply_to}) with the move as JSON, e.g.")
        lines.append('  {"type": "end_turn"}, or in the game\'s short text form (see the game\'s player page).')
    lines.append(f"  or POST {base_url}/games/{doc['id']}/moves with your seat token.")
    return lines


def _frame(doc: dict[str, Any], seat: int, title: str, lines: list[str]) -> str:
    seats = ", ".join(f"{s['seat']}: {s['name']}" for s in doc["seats"])
    head = [title, "", f"Game {doc['id']} ({doc['game']}), you are seat {seat}. Seats: {seats}.",
            f"Sequence {doc['seq']}, status {doc['status']}.", ""]
    view = ["", "Your view of the game:", json.dumps(doc["view"], indent=2, sort_keys=True)]
    return "\n".join(head + lines + view) + "\n"


def _data(kind: str, doc: dict[str, Any], seat: int, deadlines: dict[int, float], **extra: Any) -> dict:
    return {"event": kind, "game_id": doc["id"], "game": doc["game"], "seat": seat, "seq": doc["seq"],
            "status": doc["status"], "prompts": [p for p in doc["prompts"] if p["seat"] == seat],
            "deadline": deadlines.get(seat), "view": doc["view"], "result": doc["result"], **extra}


def your_turn(doc, seat, deadlines, reply_to, base_url) -> Note:
    lines = _prompt_lines(doc, seat, deadlines) + _how_to_answer(doc, reply_to, base_url)
    return Note("your_turn", f"[{doc['game']} {doc['id']}] Your move",
                _frame(doc, seat, "It is your turn.", lines), _data("your_turn", doc, seat, deadlines))


def reminder(doc, seat, deadlines, reply_to, base_url, left: str) -> Note:
    lines = _prompt_lines(doc, seat, deadlines) + _how_to_answer(doc, reply_to, base_url)
    return Note("reminder", f"[{doc['game']} {doc['id']}] Reminder: {left} left for your move",
                _frame(doc, seat, f"Reminder: your deadline is in {left}.", lines),
                _data("reminder", doc, seat, deadlines, left=left))


def timed_out(doc, seat, deadlines, reply_to, base_url, played: dict, absent: bool) -> Note:
    lines = [f"Your deadline passed, so the referee played the default move {json.dumps(played)}."]
    if absent:
        lines.append("After several timeouts in a row you are marked absent: your decisions now get a short "
                     "deadline until you move again.")
    more = _prompt_lines(doc, seat, deadlines)
    if more:
        lines += [""] + more + _how_to_answer(doc, reply_to, base_url)
    return Note("timeout", f"[{doc['game']} {doc['id']}] Your deadline passed",
                _frame(doc, seat, "Timeout.", lines), _data("timeout", doc, seat, deadlines, played=played))


def seat_absent(doc, seat, deadlines, absent_seat: int, name: str) -> Note:
    text = f"Seat {absent_seat} ({name}) missed several deadlines in a row and is now marked absent; " \
           "the referee plays its default moves after a short deadline until it moves again."
    return Note("absent", f"[{doc['game']} {doc['id']}] {name} is absent",
                _frame(doc, seat, text, []), _data("absent", doc, seat, deadlines, absent_seat=absent_seat))


def game_over(doc, seat, deadlines, seed: str | None) -> Note:
    lines = [f"Result: {json.dumps(doc['result'])}",
             f"The game's seed is now revealed: {seed}",
             f"Its commitment was {doc['seed_commitment']}; every shuffle and roll can now be checked with "
             "`referee verify --file` on the exported log."]
    return Note("game_over", f"[{doc['game']} {doc['id']}] Game over",
                _frame(doc, seat, "The game is over.", lines), _data("game_over", doc, seat, deadlines, seed=seed))


def paused(doc, seat, deadlines, by: int | None, resumed: bool, until: float | None) -> Note:
    if resumed:
        title = "The game is running again; clocks restarted."
    else:
        title = f"Seat {by} paused the game; every clock is stopped" + (f" until {_when(until)}." if until else ".")
    kind = "resumed" if resumed else "paused"
    return Note(kind, f"[{doc['game']} {doc['id']}] Game {kind}", _frame(doc, seat, title, []),
                _data(kind, doc, seat, deadlines))


def mail_reply(doc, seat, deadlines, reply_to, base_url, accepted: bool, move: Any, problem: dict | None) -> Note:
    if accepted:
        title = f"Accepted: {json.dumps(move)}"
        lines = _prompt_lines(doc, seat, deadlines)
        if lines:
            lines += _how_to_answer(doc, reply_to, base_url)
    else:
        rule = f" (rule {problem['rule']})" if problem and problem.get("rule") else ""
        title = f"Rejected: {problem['detail'] if problem else 'no move found'}{rule}"
        lines = []
        if problem and problem.get("errors"):
            lines += [f"  {e['path']}: {e['message']}" for e in problem["errors"]]
        lines += _prompt_lines(doc, seat, deadlines) + _how_to_answer(doc, reply_to, base_url)
    return Note("mail_reply", f"[{doc['game']} {doc['id']}] " + ("Move accepted" if accepted else "Move rejected"),
                _frame(doc, seat, title, lines),
                _data("mail_reply", doc, seat, deadlines, accepted=accepted, problem=problem))
