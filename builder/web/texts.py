"""The page's own words, in Spanish and English: added to the message table when the page is served."""

from __future__ import annotations

from builder.core import messages

MESSAGES = {
    # Form labels shared by every game (a game's own are ``form.<game>.<key>`` in its messages).
    "form.system": {"es": "Juego", "en": "Game"},
    "form.name": {"es": "Nombre", "en": "Name"},
    "form.player": {"es": "Jugador", "en": "Player"},
    "form.points_limit": {"es": "Límite de puntos", "en": "Points limit"},
    "form.description": {"es": "Descripción", "en": "Description"},
    "form.count": {"es": "Cantidad", "en": "Count"},
    "form.cost": {"es": "Coste", "en": "Cost"},
    "serve.language": {"es": "Idioma", "en": "Language"},
    "serve.rosters": {"es": "Listas de la carpeta", "en": "Rosters in the folder"},
    "serve.new": {"es": "Lista nueva", "en": "New roster"},
    "serve.create": {"es": "Crear", "en": "Create"},
    "serve.save": {"es": "Guardar", "en": "Save"},
    "serve.download-xlsx": {"es": "Descargar hoja (xlsx)", "en": "Download sheet (xlsx)"},
    "serve.download-pdf": {"es": "Descargar PDF", "en": "Download PDF"},
    "serve.findings": {"es": "Problemas", "en": "Problems"},
    "serve.no-findings": {"es": "Ningún problema.", "en": "No problems."},
    "serve.finding-code": {"es": "Código: {code}", "en": "Code: {code}"},
    "serve.breakdown": {"es": "Desglose", "en": "Breakdown"},
    "serve.cards": {"es": "Cartas", "en": "Cards"},
    "serve.catalog": {"es": "Catálogo", "en": "Catalog"},
    "serve.share": {"es": "Compartir", "en": "Share"},
    # A list as players read it (builder/web/reading.py) and a list shared by a link (builder/web/sharing.py).
    "serve.reading-game": {"es": "Juego", "en": "Game"},
    "serve.reading-player": {"es": "Jugador", "en": "Player"},
    "serve.reading-state": {"es": "Estado", "en": "Status"},
    "serve.reading-points": {"es": "Puntos", "en": "Points"},
    "serve.reading-measure": {"es": "Medida", "en": "Measure"},
    "serve.reading-fingerprint": {"es": "Huella", "en": "Fingerprint"},
    "serve.reading-section": {"es": "{list}: {n}", "en": "{list}: {n}"},
    "serve.reading-part-problems": {"es": "✕ problemas: {n}", "en": "✕ problems: {n}"},
    "serve.reading-problems": {"es": "Problemas", "en": "Problems"},
    "serve.reading-no-problems": {"es": "Ningún problema.", "en": "No problems."},
    "serve.reading-more-problems": {"es": "… y {n} más", "en": "… and {n} more"},
    "serve.reading-severity-error": {"es": "Error", "en": "Error"},
    "serve.reading-severity-warning": {"es": "Aviso", "en": "Warning"},
    "serve.reading-unreadable": {"es": "No se puede leer: {message}", "en": "It can't be read: {message}"},
    "serve.reading-download": {"es": "Descargar {file}", "en": "Download {file}"},
    "serve.reading-yes": {"es": "sí", "en": "yes"},
    "serve.reading-no": {"es": "no", "en": "no"},
    "serve.share-title": {"es": "Lista compartida", "en": "Shared list"},
    "serve.share-shared-intro": {
        "es": "Esta lista te la han compartido con un enlace: aquí se lee tal cual, comprobada con las reglas. No se puede cambiar aquí; guárdala en tus listas para cambiarla.",
        "en": "This list was shared with you by a link: it is read here as it is, checked against the rules. It can't be changed here; save it to your lists to change it."},
    "serve.share-save": {"es": "Guardar en mis listas", "en": "Save to my lists"},
    "serve.share-saved": {"es": "Guardada en tus listas.", "en": "Saved to your lists."},
    "serve.share-already-saved": {"es": "Ya la tienes en tus listas: no se guarda dos veces.",
                                  "en": "It is already in your lists: it is not kept twice."},
    "serve.share-replace": {
        "es": "Ya estás construyendo una lista en este navegador. ¿Cambiarla por la compartida?",
        "en": "You are already building a list in this browser. Replace it with the shared one?"},
    "serve.share-needs-script": {
        "es": "Para leer una lista compartida, esta página necesita JavaScript.",
        "en": "To read a shared list, this page needs JavaScript."},
    "serve.share-opening": {"es": "Abriendo la lista compartida…", "en": "Opening the shared list…"},
    "serve.share-no-link": {
        "es": "Este enlace no lleva ninguna lista: cópialo entero, con lo que va después de #.",
        "en": "This link carries no list: copy it whole, with what comes after #."},
    "serve.share-link": {"es": "Enlace a tu lista", "en": "Link to your list"},
    "serve.share-link-hint": {
        "es": "El enlace lleva la lista entera (y su Warbook, si lo usa); quien lo abra la lee comprobada y puede guardarla.",
        "en": "The link carries the whole list (and its Warbook, if it uses one); whoever opens it reads it checked and can save it."},
    "serve.share-copy": {"es": "Copiar el enlace", "en": "Copy the link"},
    "serve.share-copied": {"es": "Enlace copiado.", "en": "Link copied."},
    "serve.share-copy-failed": {
        "es": "No se pudo copiar: selecciona el enlace y cópialo a mano.",
        "en": "It couldn't be copied: select the link and copy it by hand."},
    "serve.share-qr": {"es": "Código QR del enlace", "en": "QR code of the link"},
    "serve.share-too-long-for-qr": {
        "es": "Esta lista es demasiado larga para un código QR; el enlace funciona igual: cópialo y envíalo.",
        "en": "This list is too long for a QR code; the link still works: copy it and send it."},
    "serve.share-making": {"es": "Preparando el enlace…", "en": "Making the link…"},
    "serve.share-from-link": {"es": "Desde un enlace compartido", "en": "From a shared link"},
    "serve.share-paste-link": {"es": "Pega aquí el enlace", "en": "Paste the link here"},
    "serve.share-open-link": {"es": "Abrir el enlace", "en": "Open the link"},
    "serve.error.share-link-damaged": {
        "es": "este enlace está dañado o incompleto: pide a quien lo compartió que lo copie entero otra vez",
        "en": "this link is damaged or incomplete: ask whoever shared it to copy it whole again"},
    "serve.error.share-link-version": {
        "es": "este enlace lo hizo una versión más nueva de builder: ábrelo donde se hizo",
        "en": "this link was made by a newer builder: open it where it was made"},
    "serve.error.share-link-too-large": {
        "es": "la lista de este enlace es demasiado grande para abrirla aquí",
        "en": "the list in this link is too large to open here"},
    "serve.print": {"es": "Imprimir las cartas", "en": "Print the cards"},
    "serve.copy": {"es": "Copiar el texto", "en": "Copy the text"},
    "serve.copied": {"es": "Copiado: pégalo en el foro o en el chat", "en": "Copied: paste it into the forum or the chat"},
    "serve.archetypes": {"es": "arquetipos de la lista", "en": "the list's archetypes"},
    "serve.insert": {"es": "Insertar en el cursor", "en": "Insert at the cursor"},
    "serve.legal": {"es": "LEGAL", "en": "LEGAL"},
    "serve.illegal": {"es": "ILEGAL", "en": "ILLEGAL"},
    "serve.no-list": {"es": "SIN LISTA", "en": "NO LIST"},
    "serve.no-list-why": {
        "es": "un libro de arquetipos sin lista que jugar: las listas que lo nombran lo usan",
        "en": "a book of archetypes with no list to play: the lists that name it use it",
    },
    "serve.unreadable": {"es": "ILEGIBLE", "en": "UNREADABLE"},
    "serve.points": {"es": "{points} / {limit} puntos", "en": "{points} / {limit} points"},
    "serve.line": {"es": "línea {line}", "en": "line {line}"},
    "serve.saved": {"es": "guardado: {path}", "en": "saved: {path}"},
    "serve.removed": {"es": "(el archivo ya no está en el disco)", "en": "(the file is no longer on disk)"},
    "serve.conflict": {
        "es": "El archivo ha cambiado en el disco desde que lo abriste. Esta es la versión del disco:",
        "en": "The file changed on disk since you opened it. This is the version on disk:",
    },
    "serve.keep-mine": {"es": "Guardar la mía encima", "en": "Save mine over it"},
    "serve.take-disk": {"es": "Cargar la del disco", "en": "Load the one on disk"},
    "serve.error.serve-changed-on-disk": {
        "es": "no se ha guardado: el archivo cambió en el disco", "en": "not saved: the file changed on disk"},
    "serve.error.serve-outside-folder": {
        "es": "esa ruta queda fuera de la carpeta", "en": "that path is outside the folder"},
    "serve.error.serve-not-a-roster": {
        "es": "solo se guardan archivos .yaml o .yml", "en": "only .yaml or .yml files are saved"},
    "serve.error.serve-no-such-file": {"es": "ese archivo no existe", "en": "no such file"},
    "serve.error.serve-target-exists": {
        "es": "ya hay un archivo con ese nombre: no se sobrescribe", "en": "a file of that name exists: it is not overwritten",
    },
    "serve.duplicate": {"es": "Duplicar", "en": "Duplicate"},
    "serve.rename": {"es": "Renombrar", "en": "Rename"},
    "serve.ask-name": {"es": "Nombre del archivo nuevo:", "en": "Name of the new file:"},
    "serve.done-copy": {"es": "Copiada como {path}", "en": "Copied as {path}"},
    "serve.done-rename": {"es": "Ahora se llama {path}", "en": "Now named {path}"},
    "serve.error.serve-too-large": {"es": "el archivo pasa de 1 MiB", "en": "the file is over 1 MiB"},
    "serve.error.serve-bad-name": {
        "es": "ese nombre de archivo no vale (demasiado largo)", "en": "that file name won't do (too long)"},
    "serve.error.serve-unreadable": {
        "es": "ese archivo no se puede leer (¿una tubería o un dispositivo?)",
        "en": "that file can't be read (a pipe or a device?)"},
    "serve.error.serve-not-utf8": {
        "es": "ese archivo no está en UTF-8; ábrelo con un editor y guárdalo en UTF-8",
        "en": "that file isn't UTF-8; open it in an editor and save it as UTF-8"},
    "serve.error.serve-bad-text": {
        "es": "el texto tiene un carácter que un archivo no puede guardar", "en": "the text has a character no file can hold"},
    "serve.error.serve-cannot-write": {
        "es": "no se ha podido guardar el archivo", "en": "the file could not be saved"},
    "serve.error.serve-cannot-export": {
        "es": "no se puede exportar: la lista no se puede leer", "en": "can't export: the roster can't be read"},
    "serve.starting": {"es": "builder sirve {folder} en {url} (Ctrl+C para parar)",
                       "en": "builder serves {folder} at {url} (Ctrl+C to stop)"},
    "serve.lists-below": {"es": "Esta carpeta no tiene listas; sus subcarpetas sí: {folders}. La página muestra "
                                "las de una carpeta: prueba «builder serve {example}».",
                          "en": "This folder holds no lists; its subfolders do: {folders}. The page shows one "
                                "folder's lists: try “builder serve {example}”."},
    "serve.label.system": {"es": "Juego de la lista nueva", "en": "Game of the new roster"},
    "serve.label.file-name": {"es": "Nombre del archivo nuevo", "en": "Name of the new file"},
    "serve.label.text": {"es": "La lista, en YAML", "en": "The roster, as YAML"},
    "serve.label.preview": {"es": "Vista previa de las cartas", "en": "Preview of the cards"},
    "serve.label.topic": {"es": "Tema del catálogo", "en": "Catalog topic"},
    "serve.unsaved": {"es": "sin guardar", "en": "not saved"},
    "serve.unsaved-leave": {
        "es": "«{path}» tiene cambios sin guardar. ¿Descartarlos?",
        "en": "“{path}” has changes that are not saved. Discard them?",
    },
    "serve.bug": {
        "es": "Error interno de builder (fallo {bug}): queda anotado en la consola del servidor.",
        "en": "builder met an internal error (bug {bug}): it is logged in the server's console.",
    },
    # The builder view.
    "serve.pack": {"es": "pack del evento: {name}", "en": "event pack: {name}"},
    "serve.fixed-by-event": {"es": "fijado por el evento", "en": "set by the event"},
    "serve.event-sets": {"es": "El evento fija:", "en": "The event sets:"},
    "serve.yes": {"es": "sí", "en": "yes"},
    "serve.no": {"es": "no", "en": "no"},
    "serve.error.serve-fixed-by-event": {
        "es": "ese valor lo fija el evento: la lista no lo cambia", "en": "the event sets that value: the list can't change it"},
    "serve.other-hint": {"es": "u otro, escrito", "en": "or another, typed"},
    "serve.view-build": {"es": "Construir", "en": "Build"},
    "serve.view-yaml": {"es": "YAML", "en": "YAML"},
    "serve.views": {"es": "Vista de la lista", "en": "View of the roster"},
    "serve.start": {
        "es": "Abre una lista de la carpeta, o crea una nueva: elige el juego, ponle nombre y pulsa «Crear».",
        "en": "Open a roster of the folder, or make a new one: pick the game, name it and press “Create”.",
    },
    "serve.roster": {"es": "La lista", "en": "The roster"},
    "serve.outline": {"es": "Partes de la lista", "en": "Parts of the roster"},
    "serve.part": {"es": "Detalle", "en": "Details"},
    "serve.new-name": {"es": "Nuevo {n}", "en": "New {n}"},
    # A list and the files it reads (its Warbook), linked both ways.
    "serve.reads": {"es": "{what}: {file}", "en": "{what}: {file}"},
    "serve.read-by": {"es": "Listas que lo usan:", "en": "Lists that use it:"},
    "serve.read-by-none": {"es": "Ninguna lista lo usa", "en": "No list uses it"},
    "serve.open-file": {"es": "Abrir {file}", "en": "Open {file}"},
    "serve.add-to": {"es": "Añadir a {list}", "en": "Add to {list}"},
    # A new part of the roster («+ Nueva entrada en Armas»: a weapon of the Warbook) reads apart from
    # a choice given to the part shown («Añadir a Armas de Sargento»: a weapon for Sargento).
    "serve.new-in": {"es": "Nueva entrada en {list}", "en": "New entry in {list}"},
    "serve.add-to-part": {"es": "Añadir a {list} de {part}", "en": "Add to {list} of {part}"},
    # Two controls that would read alike are told apart: by the list («Quitar «Ametralladora» de
    # Cargadores»), then by the place («Fusilero (n.º 2)»).
    "serve.carried": {
        "es": "El nombre nuevo se llevó también a: {files} (guardados; cada uno se deshace al abrirlo con «Deshacer»).",
        "en": "The new name was carried into: {files} as well (saved; open one and “Undo” undoes it there).",
    },
    "serve.list-of": {"es": "{list} de {part}", "en": "{list} of {part}"},
    "serve.remove-from": {"es": "Quitar «{name}» de {list}", "en": "Remove “{name}” from {list}"},
    "serve.nth": {"es": "{name} (n.º {n})", "en": "{name} (no. {n})"},
    "serve.leave-out-ask": {
        "es": "¿Quitar «{name}» con todo lo que tiene? (Deshacer lo devuelve)",
        "en": "Remove “{name}” with all it holds? (Undo brings it back)",
    },
    "serve.the-roster": {"es": "la lista", "en": "the roster"},
    "serve.one-problem": {"es": "1 problema", "en": "1 problem"},
    "serve.problems": {"es": "{n} problemas", "en": "{n} problems"},
    "serve.add-what": {"es": "Qué añadir a {list}", "en": "What to add to {list}"},
    "serve.add-other": {"es": "U otro, escrito: para {list}", "en": "Or another, typed: for {list}"},
    "serve.add": {"es": "Añadir", "en": "Add"},
    "serve.item-of": {"es": "{list}: n.º {n}", "en": "{list}: no. {n}"},
    "serve.remove-word": {"es": "Quitar", "en": "Remove"},
    "serve.leave-out-word": {"es": "Quitar", "en": "Leave out"},
    "serve.remove-named": {"es": "Quitar «{name}»", "en": "Remove “{name}”"},
    "serve.leave-out": {"es": "Quitar {name}", "en": "Leave out {name}"},
    "serve.include": {"es": "Poner {name}", "en": "Set {name}"},
    "serve.form-of": {"es": "Forma de {name}", "en": "Form of {name}"},
    "serve.none": {"es": "— ninguno —", "en": "— none —"},
    "serve.not-allowed": {"es": "{value} — no: {reason}", "en": "{value} — not allowed: {reason}"},
    "serve.open-if": {"es": "{value} — solo si cambias otra elección: {reason}",
                      "en": "{value} — only if you change another choice: {reason}"},
    "serve.variant.string": {"es": "texto", "en": "text"},
    "serve.variant.number": {"es": "número", "en": "number"},
    "serve.variant.integer": {"es": "número", "en": "number"},
    "serve.variant.object": {"es": "detalle", "en": "details"},
    "serve.variant.array": {"es": "lista", "en": "list"},
    "serve.variant.boolean": {"es": "sí o no", "en": "yes or no"},
    "serve.empty": {"es": "(vacía)", "en": "(empty)"},
    "serve.undo": {"es": "Deshacer", "en": "Undo"},
    "serve.redo": {"es": "Rehacer", "en": "Redo"},
    "serve.build-unreadable-form": {
        "es": "Esta lista aún no se puede comprobar ({message}): corrígela aquí o en la pestaña YAML.",
        "en": "This roster can't be checked yet ({message}): fix it here or in the YAML tab.",
    },
    "serve.build-unreadable": {
        "es": "Esta lista no se puede leer ({message}): corrígela en la pestaña YAML.",
        "en": "This roster can't be read ({message}): fix it in the YAML tab.",
    },
    "serve.label.roster-name": {"es": "Nombre de la lista", "en": "Name of the roster"},
    "serve.label.points-limit": {"es": "Límite de puntos (opcional)", "en": "Points limit (optional)"},
    "serve.error.serve-edit-unreadable": {
        "es": "la lista no se puede leer: corrígela en la pestaña YAML", "en": "the roster can't be read: fix it in the YAML tab"},
    "serve.error.serve-edit-anchors": {
        "es": "esta lista usa anclas de YAML (&, *): edítala en la pestaña YAML",
        "en": "this roster uses YAML anchors (&, *): edit it in the YAML tab"},
    "serve.error.serve-edit-shared-line": {
        "es": "esa parte comparte línea con otra: edítala en la pestaña YAML",
        "en": "that part shares its line with another: edit it in the YAML tab"},
    "serve.error.serve-edit-not-exact": {
        "es": "ese cambio no se puede escribir en el archivo sin tocar lo demás: hazlo en la pestaña YAML",
        "en": "that change can't be written into the file without touching the rest: make it in the YAML tab"},
    "serve.error.serve-edit-no-such-place": {
        "es": "esa parte ya no está en la lista", "en": "that part is no longer in the roster"},
    "serve.error.serve-bad-path": {"es": "esa parte no está en la lista", "en": "that part is not in the roster"},
    "serve.error.serve-bad-change": {"es": "ese cambio no se entiende", "en": "that change is not understood"},
    "serve.error.serve-edit-bad-change": {"es": "ese cambio no se entiende", "en": "that change is not understood"},
    "serve.error.serve-edit-not-a-list": {"es": "esa parte no es una lista", "en": "that part is not a list"},
    "serve.error.serve-edit-bad-value": {"es": "ese valor no se puede escribir", "en": "that value can't be written"},
    "serve.error.serve-not-json": {"es": "la petición no es JSON", "en": "the request is not JSON"},
    "serve.error.unknown-system": {"es": "ese juego no existe", "en": "no such game"},
}

messages.register(MESSAGES)
