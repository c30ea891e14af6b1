"""Translations for an explicit language (English or German), with no request context.

Mails, scheduler passes, narration and problems are rendered in their reader's language, which
is rarely the language of whoever's request caused them, so every text is built through a
`Translator` chosen for that reader (`translator(lang)`), never through global request state.
Pages use the same catalog through Flask-Babel (referee/web/i18n.py).

The catalog is `referee/locale/de/LC_MESSAGES/messages.po`, read with Babel at first use (no
compile step a fresh clone could forget). English is the message ids themselves. Messages
have named placeholders (`%(name)s`) and plural forms (`ngettext`), never sentence fragments
glued together. `referee i18n` extracts the ids from the code and templates and updates the
catalog (README, "Languages").
"""

from __future__ import annotations

import gettext
import io
from dataclasses import dataclass, field
from datetime import datetime, timezone
from functools import lru_cache
from pathlib import Path
from typing import Any

from babel import Locale
from babel.dates import format_datetime
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from babel.support import NullTranslations, Translations

LANGS = ("en", "de")
# A deadline as each language writes it ("Wed 25 Nov 2026 14:00", "Mi., 25. Nov. 2026, 14:00"),
# CLDR patterns for Babel's format_datetime.
MOMENT = {"en": "EEE dd MMM y HH:mm", "de": "EEE, d. MMM y, HH:mm"}
DEFAULT = "en"
LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"
DOMAIN = "messages"


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def known(lang: Any) -> str | None:
    """`lang` as one of LANGS ("de-AT" -> "de"), or None when it is not one we speak."""
    if not isinstance(lang, str) or not lang:
        return None
    base = lang.strip().lower().replace("_", "-").split("-")[0]
    return base if base in LANGS else None


@lru_cache(maxsize=None)
def catalog(lang: str) -> gettext.NullTranslations:
    """The gettext translations of `lang`, built from its .po file (English: the ids as they are)."""
    path = po_path(lang)
    if lang == DEFAULT or not path.exists():
        return NullTranslations()
    with path.open("rb") as f:
        cat = read_po(f, locale=lang, domain=DOMAIN)
    buf = io.BytesIO()
    write_mo(buf, cat, use_fuzzy=False)
    buf.seek(0)
    return Translations(fp=buf, domain=DOMAIN)


@dataclass(frozen=True)
class Translator:
    """Texts in one language. `gettext`/`ngettext` take the English message id and its named
    arguments (the catalog's translation is filled in, never pieced together)."""

    lang: str = DEFAULT
    _t: gettext.NullTranslations = field(default_factory=NullTranslations, repr=False, compare=False)

    def gettext(self, msgid: str, **args: Any) -> str:
        text = self._t.gettext(msgid)
        return text % args if args else text

    def ngettext(self, singular: str, plural: str, n: int, **args: Any) -> str:
        return self._t.ngettext(singular, plural, n) % {"n": n, **args}

    def npgettext(self, context: str, singular: str, plural: str, n: int, **args: Any) -> str:
        """`ngettext` for an id whose words differ by `context` (a game's own word for "coin")."""
        return self._t.npgettext(context, singular, plural, n) % {"n": n, **args}

    @property
    def locale(self) -> Locale:
        return Locale.parse(self.lang)

    def datetime(self, ts: float, tz: Any = None, fmt: str = "EEE d MMM y HH:mm zzz") -> str:
        """A moment in the reader's locale and zone (`tz` a ZoneInfo or None for UTC)."""
        moment = datetime.fromtimestamp(ts, timezone.utc)
        if fmt.endswith(" zzz"):  # the zone's own abbreviation (CET, EDT), as the IANA data has it, in every locale
            local = moment.astimezone(tz or timezone.utc)
            zone = local.tzname() or ""
            return format_datetime(moment, fmt[:-4], tzinfo=tz or timezone.utc, locale=self.lang) + " " + zone
        return format_datetime(moment, fmt, tzinfo=tz or timezone.utc, locale=self.lang)

    def moment(self, ts: float, tz: Any = None, zone: bool = False) -> str:
        """A deadline in the reader's zone, written the way the reader's language writes it;
        `zone` adds the zone's abbreviation (CET)."""
        return self.datetime(ts, tz, MOMENT[self.lang] + (" zzz" if zone else ""))

    def number(self, n: float) -> str:
        return format_decimal(n, locale=self.lang)

    def text(self, value: Any, words: Any = None) -> Any:
        """A `Text` (an engine's message with its arguments) in this language; see `render`."""
        return render(value, self, words)

    def join(self, words: list[str], empty: str = "") -> str:
        """"a", "a and b", "a, b and c" ("a, b und c")."""
        if len(words) <= 1:
            return "".join(words) or empty
        return self.gettext("%(items)s and %(last)s", items=", ".join(words[:-1]), last=words[-1])


class Text(str):
    """A message id with its named arguments, kept for translation where it is shown.

    Pure layers (the rules engines) cannot know their reader's language, so they say
    `Text("no %(people)s card in hand", people=p)`: the value *is* the English text (a `str`, so
    logs, JSON and old callers see what they always saw), and `render(tr, words)` writes it in
    any reader's language, arguments included (`words(term, lang)` turns a game's English term
    into the reader's, e.g. through the game's glossary; a `Text` argument is rendered the same
    way).
    `referee i18n` extracts `Text(...)` ids like `gettext(...)` ones."""

    msgid: str
    args: dict[str, Any]
    plural: str | None = None  # set by `ntext`: the plural id, chosen by the catalog's plural forms

    def __new__(cls, msgid: str, **args: Any) -> "Text":
        obj = super().__new__(cls, msgid % args if args else msgid)
        obj.msgid, obj.args = msgid, args
        return obj

    def __reduce__(self):  # pickles (and deep copies) keep the ids and arguments
        return (_text, (self.msgid, self.args, self.plural))

    def render(self, tr: "Translator", words: Any = None) -> str:
        return render(self, tr, words)


def ntext(singular: str, plural: str, n: int, **args: Any) -> Text:
    """A `Text` with a count: "1 coin" / "3 coins" in English, and whatever plural forms the
    reader's catalog has (`ngettext`); `n` is one of its arguments. Extracted like `ngettext`."""
    obj = Text(singular if n == 1 else plural, n=n, **args)
    obj.msgid, obj.plural = singular, plural
    return obj


def _text(msgid: str, args: dict[str, Any], plural: str | None = None) -> Text:
    return ntext(msgid, plural, args.pop("n"), **args) if plural is not None else Text(msgid, **args)


def render(value: Any, tr: "Translator", words: Any = None) -> Any:
    """`value` in `tr`'s language: a `Text` is translated with its arguments rendered in turn
    (a plain string argument through `words(s, lang)`, e.g. `partial(glossary.term, game)`,
    when given); anything else is returned as is."""
    if not isinstance(value, Text):
        return value
    if tr.lang == DEFAULT:
        return str(value)
    args = {k: (render(v, tr, words) if isinstance(v, Text)
                else words(v, tr.lang) if words is not None and isinstance(v, str) else v)
            for k, v in value.args.items()}
    if value.plural is not None:
        return tr._t.ngettext(value.msgid, value.plural, value.args["n"]) % args
    text = tr._t.gettext(value.msgid)
    return text % args if args else text


def N_(msgid: str) -> str:
    """Marks a message id for the catalog where it is defined (a class attribute); translated
    where it is shown, with `tr.gettext(value)`."""
    return msgid


@lru_cache(maxsize=None)
def translator(lang: str | None) -> Translator:
    """The translator for `lang` (an unknown or missing language gets English)."""
    code = known(lang) or DEFAULT
    return Translator(code, catalog(code))


EN = translator(DEFAULT)
