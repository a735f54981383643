"""gettext PO and POT files as glossaries (GNOME's and KDE's glossaries, translation
compendia), read with polib.

=========================================  ==================================================
PO (GNU gettext manual, "The Format of PO     gloss
Files")
=========================================  ==================================================
``msgid``                                  a term of the source language (English, or the
                                           ``X-Source-Language`` header's)
``msgid_plural``                           a second source term (its plural)
``msgstr`` (``msgstr[0]``)                 the target-language term; the ``Language`` header
                                           names the language (``bn``, ``ar_EG`` → ``ar-EG``)
``msgstr[1]``… (plural forms)              further target terms of the concept
``#.`` extracted comments                  the source-language definition
``#`` translator comments                  a note on the target term
``msgctxt``                                a note on the concept (two entries that differ by
                                           it are two concepts)
``#, fuzzy``                               the target term is kept unverified: no status,
                                           TBX ``processStatus`` *unprocessed* and a note,
                                           never preferred
empty ``msgstr``                           a source-language entry only
obsolete entries (``#~``), the header      left out
=========================================  ==================================================

Every term names ``FILE:LINE``, the line of its entry, as its source.
"""

from __future__ import annotations

from typing import Any

from glossary_cli.errors import ParseError
from glossary_cli.formats._common import clean, decode, digest, glossary_of, with_ids
from glossary_cli.model import Concept, Definition, Glossary, LangSection, Property, Term
from glossary_cli.tags import canonical_tag, is_language_tag

#: The note a term marked fuzzy carries.
FUZZY_NOTE = "unverified: marked fuzzy in the PO file"


def read(data: bytes, name: str) -> Glossary:
    """Read a PO or POT file (see the module docstring).

    Args:
        data: the file's bytes (UTF-8, or the charset its header declares).
        name: the file's name, for messages and sources.

    Returns:
        One concept per entry with a source term; ids are slugs of the source term.

    Raises:
        ParseError: the file is not PO (with polib's reason and line), has no entry, or
            gives a ``Language`` header that is no language tag.
    """
    import polib

    text = _text(data, name)
    try:
        po = polib.pofile(text, wrapwidth=0)
    except (OSError, ValueError) as exc:
        raise ParseError(
            f"not a PO file gloss can read: {exc}",
            path=name,
            line=_line_of(str(exc)),
            hint="check it with `msgfmt --check`",
        ) from None
    target = _language(po.metadata.get("Language", ""), name)
    source = _language(po.metadata.get("X-Source-Language", "") or "en", name) or "en"
    concepts: list[tuple[Concept, int]] = []
    for entry in po:
        if entry.obsolete or not entry.msgid.strip():
            continue
        concept = _concept(entry, source, target, name)
        if concept is not None:
            concepts.append((concept, entry.linenum))
    if not concepts:
        raise ParseError(
            "the PO file has no entry with a term",
            path=name,
            hint="a glossary's entries give the term as msgid and its translation as msgstr",
        )
    return glossary_of(with_ids(concepts, name), name, name, digest(data))


def _text(data: bytes, name: str) -> str:
    """The file as text: UTF-8 (the charset gettext recommends), else the charset of its
    ``Content-Type`` header."""
    try:
        return decode(data, name)
    except ParseError:
        head = data[:4096].decode("ascii", "replace")
        marker = "charset="
        if marker in head:
            charset = head.split(marker, 1)[1].split("\\", 1)[0].split('"', 1)[0].strip()
            try:
                return data.decode(charset)
            except (LookupError, UnicodeDecodeError):
                pass
        raise


def _line_of(message: str) -> int | None:
    """The line number polib names in a syntax error (``… (line 12)``), if any."""
    digits = message.rsplit("line", 1)[-1].strip(" )") if "line" in message else ""
    return int(digits) if digits.isdigit() else None


def _language(value: str, name: str) -> str | None:
    """A PO ``Language`` value (``bn``, ``ar_EG``, ``sr@latin``) as a BCP 47 tag, or None.

    Raises:
        ParseError: the value is no language tag.
    """
    value = value.strip()
    if not value:
        return None
    base, _, modifier = value.partition("@")
    tag = base.replace("_", "-")
    if modifier.casefold() == "latin":
        tag += "-Latn"
    if not is_language_tag(tag):
        raise ParseError(
            f"the Language header {value!r} is not a language tag",
            path=name,
            hint="set it to the target language, e.g. Language: bn",
        )
    return canonical_tag(tag)


def _concept(entry: Any, source: str, target: str | None, name: str) -> Concept | None:
    where = f"{name}:{entry.linenum}"
    fuzzy = "fuzzy" in entry.flags
    english = [clean(entry.msgid)]
    if entry.msgid_plural and clean(entry.msgid_plural) not in english:
        english.append(clean(entry.msgid_plural))
    definition = clean(entry.comment or "")
    source_terms = tuple(Term(t, source=where) for t in english if t)
    sections = [
        LangSection(
            source,
            source_terms,
            (Definition(definition, where, lang=source),) if definition else (),
        )
    ]
    translations = [entry.msgstr] if not entry.msgstr_plural else [
        entry.msgstr_plural[k] for k in sorted(entry.msgstr_plural)
    ]  # fmt: skip
    translated = list(dict.fromkeys(clean(t) for t in translations if t and clean(t)))
    if translated and target is not None and target != source:
        note = clean(entry.tcomment or "")
        notes = tuple(n for n in (note, FUZZY_NOTE if fuzzy else "") if n)
        properties = (Property("processStatus", "unprocessed", "termNote"),) if fuzzy else ()
        terms = tuple(Term(t, source=where, notes=notes, properties=properties) for t in translated)
        sections.append(LangSection(target, terms))
    context = clean(entry.msgctxt or "")
    return Concept(
        id="",
        languages=tuple(sections),
        notes=(f"context: {context}",) if context else (),
        provenance=(where,),
    )
