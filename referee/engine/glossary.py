"""Each game's German terms as its German rulebook uses them (games/<id>/glossary.de.json, data
kept beside the game, never copied into code): narration, pictures and the text form name
peoples, buildings and actions with them, so a German player recognises the game."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

GAMES = Path(__file__).resolve().parents[1] / "games"


@lru_cache(maxsize=None)
def terms(game: str) -> dict[str, dict]:
    """English term (lower case) -> its glossary entry (`de`, `de_plural`, `kind`, `note`)."""
    path = GAMES / game / "glossary.de.json"
    if not path.exists():
        return {}
    return {t["en"].lower(): t for t in json.loads(path.read_text(encoding="utf-8"))["terms"]}


def term(game: str, english: str, lang: str, plural: bool = False) -> str:
    """The game's word for `english` in `lang` (English, or a term the glossary lacks: as given)."""
    if lang != "de":
        return english
    t = terms(game).get(english.lower())
    if t is None:
        return english
    return (t.get("de_plural") or t["de"]) if plural else t["de"]


def english(game: str, german: str) -> str | None:
    """The English term a German word stands for (singular or plural, any case), or None."""
    low = german.strip().lower()
    for en, t in terms(game).items():
        if low in (t["de"].lower(), str(t.get("de_plural") or "").lower()):
            return en
    return None
