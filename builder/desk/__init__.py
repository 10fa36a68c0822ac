"""``builder event serve``: the event desk, where players submit lists and the organiser reviews them (see ``app``)."""
