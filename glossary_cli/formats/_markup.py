"""What the HTML-bearing exports share (``tabfile``, ``html``, ``anki``): every text escaped
(:func:`html.escape`, quotes included, so that no term becomes markup or an attribute), each
text marked with its language and, for a right-to-left script, its direction, and one
rendering of a language section (terms with their type and status, then definitions).

Standard library only.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

from glossary_cli.errors import RecordError
from glossary_cli.formats._common import control_message, find_control
from glossary_cli.model import Concept, Glossary, LangSection, Term, is_english
from glossary_cli.tags import language_name

#: The title a page, deck or dictionary gets (the title of a TBX export's header too).
DEFAULT_TITLE = "gloss: AI terminology"
#: Primary language subtags whose default script is written right to left (CLDR's likely
#: subtags and the scripts' direction in Unicode's Scripts data: Arabic, Hebrew, Syriac,
#: Thaana, N'Ko, Adlam).
RTL_LANGUAGES = frozenset(
    {"ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "nqo", "ps", "sd", "syr",
     "ug", "ur", "yi"}
)  # fmt: skip
#: Script subtags (ISO 15924) written right to left.
RTL_SCRIPTS = frozenset({"arab", "hebr", "syrc", "thaa", "nkoo", "adlm", "mand", "samr"})


def is_rtl(tag: str) -> bool:
    """Whether a language tag's text is written right to left: a script subtag says so
    (``ku-Arab``, ``az-Arab``), else its primary subtag (:data:`RTL_LANGUAGES`).

    >>> [is_rtl(tag) for tag in ("ar", "ar-EG", "bn", "ur", "az-Arab", "ar-Latn")]
    [True, True, False, True, True, False]
    """
    subtags = tag.replace("_", "-").lower().split("-")
    scripts = [s for s in subtags[1:] if len(s) == 4 and s.isalpha()]
    if scripts:
        return scripts[0] in RTL_SCRIPTS
    return subtags[0] in RTL_LANGUAGES


def lang_attrs(tag: str) -> str:
    """The attributes that mark an element's language (and direction), with a leading space.

    >>> lang_attrs("ar"), lang_attrs("bn")
    (' lang="ar" dir="rtl"', ' lang="bn"')
    """
    attrs = f' lang="{escape(tag)}"'
    return attrs + ' dir="rtl"' if is_rtl(tag) else attrs


def exported_sections(concept: Concept) -> list[tuple[LangSection, list[Term]]]:
    """The concept's language sections that have a term exports write (no search-only alias
    or misreading), with those terms, English first."""
    sections = [(s, [t for t in s.terms if t.exported]) for s in concept.languages]
    ordered = sorted(sections, key=lambda pair: not is_english(pair[0].lang))
    return [(s, terms) for s, terms in ordered if terms]


def headword(concept: Concept) -> tuple[str, str] | None:
    """The text that names a concept and its language: the English headword, else the main
    term of its first language that has one; ``None`` when it has no exported term."""
    head = concept.headword
    english = concept.english
    if head is not None and head.exported and english is not None:
        return head.text, english.lang
    for section, terms in exported_sections(concept):
        main = section.main
        return (main.text if main is not None and main.exported else terms[0].text), section.lang
    return None


def term_labels(term: Term) -> list[str]:
    """What is said beside a term: its type (``abbreviation``…) and administrative status."""
    return [x for x in (term.type, term.status or term.status_original) if x]


def term_html(term: Term, lang: str) -> str:
    """One term as HTML: the escaped text in its language, then its labels in English.

    >>> term_html(Term("<b>", status="deprecated"), "ar")
    '<span class="term" lang="ar" dir="rtl">&lt;b&gt;</span> <small lang="en">(deprecated)</small>'
    """
    labels = term_labels(term)
    out = f'<span class="term"{lang_attrs(lang)}>{escape(term.text)}</span>'
    if labels:
        out += f' <small lang="en">({escape(", ".join(labels))})</small>'
    return out


def section_html(section: LangSection, terms: Sequence[Term], *, name: bool = True) -> str:
    """A language section as one ``<div>`` in its language: the language's name (with
    ``name``), its terms separated by ``" · "``, and its definitions, one paragraph each."""
    parts = [f"<div{lang_attrs(section.lang)}>"]
    if name:
        parts.append(f'<b lang="en">{escape(language_name(section.lang))}:</b> ')
    parts.append(" · ".join(term_html(t, section.lang) for t in terms))
    for d in section.all_definitions():
        parts.append(f"<p>{escape(d.text)}</p>")
    parts.append("</div>")
    return "".join(parts)


def concept_extras_html(concept: Concept) -> str:
    """A concept's own definitions, notes and cross-references (``see also``), as
    paragraphs; ``""`` when it has none."""
    parts = []
    for d in concept.definitions:
        attrs = lang_attrs(d.lang) if d.lang else ""
        parts.append(f"<p{attrs}>{escape(d.text)}</p>")
    for note in concept.notes:
        parts.append(f'<p lang="en"><i>Note:</i> {escape(note)}</p>')
    if concept.xrefs:
        shown = ", ".join(escape(x.text) for x in concept.xrefs)
        parts.append(f'<p lang="en"><i>See also:</i> {shown}</p>')
    return "".join(parts)


def refuse_controls(concept: Concept, texts: Iterable[str]) -> None:
    """Refuse to write a text that holds a control character (a dictionary program or a
    browser would show or obey it).

    Raises:
        RecordError: naming the concept.
    """
    for text in texts:
        found = find_control(text)
        if found is not None:
            message, hint = control_message(found[1])
            raise RecordError(f"concept {concept.id!r}: {text[:40]!r} {message}", hint=hint)


def texts(concept: Concept) -> list[str]:
    """Every text of a concept an HTML export writes."""
    out = [*concept.notes, *(x.text for x in concept.xrefs), *(d.text for d in concept.definitions)]
    for section, terms in exported_sections(concept):
        out += [t.text for t in terms] + [d.text for d in section.all_definitions()]
    return out


def left_out(glossary: Glossary) -> list[str]:
    """What the HTML exports leave out: the data categories gloss keeps for TBX (contexts,
    grammatical gender, transactions…), counted, in one message; ``[]`` when there are none.
    Sources and citations are not shown either: they are a termbase's bookkeeping, not what
    a reader of a dictionary needs."""
    categories: dict[str, int] = {}
    for c in glossary.concepts:
        properties = [*c.properties]
        for s in c.languages:
            properties += [*s.properties, *(p for t in s.terms if t.exported for p in t.properties)]
        for p in properties:
            categories[p.category] = categories.get(p.category, 0) + 1
    if not categories:
        return []
    n = sum(categories.values())
    names = ", ".join(sorted(categories))
    return [
        f"{n} data categor{'y' if n == 1 else 'ies'} ({names}) "
        f"{'is' if n == 1 else 'are'} not shown: export TBX, JSON Lines or YAML to keep "
        f"{'it' if n == 1 else 'them'}"
    ]
