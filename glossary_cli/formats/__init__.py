"""The formats gloss reads and writes, one module each, and the one registry of them.

``gloss add``, ``gloss export``, ``gloss build`` and the command line's choices all read
:data:`FORMATS`. Adding a format is a module of this package with ``read(data, name)`` and/or
``write(glossary)`` (see :mod:`glossary_cli.formats.jsonl` for the smallest), plus one
:class:`Format` line here. Importing this package imports no format module: each is loaded when
it is first used, so that a lookup pays for none of them.

========  ============================================  ======================================
name      module                                        what
========  ============================================  ======================================
text      :mod:`~glossary_cli.formats.seedtext`         gloss's plain glossary format (read
                                                        only; its entries are aligned across
                                                        files)
tbx       :mod:`~glossary_cli.formats.tbx`              TBX-Basic, v2 (``martif``) and v3
csv       :mod:`~glossary_cli.formats.table`            one row per term, comma-separated
tsv       :mod:`~glossary_cli.formats.table`            the same, tab-separated
jsonl     :mod:`~glossary_cli.formats.jsonl`            one concept record per line
yaml      :mod:`~glossary_cli.formats.yamldoc`          the record document (``concepts.yaml``)
markdown  :mod:`~glossary_cli.formats.markdown`         Markdown glossaries (read only)
xlsx      :mod:`~glossary_cli.formats.xlsx`             spreadsheets, in CSV's layouts; written
                                                        a row per term, every cell text
po        :mod:`~glossary_cli.formats.po`               gettext PO/POT glossaries (read only)
tabfile   :mod:`~glossary_cli.formats.tabfile`          PyGlossary's Tabfile (headwords, tab,
                                                        HTML), to convert to StarDict (write
                                                        only)
html      :mod:`~glossary_cli.formats.html`             one self-contained, searchable HTML
                                                        page (write only)
anki      :mod:`~glossary_cli.formats.anki`             an Anki deck, a note per concept and
                                                        language pair (write only)
deepl     :mod:`~glossary_cli.formats.deepl`            DeepL glossary entries, one language
                                                        pair (write only, as are those below)
google-…  :mod:`~glossary_cli.formats.google`           Google Cloud Translation glossaries:
                                                        equivalent term sets, or pairs
amazon-…  :mod:`~glossary_cli.formats.amazon`           an Amazon Translate custom terminology
microso…  :mod:`~glossary_cli.formats.microsoft`        a Custom Translator phrase dictionary
llm-…     :mod:`~glossary_cli.formats.llm`              a terminology for an LLM's prompt
vale      :mod:`~glossary_cli.formats.vale`             a Vale style (a directory)
langua…   :mod:`~glossary_cli.formats.languagetool`     a LanguageTool replace list
========  ============================================  ======================================
"""

from __future__ import annotations

import importlib
import re
from types import ModuleType
from typing import TYPE_CHECKING, Any, BinaryIO

from glossary_cli import limits
from glossary_cli.errors import ParseError, UsageError
from glossary_cli.values import NamedTuple

if TYPE_CHECKING:
    from glossary_cli.formats.vale import OutputFile
    from glossary_cli.model import Glossary


class Format(NamedTuple):
    """One format of the registry.

    Attributes:
        name: what ``--format`` calls it.
        description: one line for help texts.
        suffixes: file name endings that call for it (compared case-insensitively).
        module: the module of this package that reads and writes it.
        aligned: its files give entries that are aligned with the other plain files of a
            data directory (gloss's plain format), rather than concepts of their own.
        readable, writable: whether ``gloss add`` reads it and ``gloss export`` writes it.
        options: keyword arguments the module's ``read`` and ``write`` take for this format
            (the dialect of CSV and TSV).
        takes: the reading options (:data:`READ_OPTIONS`) the module's ``read`` accepts.
        binary: its files are not text (a ZIP archive): ``gloss export`` does not write one
            to a terminal.
        exports: the export options (:data:`EXPORT_OPTIONS`) the module's ``write`` and
            ``left_out`` take.
        directory: it is a directory of files (the module's ``write_files``), not one file.
    """

    name: str
    description: str
    suffixes: tuple[str, ...]
    module: str
    aligned: bool = False
    readable: bool = True
    writable: bool = True
    options: tuple[tuple[str, Any], ...] = ()
    takes: tuple[str, ...] = ()
    binary: bool = False
    exports: tuple[str, ...] = ()
    directory: bool = False

    def load(self) -> ModuleType:
        """The module that implements the format."""
        return importlib.import_module(f"{__name__}.{self.module}")

    def read(self, data: bytes, name: str, **options: Any) -> Glossary:
        """Read a file of this format.

        Args:
            data: the file's bytes.
            name: its name, for messages and sources.
            options: reading options of :data:`READ_OPTIONS` that this format
                :attr:`takes`; ``None`` values are left out.

        Raises:
            UsageError: the format is not read by gloss (or is the plain format, whose files
                are aligned: see :mod:`glossary_cli.store`), or an option it does not take;
            ParseError: the file is malformed, or a text it gives holds a control character
                (:func:`glossary_cli.formats._common.refuse_glossary_controls`).

        The glossary's warnings say how many of its texts were stored normalized (NFC, one
        plain space: :func:`glossary_cli.formats._common.changes_warning`).
        """
        if not self.readable:
            raise UsageError(
                f"gloss writes {self.name} files but does not read them",
                hint="give the glossary as TBX, CSV, TSV, JSON Lines, YAML or a spreadsheet",
            )
        if self.aligned:
            raise UsageError(f"{self.name} files are not imported as concepts")
        given = {k: v for k, v in options.items() if v is not None and v is not False}
        for key in given:
            if key not in self.takes:
                flag = "--" + key.replace("_", "-")
                which = [f.name for f in FORMATS if key in f.takes]
                raise UsageError(
                    f"{flag} is not an option for {self.name} files ({name})",
                    hint=f"{flag} is for {', '.join(which) or 'no format'} files; leave it out",
                )
        from glossary_cli.formats._common import (
            changes_warning,
            noting_changes,
            refuse_glossary_controls,
        )

        with noting_changes() as seen:
            glossary: Glossary = self.load().read(data, name, **dict(self.options), **given)
        refuse_glossary_controls(glossary, name)  # whatever the reader: the same rule
        said = changes_warning(seen, name)  # nothing is stored changed unsaid
        if said is not None:
            glossary = glossary._replace(warnings=(*glossary.warnings, said))
        return glossary

    def write(self, glossary: Glossary, **options: Any) -> bytes:
        """Write ``glossary`` in this format; ``options`` are the module's own (``version``
        and ``title`` for TBX).

        Raises:
            UsageError: the format is not written by gloss; RecordError: the glossary holds
                what the format cannot carry.
        """
        if not self.writable:
            raise UsageError(f"gloss does not write {self.name} files")
        data: bytes = self.load().write(glossary, **dict(self.options), **options)
        return data

    @property
    def streams(self) -> bool:
        """Whether the module writes as it reads the concepts (its ``write_to``), in memory
        that does not grow with the glossary. Every other writer also only iterates the
        concepts, so it holds no concept either, but it builds its file's bytes before
        returning them: an Anki deck (an archive of an SQLite database), and the glossaries of
        the translation services and of an LLM's prompt, which the services cap (DeepL's
        10 MiB) and which are a term pair or a line per concept."""
        return hasattr(self.load(), "write_to")

    def write_to(self, glossary: Glossary, out: BinaryIO, **options: Any) -> None:
        """Write ``glossary`` in this format to the binary file ``out``, as :meth:`write`.

        The writers only iterate ``glossary.concepts``, once or a few times, so they may be a
        re-iterable stream (:class:`glossary_cli.select.Stream`). A streaming module
        (:attr:`streams`) writes as it goes; any other's file is written at the end. When
        it raises, part of the file may already be written: give a temporary file
        (:func:`glossary_cli.store.atomic_writer`).

        Raises:
            as :meth:`write`.
        """
        if not self.writable:
            raise UsageError(f"gloss does not write {self.name} files")
        module = self.load()
        stream = getattr(module, "write_to", None)
        if stream is not None:
            stream(glossary, out, **dict(self.options), **options)
        else:
            out.write(module.write(glossary, **dict(self.options), **options))

    def write_files(self, glossary: Glossary, **options: Any) -> tuple[OutputFile, ...]:
        """Write ``glossary`` as the files of a :attr:`directory` format (a Vale style),
        their paths relative to the directory the user names.

        Raises:
            UsageError: the format writes one file (:meth:`write`).
        """
        if not self.directory:
            raise UsageError(f"{self.name} is one file, not a directory")
        files: tuple[OutputFile, ...] = self.load().write_files(glossary, **options)
        return files

    def check_exports(self, **options: Any) -> dict[str, Any]:
        """The export options given (``None`` and ``False`` left out), each one this format
        takes, for :meth:`write`, :meth:`write_files` and :meth:`left_out`.

        Raises:
            UsageError: an option the format does not take, naming those that do.
        """
        given = {k: v for k, v in options.items() if v is not None and v is not False}
        for key in given:
            if key not in self.exports:
                flag = "--" + key.replace("_", "-")
                which = [f.name for f in FORMATS if key in f.exports]
                raise UsageError(
                    f"{flag} is not an option of --format {self.name}",
                    hint=f"{flag} is for {', '.join(which)}; leave it out",
                )
        return given

    def left_out(self, glossary: Glossary, **options: Any) -> tuple[str, ...]:
        """What writing ``glossary`` in this format (with the export ``options`` of
        :meth:`check_exports`) leaves out, one message per kind (for the warnings of ``gloss
        export``); ``()`` when the format keeps everything."""
        import inspect

        module = self.load()
        check = getattr(module, "left_out", None)
        if check is None:
            return ()
        params = inspect.signature(check).parameters
        every = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values())
        given = {k: v for k, v in {**dict(self.options), **options}.items() if every or k in params}
        return tuple(check(glossary, **given))


#: Options of ``gloss add`` that change how a file is read, kept per file in ``sources.yaml``
#: so that a rebuild reads it the same way: ``columns`` maps columns to what they hold
#: (``{"en": "english", "definition:ar": "description"}``), ``sheet`` names a spreadsheet's
#: sheet, ``skip_bad`` leaves malformed rows out (each reported) instead of refusing the file.
READ_OPTIONS = ("columns", "sheet", "skip_bad")
#: Options of ``gloss export`` that only some formats take: the language pair of a translation
#: service's glossary (``source``, ``target``) and the definitions of a prompt.
EXPORT_OPTIONS = ("source", "target", "definitions")
_PAIR = ("source", "target")

#: Every format, in the order help texts list them.
FORMATS: tuple[Format, ...] = (
    Format(
        "text",
        "gloss's plain glossary: title, subtitle, then term and definition lines",
        (".txt",),
        "seedtext",
        aligned=True,
        writable=False,
    ),
    Format("tbx", "TBX-Basic (ISO 30042), v2 (martif) or v3", (".tbx",), "tbx"),
    Format(
        "csv",
        "one row per term, comma-separated",
        (".csv",),
        "table",
        options=(("dialect", "csv"),),
        takes=("columns", "skip_bad"),
    ),
    Format(
        "tsv",
        "one row per term, tab-separated",
        (".tsv",),
        "table",
        options=(("dialect", "tsv"),),
        takes=("columns", "skip_bad"),
    ),
    Format("jsonl", "one concept record per line (JSON Lines)", (".jsonl", ".ndjson"), "jsonl"),
    Format("yaml", "the record document, as concepts.yaml", (".yaml", ".yml"), "yamldoc"),
    Format(
        "markdown",
        "a Markdown glossary: a heading per term, or a table whose header names the languages",
        (".md", ".markdown", ".mdx"),
        "markdown",
        writable=False,
        takes=("columns",),
    ),
    Format(
        "xlsx",
        "a spreadsheet (first sheet), in the column layouts of CSV; written as CSV's rows",
        (".xlsx",),
        "xlsx",
        takes=("columns", "sheet", "skip_bad"),
        binary=True,
    ),
    Format(
        "po",
        "a gettext PO or POT glossary or compendium (msgid the term, msgstr its translation)",
        (".po", ".pot"),
        "po",
        writable=False,
    ),
    Format(
        "tabfile",
        "a Tabfile dictionary (headwords, tab, HTML) for PyGlossary to convert to StarDict",
        (".tab",),
        "tabfile",
        readable=False,
    ),
    Format(
        "html",
        "one self-contained HTML page with a search box",
        (".html", ".htm"),
        "html",
        readable=False,
    ),
    Format(
        "anki",
        "an Anki deck (.apkg): a note per concept and language pair",
        (".apkg",),
        "anki",
        readable=False,
        binary=True,
    ),
    Format(
        "deepl",
        "DeepL glossary entries for one language pair (SOURCE<TAB>TARGET lines)",
        (),
        "deepl",
        readable=False,
        exports=_PAIR,
    ),
    Format(
        "google-glossary",
        "a Google Cloud Translation equivalent term sets glossary (CSV, a column per language)",
        (),
        "google",
        readable=False,
        options=(("kind", "sets"),),
    ),
    Format(
        "google-pairs",
        "a Google Cloud Translation unidirectional glossary (CSV of source, target; no header)",
        (),
        "google",
        readable=False,
        options=(("kind", "pairs"),),
        exports=_PAIR,
    ),
    Format(
        "amazon-terminology",
        "an Amazon Translate custom terminology (CSV, a header of language codes, source first)",
        (),
        "amazon",
        readable=False,
        exports=_PAIR,
    ),
    Format(
        "microsoft-dictionary",
        "a Microsoft Custom Translator phrase dictionary (ZIP of two aligned .align files)",
        (),
        "microsoft",
        readable=False,
        binary=True,
        exports=_PAIR,
    ),
    Format(
        "llm-prompt",
        "a terminology for an LLM prompt: a Markdown table of the terms to use and not to use",
        (),
        "llm",
        readable=False,
        options=(("style", "markdown"),),
        exports=("definitions",),
    ),
    Format(
        "llm-json",
        "the same terminology for an LLM prompt, as JSON",
        (),
        "llm",
        readable=False,
        options=(("style", "json"),),
        exports=("definitions",),
    ),
    Format(
        "vale",
        "a Vale style (a directory): a substitution rule for deprecated terms and a vocabulary",
        (),
        "vale",
        readable=False,
        directory=True,
    ),
    Format(
        "languagetool",
        "a LanguageTool replace list (replace.txt) of one language: DEPRECATED=PREFERRED",
        (),
        "languagetool",
        readable=False,
        exports=("source",),
    ),
)
_BY_NAME = {f.name: f for f in FORMATS}


def get(name: str) -> Format:
    """The format called ``name``.

    Raises:
        UsageError: no format has that name.
    """
    try:
        return _BY_NAME[name.casefold()]
    except KeyError:
        raise UsageError(
            f"unknown format {name!r}", hint="use " + ", ".join(f.name for f in FORMATS)
        ) from None


def names(*, readable: bool = False, writable: bool = False) -> tuple[str, ...]:
    """The names of the formats gloss reads (``readable``) and/or writes (``writable``)."""
    return tuple(
        f.name
        for f in FORMATS
        if (not readable or f.readable) and (not writable or (f.writable and not f.aligned))
    )


def by_suffix(filename: str) -> Format | None:
    """The format a file name's suffix calls for, or ``None``.

    >>> by_suffix("terms.TBX").name, by_suffix("hi.csv").name, by_suffix("notes")
    ('tbx', 'csv', None)
    """
    lower = filename.lower()
    for f in FORMATS:
        if any(lower.endswith(s) for s in f.suffixes):
            return f
    return None


#: First bytes of the containers and binary documents a glossary is often received in, and
#: what to do with each (the signatures of the formats' own specifications).
_CONTAINERS = (
    (b"\x1f\x8b", "gzip-compressed", "decompress it first: gunzip {name}"),
    (b"BZh", "bzip2-compressed", "decompress it first: bunzip2 {name}"),
    (b"\xfd7zXZ\x00", "xz-compressed", "decompress it first: unxz {name}"),
    (b"\x28\xb5\x2f\xfd", "zstd-compressed", "decompress it first: unzstd {name}"),
    (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive", "extract the glossary from it first"),
    (b"PK\x03\x04", "a ZIP archive (or a spreadsheet or document, which are ZIP archives)",
     "extract the glossary, or save the spreadsheet as CSV (UTF-8)"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "an old Office document (.xls, .doc)",
     "save it as CSV (UTF-8)"),
    (b"%PDF-", "a PDF document", "export its glossary as CSV or plain text"),
    (b"SQLite format 3\x00", "an SQLite database", "export its terms as CSV"),
    (b"\x89PNG\r\n\x1a\n", "a PNG image (binary)", "give the glossary as text"),
    (b"\xff\xd8\xff", "a JPEG image (binary)", "give the glossary as text"),
    (b"GIF8", "a GIF image (binary)", "give the glossary as text"),
    (b"\x7fELF", "an ELF executable (binary)", "give the glossary as text"),
    (b"\xff\xfe\x00\x00", "UTF-32 text", "save it as UTF-8"),
    (b"\x00\x00\xfe\xff", "UTF-32 text", "save it as UTF-8"),
)  # fmt: skip


def refuse_container(filename: str, data: bytes) -> None:
    r"""Refuse a file that is compressed, an archive or a binary document: gloss reads the
    glossary inside, not the container.

    >>> from glossary_cli.errors import ParseError
    >>> try:
    ...     refuse_container("terms.tbx.gz", b"\x1f\x8b\x08\x00")
    ... except ParseError as exc:
    ...     print(exc.message, "|", exc.hint)
    the file is gzip-compressed | decompress it first: gunzip terms.tbx.gz

    Raises:
        ParseError: the file starts with the signature of one of :data:`_CONTAINERS`.
    """
    for magic, what, hint in _CONTAINERS:
        if data.startswith(magic):
            raise ParseError(f"the file is {what}", path=filename, hint=hint.format(name=filename))


#: How much of a file detection reads: enough for a header and the first entries.
HEAD = 65536
_BOM16 = (b"\xff\xfe", b"\xfe\xff")
_DECLARED = re.compile(rb"encoding=|charset=", re.IGNORECASE)


def _looks_utf16(head: bytes) -> bool:
    """Whether bytes with NULs read as UTF-16 without a byte order mark: every NUL at one
    parity, and the bytes of that parity (the high bytes of the characters) few values —
    0 for ASCII, 0x09 for Bengali, 0x06 for Arabic."""
    from collections import Counter

    if len(head) < 4:
        return False
    evens, odds = head[0::2], head[1::2]
    if 0 in evens and 0 in odds:
        return False
    high = evens if 0 in evens else odds
    common = sum(n for _, n in Counter(high).most_common(3))
    return common * 10 >= len(high) * 9


def refuse_binary(filename: str, data: bytes) -> None:
    r"""Refuse a file that is no text gloss can decode, saying what it looks like: a
    container (:func:`refuse_container`), NUL bytes (binary, or UTF-16
    without a byte order mark), or bytes that are not UTF-8 in a file that declares no
    encoding (``encoding=`` of XML, ``charset=`` of PO) — Latin-1 or Windows-1252 text, as
    it most often is. UTF-16 with a byte order mark is text.

    >>> from glossary_cli.errors import ParseError
    >>> for data in (b"\x00\x01\x02\x03bin", "terme défini\n".encode("latin-1")):
    ...     try:
    ...         refuse_binary("x.txt", data)
    ...     except ParseError as exc:
    ...         print(exc.line, exc.message)
    1 the file holds NUL bytes (the first at byte 1): it is binary, not a text glossary
    1 byte 0xe9 is not valid UTF-8: the file looks like Latin-1 or Windows-1252 text

    Raises:
        ParseError: with the line of the first byte that does not fit, and a hint.
    """
    refuse_container(filename, data)
    if data.startswith(_BOM16):
        return
    head = data[:HEAD]
    nul = head.find(b"\x00")
    if nul >= 0:
        utf16 = _looks_utf16(head)
        raise ParseError(
            "the file looks like UTF-16 without a byte order mark"
            if utf16
            else f"the file holds NUL bytes (the first at byte {nul + 1}): it is binary, not a "
            "text glossary",
            path=filename,
            line=1 if utf16 else head.count(b"\n", 0, nul) + 1,
            hint="save the glossary as UTF-8 text"
            if utf16
            else "give the glossary as text: " + _READS,
        )
    if _DECLARED.search(head[:4096]):
        return  # the reader decodes it as it says
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = data[: exc.start]
        line = before.count(b"\n") + 1
        column = exc.start - (before.rfind(b"\n") + 1) + 1
        sample = data[max(0, exc.start - 2000) : exc.start + 2000]
        latin = sum(1 for b in sample if b >= 0xC0) * 2 >= sum(1 for b in sample if b >= 0x80)
        raise ParseError(
            f"byte 0x{data[exc.start]:02x} is not valid UTF-8"
            + (
                ": the file looks like Latin-1 or Windows-1252 text"
                if latin
                else ": the file is binary or in an encoding gloss does not read"
            ),
            path=filename,
            line=line,
            column=column,
            hint="save the glossary as UTF-8 (iconv -f WINDOWS-1252 -t UTF-8)"
            if latin
            else "save the glossary as UTF-8 text",
        ) from None


#: The longest line a Markdown, PO or table file may have (:data:`glossary_cli.limits.MAX_LINE`;
#: gloss's plain format takes any line, its parser is linear, and leaves out each term and
#: definition past :data:`~glossary_cli.limits.MAX_TERM` and
#: :data:`~glossary_cli.limits.MAX_TEXT`).
MAX_LINE = limits.MAX_LINE
#: The formats whose files are read line by line (XML may be one line, of any length).
_LINE_FORMATS = frozenset({"markdown", "po", "csv", "tsv"})


def refuse_long_lines(filename: str, data: bytes, limit: int = MAX_LINE) -> None:
    r"""Refuse a file with a line of ``limit`` bytes or more (lines of half of it may be
    refused too). Linear and in C: every line that long holds a whole aligned block of
    ``limit / 2`` bytes, so it is enough to look for a block without a line end.

    >>> try:
    ...     refuse_long_lines("x.md", b"# Glossary\n" + b"a" * 300, limit=200)
    ... except ParseError as exc:
    ...     print(exc.line, exc.message)
    2 line 2 is 300 bytes long: a glossary's lines are far shorter

    Raises:
        ParseError: naming the line and its length.
    """
    block = max(1, limit // 2)
    for start in range(0, len(data), block):
        chunk = data[start : start + block]
        if len(chunk) == block and b"\n" not in chunk and b"\r" not in chunk:
            first = data.rfind(b"\n", 0, start) + 1
            end = data.find(b"\n", start)
            length = (len(data) if end < 0 else end) - first
            size = f"{length:,} bytes" if length < 10**7 else f"{length / 10**6:,.0f} MB"
            number = data.count(b"\n", 0, first) + 1
            raise ParseError(
                f"line {number} is {size} long: a glossary's lines are far shorter",
                path=filename,
                line=number,
                hint="give the glossary itself: " + _READS,
            )


_READS = (
    "gloss reads " + ", ".join(f.name for f in FORMATS if f.readable) + " files and term folders"
)
_HEADING = re.compile(r"#{1,6}[ \t]+\S")
_TABLE_RULE = re.compile(r"[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*(?:\|[ \t]*:?-{3,}:?[ \t]*)+\|?[ \t]*")
_PO_START = re.compile(r'(?:msgctxt|msgid)[ \t]+"')
#: Header words of a table's columns (besides language names and tags), for detection.
_COLUMN_WORDS = frozenset(
    "id lang language term terms definition description meaning notes note comment source "
    "en_origin abbr aliases status type".split()
)


def sniff(filename: str, data: bytes) -> Format | None:
    r"""The format a file's first lines show, for a file whose name does not say
    (``.txt``, or no suffix): TBX (a ``<martif>`` or ``<tbx>`` root), PO (a first entry
    ``msgid "…"``), Markdown (a first line that is a heading, a table's ``|---|`` rule, or
    definition list items), TSV or CSV (a header of column names, every row as many cells);
    ``None`` when none fits (gloss's plain format, or nothing).

    >>> [sniff("t.txt", d).name for d in (b'msgid ""\nmsgstr ""\n', b"# Terms\n\n## A\n",
    ...     b"english,arabic\nmodel,x\n", b"en\tbn\nmodel\tm\n")]
    ['po', 'markdown', 'csv', 'tsv']

    Raises:
        ParseError: the file is one file of a term folder (YAML front matter on line 1).
    """
    head = data[:HEAD].lstrip(b"\xef\xbb\xbf")
    stripped = head.lstrip(b" \t\r\n")
    if stripped.startswith(b"<") and (b"<martif" in head or b"<tbx" in head):
        return _BY_NAME["tbx"]  # whatever its name, .txt included
    text = head.decode("utf-8", "ignore") if not head.startswith(_BOM16) else ""
    if not text and head.startswith(_BOM16):
        text = head.decode("utf-16", "ignore")
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if len(head) == HEAD:
        lines = lines[:-1]  # cut by the head, maybe mid-line
    content = [(n, ln) for n, ln in enumerate(lines, 1) if ln.strip()]
    if not content:
        return None
    first = content[0][1]
    if first.strip() == "---" and content[0][0] == 1:
        body = [ln for _, ln in content[1:20]]
        if "---" in (ln.strip() for ln in body) or any(ln.startswith("title:") for ln in body):
            raise ParseError(
                "line 1 is YAML front matter: this is one term file of a term folder",
                path=filename,
                line=1,
                hint="give the folder (gloss add FOLDER), or --format folder with the folder",
            )
    code = [ln for _, ln in content if not ln.startswith("#")]
    if code and _PO_START.match(code[0]):
        return _BY_NAME["po"]
    if _tab_separated(code):
        return _BY_NAME["tsv"]  # OmegaT's glossaries: "# comment" lines, then TERM<TAB>…
    if _HEADING.match(first) or any(_TABLE_RULE.fullmatch(ln) for _, ln in content[:200]):
        return _BY_NAME["markdown"]
    items = sum(
        1
        for (n, ln), (m, before) in zip(content[1:200], content[:199], strict=False)
        if ln.startswith((": ", ":\t")) and m == n - 1 and not before.startswith(":")
    )
    if items >= 2:
        return _BY_NAME["markdown"]
    return _table(lines)


def _tab_separated(lines: list[str]) -> bool:
    """Whether lines (comments left out) are tab-separated rows: nine in ten of the first
    forty have a tab, and most of them the same number of cells, or one more (OmegaT's
    optional third column, a comment)."""
    from collections import Counter

    sample = [ln for ln in lines[:40] if ln.strip()]
    tabbed = [ln.count("\t") for ln in sample if "\t" in ln]
    if len(sample) < 2 or len(tabbed) * 10 < len(sample) * 9:
        return False
    counts = Counter(tabbed)
    most = counts.most_common(1)[0][0]
    near = max(counts[most] + counts[most + 1], counts[most] + counts[most - 1])
    return near * 10 >= len(tabbed) * 8


def _table(lines: list[str]) -> Format | None:
    """TSV or CSV when the first line is a header of column names and the next lines have
    as many cells; else ``None``."""
    import csv

    sample = [ln for ln in lines[:21] if ln.strip()]
    if len(sample) < 2:
        return None
    for delimiter, name in (("\t", "tsv"), (",", "csv"), (";", "csv"), ("|", "csv")):
        if delimiter not in sample[0]:
            continue
        try:
            rows = list(csv.reader(sample, delimiter=delimiter))
        except csv.Error:
            continue
        header = [cell.strip().casefold() for cell in rows[0]]
        if len(header) < 2 or any(not cell or len(cell) > 40 for cell in header):
            continue
        if len({len(row) for row in rows[1:-1]} | {len(header)}) != 1:
            continue
        known = sum(1 for cell in header if _column_word(cell))
        if known and known * 2 >= len(header):
            return _BY_NAME[name]
    return None


def _column_word(cell: str) -> bool:
    """Whether a header cell names a column a table of a glossary has
    (:func:`glossary_cli.formats._header.header_role`)."""
    from glossary_cli.formats._header import header_role

    return cell in _COLUMN_WORDS or header_role(cell) is not None


def detect(filename: str, data: bytes) -> Format:
    """The format of a file: the one its suffix calls for (a ``.json`` file of objects is
    read as JSON Lines, a ``.tab`` file but a Tabfile dictionary as tab-separated); for a
    ``.txt`` file or one without a known suffix, the one its content shows (:func:`sniff`:
    TBX, PO, Markdown, TSV, CSV); else gloss's plain format.

    Raises:
        ParseError: the file is compressed, an archive, a binary document or no text
            (:func:`refuse_binary`), a line-based file with a line of a megabyte
            (:func:`refuse_long_lines`), one term file of a term folder, or a ``.json``
            document that is not JSON Lines.
    """
    found = by_suffix(filename)
    if found is not None and found.name == "tabfile" and not data.startswith(b"##"):
        found = _BY_NAME["tsv"]  # OmegaT's .tab glossaries: term, tab, its translation
    # (a Tabfile dictionary, "##name" first, as gloss exports one: refused as gloss's export)
    if found is not None and found.name == "xlsx" and data.startswith(b"PK\x03\x04"):
        return found  # a spreadsheet is a ZIP archive
    if found is not None and found.module == "table":
        # tables decode themselves: UTF-16 without a byte order mark, UTF-32 with one, and
        # Windows-1252 when its letters say so, with a warning
        # (:func:`glossary_cli.formats._common.decode`)
        utf32 = data.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff"))
        if not utf32:
            refuse_container(filename, data)
        head = data[:HEAD]
        if b"\x00" in head and not (utf32 or data.startswith(_BOM16)) and not _looks_utf16(head):
            refuse_binary(filename, data)  # binary: said up front, as for any file
        refuse_long_lines(filename, data)
        return found
    refuse_binary(filename, data)
    if found is not None and not found.aligned:
        if found.name in _LINE_FORMATS:
            refuse_long_lines(filename, data)
        return found
    if filename.lower().endswith(".json"):
        if data[:HEAD].lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{"):
            return _BY_NAME["jsonl"]  # JSON Lines under the name of JSON
        raise ParseError(
            "a JSON document is not a glossary gloss reads",
            path=filename,
            hint="give one concept record per line, as `gloss export --format jsonl` "
            "writes them, in a .jsonl file",
        )
    sniffed = sniff(filename, data) or _BY_NAME["text"]
    if sniffed.name in _LINE_FORMATS:
        refuse_long_lines(filename, data)
    return sniffed


def is_import(filename: str, data: bytes | None = None) -> bool:
    """Whether a file holds concepts of its own (any format but the plain one)."""
    found = detect(filename, data) if data is not None else by_suffix(filename)
    return found is not None and not found.aligned
