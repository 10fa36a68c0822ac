"""The command line's own words, Spanish and English side by side: each command's help (its first
paragraph is its summary in ``builder --help``), each option's, the names of the values they take.
click's own words (``Uso:``, ``Opciones``…) are in its gettext catalog, ``locale/es``."""

from builder.core import messages

MESSAGES = {
    # What click shows around builder's words.
    "cli.options": {"es": "[OPCIONES]", "en": "[OPTIONS]"},
    "cli.command-metavar": {"es": "ORDEN [ARGUMENTOS]...", "en": "COMMAND [ARGS]..."},
    "cli.help-option": {"es": "Muestra esta ayuda y sale.", "en": "Show this message and exit."},
    "cli.version-option": {"es": "Muestra la versión y sale.", "en": "Show the version and exit."},
    "cli.version": {"es": "builder, versión {version}", "en": "builder, version {version}"},
    # The values options take, by type, unless an option names its own.
    "cli.value.path": {"es": "RUTA", "en": "PATH"},
    "cli.value.number": {"es": "NÚMERO", "en": "NUMBER"},
    "cli.value.date": {"es": "FECHA", "en": "DATE"},
    "cli.value.text": {"es": "TEXTO", "en": "TEXT"},
    "cli.value.database": {"es": "BASE_DE_DATOS", "en": "DATABASE"},
    "cli.value.address": {"es": "DIRECCIÓN", "en": "ADDRESS"},
    "cli.value.token": {"es": "CLAVE", "en": "TOKEN"},
    "cli.value.url": {"es": "URL", "en": "URL"},
    "cli.value.hours": {"es": "HORAS", "en": "HOURS"},
    "cli.value.seconds": {"es": "SEGUNDOS", "en": "SECONDS"},
    "cli.value.file": {"es": "ARCHIVO", "en": "FILE"},
    "cli.value.edition": {"es": "EDICIÓN", "en": "EDITION"},
    "cli.value.kind": {"es": "CLASE", "en": "KIND"},
    # The arguments, by their names.
    "cli.arg.paths": {"es": "RUTA", "en": "PATH"},
    "cli.arg.file": {"es": "ARCHIVO", "en": "FILE"},
    "cli.arg.folder": {"es": "CARPETA", "en": "FOLDER"},
    "cli.arg.outfolder": {"es": "CARPETA_SALIDA", "en": "OUTFOLDER"},
    "cli.arg.backup": {"es": "COPIA", "en": "BACKUP"},
    "cli.arg.url": {"es": "URL", "en": "URL"},
    "cli.arg.out": {"es": "SALIDA", "en": "OUT"},
    "cli.arg.pack": {"es": "PACK", "en": "PACK"},
    "cli.arg.fingerprint": {"es": "HUELLA", "en": "FINGERPRINT"},
    "cli.arg.system": {"es": "SISTEMA", "en": "SYSTEM"},
    "cli.arg.topic": {"es": "TEMA", "en": "TOPIC"},
    "cli.arg.game": {"es": "JUEGO", "en": "GAME"},
    "cli.arg.start": {"es": "DESDE", "en": "FROM"},
    "cli.arg.end": {"es": "HASTA", "en": "TO"},
    # Options several commands share.
    "cli.lang": {
        "es": "Idioma de los mensajes. Si no se da, el de BUILDER_LANG; si no, el del sistema (LC_ALL, LC_MESSAGES "
              "o LANG; en_… es inglés); si no, español.",
        "en": "Message language. If not given, BUILDER_LANG's; else the system's (LC_ALL, LC_MESSAGES or LANG; "
              "en_… is English); else Spanish.",
    },
    "cli.format": {"es": "Formato de la salida.", "en": "Output format."},
    # The commands.
    "cli.builder": {"es": "builder: listas y plantillas para wargames españoles.",
                    "en": "builder: list builder for Spanish wargames."},
    "cli.catalog": {
        "es": "Los nombres que puede usar una lista de SISTEMA (razas, competencias…), por TEMA.\n\n"
              "Primero dice la edición de sus catálogos con la que se muestran (nombre, fecha y huella de su "
              "contenido) y las demás instaladas; --edition muestra otra.\n\n"
              "diff JUEGO DESDE HASTA: lo que cambió de una edición a otra.",
        "en": "The names a roster of SYSTEM may use (races, competencies…), by TOPIC.\n\n"
              "First it names the edition of its catalogs they are shown from (name, date and content hash) "
              "and the others installed; --edition shows another.\n\n"
              "diff GAME FROM TO: what changed from one edition to another.",
    },
    "cli.catalog.edition": {"es": "La edición de los catálogos que mostrar (si no se da, la más reciente).",
                            "en": "The catalogs' edition to show (if not given, the newest)."},
    "cli.catalog.diff": {
        "es": "Lo que cambió de la edición DESDE a la HASTA de los catálogos de JUEGO.\n\n"
              "Archivos, entradas añadidas y quitadas (razas, competencias…), costes y límites, una línea por "
              "cambio; los comentarios no cuentan.",
        "en": "What changed from edition FROM to edition TO of GAME's catalogs.\n\n"
              "Files, entries added and removed (races, competencies…), costs and limits, one line per change; "
              "comments do not count.",
    },
    "cli.check": {
        "es": "Comprueba la legalidad de cada lista.\n\n"
              "Una RUTA puede ser una carpeta: se comprueba cada *.yaml y *.yml que contenga, en orden.\n"
              "Salida: 0 todas legales, 1 alguna ilegal, 2 alguna ilegible, 3 un error interno.",
        "en": "Check that each roster is legal.\n\n"
              "A PATH may be a folder: every *.yaml and *.yml in it is checked, sorted.\n"
              "Exit: 0 all legal, 1 any illegal, 2 any unreadable, 3 an internal error.",
    },
    "cli.check.pack": {"es": "Pack del evento: sus restricciones mandan.",
                       "en": "The event's pack: its restrictions win."},
    "cli.check.summary": {"es": "Hoja resumen del evento que escribir (.xlsx).",
                          "en": "The event's summary spreadsheet to write (.xlsx)."},
    "cli.check.edition": {"es": "Comprueba cada lista también con esta edición de los catálogos de su juego y dice "
                                "qué listas cambian de puntos o de legalidad (builder catalog JUEGO muestra las "
                                "ediciones instaladas).",
                          "en": "Also check every list under this edition of its game's catalogs, and say which lists "
                                "change their points or legality (builder catalog GAME shows the editions installed)."},
    "cli.check.jobs": {"es": "Procesos que comprueban listas a la vez, para muchas listas.",
                       "en": "Processes checking lists at once, for many lists."},
    "cli.export": {
        "es": "Exporta una lista comprobada (hoja de cálculo, PDF, texto).\n\n"
              "Una lista ilegal no se exporta (salida 1) salvo con --draft.",
        "en": "Export a checked roster (spreadsheet, PDF, text).\n\n"
              "An illegal roster is not exported (exit 1) unless --draft is given.",
    },
    "cli.export.xlsx": {"es": "Hoja de cálculo que escribir (.xlsx).", "en": "Spreadsheet to write (.xlsx)."},
    "cli.export.pdf": {"es": "Hoja de equipo y cartas que escribir en PDF.",
                       "en": "Team sheet and cards to write as PDF."},
    "cli.export.paper": {"es": "Papel del PDF.", "en": "The PDF's paper size."},
    "cli.export.text": {"es": "La lista en texto plano, para foros y chats.",
                        "en": "The list as plain text, for forums and chats."},
    "cli.export.draft": {"es": "Exportar aunque no sea legal, marcada como borrador.",
                         "en": "Export an illegal roster too, marked as a draft."},
    "cli.game.pack": {"es": "Pack del evento: el archivo y sus listas se comprueban con su edición y sus reglas de "
                            "la casa.",
                      "en": "The event's pack: the file and its lists are checked under its edition and house rules."},
    "cli.export.pack": {"es": "Pack del evento: la lista se comprueba e imprime con sus reglas.",
                        "en": "The event's pack: the roster is checked and printed under its rules."},
    "cli.inspect": {"es": "Muestra la lista resuelta, con cada valor derivado.",
                    "en": "Show the resolved roster, with every derived value."},
    "cli.new": {"es": "Una lista comentada de SISTEMA para empezar (u otra clase de archivo, con --kind).",
                "en": "A commented roster of SYSTEM to start from (or another kind of file, with --kind)."},
    "cli.new.kind": {"es": "Qué empezar: roster, una lista (por defecto), u otra clase de archivo del juego (warbook: un Warbook aparte).",
                     "en": "What to start: roster, a list (the default), or another kind of file the game has (warbook: a Warbook of its own)."},
    "cli.new.output": {"es": "Archivo nuevo que escribir (nunca sobrescribe uno que ya exista).",
                       "en": "New file to write (one that exists is never overwritten)."},
    "cli.schema": {"es": "El JSON Schema de los archivos de SISTEMA, para editores («pack»: el de un pack de evento).",
                   "en": "The JSON Schema of SYSTEM's files, for editors ('pack': an event pack's)."},
    "cli.serve": {
        "es": "Edita las listas de CARPETA en el navegador.\n\n"
              "Escucha solo en 127.0.0.1; la página comprueba cada lista mientras escribes.",
        "en": "Edit FOLDER's rosters in the browser.\n\n"
              "Listens on 127.0.0.1 only; the page checks each roster as you type.",
    },
    "cli.serve.port": {"es": "Puerto local.", "en": "Local port."},
    "cli.serve.no-browser": {"es": "No abrir el navegador.", "en": "Don't open the browser."},
    "cli.serve.pack": {"es": "Pack del evento: cada lista se comprueba con él.",
                       "en": "The event's pack: every roster is checked under it."},
    "cli.systems": {"es": "Los sistemas de juego disponibles y sus catálogos.",
                    "en": "The supported game systems and their catalogs."},
    "cli.verify": {
        "es": "Comprueba que un papel impreso es este ARCHIVO.\n\n"
              "Dice también si la lista es legal (según el pack del evento, con --pack).\n"
              "Salida: 0 si HUELLA es la del archivo, 1 si no, 2 si el archivo no se puede leer.",
        "en": "Check that a printed sheet is this FILE.\n\n"
              "Says whether the list is legal too (under the event's pack, with --pack).\n"
              "Exit: 0 when FINGERPRINT is the file's, 1 when not, 2 when the file can't be read.",
    },
    "cli.verify.edition": {"es": "Edición de los catálogos con la que comprobar (por defecto, la de la lista o "
                                 "la más nueva).",
                           "en": "The edition of the catalogs to check under (by default, the list's own or the "
                                 "newest)."},
    "cli.verify.pack": {"es": "Pack del evento con el que juzgar la legalidad.",
                        "en": "The event's pack to judge legality by."},
    "cli.host": {
        "es": "Sirve el constructor de listas de todos los juegos, para cualquiera.\n\n"
              "Sin evento ni base de datos: cada lista se guarda en el navegador de su jugador y el servidor "
              "no guarda nada de ella.",
        "en": "Serve the list builder of every game, for anyone.\n\n"
              "Without an event or a database: each list is kept in its player's browser and the server keeps "
              "nothing of it.",
    },
    "cli.host.public-url": {
        "es": "Dirección con la que llegan los jugadores, como la escriben en el navegador: el constructor solo "
              "atiende peticiones dirigidas a ella (sin ella, solo la dirección en la que escucha).",
        "en": "The address players reach the builder at, as typed in a browser: it only answers requests "
              "addressed to it (without it, only the address it listens on).",
    },
    "cli.host.clicks-per-minute": {
        "es": "Clics por minuto que admite cada proceso de una misma dirección (los móviles de un local comparten una).",
        "en": "Clicks a minute each process takes from one address (a venue's phones share one).",
    },
    "cli.host.pdfs-per-minute": {
        "es": "PDF por minuto que admite cada proceso de una misma dirección.",
        "en": "PDFs a minute each process takes from one address.",
    },
    "cli.event": {"es": "La mesa del evento: entrega y revisión de listas.",
                  "en": "The event desk: lists submitted and reviewed."},
    "cli.event.serve": {
        "es": "Sirve la mesa del evento de PACK.\n\n"
              "Muestra la dirección de los jugadores y la de la organización, y dónde está su clave (nunca la clave).",
        "en": "Serve PACK's event desk.\n\n"
              "Prints the players' address and the organiser's, and where the token is (never the token).",
    },
    "cli.event.export": {
        "es": "Escribe la última versión de cada equipo en CARPETA_SALIDA.\n\n"
              "Una carpeta por equipo, con sus archivos tal como se enviaron: "
              "«builder check CARPETA_SALIDA/* --pack PACK» los comprueba.",
        "en": "Write each team's latest version to OUTFOLDER.\n\n"
              "A folder per team, its files as sent: 'builder check OUTFOLDER/* --pack PACK' checks them.",
    },
    "cli.event.export-json": {
        "es": "Escribe en CARPETA_SALIDA, en vez de una carpeta, el evento entero como un archivo JSON: los equipos "
              "con su última lista (sus archivos tal como se enviaron), las rondas, los resultados y la "
              "clasificación. La guía de la organización describe cada campo.",
        "en": "Write the whole event to OUTFOLDER as one JSON file instead of a folder: the teams with their latest "
              "list (its files as sent), the rounds, the results and the standings. The organisers' guide "
              "describes every field.",
    },
    "cli.event.db": {"es": "Base de datos: un archivo SQLite o una URL (si no, <pack>.sqlite junto al pack).",
                     "en": "Database: a SQLite file or a URL (else <pack>.sqlite beside the pack)."},
    "cli.event.host": {"es": "Dirección en la que escucha (0.0.0.0: toda la red).",
                       "en": "Address to listen on (0.0.0.0: the whole network)."},
    "cli.event.port": {"es": "Puerto.", "en": "Port."},
    "cli.event.token": {"es": "Clave de la organización; mejor en el entorno (BUILDER_DESK_TOKEN) o con --token-file: "
                              "en la línea de órdenes la ve cualquier usuario de la máquina. Sin ninguna, una "
                              "sorteada en el primer arranque y guardada junto a la base de datos.",
                        "en": "The organiser's token; better in the environment (BUILDER_DESK_TOKEN) or with "
                              "--token-file: on the command line any user of the machine sees it. With none, one "
                              "drawn at the first start and kept beside the database."},
    "cli.event.token-file": {"es": "Archivo con la clave de la organización (su primera línea); si no existe, se "
                                   "sortea una y se escribe en él, legible solo por su dueño.",
                             "en": "A file holding the organiser's token (its first line); if it doesn't exist, one "
                                   "is drawn and written to it, readable by its owner alone."},
    "cli.event.deadline": {"es": "Cierre de las entregas, en hora local (AAAA-MM-DDTHH:MM).",
                           "en": "When submissions close, in local time (YYYY-MM-DDTHH:MM)."},
    "cli.event.bad-deadline": {"es": "«{value}» no es una fecha con hora: escríbela como 2026-12-05T10:00",
                               "en": "“{value}” is not a date with a time: write it as 2026-12-05T10:00"},
    "cli.event.publish": {"es": "Mostrar todas las listas a todos al cerrar el evento (sin esta opción, lo que "
                                "diga el pack).",
                          "en": "Show every list to everyone once the event is locked (without it, as the "
                                "pack says)."},
    "cli.event.rate": {"es": "Envíos por minuto que admiten todos los procesos juntos de una misma dirección.",
                       "en": "Posts a minute all processes together take from one address."},
    "cli.event.clicks-per-minute": {
        "es": "Clics del constructor por minuto que admiten todos los procesos juntos de una misma dirección "
              "(los móviles de un local comparten una).",
        "en": "Builder clicks a minute all processes together take from one address (a venue's phones share one)."},
    "cli.event.pdfs-per-minute": {
        "es": "PDF del constructor por minuto que admiten todos los procesos juntos de una misma dirección "
              "(los móviles de un local comparten una).",
        "en": "Builder PDFs a minute all processes together take from one address (a venue's phones share one)."},
    "cli.event.workers": {"es": "Procesos que atienden a la vez.", "en": "Server processes answering at once."},
    "cli.event.public-url": {
        "es": "Dirección con la que llegan los jugadores, como la escriben en el navegador: la mesa solo atiende "
              "peticiones dirigidas a ella (si no se da, la del pack; sin ninguna, solo la dirección en la que "
              "escucha).",
        "en": "The address players reach the desk at, as typed in a browser: the desk only answers requests "
              "addressed to it (without it, the pack's; with neither, only the address it listens on).",
    },
    "cli.event.trusted-proxy": {
        "es": "Dirección (o red) de un intermediario de confianza: solo de él se cree la dirección del cliente y el "
              "esquema que reenvía. Se puede repetir.",
        "en": "Address (or network) of a trusted proxy: only from it are the client's address and the scheme "
              "it forwards believed. May be repeated.",
    },
    "cli.event.connections-per-address": {
        "es": "Conexiones abiertas a la vez desde una misma dirección, sumando todos los procesos.",
        "en": "Connections open at once from one address, over all the processes.",
    },
    "cli.event.header-timeout": {"es": "Segundos para recibir la cabecera de una petición.",
                                 "en": "Seconds for a request's head to arrive."},
    "cli.event.body-timeout": {"es": "Segundos de espera por cada trozo del cuerpo de una petición.",
                               "en": "Seconds to wait for each piece of a request's body."},
    "cli.event.client-rate": {"es": "Bytes por segundo a los que se leen las peticiones de un cliente, gastada su ráfaga.",
                              "en": "Bytes a second one client's requests are read at, once its burst is spent."},
    "cli.event.bad-public-url": {
        "es": "«{value}» no es la dirección http(s) de un servidor sin ruta, como https://torneo.example",
        "en": "“{value}” is not the http(s) address of a server with no path, such as https://torneo.example",
    },
    "cli.event.bad-proxy": {"es": "«{value}» no es una dirección IP ni una red",
                            "en": "“{value}” is not an IP address or network"},
    "cli.event.weak-token": {"es": "Aceptar una clave de la organización débil (menos que 22 caracteres al azar), "
                                   "con un aviso.",
                             "en": "Accept a weak organiser's token (less than 22 random characters), with a warning."},
    "cli.event.session-hours": {"es": "Horas que dura la sesión de la organización desde que entra.",
                                "en": "Hours the organiser's session lasts from the login."},
    "cli.event.print": {
        "es": "Imprime en SALIDA la hoja y las cartas de cada equipo.\n\n"
              "Una portada enumera los equipos; cada página lleva al pie la huella de su lista, para "
              "«builder verify».",
        "en": "Print every team's sheet and cards to OUT.\n\n"
              "A cover lists the teams; every page is footed with its list's fingerprint, for 'builder verify'.",
    },
    "cli.event.jobs": {"es": "Procesos que imprimen a la vez (si no se da, uno por núcleo).",
                       "en": "Processes printing at once (if not given, one per core)."},
    "cli.event.health": {
        "es": "Dice si la mesa en URL responde (su /healthz: su base de datos contesta); sale con 0 si sí y con 1 "
              "si no.",
        "en": "Say whether the desk at URL answers (its /healthz: its database answers); exit 0 if so, 1 if not."},
    "cli.event.health-wait": {"es": "Segundos que se sigue preguntando hasta que responda.",
                              "en": "Seconds to keep asking until it answers."},
    "cli.event.bad-health-url": {"es": "«{value}» no es una dirección http:// ni https://",
                                 "en": "“{value}” is not an http:// or https:// address"},
    "cli.event.healthy": {"es": "La mesa de {url} responde.", "en": "The desk at {url} answers."},
    "cli.event.unhealthy": {"es": "La mesa de {url} no responde ({reason}).",
                            "en": "The desk at {url} doesn't answer ({reason})."},
    "cli.event.backup": {
        "es": "Copia en SALIDA la base de datos del evento del PACK, también mientras la mesa atiende.\n\n"
              "La base de datos es la de las demás órdenes de builder event: --db, o si no <pack>.sqlite junto al "
              "pack. SQLite con su copia en línea (una copia coherente, sin parar las mesas); PostgreSQL con "
              "pg_dump. Nunca escribe sobre un archivo que ya exista.",
        "en": "Copy the database of the PACK's event to OUT, also while the desk runs.\n\n"
              "The database is the one every command of builder event takes: --db, else <pack>.sqlite beside the "
              "pack. SQLite by its online backup (one consistent copy, the desks left running); PostgreSQL by "
              "pg_dump. It never writes over a file that exists."},
    "cli.event.restore": {
        "es": "Restaura la COPIA como base de datos del evento del PACK (con las mesas paradas).\n\n"
              "La base de datos es la de las demás órdenes de builder event: --db, o si no <pack>.sqlite junto al "
              "pack. No escribe sobre una mesa que ya tenga datos sin --replace, ni restaura la copia de un "
              "builder más nuevo.",
        "en": "Restore BACKUP as the database of the PACK's event (with the desks stopped).\n\n"
              "The database is the one every command of builder event takes: --db, else <pack>.sqlite beside the "
              "pack. It writes over a desk that holds data only with --replace, and never restores a newer "
              "builder's backup."},
    "cli.event.pack-and-file": {
        "es": "Falta un argumento: primero el PACK del evento (su base de datos, junto a él o con --db), luego el "
              "archivo: builder event backup PACK SALIDA, builder event restore PACK COPIA.",
        "en": "An argument is missing: first the event's PACK (its database beside it, or --db), then the file: "
              "builder event backup PACK OUT, builder event restore PACK BACKUP."},
    "cli.event.replace": {"es": "Sustituir la base de datos que ya hay por la copia.",
                          "en": "Replace the database that is there with the backup."},
    "cli.event.backup-written": {"es": "Copia de {db} (esquema {version}) escrita en {file}",
                                 "en": "Backup of {db} (schema {version}) written to {file}"},
    "cli.event.restored": {"es": "Copia {file} (esquema {version}) restaurada en {db}",
                           "en": "Backup {file} (schema {version}) restored into {db}"},
    # `builder catalog`'s output: the editions, and a change from one to another in words.
    "catalog.edition": {"es": "Edición {edition} ({date}) · sha256 {hash}",
                        "en": "Edition {edition} ({date}) · sha256 {hash}"},
    "catalog.other-editions": {"es": "Otras ediciones instaladas: {editions}",
                               "en": "Other editions installed: {editions}"},
    "catalog.edition-named": {"es": "{edition} ({date})", "en": "{edition} ({date})"},
    "catalog.edition-default": {"es": "{edition} ({date}, la de por defecto)",
                                "en": "{edition} ({date}, the default)"},
    "catalog.diff.heading": {"es": "{game}: de la edición {start} a la {end}",
                             "en": "{game}: from edition {start} to {end}"},
    "catalog.diff.same": {"es": "{game}: las ediciones {start} y {end} tienen los mismos datos",
                          "en": "{game}: editions {start} and {end} hold the same data"},
    "catalog.diff.file-added": {"es": "se añade el archivo {file}", "en": "file {file} added"},
    "catalog.diff.file-removed": {"es": "se quita el archivo {file}", "en": "file {file} removed"},
    "catalog.diff.added": {"es": "se añade {what}", "en": "{what} added"},
    "catalog.diff.removed": {"es": "se quita {what}", "en": "{what} removed"},
    "catalog.diff.order": {"es": "el orden pasa de {before} a {after}", "en": "the order goes from {before} to {after}"},
    "catalog.diff.value": {"es": "valor {number}", "en": "value {number}"},
    "catalog.diff.item": {"es": "n.º {number}", "en": "no. {number}"},
}

messages.register(MESSAGES)
