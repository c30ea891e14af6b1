"""Errors the service raises, each knowing its HTTP status (served as problem+json)."""

from __future__ import annotations

from typing import Any

from referee.plumbing.i18n import EN, N_, Text, Translator, render

# What a request answers when the database is away (503); one sentence for every path that says it.
DATABASE_AWAY = "the database is unavailable right now; nothing was changed, retry shortly"


class ServiceError(Exception):
    """An error with its HTTP status. `type` in the problem is `/problems/<slug>`, a page that
    explains it (served by `referee.api.meta`), as RFC 7807 recommends."""

    status = 500
    title = N_("Internal error")
    explanation = "The referee hit an unexpected error. It is logged on the server; nothing was changed."

    @classmethod
    def slug(cls) -> str:
        return cls.title.lower().replace(" ", "-")

    def __init__(self, detail: str, headers: dict[str, str] | None = None, cite: Any = None,
                 words: Any = None, **extra: Any):
        super().__init__(detail)
        self.detail = detail
        self.headers = headers or {}
        self.cite = cite  # cite(rule, lang): the sentence of the game's player page that defines `rule`
        self.words = words  # words(term, lang): the game's terms in a reader's language, for a `Text` detail
        self.extra = extra

    def problem(self, tr: Translator = EN) -> dict[str, Any]:
        """The problem+json body, its title and detail in `tr`'s language (the request's). A
        detail that is a catalog id is translated; an illegal move's detail cites its rule, and
        `rule_text` quotes the rule's own sentence in that language, so the refusal explains itself."""
        body = {"type": f"/problems/{self.slug()}", "title": tr.gettext(self.title), "status": self.status,
                "detail": self.detail_in(tr), **self.extra}
        text = self.cite(self.extra["rule"], tr.lang) if self.cite and self.extra.get("rule") else None
        if text:
            body["rule_text"] = text
        return body

    def detail_in(self, tr: Translator) -> str:
        """The detail in the reader's language: a `Text` (a message with its arguments, such as a
        text-form move's parse error) is rendered with the game's words; a plain id is looked up."""
        if tr.lang == EN.lang or not self.detail:
            return self.detail
        if isinstance(self.detail, Text):  # a message id with its arguments ("no game '%(id)s'")
            return render(self.detail, tr, self.words)
        return tr.gettext(self.detail)


class BadRequest(ServiceError):
    status, title = 400, N_("Bad request")
    explanation = (
        'The request could not be read: malformed JSON, a body that does not match the documented schema (`errors` lists each violation with its JSON-pointer `path`), or a query parameter out of range. Nothing was changed.'
    )


class Unauthorized(ServiceError):
    status, title = 401, N_("Unauthorized")
    explanation = (
        'The action needs a seat token (`Authorization: Bearer <token>`, shown once when the game was created), or the token given does not belong to this game. Repeated failures from one address are rate limited.'
    )


class Forbidden(ServiceError):
    status, title = 403, N_("Forbidden")
    explanation = (
        "The seat may not do this (for example end another seat's vacation), or creating games needs this server's creation key."
    )


class NotFound(ServiceError):
    status, title = 404, N_("Not found")
    explanation = 'There is no game with this id.'


class Conflict(ServiceError):
    status, title = 409, N_("Conflict")
    explanation = (
        'The game is not where the request expected it: another event was appended first (`current_seq` says where the game is; reload and decide again), the game is over, or it is paused. Nothing was changed.'
    )


class KeyReusedError(ServiceError):
    status, title = 422, N_("Idempotency key reused")
    explanation = ("An idempotency key stands for one request: its first answer is replayed for every "
                   "retry of that request. The same key was sent with a different body; nothing was "
                   "changed. Use a new key for a new request.")


class TooManyRequests(ServiceError):
    status, title = 429, N_("Too many requests")
    explanation = ("This address has made too many requests of this kind lately (failed seat-token "
                   "checks, or games created), or holds too many live feeds open at once (streams "
                   "and waiting long polls of `GET /games/{id}/events`), or a seat has written too many table-talk messages lately (`REFEREE_TALK_LIMIT`), or the request would mail "
                   "an address more than its cap on mail it did not ask for (`REFEREE_MAIL_CAP`: invitations, tournament "
                   "mails and sign-in links per recipient mailbox; `field` names the address), or a channel has been sent "
                   "too many test alerts (`REFEREE_CHANNEL_TEST_LIMIT`). Nothing was changed. Wait the number of seconds "
                   "in the Retry-After header.")


class MessageRefused(ServiceError):
    status, title = 403, N_("Message refused")
    explanation = (
        "The game's table-talk policy, chosen at its creation, does not allow this message: `policy` names it (`press: none` refuses every message, `press: public` every private one). Private notes are always allowed. Nothing was stored."
    )


class UnsupportedMediaType(ServiceError):
    status, title = 415, N_("Unsupported media type")
    explanation = (
        'Bodies are JSON and must be sent with `Content-Type: application/json`. Nothing was changed.'
    )


class Unprocessable(ServiceError):
    status, title = 422, N_("Illegal move")

    def detail_in(self, tr: Translator) -> str:
        """A refused move in the reader's language cites the rule that refuses it. The engine's
        reason is a `Text`, rendered in the reader's language with the game's own terms (`words`)."""
        rule = self.extra.get("rule")
        if tr.lang == EN.lang or not rule:
            return self.reason_in(tr)
        return tr.gettext("The rules refuse this move (rule %(rule)s, see the game's rules page): %(reason)s",
                          rule=rule, reason=self.reason_in(tr))

    def reason_in(self, tr: Translator) -> str:
        """The engine's own reason alone, in the reader's language (a mail cites the rule itself)."""
        return super().detail_in(tr)

    explanation = (
        "The request is well formed but the rules refuse it: `rule` names the rule of the game's rules spec (see the game's rules page), `detail` says why. Nothing was changed."
    )


class InvalidSetup(ServiceError):
    status, title = 422, N_("Invalid game setup")
    explanation = (
        "The body of `POST /games` is well formed but the game cannot be set up as asked: an unknown game, a number of seats the game does not take, a seat's e-mail or webhook on a local or private address, an unknown time zone, a clock, position or component data the rules refuse. `field` is the JSON pointer of the part at fault (such as `/seats` or `/seats/0/email`), `detail` says why. No game was created."
    )

    def __init__(self, detail: str, field: str, **extra: Any):
        super().__init__(detail, field=field, **extra)


class Refused(ServiceError):
    status, title = 422, N_("Request refused")
    explanation = (
        "A takeback, a queue of pre-set moves or a proposal to end the game that is well formed but not allowed now (issue 27): `rule` says which limit it meets (`takeback-boundary` with `boundary` naming the seat's action, chance record, reveal or prompt to another seat that a takeback may not cross and the earliest event it may go back to; `takebacks-off` for a game created without them; `queue-limit` for a full queue; `agreement` for a proposal naming no such seat), or an address the service will not mail (a sign-in to a host on loopback or a private network: `field` names it), `detail` says why. Nothing was changed."
    )


class TextRefused(ServiceError):
    status, title = 422, N_("Text refused")
    explanation = (
        "A name, address, time zone or reason holds a control character (CR, LF or another of C0/C1, or a Unicode line separator): such text could start a new header or line in a mail, or hide what it says. `field` is the JSON pointer of the first such text; `errors` lists each. Nothing was changed."
    )


class StepRefusedError(ServiceError):
    status, title = 422, N_("Step refused")
    explanation = (
        "A move built step by step (`GET /games/{id}/prompts/{kind}/steps?chosen=...`) took a step the rules do not offer now: `step` is the position (from 0) of the first choice in `chosen` that is unknown or no longer legal, `rule` the rule id when one rule explains it. Ask again from the last good step. Nothing was changed."
    )


def problem_types() -> dict[str, type[ServiceError]]:
    """Every problem type the service answers with, by slug."""
    out: dict[str, type[ServiceError]] = {}
    todo: list[type[ServiceError]] = [ServiceError]
    while todo:
        cls = todo.pop()
        out[cls.slug()] = cls
        todo.extend(cls.__subclasses__())
    return out


class ChannelRefused(ServiceError):
    status, title = 422, N_("Channel refused")
    explanation = (
        "An alert channel is well formed but cannot be used: a URL that apprise does not take, a plugin that acts on the server itself, or (unless the operator allows private targets) a host on a loopback, private or link-local address. `field` is the JSON pointer of the URL at fault (such as `/url`, `/subscription/endpoint` or `/seats/0/channels/1`), `detail` says why. Nothing was changed."
    )

    def __init__(self, detail: str, field: str, **extra: Any):
        super().__init__(detail, field=field, **extra)
