"""A full state consistent with what one seat's view shows (contract `determinize`), for bots
that search. The deck and the other hands are dealt at random from the cards not seen anywhere
(sizes as the view shows them). Coins hidden by `coins_public` off are guessed as the viewer's
own (the view gives no better estimate), and a hidden tax breakdown as none."""

from __future__ import annotations

from collections import Counter
from typing import Any

from referee.engine.rng import Rng

from referee.games.khronos.data import GameData
from referee.games.khronos.state import State, clone


def determinize(g: GameData, view: dict[str, Any], rng: Rng) -> State:
    st = clone(view)
    for key in ("viewer", "board", "kinds", "deck_count"):
        st.pop(key, None)
    for p in st["players"]:
        p.pop("hand_count", None)
        p.pop("free_cubes", None)
    if view["phase"] == "finished":
        return st
    seat = view["viewer"]
    seen = Counter(view["discard"]) + Counter(view["display"])
    for p in view["players"]:
        seen.update(p["hand"] or [])
    unseen = rng.shuffle(sorted((Counter(g.cards) - seen).elements()), label="determinize")
    guess = view["players"][seat]["coins"] if seat is not None else g.start_coins
    for i, p in enumerate(st["players"]):
        if p["hand"] is None:
            n = view["players"][i]["hand_count"]
            p["hand"], unseen = unseen[:n], unseen[n:]
        if p["coins"] is None:
            p["coins"] = guess
    st["deck"] = unseen
    if st["last_tax"] and st["last_tax"]["amounts"] is None:
        st["last_tax"]["amounts"] = {}
    return st
