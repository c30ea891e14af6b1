"""Babel events told as a player would write them in a game log (the contract's `narrate`, RULES.md §9).

The first line says what the player did, naming the places, cards and levels, and its outcome
(the temple level stolen, the cards expelled, the scores). The automatic steps that follow an
ended turn each get a line: the temple cards drawn onto the yard (C-6), a reshuffle (C-5), the
next player's people draw (C-4, its cards only for the viewer who drew them).

Works from an event already redacted for the viewer and, when given, the viewer's views just
before and after it (`before`/`after`): the pawn's place, the yard tops, the opponent's column
and temple come from `before`, scores from `after`. Without them it says what the move says.
"""

from __future__ import annotations

from typing import Any

from referee.engine.glossary import term
from referee.engine.wording import seat_name
from referee.games.babel.text_form import format_move
from referee.plumbing.i18n import EN, Translator


def people(p: str) -> str:
    """A people's or location's display name: "hittites" -> "Hittites"."""
    return p.replace("_", " ").title()


def _p(p: str, tr: Translator) -> str:
    """A people's name in the reader's language, as the German rulebook names it (glossary)."""
    return term("babel", people(p), tr.lang)


def _a_card(p: str, tr: Translator) -> str:
    """"a Medes card" / "an Assyrians card" ("eine Meder-Karte")."""
    name = _p(p, tr)
    if name[:1] in "AEIOU":
        return tr.gettext("an %(people)s card", people=name)
    return tr.gettext("a %(people)s card", people=name)


def _cards(n: int, who: str, tr: Translator) -> str:
    if who:
        return tr.ngettext("%(n)d %(people)s card", "%(n)d %(people)s cards", n, people=who)
    return tr.ngettext("%(n)d card", "%(n)d cards", n)


class _Scene:
    """What `before`/`after` say about the mover, the opponent and the place (None when unknown)."""

    def __init__(self, seat: Any, names: list[str], move: dict[str, Any], before: dict | None, after: dict | None,
                 tr: Translator = EN):
        self.tr = tr
        self.seat = seat if seat in (0, 1) else None
        self.opp_seat = 1 - seat if seat in (0, 1) else None
        self.who = seat_name(names, seat, tr)
        self.opp = seat_name(names, self.opp_seat, tr) if self.opp_seat is not None else tr.gettext("the opponent")
        self.before, self.after = before, after
        loc = move.get("at")
        if loc is None and before is not None and self.seat is not None:
            loc = before["players"][self.seat]["pawn"]
        self.loc = loc

    def place(self) -> str:
        """Where it happened: "at the Persians" / "beim Ort der Perser"."""
        if self.loc:
            return self.tr.gettext("at the %(people)s", people=_p(self.loc, self.tr))
        return self.tr.gettext("at the pawn's location")

    def mine(self, key: str) -> Any:
        if self.before is None or self.seat is None:
            return None
        return self.before["players"][self.seat][key].get(self.loc) if self.loc else None

    def theirs(self, key: str) -> Any:
        if self.before is None or self.opp_seat is None or not self.loc:
            return None
        return self.before["players"][self.opp_seat][key].get(self.loc)


def _ability(move: dict[str, Any], sc: _Scene) -> str:
    tr = sc.tr
    _ = tr.gettext
    power = move.get("power")
    who, opp, here = sc.who, sc.opp, sc.place()
    column = sc.mine("columns")
    i = move.get("index")
    spent = (_(", discarding %(card)s of the triple,", card=_a_card(column[i], tr))
             if isinstance(column, list) and isinstance(i, int) and 0 <= i < len(column) else "")
    site, col = sc.theirs("sites"), sc.theirs("columns")
    if power == "hittites":
        lv = _("level %(level)s", level=site[-1]) if site else _("the top level")
        return _("%(who)s used the Hittites %(place)s%(spent)s and took %(level)s of %(opp)s's temple there.",
                 who=who, place=here, spent=spent, level=lv, opp=opp)
    if power == "assyrians":
        if site:
            levels = tr.join([str(v) for v in site])
            back = tr.ngettext(" (level %(levels)s goes back on top of the temple supply)",
                               " (levels %(levels)s go back on top of the temple supply)", len(site), levels=levels)
        else:
            back = ""
        return _("%(who)s used the Assyrians %(place)s%(spent)s and collapsed %(opp)s's temple there%(back)s.",
                 who=who, place=here, spent=spent, opp=opp, back=back)
    if power == "persians":
        s = move.get("yard")
        yard = sc.before["yards"][s] if sc.before is not None and s in (0, 1) else None
        lv = _("level %(level)s", level=yard[-1]) if yard else _("the top card")
        return _("%(who)s used the Persians %(place)s%(spent)s and built %(level)s from yard %(yard)s, skipping a level.",
                 who=who, place=here, spent=spent, level=lv, yard=s)
    if power == "medes":
        y = str(move.get("target"))
        n = col.count(y) if isinstance(col, list) else None
        what = _cards(n, _p(y, tr), tr) if n is not None else _("every %(people)s card", people=_p(y, tr))
        return _("%(who)s used the Medes %(place)s%(spent)s and expelled %(what)s from %(opp)s's column there.",
                 who=who, place=here, spent=spent, what=what, opp=opp)
    if power == "sumerians":
        took = _("the run")
        if isinstance(col, list) and col:
            k = 1
            while k < len(col) and col[-1 - k] == col[-1]:
                k += 1
            took = _cards(k, _p(col[-1], tr), tr)
        return _("%(who)s used the Sumerians %(place)s%(spent)s and took %(what)s from the end of %(opp)s's column there.",
                 who=who, place=here, spent=spent, what=took, opp=opp)
    n = sc.before["hand_sizes"][sc.opp_seat] if sc.before is not None and sc.opp_seat is not None else None
    if n is not None:
        return _("%(who)s used a triple %(place)s%(spent)s: %(opp)s must discard %(half)s of %(n)s cards.",
                 who=who, place=here, spent=spent.rstrip(","), opp=opp, half=n // 2, n=n)
    return _("%(who)s used a triple %(place)s%(spent)s: %(opp)s must discard half of the hand.",
             who=who, place=here, spent=spent.rstrip(","), opp=opp)


def _action(move: dict[str, Any], sc: _Scene) -> str:
    tr = sc.tr
    _ = tr.gettext
    who = sc.who
    t = move.get("type")
    if t == "travel":
        return _("%(who)s travelled to the %(people)s, discarding %(card)s.", who=who,
                 people=_p(move["people"], tr), card=_a_card(move["people"], tr))
    if t == "settle":
        return _("%(who)s settled %(card)s %(place)s.", who=who, card=_a_card(move["people"], tr), place=sc.place())
    if t == "build":
        if move.get("source") == "start":
            return _("%(who)s built the start card (level 1) %(place)s.", who=who, place=sc.place())
        s = move.get("yard")
        yard = sc.before["yards"][s] if sc.before is not None and s in (0, 1) else None
        lv = _("level %(level)s", level=yard[-1]) if yard else _("the top temple card")
        if sc.seat is None:
            whose = _("yard %(yard)s", yard=s)
        elif s == sc.seat:
            whose = _("their own yard")
        else:
            whose = _("%(opp)s's yard", opp=sc.opp)
        return _("%(who)s built %(level)s from %(yard)s %(place)s.", who=who, level=lv, yard=whose, place=sc.place())
    if t == "migrate":
        src, dst = _p(move["from"], tr), _p(move["to"], tr)
        if sc.before is not None and sc.seat is not None:
            col = sc.before["players"][sc.seat]["columns"].get(move["from"], [])
            if len(col) >= 3:
                return _("%(who)s migrated the last 3 cards (%(cards)s) from the %(src)s to the %(dst)s.", who=who,
                         cards=tr.join([_p(c, tr) for c in col[-3:]]), src=src, dst=dst)
        return _("%(who)s migrated the last 3 cards from the %(src)s to the %(dst)s.", who=who, src=src, dst=dst)
    if t == "ability":
        return _ability(move, sc)
    if t == "end_turn":
        return _("%(who)s ended the turn.", who=who)
    if t == "finish_first_turn":
        return _finish(sc)
    if t == "discard":
        return _("%(who)s discarded %(cards)s to halve the hand.", who=who,
                 cards=tr.join([_p(c, tr) for c in move.get("cards", [])]))
    return _("%(who)s played %(move)s.", who=who, move=format_move(move))


def _finish(sc: _Scene) -> str:
    """B-15's automatic first turn, told from where the start card ended up."""
    tr = sc.tr
    _ = tr.gettext
    plain = _("%(who)s finished the first turn (built the start card and ended the turn).", who=sc.who)
    if sc.before is None or sc.after is None or sc.seat is None:
        return plain
    b, a = sc.before["players"][sc.seat], sc.after["players"][sc.seat]
    loc = next((x for x in a["sites"] if a["sites"][x] and not b["sites"][x]), None)
    if loc is None:
        return plain
    steps = []
    if b["pawn"] != loc:
        steps.append(_("travelled to the %(people)s", people=_p(loc, tr)))
    if not b["columns"][loc]:
        steps.append(_("settled a card there") if a["columns"][loc] and len(a["columns"][loc]) < 3 else
                     _("brought cards there"))
    steps.append(_("built the start card (level 1) at the %(people)s", people=_p(loc, tr)))
    return _("%(who)s %(steps)s, then ended the turn.", who=sc.who, steps=tr.join(steps))


def _scores(names: list[str], before: dict | None, after: dict | None, tr: Translator) -> str | None:
    if before is None or after is None or before["scores"] == after["scores"]:
        return None
    return tr.gettext("Scores: %(scores)s.",
                      scores=", ".join(f"{seat_name(names, s, tr)} {after['scores'][s]}" for s in (0, 1)))


def _chance(records: list[dict[str, Any]], names: list[str], mover: str, tr: Translator) -> list[str]:
    _ = tr.gettext
    told = []
    for r in records:
        label, value = r.get("label"), r.get("value")
        if label == "C-6" and value:
            levels = tr.join([str(v) for v in value])
            if len(value) > 1:
                told.append(_("Temple cards %(levels)s went onto %(who)s's yard (level %(top)s on top).",
                              levels=levels, who=mover, top=min(value)))
            else:
                told.append(_("Temple card %(levels)s went onto %(who)s's yard.", levels=levels, who=mover))
        elif label == "C-5":
            told.append(_("The discard pile was shuffled into a new draw pile."))
        elif label == "C-4":
            vis = r.get("visible_to")
            known_drawer = isinstance(vis, list) and len(vis) == 1
            drawer = seat_name(names, vis[0], tr) if known_drawer else None
            if value is not None:
                what = tr.join([_p(c, tr) for c in value]) if value else _("nothing")
            else:
                count = (r.get("public") or {}).get("count")
                what = _cards(count, "", tr) if count is not None else _("new cards")
            told.append(_("%(who)s drew %(what)s.", who=drawer, what=what) if drawer
                        else _("The next player drew %(what)s.", what=what))
    return told


def narrate(event: dict[str, Any], names: list[str], before: dict | None = None, after: dict | None = None,
            tr: Translator = EN) -> str:
    """e.g. "Bo used the Hittites at the Persians, discarding a Hittites card of the triple, and
    took level 5 of Ada's temple there." then "Scores: Ada 4, Bo 12." on a line of its own; in
    German with the rulebook's words ("Bo nutzte die Hethiter beim Ort der Perser …")."""
    seat = event.get("seat")
    payload = event.get("payload") or {}
    move = payload.get("move") or {}
    mover = seat_name(names, seat, tr)
    sc = _Scene(seat, names, move, before, after, tr)
    lines = [_action(move, sc)]
    score = _scores(names, before, after, tr) if move.get("type") in ("build", "ability", "finish_first_turn") else None
    if score:
        lines.append(score)
    if before is not None and after is not None and before.get("mode") != "race" and after.get("mode") == "race":
        lines.append(tr.gettext("Race: 15 points were reached while the opponent had 10 or more; now 20 wins "
                                "(or pushing the opponent below 10)."))
    lines += _chance(payload.get("chance") or [], names, mover, tr)
    return "\n".join(lines)
