"""schemas/api/clock.json: what a game's "clock" may be, and that it agrees with referee.service.clock."""

from __future__ import annotations

import pytest

from referee.service.clock import parse_duration, policy_from_clock
from referee.engine.schemas import check

FIXED = {"policy": "fixed", "per_decision": "72h", "reminders": ["24h", "1h"]}
FISCHER = {"policy": "fischer", "initial": "7d", "increment": "1d", "max": "14d", "reminders": ["24h"]}


@pytest.mark.parametrize("clock", [
    FIXED,
    FISCHER,
    {"policy": "fixed", "per_decision": "90s"},
    {"policy": "fischer", "initial": "30m", "increment": "5m", "max": "2h"},
    {**FIXED, "absent_after": 1, "vacation_days": 0},
    {**FISCHER, "absent_after": 100, "vacation_days": 180, "reminders": []},
])
def test_valid_clocks_pass_and_build_a_policy(clock):
    assert check("api/clock.json", clock) == []
    assert policy_from_clock(clock) is not None


@pytest.mark.parametrize("clock", [
    {},
    {"policy": "fixed"},
    {"policy": "fischer", "initial": "7d", "increment": "1d"},
    {"policy": "sudden_death", "per_decision": "72h"},
    {**FIXED, "initial": "7d"},                       # a fischer field on a fixed clock
    {**FISCHER, "per_decision": "72h"},               # and the other way round
    {**FIXED, "colour": "red"},
    {**FIXED, "per_decision": "72"},
    {**FIXED, "per_decision": "1.5h"},
    {**FIXED, "per_decision": "0h"},
    {**FIXED, "per_decision": "072h"},
    {**FIXED, "per_decision": "72h\n"},
    {**FIXED, "per_decision": 72},
    {**FIXED, "per_decision": "1w"},
    {**FIXED, "reminders": ["1h", "1h"]},
    {**FIXED, "reminders": "1h"},
    {**FIXED, "reminders": ["soon"]},
    {**FISCHER, "increment": "0s"},
    {**FIXED, "absent_after": 0},
    {**FIXED, "absent_after": 2.5},
    {**FIXED, "vacation_days": -1},
    {**FIXED, "vacation_days": 181},
    "72h",
    None,
])
def test_invalid_clocks_are_rejected(clock):
    assert check("api/clock.json", clock) != []


@pytest.mark.parametrize("text", ["1s", "59m", "72h", "7d", "999999d", "0s", "0h", "01h", "1234567s", "1h\n",
                                  "h", "1.0h", "-1d", "1 d", "\u0661h"])
def test_schema_durations_are_exactly_the_positive_parseable_ones(text):
    accepted = check("api/clock.json", {"policy": "fixed", "per_decision": text}) == []
    try:
        parsed = parse_duration(text)
    except ValueError:
        parsed = None
    assert accepted == (parsed is not None and parsed > 0)
