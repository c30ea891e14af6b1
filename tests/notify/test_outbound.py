"""Connections to user-chosen addresses stay public at the moment of connecting
(`referee.plumbing.outbound`), for every library that sends: apprise (alerts), requests under
pywebpush (Web Push) and urllib (webhooks). Real receivers on two loopback addresses stand in for
"outside" (127.0.0.1) and "inside the network" (127.0.0.2); the guard is told which is inside,
since every address here is loopback."""

from __future__ import annotations

import ipaddress
import socket
import urllib.error
import urllib.request

import pytest
import requests

from referee.plumbing import outbound
from tests.notify.receivers import Receiver

INSIDE = ipaddress.ip_address("127.0.0.2")


def inside(address: outbound.Address) -> bool:
    return address == INSIDE


@pytest.fixture
def hops():
    """An outside receiver whose /hook answers 307 to the inside receiver's /secret."""
    outside, within = Receiver("127.0.0.1"), Receiver("127.0.0.2")
    outside.status["/hook"] = 307
    outside.location["/hook"] = f"http://{within.host}/secret"
    yield outside, within
    outside.stop()
    within.stop()


def notify(url: str) -> bool:
    import apprise

    sender = apprise.Apprise()
    assert sender.add(url)
    return sender.notify(title="Your turn", body="Ada, it is your turn.")


def test_without_the_guard_apprise_follows_a_redirect_inside(hops):
    """Why the guard exists: apprise (through requests) follows a 307 with the same POST."""
    outside, within = hops
    with outbound.public_only(enabled=False) as guard:
        assert notify(f"json://{outside.host}/hook")
    assert outside.at("/hook") and within.at("/secret") and not guard.refused


def test_an_alert_redirected_inside_the_network_never_arrives(hops):
    outside, within = hops
    with outbound.public_only(internal=inside) as guard:
        assert not notify(f"json://{outside.host}/hook")
    assert outside.at("/hook") and not within.requests
    assert guard.refused == ["127.0.0.2 resolves to an internal address"]


def test_a_refusal_never_tells_where_a_name_points():
    """A stranger's receiver may redirect to a name inside the operator's network; the failure
    its owner reads says that the address is internal, not which address it is."""
    with outbound.public_only() as guard, pytest.raises(outbound.InternalAddress) as refused:
        socket.getaddrinfo("localhost", 80)
    assert str(refused.value) == "localhost resolves to an internal address" and guard.refused == [str(refused.value)]
    assert socket.getaddrinfo("localhost", 80)  # outside the guard, names resolve as ever


def test_requests_as_web_push_uses_it_is_held_to_the_outside(hops):
    outside, within = hops
    with outbound.public_only(internal=inside) as guard, pytest.raises(requests.ConnectionError):
        requests.post(f"http://{outside.host}/hook", data=b"{}", timeout=5)
    assert outside.at("/hook") and not within.requests and guard.refused


def test_urllib_connections_as_webhooks_make_them_are_guarded_too(hops):
    """Webhooks follow no redirect; the guard is there for a name re-pointed inside after the
    check before sending (DNS rebinding): the addresses connected to are the ones checked."""
    _, within = hops
    with outbound.public_only(internal=inside) as guard, pytest.raises(urllib.error.URLError):
        urllib.request.urlopen(f"http://{within.host}/secret", data=b"{}", timeout=5)
    assert not within.requests and guard.refused


def test_outside_a_guard_nothing_is_refused(hops):
    outside, _ = hops
    outside.status["/plain"] = 200
    with outbound.public_only(internal=inside):
        pass
    assert requests.post(f"http://{outside.host}/plain", data=b"{}", timeout=5).status_code == 200
    assert outside.at("/plain")


def test_an_operators_outbound_proxy_is_not_refused(hops, monkeypatch):
    """Behind HTTP_PROXY the libraries connect to the proxy (here on loopback, as proxies often
    are on an internal address) and the proxy resolves the target: the guard lets that through."""
    outside, _ = hops
    for name in ("NO_PROXY", "no_proxy", "HTTPS_PROXY", "https_proxy"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HTTP_PROXY", f"http://{outside.host}")
    with outbound.public_only() as guard:
        assert requests.post("http://198.51.100.7/hook", data=b"{}", timeout=5).status_code == 200
    assert [r.path for r in outside.requests] == ["http://198.51.100.7/hook"] and not guard.refused
