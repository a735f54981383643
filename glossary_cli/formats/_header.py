"""Which column of a table holds what: the header plan of CSV, TSV, spreadsheets and Markdown
tables. Pure; standard library and ICU (through :mod:`glossary_cli.tags` and
:mod:`glossary_cli.scripts.writing`).

A header cell is read whatever its case, spacing and emphasis, in the words other tools write:

=====================================  ====================================================
header                                 what the column holds
=====================================  ====================================================
a language, by tag or name: ``ar``,    that language's terms (tags and names as
``ar_SA``, ``en-GB``, ``Arabic``,      :func:`glossary_cli.tags.read_language` reads them;
``العربية``, ``বাংলা``                 ``en-GB`` beside ``en-US`` is two languages)
``term``, ``word``, ``headword``,      terms of the language the script of the cells says
``translation``, ``translate``,        (:func:`glossary_cli.scripts.writing.script_language`)
``target``, ``localized``,
``المصطلح``, ``الترجمة``, ``পরিভাষা``
a field and a language: ``Term         that field of that language (Crowdin's, Transifex's,
[en-US]``, ``Description [ar-001]``,   gloss 0.1.0's, and headers written in words, in
``translation_ar``, ``bn_definition``, English, Arabic or Bengali)
``English term``, ``المصطلح
الإنجليزي``, ``التعريف بالعربية``
``definition``, ``description``,       definitions, each of the language its script says
``meaning``, ``التعريف``, ``সংজ্ঞা``
``note``, ``comment``, ``usage``,      notes of the concept (or of a language)
``context``, ``example``
``source``, ``reference``, ``المصدر``  the source each term and definition cites
``id``                                 the concept's id
``part of speech``, ``type``,          the part of speech, term type, administrative
``status``                             status of the language's main term
``synonyms``, ``abbreviation``         further terms, abbreviations
``subject``, ``domain``, ``category``  subject fields
``#``, ``no``, ``number``              a numbering: left out
=====================================  ====================================================

Any other column is left out, and named in the plan; a table is refused only when no column
holds terms. Without a header, each column is read by the script of its cells
(:func:`by_script`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence

from glossary_cli.errors import ParseError, UsageError
from glossary_cli.formats._common import clean
from glossary_cli.tags import (
    canonical_tag,
    from_name,
    known_language,
    name_key,
    parse_tag,
    qualified,
)
from glossary_cli.values import NamedTuple

#: What a column holds: a language's terms, terms not to use, abbreviations, definitions, notes,
#: the main term's
#: part of speech, term type and administrative status, the source it cites; the concept's
#: id, subject fields; gloss 0.1.0's ``en_origin``; the language of another column (``lang``).
FIELDS = (
    "term", "avoid", "abbr", "definition", "note", "pos", "type", "status", "source", "id",
    "subject", "en_origin", "lang",
)  # fmt: skip


class Column(NamedTuple):
    """What one column holds.

    Attributes:
        at: its index, from 0.
        lang: the language of what it holds; ``None`` for the concept's own fields (``id``,
            ``subject``, ``note``, ``source``) and for definitions whose language each cell's
            script says.
        field: one of :data:`FIELDS`.
        label: its header (``column N`` without one).
        how: how its language was told: ``"header"``, ``"script"`` (of its cells),
            ``"file name"``, ``"--columns"``.
    """

    at: int
    lang: str | None
    field: str
    label: str
    how: str = "header"

    def describe(self) -> str:
        """What the column is read as, for the reading plan: ``ar terms``, ``definitions``."""
        what = {
            "term": "terms", "avoid": "terms not to use (deprecated)",
            "abbr": "abbreviations", "definition": "definitions",
            "note": "notes", "pos": "part of speech", "type": "term type",
            "status": "administrative status", "source": "source cited", "id": "concept ids",
            "subject": "subject fields", "en_origin": "origin of the English headword",
            "lang": "languages",
        }[self.field]  # fmt: skip
        if self.field == "lang":
            return f"the language of the {self.how} column: {self.lang}"
        if self.lang is None:
            if self.field in ("pos", "type", "status"):
                return f"{what} of each row's first term"
            if self.how == "sparse":
                return f"{what}: comments after the columns of terms (OmegaT's third column)"
            return what + (", each in its script's language" if self.field == "definition" else "")
        if self.how.startswith("script, not "):
            named = self.how.removeprefix("script, not ")
            return f"{self.lang} {what}, by the script of its cells (its header says {named})"
        by = {
            "script": ", by the script of its cells",
            "file name": ", from the file name",
            "cells": ", as the column beside it says",
            "identified": ", by a language identifier over its cells",
            "--columns": ", as --columns says",
        }
        return f"{self.lang} {what}{by.get(self.how, '')}"


class Plan(NamedTuple):
    """How a table is read: its columns, and those left out with why (``(index, label,
    why)``)."""

    columns: tuple[Column, ...]
    left_out: tuple[tuple[int, str, str], ...] = ()
    has_header: bool = True


# The words of header cells, by name_key (case, harakat and the Arabic article folded), and
# the field each names. A term or translation column without a language is read by its script.
_BY_SCRIPT = "\0term"
_TARGET = "\0translation"
_NUMBERING = "\0numbering"
_WORDS = {
    _BY_SCRIPT: (
        "term", "terms", "word", "words", "headword", "headwords", "entry", "expression",
        "lemma", "keyword", "name", "concept", "source term", "source text", "source string",
        "string", "original", "original term", "مصطلح", "مصطلحات", "كلمة", "لفظ", "واژه",
        "اصطلاح", "منبع", "পরিভাষা", "শব্দ", "টার্ম", "оригинал", "термин", "término",
        "terme", "begriff", "termo", "용어", "用語", "术语", "術語", "शब्द", "terim",
        "thuật ngữ",
    ),
    _TARGET: (
        "translation", "translations", "translate", "translated", "translated term", "target",
        "target term", "target text", "target string", "equivalent", "equivalents",
        "localized", "localised", "localization", "localisation", "l10n",
        "suggested translation", "ترجمة", "مقابل", "معادل", "অনুবাদ", "প্রতিশব্দ",
        "перевод", "traducción", "traduction", "übersetzung", "tradução", "traduzione",
        "번역", "번역문", "訳語", "翻訳", "翻译", "译文", "अनुवाद", "ترجمہ", "ترجمه", "çeviri",
        "bản dịch", "tłumaczenie", "vertaling", "переклад",
    ),
    "definition": (
        "definition", "definitions", "def", "description", "descriptions", "descr", "desc",
        "meaning", "meanings",
        "explanation", "gloss", "sense", "تعريف", "شرح", "معنى", "وصف", "সংজ্ঞা", "অর্থ",
        "ব্যাখ্যা", "বিবরণ", "বর্ণনা", "설명", "説明", "定义", "说明", "परिभाषा", "تعریف",
        "توضیح", "açıklama", "tanım", "định nghĩa", "guidance",
    ),
    "note": (
        "note", "notes", "comment", "comments", "remark", "remarks", "usage", "usage note",
        "usage notes", "context", "example", "examples", "translator note",
        "translator notes", "ملاحظات", "ملاحظة", "تعليق", "مثال", "মন্তব্য", "টীকা", "নোট",
        "উদাহরণ", "비고", "備考", "备注", "टिप्पणी", "یادداشت",
    ),
    "source": (
        "source", "sources", "reference", "references", "citation", "origin", "provenance",
        "مصدر", "مرجع", "উৎস", "সূত্র",
    ),
    "id": ("id", "concept id", "entry id", "term id", "identifier", "string id", "segment id"),
    "pos": (
        "pos", "part", "part of speech", "parts of speech", "word class", "grammatical category",
        "نوع الكلمة", "পদ",
    ),
    "type": ("type", "term type"),
    "status": ("status", "administrative status", "term status"),
    "avoid": (
        "avoid", "do not use", "don't use", "deprecated", "forbidden", "wrong", "incorrect",
        "not", "تجنب", "لا تستخدم", "خطأ", "পরিহার করুন", "পরিহার", "বর্জনীয়", "ভুল",
        "معادل اشتباه", "اشتباه", "نادرست",
    ),
    "term+": (
        "synonym", "synonyms", "alternative", "alternatives", "variant", "variants",
        "alias", "aliases", "other terms", "also known as", "aka", "مرادف", "مرادفات",
        "সমার্থক", "সমার্থক শব্দ",
    ),
    "abbr": ("abbr", "abbreviation", "abbreviations", "acronym", "short form", "اختصار", "সংক্ষেপ"),
    "subject": (
        "subject", "subject field", "subject fields", "domain", "domains", "field", "topic",
        "category", "categories", "tags", "area", "مجال", "موضوع", "বিষয়", "ক্ষেত্র",
    ),
    _NUMBERING: (
        "#", "no", "no.", "nr", "nr.", "n°", "number", "num", "s/n", "sl", "sl.", "sl. no.",
        "serial", "index", "row", "رقم", "م", "ক্রম", "ক্রমিক", "ক্রমিক নং", "নং",
    ),
}  # fmt: skip
# filler words of headers that say a field in words: "definition in English", "التعريف بالعربية"
_FILLER = frozenset({"in", "of", "the", "language", "في", "باللغة", "لغة", "اللغة", "ভাষায়",
                     "ভাষা", "در", "به", "زبان"})  # fmt: skip
# gloss 0.1.0's concept columns, and what they hold
_V1 = {"en": ("en", "term"), "en_origin": (None, "en_origin"), "abbr": ("en", "abbr"),
       "aliases": ("en", "term+"), "notes": (None, "note")}  # fmt: skip
# gloss 0.1.0's per-language columns (TAG_FIELD), and Transifex's FIELD_TAG
_V1_FIELDS = {"term": "term", "definition": "definition", "source": "source", "en": "en",
              "abbr": "abbr", "status": "status", "notes": "note", "note": "note",
              "translation": "term", "description": "definition", "comment": "note"}  # fmt: skip
_BRACKETED = re.compile(r"^(?P<field>.*?)\s*[\[(]\s*(?P<lang>[^\[\]()]+?)\s*[\])]\s*$")
_EMPHASIS = re.compile(r"^[*_`\s]+|[*_`:\s]+$")
_NUMBER = re.compile(r"[\d\s.,:/+-]+")


def _role_words() -> dict[str, str]:
    table: dict[str, str] = {}
    for fld, words in _WORDS.items():
        for word in words:
            table.setdefault(name_key(word), fld)
    return table


_ROLES = _role_words()


def header_key(cell: str) -> str:
    """A header cell as it is compared: whitespace collapsed, Markdown emphasis and a
    trailing colon dropped.

    >>> header_key(" **English term:** "), header_key("Term [en-US]")
    ('English term', 'Term [en-US]')
    """
    return _EMPHASIS.sub("", clean(cell))


def _language(text: str) -> str | None:
    """A language a header names by tag or name (not a role word: ``id`` is the id)."""
    key = name_key(text)
    if not key or key in _ROLES:
        return None
    return parse_tag(text.strip()) or from_name(text)


def header_role(cell: str) -> tuple[str | None, str] | None:
    """What a header cell names, ``(lang, field)``, or ``None`` when it names nothing gloss
    reads. ``lang`` is ``None`` for the concept's fields and for a column of terms whose
    language its cells' script will tell (field ``"\\0term"``, ``"\\0translation"`` for a
    translation's); field ``"term+"`` is further terms, ``"\\0numbering"`` a numbering.

    >>> [header_role(h) for h in ("English", "ar_SA", "Term [en-US]", "المصطلح الإنجليزي")]
    [('en', 'term'), ('ar-SA', 'term'), ('en-US', 'term'), ('en', 'term')]
    >>> [header_role(h) for h in ("translation_ar", "bn_definition", "Notes", "uri", "source ")]
    [('ar', 'term'), ('bn', 'definition'), (None, 'note'), None, (None, 'source')]
    >>> header_role("translate"), header_role("التعريف بالعربية"), header_role("#")
    ((None, '\\x00translation'), ('ar', 'definition'), (None, '\\x00numbering'))
    >>> header_role("Definition / Guidance")
    (None, 'definition')
    """
    text = header_key(cell)
    if not text or len(text) > 60:
        return None
    key = name_key(text)
    if text.casefold() in _V1:
        return _V1[text.casefold()]
    if key in _ROLES:
        return None, _ROLES[key]
    if text.startswith("#") and "+" in text:
        return _hxl(text)
    if text.startswith("#") and len(text) > 1:  # "#رقم", "# no.": a numbering
        return None, _NUMBERING
    lang = _language(text)
    if lang is not None:
        return lang, "term"
    found = _BRACKETED.match(text)
    if found is not None:  # Crowdin's "Term [en-US]", "Definition (Arabic)", "German (AT)"
        named = _language(found["field"]) if found["field"] else None
        if named is not None:
            return qualified(named, found["lang"]) or named, "term"
        lang = _language(found["lang"])
        field = _ROLES.get(name_key(found["field"])) if found["field"] else _BY_SCRIPT
        if lang is not None and field is not None and field != _NUMBERING:
            return lang, "term" if field in (_BY_SCRIPT, _TARGET) else field
    for sep in ("_", "-", ":"):  # gloss 0.1.0's bn_definition, Transifex's translation_ar
        head, mark, tail = text.rpartition(sep)
        for lang_part, field_part in ((head, tail), (tail, head)):
            if not mark or not lang_part or not field_part:
                continue
            field = _V1_FIELDS.get(field_part.casefold()) or _ROLES.get(name_key(field_part))
            lang = parse_tag(lang_part) or _language(lang_part)
            if field is not None and lang is not None and field != _NUMBERING:
                if field == "en":
                    return "en", "term+"
                return lang, "term" if field in (_BY_SCRIPT, _TARGET) else field
    spaced = " ".join(words(text))
    if spaced != text:
        role = header_role(spaced)
        if role is not None:
            return role
    found_role = _in_words(text)
    if found_role is None and _JOINED.search(text):
        # "Definition / Guidance", "Notes & comments": the first part that names a field
        roles = [header_role(part) for part in _JOINED.split(text) if part.strip()]
        found_role = next((r for r in roles if r is not None and r[0] is None), None)
    return found_role


# what joins two names in one header cell: "Definition / Guidance", "Context/Comments"
_JOINED = re.compile(r"\s*/\s*|\s+(?:&|\+|and|or|و|এবং|ও)\s+", re.IGNORECASE)


_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def words(text: str) -> list[str]:
    """The words of a header written as one: ``sourceString`` → ``source String``,
    ``English_word`` → ``English word``; a tag's hyphens kept.

    >>> words("sourceString"), words("English_word"), words("Term [en-US]")
    (['source', 'String'], ['English', 'word'], ['Term', '[en-US]'])
    """
    return [w for w in _CAMEL.sub(" ", text.replace("_", " ")).split() if w]


def _hxl(text: str) -> tuple[str | None, str] | None:
    """A column of the Humanitarian Exchange Language (HXL 1.1): a hashtag and attributes,
    ``#item+rem+i_eng+is_latn``; the attribute ``i_LLL`` names the language of its text
    (ISO 639-3), ``is_SSSS`` its script; a hashtag of no language is none gloss reads.

    >>> _hxl("#item+rem+i_ara+is_arab+ix_unterm"), _hxl("#item+conceptum+codicem")
    (('ar-Arab', 'term'), None)
    """
    attributes = text.split("+")[1:]
    lang = next((a[2:] for a in attributes if a.startswith("i_")), None)
    script = next((a[3:] for a in attributes if a.startswith("is_")), "")
    tag = parse_tag(lang) if lang else None
    if tag is None:
        return None
    scripted = parse_tag(f"{tag}-{script}") if script and script != "zxxx" else None
    return scripted or tag, "term"


def _in_words(text: str) -> tuple[str | None, str] | None:
    """A header that says a field and a language in words: ``English term``, ``Arabic
    translation``, ``definition in English``, ``المصطلح الإنجليزي``, ``বাংলা অর্থ``."""
    words = [w for w in text.split() if name_key(w) not in _FILLER]
    roles = [_ROLES.get(name_key(w)) for w in words]
    if len(roles) > 1 and all(r is not None for r in roles):
        # "معادل در منبع", an equivalent in the source; "معادل اشتباه در ترجمه", a wrong
        # equivalent in the translation: what not to use, the source, the translation
        for role in ("avoid", _BY_SCRIPT, _TARGET):
            if role in roles:
                return None, role
    for cut in range(1, len(words)):
        for lang_words, field_words in ((words[:cut], words[cut:]), (words[cut:], words[:cut])):
            lang = _language(" ".join(lang_words))
            field = _ROLES.get(name_key(" ".join(field_words)))
            if lang is not None and field is not None and field != _NUMBERING:
                return lang, "term" if field in (_BY_SCRIPT, _TARGET) else field
    return None


def profile(cells: Sequence[str]) -> tuple[str | None, bool, bool]:
    """What a column's cells are: ``(script, long, numbers)``: the ISO 15924 script most of
    them are written in (:func:`glossary_cli.scripts.writing.script_of`; ``None``: no
    letters), whether most are texts of five words or more (definitions rather than terms),
    and whether all are numbers. Only each cell's first 2,000 characters are looked at.

    >>> profile(["নিউরাল নেটওয়ার্ক", "মডেল"]), profile(["1", "2"])
    (('Beng', False, False), (None, False, True))
    """
    texts = [c[:2000].strip() for c in cells if c.strip()]
    if not texts:
        return None, False, False
    if all(_NUMBER.fullmatch(t) for t in texts):
        return None, False, True
    scripts = Counter(s for s in map(_cell_script, texts) if s)
    script = scripts.most_common(1)[0][0] if scripts else None
    if script == "Latn" and len(scripts) > 1:
        # Latin is the script terms are borrowed in: a column whose other cells are
        # Bengali (API, SDK, জিপিইউ, মডেল) is Bengali
        other, count = next((s, n) for s, n in scripts.most_common() if s != "Latn")
        if count * 4 >= sum(scripts.values()):
            script = other
    long = sum(1 for t in texts if len(t.split()) >= 5 or len(t) > 80) * 2 > len(texts)
    return script, long, False


def _cell_script(text: str) -> str | None:
    """The script of a cell: of the term it gives first when it is a term with its
    equivalents (``মেশিন লার্নিং (Machine Learning)`` is Bengali, however many Latin letters
    the bracket has; :func:`glossary_cli.termtext.names_in`), else of most of its letters
    (:func:`glossary_cli.scripts.writing.script_of`)."""
    from glossary_cli.scripts.writing import script_of

    if len(text) <= 200 and len(text.split()) <= 12 and not text.isascii():
        from glossary_cli.termtext import names_in

        names = names_in(text)
        if len(names) > 1 and names[0].script:
            return names[0].script
    return script_of(text)


def constant(cells: Sequence[str]) -> str | None:
    """The text nine in ten of a column's filled cells hold (two or more of them), when
    there are three or more rows: a label of the file (its source, its domain), not a term
    of each row.

    >>> constant(["Wikipedia", "Wikipedia", "Wikipedia"]), constant(["a", "b", "a"])
    ('Wikipedia', None)
    """
    texts = Counter(clean(c) for c in cells if c.strip())
    filled = sum(texts.values())
    if len(cells) < 3 or filled < 2:
        return None
    text, times = texts.most_common(1)[0]
    return text if times * 10 >= filled * 9 else None


def column_role(cell: str, cells: Sequence[str]) -> tuple[str | None, str] | None:
    """What a header cell names over its column's cells (:func:`header_role`), but for a
    bare three-letter language code over cells in a script its language is not written in
    (``bar``, Bavarian, over Bengali words): that is no language header, and ``None``. (A
    two-letter code or a language's name is the file's word: ``bn`` over Devanagari is kept,
    and ``gloss lint`` calls the terms' script a mismatch.)"""
    from glossary_cli.scripts.writing import tag_scripts

    role = header_role(cell)
    if role is None or role[1] != "term" or role[0] is None:
        return role
    key = header_key(cell)
    if parse_tag(key) is None or len(key.split("-")[0].split("_")[0]) != 3:
        return role  # a language's name, or a two-letter code: the file names its language
    script = profile(cells)[0]
    scripts = tag_scripts(role[0])
    if script is not None and script != "Latn" and scripts and script not in scripts:
        return None
    return role


def is_header(header: Sequence[str], body: Sequence[Sequence[str]]) -> bool:
    """Whether a first row is a header: more than half its cells name columns, or some do
    and a cell stands over a column in another script (``English`` over Arabic terms,
    ``영어`` over English ones)."""
    from glossary_cli.scripts.writing import first_script, one_system

    filled = [h for h in header if h.strip()]
    known = sum(
        1
        for i, h in enumerate(header)
        if h.strip() and column_role(h, [r[i] for r in body if i < len(r)]) is not None
    )
    if known * 2 > len(filled):
        return True
    if not known:
        return False
    for i, cell in enumerate(header):
        script, _, numbers = profile([r[i] for r in body if i < len(r)])
        own = first_script(cell) if cell.strip() else None
        if own is not None and script is not None and not one_system(own, script):
            return True
        if numbers and cell.strip() and not _NUMBER.fullmatch(cell.strip()):
            return True  # a name over a column of numbers ("#", "رقم")
    return False


#: Two-letter codes that are English words, in file names ("it-dictionary", "how-to") and
#: front matter keys ("no:", "to:"), not languages.
FILE_WORDS = frozenset(
    "an am as at be by do go he id if in is it me my no of on or so to up us we".split()
)


def file_language(name: str) -> str | None:
    """The language a file's name gives (``glossary-fr.csv``, ``terms_ar_SA.tsv``,
    ``bn.csv``, the target of ``en_ar.csv``), or ``None``; two-letter codes that are English
    words (``it-dictionary.csv``) are not read as languages.

    >>> file_language("glossary-fr.csv"), file_language("terms_ar_SA.tsv"), file_language("x.csv")
    ('fr', 'ar-SA', None)
    >>> file_language("tico19-facebook-en_ar-AR.csv"), file_language("it-dictionary.csv")
    ('ar', None)
    """
    stem = re.split(r"[\\/]", name)[-1].rsplit(".", 1)[0]
    for token in reversed([t for t in re.split(r"[.\s-]+", stem) if t]):
        whole = re.search(r"(?:^|_)([a-z]{2,3}_[A-Z]{2})$", token)
        if whole is not None:
            tag = parse_tag(whole.group(1))
            if tag is not None:
                return tag
        for piece in reversed(token.split("_")):
            if re.fullmatch(r"[a-z]{2,3}", piece) and piece not in FILE_WORDS:
                tag = parse_tag(piece)
                if tag is not None:
                    return tag
    return None


def plan_header(
    header: Sequence[str], body: Sequence[Sequence[str]], name: str, line: int
) -> Plan | None:
    """The columns a header names, or ``None`` when the first row is no header
    (:func:`is_header`). A column that names nothing gloss reads, a numbering, a second id
    and a column of terms whose language neither its header, its script nor the file's name
    tells are left out (in :attr:`Plan.left_out`); a second column of one language's terms
    gives further terms. A column whose header names nothing gloss reads, of short texts in
    a script no column of terms is in, holds the terms of the language its script says.

    Raises:
        ParseError: no column holds terms (with the header's columns and a hint).
    """
    from glossary_cli.scripts.writing import one_system, tag_scripts

    if not is_header(header, body):
        return None
    columns: list[Column] = []
    left: list[tuple[int, str, str]] = []
    given = _language_columns(header, body)
    cells_of = [[r[i] for r in body if i < len(r)] for i in range(len(header))]
    profiles: dict[int, tuple[str | None, bool, bool]] = {}

    def profiled(i: int) -> tuple[str | None, bool, bool]:
        """:func:`profile` of column ``i``, made once."""
        if i not in profiles:
            profiles[i] = profile(cells_of[i])
        return profiles[i]

    for i, cell in enumerate(header):
        label = header_key(cell) or f"column {i + 1}"
        cells = cells_of[i]
        if i in given:
            columns.append(Column(i, given[i][1], "lang", label, given[i][0] or "other"))
            continue
        role = column_role(cell, cells) if cell.strip() else None
        if role is None:
            empty = not any(c.strip() for c in cells)
            left.append(
                (i, label, "empty" if empty and not cell.strip() else "not a column gloss reads")
            )
            continue
        lang, fld = role
        if fld == _NUMBERING or (
            fld not in ("id",) and profiled(i)[2] and fld not in (_BY_SCRIPT, _TARGET)
        ):
            left.append((i, label, "a numbering" if fld == _NUMBERING else "numbers"))
            continue
        if fld == "id" and any(c.field == "id" for c in columns):
            left.append((i, label, "a second id column"))
            continue
        if fld in (_BY_SCRIPT, _TARGET) or (fld == "avoid" and lang is None):
            columns.append(Column(i, None, fld, label))  # its language is told below
            continue
        if fld == "term+":
            fld = "term"
        lang = canonical_tag(lang) if lang else None
        told = _contradicted(lang, cells) if fld == "term" and lang else None
        if told is not None:
            # a column its header calls Arabic whose terms are Bengali (headers swapped):
            # the script decides, and the plan says so
            columns.append(Column(i, told, fld, label, f"script, not {lang}"))
            continue
        columns.append(Column(i, lang, fld, label))
    named = tuple(dict.fromkeys(c.lang for c in columns if c.field == "term" and c.lang))
    prefixes = {prefix: tag for prefix, tag in given.values()}
    if not any(c.field in ("term", _BY_SCRIPT, _TARGET) for c in columns):
        # a header that names no column of terms: its first column of short texts holds them
        for i, label, why in list(left):
            script, long, numbers = profiled(i)
            if why == "not a column gloss reads" and script and not long and not numbers:
                left.remove((i, label, why))
                columns.append(Column(i, None, _BY_SCRIPT, label))
                break
    # a column its header does not name, of short texts in a script no column of terms has
    # (번역문 over Korean terms beside English ones): the terms of that script's language
    have = set()
    for col in columns:
        if col.field in ("term", _BY_SCRIPT, _TARGET):
            if col.lang:
                have |= set(tag_scripts(col.lang) or ())
            have.add(profiled(col.at)[0] or "")
    for i, label, why in list(left):
        script, long, numbers = profiled(i)
        if (
            why == "not a column gloss reads"
            and script
            and not long
            and not numbers
            and not any(one_system(script, other) for other in have if other)
        ):
            left.remove((i, label, why))
            columns.append(Column(i, None, _BY_SCRIPT, label))
            have.add(script)
    columns.sort(key=lambda c: c.at)
    # the columns of terms whose language the header did not give: told now, in order
    pending = [k for k, c in enumerate(columns) if c.field in (_BY_SCRIPT, _TARGET) or (
        c.field == "avoid" and c.lang is None)]  # fmt: skip
    for k in pending:
        col = columns[k]
        script, _, numbers = profiled(col.at)
        prefix = (words(col.label) or [""])[0].casefold()
        if prefix in prefixes and prefixes[prefix] not in named:
            field = "avoid" if col.field == "avoid" else "term"
            columns[k] = col._replace(lang=prefixes[prefix], field=field, how="cells")
            named = (*named, prefixes[prefix])
            continue
        lang, how = _column_language(
            script,
            named,
            [c.lang for c in columns if c.lang],
            name,
            col.field == _TARGET,
            cells_of[col.at],
        )
        if lang is None:
            why = "numbers" if numbers else (
                f"{_script_name(script)}-script terms of a language the file does not name"
                if script else "no terms"
            )  # fmt: skip
            left.append((col.at, col.label, why))
            columns[k] = col._replace(field="")
            continue
        field = "avoid" if col.field == "avoid" else "term"
        columns[k] = col._replace(lang=lang, field=field, how=how)
        named = (*named, lang) if field == "term" else named
    columns = [c for c in columns if c.field]
    if not any(c.field == "term" for c in columns):
        raise ParseError(
            "no column holds terms: the header names "
            + (", ".join(repr(header_key(h)) for h in header if h.strip()) or "nothing"),
            path=name,
            line=line,
            hint=COLUMNS_HINT,
        )
    return Plan(tuple(columns), tuple(sorted(left)))


_LANGUAGE_WORDS = frozenset({"lang", "language", "locale", "langcode", "languagecode"})


def _contradicted(lang: str, cells: Sequence[str]) -> str | None:
    """The language of a column whose header names ``lang`` but whose terms, three or more
    and four in five of them, are in a script other than Latin that ``lang`` is not written
    in (the headers of two columns swapped); ``None`` when the header fits."""
    from glossary_cli.scripts.writing import one_system, script_language, script_of, tag_scripts

    script = profile(cells)[0]
    scripts = tag_scripts(lang)
    if script is None or script == "Latn" or not scripts:
        return None
    if any(one_system(script, s) for s in scripts):
        return None
    written = [script_of(c) for c in cells if c.strip()]
    if len(written) < 3 or written.count(script) * 5 < len(written) * 4:
        return None  # a few terms in the wrong column are said, not a column's language
    return script_language(script)


def _language_columns(
    header: Sequence[str], body: Sequence[Sequence[str]]
) -> dict[int, tuple[str, str]]:
    """The columns that give another column's language in their cells (TICO-19's
    ``sourceLang``, ``targetLang`` beside ``sourceString``, ``targetString``): a header of a
    language word, after a word that names the other column (``source``, ``target``), over
    cells that are all one language tag. ``{index: (prefix, tag)}``."""
    out: dict[int, tuple[str, str]] = {}
    for i, cell in enumerate(header):
        parts = [w.casefold() for w in words(header_key(cell))]
        if not parts or parts[-1] not in _LANGUAGE_WORDS or len(parts) > 2:
            continue
        cells = {clean(r[i]) for r in body if i < len(r) and r[i].strip()}
        tags = {parse_tag(c) for c in cells}
        if len(tags) == 1 and None not in tags:
            out[i] = (parts[0] if len(parts) == 2 else "", tags.pop() or "")
    return out


def _script_name(script: str | None) -> str:
    from glossary_cli.scripts.writing import script_name

    return script_name(script) if script else "no"


def _column_language(
    script: str | None,
    named: tuple[str, ...],
    taken: list[str | None],
    name: str,
    target: bool,
    cells: Sequence[str] = (),
) -> tuple[str | None, str]:
    """The language of a column of terms that its header does not name, and how it was
    told. A translation column (``target``) is the language the file's name gives, when no
    other column is (``glossary-fa.md``: its terms in Latin letters, API, NLP, are the
    Persian ones). A column of terms, or a translation column without that, is the language
    CLDR says is most written in its cells' script when no other column has it (Latin:
    English; Arabic: Arabic), else the file's name's language when it is written in that
    script, else the language a language identifier finds in its cells
    (:func:`glossary_cli.scripts.writing.identify`), else a further column of the file's
    language in that script."""
    from glossary_cli.scripts.writing import (
        IDENTIFIED_SCRIPTS,
        identify,
        script_language,
        tag_scripts,
    )

    if script is None:
        return None, ""
    from_file = file_language(name)
    fits = from_file is not None and from_file not in named and from_file not in taken
    if target and fits:
        return from_file, "file name"
    in_script = fits and script in (tag_scripts(from_file or "") or ())
    if in_script and script != "Latn":
        return from_file, "file name"  # glossary-fa.md: its Arabic-script column is Persian
    found = identify(cells, script) if script in IDENTIFIED_SCRIPTS and cells else None
    if found is not None and found not in taken and found not in named:
        return found, "identified"  # a column of Persian terms, not Arabic ones
    lang = script_language(script)
    if lang is not None and lang not in taken and lang not in named:
        return lang, "script"
    if in_script:
        return from_file, "file name"
    found = identify(cells, script, from_file)
    if found is not None and found not in taken and found not in named:
        return found, "identified"  # "word; translate", both Latin: English and French
    in_file = [t for t in named if script in (tag_scripts(t) or ())]
    if in_file:
        return in_file[0], "script"  # a second column of the language: further terms
    return None, ""


COLUMNS_HINT = (
    "name the columns: language tags or names (en, english, ar, arabic, bn…), term, "
    "translation, definition, description, source, note, id, TAG_definition…; or give "
    "--columns to read only the columns you name, e.g. --columns en=english,ar=arabic"
)


def by_script(rows: Sequence[Sequence[str]], name: str, line: int) -> Plan:
    """The columns of a table without a header, read by the script of their cells: a column
    of terms in Latin script is English (the first; a second one of long texts, English
    definitions), in Arabic script Arabic, Bengali Bengali, Devanagari Hindi… (the language
    CLDR says is most written in the script); a column of long texts the definitions of its
    script's language; a column of numbers is left out; a column that holds one text on
    every row (:func:`constant`) is the source each row cites. Columns of one script (two
    columns of Latin terms: English and Portuguese?) are told apart by a language
    identifier over each column (:func:`glossary_cli.scripts.writing.identify`).

    Raises:
        ParseError: two columns of terms in one script (which language is which?), a script
            gloss has no language for, or no column of terms.
    """
    from glossary_cli.scripts.writing import (
        IDENTIFIED_SCRIPTS,
        IDENTIFY_APART,
        identify,
        script_language,
        tag_scripts,
    )

    widths = Counter(len(r) for r in rows)
    width = widths.most_common(1)[0][0] if rows else 0
    # a trailing column only some rows fill (OmegaT's optional comment) is a column too
    wider = sum(n for w, n in widths.items() if w > width)
    if width and wider >= 2 and wider * 10 >= len(rows):
        # (rows of many widths, none of them one in ten: the most common width stays)
        width = max(
            (w for w, n in widths.items() if n * 10 >= len(rows) or w == width + 1),
            default=width,
        )
    columns: list[Column] = []
    left: list[tuple[int, str, str]] = []
    taken: dict[str, int] = {}
    profiles = [profile([r[i] if i < len(r) else "" for r in rows]) for i in range(width)]
    columns_of = [[r[i] if i < len(r) else "" for r in rows] for i in range(width)]
    kinds = Counter(
        (p[0], p[1])
        for p, cells in zip(profiles, columns_of, strict=True)
        if p[0] and not p[2] and constant(cells) is None
    )
    for i in range(width):
        cells = [r[i] if i < len(r) else "" for r in rows]
        script, long, numbers = profiles[i]
        label = f"column {i + 1}"
        if numbers or script is None:
            left.append((i, label, "numbers" if numbers else "empty"))
            continue
        same = constant(cells)
        if same is not None and len(rows) >= 3:
            columns.append(Column(i, None, "source", label, "script"))
            continue
        filled = sum(1 for c in cells if c.strip())
        terms_before = sum(1 for c in columns if c.field == "term")
        if terms_before >= 2 and filled * 10 < len(rows) * 6:
            columns.append(Column(i, None, "note", label, "sparse"))
            continue  # a column few rows fill, after the terms: comments (OmegaT's third)
        hinted = file_language(name)
        shared = kinds[(script, long)] > 1 and constant(cells) is None
        found = (
            identify(cells, script, hinted, sure=IDENTIFY_APART)
            if shared and script is not None
            else None
        )
        if found is None and hinted is None and script in IDENTIFIED_SCRIPTS:
            found = identify(cells, script)  # Persian or Arabic? Urdu?
        if found is not None:
            lang: str | None = found  # columns of one script: the language identifier tells
        elif hinted is not None and script != "Latn" and script in (tag_scripts(hinted) or ()):
            lang = hinted  # the file's name says which language of the script
        else:
            lang = script_language(script)
        if lang is None:
            raise ParseError(
                f"no header row names the languages, and gloss cannot tell the language of column "
                f"{i + 1} from its script ({_script_name(script)})",
                path=name,
                line=line,
                hint="add a header row naming the languages, or give --columns, e.g. "
                f"--columns en=1,xx={i + 1}",
            )
        what = f"definition:{lang}" if long else lang
        if what in taken and sum(1 for c in columns if c.field == "term") >= 2:
            # a third column in the script of a column of terms, after two of them: what an
            # OmegaT glossary's third column holds, comments on the pair
            columns.append(Column(i, None, "note", label, "sparse"))
            continue
        if what in taken:
            example = ",".join(
                f"{c.lang}={c.at + 1}" for c in columns if c.lang and c.field == "term"
            )
            raise ParseError(
                "no header row names the languages, and columns "
                f"{taken[what] + 1} and {i + 1} both hold {_script_name(script)}-script "
                f"{'texts' if long else 'terms'}: gloss "
                "cannot tell their languages apart",
                path=name,
                line=line,
                hint=f"give --columns, e.g. --columns {example or 'en=1'},fr={i + 1}, or add a "
                "header row naming the languages",
            )
        taken[what] = i
        how = "identified" if found is not None else "script"
        columns.append(Column(i, lang, "definition" if long else "term", label, how))
    if not any(c.field == "term" for c in columns):
        raise ParseError(
            "the first row is not a header: it names no known column, and no column holds terms",
            path=name,
            line=line,
            hint=COLUMNS_HINT,
        )
    return Plan(tuple(columns), tuple(left), has_header=False)


def what(spec: str) -> tuple[str | None, str]:
    """A ``WHAT`` of ``--columns`` → ``(lang, field)`` as :class:`Column`: a language (its
    terms), ``FIELD:TAG`` (``definition:ar``, ``status:bn``, ``note:bn``, ``abbr:bn``,
    ``source:bn``, ``pos:en``), or a concept's field (``definition``, ``note``, ``source``,
    ``id``, ``subject``, ``aliases``, ``abbr``).

    >>> what("en"), what("definition:ar"), what("note"), what("status:bn"), what("ar_SA")
    (('en', 'term'), ('ar', 'definition'), (None, 'note'), ('bn', 'status'), ('ar-SA', 'term'))

    Raises:
        UsageError: not a language ICU knows, nor a field gloss reads.
    """
    key = spec.strip().casefold()
    concept = {"id": "id", "note": "note", "notes": "note", "comment": "note",
               "source": "source", "citation": "source", "definition": "definition",
               "description": "definition", "subject": "subject", "domain": "subject"}  # fmt: skip
    if key in concept:
        return None, concept[key]
    if key in ("aliases", "abbr"):
        return _V1[key]
    fields = {"definition": "definition", "description": "definition", "status": "status",
              "note": "note", "notes": "note", "abbr": "abbr", "source": "source",
              "pos": "pos", "type": "type", "term": "term", "synonym": "term"}  # fmt: skip
    head, sep, tag = spec.strip().partition(":")
    hint = (
        "give a language tag (en, ar, bn, fr…) for its terms, definition:TAG, status:TAG, "
        "note:TAG, abbr:TAG, source:TAG, pos:TAG, or definition, note, source, id, subject"
    )
    if sep and head.casefold() not in fields:
        raise UsageError(f"--columns: {head!r} is not something gloss reads", hint=hint)
    tag = (tag if sep else head).strip()
    lang = parse_tag(tag) if known_language(tag.replace("_", "-").split("@")[0]) else None
    if lang is None:
        raise UsageError(f"--columns: {tag!r} is not a language gloss knows", hint=hint)
    return lang, fields[head.casefold()] if sep else "term"


def mapped(
    columns: Mapping[str, str],
    header: Sequence[str],
    body: Sequence[Sequence[str]],
    name: str,
    line: int,
) -> Plan:
    """The columns ``--columns`` names (the others are left out); the first row is a
    header when a column is named by its header, or, with numbers only, when it reads as
    one (:func:`is_header`).

    Raises:
        UsageError: a WHAT gloss does not read, a column given twice, or none of terms.
        ParseError: a name the header does not have (with the header's columns), or a number
            past the last column.
    """
    numbers = all(str(c).strip().isdigit() for c in columns.values())
    has_header = not numbers or is_header(header, body)
    names: dict[str, int] = {}
    for i, h in enumerate(header):
        names.setdefault(header_key(h).casefold(), i)
    out: list[Column] = []
    for spec, column in columns.items():
        lang, fld = what(spec)
        text = str(column).strip()
        if text.isdigit():
            index = int(text) - 1
            if not 0 <= index < len(header):
                raise ParseError(
                    f"--columns {spec}={text}: the file has {len(header)} columns",
                    path=name,
                    line=line,
                    hint=f"number the columns from 1 to {len(header)}",
                )
        elif header_key(text).casefold() in names:
            index = names[header_key(text).casefold()]
        else:
            raise ParseError(
                f"--columns {spec}={text}: the header has no column {text!r}",
                path=name,
                line=line,
                hint="its columns are "
                + ", ".join(repr(h.strip()) for h in header)
                + " (or give their numbers, from 1)",
            )
        if any(c.at == index for c in out):
            raise UsageError(f"--columns: column {text!r} is given twice", hint="give each once")
        label = header_key(header[index]) if has_header else f"column {index + 1}"
        out.append(Column(index, lang, fld, label or spec.strip(), "--columns"))
    if not any(c.field == "term" for c in out):
        raise UsageError(
            "--columns names no column of terms",
            hint="name at least one language's column, e.g. --columns en=english",
        )
    left = tuple(
        (i, header_key(h) if has_header else f"column {i + 1}", "not named by --columns")
        for i, h in enumerate(header)
        if not any(c.at == i for c in out) and (h.strip() or not has_header)
    )
    return Plan(tuple(out), left, has_header)
