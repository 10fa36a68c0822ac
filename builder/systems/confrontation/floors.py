"""The least an event's house rules may make each number of Confrontation's catalogs (ruling 92)."""

from builder.core.catalog_floors import Floor

FLOORS = (
    # Faces of a D6.
    Floor("artillery/area_fire/jam_on", 1, "Confrontation: Fortification · Chequeo de dispersión, l. 256"),
    Floor("damage/locations/*/die/*", 1, "Confrontation: Fortification · Tabla de daños, l. 311"),
    Floor("incidents/incidents/*/roll", 1, "Confrontation: Fortification · Tabla de incidentes, l. 501"),
    # Distances, penalties to a difficulty and PE lost: nothing at least, as the book's own 0s.
    Floor("artillery/area_fire/scatter_cm_by_d6/*", 0, "Confrontation: Fortification · Chequeo de dispersión, l. 258-263"),
    Floor("artillery/moving_fire_penalty/*", 0, "Confrontation: Fortification · Ingenios móviles"),
    Floor("damage/rows/*/pe/*", 0, "Confrontation: Fortification · Tabla de daños, l. 319-325"),
    Floor("damage/exceptional/*", 0, "Confrontation: Fortification · Daños excepcionales, l. 329-335"),
    Floor("damage/direct_wounds/*", 0, "Confrontation: Fortification · Tabla de daños, l. 319-325"),
    # A row's bounds run below 0 (l. 320: «0 ó -»); a penalty is written negative.
    Floor("damage/rows/*/min", None, "Confrontation: Fortification · Tabla de daños, l. 320"),
    Floor("damage/rows/*/max", None, "Confrontation: Fortification · Tabla de daños, l. 320"),
    Floor("damage/penalties/*/penalty", None, "Confrontation: Fortification · Penalizaciones, l. 341-345"),
    Floor("damage/penalties/*/lost_share", 0, "Confrontation: Fortification · Penalizaciones, l. 341-345", above=True),
    # A competency's /X: the book's values begin at 1 (Mecánico / X, l. 437).
    Floor("competencies/competencies/*/x/*", 1, "Confrontation: Fortification · Competencias, l. 437"),
)
