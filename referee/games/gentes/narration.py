"""The narrate hook: one short sentence per (redacted) move or timeout event."""

from __future__ import annotations

from typing import Any

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


def narrate(data: GameData, event: dict[str, Any], names: list[str]) -> str:
    seat = event.get("seat")
    who = names[seat] if seat is not None and 0 <= seat < len(names) else "Someone"
    move = (event.get("payload") or {}).get("move") or {}
    kind = move.get("type")
    late = " (deadline passed)" if event.get("type") == "timeout" else ""
    if move.get("hidden"):
        text = f"{who} answered the {'decline' if kind == 'decline_choices' else 'final scoring'} prompt"
    elif kind == "draft_pick":
        text = f"{who} drafted {move.get('card')}"
    elif kind == "take_tile":
        text = f"{who} {_tile_phrase(data, move)}"
    elif kind == "tax_collector":
        text = f"{who} used the tax collector with {move.get('hourglasses')} hourglass(es)"
    elif kind == "use_ability":
        src = move.get("source") or {}
        text = f"{who} placed a cube on {src.get('card') or src.get('hometown_space')}"
    elif kind == "pass":
        text = f"{who} passed"
    elif kind == "decline_choices":
        text = f"{who} activated {', '.join((move.get('activate') or {}).values()) or 'no city'} in the Decline"
    elif kind == "final_fulfil":
        text = f"{who} claimed {len(move.get('claims') or [])} hand card(s) at the end"
    else:
        text = f"{who} moved"
    return text + late + "."
