"""Value types shared by every layer: the termbase model, sources, and search hits.

The model follows the TBX core structure (ISO 30042:2019, §5): a **concept** holds one
**language section** per language, and a language section holds the **terms** that designate the
concept in that language and the language's **definitions**. Each term carries its own
administrative status, term type and part of speech, as the TBX-Basic data categories do.

All values are immutable named tuples (:class:`typing.NamedTuple`, made by
:mod:`glossary_cli.values`) whose sequences are tuples, so a value built once can be shared,
hashed and compared in tests; ``value._replace(field=…)`` makes a changed copy. Named tuples
rather than frozen dataclasses because every lookup imports this module: a dataclass's methods
are generated and compiled when it is created (``benchmarks/RESULTS.md``). Conversion to and
from plain mappings (YAML records, JSON output, the index) lives in :mod:`glossary_cli.records`,
nowhere else.

:class:`Entry` is not part of the record: it is what the plain glossary format gives for one
term line and its definition line, before :mod:`glossary_cli.align` turns entries into concepts.
"""

from glossary_cli.errors import ParseWarning
from glossary_cli.tags import is_english as is_english  # re-exported: the model's callers ask it
from glossary_cli.tags import primary_tag as primary_tag
from glossary_cli.values import NamedTuple

#: Administrative statuses (the TBX-Basic picklist of ``administrativeStatus``, ISO 12620
#: ``preferredTerm-admn-sts`` …, written without the suffix). Other spellings a termbase uses
#: (``obsolete``, ``forbidden``, ``preferredTerm``…) are mapped onto these by
#: :func:`glossary_cli.records.normalize_status`, which keeps the original value.
STATUSES = ("preferred", "admitted", "deprecated", "superseded")
#: Statuses of terms a translator must not use.
AVOID = frozenset({"deprecated", "superseded"})
#: Term types of the TBX-Basic picklist of ``termType``; other values are kept as given.
TERM_TYPES = ("fullForm", "acronym", "abbreviation", "shortForm", "variant", "phrase")
#: Term types shown and matched as abbreviations.
ABBREVIATION_TYPES = frozenset({"abbreviation", "acronym", "initialism"})
#: What a curated alias is for, when it is not a term of the concept: ``search-only`` (found by
#: search, never exported), ``misreading`` (a known misreading of a source term: found by
#: search and flagged, never exported as a synonym).
ROLES = ("search-only", "misreading")
#: Where a concept's English headword comes from (:attr:`Concept.en_origin`).
EN_ORIGINS = ("source", "curated", "none")
#: Cross-reference types that name another concept: curation's ``related`` and ``broader``,
#: TBX's ``crossReference`` (its ``externalCrossReference`` and ``xGraphic`` point outside).
RELATED_TYPES = ("related", "broader", "crossReference")


class Definition(NamedTuple):
    """A definition of the concept, in one language.

    Attributes:
        text: the definition, NFC, whitespace collapsed to single spaces.
        source: where gloss read it, ``"FILE:LINE"``.
        citation: the source the termbase itself cites for it (TBX ``admin type="source"``
            in the definition's ``descripGrp``), e.g. ``"Oxford2007"``.
        lang: the language of a concept-level definition (TBX ``descrip`` directly in
            ``conceptEntry``, in the document's ``xml:lang``); ``None`` for the definitions of
            a language section, whose language is the section's.
    """

    text: str
    source: str = ""
    citation: str | None = None
    lang: str | None = None


class Property(NamedTuple):
    """A data category gloss has no field of its own for, kept so that an export writes it
    back: a TBX-Basic ``context`` sentence, ``grammaticalGender``, ``geographicalUsage``,
    ``termLocation``, ``customerSubset``, ``projectSubset``, an ``xGraphic`` at language level,
    a transaction (``transacGrp``), or a category of another dialect.

    Attributes:
        category: the data category, as TBX names it (``context``, ``grammaticalGender``…);
            ``transaction`` for a ``transacGrp``.
        value: its text (for a transaction, its type: ``origination``, ``modification``).
        element: the TBX element that carries it in DCA style: ``descrip``, ``termNote``,
            ``admin``, ``xref``, ``ref`` or ``transacGrp``.
        citation: the source cited with it (``admin type="source"`` in its group).
        target: the ``target`` attribute of a ``ref``/``xref``.
        date, responsibility: a transaction's ``date`` and ``transacNote type="responsibility"``.
    """

    category: str
    value: str
    element: str = "descrip"
    citation: str | None = None
    target: str | None = None
    date: str | None = None
    responsibility: str | None = None


class CrossReference(NamedTuple):
    """A pointer from the concept to something else: another concept or term, an external
    resource, a picture (TBX ``ref``/``xref``), or a related term a curator recorded.

    Attributes:
        type: ``crossReference`` (TBX ``ref``: another entry of the termbase),
            ``externalCrossReference`` or ``xGraphic`` (TBX ``xref``: a URL), or a relation
            from curation: ``related`` (a term for a related concept), ``broader`` (for a
            broader one, e.g. SVD for truncated SVD).
        text: what is shown (the term or the file name).
        target: the concept id or URL pointed to, when known.
    """

    type: str
    text: str
    target: str | None = None


class Term(NamedTuple):
    """One term designating the concept in one language (TBX ``termSec``).

    Attributes:
        text: the term, NFC, e.g. ``"লো-র্যাঙ্ক অ্যাডাপ্টেশন"``.
        type: TBX ``termType`` (:data:`TERM_TYPES`: ``fullForm``, ``acronym``,
            ``abbreviation``…), or ``None`` when the source does not say.
        status: administrative status, one of :data:`STATUSES`, or ``None`` when the source
            gives none (a plain glossary file never does: gloss does not invent one).
        status_original: the status as the source wrote it, when it is not exactly the
            picklist value (``obsolete``, ``preferredTerm-admn-sts``).
        pos: part of speech (TBX ``partOfSpeech``: noun, verb, adjective, adverb, other).
        usage: a usage note (TBX ``usageNote``).
        role: for curated aliases only (:data:`ROLES`): ``search-only`` or ``misreading``;
            ``None`` for a term of the concept.
        origin: ``curated`` for a term that ``curation.yaml`` adds, else ``source``.
        source: where gloss read it, ``"FILE:LINE"``.
        citation: the source the termbase cites for the term (TBX ``admin type="source"``).
        notes: free-text notes (TBX ``note``).
        definitions: term-level definitions (TBX v2 allows them in a ``tig``).
        properties: other data categories of the term (:class:`Property`).
    """

    text: str
    type: str | None = None
    status: str | None = None
    status_original: str | None = None
    pos: str | None = None
    usage: str | None = None
    role: str | None = None
    origin: str = "source"
    source: str = ""
    citation: str | None = None
    notes: tuple[str, ...] = ()
    definitions: tuple[Definition, ...] = ()
    properties: tuple[Property, ...] = ()

    @property
    def is_abbreviation(self) -> bool:
        """Whether the term is an abbreviation or acronym (:data:`ABBREVIATION_TYPES`)."""
        return self.type in ABBREVIATION_TYPES

    @property
    def avoid(self) -> bool:
        """Whether a translator must not use it: deprecated or superseded."""
        return self.status in AVOID

    @property
    def exported(self) -> bool:
        """Whether exports write it as a term: not a search-only alias or a misreading."""
        return self.role is None


class LangSection(NamedTuple):
    """Everything a concept has in one language (TBX ``langSec``).

    Attributes:
        lang: the BCP 47 tag as the source gives it (``en-US`` stays ``en-US``).
        terms: the terms, in source order; the first preferred one leads (see :attr:`main`).
        definitions: the language's definitions, each with its source.
        notes: notes on the section.
        properties: other data categories of the section.
    """

    lang: str
    terms: tuple[Term, ...] = ()
    definitions: tuple[Definition, ...] = ()
    notes: tuple[str, ...] = ()
    properties: tuple[Property, ...] = ()

    @property
    def preferred(self) -> Term | None:
        """The first term whose status is ``preferred``, or ``None``."""
        return next((t for t in self.terms if t.status == "preferred"), None)

    @property
    def main(self) -> Term | None:
        """The term that stands for the language in a table: the preferred term; else the
        first term of the concept's own (no role) that is neither to be avoided nor an
        abbreviation; else the first that is not to be avoided; else the first term, even a
        deprecated one (shown with its status)."""
        own = [t for t in self.terms if t.role is None]
        return (
            self.preferred
            or next((t for t in own if not t.avoid and not t.is_abbreviation), None)
            or next((t for t in own if not t.avoid), None)
            or (own[0] if own else None)
        )

    @property
    def replacement(self) -> Term | None:
        """The term to use instead of a deprecated or superseded one: the preferred term,
        else the first admitted one, else the first own term without a status; ``None``
        when the language has none."""
        own = [t for t in self.terms if t.role is None]
        return (
            self.preferred
            or next((t for t in own if t.status == "admitted"), None)
            or next((t for t in own if t.status is None), None)
        )

    @property
    def abbreviations(self) -> tuple[Term, ...]:
        """The abbreviations and acronyms among the terms that are not to be avoided."""
        return tuple(t for t in self.terms if t.is_abbreviation and not t.avoid and not t.role)

    def all_definitions(self) -> tuple[Definition, ...]:
        """The section's definitions, then those of its terms."""
        return self.definitions + tuple(d for t in self.terms for d in t.definitions)


class Concept(NamedTuple):
    """One concept (TBX ``conceptEntry``).

    Attributes:
        id: stable identifier, an ASCII slug of the headword when gloss makes it
            (``"low-rank-adaptation"``); a public interface: curation keeps it when the
            headword changes.
        languages: the language sections, in order; at most one per tag.
        subject_fields: TBX ``subjectField`` values.
        definitions: concept-level definitions (TBX ``descrip type="definition"`` directly in
            ``conceptEntry``), each with its :attr:`Definition.lang`.
        notes: editorial notes, e.g. why a headword was curated.
        xrefs: cross-references (:class:`CrossReference`), including curated related terms.
        properties: other concept-level data categories.
        provenance: where the concept was assembled from: the ``FILE:LINE`` of each source
            record (a glossary's term line, a TBX ``conceptEntry``) and curation item.
    """

    id: str
    languages: tuple[LangSection, ...] = ()
    subject_fields: tuple[str, ...] = ()
    definitions: tuple[Definition, ...] = ()
    notes: tuple[str, ...] = ()
    xrefs: tuple[CrossReference, ...] = ()
    properties: tuple[Property, ...] = ()
    provenance: tuple[str, ...] = ()

    @property
    def langs(self) -> tuple[str, ...]:
        """Language tags of the sections, in order."""
        return tuple(s.lang for s in self.languages)

    def section(self, lang: str) -> LangSection | None:
        """The section tagged ``lang`` exactly (case-insensitively), else the first whose
        primary subtag is ``lang`` when ``lang`` has none (``en`` finds ``en-US``)."""
        folded = lang.casefold()
        for s in self.languages:
            if s.lang.casefold() == folded:
                return s
        if "-" not in lang:
            for s in self.languages:
                if primary_tag(s.lang) == folded:
                    return s
        return None

    @property
    def english(self) -> LangSection | None:
        """The first English section (``en``, ``en-US``…), or ``None``."""
        return next((s for s in self.languages if is_english(s.lang)), None)

    @property
    def headword(self) -> Term | None:
        """The English headword: the English section's main term (:attr:`LangSection.main`),
        preferred when a term is marked so."""
        english = self.english
        return english.main if english is not None else None

    @property
    def en(self) -> str | None:
        """The headword's text, or ``None``."""
        head = self.headword
        return head.text if head is not None else None

    @property
    def en_origin(self) -> str:
        """Where the headword comes from: ``curated``, ``source`` or ``none``."""
        head = self.headword
        if head is None:
            return "none"
        return "curated" if head.origin == "curated" else "source"

    @property
    def abbreviations(self) -> tuple[str, ...]:
        """The abbreviations of every language that are not to be avoided, English first,
        each once."""
        ordered = sorted(self.languages, key=lambda s: not is_english(s.lang))
        return tuple(dict.fromkeys(t.text for s in ordered for t in s.abbreviations))

    @property
    def aliases(self) -> tuple[str, ...]:
        """The other English terms: neither the headword nor abbreviations nor misreadings."""
        english = self.english
        if english is None:
            return ()
        head = self.headword
        return tuple(
            dict.fromkeys(
                t.text
                for t in english.terms
                if t is not head and not t.is_abbreviation and t.role != "misreading"
            )
        )

    def term_count(self) -> int:
        """How many terms the concept has, over all languages."""
        return sum(len(s.terms) for s in self.languages)


class Entry(NamedTuple):
    """One term line and its definition line of a plain glossary file, as parsed.

    Attributes:
        lang: BCP 47 language tag of the term, e.g. ``"bn"``, ``"ar"``, ``"hi"``.
        term: the term without its trailing English parenthetical, NFC, e.g.
            ``"লো-র্যাঙ্ক অ্যাডাপ্টেশন"``.
        definition: the definition line, NFC, whitespace collapsed.
        source: where the term was read, ``"FILE:LINE"`` (file name only, 1-based line).
        en: the English equivalent the source gives in parentheses, if any.
        abbr: abbreviations the source gives in parentheses, e.g. ``("LoRA",)``.
        definition_source: where the definition was read, ``"FILE:LINE"``.
    """

    lang: str
    term: str
    definition: str
    source: str
    en: str | None = None
    abbr: tuple[str, ...] = ()
    definition_source: str = ""


class Source(NamedTuple):
    """A glossary file that contributed concepts, in one of its languages.

    Attributes:
        file: the file's name (no directory), e.g. ``"000_137ebd2ba72c1cdb.txt"``.
        lang: BCP 47 tag of the file's terms (a termbase gets one source per language).
        title: the file's first line, or the termbase's title.
        subtitle: the file's second line.
        entries: how many concepts have a section in ``lang`` from this file.
        sha256: hex SHA-256 of the file's bytes, to tell when records are stale.
    """

    file: str
    lang: str
    title: str
    subtitle: str
    entries: int
    sha256: str


class Reading(NamedTuple):
    """One line of a reader's reading plan: a part of a file and what it was read as, so that
    a misreading is seen at once (``gloss add`` prints the plan).

    Attributes:
        part: the part of the file: ``column 3 'arabic'``, ``table at line 12 (English |
            Arabic)``, ``<langSet xml:lang="ar_SA">``, ``bn/ (13 files)``.
        read_as: what it was read as (``ar terms``, ``en-GB terms``, ``definitions, each in
            its script's language``), or why it was left out.
        line: the line it starts on, when it has one.
        left_out: the part was not read (an unknown column, a table without languages).
        total: how many rows, entries, terms or files it holds, when that is known.
    """

    part: str
    read_as: str
    line: int | None = None
    left_out: bool = False
    total: int | None = None


class Glossary(NamedTuple):
    """A complete record set: the sources read and the concepts built from them.

    Attributes:
        sources: the files read.
        concepts: the concepts, in file order.
        warnings: what a reader skipped or changed on the way in
            (:class:`glossary_cli.errors.ParseWarning`, with file and line): rows left out
            under ``--skip-bad``, duplicate rows joined. Never written to records.
        plan: how the reader read the file (:class:`Reading`), in the file's order: which
            column, key, element or table went to which language and role, and what was
            left out. Never written to records.
    """

    sources: tuple[Source, ...]
    concepts: tuple[Concept, ...]
    warnings: tuple[ParseWarning, ...] = ()
    plan: tuple[Reading, ...] = ()

    @property
    def entry_count(self) -> int:
        """Language sections over all concepts, English ones included."""
        return sum(len(c.languages) for c in self.concepts)

    @property
    def term_count(self) -> int:
        """Terms over all concepts and languages."""
        return sum(c.term_count() for c in self.concepts)


class Match(NamedTuple):
    """Why a concept was found: which term (or definition) of which language matched, and how.

    Attributes:
        field: ``"en"`` (the English headword), ``"abbr"`` (an abbreviation), ``"term"`` (a
            language's main term), ``"synonym"`` (another term of a language), ``"alias"`` (a
            curated search-only alias), ``"misreading"``, ``"related"`` (a related term, a
            cross-reference), ``"definition"`` or ``"id"``.
        lang: language tag of the matched text.
        text: the matched text as stored (not normalized).
        score: 0–100; 100 is an exact match of the whole text.
        kind: how it matched: ``"exact"``, ``"inflected"`` (a Bengali inflected form of the
            whole term), ``"clitic"`` (an Arabic clitic form), ``"prefix"``, ``"word"``,
            ``"spelled"`` (an abbreviation spelled out in Bengali or Arabic letters),
            ``"fuzzy"``, ``"phonetic"``, ``"partial"``, ``"definition"``, or with ``--mode``
            ``"regex"`` or ``"glob"`` (the bands: :mod:`glossary_cli.search.bands`).
        status: the matched term's administrative status, if it has one.
        use: for a deprecated or superseded term, the term of the same language to use
            instead (:attr:`LangSection.replacement`).
    """

    field: str
    lang: str
    text: str
    score: float
    kind: str
    status: str | None = None
    use: str | None = None

    @property
    def approximate(self) -> bool:
        """Whether the match is a likeness (fuzzy, phonetic, partial, definition), not a
        term's own words (:data:`glossary_cli.search.bands.APPROXIMATE_KINDS`)."""
        return self.kind in ("fuzzy", "phonetic", "partial", "definition")


class Hit(NamedTuple):
    """A concept found by a search, with the best :class:`Match` that found it.

    Attributes:
        concept: the concept.
        score: 0–100, the match's score.
        match: why it was found.
        sure: the match leaves no doubt which concept was meant (only ever the first hit of
            a search; :func:`glossary_cli.search.searcher._is_sure`): ``gloss show`` prints
            a card only for such a hit.
    """

    concept: Concept
    score: float
    match: Match
    sure: bool = False


class LanguageGap(NamedTuple):
    """Why a query in one language may have found nothing: many concepts have no term in it.

    Attributes:
        lang: the query's language (a BCP 47 tag, from its script:
            :func:`glossary_cli.scripts.writing.text_language`).
        name: the language's English name (``Arabic``).
        without: concepts with no section in that language.
        total: concepts in the termbase.
    """

    lang: str
    name: str
    without: int
    total: int

    @property
    def hint(self) -> str:
        """What to tell the user, in one clause.

        >>> LanguageGap("ar", "Arabic", 25, 40).hint
        '25 of 40 concepts have no Arabic term: try the English name'
        >>> LanguageGap("bn", "Bengali", 1, 40).hint
        '1 of 40 concepts has no Bengali term: try the English name'
        """
        has = "has" if self.without == 1 else "have"
        return (
            f"{self.without} of {self.total} concepts {has} no {self.name} term: "
            "try the English name"
        )


# --- what the commands answer: the values glossary_cli.api returns and glossary_cli.jsonout
# writes as JSON (named tuples, as above: `gloss list` and `stats` import this module) ---------


class LoadedSource(NamedTuple):
    """A glossary file the lookups read, in one of its languages (``gloss sources``).

    Attributes:
        file: the file's name (no directory).
        lang: BCP 47 tag of its terms.
        entries: the concepts that hold a term or a definition of the file in ``lang``, as
            the termbase holds them: an entry that gives again what an earlier file gave
            counts for that file, so these add up to :attr:`TermbaseStats.entries`.
        read: what the file gave when it was read (what ``gloss add`` said it added).
        kind: ``"bundled"``, ``"user"`` (added with ``gloss add``) or ``"data"`` (a
            ``--data`` or ``GLOSS_DATA`` directory).
        path: where the file lives.
        title: the file's first line, or the termbase's title.
    """

    file: str
    lang: str
    entries: int
    read: int
    kind: str
    path: str
    title: str


class ListedTerm(NamedTuple):
    """A term as ``gloss list`` lists it.

    Attributes:
        id: the concept's id.
        lang: the language section's own tag (``en-US`` for ``--lang en``).
        term: the term.
        en: the concept's English headword, or ``None``.
        status: the term's administrative status, or ``None``.
        type: the term's type (``fullForm``, ``acronym``…), or ``None``.
    """

    id: str
    lang: str
    term: str
    en: str | None
    status: str | None
    type: str | None


class LanguageCount(NamedTuple):
    """How many concepts have an entry in a language (``gloss stats``).

    Attributes:
        lang: the language tag.
        entries: concepts with an entry in it.
        missing: concepts without one.
    """

    lang: str
    entries: int
    missing: int


class ConceptCoverage(NamedTuple):
    """Which languages a concept has an entry in (``gloss stats``).

    Attributes:
        id: the concept's id.
        en: its English headword, or ``None``.
        langs: the tags of its entries.
        missing: the termbase's entry languages it lacks.
    """

    id: str
    en: str | None
    langs: tuple[str, ...]
    missing: tuple[str, ...]


class TermbaseStats(NamedTuple):
    """Counts of the merged records (``gloss stats``).

    Attributes:
        concepts: how many concepts.
        entries: what the sources give (the sum of their :attr:`LoadedSource.entries`).
        sections: the language sections of the concepts (English headwords that curation
            gives, and entries of two files that are one concept's, make them differ from
            ``entries``).
        headwords: how many concepts have an English headword.
        languages: one count per entry language, in order of first appearance.
        sources: every loaded source.
        coverage: one row per concept.
    """

    concepts: int
    entries: int
    sections: int
    headwords: int
    languages: tuple[LanguageCount, ...]
    sources: tuple[LoadedSource, ...]
    coverage: tuple[ConceptCoverage, ...]


class LookupResult(NamedTuple):
    """The answer to one query of ``gloss lookup``.

    Attributes:
        query: the query as given.
        found: whether some concept matched.
        sure: whether the match leaves no doubt (:attr:`Hit.sure`, or the concept's id).
        id: the concept's id, or ``None``.
        en: its English headword, or ``None``.
        match: how it matched (``exact``, ``inflected``…; :attr:`Match.kind`), or ``None``.
        score: the match's score rounded to one decimal, or ``None``.
        terms: ``(language tag, main term)`` of each language asked for that the concept
            has, in the concept's order.
    """

    query: str
    found: bool
    sure: bool
    id: str | None = None
    en: str | None = None
    match: str | None = None
    score: float | None = None
    terms: tuple[tuple[str, str], ...] = ()


class FoundTerm(NamedTuple):
    """A glossary term found in a text, as ``gloss scan`` reports it.

    Attributes:
        file: where the text was read (``-`` standard input, ``FILE:LINE`` a PO segment).
        start, end: code-point offsets of the surface form in the text (``end`` exclusive).
        text: the surface form.
        id: the concept it designates.
        lang: the term's language.
        term: the glossary term it is a form of.
        kind: how it matched: ``exact``, ``abbreviation``, ``inflected`` or ``clitic``.
        status: the term's administrative status, or ``None``.
        field: what the term is to the concept (``term``, ``abbr``…).
        use: the term to use instead of a deprecated or superseded one
            (:attr:`LangSection.replacement`), or ``None``.
        also: other concepts with a term of the same form, by id.
        everyday: the term is also an everyday word of its language.
    """

    file: str
    start: int
    end: int
    text: str
    id: str
    lang: str
    term: str
    kind: str
    status: str | None
    field: str
    use: str | None
    also: tuple[str, ...]
    everyday: bool
