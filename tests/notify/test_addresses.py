"""Per-seat secret reply addresses: round trip, and every tampering rejected."""

from __future__ import annotations

import re

import pytest

from referee.service.notices.addresses import parse_reply_address, reply_address, seats_addressed

KEY = b"referee-secret-key"
GAME = "3f2a9c0d4e5b6a7f8091a2b3c4d5e6f7"
DOMAIN = "mail.example.org"


def test_address_shape_and_round_trip():
    address = reply_address(KEY, GAME, 2, DOMAIN)
    assert re.fullmatch(rf"play\+{GAME}\.2\.[a-z2-7]{{16}}@mail\.example\.org", address)  # 16 base32 = 80 bits
    assert parse_reply_address(KEY, address) == (GAME, 2)
    assert parse_reply_address(KEY, address, domain=DOMAIN) == (GAME, 2)


def test_addresses_differ_per_seat_game_and_key():
    macs = {reply_address(k, g, s, DOMAIN).split("@")[0][-16:]
            for k in (KEY, b"other") for g in ("g1", "g2") for s in (0, 1)}
    assert len(macs) == 8


@pytest.mark.parametrize("form", [
    "{a}", "{A}", "<{a}>", '"Babel game 7" <{a}>', "Referee <{A}>", "  {a}  ",
])
def test_display_names_and_case_are_accepted(form):
    address = reply_address(KEY, "babel-7", 0, "Mail.Example.ORG")
    assert parse_reply_address(KEY, form.format(a=address, A=address.upper()), domain=DOMAIN) == ("babel-7", 0)


def tamper(address: str, how: str) -> str:
    local, domain = address.split("@")
    prefix, tag = local.split("+")
    game, seat, mac = tag.split(".")
    flipped = mac[:-1] + ("a" if mac[-1] != "a" else "b")
    return {
        "mac": f"{prefix}+{game}.{seat}.{flipped}@{domain}",
        "short_mac": f"{prefix}+{game}.{seat}.{mac[:-1]}@{domain}",
        "no_mac": f"{prefix}+{game}.{seat}@{domain}",
        "seat": f"{prefix}+{game}.1.{mac}@{domain}",
        "seat_zero_padded": f"{prefix}+{game}.00.{mac}@{domain}",
        "game": f"{prefix}+{game[:-1]}x.{seat}.{mac}@{domain}",
        "local": f"move+{game}.{seat}.{mac}@{domain}",
        "domain": f"{local}@evil.example.com",
        "extra_field": f"{prefix}+{game}.{seat}.{mac}.x@{domain}",
        "no_plus": f"{prefix}{game}.{seat}.{mac}@{domain}",
        "no_at": local,
    }[how]


@pytest.mark.parametrize("how", ["mac", "short_mac", "no_mac", "seat", "seat_zero_padded", "game", "local",
                                 "domain", "extra_field", "no_plus", "no_at"])
def test_tampered_addresses_are_rejected(how):
    address = reply_address(KEY, GAME, 0, DOMAIN)
    assert parse_reply_address(KEY, tamper(address, how), domain=DOMAIN) is None


def test_another_key_rejects():
    assert parse_reply_address(b"other-key", reply_address(KEY, GAME, 0, DOMAIN)) is None


@pytest.mark.parametrize("junk", ["", "@", "play+@x", "play+..@x", "<>", "a@b@c", "play+g.-1.abc@x",
                                  "play+g.1.\u00e9\u00e9@x", "play+G\u0131.1.aaaa@x", "\x00"])
def test_malformed_input_is_none(junk):
    assert parse_reply_address(KEY, junk) is None


@pytest.mark.parametrize("game, seat", [("Babel", 0), ("a.b", 0), ("a+b", 0), ("", 0), ("-x", 0), ("g", -1),
                                        ("g", 10000), ("x" * 38, 0)])
def test_unusable_ids_are_refused_when_making_an_address(game, seat):
    with pytest.raises(ValueError):
        reply_address(KEY, game, seat, DOMAIN)


def test_longest_game_id_fits_the_local_part_limit():
    address = reply_address(KEY, "x" * 37, 9999, DOMAIN)
    assert len(address.split("@")[0]) == 64
    assert parse_reply_address(KEY, address) == ("x" * 37, 9999)


def test_seats_addressed_finds_only_genuine_reply_addresses():
    seat1 = reply_address(KEY, GAME, 1, DOMAIN)
    seat0 = reply_address(KEY, GAME, 0, DOMAIN)
    headers = [f"Bob <bob@example.org>, \"Game\" <{seat1}>", "friends@lists.example.org",
               tamper(seat0, "mac"), seat1.upper(), seat0]
    assert seats_addressed(KEY, headers, domain=DOMAIN) == [(GAME, 1), (GAME, 0)]
    assert seats_addressed(KEY, ["bob@example.org"]) == []
