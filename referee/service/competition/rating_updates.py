"""Rating updates: which finished games are rated, and each one's update of its players'
ratings (OpenSkill's Plackett-Luce model, Weng-Lin: several seats, ranks with ties), applied in
the transaction that ends the game. Kept apart from ratings.py (rebuild, leaderboard, profile),
which needs the service core, because the core calls this module when a game ends.

Policy (also stated on the leaderboard page, POLICY): a finished game is rated only if every seat
was held by a distinct human player, a verified one, from its start to its end (no bot, no seat
handed to a bot, released or replaced), who took it by their own act before the seat's first move
(joined it signed in, accepted it, or created the game signed in as that seat: a seat created
with someone's address counts for nobody until they accept it, issue 35), each of them made at least MIN_MOVES moves of their own
(timeouts do not count), and it ended with a result: by its rules, by resignation, abandoned
(ranked as the game's standings said then), adjudicated in a tournament or by agreement (ranked as
the result recorded in the log says). A rating is shown once a player has SHOWN_AFTER rated games.

Why replay order matters, and how the incremental update equals a rebuild: a rating update
depends on every earlier one, so games are applied in the order of their end (the `game_ended`
event's time, then the game id). A game that ends is applied at once, in its own write
transaction, when it sorts last in its title (the usual case); when it does not (a clock running
behind on another host), its title is replayed from its rated games in order. `referee ratings rebuild` replays every finished game the same way, so
the numbers are the same doubles bit for bit, on either database.
"""

from __future__ import annotations

from typing import Any

from openskill.models import PlackettLuce

from referee.plumbing.i18n import N_
from referee.store import events, ratings as store, tables, tenures
from referee.store.ratings import SHOWN_AFTER

MIN_MOVES = 3
MODEL = PlackettLuce()  # openskill's defaults: mu 25, sigma 25/3, beta 25/6; deterministic arithmetic
# The message id, so that a page can say it in its reader's language (`POLICY_ARGS` fill it in).
POLICY_TEXT = N_("A game counts only if every seat was held by a distinct signed-in human player from start to end "
                 "who took or accepted it before playing it (no bots, no replacements), each made at least %(moves)s moves, and it ended with a result. "
                 "Abandoned games count as the game's standings said when they were abandoned; a game decided by "
                 "agreement or adjudicated counts as recorded. Shared places are ties. Ratings use OpenSkill "
                 "(Plackett-Luce); the number shown is mu - 3 sigma, once a player has %(shown)s rated games.")
POLICY_ARGS = {"moves": MIN_MOVES, "shown": SHOWN_AFTER}
POLICY = POLICY_TEXT % POLICY_ARGS
CHANGED_HANDS = ("seat_to_bot", "seat_replaced", "seat_released")


def ranks_of(result: dict[str, Any], seats: int) -> list[int]:
    """Each seat's place (1 = best; equal places are ties) from a recorded result: the winners
    share first place, the others follow `ranking`. A result of an older rules version without
    `ranking` is ranked by its winner, then by score (equal scores tie)."""
    winners = [w for w in result.get("winners") or ([] if result.get("winner") is None else [result["winner"]])]
    ranking = result.get("ranking")
    if not ranking:
        scores = result.get("scores") or [0] * seats
        if not winners and result.get("winner") is None:
            return [1] * seats  # a draw
        order = sorted(range(seats), key=lambda s: (s not in winners, -(scores[s] or 0)))
        ranks, place = [0] * seats, 0
        for i, s in enumerate(order):
            if i == 0 or (s in winners) != (order[i - 1] in winners) or (scores[s] or 0) != (scores[order[i - 1]] or 0):
                place = i + 1
            ranks[s] = place
        return ranks
    ranks = [0] * seats
    place = 1
    for s in winners:
        ranks[s] = 1
    place = len(winners) + 1 if winners else 1
    for s in ranking:
        if s in winners:
            continue
        ranks[s] = place
        place += 1
    return ranks


def judge(conn: Any, game_id: str) -> tuple[str, str, str | None, list[str | None], list[int], list[str]] | None:
    """(title, ended_at, why-not or None, players, ranks, names) of a finished game, from its log
    and its seats' holders; None while it has not ended."""
    ended = store.ended_event(conn, game_id)
    if ended is None:
        return None
    ended_at, payload = ended
    stats = store.event_stats(conn, game_id)
    counts = {key: n for key, (n, _) in stats.items()}
    created = events.first(conn, game_id).payload
    created_seats, title = created["seats"], created["game"]
    seats = tenures.seats(conn, game_id)
    held = [(s["player_id"], s["name"], s["holder"]) for s in seats]
    starts = tenures.own_tenures(conn, game_id)
    creator = (tables.get(conn, game_id) or {}).get("creator_player")
    players = [s["player_id"] if s["holder"] == tenures.HELD and tenures.own_act(
        starts, creator, s["seat"], s["tenure"], s["player_id"]) else None for s in seats]
    # an acceptance after the seat's first move or timeout comes too late to rate the game
    first_played: dict[int, int] = {}
    for (t, seat), (_, first) in stats.items():
        if t in ("move", "timeout") and seat is not None:
            first_played[seat] = min(first, first_played.get(seat, first))
    late = any(starts.get((s["seat"], s["tenure"]), 0) > first_played.get(s["seat"], float("inf")) for s in seats)
    names = [n for _, n, _ in held]
    result = payload.get("result") or {}
    ranks = ranks_of(result, len(held)) if result else []
    why = None
    if not result:
        why = "the game ended without a result"
    elif not held:
        why = "no seat holders are known"
    elif len(held) < 2:
        why = "a game of one seat"
    elif any(s.get("bot") for s in created_seats):
        why = "a seat was held by a bot"
    elif any(counts.get((t, s), 0) for t in CHANGED_HANDS for s in [*range(len(held)), None]):
        why = "a seat changed hands (a bot or a replacement)"
    elif any(p is None for p in players):
        why = "a seat was not held by a signed-in player who took or accepted it"
    elif late:
        why = "a seat was accepted after it had played"
    elif len(set(players)) != len(players):
        why = "one player held several seats"
    elif any(counts.get(("move", s), 0) < MIN_MOVES for s in range(len(held))):
        why = f"a player made fewer than {MIN_MOVES} moves"
    return title, ended_at, why, players, ranks, names


def on_game_ended(conn: Any, game_id: str) -> None:
    """The game just ended (inside the transaction that appended `game_ended`): record whether it
    is rated and update its players' ratings."""
    judged = judge(conn, game_id)
    if judged is None:
        return
    title, ended_at, why, players, ranks, names = judged
    store.put_game(conn, game_id, title, ended_at, why, players, ranks)
    if why is not None:
        return
    conn.lock_game(f"ratings:{title}")  # PostgreSQL: one rating writer per title at a time
    if store.later_rated(conn, title, ended_at, game_id):
        replay_title(conn, title)
    else:
        _apply(conn, title, game_id, ended_at, players, ranks, names)


def rate(known: dict[str, tuple[float, float, int]], players: list[str],
         ranks: list[int]) -> list[tuple[float, float, float, int]]:
    """One rated game: (mu, sigma, ordinal, games) of each seat's player after it, from `known`
    (player -> (mu, sigma, games) before it; a newcomer starts at the model's default)."""
    teams = [[MODEL.create_rating([known[p][0], known[p][1]]) if p in known else MODEL.rating()] for p in players]
    rated = MODEL.rate(teams, ranks=list(ranks))
    return [(r[0].mu, r[0].sigma, r[0].ordinal(), known.get(p, (0.0, 0.0, 0))[2] + 1) for p, r in zip(players, rated)]


def _apply(conn: Any, title: str, game_id: str, ended_at: str, players: list[str], ranks: list[int],
           names: list[str]) -> None:
    """One rated game's update in the store, in the transaction that ended the game."""
    for seat, (mu, sigma, ordinal, games) in enumerate(rate(store.current(conn, title, players), players, ranks)):
        store.put_rating(conn, title, players[seat], names[seat], mu, sigma, ordinal, games, game_id, ended_at)


def _names_of(conn: Any, game_id: str) -> list[str]:
    return [n for _, n, _ in store.holders(conn, game_id)]


def replay_title(conn: Any, title: str) -> None:
    """Every rated game of a title again, in the order of their ends: the same `rate` on the same
    doubles as the updates made one by one, kept in memory and written at the end."""
    store.clear_title(conn, title)
    known: dict[str, tuple[float, float, int]] = {}
    latest: dict[str, tuple[str, float]] = {}
    history: list[tuple] = []
    for g in store.rated_games_of(conn, title):
        players, names = g["players"], _names_of(conn, g["game_id"])
        for seat, (mu, sigma, ordinal, games) in enumerate(rate(known, players, g["ranks"])):
            p = players[seat]
            known[p] = (mu, sigma, games)
            latest[p] = (names[seat], ordinal)
            history.append((title, p, games, g["game_id"], g["ended_at"], mu, sigma))
    store.put_ratings(conn, title, [(p, latest[p][0], mu, sigma, latest[p][1], games)
                                    for p, (mu, sigma, games) in known.items()], history)
