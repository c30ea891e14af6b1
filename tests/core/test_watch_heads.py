"""The live feed's head watcher reads the last sequence of each watched key (store/watch.py
read_heads): a game's events, its table talk, a credential mark; 0 for one that has none."""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
import threading
import time

import pytest

from referee.service.referee import Referee
from referee.store import commits, watch
from referee.store.watch import PLAYER_TOKENS, HeadWatcher, changed_heads, read_heads, seats_key


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


def _move(svc: Referee, game_id: str) -> None:
    prompt = next(p for seat in (0, 1) for p in svc.prompts(game_id, seat))
    svc.submit_move(game_id, prompt["seat"], {"move": prompt["default"] or prompt["choices"][0]})


def test_a_look_after_a_commit_reads_what_moved_not_what_is_watched(sqlite_template, tmp_path):
    """Issue 41: after each commit every worker's watcher looks for moved heads; it reads the
    rows head_changes gained since its last look (SQLite; PostgreSQL hears appends by NOTIFY):
    a game's events, its talk, a credential mark, each once with its newest head, and the same
    work whether 0 or 5,000 changes of other games came before (it read every watched head)."""
    path = tmp_path / "r.db"
    shutil.copyfile(sqlite_template, path)
    svc = Referee(str(path))
    seats = [{"name": "A"}, {"name": "B"}]
    game = svc.create_game({"game": "iron_age", "options": {"first_seat": 0}, "seats": seats})["id"]
    look = sqlite3.connect(path)
    assert changed_heads(look, None) == (None, 1)  # the first look: read what is watched
    ops = []

    def steps_of_a_move(before: int) -> tuple[dict | None, int]:
        _, last = changed_heads(look, None)
        with look:
            look.executemany("INSERT INTO head_changes (key, head) VALUES (?, 1)", [(f"other{i}",) for i in range(before)])
        _, last = changed_heads(look, last)
        _move(svc, game)
        count = [0]
        look.set_progress_handler(lambda: count.__setitem__(0, count[0] + 1), 1)
        moved = changed_heads(look, last)
        look.set_progress_handler(None, 1)
        ops.append(count[0])
        return moved

    moved, last = steps_of_a_move(0)
    assert moved == {game: svc.feed(game, None, 0)[-1]["seq"]}
    assert steps_of_a_move(5000)[0] == {game: svc.feed(game, None, 0)[-1]["seq"]}
    assert ops[0] == ops[1] < 200, ops
    _, last = changed_heads(look, None)
    svc.post_message(game, 0, {"to": "all", "text": "good luck"})
    svc.post_message(game, 1, {"to": "all", "text": "thanks"})
    with look:  # a credential dies
        look.execute("UPDATE seats SET token_hash = 'x' WHERE game_id = ? AND seat = 0", (game,))
    moved, last = changed_heads(look, last)
    assert moved == {f"{game}/messages": 2, seats_key(game): 1}
    assert changed_heads(look, last) == ({}, last)


def test_a_watcher_that_fell_behind_the_kept_changes_reads_every_head(sqlite_template, tmp_path):
    """head_changes keeps the last 8,192 rows (pruned every 1,024th): a look from further back
    cannot tell what moved and says so (None), and the watcher then reads every watched head."""
    path = tmp_path / "r.db"
    shutil.copyfile(sqlite_template, path)
    look = sqlite3.connect(path)
    with look:
        look.executemany("INSERT INTO head_changes (key, head) VALUES (?, 1)", [(f"g{i}",) for i in range(10_000)])
    assert look.execute("SELECT MIN(change), COUNT(*) FROM head_changes").fetchone() == (9216 - 8192 + 1, 8192 + 784)
    assert changed_heads(look, 9000)[0] == {f"g{i}": 1 for i in range(9000, 10_000)}
    assert changed_heads(look, 10) == (None, 10_000)


def _switches(thread) -> int:
    """How many times the kernel has run the thread (its third schedstat field)."""
    with open(f"/proc/self/task/{thread.native_id}/schedstat") as f:
        return int(f.read().split()[2])


@pytest.mark.parametrize("hear_writes", [True, False], ids=["inotify", "polling"])
def test_the_watcher_sleeps_until_the_file_is_written(sqlite_template, tmp_path, hear_writes):
    """Issue 41: with streams open and no move, each worker's watcher looked at the file's commit
    counter forty times a second (its wake-ups ~3 ms of CPU a second a worker). It now sleeps
    until some process writes the file (inotify), waking once a FALLBACK otherwise; and a commit
    by another connection (no hook of this process tells it) still wakes the waiter at once, also
    where there is no inotify (the watcher then polls every TICK, as before)."""
    path = tmp_path / "r.db"
    shutil.copyfile(sqlite_template, path)
    svc = Referee(str(path))
    game = svc.create_game({"game": "iron_age", "options": {"first_seat": 0},
                            "seats": [{"name": "A"}, {"name": "B"}]})["id"]
    head = svc.feed(game, None, 0)[-1]["seq"]
    watcher = HeadWatcher(str(path), hear_writes)

    async def idle_then_a_move() -> tuple[int, int | None, float]:
        waiting = asyncio.ensure_future(watcher.wait(game, head, 5.0))
        await asyncio.sleep(0.3)  # the thread has started and read the game's head
        before = _switches(watcher._thread)
        await asyncio.sleep(0.5)
        woke = _switches(watcher._thread) - before
        other = sqlite3.connect(path)  # another process's commit, as far as this one can tell
        with other:
            other.execute("INSERT INTO head_changes (key, head) VALUES (?, ?)", (game, head + 1))
        moved = time.monotonic()
        return woke, await waiting, time.monotonic() - moved

    try:
        woke, seen, after = _run_apart(idle_then_a_move)
    finally:
        watcher.close()
    if hear_writes:
        assert woke <= 3, f"the watcher woke {woke} times in half a second with nothing written"
    else:
        assert woke >= 0.5 / watch.TICK / 2, woke
    assert seen == head + 1 and after < commits.FALLBACK / 2, after


def _run_apart(main):
    """`asyncio.run(main())` on a thread of its own: in an xdist worker that ran a browser test
    first, Playwright's sync API keeps an event loop running on the main thread."""
    out: dict = {}

    def run() -> None:
        try:
            out["value"] = asyncio.run(main())
        except BaseException as e:  # re-raised on the test's thread
            out["error"] = e
    thread = threading.Thread(target=run)
    thread.start()
    thread.join(60)
    if "error" in out:
        raise out["error"]
    return out["value"]
