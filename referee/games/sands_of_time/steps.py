"""Every prompt of The Sands of Time offered step by step (referee/engine/steps.py): which steps
each decision takes, their words and the board element each option is. `turn` and
`resettle_replan` walk the lazy tree of turn_steps.py; the other decisions list their choices
and are read as steps here.

Paths (option ids; board elements in brackets, see picture.py):
- setup_region / setup_capital / setup_farmer / retreat / new_capital: `<region>` [region-<id>]
- setup_caravan: `<province>` [region-<id>] (or `none`) then `<category>`
- setup_progress: `<row>` [row-<row>]
- choose_cards: `<card>` [card-<id>], `<card>` [card-<id>] in either order, then `play` or `auto`
  ("auto": both action cards are declined at the reveal, which is what the deadline plays)
- combat_value: `d<n>` (the die value, Augenzahl) · combat_losses: `f<n>s<n>` · annex: `yes`/`no`
- road_permission: `grant`/`deny` · progress_pick: `<progress id>` [progress-<id>]
- growth_allocation: `<region>` one at a time [region-<id>] · overpop_remove: `farmer`/`soldier`
"""

from __future__ import annotations

from collections.abc import Callable

from referee.plumbing.i18n import Text
from referee.engine.rng import Rng
from referee.engine.steps import Option, Step, StepRefused, from_moves
from referee.games.sands_of_time import turn_steps
from referee.games.sands_of_time.data import GameData
from referee.games.sands_of_time.state import Move, State
from referee.games.sands_of_time.turn_steps import READY, Ctx, Node, walk
from referee.games.sands_of_time.words import (
    card_text,
    farmers,
    progress_text,
    region_name,
    row_name,
    soldiers,
    title,
)
from referee.plumbing.i18n import N_, Text

Play = Callable[[State, int, Move, Rng], State]
QUESTIONS = {"setup_region": N_("Draft which region?"), "setup_capital": N_("Which province becomes your capital?"),
             "setup_farmer": N_("Place the farmer in which province?"), "retreat": N_("Retreat to which region?"),
             "new_capital": N_("Which region becomes your new capital?")}


def _decision(state: State, seat: int, kind: str) -> dict:
    for d in state["pending"]:
        if d["seat"] == seat and d["kind"] == kind:
            return d
    raise StepRefused(0, Text("seat %(seat)s has no %(kind)s decision now", seat=seat, kind=repr(kind)))


def _region_info(g: GameData, state: State, r: str) -> str:
    reg = state["regions"][r]
    if reg.get("resource"):
        return Text("%(region)s (%(resource)s, capacity %(capacity)s)", region=region_name(g, r),
                    resource=reg["resource"], capacity=reg["capacity"])
    return region_name(g, r)


def listed_path(g: GameData, state: State, seat: int, kind: str, m: Move) -> list[tuple[str, Option]]:
    """How one listed move reads as steps."""
    if kind in ("setup_region", "setup_capital", "setup_farmer", "retreat", "new_capital"):
        q = Text(QUESTIONS[kind])
        r = m["region"]
        return [(q, Option(r, _region_info(g, state, r), f"region-{r}"))]
    if kind == "setup_caravan":
        b = m["border"]
        first = ((Text("Place the first caravan between your capital and which province?"),
                  Option(b[1], Text("%(a)s-%(b)s", a=region_name(g, b[0]), b=region_name(g, b[1])), f"region-{b[1]}"))
                 if b else (Text("No own province borders your capital"), Option("none", Text("No caravan (ST-R44)"))))
        return [first, (Text("Raise which heritage track to 1?"),
                        Option(m["heritage"], Text("%(category)s heritage", category=title(m["heritage"]))))]
    if kind == "setup_progress":
        row = m["row"]
        return [(Text("Place your progress marker on which level-1 progress?"),
                 Option(row, Text("%(progress)s - %(row)s", progress=progress_text(g, g.level1[row]),
                                  row=row_name(g, row)), f"row-{row}"))]
    if kind == "combat_value":
        d = m["value"]
        return [(Text("Choose your secret die value (Augenzahl, ST-56): it adds 3 per pip to your combat total; "
                      "if you win, your unrest rises by it"),
                 Option(f"d{d}", Text("Die value %(d)s: +%(plus)s to your total, +%(d)s unrest if you win", d=d,
                                      plus=3 * d)))]
    if kind == "combat_losses":
        f, s = m["farmers"], m["soldiers"]
        return [(Text("Which citizens do you lose?"),
                 Option(f"f{f}s{s}", Text("%(farmers)s and %(soldiers)s", farmers=farmers(f), soldiers=soldiers(s))))]
    if kind == "annex":
        return [(Text("Annex the region now (ST-60)?"),
                 Option("yes" if m["accept"] else "no",
                        Text("Annex it (pay the grain)") if m["accept"] else Text("Do not annex")))]
    if kind == "road_permission":
        r = m["region"]
        return [(Text("May the resettle pass through your road in %(region)s?", region=region_name(g, r)),
                 Option("grant" if m["grant"] else "deny", Text("Grant passage") if m["grant"] else Text("Deny passage")))]
    if kind == "progress_pick":
        return [(Text("Which progress card do you keep?"),
                 Option(m["card"], progress_text(g, m["card"]), f"progress-{m['card']}"))]
    if kind == "overpop_remove":
        k = m["kind"]
        return [(Text("Remove which of your citizens from the overpopulated region?"),
                 Option(k, Text("A farmer") if k == "farmer" else Text("A soldier") if k == "soldier" else f"A {k}"))]
    raise StepRefused(0, Text("no steps for %(kind)s", kind=repr(kind)))


def _choose_cards(g: GameData, state: State, seat: int, play: Play, moves: list[Move]) -> Node:
    pairs = [tuple(m["cards"]) for m in moves if not m.get("auto_decline")] or [tuple(m["cards"]) for m in moves]
    p = state["players"][seat]

    def opt(c: str) -> Option:
        if c in g.focus:
            group = Text("Focus cards (one per generation)")
        elif c in p["played_actions"]:
            group = Text("Played this generation (re-use: +1 unrest if executed)")
        else:
            group = Text("Action cards in hand")
        return Option(c, card_text(g, c), f"card-{c}", group)
    firsts = [c for c in g.all_cards if any(c in pr for pr in pairs)]

    def second(a: str) -> Node:
        others = [c for c in g.all_cards if c != a and ((a, c) in pairs or (c, a) in pairs)]
        return Node(Text("Choose the second card"), [opt(c) for c in others], None, lambda b: last([a, b]))

    def last(cards_: list[str]) -> Node:
        both = [Option("play", Text("Play them when revealed")),
                Option("auto", Text("Decline both action cards at the reveal (auto; what the deadline plays; "
                                    "a focus card still takes effect)"))]
        return Node(Text("When your cards are revealed"), both, None,
                    lambda t: Node(READY, [], {"type": "choose_cards", "cards": cards_, "auto_decline": t == "auto"}))
    return Node(Text("Choose your first card (secret until your reveal)"), [opt(c) for c in firsts], None, second)


def _growth(g: GameData, state: State, seat: int, moves: list[Move], chosen: tuple = ()) -> Node:
    need = len(moves[0]["regions"]) if moves else 0
    pool = [r for r in state["region_order"] if any(r in m["regions"] for m in moves)]
    if len(chosen) == need:
        return Node(READY, [], {"type": "growth_allocation", "regions": list(chosen)})
    left = need - len(chosen)
    return Node(Text("Place a farmer in which region? (%(left)s to place)", left=left),
                [Option(r, _region_info(g, state, r), f"region-{r}") for r in pool if r not in chosen], None,
                lambda r: _growth(g, state, seat, moves, chosen + (r,)))


def root(rules: object, state: State, seat: int, kind: str) -> Node | None:
    """The lazily walked tree of a prompt; None for a prompt whose listed moves make the tree
    (engine/steps.py's from_moves, each read by `listed_path`)."""
    g: GameData = rules.data  # type: ignore[attr-defined]
    _decision(state, seat, kind)
    ctx = Ctx(g, state, seat, rules.apply)  # type: ignore[attr-defined]
    if kind == "turn":
        return turn_steps.turn_root(ctx)
    if kind == "resettle_replan":
        granted = {r for r, ok in state["action"]["answers"].items() if ok}
        return turn_steps.resettle_node(ctx, (), granted)
    prompt = next(p for p in rules.prompts(state) if p.seat == seat and p.kind == kind)  # type: ignore[attr-defined]
    moves = prompt.choices or []
    if kind == "choose_cards":
        return _choose_cards(g, state, seat, rules.apply, moves)  # type: ignore[attr-defined]
    if kind == "growth_allocation":
        return _growth(g, state, seat, moves)
    return None


def steps(rules: object, state: State, seat: int, kind: str, chosen: list[str]) -> Step:
    tree = root(rules, state, seat, kind)
    if tree is not None:
        return walk(tree, chosen)
    g: GameData = rules.data  # type: ignore[attr-defined]
    prompt = next(p for p in rules.prompts(state) if p.seat == seat and p.kind == kind)  # type: ignore[attr-defined]
    return from_moves(prompt.choices or [], lambda m: listed_path(g, state, seat, kind, m), chosen, READY)


def move_path(rules: object, state: State, seat: int, kind: str, move: Move) -> list[str]:
    g: GameData = rules.data  # type: ignore[attr-defined]
    if kind == "turn":
        return turn_steps.turn_path(g, state, seat, move)
    if kind == "resettle_replan":
        return turn_steps.resettle_path(g, state, seat, move)
    if kind == "choose_cards":
        return [*move["cards"], "auto" if move.get("auto_decline") else "play"]
    if kind == "growth_allocation":
        return list(move["regions"])
    return [o.id for _, o in listed_path(g, state, seat, kind, move)]
