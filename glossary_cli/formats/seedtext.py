"""gloss's plain glossary format (the format of ``data/sources/``): a title line, a subtitle
line, then alternating term and definition lines. Parsed by :mod:`glossary_cli.parsing`; its
entries are aligned with the other plain files of a data directory
(:mod:`glossary_cli.align`) rather than read as concepts of their own.
"""

from __future__ import annotations

from glossary_cli.parsing import ParsedGlossary, decode, parse_glossary


def parse(data: bytes, name: str, lang: str | None = None) -> ParsedGlossary:
    """The file's entries (:func:`glossary_cli.parsing.parse_glossary`).

    Raises:
        ParseError: see :func:`glossary_cli.parsing.decode` and ``parse_glossary``.
    """
    return parse_glossary(decode(data, name), name, lang)
