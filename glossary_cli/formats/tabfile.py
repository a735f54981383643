r"""Tabfile: the tab-separated dictionary source that PyGlossary converts to StarDict (and so
to GoldenDict, KOReader and the phone apps that read StarDict), and to most other dictionary
formats: ``pyglossary glossary.tab glossary.ifo``.

One line per concept: its headwords separated by ``|`` — every exported term of every
language, the English headword first, then the forms running text writes them in (Bengali
case and number endings, Arabic proclitics and the article, English plurals:
:func:`glossary_cli.analysis.surface_forms`), each once — a tab, and the definition as HTML: a
``<div>`` per language (Arabic ``dir="rtl"``) with the language's terms, each with its type
and status, and its definitions, then the concept's notes and cross-references. The file
starts with PyGlossary's information lines, ``##name`` and ``##description``.

PyGlossary makes the first headword the entry's and the others its alternates (``|``
separates them: its Tabfile reader, issue #290), which the StarDict writer puts in the
synonym file, ``.syn``; sdcv, KOReader and GoldenDict look a word up there, so a reader who
selects ``প্রুনিংয়ের`` or ``والتقليم`` in a text finds the concept. sdcv reads only an
uncompressed ``.syn``: PyGlossary up to 5.1.0 compressed it (``.syn.dz``) with its default
``dictzip`` option, 5.1.1 and 5.2.0 only when asked to, and from 5.2.1 never unless
``dictzip_syn`` is set (its commit f26236cf, issue #694).

Escaping follows PyGlossary's Tabfile reader (``pyglossary/plugins/tabfile/reader.py``, with
``escapeNTB``/``unescapeNTB`` of ``pyglossary/text_utils.py``): a backslash is written ``\\``,
a tab ``\t``, a line feed ``\n`` (a carriage return is dropped), and in a headword a ``|``
``\|``, so that it is not taken for the separator of alternates. Every text is also escaped
as HTML (:func:`html.escape`), so that a term is never markup.
"""

from __future__ import annotations

import io
import itertools
from html import escape
from typing import BinaryIO

from glossary_cli.formats._markup import (
    DEFAULT_TITLE,
    concept_extras_html,
    exported_sections,
    headword,
    refuse_controls,
    section_html,
    texts,
)
from glossary_cli.formats._markup import left_out as left_out
from glossary_cli.model import Concept, Glossary


def escape_field(text: str, *, bar: bool = False) -> str:
    r"""``text`` as PyGlossary's Tabfile reader reads it back (its ``escapeNTB``): backslash,
    tab and line feed escaped, carriage returns dropped, and with ``bar`` the ``|`` that
    separates alternate headwords.

    >>> print(escape_field("a|b\tc\\d\r\ne", bar=True))
    a\|b\tc\\d\ne
    """
    text = text.replace("\\", "\\\\").replace("\t", "\\t").replace("\r", "").replace("\n", "\\n")
    return text.replace("|", "\\|") if bar else text


def headwords(concept: Concept, *, forms: bool = True) -> list[str]:
    """A concept's headwords: the English headword, then every other exported term of every
    language (English first), then, with ``forms``, the inflected and clitic forms of each
    term (:func:`glossary_cli.analysis.surface_forms`), each once."""
    from glossary_cli.analysis import surface_forms

    first = headword(concept)
    words = [first[0]] if first else []
    terms = [t.text for _, section in exported_sections(concept) for t in section]
    words += terms
    if forms:
        words += [form for term in terms for form in surface_forms(term)]
    return list(dict.fromkeys(words))


def definition(concept: Concept) -> str:
    """A concept's definition as one HTML fragment (see the module docstring)."""
    body = "".join(section_html(s, terms) for s, terms in exported_sections(concept))
    return body + concept_extras_html(concept)


def write(glossary: Glossary, *, title: str = DEFAULT_TITLE) -> bytes:
    """The bytes :func:`write_to` writes (the same arguments and errors)."""
    out = io.BytesIO()
    write_to(glossary, out, title=title)
    return out.getvalue()


def write_to(glossary: Glossary, out: BinaryIO, *, title: str = DEFAULT_TITLE) -> None:
    """Write ``glossary`` to ``out`` as a Tabfile (see the module docstring), a line at a
    time: the concepts are iterated twice, once for the information lines (how many concepts,
    in which languages) and the check of every text, once for the lines.

    Args:
        glossary: the concepts; one with no exported term is left out.
        out: a binary file; UTF-8 lines ending in ``\\n``, the same bytes for the same
            input. PyGlossary reads leading lines whose first headword starts with ``#`` as
            information, so a concept whose first headword starts with ``#`` is not written
            first: the first concept whose headword does not is written before it.
        title: the dictionary's name (``##name``).

    Raises:
        RecordError: a text holds a control character (before the first byte is written).
    """
    total = 0
    plain: int | None = None  # the first written concept whose first headword is not "#…"
    languages: dict[str, None] = {}
    for concept in glossary.concepts:
        words = headwords(concept, forms=False)
        if not words:
            continue
        refuse_controls(concept, texts(concept))
        if plain is None and not words[0].startswith("#"):
            plain = total
        total += 1
        languages.update((s.lang, None) for s, _ in exported_sections(concept))
    description = escape(f"{total} concepts in {', '.join(languages)}")
    info = f"##name\t{escape_field(title)}\n##description\t{escape_field(description)}\n"
    out.write(info.encode("utf-8"))
    lines = (line for line in map(_line, glossary.concepts) if line)
    if plain:  # written first, then the others in order
        out.write(next(itertools.islice(lines, plain, None)).encode("utf-8"))
        lines = (line for line in map(_line, glossary.concepts) if line)
    for k, line in enumerate(lines):
        if not plain or k != plain:
            out.write(line.encode("utf-8"))


def _line(concept: Concept) -> str:
    """A concept's line (``""`` for one with no exported term)."""
    words = headwords(concept)
    if not words:
        return ""
    head = "|".join(escape_field(w, bar=True) for w in words)
    return f"{head}\t{escape_field(definition(concept))}\n"
