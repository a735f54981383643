"""The record schema: model values ⇄ plain mappings (YAML records, JSON output, the index).

This is the one place that knows the schema. Records written by gloss carry
``schema_version: 2`` (:data:`SCHEMA_VERSION`); documents of gloss 0.1.0 (``schema: gloss/1``,
one term per language) are read and migrated (:func:`concept_from_v1`). The README's
"Records" section has a table of every key; ``tests/test_records.py`` checks that it names
each key written here.

One concept mapping (keys in this order; optional keys are left out when empty)::

    id: low-rank-adaptation
    subject_fields: [machine learning]           # TBX subjectField
    definitions:                                 # concept-level, each with its language
    - {text: ..., lang: en, source: FILE:LINE, citation: ...}
    notes: [...]
    xrefs:                                       # cross-references and related terms
    - {type: related, text: Singular Value Decomposition (SVD), target: ...}
    properties: [{category: ..., value: ..., element: descrip, ...}]
    languages:                                   # language tag -> section, in order
      en:
        terms:
        - term: Low-Rank Adaptation
          type: fullForm                         # TBX termType
          status: preferred                      # preferred | admitted | deprecated | superseded
          status_original: preferredTerm-admn-sts  # the value the source wrote, if different
          pos: noun
          usage: ...                             # usage note
          role: search-only                      # curated aliases: search-only | misreading
          origin: curated                        # when curation.yaml adds the term
          source: curation.yaml:75               # where gloss read it
          citation: ...                          # the source the termbase cites
          notes: [...]
          definitions: [...]                     # term-level definitions
          properties: [...]
        definitions:
        - {text: ..., source: 001_5a07ee38a131a210.txt:6, citation: ...}
        notes: [...]
        properties: [...]
    provenance: [001_5a07ee38a131a210.txt:5, curation.yaml:75]

The JSON of a concept (:func:`concept_json`) is this mapping seen for output: it adds the
headword (``en``, ``en_origin``, ``abbr``, ``aliases``), the search ``score`` and ``match``,
and gives each language section its main ``term``, first ``definition`` and ``source``
(``jq '.terms.ar.term'``); a requested language the concept lacks is ``null``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from glossary_cli.errors import RecordError
from glossary_cli.model import (
    EN_ORIGINS,
    ROLES,
    STATUSES,
    Concept,
    CrossReference,
    Definition,
    Glossary,
    Hit,
    LangSection,
    Match,
    Property,
    Source,
    Term,
    is_english,
    primary_tag,
)
from glossary_cli.tags import is_language_tag

#: The record schema this release writes.
SCHEMA_VERSION = 2
#: The schema tag of gloss 0.1.0's records, read and migrated.
LEGACY_SCHEMA = "gloss/1"

# --- administrative status --------------------------------------------------------------------

# Spellings of the four TBX-Basic statuses (folded: lower case, letters only, without a
# trailing "term" or "-admn-sts"), from the TBX-Basic picklist (preferredTerm-admn-sts …),
# TBX-Default's normativeAuthorization (standardizedTerm, legalTerm, regulatedTerm), ISO
# 1087:2019 §3.4 (preferred, admitted, deprecated and obsolete terms) and the values termbase
# tools write (Weblate and IATE: forbidden, obsolete; SDL MultiTerm: approved, rejected).
_STATUS_SPELLINGS = {
    "preferred": "preferred",
    "standardized": "preferred",
    "standardised": "preferred",
    "approved": "preferred",
    "recommended": "preferred",
    "legal": "preferred",
    "regulated": "preferred",
    "admitted": "admitted",
    "admissible": "admitted",
    "acceptable": "admitted",
    "accepted": "admitted",
    "permitted": "admitted",
    "allowed": "admitted",
    "deprecated": "deprecated",
    "forbidden": "deprecated",
    "prohibited": "deprecated",
    "rejected": "deprecated",
    "notrecommended": "deprecated",
    "donotuse": "deprecated",
    "avoid": "deprecated",
    "superseded": "superseded",
    "obsolete": "superseded",
    "outdated": "superseded",
    "archaic": "superseded",
    "replaced": "superseded",
}
_NOT_LETTERS = re.compile(r"[^a-z]")


def normalize_status(value: str | None) -> tuple[str | None, str | None]:
    """A status as a termbase writes it → ``(status, original)``: ``status`` one of
    :data:`~glossary_cli.model.STATUSES` (or ``None`` when the value is none of their
    spellings), ``original`` the value as written when it differs from ``status``.

    ISO 1087:2019 distinguishes a *deprecated* term (rejected) from an *obsolete* one (no
    longer in use); TBX-Basic has no "obsolete", and its *superseded* (replaced by another
    term) is the nearest: both must never be used, and neither is ever preferred.

    >>> normalize_status("preferredTerm-admn-sts"), normalize_status("Preferred Term")
    (('preferred', None), ('preferred', 'Preferred Term'))
    >>> normalize_status("obsolete"), normalize_status("admitted")
    (('superseded', 'obsolete'), ('admitted', None))
    >>> normalize_status("Not Selected")
    (None, 'Not Selected')
    """
    if value is None or not value.strip():
        return None, None
    text = value.strip()
    key = _NOT_LETTERS.sub("", text.casefold().replace("-admn-sts", ""))
    key = key.removesuffix("term") or key
    status = _STATUS_SPELLINGS.get(key)
    # the picklist's own spelling (preferredTerm-admn-sts) says nothing more than the status
    same = text in (status, f"{status}Term-admn-sts")
    return status, (None if same else text)


# --- model → mapping --------------------------------------------------------------------------


def _put(out: dict[str, Any], key: str, value: Any) -> None:
    """Set ``out[key]`` unless ``value`` is ``None`` or empty."""
    if value is None or value == () or value == [] or value == "":
        return
    out[key] = value


def definition_to_mapping(d: Definition) -> dict[str, Any]:
    """Definition → ``{text[, lang], source[, citation]}``."""
    out: dict[str, Any] = {"text": d.text}
    _put(out, "lang", d.lang)
    _put(out, "source", d.source)
    _put(out, "citation", d.citation)
    return out


def property_to_mapping(p: Property) -> dict[str, Any]:
    """Property → ``{category, value, element[, citation, target, date, responsibility]}``."""
    out: dict[str, Any] = {"category": p.category, "value": p.value, "element": p.element}
    _put(out, "citation", p.citation)
    _put(out, "target", p.target)
    _put(out, "date", p.date)
    _put(out, "responsibility", p.responsibility)
    return out


def xref_to_mapping(x: CrossReference) -> dict[str, Any]:
    """CrossReference → ``{type, text[, target]}``."""
    out: dict[str, Any] = {"type": x.type, "text": x.text}
    _put(out, "target", x.target)
    return out


def term_to_mapping(t: Term) -> dict[str, Any]:
    """Term → the term mapping of the module docstring."""
    out: dict[str, Any] = {"term": t.text}
    _put(out, "type", t.type)
    _put(out, "status", t.status)
    _put(out, "status_original", t.status_original)
    _put(out, "pos", t.pos)
    _put(out, "usage", t.usage)
    _put(out, "role", t.role)
    if t.origin != "source":
        out["origin"] = t.origin
    _put(out, "source", t.source)
    _put(out, "citation", t.citation)
    _put(out, "notes", list(t.notes))
    _put(out, "definitions", [definition_to_mapping(d) for d in t.definitions])
    _put(out, "properties", [property_to_mapping(p) for p in t.properties])
    return out


def section_to_mapping(s: LangSection) -> dict[str, Any]:
    """LangSection → ``{terms[, definitions, notes, properties]}`` (the tag is the key)."""
    out: dict[str, Any] = {"terms": [term_to_mapping(t) for t in s.terms]}
    _put(out, "definitions", [definition_to_mapping(d) for d in s.definitions])
    _put(out, "notes", list(s.notes))
    _put(out, "properties", [property_to_mapping(p) for p in s.properties])
    return out


def concept_to_mapping(c: Concept) -> dict[str, Any]:
    """Concept → the mapping of the module docstring."""
    out: dict[str, Any] = {"id": c.id}
    _put(out, "subject_fields", list(c.subject_fields))
    _put(out, "definitions", [definition_to_mapping(d) for d in c.definitions])
    _put(out, "notes", list(c.notes))
    _put(out, "xrefs", [xref_to_mapping(x) for x in c.xrefs])
    _put(out, "properties", [property_to_mapping(p) for p in c.properties])
    out["languages"] = {s.lang: section_to_mapping(s) for s in c.languages}
    _put(out, "provenance", list(c.provenance))
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
    """Glossary → ``{schema_version, sources: [...], concepts: [...]}``."""
    return {
        "schema_version": SCHEMA_VERSION,
        "sources": [source_to_mapping(s) for s in glossary.sources],
        "concepts": [concept_to_mapping(c) for c in glossary.concepts],
    }


# --- mapping → model --------------------------------------------------------------------------

#: The keys of each mapping of the schema, as the writers above write them.
CONCEPT_KEYS = frozenset(
    {"schema_version", "id", "subject_fields", "definitions", "notes", "xrefs", "properties",
     "languages", "provenance"}
)  # fmt: skip
SECTION_KEYS = frozenset({"terms", "definitions", "notes", "properties"})
TERM_KEYS = frozenset(
    {"term", "type", "status", "status_original", "pos", "usage", "role", "origin", "source",
     "citation", "notes", "definitions", "properties"}
)  # fmt: skip
DEFINITION_KEYS = frozenset({"text", "lang", "source", "citation"})
PROPERTY_KEYS = frozenset(
    {"category", "value", "element", "citation", "target", "date", "responsibility"}
)
XREF_KEYS = frozenset({"type", "text", "target"})

#: Hint for a value YAML 1.1 read as another type (``no`` → False, ``1e3`` → 1000.0, …).
QUOTE_HINT = "quote it: unquoted yes, no, on, off, null, ~, numbers and dates are not strings"
#: The hint of an invalid language tag.
TAG_HINT = "use a BCP 47 tag such as bn, ar or en-US (in YAML quoted, as no would be false)"

_Keys = tuple[str | int, ...]


def _error(message: str, keys: _Keys, hint: str | None = None) -> RecordError:
    exc = RecordError(message, hint=hint)
    exc.keys = keys
    return exc


def label(keys: _Keys) -> str:
    """A path of keys and list indexes as messages name it (list items counted from 1).

    >>> label(("languages", "bn", "terms", 0, "term"))
    'languages.bn.terms[1].term'
    """
    out = ""
    for k in keys:
        out += f"[{k + 1}]" if isinstance(k, int) else (f".{k}" if out else str(k))
    return out


class _Reader:
    """Checks one concept mapping while converting it; errors name the concept and the
    path of keys (:attr:`RecordError.keys`, from which :mod:`glossary_cli.store` finds the
    line)."""

    def __init__(self, where: str) -> None:
        self.where = where

    def fail(self, message: str, keys: _Keys, hint: str | None = None) -> RecordError:
        return _error(f"{self.where}: {label(keys)} {message}", keys, hint)

    def mapping(
        self, value: Any, keys: _Keys, known: frozenset[str] | None = None
    ) -> Mapping[str, Any]:
        if not isinstance(value, Mapping):
            raise self.fail(f"must be a mapping, not {type(value).__name__}", keys)
        if known is not None and not known.issuperset(value):
            unknown = sorted(str(k) for k in value if k not in known)
            raise self.fail(
                f"has an unknown key {unknown[0]!r}",
                (*keys, unknown[0]),
                "the keys are " + ", ".join(sorted(known)),
            )
        return value

    def text(self, data: Mapping[str, Any], key: str, keys: _Keys, *, required: bool = False
             ) -> str | None:  # fmt: skip
        value = data.get(key)
        if value is None:
            if required:
                raise self.fail("is missing", (*keys, key))
            return None
        if not isinstance(value, str):
            raise self.fail(
                f"must be a string, not {type(value).__name__} ({value!r})",
                (*keys, key),
                QUOTE_HINT,
            )
        return value

    def texts(self, data: Mapping[str, Any], key: str, keys: _Keys) -> tuple[str, ...]:
        value = data.get(key)
        if value is None:
            return ()
        if not isinstance(value, list):
            raise self.fail(f"must be a list of strings ({value!r})", (*keys, key))
        for i, v in enumerate(value):
            if not isinstance(v, str):
                raise self.fail(
                    f"must be a list of strings; item {i + 1} is {type(v).__name__} ({v!r})",
                    (*keys, key, i),
                    QUOTE_HINT,
                )
        return tuple(value)

    def items(
        self, data: Mapping[str, Any], key: str, keys: _Keys, convert: Callable[[Any, _Keys], Any]
    ) -> tuple[Any, ...]:
        value = data.get(key)
        if value is None:
            return ()
        if not isinstance(value, list):
            raise self.fail("must be a list", (*keys, key))
        return tuple(convert(v, (*keys, key, i)) for i, v in enumerate(value))

    def definition(self, value: Any, keys: _Keys) -> Definition:
        data = self.mapping(value, keys, DEFINITION_KEYS)
        lang = self.text(data, "lang", keys)
        if lang is not None and not is_language_tag(lang):
            raise self.fail(f"{lang!r} is not a language tag", (*keys, "lang"), TAG_HINT)
        return Definition(
            text=self.text(data, "text", keys, required=True) or "",
            source=self.text(data, "source", keys) or "",
            citation=self.text(data, "citation", keys),
            lang=lang,
        )

    def property(self, value: Any, keys: _Keys) -> Property:
        data = self.mapping(value, keys, PROPERTY_KEYS)
        return Property(
            category=self.text(data, "category", keys, required=True) or "",
            value=self.text(data, "value", keys) or "",
            element=self.text(data, "element", keys) or "descrip",
            citation=self.text(data, "citation", keys),
            target=self.text(data, "target", keys),
            date=self.text(data, "date", keys),
            responsibility=self.text(data, "responsibility", keys),
        )

    def xref(self, value: Any, keys: _Keys) -> CrossReference:
        data = self.mapping(value, keys, XREF_KEYS)
        return CrossReference(
            type=self.text(data, "type", keys, required=True) or "",
            text=self.text(data, "text", keys) or "",
            target=self.text(data, "target", keys),
        )

    def term(self, value: Any, keys: _Keys) -> Term:
        data = self.mapping(value, keys, TERM_KEYS)
        status = self.text(data, "status", keys)
        if status is not None and status not in STATUSES:
            raise self.fail(
                f"is {status!r}, not one of {', '.join(STATUSES)}",
                (*keys, "status"),
                "keep the termbase's own value in status_original",
            )
        role = self.text(data, "role", keys)
        if role is not None and role not in ROLES:
            raise self.fail(f"is {role!r}, not one of {', '.join(ROLES)}", (*keys, "role"))
        origin = self.text(data, "origin", keys) or "source"
        if origin not in ("source", "curated"):
            raise self.fail(f"is {origin!r}, not source or curated", (*keys, "origin"))
        text = self.text(data, "term", keys, required=True) or ""
        if not text.strip():
            raise self.fail("is empty" if not text else "is blank", (*keys, "term"))
        original = self.text(data, "status_original", keys)
        meant = normalize_status(original)[0]
        if meant is not None and meant != status:
            raise self.fail(
                f"is {original!r}, a spelling of {meant}, but the status is {status or 'none'}",
                (*keys, "status_original"),
                f"set status: {meant}, or leave status_original out",
            )
        return Term(
            text=text,
            type=self.text(data, "type", keys),
            status=status,
            status_original=original,
            pos=self.text(data, "pos", keys),
            usage=self.text(data, "usage", keys),
            role=role,
            origin=origin,
            source=self.text(data, "source", keys) or "",
            citation=self.text(data, "citation", keys),
            notes=self.texts(data, "notes", keys),
            definitions=self.items(data, "definitions", keys, self.definition),
            properties=self.items(data, "properties", keys, self.property),
        )

    def section(self, lang: Any, value: Any) -> LangSection:
        keys: _Keys = ("languages", str(lang))
        if not isinstance(lang, str) or not is_language_tag(lang):
            exc = self.fail("is not a language tag", keys, TAG_HINT)
            exc.on_key = True
            raise exc
        data = self.mapping(value, keys, SECTION_KEYS)
        terms = self.items(data, "terms", keys, self.term)
        if not terms:
            raise self.fail("has no terms", (*keys, "terms"), "give each language a term")
        return LangSection(
            lang=lang,
            terms=terms,
            definitions=self.items(data, "definitions", keys, self.definition),
            notes=self.texts(data, "notes", keys),
            properties=self.items(data, "properties", keys, self.property),
        )


def concept_from_mapping(data: Any, where: str = "concept") -> Concept:
    """Inverse of :func:`concept_to_mapping`.

    Args:
        data: the mapping, as YAML or JSON gives it.
        where: how to name the concept in messages until its id is known.

    Raises:
        RecordError: a key is missing or has the wrong type, a status or role is not one of
            the schema's values, or a language section has no term; the message names the
            concept and the key (``concept 'x': languages.bn.terms[1].status …``).
    """
    if not isinstance(data, Mapping):
        raise RecordError(f"{where} must be a mapping")
    reader = _Reader(where)
    cid = reader.text(data, "id", (), required=True) or ""
    reader.where = f"concept {cid!r}"
    reader.mapping(data, (), CONCEPT_KEYS)
    languages = data.get("languages")
    if not isinstance(languages, Mapping) or not languages:
        raise reader.fail(
            "must map language tags to sections"
            if languages
            else "is missing: a concept needs a language section",
            ("languages",),
        )
    return Concept(
        id=cid,
        languages=tuple(reader.section(k, v) for k, v in languages.items()),
        subject_fields=reader.texts(data, "subject_fields", ()),
        definitions=reader.items(data, "definitions", (), reader.definition),
        notes=reader.texts(data, "notes", ()),
        xrefs=reader.items(data, "xrefs", (), reader.xref),
        properties=reader.items(data, "properties", (), reader.property),
        provenance=reader.texts(data, "provenance", ()),
    )


def _definitions(items: Any) -> tuple[Definition, ...]:
    return tuple(
        Definition(d["text"], d.get("source", ""), d.get("citation"), d.get("lang"))
        for d in items or ()
    )


def _properties(items: Any) -> tuple[Property, ...]:
    return tuple(
        Property(
            p["category"], p.get("value", ""), p.get("element", "descrip"), p.get("citation"),
            p.get("target"), p.get("date"), p.get("responsibility"),
        )
        for p in items or ()
    )  # fmt: skip


def _indexed_term(t: Mapping[str, Any]) -> Term:
    return Term(
        t["term"], t.get("type"), t.get("status"), t.get("status_original"), t.get("pos"),
        t.get("usage"), t.get("role"), t.get("origin", "source"), t.get("source", ""),
        t.get("citation"), tuple(t.get("notes", ())), _definitions(t.get("definitions")),
        _properties(t.get("properties")),
    )  # fmt: skip


def concept_from_index(data: Mapping[str, Any]) -> Concept:
    """A concept from the index, where :func:`concept_to_mapping` wrote it: no check, since
    the index is compiled by this very code (its file name holds a digest of this module,
    :func:`glossary_cli.index.index_path`); three times faster than
    :func:`concept_from_mapping`, which a lookup would otherwise run on every result.

    Raises:
        KeyError, TypeError: the mapping is not one :func:`concept_to_mapping` wrote (a
            corrupt index, which the searcher then compiles again).
    """
    sections = tuple(
        LangSection(
            lang,
            tuple(_indexed_term(t) for t in s["terms"]),
            _definitions(s.get("definitions")),
            tuple(s.get("notes", ())),
            _properties(s.get("properties")),
        )
        for lang, s in data["languages"].items()
    )
    return Concept(
        data["id"],
        sections,
        tuple(data.get("subject_fields", ())),
        _definitions(data.get("definitions")),
        tuple(data.get("notes", ())),
        tuple(
            CrossReference(x["type"], x.get("text", ""), x.get("target"))
            for x in data.get("xrefs", ())
        ),
        _properties(data.get("properties")),
        tuple(data.get("provenance", ())),
    )


# --- gloss/1 (gloss 0.1.0) → schema 2 ---------------------------------------------------------

# What gloss 0.1.0's TBX import wrote into notes for what its record could not hold.
_V1_OTHER_TERM = "other term: "
_V1_DEFINITION = "definition: "


def concept_from_v1(data: Any, where: str = "concept") -> Concept:
    """A concept record of gloss 0.1.0 (``schema: gloss/1``) as a schema-2 concept.

    gloss/1 held one entry per language (``terms: {LANG: {term, definition, source, en, abbr,
    status, notes}}``) and the English names at concept level (``en``, ``en_origin``,
    ``abbr``, ``aliases``). They become: an English section whose first term is the headword
    (``preferred`` and ``curated`` when ``en_origin`` was ``curated``), then the abbreviations
    (type ``abbreviation``) and the aliases; per language, a section whose first term is the
    entry's term (its status mapped by :func:`normalize_status`), then the abbreviations the
    source gave, with the entry's definition; the English a source gave in parentheses joins
    the English section with that source. What gloss/1's TBX import had to demote to notes
    comes back: ``other term: X`` notes as further terms, ``definition: X`` concept notes as
    English definitions.

    Raises:
        RecordError: the mapping is not a gloss/1 concept record.
    """
    if not isinstance(data, Mapping):
        raise RecordError(f"{where} must be a mapping")
    reader = _Reader(where)
    cid = reader.text(data, "id", (), required=True) or ""
    reader.where = f"concept {cid!r}"
    origin = data.get("en_origin", "source" if data.get("en") else "none")
    if origin not in EN_ORIGINS:
        raise reader.fail(f"must be one of {', '.join(EN_ORIGINS)}", ("en_origin",))
    terms = data.get("terms") or {}
    if not isinstance(terms, Mapping):
        raise reader.fail("must map language tags to entries", ("terms",))

    notes: list[str] = []
    english_definitions: list[Definition] = []
    for note in reader.texts(data, "notes", ()):
        if note.startswith(_V1_DEFINITION):
            english_definitions.append(Definition(note[len(_V1_DEFINITION) :]))
        else:
            notes.append(note)
    curated = origin == "curated"
    english: list[Term] = []
    en = reader.text(data, "en", ())
    sections: list[LangSection] = []
    source_english: list[Term] = []
    for lang, raw in terms.items():
        keys: _Keys = ("terms", str(lang))
        if not isinstance(lang, str) or not is_language_tag(lang):
            raise reader.fail("is not a language tag", keys, TAG_HINT)
        entry = reader.mapping(raw, keys)
        source = reader.text(entry, "source", keys) or ""
        status, original = normalize_status(reader.text(entry, "status", keys))
        own = [
            Term(
                text=reader.text(entry, "term", keys, required=True) or "",
                status=status,
                status_original=original,
                source=source,
            )
        ]
        own += [
            Term(a, type="abbreviation", source=source) for a in reader.texts(entry, "abbr", keys)
        ]
        section_notes = []
        for note in reader.texts(entry, "notes", keys):
            if note.startswith(_V1_OTHER_TERM):
                own.append(Term(note[len(_V1_OTHER_TERM) :], source=source))
            else:
                section_notes.append(note)
        definition = reader.text(entry, "definition", keys) or ""
        sections.append(
            LangSection(
                lang=lang,
                terms=tuple(own),
                definitions=(Definition(definition, source),) if definition else (),
                notes=tuple(section_notes),
            )
        )
        source_en = reader.text(entry, "en", keys)
        if source_en:
            source_english.append(Term(source_en, source=source))
    if en:
        head_source = next((t.source for t in source_english if t.text == en), "")
        english.append(
            Term(
                en,
                status="preferred" if curated else None,
                origin="curated" if curated else "source",
                source=head_source,
            )
        )
    english += source_english
    english += [Term(a, type="abbreviation") for a in reader.texts(data, "abbr", ())]
    english += [Term(a) for a in reader.texts(data, "aliases", ())]
    english = _unique_terms(english)
    # an English entry (an English glossary added with --lang en) is the English section
    merged: list[LangSection] = []
    for s in sections:
        if is_english(s.lang) and english:
            english = _unique_terms([*english, *s.terms])
            english_definitions += list(s.definitions)
            continue
        merged.append(s)
    if english:
        merged.insert(0, LangSection("en", tuple(english), tuple(english_definitions), ()))
    return Concept(id=cid, languages=tuple(merged), notes=tuple(notes))


def _unique_terms(terms: Iterable[Term]) -> list[Term]:
    """Terms with the same text kept once (the first)."""
    seen: dict[str, Term] = {}
    for t in terms:
        seen.setdefault(t.text.casefold(), t)
    return list(seen.values())


def source_from_mapping(data: Any) -> Source:
    """Inverse of :func:`source_to_mapping`.

    Raises:
        RecordError: the mapping does not follow the schema.
    """
    if not isinstance(data, Mapping):
        raise RecordError("each item of sources must be a mapping")
    reader = _Reader("sources")
    entries = data.get("entries", 0)
    if not isinstance(entries, int) or isinstance(entries, bool):
        raise _error("sources: entries must be an integer", ("entries",))
    return Source(
        file=reader.text(data, "file", (), required=True) or "",
        lang=reader.text(data, "lang", (), required=True) or "",
        title=reader.text(data, "title", ()) or "",
        subtitle=reader.text(data, "subtitle", ()) or "",
        entries=entries,
        sha256=reader.text(data, "sha256", ()) or "",
    )


def schema_of(data: Any) -> int | None:
    """The schema version of a record document or concept mapping: ``2`` for
    ``schema_version: 2``, ``1`` for gloss/1 (``schema: gloss/1`` in a document, or a concept
    with ``terms`` and no ``languages``), ``None`` when it says nothing recognisable."""
    if not isinstance(data, Mapping):
        return None
    version = data.get("schema_version")
    if isinstance(version, int) and not isinstance(version, bool):
        return version
    if data.get("schema") == LEGACY_SCHEMA:
        return 1
    if "languages" in data:
        return SCHEMA_VERSION
    if "terms" in data:
        return 1
    return None


def concept_reader(version: int) -> Callable[[Any, str], Concept]:
    """The function that reads concept mappings of schema ``version``."""
    return concept_from_v1 if version == 1 else concept_from_mapping


def check_version(data: Mapping[str, Any]) -> int:
    """The schema version of a record document (``1`` or :data:`SCHEMA_VERSION`).

    Raises:
        RecordError: it names no schema, or a newer one than this release reads.
    """
    version = schema_of(data)
    if version is None or ("schema_version" not in data and "schema" not in data):
        raise RecordError(
            "the record file names no schema (schema_version)",
            hint="rebuild the records with `gloss build`",
        )
    if version not in (1, SCHEMA_VERSION):
        raise RecordError(
            f"the records are of schema {version}, newer than this gloss reads ({SCHEMA_VERSION})",
            hint="upgrade gloss, or rebuild the records with `gloss build`",
        )
    return version


def glossary_from_mapping(data: Any) -> Glossary:
    """Inverse of :func:`glossary_to_mapping`; a gloss/1 document is migrated.

    Raises:
        RecordError: no or an unknown schema, or a malformed record.
    """
    if not isinstance(data, Mapping):
        raise RecordError("a record file must be a mapping with 'schema_version' and 'concepts'")
    read = concept_reader(check_version(data))
    concepts = data.get("concepts") or []
    sources = data.get("sources") or []
    if not isinstance(concepts, list) or not isinstance(sources, list):
        raise RecordError("'concepts' and 'sources' must be lists")
    return Glossary(
        sources=tuple(_at("sources", i, source_from_mapping, s) for i, s in enumerate(sources)),
        concepts=tuple(
            _at("concepts", i, read, c, f"concept #{i + 1}") for i, c in enumerate(concepts)
        ),
    )


def _at(key: str, index: int, convert: Any, *args: Any) -> Any:
    """``convert(*args)``, with ``key`` and ``index`` put before the keys of its error."""
    try:
        return convert(*args)
    except RecordError as exc:
        exc.keys = (key, index, *exc.keys)
        raise


# --- the JSON output ------------------------------------------------------------------------


def match_json(match: Match) -> dict[str, Any]:
    """Match → ``{field, lang, text, score, kind, approximate[, status, use]}``
    (``approximate``: :attr:`glossary_cli.model.Match.approximate`)."""
    out: dict[str, Any] = {
        "field": match.field,
        "lang": match.lang,
        "text": match.text,
        "score": match.score,
        "kind": match.kind,
        "approximate": match.approximate,
    }
    _put(out, "status", match.status)
    _put(out, "use", match.use)
    return out


def section_json(section: LangSection) -> dict[str, Any]:
    """A language section for output: its main ``term``, first ``definition`` (``""`` when
    it has none) and the main term's ``source`` and ``status``, then every term and
    definition (:func:`section_to_mapping`)."""
    main = section.main
    definitions = section.all_definitions()
    out: dict[str, Any] = {
        "term": main.text if main else "",
        "definition": definitions[0].text if definitions else "",
        "source": main.source if main else "",
    }
    if main is not None and main.status:
        out["status"] = main.status
    out.update(section_to_mapping(section))
    return out


def wanted_sections(concept: Concept, langs: Sequence[str]) -> list[tuple[str, LangSection | None]]:
    """The sections ``langs`` asks for, as ``(tag, section)``: each requested tag gives the
    section tagged so, or, for a tag without a region, the sections of that language
    (``en`` gives ``en-US``) under their own tags; ``(tag, None)`` when there is none. No
    ``langs``: every section."""
    if not langs:
        return [(s.lang, s) for s in concept.languages]
    out: list[tuple[str, LangSection | None]] = []
    seen: set[str] = set()
    for tag in langs:
        exact = [s for s in concept.languages if s.lang.casefold() == tag.casefold()]
        found = exact or (
            [s for s in concept.languages if primary_tag(s.lang) == tag.casefold()]
            if "-" not in tag
            else []
        )
        if not found:
            out.append((tag, None))
        for s in found:
            if s.lang not in seen:
                seen.add(s.lang)
                out.append((s.lang, s))
    return out


def concept_json(
    concept: Concept, langs: Sequence[str] = (), hit: Hit | None = None
) -> dict[str, Any]:
    """The JSON object of a concept (``show``, ``search``, ``export --format jsonl``).

    Args:
        concept: the concept.
        langs: requested language tags, in order (:func:`wanted_sections`); empty: all.
        hit: for search results, the hit (its ``score`` and ``match`` are added).

    Returns:
        ``{schema_version, id, en, en_origin, abbr, aliases, subject_fields, definitions,
        notes, xrefs, properties, provenance[, score, match], terms}``; ``terms`` maps each
        language tag to :func:`section_json` or ``None``.
    """
    out: dict[str, Any] = {
        "schema_version": SCHEMA_VERSION,
        "id": concept.id,
        "en": concept.en,
        "en_origin": concept.en_origin,
        "abbr": list(concept.abbreviations),
        "aliases": list(concept.aliases),
        "subject_fields": list(concept.subject_fields),
        "definitions": [definition_to_mapping(d) for d in concept.definitions],
        "notes": list(concept.notes),
        "xrefs": [xref_to_mapping(x) for x in concept.xrefs],
    }
    _put(out, "properties", [property_to_mapping(p) for p in concept.properties])
    _put(out, "provenance", list(concept.provenance))
    if hit is not None:
        out["score"] = hit.score
        out["match"] = match_json(hit.match)
    out["terms"] = {
        tag: (section_json(s) if s is not None else None)
        for tag, s in wanted_sections(concept, langs)
    }
    return out
