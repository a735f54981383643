"""Termbase exchange: TBX (ISO 30042), CSV/TSV, JSON Lines and YAML, in and out.

A pure library module: functions take and return bytes or text, never paths, and raise
:class:`~glossary_cli.errors.ParseError` (with the ``name`` they are given, a line and a hint)
for input they cannot read. The record mappings come from :mod:`glossary_cli.records`.

Conventions shared by every format:

* **English is the concept's, not an entry's.** The language tag ``en`` carries the concept's
  English headword, aliases and abbreviations; a :class:`~glossary_cli.model.Entry` tagged
  ``en`` cannot be written as TBX or CSV (:class:`~glossary_cli.errors.RecordError`).
* **``langs``** limits what is written: entries of other languages are left out, and so are the
  English names unless ``en`` is listed (``None`` writes everything). Tags compare
  case-insensitively (BCP 47). See :func:`filter_langs`.
* **Imported text** is stripped and NFC-normalized, as the model requires.
* **Sources of an import**: one :class:`~glossary_cli.model.Source` per language found, in order of
  first appearance, each with ``file=name``, the termbase title (TBX ``titleStmt/title``) or
  ``name`` as title, an empty subtitle, that language's entry count, and the SHA-256 of the input
  (of the bytes for TBX; of the UTF-8 encoding of the text for CSV and JSON Lines). A termbase
  is one file holding many languages, while a ``Source`` describes one language's file, so each
  language gets its own view of the same file.
* **Missing sources**: an imported entry without a source gets ``NAME:LINE``, the line of its
  term in the input, so that ``source`` always says where the term was read.

TBX mapping (TBX-Basic, data category as attribute, ``style="dca"``)::

    conceptEntry id=ID                   concept (an id that is not an XML name gets a "_" prefix)
      note "gloss:en_origin=curated"     Concept.en_origin, when English is written
      note ...                           Concept.notes
      langSec xml:lang=en                the English names, when there are any
        termSec term=Concept.en            + termNote administrativeStatus=preferredTerm-admn-sts
        termSec term=alias                 + termNote termType=variant
        termSec term=abbreviation          + termNote termType=abbreviation
      langSec xml:lang=bn                one Entry
        descrip type=definition          Entry.definition (left out when empty)
        termSec term=Entry.term
          termNote administrativeStatus  Entry.status
          admin type=source              Entry.source ("FILE:LINE")
          note "gloss:en=..."            Entry.en (English the source gives)
          note "gloss:abbr=..."          Entry.abbr, one note each
          note ...                       Entry.notes

TBX has no data category for an origin of a headword or for the English a source gives in
parentheses, so gloss keeps them in ``<note>`` elements (valid in every dialect) whose text
starts with ``gloss:``; a note of the glossary's own that starts with ``gloss:`` is written as
``gloss:note=...`` so that reading is unambiguous. Other tools show these notes as text.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import re
import unicodedata
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal
from xml.parsers import expat

import yaml

from glossary_cli import records
from glossary_cli.errors import ParseError, RecordError, UsageError
from glossary_cli.model import EN_ORIGINS, Concept, Entry, Glossary, Source
from glossary_cli.tags import canonical_tag

__all__ = [
    "CSV_SEPARATOR",
    "DEFAULT_TITLE",
    "IMPORT_SUFFIXES",
    "TBX_NAMESPACE",
    "export_csv",
    "export_jsonl",
    "export_tbx",
    "export_yaml",
    "filter_langs",
    "import_bytes",
    "import_csv",
    "import_format",
    "import_jsonl",
    "import_tbx",
    "import_yaml",
]

#: Namespace of TBX v3 documents (ISO 30042:2019).
TBX_NAMESPACE = "urn:iso:std:iso:30042:ed-2"
#: Separator of the items of a multi-valued CSV cell (``abbr``, ``aliases``, ``notes``).
CSV_SEPARATOR = " | "
#: Title written into exported TBX headers unless the caller gives one.
DEFAULT_TITLE = "gloss: AI terminology"

_XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
_PREFERRED = "preferredTerm-admn-sts"
_META = "gloss:"
_ABBR_TYPES = frozenset({"abbreviation", "acronym", "initialism"})
# Characters XML 1.0 cannot carry, not even as character references (XML 1.0 §2.2 "Char").
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
# An XML NCName may not start with these (XML Namespaces §3, "NCName"); slugs may.
_NOT_NAME_START = re.compile(r"[0-9.\-]")

TbxVersion = Literal["v2", "v3"]
Dialect = Literal["csv", "tsv"]


# --------------------------------------------------------------------------- languages


def _is_english(tag: str) -> bool:
    """``True`` for ``en`` and its regional forms (``en-US``, ``EN_gb``), per BCP 47 §2.1.1."""
    return re.split(r"[-_]", tag, maxsplit=1)[0].casefold() == "en"


def _wants_en(langs: Sequence[str] | None) -> bool:
    return langs is None or any(_is_english(lang) for lang in langs)


def filter_langs(glossary: Glossary, langs: Sequence[str] | None) -> Glossary:
    """Keep only the entries (and sources) of the languages in ``langs``.

    Args:
        glossary: the glossary to filter.
        langs: BCP 47 tags to keep, compared case-insensitively (BCP 47 §2.1.1); ``None``
            keeps everything. ``"en"`` stands for the concepts' English names.

    Returns:
        A glossary whose concepts keep their English names and keep only entries of ``langs``,
        in their original order. A concept is kept when it still has an entry, or when ``en``
        is listed and it has an English headword, alias or abbreviation. Sources are kept when
        their language is listed.
    """
    if langs is None:
        return glossary
    wanted = {lang.casefold() for lang in langs}
    want_en = _wants_en(langs)
    concepts = []
    for concept in glossary.concepts:
        entries = tuple(e for e in concept.entries if e.lang.casefold() in wanted)
        if entries or (want_en and _has_names(concept)):
            concepts.append(replace(concept, entries=entries))
    sources = tuple(s for s in glossary.sources if s.lang.casefold() in wanted)
    return Glossary(sources=sources, concepts=tuple(concepts))


def _has_names(concept: Concept) -> bool:
    return bool(concept.en or concept.aliases or concept.abbr)


def _writable(concept: Concept, want_en: bool) -> bool:
    """Whether a concept has anything a TBX or CSV reader could find it by again."""
    return bool(concept.entries) or (want_en and _has_names(concept))


def _reject_en_entries(glossary: Glossary, fmt: str) -> None:
    for concept in glossary.concepts:
        for entry in concept.entries:
            if _is_english(entry.lang):
                raise RecordError(
                    f"concept {concept.id!r} has an entry in {entry.lang!r}, which {fmt} "
                    "reserves for the concept's English names",
                    hint="export it as JSON Lines or YAML, or leave that language out",
                )


# --------------------------------------------------------------------------- shared helpers


def _clean(text: str) -> str:
    """Imported text as the model stores it: NFC, without surrounding whitespace."""
    return unicodedata.normalize("NFC", text).strip()


def _slug(text: str) -> str:
    """An ASCII slug of ``text``; a hash-based one for text with no Latin letters or digits."""
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^a-z0-9]+", "-", folded.lower()).strip("-")
    return slug or "concept-" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]


def _unique(base: str, taken: set[str]) -> str:
    cid, n = base, 1
    while cid in taken:
        n += 1
        cid = f"{base}-{n}"
    taken.add(cid)
    return cid


@dataclass
class _Draft:
    """A concept being read, with the line where it starts (for messages and derived ids)."""

    line: int
    id: str | None = None
    en: str | None = None
    en_origin: str | None = None
    abbr: list[str] = field(default_factory=list)
    aliases: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)


def _finish(drafts: list[_Draft], name: str, title: str, digest: str) -> Glossary:
    """Give every draft a unique id and build the glossary and its per-language sources.

    Raises:
        ParseError: two concepts carry the same explicit id.
    """
    taken: dict[str, int] = {}
    for d in drafts:
        if d.id is not None:
            if d.id in taken:
                raise ParseError(
                    f"duplicate concept id {d.id!r} (first used on line {taken[d.id]})",
                    path=name,
                    line=d.line,
                    hint="give every concept its own id, or leave the id out to derive one",
                )
            taken[d.id] = d.line
    used = set(taken)
    concepts = []
    for d in drafts:
        cid = d.id
        if cid is None:
            names = [d.en or "", *(e.term for e in d.entries), *d.aliases, *d.abbr, "concept"]
            basis = next(n for n in names if n)
            cid = _unique(_slug(basis), used)
        origin = d.en_origin or ("source" if d.en else "none")
        concepts.append(
            Concept(
                id=cid,
                en=d.en,
                en_origin=origin,
                abbr=tuple(d.abbr),
                aliases=tuple(d.aliases),
                notes=tuple(d.notes),
                entries=tuple(d.entries),
            )
        )
    counts: dict[str, int] = {}
    for concept in concepts:
        for entry in concept.entries:
            counts[entry.lang] = counts.get(entry.lang, 0) + 1
    sources = tuple(
        Source(file=name, lang=lang, title=title, subtitle="", entries=n, sha256=digest)
        for lang, n in counts.items()
    )
    return Glossary(sources=sources, concepts=tuple(concepts))


# --------------------------------------------------------------------------- TBX export


def _meta_note(key: str, value: str) -> str:
    return f"{_META}{key}={value}"


def _escape_note(text: str) -> str:
    return _meta_note("note", text) if text.startswith(_META) else text


def _parse_note(text: str) -> tuple[str | None, str]:
    """``"gloss:KEY=VALUE"`` → ``(KEY, VALUE)``; any other note → ``(None, text)``."""
    if text.startswith(_META):
        key, sep, value = text[len(_META) :].partition("=")
        if sep and key in {"en_origin", "en", "abbr"}:
            return key, value
        if sep and key == "note":
            return None, value
    return None, text


class _TbxWriter:
    """Builds one TBX document with ElementTree (never by concatenating strings)."""

    def __init__(self, version: TbxVersion) -> None:
        self.v3 = version == "v3"
        v3 = ("tbx", "tbxHeader", "conceptEntry", "langSec", "termSec")
        v2 = ("martif", "martifHeader", "termEntry", "langSet", "tig")
        roles = ("root", "header", "entry", "lang", "termsec")
        self.names = dict(zip(roles, v3 if self.v3 else v2, strict=True))

    def tag(self, name: str) -> str:
        return self.names.get(name, name)

    def sub(
        self, parent: ET.Element, name: str, text: str | None = None, *, where: str, **attrs: str
    ) -> ET.Element:
        el = ET.SubElement(parent, self.tag(name))
        for key, value in attrs.items():
            el.set(_XML_LANG if key == "lang" else key, _xml_text(value, where))
        if text is not None:
            el.text = _xml_text(text, where)
        return el


def _xml_text(text: str, where: str) -> str:
    """``text`` unchanged, after checking that XML 1.0 can carry it.

    Raises:
        RecordError: ``text`` holds a control character XML 1.0 forbids (XML 1.0 §2.2).
    """
    bad = _NOT_XML.search(text)
    if bad:
        raise RecordError(
            f"{where} contains U+{ord(bad.group()):04X}, which XML cannot carry",
            hint="remove the control character from the record, or export as JSON Lines",
        )
    return text


def _xml_id(cid: str) -> str:
    """A concept id as an XML ``ID`` (an NCName): ids that start with a digit, ``-`` or ``.``
    get a ``_`` prefix, which :func:`import_tbx` removes again."""
    return "_" + cid if _NOT_NAME_START.match(cid) else cid


def _from_xml_id(value: str) -> str:
    return value[1:] if value.startswith("_") and _NOT_NAME_START.match(value[1:2]) else value


def export_tbx(
    glossary: Glossary,
    langs: Sequence[str] | None = None,
    *,
    version: TbxVersion = "v2",
    title: str = DEFAULT_TITLE,
) -> bytes:
    """Write ``glossary`` as a TBX-Basic termbase.

    Args:
        glossary: the concepts to write (its sources are listed in the header).
        langs: language tags to write (see :func:`filter_langs`); ``None`` writes all. The
            English names are written when ``langs`` is ``None`` or lists ``en``.
        version: ``"v2"`` (the default) writes TBX-Basic 2008 (ISO 30042:2008, ``<martif>``
            with ``termEntry/langSet/tig``); ``"v3"`` writes TBX v3 (ISO 30042:2019,
            ``<tbx style="dca">`` in namespace :data:`TBX_NAMESPACE` with
            ``conceptEntry/langSec/termSec``). v2 is the default because it is what the
            common readers understand: the Translate Toolkit (and so Weblate and Pootle) reads
            only ``martif`` documents and refuses a ``<tbx>`` root.
        title: the header's ``titleStmt/title``.

    Returns:
        UTF-8 XML with a declaration, indented by two spaces, the same bytes for the same
        input: concepts in glossary order, the English section first, then the entries in
        their order. The element layout is in this module's docstring. A concept with nothing
        to write (no English name written and no entry left) is left out, since a concept
        entry needs a language section (ISO 30042:2019 core structure, ``conceptEntry``).

    Raises:
        UsageError: ``version`` is neither ``"v2"`` nor ``"v3"``.
        RecordError: an entry is tagged ``en``, or a text holds a character XML cannot carry.
    """
    if version not in ("v2", "v3"):
        raise UsageError(f"unknown TBX version {version!r}", hint="use 'v2' or 'v3'")
    _reject_en_entries(glossary, "TBX")
    glossary = filter_langs(glossary, langs)
    want_en = _wants_en(langs)
    w = _TbxWriter(version)

    root = ET.Element(w.tag("root"), {"type": "TBX-Basic"})
    if w.v3:
        root.set("style", "dca")
    root.set(_XML_LANG, "en")
    if w.v3:
        # ElementTree's default_namespace option refuses unqualified attribute names (type,
        # id), so the elements are built unqualified and the namespace declared on the root,
        # which puts every element in it for any reader.
        root.set("xmlns", TBX_NAMESPACE)
    header = w.sub(root, "header", where="header")
    file_desc = w.sub(header, "fileDesc", where="header")
    w.sub(w.sub(file_desc, "titleStmt", where="title"), "title", title, where="title")
    source_desc = w.sub(file_desc, "sourceDesc", where="header")
    for s in glossary.sources:
        text = f"{s.file} ({s.lang}, {s.entries} entries, sha256 {s.sha256}): {s.title}"
        w.sub(source_desc, "p", text, where=f"source {s.file!r}")
    if not glossary.sources:
        w.sub(source_desc, "p", "gloss", where="header")
    if not w.v3:
        w.sub(w.sub(header, "encodingDesc", where="header"), "p", "TBXBasicXCSV02.xcs",
              where="header", type="XCSURI")  # fmt: skip
    body = w.sub(w.sub(root, "text", where="body"), "body", where="body")

    for concept in glossary.concepts:
        if not _writable(concept, want_en):
            continue
        where = f"concept {concept.id!r}"
        entry_el = w.sub(body, "entry", where=where, id=_xml_id(concept.id))
        if want_en:
            w.sub(entry_el, "note", _meta_note("en_origin", concept.en_origin), where=where)
        for note in concept.notes:
            w.sub(entry_el, "note", _escape_note(note), where=f"{where}: notes")
        if want_en and _has_names(concept):
            lang_el = w.sub(entry_el, "lang", where=where, lang="en")
            names = [(concept.en, "administrativeStatus", _PREFERRED)] if concept.en else []
            names += [(a, "termType", "variant") for a in concept.aliases]
            names += [(a, "termType", "abbreviation") for a in concept.abbr]
            for term, note_type, value in names:
                term_el = w.sub(lang_el, "termsec", where=where)
                w.sub(term_el, "term", term, where=f"{where}: English names")
                w.sub(term_el, "termNote", value, where=where, type=note_type)
        for entry in concept.entries:
            here = f"{where}: {entry.lang} entry"
            lang_el = w.sub(entry_el, "lang", where=here, lang=entry.lang)
            if entry.definition:
                w.sub(lang_el, "descrip", entry.definition, where=here, type="definition")
            term_el = w.sub(lang_el, "termsec", where=here)
            w.sub(term_el, "term", entry.term, where=here)
            if entry.status:
                w.sub(term_el, "termNote", entry.status, where=here, type="administrativeStatus")
            if entry.source:
                w.sub(term_el, "admin", entry.source, where=here, type="source")
            if entry.en:
                w.sub(term_el, "note", _meta_note("en", entry.en), where=here)
            for abbr in entry.abbr:
                w.sub(term_el, "note", _meta_note("abbr", abbr), where=here)
            for note in entry.notes:
                w.sub(term_el, "note", _escape_note(note), where=here)

    ET.indent(root, space="  ")
    data: bytes = ET.tostring(root, encoding="utf-8", xml_declaration=True)
    # ElementTree writes a carriage return in text as is, and every XML parser reads it back as
    # a line feed (XML 1.0 §2.11); a character reference keeps it. Outside text and attribute
    # values the output holds no carriage return, so this is an escape, not markup-building.
    return data.replace(b"\r", b"&#13;")


# --------------------------------------------------------------------------- XML reading


class _Refused(Exception):
    """Raised from inside the XML parser to stop at a construct gloss does not read."""

    def __init__(self, message: str, hint: str) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint


def _parse_xml(data: bytes, name: str) -> tuple[ET.Element, dict[ET.Element, int]]:
    """Parse ``data`` into an ElementTree, noting each element's line.

    The parser is the standard library's expat, driven directly (ElementTree's own parser
    exposes neither hook) so that

    * no entity is ever declared or expanded, which the XML entity attacks ("billion laughs",
      external entities) need: a DOCTYPE with an internal subset (``<!DOCTYPE x [...]>``, the
      only place a declaration could come from) stops parsing as soon as it starts, before
      any declaration is read; an external DTD is never fetched (no external-entity handler,
      parameter entities off), and a reference to an entity it might have declared is an
      error, not silently dropped text. A DOCTYPE that only names an external DTD, as in
      ``<!DOCTYPE martif SYSTEM "TBXcoreStructV02.dtd">``, is allowed: TBX v2 files, including
      the Translate Toolkit's and Weblate's, start with one, and it declares nothing here;
    * every element's line is known, for messages and for default entry sources.

    A plain check for ``<!DOCTYPE`` in the bytes would also refuse those files, and would miss
    the declaration in a UTF-16 document; expat sees the document as the XML spec defines it.

    Raises:
        ParseError: the data is not well-formed XML, has an internal DTD subset, or refers to
            an entity that is not one of XML's five predefined ones.
    """
    builder = ET.TreeBuilder()
    lines: dict[ET.Element, int] = {}
    parser = expat.ParserCreate(namespace_separator="}")

    def qname(raw: str) -> str:
        return "{" + raw if "}" in raw else raw

    def start(tag: str, attrs: dict[str, str]) -> None:
        el = builder.start(qname(tag), {qname(k): v for k, v in attrs.items()})
        lines[el] = parser.CurrentLineNumber

    def doctype(_name: str, _system: str | None, _public: str | None, internal: int) -> None:
        if internal:
            raise _Refused(
                "the document declares entities or a DTD inline (<!DOCTYPE ... [ ]>), "
                "which gloss does not read",
                "remove the [...] part of the <!DOCTYPE> line; TBX needs no DTD",
            )

    def entity(*_: object) -> None:
        raise _Refused("the document declares an entity", "remove the <!ENTITY ...> line")

    def skipped(entity_name: str, _is_parameter: int) -> None:
        raise _Refused(
            f"reference to the undefined entity &{entity_name};",
            "write the character itself, or a character reference such as &#160;",
        )

    parser.StartElementHandler = start
    parser.EndElementHandler = lambda tag: builder.end(qname(tag))
    parser.CharacterDataHandler = builder.data
    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = entity
    parser.SkippedEntityHandler = skipped
    parser.buffer_text = True
    try:
        parser.Parse(data, True)
    except _Refused as exc:
        raise ParseError(
            exc.message,
            path=name,
            line=parser.CurrentLineNumber,
            column=parser.CurrentColumnNumber + 1,
            hint=exc.hint,
        ) from None
    except expat.ExpatError as exc:
        raise ParseError(
            f"not well-formed XML: {expat.ErrorString(exc.code)}",
            path=name,
            line=exc.lineno,
            column=exc.offset + 1,
            hint="fix the markup at that position (a stray '&' must be written '&amp;')",
        ) from None
    return builder.close(), lines


def _local(tag: str) -> str:
    return tag.rpartition("}")[2]


def _children(el: ET.Element, *names: str) -> list[ET.Element]:
    return [c for c in el if _local(c.tag) in names]


def _aux(el: ET.Element) -> Iterator[ET.Element]:
    """The data-category children of ``el`` (``descrip``, ``note``, ``admin``, ``termNote``...),
    looking inside ``descripGrp``/``adminGrp``/``termGrp`` and the like, but not into
    language or term sections."""
    for child in el:
        local = _local(child.tag)
        if local in {"langSec", "langSet", "termSec", "tig", "ntig", "term"}:
            continue
        if local.endswith("Grp"):
            yield from _aux(child)
        else:
            yield child


def _text(el: ET.Element) -> str:
    return _clean("".join(el.itertext()))


# --------------------------------------------------------------------------- TBX import


@dataclass
class _Term:
    """One term section as read: the term, its type and status, and its other data."""

    text: str
    line: int
    term_type: str | None = None
    status: str | None = None
    source: str | None = None
    definition: str | None = None
    en: str | None = None
    abbr: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


class _TbxReader:
    def __init__(self, name: str, lines: dict[ET.Element, int]) -> None:
        self.name = name
        self.lines = lines

    def line(self, el: ET.Element) -> int:
        return self.lines.get(el, 0)

    def note(self, el: ET.Element, draft: _Draft, sink: list[str], term: _Term | None) -> None:
        """Sort one ``<note>``: gloss metadata goes to its field, anything else to ``sink``."""
        key, value = _parse_note(_text(el))
        if key == "en_origin":
            if value not in EN_ORIGINS:
                raise ParseError(
                    f"unknown en_origin {value!r}",
                    path=self.name,
                    line=self.line(el),
                    hint=f"use one of {', '.join(EN_ORIGINS)}",
                )
            draft.en_origin = value
        elif key == "en" and term is not None:
            term.en = value
        elif key == "abbr" and term is not None:
            term.abbr.append(value)
        elif key is None and value:
            sink.append(value)
        elif key is not None:  # gloss metadata out of place: keep it as written
            sink.append(_text(el))

    def term(self, el: ET.Element, draft: _Draft) -> _Term | None:
        """Read a ``termSec``/``tig``/``ntig``; ``None`` when its term is empty."""
        term_el = next((t for t in el.iter() if _local(t.tag) == "term"), None)
        if term_el is None or not _text(term_el):
            return None
        term = _Term(text=_text(term_el), line=self.line(term_el))
        for aux in _aux(el):
            kind, dtype = _local(aux.tag), aux.get("type", "")
            if kind == "termNote" and dtype == "termType":
                term.term_type = _text(aux)
            elif kind == "termNote" and dtype == "administrativeStatus":
                term.status = _text(aux) or None
            elif kind == "admin" and dtype == "source" and term.source is None:
                term.source = _text(aux)
            elif kind == "descrip" and dtype == "definition" and term.definition is None:
                term.definition = _text(aux)
            elif kind in {"termNote", "descrip"} and _text(aux):
                term.notes.append(f"{dtype}: {_text(aux)}")
            elif kind == "note":
                self.note(aux, draft, term.notes, term)
        return term

    def concept(self, el: ET.Element) -> _Draft:
        draft = _Draft(line=self.line(el))
        raw_id = (el.get("id") or "").strip()
        draft.id = _from_xml_id(raw_id) if raw_id else None
        self.concept_notes(el, draft)

        by_lang: dict[str, list[ET.Element]] = {}
        for lang_el in _children(el, "langSec", "langSet"):
            lang = (lang_el.get(_XML_LANG) or lang_el.get("lang") or "").strip()
            if not lang:
                raise ParseError(
                    f"<{_local(lang_el.tag)}> without xml:lang",
                    path=self.name,
                    line=self.line(lang_el),
                    hint='name the language, e.g. <langSec xml:lang="bn">',
                )
            by_lang.setdefault(canonical_tag(lang), []).append(lang_el)

        for lang, lang_els in by_lang.items():
            if _is_english(lang):
                self.english(lang_els, draft)
            else:
                entry = self.entry(lang, lang_els, draft)
                if entry is not None:
                    draft.entries.append(entry)
        return draft

    def concept_notes(self, el: ET.Element, draft: _Draft) -> None:
        """Notes and descriptions of a concept entry or of its English section: the concept's
        notes (a ``descrip`` as ``TYPE: text``)."""
        for aux in _aux(el):
            kind, dtype = _local(aux.tag), aux.get("type", "")
            if kind == "note":
                self.note(aux, draft, draft.notes, None)
            elif kind == "descrip" and _text(aux):
                draft.notes.append(f"{dtype}: {_text(aux)}")

    def english(self, lang_els: list[ET.Element], draft: _Draft) -> None:
        """English sections: the first term that is neither an abbreviation nor a variant is
        the headword; abbreviations (TBX-Basic termType) go to ``abbr``, the rest to aliases."""
        for lang_el in lang_els:
            self.concept_notes(lang_el, draft)
            for term_el in _children(lang_el, "termSec", "tig", "ntig"):
                term = self.term(term_el, draft)
                if term is None:
                    continue
                if term.term_type in _ABBR_TYPES:
                    draft.abbr.append(term.text)
                elif draft.en is None and term.term_type != "variant":
                    draft.en = term.text
                else:
                    draft.aliases.append(term.text)
                if term.definition:
                    draft.notes.append(f"definition: {term.definition}")
                draft.notes.extend(term.notes)

    def entry(self, lang: str, lang_els: list[ET.Element], draft: _Draft) -> Entry | None:
        """One language's sections → an :class:`Entry`. The entry's term is the preferred
        one, else the first that is no abbreviation; the other terms become ``abbr`` (for
        abbreviations) or notes, since an entry holds one term."""
        definition: str | None = None
        source: str | None = None
        notes: list[str] = []
        terms: list[_Term] = []
        for lang_el in lang_els:
            for aux in _aux(lang_el):
                kind, dtype = _local(aux.tag), aux.get("type", "")
                if kind == "descrip" and dtype == "definition" and definition is None:
                    definition = _text(aux)
                elif kind == "admin" and dtype == "source" and source is None:
                    source = _text(aux)
                elif kind == "descrip" and _text(aux):
                    notes.append(f"{dtype}: {_text(aux)}")
                elif kind == "note":
                    self.note(aux, draft, notes, None)
            for term_el in _children(lang_el, "termSec", "tig", "ntig"):
                term = self.term(term_el, draft)
                if term is not None:
                    terms.append(term)
        if not terms:
            return None
        main = next(
            (t for t in terms if (t.status or "").startswith("preferred")),
            next((t for t in terms if t.term_type not in _ABBR_TYPES), terms[0]),
        )
        abbr = list(main.abbr)
        for other in terms:
            if other is main:
                continue
            if other.term_type in _ABBR_TYPES:
                abbr.append(other.text)
            else:
                notes.append(f"other term: {other.text}")
        return Entry(
            lang=lang,
            term=main.text,
            definition=definition if definition is not None else (main.definition or ""),
            source=main.source or source or f"{self.name}:{main.line}",
            en=main.en or None,
            abbr=tuple(abbr),
            status=main.status,
            notes=tuple(main.notes + notes),
        )


def import_tbx(data: bytes, name: str) -> Glossary:
    """Read a TBX termbase: TBX v3 (ISO 30042:2019) or TBX v2 / TBX-Basic 2008 (``martif``).

    Element names are matched without their namespace, so ``tbx/conceptEntry/langSec/termSec``
    and ``martif/termEntry/langSet/tig`` (also ``ntig/termGrp``) read alike; data categories
    may sit in ``*Grp`` wrappers. What is read (the export layout in this module's docstring is
    the exact inverse):

    * ``conceptEntry/@id`` → ``Concept.id``; a missing id is derived from the English headword
      or the first term as an ASCII slug, made unique with ``-2``, ``-3``...
    * the ``en`` (or ``en-*``) sections → headword, aliases and abbreviations (termType
      ``abbreviation``/``acronym``/``initialism``); their definitions and other descriptions
      become concept notes.
    * every other language → one :class:`Entry`: ``descrip type="definition"`` (language or
      term level), ``termNote type="administrativeStatus"`` → ``status``, ``admin
      type="source"`` → ``source`` (else ``NAME:LINE`` of the term), ``<note>`` → notes;
      other ``descrip``/``termNote`` types become notes as ``"TYPE: text"``.
    * concept-level ``descrip`` (e.g. a language-less definition or subjectField) → concept
      notes as ``"TYPE: text"``; ``transac``, ``ref`` and ``xref`` are not kept.

    Args:
        data: the file's bytes (any encoding its XML declaration names).
        name: the file's name, for messages, sources and default entry sources.

    Returns:
        The glossary, with one :class:`Source` per language (see the module docstring).

    Raises:
        ParseError: malformed XML (line and column from the parser), an inline DTD or an
            entity declaration or reference (refused before anything is expanded), a root
            other than ``tbx``/``martif``, a language section without ``xml:lang``, an unknown
            ``gloss:en_origin`` or a duplicate id.
    """
    root, lines = _parse_xml(data, name)
    if _local(root.tag) not in {"tbx", "martif"}:
        raise ParseError(
            f"not a TBX document: the root element is <{_local(root.tag)}>",
            path=name,
            line=lines.get(root, 1),
            hint="a TBX file has a <tbx> (TBX v3) or <martif> (TBX v2) root element",
        )
    title_el = next((t for t in root.iter() if _local(t.tag) == "title"), None)
    title = (_text(title_el) if title_el is not None else "") or name
    reader = _TbxReader(name, lines)
    drafts = [
        reader.concept(el) for el in root.iter() if _local(el.tag) in {"conceptEntry", "termEntry"}
    ]
    drafts = [d for d in drafts if d.en or d.aliases or d.abbr or d.entries]
    return _finish(drafts, name, title, hashlib.sha256(data).hexdigest())


# --------------------------------------------------------------------------- CSV / TSV

_CONCEPT_COLUMNS = ("id", "en", "en_origin", "abbr", "aliases", "notes")
_ENTRY_FIELDS = ("term", "definition", "source", "en", "abbr", "status", "notes")
_MULTI = frozenset({"abbr", "aliases", "notes"})
# A BCP 47 tag, loosely (RFC 5646 §2.1): an ISO 639 primary subtag of 2–3 letters, then
# subtags of 1–8 letters or digits (script, region, variant: zh-Hans, pt-BR). Private-use and
# grandfathered forms, and the reserved 4–8 letter primary subtags, are not column names here.
_TAG = re.compile(r"[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*")


class _StrictCSV(csv.excel):
    """RFC 4180 CSV that reports an unterminated quote instead of reading to the end."""

    strict = True


class _StrictTSV(csv.excel_tab):
    """Tab-separated, quoted like CSV, strict about quotes."""

    strict = True


def _csv_dialect(dialect: str) -> type[csv.Dialect]:
    if dialect == "csv":
        return _StrictCSV
    if dialect == "tsv":
        return _StrictTSV
    raise UsageError(f"unknown table dialect {dialect!r}", hint="use 'csv' or 'tsv'")


def _join(items: Sequence[str], where: str) -> str:
    """Join a multi-valued cell, refusing items that would not split back the same.

    Raises:
        RecordError: an item is empty, has surrounding whitespace or contains the separator.
    """
    cell = CSV_SEPARATOR.join(items)
    if _split(cell) != list(items):
        raise RecordError(
            f"{where}: {list(items)!r} cannot be written as one cell joined by {CSV_SEPARATOR!r}",
            hint="remove ' | ' and surrounding spaces from the items, or export as JSON Lines",
        )
    return cell


def _split(cell: str) -> list[str]:
    """Split a multi-valued cell; empty items (``"LoRA | "``) are dropped."""
    return [item for item in map(_clean, cell.split(CSV_SEPARATOR)) if item]


def _term_column(lang: str) -> str:
    """The header of a language's term column: the tag itself, or ``TAG_term`` when the tag
    is also a concept column (Indonesian ``id``)."""
    return f"{lang}_term" if lang.casefold() in _CONCEPT_COLUMNS else lang


def export_csv(
    glossary: Glossary, langs: Sequence[str] | None = None, dialect: Dialect = "csv"
) -> str:
    """Write ``glossary`` as a table, one concept per row, with a header row.

    Columns, in this order (``LANG`` runs over the languages: those in ``langs`` in that order,
    else in order of first appearance)::

        id, [en, en_origin, abbr, aliases,] [notes,]
        LANG..., LANG_definition..., LANG_source...,
        [LANG_en...,] [LANG_abbr...,] [LANG_status...,] [LANG_notes...]

    The English columns are written when English is (``langs`` is ``None`` or lists ``en``);
    ``notes`` and the ``LANG_en/abbr/status/notes`` columns only when some cell would be
    non-empty. A concept with no term and no English name written is left out (a reader could
    not tell it from a blank row). A language whose tag is a concept column (``id``,
    Indonesian) has its term column named ``id_term``. Multi-valued cells (``abbr``,
    ``aliases``, ``notes``) join their items with :data:`CSV_SEPARATOR` (``" | "``). An absent
    value is an empty cell.

    Args:
        glossary: the concepts to write.
        langs: language tags to write (see :func:`filter_langs`); ``None`` writes all.
        dialect: ``"csv"`` (RFC 4180 quoting, comma) or ``"tsv"`` (tab, the same quoting for
            cells with tabs, quotes or newlines), both with ``\\n`` line ends.

    Returns:
        The table as text; write it with ``newline=""`` so cell newlines stay as they are.

    Raises:
        UsageError: an unknown ``dialect``.
        RecordError: an entry is tagged ``en``, or a multi-valued item cannot be joined
            unambiguously (it contains ``" | "``, is empty or has surrounding spaces).
    """
    kind = _csv_dialect(dialect)
    _reject_en_entries(glossary, "CSV")
    glossary = filter_langs(glossary, langs)
    want_en = _wants_en(langs)
    concepts = [c for c in glossary.concepts if _writable(c, want_en)]

    order: dict[str, None] = {}
    for concept in concepts:
        for entry in concept.entries:
            order.setdefault(entry.lang, None)
    entry_langs = list(order)
    if langs is not None:
        rank = {lang.casefold(): i for i, lang in reversed(list(enumerate(langs)))}
        entry_langs.sort(key=lambda lang: rank[lang.casefold()])

    def cell(concept: Concept, lang: str | None, fld: str) -> str:
        where = f"concept {concept.id!r}"
        if lang is None:
            value: Any = getattr(concept, fld)
        else:
            entry = concept.entry(lang)
            if entry is None:
                return ""
            value = getattr(entry, fld)
            where = f"{where}: {lang} {fld}"
        if isinstance(value, tuple):
            return _join(value, where)
        return value or ""

    columns: list[tuple[str, str | None, str]] = [("id", None, "id")]
    if want_en:
        columns += [(c, None, c) for c in ("en", "en_origin", "abbr", "aliases")]
    if any(c.notes for c in concepts):
        columns.append(("notes", None, "notes"))
    for fld in _ENTRY_FIELDS:
        for lang in entry_langs:
            if fld in {"term", "definition", "source"} or any(cell(c, lang, fld) for c in concepts):
                header = _term_column(lang) if fld == "term" else f"{lang}_{fld}"
                columns.append((header, lang, fld))

    out = io.StringIO()
    writer = csv.writer(out, dialect=kind, lineterminator="\n")
    # With "\n" line ends the csv module no longer quotes a cell for a carriage return, which a
    # reader would then take for a line end; rows with one are written with every cell quoted.
    quoted = csv.writer(out, dialect=kind, lineterminator="\n", quoting=csv.QUOTE_ALL)
    writer.writerow([header for header, _, _ in columns])
    for concept in concepts:
        row = [cell(concept, lang, fld) for _, lang, fld in columns]
        (quoted if any("\r" in c for c in row) else writer).writerow(row)
    return out.getvalue()


def _is_column(header: str) -> bool:
    try:
        _column(header, "", 0, 0)
    except ParseError:
        return False
    return True


def _column(header: str, name: str, line: int, index: int) -> tuple[str | None, str]:
    """A header cell → ``(None, concept_field)`` or ``(lang, entry_field)``.

    Raises:
        ParseError: the header names no known column.
    """
    key = header.strip()
    if key.casefold() in _CONCEPT_COLUMNS:
        return None, key.casefold()
    lang, sep, fld = key.rpartition("_")
    if not sep:
        lang, fld = key, "term"
    if _TAG.fullmatch(lang) and fld.casefold() in _ENTRY_FIELDS:
        if _is_english(lang):
            raise ParseError(
                f"column {index} {key!r}: English has no entry columns",
                path=name,
                line=line,
                hint="the 'en', 'abbr' and 'aliases' columns hold the English names",
            )
        return canonical_tag(lang), fld.casefold()
    raise ParseError(
        f"column {index}: unknown column {key!r}",
        path=name,
        line=line,
        hint="columns are id, en, en_origin, abbr, aliases, notes, a language tag such as "
        "'bn' or 'zh-Hans', and TAG_definition, TAG_source, TAG_en, TAG_abbr, TAG_status, "
        "TAG_notes",
    )


def import_csv(text: str, name: str, dialect: Dialect = "csv") -> Glossary:
    """Read a table written by :func:`export_csv`, or by hand.

    The first non-blank row is the header; any subset of the columns of :func:`export_csv`
    in any order will do. A language's term column is its tag (``bn``, ``hi``, ``ur``, ``fa``,
    ``zh-Hans``) or ``TAG_term``, and its other columns need it; a table without any (only
    English names) gives concepts without entries. Concept and field names are
    case-insensitive. Blank rows are
    skipped, cells are stripped, multi-valued cells split at :data:`CSV_SEPARATOR`. A row
    without ``id`` gets an ASCII slug of ``en`` or of its first term (unique, ``-2``...), an
    entry without source ``NAME:LINE``; a byte-order mark is ignored.

    Args:
        text: the table's text (read the file with ``newline=""``).
        name: the file's name, for messages and sources.
        dialect: ``"csv"`` or ``"tsv"``.

    Returns:
        The glossary; its sources are one per language (see the module docstring).

    Raises:
        UsageError: an unknown ``dialect``.
        ParseError: an empty file, a first row that names no known column (no header), an
            unknown or repeated column, a language column without its term column, a row with
            more or fewer cells than the header, a value without its term, a row naming no
            concept, an unknown ``en_origin``, a duplicate id, or quoting the ``csv`` module
            cannot read; each with the line where the row starts.
    """
    kind = _csv_dialect(dialect)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    reader = csv.reader(io.StringIO(text.removeprefix("\ufeff"), newline=""), dialect=kind)

    def rows() -> Iterator[tuple[int, list[str]]]:
        line = 1
        try:
            for row in reader:
                if any(c.strip() for c in row):
                    yield line, row
                line = reader.line_num + 1
        except csv.Error as exc:
            raise ParseError(
                f"unreadable {dialect.upper()}: {exc}",
                path=name,
                line=line,
                hint="check the quoting: a cell with quotes must be quoted, its quotes doubled",
            ) from None

    numbered = rows()
    first = next(numbered, None)
    if first is None:
        raise ParseError(
            "the file is empty",
            path=name,
            line=1,
            hint="the first row must name the columns, e.g. id,en,bn,bn_definition",
        )
    header_line, header = first
    if not any(_is_column(h) for h in header):
        raise ParseError(
            "the first row is not a header: it names no known column",
            path=name,
            line=header_line,
            hint="add a header row naming the columns, e.g. id,en,bn,bn_definition",
        )
    columns = [_column(h, name, header_line, i + 1) for i, h in enumerate(header)]
    seen: set[tuple[str | None, str]] = set()
    for i, col in enumerate(columns):
        key = (col[0].casefold() if col[0] else None, col[1])
        if key in seen:
            raise ParseError(
                f"column {i + 1} {header[i].strip()!r} repeats an earlier column",
                path=name,
                line=header_line,
                hint="name each column once",
            )
        seen.add(key)
    term_langs = {lang.casefold() for lang, fld in columns if lang and fld == "term"}
    for i, (lang, _) in enumerate(columns):
        if lang and lang.casefold() not in term_langs:
            raise ParseError(
                f"column {i + 1} {header[i].strip()!r} has no {lang!r} term column",
                path=name,
                line=header_line,
                hint=f"add a column named {lang!r}",
            )

    drafts: list[_Draft] = []
    for line, row in numbered:
        if len(row) != len(columns):
            raise ParseError(
                f"the row has {len(row)} cells, the header {len(columns)}",
                path=name,
                line=line,
                hint="quote cells that contain the delimiter, and give every row all columns",
            )
        drafts.append(_csv_row(row, columns, name, line))
    return _finish(drafts, name, name, digest)


def _csv_row(row: list[str], columns: list[tuple[str | None, str]], name: str, line: int) -> _Draft:
    """One data row → a draft concept.

    Raises:
        ParseError: a value without its term, no name at all, or an unknown ``en_origin``.
    """
    draft = _Draft(line=line)
    fields: dict[str, dict[str, str]] = {}
    for (lang, fld), raw in zip(columns, row, strict=True):
        value = _clean(raw)
        if lang is not None:
            fields.setdefault(lang, {})[fld] = value
        elif fld in _MULTI:
            getattr(draft, fld).extend(_split(value))
        elif value:
            setattr(draft, fld, value)
    if draft.en_origin is not None and draft.en_origin not in EN_ORIGINS:
        raise ParseError(
            f"unknown en_origin {draft.en_origin!r}",
            path=name,
            line=line,
            hint=f"use one of {', '.join(EN_ORIGINS)}, or leave the cell empty",
        )
    for lang, values in fields.items():
        term = values.get("term", "")
        if not term:
            filled = [f"{lang}_{k}" for k, v in values.items() if v]
            if filled:
                raise ParseError(
                    f"{', '.join(filled)} given without a {lang!r} term",
                    path=name,
                    line=line,
                    hint=f"fill in the {lang!r} column or empty the others",
                )
            continue
        draft.entries.append(
            Entry(
                lang=lang,
                term=term,
                definition=values.get("definition", ""),
                source=values.get("source") or f"{name}:{line}",
                en=values.get("en") or None,
                abbr=tuple(_split(values.get("abbr", ""))),
                status=values.get("status") or None,
                notes=tuple(_split(values.get("notes", ""))),
            )
        )
    if not (draft.en or draft.entries or draft.aliases or draft.abbr):
        raise ParseError(
            "the row names no concept",
            path=name,
            line=line,
            hint="give an English name (en) or at least one term",
        )
    return draft


# --------------------------------------------------------------------------- JSONL / YAML


def export_jsonl(glossary: Glossary, langs: Sequence[str] | None = None) -> str:
    """Write one JSON object per concept per line (JSON Lines).

    Args:
        glossary: the concepts to write.
        langs: language tags whose entries to keep (see :func:`filter_langs`). The English
            fields stay in every object: they are part of the record schema.

    Returns:
        Lines of :func:`glossary_cli.records.concept_to_mapping`, keys in schema order,
        ``ensure_ascii=False``, each ending in ``\\n``.
    """
    return "".join(
        json.dumps(records.concept_to_mapping(c), ensure_ascii=False) + "\n"
        for c in filter_langs(glossary, langs).concepts
    )


def import_jsonl(text: str, name: str) -> Glossary:
    """Read JSON Lines written by :func:`export_jsonl`; blank lines are skipped.

    Args:
        text: the file's text.
        name: the file's name, for messages and sources.

    Returns:
        The glossary; sources are one per language (see the module docstring).

    Raises:
        ParseError: a line that is not JSON or not a concept record (per
            :func:`glossary_cli.records.concept_from_mapping`), or a duplicate id.
    """
    drafts: list[_Draft] = []
    for number, line in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            concept = records.concept_from_mapping(json.loads(line), f"line {number}")
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
        drafts.append(_draft_of(concept, number))
    return _finish(drafts, name, name, hashlib.sha256(text.encode("utf-8")).hexdigest())


def _draft_of(concept: Concept, line: int) -> _Draft:
    """A concept read back from a record document, as a draft at ``line`` (or item number)."""
    return _Draft(
        line=line,
        id=concept.id or None,
        en=concept.en,
        en_origin=concept.en_origin,
        abbr=list(concept.abbr),
        aliases=list(concept.aliases),
        notes=list(concept.notes),
        entries=list(concept.entries),
    )


def export_yaml(glossary: Glossary, langs: Sequence[str] | None = None) -> str:
    """Write the glossary as one YAML record document.

    Args:
        glossary: the concepts and sources to write.
        langs: language tags whose entries and sources to keep (see :func:`filter_langs`).

    Returns:
        :func:`glossary_cli.records.glossary_to_mapping` (``schema``, ``sources``,
        ``concepts``) dumped with ``yaml.safe_dump(..., allow_unicode=True, sort_keys=False)``,
        readable back with :func:`glossary_cli.records.glossary_from_mapping`.
    """
    mapping = records.glossary_to_mapping(filter_langs(glossary, langs))
    return yaml.safe_dump(mapping, allow_unicode=True, sort_keys=False)


def import_yaml(text: str, name: str) -> Glossary:
    """Read a YAML record document written by :func:`export_yaml` (or a ``concepts.yaml``).

    The concepts are kept as they are; the document's own ``sources`` list describes the files
    it was built from, not this file, so it is replaced by one source per language of ``name``
    (see the module docstring).

    Args:
        text: the file's text.
        name: the file's name, for messages and sources.

    Raises:
        ParseError: not YAML, not a record document (schema ``gloss/1``), or a duplicate id.
    """
    try:
        data = yaml.safe_load(text.removeprefix("\ufeff"))
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise ParseError(
            f"invalid YAML: {getattr(exc, 'problem', None) or exc}",
            path=name,
            line=mark.line + 1 if mark else None,
            column=mark.column + 1 if mark else None,
            hint="the file must be a record document as `gloss export --format yaml` writes it",
        ) from None
    try:
        glossary = records.glossary_from_mapping(data)
    except RecordError as exc:
        raise ParseError(
            exc.message,
            path=name,
            hint=exc.hint or "the file must be a record document as `gloss export` writes it",
        ) from None
    first: dict[str, int] = {}
    drafts = []
    for number, concept in enumerate(glossary.concepts, start=1):
        if concept.id and concept.id in first:
            raise ParseError(
                f"concept #{number} repeats the id {concept.id!r} of concept #{first[concept.id]}",
                path=name,
                hint="give every concept its own id",
            )
        first.setdefault(concept.id, number)
        drafts.append(_draft_of(concept, number))
    return _finish(drafts, name, name, hashlib.sha256(text.encode("utf-8")).hexdigest())


# --------------------------------------------------------------------------- by file name

#: File name suffixes of the import formats (compared case-insensitively) → format.
IMPORT_SUFFIXES = {
    ".tbx": "tbx",
    ".csv": "csv",
    ".tsv": "tsv",
    ".jsonl": "jsonl",
    ".yaml": "yaml",
    ".yml": "yaml",
}


def import_format(name: str) -> str | None:
    """The import format a file name calls for, or ``None`` for a plain glossary file.

    >>> import_format("terms.TBX"), import_format("hi.csv"), import_format("hi.txt")
    ('tbx', 'csv', None)
    """
    suffix = name[name.rfind(".") :].lower() if "." in name else ""
    return IMPORT_SUFFIXES.get(suffix)


def _decode(data: bytes, name: str) -> str:
    """Text of an import file: UTF-8 (a BOM is dropped), or UTF-16 with a BOM.

    Raises:
        ParseError: the bytes are not in that encoding (line and column of the first bad one).
    """
    codec = "utf-16" if data.startswith((b"\xff\xfe", b"\xfe\xff")) else "utf-8-sig"
    try:
        return data.decode(codec)
    except UnicodeDecodeError as exc:
        before = data[: exc.start]
        raise ParseError(
            f"byte 0x{data[exc.start]:02x} is not valid {codec.removesuffix('-sig').upper()}",
            path=name,
            line=before.count(b"\n") + 1,
            column=exc.start - (before.rfind(b"\n") + 1) + 1,
            hint="save the file as UTF-8",
        ) from None


def import_bytes(data: bytes, name: str) -> Glossary:
    """Read an import file by the suffix of its name (:data:`IMPORT_SUFFIXES`): TBX, CSV,
    TSV, JSON Lines or a YAML record document.

    Args:
        data: the file's bytes.
        name: the file's name: picks the format; used in messages and sources.

    Raises:
        UsageError: ``name`` has no import suffix.
        ParseError: the file cannot be read in that format (see the ``import_*`` functions).
    """
    fmt = import_format(name)
    if fmt is None:
        suffixes = ", ".join(IMPORT_SUFFIXES)
        raise UsageError(f"{name!r} is not an import file", hint=f"name it *{{{suffixes}}}")
    if fmt == "tbx":
        return import_tbx(data, name)
    text = _decode(data, name)
    if fmt in ("csv", "tsv"):
        return import_csv(text, name, fmt)  # type: ignore[arg-type]
    if fmt == "jsonl":
        return import_jsonl(text, name)
    return import_yaml(text, name)
