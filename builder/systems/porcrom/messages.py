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
    "dice-pool-unusual": {
        "es": "«{name}» tiene una reserva de {dice} dados; lo normal es de {min} a {max}",
        "en": "“{name}” has a pool of {dice} dice; the usual is {min} to {max}",
    },
    # inspect, as text.
    "pc.characters": {"es": "Personajes", "en": "Characters"},
    "pc.minions": {"es": "Secuaces", "en": "Minions"},
    "kinds.pc-weapon": {"es": "las armas del reglamento", "en": "the rulebook's weapons"},
    "pc.pool": {"es": "reserva {dice}d6 · salto máximo {jump}\"", "en": "pool {dice}d6 · longest jump {jump}\""},
    "pc.horse": {"es": "caballo: 6d6 de movimiento", "en": "horse: 6d6 of movement"},
    "pc.armor": {"es": "armadura pesada", "en": "heavy armour"},
    "pc.unlimited": {"es": "sin límite", "en": "unlimited"},
    "pc.melee": {"es": "cuerpo a cuerpo", "en": "close combat"},
    "pc.col.name": {"es": "Personaje", "en": "Character"},
    "pc.col.dice": {"es": "Reserva (d6)", "en": "Pool (d6)"},
    "pc.col.jump": {"es": "Salto máx. (\")", "en": "Longest jump (\")"},
    "pc.col.horse": {"es": "Caballo", "en": "Horse"},
    "pc.col.sorcerer": {"es": "Brujo", "en": "Sorcerer"},
    "pc.col.weapons": {"es": "Armas", "en": "Weapons"},
    "pc.col.group": {"es": "Grupo", "en": "Group"},
    "pc.col.count": {"es": "Secuaces", "en": "Minions"},
    "pc.col.track": {"es": "Track de daño", "en": "Damage track"},
    "pc.col.figures": {"es": "Miniaturas", "en": "Figures"},
    # Printed cards.
    "pdf.pc.pool": {"es": "Reserva", "en": "Pool"},
    "pdf.pc.jump": {"es": "Salto máx.", "en": "Longest jump"},
    "pdf.pc.horse": {"es": "6d6 de movimiento; quémalos dejando 1d6; +1d6 al atacar; no nada.", "en": "6d6 of movement; burn them leaving 1d6; +1d6 attacking; can't swim."},
    "pdf.pc.armor": {"es": "−1 a cada dado de movimiento (mín. 1), no nada; +1d6 en combate y contra disparos.", "en": "−1 to each movement die (min. 1), can't swim; +1d6 in combat and against shots."},
    "pdf.pc.armor-rider": {"es": "A caballo no frena; +1d6 en combate y contra disparos.", "en": "On horseback it doesn't slow; +1d6 in combat and against shots."},
    "pdf.pc.sorcerer": {"es": "Hechizos sin quemar dados; recupera 1d6 gastado por turno.", "en": "Spells without burning dice; recovers 1 spent die a turn."},
    "pdf.pc.reload": {"es": "recarga", "en": "reload"},
    "pdf.pc.damage": {"es": "Dados perdidos", "en": "Dice lost"},
    "pdf.pc.minions": {"es": "{count} {count|secuaz|secuaces}", "en": "{count} {count|minion|minions}"},
    "pdf.pc.group": {"es": "Grupo", "en": "Group"},
    "pdf.pc.group-rule": {"es": "una tirada de movimiento para todos; sin iniciativa ni dados quemados.", "en": "one movement roll for all; no initiative, no burnt dice."},
    "pc.dead": {"es": "muerto", "en": "dead"},
}
