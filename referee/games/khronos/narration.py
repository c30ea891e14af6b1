"""What happened, as a player would write it in a game log (contract hook `narrate`).

The first line says what the seat did: the places, cards and coins involved. With the viewer's
views just before and after (`before`/`after`), the lines that follow say what the rules then
did on their own: time shadows cast into later ages, buildings removed by a time paradox or
reduced by the rank rule, coins earned, the refill, the taxes (K-25) and the turn and round that
follow. Only those views and the redacted event are read, so nothing hidden can leak: a hand
is never named, drawn cards appear only as their public count, and a coin amount the viewer may
not see (K-45, Ruling K-R24) is left out.
"""

from __future__ import annotations

from typing import Any

from referee.games.khronos.data import NAMES

AGE = {"might": "Might", "faith": "Faith", "reason": "Reason"}


def _who(names: list[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else f"seat {seat}"


def _at(sq: list[int]) -> str:
    return f"row {sq[0]}, column {sq[1]}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _cards(cards: list[str]) -> str:
    return ", ".join(cards)


def _drawn(event: dict) -> int | None:
    counts = [r.get("public", {}).get("count") for r in event.get("payload", {}).get("chance", []) or []
              if r.get("kind") == "note"]
    counts = [c for c in counts if isinstance(c, int)]
    return sum(counts) if counts else None


def _tile_name(t: dict, names: list[str], owner: bool = True) -> str:
    name = NAMES.get((t["type"], t["rank"]), t["type"])
    if t.get("ruin"):
        name = "ruined " + name
    if owner and t.get("owner") is not None:
        return f"{_who(names, t['owner'])}'s {name}"
    return name


def _building_at(view: dict | None, age: str, sq: list[int], names: list[str]) -> str:
    """The building on square `sq` of `age` in `view`, in words ("the building" without a view)."""
    if view is None:
        return "the building"
    kinds = view.get("kinds", {})
    for t in view["boards"][age]["tiles"].values():
        s = kinds.get(f"{t['type']}_{t['rank']}", {}).get("size", t["rank"])
        if t["anchor"][0] <= sq[0] < t["anchor"][0] + s and t["anchor"][1] <= sq[1] < t["anchor"][1] + s:
            return "the " + _tile_name(t, names) if t.get("owner") is None else _tile_name(t, names)
    return "the printed hamlet"


def _coins(view: dict | None, seat: int) -> int | None:
    if view is None or not 0 <= seat < len(view["players"]):
        return None
    c = view["players"][seat].get("coins")
    return c if isinstance(c, int) else None


def _what(move: dict[str, Any], seat: int, names: list[str], before: dict | None, after: dict | None) -> str:
    t = move.get("type")
    c0, c1 = _coins(before, seat), _coins(after, seat)
    paid = f" for {_plural(c0 - c1, 'coin')}" if c0 is not None and c1 is not None and c0 > c1 else ""
    if t == "exchange_cards":
        return f"{('paid' + paid.replace(' for', '') + ' to exchange') if paid else 'exchanged'} {_plural(len(move['discard']), 'card')} (discarded {_cards(move['discard'])})"
    if t == "holdem_swap":
        return f"took {_cards(move['take'])} from the Hold'em display and gave {_cards(move['give'])}"
    if t == "travel":
        frm = before["players"][seat]["adventurers"][move["adventurer"]] if before else None
        where = f" from {AGE.get(frm, frm)}" if frm else ""
        return f"sent adventurer {move['adventurer']}{where} to {AGE.get(move['to'], move['to'])}{paid}"
    if t == "build":
        name = NAMES.get((move["building"], move["rank"]), move["building"])
        return (f"built a {name} in {AGE.get(move['age'])} at {_at(move['anchor'])} "
                f"with {_cards(move['cards'])}")
    if t == "upgrade":
        old = _building_at(before, move["age"], move["at"], names)
        name = NAMES.get((_type_at(before, move), move["rank"]), f"rank {move['rank']}")
        return (f"upgraded {old} at {_at(move['at'])} in {AGE.get(move['age'])} to a {name} "
                f"(new corner {_at(move['anchor'])}) with {_cards(move['cards'])}")
    if t == "demolish":
        old = _building_at(before, move["age"], move["at"], names)
        return f"demolished {old} at {_at(move['at'])} in {AGE.get(move['age'])} with {move['card']}" + (
            paid.replace(" for", " and") if paid else "")
    if t == "populate":
        old = _building_at(before, "reason", move["at"], names)
        n = len(move["cards"])
        return f"put {_plural(n, 'cube')} on {old} at {_at(move['at'])} in Reason with {_cards(move['cards'])}"
    if t == "restore":
        old = _building_at(before, "reason", move["at"], names)
        return f"worked on {old} at {_at(move['at'])} in Reason with {_cards(move['cards'])}"
    if t == "end_turn":
        return "ended the turn"
    if t == "choose_reduction":
        age = before["pending"][0].get("age") if before and before.get("pending") else None
        old = _building_at(before, age, move["at"], names) if age else "the building"
        return f"chose to reduce {old} at {_at(move['at'])}" + (f" in {AGE.get(age)}" if age else "")
    if t == "place_reduced":
        return f"placed the reduced building with its north-west corner at {_at(move['anchor'])}"
    if t == "choose_hamlet_keeper":
        return f"chose {_who(names, move['seat'])} to keep a cube on the printed hamlet"
    return "moved"


def _type_at(view: dict | None, move: dict) -> str:
    if view is None:
        return ""
    for t in view["boards"][move["age"]]["tiles"].values():
        s = view.get("kinds", {}).get(f"{t['type']}_{t['rank']}", {}).get("size", t["rank"])
        a = t["anchor"]
        if a[0] <= move["at"][0] < a[0] + s and a[1] <= move["at"][1] < a[1] + s:
            return t["type"]
    return "civil"


def _board_changes(move: dict, names: list[str], before: dict, after: dict) -> list[str]:
    """Tiles that appeared or vanished in each age, beyond the move's own tile."""
    out = []
    own_age = move.get("age")
    for age in before["boards"]:
        was, now = before["boards"][age]["tiles"], after["boards"][age]["tiles"]
        added = [t for tid, t in now.items() if tid not in was]
        gone = [t for tid, t in was.items() if tid not in now]
        if age == own_age and move.get("type") in ("build", "upgrade"):
            added = [t for t in added if t["anchor"] != move["anchor"] or t["rank"] != move["rank"]]
            if move["type"] == "upgrade":
                gone = [t for t in gone if not _covers(before, t, move["at"])]
        if age == own_age and move.get("type") == "demolish":
            gone = [t for t in gone if not _covers(before, t, move["at"])]
        for t in gone:
            twin = next((a for a in added if a["type"] == t["type"] and a.get("owner") == t.get("owner")
                         and a["rank"] < t["rank"]), None)
            if twin is not None:
                added.remove(twin)
                out.append(f"In {AGE[age]}, {_tile_name(t, names)} at {_at(t['anchor'])} was reduced to a "
                           f"{NAMES.get((twin['type'], twin['rank']))} at {_at(twin['anchor'])}.")
            else:
                out.append(f"In {AGE[age]}, {_tile_name(t, names)} at {_at(t['anchor'])} was removed "
                           f"({'time paradox or rank rule' if move.get('type') != 'demolish' else 'rank rule'}).")
        for t in added:
            out.append(f"Time shadow: {'a ' + _tile_name(t, names, owner=False)} appeared in {AGE[age]} at "
                       f"{_at(t['anchor'])}" + (f" ({_who(names, t['owner'])}'s)" if t.get("owner") is not None
                                                else "") + ".")
    return out


def _covers(view: dict, t: dict, sq: list[int]) -> bool:
    s = view.get("kinds", {}).get(f"{t['type']}_{t['rank']}", {}).get("size", t["rank"])
    return t["anchor"][0] <= sq[0] < t["anchor"][0] + s and t["anchor"][1] <= sq[1] < t["anchor"][1] + s


def _after_lines(event: dict, move: dict, seat: int, names: list[str], before: dict | None,
                 after: dict | None) -> list[str]:
    out: list[str] = []
    t = move.get("type")
    who = _who(names, seat)
    drawn = _drawn(event)
    if t == "end_turn":
        out.append(f"{who} discarded the rest of the hand and drew {_plural(drawn or 0, 'card')} (refill)."
                   if drawn is not None else f"{who} discarded the rest of the hand and drew new cards (refill).")
    if t == "exchange_cards" and drawn is not None:
        out.append(f"{who} drew {_plural(drawn, 'card')}.")
    if before is None or after is None:
        return out
    if t in ("build", "upgrade", "demolish", "choose_reduction", "place_reduced", "choose_hamlet_keeper"):
        out += _board_changes(move, names, before, after)
    if t == "restore":
        tile = next((x for x in after["boards"]["reason"]["tiles"].values() if _covers(after, x, move["at"])), None)
        if tile is not None:
            out.append(f"The {NAMES.get((tile['type'], tile['rank']))} is restored."
                       if not tile["ruin"] else f"It is half restored; {who}'s cube marks it.")
    c0, c1 = _coins(before, seat), _coins(after, seat)
    if t in ("build", "upgrade") and c0 is not None and c1 is not None and c1 > c0:
        out.append(f"{who} earned {_plural(c1 - c0, 'coin')} of income in {AGE.get(move['age'])}.")
    tax = after.get("last_tax")
    if t == "end_turn" and tax and tax != before.get("last_tax"):
        amounts = tax.get("amounts")
        if amounts is None:
            out.append(f"{_who(names, tax['seat'])} collected taxes (amount hidden).")
        else:
            parts = ", ".join(f"{AGE.get(a, a)} {n}" for a, n in amounts.items() if n) or "nothing"
            total = sum(amounts.values())
            out.append(f"{_who(names, tax['seat'])} collected taxes: {parts} ({_plural(total, 'coin')}).")
    if after.get("pending") and after["pending"] != before.get("pending"):
        d = after["pending"][0]
        what = {"choose_reduction": "must choose which building is reduced",
                "place_reduced": "must place the reduced building",
                "choose_hamlet_keeper": "must choose who keeps a cube on the printed hamlet"}.get(d["decision"])
        out.append(f"{_who(names, d['seat'])} {what} (in {AGE.get(d.get('age', 'reason'))}).")
    if after.get("phase") == "finished" and before.get("phase") != "finished":
        res = after.get("result") or {}
        scores = res.get("scores") or []
        line = "; ".join(f"{_who(names, i)} {s}" for i, s in enumerate(scores))
        won = " and ".join(_who(names, s) for s in res.get("winners") or [])
        out.append(f"Game over. Coins: {line}. {won} won." if won else f"Game over. Coins: {line}.")
    elif t == "end_turn" and after.get("active_seat") != before.get("active_seat"):
        if after.get("round") != before.get("round"):
            out.append(f"Round {after['round']} begins.")
        out.append(f"{_who(names, after['active_seat'])}'s turn.")
    return out


def sentence(event: dict, names: list[str], before: dict | None = None, after: dict | None = None) -> str:
    seat = event.get("seat")
    who = _who(names, seat) if isinstance(seat, int) else "The referee"
    move = (event.get("payload") or {}).get("move") or {}
    what = _what(move, seat if isinstance(seat, int) else -1, names, before, after)
    if event.get("type") == "timeout":
        first = f"{who} ran out of time; the referee {what.replace('ended the turn', 'ended the turn for them')}."
    else:
        first = f"{who} {what}."
    return "\n".join([first] + _after_lines(event, move, seat if isinstance(seat, int) else -1, names, before, after))
