"""Commands by mail, as email judges have them: the first line of a mail is a command word.

    help | status | history [N] | moves [choices...] | resign | pause | resume | notify all|turn|none
    alert [URL [events...] | off|test|on ID]

`moves` followed by a partial move builds it step by step (the web page's and the API's
steps): each choice is an option's number, its id, or its words (a move's text form reads
as the words of its options), and the answer lists the options after them, numbered, and
the complete move in the text form once there is one.

Each answers with a mail to the seat (see `messages.command_reply`). A line that is neither a
command nor a move gets the reason and this help (see `mailin`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from referee.plumbing.errors import ServiceError
from referee.service.notices import messages
from referee.service.notices import preferences
from referee.service.notices.messages import Note
from referee.service.narration import texts
from referee.store import events
from referee.store.db import write_transaction

if TYPE_CHECKING:
    from referee.service.referee import Referee

NAMES = ("help", "status", "history", "moves", "resign", "pause", "resume", "notify", "rematch", "alert")
HISTORY_DEFAULT, HISTORY_MAX = 10, 100


def parse(line: str) -> tuple[str, list[str]] | None:
    """(command, arguments) when `line` starts with a command word, else None."""
    words = line.strip().split()
    if words and words[0].lower() in NAMES:
        command = words[0].lower()
        # a channel URL keeps its case (its tokens are case-sensitive); every other argument is a word
        return command, words[1:] if command == "alert" else [w.lower() for w in words[1:]]
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
        "  moves                 every legal move you have now (or its first step)",
        "  moves 2 1             a move step by step: the options after your choices so far",
        "  resign                resign the game",
        "  pause, resume         pause the game for a vacation, or end the pause",
        "  notify all|turn|none  which mails you get: all, only when you must act, or only answers",
        "  rematch               once the game is over: ask for a rematch, or accept the one asked for",
        "  alert URL [events]    alerts to a chat or phone (an apprise URL such as ntfy://topic), for",
        "                        turn reminder game_over messages (default all); `alert` lists yours;",
        "                        `alert off ID`, `alert test ID`, `alert on ID` remove, test, switch on again",
        "Table talk (any line of a mail, beside moves or a command):",
        "  say all: text         a message to every seat",
        "  say 1,2: text         a private message to seats 1 and 2 (where the game allows it)",
        "  say note: text        a note only you read"]


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
    elif command == "rematch":
        try:
            taken = service.rematch_seat(game_id, seat)
            head = [f"Your seat in the rematch: seat {taken['seat']} of game {taken['id']}, "
                    f"{'which starts now' if taken['status'] == 'active' else 'waiting for the other players'}. "
                    f"Your link: {taken['url']}"]
        except ServiceError as e:
            head = [f"No rematch: {e.detail}"]
    elif command == "notify":
        level = args[0] if args else ""
        if level in preferences.LEVELS:
            with write_transaction(service.db) as conn:
                preferences.set_notify(conn, game_id, seat, level)
            head = [f"From now on you get {_LEVEL_TEXT[level]}."]
        else:
            head = ["notify takes one of: all, turn, none."]
    elif command == "alert":
        head = _alert(service, game_id, seat, args)
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
        shown = [service.redact_event(loaded, e, seat)
                 for e in events.read(service.db.conn, game_id, after=max(0, loaded.seq - n)) if e.seq <= loaded.seq]
        about = [line for e, text in zip(shown, texts(service, loaded, shown, seat))
                 for line in messages.item(text, f"  {e['seq']}. ")]
        return messages.command_reply(seen, "History", [f"The last {len(about)} events:"], about)
    if command == "moves" and args:
        return by_steps(service, game_id, seat, seen, args)
    if command == "moves":
        return messages.command_reply(seen, "Legal moves", ["Your legal moves now:" if any(
            p["seat"] == seat for p in seen.doc["prompts"]) else "You have nothing to decide now."],
            prompt=True, all_moves=True)
    return messages.command_reply(seen, command.capitalize(), head, position=command == "resume",
                                  prompt=command == "resume")


MAX_WORDS = 40  # words of a partial move read (a move of any game takes far fewer steps)


def _match(options: list[dict[str, Any]], words: list[str]) -> tuple[int, dict[str, Any]] | None:
    """The option `words` start with and how many words it takes: its number, its id, or its
    words (the longest label that the words begin with)."""
    word = words[0]
    if word.isdigit() and 1 <= int(word) <= len(options):
        return 1, options[int(word) - 1]
    for o in options:
        if o["id"].lower() == word:
            return 1, o
    said = [_plain(w) for w in words]
    best: tuple[int, dict[str, Any]] | None = None
    for o in options:
        label = [w for w in map(_plain, o["label"].split()) if w]
        if label and said[: len(label)] == label and (best is None or len(label) > best[0]):
            best = (len(label), o)
    return best


def _plain(word: str) -> str:
    """A word without case and punctuation ("Travel:" reads as "travel")."""
    return re.sub(r"[^a-z0-9_]", "", word.lower())


def by_steps(service: "Referee", game_id: str, seat: int, seen: messages.Seen, words: list[str]) -> Note:
    """`moves 2 1` / `moves build granary`: follow the seat's choices through the steps the rules
    offer (Referee.steps) and answer the options after them, or the complete move."""
    prompt = next((p for p in seen.doc["prompts"] if p["seat"] == seat), None)
    if prompt is None:
        return messages.steps_reply(seen, [], None, None, None)
    kind, words = prompt["kind"], words[:MAX_WORDS]
    chosen: list[tuple[str, str]] = []
    ids: list[str] = []
    refused = None
    try:
        step = service.steps(game_id, seat, kind, [])
        i = 0
        while i < len(words):
            found = _match(step["options"], words[i:])
            if found is None:
                refused = (f'"{" ".join(words[i:])}" is not one of the options here'
                           + (f" (after {' > '.join(label for _, label in chosen)})" if chosen else "") + ".")
                break
            used, option = found
            chosen.append((str(step["options"].index(option) + 1), option["label"]))
            ids.append(option["id"])
            step = service.steps(game_id, seat, kind, ids)
            i += used
    except ServiceError as e:
        return messages.steps_reply(seen, chosen, None, None, f"Could not build the move: {e.detail}")
    complete = messages.move_text(seen.rules, step["move"]) if step["move"] is not None else None
    return messages.steps_reply(seen, chosen, step, complete, refused)


_LEVEL_TEXT = {"all": "every notification of this game",
               "turn": "mails only when you must act (and the result)",
               "none": "no mails except answers to yours"}


def _alert(service: "Referee", game_id: str, seat: int, args: list[str]) -> list[str]:
    """The `alert` command: add, list, remove, test or switch on again the seat's channels."""
    from referee.service.alerts import EVENTS, Owner, masked
    owner = Owner("seat", game_id, seat)
    try:
        if len(args) == 2 and args[0].lower() in ("off", "test", "on"):
            verb = args[0].lower()
            {"off": service.remove_channel, "test": service.test_channel, "on": service.enable_channel}[verb](owner, args[1])
            done = {"off": "removed", "test": "sent a test alert to", "on": "switched on again"}[verb]
            head = [f"Done: {done} channel {args[1]}."]
        elif args:
            events = [a.lower() for a in args[1:]]
            body: dict[str, Any] = {"url": args[0], **({"events": events} if events else {})}
            if any(e not in EVENTS for e in events):
                return [f"alert: events are {', '.join(EVENTS)}."]
            added = service.add_channel(owner, body)
            head = [f"Added channel {added['id']} ({masked(added['url'])}) for: {', '.join(added['events'])}."]
        else:
            head = []
    except ServiceError as e:
        return [f"No change: {e.detail}"]
    mine = service.channels(owner)
    listed = [f"  {c['id']}  {'browser push' if c['kind'] == 'push' else masked(c['url'])}  "
              f"{', '.join(c['events'])}{'' if c['enabled'] else '  (switched off: ' + (c['disabled_reason'] or '') + ')'}"
              for c in mine]
    return head + (["Your alert channels in this game:", *listed] if listed else ["You have no alert channels here."])


def _act(action, done: str, failed: str) -> list[str]:
    try:
        action()
    except ServiceError as e:
        return [f"{failed}: {e.detail}"]
    return [done]
