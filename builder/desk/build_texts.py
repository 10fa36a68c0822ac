"""The words of the builder on the desk (``/build``): a list built in the player's browser and
submitted from there, in Spanish and English; registered with the desk's own (:mod:`builder.desk.texts`)."""

BUILD_MESSAGES = {
    "desk.build-here": {"es": "Construye tu lista aquí", "en": "Build your list here"},
    "desk.build-here-closed": {
        "es": "Las entregas están cerradas, pero puedes seguir montando una lista y descargarla.",
        "en": "Submissions are closed, but you can still build a list and download it.",
    },
    "desk.build-here-hint": {
        "es": "Haz la lista pulsando, en el móvil o en el ordenador, comprobada con las restricciones del evento; "
              "luego entrégala desde ahí.",
        "en": "Make the list by tapping, on a phone or a computer, checked against the event's restrictions; "
              "then submit it from there.",
    },
    "desk.build-title": {"es": "Construye tu lista", "en": "Build your list"},
    "desk.build-intro": {
        "es": "La lista se guarda en este navegador, no en el servidor, hasta que la entregues. "
              "Si se corta la conexión, tus cambios esperan aquí y se envían en cuanto vuelve.",
        "en": "The list is kept in this browser, not on the server, until you submit it. "
              "If the connection drops, your changes wait here and are sent as soon as it is back.",
    },
    "desk.build-start": {"es": "Empieza", "en": "Start"},
    "desk.build-new": {"es": "Lista nueva", "en": "New list"},
    "desk.build-from-file": {"es": "Desde un archivo (.yaml): la lista y los archivos que nombra",
                             "en": "From a file (.yaml): the list and the files it names"},
    "desk.build-from-last": {"es": "Desde tu última entrega", "en": "From your last submission"},
    "desk.build-fetch": {"es": "Traer mi última entrega", "en": "Fetch my last submission"},
    "desk.build-file": {"es": "Archivo", "en": "File"},
    "desk.build-new-kind": {"es": "Nuevo archivo: {kind}", "en": "New file: {kind}"},
    "desk.build-download-yaml": {"es": "Descargar la lista (YAML)", "en": "Download the list (YAML)"},
    "desk.build-again": {"es": "Empezar de nuevo", "en": "Start again"},
    "desk.build-yaml": {"es": "La lista como texto (YAML)", "en": "The list as text (YAML)"},
    "desk.build-tools": {"es": "Herramientas de la lista", "en": "The list's tools"},
    "desk.build-submit": {"es": "Entregar la lista", "en": "Submit the list"},
    "desk.build-submit-hint": {
        "es": "Se entrega igual que al subir un archivo: el mismo recibo, las mismas versiones y el mismo código "
              "de edición. Una lista ilegal se guarda como borrador.",
        "en": "It is submitted just like an uploaded file: the same receipt, versions and edit code. "
              "An illegal list is stored as a draft.",
    },
    "desk.build-back": {"es": "Subir un archivo o pegar la lista", "en": "Upload a file or paste the list"},
    "desk.build-offline": {
        "es": "Sin conexión: tu cambio está guardado en este navegador y se enviará en cuanto vuelva la conexión.",
        "en": "Offline: your change is kept in this browser and will be sent as soon as the connection is back.",
    },
    "desk.build-waiting": {
        "es": "Sin conexión: tu cambio espera a comprobarse. Las reglas se comprueban en el servidor: "
              "se envía en cuanto vuelva la conexión, y mientras ves la lista tal como se comprobó la última vez.",
        "en": "Offline: your change is waiting to be checked. The rules are checked on the server: it is sent "
              "as soon as the connection is back, and meanwhile you see the list as it was last checked.",
    },
    "desk.build-sending": {"es": "Enviando tus cambios…", "en": "Sending your changes…"},
    "desk.build-saved": {"es": "Cambios guardados en este navegador.", "en": "Changes kept in this browser."},
    "desk.build-refused": {"es": "Ese cambio no se ha podido hacer.", "en": "That change could not be made."},
    "desk.build-busy": {"es": "El servidor está ocupado: se reintenta enseguida.",
                        "en": "The server is busy: trying again shortly."},
    "desk.build-start-over": {"es": "¿Empezar de nuevo? La lista abierta se borra de Mis listas (Deshacer el borrado la recupera).",
                              "en": "Start again? The open list is deleted from My lists (Undo the deletion brings it back)."},
    "desk.build-file-unread": {"es": "No se ha podido leer ese archivo (.yaml, hasta 1 MiB).",
                               "en": "That file could not be read (.yaml, up to 1 MiB)."},
    "desk.build-restored": {"es": "Cargada tu última entrega (versión {version}).",
                            "en": "Your last submission is loaded (version {version})."},
    "desk.build-preparing": {"es": "Preparando…", "en": "Preparing…"},
    "desk.build-preparing-long": {"es": "Preparando la descarga: un PDF puede tardar unos segundos.",
                                  "en": "Preparing the download: a PDF may take a few seconds."},
    "desk.build-downloaded": {"es": "Descarga lista.", "en": "Download ready."},
    "desk.build-export-offline": {
        "es": "Sin conexión: el PDF y la hoja se hacen en el servidor y necesitan la conexión. Tu lista sigue "
              "guardada en este navegador, y su YAML se descarga también sin conexión.",
        "en": "Offline: the PDF and the sheet are made on the server and need the connection. Your list is "
              "still kept in this browser, and its YAML downloads offline too.",
    },
    "desk.build-no-list": {"es": "Empieza una lista para construirla.", "en": "Start a list to build it."},
    "desk.error.click-too-heavy": {"es": "Este cambio cuesta demasiado (tiempo o memoria): la lista no es normal.",
                                   "en": "This change takes too much (time or memory): the list is no ordinary one."},
    "desk.error.desk-build-files": {"es": "Los archivos de la lista no se entienden.",
                                    "en": "The list's files are not understood."},
    "desk.error.desk-build-unreadable": {"es": "La lista no se puede leer: corrígela antes de descargarla.",
                                         "en": "The list can't be read: fix it before downloading it."},
    "desk.build-carried": {
        "es": "El nombre nuevo se llevó también a: {files}. «Deshacer» los devuelve todos a la vez.",
        "en": "The new name was carried into: {files} as well. “Undo” takes them all back at once.",
    },
}
