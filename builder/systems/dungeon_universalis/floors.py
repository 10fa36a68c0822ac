"""The least an event's house rules may make each number of the JOA's catalog (ruling 92)."""

from builder.core.catalog_floors import Floor

FLOORS = (
    Floor("joa/hero_base_pv", 1, "Dungeon Universalis · JOA · PV de los héroes"),
    # Bonuses, extra cards and the counts of heroes they start above: none at least.
    Floor("joa/repeat_bonus_per_hero", 0, "Dungeon Universalis · JOA · Repetir escenario"),
    Floor("joa/decks/*/thief", 0, "Dungeon Universalis · JOA · Mazos"),
    Floor("joa/decks/*/ambush", 0, "Dungeon Universalis · JOA · Mazos"),
    Floor("joa/decks/*/reinforcements", 0, "Dungeon Universalis · JOA · Mazos"),
    Floor("joa/decks/*/extra_*_above_heroes", 0, "Dungeon Universalis · JOA · Mazos"),
    Floor("joa/leader/extra_action_per_hero_above", 0, "Dungeon Universalis · JOA · El Líder, l. 542"),
    Floor("joa/epic_above_pv", 0, "Dungeon Universalis · JOA, l. 651"),
    # Cards per hero, limits and the PV each card or point stands for: one at least.
    Floor("joa/decks/*/per_hero", 1, "Dungeon Universalis · JOA · Mazos"),
    Floor("joa/decks/encounters/pv_per_card", 1, "Dungeon Universalis · JOA · Mazo de encuentros"),
    Floor("joa/companions/per_*", 1, "Dungeon Universalis · JOA · Compañeros"),
    Floor("joa/leader/vitality_pv_step*", 1, "Dungeon Universalis · JOA · El Líder, l. 544"),
    Floor("joa/leader/extra_actions_max", 1, "Dungeon Universalis · JOA · El Líder, l. 542"),
)
