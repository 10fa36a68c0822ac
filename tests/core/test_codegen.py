"""The generated records modules: what builder.core.codegen writes from the models, kept in step."""

import sys
from typing import Literal

import pydantic_core
import pytest
from pydantic import AfterValidator, BaseModel, Field
from typing_extensions import Annotated

from builder.core import codegen

from builder.core import registry
from builder.core.fields import Strict
from tests.locked import pins


def _skip_unless_generated_with_this_pydantic_core(key: str) -> None:
    """On the locked install these tests always run; with another pydantic-core (``make
    test-latest``) builder derives the schemas again at start-up, and they can't hold."""
    locked = pins()["pydantic-core"]
    if pydantic_core.__version__ != locked:
        pytest.skip(f"pydantic-core {pydantic_core.__version__} is not the locked {locked}: "
                    "the records are generated for the lock (builder derives them again at start-up)")


@pytest.mark.parametrize("key", registry.keys())
def test_each_records_module_is_generated_for_the_locked_pydantic_core(key):
    text = codegen.records_path(key).read_text(encoding="utf-8")
    assert f"PYDANTIC_CORE = {pins()['pydantic-core']!r}" in text, \
        "requirements.lock.txt moved pydantic-core: run `make records` and commit the records with the lock"


@pytest.mark.parametrize("key", registry.keys())
def test_each_records_module_is_what_the_generator_writes_from_the_models(key):
    path = codegen.records_path(key)
    _skip_unless_generated_with_this_pydantic_core(key)
    assert path.read_text(encoding="utf-8") == codegen.generate(key), \
        f"{path} is out of date: run `python -m builder.core.codegen`"


def test_the_check_option_names_stale_modules_and_writes_nothing(tmp_path, monkeypatch, capsys):
    written = {key: tmp_path / f"{key}.py" for key in registry.keys()}
    for key, path in written.items():
        path.write_text(codegen.generate(key), encoding="utf-8")
    written["porcrom"].write_text("# edited by hand\n", encoding="utf-8")
    monkeypatch.setattr(codegen, "records_path", written.get)
    assert codegen.main(["--check"]) == 1
    assert "porcrom.py" in capsys.readouterr().out
    assert written["porcrom"].read_text(encoding="utf-8") == "# edited by hand\n"
    assert codegen.main([]) == 0
    assert codegen.main(["--check"]) == 0


def test_records_keep_the_models_classes_constants_and_keys():
    from builder.systems.wartime import models, records

    assert records.KINDS == models.KINDS and records.MODELS_MOST == models.MODELS_MOST
    assert issubclass(records.Body, records.Archetype)
    assert records.Body.field_keys["int_"] == "int"
    assert records.Warbook.nested["bodies"] == (records.Body,)
    assert records.Body.pydantic() is models.Body


def test_a_module_generated_for_another_pydantic_core_is_derived_again_from_its_models(monkeypatch):
    from builder.systems.cripmaquion import records

    namespace = codegen.rebuild(records.__name__)
    assert namespace["PYDANTIC_CORE"] == pydantic_core.__version__
    runner = namespace["Runner"].validate({"name": "Ana", "race": "humano"})
    assert (runner.name, runner.specialties) == ("Ana", [])
    assert type(runner).__module__ == records.__name__


class WithLambda(Strict):
    name: Annotated[str, AfterValidator(lambda v: v)]


def test_a_model_whose_schema_the_generator_cannot_write_is_refused_with_its_reason():
    with pytest.raises(codegen.Unsupported, match="lambda"):
        codegen.records_of(sys.modules[__name__])


def test_a_model_with_methods_is_refused():
    class WithMethod(Strict):
        kind: Literal["a"] = "a"

        def total(self) -> int:
            return 1

    WithMethod.__module__ = "probe"
    module = type(sys)("probe")
    module.WithMethod = WithMethod
    with pytest.raises(codegen.Unsupported, match="total"):
        codegen.records_of(module)


def test_only_the_command_line_tools_that_need_pydantic_models_import_them():
    from pathlib import Path

    _skip_unless_generated_with_this_pydantic_core("wartime")

    from tests.support import loaded_after

    examples = Path(__file__).resolve().parents[2] / "examples"
    example = examples / "wartime" / "compania-fenix.yaml"
    assert loaded_after(["check", example], "pydantic.main", "builder.core.fields") == [False, False]
    # An event's pack that overrides keys of the lists: their fingerprints are kept without models.
    tournament = examples / "tournament"
    assert loaded_after(["check", tournament / "lists", "--pack", tournament / "pack" / "torneo-otono.yaml"],
                        "pydantic.main") == [False]
    assert loaded_after(["schema", "wartime"], "pydantic.main") == [True]


def test_a_plain_model_outside_strict_is_refused():
    class Loose(BaseModel):
        x: int = Field(0)

    Loose.__module__ = "loose"
    module = type(sys)("loose")
    module.Loose = Loose
    with pytest.raises(codegen.Unsupported, match="Strict"):
        codegen.records_of(module)


def test_records_generated_with_another_pydantic_core_are_derived_again_and_check_the_same(tmp_path):
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    _skip_unless_generated_with_this_pydantic_core("wartime")

    root = Path(__file__).resolve().parents[2]
    for folder in ("builder", "catalogs", "templates"):
        shutil.copytree(root / folder, tmp_path / folder, ignore=shutil.ignore_patterns("__pycache__"))
    for records in (tmp_path / "builder" / "systems").glob("*/records.py"):
        text = records.read_text(encoding="utf-8")
        records.write_text(text.replace(f"PYDANTIC_CORE = {pydantic_core.__version__!r}", "PYDANTIC_CORE = '0.0.0'"),
                           encoding="utf-8")
    outputs = []
    for where in (root, tmp_path):
        probe = ("import sys\nfrom builder.cli.main import cli\nimport builder\n"
                 "try:\n    cli(['check', *sys.argv[1:], '--format', 'json'], prog_name='builder')\n"
                 "finally:\n    print(builder.__file__, 'builder.core.codegen' in sys.modules, file=sys.stderr)")
        examples = [str(p) for p in sorted((root / "examples").glob("*/*.yaml"))]
        done = subprocess.run([sys.executable, "-c", probe, *examples], capture_output=True, text=True, cwd=where,
                              env={**__import__("os").environ, "PYTHONPATH": str(where)})
        assert f"{where / 'builder' / '__init__.py'} {where == tmp_path}" in done.stderr  # derived again: codegen ran
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1] and '"fingerprint"' in outputs[0]
