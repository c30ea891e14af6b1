"""Iron Age events told in one sentence (the contract's `narrate`, RULES.md §1: nothing is
hidden, so every viewer reads the same sentence). Dice come from the event's chance records:
the `roll` note of each throw names the faces; a note with roll number 1 is the first throw
of the next turn, thrown inside the move that ended the previous one.
"""

from __future__ import annotations

from typing import Any

from referee.games.iron_age.effects import GameData
from referee.engine.wording import join_words, seat_name


def _words(face: str) -> str:
    return str(face).replace("_", " ")


def _action(g: GameData, a: dict[str, Any]) -> str:
    kind, n = a["kind"], a.get("count", 1)
    boxes = f"{n} box{'es' if n != 1 else ''}"
    if kind == "province_box":
        return f"{boxes} of province {a['province']}"
    if kind == "port_box":
        return f"port {a['port']}"
    if kind == "amphora":
        return f"{n} amphora{'s' if n != 1 else ''} of port {a['port']}"
    if kind == "monument_box":
        m = g.monuments.get(a["monument"], {})
        return f"{boxes} of the {m.get('en', _words(a['monument']))}"
    if kind == "military":
        return f"{n} military"
    return f"{n} ship{'s' if n != 1 else ''}"


def _move(g: GameData, move: dict[str, Any]) -> str:
    t = move.get("type")
    if t == "initial_choice":
        return f"took a {move['choice']} as the free start column"
    if t == "reroll":
        dice = [f"die {i}" for i in move.get("empire", [])] + (["the fate die"] if move.get("fate") else [])
        return f"rerolled {join_words(dice)}"
    if t == "stop_rolling":
        return "stopped rolling"
    if t == "omen":
        die = "the fate die" if move["die"] == "fate" else f"die {move['die']}"
        return f"used the omen to turn {die} to {_words(move['face'])}"
    if t == "omen_decline":
        return "declined the omen"
    if t == "assign":
        picks = [f"die {d} as {v}" for d, v in move.get("choices", {}).items()]
        return f"took {join_words(picks)}" if picks else "assigned no dice"
    if t == "conquest":
        return "attacked (conquest)" if move["attack"] else "did not attack"
    if t == "tribute_response":
        return "denied the tribute with 1 good" if move["deny"] else "paid the tribute"
    if t == "build":
        acts = [_action(g, a) for a in move.get("actions", [])]
        return f"built {join_words(acts)}" if acts else "built nothing"
    if t == "buy":
        d = g.developments.get(move["development"], {})
        pay = [f"{n} {k}" for k, n in move.get("payment", {}).items() if n]
        return f"bought {d.get('en', _words(move['development']))}" + (f" for {join_words(pay)}" if pay else "")
    if t == "buy_none":
        return "bought no development"
    if t == "convert":
        return f"converted goods into {move['wealth']} wealth"
    if t == "end_turn":
        return "ended the turn"
    return f"played {t}"


def _throw(value: dict[str, Any]) -> str:
    faces = [_words(f) for _, f in sorted(value.get("empire", {}).items(), key=lambda kv: int(kv[0]))]
    fate = value.get("fate")
    parts = faces + ([f"fate {_words(fate)}"] if fate else [])
    return join_words(parts, "nothing")


def narrate(g: GameData, event: dict[str, Any], names: list[str]) -> str:
    """e.g. "Ada rerolled die 0 and die 2: goods and skull." or "Bo ended the turn; Cy rolled
    food, workers, goods and fate omen." """
    seat = event.get("seat")
    payload = event.get("payload") or {}
    move = payload.get("move") or {}
    text = f"{seat_name(names, seat)} {_move(g, move)}"
    for r in payload.get("chance") or []:
        if r.get("label") != "roll" or r.get("kind") != "note" or not isinstance(r.get("value"), dict):
            continue
        value = r["value"]
        if value.get("roll_no") == 1:
            follows = move.get("type") not in ("tribute_response",) and isinstance(seat, int) and names
            nxt = seat_name(names, (seat + 1) % len(names)) if follows else "the next player"
            text += f"; {nxt} rolled {_throw(value)}"
        else:
            text += f": {_throw(value)}"
    return text + "."
