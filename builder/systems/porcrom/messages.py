"""¡Por Crom!'s messages, Spanish and English side by side."""

MESSAGES = {
    "minion-group-size": {
        "es": "el grupo «{name}» tiene {count} secuaces; un grupo va de {min} a {max}",
        "en": "the group “{name}” has {count} minions; a group holds {min} to {max}",
    },
    "damage-track.gains": {
        "es": "el paso {step} ({now}) gana dados respecto al anterior ({before}); cada daño solo puede quitarlos",
        "en": "step {step} ({now}) gains dice over the one before ({before}); damage can only take them away",
    },
    "damage-track.same": {
        "es": "el paso {step} ({now}) no pierde ningún dado respecto al anterior ({before})",
        "en": "step {step} ({now}) loses no die compared with the one before ({before})",
    },
    "damage-track.not-dead": {
        "es": "el track acaba en {last}; debe terminar muerto (0-0-0 o muerto)",
        "en": "the track ends at {last}; it must end dead (0-0-0 or muerto)",
    },
    "damage-track.starts-dead": {
        "es": "el track empieza muerto ({first}); un grupo sale a la mesa con dados en su primer paso",
        "en": "the track starts dead ({first}); a group takes the table with dice in its first step",
    },
    "damage-track.format": {
        "es": "el paso {step} «{now}» no es «movimiento-combate-especial» (como 2-2-0) ni «muerto»",
        "en": "step {step} “{now}” is neither “movement-combat-special” (like 2-2-0) nor “muerto”",
    },
    "unknown-weapon": {
        "es": "builder no conoce el arma «{name}»: sale sin alcance ni recarga y la banda sigue siendo legal "
              "(regla {ruling} de builder); {count|la conocida más parecida es|las conocidas más parecidas son} {nearest}",
        "en": "builder doesn't know the weapon “{name}”: it goes without a range or reload and the warband stays legal "
              "(builder's ruling {ruling}); the nearest known {count|one is|ones are} {nearest}",
    },
    "unknown-weapon.none": {
        "es": "builder no conoce el arma «{name}» ni otra que se le parezca: sale sin alcance ni recarga y la banda "
              "sigue siendo legal (regla {ruling} de builder); «builder catalog porcrom weapons» lista las conocidas",
        "en": "builder knows neither the weapon “{name}” nor one like it: it goes without a range or reload and the "
              "warband stays legal (builder's ruling {ruling}); “builder catalog porcrom weapons” lists the known ones",
    },
    "hand-thunder-reloads": {
        "es": "«{name}» se recarga como un arma de pólvora, con una acción especial de 6 puntos entre disparo y "
              "disparo (regla {ruling} de builder)",
        "en": "“{name}” reloads like a gunpowder weapon, with a special action of 6 points between one shot and the "
              "next (builder's ruling {ruling})",
    },
    "dice-pool-unusual": {
        "es": "«{name}» tiene una reserva de {dice} {dice|dado|dados}; lo normal es de {min} a {max}",
        "en": "“{name}” has a pool of {dice} {dice|die|dice}; the usual is {min} to {max}",
    },
    # inspect, as text.
    "pc.characters": {"es": "Personajes", "en": "Characters"},
    "pc.minions": {"es": "Secuaces", "en": "Minions"},
    "pc.pool": {"es": "reserva {dice}d6 · salto máximo {jump}\"", "en": "pool {dice}d6 · longest jump {jump}\""},
    "pc.horse": {"es": "caballo: 6d6 de movimiento", "en": "horse: 6d6 of movement"},
    "pc.armor": {"es": "armadura pesada", "en": "heavy armour"},
    "pc.unlimited": {"es": "sin límite", "en": "unlimited"},
    "pc.melee": {"es": "cuerpo a cuerpo", "en": "close combat"},
    "pc.unknown-weapon": {"es": "desconocida", "en": "unknown"},
    "pc.quoted": {"es": "«{name}»", "en": "“{name}”"},
    "pc.ruling": {"es": "regla {ruling} de builder", "en": "builder's ruling {ruling}"},
    "pc.ruling-short": {"es": "(regla {ruling})", "en": "(ruling {ruling})"},
    "pc.reload": {"es": "se recarga", "en": "reloads"},
    "pc.rider-swim": {"es": "no nada, ni a caballo (el caballo no puede) ni a pie (la armadura se lo impide)",
                      "en": "can't swim, neither mounted (horses can't) nor on foot (the armour forbids it)"},
    "pc.col.name": {"es": "Personaje", "en": "Character"},
    "pc.col.dice": {"es": "Reserva (d6)", "en": "Pool (d6)"},
    "pc.col.jump": {"es": "Salto máx. (\")", "en": "Longest jump (\")"},
    "pc.col.horse": {"es": "Caballo", "en": "Horse"},
    "pc.col.sorcerer": {"es": "Brujo", "en": "Sorcerer"},
    "pc.col.weapons": {"es": "Armas", "en": "Weapons"},
    "pc.col.group": {"es": "Grupo", "en": "Group"},
    "pc.col.count": {"es": "Secuaces", "en": "Minions"},
    "pc.col.track": {"es": "Dados al sufrir daño", "en": "Damage track"},
    "pc.col.figures": {"es": "Miniaturas", "en": "Figures"},
    # Printed cards.
    "pdf.pc.pool": {"es": "Reserva", "en": "Pool"},
    "pdf.pc.jump": {"es": "Salto máx.", "en": "Longest jump"},
    "pdf.pc.horse": {"es": "6d6 de movimiento; quémalos dejando 1d6; +1d6 al atacar; no nada.", "en": "6d6 of movement; burn them leaving 1d6; +1d6 attacking; can't swim."},
    "pdf.pc.armor": {"es": "−1 a cada dado de movimiento (mín. 1), no nada; +1d6 en combate y contra disparos.", "en": "−1 to each movement die (min. 1), can't swim; +1d6 in combat and against shots."},
    "pdf.pc.armor-rider": {"es": "A caballo no frena; +1d6 en combate y contra disparos; no nada, ni desmontado (regla {ruling}).",
                           "en": "On horseback it doesn't slow; +1d6 in combat and against shots; can't swim, not even dismounted (ruling {ruling})."},
    "pdf.pc.sorcerer": {"es": "Hechizos sin quemar dados; recupera 1d6 gastado por turno.", "en": "Spells without burning dice; recovers 1 spent die a turn."},
    "pdf.pc.reload": {"es": "recarga", "en": "reload"},
    "pdf.pc.damage": {"es": "Dados perdidos", "en": "Dice lost"},
    "pdf.pc.minions": {"es": "{count} {count|secuaz|secuaces}", "en": "{count} {count|minion|minions}"},
    "pdf.pc.group": {"es": "Grupo", "en": "Group"},
    "pdf.pc.group-rule": {"es": "una tirada de movimiento para todos; sin iniciativa ni dados quemados.", "en": "one movement roll for all; no initiative, no burnt dice."},
    "pc.dead": {"es": "muerto", "en": "dead"},
    # The page's forms: a part's figures.
    "pc.note.horse": {"es": "caballo {dice}d6", "en": "horse {dice}d6"},
    "pc.note.group": {"es": "{count} {count|secuaz|secuaces} · salto máximo {jump}\"",
                      "en": "{count} {count|minion|minions} · longest jump {jump}\""},
    # The page's form labels (system, name, player and count are the page's own).
    "form.porcrom.characters": {"es": "Personajes", "en": "Characters"},
    "form.porcrom.minions": {"es": "Grupos de secuaces", "en": "Minion groups"},
    "form.porcrom.dice": {"es": "Reserva de dados", "en": "Dice pool"},
    "form.porcrom.heavy_armor": {"es": "Armadura pesada", "en": "Heavy armour"},
    "form.porcrom.horse": {"es": "Caballo", "en": "Horse"},
    "form.porcrom.weapons": {"es": "Armas", "en": "Weapons"},
    "form.porcrom.sorcerer": {"es": "Brujo", "en": "Sorcerer"},
    "form.porcrom.track": {"es": "Dados al sufrir daño", "en": "Damage track"},
    # One part of each list, named by its kind: a new one is «<word> <number>» on the page.
    "form.porcrom.one.weapons": {"es": "Arma", "en": "Weapon"},
    "form.porcrom.one.track": {"es": "Paso del daño", "en": "Damage step"},
    "form.porcrom.one.characters": {"es": "Personaje", "en": "Character"},
    "form.porcrom.one.minions": {"es": "Grupo de secuaces", "en": "Minion group"},
}
