"""The web's shared parts: what the local builder page and the event desk both show."""
