"""The builder component: a roster shown as forms from its game's models, a click made as an edit
of its text, checked again, and drawn. Two apps keep the text: ``builder serve`` in a folder's
files (:mod:`builder.serve.workspace`), the event desk in the player's browser
(:mod:`builder.desk.building`); both are a :class:`builder.web.keeping.Keeper`."""
