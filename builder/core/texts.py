"""The core's messages (reading files, writing outputs, reports, spreadsheets and cards shared
by every system), Spanish and English side by side. Each system keeps its own table in its
plugin's ``messages.py``; :mod:`builder.core.messages` joins them all before the first lookup."""

MESSAGES: dict[str, dict[str, str]] = {
    # Unreadable input (exit 2).
    "file-not-found": {"es": "no existe el archivo", "en": "no such file"},
    "port-in-use": {"es": "ese puerto ya está en uso (¿otra mesa o página en marcha?); elige otro con --port",
                    "en": "that port is already in use (another desk or page running?); choose another with --port"},
    "file-is-folder": {"es": "es una carpeta, no un archivo", "en": "is a folder, not a file"},
    "empty-folder": {
        "es": "la carpeta no contiene listas (archivos .yaml o .yml)",
        "en": "the folder holds no rosters (.yaml or .yml files)",
    },
    "file-unreadable": {"es": "no se puede leer el archivo ({reason})", "en": "cannot read the file ({reason})"},
    "file-too-large": {
        "es": "el archivo ocupa {size} bytes; una lista no puede pasar de {limit} bytes",
        "en": "the file is {size} bytes; a roster may not exceed {limit} bytes",
    },
    "invalid-encoding": {
        "es": "el archivo no está en UTF-8; guárdalo con codificación UTF-8",
        "en": "the file is not UTF-8; save it with UTF-8 encoding",
    },
    # Why the system refused a file, for file-unreadable and output-unwritable.
    "os.denied": {"es": "permiso denegado", "en": "permission denied"},
    "os.no-space": {"es": "no queda espacio en el disco", "en": "no space left on the disk"},
    "os.read-only": {"es": "el disco es de solo lectura", "en": "the disk is read-only"},
    "os.name-too-long": {"es": "el nombre es demasiado largo", "en": "the name is too long"},
    "os.is-folder": {"es": "es una carpeta", "en": "it is a folder"},
    "os.not-folder": {"es": "una parte de la ruta no es una carpeta", "en": "part of the path is not a folder"},
    "os.link-loop": {"es": "enlaces simbólicos en bucle", "en": "symbolic links in a loop"},
    "os.io": {"es": "error de entrada/salida del disco", "en": "disk input/output error"},
    "os.missing": {"es": "no existe", "en": "it does not exist"},
    "os.not-regular": {"es": "no es un archivo normal (¿una tubería o un dispositivo?)",
                       "en": "it is not a regular file (a pipe or a device?)"},
    "os.other": {"es": "error del sistema {code}", "en": "system error {code}"},
    "invalid-yaml": {"es": "YAML no válido: {problem}", "en": "invalid YAML: {problem}"},
    "empty-file": {"es": "el archivo está vacío", "en": "the file is empty"},
    # What the YAML parser found, for invalid-yaml.
    "yaml.mapping-values": {"es": "aquí no cabe «clave: valor» (¿falta un espacio tras los dos puntos, o sobra uno?)",
                            "en": "a “key: value” can't go here (a missing space after the colon, or one too many?)"},
    "yaml.expected-colon": {"es": "falta «:» tras una clave", "en": "a “:” is missing after a key"},
    "yaml.expected-key": {"es": "se esperaba una clave (revisa la sangría)", "en": "a key was expected (check the indentation)"},
    "yaml.expected-content": {"es": "falta un valor o sobra un signo", "en": "a value is missing or a sign is out of place"},
    "yaml.expected-comma": {"es": "falta «,» o el cierre «]»/«}}»", "en": "a “,” or the closing “]”/“}}” is missing"},
    "yaml.bad-start": {"es": "un carácter que no puede empezar un valor (¿un tabulador? usa espacios)",
                       "en": "a character that can't start a value (a tab? use spaces)"},
    "yaml.control-character": {"es": "el archivo contiene caracteres de control, no es texto", "en": "the file holds control characters; it isn't text"},
    "yaml.end-of-stream": {"es": "el archivo se acaba a mitad de un valor (¿unas comillas sin cerrar?)",
                           "en": "the file ends in the middle of a value (an unclosed quote?)"},
    "yaml.bad-escape": {"es": "un escape «\\» desconocido entre comillas dobles", "en": "an unknown “\\” escape inside double quotes"},
    "yaml.bad-indentation": {"es": "la sangría no cuadra", "en": "the indentation doesn't line up"},
    "yaml.several-documents": {"es": "hay más de un documento YAML (---); una lista es un solo documento",
                               "en": "there is more than one YAML document (---); a roster is a single document"},
    "yaml.early-alias": {"es": "un alias (*) usado antes de que su ancla (&) termine", "en": "an alias (*) used before its anchor (&) ends"},
    "yaml.bad-merge": {"es": "«<<» solo puede fusionar mapas", "en": "“<<” can only merge mappings"},
    "yaml.bad-date": {"es": "«{value}» parece una fecha pero no existe; si es un nombre, escríbelo entre comillas",
                      "en": "“{value}” looks like a date but there is no such date; if it is a name, put it in quotes"},
    "yaml.huge-number": {"es": "el número «{value}» es demasiado largo", "en": "the number “{value}” is far too long"},
    "yaml.bad-number": {"es": "el número «{value}» no se puede leer", "en": "the number “{value}” can't be read"},
    "yaml.bad-value": {"es": "el valor «{value}» no se puede leer; si es un texto, escríbelo entre comillas",
                       "en": "the value “{value}” can't be read; if it is text, put it in quotes"},
    "yaml.undefined-alias": {"es": "un alias (*) sin su ancla (&)", "en": "an alias (*) without its anchor (&)"},
    "yaml.duplicate-anchor": {"es": "un ancla (&) repetida", "en": "an anchor (&) used twice"},
    "yaml.bad-anchor": {"es": "un ancla (&) o alias (*) sin nombre válido", "en": "an anchor (&) or alias (*) without a valid name"},
    "yaml.expected-line-break": {"es": "sobra texto tras el valor (¿unas comillas cerradas antes de tiempo?)",
                                 "en": "there is text after the value (a quote closed too early?)"},
    "yaml.sequence-here": {"es": "aquí no cabe un elemento de lista «- …» (revisa la sangría)",
                           "en": "a list item “- …” can't go here (check the indentation)"},
    "yaml.other": {"es": "el texto no sigue la sintaxis de YAML", "en": "the text doesn't follow YAML's syntax"},
    "yaml.unknown-tag": {"es": "una etiqueta «!» desconocida", "en": "an unknown “!” tag"},
    "duplicate-key": {
        "es": "la clave «{key}» está repetida (ya aparece en la línea {first})",
        "en": "the key “{key}” is repeated (it is already on line {first})",
    },
    "complex-key": {"es": "una clave debe ser un texto sencillo", "en": "a key must be plain text"},
    "too-deep": {
        "es": "el documento anida más de {limit} niveles; una lista nunca necesita tantos",
        "en": "the document nests more than {limit} levels; no roster needs that many",
    },
    "too-many-nodes": {
        "es": "el documento se expande a más de {limit} valores (¿alias en cadena?)",
        "en": "the document expands to more than {limit} values (chained aliases?)",
    },
    "not-a-mapping": {
        "es": "el documento debe ser un mapa de claves (system, name, ...), no {found}",
        "en": "the document must be a mapping of keys (system, name, ...), not {found}",
    },
    "found.list": {"es": "una lista", "en": "a list"},
    "found.scalar": {"es": "un valor suelto", "en": "a single value"},
    "found.null": {"es": "un documento nulo", "en": "a null document"},
    "missing-system": {
        "es": "falta la clave «system»; los sistemas conocidos son: {known}",
        "en": "the “system” key is missing; the known systems are: {known}",
    },
    "unknown-system": {
        "es": "sistema desconocido «{system}»; los sistemas conocidos son: {known}",
        "en": "unknown system “{system}”; the known systems are: {known}",
    },
    "reference-outside-folder": {
        "es": "«{target}» está fuera de los archivos que la lista puede usar: los de su carpeta, o los que van con ella en una entrega",
        "en": "“{target}” is outside the files the roster may use: those in its folder, or those sent with it",
    },
    "reference-loop": {
        "es": "«{target}» se remite a sí mismo en cadena: {chain}",
        "en": "“{target}” refers back to itself: {chain}",
    },
    "referenced-from": {"es": "(referido desde {where})", "en": "(referred to from {where})"},
    # A bug in builder (exit 3): never the player's fault.
    "internal-error": {
        "es": "error interno de builder al procesar este archivo ({error})",
        "en": "builder hit an internal error while handling this file ({error})",
    },
    # Writing outputs (exit 2).
    "output-is-input": {
        "es": "la salida es el mismo archivo que la entrada; elige otro nombre",
        "en": "the output is the input file itself; choose another name",
    },
    "output-twice": {
        "es": "--xlsx y --pdf no pueden escribir el mismo archivo",
        "en": "--xlsx and --pdf can't write the same file",
    },
    "output-is-folder": {"es": "la salida es una carpeta; indica un archivo", "en": "the output is a folder; give a file"},
    "output-folder-missing": {
        "es": "la carpeta «{folder}» no existe",
        "en": "the folder “{folder}” does not exist",
    },
    "output-exists": {
        "es": "el archivo ya existe; elige otro nombre (builder nunca sobrescribe un archivo)",
        "en": "the file already exists; choose another name (builder never overwrites a file)",
    },
    "unknown-kind": {
        "es": "«{system}» no empieza archivos de la clase «{kind}»; elige una de: {known}",
        "en": "“{system}” starts no file of the kind “{kind}”; choose one of: {known}",
    },
    "unknown-topic": {
        "es": "no hay catálogo «{topic}» para este sistema; elige uno de: {known}",
        "en": "there is no catalog “{topic}” for this system; choose one of: {known}",
    },
    "output-unwritable": {"es": "no se puede escribir ({reason})", "en": "cannot be written ({reason})"},
    "invalid-pack": {
        "es": "el pack del evento no es válido: {problems}",
        "en": "the event pack is not valid: {problems}",
    },
    "invalid-event-setting.block": {
        "es": "«event» debe ser un bloque de claves (deadline, token, publish, versions_per_team, bytes_per_team, public_url)",
        "en": "“event” must be a block of keys (deadline, token, publish, versions_per_team, bytes_per_team, public_url)",
    },
    "invalid-event-setting.key": {
        "es": "«event» no tiene la clave «{key}» (tiene deadline, token, publish, versions_per_team, bytes_per_team y public_url)",
        "en": "“event” has no key “{key}” (it has deadline, token, publish, versions_per_team, bytes_per_team and public_url)",
    },
    "invalid-event-setting.deadline": {
        "es": "«deadline» debe ser una fecha con hora, como 2026-12-01 20:00 (hora local) o 2026-12-01T20:00+01:00",
        "en": "“deadline” must be a date with a time, such as 2026-12-01 20:00 (local time) or 2026-12-01T20:00+01:00",
    },
    "invalid-event-setting.token": {"es": "«token» debe ser un texto de {least} a {most} caracteres, sin espacios",
                                    "en": "“token” must be a text of {least} to {most} characters, with no spaces"},
    "invalid-event-setting.publish": {"es": "«publish» debe ser true o false", "en": "“publish” must be true or false"},
    "invalid-event-setting.bound": {"es": "«{key}» debe ser un número entero de {least} a {most}",
                                    "en": "“{key}” must be a whole number from {least} to {most}"},
    "invalid-event-setting.public_url": {
        "es": "«public_url» debe ser la dirección http(s) de un servidor sin ruta, como https://torneo.example",
        "en": "“public_url” must be the http(s) address of a server with no path, such as https://torneo.example",
    },
    "no-pack-for-system": {
        "es": "un pack de evento no puede fijar nada para {system}",
        "en": "an event pack can set nothing for {system}",
    },
    # Events.
    "repeated-list": {
        "es": "es la misma lista que {files} (la misma huella): ¿la han enviado dos equipos, o dos veces?",
        "en": "this is the same list as {files} (the same fingerprint): sent by two teams, or twice?",
    },
    "player-with-two-lists": {
        "es": "«{player}» también envió {files}: un jugador juega con una sola lista",
        "en": "“{player}” also sent {files}: a player plays with one list",
    },
    "wrong-system": {
        "es": "es una lista de {system} y el pack «{pack}» es de {expected}",
        "en": "this is a {system} list and the pack “{pack}” is for {expected}",
    },
    "lineup-size": {
        "es": "la alineación tiene {runners} corredores y el evento pide {size} ({source})",
        "en": "the lineup has {runners} runners and the event asks for {size} ({source})",
    },
    "lineup-size.teams": {
        "es": "la alineación tiene {runners} corredores y los demás equipos del evento alinean {size}",
        "en": "the lineup has {runners} runners and the event's other teams line up {size}",
    },
    # Shared rule codes.
    "invalid-field": {"es": "{detail}", "en": "{detail}"},
    "value-out-of-range": {
        "es": "«{field}» vale {value}; {bound}",
        "en": "“{field}” is {value}; {bound}",
    },
    "over-points-limit": {
        "es": "la lista suma {points} puntos y el límite es {limit}",
        "en": "the list adds up to {points} points and the limit is {limit}",
    },
    "duplicate-name": {
        "es": "el nombre «{name}» ya lo usa {first}",
        "en": "the name “{name}” is already used by {first}",
    },
    # "the runner “A” (file:3)": what a name is already used by; the kind comes from a system.
    "kind.any-short": {"es": "{kind} «{name}»", "en": "{kind} “{name}”"},
    "kind.any": {"es": "{kind} «{name}» ({where})", "en": "{kind} “{name}” ({where})"},
    # A place in the event's pack (the organiser's file): its path on the command line, words on a page.
    "word.event-place": {"es": "{where}", "en": "{where}"},
    "word.event-rule": {"es": "regla del evento", "en": "the event's rule"},
    "word.by-event": {"es": "{detail} (regla del evento)", "en": "{detail} (the event's rule)"},
    "placeholder-value": {
        "es": "«{value}» es el nombre de ejemplo de la lista inicial: ponle a la lista el suyo",
        "en": "“{value}” is the starting roster's example name: give the roster its own",
    },
    "placeholder-value.player": {
        "es": "«{value}» es el texto de ejemplo de la lista inicial, no un nombre: escribe el del jugador o borra "
              "la línea (mientras tanto no se imprime)",
        "en": "“{value}” is the starting roster's example text, not a name: write the player's or delete the "
              "line (until then it isn't printed)",
    },
    "unknown-reference": {
        "es": "«{name}» no está entre {kinds}",
        "en": "“{name}” is not among {kinds}",
    },
    "unknown-reference.elsewhere": {
        "es": "«{name}» no está entre {kinds}: es {other}",
        "en": "“{name}” is not among {kinds}: it is {other}",
    },
    # Appended to a message when a close match exists.
    "hint": {"es": "; ¿quisiste decir «{hint}»?", "en": "; did you mean “{hint}”?"},
    # Appended to a reference to a missing name: the names there are («los que hay»).
    "hint.known": {"es": " (hay: {known})", "en": " (there are: {known})"},
    # Details of invalid-field, by pydantic error type.
    "invalid-field.missing": {"es": "falta la clave obligatoria «{key}»", "en": "the required key “{key}” is missing"},
    "invalid-field.extra_forbidden": {"es": "clave desconocida «{key}»", "en": "unknown key “{key}”"},
    "invalid-field.string_type": {"es": "se esperaba un texto y hay {value}", "en": "expected text, found {value}"},
    "invalid-field.string_type+quote": {
        "es": "se esperaba un texto y hay {value}; escríbelo entre comillas",
        "en": "expected text, found {value}; put it in quotes",
    },
    "invalid-field.int_type": {"es": "se esperaba un número entero y hay {value}", "en": "expected a whole number, found {value}"},
    "invalid-field.int_from_float": {"es": "se esperaba un número entero y hay {value}", "en": "expected a whole number, found {value}"},
    "invalid-field.float_type": {"es": "se esperaba un número y hay {value}", "en": "expected a number, found {value}"},
    "invalid-field.finite_number": {"es": "se esperaba un número finito y hay {value}", "en": "expected a finite number, found {value}"},
    "invalid-field.bool_type": {"es": "se esperaba true o false y hay {value}", "en": "expected true or false, found {value}"},
    "invalid-field.list_type": {"es": "se esperaba una lista y hay {value}", "en": "expected a list, found {value}"},
    "invalid-field.model_type": {"es": "se esperaba un mapa de claves y hay {value}", "en": "expected a mapping of keys, found {value}"},
    "invalid-field.dict_type": {"es": "se esperaba un mapa de claves y hay {value}", "en": "expected a mapping of keys, found {value}"},
    "invalid-field.too_short": {"es": "necesita al menos {min_length} {min_length|elemento|elementos}",
                                "en": "needs at least {min_length} {min_length|item|items}"},
    "invalid-field.string_too_short": {"es": "no puede estar vacío", "en": "may not be empty"},
    "invalid-field.literal_error": {"es": "vale {value}; se esperaba {expected}", "en": "is {value}; expected {expected}"},
    "invalid-field.union_tag_invalid": {"es": "vale {value}; se esperaba {expected}", "en": "is {value}; expected {expected}"},
    "invalid-field.union_tag_not_found": {"es": "falta la clave «{key}»", "en": "the key “{key}” is missing"},
    "invalid-field.other": {"es": "el valor {value} no es válido aquí", "en": "the value {value} is not valid here"},
    "invalid-field.string_too_long": {
        "es": "es demasiado largo; el máximo es {max_length} caracteres",
        "en": "is too long; the most is {max_length} characters",
    },
    "invalid-field.control-character": {
        "es": "contiene un carácter de control ({char}, en la posición {position}); bórralo",
        "en": "holds a control character ({char}, at position {position}); delete it",
    },
    "value-out-of-range.length": {
        "es": "«{field}» tiene {count} elementos; el máximo es {most}",
        "en": "“{field}” has {count} items; the most is {most}",
    },
    "word.or": {"es": "o", "en": "or"},
    # Bounds, for value-out-of-range.
    "bound.ge": {"es": "el mínimo es {limit}", "en": "the minimum is {limit}"},
    "bound.gt": {"es": "debe ser mayor que {limit}", "en": "it must be greater than {limit}"},
    "bound.le": {"es": "el máximo es {limit}", "en": "the maximum is {limit}"},
    "bound.lt": {"es": "debe ser menor que {limit}", "en": "it must be less than {limit}"},
    "bound.between": {"es": "debe estar entre {low} y {high}", "en": "it must be between {low} and {high}"},
    # Report vocabulary.
    "ui.legal": {"es": "LEGAL", "en": "LEGAL"},
    "ui.illegal": {"es": "ILEGAL", "en": "ILLEGAL"},
    "ui.unreadable": {"es": "ILEGIBLE", "en": "UNREADABLE"},
    "ui.internal": {"es": "ERROR INTERNO", "en": "INTERNAL ERROR"},
    "ui.report-bug": {
        "es": "Es un fallo de builder, no de la lista. Por favor, infórmanos abriendo una incidencia en el proyecto "
              "con el archivo y este mensaje completo.",
        "en": "This is a bug in builder, not in the list. Please report it by opening an issue on the project "
              "with the file and this whole message.",
    },
    "ui.error": {"es": "error", "en": "error"},
    "ui.warning": {"es": "aviso", "en": "warning"},
    "ui.points": {"es": "{points} {points|punto|puntos}", "en": "{points} {points|point|points}"},
    "ui.points-of": {"es": "{points}/{limit} puntos", "en": "{points}/{limit} points"},
    "ui.fingerprint": {"es": "huella {fingerprint}", "en": "fingerprint {fingerprint}"},
    "ui.tally": {
        "es": "Total: {legal} {legal|legal|legales}, {illegal} {illegal|ilegal|ilegales}, "
              "{unreadable} {unreadable|ilegible|ilegibles}",
        "en": "Total: {legal} legal, {illegal} illegal, {unreadable} unreadable",
    },
    "ui.tally-no-list": {"es": ", {no_list} sin lista que jugar", "en": ", {no_list} with no list to play"},
    "ui.no-list": {"es": "SIN LISTA", "en": "NO LIST"},
    # A file's status, by Evaluation.status: a game adds the words of the files it knows that
    # hold no list (status.<word>).
    "status.legal": {"es": "LEGAL", "en": "LEGAL"},
    "status.illegal": {"es": "ILEGAL", "en": "ILLEGAL"},
    "status.no-list": {"es": "SIN LISTA", "en": "NO LIST"},
    "ui.tally-internal": {"es": ", {internal} con error interno", "en": ", {internal} with an internal error"},
    "ui.export-refused": {
        "es": "{file}: la lista no es legal y no se ha escrito nada; usa --draft para exportar un borrador",
        "en": "{file}: the roster is not legal and nothing was written; use --draft to export a draft",
    },
    "ui.export-nothing": {
        "es": "indica qué escribir: --xlsx SALIDA.xlsx, --pdf SALIDA.pdf, --text, o varios",
        "en": "say what to write: --xlsx OUT.xlsx, --pdf OUT.pdf, --text, or several",
    },
    "ui.written": {"es": "escrito {path}", "en": "wrote {path}"},
    "ui.checking": {"es": "Comprobando listas", "en": "Checking lists"},
    "ui.verify-match": {
        "es": "coincide: {file} tiene la huella {fingerprint}",
        "en": "matches: {file} has the fingerprint {fingerprint}",
    },
    "ui.verify-mismatch": {
        "es": "NO COINCIDE: el archivo tiene {actual} y el papel dice {given}",
        "en": "DOES NOT MATCH: the file has {actual} and the paper says {given}",
    },
    "ui.verify-legal": {"es": "la lista es LEGAL{pack}", "en": "the list is LEGAL{pack}"},
    "ui.verify-no-list": {"es": "{status}: el archivo no es una lista que jugar",
                          "en": "{status}: the file is no list to play"},
    "ui.verify-illegal": {
        "es": "pero la lista es ILEGAL{pack}: {errors} {errors|error|errores}; «builder check» los detalla",
        "en": "but the list is ILLEGAL{pack}: {errors} {errors|error|errors}; “builder check” lists them",
    },
    "ui.verify-pack": {"es": " según el pack «{pack}»", "en": " under the pack “{pack}”"},
    "ui.verify-none": {
        "es": "{file} no tiene huella porque no se puede modelar; corrige primero sus errores",
        "en": "{file} has no fingerprint because it can't be modelled; fix its errors first",
    },
    # Printing.
    "pdf.continued": {"es": "sigue", "en": "cont."},
    "pdf.missing": {"es": "falta (no resuelto)", "en": "missing (unresolved)"},
    # Spreadsheets.
    "xl.desk-teams": {"es": "Entregas", "en": "Submissions"},
    "xl.desk-team": {"es": "Equipo", "en": "Team"},
    "xl.desk-version": {"es": "Versión", "en": "Version"},
    "xl.desk-submitted": {"es": "Entregada", "en": "Submitted"},
    "xl.desk-submitted-in": {"es": "Entregada (hora {zone})", "en": "Submitted ({zone} time)"},
    "xl.desk-late": {"es": "Fuera de plazo", "en": "Late"},
    "xl.desk-review": {"es": "Revisión", "en": "Review"},
    "xl.desk-note": {"es": "Nota de la organización", "en": "Organiser's note"},
    "xl.summary": {"es": "Resumen", "en": "Summary"},
    "xl.problems": {"es": "Problemas", "en": "Problems"},
    "xl.draft": {"es": "BORRADOR — NO LEGAL", "en": "DRAFT — NOT LEGAL"},
    "xl.system": {"es": "Juego", "en": "Game"},
    "xl.name": {"es": "Nombre", "en": "Name"},
    "xl.legal": {"es": "Legal", "en": "Legal"},
    "xl.yes": {"es": "Sí", "en": "Yes"},
    "xl.no": {"es": "No", "en": "No"},
    "xl.fingerprint": {"es": "Huella", "en": "Fingerprint"},
    "xl.points-checked": {"es": "Puntos comprobados", "en": "Checked points"},
    "xl.points-limit": {"es": "Límite de puntos", "en": "Points limit"},
    "xl.points-now": {"es": "Puntos según esta hoja", "en": "Points in this sheet"},
    "xl.matches": {"es": "¿Coincide con lo comprobado?", "en": "Matches the checked list?"},
    "xl.matches-yes": {"es": "Sí", "en": "Yes"},
    "xl.matches-no": {"es": "NO: la hoja ha cambiado", "en": "NO: the sheet has changed"},
    "xl.date": {"es": "Fecha", "en": "Date"},
    "xl.total": {"es": "Total", "en": "Total"},
    "xl.event": {"es": "Evento", "en": "Event"},
    "xl.pack": {"es": "Pack", "en": "Pack"},
    "xl.lists": {"es": "Listas", "en": "Lists"},
    "xl.file": {"es": "Archivo", "en": "File"},
    "xl.player": {"es": "Jugador", "en": "Player"},
    "xl.points": {"es": "Puntos", "en": "Points"},
    "xl.errors": {"es": "Errores", "en": "Errors"},
    "xl.warnings": {"es": "Avisos", "en": "Warnings"},
    "xl.repeated": {"es": "Repetida / otra lista del jugador", "en": "Repeated / the player's other list"},
    "xl.repeated-lists": {"es": "Listas repetidas", "en": "Repeated lists"},
    "xl.players-two-lists": {"es": "Jugadores con dos listas", "en": "Players with two lists"},
    "xl.over-points": {"es": "Por encima de sus puntos", "en": "Over their points"},
    "xl.first-problems": {"es": "Primeros problemas", "en": "First problems"},
    "xl.severity": {"es": "Tipo", "en": "Type"},
    "xl.code": {"es": "Código", "en": "Code"},
    "xl.message": {"es": "Mensaje", "en": "Message"},
    "xl.rule": {"es": "Regla", "en": "Rule"},
    "catalog.races": {"es": "Razas", "en": "Races"},
    "catalog.specialties": {"es": "Especialidades", "en": "Specialties"},
    "catalog.stars": {"es": "Corredores estrella", "en": "Star runners"},
    "catalog.skills": {"es": "Habilidades", "en": "Skills"},
    "catalog.spells": {"es": "Hechizos", "en": "Spells"},
    "catalog.competencies": {"es": "Competencias", "en": "Competencies"},
    "catalog.artillery": {"es": "Artillería", "en": "Artillery"},
    "catalog.weapons": {"es": "Armas y su alcance", "en": "Weapons and their range"},
    "catalog.costs": {"es": "Tablas de coste (valor: puntos)", "en": "Cost tables (value: points)"},
    "catalog.joa": {"es": "Presupuesto y mazos del JOA", "en": "The JOA's budget and decks"},
    "ui.systems-header": {"es": "Juegos disponibles:", "en": "Available games:"},
    "ui.catalogs": {"es": "catálogos", "en": "catalogs"},
    "ui.no-catalogs": {"es": "sin catálogos", "en": "no catalogs"},
    "ui.unknown-schema": {
        "es": "no hay esquema para «{name}»; elige uno de: {known}",
        "en": "there is no schema for “{name}”; choose one of: {known}",
    },

    # builder serve: the page's words and the reasons a request is refused.
}
