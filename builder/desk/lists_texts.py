"""The words of «Mis listas» on the builder page (``/static/lists_view.js``), in Spanish and
English; registered with the desk's own (:mod:`builder.desk.texts`)."""

from __future__ import annotations

LIST_MESSAGES = {
    "desk.lists-title": {"es": "Mis listas", "en": "My lists"},
    "desk.lists-none": {"es": "Aún no guardas ninguna lista en este navegador.",
                        "en": "This browser keeps no list yet."},
    "desk.lists-new": {"es": "Lista nueva", "en": "New list"},
    "desk.lists-other-start": {"es": "Otras formas de empezar una lista", "en": "Other ways to start a list"},
    "desk.lists-export": {"es": "Exportar todas", "en": "Export all"},
    "desk.lists-import": {"es": "Importar un archivo de listas (.json)", "en": "Import a lists file (.json)"},
    "desk.lists-undo": {"es": "Deshacer el borrado", "en": "Undo the deletion"},
    "desk.lists-open": {"es": "Abrir", "en": "Open"},
    "desk.lists-open-named": {"es": "Abrir {name}", "en": "Open {name}"},
    "desk.lists-duplicate": {"es": "Duplicar", "en": "Duplicate"},
    "desk.lists-duplicate-named": {"es": "Duplicar {name}", "en": "Duplicate {name}"},
    "desk.lists-rename": {"es": "Renombrar", "en": "Rename"},
    "desk.lists-rename-named": {"es": "Renombrar {name}", "en": "Rename {name}"},
    "desk.lists-delete": {"es": "Borrar", "en": "Delete"},
    "desk.lists-delete-named": {"es": "Borrar {name}", "en": "Delete {name}"},
    "desk.lists-new-name": {"es": "Nombre nuevo de la lista", "en": "The list's new name"},
    "desk.lists-copy-of": {"es": "{name} (copia)", "en": "{name} (copy)"},
    "desk.lists-changed": {"es": "cambiada el {when}", "en": "changed {when}"},
    "desk.lists-unchecked": {"es": "aún sin comprobar", "en": "not checked yet"},
    "desk.lists-points": {"es": "{points} puntos", "en": "{points} points"},
    "desk.lists-other-game": {"es": "otro juego", "en": "another game"},
    "desk.lists-duplicated": {"es": "Duplicada: {name}.", "en": "Duplicated: {name}."},
    "desk.lists-renamed": {"es": "Renombrada: {name}.", "en": "Renamed: {name}."},
    "desk.lists-deleted": {"es": "Borrada: {name}.", "en": "Deleted: {name}."},
    "desk.lists-restored": {"es": "Recuperada: {name}.", "en": "Restored: {name}."},
    "desk.lists-imported": {"es": "Listas añadidas: {count}.", "en": "Lists added: {count}."},
    "desk.lists-import-bad": {"es": "Ese archivo no es una exportación de Mis listas.",
                              "en": "That file is not an export of My lists."},
    "desk.lists-file": {"es": "mis-listas", "en": "my-lists"},
}

LIST_WORDS = tuple(key for key in LIST_MESSAGES if key not in ("desk.lists-title", "desk.lists-none",
                                                                "desk.lists-new", "desk.lists-other-start",
                                                                "desk.lists-export",
                                                                "desk.lists-import", "desk.lists-undo"))
"""The words lists_view.js says, handed to the page with the builder's own."""
VIEW_WORDS = ("serve.points", "serve.legal", "serve.illegal", "desk.build-file-unread") + LIST_WORDS
"""Every word lists_view.js says, for a page that shows «Mis listas» without the builder (the hosted
builder's start page): its own and the builder's few it borrows."""
