"""Deadline arithmetic: durations, fixed and Fischer policies, reminders, pauses, vacation."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from referee.service.clock import (DAY, FischerPolicy, FixedPolicy, format_duration, format_remaining, parse_duration,
                           policy_from_clock, shift_for_pause, vacation_ends_at, vacation_left, vacation_used)

H = 3600
T0 = 1_800_000_000.0  # an arbitrary opening time (2027-01-15)


def utc(*args: int) -> float:
    return datetime(*args, tzinfo=timezone.utc).timestamp()


@pytest.mark.parametrize("text, seconds", [("90s", 90), ("30m", 1800), ("72h", 259200), ("7d", 604800),
                                           ("0s", 0), ("999999d", 999999 * DAY)])
def test_parse_duration(text, seconds):
    assert parse_duration(text) == seconds


@pytest.mark.parametrize("text", ["", "72", "h", "1.5h", "-1h", "+1h", "72H", " 72h", "72h ", "72h\n", "1w",
                                  "007h", "1h30m", "\u0663h", "1234567s", "72 h"])
def test_parse_duration_rejects_with_the_text(text):
    with pytest.raises(ValueError) as err:
        parse_duration(text)
    assert repr(text) in str(err.value)


def test_parse_duration_rejects_non_strings():
    with pytest.raises(ValueError):
        parse_duration(72)  # type: ignore[arg-type]


@pytest.mark.parametrize("seconds, text", [(90, "90s"), (5400, "90m"), (3 * DAY, "3d"), (36 * H, "36h"), (0, "0s"),
                                           (DAY + 1, "86401s")])
def test_format_duration_is_canonical_and_round_trips(seconds, text):
    assert format_duration(seconds) == text
    assert parse_duration(format_duration(seconds)) == seconds


def test_format_duration_rejects_negative_and_fractions():
    for bad in (-1, 1.5):
        with pytest.raises(ValueError):
            format_duration(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("seconds, text", [(2 * DAY + 3 * H + 59, "2d 3h"), (3 * H + 5, "3h 5s"), (59.9, "59s"),
                                           (0, "0s"), (-5, "0s"), (DAY, "1d")])
def test_format_remaining(seconds, text):
    assert format_remaining(seconds) == text


def test_format_remaining_in_german():
    from referee.plumbing.i18n import translator
    assert format_remaining(2 * DAY + 3 * H + 59, translator("de")) == "2 Tg. 3 Std."
    assert format_remaining(3 * H + 5, translator("de")) == "3 Std. 5 Sek."


def fixed(**extra) -> FixedPolicy:
    policy = policy_from_clock({"policy": "fixed", "per_decision": "72h", "reminders": ["1h", "24h"], **extra})
    assert isinstance(policy, FixedPolicy)
    return policy


def fischer(**extra) -> FischerPolicy:
    clock = {"policy": "fischer", "initial": "7d", "increment": "1d", "max": "14d", "reminders": ["24h", "1h"]}
    policy = policy_from_clock({**clock, **extra})
    assert isinstance(policy, FischerPolicy)
    return policy


def test_no_clock_means_no_policy():
    assert policy_from_clock(None) is None


def test_fixed_deadline_is_per_decision_after_opening():
    policy = fixed()
    assert policy.initial_bank() is None
    assert policy.deadline(T0) == T0 + 72 * H
    assert policy.bank_after_move(None, T0 + 72 * H, T0 + H) is None


def test_policy_defaults_and_reminders_largest_first():
    policy = fixed()
    assert policy.reminders == (24 * H, H)
    assert policy.absent_after == 3
    assert policy.vacation_days == 14
    assert policy.vacation_allowance == 14 * DAY
    assert fixed(absent_after=5, vacation_days=0).absent_after == 5


def test_reminders_before_the_deadline_in_order():
    policy = fixed()
    deadline = policy.deadline(T0)
    assert policy.reminder_times(T0, deadline) == [deadline - 24 * H, deadline - H]


def test_reminders_before_the_opening_are_skipped():
    policy = fischer()
    # A nearly empty bank: the deadline is 5 hours away, so the 24h reminder is already past.
    deadline = policy.deadline(T0, bank=5 * H)
    assert policy.reminder_times(T0, deadline) == [deadline - H]
    assert policy.reminder_times(T0, T0 + H) == []  # exactly at the opening: useless too


def test_fischer_deadline_uses_the_seats_bank():
    policy = fischer()
    assert policy.initial_bank() == 7 * DAY
    assert policy.deadline(T0, bank=3 * DAY) == T0 + 3 * DAY
    with pytest.raises(ValueError):
        policy.deadline(T0)


def test_fischer_move_deducts_spent_time_and_adds_increment():
    policy = fischer()
    bank = policy.initial_bank()
    deadline = policy.deadline(T0, bank)
    after = policy.bank_after_move(bank, deadline, T0 + 2 * DAY)
    assert after == 5 * DAY + DAY
    # The next prompt runs on the new bank.
    assert policy.deadline(T0 + 3 * DAY, after) == T0 + 9 * DAY


def test_fischer_bank_is_capped_at_max():
    policy = fischer()
    deadline = policy.deadline(T0, 14 * DAY)
    assert policy.bank_after_move(14 * DAY, deadline, T0 + 60) == 14 * DAY


def test_fischer_rounds_spent_time_against_the_seat():
    policy = fischer()
    deadline = policy.deadline(T0, 100)
    assert policy.bank_after_move(100, deadline, T0 + 10.5) == 89 + DAY


def test_fischer_late_move_and_timeout_leave_just_the_increment():
    policy = fischer()
    deadline = policy.deadline(T0, H)
    assert policy.bank_after_move(H, deadline, deadline + 30) == DAY
    assert policy.bank_after_timeout(H) == DAY
    assert fischer(max="1d", initial="1d", increment="2d").bank_after_timeout(0) == DAY


@pytest.mark.parametrize("clock, fragment", [
    ({"policy": "fischer", "initial": "7d", "increment": "1d", "max": "6d"}, "max"),
    ({"policy": "fischer", "initial": "7d", "increment": "0s", "max": "8d"}, "increment"),
    ({"policy": "fixed", "per_decision": "0s"}, "per_decision"),
    ({"policy": "fixed", "per_decision": "1h", "absent_after": 0}, "absent_after"),
    ({"policy": "fixed", "per_decision": "1h", "vacation_days": 181}, "vacation_days"),
    ({"policy": "fixed", "per_decision": "1h", "reminders": ["0s"]}, "reminder"),
    ({"policy": "fixed", "per_decision": "1 h"}, "1 h"),
    ({"policy": "hourglass"}, "hourglass"),
    ({"policy": "fischer", "initial": "7d", "max": "8d"}, "increment"),
])
def test_inconsistent_clocks_are_rejected(clock, fragment):
    with pytest.raises(ValueError) as err:
        policy_from_clock(clock)
    assert fragment in str(err.value)


def test_absent_after_consecutive_timeouts():
    policy = fixed(absent_after=2)
    assert not policy.marks_absent(1)
    assert policy.marks_absent(2)
    assert policy.marks_absent(3)


def test_pause_shifts_pending_times_by_the_paused_duration():
    deadline = T0 + 72 * H
    assert shift_for_pause(deadline, T0 + 10 * H, T0 + 34 * H) == deadline + 24 * H
    # Reminders shift the same way.
    assert shift_for_pause(deadline - H, T0 + 10 * H, T0 + 12 * H) == deadline + H


def test_pause_does_not_rescue_a_time_already_due():
    assert shift_for_pause(T0, T0 + 5, T0 + DAY) == T0
    assert shift_for_pause(T0, T0, T0 + DAY) == T0
    with pytest.raises(ValueError):
        shift_for_pause(T0 + DAY, T0 + 10, T0)


def test_paused_time_is_not_charged_to_a_fischer_bank():
    policy = fischer()
    deadline = policy.deadline(T0, 2 * DAY)
    deadline = shift_for_pause(deadline, T0 + DAY, T0 + 6 * DAY)  # 5 days of vacation
    # Moved 1 day of thinking + 5 days paused + 0.5 day thinking after opening.
    assert policy.bank_after_move(2 * DAY, deadline, T0 + 6.5 * DAY) == DAY // 2 + DAY


def test_vacation_used_splits_at_new_year():
    pauses = [(utc(2026, 12, 29), utc(2027, 1, 3)), (utc(2027, 3, 1), utc(2027, 3, 2, 12))]
    assert vacation_used(pauses, 2026, now=utc(2027, 6, 1)) == 3 * DAY
    assert vacation_used(pauses, 2027, now=utc(2027, 6, 1)) == 2 * DAY + 1.5 * DAY


def test_running_vacation_counts_up_to_now():
    pauses = [(utc(2027, 5, 1), None)]
    assert vacation_used(pauses, 2027, now=utc(2027, 5, 4, 6)) == 3.25 * DAY
    assert vacation_left(14, pauses, now=utc(2027, 5, 4, 6)) == 10.75 * DAY
    assert vacation_left(2, pauses, now=utc(2027, 5, 4, 6)) == 0


def test_vacation_allowance_renews_each_year():
    pauses = [(utc(2027, 2, 1), utc(2027, 2, 15))]
    assert vacation_left(14, pauses, now=utc(2027, 12, 31)) == 0
    assert vacation_left(14, pauses, now=utc(2028, 1, 1)) == 14 * DAY


def test_vacation_ends_when_the_allowance_is_spent():
    earlier = [(utc(2027, 2, 1), utc(2027, 2, 11))]
    assert vacation_ends_at(14, earlier, utc(2027, 6, 1)) == utc(2027, 6, 5)
    assert vacation_ends_at(10, earlier, utc(2027, 6, 1)) == utc(2027, 6, 1)
    assert vacation_ends_at(0, [], utc(2027, 6, 1)) == utc(2027, 6, 1)


def test_vacation_across_new_year_gets_the_new_allowance():
    earlier = [(utc(2027, 2, 1), utc(2027, 2, 11))]  # 4 of 14 days left in 2027
    paused = utc(2027, 12, 30)
    # 2 days up to New Year (within the 4 left), then 2028's fresh 14 days.
    assert vacation_ends_at(14, earlier, paused) == utc(2028, 1, 15)
    with pytest.raises(ValueError):
        vacation_ends_at(365, [], paused)
