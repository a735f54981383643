"""The YAML record document in and out (PyYAML's safe loader and dumper).

A document is :func:`glossary_cli.records.glossary_to_mapping`: ``schema_version``,
``sources``, ``concepts``, as ``concepts.yaml``; gloss 0.1.0's (``schema: gloss/1``) is read and
migrated.
"""

from __future__ import annotations

import io
from typing import BinaryIO

from glossary_cli import records
from glossary_cli.errors import ParseError, RecordError
from glossary_cli.formats._common import (
    decode,
    digest,
    glossary_of,
    read_from,
    refuse_controls,
    refuse_overlong,
)
from glossary_cli.model import Glossary


def write(glossary: Glossary) -> bytes:
    """The bytes :func:`write_to` writes."""
    out = io.BytesIO()
    write_to(glossary, out)
    return out.getvalue()


def write_to(glossary: Glossary, out: BinaryIO) -> None:
    """Write the glossary to ``out`` as one YAML record document (``yaml.safe_dump``, UTF-8
    kept readable, keys in schema order), readable back with :func:`read`: the concepts are
    dumped as they come, a thousand at a time
    (:func:`glossary_cli.formats._yaml.dump_yaml_to`), the same text as one dump of the
    whole document."""
    from glossary_cli.formats._yaml import dump_yaml_to

    whole = records.glossary_to_mapping(glossary._replace(concepts=()))
    del whole["concepts"]
    concepts = map(records.concept_to_mapping, glossary.concepts)
    dump_yaml_to(whole, "concepts", concepts, lambda text: out.write(text.encode("utf-8")))


def read(data: bytes, name: str) -> Glossary:
    """Read a YAML record document (or a ``concepts.yaml``).

    The concepts are kept as they are; the document's own ``sources`` describe the files it
    was built from, not this file, so they are replaced by one source per language of
    ``name``. Every term and definition names the ``NAME:LINE`` of its item as its source,
    the source the record gave becoming its citation
    (:func:`~glossary_cli.formats._common.read_from`).

    Raises:
        ParseError: not YAML, a duplicate key, not a record document of schema 1 or 2, a
            control character in a value, a term or text past the limits of
            :mod:`glossary_cli.limits`, or a duplicate id; with the line of the value.
    """
    from glossary_cli.formats._yaml import load_yaml_lines

    text = decode(data, name)
    hint = "the file must be a record document as `gloss export --format yaml` writes it"
    try:
        loaded, lines = load_yaml_lines(text, name, hint)
    except RecordError as exc:
        raise ParseError(
            exc.message, path=name, line=exc.line, column=exc.column, hint=exc.hint or hint
        ) from None
    refuse_controls(loaded, name, lines=lines)
    try:
        glossary = records.glossary_from_mapping(loaded)
    except RecordError as exc:
        raise ParseError(
            exc.message,
            path=name,
            line=exc.line or lines.get(exc.keys),
            column=exc.column,
            hint=exc.hint or hint,
        ) from None
    first: dict[str, int] = {}
    for number, concept in enumerate(glossary.concepts, start=1):
        if concept.id in first:
            raise ParseError(
                f"concept #{number} repeats the id {concept.id!r} of concept #{first[concept.id]}",
                path=name,
                hint="give every concept its own id",
            )
        first.setdefault(concept.id, number)
    for i, concept in enumerate(glossary.concepts):
        refuse_overlong(concept, name, lines=lines, at=("concepts", i))
    concepts = [read_from(c, name, lines, ("concepts", i)) for i, c in enumerate(glossary.concepts)]
    return glossary_of(concepts, name, name, digest(data))
