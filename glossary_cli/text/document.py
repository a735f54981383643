"""Documents as an editor holds them: which kind a document is, its prose (what the scanner
reads, with everything else blanked out character for character, so that offsets stay the
document's), the segments of a bilingual file with where each side is, and line/column
positions in the units an LSP client counts.

Pure: text in, values out; no file I/O. :mod:`glossary_cli.editor` puts it to work.

The kinds (:data:`KINDS`):

- ``markdown``: code, link targets, HTML tags and front matter blanked
  (:func:`glossary_cli.text.scan.masked_markdown`);
- ``restructuredtext``: inline literals, roles, link targets, comments, directives and the
  bodies of code directives and literal blocks blanked (:func:`masked_rst`);
- ``po``: only the text of ``msgid``, ``msgid_plural``, ``msgstr`` and ``msgstr[N]`` strings
  kept, the header's and obsolete entries' left out (:func:`po_document`);
- ``xliff``: only the text of ``<source>`` and ``<target>`` elements kept, their inline tags
  blanked (:func:`xliff_document`);
- ``plaintext``: the text as it is.

Each kept field of a PO or XLIFF document begins with a paragraph separator (U+2029, a break
to the scanner: :data:`glossary_cli.analysis.BREAK`), so that no term runs from one field into
the next.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from glossary_cli.values import NamedTuple

#: Document kinds, as LSP ``languageId`` values name them.
KINDS = ("markdown", "restructuredtext", "po", "xliff", "plaintext")
#: File name endings of each kind (the first that fits wins).
SUFFIXES = {
    "markdown": (".md", ".markdown", ".mdx"),
    "restructuredtext": (".rst", ".rest"),
    "po": (".po", ".pot"),
    "xliff": (".xlf", ".xliff", ".sdlxliff", ".mxliff"),
    "plaintext": (".txt", ".text"),
}
#: ``languageId`` values editors send for each kind (VS Code's, Neovim's and Helix's names).
_LANGUAGE_IDS = {
    "markdown": "markdown", "mdx": "markdown", "quarto": "markdown", "rmd": "markdown",
    "restructuredtext": "restructuredtext", "rst": "restructuredtext",
    "po": "po", "pot": "po", "gettext": "po",
    "xliff": "xliff", "xlf": "xliff",
    "plaintext": "plaintext", "text": "plaintext", "txt": "plaintext",
}  # fmt: skip
#: Where a kept field begins: a break to the scanner, one character like any other.
FIELD_BREAK = "\u2029"


def kind_of(uri: str, language_id: str = "") -> str:
    """The kind of a document from its URI's file name ending, else the ``languageId`` the
    client gave, else ``plaintext``.

    >>> kind_of("file:///a/bn.po"), kind_of("untitled:1", "markdown"), kind_of("x.xml", "xml")
    ('po', 'markdown', 'plaintext')
    >>> kind_of("file:///a/units.XLF"), kind_of("file:///a/notes", "rst")
    ('xliff', 'restructuredtext')
    """
    lower = uri.lower().split("?")[0].split("#")[0]
    for kind, suffixes in SUFFIXES.items():
        if lower.endswith(suffixes):
            return kind
    return _LANGUAGE_IDS.get(language_id.lower(), "plaintext")


class Span(NamedTuple):
    """A stretch of a document, by code-point offsets (``end`` exclusive)."""

    start: int
    end: int


class SegmentSpans(NamedTuple):
    """One translation unit of a bilingual document and where its sides are.

    Attributes:
        id: the unit's id: a PO entry's ``msgid`` line (1-based), an XLIFF unit's ``id``.
        source: the source text's span (of a PO entry with a plural, ``msgid`` alone).
        target: the target text's span; ``None`` when the unit has no target yet.
    """

    id: str
    source: Span
    target: Span | None


class BilingualDocument(NamedTuple):
    """What a PO or XLIFF document holds for a scanner and a checker.

    Attributes:
        prose: the document with all but its kept fields blanked (see the module docstring).
        segments: its units, in order (a PO file's header and fuzzy entries left out, as
            ``gloss check`` leaves them out).
        source_lang, target_lang: the languages the document says (``None`` where it does
            not say).
        header: a PO file's header entry as the file writes it (``""`` for XLIFF): what the
            languages were read from.
    """

    prose: str
    segments: tuple[SegmentSpans, ...]
    source_lang: str | None
    target_lang: str | None
    header: str = ""


def _blank(chars: list[str], start: int, end: int) -> None:
    for i in range(start, end):
        if chars[i] not in "\r\n":
            chars[i] = " "


_PO_KEYWORD = re.compile(r"[ \t]*(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)[ \t]*\"")
_PO_CONTINUATION = re.compile(r"[ \t]*\"")
_PO_ESCAPE = re.compile(r"\\.")


class _PoEntry:
    """An entry being read: its first line, the lines of each of its fields (the field's
    keyword line offset, then ``(start, end)`` of each string piece), whether it is fuzzy."""

    def __init__(self, line: int, start: int, fuzzy: bool) -> None:
        self.line, self.start, self.fuzzy = line, start, fuzzy
        self.fields: dict[str, tuple[int, list[tuple[int, int]]]] = {}

    def span(self, name: str) -> Span | None:
        field = self.fields.get(name)
        if field is None:
            return None
        pieces = field[1]
        return Span(pieces[0][0], pieces[-1][1])

    def has_target(self) -> bool:
        return any(k.startswith("msgstr") for k in self.fields)


def po_document(text: str) -> BilingualDocument:
    """A gettext PO document as :class:`BilingualDocument`: the text of its strings kept
    (escapes such as ``\\n`` and ``\\"`` blanked: the scanner reads them as space), keywords,
    quotes and comments blanked, the header entry's strings, ``msgctxt`` and obsolete (``#~``)
    entries blanked; the languages from the header (``Language``, ``X-Source-Language``; the
    reading of other clues, a file's name among them, is :func:`glossary_cli.formats.po.pairs`'s).

    >>> doc = po_document('msgid ""\\nmsgstr "Language: bn\\\\n"\\n'
    ...                   '\\nmsgid "LoRA"\\nmsgstr "লোরা"\\n')
    >>> doc.prose.replace(FIELD_BREAK, "|")
    '        \\n                       \\n\\n|      LoRA \\n|       লোরা \\n'
    >>> doc.segments, doc.target_lang
    ((SegmentSpans(id='4', source=Span(start=41, end=45), target=Span(start=55, end=59)),), 'bn')
    """
    chars = [c if c in "\r\n" else " " for c in text]
    segments: list[SegmentSpans] = []
    header = ""
    entry: _PoEntry | None = None
    field: str | None = None
    fuzzy = False
    first = True

    def close(end: int) -> None:
        nonlocal entry, header, first
        if entry is None:
            return
        msgid = entry.fields.get("msgid")
        is_header = (
            first and msgid is not None and all(s == e for s, e in msgid[1])
            and "msgctxt" not in entry.fields
        )  # fmt: skip
        first = False
        if is_header:
            header = text[entry.start : end]
        elif msgid is not None:
            for name, (keyword, pieces) in entry.fields.items():
                if name == "msgctxt":
                    continue
                chars[keyword] = FIELD_BREAK
                for s, e in pieces:
                    chars[s:e] = text[s:e]
                    for m in _PO_ESCAPE.finditer(text, s, e):
                        _blank(chars, m.start(), m.end())
            source = entry.span("msgid")
            target = entry.span("msgstr") or entry.span("msgstr[0]")
            if (
                source is not None
                and text[source.start : source.end].strip('" \t\r\n')
                and (not entry.fuzzy)
            ):
                if target is not None and not text[target.start : target.end].strip('" \t\r\n'):
                    target = None
                segments.append(SegmentSpans(str(entry.line), source, target))
        entry = None

    at = 0
    for n, line in enumerate(text.splitlines(keepends=True), 1):
        start = at
        at += len(line)
        body_end = start + len(line.rstrip("\r\n"))
        m = _PO_KEYWORD.match(line)
        if m:
            field = m.group(1)
            if entry is not None and field in ("msgctxt", "msgid") and entry.has_target():
                close(start)
            if entry is None:
                entry = _PoEntry(n, start, fuzzy)
                fuzzy = False
            if field == "msgid":
                entry.line = n
            quote = start + m.end()
            entry.fields[field] = (start + len(line) - len(line.lstrip()), [])
        elif field is not None and entry is not None and (c := _PO_CONTINUATION.match(line)):
            quote = start + c.end()
        else:
            field = None
            if not line.strip() and entry is not None:
                close(start)
            elif line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            continue
        closing = text.rfind('"', quote, body_end)
        entry.fields[field][1].append((quote, closing if closing >= quote else body_end))
    close(len(text))
    source, target = _po_languages(header)
    return BilingualDocument("".join(chars), tuple(segments), source, target, header)


_PO_HEADER_FIELD = re.compile(r"\"(Language|X-Source-Language):[ \t]*([^\\\"]*)")


def _po_languages(header: str) -> tuple[str | None, str | None]:
    """``(source, target)`` of a PO header's ``X-Source-Language`` and ``Language`` fields
    (each line of the header's ``msgstr`` a string of its own).

    >>> _po_languages('msgid ""\\nmsgstr ""\\n"Language: ar_EG\\\\n"\\n')
    (None, 'ar_EG')
    """
    fields: dict[str, str] = {}
    for line in header.splitlines():
        m = _PO_HEADER_FIELD.search(line)
        if m and m.group(2).strip():
            fields[m.group(1)] = m.group(2).strip()
    return fields.get("X-Source-Language"), fields.get("Language")


_XLIFF_FIELD = re.compile(r"<(source|target)\b[^>]*?(/?)>", re.S)
_XLIFF_UNIT = re.compile(r"<(?:trans-unit|unit|tu)\b[^>]*?\bid\s*=\s*[\"']([^\"']*)[\"']", re.S)
_XML_TAG = re.compile(r"<[^>]*>")
_XML_ENTITY = re.compile(r"&(?:#\d+|#x[0-9A-Fa-f]+|\w+);")
_XLIFF_LANG = re.compile(
    r"\b(source-language|target-language|srcLang|trgLang)\s*=\s*[\"']([^\"']+)[\"']"
)


def xliff_document(text: str) -> BilingualDocument:
    """An XLIFF 1.2 or 2.x document as :class:`BilingualDocument`: the text of its
    ``<source>`` and ``<target>`` elements kept (inline tags and character references blanked),
    everything else blanked; each source paired with the target that follows it before the
    next source (XLIFF 1.2 ``trans-unit``, 2.x ``segment``); the languages from
    ``source-language``/``target-language`` (1.2) or ``srcLang``/``trgLang`` (2.x).

    Read with regular expressions rather than an XML parser, which gives lines but not the
    offsets an editor needs (the units are what :func:`glossary_cli.formats.xliff.pairs`
    reads; a document it refuses is still scanned here as far as it goes).

    >>> doc = xliff_document('<file target-language="bn"><trans-unit id="a"><source>LoRA</source>'
    ...                      '<target>লোরা</target></trans-unit></file>')
    >>> doc.segments, doc.target_lang
    ((SegmentSpans(id='a', source=Span(start=54, end=58), target=Span(start=75, end=79)),), 'bn')
    """
    chars = [c if c in "\r\n" else " " for c in text]
    langs = {m.group(1): m.group(2) for m in _XLIFF_LANG.finditer(text[:4096])}
    units = [(m.start(), m.group(1)) for m in _XLIFF_UNIT.finditer(text)]
    unit_starts = [u[0] for u in units]
    segments: list[SegmentSpans] = []
    pending: tuple[str, Span] | None = None
    per_unit: dict[str, int] = {}
    at = 0
    while True:
        m = _XLIFF_FIELD.search(text, at)
        if m is None:
            break
        name, empty = m.group(1), m.group(2)
        if empty:
            span = Span(m.end(), m.end())
            at = m.end()
        else:
            close = text.find(f"</{name}>", m.end())
            if close < 0:
                break
            span = Span(m.end(), close)
            at = close
            chars[m.start()] = FIELD_BREAK
            chars[span.start : span.end] = text[span.start : span.end]
            for pattern in (_XML_TAG, _XML_ENTITY):
                for t in pattern.finditer(text, span.start, span.end):
                    _blank(chars, t.start(), t.end())
        if name == "source":
            if pending is not None:
                segments.append(SegmentSpans(pending[0], pending[1], None))
            i = bisect_right(unit_starts, m.start()) - 1
            uid = units[i][1] if i >= 0 else str(len(segments) + 1)
            per_unit[uid] = per_unit.get(uid, 0) + 1
            if per_unit[uid] > 1:
                uid = f"{uid}#{per_unit[uid]}"
            pending = (uid, span)
        elif pending is not None:
            target = span if span.end > span.start else None
            segments.append(SegmentSpans(pending[0], pending[1], target))
            pending = None
    if pending is not None:
        segments.append(SegmentSpans(pending[0], pending[1], None))
    source_lang = langs.get("source-language") or langs.get("srcLang")
    target_lang = langs.get("target-language") or langs.get("trgLang")
    kept = tuple(s for s in segments if text[s.source.start : s.source.end].strip())
    return BilingualDocument("".join(chars), kept, source_lang, target_lang)


_RST_INLINE = re.compile(
    r"``.+?``"  # an inline literal
    r"|:[\w.+-]+:(?=`)"  # a role's name (its text stays: :term:`LoRA`)
    r"|(?<=`)_{1,2}"  # a reference's underscores
    r"|\s<[^<>\s][^<>]*>(?=`)"  # an embedded link target: `text <url>`_
    r"|\|[^|\s][^|]*\|(?=[\s_.,;:)]|$)",  # a substitution reference
    re.S,
)
_RST_EXPLICIT = re.compile(r"[ \t]*\.\.(?:[ \t]|$)")
_RST_CODE_DIRECTIVE = re.compile(
    r"[ \t]*\.\.[ \t]+(?:code|code-block|sourcecode|literalinclude|math|raw|highlight|"
    r"include|csv-table|image|figure|graphviz|doctest|testcode|testoutput)::"
)
_RST_DIRECTIVE = re.compile(r"[ \t]*\.\.[ \t]+[\w:.+-]+::")


def masked_rst(text: str) -> str:
    """``text``, a reStructuredText document, with what is not prose blanked, character for
    character: inline literals (````code````), roles' names (``:term:``, their text stays),
    embedded link targets (`` <https://…>``), substitution references, explicit markup lines
    (``.. note::``, ``.. _target:``, comments) with the bodies of comments, of code-like
    directives (``code-block``, ``math``, ``raw``…) and of literal blocks (after a paragraph
    ending ``::``); a directive's other content (a ``note``'s text) is prose. Block ends are
    breaks already: a blank line (:data:`glossary_cli.analysis.BREAK`).

    >>> masked_rst("Use ``LoRA`` here::\\n\\n    lora = 1\\n\\nThen :term:`QAT`.\\n")
    'Use          here::\\n\\n            \\n\\nThen       `QAT`.\\n'
    """
    chars = list(text)
    lines = text.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))
    n = 0
    while n < len(lines):
        line = lines[n]
        body = line.rstrip("\r\n")
        indent = len(body) - len(body.lstrip())
        hide_body = False
        if _RST_EXPLICIT.match(line):
            _blank(chars, starts[n], starts[n + 1])
            directive = _RST_DIRECTIVE.match(line)
            hide_body = directive is None or bool(_RST_CODE_DIRECTIVE.match(line))
        else:
            for m in _RST_INLINE.finditer(text, starts[n], starts[n] + len(body)):
                _blank(chars, m.start(), m.end())
            hide_body = body.endswith("::")
        n += 1
        if not hide_body:
            continue
        # the indented block that follows (blank lines inside it included)
        while n < len(lines):
            nxt = lines[n].rstrip("\r\n")
            if nxt.strip() and len(nxt) - len(nxt.lstrip()) <= indent:
                break
            if nxt.strip():
                _blank(chars, starts[n], starts[n + 1])
            n += 1
    return "".join(chars)


def prose(text: str, kind: str) -> str:
    """What the scanner reads of a document of ``kind`` (:data:`KINDS`; see the module
    docstring), as long as ``text``, its offsets the document's.

    >>> prose("Use `LoRA`.\\n", "markdown"), prose("Use `LoRA`.", "plaintext")
    ('Use       .\\u2029', 'Use `LoRA`.')
    """
    if kind == "markdown":
        from glossary_cli.text.scan import masked_markdown

        return masked_markdown(text)
    if kind == "restructuredtext":
        return masked_rst(text)
    if kind == "po":
        return po_document(text).prose
    if kind == "xliff":
        return xliff_document(text).prose
    return text


#: Position encodings of the LSP (``PositionEncodingKind``), by the name clients give.
ENCODINGS = ("utf-16", "utf-8", "utf-32")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


class Lines:
    """Offsets of a text ⇄ LSP positions ``(line, character)``, ``character`` counted in the
    negotiated encoding's code units (LSP 3.17, "Position": UTF-16 unless the client and the
    server agreed on ``utf-8`` or ``utf-32``; lines end at ``\\n``, ``\\r\\n`` or ``\\r``). A
    conversion is a binary search for the line and a count within it.

    >>> lines = Lines("a😀b\\nলোরা", "utf-16")
    >>> lines.position(2), lines.position(5), lines.offset(0, 3), lines.offset(1, 2)
    ((0, 3), (1, 1), 2, 6)
    >>> Lines("a😀b", "utf-8").position(2)
    (0, 5)
    """

    def __init__(self, text: str, encoding: str = "utf-16") -> None:
        """``encoding``: one of :data:`ENCODINGS` (anything else is read as ``utf-16``)."""
        self.text = text
        self.encoding = encoding if encoding in ENCODINGS else "utf-16"
        self.starts = [0, *(m.end() for m in _LINE_BREAK.finditer(text))]

    def _units(self, s: str) -> int:
        if self.encoding == "utf-32" or s.isascii():
            return len(s)
        if self.encoding == "utf-8":
            return len(s.encode("utf-8", "surrogatepass"))
        return len(s) + sum(1 for c in s if ord(c) > 0xFFFF)

    def position(self, offset: int) -> tuple[int, int]:
        """The ``(line, character)`` of a code-point offset (clamped to the text)."""
        offset = max(0, min(offset, len(self.text)))
        line = bisect_right(self.starts, offset) - 1
        return line, self._units(self.text[self.starts[line] : offset])

    def offset(self, line: int, character: int) -> int:
        """The code-point offset of a position; a line past the end is the text's end, a
        character past the line's end is the line's end (LSP: "defaults back to the line
        length")."""
        if line >= len(self.starts):
            return len(self.text)
        start = self.starts[max(0, line)]
        end = self.starts[line + 1] if line + 1 < len(self.starts) else len(self.text)
        body = self.text[start:end].rstrip("\r\n")
        if self.encoding == "utf-32" or body.isascii():
            return start + min(max(0, character), len(body))
        units = 0
        for i, c in enumerate(body):
            if units >= character:
                return start + i
            units += self._units(c)
        return start + len(body)
