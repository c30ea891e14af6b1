"""The state behind a view (contract `determinize`): nothing in this game is hidden (RULES.md
§1), so it is the view without the conveniences `view` adds."""

from __future__ import annotations

from typing import Any

from referee.engine.rng import Rng

from referee.games.iron_age.state import State, clone


def determinize(view: dict[str, Any], rng: Rng) -> State:
    st = clone(view)
    st.pop("derived", None)
    return st
