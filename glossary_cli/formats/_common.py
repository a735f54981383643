"""What the format modules share: decoding, text clean-up, concept ids and per-language sources.

Standard library only.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from glossary_cli.errors import ParseError
from glossary_cli.model import Concept, Glossary, Source
from glossary_cli.records import label

#: Separator of the items of a multi-valued cell (CSV, TSV).
CELL_SEPARATOR = " | "

_SPACE = re.compile(r"\s+")
# C0 controls other than tab, line feed and carriage return; DEL; C1 controls other than NEL
# (U+0085, a line break). They have no meaning in a term or definition (Unicode §23.1), most
# cannot be written to TBX (XML 1.0 §2.2), and a terminal would obey them.
_CONTROLS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f]")


def clean(text: str) -> str:
    """Imported text as the model stores it: NFC (Unicode UAX #15), every run of whitespace —
    the line breaks and tabs of an indented XML document included — one space, stripped.

    >>> clean("A group of stars formed together in the spiral\\n\\t\\t\\tarms of a galaxy. ")
    'A group of stars formed together in the spiral arms of a galaxy.'
    """
    return _SPACE.sub(" ", unicodedata.normalize("NFC", text)).strip()


def find_control(
    value: Any, at: tuple[str | int, ...] = ()
) -> tuple[tuple[str | int, ...], str] | None:
    """The first control character of :data:`_CONTROLS` in ``value`` (a string, or mappings
    and lists of them as a record reader loads them): ``(path, character)``, the path of
    mapping keys and list indexes to the string that holds it; ``None`` when there is none.

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
        items = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        return None
    for key, item in items:
        hit = find_control(item, (*at, key))
        if hit is not None:
            return hit
    return None


def control_message(char: str) -> tuple[str, str]:
    """The message and hint of an error about the control character ``char``."""
    return (
        f"holds the control character U+{ord(char):04X}",
        "remove it: a term, definition or note is plain text",
    )


def refuse_controls(
    value: Any,
    name: str,
    line: int | None = None,
    lines: Mapping[tuple[str | int, ...], int] | None = None,
    describe: Callable[[tuple[str | int, ...]], str] | None = None,
) -> None:
    """Refuse a value read from a file that holds a control character (:func:`find_control`).

    Args:
        value: what was read (a string, or mappings and lists of them).
        name: the file's name; ``line``: the line of ``value``, or ``lines``: the line of each
            path of a YAML document (:func:`glossary_cli.formats._yaml.load_yaml_lines`).
        describe: how the message names the path to the string (default: as records do,
            ``languages.bn.terms[1].term``).

    Raises:
        ParseError: naming the file, the line and the string.
    """
    hit = find_control(value)
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


def decode(data: bytes, name: str) -> str:
    """Text of an import file: UTF-8 (a BOM is dropped), or UTF-16 with a BOM.

    Raises:
        ParseError: the bytes are not in that encoding (line and column of the first bad one).
    """
    codec = "utf-16" if data.startswith((b"\xff\xfe", b"\xfe\xff")) else "utf-8-sig"
    try:
        return data.decode(codec)
    except UnicodeDecodeError as exc:
        before = data[: exc.start]
        raise ParseError(
            f"byte 0x{data[exc.start]:02x} is not valid {codec.removesuffix('-sig').upper()}",
            path=name,
            line=before.count(b"\n") + 1,
            column=exc.start - (before.rfind(b"\n") + 1) + 1,
            hint="save the file as UTF-8",
        ) from None


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


def with_ids(concepts: Sequence[tuple[Concept, int]], name: str) -> list[Concept]:
    """Concepts read from one file, each with the line it starts on, given unique ids: an id
    the file gives is kept; a concept without one (``id == ""``) gets a slug of its
    headword or first term, made unique with ``-2``, ``-3``…

    Raises:
        ParseError: two concepts of the file give the same id.
    """
    first_line: dict[str, int] = {}
    for concept, line in concepts:
        if not concept.id:
            continue
        if concept.id in first_line:
            first = first_line[concept.id]
            raise ParseError(
                f"duplicate concept id {concept.id!r} (first used on line {first})",
                path=name,
                line=line,
                hint="give every concept its own id, or leave the id out to derive one",
            )
        first_line[concept.id] = line
    used = set(first_line)
    out = []
    for concept, _ in concepts:
        if concept.id:
            out.append(concept)
            continue
        names = [concept.en or "", *(t.text for s in concept.languages for t in s.terms)]
        base = slug(next((n for n in names if n), "concept"))
        cid, n = base, 1
        while cid in used:
            n += 1
            cid = f"{base}-{n}"
        used.add(cid)
        out.append(concept._replace(id=cid))
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


#: Language names a table header may use, folded, and their tags.
LANGUAGE_NAMES = {
    "english": "en", "arabic": "ar", "bengali": "bn", "bangla": "bn", "bn": "bn",
    "french": "fr", "german": "de", "hindi": "hi", "urdu": "ur", "persian": "fa",
    "farsi": "fa", "spanish": "es", "portuguese": "pt", "italian": "it", "russian": "ru",
    "chinese": "zh", "japanese": "ja", "korean": "ko", "turkish": "tr", "indonesian": "id",
    "malay": "ms", "swahili": "sw", "tamil": "ta", "nepali": "ne", "marathi": "mr",
    "en": "en", "ar": "ar", "fr": "fr", "de": "de", "hi": "hi", "ur": "ur", "fa": "fa",
    "es": "es", "english term": "en", "arabic term": "ar", "bengali term": "bn",
    "العربية": "ar", "عربي": "ar", "الإنجليزية": "en", "إنجليزي": "en", "بالإنجليزية": "en",
    "بالعربية": "ar", "বাংলা": "bn", "ইংরেজি": "en",
}  # fmt: skip
#: Header words of a definition or note column.
DEFINITION_COLUMNS = frozenset(
    {"definition", "description", "meaning", "explanation", "التعريف", "الشرح", "সংজ্ঞা"}
)
NOTE_COLUMNS = frozenset({"notes", "note", "comment", "comments", "ملاحظات", "মন্তব্য"})


def script_lang(text: str, langs: Sequence[str] = ()) -> str:
    """The language a text's script says: the first of ``langs`` written in it, else by
    script (Arabic script: ``ar``, Bengali: ``bn``, Devanagari: ``hi``), else ``en``."""
    from glossary_cli.scripts import script_block

    letters = [c for c in text if c.isalpha()]
    block = script_block(letters[0]) if letters else "latin"
    arabic_script = [lang for lang in langs if lang in ("ar", "fa", "ur")]
    if block == "arabic":
        return arabic_script[0] if arabic_script else "ar"
    if block == "bengali":
        return "bn"
    if block == "devanagari":
        return next((lang for lang in langs if lang in ("hi", "mr", "ne")), "hi")
    return next((lang for lang in langs if lang not in ("ar", "fa", "ur", "bn", "hi")), "en")
