"""What the store modules need from a connection, on SQLite and PostgreSQL alike."""

from __future__ import annotations

from typing import Any, Iterable, Protocol, Sequence


class Connection(Protocol):
    dialect: str     # "sqlite" | "postgresql"
    BEGIN: str       # the statement that opens a write transaction
    LOCK_ROWS: str   # appended to a claim's SELECT ("" where the transaction locks everything)
    usable: bool     # False once the server has dropped the connection

    def execute(self, sql: str, params: Sequence[Any] = ...) -> Any: ...

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> Any: ...

    def lock_game(self, game_id: str) -> None: ...
