-- Every appended event is announced on the channel `referee_events` as '<game_id>:<seq>'
-- (delivered when its transaction commits), so the change feed's long polls on every host wake
-- at once instead of polling the log's head. A trigger, so every writer announces (the service,
-- migrate-store) at no extra round trip.

CREATE FUNCTION referee_announce_event() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('referee_events', NEW.game_id || ':' || NEW.seq);
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER events_announce AFTER INSERT ON events
    FOR EACH ROW EXECUTE FUNCTION referee_announce_event();
