"""YAML in and out: the one module that imports PyYAML.

Records, curation and manifests are read with a safe loader (libyaml's parser when available)
that refuses a key given twice in one mapping, and written with the safe dumper, UTF-8 kept
readable, keys in insertion order, no line folding (so output is byte-stable).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from functools import cache
from typing import Any

from glossary_cli.errors import RecordError


def dump_yaml(data: Any) -> str:
    """YAML text of plain data: ``yaml.safe_dump`` with UTF-8 text kept readable, keys in
    insertion order, block style, no line folding (so output is byte-stable).

    Strings holding U+0085, U+2028 or U+2029 are written double-quoted (``\\N``, ``\\L``,
    ``\\P``): PyYAML would write them in a single-quoted scalar that reads back with the
    character turned into a space.
    """
    import yaml

    return yaml.dump(
        data,
        Dumper=_dumper(),
        allow_unicode=True,
        sort_keys=False,
        default_flow_style=False,
        width=1_000_000,
    )


def dump_yaml_to(
    head: Mapping[str, Any],
    key: str,
    items: Iterable[Any],
    write: Callable[[str], object],
    *,
    chunk: int = 1000,
) -> None:
    """Write the YAML text of ``{**head, key: [*items]}`` — byte for byte what
    :func:`dump_yaml` gives of it — as the items come, ``chunk`` of them at a time, so that
    memory holds one chunk of them, not the list.

    A block sequence that is a mapping's value is written at the mapping's own indentation
    (PyYAML's emitter does not indent it), as a sequence that is a whole document is: the
    text of the first chunk in the document, then the text of each later chunk dumped as a
    list of its own, is the text of the whole. ``key`` is the document's last key.

    Args:
        head: the document's first keys and their values.
        key: the key of the list.
        items: the list's items (plain data), iterated once.
        write: takes each part of the text in order (a text file's ``write``).
        chunk: items per part.
    """
    parts = iter(items)
    first = list(itertools.islice(parts, chunk))
    write(dump_yaml({**head, key: first}))
    while more := list(itertools.islice(parts, chunk)):
        write(dump_yaml(more))


_BREAKS = ("\x85", "\u2028", "\u2029")


@cache
def _dumper() -> Any:
    """The safe dumper, on libyaml's emitter when PyYAML has it (``CSafeDumper``: four times
    faster, and byte for byte the same text on the bundled records and the worst-case
    fixtures), else PyYAML's own."""
    import yaml

    class Dumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # type: ignore[misc]
        pass

    def represent_str(dumper: yaml.SafeDumper, value: str) -> Any:
        style = '"' if ("\x85" in value or "\u2028" in value or "\u2029" in value) else None
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)

    Dumper.add_representer(str, represent_str)
    return Dumper


@contextmanager
def paused_gc() -> Iterator[None]:
    """Run a block without Python's cyclic garbage collector (``gc.disable``), then restore it.

    Parsing records and computing their keys allocate millions of dicts, lists and tuples
    that hold no reference cycles: reference counting frees them all, while the collector,
    triggered every 700 allocations, traverses the growing heap again and again to find
    nothing. Without it libyaml parses records about twice as fast (``benchmarks/RESULTS.md``).
    """
    import gc

    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


@cache
def _loader() -> Any:
    """The safe loader (libyaml's parser when available) that refuses a key given twice in
    one mapping: YAML 1.2 §3.2.1.1 requires keys to be unique, and PyYAML would keep the
    last value without a word (two ``en:`` keys of one item silently made a concept id); and
    refuses aliases, so that a file cannot expand into more values than it holds."""
    import yaml

    base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    merge = "tag:yaml.org,2002:merge"

    class Loader(base):  # type: ignore[misc, valid-type]
        def construct_object(self, node: Any, deep: bool = False) -> Any:
            # A node reached a second time is an alias (YAML 1.2 §3.2.2.2): gloss never writes
            # one, and nested aliases make a few lines of YAML stand for billions of values.
            if node in self.constructed_objects:
                raise yaml.constructor.ConstructorError(
                    None,
                    None,
                    "the value anchored here (&name) is repeated by an alias (*name); glossary "
                    "files use no anchors or aliases: write each value out",
                    node.start_mark,
                )
            try:
                return super().construct_object(node, deep=deep)
            except (ValueError, OverflowError, IndexError, KeyError) as exc:
                # a scalar YAML 1.1 resolves to a type it then cannot build: a date that is
                # no date (2019-06-35), an explicit !!int or !!float of no number (or none:
                # !!int "" is an IndexError in PyYAML, !!bool maybe a KeyError)
                raise yaml.constructor.ConstructorError(
                    None, None, _unbuildable(node, exc), node.start_mark
                ) from None

        def construct_mapping(self, node: Any, deep: bool = False) -> Any:
            if isinstance(node, yaml.MappingNode):
                seen: dict[str, Any] = {}
                for key, _ in node.value:
                    if not isinstance(key, yaml.ScalarNode) or key.tag == merge:
                        continue
                    first: Any = seen.setdefault(key.value, key.start_mark)
                    if first is not key.start_mark:
                        raise yaml.constructor.ConstructorError(
                            None,
                            None,
                            f"the key {key.value!r} is given twice in one mapping "
                            f"(first on line {first.line + 1})",
                            key.start_mark,
                        )
            return super().construct_mapping(node, deep=deep)

    return Loader


def _unbuildable(node: Any, exc: Exception) -> str:
    """The message of a scalar that YAML reads as a date or a number but that is none."""
    value = str(getattr(node, "value", ""))[:60]
    kind = str(getattr(node, "tag", "")).rpartition(":")[2] or "value"
    if kind == "timestamp":
        return f"{value!r} is written as a date but is none ({exc}): quote it to keep it as text"
    return f"{value!r} cannot be read as {kind} ({exc}): quote it to keep it as text"


def load_yaml(
    text: str, name: str, hint: str = "fix the file by hand, or rebuild it with `gloss build`"
) -> Any:
    """Parse YAML text with the safe loader (:func:`_loader`), the garbage collector paused
    (:func:`paused_gc`).

    Raises:
        RecordError: a syntax error or a key given twice, with the file name, line and column.
    """
    import yaml

    try:
        with paused_gc():
            return yaml.load(text, Loader=_loader())
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise RecordError(
            f"invalid YAML: {problem}",
            path=name,
            line=mark.line + 1 if mark else None,
            column=mark.column + 1 if mark else None,
            hint=hint,
        ) from None


def load_yaml_lines(
    text: str, name: str, hint: str = "fix the file by hand"
) -> tuple[Any, dict[tuple[str | int, ...], int]]:
    """:func:`load_yaml`, and the 1-based line of every value by its path of mapping keys and
    list indexes (``("concepts", 3, "en")`` → 41), so that what is read can name its
    ``FILE:LINE``.

    Raises:
        RecordError: as :func:`load_yaml`.
    """
    import yaml

    data = load_yaml(text, name, hint)
    lines: dict[tuple[str | int, ...], int] = {}
    node = yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))

    def walk(n: Any, path: tuple[str | int, ...]) -> None:
        lines[path] = n.start_mark.line + 1
        if isinstance(n, yaml.MappingNode):
            for key, value in n.value:
                walk(value, (*path, str(key.value)))
        elif isinstance(n, yaml.SequenceNode):
            for i, value in enumerate(n.value):
                walk(value, (*path, i))

    if node is not None:
        walk(node, ())
    return data, lines


def place(exc: RecordError, text: str, name: str) -> None:
    """Give a schema error the file name, line and column of the value at ``exc.keys`` (the
    deepest node of that path the YAML ``text`` has)."""
    import yaml

    exc.path = exc.path or name
    if exc.line is not None or not exc.keys:
        return
    try:
        node = yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError:
        return
    constructor = yaml.constructor.SafeConstructor()

    def same(k: Any, key: str | int) -> bool:
        """Whether key node ``k`` is ``key``: as written, or as YAML reads it (``no`` is the
        key ``False``)."""
        if k.value == str(key):
            return True
        try:
            return str(constructor.construct_object(k)) == str(key)
        except (yaml.YAMLError, ValueError, OverflowError, IndexError, KeyError):
            return False

    for depth, key in enumerate(exc.keys, start=1):
        child = None
        if isinstance(node, yaml.MappingNode):
            pair = next(((k, v) for k, v in node.value if same(k, key)), None)
            if pair is not None:
                last = exc.on_key and depth == len(exc.keys)
                child = pair[0] if last else pair[1]
        elif isinstance(node, yaml.SequenceNode) and isinstance(key, int):
            child = node.value[key] if key < len(node.value) else None
        if child is None:
            break
        node = child
    if node is not None:
        exc.line, exc.column = node.start_mark.line + 1, node.start_mark.column + 1
