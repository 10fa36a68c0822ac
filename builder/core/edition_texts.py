"""The messages of editions and house rules (Spanish and English), joined to the core's table."""

MESSAGES: dict[str, dict[str, str]] = {
    "unknown-edition": {
        "es": "no hay ninguna edición «{edition}» de los catálogos de este juego",
        "en": "there is no edition “{edition}” of this game's catalogs",
    },
    "edition-of-event": {
        "es": "la lista es de la edición «{edition}», pero el evento juega la «{event}»: se comprueba con la del evento",
        "en": "the list is written for edition “{edition}”, but the event plays “{event}”: it is checked under the event's",
    },
    "unknown-edition-asked": {
        "es": "no hay ninguna edición «{edition}» de {game}",
        "en": "there is no edition “{edition}” of {game}",
    },
    "ui.edition-of": {"es": "edición {edition}", "en": "edition {edition}"},
    "ui.house-rules": {"es": " con reglas de la casa", "en": " with house rules"},
    "ui.edition-points-change": {"es": "{before} → {after} puntos", "en": "{before} → {after} points"},
    "ui.edition-editions-change": {"es": "edición {before} → {after}", "en": "edition {before} → {after}"},
    "ui.edition-no-change": {
        "es": "Con la edición «{edition}» no cambian los puntos ni la legalidad de ninguna de las {total} listas.",
        "en": "Under edition “{edition}” no list of the {total} changes its points or legality.",
    },
    "ui.edition-changed": {
        "es": "Con la edición «{edition}» cambian {count} de las {total} listas:",
        "en": "Under edition “{edition}”, {count} of the {total} lists change:",
    },
    "ui.verify-edition": {"es": "comprobado con la edición {edition} ({date}, sha256 {hash})",
                          "en": "checked under edition {edition} ({date}, sha256 {hash})"},
    "ui.verify-other-edition": {"es": "el papel sí es este archivo con la edición {edition}: se imprimió con ella",
                                "en": "the paper is this file under edition {edition}: it was printed under it"},
}
