"""What the glossaries for machine translation services share (``deepl``, ``google-glossary``,
``google-pairs``, ``amazon-terminology``, ``microsoft-dictionary``): which term of a language
stands for a concept, the pairs of source and target terms, the languages each service
documents for its glossaries, and the checks each service's own client or API applies to an
entry.

The term written for a language is its main term (:attr:`glossary_cli.model.LangSection.main`:
the preferred term, else the first that is neither deprecated nor superseded, nor an
abbreviation), and never a deprecated or superseded one: a service applies a glossary's target
term wherever its source term occurs, so a term to avoid would be put into every translation.
On the source side every exported term of the concept is an entry (its synonyms and
abbreviations too, and its deprecated terms, which are still met in the texts to translate),
each leading to the same target term.

Standard library only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from glossary_cli.errors import RecordError, UsageError
from glossary_cli.formats._common import control_message, find_control
from glossary_cli.model import Concept, Glossary, LangSection, Term
from glossary_cli.tags import language_name, matches, primary_tag
from glossary_cli.values import NamedTuple

#: The languages DeepL takes in a glossary (source or target, any two of them), as
#: https://developers.deepl.com/docs/getting-started/supported-languages lists them with
#: "glossaries" (DeepLcom/api-docs, ``snippets/language-table.jsx``, commit b41ce30 of
#: 2026-04-30, MIT): Arabic is one; Bengali, translated by DeepL since January 2026, is not.
DEEPL_GLOSSARY = {
    "ar": "Arabic", "bg": "Bulgarian", "cs": "Czech", "da": "Danish", "de": "German",
    "el": "Greek", "en": "English", "es": "Spanish", "et": "Estonian", "fi": "Finnish",
    "fr": "French", "he": "Hebrew", "hu": "Hungarian", "id": "Indonesian", "it": "Italian",
    "ja": "Japanese", "ko": "Korean", "lt": "Lithuanian", "lv": "Latvian",
    "nb": "Norwegian Bokmål", "nl": "Dutch", "pl": "Polish", "pt": "Portuguese",
    "ro": "Romanian", "ru": "Russian", "sk": "Slovak", "sl": "Slovenian", "sv": "Swedish",
    "tr": "Turkish", "uk": "Ukrainian", "vi": "Vietnamese", "zh": "Chinese",
}  # fmt: skip

#: The language codes of Amazon Translate (https://docs.aws.amazon.com/translate/latest/dg/
#: what-is-languages.html): a custom terminology's header names its languages with them.
AMAZON_LANGUAGES = frozenset(
    "af sq am ar hy az bn bs bg ca zh zh-TW hr cs da fa-AF nl en et fa tl fi fr fr-CA ka de el "
    "gu ht ha he hi hu is id ga it ja kn kk ko lv lt mk ms ml mt mr mn no ps pl pt pt-PT pa ro "
    "ru sr si sk sl so es es-MX sw sv ta te th tr uk ur uz vi cy".split()
)


class Entry(NamedTuple):
    """One line of a glossary for a translation service.

    Attributes:
        source: a term of the source language.
        target: the main term of the target language (never one to avoid).
        concept: the id of the concept both name.
    """

    source: str
    target: str
    concept: str


class Pairs(NamedTuple):
    """The entries of a glossary for one language pair, and what was left out of it.

    Attributes:
        entries: in the glossary's order, each source text once.
        no_target: concepts with a source term but no target term that may be used.
        target_synonyms: target terms other than the main one (and not to be avoided), which
            a pair cannot carry.
        duplicates: source texts that name more than one concept (the first concept's entry
            is kept, as a service takes one translation per source text).
    """

    entries: tuple[Entry, ...]
    no_target: int
    target_synonyms: int
    duplicates: tuple[str, ...]


def section(concept: Concept, tag: str) -> LangSection | None:
    """The concept's first language section that ``tag`` asks for (:func:`matches`)."""
    return next((s for s in concept.languages if matches(s.lang, tag)), None)


def main_term(section: LangSection | None) -> Term | None:
    """The term written for a language: its main term, unless it is to be avoided (then the
    language has none that may be used), or is not exported.

    >>> main_term(LangSection("en", (Term("old", status="deprecated"), Term("new"))))
    Term(text='new', type=None, status=None, status_original=None, pos=None, usage=None, \
role=None, origin='source', source='', citation=None, notes=(), definitions=(), properties=())
    >>> main_term(LangSection("en", (Term("old", status="deprecated"),))) is None
    True
    """
    if section is None:
        return None
    main = section.main
    return main if main is not None and main.exported and not main.avoid else None


def source_terms(section: LangSection) -> list[Term]:
    """Every exported term of a section, its main term first, each text once."""
    main = section.main
    terms = [t for t in section.terms if t.exported]
    if main is not None and main in terms:
        terms.remove(main)
        terms.insert(0, main)
    seen: dict[str, Term] = {}
    for t in terms:
        seen.setdefault(t.text, t)
    return list(seen.values())


def pairs(glossary: Glossary, source: str, target: str) -> Pairs:
    """The entries from ``source`` to ``target`` (see the module docstring).

    Args:
        glossary: the concepts.
        source, target: language tags (:func:`matches`: ``en`` takes ``en-US``).
    """
    entries: list[Entry] = []
    seen: set[str] = set()
    duplicates: list[str] = []
    no_target = synonyms = 0
    for concept in glossary.concepts:
        src = section(concept, source)
        if src is None or not any(t.exported for t in src.terms):
            continue
        tgt = section(concept, target)
        term = main_term(tgt)
        if term is None:
            no_target += 1
            continue
        assert tgt is not None
        synonyms += sum(1 for t in tgt.terms if t.exported and not t.avoid and t.text != term.text)
        for s in source_terms(src):
            if s.text in seen:
                duplicates.append(s.text)
                continue
            seen.add(s.text)
            entries.append(Entry(s.text, term.text, concept.id))
    return Pairs(tuple(entries), no_target, synonyms, tuple(dict.fromkeys(duplicates)))


def pair_left_out(found: Pairs, source: str, target: str) -> list[str]:
    """The messages of what a glossary of one language pair leaves out."""
    out = []
    if found.no_target:
        out.append(
            f"{found.no_target} concept{'s have' if found.no_target > 1 else ' has'} no "
            f"{language_name(target)} term that may be used (none, or only deprecated or "
            "superseded ones) and no entry"
        )
    if found.target_synonyms:
        out.append(
            f"{found.target_synonyms} {language_name(target)} synonym"
            f"{'s are' if found.target_synonyms > 1 else ' is'} left out: an entry gives one "
            "target term, the main one"
        )
    if found.duplicates:
        shown = ", ".join(repr(d) for d in found.duplicates[:3])
        more = f" and {len(found.duplicates) - 3} more" if len(found.duplicates) > 3 else ""
        out.append(
            f"{len(found.duplicates)} {language_name(source)} term"
            f"{'s name' if len(found.duplicates) > 1 else ' names'} more than one concept "
            f"({shown}{more}): the first concept's entry is kept"
        )
    out.append(
        "definitions, notes, statuses and term types are not written: a translation "
        "glossary holds terms only"
    )
    return out


def require(option: str, value: str | None, service: str, *, pair: bool = True) -> str:
    """The value of ``--source`` or ``--target``, which a glossary of one language pair needs
    (``pair=False``: of one language, as a LanguageTool replace list is).

    Raises:
        UsageError: it was not given.
    """
    if value is None:
        if not pair:
            raise UsageError(
                f"a {service} is for one language: give {option}", hint=f"e.g. {option} en"
            )
        raise UsageError(
            f"a {service} glossary is for one language pair: give {option}",
            hint="e.g. --source en --target ar",
        )
    return value


def service_code(tag: str, service: str, supported: Mapping[str, str] | Iterable[str]) -> str:
    """The code a service gives the language ``tag``: the tag itself when the service lists
    it (``zh-TW`` for Amazon), else its primary language subtag (``ar`` for ``ar-SA``).

    >>> service_code("AR-sa", "DeepL", DEEPL_GLOSSARY)
    'ar'

    Raises:
        UsageError: the service documents no such language for glossaries; the hint lists
            those it does.
    """
    codes = {c.casefold(): c for c in supported}
    for candidate in (tag.casefold(), primary_tag(tag)):
        if candidate in codes:
            return codes[candidate]
    names = supported if isinstance(supported, Mapping) else {}
    listed = ", ".join(f"{c} ({names[c]})" if c in names else c for c in sorted(codes.values()))
    raise UsageError(
        f"{service} glossaries do not take {language_name(tag)} ({tag})",
        hint=f"{service} documents glossaries for {listed}",
    )


def refuse_pair_of_one(source: str, target: str, service: str) -> None:
    """Refuse a glossary whose source and target are the same language.

    Raises:
        UsageError: ``source`` and ``target`` are one language.
    """
    if primary_tag(source) == primary_tag(target) and source.casefold() == target.casefold():
        raise UsageError(
            f"a {service} glossary translates from one language into another, and "
            f"--source and --target are both {source}"
        )


def refuse_control(entry: Entry, text: str) -> None:
    """Refuse a term that holds a control character (no service's glossary may hold one).

    Raises:
        RecordError: naming the concept.
    """
    found = find_control(text)
    if found is not None:
        message, hint = control_message(found[1])
        raise RecordError(f"concept {entry.concept!r}: {text[:40]!r} {message}", hint=hint)
