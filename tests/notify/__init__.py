"""Tests of deadlines (referee.clock) and notifications (referee.notify)."""
