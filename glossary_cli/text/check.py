"""Terminology QA of a translation against the glossary (``gloss check``).

Each segment pair is scanned (:mod:`glossary_cli.text.scan`): the source for the source
language's terms, the target for the target language's (and, for ``untranslated``, the source
language's). The issues, as terminology checkers (Xbench, Okapi CheckMate, translate-toolkit's
``pofilter`` terminology test) name them:

- ``missing``: a glossary term occurs in the source, and none of the concept's admitted target
  terms (any status but deprecated or superseded; in any inflected or clitic form) occurs in
  the target;
- ``deprecated``: the target uses a deprecated or superseded term (the term to use is said;
  the segment is not also ``missing``);
- ``inconsistent``: one source concept translated by different target terms across segments
  (reported at the segments whose term is not the one used most, then first); each segment
  may follow its own source: an abbreviation kept where the source has the abbreviation is one
  rendering with the full term;
- ``untranslated``: the source term left as it is in the target where the glossary has a
  target-language term — its own kind, so that a team which keeps English terms can turn it off
  (such a segment is not also ``missing``).

A concept without a term in the target language is no issue: the glossary says nothing there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from glossary_cli.model import AVOID
from glossary_cli.values import NamedTuple

#: The kinds of issue, in the order they are reported within a segment.
KINDS = ("missing", "deprecated", "inconsistent", "untranslated")


class Segment(NamedTuple):
    """One source segment and its translation.

    Attributes:
        id: the segment's id (a column's value, a PO entry's line, a line number).
        source: the source text.
        target: the target text.
        line: the line of the file where the target text is written (1-based: a PO entry's
            ``msgstr``, an XLIFF ``<target>``, a table's row, a line of a target text), for
            reports that point at it (SARIF); ``None`` when unknown.
        column: the code-point offset in that line where the target text (or its element,
            its quoted string) begins; ``None`` when unknown.
    """

    id: str
    source: str
    target: str
    line: int | None = None
    column: int | None = None


class CheckIssue(NamedTuple):
    """One departure of a translation from the glossary.

    Attributes:
        seg_id: the segment's id.
        kind: one of :data:`KINDS`.
        id: the concept's id.
        source: the source term as found in the source segment (for ``deprecated``, the
            concept's source-language term).
        expected: the target terms the glossary admits, ``" | "``-separated.
        found: what the target has instead: the deprecated term, the source term left as
            it is, the other translation; ``""`` for a missing term.
        line, column: where the segment's target is written (:class:`Segment`); not part of
            the rows ``gloss check --format json`` writes (:data:`ROW_FIELDS`).
    """

    seg_id: str
    kind: str
    id: str
    source: str
    expected: str
    found: str
    line: int | None = None
    column: int | None = None


#: The fields of an issue's row in ``gloss check``'s JSON, JSON Lines, CSV and TSV, in order.
ROW_FIELDS = ("seg_id", "kind", "id", "source", "expected", "found")


def check(
    segments: Iterable[Segment],
    scan: Callable[[str, Sequence[str]], Sequence[Any]],
    concept: Callable[[str], Any],
    source_lang: str,
    target_lang: str,
    kinds: Sequence[str] = KINDS,
) -> list[CheckIssue]:
    """The terminology issues of a translation (see the module docstring).

    Args:
        segments: the segment pairs, in order.
        scan: finds terms in a text, ``scan(text, langs) → occurrences``
            (:func:`glossary_cli.text.scan.scan` over the glossary's automaton).
        concept: the concept of an id (``None`` if none).
        source_lang, target_lang: BCP 47 tags of the two sides.
        kinds: which checks run.

    Returns:
        The issues, segment by segment (``inconsistent`` ones after the others).
    """
    issues: list[CheckIssue] = []
    # concept → target term → (segment, the source term as found there)
    used: dict[str, dict[str, list[tuple[Segment, str]]]] = {}
    # (concept, rendering) of an abbreviation where the source spells the term out
    departing: set[tuple[str, str]] = set()
    for seg in segments:
        if not seg.target.strip():
            continue  # not translated yet: no terminology to hold it to
        found_source = scan(seg.source, (source_lang,))
        found_target = scan(seg.target, (target_lang,)) if seg.target else ()
        target_ids = {o.id for o in found_target if o.status not in AVOID}
        left = {o.id: o.text for o in scan(seg.target, (source_lang,))} if seg.target else {}
        for occurrence in dict((o.id, o) for o in found_source).values():
            c = concept(occurrence.id)
            admitted = _admitted(c, target_lang)
            if not admitted:
                continue  # the glossary has no term in the target language
            if occurrence.id in target_ids:
                continue
            expected = " | ".join(admitted)
            if occurrence.id in left and target_lang.split("-")[0] != source_lang.split("-")[0]:
                if "untranslated" in kinds:
                    issues.append(
                        CheckIssue(
                            seg.id, "untranslated", occurrence.id, occurrence.text, expected,
                            left[occurrence.id], seg.line, seg.column,
                        )
                    )  # fmt: skip
                continue
            if any(o.id == occurrence.id for o in found_target):
                continue  # a deprecated term of it: reported as such, below
            if "missing" in kinds:
                issues.append(
                    CheckIssue(
                        seg.id,
                        "missing",
                        occurrence.id,
                        occurrence.text,
                        expected,
                        "",
                        seg.line,
                        seg.column,
                    )
                )
        for o in found_target:
            if o.status in AVOID:
                if "deprecated" in kinds:
                    c = concept(o.id)
                    section = c.section(o.lang) if c is not None else None
                    use = section.replacement if section is not None else None
                    source_section = c.section(source_lang) if c is not None else None
                    main = source_section.main if source_section is not None else None
                    issues.append(
                        CheckIssue(
                            seg.id, "deprecated", o.id, main.text if main is not None else "",
                            use.text if use is not None else "", o.text, seg.line, seg.column,
                        )
                    )  # fmt: skip
            elif o.id in {s.id for s in found_source}:
                src = next(s for s in found_source if s.id == o.id)
                said = src.text
                short = _abbreviated(concept(o.id), src)
                rendering = _rendering(concept(o.id), o, short)
                used.setdefault(o.id, {}).setdefault(rendering, []).append((seg, said))
                if not short and _abbreviated(concept(o.id), o):
                    departing.add((o.id, rendering))  # the abbreviation for a spelt-out term
    if "inconsistent" in kinds:
        for cid, by_term in used.items():
            if len(by_term) < 2:
                continue

            # the usual rendering: one that follows its source, the most used, then the first
            firsts = {t: (uses[0][0].id, uses[0][1]) for t, uses in by_term.items()}
            ranked = sorted(
                by_term, key=lambda t: ((cid, t) in departing, -len(by_term[t]), firsts[t])
            )
            usual = ranked[0]
            with_usual = {seg.id for seg, _ in by_term[usual]}
            for term in ranked[1:]:
                for seg, said in dict.fromkeys(by_term[term]):  # a segment says it once
                    if seg.id in with_usual:
                        continue  # both, side by side ("Mixture of Experts (MoE)"): consistent
                    issues.append(
                        CheckIssue(
                            seg.id, "inconsistent", cid, said, usual, term, seg.line, seg.column
                        )
                    )
    return issues


def _rendering(concept: Any, found: Any, source_short: bool) -> str:
    """The rendering a term found in a target stands for. Each segment may follow its own
    source: where the source has an abbreviation and the target the target language's
    abbreviation of the same concept (*LoRA* kept as LoRA), that is the concept's main term
    rendered as the source wrote it, one rendering with it; the abbreviation where the source
    spells the term out is a rendering of its own. An abbreviation is a TBX ``termType``
    abbreviation, acronym or short form (:attr:`glossary_cli.model.Term.is_abbreviation`)."""
    if source_short and _abbreviated(concept, found):
        section = concept.section(found.lang)
        if section is not None and section.main is not None:
            return str(section.main.text)
    return str(found.term)


def _abbreviated(concept: Any, found: Any) -> bool:
    """Whether an occurrence is of an abbreviation of the concept."""
    if found.field == "abbr" or found.kind == "abbreviation":
        return True
    section = concept.section(found.lang) if concept is not None else None
    term = next((t for t in section.terms if t.text == found.term), None) if section else None
    return term is not None and term.is_abbreviation


def _admitted(concept: Any, lang: str) -> list[str]:
    """The terms of ``concept`` in ``lang`` a translation may use: every own term whose status
    is not deprecated or superseded."""
    if concept is None:
        return []
    section = concept.section(lang)
    if section is None:
        return []
    return [t.text for t in section.terms if t.role is None and t.status not in AVOID]


def two_files(source: str, target: str) -> list[Segment]:
    """Segments of two line-aligned texts: line ``n`` of one is translated by line ``n`` of the
    other; ids are line numbers. Blank source lines are left out.

    Raises:
        ValueError: the texts have different numbers of lines.
    """
    a, b = source.splitlines(), target.splitlines()
    if len(a) != len(b):
        raise ValueError(f"{len(a)} source lines but {len(b)} target lines")
    return [
        Segment(str(n), s, t, n, 0)
        for n, (s, t) in enumerate(zip(a, b, strict=True), 1)
        if s.strip()
    ]


#: Header names of a table's segment id column.
ID_COLUMNS = ("id", "seg_id", "segment", "segment_id", "key", "#")


def table_segments(
    text: str,
    source_lang: str | None,
    target_lang: str | None,
    *,
    delimiter: str = ",",
    columns: dict[str, str] | None = None,
) -> tuple[list[Segment], str, str]:
    """Segments of a bilingual table: a header naming a segment id column (:data:`ID_COLUMNS`,
    optional: rows are numbered otherwise) and language columns by tag; the source and target
    columns are the languages given, else the table's first two language columns.
    ``columns`` (``--columns id=segment,en=english,bn=bangla``) names the columns instead:
    ``id`` the segment id's, a language tag that language's.

    Returns:
        The segments, and the source and target language tags.

    Raises:
        ValueError: no header, or not two language columns to read (the message says which
            columns there are).
    """
    import csv

    from glossary_cli.tags import canonical_tag, is_language_tag

    lines = text.splitlines()
    reader = csv.reader(lines, delimiter=delimiter)
    rows, starts = [], []  # each row's first line (a quoted cell may hold line breaks)
    try:
        while True:
            first = reader.line_num + 1
            try:
                rows.append(next(reader))
            except StopIteration:
                break
            starts.append(first)
    except csv.Error as exc:  # a cell past the csv module's limit (128 KiB)
        raise ValueError(f"the table cannot be read: {exc}") from None
    if not rows:
        raise ValueError("the table is empty")
    header = [h.strip() for h in rows[0]]
    folded = [h.casefold() for h in header]
    if columns:
        named = {}
        for what, wanted in columns.items():
            if wanted.casefold() not in folded:
                raise ValueError(f"no column {wanted!r} (the columns are {', '.join(header)})")
            named[what] = folded.index(wanted.casefold())
        ids = named.pop("id", None)
        for what in named:
            if not is_language_tag(what):
                raise ValueError(f"{what!r} is neither id nor a language tag")
        langs = {canonical_tag(what): i for what, i in named.items()}
    else:
        ids = next((i for i, h in enumerate(folded) if h in ID_COLUMNS), None)
        langs = {
            canonical_tag(h): i for i, h in enumerate(header) if i != ids and is_language_tag(h)
        }

    def column(tag: str | None, nth: int) -> tuple[str, int]:
        if tag is not None:
            wanted = canonical_tag(tag)
            for found, i in langs.items():
                if found == wanted or found.split("-")[0] == wanted:
                    return found, i
            raise ValueError(f"no {tag} column (the columns are {', '.join(header)})")
        others = list(langs.items())
        if len(others) <= nth:
            raise ValueError(
                "a bilingual table needs two language columns named by tag (en, bn…); "
                f"the columns are {', '.join(header)}"
            )
        return others[nth]

    source, si = column(source_lang, 0)
    if target_lang is None:
        rest = [(t, i) for t, i in langs.items() if i != si]
        if not rest:
            raise ValueError(f"no target column (the columns are {', '.join(header)})")
        target, ti = rest[0]
    else:
        target, ti = column(target_lang, 1)
    segments = []
    for n, row in enumerate(rows[1:], 2):
        cells = row + [""] * (len(header) - len(row))
        if not cells[si].strip():
            continue
        seg_id = cells[ids].strip() if ids is not None and cells[ids].strip() else str(n)
        line = starts[n - 1]
        start = _cell_start(lines[line - 1], row, ti, delimiter)
        segments.append(Segment(seg_id, cells[si], cells[ti], line, start))
    return segments, source, target


def _cell_start(line: str, row: list[str], nth: int, delimiter: str) -> int | None:
    """Where the ``nth`` cell of a row begins in its line, when the line writes the cells as
    they are (no quotes); ``None`` otherwise.

    >>> _cell_start("s1,a model,মডেল", ["s1", "a model", "মডেল"], 2, ",")
    11
    >>> _cell_start('s1,"a, model",x', ["s1", "a, model", "x"], 2, ",") is None
    True
    """
    if nth >= len(row) or delimiter.join(row) != line:
        return None
    return sum(len(cell) + 1 for cell in row[:nth])
