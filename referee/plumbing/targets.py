"""Where the service may send notifications: no loopback, private or link-local targets.

A seat's webhook URL and e-mail address are chosen by whoever creates the game; without this a
stranger could make the scheduler POST a seat's legal moves to `127.0.0.1` or an address inside
the operator's network (server-side request forgery). Operators who run bots on their own
network set `allow_private_targets` (REFEREE_ALLOW_PRIVATE_TARGETS=1).
"""

from __future__ import annotations

import ipaddress
import re
import socket
import threading
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from urllib.parse import urlsplit


class TargetRefused(ValueError):
    """A notification target the service will not send to; the message says why."""


Address = ipaddress.IPv4Address | ipaddress.IPv6Address

_NAT64 = ipaddress.ip_network("64:ff9b::/96")  # well-known NAT64 prefix: the IPv4 address is the last 32 bits
# What the C resolver reads as an IPv4 address besides the dotted quad: 2130706433, 0177.0.0.1,
# 0x7f.1, 127.1 (inet_aton's forms). Letters, digits, x and dots only: inet_aton ignores what
# follows a space.
_NUMERIC = re.compile(r"[0-9a-fx.]+", re.ASCII)


def _embedded_ipv4(ip: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 one reaches (mapped, 6to4, NAT64), which decides where it goes."""
    if ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    if ip.sixtofour is not None:
        return ip.sixtofour
    if ip in _NAT64:
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    return None


def is_internal(ip: Address) -> bool:
    """Anything but the public internet: `not is_global` (loopback, private, link-local, shared
    address space 100.64.0.0/10, benchmarking, documentation, reserved...) and multicast (which
    ipaddress counts as global); an IPv6 address carrying an IPv4 one is judged by that one."""
    if isinstance(ip, ipaddress.IPv6Address):
        inner = _embedded_ipv4(ip)
        if inner is not None:
            return is_internal(inner)
    return not ip.is_global or ip.is_multicast


def _literal(host: str) -> Address | None:
    try:
        return ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        pass
    if _NUMERIC.fullmatch(host):
        try:
            return ipaddress.IPv4Address(socket.inet_aton(host))
        except OSError:
            return None
    return None


def normal_host(host: str) -> str:
    """The host as the service compares it: lower case, no trailing dot, and an address written
    in any form the resolver accepts (decimal, octal, hex, shortened) in its canonical form."""
    host = host.strip().rstrip(".").lower()
    ip = _literal(host)
    return str(ip) if ip is not None else host


def check_host(host: str, what: str, resolve: bool) -> None:
    """Refuse a host that is, or (with `resolve`) resolves to, an internal address."""
    host = normal_host(host)
    if not host:
        raise TargetRefused(f"{what} has no host")
    if host == "localhost" or host.endswith(".localhost"):
        raise TargetRefused(f"{what} points at loopback ({host})")
    ip = _literal(host)
    addresses = [ip] if ip is not None else []
    if ip is None and resolve:
        try:
            addresses = [_literal(info[4][0]) for info in _lookup(host)]
        except (socket.gaierror, UnicodeError):
            raise TargetRefused(f"{what}: the host {host} does not resolve") from None
        except FutureTimeout:
            raise TargetRefused(f"{what}: the host {host} did not resolve within {DNS_TIMEOUT:g} s") from None
    for a in addresses:
        if a is not None and is_internal(a):
            # a resolved address is not repeated: it would tell a stranger how the operator's
            # network names its hosts ("intranet.corp" is 10.1.2.3)
            shown = f" ({a})" if ip is not None else ""
            raise TargetRefused(f"{what} points at an internal address{shown}; "
                                f"set REFEREE_ALLOW_PRIVATE_TARGETS=1 to allow it")


DNS_TIMEOUT = 0.5  # seconds: a check answers a person at once, not after the resolver's retries
_RESOLVER = ThreadPoolExecutor(max_workers=4, thread_name_prefix="dns")


def _lookup(host: str) -> list:
    """`socket.getaddrinfo(host, None)`, given up after DNS_TIMEOUT (the lookup itself may run on
    in its thread; its answer is dropped)."""
    return _RESOLVER.submit(socket.getaddrinfo, host, None).result(timeout=DNS_TIMEOUT)


def check_webhook(url: str, resolve: bool = False) -> None:
    """At creation the host is checked as written (a name may not resolve from here yet); at
    delivery it is checked again after resolution, against DNS tricks."""
    try:
        parts = urlsplit(url)
    except ValueError as e:  # e.g. "http://[::1" (an unclosed IPv6 literal): a refusal, not a 500
        raise TargetRefused(f"webhook is not a URL ({e})") from None
    if parts.scheme not in ("http", "https"):
        raise TargetRefused("webhook must be an http:// or https:// URL")
    check_host(parts.hostname or "", "webhook", resolve)


def check_email(address: str) -> None:
    """An address whose domain is an IP literal or localhost (`bo@[127.0.0.1]`, `bo@localhost`)."""
    domain = address.rpartition("@")[2]
    check_host(domain, "email", resolve=False)


def check_seats(seats: list[dict]) -> None:
    """Every seat's webhook and e-mail address, at creation (TargetRefused names the seat)."""
    for i, s in enumerate(seats):
        try:
            if s.get("webhook"):
                check_webhook(s["webhook"])
            if s.get("email"):
                check_email(s["email"])
        except TargetRefused as e:
            raise TargetRefused(f"seat {i}: {e}") from None


# Apprise plugins that act on this machine rather than a network service: never a channel.
LOCAL_SCHEMES = frozenset({"dbus", "kde", "qt", "glib", "gnome", "windows", "macosx", "syslog", "script", "cmd"})
# Modes in which a plugin with a {host} template talks to its fixed public service instead.
_FIXED_HOST_MODES = frozenset({"cloud", "t2bot", "hook"})


def alert_host(url: str) -> str | None:
    """The network host an apprise URL makes the service talk to, when the URL names one
    (json://, form://, xml://, ntfy://host/topic, matrix://user:pass@host, mailto://...);
    None for services whose host is fixed and public (discord://, tgram://, slack://,
    ntfy://topic). TargetRefused for a URL apprise does not take or a local plugin."""
    import apprise  # imported here: only channels need it, and it takes a moment to load

    scheme = url.partition("://")[0].lower()
    if not scheme or "://" not in url:
        raise TargetRefused("a channel is an apprise URL such as ntfy://topic, discord://id/token or json://host/path")
    if scheme in LOCAL_SCHEMES or scheme.startswith("file"):
        raise TargetRefused(f"{scheme}:// acts on the server itself; use a network service")
    plugin = apprise.Apprise.instantiate(url, suppress_exceptions=True)
    if plugin is None:
        raise TargetRefused(f"{scheme}:// is not a channel URL apprise understands (see its list of services)")
    templates = " ".join(getattr(plugin, "templates", ()) or ())
    host = getattr(plugin, "host", None)
    if "{host}" not in templates or not host or getattr(plugin, "mode", None) in _FIXED_HOST_MODES:
        return None
    return str(host)


_warm = threading.Event()  # apprise and its plugin table are loaded in this process


def warm_up() -> None:
    """Load apprise and its plugin table in the background (a second or more): the first person
    to add a channel is answered at once, not after that load. Nothing to do where it is loaded
    already (a gunicorn worker forked from a master that loaded it: load_alert_plugins)."""
    if not _warm.is_set():
        threading.Thread(target=load_alert_plugins, name="apprise-warm-up", daemon=True).start()


def load_alert_plugins() -> None:
    """Load apprise and its plugin table now (0.2 CPU-s): gunicorn's master does it once before
    it forks its workers (deploy/gunicorn.conf.py), which then share it instead of each loading it."""
    try:
        alert_host("json://example.org/")
    except Exception:  # noqa: BLE001 - a warm-up that fails only leaves the first check slow
        pass
    _warm.set()


def check_alert_url(url: str, resolve: bool = False) -> None:
    """Refuse a channel URL whose host is, or resolves to, an internal address (the same rule
    as webhooks: apprise resolves and connects by itself, so the host is checked first)."""
    host = alert_host(url)
    if host is not None:
        check_host(host, "channel", resolve)
