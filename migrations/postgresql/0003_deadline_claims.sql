-- A scheduler claims the due deadlines it will time out, under a lease (FOR UPDATE SKIP LOCKED),
-- so that schedulers on several hosts share the work instead of all trying every timeout (the
-- append's expected sequence still lets only one land); a crashed scheduler's claims lapse with
-- the lease. The same column as the SQLite migration m006.

ALTER TABLE deadlines ADD COLUMN claimed_until DOUBLE PRECISION;
