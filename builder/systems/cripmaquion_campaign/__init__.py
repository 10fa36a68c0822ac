"""Cripmaquión campaigns: several days raced by the same teams, their standings, and the
``builder campaign`` command."""
