"""JSON Lines in and out: one concept record per line (standard library :mod:`json`).

Each line is :func:`glossary_cli.records.concept_to_mapping` with ``schema_version`` first;
lines of gloss 0.1.0 (``gloss/1`` records: ``terms`` and no ``languages``) are read and
migrated (:func:`glossary_cli.records.concept_from_v1`).
"""

from __future__ import annotations

import json

from glossary_cli import records
from glossary_cli.errors import ParseError, RecordError
from glossary_cli.formats._common import decode, digest, glossary_of, with_ids
from glossary_cli.model import Concept, Glossary, LangSection


def write(glossary: Glossary) -> bytes:
    """One JSON object per concept per line, keys in schema order, ``ensure_ascii=False``."""
    return "".join(
        json.dumps(
            {"schema_version": records.SCHEMA_VERSION, **records.concept_to_mapping(c)},
            ensure_ascii=False,
        )
        + "\n"
        for c in glossary.concepts
    ).encode("utf-8")


def read(data: bytes, name: str) -> Glossary:
    """Read JSON Lines of concept records; blank lines are skipped.

    Args:
        data: the file's bytes.
        name: the file's name, for messages and sources.

    Returns:
        The glossary; terms and definitions without a source get ``NAME:LINE``.

    Raises:
        ParseError: a line that is not JSON or not a concept record of schema 1 or 2, or a
            duplicate id.
    """
    text = decode(data, name)
    found: list[tuple[Concept, int]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            raw = json.loads(line)
            version = records.schema_of(raw)
            if version not in (None, 1, records.SCHEMA_VERSION):
                raise RecordError(
                    f"the record is of schema {version}, newer than this gloss reads",
                    hint="upgrade gloss",
                )
            if isinstance(raw, dict) and not raw.get("id"):
                raw = {**raw, "id": ""}
            concept = records.concept_reader(version or records.SCHEMA_VERSION)(
                raw, f"line {number}"
            )
        except json.JSONDecodeError as exc:
            raise ParseError(
                f"not JSON: {exc.msg}",
                path=name,
                line=number,
                column=exc.colno,
                hint="each line must be one JSON object",
            ) from None
        except RecordError as exc:
            raise ParseError(
                exc.message,
                path=name,
                line=number,
                hint=exc.hint or "each line must be a concept record as `gloss` writes them",
            ) from None
        found.append((with_source(concept, f"{name}:{number}"), number))
    return glossary_of(with_ids(found, name), name, name, digest(data))


def with_source(concept: Concept, source: str) -> Concept:
    """``concept`` with ``source`` given to each term and definition that has none."""
    sections = tuple(
        LangSection(
            s.lang,
            tuple(t if t.source else t._replace(source=source) for t in s.terms),
            tuple(d if d.source else d._replace(source=source) for d in s.definitions),
            s.notes,
            s.properties,
        )
        for s in concept.languages
    )
    definitions = tuple(d if d.source else d._replace(source=source) for d in concept.definitions)
    return concept._replace(languages=sections, definitions=definitions)
