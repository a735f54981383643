"""Entries of several glossary files → concepts, with curation merged in; concepts of several
record sets → one set (:func:`merge_concepts`).

Two files are *parallel* (translations of each other, entry by entry) when they are in different
languages, have the same number of entries, give English equivalents at two or more of the same
positions, and those English equivalents agree at every such position (they share a word, up to
spelling: ``Hyperparameter Grid Search Optimization`` agrees with ``Hyperparameters``). Entries
at the same position of parallel files become one concept; every other entry is a concept of
its own.

An entry gives its concept a language section (its term, the abbreviations its parenthetical
names, its definition) and English terms: the English equivalent of its parenthetical and the
abbreviations, each with the entry's ``FILE:LINE``. Curation (``data/curation.yaml``, keyed by
a native term; see :func:`parse_curation`) then adds the English headword, synonyms, search-only
aliases, known misreadings, related terms and notes, each with the ``curation.yaml:LINE`` it
was read from. gloss never invents an administrative status: only a curated headword is
``preferred``.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from glossary_cli.errors import ParseWarning, RecordError
from glossary_cli.model import (
    Concept,
    CrossReference,
    Definition,
    Entry,
    LangSection,
    Term,
    is_english,
)
from glossary_cli.normalize import fold, romanize
from glossary_cli.parsing import ParsedGlossary
from glossary_cli.tags import is_language_tag
from glossary_cli.values import NamedTuple

#: Minimum number of positions with English on both sides for two files to count as parallel.
MIN_EVIDENCE = 2

#: Keys of a curation item (see :func:`parse_curation`).
CURATION_KEYS = (
    "match",
    "id",
    "en",
    "abbr",
    "aliases",
    "search_only",
    "misreadings",
    "related",
    "broader",
    "native",
    "terms",
    "gloss_of",
    "subject_fields",
    "notes",
)


@dataclass(frozen=True, slots=True)
class Alignment:
    """How two files compare as translations of each other.

    Attributes:
        first, second: file names.
        compared: positions where both give English.
        agreeing: how many of those agree.
        parallel: whether the files were merged into shared concepts.
        reason: why not, when they were not (for ``gloss build``'s report).
    """

    first: str
    second: str
    compared: int
    agreeing: int
    parallel: bool
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Curated:
    """One curated text and where it was read (``curation.yaml:LINE``)."""

    text: str
    source: str


@dataclass(frozen=True, slots=True)
class CitedTerm:
    """A term curation adds in a language other than English, from a public source that uses
    it (``terms`` of a curation item).

    Attributes:
        text: the term.
        source: ``curation.yaml:LINE`` of the term.
        contexts: ``(sentence, citation)`` pairs: a sentence of a public source that uses the
            term (or, for a composed term, one of its parts) for this concept, and where it is
            (repository, path and commit, or title and URL). At least one.
        composed: the term is composed from attested parts (each context attests a part),
            not attested whole.
        notes: editorial notes (how many sources use each variant, where they disagree).
    """

    text: str
    source: str
    contexts: tuple[tuple[str, str], ...]
    composed: bool = False
    notes: tuple[str, ...] = ()


#: Keys of a term of a curation item's ``terms`` (:class:`CitedTerm`).
CITED_TERM_KEYS = ("term", "contexts", "composed", "notes")


@dataclass(frozen=True, slots=True)
class CurationItem:
    """One item of the curation file (see :func:`parse_curation`).

    Attributes:
        lang, term: the native term that identifies the concept (as in the source).
        id: the concept id to keep (a public interface) when the headword changes.
        en: the curated English headword.
        abbr: English abbreviations.
        aliases: English synonyms and spelling variants (terms of the concept, exported).
        search_only: English names that find the concept but are not its terms.
        misreadings: known misreadings of a source term (found, flagged, never exported).
        related, broader: terms of related or broader concepts (cross-references).
        native: native-script search-only aliases, by language tag.
        terms: terms of other languages than English, each cited (:class:`CitedTerm`), by
            language tag: admitted terms, after any term a source gives.
        gloss_of: the word(s) of the matched term that the source's parenthetical English
            translates, when it translates one word rather than the whole term.
        subject_fields, notes: added to the concept.
        where: ``"FILE:LINE"`` of the item.
    """

    lang: str
    term: str
    where: str
    id: str | None = None
    en: Curated | None = None
    abbr: tuple[Curated, ...] = ()
    aliases: tuple[Curated, ...] = ()
    search_only: tuple[Curated, ...] = ()
    misreadings: tuple[Curated, ...] = ()
    related: tuple[Curated, ...] = ()
    broader: tuple[Curated, ...] = ()
    native: Mapping[str, tuple[Curated, ...]] = field(default_factory=dict)
    terms: Mapping[str, tuple[CitedTerm, ...]] = field(default_factory=dict)
    gloss_of: str | None = None
    subject_fields: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class AlignResult:
    """Concepts built from parsed files, with the alignment report and warnings."""

    concepts: tuple[Concept, ...]
    alignments: tuple[Alignment, ...]
    warnings: tuple[ParseWarning, ...]


_Path = tuple[str | int, ...]
_QUOTE = "quote a text that holds ': ' or starts with a YAML symbol"


def parse_curation(
    data: object, name: str, lines: Mapping[_Path, int] | None = None
) -> tuple[CurationItem, ...]:
    """Validate the curation file's mapping (already loaded from YAML).

    Args:
        data: ``{"concepts": [ITEM, ...]}``; an item is ``{match: {LANG: TERM}}`` with any of:
            ``id`` (the concept id to keep), ``en`` (the English headword), ``abbr``,
            ``aliases`` (English synonyms and variants), ``search_only``, ``misreadings``,
            ``related``, ``broader`` (lists of English names), ``native`` (``{LANG: [names]}``,
            native-script search-only aliases), ``terms`` (``{LANG: [{term, contexts:
            [{text, source}], composed, notes}]}``, cited terms of other languages:
            :class:`CitedTerm`), ``gloss_of`` (the word of the matched term its
            parenthetical English translates), ``subject_fields`` and ``notes``.
        name: the file name, for messages and sources (``curation.yaml:LINE``).
        lines: the 1-based line of each value, by its path of keys and indexes (from
            :func:`glossary_cli.store.load_yaml_lines`); without it sources name no line.

    Raises:
        RecordError: wrong shape; the message names the item, ``keys`` the value.
    """
    if data is None:
        return ()
    if not isinstance(data, Mapping) or not isinstance(data.get("concepts", []), list):
        raise RecordError("the curation file must be a mapping with a 'concepts' list", path=name)
    where_of = lines or {}

    def at(*keys: str | int) -> str:
        line = where_of.get(keys)
        return f"{name}:{line}" if line else name

    items = []
    for i, raw in enumerate(data.get("concepts") or []):
        base: _Path = ("concepts", i)
        where = at(*base)
        if not isinstance(raw, Mapping):
            raise _located(RecordError("an item must be a mapping"), base)
        match = raw.get("match")
        if not isinstance(match, Mapping) or len(match) != 1:
            raise _located(
                RecordError(
                    "'match' must map one language tag to a term", hint="match: {bn: TERM}"
                ),
                (*base, "match"),
            )
        ((lang, term),) = match.items()
        if not isinstance(lang, str) or not isinstance(term, str) or not is_language_tag(lang):
            raise _located(
                RecordError(
                    f"'match' must map a language tag to a term, not {lang!r} to {term!r}",
                    hint="quote them: unquoted yes, no, on, off, null and numbers are not strings",
                ),
                (*base, "match"),
            )
        _refuse_unknown_keys(raw, CURATION_KEYS, base)

        names = functools.partial(_curated_names, raw, base, at)
        text = functools.partial(_curated_text, raw, base)
        native_raw = raw.get("native") or {}
        if not isinstance(native_raw, Mapping) or not all(
            isinstance(k, str) and is_language_tag(k) for k in native_raw
        ):
            raise _located(
                RecordError("'native' must map language tags to lists of names"),
                (*base, "native"),
            )
        en = text("en")
        items.append(
            CurationItem(
                lang=lang,
                term=term,
                where=where,
                id=text("id"),
                en=Curated(en, at(*base, "en")) if en else None,
                abbr=names("abbr"),
                aliases=names("aliases"),
                search_only=names("search_only"),
                misreadings=names("misreadings"),
                related=names("related"),
                broader=names("broader"),
                native={
                    tag: names("native", v, (*base, "native", tag)) for tag, v in native_raw.items()
                },
                terms=_cited_terms(raw.get("terms"), base, at),
                gloss_of=text("gloss_of"),
                subject_fields=tuple(c.text for c in names("subject_fields")),
                notes=tuple(c.text for c in names("notes")),
            )
        )
    return tuple(items)


def _cited_terms(
    value: object, base: _Path, at: Callable[..., str]
) -> dict[str, tuple[CitedTerm, ...]]:
    """The ``terms`` of a curation item: ``{LANG: [{term, contexts, composed, notes}]}``.

    Raises:
        RecordError: wrong shape, an unknown key, or a term without a context and its source
            (a curated term is added only with a public source that uses it).
    """
    if value is None:
        return {}
    path: _Path = (*base, "terms")
    if not isinstance(value, Mapping) or not all(
        isinstance(k, str) and is_language_tag(k) and isinstance(v, list) for k, v in value.items()
    ):
        raise _located(RecordError("'terms' must map language tags to lists of terms"), path)
    out: dict[str, tuple[CitedTerm, ...]] = {}
    for tag, raws in value.items():
        terms = []
        for i, raw in enumerate(raws):
            where: _Path = (*path, tag, i)
            if not isinstance(raw, Mapping) or not isinstance(raw.get("term"), str):
                raise _located(RecordError("a term must be a mapping with a 'term' string"), where)
            _refuse_unknown_keys(raw, CITED_TERM_KEYS, where)
            contexts = raw.get("contexts")
            if (
                not isinstance(contexts, list)
                or not contexts
                or not all(
                    isinstance(c, Mapping)
                    and isinstance(c.get("text"), str)
                    and isinstance(c.get("source"), str)
                    and c["text"].strip()
                    and c["source"].strip()
                    for c in contexts
                )
            ):
                raise _located(
                    RecordError(
                        f"the term {raw['term']!r} needs 'contexts': a sentence of a public "
                        "source that uses it, and where it is",
                        hint="contexts: [{text: SENTENCE, source: REPOSITORY/PATH@COMMIT or URL}]",
                    ),
                    (*where, "contexts") if "contexts" in raw else where,
                )
            composed = raw.get("composed", False)
            if not isinstance(composed, bool):
                message = "'composed' must be true or false"
                raise _located(RecordError(message), (*where, "composed"))
            notes = _curated_names(raw, where, at, "notes")
            terms.append(
                CitedTerm(
                    raw["term"],
                    at(*where, "term"),
                    tuple((c["text"], c["source"]) for c in contexts),
                    composed,
                    tuple(n.text for n in notes),
                )
            )
        out[tag] = tuple(terms)
    return out


def _cited_term(c: CitedTerm) -> Term:
    """A cited term as the records hold it: admitted, curated, its sources the term's
    citation (TBX ``admin type="source"``) and each context sentence a TBX-Basic ``context``
    with its own source."""
    from glossary_cli.model import Property

    notes = c.notes
    if c.composed:
        notes = ("Composed from parts each attested for this concept (see its contexts), "
                 "not attested whole.", *notes)  # fmt: skip
    return Term(
        c.text,
        status="admitted",
        origin="curated",
        source=c.source,
        citation="; ".join(dict.fromkeys(src for _, src in c.contexts)),
        notes=notes,
        properties=tuple(Property("context", text, citation=src) for text, src in c.contexts),
    )


def _curated_names(
    raw: Mapping[str, object],
    base: _Path,
    at: Callable[..., str],
    key: str,
    value: object = None,
    path: _Path = (),
) -> tuple[Curated, ...]:
    """The list of names under ``key`` of a curation item (or ``value``, at ``path``), each
    with the line it was read from.

    Raises:
        RecordError: it is not a list of strings.
    """
    value = raw.get(key) if value is None else value
    path = path or (*base, key)
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _located(RecordError(f"'{key}' must be a list of strings", hint=_QUOTE), path)
    return tuple(Curated(v, at(*path, k)) for k, v in enumerate(value))


def _curated_text(raw: Mapping[str, object], base: _Path, key: str) -> str | None:
    """The string under ``key`` of a curation item, or ``None``.

    Raises:
        RecordError: it is not a string.
    """
    value = raw.get(key)
    if value is None or isinstance(value, str):
        return value
    raise _located(RecordError(f"'{key}' must be a string", hint=_QUOTE), (*base, key))


def _refuse_unknown_keys(raw: Mapping[str, object], keys: Sequence[str], at: _Path) -> None:
    """Refuse a curation mapping with a key not among ``keys``, naming the first one's
    place (``at``: the mapping's path).

    Raises:
        RecordError: the unknown keys, and the keys there are.
    """
    extra = sorted(map(str, set(raw) - set(keys)))
    if extra:
        raise _located(
            RecordError(
                f"unknown key(s) {', '.join(extra)}", hint="the keys are " + ", ".join(keys)
            ),
            (*at, extra[0]),
        )


def _located(exc: RecordError, keys: _Path) -> RecordError:
    exc.keys = keys
    return exc


def english_words(entry: Entry) -> set[str]:
    """Folded words of the English equivalent and abbreviations an entry's source gives."""
    text = " ".join([entry.en or "", *entry.abbr])
    return set(fold(text).split())


def _words_agree(a: set[str], b: set[str]) -> bool:
    from rapidfuzz import fuzz

    return any(x == y or fuzz.ratio(x, y) >= 85 for x in a for y in b)


def compare(first: ParsedGlossary, second: ParsedGlossary) -> Alignment:
    """Decide whether two parsed files are parallel (see the module docstring)."""
    if first.lang == second.lang:
        return Alignment(first.name, second.name, 0, 0, False, "same language")
    if len(first.entries) != len(second.entries):
        return Alignment(first.name, second.name, 0, 0, False, "different lengths")
    compared = agreeing = 0
    for a, b in zip(first.entries, second.entries, strict=True):
        wa, wb = english_words(a), english_words(b)
        if wa and wb:
            compared += 1
            agreeing += _words_agree(wa, wb)
    if compared < MIN_EVIDENCE:
        reason = f"English on both sides at only {compared} position(s)"
        return Alignment(first.name, second.name, compared, agreeing, False, reason)
    if agreeing < compared:
        reason = f"English disagrees at {compared - agreeing} of {compared} positions"
        return Alignment(first.name, second.name, compared, agreeing, False, reason)
    return Alignment(first.name, second.name, compared, agreeing, True)


def align(files: Sequence[ParsedGlossary], curation: Sequence[CurationItem] = ()) -> AlignResult:
    """Build concepts from parsed files (in the given order) and merge curation into them.

    Args:
        files: parsed glossary files; their order fixes the order of the concepts.
        curation: curated items (:func:`parse_curation`).

    Returns:
        Concepts in file order (the entries of parallel files join the concept of the
        earliest file), the pairwise alignment report, and warnings: curated items that match
        no concept, the same English given to different concepts, a term given by two files
        to two concepts, and an id two items claim.
    """
    alignments: list[Alignment] = []
    group_of: dict[int, int] = {}  # file index -> index of the first file of its group
    langs_of: dict[int, set[str]] = {}
    for i, first in enumerate(files):
        for j in range(i + 1, len(files)):
            second = files[j]
            if len(first.entries) != len(second.entries) or first.lang == second.lang:
                continue
            result = compare(first, second)
            alignments.append(result)
            gi = group_of.get(i, i)
            if not result.parallel or j in group_of or second.lang in langs_of.get(gi, set()):
                continue
            group_of.setdefault(i, i)
            group_of[j] = gi
            langs_of.setdefault(gi, {first.lang}).add(second.lang)

    groups: list[list[Entry]] = []
    for i, parsed in enumerate(files):
        if group_of.get(i, i) != i:
            continue
        members = [files[k] for k in range(len(files)) if group_of.get(k, k) == i]
        for position in range(len(parsed.entries)):
            groups.append([m.entries[position] for m in members])

    warnings: list[ParseWarning] = []
    by_term: dict[tuple[str, str], int] = {}
    for index, entries in enumerate(groups):
        for e in entries:
            by_term.setdefault((e.lang, fold(e.term)), index)
    curated: dict[int, list[CurationItem]] = {}
    for item in curation:
        found = by_term.get((item.lang, fold(item.term)))
        if found is None:
            warnings.append(
                ParseWarning(
                    f"{item.where}: no concept has the {item.lang} term {item.term!r}",
                    hint="correct the term to match the source, or remove the item",
                )
            )
            continue
        curated.setdefault(found, []).append(item)

    concepts = []
    used_ids: set[str] = set()
    pinned = {it.id: it for it in curation if it.id}
    used_ids.update(pinned)
    for index, entries in enumerate(groups):
        concepts.append(_concept(entries, curated.get(index, []), used_ids))
    warnings.extend(_english_clashes(concepts))
    warnings.extend(_term_clashes(concepts))
    return AlignResult(tuple(concepts), tuple(alignments), tuple(warnings))


def _curated_term(
    c: Curated, *, type: str | None = None, status: str | None = None, role: str | None = None
) -> Term:
    """A term curation adds, with the ``curation.yaml:LINE`` it was read from."""
    return Term(c.text, type=type, status=status, role=role, origin="curated", source=c.source)


def _concept(entries: list[Entry], items: list[CurationItem], used_ids: set[str]) -> Concept:
    """One group of aligned entries, with its curation items, as a concept."""
    gloss_of = {(it.lang, fold(it.term)): it.gloss_of for it in items if it.gloss_of}
    sections: list[LangSection] = []
    source_english: list[Term] = []
    english_entries: list[Entry] = []
    for e in entries:
        if is_english(e.lang):
            english_entries.append(e)
            continue
        word = gloss_of.get((e.lang, fold(e.term)))
        notes: tuple[str, ...] = ()
        parenthetical = " - ".join([*([e.en] if e.en else []), *e.abbr])
        if word and parenthetical:
            # the parenthetical names a part of the term: not a term of the concept
            notes = (
                f"The source's parenthetical ({parenthetical}) is the English of {word}, "
                "part of the term, not of the whole term.",
            )
        elif e.en:
            source_english.append(Term(e.en, source=e.source))
        terms = [Term(e.term, source=e.source, notes=notes)]
        if not word:
            terms += [Term(a, type="abbreviation", source=e.source) for a in e.abbr]
        terms += [
            _curated_term(c, role="search-only")
            for it in items
            for tag, names in it.native.items()
            if tag == e.lang
            for c in names
        ]
        definitions = (Definition(e.definition, e.definition_source or e.source),)
        sections.append(LangSection(e.lang, tuple(terms), definitions if e.definition else ()))
    for it in items:  # cited terms: after a source's own terms, or a section of their own
        for tag, cited in it.terms.items():
            at = next((i for i, sec in enumerate(sections) if sec.lang == tag), None)
            added = tuple(_cited_term(c) for c in cited)
            if at is None:
                sections.append(LangSection(tag, _unique(added)))
            else:
                sections[at] = sections[at]._replace(terms=_unique([*sections[at].terms, *added]))
    source_english += [Term(e.term, source=e.source) for e in english_entries]
    source_english += [
        Term(a, type="abbreviation", source=e.source)
        for e in entries
        if not gloss_of.get((e.lang, fold(e.term)))
        for a in e.abbr
    ]

    curated_en = next((it.en for it in items if it.en), None)
    english: list[Term] = []
    if curated_en is not None:
        english.append(_curated_term(curated_en, status="preferred"))
    else:
        names = [t for t in source_english if not t.is_abbreviation]
        if names:  # the fullest name the sources give (most words, then longest)
            english.append(max(names, key=lambda t: (len(t.text.split()), len(t.text))))
    english += source_english
    for it in items:
        english += [_curated_term(c, type="abbreviation") for c in it.abbr]
        english += [_curated_term(c) for c in it.aliases]
        english += [_curated_term(c, role="search-only") for c in it.search_only]
        english += [_curated_term(c, role="misreading") for c in it.misreadings]
    english_terms = _unique(english)
    english_definitions = tuple(
        Definition(e.definition, e.definition_source or e.source)
        for e in english_entries
        if e.definition
    )
    if english_terms:
        tag = english_entries[0].lang if english_entries else "en"
        sections.insert(0, LangSection(tag, english_terms, english_definitions))

    head = english_terms[0] if english_terms else None
    pinned = next((it.id for it in items if it.id), None)
    if pinned:
        cid = pinned
    else:
        first = next(s for s in sections if s.terms)
        base = slug(head.text) if head else slug(romanize(fold(first.terms[0].text), first.lang))
        base = base[:100].rstrip("-") or "concept"  # an id, not the whole of a runaway line
        cid, n = base, 2
        while cid in used_ids:
            cid, n = f"{base}-{n}", n + 1
        used_ids.add(cid)
    xrefs = [CrossReference("related", c.text) for it in items for c in it.related]
    xrefs += [CrossReference("broader", c.text) for it in items for c in it.broader]
    return Concept(
        id=cid,
        languages=tuple(sections),
        subject_fields=tuple(dict.fromkeys(s for it in items for s in it.subject_fields)),
        notes=tuple(dict.fromkeys(n for it in items for n in it.notes)),
        xrefs=tuple(xrefs),
        provenance=tuple(
            dict.fromkeys([*(e.source for e in entries), *(it.where for it in items)])
        ),
    )


def _unique(terms: Iterable[Term]) -> tuple[Term, ...]:
    """Terms whose folded text is the same kept once: the first, which keeps its place —
    except that a glossary file's term stands for a cited curated term of the same text
    (:func:`_cited_term`: a file's own term is never below curation's), in its place, with
    the cited term's contexts and notes added to its own (nothing of either is dropped).

    >>> cited = Term("تكميم", status="admitted", origin="curated", source="curation.yaml:9")
    >>> [(t.source, t.status) for t in _unique([cited, Term("تكميم", source="a.txt:3")])]
    [('a.txt:3', None)]
    """
    seen: dict[str, Term] = {}
    for t in terms:
        key = fold(t.text)
        kept = seen.get(key)
        if kept is None:
            seen[key] = t
        elif _is_cited(kept) and t.origin == "source" and t.role is None:
            seen[key] = t._replace(
                citation=t.citation or kept.citation,
                notes=tuple(dict.fromkeys([*t.notes, *kept.notes])),
                properties=tuple(dict.fromkeys([*t.properties, *kept.properties])),
            )
    return tuple(seen.values())


def _is_cited(term: Term) -> bool:
    """Whether ``term`` is a term curation adds with its sources (:func:`_cited_term`)."""
    return term.origin == "curated" and term.role is None and term.status == "admitted"


def _unique_definitions(definitions: Iterable[Definition]) -> tuple[Definition, ...]:
    """Definitions of the same text (and language) kept once, the first: the same definition
    read from two files (a termbase gloss exported, added back) is one definition."""
    seen: dict[tuple[str, str | None], Definition] = {}
    for d in definitions:
        seen.setdefault((d.text, d.lang), d)
    return tuple(seen.values())


def slug(text: str) -> str:
    """An ASCII identifier: folded words of ``text`` joined by hyphens (``low-rank-adaptation``).

    >>> slug("Low-Rank Adaptation (LoRA)")
    'low-rank-adaptation-lora'
    """
    return "-".join(re.findall(r"[a-z0-9]+", fold(text)))


def _english_clashes(concepts: Sequence[Concept]) -> list[ParseWarning]:
    """Two concepts given the same English by sources (not by curation)."""
    owner: dict[str, tuple[str, Term]] = {}
    out = []
    for c in concepts:
        english = c.english
        for t in english.terms if english else ():
            if t.origin == "curated" or t.is_abbreviation:
                continue
            first = owner.setdefault(fold(t.text), (c.id, t))
            if first[0] != c.id:
                out.append(
                    ParseWarning(
                        f"{t.source} and {first[1].source} give the same English "
                        f"{t.text!r} to different concepts",
                        hint="if they are one concept, make the files parallel or curate it",
                    )
                )
    return out


def _term_clashes(concepts: Sequence[Concept]) -> list[ParseWarning]:
    """Two files that give the same term in one language to two concepts: they claim one
    concept twice, maybe differently (a term twice in one file is the parser's warning)."""
    owner: dict[tuple[str, str], tuple[Term, LangSection]] = {}
    out = []
    for c in concepts:
        for s in c.languages:
            if is_english(s.lang) or not s.terms:
                continue
            t = s.terms[0]
            first, first_section = owner.setdefault((s.lang, fold(t.text)), (t, s))
            if first is t or first.source.rpartition(":")[0] == t.source.rpartition(":")[0]:
                continue
            same = "the same" if _texts(first_section) == _texts(s) else "another"
            out.append(
                ParseWarning(
                    f"{t.source} gives the {s.lang} term {t.text!r} of {first.source} again, "
                    f"with {same} definition, as another concept",
                    hint="keep the entry in one file, or make the two files parallel",
                )
            )
    return out


def _texts(section: LangSection) -> tuple[str, ...]:
    return tuple(d.text for d in section.all_definitions())


def supersedes(first: LangSection, later: LangSection) -> bool:
    """Whether ``later`` is a correction of ``first``, so that its own terms and definitions
    stand for the language instead (see :func:`join_concepts`): it gives ``first``'s main
    term again as ``superseded`` (TBX ``supersededTerm-admn-sts``: replaced by a newer term),
    or it keeps that term, as ``preferred``, and gives definitions of its own (a corrected
    definition). This is how ``gloss add`` writes a user's correction of a bundled concept
    (:func:`glossary_cli.build.correction`).

    >>> old = LangSection("bn", (Term("নেটওয়ার্ক প্রুনিং"),))
    >>> new = LangSection("bn", (Term("ছাঁটাই"), Term("নেটওয়ার্ক প্রুনিং", status="superseded")))
    >>> supersedes(old, new), supersedes(new, old)
    (True, False)
    """
    main = first.main
    if main is None or main.status == "superseded":
        return False
    key = fold(main.text)
    # the term it replaces: first's main term, or one an earlier correction replaced (so that
    # two corrections of one bundled term agree in whichever order they are merged)
    replaced = {key, *(fold(t.text) for t in first.terms if t.status == "superseded")}
    if any(t.status == "superseded" and fold(t.text) in replaced for t in later.terms):
        return True
    own = later.main
    return (
        own is not None
        and own.status == "preferred"
        and main.status != "preferred"
        and fold(own.text) == key
        and bool(later.definitions)
    )


def overridden(first: LangSection, later: LangSection) -> LangSection:
    """``first`` as ``later`` corrects it (:func:`supersedes`): ``later``'s terms lead, then
    ``first``'s main term, now superseded (unless ``later`` keeps it), then ``first``'s
    others (each once, ``later``'s copy first, so the superseded one keeps its status);
    ``later``'s definitions when it gives some, else ``first``'s; the notes and properties of
    both."""
    main = first.main
    given = {fold(t.text) for t in later.terms}
    replaced = (
        [main._replace(status="superseded", status_original=None)]
        if main is not None and fold(main.text) not in given
        else []
    )
    return LangSection(
        first.lang,
        _unique([*later.terms, *replaced, *first.terms]),
        later.definitions or first.definitions,
        tuple(dict.fromkeys([*later.notes, *first.notes])),
        tuple(dict.fromkeys([*later.properties, *first.properties])),
    )


def sections_clash(first: Concept, other: Concept) -> str | None:
    """The first language in which ``other`` gives a section that contradicts ``first``'s:
    another main term, or other definitions where both give some (a list of terms without
    definitions, such as a CSV of translations, agrees with any); for English, whose
    sections hold the names concepts are joined by, a main term that is none of ``first``'s
    English terms. ``None`` when the two can be one concept (:func:`merge_concepts`).

    >>> def c(term, definition):
    ...     defs = (Definition(definition),) if definition else ()
    ...     return Concept("x", (LangSection("bn", (Term(term),), defs),))
    >>> sections_clash(c("লোরা", "সংজ্ঞা"), c("লোরা", "")), sections_clash(
    ...     c("লোরা", "সংজ্ঞা"), c("লোরা", "অন্য সংজ্ঞা"))
    (None, 'bn')
    """
    for s in other.languages:
        f = first.section(s.lang)
        if f is None or f.lang != s.lang or supersedes(f, s):
            continue
        if is_english(s.lang):
            main = s.main
            if main is not None and fold(main.text) not in {fold(t.text) for t in f.terms}:
                return s.lang
            continue
        main_f, main_s = f.main, s.main
        if (main_f.text if main_f else None) != (main_s.text if main_s else None):
            return s.lang
        texts_f, texts_s = _texts(f), _texts(s)
        if texts_f and texts_s and texts_f != texts_s:
            return s.lang
    return None


class Merged(NamedTuple):
    """A concept as :func:`merge_numbered` merges it: its row number (its place, first seen
    first), the merged concept, whether it is new (not one ``existing`` gave), and what each
    numbered input gave of it (number → concept): the search index keeps these parts, so
    that a record file can be taken out again (:mod:`glossary_cli.index`)."""

    rowid: int
    concept: Any
    new: bool
    parts: dict[int, Any]


def merge_numbered(
    files: Iterable[tuple[int, Iterable[Any]]],
    existing: Callable[[str], Merged | None],
    taken: set[str],
    top: int,
    messages: list[str] | None = None,
) -> dict[str, Merged]:
    """Merge concepts of numbered inputs (record files) by id: a concept of an id seen
    before joins it unless a shared language contradicts it (:func:`sections_clash`), when it
    is kept apart as ``ID-2``, ``ID-3``… (and ``messages`` is told why). ``existing`` gives a
    concept held already (``None`` if none: the search index's, when it adds files in
    place); ``taken`` holds every id there is; new concepts are numbered after ``top``.

    Returns:
        The merged concepts by id, in no order (sort them by row number).
    """
    merged: dict[str, Merged] = {}
    for number, concepts in files:
        for concept in concepts:
            first = merged.get(concept.id) or existing(concept.id)
            if first is None:
                top += 1
                merged[concept.id] = Merged(top, concept, True, {number: concept})
                continue
            clash = sections_clash(first.concept, concept)
            if clash is None:
                parts = dict(first.parts)
                own = parts.get(number)
                parts[number] = concept if own is None else join_concepts(own, concept)
                joined = join_concepts(first.concept, concept)
                merged[concept.id] = first._replace(concept=joined, parts=parts)
                continue
            n = 2
            while f"{concept.id}-{n}" in taken:
                n += 1
            cid = f"{concept.id}-{n}"
            taken.add(cid)
            top += 1
            renamed = concept._replace(id=cid)
            merged[cid] = Merged(top, renamed, True, {number: renamed})
            if messages is not None:
                messages.append(
                    f"concept {concept.id!r} is given twice with different {clash} sections; "
                    f"the second is kept as {cid!r}"
                )
    return merged


def merge_concepts(concepts: Iterable[Concept]) -> tuple[list[Concept], list[str]]:
    """Concepts of several record sets (data directories, or files of one) → unique ids.

    A concept whose id was already seen is the same concept seen again: when no section of
    it contradicts the first one's (:func:`sections_clash`), its sections in the languages
    the first one lacks are added to the first one (in their order), the terms and
    definitions of sections they share are joined (each term and definition once), and so
    are its subject fields, notes, cross-references and provenance. This is how a user's
    Hindi section, written under a bundled concept's id by ``gloss add``, joins that concept
    at lookup time. When a shared language gives a different section, the two are different
    concepts after all: the later one is kept, under the next free id ``ID-2``, ``ID-3``...,
    and reported.

    Args:
        concepts: the concepts, in order; the first of each id keeps its position.

    Returns:
        The merged concepts, and one message per concept that had to be renamed.

    >>> a = Concept("lora", (LangSection("bn", (Term("লোরা"),)),))
    >>> b = Concept("lora", (LangSection("hi", (Term("लोरा"),)),))
    >>> [c.langs for c in merge_concepts([a, b])[0]]
    [('bn', 'hi')]
    """
    concepts = list(concepts)
    messages: list[str] = []
    numbered = [(n, (c,)) for n, c in enumerate(concepts)]
    merged = merge_numbered(numbered, lambda _: None, {c.id for c in concepts}, 0, messages)
    return [m.concept for m in sorted(merged.values(), key=lambda m: m.rowid)], messages


def join_concepts(first: Concept, later: Concept) -> Concept:
    """``first`` with what ``later`` adds (see :func:`merge_concepts`); a section of
    ``later`` that corrects ``first``'s (:func:`supersedes`) takes its place
    (:func:`overridden`)."""
    sections = list(first.languages)
    for s in later.languages:
        index = next((i for i, f in enumerate(sections) if f.lang == s.lang), None)
        if index is None:
            sections.append(s)
            continue
        f = sections[index]
        if supersedes(f, s):
            sections[index] = overridden(f, s)
            continue
        sections[index] = LangSection(
            f.lang,
            _unique([*f.terms, *s.terms]),
            _unique_definitions([*f.definitions, *s.definitions]),
            tuple(dict.fromkeys([*f.notes, *s.notes])),
            tuple(dict.fromkeys([*f.properties, *s.properties])),
        )
    return Concept(
        id=first.id,
        languages=tuple(sections),
        subject_fields=tuple(dict.fromkeys([*first.subject_fields, *later.subject_fields])),
        definitions=_unique_definitions([*first.definitions, *later.definitions]),
        notes=tuple(dict.fromkeys([*first.notes, *later.notes])),
        xrefs=tuple(dict.fromkeys([*first.xrefs, *later.xrefs])),
        properties=tuple(dict.fromkeys([*first.properties, *later.properties])),
        provenance=tuple(dict.fromkeys([*first.provenance, *later.provenance])),
    )
