"""Tournaments: round-robin or Swiss, their games created through the ordinary create use case
(create.py), rounds at once or one by one, standings with stated tie-breaks (pairing.py), and a
stall policy so that one slow game does not hold a round.

- A round-robin `"start": "at_once"` creates every round's games now; `"by_round"` (and every
  Swiss tournament) creates the next round when the last game of the current one ends (the
  scheduler's `advance_tournaments` job; creating a board is idempotent, so two schedulers
  create it once). A tournament and its first games, and a later round's claim and its games,
  commit in one transaction each: a failure part-way leaves nothing to clean up or to block the
  next scheduler pass.
- Each player of a round is mailed their seat's personal link when the round starts (players
  of later rounds need an address for that, so such a tournament asks one of each player).
- Stall policy `{"days": N, "action": "adjudicate" | "abandon"}`: a game without an event for N
  days may be adjudicated by the organiser (`POST /tournaments/{id}/adjudicate`), which ends it
  as the game's standings rank it then (a result marked `adjudicated`, which `referee verify`
  recomputes); with "adjudicate" the scheduler does so itself. With "abandon" the game's clock
  plays it out (defaults, then the abandonment rule).
- A listed player's games count (rated, on their record) only once they confirm
  (`POST /tournaments/{id}/confirm`, signed in with the address they were listed with): their
  seats in running games are accepted then (acceptance.py), and in later rounds as created. The
  organiser is shown every seat's token, so until a player confirms, their seat is anybody's.
- `bar_timeouts`: players whose completion record shows that many missed deadlines or more are
  refused (422 naming the player), so an organiser can keep repeat absentees out of the next one.
"""

from __future__ import annotations

import secrets
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any

from referee.engine.abandon import adjudicated_result
from referee.engine.contract import IllegalMove
from referee.engine.registry import GAME_IDS
from referee.engine.replay import initial
from referee.engine.schemas import check, conform, schema_errors, validator_for
from referee.plumbing.errors import BadRequest, Conflict, Forbidden, InvalidSetup, NotFound, Unauthorized
from referee.plumbing.i18n import N_, Text, translator
from referee.service.notices import recipients, send_caps
from referee.service.play import create
from referee.service.competition import acceptance, pairing
from referee.service.clock import policy_from_clock
from referee.service.links import game_url, seat_url
from referee.service.notices import preferences
from referee.service.competition.rating_updates import ranks_of
from referee.store import credentials, outbox, players as players_store, seat_settings, tenures, tournaments as store
from referee.store.db import IntegrityError, write_transaction

if TYPE_CHECKING:
    from referee.service.core import Core

DAY = 86400


def _err(message: str, field: str) -> InvalidSetup:
    return InvalidSetup(message, field)


def create_tournament(core: "Core", body: Any) -> dict[str, Any]:
    conform("api/create_tournament.json", body)
    body = {**body, **{key: int(body[key]) for key in ("seats_per_game", "rounds", "bar_timeouts") if key in body}}
    if "stall" in body:
        body["stall"] = {**body["stall"], "days": int(body["stall"]["days"])}
    game, fmt, k = body["game"], body["format"], body["seats_per_game"]
    if game not in GAME_IDS:
        raise _err(f"unknown game {game!r}", "/game")
    rules = core.rules(game, None)
    if not max(2, rules.min_players) <= k <= rules.max_players:
        raise _err(f"{rules.title} seats {max(2, rules.min_players)}-{rules.max_players} players at a table", "/seats_per_game")
    people = body["players"]
    n = len(people)
    if n < k:
        raise _err(f"{n} players cannot fill a table of {k}", "/players")
    addresses = [p.get("email", "").lower() for p in people if p.get("email")]
    if len(set(addresses)) != len(addresses) or len({p["name"] for p in people}) != n:
        raise _err("each player must appear once (names and addresses must differ)", "/players")
    start = body.get("start", "at_once" if fmt == "round_robin" else "by_round")
    if fmt == "swiss" and start != "by_round":
        raise _err("a Swiss tournament pairs each round by the scores so far: start must be by_round", "/start")
    if fmt == "round_robin":
        size = pairing.round_robin_size(n, k)
        if size > pairing.MAX_ROUND_ROBIN_GAMES:
            raise _err(f"a round-robin of {n} players at tables of {k} is {size} games (at most "
                       f"{pairing.MAX_ROUND_ROBIN_GAMES}); play a Swiss tournament", "/players")
        rounds = len(pairing.round_robin(n, k))
    else:
        if "rounds" not in body:
            raise _err("a Swiss tournament needs its number of rounds", "/rounds")
        rounds = body["rounds"]
    if start == "by_round":
        missing = [i for i, p in enumerate(people) if not p.get("email")]
        if missing:
            raise _err("rounds started later reach their players by mail: every player needs an email", f"/players/{missing[0]}/email")
    _dry_run(core, body)
    bar = body.get("bar_timeouts")
    if bar is not None:
        with write_transaction(core.db) as conn:
            for i, p in enumerate(people):
                known = players_store.by_email(conn, p["email"].lower()) if p.get("email") else None
                if known and tenures.record(conn, known["id"])["timeouts"] >= bar:
                    raise _err(f"{p['name']} missed {bar} or more deadlines and is barred by this tournament's rules",
                               f"/players/{i}")
    tid = secrets.token_hex(8)
    token = secrets.token_urlsafe(24)
    spec = {k2: v for k2, v in body.items() if k2 != "players"}
    spec["names"] = [p["name"] for p in people]
    spec["start"] = start
    spec["stall"] = body.get("stall", {"days": 14, "action": "abandon"})
    contacts = [{k2: v for k2, v in p.items() if k2 in ("email", "tz", "lang")} for p in people]
    t = {"id": tid, "game": game, "format": fmt, "status": "running", "spec": {**spec, "contacts": contacts},
         "rounds": rounds}
    if fmt == "round_robin":
        seated = _seated(n, k)
        todo = [(i, groups, _sitting_out(n, groups)) for i, groups in enumerate(seated, 1)]
        todo = todo if start == "at_once" else todo[:1]
    else:
        todo = [(1, *_swiss_pairing(t, []))]
    prepared = [(rnd, _prepare_round(core, t, groups), byes) for rnd, groups, byes in todo]
    with write_transaction(core.db) as conn:  # the tournament and its first games, or nothing
        store.add(conn, tid, game, fmt, t["spec"], credentials.token_hash(token), rounds, core.clock())
        made = [_store_round(core, conn, t, rnd, boards, byes) for rnd, boards, byes in prepared]
    for _, stored in made:
        for after in stored:
            core.remember(after)
    return {"id": tid, "organiser_token": token, "url": f"{core.config.base_url.rstrip('/')}/t/{tid}",
            "rounds": [out for out, _ in made],
            **{k2: v for k2, v in overview(core, tid).items() if k2 in ("format", "game", "status")}}


def _dry_run(core: "Core", body: dict[str, Any]) -> None:
    """What creating the games would refuse, refused before anything is created: each game's
    body against the create schema, the options, the clock, addresses, time zones, a setup."""
    people, k = body["players"], body["seats_per_game"]
    padded = people + people[:(-len(people)) % k]
    for i in range(0, len(padded), k):
        game_body = {"game": body["game"], "seats": padded[i:i + k], "options": body.get("options", {})}
        if body.get("clock") is not None:
            game_body["clock"] = body["clock"]
        errors = check("api/create_game.json", game_body)
        if errors:
            raise BadRequest("a game of this tournament would not match the create schema", errors=errors)
    rules = core.rules(body["game"], None)
    errs = schema_errors(validator_for(rules.options_schema), body.get("options", {}))
    if errs:
        raise BadRequest("options do not match the game's options schema", errors=errs)
    try:
        policy_from_clock(body.get("clock"))
    except ValueError as e:
        raise InvalidSetup(f"clock: {e}", "/clock") from None
    for i, p in enumerate(people):
        if p.get("email"):
            recipients.check_address(core, p["email"], f"/players/{i}/email", f"player {i}")
    for i, p in enumerate(people):
        if p.get("tz") and preferences.zone(p["tz"]) is None:
            raise InvalidSetup(f"player {i}: unknown time zone {p['tz']!r}", f"/players/{i}/tz")
    try:
        initial(rules, bytes(32), k, body.get("options", {}), None)
    except (IllegalMove, ValueError) as e:
        raise InvalidSetup(f"cannot set up the games: {e}", "/options") from None


def _sitting_out(n: int, groups: list[tuple[int, ...]]) -> list[int]:
    playing = {p for g in groups for p in g}
    return [p for p in range(n) if p not in playing]


def _spec(core: "Core", tid: str) -> dict[str, Any]:
    t = store.get(core.db.conn, tid)
    if t is None:
        raise NotFound(Text("no tournament '%(id)s'", id=tid))
    return t


def _seated(n: int, k: int) -> list[list[tuple[int, ...]]]:
    """A round-robin's tables, round by round, each in its seat order (first seats balanced)."""
    all_rounds = pairing.round_robin(n, k)
    it = iter(pairing.seat_orders([g for r in all_rounds for g in r], k))
    return [[next(it) for _ in r] for r in all_rounds]


Board = tuple[int, tuple[int, ...], create.Prepared]


def _prepare_round(core: "Core", t: dict[str, Any], groups: list[tuple[int, ...]]) -> list[Board]:
    """A round's games set up (boards in order), nothing stored yet."""
    spec = t["spec"]
    names, contacts = spec["names"], spec["contacts"]
    boards = []
    for board, group in enumerate(groups):
        body = {"game": t["game"], "seats": [{"name": names[p], **contacts[p]} for p in group],
                "options": {**spec.get("options", {}), "first_seat": 0}}  # the seat order chosen is the order of play
        if spec.get("clock"):
            body["clock"] = spec["clock"]
        boards.append((board, group, create.prepare(core, body)))
    return boards


def _store_round(core: "Core", conn: Any, t: dict[str, Any], rnd: int, boards: list[Board],
                 byes: list[int], strict: bool = True) -> tuple[dict[str, Any], list[Any]]:
    """In the caller's transaction: a round's games, each player's mail with their seat's link,
    the byes. Returns the round as the organiser sees it, and the games as stored. A mail over
    the cap on unsolicited mail refuses the request (429) when `strict`, else is left out (a
    round the scheduler starts, which no request can be refused for)."""
    tid, spec = t["id"], t["spec"]
    names, contacts = spec["names"], spec["contacts"]
    out: dict[str, Any] = {"round": rnd, "games": [], "byes": [names[b] for b in byes]}
    stored = []
    for board, group, prepared in boards:
        if not store.add_game(conn, tid, rnd, board, prepared.game_id, list(group)):
            continue  # made already (another scheduler)
        after = create.store(core, conn, prepared, offers=False)
        made = create.answer(core, prepared, after)
        for seat, p in enumerate(group):
            if p in spec.get("confirmed", []):
                confirmed = players_store.by_email(conn, contacts[p]["email"].lower())
                if confirmed:
                    after, _ = acceptance.accept_in(core, conn, after, seat, confirmed["id"], secrets.token_urlsafe(24))
        stored.append(after)
        for seat, p in enumerate(group):
            email = contacts[p].get("email")
            if email and send_caps.mail(core, conn, email, f"/players/{p}/email", f"player {p}", strict):
                link = seat_url(core.config.base_url, core.secret_key, made["id"], seat,
                                tenures.seat(conn, made["id"], seat)["tenure"])
                # in the recipient's language: its seat's, else its player's (whoever started the round)
                tr = translator(seat_settings.of(conn, made["id"], seat).get("lang"))
                text = tr.gettext("Round %(round)s of the tournament of %(game)s has started.\n\n"
                                  "Your game, seat %(seat)s against %(opponents)s:\n\n%(link)s\n\n"
                                  "Standings and pairings: %(standings)s",
                                  round=rnd, game=core.rules(t["game"], None).title, seat=seat + 1,
                                  opponents=", ".join(names[q] for q in group if q != p), link=link,
                                  standings=f"{core.config.base_url.rstrip('/')}/t/{tid}")
                if p not in spec.get("confirmed", []):
                    text += "\n\n" + tr.gettext("Your games count on your record and rating once you confirm your "
                                                 "place, signed in with this address: %(url)s",
                                                 url=f"{core.config.base_url.rstrip('/')}/t/{tid}")
                outbox.enqueue(conn, made["id"], seat, "email", email, "round_started",
                               tr.gettext("Round %(round)s starts: your game", round=rnd), text,
                               f"round:{tid}:{rnd}:{p}", core.clock())
        out["games"].append({"board": board, "id": made["id"], "players": [names[p] for p in group],
                             "url": made["url"], "seats": made["seats"]})
    for i, b in enumerate(byes):
        store.add_game(conn, tid, rnd, 1000 + i, None, [b])
    return out, stored


def _finished_games(rows: list[dict[str, Any]], k: int, fmt: str) -> list[dict[str, Any]]:
    """Finished games and byes for the standings: a Swiss bye is worth a win over a full table; a
    round-robin's (everyone sits out as often) nothing."""
    out = []
    for r in rows:
        if r["game_id"] is None:
            out.append({"bye": r["players"][0], "worth": float(k - 1) if fmt == "swiss" else 0.0})
        elif r["status"] == "finished" and r["result"]:
            out.append({"players": r["players"], "ranks": ranks_of(r["result"], len(r["players"]))})
    return out


def _swiss_pairing(t: dict[str, Any], rows: list[dict[str, Any]]) -> tuple[list[tuple[int, ...]], list[int]]:
    """The next Swiss round's tables (in seat order) and byes, from the games so far."""
    spec, k = t["spec"], t["spec"]["seats_per_game"]
    n = len(spec["names"])
    table = pairing.standings(n, _finished_games(rows, k, "swiss"))
    order = [r["player"] for r in table] if rows else list(range(n))
    met = {frozenset((a, b)) for r in rows if r["game_id"] for a in r["players"] for b in r["players"] if a != b}
    had_bye = {r["players"][0] for r in rows if r["game_id"] is None}
    groups, byes = pairing.swiss_round(order, k, met, had_bye)
    counts: dict[int, list[int]] = {}
    for r in rows:
        if r["game_id"]:
            for pos, p in enumerate(r["players"]):
                counts.setdefault(p, [0] * k)[pos] += 1
    return pairing.seat_orders(groups, k, counts), byes


def overview(core: "Core", tid: str) -> dict[str, Any]:
    """The tournament as everyone may see it: settings, pairings by round, standings with the
    tie-breaks stated, each game's state. No address or token."""
    t = _spec(core, tid)
    spec, k = t["spec"], t["spec"]["seats_per_game"]
    names = spec["names"]
    rows = store.games(core.db.conn, tid)
    table = pairing.standings(len(names), _finished_games(rows, k, t["format"]))
    base = core.config.base_url
    rounds: dict[int, list[dict[str, Any]]] = {}
    for r in rows:
        entry = {"board": r["board"], "players": [names[p] for p in r["players"]]}
        if r["game_id"] is None:
            entry |= {"bye": True}
        else:
            entry |= {"id": r["game_id"], "status": r["status"], "url": game_url(base, r["game_id"]),
                      "result": r["result"], "last_event_at": r["updated_at"]}
        rounds.setdefault(r["round"], []).append(entry)
    return {"id": tid, "game": t["game"], "format": t["format"], "status": t["status"], "start": spec["start"],
            "seats_per_game": k, "rounds_planned": t["rounds"], "players": names, "stall": spec["stall"],
            "confirmed": [names[i] for i in spec.get("confirmed", [])],
            "tie_breaks": pairing.TIE_BREAKS,
            # message ids: the page says them in its reader's language
            "points": N_("each opponent placed below you 1, each tied with you 1/2; a bye counts as a win over a full table"),
            "seat_balance": N_("seat order is chosen so that first seats (then every seat) are shared as evenly as the games allow"),
            "rounds": [{"round": n, "games": g} for n, g in sorted(rounds.items())],
            "standings": [{"place": r["place"], "player": names[r["player"]], "points": r["points"],
                           "sonneborn_berger": r["sonneborn_berger"], "direct_encounter": r["direct_encounter"],
                           "games": r["games"]} for r in table]}


def confirm(core: "Core", tid: str, player_id: str) -> dict[str, Any]:
    """`POST /tournaments/{id}/confirm`: the signed-in player listed with their address confirms
    their place; their seats in running games are accepted now (a game that has already played
    stays unrated), those of later rounds as they are created."""
    t = _spec(core, tid)
    player = players_store.by_id(core.db.conn, player_id)
    listed = [i for i, c in enumerate(t["spec"]["contacts"])
              if player and (c.get("email") or "").lower() == player["email"]]
    if not listed:
        raise Forbidden(Text("you are not listed in this tournament with the address you signed in with"))
    with write_transaction(core.db) as conn:
        store.confirm(conn, tid, listed[0])
    accepted = []
    for r in store.games(core.db.conn, tid):
        if r["game_id"] and listed[0] in r["players"] and r["status"] in acceptance.RUNNING:
            try:
                acceptance.accept(core, r["game_id"], r["players"].index(listed[0]), player_id)
                accepted.append(r["game_id"])
            except Conflict:
                pass  # accepted already, or the seat changed hands
    return {"id": tid, "player": t["spec"]["names"][listed[0]], "confirmed": True, "accepted": accepted}


def _stalled_since(row: dict[str, Any]) -> float | None:
    if not row.get("updated_at"):
        return None
    return datetime.fromisoformat(row["updated_at"].rstrip("Z")).replace(tzinfo=timezone.utc).timestamp()


def adjudicate(core: "Core", tid: str, game_id: str, token: str | None, by_scheduler: bool = False) -> dict[str, Any]:
    """End a stalled tournament game as its standings rank it now (the organiser, or the
    scheduler when the stall policy says so); 409 before the stall policy's N days."""
    t = _spec(core, tid)
    if not by_scheduler:
        if token is None:
            raise Unauthorized("this needs the organiser token ('Authorization: Bearer <organiser token>')")
        if not secrets.compare_digest(credentials.token_hash(token), t["organiser_hash"]):
            raise Forbidden("only the organiser may adjudicate")
    row = next((r for r in store.games(core.db.conn, tid) if r["game_id"] == game_id), None)
    if row is None:
        raise NotFound(f"game {game_id!r} is not in this tournament")
    loaded = core.load(game_id)
    if loaded.finished or loaded.status not in ("active", "paused"):
        raise Conflict("the game is over", current_seq=loaded.seq)
    days = t["spec"]["stall"]["days"]
    since = _stalled_since(row)
    if since is None or core.clock() - since < days * DAY:
        raise Conflict(f"the game is not stalled: the stall policy allows adjudication after {days} days "
                       "without a move", current_seq=loaded.seq)
    ended = [("game_ended", None, {"result": adjudicated_result(loaded.rules, loaded.state)}),
             ("seed_revealed", None, {"seed": loaded.seed.hex()})]
    core.write(loaded, ended, loaded.state)
    advance(core, tid)
    return {"id": game_id, "status": "finished", "result": core.load(game_id).ended}


def advance(core: "Core", tid: str) -> int:
    """Start the next round when every game of the current one is over; finish the tournament
    after its last round. Returns the games created."""
    t = _spec(core, tid)
    if t["status"] != "running":
        return 0
    rows = store.games(core.db.conn, tid)
    if any(r["game_id"] and r["status"] != "finished" and r["status"] != "cancelled" for r in rows):
        return 0
    current = max((r["round"] for r in rows), default=0)
    if current >= t["rounds"]:
        with write_transaction(core.db) as conn:
            store.set_status(conn, tid, "finished")
        return 0
    if t["format"] == "swiss":
        groups, byes = _swiss_pairing(t, rows)
    else:
        n = len(t["spec"]["names"])
        groups = _seated(n, t["spec"]["seats_per_game"])[current]
        byes = _sitting_out(n, groups)
    boards = _prepare_round(core, t, groups)
    try:  # one scheduler creates the round, the one whose claim lands: the claim and the games commit together
        with write_transaction(core.db) as conn:
            if not store.claim_round(conn, tid, current + 1):
                return 0
            made, stored = _store_round(core, conn, t, current + 1, boards, byes, strict=False)
    except IntegrityError:
        return 0
    for after in stored:
        core.remember(after)
    return len(made["games"])


def advance_tournaments(core: "Core") -> int:
    """The scheduler's job: stalled games adjudicated where the policy says so, next rounds started."""
    made = 0
    for tid in store.running(core.db.conn):
        t = _spec(core, tid)
        if t["spec"]["stall"]["action"] == "adjudicate":
            for r in store.games(core.db.conn, tid):
                since = _stalled_since(r)
                if r["game_id"] and r["status"] in ("active", "paused") and since is not None and \
                        core.clock() - since >= t["spec"]["stall"]["days"] * DAY:
                    try:
                        adjudicate(core, tid, r["game_id"], None, by_scheduler=True)
                    except Conflict:
                        pass
        made += advance(core, tid)
    return made
