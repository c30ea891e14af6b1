"""A few plain-text lines of a seat's position for mails (contract `summary`), from a view: the
phase, each player's public track values, and the seat's own cards in words (name and effect
from the component data), so a mail player never needs the JSON. In the reader's language
(`tr`), the game's terms from its glossary."""

from __future__ import annotations

from referee.games.sands_of_time.data import GameData
from referee.games.sands_of_time.picture import phase_words
from referee.games.sands_of_time.words import (
    card_name,
    card_text,
    chronicle_text,
    say,
    title,
    word,
)
from referee.plumbing.i18n import EN, Translator


def summary(g: GameData, view: dict, seat: int | None, tr: Translator = EN) -> str:
    _ = tr.gettext
    lines = [_("Dynasty track space %(space)s (dynasties scored: %(scored)s), generation %(generation)s, "
               "turn %(turn)s; phase: %(phase)s.", space=view["dynasty_space"], scored=len(view["dynasties_scored"]),
               generation=view["generation_index"] + 1, turn=view["turn_in_generation"],
               phase=phase_words(tr, view["phase"]))]
    for i, p in enumerate(view["players"]):
        regions = sum(1 for r in view["regions"].values() if r["controller"] == i)
        h = ", ".join(f"{word(tr, c)} {p['heritage'][c]}" for c in g.categories)
        played = ", ".join(say(tr, card_name(g, c)) for c in p["played_actions"]) or _("none")
        words = dict(seat=i, vp=p["vp"], unrest=p["unrest"], heritage=h, regions=regions, grain=p["grain"],
                     gold=p["gold"], played=played)
        lines.append(_("Seat %(seat)s (you): %(vp)s VP, unrest %(unrest)s, heritage %(heritage)s, %(regions)s regions, "
                       "grain %(grain)s, gold %(gold)s; played: %(played)s.", **words) if i == seat else
                     _("Seat %(seat)s: %(vp)s VP, unrest %(unrest)s, heritage %(heritage)s, %(regions)s regions, "
                       "grain %(grain)s, gold %(gold)s; played: %(played)s.", **words))
    if seat is not None:
        p = view["players"][seat]
        lines.append(_("Your action cards in hand: %(cards)s.",
                       cards="; ".join(say(tr, card_text(g, c)) for c in p["hand_actions"])))
        board = ", ".join(f"{f}={v}" for f, v in p["chronicle_board"].items() if v is not None) or _("none")
        hand = p["chronicle_hand"] if isinstance(p["chronicle_hand"], list) else []
        lines.append(_("Your chronicle cards on the board: %(board)s; in hand: %(hand)s.", board=board,
                       hand="; ".join(say(tr, chronicle_text(g, v)) for v in hand) or _("none")))
        if not p["focus_used_this_gen"]:
            lines.append(_("Focus cards you may still reveal this generation: %(cards)s.",
                           cards=", ".join(word(tr, title(g.focus[f]["category"])) for f in g.focus_ids)))
    if view.get("result"):
        res = view["result"]
        lines.append(_("Game over: winner(s) %(winners)s; scores %(scores)s.",
                       winners=", ".join(_("Seat %(seat)s", seat=w) for w in res["winners"]), scores=res["scores"]))
    return "\n".join(lines)
