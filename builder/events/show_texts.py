"""The words of what people look at on the tournament day (the rounds' pages, the big screen, the
round's sheet and slips, the event's JSON file, the race days), in Spanish and English; added to the
message table by the modules that show them (the desk's pages, the round's PDFs, the spreadsheet)."""

from __future__ import annotations

from builder.core import messages

SHOW_MESSAGES = {
    "show.rounds-title": {"es": "Rondas y clasificación", "en": "Rounds and standings"},
    "show.screen-title": {"es": "Pantalla de la sala", "en": "The venue's screen"},
    "show.no-rounds": {"es": "Este evento no juega rondas: solo recoge listas.",
                       "en": "This event plays no rounds: it only takes lists."},
    "show.nothing-yet": {"es": "Aún no se ha publicado ninguna ronda.", "en": "No round has been published yet."},
    "show.round": {"es": "Ronda {n}", "en": "Round {n}"},
    "show.round-of": {"es": "Ronda {n} de {count}", "en": "Round {n} of {count}"},
    "show.rounds-nav": {"es": "Rondas", "en": "Rounds"},
    "show.table": {"es": "Mesa {n}", "en": "Table {n}"},
    "show.table-head": {"es": "Mesa", "en": "Table"},
    "show.versus": {"es": "contra", "en": "vs"},
    "show.bye": {"es": "Descansa (bye)", "en": "Bye"},
    "show.draw": {"es": "Empate", "en": "Draw"},
    "show.won": {"es": "Gana {team}", "en": "{team} wins"},
    "show.pending": {"es": "Sin resultado aún", "en": "No result yet"},
    "show.disputed": {"es": "En disputa: lo resuelve la organización", "en": "Disputed: the organiser settles it"},
    "show.result": {"es": "Resultado", "en": "Result"},
    "show.standings": {"es": "Clasificación", "en": "Standings"},
    "show.standings-after": {"es": "Clasificación tras la ronda {n}", "en": "Standings after round {n}"},
    "show.no-standings": {"es": "Aún no hay equipos presentes.", "en": "No team has checked in yet."},
    "show.rank": {"es": "Pos.", "en": "Rank"},
    "show.team": {"es": "Equipo", "en": "Team"},
    "show.club": {"es": "Club", "en": "Club"},
    "show.played": {"es": "Jugadas", "en": "Played"},
    "show.wins": {"es": "Victorias", "en": "Wins"},
    "show.draws": {"es": "Empates", "en": "Draws"},
    "show.losses": {"es": "Derrotas", "en": "Losses"},
    "show.byes": {"es": "Descansos", "en": "Byes"},
    "show.record": {"es": "V-E-D", "en": "W-D-L"},
    "show.record-long": {"es": "Victorias, empates y derrotas", "en": "Wins, draws and losses"},
    "show.points": {"es": "Puntos", "en": "Points"},
    "show.score-for": {"es": "{score} a favor", "en": "{score} for"},
    "show.score-against": {"es": "{score} en contra", "en": "{score} against"},
    "show.dropped": {"es": "retirado", "en": "dropped"},
    "show.fingerprint": {"es": "Huella", "en": "Fingerprint"},
    "show.refreshes": {"es": "Se actualiza sola cada {seconds} segundos.", "en": "It refreshes itself every {seconds} seconds."},
    "show.screen-link": {"es": "Versión para la pantalla de la sala", "en": "The version for the venue's screen"},
    "show.phone-link": {"es": "Versión para el móvil", "en": "The version for phones"},
    "show.tb.opponents-points": {"es": "Puntos de los rivales", "en": "Opponents' points"},
    "show.tb.score": {"es": "Puntuación", "en": "Score"},
    "show.tb.score-difference": {"es": "Diferencia", "en": "Difference"},
    "show.tb.opponents-score": {"es": "Puntuación de los rivales", "en": "Opponents' score"},
    "show.tb.wins": {"es": "Victorias", "en": "Wins"},
    "show.tb.head-to-head": {"es": "Enfrentamiento directo", "en": "Head-to-head"},
    # The round's PDFs
    "show.sheet-title": {"es": "{event} · ronda {n}", "en": "{event} · round {n}"},
    "show.sheet-subtitle": {"es": "{count} mesas · impreso el {date} · cada lista, por su huella",
                            "en": "{count} tables · printed on {date} · each list by its fingerprint"},
    "show.team-a": {"es": "Equipo A", "en": "Team A"},
    "show.team-b": {"es": "Equipo B", "en": "Team B"},
    "show.slip-title": {"es": "{event} · ronda {n} · mesa {table}", "en": "{event} · round {n} · table {table}"},
    "show.slip-winner": {"es": "Marca quién gana", "en": "Mark who wins"},
    "show.slip-score": {"es": "Puntuación ({score})", "en": "Score ({score})"},
    "show.slip-signature": {"es": "Firma", "en": "Signature"},
    "show.slip-bye": {"es": "Descansa esta ronda: no juega partida.", "en": "Has a bye this round: no game to play."},
    "show.no-round-pdf": {"es": "Las hojas de la ronda {n}", "en": "Round {n}'s sheets"},
    # The event's spreadsheet: sheet names (a fixed set) and their columns
    "xl.standings": {"es": "Clasificación", "en": "Standings"},
    "xl.results": {"es": "Resultados", "en": "Results"},
    "xl.round": {"es": "Ronda", "en": "Round"},
    "xl.table": {"es": "Mesa", "en": "Table"},
    "xl.score-a": {"es": "Puntuación A", "en": "Score A"},
    "xl.score-b": {"es": "Puntuación B", "en": "Score B"},
    "xl.state": {"es": "Estado", "en": "State"},
    # Race days
    "show.race-days": {"es": "Jornadas de carrera", "en": "Race days"},
    "show.race-day": {"es": "Jornada {n}", "en": "Day {n}"},
    "show.race-day-entered": {"es": "Jornada {n}: {name}", "en": "Day {n}: {name}"},
    "show.race-day-missing": {"es": "Jornada {n}: sin escribir", "en": "Day {n}: not written"},
    "show.race-days-intro": {
        "es": "Cada jornada es una etapa del archivo de campaña, en YAML: name (su nombre), finish (el orden de "
              "llegada), kos y summits. La clasificación es la que calcula la campaña con las listas más recientes "
              "de los equipos y las jornadas guardadas. Guardar una jornada vacía la retira.",
        "en": "Each day is one stage of the campaign file, in YAML: name (its name), finish (the order of "
              "arrival), kos and summits. The standings are the ones the campaign computes from the teams' latest "
              "lists and the days stored. Saving a day empty takes it back."},
    "show.race-day-text": {"es": "La jornada {n} en YAML", "en": "Day {n} in YAML"},
    "show.race-day-save": {"es": "Guardar la jornada", "en": "Save the day"},
    "show.race-day-refused": {"es": "La jornada no se ha guardado: corrige estos problemas (la línea es la del texto "
                                    "de la jornada).",
                              "en": "The day was not saved: fix these problems (the line is the day's text's)."},
    "show.race-day-saved": {"es": "Jornada {n} guardada.", "en": "Day {n} saved."},
    "show.race-problems": {"es": "Problemas de la campaña (las listas de los equipos o las jornadas):",
                           "en": "The campaign's problems (the teams' lists or the days):"},
    "show.race-export": {"es": "Descargar la campaña (el archivo de campaña y las listas de los equipos, en ZIP)",
                         "en": "Download the campaign (the campaign file and the teams' lists, as a ZIP)"},
    "show.race-days-link": {"es": "Jornadas de carrera", "en": "Race days"},
    "show.race.general": {"es": "Clasificación general", "en": "General classification"},
    "show.race.dureza": {"es": "Clasificación de dureza", "en": "Dureza classification"},
    "show.race.honor": {"es": "Clasificación de honor", "en": "Honour classification"},
    "show.race.runner": {"es": "Corredor", "en": "Runner"},
    "show.race.cripmaquiazos": {"es": "Cripmaquiazos", "en": "Cripmaquiazos"},
    "show.race.dureza-points": {"es": "Dureza", "en": "Dureza"},
    "show.race.honor-points": {"es": "Honor", "en": "Honour"},
    "show.race.line": {"es": "línea {line}", "en": "line {line}"},
    # Refusals
    "desk.error.no-such-round": {"es": "Esa ronda no existe (aún no se ha emparejado).",
                                 "en": "That round doesn't exist (it hasn't been paired yet)."},
    "desk.error.no-race-days": {"es": "Las rondas de este evento no son jornadas de carrera.",
                                "en": "This event's rounds are not race days."},
    "desk.error.desk-no-rounds": {"es": "Este evento no juega rondas: su pack no tiene el bloque rounds:.",
                                  "en": "This event plays no rounds: its pack has no rounds: block."},
}

messages.register(SHOW_MESSAGES)
