"""gloss's value types behave as :class:`typing.NamedTuple` classes do: the same fields,
defaults, methods, repr, equality, hashing, pickling and signature."""

from __future__ import annotations

import copy
import inspect
import pickle
import typing
from typing import Any

import pytest

from glossary_cli import values
from glossary_cli.model import Concept, Term

#: The same class declared with each maker (typing's first).
MAKERS: list[Any] = [typing.NamedTuple, values.NamedTuple]


def declare(maker: Any) -> Any:
    """A class with a required field, defaults, a method and a property, made by maker."""

    class Sample(maker):  # type: ignore[misc]
        """A sample value."""

        text: str
        kind: str | None = None
        count: int = 3

        def shout(self) -> str:
            return str(self.text).upper()

        @property
        def more(self) -> int:
            return int(self.count) + 1

    return Sample


def behaviour(cls: Any) -> list[Any]:
    """What a caller can observe of a value of cls."""
    value = cls("a", count=5)
    return [
        [c.__name__ for c in type(value).__mro__],
        repr(value),
        value._asdict(),
        repr(value._replace(text="b")),
        repr(cls._make(["x", "y", 1])),
        value.shout(),
        value.more,
        value == ("a", None, 5),
        hash(value) == hash(("a", None, 5)),
        copy.copy(value) == value,
        cls._fields,
        cls._field_defaults,
        cls.__match_args__,
        [(p.name, p.kind, p.default) for p in inspect.signature(cls).parameters.values()],
        cls.__doc__,
        cls.text.__doc__,
        list(cls.__annotations__),
        hasattr(value, "__dict__"),
    ]


def test_a_value_type_behaves_as_typing_makes_it() -> None:
    made_by_typing, made_here = (behaviour(declare(maker)) for maker in MAKERS)
    assert made_here == made_by_typing


@pytest.mark.parametrize("maker", MAKERS)
def test_a_value_refuses_what_a_named_tuple_refuses(maker: Any) -> None:
    cls = declare(maker)
    value = cls("a")
    with pytest.raises(AttributeError):
        value.text = "b"
    with pytest.raises(ValueError, match="unexpected field names"):
        value._replace(nothing=1)
    with pytest.raises(TypeError):
        cls()
    with pytest.raises(TypeError):
        cls._make(["a"])


def test_the_model_is_made_here() -> None:
    term = Term("LoRA")
    assert isinstance(term, tuple) and type(term).__bases__ == (tuple,)
    assert term._replace(text="QLoRA").text == "QLoRA"
    assert "id" in Concept._fields
    assert pickle.loads(pickle.dumps(term)) == term


@pytest.mark.parametrize("size", [1, 2, 16, 17, 20])
def test_every_number_of_fields(size: int) -> None:
    names = [f"f{i}" for i in range(size)]
    cls = values._make_class("Wide", {"__annotations__": dict.fromkeys(names, "int")})
    value = cls(*range(size))
    assert value == tuple(range(size)) and value._asdict() == dict(
        zip(names, range(size), strict=True)
    )
    assert str(inspect.signature(cls)) == "(" + ", ".join(f"{n}: 'int'" for n in names) + ")"
