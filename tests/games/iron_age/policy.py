"""A legal, mildly purposeful random player for iron_age playouts.

A uniform pick from the choice lists plays games of 25+ rounds (random builds waste workers,
end_turn skips whole turns), which makes 2400 playouts far too slow. `BiasedPick` is a
random.Random whose `choice` leans towards moves a player would make (stop rolling sometimes,
attack, rarely end the turn) but only ever returns an element of the list it is given, so every
move stays one of the prompt's legal choices. `move_gen` builds D6 and D7 moves (choices null)
from the engine's own legality checks.
"""

from __future__ import annotations

import random
from typing import Any

from referee.engine.contract import IllegalMove
from referee.games.iron_age import build, developments
from referee.games.iron_age.state import working_copy


# what a build concentrates on; military and provinces win tribute, which ends games soonest
FOCUS = ["military"] * 4 + ["province_box"] * 2 + ["monument_box", "port_box", "amphora", "ship", None]


STOP = 0.75  # chance to stop rolling when a reroll is possible
WORKERS = 0.5  # chance to take every food-or-workers die as workers
ATTACK = 0.95  # chance to attack when a conquest is possible
ACCEPT = 0.9  # chance to let a tribute demand through rather than pick at random


class BiasedPick(random.Random):
    """random.Random whose choice() favours sensible moves among the given legal ones."""

    def choice(self, seq: Any) -> Any:  # type: ignore[override]
        items = list(seq)
        if not items or not isinstance(items[0], dict) or "type" not in items[0]:
            return super().choice(items)
        kinds = {m["type"] for m in items}
        rest = [m for m in items if m["type"] != "end_turn"]
        if self.random() < 0.02 or not rest:
            return super().choice(items)
        if "reroll" in kinds or "stop_rolling" in kinds:
            stop = [m for m in rest if m["type"] == "stop_rolling"]
            return stop[0] if self.random() < STOP or len(rest) == 1 else super().choice(rest[1:])
        if "assign" in kinds:
            return rest[-1] if self.random() < WORKERS else super().choice(rest)
        if "conquest" in kinds:
            attack = [m for m in rest if m.get("attack")]
            return attack[0] if attack and self.random() < ATTACK else rest[0]
        if "tribute_response" in kinds:
            return rest[0] if self.random() < ACCEPT else super().choice(rest)
        if "convert" in kinds:
            return rest[-1] if self.random() < 0.7 else super().choice(rest)
        return super().choice(rest)


def _prefer(g: Any, st: dict, opts: list[dict], focus: str | None) -> list[dict]:
    """The options matching the build focus; for monuments the smallest one nobody completed yet
    (distinct completed monuments end the game); military only while food stays above need."""
    p = st["players"][st["active_seat"]]
    if focus == "monument_box":
        open_m = [a for a in opts if a["kind"] == focus and st["monument_first_by"][a["monument"]] is None]
        return open_m[:1]
    if focus == "military" and p["food"] <= p["provinces_owned"] + 1:
        return []
    return [a for a in opts if a["kind"] == focus]


def move_gen(rules: Any, state: dict, prompt: Any, pick: random.Random) -> dict:
    """A legal D6 build (one-unit actions with a focus, merged into counts) or D7 buy."""
    g = rules.data
    if prompt.kind == "build":
        st = working_copy(state)
        st["monument_first_by"] = dict(st["monument_first_by"])
        actions: list[dict] = []
        focus = pick.choice(FOCUS)
        # building only spends, so nothing illegal now becomes legal later: prune, never re-list
        opts = build.single_actions(g, st)
        for _ in range(pick.randint(0, 30)):
            if not opts:
                break
            a = dict(pick.choice(_prefer(g, st, opts, focus) or opts))
            try:
                target = build.check_action(g, st, a)
            except IllegalMove:
                opts.remove(a)
                continue
            build.do_action(g, st, a, target)
            if actions and "count" in a and {**actions[-1], "count": 1} == a:
                actions[-1]["count"] += 1  # merge repeats, so counts > 1 get exercised
            else:
                actions.append(a)
        return {"type": "build", "actions": actions}
    if prompt.kind == "buy":
        opts = developments.affordable(g, state)
        if not opts or pick.random() < 0.05:
            return {"type": "buy_none"}
        cheapest = min(opts, key=lambda d: g.developments[d]["cost"])
        dev = cheapest if pick.random() < 0.7 else pick.choice(opts)
        return {"type": "buy", "development": dev, "payment": developments.simple_payment(g, state, dev)}
    raise AssertionError(f"no generator for {prompt.kind}")
