"""Which languages and terms a command works on: ``--lang``, ``--status``, ``--type`` and
``--glossary``, checked once and applied the same way by ``search``, ``list`` and ``export``.

Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import cast

from glossary_cli.errors import UsageError
from glossary_cli.model import (
    ABBREVIATION_TYPES,
    STATUSES,
    TERM_TYPES,
    Concept,
    Glossary,
    LangSection,
    Term,
)
from glossary_cli.tags import matches
from glossary_cli.values import NamedTuple


def source_file(source: str) -> str:
    """The file part of a ``FILE:LINE`` source (``001_x.txt:5`` → ``001_x.txt``).

    >>> source_file("001_5a07ee38a131a210.txt:5"), source_file("curation.yaml:12")
    ('001_5a07ee38a131a210.txt', 'curation.yaml')
    """
    head, sep, tail = source.rpartition(":")
    return head if sep and tail.isdigit() else source


def named_file(wanted: str, files: Iterable[str], what: str) -> str | None:
    """The one of ``files`` that ``wanted`` names: the file itself, its name without the
    suffix (letter case ignored), or a beginning of its name that no other file's has
    (``004`` for ``004_14f9f42b1dcfdef3.txt``); ``None`` when none does.

    >>> named_file("004", ["001_a.txt", "004_b.txt"], "--glossary")
    '004_b.txt'
    >>> named_file("001_A", ["001_a.txt", "004_b.txt"], "--glossary")
    '001_a.txt'
    >>> try:
    ...     named_file("00", ["001_a.txt", "004_b.txt"], "--glossary")
    ... except UsageError as exc:
    ...     print(exc.message)
    --glossary '00' begins the names of several glossaries: 001_a.txt, 004_b.txt

    Raises:
        UsageError: ``wanted`` begins the names of several files, none of them whole
            (``what`` names the option or command in the message).
    """
    key = wanted.casefold()
    names = list(dict.fromkeys(f for f in files if f))
    for f in names:
        name = f.casefold()
        if key in (name, name.rsplit(".", 1)[0]):
            return f
    begun = [f for f in names if f.casefold().startswith(key)]
    if len(begun) > 1:
        raise UsageError(
            f"{what} {wanted!r} begins the names of several glossaries: {', '.join(begun)}",
            hint="give more of the name",
        )
    return begun[0] if begun else None


class Selection(NamedTuple):
    """Filters on languages and terms; empty fields select everything.

    Attributes:
        langs: BCP 47 tags (:func:`glossary_cli.tags.matches`).
        statuses: administrative statuses (:data:`glossary_cli.model.STATUSES`).
        types: TBX term types; ``abbreviation`` also selects ``acronym`` and ``initialism``,
            which TBX-Basic lists apart.
        glossaries: glossary file names (as ``gloss sources`` lists them, with or without
            their suffix), ``curation.yaml`` for curated terms: only what was read from them.
    """

    langs: tuple[str, ...] = ()
    statuses: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    glossaries: tuple[str, ...] = ()

    @classmethod
    def of(
        cls,
        langs: tuple[str, ...] = (),
        status: str | None = None,
        term_type: str | None = None,
        glossary: str | None = None,
    ) -> Selection:
        """A selection from command-line values: comma-separated ``status``, ``term_type``
        and ``glossary`` lists. A status may be given as a termbase spells it (``obsolete``,
        ``preferredTerm-admn-sts``: :func:`glossary_cli.records.normalize_status`).

        >>> Selection.of(status="Preferred,obsolete,superseded").statuses
        ('preferred', 'superseded')
        >>> Selection.of(term_type="fullform,ABBREVIATION").types
        ('fullForm', 'abbreviation')

        Raises:
            UsageError: an unknown status, or a list that names nothing.
        """
        from glossary_cli.records import normalize_status

        statuses = []
        for s in _items(status, "--status"):
            known = normalize_status(s)[0]
            if known is None:
                raise UsageError(
                    f"{s!r} is not an administrative status", hint="use " + ", ".join(STATUSES)
                )
            statuses.append(known)
        spelt = {t.casefold(): t for t in (*TERM_TYPES, *ABBREVIATION_TYPES)}  # fullform
        types = (spelt.get(t.casefold(), t) for t in _items(term_type, "--type"))
        return cls(
            langs,
            tuple(dict.fromkeys(statuses)),
            tuple(dict.fromkeys(types)),
            _items(glossary, "--glossary"),
        )

    @property
    def filters_terms(self) -> bool:
        """Whether status, type or glossary filters are set."""
        return bool(self.statuses or self.types or self.glossaries)

    def lang_ok(self, tag: str) -> bool:
        """Whether a section tagged ``tag`` is selected."""
        return not self.langs or any(matches(tag, w) for w in self.langs)

    def glossary_ok(self, source: str) -> bool:
        """Whether something read from ``source`` (``FILE:LINE``) is selected."""
        if not self.glossaries:
            return True
        name = source_file(source)
        return any(self._names(g, name) for g in self.glossaries)

    def term_ok(self, term: Term) -> bool:
        """Whether a term passes the status, type and glossary filters."""
        if self.statuses and term.status not in self.statuses:
            return False
        if self.types:
            kinds = {term.type or ""}
            if term.type in ABBREVIATION_TYPES:
                kinds.add("abbreviation")
            if not kinds & set(self.types):
                return False
        return self.glossary_ok(term.source)

    def section(self, section: LangSection) -> LangSection | None:
        """The section with only the selected terms (and, under ``--glossary``, only the
        definitions read from those glossaries); ``None`` when no term is left."""
        if not self.filters_terms:
            return section
        terms = tuple(t for t in section.terms if self.term_ok(t))
        if not terms:
            return None
        definitions = tuple(d for d in section.definitions if self.glossary_ok(d.source))
        return section._replace(terms=terms, definitions=definitions)

    def concept(self, concept: Concept) -> Concept | None:
        """The concept with only the selected sections and terms; ``None`` when none is
        left."""
        sections = []
        for s in concept.languages:
            if not self.lang_ok(s.lang):
                continue
            kept = self.section(s)
            if kept is not None:
                sections.append(kept)
        if not sections:
            return None
        definitions = tuple(
            d
            for d in concept.definitions
            if (d.lang is None or self.lang_ok(d.lang)) and self.glossary_ok(d.source)
        )
        return concept._replace(languages=tuple(sections), definitions=definitions)

    def check(self, glossaries: Iterable[str], types: Iterable[str | None]) -> Selection:
        """The selection with each ``--glossary`` resolved to the loaded glossary it names
        (:func:`named_file`: the name, without its suffix, or a beginning no other has);
        refuses one that names none of the loaded ``glossaries`` (file names,
        ``curation.yaml`` among them) and a ``--type`` that is neither a TBX term type of
        :data:`~glossary_cli.model.TERM_TYPES` nor one of the data's ``types``: a misspelt
        filter would otherwise look like a filter that selects nothing.

        >>> Selection.of(glossary="001").check(["001_x.txt", "curation.yaml"], []).glossaries
        ('001_x.txt',)
        >>> try:
        ...     Selection.of(glossary="00l").check(["001_x.txt", "curation.yaml"], [])
        ... except UsageError as exc:
        ...     print(exc.message)
        --glossary '00l' names no loaded glossary

        Raises:
            UsageError: with the names or types that would do.
        """
        files = sorted({g for g in glossaries if g})
        resolved = []
        for g in self.glossaries:
            found = named_file(g, files, "--glossary")
            if found is None:
                raise UsageError(
                    f"--glossary {g!r} names no loaded glossary",
                    hint="use one of " + ", ".join(files) + " (`gloss sources` lists them)",
                )
            resolved.append(found)
        known = dict.fromkeys([*TERM_TYPES, *ABBREVIATION_TYPES, *(t for t in types if t)])
        for t in self.types:
            if t not in known:
                raise UsageError(
                    f"--type {t!r} is not a term type", hint="use one of " + ", ".join(known)
                )
        return self._replace(glossaries=tuple(resolved))

    @staticmethod
    def _names(wanted: str, file: str) -> bool:
        """Whether ``--glossary wanted`` names the glossary file ``file`` (suffix optional,
        letter case ignored)."""
        name = file.casefold()
        return wanted.casefold() in (name, name.rsplit(".", 1)[0])

    def glossary(self, glossary: Glossary) -> Glossary:
        """The glossary with only the selected concepts, sections and terms, and the sources
        of the selected languages and glossaries."""
        if not (self.langs or self.filters_terms):
            return glossary
        concepts = tuple(c for c in map(self.concept, glossary.concepts) if c is not None)
        sources = tuple(
            s for s in glossary.sources if self.lang_ok(s.lang) and self.glossary_ok(s.file)
        )
        return Glossary(sources=sources, concepts=concepts)

    def streamed(self, glossary: Glossary) -> Glossary:
        """As :meth:`glossary`, but the selection is applied as the concepts are read: the
        result's ``concepts`` is a :class:`Stream` over ``glossary.concepts`` (which may be
        a stream itself), holding one concept at a time."""
        if not (self.langs or self.filters_terms):
            return glossary
        concepts = glossary.concepts
        sources = tuple(
            s for s in glossary.sources if self.lang_ok(s.lang) and self.glossary_ok(s.file)
        )
        picked = Stream(lambda: (c for c in map(self.concept, concepts) if c is not None))
        return Glossary(sources=sources, concepts=picked.as_concepts())


class Stream:
    """Concepts read anew each time they are iterated (from the index, a file), so that a
    writer can go over a termbase of any size once or twice without holding it.

    Args:
        read: returns a fresh iterator over the concepts, in order.

    It stands where a glossary's ``concepts`` tuple does (:meth:`as_concepts`) for code that
    only iterates them (the streaming writers of :mod:`glossary_cli.formats`); it has no
    length and no indexing.
    """

    def __init__(self, read: Callable[[], Iterator[Concept]]) -> None:
        self._read = read

    def __iter__(self) -> Iterator[Concept]:
        return self._read()

    def as_concepts(self) -> tuple[Concept, ...]:
        """This stream, typed as what :class:`glossary_cli.model.Glossary` holds: only
        iteration may be used on it."""
        return cast("tuple[Concept, ...]", self)


def _items(value: str | None, option: str) -> tuple[str, ...]:
    if value is None:
        return ()
    items = tuple(dict.fromkeys(v.strip() for v in value.split(",") if v.strip()))
    if not items:
        raise UsageError(f"{option} names nothing", hint=f"give a value, or leave {option} out")
    return items
