"""A full state consistent with what one seat's view shows (contract `determinize`), for bots
that search. Unseen cards (deck orders, the other hands) are dealt at random from the cards not
seen anywhere: each deck gets cards of its own epoch, as many as its public count (exactly the
public composition in 3-4 player games, G-R10), the hands as many as their public sizes.
Another seat's secret answer (Decline step 4, final fulfilment) stands in as its default."""

from __future__ import annotations

from collections import Counter
from typing import Any

from referee.engine.rng import Rng

from referee.games.gentes.data import GameData
from referee.games.gentes.decline import default_choices
from referee.games.gentes.invariants import _cards
from referee.games.gentes.scoring import default_fulfil
from referee.games.gentes.state import Ctx, State, clone


def determinize(data: GameData, view: dict[str, Any], rng: Rng) -> State:
    st = clone(view)
    if view["phase"] == "over":
        return st
    seat = view["viewer"]
    for key in ("deck_sizes", "deck_contents", "decline_answered", "final_answered", "viewer"):
        st.pop(key, None)
    hidden = [i for i, p in enumerate(st["players"]) if p["hand"] is None]
    for p in st["players"]:
        p.pop("hand_size", None)
        if p["hand"] is None:
            p["hand"] = []
    st["decks"] = {k: [] for k in view["deck_sizes"]}
    unseen = Counter(data.card_order) - _cards(st)
    contents = view.get("deck_contents")
    spare: list[str] = []
    for key, size in view["deck_sizes"].items():
        if contents is not None:
            mine = list(contents[key])
        else:
            pool = rng.shuffle(sorted(c for c in unseen.elements() if str(data.cards[c]["epoch"]) == key),
                               label="determinize")
            mine, more = pool[:size], pool[size:]
            spare += more
        unseen -= Counter(mine)
        st["decks"][key] = rng.shuffle(sorted(mine), label="determinize")
    if contents is not None:
        spare = sorted(unseen.elements())
    spare = rng.shuffle(sorted(spare), label="determinize")
    for i in hidden:
        n = view["players"][i]["hand_size"]
        st["players"][i]["hand"], spare = spare[:n], spare[n:]
    for step, default in (("decline", lambda s: default_choices(Ctx(data, st, s, None), s)),
                          ("final", lambda s: default_fulfil())):
        st[f"{step}_submitted"] = dict(view[f"{step}_submitted"])
        for s in view[f"{step}_answered"]:
            if str(s) not in st[f"{step}_submitted"]:
                st[f"{step}_submitted"][str(s)] = default(s)
    return st
