"""Bilingual files for ``gloss scan --side`` and ``gloss check``: XLIFF 1.2, XLIFF 2.x and TMX,
read with translate-toolkit (``translate.storage.xliff``, ``xliff2``, ``tmx``).

Every file is first parsed by gloss's own safe XML reader (:func:`glossary_cli.formats._xml.
parse_xml`), which refuses an internal DTD subset and any entity — the XML entity attacks
("billion laughs", external entities) — before translate-toolkit's lxml parser sees it.
"""

from __future__ import annotations

import io
from typing import Any

from glossary_cli.errors import ParseError

#: File name endings of the bilingual XML formats.
SUFFIXES = (".xlf", ".xliff", ".sdlxliff", ".mxliff", ".tmx")


def pairs(data: bytes, name: str) -> tuple[str | None, str | None, list[tuple[str, str, str]]]:
    """The translation units of an XLIFF or TMX file: its source and target languages (from
    the file: ``source-language``/``target-language``, ``srcLang``/``trgLang``, a TMX header's
    ``srclang`` and its variants' ``xml:lang``; ``None`` where it does not say) and
    ``(id, source, target)`` of each unit with a source text.

    Raises:
        ParseError: not well-formed, an internal DTD or an entity (refused before reading),
            an XLIFF document without a ``<file>``, elements nested deeper than lxml reads
            (256), a unit longer than :data:`glossary_cli.limits.MAX_TEXT` characters, or a
            file translate-toolkit (lxml) cannot read as XLIFF or TMX; with its line when lxml
            gives one.
    """
    from glossary_cli.formats._xml import local, parse_xml

    root, lines = parse_xml(data, name)  # the safety check; translate-toolkit reads the units
    kind = local(root.tag)
    if kind == "xliff" and not any(local(e.tag) == "file" for e in root):
        raise ParseError(
            "the XLIFF document has no <file> element, so no translation unit",
            path=name,
            line=lines.get(root),
            hint="give an XLIFF file whose <xliff> holds <file> elements with the units",
        )
    try:
        if kind == "tmx":
            found = _within_limits(_tmx(data, root), name, lines)
            _refuse_controls(found[2], root, lines, name)
            return found
        if kind == "xliff":
            version = root.get("version", "1.2")
            if version.startswith("2"):
                from translate.storage.xliff2 import Xliff2File

                store: Any = Xliff2File.parsestring(data)  # type: ignore[no-untyped-call]
                source = root.get("srcLang")
                target = root.get("trgLang")
            else:
                from translate.storage.xliff import xlifffile

                store = xlifffile.parsestring(data)  # type: ignore[no-untyped-call]
                source = store.getsourcelanguage() or None
                target = store.gettargetlanguage() or None
            units = []
            for n, unit in enumerate(store.units, 1):
                if getattr(unit, "isheader", lambda: False)():
                    continue
                text = str(unit.source or "")
                if not text.strip():
                    continue
                uid = _unit_id(unit) or str(n)
                units.append((uid, text, str(unit.target or "")))
            _refuse_controls(units, root, lines, name)
            return _within_limits((source, target, units), name, lines)
    except SyntaxError as exc:
        # lxml's XMLSyntaxError (a SyntaxError): at its own limits (huge_tree off: elements
        # nested more than 256 deep, a text node of more than 10 MB), or what expat reads and
        # lxml does not (a namespace name that is no URI, xmlns="urn:x y")
        reason = str(exc.msg or exc).split(", use XML_PARSE_HUGE")[0].split(", line")[0]
        if reason.startswith("Excessive depth in document: "):
            reason = f"its elements nest more than {reason.rpartition(' ')[2]} deep"
            hint = "inline tags nest a few levels deep in a real file: check how it was made"
        elif "URI" in reason:
            hint = (
                "write the namespace as the standard names it, e.g. "
                'xmlns="urn:oasis:names:tc:xliff:document:1.2"'
            )
        else:
            hint = "export the file again from the translation tool"
        raise ParseError(
            f"not an XLIFF or TMX file gloss can read: {reason}",
            path=name,
            line=exc.lineno or None,
            hint=hint,
        ) from None
    except AssertionError:  # translate-toolkit's check of the root: not in its namespace
        raise ParseError(
            f"not an XLIFF file gloss can read: <{root.tag}> is not in the XLIFF namespace",
            path=name,
            line=lines.get(root, 1),
            hint='name it on the root: xmlns="urn:oasis:names:tc:xliff:document:2.0" '
            '(XLIFF 2) or "urn:oasis:names:tc:xliff:document:1.2"',
        ) from None
    except (ValueError, TypeError, AttributeError, KeyError, StopIteration) as exc:
        raise ParseError(f"not an XLIFF or TMX file gloss can read: {exc}", path=name) from None
    raise ParseError(
        f"the root element is <{kind}>, not <xliff> or <tmx>",
        path=name,
        hint="give an XLIFF (1.2 or 2.x) or TMX file",
    )


def target_lines(data: bytes, name: str) -> dict[str, int]:
    """The line where each unit's translation is written, by unit id (as :func:`pairs` names
    units): an XLIFF unit's ``<target>``, a TMX unit's second ``<tuv>``; for reports that
    point at the translation (``gloss check --format sarif``). Units without an id, or
    without a translation element, are left out.

    Raises:
        ParseError: as :func:`pairs` (the document is parsed again, with the same checks).
    """
    from glossary_cli.formats._xml import local, parse_xml

    root, lines = parse_xml(data, name)
    out: dict[str, int] = {}
    for unit in root.iter():
        kind = local(unit.tag)
        if kind not in ("trans-unit", "unit", "tu"):
            continue
        uid = unit.get("id", unit.get("tuid"))
        wanted = "tuv" if kind == "tu" else "target"
        found = [e for e in unit.iter() if local(e.tag) == wanted]
        element = found[1] if kind == "tu" and len(found) > 1 else found[0] if found else None
        if uid and element is not None and element in lines and uid not in out:
            out[uid] = lines[element]
    return out


def _refuse_controls(
    units: list[tuple[str, str, str]], root: Any, lines: dict[Any, int], name: str
) -> None:
    """Refuse a unit whose source or target holds a control character (XML 1.0 lets DEL and
    the C1 controls through), as every reader does
    (:func:`glossary_cli.formats._common.refuse_controls`), with the unit's line.

    Raises:
        ParseError: naming the unit, the side and the line.
    """
    from glossary_cli.formats._common import find_control, refuse_controls
    from glossary_cli.formats._xml import local

    for uid, source, target in units:
        if find_control([source, target]) is None:
            continue
        line = next(
            (
                lines.get(e)
                for e in root.iter()
                if local(e.tag) in ("trans-unit", "unit", "tu")
                and e.get("id", e.get("tuid")) == uid
            ),
            None,
        )
        sides = {f"the source of unit {uid!r}": source, f"the target of unit {uid!r}": target}
        refuse_controls(sides, name, line, describe=lambda path: str(path[0]))


def _within_limits(
    found: tuple[str | None, str | None, list[tuple[str, str, str]]],
    name: str,
    lines: dict[Any, int],
) -> tuple[str | None, str | None, list[tuple[str, str, str]]]:
    """``found``, when every unit's source and target are within what gloss reads of a
    text (:data:`glossary_cli.limits.MAX_TEXT` characters: ten pages).

    Raises:
        ParseError: a unit past it, with the line of its element (``id`` or ``tuid``).
    """
    from glossary_cli.limits import overlong_message, too_long

    for uid, source, target in found[2]:
        for side, text in (("source", source), ("target", target)):
            if too_long(text, False):
                line = next(
                    (n for el, n in lines.items() if uid in (el.get("id"), el.get("tuid"))), None
                )
                raise ParseError(
                    f"unit {uid!r}: " + overlong_message(side, len(text), False),
                    path=name,
                    line=line,
                    hint="split the unit: a segment is a sentence or a paragraph",
                )
    return found


def _unit_id(unit: Any) -> str:
    element = getattr(unit, "xmlelement", None)
    if element is not None and element.get("id"):
        return str(element.get("id"))
    raw = unit.getid() if hasattr(unit, "getid") else ""
    return str(raw).rpartition("\x04")[2] if raw else ""


def _tmx(data: bytes, root: Any) -> tuple[str | None, str | None, list[tuple[str, str, str]]]:
    """A TMX file's units: the header's ``srclang`` is the source; the target the first other
    language of the first unit."""
    from translate.storage.tmx import tmxfile

    from glossary_cli.formats._xml import XML_LANG, local

    header = next((e for e in root if local(e.tag) == "header"), None)
    source = header.get("srclang") if header is not None else None
    if source in (None, "*all*"):
        source = None
    target = None
    for tu in root.iter():
        if local(tu.tag) != "tu":
            continue
        langs = [v.get(XML_LANG) or v.get("lang") for v in tu if local(v.tag) == "tuv"]
        others = [lang for lang in langs if lang and lang != source]
        if source is None and langs:
            source = langs[0]
            others = [lang for lang in langs[1:] if lang]
        if others:
            target = others[0]
            break
    store = tmxfile(io.BytesIO(data), sourcelanguage=source or "en", targetlanguage=target)
    units = []
    for n, unit in enumerate(store.units, 1):
        text = str(unit.source or "")
        if text.strip():
            units.append((_unit_id(unit) or str(n), text, str(unit.target or "")))
    return source, target, units
