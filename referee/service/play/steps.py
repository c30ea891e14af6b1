"""Moves offered step by step (engine/steps.py): the options after a seat's choices so far, and
the complete move once they make one. Read only: the move is then submitted as any move is.

A prompt whose `choices` list is missing or too long to read (more than STEPS_THRESHOLD) carries
its first step for its own seat (`first_step`), so a client needs no extra request to start."""

from __future__ import annotations

import logging
from functools import partial
from typing import TYPE_CHECKING, Any

from referee.engine import playerpage
from referee.engine.steps import StepRefused
from referee.engine.wording import localize
from referee.plumbing.i18n import Text, translator
from referee.plumbing.errors import Conflict, StepRefusedError

if TYPE_CHECKING:
    from referee.engine.contract import Prompt
    from referee.service.core import Core
    from referee.service.loaded import Loaded

log = logging.getLogger(__name__)

STEPS_THRESHOLD = 24  # a prompt with more choices than this (or none listed) carries its first step


def steps(core: "Core", game_id: str, seat: int, kind: str, chosen: list[str], lang: str | None = None) -> dict[str, Any]:
    """`{"seq", "kind", "chosen", "question", "options", "move"}` for `seat`'s prompt `kind`.
    409 when the seat has no such decision now (the game moved on); 422 naming the step for a
    path the rules do not offer. Its words (question, labels) are in `lang` (English if None)."""
    loaded = core.load(game_id)
    if loaded.status != "active":
        raise Conflict(_not_active(loaded.status), current_seq=loaded.seq)
    if not any(p.seat == seat and p.kind == kind for p in loaded.prompts):
        raise Conflict(Text("you have no %(kind)s decision now", kind=repr(kind)), current_seq=loaded.seq)
    try:
        step = loaded.rules.steps(loaded.state, seat, kind, list(chosen))
    except StepRefused as e:
        extra = {"rule": e.rule} if e.rule else {}
        detail = localize(e.message, translator(lang), loaded.game)  # an engine's Text, in the reader's words
        raise StepRefusedError(detail, step=e.index, current_seq=loaded.seq,
                               cite=partial(playerpage.rule_text, loaded.game), **extra) from None
    except NotImplementedError:
        # A game that lists no choices for this prompt and has no steps of its own yet: the move
        # is written in the text form or as JSON instead (never a 500).
        raise Conflict(Text("the %(kind)s decision of %(game)s is not offered step by step yet; "
                            "write the move in the game's text form", kind=repr(kind), game=loaded.game),
                       current_seq=loaded.seq) from None
    return localize({"seq": loaded.seq, "kind": kind, "chosen": list(chosen), **step.to_json()},
                    translator(lang), loaded.game)


def _not_active(status: str) -> Text:
    """Why nothing can be played in a game that is not active, as a whole sentence per status
    (a status word alone would not translate)."""
    if status == "open":
        return Text("the game is open; nothing can be played now")
    if status == "paused":
        return Text("the game is paused; nothing can be played now")
    if status == "finished":
        return Text("the game is finished; nothing can be played now")
    if status == "cancelled":
        return Text("the game is cancelled; nothing can be played now")
    return Text("the game is %(status)s; nothing can be played now", status=status)


def wants_steps(prompt: "Prompt") -> bool:
    """A prompt whose choices are not listed, or too many to read, is offered step by step."""
    return prompt.choices is None or len(prompt.choices) > STEPS_THRESHOLD


def first_step(loaded: "Loaded", prompt: "Prompt") -> dict[str, Any] | None:
    """The first step of `prompt` (`{"question", "options", "move"}`) for its own seat, or None
    when its choices are short enough to list or the game offers no steps for it yet. Only the
    prompted seat may be shown it: the options can reveal its hand. Computed once per state."""
    if not wants_steps(prompt):
        return None
    memo: dict[tuple[int, str], dict[str, Any] | None] = loaded.__dict__.setdefault("_first_steps", {})
    key = (prompt.seat, prompt.kind)
    if key not in memo:
        try:
            memo[key] = loaded.rules.steps(loaded.state, prompt.seat, prompt.kind, []).to_json()
        except NotImplementedError:
            memo[key] = None
        except StepRefused:  # the rules have no first step for a prompt they made: say so, never fail
            log.exception("%s: no first step for prompt %r of seat %s", loaded.game, prompt.kind, prompt.seat)
            memo[key] = None
    return memo[key]


def move_words(loaded: "Loaded", seat: int, kind: str, move: Any, lang: str | None = None) -> str | None:
    """`move` of `seat`'s prompt `kind` in words: the labels of the steps that build it ("Play
    cards › military card 14 › …"), in `lang`, for people (a default move on a page); None when
    the game cannot say it step by step (the caller shows the text form, folded)."""
    rules, tr = loaded.rules, translator(lang)
    try:
        path = rules.move_path(loaded.state, seat, kind, move)
        labels = []
        for i, token in enumerate(path):
            step = rules.steps(loaded.state, seat, kind, path[:i])
            label = next(o.label for o in step.options if o.id == token)
            labels.append(localize({"label": label}, tr, loaded.game)["label"])
    except Exception:  # noqa: BLE001 - words are a courtesy: the text form always works
        return None
    return " › ".join(labels) if labels else tr.gettext("nothing more: the move as it stands")
