"""The Sands of Time: the rules (see README.md for players)."""
