"""The web pages: game list, create form, game page (board, prompt, history, audit), rules pages.

Server-rendered with Jinja (autoescaped); the only script is static/game.js (live updates and
keyboard stepping), so the Content-Security-Policy can forbid inline script. A move is built
step by step from what `Referee.steps` offers (links on the board and beside it, `?chosen=`),
then posted whole as a plain form; the move form takes the game's text form or JSON. The
service judges them exactly as it judges the API.
"""

from __future__ import annotations

import functools
import hmac
from functools import lru_cache
from typing import Any
from urllib.parse import urlsplit

from flask import Blueprint, Response, current_app, g, make_response, redirect, render_template, request, url_for

from referee.engine import glossary, playerpage
from referee.engine.registry import GAME_IDS, rules_for
from referee.engine.steps import parse_chosen
from referee.api.abuse import creation_limit
from referee.plumbing.jsontext import read_json
from referee.plumbing.numbers import int_param, optional_int_param, MAX_INT, MAX_SEAT
from referee.plumbing.errors import BadRequest, Forbidden, NotFound, ServiceError
from referee.service.referee import Referee
from referee.plumbing.i18n import LANGS, N_, Text, known
from referee.service.narration import event_kind, result_sentence
from referee.service.notices.messages import status_word
from referee.web import access, gamepage, i18n, present, redirects, rulebook

bp = Blueprint("web", __name__, template_folder="templates", static_folder="static", static_url_path="/web-static")

@lru_cache(maxsize=1)
def seat_ranges() -> dict[str, tuple[int, int]]:
    """Each game's (fewest, most) seats: the create form offers the selected game's rows. Read
    on first use, not at import: loading every game's rules would slow the server's start."""
    return {g: (rules_for(g).min_players, rules_for(g).max_players) for g in GAME_IDS}


def max_seats() -> int:
    """Rows in the create form: the most seats any game takes (the rest of a game's are hidden)."""
    return max(most for _, most in seat_ranges().values())


def service() -> Referee:
    return current_app.extensions["referee"]


def secret() -> bytes:
    return service().secret_key


@bp.app_context_processor
def _globals() -> dict[str, Any]:
    return {"games": [(g, _title(g)) for g in GAME_IDS], "game_title": _title, "rule_link": present.rule_link,
            "seat_ranges": seat_ranges(), "max_seats": max_seats(), "schema_words": _schema_words,
            "event_kind": lambda etype: event_kind(etype, i18n.current()),
            "status_word": lambda status: status_word(status, i18n.current())}


# A schema violation in the reader's words, by the JSON Schema keyword it breaks; the library's
# own (English) message stays beneath it, folded.
SCHEMA_WORDS = {"type": N_("has the wrong type"), "required": N_("lacks a field it needs"),
                "enum": N_("is not one of the allowed values"), "const": N_("is not the allowed value"),
                "minimum": N_("is too small"), "maximum": N_("is too large"),
                "exclusiveMinimum": N_("is too small"), "exclusiveMaximum": N_("is too large"),
                "minLength": N_("is too short"), "maxLength": N_("is too long"),
                "minItems": N_("has too few entries"), "maxItems": N_("has too many entries"),
                "pattern": N_("is not written in the expected form"), "format": N_("is not written in the expected form"),
                "additionalProperties": N_("has a field that is not allowed here"),
                "uniqueItems": N_("repeats an entry"), "anyOf": N_("matches none of the allowed forms"),
                "oneOf": N_("matches none of the allowed forms")}
SCHEMA_OTHER = N_("does not match what is expected here")


def _schema_words(keyword: str | None) -> str:
    return i18n.current().gettext(SCHEMA_WORDS.get(keyword or "", SCHEMA_OTHER))


@functools.lru_cache(maxsize=None)
def _title(game: str) -> str:
    """A game's title (cached: building a rules object checks its component data, and every page
    names every game in its menu)."""
    try:
        return rules_for(game).title
    except Exception:  # a game package under construction
        return game


def page(template: str, status: int = 200, **context: Any) -> Response:
    """A rendered page with this browser's CSRF token (the nonce cookie is set when new)."""
    html = render_template(template, csrf=access.csrf_token(secret()), **context)
    resp = make_response(html, status)
    resp.mimetype = "text/html"
    return access.ensure_csrf_cookie(resp)


@bp.errorhandler(ServiceError)
def _service_error(e: ServiceError):
    return page("error.html", e.status, problem=e.problem(i18n.current()))


@bp.post("/language")
def set_language():
    """The language switch: this browser's language (a cookie), and the signed-in player's and
    the seat's of the game page it came from (their mails follow it too)."""
    target = redirects.local_path(request.form.get("next")) or "/"
    game_id = redirects.game_of(target)
    _require_csrf(game_id)  # the form was the page's, bound to that page's game
    lang = known(request.form.get("lang"))
    if lang is None:
        raise BadRequest(Text("lang must be en or de"), parameter="lang")
    player = service().player_or_none(access.player_session())
    if player:
        service().update_player(player, {"lang": lang})
    if game_id:
        try:
            loaded = service().load(game_id)
            seat = access.seat_from_cookie(service().seat_link_ok, game_id, loaded.seat_count())
        except ServiceError:
            seat = None
        if seat is not None:
            service().set_seat_language(game_id, seat, lang)
    resp = redirect(target, 303)
    resp.set_cookie(i18n.LANG_COOKIE, lang, max_age=access.SEAT_COOKIE_MAX_AGE, samesite="Lax",
                    secure=request.is_secure, httponly=True)
    return resp


def _require_csrf(*game_id: str | None) -> None:
    """400 unless the posted form is this site's own, for these credentials (`game_id`: the
    game it acts on, when not its path's)."""
    if not access.csrf_ok(secret(), *game_id):
        raise BadRequest(Text("the form has expired or did not come from this site; reload the page and try again"))


# -- list and create -------------------------------------------------------------------------

@bp.get("/")
def index():
    return page("index.html", listed=service().list_games(limit=100))


def _new_page(form, status: int = 200, problem: dict | None = None) -> Response:
    """The create form with the rows of the selected game's seats (`?game=ID` or the posted one)."""
    selected = form.get("game") if form.get("game") in GAME_IDS else GAME_IDS[0]
    return page("new.html", status, form=form, max_seats=max_seats(), seat_ranges=seat_ranges(),
                selected=selected, problem=problem, needs_key=bool(current_app.config["REFEREE"].create_key))


@bp.get("/new")
def new_game():
    return _new_page(request.args)


@bp.post("/new")
@creation_limit
def create_game():
    """The same limits as POST /games: games per client address, and the creation key when the
    server has one (typed into the form instead of sent as a header)."""
    _require_csrf()
    form = request.form
    key = current_app.config["REFEREE"].create_key
    if key and not hmac.compare_digest(form.get("create_key", "").encode(), key.encode()):
        raise Forbidden(Text("creating games on this server needs its creation key"))
    try:
        body = _create_body(form)
        created = service().create_game(body)
    except (ValueError, ServiceError) as e:
        problem = e.problem(i18n.current()) if isinstance(e, ServiceError) else {"title": i18n.current().gettext("Bad request"), "detail": str(e), "status": 400}
        return _new_page(form, problem=problem)
    # POST-redirect-GET: reloading the page that shows the links creates nothing. The links go
    # to the redirect target once, in a cookie scoped to it, never in a URL. A game against bots
    # has one person: it lands in that seat (its personal link signs this browser in).
    if form.get("mode") == "solo":
        resp = redirect(urlsplit(created["seats"][0]["url"]).path, 303)
    else:
        resp = redirect(url_for("web.created", game_id=created["id"]), 303)
    shown = {"id": created["id"], "url": created["url"], "seed_commitment": created["seed_commitment"],
             "seats": [{k: s.get(k) for k in ("seat", "name", "url", "token", "bot")} for s in created["seats"]]}
    access.stash_created(resp, secret(), created["id"], shown)
    access.mark_creator(resp, secret(), created["id"])
    return resp


@bp.get("/new/created/<game_id>")
def created(game_id: str):
    """The created game's personal links and tokens, shown once to the browser that created it."""
    service().load(game_id)  # 404 for an unknown game
    shown, forget = access.take_created(secret(), game_id)
    if shown is not None and shown.get("id") != game_id:
        shown = None
    resp = page("created.html", created=shown, game_id=game_id)
    return forget(resp)


def _solo_body(form) -> dict[str, Any]:
    """"Play against bots": the player in seat 0, bots of one kind in the other seats."""
    name = form.get("solo_name", "").strip()
    if not name:
        raise ValueError("your name is needed to play against bots")
    count = int_param("solo_seats", form.get("solo_seats"), 2, 2, max_seats())  # before the seats are built
    level = form.get("solo_level", "2")
    bot = {"bot": "random"} if level == "random" else {"bot": "search", "level": int(level) if level in ("1", "2", "3") else 2}
    return {"game": form.get("solo_game", ""), "seats": [{"name": name}] + [dict(bot) for _ in range(count - 1)]}


def _create_body(form) -> dict[str, Any]:
    if form.get("mode") == "solo":
        return _solo_body(form)
    seats = []
    for i in range(max_seats()):
        name = form.get(f"name{i}", "").strip()
        email = form.get(f"email{i}", "").strip()
        invite = form.get(f"invite{i}", "").strip()
        if name:
            seats.append({"name": name, **({"email": email} if email else {})})
        elif invite:  # a seat kept for that address: the invitation is mailed (API: {"invite"})
            seats.append({"invite": invite})
    body: dict[str, Any] = {"game": form.get("game", ""), "seats": seats}
    for key in ("options", "clock"):
        text = form.get(key, "").strip()
        if text:
            try:
                body[key] = read_json(text)
            except BadRequest as e:
                raise ValueError(f"{key}: {e.detail}") from None
    return body


# -- seats -----------------------------------------------------------------------------------

@bp.get("/play/<game_id>/<int:seat>/<key>")
def sign_in(game_id: str, seat: int, key: str):
    """A personal link: sign this browser in as `seat`, then show the game without the key."""
    loaded = service().load(game_id)
    if seat >= loaded.seat_count() or not service().seat_link_ok(game_id, seat, key):
        raise NotFound(Text("this personal link is not valid (ask the game's host for yours)"))
    resp = redirect(url_for("web.game", game_id=game_id), 303)
    access.sign_in(resp, game_id, seat, key)
    return resp


@bp.post("/g/<game_id>/leave")
def sign_out(game_id: str):
    _require_csrf()
    resp = redirect(url_for("web.game", game_id=game_id), 303)
    access.sign_out(resp, game_id)
    return resp


def _own_seat(game_id: str, action: str) -> int:
    """This browser's seat for an action only a seat may take, else 404 saying what it needs."""
    seat = _seat(game_id)
    if seat is None:
        raise NotFound(f"only a seat can {action}: open your personal link first")
    return seat


def _seat(game_id: str) -> int | None:
    """The seat of this browser's personal link for the game, else the seat its signed-in
    player holds there (no seat link needed), else None (a spectator)."""
    seat = access.seat_from_cookie(service().seat_link_ok, game_id, service().load(game_id).seat_count())
    if seat is None:
        seat = service().seat_of_session(game_id, access.player_session())
    if seat is not None:  # the page speaks the seat's language (i18n.chosen_lang)
        g.referee_lang = service().seat_language(game_id, seat)
    return seat


# -- the game page ---------------------------------------------------------------------------

MAX_CHOSEN = 64  # choices in a path (a move is a short path; anything longer is not one)


def _build(game_id: str, seat: int | None, at: int | None = None, kind: str | None = None,
           chosen: list[str] | None = None, part: bool = False, history: int | None = None) -> gamepage.GamePage:
    base = url_for("web.game", game_id=game_id)
    return gamepage.build(service(), game_id, seat, at, base=base, kind=kind, chosen=chosen, part=part,
                          tr=i18n.current(), history_upto=history)


@bp.get("/g/<game_id>")
def game(game_id: str):
    """The game page; `?kind=K&chosen=a,b` shows the seat's move of prompt K built so far (each
    option is a link to the next such page, so building a move needs no script). `&part=step`
    answers only the board and the decision, which is all a step changes (the script's swap)."""
    k = optional_int_param("at", request.args.get("at"), 0, MAX_INT)
    history = optional_int_param("history", request.args.get("history"), 1, MAX_INT)  # a page of the history
    opening = optional_int_param("opening", request.args.get("opening"), 1, 500)  # the first N moves
    if opening is not None:
        k = _seq_after_moves(game_id, opening)
    kind = request.args.get("kind") or None
    chosen = parse_chosen(request.args.get("chosen"))
    if len(chosen) > MAX_CHOSEN or any(len(c) > 200 for c in chosen):
        raise BadRequest(f"chosen: at most {MAX_CHOSEN} choices of at most 200 characters each")
    seat = _seat(game_id)
    if request.args.get("part") == "step":  # the page's script taking a step: board and decision only
        return page("_layout.html", gp=_build(game_id, seat, None, kind, chosen, part=True))
    table = service().open_table(game_id, access.player_session()) if service().load(game_id).status == "open" else None
    return page("game.html", gp=_build(game_id, seat, k, kind, chosen, history=history), table=table,
                created_here=access.is_creator(secret(), game_id), opening=opening, preview=game_preview(game_id))


def game_preview(game_id: str) -> dict[str, Any]:
    """A game page's link preview (Open Graph, Twitter card): title, a public description, the
    public board's picture (web/preview.py) and oEmbed discovery; never a seat's view."""
    svc = service()
    loaded = svc.load(game_id)
    names = [s["name"] for s in loaded.created["seats"]]
    tr = i18n.current()
    title = tr.gettext("%(title)s: %(players)s", title=loaded.rules.title, players=tr.join(names))
    if loaded.result:
        text = result_sentence(loaded.result, names, tr)
    else:
        text = tr.ngettext("A game of %(title)s, %(num)s event so far.", "A game of %(title)s, %(num)s events so far.",
                           loaded.seq, num=loaded.seq, title=loaded.rules.title)
    page_url = url_for("web.game", game_id=game_id, _external=True)
    return {"title": title, "description": text, "url": page_url,
            "image": url_for("preview_web.preview_png", game_id=game_id, at=loaded.seq, _external=True),
            "oembed": url_for("preview_web.oembed", url=page_url, format="json", _external=True)}


def _seq_after_moves(game_id: str, n: int) -> int:
    """The event after which the game's first `n` moves (played or timed out) are made: the
    opening view is the history stepper at that event (the whole log when it has fewer)."""
    made, last = 0, 1
    for e in service().raw_events(game_id):
        last = e.seq
        if e.type in ("move", "timeout"):
            made += 1
            if made == n:
                break
    return last


@bp.post("/g/<game_id>/move")
def play(game_id: str):
    seat = _own_seat(game_id, "move")
    _require_csrf()
    form = request.form
    typed = {"text": form.get("text", ""), "json": form.get("json", "")}
    try:
        move = _move_from(form, service().load(game_id).rules)
        seq = optional_int_param("seq", form.get("seq"), 0, MAX_INT)
        body: dict[str, Any] = {"move": move}
        if seq is not None:
            body["expected_seq"] = seq
        service().submit_move(game_id, seat, body)
    except (ValueError, ServiceError) as e:
        problem = e.problem(i18n.current()) if isinstance(e, ServiceError) \
            else {"title": i18n.current().gettext("Not a move"), "detail": _reason(e, game_id), "status": 400}
        # 200: the refusal is shown inline in the page (the API answers 4xx); data-status keeps it
        return page("game.html", gp=_build(game_id, seat), problem=problem, typed=typed)
    return redirect(url_for("web.game", game_id=game_id), 303)


@bp.post("/g/<game_id>/say")
def say(game_id: str):
    """Table talk from this browser's seat (the API's use case; a refusal is shown in the page)."""
    seat = _own_seat(game_id, "write to the table")
    _require_csrf()
    to = request.form.get("to", "all")
    body = {"to": to if to in ("all", "note") else [int_param("to", to, None, 0, MAX_SEAT)],
            "text": request.form.get("text", "")}
    try:
        service().post_message(game_id, seat, body)
    except ServiceError as e:
        return page("game.html", gp=_build(game_id, seat), problem=e.problem(i18n.current()))
    return redirect(url_for("web.game", game_id=game_id) + "#talk", 303)


@bp.post("/g/<game_id>/mute")
def mute(game_id: str):
    """Mute (or unmute) another seat's messages for this browser's seat alone."""
    seat = _own_seat(game_id, "mute")
    _require_csrf()
    other = int_param("seat", request.form.get("seat"), None, 0, MAX_SEAT)
    service().set_mute(game_id, seat, other, request.form.get("on") != "0")
    return redirect(url_for("web.game", game_id=game_id) + "#talk", 303)


@bp.post("/g/<game_id>/start")
def start(game_id: str):
    """The creator (signed in) starts an open table early with the seats taken so far."""
    _require_csrf()
    service().start_game(game_id, access.player_session())
    return redirect(url_for("web.game", game_id=game_id), 303)


@bp.post("/g/<game_id>/cancel")
def cancel(game_id: str):
    """The creator (signed in) cancels an open table nobody else needs."""
    _require_csrf()
    service().cancel_game(game_id, access.player_session())
    return redirect(url_for("web.game", game_id=game_id), 303)


@bp.post("/g/<game_id>/resign")
def resign(game_id: str):
    """Resign this browser's seat (a service action; the rules say what it means)."""
    seat = _own_seat(game_id, "resign")
    _require_csrf()
    service().resign(game_id, seat)
    return redirect(url_for("web.game", game_id=game_id), 303)


@bp.post("/g/<game_id>/rematch")
def rematch(game_id: str):
    """Ask for a rematch of a finished game, or accept the one another seat asked for."""
    seat = _own_seat(game_id, "ask for a rematch")
    _require_csrf()
    taken = service().rematch_seat(game_id, seat, service().player_or_none(access.player_session()))
    resp = redirect(url_for("web.game", game_id=taken["id"]), 303)
    access.sign_in(resp, taken["id"], taken["seat"], taken["url"].rsplit("/", 1)[1])
    return resp


def _seat_action(game_id: str, action) -> Response:
    """A seat's foresight action from its page (issue 27): done, then back to the page; a refusal
    shown inline, as a refused move is."""
    seat = _own_seat(game_id, "do this")
    _require_csrf()
    try:
        action(seat, request.form)
    except ServiceError as e:
        return page("game.html", gp=_build(game_id, seat), problem=e.problem(i18n.current()))
    return redirect(url_for("web.game", game_id=game_id) + "#foresight", 303)


@bp.post("/g/<game_id>/presets")
def queue_preset(game_id: str):
    """Queue a move for the seat's next turn (the move built step by step, or one in the text
    form, optionally guarded by the opponent's last move), or clear the queue."""
    def act(seat: int, form) -> None:
        if form.get("clear"):
            service().clear_presets(game_id, seat)
            return
        move = form.get("move", "").strip() or form.get("text", "").strip()
        if not move:
            raise BadRequest(Text("write the move to queue in the text form"))
        try:
            entry: dict[str, Any] = {"move": _json_move(move) if move.startswith("{") else move}
        except ValueError as e:
            raise BadRequest(e.args[0] if e.args and isinstance(e.args[0], Text) else str(e)) from None
        if form.get("if", "").strip():
            entry["if"] = {"opponent_move": form["if"].strip()}
        service().queue_presets(game_id, seat, {"moves": [entry]})
    return _seat_action(game_id, act)


@bp.post("/g/<game_id>/takeback")
def ask_takeback(game_id: str):
    return _seat_action(game_id, lambda seat, form: service().request_takeback(game_id, seat, {}))


@bp.post("/g/<game_id>/takeback/answer")
def answer_takeback(game_id: str):
    def act(seat: int, form) -> None:
        tid = int_param("tid", form.get("tid"), None, 0, MAX_INT)
        service().answer_takeback(game_id, seat, tid, form.get("answer") == "accept")
    return _seat_action(game_id, act)


@bp.post("/g/<game_id>/propose")
def propose(game_id: str):
    def act(seat: int, form) -> None:
        to = optional_int_param("to", form.get("to"), 0, MAX_SEAT)
        if to is not None:
            service().propose(game_id, seat, {"kind": "concede", "to": to})
        else:
            service().propose(game_id, seat, {"kind": form.get("kind", "")})
    return _seat_action(game_id, act)


@bp.post("/g/<game_id>/vote")
def vote(game_id: str):
    def act(seat: int, form) -> None:
        pid = int_param("pid", form.get("pid"), None, 0, MAX_INT)
        service().vote(game_id, seat, pid, {"vote": form.get("vote", "")})
    return _seat_action(game_id, act)


def _move_from(form, rules) -> dict:
    """The move a form carries: a choice button's JSON, else the text form, else typed JSON."""
    button = form.get("move", "").strip()
    if button:
        return _json_move(button)
    text = form.get("text", "").strip()
    if text:
        return glossary.parse_text(rules, text)
    typed = form.get("json", "").strip()
    if typed:
        return _json_move(typed)
    raise ValueError(Text("write a move in the text form (or as JSON)"))


def _reason(e: ValueError, game_id: str) -> str:
    """Why a typed move is not one, in the page's language (the text form's reasons are `Text`s)."""
    reason = e.args[0] if e.args and isinstance(e.args[0], Text) else str(e)
    return i18n.current().text(reason, functools.partial(glossary.term, service().load(game_id).game))


def _json_move(raw: str) -> dict:
    try:
        move = read_json(raw)
    except BadRequest as e:
        raise ValueError(Text("the move is not valid JSON: %(error)s", error=e.detail)) from None
    if not isinstance(move, dict):
        raise ValueError(Text("a move is a JSON object with a \"type\""))
    return move


# -- rules -----------------------------------------------------------------------------------

@bp.get("/rules/<game>")
def rules_page(game: str):
    if game not in GAME_IDS:
        raise NotFound(Text("no game '%(id)s'", id=game))
    asked = request.args.get("lang")
    if asked is not None:  # a game page's link, in its reader's language (a seat's may differ from the browser's)
        if asked not in LANGS:
            raise BadRequest(f"lang must be one of {', '.join(LANGS)}", parameter="lang")
        g.referee_lang = asked
    lang = i18n.current().lang
    html, ids = rulebook.player_page(game, lang)
    wanted = request.args.get("rule", "")
    missing = wanted if wanted and wanted not in ids and rulebook.RULE_ID.fullmatch(wanted) else None
    return page("rules.html", gp=None, game=game, title=_title(game), body=html, rule_ids=ids, missing=missing,
                untranslated=playerpage.page_lang(game, lang) != lang)
