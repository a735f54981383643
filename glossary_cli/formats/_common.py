"""What the format modules share: decoding, text clean-up, concept ids and per-language sources.

Standard library only.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from glossary_cli.errors import ParseError, ParseWarning
from glossary_cli.model import Concept, Glossary, Source
from glossary_cli.records import label

#: Separator of the items of a multi-valued cell (CSV, TSV).
CELL_SEPARATOR = " | "

_SPACE = re.compile(r"\s+")
# C0 controls other than tab, line feed and carriage return; DEL; C1 controls other than NEL
# (U+0085, a line break). They have no meaning in a term or definition (Unicode §23.1), most
# cannot be written to TBX (XML 1.0 §2.2), and a terminal would obey them.
# (and lone surrogates, which a JSON escape such as \ud800 makes, and no UTF-8 file can hold)
_CONTROLS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff]")


# marks of no letter a text carries in from an editor: bidi marks (LRM, RLM, ALM), a byte
# order mark inside a file, embeddings, overrides and isolates (Unicode UAX #9)
_INVISIBLE = re.compile("[\u200e\u200f\u061c\ufeff\u202a-\u202e\u2066-\u2069]")
# a zero-width joiner or non-joiner where it joins nothing: at a word's start or end
_LOOSE_JOINER = re.compile("(?<!\\S)[\u200c\u200d]+|[\u200c\u200d]+(?!\\S)")


def clean(text: str) -> str:
    """Imported text as the model stores it: NFC (Unicode UAX #15), every run of whitespace —
    the line breaks and tabs of an indented XML document included — one space, stripped;
    bidi marks and controls and byte order marks dropped (UAX #9: they carry no letter), and
    zero-width (non-)joiners that join nothing, at a word's edge (one inside a word,
    ``اشتراک‌گذاری``, is its spelling and is kept).

    >>> clean("A group of stars formed together in the spiral\\n\\t\\t\\tarms of a galaxy. ")
    'A group of stars formed together in the spiral arms of a galaxy.'
    >>> clean("\\u200fنموذج\\u200f"), clean("মডেল\\u200c"), clean("اشتراک\\u200cگذاری")
    ('نموذج', 'মডেল', 'اشتراک\u200cگذاری')
    """
    seen = _SEEN.get()
    if seen is not None:
        seen.update(changes(text))
    text = _INVISIBLE.sub("", unicodedata.normalize("NFC", text))
    return _LOOSE_JOINER.sub("", _SPACE.sub(" ", text)).strip()


#: What :func:`clean` changes in a text, as :func:`changes` names it. Whitespace at a text's
#: ends and line breaks inside it (an indented XML element, a multi-line cell) are how files
#: are written, and not named.
CHANGE_NAMES = {
    "nfc": "composed to NFC (Unicode UAX #15)",
    "spaces": "runs of spaces or tabs made one space",
    "special-spaces": "no-break and other special spaces made plain spaces",
    "marks": "bidi marks or byte order marks removed",
    "joiners": "zero-width joiners at a word's edge removed",
}
_SEEN: ContextVar[Counter[str] | None] = ContextVar("gloss_normalized", default=None)
_RUN = re.compile("[ \t]{2,}")
_SPECIAL_SPACE = re.compile("[^\\S \t\n\r]")


def changes(text: str) -> list[str]:
    r"""The kinds of change (keys of :data:`CHANGE_NAMES`) that :func:`clean` makes to
    ``text``, beyond whitespace at its ends and line breaks.

    >>> changes("a\u00a0b"), changes("e\u0301"), changes("a  b"), changes(" a\n b ")
    (['special-spaces'], ['nfc'], ['spaces'], [])
    """
    out = []
    if not unicodedata.is_normalized("NFC", text):
        out.append("nfc")
    inner = text.strip()
    if _RUN.search(inner):
        out.append("spaces")
    if _SPECIAL_SPACE.search(inner):
        out.append("special-spaces")
    if _INVISIBLE.search(text):
        out.append("marks")
    if _LOOSE_JOINER.search(text):
        out.append("joiners")
    return out


@contextmanager
def noting_changes() -> Iterator[Counter[str]]:
    """Count, while the block runs, the texts :func:`clean` changes, by kind of change
    (:func:`changes`), so that a reader reports them (:func:`changes_warning`)."""
    seen: Counter[str] = Counter()
    token = _SEEN.set(seen)
    try:
        yield seen
    finally:
        _SEEN.reset(token)


def changes_warning(seen: Counter[str], name: str) -> ParseWarning | None:
    """One warning that says how many texts of file ``name`` were stored changed, by kind;
    ``None`` when none was.

    >>> str(changes_warning(Counter({"special-spaces": 2, "nfc": 1}), "a.csv")).split(":")[:2]
    ['a.csv', ' 3 texts were stored normalized']
    """
    if not seen:
        return None
    said = "; ".join(f"{n} {CHANGE_NAMES[kind]}" for kind, n in seen.most_common())
    total = sum(seen.values())
    return ParseWarning(
        f"{total} text{'s were' if total != 1 else ' was'} stored normalized: {said}",
        path=name,
        hint="the termbase keeps NFC text with single plain spaces; fix the file to match",
    )


def find_control(
    value: Any, at: tuple[str | int, ...] = (), skip: frozenset[str] = frozenset()
) -> tuple[tuple[str | int, ...], str] | None:
    """The first control character of :data:`_CONTROLS` in ``value`` (a string, or mappings
    and lists of them as a record reader loads them): ``(path, character)``, the path of
    mapping keys and list indexes to the string that holds it; ``None`` when there is none.
    The values of mapping keys in ``skip`` are not looked at.

    >>> find_control({"languages": {"bn": {"terms": [{"term": "ক\\x07"}]}}})
    (('languages', 'bn', 'terms', 0, 'term'), '\\x07')
    >>> find_control(["a\\tb", "c\\nd"]) is None
    True
    """
    if isinstance(value, str):
        found = _CONTROLS.search(value)
        return (at, found.group()) if found else None
    items: Iterable[tuple[str | int, Any]]
    if isinstance(value, dict):
        items = ((k, v) for k, v in value.items() if k not in skip)
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        return None
    for key, item in items:
        hit = find_control(item, (*at, key), skip)
        if hit is not None:
            return hit
    return None


def control_message(char: str) -> tuple[str, str]:
    """The message and hint of an error about the control character ``char``."""
    if "\ud800" <= char <= "\udfff":
        return (
            f"holds U+{ord(char):04X}, half of a surrogate pair, which is no character",
            "remove it (a JSON escape such as \\ud800 alone makes one)",
        )
    return (
        f"holds the control character U+{ord(char):04X}",
        "remove it: a term, definition or note is plain text",
    )


#: The path of mapping keys and list indexes to a value of a record.
KeyPath = tuple[str | int, ...]


def refuse_controls(
    value: Any,
    name: str,
    line: int | None = None,
    lines: Mapping[KeyPath, int] | None = None,
    describe: Callable[[KeyPath], str] | None = None,
    skip: frozenset[str] = frozenset(),
) -> None:
    """Refuse a value read from a file that holds a control character (:func:`find_control`).
    Every reader refuses them through this function (tables cell by cell, record files value
    by value, the other readers' concepts in :func:`refuse_glossary_controls`), so that none
    enters the termbase, where no XML export could write it and a terminal would obey it.

    Args:
        value: what was read (a string, or mappings and lists of them).
        name: the file's name; ``line``: the line of ``value``, or ``lines``: the line of each
            path of a YAML document (:func:`glossary_cli.formats._yaml.load_yaml_lines`).
        describe: how the message names the path to the string (default: as records do,
            ``languages.bn.terms[1].term``).
        skip: mapping keys whose values are not looked at (:func:`find_control`).

    Raises:
        ParseError: naming the file, the line and the string.
    """
    hit = find_control(value, skip=skip)
    if hit is None:
        return
    path, char = hit
    message, hint = control_message(char)
    raise ParseError(
        f"{(describe or label)(path)} {message}",
        path=name,
        line=lines.get(path) if lines is not None else line,
        hint=hint,
    )


#: What a concept's record holds that gloss writes itself, from the file's name: where each
#: text was read (a file name may hold anything; it is made visible where it is shown).
_BOOKKEEPING = frozenset({"source", "provenance"})
_LINE_OF_SOURCE = re.compile(r":(\d+)$")


def refuse_glossary_controls(glossary: Glossary, name: str) -> None:
    """Refuse a glossary read from the file ``name`` when a text of one of its concepts — a
    term, a definition, a note, a property, an id — holds a control character
    (:func:`refuse_controls`, on each concept's record:
    :func:`glossary_cli.records.concept_to_mapping`).

    Raises:
        ParseError: naming the file (in a term folder, the term file), the line of the term
            or definition that holds it (its ``FILE:LINE`` source, else the concept's) and
            the text: ``x.po:5: the en term holds the control character U+001B``.
    """
    from glossary_cli.records import concept_to_mapping

    for concept in glossary.concepts:
        record = concept_to_mapping(concept)
        hit = find_control(record, skip=_BOOKKEEPING)
        if hit is None:
            continue
        sources = [*concept.provenance[:1]]  # the concept's, then those nearer the text
        value: Any = record
        for key in hit[0][:-1]:
            value = value[key]
            if isinstance(value, dict) and isinstance(value.get("source"), str):
                sources.append(value["source"])
        file, line = name, None
        for source in reversed(sources):
            number = _LINE_OF_SOURCE.search(source)
            if number:
                inside = source[: number.start()]  # a term folder's FOLDER/LANG/FILE.md
                file = inside if inside.startswith(name + "/") else name
                line = int(number.group(1))
                break
        refuse_controls(record, file, line, describe=_described, skip=_BOOKKEEPING)


def _described(path: KeyPath) -> str:
    """How a message names the text at ``path`` of a concept's record: ``the en term``, ``a
    definition in bn``, else as records do (``notes[1]``)."""
    if len(path) >= 5 and path[0] == "languages" and path[2] == "terms" and path[-1] == "term":
        return f"the {path[1]} term"
    if "definitions" in path:
        return f"a definition in {path[1]}" if path[0] == "languages" else "a definition"
    return label(path)


def overlong_in(concept: Concept) -> tuple[tuple[str | int, ...], int, bool] | None:
    """The first text of ``concept`` past what gloss reads (:mod:`glossary_cli.limits`: a
    term's text, or any other text: definitions, notes, usage, citations, properties, cross
    references): ``(keys, length, term)``, the path of record keys to it
    (``("languages", "bn", "terms", 0, "term")``) as :func:`glossary_cli.records.label` names
    it; ``None`` when every text is within them."""
    from glossary_cli.limits import too_long

    def texts(prefix: tuple[str | int, ...], item: Any) -> Iterable[tuple[Any, str]]:
        for key in ("text", "value", "citation", "source", "usage", "target"):
            value = getattr(item, key, None)
            if isinstance(value, str):
                yield (*prefix, key), value

    found: list[tuple[tuple[str | int, ...], str]] = []
    for j, d in enumerate(concept.definitions):
        found += texts(("definitions", j), d)
    found += [(("notes", j), n) for j, n in enumerate(concept.notes)]
    found += [(("subject_fields", j), n) for j, n in enumerate(concept.subject_fields)]
    for j, x in enumerate(concept.xrefs):
        found += texts(("xrefs", j), x)
    for j, p in enumerate(concept.properties):
        found += texts(("properties", j), p)
    for s in concept.languages:
        at: tuple[str | int, ...] = ("languages", s.lang)
        for k, t in enumerate(s.terms):
            if too_long(t.text, True):
                return (*at, "terms", k, "term"), len(t.text), True
            found += texts((*at, "terms", k), t)
            found += [((*at, "terms", k, "notes", j), n) for j, n in enumerate(t.notes)]
            for j, d in enumerate(t.definitions):
                found += texts((*at, "terms", k, "definitions", j), d)
            for j, p in enumerate(t.properties):
                found += texts((*at, "terms", k, "properties", j), p)
        for j, d in enumerate(s.definitions):
            found += texts((*at, "definitions", j), d)
        found += [((*at, "notes", j), n) for j, n in enumerate(s.notes)]
        for j, p in enumerate(s.properties):
            found += texts((*at, "properties", j), p)
    for keys, text in found:
        if too_long(text, False):
            return keys, len(text), False
    return None


def refuse_overlong(
    concept: Concept,
    name: str,
    line: int | None = None,
    lines: Mapping[tuple[str | int, ...], int] | None = None,
    at: tuple[str | int, ...] = (),
) -> None:
    """Refuse a concept read from a file of records (JSON Lines, YAML) that holds a text past
    what gloss reads (:func:`overlong_in`).

    Args:
        concept: the concept as read.
        name: the file's name; ``line``: the concept's line, or ``lines`` the line of each
            path of a YAML document and ``at`` the concept's path in it.

    Raises:
        ParseError: naming the file, the line and the key of the text.
    """
    from glossary_cli.limits import TERM_HINT, TEXT_HINT, overlong_message

    found = overlong_in(concept)
    if found is None:
        return
    keys, length, term = found
    where = lines.get((*at, *keys)) if lines is not None else None
    raise ParseError(
        f"concept {concept.id!r}: {label(keys)}: "
        + overlong_message("term" if term else "text", length, term),
        path=name,
        line=where or (lines.get(at) if lines is not None else line),
        hint=TERM_HINT if term else TEXT_HINT,
    )


def refuse_termless(concept: Concept, name: str, line: int | None, hint: str) -> None:
    """Refuse an imported concept without a term: none at all, or only search-only aliases
    and misreadings (which are never exported, so nothing would name it).

    Raises:
        ParseError: with the concept's line.
    """
    if any(t.role is None for s in concept.languages for t in s.terms):
        return
    raise ParseError(
        f"concept {concept.id or '(without an id)'!r} has no term"
        + (": only search-only aliases or misreadings" if concept.languages else ""),
        path=name,
        line=line,
        hint=hint,
    )


#: Byte order marks and the codecs they call for, longest first (UTF-32 LE starts as UTF-16 LE's).
_BOMS = (
    (b"\x00\x00\xfe\xff", "utf-32-be"),
    (b"\xff\xfe\x00\x00", "utf-32-le"),
    (b"\xef\xbb\xbf", "utf-8"),
    (b"\xff\xfe", "utf-16-le"),
    (b"\xfe\xff", "utf-16-be"),
)
# characters of Windows-1252 text that are not ASCII but punctuation, symbols or spaces
_CP1252_MARKS = frozenset("\u20ac\u201a\u201e\u2026\u2020\u2021\u2030\u2039\u2018\u2019\u201c"
                          "\u201d\u2022\u2013\u2014\u2122\u203a\xa0\xa1\xa2\xa3\xa4\xa5\xa6"
                          "\xa7\xa8\xa9\xab\xac\xad\xae\xaf\xb0\xb1\xb2\xb3\xb4\xb6\xb7"
                          "\xb8\xb9\xbb\xbc\xbd\xbe\xbf\xd7\xf7")  # fmt: skip


def decode(data: bytes, name: str, warnings: list[ParseWarning] | None = None) -> str:
    r"""Text of an import file, in the first encoding that fits:

    * a byte order mark's: UTF-8 (the mark is dropped), UTF-16 or UTF-32, LE or BE;
    * UTF-16 without a byte order mark, when its NUL bytes say so (every other byte of
      ASCII text is NUL, all at even or all at odd offsets) and it decodes; other NUL bytes
      are binary data;
    * UTF-8;
    * only when the caller takes ``warnings``: Windows-1252 (of which Latin-1's letters are a
      part), when the bytes decode as it, hold no NUL, no valid UTF-8 sequence of two or more
      bytes, and their non-ASCII bytes read as Latin letters, mostly one or two within ASCII
      words (``défini``), as Western European text is written; a
      :class:`~glossary_cli.errors.ParseWarning` that names the encoding is appended.

    >>> decode("défini\n".encode("utf-16"), "t.csv")
    'défini\n'
    >>> found = []
    >>> decode("terme défini\n".encode("cp1252"), "t.csv", found), found[0].message
    ('terme défini\n', 'the file is not UTF-8: read as Windows-1252 (Latin-1), as its letters say')

    Args:
        data: the file's bytes.
        name: its name, for messages.
        warnings: where to report a guessed encoding; ``None``: guess none.

    Returns:
        The text, without a byte order mark.

    Raises:
        ParseError: no encoding fits: binary data (NUL bytes that are not UTF-16), text in a
            single-byte encoding gloss does not guess, or bytes invalid in the encoding their
            byte order mark names; with the line and column of the first bad byte and a hint
            (``iconv -f ENC -t UTF-8``).
    """
    for bom, codec in _BOMS:
        if data.startswith(bom):
            return _decoded(data[len(bom) :], codec, name)
    nul = data.find(b"\x00")
    if nul >= 0:
        utf16 = _utf16(data)
        if utf16 is not None:
            return _decoded(data, utf16, name)
        raise ParseError(
            f"the file holds NUL bytes (the first at byte {nul + 1}): it is binary, or text in "
            "an encoding gloss does not read",
            path=name,
            line=data.count(b"\n", 0, nul) + 1,
            hint="save it as UTF-8 text (iconv -f ENC -t UTF-8, ENC its encoding)",
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        bad = exc
    line, column = _position(data, bad.start)
    looks = _single_byte(data)
    if looks == "cp1252" and warnings is not None:
        warnings.append(
            ParseWarning(
                "the file is not UTF-8: read as Windows-1252 (Latin-1), as its letters say",
                path=name,
                line=line,
                hint="if its accented letters look wrong, convert it: "
                "iconv -f ENC -t UTF-8 (ENC its encoding)",
            )
        )
        return data.decode("cp1252")
    raise ParseError(
        f"byte 0x{data[bad.start]:02x} (column {column}) is not UTF-8: "
        + (
            "the file looks like Latin-1 or Windows-1252 text"
            if looks == "cp1252"
            else "the file looks like text in a single-byte encoding of another script "
            "(Windows-1256 for Arabic, KOI8-R or Windows-1251 for Cyrillic…)"
            if looks == "other"
            else "the file mixes UTF-8 with bytes of another encoding"
            if looks == "mixed"
            else "the file is not text gloss can decode"
        ),
        path=name,
        line=line,
        hint="save it as UTF-8: iconv -f WINDOWS-1252 -t UTF-8"
        if looks == "cp1252"
        else "save it as UTF-8: iconv -f ENC -t UTF-8 (ENC its encoding)",
    )


def _decoded(data: bytes, codec: str, name: str) -> str:
    try:
        return data.decode(codec)
    except UnicodeDecodeError as exc:
        width = 4 if "32" in codec else 2 if "16" in codec else 1
        text = data[: exc.start - exc.start % width].decode(codec, "replace")
        raise ParseError(
            f"bytes {data[exc.start : exc.start + width].hex()} are not valid "
            f"{codec.upper().replace('-LE', '').replace('-BE', '')}",
            path=name,
            line=text.count("\n") + 1,
            column=len(text) - (text.rfind("\n") + 1) + 1,
            hint="save the file as UTF-8",
        ) from None


def _position(data: bytes, offset: int) -> tuple[int, int]:
    before = data[:offset]
    return before.count(b"\n") + 1, offset - (before.rfind(b"\n") + 1) + 1


def _utf16(data: bytes) -> str | None:
    """``"utf-16-le"`` or ``"utf-16-be"`` when ``data`` is UTF-16 text without a byte order
    mark: of even length, its NUL bytes all at odd offsets (LE) or all at even ones (BE), at
    least one line break or separator encoded so, decoding cleanly to text without NUL."""
    head = data[:65536]
    if len(data) % 2 or len(head) < 4:
        return None
    evens, odds = head[0::2].count(0), head[1::2].count(0)
    if evens and odds:
        return None
    codec = "utf-16-le" if odds else "utf-16-be"
    try:
        text = data.decode(codec)
    except UnicodeDecodeError:
        return None
    if "\x00" in text or not any(c in text[:32768] for c in "\n,;\t"):
        return None
    return codec


_HIGH_RUN = re.compile(rb"[\x80-\xff]+")
_UTF8_SEQUENCE = re.compile(
    rb"[\xc2-\xdf][\x80-\xbf]|[\xe0-\xef][\x80-\xbf]{2}|[\xf0-\xf4][\x80-\xbf]{3}"
)


def _single_byte(data: bytes) -> str:
    """What bytes that are not UTF-8 look like: ``"cp1252"`` (Western European text: valid
    Windows-1252, non-ASCII bytes decoding to Latin letters or its punctuation, in runs of
    one or two), ``"mixed"`` (valid UTF-8 sequences of several bytes among them), ``"other"``
    (runs of non-ASCII bytes as long as words: another script's single-byte encoding), or
    ``"binary"``."""
    sample = data[: 1 << 20]
    if _UTF8_SEQUENCE.search(sample) and any(
        not _UTF8_SEQUENCE.fullmatch(run) for run in _HIGH_RUN.findall(sample)
    ):
        valid = sum(len(m) for m in _UTF8_SEQUENCE.findall(sample))
        if valid * 2 >= sum(len(r) for r in _HIGH_RUN.findall(sample)):
            return "mixed"
    try:
        text = sample.decode("cp1252")
    except UnicodeDecodeError:
        return "binary"
    if _CONTROLS.search(text.replace("\x85", "")):
        return "binary"
    runs = _HIGH_RUN.findall(sample)
    long = sum(len(r) for r in runs if len(r) > 2)
    total = sum(len(r) for r in runs)
    if long * 5 > total:
        return "other"
    high = {c for c in text if ord(c) >= 0x80}
    if all(c in _CP1252_MARKS or (c.isalpha() and "LATIN" in unicodedata.name(c, "")) or c == "\xb5"
           for c in high):  # fmt: skip
        return "cp1252"
    return "other"


def digest(data: bytes) -> str:
    """Hex SHA-256 of a file's bytes (:attr:`glossary_cli.model.Source.sha256`)."""
    return hashlib.sha256(data).hexdigest()


def slug(text: str) -> str:
    """An ASCII slug of ``text``; a hash-based one for text with no Latin letters or digits.

    >>> slug("Vía Láctea"), slug("تقليم")[:8]
    ('via-lactea', 'concept-')
    """
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    out = re.sub(r"[^a-z0-9]+", "-", folded.lower()).strip("-")
    return (
        out[:100].rstrip("-") or "concept-" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]
    )


def with_ids(
    concepts: Sequence[tuple[Concept, int]], name: str, warnings: list[ParseWarning]
) -> list[Concept]:
    """Concepts read from one file, each with the line it starts on, given unique ids: an id
    the file gives is kept; one it gives again to another concept (Weblate's TBX exports
    write ``id="1"`` on many entries) is kept apart, numbered ``ID-2``, ``ID-3``…, with a
    warning in ``warnings``; a concept without one (``id == ""``) gets a slug of its
    headword or first term, made unique the same way.

    >>> from glossary_cli.model import LangSection, Term
    >>> one = Concept("1", (LangSection("en", (Term("a"),)),))
    >>> said = []
    >>> [c.id for c in with_ids([(one, 3), (one, 9), (one, 12)], "x.tbx", said)]
    ['1', '1-2', '1-3']
    >>> said[0].message
    "the id '1' is given to 3 concepts (lines 3, 9, 12): they are kept apart, as '1', '1-2', '1-3'"
    """
    given: dict[str, list[int]] = {}
    for concept, line in concepts:
        if concept.id:
            given.setdefault(concept.id, []).append(line)
    used = set(given)
    repeated = {cid: lines for cid, lines in given.items() if len(lines) > 1}
    out = []
    renamed: dict[str, list[str]] = {}
    seen: set[str] = set()
    for concept, _ in concepts:
        if concept.id and concept.id not in seen:
            seen.add(concept.id)
            out.append(concept)
            renamed.setdefault(concept.id, []).append(concept.id)
            continue
        if concept.id:
            base = concept.id
        else:
            names = [concept.en or "", *(t.text for s in concept.languages for t in s.terms)]
            base = slug(next((n for n in names if n), "concept"))
        cid, n = base, 1
        while cid in used:
            n += 1
            cid = f"{base}-{n}"
        used.add(cid)
        if concept.id:
            renamed[concept.id].append(cid)
        out.append(concept._replace(id=cid))
    shown = list(repeated.items())[:5]
    for cid, lines in shown:
        as_ = ", ".join(repr(i) for i in renamed[cid][:6])
        more = ", …" if len(renamed[cid]) > 6 else ""
        warnings.append(
            ParseWarning(
                f"the id {cid!r} is given to {len(lines)} concepts (lines "
                f"{', '.join(map(str, lines[:6]))}{', …' if len(lines) > 6 else ''}): they are "
                f"kept apart, as {as_}{more}",
                path=name,
                line=lines[1],
                hint="give every concept its own id, or leave the id out to derive one",
            )
        )
    if len(repeated) > len(shown):
        rest = len(repeated) - len(shown)
        warnings.append(
            ParseWarning(
                f"{rest} more id{'s are' if rest > 1 else ' is'} given to several concepts: "
                "each concept is kept apart, its id numbered",
                path=name,
            )
        )
    return out


def glossary_of(
    concepts: Iterable[Concept], name: str, title: str, sha256: str, subtitle: str = ""
) -> Glossary:
    """The glossary of one imported file: its concepts, and one :class:`Source` per language
    in order of first appearance, each counting the concepts with a section in it (a
    termbase is one file of many languages, while a source describes one language of it)."""
    concepts = tuple(concepts)
    counts: dict[str, int] = {}
    for concept in concepts:
        for section in concept.languages:
            counts[section.lang] = counts.get(section.lang, 0) + 1
    sources = tuple(
        Source(file=name, lang=lang, title=title, subtitle=subtitle, entries=n, sha256=sha256)
        for lang, n in counts.items()
    )
    return Glossary(sources=sources, concepts=concepts)


def read_from(
    concept: Concept,
    where: str,
    lines: Mapping[tuple[str | int, ...], int] | None = None,
    at: tuple[str | int, ...] = (),
) -> Concept:
    """``concept`` as read from a file of records (JSON Lines, YAML): every term and
    definition gets ``where`` — or, given the ``lines`` of a YAML document and the concept's
    path ``at`` in it, the ``FILE:LINE`` of its own item — as its source, as every reader's
    terms name where they were read; the source the records gave becomes its citation
    (unless it has one). The concept's provenance starts with ``where``.

    Raises:
        ParseError: the concept has no term (none at all, or only search-only aliases and
            misreadings), with its line.
    """
    head, _, tail = where.rpartition(":")
    name, own_line = (head, int(tail)) if tail.isdigit() else (where, None)

    def line_of(*keys: str | int) -> int | None:
        return lines.get((*at, *keys)) if lines is not None else own_line

    def place(*keys: str | int) -> str:
        line = line_of(*keys)
        return f"{name}:{line}" if line else where

    refuse_termless(concept, name, line_of(), "give the concept a term in at least one language")

    def moved(value: Any, source: str) -> Any:
        if value.source == source:
            return value
        citation = value.citation or value.source or None
        return value._replace(source=source, citation=citation)

    sections = []
    for s in concept.languages:
        terms = []
        for k, t in enumerate(s.terms):
            term = moved(t, place("languages", s.lang, "terms", k))
            defs = tuple(
                moved(d, place("languages", s.lang, "terms", k, "definitions", j))
                for j, d in enumerate(t.definitions)
            )
            terms.append(term._replace(definitions=defs))
        defs = tuple(
            moved(d, place("languages", s.lang, "definitions", j))
            for j, d in enumerate(s.definitions)
        )
        sections.append(s._replace(terms=tuple(terms), definitions=defs))
    definitions = tuple(
        moved(d, place("definitions", j)) for j, d in enumerate(concept.definitions)
    )
    provenance = tuple(dict.fromkeys([place(), *concept.provenance]))
    return concept._replace(
        languages=tuple(sections), definitions=definitions, provenance=provenance
    )
