"""Who sits at a table: open seats and joining, early start and cancel, releasing and replacing a seat, handing it to a bot, rematches."""
