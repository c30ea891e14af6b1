"""Commands by mail, as email judges have them: the first line of a mail is a command word.

    help | status | history [N] | moves [choices...] | resign | pause | resume | notify all|turn|none
    takeback [SEQ] | accept | refuse | propose draw|concede N|standings | vote yes|no
    alert [URL [events...] | off|test|on ID]
    | rematch | lang en|de

German command words work too (hilfe, stand, verlauf, züge, aufgeben, pausieren, fortsetzen,
benachrichtigen alle|zug|keine, revanche, sprache en|de, zurücknehmen, annehmen, ablehnen,
vorschlagen unentschieden|aufgeben N|stand, abstimmen ja|nein): GERMAN below; so do the table
talk words `sag alle|notiz|1,2:` and `dann: … wenn …` (mailin).

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

from referee.engine.wording import localize, seat_number
from referee.plumbing.errors import ServiceError
from referee.plumbing.i18n import EN, Translator, known, translator
from referee.plumbing.numbers import digits
from referee.service.notices import messages
from referee.service.notices import preferences
from referee.service.notices.messages import Note
from referee.service.narration_texts import texts
from referee.store import events, seat_settings
from referee.store.db import write_transaction

if TYPE_CHECKING:
    from referee.service.referee import Referee

NAMES = ("help", "status", "history", "moves", "resign", "pause", "resume", "notify", "rematch", "lang",
         "alert", "takeback", "accept", "refuse", "propose", "vote")
# German command words (GLOSSARY.de.md): each reads as its English command; so do their levels.
GERMAN = {"hilfe": "help", "stand": "status", "verlauf": "history", "züge": "moves", "zuege": "moves",
          "aufgeben": "resign", "pausieren": "pause", "pause": "pause", "fortsetzen": "resume",
          "benachrichtigen": "notify", "revanche": "rematch", "sprache": "lang",
          "zurücknehmen": "takeback", "zuruecknehmen": "takeback", "zurück": "takeback", "zurueck": "takeback",
          "annehmen": "accept", "ablehnen": "refuse", "vorschlagen": "propose", "abstimmen": "vote"}
# The German words of each command's arguments (GLOSSARY.de.md: Unentschieden, Punktestand, ja/nein).
GERMAN_ARGS = {"notify": {"alle": "all", "zug": "turn", "keine": "none"},
               "propose": {"unentschieden": "draw", "remis": "draw", "aufgeben": "concede", "stand": "standings",
                           "punktestand": "standings"},
               "vote": {"ja": "yes", "nein": "no"}}
GERMAN_LEVELS = GERMAN_ARGS["notify"]
HISTORY_DEFAULT, HISTORY_MAX = 10, 100


def parse(line: str) -> tuple[str, list[str]] | None:
    """(command, arguments) when `line` starts with a command word (English or German), else None."""
    words = line.strip().split()
    if not words:
        return None
    command = GERMAN.get(words[0].lower(), words[0].lower())
    if command not in NAMES:
        return None
    if command == "alert":  # a channel URL keeps its case (its tokens are case-sensitive)
        return command, words[1:]
    said = GERMAN_ARGS.get(command, {})
    return command, [said.get(w, w) for w in (w.lower() for w in words[1:])]


def help_lines(title: str, examples: list[str], tr: Translator = EN) -> list[str]:
    _ = tr.gettext
    lines = _("Play %(title)s by mail: reply to any mail of this game with your moves at the top, one per\n"
              "line (or separated by ;), in the game's text form. They are played in order as your\n"
              "consecutive moves; the first refused one stops the rest. A blank line ends them.",
              title=title).split("\n")
    if examples:
        lines.append(_("For example: %(examples)s", examples="; ".join(examples)))
    return lines + _("Commands (as the first line of a mail):\n"
                     "  help                  this text\n"
                     "  status                the game now: news, your position, your decision\n"
                     "  history [N]           the last N events (default %(n)s)\n"
                     "  moves                 every legal move you have now (or its first step)\n"
                     "  moves 2 1             a move step by step: the options after your choices so far\n"
                     "  resign                resign the game\n"
                     "  pause, resume         pause the game for a vacation, or end the pause\n"
                     "  notify all|turn|none  which mails you get: all, only when you must act, or only answers\n"
                     "  rematch               once the game is over: ask for a rematch, or accept the one asked for\n"
                     "  lang en|de            the language of your mails and page: English or German\n"
                     "  alert URL [events]    alerts to a chat or phone (an apprise URL such as ntfy://topic), for\n"
                     "                        turn reminder game_over messages (default all); `alert` lists yours;\n"
                     "                        `alert off ID`, `alert test ID`, `alert on ID` remove, test, switch on again",
                     n=HISTORY_DEFAULT).split("\n") + [
        *_("Table talk (any line of a mail, beside moves or a command):\n"
           "  say all: text         a message to every seat\n"
           "  say 1,2: text         a private message to seats 1 and 2 (where the game allows it)\n"
           "  say note: text        a note only you read\n"
           "  takeback [SEQ]        ask to take back your last move (or back to event SEQ)\n"
           "  accept, refuse        answer the open takeback request\n"
           "  propose draw          propose a draw (or: propose concede N, propose standings)\n"
           "  vote yes|no           vote on the open proposal to end the game\n"
           "After your moves, lines `then: MOVE` (optionally `then: MOVE if OPPONENT-MOVE`) queue moves\n"
           "for your next turns; they are played when your turn comes, if still legal.").split("\n")]


def examples(seen: messages.Seen) -> list[str]:
    for p in seen.doc["prompts"]:
        if p["seat"] == seen.seat:
            moves = (p["choices"] or [])[:3] or ([p["default"]] if p.get("default") else [])
            return [messages.move_text(seen.rules, m) for m in moves]
    return []


def run(service: "Referee", game_id: str, seat: int, command: str, args: list[str]) -> Note:
    """Carry out a command and return the answer for the seat, in its language (after `lang`,
    the new one)."""
    notifier = service.notifier
    head: list[str]
    about: list[str] = []
    helpful = False  # a command used wrongly: the answer adds the help
    if command == "lang":
        lang = known(args[0]) if args else None
        if lang:
            with write_transaction(service.db) as conn:
                seat_settings.set_lang(conn, game_id, seat, lang)
    tr = translator(seat_settings.of(service.db.conn, game_id, seat).get("lang"))
    _ = tr.gettext
    if command == "resign":
        head = _act(lambda: service.resign(game_id, seat), _("You resigned; the game is over."),
                    _("Could not resign: %(why)s"), tr)
    elif command == "pause":
        head = _act(lambda: service.pause(game_id, seat, "vacation", "asked by mail"),
                    _("You paused the game for a vacation; every clock is stopped. Answer `resume` to end it."),
                    _("Could not pause: %(why)s"), tr)
    elif command == "resume":
        head = _act(lambda: service.resume(game_id, seat, "asked by mail"), _("The game is running again."),
                    _("Could not resume: %(why)s"), tr)
    elif command == "rematch":
        try:
            taken = service.rematch_seat(game_id, seat)
            if taken["status"] == "active":
                head = [_("Your seat in the rematch: seat %(seat)s of game %(game)s, which starts now. Your link: %(url)s",
                          seat=seat_number(taken["seat"]), game=taken["id"], url=taken["url"])]
            else:
                head = [_("Your seat in the rematch: seat %(seat)s of game %(game)s, waiting for the other players. "
                          "Your link: %(url)s", seat=seat_number(taken["seat"]), game=taken["id"], url=taken["url"])]
        except ServiceError as e:
            head = [_("No rematch: %(why)s", why=e.detail_in(tr))]
    elif command in FORESIGHT:
        head = [foresight(service, game_id, seat, command, args, tr)]
    elif command == "notify":
        level = args[0] if args else ""
        if level in preferences.LEVELS:
            with write_transaction(service.db) as conn:
                preferences.set_notify(conn, game_id, seat, level)
            head = [_level_text(level, tr)]
        else:
            head, helpful = [_("notify takes one of: all, turn, none.")], True
    elif command == "lang":
        if args and known(args[0]):
            head = [_("From now on your mails and your page are in English.") if tr.lang == "en"
                    else _("From now on your mails and your page are in German.")]
        else:
            head, helpful = [_("lang takes one of: en, de.")], True
    elif command == "alert":
        head = _alert(service, game_id, seat, args, tr)
    else:
        head = []
    loaded = service.load(game_id)
    seen = notifier.seen(service.db.conn, loaded, seat, since=command == "status")
    if command == "help" or helpful:
        return messages.command_reply(seen, _("Help"), head + help_lines(seen.title, examples(seen), seen.tr))
    if command == "status":
        return messages.command_reply(seen, _("Status"), [_("The game of %(title)s now.", title=seen.title)],
                                      since=True, position=True, prompt=True)
    if command == "history":
        asked = digits(args[0]) if args else None
        n = max(1, min(HISTORY_DEFAULT if asked is None else asked, HISTORY_MAX))
        shown = [service.redact_event(loaded, e, seat)
                 for e in events.read(service.db.conn, game_id, after=max(0, loaded.seq - n)) if e.seq <= loaded.seq]
        about = [line for e, text in zip(shown, texts(service, loaded, shown, seat, seen.tr.lang))
                 for line in messages.item(text, f"  {e['seq']}. ")]
        return messages.command_reply(seen, _("History"), [seen.tr.ngettext(
            "The last %(n)d event:", "The last %(n)d events:", len(about))], about)
    if command == "moves" and args:
        return by_steps(service, game_id, seat, seen, args)
    if command == "moves":
        return messages.command_reply(seen, _("Legal moves"), [_("Your legal moves now:") if any(
            p["seat"] == seat for p in seen.doc["prompts"]) else _("You have nothing to decide now.")],
            prompt=True, all_moves=True)
    subject = {"resign": _("Resign"), "pause": _("Pause"), "resume": _("Resume"), "rematch": _("Rematch"),
               "notify": _("Notify"), "lang": _("Language"), "alert": _("Alerts"), "takeback": _("Takeback"),
               "accept": _("Takeback"), "refuse": _("Takeback"), "propose": _("Proposal"),
               "vote": _("Proposal")}.get(command, command.capitalize())
    return messages.command_reply(seen, subject, head, position=command == "resume", prompt=command == "resume")


MAX_WORDS = 40  # words of a partial move read (a move of any game takes far fewer steps)


def _match(options: list[dict[str, Any]], words: list[str], tr: Translator = EN,
           game: str = "") -> tuple[int, dict[str, Any]] | None:
    """The option `words` start with and how many words it takes: its number, its id, or its
    words (the longest label that the words begin with, in English or as the seat's mails show
    it in `tr`'s language)."""
    word = words[0]
    number = digits(word, len(options))
    if number:
        return 1, options[number - 1]
    for o in options:
        if o["id"].lower() == word:
            return 1, o
    said = [_plain(w) for w in words]
    best: tuple[int, dict[str, Any]] | None = None
    for o in options:
        for shown in {str(o["label"]), localize(o["label"], tr, game)}:
            label = [w for w in map(_plain, shown.split()) if w]
            if label and said[: len(label)] == label and (best is None or len(label) > best[0]):
                best = (len(label), o)
    return best


def _plain(word: str) -> str:
    """A word without case and punctuation ("Travel:" reads as "travel", "Würfel," as "würfel")."""
    return re.sub(r"[^\w]", "", word.lower())


def by_steps(service: "Referee", game_id: str, seat: int, seen: messages.Seen, words: list[str]) -> Note:
    """`moves 2 1` / `moves build granary`: follow the seat's choices through the steps the rules
    offer (Referee.steps) and answer the options after them, or the complete move."""
    prompt = next((p for p in seen.doc["prompts"] if p["seat"] == seat), None)
    if prompt is None:
        return messages.steps_reply(seen, [], None, None, None)
    kind, words = prompt["kind"], words[:MAX_WORDS]
    game = seen.doc["game"]  # the steps come in English (their Texts), matched and shown in the seat's language too
    chosen: list[tuple[str, str]] = []
    ids: list[str] = []
    refused = None
    try:
        step = service.steps(game_id, seat, kind, [])
        i = 0
        while i < len(words):
            found = _match(step["options"], words[i:], seen.tr, game)
            if found is None:
                said = " ".join(words[i:])
                refused = (seen.tr.gettext('"%(said)s" is not one of the options here (after %(path)s).', said=said,
                                           path=" > ".join(label for _w, label in chosen)) if chosen
                           else seen.tr.gettext('"%(said)s" is not one of the options here.', said=said))
                break
            used, option = found
            chosen.append((str(step["options"].index(option) + 1), localize(option["label"], seen.tr, game)))
            ids.append(option["id"])
            step = service.steps(game_id, seat, kind, ids)
            i += used
    except ServiceError as e:
        return messages.steps_reply(seen, chosen, None, None,
                                    seen.tr.gettext("Could not build the move: %(why)s", why=e.detail_in(seen.tr)))
    complete = messages.move_text(seen.rules, step["move"]) if step["move"] is not None else None
    return messages.steps_reply(seen, chosen, localize(step, seen.tr, game), complete, refused)


FORESIGHT = ("takeback", "accept", "refuse", "propose", "vote")


def foresight(service: "Referee", game_id: str, seat: int, command: str, args: list[str],
              tr: Translator = EN) -> str:
    """Takebacks and agreements by mail (issue 27): the sentence that answers the command, in
    the seat's language."""
    _ = tr.gettext
    try:
        if command == "takeback":
            to_seq = digits(args[0]) if args else None
            body = {"to_seq": to_seq} if to_seq is not None else {}
            service.request_takeback(game_id, seat, body)
            return _("You asked to take back your last moves; the others are asked to accept or refuse.")
        if command in ("accept", "refuse"):
            pending = service.takebacks(game_id, seat)["pending"]
            if pending is None:
                return _("There is no open takeback request to answer.")
            after = service.answer_takeback(game_id, seat, pending["id"], command == "accept")
            if command == "refuse":
                return _("You refused the takeback.")
            return _("You accepted the takeback.") if after["takeback"] is not None \
                else _("You accepted the takeback. It is done.")
        if command == "propose":
            kind = args[0] if args else ""
            body: dict[str, Any] = {"kind": kind}
            conceded = digits(args[1]) if kind == "concede" and len(args) > 1 else None
            if conceded:
                body["to"] = conceded - 1  # the seat's number as people read it, from 1
            if kind not in ("draw", "concede", "standings"):
                return _("propose takes one of: draw, concede N (the seat you concede to), standings.")
            service.propose(game_id, seat, body)
            return {"draw": _("You proposed a draw. The others vote."),
                    "standings": _("You proposed ending the game now with the current standings. The others vote."),
                    }.get(kind) or _("You proposed conceding the game to seat %(seat)s. The others vote.",
                                     seat=seat_number(body.get("to", "?")))
        proposal = service.proposals(game_id)["proposal"]
        if proposal is None:
            return _("There is no open proposal to vote on.")
        choice = args[0] if args else ""
        if choice not in ("yes", "no"):
            return _("vote takes yes or no.")
        service.vote(game_id, seat, proposal["id"], {"vote": choice})
        return _("You voted yes.") if choice == "yes" else _("You voted no.")
    except ServiceError as e:
        why = e.detail_in(tr)
        return {"takeback": _("Could not ask for a takeback: %(why)s", why=why),
                "accept": _("Could not accept: %(why)s", why=why), "refuse": _("Could not refuse: %(why)s", why=why),
                "propose": _("Could not propose: %(why)s", why=why)}.get(command) or _("Could not vote: %(why)s", why=why)


def _level_text(level: str, tr: Translator) -> str:
    return {"all": tr.gettext("From now on you get every notification of this game."),
            "turn": tr.gettext("From now on you get mails only when you must act (and the result)."),
            "none": tr.gettext("From now on you get no mails except answers to yours.")}[level]


def _alert(service: "Referee", game_id: str, seat: int, args: list[str], tr: Translator) -> list[str]:
    """The `alert` command: add, list, remove, test or switch on again the seat's channels (the
    event names stay the command's words; the sentences are in the seat's language)."""
    from referee.service.notices.alerts import EVENTS, Owner, masked
    owner = Owner("seat", game_id, seat)
    try:
        if len(args) == 2 and args[0].lower() in ("off", "test", "on"):
            verb = args[0].lower()
            {"off": service.remove_channel, "test": service.test_channel, "on": service.enable_channel}[verb](owner, args[1])
            done = {"off": tr.gettext("Done: removed channel %(id)s.", id=args[1]),
                    "test": tr.gettext("Done: sent a test alert to channel %(id)s.", id=args[1]),
                    "on": tr.gettext("Done: switched on again channel %(id)s.", id=args[1])}[verb]
            head = [done]
        elif args:
            events = [a.lower() for a in args[1:]]
            body: dict[str, Any] = {"url": args[0], **({"events": events} if events else {})}
            if any(e not in EVENTS for e in events):
                return [tr.gettext("alert: events are %(events)s.", events=", ".join(EVENTS))]
            added = service.add_channel(owner, body)
            head = [tr.gettext("Added channel %(id)s (%(url)s) for: %(events)s.", id=added["id"],
                               url=masked(added["url"]), events=", ".join(added["events"]))]
        else:
            head = []
    except ServiceError as e:
        return [tr.gettext("No change: %(why)s", why=e.detail_in(tr))]
    listed = []
    for c in service.channels(owner):
        where = tr.gettext("browser push") if c["kind"] == "push" else masked(c["url"])
        line = f"  {c['id']}  {where}  {', '.join(c['events'])}"
        if not c["enabled"]:
            line += "  " + tr.gettext("(switched off: %(reason)s)", reason=c["disabled_reason"] or "")
        listed.append(line)
    return head + ([tr.gettext("Your alert channels in this game:"), *listed] if listed
                   else [tr.gettext("You have no alert channels here.")])


def _act(action, done: str, failed: str, tr: Translator = EN) -> list[str]:
    """`failed` has a %(why)s placeholder (already translated, filled with the refusal in `tr`'s language)."""
    try:
        action()
    except ServiceError as e:
        return [failed % {"why": e.detail_in(tr)}]
    return [done]
