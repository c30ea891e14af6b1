-- Ratings and tournaments (issue 28): the same tables as the SQLite migration m012_ratings.
-- mu, sigma and ordinal are DOUBLE PRECISION: the exact doubles openskill gave, so a rebuild
-- compares equal bit for bit.

CREATE TABLE rating_games (
    game_id TEXT COLLATE "C" PRIMARY KEY,
    title TEXT NOT NULL,
    ended_at TEXT COLLATE "C" NOT NULL,
    rated INTEGER NOT NULL,
    why TEXT,
    players TEXT NOT NULL,
    ranks TEXT NOT NULL
);
CREATE INDEX rating_games_order ON rating_games (title, rated, ended_at, game_id);

CREATE TABLE ratings (
    title TEXT NOT NULL,
    player_id TEXT COLLATE "C" NOT NULL,
    name TEXT NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    ordinal DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL,
    shown INTEGER NOT NULL,
    PRIMARY KEY (title, player_id)
);
CREATE INDEX ratings_board ON ratings (title, shown, ordinal, player_id) INCLUDE (name, mu, sigma, games);
CREATE INDEX ratings_player ON ratings (player_id);

CREATE TABLE rating_history (
    title TEXT NOT NULL,
    player_id TEXT NOT NULL,
    n INTEGER NOT NULL,
    game_id TEXT NOT NULL,
    ended_at TEXT NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (title, player_id, n)
);

CREATE TABLE tournaments (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    format TEXT NOT NULL,
    status TEXT NOT NULL,
    spec TEXT NOT NULL,
    organiser_hash TEXT NOT NULL,
    rounds INTEGER NOT NULL,
    created_at DOUBLE PRECISION NOT NULL
);
CREATE INDEX tournaments_status ON tournaments (status);

CREATE TABLE tournament_games (
    tournament_id TEXT NOT NULL,
    round INTEGER NOT NULL,
    board INTEGER NOT NULL,
    game_id TEXT,
    players TEXT NOT NULL,
    PRIMARY KEY (tournament_id, round, board)
);
CREATE INDEX tournament_games_game ON tournament_games (game_id);
