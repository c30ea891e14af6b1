"""Instance-wide tables copied whole to another store (`referee migrate-store`): players and
their tokens, tournaments. Rows go as they are, columns named (two databases' migrations need not
give a table one column order), read a page at a time so that a large table is never held whole."""

from __future__ import annotations

from typing import Iterator

from referee.store.connection import Connection

PAGE = 1000


def pages(conn: Connection, table: str, columns: str) -> Iterator[list[tuple]]:
    cursor = conn.execute(f"SELECT {columns} FROM {table}")
    while found := cursor.fetchmany(PAGE):
        yield [tuple(r) for r in found]


def insert(conn: Connection, table: str, columns: str, rows: list[tuple]) -> None:
    marks = ",".join("?" * len(columns.split(",")))
    conn.executemany(f"INSERT INTO {table} ({columns}) VALUES ({marks})", rows)


def present(conn: Connection, table: str, column: str, values: list) -> set:
    """Which of `values` the target's `table` holds in `column` (a clash, before anything is copied)."""
    if not values:
        return set()
    marks = ",".join("?" * len(values))
    return {r[0] for r in conn.execute(f"SELECT {column} FROM {table} WHERE {column} IN ({marks})", values).fetchall()}
