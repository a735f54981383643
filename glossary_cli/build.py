"""Sources → concepts → records: what ``gloss build`` and ``gloss add`` compute.

:func:`build_records` reads a data directory's ``sources/`` and builds its records; the
pipeline (:func:`build_from`) parses each file (:mod:`glossary_cli.formats`), aligns the plain
files (:mod:`glossary_cli.align`), appends the concepts of the other files, merges concepts
that share an id and reports what each file gave (:class:`FileReport`). Nothing here writes a
file: :mod:`glossary_cli.store` and :mod:`glossary_cli.userdata` do.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol

from glossary_cli.errors import GlossError, ParseError, ParseWarning, StoreError, UsageError
from glossary_cli.formats._yaml import dump_yaml
from glossary_cli.model import Concept, Glossary, Source, Term
from glossary_cli.select import source_file
from glossary_cli.store import (
    HEADER,
    MANIFEST,
    RECORDS,
    SOURCES,
    in_manifest_order,
    read_curation,
    read_manifest,
    read_records,
    read_sources,
)
from glossary_cli.values import NamedTuple


@dataclass(frozen=True, slots=True)
class FileReport:
    """What one glossary file contributed to a build (``gloss add`` reports it).

    Attributes:
        file: the file's name.
        langs: language tags of its entries.
        entries: how many entries it gave.
        concepts: how many concepts hold one of its entries.
        joined: how many of those are concepts of the base data directory (see
            :func:`build_from`), which the entries join at lookup time.
        aligned: the files it is parallel to (translations of each other, entry by entry).
        terms: how many terms it gave, over all languages (English ones included).
        joins: for a file of concepts, one line per concept that joins one the termbase
            held (:func:`place_concepts`).
        apart: one line per near-duplicate it gave that was kept apart.
        corrected: one line per concept held already whose term or definition it corrects
            (:func:`correction`).
    """

    file: str
    langs: tuple[str, ...]
    entries: int
    concepts: int
    joined: int = 0
    aligned: tuple[str, ...] = ()
    terms: int = 0
    joins: tuple[str, ...] = ()
    apart: tuple[str, ...] = ()
    corrected: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class BuildResult:
    """What ``gloss build`` produced.

    Attributes:
        glossary: the records.
        text: their YAML text, exactly as written to ``concepts.yaml``.
        alignments: the pairwise file comparison (see :mod:`glossary_cli.align`).
        warnings: skipped problems (errors under ``--strict``).
        files: what each file of the data directory contributed, in file order.
    """

    glossary: Glossary
    text: str
    alignments: tuple[Any, ...]
    warnings: tuple[ParseWarning, ...]
    files: tuple[FileReport, ...] = ()


def build_records(data_dir: Path, *, strict: bool = False, base: Path | None = None) -> BuildResult:
    """Parse ``DATA/sources``, align parallel files, merge ``DATA/curation.yaml``.

    Args:
        data_dir: the data directory.
        strict: raise the first warning as an error.
        base: another data directory whose concepts ``data_dir``'s files may join (the
            bundled glossary, for the user's directory): see :func:`build_from`.

    Returns:
        The records and their YAML text; nothing is written (see :func:`write_records`).

    Raises:
        ParseError: a malformed glossary file (file and line named), or a warning under
            ``strict``; RecordError: a malformed curation or manifest file; StoreError: no
            sources.
    """
    files = read_sources(data_dir)
    if not files:
        raise StoreError(
            f"no glossary files in {data_dir / SOURCES}",
            hint="put glossary files there; `gloss add FILE` adds to your own termbase, "
            f"not to {data_dir}",
        )
    manifest = read_manifest(data_dir)
    present = {name for name, _ in files}
    missing = [
        ParseWarning(
            f"names {name}, which is not in {SOURCES}/",
            path=str(data_dir / MANIFEST),
            hint=f"put the file in {data_dir / SOURCES}, or remove its line",
        )
        for name in manifest
        if name not in present
    ]
    if strict and missing:
        raise ParseError(missing[0].message, path=missing[0].path, hint=missing[0].hint)
    try:
        result = build_from(
            in_manifest_order(files, manifest),
            manifest,
            read_curation(data_dir),
            strict=strict,
            base=base,
        )
    except GlossError as exc:
        if exc.path and not os.path.isabs(exc.path):  # sources/NAME, curation.yaml: in DATA
            exc.path = str(data_dir / exc.path)
        raise
    for w in result.warnings:  # sources/NAME, curation.yaml: in DATA, as errors name them
        if w.path and not os.path.isabs(w.path):
            w.path = str(data_dir / w.path)
    return replace(result, warnings=(*missing, *result.warnings)) if missing else result


def build_from(
    files: Sequence[tuple[str, bytes]],
    manifest: Mapping[str, Mapping[str, Any]],
    curation: Sequence[Any] = (),
    *,
    strict: bool = False,
    base: Path | None = None,
) -> BuildResult:
    """Build records from the files of a data directory, given as ``(name, bytes)``.

    Plain glossary files are parsed (:mod:`glossary_cli.parsing`, in the language the manifest
    names, else the one their script shows) and aligned (:mod:`glossary_cli.align`); files of
    the other formats (:func:`glossary_cli.formats.detect`: TBX, CSV, TSV, JSON Lines, YAML)
    already hold concepts, which are appended after the aligned ones with their own ids,
    without curation. Concepts sharing an id are merged
    (:func:`glossary_cli.align.merge_concepts`; a renamed one is a warning).

    With ``base``, the plain files of that data directory (and its curation) are aligned
    together with ``files`` as read-only inputs, the way ``gloss build`` would align them in
    one directory, but only what ``files`` contribute is written: a concept that also holds a
    base entry is written under the id of that base concept (looked up in the base's records
    by that entry's source) with only the sections and English terms ``files`` give, so that
    the index merges the two (:func:`glossary_cli.index.open_index`); any other concept gets
    an id the base does not use, and so does a concept of an import file whose id is a base
    concept's but whose sections contradict it (:func:`glossary_cli.align.sections_clash`),
    before the files' concepts are merged: which file joins the base does not depend on the
    order they were added in. Warnings and alignments that concern only base files are
    left out.

    Raises:
        As :func:`build_records`; UsageError: the manifest names a language for an import file.
    """
    from glossary_cli.align import align, join_concepts, merge_concepts, sections_clash

    plain: list[Any] = []
    imported: list[tuple[str, Glossary]] = []
    sources: list[Source] = []
    warnings: list[ParseWarning] = []
    for name, data in files:
        parsed = _parse_source(name, data, manifest.get(name, {}))
        if isinstance(parsed, Glossary):
            imported.append((name, parsed))
            sources.extend(parsed.sources)
            warnings.extend(parsed.warnings)
        else:
            plain.append(parsed)
            sources.append(_source(parsed, data))
            warnings.extend(parsed.warnings)

    base_parsed, base_curation, base_concepts = _base_inputs(base) if base else ([], (), ())
    result = align([*base_parsed, *plain], [*base_curation, *curation])
    mine = {p.name for p in plain}
    alignments = tuple(a for a in result.alignments if {a.first, a.second} & mine)
    if base_parsed:
        known = {str(w) for w in align(base_parsed, base_curation).warnings}
        concepts = _own_concepts(result.concepts, mine, base_concepts)
        # an entry that is a base concept's (a corrected copy of a base file gives most of
        # them again) is no other concept claiming its term
        base_ids = {c.id for c in base_concepts}
        again = tuple(
            f"{t.source}{said}"
            for c in concepts
            if c.id in base_ids
            for s in c.languages
            for t in s.terms
            for said in (" gives the ", " and ")
        )
        warnings.extend(
            w for w in result.warnings if str(w) not in known and not str(w).startswith(again)
        )
    else:
        warnings.extend(result.warnings)
        concepts = list(result.concepts)
    for _, glossary in imported:
        concepts.extend(glossary.concepts)
    # A concept that contradicts the bundled one of its id is another concept: it gets an id
    # of its own here, before the files' concepts are merged, so that it never takes the id
    # from a later file's concept that does join the bundled one (whatever the order added).
    base_by_id = {c.id: c for c in base_concepts}
    taken = {*base_by_id, *(c.id for c in concepts)}
    corrections: dict[str, list[str]] = {}
    # each base concept as the files before corrected it: a later file corrects that
    current = dict(base_by_id)
    for i, concept in enumerate(concepts):
        bundled = current.get(concept.id)
        clash = sections_clash(bundled, concept) if bundled is not None else None
        fixed = correction(bundled, concept, keeping=True) if bundled is not None else None
        if bundled is not None and fixed is not None:
            # the bundled entry with its term or its definition changed: a correction
            concepts[i], said = fixed
            current[concept.id] = join_concepts(bundled, concepts[i])
            section = concept.section(clash or "")
            source = section.terms[0].source if section is not None and section.terms else ""
            corrections.setdefault(source_file(source), []).append(
                f"{concept.id}: {'; '.join(said)}"
            )
            continue
        if clash:
            n = 2
            while f"{concept.id}-{n}" in taken:
                n += 1
            cid = f"{concept.id}-{n}"
            taken.add(cid)
            concepts[i] = concept._replace(id=cid)
            section = concept.section(clash)
            source = section.terms[0].source if section is not None and section.terms else ""
            warnings.append(
                ParseWarning(
                    f"{source}: concept {concept.id!r} gives another {clash} entry than the "
                    f"bundled one: it is kept apart, as {cid!r}",
                    hint="give the bundled term (and its definition, or none) to join it, "
                    "or another English name for a concept of its own",
                )
            )
    warnings = [w for w in warnings if not noted(w, concepts)]
    given = list(concepts)  # before the files' concepts are merged: what each file gave
    concepts, renamed = merge_concepts(concepts)
    warnings.extend(ParseWarning(m, hint="give one of them another id") for m in renamed)
    if strict and warnings:
        first = warnings[0]
        raise ParseError(
            first.message,
            path=first.path,
            line=first.line,
            hint=first.hint or "fix it, or drop --strict",
        )
    glossary = Glossary(sources=tuple(sources), concepts=tuple(concepts))
    text = records_text(glossary)

    def joins(concept: Concept) -> bool:
        """Whether a concept joins a bundled one at lookup time (rather than being kept
        apart as ID-2, :func:`glossary_cli.align.merge_concepts`)."""
        bundled = base_by_id.get(concept.id)
        return bundled is not None and sections_clash(bundled, concept) is None

    imports = dict(imported)
    reports = []
    for name, _ in files:
        if name in imports:
            g = imports[name]
            reports.append(
                FileReport(
                    file=name,
                    langs=tuple(s.lang for s in g.sources),
                    entries=g.entry_count,
                    concepts=len(g.concepts),
                    joined=sum(joins(c) for c in g.concepts),
                    terms=g.term_count,
                )
            )
            continue
        p = next(p for p in plain if p.name == name)
        held = [c for c in given if _holds(c, {name})]
        fixes = tuple(corrections.get(name, ()))
        parallel = [
            a.second if a.first == name else a.first
            for a in result.alignments
            if a.parallel and name in (a.first, a.second)
        ]
        reports.append(
            FileReport(
                file=name,
                langs=(p.lang,),
                entries=len(p.entries),
                concepts=len(held),
                joined=sum(joins(c) for c in held),
                aligned=tuple(parallel),
                terms=sum(1 for c in held for s in c.languages for t in s.terms
                          if source_file(t.source) == name),
                corrected=fixes,
            )
        )  # fmt: skip
    return BuildResult(glossary, text, alignments, tuple(warnings), tuple(reports))


def _holds(concept: Concept, files: set[str]) -> bool:
    """Whether a concept has a term read from one of ``files``."""
    return any(source_file(t.source) in files for s in concept.languages for t in s.terms)


def noted(warning: ParseWarning, concepts: Sequence[Concept]) -> bool:
    """Whether a warning that a definition left English words untranslated
    (:attr:`glossary_cli.errors.ParseWarning.untranslated`) is answered by a note of the
    concept that has that definition, which quotes each of the words (``"thereby"``): the
    oddity is then known and kept on purpose, and not said again.

    >>> from glossary_cli.model import Definition, LangSection, Term
    >>> w = ParseWarning("…", path="sources/a.txt", line=4)
    >>> w.untranslated = ("thereby",)
    >>> section = LangSection("bn", (Term("ক", source="a.txt:3"),), (Definition("…", "a.txt:4"),))
    >>> c = Concept("c", (section,), notes=('leaves "thereby" untranslated',))
    >>> noted(w, [c]), noted(w, [c._replace(notes=())])
    (True, False)
    """
    if not warning.untranslated or warning.path is None or warning.line is None:
        return False
    where = f"{warning.path.rpartition('/')[2]}:{warning.line}"
    for concept in concepts:
        if any(d.source == where for s in concept.languages for d in s.definitions):
            notes = " ".join(concept.notes)
            return all(f'"{word}"' in notes for word in warning.untranslated)
    return False


def _parse_source(name: str, data: bytes, settings: Mapping[str, Any]) -> Any:
    """One file of ``sources/``: a :class:`ParsedGlossary` for a plain glossary file, or a
    :class:`Glossary` for a file of another format (:func:`glossary_cli.formats.detect`, or
    the ``format`` its settings force), read with the settings' reading options; errors and
    warnings name it as ``sources/NAME``."""
    from glossary_cli import formats
    from glossary_cli.formats.seedtext import parse

    display = f"{SOURCES}/{name}"
    lang = settings.get("lang")
    options = {k: settings.get(k) for k in formats.READ_OPTIONS}
    try:
        forced = settings.get("format")
        fmt = formats.get(forced) if forced else formats.detect(name, data)
        if not fmt.aligned:
            if lang is not None:
                raise UsageError(
                    f"{name} names its own languages; the manifest cannot set one",
                    path=MANIFEST,
                    hint=f"remove the 'lang' of {name} from {MANIFEST}",
                )
            glossary = fmt.read(data, name, **options)
            for w in glossary.warnings:
                if w.path == name:
                    w.path = display
            return glossary
        if any(v is not None for v in options.values()):
            raise UsageError(
                f"{name} is a plain glossary file: it has no columns or sheets",
                hint="leave --columns, --sheet and --skip-bad out",
            )
        parsed = parse(data, name, None if lang is None else str(lang))
    except ParseError as exc:
        if exc.path == name:
            exc.path = display
        raise
    for w in parsed.warnings:
        if w.path == name:
            w.path = display
    return parsed


def _base_inputs(base: Path) -> tuple[list[Any], tuple[Any, ...], tuple[Concept, ...]]:
    """The plain files of a base data directory, parsed; its curation; its concepts (from
    its records when they exist, else as built)."""
    from glossary_cli.align import align

    manifest = read_manifest(base)
    parsed = []
    for name, data in read_sources(base):
        p = _parse_source(name, data, manifest.get(name, {}))
        if not isinstance(p, Glossary):
            parsed.append(p)
    curation = read_curation(base)
    if (base / RECORDS).is_file():
        concepts = read_records(base).concepts
    else:
        concepts = align(parsed, curation).concepts
    return parsed, curation, concepts


def _own_concepts(
    concepts: Sequence[Concept], mine: set[str], base: Sequence[Concept]
) -> list[Concept]:
    """What the data directory's own files (``mine``) contribute to the aligned concepts; see
    :func:`build_from`."""
    from glossary_cli.model import LangSection, is_english
    from glossary_cli.normalize import fold

    def own(section: LangSection) -> bool:
        return bool(section.terms) and source_file(section.terms[0].source) in mine

    by_source = {
        s.terms[0].source: c
        for c in base
        for s in c.languages
        if s.terms and not is_english(s.lang)
    }
    taken = {c.id for c in base}
    base_by_id = {c.id: c for c in base}
    # the base concepts by each native entry's main term and by its definitions: an entry of
    # a corrected copy of a base file is the base concept whose term or definition it keeps
    by_entry: dict[tuple[str, str, str], set[str]] = {}
    for b in base:
        for s in b.languages:
            if is_english(s.lang):
                continue
            if s.main is not None:
                by_entry.setdefault((s.lang, "term", fold(s.main.text)), set()).add(b.id)
            texts = "\n".join(sorted(d.text for d in s.all_definitions()))
            if texts:
                by_entry.setdefault((s.lang, "definition", texts), set()).add(b.id)

    def same_entry(c: Concept) -> tuple[str, bool] | None:
        """The base concept whose entry ``c``'s own entries keep the term or the definition
        of, and whether they keep both (an unchanged entry)."""
        found: set[str] = set()
        unchanged = True
        for s in c.languages:
            if is_english(s.lang) or not own(s):
                continue
            texts = "\n".join(sorted(d.text for d in s.all_definitions()))
            by_term = by_entry.get((s.lang, "term", fold(s.main.text) if s.main else ""), set())
            by_text = by_entry.get((s.lang, "definition", texts), set()) if texts else set()
            found |= by_term | by_text
            unchanged = unchanged and bool(by_term & by_text)
        return (next(iter(found)), unchanged) if len(found) == 1 else None

    out = []
    for c in concepts:
        native = [s for s in c.languages if not is_english(s.lang)]
        sections = [s for s in native if own(s)]
        english = c.english
        english_terms = tuple(
            t for t in (english.terms if english else ()) if source_file(t.source) in mine
        )
        if not sections and not english_terms:
            continue
        other = next((s for s in native if not own(s)), None)
        shared = by_source.get(other.terms[0].source) if other is not None else None
        if shared is not None:
            # the base concept's English stands: what the file's parentheticals give is the
            # evidence it was aligned by, not more names of the concept
            if not sections:
                continue
            out.append(Concept(id=shared.id, languages=tuple(sections),
                               provenance=tuple(p for p in c.provenance
                                                if source_file(p) in mine)))  # fmt: skip
            continue
        entry = same_entry(c)
        known = entry[0] if entry is not None else None
        if entry is not None and not entry[1] and english_terms:
            # a changed entry (a correction) must keep the English the base concept has:
            # with another English name it is another concept (the names concepts are
            # joined by); an unchanged entry is the base one whatever its parenthetical says,
            # as a parallel file's is
            base_english = base_by_id[entry[0]].english
            names = {fold(t.text) for t in (base_english.terms if base_english else ())}
            if not all(fold(t.text) in names for t in english_terms):
                known = None
        if known is not None and sections:
            out.append(Concept(id=known, languages=tuple(sections),
                               provenance=tuple(p for p in c.provenance
                                                if source_file(p) in mine)))  # fmt: skip
            continue
        cid, n = c.id, 2
        while cid in taken:
            cid, n = f"{c.id}-{n}", n + 1
        taken.add(cid)
        out.append(c._replace(id=cid))
    return out


def _source(parsed: Any, data: bytes) -> Source:
    return Source(
        file=parsed.name,
        lang=parsed.lang,
        title=parsed.title,
        subtitle=parsed.subtitle,
        entries=len(parsed.entries),
        sha256=hashlib.sha256(data).hexdigest(),
    )


# --- one added file at a time ------------------------------------------------------------------

#: Formats whose ids are gloss's own (its record exports, and term folders, kept as JSON Lines):
#: a concept of theirs joins the concept of the same id. Any other file's own ids are its
#: glossary's, namespaced by it (:func:`place_concepts`).
GLOSS_IDS = frozenset({"jsonl", "yaml"})


class Known(Protocol):
    """The concepts a termbase holds already, as :func:`place_concepts` asks for them: the
    search index (:class:`glossary_cli.index.IndexedConcepts`) or concepts in memory
    (:class:`MemoryConcepts`)."""

    def taken(self, ids: Collection[str]) -> set[str]:
        """Which of ``ids`` some concept has."""
        ...

    def by_id(self, ids: Collection[str]) -> dict[str, Concept]:
        """The concepts of these ids that exist."""
        ...

    def by_english(self, keys: Collection[str]) -> dict[str, list[Concept]]:
        """For each folded English headword (:func:`glossary_cli.normalize.fold`), the
        concepts whose headword it is, in termbase order."""
        ...

    def by_term(self, keys: Collection[str]) -> dict[str, list[Concept]]:
        """For each folded term, the concepts that hold it as a term of their own (not a
        search-only alias or a misreading) in any language, in termbase order."""
        ...


class MemoryConcepts:
    """:class:`Known` over concepts in memory (a rebuild of the user's records), growing as
    each file's placed concepts are added (:meth:`add`), merged by id as the index merges
    them."""

    def __init__(self, concepts: Iterable[Concept] = ()) -> None:
        self._by_id: dict[str, Concept] = {}
        self._english: dict[str, list[str]] = {}
        self._terms: dict[str, list[str]] = {}
        self.add(concepts)

    def add(self, concepts: Iterable[Concept]) -> None:
        """Add concepts; one of an id held already is joined to it."""
        from glossary_cli.align import join_concepts, sections_clash
        from glossary_cli.normalize import fold

        for c in concepts:
            first = self._by_id.get(c.id)
            if first is not None:
                if sections_clash(first, c) is None:
                    self._by_id[c.id] = join_concepts(first, c)
                    self._index_terms(c)
                continue
            self._by_id[c.id] = c
            if c.en:
                self._english.setdefault(fold(c.en), []).append(c.id)
            self._index_terms(c)

    def _index_terms(self, concept: Concept) -> None:
        from glossary_cli.normalize import fold

        for key in {fold(t.text) for t in _own_terms(concept)}:
            held = self._terms.setdefault(key, [])
            if concept.id not in held:
                held.append(concept.id)

    def taken(self, ids: Collection[str]) -> set[str]:
        return {i for i in ids if i in self._by_id}

    def by_id(self, ids: Collection[str]) -> dict[str, Concept]:
        return {i: self._by_id[i] for i in ids if i in self._by_id}

    def by_english(self, keys: Collection[str]) -> dict[str, list[Concept]]:
        return {k: [self._by_id[i] for i in self._english[k]] for k in keys if k in self._english}

    def by_term(self, keys: Collection[str]) -> dict[str, list[Concept]]:
        return {k: [self._by_id[i] for i in self._terms[k]] for k in keys if k in self._terms}


def _own_terms(concept: Concept) -> Iterator[Term]:
    """The terms of a concept's own in every language: not its curated search-only aliases
    or misreadings."""
    return (t for s in concept.languages for t in s.terms if t.role is None)


class Placed(NamedTuple):
    """Where :func:`place_concepts` put a file's concepts.

    Attributes:
        concepts: the file's concepts under their ids in the termbase.
        joins: one line per concept that joins one the termbase holds, and why.
        apart: one line per near-duplicate kept apart: a concept of the same English name
            (or id) that a shared language or the subject field contradicts.
        corrected: one line per concept of the same id whose term or definition the file
            corrects (:func:`correction`).
    """

    concepts: tuple[Concept, ...]
    joins: tuple[str, ...]
    apart: tuple[str, ...]
    corrected: tuple[str, ...] = ()


def _made_id(concept: Concept) -> bool:
    """Whether a concept's id is one a reader made from its names (a slug of its headword or
    first term, :func:`glossary_cli.formats._common.with_ids`) rather than the file's own."""
    import re

    from glossary_cli.formats._common import slug

    names = [concept.en or "", *(t.text for s in concept.languages for t in s.terms)]
    base = slug(next((n for n in names if n), "concept"))
    return concept.id == base or re.fullmatch(re.escape(base) + r"-[0-9]+", concept.id) is not None


def namespace(name: str) -> str:
    """The prefix of the ids a glossary file gives its concepts: a slug of its name without
    the suffix (``IATE sample.tbx`` → ``iate-sample``).

    >>> namespace("IATE sample.tbx"), namespace("k8s.bn.csv")
    ('iate-sample', 'k8s-bn')
    """
    from glossary_cli.align import slug

    return slug(Path(name).name.rsplit(".", 1)[0]) or "glossary"


def _conflict(existing: Concept, new: Concept) -> str | None:
    """Why ``new`` cannot join ``existing`` though both have one English name: a shared
    language whose section contradicts (:func:`glossary_cli.align.sections_clash`), or
    subject fields given by both that have none in common; ``None`` when it can."""
    from glossary_cli.align import sections_clash

    clash = sections_clash(existing, new)
    if clash is not None:
        mine, theirs = new.section(clash), existing.section(clash)
        a = mine.main.text if mine is not None and mine.main is not None else ""
        b = theirs.main.text if theirs is not None and theirs.main is not None else ""
        if a != b:
            return f"another {clash} term ({a!r}, not {b!r})"
        return f"another {clash} definition"
    fields_a = {f.casefold() for f in existing.subject_fields}
    fields_b = {f.casefold() for f in new.subject_fields}
    if fields_a and fields_b and not fields_a & fields_b:
        return f"another subject field ({', '.join(new.subject_fields)})"
    return None


def correction(
    existing: Concept, new: Concept, *, keeping: bool = False
) -> tuple[Concept, list[str]] | None:
    """``new`` written as a correction of ``existing`` (a concept of the same id), when every
    section of ``new`` that contradicts ``existing``'s (:func:`glossary_cli.align.sections_clash`)
    is in a language other than English: each such section gives ``existing``'s main term
    again, as ``superseded`` (TBX ``supersededTerm-admn-sts``), after its own, so that at lookup
    time it takes the place of ``existing``'s (:func:`glossary_cli.align.supersedes`) and the
    card shows both, each with the glossary it comes from. ``None`` when no section
    contradicts, or an English one does (the English names are what concepts are joined by:
    another English headword is another concept). With ``keeping``, also ``None`` unless each
    contradicting section keeps ``existing``'s main term or its definitions (an entry of a
    corrected copy, or a row named only by its English, changes one of the two: changing both
    is another concept that shares the English name).

    Returns:
        The corrected concept, and one line per corrected language for ``gloss add``
        (``bn: 'নেটওয়ার্ক ছাঁটাই' replaces 'নেটওয়ার্ক প্রুনিং'``).
    """
    from glossary_cli.align import sections_clash
    from glossary_cli.model import is_english
    from glossary_cli.normalize import fold

    sections = list(new.languages)
    said: list[str] = []
    for i, section in enumerate(sections):
        first = existing.section(section.lang)
        if first is None or first.lang != section.lang or first.main is None:
            continue
        probe = Concept(new.id, (section,))
        if sections_clash(existing, probe) is None:
            continue
        if is_english(section.lang):
            return None
        if keeping:
            same_term = section.main is not None and fold(first.main.text) == fold(
                section.main.text
            )
            texts = {d.text for d in first.all_definitions()}
            if not same_term and not (
                texts and texts == {d.text for d in section.all_definitions()}
            ):
                return None
        # the term it replaces: the one an earlier correction replaced, if any (the bundled
        # term), else the main term; so a correction names a term of the bundled concept
        # whatever other file corrected it before, and stays true when that file is removed
        main, current = section.main, first.main
        old = next((t for t in first.terms if t.status == "superseded"), current)
        if main is not None and fold(main.text) == fold(current.text):
            # the same term, other definitions: the term stands, preferred, with them
            terms = tuple(t._replace(status="preferred") if t is main else t for t in section.terms)
            sections[i] = section._replace(terms=terms)
            said.append(f"{section.lang}: its definition replaces the one of {current.text!r}")
            continue
        superseded = old._replace(status="superseded", status_original=None)
        sections[i] = section._replace(terms=(*section.terms, superseded))
        said.append(f"{section.lang}: {main.text if main else ''!r} replaces {current.text!r}")
    if not said:
        return None
    return new._replace(languages=tuple(sections)), said


def place_concepts(glossary: Glossary, name: str, fmt: str, known: Known) -> Placed:
    """Give the concepts of one added file their ids in a termbase, by the stated rules:

    - a file of gloss's own records (:data:`GLOSS_IDS`) keeps its ids: a concept joins the
      concept of its id unless a shared language contradicts it
      (:func:`glossary_cli.align.sections_clash`), when it becomes ``ID-2``;
    - an id the file gives itself (a TBX ``conceptEntry/@id``, an ``id`` column) joins the
      concept of that id only when that concept has its English headword (or the file's
      has none) and no shared language contradicts it — a gloss export added back; any other
      is the glossary's own, namespaced by it (:func:`namespace`: ``iate-sample.1``), so two
      files that both say ``id="1"`` do not collide and never join by it;
    - a concept whose id gloss made from its name joins a concept of the same English
      headword only if no shared language gives another term (or definition), their subject
      fields agree where both give some, and no other concept of the file joined it first;
      otherwise it keeps a slug of its own, and the near-duplicate is reported;
    - such a concept that no headword names, whose main term in a language is another
      concept's abbreviation or synonym in that language (a row ``LoRA,লোরা`` and the
      concept of "Low-Rank Adaptation", whose English and Bengali abbreviation is LoRA), is
      placed by the same rule, and more strictly, since an abbreviation names concepts of
      many fields (LoRA, LoRa; LCM, a model and a least common multiple): English
      definitions given by both must agree, and a term of another language must confirm
      the match. It joins that concept, or keeps a slug of its own and the near-duplicate
      is reported (:func:`_place_by_term`). Only an English match can join: in another
      language a section is merged by its main term, which the match shows to differ, so a
      match there is always reported.

    Args:
        glossary: the file's concepts as its reader gave them.
        name: the file's name.
        fmt: its format's name (:mod:`glossary_cli.formats`).
        known: the concepts the termbase holds already (the file's own excluded).

    Returns:
        The placed concepts, and the joins and near-duplicates to report.
    """
    from glossary_cli.normalize import fold

    concepts = list(glossary.concepts)
    joins: list[str] = []
    apart: list[str] = []
    corrected: list[str] = []
    ids: list[str | None] = [None] * len(concepts)
    claimed: set[str] = set()
    if fmt in GLOSS_IDS:
        existing = known.by_id([c.id for c in concepts])
        for i, c in enumerate(concepts):
            first = existing.get(c.id)
            if first is None:
                ids[i] = c.id
                continue
            why = _conflict(first, c)
            fixed = correction(first, c) if why is not None else None
            if why is None:
                ids[i] = c.id
                joins.append(f"{c.id}: joins the concept of its id")
            elif fixed is not None:
                ids[i] = c.id
                concepts[i], said = fixed
                corrected.append(f"{c.id}: {'; '.join(said)}")
            else:
                apart.append(f"{c.id}: kept apart from the concept of its id: {why}")
    else:
        made = [_made_id(c) for c in concepts]
        keys = {fold(c.en) for c, m in zip(concepts, made, strict=True) if m and c.en}
        english = known.by_english(keys)
        same = known.by_id([c.id for c, m in zip(concepts, made, strict=True) if not m])
        prefix = namespace(name)
        for i, c in enumerate(concepts):
            if not made[i]:
                # the id of a concept it agrees with, English included: the termbase's own
                # ids (a gloss export added back); any other is the glossary's
                first = same.get(c.id)
                agrees = first is not None and _conflict(first, c) is None
                same_english = first is not None and (
                    c.en is None or (first.en is not None and fold(first.en) == fold(c.en))
                )
                fixed = (
                    correction(first, c)
                    if first is not None and same_english and not agrees
                    else None
                )
                if agrees and same_english:
                    ids[i] = c.id
                    joins.append(f"{c.id}: joins the concept of its id, which it agrees with")
                elif fixed is not None:
                    ids[i] = c.id
                    concepts[i], said = fixed
                    corrected.append(f"{c.id}: {'; '.join(said)}")
                else:
                    ids[i] = f"{prefix}.{c.id}"
                    if first is not None:
                        why = _conflict(first, c) or "another English name"
                        apart.append(
                            f"{c.id}: kept apart from the concept of its id ({why}), as {ids[i]!r}"
                        )
                continue
            reasons = []
            for candidate in english.get(fold(c.en), []) if c.en else []:
                if candidate.id in claimed:
                    reason: str | None = "another concept of this file joined it"
                else:
                    reason = _conflict(candidate, c)
                fixed = (
                    correction(candidate, c, keeping=True)
                    if reason is not None and candidate.id not in claimed and c.id == candidate.id
                    else None
                )
                if fixed is not None:
                    # its id and English name, and its term or its definition: a correction
                    # (an edited export of the termbase, a corrected CSV of translations)
                    ids[i] = candidate.id
                    claimed.add(candidate.id)
                    concepts[i], said = fixed
                    corrected.append(f"{candidate.id}: {'; '.join(said)}")
                    break
                if reason is None:
                    ids[i] = candidate.id
                    claimed.add(candidate.id)
                    named = english.get(fold(c.en or ""), [])
                    others = [o.id for o in named if o.id != candidate.id]
                    listed = ", ".join([candidate.id, *others])
                    also = f" (the first of {listed})" if others else ""
                    joins.append(
                        f"{c.en!r} joins {candidate.id!r}{also}: the same English name, "
                        "no conflicting term"
                    )
                    break
                reasons.append(f"{candidate.id!r} ({reason})")
            if ids[i] is None and reasons:
                apart.append(f"{c.en!r} kept apart from " + ", ".join(reasons))
        unnamed = [
            i
            for i, c in enumerate(concepts)
            if made[i] and ids[i] is None and not (c.en and english.get(fold(c.en)))
        ]
        _place_by_term(concepts, unnamed, ids, claimed, known, joins, apart)
    # the rest get an id of their own: their slug, or the next free ID-2, ID-3…
    wanted = [c.id for c, i in zip(concepts, ids, strict=True) if i is None]
    taken = known.taken(wanted) | {i for i in ids if i is not None}
    for index, c in enumerate(concepts):
        if ids[index] is not None:
            continue
        cid, n = c.id, 1
        while cid in taken or (n > 1 and known.taken([cid])):
            n += 1
            cid = f"{c.id}-{n}"
        taken.add(cid)
        ids[index] = cid
    placed = tuple(c._replace(id=i) for c, i in zip(concepts, ids, strict=True) if i)
    return Placed(placed, tuple(joins), tuple(apart), tuple(corrected))


def _place_by_term(
    concepts: Sequence[Concept],
    unnamed: Sequence[int],
    ids: list[str | None],
    claimed: set[str],
    known: Known,
    joins: list[str],
    apart: list[str],
) -> None:
    """Place the concepts numbered ``unnamed`` (ids made from their names, no concept of
    their English headword) whose main term in a language is a term other than the main one
    of a concept held, in that language: an abbreviation or a synonym (folded alike,
    :func:`glossary_cli.normalize.fold`). Each joins the first such concept that nothing
    contradicts (:func:`_term_conflict`: English definitions given by both must agree too),
    that a term of another language confirms (:func:`_confirming_language`) and that no other
    concept of the file joined (its id goes in ``ids``, a line in ``joins``); when none
    does, a line in ``apart`` names them and why."""
    from glossary_cli.normalize import fold

    wanted = {
        i: [(s.lang, s.main.text) for s in concepts[i].languages if s.main is not None]
        for i in unnamed
    }
    held = known.by_term({fold(text) for names in wanted.values() for _, text in names})
    for i, names in wanted.items():
        c, reasons = concepts[i], []
        for lang, text in names:
            for candidate in held.get(fold(text), []):
                section = candidate.section(lang)
                if section is None or section.main is None:
                    continue
                term = next(
                    (
                        t
                        for t in section.terms
                        if t.role is None and t is not section.main and fold(t.text) == fold(text)
                    ),
                    None,
                )
                if term is None:
                    continue
                kind = f"{lang} {'abbreviation' if term.is_abbreviation else 'synonym'}"
                confirmed = _confirming_language(candidate, c, lang)
                reason = (
                    "another concept of this file joined it"
                    if candidate.id in claimed
                    else _term_conflict(candidate, c)
                    or (None if confirmed else "no term of another language confirms it")
                )
                if reason is None:
                    ids[i] = candidate.id
                    claimed.add(candidate.id)
                    joins.append(
                        f"{text!r} joins {candidate.id!r}: its {kind}, the same {confirmed} "
                        "term, no conflicting term"
                    )
                    break
                reasons.append(f"{candidate.id!r}, whose {kind} it is ({reason})")
            if ids[i] is not None:
                break
        if ids[i] is None and reasons:
            name = c.en or names[0][1]
            apart.append(f"{name!r} kept apart from " + ", ".join(dict.fromkeys(reasons)))


def _term_conflict(existing: Concept, new: Concept) -> str | None:
    """Why ``new``, whose main term in a language is a term of ``existing`` other than its
    main one, cannot join it: what :func:`_conflict` finds, or English definitions that both
    give and that differ (:func:`_conflict` leaves them out, since English names join
    concepts; an abbreviation names more concepts than a full name does). In English the
    match is no conflict (a section's main term may be any of the concept's English terms);
    in another language it is (a section's main term is what the termbase merges it by:
    :func:`glossary_cli.align.sections_clash`). ``None`` when ``new`` can join."""
    why = _conflict(existing, new)
    if why is not None:
        return why
    mine, theirs = new.english, existing.english
    if mine is not None and theirs is not None:
        a = {d.text for d in mine.all_definitions()}
        b = {d.text for d in theirs.all_definitions()}
        if a and b and a != b:
            return f"another {mine.lang} definition"
    return None


def _confirming_language(existing: Concept, new: Concept, lang: str) -> str | None:
    """The first language other than ``lang`` (the one whose term matched) in which ``new``
    gives a term ``existing`` has there too (folded alike), or ``None``: the match alone
    does not make them one concept, since an abbreviation names concepts of many fields
    (LCM, a latent consistency model, is also a least common multiple)."""
    from glossary_cli.normalize import fold

    for section in new.languages:
        theirs = existing.section(section.lang)
        if section.lang == lang or theirs is None:
            continue
        held = {fold(t.text) for t in theirs.terms if t.role is None}
        if any(fold(t.text) in held for t in section.terms if t.role is None):
            return section.lang
    return None


def placed_report(name: str, glossary: Glossary, placed: Placed) -> FileReport:
    """What a file of concepts gave once placed (:func:`place_concepts`), for ``gloss add``
    and ``gloss build --user``."""
    return FileReport(
        file=name,
        langs=tuple(dict.fromkeys(s.lang for s in glossary.sources)),
        entries=glossary.entry_count,
        concepts=len(placed.concepts),
        joined=len(placed.joins) + len(placed.corrected),
        terms=glossary.term_count,
        joins=placed.joins,
        apart=placed.apart,
        corrected=placed.corrected,
    )


def parse_source(name: str, data: bytes, settings: Mapping[str, Any]) -> Any:
    """One glossary file, read as ``gloss add`` keeps it: a :class:`Glossary` for a file of
    concepts, the parsed plain file otherwise; errors name it as ``sources/NAME``.

    Raises:
        ParseError: the file is malformed; UsageError: settings it cannot take.
    """
    return _parse_source(name, data, settings)


#: How many concepts :func:`records_text` turns into YAML at a time: the emitter builds a node
#: for every key and value before it writes any, about 15 KiB per concept, so that a whole
#: termbase at once (100,000 concepts read from a table: 1.5 GB) would cost many times the
#: text it writes.
DUMP_CHUNK = 1000


def records_text(glossary: Glossary, chunk: int = DUMP_CHUNK) -> str:
    """The YAML record file of a glossary, as ``gloss build`` writes them: the text of
    :func:`~glossary_cli.records.glossary_to_mapping` dumped whole, made ``chunk`` concepts
    at a time (a block sequence's items, dumped apart, are the same text), so that its memory
    is the text's and one chunk's, whatever the number of concepts.

    Args:
        glossary: the concepts and sources to write.
        chunk: concepts per dump (a positive number).

    Returns:
        The text, :data:`HEADER` first.
    """
    from glossary_cli.records import concept_to_mapping, glossary_to_mapping

    head = glossary_to_mapping(glossary._replace(concepts=()))
    if not glossary.concepts:
        return HEADER + dump_yaml(head)
    if list(head)[-1] != "concepts":  # the sequence is the document's last key
        return HEADER + dump_yaml(glossary_to_mapping(glossary))
    del head["concepts"]
    parts = [HEADER, dump_yaml(head), "concepts:\n"]
    concepts = glossary.concepts
    for start in range(0, len(concepts), max(1, chunk)):
        parts.append(dump_yaml([concept_to_mapping(c) for c in concepts[start : start + chunk]]))
    return "".join(parts)
