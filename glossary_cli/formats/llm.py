"""A terminology for a large language model's prompt: the term to use for each concept in each
language, and the terms never to use, as a Markdown table (``llm-prompt``) or JSON
(``llm-json``), to paste into a system prompt or to send with a translation or writing request.

Markdown (a header, one line of instructions, then one table)::

    | English | Bengali | Arabic | Do not use |
    | --- | --- | --- | --- |
    | Pruning | নেটওয়ার্ক প্রুনিং | تقليم الشبكة | |

Each language's cell is its main term (:func:`glossary_cli.formats._mt.main_term`: the
preferred term, else the first that is neither deprecated nor superseded, nor an abbreviation),
never one to avoid; "Do not use" lists every deprecated or superseded term of the concept, in
every language, each with its language and status. With ``definitions`` a column gives the
concept's definition (its English one, else the first language's), cut at
:data:`MAX_DEFINITION` characters on a word boundary, so that the prompt stays short. A ``|`` in
a term is escaped (``\\|``) and line breaks become spaces, as GitHub Flavored Markdown's tables
take them (https://github.github.com/gfm/#tables-extension-).

JSON (``ensure_ascii=False``, keys in this order)::

    {"instructions": "…", "languages": ["en", "bn", "ar"],
     "concepts": [{"id": "pruning", "use": {"en": "Pruning", "bn": "…", "ar": "…"},
                   "do_not_use": [{"lang": "bn", "term": "…", "status": "deprecated"}],
                   "definition": {"lang": "en", "text": "…"}}]}

``definition`` is present only with ``definitions``.
"""

from __future__ import annotations

import json

from glossary_cli.formats._mt import main_term, section
from glossary_cli.model import Concept, Definition, Glossary, is_english
from glossary_cli.tags import language_name

#: The most characters of a definition in a prompt.
MAX_DEFINITION = 200
#: What the model is told.
INSTRUCTIONS = (
    "Use these terms. For each concept, use the term given for the language you write in; "
    'never use a term listed under "Do not use".'
)


def languages(glossary: Glossary) -> list[str]:
    """The languages of the table: every section's tag once, English first."""
    tags = dict.fromkeys(s.lang for c in glossary.concepts for s in c.languages)
    return sorted(tags, key=lambda tag: not is_english(tag))


def shorten(text: str, limit: int = MAX_DEFINITION) -> str:
    """``text`` cut to at most ``limit`` characters, on a space when there is one, with an
    ellipsis.

    >>> shorten("a model that learns to denoise", 20)
    'a model that…'
    >>> shorten("short", 20)
    'short'
    """
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    if space > limit // 2:
        cut = cut[:space]
    return cut.rstrip(" ,;:") + "…"


def definition(concept: Concept) -> Definition | None:
    """The definition a prompt gives: the English one, else the first of any language (a
    concept's own first)."""
    found = list(concept.definitions)
    for s in concept.languages:
        found += [d._replace(lang=s.lang) for d in s.all_definitions()]
    english = next((d for d in found if d.lang is not None and is_english(d.lang)), None)
    return english or (found[0] if found else None)


def avoid(concept: Concept) -> list[tuple[str, str, str]]:
    """The concept's terms never to use: ``(lang, term, status)`` each."""
    return [
        (s.lang, t.text, t.status or "deprecated")
        for s in concept.languages
        for t in s.terms
        if t.exported and t.avoid
    ]


def rows(glossary: Glossary, langs: list[str]) -> list[tuple[Concept, dict[str, str]]]:
    """Each concept that has a term to use, with that term per language."""
    out = []
    for concept in glossary.concepts:
        use = {}
        for lang in langs:
            term = main_term(section(concept, lang))
            if term is not None:
                use[lang] = term.text
        if use or avoid(concept):
            out.append((concept, use))
    return out


def cell(text: str) -> str:
    r"""A text as one cell of a GFM table: line breaks as spaces, ``|`` escaped.

    >>> cell("a|b\nc")
    'a\\|b c'
    """
    return " ".join(text.replace("\\", "\\\\").replace("|", "\\|").split())


def markdown(glossary: Glossary, *, definitions: bool = False, title: str) -> bytes:
    """The Markdown prompt (see the module docstring)."""
    langs = languages(glossary)
    head = [language_name(lang) for lang in langs] + ["Do not use"]
    if definitions:
        head.append("Definition")
    lines = [f"# Terminology: {cell(title)}", "", INSTRUCTIONS, ""]
    lines.append("| " + " | ".join(head) + " |")
    lines.append("|" + " --- |" * len(head))
    for concept, use in rows(glossary, langs):
        cells = [cell(use.get(lang, "")) for lang in langs]
        cells.append(
            cell("; ".join(f"{term} ({lang}, {status})" for lang, term, status in avoid(concept)))
        )
        if definitions:
            found = definition(concept)
            cells.append(cell(shorten(found.text)) if found is not None else "")
        lines.append("| " + " | ".join(cells) + " |")
    return ("\n".join(lines) + "\n").encode("utf-8")


def as_json(glossary: Glossary, *, definitions: bool = False) -> bytes:
    """The JSON prompt (see the module docstring)."""
    langs = languages(glossary)
    concepts = []
    for concept, use in rows(glossary, langs):
        item: dict[str, object] = {
            "id": concept.id,
            "use": use,
            "do_not_use": [
                {"lang": lang, "term": term, "status": status}
                for lang, term, status in avoid(concept)
            ],
        }
        if definitions:
            found = definition(concept)
            item["definition"] = (
                {"lang": found.lang, "text": shorten(found.text)} if found is not None else None
            )
        concepts.append(item)
    document = {"instructions": INSTRUCTIONS, "languages": langs, "concepts": concepts}
    return (json.dumps(document, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def write(
    glossary: Glossary, *, style: str = "markdown", definitions: bool = False, title: str = ""
) -> bytes:
    """Write the prompt terminology of ``glossary``.

    Args:
        style: ``markdown`` or ``json``.
        definitions: add each concept's definition, cut at :data:`MAX_DEFINITION` characters.
        title: the Markdown heading's name (default the glossary title of the HTML exports).

    Returns:
        UTF-8 text.
    """
    if style == "json":
        return as_json(glossary, definitions=definitions)
    from glossary_cli.formats._markup import DEFAULT_TITLE

    return markdown(glossary, definitions=definitions, title=title or DEFAULT_TITLE)


def left_out(
    glossary: Glossary, *, style: str = "markdown", definitions: bool = False, title: str = ""
) -> list[str]:
    """What the prompt leaves out: synonyms (each language gives one term), definitions
    (without ``definitions``) or their ends (cut), notes and the data categories."""
    langs = languages(glossary)
    synonyms = cut = 0
    for concept in glossary.concepts:
        for lang in langs:
            s = section(concept, lang)
            term = main_term(s)
            if s is not None and term is not None:
                synonyms += sum(
                    1 for t in s.terms if t.exported and not t.avoid and t.text != term.text
                )
        found = definition(concept)
        if definitions and found is not None and len(found.text) > MAX_DEFINITION:
            cut += 1
    out = []
    if synonyms:
        out.append(
            f"{synonyms} synonym{'s are' if synonyms > 1 else ' is'} left out: the prompt "
            "gives one term per language, the one to use"
        )
    if not definitions:
        out.append("definitions are left out: add them with --definitions")
    elif cut:
        out.append(
            f"{cut} definition{'s are' if cut > 1 else ' is'} cut at {MAX_DEFINITION} "
            "characters, to keep the prompt short"
        )
    out.append("notes, sources and term types are not written")
    return out
