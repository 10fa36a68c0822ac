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
    "edition-twice": {
        "es": "dos ediciones instaladas de {game} se llaman «{edition}» (la otra está en {other}): cambia el nombre "
              "de una en su edition.yaml",
        "en": "two installed editions of {game} are called “{edition}” (the other is in {other}): rename one in its "
              "edition.yaml",
    },
    "invalid-edition-file": {
        "es": "este edition.yaml de {game} no da el nombre de la edición (texto) y su fecha (AAAA-MM-DD)",
        "en": "this edition.yaml of {game} doesn't give the edition's name (text) and its date (YYYY-MM-DD)",
    },
    "edition-unusable": {
        "es": "{game} no puede usar los catálogos de la edición «{edition}» ({folder}): a alguno le falta una clave "
              "o tiene un valor de otra clase que los de builder; compáralos con «builder catalog diff»",
        "en": "{game} can't use the catalogs of edition “{edition}” ({folder}): one lacks a key or holds a value of "
              "another kind than builder's own; compare them with “builder catalog diff”",
    },
    "house-rules-unusable": {
        "es": "con las reglas de la casa del evento el juego no puede con esta lista ({problem}): algún valor que "
              "cambian no tiene sentido para ella; revisa las reglas que cambian valores (en el pack, línea: {lines})",
        "en": "under the event's house rules the game can't deal with this list ({problem}): some value they change "
              "makes no sense for it; see the rules that change values (in the pack, line: {lines})",
    },
    "ui.edition-of": {"es": "edición {edition}", "en": "edition {edition}"},
    "ui.house-rules": {"es": " con reglas de la casa", "en": " with house rules"},
    "ui.edition-points-change": {"es": "{before} → {after} puntos", "en": "{before} → {after} points"},
    "ui.edition-editions-change": {"es": "edición {before} → {after}", "en": "edition {before} → {after}"},
    "ui.edition-no-change": {
        "es": "Con la edición «{edition}» ninguno de los archivos comprobados ({total}) cambia de puntos ni de "
              "legalidad.",
        "en": "Under edition “{edition}” none of the files checked ({total}) changes its points or legality.",
    },
    "ui.edition-changed": {
        "es": "Con la edición «{edition}» {count|cambia|cambian} {count} de los {total} archivos comprobados:",
        "en": "Under edition “{edition}”, {count} of the {total} files checked {count|changes|change}:",
    },
    "ui.verify-edition": {"es": "comprobado con la edición {edition} ({date}, sha256 {hash})",
                          "en": "checked under edition {edition} ({date}, sha256 {hash})"},
    "ui.verify-other-edition": {"es": "el papel sí es este archivo con la edición {edition}: se imprimió con ella",
                                "en": "the paper is this file under edition {edition}: it was printed under it"},
    # A pack whose rules a file of another game is asked to follow (builder campaign --pack).
    "pack-of-another-game": {
        "es": "el pack «{pack}» es de {expected} y {roster} es de {system}: su edición y sus reglas de la casa no le "
              "valen",
        "en": "the pack “{pack}” is for {expected} and {roster} is {system}: its edition and house rules don't apply "
              "to it",
    },
    # House rules: a pack's problems in its house_rules: block (each at its line).
    "invalid-house-rule.too-big": {
        "es": "demasiado grande para una regla de la casa: textos de hasta {text} caracteres, listas de hasta {items} "
              "elementos y números entre −{number} y {number}",
        "en": "too large for a house rule: texts of up to {text} characters, lists of up to {items} items and "
              "numbers between −{number} and {number}",
    },
    "invalid-house-rule.too-many": {
        "es": "un pack puede tener hasta {most} reglas de la casa",
        "en": "a pack may have up to {most} house rules",
    },
    "invalid-house-rule.whole-file": {
        "es": "una regla cambia un valor de un catálogo, no el archivo entero: añade la clave tras su nombre",
        "en": "a rule changes one value of a catalog, not the whole file: add the key after its name",
    },
    "invalid-house-rule.fraction": {
        "es": "aquí va una fracción sencilla como la del libro («{example}»): cifras, y una barra si hace falta",
        "en": "this takes a plain fraction like the book's (“{example}”): digits, and a slash if need be",
    },
    "invalid-house-rule.block": {
        "es": "«house_rules» debe ser una lista de reglas, cada una con set, ban o add",
        "en": "“house_rules” must be a list of rules, each with set, ban or add",
    },
    "invalid-house-rule.rule": {
        "es": "cada regla de la casa es un bloque de claves con set, ban o add",
        "en": "each house rule is a block of keys with set, ban or add",
    },
    "invalid-house-rule.key": {
        "es": "una regla de la casa no lleva la clave «{key}»",
        "en": "a house rule has no key “{key}”",
    },
    "invalid-house-rule.verb": {
        "es": "la regla no dice qué hace: le falta set, ban o add",
        "en": "the rule doesn't say what it does: it needs set, ban or add",
    },
    "invalid-house-rule.verbs": {
        "es": "una regla hace una sola cosa: set, ban o add, no varias",
        "en": "a rule does one thing: set, ban or add, not several",
    },
    "invalid-house-rule.why": {
        "es": "«why» debe ser un texto de hasta {most} caracteres",
        "en": "“why” must be a text of up to {most} characters",
    },
    "invalid-house-rule.target": {
        "es": "la ruta debe ser un texto: el catálogo y sus claves, separados por /",
        "en": "the path must be a text: the catalog and its keys, joined by /",
    },
    "invalid-house-rule.file": {
        "es": "no hay ningún catálogo «{file}»",
        "en": "there is no catalog “{file}”",
    },
    "invalid-house-rule.step": {
        "es": "«{step}» no está en {within}",
        "en": "“{step}” is not in {within}",
    },
    "invalid-house-rule.not-entry": {
        "es": "«{target}» no es una entrada de una lista con claves: solo se prohíben entradas",
        "en": "“{target}” is no entry of a list with keys: only entries can be banned",
    },
    "invalid-house-rule.not-keyed": {
        "es": "«{target}» no es una lista de entradas con clave: solo a esas se les añade una",
        "en": "“{target}” is not a list of entries with keys: only those take a new one",
    },
    "invalid-house-rule.to": {
        "es": "falta «to», el valor nuevo",
        "en": "“to”, the new value, is missing",
    },
    "invalid-house-rule.entry-key": {
        "es": "la clave de una entrada no se cambia: prohíbe la entrada y añade otra",
        "en": "an entry's key doesn't change: ban the entry and add another",
    },
    "invalid-house-rule.type": {
        "es": "aquí va {expected}, como en el catálogo",
        "en": "this must be {expected}, as in the catalog",
    },
    "invalid-house-rule.missing": {
        "es": "falta «{key}», que tienen todas las demás",
        "en": "“{key}” is missing, which all the others have",
    },
    "invalid-house-rule.unknown": {
        "es": "ninguna del catálogo tiene aquí «{key}»",
        "en": "none in the catalog has “{key}” here",
    },
    "invalid-house-rule.length": {
        "es": "debe ser una lista de {count} valores, como la tabla que sustituye",
        "en": "must be a list of {count} values, as the table it replaces",
    },
    "invalid-house-rule.entry": {
        "es": "«entry» debe ser un bloque de claves: la entrada que se añade",
        "en": "“entry” must be a block of keys: the entry added",
    },
    "invalid-house-rule.duplicate": {
        "es": "ya hay una entrada «{name}» en {target}",
        "en": "there is already an entry “{name}” in {target}",
    },
    "invalid-house-rule.reference": {
        "es": "«{name}» no es ninguna clave de {lists}",
        "en": "“{name}” is no key of {lists}",
    },
    "invalid-house-rule.named": {
        "es": "«{name}» no se puede prohibir: lo nombran entradas de {target} ({by})",
        "en": "“{name}” can't be banned: entries of {target} name it ({by})",
    },
    "invalid-house-rule.below": {
        "es": "{value} es menos de lo que el juego admite aquí: como poco {least} ({book}; regla 92 de builder)",
        "en": "{value} is less than the game allows here: {least} at the least ({book}; builder's ruling 92)",
    },
    "invalid-house-rule.not-above": {
        "es": "{value} es menos de lo que el juego admite aquí: más de {least} ({book}; regla 92 de builder)",
        "en": "{value} is less than the game allows here: more than {least} ({book}; builder's ruling 92)",
    },
    "invalid-house-rule.unusable": {
        "es": "con estas reglas de la casa el juego no puede leer sus catálogos (¿un valor que no tiene sentido?)",
        "en": "under these house rules the game can't read its catalogs (a value that makes no sense?)",
    },
    "house-rule-banned": {
        "es": "«{name}» está prohibido en este evento por sus reglas de la casa",
        "en": "“{name}” is banned at this event by its house rules",
    },
    "house-rule-banned.why": {
        "es": "«{name}» está prohibido en este evento por sus reglas de la casa: {why}",
        "en": "“{name}” is banned at this event by its house rules: {why}",
    },
    # The kinds of a catalog's values, as a house rule's problem names them.
    "word.value-int": {"es": "un número entero", "en": "a whole number"},
    "word.value-number": {"es": "un número", "en": "a number"},
    "word.value-text": {"es": "un texto", "en": "a text"},
    "word.value-bool": {"es": "true o false", "en": "true or false"},
    "word.value-list": {"es": "una lista", "en": "a list"},
    "word.value-mapping": {"es": "un bloque de claves", "en": "a block of keys"},
    "word.value-null": {"es": "nada (null)", "en": "nothing (null)"},
    "word.value-other": {"es": "un valor de otra clase", "en": "a value of another kind"},
    "xl.edition": {"es": "Edición de los catálogos", "en": "Catalogs' edition"},
    "xl.edition-of": {"es": "catálogos {edition}", "en": "catalogs {edition}"},
    "xl.house-rules": {"es": "reglas de la casa", "en": "house rules"},
}
