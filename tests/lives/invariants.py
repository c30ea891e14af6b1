"""What must hold after every step of a life (issue 36), each judged against the store:

- replay: `verify` passes on the export, and a service that has cached nothing replays the game
  to the state, clocks and seats the serving one holds;
- readers: each seat, each former holder, a spectator and a signed-in stranger read the game
  (view, prompts, events, messages, presets, takebacks, proposals): a view is the rules' view of
  the replayed state for that reader, another seat's prompt shows no choices, and no body holds
  a message the reader may not read (the talk rule as README "Table talk" states it, applied to
  the stored messages); mails and webhooks of a seat hold only what its seat may read; alert
  channels never carry a message's text;
- tenures: one row per seat; a current holder's token works, a former holder's is refused;
  records (timeouts, games finished) land on the player who held the seat when they happened;
- mail: at most one "your turn" per prompt per holder (between two, the seat acted or its
  decision was reopened), and nothing to a former holder after the release;
- ratings: a game is rated only if every seat was held, from its start to its end, by a distinct
  signed-in player who took it by their own act (issue 35) and no seat was a bot's (checked after
  every step); at the end of each life a rebuild equals the incremental result."""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Callable

from referee.engine.registry import GAME_IDS
from referee.store import tenures
from tests.lives.world import MARK, Game, World, rules_of

COUNTS: Counter[str] = Counter()
# Events after which the same seat may rightly be told "your turn" again without having acted.
REOPEN = {"takeback", "seat_replaced", "game_started", "resumed", "paused", "seat_released", "seat_to_bot"}


def may_read(m: dict, viewer: int | None, tenure: int, talk: dict, over: bool) -> bool:
    """README "Table talk": a note is its writer's; a message to all is every seat's (and a
    spectator's where the policy lets spectators read); a private message is its sender's and
    addressees', and everyone's (spectators as before) after the end where the policy reveals it.
    A note or private message belongs to the holders of the moment it was written (issue 35):
    `m["tenures"]` is the model's own count of each seat's holders then, `tenure` the reader's."""
    spectators = bool(talk.get("spectators"))
    ours = viewer is not None and m["tenures"].get(viewer) == tenure
    if m["note"]:
        return viewer is not None and viewer == m["from"] and ours
    if m["to"] == "all":
        return viewer is not None or spectators
    if viewer is not None and (viewer == m["from"] or viewer in m["to"]) and ours:
        return True
    return over and bool(talk.get("reveal_private_at_end")) and (viewer is not None or spectators)


def tenure_now(g: Game, seat: int) -> int:
    """The model's tenure of a seat's holder now (or of its next holder, while vacant): how many
    holders gave it up before."""
    return sum(1 for s, _ in g.former if s == seat)


def after_step(w: World, gids: list[str]) -> None:
    """Every game the step touched, when something of it changed (its log, its talk, its mail,
    who holds its seats) or the service restarted."""
    w.settle()
    for g in w.games:
        if g.id in gids and w.changed(g):
            w.check_replay(g)
            COUNTS["invariant:replay and verify"] += 1
            readers(w, g)
            seats_and_tenures(w, g)
            mail(w, g)
    alerts(w)
    records(w)
    rated(w)


def _forbidden(w: World, g: Game) -> Callable[[int | None, int], set[str]]:
    """The markers of the stored messages a reader (a seat in a tenure, or None) may not read."""
    fresh = w.fresh(g.id)
    over = fresh.finished or fresh.status == "cancelled"
    talk = fresh.created.get("talk") or {}
    stored = w.messages(g.id)
    for m in stored:  # first seen in the step that wrote it: the holders of that moment
        seats = [m["from"]] + (m["to"] if isinstance(m["to"], list) else [])
        m["tenures"] = w.written.setdefault((g.id, m["seq"]), {s: tenure_now(g, s) for s in seats})
    return lambda viewer, tenure=0: {mk for m in stored if not may_read(m, viewer, tenure, talk, over)
                                     for mk in m["marks"]}


def readers(w: World, g: Game) -> None:
    fresh = w.fresh(g.id)
    rules = rules_of(g.game)
    forbidden_to = _forbidden(w, g)
    who: list[tuple[str, int | None, str | None]] = [(f"seat {s}", s, h.token) for s, h in enumerate(g.seats) if h]
    who += [("spectator", None, None), ("stranger", None, w.players["stranger@example.org"][1])]
    for label, seat, token in who:
        forbidden = forbidden_to(seat, tenure_now(g, seat) if seat is not None else 0)
        doc = w.call("GET", f"/games/{g.id}", token)
        if label == "stranger":  # a player token holding no seat of the game is refused, telling nothing
            assert doc.status_code == 401 and not MARK.findall(doc.text), (label, doc.text)
            continue
        assert doc.status_code == 200, (label, doc.json())
        body = doc.json()
        assert body["view"] == json.loads(json.dumps(rules.view(fresh.state, seat))), \
            f"{g.id}: the view {label} is served is not the rules' view of the replayed state"
        for p in body["prompts"]:
            if p["seat"] != seat:
                assert p.get("choices") is None and p.get("default") is None, f"{g.id}: {label} sees seat {p['seat']}'s choices"
        texts = [doc.text]
        if label == "spectator":  # the game's page, as a visitor without a seat sees it
            page = w.call("GET", f"/g/{g.id}", cookies=None)
            assert page.status_code == 200, (label, page.status_code)
            texts.append(page.text)
        for path in ("events", "messages", "export", "takebacks", "proposals") + (("presets", "prompts") if seat is not None else ()):
            r = w.call("GET", f"/games/{g.id}/{path}", token)
            assert r.status_code == 200, f"{g.id}: {label}'s holder is refused {path}: {r.json()}"
            texts.append(r.text)
        shown = {mk for t in texts for mk in MARK.findall(t)}
        assert not shown & forbidden, f"{g.id}: {label} was shown messages it may not read: {sorted(shown & forbidden)}"
        COUNTS["invariant:no leak to a reader"] += 1
    for seat, h in g.former:
        if h.token not in {x.token for x in g.seats if x}:
            r = w.call("GET", f"/games/{g.id}/prompts", h.token)
            assert r.status_code == 401, f"{g.id}: the released token of seat {seat} is still accepted ({r.status_code})"
            COUNTS["invariant:released token refused"] += 1
    for row in w.outbox(g.id):
        if row["channel"] in ("email", "webhook") and row["kind"] != "sign_in":
            bad = set(MARK.findall(row["body"])) & forbidden_to(row["seat"], row["tenure"] or 0)
            assert not bad, f"{g.id}: a {row['kind']} {row['channel']} to seat {row['seat']} holds {sorted(bad)}"
    COUNTS["invariant:no leak in mail"] += 1


def seats_and_tenures(w: World, g: Game) -> None:
    """One row per seat. That each current holder's token is accepted, `readers` has just
    asserted of this step's state: it read /prompts (and the rest) with every holder's token and
    required a 200 (fetching /prompts again here, as before, asked the same question twice)."""
    conn = w.cold.db.conn
    rows = conn.execute("SELECT seat, COUNT(*) FROM seats WHERE game_id = ? GROUP BY seat", (g.id,)).fetchall()
    assert all(n == 1 for _, n in rows), f"{g.id}: a seat has more than one row: {rows}"
    COUNTS["invariant:one holder per seat"] += 1


def records(w: World) -> None:
    """Each signed-in player's record, from the logs and who held which seat when."""
    want: dict[str, Counter] = defaultdict(Counter)
    for g in w.games:
        tenures_ = [(s, h) for s, h in enumerate(g.seats) if h] + g.former
        if not any(h.player for _, h in tenures_):
            continue
        log = w.cold.raw_events(g.id)
        for seat, h in tenures_:
            if not h.player:
                continue
            inside = [e for e in log if e.seq > h.since and (h.until is None or e.seq <= h.until)]
            want[h.player]["timeouts"] += sum(1 for e in inside if e.type == "timeout" and e.seat == seat)
            want[h.player]["games_finished"] += sum(1 for e in inside if e.type == "game_ended")
    for pid, counts in want.items():
        got = tenures.record(w.cold.db.conn, pid)
        assert (got["timeouts"], got["games_finished"]) == (counts["timeouts"], counts["games_finished"]), \
            f"player {pid}'s record {got} is not what the games' logs give: {dict(counts)}"
    COUNTS["invariant:records on the holder who earned them"] += 1


def rated(w: World) -> None:
    """The model's own account of who held each seat, against the games the store rated."""
    for (gid,) in w.cold.db.conn.execute("SELECT game_id FROM rating_games WHERE rated = 1").fetchall():
        g = next(x for x in w.games if x.id == gid)
        players = [h.player for h in g.seats if h is not None]
        own = not g.former and "bot" not in g.kinds and len(players) == len(g.seats) and all(players)
        assert own and len(set(players)) == len(players), \
            f"{gid}: rated, though a seat was not held by its own distinct player from start to end"
    COUNTS["invariant:only eligible games rated"] += 1


def mail(w: World, g: Game) -> None:
    rows = w.outbox(g.id)
    log = w.cold.raw_events(g.id)
    turns: dict[tuple[int, str, str], list[int]] = defaultdict(list)
    for row in rows:
        if row["kind"] == "your_turn":  # keyed <game>:<seat>:your_turn:<seq>:<channel>
            turns[(row["seat"], row["recipient"], row["channel"])].append(int(row["key"].split(":")[3]))
    for (seat, to, _), seqs in turns.items():
        for a, b in zip(seqs, seqs[1:]):
            acted = [e for e in log if a < e.seq <= b and (e.seat == seat or e.type in REOPEN)]
            assert acted, f"{g.id}: seat {seat} ({to}) was told 'your turn' at {a} and again at {b} for one prompt"
    for seat, h in g.former:
        now = g.seats[seat]
        if h.email is None or (now is not None and now.email == h.email):
            continue
        late = [r for r in rows if r["seat"] == seat and r["recipient"] == h.email and r["at"] > h.until_at]
        assert not late, f"{g.id}: seat {seat}'s former holder was mailed after the release: {[r['kind'] for r in late]}"
    COUNTS["invariant:mail per prompt and holder"] += 1


def alerts(w: World) -> None:
    for req in w.receiver.requests[w.alerts_from:]:
        assert not MARK.findall(req.body.decode("utf-8", "replace")), f"an alert carries a message's text: {req.body[:300]}"
    COUNTS["invariant:alerts carry no text"] += 1
    tokens = {h.token for g in w.games for h in [*g.seats, *(h for _, h in g.former)] if h}
    for line in w.logs[w.logs_from:]:
        assert not MARK.findall(line), f"a log line holds a message's text: {line[:300]}"
        assert not any(t in line for t in tokens), f"a log line holds a seat's token: {line[:300]}"
    w.logs_from = len(w.logs)
    COUNTS["invariant:logs carry no text or token"] += 1


def final(w: World) -> None:
    """Ratings: the incremental result equals a rebuild from the finished games."""
    before = {game: w.service.leaderboard(game, limit=200) for game in GAME_IDS}
    w.service.rebuild_ratings()
    after = {game: w.service.leaderboard(game, limit=200) for game in GAME_IDS}
    assert before == after, "ratings: a rebuild differs from the incremental result"
