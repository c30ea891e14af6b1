"""The OpenAPI 3.1 document, built from the very schema files the server validates with.

References are rewritten for the document: `#/$defs/x` inside a schema becomes
`#/components/schemas/<Name>/$defs/x`, and a sibling file (`"clock.json"`) becomes
`#/components/schemas/Clock`, so that OpenAPI tools resolve them without fetching anything.
"""

from __future__ import annotations

import posixpath
from functools import lru_cache
from typing import Any

from referee import __version__
from referee.engine.registry import GAME_IDS, rules_for
from referee.engine.schemas import load_schema
from referee.service.archive import search as archive_search
from referee.service.competition.ratings import CURSOR_PATTERN

API_SCHEMAS = {"CreateGame": "api/create_game.json", "GameCreated": "api/created.json",
               "SubmitMove": "api/submit_move.json", "Game": "api/game.json", "Prompt": "api/prompt.json",
               "Step": "api/step.json", "StepOption": "api/step_option.json", "StepAnswer": "api/steps.json",
               "Event": "api/event.json", "MoveAccepted": "api/move_minimal.json", "Problem": "api/problem.json",
               "Clock": "api/clock.json",
               "Action": "api/pause.json", "HandToBot": "api/hand_to_bot.json", "SignIn": "api/sign_in.json",
               "PlayerToken": "api/player_token.json", "PlayerUpdate": "api/player_update.json", "Join": "api/join.json",
               "Release": "api/release.json", "AddChannel": "api/channel.json", "Presets": "api/presets.json",
               "Takeback": "api/takeback.json", "Proposal": "api/proposal.json", "Vote": "api/vote.json",
               "CreateTournament": "api/create_tournament.json", "PostMessage": "api/post_message.json",
               "TalkPolicy": "api/talk_policy.json", "Message": "api/message.json"}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(name: str, description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": _ref(name)}}}


def _problems(*codes: int) -> dict[str, Any]:
    text = {400: "Malformed JSON or a schema violation (errors lists each with its path)",
            401: "Missing or invalid seat token", 403: "Not allowed for this seat",
            404: "No such game", 409: "Sequence conflict, game over or paused (current_seq)",
            422: "Illegal move or unprocessable request (rule names the rules spec id), or a name, address "
                 "or reason holding a control character (/problems/text-refused)"}
    return {str(c): {"description": text[c],
                     "content": {"application/problem+json": {"schema": _ref("Problem")}}} for c in codes}


GAME_ID = {"name": "game_id", "in": "path", "required": True, "schema": {"type": "string"}}
ACCEPT_LANGUAGE = {"name": "Accept-Language", "in": "header", "required": False, "schema": {"type": "string"},
                   "description": "The language of the answer's texts: `de` for German, else English"}
BEARER = [{"seatToken": []}]
# The change feed's query (events and table talk alike): what follows seq N, waiting up to S s.
AFTER = {"name": "after", "in": "query", "schema": {"type": "integer", "minimum": 0, "maximum": 2**53}}
WAIT = {"name": "wait", "in": "query", "schema": {"type": "integer", "minimum": 0, "maximum": 30}}


def _def_name(schema: str, definition: str) -> str:
    """The component name of `definition` from the `$defs` of component `schema`."""
    return f"{schema}_{definition}"


def _rewrite(node: Any, name: str, folder: str, names: dict[str, str]) -> Any:
    if isinstance(node, dict):
        out = {}
        for key, value in node.items():
            if key in ("$id", "$schema"):
                continue
            if key == "const" and isinstance(value, (list, dict, bool)):
                # the same constraint, in the form client generators understand
                out["enum"] = [value]
                continue
            if key == "$ref" and isinstance(value, str):
                if value.startswith("#/$defs/") and value.count("/") == 2:
                    value = f"#/components/schemas/{_def_name(name, value.rsplit('/', 1)[1])}"
                elif value.startswith("#"):
                    value = f"#/components/schemas/{name}{value[1:]}"
                else:
                    value = f"#/components/schemas/{names[posixpath.normpath(posixpath.join(folder, value))]}"
            out[key] = _rewrite(value, name, folder, names)
        return out
    if isinstance(node, list):
        return [_rewrite(v, name, folder, names) for v in node]
    return node


def component_files() -> dict[str, str]:
    """Component name -> schema file (under schemas/)."""
    files = dict(API_SCHEMAS)
    for g in GAME_IDS:
        for kind in ("move", "options", "state", "components"):
            files[f"{g}_{kind}"] = f"games/{g}/{kind}.json"
    return files


# Stable names for client generators (openapi-python-client, openapi-generator, ...).
OPERATION_IDS = {
    ("post", "/games"): "createGame", ("get", "/games"): "listGames", ("get", "/games/{game_id}"): "getGame",
    ("get", "/games/{game_id}/prompts"): "getPrompts", ("post", "/games/{game_id}/moves"): "submitMove",
    ("get", "/games/{game_id}/prompts/{kind}/steps"): "getSteps",
    ("get", "/games/{game_id}/events"): "getEvents", ("get", "/games/{game_id}/export"): "exportGame",
    ("post", "/games/{game_id}/resign"): "resign", ("post", "/games/{game_id}/pause"): "pause",
    ("post", "/games/{game_id}/resume"): "resume", ("post", "/games/{game_id}/bot"): "handToBot", ("post", "/mail/inbound"): "inboundMail",
    ("post", "/players/sign-in"): "signIn", ("post", "/players/tokens"): "createPlayerToken",
    ("delete", "/players/tokens/current"): "revokePlayerToken", ("get", "/players/me"): "getMe",
    ("patch", "/players/me"): "updateMe", ("delete", "/players/me"): "eraseMe",
    ("get", "/players/me/export"): "exportMyData", ("get", "/players/me/games"): "myGames",
    ("post", "/games/{game_id}/join"): "joinGame", ("post", "/games/{game_id}/seats/{seat}/release"): "releaseSeat",
    ("post", "/games/{game_id}/seats/{seat}/accept"): "acceptSeat", ("get", "/players/me/offers"): "mySeatOffers",
    ("post", "/games/{game_id}/start"): "startGame", ("post", "/games/{game_id}/cancel"): "cancelGame",
    ("post", "/games/{game_id}/rematch"): "rematch",
    ("get", "/games/{game_id}/presets"): "getPresets", ("post", "/games/{game_id}/presets"): "queuePresets",
    ("delete", "/games/{game_id}/presets"): "clearPresets", ("get", "/games/{game_id}/takebacks"): "getTakebacks",
    ("post", "/games/{game_id}/takebacks"): "requestTakeback",
    ("post", "/games/{game_id}/takebacks/{tid}/accept"): "acceptTakeback",
    ("post", "/games/{game_id}/takebacks/{tid}/refuse"): "refuseTakeback",
    ("get", "/games/{game_id}/proposals"): "getProposals", ("post", "/games/{game_id}/proposals"): "propose",
    ("post", "/games/{game_id}/proposals/{pid}/vote"): "voteOnProposal",
    ("post", "/games/{game_id}/channels"): "addChannel", ("get", "/games/{game_id}/channels"): "listChannels",
    ("delete", "/games/{game_id}/channels/{channel_id}"): "deleteChannel",
    ("post", "/games/{game_id}/channels/{channel_id}/test"): "testChannel",
    ("post", "/games/{game_id}/channels/{channel_id}/enable"): "enableChannel",
    ("post", "/players/me/channels"): "addMyChannel", ("get", "/players/me/channels"): "listMyChannels",
    ("delete", "/players/me/channels/{channel_id}"): "deleteMyChannel",
    ("post", "/players/me/channels/{channel_id}/test"): "testMyChannel",
    ("post", "/players/me/channels/{channel_id}/enable"): "enableMyChannel",
    ("get", "/push/key"): "getPushKey",
    ("get", "/ratings/{game}"): "getLeaderboard", ("get", "/players/{player_id}/profile"): "getPlayerProfile",
    ("post", "/tournaments"): "createTournament", ("get", "/tournaments/{tournament_id}"): "getTournament",
    ("post", "/tournaments/{tournament_id}/adjudicate"): "adjudicateGame",
    ("post", "/tournaments/{tournament_id}/confirm"): "confirmTournament",
    ("post", "/games/{game_id}/messages"): "postMessage", ("get", "/games/{game_id}/messages"): "getMessages",
    ("get", "/games/{game_id}/mutes"): "getMutes", ("put", "/games/{game_id}/mutes/{seat}"): "muteSeat",
    ("delete", "/games/{game_id}/mutes/{seat}"): "unmuteSeat",
    ("get", "/archive"): "searchArchive", ("get", "/stats/games/{game}"): "getGameStats",
    ("get", "/stats/players/{player_id}"): "getPlayerStats",
    ("get", "/g/{game_id}/preview.png"): "getPreviewPng", ("get", "/oembed"): "getOembed",
    ("get", "/healthz"): "healthz", ("get", "/openapi.json"): "getOpenapi", ("get", "/metrics"): "getMetrics",
}
# Answers any operation may give before its own logic runs: a body too large, a body that is
# not JSON, a rate limit.
COMMON_PROBLEMS = {400: "A query parameter is malformed or out of range (parameter names it)", 413: "The request body is too large", 415: "The body must be sent as application/json",
                   429: "Too many requests (game creation, failed authentication, too many live feeds open, mail to an address "
                        "over its cap on unsolicited mail, or test alerts to a channel); see Retry-After"}


def _finish_operations(paths: dict[str, Any]) -> None:
    """Every operation gets its operationId and the problems every request can meet."""
    for path, ops in paths.items():
        for method, op in ops.items():
            op.setdefault("operationId", OPERATION_IDS.get((method, path)) or
                          method + "".join(p.strip("{}").title().replace("_", "") for p in path.split("/")))
            responses = op.setdefault("responses", {})
            codes = (413, 415, 429) if "requestBody" in op and path != "/mail/inbound" else (429,) if path.startswith(("/games", "/players")) else ()
            if any(p.get("in") == "query" for p in op.get("parameters", [])):
                codes += (400,)
            for code in codes:
                responses.setdefault(str(code), {"description": COMMON_PROBLEMS[code], "content": {
                    "application/problem+json": {"schema": _ref("Problem")}}})


def _obj(description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": {"type": "object"}}}}


def _foresight_paths() -> dict[str, Any]:
    """Pre-set moves, takebacks with consent, ending by agreement (issue 27)."""
    def body(name: str, required: bool = True) -> dict[str, Any]:
        return {"required": required, "content": {"application/json": {"schema": _ref(name)}}}

    def num(name: str) -> dict[str, Any]:
        return {"name": name, "in": "path", "required": True,
                "schema": {"type": "integer", "minimum": 0, "maximum": 2**53}}
    game = _json("Game", "The game as the caller sees it, with `takeback` (the open request) or `proposal`")
    return {
        "/games/{game_id}/presets": {
            "get": {"summary": "The caller's own queue of pre-set moves and the note of its last drop; once the "
                               "game is over, every seat's queued moves and their fates (`history`)",
                    "parameters": [GAME_ID], "security": [{}, *BEARER],
                    "responses": {"200": _obj("{seat, queue, limit, note} or, after the end, {history}"),
                                  **_problems(401, 404)}},
            "post": {"summary": "Queue moves for the caller's next prompts, each optionally guarded by `if`",
                     "description": "When the seat's prompt opens, the first queued move whose guard holds and "
                                    "which is legal is played in the same transaction (`by: \"preset\"`); "
                                    "otherwise the queue is dropped with a note. Private to the seat.",
                     "parameters": [GAME_ID], "security": BEARER, "requestBody": body("Presets"),
                     "responses": {"201": _obj("{seat, queue, limit, note}"),
                                   **_problems(400, 401, 404, 409, 422)}},
            "delete": {"summary": "Empty the caller's queue", "parameters": [GAME_ID], "security": BEARER,
                       "responses": {"200": _obj("{seat, queue, limit, note}"), **_problems(401, 404)}}},
        "/games/{game_id}/takebacks": {
            "get": {"summary": "The open takeback request, the game's setting, and how far back the caller may go",
                    "parameters": [GAME_ID], "security": [{}, *BEARER],
                    "responses": {"200": _obj("{setting, pending, allowed}"), **_problems(401, 404)}},
            "post": {"summary": "Ask to take back the caller's own last moves (default: the last one)",
                     "description": "Refused (422, rule `takeback-boundary`, `boundary` names it) when it would "
                                    "cross another seat's action, a chance record, a reveal or a prompt to "
                                    "another seat; `takebacks-off` when the game was created without them.",
                     "parameters": [GAME_ID], "security": BEARER, "requestBody": body("Takeback", False),
                     "responses": {"201": game, **_problems(400, 401, 404, 409, 422)}}},
        "/games/{game_id}/takebacks/{tid}/accept": {"post": {
            "summary": "Accept takeback request `tid`; the takeback happens once the consent needed is given",
            "parameters": [GAME_ID, num("tid")], "security": BEARER,
            "responses": {"200": game, **_problems(401, 403, 404, 409)}}},
        "/games/{game_id}/takebacks/{tid}/refuse": {"post": {
            "summary": "Refuse takeback request `tid`",
            "parameters": [GAME_ID, num("tid")], "security": BEARER,
            "responses": {"200": game, **_problems(401, 403, 404, 409)}}},
        "/games/{game_id}/proposals": {
            "get": {"summary": "The open proposal to end the game by agreement, its votes and who must still vote",
                    "parameters": [GAME_ID], "security": [{}, *BEARER],
                    "responses": {"200": _obj("{proposal, lifetime_hours}"), **_problems(401, 404)}},
            "post": {"summary": "Propose a draw, conceding to a seat, or ending now with the current standings",
                     "parameters": [GAME_ID], "security": BEARER, "requestBody": body("Proposal"),
                     "responses": {"201": game, **_problems(400, 401, 404, 409, 422)}}},
        "/games/{game_id}/proposals/{pid}/vote": {"post": {
            "summary": "Vote yes or no on proposal `pid`; all other present seats' yes ends the game by agreement",
            "parameters": [GAME_ID, num("pid")], "security": BEARER, "requestBody": body("Vote"),
            "responses": {"200": game, **_problems(400, 401, 403, 404, 409)}}},
    }


def _player_paths() -> dict[str, Any]:
    """Players, tables and seats changing hands (issue 23)."""
    player = [{"playerToken": []}]
    seat = {"name": "seat", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 0}}
    optional = {"required": False, "content": {"application/json": {"schema": {
        "type": "object", "additionalProperties": False, "maxProperties": 0, "description": "No body, or {}"}}}}
    return {
        "/players/sign-in": {"post": {
            "summary": "Mail a one-time sign-in link (30 minutes, single use); the same answer for any address",
            "requestBody": {"required": True, "content": {"application/json": {"schema": _ref("SignIn")}}},
            "responses": {"202": _obj("The link is on its way"), **_problems(400, 422)}}},
        "/players/tokens": {"post": {
            "summary": "Exchange a sign-in link's secret, once, for a revocable player token",
            "requestBody": {"required": True, "content": {"application/json": {"schema": _ref("PlayerToken")}}},
            "responses": {"201": _obj("{token, player}"), **_problems(400, 401)}}},
        "/players/tokens/current": {"delete": {
            "summary": "Revoke the player token the request carries", "security": player,
            "responses": {"200": _obj("Revoked"), **_problems(401)}}},
        "/players/me": {
            "get": {"summary": "The caller's profile (name, time zone, language, digest, own address)",
                    "security": player, "responses": {"200": _obj("The profile"), **_problems(401)}},
            "patch": {"summary": "Change name, time zone, language or the daily digest", "security": player,
                      "requestBody": {"required": True, "content": {"application/json": {"schema": _ref("PlayerUpdate")}}},
                      "responses": {"200": _obj("The profile"), **_problems(400, 401, 422)}},
            "delete": {"summary": "Erase the caller: the address gone everywhere, the name replaced by a pseudonym "
                                  "everywhere a person reads it; no game log changes (logs name seats by number, the "
                                  "names are kept outside the hash chain), so every log still verifies",
                       "security": player,
                       "responses": {"200": _obj("{erased, pseudonym, games}"), **_problems(401)}}},
        "/players/me/export": {"get": {
            "summary": "Everything stored about the caller, as a zip: player.json (profile, seats, messages they "
                       "wrote, mails sent to them, channels, ratings) and each of their games' public log",
            "security": player,
            "responses": {"200": {"description": "The zip", "content": {"application/zip": {
                "schema": {"type": "string", "contentEncoding": "binary"}}}}, **_problems(401)}}},
        "/players/me/games": {"get": {
            "summary": "Every seat the caller holds: must-act first, nearest deadline first", "security": player,
            "responses": {"200": _obj("{games: [{id, game, seat, status, your_turn, opponents, deadline, "
                                      "last_event, url}]}"), **_problems(401)}}},
        "/players/me/offers": {"get": {
            "summary": "Seats created with the caller's address and not accepted yet", "security": player,
            "responses": {"200": _obj("{offers: [{id, seat, name, game, title, status}]}"), **_problems(401)}}},
        "/games/{game_id}/join": {"post": {
            "summary": "Take a free seat: answered with the seat, a token minted now and the seat's link",
            "description": "Open seats of an open game, an invited seat (player token of the invited address), "
                           "a seat reserved for a rematch, or a released seat (a replacement: `seat_replaced`). "
                           "Two racing joins give one winner and one 409.",
            "parameters": [GAME_ID], "security": [{}, *player],
            "requestBody": {"required": True, "content": {"application/json": {"schema": _ref("Join")}}},
            "responses": {"201": _obj("{id, seat, name, tenure, token, url, status}"),
                          **_problems(400, 403, 404, 409, 422)}}},
        "/games/{game_id}/seats/{seat}/accept": {"post": {
            "summary": "Accept a seat created with the caller's verified address: it becomes theirs",
            "description": "Only this (or joining a free seat signed in, or creating the game signed in as the "
                           "seat) puts a seat on a player's record and rating. The seat gets a new tenure "
                           "(`seat_accepted`): the token and link the creator was shown die; the answer carries "
                           "the new ones. A game is rated only if every seat was taken or accepted before it played.",
            "parameters": [GAME_ID, seat], "security": player, "requestBody": optional,
            "responses": {"200": _obj("{id, seat, tenure, token, url, reply_address, status}"),
                          **_problems(400, 401, 403, 404, 409)}}},
        "/games/{game_id}/seats/{seat}/release": {"post": {
            "summary": "Release a seat for a new holder: its holder at once; the creator, or a vote of every "
                       "other seat, after `replace_after` missed deadlines. The holder's token and link die now.",
            "parameters": [GAME_ID, seat], "security": [*BEARER, *player, {"creatorToken": []}],
            "requestBody": {"required": False, "content": {"application/json": {"schema": _ref("Release")}}},
            "responses": {"200": _obj("{released, by} or, for a vote not yet complete, {released: false, votes}"),
                          **_problems(400, 401, 403, 404, 409, 422)}}},
        "/games/{game_id}/start": {"post": {
            "summary": "Start an open game early with the seats taken (the game's minimum allowing)",
            "parameters": [GAME_ID], "security": [{"creatorToken": []}, *player], "requestBody": optional,
            "responses": {"200": _obj("{id, status, seats, seq}"), **_problems(400, 403, 404, 409, 422)}}},
        "/games/{game_id}/cancel": {"post": {
            "summary": "Cancel an open game (its creator)", "parameters": [GAME_ID],
            "security": [{"creatorToken": []}, *player], "requestBody": optional,
            "responses": {"200": _obj("{id, status}"), **_problems(400, 403, 404, 409)}}},
        "/games/{game_id}/rematch": {"post": {
            "summary": "Ask for a rematch of a finished game (same players and options, seats rotated), or "
                       "accept the one another seat asked for", "parameters": [GAME_ID],
            "security": [*BEARER, *player], "requestBody": optional,
            "responses": {"201": _obj("The caller's seat in the rematch: {id, seat, token, url, rematch_of}"),
                          **_problems(400, 401, 404, 409)}}},
    }


def _talk_paths() -> dict[str, Any]:
    """Table talk (issue 24)."""
    seat = {"name": "seat", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 0}}
    mutes = _obj("{muted: [seat, ...]}: the seats whose messages the caller does not see (its own alone)")
    listed = {"type": "object", "properties": {"messages": {"type": "array", "items": _ref("Message")}}}
    return {
        "/games/{game_id}/messages": {
            "post": {"summary": "Write to the table: to all, to some seats (private press), or a private note",
                     "description": "The game's talk policy (`talk` at creation) may refuse it: 403 "
                                    "`message-refused` naming the policy; nothing is stored. A seat may write "
                                    "REFEREE_TALK_LIMIT messages (default 30 per 10 minutes), then 429 with "
                                    "Retry-After. Control characters other than newline are removed.",
                     "security": BEARER, "parameters": [GAME_ID],
                     "requestBody": {"required": True, "content": {"application/json": {"schema": _ref("PostMessage")}}},
                     "responses": {"201": {"description": "{message}: the stored message", "content": {
                         "application/json": {"schema": {"type": "object", "properties": {
                             "message": _ref("Message")}}}}},
                         **_problems(400, 401, 403, 404, 409, 422)}},
            "get": {"summary": "The messages the caller may read (and has not muted), after `after`",
                    "description": "As `GET /games/{id}/events`: JSON, with `wait=S` a long poll, or with "
                                   "`Accept: text/event-stream` a live stream of `id: SEQ` / `data: Message`. "
                                   "A spectator reads messages to all only where the policy lets spectators "
                                   "read; private messages once the game is over where the policy reveals them.",
                    "security": [{}, *BEARER],
                    "parameters": [GAME_ID, ACCEPT_LANGUAGE,
                           AFTER, WAIT,
                                   {"name": "Last-Event-ID", "in": "header", "required": False,
                                    "schema": {"type": "string", "pattern": digits_at_most(2**53)}}],
                    "responses": {"200": {"description": "Messages", "content": {
                        "application/json": {"schema": listed},
                        "text/event-stream": {"schema": {"type": "string", "description": "id: SEQ / data: Message frames"}}}},
                        **_problems(401, 404)}}},
        "/games/{game_id}/mutes": {"get": {
            "summary": "The seats the caller muted", "security": BEARER, "parameters": [GAME_ID],
            "responses": {"200": mutes, **_problems(401, 404)}}},
        "/games/{game_id}/mutes/{seat}": {
            "put": {"summary": "Mute a seat's messages for the caller alone (nobody else is told)",
                    "security": BEARER, "parameters": [GAME_ID, seat],
                    "responses": {"200": mutes, **_problems(400, 401, 404)}},
            "delete": {"summary": "Unmute a seat", "security": BEARER, "parameters": [GAME_ID, seat],
                       "responses": {"200": mutes, **_problems(400, 401, 404)}}},
    }


def digits_at_most(bound: int) -> str:
    """A pattern for the decimal strings (leading zeros allowed) whose value is at most `bound`:
    a header cannot carry a `maximum`, and "16 digits" would let values past 2^53 through."""
    b = str(bound)
    ways = [f"[0-9]{{1,{len(b) - 1}}}"] if len(b) > 1 else []
    for i, d in enumerate(b):
        if d != "0":
            rest = len(b) - i - 1
            ways.append(b[:i] + (f"[0-{int(d) - 1}]" if d != "1" else "0") + (f"[0-9]{{{rest}}}" if rest else ""))
    ways.append(b)
    return "^(" + "|".join(ways) + ")$"


def _alert_paths() -> dict[str, Any]:
    """Alert channels: chat and push (issue 26)."""
    player = [{"playerToken": []}]
    cid = {"name": "channel_id", "in": "path", "required": True, "schema": {"type": "string"}}
    scope = {"name": "scope", "in": "query", "required": False, "schema": {"enum": ["seat", "game"]},
             "description": "seat (default: the caller's seat's channels) or game (the game's own; the creator)"}
    optional = {"required": False, "content": {"application/json": {"schema": {
        "type": "object", "additionalProperties": False, "maxProperties": 0, "description": "No body, or {}"}}}}
    body = {"required": True, "content": {"application/json": {"schema": _ref("AddChannel")}}}
    who = [*BEARER, *player, {"creatorToken": []}]
    one = "{id, scope, kind, url, events, seat, enabled, disabled_reason, failures}"
    paths: dict[str, Any] = {}
    for base, params, security, owner in (("/games/{game_id}/channels", [GAME_ID], who, "the caller's seat or, "
                                           "with scope game, the game (its creator)"),
                                          ("/players/me/channels", [], player, "the signed-in player (every seat "
                                           "they hold)")):
        paths[base] = {
            "post": {"summary": f"Add an alert channel of {owner}: an apprise URL or a Web Push subscription",
                     "parameters": params, "security": security, "requestBody": body,
                     "responses": {"201": _obj(one), **_problems(400, 401, 403, 404, 409, 422)}},
            "get": {"summary": f"The alert channels of {owner}", "parameters": [*params, scope] if params else [],
                    "security": security, "responses": {"200": _obj("{channels: [" + one + "]}"),
                                                        **_problems(400, 401, 403, 404)}}}
        paths[base + "/{channel_id}"] = {"delete": {
            "summary": "Remove one of the caller's channels", "parameters": [*params, cid], "security": security,
            "responses": {"200": _obj("{deleted}"), **_problems(401, 403, 404)}}}
        paths[base + "/{channel_id}/test"] = {"post": {
            "summary": "Send a test alert to the channel", "parameters": [*params, cid], "security": security,
            "requestBody": optional, "responses": {"202": _obj("{queued, channel}"), **_problems(400, 401, 403, 404)}}}
        paths[base + "/{channel_id}/enable"] = {"post": {
            "summary": "Switch a channel that was disabled after failing on again", "parameters": [*params, cid],
            "security": security, "requestBody": optional,
            "responses": {"200": _obj(one), **_problems(400, 401, 403, 404)}}}
    paths["/push/key"] = {"get": {"summary": "The Web Push VAPID public key (a browser's applicationServerKey)",
                                  "responses": {"200": _obj("{public_key}")}}}
    return paths


def _archive_paths() -> dict[str, Any]:
    """The archive: search of finished public games, statistics per game and player (issue 40)."""
    def q(name: str, schema: dict[str, Any], text: str) -> dict[str, Any]:
        return {"name": name, "in": "query", "required": False, "schema": schema, "description": text}
    date = {"type": "string", "pattern": archive_search.DATE}
    return {
        "/archive": {"get": {
            "summary": "Finished public games (never an unlisted table's), newest first unless `sort` says "
                       "otherwise, paged by keyset; each with its players' outcomes and a one-line summary "
                       "(winner, scores, length, end reason). A browser (preferring text/html) gets the page",
            "parameters": [
                q("game", {"enum": list(GAME_IDS)}, "the game title"),
                q("player", {"type": "string", "maxLength": 100}, "a seat's name, exactly"),
                q("result", {"enum": list(archive_search.RESULTS)},
                  "win: one winner (with `player`: the player won); draw: shared or no winner; loss: the player lost "
                  "(needs `player`)"),
                q("from", date, "ended on or after this day (UTC)"), q("to", date, "ended on or before this day (UTC)"),
                q("seats", {"type": "integer", "minimum": 1, "maximum": 12}, "number of seats"),
                q("min_moves", {"type": "integer", "minimum": 0, "maximum": 1_000_000}, "at least this many moves"),
                q("sort", {"enum": ["newest", "oldest", "longest"], "default": "newest"}, "the order"),
                q("limit", {"type": "integer", "minimum": 1, "maximum": archive_search.MAX_LIMIT, "default": 50},
                  "games per page"),
                q("cursor", {"type": "string", "pattern": archive_search.CURSOR_PATTERN},
                  "`next_cursor` of the previous page (same filters and sort)"),
                ACCEPT_LANGUAGE],
            "responses": {"200": _obj("{games: [{id, game, started_at, ended_at, seats, moves, days, timeouts, reason, "
                                      "result, players: [{name, player_id, outcome}], summary}], next_cursor, filters}"),
                          **_problems(400)}}},
        "/stats/games/{game}": {"get": {
            "summary": "A game's statistics over its archived games: win rate by seat position, length in moves "
                       "and days, end reasons, share of timeouts",
            "parameters": [{"name": "game", "in": "path", "required": True, "schema": {"enum": list(GAME_IDS)}}],
            "responses": {"200": _obj("{game, games, win_rate_by_seat, moves, days, end_reasons, timeouts}"),
                          **_problems(404)}}},
        "/g/{game_id}/preview.png": {"get": {
            "summary": "The public board (as a spectator sees it, never a seat's hidden information) as a PNG at "
                       "its own size, after event `at` or the latest: the picture of link previews (og:image)",
            "parameters": [GAME_ID, q("at", {"type": "integer", "minimum": 1, "maximum": 999_999_999},
                                      "the event after which the board is drawn (default: the latest)")],
            "responses": {"200": {"description": "The PNG (cached per event: immutable when `at` is given)",
                                  "content": {"image/png": {"schema": {"type": "string",
                                                                       "contentEncoding": "binary"}}}},
                          **_problems(400, 404)}}},
        "/oembed": {"get": {
            "summary": "oEmbed for a game's page or embed URL on this server: a `rich` answer whose HTML is the "
                       "`/embed/g/{id}` iframe (a spectator's live board without seat controls)",
            "parameters": [{"name": "url", "in": "query", "required": True, "schema": {"type": "string"}},
                           q("format", {"enum": ["json"]}, "json only (any other: 400)"),
                           q("maxwidth", {"type": "integer", "minimum": 100, "maximum": 4000}, "pixels"),
                           q("maxheight", {"type": "integer", "minimum": 100, "maximum": 4000}, "pixels")],
            "responses": {"200": _obj("{version, type: rich, provider_name, title, width, height, html, "
                                      "thumbnail_url}"), **_problems(400, 404)}}},
        "/stats/players/{player_id}": {"get": {
            "summary": "A player's statistics over their archived games: results by game and by seat, timeouts, "
                       "completion",
            "parameters": [{"name": "player_id", "in": "path", "required": True, "schema": {"type": "string"}}],
            "responses": {"200": _obj("{player, games, by_game, by_seat, timeouts, completion}"), **_problems(404)}}},
    }


def _rating_paths() -> dict[str, Any]:
    """Ratings, public profiles and tournaments (issue 28)."""
    tid = {"name": "tournament_id", "in": "path", "required": True, "schema": {"type": "string"}}
    return {
        "/ratings/{game}": {"get": {
            "summary": "A game's leaderboard, best first, paged by keyset (players shown after 5 rated games); "
                       "`policy` states which games count",
            "parameters": [{"name": "game", "in": "path", "required": True, "schema": {"enum": list(GAME_IDS)}},
                           {"name": "limit", "in": "query", "required": False,
                            "schema": {"type": "integer", "minimum": 1, "maximum": 200, "default": 50}},
                           {"name": "cursor", "in": "query", "required": False,
                            "schema": {"type": "string", "pattern": CURSOR_PATTERN},
                            "description": "`next_cursor` of the previous page"}],
            "responses": {"200": _obj("{game, policy, shown_after, ratings: [{place, player: {id, name}, rating, mu, "
                                      "sigma, games}], next_cursor}"), **_problems(400, 404)}}},
        "/players/{player_id}/profile": {"get": {
            "summary": "A player's public profile: name, games per title, ratings with their history, completion "
                       "record (finished, timed out, resigned); never the address",
            "parameters": [{"name": "player_id", "in": "path", "required": True, "schema": {"type": "string"}}],
            "responses": {"200": _obj("{id, name, games, ratings, record}"), **_problems(404)}}},
        "/tournaments": {"post": {
            "summary": "Create a round-robin or Swiss tournament: the games of its first round (or all rounds) now",
            "requestBody": {"required": True, "content": {"application/json": {"schema": _ref("CreateTournament")}}},
            "responses": {"201": _obj("{id, organiser_token, url, rounds: [{round, games: [{board, id, players, url, "
                                      "seats}], byes}]}"), **_problems(400, 422)}}},
        "/tournaments/{tournament_id}": {"get": {
            "summary": "The tournament: settings, pairings by round, each game's state, standings with the tie-breaks",
            "parameters": [tid], "responses": {"200": _obj("The overview"), **_problems(404)}}},
        "/tournaments/{tournament_id}/adjudicate": {"post": {
            "summary": "The organiser ends a stalled game (no event for the stall policy's days) by its standings",
            "parameters": [tid], "security": [{"organiserToken": []}],
            "requestBody": {"required": True, "content": {"application/json": {"schema": {
                "type": "object", "required": ["game"], "additionalProperties": False,
                "properties": {"game": {"type": "string"}}}}}},
            "responses": {"200": _obj("{id, status, result}"), **_problems(400, 401, 403, 404, 409)}}},
        "/tournaments/{tournament_id}/confirm": {"post": {
            "summary": "A listed player confirms their place (signed in with the address they were listed with): "
                       "only then do their games count (rated, on their record)",
            "description": "Their seats in running games are accepted now (`seat_accepted`: a game that has already "
                           "played stays unrated), those of later rounds as they are created.",
            "parameters": [tid], "security": [{"playerToken": []}],
            "requestBody": {"required": False, "content": {"application/json": {"schema": {
                "type": "object", "maxProperties": 0}}}},
            "responses": {"200": _obj("{id, player, confirmed, accepted: [game id]}"), **_problems(400, 401, 403, 404)}}},
    }


def _with_seat_counts(create: dict[str, Any]) -> dict[str, Any]:
    """CreateGame with each game's seat count, which the rules check (422 invalid-game-setup),
    so that the document says which bodies the server can seat."""
    by_game = [{"if": {"properties": {"game": {"const": g}}, "required": ["game"]},
                "then": {"properties": {"seats": {"minItems": rules_for(g).min_players,
                                                  "maxItems": rules_for(g).max_players}}}} for g in GAME_IDS]
    return {**create, "allOf": [*create.get("allOf", []), *by_game]}


@lru_cache(maxsize=1)
def openapi_document() -> dict[str, Any]:
    files = component_files()
    names = {path: name for name, path in files.items()}
    schemas: dict[str, Any] = {}
    for name, path in files.items():
        schema = dict(load_schema(path))
        folder = posixpath.dirname(path)
        # $defs become components of their own: every client generator resolves those
        for def_name, definition in schema.pop("$defs", {}).items():
            schemas[_def_name(name, def_name)] = _rewrite(definition, name, folder, names)
        schemas[name] = _rewrite(schema, name, folder, names)
    schemas["CreateGame"] = _with_seat_counts(schemas["CreateGame"])
    action = {"requestBody": {"required": False, "content": {"application/json": {"schema": _ref("Action")}}},
              "security": BEARER, "parameters": [GAME_ID],
              "responses": {"200": _json("Game", "The game after the action, as the caller sees it"),
                            **_problems(400, 401, 404, 409, 422)}}
    paths = {
        "/games": {
            "post": {"summary": "Create a game", "requestBody": {"required": True, "content": {
                "application/json": {"schema": _ref("CreateGame")}}},
                "security": [{}, {"playerToken": []}],
                "responses": {"201": _json("GameCreated", "Created; seat tokens are shown once"),
                              **_problems(400, 401),
                              "422": {"description": "Invalid game setup (/problems/invalid-game-setup): the rules "
                                                     "cannot set the game up as asked (a seat's local or private "
                                                     "e-mail address or webhook, an unknown time zone, a clock, "
                                                     "position or component data they refuse); field names the part "
                                                     "at fault. Or a name, address or time zone holding a control "
                                                     "character (/problems/text-refused)",
                                      "content": {"application/problem+json": {"schema": _ref("Problem")}}}}},
            "get": {"summary": "List games", "parameters": [
                {"name": "status", "in": "query", "schema": {"enum": ["open", "active", "paused", "finished"]},
                 "description": "`open`: the lobby, public games with seats to take (with `seats`, each "
                                "creator's completion record, `next_cursor`)"},
                {"name": "seats", "in": "query", "schema": {"type": "integer", "minimum": 0, "maximum": 8},
                 "description": "With status=open: only games of this many seats"},
                {"name": "game", "in": "query", "schema": {"enum": list(GAME_IDS)}},
                {"name": "player", "in": "query", "schema": {"type": "string"}},
                {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 500}},
                {"name": "offset", "in": "query", "schema": {"type": "integer", "minimum": 0, "maximum": 2**53}},
                {"name": "cursor", "in": "query", "schema": {"type": "string", "pattern": "^([^~]+~.+)?$"},
                 "description": "The previous page's next_cursor (keyset paging: every page costs the same); "
                                "empty for the first page"}],
                "responses": {"200": {"description": "Games, most recently updated first; next_cursor "
                                                     "(null on the last page) fetches the next page",
                                      "content": {"application/json": {"schema": {"type": "object"}}}},
                              **_problems(400)}},
        },
        "/games/{game_id}": {"get": {"summary": "Status, sequence, who must move and the caller's view",
                                     "parameters": [GAME_ID], "security": [{}, *BEARER],
                                     "responses": {"200": _json("Game", "The game"), **_problems(401, 404)}}},
        "/games/{game_id}/prompts": {"get": {
            "summary": "What the caller must decide now, with the legal choices", "parameters": [GAME_ID],
            "security": [{}, *BEARER],
            "responses": {"200": {"description": "The caller's prompts", "content": {"application/json": {
                "schema": {"type": "object", "properties": {"prompts": {"type": "array", "items": _ref("Prompt")}}}}}},
                **_problems(401, 404)}}},
        "/games/{game_id}/prompts/{kind}/steps": {"get": {
            "summary": "The caller's move offered step by step: the options after the choices so far",
            "description": "Each option of the answer has an `id`; append it to `chosen` (comma-separated) "
                           "and ask again. Once the path makes a complete move, `move` holds it: submit it "
                           "with POST /games/{game_id}/moves as any move. The referee is the only judge: a "
                           "path it does not offer now is refused (422, `step` names the first bad choice). "
                           "Reading steps changes nothing.",
            "security": BEARER,
            "parameters": [GAME_ID,
                           {"name": "kind", "in": "path", "required": True, "schema": {"type": "string"},
                            "description": "The kind of the caller's prompt (from GET /games/{game_id}/prompts)"},
                           {"name": "chosen", "in": "query", "required": False,
                            "schema": {"type": "string", "maxLength": 64 * 65,
                                       "pattern": "^([A-Za-z0-9_.:~-]{1,64}(,[A-Za-z0-9_.:~-]{1,64}){0,63})?$"},
                            "description": "The option ids chosen so far, in order, separated by commas "
                                           "(empty or absent: the first step). A malformed value is a 400 "
                                           "problem naming the parameter."}],
            "responses": {"200": _json("StepAnswer", "The next step: question, options, and the move once complete"),
                          "409": {"description": "The caller has no such decision now (the game moved on, is "
                                                 "paused or over); current_seq says where the game is",
                                  "content": {"application/problem+json": {"schema": _ref("Problem")}}},
                          "422": {"description": "Step refused: a choice of the path is unknown or no longer "
                                                 "legal; `step` is its index in chosen (from 0), `rule` the "
                                                 "rule id when one rule explains it",
                                  "content": {"application/problem+json": {"schema": _ref("Problem")}}},
                          **_problems(401, 404)}}},
        "/games/{game_id}/moves": {"post": {
            "summary": "Submit a move (validated against the game's move schema, e.g. babel_move)",
            "description": "The answer's words (each appended event's `text`, the prompts' texts) are in the "
                           "request's `Accept-Language` (English or German; English by default); the moves "
                           "and ids are the same in every language.",
            "parameters": [GAME_ID, ACCEPT_LANGUAGE,
                           {"name": "Prefer", "in": "header", "required": False, "schema": {"type": "string"},
                            "description": "`return=minimal` (RFC 7240): the answer is MoveAccepted, the full "
                                           "answer's id, game, status, seq, result, events (without `text`), "
                                           "played and refused, for a client that will not read the new view; "
                                           "the server then makes no view, prompts or narration"}],
            "security": BEARER,
            "requestBody": {"required": True, "content": {"application/json": {"schema": _ref("SubmitMove")}}},
            "responses": {"201": {"description": "Accepted: the new view and the appended events (Game), or with "
                                                 "`Prefer: return=minimal` the minimal answer (MoveAccepted)",
                                  "headers": {"Preference-Applied": {
                                      "description": "`return=minimal` when the minimal answer was given",
                                      "schema": {"type": "string"}}},
                                  "content": {"application/json": {"schema": {
                                      "oneOf": [_ref("Game"), _ref("MoveAccepted")]}}}},
                          **_problems(400, 401, 404, 409, 422)}}},
        "/games/{game_id}/events": {"get": {
            "summary": "The audit log, redacted for the caller; the live change feed (long poll, or Server-Sent Events)",
            "description": "`after=N` returns the events after sequence N. With `wait=S` (1-30 seconds) the "
                           "answer waits until an event after N exists or S seconds pass, then returns "
                           "(possibly an empty list): poll again with `after` = the last seq seen. "
                           "With `Accept: text/event-stream` the answer is a stream of Server-Sent Events: "
                           "each event after N (or after `Last-Event-ID` on a reconnect) as `id: SEQ` and "
                           "`data: Event`, once each and in order, then every new one as it is appended; "
                           "a comment line as heartbeat; the stream ends after the server's stream lifetime "
                           "and the client reconnects with `Last-Event-ID`. The caller is a seat by its "
                           "bearer token or the game page's seat cookie, else a spectator. Open streams and "
                           "waiting polls are limited per client address (429 with Retry-After). Each "
                           "event's `text` is told in the request's `Accept-Language` (English or German; "
                           "English by default).",
            "security": [{}, *BEARER],
            "parameters": [GAME_ID, ACCEPT_LANGUAGE,
                           AFTER, WAIT,
                           {"name": "talk_after", "in": "query", "schema": {"type": "integer", "minimum": 0, "maximum": 2**53},
                            "description": "streams only: also the table talk after message M the caller may read, as "
                                           "`event: talk` frames carrying a Message (no `id`), so a page needs one "
                                           "connection; ignored by the JSON form"},
                           {"name": "Last-Event-ID", "in": "header", "required": False,
                            "description": "the last `id` a stream delivered (sent by EventSource on a reconnect); "
                                           "replaces `after`",
                            "schema": {"type": "string", "pattern": digits_at_most(2**53)}}],
            "responses": {"200": {"description": "Events", "content": {
                "application/json": {"schema": {
                    "type": "object", "properties": {"events": {"type": "array", "items": _ref("Event")}}}},
                "text/event-stream": {"schema": {"type": "string", "description": "id: SEQ / data: Event frames"}}}},
                **_problems(401, 404)}}},
        "/games/{game_id}/export": {"get": {
            "summary": "The audit log as JSON Lines, verifiable offline with `referee verify --file`",
            "parameters": [GAME_ID], "security": [{}, *BEARER],
            "responses": {"200": {"description": "One Event per line",
                                  "content": {"application/x-ndjson": {"schema": _ref("Event")}}},
                          **_problems(401, 404)}}},
        "/games/{game_id}/resign": {"post": {"summary": "Resign the caller's seat", **action}},
        "/games/{game_id}/bot": {"post": {
            "summary": "Vote to hand an absent seat to a bot; it passes once every present person's seat voted",
            "requestBody": {"required": True, "content": {"application/json": {"schema": _ref("HandToBot")}}},
            "security": BEARER, "parameters": [GAME_ID],
            "responses": {"200": _json("Game", "The game after the vote, as the caller sees it"),
                          **_problems(400, 401, 403, 404, 409, 422)}}},
        "/games/{game_id}/pause": {"post": {"summary": "Pause the game", **action}},
        "/games/{game_id}/resume": {"post": {"summary": "Resume a paused game", **action}},
        **_player_paths(),
        **_foresight_paths(),
        **_talk_paths(),
        **_alert_paths(),
        **_rating_paths(),
        **_archive_paths(),
        "/mail/inbound": {"post": {
            "summary": "One inbound email (raw RFC 822) from an inbound-mail web hook; the move it carries is "
                       "played and the sender answered by mail. The answer is the same for every message.",
            "description": "Authenticated with the server's REFEREE_INBOUND_SECRET, as a Bearer token or as the "
                           "password of HTTP basic auth (401 otherwise); off (403) where no secret is set.",
            "security": [{"inboundSecret": []}, {"inboundBasic": []}],
            "requestBody": {"required": True, "content": {"message/rfc822": {"schema": {
                "type": "string", "minLength": 1, "description": "Not blank"}}}},
            "responses": {"202": {"description": "Received"}, **_problems(400),
                          "401": {"description": "The hook's secret is missing or wrong",
                                  "content": {"application/problem+json": {"schema": _ref("Problem")}}},
                          "403": {"description": "The hook is off (no REFEREE_INBOUND_SECRET on this server)",
                                  "content": {"application/problem+json": {"schema": _ref("Problem")}}}}}},
        "/healthz": {"get": {"summary": "Liveness and database check",
                             "responses": {"200": {"description": "ok"}}}},
        "/openapi.json": {"get": {"summary": "This document", "responses": {"200": {"description": "OpenAPI 3.1"}}}},
        "/metrics": {"get": {"summary": "Counters and latency in the Prometheus text format",
                             "responses": {"200": {"description": "Prometheus exposition",
                                                   "content": {"text/plain": {"schema": {"type": "string"}}}}}}},
        "/problems/{slug}": {"get": {"summary": "The page a problem's `type` points at",
                                     "parameters": [{"name": "slug", "in": "path", "required": True,
                                                     "schema": {"type": "string"}}],
                                     "responses": {"200": {"description": "An HTML page",
                                                           "content": {"text/html": {"schema": {"type": "string"}}}},
                                                   "404": {"description": "No such problem type"}}}},
    }
    _finish_operations(paths)
    return {
        "openapi": "3.1.0",
        "info": {"title": "Referee", "version": __version__,
                 "description": "Referee for long-running asynchronous board games. Moves are validated "
                                "against each game's move schema (components.schemas.<game>_move)."},
        "paths": paths,
        "components": {"schemas": schemas,
                       "securitySchemes": {"seatToken": {"type": "http", "scheme": "bearer",
                                                         "description": "A seat token from POST /games"},
                                           "playerToken": {"type": "http", "scheme": "bearer",
                                                           "description": "A player token from POST /players/tokens"},
                                           "creatorToken": {"type": "http", "scheme": "bearer",
                                                            "description": "The creator_token from POST /games"},
                                           "organiserToken": {"type": "http", "scheme": "bearer",
                                                              "description": "The organiser_token from POST /tournaments"},
                                           "inboundSecret": {"type": "http", "scheme": "bearer",
                                                             "description": "REFEREE_INBOUND_SECRET (POST /mail/inbound)"},
                                           "inboundBasic": {"type": "http", "scheme": "basic",
                                                            "description": "Any user name, REFEREE_INBOUND_SECRET as the "
                                                                           "password (POST /mail/inbound)"}}},
    }
