"""Conversion between the value types of :mod:`glossary_cli.model` and plain mappings.

This is the one place that knows the record schema (``gloss/1``, documented in the README).
The same mappings are written as YAML by :mod:`glossary_cli.store`, as JSON by
:mod:`glossary_cli.render` and stored in the index by :mod:`glossary_cli.index`.

Schema of one concept mapping (keys in this order; optional keys omitted when empty)::

    id: low-rank-adaptation          # ASCII slug of the headword, unique
    en: Low-Rank Adaptation          # English headword or null
    en_origin: curated               # source | curated | none
    abbr: [LoRA]                     # optional
    aliases: [low rank adaptation]   # optional
    notes: [...]                     # optional
    terms:                           # language tag -> entry, in source order
      bn:
        term: লো-র্যাঙ্ক অ্যাডাপ্টেশন
        definition: ...
        source: 001_5a07ee38a131a210.txt:4
        en: ...                      # optional: English the source gives
        abbr: [LoRA]                 # optional: abbreviations the source gives
        status: ...                  # optional: TBX term status
        notes: [...]                 # optional
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from glossary_cli.errors import RecordError
from glossary_cli.model import EN_ORIGINS, Concept, Entry, Glossary, Source
from glossary_cli.tags import is_language_tag

SCHEMA = "gloss/1"


def entry_to_mapping(entry: Entry) -> dict[str, Any]:
    """Entry → ``{term, definition, source[, en, abbr, status, notes]}`` (``lang`` is the key)."""
    out: dict[str, Any] = {
        "term": entry.term,
        "definition": entry.definition,
        "source": entry.source,
    }
    if entry.en:
        out["en"] = entry.en
    if entry.abbr:
        out["abbr"] = list(entry.abbr)
    if entry.status:
        out["status"] = entry.status
    if entry.notes:
        out["notes"] = list(entry.notes)
    return out


def concept_to_mapping(concept: Concept) -> dict[str, Any]:
    """Concept → the mapping documented in this module's docstring."""
    out: dict[str, Any] = {"id": concept.id, "en": concept.en, "en_origin": concept.en_origin}
    if concept.abbr:
        out["abbr"] = list(concept.abbr)
    if concept.aliases:
        out["aliases"] = list(concept.aliases)
    if concept.notes:
        out["notes"] = list(concept.notes)
    out["terms"] = {e.lang: entry_to_mapping(e) for e in concept.entries}
    return out


def source_to_mapping(source: Source) -> dict[str, Any]:
    """Source → ``{file, lang, title, subtitle, entries, sha256}``."""
    return {
        "file": source.file,
        "lang": source.lang,
        "title": source.title,
        "subtitle": source.subtitle,
        "entries": source.entries,
        "sha256": source.sha256,
    }


def glossary_to_mapping(glossary: Glossary) -> dict[str, Any]:
    """Glossary → ``{schema, sources: [...], concepts: [...]}``."""
    return {
        "schema": SCHEMA,
        "sources": [source_to_mapping(s) for s in glossary.sources],
        "concepts": [concept_to_mapping(c) for c in glossary.concepts],
    }


#: Hint for a value YAML 1.1 read as another type (``no`` → False, ``1e3`` → 1000.0, …).
QUOTE_HINT = "quote it: unquoted yes, no, on, off, null, ~, numbers and dates are not strings"


def _error(message: str, keys: tuple[str | int, ...], hint: str | None = None) -> RecordError:
    exc = RecordError(message, hint=hint)
    exc.keys = keys
    return exc


def _keys(what: str) -> tuple[str | int, ...]:
    """``"concept 'x': terms.bn.term"`` → ``("terms", "bn", "term")``."""
    return tuple(what.rpartition(": ")[2].split("."))


def _str(value: Any, what: str, *, optional: bool = False) -> str | None:
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise _error(
            f"{what} must be a string, not {type(value).__name__} ({value!r})",
            _keys(what),
            QUOTE_HINT,
        )
    return value


def _strs(value: Any, what: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        raise _error(f"{what} must be a list of strings ({value!r})", _keys(what))
    for i, v in enumerate(value):
        if not isinstance(v, str):
            raise _error(
                f"{what} must be a list of strings; item {i + 1} is {type(v).__name__} ({v!r})",
                (*_keys(what), i),
                QUOTE_HINT,
            )
    return tuple(value)


def entry_from_mapping(lang: str, data: Any, where: str) -> Entry:
    """Inverse of :func:`entry_to_mapping`.

    Raises:
        RecordError: a key is missing or has the wrong type (message names ``where``).
    """
    if not isinstance(data, Mapping):
        raise _error(f"{where}: the {lang!r} entry must be a mapping", ("terms", lang))
    return Entry(
        lang=lang,
        term=_str(data.get("term"), f"{where}: terms.{lang}.term") or "",
        definition=_str(data.get("definition", ""), f"{where}: terms.{lang}.definition") or "",
        source=_str(data.get("source", ""), f"{where}: terms.{lang}.source") or "",
        en=_str(data.get("en"), f"{where}: terms.{lang}.en", optional=True),
        abbr=_strs(data.get("abbr"), f"{where}: terms.{lang}.abbr"),
        status=_str(data.get("status"), f"{where}: terms.{lang}.status", optional=True),
        notes=_strs(data.get("notes"), f"{where}: terms.{lang}.notes"),
    )


def concept_from_mapping(data: Any, where: str = "concept") -> Concept:
    """Inverse of :func:`concept_to_mapping`.

    Raises:
        RecordError: the mapping does not follow the schema.
    """
    if not isinstance(data, Mapping):
        raise RecordError(f"{where} must be a mapping")
    cid = _str(data.get("id"), f"{where}: id") or ""
    where = f"concept {cid!r}"
    origin = data.get("en_origin", "source" if data.get("en") else "none")
    if origin not in EN_ORIGINS:
        raise _error(f"{where}: en_origin must be one of {', '.join(EN_ORIGINS)}", ("en_origin",))
    terms = data.get("terms") or {}
    if not isinstance(terms, Mapping):
        raise _error(f"{where}: terms must map language tags to entries", ("terms",))
    for tag in terms:
        if not isinstance(tag, str) or not is_language_tag(tag):
            raise _error(f"{where}: {tag!r} is not a language tag", ("terms", str(tag)), QUOTE_HINT)
    return Concept(
        id=cid,
        en=_str(data.get("en"), f"{where}: en", optional=True),
        en_origin=origin,
        abbr=_strs(data.get("abbr"), f"{where}: abbr"),
        aliases=_strs(data.get("aliases"), f"{where}: aliases"),
        notes=_strs(data.get("notes"), f"{where}: notes"),
        entries=tuple(entry_from_mapping(str(k), v, where) for k, v in terms.items()),
    )


def source_from_mapping(data: Any) -> Source:
    """Inverse of :func:`source_to_mapping`.

    Raises:
        RecordError: the mapping does not follow the schema.
    """
    if not isinstance(data, Mapping):
        raise RecordError("each item of sources must be a mapping")
    entries = data.get("entries", 0)
    if not isinstance(entries, int):
        raise _error("sources: entries must be an integer", ("entries",))
    return Source(
        file=_str(data.get("file"), "sources: file") or "",
        lang=_str(data.get("lang"), "sources: lang") or "",
        title=_str(data.get("title", ""), "sources: title") or "",
        subtitle=_str(data.get("subtitle", ""), "sources: subtitle") or "",
        entries=entries,
        sha256=_str(data.get("sha256", ""), "sources: sha256") or "",
    )


def glossary_from_mapping(data: Any) -> Glossary:
    """Inverse of :func:`glossary_to_mapping`.

    Raises:
        RecordError: wrong schema tag or a malformed record.
    """
    if not isinstance(data, Mapping):
        raise RecordError("a record file must be a mapping with 'schema' and 'concepts'")
    if data.get("schema") != SCHEMA:
        raise RecordError(
            f"unknown record schema {data.get('schema')!r}; expected {SCHEMA!r}",
            hint="rebuild the records with `gloss build`",
        )
    concepts = data.get("concepts") or []
    sources = data.get("sources") or []
    if not isinstance(concepts, list) or not isinstance(sources, list):
        raise RecordError("'concepts' and 'sources' must be lists")
    return Glossary(
        sources=tuple(_at("sources", i, source_from_mapping, s) for i, s in enumerate(sources)),
        concepts=tuple(
            _at("concepts", i, concept_from_mapping, c, f"concept #{i + 1}")
            for i, c in enumerate(concepts)
        ),
    )


def _at(key: str, index: int, convert: Any, *args: Any) -> Any:
    """``convert(*args)``, with ``key`` and ``index`` put before the keys of its error."""
    try:
        return convert(*args)
    except RecordError as exc:
        exc.keys = (key, index, *exc.keys)
        raise
