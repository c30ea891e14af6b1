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

Every line is one whole catalog message in the reader's language (`tr`), with the rulebook's
words from the game's glossary in German; the English is the message ids, as it always read.
"""

from __future__ import annotations

from typing import Any

from referee.engine.glossary import term
from referee.games.iron_age import disasters, turn
from referee.games.iron_age.effects import GameData
from referee.games.iron_age.state import State, working_copy
from referee.games.iron_age.words import face
from referee.engine.wording import seat_name
from referee.plumbing.i18n import EN, Translator

FIELDS = ("food", "goods", "military", "ships", "wealth", "tribute", "skulls", "conquest_boxes_filled",
          "ports_owned", "provinces_owned")
# A face's word as the glossary knows it ("skull" is listed as "skulls"), for German.
FACE_TERMS = {"skull": "skulls", "invention": "inventions", "tribute": "tribute face", "food or workers": "food or workers face"}


def _face(fid: Any, tr: Translator) -> str:
    """A die face in words ("food or workers"; "Nahrung oder Arbeiter")."""
    word = face(fid)
    if tr.lang == EN.lang:
        return word
    return term("iron_age", FACE_TERMS.get(word, word), tr.lang, plural=word == "goods")


def _named(g_items: dict[str, Any], key: Any, tr: Translator) -> str:
    """A monument's or development's name ("Medicine"; "Medizin")."""
    name = g_items.get(key, {}).get("en", face(key))
    return term("iron_age", name, tr.lang)


def _join(words: list[str], tr: Translator, empty: str = "") -> str:
    return tr.join(words, empty)


def _action(g: GameData, a: dict[str, Any], tr: Translator) -> str:
    """One build action as a list item ("2 boxes of province 3")."""
    kind, n = a["kind"], a.get("count", 1)
    if kind == "province_box":
        return tr.ngettext("%(n)d box of province %(province)s", "%(n)d boxes of province %(province)s", n,
                           province=a["province"])
    if kind == "port_box":
        return tr.gettext("the worker box of port %(port)s", port=a["port"])
    if kind == "amphora":
        return tr.ngettext("%(n)d amphora of port %(port)s (%(n)d good)", "%(n)d amphoras of port %(port)s (%(n)d goods)",
                           n, port=a["port"])
    if kind == "monument_box":
        return tr.ngettext("%(n)d box of the %(monument)s", "%(n)d boxes of the %(monument)s", n,
                           monument=_named(g.monuments, a["monument"], tr))
    if kind == "military":
        return tr.gettext("%(n)s military", n=n)
    return tr.ngettext("%(n)d ship", "%(n)d ships", n)


def _die(d: Any, tr: Translator) -> str:
    return tr.gettext("the fate die") if d == "fate" else tr.gettext("die %(die)s", die=d)


def _paid(k: str, n: int, tr: Translator) -> str:
    """A payment's part ("3 goods", "1 wealth")."""
    if k == "goods":
        return tr.ngettext("%(n)d goods", "%(n)d goods", n)
    if k == "inventions":
        return tr.ngettext("%(n)d inventions", "%(n)d inventions", n)
    if k == "wealth":
        return tr.ngettext("%(n)d wealth", "%(n)d wealth", n)
    return f"{n} {k}"


def _move(g: GameData, move: dict[str, Any], names: list[str], st: State | None, who: str, tr: Translator,
          out: dict[str, Any]) -> str:
    """The first line, a whole sentence: who decided what, with its outcome (`out`: the throw of
    a reroll, what an assignment collected, a conquest's battle, what a build completed)."""
    _ = tr.gettext
    t = move.get("type")
    if t == "initial_choice":
        return _("%(who)s took a free %(choice)s (column 2) to start.", who=who,
                 choice=term("iron_age", move["choice"], tr.lang))
    if t == "reroll":
        dice = [_die(i, tr) for i in move.get("empire", [])] + ([_die("fate", tr)] if move.get("fate") else [])
        if out.get("throw"):
            return _("%(who)s rerolled %(dice)s: %(throw)s.", who=who, dice=_join(dice, tr), throw=out["throw"])
        return _("%(who)s rerolled %(dice)s.", who=who, dice=_join(dice, tr))
    if t == "stop_rolling":
        return _("%(who)s stopped rolling.", who=who)
    if t == "omen":
        die = _die(move["die"], tr)
        if st is not None and st.get("turn"):
            tt = st["turn"]
            old = tt["fate_face"] if move["die"] == "fate" else tt["empire_faces"][move["die"]]
            return _("%(who)s used the omen to turn %(die)s from %(old)s to %(new)s.", who=who, die=die,
                     old=_face(old, tr), new=_face(move["face"], tr))
        return _("%(who)s used the omen to turn %(die)s to %(new)s.", who=who, die=die, new=_face(move["face"], tr))
    if t == "omen_decline":
        return _("%(who)s declined the omen.", who=who)
    if t == "assign":
        picks = [_("die %(die)s as %(value)s", die=d, value=_face(v, tr)) for d, v in move.get("choices", {}).items()]
        got = out.get("got")
        if picks and got:
            return _("%(who)s took %(picks)s, collecting %(got)s.", who=who, picks=_join(picks, tr), got=got)
        if picks:
            return _("%(who)s took %(picks)s.", who=who, picks=_join(picks, tr))
        if got:
            return _("%(who)s assigned no dice, collecting %(got)s.", who=who, got=got)
        return _("%(who)s assigned no dice.", who=who)
    if t == "conquest":
        if not move["attack"]:
            return _("%(who)s did not attack.", who=who)
        bt = out.get("battle")
        if bt is None:
            return _("%(who)s attacked in a conquest.", who=who)
        s, e, box = bt["strength"], bt["enemy_strength"], out.get("box")
        if bt["outcome"] == "win":
            if box:
                return _("%(who)s attacked in a conquest with strength %(strength)s against %(enemy)s and won: "
                         "+%(tribute)s tribute, conquest box %(box)s filled.", who=who, strength=s, enemy=e,
                         tribute=s - e, box=box)
            return _("%(who)s attacked in a conquest with strength %(strength)s against %(enemy)s and won: "
                     "+%(tribute)s tribute.", who=who, strength=s, enemy=e, tribute=s - e)
        if bt["outcome"] == "loss":
            skulls = _skulls(e - s, tr)
            if box:
                return _("%(who)s attacked in a conquest with strength %(strength)s against %(enemy)s and lost: "
                         "%(skulls)s, conquest box %(box)s filled.", who=who, strength=s, enemy=e, skulls=skulls, box=box)
            return _("%(who)s attacked in a conquest with strength %(strength)s against %(enemy)s and lost: "
                     "%(skulls)s.", who=who, strength=s, enemy=e, skulls=skulls)
        if box:
            return _("%(who)s attacked in a conquest with strength %(strength)s against %(enemy)s and tied, "
                     "conquest box %(box)s filled.", who=who, strength=s, enemy=e, box=box)
        return _("%(who)s attacked in a conquest with strength %(strength)s against %(enemy)s and tied.",
                 who=who, strength=s, enemy=e)
    if t == "tribute_response":
        demander = seat_name(names, st["active_seat"], tr) if st else _("the stronger player")
        if move["deny"]:
            return _("%(who)s gave 1 good to %(demander)s to deny the tribute.", who=who, demander=demander)
        return _("%(who)s let %(demander)s collect the tribute.", who=who, demander=demander)
    if t == "build":
        acts = [_action(g, a, tr) for a in move.get("actions", [])]
        if not acts:
            return _("%(who)s built nothing.", who=who)
        if out.get("done"):
            return _("%(who)s built %(what)s, completing %(done)s.", who=who, what=_join(acts, tr), done=out["done"])
        return _("%(who)s built %(what)s.", who=who, what=_join(acts, tr))
    if t == "buy":
        dev = _named(g.developments, move["development"], tr)
        pay = [_paid(k, n, tr) for k, n in move.get("payment", {}).items() if n]
        if pay:
            return _("%(who)s bought %(development)s for %(payment)s.", who=who, development=dev, payment=_join(pay, tr))
        return _("%(who)s bought %(development)s.", who=who, development=dev)
    if t == "buy_none":
        return _("%(who)s bought no development.", who=who)
    if t == "convert":
        k = move["wealth"]
        if k:
            return _("%(who)s converted %(goods)s goods into %(wealth)s wealth.", who=who,
                     goods=k * g.goods_per_wealth, wealth=k)
        return _("%(who)s converted no goods.", who=who)
    if t == "end_turn":
        return _("%(who)s ended the turn (the rest of it takes the defaults).", who=who)
    return _("%(who)s played %(type)s.", who=who, type=t)


def _skulls(n: int, tr: Translator) -> str:
    return tr.ngettext("%(n)d skull", "%(n)d skulls", n)


def _throw(value: dict[str, Any], tr: Translator = EN) -> str:
    faces = [_face(f, tr) for _, f in sorted(value.get("empire", {}).items(), key=lambda kv: int(kv[0]))]
    fate = value.get("fate")
    return _join(faces + ([tr.gettext("fate %(face)s", face=_face(fate, tr))] if fate else []), tr,
                 tr.gettext("nothing"))


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


def _gains(a: dict[str, Any], b: dict[str, Any], seat: int, tr: Translator) -> list[str]:
    out = []
    d = _delta(a, b, seat, "goods")
    if d:
        out.append(tr.ngettext("%(n)d good", "%(n)d goods", d))
    d = _delta(a, b, seat, "food")
    if d:
        out.append(tr.ngettext("%(n)d food", "%(n)d food", d))
    if b["workers"] and b["workers"] != a["workers"]:
        out.append(tr.ngettext("%(n)d worker", "%(n)d workers", b["workers"]))
    if b["inventions"] and b["inventions"] != a["inventions"]:
        out.append(tr.ngettext("%(n)d invention", "%(n)d inventions", b["inventions"]))
    return out


def _source(source: str, tr: Translator) -> str:
    """What a battle was fought for ("Conquest", "Barbarians")."""
    if source == "conquest":
        return tr.gettext("Conquest")
    word = face(source)
    return word.capitalize() if tr.lang == EN.lang else term("iron_age", word, tr.lang)


def _battle_line(b: dict[str, Any], names: list[str], snap: dict[str, Any], tr: Translator) -> str:
    _ = tr.gettext
    who, src = seat_name(names, b["seat"], tr), _source(b["source"], tr)
    s, e, military = b["strength"], b["enemy_strength"], snap["players"][b["seat"]]["military"]
    if b["outcome"] == "win":
        return _("%(source)s: %(who)s (strength %(strength)s) fought strength %(enemy)s and won: +%(tribute)s "
                 "tribute; military now %(military)s.", source=src, who=who, strength=s, enemy=e, tribute=s - e,
                 military=military)
    if b["outcome"] == "loss":
        return _("%(source)s: %(who)s (strength %(strength)s) fought strength %(enemy)s and lost: %(skulls)s; "
                 "military now %(military)s.", source=src, who=who, strength=s, enemy=e, skulls=_skulls(e - s, tr),
                 military=military)
    return _("%(source)s: %(who)s (strength %(strength)s) fought strength %(enemy)s and tied: no tribute, no "
             "skulls; military now %(military)s.", source=src, who=who, strength=s, enemy=e, military=military)


def _new_battles(a: dict[str, Any], b: dict[str, Any]) -> list[dict[str, Any]]:
    return b["battles"][len(a["battles"]):] if len(b["battles"]) > len(a["battles"]) else []


def _lines(g: GameData, steps: list[Step], seat: int, move: dict[str, Any], names: list[str],
           tr: Translator) -> tuple[dict[str, Any], list[str]]:
    """(the outcome the move's sentence tells, one line per automatic step)."""
    _ = tr.gettext
    out: dict[str, Any] = {}
    lines: list[str] = []
    for name, a, b in steps:
        active = a["active"]
        who = seat_name(names, active, tr)
        if name == "move":
            mt = move.get("type")
            battles = _new_battles(a, b)
            if mt == "assign":
                out["got"] = _join(_gains(a, b, seat, tr), tr)
            elif mt == "conquest" and battles:
                out["battle"] = battles[0]
                if _delta(a, b, seat, "conquest_boxes_filled"):
                    out["box"] = b["players"][seat]["conquest_boxes_filled"]
            elif mt == "build":
                out["done"] = _join(_completions(g, a, b, seat, tr), tr)
            elif mt == "tribute_response":
                lines += _tribute_lines(a, b, names, tr)
            continue
        if name == "collect":
            got = _gains(a, b, active, tr)
            lines.append(_("%(who)s collected %(got)s.", who=who, got=_join(got, tr)) if got
                         else _("%(who)s collected nothing.", who=who))
        elif name == "feed":
            need = b["players"][active]["provinces_owned"]
            ate, skulls = -_delta(a, b, active, "food"), _delta(a, b, active, "skulls")
            if skulls:
                lines.append(_("Famine: %(who)s fed only %(ate)s of %(need)s provinces and took %(skulls)s.", who=who,
                               ate=ate, need=need, skulls=_skulls(skulls, tr)))
            elif need:
                lines.append(tr.ngettext("%(who)s fed %(n)d province with %(ate)s food.",
                                         "%(who)s fed %(n)d provinces with %(ate)s food.", need, who=who, ate=ate))
        elif name == "disaster":
            d = b["disaster"]
            if d:
                hit = [_("%(who)s took %(skulls)s", who=seat_name(names, s, tr), skulls=_skulls(_delta(a, b, s, "skulls"), tr))
                       for s in range(len(b["players"])) if _delta(a, b, s, "skulls")]
                queued = [seat_name(names, x["seat"], tr) for x in b["pending"]]
                what, rolled = _face(d, tr), _skulls(b["skulls_rolled"], tr)
                if hit:
                    lines.append(_("Disaster, %(disaster)s (%(rolled)s rolled): %(hit)s.", disaster=what, rolled=rolled,
                                   hit=_join(hit, tr)))
                elif queued:
                    lines.append(_("Disaster, %(disaster)s (%(rolled)s rolled): %(who)s must fight.", disaster=what,
                                   rolled=rolled, who=_join(queued, tr)))
                else:
                    lines.append(_("Disaster, %(disaster)s (%(rolled)s rolled): no effect (immune).", disaster=what,
                                   rolled=rolled))
        elif name == "battle":
            lines += [_battle_line(x, names, b, tr) for x in _new_battles(a, b)]
        elif name == "tribute":
            lines += _tribute_lines(a, b, names, tr)
        elif name == "begin_turn":
            throw = _join([_face(f, tr) for f in b["faces"]] + [_("fate %(face)s", face=_face(b["fate"], tr))], tr)
            lines.append(_("%(who)s rolled %(throw)s.", who=seat_name(names, b["active"], tr), throw=throw))
        elif name == "end_turn" and b["round"] != a["round"]:
            lines.append(_("Round %(round)s begins.", round=b["round"]))
    return out, lines


def _completions(g: GameData, a: dict[str, Any], b: dict[str, Any], seat: int, tr: Translator) -> list[str]:
    out = []
    if _delta(a, b, seat, "ports_owned"):
        out.append(tr.ngettext("%(n)d port", "%(n)d ports", _delta(a, b, seat, "ports_owned")))
    if _delta(a, b, seat, "provinces_owned"):
        out.append(tr.ngettext("%(n)d province", "%(n)d provinces", _delta(a, b, seat, "provinces_owned")))
    for m, done in b["players"][seat]["monuments"].items():
        if done and not a["players"][seat]["monuments"].get(m):
            out.append(tr.gettext("the %(monument)s", monument=_named(g.monuments, m, tr)))
    return out


def _tribute_lines(a: dict[str, Any], b: dict[str, Any], names: list[str], tr: Translator) -> list[str]:
    _ = tr.gettext
    me = a["active"]
    got = _delta(a, b, me, "tribute")
    goods = [seat_name(names, s, tr) for s in range(len(b["players"])) if s != me and _delta(a, b, s, "goods") < 0]
    if not got and not goods:
        return []
    who, givers = seat_name(names, me, tr), _join(goods, tr)
    if got and len(goods) > 1:
        return [_("Tribute: %(who)s collected %(n)s tribute; %(givers)s each gave 1 good to deny it.", who=who, n=got,
                  givers=givers)]
    if got and goods:
        return [_("Tribute: %(who)s collected %(n)s tribute; %(givers)s gave 1 good to deny it.", who=who, n=got,
                  givers=givers)]
    if got:
        return [_("Tribute: %(who)s collected %(n)s tribute.", who=who, n=got)]
    if len(goods) > 1:
        return [_("Tribute: %(givers)s each gave 1 good to deny it.", givers=givers)]
    return [_("Tribute: %(givers)s gave 1 good to deny it.", givers=givers)]


def narrate(g: GameData, event: dict[str, Any], names: list[str], before: dict[str, Any] | None = None,
            after: dict[str, Any] | None = None, tr: Translator = EN) -> str:
    """e.g. "Ada attacked in a conquest with strength 5 against 2 and won: +3 tribute." then
    "Bo rolled food, goods and fate omen." on a line of its own; in `tr`'s language."""
    seat = event.get("seat")
    payload = event.get("payload") or {}
    move = payload.get("move") or {}
    chance = payload.get("chance") or []
    who = seat_name(names, seat, tr)
    steps = trace(g, before, seat, move, chance, after) if before is not None and isinstance(seat, int) else None
    if steps is not None:
        out, lines = _lines(g, steps, seat, move, names, tr)
        if move.get("type") == "reroll":
            rolled = _rolls(chance)
            if rolled:
                out["throw"] = _throw(rolled[0], tr)
        return "\n".join([_move(g, move, names, before, who, tr, out)] + lines)
    return _from_records(g, move, seat, names, who, before, chance, tr)


def _from_records(g: GameData, move: dict[str, Any], seat: Any, names: list[str], who: str, before: dict | None,
                  chance: list[dict[str, Any]], tr: Translator) -> str:
    """Without the views: the move and the dice its chance records name."""
    lines, out = [], {}
    for value in _rolls(chance):
        if value.get("roll_no") == 1:
            follows = move.get("type") != "tribute_response" and isinstance(seat, int) and names
            if follows:
                lines.append(tr.gettext("%(who)s rolled %(throw)s.", who=seat_name(names, (seat + 1) % len(names), tr),
                                        throw=_throw(value, tr)))
            else:
                lines.append(tr.gettext("The next player rolled %(throw)s.", throw=_throw(value, tr)))
        else:
            out["throw"] = _throw(value, tr)
    return "\n".join([_move(g, move, names, before, who, tr, out)] + lines)
