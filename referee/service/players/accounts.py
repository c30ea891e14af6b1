"""Players: a verified e-mail address, proven by a one-time link (no passwords). A player has a
display name, a time zone and a language for mails, tokens for the API and sessions for browsers
(hashes stored, revocable), and every seat they hold across games ("my games", the digest)."""

from __future__ import annotations

import json
import secrets
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from referee.engine.schemas import conform
from referee.plumbing.errors import BadRequest, Refused, Unauthorized
from referee.plumbing.i18n import known as known_lang
from referee.service.notices import recipients, send_caps
from referee.service.notifier import digest
from referee.service.links import game_url
from referee.service.loaded import iso
from referee.service.notices import player_mail
from referee.store import credentials, players, tenures
from referee.store.db import write_transaction

if TYPE_CHECKING:
    from referee.service.core import Core

LINK_LIFETIME = 30 * 60  # a sign-in link works once, for this long


def _body(schema: str, body: Any) -> dict[str, Any]:
    return conform(schema, body)


def normal_address(email: str) -> str:
    """One player per mailbox however the address is capitalised."""
    return email.strip().lower()


def request_sign_in(core: "Core", body: Any, lang: str | None = None) -> dict[str, Any]:
    """Mail a one-time sign-in link. The answer is the same whether or not the address is known.
    The mail is in the player's language; a new address's in `lang` (the sign-in page's)."""
    email = normal_address(_body("api/sign_in.json", body)["email"])
    recipients.check_address(core, email, "/email", "email", Refused)
    token = secrets.token_urlsafe(24)
    hashed = credentials.token_hash(token)
    now = core.clock()
    with write_transaction(core.db) as conn:
        known = players.by_email(conn, email)
        players.forget_old_links(conn, now - 86400)
        send_caps.mail(core, conn, email, "/email", "email")
        players.add_link(conn, hashed, email, now + LINK_LIFETIME)
        player_mail.sign_in(conn, core.config.base_url, email, token, hashed, known["lang"] if known else lang, now)
    return {"sent": True, "expires_in": LINK_LIFETIME}


def confirm(core: "Core", link: str, kind: str = "api", lang: str | None = None) -> dict[str, Any]:
    """Exchange a sign-in link's secret, once, for a player token (`kind` "api") or a browser
    session ("session"); the player is created on first sign-in. Seats created with the address
    do not become theirs by signing in: they accept each (acceptance.py). A new player speaks `lang` (the page's they signed in on: a German
    browser's player gets German pages and mails until they choose otherwise), else English."""
    now = core.clock()
    with write_transaction(core.db) as conn:
        email = players.use_link(conn, credentials.token_hash(link), now)
        if email is None:
            raise Unauthorized("this sign-in link is not valid: it is unknown, used or expired (ask for a new one)")
        player = players.by_email(conn, email)
        if player is None:
            players.add(conn, secrets.token_hex(8), email, now)
            player = players.by_email(conn, email)
            if known_lang(lang) and known_lang(lang) != player["lang"]:
                players.update(conn, player["id"], {"lang": known_lang(lang)})
                player = players.by_email(conn, email)
        token = secrets.token_urlsafe(32)
        players.add_token(conn, credentials.token_hash(token), player["id"], kind, now)
    return {"token": token, "player": profile_of(player)}


def player_for(core: "Core", token: str | None) -> str:
    """The player a token or session belongs to; 401 otherwise."""
    pid = players.player_for_token(core.db.conn, credentials.token_hash(token)) if token else None
    if pid is None:
        raise Unauthorized("this needs a player token ('Authorization: Bearer <player token>'; sign in first)")
    return pid


def player_or_none(core: "Core", token: str | None) -> str | None:
    return players.player_for_token(core.db.conn, credentials.token_hash(token)) if token else None


def seat_of_session(core: "Core", game_id: str, session: str | None) -> int | None:
    """The seat a signed-in browser's player holds in the game (None: no session or no seat)."""
    pid = player_or_none(core, session)
    return tenures.seat_of_player(core.db.conn, game_id, pid) if pid else None


def revoke(core: "Core", token: str) -> dict[str, Any]:
    with write_transaction(core.db) as conn:
        players.revoke(conn, credentials.token_hash(token), core.clock())
    return {"revoked": True}


def profile_of(player: dict[str, Any]) -> dict[str, Any]:
    """What a player sees of themselves (their own address included; no one else ever sees it)."""
    return {"id": player["id"], "email": player["email"], "name": player["name"], "tz": player["tz"] or "UTC",
            "lang": player["lang"], "digest": player["digest"], "digest_every": player["digest_every"],
            "digest_hour": player["digest_hour"], "digest_only": player["digest_only"]}


def profile(core: "Core", player_id: str) -> dict[str, Any]:
    return profile_of(players.by_id(core.db.conn, player_id))


def update(core: "Core", player_id: str, body: Any) -> dict[str, Any]:
    body = _body("api/player_update.json", body)
    if body.get("tz"):
        try:
            ZoneInfo(body["tz"])
        except (ZoneInfoNotFoundError, ValueError):
            raise BadRequest(f"tz: {body['tz']!r} is not an IANA time zone (e.g. Europe/Berlin)",
                             errors=[{"path": "/tz", "message": "unknown time zone"}]) from None
    with write_transaction(core.db) as conn:
        players.update(conn, player_id, body)
        digest.schedule(core, conn, player_id)
    return profile(core, player_id)


def my_games(core: "Core", player_id: str) -> list[dict[str, Any]]:
    """Every seat the player holds: games where they must act first, nearest deadline first,
    then the most recently changed. Names only, never an address."""
    conn = core.db.conn
    rows = tenures.games_of_player(conn, player_id)
    names = tenures.names_of(conn, [r["game_id"] for r in rows])
    base = core.config.base_url
    out = []
    for r in rows:
        to_move = json.loads(r["to_move"])
        seat_names = names.get(r["game_id"], {})
        your_turn = r["status"] == "active" and r["seat"] in to_move
        out.append({
            "id": r["game_id"], "game": r["game"], "title": core.rules(r["game"], None).title, "seat": r["seat"],
            "status": r["status"], "your_turn": your_turn, "to_move": to_move,
            "to_move_names": [seat_names.get(s) or f"seat {s + 1}" for s in to_move if s != r["seat"]],
            "opponents": [n or "(open seat)" for s, n in sorted(seat_names.items()) if s != r["seat"]],
            "deadline": r["due_at"], "deadline_at": iso(r["due_at"]) if r["due_at"] else None,
            "last_event": {"seq": r["seq"], "type": r["last_type"], "at": r["updated_at"]},
            "url": game_url(base, r["game_id"])})
    out.sort(key=lambda g: (not g["your_turn"], g["status"] not in ("active", "paused", "open"),
                            g["deadline"] if g["deadline"] is not None else float("inf"),
                            _neg(g["last_event"]["at"])))
    return out


def _neg(stamp: str) -> tuple[int, ...]:
    """Sort key that orders ISO timestamps newest first."""
    return tuple(-ord(c) for c in stamp)


