"""Webhook signatures, and delivery to a real HTTP receiver on loopback."""

from __future__ import annotations

import hashlib
import hmac
import json
import socket
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from referee.notify.webhooks import (DELIVERY_HEADER, SIGNATURE_HEADER, TIMESTAMP_HEADER, WebhookError, post,
                                     sign, signed_headers, verify)
from referee.service.notices.addresses import seat_secret

SECRET = b"seat-secret"
BODY = json.dumps({"game": "g1", "seat": 0, "event": "your_turn"}).encode()
NOW = 1_800_000_000


def test_signature_is_hmac_sha256_over_timestamp_dot_body():
    expected = hmac.new(SECRET, b"1800000000." + BODY, hashlib.sha256).hexdigest()
    assert sign(SECRET, NOW, BODY) == expected
    headers = signed_headers(SECRET, NOW, BODY)
    assert headers[TIMESTAMP_HEADER] == "1800000000"
    assert headers[SIGNATURE_HEADER] == "sha256=" + expected
    assert headers["Content-Type"] == "application/json"


def test_verify_accepts_a_fresh_genuine_delivery():
    signature = signed_headers(SECRET, NOW, BODY)[SIGNATURE_HEADER]
    assert verify(SECRET, "1800000000", BODY, signature, now=NOW + 299)
    assert verify(SECRET, NOW, BODY, signature.removeprefix("sha256="), now=NOW - 299)


@pytest.mark.parametrize("change", ["body", "secret", "timestamp", "signature", "stale", "future", "garbage"])
def test_verify_rejects(change):
    secret, stamp, body, now = SECRET, str(NOW), BODY, NOW
    signature = "sha256=" + sign(SECRET, NOW, BODY)
    if change == "body":
        body = BODY.replace(b"your_turn", b"game_over")
    elif change == "secret":
        secret = b"other-seat"
    elif change == "timestamp":
        stamp = str(NOW + 1)
    elif change == "signature":
        signature = signature[:-1] + ("0" if signature[-1] != "0" else "1")
    elif change == "stale":
        now = NOW + 301
    elif change == "future":
        now = NOW - 301
    elif change == "garbage":
        stamp, signature = "yesterday", "sha256=\u00e9"
    assert not verify(secret, stamp, body, signature, now=now)


def test_seat_secrets_differ_per_seat_and_game():
    key = b"server-key"
    secrets = {seat_secret(key, g, s) for g in ("g1", "g2") for s in (0, 1)}
    assert len(secrets) == 4
    assert seat_secret(key, "g1", 0) == seat_secret(key, "g1", 0)
    assert seat_secret(b"other-key", "g1", 0) != seat_secret(key, "g1", 0)


@dataclass
class Receiver:
    url: str
    requests: list[tuple[str, dict[str, str], bytes]] = field(default_factory=list)
    statuses: list[int] = field(default_factory=list)  # answers to give, in order; 204 after


@pytest.fixture
def receiver():
    box: list[Receiver] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            rec = box[0]
            body = self.rfile.read(int(self.headers["Content-Length"]))
            rec.requests.append((self.path, dict(self.headers), body))
            status = rec.statuses.pop(0) if rec.statuses else 204
            self.send_response(status)
            if 300 <= status < 400:
                self.send_header("Location", "/elsewhere")
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    box.append(Receiver(f"http://127.0.0.1:{httpd.server_port}"))
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
    thread.start()
    yield box[0]
    httpd.shutdown()
    httpd.server_close()


def test_delivery_arrives_signed_and_verifiable(receiver):
    status = post(receiver.url + "/bot/hook?token=abc", BODY, SECRET, now=NOW + 0.7, timeout=5, delivery_id="out-17")
    assert status == 204
    [(path, headers, body)] = receiver.requests
    assert path == "/bot/hook?token=abc"
    assert body == BODY
    assert headers[DELIVERY_HEADER] == "out-17"
    assert headers["Content-Type"] == "application/json"
    assert verify(SECRET, headers[TIMESTAMP_HEADER], body, headers[SIGNATURE_HEADER], now=NOW + 5)
    assert not verify(b"another", headers[TIMESTAMP_HEADER], body, headers[SIGNATURE_HEADER], now=NOW + 5)


@pytest.mark.parametrize("status", [400, 404, 500, 503])
def test_non_2xx_raises_with_the_status(receiver, status):
    receiver.statuses.append(status)
    with pytest.raises(WebhookError) as err:
        post(receiver.url + "/hook?token=topsecret", BODY, SECRET, now=NOW, timeout=5)
    assert err.value.status == status
    assert not err.value.permanent
    assert "topsecret" not in str(err.value)


def test_redirects_are_not_followed(receiver):
    receiver.statuses.append(307)
    with pytest.raises(WebhookError) as err:
        post(receiver.url + "/hook", BODY, SECRET, now=NOW, timeout=5)
    assert err.value.status == 307
    assert [path for path, _, _ in receiver.requests] == ["/hook"]


def test_a_retry_after_failure_succeeds(receiver):
    receiver.statuses.append(502)
    with pytest.raises(WebhookError):
        post(receiver.url, BODY, SECRET, now=NOW, timeout=5)
    assert post(receiver.url, BODY, SECRET, now=NOW + 30, timeout=5) == 204
    assert len(receiver.requests) == 2


def test_unreachable_receiver_raises_without_status():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(WebhookError) as err:
        post(f"http://127.0.0.1:{port}/hook", BODY, SECRET, now=NOW, timeout=5)
    assert err.value.status is None


@pytest.mark.parametrize("url", ["file:///etc/passwd", "ftp://example.org/x", "http:///nohost", "hook"])
def test_only_http_urls_are_posted_to(url):
    with pytest.raises(WebhookError) as err:
        post(url, BODY, SECRET, now=NOW, timeout=5)
    assert err.value.permanent


def test_delivery_refuses_a_host_that_resolves_inside_the_network(webhook_sink):
    """At sending time the host is resolved again: a name pointing at loopback is refused
    (permanently) unless private targets are allowed; nothing reaches the receiver."""
    url = webhook_sink.url.replace("127.0.0.1", "localhost.")
    with pytest.raises(WebhookError) as refused:
        post(url, b"{}", b"secret", now=1.0, allow_private=False)
    assert refused.value.permanent and "refused" in str(refused.value)
    with pytest.raises(WebhookError):
        post(webhook_sink.url, b"{}", b"secret", now=1.0, allow_private=False)
    assert webhook_sink.received == []
    assert post(webhook_sink.url, b"{}", b"secret", now=1.0) == 200
