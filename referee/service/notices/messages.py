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

from referee.engine.naming import named
from referee.engine.wording import numbered_name, seat_number, with_names
from referee.plumbing.i18n import EN, Translator
from referee.service.notices.preferences import zone

WIDTH = 76
MOVES_SHOWN = 4          # wrapped lines of legal moves in a notification (all of them: `moves`)
STEP_OPTIONS_SHOWN = 30  # numbered options of a first step in a notification (all of them: `moves`)
SINCE_GROUPED = 16       # more narrated events than this: one line per run of one seat
COMMANDS = ("help", "status", "history [N]", "moves", "resign", "pause", "resume", "notify all|turn|none",
            "lang en|de", "takeback", "accept", "refuse", "propose draw", "vote yes|no")
# The German words the mail commands also take (notify/commands.py reads both).
GERMAN_COMMANDS = ("hilfe", "stand", "verlauf [N]", "züge", "aufgeben", "pausieren", "fortsetzen",
                   "benachrichtigen alle|zug|keine", "sprache en|de", "zurücknehmen", "annehmen", "ablehnen",
                   "vorschlagen unentschieden", "abstimmen ja|nein", "sag alle: …")


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
    tr: Translator = EN                 # the seat's language (its own, else its player's, else English)
    talk: list[tuple[str, str]] = field(default_factory=list)  # (heading, text): table talk since its last mail


def when(ts: float | None, tz: str | None = None, tr: Translator = EN) -> str:
    """A deadline in the seat's zone and in UTC, in the seat's language and locale:
    "Wed 25 Nov 2026 14:00 CET (Europe/Berlin), 13:00 UTC"."""
    if ts is None:
        return tr.gettext("no deadline")
    utc = datetime.fromtimestamp(ts, timezone.utc)
    z = zone(tz)
    if z is None or tz in ("UTC", "Etc/UTC"):
        return tr.moment(ts) + " UTC"
    return tr.gettext("%(local)s (%(zone)s), %(utc)s UTC", local=tr.moment(ts, z, zone=True), zone=tz,
                      utc=f"{utc:%H:%M}")


def move_text(rules: Any, move: Any) -> str:
    """A move in the game's text form (never JSON in a mail body; the text form stays English:
    the parsers read it, and accept the German words too)."""
    try:
        return rules.format_move(move)
    except Exception:  # noqa: BLE001 - a hook must never break a mail
        return str(move.get("type", "move")) if isinstance(move, dict) else "move"


def wrapped_moves(rules: Any, moves: list[dict], max_lines: int | None, tr: Translator = EN) -> list[str]:
    """Moves in text form, " | "-separated, packed into lines; cut after `max_lines` lines."""
    lines: list[str] = []
    for i, text in enumerate(move_text(rules, m) for m in moves):
        if lines and len(lines[-1]) + 3 + len(text) <= WIDTH - 2:
            lines[-1] += " | " + text
            continue
        if max_lines is not None and len(lines) == max_lines:
            more = tr.ngettext("... and %(n)d more: answer `moves` for all of them",
                               "... and %(n)d more: answer `moves` for all of them", len(moves) - i)
            return [f"  {ln}" for ln in lines] + [f"  {more}"]
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
    out = [seen.tr.gettext("Since your last move:")]
    if len(seen.since) <= SINCE_GROUPED:
        return out + [ln for _, text in seen.since for ln in item(text)]
    runs: list[tuple[int | None, list[str]]] = []
    for seat, text in seen.since:
        if runs and runs[-1][0] == seat:
            runs[-1][1].append(text)
        else:
            runs.append((seat, [text]))
    return out + ["- " + " ".join(t.replace("\n", " ") for t in texts) for _, texts in runs]


def talk_heading(m: dict[str, Any], names: list[str], tr: Translator = EN) -> str:
    """Who wrote a message to whom, for a mail, in the reader's language: "Ada (seat 1) to all",
    "Bo (seat 2) to Ada (seat 1), Cy (seat 3)" (people's seat numbers, from 1)."""
    def name(s: int) -> str:
        return numbered_name(names, s, tr)
    if m["to"] == "all":
        return tr.gettext("%(who)s to all", who=name(m["from"]))
    return tr.gettext("%(who)s to %(to)s", who=name(m["from"]), to=", ".join(name(s) for s in m["to"]))


def talk_lines(seen: Seen) -> list[str]:
    if not seen.talk:
        return []
    out = [seen.tr.gettext("Messages since your last mail:")]
    for heading, text in seen.talk:
        out.append(f"- {heading}:")
        out += [f"    {line}" for line in text.split("\n")]
    out.append(seen.tr.gettext("Answer with a line `say all: ...` or `say 1,2: ...` to write to the table."))
    return out


def step_lines(step: dict[str, Any], max_options: int | None, tr: Translator = EN) -> list[str]:
    """A step's question and its options, numbered from 1 (the numbers the `moves` command takes)."""
    options = step["options"]
    question = step["question"].strip()
    lines = [question if question.endswith(("?", ":", ".")) else question + ":"]
    for i, o in enumerate(options, 1):
        if max_options is not None and i > max_options:
            lines.append("  " + tr.ngettext("... and %(n)d more: answer `moves` for all of them",
                                            "... and %(n)d more: answer `moves` for all of them",
                                            len(options) - max_options))
            break
        lines.append(f"  {i}. {o['label']}" + (f" ({o['group']})" if o.get("group") else ""))
    return lines


def prompt_lines(seen: Seen, all_moves: bool = False) -> list[str]:
    lines: list[str] = []
    _ = seen.tr.gettext
    for p in seen.doc["prompts"]:
        if p["seat"] != seen.seat:
            continue
        lines.append(_("You must decide: %(what)s", what=with_names(p["text"], seen.names, numbered=True, tr=seen.tr)))
        lines.append(_("Deadline: %(when)s", when=when(seen.deadline, seen.tz, seen.tr)))
        if p.get("default") is not None:
            lines.append(_("If you do not answer in time the referee plays: %(move)s",
                           move=move_text(seen.rules, p["default"])))
        steps = p.get("steps")
        if steps and steps["options"]:
            lines.append(_("Build your move step by step. %(question)s", question=step_lines(steps, None)[0]))
            lines += step_lines(steps, None if all_moves else STEP_OPTIONS_SHOWN, seen.tr)[1:]
            lines += _("Answer `moves N` (N the number or the words of your choice) for the options after it,\n"
                       "and so on (`moves 2 1`); once the move is complete the answer gives it to send.").split("\n")
        if p["choices"] and (not steps or all_moves):
            lines.append(seen.tr.ngettext("Legal moves (%(n)d):", "Legal moves (%(n)d):", len(p["choices"])))
            lines += wrapped_moves(seen.rules, p["choices"], None if all_moves else MOVES_SHOWN, seen.tr)
        elif not p["choices"] and not steps:
            lines.append(_("Too many legal moves to list: build yours from the game's text form (see its rules page)."))
    return lines


def answer_lines(seen: Seen) -> list[str]:
    lines = []
    _ = seen.tr.gettext
    if seen.reply_to:
        lines += _("Answer by replying to this mail: your moves at the top, one per line or\n"
                   "separated by ;, in the text form above; a blank line ends them.").split("\n")
        if seen.tr.lang == "de":  # a German mail names its commands in German (the English ones work too)
            lines.append(_("Commands: %(commands)s.", commands=", ".join(GERMAN_COMMANDS)))
        else:
            lines.append(_("Commands: %(commands)s.", commands=", ".join(COMMANDS)))
    if seen.link:
        lines.append(_("Your page: %(link)s", link=seen.link))
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
            parts.append([seen.tr.gettext("Your position:") if seen.seat is not None else seen.tr.gettext("Position:"),
                          *summary.splitlines()])
    if prompt and doc["status"] == "active":
        parts.append(prompt_lines(seen, all_moves))
    if answer:
        parts.append(answer_lines(seen))
    elif seen.link:  # every mail to a seat carries its personal link
        parts.append([seen.tr.gettext("Your page: %(link)s", link=seen.link)])
    name = seen.names[seen.seat] if 0 <= seen.seat < len(seen.names) else str(seat_number(seen.seat))
    parts.append([seen.tr.gettext("%(title)s, game %(game)s; you are %(name)s (seat %(seat)s). "
                                  "Sequence %(seq)s, status %(status)s.", title=seen.title, game=doc["id"],
                                  name=name, seat=seat_number(seen.seat), seq=doc["seq"], status=status_word(doc["status"], seen.tr))])
    return "\n\n".join("\n".join(p) for p in parts if p) + "\n"


def _summary(seen: Seen) -> str:
    """The game's summary of the seat's view, its players named (with their seat numbers, which
    mail commands use)."""
    try:
        text = seen.rules.summary(seen.doc["view"], seen.seat, seen.tr).strip()
    except Exception:  # noqa: BLE001 - a hook must never break a mail
        return ""
    return named(with_names(text, seen.names, numbered=True, tr=seen.tr), seen.rules.id, seen.tr)


def _subject(seen: Seen, what: str) -> str:
    return f"[{seen.title} {seen.doc['id']}] {what}"  # the game's title: people read it


def _data(kind: str, seen: Seen, **extra: Any) -> dict:
    doc = seen.doc
    return {"event": kind, "game_id": doc["id"], "game": doc["game"], "seat": seen.seat, "seq": doc["seq"],
            "status": doc["status"], "prompts": [p for p in doc["prompts"] if p["seat"] == seen.seat],
            "deadline": seen.deadline, "view": doc["view"], "result": doc["result"],
            "since": [text for _, text in seen.since],
            "talk": [{"from": heading, "text": text} for heading, text in seen.talk], **extra}


def _hello(seen: Seen) -> str:
    if 0 <= seen.seat < len(seen.names):
        return seen.names[seen.seat]
    return seen.tr.gettext("Seat %(seat)s", seat=seat_number(seen.seat))


def status_word(status: str, tr: Translator) -> str:
    """A game's status in words (the API keeps its English enum)."""
    words = {"active": tr.gettext("active"), "paused": tr.gettext("paused"), "finished": tr.gettext("finished"),
             "open": tr.gettext("open"), "cancelled": tr.gettext("cancelled"),
             "running": tr.gettext("running")}  # a tournament's
    return words.get(status, status)


# -- the notifications ---------------------------------------------------------------------------

def message_note(game_id: str, game: str, seat: int, m: dict[str, Any], names: list[str], tr: Translator = EN,
                 title: str | None = None) -> Note:
    """A new message, for a seat's webhook (the `message` notification), in the seat's language;
    its subject names the game by `title`."""
    served = {k: m[k] for k in ("seq", "from", "to", "note", "text", "created_at")}
    subject = tr.gettext("Message from %(heading)s", heading=talk_heading(m, names, tr))
    return Note("message", f"[{title or game} {game_id}] {subject}", m["text"],
                {"event": "message", "game_id": game_id, "game": game, "seat": seat, "message": served})


def your_turn(seen: Seen) -> Note:
    _ = seen.tr.gettext
    head = [_("%(name)s, it is your turn in %(title)s.", name=_hello(seen), title=seen.title)]
    return Note("your_turn", _subject(seen, _("Your move")), compose(seen, head), _data("your_turn", seen))


def reminder(seen: Seen, left: str) -> Note:
    _ = seen.tr.gettext
    head = [_("Reminder: %(left)s left for your move in %(title)s.", left=left, title=seen.title)]
    return Note("reminder", _subject(seen, _("Reminder: %(left)s left for your move", left=left)),
                compose(seen, head), _data("reminder", seen, left=left))


def timed_out(seen: Seen, played: dict, absent: bool) -> Note:
    _ = seen.tr.gettext
    head = [_("Your deadline passed, so the referee played the default move: %(move)s.",
              move=move_text(seen.rules, played))]
    if absent:
        head.append(_("After several timeouts in a row you are marked absent: your decisions now get a short "
                      "deadline until you move again."))
    return Note("timeout", _subject(seen, _("Your deadline passed")), compose(seen, head),
                _data("timeout", seen, played=played))


def seat_absent(seen: Seen, absent_seat: int, name: str) -> Note:
    _ = seen.tr.gettext
    head = _("%(name)s (seat %(seat)s) missed several deadlines in a row and is now marked absent;\n"
             "the referee plays that seat's default moves after a short deadline until it moves again.",
             name=name, seat=seat_number(absent_seat)).split("\n")
    return Note("absent", _subject(seen, _("%(name)s is absent", name=name)), compose(seen, head, prompt=False),
                _data("absent", seen, absent_seat=absent_seat))


def game_over(seen: Seen, result_text: str, seed: str | None) -> Note:
    _ = seen.tr.gettext
    head = [_("The game is over."), result_text]
    about = _("The game's seed is now revealed: %(seed)s\n"
              "Its commitment was %(commitment)s; every shuffle and roll can now be checked\n"
              "with `referee verify --file` on the exported log.",
              seed=seed, commitment=seen.doc["seed_commitment"]).split("\n")
    return Note("game_over", _subject(seen, _("Game over")), compose(seen, head, about, prompt=False, answer=False),
                _data("game_over", seen, seed=seed))


def paused(seen: Seen, by: str | None, resumed: bool, until: float | None) -> Note:
    _ = seen.tr.gettext
    if resumed:
        head = [_("The game is running again; the clocks restarted.")]
    elif until:
        head = [_("%(who)s paused the game; every clock is stopped until %(when)s.",
                  who=by or _("Every seat"), when=when(until, seen.tz, seen.tr))]
    else:
        head = [_("%(who)s paused the game; every clock is stopped.", who=by or _("Every seat"))]
    kind = "resumed" if resumed else "paused"
    subject = _("Game resumed") if resumed else _("Game paused")
    return Note(kind, _subject(seen, subject), compose(seen, head, since=False, prompt=resumed),
                _data(kind, seen))


def moves_reply(seen: Seen, played: list[tuple[str, str]], refused: dict | None, line: str | None) -> Note:
    """The answer to a mail of moves: each played line with its narration, the refused line with
    the reason and the rule id, then the seat's position and what comes next."""
    _ = seen.tr.gettext
    about = []
    if played:
        about.append(seen.tr.ngettext("Played %(n)d move:", "Played %(n)d moves:", len(played)))
        about += [ln for i, (text, told) in enumerate(played, 1) for ln in item(told, f"  {i}. {text} -- ")]
    if refused is not None:
        at = refused.get("line", 1)
        detail = refused["detail"]
        if refused.get("rule") and line:
            about.append(_('Line %(line)s "%(text)s" was refused: %(detail)s (rule %(rule)s).', line=at, text=line,
                           detail=detail, rule=refused["rule"]))
        elif refused.get("rule"):
            about.append(_("Line %(line)s was refused: %(detail)s (rule %(rule)s).", line=at, detail=detail,
                           rule=refused["rule"]))
        elif line:
            about.append(_('Line %(line)s "%(text)s" was refused: %(detail)s.', line=at, text=line, detail=detail))
        else:
            about.append(_("Line %(line)s was refused: %(detail)s.", line=at, detail=detail))
        about += [f"  {e['path']}: {e['message']}" for e in refused.get("errors", [])[:5]]
        if played:
            about.append(_("Nothing after it was played."))
    if played and refused is None:
        what = seen.tr.ngettext("Move accepted", "%(n)d moves accepted", len(played))
    elif played:
        what = seen.tr.ngettext("%(n)d move played, line %(line)s refused", "%(n)d moves played, line %(line)s refused",
                  len(played), line=refused.get("line"))
    else:
        what = _("Move rejected")
    note_since = Seen(**{**seen.__dict__, "since": []})
    return Note("mail_reply", _subject(seen, what), compose(note_since, [what + "."], about),
                _data("mail_reply", seen, accepted=bool(played), problem=refused))


def steps_reply(seen: Seen, chosen: list[tuple[str, str]], step: dict[str, Any] | None, complete: str | None,
                refused: str | None) -> Note:
    """The answer to `moves` with a partial move: the choices read so far (word, option), where
    reading stopped and why, the options after them numbered, and the move in the text form
    once the path makes one."""
    _ = seen.tr.gettext
    about: list[str] = []
    if chosen:
        about.append(_("Your choices so far: %(path)s", path=" > ".join(label for _w, label in chosen)))
    if refused:
        about.append(refused)
    if complete:
        about += [_("That makes the move:"), f"  {complete}", _("Send it: reply with that line at the top of your mail.")]
    if step is not None and step["options"]:
        numbers = " ".join(word for word, _w in chosen)
        question = step_lines(step, None, seen.tr)[0]
        about.append(_("Or go on. %(question)s", question=question) if complete else question)
        about += step_lines(step, None, seen.tr)[1:]
        about.append(_("Answer `moves %(numbers)sN` (N the number of your next choice).",
                       numbers=numbers + " " if numbers else ""))
    elif step is None and not complete:
        about.append(_("You have nothing to build step by step now."))
    head = [_("Your move, step by step.")]
    return Note("mail_reply", _subject(seen, _("Moves step by step")),
                compose(seen, head, about, since=False, position=False, prompt=step is None),
                _data("mail_reply", seen, command="moves", chosen=[label for _w, label in chosen], move=complete))


def command_reply(seen: Seen, command: str, head: list[str], about: list[str] | None = None, *,
                  since: bool = False, position: bool = False, prompt: bool = False, all_moves: bool = False) -> Note:
    return Note("mail_reply", _subject(seen, command), compose(seen, head, about, since=since, position=position,
                                                                prompt=prompt, all_moves=all_moves),
                _data("mail_reply", seen, command=command))


def asked(seen: Seen, told: str, how: str) -> Note:
    """Another seat asks this one to answer: a takeback request or a proposal to end the game."""
    return Note("asked", _subject(seen, seen.tr.gettext("Your answer is asked")), compose(seen, [told, how], since=False),
                _data("asked", seen))


def decided(seen: Seen, told: str) -> Note:
    """A takeback or a proposal was decided, or lapsed: everyone is told, never silently."""
    return Note("decided", _subject(seen, seen.tr.gettext("Decided")), compose(seen, [told], since=False),
                _data("decided", seen))


def presets_dropped(seen: Seen, reason: str, count: int) -> Note:
    """Only to the seat that queued them: why its pre-set moves were not played."""
    head = [seen.tr.ngettext("Your %(n)d pre-set move was not played and the queue is dropped: %(reason)s.",
                             "Your %(n)d pre-set moves were not played and the queue is dropped: %(reason)s.",
                             count, reason=reason)]
    return Note("presets", _subject(seen, seen.tr.gettext("Pre-set moves dropped")), compose(seen, head, since=False),
                _data("presets", seen))
