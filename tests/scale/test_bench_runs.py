"""`referee bench`'s scale sections still run (tiny sizes, one round): a smoke test of the
benchmark code, not a timed test; the figures themselves are measured on demand."""

from __future__ import annotations

from referee.ops import bench_scale as scale


def test_scale_sections_run_and_report_their_anchors(tmp_path):
    lists = scale.bench_lists(tmp_path, games=300, anchor=100, rounds=1, calls=1)
    assert {"all", "by_status", "by_game", "by_player", "keyset_page_mid_list"} <= set(lists)
    assert all("ratio" in v for v in lists.values() if isinstance(v, dict))
    assert "ratio" in scale.bench_scheduler(tmp_path, games=300, anchor=100, rounds=1, calls=1)["pass_nothing_due"]
    due = scale.bench_due_timeouts(tmp_path, due=10)
    assert due["played_in_one_pass"] == 10
    assert scale.bench_storage(tmp_path, games=3)["row_bytes_per_game"] > 0
    memory = scale.bench_memory(tmp_path, games=3)
    assert 0 < memory["accounted_bytes_per_cached_game"] <= memory["bound_bytes"]


def test_seeded_lists_have_players_and_deadlines(tmp_path):
    info = scale.seed_listing(tmp_path / "s.db", 200)
    import sqlite3
    conn = sqlite3.connect(tmp_path / "s.db")
    assert conn.execute("SELECT count(*) FROM games").fetchone()[0] == 200
    assert conn.execute("SELECT count(*) FROM game_players WHERE name = ?", (info["player"],)).fetchone()[0] > 0
    assert conn.execute("SELECT count(*) FROM deadlines").fetchone()[0] > 0


def test_bench_prints_only_its_figures_on_stdout(tmp_path):
    """Request logs (the server's and in-process ones) go to stderr: stdout is one JSON document."""
    import json
    import os
    import subprocess
    import sys
    proc = subprocess.run([sys.executable, "-m", "referee.ops.cli", "bench", "--only", "http", "--played", "1",
                           "--rounds", "1"], capture_output=True, text=True, cwd=tmp_path, timeout=600,
                          env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert proc.returncode == 0, proc.stderr[-2000:]
    figures = json.loads(proc.stdout)
    assert figures["http"]["moves"] > 0
    # the section says the target it holds to, whether this run met it, and the server's CPU per request
    assert figures["http"]["latency_target"].startswith("move_p50_over_noop_plus_commit_p50 <= 1.2")
    assert isinstance(figures["http"]["meets_target"], bool)
    assert figures["http"]["server_cpu"]["move_p50_ms"] > 0
    assert figures["http"]["minimal_answer"]["moves"] > 0  # `Prefer: return=minimal` moves, measured alike
    assert '"referee.requests"' in proc.stderr  # the logs were written, to stderr


def test_concurrent_appends_share_commits_and_every_one_lands_in_its_chain(tmp_path):
    """The appends section's concurrent side (16 threads at once, one round): ours group their
    commits, and every game's log is whole and chained."""
    from referee.engine.hashing import GENESIS, chain
    from referee.ops.bench_appends import APPENDERS, PER_ROUND, bench_concurrent
    from referee.store import events
    from referee.store.db import open_database
    out = bench_concurrent(tmp_path, APPENDERS * PER_ROUND, with_eventsourcing=False)
    assert out["appends_per_side"] == APPENDERS * PER_ROUND
    assert out["ours_appends_per_commit"] > 1
    assert set(out["cpu_us_per_append"]) == {"ours", "raw"} and min(out["cpu_us_per_append"].values()) > 0
    conn = open_database(tmp_path / "store-concurrent.db").conn
    for t in range(APPENDERS):
        log = events.read(conn, f"bench-{t}")
        assert [e.seq for e in log] == list(range(1, PER_ROUND + 1))
        assert all(e.prev_hash == (log[i - 1].hash if i else GENESIS) and e.hash == chain(e.prev_hash, e.digest)
                   for i, e in enumerate(log))
