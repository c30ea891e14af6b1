"""The event store on SQLite: append-only, hash-chained events plus rebuildable projections."""
