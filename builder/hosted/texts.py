"""The hosted builder's words (``builder host``), in Spanish and English: added to the message table
when it or its command is loaded."""

from __future__ import annotations

from builder.core import messages

MESSAGES = {
    "hosted.title": {"es": "Constructor de listas", "en": "List builder"},
    "hosted.choose": {"es": "Elige un juego", "en": "Choose a game"},
    "hosted.intro": {
        "es": "Haz tu lista pulsando, en el móvil o en el ordenador: cada cambio se comprueba con las reglas del "
              "libro. La lista se guarda en este navegador; el servidor no guarda nada de ella.",
        "en": "Make your list by tapping, on a phone or a computer: every change is checked against the book's "
              "rules. The list is kept in this browser; the server keeps nothing of it.",
    },
    "hosted.game-hint": {"es": "Una lista nueva, o la que este navegador guarda de ese juego.",
                         "en": "A new list, or the one this browser keeps for that game."},
    "hosted.build-intro": {
        "es": "La lista se guarda en este navegador, no en el servidor. Si se corta la conexión, tus cambios "
              "esperan aquí y se envían en cuanto vuelve.",
        "en": "The list is kept in this browser, not on the server. If the connection drops, your changes wait "
              "here and are sent as soon as it is back.",
    },
    "hosted.other-game": {"es": "Elegir otro juego", "en": "Choose another game"},
    "hosted.error.hosted-unknown-game": {"es": "Este constructor no tiene el juego de esa lista.",
                                         "en": "This builder doesn't have that list's game."},
    "hosted.starting": {
        "es": "Constructor de listas para todos en {url} (las listas se guardan en el navegador de cada jugador; "
              "este servidor no guarda nada de ellas).",
        "en": "List builder for everyone at {url} (lists are kept in each player's browser; this server keeps "
              "nothing of them).",
    },
    "hosted.needs-public-url": {
        "es": "Con --host {host} el constructor necesita saber la dirección a la que responde, o cualquier nombre "
              "que apunte a esta máquina llegaría a él (DNS rebinding): arráncalo con --public-url {url} (o la "
              "dirección con la que llegan los jugadores).",
        "en": "With --host {host} the builder needs to know the address it answers to, or any name pointing at "
              "this machine (DNS rebinding) would reach it: start it with --public-url {url} (or the address "
              "players reach it at).",
    },
    "hosted.exposed": {
        "es": "AVISO: con --host {host} el constructor es accesible desde la red, para cualquiera que llegue a "
              "este equipo.",
        "en": "WARNING: with --host {host} the builder is reachable from the network, by anyone who can reach "
              "this machine.",
    },
}

messages.register(MESSAGES)
