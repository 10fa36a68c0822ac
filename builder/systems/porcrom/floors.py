"""The least an event's house rules may make each number of ¡Por Crom!'s catalogs (ruling 92)."""

from builder.core.catalog_floors import Floor

FLOORS = (
    # Pools, groups and dice: one at least, or there is nothing to roll or activate.
    Floor("rules/characters/usual_pool/*", 1, "¡Por Crom! · Personajes, l. 11"),
    Floor("rules/characters/jump_share_of_pool", 0, "¡Por Crom! · Movimiento · Saltar, l. 43", above=True),
    Floor("rules/minions/group_size/*", 1, "¡Por Crom! · Secuaces, l. 23"),
    Floor("rules/minions/longest_jump_inches", 1, "¡Por Crom! · Movimiento · Saltar, l. 43"),
    Floor("rules/horse/movement_dice", 1, "¡Por Crom! · Caballos, l. 51"),
    Floor("rules/weapons/*/range", 1, "¡Por Crom! · Disparo"),
    # Dice a heavy armour gives: none at least; what it takes from movement is a penalty, negative.
    Floor("rules/heavy_armor/combat_dice", 0, "¡Por Crom! · Armadura pesada"),
    Floor("rules/heavy_armor/defending_against_shots_dice", 0, "¡Por Crom! · Armadura pesada"),
    Floor("rules/heavy_armor/movement_per_die", None, "¡Por Crom! · Armadura pesada"),
)
