"""Handing an absent seat to a bot, by vote (README, "Bots"): a seat absent after its timeouts
stops being played by defaults when every other person's seat that is not absent asks for a
bot. Each vote is a `bot_requested` event; the last one is followed by `seat_to_bot`, and from
then on the bot job plays the seat (table `bot_seats`, a projection of these events). Votes
count while the seat stays absent (since it was marked absent)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.engine.schemas import conform
from referee.plumbing.errors import Conflict, Forbidden, Unprocessable
from referee.service.play import read
from referee.service.loaded import epoch
from referee.store import bot_seats, events

if TYPE_CHECKING:
    from referee.service.core import Core


def hand_to_bot(core: "Core", game_id: str, voter: int, body: dict[str, Any]) -> dict[str, Any]:
    conform("api/hand_to_bot.json", body)
    target = body["seat"]
    spec = {"bot": "search", "level": body.get("level", 2)} if body["bot"] == "search" else {"bot": body["bot"]}
    loaded = core.load(game_id)
    if loaded.finished:
        raise Conflict("the game is over", current_seq=loaded.seq)
    if target >= loaded.seat_count():
        raise Unprocessable(f"the game has no seat {target}")
    bots = bot_seats.of_game(core.db.conn, game_id)
    if voter in bots:
        raise Forbidden("a bot's seat has no vote")
    if target in bots:
        raise Conflict(f"seat {target} is already played by a bot", current_seq=loaded.seq)
    sc = loaded.clocks.seats[target]
    if target == voter or not sc.absent:
        raise Conflict(f"seat {target} is not absent: only an absent seat can be handed to a bot "
                       "(a seat is absent after its clock's absent_after timeouts in a row)", current_seq=loaded.seq)
    since = sc.absent_since or 0.0
    voted = {e.seat for e in events.read(core.db.conn, game_id)
             if e.type == "bot_requested" and e.payload.get("seat") == target and epoch(e.created_at) >= since}
    if voter in voted:
        raise Conflict("this seat already voted to hand that seat to a bot", current_seq=loaded.seq)
    needed = {s for s in range(loaded.seat_count())
              if s != target and s not in bots and not loaded.clocks.seats[s].absent}
    new: list[tuple[str, int | None, dict]] = [("bot_requested", voter, {"seat": target, "bot": spec})]
    handed = needed <= voted | {voter}
    if handed:
        new.append(("seat_to_bot", None, {"seat": target, "bot": spec}))

    def project(conn, after, appended) -> None:
        if handed:
            bot_seats.add(conn, game_id, target, spec)

    after, _ = core.write(loaded, new, loaded.state, project)
    return read.describe(core, after, voter)
