"""Babel events told as a player would write them in a game log (the contract's `narrate`, RULES.md §9).

The first line says what the player did, naming the places, cards and levels, and its outcome
(the temple level stolen, the cards expelled, the scores). The automatic steps that follow an
ended turn each get a line: the temple cards drawn onto the yard (C-6), a reshuffle (C-5), the
next player's people draw (C-4, its cards only for the viewer who drew them).

Works from an event already redacted for the viewer and, when given, the viewer's views just
before and after it (`before`/`after`): the pawn's place, the yard tops, the opponent's column
and temple come from `before`, scores from `after`. Without them it says what the move says.
"""

from __future__ import annotations

from typing import Any

from referee.games.babel.text_form import format_move
from referee.engine.wording import join_words, seat_name


def people(p: str) -> str:
    """A people's or location's display name: "hittites" -> "Hittites"."""
    return p.replace("_", " ").title()


def _a(word: str) -> str:
    return ("an " if word[:1] in "AEIOU" else "a ") + word


def _cards(n: int, who: str = "") -> str:
    return f"{n} {who + ' ' if who else ''}card{'s' if n != 1 else ''}"


class _Scene:
    """What `before`/`after` say about the mover, the opponent and the place (None when unknown)."""

    def __init__(self, seat: Any, names: list[str], move: dict[str, Any], before: dict | None, after: dict | None):
        self.seat = seat if seat in (0, 1) else None
        self.opp_seat = 1 - seat if seat in (0, 1) else None
        self.opp = seat_name(names, self.opp_seat) if self.opp_seat is not None else "the opponent"
        self.before, self.after = before, after
        loc = move.get("at")
        if loc is None and before is not None and self.seat is not None:
            loc = before["players"][self.seat]["pawn"]
        self.loc = loc

    def place(self) -> str:
        return f" at the {people(self.loc)}" if self.loc else " at the pawn's location"

    def mine(self, key: str) -> Any:
        if self.before is None or self.seat is None:
            return None
        return self.before["players"][self.seat][key].get(self.loc) if self.loc else None

    def theirs(self, key: str) -> Any:
        if self.before is None or self.opp_seat is None or not self.loc:
            return None
        return self.before["players"][self.opp_seat][key].get(self.loc)


def _ability(move: dict[str, Any], sc: _Scene) -> str:
    power = move.get("power")
    opp, here = sc.opp, sc.place()
    column = sc.mine("columns")
    i = move.get("index")
    spent = (f", discarding {_a(people(column[i]))} card of the triple,"
             if isinstance(column, list) and isinstance(i, int) and 0 <= i < len(column) else "")
    site, col = sc.theirs("sites"), sc.theirs("columns")
    if power == "hittites":
        lv = f" level {site[-1]}" if site else " the top level"
        return f"used the Hittites{here}{spent} and took{lv} of {opp}'s temple there"
    if power == "assyrians":
        levels = (f" ({'level' if len(site) == 1 else 'levels'} {join_words([str(v) for v in site])} "
                  f"{'goes' if len(site) == 1 else 'go'} back on top of the temple supply)") if site else ""
        return f"used the Assyrians{here}{spent} and collapsed {opp}'s temple there{levels}"
    if power == "persians":
        s = move.get("yard")
        yard = sc.before["yards"][s] if sc.before is not None and s in (0, 1) else None
        lv = f"level {yard[-1]}" if yard else "the top card"
        return f"used the Persians{here}{spent} and built {lv} from yard {s}, skipping a level"
    if power == "medes":
        y = str(move.get("target"))
        n = col.count(y) if isinstance(col, list) else None
        what = _cards(n, people(y)) if n is not None else f"every {people(y)} card"
        return f"used the Medes{here}{spent} and expelled {what} from {opp}'s column there"
    if power == "sumerians":
        took = ""
        if isinstance(col, list) and col:
            k = 1
            while k < len(col) and col[-1 - k] == col[-1]:
                k += 1
            took = f" {_cards(k, people(col[-1]))}"
        return f"used the Sumerians{here}{spent} and took{took or ' the run'} from the end of {opp}'s column there"
    n = sc.before["hand_sizes"][sc.opp_seat] if sc.before is not None and sc.opp_seat is not None else None
    half = f" {n // 2} of {n} cards" if n is not None else " half of the hand"
    return f"used a triple{here}{spent.rstrip(',')}: {opp} must discard{half}"


def _action(move: dict[str, Any], sc: _Scene) -> str:
    t = move.get("type")
    if t == "travel":
        x = people(move["people"])
        return f"travelled to the {x}, discarding {_a(x)} card"
    if t == "settle":
        return f"settled {_a(people(move['people']))} card{sc.place()}"
    if t == "build":
        if move.get("source") == "start":
            return f"built the start card (level 1){sc.place()}"
        s = move.get("yard")
        yard = sc.before["yards"][s] if sc.before is not None and s in (0, 1) else None
        whose = ("their own yard" if s == sc.seat else f"{sc.opp}'s yard") if sc.seat is not None else f"yard {s}"
        lv = f"level {yard[-1]}" if yard else "the top temple card"
        return f"built {lv} from {whose}{sc.place()}"
    if t == "migrate":
        moved = ""
        if sc.before is not None and sc.seat is not None:
            col = sc.before["players"][sc.seat]["columns"].get(move["from"], [])
            moved = f" ({join_words([people(c) for c in col[-3:]])})" if len(col) >= 3 else ""
        return f"migrated the last 3 cards{moved} from the {people(move['from'])} to the {people(move['to'])}"
    if t == "ability":
        return _ability(move, sc)
    if t == "end_turn":
        return "ended the turn"
    if t == "finish_first_turn":
        return _finish(sc)
    if t == "discard":
        return "discarded " + join_words([people(c) for c in move.get("cards", [])]) + " to halve the hand"
    return f"played {format_move(move)}"


def _finish(sc: _Scene) -> str:
    """B-15's automatic first turn, told from where the start card ended up."""
    if sc.before is None or sc.after is None or sc.seat is None:
        return "finished the first turn (built the start card and ended the turn)"
    b, a = sc.before["players"][sc.seat], sc.after["players"][sc.seat]
    loc = next((x for x in a["sites"] if a["sites"][x] and not b["sites"][x]), None)
    if loc is None:
        return "finished the first turn (built the start card and ended the turn)"
    steps = []
    if b["pawn"] != loc:
        steps.append(f"travelled to the {people(loc)}")
    if not b["columns"][loc]:
        steps.append("settled a card there" if a["columns"][loc] and len(a["columns"][loc]) < 3 else
                     "brought cards there")
    steps.append(f"built the start card (level 1) at the {people(loc)}")
    return join_words(steps) + ", then ended the turn"


def _scores(names: list[str], before: dict | None, after: dict | None) -> str | None:
    if before is None or after is None or before["scores"] == after["scores"]:
        return None
    return "Scores: " + ", ".join(f"{seat_name(names, s)} {after['scores'][s]}" for s in (0, 1)) + "."


def _chance(records: list[dict[str, Any]], names: list[str], mover: str) -> list[str]:
    told = []
    for r in records:
        label, value = r.get("label"), r.get("value")
        if label == "C-6" and value:
            levels = join_words([str(v) for v in value])
            told.append(f"Temple card{'s' if len(value) != 1 else ''} {levels} went onto {mover}'s yard"
                        + (f" (level {min(value)} on top)." if len(value) > 1 else "."))
        elif label == "C-5":
            told.append("The discard pile was shuffled into a new draw pile.")
        elif label == "C-4":
            vis = r.get("visible_to")
            drawer = seat_name(names, vis[0]) if isinstance(vis, list) and len(vis) == 1 else "The next player"
            if value is not None:
                told.append(f"{drawer} drew " + (join_words([people(c) for c in value]) if value else "nothing") + ".")
            else:
                count = (r.get("public") or {}).get("count")
                told.append(f"{drawer} drew {_cards(count)}." if count is not None else f"{drawer} drew new cards.")
    return told


def narrate(event: dict[str, Any], names: list[str], before: dict | None = None, after: dict | None = None) -> str:
    """e.g. "Bo used the Hittites at the Persians, discarding a Hittites card of the triple, and
    took level 5 of Ada's temple there." then "Scores: Ada 4, Bo 12." on a line of its own."""
    seat = event.get("seat")
    payload = event.get("payload") or {}
    move = payload.get("move") or {}
    mover = seat_name(names, seat)
    sc = _Scene(seat, names, move, before, after)
    lines = [f"{mover} {_action(move, sc)}."]
    score = _scores(names, before, after) if move.get("type") in ("build", "ability", "finish_first_turn") else None
    if score:
        lines.append(score)
    if before is not None and after is not None and before.get("mode") != "race" and after.get("mode") == "race":
        lines.append("Race: 15 points were reached while the opponent had 10 or more; now 20 wins (or pushing "
                     "the opponent below 10).")
    lines += _chance(payload.get("chance") or [], names, mover)
    return "\n".join(lines)
