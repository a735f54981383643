"""A Microsoft Translator phrase dictionary for Custom Translator: a ZIP archive of two aligned
text files, one phrase per line, line N of the one translated by line N of the other.

https://learn.microsoft.com/azure/ai-services/translator/custom-translator/concepts/dictionaries
defines a dictionary as "an aligned pair of documents", and a *phrase dictionary* as an exact,
case-sensitive find and replace: every source phrase it lists is translated as given, the rest
of the sentence as usual. The naming convention of
https://learn.microsoft.com/azure/ai-services/translator/custom-translator/concepts/document-formats-naming-convention
is followed: in a ZIP archive each document is ``{document name}_{language code}`` (the two
letter ISO code), here with the ``.align`` extension, which tells Custom Translator that the
lines are aligned already ("If you provide a .ALIGN file, Custom Translator doesn't align the
sentences for you"); file names of at least four characters; UTF-8. A dictionary holds at
most 250,000 lines ("Sentence pairing and alignment": the maximum of a dictionary document).
Upload the archive as a dictionary document of a project from ``--source`` to ``--target``.

Lines are the pairs of :func:`glossary_cli.formats._mt.pairs`: every exported source term,
each once, with the main target term. Custom Translator takes dictionaries only for language
pairs with a "fully supported Microsoft general neural network model"; both Bengali and Arabic
have one (https://learn.microsoft.com/azure/ai-services/translator/language-support), and gloss
does not keep that list of over 100 languages.
"""

from __future__ import annotations

import io
import zipfile

from glossary_cli.errors import NotFoundError, RecordError
from glossary_cli.formats._mt import (
    pair_left_out,
    pairs,
    refuse_control,
    refuse_pair_of_one,
    require,
)
from glossary_cli.model import Glossary
from glossary_cli.tags import primary_tag

#: The most lines of a dictionary document.
MAX_LINES = 250_000
#: The document name of both files (``gloss-dictionary_en.align``…).
DOCUMENT = "gloss-dictionary"
#: A fixed time for the archive's entries, so that the same glossary gives the same bytes.
_DATE = (2020, 1, 1, 0, 0, 0)


def file_names(source: str, target: str) -> tuple[str, str]:
    """The names of the two documents in the archive.

    >>> file_names("en", "ar-SA")
    ('gloss-dictionary_en.align', 'gloss-dictionary_ar.align')
    """
    return (f"{DOCUMENT}_{primary_tag(source)}.align", f"{DOCUMENT}_{primary_tag(target)}.align")


def write(glossary: Glossary, *, source: str | None = None, target: str | None = None) -> bytes:
    """Write the ``source`` → ``target`` phrase dictionary of ``glossary`` (see the module
    docstring).

    Returns:
        A ZIP archive of two UTF-8 ``.align`` files with as many lines each.

    Raises:
        UsageError: ``--source`` or ``--target`` missing, or one language; NotFoundError: no
            pair; RecordError: a term holds a control character or a line break, or more
            than 250,000 lines.
    """
    src = require("--source", source, "Microsoft Translator")
    tgt = require("--target", target, "Microsoft Translator")
    refuse_pair_of_one(src, tgt, "Microsoft Translator")
    if primary_tag(src) == primary_tag(tgt):
        raise RecordError(f"{src} and {tgt} would give the same file name in the archive")
    found = pairs(glossary, src, tgt)
    if not found.entries:
        raise NotFoundError(f"no concept has both a {src} term and a {tgt} term to pair")
    if len(found.entries) > MAX_LINES:
        raise RecordError(
            f"{len(found.entries):,} phrases, more than the {MAX_LINES:,} lines of a dictionary",
            hint="export a part of it, with --glossary or --status",
        )
    for entry in found.entries:
        for text in (entry.source, entry.target):
            refuse_control(entry, text)
            if any(c in text for c in "\t\n\r\u2028\u2029\x85"):
                raise RecordError(
                    f"concept {entry.concept!r}: {text[:40]!r} holds a line break or a tab, "
                    "and a dictionary's phrase is one line"
                )
    names = file_names(src, tgt)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        columns = ([e.source for e in found.entries], [e.target for e in found.entries])
        for name, texts in zip(names, columns, strict=True):
            info = zipfile.ZipInfo(name, date_time=_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, "".join(f"{t}\n" for t in texts).encode("utf-8"))
    return out.getvalue()


def left_out(
    glossary: Glossary, *, source: str | None = None, target: str | None = None
) -> list[str]:
    """What the dictionary leaves out."""
    if source is None or target is None:
        return []
    return pair_left_out(pairs(glossary, source, target), source, target)
