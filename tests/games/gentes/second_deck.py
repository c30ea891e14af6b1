"""A second, different component set in the same vocabulary (the issue's "corrected components"
check): another deck of 36 cards using every op, a 12-space time track with 4 locks, a
different hometown row and one tile fewer per kind. Supplied through `components` at creation."""

from __future__ import annotations

import copy
from typing import Any

from referee.games.gentes.rules import GameRules

PROFS = ["priest", "scholar", "soldier", "merchant", "noble", "artisan"]
SYN = ["scroll", "amphora", "laurel", "helmet", "column"]

EFFECTS: list[list[dict[str, Any]]] = [
    [{"op": "coins", "n": 3}],
    [{"op": "cube", "kind": "eye", "n": 1}],
    [{"op": "cube", "kind": "temple", "n": 2}],
    [{"op": "pop_any", "n": 2}],
    [{"op": "unlock", "n": 1}],
    [{"op": "draw_discard", "n": 1}],
    [{"op": "draw_display", "n": 1, "max_slot": 4}],
    [{"op": "vp_per", "what": "own_cities_map", "n": 1, "max": 4}],
    [{"op": "vp_per", "what": "profession:priest", "n": 1}],
    [{"op": "action", "kind": "philosopher", "as_cost": 3}],
    [{"op": "action", "kind": "navigator", "symbol": "spiral"}],
    [{"op": "remove_hourglass", "n": 2}],
    [{"op": "vp_per", "what": "own_hometowns", "n": 2}],
    [{"op": "action", "kind": "scribe", "as_cost": 6}],
]
PENALTIES: list[list[dict[str, Any]]] = [
    [], [{"op": "hourglass", "n": 2}], [{"op": "coins", "n": -2}], [{"op": "pop", "prof": "artisan", "n": -1}],
    [{"op": "cube", "kind": "eye", "n": -1}], [{"op": "vp", "n": -1}],
]
ABILITIES: list[dict[str, Any] | None] = [
    None,
    {"kind": "cube", "coins": 1, "hourglasses": 0, "effects": [{"op": "vp", "n": 1}]},
    {"kind": "moon", "effects": [{"op": "remove_hourglass", "n": 1}]},
    {"kind": "cube", "coins": 0, "hourglasses": 1, "effects": [{"op": "action", "kind": "chronicler"}]},
    {"kind": "moon", "effects": [{"op": "pop_any", "n": 1}]},
    {"kind": "cube", "coins": 2, "hourglasses": 1, "effects": [{"op": "draw_discard", "n": 2}]},
    None,
    {"kind": "moon", "effects": [{"op": "draw_display", "n": 1, "max_slot": 8}]},
]


def second_deck() -> list[dict[str, Any]]:
    cards = []
    for epoch in (1, 2, 3):
        for k in range(12):
            i = (epoch - 1) * 12 + k
            need = {PROFS[i % 6]: epoch + k % 2, PROFS[(i + 2) % 6]: epoch - 1 + (k % 3 == 0)}
            card: dict[str, Any] = {
                "id": f"X{epoch}-{k + 1:02d}", "name": f"Second deck {epoch}/{k + 1}", "epoch": epoch,
                "requires": {"professions": {p: n for p, n in need.items() if n > 0},
                             "city_symbols": {["goods", "eye", "temple"][k % 3]: 1} if k % 4 == 3 else {}},
                "vp": 2 * epoch + k % 4, "rewards": copy.deepcopy(EFFECTS[i % len(EFFECTS)]),
                "penalties": copy.deepcopy(PENALTIES[i % len(PENALTIES)]),
                "synergy": [] if epoch == 3 else SYN[k % 5: k % 5 + 1 + k % 2],
            }
            ability = ABILITIES[i % len(ABILITIES)]
            if ability is not None:
                card["ability"] = copy.deepcopy(ability)
            cards.append(card)
    return cards


def second_components() -> dict[str, Any]:
    c = copy.deepcopy(GameRules.bundled_components())
    c["cards"] = second_deck()
    c["time_track"]["spaces"] = 12
    c["time_track"]["locked_at_start"] = [9, 10, 11, 12]
    c["time_track"]["start_hourglasses"] = [{"space": 1, "symbols": 2}]
    c["action_tiles"] = [t for t in c["action_tiles"] if t["id"] not in ("PH5", "SC5", "NV5", "CH5")]
    c["hometown"]["rows"][2]["options"][0] = {"id": "a", "kind": "action", "coins": 2, "hourglasses": 0,
                                              "effects": [{"op": "pop_any", "n": 1}, {"op": "vp", "n": 1}]}
    c["hand_limit"]["cards"] = 4
    return c
