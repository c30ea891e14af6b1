"""Referee: an event-sourced referee for long-running asynchronous board games."""

__version__ = "0.1.0"
