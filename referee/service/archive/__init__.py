"""The archive (issue 40): finished public games found (search by game, player, result, date,
seats and length, paged by keyset), summed up in one line each, and studied (statistics per game
and per player). Everything here is read from a projection of the logs (store/archive.py) written
when a game ends; `referee archive rebuild` recomputes it from the logs alone."""
