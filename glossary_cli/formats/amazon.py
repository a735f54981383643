"""An Amazon Translate custom terminology, CSV, as
https://docs.aws.amazon.com/translate/latest/dg/creating-custom-terminology.html shows it: a
header row of language codes, the source language first, then one row per source term with
its translation into each target language::

    en,bn,ar
    Pruning,নেটওয়ার্ক প্রুনিং,تقليم الشبكة

Import it with ``aws translate import-terminology --name gloss --merge-strategy OVERWRITE
--terminology-data Format=CSV,Directionality=UNI --data-file fileb://terminology.csv``. Every
exported term of the source language is a row (its synonyms and deprecated terms too), each
target cell the main term of its language, never a deprecated or superseded one; a cell of a
language the concept lacks is left empty.

The limits of https://docs.aws.amazon.com/translate/latest/dg/what-is-limits.html are checked:
UTF-8, at most 10 target languages, at most 200 bytes of source or target text per term, at
most 10 MB a file (also the ``TerminologyFile`` maximum of the API model in
boto/botocore ``botocore/data/translate/2017-07-01/service-2.json``). The languages are those
of https://docs.aws.amazon.com/translate/latest/dg/what-is-languages.html
(:data:`glossary_cli.formats._mt.AMAZON_LANGUAGES`; Bengali ``bn`` and Arabic ``ar`` are two).
"""

from __future__ import annotations

import csv
import io

from glossary_cli.errors import NotFoundError, RecordError, UsageError
from glossary_cli.formats._mt import (
    AMAZON_LANGUAGES,
    Entry,
    main_term,
    section,
    service_code,
    source_terms,
)
from glossary_cli.model import Glossary
from glossary_cli.tags import language_name, primary_tag

#: The most bytes of source or target text of one term (Amazon Translate's quotas).
MAX_TERM_BYTES = 200
#: The most target languages of one terminology file.
MAX_TARGETS = 10
#: The most bytes of a terminology file (10 MB; the API's ``TerminologyFile`` takes 10485760).
MAX_BYTES = 10_485_760


def languages(glossary: Glossary, source: str | None, target: str | None) -> list[str]:
    """Amazon's codes of the source language (``--source``, default ``en``) and of the
    targets: ``--target`` (one or several, comma-separated), else every other language of the
    glossary.

    Raises:
        UsageError: a language Amazon Translate does not list (the hint lists those it
            does), a target that is the source, or more than 10 targets.
    """
    src = service_code(source or "en", "Amazon Translate", AMAZON_LANGUAGES)
    if target:
        wanted = [t.strip() for t in target.split(",") if t.strip()]
    else:
        wanted = list(
            dict.fromkeys(
                s.lang
                for c in glossary.concepts
                for s in c.languages
                if primary_tag(s.lang) != primary_tag(src)
            )
        )
    targets = list(
        dict.fromkeys(service_code(t, "Amazon Translate", AMAZON_LANGUAGES) for t in wanted)
    )
    if src in targets:
        raise UsageError(
            f"the source language {src} is also a target", hint="leave it out of --target"
        )
    if len(targets) > MAX_TARGETS:
        raise UsageError(
            f"a custom terminology takes at most {MAX_TARGETS} target languages, and this one "
            f"would have {len(targets)}",
            hint="give --target or --lang",
        )
    return [src, *targets]


def rows(glossary: Glossary, header: list[str]) -> tuple[list[list[str]], int]:
    """The rows of a terminology, and how many concepts have a source term but no target
    term that may be used."""
    src, *targets = header
    out: list[list[str]] = []
    seen: set[str] = set()
    untranslated = 0
    for concept in glossary.concepts:
        source = section(concept, src)
        if source is None or not any(t.exported for t in source.terms):
            continue
        cells = []
        for lang in targets:
            term = main_term(section(concept, lang))
            cells.append(term.text if term is not None else "")
        if not any(cells):
            untranslated += 1
            continue
        for term in source_terms(source):
            if term.text in seen:
                continue
            seen.add(term.text)
            out.append([term.text, *cells])
            for text in (term.text, *cells):
                check(Entry(term.text, text, concept.id), text)
    return out, untranslated


def check(entry: Entry, text: str) -> None:
    """Refuse a text Amazon Translate would refuse: a control character or a line break,
    or more than 200 bytes.

    Raises:
        RecordError: naming the concept.
    """
    if any(ord(c) < 32 or 127 <= ord(c) <= 159 or c in "\u2028\u2029" for c in text):
        raise RecordError(
            f"concept {entry.concept!r}: {text[:40]!r} holds a control character or a line "
            "break, which a terminology's term cannot hold"
        )
    size = len(text.encode("utf-8"))
    if size > MAX_TERM_BYTES:
        raise RecordError(
            f"concept {entry.concept!r}: {text[:40]!r} is {size} UTF-8 bytes long, more than "
            f"the {MAX_TERM_BYTES} Amazon Translate takes of a term"
        )


def write(glossary: Glossary, *, source: str | None = None, target: str | None = None) -> bytes:
    """Write ``glossary`` as a custom terminology (see the module docstring).

    Returns:
        UTF-8 CSV, ``\\r\\n`` line ends, header first.

    Raises:
        UsageError: see :func:`languages`; NotFoundError: no row; RecordError: a term
            Amazon Translate would refuse, or a file over 10 MB.
    """
    header = languages(glossary, source, target)
    body, _ = rows(glossary, header)
    if len(header) < 2 or not body:
        raise NotFoundError(
            f"no concept has a {header[0]} term and a term in "
            + (", ".join(header[1:]) or "another language")
        )
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerows([header, *body])
    data = out.getvalue().encode("utf-8")
    if len(data) > MAX_BYTES:
        raise RecordError(
            f"the terminology is {len(data):,} bytes, more than Amazon Translate's 10 MB",
            hint="export a part of it, with --glossary or --status",
        )
    return data


def left_out(
    glossary: Glossary, *, source: str | None = None, target: str | None = None
) -> list[str]:
    """What the terminology leaves out."""
    try:
        header = languages(glossary, source, target)
    except UsageError:
        return []
    body, untranslated = rows(glossary, header)
    out = []
    if untranslated:
        out.append(
            f"{untranslated} concept{'s have' if untranslated > 1 else ' has'} no target term "
            "that may be used and no row"
        )
    synonyms = sum(
        1
        for c in glossary.concepts
        for lang in header[1:]
        for s in [section(c, lang)]
        if s is not None
        for t in s.terms
        if t.exported and (m := main_term(s)) is not None and t.text != m.text
    )
    if synonyms:
        out.append(
            f"{synonyms} target-language synonym{'s are' if synonyms > 1 else ' is'} left "
            f"out: a cell gives one term, the main one of its language"
        )
    empty = sum(1 for row in body for cell in row[1:] if not cell)
    if empty:
        names = ", ".join(language_name(lang) for lang in header[1:])
        out.append(f"{empty} cells are empty: concepts without a term in one of {names}")
    out.append(
        "definitions, notes, statuses and term types are not written: a terminology holds "
        "terms only"
    )
    return out
