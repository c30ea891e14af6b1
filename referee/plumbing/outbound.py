"""Connections to addresses that users chose (webhooks, alert channels, push endpoints) may only
reach the public internet, checked on the very addresses the socket is about to use.

`targets` checks a URL's host before sending, which gives a clear refusal early, but the library
that sends (apprise, pywebpush through requests, urllib) then resolves the name again and follows
redirects by itself: a receiver answering `307 Location: http://10.0.0.5/` or a name re-pointed
between the check and the connection (DNS rebinding) would still reach inside the operator's
network. Every connection resolves its host through `socket.getaddrinfo`, so within
`public_only()` that one function refuses an internal answer, for this context and the worker
threads apprise copies it to (a context variable, not a thread flag, for that reason). An
operator's outbound proxy (HTTPS_PROXY and the like) is exempt: it resolves the target itself and
enforces the operator's own egress rules.
"""

from __future__ import annotations

import contextvars
import ipaddress
import socket
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from referee.plumbing.targets import Address, is_internal


class InternalAddress(OSError):
    """Raised inside the sending library: an OSError, so it fails the connection as a network
    error would (requests, urllib3 and urllib all report those as unreachable)."""


@dataclass
class Guard:
    """What counts as internal, the operator's outbound proxies (which resolve the target
    themselves, and whose own address is often internal), and the refusals seen (the library
    only says "unreachable")."""
    internal: Callable[[Address], bool]
    proxies: frozenset[str] = frozenset()
    refused: list[str] = field(default_factory=list)


def _proxy_hosts() -> frozenset[str]:
    """The hosts of the proxies the sending libraries take from the environment (HTTPS_PROXY...)."""
    return frozenset(h for u in urllib.request.getproxies().values() if (h := urlsplit(u).hostname))


_guard: contextvars.ContextVar[Guard | None] = contextvars.ContextVar("referee_outbound_guard", default=None)
_resolve = socket.getaddrinfo


def _guarded_getaddrinfo(host, port, *args, **kwargs):  # type: ignore[no-untyped-def]
    answers = _resolve(host, port, *args, **kwargs)
    guard = _guard.get()
    name = host.decode() if isinstance(host, bytes) else str(host)
    if guard is not None and name.lower() not in guard.proxies:
        for answer in answers:
            address = ipaddress.ip_address(str(answer[4][0]).partition("%")[0])
            if guard.internal(address):
                said = f"{name} resolves to an internal address"  # which one is the operator's business
                guard.refused.append(said)
                raise InternalAddress(said)
    return answers


@contextmanager
def public_only(enabled: bool = True, internal: Callable[[Address], bool] = is_internal) -> Iterator[Guard]:
    """Within it, no connection of this context reaches an address `internal` holds (every
    address that is not global, by default). `enabled=False` (the operator's
    REFEREE_ALLOW_PRIVATE_TARGETS) yields a guard that refuses nothing."""
    guard = Guard(internal if enabled else (lambda address: False), _proxy_hosts())
    socket.getaddrinfo = _guarded_getaddrinfo  # idempotent; outside a guard it only resolves
    token = _guard.set(guard)
    try:
        yield guard
    finally:
        _guard.reset(token)
