"""Iron Age moves offered step by step (engine/steps.py; issue 20), with the rules as the only judge.

Prompts that list their choices (D0, D2, D3, D4, D5, D8) are read as steps by `path_of`; the
reroll (D1), the build (D6) and the purchase (D7) are walked lazily, every option checked with
the same functions `apply` uses, so any complete path is a legal move:

- roll: click the dice to reroll one by one (any order; `die-<i>`, `die-fate`), or stop;
- build: a thing on your sheet (`s<seat>-province-<c>`, `s<seat>-port-<c>`,
  `s<seat>-amphora-<c>`, `s<seat>-monument-<id>`, `s<seat>-military`, `s<seat>-ships`), then how
  many, again and again; the move is complete after every pair (build nothing at the start);
- buy: a development (`s<seat>-dev-<id>`), then how many inventions, wealth and goods to pay
  (a step only for what you hold), each count leaving the payment still able to cover the cost.
Every active-player prompt also offers `end` (end the turn, the rest takes the defaults, §7).
"""

from __future__ import annotations

import re
from typing import Any, Sequence

from referee.engine.contract import IllegalMove
from referee.engine.steps import Option, Step, StepRefused, from_moves
from referee.plumbing.i18n import N_, ntext, Text
from referee.games.iron_age import build, developments, dice, prompts
from referee.games.iron_age.effects import GameData
from referee.games.iron_age.state import Move, State, active
from referee.games.iron_age.turn import DECISIONS, deciders
from referee.games.iron_age.words import face_text

# Questions, labels and groups are `Text`s: English as ever, the reader's language where shown.
END = Option("end", Text("End the turn now (every later decision of this turn takes its default)"))
READY = Text("Ready to play")
# The faces an omen may turn a die to, as its options name them.
FACE_LABELS = {"Food": N_("Food"), "Workers": N_("Workers"), "Food or workers": N_("Food or workers"),
               "Goods": N_("Goods"), "Skull": N_("Skull"), "Invention": N_("Invention"), "Conquest": N_("Conquest"),
               "Tribute": N_("Tribute"), "Omen": N_("Omen"), "Harvest": N_("Harvest")}
PAY_ORDER = ("inventions", "wealth", "goods")  # inventions first: unused ones expire (IA-6.3)


def words(face: Any) -> str:
    return str(face).replace("_", " ")


def _face_label(face: Any) -> str:
    """"Food or workers", "Conquest 1": a face as an option names it."""
    s = words(face).capitalize()
    m = re.fullmatch(r"(.*) ([12])", s)
    if m and m.group(1) in FACE_LABELS:
        return Text("%(face)s %(n)s", face=Text(FACE_LABELS[m.group(1)]), n=int(m.group(2)))
    return Text(FACE_LABELS[s]) if s in FACE_LABELS else s


def die_element(die: int | str) -> str:
    return f"die-{die}"


def _die_label(st: State, die: int | str) -> str:
    t = st["turn"]
    if die == dice.FATE:
        return Text("Fate die (shows %(face)s)", face=_shows(t["fate_face"]))
    if t["locked"][die]:
        return Text("Die %(die)s (shows %(face)s, locked)", die=die, face=_shows(t["empire_faces"][die]))
    return Text("Die %(die)s (shows %(face)s)", die=die, face=_shows(t["empire_faces"][die]))


def _shows(face: Any) -> str:
    """A face as a label shows it ("conquest 1"), its words translatable."""
    s = words(face)
    m = re.fullmatch(r"(.*) ([12])", s)
    if m:
        return Text("%(face)s %(n)s", face=face_text(m.group(1)), n=int(m.group(2)))
    return face_text(face)


# What a refused step's token is not one of: one whole sentence each, for translation.
NOT_ONE_OF = {
    "offered": N_("step %(step)s: %(token)s is not one of the options offered here"),
    "complete": N_("step %(step)s: %(token)s is not one of the options (the move is complete)"),
    "dice": N_("step %(step)s: %(token)s is not one of the dice you may reroll"),
    "build": N_("step %(step)s: %(token)s is not one of the things you can build now"),
    "counts": N_("step %(step)s: %(token)s is not one of the counts you can build"),
    "developments": N_("step %(step)s: %(token)s is not one of the developments you can afford"),
    "payment": N_("step %(step)s: %(token)s is not one of the %(key)s counts that can still pay the cost"),
}


def _refuse(i: int, token: str, what: str = "offered", **args: object) -> StepRefused:
    return StepRefused(i, Text(NOT_ONE_OF[what], step=i + 1, token=repr(token), **args))


def check_prompt(st: State, seat: int, kind: str) -> None:
    """StepRefused unless `seat` has the decision `kind` open now."""
    d = DECISIONS.get(st["phase"])
    if st["game_over"] or d is None or d.kind != kind or seat not in deciders(st):
        raise StepRefused(0, Text("seat %(seat)s has no %(kind)s decision now", seat=seat, kind=repr(kind)),
                          d.rule if d else None)


# -- listed prompts ------------------------------------------------------------------------------

def path_of(g: GameData, st: State, seat: int, kind: str, move: Move) -> list[tuple[str, Option]]:
    """How one listed legal move reads as steps."""
    t = move["type"]
    if t == "end_turn":
        return [(_first_question(kind), END)]
    if t == "initial_choice":
        c = move["choice"]
        col = (g.ports if c == "port" else g.provinces)[1]
        label = (Text("Port: port column %(c)s is built for free (more goods per goods die, one more die)",
                      c=col["column"]) if c == "port" else
                 Text("Province: province column %(c)s is founded for free (military +%(military)s, tribute "
                      "+%(tribute)s, one more die)", c=col["column"], military=col["military_on_completion"],
                      tribute=col["tribute"]))
        return [(Text("Which column do you take for free?"), Option(c, label, f"s{seat}-{c}-{col['column']}"))]
    if t == "omen_decline":
        return [(Text("Use the omen?"), Option("decline", Text("Decline the omen")))]
    if t == "omen":
        die, face = move["die"], move["face"]
        return [(Text("Use the omen?"), Option("turn", Text("Turn one die to any face"))),
                (Text("Which die do you turn?"), Option(f"d{die}", _die_label(st, die), die_element(die))),
                (Text("To which face?"), Option(face, _face_label(face)))]
    if t == "assign":
        out = []
        for k, v in move["choices"].items():
            face = g.empire_faces[st["turn"]["empire_faces"][int(k)]]
            n = face["choice"][v]
            out.append((Text("Die %(die)s (%(face)s): take it as", die=k,
                             face=face_text(st["turn"]["empire_faces"][int(k)])),
                        Option(v, Text("%(n)s food", n=n) if v == "food" else Text("%(n)s workers", n=n)
                               if v == "workers" else f"{n} {v}")))
        return out
    if t == "conquest":
        p = active(st)
        enemy = min(p["conquest_boxes_filled"], g.conquest_total)
        opt = (Option("attack", Text("Attack: your strength %(strength)s against %(enemy)s", strength=g.strength(p),
                                     enemy=enemy)) if move["attack"]
               else Option("no", Text("Do not attack")))
        return [(Text("Attack in a conquest?"), opt)]
    if t == "tribute_response":
        due = g.strength(active(st)) - g.strength(st["players"][seat])
        opt = (Option("deny", Text("Give 1 good to deny it (no tribute is collected from you; the demander gets "
                                   "the good)"))
               if move["deny"] else
               Option("let", Text("Let the demander collect %(n)s tribute (you pay nothing)", n=due)))
        return [(Text("A stronger player demands tribute (IA-4.5)"), opt)]
    if t == "convert":
        k = move["wealth"]
        label = (Text("Convert %(goods)s goods into %(wealth)s wealth", goods=k * g.goods_per_wealth, wealth=k) if k
                 else Text("Convert nothing"))
        return [(Text("Convert goods into wealth?"), Option(str(k), label))]
    return [(Text("Choose a move"), Option(t, words(t)))]


def _first_question(kind: str) -> str:
    return {"roll": Text("Pick dice to reroll, or stop rolling"), "omen": Text("Use the omen?"),
            "assign": Text("Take each food-or-workers die as food or workers"),
            "conquest": Text("Attack in a conquest?"),
            "build": Text("What do you build? (or play to build nothing more)"), "buy": Text("Buy a development?"),
            "convert": Text("Convert goods into wealth?")}.get(kind, Text("Choose a move"))


# -- roll (D1) -----------------------------------------------------------------------------------

def _roll_steps(st: State, chosen: Sequence[str]) -> Step:
    t = st["turn"]
    reroll = Text("Reroll")
    dice_opts = [Option(f"d{i}", _die_label(st, i), die_element(i), reroll)
                 for i in range(t["dice_count"]) if dice.rerollable(t, i)]
    dice_opts.append(Option("fate", _die_label(st, dice.FATE), die_element(dice.FATE), reroll))
    root = [*dice_opts, Option("stop", Text("Stop rolling (keep these faces)")), END]
    if not chosen:
        return Step(_first_question("roll"), root)
    first = chosen[0]
    if first in ("stop", "end"):
        if len(chosen) > 1:
            raise _refuse(1, chosen[1], "complete")
        return Step(READY, [], {"type": "stop_rolling"} if first == "stop" else {"type": "end_turn"})
    picked: list[str] = []
    for i, token in enumerate(chosen):
        if token not in {o.id for o in dice_opts} or token in picked:
            raise _refuse(i, token, "dice")
        picked.append(token)
    empire = sorted(int(x[1:]) for x in picked if x != "fate")
    move = {"type": "reroll", "empire": empire, "fate": "fate" in picked}
    rest = [o for o in dice_opts if o.id not in picked]
    return Step(Text("Pick more dice to reroll, or play"), rest, move)


def _roll_path(move: Move) -> list[str]:
    if move["type"] == "stop_rolling":
        return ["stop"]
    if move["type"] == "end_turn":
        return ["end"]
    return [f"d{i}" for i in sorted(move["empire"])] + (["fate"] if move.get("fate") else [])


# -- build (D6) ----------------------------------------------------------------------------------

def _trial(st: State) -> State:
    """A working state the build's actions may change (as turn._check_build makes it)."""
    seat = st["active_seat"]
    trial = dict(st)
    trial["players"] = list(st["players"])
    trial["players"][seat] = dict(st["players"][seat])
    trial["turn"] = dict(st["turn"])
    trial["monument_first_by"] = dict(st["monument_first_by"])
    return trial


# A build target's option id by action kind: "prov2" names province column 2, "m-temple" a
# monument. Data, so that id and action convert both ways.
TARGET_IDS = {"province_box": "prov{province}", "port_box": "port{port}", "amphora": "amph{port}",
              "monument_box": "m-{monument}", "military": "mil", "ship": "ship"}


def _target_id(a: dict[str, Any]) -> str:
    return TARGET_IDS[a["kind"]].format(**a)


def _target_action(token: str) -> dict[str, Any] | None:
    """The one-unit build action a target id names (None for no id). The walk to a chosen step
    checks only the targets chosen: listing every legal one at each step walked through made
    building a move cost its length squared times every target."""
    for kind, pattern in TARGET_IDS.items():
        head, _, field = pattern.partition("{")
        field = field.rstrip("}")
        if not field:
            a: dict[str, Any] = {"kind": kind}
        elif token.startswith(head) and token != head:
            value = token[len(head):]
            a = {"kind": kind, field: int(value) if field in ("province", "port") and value.isdigit() else value}
        else:
            continue
        if kind != "port_box":
            a["count"] = 1
        if _target_id(a) == token:
            return a
    return None


def _target(g: GameData, seat: int, a: dict[str, Any]) -> Option:
    """A build target as an option: the thing on the seat's sheet."""
    kind = a["kind"]
    if kind == "province_box":
        c = a["province"]
        return Option(_target_id(a), Text("Province %(c)s: fill worker boxes", c=c), f"s{seat}-province-{c}",
                      Text("Provinces"))
    if kind == "port_box":
        c = a["port"]
        return Option(_target_id(a), Text("Port %(c)s: fill its worker box (1 worker)", c=c), f"s{seat}-port-{c}",
                      Text("Ports"))
    if kind == "amphora":
        c = a["port"]
        return Option(_target_id(a), Text("Port %(c)s: fill amphoras (1 good each)", c=c), f"s{seat}-amphora-{c}",
                      Text("Ports"))
    if kind == "monument_box":
        m = a["monument"]
        name = g.monuments[m].get("en", words(m))
        return Option(_target_id(a), Text("%(monument)s: fill worker boxes", monument=name), f"s{seat}-monument-{m}",
                      Text("Monuments"))
    if kind == "military":
        cost = g.military_cost
        return Option(_target_id(a), Text("Military (+1 each for %(workers)s worker and %(food)s food)",
                                          workers=cost["workers"], food=cost["food"]),
                      f"s{seat}-military", Text("Military and ships"))
    return Option(_target_id(a), Text("Ships (goods each, Shipbuilding)"), f"s{seat}-ships", Text("Military and ships"))


def _count_label(g: GameData, st: State, a: dict[str, Any], n: int) -> str:
    kind = a["kind"]
    if kind == "amphora":
        return ntext("%(n)s amphora (%(n)s good)", "%(n)s amphoras (%(n)s goods)", n)
    if kind == "military":
        w, food = n * g.military_cost["workers"], n * g.military_cost["food"]
        return (Text("%(n)s military (%(w)s worker, %(food)s food)", n=n, w=w, food=food) if w == 1 else
                Text("%(n)s military (%(w)s workers, %(food)s food)", n=n, w=w, food=food))
    if kind == "ship":
        per = g.goods_per_ship(active(st)) or 0
        return (Text("%(n)s ship (%(goods)s goods)", n=n, goods=n * per) if n == 1 else
                Text("%(n)s ships (%(goods)s goods)", n=n, goods=n * per))
    return ntext("%(n)s box (%(n)s worker)", "%(n)s boxes (%(n)s workers)", n)


def _max_count(g: GameData, st: State, a: dict[str, Any]) -> int:
    n = 0
    while n < 64:
        try:
            build.check_action(g, st, {**a, "count": n + 1})
        except IllegalMove:
            break
        n += 1
    return n


def _build_steps(g: GameData, st: State, seat: int, chosen: Sequence[str]) -> Step:
    if chosen and chosen[0] == "end":
        if len(chosen) > 1:
            raise _refuse(1, chosen[1], "complete")
        return Step(READY, [], {"type": "end_turn"})
    trial = _trial(st)
    actions: list[dict[str, Any]] = []
    i = 0
    while True:
        if i == len(chosen):
            opts = [_target(g, seat, a) for a in build.single_actions(g, trial)] + ([END] if not actions else [])
            q = _first_question("build") if not actions else Text("What else do you build? (or play)")
            return Step(q, opts, {"type": "build", "actions": [dict(x) for x in actions]})
        token = chosen[i]
        a = _target_action(token)
        if a is None or not build.is_legal(g, trial, a):  # exactly the targets single_actions lists
            raise _refuse(i, token, "build")
        if a["kind"] == "port_box":
            act = dict(a)
        else:
            top = _max_count(g, trial, a)
            counts = [Option(str(n), _count_label(g, trial, a, n)) for n in range(1, top + 1)]
            if i + 1 == len(chosen):
                return Step(Text("How many? (%(what)s)", what=_target(g, seat, a).label), counts)
            i += 1
            if chosen[i] not in {o.id for o in counts}:
                raise _refuse(i, chosen[i], "counts")
            act = {**a, "count": int(chosen[i])}
        build.do_action(g, trial, act, build.check_action(g, trial, act))
        actions.append(act)
        i += 1


def _build_path(move: Move) -> list[str]:
    if move["type"] == "end_turn":
        return ["end"]
    out: list[str] = []
    for a in move["actions"]:
        out.append(_target_id(a))
        if a["kind"] != "port_box":
            out.append(str(a["count"]))
    return out


# -- buy (D7) ------------------------------------------------------------------------------------

def dev_label(g: GameData, dev: str) -> str:
    d = g.developments[dev]
    return Text("%(development)s (cost %(cost)s, %(points)s points)", development=d.get("en", words(dev)),
                cost=d["cost"], points=d["points"])


def _unit_value(g: GameData, st: State, key: str) -> int:
    return {"goods": g.pay_goods, "inventions": g.invention_value(active(st)), "wealth": g.pay_wealth}[key]


def _buy_steps(g: GameData, st: State, seat: int, chosen: Sequence[str]) -> Step:
    offers = {d: Option(d, dev_label(g, d), f"s{seat}-dev-{d}", Text("Developments"))
              for d in developments.affordable(g, st)}
    root = [*offers.values(), Option("none", Text("Buy no development")), END]
    if not chosen:
        return Step(_first_question("buy"), root)
    first = chosen[0]
    if first in ("none", "end"):
        if len(chosen) > 1:
            raise _refuse(1, chosen[1], "complete")
        return Step(READY, [], {"type": "buy_none"} if first == "none" else {"type": "end_turn"})
    if first not in offers:
        raise _refuse(0, first, "developments")
    have = developments.holdings(st)
    dims = [k for k in PAY_ORDER if have[k] > 0]
    cost = g.developments[first]["cost"]
    pay = {k: 0 for k in PAY_ORDER}
    paid = 0
    for j, key in enumerate(dims):
        later = sum(have[k] * _unit_value(g, st, k) for k in dims[j + 1:])
        each = _unit_value(g, st, key)
        counts = [n for n in range(have[key] + 1) if paid + n * each + later >= cost]
        opts = [Option(str(n), _pay_label(key, n, n * each)) for n in counts]
        if len(chosen) == j + 1:
            return Step(_pay_question(key, dev_label(g, first), paid), opts)
        token = chosen[j + 1]
        if token not in {o.id for o in opts}:
            raise _refuse(j + 1, token, "payment", key=key)
        pay[key] = int(token)
        paid += pay[key] * each
    if len(chosen) > len(dims) + 1:
        raise _refuse(len(dims) + 1, chosen[len(dims) + 1], "complete")
    return Step(READY, [], {"type": "buy", "development": first, "payment": pay})


def _pay_label(key: str, n: int, worth: int) -> str:
    if key == "inventions":
        return Text("%(n)s inventions (worth %(worth)s)", n=n, worth=worth)
    if key == "wealth":
        return Text("%(n)s wealth (worth %(worth)s)", n=n, worth=worth)
    return Text("%(n)s goods (worth %(worth)s)", n=n, worth=worth)


def _pay_question(key: str, development: str, paid: int) -> str:
    if key == "inventions":
        return Text("How many inventions do you pay? (%(development)s; paid so far %(paid)s)",
                    development=development, paid=paid)
    if key == "wealth":
        return Text("How many wealth do you pay? (%(development)s; paid so far %(paid)s)",
                    development=development, paid=paid)
    return Text("How many goods do you pay? (%(development)s; paid so far %(paid)s)", development=development,
                paid=paid)


def _buy_path(st: State, move: Move) -> list[str]:
    if move["type"] in ("buy_none", "end_turn"):
        return ["none" if move["type"] == "buy_none" else "end"]
    have = developments.holdings(st)
    pay = move.get("payment", {})
    return [move["development"]] + [str(pay.get(k, 0)) for k in PAY_ORDER if have[k] > 0]


# -- the contract's two hooks --------------------------------------------------------------------

def steps(g: GameData, st: State, seat: int, kind: str, chosen: Sequence[str]) -> Step:
    check_prompt(st, seat, kind)
    if kind == "roll":
        return _roll_steps(st, chosen)
    if kind == "build":
        return _build_steps(g, st, seat, chosen)
    if kind == "buy":
        return _buy_steps(g, st, seat, chosen)
    moves = prompts.choices(g, st, seat) or []
    return from_moves(moves, lambda m: path_of(g, st, seat, kind, m), chosen)


def move_path(g: GameData, st: State, seat: int, kind: str, move: Move) -> list[str]:
    check_prompt(st, seat, kind)
    if kind == "roll":
        return _roll_path(move)
    if kind == "build":
        return _build_path(move)
    if kind == "buy":
        return _buy_path(st, move)
    return [o.id for _, o in path_of(g, st, seat, kind, move)]
