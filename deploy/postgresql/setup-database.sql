-- Create the role and the database the web hosts and schedulers share. Run once, as a
-- superuser, on the database server:
--
--   sudo -u postgres psql -v ON_ERROR_STOP=1 -v password="$(openssl rand -hex 24)" \
--        -f setup-database.sql
--
-- then put that password in /etc/referee/pgpass on each web host, admit the web hosts in
-- pg_hba.conf, e.g.
--   hostssl  referee  referee  10.0.0.0/24  scram-sha-256
-- and create the tables from any web host with `referee init-db` (it applies the migrations;
-- web workers and schedulers also apply them when they start, one process at a time under an
-- advisory lock, so several hosts starting at once is safe).
--
-- The referee role owns its database and nothing else: no superuser, CREATEDB or CREATEROLE.
-- Collation "C" orders text by code point, as SQLite does, so lists sort the same on both.

CREATE ROLE referee LOGIN PASSWORD :'password';
CREATE DATABASE referee OWNER referee ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0;
REVOKE ALL ON DATABASE referee FROM PUBLIC;
GRANT CONNECT, TEMPORARY ON DATABASE referee TO referee;

\connect referee
-- The tables live in schema public, which the referee owns and nobody else may write to
-- (PostgreSQL 15 and later already refuse CREATE there to other roles; older ones do not).
ALTER SCHEMA public OWNER TO referee;
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
