"""The whole event as JSON from its store: a Cripmaquión event's race days and the campaign's
classifications, the ones `builder campaign` gives the book's example campaign."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import yaml
from click.testing import CliRunner

from builder.cli.main import cli
from builder.core.pack import RoundsFormat
from builder.events.event_json import EventExport
from builder.events.packs import load_pack
from builder.events.schema import Checked
from builder.events.store import Store
from builder.events.stored_json import event_to_json

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "cripmaquion"


def test_a_race_events_file_holds_its_days_and_the_campaigns_classifications(tmp_path):
    pack_file = tmp_path / "carrera.yaml"
    pack_file.write_text("system: cripmaquion\nname: El infierno de Amauta\n", encoding="utf-8")
    pack = dataclasses.replace(load_pack(str(pack_file)), rounds=RoundsFormat(count=2))
    store = Store.open(f"sqlite:///{tmp_path / 'carrera.sqlite'}")
    event = store.create_event(pack.name, "cripmaquion")
    for name in ("saqueadores-rio-lobo.yaml", "grupetto-verde.yaml"):
        store.register(event, name.removesuffix(".yaml"), {name: (EXAMPLE / name).read_text(encoding="utf-8")},
                       Checked("cripmaquion", None, None, True, 0, None))
    stages = yaml.safe_load((EXAMPLE / "infierno-de-amauta.yaml").read_text(encoding="utf-8"))["stages"]
    for n, stage in enumerate(stages, start=1):
        store.enter_race_day(event, n, yaml.safe_dump(stage, allow_unicode=True))
    target = tmp_path / "evento.json"
    event_to_json(store, event, pack, target, "es")
    store.close()
    found = EventExport.model_validate_json(target.read_bytes())
    assert [t.name for t in found.teams] == ["saqueadores-rio-lobo", "grupetto-verde"]
    assert [d.stage["name"] for d in found.race.days] == ["1ª jornada", "2ª jornada"]
    book = json.loads(CliRunner().invoke(cli, ["campaign", str(EXAMPLE / "infierno-de-amauta.yaml"),
                                               "--format", "json"]).output)
    for key in ("general", "dureza", "honor"):
        assert found.race.classifications[key] == book[key]
