"""The language of a page and of an API answer's problem: the seat's or the signed-in player's
`lang`, else this browser's choice (the language switch's cookie), else the browser's
Accept-Language, else English. Pages are translated through Flask-Babel with the catalog that
mails and narration use (plumbing/i18n.py), read from its .po file."""

from __future__ import annotations

from typing import Any

from flask import Flask, current_app, g, has_request_context, request
from babel.numbers import format_decimal
from flask_babel import Babel, Domain, get_locale

from referee.plumbing.i18n import DEFAULT, LANGS, Translator, catalog, known, translator
from referee.web import access

LANG_COOKIE = "referee_lang"


class CatalogDomain(Domain):
    """Flask-Babel's domain, answered from our catalog (no compiled .mo files to forget)."""

    def get_translations(self):  # noqa: D102 - Flask-Babel's hook
        return catalog(known(str(get_locale() or DEFAULT)) or DEFAULT)


def chosen_lang() -> str:
    """This request's language (see the module's docstring)."""
    if not has_request_context():
        return DEFAULT
    own = getattr(g, "referee_lang", None)  # a page that knows its seat sets it (gamepage)
    if known(own):
        return known(own)
    if "referee_lang_player" not in g:
        try:
            g.referee_lang_player = player_lang(current_app.extensions["referee"], access.player_session())
        except Exception:  # noqa: BLE001 - a language lookup never breaks a page or an answer
            g.referee_lang_player = None
    lang = known(g.referee_lang_player) or known(request.cookies.get(LANG_COOKIE))
    if lang:
        return lang
    return request.accept_languages.best_match(LANGS) or DEFAULT


def player_lang(service: Any, session: str | None) -> str | None:
    """The signed-in player's language, if any."""
    pid = service.player_or_none(session) if session else None
    return service.player_profile(pid).get("lang") if pid else None


def request_translator() -> Translator:
    return translator(chosen_lang())


def install(app: Flask) -> None:
    Babel(app, locale_selector=chosen_lang, default_locale=DEFAULT)
    app.extensions["babel"].instance.domain_instance = CatalogDomain()
    app.jinja_env.globals["page_lang"] = lambda: str(get_locale() or DEFAULT)
    app.jinja_env.filters["number"] = number


def number(n: float, pattern: str | None = None) -> str:
    """A number as the page's language writes it ("12.5", "12,5"); `pattern` a CLDR pattern
    ("0.0" one decimal, "0.0##" up to three)."""
    return format_decimal(n, format=pattern, locale=current().lang)


def current() -> Translator:
    """The page's translator (views build texts with it, templates use `_`)."""
    return translator(str(get_locale() or DEFAULT)) if has_request_context() else translator(DEFAULT)
