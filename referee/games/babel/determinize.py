"""A full state consistent with what one seat's view shows (contract `determinize`), for bots
that search: the unseen people cards (the other hand and the draw pile) and the face-down
temple supply below its known top are dealt at random from the cards not seen anywhere, so
every count the view shows (hand sizes, pile sizes, the known supply top) is kept."""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

from referee.engine.rng import Rng

from referee.games.babel.board import other
from referee.games.babel.config import Config
from referee.games.babel.invariants import _people_cards, _temple_cards


def determinize(cfg: Config, view: dict[str, Any], rng: Rng) -> dict[str, Any]:
    if view["phase"] == "over":  # everything is public: the view is the state plus derived keys
        return {k: copy.deepcopy(v) for k, v in view.items() if k not in ("scores", "hand_sizes", "viewer")}
    seat = view["viewer"]
    players = []
    for i, p in enumerate(view["players"]):
        hand = dict(p["hand"]) if i == seat else {q: 0 for q in cfg.peoples}
        players.append({"hand": hand, "start_card": p["start_card"], "pawn": p["pawn"],
                        "columns": copy.deepcopy(p["columns"]), "sites": copy.deepcopy(p["sites"])})
    state = {
        "start_seat": view["start_seat"], "turn": view["turn"], "active": view["active"],
        "phase": view["phase"], "pending": copy.deepcopy(view["pending"]),
        "migrated_this_turn": view["migrated_this_turn"], "mode": view["mode"],
        "people_draw": [], "people_discard": list(view["people_discard"]),
        "temple_supply": list(view["temple_supply_top"]), "temple_supply_known": view["temple_supply_known"],
        "yards": copy.deepcopy(view["yards"]), "players": players, "result": None,
    }
    seen = _people_cards(state)
    unseen = [q for q in cfg.peoples for _ in range(cfg.people_counts[q] - seen[q])]
    unseen = rng.shuffle(unseen, label="determinize")
    if seat is not None:
        hidden = [other(seat)]
    else:
        hidden = [0, 1]
    for i in hidden:
        n = view["players"][i]["hand_size"]
        dealt, unseen = unseen[:n], unseen[n:]
        players[i]["hand"] = {q: dealt.count(q) for q in cfg.peoples}
    state["people_draw"] = unseen
    placed = _temple_cards(cfg, state)
    rest = Counter({lv: n - placed[lv] for lv, n in cfg.temple_counts.items()})
    state["temple_supply"] += rng.shuffle(sorted(rest.elements()), label="determinize")
    return state
