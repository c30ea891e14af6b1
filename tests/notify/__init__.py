"""Tests of deadlines (referee.service.clock) and notifications (referee.notify)."""
