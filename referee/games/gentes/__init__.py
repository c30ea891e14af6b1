"""Gentes: the rules (see README.md for players)."""
