"""`referee i18n`: extract every message id from the code and the page templates (Babel) and
bring the German catalog up to date: new ids added untranslated, ids no longer used dropped,
translations kept. tests/core/test_i18n_catalog.py fails while an id lacks its translation."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from referee.plumbing.i18n import DOMAIN, LANGS, DEFAULT, po_path

PACKAGE = Path(__file__).resolve().parents[1]
# Keep in step with babel.cfg (the same map for `pybabel extract -F babel.cfg`).
METHODS = [("locale/**", "ignore"), ("**.py", "python"), ("**/templates/**.html", "jinja2")]
KEYWORDS = {"gettext": None, "ngettext": (1, 2), "npgettext": ((1, "c"), 2, 3), "_": None, "N_": None,
            "lazy_gettext": None, "Text": (1,), "ntext": (1, 2)}
STAMP = datetime(2026, 11, 25, tzinfo=timezone.utc)
OPTIONS = {"**/templates/**.html": {"extensions": "jinja2.ext.i18n", "autoescape": "true"}}


def extract() -> Catalog:
    """Every message id the code and templates use, with where it is used."""
    template = Catalog(domain=DOMAIN, project="referee", fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
            str(PACKAGE), METHODS, options_map=OPTIONS, keywords=KEYWORDS, comment_tags=("i18n:",),
            strip_comment_tags=True):
        template.add(message, None, [(f"referee/{filename}", lineno)], auto_comments=comments, context=context)
    return template


def read(lang: str) -> Catalog:
    path = po_path(lang)
    if not path.exists():
        return Catalog(locale=lang, domain=DOMAIN, project="referee", version="1", fuzzy=False,
                       creation_date=STAMP, revision_date=STAMP,
                       language_team="Referee", last_translator="Referee")
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def update() -> dict[str, list[str]]:
    """Update every non-English catalog from the code; returns each language's untranslated ids."""
    template = extract()
    missing: dict[str, list[str]] = {}
    for lang in LANGS:
        if lang == DEFAULT:
            continue
        cat = read(lang)
        cat.update(template, no_fuzzy_matching=True, update_header_comment=False)
        cat.obsolete.clear()
        cat.creation_date = cat.revision_date = STAMP  # no date churn: the file changes only with its messages
        cat.fuzzy = False
        path = po_path(lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as f:
            write_po(f, cat, width=100, sort_output=False, omit_header=False, include_previous=False)
        missing[lang] = [str(m.id) for m in cat if m.id and not (all(m.string) if m.pluralizable else m.string)]
    return missing
