-- Players, seat tenures and tables (issue 23): the same tables as the SQLite migration m008.
-- players, player_tokens and sign_in_links are credentials and settings; seats gain their
-- holder (player, tenure, open/invited/reserved/vacant, missed deadlines); past_seats keeps each
-- former holder's record; tables is a game's lobby entry (creator, listing, expiry).

CREATE TABLE players (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    name TEXT,
    tz TEXT,
    lang TEXT NOT NULL DEFAULT 'en',
    digest INTEGER NOT NULL DEFAULT 0,
    digest_sent_on TEXT,
    created_at DOUBLE PRECISION NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    missed INTEGER NOT NULL DEFAULT 0,
    replaced INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE player_tokens (
    token_hash TEXT PRIMARY KEY,
    player_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    created_at DOUBLE PRECISION NOT NULL,
    revoked_at DOUBLE PRECISION
);
CREATE INDEX player_tokens_player ON player_tokens (player_id);

CREATE TABLE sign_in_links (
    token_hash TEXT PRIMARY KEY,
    email TEXT NOT NULL,
    expires_at DOUBLE PRECISION NOT NULL,
    used_at DOUBLE PRECISION
);

ALTER TABLE seats ADD COLUMN player_id TEXT;
ALTER TABLE seats ADD COLUMN tenure INTEGER NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN holder TEXT NOT NULL DEFAULT 'held';
ALTER TABLE seats ADD COLUMN invite TEXT;
ALTER TABLE seats ADD COLUMN missed INTEGER NOT NULL DEFAULT 0;
CREATE INDEX seats_player ON seats (player_id);
CREATE INDEX seats_email ON seats (email);

CREATE TABLE past_seats (
    game_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    tenure INTEGER NOT NULL,
    player_id TEXT,
    name TEXT NOT NULL,
    missed INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat, tenure)
);
CREATE INDEX past_seats_player ON past_seats (player_id);

CREATE TABLE tables (
    game_id TEXT COLLATE "C" PRIMARY KEY,
    game TEXT NOT NULL,
    creator_hash TEXT NOT NULL,
    creator_player TEXT,
    listed INTEGER NOT NULL,
    status TEXT NOT NULL,
    seats INTEGER NOT NULL,
    free INTEGER NOT NULL,
    replace_after INTEGER NOT NULL,
    expires_at DOUBLE PRECISION NOT NULL,
    rematch_of TEXT,
    rematch TEXT,
    created_at TEXT COLLATE "C" NOT NULL
);
CREATE INDEX tables_lobby ON tables (status, listed, created_at DESC, game_id);
CREATE INDEX tables_lobby_game ON tables (status, listed, game, created_at DESC, game_id);
CREATE INDEX tables_expiry ON tables (status, expires_at);
