"""`named` remembers what it made of a plain string (engine/naming.py, issue 41: the move's answer
named the same prompt text at every move): the remembered naming must be the one for the very
arguments asked, each language, form and game its own (a memory keyed on the text alone would
answer German with English), and a `Text` (a str with its message id) reads as its plain text."""

from __future__ import annotations

from referee.engine.naming import named
from referee.plumbing.i18n import Text, translator

DE = translator("de")


def test_each_language_and_form_is_named_for_itself_again_and_again():
    text = "take PH2 now"
    for _ in range(2):  # the second round is answered from memory
        assert named(text, "gentes") == "take Philosopher tile 2 now"
        assert named(text, "gentes", DE) == "take Philosoph 2 now"
        assert named(text, "gentes", translator("en")) == "take Philosopher tile 2 now"
        assert named(text, "gentes", keep_id=True) == "take Philosopher tile 2 (PH2) now"
        assert named(text, "gentes", short=True) == "take Philo. 2 now"
        assert named(text, "babel") == text  # not an id of Babel's


def test_a_text_reads_as_its_plain_string():
    assert named(Text("take %(t)s now", t="PH2"), "gentes") == named("take PH2 now", "gentes") \
        == "take Philosopher tile 2 now"


def test_a_long_text_is_named_but_not_remembered():
    """A text may quote what a client sent: only short ones are kept (8,192 of them at most)."""
    from referee.engine.naming import MEMO_CHARS, _named_once
    long = "take PH2 now " + "x" * MEMO_CHARS
    before = _named_once.cache_info().currsize
    assert named(long, "gentes").startswith("take Philosopher tile 2 now ")
    assert _named_once.cache_info().currsize == before
    assert named("take PH2 now", "gentes") == "take Philosopher tile 2 now"
