"""Placeholder."""
def race_board(desk, lang):
    return None
