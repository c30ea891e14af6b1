"""Connections whose clients went away are closed a few a turn of the event loop (asgi/closing.py),
so a burst of them (a worker's 2,000 streams ending together) never holds the loop for long."""

from __future__ import annotations

import socket
import threading
import time
from itertools import pairwise

import pytest

from referee.asgi.closing import PAUSE, PER_TURN
from tests.conftest import start_server


@pytest.mark.one_database  # the server's connections, not the store
def test_connections_whose_clients_left_are_closed_a_few_at_a_time(database):
    """Issue 41: 300 clients leave together; the server's open connections, read once a turn of
    its loop, never drop by more than PER_TURN from one turn to the next (closed at once, they
    dropped by a hundred or more: the loop closed every one its poll had reported), the batches
    PAUSE apart, and all end."""
    srv, running = start_server(database)
    try:
        _leave_together(running)
    finally:
        srv.http.close()
        running.shutdown()


def _leave_together(running) -> None:
    port = running.port
    clients = []
    for _ in range(300):
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
        clients.append(s)
    for s in clients:  # each answered in full (a client leaving unread bytes resets, not closes), kept open
        answer = b""
        while not answer.endswith(b'{"status":"ok"}\n'):
            answer += s.recv(4096)
        assert answer.startswith(b"HTTP/1.1 200")
    connections = running.server.server_state.connections
    assert len(connections) >= 300
    loop = next(iter(connections)).loop
    counts: list[int] = []
    times: list[float] = []
    done = threading.Event()

    def each_turn() -> None:  # a callback scheduled by a callback runs at the loop's next turn
        counts.append(len(connections))
        times.append(time.perf_counter())
        if counts[-1] and times[-1] - times[0] < 10:
            loop.call_soon(each_turn)
        else:
            done.set()

    loop.call_soon_threadsafe(each_turn)
    while not counts:
        time.sleep(0.001)
    for s in clients:
        s.close()
    assert done.wait(10)
    drops = [a - b for a, b in pairwise(counts)]
    assert counts[-1] == 0 and max(drops) <= PER_TURN, (max(drops), len(counts))
    first = next(i for i, d in enumerate(drops) if d)
    assert times[-1] - times[first] >= (300 // PER_TURN - 1) * PAUSE * 0.9
