"""Each game's German terms as its German rulebook uses them (games/<id>/glossary.de.json, data
kept beside the game, never copied into code): narration, pictures and the text form name
peoples, buildings and actions with them, so a German player recognises the game."""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any
from pathlib import Path

from referee.engine.schemas import validator_for

GAMES = Path(__file__).resolve().parents[1] / "games"


@lru_cache(maxsize=None)
def terms(game: str) -> dict[str, dict]:
    """English term (lower case) -> its glossary entry (`de`, `de_plural`, `kind`, `note`)."""
    path = GAMES / game / "glossary.de.json"
    if not path.exists():
        return {}
    return {t["en"].lower(): t for t in json.loads(path.read_text(encoding="utf-8"))["terms"]}


def term(game: str, english: str, lang: str, plural: bool = False) -> str:
    """The game's word for `english` (a term or an id) in `lang` (English, or a term the glossary
    lacks: as given)."""
    if lang != "de":
        return english
    low = english.lower()
    t = terms(game).get(low) or terms(game).get(low.replace("_", " "))  # an id: "temple_of_artemis"
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


@lru_cache(maxsize=None)
def _german_words(game: str) -> dict[str, str]:
    """German word (lower case, singular or plural) -> the English word of the game's text form,
    for the glossary's one-word terms ("Hethiter" -> "hittites", "Reisen" -> "travel")."""
    out: dict[str, str] = {}
    for en, t in terms(game).items():
        if not re.fullmatch(r"[a-z][a-z_-]*", en):
            continue  # a phrase or a note-like entry: not a word of the text form
        for de in (t.get("de"), t.get("de_plural")):
            if de and " " not in de.strip():
                out.setdefault(de.strip().lower(), en.replace(" ", "_"))
    return out


def english_words(game: str, text: str) -> str:
    """`text` with each German word of the game's glossary replaced by its English word."""
    words = _german_words(game)
    return " ".join(words.get(w.lower(), w) for w in text.split())


def parse_text(rules: Any, text: str) -> dict:
    """A move in the game's text form, English or with the German words of its rulebook
    ("reisen hethiter" reads as "travel hittites"); the move itself is the English JSON the log
    keeps. English always wins: German words are tried only when the text does not parse, or
    parses to no move of the game's move schema (a generic form such as Gentes's `type key=value`
    reads any word). A text read neither way is refused with the German reading's reason: its
    German words were meant, so that reason names what is really wrong ("reisen atlantis": the
    unknown people, not the verb)."""
    try:
        move = rules.parse_text(text)
    except ValueError:
        english = english_words(rules.id, text) if isinstance(text, str) else text
        if english == text:
            raise
        return rules.parse_text(english)
    if _is_move(rules, move) or not isinstance(text, str):
        return move
    english = english_words(rules.id, text)
    if english != text:
        try:
            translated = rules.parse_text(english)
        except ValueError:
            return move
        if _is_move(rules, translated):
            return translated
    return move


def _is_move(rules: Any, move: Any) -> bool:
    return validator_for(rules.move_schema).is_valid(move)
