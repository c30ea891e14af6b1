-- The archive's result and seat-count filters as index ranges too (the same indexes as the SQLite
-- migration m018_archive_pages): a game's result alone and with the game, a player's outcome, the
-- seat count alone; each ends in the page's order (ended_at, game_id).

CREATE INDEX archive_decided ON archive_games (decided, ended_at, game_id);
CREATE INDEX archive_title_decided ON archive_games (title, decided, ended_at, game_id);
CREATE INDEX archive_seat_count ON archive_games (seats, ended_at, game_id);
CREATE INDEX archive_seats_outcome ON archive_seats (name, outcome, ended_at, game_id);
