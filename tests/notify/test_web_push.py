"""Web Push (issue 26): the VAPID keys made on first start, an alert encrypted for a subscription
and posted to its push service (a loopback endpoint here), the VAPID signature checked there and
the payload decrypted with the subscriber's key; a 404/410 answer drops the subscription."""

from __future__ import annotations

import base64
import json
import time

import http_ece
import pytest
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

from referee.notify.delivery import deliver_due
from referee.plumbing.config import Config
from tests.conftest import start_server
from tests.notify.receivers import Receiver


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Subscriber:
    """What a browser holds for one subscription: an ECDH key pair and an auth secret."""

    def __init__(self, endpoint: str):
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = b"0123456789abcdef"
        raw = self.key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        self.subscription = {"endpoint": endpoint, "keys": {"p256dh": b64(raw), "auth": b64(self.auth)}}

    def decrypt(self, body: bytes) -> dict:
        return json.loads(http_ece.decrypt(body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"))


def check_vapid(headers: dict, public_key: str, endpoint_origin: str) -> dict:
    """Verify the VAPID JWT of a push request (RFC 8292) against the server's public key."""
    headers = {k.lower(): v for k, v in headers.items()}
    scheme, _, params = headers["authorization"].partition(" ")
    assert scheme == "vapid"
    fields = dict(p.strip().split("=", 1) for p in params.split(","))
    assert fields["k"] == public_key
    head, claims, signature = fields["t"].split(".")
    assert json.loads(unb64(head))["alg"] == "ES256"
    sig = unb64(signature)
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(public_key))
    key.verify(encode_dss_signature(int.from_bytes(sig[:32], "big"), int.from_bytes(sig[32:], "big")),
               f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))  # raises if forged
    claims = json.loads(unb64(claims))
    assert claims["aud"] == endpoint_origin and claims["exp"] > time.time() and claims["sub"].startswith("mailto:")
    return claims


@pytest.fixture
def push_service():
    r = Receiver()
    yield r
    r.stop()


def test_push_round_trip_and_gone_subscription(database, clock, push_service):
    srv, httpd = start_server(database, clock=clock, config=Config(database=database, allow_private_targets=True))
    try:
        key = srv.call("GET", "/push/key").json()["public_key"]
        assert key == srv.call("GET", "/push/key").json()["public_key"]  # made once, kept
        game = srv.call("POST", "/games", json={"game": "khronos", "options": {"first_seat": 0},
                                                "seats": [{"name": "Ada"}, {"name": "Bo"}]}).json()
        gid, ada, bo = game["id"], game["seats"][0], game["seats"][1]
        browser = Subscriber(f"http://{push_service.host}/push/bo")
        r = srv.call("POST", f"/games/{gid}/channels", bo["token"], json={"subscription": browser.subscription})
        assert r.status_code == 201 and r.json()["kind"] == "push"
        srv.call("POST", f"/games/{gid}/moves", ada["token"], json={"move": {"type": "end_turn"}})
        deliver_due(srv.service)
        [sent] = push_service.at("/push/bo")
        check_vapid(sent.headers, key, f"http://{push_service.host}")
        assert {k.lower(): v for k, v in sent.headers.items()}["content-encoding"] == "aes128gcm"
        shown = browser.decrypt(sent.body)
        assert shown["title"] == "Khronos: your turn: Bo" and shown["url"] == bo["url"]
        # the push service says the subscription is gone: it is dropped, nothing is retried
        push_service.status["/push/bo"] = 410
        srv.call("POST", f"/games/{gid}/moves", bo["token"], json={"move": {"type": "end_turn"}})
        srv.call("POST", f"/games/{gid}/moves", ada["token"], json={"move": {"type": "end_turn"}})
        assert deliver_due(srv.service)["failed"] == 1
        assert srv.call("GET", f"/games/{gid}/channels", bo["token"]).json()["channels"] == []
        clock.advance(3600)
        deliver_due(srv.service)
        assert len(push_service.at("/push/bo")) == 2
    finally:
        httpd.shutdown()
