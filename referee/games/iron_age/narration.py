"""Iron Age events told as a player would write them in a game log (the contract's `narrate`;
RULES.md §1: nothing is hidden, so every viewer reads the same lines).

The first line says what the player decided, with its outcome (a battle's result, the coins
and goods involved). Every automatic step the move set off gets a line of its own: collecting,
feeding and famine, the disaster, disaster battles, tribute, the next player's first roll.

How the outcomes are known: the viewer's view *before* the event is the whole state (§1), so
the event is replayed on it, step by step, with the dice its chance records name (`Trace`);
each step's changes become its line. The replay is checked against the view *after* the event
and dropped when they disagree. Without the views (or when the replay fails) the lines come
from the move and the chance records alone.
"""

from __future__ import annotations

from typing import Any

from referee.games.iron_age import disasters, turn
from referee.games.iron_age.effects import GameData
from referee.games.iron_age.state import State, working_copy
from referee.games.iron_age.words import face
from referee.engine.wording import join_words, seat_name

FIELDS = ("food", "goods", "military", "ships", "wealth", "tribute", "skulls", "conquest_boxes_filled",
          "ports_owned", "provinces_owned")


def _n(k: int, word: str, plural: str | None = None) -> str:
    return f"{k} {word if k == 1 else (plural or word + 's')}"


def _action(g: GameData, a: dict[str, Any]) -> str:
    kind, n = a["kind"], a.get("count", 1)
    boxes = _n(n, "box", "boxes")
    if kind == "province_box":
        return f"{boxes} of province {a['province']}"
    if kind == "port_box":
        return f"the worker box of port {a['port']}"
    if kind == "amphora":
        return f"{_n(n, 'amphora')} of port {a['port']} ({_n(n, 'good')})"
    if kind == "monument_box":
        m = g.monuments.get(a["monument"], {})
        return f"{boxes} of the {m.get('en', face(a['monument']))}"
    if kind == "military":
        return f"{n} military"
    return _n(n, "ship")


def _move(g: GameData, move: dict[str, Any], names: list[str], st: State | None) -> str:
    t = move.get("type")
    if t == "initial_choice":
        return f"took a free {move['choice']} (column 2) to start"
    if t == "reroll":
        dice = [f"die {i}" for i in move.get("empire", [])] + (["the fate die"] if move.get("fate") else [])
        return f"rerolled {join_words(dice)}"
    if t == "stop_rolling":
        return "stopped rolling"
    if t == "omen":
        die = "the fate die" if move["die"] == "fate" else f"die {move['die']}"
        was = ""
        if st is not None and st.get("turn"):
            tt = st["turn"]
            old = tt["fate_face"] if move["die"] == "fate" else tt["empire_faces"][move["die"]]
            was = f" from {face(old)}"
        return f"used the omen to turn {die}{was} to {face(move['face'])}"
    if t == "omen_decline":
        return "declined the omen"
    if t == "assign":
        picks = [f"die {d} as {v}" for d, v in move.get("choices", {}).items()]
        return f"took {join_words(picks)}" if picks else "assigned no dice"
    if t == "conquest":
        return "attacked in a conquest" if move["attack"] else "did not attack"
    if t == "tribute_response":
        demander = seat_name(names, st["active_seat"]) if st else "the stronger player"
        return (f"gave 1 good to {demander} to deny the tribute" if move["deny"]
                else f"let {demander} collect the tribute")
    if t == "build":
        acts = [_action(g, a) for a in move.get("actions", [])]
        return f"built {join_words(acts)}" if acts else "built nothing"
    if t == "buy":
        d = g.developments.get(move["development"], {})
        pay = [f"{n} {k}" for k, n in move.get("payment", {}).items() if n]
        return f"bought {d.get('en', face(move['development']))}" + (f" for {join_words(pay)}" if pay else "")
    if t == "buy_none":
        return "bought no development"
    if t == "convert":
        k = move["wealth"]
        return f"converted {k * g.goods_per_wealth} goods into {k} wealth" if k else "converted no goods"
    if t == "end_turn":
        return "ended the turn (the rest of it takes the defaults)"
    return f"played {t}"


def _throw(value: dict[str, Any]) -> str:
    faces = [face(f) for _, f in sorted(value.get("empire", {}).items(), key=lambda kv: int(kv[0]))]
    fate = value.get("fate")
    return join_words(faces + ([f"fate {face(fate)}"] if fate else []), "nothing")


def _rolls(chance: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [r["value"] for r in chance if r.get("label") == "roll" and r.get("kind") == "note"
            and isinstance(r.get("value"), dict)]


# -- replaying the event on the view before it -----------------------------------------------------

class _Short(Exception):
    """The chance records do not hold the draws the replay asks for."""


class _Dice:
    """An Rng stand-in that hands out the faces the event's chance records name, in order."""

    def __init__(self, rolls: list[dict[str, Any]]):
        self.queue: list[str] = []
        for v in rolls:
            self.queue += [f for _, f in sorted(v.get("empire", {}).items(), key=lambda kv: int(kv[0]))]
            if v.get("fate"):
                self.queue.append(v["fate"])

    def roll(self, faces: Any, count: int, *, label: str, visible_to: Any = "all") -> list[str]:
        if len(self.queue) < count:
            raise _Short()
        out, self.queue = self.queue[:count], self.queue[count:]
        return out

    def note(self, *args: Any, **kwargs: Any) -> None:
        return None

    def below(self, *args: Any, **kwargs: Any) -> int:
        raise _Short()


def _snap(st: State) -> dict[str, Any]:
    t = st.get("turn") or {}
    return {"players": [{k: p[k] for k in FIELDS} | {"monuments": {m: v["complete"] for m, v in p["monuments"].items()}}
                        for p in st["players"]],
            "workers": t.get("workers", 0), "inventions": t.get("inventions", 0),
            "battles": list(t.get("battles", [])), "disaster": t.get("disaster"),
            "pending": list(t.get("pending_battles", [])), "faces": list(t.get("empire_faces", [])),
            "fate": t.get("fate_face"), "skulls_rolled": t.get("skulls_rolled", 0),
            "round": st["round"], "active": st["active_seat"]}


Step = tuple[str, dict[str, Any], dict[str, Any]]


def trace(g: GameData, before: dict[str, Any], seat: int, move: dict[str, Any],
          chance: list[dict[str, Any]], after: dict[str, Any] | None) -> list[Step] | None:
    """The event replayed on `before`: (step name, snapshot before, snapshot after) per
    step; None when it cannot be replayed or disagrees with `after`."""
    try:
        st = working_copy({k: v for k, v in before.items() if k != "derived"})
        dice = _Dice(_rolls(chance))
        out: list[Step] = []
        s0 = _snap(st)
        step = turn._answer(g, st, seat, move, dice)  # type: ignore[arg-type]
        out.append(("move", s0, _snap(st)))
        guard = 0
        while step is not None and guard < 200:
            guard += 1
            if step == "feed_disaster":  # feeding and the disaster are told apart (IA-3.1, IA-3.2)
                st["phase"] = "feed_disaster"
                s0 = _snap(st)
                disasters.feed(g, st)
                out.append(("feed", s0, _snap(st)))
                s0 = _snap(st)
                disasters.strike(g, st)
                out.append(("disaster", s0, _snap(st)))
                step = "battle"
                continue
            s0 = _snap(st)
            name = step
            step = turn.STEPS[step](g, st, dice)  # type: ignore[arg-type]
            out.append((name, s0, _snap(st)))
    except (_Short, KeyError, IndexError, TypeError, ValueError, AttributeError):
        return None
    except Exception:  # an IllegalMove or anything else: tell what the records say instead
        return None
    if after is not None:
        if [{k: p[k] for k in FIELDS} for p in st["players"]] != [{k: p[k] for k in FIELDS} for p in after["players"]]:
            return None
    return out


def _delta(a: dict[str, Any], b: dict[str, Any], seat: int, key: str) -> int:
    return b["players"][seat][key] - a["players"][seat][key]


def _gains(a: dict[str, Any], b: dict[str, Any], seat: int) -> list[str]:
    out = []
    for key, word in (("goods", "good"), ("food", "food")):
        d = _delta(a, b, seat, key)
        if d:
            out.append(_n(d, word, "goods" if key == "goods" else "food"))
    if b["workers"] and b["workers"] != a["workers"]:
        out.append(_n(b["workers"], "worker"))
    if b["inventions"] and b["inventions"] != a["inventions"]:
        out.append(_n(b["inventions"], "invention"))
    return out


def _battle_line(b: dict[str, Any], names: list[str], snap: dict[str, Any]) -> str:
    who = seat_name(names, b["seat"])
    src = {"conquest": "Conquest"}.get(b["source"], face(b["source"]).capitalize())
    s, e = b["strength"], b["enemy_strength"]
    if b["outcome"] == "win":
        res = f"won: +{s - e} tribute"
    elif b["outcome"] == "loss":
        res = f"lost: {_n(e - s, 'skull')}"
    else:
        res = "tied: no tribute, no skulls"
    return f"{src}: {who} (strength {s}) fought strength {e} and {res}; military now {snap['players'][b['seat']]['military']}."


def _new_battles(a: dict[str, Any], b: dict[str, Any]) -> list[dict[str, Any]]:
    return b["battles"][len(a["battles"]):] if len(b["battles"]) > len(a["battles"]) else []


def _lines(g: GameData, steps: list[Step], seat: int, move: dict[str, Any], names: list[str]) -> tuple[str, list[str]]:
    """(an outcome to add to the move's sentence, one line per automatic step)."""
    extra = ""
    lines: list[str] = []
    for name, a, b in steps:
        active = a["active"]
        who = seat_name(names, active)
        if name == "move":
            mt = move.get("type")
            battles = _new_battles(a, b)
            if mt == "assign":
                got = _gains(a, b, seat)
                extra = f", collecting {join_words(got)}" if got else ""
            elif mt == "conquest" and battles:
                bt = battles[0]
                res = {"win": f"won: +{bt['strength'] - bt['enemy_strength']} tribute", "loss":
                       f"lost: {_n(bt['enemy_strength'] - bt['strength'], 'skull')}", "tie": "tied"}[bt["outcome"]]
                box = (f", conquest box {b['players'][seat]['conquest_boxes_filled']} filled"
                       if _delta(a, b, seat, "conquest_boxes_filled") else "")
                extra = f" with strength {bt['strength']} against {bt['enemy_strength']} and {res}{box}"
            elif mt == "build":
                done = _completions(g, a, b, seat)
                extra = f", completing {join_words(done)}" if done else ""
            elif mt == "tribute_response":
                lines += _tribute_lines(a, b, names)
            continue
        if name == "collect":
            got = _gains(a, b, active)
            lines.append(f"{who} collected {join_words(got)}." if got else f"{who} collected nothing.")
        elif name == "feed":
            need = b["players"][active]["provinces_owned"]
            ate, skulls = -_delta(a, b, active, "food"), _delta(a, b, active, "skulls")
            if skulls:
                lines.append(f"Famine: {who} fed only {ate} of {need} provinces and took {_n(skulls, 'skull')}.")
            elif need:
                lines.append(f"{who} fed {_n(need, 'province')} with {ate} food.")
        elif name == "disaster":
            d = b["disaster"]
            if d:
                hit = [f"{seat_name(names, s)} took {_n(_delta(a, b, s, 'skulls'), 'skull')}"
                       for s in range(len(b["players"])) if _delta(a, b, s, "skulls")]
                queued = [seat_name(names, x["seat"]) for x in b["pending"]]
                text = (f"{join_words(hit)}" if hit else
                        f"{join_words(queued)} must fight" if queued else "no effect (immune)")
                lines.append(f"Disaster, {face(d)} ({_n(b['skulls_rolled'], 'skull')} rolled): {text}.")
        elif name == "battle":
            lines += [_battle_line(x, names, b) for x in _new_battles(a, b)]
        elif name == "tribute":
            lines += _tribute_lines(a, b, names)
        elif name == "begin_turn":
            throw = join_words([face(f) for f in b["faces"]] + [f"fate {face(b['fate'])}"])
            lines.append(f"{seat_name(names, b['active'])} rolled {throw}.")
        elif name == "end_turn" and b["round"] != a["round"]:
            lines.append(f"Round {b['round']} begins.")
    return extra, lines


def _completions(g: GameData, a: dict[str, Any], b: dict[str, Any], seat: int) -> list[str]:
    out = []
    if _delta(a, b, seat, "ports_owned"):
        out.append(_n(_delta(a, b, seat, "ports_owned"), "port"))
    if _delta(a, b, seat, "provinces_owned"):
        out.append(_n(_delta(a, b, seat, "provinces_owned"), "province"))
    for m, done in b["players"][seat]["monuments"].items():
        if done and not a["players"][seat]["monuments"].get(m):
            out.append(f"the {g.monuments.get(m, {}).get('en', face(m))}")
    return out


def _tribute_lines(a: dict[str, Any], b: dict[str, Any], names: list[str]) -> list[str]:
    me = a["active"]
    got = _delta(a, b, me, "tribute")
    goods = [seat_name(names, s) for s in range(len(b["players"])) if s != me and _delta(a, b, s, "goods") < 0]
    if not got and not goods:
        return []
    who = seat_name(names, me)
    parts = []
    if got:
        parts.append(f"{who} collected {got} tribute")
    if goods:
        parts.append(f"{join_words(goods)} {'each ' if len(goods) > 1 else ''}gave 1 good to deny it")
    return ["Tribute: " + "; ".join(parts) + "."]


def narrate(g: GameData, event: dict[str, Any], names: list[str], before: dict[str, Any] | None = None,
            after: dict[str, Any] | None = None) -> str:
    """e.g. "Ada attacked in a conquest with strength 5 against 2 and won: +3 tribute." then
    "Bo rolled food, goods and fate omen." on a line of its own."""
    seat = event.get("seat")
    payload = event.get("payload") or {}
    move = payload.get("move") or {}
    chance = payload.get("chance") or []
    head = f"{seat_name(names, seat)} {_move(g, move, names, before)}"
    steps = trace(g, before, seat, move, chance, after) if before is not None and isinstance(seat, int) else None
    if steps is not None:
        extra, lines = _lines(g, steps, seat, move, names)
        if move.get("type") == "reroll":
            rolled = _rolls(chance)
            extra = f": {_throw(rolled[0])}" if rolled else extra
        return "\n".join([head + extra + "."] + lines)
    return _from_records(move, seat, names, head, chance)


def _from_records(move: dict[str, Any], seat: Any, names: list[str], head: str, chance: list[dict[str, Any]]) -> str:
    """Without the views: the move and the dice its chance records name."""
    lines = [head]
    for value in _rolls(chance):
        if value.get("roll_no") == 1:
            follows = move.get("type") != "tribute_response" and isinstance(seat, int) and names
            nxt = seat_name(names, (seat + 1) % len(names)) if follows else "The next player"
            lines.append(f"{nxt} rolled {_throw(value)}.")
        else:
            lines[0] += f": {_throw(value)}"
    lines[0] += "."
    return "\n".join(lines)
