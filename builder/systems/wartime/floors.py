"""The least an event's house rules may make each number of Wartime's catalogs (ruling 92)."""

from builder.core.catalog_floors import Floor

FLOORS = (
    # A cost may be nothing, as the book's own attribute of value 1 costs 0 (l. 526); never less.
    Floor("costs/tables/*/costs/*", 0, "Wartime · Arquetipos corporales · Paso 1, l. 525-526"),
    Floor("costs/rates/range_per_damage_k", 0, "Wartime · Arquetipos de arma · Paso 3, l. 573"),
    Floor("costs/rates/area_per_damage_k2", 0, "Wartime · Arquetipos de arma · Paso 4, l. 574"),
    Floor("costs/rates/object_area_per_k2", 0, "Wartime · Arquetipos de objeto · Paso 2, l. 684"),
    # One point per so many levels: a divisor, never nothing.
    Floor("costs/rates/capacity_levels_per_point", 1, "Wartime · Arquetipos de transporte · Paso 4, l. 650"),
    # Limits: at nothing, no limit but a ban.
    Floor("costs/rates/max_range_per_damage", 1, "Wartime · Arquetipos de arma · Alcance, l. 555"),
    Floor("costs/rates/lone_formation_share", 0, "Wartime · Escuadras · Formaciones, l. 372", above=True),
    Floor("costs/rates/magazine_capacity_from", 1, "Wartime · Munición, l. 320"),
    Floor("costs/rates/magazine_capacity_least", 1, "Wartime · Munición, l. 320"),
    Floor("costs/minimum_cost", 1, "Wartime · Arquetipos · Coste, l. 428"),
)
