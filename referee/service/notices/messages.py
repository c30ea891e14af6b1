"""What notifications say: short plain-text mails a person reads, and JSON for webhooks.

A mail is built only from what the addressed seat may see: its own game document (view and
own prompts, as the API serves them to that seat), events redacted for it and narrated, and
the game's `summary` of its view. So no mail can carry another seat's hidden information,
and none carries JSON: moves appear in the game's text form (`format_move`).

Layout (every part optional): a headline; what this mail is about (played / refused lines);
what happened since the seat's last move; its position; what it must decide with the
deadline in its own time zone and in UTC, the default and the legal moves; how to answer;
its personal link; a footer naming the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from referee.engine.wording import with_names
from referee.service.notices.preferences import zone

WIDTH = 76
MOVES_SHOWN = 4          # wrapped lines of legal moves in a notification (all of them: `moves`)
STEP_OPTIONS_SHOWN = 30  # numbered options of a first step in a notification (all of them: `moves`)
SINCE_GROUPED = 16       # more narrated events than this: one line per run of one seat
COMMANDS = ("help", "status", "history [N]", "moves", "resign", "pause", "resume", "notify all|turn|none")


@dataclass(frozen=True)
class Note:
    kind: str
    subject: str
    text: str          # the email body
    data: dict         # the webhook body


@dataclass
class Seen:
    """Everything one seat may see that a mail to it is built from (see Notifier.seen)."""

    doc: dict[str, Any]                 # Referee.describe(loaded, seat)
    seat: int
    names: list[str]
    title: str                          # the game's title
    rules: Any                          # the game's rules (format_move, summary)
    since: list[tuple[int | None, str]] = field(default_factory=list)  # (seat, sentence) since its last move
    deadline: float | None = None
    tz: str | None = None
    reply_to: str | None = None
    link: str | None = None             # the seat's personal web link
    talk: list[tuple[str, str]] = field(default_factory=list)  # (heading, text): table talk since its last mail


def when(ts: float | None, tz: str | None = None) -> str:
    """A deadline in the seat's zone and in UTC: "Wed 25 Nov 2026 14:00 CET (Europe/Berlin), 13:00 UTC"."""
    if ts is None:
        return "no deadline"
    utc = datetime.fromtimestamp(ts, timezone.utc)
    z = zone(tz)
    if z is None or tz in ("UTC", "Etc/UTC"):
        return utc.strftime("%a %d %b %Y %H:%M UTC")
    local = utc.astimezone(z)
    return f"{local:%a %d %b %Y %H:%M} {local.tzname()} ({tz}), {utc:%H:%M} UTC"


def move_text(rules: Any, move: Any) -> str:
    """A move in the game's text form (never JSON in a mail body)."""
    try:
        return rules.format_move(move)
    except Exception:  # noqa: BLE001 - a hook must never break a mail
        return str(move.get("type", "a move")) if isinstance(move, dict) else "a move"


def wrapped_moves(rules: Any, moves: list[dict], max_lines: int | None) -> list[str]:
    """Moves in text form, " | "-separated, packed into lines; cut after `max_lines` lines."""
    lines: list[str] = []
    for i, text in enumerate(move_text(rules, m) for m in moves):
        if lines and len(lines[-1]) + 3 + len(text) <= WIDTH - 2:
            lines[-1] += " | " + text
            continue
        if max_lines is not None and len(lines) == max_lines:
            return [f"  {ln}" for ln in lines] + [f"  ... and {len(moves) - i} more: answer `moves` for all of them"]
        lines.append(text)
    return [f"  {ln}" for ln in lines]


def item(text: str, head: str = "- ") -> list[str]:
    """A narration as a list item: its first line after `head`, each automatic step that followed
    (the narration's further lines) below it, indented to match."""
    first, *rest = text.split("\n")
    return [head + first, *(" " * len(head) + line for line in rest)]


def since_lines(seen: Seen) -> list[str]:
    if not seen.since:
        return []
    out = ["Since your last move:"]
    if len(seen.since) <= SINCE_GROUPED:
        return out + [ln for _, text in seen.since for ln in item(text)]
    runs: list[tuple[int | None, list[str]]] = []
    for seat, text in seen.since:
        if runs and runs[-1][0] == seat:
            runs[-1][1].append(text)
        else:
            runs.append((seat, [text]))
    return out + ["- " + " ".join(t.replace("\n", " ") for t in texts) for _, texts in runs]


def talk_heading(m: dict[str, Any], names: list[str]) -> str:
    """Who wrote a message to whom, for a mail: "Ada (seat 0) to all", "Bo (seat 1) to you and Cy (seat 2)"."""
    def name(s: int) -> str:
        return f"{names[s]} (seat {s})" if 0 <= s < len(names) else f"seat {s}"
    to = "all" if m["to"] == "all" else ", ".join(name(s) for s in m["to"])
    return f"{name(m['from'])} to {to}"


def talk_lines(seen: Seen) -> list[str]:
    if not seen.talk:
        return []
    out = ["Messages since your last mail:"]
    for heading, text in seen.talk:
        out.append(f"- {heading}:")
        out += [f"    {line}" for line in text.split("\n")]
    out.append("Answer with a line `say all: ...` or `say 1,2: ...` to write to the table.")
    return out


def step_lines(step: dict[str, Any], max_options: int | None) -> list[str]:
    """A step's question and its options, numbered from 1 (the numbers the `moves` command takes)."""
    options = step["options"]
    question = step["question"].strip()
    lines = [question if question.endswith(("?", ":", ".")) else question + ":"]
    for i, o in enumerate(options, 1):
        if max_options is not None and i > max_options:
            lines.append(f"  ... and {len(options) - max_options} more: answer `moves` for all of them")
            break
        lines.append(f"  {i}. {o['label']}" + (f" ({o['group']})" if o.get("group") else ""))
    return lines


def prompt_lines(seen: Seen, all_moves: bool = False) -> list[str]:
    lines: list[str] = []
    for p in seen.doc["prompts"]:
        if p["seat"] != seen.seat:
            continue
        lines.append(f"You must decide: {p['text']}")
        lines.append(f"Deadline: {when(seen.deadline, seen.tz)}")
        if p.get("default") is not None:
            lines.append(f"If you do not answer in time the referee plays: {move_text(seen.rules, p['default'])}")
        steps = p.get("steps")
        if steps and steps["options"]:
            lines.append("Build your move step by step. " + step_lines(steps, None)[0])
            lines += step_lines(steps, None if all_moves else STEP_OPTIONS_SHOWN)[1:]
            lines.append("Answer `moves N` (N the number or the words of your choice) for the options after it,")
            lines.append("and so on (`moves 2 1`); once the move is complete the answer gives it to send.")
        if p["choices"] and (not steps or all_moves):
            lines.append(f"Legal moves ({len(p['choices'])}):")
            lines += wrapped_moves(seen.rules, p["choices"], None if all_moves else MOVES_SHOWN)
        elif not p["choices"] and not steps:
            lines.append("Too many legal moves to list: build yours from the game's text form (see its rules page).")
    return lines


def answer_lines(seen: Seen) -> list[str]:
    lines = []
    if seen.reply_to:
        lines.append("Answer by replying to this mail: your moves at the top, one per line or")
        lines.append("separated by ;, in the text form above; a blank line ends them.")
        lines.append("Commands: " + ", ".join(COMMANDS) + ".")
    if seen.link:
        lines.append(f"Your page: {seen.link}")
    return lines


def compose(seen: Seen, headline: list[str], about: list[str] | None = None, since: bool = True,
            position: bool = True, prompt: bool = True, answer: bool = True, all_moves: bool = False) -> str:
    doc = seen.doc
    parts: list[list[str]] = [headline, about or []]
    if since:
        parts.append(since_lines(seen))
    parts.append(talk_lines(seen))
    if position:
        summary = _summary(seen)
        if summary:
            parts.append(["Your position:" if seen.seat is not None else "Position:", *summary.splitlines()])
    if prompt and doc["status"] == "active":
        parts.append(prompt_lines(seen, all_moves))
    if answer:
        parts.append(answer_lines(seen))
    elif seen.link:  # every mail to a seat carries its personal link
        parts.append([f"Your page: {seen.link}"])
    name = seen.names[seen.seat] if 0 <= seen.seat < len(seen.names) else f"seat {seen.seat}"
    parts.append([(f"{seen.title}, game {doc['id']}; you are {name} (seat {seen.seat}). "
                   f"Sequence {doc['seq']}, status {doc['status']}.")])
    return "\n\n".join("\n".join(p) for p in parts if p) + "\n"


def _summary(seen: Seen) -> str:
    """The game's summary of the seat's view, its players named (with their seat numbers, which
    mail commands use)."""
    try:
        text = seen.rules.summary(seen.doc["view"], seen.seat).strip()
    except Exception:  # noqa: BLE001 - a hook must never break a mail
        return ""
    return with_names(text, seen.names, numbered=True)


def _subject(seen: Seen, what: str) -> str:
    return f"[{seen.doc['game']} {seen.doc['id']}] {what}"


def _data(kind: str, seen: Seen, **extra: Any) -> dict:
    doc = seen.doc
    return {"event": kind, "game_id": doc["id"], "game": doc["game"], "seat": seen.seat, "seq": doc["seq"],
            "status": doc["status"], "prompts": [p for p in doc["prompts"] if p["seat"] == seen.seat],
            "deadline": seen.deadline, "view": doc["view"], "result": doc["result"],
            "since": [text for _, text in seen.since],
            "talk": [{"from": heading, "text": text} for heading, text in seen.talk], **extra}


def _hello(seen: Seen) -> str:
    return seen.names[seen.seat] if 0 <= seen.seat < len(seen.names) else f"Seat {seen.seat}"


# -- the notifications ---------------------------------------------------------------------------

def message_note(game_id: str, game: str, seat: int, m: dict[str, Any], names: list[str]) -> Note:
    """A new message, for a seat's webhook (the `message` notification)."""
    served = {k: m[k] for k in ("seq", "from", "to", "note", "text", "created_at")}
    return Note("message", f"[{game} {game_id}] Message from {talk_heading(m, names)}", m["text"],
                {"event": "message", "game_id": game_id, "game": game, "seat": seat, "message": served})


def your_turn(seen: Seen) -> Note:
    head = [f"{_hello(seen)}, it is your turn in {seen.title}."]
    return Note("your_turn", _subject(seen, "Your move"), compose(seen, head), _data("your_turn", seen))


def reminder(seen: Seen, left: str) -> Note:
    head = [f"Reminder: {left} left for your move in {seen.title}."]
    return Note("reminder", _subject(seen, f"Reminder: {left} left for your move"), compose(seen, head),
                _data("reminder", seen, left=left))


def timed_out(seen: Seen, played: dict, absent: bool) -> Note:
    head = [f"Your deadline passed, so the referee played the default move: {move_text(seen.rules, played)}."]
    if absent:
        head.append("After several timeouts in a row you are marked absent: your decisions now get a short "
                    "deadline until you move again.")
    return Note("timeout", _subject(seen, "Your deadline passed"), compose(seen, head),
                _data("timeout", seen, played=played))


def seat_absent(seen: Seen, absent_seat: int, name: str) -> Note:
    head = [f"{name} (seat {absent_seat}) missed several deadlines in a row and is now marked absent;",
            "the referee plays that seat's default moves after a short deadline until it moves again."]
    return Note("absent", _subject(seen, f"{name} is absent"), compose(seen, head, prompt=False),
                _data("absent", seen, absent_seat=absent_seat))


def game_over(seen: Seen, result_text: str, seed: str | None) -> Note:
    head = ["The game is over.", result_text]
    about = [f"The game's seed is now revealed: {seed}",
             f"Its commitment was {seen.doc['seed_commitment']}; every shuffle and roll can now be checked",
             "with `referee verify --file` on the exported log."]
    return Note("game_over", _subject(seen, "Game over"), compose(seen, head, about, prompt=False, answer=False),
                _data("game_over", seen, seed=seed))


def paused(seen: Seen, by: str | None, resumed: bool, until: float | None) -> Note:
    if resumed:
        head = ["The game is running again; the clocks restarted."]
    else:
        head = [f"{by or 'Every seat'} paused the game; every clock is stopped"
                + (f" until {when(until, seen.tz)}." if until else ".")]
    kind = "resumed" if resumed else "paused"
    return Note(kind, _subject(seen, f"Game {kind}"), compose(seen, head, since=False, prompt=resumed),
                _data(kind, seen))


def moves_reply(seen: Seen, played: list[tuple[str, str]], refused: dict | None, line: str | None) -> Note:
    """The answer to a mail of moves: each played line with its narration, the refused line with
    the reason and the rule id, then the seat's position and what comes next."""
    about = []
    if played:
        about.append(f"Played {len(played)} move{'s' if len(played) != 1 else ''}:")
        about += [ln for i, (text, told) in enumerate(played, 1) for ln in item(told, f"  {i}. {text} -- ")]
    if refused is not None:
        rule = f" (rule {refused['rule']})" if refused.get("rule") else ""
        where = f"Line {refused.get('line', 1)}" + (f' "{line}"' if line else "")
        about.append(f"{where} was refused: {refused['detail']}{rule}.")
        about += [f"  {e['path']}: {e['message']}" for e in refused.get("errors", [])[:5]]
        if played:
            about.append("Nothing after it was played.")
    if played and refused is None:
        what = "Move accepted" if len(played) == 1 else f"{len(played)} moves accepted"
    elif played:
        what = f"{len(played)} move{'s' if len(played) != 1 else ''} played, line {refused.get('line')} refused"
    else:
        what = "Move rejected"
    note_since = Seen(**{**seen.__dict__, "since": []})
    return Note("mail_reply", _subject(seen, what), compose(note_since, [what + "."], about),
                _data("mail_reply", seen, accepted=bool(played), problem=refused))


def steps_reply(seen: Seen, chosen: list[tuple[str, str]], step: dict[str, Any] | None, complete: str | None,
                refused: str | None) -> Note:
    """The answer to `moves` with a partial move: the choices read so far (word, option), where
    reading stopped and why, the options after them numbered, and the move in the text form
    once the path makes one."""
    about: list[str] = []
    if chosen:
        about.append("Your choices so far: " + " > ".join(label for _, label in chosen))
    if refused:
        about.append(refused)
    if complete:
        about += ["That makes the move:", f"  {complete}", "Send it: reply with that line at the top of your mail."]
    if step is not None and step["options"]:
        numbers = " ".join(word for word, _ in chosen)
        about.append("Or go on. " + step_lines(step, None)[0] if complete else step_lines(step, None)[0])
        about += step_lines(step, None)[1:]
        about.append(f"Answer `moves {numbers + ' ' if numbers else ''}N` (N the number of your next choice).")
    elif step is None and not complete:
        about.append("You have nothing to build step by step now.")
    head = ["Your move, step by step."]
    return Note("mail_reply", _subject(seen, "Moves step by step"),
                compose(seen, head, about, since=False, position=False, prompt=step is None),
                _data("mail_reply", seen, command="moves", chosen=[label for _, label in chosen], move=complete))


def command_reply(seen: Seen, command: str, head: list[str], about: list[str] | None = None, *,
                  since: bool = False, position: bool = False, prompt: bool = False, all_moves: bool = False) -> Note:
    return Note("mail_reply", _subject(seen, command), compose(seen, head, about, since=since, position=position,
                                                                prompt=prompt, all_moves=all_moves),
                _data("mail_reply", seen, command=command))
