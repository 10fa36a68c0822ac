"""Forms made from a game's schema alone: a sixth game's models give it a working form."""

from pathlib import Path
from types import SimpleNamespace

import pytest

from builder.core import messages, registry
from builder.core.pipeline import evaluate
from builder.core.findings import Place
from builder.web import texts  # noqa: F401 - the page's words
from builder.web.forms import Forms, place_findings

# The schema pydantic would publish for a small game no one has written page code for.
SIXTH = {
    "type": "object", "title": "builder · Sexto", "required": ["system", "name", "bands"],
    "properties": {
        "system": {"const": "sexto", "type": "string"},
        "name": {"type": "string", "minLength": 1, "maxLength": 100, "title": "Name"},
        "veteran": {"type": "boolean", "default": False, "title": "Veteran"},
        "points_limit": {"anyOf": [{"type": "integer", "minimum": 1, "maximum": 1000}, {"type": "null"}], "default": None},
        "stance": {"enum": ["attack", "defend"], "title": "Stance"},
        "bands": {"type": "array", "items": {"$ref": "#/$defs/Band"}, "title": "Bands"},
        "supplies": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}, "title": "Supplies"},
    },
    "$defs": {"Band": {"type": "object", "title": "Band", "required": ["name", "kind", "size"], "properties": {
        "name": {"type": "string", "minLength": 1, "title": "Name"},
        "kind": {"type": "string", "minLength": 1, "title": "Kind"},
        "size": {"type": "integer", "minimum": 2, "maximum": 9, "title": "Size"},
        "gear": {"type": "array", "items": {"type": "string"}, "title": "Gear"}}}},
}
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
DATA = {"system": "sexto", "name": "Los de siempre", "bands": [{"name": "Primera", "kind": "arqueros", "size": 3}]}


def test_every_type_gets_its_control_with_the_bounds_the_schema_sets():
    root = Forms("sexto", SIXTH, "es").build(DATA)
    kinds = {node.at: node.kind for node in root.walk()}
    assert kinds == {"": "object", "system": "constant", "name": "text", "veteran": "checkbox",
                     "points_limit": "number", "stance": "select", "bands": "list", "bands/0": "object",
                     "bands/0/name": "text", "bands/0/kind": "text", "bands/0/size": "number",
                     "bands/0/gear": "list", "supplies": "map"}
    nodes = {node.at: node for node in root.walk()}
    assert (nodes["bands/0/size"].minimum, nodes["bands/0/size"].maximum) == (2, 9)
    assert nodes["points_limit"].required is False and nodes["name"].required is True
    assert nodes["veteran"].present is False and nodes["veteran"].value is False   # its default
    assert [o.value for o in nodes["stance"].options] == ["attack", "defend"]
    assert nodes["bands"].outlined and nodes["bands/0"].title == "Primera"


def test_labels_come_from_the_message_table_then_the_schema_title():
    root = Forms("sexto", SIXTH, "es").build(DATA)
    nodes = {node.at: node for node in root.walk()}
    assert nodes["name"].label == "Nombre"          # form.name, shared by every game
    assert nodes["stance"].label == "Stance"        # the game has no words of its own: its title
    assert Forms("sexto", SIXTH, "en").build(DATA).children[1].label == "Name"


def test_choices_turn_a_text_into_a_list_and_the_most_particular_pattern_wins():
    choices = {"bands/*/kind": [("arqueros", "Arqueros"), ("lanceros", "Lanceros")],
               "bands/0/gear/*": [("arco", "Arco")], "bands/*/gear/*": [("lanza", "Lanza")]}
    root = Forms("sexto", SIXTH, "es", choices).build(DATA)
    nodes = {node.at: node for node in root.walk()}
    assert nodes["bands/0/kind"].kind == "select"
    assert [o.value for o in nodes["bands/0/gear"].options] == ["arco"]


def test_a_name_written_that_the_game_does_not_know_stays_among_the_choices():
    choices = {"bands/*/kind": [("lanceros", "Lanceros")]}
    node = {n.at: n for n in Forms("sexto", SIXTH, "es", choices).build(DATA).walk()}["bands/0/kind"]
    assert [o.value for o in node.options] == ["arqueros", "lanceros"]


def test_a_new_part_starts_with_what_its_schema_requires():
    forms = Forms("sexto", SIXTH, "es", {"bands/*/kind": [("lanceros", "Lanceros")]})
    band = forms.resolve(SIXTH["properties"]["bands"]["items"])
    # Required keys only: a name numbered after the parts there are, the first choice, the least size.
    assert forms.default(band, ("bands", 1), 1) == {"name": "Nuevo 2", "kind": "lanceros", "size": 2}


def test_a_finding_sits_at_the_deepest_part_its_path_reaches():
    root = Forms("sexto", SIXTH, "es").build(DATA)
    doc = SimpleNamespace(label="lista.yaml", line_of=lambda path: 1)
    here = SimpleNamespace(place=Place(doc, ("bands", 0, "size", "extra")), severity="error")
    whole = SimpleNamespace(place=Place(doc, ()), severity="error")
    other = SimpleNamespace(place=Place(SimpleNamespace(label="otro.yaml", line_of=lambda p: 1), ("bands", 0)),
                            severity="error")
    assert place_findings(root, [here, whole, other], "lista.yaml") == [whole, other]
    assert {n.at: n for n in root.walk()}["bands/0/size"].findings == [here]


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*/*.yaml")), ids=lambda p: p.name)
def test_every_game_builds_a_form_for_each_of_its_examples(path):
    ev = evaluate(path, path.name)
    system = registry.get(ev.system)
    forms = Forms(system.key, system.schema(), "es", system.choices(ev.source.data, ev, "es"),
                  system.notes(ev, "es"))
    root = forms.build(ev.source.data)
    # Every value the file holds has its place in the form.
    assert {n.path for n in root.walk()} >= set(_paths(ev.source.data)), path.name


def _paths(data, path=()):
    yield path
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _paths(v, path + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _paths(v, path + (i,))


def test_a_tables_entries_are_not_offered_the_tables_names():
    forms = Forms("sexto", SIXTH, "es", {"supplies/*": [("agua", "agua"), ("pan", "pan")]})
    node = forms.build({"system": "sexto", "name": "x", "bands": [], "supplies": {"agua": 3}})
    supplies = next(n for n in node.walk() if n.path == ("supplies",))
    assert [o.value for o in supplies.options] == ["agua", "pan"]
    assert supplies.children[0].kind == "number" and supplies.children[0].options == []
    # A new entry is a number, and one of it (a table of none of something would say nothing).
    assert forms.default(SIXTH["properties"]["supplies"]["additionalProperties"], ("supplies", "pan"), entry=True) == 1


def schema_keys(node) -> set[str]:
    """Every property key of a JSON schema, in nested objects and definitions too."""
    if isinstance(node, dict):
        own = set(node["properties"]) if isinstance(node.get("properties"), dict) else set()
        return own.union(*(schema_keys(v) for v in node.values()))
    if isinstance(node, list):
        return set().union(*(schema_keys(v) for v in node))
    return set()


@pytest.mark.parametrize("system", registry.all_systems(), ids=lambda s: s.key)
def test_every_key_of_every_games_file_has_a_label_in_both_languages(system):
    table = registry.all_messages()
    shared = {k.removeprefix("form.") for k in table if k.startswith("form.") and k.count(".") == 1}
    keys = schema_keys(system.schema())
    for key in keys:
        label = table.get(f"form.{system.key}.{key}") or table.get(f"form.{key}")
        assert label is not None, key
        assert all(label[lang].strip() and len(label[lang]) <= 50 for lang in ("es", "en")), key
    own = {k.removeprefix(f"form.{system.key}.") for k in table
           if k.startswith(f"form.{system.key}.") and not k.startswith((f"form.{system.key}.variant.",
                                                                         f"form.{system.key}.value.",
                                                                         f"form.{system.key}.one."))}
    assert own <= keys           # no label for a key the file no longer has
    assert not own & shared      # nor one the page already labels for every game
    # One part of a list, by its kind (a new one's name): only for lists the file has, in both languages.
    ones = {k.removeprefix(f"form.{system.key}.one."): v for k, v in table.items() if k.startswith(f"form.{system.key}.one.")}
    assert ones and set(ones) <= keys
    assert all(v[lang].strip() and len(v[lang]) <= 30 for v in ones.values() for lang in ("es", "en"))


def test_the_forms_a_value_may_take_are_named_in_the_players_words():
    system = registry.get("wartime")
    data = evaluate(EXAMPLES / "wartime" / "fenix-warbook.yaml", "fenix-warbook.yaml").source.data
    for lang, words in (("es", ["un valor en K²", "círculo", "rectángulo", "triángulo", "varias partes que se suman"]),
                        ("en", ["a value in K²", "circle", "rectangle", "triangle", "several parts added up"])):
        area = {n.at: n for n in Forms("wartime", system.schema(), lang).build(data).walk()}["warbook/weapons/2/area"]
        assert [v.label for v in area.variants] == words


def unions(forms: Forms, schema, key="", path=(), seen=None):
    """Every value of a game's file that may take several forms: its path, key and forms."""
    seen = set() if seen is None else seen
    alternatives, _ = forms.alternatives(schema)
    if len(alternatives) > 1:
        yield path, key, alternatives
    for form in alternatives:
        if (form.get("title"), key) in seen:
            continue
        seen.add((form.get("title"), key))
        for name, sub in form.get("properties", {}).items():
            yield from unions(forms, sub, name, (*path, name), seen)
        if isinstance(form.get("additionalProperties"), dict):
            yield from unions(forms, form["additionalProperties"], "*", (*path, "*"), seen)
        if form.get("type") == "array":
            yield from unions(forms, form.get("items", {}), 0, (*path, 0), seen)


@pytest.mark.parametrize("system", registry.all_systems(), ids=lambda s: s.key)
def test_every_form_a_value_may_take_is_named_by_its_game_never_by_a_type_word(system):
    # A newcomer read «un acompañante | lista» and «número | círculo | … | lista»: the schema's
    # types, not what they are. Each form is named in the game's words, in both languages, and
    # no two forms of a value alike; never a model's own (English) title either.
    for lang in ("es", "en"):
        forms = Forms(system.key, system.schema(), lang)
        type_words = {messages.text(f"serve.variant.{t}", lang)
                      for t in ("string", "number", "integer", "object", "array", "boolean")}
        for path, key, alternatives in unions(forms, forms.schema):
            labels = [forms._variant_label(form, key) for form in alternatives]
            titles = {str(form.get("title")) for form in alternatives if form.get("title")}
            assert not set(labels) & (type_words | titles), (lang, path, labels)
            assert len(set(labels)) == len(labels), (lang, path, labels)


def test_a_fields_fixed_values_are_offered_in_the_players_words():
    system = registry.get("confrontation")
    data = evaluate(EXAMPLES / "confrontation" / "artilleria-no-dan-kar.yaml", "a.yaml").source.data
    kind = {n.at: n for n in Forms("confrontation", system.schema(), "es").build(data).walk()}["machines/0/kind"]
    # The file writes «movil»; the player reads «Móvil», as a label starts (and the value written stays the file's).
    assert [(o.value, o.label) for o in kind.options] == [("movil", "Móvil"), ("inmovil", "Inmóvil")]

