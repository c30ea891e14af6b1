"""`referee migrate-store`: a SQLite instance moved to a fresh PostgreSQL database (and back)
keeps every game exactly: logs byte for byte, seats' tokens, remembered answers, the outbox,
the secret key; the target's projections are rebuilt and every game verifies there."""

from __future__ import annotations

import random
import secrets

import pytest
from click.testing import CliRunner

from referee.ops.cli import main
from referee.plumbing.config import Config
from referee.service.referee import Referee
from referee.store import credentials, deadlines, events, outbox, players
from referee.store.db import open_with_migrations, write_transaction
from tests.conftest import KINDS, FakeTime
from tests.dbtools import dump, rows, scalar
from tests.flow.support import DOMAIN, EMAILS, play_random

pytestmark = pytest.mark.skipif("postgresql" not in KINDS, reason="PostgreSQL tests are switched off")

CLOCK = {"policy": "fischer", "initial": "3d", "increment": "1d", "max": "5d", "reminders": ["1d", "1h"]}
NOT_DERIVED = ("components", "game_keys", "seats", "past_seats", "tables", "seat_settings", "idempotency", "outbox",
               "instance", "alert_channels", "players", "player_tokens", "sign_in_links", "tournaments",
               "tournament_games")
# Rebuilt on the target from the events (and the copied players): equal all the same
REBUILT = ("bot_seats", "game_players", "rating_games")
# The events' columns but the payload, which each database stores by its own rules
EVENT_COLUMNS = "SELECT game_id, seq, type, seat, created_at, digest, prev_hash, hash FROM events ORDER BY game_id, seq"


def service(database: str, clock) -> Referee:
    """No configured secret key: the stored one (copied by the migration) signs reply addresses."""
    return Referee(database, clock=clock, config=Config(database=database, inbound_domain=DOMAIN,
                                                        base_url="http://referee.test", allow_private_targets=True))


def migrate(*args: str):
    result = CliRunner().invoke(main, ["migrate-store", *args])
    return result.exit_code, result.stdout, result.stderr


def play(svc: Referee, clock: FakeTime, gid: str, moves: int, rnd: random.Random) -> None:
    play_random(svc, gid, moves, rnd, clock, gaps=(60, 20000))


def table(database: str, name: str) -> list[tuple]:
    return sorted(rows(database, f"SELECT * FROM {name}"), key=repr)


@pytest.fixture(scope="module")
def instance(tmp_path_factory, pg_cluster):
    """A SQLite instance with games of several kinds, and its copy on a fresh PostgreSQL database."""
    clock = FakeTime()
    source = f"sqlite:///{tmp_path_factory.mktemp('migrate')}/source.db"
    svc = service(source, clock)
    rnd = random.Random(7)
    seats = [{"name": "Ada", "email": EMAILS[0]}, {"name": "Bo", "email": EMAILS[1], "tz": "Europe/Berlin"}]
    clocked = svc.create_game({"game": "babel", "seats": seats, "clock": CLOCK})
    play(svc, clock, clocked["id"], 30, rnd)                 # past a snapshot, with mails queued
    clock.advance(6 * 86400)
    assert svc.queue_due_reminders() + svc.play_due_timeouts() > 0
    due = min(sc.due_at for sc in svc.load(clocked["id"]).clocks.seats if sc.due_at is not None)
    clock.now = due - 1800                                   # the last reminders of the open decision
    assert svc.queue_due_reminders() > 0
    finished = svc.create_game({"game": "babel", "seats": [{"name": "Cy", "channels": ["ntfy://cy-topic"]},
                                                           {"name": "Di"}], "channels": ["discord://1/t"]})
    play(svc, clock, finished["id"], 4, rnd)
    svc.resign(finished["id"], 0)
    assert svc.load(finished["id"]).finished
    iron = svc.create_game({"game": "iron_age", "seats": [{"name": "Ada"}, {"name": "Eve"}, {"name": "Fay"}]})
    play(svc, clock, iron["id"], 5, rnd)
    loaded = svc.load(iron["id"])
    keyed_seat = loaded.prompts[0].seat
    keyed_body = {"move": loaded.prompts[0].default, "idempotency_key": "k-1"}
    keyed_answer = svc.submit_move(iron["id"], keyed_seat, keyed_body)
    with write_transaction(svc.db) as conn:  # some mail went out, some is pending
        for m in outbox.messages(conn)[:3]:
            outbox.mark_sent(conn, m["id"], clock())
    # Ada signs in, accepts a seat made with her address (issue 35: hers only by her own act) and registers her own alert
    # channel; a newcomer asked for a link and has not used it (its mail is pending); a bot holds a
    # seat; two players meet in a tournament
    link = secrets.token_urlsafe(16)
    with write_transaction(svc.db) as conn:
        players.add_link(conn, credentials.token_hash(link), EMAILS[0], clock() + 600)
    signed = svc.confirm_sign_in(link)
    offered = svc.create_game({"game": "babel", "seats": [{"name": "Ada", "email": EMAILS[0]}, {"name": "Gil"}]})
    svc.accept_seat(offered["id"], 0, signed["player"]["id"])
    svc.add_channel(svc.player_channels_owner(signed["player"]["id"]), {"url": "ntfy://ada-topic"})
    svc.request_sign_in({"email": "newcomer@example.org"})
    bot = svc.create_game({"game": "babel", "seats": [{"name": "Ada"}, {"bot": "random"}]})
    tournament = svc.create_tournament({"game": "babel", "format": "round_robin", "seats_per_game": 2,
                                        "players": [{"name": "Gus"}, {"name": "Ida"}]})

    target = pg_cluster.create_database(template=pg_cluster.template)
    code, out, err = migrate("--from", source, "--to", target)
    assert code == 0, err
    yield {"source": source, "target": target, "clock": clock, "svc": svc, "games": [clocked, finished, iron, bot],
           "keyed": (iron["id"], keyed_seat, keyed_body, keyed_answer), "out": out, "signed": signed,
           "tournament": tournament["id"], "count": len(list(events.game_ids(svc.db.conn)))}
    pg_cluster.drop_database(target)


def test_summary_line(instance):
    total = scalar(instance["source"], "SELECT count(*) FROM events")
    n = instance["count"]
    assert n == 6  # five games and the tournament's one
    assert instance["out"].strip().startswith(f"copied {n} games, {total} events, 1 players, 1 tournaments from sqlite:///")
    assert f"verified {n}/{n} at level full" in instance["out"]


def test_everything_not_derivable_is_copied_verbatim(instance):
    src, dst = instance["source"], instance["target"]
    for name in NOT_DERIVED + REBUILT:
        assert table(dst, name) == table(src, name), name
    for name in ("players", "player_tokens", "sign_in_links", "tournaments", "tournament_games", "bot_seats"):
        assert table(src, name), name  # each holds rows: an empty table would compare equal
    assert scalar(src, "SELECT count(*) FROM alert_channels WHERE game_id IS NULL") == 1
    assert scalar(src, "SELECT count(*) FROM outbox WHERE game_id = ''") == 1  # the newcomer's link
    assert rows(dst, EVENT_COLUMNS) == rows(src, EVENT_COLUMNS)
    assert scalar(src, "SELECT count(*) FROM outbox WHERE sent_at IS NOT NULL") == 3
    assert scalar(src, "SELECT count(*) FROM outbox WHERE sent_at IS NULL") > 0
    assert rows(dst, "SELECT count(*) FROM snapshots") == [(0,)]  # a cache: made again by the target


def test_the_games_are_the_same_games_on_the_target(instance):
    src, clock = instance["svc"], instance["clock"]
    dst = service(instance["target"], clock)
    assert dst.list_games() == src.list_games()
    for created in instance["games"]:
        gid = created["id"]
        assert [e.to_json() for e in events.read(dst.db.conn, gid)] == \
               [e.to_json() for e in events.read(src.db.conn, gid)]
        assert deadlines.for_game(dst.db.conn, gid) == deadlines.for_game(src.db.conn, gid)
        for s in created["seats"]:
            assert dst.game(gid, s["seat"]) == src.game(gid, s["seat"])
            if "token" in s:  # a bot's seat has none
                assert dst.seat_for(gid, s["token"]) == s["seat"]
            assert dst.notifier.reply_address(gid, s["seat"]) == src.notifier.reply_address(gid, s["seat"])
    assert any(deadlines.for_game(dst.db.conn, g["id"]) for g in instance["games"])
    gid, seat, body, answer = instance["keyed"]
    assert dst.submit_move(gid, seat, body) == answer  # a retry after the move gets the first answer


def test_players_and_tournaments_go_on_on_the_target(instance):
    """Ada's token signs her in on the target, with her games and her own channel; the tournament
    reads as it did; the bot still holds its seat."""
    src, dst = instance["svc"], service(instance["target"], instance["clock"])
    pid = dst.player_for(instance["signed"]["token"])
    assert pid == instance["signed"]["player"]["id"]
    assert dst.my_games(pid) == src.my_games(pid) and dst.my_games(pid)
    owner = dst.player_channels_owner(pid)
    assert [c["url"] for c in dst.channels(owner)] == ["ntfy://ada-topic"]
    assert dst.tournament(instance["tournament"]) == src.tournament(instance["tournament"])
    bot = instance["games"][3]["id"]
    assert dst.game(bot, None)["seats"] == src.game(bot, None)["seats"]


def test_a_non_empty_target_is_refused_and_left_alone(instance):
    before = dump(instance["target"])
    code, out, err = migrate("--from", instance["source"], "--to", instance["target"])
    assert code != 0 and out == ""
    assert err.count("\n") == 1 and "already has games, players or tournaments" in err and "--into-non-empty" in err
    code, out, err = migrate("--from", instance["source"], "--to", instance["target"], "--into-non-empty")
    assert code != 0 and f"{instance['count']} game(s) exist in both databases" in err
    assert "never overwritten or merged" in err
    assert dump(instance["target"]) == before


def test_into_non_empty_adds_other_games(instance, tmp_path, pg_cluster):
    """A second instance joins the first: its outbox ids follow the target's, in their order."""
    other = tmp_path / "other.db"
    svc = service(str(other), instance["clock"])
    created = svc.create_game({"game": "babel", "seats": [{"name": "Gil", "email": "gil@example.org"}, {"name": "Hal"}]})
    play(svc, instance["clock"], created["id"], 3, random.Random(1))
    merged = pg_cluster.create_database(template=pg_cluster.template)
    try:
        assert migrate("--from", instance["target"], "--to", merged)[0] == 0
        start = scalar(merged, "SELECT max(id) FROM outbox")
        code, out, err = migrate("--from", str(other), "--to", merged, "--into-non-empty")
        assert code == 0, err
        assert "copied 1 games" in out and "verified 1/1" in out
        assert "instance setting 'secret_key' differs" in err   # the target keeps its own key
        ids = [r[0] for r in rows(merged, "SELECT id FROM outbox WHERE game_id = ? ORDER BY id", (created["id"],))]
        assert ids and min(ids) > start
        assert len(service(merged, instance["clock"]).list_games()) == instance["count"] + 1
    finally:
        pg_cluster.drop_database(merged)


def test_an_account_on_both_sides_is_refused_not_merged(instance, tmp_path):
    """Ada signed in on a second instance too: her two accounts are not merged into one. A target
    that holds only players is not empty either."""
    other = tmp_path / "accounts.db"
    svc = service(str(other), instance["clock"])
    link = secrets.token_urlsafe(16)
    with write_transaction(svc.db) as conn:
        players.add_link(conn, credentials.token_hash(link), EMAILS[0], instance["clock"]() + 600)
    svc.confirm_sign_in(link)
    before = dump(instance["target"])
    code, out, err = migrate("--from", str(other), "--to", instance["target"], "--into-non-empty")
    assert code != 0 and "1 player address(es) exist in both databases (ada@example.org)" in err
    assert "never merged" in err and dump(instance["target"]) == before
    alone = tmp_path / "alone.db"
    assert migrate("--from", str(other), "--to", str(alone))[0] == 0
    code, out, err = migrate("--from", str(other), "--to", str(alone))
    assert code != 0 and "already has games, players or tournaments" in err


def test_round_trip_back_to_sqlite(instance, tmp_path):
    back = f"sqlite:///{tmp_path}/back.db"
    code, out, err = migrate("--from", instance["target"], "--to", back)
    assert code == 0, err
    assert f"verified {instance['count']}/{instance['count']}" in out and "postgresql://postgres@" in out
    for name in (*NOT_DERIVED, "events"):  # payloads too: stored by SQLite's own rules again, byte for byte
        assert table(back, name) == table(instance["source"], name), name
    assert rows(back, "SELECT count(*) FROM events WHERE typeof(payload) = 'blob'")[0][0] >= 1  # deflated
    assert service(back, instance["clock"]).list_games() == instance["svc"].list_games()


def test_a_source_written_during_the_copy_fails_the_run(instance, tmp_path, monkeypatch):
    """The web was left running: a move lands on a game already copied. The run says so and
    exits non-zero instead of leaving that move behind unnoticed."""
    from referee.ops import migrate_store
    source = tmp_path / "live.db"
    svc = service(str(source), instance["clock"])
    gid = svc.create_game({"game": "babel", "seats": [{"name": "Ada"}, {"name": "Bo"}]})["id"]
    verify = migrate_store.verify_copy

    def move_meanwhile(dst, game_id, last_hash):
        prompt = svc.load(gid).prompts[0]
        svc.submit_move(gid, prompt.seat, {"move": prompt.default})
        return verify(dst, game_id, last_hash)

    monkeypatch.setattr(migrate_store, "verify_copy", move_meanwhile)
    code, out, err = migrate("--from", str(source), "--to", str(tmp_path / "copy.db"))
    assert code != 0 and "the source gained 1 events during the copy" in err and "verified 1/1" in out


def test_a_game_that_does_not_verify_fails_the_run(tmp_path):
    """Copied verbatim, a tampered event stays tampered: the target's check names it."""
    import sqlite3
    source = tmp_path / "tampered.db"
    svc = service(str(source), FakeTime())
    games = [svc.create_game({"game": "babel", "seats": [{"name": "Ada"}, {"name": "Bo"}]})["id"] for _ in range(2)]
    for gid in games:
        prompt = svc.load(gid).prompts[0]
        svc.submit_move(gid, prompt.seat, {"move": prompt.default})
    with sqlite3.connect(source) as raw:
        raw.execute("UPDATE events SET created_at = '2020-01-01T00:00:00Z' WHERE game_id = ? AND seq = 2", (games[0],))
    code, out, err = migrate("--from", str(source), "--to", str(tmp_path / "copy.db"))
    assert code != 0 and "copied 2 games" in out and "verified 1/2" in out
    assert f"game {games[0]}: verify failed at seq 2" in err


def test_a_missing_source_or_an_unreachable_target_is_one_clear_line(tmp_path, pg_cluster):
    code, out, err = migrate("--from", str(tmp_path / "nope.db"), "--to", str(tmp_path / "t.db"))
    assert code != 0 and err == f"error: no database at {tmp_path / 'nope.db'}\n"
    assert not (tmp_path / "nope.db").exists() and not (tmp_path / "t.db").exists()
    source = tmp_path / "s.db"
    service(str(source), FakeTime())
    url = pg_cluster.url("no_such_db").replace("postgres@", "postgres:s3cret@")
    code, out, err = migrate("--from", str(source), "--to", url)
    assert code != 0 and err.startswith("error: cannot open postgresql://postgres@127.0.0.1:") and err.count("\n") == 1
    assert "s3cret" not in out + err


def test_play_goes_on_on_the_target(instance):
    """Last: it changes the target. The rebuilt deadlines bring back the reminders already
    queued, which the copied dedupe keys keep from being queued twice. A move lands after the
    copied log, and its mail gets an outbox id after the copied ones (the identity column was
    advanced)."""
    dst = service(instance["target"], instance["clock"])
    mails = scalar(instance["target"], "SELECT count(*) FROM outbox")
    assert scalar(instance["target"], "SELECT count(*) FROM deadlines WHERE next_reminder_at <= ?",
                  (instance["clock"](),)) > 0
    assert dst.queue_due_reminders() == 0 and scalar(instance["target"], "SELECT count(*) FROM outbox") == mails
    gid = instance["games"][0]["id"]
    loaded = dst.load(gid)
    before = scalar(instance["target"], "SELECT max(id) FROM outbox")
    prompt = loaded.prompts[0]
    status, body = dst.submit_move(gid, prompt.seat, {"move": prompt.default})
    assert status == 201 and body["seq"] > loaded.seq
    assert scalar(instance["target"], "SELECT max(id) FROM outbox") > before
    db, _ = open_with_migrations(instance["target"], migrate=False)
    assert events.head(db.conn, gid)[0] == body["seq"]
    db.conn.close()
