"""Writing systems: which script a text is written in, and which languages write each script.

The one home of these facts: readers ask it to file a column, a heading, a term folder or a
definition under the language its script says when the file does not say; ``gloss lint`` asks
it whether a term's script contradicts its language; search asks it which language a query is
in. Every answer comes from Unicode and CLDR through ICU:

* a character's script is its Unicode Script property (UAX #24, ICU ``uscript_getScript``);
  characters of no one script (Common: digits, punctuation, spaces; Inherited: harakat, ZWJ)
  belong to none;
* the languages a script is written in, and the one most written in it, are CLDR's likely
  subtags (ICU ``Locale::addLikelySubtags``: ``und-Beng`` → ``bn``, ``und-Arab`` → ``ar``,
  ``und-Latn`` → ``en``), and the scripts a language is written in, its likely script
  (``ur`` → ``Arab``) or its tag's own script subtag (``sr-Latn``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from functools import cache

#: A language whose text mixes several scripts of Unicode: the scripts each one writes in
#: (ISO 15924 ``Jpan``, ``Kore``, ``Hans``, ``Hant`` are unions of Unicode's scripts).
_SCRIPT_SETS = {
    "Jpan": frozenset({"Hira", "Kana", "Hani", "Jpan"}),
    "Kore": frozenset({"Hang", "Hani", "Kore"}),
    "Hans": frozenset({"Hani", "Bopo"}),
    "Hant": frozenset({"Hani", "Bopo"}),
}
#: CLDR's most written language of the termbase's own scripts (``und-Beng`` → ``bn``…),
#: answered without loading ICU, as a lookup needs them (a test checks them against ICU).
MOST_WRITTEN = {"Beng": "bn", "Arab": "ar", "Latn": "en"}
#: The scripts (ISO 15924) whose plain glossary files are taken to be in the language most
#: written in them (:func:`script_language`: Bengali ``bn``, Arabic ``ar``), the termbase's own
#: languages. A plain file in a script many languages share (Latin, Devanagari, Cyrillic…)
#: names its language: ``gloss add FILE --lang hi``.
GUESSED_SCRIPTS = ("Beng", "Arab")
#: What :func:`tag_scripts` says of a private-use tag (``x-…``, ``qaa``–``qtz``): any script.
ANY_SCRIPT: frozenset[str] = frozenset()


@cache
def char_script(ch: str) -> str | None:
    """The ISO 15924 code of the script of a letter or mark (the Unicode Script property,
    UAX #24, through ICU); ``None`` for what is neither, and for characters of the Common and
    Inherited scripts (digits, punctuation, harakat, ZWJ, tatweel).

    >>> [char_script(c) for c in ("a", "ক", "ل", "\u064e", "7", "क", "中")]
    ['Latn', 'Beng', 'Arab', None, None, 'Deva', 'Hani']
    """
    if ch.isascii():
        return "Latn" if ch.isalpha() else None
    category = unicodedata.category(ch)[0]
    if category not in "LM":
        return None
    # the blocks a lookup meets most, answered without loading ICU (tests check each letter
    # against ICU): every letter and mark of the Bengali block is of the Bengali script, and
    # every letter of the Arabic block of the Arabic script, but tatweel (Common)
    if "\u0980" <= ch <= "\u09ff":
        return "Beng"
    if "\u0620" <= ch <= "\u06ff" and category == "L" and ch != "\u0640":
        return "Arab"
    from glossary_cli.icudata import icu

    code = str(icu().Script.getScript(ch).getShortName())
    return None if code in ("Zyyy", "Zinh", "Zzzz") else code


def script_counts(text: str) -> dict[str, int]:
    """The letters and marks of ``text`` per script (:func:`char_script`), the most frequent
    first.

    >>> script_counts("LoRA লোরা")
    {'Latn': 4, 'Beng': 4}
    """
    counts: dict[str, int] = {}
    if text.isascii():
        letters = sum(1 for c in text if c.isalpha())
        return {"Latn": letters} if letters else {}
    for ch in text:
        code = char_script(ch)
        if code is not None:
            counts[code] = counts.get(code, 0) + 1
    return dict(sorted(counts.items(), key=lambda kv: -kv[1]))


def script_of(text: str) -> str | None:
    """The script most of ``text``'s letters are written in (ISO 15924: ``"Beng"``,
    ``"Arab"``, ``"Latn"``…; ``"Jpan"`` for kanji with kana, ``"Kore"`` for hangul with
    hanja), the first such script on a tie; ``None`` without letters.

    >>> script_of("প্রুনিং (Pruning)"), script_of("تقليم"), script_of("1.5"), script_of("")
    ('Beng', 'Arab', None, None)
    >>> script_of("終了タグ"), script_of("用語")  # kana among kanji: Japanese (Jpan)
    ('Jpan', 'Hani')
    """
    counts = script_counts(text)
    if "Hani" in counts or "Hira" in counts or "Kana" in counts or "Hang" in counts:
        # one writing system of several scripts: Japanese (kana among the kanji), Korean
        for system, members in (("Jpan", ("Hira", "Kana")), ("Kore", ("Hang",))):
            if any(m in counts for m in members):
                joined = sum(n for code, n in counts.items() if code in _SCRIPT_SETS[system])
                counts = {system: joined, **{c: n for c, n in counts.items()
                                             if c not in _SCRIPT_SETS[system]}}  # fmt: skip
                counts = dict(sorted(counts.items(), key=lambda kv: -kv[1]))
                break
    return next(iter(counts), None)


def telling_script(text: str) -> str | None:
    """The script that tells the language of a term: :func:`script_of` of its letters
    other than Latin when it has any (a Latin abbreviation or name inside a term of another
    script, ``NOON 상태``, ``LoRA ফাইন-টিউনিং``, is part of that term), else Latin; ``None``
    without letters.

    >>> telling_script("NOON 상태"), telling_script("LoRA"), telling_script("42")
    ('Kore', 'Latn', None)
    """
    if text.isascii():
        return script_of(text)
    return script_of("".join(c for c in text if char_script(c) != "Latn")) or script_of(text)


def may_file(text: str, tag: str) -> bool:
    """Whether a term may be filed under ``tag`` as the file gives it: the script that tells
    its language (:func:`telling_script`) is one ``tag``'s language is written in, or Latin,
    the script terms are borrowed in (``API``, ``SDK``, ``NOON 상태`` of a Korean column or
    key); text in another script goes to the language of its script. True for text without
    letters and for tags of no known script.

    >>> may_file("API", "bn"), may_file("NOON 상태", "ko"), may_file("তথ্য", "ar")
    (True, True, False)
    """
    script = telling_script(text)
    scripts = tag_scripts(tag)
    return script is None or not scripts or script == "Latn" or script in scripts


def one_system(a: str | None, b: str | None) -> bool:
    """Whether two scripts (:func:`script_of`) are one writing system: the same script, or
    Japanese's kanji and kana, Korean's hangul and hanja.

    >>> one_system("Jpan", "Hani"), one_system("Latn", "Latn"), one_system("Arab", "Latn")
    (True, True, False)
    """
    if a == b:
        return True
    return any(a in members and b in members for members in _SCRIPT_SETS.values())


def first_script(text: str) -> str | None:
    """The script of the first letter of ``text`` that has one, or ``None``.

    >>> first_script("(ইভেন্ট) Event"), first_script("4bit")
    ('Beng', 'Latn')
    """
    if text.isascii():
        return "Latn" if any(c.isalpha() for c in text) else None
    for ch in text:
        code = char_script(ch)
        if code is not None:
            return code
    return None


# Scripts written together in one writing system, which a run does not cut: Japanese's kanji
# and kana (終了タグ), Korean's hangul and hanja, Chinese with bopomofo (ISO 15924 Jpan, Kore).
_WRITING_SYSTEM = {"Hira": "Hani", "Kana": "Hani", "Hang": "Hani", "Bopo": "Hani"}
#: Characters between two runs of different scripts that close the run before them.
_CLOSING = ")]}»›”’\"'.,;:!?،؛؟।0123456789"


def script_runs(text: str) -> list[tuple[str | None, str]]:
    """``text`` cut where its script changes, as ``(script, run)`` pairs in order: the
    characters of no script (spaces, punctuation, digits, harakat) belong to the run they
    stand in; between two runs, what comes before the first space (closing brackets, digits,
    punctuation: ``INT4``) ends the run before, what follows the spaces begins the run after
    (an opening bracket). A text without letters is one run of script ``None``.

    >>> script_runs("معالجة اللغة الطبيعية Natural language processing (NLP)")
    [('Arab', 'معالجة اللغة الطبيعية'), ('Latn', 'Natural language processing (NLP)')]
    >>> script_runs("(ইভেন্ট) Event")
    [('Beng', '(ইভেন্ট)'), ('Latn', 'Event')]
    >>> script_runs("INT4 কোয়ান্টাইজেশন")
    [('Latn', 'INT4'), ('Beng', 'কোয়ান্টাইজেশন')]
    >>> script_runs("終了タグ")  # kanji and kana: one writing system, one run (named Hani)
    [('Hani', '終了タグ')]
    """
    runs: list[tuple[str | None, str]] = []
    current: str | None = None
    start = 0
    pending = 0  # where the characters of no script after the current run's last letter begin
    for i, ch in enumerate(text):
        code = char_script(ch)
        if code is None:
            continue
        code = _WRITING_SYSTEM.get(code, code)
        if current is None:
            current = code
        elif code != current:
            between = text[pending:i]
            space = next((k for k, c in enumerate(between) if c.isspace()), None)
            if space is None:  # no space: closing marks and digits end the run before
                space = len(between) - len(between.lstrip(_CLOSING))
            cut = pending + space
            runs.append((current, text[start:cut].rstrip()))
            while cut < i and text[cut].isspace():
                cut += 1
            current, start = code, cut
        pending = i + 1
    runs.append((current, text[start:].strip()))
    return [(code, run) for code, run in runs if run]


@cache
def _likely(tag: str) -> tuple[str, str]:
    """``(language, script)`` of a tag after CLDR's likely subtags (ICU); ``("", "")`` for
    a tag ICU refuses (extensions it finds malformed, ``rus-r-sU2200-s1``): no language or
    script is known of it."""
    from glossary_cli.icudata import icu

    try:
        locale = icu().Locale.forLanguageTag(tag)
        likely = icu().Locale.forLanguageTag(tag)
    except icu().ICUError:
        return "", ""
    given = str(locale.getScript())
    likely.addLikelySubtags()
    return str(likely.getLanguage()), given or str(likely.getScript())


def is_private(tag: str) -> bool:
    """Whether a tag is for private use (BCP 47 ``x-…``, ``qaa``–``qtz``): no script
    contradicts it.

    >>> is_private("x-klingon"), is_private("qaa"), is_private("bn")
    (True, True, False)
    """
    primary = tag.split("-", 1)[0].casefold()
    return tag.casefold().startswith("x-") or (len(primary) == 3 and "qaa" <= primary <= "qtz")


@cache
def tag_scripts(tag: str) -> frozenset[str] | None:
    """The scripts a language tag's text is written in: its script subtag, else the likely
    script of its language (CLDR likely subtags, through ICU); ``None`` when ICU knows no
    script for it (``xx``); :data:`ANY_SCRIPT` (empty) for a private-use tag.

    >>> sorted(tag_scripts("ja")), tag_scripts("sr-Latn"), tag_scripts("ur"), tag_scripts("xx")
    (['Hani', 'Hira', 'Jpan', 'Kana'], frozenset({'Latn'}), frozenset({'Arab'}), None)
    """
    if is_private(tag):
        return ANY_SCRIPT
    from glossary_cli.tags import known_language

    if not known_language(tag):
        return None
    _, script = _likely(tag)
    if not script:
        return None
    return _SCRIPT_SETS.get(script, frozenset({script}))


def written_in(text: str, tag: str) -> bool:
    """Whether ``text``'s script (:func:`script_of`) is one ``tag``'s language is written
    in; true for text without letters and for tags of no known script.

    >>> written_in("তথ্য", "bn"), written_in("তথ্য", "ar"), written_in("LoRA", "en-GB")
    (True, False, True)
    """
    script = script_of(text)
    scripts = tag_scripts(tag)
    return script is None or not scripts or script in scripts


@cache
def script_language(script: str, among: Sequence[str] = ()) -> str | None:
    """The language a text in ``script`` is taken to be in: the first of ``among`` (the
    languages a file has) written in it, else the language CLDR says is most written in it
    (ICU likely subtags of ``und-SCRIPT``: ``Beng`` → ``bn``, ``Arab`` → ``ar``, ``Latn`` →
    ``en``, ``Cyrl`` → ``ru``, ``Hani`` → ``zh``); ``None`` for a script CLDR has no
    language for. ``among`` must be a tuple (the answer is cached).

    >>> script_language("Beng"), script_language("Arab", ("en", "fa")), script_language("Latn")
    ('bn', 'fa', 'en')
    """
    for tag in among:
        scripts = tag_scripts(tag)
        if scripts and script in scripts:
            return tag
    if script in MOST_WRITTEN:
        return MOST_WRITTEN[script]
    lang, likely_script = _likely(f"und-{script}")
    if not lang or lang == "und" or likely_script != script:
        return None
    return lang


def text_language(text: str, among: Sequence[str] = ()) -> str | None:
    """The language the script of ``text`` says (:func:`script_of`, then
    :func:`script_language`), or ``None`` for text without letters.

    >>> text_language("একটি মডেল"), text_language("نموذج", ("en", "ur")), text_language("42")
    ('bn', 'ur', None)
    """
    script = script_of(text)
    return script_language(script, tuple(among)) if script else None


@cache
def script_name(code: str) -> str:
    """The English name of an ISO 15924 script code (ICU): ``Beng`` → ``Bengali``.

    >>> script_name("Beng"), script_name("Arab"), script_name("Zzzz9")
    ('Bengali', 'Arabic', 'Zzzz9')
    """
    from glossary_cli.icudata import icu

    module = icu()
    found = module.Script.getCode(code)
    return str(module.Script(found[0]).getName()).replace("_", " ") if found else code


#: Scripts several languages of a termbase's kind share, whose columns a language identifier
#: tells apart before the script's most written language is taken (Arabic, Persian, Urdu;
#: Russian, Ukrainian; Hindi, Marathi, Nepali). Latin is identified only where two columns
#: share it: a column of English names is too often read as another language.
IDENTIFIED_SCRIPTS = frozenset({"Arab", "Cyrl", "Deva"})
#: The least letters a Latin text must have for :func:`identify` to name its language (a
#: quarter of it in other scripts, whose languages differ in letters: Persian ی, Urdu ٹ).
IDENTIFY_LETTERS = 30
#: How sure the identifier must be (its probability), how sure when it names the language a
#: file's name gives, and how sure of each of two columns of one script it tells apart.
IDENTIFY_SURE, IDENTIFY_HINTED, IDENTIFY_APART = 0.9, 0.5, 0.6


def identify(
    texts: Sequence[str], script: str, hint: str | None = None, sure: float | None = None
) -> str | None:
    """The language of texts in a script many languages share (Latin: English or
    Portuguese?), by a statistical language identifier over all of them together
    (langdetect, a port of Google's language-detection: character n-gram profiles of 55
    languages); ``None`` unless it is sure (``sure``, by default :data:`IDENTIFY_SURE`;
    :data:`IDENTIFY_HINTED` for the language ``hint`` names, a file's name's) and the language
    is written in ``script``,
    or the texts have fewer than :data:`IDENTIFY_LETTERS` letters (a quarter of that in
    other scripts, for the script's usual language and for Persian and Urdu, which must show
    a letter Arabic does not write). Used only where the script cannot tell: two columns of
    one script, a term column beside a named one, a column of a script several languages
    share (:data:`IDENTIFIED_SCRIPTS`).

    >>> identify(["abrir arquivo", "salvar como", "planilha de cálculo", "célula", "fórmula",
    ...           "linha", "coluna", "gráfico", "inserir tabela", "configurações"], "Latn")
    'pt'
    >>> identify(["open file", "save as"], "Latn") is None  # too few letters to tell
    True
    >>> identify(["نموذج", "موجه", "رمز", "طبقة"], "Arab") is None  # Persian? no ی, ک, پ…
    True
    """
    text = " \n".join(t for t in texts if t.strip())[:20_000]
    least = IDENTIFY_LETTERS if script == "Latn" else IDENTIFY_LETTERS // 4
    letters = sum(c.isalpha() for c in text)
    if letters < least:
        return None
    from langdetect import DetectorFactory, detect_langs
    from langdetect.lang_detect_exception import LangDetectException

    from glossary_cli.tags import parse_tag

    DetectorFactory.seed = 0  # the same answer for the same texts, every run
    try:
        found = detect_langs(text)
    except LangDetectException:
        return None
    if not found:
        return None
    best = found[0]
    tag = parse_tag({"zh-cn": "zh-Hans", "zh-tw": "zh-Hant"}.get(best.lang, best.lang))
    if tag is None or script not in (tag_scripts(tag) or ()):
        return None
    own = _OWN_LETTERS.get(tag.split("-")[0])
    if own is not None and not any(c in own for c in text):
        return None  # Persian or Urdu without one letter Arabic does not write: no proof
    usual = script_language(script) or ""
    if own is None and tag.split("-")[0] != usual.split("-")[0] and letters < IDENTIFY_LETTERS:
        return None  # another language than the script's usual one (Marathi, not Hindi?) needs
        # the letters Latin texts need: a few words of Devanagari tell nothing
    hinted = hint is not None and tag.split("-")[0] == hint.split("-")[0]
    sure_enough = IDENTIFY_HINTED if hinted else IDENTIFY_SURE if sure is None else sure
    return tag if best.prob >= sure_enough else None


#: Letters of the Arabic script that Persian and Urdu write and Arabic does not (Unicode's
#: Arabic block: Persian yeh and keheh, peh, tcheh, jeh, gaf; Urdu's tteh, ddal, rreh, noon
#: ghunna, yeh barree, heh doachashmee): a text said to be in either has one of them.
_OWN_LETTERS = {
    "fa": frozenset("\u06cc\u06a9\u067e\u0686\u0698\u06af"),
    "ur": frozenset("\u06cc\u06a9\u067e\u0686\u0698\u06af\u0679\u0688\u0691\u06ba\u06d2\u06be"),
}
