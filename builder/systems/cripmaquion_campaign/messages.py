"""The campaign's messages, Spanish and English side by side."""

MESSAGES = {
    "campaign-duplicate-team": {
        "es": "el equipo «{team}» ya está en la campaña ({first})",
        "en": "the team “{team}” is already in the campaign ({first})",
    },
    "campaign-not-a-team": {
        "es": "«{team}» no es un equipo de Cripmaquión (es un archivo de {system})",
        "en": "“{team}” is not a Cripmaquión team (it is a {system} file)",
    },
    "campaign-runner-name-clash": {
        "es": "«{name}» corre con «{team}» y con «{other}»: en la campaña cada corredor necesita un nombre propio",
        "en": "“{name}” races for “{team}” and for “{other}”: in a campaign each runner needs a name of its own",
    },
    "campaign-unknown-runner": {
        "es": "«{name}» no corre con ningún equipo de la campaña",
        "en": "“{name}” races for no team of the campaign",
    },
    "campaign-unknown-runner.benched": {
        "es": "«{name}» está en la plantilla de «{team}», pero no en su alineación: no corre la campaña",
        "en": "“{name}” is on “{team}”'s roster but not in its lineup: it doesn't race the campaign",
    },
    "campaign-unknown-runner.other-team": {
        "es": "«{name}» corre con «{team}» ({file}), que no está en la campaña",
        "en": "“{name}” races for “{team}” ({file}), which is not in the campaign",
    },
    "campaign-runner-twice": {
        "es": "«{name}» aparece dos veces (puestos {first} y {again}); cada corredor pasa una sola vez",
        "en": "“{name}” appears twice (places {first} and {again}); each runner crosses once",
    },
    "campaign-self-ko": {
        "es": "«{name}» no puede noquearse a sí mismo ({stage})",
        "en": "“{name}” can't knock himself out ({stage})",
    },
    "campaign-ko-turn": {
        "es": "un ataque DT se hace en el TP del atacante: este KO de «{by}» por DT no puede ser del TP de «{tp}» (quita tp o pon attack: other)",
        "en": "a DT attack is made in the attacker's own TP: this KO by “{by}” by DT can't be in “{tp}”'s TP (drop tp or write attack: other)",
    },
    "campaign-dt-ko-asqueroso": {
        "es": "«{by}» no puede dejar KO por DT a «{victim}» ({stage}): es asqueroso y nadie puede atacarle DT; no suma dureza (regla 36i de builder). Si cayó por un ataque FT, un corredor arrojado o un zapatazo, escribe attack: other",
        "en": "“{by}” can't knock out “{victim}” by DT ({stage}): he is asqueroso and no one can attack him DT; it scores no dureza (builder's ruling 36i). If he fell to an FT attack, a thrown runner or a kicked head, write attack: other",
    },
    "campaign-teammate-ko": {
        "es": "«{by}» deja KO a su compañero de escuadra «{victim}» ({stage}): no suma dureza (regla 36d de builder)",
        "en": "“{by}” knocks out his teammate “{victim}” ({stage}): it scores no dureza (builder's ruling 36d)",
    },
    "campaign-gold-eleventh": {
        "es": "«{name}» corona en el puesto {position} ({stage}): el oro premia a los 10 primeros, así que no suma el {value} que el libro imprime para ese puesto (regla 36a de builder)",
        "en": "“{name}” crowns in place {position} ({stage}): gold rewards the first 10, so he doesn't score the {value} the book prints for that place (builder's ruling 36a)",
    },
    "campaign-general-tie": {
        "es": "empate a {n} {n|cripmaquiazo|cripmaquiazos} en la general que la dureza y el honor deshacen al revés (dureza/honor): {order}; decide la dureza, la primera de las clasificaciones menores (regla 36b de builder)",
        "en": "a tie on {n} {n|cripmaquiazo|cripmaquiazos} in the general that dureza and honor break opposite ways (dureza/honor): {order}; dureza, the first minor classification, decides (builder's ruling 36b)",
    },
    "campaign-minor-tie": {
        "es": "{names} comparten el puesto {position} de {classification} con {points} {points|punto|puntos}: los cripmaquiazos (entre paréntesis) solo deshacen el empate en el primer puesto (regla 36c de builder)",
        "en": "{names} share place {position} in {classification} on {points} {points|point|points}: cripmaquiazos (in brackets) break only a tie for first (builder's ruling 36c)",
    },
    "not-a-campaign": {
        "es": "no es una campaña de Cripmaquión (system: cripmaquion-campaign), sino {system}",
        "en": "is not a Cripmaquión campaign (system: cripmaquion-campaign) but {system}",
    },
    "cc.campaign": {"es": "campaña de Cripmaquión", "en": "Cripmaquión campaign"},
    # builder campaign FILE: its help.
    "cc.command": {
        "es": "Las clasificaciones de una campaña de Cripmaquión.\n\n"
              "Las de una campaña ilegal se escriben igualmente, marcadas como borrador.\n"
              "Salida: 0 legal, 1 ilegal, 2 ilegible, 3 un error interno.",
        "en": "A Cripmaquión campaign's standings.\n\n"
              "Standings of an illegal campaign are still written, marked as a draft.\n"
              "Exit: 0 legal, 1 illegal, 2 unreadable, 3 an internal error.",
    },
    "cc.command.xlsx": {"es": "Las clasificaciones en hoja de cálculo (.xlsx).",
                        "en": "The standings as a spreadsheet (.xlsx)."},
    "cc.command.pdf": {"es": "Las clasificaciones en PDF.", "en": "The standings as PDF."},
    "cc.general": {"es": "Clasificación general", "en": "General classification"},
    "cc.dureza": {"es": "Clasificación de dureza", "en": "Dureza (toughness) classification"},
    "cc.honor": {"es": "Clasificación de honor", "en": "Honor classification"},
    "cc.in.dureza": {"es": "la clasificación de dureza", "en": "the dureza classification"},
    "cc.in.honor": {"es": "la clasificación de honor", "en": "the honor classification"},
    "cc.teams": {"es": "Equipos", "en": "Teams"},
    "cc.stages": {"es": "Jornadas", "en": "Days"},
    "cc.day-sheet": {"es": "Jornada {n}", "en": "Day {n}"},
    "cc.runners": {"es": "Corredores", "en": "Runners"},
    "cc.cripmaquiazos": {"es": "{n} {n|cripmaquiazo|cripmaquiazos}", "en": "{n} {n|cripmaquiazo|cripmaquiazos}"},
    "cc.dureza-short": {"es": "dureza {n}", "en": "dureza {n}"},
    "cc.honor-short": {"es": "honor {n}", "en": "honor {n}"},
    "cc.points": {"es": "{n} {n|punto|puntos}", "en": "{n} {n|point|points}"},
    "cc.nobody-scored": {"es": "nadie ha puntuado todavía", "en": "nobody has scored yet"},
    "cc.eliminated": {"es": "eliminados: {names}", "en": "eliminated: {names}"},
    "cc.ko-line": {"es": "KO de {by} a {victim} (turno {turn}, {attack}): {n} p.",
                   "en": "KO by {by} on {victim} (turn {turn}, {attack}): {n} pts"},
    "cc.ko-not-counted": {"es": "(no cuenta: solo el mejor KO de cada TP)",
                          "en": "(doesn't count: only the best KO of each TP)"},
    "cc.ko-teammate": {"es": "(compañero de escuadra: no puntúa, regla 36d de builder)",
                       "en": "(a teammate: it doesn't score, builder's ruling 36d)"},
    "cc.ko-tp": {"es": "TP de {tp}", "en": "{tp}'s TP"},
    "cc.attack.dt": {"es": "por DT", "en": "by DT"},
    "cc.attack.other": {"es": "otro", "en": "other"},
    "cc.category.bronce": {"es": "cumbre de bronce", "en": "bronze summit"},
    "cc.category.plata": {"es": "cumbre de plata", "en": "silver summit"},
    "cc.category.oro": {"es": "cumbre de oro", "en": "gold summit"},
    "cc.summit-line": {"es": "{category}: {order}", "en": "{category}: {order}"},
    "cc.col.position": {"es": "Puesto", "en": "Place"},
    "cc.col.runner": {"es": "Corredor", "en": "Runner"},
    "cc.col.team": {"es": "Equipo", "en": "Team"},
    "cc.col.cripmaquiazos": {"es": "Cripmaquiazos", "en": "Cripmaquiazos"},
    "cc.col.points": {"es": "Puntos", "en": "Points"},
    "cc.col.dureza": {"es": "Dureza", "en": "Dureza"},
    "cc.col.honor": {"es": "Honor", "en": "Honor"},
    "cc.col.file": {"es": "Archivo", "en": "File"},
    "cc.col.fingerprint": {"es": "Huella", "en": "Fingerprint"},
    "cc.col.team-fingerprint": {"es": "Huella del equipo", "en": "Team fingerprint"},
    "cc.fingerprints": {"es": "Huellas de los equipos: {teams}", "en": "Team fingerprints: {teams}"},
    "cc.col.legal": {"es": "Legal", "en": "Legal"},
    # The chart of the teams' cripmaquiazos, day by day (the PDF's first page and the spreadsheet).
    "cc.chart.title": {"es": "Cripmaquiazos de cada equipo, jornada a jornada",
                       "en": "Each team's cripmaquiazos, day by day"},
    "cc.chart.start": {"es": "Salida", "en": "Start"},
    "cc.chart.tab": {"es": "Equipos por jornada", "en": "Teams by day"},
    "cc.chart.note": {"es": "Cada línea suma los cripmaquiazos de los corredores de un equipo tras cada jornada; "
                            "la campaña clasifica corredores, no equipos.",
                      "en": "Each line adds up the cripmaquiazos of one team's runners after each day; "
                            "the campaign ranks runners, not teams."},
    "cc.col.summit": {"es": "Cumbre", "en": "Summit"},
    "cc.col.ko": {"es": "KO", "en": "KO"},
    # The page's forms: what a choice is, and a part's figures.
    "cc.choice.dt": {"es": "KO por DT, en su propio turno", "en": "KO by DT, in his own turn"},
    "cc.choice.other": {"es": "otro KO: arrojado, zapatazo, fuera de turno…",
                        "en": "other KO: thrown, kicked head, out of turn…"},
    "cc.note.team": {"es": "{n} {n|corredor alineado|corredores alineados}", "en": "{n} {n|runner|runners} lined up"},
    "cc.note.illegal": {"es": "lista ilegal", "en": "illegal roster"},
    "cc.note.stage": {"es": "{arrived} en meta · {eliminated} {eliminated|eliminado|eliminados}",
                      "en": "{arrived} finished · {eliminated} eliminated"},
    "cc.note.ko": {"es": "{n} {n|punto|puntos} de dureza", "en": "{n} dureza {n|point|points}"},
    "cc.note.ko-beaten": {"es": "{n} {n|punto|puntos}, no cuenta: ya puntúa otro KO de ese TP",
                          "en": "{n} {n|point|points}, not counted: another KO of that TP scores"},
    "cc.note.ko-teammate": {"es": "compañero de escuadra: no puntúa", "en": "a teammate: it doesn't score"},
    "cc.note.honor": {"es": "{n} {n|punto|puntos} de honor", "en": "{n} honor {n|point|points}"},
    # The page's form labels (system and name are the page's own).
    "form.cripmaquion-campaign.teams": {"es": "Equipos (archivos)", "en": "Teams (files)"},
    "form.cripmaquion-campaign.stages": {"es": "Jornadas", "en": "Days"},
    "form.cripmaquion-campaign.finish": {"es": "Llegada a meta", "en": "Finish order"},
    "form.cripmaquion-campaign.kos": {"es": "KO", "en": "KOs"},
    "form.cripmaquion-campaign.summits": {"es": "Cumbres", "en": "Summits"},
    "form.cripmaquion-campaign.by": {"es": "Autor del KO", "en": "Scored by"},
    "form.cripmaquion-campaign.victim": {"es": "Noqueado", "en": "Knocked out"},
    "form.cripmaquion-campaign.attack": {"es": "Tipo de KO", "en": "Kind of KO"},
    "form.cripmaquion-campaign.turn": {"es": "Turno (TC)", "en": "Race turn (TC)"},
    "form.cripmaquion-campaign.tp": {"es": "TP de", "en": "In the TP of"},
    "form.cripmaquion-campaign.category": {"es": "Categoría", "en": "Category"},
    "form.cripmaquion-campaign.order": {"es": "Orden de paso", "en": "Order over the top"},
    # One part of each list, named by its kind: a new one is «<word> <number>» on the page.
    "form.cripmaquion-campaign.one.teams": {"es": "Equipo (archivo)", "en": "Team (file)"},
    "form.cripmaquion-campaign.one.order": {"es": "Puesto en el paso", "en": "Place over the top"},
    "form.cripmaquion-campaign.one.finish": {"es": "Puesto en meta", "en": "Place at the finish"},
    "form.cripmaquion-campaign.one.stages": {"es": "Jornada", "en": "Day"},
}
