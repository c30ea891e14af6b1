"""Everything the game page shows, gathered from the service as one seat (or a spectator) sees it.

The board comes only from `rules.view(state, seat)` and the log only from the service's
redacted events, so the page can show no more than the API would show the same caller. The
history stepper replays the log to event k (`Referee.load_at`) and draws that seat's view of
the state then.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from referee.engine.verify import verify_events
from referee.service.narration import result_sentence
from referee.service.loaded import Loaded, iso
from referee.service.referee import Referee
from referee.web import present


@dataclass
class Choice:
    json: str
    label: str
    default: bool


@dataclass
class PromptBox:
    seat: int
    name: str
    kind: str
    text: str
    deadline: str | None
    choices: list[Choice] | None        # None: compose the move in the form
    default_label: str | None
    own: bool


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
    view_json: str
    prompts: list[PromptBox]
    result: dict | None
    result_text: str | None
    history: list[HistoryLine]
    audit: dict[str, Any]

    @property
    def live(self) -> bool:
        return self.shown_seq == self.seq

    @property
    def own_prompts(self) -> list[PromptBox]:
        return [p for p in self.prompts if p.own]


class AuditCache:
    """verify_events per (game, seq, seat): a finished game's full replay check is not free."""

    def __init__(self, size: int = 256):
        self._data: OrderedDict[tuple, dict] = OrderedDict()
        self._lock = threading.Lock()
        self.size = size

    def get(self, key: tuple, compute) -> dict:
        with self._lock:
            if key in self._data:
                self._data.move_to_end(key)
                return self._data[key]
        value = compute()
        with self._lock:
            self._data[key] = value
            while len(self._data) > self.size:
                self._data.popitem(last=False)
        return value


AUDITS = AuditCache()


def _audit(loaded: Loaded, events: list[dict]) -> dict[str, Any]:
    report = verify_events(events).to_json()
    revealed = next((e["payload"]["seed"] for e in events if e["type"] == "seed_revealed"), None)
    return {"commitment": loaded.created["seed_commitment"], "report": report, "seed": revealed,
            "events": len(events)}


def _prompt_boxes(svc: Referee, loaded: Loaded, seat: int | None, names: list[str]) -> list[PromptBox]:
    if loaded.status != "active":
        return []
    rules = loaded.rules
    boxes = []
    for p in loaded.prompts:
        own = p.seat == seat
        due = svc.deadline_of(loaded, p.seat)
        choices = None
        if own and p.choices is not None:
            choices = [Choice(present.compact(m), present.move_text(rules, m), m == p.default) for m in p.choices]
        boxes.append(PromptBox(p.seat, names[p.seat], p.kind, p.text if own else "",
                               iso(due) if due is not None else None, choices,
                               present.move_text(rules, p.default) if own else None, own))
    return boxes


def build(svc: Referee, game_id: str, seat: int | None, at: int | None = None) -> GamePage:
    """The page of `game_id` for `seat`, showing the board after event `at` (default: now)."""
    latest = svc.load(game_id)
    shown = latest if at is None or at >= latest.seq else svc.load_at(game_id, max(1, at))
    rules = latest.rules
    names = [s["name"] for s in latest.created["seats"]]
    view = rules.view(shown.state, seat)
    events = svc.events_for(game_id, seat)
    history = [HistoryLine(e["seq"], e["type"], text) for e, text in zip(events, svc.narrated(latest, events, seat))]
    audit = AUDITS.get((game_id, latest.seq, seat), lambda: _audit(latest, events))
    result = rules.result(latest.state)
    return GamePage(
        game_id=game_id, game=latest.game, title=rules.title, status=latest.status, seq=latest.seq,
        shown_seq=shown.seq, seat=seat, names=names, picture=present.picture(rules, view, seat),
        view_json=_pretty(view), prompts=_prompt_boxes(svc, latest, seat, names) if shown is latest else [],
        result=result, result_text=result_sentence(result, names) if result else None,
        history=history, audit=audit)


def _pretty(doc: Any) -> str:
    return json.dumps(doc, indent=1, ensure_ascii=False)  # in the view's own order
