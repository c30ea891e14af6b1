"""Everything the game page shows, gathered from the service as one seat (or a spectator) sees it.

The board comes only from `rules.view(state, seat)` and the log only from the service's
redacted events, so the page can show no more than the API would show the same caller. The
history stepper replays the log to event k (`Referee.load_at`) and draws that seat's view of
the state then.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from markupsafe import Markup

from referee.engine.talk import policy_of
from referee.engine.verify import verify_events
from referee.engine.naming import named
from referee.engine.wording import localize, seat_name, with_names
from referee.plumbing.errors import ServiceError, StepRefusedError
from referee.plumbing.i18n import EN, Translator
from referee.plumbing.memo import AuditCache
from referee.service.play.steps import move_words
from referee.service.narration import result_sentence
from referee.service.loaded import Loaded, iso
from referee.service.referee import Referee
from referee.web import i18n, present


@dataclass
class Choice:
    json: str
    label: str
    default: bool


log = logging.getLogger(__name__)


@dataclass
class StepOption:
    id: str
    label: str
    element: str | None
    group: str | None
    href: str                           # the page after this choice (works without script)
    path: str                           # the choices after it, comma-separated
    on_board: bool = False              # drawn as a link on the board (else a button beside it)


@dataclass
class StepBox:
    """A seat's move being built step by step: only what `Referee.steps` answers."""
    kind: str
    chosen: list[str]
    taken: list[tuple[str, str]]        # (label, href of the page before that choice)
    question: str
    options: list[StepOption]
    move_json: str | None               # the complete move, once the path makes one
    move_label: str | None
    refused: dict | None                # the problem of a path the rules no longer offer

    @property
    def path(self) -> str:
        return ",".join(self.chosen)

    @property
    def back_href(self) -> str | None:
        return self.taken[-1][1] if self.taken else None

    @property
    def back_path(self) -> str:
        return ",".join(self.chosen[:-1])

    @property
    def groups(self) -> list[tuple[str | None, list[StepOption]]]:
        """The options beside the board, under their group headings, in order of appearance."""
        out: dict[str | None, list[StepOption]] = {}
        for o in self.options:
            if not o.on_board:
                out.setdefault(o.group, []).append(o)
        return list(out.items())

    @property
    def beside(self) -> int:
        return sum(1 for o in self.options if not o.on_board)


@dataclass
class PromptBox:
    seat: int
    name: str
    kind: str
    text: str
    deadline: str | None
    choices: list[Choice] | None        # listed moves, only where the game offers no steps
    default_label: str | None           # the default in the text form (the move form's placeholder)
    own: bool
    steps: StepBox | None = None        # the move step by step (own prompts)
    default_words: str | None = None    # the default in words, where the game says it step by step
    bot: bool = False                   # a bot holds the seat: the page says it is thinking


@dataclass
class TalkLine:
    seq: int
    who: str           # "Ada to all", "Ada to Bo", "Your note"
    text: str          # plain text: the template escapes it
    kind: str          # "public", "private" or "note"


def talk_lines(messages: list[dict[str, Any]], names: list[str], tr: Translator = EN) -> list[TalkLine]:
    """Each message's heading in the page's language ("Ada to all", "Ada an Bo", "Notiz")."""
    def name(s: int) -> str:
        return seat_name(names, s, tr)
    out = []
    for m in messages:
        if m["note"]:
            out.append(TalkLine(m["seq"], tr.gettext("Note"), m["text"], "note"))
        elif m["to"] == "all":
            out.append(TalkLine(m["seq"], tr.gettext("%(who)s to all", who=name(m["from"])), m["text"], "public"))
        else:
            out.append(TalkLine(m["seq"], tr.gettext("%(who)s to %(to)s", who=name(m["from"]),
                                                     to=", ".join(name(s) for s in m["to"])), m["text"], "private"))
    return out


@dataclass
class HistoryLine:
    seq: int
    type: str
    text: str


@dataclass
class GamePage:
    game_id: str
    game: str
    title: str
    status: str
    seq: int                            # the log's head
    shown_seq: int                      # the event whose board is shown (== seq when live)
    seat: int | None
    names: list[str]
    picture: Markup
    summary: str | None
    facts: list[str]
    view_json: str
    prompts: list[PromptBox]
    result: dict | None
    result_text: str | None
    history: list[HistoryLine]          # one page of the history (HISTORY_PAGE events at most)
    audit: dict[str, Any]
    foresight: dict[str, Any] | None = None  # the seat's own queue, takeback and proposal (issue 27)
    talk: list[TalkLine] = field(default_factory=list)  # the last messages this viewer may read
    talk_seq: int = 0                   # the newest of them (the page's message stream starts after it)
    press: str = "full"                 # the game's talk policy: what the seat may write
    talk_open: bool = True              # whether this viewer may read any talk (a spectator may not)
    muted: list[int] = field(default_factory=list)  # the seats this seat muted (its own business)

    @property
    def live(self) -> bool:
        return self.shown_seq == self.seq

    @property
    def earlier(self) -> int | None:
        """The last event of the history page before this one (None: this page starts at 1)."""
        return self.history[0].seq - 1 if self.history and self.history[0].seq > 1 else None

    @property
    def later(self) -> int | None:
        """The last event of the history page after this one (None: this page ends now)."""
        last = self.history[-1].seq if self.history else self.seq
        return min(self.seq, last + HISTORY_PAGE) if last < self.seq else None

    @property
    def sectioned(self) -> bool:
        """The picture is a board in sections, shown at natural size (no zoom)."""
        return present.is_board(str(self.picture))

    @property
    def own_prompts(self) -> list[PromptBox]:
        return [p for p in self.prompts if p.own]


AUDITS = AuditCache()
# The referee's answers to a path, per (game, seq, seat, kind, path): a page shows the words of
# every choice taken, so each click would otherwise ask again for every step before it. The
# game's state at a seq never changes, so an answer never goes stale.
STEPS = AuditCache(2048)
# The drawn board per (game, seq, seat, names, language): each step clicked redraws the page's
# board with new marks on the same picture, and every open page redraws it at each move.
PICTURES = AuditCache(128)


# A page carries one page of the history, not all of it: a long game's page stays light (issue 39:
# at most 100 KB of HTML at any length). Links page through the rest, without script.
HISTORY_PAGE = 30


def history_window(head: int, shown: int, upto: int | None) -> tuple[int, int]:
    """The seqs (first, last) of the history page: the one ending at `upto` when asked, else the
    one around the shown event (the newest when live)."""
    last = upto if upto is not None else min(head, shown + HISTORY_PAGE // 2)
    last = max(1, min(head, last))
    return max(1, last - HISTORY_PAGE + 1), last


def _audit(loaded: Loaded, events: list[dict]) -> dict[str, Any]:
    report = verify_events(events).to_json()
    revealed = next((e["payload"]["seed"] for e in events if e["type"] == "seed_revealed"), None)
    return {"commitment": loaded.created["seed_commitment"], "report": report, "seed": revealed,
            "events": len(events)}


def _href(base: str, kind: str, path: list[str]) -> str:
    if not path:
        return base + "?" + urlencode({"kind": kind})
    return base + "?" + urlencode({"kind": kind, "chosen": ",".join(path)}, safe=",")


def _step_box(svc: Referee, loaded: Loaded, seat: int, kind: str, chosen: list[str], base: str) -> StepBox | None:
    """Ask the referee for each step of `chosen` in turn (so every choice taken has its words);
    a choice no longer offered stops there with the referee's problem. None: no steps (a game
    whose prompt has none yet keeps its listed choices and the move form)."""
    taken: list[tuple[str, str]] = []
    refused = None

    def ask(path: list[str]) -> dict[str, Any]:
        lang = i18n.current().lang
        key = (loaded.game_id, loaded.seq, seat, kind, tuple(path), lang)
        return STEPS.get(key, lambda: svc.steps(loaded.game_id, seat, kind, path, lang))

    try:
        answer = ask([])
        for i, token in enumerate(chosen):
            label = next((o["label"] for o in answer["options"] if o["id"] == token), token)
            try:
                nxt = ask(chosen[: i + 1])
            except StepRefusedError as e:
                refused = e.problem(i18n.current())
                break
            taken.append((label, _href(base, kind, chosen[:i])))
            answer = nxt
    except NotImplementedError:
        return None
    except ServiceError:
        return None
    except Exception:  # a game's steps under construction must not take the page down
        log.exception("steps of %s failed", loaded.game)
        return None
    path = [tok for tok in chosen[: len(taken)]]
    options = [StepOption(o["id"], o["label"], o.get("element"), o.get("group"), _href(base, kind, path + [o["id"]]),
                          ",".join(path + [o["id"]])) for o in answer["options"]]
    move = answer.get("move")
    return StepBox(kind, path, taken, answer["question"], options,
                   present.compact(move) if move is not None else None,
                   present.move_text(loaded.rules, move) if move is not None else None, refused)


def _prompt_boxes(svc: Referee, loaded: Loaded, seat: int | None, names: list[str], base: str,
                  kind: str | None, chosen: list[str]) -> list[PromptBox]:
    if loaded.status != "active":
        return []
    rules = loaded.rules
    boxes = []
    bots = svc.bot_seats(loaded.game_id) if loaded.prompts else {}
    for p in loaded.prompts:
        own = p.seat == seat
        due = svc.deadline_of(loaded, p.seat)
        steps = _step_box(svc, loaded, p.seat, p.kind, chosen if p.kind == kind else [], base) if own else None
        choices = None
        if own and steps is None and p.choices is not None:
            choices = [Choice(present.compact(m), present.move_text(rules, m), m == p.default) for m in p.choices]
        boxes.append(PromptBox(p.seat, names[p.seat], p.kind, with_names(localize(p.text, i18n.current(), loaded.game), names, tr=i18n.current()) if own else "",
                               iso(due) if due is not None else None, choices,
                               present.move_text(rules, p.default) if own else None, own, steps,
                               move_words(loaded, p.seat, p.kind, p.default, i18n.current().lang) if own else None,
                               p.seat in bots))
    return boxes


def _mark_board(svg: Markup, boxes: list[PromptBox], kind: str | None) -> Markup:
    """Make the board elements of one prompt's current step clickable: the prompt being built
    (`kind`), else the seat's first. The other options stay buttons beside the board."""
    own = [b.steps for b in boxes if b.own and b.steps is not None]
    box = next((s for s in own if s.kind == kind), own[0] if own else None)
    if box is None:
        return svg
    links: dict[str, tuple[str, str, str]] = {}
    for o in box.options:
        if o.element and o.element not in links:
            links[o.element] = (o.href, o.label, o.path)
    marked, found = present.mark_options(str(svg), links)
    for o in box.options:
        o.on_board = o.element in found and links.get(o.element, ("",))[0] == o.href
    return Markup(marked)


def build(svc: Referee, game_id: str, seat: int | None, at: int | None = None, base: str = "",
          kind: str | None = None, chosen: list[str] | None = None, part: bool = False,
          tr: Translator = EN, history_upto: int | None = None) -> GamePage:
    """The page of `game_id` for `seat`, showing the board after event `at` (default: now), with
    the seat's move of prompt `kind` built up to the choices `chosen` (links relative to `base`).
    `part`: only the board and the decision (what a step changes), without history and audit.
    `tr`: the page's language (history and result told in it). `history_upto`: the last event of
    the page of history shown (default: the page around the shown event)."""
    latest = svc.load(game_id)
    shown = latest if at is None or at >= latest.seq else svc.load_at(game_id, max(1, at))
    rules = latest.rules
    names = [s["name"] for s in latest.created["seats"]]
    view = rules.view(shown.state, seat)
    if part:  # a step taken in the page: only the board and the decision change
        history: list[HistoryLine] = []
        audit: dict[str, Any] = {}
    else:
        # the history page's events only: the whole log (read and redacted at every page, a long
        # game's pages growing slower move by move) only for the audit, once per position and seat
        first, last = history_window(latest.seq, shown.seq, history_upto)
        paged = [e for e in svc.events_for(game_id, seat, max(0, first - 1)) if e["seq"] <= last]
        history = [HistoryLine(e["seq"], e["type"], text) for e, text in zip(paged, svc.narrated(latest, paged, seat, tr.lang))]
        audit = AUDITS.get((game_id, latest.seq, seat), lambda: _audit(latest, svc.events_for(game_id, seat)))
    result = latest.result  # the recorded one once ended (by agreement, abandoned), else the rules'
    prompts = _prompt_boxes(svc, latest, seat, names, base, kind, chosen or []) if shown is latest else []
    drawn = PICTURES.get((game_id, shown.seq, seat, tuple(names), tr.lang),
                         lambda: present.picture(rules, view, seat, names, tr))
    svg = _mark_board(drawn, prompts, kind)
    talk = talk_lines(svc.recent_messages(latest, seat), names, tr) if not part else []
    policy = policy_of(latest.created)
    return GamePage(
        talk=talk, talk_seq=talk[-1].seq if talk else 0, press=policy["press"],
        talk_open=seat is not None or bool(policy["spectators"]),
        muted=sorted(svc.mutes(game_id, seat)["muted"]) if seat is not None and not part else [],
        game_id=game_id, game=latest.game, title=rules.title, status=latest.status, seq=latest.seq,
        shown_seq=shown.seq, seat=seat, names=names, picture=svg,
        summary=_summary(rules, view, seat, names, tr), facts=present.facts_text(rules, view, names, tr),
        view_json=present.compact(view), prompts=prompts,
        result=result, result_text=result_sentence(result, names, tr) if result else None,
        history=history, audit=audit,
        foresight=_foresight(svc, game_id, seat, latest, names, tr) if seat is not None and not part else None)


def _foresight(service: Any, game_id: str, seat: int, loaded: Any, names: list[str],
               tr: Translator = EN) -> dict[str, Any] | None:
    """What the seat's foresight panel shows: its own queue (never another seat's), the open
    takeback request and proposal, and whether it may ask for a takeback now."""
    if loaded.status not in ("active", "paused"):
        return None
    queue = service.presets(game_id, seat)
    rules = loaded.rules
    takeback = service.takebacks(game_id, seat)
    proposal = service.proposals(game_id)["proposal"]
    return {"queue": [tr.gettext("%(move)s (if %(guard)s)", move=rules.format_move(e["move"]),
                                 guard=_guard(rules, e["if"], tr)) if e.get("if") else rules.format_move(e["move"])
                      for e in queue["queue"]],
            "note": queue["note"], "limit": queue["limit"],
            "takeback": takeback, "can_take_back": bool((takeback["allowed"] or {}).get("own_moves"))
            and takeback["pending"] is None, "takeback_why": _no_takeback(takeback, tr),
            "proposal": proposal, "names": names,
            "waiting": ", ".join(names[w] for w in (proposal or {}).get("waiting_for") or [] if 0 <= w < len(names)),
            "may_vote": proposal is not None and str(seat) not in proposal["votes"]}


def _no_takeback(takeback: dict[str, Any], tr: Translator) -> str | None:
    """Why the seat may not ask for a takeback now (None when it may, or one is open): the
    button does not just vanish (after a card draw, say)."""
    if takeback["pending"] is not None:
        return None
    if takeback["setting"] == "off":
        return tr.gettext("Takebacks are off in this game.")
    allowed = takeback["allowed"] or {}
    if allowed.get("own_moves"):
        return None
    boundary = allowed.get("boundary") or {}
    if boundary.get("words") and boundary.get("kind") != "start":
        return tr.gettext("No takeback now: your last move lies behind %(what)s.", what=tr.gettext(boundary["words"]))
    return tr.gettext("No takeback now: you have no move of your own to take back.")


def _guard(rules: Any, guard: dict[str, Any], tr: Translator = EN) -> str:
    if "opponent_move" in guard:
        return tr.gettext("the opponent played %(move)s", move=rules.format_move(guard["opponent_move"]))
    return tr.gettext("the prompt is %(kind)s", kind=guard.get("prompt"))


def _summary(rules: Any, view: dict, seat: int | None, names: list[str], tr: Translator = EN) -> str | None:
    text = present.hook_text(rules, "summary", view, seat, tr)
    return named(with_names(text, names, tr=tr), rules.id, tr) if text else None
