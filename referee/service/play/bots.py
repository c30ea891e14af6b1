"""Seats held by bots (README, "Bots"): the scheduler's bot job.

A bot plays like any seat and through the same doors: it is given exactly what
`GET /games/{id}` returns to its seat (read.game), decides from that view alone, and submits
through `submit_move` with the sequence it decided on and an idempotency key naming that
decision, so a bot restarted after a crash, or two schedulers at once, can never move twice for
one prompt (the second copy is a 409 or the first one's answer). It waits `bot_delay` seconds
(default none) after a decision another seat's move opened, never after its own move, and runs
off the request path. A turn of several decisions is planned once (bots/turns.py) and played as
one batch of moves. Its random stream is its own, drawn
fresh from the operating system, never the game's seed, and never logged.
"""

from __future__ import annotations

import logging
import random
import secrets
from typing import TYPE_CHECKING, Any

from referee.bots import turns
from referee.plumbing.errors import ServiceError
from referee.service.play import read
from referee.service.loaded import epoch
from referee.store import bot_seats, events

if TYPE_CHECKING:
    from referee.service.core import Core

log = logging.getLogger(__name__)


def bots_of(created: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """Seat -> bot spec of the seats a game was created with as bots."""
    return {s["seat"]: s["bot"] for s in created["seats"] if s.get("bot")}


def seats_of(core: "Core", game_id: str) -> dict[int, dict[str, Any]]:
    """Seat -> bot spec of the game's bot seats, at creation and handed to a bot since (the
    pages say such a seat is thinking while its decision is open)."""
    return bot_seats.of_game(core.db.conn, game_id)


def play_bots(core: "Core") -> int:
    """One pass: every running game with a bot seat whose decision is due gets its bot's move."""
    played = 0
    for game_id in bot_seats.active_games(core.db.conn):
        try:
            played += play_game_bots(core, game_id)
        except ServiceError as e:  # the game changed under the bot: the next pass looks again
            log.info("bot move not played in %s: %s", game_id, e.detail)
    return played


def play_game_bots(core: "Core", game_id: str, max_moves: int = 50) -> int:
    """The bots' due moves in one game, until no bot seat's decision is due: a bot's own moves
    and those of the other bots follow at once (the delay waits on the people's moves only)."""
    played = 0
    while played < max_moves:
        loaded = core.load(game_id)
        bots = bot_seats.of_game(core.db.conn, game_id)
        if loaded.status != "active" or not bots:
            return played
        due = [p.seat for p in loaded.prompts if p.seat in bots]
        if not due or (not played and not _waited(core, loaded)):
            return played
        if not play_bot(core, game_id, due[0], bots[due[0]]):
            return played
        played += 1
    return played


def play_bot(core: "Core", game_id: str, seat: int, spec: dict[str, Any]) -> bool:
    """The bot of `seat` answers its prompt from what GET /games/{id} shows that seat: the
    decisions of its turn it can foresee, in one batch."""
    seen = read.game(core, game_id, seat)
    own = [p for p in seen["prompts"] if p["seat"] == seat]
    if seen["status"] != "active" or not own:
        return False
    rules = core.load(game_id).rules
    rnd = random.Random(secrets.randbits(128))
    try:
        moves = turns.plan(rules, seen["view"], seat, own[0]["kind"], spec, rnd)
    except Exception as e:  # a bot that fails plays what its deadline would play
        log.warning("bot of seat %s in %s failed (%s: %s); playing the default", seat, game_id, type(e).__name__, e)
        moves = [own[0]["default"]]
    key = f"bot:{seat}:{seen['seq']}"
    core.submit_move(game_id, seat, {"moves": moves, "expected_seq": seen["seq"], "idempotency_key": key})  # type: ignore[attr-defined]
    return True


def _waited(core: "Core", loaded: Any) -> bool:
    """`bot_delay` seconds passed since the game's last event (which opened the decision)."""
    if core.config.bot_delay <= 0:
        return True
    last = events.read(core.db.conn, loaded.game_id, after=loaded.seq - 1)
    return not last or core.clock() - epoch(last[-1].created_at) >= core.config.bot_delay
