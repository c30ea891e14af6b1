"""A move's feed frames rendered once per host (referee/asgi/hostframes.py): the workers of one
host that serve one database share a read by its key (game, viewer's seat and tenure, position,
language), in files only the service's user may read, for a few seconds only."""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

from referee.asgi import hostframes
from referee.asgi.hostframes import HostFrames


def frames(text: str) -> list[tuple[int, dict, bytes]]:
    return [(7, {"seq": 7, "text": text}, f'id: 7\ndata: {{"seq": 7, "text": "{text}"}}\n\n'.encode())]


def test_a_read_is_rendered_once_per_host_and_per_viewer(tmp_path):
    database = str(tmp_path / "referee.db")
    one, two = HostFrames(database), HostFrames(database)  # two workers of one host
    rendered: list[str] = []

    def render(text: str):
        return lambda: rendered.append(text) or frames(text)

    spectator = ("g1", None, 0, 6, 7, "events", "en")
    seat = ("g1", 0, 1, 6, 7, "events", "en")
    assert one.get(spectator, render("public")) == frames("public")
    assert two.get(spectator, render("public again")) == frames("public")  # read back, not rendered
    assert two.get(seat, render("seat 0's hand")) == frames("seat 0's hand")  # a key of its own
    assert one.get(seat, render("seat 0 again")) == frames("seat 0's hand")
    assert rendered == ["public", "seat 0's hand"]
    other = HostFrames(str(tmp_path / "other.db"))
    assert other.get(spectator, render("other db")) == frames("other db")
    other.close()
    # private to the service's user, and nothing older than RECENT is served
    assert stat.S_IMODE(one.dir.stat().st_mode) == 0o700
    assert all(stat.S_IMODE(p.stat().st_mode) == 0o600 for p in one.dir.iterdir())
    old = time.time() - hostframes.RECENT - 1
    for p in one.dir.iterdir():
        os.utime(p, (old, old))
    assert two.get(spectator, render("later")) == frames("later")
    # a worker's shutdown takes the directory; the others make it again and go on sharing
    one.close()
    assert not two.dir.exists()
    assert two.get(seat, render("after a restart")) == frames("after a restart")
    assert one.get(seat, render("never")) == frames("after a restart") and two.dir.is_dir()
    assert rendered == ["public", "seat 0's hand", "other db", "later", "after a restart"]
    one.close()
    assert not one.dir.exists()


def test_a_directory_others_may_enter_is_not_used(tmp_path):
    database = str(tmp_path / "referee.db")
    shared = HostFrames(database)
    lax = shared.dir
    lax.mkdir(mode=0o777)
    os.chmod(lax, 0o777)
    try:
        rendered: list[int] = []
        for _ in range(2):
            assert shared.get(("g", None, 0, 0, 1, "events", "en"), lambda: rendered.append(1) or frames("x")) == frames("x")
        assert shared.dir is None
        assert rendered == [1, 1] and list(lax.iterdir()) == []
    finally:
        lax.rmdir()


def test_the_frames_live_in_memory_one_directory_per_database(tmp_path, monkeypatch):
    """Not beside the SQLite file on a disk (each read's two files created there cost the
    rendering worker ~0.45 ms a move, issue 41), and found by every worker whatever its
    working directory."""
    database = tmp_path / "referee.db"
    monkeypatch.chdir(tmp_path)
    one, two = HostFrames(str(database)), HostFrames("referee.db")
    assert one.dir == two.dir and one.dir != HostFrames(str(tmp_path / "other.db")).dir
    assert one.dir.parent == Path("/dev/shm")
    one.get(("g", None, 0, 0, 1, "events", "en"), lambda: frames("x"))
    assert list(tmp_path.iterdir()) == []
    one.close()


def test_an_app_that_never_streams_makes_no_directory(tmp_path):
    shared = HostFrames(str(tmp_path / "referee.db"))
    shared.close()
    assert list(tmp_path.iterdir()) == []
