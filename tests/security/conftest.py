"""The security tests' server: the players tests' `site` (mail to the test's SMTP sink, web hooks
to loopback allowed), shared rather than written again."""

from tests.api.test_players import site  # noqa: F401 - a fixture, used by name
