-- Seats held by bots (README, "Bots"): a projection of game_created, so the scheduler's bot job
-- finds the running games with bots without loading every game. As the SQLite migration m007.

CREATE TABLE bot_seats (
    game_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    spec TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
