"""The application layer: one module per use case, one write transaction per state change.

`Referee` (service/referee.py) is the one object the delivery layers (API, pages, mail,
scheduler) hold; each of its use cases lives in a small module of its own.
"""
