"""Wartime's messages, Spanish and English side by side."""

MESSAGES = {
    "not-a-warbook": {
        "es": "no es un warbook de Wartime (ni listas de arquetipos ni un archivo «system: wartime» con «warbook»)",
        "en": "is not a Wartime warbook (neither archetype lists nor a “system: wartime” file with a “warbook”)",
    },
    "duplicate-squad": {
        "es": "ya hay una escuadra llamada «{name}» ({first}); cada escuadra necesita un nombre propio",
        "en": "there is already a squad called “{name}” ({first}); each squad needs a name of its own",
    },
    "range-too-long": {
        "es": "«{name}» tiene alcance {range} K; con daño {damage} el máximo es {max} K (5 × daño)",
        "en": "“{name}” has range {range} K; with damage {damage} the most is {max} K (5 × damage)",
    },
    "composite-area-rounding": {
        "es": "el área compuesta de «{name}» mide {area} K²: sus partes se suman y se redondea una vez; redondeando "
              "cada forma por separado serían {each} K² (regla 4a de builder)",
        "en": "the composite area of “{name}” measures {area} K²: its parts are added up and rounded once; rounding "
              "each shape on its own would give {each} K² (builder's ruling 4a)",
    },
    "transport-defense-zones.large": {
        "es": "«{name}» es un transporte grande: necesita cuatro zonas de defensa (front, left, right, rear)",
        "en": "“{name}” is a large transport: it needs four defense zones (front, left, right, rear)",
    },
    "transport-defense-zones.small": {
        "es": "«{name}» no es un transporte grande: su defensa es un único valor, sin zonas (o márcalo large: true)",
        "en": "“{name}” is not a large transport: its defense is a single value, without zones (or mark it large: true)",
    },
    "restriction-max-level": {
        "es": "«{name}» tiene nivel {level}; la restricción permite hasta {max}",
        "en": "“{name}” is level {level}; the restriction allows up to {max}",
    },
    "restriction-max-models": {
        "es": "la lista tiene {models} {models|miniatura|miniaturas}; la restricción permite hasta {max}",
        "en": "the list has {models} {models|model|models}; the restriction allows up to {max}",
    },
    "restriction-max-weapon-damage": {
        "es": "«{name}» lleva «{weapon}» con daño {damage}; la restricción permite hasta {max}",
        "en": "“{name}” carries “{weapon}” with damage {damage}; the restriction allows up to {max}",
    },
    "formation-solo-limit": {
        "es": "los personajes que van solos (formaciones de uno) cuestan {points} puntos; como máximo pueden costar {max} (10 % de {base})",
        "en": "the characters fielded alone (one-model formations) cost {points} points; they may cost at most {max} (10% of {base})",
    },
    "formation-too-small": {
        "es": "la formación «{name}» tiene {models} {models|integrante|integrantes}; con menos de 4 no puede hacer acciones de combate",
        "en": "the formation “{name}” has {models} {models|member|members}; with fewer than 4 it can't take combat actions",
    },
    "formation-too-small.vehicles": {
        "es": "la formación «{name}» tiene {models} {models|integrante|integrantes} ({fielded} miniaturas, pero cada "
              "vehículo con su tripulación es un integrante: regla 18d de builder); con menos de 4 no puede hacer "
              "acciones de combate",
        "en": "the formation “{name}” has {models} {models|member|members} ({fielded} models, but each vehicle with "
              "its crew is one member: builder's ruling 18d); with fewer than 4 it can't take combat actions",
    },
    "restriction-max-models.crew": {
        "es": "la lista tiene {models} {models|miniatura|miniaturas}, contando a cada tripulante (regla 14 de builder); "
              "la restricción permite hasta {max}",
        "en": "the list has {models} {models|model|models}, counting every crew member (builder's ruling 14); "
              "the restriction allows up to {max}",
    },
    "crew-ruling.willpower": {
        "es": "la escuadra «{squad}» chequea voluntad con {will}, no {other}: suma 1 por cada 5 integrantes y tiene "
              "{members} (cada vehículo con su tripulación es uno), aunque sean {models} miniaturas (regla 18d de builder)",
        "en": "the squad “{squad}” checks willpower at {will}, not {other}: it adds 1 for every 5 members and has "
              "{members} (each vehicle with its crew is one), though they are {models} models (builder's ruling 18d)",
    },
    "crew-ruling.reaction": {
        "es": "la escuadra «{squad}» actúa en la fase de reacción {phase}, la de «{crew}», que tripula uno de sus "
              "vehículos; sin contar a los tripulantes sería la {other} (regla 18e de builder)",
        "en": "the squad “{squad}” acts in reaction phase {phase}, that of “{crew}”, who crews one of its vehicles; "
              "without the crews it would be {other} (builder's ruling 18e)",
    },
    "crew-ruling.formation-defense": {
        "es": "la formación «{squad}» tiene defensa {defense}, no {other}: un vehículo se defiende con su zona de "
              "defensa más baja, no con la protección de quienes lo tripulan (regla 18b de builder)",
        "en": "the formation “{squad}” has defense {defense}, not {other}: a vehicle defends with its lowest defense "
              "zone, not with the protection of those who man it (builder's ruling 18b)",
    },
    "crew-ruling.lone-formation": {
        "es": "la formación «{squad}» es de un único integrante aunque tenga {models} miniaturas: un vehículo con su "
              "tripulación es uno (regla 18d de builder), así que cuenta para el 10 % de las formaciones de uno",
        "en": "the formation “{squad}” has a single member though it has {models} models: a vehicle with its crew is "
              "one (builder's ruling 18d), so it counts toward the 10% for one-member formations",
    },
    "defense-over-constitution": {
        "es": "«{name}» tiene defensa {defense} y CON {con}: sufrirá −{penalty} en los chequeos de atributo",
        "en": "“{name}” has defense {defense} and CON {con}: it takes −{penalty} on attribute checks",
    },
    "pdf.wt.reaction": {"es": "Reac.", "en": "React."},
    "pdf.wt.squad-rules": {
        "es": "Energía y fase de reacción: las del integrante más bajo. Voluntad: la más alta, +1 por cada 5 "
              "integrantes. En formación, la defensa más baja y la fortuna de todos sumada.",
        "en": "Energy and reaction phase: the lowest member's. Willpower: the highest, +1 for every 5 members. "
              "In formation, the lowest defense and everyone's fortune added up.",
    },
    "wt.squad-line": {"es": "escuadra: energía {energy} · fase de reacción {reaction} · voluntad {will}",
                      "en": "squad: energy {energy} · reaction phase {reaction} · willpower {will}"},
    "wt.formation-line": {"es": "formación: defensa {defense} · fortuna {fortune} · energía {energy}",
                          "en": "formation: defense {defense} · fortune {fortune} · energy {energy}"},
    "wt.body-line": {"es": "nivel {level} · energía {energy} · vitalidad {vitality}",
                     "en": "level {level} · energy {energy} · vitality {vitality}"},
    "empty-squad": {
        "es": "la escuadra «{name}» no tiene ninguna miniatura; una escuadra es de 1 o más",
        "en": "the squad “{name}” has no models; a squad is 1 or more",
    },
    "magazine-weapon-not-carried": {
        "es": "«{name}» compra cargadores para «{weapon}», pero no lleva esa arma",
        "en": "“{name}” buys magazines for “{weapon}”, but doesn't carry that weapon",
    },
    "magazine-weapon-not-carried.pilot": {
        "es": "«{name}» compra cargadores para «{weapon}», pero ni él ni su transporte llevan esa arma",
        "en": "“{name}” buys magazines for “{weapon}”, but neither it nor its transport carries that weapon",
    },
    "magazines-above-minimum": {
        "es": "«{name}» cuesta {cost}: su arquetipo no llega a 1 punto y paga el mínimo, {archetype}, y los "
              "cargadores ({magazines}) se pagan aparte (regla 5a de builder)",
        "en": "“{name}” costs {cost}: its archetype comes to less than 1 point and pays the minimum, {archetype}, "
              "and its magazines ({magazines}) are paid on top (builder's ruling 5a)",
    },
    "crew-without-transport": {
        "es": "«{name}» lleva tripulación, pero no tiene transporte: solo el piloto de un vehículo lleva tripulantes",
        "en": "“{name}” has a crew but no transport: only a vehicle's pilot takes a crew",
    },
    "crew-member-with-transport": {
        "es": "«{name}» tripula el vehículo de «{pilot}», pero tiene su propio transporte («{transport}»): "
              "en una tripulación solo el piloto lleva transporte",
        "en": "“{name}” crews “{pilot}”'s vehicle but has a transport of its own (“{transport}”): "
              "in a crew only the pilot is assigned a transport",
    },
    "equipment-energy-over-character": {
        "es": "«{name}» tiene energía {energy} y no puede usar {item}, que necesita {item_energy}",
        "en": "“{name}” has energy {energy} and can't use {item}, which needs {item_energy}",
    },
    "weapon-energy-over-character": {
        "es": "«{name}» tiene energía {energy} y no puede usar «{weapon}», que necesita {weapon_energy}",
        "en": "“{name}” has energy {energy} and can't use “{weapon}”, which needs {weapon_energy}",
    },
    # Kinds of archetype: a label, and with articles for sentences.
    "kind.body": {"es": "arquetipo corporal", "en": "body archetype"},
    "kinds.body": {"es": "los arquetipos corporales", "en": "the body archetypes"},
    "the-kind.body": {"es": "el arquetipo corporal", "en": "the body archetype"},
    "a-kind.body": {"es": "un arquetipo corporal", "en": "a body archetype"},
    "kind.weapon": {"es": "arma", "en": "weapon"},
    "kinds.weapon": {"es": "las armas", "en": "the weapons"},
    "the-kind.weapon": {"es": "el arma", "en": "the weapon"},
    "a-kind.weapon": {"es": "un arma", "en": "a weapon"},
    "kind.protection": {"es": "protección", "en": "protection"},
    "kinds.protection": {"es": "las protecciones", "en": "the protections"},
    "the-kind.protection": {"es": "la protección", "en": "the protection"},
    "a-kind.protection": {"es": "una protección", "en": "a protection"},
    "kind.transport": {"es": "transporte", "en": "transport"},
    "kinds.transport": {"es": "los transportes", "en": "the transports"},
    "the-kind.transport": {"es": "el transporte", "en": "the transport"},
    "a-kind.transport": {"es": "un transporte", "en": "a transport"},
    "kind.object": {"es": "objeto", "en": "object"},
    "kinds.object": {"es": "los objetos", "en": "the objects"},
    "the-kind.object": {"es": "el objeto", "en": "the object"},
    "a-kind.object": {"es": "un objeto", "en": "an object"},
    "kind.character": {"es": "personaje", "en": "character"},
    "kinds.character": {"es": "los personajes", "en": "the characters"},
    "the-kind.character": {"es": "el personaje", "en": "the character"},
    "a-kind.character": {"es": "un personaje", "en": "a character"},
    "kind.zone": {"es": "zona", "en": "zone"},
    "kinds.zone": {"es": "las zonas", "en": "the zones"},
    "the-kind.zone": {"es": "la zona", "en": "the zone"},
    "a-kind.zone": {"es": "una zona", "en": "a zone"},
    # Parts of a cost breakdown, as shown by inspect.
    "part.con": {"es": "CON", "en": "CON"},
    "part.agi": {"es": "AGI", "en": "AGI"},
    "part.int": {"es": "INT", "en": "INT"},
    "part.rea": {"es": "REA", "en": "REA"},
    "part.vol": {"es": "VOL", "en": "VOL"},
    "part.damage": {"es": "daño", "en": "damage"},
    "part.range": {"es": "alcance", "en": "range"},
    "part.area": {"es": "área", "en": "area"},
    "part.energy": {"es": "energía", "en": "energy"},
    "part.protection": {"es": "protección", "en": "protection"},
    "part.defense": {"es": "defensa", "en": "defense"},
    "part.defense_front": {"es": "defensa frontal", "en": "front defense"},
    "part.defense_left": {"es": "defensa izquierda", "en": "left defense"},
    "part.defense_right": {"es": "defensa derecha", "en": "right defense"},
    "part.defense_rear": {"es": "defensa posterior", "en": "rear defense"},
    "pdf.wt.zone.front": {"es": "front.", "en": "front"},
    "pdf.wt.zone.left": {"es": "izq.", "en": "left"},
    "pdf.wt.zone.right": {"es": "der.", "en": "right"},
    "pdf.wt.zone.rear": {"es": "post.", "en": "rear"},
    "part.weapons": {"es": "armas", "en": "weapons"},
    "part.objects": {"es": "objetos", "en": "objects"},
    "part.protections": {"es": "protecciones", "en": "protections"},
    "part.capacity": {"es": "capacidad", "en": "capacity"},
    "part.body": {"es": "cuerpo", "en": "body"},
    "part.transport": {"es": "transporte", "en": "transport"},
    "part.fortune": {"es": "fortuna", "en": "fortune"},
    "part.bonus": {"es": "bonus", "en": "bonus"},
    "part.malus": {"es": "malus", "en": "malus"},
    "part.magazines": {"es": "cargadores", "en": "magazines"},
    "part.minimum": {"es": "mínimo de 1 punto", "en": "1-point minimum"},
    "part.transport_magazines": {"es": "cargadores del transporte", "en": "transport's magazines"},
    # Printed cards.
    "pdf.wt.level": {"es": "Nivel", "en": "Level"},
    "pdf.wt.energy": {"es": "Energía", "en": "Energy"},
    "pdf.wt.vitality": {"es": "Vitalidad", "en": "Vitality"},
    "pdf.wt.movement": {"es": "Mov.", "en": "Move"},
    "pdf.wt.defense": {"es": "Defensa", "en": "Defense"},
    "pdf.wt.fortune": {"es": "Fortuna", "en": "Fortune"},
    "pdf.wt.structure": {"es": "Estructura", "en": "Structure"},
    "pdf.wt.damage": {"es": "Daño", "en": "Dmg"},
    "pdf.wt.range": {"es": "Alc.", "en": "Range"},
    "pdf.wt.area": {"es": "Área", "en": "Area"},
    "pdf.wt.capacity": {"es": "capacidad", "en": "capacity"},
    "pdf.wt.magazines": {"es": "Cargadores", "en": "Magazines"},
    "pdf.wt.price": {"es": "Coste", "en": "Cost"},
    "pdf.wt.archetype-cost": {"es": "Arquetipo (mínimo 1)", "en": "Archetype (at least 1)"},
    "pdf.wt.magazine-detail": {
        "es": "{count} × {shots} {shots|disparo|disparos}, recargar E{reload}",
        "en": "{count} × {shots} {shots|shot|shots}, reload E{reload}",
    },
    "pdf.wt.traits": {"es": "Bonus y malus", "en": "Bonus and malus"},
    "pdf.wt.checks": {"es": "Chequeos", "en": "Checks"},
    "pdf.wt.combat": {"es": "Combate", "en": "Combat"},
    "pdf.wt.opposed": {"es": "Enfrentados", "en": "Opposed"},
    "pdf.wt.check-roll": {
        "es": "Tira 1D10: pasas si sacas igual o menos que el éxito (el valor que chequeas).",
        "en": "Roll 1D10: you pass on a result equal to or below the success value (what you check).",
    },
    "pdf.wt.check-critical": {
        "es": "Un 1 es crítico: pasa siempre, digan lo que digan los modificadores.",
        "en": "A 1 is a critical: always a pass, whatever the modifiers.",
    },
    "pdf.wt.check-fumble": {
        "es": "Un 10 es pifia: falla siempre, digan lo que digan los modificadores.",
        "en": "A 10 is a fumble: always a fail, whatever the modifiers.",
    },
    "pdf.wt.check-modifiers": {
        "es": "Los modificadores cambian el éxito, nunca el dado, y lo dejan entre 1 y 10.",
        "en": "Modifiers change the success value, never the die, and keep it between 1 and 10.",
    },
    "pdf.wt.check-impact": {
        "es": "a distancia, con el atributo del arma (AGI física, INT no física); cuerpo a cuerpo, AGI enfrentada.",
        "en": "at range, with the weapon's attribute (AGI physical, INT not); in close combat, opposed AGI.",
    },
    "pdf.wt.check-damage": {
        "es": "el Daño del arma; cuerpo a cuerpo, Daño + CON − 3.",
        "en": "the weapon's damage; in close combat, damage + CON − 3.",
    },
    "pdf.wt.check-defense": {
        "es": "con la Defensa de quien recibe el impacto.",
        "en": "with the Defense of whoever is hit.",
    },
    "pdf.wt.check-opposed": {
        "es": "Cada uno chequea su atributo; gana quien pase con el dado más bajo. Si empatan, el atributo más alto; si también, no pasa nada.",
        "en": "Each checks an attribute; whoever passes with the lower die wins. On a tie, the higher attribute; if that ties too, nothing happens.",
    },
    # Spreadsheet columns.
    "wt.characters": {"es": "Personajes", "en": "Characters"},
    "wt.col.squad": {"es": "Escuadra", "en": "Squad"},
    "wt.col.character": {"es": "Personaje", "en": "Character"},
    "wt.col.count": {"es": "Miniaturas", "en": "Models"},
    "wt.col.cost-each": {"es": "Coste por miniatura", "en": "Cost per model"},
    "wt.col.points": {"es": "Puntos", "en": "Points"},
    "wt.col.cost": {"es": "Coste", "en": "Cost"},
    "wt.col.level": {"es": "Nivel", "en": "Level"},
    "wt.col.energy": {"es": "Energía", "en": "Energy"},
    "wt.col.vitality": {"es": "Vitalidad", "en": "Vitality"},
    "wt.col.defense": {"es": "Defensa", "en": "Defense"},
    "wt.col.movement": {"es": "Movimiento", "en": "Movement"},
    "wt.col.structure": {"es": "Estructura (cm)", "en": "Structure (cm)"},
    "wt.col.fortune": {"es": "Fortuna", "en": "Fortune"},
    "wt.col.body": {"es": "Cuerpo", "en": "Body"},
    "wt.col.transport": {"es": "Transporte", "en": "Transport"},
    "wt.col.weapons": {"es": "Armas", "en": "Weapons"},
    "wt.col.protections": {"es": "Protecciones", "en": "Protections"},
    "wt.col.objects": {"es": "Objetos", "en": "Objects"},
    "wt.col.kind": {"es": "Tipo", "en": "Kind"},
    "wt.col.archetype-cost": {"es": "Arquetipo", "en": "Archetype"},
    "wt.col.magazines-cost": {"es": "Cargadores", "en": "Magazines"},
    "wt.col.name": {"es": "Nombre", "en": "Name"},
    "wt.col.breakdown": {"es": "Desglose", "en": "Breakdown"},
    # inspect, as text.
    "wt.archetypes": {"es": "Arquetipos", "en": "Archetypes"},
    "wt.squads": {"es": "Escuadras", "en": "Squads"},
    "wt.cost": {"es": "coste", "en": "cost"},
    "wt.models": {"es": "{models} {models|miniatura|miniaturas}", "en": "{models} {models|model|models}"},
    "wt.no-cost": {"es": "sin coste", "en": "no cost"},
    "wt.unknown": {"es": "¿?", "en": "?"},
    "wt.none": {"es": "—", "en": "—"},
    "wt.character-line": {
        "es": "nivel {level} · energía {energy} · vitalidad {vitality} · defensa {defense} · movimiento {movement}",
        "en": "level {level} · energy {energy} · vitality {vitality} · defense {defense} · movement {movement}",
    },
    "wt.total": {"es": "Total", "en": "Total"},
    "wt.cost-split": {"es": "(arquetipo {archetype} + cargadores {magazines})",
                      "en": "(archetype {archetype} + magazines {magazines})"},
    "wt.cost-split-minimum": {
        "es": "(arquetipo {archetype}, su mínimo, + cargadores {magazines}, que se pagan aparte: regla 5a de builder)",
        "en": "(archetype {archetype}, its minimum, + magazines {magazines}, paid on top: builder's ruling 5a)",
    },
    "wt.crew-of": {"es": "{name} (tripulación de {pilot})", "en": "{name} ({pilot}'s crew)"},
    "wt.crew-line": {"es": "vehículo de {pilot}: la tripulación actúa como uno, con energía {energy} (la de todos sumada) "
                           "y 10 acciones por turno como máximo, que limitan las acciones, no la energía (regla 18f de builder)",
                     "en": "{pilot}'s vehicle: the crew acts as one, with energy {energy} (everyone's added up) "
                           "and at most 10 actions a turn, which cap its actions, not its energy (builder's ruling 18f)"},
    "wt.weapon-line": {"es": "cargador de {capacity} {capacity|disparo|disparos} · recargar cuesta {reload} de energía",
                       "en": "magazine of {capacity} {capacity|shot|shots} · reloading costs {reload} energy"},

    # The page: a choice's label, and the figures beside each part of the roster (page.py).
    "wt.choice": {"es": "{name} · {cost} {cost|punto|puntos}", "en": "{name} · {cost} {cost|point|points}"},
    "wt.choice-refund": {"es": "{name} · −{cost} {cost|punto|puntos}", "en": "{name} · −{cost} {cost|point|points}"},
    "wt.note.points": {"es": "{points} {points|punto|puntos}", "en": "{points} {points|point|points}"},
    "wt.note.points-of": {"es": "{points} de {limit} puntos", "en": "{points} of {limit} points"},
    "wt.note.squad": {"es": "{points} {points|punto|puntos} · energía {energy} · reacción {reaction} · voluntad {will}",
                      "en": "{points} {points|point|points} · energy {energy} · reaction {reaction} · will {will}"},
    "wt.note.formation": {
        "es": "{points} pts · energía {energy} · reacción {reaction} · vol. {will} · def. {defense} · fort. {fortune}",
        "en": "{points} pts · energy {energy} · reaction {reaction} · will {will} · def. {defense} · fort. {fortune}",
    },
    "wt.note.member": {"es": "{count} × {cost} = {points} {points|punto|puntos}",
                       "en": "{count} × {cost} = {points} {points|point|points}"},
    "wt.note.cost": {"es": "{cost} {cost|punto|puntos}", "en": "{cost} {cost|point|points}"},
    "wt.note.cost-minimum": {"es": "{cost} {cost|punto|puntos}, el mínimo (sumaba {raw})",
                             "en": "{cost} {cost|point|points}, the minimum (it added up to {raw})"},
    "wt.note.cost-split": {"es": "{cost} puntos: arquetipo {archetype} + cargadores {magazines}",
                           "en": "{cost} points: archetype {archetype} + magazines {magazines}"},
    "wt.note.cost-split-minimum": {"es": "{cost} puntos: arquetipo {archetype} (el mínimo) + cargadores {magazines}",
                                   "en": "{cost} points: archetype {archetype} (the minimum) + magazines {magazines}"},
}
