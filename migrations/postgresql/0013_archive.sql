-- The archive (issue 40): the same tables and indexes as the SQLite migration m016_archive. One
-- row per finished public game and one per seat of it, projections of the logs (`referee archive
-- rebuild`); each search filter leads an index that ends in the page's order (ended_at, game_id).

CREATE TABLE archive_games (
    game_id TEXT COLLATE "C" PRIMARY KEY,
    title TEXT NOT NULL,
    started_at TEXT COLLATE "C" NOT NULL,
    ended_at TEXT COLLATE "C" NOT NULL,
    seats INTEGER NOT NULL,
    moves INTEGER NOT NULL,
    timeouts INTEGER NOT NULL,
    decided INTEGER NOT NULL,
    reason TEXT NOT NULL,
    result TEXT NOT NULL
);
CREATE INDEX archive_recent ON archive_games (ended_at, game_id);
CREATE INDEX archive_title ON archive_games (title, ended_at, game_id);
CREATE INDEX archive_title_seats ON archive_games (title, seats, ended_at, game_id);
CREATE INDEX archive_longest ON archive_games (moves, ended_at, game_id);
CREATE INDEX archive_title_longest ON archive_games (title, moves, ended_at, game_id);

CREATE TABLE archive_seats (
    game_id TEXT COLLATE "C" NOT NULL,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    player_id TEXT,
    title TEXT NOT NULL,
    seats INTEGER NOT NULL,
    ended_at TEXT COLLATE "C" NOT NULL,
    outcome TEXT NOT NULL,
    timeouts INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX archive_seats_name ON archive_seats (name, ended_at, game_id);
CREATE INDEX archive_seats_player ON archive_seats (player_id, title);
CREATE INDEX archive_seats_title ON archive_seats (title, seats, seat);
