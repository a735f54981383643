r"""A Vale style (https://vale.sh): a ``substitution`` rule that asks for the term to use
instead of each deprecated or superseded one, and a vocabulary of the accepted terms.

``gloss export --format vale -o styles/Gloss`` writes, under the styles path ``styles``:

- ``Gloss/Preferred.yml``, a rule of Vale's ``substitution`` check
  (https://vale.sh/docs/checks/substitution): ``swap`` maps each deprecated or superseded term
  to the main term of its language (:func:`glossary_cli.formats._mt.main_term`; several, joined
  by ``|``, when one text is deprecated in several concepts), ``action: replace`` so that an
  editor can apply it;
- ``config/vocabularies/Gloss/accept.txt``, Vale 3's vocabulary
  (https://vale.sh/docs/keys/vocab): one accepted term per line, every term that may be used,
  so that ``Vale.Spelling`` accepts it and ``Vale.Terms`` keeps an acronym's case (``LoRA``).

and a ``.vale.ini`` beside the styles path uses them::

    StylesPath = styles
    Vocab = Gloss
    [*.md]
    BasedOnStyles = Vale, Gloss

Written as Vale 3 (errata-ai/vale, commit bb78a32, MIT) reads them. A rule's keys are decoded
with ``ErrorUnused`` (``internal/check/definition.go``: ``decodeRule``), so only keys of
``Definition`` and ``Substitution`` are written. A swap key is a regular expression of
regexp2, Vale's .NET-compatible engine: each term is escaped (:func:`pattern`). Vale puts
``\b`` around the keys of a rule, and regexp2's ``\b`` sees only ``[\p{L}\p{Mn}\p{Nd}\p{Pc}]``
as word characters, as .NET does: a Bengali term that ends in a spacing vowel sign (``া``,
``ে``: category Mc) would never match. So the rule sets ``nonword: true`` and each key carries
its own boundaries, lookarounds on letters, marks and digits of any script. An ``accept.txt``
line is a regular expression too, inside the same ``\b``: a term that begins or ends with a
character outside that class cannot be written there and is left out (said by the export).
A line that begins with ``# `` is a comment (``internal/core/config.go``: ``addWordList``).

A term written as a headword, its first letter the only capital (``Pruning``), is accepted in
either case (``[Pp]runing``, as Vale's documentation writes such entries), so that
``Vale.Terms`` does not ask for a capital in running text.
"""

from __future__ import annotations

import re
import unicodedata

from glossary_cli.formats._mt import main_term
from glossary_cli.formats._yaml import dump_yaml
from glossary_cli.model import Glossary
from glossary_cli.values import NamedTuple

#: regexp2's metacharacters outside a character class.
_META = re.compile(r"([\\.+*?()|\[\]{}^$#])")
#: What a swap key's boundaries look at: a letter, mark or digit of any script.
_WORD = r"[\p{L}\p{Mn}\p{Mc}\p{Nd}_]"
#: The name of the rule file.
RULE = "Preferred"


class OutputFile(NamedTuple):
    """One file of an export that writes a directory.

    Attributes:
        path: relative, ``/``-separated.
        data: its bytes.
    """

    path: str
    data: bytes


def escape(text: str) -> str:
    r"""``text`` as a regexp2 pattern that matches it literally.

    >>> escape("C++ (v2)")
    'C\\+\\+ \\(v2\\)'
    """
    return _META.sub(r"\\\1", text)


def pattern(text: str) -> str:
    r"""A swap key: the escaped term between boundaries that see every script's letters and
    marks.

    >>> pattern("ডেটা")
    '(?<![\\p{L}\\p{Mn}\\p{Mc}\\p{Nd}_])ডেটা(?![\\p{L}\\p{Mn}\\p{Mc}\\p{Nd}_])'
    """
    return f"(?<!{_WORD}){escape(text)}(?!{_WORD})"


def is_word_char(char: str) -> bool:
    r"""Whether regexp2's ``\b`` sees ``char`` as part of a word (``\w`` of .NET:
    letters, non-spacing marks, decimal digits, connector punctuation).

    >>> is_word_char("ল"), is_word_char("া"), is_word_char("ُ"), is_word_char(".")
    (True, False, True, False)
    """
    category = unicodedata.category(char)
    return category[0] == "L" or category in ("Mn", "Nd", "Pc")


def vocabulary_entry(text: str) -> str | None:
    """A term as an ``accept.txt`` line, or ``None`` when Vale's boundaries cannot match it.

    >>> vocabulary_entry("Pruning"), vocabulary_entry("LoRA"), vocabulary_entry("ডেটা")
    ('[Pp]runing', 'LoRA', None)
    """
    if not is_word_char(text[0]) or not is_word_char(text[-1]):
        return None
    first, rest = text[0], text[1:]
    if first.isupper() and first.lower() != first and not any(c.isupper() for c in rest):
        return f"[{first}{first.lower()}]{escape(rest)}"
    return escape(text)


class Style(NamedTuple):
    """What the style holds, and what it leaves out.

    Attributes:
        swap: deprecated term → the term(s) to use instead (``|``-joined).
        accept: the vocabulary's lines.
        no_boundary: accepted terms left out of the vocabulary (:func:`vocabulary_entry`).
        both: texts that are to be avoided in one concept and used in another: swapped, and
            left out of the vocabulary.
        unusable: deprecated terms whose language has no term to use instead.
        languages: the languages of the swaps.
    """

    swap: dict[str, str]
    accept: list[str]
    no_boundary: int
    both: int
    unusable: int
    languages: list[str]


def style(glossary: Glossary) -> Style:
    """The swaps and the vocabulary of ``glossary``."""
    swaps: dict[str, list[str]] = {}
    accepted: list[str] = []
    langs: list[str] = []
    unusable = 0
    for concept in glossary.concepts:
        for section in concept.languages:
            use = main_term(section)
            for term in section.terms:
                if not term.exported:
                    continue
                if term.avoid:
                    if use is None or use.text == term.text:
                        unusable += 1
                        continue
                    swaps.setdefault(term.text, [])
                    if use.text not in swaps[term.text]:
                        swaps[term.text].append(use.text)
                    if section.lang not in langs:
                        langs.append(section.lang)
                else:
                    accepted.append(term.text)
    accept: list[str] = []
    no_boundary = both = 0
    for text in dict.fromkeys(accepted):
        if text in swaps:
            both += 1
            continue
        entry = vocabulary_entry(text)
        if entry is None:
            no_boundary += 1
        else:
            accept.append(entry)
    swap = {pattern(bad): "|".join(good) for bad, good in swaps.items()}
    return Style(swap, accept, no_boundary, both, unusable, langs)


def rule(found: Style) -> dict[str, object]:
    """The substitution rule, as Vale's YAML keys."""
    return {
        "extends": "substitution",
        "message": "Use '%s' instead of '%s': the termbase marks it deprecated or superseded.",
        "level": "warning",
        "ignorecase": True,
        "nonword": True,
        "vocab": False,
        "capitalize": True,
        "action": {"name": "replace"},
        "swap": found.swap,
    }


def write_files(glossary: Glossary, *, name: str = "Gloss") -> tuple[OutputFile, ...]:
    """The files of the style ``name``, relative to the styles path (see the module
    docstring). A glossary with no deprecated or superseded term gives a rule with an empty
    ``swap``, which Vale loads and never reports."""
    found = style(glossary)
    body = rule(found)
    header = (
        f"# {name}: use the termbase's terms. Written by gloss export --format vale; "
        "regenerate it rather than editing it.\n"
    )
    vocabulary = [f"# {name}: terms that may be used, from the termbase", *found.accept]
    return (
        OutputFile(f"{name}/{RULE}.yml", (header + dump_yaml(body)).encode("utf-8")),
        OutputFile(
            f"config/vocabularies/{name}/accept.txt",
            ("\n".join(vocabulary) + "\n").encode("utf-8"),
        ),
    )


def write(glossary: Glossary, **options: object) -> bytes:
    """A Vale style is a directory (:func:`write_files`).

    Raises:
        UsageError: always.
    """
    from glossary_cli.errors import UsageError

    raise UsageError("a Vale style is a directory", hint="give -o DIR, e.g. -o styles/Gloss")


def left_out(glossary: Glossary, **options: object) -> list[str]:
    """What the style leaves out."""
    found = style(glossary)
    out = []
    if not found.swap:
        out.append(
            "no term is deprecated or superseded: the rule has nothing to swap (Vale loads it "
            "and reports nothing)"
        )
    if found.unusable:
        out.append(
            f"{found.unusable} deprecated or superseded term"
            f"{'s have' if found.unusable > 1 else ' has'} no term of its language to use "
            "instead, and no swap"
        )
    if found.both:
        out.append(
            f"{found.both} term{'s are' if found.both > 1 else ' is'} to be avoided in one "
            "concept and used in another: swapped, and not in the vocabulary"
        )
    if found.no_boundary:
        out.append(
            f"{found.no_boundary} term{'s' if found.no_boundary > 1 else ''} begin or end with "
            "a character Vale's word boundary does not see (a Bengali vowel sign such as া, "
            "punctuation): left out of accept.txt"
        )
    return out
