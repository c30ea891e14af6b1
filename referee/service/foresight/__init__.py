"""Looking ahead and back: pre-set moves, takebacks, and proposals to end a game by agreement."""
