"""One short sentence per move or timeout event (contract hook `narrate`).

Works from the event as the viewer may see it: moves carry no secrets (README "What you see"),
drawn cards appear only as the public count of their chance records, and no coin amount is
named, so nothing hidden (hands, deck, coins when they are not public) can leak.
"""

from __future__ import annotations

from typing import Any

from referee.games.khronos.data import NAMES


def _sq(sq: list[int]) -> str:
    return f"({sq[0]},{sq[1]})"


def _drawn(event: dict) -> int | None:
    counts = [r.get("public", {}).get("count") for r in event.get("payload", {}).get("chance", []) or []
              if r.get("kind") == "note"]
    counts = [c for c in counts if isinstance(c, int)]
    return sum(counts) if counts else None


def _what(move: dict[str, Any], names: list[str]) -> str:
    t = move.get("type")
    if t == "exchange_cards":
        n = len(move["discard"])
        return f"exchanged {n} card{'s' if n != 1 else ''}"
    if t == "holdem_swap":
        return f"swapped {', '.join(move['give'])} for {', '.join(move['take'])} from the display"
    if t == "travel":
        return f"sent adventurer {move['adventurer']} to {move['to'].capitalize()}"
    if t == "build":
        name = NAMES.get((move["building"], move["rank"]), move["building"])
        return f"built a {name} in {move['age'].capitalize()} at {_sq(move['anchor'])}"
    if t == "upgrade":
        return f"upgraded the building at {_sq(move['at'])} in {move['age'].capitalize()} to rank {move['rank']}"
    if t == "demolish":
        return f"demolished the building at {_sq(move['at'])} in {move['age'].capitalize()}"
    if t == "populate":
        n = len(move["cards"])
        return f"put {n} cube{'s' if n != 1 else ''} on the building at {_sq(move['at'])} in Reason"
    if t == "restore":
        return f"worked on the ruin at {_sq(move['at'])} in Reason with {len(move['cards'])} card(s)"
    if t == "end_turn":
        return "ended the turn"
    if t == "choose_reduction":
        return f"chose to reduce the building at {_sq(move['at'])}"
    if t == "place_reduced":
        return f"placed the reduced building at {_sq(move['anchor'])}"
    if t == "choose_hamlet_keeper":
        s = move["seat"]
        who = names[s] if 0 <= s < len(names) else f"seat {s}"
        return f"chose {who} to keep a cube on the printed hamlet"
    return "moved"


def sentence(event: dict, names: list[str]) -> str:
    seat = event.get("seat")
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "The referee"
    move = (event.get("payload") or {}).get("move") or {}
    what = _what(move, names)
    drawn = _drawn(event)
    tail = f" and drew {drawn} card{'s' if drawn != 1 else ''}" if drawn and move.get("type") in (
        "end_turn", "exchange_cards") else ""
    if event.get("type") == "timeout":
        return f"{who} ran out of time; the referee {what.replace('ended the turn', 'ended the turn for them')}{tail}."
    return f"{who} {what}{tail}."
