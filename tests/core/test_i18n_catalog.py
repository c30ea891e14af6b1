"""The German catalog is complete and exact (issue 29): every message id the code and the pages
use has a German translation, none fuzzy, none unused, and every translation has the same named
placeholders as its id (a sentence is one message with named arguments, never fragments)."""

from __future__ import annotations

import re

from referee.ops.i18n import extract, read
from referee.plumbing.i18n import LANGS, po_path, translator

NAMED = re.compile(r"%\((\w+)\)[sd]")


def _ids(msg) -> tuple:
    return tuple(msg.id) if msg.pluralizable else (msg.id,)


def test_every_message_has_a_german_translation_and_none_is_unused_or_fuzzy():
    used = {_ids(m) for m in extract() if m.id}
    assert len(used) > 150  # the extraction found the code's and the templates' messages
    de = read("de")
    known = {_ids(m): m for m in de if m.id}
    assert sorted(used - set(known), key=str) == [], "missing from the German catalog: run `referee i18n`"
    assert sorted(set(known) - used, key=str) == [], "unused catalog entries: run `referee i18n`"
    untranslated = [m.id for m in known.values() if not (all(m.string) if m.pluralizable else m.string)]
    assert untranslated == []
    assert [m.id for m in known.values() if m.fuzzy] == []
    assert not de.fuzzy
    assert set(LANGS) == {"en", "de"} and po_path("de").exists()


def test_translations_keep_the_placeholders_of_their_ids():
    wrong = []
    for m in read("de"):
        if not m.id:
            continue
        if m.pluralizable:
            singular, plural = m.id
            want = set(NAMED.findall(plural))
            for form in m.string:  # each form names what the plural id names (the singular may drop %(n)d)
                if not set(NAMED.findall(form)) <= want or set(NAMED.findall(singular)) - set(NAMED.findall(form)):
                    wrong.append(m.id)
        elif sorted(NAMED.findall(m.id)) != sorted(NAMED.findall(m.string)):
            wrong.append(m.id)
    assert wrong == []
    # and no positional or unnamed placeholders at all: arguments always have names
    assert [m.id for m in read("de") if m.id and re.search(r"%[sd]", str(m.id))] == []


def test_the_translator_translates_and_falls_back_to_english():
    de, en = translator("de-AT"), translator("fr")
    assert de.lang == "de" and en.lang == "en"
    assert de.gettext("%(who)s resigned.", who="Ada") == "Ada hat aufgegeben."
    assert en.gettext("%(who)s resigned.", who="Ada") == "Ada resigned."
    assert de.ngettext("Played %(n)d move:", "Played %(n)d moves:", 2) == "2 Züge gespielt:"
    assert de.join(["a", "b", "c"]) == "a, b und c"
    assert "Nov" in en.datetime(1795600000) and "Nov." in de.datetime(1795600000)
