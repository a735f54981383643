"""A safe XML reader for termbase files: the standard library's expat, driven directly.

Standard library only. See :func:`parse_xml` for what it refuses and why.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from xml.parsers import expat

from glossary_cli.errors import ParseError

#: The ``xml:lang`` attribute, as ElementTree names it.
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


class _Refused(Exception):
    """Raised from inside the XML parser to stop at a construct gloss does not read."""

    def __init__(self, message: str, hint: str) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint


def parse_xml(data: bytes, name: str) -> tuple[ET.Element, dict[ET.Element, int]]:
    """Parse ``data`` into an ElementTree, noting each element's line.

    The parser is the standard library's expat, driven directly (ElementTree's own parser
    exposes neither hook) so that

    * no entity is ever declared or expanded, which the XML entity attacks ("billion laughs",
      external entities) need: a DOCTYPE with an internal subset (``<!DOCTYPE x [...]>``, the
      only place a declaration could come from) stops parsing as soon as it starts, before
      any declaration is read; an external DTD is never fetched (no external-entity handler,
      parameter entities off), and a reference to an entity it might have declared is an
      error, not silently dropped text. A DOCTYPE that only names an external DTD, as in
      ``<!DOCTYPE martif SYSTEM "TBXcoreStructV02.dtd">``, is allowed: TBX v2 files, including
      the Translate Toolkit's and Weblate's, start with one, and it declares nothing here;
    * every element's line is known, for messages and for the sources of what is read.

    A plain check for ``<!DOCTYPE`` in the bytes would also refuse those files, and would miss
    the declaration in a UTF-16 document; expat sees the document as the XML spec defines it.

    Expat itself reads UTF-8, UTF-16, ISO-8859-1 and US-ASCII, and Python's single-byte
    codecs through pyexpat; a document in a multi-byte encoding it lacks (``Shift_JIS``,
    ``GB2312``, ``Big5``, ``EUC-KR``…) is decoded with Python's codec of the name its XML
    declaration gives and parsed as UTF-8, lines unchanged.

    Args:
        data: the file's bytes (any encoding its XML declaration names).
        name: the file's name, for messages.

    Returns:
        The root element, and the 1-based line each element starts on.

    Raises:
        ParseError: the data is not well-formed XML, has an internal DTD subset, refers to
            an entity that is not one of XML's five predefined ones, or is not in the
            encoding it declares (or declares one Python does not know).
    """
    declared = _declared_encoding(data)
    _refuse_utf8_declared_otherwise(data, name, declared)
    try:
        return _parse(data, name, None)
    except (ValueError, LookupError):  # "multi-byte encodings are not supported", or unknown
        pass
    try:
        text = data.decode(declared or "utf-8")
    except LookupError:
        raise ParseError(
            f"the XML declaration names the encoding {declared!r}, which gloss does not know",
            path=name,
            line=1,
            hint='save the file as UTF-8 and say encoding="UTF-8"',
        ) from None
    except UnicodeDecodeError as exc:
        before = data[: exc.start]
        raise ParseError(
            f"byte 0x{data[exc.start]:02x} is not {declared} text, the encoding the XML "
            "declaration names",
            path=name,
            line=before.count(b"\n") + 1,
            column=exc.start - (before.rfind(b"\n") + 1) + 1,
            hint='save the file as UTF-8 and say encoding="UTF-8"',
        ) from None
    return _parse(text.encode("utf-8"), name, "utf-8")


def _refuse_utf8_declared_otherwise(data: bytes, name: str, declared: str | None) -> None:
    """Refuse a document whose declaration names another encoding than UTF-8 or UTF-16 while
    its bytes are UTF-8 with letters outside ASCII (a file saved as UTF-8 whose declaration
    was kept): read as declared, every such letter would be other letters (mojibake), silently.
    Text in a legacy encoding is almost never valid UTF-8 by chance.

    Raises:
        ParseError: naming the declared encoding, on line 1.
    """
    import codecs

    if declared is None or data.isascii():
        return
    try:
        codec = codecs.lookup(declared).name
    except LookupError:
        return  # said by the reading that follows
    if codec.startswith(("utf-8", "utf-16", "utf-32")) or data.startswith(b"\xef\xbb\xbf"):
        return
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return
    raise ParseError(
        f"the XML declaration says the file is {declared}, but its bytes are UTF-8",
        path=name,
        line=1,
        hint='correct the declaration to encoding="UTF-8"',
    )


def _declared_encoding(data: bytes) -> str | None:
    """The encoding an XML declaration names (``<?xml version="1.0" encoding="GB2312"?>``),
    as expat reads the declaration, told to take the bytes as Latin-1 whatever it says;
    ``None`` when there is none."""
    found: list[str | None] = []
    parser = expat.ParserCreate(encoding="iso-8859-1")
    parser.XmlDeclHandler = lambda _version, encoding, _standalone: found.append(encoding)
    try:
        parser.Parse(data[:1024], False)
    except expat.ExpatError:
        pass
    return found[0] if found else None


def _parse(
    data: bytes, name: str, encoding: str | None
) -> tuple[ET.Element, dict[ET.Element, int]]:
    """:func:`parse_xml` in expat, in ``encoding`` (``None``: the one the document says).

    Raises:
        ParseError: as :func:`parse_xml`; ValueError, LookupError: an encoding expat
            cannot read, or one Python does not know.
    """
    builder = ET.TreeBuilder()
    lines: dict[ET.Element, int] = {}
    parser = expat.ParserCreate(encoding, namespace_separator="}")

    def qname(raw: str) -> str:
        return "{" + raw if "}" in raw else raw

    def start(tag: str, attrs: dict[str, str]) -> None:
        el = builder.start(qname(tag), {qname(k): v for k, v in attrs.items()})
        lines[el] = parser.CurrentLineNumber

    def doctype(_name: str, _system: str | None, _public: str | None, internal: int) -> None:
        if internal:
            raise _Refused(
                "the document declares entities or a DTD inline (<!DOCTYPE ... [ ]>), "
                "which gloss does not read",
                "remove the [...] part of the <!DOCTYPE> line; TBX needs no DTD",
            )

    def entity(*_: object) -> None:
        raise _Refused("the document declares an entity", "remove the <!ENTITY ...> line")

    def skipped(entity_name: str, _is_parameter: int) -> None:
        raise _Refused(
            f"reference to the undefined entity &{entity_name};",
            "write the character itself, or a character reference such as &#160;",
        )

    parser.StartElementHandler = start
    parser.EndElementHandler = lambda tag: builder.end(qname(tag))
    parser.CharacterDataHandler = builder.data
    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = entity
    parser.SkippedEntityHandler = skipped
    parser.buffer_text = True
    try:
        parser.Parse(data, True)
    except _Refused as exc:
        raise ParseError(
            exc.message,
            path=name,
            line=parser.CurrentLineNumber,
            column=parser.CurrentColumnNumber + 1,
            hint=exc.hint,
        ) from None
    except expat.ExpatError as exc:
        raise ParseError(
            f"not well-formed XML: {expat.ErrorString(exc.code)}",
            path=name,
            line=exc.lineno,
            column=exc.offset + 1,
            hint=_hint(exc.code),
        ) from None
    return builder.close(), lines


def _hint(code: int | None) -> str:
    """What to do about an expat error (XML 1.0 §2.1, well-formedness), by its kind."""
    errors = expat.errors
    by_message = {
        errors.XML_ERROR_NO_ELEMENTS: "the file ends before its elements are closed: it may "
        "have been cut short; get the whole file again",
        errors.XML_ERROR_UNCLOSED_TOKEN: "the file ends inside a tag: it may have been cut "
        "short; get the whole file again",
        errors.XML_ERROR_TAG_MISMATCH: "an element is closed by another element's end tag: "
        "close the elements in the order they were opened",
        errors.XML_ERROR_UNDEFINED_ENTITY: "XML knows only &amp; &lt; &gt; &quot; &apos; and "
        "character references: write the character itself, or &#160; for &nbsp;",
        errors.XML_ERROR_INVALID_TOKEN: "a stray '&' must be written '&amp;' and a stray '<' "
        "'&lt;'; a control character cannot be in XML at all",
        errors.XML_ERROR_JUNK_AFTER_DOC_ELEMENT: "a file has one root element: remove what "
        "follows it, or split the file",
        errors.XML_ERROR_DUPLICATE_ATTRIBUTE: "give each attribute once",
        errors.XML_ERROR_UNBOUND_PREFIX: "declare the namespace prefix (xmlns:PREFIX=...) on "
        "the root element",
        errors.XML_ERROR_BAD_CHAR_REF: "the character reference names no character XML allows",
        errors.XML_ERROR_INCORRECT_ENCODING: "the XML declaration names another encoding than "
        'the file\'s: save it as UTF-8 and say encoding="UTF-8"',
        errors.XML_ERROR_UNKNOWN_ENCODING: 'save the file as UTF-8 and say encoding="UTF-8"',
    }
    message = expat.ErrorString(code) if code is not None else None
    return by_message.get(message or "", "fix the markup at that position")


def local(tag: str) -> str:
    """An element name without its namespace: ``{urn:…}termSec`` → ``termSec``."""
    return tag.rpartition("}")[2]
