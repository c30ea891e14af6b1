-- Every move rewrites its game's updated_at, so every index holding it is written at each move
-- (the same change as the SQLite migration m019_fewer_list_indexes). Lists filtered by game kind
-- read the newest-first index, or the status one, and skip the other kinds: there are a handful.

DROP INDEX IF EXISTS games_game_recent;
DROP INDEX IF EXISTS games_game_status_recent;
