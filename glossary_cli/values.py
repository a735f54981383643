"""The maker of gloss's value types: ``class Term(NamedTuple)`` as :class:`typing.NamedTuple`
writes it, made for a fraction of the cost.

Every module imports its ``NamedTuple`` from here::

    from glossary_cli.values import NamedTuple

Type checkers see :class:`typing.NamedTuple` itself. At run time the classes are the same
kind of class: a subclass of :class:`tuple` (and nothing else) with ``__slots__ = ()``, one
read-only property per field, ``_fields``, ``_field_defaults``, ``__match_args__``,
``__annotations__``, ``_make``, ``_replace``, ``_asdict``, the same ``repr``, equality, hashing
and pickling. What differs is how: :func:`collections.namedtuple` writes the source of each
class's ``__new__`` and compiles it (``typing.NamedTuple`` then checks each annotation), about
0.9 M instructions a class; a lookup's path creates over forty of them, a tenth of a
``gloss show``. Here ``__new__`` is a copy of a function compiled with this module (one per
number of fields) with the field names given to its arguments, and the other methods are
shared by every class.
"""

from __future__ import annotations

import sys
from types import FunctionType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from typing import NamedTuple as NamedTuple

    _tuplegetter: Any
else:
    try:
        from _collections import _tuplegetter
    except ImportError:  # another implementation than CPython
        from operator import itemgetter

        def _tuplegetter(index, doc):
            return property(itemgetter(index), doc=doc)


_tuple_new = tuple.__new__


# One __new__ per number of fields: the arguments are renamed after the fields (see _new).
def _n1(_cls: Any, a0: Any) -> Any:
    return _tuple_new(_cls, (a0,))


def _n2(_cls: Any, a0: Any, a1: Any) -> Any:
    return _tuple_new(_cls, (a0, a1))


def _n3(_cls: Any, a0: Any, a1: Any, a2: Any) -> Any:
    return _tuple_new(_cls, (a0, a1, a2))


def _n4(_cls: Any, a0: Any, a1: Any, a2: Any, a3: Any) -> Any:
    return _tuple_new(_cls, (a0, a1, a2, a3))


def _n5(_cls: Any, a0: Any, a1: Any, a2: Any, a3: Any, a4: Any) -> Any:
    return _tuple_new(_cls, (a0, a1, a2, a3, a4))


def _n6(_cls: Any, a0: Any, a1: Any, a2: Any, a3: Any, a4: Any, a5: Any) -> Any:
    return _tuple_new(_cls, (a0, a1, a2, a3, a4, a5))


def _n7(_cls: Any, a0: Any, a1: Any, a2: Any, a3: Any, a4: Any, a5: Any, a6: Any) -> Any:
    return _tuple_new(_cls, (a0, a1, a2, a3, a4, a5, a6))


def _n8(_cls: Any, a0: Any, a1: Any, a2: Any, a3: Any, a4: Any, a5: Any, a6: Any, a7: Any) -> Any:
    return _tuple_new(_cls, (a0, a1, a2, a3, a4, a5, a6, a7))


def _n9(
    _cls: Any, a0: Any, a1: Any, a2: Any, a3: Any, a4: Any, a5: Any, a6: Any, a7: Any, a8: Any
) -> Any:
    return _tuple_new(_cls, (a0, a1, a2, a3, a4, a5, a6, a7, a8))


def _n10(
    _cls: Any,
    a0: Any,
    a1: Any,
    a2: Any,
    a3: Any,
    a4: Any,
    a5: Any,
    a6: Any,
    a7: Any,
    a8: Any,
    a9: Any,
) -> Any:
    return _tuple_new(_cls, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9))


def _n11(
    _cls: Any,
    a0: Any,
    a1: Any,
    a2: Any,
    a3: Any,
    a4: Any,
    a5: Any,
    a6: Any,
    a7: Any,
    a8: Any,
    a9: Any,
    a10: Any,
) -> Any:
    return _tuple_new(_cls, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10))


def _n12(
    _cls: Any,
    a0: Any,
    a1: Any,
    a2: Any,
    a3: Any,
    a4: Any,
    a5: Any,
    a6: Any,
    a7: Any,
    a8: Any,
    a9: Any,
    a10: Any,
    a11: Any,
) -> Any:
    return _tuple_new(_cls, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11))


def _n13(
    _cls: Any,
    a0: Any,
    a1: Any,
    a2: Any,
    a3: Any,
    a4: Any,
    a5: Any,
    a6: Any,
    a7: Any,
    a8: Any,
    a9: Any,
    a10: Any,
    a11: Any,
    a12: Any,
) -> Any:
    return _tuple_new(_cls, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12))


def _n14(
    _cls: Any,
    a0: Any,
    a1: Any,
    a2: Any,
    a3: Any,
    a4: Any,
    a5: Any,
    a6: Any,
    a7: Any,
    a8: Any,
    a9: Any,
    a10: Any,
    a11: Any,
    a12: Any,
    a13: Any,
) -> Any:
    return _tuple_new(_cls, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13))


def _n15(
    _cls: Any,
    a0: Any,
    a1: Any,
    a2: Any,
    a3: Any,
    a4: Any,
    a5: Any,
    a6: Any,
    a7: Any,
    a8: Any,
    a9: Any,
    a10: Any,
    a11: Any,
    a12: Any,
    a13: Any,
    a14: Any,
) -> Any:
    return _tuple_new(_cls, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14))


def _n16(
    _cls: Any,
    a0: Any,
    a1: Any,
    a2: Any,
    a3: Any,
    a4: Any,
    a5: Any,
    a6: Any,
    a7: Any,
    a8: Any,
    a9: Any,
    a10: Any,
    a11: Any,
    a12: Any,
    a13: Any,
    a14: Any,
    a15: Any,
) -> Any:
    return _tuple_new(_cls, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15))


_TEMPLATES = (_n1, _n2, _n3, _n4, _n5, _n6, _n7, _n8, _n9, _n10, _n11, _n12, _n13, _n14, _n15, _n16)


def _new(typename: str, fields: tuple[str, ...], defaults: tuple[Any, ...]) -> Any:
    """The ``__new__`` of a class of these fields: the template of their number with its
    arguments named after them (so that keywords, defaults and :func:`inspect.signature` work
    as with :func:`collections.namedtuple`'s)."""
    if not 0 < len(fields) <= len(_TEMPLATES):  # no template: collections compiles one
        from collections import namedtuple

        return namedtuple(typename, fields, defaults=defaults).__new__
    code = _TEMPLATES[len(fields) - 1].__code__
    code = code.replace(co_varnames=("_cls", *fields), co_name="__new__")
    if sys.version_info >= (3, 11):
        code = code.replace(co_qualname=f"{typename}.__new__")
    new = FunctionType(code, globals(), "__new__", defaults or None)
    new.__qualname__ = f"{typename}.__new__"
    new.__doc__ = f"Create new instance of {typename}({', '.join(fields)})"
    return new


def _make(cls: Any, iterable: Any) -> Any:
    """Make a new object from a sequence or iterable."""
    result = _tuple_new(cls, iterable)
    if len(result) != len(cls._fields):
        raise TypeError(f"Expected {len(cls._fields)} arguments, got {len(result)}")
    return result


def _replace(self: Any, /, **kwds: Any) -> Any:
    """Return a new object replacing specified fields with new values."""
    result = self._make(map(kwds.pop, self._fields, self))
    if kwds:
        raise ValueError(f"Got unexpected field names: {list(kwds)!r}")
    return result


def _repr(self: Any) -> str:
    """Return a nicely formatted representation string."""
    text: str = self.__class__.__name__ + self._repr_fmt % self
    return text


def _asdict(self: Any) -> dict[str, Any]:
    """Return a new dict which maps field names to their values."""
    return dict(zip(self._fields, self, strict=True))


def _getnewargs(self: Any) -> tuple[Any, ...]:
    """Return self as a plain tuple.  Used by copy and pickle."""
    return tuple(self)


_MAKE = classmethod(_make)

#: Names a class body may not define (they are the class's own machinery).
_PROHIBITED = frozenset(
    {
        "__new__",
        "__init__",
        "__slots__",
        "__getnewargs__",
        "_fields",
        "_field_defaults",
        "_make",
        "_replace",
        "_asdict",
        "_source",
    }
)


def _make_class(typename: str, ns: dict[str, Any]) -> type:
    """The tuple class a ``class X(NamedTuple)`` body declares."""
    annotations = ns.get("__annotations__", {})
    fields = tuple(annotations)
    defaults = []
    for name in fields:
        if name.startswith("_"):
            raise ValueError(f"Field names cannot start with an underscore: {name!r}")
        if name in ns:
            defaults.append(ns.pop(name))
        elif defaults:
            raise TypeError(
                f"Non-default namedtuple field {name} cannot follow default field"
                f"{'s' if len(defaults) > 1 else ''} {', '.join(fields[: len(defaults)])}"
            )
    for key in ns:
        if key in _PROHIBITED:
            raise AttributeError("Cannot overwrite NamedTuple attribute " + key)
    ns.setdefault("__doc__", f"{typename}({', '.join(fields)})")
    ns["__slots__"] = ()
    ns["_fields"] = fields
    ns["_field_defaults"] = dict(zip(fields[len(fields) - len(defaults) :], defaults, strict=True))
    ns["__match_args__"] = fields
    ns["_repr_fmt"] = "(" + ", ".join(f"{name}=%r" for name in fields) + ")"
    new = _new(typename, fields, tuple(defaults))
    new.__annotations__ = dict(annotations)
    ns["__new__"] = new
    ns["_make"] = _MAKE
    ns["_replace"] = _replace
    ns["__repr__"] = _repr
    ns["_asdict"] = _asdict
    ns["__getnewargs__"] = _getnewargs
    for index, name in enumerate(fields):
        ns[name] = _tuplegetter(index, f"Alias for field number {index}")
    return type(typename, (tuple,), ns)


if not TYPE_CHECKING:

    class _Maker(type):
        """The metaclass of the class ``NamedTuple`` stands for in a class's bases."""

        def __new__(mcls, typename, bases, ns):
            if ns.get("_root", False):
                return super().__new__(mcls, typename, bases, ns)
            if bases != (_Root,):
                raise TypeError("a NamedTuple class has no other base class here")
            return _make_class(typename, ns)

    class _Root(metaclass=_Maker):
        _root = True

    def NamedTuple(typename, fields=None, /):
        """Stands for :class:`typing.NamedTuple` in a class's bases (the class form only)."""
        raise TypeError("write class X(NamedTuple): with annotated fields")

    NamedTuple.__mro_entries__ = lambda bases: (_Root,)
