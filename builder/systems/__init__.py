"""The games: one plugin package per game system, each implementing
:class:`builder.core.system.System` with its models, rules, catalog, messages, sheets and cards.
"""
