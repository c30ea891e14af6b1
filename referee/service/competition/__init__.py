"""Competition: which games are rated and their rating updates, leaderboards and profiles, tournaments and their pairings."""
