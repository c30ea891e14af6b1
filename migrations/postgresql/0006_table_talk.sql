-- Table talk (issue 24): the same tables as the SQLite migration m009. Each game's messages are
-- a hash chain of their own (store/messages.py); mutes are per seat; message_mailed is the last
-- message each seat's mails have shown. Appended messages are announced on the change feed's
-- channel as '<game_id>/messages:<seq>' (the live feed's watcher keys them so).

CREATE TABLE messages (
    game_id TEXT COLLATE "C" NOT NULL,
    seq INTEGER NOT NULL,
    sender INTEGER NOT NULL,
    recipients TEXT NOT NULL,
    note INTEGER NOT NULL,
    text TEXT NOT NULL,
    created_at TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    salt TEXT NOT NULL,
    digest TEXT NOT NULL,
    prev_hash TEXT NOT NULL,
    hash TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE INDEX messages_sender ON messages (game_id, sender, at);

CREATE TABLE message_mutes (
    game_id TEXT COLLATE "C" NOT NULL,
    seat INTEGER NOT NULL,
    muted INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat, muted)
);

CREATE TABLE message_mailed (
    game_id TEXT COLLATE "C" NOT NULL,
    seat INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);

CREATE FUNCTION referee_announce_message() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('referee_events', NEW.game_id || '/messages:' || NEW.seq);
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER messages_announce AFTER INSERT ON messages
    FOR EACH ROW EXECUTE FUNCTION referee_announce_message();
