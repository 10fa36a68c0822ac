"""The pack's ``rounds:`` block (see :class:`builder.core.pack.RoundsFormat`): reading it, every
problem in it at its own line, and its JSON Schema."""

from __future__ import annotations

from typing import Any

from builder.core import messages
from builder.core.findings import Findings, Place
from builder.core.names import closest
from builder.core.pack import TIE_BREAKERS, RoundsFormat

RULE_PACK = "Pack del evento"
ROUNDS_KEYS = ("count", "points", "bye_score", "score", "tie_breakers")
POINTS_KEYS = ("win", "draw", "loss", "bye")
COUNT = (1, 30)
"""The rounds an event may play: one at least, thirty at most (a long league, far past a day)."""
POINTS = (0, 100)
BYE_SCORE = (0, 10_000)
"""The game's own score a bye may count for: victory points run to the hundreds, never past this."""
SCORE_NAME = 60
"""The most characters the score's name may have."""

messages.register({
    "invalid-rounds-setting.block": {
        "es": "«rounds» debe ser un bloque de claves (count, points, bye_score, score, tie_breakers)",
        "en": "“rounds” must be a block of keys (count, points, bye_score, score, tie_breakers)"},
    "invalid-rounds-setting.key": {
        "es": "«rounds» no tiene la clave «{key}» (tiene count, points, bye_score, score y tie_breakers)",
        "en": "“rounds” has no key “{key}” (it has count, points, bye_score, score and tie_breakers)"},
    "invalid-rounds-setting.count": {
        "es": "«count» (cuántas rondas) es obligatorio y debe ser un número entero de {least} a {most}",
        "en": "“count” (how many rounds) is required and must be a whole number from {least} to {most}"},
    "invalid-rounds-setting.points": {
        "es": "«points» debe ser un bloque con win, draw, loss y bye (los puntos de cada resultado)",
        "en": "“points” must be a block of win, draw, loss and bye (the points of each result)"},
    "invalid-rounds-setting.points-key": {
        "es": "«points» no tiene la clave «{key}» (tiene win, draw, loss y bye)",
        "en": "“points” has no key “{key}” (it has win, draw, loss and bye)"},
    "invalid-rounds-setting.bound": {
        "es": "«{key}» debe ser un número entero de {least} a {most}",
        "en": "“{key}” must be a whole number from {least} to {most}"},
    "invalid-rounds-setting.score": {
        "es": "«score» debe ser el nombre de la puntuación del juego (un texto de 1 a {most} caracteres), "
              "como «puntos de victoria», o uno en cada idioma: {{es: puntos de victoria, en: victory points}}",
        "en": "“score” must be the name of the game's own score (a text of 1 to {most} characters), "
              "such as “victory points”, or one in each language: {{es: puntos de victoria, en: victory points}}"},
    "invalid-rounds-setting.tie-breakers": {
        "es": "«tie_breakers» debe ser una lista de desempates en el orden en que deciden",
        "en": "“tie_breakers” must be a list of tie-breakers in the order they decide"},
    "invalid-rounds-setting.tie-breaker": {
        "es": "no hay desempate «{name}»",
        "en": "there is no tie-breaker “{name}”"},
    "invalid-rounds-setting.repeated": {
        "es": "el desempate «{name}» está dos veces en «tie_breakers»",
        "en": "the tie-breaker “{name}” is twice in “tie_breakers”"},
})


def _whole(value: Any, bounds: tuple[int, int]) -> bool:
    return not isinstance(value, bool) and isinstance(value, int) and bounds[0] <= value <= bounds[1]


def rounds_format(given: Any, place: Place) -> tuple[RoundsFormat | None, Findings]:
    """The pack's ``rounds:`` block as the event's format (None: no block, an event that only takes
    lists), and every problem in it, each at its own line."""
    problems = Findings()
    if given is None:
        return None, problems
    if not isinstance(given, dict):
        problems.error("invalid-rounds-setting", place, RULE_PACK, variant="block")
        return None, problems
    for key in given:
        if key not in ROUNDS_KEYS:
            problems.error("invalid-rounds-setting", place.at(key), RULE_PACK, variant="key", key=str(key),
                           hint=closest(str(key), list(ROUNDS_KEYS)))
    count = given.get("count")
    if not _whole(count, COUNT):
        problems.error("invalid-rounds-setting", place.at("count") if "count" in given else place, RULE_PACK,
                       variant="count", least=COUNT[0], most=COUNT[1])
    points = given.get("points", {})
    if not isinstance(points, dict):
        problems.error("invalid-rounds-setting", place.at("points"), RULE_PACK, variant="points")
        points = {}
    for key in points:
        if key not in POINTS_KEYS:
            problems.error("invalid-rounds-setting", place.at("points", key), RULE_PACK, variant="points-key",
                           key=str(key), hint=closest(str(key), list(POINTS_KEYS)))
    scoring = {}
    for key in POINTS_KEYS:
        value = points.get(key, getattr(RoundsFormat, key))
        if not _whole(value, POINTS):
            problems.error("invalid-rounds-setting", place.at("points", key), RULE_PACK, variant="bound", key=key,
                           least=POINTS[0], most=POINTS[1])
        scoring[key] = value
    bye_score = given.get("bye_score", RoundsFormat.bye_score)
    if not _whole(bye_score, BYE_SCORE):
        problems.error("invalid-rounds-setting", place.at("bye_score"), RULE_PACK, variant="bound", key="bye_score",
                       least=BYE_SCORE[0], most=BYE_SCORE[1])
    score = given.get("score")
    names = _score_names(score)
    if score is not None and names is None:
        problems.error("invalid-rounds-setting", place.at("score"), RULE_PACK, variant="score", most=SCORE_NAME)
    tie_breakers = _tie_breakers(given.get("tie_breakers", RoundsFormat.tie_breakers), place.at("tie_breakers"),
                                 problems)
    if problems:
        problems.sort(key=lambda finding: finding.place.line or 0)  # in reading order, as the organiser fixes them
        return None, problems
    score, score_en = names or (None, None)
    return RoundsFormat(count, bye_score=bye_score, score=score, score_en=score_en, tie_breakers=tie_breakers,
                        **scoring), problems


def _score_names(given: Any) -> tuple[str, str | None] | None:
    """A score's name in Spanish and in English: one text for every language (English None), or a
    mapping of both (``{es: …, en: …}``); None: neither."""
    if _name(given):
        return given.strip(), None
    if isinstance(given, dict) and set(given) == {"es", "en"} and all(_name(n) for n in given.values()):
        return given["es"].strip(), given["en"].strip()
    return None


def _name(given: Any) -> bool:
    """A score's name as a pack may give it: a short printable text."""
    return isinstance(given, str) and bool(given.strip()) and len(given) <= SCORE_NAME and given.isprintable()


def _tie_breakers(given: Any, place: Place, problems: Findings) -> tuple[str, ...]:
    known = ", ".join(TIE_BREAKERS)
    if not isinstance(given, (list, tuple)):
        problems.error("invalid-rounds-setting", place, RULE_PACK, variant="tie-breakers", known=known)
        return ()
    seen: list[str] = []
    for i, name in enumerate(given):
        if name not in TIE_BREAKERS:
            hint = closest(str(name), list(TIE_BREAKERS))
            problems.error("invalid-rounds-setting", place.at(i), RULE_PACK, variant="tie-breaker", name=str(name),
                           hint=hint, known=None if hint else known)
        elif name in seen:
            problems.error("invalid-rounds-setting", place.at(i), RULE_PACK, variant="repeated", name=name)
        else:
            seen.append(name)
    return tuple(seen)


def _bounded(least: int, most: int, default: int, description: str) -> dict[str, Any]:
    return {"type": "integer", "minimum": least, "maximum": most, "default": default, "description": description}


ROUNDS_SCHEMA = {
    "type": "object", "additionalProperties": False, "required": ["count"],
    "description": "The event's rounds (the tournament day on the desk): how many, their points and tie-breakers.",
    "properties": {
        "count": {"type": "integer", "minimum": COUNT[0], "maximum": COUNT[1], "description": "How many rounds."},
        "points": {
            "type": "object", "additionalProperties": False,
            "description": "The points of each result.",
            "properties": {
                "win": _bounded(*POINTS, RoundsFormat.win, "The points for a win."),
                "draw": _bounded(*POINTS, RoundsFormat.draw, "The points for a draw."),
                "loss": _bounded(*POINTS, RoundsFormat.loss, "The points for a loss."),
                "bye": _bounded(*POINTS, RoundsFormat.bye, "The points for a bye (a round without an opponent)."),
            },
        },
        "bye_score": _bounded(*BYE_SCORE, RoundsFormat.bye_score, "The game's own score a bye counts for."),
        "score": {
            "description": "What the game's own score is called: one name for every language, or one in "
                           "each (es, en); absent: none kept.",
            "oneOf": [{"type": "string", "minLength": 1, "maxLength": SCORE_NAME},
                      {"type": "object", "additionalProperties": False, "required": ["es", "en"],
                       "properties": {lang: {"type": "string", "minLength": 1, "maxLength": SCORE_NAME}
                                      for lang in ("es", "en")}}]},
        "tie_breakers": {
            "type": "array", "uniqueItems": True, "items": {"enum": list(TIE_BREAKERS)},
            "default": list(RoundsFormat.tie_breakers),
            "description": "The tie-breakers in order, the first deciding first.",
        },
    },
}
