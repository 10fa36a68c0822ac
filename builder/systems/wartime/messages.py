"""Wartime's messages, Spanish and English side by side: what its checks find, here; the words for
what its files hold (cards, spreadsheet, inspect, the builder's form), in labels.py."""

from builder.systems.wartime.labels import LABELS

FINDINGS = {
    "status.warbook": {"es": "WARBOOK", "en": "WARBOOK"},
    "not-a-warbook": {
        "es": "no es un warbook de Wartime (ni listas de arquetipos ni un archivo «system: wartime» con «warbook»)",
        "en": "is not a Wartime warbook (neither archetype lists nor a “system: wartime” file with a “warbook”)",
    },
    "duplicate-squad": {
        "es": "ya hay una escuadra llamada «{name}» ({first}); cada escuadra necesita un nombre propio",
        "en": "there is already a squad called “{name}” ({first}); each squad needs a name of its own",
    },
    "range-too-long": {
        "es": "«{name}» tiene alcance {range} K; con daño {damage} el máximo es {max} K ({times} × daño)",
        "en": "“{name}” has range {range} K; with damage {damage} the most is {max} K ({times} × damage)",
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
    "weapon-energy-over-character.mounted": {
        "es": "«{name}» tiene energía {energy} y no puede usar «{weapon}» (necesita {weapon_energy}), el arma montada "
              "en {transport} (regla 18g de builder)",
        "en": "“{name}” has energy {energy} and can't use “{weapon}” (it needs {weapon_energy}), the weapon mounted "
              "on {transport} (builder's ruling 18g)",
    },
}

MESSAGES = {**FINDINGS, **LABELS}
