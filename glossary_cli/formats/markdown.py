"""Markdown glossaries, parsed with markdown-it-py (CommonMark, with GitHub's tables).

Two shapes are read; anything else is refused, naming what gloss reads, rather than taken
for a glossary:

* **a table whose header names the languages** (``| English | Arabic | Notes |``): by
  BCP 47 tag (``en``, ``ar``, ``bn``) or by English name (English, Arabic, Bengali or Bangla,
  French, German, Hindi, Urdu, Persian or Farsi, Spanish…); one concept per row. A column
  named ``definition``, ``description``, ``meaning``, ``notes``, ``note`` or ``comment`` holds
  the definition (or note) of the language its text is written in (Arabic script: the table's
  Arabic-script language; Bengali: Bengali; else English).
* **a heading per term**: the most common heading level below the title, its headings short
  and each followed by a paragraph: the heading is the term, with its English equivalent in
  parentheses (``ক্লাস্টার (Cluster)``, ``ক্লাস্টার(Cluster)``) or after a dash, the
  paragraphs below it up to the next heading its definition. The term's language is its
  script's (Bengali, Arabic, Devanagari; Latin: English). Letter-section headings (``## A``,
  ``## অ``) are skipped. So that a README is not read as a glossary, the document must say it
  is one: its title names a glossary (glossary, terminology, terms, مسرد, مصطلحات, গ্লসারি,
  পরিভাষা, शब्दावली…), or it has letter sections, or most of its term headings give an
  English equivalent.

* **a definition list** (PHP Markdown Extra's and Pandoc's syntax, read with
  mdit-py-plugins' ``deflist``): a line that is the term, split as a heading is, then one or
  more lines ``: definition`` — each a definition of the term. Read when the document says
  it is a glossary as above, or when its terms give English equivalents, or when definition
  lists are most of it.

Definitions keep the text of a paragraph (code spans too): code blocks, HTML and MDX tags,
template shortcodes and the targets of links are dropped (a link's text stays). A file that
begins with YAML front matter (``---``) is one file of a term folder, which this reader does
not take: it is refused so.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from glossary_cli.errors import ParseError
from glossary_cli.formats._common import (
    DEFINITION_COLUMNS,
    LANGUAGE_NAMES,
    NOTE_COLUMNS,
    clean,
    decode,
    digest,
    glossary_of,
    script_lang,
    with_ids,
)
from glossary_cli.model import Concept, Definition, Glossary, LangSection, Term

#: Words in a title that say the document is a glossary.
_GLOSSARY_TITLE = re.compile(
    r"glossar|terminolog|\bterms\b|lexicon|dictionary|vocabulary|مسرد|مصطلحات|قاموس|معجم|"
    r"গ্লসারি|পরিভাষা|শব্দকোষ|শব্দকোষ|অভিধান|शब्दावली|शब्दकोश",
    re.IGNORECASE,
)
_HEAD_SPLIT = re.compile(
    r"^(?P<term>.+?)\s*\((?P<en>[^()]+)\)\s*$|^(?P<t2>.+?)\s+[—–-]\s+(?P<e2>.+)$"
)


def read(data: bytes, name: str) -> Glossary:
    """Read a Markdown glossary (see the module docstring).

    Raises:
        ParseError: front matter, or no glossary table and no glossary of headings, with
            what gloss reads instead; a table row with more cells than its header.
    """
    from markdown_it import MarkdownIt
    from mdit_py_plugins.deflist import deflist_plugin

    from glossary_cli.formats import refuse_binary, refuse_long_lines

    refuse_binary(name, data)
    refuse_long_lines(name, data)
    text = decode(data, name).lstrip("\ufeff")
    front = text.startswith(("---\n", "---\r\n"))
    if front:
        text = _without_front_matter(text)
    tokens = MarkdownIt("commonmark").enable("table").use(deflist_plugin).parse(text)
    concepts = _from_tables(tokens, name)
    if not concepts:
        concepts = _from_headings(tokens, name)
    if not concepts:
        concepts = _from_definition_list(tokens, name)
    if not concepts and front:
        raise ParseError(
            "line 1 is YAML front matter and no glossary follows it: this is one term file of "
            "a term folder, not a Markdown glossary",
            path=name,
            line=1,
            hint="give the folder (gloss add FOLDER), or --format folder with the folder",
        )
    if not concepts:
        raise ParseError(
            "no glossary found in this Markdown file",
            path=name,
            hint="gloss reads Markdown with a table whose header names the languages "
            "(| English | Arabic |), a heading per term with its definition below, or a "
            "definition list (Term / : definition), under a title that says it is a "
            "glossary; other formats: tbx, csv, tsv, po, jsonl, yaml, xlsx",
        )
    return glossary_of(with_ids(concepts, name), name, name, digest(data))


def _without_front_matter(text: str) -> str:
    """``text`` with its YAML front matter (a site generator's page settings: Docusaurus,
    Hugo, Jekyll) blanked out, line for line, so that lines keep their numbers; unchanged if
    the front matter is not closed (``---`` or ``...``) within its first 200 lines."""
    lines = text.split("\n")
    for end in range(1, min(len(lines), 200)):
        if lines[end].rstrip("\r") in ("---", "..."):
            return "\n" * (end + 1) + "\n".join(lines[end + 1 :])
    return text


def _inline_text(token: Any) -> str:
    """The text of an inline token: its words and code spans, links' text kept (not their
    targets), HTML tags dropped."""
    parts = []
    for child in token.children or []:
        if child.type in ("text", "code_inline"):
            parts.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            parts.append(" ")
    return clean("".join(parts))


#: A template shortcode (``{{< note >}}``, ``{{% x %}}``). No part crosses a brace, so each
#: match ends before the next shortcode begins: linear time, however many are unclosed.
SHORTCODE = re.compile(r"\{\{[<%][^{}]*[>%]\}\}")


def _prose(token: Any) -> str:
    """A paragraph's text for a definition: :func:`_inline_text` without template
    shortcodes."""
    return SHORTCODE.sub("", _inline_text(token)).strip()


def _from_tables(tokens: Sequence[Any], name: str) -> list[tuple[Concept, int]]:
    out: list[tuple[Concept, int]] = []
    i = 0
    while i < len(tokens):
        if tokens[i].type != "table_open":
            i += 1
            continue
        rows: list[tuple[int, list[str]]] = []
        row: list[str] = []
        line = 0
        j = i + 1
        while tokens[j].type != "table_close":
            t = tokens[j]
            if t.type == "tr_open":
                row, line = [], (t.map[0] + 1 if t.map else 0)
            elif t.type == "inline":
                row.append(_inline_text(t))
            elif t.type == "tr_close":
                rows.append((line, row))
            j += 1
        out += _table_concepts(rows, name)
        i = j + 1
    return out


def _table_concepts(rows: list[tuple[int, list[str]]], name: str) -> list[tuple[Concept, int]]:
    if not rows:
        return []
    header = [h.casefold().strip(" *_") for h in rows[0][1]]
    langs = [LANGUAGE_NAMES.get(h) for h in header]
    if sum(1 for lang in langs if lang) < 2:
        return []  # a table of something else
    term_langs = [lang for lang in langs if lang]
    out = []
    for line, cells in rows[1:]:
        where = f"{name}:{line}"
        terms: dict[str, list[Term]] = {}
        definitions: list[Definition] = []
        notes: list[str] = []
        for column, cell in zip(header, cells, strict=False):
            value = clean(cell)
            if not value:
                continue
            lang = LANGUAGE_NAMES.get(column)
            if lang:
                for part in dict.fromkeys(p.strip() for p in re.split(r"\s*[/،,;]\s*", value)):
                    if any(c.isalnum() for c in part):
                        terms.setdefault(lang, []).append(Term(part, source=where))
            elif column in DEFINITION_COLUMNS:
                definitions.append(Definition(value, where, lang=script_lang(value, term_langs)))
            elif column in NOTE_COLUMNS:
                notes.append(value)
        if not terms:
            continue
        sections = tuple(
            LangSection(
                lang,
                tuple(ts),
                tuple(d for d in definitions if d.lang == lang),
            )
            for lang, ts in terms.items()
        )
        orphans = tuple(d for d in definitions if d.lang not in terms)
        out.append(
            (
                Concept(
                    id="",
                    languages=sections,
                    definitions=orphans,
                    notes=tuple(notes),
                    provenance=(where,),
                ),
                line,
            )
        )
    return out


def _is_letter_heading(text: str) -> bool:
    """``A``, ``অ``, ``أ``, ``A–Z`` or ``0-9``: a section of an alphabetical glossary.

    >>> [_is_letter_heading(t) for t in ("A", "A–Z", "অ", "CNN", "LoRA")]
    [True, True, True, False, False]
    """
    compact = re.sub(r"\s", "", text)
    if len(compact) == 1 or re.fullmatch(r"\w[-–—]\w", compact):
        return True
    return not compact.isascii() and len(compact) <= 2


def _from_headings(tokens: Sequence[Any], name: str) -> list[tuple[Concept, int]]:
    headings = []  # (index of heading_open, level, text, line)
    for k, t in enumerate(tokens):
        if t.type == "heading_open":
            line = t.map[0] + 1 if t.map else 0
            headings.append((k, int(t.tag[1]), _inline_text(tokens[k + 1]), line))
    if not headings:
        return []
    title = headings[0][2] if headings[0][1] == 1 else ""
    letters = [h for h in headings if _is_letter_heading(h[2])]
    levels = [h[1] for h in headings if h[1] > 1 and not _is_letter_heading(h[2])]
    if not levels:
        return []
    level = max(set(levels), key=levels.count)
    entries = []
    for n, (k, lvl, text, line) in enumerate(headings):
        if lvl != level or _is_letter_heading(text) or len(text.split()) > 10:
            continue
        if not any(c.isalnum() for c in text):
            continue  # an empty heading, or one of marks only, names no term
        end = headings[n + 1][0] if n + 1 < len(headings) else len(tokens)
        paragraphs = [
            _prose(tokens[m + 1])
            for m in range(k + 3, end)
            if tokens[m].type == "paragraph_open" and tokens[m].level == 0
        ]
        definition = " ".join(p for p in paragraphs if p)
        if definition:
            entries.append((text, definition, line))
    if len(entries) < 2:
        return []
    with_english = sum(1 for text, _, _ in entries if _split_head(text)[1])
    says_glossary = bool(_GLOSSARY_TITLE.search(title)) or bool(letters)
    if not says_glossary and with_english * 2 < len(entries):
        return []  # a document with sections, not a glossary
    sections = sum(1 for text, _, _ in entries if text.strip().casefold() in _DOCUMENT_SECTIONS)
    if not with_english and sections * 2 >= len(entries):
        return []  # a README (of a glossary tool, say): Installation, Usage, License
    return [_term_concept(text, (definition,), line, name) for text, definition, line in entries
            if any(c.isalnum() for c in _split_head(text)[0])]  # fmt: skip


#: A heading's attributes (``{#loss}``, ``{.class}``: Pandoc, kramdown, Docusaurus anchors).
_ATTRIBUTES = re.compile(r"\s*\{[#.][^{}]*\}\s*$")


#: The headings of a document's sections (a README, a manual), which are no glossary's terms.
_DOCUMENT_SECTIONS = frozenset({
    "about", "acknowledgements", "acknowledgments", "api", "authors", "build", "building",
    "changelog", "changes", "configuration", "contact", "contents", "contributing",
    "contributors", "credits", "description", "development", "documentation", "example",
    "examples", "faq", "features", "getting started", "help", "history", "install",
    "installation", "introduction", "license", "licence", "notes", "overview", "quick start",
    "quickstart", "references", "requirements", "roadmap", "see also", "setup", "summary",
    "support", "table of contents", "testing", "tests", "todo", "troubleshooting", "usage",
})  # fmt: skip


def _split_head(text: str) -> tuple[str, str]:
    """A heading's (or a definition list term's) term and English equivalent, given in
    parentheses — which may hold parentheses of their own, ``(Convolutional Neural Network
    (CNN))`` — or after a dash; ``""`` when it gives none. Heading attributes are dropped.

    >>> _split_head("কনভোলিউশনাল নিউরাল নেটওয়ার্ক (Convolutional Neural Network (CNN))")
    ('কনভোলিউশনাল নিউরাল নেটওয়ার্ক', 'Convolutional Neural Network (CNN)')
    >>> _split_head("লস ফাংশন (Loss function) {#loss}")
    ('লস ফাংশন', 'Loss function')
    """
    text = _ATTRIBUTES.sub("", text)
    if text.endswith(")"):
        depth = 0
        for i in range(len(text) - 1, -1, -1):
            depth += {")": 1, "(": -1}.get(text[i], 0)
            if depth == 0:
                term, english = text[:i].rstrip(), text[i + 1 : -1].strip()
                if term and english:
                    return term, english
                break
    found = _HEAD_SPLIT.match(text)
    if not found:
        return text, ""
    term = found.group("term") or found.group("t2") or text
    return term, found.group("en") or found.group("e2") or ""


def _term_concept(
    text: str, definitions: Sequence[str], line: int, name: str
) -> tuple[Concept, int]:
    """The concept of one heading or definition list term, with its definitions."""
    where = f"{name}:{line}"
    term, english = _split_head(text)
    lang = script_lang(term)
    sections = [LangSection(lang, (Term(clean(term), source=where),), tuple(
        Definition(d, where, lang=lang) for d in definitions if d))]  # fmt: skip
    if english and lang != "en" and script_lang(english) == "en":
        sections.append(LangSection("en", (Term(clean(english), source=where),)))
    return Concept(id="", languages=tuple(sections), provenance=(where,)), line


def _from_definition_list(tokens: Sequence[Any], name: str) -> list[tuple[Concept, int]]:
    """The terms of the document's definition lists (``dt``), each with its definitions
    (``dd``: the text of its paragraphs), when the document is a glossary (see the module
    docstring)."""
    items: list[tuple[str, list[str], int]] = []
    blocks = lists = 0
    depth = 0
    for k, t in enumerate(tokens):
        if t.level == 0 and t.nesting == 1:
            blocks += 1
            lists += t.type == "dl_open"
        if t.type == "dt_open":
            items.append((_inline_text(tokens[k + 1]), [], t.map[0] + 1 if t.map else 0))
        elif t.type == "dd_open":
            depth = t.level
            if items:
                items[-1][1].append("")
        elif t.type == "paragraph_open" and items and items[-1][1] and t.level == depth + 1:
            text = _prose(tokens[k + 1])
            items[-1][1][-1] = f"{items[-1][1][-1]} {text}".strip()
    entries = [
        (text, [d for d in defs if d], line)
        for text, defs, line in items
        if any(c.isalnum() for c in text) and len(text.split()) <= 10 and any(defs)
    ]
    if len(entries) < 2:
        return []
    headings = [k for k, t in enumerate(tokens) if t.type == "heading_open"]
    title = _inline_text(tokens[headings[0] + 1]) if headings else ""
    with_english = sum(1 for text, _, _ in entries if _split_head(text)[1])
    if not (
        _GLOSSARY_TITLE.search(title) or with_english * 2 >= len(entries) or lists * 2 >= blocks
    ):
        return []  # a document that uses a definition list, not a glossary
    return [_term_concept(text, defs, line, name) for text, defs, line in entries]
