"""Players: accounts by verified address, sign-in links, player tokens, settings and a player's games."""
