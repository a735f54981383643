"""Value types shared by every layer: entries, concepts, sources, hits.

All records are frozen dataclasses whose sequences are tuples, so a value built once can be
shared, hashed into the index and compared in tests. Conversion to and from plain mappings (for
YAML, JSON and the index) lives in :mod:`glossary_cli.records`, nowhere else.
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: Where a concept's English headword comes from: the glossary file itself, the curated
#: headword file (``data/curation.yaml``), or nowhere (no English name known).
EN_ORIGINS = ("source", "curated", "none")


@dataclass(frozen=True, slots=True)
class Entry:
    """One language's term for a concept, as a glossary file gives it.

    Attributes:
        lang: BCP 47 language tag of the term, e.g. ``"bn"``, ``"ar"``, ``"hi"``.
        term: the term without its trailing English parenthetical, NFC, e.g.
            ``"লো-র্যাঙ্ক অ্যাডাপ্টেশন"``.
        definition: the definition line, NFC, stripped of surrounding whitespace.
        source: where the term was read, as ``"FILE:LINE"`` (file name only, 1-based line).
        en: the English equivalent the source gives in parentheses, if any.
        abbr: abbreviations the source gives in parentheses, e.g. ``("LoRA",)``.
        status: term status from a termbase (TBX ``administrativeStatus``), if any.
        notes: free-text notes attached to the term by an imported termbase.
    """

    lang: str
    term: str
    definition: str
    source: str
    en: str | None = None
    abbr: tuple[str, ...] = ()
    status: str | None = None
    notes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Concept:
    """One concept: an English headword and at most one entry per language.

    Attributes:
        id: stable identifier, an ASCII slug of the headword (``"low-rank-adaptation"``).
        en: the English headword, or ``None`` when no English name is known.
        en_origin: one of :data:`EN_ORIGINS`.
        abbr: abbreviations, source-given first, then curated (``("LoRA",)``).
        aliases: other English names and spellings that should find the concept.
        notes: editorial notes, e.g. why a source's English was corrected.
        entries: the entries, in source order; at most one per language tag.
    """

    id: str
    en: str | None
    en_origin: str
    abbr: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    entries: tuple[Entry, ...] = ()

    @property
    def langs(self) -> tuple[str, ...]:
        """Language tags of the entries, in entry order."""
        return tuple(e.lang for e in self.entries)

    def entry(self, lang: str) -> Entry | None:
        """The entry for language tag ``lang``, or ``None`` if the concept has none."""
        for e in self.entries:
            if e.lang == lang:
                return e
        return None


@dataclass(frozen=True, slots=True)
class Source:
    """A glossary file that contributed entries.

    Attributes:
        file: the file's name (no directory), e.g. ``"000_137ebd2ba72c1cdb.txt"``.
        lang: BCP 47 tag of the file's terms.
        title: the file's first line.
        subtitle: the file's second line.
        entries: number of entries read from it.
        sha256: hex SHA-256 of the file's bytes, to tell when records are stale.
    """

    file: str
    lang: str
    title: str
    subtitle: str
    entries: int
    sha256: str


@dataclass(frozen=True, slots=True)
class Glossary:
    """A complete record set: the sources read and the concepts built from them."""

    sources: tuple[Source, ...]
    concepts: tuple[Concept, ...]

    @property
    def entry_count(self) -> int:
        """Total number of entries over all concepts."""
        return sum(len(c.entries) for c in self.concepts)


@dataclass(frozen=True, slots=True)
class Match:
    """Why a concept was found: which field of which language matched, and how well.

    Attributes:
        field: ``"en"`` (headword), ``"abbr"``, ``"alias"``, ``"term"``, ``"source_en"``
            (English given by a source) or ``"definition"``.
        lang: language tag of the matched text (``"en"`` for English names).
        text: the matched text as stored (not normalized).
        score: 0–100; 100 is an exact match of the whole text.
        kind: how it matched: ``"exact"``, ``"prefix"``, ``"word"``, ``"fuzzy"``,
            ``"phonetic"`` (cross-script key), ``"romanized"`` or ``"definition"``.
    """

    field: str
    lang: str
    text: str
    score: float
    kind: str


@dataclass(frozen=True, slots=True)
class Hit:
    """A concept found by a search, with the best :class:`Match` that found it."""

    concept: Concept
    score: float
    match: Match
    suggestions: tuple[str, ...] = field(default=())
