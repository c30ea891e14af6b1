"""Bots that hold seats (README, "Bots"): they see only their seat's view and their own
prompt, build legal moves through the rules contract (choices, or steps), and search over
states dealt by the game's `determinize` hook. Pure: no database, no clock but CPU time."""
