"""Dungeon Universalis's messages, Spanish and English side by side."""

MESSAGES = {
    "companion-limit.hero": {
        "es": "«{name}» lleva {count} acompañantes; cada héroe puede llevar {max} (animal o mercenario)",
        "en": "“{name}” has {count} companions; each hero may have {max} (animal or mercenary)",
    },
    "companion-limit.group": {
        "es": "el grupo lleva {count} acompañantes; como máximo {max}",
        "en": "the group has {count} companions; {max} at most",
    },
    "duplicate-companion": {
        "es": "«{name}» repite un acompañante que ya lleva {first}; no pueden ser iguales",
        "en": "“{name}” repeats a companion already with {first}; they can't be the same",
    },
    "animal-needs-skill": {
        "es": "«{hero}» lleva el animal «{name}» sin la habilidad «{skill}»",
        "en": "“{hero}” has the animal “{name}” without the skill “{skill}”",
    },
    "skill-spelling": {
        "es": "«{skill}» cuenta como la habilidad «{book}», que el libro escribe así; escríbela igual "
              "(regla 54a de builder)",
        "en": "“{skill}” counts as the skill “{book}”, which is how the book spells it; write it the same way "
              "(builder's ruling 54a)",
    },
    "leader-over-reserve": {
        "es": "el líder cuesta {leader} PV y la reserva del JOA solo tiene {reserve}: empieza la aventura con 0 puntos "
              "(le faltan {short}) y no podrá pagar ninguna carta hasta ganarlos (regla 51a de builder)",
        "en": "the leader costs {leader} PV and the JOA's reserve holds only {reserve}: it starts the adventure with 0 "
              "points ({short} short) and can pay for no card until it earns some (builder's ruling 51a)",
    },
    # inspect, as text.
    "du.status.pv": {"es": "{pv} PV", "en": "{pv} PV"},
    "du.expedition": {"es": "PV de la expedición", "en": "Expedition PV"},
    "du.reserve": {"es": "Puntos de reserva del JOA", "en": "JOA reserve points"},
    "du.decks": {
        "es": "Mazos: obstáculos {obstacles} · encuentros {encounters} · poder {power}",
        "en": "Decks: obstacles {obstacles} · encounters {encounters} · power {power}",
    },
    "du.epic": {"es": "reglas épicas (más de {limit} PV)", "en": "epic rules (over {limit} PV)"},
    "du.leader": {
        "es": "Líder sin contador de reserva: +{normal} vitalidad (+{tough} con Invulnerable o armadura 6); +{actions} {actions|acción|acciones}",
        "en": "Leader without a reserve counter: +{normal} vitality (+{tough} with Invulnerable or armour 6); +{actions} {actions|action|actions}",
    },
    "du.col.hero": {"es": "Héroe", "en": "Hero"},
    "du.col.skills": {"es": "Habilidades", "en": "Skills"},
    "du.col.companions": {"es": "Acompañantes", "en": "Companions"},
    "du.col.companion": {"es": "Acompañante", "en": "Companion"},
    "du.col.kind": {"es": "Tipo", "en": "Kind"},
    "du.col.items": {"es": "Objetos", "en": "Items"},
    "du.col.item": {"es": "Objeto", "en": "Item"},
    "du.col.checked-pv": {"es": "PV comprobados", "en": "Checked PV"},
    "du.col.leader-pv": {"es": "PV del líder", "en": "Leader PV"},
    "du.col.obstacles": {"es": "Mazo de obstáculos", "en": "Obstacle deck"},
    "du.col.encounters": {"es": "Mazo de encuentros", "en": "Encounter deck"},
    "du.col.power": {"es": "Mazo de poder", "en": "Power deck"},
    "du.col.epic": {"es": "Reglas épicas", "en": "Epic rules"},
    # Printed cards.
    "pdf.du.hero": {"es": "Héroe", "en": "Hero"},
    "pdf.du.expedition": {"es": "Expedición", "en": "Expedition"},
    "pdf.du.reserve": {"es": "Reserva JOA", "en": "JOA reserve"},
    "pdf.du.decks": {"es": "Mazos (obstáculos / encuentros / poder)", "en": "Decks (obstacles / encounters / power)"},
    "pdf.du.leader-vitality": {"es": "Vitalidad extra del líder sin contador", "en": "Leader's extra vitality without a counter"},
    "pdf.du.leader-vitality-value": {"es": "+{normal} (+{tough} si Invulnerable o armadura 6)", "en": "+{normal} (+{tough} if Invulnerable or armour 6)"},
    "pdf.du.leader-actions": {"es": "Acciones extra del líder", "en": "Leader's extra actions"},
    "pdf.du.epic-note": {"es": "reglas épicas por encima de {limit} PV", "en": "epic rules above {limit} PV"},
    "du.heroes": {"es": "Héroes", "en": "Heroes"},
    "du.kind.animal": {"es": "animal", "en": "animal"},
    "du.kind.mercenary": {"es": "mercenario", "en": "mercenary"},
    "pdf.du.hero-pv": {"es": "{base} base + {xp} de experiencia = {pv} PV", "en": "{base} base + {xp} experience = {pv} PV"},
    "pdf.du.no-skills": {"es": "sin habilidades anotadas", "en": "no skills written down"},
    "pdf.du.items-total": {"es": "{count} {count|objeto|objetos} · {pv} PV en total", "en": "{count} {count|item|items} · {pv} PV in all"},
    # The page's notes (System.notes) and its choices' labels.
    "du.note.hero": {"es": "{pv} PV ({xp} de experiencia)", "en": "{pv} PV ({xp} experience)"},
    "du.note.companion": {"es": "{name}: {pv} PV", "en": "{name}: {pv} PV"},
    "du.note.expedition": {"es": "expedición: {pv} PV", "en": "expedition: {pv} PV"},
    "du.note.decks": {"es": "mazos: {obstacles} obstáculos, {encounters} encuentros, {power} de poder",
                      "en": "decks: {obstacles} obstacles, {encounters} encounters, {power} power"},
    "du.note.epic": {"es": "reglas épicas", "en": "epic rules"},
    "du.note.reserve": {"es": "reserva del JOA: {reserve} PV", "en": "JOA reserve: {reserve} PV"},
    "du.choice.animal-skill": {"es": "{skill} (para llevar un animal)", "en": "{skill} (to bring an animal)"},
    # The page's form: a label for each key of the file (those every game shares are the page's own).
    # The fixed values of its file, as the page offers them.
    "form.dungeon-universalis.value.animal": {"es": "animal", "en": "animal"},
    "form.dungeon-universalis.value.mercenary": {"es": "mercenario", "en": "mercenary"},
    "form.dungeon-universalis.heroes": {"es": "Héroes", "en": "Heroes"},
    "form.dungeon-universalis.xp": {"es": "Puntos de experiencia invertidos", "en": "Experience spent (XP)"},
    "form.dungeon-universalis.skills": {"es": "Habilidades", "en": "Skills"},
    "form.dungeon-universalis.companion": {"es": "Acompañante (animal o mercenario)", "en": "Companion (animal or mercenary)"},
    # The forms a companion may be written in: one (the book's), or a list (reported as too many).
    "form.dungeon-universalis.variant.companion": {"es": "un acompañante", "en": "one companion"},
    "form.dungeon-universalis.variant.companion.array": {"es": "varios acompañantes", "en": "several companions"},
    "form.dungeon-universalis.kind": {"es": "Tipo", "en": "Kind"},
    "form.dungeon-universalis.pv": {"es": "Puntos de valor (PV)", "en": "Value points (PV)"},
    "form.dungeon-universalis.items": {"es": "Objetos mágicos, reliquias y especiales", "en": "Magic items, relics and special items"},
    "form.dungeon-universalis.leader_pv": {"es": "PV del líder (sin mejoras opcionales)", "en": "Leader's PV (no optional upgrades)"},
    "form.dungeon-universalis.repeat_scenario": {"es": "Escenario ya jugado", "en": "Scenario played before"},
    # One part of each list, named by its kind: a new one is «<word> <number>» on the page.
    "form.dungeon-universalis.one.skills": {"es": "Habilidad", "en": "Skill"},
    "form.dungeon-universalis.one.heroes": {"es": "Héroe", "en": "Hero"},
    "form.dungeon-universalis.one.items": {"es": "Objeto", "en": "Item"},
}
