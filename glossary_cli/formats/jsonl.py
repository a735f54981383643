"""JSON Lines in and out: one concept record per line (standard library :mod:`json`).

Each line is :func:`glossary_cli.records.concept_to_mapping` with ``schema_version`` first;
lines of gloss 0.1.0 (``gloss/1`` records: ``terms`` and no ``languages``) are read and
migrated (:func:`glossary_cli.records.concept_from_v1`).
"""

from __future__ import annotations

import io
import json
from typing import Any, BinaryIO

from glossary_cli import records
from glossary_cli.errors import ParseError, ParseWarning, RecordError
from glossary_cli.formats._common import (
    decode,
    digest,
    glossary_of,
    read_from,
    refuse_controls,
    refuse_overlong,
    with_ids,
)
from glossary_cli.model import Concept, Glossary


def write(glossary: Glossary) -> bytes:
    """The bytes :func:`write_to` writes."""
    out = io.BytesIO()
    write_to(glossary, out)
    return out.getvalue()


def write_to(glossary: Glossary, out: BinaryIO) -> None:
    """Write one JSON object per concept per line to ``out``, as the concepts come: keys in
    schema order, ``ensure_ascii=False``, UTF-8."""
    for c in glossary.concepts:
        line = json.dumps(
            {"schema_version": records.SCHEMA_VERSION, **records.concept_to_mapping(c)},
            ensure_ascii=False,
        )
        out.write(line.encode("utf-8") + b"\n")


def read(data: bytes, name: str) -> Glossary:
    """Read JSON Lines of concept records; blank lines are skipped.

    Args:
        data: the file's bytes.
        name: the file's name, for messages and sources.

    Returns:
        The glossary; every term and definition names ``NAME:LINE`` as its source, the
        source the record gave becoming its citation (:func:`~glossary_cli.formats._common.
        read_from`).

    Raises:
        ParseError: a line that is not JSON or not a concept record of schema 1 or 2, a key
            given twice, values nested too deep to read, a control character in a value, a
            term or text past the limits of :mod:`glossary_cli.limits`, or a duplicate id.
    """
    text = decode(data, name)
    found: list[tuple[Concept, int]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            raw = json.loads(line, object_pairs_hook=_unique_keys)
            refuse_controls(raw, name, number)
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
        except ValueError as exc:  # (JSONDecodeError is caught above) an integer too long
            raise ParseError(
                f"a value cannot be read: {exc}",
                path=name,
                line=number,
                hint="each line must be a concept record as `gloss export --format jsonl` "
                "writes them",
            ) from None
        except RecursionError:
            # json has no depth limit of its own: Python's recursion limit is the one
            raise ParseError(
                "the line nests arrays or objects too deep to be a concept record (a record "
                "is a few levels deep)",
                path=name,
                line=number,
                hint="each line must be a concept record as `gloss export --format jsonl` "
                "writes them",
            ) from None
        except RecordError as exc:
            why = "give it as a JSON string" if exc.hint == records.QUOTE_HINT else exc.hint
            raise ParseError(
                exc.message,
                path=name,
                line=number,
                hint=why or "each line must be a concept record as `gloss` writes them",
            ) from None
        refuse_overlong(concept, name, number)
        found.append((read_from(concept, f"{name}:{number}"), number))
    warnings: list[ParseWarning] = []
    concepts = with_ids(found, name, warnings)
    return glossary_of(concepts, name, name, digest(data))._replace(warnings=tuple(warnings))


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, refusing a key given twice (RFC 8259 §4: names SHOULD be unique, and
    :mod:`json` would keep the last value without a word).

    Raises:
        RecordError: a key is given twice.
    """
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise RecordError(
                f"the key {key!r} is given twice in one object",
                hint="give each key once",
            )
        out[key] = value
    return out
