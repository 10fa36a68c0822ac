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
        # The editions installed follow, from the `known` parameter (messages.text adds them).
        "es": "{game} no tiene ninguna edición «{edition}»",
        "en": "{game} has no edition “{edition}”",
    },
}
