"""Events told as sentences, for mails, the events API (`text`) and the web history.

`narrate_event` works on an event *already redacted for the viewer* (see
`Referee.redact_event`), so it can only repeat what that viewer may see. Service events
(creation, resignation, pauses, the end, the seed) get generic sentences here; moves and
timeouts are told by the game's own `narrate` hook. A game whose hook is missing or fails
still gets a plain sentence ("Ada played end"), so a history never breaks on one event.

To name outcomes (a battle's result, coins gained) the hook gets the viewer's own views just
before and after the event (`rules.view(state, viewer)`, never the state itself): finding
those states, and remembering what was told, is narration_texts.py. A narration may have
several lines ("\n"-separated): the move, then its automatic steps.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from referee.engine.contract import Rules
from referee.engine.naming import named
from referee.engine.wording import seat_name
from referee.plumbing.i18n import EN, N_, Translator

log = logging.getLogger(__name__)

TOLD = ("move", "timeout")  # the events a game's own hook tells


def _when(ts: Any, tr: Translator = EN) -> str:
    if isinstance(ts, (int, float)):
        return tr.datetime(ts, None, "yyyy-MM-dd HH:mm") + " UTC"
    return str(ts)


# The rules' reasons for a game's end (their result's `reason` code), in words a player reads
# (the code stays in the result's JSON).
END_REASONS = {"resigned": N_("after a resignation"), "supply_exhausted": N_("the supply ran out"),
               "goal_15": N_("the goal score was reached"), "race_20": N_("the race's goal score was reached"),
               "race_below_10": N_("the race ended with the rival below the threshold"),
               "standings": N_("by the standings"), "end": N_("the last round was played"),
               "solo_rounds": N_("the solo game's last round was played"),
               "developments": N_("enough developments were bought"), "tribute": N_("enough tribute was paid"),
               "monuments": N_("enough monuments were completed"), "agreement": N_("by agreement")}
# Reasons the referee itself gives for resuming a game.
RESUME_REASONS = {"vacation allowance used up": N_("vacation allowance used up")}


def result_sentence(result: dict[str, Any] | None, names: list[str], tr: Translator = EN) -> str:
    """A game's result in words: who won, why, and the scores."""
    _ = tr.gettext
    if not result:
        return _("The game ended.")
    winners = result.get("winners")
    if winners is None:
        winners = [] if result.get("winner") is None else [result["winner"]]
    reason = result.get("reason") or result.get("end_reason")
    agreed = (result.get("agreement") or {}).get("kind") if result.get("by") == "agreement" else None
    who = tr.join([seat_name(names, w, tr) for w in winners])
    if agreed == "draw":
        head, reason = _("The game ended in a draw by agreement"), None
    elif winners and len(winners) == 1:
        head = _("%(who)s won", who=who)
    elif winners:
        head = _("%(who)s shared the win", who=who)
    else:
        head = _("The game ended in a draw")
    if reason:  # the rules' reason code, as the result document names it
        code = str(reason)
        head = _("%(result)s (%(reason)s)", result=head,
                 reason=_(END_REASONS[code]) if code in END_REASONS else code.replace("_", " "))
    scores = result.get("scores")
    listed = []
    if isinstance(scores, list) and scores:
        listed = [f"{seat_name(names, i, tr)} {s}" for i, s in enumerate(scores)]
    elif isinstance(scores, dict) and scores:
        listed = [f"{seat_name(names, int(k), tr)} {s}" for k, s in scores.items() if str(k).isdigit()]
    if listed:
        return _("%(result)s; scores: %(scores)s.", result=head, scores=", ".join(listed))
    return head + "."


def _game_move(rules: Rules, event: dict[str, Any], names: list[str], before: dict | None = None,
               after: dict | None = None, tr: Translator = EN) -> str:
    try:
        text = rules.narrate(event, names, before, after, tr=tr) if tr is not EN \
            else rules.narrate(event, names, before, after) if before is not None or after is not None \
            else rules.narrate(event, names)
        if isinstance(text, str) and text.strip():
            return text.strip()
    except Exception:  # a presentation hook must never break a mail or a page
        log.exception("narrate of %s failed for event %s", getattr(rules, "id", "?"), event.get("seq"))
    move = (event.get("payload") or {}).get("move")
    try:
        shown = rules.format_move(move) if move is not None else "?"
    except Exception:  # noqa: BLE001 - a hook must never break a mail
        shown = (move or {}).get("type", "?") if isinstance(move, dict) else "?"
    return tr.gettext("%(who)s played %(move)s.", who=seat_name(names, event.get("seat"), tr), move=shown)


def narrate_event(rules: Rules, event: dict[str, Any], names: list[str], before: dict | None = None,
                  after: dict | None = None, tr: Translator = EN) -> str:
    """One short sentence (a move's automatic steps on lines of their own) for any event as the
    viewer it was redacted for may see it, in the viewer's language, components by name;
    `before`/`after` are that viewer's views around a move or timeout (see `texts`), when the
    caller has them."""
    return named(_told(rules, event, names, before, after, tr), getattr(rules, "id", ""), tr)


def _told(rules: Rules, event: dict[str, Any], names: list[str], before: dict | None,
          after: dict | None, tr: Translator) -> str:
    _ = tr.gettext
    etype = event.get("type")
    payload = event.get("payload") or {}
    who = seat_name(names, event.get("seat"), tr)
    if etype == "move":
        return _game_move(rules, event, names, before, after, tr)
    if etype == "timeout":
        first, _sep, rest = _game_move(rules, event, names, before, after, tr).partition("\n")
        told = _("%(who)s's deadline passed, so the referee played the default: %(move)s.", who=who,
                 move=first.rstrip("."))
        return told + ("\n" + rest if rest else "")
    if etype == "game_created":
        title = getattr(rules, "title", payload.get("game", "?"))
        seats = payload.get("seats") or []
        if any(s.get("open") for s in seats if isinstance(s, dict)):  # an open table: nobody began yet
            return tr.ngettext("A table of %(title)s opened for %(num)s player.",
                               "A table of %(title)s opened for %(num)s players.", len(seats), num=len(seats), title=title)
        players = tr.join([seat_name(names, i, tr) for i in range(len(names))])
        return _("A game of %(title)s began for %(players)s.", title=title, players=players)
    if etype == "game_started":
        players = tr.join([seat_name(names, i, tr) for i in range(len(names))])
        return _("Every seat is taken: the game of %(title)s began for %(players)s.",
                 title=getattr(rules, "title", "?"), players=players)
    if etype == "resigned":
        return _("%(who)s resigned.", who=who)
    if etype == "pause_requested":
        if payload.get("reason"):
            return _("%(who)s asked for an agreed pause (%(reason)s).", who=who, reason=payload["reason"])
        return _("%(who)s asked for an agreed pause.", who=who)
    if etype == "paused":
        pause = payload.get("pause") or {}
        if pause.get("kind") == "vacation":
            if pause.get("until"):
                return _("%(who)s paused the game for a vacation until %(when)s; every clock is stopped.",
                         who=who, when=_when(pause["until"], tr))
            return _("%(who)s paused the game for a vacation; every clock is stopped.", who=who)
        return _("Every seat agreed, so the game is paused; every clock is stopped.")
    if etype == "resumed":
        if event.get("seat") is None:
            if payload.get("reason"):
                why = payload["reason"]
                return _("The game runs again (%(reason)s).",
                         reason=_(RESUME_REASONS[why]) if why in RESUME_REASONS else why)
            return _("The game runs again.")
        return _("%(who)s resumed the game; the clocks run again.", who=who)
    if etype == "bot_requested":
        return _("%(who)s asked for a bot to play for %(absent)s, who is absent.", who=who,
                 absent=seat_name(names, payload.get("seat"), tr))
    if etype == "seat_to_bot":
        return _("From now on a bot plays for %(absent)s (every present player agreed).",
                 absent=seat_name(names, payload.get("seat"), tr))
    if etype == "game_ended":
        return result_sentence(payload.get("result"), names, tr)
    if etype == "deadline_changed":
        if payload.get("deadline"):
            return _("%(who)s's deadline changed to %(when)s.", who=who, when=_when(payload["deadline"], tr))
        return _("%(who)s's deadline changed.", who=who)
    if etype == "seed_revealed":
        return _("The referee revealed the game's seed: every shuffle and roll can now be checked.")
    if etype == "names_moved_out":
        return _("The players' names moved out of the log, which names seats by number since; it was sealed "
                 "again from event %(seq)s (the hash it had before is recorded here).", seq=payload.get("from_seq"))
    told = _foresight(etype, payload, who, names, tr)
    if told is not None:
        return told
    sentence = EVENT_SENTENCES.get(etype)
    if sentence:
        return _(sentence, who=who)
    return _("%(who)s: %(event)s.", who=who, event=str(etype).replace("_", " "))


# Each kind of event in a few words, where a list names a game's latest event ("My games").
EVENT_KINDS = {"game_created": N_("the table was set up"), "game_started": N_("the game started"),
               "game_cancelled": N_("the table was closed"), "game_ended": N_("the game ended"),
               "move": N_("a move"), "timeout": N_("a deadline passed"), "resigned": N_("a player resigned"),
               "seed_revealed": N_("the seed was revealed"), "seat_joined": N_("a player took a seat"),
               "seat_accepted": N_("a player accepted a seat"),
               "seat_replaced": N_("a player took over a seat"), "seat_released": N_("a seat was left free"),
               "replace_vote": N_("a vote on replacing a player"), "seat_to_bot": N_("a bot took over a seat"),
               "bot_requested": N_("a bot was asked for"), "pause_requested": N_("a pause was asked for"),
               "paused": N_("the game was paused"), "resumed": N_("the game runs again"),
               "deadline_changed": N_("a deadline changed"), "takeback_requested": N_("a takeback was asked for"),
               "takeback_accepted": N_("a takeback was accepted"), "takeback_refused": N_("a takeback was refused"),
               "takeback": N_("moves were taken back"), "proposal": N_("a proposal to end the game"),
               "vote": N_("a vote on the proposal"), "proposal_passed": N_("the proposal passed"),
               "proposal_failed": N_("the proposal failed"), "proposal_lapsed": N_("the proposal lapsed")}
EVENT_OTHER = N_("an event")


def event_kind(etype: str, tr: Translator = EN) -> str:
    """An event's type in the reader's words (the API keeps the type)."""
    return tr.gettext(EVENT_KINDS.get(etype, EVENT_OTHER))


# Service events told in one sentence about who ("Ada took a seat."); catalog ids, so a German
# history tells them in German too.
EVENT_SENTENCES = {"seat_joined": N_("%(who)s took a seat."),
                   "seat_replaced": N_("%(who)s took over a seat."),
                   "seat_accepted": N_("%(who)s accepted the seat offered to them."),
                   "seat_released": N_("%(who)s left the seat free."),
                   "replace_vote": N_("%(who)s voted on replacing a player."),
                   "game_cancelled": N_("The table was closed before the game began.")}


def _until(payload: dict[str, Any]) -> str:
    """A proposal's closing time as the payload has it (ISO, to the minute)."""
    return str(payload.get("expires_at", ""))[:16].replace("T", " ")


def _foresight(etype: Any, payload: dict[str, Any], who: str, names: list[str],
               tr: Translator = EN) -> str | None:
    """Takebacks and agreements (issue 27) in words; None for other events."""
    _ = tr.gettext
    if etype == "takeback_requested":
        return _("%(who)s asked to take back their last moves (back to event %(seq)s); "
                 "the others may accept or refuse.", who=who, seq=payload.get("to_seq"))
    if etype == "takeback_accepted":
        return _("%(who)s accepted the takeback.", who=who)
    if etype == "takeback_refused":
        return _("%(who)s refused the takeback.", who=who)
    if etype == "takeback":
        return _("%(who)s's moves were taken back: the game is as it was after event %(seq)s, "
                 "clocks included.", who=who, seq=payload.get("to_seq"))
    if etype == "proposal":
        kind, until = payload.get("kind"), _until(payload)
        if kind == "draw":
            return _("%(who)s proposed a draw; the others vote until %(until)s UTC.", who=who, until=until)
        if kind == "standings":
            return _("%(who)s proposed ending the game now with the current standings; the others vote "
                     "until %(until)s UTC.", who=who, until=until)
        return _("%(who)s proposed conceding the game to %(winner)s; the others vote until %(until)s UTC.",
                 who=who, winner=seat_name(names, payload.get("to"), tr), until=until)
    if etype == "vote":
        if payload.get("vote") == "yes":
            return _("%(who)s voted yes on the proposal.", who=who)
        if payload.get("vote") == "no":
            return _("%(who)s voted no on the proposal.", who=who)
        return _("%(who)s voted %(vote)s on the proposal.", who=who, vote=payload.get("vote"))
    if etype == "proposal_passed":
        return _("Every seat agreed: the proposal passed.")
    if etype == "proposal_failed":
        reason = str(payload.get("reason", "a seat voted no"))
        voted = re.fullmatch(r"seat (\d+) voted no", reason)
        if voted:  # agreement.py's reason (its seat counted from 0): the seat's player by name
            return _("The proposal failed (%(who)s voted no).", who=seat_name(names, int(voted.group(1)), tr))
        return _("The proposal failed (%(reason)s).", reason=reason)
    if etype == "proposal_lapsed":
        return _("The proposal lapsed: not every seat voted yes in time; the game goes on.")
    return None
