-- A seat's language (issue 29): the same column as the SQLite migration m013_language. NULL follows
-- the seat's player's language, else English.
ALTER TABLE seat_settings ADD COLUMN lang TEXT;
