"""A seat's Babel position in a few plain-text lines for mails (the contract's `summary`).

Built from the seat's view only (RULES.md §9): the seat's own hand appears because its view
has it; the opponent's hand only as a size.
"""

from __future__ import annotations

from typing import Any

from referee.games.babel.narration import _p
from referee.plumbing.i18n import EN, Translator


def _temples(player: dict[str, Any], tr: Translator) -> str:
    built = [f"{_p(loc, tr)} {site[-1]}" for loc, site in player["sites"].items() if site]
    return ", ".join(built) if built else tr.gettext("none yet")


def _columns(player: dict[str, Any], tr: Translator) -> str:
    cols = [f"{_p(loc, tr)}: " + " ".join(_p(c, tr) for c in col) for loc, col in player["columns"].items() if col]
    return "; ".join(cols) if cols else tr.gettext("all empty")


def _player(view: dict[str, Any], i: int, seat: int | None, tr: Translator) -> list[str]:
    _ = tr.gettext
    p = view["players"][i]
    who = _("You") if i == seat else _("Seat %(seat)s", seat=i)
    # A finished game's view is the whole state with the derived `scores` and `hand_sizes` beside it.
    score = p["score"] if "score" in p else view["scores"][i]
    held = p["hand_size"] if "hand_size" in p else view["hand_sizes"][i]
    pawn = _("pawn at %(people)s", people=_p(p["pawn"], tr)) if p["pawn"] else _("pawn off the board")
    if p["start_card"]:
        line = tr.ngettext("%(who)s: score %(score)s, %(pawn)s, %(n)d card in hand, start card still to build.",
                           "%(who)s: score %(score)s, %(pawn)s, %(n)d cards in hand, start card still to build.",
                           held, who=who, score=score, pawn=pawn)
    else:
        line = tr.ngettext("%(who)s: score %(score)s, %(pawn)s, %(n)d card in hand.",
                           "%(who)s: score %(score)s, %(pawn)s, %(n)d cards in hand.", held, who=who, score=score,
                           pawn=pawn)
    lines = [line]
    if isinstance(p.get("hand"), dict):
        cards = [f"{_p(k, tr)} {n}" for k, n in p["hand"].items() if n]
        lines.append("  " + _("Hand: %(cards)s.", cards=", ".join(cards) if cards else _("empty")))
    lines.append("  " + _("Temples (top level): %(temples)s.", temples=_temples(p, tr)))
    lines.append("  " + _("Columns (first card first): %(columns)s.", columns=_columns(p, tr)))
    return lines


def summary(view: dict[str, Any], seat: int | None, tr: Translator = EN) -> str:
    _ = tr.gettext
    if view.get("phase") == "over":
        turn = _("The game is over")
    elif view.get("phase") == "halve_response" and view.get("pending"):
        turn = _("Turn %(turn)s, seat %(seat)s to act (seat %(owes)s owes a halving discard)", turn=view["turn"],
                 seat=view["active"], owes=view["pending"]["seat"])
    else:
        turn = _("Turn %(turn)s, seat %(seat)s to act", turn=view["turn"], seat=view["active"])
    if view.get("mode") in (None, "normal"):
        lines = [turn + "."]
    else:
        lines = [_("%(turn)s, mode %(mode)s.", turn=turn, mode=view["mode"])]
    order = [seat] if seat in (0, 1) else []
    order += [i for i in range(len(view["players"])) if i not in order]
    for i in order:
        lines += _player(view, i, seat, tr)
    yards = "; ".join(_("yard %(yard)s: %(cards)s", yard=i, cards=" ".join(str(x) for x in y) if y else _("empty"))
                      for i, y in enumerate(view["yards"]))
    lines.append(_("Yards (top card last): %(yards)s.", yards=yards))
    supply = view.get("temple_supply_count", len(view.get("temple_supply", [])))
    draw = view.get("people_draw_count", len(view.get("people_draw", [])))
    lines.append(_("Draw pile %(draw)s cards, discard pile %(discard)s, temple supply %(supply)s.", draw=draw,
                   discard=len(view.get("people_discard", [])), supply=supply))
    return "\n".join(lines)
