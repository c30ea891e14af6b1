"""The backoff schedule for failed deliveries."""

from __future__ import annotations

import pytest

from referee.notify.retry import (BASE_DELAY, GIVE_UP_AFTER, MAX_ATTEMPTS, MAX_DELAY, next_attempt_at, retry_delay,
                                  should_give_up)

NOW = 1_800_000_000.0


def test_delays_double_from_30s_up_to_an_hour():
    assert [retry_delay(n) for n in range(1, 10)] == [30, 60, 120, 240, 480, 960, 1920, 3600, 3600]
    assert retry_delay(10_000) == MAX_DELAY == 3600
    assert BASE_DELAY == 30


def test_next_attempt_is_now_plus_the_delay():
    assert next_attempt_at(1, NOW) == NOW + 30
    assert next_attempt_at(3, NOW) == NOW + 120


def test_attempts_count_from_one():
    with pytest.raises(ValueError):
        retry_delay(0)


def test_give_up_only_after_five_days():
    assert GIVE_UP_AFTER == 5 * 86400
    assert not should_give_up(NOW, NOW + GIVE_UP_AFTER - 1)
    assert should_give_up(NOW, NOW + GIVE_UP_AFTER)


def test_max_attempts_matches_the_schedule():
    # Walk the schedule like an outbox job would, failing every time.
    first, at, attempts = NOW, NOW, 1
    while True:
        at = next_attempt_at(attempts, at)
        if should_give_up(first, at):
            break
        attempts += 1
    assert attempts == MAX_ATTEMPTS == 126
