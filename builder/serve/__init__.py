"""``builder serve``: a local web page over the same pipeline (see ``app``; ``workspace`` is the library side)."""
