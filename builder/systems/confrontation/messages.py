"""Confrontation's messages, Spanish and English side by side."""

MESSAGES = {
    "transport-capacity": {
        "es": "«{name}» lleva {used} plazas embarcadas y su transporte admite {capacity}",
        "en": "“{name}” carries {used} embarked places and its transport takes {capacity}",
    },
    "cannot-embark.mounted": {
        "es": "«{fighter}» va montado y no puede embarcar en un vehículo",
        "en": "“{fighter}” is mounted and can't board a vehicle",
    },
    "cannot-embark.too-big": {
        "es": "«{fighter}» es de talla muy grande y no puede embarcar en un vehículo",
        "en": "“{fighter}” is very large and can't board a vehicle",
    },
    "cannot-embark.no-transport": {
        "es": "«{fighter}» no puede embarcar: «{name}» no tiene la competencia Transporte",
        "en": "“{fighter}” can't board: “{name}” lacks the Transporte competency",
    },
    "transport-access": {
        "es": "el transporte de «{name}» necesita su acceso ({sides}); tiene {access}",
        "en": "the transport of “{name}” needs its access ({sides}); it has {access}",
    },
    "immobile-competency": {
        "es": "«{competency}» es propia de ingenios que se mueven y «{name}» es inmóvil",
        "en": "“{competency}” belongs to moving engines and “{name}” is immobile",
    },
    "missing-cost": {
        "es": "«{name}» no tiene coste y la fuerza tiene un límite de {limit} puntos: sin el coste de cada "
              "máquina no se puede saber si la fuerza cabe en él (regla 44a de builder)",
        "en": "“{name}” has no cost and the force has a limit of {limit} points: without every machine's cost "
              "there is no telling whether the force fits in it (builder's ruling 44a)",
    },
    "partial-points": {
        "es": "«{name}» no tiene coste: los {points} {points|punto|puntos} de la fuerza solo suman las máquinas "
              "con coste, así que la fuerza cuesta al menos {points} y no se sabe cuánto más (regla 44b de builder)",
        "en": "“{name}” has no cost: the force's {points} {points|point|points} add up only the machines with a "
              "cost, so the force costs at least {points}, and how much more is unknown (builder's ruling 44b)",
    },
    "missing-movement": {
        "es": "«{name}» es un ingenio móvil y le falta su Movimiento",
        "en": "“{name}” is a mobile engine and its movement is missing",
    },
    "mobile-zero-movement": {
        "es": "«{name}» es un ingenio móvil con MOV 0: puede desplegarse, pero nunca se moverá (los sirvientes solo empujan "
              "ingenios inmóviles); si no es lo que pretendes, ¿no será inmóvil (kind: inmovil, con su Peso)? (regla 45e de builder)",
        "en": "“{name}” is a mobile engine with MOV 0: it can be fielded but will never move (servants push only immobile "
              "engines); unless that is meant, isn't it immobile (kind: inmovil, with its weight)? (builder's ruling 45e)",
    },
    "mechanic-one": {
        "es": "{competency}/1: un 1 en el D6 nunca repara y siempre empeora el ingenio (pierde 1 PE), así que "
              "repara con 2 o más, igual que {competency}/2 (regla 42a de builder)",
        "en": "{competency}/1: a 1 on the D6 never repairs and always makes things worse (1 PE lost), so it "
              "repairs on 2 or more, just like {competency}/2 (builder's ruling 42a)",
    },
    "invalid-field.access-unexpected": {
        "es": "«{competency}» no tiene acceso; solo Transporte lo lleva",
        "en": "“{competency}” has no access; only Transporte takes one",
    },
    "missing-weight": {
        "es": "«{name}» es un ingenio inmóvil y necesita su Peso",
        "en": "“{name}” is an immobile engine and needs its weight",
    },
    "needs-structure-points": {
        "es": "«{competency}» necesita que «{name}» tenga puntos de estructura (structure_points)",
        "en": "“{competency}” needs “{name}” to have structure points (structure_points)",
    },
    "competency-holder": {
        "es": "«{competency}» no es una competencia de {holder}; la llevan: {holders}",
        "en": "“{competency}” is not a competency of a {holder}; it belongs to: {holders}",
    },
    "crew-below-minimum": {
        "es": "«{name}» tiene {servants} {servants|sirviente|sirvientes} y su dotación es {crew_min}: no podrá usarse, aunque puede desplegarse",
        "en": "“{name}” has {servants} {servants|servant|servants} and its crew minimum is {crew_min}: it can be fielded but not used",
    },
    "value-out-of-range.x": {
        "es": "«{competency}» tiene X = {value}; {bound}",
        "en": "“{competency}” has X = {value}; {bound}",
    },
    "invalid-field.x-missing": {
        "es": "«{competency}» necesita su valor X",
        "en": "“{competency}” needs its X value",
    },
    "invalid-field.x-unexpected": {
        "es": "«{competency}» no lleva valor X",
        "en": "“{competency}” takes no X value",
    },
    "cf.holder.machine": {"es": "una máquina", "en": "machine"},
    "cf.holder.servant": {"es": "un sirviente", "en": "servant"},
    "cf.holder.fighter": {"es": "un combatiente", "en": "fighter"},
    "kinds.competency": {"es": "las competencias", "en": "the competencies"},
    "the-kind.competency": {"es": "la competencia", "en": "the competency"},
    "cf.none": {"es": "ninguno", "en": "none"},
    "cf.col.name": {"es": "Máquina", "en": "Machine"},
    "cf.col.kind": {"es": "Tipo", "en": "Kind"},
    "cf.col.cost": {"es": "Coste", "en": "Cost"},
    "cf.col.weight": {"es": "Peso", "en": "Weight"},
    "cf.col.crew": {"es": "Dotación", "en": "Crew"},
    "cf.col.servants": {"es": "Sirvientes", "en": "Servants"},
    "cf.col.competencies": {"es": "Competencias", "en": "Competencies"},
    "cf.col.thresholds": {"es": "Umbrales de PE", "en": "PE thresholds"},
    "cf.col.turn": {"es": "Viraje (cm)", "en": "Turn (cm)"},
    "cf.col.embarked": {"es": "Embarcados", "en": "On board"},
    "cf.col.fighter": {"es": "Combatiente", "en": "Fighter"},
    "cf.col.size": {"es": "Talla", "en": "Size"},
    "cf.col.count": {"es": "Número", "en": "Number"},
    "cf.col.units": {"es": "Plazas cada uno", "en": "Places each"},
    # Printed cards.
    "pdf.cf.pe-track": {"es": "PE perdidos (−1/−2/−3 desde la casilla marcada)", "en": "PE lost (−1/−2/−3 from the marked box)"},
    "pdf.cf.pe-track-immobile": {"es": "PE perdidos (inmóvil: el daño no penaliza)",
                                 "en": "PE lost (immobile: damage brings no penalty)"},
    "pdf.cf.artillery": {"es": "Artillería", "en": "Artillery"},
    "pdf.cf.turn": {"es": "Viraje", "en": "Turning"},
    "pdf.cf.boiler": {"es": "Caldera / carburador", "en": "Boiler / carburettor"},
    "pdf.cf.figures": {"es": "En la mesa", "en": "At the table"},
    "pdf.cf.speed": {"es": "Con marcador de velocidad: impacto de FUE {strength}.", "en": "With a speed marker: impact of FUE {strength}."},
    "pdf.cf.damage": {"es": "Daños a máquinas", "en": "Damage to machines"},
    "pdf.cf.damage-how": {
        "es": "Tira 2D6: el dado menor localiza; 2D6 + FUE − RES da la fila. Se pierden los PE del cruce.",
        "en": "Roll 2D6: the lower die locates; 2D6 + FUE − RES gives the row. Lose the PE where they cross.",
    },
    "pdf.cf.doubles": {"es": "Dobles (ignoran FUE y RES):", "en": "Doubles (ignore FUE and RES):"},
    "pdf.cf.penalties": {
        "es": "Perdido ¼, ½ o ¾ de los PE: −1, −2 o −3 a INI, ATQ, DEF y TIRO (los inmóviles no).",
        "en": "Lost ¼, ½ or ¾ of the PE: −1, −2 or −3 to INI, ATQ, DEF and TIRO (not immobile engines).",
    },
    "pdf.cf.incidents": {"es": "Incidentes de vapor y nafta", "en": "Steam and naphtha incidents"},
    "pdf.cf.incidents-when": {"es": "Un 1 en la tirada de presión o inyección: tira 1D6", "en": "A 1 on a pressure or injection roll: roll 1D6"},
    # inspect, as text.
    "cf.machines": {"es": "Máquinas de guerra", "en": "War machines"},
    "cf.mobile": {"es": "móvil", "en": "mobile"},
    "cf.immobile": {"es": "inmóvil", "en": "immobile"},
    "cf.penalties": {"es": "penalizadores −1/−2/−3 al perder", "en": "−1/−2/−3 penalties after losing"},
    "cf.no-penalties": {"es": "sin penalizadores por PE", "en": "no PE penalties"},
    "cf.capacity": {"es": "plazas ocupadas", "en": "places used"},
    "cf.servant-move": {"es": "penalizador de movimiento de los sirvientes", "en": "servants' move penalty"},
    "cf.turn": {"es": "un viraje cada {cm} cm", "en": "one turn every {cm} cm"},
    "cf.impact": {"es": "impacto por tramo de 10 cm", "en": "impact per 10 cm band"},
    "cf.speed": {"es": "con marcador de velocidad", "en": "with speed marker"},
    # The page's notes beside a machine and its fields (System.notes), and its choices' labels.
    "cf.note.points": {"es": "{points} {points|punto|puntos}", "en": "{points} {points|point|points}"},
    "cf.note.points-of": {"es": "{points} de {limit} puntos", "en": "{points} of {limit} points"},
    "cf.note.points-partial": {"es": "al menos {points} {points|punto|puntos}",
                               "en": "at least {points} {points|point|points}"},
    "cf.note.points-of-partial": {"es": "al menos {points} de {limit} puntos", "en": "at least {points} of {limit} points"},
    "cf.note.cost": {"es": "{cost} {cost|punto|puntos}", "en": "{cost} {cost|point|points}"},
    "cf.note.thresholds": {"es": "−1/−2/−3 al perder {lost} PE", "en": "−1/−2/−3 after losing {lost} PE"},
    "cf.note.servant-move": {"es": "−{penalty} al movimiento de sus servidores", "en": "−{penalty} to its servants' movement"},
    "cf.note.capacity": {"es": "{used} {used|plaza|plazas} a bordo", "en": "{used} {used|place|places} on board"},
    "cf.note.capacity-of": {"es": "{used} de {capacity} plazas a bordo", "en": "{used} of {capacity} places on board"},
    "cf.note.impact": {"es": "impacto hasta FUE {strength} ({cm})", "en": "impact up to FUE {strength} ({cm})"},
    "cf.note.speed": {"es": "velocidad: FUE {strength}", "en": "speed marker: FUE {strength}"},
    "cf.note.moving-only": {"es": "solo ingenios móviles", "en": "moving engines only"},
    # The page's form: a label for each key of the file (those every game shares are the page's own).
    # The fixed values of its file, as the page offers them.
    "form.confrontation.value.movil": {"es": "móvil", "en": "mobile"},
    "form.confrontation.value.inmovil": {"es": "inmóvil", "en": "immobile"},
    "form.confrontation.value.pequeno": {"es": "pequeño", "en": "small"},
    "form.confrontation.value.normal": {"es": "normal", "en": "normal"},
    "form.confrontation.value.grande": {"es": "grande", "en": "large"},
    "form.confrontation.value.muy-grande": {"es": "muy grande", "en": "very large"},
    "form.confrontation.value.ligera": {"es": "ligera", "en": "light"},
    "form.confrontation.value.pesada": {"es": "pesada", "en": "heavy"},
    "form.confrontation.value.perforante": {"es": "perforante", "en": "piercing"},
    "form.confrontation.value.zona": {"es": "de zona", "en": "area"},
    "form.confrontation.machines": {"es": "Máquinas de guerra", "en": "War machines"},
    "form.confrontation.kind": {"es": "Tipo de ingenio", "en": "Kind of engine"},
    "form.confrontation.movement": {"es": "Movimiento (MOV, cm)", "en": "Movement (MOV, cm)"},
    "form.confrontation.weight": {"es": "Peso", "en": "Weight"},
    "form.confrontation.structure_points": {"es": "Puntos de estructura (PE)", "en": "Structure points (PE)"},
    "form.confrontation.resistance": {"es": "Resistencia (RES)", "en": "Resilience (RES)"},
    "form.confrontation.crew_min": {"es": "Dotación mínima", "en": "Minimum crew"},
    "form.confrontation.artillery": {"es": "Artillería", "en": "Artillery"},
    "form.confrontation.class": {"es": "Clase (ligera o pesada)", "en": "Class (light or heavy)"},
    "form.confrontation.type": {"es": "Tipo (perforante o zona)", "en": "Type (piercing or area)"},
    "form.confrontation.competencies": {"es": "Competencias", "en": "Competencies"},
    "form.confrontation.x": {"es": "Valor X", "en": "X value"},
    "form.confrontation.access": {"es": "Acceso", "en": "Access"},
    "form.confrontation.servants": {"es": "Servidores", "en": "Servants"},
    "form.confrontation.size": {"es": "Talla", "en": "Size"},
    "form.confrontation.substitutes": {"es": "Suplentes: mínimos por característica", "en": "Substitutes: minimum per characteristic"},
    "form.confrontation.boiler": {"es": "Caldera o carburador", "en": "Boiler or carburettor"},
    "form.confrontation.characteristic": {"es": "Característica", "en": "Characteristic"},
    "form.confrontation.dice": {"es": "Dados (D6)", "en": "Dice (D6)"},
    "form.confrontation.embarked": {"es": "Combatientes a bordo", "en": "Fighters on board"},
    "form.confrontation.mounted": {"es": "Montado", "en": "Mounted"},
    # One part of each list, named by its kind: a new one is «<word> <number>» on the page.
    "form.confrontation.one.machines": {"es": "Máquina", "en": "Machine"},
    "form.confrontation.one.servants": {"es": "Servidor", "en": "Servant"},
    "form.confrontation.one.embarked": {"es": "Combatiente a bordo", "en": "Fighter on board"},
}
