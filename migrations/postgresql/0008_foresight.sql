-- Pre-set moves and agreement proposals (issue 27): the same tables as the SQLite migration m011.
-- presets: each seat's private queue for its next prompts, the note telling the seat why a queue
-- was dropped, and every entry's fate (in the full export once the game is over).
-- proposals_due: open proposals to end a game by agreement and when they lapse (a projection).

CREATE TABLE presets (
    game_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    queue TEXT NOT NULL,
    note TEXT,
    history TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);

CREATE TABLE proposals_due (
    game_id TEXT NOT NULL,
    proposal INTEGER NOT NULL,
    expires_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, proposal)
);
CREATE INDEX proposals_due_at ON proposals_due (expires_at);
