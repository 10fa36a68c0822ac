"""The core: a file read into located data, findings and their messages, errors, the
``System`` interface every game implements, and the pipeline that checks one roster.

It names no game, and imports nothing from the layers above it (systems, export, events,
serve, cli).
"""
