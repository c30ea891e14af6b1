"""Checks an engine's texts in German (issue 29), shared by the games' pure German tests: the
board picture drawn with a German translator is valid SVG whose texts and titles use the
glossary's words and none of a few English leftovers, with every placeholder filled; its English
drawing is what it always was; a prompt's text and a first step's question and labels render in
German (service/play/read.py and service/play/steps.py render them so) while their English stays the value."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from functools import partial

from referee.engine.glossary import term
from referee.engine.naming import named
from referee.engine.wording import localize
from referee.plumbing.i18n import EN, Text, translator

DE = translator("de")
LEFTOVER = re.compile(r"%\(\w+\)|%[sd]\b|\{\w*\}")


def words_of(svg: str) -> list[str]:
    """Every text a reader or a screen reader meets in the picture: texts, titles, the desc."""
    root = ET.fromstring(svg)  # valid SVG (XML) or it raises
    return [el.text for el in root.iter() if el.text and el.tag.rsplit("}", 1)[-1] in ("text", "title", "desc")]


def check_german_picture(rules, view: dict, viewer, names: list[str], german: list[str],
                         english: list[str]) -> str:
    """The German picture of `view`: `german` words appear, no `english` word does (as a whole
    word), no placeholder is left; the English drawing is unchanged by the translator argument."""
    assert rules.picture(view, viewer, names, EN) == rules.picture(view, viewer, names)
    svg = rules.picture(view, viewer, names, DE)
    texts = words_of(svg)
    joined = "\n".join(texts)
    missing = [w for w in german if w not in joined]
    assert not missing, missing
    left = [w for w in english if re.search(rf"\b{re.escape(w)}\b", joined)]
    assert not left, [t for t in texts if any(re.search(rf"\b{re.escape(w)}\b", t) for w in left)][:5]
    assert not LEFTOVER.search(joined), LEFTOVER.search(joined)
    for n in names:
        assert n in joined
    return svg


def german_step(rules, state: dict, seat: int, kind: str, chosen: list[str] | None = None) -> dict:
    """A step as the API answers a German reader, after checking its English answer is the
    engine's Text values with the component ids named (engine/naming.py)."""
    step = rules.steps(state, seat, kind, chosen or []).to_json()
    assert isinstance(step["question"], Text) and all(isinstance(o["label"], Text) for o in step["options"])
    en = localize(step, EN, rules.id)
    assert en["question"] == named(step["question"], rules.id)
    assert [o["label"] for o in en["options"]] == [named(o["label"], rules.id) for o in step["options"]]
    de = localize(step, DE, rules.id)
    assert de["question"] != step["question"] and not LEFTOVER.search(de["question"])
    for o, en in zip(de["options"], step["options"]):
        assert o["id"] == en["id"] and not LEFTOVER.search(o["label"])
    return de


def german_text(game: str, text: Text) -> str:
    """An engine's Text in German (a string argument through the game's glossary)."""
    assert isinstance(text, Text)
    out = DE.text(text, partial(term, game))
    assert out != str(text) and not LEFTOVER.search(out), out
    return out
