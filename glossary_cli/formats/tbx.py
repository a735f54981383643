"""TBX (TermBase eXchange, ISO 30042) in and out: TBX v3 (ISO 30042:2019, ``<tbx>``) and TBX v2
(TBX-Basic 2008, ``<martif>``), in DCA style (``<termNote type="termType">``) or DCT style
(``<termType>``), with or without a namespace. Standard library only.

Reading maps the TBX-Basic data categories onto the model (:mod:`glossary_cli.model`):

=====================================  ==========================================================
TBX                                    gloss
=====================================  ==========================================================
``conceptEntry/@id``                   ``Concept.id`` (a concept without one gets a slug)
``descrip type="subjectField"``        ``Concept.subject_fields``
``descrip type="definition"``          a ``Definition`` of the concept (in the document's or its
                                       own ``xml:lang``), of the language section, or of the term
                                       — wherever it stands; ``admin type="source"`` in its
                                       ``descripGrp`` is its ``citation``
``langSec``/``langSet``                a ``LangSection`` (sections of one tag are joined)
``termSec``/``tig``/``ntig``           a ``Term``, in order
``termNote type="administrativeStatus"``  ``Term.status``, mapped onto the TBX-Basic picklist by
                                       :func:`glossary_cli.records.normalize_status`, the value
                                       as written kept in ``Term.status_original``
``termNote type="termType"``           ``Term.type``
``termNote type="partOfSpeech"``       ``Term.pos``
``termNote type="usageNote"``          ``Term.usage`` (also Weblate's ``descrip type="Usage note"``
                                       on a term)
``admin type="source"`` of a term      ``Term.citation``
``note``                               ``notes`` of the concept, section or term
``ref``/``xref`` of a concept          ``Concept.xrefs`` (``crossReference``,
                                       ``externalCrossReference``, ``xGraphic``), ``target`` kept
every other data category              a ``Property`` of its level (``context`` with its source,
                                       ``grammaticalGender``, ``geographicalUsage``,
                                       ``termLocation``, ``customerSubset``, ``projectSubset``,
                                       transactions…), written back as it came
=====================================  ==========================================================

Text is NFC and its whitespace collapsed (an indented multi-line definition is one line).
Every term and definition gets ``source = FILE:LINE``, the line of its element. Writing is the
inverse, in DCA style: what was read is written back at the level it came from, statuses as
TBX-Basic values (``preferredTerm-admn-sts`` …: a deprecated, superseded or obsolete term is
never written as preferred) or the TBX value the termbase gave (``legalTerm-admn-sts``), a
spelling of a termbase's own in a ``gloss:status_original=…`` note of the term (read back into
``Term.status_original``), and ``admin type="source"`` from the ``citation``, else from the
``source``. Curated search-only aliases and misreadings are not terms: they are not written.
"""

from __future__ import annotations

import io
import itertools
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import BinaryIO, Literal

from glossary_cli.errors import ParseError, ParseWarning, RecordError, UsageError
from glossary_cli.formats._common import clean, digest, glossary_of, with_ids
from glossary_cli.formats._xml import XML_LANG, local, parse_xml
from glossary_cli.limits import MAX_TEXT, Overlong, overlong_error, overlong_warning, too_long
from glossary_cli.model import (
    EN_ORIGINS,
    Concept,
    CrossReference,
    Definition,
    Glossary,
    LangSection,
    Property,
    Reading,
    Term,
    is_english,
)
from glossary_cli.records import normalize_status
from glossary_cli.tags import canonical_tag, is_language_tag, parse_tag

#: Namespace of TBX v3 documents (ISO 30042:2019).
NAMESPACE = "urn:iso:std:iso:30042:ed-2"
#: Title written into exported TBX headers unless the caller gives one.
DEFAULT_TITLE = "gloss: AI terminology"

TbxVersion = Literal["v2", "v3"]

#: TBX-Basic ``administrativeStatus`` values, by gloss status.
STATUS_VALUES = {
    "preferred": "preferredTerm-admn-sts",
    "admitted": "admittedTerm-admn-sts",
    "deprecated": "deprecatedTerm-admn-sts",
    "superseded": "supersededTerm-admn-sts",
}

# Elements that structure the document (not data categories).
_CONCEPT = frozenset({"conceptEntry", "termEntry"})
_LANG = frozenset({"langSec", "langSet"})
_TERM = frozenset({"termSec", "tig", "ntig"})
_STRUCTURE = _CONCEPT | _LANG | _TERM | {"termGrp", "term"}
# DCA elements, whose type attribute names the data category.
_DCA = frozenset(
    {"descrip", "termNote", "admin", "ref", "xref", "transac", "transacNote", "adminNote",
     "descripNote"}
)  # fmt: skip
# DCT style (TBX v3): the element is the data category; the DCA element that carries it.
_DCT = {
    "definition": "descrip",
    "context": "descrip",
    "subjectField": "descrip",
    "explanation": "descrip",
    "relatedConcept": "descrip",
    "broaderConceptGeneric": "descrip",
    "administrativeStatus": "termNote",
    "normativeAuthorization": "termNote",
    "partOfSpeech": "termNote",
    "termType": "termNote",
    "grammaticalGender": "termNote",
    "grammaticalNumber": "termNote",
    "geographicalUsage": "termNote",
    "termLocation": "termNote",
    "usageNote": "termNote",
    "source": "admin",
    "customerSubset": "admin",
    "projectSubset": "admin",
    "crossReference": "ref",
    "externalCrossReference": "xref",
    "xGraphic": "xref",
    "transactionType": "transac",
    "responsibility": "transacNote",
}
# Relations to other concepts that curation records, as the ISO 12620 data categories TBX
# core carries them.
_RELATIONS = {"relatedConcept": "related", "broaderConceptGeneric": "broader"}
_RELATION_TYPES = {v: k for k, v in _RELATIONS.items()}
_USAGE = frozenset({"usageNote", "Usage note", "usage note"})
# gloss 0.1.0 kept in <note>s what its record had no TBX data category for.
_META = "gloss:"
# a private-use language tag (BCP 47 §2.2.7): x-bengali
_PRIVATE = re.compile(r"x(?:-[A-Za-z0-9]{1,8})+", re.IGNORECASE)
# Characters XML 1.0 cannot carry, not even as character references (XML 1.0 §2.2 "Char").
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
# An XML NCName may not start with these (XML Namespaces §3, "NCName"); slugs may.
_NOT_NAME_START = re.compile(r"[0-9.\-]")


def _text(el: ET.Element) -> str:
    return clean("".join(el.itertext()))


# --------------------------------------------------------------------------- reading


@dataclass(slots=True)
class _Item:
    """One data category as read: its DCA element and category, its text, and what its
    group or attributes add."""

    element: str
    category: str
    text: str
    line: int
    citation: str | None = None
    target: str | None = None
    lang: str | None = None
    date: str | None = None
    responsibility: str | None = None

    def property(self) -> Property:
        return Property(
            category=self.category,
            value=self.text,
            element=self.element,
            citation=self.citation,
            target=self.target,
            date=self.date,
            responsibility=self.responsibility,
        )


@dataclass(slots=True)
class _Section:
    lang: str
    terms: list[Term] = field(default_factory=list)
    definitions: list[Definition] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    properties: list[Property] = field(default_factory=list)


class _Reader:
    def __init__(self, name: str, lines: dict[ET.Element, int], doc_lang: str | None) -> None:
        self.name = name
        self.lines = lines
        self.doc_lang = doc_lang
        self.tags: dict[str, str] = {}  # each xml:lang as written → its BCP 47 tag
        self.seen: dict[tuple[str, str], list[int]] = {}  # (written, tag) → [terms, line]
        self.guessed: list[int] = []  # lines of sections without xml:lang, told by script
        self.overlong: list[Overlong] = []  # what was left out for its length
        self.dropped = 0  # concepts left without a term by it
        self.long_terms = 0  # terms left out for their length

    def where(self, line: int) -> str:
        return f"{self.name}:{line}"

    def line(self, el: ET.Element) -> int:
        return self.lines.get(el, 0)

    def item(self, el: ET.Element) -> _Item:
        name = local(el.tag)
        if name in _DCA:
            element, category = name, (el.get("type") or "").strip()
        elif name == "note":
            element = category = "note"
        else:
            element, category = _DCT.get(name, "descrip"), name
        lang = el.get(XML_LANG)
        return _Item(
            element,
            category,
            _text(el),
            self.line(el),
            target=el.get("target"),
            lang=parse_tag(lang) if lang else None,
        )

    def items(self, el: ET.Element) -> Iterator[_Item]:
        """The data categories of one level (a concept, language or term section), groups
        opened, structure children skipped; one whose text or source is longer than gloss
        reads (:data:`glossary_cli.limits.MAX_TEXT`) is left out, and noted."""
        for item in self._items(el):
            longest = max(len(item.text), len(item.citation or ""))
            if longest > MAX_TEXT:
                self.overlong.append(Overlong(item.category or item.element, item.line,
                                              longest, False))  # fmt: skip
                continue
            yield item

    def _items(self, el: ET.Element) -> Iterator[_Item]:
        for child in el:
            name = local(child.tag)
            if name in _STRUCTURE or name in ("date",):
                continue
            if name == "transacGrp":
                yield self.transaction(child)
            elif name.endswith("Grp"):
                members = list(self.items(child))
                sources = [m for m in members if m.element == "admin" and m.category == "source"]
                main = [m for m in members if all(m is not s for s in sources)]
                if main and sources:
                    main[0].citation = sources[0].text
                    yield from main
                    yield from sources[1:]
                else:
                    yield from members
            else:
                yield self.item(child)

    def transaction(self, el: ET.Element) -> _Item:
        out = _Item("transacGrp", "transaction", "", self.line(el))
        for child in el:
            name = local(child.tag)
            if name == "transac" or name == "transactionType":
                out.text = _text(child)
            elif name == "date":
                out.date = _text(child)
            elif name in ("transacNote", "responsibility"):
                out.responsibility = _text(child)
                out.target = child.get("target") or None  # the id of the person in <back>
        return out

    # -- levels ----------------------------------------------------------------------------

    def concept(self, el: ET.Element) -> tuple[Concept, int] | None:
        line = self.line(el)
        long_before = self.long_terms
        raw_id = (el.get("id") or "").strip()
        subject: list[str] = []
        definitions: list[Definition] = []
        notes: list[str] = []
        xrefs: list[CrossReference] = []
        properties: list[Property] = []
        origin: str | None = None
        for item in self.items(el):
            if item.element == "descrip" and item.category == "subjectField":
                subject.append(item.text)
            elif item.element == "descrip" and item.category == "definition":
                definitions.append(
                    Definition(
                        item.text,
                        self.where(item.line),
                        item.citation,
                        item.lang or self.doc_lang,
                    )
                )
            elif item.element == "note":
                key, value = _meta(item.text)
                if key == "en_origin":
                    if value not in EN_ORIGINS:
                        raise ParseError(
                            f"unknown en_origin {value!r}",
                            path=self.name,
                            line=item.line,
                            hint=f"use one of {', '.join(EN_ORIGINS)}",
                        )
                    origin = value
                elif value:
                    notes.append(value)
            elif item.element in ("ref", "xref"):
                xrefs.append(CrossReference(item.category, item.text, item.target))
            elif item.element == "descrip" and item.category in _RELATIONS:
                xrefs.append(CrossReference(_RELATIONS[item.category], item.text, item.target))
            else:
                properties.append(item.property())

        sections: dict[str, _Section] = {}
        extra_english: list[Term] = []
        for lang_el in el:
            if local(lang_el.tag) not in _LANG:
                continue
            raw = (lang_el.get(XML_LANG) or lang_el.get("lang") or "").strip()
            lang = self.tags.get(raw) if raw else None
            if lang is None:
                lang = self.section_language(lang_el, raw)
            self.tags[raw] = lang
            section = sections.setdefault(lang, _Section(lang))
            before = len(section.terms)
            self.language(lang_el, section, extra_english)
            self.seen.setdefault((raw, lang), [0, self.line(lang_el)])[0] += (
                len(section.terms) - before
            )

        if extra_english:  # gloss 0.1.0's notes: the English a source gave
            english = next((s for s in sections.values() if is_english(s.lang)), None)
            if english is None:
                english = _Section("en")
                sections = {"en": english, **sections}
            have = {t.text.casefold() for t in english.terms}
            english.terms += [t for t in extra_english if t.text.casefold() not in have]
        if origin is not None:
            _apply_origin(sections, origin)
        built = []
        for s in sections.values():
            if s.terms:
                built.append(
                    LangSection(
                        s.lang,
                        tuple(s.terms),
                        tuple(s.definitions),
                        tuple(s.notes),
                        tuple(s.properties),
                    )
                )
            else:  # a language section without a term: its definitions stay the concept's
                definitions += [Definition(d.text, d.source, d.citation, s.lang)
                                for d in s.definitions]  # fmt: skip
        if not built:
            if self.long_terms > long_before:  # its only terms were past the limit
                self.dropped += 1
            return None
        concept = Concept(
            id=_from_xml_id(raw_id) if raw_id else "",
            languages=tuple(built),
            subject_fields=tuple(subject),
            definitions=tuple(definitions),
            notes=tuple(notes),
            xrefs=tuple(xrefs),
            properties=tuple(properties),
            provenance=(self.where(line),),
        )
        return concept, line

    def section_language(self, el: ET.Element, raw: str) -> str:
        """The language of a language section: its ``xml:lang`` as files write tags or
        languages' names (``ar_SA``, ``Arabic``; a private-use ``x-…`` tag as it is); without
        one, the document's ``xml:lang`` when its terms' script fits it, else the one their
        script says (and a warning).

        Raises:
            ParseError: an ``xml:lang`` that is neither a tag nor a language's name, or none
                where the terms have no letters to tell the language by.
        """
        from glossary_cli.scripts.writing import text_language, written_in
        from glossary_cli.tags import read_language

        tag = local(el.tag)
        if raw:
            lang = read_language(raw)
            if lang is None and _PRIVATE.fullmatch(raw):
                lang = raw.lower()  # x-bengali: private use, as given
            if lang is None and is_language_tag(raw):
                lang = canonical_tag(raw)  # a tag of a language ICU does not know: as given
            if lang is None:
                raise ParseError(
                    f"<{tag}> has xml:lang {raw!r}, not a language tag",
                    path=self.name,
                    line=self.line(el),
                    hint=f'name the language with a BCP 47 tag, e.g. <{tag} xml:lang="bn">',
                )
            return lang
        texts = [_text(t) for t in el.iter() if local(t.tag) == "term"]
        if self.doc_lang and written_in(" ".join(texts), self.doc_lang):
            return self.doc_lang  # inherited from the root, which its terms' script fits
        found = text_language(" ".join(texts))
        if found is None:
            raise ParseError(
                f"<{tag}> without a language tag, and its terms have no letters to tell it by",
                path=self.name,
                line=self.line(el),
                hint=f'name the language with a BCP 47 tag, e.g. <{tag} xml:lang="bn">',
            )
        self.guessed.append(self.line(el))
        return found

    def language(self, el: ET.Element, section: _Section, extra_english: list[Term]) -> None:
        for item in self.items(el):
            if item.element == "descrip" and item.category == "definition":
                section.definitions.append(
                    Definition(item.text, self.where(item.line), item.citation)
                )
            elif item.element == "note":
                key, value = _meta(item.text)
                if value and key is None:
                    section.notes.append(value)
            else:
                section.properties.append(item.property())
        for term_el in el:
            if local(term_el.tag) in _TERM:
                after: list[Term] = []
                term = self.term(term_el, after, extra_english)
                if term is not None:
                    section.terms.append(term)
                    section.terms += after

    def term(self, el: ET.Element, after: list[Term], extra_english: list[Term]) -> Term | None:
        """A term section as a :class:`Term`; ``None`` when its term is empty. Terms that
        gloss 0.1.0's notes name (``gloss:abbr=…``) go to ``after`` (they follow the term)
        and, with the English its source gave (``gloss:en=…``), to ``extra_english``."""
        term_el = next((t for t in el.iter() if local(t.tag) == "term"), None)
        if term_el is None or not _text(term_el):
            return None
        text = _text(term_el)
        if too_long(text, True):
            self.overlong.append(Overlong("term", self.line(term_el), len(text), True))
            self.long_terms += 1
            return None
        source = self.where(self.line(term_el))
        kinds: dict[str, str | None] = {
            "type": None, "status": None, "status_original": None, "pos": None, "usage": None,
            "citation": None,
        }  # fmt: skip
        notes: list[str] = []
        status_notes: list[str] = []
        definitions: list[Definition] = []
        properties: list[Property] = []
        levels = [el, *(g for g in el if local(g.tag) == "termGrp")]
        for level in levels:
            for item in self.items(level):
                element, category = item.element, item.category
                if element == "termNote" and category in (
                    "administrativeStatus",
                    "normativeAuthorization",
                ):
                    status, original = normalize_status(item.text)
                    kinds["status"], kinds["status_original"] = status, original
                elif element == "termNote" and category == "termType":
                    kinds["type"] = item.text or None
                elif element == "termNote" and category == "partOfSpeech":
                    kinds["pos"] = item.text or None
                elif category in _USAGE and element in ("termNote", "descrip"):
                    kinds["usage"] = item.text or None
                elif element == "admin" and category == "source" and kinds["citation"] is None:
                    kinds["citation"] = item.text or None
                elif element == "descrip" and category == "definition":
                    definitions.append(Definition(item.text, self.where(item.line), item.citation))
                elif element == "note":
                    key, value = _meta(item.text)
                    if key == "status_original":
                        status_notes.append(value)
                    elif key == "en":
                        extra_english.append(Term(value, source=source))
                    elif key == "abbr":
                        abbr = Term(value, type="abbreviation", source=source)
                        after.append(abbr)
                        extra_english.append(abbr)
                    elif value:
                        notes.append(value)
                else:
                    properties.append(item.property())
        for original in status_notes:  # gloss's note of the spelling the status had
            if kinds["status"] is not None and normalize_status(original)[0] == kinds["status"]:
                kinds["status_original"] = original
            else:
                notes.append(f"{_META}status_original={original}")
        return Term(
            text=text,
            type=kinds["type"],
            status=kinds["status"],
            status_original=kinds["status_original"],
            pos=kinds["pos"],
            usage=kinds["usage"],
            source=source,
            citation=kinds["citation"],
            notes=tuple(notes),
            definitions=tuple(definitions),
            properties=tuple(properties),
        )


def _meta(text: str) -> tuple[str | None, str]:
    """gloss 0.1.0's metadata notes: ``"gloss:KEY=VALUE"`` → ``(KEY, VALUE)``; any other note
    (and ``gloss:note=…``, an escaped note of the glossary's own) → ``(None, text)``."""
    if text.startswith(_META):
        key, sep, value = text[len(_META) :].partition("=")
        if sep and key in {"en_origin", "en", "abbr", "status_original"}:
            return key, value
        if sep and key == "note":
            return None, value
    return None, text


def _apply_origin(sections: dict[str, _Section], origin: str) -> None:
    """gloss 0.1.0 marked every English headword ``preferredTerm-admn-sts`` and said in a
    ``gloss:en_origin`` note where it came from: only a curated one was chosen as preferred."""
    english = next((s for s in sections.values() if is_english(s.lang)), None)
    if english is None or not english.terms:
        return
    head = english.terms[0]
    if origin == "curated":
        english.terms[0] = head._replace(status="preferred", status_original=None, origin="curated")
    elif head.status == "preferred":
        english.terms[0] = head._replace(status=None, status_original=None)


def _from_xml_id(value: str) -> str:
    return value[1:] if value.startswith("_") and _NOT_NAME_START.match(value[1:2]) else value


def read(data: bytes, name: str) -> Glossary:
    """Read a TBX termbase (see the module docstring for what goes where).

    Args:
        data: the file's bytes (any encoding its XML declaration names).
        name: the file's name, for messages and sources.

    Returns:
        The glossary, with one source per language; concepts without any term are left out,
        and so are terms longer than :data:`glossary_cli.limits.MAX_TERM` and other texts
        longer than :data:`~glossary_cli.limits.MAX_TEXT` (said in one warning).

    Raises:
        ParseError: every concept past those limits (nothing would be left), malformed XML
            (line and column from the parser), an inline DTD or an
            entity declaration or reference (refused before anything is expanded), a root
            other than ``tbx``/``martif``, a language section without a valid ``xml:lang``, an
            unknown ``gloss:en_origin`` or a duplicate id.
    """
    root, lines = parse_xml(data, name)
    if local(root.tag) not in {"tbx", "martif"}:
        raise ParseError(
            f"not a TBX document: the root element is <{local(root.tag)}>",
            path=name,
            line=lines.get(root, 1),
            hint="a TBX file has a <tbx> (TBX v3) or <martif> (TBX v2) root element",
        )
    title_el = next((t for t in root.iter() if local(t.tag) == "title"), None)
    title = (_text(title_el) if title_el is not None else "") or name
    doc_lang = root.get(XML_LANG)
    reader = _Reader(name, lines, parse_tag(doc_lang) if doc_lang else None)
    found = [reader.concept(el) for el in root.iter() if local(el.tag) in _CONCEPT]
    warnings: list[ParseWarning] = []
    if reader.overlong:
        if not any(found):
            raise overlong_error(name, reader.overlong)
        warnings.append(overlong_warning(name, reader.overlong))
    concepts = with_ids([c for c in found if c is not None], name, warnings)
    empty = len(found) - sum(1 for c in found if c is not None) - reader.dropped
    if empty:
        warnings.append(
            ParseWarning(
                f"{empty} concept entr{'ies have' if empty > 1 else 'y has'} no term in any "
                f"language (every <term> empty) and {'are' if empty > 1 else 'is'} left out",
                path=name,
            )
        )
    plan = [
        Reading(
            f'xml:lang="{raw}"' if raw else "language sections without xml:lang",
            f"{tag} terms"
            + (
                ""
                if raw
                else ", the document's xml:lang"
                if tag == reader.doc_lang
                else ", by the script of their terms"
            ),
            line,
            total=count,
        )
        for (raw, tag), (count, line) in reader.seen.items()
    ]
    if reader.guessed:
        n = len(reader.guessed)
        warnings.append(
            ParseWarning(
                f"{n} language section{'s have' if n > 1 else ' has'} no xml:lang: "
                f"{'their' if n > 1 else 'its'} language is the one {'their' if n > 1 else 'its'}"
                f" terms' script says, line{'s' if n > 1 else ''} "
                + ", ".join(map(str, reader.guessed[:12])),
                path=name,
                line=reader.guessed[0],
                hint='name each section\'s language: <langSet xml:lang="bn">',
            )
        )
    warnings += _mismatched(concepts, name)
    glossary = glossary_of(concepts, name, title, digest(data))
    return glossary._replace(warnings=tuple(warnings), plan=tuple(plan))


def _mismatched(concepts: Sequence[Concept], name: str) -> list[ParseWarning]:
    """One warning per language whose terms are written in a script it is not written in
    (Arabic terms in a section tagged bn), kept as the file tags them: ``gloss lint`` calls
    each an error (``script-mismatch``)."""
    from glossary_cli.scripts.writing import script_name, script_of, tag_scripts

    found: dict[tuple[str, str], list[str]] = {}
    for concept in concepts:
        for section in concept.languages:
            expected = tag_scripts(section.lang)
            for term in section.terms:
                script = script_of(term.text)
                if expected and script not in (None, "Latn") and script not in expected:
                    found.setdefault((section.lang, script), []).append(term.source)
    out = []
    for (lang, script), sources in found.items():
        n = len(sources)
        warning = ParseWarning(
            f"{n} {lang} term{'s are' if n > 1 else ' is'} in {script_name(script)} script, "
            f"not the script {lang} is written in: kept as {lang} ("
            + ", ".join(s.rsplit(":", 1)[-1] for s in sources[:8])
            + (", …" if n > 8 else "")
            + ")",
            path=name,
            line=int(sources[0].rsplit(":", 1)[-1])
            if sources[0].rsplit(":", 1)[-1].isdigit()
            else None,
            hint="tag each language section with its language",
        )
        warning.check = "script-mismatch"
        out.append(warning)
    return out


def sniff(head: bytes) -> bool:
    """Whether a file's first bytes look like TBX: a ``<tbx`` or ``<martif`` root."""
    return b"<martif" in head or b"<tbx" in head


# --------------------------------------------------------------------------- writing


class _Writer:
    """Builds one TBX document with ElementTree (never by concatenating strings)."""

    def __init__(self, version: TbxVersion) -> None:
        self.v3 = version == "v3"
        v3 = ("tbx", "tbxHeader", "conceptEntry", "langSec", "termSec")
        v2 = ("martif", "martifHeader", "termEntry", "langSet", "tig")
        roles = ("root", "header", "entry", "lang", "termsec")
        self.names = dict(zip(roles, v3 if self.v3 else v2, strict=True))

    def element(self, name: str, *, where: str, **attrs: str) -> ET.Element:
        """An element of no parent (a concept entry, serialized on its own)."""
        el = ET.Element(self.names.get(name, name))
        for key, value in attrs.items():
            el.set(XML_LANG if key == "lang" else key, _xml_text(value, where))
        return el

    def sub(
        self, parent: ET.Element, name: str, text: str | None = None, *, where: str, **attrs: str
    ) -> ET.Element:
        el = ET.SubElement(parent, self.names.get(name, name))
        for key, value in attrs.items():
            el.set(XML_LANG if key == "lang" else key, _xml_text(value, where))
        if text is not None:
            el.text = _xml_text(text, where)
        return el

    def cited(
        self, parent: ET.Element, element: str, text: str, citation: str | None, *, where: str,
        **attrs: str,
    ) -> None:  # fmt: skip
        """An element with a cited source: in a group (``descripGrp``…) with ``admin
        type="source"``, as TBX-Basic writes a definition's or a context's source."""
        if not citation:
            self.sub(parent, element, text, where=where, **attrs)
            return
        group = self.sub(parent, f"{element}Grp", where=where)
        self.sub(group, element, text, where=where, **attrs)
        self.sub(group, "admin", citation, where=where, type="source")

    def definition(self, parent: ET.Element, d: Definition, where: str, doc_lang: str) -> None:
        attrs = {"type": "definition"}
        if d.lang and d.lang != doc_lang:
            attrs["lang"] = d.lang
        self.cited(parent, "descrip", d.text, d.citation or d.source or None, where=where, **attrs)

    def property(self, parent: ET.Element, p: Property, where: str) -> None:
        if p.element == "transacGrp":
            group = self.sub(parent, "transacGrp", where=where)
            self.sub(group, "transac", p.value, where=where, type="transactionType")
            if p.date:
                self.sub(group, "date", p.date, where=where)
            if p.responsibility:
                extra = {"target": p.target} if p.target else {}
                self.sub(group, "transacNote", p.responsibility, where=where,
                         type="responsibility", **extra)  # fmt: skip
            return
        attrs = {"type": p.category}
        if p.target:
            attrs["target"] = p.target
        self.cited(parent, p.element, p.value, p.citation, where=where, **attrs)


def _xml_text(text: str, where: str) -> str:
    """``text`` unchanged, after checking that XML 1.0 can carry it.

    Raises:
        RecordError: ``text`` holds a control character XML 1.0 forbids (XML 1.0 §2.2).
    """
    bad = _NOT_XML.search(text)
    if bad:
        raise RecordError(
            f"{where} contains U+{ord(bad.group()):04X}, which XML cannot carry",
            hint="remove it from the glossary file it came from (`gloss build` warns of it)",
        )
    return text


def _xml_id(cid: str) -> str:
    """A concept id as an XML ``ID`` (an NCName): ids that start with a digit, ``-`` or ``.``
    get a ``_`` prefix, which :func:`read` removes again."""
    return "_" + cid if _NOT_NAME_START.match(cid) else cid


def write(glossary: Glossary, *, version: TbxVersion = "v2", title: str = DEFAULT_TITLE) -> bytes:
    """The bytes :func:`write_to` writes (the same arguments and errors)."""
    out = io.BytesIO()
    write_to(glossary, out, version=version, title=title)
    return out.getvalue()


#: The comment that stands for the concept entries in the serialized document frame of
#: :func:`write_to` (XML text cannot hold it unescaped, so it is found only where it was put).
_ENTRIES = "gloss entries"


def write_to(
    glossary: Glossary, out: BinaryIO, *, version: TbxVersion = "v2", title: str = DEFAULT_TITLE
) -> None:
    """Write ``glossary`` to ``out`` as a TBX-Basic termbase, DCA style, one concept entry
    at a time: memory holds the document's frame and one entry, whatever the termbase's size.

    Args:
        glossary: the concepts to write (its sources are listed in the header); they are
            iterated once.
        out: a binary file.
        version: ``"v2"`` (the default) writes TBX-Basic 2008 (ISO 30042:2008, ``<martif>``
            with ``termEntry/langSet/tig``); ``"v3"`` writes TBX v3 (ISO 30042:2019,
            ``<tbx type="TBX-Basic" style="dca">`` in namespace :data:`NAMESPACE` with
            ``conceptEntry/langSec/termSec``). v2 is the default because it is what the
            common readers understand: the Translate Toolkit (and so Weblate and Pootle)
            reads only ``martif`` documents.
        title: the header's ``titleStmt/title``.

    Writes UTF-8 XML with a declaration, indented by two spaces, the same bytes for the same
    input (and the same as one ElementTree document of it: the frame is serialized by
    ElementTree with a comment where the entries go, each entry by ElementTree with the
    indentation of its depth). A concept with no term left to write (only search-only
    aliases) is left out: a concept entry needs a language section (ISO 30042:2019,
    ``conceptEntry``).

    Raises:
        UsageError: ``version`` is neither ``"v2"`` nor ``"v3"``.
        RecordError: a text holds a character XML cannot carry (what was written before it
            stays written: see :func:`glossary_cli.store.atomic_writer`).
    """
    if version not in ("v2", "v3"):
        raise UsageError(f"unknown TBX version {version!r}", hint="use 'v2' or 'v3'")
    w = _Writer(version)
    doc_lang = "en"
    entries = (e for e in (_entry(w, c, doc_lang) for c in glossary.concepts) if e is not None)
    first = next(entries, None)
    root, body = _frame(w, glossary, title, doc_lang)
    if first is None:
        ET.indent(root, space="  ")
        out.write(_serialized(root, declaration=True))
        return
    body.append(ET.Comment(_ENTRIES))
    ET.indent(root, space="  ")
    head, tail = _serialized(root, declaration=True).split(f"<!--{_ENTRIES}-->".encode())
    out.write(head)
    between = (body.text or "").encode()  # the indentation of an entry's line
    for k, entry in enumerate(itertools.chain([first], entries)):
        ET.indent(entry, space="  ", level=3)
        entry.tail = None
        if k:
            out.write(between)
        out.write(_serialized(entry, declaration=False))
    out.write(tail)


def _serialized(element: ET.Element, *, declaration: bool) -> bytes:
    """ElementTree's UTF-8 serialization of ``element``. ElementTree writes a carriage return
    in text as is, and every XML parser reads it back as a line feed (XML 1.0 §2.11); a
    character reference keeps it. Outside text and attribute values the output holds no
    carriage return, so this is an escape, not markup-building."""
    data: bytes = ET.tostring(element, encoding="utf-8", xml_declaration=declaration)
    return data.replace(b"\r", b"&#13;")


def _frame(
    w: _Writer, glossary: Glossary, title: str, doc_lang: str
) -> tuple[ET.Element, ET.Element]:
    """The document without its entries: the root with the header, and the empty body."""
    root = ET.Element(w.names["root"], {"type": "TBX-Basic"})
    if w.v3:
        root.set("style", "dca")
    root.set(XML_LANG, doc_lang)
    if w.v3:
        # ElementTree's default_namespace option refuses unqualified attribute names (type,
        # id), so the elements are built unqualified and the namespace declared on the root,
        # which puts every element in it for any reader.
        root.set("xmlns", NAMESPACE)
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
    return root, body


def _entry(w: _Writer, concept: Concept, doc_lang: str) -> ET.Element | None:
    """The concept entry of ``concept``, or ``None`` when it has no term to write."""
    sections = [(s, [t for t in s.terms if t.exported]) for s in concept.languages]
    sections = [(s, terms) for s, terms in sections if terms]
    if not sections:
        return None
    where = f"concept {concept.id!r}"
    entry = w.element("entry", where=where, id=_xml_id(concept.id))
    for subject in concept.subject_fields:
        w.sub(entry, "descrip", subject, where=where, type="subjectField")
    for d in concept.definitions:
        w.definition(entry, d, where, doc_lang)
    for note in concept.notes:
        w.sub(entry, "note", _escape_note(note), where=f"{where}: notes")
    for x in concept.xrefs:
        if x.type in _RELATION_TYPES:
            attrs = {"type": _RELATION_TYPES[x.type]}
            if x.target:
                attrs["target"] = x.target
            w.sub(entry, "descrip", x.text, where=where, **attrs)
        else:
            element = "ref" if x.type == "crossReference" else "xref"
            attrs = {"type": x.type}
            if x.target:
                attrs["target"] = x.target
            w.sub(entry, element, x.text, where=where, **attrs)
    for p in concept.properties:
        w.property(entry, p, where)
    for section, terms in sections:
        here = f"{where}: {section.lang} section"
        lang_el = w.sub(entry, "lang", where=here, lang=section.lang)
        for d in section.definitions:
            w.definition(lang_el, d, here, doc_lang)
        for note in section.notes:
            w.sub(lang_el, "note", _escape_note(note), where=here)
        for p in section.properties:
            w.property(lang_el, p, here)
        for term in terms:
            _write_term(w, lang_el, term, here, doc_lang)
    return entry


def _write_term(w: _Writer, parent: ET.Element, term: Term, where: str, doc_lang: str) -> None:
    el = w.sub(parent, "termsec", where=where)
    w.sub(el, "term", term.text, where=where)
    if term.type:
        w.sub(el, "termNote", term.type, where=where, type="termType")
    status, kept = _status_value(term)
    if status:
        w.sub(el, "termNote", status, where=where, type="administrativeStatus")
    if term.pos:
        w.sub(el, "termNote", term.pos, where=where, type="partOfSpeech")
    if term.usage:
        w.sub(el, "termNote", term.usage, where=where, type="usageNote")
    # TBX's content model of a term (tig, termSec): the term, its termNotes, then the rest
    for p in term.properties:
        if p.element == "termNote":
            w.property(el, p, where)
    for d in term.definitions:
        w.definition(el, d, where, doc_lang)
    for p in term.properties:
        if p.element != "termNote":
            w.property(el, p, where)
    source = term.citation or term.source
    if source:
        w.sub(el, "admin", source, where=where, type="source")
    if not kept:  # the termbase's own spelling, which the picklist value does not keep
        w.sub(el, "note", f"{_META}status_original={term.status_original}", where=where)
    for note in term.notes:
        w.sub(el, "note", _escape_note(note), where=where)


#: The values of administrativeStatus in TBX (ISO 30042's data category list, from ISO 12620):
#: the TBX-Basic four, and standardized, legal and regulated terms (all read as preferred).
_TBX_STATUSES = re.compile(
    r"(standardized|preferred|admitted|deprecated|superseded|legal|regulated)Term-admn-sts"
)


def _status_value(term: Term) -> tuple[str | None, bool]:
    """The ``administrativeStatus`` a term is written with, and whether that value keeps its
    ``status_original``: the original itself when it is a TBX value of the same status
    (``legalTerm-admn-sts``), else the TBX-Basic value of the status (an ``obsolete`` term
    is ``supersededTerm-admn-sts``; the original is then kept in a ``gloss:status_original``
    note), else the original (a value gloss does not know, e.g. ``Not Selected``)."""
    original = term.status_original
    if term.status is None:
        return original, True
    if original and _TBX_STATUSES.fullmatch(original):
        return original, True
    return STATUS_VALUES[term.status], not original


def _escape_note(text: str) -> str:
    """A note of the glossary's own that starts like gloss 0.1.0's metadata is written as
    ``gloss:note=…``, so that reading it back is unambiguous."""
    return f"{_META}note={text}" if text.startswith(_META) else text


def version_of(value: str) -> TbxVersion:
    """``"v2"`` or ``"v3"``.

    Raises:
        UsageError: any other value.
    """
    if value == "v2":
        return "v2"
    if value == "v3":
        return "v3"
    raise UsageError(f"unknown TBX version {value!r}", hint="use 'v2' or 'v3'")


__all__: Sequence[str] = (
    "DEFAULT_TITLE", "NAMESPACE", "STATUS_VALUES", "read", "sniff", "write", "write_to",
)  # fmt: skip
