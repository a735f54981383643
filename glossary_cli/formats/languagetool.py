"""A LanguageTool simple replace list (``replace.txt``) for one language: a line
``DEPRECATED=PREFERRED`` per term to avoid, several deprecated forms of one concept joined by
``|`` on the left, several suggestions by ``|`` on the right.

That is how LanguageTool's ``AbstractSimpleReplaceRule2`` reads the ``replace.txt`` of a
language (languagetool-org/languagetool, ``languagetool-core/src/main/java/org/languagetool/
rules/AbstractSimpleReplaceRule2.java``, LGPL 2.1): UTF-8, each line trimmed, empty lines and
lines beginning with ``#`` skipped, each other line split on ``=`` into exactly two parts, the
left split on ``|`` into the wrong forms, the right on ``|`` into the suggestions. A term that
holds ``=`` or ``|``, or begins with ``#``, cannot be written and is left out (said by the
export). Put the file in place of, or beside, a language's own
(``org/languagetool/rules/en/replace_custom.txt`` for English) in a LanguageTool build.
"""

from __future__ import annotations

from glossary_cli.errors import NotFoundError
from glossary_cli.formats._mt import main_term, require, section
from glossary_cli.model import Glossary


def _writable(text: str) -> bool:
    return "=" not in text and "|" not in text and not text.strip().startswith("#")


def lines(glossary: Glossary, lang: str) -> tuple[list[str], int]:
    """The lines for ``lang``, and how many terms to avoid could not be written."""
    out = []
    skipped = 0
    for concept in glossary.concepts:
        found = section(concept, lang)
        use = main_term(found)
        if found is None:
            continue
        wrong = [t.text for t in found.terms if t.exported and t.avoid]
        if not wrong:
            continue
        if use is None or not _writable(use.text):
            skipped += len(wrong)
            continue
        good = [w for w in dict.fromkeys(wrong) if _writable(w) and w != use.text]
        skipped += len(wrong) - len(good)
        if good:
            out.append(f"{'|'.join(good)}={use.text}")
    return out, skipped


def write(glossary: Glossary, *, source: str | None = None) -> bytes:
    """Write the replace list of the language ``source`` (``--source``).

    Raises:
        UsageError: no ``source``; NotFoundError: no term of that language is to be avoided.
    """
    lang = require("--source", source, "LanguageTool replace list", pair=False)
    found, _ = lines(glossary, lang)
    if not found:
        raise NotFoundError(f"no {lang} term is deprecated or superseded: nothing to replace")
    head = [f"# {lang}: terms to avoid = the term to use (gloss export --format languagetool)"]
    return ("\n".join(head + found) + "\n").encode("utf-8")


def left_out(glossary: Glossary, *, source: str | None = None) -> list[str]:
    """What the list leaves out."""
    if source is None:
        return []
    _, skipped = lines(glossary, source)
    if not skipped:
        return []
    return [
        f"{skipped} term{'s' if skipped > 1 else ''} to avoid cannot be written (an = or | in "
        "it or in the term to use, a leading #, or no term to use instead)"
    ]
