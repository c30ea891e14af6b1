"""Reading a game as one viewer may see it: its description (status, prompts with deadlines,
the viewer's view), the games list, and events redacted for the viewer."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from referee.engine.rng import redact_records
from referee.engine.talk import policy_of
from referee.engine.wording import localize
from referee.plumbing.i18n import translator
from referee.service.loaded import Loaded, iso
from referee.service.play.steps import first_step
from referee.store import bot_seats, events, projections

if TYPE_CHECKING:
    from referee.service.core import Core


def deadline_of(core: "Core", loaded: Loaded, seat: int) -> float | None:
    sc = loaded.clocks.seats[seat]
    return sc.due_at if loaded.status == "active" else None


def describe(core: "Core", loaded: Loaded, viewer: int | None, lang: str | None = None,
             views_of: Callable[[dict], dict] | None = None,
             handed: dict[int, dict[str, Any]] | None = None) -> dict[str, Any]:
    """GET /games/{id}: status, who must move (with deadlines), the caller's view (made by
    `views_of` when given: a move's answer views each state once); the prompts' words in `lang`
    (English if None: bots and old clients read the same answer). `handed`: the seats handed to
    a bot, when the caller read them already (a move, inside its transaction)."""
    prompts = loaded.prompts if loaded.status == "active" else ()
    pause = loaded.clocks.pause if loaded.status == "paused" else None
    view = views_of(loaded.state) if views_of is not None else loaded.rules.view(loaded.state, viewer)
    if handed is None:
        handed = bot_seats.of_game(core.db.conn, loaded.game_id)  # seats handed to a bot since creation
    return {
        "id": loaded.game_id, "game": loaded.game, "status": loaded.status, "seq": loaded.seq,
        "seats": [{**s, "absent": loaded.clocks.seats[s["seat"]].absent, **_handed(handed, s["seat"])}
                  for s in loaded.created["seats"]],
        "seed_commitment": loaded.created["seed_commitment"],
        "clock": loaded.created["clock"],
        "talk": policy_of(loaded.created),  # table talk: who may write and read what (service/talk/messages.py)
        "prompts": localize([prompt_json(p, viewer, deadline_of(core, loaded, p.seat), loaded) for p in prompts],
                            translator(lang), loaded.game),
        "pause": {**pause, "until": iso(pause["until"]) if pause.get("until") else None} if pause else None,
        "view": view,
        "facts": loaded.rules.facts(view),
        "result": loaded.result,
    }


def _handed(bots: dict[int, dict[str, Any]], seat: int) -> dict[str, Any]:
    return {"bot": bots[seat]} if seat in bots else {}


def game(core: "Core", game_id: str, viewer: int | None, lang: str | None = None) -> dict[str, Any]:
    return describe(core, core.load(game_id), viewer, lang)


def prompts(core: "Core", game_id: str, viewer: int | None, lang: str | None = None) -> list[dict[str, Any]]:
    loaded = core.load(game_id)
    if loaded.status != "active" or viewer is None:
        return []
    return localize([prompt_json(p, viewer, deadline_of(core, loaded, p.seat), loaded)
                     for p in loaded.prompts if p.seat == viewer], translator(lang), loaded.game)


def list_games(core: "Core", **filters: Any) -> list[dict[str, Any]]:
    return projections.list_games(core.db.conn, **filters)


def redact_event(core: "Core", loaded: Loaded, e: events.Event, viewer: int | None) -> dict[str, Any]:
    """An event as `viewer` may see it; everything is public once the game is over."""
    out = e.to_json()
    if loaded.finished:
        return out
    payload = e.payload
    if "chance" in payload:
        payload = {**payload, "chance": redact_records(payload["chance"], viewer)}
    if e.type == "game_created" and payload.get("position") is not None:
        payload = {**payload, "position": loaded.rules.view(payload["position"], viewer)}
    if e.type in ("move", "timeout"):
        payload = {**payload, "move": loaded.rules.redact(loaded.state, payload["move"], e.seat, viewer)}
    if payload != e.payload:
        out["payload"] = payload
        out["redacted"] = True
    return out


def events_for(core: "Core", game_id: str, viewer: int | None, after: int = 0) -> list[dict[str, Any]]:
    loaded = core.load(game_id)
    return [redact_event(core, loaded, e, viewer) for e in events.read(core.db.conn, game_id, after)
            if e.seq <= loaded.seq]


def raw_events(core: "Core", game_id: str) -> list[events.Event]:
    core.load(game_id)
    return events.read(core.db.conn, game_id)


def prompt_json(p, viewer: int | None, deadline: float | None, loaded: Loaded | None = None) -> dict[str, Any]:
    """A prompt over HTTP. Another seat's choices, default and steps can reveal its hidden
    information (a hand), so only the prompted seat sees them. `steps` is the first step of a
    prompt whose choices are not listed or too many (service/play/steps.py), else null."""
    own = viewer == p.seat
    return {"seat": p.seat, "kind": p.kind, "text": p.text,
            "choices": p.choices if own else None,
            "default": p.default if own else None,
            "steps": first_step(loaded, p) if own and loaded is not None else None,
            "deadline": iso(deadline) if deadline is not None else None}
