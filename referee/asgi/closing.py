"""Closing the connections whose clients went away a few at a time, so /healthz is answered
while thousands go at once (issue 41: 10,000 streams on a host, ~2,000 a worker).

When a client closes, the event loop (uvloop on libuv) learns it as an end of file while it
polls, up to 1,024 sockets a poll, and by default closes each transport at once: the close
itself (the `close` syscall, which on loopback also runs the peer's side of the TCP goodbye),
uvicorn's connection_lost, and the stream's task waking to end, ~0.09 ms of CPU each, all in
the loop's next turn. 1,024 of them are ~90 ms in which the loop reads nothing, /healthz with
it, and more where workers share the cores (a probe took 216 ms while 10,000 streams closed).

Here the protocol keeps a transport whose peer sent its end of file (the peer reads nothing
more: it has gone) and hands it to the loop's `PacedCloser`, which closes up to PER_TURN of
them at once and, while more wait, PER_TURN every PAUSE seconds: between two batches the loop
polls, and so accepts and answers the probe, and a worker working through its burst takes ~a
seventh of a core, not all it can get (five workers each ending 2,000 at once on two cores
left none for the probe). The work is the same, spread over a second. An end of file on TLS is
closed at once (asyncio ignores a protocol's keeping such a transport open).
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

PER_TURN = 16   # transports closed in one batch: ~1.5 ms of CPU
PAUSE = 0.008   # seconds between two batches: 2,000 closes a second at most


class PacedCloser:
    """The transports waiting to be closed on one loop, and the callback closing them."""

    def __init__(self, loop: asyncio.AbstractEventLoop):
        self.loop = loop
        self.waiting: deque[asyncio.BaseTransport] = deque()

    def close(self, transport: asyncio.BaseTransport) -> None:
        self.waiting.append(transport)
        if len(self.waiting) == 1:
            self.loop.call_soon(self._close_some)

    def _close_some(self) -> None:
        # Each close schedules its connection_lost for the loop's next turn (after a poll).
        for _ in range(min(PER_TURN, len(self.waiting))):
            self.waiting.popleft().close()
        if self.waiting:
            self.loop.call_later(PAUSE, self._close_some)


_closers: dict[asyncio.AbstractEventLoop, PacedCloser] = {}


def closer(loop: asyncio.AbstractEventLoop) -> PacedCloser:
    """The loop's closer (a worker runs one loop; a test server, one each)."""
    found = _closers.get(loop)
    if found is None or found.loop.is_closed():
        for old in [k for k in _closers if k.is_closed()]:
            del _closers[old]
        found = _closers[loop] = PacedCloser(loop)
    return found


class PacedHttp(HttpToolsProtocol):
    """uvicorn's httptools protocol, closing on a client's end of file through the loop's
    PacedCloser instead of at once (the `http` of the worker's and `referee serve`'s config)."""

    transport: Any

    def eof_received(self) -> bool | None:
        if self.transport.get_extra_info("sslcontext") is not None:
            return None  # closed at once
        closer(self.loop).close(self.transport)
        return True
