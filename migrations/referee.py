"""Schema of the referee database, as sqlite-utils migrations (applied by `referee init-db`).

`events` is the truth. `games`, `game_players` and `snapshots` are projections/caches that
`referee replay --rebuild-projections` rebuilds from events. `seats` (token hashes, contact
addresses) and `game_keys` (the secret seed) are credentials, not derivable from the log.
"""

from sqlite_utils import Migrations

migrations = Migrations("referee")


@migrations()
def m001_core(db):
    db.execute("""
        CREATE TABLE events (
            game_id TEXT NOT NULL,
            seq INTEGER NOT NULL,
            type TEXT NOT NULL,
            seat INTEGER,
            payload TEXT NOT NULL,
            created_at TEXT NOT NULL,
            digest TEXT NOT NULL,
            prev_hash TEXT NOT NULL,
            hash TEXT NOT NULL,
            PRIMARY KEY (game_id, seq)
        ) WITHOUT ROWID""")
    db.execute("""
        CREATE TABLE game_keys (
            game_id TEXT PRIMARY KEY,
            seed TEXT NOT NULL
        )""")
    db.execute("""
        CREATE TABLE seats (
            game_id TEXT NOT NULL,
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            email TEXT,
            webhook TEXT,
            token_hash TEXT NOT NULL UNIQUE,
            PRIMARY KEY (game_id, seat)
        )""")
    db.execute("""
        CREATE TABLE games (
            id TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            status TEXT NOT NULL,
            seq INTEGER NOT NULL,
            to_move TEXT NOT NULL,
            result TEXT,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        )""")
    db.execute("CREATE INDEX games_status ON games(status, game)")
    db.execute("""
        CREATE TABLE game_players (
            game_id TEXT NOT NULL,
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            PRIMARY KEY (game_id, seat)
        )""")
    db.execute("CREATE INDEX game_players_name ON game_players(name)")
    db.execute("""
        CREATE TABLE snapshots (
            game_id TEXT NOT NULL,
            seq INTEGER NOT NULL,
            state TEXT NOT NULL,
            PRIMARY KEY (game_id, seq)
        )""")
    db.execute("""
        CREATE TABLE idempotency (
            game_id TEXT NOT NULL,
            seat INTEGER NOT NULL,
            key TEXT NOT NULL,
            status INTEGER NOT NULL,
            response TEXT NOT NULL,
            PRIMARY KEY (game_id, seat, key)
        )""")
