"""Cripmaquión's messages, Spanish and English side by side."""

MESSAGES = {
    "specialty-limit": {
        "es": "la alineación de {runners} corredores ocupa {slots} plazas de especialista; el máximo es {limit}",
        "en": "the lineup of {runners} runners takes {slots} specialty slots; the most is {limit}",
    },
    "too-many-specialties": {
        "es": "«{name}» tiene {count} especialidades distintas ({list}); un corredor puede tener dos como mucho",
        "en": "“{name}” has {count} different specialties ({list}); a runner may have two at most",
    },
    "brujo-specialty": {
        "es": "«{name}» es un brujo (inepto) y no puede tener especialidad: {list}",
        "en": "“{name}” is a brujo (inepto) and can't take a specialty: {list}",
    },
    "brujo-limit": {
        "es": "«{name}» es el brujo n.º {number} de la alineación; solo cabe uno (orgullo)",
        "en": "“{name}” is brujo number {number} in the lineup; only one is allowed (orgullo)",
    },
    "brujo-with-elf": {
        "es": "«{name}» tiene Empatía mágica y no puede alinearse con el brujo «{brujo}» (orgullo)",
        "en": "“{name}” has Empatía mágica and can't be lined up with the brujo “{brujo}” (orgullo)",
    },
    "lineup-below-table": {
        "es": "la alineación tiene {runners} corredor(es); la tabla de restricciones empieza en 3, se permite {limit} plaza(s) de especialista (n − 1)",
        "en": "the lineup has {runners} runner(s); the restriction table starts at 3, so {limit} specialty slot(s) are allowed (n − 1)",
    },
    "invalid-field.gregario-mixed": {
        "es": "«gregario» significa sin especialidad y no se combina con otras",
        "en": "“gregario” means no specialty and can't be combined with others",
    },
    "kinds.race": {"es": "las razas", "en": "the races"},
    "kinds.specialty": {"es": "las especialidades", "en": "the specialties"},
    "kinds.roster-runner": {"es": "los corredores de la plantilla", "en": "the runners on the roster"},
    "the-kind.runner": {"es": "el corredor", "en": "the runner"},
    "the-kind.lineup-entry": {"es": "la entrada de la alineación", "en": "the lineup entry"},
    # inspect, as text.
    "cq.roster": {"es": "Plantilla", "en": "Roster"},
    "cq.lined-up": {"es": "alineado", "en": "lined up"},
    "cq.reserve": {"es": "reserva", "en": "reserve"},
    "cq.gregario": {"es": "gregario", "en": "gregario"},
    "cq.dice": {"es": "dados", "en": "dice"},
    "cq.expected": {"es": "casillas esperadas", "en": "expected squares"},
    "cq.attack": {"es": "ataque (1D6) contra RES 1–5", "en": "attack (1D6) against RES 1–5"},
    "cq.ko": {"es": "KO con", "en": "KO on"},
    "cq.slots": {
        "es": "Plazas de especialista: {slots} de {limit} ({runners} corredores alineados)",
        "en": "Specialty slots: {slots} of {limit} ({runners} runners lined up)",
    },
    "cq.col.name": {"es": "Corredor", "en": "Runner"},
    "cq.col.race": {"es": "Raza", "en": "Race"},
    "cq.col.specialties": {"es": "Especialidad", "en": "Specialty"},
    "cq.col.slots": {"es": "Plazas", "en": "Slots"},
    "cq.col.descenso": {"es": "Descenso", "en": "Downhill"},
    "cq.col.llano": {"es": "Llano", "en": "Flat"},
    "cq.col.subida": {"es": "Subida", "en": "Uphill"},
    "cq.col.skills": {"es": "Habilidades", "en": "Skills"},
    "cq.col.slots-used": {"es": "Plazas alineadas", "en": "Slots lined up"},
    "cq.col.lineup-size": {"es": "Corredores alineados", "en": "Runners lined up"},
    "cq.col.slots-checked": {"es": "Plazas comprobadas", "en": "Checked slots"},
    "cq.col.slots-now": {"es": "Plazas según esta hoja", "en": "Slots in this sheet"},
    "cq.col.limit": {"es": "Máximo de plazas (§9.2)", "en": "Most slots (§9.2)"},
    "cq.options": {"es": "opciones", "en": "options"},
}
