"""The event desk's words (``builder event``), in Spanish and English: added to the message table
when the desk or its command is loaded."""

from __future__ import annotations

from builder.core import messages
from builder.desk.build_texts import BUILD_MESSAGES
from builder.desk.day_texts import DAY_MESSAGES
from builder.desk.lists_texts import LIST_MESSAGES
from builder.events import show_texts  # noqa: F401 - the tournament day's words, registered with the desk's

MESSAGES = {
    "desk.title": {"es": "Entrega de listas", "en": "List submission"},
    "desk.language": {"es": "Idioma", "en": "Language"},
    "desk.other-language": {"es": "English", "en": "Español"},
    "desk.intro": {
        "es": "Entrega la lista de tu equipo. Se comprueba con las restricciones del evento en cuanto llega.",
        "en": "Hand in your team's list. It is checked against the event's restrictions as it arrives.",
    },
    "desk.deadline": {"es": "Plazo: hasta {when}", "en": "Deadline: until {when}"},
    "desk.closed": {"es": "Las entregas están cerradas.", "en": "Submissions are closed."},
    "desk.team": {"es": "Nombre del equipo", "en": "Team name"},
    "desk.files": {
        "es": "Archivos de la lista (.yaml o .yml, hasta 5, 1 MiB cada uno): la lista y los archivos que nombra",
        "en": "The list's files (.yaml or .yml, up to 5, 1 MiB each): the list and the files it names",
    },
    "desk.paste": {"es": "O pega la lista en YAML", "en": "Or paste the list as YAML"},
    "desk.player-hint": {
        "es": "El jugador es el que nombra la lista; si usa un Warbook propio, súbelo en esta misma entrega.",
        "en": "The player is the one the list names; if it uses a Warbook of its own, upload it in this same submission.",
    },
    "desk.code": {"es": "Código de edición (solo para una versión nueva)",
                  "en": "Edit code (only for a new version)"},
    "desk.send": {"es": "Entregar", "en": "Submit"},
    "desk.receipt": {"es": "Recibo", "en": "Receipt"},
    "desk.stored": {"es": "Guardada: versión {version}.", "en": "Stored: version {version}."},
    "desk.draft": {
        "es": "La lista es ILEGAL: se guarda como borrador. Corrígela y entrega una versión nueva con tu código.",
        "en": "The list is ILLEGAL: it is stored as a draft. Fix it and submit a new version with your code.",
    },
    "desk.system": {"es": "Juego", "en": "Game"},
    "desk.points": {"es": "Puntos", "en": "Points"},
    "desk.legal": {"es": "Legalidad", "en": "Legality"},
    "desk.fingerprint": {"es": "Huella", "en": "Fingerprint"},
    # «Reglamento», not «Edición»: on the same receipt «Código de edición» is the code to send another version.
    "desk.edition": {"es": "Reglamento (catálogos)", "en": "Catalogs' edition"},
    "desk.fingerprint-edition": {"es": "Huella y reglamento", "en": "Fingerprint and edition"},
    "desk.time": {"es": "Hora", "en": "Time"},
    "desk.player": {"es": "Jugador", "en": "Player"},
    "desk.edit-code": {"es": "Código de edición", "en": "Edit code"},
    "desk.edit-code-once": {
        "es": "Apúntalo, imprime el recibo o envíatelo por correo: sin el código no se puede entregar otra versión. "
              "Este recibo se ve solo en este navegador y durante {minutes} minutos; luego, nunca más.",
        "en": "Write it down, print the receipt or e-mail it to yourself: without the code no new version can be "
              "submitted. This receipt shows only in this browser and for {minutes} minutes; after that, never again.",
    },
    "desk.edit-code-same": {
        "es": "Tu código de edición sigue siendo el mismo: úsalo también para la próxima versión.",
        "en": "Your edit code stays the same: use it for the next version too.",
    },
    "desk.measure": {"es": "Tamaño de la lista", "en": "List size"},
    "desk.receipt-keep": {"es": "Guarda el recibo", "en": "Keep the receipt"},
    "desk.receipt-print": {"es": "Para imprimirlo, usa «Imprimir» en el menú del navegador: sale solo el recibo.",
                           "en": "To print it, use “Print” in the browser's menu: the receipt alone is printed."},
    "desk.receipt-mail": {"es": "Enviarme el recibo por correo", "en": "E-mail the receipt to myself"},
    "desk.receipt-mail-subject": {"es": "Recibo de «{team}», versión {version}",
                                  "en": "Receipt of “{team}”, version {version}"},
    "desk.receipt-mail-intro": {"es": "Recibo de la entrega de listas de «{event}»",
                                "en": "Receipt of the list submission of “{event}”"},
    "desk.findings": {"es": "Problemas", "en": "Problems"},
    "desk.no-findings": {"es": "Ningún problema.", "en": "No problems."},
    "desk.not-stored": {"es": "No se ha guardado nada.", "en": "Nothing was stored."},
    "desk.back": {"es": "Volver", "en": "Back"},
    "desk.bug": {
        "es": "Error interno de builder (fallo {bug}): queda anotado en la consola del servidor.",
        "en": "builder met an internal error (bug {bug}): it is logged in the server's console.",
    },
    # Refusals: desk.error.<code>
    # One answer for a wrong code, a name no team has given with a code, and a taken name given
    # without one: no answer tells which names exist.
    "desk.error.wrong-edit-code": {
        "es": "Ese nombre de equipo y ese código de edición no corresponden a ninguna inscripción. Si ya "
              "inscribiste el equipo, escribe su nombre y su código tal como salen en tu recibo; si es un "
              "equipo nuevo, elige otro nombre y deja el código vacío.",
        "en": "That team name and edit code don't match any entry. If you already registered the team, give "
              "its name and code as your receipt shows them; if it is a new team, choose another name and "
              "leave the code empty.",
    },
    "desk.error.event-locked": {"es": "El evento está cerrado: no se aceptan entregas.",
                                "en": "The event is locked: no submissions are taken."},
    "desk.error.team-locked": {"es": "La organización ha cerrado la lista de este equipo.",
                               "en": "The organiser has locked this team's list."},
    "desk.error.past-deadline": {"es": "El plazo de entrega ha terminado.", "en": "The deadline has passed."},
    "desk.error.team-exists": {
        "es": "Ya hay un equipo con ese nombre. Si es el tuyo, escribe tu código de edición.",
        "en": "A team of that name exists. If it is yours, give your edit code.",
    },
    "desk.error.no-such-team": {"es": "No hay ningún equipo con ese nombre.", "en": "No team has that name."},
    "desk.error.bad-team-name": {
        "es": "El nombre del equipo debe tener de 1 a 80 caracteres, con alguna letra o cifra, y ningún carácter "
              "de control ni de dirección del texto (marcas invisibles que hacen que un nombre se vea como otro).",
        "en": "The team's name must be 1 to 80 characters, with a letter or digit, and no control or "
              "text-direction character (invisible marks that make one name look like another).",
    },
    "desk.error.bad-file-name": {
        "es": "Un archivo tiene un nombre que no vale: solo nombres sencillos acabados en .yaml o .yml, sin carpetas.",
        "en": "A file's name won't do: only plain names ending in .yaml or .yml, no folders.",
    },
    "desk.error.two-lists": {"es": "La entrega trae más de una lista: un equipo entrega una sola, con los archivos "
                                   "que nombra (su Warbook).",
                             "en": "The submission holds more than one list: a team hands in one, with the files "
                                   "it names (its Warbook)."},
    "desk.error.no-list": {"es": "Ningún archivo es una lista que jugar (un Warbook solo no lo es): sube la lista "
                                 "junto con el Warbook que nombra.",
                           "en": "No file is a list to play (a Warbook alone isn't one): upload the list together "
                                 "with the Warbook it names."},
    "desk.error.stray-file": {
        "es": "La entrega trae archivos que la lista no lee: sube solo la lista y el Warbook que nombra.",
        "en": "The submission holds files the list doesn't read: upload only the list and the Warbook it names.",
    },
    "desk.error.team-versions-full": {
        "es": "Este equipo ya tiene guardadas todas las versiones que admite el evento: habla con la organización.",
        "en": "This team already keeps as many versions as the event allows: talk to the organiser.",
    },
    "desk.error.event-full": {"es": "El evento ya tiene todos los equipos que admite: habla con la organización.",
                              "en": "The event already has as many teams as it takes: talk to the organiser."},
    "desk.error.team-bytes-full": {
        "es": "Las versiones de este equipo ya ocupan todo el espacio que admite el evento: habla con la organización.",
        "en": "This team's versions already take all the room the event allows: talk to the organiser.",
    },
    "desk.error.check-too-heavy": {
        "es": "Comprobar esta entrega cuesta demasiado (tiempo o memoria): no es una lista normal.",
        "en": "Checking this submission takes too much (time or memory): it is no ordinary list.",
    },
    "desk.error.desk-busy-client": {
        "es": "Ya hay dos entregas tuyas comprobándose: espera a que terminen.",
        "en": "Two of your submissions are being checked already: wait for them to finish.",
    },
    "desk.error.desk-busy-uploads": {
        "es": "Ya llegan varios envíos desde tu dirección a la vez: espera unos segundos y vuelve a intentarlo.",
        "en": "Several uploads from your address are arriving at once already: wait a few seconds and try again.",
    },
    "desk.error.no-files": {"es": "Falta la lista: elige un archivo o pégala.", "en": "The list is missing: choose a file or paste it."},
    "desk.error.too-many-files": {"es": "Como mucho 5 archivos por entrega.", "en": "At most 5 files per submission."},
    "desk.error.file-too-large": {"es": "Un archivo pasa de 1 MiB.", "en": "A file is over 1 MiB."},
    "desk.error.unreadable": {"es": "La lista no se puede leer:", "en": "The list can't be read:"},
    "desk.error.desk-too-large": {"es": "La entrega es demasiado grande (1 MiB por archivo).",
                                  "en": "The submission is too large (1 MiB per file)."},
    "desk.error.desk-bad-request": {"es": "La petición no se entiende.", "en": "The request is not understood."},
    "desk.error.desk-not-a-form": {"es": "La petición no es un formulario.", "en": "The request is not a form."},
    "desk.error.desk-csrf": {
        "es": "El formulario ha caducado o no viene de esta página: recarga la página y vuelve a enviarlo.",
        "en": "The form expired or doesn't come from this page: reload the page and send it again.",
    },
    "desk.error.desk-foreign-origin": {"es": "La petición viene de otro sitio.", "en": "The request comes from another site."},
    "desk.error.desk-foreign-host": {"es": "Este servidor no responde a ese nombre.", "en": "This server doesn't answer to that name."},
    "desk.error.desk-slow-body": {"es": "La entrega llegaba demasiado despacio: vuelve a enviarla.",
                                  "en": "The submission arrived too slowly: send it again."},
    "desk.error.desk-too-many-connections": {
        "es": "Demasiadas conexiones abiertas desde tu dirección: espera unos segundos y recarga la página.",
        "en": "Too many connections open from your address: wait a few seconds and reload the page.",
    },
    "desk.error.desk-busy": {"es": "El servidor está ocupado: espera unos segundos y recarga la página.",
                             "en": "The server is busy: wait a few seconds and reload the page."},
    "desk.error.desk-rate": {"es": "Demasiadas peticiones: espera un minuto.", "en": "Too many requests: wait a minute."},
    "desk.error.desk-not-organiser": {"es": "Hace falta la clave de la organización.", "en": "The organiser's token is needed."},
    "desk.error.desk-no-such-page": {"es": "Esa página no existe.", "en": "No such page."},
    "desk.error.desk-receipt-gone": {
        "es": "Este recibo ya no se muestra: solo se ve en el navegador que hizo la entrega y durante {minutes} "
              "minutos. Tu lista sigue guardada: consulta su estado con el nombre del equipo y su código.",
        "en": "This receipt is no longer shown: it shows only in the browser that submitted, for {minutes} "
              "minutes. Your list is still stored: look up its status with the team's name and its code.",
    },
    "desk.error.bad-verdict": {"es": "Esa acción no existe.", "en": "No such action."},
    "desk.error.desk-too-many-tries": {
        "es": "Demasiados intentos con la clave de la organización desde esta dirección: espera un minuto.",
        "en": "Too many tries at the organiser's token from this address: wait a minute.",
    },
    "desk.error.stale-version": {
        "es": "No se ha hecho nada: la página mostraba la versión {shown} y el equipo ya ha entregado la {latest}. "
              "Mira la versión nueva antes de aprobarla o devolverla.",
        "en": "Nothing was done: the page showed version {shown} and the team has since handed in version "
              "{latest}. Look at the new version before you approve it or send it back.",
    },
    # The organiser's side.
    "desk.admin": {"es": "Mesa de la organización", "en": "Organiser's desk"},
    "desk.login": {"es": "Entrar", "en": "Log in"},
    "desk.token": {"es": "Clave de la organización", "en": "Organiser's token"},
    "desk.logout": {"es": "Salir", "en": "Log out"},
    "desk.see-team": {"es": "Ver el equipo", "en": "See the team"},
    "desk.teams": {"es": "Equipos", "en": "Teams"},
    "desk.no-teams": {"es": "Aún no hay entregas.", "en": "No submissions yet."},
    "desk.version": {"es": "Versión", "en": "Version"},
    "desk.errors": {"es": "Problemas", "en": "Problems"},
    "desk.submitted": {"es": "Entregada", "en": "Submitted"},
    "desk.late": {"es": "Fuera de plazo", "en": "Late"},
    "desk.on-time": {"es": "en plazo", "en": "on time"},
    "desk.review": {"es": "Revisión", "en": "Review"},
    "desk.approved": {"es": "aprobada", "en": "approved"},
    "desk.sent-back": {"es": "devuelta", "en": "sent back"},
    "desk.pending": {"es": "pendiente", "en": "pending"},
    "desk.draft-mark": {"es": "borrador", "en": "draft"},
    "desk.duplicate": {"es": "misma lista que: {teams}", "en": "same list as: {teams}"},
    "desk.duplicates": {"es": "Listas repetidas (la misma huella en varios equipos)",
                        "en": "Repeated lists (one fingerprint, several teams)"},
    "desk.event-open": {"es": "El evento está abierto.", "en": "The event is open."},
    "desk.event-locked": {"es": "El evento está cerrado.", "en": "The event is locked."},
    "desk.lock": {"es": "Cerrar", "en": "Lock"},
    "desk.lock-list": {"es": "Cerrar su lista", "en": "Lock its list"},
    "desk.unlock-list": {"es": "Abrir su lista", "en": "Unlock its list"},
    "desk.lock-event": {"es": "Cerrar el evento", "en": "Lock the event"},
    # Closing is asked first, on a page of its own.
    "desk.confirm-lock-event": {"es": "¿Cerrar el evento?", "en": "Lock the event?"},
    "desk.confirm-lock-event-why": {
        "es": "Nadie podrá entregar ni cambiar su lista hasta que vuelvas a abrirlo. Si la publicación está "
              "activada, las listas se publican en cuanto se cierra.",
        "en": "No one will be able to hand in or change a list until you unlock it again. If publishing is on, "
              "the lists are published as soon as it is locked."},
    "desk.confirm-lock-event-yes": {"es": "Sí, cerrar el evento", "en": "Yes, lock the event"},
    "desk.confirm-lock-team": {"es": "¿Cerrar la lista de {team}?", "en": "Lock {team's} list?"},
    "desk.confirm-lock-team-why": {
        "es": "Ese equipo no podrá entregar versiones nuevas hasta que vuelvas a abrir su lista.",
        "en": "That team will not be able to hand in new versions until you unlock its list again."},
    "desk.confirm-lock-team-yes": {"es": "Sí, cerrar su lista", "en": "Yes, lock its list"},
    "desk.confirm-no": {"es": "No, volver al panel", "en": "No, back to the dashboard"},
    "desk.deadline-passed": {"es": "Las entregas están cerradas: el plazo terminó el {when}.",
                             "en": "Submissions are closed: the deadline passed on {when}."},
    "desk.new-deadline": {"es": "Nuevo plazo (hora del evento; vacío, sin plazo)",
                          "en": "New deadline (the event's time; empty, none)"},
    "desk.set-deadline": {"es": "Fijar el plazo", "en": "Set the deadline"},
    "desk.error.bad-deadline": {"es": "Ese plazo no es una fecha con hora.", "en": "That deadline is not a date with a time."},
    "desk.unlock": {"es": "Abrir", "en": "Unlock"},
    "desk.locked": {"es": "cerrada", "en": "locked"},
    "desk.approve": {"es": "Aprobar", "en": "Approve"},
    "desk.send-back": {"es": "Devolver", "en": "Send back"},
    "desk.note": {"es": "Nota para el jugador", "en": "Note for the player"},
    "desk.actions": {"es": "Acciones", "en": "Actions"},
    "desk.status": {"es": "Estado de tu lista", "en": "Your list's status"},
    "desk.status-link": {"es": "¿Ya entregaste? Mira el estado de tu lista y la nota de la organización",
                         "en": "Already handed in? See your list's status and the organiser's note"},
    "desk.status-intro": {"es": "Escribe el nombre del equipo y su código de edición.",
                          "en": "Give your team's name and its edit code."},
    "desk.status-look": {"es": "Ver el estado", "en": "See the status"},
    "desk.status-other": {"es": "Consultar otro equipo", "en": "Look up another team"},
    "desk.review-of": {"es": "de la versión {version}", "en": "of version {version}"},
    "desk.note-from": {"es": "Nota de la organización", "en": "The organiser's note"},
    "desk.can-resubmit": {"es": "Se puede entregar una versión nueva", "en": "A new version can be handed in"},
    "desk.yes": {"es": "sí", "en": "yes"},
    "desk.no": {"es": "no", "en": "no"},
    "desk.published": {"es": "Listas del evento", "en": "The event's lists"},
    "desk.back-to-lists": {"es": "Volver a las listas del evento", "en": "Back to the event's lists"},
    "desk.build-back-to-builder": {"es": "Ir a «Construye tu lista»", "en": "Go to \"Build your list\""},
    "desk.published-link": {"es": "Ver todas las listas del evento", "en": "See every list of the event"},
    "desk.error.desk-not-published": {"es": "Las listas se publican cuando el evento se cierra.",
                                      "en": "The lists are published once the event is locked."},
    "desk.error.desk-no-publishing": {"es": "La organización no publica las listas de este evento.",
                                      "en": "The organiser doesn't publish this event's lists."},
    "desk.publish-when-locked": {"es": "Las listas se publicarán en la página pública de listas al cerrar el evento.",
                                 "en": "The lists will be published on the public lists page once the event is closed."},
    "desk.not-publishing": {"es": "Las listas no se publican: solo las ve la organización.",
                            "en": "The lists are not published: only the organiser sees them."},
    "desk.publish": {"es": "Publicar las listas al cerrar", "en": "Publish the lists once closed"},
    "desk.unpublish": {"es": "Dejar de publicarlas", "en": "Stop publishing them"},
    "desk.back-to-teams": {"es": "← Todos los equipos", "en": "← Every team"},
    "desk.new-code": {"es": "Dar un código de edición nuevo", "en": "Issue a new edit code"},
    "desk.new-code-hint": {
        "es": "Para un equipo que perdió su código: el nuevo se muestra aquí una sola vez, y el anterior deja de "
              "valer al instante.",
        "en": "For a team that lost its code: the new one is shown here once, and the old one stops working at once.",
    },
    "desk.new-code-confirm": {"es": "Sí, el código anterior dejará de valer", "en": "Yes, the old code will stop working"},
    "desk.new-code-issued": {
        "es": "Código de edición nuevo: dáselo al equipo ahora, no se vuelve a mostrar. El anterior ya no vale.",
        "en": "The new edit code: give it to the team now, it is not shown again. The old one no longer works.",
    },
    "desk.code-changes": {"es": "Códigos de edición", "en": "Edit codes"},
    "desk.code-changed": {"es": "la organización dio un código nuevo; el anterior dejó de valer",
                          "en": "the organiser issued a new code; the old one stopped working"},
    "desk.error.desk-confirm-new-code": {
        "es": "Marca la casilla de confirmación para dar un código nuevo: el anterior dejará de valer.",
        "en": "Tick the confirmation box to issue a new code: the old one will stop working.",
    },
    "desk.versions": {"es": "Versiones", "en": "Versions"},
    "desk.files-sent": {"es": "Archivos entregados", "en": "Files handed in"},
    "desk.database-size": {"es": "Base de datos: {size} MiB", "en": "Database: {size} MiB"},
    "desk.versions-page": {"es": "Página {page} de {pages}", "en": "Page {page} of {pages}"},
    "desk.newer-versions": {"es": "← Más recientes", "en": "← Newer"},
    "desk.older-versions": {"es": "Más antiguas →", "en": "Older →"},
    "desk.print": {"es": "Descargar todas las hojas y cartas (PDF)", "en": "Download every sheet and cards (PDF)"},
    "desk.summary": {"es": "Descargar la hoja resumen (xlsx)", "en": "Download the summary sheet (xlsx)"},
    # The command line.
    "desk.starting": {"es": "Mesa del evento «{event}» en {url} (Ctrl+C para parar)",
                      "en": "Event desk for “{event}” at {url} (Ctrl+C to stop)"},
    "desk.players-url": {"es": "Jugadores: {url}", "en": "Players: {url}"},
    "desk.organiser-url": {"es": "Organización: {url}", "en": "Organiser: {url}"},
    "desk.token-from": {"es": "Clave de la organización: la de {source} (no se muestra)",
                        "en": "Organiser's token: the one in {source} (never shown)"},
    "desk.token-drawn": {"es": "Clave de la organización: sorteada y guardada en {file}, que solo puede leer su "
                               "dueño; léela ahí para entrar (seguirá valiendo en cada arranque)",
                         "en": "Organiser's token: drawn and written to {file}, readable by its owner alone; read "
                               "it there to log in (it stays the same at every start)"},
    "desk.token-file-failed": {
        "es": "No se puede leer ni escribir la clave de la organización en {file} ({error}): dásela a la mesa en "
              "la variable BUILDER_DESK_TOKEN o en otro archivo con --token-file.",
        "en": "The organiser's token can't be read or written in {file} ({error}): give it to the desk in the "
              "BUILDER_DESK_TOKEN variable or in another file with --token-file.",
    },
    "desk.token-file-open": {"es": "AVISO: otros usuarios pueden leer {file}, y con ella la clave: chmod 600 {file}",
                             "en": "WARNING: other users can read {file}, and the token in it: chmod 600 {file}"},
    "desk.token-on-command-line": {
        "es": "AVISO: la clave dada con --token la ve cualquier usuario de la máquina (ps); dásela a la mesa en "
              "{variable} o con --token-file.",
        "en": "WARNING: a token given with --token is seen by every user of the machine (ps); give it to the "
              "desk in {variable} or with --token-file.",
    },
    "desk.weak-token": {
        "es": "La clave de la organización es débil (vale como mucho {bits} bits; hacen falta {least}, como 22 "
              "caracteres al azar de letras, cifras, - y _, o 32 cifras hexadecimales). Quita la clave dada (--token, "
              "BUILDER_DESK_TOKEN, --token-file o la del pack) para que se sortee una, o arranca con --weak-token "
              "si de verdad la quieres así.",
        "en": "The organiser's token is weak (worth at most {bits} bits; {least} are needed, as 22 random "
              "characters of letters, digits, - and _, or 32 hexadecimal digits). Leave the given token out "
              "(--token, BUILDER_DESK_TOKEN, --token-file or the pack's) to have one drawn, or start with "
              "--weak-token if you really want this one.",
    },
    "desk.weak-token-warning": {
        "es": "AVISO: clave de la organización débil ({bits} bits como mucho), aceptada por --weak-token: "
              "cualquiera que la adivine entra en la mesa de la organización.",
        "en": "WARNING: a weak organiser's token (at most {bits} bits), accepted by --weak-token: whoever "
              "guesses it opens the organiser's desk.",
    },
    "desk.database": {"es": "Base de datos: {db}", "en": "Database: {db}"},
    "desk.needs-public-url": {
        "es": "Con --host {host} la mesa necesita saber a qué dirección responde, o cualquier nombre que apunte a "
              "este equipo (DNS rebinding) llegaría a ella: arranca con --public-url {url} (o la dirección con la "
              "que lleguen los jugadores), o pon public_url en el bloque event: del pack.",
        "en": "With --host {host} the desk needs to know the address it answers to, or any name pointing at this "
              "machine (DNS rebinding) would reach it: start it with --public-url {url} (or the address players "
              "reach it at), or set public_url in the pack's event: block.",
    },
    "desk.exposed": {
        "es": "AVISO: con --host {host} la mesa es accesible desde la red, para cualquiera que llegue a este "
              "equipo (la página de entrega, y la de la organización a quien tenga la clave).",
        "en": "WARNING: with --host {host} the desk is reachable from the network, by anyone who can reach this "
              "machine (the submission page, and the organiser's pages to whoever holds the token).",
    },
    "desk.exported": {"es": "{count} archivos escritos en {folder}", "en": "{count} files written to {folder}"},
    "desk.printing": {"es": "Imprimiendo", "en": "Printing"},
    "desk.printed": {"es": "{count} equipos impresos en {file}", "en": "{count} teams printed to {file}"},
    "desk.no-event": {"es": "La base de datos no tiene el evento «{event}».",
                      "en": "The database has no event “{event}”."},
}

messages.register(MESSAGES)
messages.register(BUILD_MESSAGES)
messages.register(LIST_MESSAGES)
messages.register(DAY_MESSAGES)
