"""Commit-reveal randomness: deterministic from (seed, event, draw), unbiased, recorded."""

from collections import Counter

from referee.engine.rng import Rng, redact_records


def test_same_seed_and_event_give_same_draws_and_records():
    a, b = Rng(b"s" * 32, 5), Rng(b"s" * 32, 5)
    assert a.shuffle(list(range(20)), label="X") == b.shuffle(list(range(20)), label="X")
    assert a.roll([1, 2, 3, 4, 5, 6], 4, label="D") == b.roll([1, 2, 3, 4, 5, 6], 4, label="D")
    assert a.records == b.records


def test_draws_depend_on_event_number_and_seed():
    base = Rng(b"s" * 32, 5).shuffle(list(range(30)), label="X")
    assert Rng(b"s" * 32, 6).shuffle(list(range(30)), label="X") != base
    assert Rng(b"t" * 32, 5).shuffle(list(range(30)), label="X") != base


def test_below_is_uniform_enough():
    rng = Rng(b"u" * 32, 1)
    counts = Counter(rng.below(3, label="x") for _ in range(6000))
    assert set(counts) == {0, 1, 2}
    assert all(1800 < c < 2200 for c in counts.values()), counts


def test_shuffle_is_a_permutation_and_recorded_hidden():
    rng = Rng(b"v" * 32, 1)
    out = rng.shuffle(["a", "b", "c", "d"], label="C-2")
    assert sorted(out) == ["a", "b", "c", "d"]
    assert rng.records == [{"label": "C-2", "kind": "shuffle", "value": out, "visible_to": []}]


def test_records_are_withheld_from_seats_not_allowed_to_see_them():
    rng = Rng(b"w" * 32, 1)
    rng.note("C-4", ["medes"], visible_to=[1])
    rng.below(2, label="C-1")
    for viewer in (None, 0):
        shown = redact_records(rng.records, viewer)
        assert shown[0]["value"] is None and shown[0]["withheld"] is True
        assert shown[1]["value"] == rng.records[1]["value"]
    assert redact_records(rng.records, 1)[0]["value"] == ["medes"]


def test_records_do_not_change_when_the_game_uses_the_returned_values():
    rng = Rng(b"x" * 32, 1)
    deck = rng.shuffle(list(range(10)), label="C-5")
    dice = rng.roll([1, 2, 3], 2, label="D")
    hand = ["medes"]
    rng.note("C-4", hand, visible_to=[0])
    deck.pop(); dice.append(9); hand.append("persians")
    assert len(rng.records[0]["value"]) == 10 and len(rng.records[1]["value"]) == 2
    assert rng.records[2]["value"] == ["medes"]
