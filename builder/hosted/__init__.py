"""``builder host``: the builder for every game, hosted on its own (no event, no database)."""
