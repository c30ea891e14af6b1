"""The `referee` command: operate the service from a shell."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import click

from referee.plumbing.config import Config, ConfigError, with_local_mail
from referee.engine.replay import fold, initial
from referee.engine.seatrefs import continues
from referee.engine.verify import verify_events
from referee.plumbing.errors import ServiceError
from referee.store.db import open_with_migrations, redacted


def _config(ctx: click.Context) -> Config:
    return ctx.obj["config"]


def _service(ctx: click.Context):
    from referee.service.referee import Referee
    return Referee(_config(ctx).database, config=_config(ctx))


def _fail(message: str) -> None:
    click.echo(f"error: {message}", err=True)
    sys.exit(1)


def _one_line(e: ServiceError) -> str:
    """A refusal as one line for the terminal: its title, the part at fault, why."""
    problem = e.problem()
    where = problem.get("field") or next((err.get("path") for err in problem.get("errors", [])), None)
    why = "; ".join(err["message"] for err in problem.get("errors", [])[:3]) or problem["detail"]
    if problem.get("errors"):
        why = f"{problem['detail']}: {why}"
    return f"{problem['title'].lower()}{f' at {where}' if where else ''}: {why}".replace("\n", " ")


def _read_json(path: str, what: str):
    try:
        return json.loads(Path(path).read_text())
    except (OSError, json.JSONDecodeError) as e:
        _fail(f"cannot read {what} from {path}: {e}")


@click.group()
@click.option("--database", envvar="REFEREE_DATABASE", default=None,
              help="SQLite file or sqlite:///path, or postgresql://user@host/db (default ./referee.db, or $REFEREE_DATABASE).")
@click.pass_context
def main(ctx: click.Context, database: str | None) -> None:
    """Referee: event-sourced referee for asynchronous board games."""
    try:
        # Without an SMTP URL, mail goes to the Maildir beside the database (README, "Operations").
        ctx.obj = {"config": with_local_mail(Config.from_env(database=database))}
    except ConfigError as e:
        _fail(str(e))


@main.command("init-db")
@click.pass_context
def init_db(ctx: click.Context) -> None:
    """Create or migrate the database (idempotent)."""
    database = _config(ctx).database
    db, applied = open_with_migrations(database)
    db.conn.close()
    moved = _service(ctx).names_moved  # logs recorded before issue 40 name their seats no more, once
    click.echo(f"{redacted(database)}: " + (f"applied {', '.join(applied)}" if applied else "up to date")
               + (f"; names moved out of {moved} log(s)" if moved else ""))


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True, type=int)
@click.option("--no-scheduler", is_flag=True, help="Do not run the scheduler's jobs here (run `referee scheduler` elsewhere).")
@click.option("--interval", default=10.0, show_default=True, type=float, help="Seconds between scheduler passes.")
@click.option("--smtp-host", default="127.0.0.1", show_default=True, help="Address of the inbound SMTP port.")
@click.option("--smtp-port", default=2525, show_default=True, type=int, help="Inbound SMTP port (0: none).")
@click.option("--reload", is_flag=True, help="Restart the web app when the code changes (development).")
@click.pass_context
def serve(ctx: click.Context, host: str, port: int, no_scheduler: bool, interval: float, smtp_host: str,
          smtp_port: int, reload: bool) -> None:
    """Run the whole service: the web app (uvicorn), the scheduler and an inbound SMTP port."""
    from referee.ops import serve as serving
    serving.run(_config(ctx), serving.Options(host=host, port=port, scheduler=not no_scheduler, interval=interval,
                                              smtp_host=smtp_host, smtp_port=smtp_port, reload=reload))


@main.command("new-game")
@click.argument("game")
@click.option("--seat", "seats", multiple=True, required=True, metavar="NAME[:EMAIL]",
              help="One per seat, in seat order.")
@click.option("--options", "options_json", default="{}", help="Game options as JSON.")
@click.option("--clock", "clock_json", default=None, help="Deadline policy as JSON.")
@click.option("--position", "position_file", default=None, type=click.Path(), help="Start state (JSON file).")
@click.option("--components", "components_file", default=None, type=click.Path(),
              help="Corrected component data (JSON file).")
@click.pass_context
def new_game(ctx, game, seats, options_json, clock_json, position_file, components_file) -> None:
    """Create a game and print its id and the seat tokens (shown once)."""
    body: dict = {"game": game, "seats": []}
    for s in seats:
        name, _, email = s.partition(":")
        body["seats"].append({"name": name, **({"email": email} if email else {})})
    try:
        body["options"] = json.loads(options_json)
        if clock_json:
            body["clock"] = json.loads(clock_json)
    except json.JSONDecodeError as e:
        _fail(f"malformed JSON: {e}")
    if position_file:
        body["position"] = _read_json(position_file, "the position")
    if components_file:
        body["components"] = _read_json(components_file, "the component data")
    try:
        created = _service(ctx).create_game(body)
    except ServiceError as e:
        _fail(_one_line(e))
    click.echo(json.dumps(created, indent=2))


@main.command()
@click.argument("game_id", required=False)
@click.option("--rebuild-projections", is_flag=True, help="Rebuild the games list and who-must-move from events.")
@click.pass_context
def replay(ctx, game_id: str | None, rebuild_projections: bool) -> None:
    """Rebuild a game's state from its log, ignoring snapshots, and print its state hash."""
    service = _service(ctx)
    if rebuild_projections:
        n = service.rebuild_projections()
        click.echo(f"rebuilt projections of {n} games from events")
    if game_id is None:
        if not rebuild_projections:
            _fail("give a GAME_ID or --rebuild-projections")
        return
    try:
        events = service.raw_events(game_id)
    except ServiceError as e:
        _fail(e.detail)
    created = events[0].payload
    seed = service.load(game_id).seed
    rules = service.rules(created["game"], created["components"], created["rules_version"])
    start = time.perf_counter()
    state = initial(rules, seed, len(created["seats"]), created["options"], created["position"]).state
    state = fold(rules, seed, state, [e.__dict__ for e in events[1:]])
    elapsed = time.perf_counter() - start
    moves = sum(e.type in ("move", "timeout") for e in events)
    live = service.load(game_id).state
    same = live == state
    click.echo(json.dumps({"game_id": game_id, "seq": events[-1].seq, "moves": moves,
                           "seconds": round(elapsed, 4), "matches_live_state": same}, indent=2))
    if not same:
        sys.exit(1)


@main.command()
@click.argument("game_id")
@click.pass_context
def patch(ctx, game_id: str) -> None:
    """Replay a game under the newest rules version and report the first event where it would
    diverge from its log (after a rules fix; the game itself keeps its own version)."""
    from referee.engine.registry import rules_for
    service = _service(ctx)
    try:
        events = [e.to_json() for e in service.raw_events(game_id)]
        seed = service.load(game_id).seed
    except ServiceError as e:
        _fail(e.detail)
    created = events[0]["payload"]
    newest = rules_for(created["game"]).rules_version
    report = verify_events(events, seed, rules_version=newest)
    click.echo(json.dumps({"game_id": game_id, "recorded_version": created["rules_version"],
                           "newest_version": newest, "replays_identically": report.ok,
                           "first_divergence": report.divergence}, indent=2))
    if not report.ok:
        click.echo("a result that changes under the new rules changes ratings too: run `referee ratings rebuild` "
                   "once the game is replayed under them", err=True)
        sys.exit(1)


@main.command()
@click.argument("game_id", required=False)
@click.option("--file", "file", type=click.Path(), help="An exported log (JSON Lines) to verify offline.")
@click.option("--seed", default=None, help="The seed (hex), for a full check before it is revealed.")
@click.option("--earlier", type=click.Path(), default=None,
              help="An export of the same game made before (say, before its names moved out of the log): "
                   "also check that the log continues it.")
@click.pass_context
def verify(ctx, game_id: str | None, file: str | None, seed: str | None, earlier: str | None) -> None:
    """Recompute the hash chain, every chance outcome and every state hash."""
    if (game_id is None) == (file is None):
        _fail("give exactly one of GAME_ID or --file")
    seed_bytes = bytes.fromhex(seed) if seed else None
    if file:
        events, talk = _export_lines(file)
    else:
        service = _service(ctx)
        try:
            events = [e.to_json() for e in service.raw_events(game_id)]
            talk = service.message_export(game_id, None, full=True)
            seed_bytes = seed_bytes or service.load(game_id).seed
        except ServiceError as e:
            _fail(e.detail)
    report = verify_events(events, seed_bytes)
    if report.ok:
        report.check_messages(talk)
    if report.ok and earlier:
        before = _export_lines(earlier)[0]
        revealed = next((e["payload"]["seed"] for e in events if e["type"] == "seed_revealed"), None)
        problem = continues(before, events, seed_bytes or (bytes.fromhex(revealed) if revealed else None))
        if problem is None:
            report.notes.append(f"the log continues {earlier}")
        else:
            report.fail(len(before), f"the log does not continue {earlier}: {problem}")
    click.echo(json.dumps(report.to_json(), indent=2))
    if not report.ok:
        sys.exit(1)


def _export_lines(file: str) -> tuple[list[dict], list[dict]]:
    """An exported log's events and its table talk (lines of kind "message", after the events)."""
    try:
        rows = [json.loads(line) for line in Path(file).read_text().splitlines() if line.strip()]
    except (OSError, json.JSONDecodeError) as e:
        _fail(f"cannot read {file}: {e}")
    talk = [r for r in rows if isinstance(r, dict) and r.get("kind") == "message"]
    return [r for r in rows if not (isinstance(r, dict) and r.get("kind") == "message")], talk


@main.command("migrate-store")
@click.option("--from", "source", required=True, help="The database to copy from (path, sqlite:///path or postgresql://…).")
@click.option("--to", "target", required=True, help="The database to copy into (created and migrated when needed).")
@click.option("--into-non-empty", is_flag=True, help="Add to a target that already has games, players or "
              "tournaments (one present in both is still refused: nothing is merged).")
def migrate_store(source: str, target: str, into_non_empty: bool) -> None:
    """Copy every game, player and tournament to another database, rebuild its projections and
    verify every copied game."""
    from referee.ops import migrate_store as use_case
    try:
        summary = use_case.migrate(source, target, into_non_empty, progress=lambda m: click.echo(m, err=True))
    except (use_case.MigrationRefused, use_case.MigrationFailed) as e:
        _fail(str(e))
    for game_id, problem in summary.failures.items():
        click.echo(f"game {game_id}: {problem}", err=True)
    if summary.source_grew:
        click.echo(f"error: the source gained {summary.source_grew} events during the copy: stop its web and "
                   "scheduler processes, empty the target and run again", err=True)
    for key in summary.kept_settings:
        click.echo(f"note: the target's instance setting {key!r} differs from the source's and was kept "
                   "(reply addresses and webhook signatures of the copied games change unless REFEREE_SECRET_KEY is set)",
                   err=True)
    click.echo(summary.line(source, target))
    if not summary.ok:
        sys.exit(1)


@main.command()
@click.argument("game_id")
@click.option("--full", is_flag=True, help="Unredacted (operator) log; default is the spectator's view.")
@click.option("--presets", is_flag=True, help="Instead of the log: every seat's pre-set moves and their fates "
              "(once the game is over).")
@click.pass_context
def export(ctx, game_id: str, full: bool, presets: bool) -> None:
    """Print a game's log as JSON Lines."""
    service = _service(ctx)
    try:
        if presets:
            rows = service.preset_history(game_id)
        else:
            rows = [e.to_json() for e in service.raw_events(game_id)] if full else service.events_for(game_id, None)
            rows += service.message_export(game_id, None, full=full)  # table talk: its own chain, after the log
    except ServiceError as e:
        _fail(e.detail)
    for row in rows:
        click.echo(json.dumps(row, separators=(",", ":")))


@main.command()
@click.option("--interval", default=30.0, show_default=True, type=float, help="Seconds between passes.")
@click.option("--once", is_flag=True, help="Run one pass and exit (for cron).")
@click.pass_context
def scheduler(ctx: click.Context, interval: float, once: bool) -> None:
    """Play defaults at deadlines, send reminders, resume ended vacations, deliver the outbox."""
    import logging
    from referee.ops import scheduler as jobs
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    service = _service(ctx)
    if once:
        click.echo(json.dumps(jobs.run_once(service)))
        return
    jobs.serve(service, interval)


@main.group()
def mail() -> None:
    """The mails the service sent (whatever the transport: the local Maildir or SMTP)."""


@mail.command("list")
@click.option("--game", "game_id", default=None, help="Only this game's mails.")
@click.option("--limit", default=50, show_default=True, type=click.IntRange(1, 10_000))
@click.pass_context
def mail_list(ctx: click.Context, game_id: str | None, limit: int) -> None:
    """One line per mail, newest first: id, state, time, game, seat, recipient, subject."""
    rows = _service(ctx.parent).all_mails(game_id, limit)
    if not rows:
        click.echo("no mail" + (f" for game {game_id}" if game_id else ""))
    for m in rows:
        seat = "-" if m["seat"] is None else m["seat"]
        reason = f"  ({m['reason']})" if m["reason"] else ""
        click.echo(f"{m['id']:>5}  {m['state']:<7}  {m['when']}  {m['game_id']}  seat {seat}  {m['recipient']}  "
                   f"{m['subject']}{reason}")


@mail.command("show")
@click.argument("message_id", type=int)
@click.pass_context
def mail_show(ctx: click.Context, message_id: int) -> None:
    """One mail in full: its headers, state and text."""
    try:
        m = _service(ctx.parent).one_mail(message_id)
    except ServiceError as e:
        _fail(e.detail)
    click.echo(f"To: {m['recipient']}\nSubject: {m['subject']}\nGame: {m['game_id']}  seat: "
               f"{'-' if m['seat'] is None else m['seat']}  kind: {m['kind']}\n"
               f"State: {m['state']} {m['when']}" + (f" ({m['reason']})" if m["reason"] else "") + "\n")
    click.echo(m["body"])


@main.command("mail-in")
@click.pass_context
def mail_in(ctx: click.Context) -> None:
    """Read one RFC 822 message on stdin (an MTA pipe) and play the move it carries.

    Exits 0 for any well-formed message: the outcome goes to the sender by mail, never back
    through the MTA (a bounce would tell a stranger whether the address exists)."""
    from referee.api.mail import MAX_MAIL
    from referee.notify import mailin
    raw = sys.stdin.buffer.read(MAX_MAIL + 1)
    if not raw.strip():
        _fail("no message on standard input")
    if len(raw) > MAX_MAIL:
        _fail(f"message larger than {MAX_MAIL} bytes")
    mailin.handle(_service(ctx), raw)


@main.command()
@click.option("--appends", default=3000, show_default=True, help="Events to append in benchmark 1.")
@click.option("--played", default=40, show_default=True, help="Babel games to play over HTTP.")
@click.option("--seed", default=1, show_default=True, help="Seed of the random move choice.")
@click.option("--games", default=100_000, show_default=True, help="Games seeded for the list and scheduler figures.")
@click.option("--anchor", default=2000, show_default=True, help="Games in the database those figures compare with.")
@click.option("--rounds", default=7, show_default=True, help="Repetitions behind each median and spread.")
@click.option("--only", default=None, help="Comma-separated sections (default all): appends, http, rebuild, pages, "
              "lists, scheduler, timeouts, replay, storage, memory, concurrency, streams, steps, bots, strength, players, "
              "ratings, talk, archive.")
@click.option("--database", default=None, help="concurrency: also measure this postgresql:// URL (else SQLite only).")
@click.option("--seconds", default=10.0, show_default=True, help="concurrency: counted seconds per client count.")
@click.option("--clients", default="1,16", show_default=True, help="concurrency: the client counts, comma-separated.")
@click.option("--bot-games", default=4, show_default=True, help="bots: games per game, level and opponent.")
@click.option("--streams", default=2000, show_default=True, type=click.IntRange(1, 100_000),
              help="streams: live feeds held open on the host.")
@click.option("--strength-games", default=30, show_default=True, help="strength: level-2 games per game and opponent.")
@click.option("--jobs", default=1, show_default=True, type=click.IntRange(1, 64), help="strength: processes playing games.")
@click.option("--strength-for", default=None, help="strength: comma-separated games (default all).")
@click.option("--strength-seed", default="strength", show_default=True, help="strength: names the games' seeds.")
@click.option("--strength-from", default=0, show_default=True, type=click.IntRange(0),
              help="strength: the first game played (extends a run stopped early: game g of a seed is always the same).")
def bench(appends: int, played: int, seed: int, games: int, anchor: int, rounds: int, only: str | None,
          database: str | None, seconds: float, clients: str, bot_games: int, streams: int, strength_games: int,
          jobs: int, strength_for: str | None, strength_seed: str, strength_from: int) -> None:
    """Measure the figures the service is held to, each with its anchor from the same run."""
    from referee.ops import bench as benchmarks
    sections = tuple(s.strip() for s in only.split(",")) if only else benchmarks.SECTIONS
    unknown = set(sections) - set(benchmarks.SECTIONS)
    if unknown:
        _fail(f"unknown section(s) {', '.join(sorted(unknown))}; known: {', '.join(benchmarks.SECTIONS)}")
    counts = tuple(int(c) for c in clients.split(","))
    click.echo(json.dumps(benchmarks.run(appends, played, seed, games, anchor, rounds, sections, database, seconds,
                                         counts, bot_games, streams, (strength_games, strength_for, strength_seed, strength_from),
                                         jobs), indent=2))


@main.group()
def ratings() -> None:
    """Ratings per game (README, "Ratings and tournaments")."""


@ratings.command("rebuild")
@click.pass_context
def ratings_rebuild(ctx: click.Context) -> None:
    """Recompute every rating and completion record from the finished games' logs, in the order of
    their end (run it after a rules patch that changes a result, and once after upgrading past
    issue 35: seats bound to a player by an address alone lose that player); the numbers equal
    the incremental ones."""
    counts = _service(ctx).rebuild_ratings()
    click.echo(f"rebuilt ratings: {counts['games']} finished games, {counts['rated']} rated, {counts['titles']} titles, "
               f"{counts['unbound']} seats not taken by their player's own act unbound")


@main.group()
def archive() -> None:
    """The archive of finished public games and its statistics (README, "The archive")."""


@archive.command("rebuild")
@click.pass_context
def archive_rebuild(ctx: click.Context) -> None:
    """Recompute the archive's rows (and so every statistic) from the logs alone: after upgrading
    a database that had finished games before the archive existed, or a rules patch."""
    counts = _service(ctx).rebuild_archive()
    click.echo(f"rebuilt the archive: {counts['ended']} finished games, {counts['archived']} public")


@main.group()
def bots() -> None:
    """Bots (README, "Bots")."""


@bots.command("match")
@click.argument("game")
@click.option("--a", "a", default="search", show_default=True, type=click.Choice(["search", "random", "default"]))
@click.option("--b", "b", default="random", show_default=True, type=click.Choice(["search", "random", "default"]))
@click.option("--games", default=20, show_default=True, type=click.IntRange(1, 100_000))
@click.option("--level", default=2, show_default=True, type=click.IntRange(1, 3), help="Search bots' level.")
@click.option("--seats", default=2, show_default=True, type=int)
@click.option("--seed", default="match", show_default=True, help="Names the games' seeds and the bots' streams.")
@click.option("--json", "as_json", is_flag=True, help="End with one JSON line of the totals.")
def bots_match(game: str, a: str, b: str, games: int, level: int, seats: int, seed: str, as_json: bool) -> None:
    """Bot a against bot b in process: wins, draws, mean scores (seats alternate, first seat rotates)."""
    from referee.bots.match import match, percentiles
    from referee.engine.registry import GAME_IDS, rules_for
    if game not in GAME_IDS:
        _fail(f"unknown game {game!r}; known games: {', '.join(GAME_IDS)}")
    rules = rules_for(game)
    if not rules.min_players <= seats <= rules.max_players:
        _fail(f"{game} takes {rules.min_players}-{rules.max_players} seats, not {seats}")

    def progress(g: int, tally) -> None:
        click.echo(f"game {g + 1}/{games}: a {tally.a_wins} b {tally.b_wins} draws {tally.draws}", err=True)

    tally = match(game, a, b, games, level, seats, seed, progress)
    out = tally.to_json()
    for side, name in (("a", a), ("b", b)):
        p50, p99 = percentiles(tally.seconds[side])
        thought = tally.playouts_p50(side)
        click.echo(f"{side} ({name}{f' level {level}' if name == 'search' else ''}): "
                   f"{out[side + '_wins']} wins, mean score {out[side + '_mean_score']}, "
                   f"decision p50 {p50} ms p99 {p99} ms"
                   + (f", playouts per weighed decision: median {thought}" if thought is not None else ""))
    click.echo(f"{out['games']} games, {out['draws']} draws")
    if as_json:
        click.echo(json.dumps(out))


@main.command("i18n")
def i18n_command() -> None:
    """Extract the message ids from the code and pages and update the German catalog
    (referee/locale/de/LC_MESSAGES/messages.po); lists the ids still to translate."""
    from referee.ops.i18n import update
    missing = update()
    for lang, ids in missing.items():
        click.echo(f"{lang}: {len(ids)} message(s) to translate")
        for msgid in ids:
            click.echo(f"  {msgid!r}")


if __name__ == "__main__":
    main()
