"""Records: what a validated roster is made of when builder checks it.

Each system's ``models.py`` describes its files with pydantic models, the one source of
truth. ``builder.core.codegen`` turns them into a generated ``records.py`` beside them: the
same classes, as plain ``Record`` subclasses, and pydantic-core schemas derived from the
models. pydantic-core (which pydantic itself runs on) validates with those schemas, so a
check never builds pydantic's model machinery: start-up stays close to importing
click, pydantic and PyYAML. A test proves the generated modules match the models.
"""

from __future__ import annotations

import importlib
from typing import Any, ClassVar

from pydantic_core import SchemaSerializer, SchemaValidator


class Record:
    """A validated, frozen value with the fields its model declares, read as attributes."""

    # pydantic-core fills these four when it validates a model schema into an instance.
    __slots__ = ("__dict__", "__pydantic_fields_set__", "__pydantic_extra__", "__pydantic_private__")

    schema: ClassVar[dict[str, Any]]
    """The pydantic-core schema, derived from the model."""
    source: ClassVar[str]
    """The model this record is generated from, as ``module:Class``."""
    field_keys: ClassVar[dict[str, str]]
    """Attribute -> the key a file writes it with (``int_`` -> ``int``)."""
    nested: ClassVar[dict[str, tuple[type["Record"], ...]]]
    """Key -> the records its value may hold (for "did you mean" inside nested values)."""
    _validator: ClassVar[SchemaValidator | None] = None
    _serializer: ClassVar[SchemaSerializer | None] = None

    def __init__(self, **data: Any) -> None:
        """A record from its keys as a file writes them, validated as a file's would be."""
        _fill(self, type(self).validate(data))

    @classmethod
    def validator(cls) -> SchemaValidator:
        if cls.__dict__.get("_validator") is None:
            cls._validator = SchemaValidator(cls.schema)
        return cls._validator  # type: ignore[return-value]

    @classmethod
    def validate(cls, data: Any) -> Any:
        """A record of this class from plain data; pydantic_core.ValidationError if it isn't valid."""
        return cls.validator().validate_python(data)

    @classmethod
    def pydantic(cls) -> Any:
        """The pydantic model this record comes from (imports pydantic: for JSON Schema and packs)."""
        module, name = cls.source.split(":")
        return getattr(importlib.import_module(module), name)

    def model_dump(self, **options: Any) -> dict[str, Any]:
        """The record as plain data; the options are pydantic's ``model_dump``'s."""
        cls = type(self)
        if cls.__dict__.get("_serializer") is None:
            cls._serializer = SchemaSerializer(cls.schema)
        return cls._serializer.to_python(self, **options)  # type: ignore[union-attr]

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen")

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.__dict__ == other.__dict__

    def __hash__(self) -> int:
        return hash((type(self), *self.__dict__.values()))

    def __reduce__(self) -> tuple[Any, ...]:
        # pickle and copy would otherwise restore the slots through the frozen __setattr__
        return _restore, (type(self), tuple(object.__getattribute__(self, n) for n in _STATE))

    def __repr__(self) -> str:
        inside = ", ".join(f"{k}={v!r}" for k, v in self.__dict__.items())
        return f"{type(self).__name__}({inside})"


_STATE = Record.__slots__


def _fill(record: Record, state: Any) -> None:
    for name in _STATE:
        object.__setattr__(record, name, getattr(state, name))


def _restore(cls: type[Record], values: tuple[Any, ...]) -> Record:
    record = object.__new__(cls)
    for name, value in zip(_STATE, values):
        object.__setattr__(record, name, value)
    return record
