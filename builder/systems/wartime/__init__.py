"""Wartime: Warbooks of archetypes priced from the cost tables, and army lists built from them."""
