r"""Tabfile: the tab-separated dictionary source that PyGlossary converts to StarDict (and so
to GoldenDict, KOReader and the phone apps that read StarDict), and to most other dictionary
formats: ``pyglossary glossary.tab glossary.ifo``.

One line per concept: its headwords separated by ``|`` — every exported term of every
language, the English headword first, each once — a tab, and the definition as HTML: a
``<div>`` per language (Arabic ``dir="rtl"``) with the language's terms, each with its type
and status, and its definitions, then the concept's notes and cross-references. The file
starts with PyGlossary's information lines, ``##name`` and ``##description``.

Escaping follows PyGlossary's Tabfile reader (``pyglossary/plugins/tabfile/reader.py``, with
``escapeNTB``/``unescapeNTB`` of ``pyglossary/text_utils.py``): a backslash is written ``\\``,
a tab ``\t``, a line feed ``\n`` (a carriage return is dropped), and in a headword a ``|``
``\|``, so that it is not taken for the separator of alternates. Every text is also escaped
as HTML (:func:`html.escape`), so that a term is never markup.
"""

from __future__ import annotations

from html import escape

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


def headwords(concept: Concept) -> list[str]:
    """A concept's headwords: the English headword, then every other exported term of every
    language (English first), each once."""
    first = headword(concept)
    words = [first[0]] if first else []
    for _, terms in exported_sections(concept):
        words += [t.text for t in terms]
    return list(dict.fromkeys(words))


def definition(concept: Concept) -> str:
    """A concept's definition as one HTML fragment (see the module docstring)."""
    body = "".join(section_html(s, terms) for s, terms in exported_sections(concept))
    return body + concept_extras_html(concept)


def write(glossary: Glossary, *, title: str = DEFAULT_TITLE) -> bytes:
    """Write ``glossary`` as a Tabfile (see the module docstring).

    Args:
        glossary: the concepts; one with no exported term is left out.
        title: the dictionary's name (``##name``).

    Returns:
        UTF-8 lines ending in ``\\n``, the same bytes for the same input. PyGlossary reads
        leading lines whose first headword starts with ``#`` as information, so a concept
        whose first headword starts with ``#`` is not written first.

    Raises:
        RecordError: a text holds a control character.
    """
    lines = []
    for concept in glossary.concepts:
        words = headwords(concept)
        if not words:
            continue
        refuse_controls(concept, texts(concept))
        head = "|".join(escape_field(w, bar=True) for w in words)
        lines.append((words[0], f"{head}\t{escape_field(definition(concept))}\n"))
    plain = next((k for k, (first, _) in enumerate(lines) if not first.startswith("#")), 0)
    if plain:
        lines.insert(0, lines.pop(plain))
    languages = ", ".join(
        dict.fromkeys(s.lang for c in glossary.concepts for s, _ in exported_sections(c))
    )
    info = [
        f"##name\t{escape_field(title)}\n",
        f"##description\t{escape_field(escape(f'{len(lines)} concepts in {languages}'))}\n",
    ]
    return "".join(info + [line for _, line in lines]).encode("utf-8")
