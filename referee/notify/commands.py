"""Commands by mail, as email judges have them: the first line of a mail is a command word.

    help | status | history [N] | moves | resign | pause | resume | notify all|turn|none

Each answers with a mail to the seat (see `messages.command_reply`). A line that is neither a
command nor a move gets the reason and this help (see `mailin`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.plumbing.errors import ServiceError
from referee.service.notices import messages
from referee.service.notices import preferences
from referee.service.notices.messages import Note
from referee.service.narration import narrate_event
from referee.store import events
from referee.store.db import write_transaction

if TYPE_CHECKING:
    from referee.service.referee import Referee

NAMES = ("help", "status", "history", "moves", "resign", "pause", "resume", "notify")
HISTORY_DEFAULT, HISTORY_MAX = 10, 100


def parse(line: str) -> tuple[str, list[str]] | None:
    """(command, arguments) when `line` starts with a command word, else None."""
    words = line.strip().lower().split()
    if words and words[0] in NAMES:
        return words[0], words[1:]
    return None


def help_lines(title: str, examples: list[str]) -> list[str]:
    lines = [f"Play {title} by mail: reply to any mail of this game with your moves at the top, one per",
             "line (or separated by ;), in the game's text form. They are played in order as your",
             "consecutive moves; the first refused one stops the rest. A blank line ends them."]
    if examples:
        lines.append("For example: " + "; ".join(examples))
    return lines + [
        "Commands (as the first line of a mail):",
        "  help                  this text",
        "  status                the game now: news, your position, your decision",
        f"  history [N]           the last N events (default {HISTORY_DEFAULT})",
        "  moves                 every legal move you have now",
        "  resign                resign the game",
        "  pause, resume         pause the game for a vacation, or end the pause",
        "  notify all|turn|none  which mails you get: all, only when you must act, or only answers"]


def examples(seen: messages.Seen) -> list[str]:
    for p in seen.doc["prompts"]:
        if p["seat"] == seen.seat:
            moves = (p["choices"] or [])[:3] or ([p["default"]] if p.get("default") else [])
            return [messages.move_text(seen.rules, m) for m in moves]
    return []


def run(service: "Referee", game_id: str, seat: int, command: str, args: list[str]) -> Note:
    """Carry out a command and return the answer for the seat."""
    notifier = service.notifier
    head: list[str]
    about: list[str] = []
    if command == "resign":
        head = _act(lambda: service.resign(game_id, seat), "You resigned; the game is over.", "Could not resign")
    elif command == "pause":
        head = _act(lambda: service.pause(game_id, seat, "vacation", "asked by mail"),
                    "You paused the game for a vacation; every clock is stopped. Answer `resume` to end it.",
                    "Could not pause")
    elif command == "resume":
        head = _act(lambda: service.resume(game_id, seat, "asked by mail"), "The game is running again.",
                    "Could not resume")
    elif command == "notify":
        level = args[0] if args else ""
        if level in preferences.LEVELS:
            with write_transaction(service.db) as conn:
                preferences.set_notify(conn, game_id, seat, level)
            head = [f"From now on you get {_LEVEL_TEXT[level]}."]
        else:
            head = ["notify takes one of: all, turn, none."]
    else:
        head = []
    loaded = service.load(game_id)
    seen = notifier.seen(service.db.conn, loaded, seat, since=command == "status")
    if command == "help" or (command == "notify" and not head[0].startswith("From")):
        return messages.command_reply(seen, "Help", head + help_lines(seen.title, examples(seen)))
    if command == "status":
        return messages.command_reply(seen, "Status", [f"The game of {seen.title} now."], since=True,
                                      position=True, prompt=True)
    if command == "history":
        n = int(args[0]) if args and args[0].isdigit() else HISTORY_DEFAULT
        n = max(1, min(n, HISTORY_MAX))
        names = [s["name"] for s in loaded.created["seats"]]
        shown = events.read(service.db.conn, game_id, after=max(0, loaded.seq - n))
        told = [(e.seq, narrate_event(loaded.rules, service.redact_event(loaded, e, seat), names))
                for e in shown if e.seq <= loaded.seq]
        about = [ln for seq, text in told for ln in messages.item(text, f"  {seq}. ")]
        return messages.command_reply(seen, "History", [f"The last {len(told)} events:"], about)
    if command == "moves":
        return messages.command_reply(seen, "Legal moves", ["Your legal moves now:" if any(
            p["seat"] == seat for p in seen.doc["prompts"]) else "You have nothing to decide now."],
            prompt=True, all_moves=True)
    return messages.command_reply(seen, command.capitalize(), head, position=command == "resume",
                                  prompt=command == "resume")


_LEVEL_TEXT = {"all": "every notification of this game",
               "turn": "mails only when you must act (and the result)",
               "none": "no mails except answers to yours"}


def _act(action, done: str, failed: str) -> list[str]:
    try:
        action()
    except ServiceError as e:
        return [f"{failed}: {e.detail}"]
    return [done]
