"""The card display (RULES.md 4.5 G-23) and the two-player cubes (section 7, G-60..G-62)."""

from __future__ import annotations

from referee.games.gentes.state import Ctx


def slide_and_refill(ctx: Ctx) -> None:
    """G-23: remaining cards slide left keeping order (a cube rides along, G-61); empty slots
    are filled in slot order from the current epoch's deck; the draw is a public record."""
    st = ctx.st
    kept = [s for s in st["display"] if s is not None]
    deck = st["decks"][str(ctx.epoch)]
    drawn: dict[str, str] = {}
    while len(kept) < ctx.data.display_slots and deck:
        card = deck.pop(0)
        kept.append({"card": card, "cube": False})
        drawn[str(len(kept))] = card
    st["display"] = kept + [None] * (ctx.data.display_slots - len(kept))
    if drawn and ctx.rng is not None:
        ctx.rng.note(f"draw_deck_{ctx.epoch}", {"draw": f"deck_{ctx.epoch}", "slots": drawn}, visible_to="all")


def take_from_display(ctx: Ctx, slots: list[int]) -> list[str]:
    """Cards of the given 1-based slots to the hand; a 2-player cube on one returns (G-24, G-61)."""
    st = ctx.st
    taken = []
    for s in sorted(slots):
        cell = st["display"][s - 1]
        if cell["cube"]:
            st["supply_cubes"] += 1
        taken.append(cell["card"])
        st["display"][s - 1] = None
    ctx.me["hand"].extend(taken)
    slide_and_refill(ctx)
    return taken


def place_two_player_cubes(ctx: Ctx) -> None:
    """G-60: at the start of every Heyday, a cube on each marked slot's card without one
    (skipped when the supply is empty, G-R19)."""
    if ctx.seats != 2:
        return
    st = ctx.st
    for slot in ctx.data.two_player_slots:
        cell = st["display"][slot - 1] if slot <= len(st["display"]) else None
        if cell is not None and not cell["cube"] and st["supply_cubes"] > 0:
            cell["cube"] = True
            st["supply_cubes"] -= 1


def box_cubed_cards(ctx: Ctx) -> None:
    """G-62 / G-R11: before Decline step 1, cubed display cards go to the box, their cubes to
    the supply, then the display slides and refills from the current epoch."""
    if ctx.seats != 2:
        return
    st = ctx.st
    boxed = False
    for i, cell in enumerate(st["display"]):
        if cell is not None and cell["cube"]:
            st["box"].append(cell["card"])
            st["supply_cubes"] += 1
            st["display"][i] = None
            boxed = True
    if boxed:
        slide_and_refill(ctx)
