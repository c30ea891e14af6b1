"""`referee bench --only concurrency` still runs (tiny window, 1 and 2 clients) on SQLite and on
PostgreSQL: a smoke test of the benchmark code and of its report's shape, never of its timing
target (the figures are measured on demand, see referee/bench_concurrency.py)."""

from __future__ import annotations

from referee.ops.bench_concurrency import bench_concurrency


def test_concurrency_section_counts_moves_on_both_databases(tmp_path, pg_cluster):
    url = pg_cluster.create_database(template=pg_cluster.template)
    try:
        report = bench_concurrency(tmp_path, url, seconds=0.5, clients=(1, 2), warmup=0.3)
    finally:
        pg_cluster.drop_database(url)
    assert {"sqlite", "postgresql", "target", "met", "setup"} <= set(report)
    assert isinstance(report["met"], bool)
    assert {"synchronous_commit", "fsync"} <= set(report["postgresql"]["server"])
    for kind in ("sqlite", "postgresql"):
        side = report[kind]
        for n in (1, 2):
            run = side[f"clients_{n}"]
            assert run["clients"] == n
            assert run["moves"] > 0 and run["moves_per_s"] > 0
            assert run["other_answers"] == 0
            assert 0 < run["p50_ms"] <= run["p99_ms"]
        assert side["ratio"] > 0 and side["raw_commit_ms"] > 0
        assert 0 < side["commit_share_of_1_client_time"] and side["cpu_ceiling_ratio"] > 0
    assert report["postgresql"]["clients_1"]["cpu_ms_per_move"]["postgres_server"] is not None
    assert report["postgresql"]["clients_2"]["wal_flushes_per_move"] is not None
