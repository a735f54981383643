"""Markdown glossaries, parsed with markdown-it-py (CommonMark, with GitHub's tables).

Four shapes are read; a document that is none is refused, naming what gloss reads, rather
than taken for a glossary:

* **tables**: every table of the document is read as CSV's tables are
  (:func:`glossary_cli.formats.table.read_table`: a header of language names or tags in any
  spelling, ``English | العربية (AR) | Context | Notes``, ``المصطلح الإنجليزي | المقابل
  العربي``, ``English | Localized | Notes`` — a column of terms whose language the script of
  its cells tells — one concept per row). A table of one language is read when the document
  says it is a glossary (below); a table with no column of terms is left out, and said with
  its line and header. Tables as kramdown and Pandoc write them are read too: without the
  outer pipes, or with a delimiter row of fewer cells than the header.
* **a heading per term**: the most common heading level below the title, its headings short
  and each followed by a paragraph: the heading gives the term and its equivalents
  (:func:`glossary_cli.termtext.names_in`: ``ক্লাস্টার (Cluster)``, ``কন্টেইনার - Container``,
  ``معالجة اللغة الطبيعية Natural language processing (NLP)``, ``(ইভেন্ট) Event``), each in
  the language its script says; the paragraphs below it up to the next heading are its
  definitions, each of the language its own script says. Letter-section headings (``## A``,
  ``## অ``) are skipped. So that a README is not read as a glossary, the document must say it
  is one: its title (a heading, or the front matter's ``title``), or its file's name when it
  has no title, names a glossary (glossary, terminology, terms, مسرد, مصطلحات, গ্লসারি,
  পরিভাষা, शब्दावली, 用語集…), or it has letter sections, or most of its term headings give
  an equivalent.
* **a definition list** (PHP Markdown Extra's and Pandoc's syntax, read with
  mdit-py-plugins' ``deflist``): a line that is the term, read as a heading is, then one or
  more lines ``: definition``. Read when the document says it is a glossary as above, or when
  its terms give equivalents, or when definition lists are most of it.

* **a list of terms**: list items, and paragraphs, that give a term in bold, in a code
  span or a link, or as plain text of a few words in a list item, then a separator (``:``,
  `` - ``, `` – ``, `` — ``) and its equivalent or definition: ``- **Embedding**: এমবেডিং``,
  ``* Embedding - التضمين``, ``**Attention** (মনোযোগ): a mechanism``. The text after the
  term is an equivalent when it is a few words (at most :data:`EQUIVALENT_WORDS`), no
  sentence, and in another script — or, in the same script, when a language identifier
  finds most such texts of the document in another language than the terms
  (``**Embedding**: incrustación``) — else a definition. A definition list's definition
  of that kind is an equivalent too. Read with the definition lists of the document, in
  its order, when most of its list items and paragraphs are of that shape.

Definitions keep the text of a paragraph (code spans too): code blocks, HTML and MDX tags,
template shortcodes and the targets of links are dropped (a link's text stays). Markdown
inside an HTML block (``<div dir="rtl">`` around a table, a ``<Youtube/>`` tag right above a
heading) is read as Markdown. YAML front matter (a site generator's page settings) is passed
over, its ``title`` kept; a file that is front matter and one term's text is one file of a
term folder, and is refused so.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from glossary_cli.errors import ParseError, ParseWarning
from glossary_cli.formats._cells import RowReport, refuse_cell_controls
from glossary_cli.formats._common import clean, decode, digest, glossary_of, with_ids
from glossary_cli.limits import Overlong, overlong_error, overlong_warning, too_long
from glossary_cli.model import Concept, Definition, Glossary, LangSection, Reading, Term
from glossary_cli.values import NamedTuple

#: Words in a title that say the document is a glossary.
_GLOSSARY_TITLE = re.compile(
    r"glossa|glosar|terminolog|\bterms\b(?!\s+(?:of|and|&)\b)|lexicon|lexique|léxico|dictionary|vocabular|"
    r"word ?list|términos|مسرد|مصطلحات|"
    r"قاموس|معجم|المفردات|গ্লসারি|পরিভাষা|শব্দকোষ|অভিধান|शब्दावली|शब्दकोश|用語|术语|術語|"
    r"глоссарий|словарь|термин|واژه‌نامه|واژه|γλωσσάρι|λεξιλόγιο|용어",
    re.IGNORECASE,
)
# a delimiter row of a table: cells of dashes with optional colons, between pipes
# (matched on the line without its edge blanks, in time linear in its length: blanks that two
# parts of the pattern could each take made a 40 kB line of spaces take 14 s)
_DELIMITER_ROW = re.compile(r"^\|?[ \t]*:?-+:?(?:[ \t]*\|[ \t]*:?-+:?)*[ \t]*\|?$")
# a line that is only HTML tags (an opening, closing or self-closing tag, or a comment)
_HTML_LINE = re.compile(r"^\s*(?:<[A-Za-z/!][^<>]*>\s*)+$")


def read(data: bytes, name: str, *, columns: Mapping[str, str] | None = None) -> Glossary:
    """Read a Markdown glossary (see the module docstring).

    Args:
        data: the file's bytes.
        name: the file's name, for messages and sources.
        columns: what each column of its tables holds (``gloss add --columns``), for tables
            whose header does not say.

    Returns:
        The glossary, with warnings and a reading plan naming each table read or left out.

    Raises:
        ParseError: no glossary table, glossary of headings or definition list (with what
            gloss reads instead), a file that is one term file of a term folder, or a
            table cell that holds a control character (with its line).
    """
    from markdown_it import MarkdownIt
    from mdit_py_plugins.deflist import deflist_plugin

    from glossary_cli.formats import refuse_binary, refuse_long_lines

    refuse_binary(name, data)
    refuse_long_lines(name, data)
    text = decode(data, name).lstrip("\ufeff")
    front = text.startswith(("---\n", "---\r\n"))
    title = ""
    if front:
        text, title = _without_front_matter(text)
    else:
        text, title = _without_metadata(text)
    parser = MarkdownIt("commonmark").enable("table").use(deflist_plugin)
    tokens = list(_with_html_blocks(parser, parser.parse(_lenient(text))))
    headings = _headings(tokens)
    title = title or (headings[0][2] if headings and headings[0][1] == 1 else "")
    stem = name.replace("\\", "/").rsplit("/", 1)[-1].rsplit(".", 1)[0]
    named = not title and bool(_GLOSSARY_TITLE.search(stem.replace("_", " ")))
    says = bool(_GLOSSARY_TITLE.search(title)) or named
    says = says or any(_is_letter_heading(h[2]) for h in headings)
    # a section of a longer page that says it is the glossary ("## Glosario"): what follows it
    section = next((h[0] for h in headings if _GLOSSARY_TITLE.search(h[2])), None)
    warnings: list[ParseWarning] = []
    report = RowReport(name, False, warnings)
    concepts, plan = _from_tables(tokens, name, report, says, columns)
    overlong: list[Overlong] = []  # the terms and definitions left out for their length
    if not concepts:
        concepts = _from_headings(tokens, headings, name, says, overlong)
        if concepts:
            plan.append(Reading(f"headings of level {_level(headings)}", "one term each, its "
                                "equivalents by their script; the paragraphs below, definitions",
                                total=len(concepts)))  # fmt: skip
            plan += _other_levels(tokens, headings)
            listed, _ = _list_entries(tokens, 0)
            if len(listed) >= 2:
                plan.append(Reading(
                    "lists of terms", f"left out: {len(listed)} items written as terms "
                    "(**Term**: …); the headings were read as the terms", listed[0][1].line,
                    True, len(listed)))  # fmt: skip
    if not concepts:
        listed_long: list[Overlong] = []
        concepts, shapes = _from_definition_list(tokens, headings, name, says, section, listed_long)
        if concepts or not overlong:  # (else what the headings left out is all there was)
            overlong = listed_long
        if concepts:
            plan.append(Reading(shapes, "one term each: its equivalents by their script, "
                                "its definitions", total=len(concepts)))  # fmt: skip
    if not concepts and overlong:
        raise overlong_error(name, overlong)
    if overlong:
        warnings.append(overlong_warning(name, overlong))
    if not concepts and front and not any(r.left_out for r in plan) and _one_term(text):
        raise ParseError(
            "line 1 is YAML front matter and no glossary follows it (a table, a heading per "
            "term, a definition list or a list of terms): if this is one term file of a term "
            "folder, it is read with its folder",
            path=name,
            line=1,
            hint="give the folder (gloss add FOLDER), or --format folder with the folder",
        )
    bare = _undelimited(text) if not concepts and not plan else None
    if bare is not None:
        raise ParseError(
            f"lines {bare}-{bare + 1} look like a table, but the row under its header is not a "
            "delimiter row, so Markdown reads them as a paragraph",
            path=name,
            line=bare,
            hint="add a delimiter row under the header: | --- | --- |",
        )
    if not concepts:
        left = [r for r in plan if r.left_out]
        raise ParseError(
            "no glossary found in this Markdown file"
            + (
                f": {left[0].part} left out: {left[0].read_as.removeprefix('left out: ')}"
                if left
                else ""
            ),
            path=name,
            line=left[0].line if left else None,
            hint="gloss reads Markdown with a table whose header names the languages "
            "(| English | Arabic |), a heading per term with its definition below, a "
            "definition list (Term / : definition) or a list of terms (- **Term**: "
            "equivalent), under a title that says it is a "
            "glossary; give --columns to say what a table's columns hold; other formats: "
            "tbx, csv, tsv, po, jsonl, yaml, xlsx",
        )
    found = with_ids(concepts, name, warnings)
    return glossary_of(found, name, name, digest(data))._replace(
        warnings=tuple(warnings), plan=tuple(plan)
    )


def _without_front_matter(text: str) -> tuple[str, str]:
    """``text`` with its YAML front matter (a site generator's page settings: Docusaurus,
    Hugo, Jekyll) blanked out, line for line, so that lines keep their numbers, and the
    front matter's title; unchanged if the front matter is not closed (``---`` or ``...``)
    within its first 200 lines."""
    lines = text.split("\n")
    for end in range(1, min(len(lines), 200)):
        if lines[end].rstrip("\r") in ("---", "..."):
            title = next(
                (
                    ln.split(":", 1)[1].strip().strip("\"'")
                    for ln in lines[1:end]
                    if ln.split(":", 1)[0].strip().casefold() == "title" and ":" in ln
                ),
                "",
            )
            return "\n" * (end + 1) + "\n".join(lines[end + 1 :]), title
    return text, ""


def _one_term(text: str) -> bool:
    """Whether what follows a front matter is one term's text: no heading, table or list."""
    body = [ln for ln in text.split("\n") if ln.strip()]
    return not any(ln.lstrip().startswith(("#", "|", ":")) for ln in body)


_IAL = re.compile(r"^\s*\{:[^{}]*\}\s*$")
# MultiMarkdown's metadata: "Key: value" lines that open the document
_METADATA = re.compile(r"^[A-Za-z][\w -]{0,30}:\s")


def _without_metadata(text: str) -> tuple[str, str]:
    """``text`` with MultiMarkdown's metadata lines that open it (``Title: Glossary``)
    blanked, lines kept in place, and the metadata's title."""
    lines = text.split("\n")
    end = 0
    while end < len(lines) and _METADATA.match(lines[end]) and "|" not in lines[end]:
        end += 1
    if not end:
        return text, ""
    title = next(
        (
            ln.split(":", 1)[1].strip()
            for ln in lines[:end]
            if ln.split(":")[0].casefold() == "title"
        ),
        "",
    )
    return "\n" * end + "\n".join(lines[end:]), title


def _lenient(text: str) -> str:
    """``text`` as kramdown, Pandoc and MultiMarkdown write it, made CommonMark with GitHub's
    tables, lines kept in place: each table's delimiter row given as many cells as its
    header (they read a delimiter row of fewer; GitHub's tables do not), kramdown's
    attribute lists (``{:auto_ids}``) blanked."""
    lines = ["" if _IAL.match(ln) else ln for ln in text.split("\n")]
    for i in range(1, len(lines)):
        row = lines[i]
        if "-" not in row or not _DELIMITER_ROW.match(row.strip(" \t")) or "|" not in lines[i - 1]:
            continue
        header = _cells(lines[i - 1])
        have = _cells(row)
        if len(header) != len(have) and len(header) >= 2 and "|" in row + lines[i - 1]:
            lines[i] = "|" + "|".join(["---"] * len(header)) + "|"
    return "\n".join(lines)


def _undelimited(text: str) -> int | None:
    """The line (from 1) of the first two lines that are rows of a table of two or more
    cells with no delimiter row under the first, or ``None``."""
    lines = text.split("\n")
    for i in range(len(lines) - 1):
        a, b = lines[i].strip(), lines[i + 1].strip()
        if a.startswith("|") and b.startswith("|") and len(_cells(a)) >= 2:
            if not _DELIMITER_ROW.match(b.strip(" \t")):
                return i + 1
    return None


def _cells(line: str) -> list[str]:
    """A table row's cells: split on the pipes that are not escaped, the outer ones dropped."""
    inner = line.strip()
    inner = inner[1:] if inner.startswith("|") else inner
    inner = inner[:-1] if inner.endswith("|") and not inner.endswith("\\|") else inner
    return re.split(r"(?<!\\)\|", inner)


def _with_html_blocks(parser: Any, tokens: list[Any]) -> Iterator[Any]:
    """``tokens``, each HTML block replaced by the tokens of the Markdown inside it (its
    lines that are only tags dropped), their lines kept."""
    for token in tokens:
        if token.type != "html_block" or not token.map:
            yield token
            continue
        lines = token.content.split("\n")
        inner = ["" if _HTML_LINE.match(ln) else ln for ln in lines]
        if not any(ln.strip() for ln in inner):
            continue
        offset = token.map[0]
        for child in parser.parse("\n".join(inner)):
            if child.map:
                child.map = [child.map[0] + offset, child.map[1] + offset]
            if child.type != "html_block":
                yield child


_BR = re.compile(r"<br\s*/?>", re.IGNORECASE)


def _inline_text(token: Any, breaks: bool = False, lines: bool = False) -> str:
    """The text of an inline token: its words and code spans, links' text kept (not their
    targets), HTML tags dropped; a ``<br>`` a line break when ``breaks`` (a table cell's
    lines, each a term), else a space; the paragraph's own line breaks kept when ``lines``
    (a list item's term and equivalent on its first line, its definition below)."""
    parts = []
    for child in token.children or []:
        if child.type in ("text", "code_inline"):
            parts.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            parts.append("\n" if lines else " ")
        elif child.type == "html_inline" and _BR.fullmatch(child.content.strip()):
            parts.append("\n" if breaks else " ")
    if breaks or lines:
        return "\n".join(clean(line) for line in "".join(parts).split("\n"))
    return clean("".join(parts))


#: A template shortcode (``{{< note >}}``, ``{{% x %}}``). No part crosses a brace, so each
#: match ends before the next shortcode begins: linear time, however many are unclosed.
SHORTCODE = re.compile(r"\{\{[<%][^{}]*[>%]\}\}")


def _prose(token: Any) -> str:
    """A paragraph's text for a definition: :func:`_inline_text` without template
    shortcodes."""
    return SHORTCODE.sub("", _inline_text(token)).strip()


def _tables(tokens: Sequence[Any]) -> Iterator[tuple[int, list[tuple[int, list[str]]]]]:
    """Each table of the document: the line it starts on, and its rows with their lines;
    paragraphs right after a table whose every line has as many pipes as its header has
    cells are more of its rows (MultiMarkdown's table bodies, separated by blank lines)."""
    i = 0
    while i < len(tokens):
        if tokens[i].type != "table_open":
            i += 1
            continue
        rows: list[tuple[int, list[str]]] = []
        row: list[str] = []
        line = 0
        j = i + 1
        while j < len(tokens) and tokens[j].type != "table_close":
            t = tokens[j]
            if t.type == "tr_open":
                row, line = [], (t.map[0] + 1 if t.map else 0)
            elif t.type == "inline":
                row.append(_inline_text(t, breaks=True))
            elif t.type == "tr_close":
                rows.append((line, row))
            j += 1
        width = len(rows[0][1]) if rows else 0
        while (
            j + 2 < len(tokens)
            and tokens[j + 1].type == "paragraph_open"
            and tokens[j + 1].map
            and width >= 2
            and all(ln.count("|") >= width - 1 for ln in tokens[j + 2].content.split("\n"))
        ):
            first = tokens[j + 1].map[0] + 1
            for k, raw in enumerate(tokens[j + 2].content.split("\n")):
                cells = [clean(_MARKUP.sub("", c)) for c in _cells(raw)][:width]
                rows.append((first + k, cells + [""] * (width - len(cells))))
            j += 3
        yield (tokens[i].map[0] + 1 if tokens[i].map else 0), rows
        i = j + 1


# the inline HTML and emphasis of a row read from its raw text
_MARKUP = re.compile(r"<[^<>]*>|\*\*|__")


def _from_tables(
    tokens: Sequence[Any],
    name: str,
    report: RowReport,
    says: bool,
    columns: Mapping[str, str] | None,
) -> tuple[list[tuple[Concept, int]], list[Reading]]:
    """The concepts of every table that holds terms, and the reading plan: each table read
    (with what each column went to) or left out (with why). A table of one language is read
    when the document says it is a glossary, or when it is the only table and its header
    names its columns (``Term | Meaning``)."""
    from glossary_cli.formats.table import read_table

    found = list(_tables(tokens))
    out: list[tuple[Concept, int]] = []
    plan: list[Reading] = []
    for line, rows in found:
        header = " | ".join(rows[0][1]) if rows else ""
        part = f"table at line {line}"
        if len(rows) < 2:
            plan.append(Reading(f"{part} ({header})", "left out: it has no rows", line, True))
            continue
        header_cells = rows[0][1]
        for row_line, cells in rows:  # refused as a CSV file's cell is, not left out with it
            labels = [header_cells[i] if i < len(header_cells) else f"column {i + 1}"
                      for i in range(len(cells))]  # fmt: skip
            refuse_cell_controls(cells, labels, name, row_line)
        mark = len(report.warnings)
        try:
            concepts, readings, named = read_table(
                iter(rows), name, report, columns=columns, part=part
            )
        except ParseError as exc:
            del report.warnings[mark:]
            why = exc.message.split(":")[0]
            plan.append(
                Reading(
                    f"{part} ({header})",
                    f"left out: {why}; {len(rows) - 1} rows — name its languages with --columns",
                    line,
                    True,
                    len(rows) - 1,
                )
            )
            continue
        langs = {s.lang for concept, _ in concepts for s in concept.languages}
        unnamed = not named
        if len(langs) < 2 and not says and (len(found) > 1 or unnamed):
            del report.warnings[mark:]
            plan.append(
                Reading(
                    f"{part} ({header})",
                    "left out: a table of one language"
                    + (" whose header names no column gloss reads" if unnamed else "")
                    + f" in a document that does not say it is a glossary; {len(rows) - 1} rows",
                    line,
                    True,
                    len(rows) - 1,
                )
            )
            continue
        out += concepts
        plan += readings
    return out, plan


def _is_letter_heading(text: str) -> bool:
    """``A``, ``অ``, ``أ``, ``A–Z`` or ``0-9``: a section of an alphabetical glossary.

    >>> [_is_letter_heading(t) for t in ("A", "A–Z", "অ", "CNN", "LoRA")]
    [True, True, True, False, False]
    """
    compact = re.sub(r"\s", "", text)
    if len(compact) == 1 or re.fullmatch(r"\w[-–—]\w", compact):
        return True
    return not compact.isascii() and len(compact) <= 2


def _headings(tokens: Sequence[Any]) -> list[tuple[int, int, str, int]]:
    """``(index of heading_open, level, text, line)`` of every heading."""
    out = []
    for k, t in enumerate(tokens):
        if t.type == "heading_open" and k + 1 < len(tokens):
            line = t.map[0] + 1 if t.map else 0
            out.append((k, int(t.tag[1]), _inline_text(tokens[k + 1]), line))
    return out


def _level(headings: Sequence[tuple[int, int, str, int]]) -> int:
    """The level of the term headings: the most common below the title."""
    levels = [h[1] for h in headings if h[1] > 1 and not _is_letter_heading(h[2])]
    return max(set(levels), key=levels.count) if levels else 0


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


def _other_levels(
    tokens: Sequence[Any], headings: Sequence[tuple[int, int, str, int]]
) -> list[Reading]:
    """The reading plan's word on the headings, below the title, of a level other than the
    term headings' that have paragraphs below them: left out, counted per level, the first
    named (a glossary's ``### Example`` under its terms, or a term given the wrong level)."""
    level = _level(headings)
    found: dict[int, list[tuple[str, int]]] = {}
    for n, (k, lvl, text, line) in enumerate(headings):
        if lvl in (1, level) or _is_letter_heading(text):
            continue
        end = headings[n + 1][0] if n + 1 < len(headings) else len(tokens)
        if any(tokens[m].type == "paragraph_open" for m in range(k + 3, end)):
            found.setdefault(lvl, []).append((text, line))
    return [
        Reading(
            f"headings of level {lvl}",
            f"left out: {len(these)} with text below, not at the level of the term headings "
            f"(the first: {these[0][0]!r})",
            these[0][1],
            True,
            len(these),
        )
        for lvl, these in sorted(found.items())
    ]


def _from_headings(
    tokens: Sequence[Any],
    headings: Sequence[tuple[int, int, str, int]],
    name: str,
    says: bool,
    overlong: list[Overlong] | None = None,
) -> list[tuple[Concept, int]]:
    from glossary_cli.termtext import names_in

    level = _level(headings)
    if not level:
        return []
    entries = []
    for n, (k, lvl, text, line) in enumerate(headings):
        if lvl != level or _is_letter_heading(text) or len(text.split()) > 12:
            continue
        if not any(c.isalnum() for c in text):
            continue  # an empty heading, or one of marks only, names no term
        end = headings[n + 1][0] if n + 1 < len(headings) else len(tokens)
        paragraphs = [
            _prose(tokens[m + 1])
            for m in range(k + 3, end)
            if tokens[m].type == "paragraph_open" and tokens[m].level == 0
        ]
        paragraphs = [p for p in paragraphs if p]
        if paragraphs:
            entries.append((text, paragraphs, line))
    if len(entries) < 2:
        return []
    with_other = sum(1 for text, _, _ in entries if len(names_in(text)) > 1)
    if not says and with_other * 2 < len(entries):
        return []  # a document with sections, not a glossary
    sections = sum(1 for text, _, _ in entries if text.strip().casefold() in _DOCUMENT_SECTIONS)
    if not with_other and sections * 2 >= len(entries):
        return []  # a README (of a glossary tool, say): Installation, Usage, License
    heads = [text for text, _, _ in entries]
    equivalents = _gives_equivalents(heads)
    own = _own_languages(heads, name, equivalents)
    out = [
        _term_concept(text, defs, line, name, equivalents, own, overlong=overlong)
        for text, defs, line in entries
    ]
    return [c for c in out if c is not None]


def _gives_equivalents(heads: Sequence[str]) -> bool:
    """Whether most terms of a document give an equivalent in brackets or after a dash, in
    whatever script: then a bracket in the term's own script is its equivalent too (a
    French glossary's ``Apprentissage (Learning)``), not a qualifier."""
    from glossary_cli.termtext import names_in

    return sum(1 for h in heads if len(names_in(h, equivalents=True)) > 1) * 2 > len(heads)


def _own_languages(heads: Sequence[str], name: str, equivalents: bool) -> dict[str, str]:
    """The language of the terms of a glossary of headings or definition list terms, per
    script: in a script many languages share, what a language identifier finds in all of
    them together (:func:`glossary_cli.scripts.writing.identify`: a Spanish glossary's Latin
    headings are Spanish, an English one's English), else the language the file's name gives
    when it is written in that script and is not Latin (``glossary-fa.md``)."""
    from glossary_cli.formats._header import file_language
    from glossary_cli.scripts.writing import identify, tag_scripts
    from glossary_cli.termtext import names_in

    hinted = file_language(name)
    firsts: dict[str, list[str]] = {}
    for head in heads:
        found = names_in(head, equivalents=equivalents)
        if found and found[0].script:
            firsts.setdefault(found[0].script, []).append(found[0].text)
    out: dict[str, str] = {}
    for script, texts in firsts.items():
        letters = sum(c.isalpha() for t in texts for c in t)
        latin_hint = hinted is not None and "Latn" in (tag_scripts(hinted) or ())
        if script == "Latn" and not latin_hint and letters < OWN_LETTERS:
            continue  # a few capitalised names tell no language (Embedding, Token: Swedish?)
        lang = identify(texts, script, hinted)
        if lang is None and hinted and script != "Latn" and script in (tag_scripts(hinted) or ()):
            lang = hinted
        if lang is not None:
            out[script] = lang
    for system in ("Jpan", "Kore"):  # kanji-only terms of a Japanese glossary are Japanese
        if system in out and "Hani" in firsts:
            out["Hani"] = out[system]
    return out


def _term_concept(
    text: str,
    definitions: Sequence[str],
    line: int,
    name: str,
    equivalents: bool = False,
    own: dict[str, str] | None = None,
    equivalent: tuple[str, str | None] = ("", None),
    overlong: list[Overlong] | None = None,
) -> tuple[Concept, int] | None:
    """The concept of one heading or definition list term, with its definitions: each name
    the heading gives in the language its script says (the term itself, in the language
    ``own`` gives its script: :func:`_own_languages`), each definition in its own script's
    language
    (:func:`glossary_cli.scripts.writing.text_language`); ``equivalent``, a list glossary's
    text after its term and its language if the script cannot tell it, gives more names. A
    name or definition longer than gloss reads (:mod:`glossary_cli.limits`) is left out and
    added to ``overlong``; ``None`` when no name is left."""
    from glossary_cli.scripts.writing import script_language, text_language
    from glossary_cli.termtext import names_in, split_alternatives

    where = f"{name}:{line}"
    if too_long(text, True):  # the heading, its equivalents with it: the entry is left out
        if overlong is not None:
            overlong.append(Overlong("term", line, len(text), True))
        return None
    names = [n for n in names_in(text, equivalents=equivalents) if any(c.isalnum() for c in n.text)]
    long = [Overlong("definition", line, len(d), False) for d in definitions if too_long(d, False)]
    definitions = [d for d in definitions if not too_long(d, False)]
    if overlong is not None:
        overlong += long
    if not names:
        return None
    more = [
        n
        for alternative in split_alternatives(equivalent[0])
        for n in names_in(alternative)
        if any(c.isalnum() for c in n.text)
    ]
    if overlong is not None:
        overlong += [
            Overlong("term", line, len(n.text), True) for n in more if too_long(n.text, True)
        ]
    more = [n for n in more if not too_long(n.text, True)]
    sections: dict[str, list[Term]] = {}
    first = ""
    for k, n in enumerate(names + more):
        lang = (script_language(n.script) if n.script else None) or "und"
        if k >= len(names) and equivalent[1]:
            lang = equivalent[1]  # "Embedding: incrustación": what was identified
        elif k == 0 and own and n.script in own:
            lang = own[n.script]  # "Aprendizaje (Learning)" of a Spanish glossary: Spanish
        elif 0 < k < len(names) and n.script == names[0].script and _caseless(n.text):
            lang = first  # 集約（集計）: in a script without letter case, the term's synonym
        first = first or lang
        terms = sections.setdefault(lang, [])
        if all(t.text != n.text for t in terms):
            kind = "abbreviation" if n.kind == "abbreviation" else None
            terms.append(Term(clean(n.text), type=kind, source=where,
                              notes=(n.note,) if n.note else ()))  # fmt: skip
    main = next(iter(sections))
    langs = tuple(sections)
    defs: dict[str, list[Definition]] = {}
    for d in definitions:
        lang = text_language(d, langs) or main
        defs.setdefault(lang, []).append(Definition(d, where))
    built = tuple(
        LangSection(lang, tuple(terms), tuple(defs.get(lang, ())))
        for lang, terms in sections.items()
    )
    orphans = tuple(
        d._replace(lang=lang) for lang, ds in defs.items() if lang not in sections for d in ds
    )
    return Concept(id="", languages=built, definitions=orphans, provenance=(where,)), line


def _caseless(text: str) -> bool:
    """Whether a text's letters have no case (Han, kana, Bengali, Arabic): a bracket of its
    script after a term is no English equivalent but the term's synonym."""
    letters = [c for c in text if c.isalpha()]
    return bool(letters) and all(c.lower() == c.upper() for c in letters)


class _Entry(NamedTuple):
    """One term of a definition list or a list glossary: its head (the term, with the
    equivalents it gives), the text after it that is an equivalent and that text's language
    when the script cannot tell, its definitions and its line."""

    head: str
    definitions: list[str]
    line: int
    equivalent: str = ""
    equivalent_lang: str | None = None
    listed: bool = False  # an item of a list of terms: a term alone is an entry too


# what separates a list glossary's term from its equivalent or definition
_SEPARATOR = re.compile(r"^\s*(?:[:：=→|]|[-–—]{1,2}(?=\s))\s*")
# a plain list item "Term - equivalent": a short term, then a dash, colon or equals sign
_PLAIN_ENTRY = re.compile(
    r"^(?P<term>[^:：=→]{1,80}?)(?:\s+(?:[-–—=→]{1,2})\s+|\s*[:：]\s+)(?P<rest>\S.*)$"
)
# what ends a sentence, in the scripts gloss meets: a definition, not an equivalent
_SENTENCE_END = re.compile(r"[.।؟?!。]\s*$")
#: Words of the text after a list item's term, at most, for it to be an equivalent.
EQUIVALENT_WORDS = 8
#: Letters a glossary's Latin terms must have, together, for a language identifier to call
#: them another language than English when the file's name names none; and letters the
#: texts after its terms must have for it to call them equivalents in another language of
#: their script.
OWN_LETTERS, EQUIVALENT_LETTERS = 150, 60


def _list_entry(token: Any, plain: bool = True) -> tuple[str, str, str] | None:
    """A list item's or paragraph's term and the text after it, when it is written as a list
    glossary writes its entries: the term in bold, in a code span or a link, or plain text
    of a few words, then a separator (``**Embedding**: এমবেডিং``, ``* Embedding - التضمين``,
    ``Dropout – ড্রপআউট`` in a code span, ``**Attention** (মনোযোগ): a mechanism``);
    ``None`` otherwise (plain text only when ``plain``: in a list item, not a paragraph).
    A bracket right after the term is part of it (an equivalent or abbreviation). Returns
    the term, the rest of its line, and the lines below (a definition)."""
    children = [c for c in token.children or [] if not (c.type == "text" and not c.content)]
    if not children:
        return None
    first_line, _, below = SHORTCODE.sub("", _inline_text(token, lines=True)).partition("\n")
    full, below = first_line.strip(), clean(below)
    term = ""
    if children[0].type == "code_inline":
        term = children[0].content
    elif children[0].type in ("strong_open", "em_open", "link_open"):
        close = children[0].type.replace("_open", "_close")
        end = next((k for k, c in enumerate(children) if c.type == close), None)
        if end is None:
            return None
        term = "".join(c.content for c in children[1:end] if c.type in ("text", "code_inline"))
    term = clean(term)
    if term and full.startswith(term):
        rest = full[len(term) :]
        bracket = re.match(r"^\s*[(（\[][^()（）\[\]]*[)）\]]", rest)
        if bracket:
            term, rest = term + bracket.group(0), rest[bracket.end() :]
        separator = _SEPARATOR.match(rest)
        if term.rstrip().endswith((":", "：")):
            term = term.rstrip().rstrip(":：")
        elif separator is None and (rest.strip() or not below):
            return None  # bold words that open a sentence, or stand alone
        rest = rest[separator.end() :] if separator else rest
        return term.strip(), rest.strip(), below
    found = _PLAIN_ENTRY.match(full) if plain and not term else None
    if found is None or len(found.group("term").split()) > 6:
        return None
    return found.group("term").strip(), found.group("rest").strip(), below


def _short(text: str) -> bool:
    """Whether a text after a term can be a name rather than a definition: a few words (at
    most :data:`EQUIVALENT_WORDS`), not ending as a sentence ends."""
    return 0 < len(text.split()) <= EQUIVALENT_WORDS and not _SENTENCE_END.search(text)


def _is_equivalent(term: str, rest: str) -> bool:
    """Whether the text after a list item's term is its equivalent (:func:`_short`, in
    another script: ``এমবেডিং`` after ``Embedding``) rather than a definition."""
    from glossary_cli.scripts.writing import first_script

    return _short(rest) and first_script(rest) not in (None, first_script(term))


def _list_entries(tokens: Sequence[Any], start: int) -> tuple[list[tuple[int, _Entry]], int]:
    """The entries of the document's list glossaries (top-level list items, and paragraphs
    that open with a bold term and a separator), each with its token index; and how many
    top-level list items and paragraphs were looked at. The paragraphs after the first of an
    entry's list item are more of its definitions."""
    out: list[tuple[int, _Entry]] = []
    looked = 0
    k = start
    while k < len(tokens):
        t = tokens[k]
        in_item = t.type == "list_item_open" and t.level % 2 == 1
        at_top = t.type == "paragraph_open" and t.level == 0
        if not (in_item or at_top):
            k += 1
            continue
        looked += 1
        line = t.map[0] + 1 if t.map else 0
        first = k + 2 if in_item else k + 1
        if first >= len(tokens) or tokens[first].type != "inline":
            k += 1
            continue
        found = _list_entry(tokens[first], plain=in_item)
        if found is None:
            k = first + 1
            continue
        term, rest, below = found
        defs: list[str] = []
        equivalent = ""
        if rest and _is_equivalent(term, rest):
            equivalent = rest
        elif rest:
            defs.append(rest)
        if below:
            defs.append(below)
        k = first + 1
        if in_item:
            while k < len(tokens) and not (
                tokens[k].type == "list_item_close" and tokens[k].level == t.level
            ):
                if tokens[k].type in ("bullet_list_open", "ordered_list_open"):
                    break  # a nested list: its items are entries of their own
                if tokens[k].type == "paragraph_open" and tokens[k].level == t.level + 1:
                    text = _prose(tokens[k + 1])
                    if text:
                        defs.append(text)
                k += 1
        out.append((first, _Entry(term, defs, line, equivalent, listed=True)))
    return out, looked


def _same_script_equivalents(entries: list[tuple[int, _Entry]], hint: str | None) -> None:
    """Give the definitions of a list glossary's entries that are an equivalent in a
    language of the same script (``**Embedding**: incrustación``) as equivalents, in place:
    when most entries' text is a few words and no sentence, and a language identifier
    (:func:`glossary_cli.scripts.writing.identify`) finds their language other than the
    terms'."""
    from glossary_cli.scripts.writing import first_script, identify

    short = [
        (k, e)
        for k, (_, e) in enumerate(entries)
        if len(e.definitions) == 1
        and not e.equivalent
        and _short(e.definitions[0])
        and first_script(e.definitions[0]) == first_script(e.head)
    ]
    if len(short) * 2 <= len(entries):
        return
    script = first_script(short[0][1].head) or ""
    texts = [e.definitions[0] for _, e in short]
    if sum(c.isalpha() for t in texts for c in t) < EQUIVALENT_LETTERS:
        return
    theirs = identify(texts, script)
    ours = identify([e.head for _, e in short], script, hint)
    if theirs is None or theirs == ours or (ours is None and theirs == "en"):
        return
    for k, e in short:
        entries[k] = (entries[k][0], e._replace(
            equivalent=e.definitions[0], equivalent_lang=theirs, definitions=[]))  # fmt: skip


def _from_definition_list(
    tokens: Sequence[Any],
    headings: Sequence[tuple[int, int, str, int]],
    name: str,
    says: bool,
    section: int | None = None,
    overlong: list[Overlong] | None = None,
) -> tuple[list[tuple[Concept, int]], str]:
    """The terms of the document's definition lists (``dt``), each with its definitions
    (``dd``: the text of its paragraphs), and of its list glossaries (:func:`_list_entry`),
    in document order, when the document is a glossary (see the module docstring); and what
    was read, for the reading plan."""
    from glossary_cli.formats._header import file_language
    from glossary_cli.termtext import names_in

    items: list[tuple[int, _Entry]] = []
    blocks = lists = 0
    depth = -1  # the level of the definition (dd) being read, -1 outside one
    start = section if section is not None and not says else 0
    for k, t in enumerate(tokens[start:], start):
        if t.level == 0 and t.nesting == 1:
            blocks += 1
            lists += t.type == "dl_open"
        if t.type == "dt_open":
            items.append((k, _Entry(_inline_text(tokens[k + 1]), [], t.map[0] + 1 if t.map else 0)))
        elif t.type == "dd_close":
            depth = -1
        elif t.type == "dd_open":
            depth = t.level
            if items:
                items[-1][1].definitions.append("")
        elif (
            t.type == "paragraph_open"
            and items
            and items[-1][1].definitions
            and t.level == depth + 1 > 0
        ):
            text = _prose(tokens[k + 1])
            defs = items[-1][1].definitions
            defs[-1] = f"{defs[-1]} {text}".strip()
    for n, (k, e) in enumerate(items):
        if len(e.definitions) == 1 and _is_equivalent(e.head, e.definitions[0]):
            items[n] = (k, e._replace(equivalent=e.definitions[0], definitions=[]))
    listed, looked = _list_entries(tokens, start)
    if len(listed) * 2 <= looked and not (items and listed):
        listed = []  # lists and paragraphs of a document, not a list glossary
    sections = any(h[2].strip().casefold() in _DOCUMENT_SECTIONS for h in headings)
    if listed and not says and sections:
        listed = []  # a README's list ("## Supported languages", "## Usage"), no glossary
    merged = sorted(items + listed, key=lambda pair: pair[0])
    _same_script_equivalents(merged, file_language(name))
    entries = [
        e._replace(definitions=[d for d in e.definitions if d])
        for _, e in merged
        if any(c.isalnum() for c in e.head)
        and len(e.head.split()) <= 12
        and (any(e.definitions) or e.equivalent or e.listed)
    ]
    if len(entries) < 2:
        return [], ""
    with_other = sum(1 for e in entries if e.equivalent or len(names_in(e.head)) > 1)
    if not (says or start or with_other * 2 >= len(entries) or (items and lists * 2 >= blocks)):
        return [], ""  # a document that uses a definition list, not a glossary
    heads = [e.head for e in entries]
    equivalents = _gives_equivalents(heads)
    own = _own_languages(heads, name, equivalents)
    out = [
        _term_concept(
            e.head,
            e.definitions,
            e.line,
            name,
            equivalents,
            own,
            (e.equivalent, e.equivalent_lang),
            overlong,
        )
        for e in entries
    ]
    shapes = " and ".join(
        what for what, has in (("definition lists", items), ("lists of terms", listed)) if has
    )
    return [c for c in out if c is not None], shapes
