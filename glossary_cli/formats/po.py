"""gettext PO and POT files as glossaries (GNOME's and KDE's glossaries, translation
compendia), read with polib.

=========================================  ==================================================
PO (GNU gettext manual, "The Format of PO     gloss
Files")
=========================================  ==================================================
``msgid``                                  a term of the source language (English, or the
                                           ``X-Source-Language`` header's)
``msgid_plural``                           its plural: a second source term, of type
                                           ``variant``, noted "plural form"
``msgstr``; of a plural entry, the         the target-language term (see "The target
``msgstr[N]`` that ``Plural-Forms`` gives  language" below)
for n = 1 (``msgstr[1]`` in Arabic)
the other ``msgstr[N]``                    further target terms, of type ``variant``,
                                           noted "plural form"
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

The target language is the ``Language`` header's, a gettext locale name made a BCP 47 tag
(``bn``, ``ar_EG`` → ``ar-EG``, ``sr_RS@latin`` → ``sr-Latn-RS``: the ``@latin``,
``@cyrillic``, ``@devanagari`` and ``@arabic`` modifiers are script subtags, any other is
dropped with a warning). Without that header it is read, with a warning, from the file name
(``bn.po``, ``ar_EG.po``, ``glossary.bn.po``, ``gnome-glossary-bn.po``), else from the
``Language-Team`` header (``Bengali <gnome-bn@…>``); a file with translations and none of
these is refused.

polib is lenient where gettext is not, so the reader checks what polib lets through: every
string is closed (``msgid "plugin`` would lose its last letter), nothing follows its
closing quote, ``msgstr[N]`` comes only with ``msgid_plural`` and ``msgid_plural`` only with
``msgstr[N]`` (``msgfmt --check`` refuses both).

Every term names ``FILE:LINE``, the line of its entry, as its source.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import PurePath
from typing import Any

from glossary_cli.errors import ParseError, ParseWarning
from glossary_cli.formats._common import (
    clean,
    decode,
    digest,
    glossary_of,
    refuse_controls,
    with_ids,
)
from glossary_cli.model import (
    Concept,
    Definition,
    Glossary,
    LangSection,
    Property,
    Reading,
    Term,
)
from glossary_cli.tags import from_locale, read_language

#: The note a term marked fuzzy carries.
FUZZY_NOTE = "unverified: marked fuzzy in the PO file"

# A line of a PO file that holds a string: an optional keyword, then one string literal
# closed by an unescaped quote, and nothing after it. Possessive, so that a line of 100 MB
# is scanned once.
_KEYWORD = r"(?:msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)"
_STRING_LINE = re.compile(rf'[ \t]*+(?:{_KEYWORD}[ \t]++)?+"(?:[^"\\\n]++|\\.)*+"[ \t\r]*+')
_STARTS_STRING = re.compile(rf"[ \t]*+(?:{_KEYWORD}\b|\")")
_OBSOLETE = re.compile(r"#~\|?[ \t]?")
# gettext's locale names: ll, ll_CC, ll_CC.codeset, ll@modifier, in a file name too
_LOCALE = re.compile(r"[a-z]{2,3}(?:_(?:[A-Z]{2}|\d{3}))?(?:\.[\w-]+)?(?:@[a-z]+)?")
_NAMED_LOCALE = re.compile(r"(?:.*[.-])?([a-z]{2}(?:_(?:[A-Z]{2}|\d{3}))?(?:@[a-z]+)?)")


def read(data: bytes, name: str) -> Glossary:
    """Read a PO or POT file (see the module docstring).

    Args:
        data: the file's bytes (UTF-8, or the charset its header declares).
        name: the file's name, for messages and sources.

    Returns:
        One concept per entry with a source term; ids are slugs of the source term. Its
        warnings say where the target language came from when no ``Language`` header
        gave it, and which locale modifier was dropped.

    Raises:
        ParseError: the file is not PO (with polib's reason and line, or the string left
            unclosed), has no entry, has only entries past the limits of
            :mod:`glossary_cli.limits` (an entry past them is left out, with a warning),
            mixes plural and singular forms in one entry, gives a
            ``Language`` header that is no language tag, or has translations in a
            language it does not name.
    """
    po = _pofile(data, name)
    warnings: list[ParseWarning] = []
    entries = [e for e in po if not e.obsolete and e.msgid.strip()]
    marks = [e for e in entries if not any(c.isalnum() for c in e.msgid)]
    if marks:
        n = len(marks)
        warnings.append(
            ParseWarning(
                f"{n} entr{'ies are' if n > 1 else 'y is'} only punctuation or a placeholder "
                f"(no letter or digit: {', '.join(repr(e.msgid) for e in marks[:5])}) and "
                f"{'are' if n > 1 else 'is'} left out",
                path=name,
                line=marks[0].linenum,
            )
        )
        entries = [e for e in entries if e not in marks]
    entries = _within_limits(entries, name, warnings)
    for entry in entries:
        _check_plural(entry, name)
    source, target = _languages(po, entries, name, warnings)
    singular = _singular_form(po.metadata.get("Plural-Forms", ""), name, warnings)
    marker = accelerator_marker(po.metadata, entries)
    concepts: list[tuple[Concept, int]] = []
    for entry in entries:
        concept = _concept(entry, source, target, name, singular, marker)
        if concept is not None:
            concepts.append((concept, entry.linenum))
    if not concepts:
        raise ParseError(
            "the PO file has no entry with a term",
            path=name,
            hint="a glossary's entries give the term as msgid and its translation as msgstr",
        )
    plan = [Reading("msgid", f"{source} terms", total=len(concepts))]
    if target is not None:
        translated = sum(1 for e in entries if _translations(e))
        plan.append(Reading("msgstr", f"{target} terms", total=translated))
    if marker is not None:
        plan.append(
            Reading(
                f"keyboard accelerators {marker!r}",
                "taken out of the terms, each term as the program writes it kept as a note",
            )
        )
    glossary = glossary_of(with_ids(concepts, name, warnings), name, name, digest(data))
    return glossary._replace(warnings=tuple(warnings), plan=tuple(plan))


def _within_limits(entries: list[Any], name: str, warnings: list[ParseWarning]) -> list[Any]:
    """The entries whose strings are within what gloss reads (:mod:`glossary_cli.limits`:
    ``msgid``, ``msgid_plural`` and each ``msgstr`` a term; the comments, ``msgctxt`` any
    text); the others are left out, said in one warning with their lines.

    Raises:
        ParseError: every entry is past the limits: nothing of the file would be left.
    """
    from glossary_cli.limits import Overlong, overlong_error, overlong_warning, too_long

    kept, left = [], []
    for entry in entries:
        terms = [entry.msgid, entry.msgid_plural or "", entry.msgstr or ""]
        terms += list((entry.msgstr_plural or {}).values())
        texts = [entry.comment or "", entry.tcomment or "", entry.msgctxt or ""]
        over = [Overlong("term", entry.linenum, len(t), True) for t in terms if too_long(t, True)]
        over += [Overlong("comment", entry.linenum, len(t), False) for t in texts
                 if too_long(t, False)]  # fmt: skip
        if over:
            left += over
        else:
            kept.append(entry)
    if left and not kept:
        raise overlong_error(name, left)
    if left:
        warnings.append(overlong_warning(name, left, "its entry"))
    return kept


#: The least share of a PO file's entries whose msgid carries a keyboard accelerator for the
#: file to be read as a program's (its markers taken out).
ACCELERATED = 0.01


def accelerator_marker(metadata: Any, entries: Sequence[Any]) -> str | None:
    """The keyboard accelerator marker of a program's PO file (``_`` in GTK's, ``&`` in Qt's
    and KDE's), or ``None`` for a glossary's: the ``X-Accelerator-Marker`` header's (KDE's),
    else the marker that at least :data:`ACCELERATED` of the entries (and two) carry in
    their msgid (:func:`glossary_cli.termtext.accelerator`; translations often drop it)."""
    from glossary_cli.termtext import ACCELERATORS, accelerator

    declared = str(metadata.get("X-Accelerator-Marker", "")).strip()
    if declared in ACCELERATORS:
        return declared
    best, most = None, 0
    for marker in ACCELERATORS:
        count = sum(1 for e in entries if accelerator(e.msgid, marker) is not None)
        if count > most:
            best, most = marker, count
    if best is None or most < 2 or most < ACCELERATED * len(entries):
        return None
    return best


def _pofile(data: bytes, name: str) -> Any:
    """The polib file of a PO file's bytes, checked first for what polib lets through (a
    binary file, a line of megabytes, an unclosed string), then for control characters in the
    texts of its entries (:func:`glossary_cli.formats._common.refuse_controls`, as every
    reader refuses them).

    Raises:
        ParseError: with the line where polib or the checks stopped, and a hint.
    """
    import polib

    from glossary_cli.formats import refuse_binary, refuse_long_lines

    try:
        refuse_binary(name, data)
        refuse_long_lines(name, data)
    except ParseError as exc:
        exc.message = f"not a PO file gloss can read: {exc.message}"
        raise
    text = _text(data, name)
    _check_strings(text, name)
    try:
        po = polib.pofile(text, wrapwidth=0)
    except (OSError, ValueError) as exc:
        raise ParseError(
            f"not a PO file gloss can read: {exc}",
            path=name,
            line=_line_of(str(exc)),
            hint="check it with `msgfmt --check`",
        ) from None
    for entry in po:
        if not entry.obsolete:  # the texts read as terms (add) and as segments (scan, check)
            strings = {"msgid": entry.msgid, "msgid_plural": entry.msgid_plural,
                       "msgstr": entry.msgstr, **{f"msgstr[{n}]": v for n, v in
                                                  entry.msgstr_plural.items()}}  # fmt: skip
            refuse_controls(strings, name, entry.linenum, describe=lambda path: str(path[0]))
    return po


def _languages(
    po: Any, entries: Sequence[Any], name: str, warnings: list[ParseWarning]
) -> tuple[str, str | None]:
    """A PO file's source language (``X-Source-Language``, else ``en``) and target language
    (its ``Language`` header, else its name or ``Language-Team`` when it has translations)."""
    source = _language(po.metadata.get("X-Source-Language", "") or "en", name, warnings) or "en"
    target = _language(po.metadata.get("Language", ""), name, warnings)
    if target is None and any(_translations(e) for e in entries):
        target = _target_elsewhere(po.metadata, name, warnings, entries)
    return source, target


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
            except (LookupError, UnicodeDecodeError, ValueError):
                pass  # (ValueError: a charset name with a NUL byte, as in a UTF-16 file)
        raise


def _check_strings(text: str, name: str) -> None:
    r"""Refuse a string that is not closed, or text after a closing quote, which polib
    reads without a word (``msgid "plugin`` as ``plugi``).

    >>> _check_strings('msgid "a"\nmsgstr "b \\"c\\""\n', "x.po")
    >>> try:
    ...     _check_strings('msgid "a"\nmsgstr "b\n', "x.po")
    ... except ParseError as exc:
    ...     print(exc.line, exc.message)
    2 the string is not closed: a PO string ends with an unescaped " on its line

    Raises:
        ParseError: with the line.
    """
    for number, line in enumerate(text.split("\n"), 1):
        if line.startswith("#"):
            obsolete = _OBSOLETE.match(line)
            if obsolete is None:
                continue  # a comment
            line = line[obsolete.end() :]
        if not _STARTS_STRING.match(line) or _STRING_LINE.fullmatch(line):
            continue  # a blank line, or what polib itself refuses
        closed = re.match(r'[^"]*+"(?:[^"\\\n]++|\\.)*+"', line)
        raise ParseError(
            "text after the string's closing quote"
            if closed
            else 'the string is not closed: a PO string ends with an unescaped " on its line',
            path=name,
            line=number,
            hint='escape a quote inside a string as \\"' if closed else 'close it: msgstr "…"',
        )


def _check_plural(entry: Any, name: str) -> None:
    """Refuse ``msgstr[N]`` without ``msgid_plural``, and ``msgid_plural`` with a plain
    ``msgstr`` (gettext refuses both; polib takes them).

    Raises:
        ParseError: with the entry's line.
    """
    if entry.msgstr_plural and not entry.msgid_plural:
        raise ParseError(
            f"the entry {clean(entry.msgid)[:40]!r} has plural forms (msgstr[0]…) but no "
            "msgid_plural",
            path=name,
            line=entry.linenum,
            hint='give its plural as msgid_plural "…", or write msgstr "…" for one form',
        )
    if entry.msgid_plural and not entry.msgstr_plural:
        raise ParseError(
            f"the entry {clean(entry.msgid)[:40]!r} has msgid_plural but a msgstr without "
            "plural forms",
            path=name,
            line=entry.linenum,
            hint='write its forms as msgstr[0] "…", msgstr[1] "…"',
        )


def _line_of(message: str) -> int | None:
    """The line number polib names in a syntax error (``… (line 12)``), if any."""
    found = re.search(r"\(line (\d+)\)", message)
    return int(found.group(1)) if found else None


def _language(value: str, name: str, warnings: list[ParseWarning]) -> str | None:
    """A PO ``Language`` value (a gettext locale name: ``bn``, ``ar_EG``, ``sr_RS@latin``)
    as a BCP 47 tag (:func:`glossary_cli.tags.from_locale`: a script modifier becomes the
    script subtag, a codeset is dropped), or None when empty; another modifier
    (``ca@valencia``) is dropped with a warning.

    >>> _language("sr_RS@latin", "x.po", []), _language("ar_EG", "x.po", [])
    ('sr-Latn-RS', 'ar-EG')

    Raises:
        ParseError: the value is no language tag.
    """
    value = value.strip()
    if not value:
        return None
    found = from_locale(value)
    if found is None and read_language(value) is not None:
        found = (str(read_language(value)), "")  # "Language: Arabic": a language's name
    if found is None:
        raise ParseError(
            f"the Language header {value!r} is not a language tag",
            path=name,
            hint="set it to the target language, e.g. Language: bn",
        )
    tag, dropped = found
    if dropped:
        warnings.append(
            ParseWarning(
                f"the locale modifier {dropped} of {value!r} names no script: the "
                f"language is read as {tag}",
                path=name,
                hint="write the variant as a BCP 47 tag in the Language header if it matters",
            )
        )
    return tag


def _target_elsewhere(
    metadata: Any, name: str, warnings: list[ParseWarning], entries: Sequence[Any] = ()
) -> str:
    """The target language of a file without a ``Language`` header: its file name's
    locale, else its ``Language-Team`` header's language name, else the language the script
    of its translations says when it is not Latin (``entries``).

    Raises:
        ParseError: none of these names one.
    """
    stem = PurePath(name).name
    for suffix in (".pot", ".po"):
        if stem.lower().endswith(suffix):
            stem = stem[: -len(suffix)]
            break
    found = _LOCALE.fullmatch(stem) or _NAMED_LOCALE.fullmatch(stem)
    if found:
        locale = found.group(1) if found.re is _NAMED_LOCALE else found.group()
        tag = _language(locale, name, warnings)
        if tag is not None:
            warnings.append(
                ParseWarning(
                    f"the PO file has no Language header: its translations are read as {tag}, "
                    "from the file name",
                    path=name,
                    hint=f'add "Language: {locale}\\n" to its header',
                )
            )
            return tag
    team = str(metadata.get("Language-Team", "")).split("<", 1)[0].strip()
    for candidate in (team, team.split(" ", 1)[0]):
        tag = read_language(candidate) if candidate else None
        if tag is not None:
            warnings.append(
                ParseWarning(
                    f"the PO file has no Language header: its translations are read as {tag}, "
                    "from its Language-Team",
                    path=name,
                    hint=f'add "Language: {tag}\\n" to its header',
                )
            )
            return tag
    from glossary_cli.scripts.writing import script_of, text_language

    translated = [t for e in entries for t in _translations(e)][:400]
    tag = text_language(" ".join(translated))
    if tag is not None and script_of(" ".join(translated)) != "Latn":
        warnings.append(
            ParseWarning(
                f"the PO file has no Language header: its translations are read as {tag}, "
                "the language their script says",
                path=name,
                hint=f'add "Language: {tag}\\n" to its header',
            )
        )
        return tag
    raise ParseError(
        "the PO file has translations but does not say their language (no Language header, "
        "and neither its name, its Language-Team nor the script of its translations names one)",
        path=name,
        line=1,
        hint='add "Language: fr\\n" (the target language) to the header entry (msgid ""), or '
        "name the file after it, e.g. fr.po",
    )


def _singular_form(header: str, name: str, warnings: list[ParseWarning]) -> int:
    """The index of the plural form used for n = 1, by the ``Plural-Forms`` header's
    expression (compiled by the standard library's :func:`gettext.c2py`, which takes C's
    arithmetic and nothing else); 0 when there is none.

    >>> _singular_form("nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : 5;", "x", [])
    1
    """
    import gettext

    found = re.search(r"plural\s*=\s*([^;]+)", header)
    if not found:
        return 0
    try:
        index = int(gettext.c2py(found.group(1).strip())(1))
    except (ValueError, SyntaxError, RecursionError, ArithmeticError):
        warnings.append(
            ParseWarning(
                f"the Plural-Forms expression {found.group(1).strip()[:80]!r} cannot be read: "
                "msgstr[0] is taken as the singular",
                path=name,
                hint="fix the Plural-Forms header (msgfmt --check)",
            )
        )
        return 0
    return index if 0 <= index < 100 else 0


def _translations(entry: Any, singular: int = 0) -> list[str]:
    """The target terms of an entry, each once: the singular first (the plural form
    ``singular``), then the other plural forms in order."""
    if entry.msgstr_plural:
        order = sorted(entry.msgstr_plural, key=lambda k: (k != singular, k))
        forms = [entry.msgstr_plural[k] for k in order]
    else:
        forms = [entry.msgstr]
    return list(dict.fromkeys(clean(t) for t in forms if t and clean(t)))


def _term(text: str, marker: str | None, **fields: Any) -> Term:
    """A term of a PO string: without its keyboard accelerator in a program's file, the
    string as the program writes it kept as a note."""
    from glossary_cli.termtext import without_accelerator

    bare = clean(without_accelerator(text, marker).replace(marker * 2, marker)) if marker else text
    if bare != text and bare:
        fields["notes"] = (*fields.get("notes", ()), f"as the program writes it: {text}")
        return Term(bare, **fields)
    return Term(text, **fields)


def _concept(
    entry: Any, source: str, target: str | None, name: str, one: int = 0, marker: str | None = None
) -> Concept | None:
    from glossary_cli.termtext import unquoted

    where = f"{name}:{entry.linenum}"
    fuzzy = "fuzzy" in entry.flags
    singular = clean(entry.msgid)
    plural = clean(entry.msgid_plural or "")
    definition = unquoted(clean(entry.comment or ""))  # '#. "To terminate abruptly."'
    source_terms = [_term(singular, marker, source=where)] if singular else []
    if plural and plural != singular:
        source_terms.append(
            _term(plural, marker, type="variant", source=where, notes=("plural form",))
        )
    sections = [
        LangSection(
            source,
            tuple(source_terms),
            (Definition(definition, where, lang=source),) if definition else (),
        )
    ]
    translated = _translations(entry, one)
    if translated and target is not None and target != source:
        note = clean(entry.tcomment or "")
        notes = tuple(n for n in (note, FUZZY_NOTE if fuzzy else "") if n)
        properties = (Property("processStatus", "unprocessed", "termNote"),) if fuzzy else ()
        terms = [_term(translated[0], marker, source=where, notes=notes, properties=properties)]
        terms += [
            _term(
                t,
                marker,
                type="variant",
                source=where,
                notes=(*notes, "plural form"),
                properties=properties,
            )
            for t in translated[1:]
        ]
        sections.append(LangSection(target, tuple(terms)))
    context = clean(entry.msgctxt or "")
    return Concept(
        id="",
        languages=tuple(sections),
        notes=(f"context: {context}",) if context else (),
        provenance=(where,),
    )


def segments(data: bytes, name: str, side: str = "source") -> list[tuple[int, str]]:
    """The texts of a PO file's entries, for ``gloss scan``: ``(line, text)`` of each entry's
    ``msgid`` and ``msgid_plural`` (``side="source"``) or ``msgstr`` and every plural form
    (``"target"``), empty ones and obsolete entries left out.

    Raises:
        ParseError: a file polib cannot read, or one that is not UTF-8 where it declares no
            other charset.
    """
    entries = _pofile(data, name)
    out = []
    for entry in entries:
        if entry.obsolete:
            continue
        if side == "source":
            texts = [entry.msgid, entry.msgid_plural]
        else:  # every plural form: each is a translation to hold to the glossary
            texts = [entry.msgstr, *entry.msgstr_plural.values()]
        for segment in dict.fromkeys(t for t in texts if t):
            out.append((entry.linenum, segment))
    return out


def pairs(data: bytes, name: str) -> tuple[str, str | None, list[tuple[int, str, str]]]:
    """A PO file as a translation, for ``gloss check``: its source language
    (``X-Source-Language``, else ``en``), its target language (as :func:`read` finds it, or
    ``None``), and ``(line, msgid, msgstr)`` of each entry with a source text (of a plural
    entry, the singular forms), obsolete and fuzzy entries left out.

    Raises:
        ParseError: as :func:`read`.
    """
    po = _pofile(data, name)
    entries = [e for e in po if not e.obsolete and not e.fuzzy and e.msgid.strip()]
    source, target = _languages(po, entries, name, [])
    out = []
    for entry in entries:
        target_text = entry.msgstr or next(iter(entry.msgstr_plural.values()), "")
        out.append((entry.linenum, entry.msgid, target_text))
    return source, target, out
