"""Gentes words for narration, in the reader's language: the component words of texts.py (the
one source every surface uses: picture, step labels, mail summary, narration) rendered with the
reader's `tr`, plus the few words only narration needs. Everything comes from components.json
(through GameData); nothing here names a card."""

from __future__ import annotations

from typing import Any

from referee.engine import glossary
from referee.games.gentes import texts
from referee.games.gentes.data import GameData
from referee.games.gentes.texts import BONUS_WORDS, KIND_DOES, KIND_NAMES  # noqa: F401 (narration's words)
from referee.plumbing.i18n import EN, Translator


def term(word: str, tr: Translator = EN) -> str:
    """A Gentes word in `tr`'s language, as the German rulebook names it (the glossary)."""
    return glossary.term("gentes", word, tr.lang)


def kind_name(kind: str, tr: Translator = EN) -> str:
    """An action's name ("Philosopher"; "Philosoph")."""
    name = KIND_NAMES.get(kind, kind)
    return term(name, tr) if tr.lang != EN.lang else name


def symbol(sym: Any, tr: Translator = EN) -> str:
    """A city symbol ("goods"; "Sack + Kiste")."""
    return term(f"symbol {sym}", tr) if tr.lang != EN.lang else str(sym)


def hourglasses(n: int, tr: Translator = EN) -> str:
    return texts.say(tr, texts.hourglasses(n))


def coins(n: int, tr: Translator = EN) -> str:
    """"3 coins" ("3 Münzen": Gentes' word, not Khronos' Taler)."""
    return texts.say(tr, texts.coins(n))


def effect(e: dict[str, Any], tr: Translator = EN) -> str:
    """One effect of section 5.1 in words (in `tr`'s language)."""
    return texts.say(tr, texts.effect(e))


def effects(es: list[dict[str, Any]], tr: Translator = EN) -> str:
    return texts.say(tr, texts.effects(es))


def card_name(data: GameData, cid: str, tr: Translator = EN) -> str:
    """"Lighthouse (C12)" ("Leuchtturm (C12)"): the printed name and the card's id."""
    return texts.say(tr, texts.card_name(data, cid))


def home_option(data: GameData, sid: str, option: str, tr: Translator = EN) -> str:
    return texts.say(tr, texts.home_option(data, sid, option))
