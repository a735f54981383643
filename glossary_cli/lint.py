"""Terminology QA: checks over concepts that find what a termbase should not hold.

Pure functions over :mod:`glossary_cli.model` values (no files, no terminal): :func:`lint`
takes a :class:`~glossary_cli.model.Glossary` or concepts and returns :class:`Issue` values,
in the order of the concepts they concern. ``gloss lint`` (:func:`glossary_cli.api.lint`) reads
the data and :mod:`glossary_cli.render` shows the issues.

Each check has a code, stable across releases, and a severity. An **error** is data that is
wrong whatever the glossary is for; a **warning** is something a terminologist should look at,
that can be right:

==========================  ========  =========================================================
code                        severity  what
==========================  ========  =========================================================
``duplicate-term``          error     one language of a concept gives the same term twice, up
                                      to what search folds anyway (:func:`~glossary_cli.
                                      normalize.fold`: ZWJ/ZWNJ, letter case, native or Latin
                                      digits, Arabic harakat and tatweel, Unicode spelling)
``script-mismatch``         error     a term written in a script its language tag contradicts:
                                      Bengali text tagged ``ar`` or ``xx``, Devanagari tagged
                                      ``bn``, Arabic script tagged ``en``
``unknown-status``          error     an administrative status outside the TBX-Basic picklist
                                      (:data:`~glossary_cli.model.STATUSES`)
``empty-term``              error     a term with no letter or digit
``empty-definition``        error     a definition with no letter or digit
``shared-term``             warning   two concepts have the same term in one language (a
                                      homonym, or one concept entered twice)
``conflicting-translations`` warning  two concepts share an English term but give different
                                      terms in a language both have
``near-duplicate``          warning   terms of two concepts in one language that differ only by
                                      a letter in a word or by spacing (``quantisation`` and
                                      ``quantization``), never by digits (``int4``, ``int8``)
``form-of-another``         warning   a term of one concept is a form of another concept's term
                                      as the analysis chain reads text (a plural, the Arabic
                                      article or a proclitic, a Bengali ending:
                                      :mod:`glossary_cli.analysis`), so ``gloss scan`` cannot
                                      tell them apart in a text
``latin-in-term``           warning   English (Latin-script words) left in a Bengali, Arabic or
                                      other non-Latin term, outside parentheses and acronyms
``mixed-digits``            warning   one term writes numbers in two digit systems (৪ and 4)
``unknown-term-type``       warning   a term type outside the TBX termType picklist
``unknown-language``        warning   a language tag that names no language ICU knows
``control-character``       warning   a control or bidi formatting character in a term
``read-warning``            warning   what the file's reader reported (a row skipped, a term
                                      given twice in a plain file…)
==========================  ========  =========================================================

Homonymy is why the cross-concept checks are warnings: one term can designate several
concepts (ISO 704:2022 §7.5; a TBX termbase holds each as its own ``conceptEntry``), and
``gloss add`` keeps a user's concept apart when its translation differs (``ID-2``). Curated
search-only aliases and misreadings (``role``) are names, not terms of the concept: the
duplicate, shared, conflicting and near-duplicate checks leave them out.

Costs stay linear in the number of terms: duplicates and shared terms are found by grouping
folded keys; near-duplicates by a canonical form of each key in which every word stands for
the words one edit away from it (found by a deletion neighbourhood, as SymSpell finds them:
Garbe 2012), so that only keys in one group are compared with rapidfuzz.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from typing import Any

from glossary_cli.model import (
    ABBREVIATION_TYPES,
    STATUSES,
    TERM_TYPES,
    Concept,
    Definition,
    Glossary,
    LangSection,
    Term,
    is_english,
    primary_tag,
)
from glossary_cli.normalize import fold
from glossary_cli.scripts.writing import (
    ANY_SCRIPT,
    is_private,
    script_counts,
    script_language,
    script_name,
    tag_scripts,
)
from glossary_cli.values import NamedTuple

__all__ = ["CODES", "Issue", "Report", "lint", "report"]

#: Every check's code and severity, in the order a concept's issues are listed.
CODES: dict[str, str] = {
    "read-warning": "warning",
    "empty-term": "error",
    "unknown-status": "error",
    "unknown-term-type": "warning",
    "unknown-language": "warning",
    "script-mismatch": "error",
    "latin-in-term": "warning",
    "mixed-digits": "warning",
    "control-character": "warning",
    "duplicate-term": "error",
    "empty-definition": "error",
    "shared-term": "warning",
    "conflicting-translations": "warning",
    "near-duplicate": "warning",
    "form-of-another": "warning",
}
_ORDER = {code: n for n, code in enumerate(CODES)}


class Issue(NamedTuple):
    """One thing a check found.

    Attributes:
        severity: ``"error"`` or ``"warning"`` (:data:`CODES`).
        code: the check, a short stable kebab-case name (``duplicate-term``).
        message: what is wrong, in one sentence, naming the term.
        concept: the concept's id (``""`` for a reader's warning about no concept).
        lang: the language tag of the section concerned, or ``None``.
        term: the term concerned, as written, or ``None`` (a definition, a whole section).
        source: where it was read, ``FILE:LINE``, when known; else ``""``.
        hint: what to do about it, or ``None``.
    """

    severity: str
    code: str
    message: str
    concept: str
    lang: str | None = None
    term: str | None = None
    source: str = ""
    hint: str | None = None


class Report(NamedTuple):
    """What ``gloss lint`` found: the issues and how much was checked.

    Attributes:
        issues: the issues, in concept order (:func:`lint`).
        concepts: how many concepts were checked.
        terms: how many terms.
    """

    issues: tuple[Issue, ...]
    concepts: int
    terms: int

    @property
    def errors(self) -> int:
        """How many issues are errors."""
        return sum(1 for i in self.issues if i.severity == "error")

    @property
    def warnings(self) -> int:
        """How many issues are warnings."""
        return sum(1 for i in self.issues if i.severity == "warning")


def report(data: Glossary | Iterable[Concept]) -> Report:
    """:func:`lint` with the counts of what was checked.

    Args:
        data: as for :func:`lint`.

    Returns:
        A :class:`Report`.
    """
    glossary = data if isinstance(data, Glossary) else Glossary((), tuple(data))
    return Report(lint(glossary), len(glossary.concepts), glossary.term_count)


def lint(data: Glossary | Iterable[Concept]) -> tuple[Issue, ...]:
    """Every issue of ``data`` (the checks of this module's table).

    Args:
        data: a glossary (its reader's ``warnings`` become ``read-warning`` issues) or
            concepts.

    Returns:
        The issues: the reader's warnings first, then each concept's, in concept order; within
        a concept by language section, term, then the order of :data:`CODES`. An issue that
        concerns two concepts (a shared term, a near-duplicate) is reported at the later one
        and names the earlier. Deterministic: the same data gives the same issues.

    Raises:
        DependencyError: ICU is missing (it tells a term's script and a tag's language).
    """
    if isinstance(data, Glossary):
        concepts: Sequence[Concept] = data.concepts
        warnings: Sequence[Any] = data.warnings
    else:
        concepts, warnings = tuple(data), ()
    found: list[tuple[tuple[int, int, int, int], Issue]] = []
    for n, w in enumerate(warnings):
        if getattr(w, "check", None) in CODES:
            continue  # the check of that name finds it in the records, and says it once
        where = ":".join(str(p) for p in (w.path, w.line) if p is not None)
        issue = _issue("read-warning", w.message, "", source=where, hint=w.hint)
        found.append(((-1, n, 0, 0), issue))
    for ci, concept in enumerate(concepts):
        for si, section in enumerate(concept.languages):
            found += _section_issues(ci, si, concept, section)
        for d in concept.definitions:
            if not fold(d.text):
                found.append(
                    ((ci, -1, 0, _ORDER["empty-definition"]), _empty_definition(concept, d.lang, d))
                )
    found += _cross_concept(concepts)
    found.sort(key=lambda pair: pair[0])
    return tuple(issue for _, issue in found)


def _issue(
    code: str,
    message: str,
    concept: str,
    *,
    lang: str | None = None,
    term: str | None = None,
    source: str = "",
    hint: str | None = None,
) -> Issue:
    return Issue(CODES[code], code, message, concept, lang, term, source, hint)


_Found = tuple[tuple[int, int, int, int], Issue]


# --- one section ---------------------------------------------------------------------------


def _section_issues(ci: int, si: int, concept: Concept, section: LangSection) -> list[_Found]:
    """The issues of one language section: each term's own, duplicates within the section,
    empty definitions."""
    out: list[_Found] = []
    lang = section.lang
    expected = tag_scripts(lang)
    seen: dict[str, Term] = {}
    latin_only = True
    for ti, term in enumerate(section.terms):

        def add(
            code: str, message: str, hint: str | None = None, *, t: Term = term, ti: int = ti
        ) -> None:
            issue = _issue(
                code, message, concept.id, lang=lang, term=t.text, source=t.source, hint=hint
            )
            out.append(((ci, si, ti, _ORDER[code]), issue))

        key = fold(term.text)
        if not key:
            add(
                "empty-term",
                f"the {_name(lang)} term {term.text!r} has no letter or digit",
                "give the term, or remove it",
            )
            continue
        _check_status(term, lang, add)
        _check_type(term, add)
        scripts = script_counts(term.text)
        if any(s != "Latn" for s in scripts):
            latin_only = False
        if expected is not _PRIVATE:
            _check_script(term, lang, expected, scripts, add)
        _check_digits(term, lang, add)
        if _CONTROL.search(term.text):
            found = dict.fromkeys(_CONTROL.findall(term.text))
            chars = ", ".join(f"U+{ord(c):04X}" for c in found)
            add(
                "control-character",
                f"the {_name(lang)} term {term.text!r} holds {chars}",
                "remove it: a control or bidi formatting character is no part of a term",
            )
        if term.role is None:
            first = seen.get(key)
            if first is None:
                seen[key] = term
            else:
                add(
                    "duplicate-term",
                    f"the {_name(lang)} term {term.text!r} repeats "
                    f"{first.text!r}"
                    + (f" ({first.source})" if first.source else "")
                    + f": {_difference(first.text, term.text)}",
                    "keep one of them: search finds both spellings alike",
                )
    if expected is None and section.terms and latin_only and not is_private(lang):
        first_term = section.terms[0]
        out.append(
            (
                (ci, si, -1, _ORDER["unknown-language"]),
                _issue(
                    "unknown-language",
                    f"the language tag {lang!r} names no language ICU knows",
                    concept.id,
                    lang=lang,
                    source=first_term.source,
                    hint="use a BCP 47 tag of a language (en, bn, ar…), or qaa–qtz for a "
                    "private one",
                ),
            )
        )
    for d in section.all_definitions():
        if not fold(d.text):
            out.append(
                (
                    (ci, si, len(section.terms), _ORDER["empty-definition"]),
                    _empty_definition(concept, lang, d),
                )
            )
    return out


def _empty_definition(concept: Concept, lang: str | None, d: Definition) -> Issue:
    what = f"a {_name(lang)} definition" if lang else "a definition"
    return _issue(
        "empty-definition",
        f"{what} of {concept.id!r} is empty" + (f" ({d.text!r})" if d.text else ""),
        concept.id,
        lang=lang,
        source=d.source,
        hint="write the definition, or remove it",
    )


def _check_status(term: Term, lang: str, add: Any) -> None:
    """``unknown-status``: TBX-Basic's ``administrativeStatus`` picklist (ISO 30042, TBX-Basic
    dialect: ``preferredTerm-admn-sts``, ``admittedTerm-admn-sts``, ``deprecatedTerm-admn-sts``,
    ``supersededTerm-admn-sts``). Records keep a value that is none of their spellings as
    ``status_original`` with no ``status`` (:func:`glossary_cli.records.normalize_status`)."""
    hint = "use one of " + ", ".join(STATUSES) + " (TBX-Basic), or leave the status out"
    if term.status is not None and term.status not in STATUSES:
        add(
            "unknown-status",
            f"the status {term.status!r} of {term.text!r} is not on the TBX-Basic picklist",
            hint,
        )
    elif term.status is None and term.status_original:
        add(
            "unknown-status",
            f"the status {term.status_original!r} of {term.text!r} is not "
            "on the TBX-Basic picklist",
            hint,
        )


#: Term types of the TBX termType picklist (ISO 12620 data category ``termType``, as TBX's
#: default dialect lists them), with TBX-Basic's ``phrase``: values outside are warned about.
KNOWN_TYPES = frozenset(
    {
        *TERM_TYPES,
        *ABBREVIATION_TYPES,
        "clippedTerm",
        "commonName",
        "entryTerm",
        "equation",
        "formula",
        "internationalism",
        "internationalScientificTerm",
        "logicalExpression",
        "partNumber",
        "phraseologicalUnit",
        "transcribedForm",
        "transliteratedForm",
        "romanizedForm",
        "shortcut",
        "sku",
        "standardText",
        "string",
        "symbol",
        "synonym",
        "synonymousPhrase",
    }
)
_TYPE_SPELLINGS = {re.sub(r"[^a-z]", "", t.casefold()): t for t in KNOWN_TYPES}


def _check_type(term: Term, add: Any) -> None:
    """``unknown-term-type``: a type outside :data:`KNOWN_TYPES`; a known one spelt in
    another case or with spaces says which."""
    if term.type is None or term.type in KNOWN_TYPES:
        return
    meant = _TYPE_SPELLINGS.get(re.sub(r"[^a-z]", "", term.type.casefold()))
    hint = f"write it {meant}" if meant else "use one of " + ", ".join(TERM_TYPES) + " (TBX-Basic)"
    add(
        "unknown-term-type",
        f"the term type {term.type!r} of {term.text!r} is not a TBX term type",
        hint,
    )


# --- scripts -------------------------------------------------------------------------------

# Which script a term is in and which scripts its language is written in are answered by
# glossary_cli.scripts.writing (Unicode's Script property and CLDR's likely subtags, ICU).
_PRIVATE = ANY_SCRIPT


def _check_script(
    term: Term, lang: str, expected: frozenset[str] | None, scripts: dict[str, int], add: Any
) -> None:
    """``script-mismatch`` and ``latin-in-term``: the scripts of the term's letters against
    those of its language (:func:`~glossary_cli.scripts.writing.tag_scripts`)."""
    native = [s for s in scripts if s != "Latn"]
    if expected is None:
        if native:
            main = native[0]
            suggested = script_language(main)
            add(
                "script-mismatch",
                f"the {script_name(main)}-script term {term.text!r} is tagged "
                f"{lang!r}, which names no language ICU knows",
                f"tag it {suggested}" if suggested else "tag it with its language",
            )
        return
    foreign = [s for s in native if s not in expected]
    if foreign:
        main = foreign[0]
        suggested = script_language(main)
        where = (
            f"{script_name(main)} letters in"
            if len(native) > 1
            else f"the {script_name(main)}-script"
        )
        add(
            "script-mismatch",
            f"{where} term {term.text!r} tagged {lang!r}: "
            f"{_name(lang)} is written in {_names(expected)} script",
            f"tag it {suggested}, or move it to its language's section"
            if suggested
            else "tag it with its language, or correct the letters",
        )
        return
    if "Latn" in scripts and "Latn" not in expected and not term.is_abbreviation:
        words = _english_words(term.text)
        if words:
            if native:
                message = (
                    f"the {_name(lang)} term {term.text!r} holds English "
                    f"{'words' if len(words) > 1 else 'word'} {', '.join(words)}"
                )
                hint = (
                    "translate or transliterate it; an English name or acronym belongs in "
                    "parentheses after the term, or as a term of its own"
                )
            else:
                message = f"the {_name(lang)} term {term.text!r} is in Latin letters"
                hint = (
                    f"give the {_name(lang)} term (an English name is a term of the English "
                    "section; an acronym is typed abbreviation)"
                )
            add("latin-in-term", message, hint)


def _names(scripts: frozenset[str]) -> str:
    return " or ".join(sorted(script_name(s) for s in scripts))


# A parenthetical or bracketed gloss, innermost first (applied until none is left).
_PARENTHETICAL = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")
_LATIN_LETTER = "A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f"
# A Latin token: letters and digits, joined by hyphens, apostrophes or dots (Q-Bias, int4, k-NN).
_LATIN_TOKEN = re.compile(f"[{_LATIN_LETTER}0-9]+(?:[-'\u2019.][{_LATIN_LETTER}0-9]+)*")
_HAS_LATIN = re.compile(f"[{_LATIN_LETTER}]")


def _outside_parentheses(text: str) -> str:
    """``text`` with its parenthetical and bracketed parts removed (nested ones too)."""
    while True:
        stripped = _PARENTHETICAL.sub(" ", text)
        if stripped == text:
            return text
        text = stripped


def _english_words(text: str) -> list[str]:
    """The Latin tokens of a non-Latin term that are English words, not names a native term
    may hold: outside parentheses (``লো-র্যাঙ্ক অ্যাডাপ্টেশন (LoRA)`` glosses its English),
    a token is left alone when one of its hyphen-joined parts is an acronym or symbol — two
    capitals (``LoRA``, ``GPU``, ``PyTorch``), a digit (``FP8``, ``int4``), one letter (``k``)
    — and none of its parts is a lower-case word (``based`` of ``LoRA-based``).

    >>> _english_words("কোয়ান্টাইজেশন method (QAT)"), _english_words("GPU মেমরি")
    (['method'], [])
    >>> _english_words("Q-Bias ক্ষতিপূরণ"), _english_words("Transformer মডেল")
    ([], ['Transformer'])
    """
    out = []
    for token in _LATIN_TOKEN.findall(_outside_parentheses(text)):
        if not _HAS_LATIN.search(token):
            continue
        parts = [p for p in re.split(r"[-'\u2019.]", token) if p]
        acronym = any(
            any(c.isdigit() for c in p) or sum(c.isupper() for c in p) >= 2 or len(p) == 1
            for p in parts
        )
        lower = any(p.isalpha() and p.islower() and len(p) >= 2 for p in parts)
        if lower or not acronym:
            out.append(token)
    return list(dict.fromkeys(out))


def _check_digits(term: Term, lang: str, add: Any) -> None:
    """``mixed-digits``: decimal digits (Unicode category Nd) of two systems in one term —
    ASCII and Bengali (U+09E6…), Arabic-Indic (U+0660…) and Extended Arabic-Indic (U+06F0…,
    the Persian and Urdu forms, which ``٤`` and ``۴`` tell apart) — outside parentheses and
    Latin tokens (``FP8`` in a Bengali term is an English name)."""
    text = _LATIN_TOKEN.sub(
        lambda m: " " if _HAS_LATIN.search(m.group()) else m.group(),
        _outside_parentheses(term.text),
    )
    systems: dict[int, str] = {}
    for ch in text:
        value = unicodedata.decimal(ch, None)
        if value is not None:
            zero = ord(ch) - value
            systems.setdefault(zero, ch)
    if len(systems) > 1:
        names = [_digit_system(z) for z in systems]
        add(
            "mixed-digits",
            f"the {_name(lang)} term {term.text!r} mixes {' and '.join(names)}",
            "write every number of the term in one digit system",
        )


def _digit_system(zero: int) -> str:
    """``0x9E6`` → ``Bengali digits``; ``0x30`` → ``ASCII digits``."""
    name = unicodedata.name(chr(zero), "")
    script = name.removesuffix("DIGIT ZERO").strip().title()
    return f"{script or 'ASCII'} digits"


# What a term must not hold: C0 and C1 controls, bidi embeddings, overrides, isolates and
# marks, line and paragraph separators, a byte order mark. ZWJ and ZWNJ are spelling (Bengali
# র‍্যা, Persian می‌خواهم): fold ignores them, this check leaves them alone.
_CONTROL = re.compile(
    "[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ufeff]"
)


def _difference(a: str, b: str) -> str:
    """What tells two spellings of one folded key apart, for the message."""
    if a == b:
        return "the same term twice"
    drop_format = "".join(c for c in a if unicodedata.category(c) != "Cf")
    if drop_format == "".join(c for c in b if unicodedata.category(c) != "Cf"):
        return "they differ only by invisible characters (ZWJ, ZWNJ, bidi marks)"
    na, nb = unicodedata.normalize("NFKC", a), unicodedata.normalize("NFKC", b)
    if na == nb:
        return "they differ only in Unicode spelling (composed or decomposed, compatibility forms)"
    if na.casefold() == nb.casefold():
        return "they differ only in letter case"

    def digits(text: str) -> str:
        return "".join(
            str(unicodedata.decimal(c)) if unicodedata.decimal(c, None) is not None else c
            for c in text
        )

    if digits(na) == digits(nb):
        return "they differ only in their digits' script"
    marks = re.compile("[\u064b-\u0652\u0670\u0640]")
    if marks.sub("", na) == marks.sub("", nb):
        return "they differ only in harakat or tatweel"
    return "they differ only in case, digits, punctuation or spacing"


@cache
def _name(tag: str | None) -> str:
    """``bn`` → ``Bengali`` for messages: ICU's English display name of the language, else
    the tag as it is."""
    if not tag:
        return "concept"
    names = {"en": "English", "bn": "Bengali", "ar": "Arabic"}
    if tag in names:
        return names[tag]
    from glossary_cli.icudata import icu

    module = icu()
    name = str(module.Locale.forLanguageTag(tag).getDisplayName(module.Locale("en")))
    return name if name and name.casefold() != tag.casefold() else tag


# --- across concepts -----------------------------------------------------------------------


class _Occurrence(NamedTuple):
    """Where a folded key occurs: concept index, section index, term index and the term."""

    ci: int
    si: int
    ti: int
    term: Term


def _own_terms(concept: Concept) -> Iterator[tuple[int, LangSection, int, Term]]:
    for si, section in enumerate(concept.languages):
        for ti, term in enumerate(section.terms):
            if term.role is None:
                yield si, section, ti, term


def _cross_concept(concepts: Sequence[Concept]) -> list[_Found]:
    """``shared-term``, ``conflicting-translations`` and ``near-duplicate``."""
    groups: dict[tuple[str, str], list[_Occurrence]] = {}
    for ci, concept in enumerate(concepts):
        seen: set[tuple[str, str]] = set()
        for si, section, ti, term in _own_terms(concept):
            key = fold(term.text)
            if not key:
                continue
            slot = (primary_tag(section.lang), key)
            if slot in seen:
                continue  # a duplicate within the concept: duplicate-term says so
            seen.add(slot)
            groups.setdefault(slot, []).append(_Occurrence(ci, si, ti, term))
    pairs: dict[tuple[int, int], list[tuple[str, _Occurrence, _Occurrence]]] = {}
    for (lang, _key), places in groups.items():
        first = places[0]
        for other in places[1:]:
            pairs.setdefault((first.ci, other.ci), []).append((lang, first, other))
    out: list[_Found] = []
    for shared in pairs.values():
        shared.sort(key=lambda item: (item[2].si, item[2].ti))
        out += _shared(concepts, shared)
    out += _near_duplicates(concepts, groups)
    out += _forms_of_another(concepts, groups)
    return out


def _forms_of_another(
    concepts: Sequence[Concept], groups: dict[tuple[str, str], list[_Occurrence]]
) -> list[_Found]:
    """``form-of-another``: a term that, read as text, is a form of another concept's term
    in the same language (:func:`glossary_cli.analysis.query_forms`, as search and scan read
    it) and not that term itself (``shared-term`` says that)."""
    from glossary_cli.analysis import EXACT, query_forms, term_forms

    by_form: dict[tuple[str, str], _Occurrence] = {}
    for (lang, _key), places in groups.items():
        for place in places:
            for form in term_forms(place.term.text):
                by_form.setdefault((lang, form), place)
    out: list[_Found] = []
    seen: set[tuple[int, int]] = set()
    for (lang, key), places in groups.items():
        mine = places[0]
        own = set(term_forms(mine.term.text))
        for form, how in query_forms(mine.term.text):
            other = by_form.get((lang, form))
            if other is None or other.ci == mine.ci or how == EXACT or form in own:
                continue
            if (mine.ci, other.ci) in seen or fold(other.term.text) == key:
                continue
            seen.add((mine.ci, other.ci))
            a, b = concepts[other.ci], concepts[mine.ci]
            out.append(
                (
                    (mine.ci, mine.si, mine.ti, _ORDER["form-of-another"]),
                    _issue(
                        "form-of-another",
                        f"{mine.term.text!r} is also read as a form of {other.term.text!r}, a "
                        f"term of {a.id!r}: a text's {mine.term.text!r} is found as both",
                        b.id,
                        lang=concepts[mine.ci].languages[mine.si].lang,
                        term=mine.term.text,
                        source=mine.term.source,
                        hint="if they are one concept, merge them; else tell them apart in a "
                        "note, and expect gloss scan to name both",
                    ),
                )
            )
    return out


def _keys(section: LangSection | None) -> set[str]:
    if section is None:
        return set()
    return {k for t in section.terms if t.role is None and (k := fold(t.text))}


def _shared(
    concepts: Sequence[Concept], shared: Sequence[tuple[str, _Occurrence, _Occurrence]]
) -> list[_Found]:
    """What two concepts share (``(lang, earlier, later)`` per folded key, in the later
    concept's order): one ``conflicting-translations`` per language in which they give
    different terms when a full English term is shared; else one ``shared-term`` that names
    the first shared term and counts the others."""
    a, b = concepts[shared[0][1].ci], concepts[shared[0][2].ci]
    english = next(
        (o for lang, f, o in shared
         if lang == "en" and not o.term.is_abbreviation and not f.term.is_abbreviation),
        None,
    )  # fmt: skip
    out: list[_Found] = []
    if english is not None:
        for si, section in enumerate(b.languages):
            if is_english(section.lang):
                continue
            theirs = a.section(section.lang)
            mine = _keys(section)
            if theirs is None or not mine or not _keys(theirs) or mine & _keys(theirs):
                continue
            main, their_main = section.main, theirs.main
            if main is None or their_main is None:
                continue
            ti = section.terms.index(main)
            name = _name(section.lang)
            out.append(
                (
                    (english.ci, si, ti, _ORDER["conflicting-translations"]),
                    _issue(
                        "conflicting-translations",
                        f"{english.term.text!r} is also a term of {a.id!r}, whose {name} term "
                        f"is {their_main.text!r}; {b.id!r} gives {main.text!r}",
                        b.id,
                        lang=section.lang,
                        term=main.text,
                        source=main.source,
                        hint=f"give one {name} term for both, or tell the two concepts apart "
                        "with another English term or a note",
                    ),
                )
            )
        if out:
            return out
    lang, first, other = shared[0]
    where = f" ({first.term.source})" if first.term.source else ""
    more = len(shared) - 1
    also = f"; so {'is' if more == 1 else 'are'} {more} more of its terms" if more else ""
    return [
        (
            (other.ci, other.si, other.ti, _ORDER["shared-term"]),
            _issue(
                "shared-term",
                f"the {_name(lang)} term {other.term.text!r} is also a term of "
                f"{a.id!r}{where}{also}",
                b.id,
                lang=b.languages[other.si].lang,
                term=other.term.text,
                source=other.term.source,
                hint="merge the two concepts if they are one; if the term names two concepts, "
                "a note or subject field on each tells them apart",
            ),
        )
    ]


#: Shortest word that :func:`_variants` pairs with others (shorter ones are too alike:
#: ``bias``, ``bais``); shortest key that can be a near-duplicate.
MIN_WORD = 5
MIN_KEY = 6
#: rapidfuzz ``fuzz.ratio`` a near-duplicate pair reaches at least.
NEAR_RATIO = 85.0
#: Most keys of one canonical group compared pairwise (beyond, each with the first only).
MAX_GROUP = 50
_DIGITS = re.compile(r"\d+")


def _lettered(word: str) -> bool:
    """Whether a word is letters and the marks that spell them (Bengali vowel signs, virama,
    nukta: categories Mn, Mc, for which ``str.isalpha`` is false), with no digit."""
    return all(unicodedata.category(c)[0] in "LM" for c in word)


def _variants(words: Iterable[str]) -> dict[str, str]:
    """For words of one language, the canonical word of each (the least word of its group):
    words one edit apart (one letter substituted, inserted, deleted, or two adjacent letters
    swapped) that begin with the same letter and hold no digit are one group, transitively.
    Linear in the letters: words one edit apart share a word with one letter deleted, the
    deletion neighbourhood SymSpell indexes (Garbe 2012). Words not in a group are left out.

    >>> sorted(_variants(["quantization", "quantisation", "encoder", "decoder"]).items())
    [('quantisation', 'quantisation'), ('quantization', 'quantisation')]
    """
    parent: dict[str, str] = {}

    def find(w: str) -> str:
        while parent.get(w, w) != w:
            parent[w] = parent.get(parent[w], parent[w])
            w = parent[w]
        return w

    def union(x: str, y: str) -> None:
        rx, ry = find(x), find(y)
        if rx != ry:
            low, high = (rx, ry) if rx < ry else (ry, rx)
            parent[high] = low
            parent.setdefault(low, low)

    buckets: dict[tuple[str, str], str] = {}
    for w in dict.fromkeys(words):
        if len(w) < MIN_WORD or not _lettered(w):
            continue
        for i in range(len(w) + 1):
            deleted = w if i == len(w) else w[:i] + w[i + 1 :]
            slot = (w[0], deleted)
            seen = buckets.get(slot)
            if seen is None:
                buckets[slot] = w
            elif seen != w:
                union(seen, w)
    return {w: find(w) for w in parent}


def _near_duplicates(
    concepts: Sequence[Concept], groups: dict[tuple[str, str], list[_Occurrence]]
) -> list[_Found]:
    """``near-duplicate``: keys of one language whose canonical forms are equal — every word
    replaced by its group's (:func:`_variants`), spaces left out — that differ, hold the same
    numbers and reach :data:`NEAR_RATIO`, in concepts that share neither key."""
    from rapidfuzz.fuzz import ratio

    by_lang: dict[str, list[str]] = {}
    for lang, key in groups:
        if len(key) >= MIN_KEY:
            by_lang.setdefault(lang, []).append(key)
    out: list[_Found] = []
    for lang, keys in by_lang.items():
        canon = _variants(w for k in keys for w in k.split())
        classes: dict[str, list[str]] = {}
        for key in keys:
            form = "".join(canon.get(w, w) for w in key.split())
            classes.setdefault(form, []).append(key)
        for members in classes.values():
            if len(members) < 2:
                continue
            for j, key in enumerate(members[1:], start=1):
                earlier = members[:j] if j < MAX_GROUP else members[:1]
                for before in earlier:
                    found = _near_pair(concepts, lang, groups, before, key, ratio)
                    if found is not None:
                        out.append(found)
                        break
    return out


def _near_pair(
    concepts: Sequence[Concept],
    lang: str,
    groups: dict[tuple[str, str], list[_Occurrence]],
    before: str,
    key: str,
    ratio: Any,
) -> _Found | None:
    """The issue for two keys of one canonical form, reported at the later concept, or
    ``None`` when they are not near-duplicates of two concepts."""
    if _DIGITS.findall(before) != _DIGITS.findall(key):
        return None
    score = ratio(before, key)
    if score < NEAR_RATIO:
        return None
    a_places, b_places = groups[(lang, before)], groups[(lang, key)]
    if {p.ci for p in a_places} & {p.ci for p in b_places}:
        return None  # spelling variants of one concept
    first, other = min(a_places[0], b_places[0]), max(a_places[0], b_places[0])
    a, b = concepts[first.ci], concepts[other.ci]
    where = f" ({first.term.source})" if first.term.source else ""
    return (
        (other.ci, other.si, other.ti, _ORDER["near-duplicate"]),
        _issue(
            "near-duplicate",
            f"the {_name(lang)} term {other.term.text!r} is nearly {first.term.text!r} of "
            f"{a.id!r}{where} (likeness {score:.0f})",
            b.id,
            lang=b.languages[other.si].lang,
            term=other.term.text,
            source=other.term.source,
            hint="if they are one concept, merge them and keep the spelling to use; if not, "
            "check the spelling",
        ),
    )
