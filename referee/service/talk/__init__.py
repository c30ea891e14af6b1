"""Table talk: messages to all, to some seats or to oneself, and mutes."""
