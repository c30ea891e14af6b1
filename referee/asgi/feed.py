"""`GET /games/{id}/events` on the event loop: the audit log, and the live change feed.

Two forms on one path, chosen by the `Accept` header:

- JSON (the default): the events after `after`; with `wait=S` a long poll that answers as soon
  as an event after `after` exists, or with an empty list after S seconds (scripts and bots).
- Server-Sent Events (`Accept: text/event-stream`, what a browser's EventSource sends): every
  event after `after` (or after `Last-Event-ID` on a reconnect) as `id: SEQ` + `data: JSON`,
  in order, once each; a comment line every `stream_heartbeat` seconds so proxies keep the
  connection; closed after `stream_lifetime` seconds, when the client reconnects with
  `Last-Event-ID` and misses nothing.

Waiting holds no thread: a waiter is a coroutine woken by the process's one head watcher
(store/watch.py). Blocking work (the seat check, reading and redacting events) runs in a small
thread pool of its own, so feeds and the Flask app's pool never starve each other. When a move
wakes many streams of one game, the read is done once per viewer and shared (`_frames`), and
once per host: the other workers of the host read back what the first one rendered (hostframes.py).

Every event sent is redacted for the connection's viewer by the service's one function
(`Referee.feed` = `read.events_for` + narration). The viewer is the seat of a bearer token, as
in the API (failed checks count toward the same per-address lock-out), or else of the page's
seat cookie (web/access.py), or a spectator.

A seat's reader is the holder of the moment only (issue 35). A feed keeps its reader's
credential (`Reader`) and, before it sends anything after a wake-up, checks it against the
store again (a hash lookup): read first, checked after, so whatever is sent was read while the
credential was still the seat's. The feed also waits on its credential's keys (store/watch.py:
`<game>/seats` moves when a seat changes hands, `players/tokens` when a token or session is
revoked), so a dead credential ends its stream (`event: revoked`) or its long poll (401) at
once, not at the end of its lifetime.
"""

from __future__ import annotations

import asyncio
import logging
import random
import re
import time
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import Any, AsyncIterator, Callable

import orjson
from flask import Flask
from prometheus_client import Gauge
from starlette.requests import Request
from starlette.responses import Response

from referee.api import abuse
from referee.api.games import MAX_SEQ, MAX_WAIT
from referee.api.http import lang_of, parse_bearer
from referee.asgi.hostframes import HostFrames
from referee.asgi.limits import StreamLimits
from referee.plumbing.config import Config
from referee.plumbing.errors import DATABASE_AWAY, BadRequest, ServiceError, Unauthorized
from referee.plumbing.numbers import int_param
from referee.plumbing.observability import REQUEST_LOG, json_logger, log_fields
from referee.service.referee import Referee
from referee.store.db import OperationalError
from referee.store.watch import PLAYER_TOKENS, HeadWatcher, read_heads, seats_key
from referee.web.access import PLAYER_COOKIE, cookie_name, seat_cookie_name, seat_from_cookie_value

ROUTE = "/games/<game_id>/events"  # as the request log names routes (Flask's rule syntax)
FEED_PATH = re.compile(r"/games/([^/]+)/(events|messages)")
ROUTES = {"events": ROUTE, "messages": "/games/<game_id>/messages"}
READ_THREADS = 4      # the feed's pool for blocking reads (each holds a database connection)
# How long an EventSource waits before it reconnects: a random time in this range per stream, so
# the streams a restart cuts come back over seconds, not in one burst that saturates the host and
# delays its health check (issue 41: 2,000 streams opening in 0.9 s held /healthz for 47 ms).
RETRY_MS = (3000, 9000)
SHARED_READS = 1024   # reads kept for other streams of the same game, viewer and position
HEADERS = {"X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY", "Referrer-Policy": "no-referrer",
           "Cache-Control": "no-store"}
# nginx passes a response with this header on at once instead of buffering it (deploy/).
LAST_ID = re.compile(r"[0-9]{1,16}")  # as the OpenAPI document has it
STREAM_HEADERS = {**HEADERS, "X-Accel-Buffering": "no"}
# One list for every stream (ASGI headers: lower-case name and value as bytes)
STREAM_RAW_HEADERS = [(b"content-type", b"text/event-stream; charset=utf-8"),
                      *((k.lower().encode(), v.encode()) for k, v in STREAM_HEADERS.items())]
# The last frame of a stream whose reader's credential died (the seat changed hands, the token
# was revoked, the player signed out): a client should not reconnect with it.
REVOKED = b'event: revoked\ndata: {"reason": "the credential of this stream is no longer valid"}\n\n'
DEAD = "the credential is no longer valid (the seat changed hands, or the token was revoked)"

log = logging.getLogger(__name__)


@dataclass
class Reader:
    """Who reads a feed and the credential that says so, kept to be checked again: the bearer
    token, the seat cookie or the player session, the seat and tenure they gave when the feed
    opened, and the marks of the credential keys it waits on (none for a spectator)."""
    authorization: str | None
    cookie: str
    session: str
    address: str
    seat: int | None = None
    tenure: int = 0
    marks: dict[str, int] = field(default_factory=dict)


class LiveFeed:
    """The feed's route, its waiters' watcher, its read pool and its limits (one per app)."""

    def __init__(self, flask_app: Flask):
        self.flask = flask_app
        self.service: Referee = flask_app.extensions["referee"]
        self.config: Config = flask_app.config["REFEREE"]
        self.watcher = HeadWatcher(self.service.database)
        self.host_frames = HostFrames(self.service.database)
        self.pool = ThreadPoolExecutor(max_workers=READ_THREADS, thread_name_prefix="referee-feed")
        self.limits = StreamLimits(self.config.streams_per_address, self.config.streams_per_process)
        self._reads: OrderedDict[tuple, asyncio.Future] = OrderedDict()
        self._opening: dict[tuple, asyncio.Future] = {}
        self.requests = json_logger(REQUEST_LOG)
        registry = flask_app.extensions.get("metrics_registry")
        if registry is not None:
            Gauge("referee_live_feeds", "Open event streams and waiting long polls (this process)",
                  registry=registry).set_function(lambda: self.limits.open)

    def close(self) -> None:
        self.watcher.close()
        self.host_frames.close()
        self.pool.shutdown(wait=False, cancel_futures=True)

    # -- the route ----------------------------------------------------------------------------

    def route(self, scope: dict[str, Any]) -> str | None:
        """The channel a request is for ("events", "messages"), None when it is not the feed's:
        `/games/{id}/events` (every method: this answers the 405s), GET and HEAD of
        `/games/{id}/messages` (the table talk the viewer may read, the same way; `id:` is a
        message's seq; POST, writing a message, goes to Flask). Sets the game's id in the scope."""
        found = FEED_PATH.fullmatch(scope["path"]) if scope["type"] == "http" else None
        if found is None or (found[2] == "messages" and scope["method"] not in ("GET", "HEAD")):
            return None
        scope["path_params"] = {"game_id": found[1]}
        return found[2]

    async def serve(self, scope: dict[str, Any], receive: Any, send: Any, channel: str) -> None:
        """The ASGI call of a feed request, straight from the app (asgi/__init__.py): none of
        the router's and middleware's frames stay on a stream's stack while it waits."""
        response = await self._endpoint(Request(scope, receive), channel)
        await response(scope, receive, send)

    async def _endpoint(self, request: Request, channel: str) -> Response:
        started = time.perf_counter()
        game_id = request.path_params["game_id"]
        try:
            if request.method == "OPTIONS":
                response = Response(status_code=200, headers={**HEADERS, "Allow": "GET, HEAD, OPTIONS"})
            elif request.method not in ("GET", "HEAD"):
                response = problem_response(405, "Method Not Allowed", "The method is not allowed for the requested URL.",
                                    {"Allow": "GET, HEAD, OPTIONS"})
            elif request.method == "GET" and "text/event-stream" in request.headers.get("accept", ""):
                response = await self._stream(request, game_id, started, channel)
            else:
                response = await self._poll(request, game_id, channel)
        except ServiceError as e:
            response = problem_response(e.status, e.title, e.detail, e.headers, e.problem())
        except OperationalError as e:  # as app.py: the database is away, nothing changed
            response = database_away(e)
        if not isinstance(response, _Stream):  # a stream is logged when it ends
            self._log(request.method, game_id, response.status_code, started, route=ROUTES[channel])
        return response

    async def _poll(self, request: Request, game_id: str, channel: str) -> Response:
        after = _after(request)
        wait = int_param("wait", request.query_params.get("wait"), 0, 0, MAX_WAIT)
        if channel == "events":  # checked as documented, though only a stream uses it
            int_param("talk_after", request.query_params.get("talk_after"), 0, 0, MAX_SEQ)
        # A read that does not wait reads the store: the watcher hears of a commit a moment after
        # it, and a client that has just had its move acknowledged must find it in the log.
        reader, frames = await self._open(request, game_id, after, channel, fresh=wait == 0)
        lang = lang_of(request.headers.get("accept-language"))
        events = [e for _, e, _ in frames]
        if not events and wait > 0:
            address = _address(request)
            key = watch_key(game_id, channel)
            self.limits.acquire(address)
            try:
                passed = await self.watcher.wait_any({key: after, **reader.marks}, wait)
                if key in passed:
                    events = [e for _, e, _ in await self._frames(game_id, reader, after, passed[key], channel, lang)]
                if passed and not await self._still(game_id, reader):
                    raise Unauthorized(DEAD)
            finally:
                self.limits.release(address)
        return Response(self.flask.json.dumps({channel: events}) + "\n", media_type="application/json",
                        headers=HEADERS)

    async def _stream(self, request: Request, game_id: str, started: float, channel: str = "events") -> Response:
        after = _after(request)
        int_param("wait", request.query_params.get("wait"), 0, 0, MAX_WAIT)  # accepted, not needed
        # The game page's one stream also carries its table talk: `talk_after=M` adds the messages
        # after M the viewer may read, as `event: talk` frames (no id: Last-Event-ID stays the events').
        raw_talk = request.query_params.get("talk_after")
        talk_after = int_param("talk_after", raw_talk, 0, 0, MAX_SEQ) \
            if raw_talk is not None and channel == "events" else None
        address = _address(request)
        self.limits.acquire(address)
        try:
            reader, first = await self._open(request, game_id, after, channel, stream=True)
        except BaseException:
            self.limits.release(address)
            raise
        # The body keeps what it needs of the request, not the request (its parsed headers and
        # query would stay in memory as long as the stream).
        events = self._events(request.method, lang_of(request.headers.get("accept-language")), game_id, reader,
                              after, first, started, channel, talk_after)
        return _Stream(events, lambda: self.limits.release(address))

    async def _events(self, method: str, lang: str, game_id: str, reader: Reader, after: int,
                      first: list[tuple[int, dict, bytes]], started: float,
                      channel: str = "events", talk_after: int | None = None) -> AsyncIterator[bytes]:
        """The stream's body: the events after `after`, then each new one as it is appended (and,
        with `talk_after`, the table talk after it as `event: talk` frames), for as long as the
        reader's credential holds (checked after each read, before anything read is sent)."""
        sent, revoked = 0, False
        key, talk_key = watch_key(game_id, channel), watch_key(game_id, "messages")
        try:
            yield f"retry: {random.randint(*RETRY_MS)}\n\n".encode()
            last = after
            for seq, _, frame in first:
                yield frame
                last, sent = seq, sent + 1
            talk_last = talk_after
            if talk_last is not None:
                talk = await self._talk(game_id, reader, talk_last, talk_last)
                if not await self._still(game_id, reader):
                    revoked = True
                    yield REVOKED
                    return
                for frame, talk_last in talk:
                    if frame:
                        yield frame
            # Lifetimes end spread out, so a server's streams do not all reconnect at once.
            until = time.monotonic() + self.config.stream_lifetime * random.uniform(0.85, 1.0)
            while (left := until - time.monotonic()) > 0:
                marks = {key: last, **reader.marks}
                if talk_last is not None:
                    marks[talk_key] = talk_last
                passed = await self.watcher.wait_any(marks, min(self.config.stream_heartbeat, left))
                if not passed:
                    if until - time.monotonic() > 0:
                        yield b": keep-alive\n\n"
                    continue
                reader.marks.update({k: v for k, v in passed.items() if k in reader.marks})
                frames = await self._frames(game_id, reader, last, passed[key], channel, lang) if key in passed else []
                talk = await self._talk(game_id, reader, talk_last, passed[talk_key]) \
                    if talk_last is not None and talk_key in passed else []
                if not await self._still(game_id, reader):
                    revoked = True
                    yield REVOKED
                    return
                for seq, _, frame in frames:
                    yield frame
                    last, sent = seq, sent + 1
                if channel == "messages" and key in passed:  # messages this viewer may not read: read past them
                    last = max(last, passed[key])
                for frame, talk_last in talk:
                    if frame:
                        yield frame
        finally:  # the slot is released by _Stream, also when this never started
            self._log(method, game_id, 200, started, stream=True, sent=sent, route=ROUTES[channel],
                      **({"revoked": True} if revoked else {}))

    async def _talk(self, game_id: str, reader: Reader, after: int, head: int) -> list[tuple[bytes, int]]:
        """The messages after `after` the viewer may read, each as a `talk` frame with the mark
        to go on from (at least `head`: messages it may not read are passed, not read again)."""
        found = await self._run(self.service.messages, game_id, reader.seat, after, 500, reader.tenure)
        out = [(f"event: talk\ndata: {self.flask.json.dumps(m)}\n\n".encode(), max(m["seq"], head)) for m in found]
        return out or [(b"", max(after, head))]

    # -- blocking work, in the feed's pool --------------------------------------------------------

    async def _open(self, request: Request, game_id: str, after: int, channel: str = "events",
                    stream: bool = False, fresh: bool = False) -> tuple[Reader, list[tuple[int, dict, bytes]]]:
        """The reader (401/404 as the API answers them) and the events after `after`. When the
        watcher knows the game's head (others wait on it), nothing is read unless there is
        something after `after`, and then the read is shared: a move answers every long poll
        of its game at once, and they all come back together. Streams of a game nobody waits on
        yet, opening together (pages loading at once), share the read under way (`_opening`):
        one that began before the latest commit misses nothing, as the stream then waits from
        where that read ended and the watcher wakes it at once. `fresh`: read the store whatever
        the watcher knows (a request that will not wait for the watcher to catch up)."""
        secure = request.url.scheme == "https"  # as the pages name their cookies (web/access.py)
        reader = Reader(request.headers.get("authorization"), request.cookies.get(seat_cookie_name(game_id, secure), ""),
                        request.cookies.get(cookie_name(PLAYER_COOKIE, secure), ""),  # a signed-in player's session
                        _address(request))
        if reader.authorization is not None or reader.cookie or reader.session:
            await self._run(self._authenticate, game_id, reader)
        head = self.watcher.head(watch_key(game_id, channel))
        lang = lang_of(request.headers.get("accept-language"))  # events' `text` in it, English by default
        # Who may read a message also changes when the game ends (private press revealed), which
        # moves no message head: a request of its own reads afresh, never a shared earlier read.
        if head is None and stream and channel == "events":
            frames = await self._opening_read(game_id, reader, after, lang)
        elif head is None or channel == "messages" or fresh:
            frames = await self._run(self._read_frames, game_id, reader.seat, reader.tenure, after, channel, lang)
        elif head <= after:
            frames = []
        else:
            frames = await self._frames(game_id, reader, after, head, channel, lang)
        if frames and not await self._still(game_id, reader):
            raise Unauthorized(DEAD)
        return reader, frames

    def _authenticate(self, game_id: str, reader: Reader) -> None:
        """The reader's seat and tenure, and the marks of its credential's keys read first (a
        credential that dies after this moves them)."""
        keys = [seats_key(game_id)] + ([PLAYER_TOKENS] if reader.authorization is not None or reader.session else [])
        marks = read_heads(self.service.db.conn, keys)
        reader.seat = self._viewer(game_id, reader.authorization, reader.cookie, reader.address, reader.session)
        if reader.seat is not None:
            reader.tenure = self.service.holder_tenure(game_id, reader.seat)
            reader.marks = marks

    async def _still(self, game_id: str, reader: Reader) -> bool:
        """Whether the reader's credential still gives its seat in its tenure (a spectator: yes)."""
        return reader.seat is None or await self._run(self._check, game_id, reader)

    def _check(self, game_id: str, reader: Reader) -> bool:
        try:
            seat = self._viewer(game_id, reader.authorization, reader.cookie, reader.address, reader.session,
                                count=False)
        except ServiceError:
            return False
        return seat == reader.seat and self.service.holder_tenure(game_id, seat) == reader.tenure

    def _viewer(self, game_id: str, authorization: str | None, cookie: str, address: str,
                session: str = "", count: bool = True) -> int | None:
        token = parse_bearer(authorization)
        if token is not None:
            key = abuse.client_key(self.flask, address)
            if count:
                abuse.refuse_if_locked_out(key, self.config)
            try:
                return self.service.seat_for(game_id, token)
            except Unauthorized:
                if count:
                    abuse.count_failure(key, self.config)
                raise
        seat = None
        if cookie:
            seats = self.service.load(game_id).seat_count()
            seat = seat_from_cookie_value(self.service.seat_link_ok, game_id, seats, cookie)
        if seat is None and session:
            seat = self.service.seat_of_session(game_id, session)
        return seat

    def _read_frames(self, game_id: str, viewer: int | None, tenure: int, after: int,
                     channel: str = "events", lang: str = "en") -> list[tuple[int, dict, bytes]]:
        if channel == "messages":  # table talk: the messages the viewer may read (service/talk/messages.py)
            found = self.service.messages(game_id, viewer, after, 500, tenure)
        else:
            found = self.service.feed(game_id, viewer, after, lang)
        return [(e["seq"], e, _frame(self.flask, e)) for e in found]

    async def _opening_read(self, game_id: str, reader: Reader, after: int, lang: str) -> list[tuple[int, dict, bytes]]:
        """The read of a stream opening on a game not yet watched, joined with one under way for
        the same viewer and position, and forgotten once done (a later one reads afresh)."""
        key = (game_id, reader.seat, reader.tenure, after, lang)
        future = self._opening.get(key)
        if future is None:
            future = self._opening[key] = asyncio.ensure_future(
                self._run(self._read_frames, game_id, reader.seat, reader.tenure, after, "events", lang))
            future.add_done_callback(lambda _: self._opening.pop(key, None))
        return await asyncio.shield(future)

    def _shared_read(self, key: tuple) -> list[tuple[int, dict, bytes]]:
        """`_read_frames` of a key of `_frames`, the events' rendered once per host (hostframes.py):
        the other workers woken by the same move read them back instead of narrating it again."""
        game_id, seat, tenure, after, _, channel, lang = key
        render = partial(self._read_frames, game_id, seat, tenure, after, channel, lang)
        if channel != "events":  # who may read a message changes with more than its head: never shared
            return render()
        return self.host_frames.get((self.service.database, *key), render)

    async def _frames(self, game_id: str, reader: Reader, after: int,
                      head: int, channel: str = "events", lang: str = "en") -> list[tuple[int, dict, bytes]]:
        """The events after `after` (the game's head being at least `head`) for the reader's
        seat, each with its SSE frame and its `text` in `lang`: read once for every stream of the
        game at the same place with the same seat, tenure and language (a move wakes them together)."""
        key = (game_id, reader.seat, reader.tenure, after, head, channel, lang)
        future = self._reads.get(key)
        if future is None:
            future = asyncio.ensure_future(self._run(self._shared_read, key))
            future.add_done_callback(lambda f: f.cancelled() or f.exception() is None or self._reads.pop(key, None))
            self._reads[key] = future
            while len(self._reads) > SHARED_READS:
                self._reads.popitem(last=False)
        return await asyncio.shield(future)

    async def _run(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self.pool, fn, *args)

    def _log(self, method: str, game_id: str, status: int, started: float, route: str = ROUTE,
             **extra: Any) -> None:
        log_fields(self.requests, "request", method=method, route=route, status=status,
                   ms=round((time.perf_counter() - started) * 1000, 2), game_id=game_id, **extra)


class _Stream:
    """A Server-Sent Events response that holds as little as it can while it waits (issue 41:
    10,000 per host): the status and shared header list, then each frame of its body, with one
    plain task waiting for the client to go away (Starlette's StreamingResponse keeps an anyio
    task group, a cancel scope, a second task and its own header list for each). It gives its
    feed slot back however it ends: also when the client went away before its body began (its
    generator then never runs, so a `finally` there never would)."""

    __slots__ = ("body", "release")
    status_code = 200

    def __init__(self, body: AsyncIterator[bytes], release: Callable[[], None]):
        self.body = body
        self.release = release

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        task, ended = asyncio.current_task(), False

        def went_away(f: asyncio.Future) -> None:
            if not ended and not f.cancelled():
                task.cancel()
        gone = asyncio.ensure_future(_disconnected(receive))
        gone.add_done_callback(went_away)
        try:
            await send({"type": "http.response.start", "status": 200, "headers": STREAM_RAW_HEADERS})
            async for frame in self.body:
                await send({"type": "http.response.body", "body": frame, "more_body": True})
            await send({"type": "http.response.body", "body": b"", "more_body": False})
        except asyncio.CancelledError:
            if not gone.done() or gone.cancelled():
                raise  # not the client's going away: the server's shutdown
            task.uncancel()  # the client went away: the stream ends as a normal one does
        finally:
            ended = True  # before anything awaits: a late callback cancels nothing now
            gone.cancel()
            await self.body.aclose()  # its `finally` (the stream's log line) runs now, not at a GC
            self.release()


async def _disconnected(receive: Any) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass


def watch_key(game_id: str, channel: str) -> str:
    """What the head watcher watches: a game's events, or its messages (store/watch.py)."""
    return game_id if channel == "events" else f"{game_id}/messages"


def _after(request: Request) -> int:
    """Where the feed starts: `Last-Event-ID` (a reconnecting EventSource) or else `after`."""
    after = int_param("after", request.query_params.get("after"), 0, 0, MAX_SEQ)
    last_id = request.headers.get("last-event-id")
    if last_id is None:
        return after
    if not LAST_ID.fullmatch(last_id):
        raise BadRequest(f"Last-Event-ID must be an event's seq (an integer from 0 to {MAX_SEQ})",
                         parameter="Last-Event-ID")
    return int_param("Last-Event-ID", last_id, 0, 0, MAX_SEQ)


def _address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def _frame(flask_app: Flask, event: dict[str, Any]) -> bytes:
    """One event as a Server-Sent Event: its sequence as the id, its JSON (one line) as data."""
    return f"id: {event['seq']}\ndata: {flask_app.json.dumps(event)}\n\n".encode()


def database_away(e: BaseException) -> Response:
    """The 503 of a request whose database is away (as app.py answers it): nothing changed."""
    log.warning("database unavailable: %s", type(e).__name__)
    return problem_response(503, "Service Unavailable", DATABASE_AWAY, {"Retry-After": "2"})


def problem_response(status: int, title: str, detail: str, headers: dict[str, str] | None = None,
             body: dict[str, Any] | None = None) -> Response:
    doc = body or {"type": "about:blank", "title": title, "status": status, "detail": detail}
    return Response(orjson.dumps(doc) + b"\n", status_code=status, media_type="application/problem+json",
                    headers={**HEADERS, **(headers or {})})
