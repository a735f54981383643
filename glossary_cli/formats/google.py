"""Google Cloud Translation glossaries (Advanced, v3), in the two layouts
https://cloud.google.com/translate/docs/advanced/glossary documents, for ``glossaries.create``
with a ``GlossaryInputConfig`` whose ``gcs_source`` is this file in Cloud Storage:

- ``google-glossary``, an *equivalent term sets* glossary: a CSV file whose header row names a
  language per column (BCP 47 codes: ``en,bn,ar``), then one row per concept, each cell the
  main term of its language (:func:`glossary_cli.formats._mt.main_term`), empty where the
  concept has none. Any language of a row translates into any other.
- ``google-pairs``, a *unidirectional* glossary: a CSV file of two columns, source term and
  target term, and no header ("The file must not contain headers. That is, the first row is
  data, not column names": ``GlossaryInputConfig`` in googleapis/python-translate). Every
  exported source term is a row, as for DeepL.

The file is UTF-8 CSV (the standard library's writer: RFC 4180 quoting, ``\\r\\n`` line
ends); a cell is never prefixed with an apostrophe as ``gloss export --format csv`` does for a
spreadsheet, since Cloud Translation would take the apostrophe as part of the term. A glossary
"must not exceed 10M Unicode codepoints" (the ``Glossary`` resource of the v3 API reference):
a larger one is refused. Google translates Bengali and Arabic, and takes glossaries for the
languages it translates (https://cloud.google.com/translate/docs/languages); gloss does not keep
that list of over 200 codes, so a language it lacks is refused by Google when the glossary is
created.
"""

from __future__ import annotations

import csv
import io

from glossary_cli.errors import NotFoundError, RecordError, UsageError
from glossary_cli.formats._mt import (
    Entry,
    main_term,
    pair_left_out,
    pairs,
    refuse_control,
    refuse_pair_of_one,
    require,
    section,
)
from glossary_cli.model import Glossary, is_english
from glossary_cli.tags import primary_tag

#: The most Unicode code points of a glossary (the ``Glossary`` resource's ``inputConfig``).
MAX_CODEPOINTS = 10_000_000


def _csv(rows: list[list[str]]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerows(rows)
    text = out.getvalue()
    if len(text) > MAX_CODEPOINTS:
        raise RecordError(
            f"the glossary is {len(text):,} characters, more than Google's 10 million",
            hint="export a part of it, with --glossary or --status",
        )
    return text.encode("utf-8")


def languages(glossary: Glossary) -> list[str]:
    """The languages of an equivalent term sets glossary: each primary language of the
    glossary's sections once, English first."""
    tags = dict.fromkeys(primary_tag(s.lang) for c in glossary.concepts for s in c.languages)
    return sorted(tags, key=lambda tag: not is_english(tag))


def term_sets(glossary: Glossary) -> tuple[list[str], list[list[str]], int, int]:
    """The header, the rows, how many concepts were left out for having a term in fewer than
    two languages, and how many synonyms (terms beyond each language's main one)."""
    header = languages(glossary)
    rows = []
    single = synonyms = 0
    for concept in glossary.concepts:
        row = []
        for lang in header:
            found = section(concept, lang)
            term = main_term(found)
            row.append(term.text if term is not None else "")
            if term is not None and found is not None:
                synonyms += sum(1 for t in found.terms if t.exported and t.text != term.text)
                refuse_control(Entry(term.text, "", concept.id), term.text)
        if sum(1 for cell in row if cell) < 2:
            single += 1
            continue
        rows.append(row)
    return header, rows, single, synonyms


def write(
    glossary: Glossary,
    *,
    kind: str = "sets",
    source: str | None = None,
    target: str | None = None,
) -> bytes:
    """Write ``glossary`` as a Cloud Translation glossary (see the module docstring).

    Args:
        kind: ``sets`` (equivalent term sets) or ``pairs`` (unidirectional, from ``source``
            to ``target``, both required).

    Raises:
        UsageError: ``pairs`` without ``source`` and ``target``, or both one language;
        NotFoundError: no row; RecordError: a term holds a control character, or the glossary
            is over 10 million characters.
    """
    if kind == "pairs":
        src = require("--source", source, "Google unidirectional")
        tgt = require("--target", target, "Google unidirectional")
        refuse_pair_of_one(src, tgt, "Google unidirectional")
        found = pairs(glossary, src, tgt)
        if not found.entries:
            raise NotFoundError(f"no concept has both a {src} term and a {tgt} term to pair")
        for entry in found.entries:
            refuse_control(entry, entry.source)
            refuse_control(entry, entry.target)
        return _csv([[e.source, e.target] for e in found.entries])
    if source is not None or target is not None:
        raise UsageError(
            "an equivalent term sets glossary has no source or target language",
            hint="leave out --source and --target (--lang chooses its languages), or use "
            "--format google-pairs",
        )
    header, rows, _, _ = term_sets(glossary)
    if len(header) < 2 or not rows:
        raise NotFoundError(
            "an equivalent term sets glossary needs concepts with terms in two languages",
            tuple(header),
        )
    return _csv([header, *rows])


def left_out(
    glossary: Glossary,
    *,
    kind: str = "sets",
    source: str | None = None,
    target: str | None = None,
) -> list[str]:
    """What the glossary leaves out."""
    if kind == "pairs":
        if source is None or target is None:
            return []
        return pair_left_out(pairs(glossary, source, target), source, target)
    _, _, single, synonyms = term_sets(glossary)
    out = []
    if single:
        out.append(
            f"{single} concept{'s have' if single > 1 else ' has'} a term that may be used in "
            "one language only and no row"
        )
    if synonyms:
        out.append(
            f"{synonyms} synonym{'s are' if synonyms > 1 else ' is'} left out: a row gives "
            "each language's main term"
        )
    out.append(
        "definitions, notes, statuses and term types are not written: a translation "
        "glossary holds terms only"
    )
    return out
