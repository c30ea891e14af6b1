-- Alert channels and the digest's schedule (issue 26): the same as the SQLite migration m010.
-- A channel is an apprise URL or a Web Push subscription of a seat, a game or a player.

CREATE TABLE alert_channels (
    id TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    game_id TEXT,
    seat INTEGER,
    tenure INTEGER,
    player_id TEXT,
    kind TEXT NOT NULL,
    url TEXT NOT NULL,
    subscription TEXT,
    events TEXT NOT NULL,
    created_at DOUBLE PRECISION NOT NULL,
    failures INTEGER NOT NULL DEFAULT 0,
    failing_since DOUBLE PRECISION,
    disabled_at DOUBLE PRECISION,
    disabled_reason TEXT
);
CREATE INDEX alert_channels_game ON alert_channels (game_id);
CREATE INDEX alert_channels_player ON alert_channels (player_id);
CREATE INDEX alert_channels_url ON alert_channels (url);

ALTER TABLE players ADD COLUMN digest_every TEXT NOT NULL DEFAULT 'day';
ALTER TABLE players ADD COLUMN digest_hour INTEGER NOT NULL DEFAULT 8;
ALTER TABLE players ADD COLUMN digest_only INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN digest_next_at DOUBLE PRECISION;
ALTER TABLE players ADD COLUMN digest_last_at DOUBLE PRECISION;
