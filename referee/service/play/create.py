"""Creating a game: the body checked, the seats and their secrets stored, `game_created`
appended with the seed's commitment; the answer shows each seat's token once."""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from referee.bots.players import label
from referee.engine.base import ComponentError
from referee.engine.contract import IllegalMove, Rules
from referee.engine.hashing import canonical, commitment
from referee.engine.registry import GAME_IDS
from referee.engine.replay import initial
from referee.engine.schemas import conform, schema_errors, validator_for
from referee.engine.talk import policy_of
from referee.plumbing import targets
from referee.plumbing.errors import BadRequest, InvalidSetup, Unauthorized
from referee.service.notices import recipients
from referee.service.notices import alerts
from referee.service import deadlines as clocks_mod
from referee.service.clock import parse_duration, policy_from_clock
from referee.service.links import game_url, join_url, seat_url
from referee.service.loaded import Loaded, iso, kept
from referee.service.notices import player_mail, preferences
from referee.store import bot_seats, credentials, players, projections, seat_names, seat_settings, tenures
from referee.store import tables as tables_mod

DEFAULT_REPLACE_AFTER = 2  # missed deadlines before a holder may be replaced without agreeing
from referee.store.db import write_transaction

if TYPE_CHECKING:
    from referee.service.core import Core


@dataclass
class Prepared:
    """A game checked and set up, not stored yet: what `store` writes and `answer` shows."""
    game_id: str
    body: dict[str, Any]
    player_id: str | None
    rules: Rules
    seed: bytes
    payload: dict[str, Any]
    state: dict[str, Any]
    blank: Loaded
    free: list[int]
    bots: dict[int, dict[str, Any]]
    tokens: list[str]
    creator_token: str
    names: list[str]  # each seat's name, kept outside the log (store/seat_names.py)


def create_game(core: "Core", body: dict[str, Any], player_id: str | None = None) -> dict[str, Any]:
    """A new game. Seats given as `{"open": true}` or `{"invite": address}` are taken later
    (join.py): their tokens and links are minted then, never here, and the game is `open`
    until every seat is taken. `player_id` is the signed-in caller (the creator), if any."""
    prepared = prepare(core, body, player_id)
    with write_transaction(core.db) as conn:
        after = store(core, conn, prepared)
    core.remember(after)
    return answer(core, prepared, after)


def prepare(core: "Core", body: dict[str, Any], player_id: str | None = None) -> Prepared:
    """Everything creating a game refuses, refused; the seed drawn and the setup made. Writes
    nothing, so that a caller creating several games (a tournament's round) stores them all in
    one transaction or none."""
    conform("api/create_game.json", body)
    # The log keeps JSON with sorted keys, and replay starts from the log: live play starts
    # from the same form, so no game can depend on the key order a client happened to send.
    body = {**body, **{k: json.loads(canonical(body[k])) for k in ("position", "components", "options")
                       if body.get(k) is not None}}
    game = body["game"]
    if game not in GAME_IDS:
        raise InvalidSetup(f"unknown game {game!r}; known games: {', '.join(GAME_IDS)}", "/game")
    try:
        rules = core.rules(game, body.get("components"))
    except ComponentError as e:
        raise InvalidSetup(str(e), "/components") from None
    seats = body["seats"]
    if not rules.min_players <= len(seats) <= rules.max_players:
        raise InvalidSetup(f"{rules.title} takes {rules.min_players}-{rules.max_players} seats, got {len(seats)}",
                           "/seats")
    options = body.get("options", {})
    errs = schema_errors(validator_for(rules.options_schema), options)
    if errs:
        raise BadRequest("options do not match the game's options schema", errors=errs)
    try:
        policy = policy_from_clock(body.get("clock"))
    except ValueError as e:
        raise InvalidSetup(f"clock: {e}", "/clock") from None
    closed = [i for i, s in enumerate(seats) if s.get("open") is False]
    if closed:
        raise BadRequest("request body does not match the schema", errors=[
            {"path": f"/seats/{i}/open", "message": "an open seat is given as {\"open\": true}"} for i in closed])
    free = [i for i, s in enumerate(seats) if s.get("open") or s.get("invite")]
    if any(s.get("me") for s in seats) and player_id is None:
        raise Unauthorized("a seat marked \"me\" needs a player token ('Authorization: Bearer <player token>')")
    for i, s in enumerate(seats):
        for key in ("invite", "email"):
            if s.get(key):
                recipients.check_address(core, s[key], f"/seats/{i}/{key}", f"seat {i}")
        try:
            if s.get("webhook") and not core.config.allow_private_targets:
                targets.check_webhook(s["webhook"])
        except targets.TargetRefused as e:
            raise InvalidSetup(f"seat {i}: {e}", f"/seats/{i}/webhook") from None
    alerts.check_creation(core, body)
    position = body.get("position")
    if position is not None:
        check_position(rules, position, len(seats))

    preferences.check_zones(seats)
    bots = bot_specs(seats)
    seed = secrets.token_bytes(32)
    game_id = secrets.token_hex(8)
    try:
        step = initial(rules, seed, len(seats), options, position)
    except (IllegalMove, ValueError) as e:
        raise InvalidSetup(f"cannot set up the game: {e}", "/options" if position is None else "/position") from None
    payload = {
        "game": game, "rules_version": rules.rules_version,
        "seats": [seat_entry(i, bots) if i not in free else {"seat": i, "open": True} for i in range(len(seats))],
        "options": options, "clock": body.get("clock"),
        "talk": policy_of({"talk": body.get("talk")}),  # table talk's policy, in the audited log
        "seed_commitment": commitment(seed),
        "components": rules.components,
        "components_sha256": hashlib.sha256(canonical(rules.components)).hexdigest(),
        "position": position,
        "chance": step.chance, "state_hash": step.state_hash,
    }
    if free:
        payload["open_seats"] = free  # the game is `open` until they are taken (game_started)
    if body.get("takebacks", "all") != "all":  # recorded only when not the default (issue 27)
        payload["takebacks"] = body["takebacks"]
    blank = Loaded(game_id, game, rules, seed, kept(payload), "", 0, step.state, "active", policy,
                   clocks_mod.start(policy, len(seats)))
    return Prepared(game_id, body, player_id, rules, seed, payload, step.state, blank, free, bots,
                    [secrets.token_urlsafe(24) for _ in seats], secrets.token_urlsafe(24),
                    [f"Open seat {i + 1}" if i in free else seat_name(i, s, bots) for i, s in enumerate(seats)])


def store(core: "Core", conn: Any, p: Prepared, offers: bool = True) -> Loaded:
    """The prepared game written in the caller's open transaction (seats, secrets, settings,
    channels, its table, `game_created`); the game as loaded after it. Each seat created with a
    player's address (not the creator's own) is offered to them by mail to accept, unless `offers`
    is False (a tournament asks its players to confirm instead)."""
    game_id, game, seats, payload, free, bots = p.game_id, p.body["game"], p.body["seats"], p.payload, p.free, p.bots
    body, player_id, rules = p.body, p.player_id, p.rules
    credentials.save_seed(conn, game_id, p.seed)
    seat_names.put(conn, game_id, [(i, 0, n) for i, n in enumerate(p.names)])  # tenure 0: as created
    for i, (name, tok) in enumerate(zip(p.names, p.tokens)):
        if i in free:
            tenures.add_free(conn, game_id, i, tenures.INVITED if seats[i].get("invite") else tenures.OPEN,
                             seats[i].get("invite"))
            continue
        credentials.add_seat(conn, game_id, i, name, seats[i].get("email"), seats[i].get("webhook"), tok)
        if seats[i].get("me"):  # the creator's own seat; any other is a player's once they accept it
            tenures.set_player(conn, game_id, i, player_id)
    seat_settings.save_new(conn, game_id, seats)
    alerts.add_at_creation(core, conn, game_id, seats, body.get("channels") or [], core.clock())
    projections.set_players(conn, game_id, ["" if i in free else n for i, n in enumerate(p.names)])
    if bots:
        bot_seats.set_bots(conn, game_id, bots)
    tables_mod.add(conn, {"game_id": game_id, "game": game, "creator_hash": credentials.token_hash(p.creator_token),
                          "creator_player": player_id, "listed": 0 if body.get("unlisted") else 1,
                          "status": "open" if free else "started", "seats": len(seats), "free": len(free),
                          "replace_after": body.get("replace_after", DEFAULT_REPLACE_AFTER),
                          "expires_at": core.clock() + parse_duration(core.config.open_game_expiry),
                          "rematch_of": None, "rematch": None, "created_at": iso(core.clock())})
    after, _ = core.append(conn, p.blank, [("game_created", None, payload)], p.state)
    for i in free:
        if seats[i].get("invite"):
            invited = players.by_email(conn, seats[i]["invite"].lower())  # its player's language, if known
            player_mail.invitation(core, conn, game_id, i, seats[i]["invite"], rules.title,
                                   [s.get("name") for s in seats if s.get("name")],
                                   seats[i].get("lang") or (invited or {}).get("lang"))
    for i, s in enumerate(seats):  # a player's address is told how to make the seat theirs (others
        # find it under "my games" if they sign up; the seat's own mails reach them either way)
        offered = players.by_email(conn, s["email"].lower()) if offers and s.get("email") and not s.get("me") \
            and i not in free and i not in bots else None
        if offered:
            player_mail.offer(core, conn, game_id, i, s["email"], rules.title, s["name"], s.get("lang") or offered["lang"])
    return after


def answer(core: "Core", p: Prepared, after: Loaded) -> dict[str, Any]:
    """The creator's answer: each seat's token and links, shown this once."""
    game_id, seats, payload, free, bots = p.game_id, p.body["seats"], p.payload, p.free, p.bots
    out_seats = []
    base = core.config.base_url
    for i, (s, t) in enumerate(zip(seats, p.tokens)):
        if i in free:  # no credentials before someone takes the seat; the address is not echoed
            out_seats.append({"seat": i, "name": "", "open": True, "invited": bool(s.get("invite")),
                              "join_url": join_url(base, game_id, i)})
            continue
        if i in bots:  # a bot's seat has no token, link or address: only the bot plays it
            out_seats.append({"seat": i, "name": p.names[i], "bot": bots[i]})
            continue
        entry = {"seat": i, "name": s["name"], "token": t, "url": seat_url(base, core.secret_key, game_id, i)}
        if s.get("email"):
            entry["reply_address"] = core.notifier.reply_address(game_id, i)
        if s.get("webhook"):
            entry["webhook_secret"] = core.notifier.webhook_secret(game_id, i)
        out_seats.append(entry)
    return {"id": game_id, "game": p.body["game"], "url": game_url(base, game_id), "seats": out_seats,
            "seed_commitment": payload["seed_commitment"], "status": after.status, "creator_token": p.creator_token}


def bot_specs(seats: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """Seat -> bot spec of the seats given as bots (`{"bot": "random"}`, `{"bot": "search",
    "level": 1..3}`); a game needs at least one person (bots play for people, not alone)."""
    bots = {i: ({"bot": "search", "level": s.get("level", 2)} if s["bot"] == "search" else {"bot": s["bot"]})
            for i, s in enumerate(seats) if s.get("bot")}
    if len(bots) == len(seats):
        raise InvalidSetup("at least one seat must be a person; bots fill the other seats", "/seats")
    return bots


def seat_entry(i: int, bots: dict[int, dict[str, Any]]) -> dict[str, Any]:
    """A seat as game_created records it: by reference (seat number, tenure 0), never by name."""
    return {"seat": i, "bot": bots[i]} if i in bots else {"seat": i}


def seat_name(i: int, seat: dict[str, Any], bots: dict[int, dict[str, Any]]) -> str:
    """A seat's name as given; a bot's seat is named as a bot everywhere it shows."""
    if i not in bots:
        return seat["name"]
    name = seat.get("name")
    return f"{name} (bot)" if name else label(bots[i], i)


def check_position(rules: Rules, position: dict, seats: int) -> None:
    errs = schema_errors(validator_for(rules.state_schema), position)
    if errs:
        raise BadRequest("position does not match the game's state schema", errors=errs)
    problems = rules.check_state(position)
    if isinstance(position.get("players"), list) and len(position["players"]) != seats:
        problems = [f"position has {len(position['players'])} players but {seats} seats were given", *problems]
    if problems:
        raise InvalidSetup("position breaks the rules' invariants", "/position", problems=problems)
    if rules.result(position) is not None:
        raise InvalidSetup("position is already finished", "/position")
