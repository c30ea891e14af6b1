-- Caps on unsolicited mail and on channel test alerts (issue 35): the same table as the SQLite
-- migration m014_send_counts. `subject` is a keyed hash of a mailbox or a channel, `period` the
-- cap's length in seconds, `slot` which window of that length (epoch seconds // period).

CREATE TABLE send_counts (
    subject TEXT COLLATE "C" NOT NULL,
    period INTEGER NOT NULL,
    slot BIGINT NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (subject, period, slot)
);
CREATE INDEX send_counts_age ON send_counts (period, slot);
