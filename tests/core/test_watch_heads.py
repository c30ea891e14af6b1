"""The live feed's head watcher reads the last sequence of each watched key (store/watch.py
read_heads): a game's events, its table talk, a credential mark; 0 for one that has none."""

from __future__ import annotations

from referee.service.referee import Referee
from referee.store.watch import PLAYER_TOKENS, read_heads, seats_key


def test_read_heads_gives_the_last_sequence_of_every_watched_key(database):
    """Issue 41: each game's head is one seek to its last row (every worker reads them after each
    commit), the same answer as the scan of all its rows it replaced, on both databases."""
    svc = Referee(database)
    seats = [{"name": "A"}, {"name": "B"}]
    played = svc.create_game({"game": "iron_age", "options": {"first_seat": 0}, "seats": seats})["id"]
    quiet = svc.create_game({"game": "babel", "options": {"first_seat": 0}, "seats": seats})["id"]
    for _ in range(6):
        prompt = next(p for seat in (0, 1) for p in svc.prompts(played, seat))
        svc.submit_move(played, prompt["seat"], {"move": prompt["default"] or prompt["choices"][0]})
    svc.post_message(quiet, 0, {"to": "all", "text": "good luck"})
    last = svc.feed(played, None, 0)[-1]["seq"]
    assert last >= 7
    keys = [played, quiet, "0" * 16, f"{quiet}/messages", f"{played}/messages", seats_key(quiet), PLAYER_TOKENS]
    assert read_heads(svc.db.conn, keys) == {
        played: last, quiet: svc.feed(quiet, None, 0)[-1]["seq"], "0" * 16: 0,
        f"{quiet}/messages": 1, f"{played}/messages": 0, seats_key(quiet): 0, PLAYER_TOKENS: 0}
