-- Tenure (issue 35): the same as the SQLite migration m015. A mail records the tenure of the
-- seat it was queued for; a message the tenures of its sender and recipients ({"seat": tenure}).
-- credential_marks moves whenever a credential may have died (`<game>/seats`: a seat's token,
-- tenure, holder or player changed; `players/tokens`: a player token or session was revoked),
-- announced on the change feed's channel so every host's open streams re-check their readers
-- at once.

ALTER TABLE outbox ADD COLUMN tenure INTEGER;
ALTER TABLE messages ADD COLUMN tenures TEXT;

CREATE TABLE credential_marks (key TEXT PRIMARY KEY, mark BIGINT NOT NULL);

CREATE FUNCTION referee_mark_credentials(mark_key TEXT) RETURNS void AS $$
DECLARE
    moved BIGINT;
BEGIN
    INSERT INTO credential_marks (key, mark) VALUES (mark_key, 1)
        ON CONFLICT (key) DO UPDATE SET mark = credential_marks.mark + 1
        RETURNING mark INTO moved;
    PERFORM pg_notify('referee_events', mark_key || ':' || moved);
END;
$$ LANGUAGE plpgsql;

-- One trigger function for both tables: a seat's token, tenure, holder or player changed, or a
-- player token or session was revoked or deleted.
CREATE FUNCTION referee_credentials_moved() RETURNS trigger AS $$
BEGIN
    IF TG_TABLE_NAME = 'seats' THEN
        IF TG_OP = 'DELETE' THEN
            PERFORM referee_mark_credentials(OLD.game_id || '/seats');
        ELSIF OLD.token_hash IS DISTINCT FROM NEW.token_hash OR OLD.tenure IS DISTINCT FROM NEW.tenure
              OR OLD.holder IS DISTINCT FROM NEW.holder OR OLD.player_id IS DISTINCT FROM NEW.player_id THEN
            PERFORM referee_mark_credentials(NEW.game_id || '/seats');
        END IF;
    ELSIF TG_OP = 'DELETE' OR OLD.revoked_at IS DISTINCT FROM NEW.revoked_at THEN
        PERFORM referee_mark_credentials('players/tokens');
    END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER seats_credentials AFTER UPDATE OR DELETE ON seats
    FOR EACH ROW EXECUTE FUNCTION referee_credentials_moved();

CREATE TRIGGER player_tokens_credentials AFTER UPDATE OR DELETE ON player_tokens
    FOR EACH ROW EXECUTE FUNCTION referee_credentials_moved();
