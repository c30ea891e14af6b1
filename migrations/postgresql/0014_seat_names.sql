-- Personal data out of the hashed log (issue 40): the same table as the SQLite migration
-- m017_seat_names. Each seat's holder's name per tenure, outside the hash chain; logs name seats
-- by (seat, tenure) only, and an erasure replaces the name here without touching a chain.

CREATE TABLE seat_names (
    game_id TEXT COLLATE "C" NOT NULL,
    seat INTEGER NOT NULL,
    tenure INTEGER NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (game_id, seat, tenure)
);
