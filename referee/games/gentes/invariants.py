"""check_state: invariant violations of a position (RULES.md 8; the issue's playout checks)."""

from __future__ import annotations

from collections import Counter

from referee.games.gentes.data import GameData
from referee.games.gentes.state import State


def _cards(st: State) -> Counter:
    c: Counter = Counter()
    for deck in st["decks"].values():
        c.update(deck)
    c.update(s["card"] for s in st["display"] if s is not None)
    c.update(x for x in st.get("draft_pool", []) if x is not None)
    c.update(st["discard"])
    c.update(st["box"])
    for p in st["players"]:
        c.update(p["hand"])
        c.update(p["tableau"])
    return c


def violations(data: GameData, st: State) -> list[str]:
    out: list[str] = []
    try:
        cards = _cards(st)
        if cards != Counter(data.card_order):
            out.append("cards are not conserved across decks, display, hands, tableaux, discard and box")
        tiles = data.tiles_for(len(st["players"]))
        placed = [c[5:] for p in st["players"] for c in p["track"] if c.startswith("tile:")]
        if sorted(placed + st["tiles_on_board"]) != sorted(tiles):
            out.append("every tile must be on the board or on exactly one time track")
        cubes = st["supply_cubes"] + len(st["hometown_marked"])
        cubes += sum(1 for s in st["display"] if s is not None and s["cube"])
        for i, p in enumerate(st["players"]):
            cubes += p["cubes"]["eye"] + p["cubes"]["temple"] + len(p["cards_marked"])
            t = p["track"]
            if len(t) != data.track_len or any(c not in ("locked", "empty", "hg1", "hg2") and not c.startswith("tile:") for c in t):
                out.append(f"seat {i}: the time track has bad cells")
            locks = [j for j, c in enumerate(t) if c == "locked"]
            if locks and locks != list(range(len(t) - len(locks), len(t))):
                out.append(f"seat {i}: locks are not the rightmost block (G-9)")
            if p["coins"] < 0:
                out.append(f"seat {i}: negative coins")
            if any(v < 0 for v in p["pop"].values()) or set(p["pop"]) != set(data.professions):
                out.append(f"seat {i}: bad population")
            for left, right in data.rows:
                if p["pop"][left] + p["pop"][right] > data.row_capacity:
                    out.append(f"seat {i}: row {left}-{right} over capacity (G-17)")
            owned = sum(1 for o in st["city_owner"].values() if o == i)
            if owned + p["cities_in_supply"] != data.cities:
                out.append(f"seat {i}: cities placed + supply != {data.cities}")
            if any(c not in p["tableau"] for c in p["cards_marked"]):
                out.append(f"seat {i}: a marked card is not in the tableau")
            if min(p["cubes"].values()) < 0:
                out.append(f"seat {i}: negative cubes")
        if st["supply_cubes"] < 0 or cubes != data.cube_total:
            out.append(f"indicator cubes not conserved: {cubes} != {data.cube_total}")
        if any(data.space(s) is None for s in st["city_owner"]):
            out.append("a city stands on an unknown space")
        if any(s not in data.home_spaces for s in st["hometown_marked"]):
            out.append("a marked space is not a hometown space")
        if st["phase"] == "heyday" and st["passed"][st["turn_seat"]]:
            out.append("the seat to move has passed")
    except (KeyError, TypeError, AttributeError, IndexError, ValueError) as e:
        out.append(f"malformed state: {e!r}")
    return out
