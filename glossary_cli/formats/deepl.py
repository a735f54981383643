r"""DeepL glossary entries: one language pair, ``SOURCE<TAB>TARGET`` per line, as the DeepL API
takes them in ``entries`` with ``entries_format: "tsv"`` (``POST /v2/glossaries``, and a
dictionary of ``POST /v3/glossaries``) and as the glossary editor of DeepL's website imports.

``gloss export --format deepl --source en --target ar -o en-ar.tsv``, then::

    curl -X POST https://api.deepl.com/v3/glossaries -H 'Authorization: DeepL-Auth-Key …' \
      -H 'Content-Type: application/json' -d "$(jq -Rs '{name: "gloss", dictionaries:
      [{source_lang: "en", target_lang: "ar", entries: ., entries_format: "tsv"}]}' en-ar.tsv)"

or, with DeepL's Python client, ``deepl.util.convert_tsv_to_dict`` on this file gives the
entries its ``create_glossary`` takes.

Every entry meets the rules of
https://developers.deepl.com/api-reference/multilingual-glossaries ("Restrictions") that DeepL's
Python client checks before it sends a glossary (``deepl/util.py``: ``validate_glossary_term``
and ``convert_tsv_to_dict``, DeepLcom/deepl-python 1.30.0, commit 2cdf70f, MIT): not empty, no
C0 or C1 control character (a tab or line feed included) and no Unicode line or paragraph
separator, no leading or trailing whitespace, at most 1024 UTF-8 bytes, each source once; the
whole at most 10 MiB. Languages: :data:`glossary_cli.formats._mt.DEEPL_GLOSSARY`.
"""

from __future__ import annotations

from glossary_cli.errors import RecordError
from glossary_cli.formats._mt import (
    DEEPL_GLOSSARY,
    Entry,
    pair_left_out,
    pairs,
    refuse_pair_of_one,
    require,
    service_code,
)
from glossary_cli.model import Glossary

#: The most UTF-8 bytes of a source or target phrase (DeepL's "Restrictions").
MAX_TERM_BYTES = 1024
#: The most bytes of a dictionary: 10 MiB (DeepL's "Restrictions").
MAX_BYTES = 10 * 1024 * 1024


def languages(source: str | None, target: str | None) -> tuple[str, str]:
    """DeepL's codes of ``--source`` and ``--target``.

    Raises:
        UsageError: one is missing, they are the same language, or DeepL takes no glossary
            in it (the hint lists the languages it does).
    """
    src = service_code(require("--source", source, "DeepL"), "DeepL", DEEPL_GLOSSARY)
    tgt = service_code(require("--target", target, "DeepL"), "DeepL", DEEPL_GLOSSARY)
    refuse_pair_of_one(src, tgt, "DeepL")
    return src, tgt


def check_term(text: str) -> str | None:
    """Why DeepL would refuse ``text`` as a source or target phrase, or ``None``.

    >>> check_term("مدل"), check_term(" x"), check_term("a\\tb"), check_term("")
    (None, 'begins or ends with whitespace', 'holds the control character U+0009', 'is empty')
    """
    if not text:
        return "is empty"
    for char in text:
        code = ord(char)
        if code <= 31 or 127 <= code <= 159 or char in "\u2028\u2029":
            return f"holds the control character U+{code:04X}"
    if text != text.strip():
        return "begins or ends with whitespace"
    size = len(text.encode("utf-8"))
    if size > MAX_TERM_BYTES:
        return f"is {size} UTF-8 bytes long, more than DeepL's {MAX_TERM_BYTES}"
    return None


def check(entry: Entry) -> None:
    """Refuse an entry DeepL would refuse.

    Raises:
        RecordError: naming the concept and the term.
    """
    for text in (entry.source, entry.target):
        why = check_term(text)
        if why is not None:
            raise RecordError(
                f"concept {entry.concept!r}: {text[:40]!r} {why}: DeepL refuses such a "
                "glossary entry",
                hint="correct the term in its glossary, or leave the concept out with --glossary",
            )


def write(glossary: Glossary, *, source: str | None = None, target: str | None = None) -> bytes:
    """Write the ``source`` → ``target`` entries of ``glossary`` (see the module docstring).

    Returns:
        UTF-8 lines ``SOURCE\\tTARGET\\n``, in the glossary's order.

    Raises:
        UsageError: see :func:`languages`; RecordError: an entry DeepL would refuse
            (:func:`check`), or more than 10 MiB of them; NotFoundError: no entry.
    """
    src, tgt = languages(source, target)
    found = pairs(glossary, src, tgt)
    if not found.entries:
        from glossary_cli.errors import NotFoundError

        raise NotFoundError(f"no concept has both a {src} term and a {tgt} term to pair")
    lines = []
    for entry in found.entries:
        check(entry)
        lines.append(f"{entry.source}\t{entry.target}\n")
    data = "".join(lines).encode("utf-8")
    if len(data) > MAX_BYTES:
        raise RecordError(
            f"the glossary is {len(data):,} bytes, more than DeepL's 10 MiB",
            hint="export a part of it, with --glossary or --status",
        )
    return data


def left_out(
    glossary: Glossary, *, source: str | None = None, target: str | None = None
) -> list[str]:
    """What the entries of ``source`` → ``target`` leave out (``[]`` when the pair is not
    one DeepL takes: :func:`write` says so)."""
    from glossary_cli.errors import UsageError

    try:
        src, tgt = languages(source, target)
    except UsageError:
        return []
    return pair_left_out(pairs(glossary, src, tgt), src, tgt)
