"""Counts of a TBX file taken straight from its XML, independently of gloss's reader: what
``gloss add`` then ``gloss export`` must keep (used by tests/test_formats.py and
benchmarks/tbx_fidelity.py)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import dataclass

XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
AVOID = ("deprecated", "superseded", "obsolete", "forbidden")


def _local(tag: str) -> str:
    return tag.rpartition("}")[2]


def _text(el: ET.Element) -> str:
    return " ".join("".join(el.itertext()).split())


def _lang(tag: str) -> str:
    first, *rest = tag.split("-")
    return "-".join([first.lower(), *(p.upper() if len(p) == 2 else p for p in rest)])


@dataclass(frozen=True)
class Census:
    """What a TBX file holds, counted from its elements.

    Attributes:
        concepts: concept entries with at least one term.
        terms: non-empty ``<term>`` elements by language tag.
        definitions: ``definition`` data categories (DCA ``descrip type`` or DCT element).
        statuses: administrative status values (``termNote type`` or DCT element).
        avoided: ``(language, term)`` of the terms whose status says not to use them.
        preferred: ``(language, term)`` of the terms marked preferred.
        subject_fields: ``subjectField`` values.
    """

    concepts: int
    terms: dict[str, int]
    definitions: int
    statuses: int
    avoided: frozenset[tuple[str, str]]
    preferred: frozenset[tuple[str, str]]
    subject_fields: int


def census(data: bytes) -> Census:
    """Count a TBX document (see :class:`Census`)."""
    root = ET.fromstring(data)
    concepts = 0
    terms: Counter[str] = Counter()
    avoided: set[tuple[str, str]] = set()
    preferred: set[tuple[str, str]] = set()
    for entry in root.iter():
        if _local(entry.tag) not in ("conceptEntry", "termEntry"):
            continue
        found = False
        for lang_el in entry:
            if _local(lang_el.tag) not in ("langSec", "langSet"):
                continue
            lang = _lang(lang_el.get(XML_LANG, ""))
            for term_sec in lang_el.iter():
                if _local(term_sec.tag) not in ("termSec", "tig", "ntig"):
                    continue
                term = next((t for t in term_sec.iter() if _local(t.tag) == "term"), None)
                if term is None or not _text(term):
                    continue
                found = True
                terms[lang] += 1
                for note in term_sec.iter():
                    name = _local(note.tag)
                    if (name == "termNote" and note.get("type") == "administrativeStatus") or (
                        name == "administrativeStatus"
                    ):
                        value = _text(note).casefold()
                        if any(a in value for a in AVOID):
                            avoided.add((lang, _text(term)))
                        if "preferred" in value:
                            preferred.add((lang, _text(term)))
        concepts += found
    definitions = statuses = subject_fields = 0
    for el in root.iter():
        name, kind = _local(el.tag), el.get("type")
        definitions += (name == "descrip" and kind == "definition") or name == "definition"
        statuses += (name == "termNote" and kind == "administrativeStatus") or (
            name == "administrativeStatus"
        )
        subject_fields += (name == "descrip" and kind == "subjectField") or name == "subjectField"
    return Census(
        concepts,
        dict(terms),
        definitions,
        statuses,
        frozenset(avoided),
        frozenset(preferred),
        subject_fields,
    )
