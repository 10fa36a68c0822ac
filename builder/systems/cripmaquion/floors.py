"""The least an event's house rules may make each number of Cripmaquión's catalogs (ruling 92).
A Cripmaquión campaign reads these catalogs, so its §11 tables are floored here too."""

from builder.core.catalog_floors import Floor

FLOORS = (
    # FUE and RES: the combat table's rows and columns begin at 1 (l. 370-376).
    Floor("races/races/*/fue", 1, "Cripmaquión · §3.1 Cómo combatir, l. 368-376"),
    Floor("races/races/*/res", 1, "Cripmaquión · §3.1 Cómo combatir, l. 368-376"),
    # A roll on 1D6 where a 1 always fails: 2 is the least it can need.
    Floor("tables/combat/needed/*/*", 2, "Cripmaquión · §3.1 Cómo combatir, l. 368"),
    Floor("tables/combat/ko_roll", 2, "Cripmaquión · §3.1, l. 368; §3.4 KO"),
    Floor("tables/combat/rompehuesos/ko_roll", 2, "Cripmaquión · §3.1, l. 368; §7.3 El rompehuesos"),
    Floor("tables/combat/hipnotizar_needed", 2, "Cripmaquión · §3.1, l. 368; §6 Hipnotizar, l. 778"),
    # Bonuses: none at 0, never a malus.
    Floor("tables/combat/rompehuesos/roll_bonus", 0, "Cripmaquión · §7.3 El rompehuesos, l. 897"),
    Floor("tables/dice_guide/options/cazavictorias/bonus", 0, "Cripmaquión · §7.2 El cazavictorias, l. 892"),
    # A limit of nothing is a ban: the house rules' ban says so.
    Floor("tables/restrictions/specialty_limit/*", 1, "Cripmaquión · §9.2 Tabla de restricciones, l. 1204-1211"),
    # §11: a place may score nothing, as every place past the tenth does (l. 1301-1309); never less.
    Floor("tables/campaign/cripmaquiazos/*", 0, "Cripmaquión · §11.1.1 Los cripmaquiazos, l. 1301-1309"),
    Floor("tables/campaign/dureza/*/*", 0, "Cripmaquión · §11.3.1 Clasificación de dureza, l. 1345-1351"),
    Floor("tables/campaign/honor/*/*", 0, "Cripmaquión · §11.3.2 Clasificación de honor, l. 1364-1366"),
    Floor("tables/campaign/honor_places/*", 1, "Cripmaquión · §11.3.2 Clasificación de honor, l. 1364-1366"),
    # Where the book prints a spell; a duration is a text the card shows.
    Floor("spells/spells/*/line", 1, "Cripmaquión · §8.5"),
    Floor("spells/spells/*/duration", None, "Cripmaquión · §8.5"),
)
