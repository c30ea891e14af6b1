#!/bin/bash
# A consistent dump of the shared database while the service runs (pg_dump reads one snapshot),
# kept for KEEP_DAYS days. Run by referee-backup.service (daily, referee-backup.timer).
#
#   backup.sh [DIR] [KEEP_DAYS]     database from $REFEREE_DATABASE (password: PGPASSFILE)
#
# A dump is written under a temporary name, read back with `pg_restore --list` and only then
# renamed to referee-YYYYMMDDTHHMMSSZ.dump, so a file with that name is a complete archive.
# Restore: see deploy/postgresql/README.md, "Restore".
set -euo pipefail

dir=${1:-${BACKUP_DIR:-/var/backups/referee}}
keep_days=${2:-${KEEP_DAYS:-14}}
: "${REFEREE_DATABASE:?REFEREE_DATABASE must name the PostgreSQL database (postgresql://…)}"
case "$REFEREE_DATABASE" in
    postgresql://*|postgres://*) ;;
    *) echo "backup.sh: REFEREE_DATABASE is not a PostgreSQL URL; for SQLite use sqlite3 .backup" >&2; exit 2 ;;
esac
[[ "$keep_days" =~ ^[0-9]+$ ]] || { echo "backup.sh: KEEP_DAYS must be a whole number of days" >&2; exit 2; }

umask 077  # a dump holds every game's seed, token hashes and the instance secret
mkdir -p "$dir"
name="referee-$(date -u +%Y%m%dT%H%M%SZ).dump"
tmp="$dir/.$name.partial"
trap 'rm -f "$tmp"' EXIT

pg_dump --dbname="$REFEREE_DATABASE" --format=custom --compress=6 --file="$tmp"
pg_restore --list "$tmp" > /dev/null
mv "$tmp" "$dir/$name"
trap - EXIT
echo "backup.sh: wrote $dir/$name ($(stat -c %s "$dir/$name") bytes)"

# Retention: complete dumps older than KEEP_DAYS days; the newest one is always kept.
newest="$dir/$name"
find "$dir" -maxdepth 1 -name 'referee-*.dump' -type f -mtime "+$keep_days" ! -path "$newest" -print -delete
