"""The narrate hook: Gentes events told as a player would write them in a game log.

The first line says what the player did, naming tiles, cards (by name), spaces, regions and
amounts, and -- when the viewer's views before and after the event are given -- its outcome
(coins, VP, cubes, bonus tiles, the cards that refilled the display). Every automatic step
the move set off gets a line of its own: the end of the draft, the Decline (tiles back,
hourglasses off, start player, new round and epoch, boxed cards, city and moon income, the
hand limit), the two-player display cubes, and the final scoring with its result.

Only the viewer's views are read, so nothing hidden is told: another seat's secret Decline or
final answer stays "answered" until all are revealed. Without the views the lines come from
the move alone.
"""

from __future__ import annotations

from typing import Any

from referee.games.gentes.data import GameData
from referee.games.gentes.words import BONUS_WORDS, KIND_NAMES, card_name, effects, hourglasses, plural

View = dict[str, Any]


def _join(words: list[str]) -> str:
    words = [w for w in words if w]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _name(names: list[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "Someone"


def _signed(n: int, word: str, many: str | None = None) -> str:
    return f"{'+' if n > 0 else '-'}{plural(abs(n), word, many)}"


def gains(data: GameData, before: View | None, after: View | None, seat: int) -> str:
    """What one player's public numbers changed by between two views ('' when nothing)."""
    if not before or not after or seat >= len(before.get("players", [])):
        return ""
    b, a = before["players"][seat], after["players"][seat]
    parts = []
    for key, word in (("coins", "coin"), ("vp", "VP")):
        d = a[key] - b[key]
        if d:
            parts.append(_signed(d, word, "VP" if word == "VP" else None))
    for kind in ("eye", "temple"):
        d = a["cubes"][kind] - b["cubes"][kind]
        if d:
            parts.append(_signed(d, f"{kind} cube"))
    pops = [f"{p} {a['pop'][p] - b['pop'][p]:+d}" for p in data.professions if a["pop"][p] != b["pop"][p]]
    if pops:
        parts.append("population " + ", ".join(pops))
    got = [x for x in a.get("bonus_tiles", []) if x not in b.get("bonus_tiles", [])]
    parts += [f"bonus tile {BONUS_WORDS.get(x['kind'], x['kind'])} ({x['value']} VP)" for x in got]
    return ", ".join(parts)


def _free_ops(ops: Any) -> str:
    out = []
    for op in ops or []:
        if not isinstance(op, dict):
            continue
        if op.get("op") == "eye_shift":
            pairs = [op] + ([op["second"]] if isinstance(op.get("second"), dict) else [])
            out.append("spent an eye cube: " + "; ".join(f"{p.get('down')} -1, {p.get('up')} +1" for p in pairs))
        elif op.get("op") == "convert_cubes":
            mix = _join([plural(op.get("eye", 0), "eye cube") if op.get("eye") else "",
                         plural(op.get("temple", 0), "temple cube") if op.get("temple") else ""])
            out.append(f"returned {mix} for {op.get('up')} +1")
    return "; ".join(out)


def _slot_cards(data: GameData, before: View | None, slots: list) -> str:
    if before and before.get("display"):
        cards = [before["display"][s - 1]["card"] for s in slots
                 if isinstance(s, int) and 0 < s <= len(before["display"]) and before["display"][s - 1]]
        if cards:
            return _join([card_name(data, c) for c in cards]) + f" from display slot{'s' if len(slots) > 1 else ''} " \
                   + _join([str(s) for s in slots])
    return f"the cards of display slot{'s' if len(slots) > 1 else ''} " + _join([str(s) for s in slots])


def _params(data: GameData, kind: str, params: dict[str, Any], before: View | None, seat: int | None = None) -> str:
    if kind == "philosopher":
        train = params.get("train") or []
        if len(train) == 2 and train[0] == train[1]:
            return f"trained 2 {train[0]}s"
        return "trained " + _join([f"{'an' if p[:1] in 'aeiou' else 'a'} {p}" for p in train])
    if kind == "scribe":
        if params.get("mode") == "discard":
            return "took " + _join([card_name(data, c) for c in params.get("cards") or []]) + " from the discard pile into the hand"
        return f"took {_slot_cards(data, before, params.get('slots') or [])} into the hand (indicator {params.get('indicator')})"
    if kind == "navigator":
        space = params.get("space")
        sp = data.space(space) or {}
        where = (f"hometown space {space} ({sp.get('symbol')})" if space in data.home_spaces
                 else f"{space} ({sp.get('region')} region, {sp.get('symbol')})")
        region = params.get("region") or sp.get("region")
        verb = f"moved a city from {params['from']} to" if params.get("from") else "built a city on"
        words = f"{verb} {where}, activating the {region} region"
        if before and seat is not None:
            owner = dict(before.get("city_owner") or {})
            owner.pop(params.get("from"), None)
            owner[space] = seat
            mine = [s for s in data.map_order if owner.get(s) == seat and data.map_spaces[s]["region"] == region]
            words += " (" + ("; ".join(f"{s}: {effects(data.map_spaces[s]['bonus'])}" for s in mine) or "no own city there") + ")"
        return words
    if kind == "chronicler":
        card = data.cards.get(params.get("card"), {})
        extra = []
        temple = {p: n for p, n in (params.get("temple") or {}).items() if n}
        if temple:
            extra.append("spending " + _join([f"{plural(n, 'temple cube')} for {p}" for p, n in temple.items()]))
        if params.get("synergy"):
            extra.append(f"scoring synergy {params['synergy']}")
        return (f"played {card_name(data, params.get('card'))} ({card.get('vp', 0)} VP)"
                + (f", {', '.join(extra)}" if extra else ""))
    if kind == "leader":
        return "will be start player next round"
    return ""


def _effect_actions(data: GameData, effects: list[dict], choices: list, before: View | None) -> list[str]:
    """The main actions done through `action` effects, in words."""
    out, k = [], 0
    from referee.games.gentes.effects import CHOICE_OPS
    for e in effects:
        if e["op"] not in CHOICE_OPS:
            continue
        ch = choices[k] if k < len(choices) and isinstance(choices[k], dict) else {}
        k += 1
        if e["op"] == "action":
            out.append(_params(data, e["kind"], ch, before))
        elif e["op"] == "draw_display" and ch.get("slots"):
            out.append("took " + _slot_cards(data, before, ch["slots"]))
        elif e["op"] == "draw_discard" and ch.get("cards"):
            out.append("took " + _join([card_name(data, c) for c in ch["cards"]]) + " from the discard pile")
        elif e["op"] == "pop_any" and ch.get("train"):
            out.append("trained " + _join(ch["train"]))
        elif e["op"] == "remove_hourglass" and ch.get("cells"):
            out.append("removed hourglasses from time spaces " + _join([str(c + 1) for c in ch["cells"]]))
    return out


def _move_words(data: GameData, move: dict[str, Any], before: View | None, seat: int | None = None) -> str:
    t = move.get("type")
    if t == "draft_pick":
        return f"drafted {card_name(data, move.get('card'))}"
    if t == "pass":
        return "passed"
    if t == "tax_collector":
        h, d = move.get("hourglasses", 0), move.get("doubles", 0)
        coins = data.tax_options.get(h)
        lay = " (as a double)" if d else ""
        return f"used the tax collector: {hourglasses(h)}{lay} for {coins} coins"
    if t == "take_tile":
        tile = data.tiles.get(move.get("tile"), {})
        kind = tile.get("action", "")
        head = (f"took {move.get('tile')} ({KIND_NAMES.get(kind, kind)}: {plural(tile.get('cost', 0), 'coin')}, "
                f"{hourglasses(tile.get('hourglasses', 0))})")
        mod = move.get("modifier")
        if isinstance(mod, dict):
            from referee.games.gentes.words import home_option
            head += f" with hometown {mod.get('hometown_space')} ({home_option(data, mod.get('hometown_space'), 'b')})"
        params = move.get("params") or {}
        words = _params(data, kind, params, before, seat)
        card = data.cards.get(params.get("card")) if kind == "chronicler" else None
        more = _effect_actions(data, (card or {}).get("rewards", []) + (card or {}).get("penalties", []),
                               params.get("choices") or [], before) if card else []
        return f"{head} and {words}" + (f" ({'; '.join(more)})" if more else "")
    if t == "use_ability":
        src = move.get("source") or {}
        if "card" in src:
            ab = (data.cards.get(src["card"]) or {}).get("ability") or {}
            what = f"used the cube ability of {card_name(data, src['card'])}"
        else:
            ab = data.home_option(src.get("hometown_space"), "a") or {}
            what = f"used hometown {src.get('hometown_space')} (row option a)"
        more = _effect_actions(data, ab.get("effects", []), (move.get("params") or {}).get("choices") or [], before)
        return what + (f" and {'; '.join(more)}" if more else "")
    if t == "decline_choices":
        act = move.get("activate") or {}
        cities = _join([f"{s} ({r})" for r, s in act.items()]) or "no city"
        moons = [card_name(data, m.get("card")) for m in move.get("moon") or [] if isinstance(m, dict)]
        return f"activated {cities} in the Decline" + (f" and used the moon abilities of {_join(moons)}" if moons else "")
    if t == "final_fulfil":
        claims = [c for c in move.get("claims") or [] if isinstance(c, dict) and any((c.get("temple") or {}).values())]
        words = "answered the final scoring"
        if claims:
            words += " spending temple cubes on " + _join([card_name(data, c.get("card")) for c in claims])
        return words
    return "moved"


def _automatic(data: GameData, before: View | None, after: View | None, names: list[str]) -> list[str]:
    """Lines for the steps the referee ran after the move (from the two views)."""
    if not before or not after:
        return []
    lines: list[str] = []
    bp, ap = before.get("phase"), after.get("phase")
    if bp == "draft" and ap != "draft":
        lines.append("The draft is over; the display is dealt: "
                     + _join([f"{i + 1} {card_name(data, c['card'])}" for i, c in enumerate(after.get("display", [])) if c]) + ".")
    new_round = after.get("round") != before.get("round")
    if bp == "heyday" and (ap != "heyday" or new_round):
        boxed = [c for c in after.get("box", []) if c not in before.get("box", [])]
        if boxed:
            lines.append("Decline: the display cards with a cube go to the box: " + _join([card_name(data, c) for c in boxed]) + ".")
        lines.append(f"Decline of round {before.get('round')}: the action tiles return, one hourglass leaves every "
                     "time space, cubes on cards and hometowns return.")
        if after.get("start_player") != before.get("start_player"):
            lines.append(f"{_name(names, after.get('start_player'))} took the Leader and is start player now.")
        if after.get("epoch") != before.get("epoch"):
            lines.append(f"Epoch {after.get('epoch')} begins: the display goes to the discard pile, 8 new cards are "
                         "dealt and every player unlocks a time space.")
    if (bp == "decline" and ap != "decline") or (bp == "heyday" and ap in ("heyday", "final", "over")
                                                  and (new_round or ap != "heyday")):
        for i in range(len(after.get("players", []))):
            got = gains(data, before, after, i)
            if got:
                lines.append(f"Decline income (cities and moon abilities) for {_name(names, i)}: {got}.")
        for i, p in enumerate(after.get("players", [])):
            over = p.get("hand_size", len(p.get("hand") or [])) - data.hand_limit
            if over > 0 and ap != "over":
                lines.append(f"Hand limit: {_name(names, i)} holds {p.get('hand_size')} cards and places "
                             f"{hourglasses(over * data.hand_excess_hg)}.")
        if ap == "heyday":
            lines.append(f"Round {after.get('round')} begins; {_name(names, after.get('start_player'))} starts.")
        if ap == "final":
            lines.append("Round 6 is over: final scoring (claim your hand cards).")
    if ap == "over" and bp != "over":
        for i, f in enumerate(after.get("final") or []):
            if isinstance(f, dict):
                parts = [f"{word} {f.get(key, 0):+d}" for key, word in (
                    ("hand_fulfilled", "fulfilled hand cards"), ("hand_unfulfilled", "unfulfilled hand cards"),
                    ("cubes", "cubes left"), ("coins", "coins"), ("hourglasses", "hourglasses left")) if f.get(key)]
                lines.append(f"Final scoring, {_name(names, i)}: {', '.join(parts) or 'nothing more'}; "
                             f"{f.get('total')} VP in all.")
        res = after.get("result") or {}
        if res.get("winners"):
            lines.append(f"{_join([_name(names, s) for s in res['winners']])} "
                         f"{'wins' if len(res['winners']) == 1 else 'share the win'}.")
    if ap == "heyday" and before.get("round") != after.get("round") or (bp == "draft" and ap == "heyday"):
        cubed = [i + 1 for i, c in enumerate(after.get("display", [])) if c and c.get("cube")]
        if cubed and len(after.get("players", [])) == 2:
            lines.append("Two players: a cube lies on the cards of display slots " + _join([str(s) for s in cubed]) + ".")
    return lines


def _refill(data: GameData, move: dict[str, Any], before: View | None, after: View | None) -> str:
    """The cards that newly entered the display during a heyday move."""
    if not before or not after or before.get("phase") != "heyday" or after.get("phase") != "heyday" \
            or before.get("round") != after.get("round"):
        return ""
    old = {c["card"] for c in before.get("display", []) if c}
    new = [c["card"] for c in after.get("display", []) if c and c["card"] not in old]
    return ("The display slides left and refills: " + _join([card_name(data, c) for c in new]) + ".") if new else ""


def narrate(data: GameData, event: dict[str, Any], names: list[str], before: View | None = None,
            after: View | None = None) -> str:
    seat = event.get("seat")
    who = _name(names, seat)
    move = (event.get("payload") or {}).get("move") or {}
    kind = move.get("type")
    late = " (deadline passed)" if event.get("type") == "timeout" else ""
    if move.get("hidden"):
        what = ("answered the Decline (cities and moon abilities; secret until all have answered)"
                if kind == "decline_choices" else "answered the final scoring (secret until all have answered)")
    else:
        what = _move_words(data, move, before, seat if isinstance(seat, int) else None) if isinstance(kind, str) else "moved"
        before_ops, after_ops = _free_ops(move.get("free_ops")), _free_ops(move.get("free_ops_after"))
        if before_ops:
            what = f"first {before_ops}, then {what}"
        if after_ops:
            what += f", then {after_ops}"
    line = f"{who} {what}{late}"
    if kind not in ("decline_choices", "final_fulfil", "draft_pick") and isinstance(seat, int) and before and after \
            and before.get("phase") == after.get("phase") == "heyday" and before.get("round") == after.get("round"):
        got = gains(data, before, after, seat)
        if got:
            line += f": {got}"
    lines = [line + "."]
    refill = _refill(data, move, before, after)
    if refill:
        lines.append(refill)
    lines += _automatic(data, before, after, names)
    return "\n".join(lines)
