"""The `turn` and `resettle_replan` moves offered step by step (their prompts list no choices,
RULES.md 13): a tree walked lazily from the root on every call, pruned with the actions' own
checks so that every option offered leads to a legal move, and a complete path is offered as a
move only once `apply` accepts it.

Paths (option ids; regions are region ids, fields A-F, rows the row ids):
- `end` · `decline-<card>` · `bonus-oppression <region>` · `bonus-support <category>` ·
  `bonus-taxes grain|gold`
- `act-chronicle` then per card `c<n> <field>` (Writing: a second pair)
- `act-muster` then per item `soldier <region>` · `convert <region> soldier|farmer` ·
  `irrigate <region>` (soldiers, then conversions, then irrigation)
- `act-conquest <region> attack-<seat>|annex`
- `act-raid` then per move `move <from> <to> n<k>`, then optionally `target-<region>`
- `act-build <region> <building> [labour|no-labour]` (the last step only with Labour)
- `act-govern k<paid steps>` · `act-progress <row>` · `act-tribute colonies|caravans`
- `act-caravan_1|2 <region> <region> grain|gold|mix<g>-<o> [<category>]` (heritage when ST-72 pays)
- `act-resettle` then per move `move <from> <to>|<to>~<via> f<n> s<n>`, then optionally
  `caravan <region> <region> [<category>]`; `resettle_replan` is the same without `act-resettle`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from referee.plumbing.i18n import Text
from referee.engine.contract import IllegalMove
from referee.engine.rng import Rng
from referee.engine.steps import Option, Step, StepRefused
from referee.games.sands_of_time import (
    bonus,
    build,
    caravans,
    cards,
    chronicle,
    combat,
    military,
    progress,
    resettle,
)
from referee.games.sands_of_time.data import GameData
from referee.games.sands_of_time.derived import has_effect, progress_effects, unlocked
from referee.games.sands_of_time.state import Move, State, clone, controlled, count, has
from referee.games.sands_of_time.words import (
    BONUS_TEXT,
    FIELD_MEASURE,
    building_text,
    card_name,
    card_text,
    farmers,
    chronicle_text,
    joined,
    region_name,
    row_name,
    soldiers,
    title,
)
from referee.plumbing.i18n import Text

READY = Text("Ready to play")


def heritage_plus_one(cat: str) -> Text:
    return Text("%(category)s heritage +1", category=title(cat))


@dataclass
class Node:
    """One point of the tree: the question, the options and the move the path makes so far."""

    question: str
    options: list[Option] = field(default_factory=list)
    move: Move | None = None
    child: Callable[[str], Node] = lambda token: Node(READY)


def region_el(r: str) -> str:
    return f"region-{r}"


class Ctx:
    """The position the tree is built for, with the one full check: `apply` on a copy."""

    def __init__(self, g: GameData, state: State, seat: int, play: Callable[[State, int, Move, Rng], State]):
        self.g, self.state, self.seat, self.play = g, state, seat, play
        self.p = state["players"][seat]
        self._legal: dict[str, bool] = {}

    def legal(self, move: Move) -> bool:
        key = repr(move)
        if key not in self._legal:
            try:
                self.play(self.state, self.seat, move, Rng(b"steps", 1))
                self._legal[key] = True
            except IllegalMove:
                self._legal[key] = False
        return self._legal[key]

    def passes(self, check: Callable[[], object]) -> bool:
        try:
            check()
            return True
        except IllegalMove:
            return False

    def region_opt(self, r: str, label: str | None = None, group: str | None = None) -> Option:
        return Option(r, label or region_name(self.g, r), region_el(r), group)


def walk(root: Node, chosen: Sequence[str]) -> Step:
    """Follows `chosen` from `root`; StepRefused at the first token not offered."""
    node = root
    for i, token in enumerate(chosen):
        if token not in {o.id for o in node.options}:
            raise StepRefused(i, Text("step %(step)s: %(token)s is not one of the options offered here", step=i + 1, token=repr(token)))
        node = node.child(token)
    return Step(node.question, node.options, node.move)


def _final(c: Ctx, move: Move, question: str, options: list[Option], child: Callable[[str], Node]) -> Node:
    """A node whose path so far makes `move` (offered only when apply accepts it)."""
    return Node(question, options, move if c.legal(move) else None, child)


# -- the turn's first step ----------------------------------------------------------------------

def turn_root(c: Ctx) -> Node:
    g, st = c.g, c.state
    pending = cards.pending_cards(st)
    opts: list[Option] = []
    builders: dict[str, Node] = {}
    for card in pending:
        b = ACTIONS[card]
        node = b(c)
        if node.options or node.move is not None:
            opts.append(Option(f"act-{card}", Text("Play %(card)s", card=card_text(g, card)), f"card-{card}",
                               Text("Play a revealed card")))
            builders[f"act-{card}"] = node
    for card in pending:
        opts.append(Option(f"decline-{card}", Text("Decline %(card)s (nothing happens, ST-24)", card=card_name(g, card)),
                           None, Text("Decline a card")))
    if c.p["bonus_used_this_turn"] is None:
        for b_id in g.bonus_ids:
            node = _bonus(c, b_id)
            if node.options:
                label = (Text("Bonus action %(bonus)s: %(effect)s (+1 unrest: first use this generation)",
                              bonus=title(b_id), effect=BONUS_TEXT.get(b_id, ""))
                         if b_id not in c.p["bonus_used_this_gen"] else
                         Text("Bonus action %(bonus)s: %(effect)s", bonus=title(b_id), effect=BONUS_TEXT.get(b_id, "")))
                opts.append(Option(f"bonus-{b_id}", label, f"bonus-{b_id}", Text("Bonus action (one per turn)")))
                builders[f"bonus-{b_id}"] = node
    end = (Text("End the turn (declines %(cards)s)", cards=joined([title(x) for x in pending])) if pending
           else Text("End the turn"))
    opts.append(Option("end", end, None, Text("End")))

    def child(token: str) -> Node:
        if token == "end":
            return Node(READY, [], {"type": "end_turn"})
        if token.startswith("decline-"):
            return Node(READY, [], {"type": "decline", "card": token[len("decline-"):]})
        return builders[token]
    return Node(Text("What do you do now?"), opts, None, child)


def _bonus(c: Ctx, b_id: str) -> Node:
    g = c.g
    if b_id == "oppression":
        moves = {r: {"type": "bonus", "bonus": b_id, "region": r} for r in controlled(c.state, c.seat)}
        opts = [c.region_opt(r, Text("%(region)s: gain %(n)s %(resource)s", region=region_name(g, r),
                                     n=min(has(c.state, r, c.seat, "farmers"), c.state["regions"][r]["capacity"]),
                                     resource=c.state["regions"][r]["resource"])) for r in moves]
        q = Text("Oppress which region you control?")
    elif b_id == "support":
        moves = {cat: {"type": "bonus", "bonus": b_id, "category": cat} for cat in g.categories}
        amount = bonus.support_amount(g, c.state, c.seat)
        opts = [Option(cat, Text("%(category)s heritage +%(n)s for Progress this turn", category=title(cat), n=amount))
                for cat in moves]
        q = Text("Support which category?")
    else:
        from referee.games.sands_of_time.derived import trade_goods
        n = trade_goods(g, c.state, c.seat)
        moves = {res: {"type": "bonus", "bonus": b_id, "resource": res} for res in ("grain", "gold")}
        opts = [Option(res, Text("Gain %(n)s %(resource)s", n=n, resource=res)) for res in moves]
        q = Text("Taxes in grain or gold?")
    opts = [o for o in opts if c.passes(lambda o=o: bonus.check_bonus(g, c.state, c.seat, moves[o.id]))]
    return Node(q, opts, None, lambda t: _final(c, moves[t], READY, [], lambda x: Node(READY)))


# -- the actions ---------------------------------------------------------------------------------

def _chronicle(c: Ctx, placements: tuple = ()) -> Node:
    g, p = c.g, c.p
    move = {"type": "act", "card": "chronicle", "placements": [dict(x) for x in placements]}
    used_cards = {x["card"] for x in placements}
    used_fields = {x["field"] for x in placements}
    limit = chronicle.max_placements(g, c.state, c.seat)
    hand = [v for v in p["chronicle_hand"] if v not in used_cards]
    fields = [f for f in g.field_ids if p["chronicle_board"][f] is None and f not in used_fields]
    opts = []
    if len(placements) < limit and fields:
        opts = [Option(f"c{v}", chronicle_text(g, v), f"chron-{v}", Text("Your chronicle cards")) for v in sorted(hand)]

    def pick_field(token: str) -> Node:
        value = int(token[1:])
        fopts = []
        for f in fields:
            fd = g.fields[f]
            need = g.chronicle[value]["conditions"][f]
            fopts.append(Option(f, Text("Field %(field)s (%(category)s: %(measure)s at least %(need)s)", field=f,
                                        category=fd["category"], measure=FIELD_MEASURE.get(fd["measure"], fd["measure"]),
                                        need=need), f"field-{f}"))
        return Node(Text("On which field does chronicle card %(value)s go?", value=value), fopts, None,
                    lambda f: _chronicle(c, placements + ({"card": value, "field": f},)))
    q = (Text("Which chronicle card do you place?") if not placements
         else Text("Place another chronicle card (Writing), or play"))
    if not placements:
        return Node(q, opts, None, pick_field)
    return _final(c, move, q, opts, pick_field)


def _muster(c: Ctx, m: dict | None = None, phase: int = 0) -> Node:
    g, st, seat = c.g, c.state, c.seat
    m = m or {"type": "act", "card": "muster", "soldiers": [], "conversions": [], "irrigation": []}
    own = controlled(st, seat)

    def ok(mm: dict) -> bool:
        return c.passes(lambda: military.check_muster(g, st, seat, mm))

    def with_(key: str, item: object) -> dict:
        return {**m, key: [*m[key], item]}
    soldier = [r for r in own if ok(with_("soldiers", r))] if phase == 0 else []
    done = {x["region"] for x in m["conversions"]}
    convert = {r: [to for to in ("soldier", "farmer") if ok(with_("conversions", {"region": r, "to": to}))]
               for r in own if r not in done} if phase <= 1 else {}
    convert = {r: tos for r, tos in convert.items() if tos}
    irrigate = [r for r in military.irrigation_regions(g, st, seat) if r not in m["irrigation"]
                and ok(with_("irrigation", r))]
    opts = []
    if soldier:
        opts.append(Option("soldier", Text("Place a soldier (1 gold)"), None, Text("Muster")))
    if convert:
        opts.append(Option("convert", Text("Convert a farmer or soldier (1 gold, political)"), None, Text("Muster")))
    if irrigate:
        opts.append(Option("irrigate", Text("Irrigation: place a farmer (1 gold)"), None, Text("Muster")))

    def child(token: str) -> Node:
        if token == "soldier":
            return Node(Text("Place the soldier in which region?"), [c.region_opt(r) for r in soldier], None,
                        lambda r: _muster(c, with_("soldiers", r), 0))
        if token == "irrigate":
            return Node(Text("Irrigate which region?"), [c.region_opt(r) for r in irrigate], None,
                        lambda r: _muster(c, with_("irrigation", r), 2))
        return Node(Text("Convert in which region?"), [c.region_opt(r) for r in convert], None,
                    lambda r: Node(Text("Convert into?"), [Option(to, Text("A farmer becomes a soldier") if to == "soldier"
                                                                  else Text("A soldier becomes a farmer"))
                                                     for to in convert[r]], None,
                                   lambda to: _muster(c, with_("conversions", {"region": r, "to": to}), 1)))
    return _final(c, m, Text("Add to the muster, or play it (1 gold each)"), opts, child)


def _conquest(c: Ctx) -> Node:
    g, st, seat = c.g, c.state, c.seat
    choices: dict[str, list[Option]] = {}
    grain_ok = c.p["grain"] >= c.p["unrest"]
    for r in st["region_order"]:
        reg = st["regions"][r]
        if not reg["in_play"]:
            continue
        opts = []
        if grain_ok and count(st, r, seat):
            for k in sorted(reg["citizens"], key=int):
                s = int(k)
                if s != seat and count(st, r, s):
                    opts.append(Option(f"attack-{s}", Text("Attack seat %(seat)s here (pay %(n)s grain)", seat=s,
                                                           n=c.p["unrest"])))
        if combat.annex_problem(g, st, seat, r) is None:
            opts.append(Option("annex", Text("Annex %(region)s (pay %(n)s grain)", region=region_name(g, r),
                                             n=combat.annex_cost(g, st, seat, r))))
        if opts:
            choices[r] = opts

    def move(r: str, t: str) -> Move:
        if t == "annex":
            return {"type": "act", "card": "conquest", "region": r, "attack": None, "annex": True}
        return {"type": "act", "card": "conquest", "region": r, "attack": int(t.split("-")[1]), "annex": False}
    return Node(Text("Conquest in which region?"), [c.region_opt(r) for r in choices], None,
                lambda r: Node(Text("Attack or annex?"), choices[r], None, lambda t: _final(c, move(r, t), READY, [], lambda x: Node(READY))))


def _raid(c: Ctx, moves: tuple = ()) -> Node:
    g, st, seat = c.g, c.state, c.seat
    m = {"type": "act", "card": "raid", "moves": [dict(x) for x in moves], "target": None}
    used: dict[str, int] = {}
    for x in moves:
        used[x["from"]] = used.get(x["from"], 0) + x["count"]
    left = {r: has(st, r, seat, "soldiers") - used.get(r, 0) for r in st["region_order"]}
    sources = [r for r, n in left.items() if n > 0 and any(st["regions"][b]["in_play"] for b in g.adj[r])]
    opts = [Option("move", Text("Move soldiers one step"), None, Text("Raid"))] if sources else []
    political = unlocked(g, st, seat, "political")
    targets = [] if political else [r for r in st["region_order"] if r in {x["to"] for x in moves}
                                     and st["regions"][r]["controller"] != seat]
    opts += [Option(f"target-{r}", Text("Collect from %(region)s", region=region_name(g, r)), region_el(r),
                    Text("Collect from")) for r in targets]

    def child(token: str) -> Node:
        if token.startswith("target-"):
            return _final(c, {**m, "target": token[len("target-"):]}, READY, [], lambda x: Node(READY))

        def to_node(a: str) -> Node:
            dests = [b for b in st["region_order"] if b in g.adj[a] and st["regions"][b]["in_play"]]
            return Node(Text("Move soldiers from %(region)s to?", region=region_name(g, a)),
                        [c.region_opt(b) for b in dests], None,
                        lambda b: Node(Text("How many soldiers?"), [Option(f"n{k}", soldiers(k))
                                                              for k in range(1, left[a] + 1)], None,
                                       lambda n: _raid(c, moves + ({"from": a, "to": b, "count": int(n[1:])},))))
        return Node(Text("Move soldiers from which region?"), [c.region_opt(r) for r in sources], None, to_node)
    q = (Text("Move soldiers, then play (you collect from every region with your soldiers that you do not control)")
         if political else Text("Move soldiers, choose the region to collect from, or play"))
    return _final(c, m, q, opts, child)


def _build(c: Ctx) -> Node:
    g, st, seat = c.g, c.state, c.seat
    labour = any(e["kind"] == "labour_build_discount" for e in progress_effects(g, st, seat))
    table: dict[str, dict[str, list[bool]]] = {}
    for r in controlled(st, seat):
        for b in g.building_ids:
            ways = [u for u in ((False, True) if labour else (False,))
                    if c.passes(lambda u=u, r=r, b=b: build.check_build(g, st, seat, {"region": r, "building": b, "use_labour": u}))]
            if ways:
                table.setdefault(r, {})[b] = ways

    def move(r: str, b: str, u: bool) -> Move:
        return {"type": "act", "card": "build", "region": r, "building": b, "use_labour": u}

    def cost(r: str, b: str, u: bool) -> int:
        return build.build_cost(g, st, seat, r, b, u)[0]

    def bnode(r: str) -> Node:
        opts = [Option(b, Text("%(building)s - costs %(n)s gold", building=building_text(g, b),
                               n=cost(r, b, False) if False in w else cost(r, b, True)),
                       None, Text("%(category)s", category=g.buildings[b]["category"])) for b, w in table[r].items()]

        def after(b: str) -> Node:
            if not labour:
                return _final(c, move(r, b, False), READY, [], lambda x: Node(READY))
            w = table[r][b]
            lopts = [Option("labour" if u else "no-labour",
                            Text("Use Labour: pay %(n)s gold, %(back)s farmers return", n=cost(r, b, True),
                                 back=build.build_cost(g, st, seat, r, b, True)[1])
                            if u else Text("Without Labour: pay %(n)s gold", n=cost(r, b, False))) for u in w]
            return Node(Text("Use Labour?"), lopts, None, lambda t: _final(c, move(r, b, t == "labour"), READY, [], lambda x: Node(READY)))
        return Node(Text("Build what in %(region)s?", region=region_name(g, r)), opts, None, after)
    return Node(Text("Build in which region?"), [c.region_opt(r) for r in table], None, bnode)


def _govern(c: Ctx) -> Node:
    g, st, seat = c.g, c.state, c.seat
    free = 1 if unlocked(g, st, seat, "culture") else 0
    opts = []
    for k in range(c.p["unrest"] + 1):
        mv = {"type": "act", "card": "govern", "steps": k}
        if c.passes(lambda mv=mv: build.check_govern(g, st, seat, mv)):
            grain = k * build.govern_step_cost(g, st, seat)
            args = dict(total=k + free, k=k, grain=grain)
            if free:
                label = (Text("Lower unrest by %(total)s (%(k)s paid step, %(grain)s grain, 1 free step (culture))", **args)
                         if k == 1 else
                         Text("Lower unrest by %(total)s (%(k)s paid steps, %(grain)s grain, 1 free step (culture))", **args))
            else:
                label = (Text("Lower unrest by %(total)s (%(k)s paid step, %(grain)s grain)", **args) if k == 1 else
                         Text("Lower unrest by %(total)s (%(k)s paid steps, %(grain)s grain)", **args))
            opts.append(Option(f"k{k}", label))
    return Node(Text("Lower unrest by how much?"), opts, None,
                lambda t: _final(c, {"type": "act", "card": "govern", "steps": int(t[1:])}, READY, [], lambda x: Node(READY)))


def _progress(c: Ctx) -> Node:
    g, st, seat = c.g, c.state, c.seat
    opts, moves = [], {}
    for row in g.rows:
        mode = "advance" if row in c.p["progress_markers"] else "new"
        mv = {"type": "act", "card": "progress", "mode": mode, "row": row}
        if c.passes(lambda mv=mv: progress.check_progress(g, st, seat, mv)):
            moves[row] = mv
            label = (Text("Advance your marker in the %(row)s", row=row_name(g, row)) if mode == "advance" else
                     Text("Start the %(row)s with a new marker (culture)", row=row_name(g, row)))
            opts.append(Option(row, label, f"row-{row}"))
    return Node(Text("Which progress row?"), opts, None, lambda t: _final(c, moves[t], READY, [], lambda x: Node(READY)))


def _pay_options(c: Ctx, state: State, key: str, free: bool) -> list[tuple[str, object, str]]:
    g, seat = c.g, c.seat
    if free:
        return []
    cost = caravans.caravan_cost(g, state, seat, key)
    out = [("grain", "grain", Text("Pay %(n)s grain", n=cost)), ("gold", "gold", Text("Pay %(n)s gold", n=cost))]
    if has_effect(g, state, seat, "caravan_mixed_payment"):
        out += [(f"mix{x}-{cost - x}", {"grain": x, "gold": cost - x},
                 Text("Pay %(grain)s grain and %(gold)s gold (Currency)", grain=x, gold=cost - x))
                for x in range(cost + 1)]
    return [o for o in out if c.passes(lambda o=o: caravans.payment(g, state, seat, key, o[1]))]


def _border_nodes(c: Ctx, state: State, keys: list[str], done: Callable[[list[str]], Node], what: str) -> Node:
    """A border as two clicks: one end, then the other (in either order, as moves may name it)."""
    g = c.g
    ends: dict[str, list[str]] = {}
    for k in keys:
        a, b = g.ends(k)
        ends.setdefault(a, []).append(b)
        ends.setdefault(b, []).append(a)
    first = [r for r in state["region_order"] if r in ends]
    return Node(Text("%(what)s: first region of the border?", what=what), [c.region_opt(r) for r in first], None,
                lambda a: Node(Text("%(what)s: the border of %(region)s with?", what=what, region=region_name(g, a)),
                               [c.region_opt(b, Text("%(region)s (%(good)s)", region=region_name(g, b), good=tg)
                                             if (tg := g.border_info[g.key(a, b)].get("trade_good")) else None)
                                for b in state["region_order"] if b in ends[a]], None,
                               lambda b: done([a, b])))


def _caravan_keys(c: Ctx, state: State, need_citizen: bool) -> list[str]:
    g, seat = c.g, c.seat
    if state["players"][seat]["supply"]["caravans"] < 1:
        return []
    reach = caravans.connected(g, state, seat)
    out = []
    for k in g.borders:
        a, b = g.ends(k)
        if seat in state["caravans"].get(k, []) or (a not in reach and b not in reach):
            continue
        if need_citizen and not (count(state, a, seat) or count(state, b, seat)):
            continue
        out.append(k)
    return out


def _caravan(c: Ctx, card: str) -> Node:
    g, st, seat = c.g, c.state, c.seat
    if card == "caravan_2" and not unlocked(g, st, seat, "culture"):
        return Node(READY)
    keys = [k for k in _caravan_keys(c, st, False) if _pay_options(c, st, k, False)]

    def done(border: list[str]) -> Node:
        key = g.key(*border)
        pays = _pay_options(c, st, key, False)
        due = caravans.heritage_due(g, st, seat, key)

        def after_pay(t: str) -> Node:
            pay = next(v for i, v, _ in pays if i == t)
            mv = {"type": "act", "card": card, "border": border, "pay": pay, "heritage": None}
            if not due:
                return _final(c, mv, READY, [], lambda x: Node(READY))
            return Node(Text("This caravan earns 1 heritage (ST-72): which track?"),
                        [Option(cat, heritage_plus_one(cat)) for cat in g.categories], None,
                        lambda cat: _final(c, {**mv, "heritage": cat}, READY, [], lambda x: Node(READY)))
        return Node(Text("Pay with?"), [Option(i, label) for i, _, label in pays], None, after_pay)
    return _border_nodes(c, st, keys, done, Text("Caravan"))


def _tribute(c: Ctx) -> Node:
    g = c.g
    both = unlocked(g, c.state, c.seat, "civil")
    def words(m: str) -> Text:
        what = (Text("from each of your colonies, 1 of its resource") if m == "colonies"
                else Text("1 per other player's caravan touching your capital or city regions"))
        return Text("Both modes (civil unlocked): %(mode)s", mode=what) if both else what
    opts = [Option(m, words(m)) for m in ("colonies", "caravans")]
    return Node(Text("Collect tribute how?"), opts, None,
                lambda t: _final(c, {"type": "act", "card": "tribute", "mode": t}, READY, [], lambda x: Node(READY)))


def resettle_node(c: Ctx, moves: tuple = (), granted: set[str] | None = None) -> Node:
    """Resettle (also the re-plan after a denied road, `granted` = roads whose passage was
    granted in this action; other foreign roads are not offered then)."""
    g, st, seat = c.g, c.state, c.seat
    m = {"type": "act", "card": "resettle", "moves": [dict(x) for x in moves], "caravan": None}
    used: dict[tuple[str, str], int] = {}
    for x in moves:
        for kind in ("farmers", "soldiers"):
            used[(x["from"], kind)] = used.get((x["from"], kind), 0) + x[kind]
    left = {(r, k): has(st, r, seat, k) - used.get((r, k), 0) for r in st["region_order"] for k in ("farmers", "soldiers")}
    sources = [r for r in st["region_order"] if left[(r, "farmers")] + left[(r, "soldiers")] > 0]
    opts = [Option("move", Text("Move citizens"), None, Text("Resettle"))] if sources else []
    culture = unlocked(g, st, seat, "culture")
    after_state: State | None = None
    keys: list[str] = []
    if culture:
        after_state = clone(st)
        try:
            resettle.execute(g, after_state, seat, m)
            keys = _caravan_keys(c, after_state, True)
        except IllegalMove:
            keys = []
        if keys:
            opts.append(Option("caravan", Text("Place the free caravan (culture) and finish"), None, Text("Resettle")))

    def dests(a: str) -> list[tuple[str, str, str | None]]:
        out = [(b, b, None) for b in st["region_order"] if b in g.adj[a] and st["regions"][b]["in_play"]]
        for via in st["region_order"]:
            if via in g.adj[a] and resettle.has_road(g, st, via):
                ctrl = st["regions"][via]["controller"]
                if granted is not None and ctrl is not None and ctrl != seat and via not in granted:
                    continue
                out += [(f"{b}~{via}", b, via) for b in st["region_order"]
                        if b in g.adj[via] and b != a and st["regions"][b]["in_play"]]
        return out

    def child(token: str) -> Node:
        if token == "caravan":
            def done(border: list[str]) -> Node:
                key = g.key(*border)
                mv = {**m, "caravan": {"border": border, "heritage": None}}
                if not caravans.heritage_due(g, after_state, seat, key):
                    return _final(c, mv, READY, [], lambda x: Node(READY))
                return Node(Text("The caravan earns 1 heritage (ST-72): which track?"),
                            [Option(cat, heritage_plus_one(cat)) for cat in g.categories], None,
                            lambda cat: _final(c, {**m, "caravan": {"border": border, "heritage": cat}}, READY, [], lambda x: Node(READY)))
            return _border_nodes(c, after_state, keys, done, Text("Free caravan"))

        def to_node(a: str) -> Node:
            ds = dests(a)
            opts2 = []
            for tok, b, via in ds:
                if via is None:
                    opts2.append(c.region_opt(b, group=Text("Adjacent")))
                else:
                    ctrl = st["regions"][via]["controller"]
                    args = dict(region=region_name(g, b), via=region_name(g, via))
                    label = (Text("%(region)s via the road in %(via)s (its controller must permit)", **args)
                             if ctrl is not None and ctrl != seat else Text("%(region)s via the road in %(via)s", **args))
                    opts2.append(Option(tok, label, None, Text("Via a road")))
            info = {tok: (b, via) for tok, b, via in ds}

            def how_many(tok: str) -> Node:
                b, via = info[tok]
                nf, ns = left[(a, "farmers")], left[(a, "soldiers")]
                return Node(Text("How many farmers move?"), [Option(f"f{k}", farmers(k))
                                                       for k in range(nf + 1) if k or ns], None,
                            lambda f: Node(Text("How many soldiers move?"),
                                           [Option(f"s{k}", soldiers(k)) for k in range(ns + 1)
                                            if k or int(f[1:])], None,
                                           lambda s: resettle_node(c, moves + ({"from": a, "to": b, "via": via,
                                                                                "farmers": int(f[1:]), "soldiers": int(s[1:])},), granted)))
            return Node(Text("Move from %(region)s to?", region=region_name(g, a)), opts2, None, how_many)
        return Node(Text("Move citizens from which region?"), [c.region_opt(r) for r in sources], None, to_node)
    return _final(c, m, Text("Move citizens, place the free caravan, or play"), opts, child)


ACTIONS: dict[str, Callable[[Ctx], Node]] = {
    "chronicle": _chronicle,
    "muster": _muster,
    "conquest": _conquest,
    "raid": _raid,
    "build": _build,
    "govern": _govern,
    "progress": _progress,
    "caravan_1": lambda c: _caravan(c, "caravan_1"),
    "caravan_2": lambda c: _caravan(c, "caravan_2"),
    "resettle": resettle_node,
    "tribute": _tribute,
}


# -- the inverse: a move as its path ------------------------------------------------------------

def _border_path(border: list[str]) -> list[str]:
    return [border[0], border[1]]


def resettle_path(g: GameData, state: State, seat: int, move: Move) -> list[str]:
    out: list[str] = []
    for x in move.get("moves") or []:
        to = x["to"] if x.get("via") is None else f"{x['to']}~{x['via']}"
        out += ["move", x["from"], to, f"f{x.get('farmers', 0)}", f"s{x.get('soldiers', 0)}"]
    car = move.get("caravan")
    if car:
        out += ["caravan", *_border_path(car["border"])]
        if car.get("heritage") is not None:
            out.append(car["heritage"])
    return out


def turn_path(g: GameData, state: State, seat: int, move: Move) -> list[str]:
    t = move.get("type")
    if t == "end_turn":
        return ["end"]
    if t == "decline":
        return [f"decline-{move['card']}"]
    if t == "bonus":
        return [f"bonus-{move['bonus']}", move.get("region") or move.get("category") or move.get("resource")]
    card = move["card"]
    out = [f"act-{card}"]
    if card == "chronicle":
        for x in move["placements"]:
            out += [f"c{x['card']}", x["field"]]
    elif card == "muster":
        for r in move.get("soldiers") or []:
            out += ["soldier", r]
        for x in move.get("conversions") or []:
            out += ["convert", x["region"], x["to"]]
        for r in move.get("irrigation") or []:
            out += ["irrigate", r]
    elif card == "conquest":
        out += [move["region"], "annex" if move.get("attack") is None else f"attack-{move['attack']}"]
    elif card == "raid":
        for x in move.get("moves") or []:
            out += ["move", x["from"], x["to"], f"n{x['count']}"]
        if move.get("target") is not None:
            out.append(f"target-{move['target']}")
    elif card == "build":
        out += [move["region"], move["building"]]
        if any(e["kind"] == "labour_build_discount" for e in progress_effects(g, state, seat)):
            out.append("labour" if move.get("use_labour") else "no-labour")
    elif card == "govern":
        out.append(f"k{move.get('steps', 0)}")
    elif card == "progress":
        out.append(move["row"])
    elif card in ("caravan_1", "caravan_2"):
        pay = move["pay"]
        out += _border_path(move["border"])
        out.append(pay if isinstance(pay, str) else f"mix{pay.get('grain', 0)}-{pay.get('gold', 0)}")
        if move.get("heritage") is not None:
            out.append(move["heritage"])
    elif card == "resettle":
        out += resettle_path(g, state, seat, move)
    else:
        out.append(move.get("mode", "colonies"))
    return out

