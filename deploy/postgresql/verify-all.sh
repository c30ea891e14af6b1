#!/bin/bash
# `referee verify` on every game of the database named by REFEREE_DATABASE: the hash chain,
# the seed commitment, every chance record and state hash (a full replay). Run after a restore
# and after `referee migrate-store`; exits 1 naming the games that fail.
#
#   set -a; . /etc/referee/referee.env; set +a
#   deploy/postgresql/verify-all.sh
set -euo pipefail

referee=${REFEREE_BIN:-/srv/referee/.venv/bin/referee}
: "${REFEREE_DATABASE:?REFEREE_DATABASE must name the database to check}"

# The log is the authority (the games list is a projection of it): every game has events.
mapfile -t games < <(psql --dbname="$REFEREE_DATABASE" -X -A -t -v ON_ERROR_STOP=1 \
    -c "SELECT DISTINCT game_id FROM events ORDER BY game_id")

failed=()
for game in "${games[@]}"; do
    if ! report=$("$referee" verify "$game" 2>&1); then
        failed+=("$game")
        printf '%s: FAILED\n%s\n' "$game" "$report" >&2
    fi
done
echo "verify-all: ${#games[@]} games, $((${#games[@]} - ${#failed[@]})) verified, ${#failed[@]} failed"
[ ${#failed[@]} -eq 0 ]
