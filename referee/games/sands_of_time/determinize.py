"""A full state consistent with what one seat's view shows (contract `determinize`), for bots
that search. Dealt at random from what is unseen: the order of the progress stacks (and the two
cards another seat drew and is choosing between), another seat's chronicle values on its board
and in its hand (a permutation of its own set), its unrevealed pair of action cards (a pair the
rules let it choose, ST-21) and its secret combat value (within its limit, ST-56)."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from referee.engine.contract import IllegalMove
from referee.engine.rng import Rng

from referee.games.sands_of_time.cards import check_choose, choosable
from referee.games.sands_of_time.data import GameData
from referee.games.sands_of_time.state import State, clone
from referee.games.sands_of_time.views import HIDDEN


def determinize(g: GameData, view: dict[str, Any], rng: Rng) -> State:
    st = clone(view)
    st.pop("viewer", None)
    if view["game_over"]:
        return st
    _progress(g, view, st, rng)
    for seat, p in enumerate(st["players"]):
        if isinstance(p["chronicle_hand"], int):
            values = rng.shuffle(list(g.chronicle_values), label="determinize")
            for f, v in p["chronicle_board"].items():
                if v is not None:
                    p["chronicle_board"][f] = values.pop()
            p["chronicle_hand"] = sorted(values)
        if p["selected_cards"] == HIDDEN:
            p["selected_cards"], p["auto_decline"] = _pair(g, st, seat, rng), False
    a = st["action"]
    if a and a.get("kind") == "combat" and a.get("stage") == "values":
        for k, v in a["values"].items():
            if v == HIDDEN:
                a["values"][k] = rng.below(a["limits"][k] + 1, label="determinize")
    return st


def _progress(g: GameData, view: dict[str, Any], st: State, rng: Rng) -> None:
    seen = {c for row in view["progress_rows"].values() for c in row}
    a = st["action"]
    pick = a if a and a.get("kind") == "progress_pick" else None
    if pick and isinstance(pick["drawn"], list):
        seen.update(pick["drawn"])
    for cat, levels in view["progress_stacks"].items():
        for lv, count in levels.items():
            pool = rng.shuffle(sorted(c for c in g.cards_by.get((cat, int(lv)), []) if c not in seen),
                               label="determinize")
            st["progress_stacks"][cat][lv] = pool[:count]
            if pick and isinstance(pick["drawn"], int) and pick["category"] == cat and str(pick["level"]) == lv:
                pick["drawn"] = pool[count:count + pick["drawn"]]


def _pair(g: GameData, st: State, seat: int, rng: Rng) -> list[str]:
    """A pair of action cards the seat could have chosen (its hand as the view shows it)."""
    trial = {**st, "phase": "SELECT", "players": [dict(p) for p in st["players"]]}
    trial["players"][seat]["selected_cards"] = None
    fresh, reuse, focus = choosable(g, trial, seat)
    pairs = []
    for pair in combinations(dict.fromkeys(fresh + reuse + focus), 2):
        try:
            check_choose(g, trial, seat, {"type": "choose_cards", "cards": list(pair)})
        except IllegalMove:
            continue
        pairs.append(list(pair))
    return pairs[rng.below(len(pairs), label="determinize")] if pairs else list(fresh[:2])
