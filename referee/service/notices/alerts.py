"""Alerts where players are: chat and push channels (apprise URLs, browser Web Push) of a seat,
a game or a player, told of their turn, reminders, the game's end and table talk. Here: the
channels (who owns one, adding, listing, testing, removing) and what their deliveries did; which
alert an event queues for which target is alert_fanout.py.

A channel that keeps failing (:data:`DISABLE_AFTER` failures in a row, failing for at least
:data:`DISABLE_AFTER_SECONDS`) is disabled; its owner is mailed and sees it on the page, and
re-enabling it is one call.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from referee.engine.schemas import conform
from referee.plumbing import targets
from referee.plumbing.errors import (BadRequest, ChannelRefused, Conflict, Forbidden, InvalidSetup, NotFound,
                                     Unauthorized)
from referee.plumbing.i18n import translator
from referee.service.notices import send_caps
from referee.service.creators import is_creator
from referee.store import alerts as store
from referee.store import credentials, outbox, players, seat_settings, tenures
from referee.store import tables as tables_mod
from referee.store.db import write_transaction

if TYPE_CHECKING:
    from referee.service.core import Core

EVENTS = ("turn", "reminder", "game_over", "messages")
DEFAULT_EVENTS = {"seat": EVENTS, "player": EVENTS, "game": ("turn", "game_over", "messages")}
MAX_CHANNELS = 10            # per seat, per game, per player
DISABLE_AFTER = 10           # failures in a row ...
DISABLE_AFTER_SECONDS = 86400  # ... over at least a day (a short outage disables nothing)


@dataclass(frozen=True)
class Owner:
    """Who a channel belongs to: a seat of a game, the game itself (its creator), or a player."""
    scope: str
    game_id: str | None = None
    seat: int | None = None
    player_id: str | None = None


# -- owners and checks ------------------------------------------------------------------------------

def owner_for(core: "Core", game_id: str, token: str | None, scope: str = "seat") -> Owner:
    """The owner a bearer token speaks for: its seat, or (scope "game") the game as its creator."""
    core.load(game_id)  # 404 for an unknown game first
    if scope == "game":
        if not is_creator(core, tables_mod.get(core.db.conn, game_id), token):
            raise Forbidden("only the game's creator may manage the game's channels "
                            "(its creator token, or the creator's player token)")
        return Owner("game", game_id)
    if scope != "seat":
        raise BadRequest("scope must be seat or game", parameter="scope")
    if token is None:
        raise Unauthorized("this needs a seat token ('Authorization: Bearer <token>')")
    return Owner("seat", game_id, core.seat_for(game_id, token))


def _check_body(core: "Core", body: Any) -> dict[str, Any]:
    conform("api/channel.json", body)
    return body


def check_target(core: "Core", url: str | None, subscription: dict | None, where: str = "/url",
                 resolve: bool = False) -> None:
    """422 naming the field for a URL apprise does not take, a local plugin, or (unless the
    operator allows private targets) a host on a loopback, private or link-local address."""
    try:
        if subscription is not None:
            if not core.config.allow_private_targets:
                targets.check_webhook(subscription["endpoint"])
        elif core.config.allow_private_targets:
            targets.alert_host(url or "")
        else:  # the URL read once (apprise's plugin lookup is the slow part), its host checked
            targets.check_alert_url(url or "", resolve=resolve)
    except targets.TargetRefused as e:
        path = "/subscription/endpoint" if subscription is not None else where
        raise ChannelRefused(f"{path[1:]}: {e}".replace("webhook", "push endpoint"), path) from None


def view(c: dict[str, Any]) -> dict[str, Any]:
    """A channel as its owner sees it (the URL included: it is theirs)."""
    return {"id": c["id"], "scope": c["owner"], "kind": c["kind"], "url": c["url"], "events": c["events"],
            "seat": c["seat"], "enabled": c["disabled_at"] is None, "disabled_reason": c["disabled_reason"],
            "failures": c["failures"]}


def _new_row(owner: Owner, url: str, subscription: dict | None, events: list[str], tenure: int | None,
             now: float) -> dict[str, Any]:
    return {"id": secrets.token_hex(6), "owner": owner.scope, "game_id": owner.game_id, "seat": owner.seat,
            "tenure": tenure, "player_id": owner.player_id, "kind": "push" if subscription else "apprise",
            "url": url, "subscription": subscription, "events": list(dict.fromkeys(events)), "created_at": now}


def add(core: "Core", owner: Owner, body: Any) -> dict[str, Any]:
    body = _check_body(core, body)
    sub = body.get("subscription")
    url = sub["endpoint"] if sub else body["url"]
    check_target(core, body.get("url"), sub)
    events = body.get("events") or list(DEFAULT_EVENTS[owner.scope])
    now = core.clock()
    with write_transaction(core.db) as conn:
        tenure = (tenures.tenure_of(conn, owner.game_id, owner.seat) or (0, ""))[0] if owner.scope == "seat" else None
        if store.count_of_owner(conn, owner.game_id, owner.seat, owner.player_id, tenure) >= MAX_CHANNELS:
            raise Conflict(f"at most {MAX_CHANNELS} channels each; delete one first")
        row = _new_row(owner, url, sub, events, tenure, now)
        store.add(conn, row)
    return view(store.get(core.db.conn, row["id"]))


def add_at_creation(core: "Core", conn: Any, game_id: str, seats: list[dict[str, Any]],
                    game_channels: list[str], now: float) -> None:
    """`"channels"` on seats and on the game in POST /games, stored in the creating transaction
    (checked before it by :func:`check_creation`)."""
    for i, s in enumerate(seats):
        for url in s.get("channels") or []:
            store.add(conn, _new_row(Owner("seat", game_id, i), url, None, list(EVENTS), 0, now))
    for url in game_channels:
        store.add(conn, _new_row(Owner("game", game_id), url, None, list(DEFAULT_EVENTS["game"]), None, now))


def check_creation(core: "Core", body: dict[str, Any]) -> None:
    """Every channel URL of a POST /games body, before anything is stored (422 invalid-game-setup
    naming it, as for a seat's webhook)."""
    try:
        for i, s in enumerate(body["seats"]):
            for j, url in enumerate(s.get("channels") or []):
                check_target(core, url, None, f"/seats/{i}/channels/{j}")
        for j, url in enumerate(body.get("channels") or []):
            check_target(core, url, None, f"/channels/{j}")
    except ChannelRefused as e:
        raise InvalidSetup(e.detail, e.extra["field"]) from None


def _mine(core: "Core", owner: Owner) -> list[dict[str, Any]]:
    conn = core.db.conn
    if owner.scope == "player":
        return store.of_players(conn, [owner.player_id])
    found = [c for c in store.of_game(conn, owner.game_id) if c["owner"] == owner.scope]
    if owner.scope == "seat":
        tenure = (tenures.tenure_of(conn, owner.game_id, owner.seat) or (0, ""))[0]
        found = [c for c in found if c["seat"] == owner.seat and c["tenure"] == tenure]
    return found


def listing(core: "Core", owner: Owner) -> list[dict[str, Any]]:
    return [view(c) for c in _mine(core, owner)]


def _own(core: "Core", owner: Owner, channel_id: str) -> dict[str, Any]:
    for c in _mine(core, owner):
        if c["id"] == channel_id:
            return c
    raise NotFound(f"no channel {channel_id!r} of yours here")


def remove(core: "Core", owner: Owner, channel_id: str) -> dict[str, Any]:
    _own(core, owner, channel_id)
    with write_transaction(core.db) as conn:
        store.delete(conn, channel_id)
    return {"deleted": channel_id}


def enable(core: "Core", owner: Owner, channel_id: str) -> dict[str, Any]:
    """Re-enable a channel that was disabled after failing (one click on the page)."""
    _own(core, owner, channel_id)
    with write_transaction(core.db) as conn:
        store.enable(conn, channel_id)
    return view(store.get(core.db.conn, channel_id))


def test(core: "Core", owner: Owner, channel_id: str) -> dict[str, Any]:
    """Queue a test alert to one channel (its "send a test alert" button)."""
    c = _own(core, owner, channel_id)
    now = core.clock()
    tr = translator(_lang_of(core.db.conn, owner))
    title = tr.gettext("Test alert from the referee")
    text = (tr.gettext("This channel is set up: alerts for your games will arrive here.") if owner.scope == "player"
            else tr.gettext("This channel is set up: alerts for game %(id)s will arrive here.", id=owner.game_id))
    payload = {"title": title, "text": text, "url": core.config.base_url, "channels": [c["id"]]}
    with write_transaction(core.db) as conn:
        send_caps.channel_test(core, conn, c["id"])
        outbox.enqueue(conn, owner.game_id or "", owner.seat, "push" if c["kind"] == "push" else "alert", c["url"],
                       "alert_test", title, json.dumps(payload), f"alert-test:{c['id']}:{now}", now)
    return {"queued": True, "channel": view(c)}


def _lang_of(conn: Any, owner: Owner) -> str | None:
    """The language of a channel's owner: a seat's (else its player's), a player's; a game's: None (English)."""
    if owner.scope == "seat" and owner.seat is not None:
        return seat_settings.of(conn, owner.game_id, owner.seat).get("lang")
    if owner.scope == "player" and owner.player_id:
        return (players.by_id(conn, owner.player_id) or {}).get("lang")
    return None


# -- delivery results ---------------------------------------------------------------------------------

def delivered(core: "Core", ids: list[str]) -> None:
    with write_transaction(core.db) as conn:
        store.succeeded(conn, ids)


def failed(core: "Core", ids: list[str], reason: str, gone: bool = False) -> bool:
    """Count a failed delivery on its channels; disable those that keep failing (their owners
    are mailed) and drop push subscriptions the push service says are gone (404/410). True when
    no channel of the delivery is left enabled: the delivery is given up."""
    now = core.clock()
    left = False
    with write_transaction(core.db) as conn:
        if gone:
            for cid in ids:
                store.delete(conn, cid)
            return True
        store.failed(conn, ids, now)
        for c in store.by_ids(conn, ids):
            if c["disabled_at"] is None and c["failures"] >= DISABLE_AFTER and \
                    now - (c["failing_since"] or now) >= DISABLE_AFTER_SECONDS:
                why = f"disabled after {c['failures']} failed deliveries in a row: {reason}"
                if store.disable(conn, c["id"], now, why):
                    _tell_owner(core, conn, c, c["failures"], reason, now)
            elif c["disabled_at"] is None:
                left = True
    return not left


def _tell_owner(core: "Core", conn: Any, c: dict[str, Any], failures: int, reason: str, now: float) -> None:
    """Mail the owner of a channel that was disabled (the page shows it too), in the owner's
    language (the delivery's own error, `reason`, is the remote service's words)."""
    address = None
    if c["owner"] == "seat":
        for s in credentials.seats(conn, c["game_id"]):
            if s.get("seat") == c["seat"]:
                address = s.get("email")
        pid = (tenures.seat(conn, c["game_id"], c["seat"]) or {}).get("player_id")
        if address is None and pid:
            address = (players.by_id(conn, pid) or {}).get("email")
    elif c["owner"] == "player":
        address = (players.by_id(conn, c["player_id"]) or {}).get("email")
    else:
        table = tables_mod.get(conn, c["game_id"])
        if table and table["creator_player"]:
            address = (players.by_id(conn, table["creator_player"]) or {}).get("email")
    if not address:
        return
    page = f"{core.config.base_url.rstrip('/')}/" + (f"g/{c['game_id']}" if c["game_id"] else "me")
    tr = translator(_lang_of(conn, Owner(c["owner"], c["game_id"], c["seat"], c.get("player_id"))))
    why = tr.ngettext("disabled after %(n)d failed delivery in a row: %(reason)s",
                      "disabled after %(n)d failed deliveries in a row: %(reason)s", failures, reason=reason)
    text = tr.gettext("An alert channel of yours stopped working and was switched off (%(why)s).\n\n"
                      "Channel: %(channel)s\n\nFix it, then switch it on again with one click on %(page)s",
                      why=why, channel=masked(c["url"]), page=page)
    outbox.enqueue(conn, c["game_id"] or "", c["seat"] if c["owner"] == "seat" else None, "email", address,
                   "alert_disabled", tr.gettext("An alert channel was switched off"), text,
                   f"alert-disabled:{c['id']}:{now}", now)


def masked(url: str) -> str:
    """A channel URL without its secrets (tokens live in the path, the user part and the query)."""
    scheme, _, rest = url.partition("://")
    host = rest.split("/", 1)[0].rpartition("@")[2]
    return f"{scheme}://{host}/…"


# -- Web Push keys ------------------------------------------------------------------------------------

def vapid_keys(core: "Core") -> tuple[str, str]:
    """(private key PEM, public key as the browser's applicationServerKey: base64url of the raw
    point), generated on first use and kept in the instance table, the same for every process."""
    from cryptography.hazmat.primitives import serialization
    from py_vapid import Vapid01
    from py_vapid.utils import b64urlencode

    row = core.db.conn.execute("SELECT value FROM instance WHERE key = 'vapid_private_key'").fetchone()
    if row is None:
        v = Vapid01()
        v.generate_keys()
        with write_transaction(core.db) as conn:
            conn.execute("INSERT INTO instance (key, value) VALUES ('vapid_private_key', ?) ON CONFLICT DO NOTHING",
                         (v.private_pem().decode(),))
        row = core.db.conn.execute("SELECT value FROM instance WHERE key = 'vapid_private_key'").fetchone()
    pem = row[0]
    v = Vapid01.from_pem(pem.encode())
    raw = v.public_key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return pem, b64urlencode(raw)





def subscription(core: "Core", ids: list[str]) -> dict[str, Any] | None:
    """The Web Push subscription (endpoint and keys) of a push delivery's channels."""
    for c in store.by_ids(core.db.conn, ids):
        if c["subscription"]:
            return c["subscription"]
    return None


def owner_of_channel(core: "Core", game_id: str, token: str | None, channel_id: str) -> Owner:
    """The owner a token speaks for, for one of a game's channels (the creator for the game's own)."""
    c = store.get(core.db.conn, channel_id)
    scope = "game" if c is not None and c["game_id"] == game_id and c["owner"] == "game" else "seat"
    return owner_for(core, game_id, token, scope)


def player_owner(player_id: str) -> Owner:
    return Owner("player", None, None, player_id)


def live(core: "Core", ids: list[str]) -> bool:
    """Whether any channel of a queued alert is still there and switched on (a test alert goes
    to its channel whatever its state: that is how a fixed channel proves itself)."""
    return any(c["disabled_at"] is None for c in store.by_ids(core.db.conn, ids))
