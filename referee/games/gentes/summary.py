"""The summary hook: a few plain-text lines of a seat's position for mails (from a view): the
phase and whose turn, scores, what is on offer, and the seat's own board and hand in words, in
the reader's language (`tr`), the game's terms from its glossary."""

from __future__ import annotations

from typing import Any

from referee.games.gentes.data import GameData
from referee.games.gentes.picture import phase_words
from referee.games.gentes.texts import requirements, say
from referee.plumbing.i18n import EN, Translator


def _card(data: GameData, cid: str, tr: Translator) -> str:
    card = data.cards.get(cid)
    if not card:
        return cid
    return tr.gettext("%(name)s (%(id)s, %(vp)s VP, needs %(requirements)s)", name=say(tr, card["name"]), id=cid,
                      vp=card["vp"], requirements=say(tr, requirements(card)))


def summarize(data: GameData, view: dict[str, Any], seat: int | None, tr: Translator = EN) -> str:
    _ = tr.gettext
    phase = view.get("phase")
    lines = [_("Gentes, round %(round)s of %(rounds)s (epoch %(epoch)s), %(phase)s.", round=view.get("round"),
               rounds=data.rounds, epoch=view.get("epoch"), phase=phase_words(tr, phase))]
    scores = [_("seat %(seat)s %(vp)s VP", seat=i, vp=p["vp"]) for i, p in enumerate(view.get("players", []))]
    lines.append(_("Scores: %(scores)s", scores=", ".join(scores)))
    if phase == "heyday":
        tiles = [_("%(tile)s (%(coins)s coins, %(hourglasses)s hg)", tile=t, coins=data.tiles[t]["cost"],
                   hourglasses=data.tiles[t]["hourglasses"])
                 for t in data.tile_order if t in view.get("tiles_on_board", [])]
        lines.append(_("Tiles on offer: %(tiles)s.", tiles=", ".join(tiles)))
        lines.append(_("Display: %(cards)s.", cards=", ".join(f"{i + 1} {say(tr, data.cards[c['card']]['name'])}"
                                                               for i, c in enumerate(view.get("display", [])) if c)))
    if seat is not None and 0 <= seat < len(view.get("players", [])):
        p = view["players"][seat]
        empty = sum(1 for c in p["track"] if c == "empty")
        lines.append(_("You: %(coins)s coins, %(empty)s empty time space(s), cubes eye %(eye)s / temple %(temple)s, "
                       "%(cities)s cities in supply; population %(population)s.", coins=p["coins"], empty=empty,
                       eye=p["cubes"]["eye"], temple=p["cubes"]["temple"], cities=p["cities_in_supply"],
                       population=", ".join(f"{say(tr, k)} {v}" for k, v in p["pop"].items())))
        lines.append(_("Hand: %(hand)s. Played: %(played)s.",
                       hand="; ".join(_card(data, c, tr) for c in p.get("hand") or []) or _("empty"),
                       played=", ".join(say(tr, data.cards[c]["name"]) for c in p["tableau"]) or _("none")))
    if view.get("turn_seat") is not None:
        lines.append(_("To move: seat %(seat)s.", seat=view["turn_seat"]))
    return "\n".join(lines)
