"""Cripmaquión's messages, Spanish and English side by side."""

MESSAGES = {
    "specialty-limit": {
        "es": "la alineación de {runners} {runners|corredor|corredores} ocupa {slots} {slots|plaza|plazas} de especialista; el máximo es {limit}",
        "en": "the lineup of {runners} {runners|runner|runners} takes {slots} specialty {slots|slot|slots}; the most is {limit}",
    },
    "too-many-specialties": {
        "es": "«{name}» tiene {count} especialidades distintas ({list}); un corredor puede tener dos como mucho",
        "en": "“{name}” has {count} different specialties ({list}); a runner may have two at most",
    },
    "brujo-specialty": {
        "es": "«{name}» es un brujo (inepto) y no puede tener especialidad: {list}",
        "en": "“{name}” is a brujo (inepto) and can't take a specialty: {list}",
    },
    "brujo-gregario": {
        "es": "«{name}» es un brujo (inepto): tampoco es gregario, así que «{word}» sobra; déjalo sin especialidades ([]) (regla 32a de builder)",
        "en": "“{name}” is a brujo (inepto): he is no gregario either, so “{word}” has to go; leave his specialties empty ([]) (builder's ruling 32a)",
    },
    "inepto-specialty": {
        "es": "«{name}» es {race}, una raza con Inepto, y no puede tener especialidad: {list}",
        "en": "“{name}” is a {race}, a race with Inepto, and can't take a specialty: {list}",
    },
    "inepto-gregario": {
        "es": "«{name}» es {race}, una raza con Inepto: tampoco es gregario, así que «{word}» sobra; déjalo sin "
              "especialidades ([]) (regla 32a de builder)",
        "en": "“{name}” is a {race}, a race with Inepto: no gregario either, so “{word}” has to go; leave the "
              "specialties empty ([]) (builder's ruling 32a)",
    },
    "lineup-spelling": {
        "es": "«{name}» se toma por el corredor «{runner}», que la plantilla escribe así; escríbelo igual "
              "(regla 33 de builder)",
        "en": "“{name}” is taken as the runner “{runner}”, which is how the roster spells it; write it the same way "
              "(builder's ruling 33)",
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
        "es": "la alineación tiene {runners} {runners|corredor|corredores}; la tabla de restricciones empieza en 3, {limit|se permite|se permiten} {limit} {limit|plaza|plazas} de especialista (n − 1, regla 29 de builder)",
        "en": "the lineup has {runners} {runners|runner|runners}; the restriction table starts at 3, so {limit} specialty {limit|slot is|slots are} allowed (n − 1, builder's ruling 29)",
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
    "cq.hipnotizar": {"es": "Hipnotizar con {roll}+", "en": "Hipnotizar on {roll}+"},
    "pdf.cq.hipnotizar-own": {"es": "Este corredor, rompehuesos: con {roll}+.", "en": "This runner, a rompehuesos: on {roll}+."},
    "cq.slots": {
        "es": "Plazas de especialista: {slots} de {limit} ({runners} {runners|corredor alineado|corredores alineados})",
        "en": "Specialty slots: {slots} of {limit} ({runners} {runners|runner|runners} lined up)",
    },
    "cq.col.name": {"es": "Corredor", "en": "Runner"},
    "cq.col.race": {"es": "Raza", "en": "Race"},
    "cq.col.specialties": {"es": "Especialidad", "en": "Specialty"},
    "cq.col.slots": {"es": "Plazas", "en": "Slots"},
    # A terrain in a sentence (the book's: descenso, llano, subida).
    "cq.terrain.descenso": {"es": "descenso", "en": "downhill"},
    "cq.terrain.llano": {"es": "llano", "en": "flat"},
    "cq.terrain.subida": {"es": "subida", "en": "uphill"},
    "cq.col.descenso": {"es": "Descenso", "en": "Downhill"},
    "cq.col.llano": {"es": "Llano", "en": "Flat"},
    "cq.col.subida": {"es": "Subida", "en": "Uphill"},
    "cq.col.skills": {"es": "Habilidades", "en": "Skills"},
    "cq.col.slots-used": {"es": "Plazas alineadas", "en": "Slots lined up"},
    "cq.col.lineup-size": {"es": "Corredores alineados", "en": "Runners lined up"},
    "cq.col.slots-checked": {"es": "Plazas comprobadas", "en": "Checked slots"},
    "cq.col.slots-now": {"es": "Plazas según esta hoja", "en": "Slots in this sheet"},
    "cq.col.limit": {"es": "Máximo de plazas (§9.2)", "en": "Most slots (§9.2)"},
    # Printed cards.
    "pdf.cq.caza": {"es": "+{bonus} casillas el primer turno en llano y en el sprint final", "en": "+{bonus} squares on the first flat turn and in the final sprint"},
    "pdf.cq.directo": {"es": "directo", "en": "direct"},
    "pdf.cq.indirecto": {"es": "indirecto", "en": "indirect"},
    "pdf.cq.interrupter": {"es": "interruptor", "en": "interrupter"},
    "pdf.cq.reference": {"es": "Referencia rápida", "en": "Quick reference"},
    "pdf.cq.dice-guide": {"es": "Guía de dados", "en": "Dice guide"},
    "pdf.cq.dice-short": {"es": "Dados (desc./llano/sub.)", "en": "Dice (down/flat/up)"},
    "pdf.cq.combat": {"es": "Combate: 1D6 necesario", "en": "Combat: 1D6 needed"},
    "pdf.cq.combat-note": {
        "es": "Un 1 siempre falla; un 6 deja KO (rompehuesos: +1 a la tirada y KO con 5 o 6).",
        "en": "A 1 always fails; a 6 knocks out (rompehuesos: +1 to the roll and KO on 5 or 6).",
    },
    "pdf.cq.col.normal": {"es": "Normal", "en": "Normal"},
    "pdf.cq.col.normal_brincamontes": {"es": "Brincamontes", "en": "Brincamontes"},
    "pdf.cq.col.ligero": {"es": "Ligero", "en": "Ligero"},
    "pdf.cq.col.ligero_brincamontes": {"es": "Ligero brinc.", "en": "Ligero brinc."},
    "pdf.cq.col.pesado": {"es": "Pesado", "en": "Pesado"},
    "pdf.cq.col.pesado_brincamontes": {"es": "Pesado brinc.", "en": "Pesado brinc."},
    "cq.options": {"es": "opciones", "en": "options"},
    # The page's forms: what a choice is, and a part's figures.
    "cq.choice.specialty": {"es": "especialidad", "en": "specialty"},
    "cq.choice.star": {"es": "estrella: {pair}", "en": "star: {pair}"},
    "cq.choice.gregario": {"es": "sin especialidad", "en": "no specialty"},
    "cq.status.slots": {
        "es": "{slots}/{limit} {limit|plaza|plazas} de especialista",
        "en": "{slots}/{limit} specialty {limit|slot|slots}",
    },
    "cq.note.slots": {"es": "plazas de especialista: {slots} de {limit}", "en": "specialty slots: {slots} of {limit}"},
    # The page's form labels (system, name and player are the page's own).
    "form.cripmaquion.team": {"es": "Equipo", "en": "Team"},
    "form.cripmaquion.runners": {"es": "Corredores", "en": "Runners"},
    "form.cripmaquion.race": {"es": "Raza", "en": "Race"},
    "form.cripmaquion.specialties": {"es": "Especialidades", "en": "Specialties"},
    "form.cripmaquion.lineup": {"es": "Alineación", "en": "Lineup"},
    "form.pack.cripmaquion.runners_per_team": {"es": "Corredores por alineación", "en": "Runners per lineup"},
    # One part of each list, named by its kind: a new one is «<word> <number>» on the page.
    "form.cripmaquion.one.specialties": {"es": "Especialidad", "en": "Specialty"},
    "form.cripmaquion.one.lineup": {"es": "Corredor alineado", "en": "Runner lined up"},
    "form.cripmaquion.one.runners": {"es": "Corredor", "en": "Runner"},
}
