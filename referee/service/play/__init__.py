"""Playing a game: create it, read it, its prompts and steps, moves, timeouts and reminders,
pauses, the live feed, and bot seats' turns."""
