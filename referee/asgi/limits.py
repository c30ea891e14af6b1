"""How many live feeds may be open at once: per client address and per process.

A stream or a waiting long poll costs little (a coroutine and a socket), but not nothing: file
descriptors run out, and one client could hold them all. Beyond a limit the answer is 429 with
Retry-After. Counted in the process (each worker keeps its own, like the abuse limits in
api/abuse.py), on the event loop's thread only, so no lock is needed.
"""

from __future__ import annotations

from collections import Counter

from referee.plumbing.errors import TooManyRequests

RETRY_ADDRESS = 10  # seconds: until one of this client's own streams ends
RETRY_PROCESS = 5   # seconds: another worker (or this one, soon) will have room


class StreamLimits:
    """Open feeds per address and in all, each within its limit."""

    def __init__(self, per_address: int, per_process: int):
        self.per_address = per_address
        self.per_process = per_process
        self.by_address: Counter[str] = Counter()
        self.open = 0

    def acquire(self, address: str) -> None:
        """Count one more open feed for `address`; 429 (nothing counted) when over a limit."""
        if self.by_address[address] >= self.per_address:
            raise TooManyRequests(f"this address already has {self.by_address[address]} live feeds open "
                                  f"(at most {self.per_address}); close one or retry in {RETRY_ADDRESS} s",
                                  headers={"Retry-After": str(RETRY_ADDRESS)})
        if self.open >= self.per_process:
            raise TooManyRequests(f"this server has {self.open} live feeds open, its limit; "
                                  f"retry in {RETRY_PROCESS} s", headers={"Retry-After": str(RETRY_PROCESS)})
        self.by_address[address] += 1
        self.open += 1

    def release(self, address: str) -> None:
        self.open -= 1
        self.by_address[address] -= 1
        if self.by_address[address] <= 0:
            del self.by_address[address]
