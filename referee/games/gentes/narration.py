"""The narrate hook: one short sentence per (redacted) move or timeout event."""

from __future__ import annotations

from typing import Any, Callable

from referee.games.gentes.data import GameData


def _tile_phrase(data: GameData, move: dict[str, Any]) -> str:
    tile = data.tiles.get(move.get("tile"), {})
    kind = tile.get("action", "an action")
    params = move.get("params") or {}
    detail = ""
    if kind == "philosopher" and params.get("train"):
        detail = " and trained " + " and ".join(params["train"])
    elif kind == "scribe":
        detail = " and took cards from the " + ("discard pile" if params.get("mode") == "discard" else "display")
    elif kind == "navigator" and params.get("space"):
        detail = f" and built a city on {params['space']}"
    elif kind == "chronicler" and params.get("card"):
        detail = f" and played {params['card']}"
    elif kind == "leader":
        detail = " and will be start player"
    return f"took {move.get('tile')} ({kind}){detail}"


PHRASES: dict[str, Callable[[GameData, dict[str, Any]], str]] = {
    "draft_pick": lambda d, m: f"drafted {m.get('card')}",
    "take_tile": _tile_phrase,
    "tax_collector": lambda d, m: f"used the tax collector with {m.get('hourglasses')} hourglass(es)",
    "use_ability": lambda d, m: "placed a cube on " + str((m.get("source") or {}).get("card")
                                                         or (m.get("source") or {}).get("hometown_space")),
    "pass": lambda d, m: "passed",
    "decline_choices": lambda d, m: f"activated {', '.join((m.get('activate') or {}).values()) or 'no city'} in the Decline",
    "final_fulfil": lambda d, m: f"claimed {len(m.get('claims') or [])} hand card(s) at the end",
}


def narrate(data: GameData, event: dict[str, Any], names: list[str]) -> str:
    seat = event.get("seat")
    who = names[seat] if seat is not None and 0 <= seat < len(names) else "Someone"
    move = (event.get("payload") or {}).get("move") or {}
    kind = move.get("type")
    late = " (deadline passed)" if event.get("type") == "timeout" else ""
    if move.get("hidden"):
        what = f"answered the {'decline' if kind == 'decline_choices' else 'final scoring'} prompt"
    else:
        what = PHRASES.get(kind, lambda d, m: "moved")(data, move) if isinstance(kind, str) else "moved"
    return f"{who} {what}{late}."
