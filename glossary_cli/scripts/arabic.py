"""Arabic script (Arabic, Persian, Urdu): clitics, light stems and spelled-out letters.

Words reach these functions folded (:func:`glossary_cli.normalize.fold`, which applies Lucene's
``ArabicNormalizer`` and ``PersianNormalizer`` letter rules, and the Urdu ones listed there):
alef variants are alef, ة is ه, ى and ی are ي.

:func:`arabic_stem` is Lucene's ``ArabicStemmer`` (light10 of Larkey, Ballesteros and Connell,
*Improving Stemming for Arabic Information Retrieval: Light Stemming and Co-occurrence
Analysis*, SIGIR 2002): one of the prefixes وال بال كال فال لل ال, then one suffix. Light10 does
not take off the one-letter proclitics و ف ب ك ل without the article, because a word may simply
begin with one of those letters (بيانات, كتلة, وزن). :func:`clitic_bases` offers them as
candidates, and the index keeps one only when what is left is a word the termbase knows.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from functools import lru_cache

#: Function words of a lookup (articles, prepositions, conjunctions, question words): a query
#: of nothing else finds nothing, and they are left out of partial matches.
FUNCTION_WORDS = "ما ماذا هو هي في و ال من على إلى عن مع ب ل بال لل"
#: The words of a question about a term ("what does … mean"), also left out.
QUESTION_WORDS = "معنى تعريف يعني المقصود مقصود ايه شو ايش وش عرف اشرح"


#: Clitic prefixes of Lucene's ArabicStemmer (light10), longest first: وال بال كال فال لل ال.
ARABIC_PREFIXES = (
    "\u0648\u0627\u0644",
    "\u0628\u0627\u0644",
    "\u0643\u0627\u0644",
    "\u0641\u0627\u0644",
    "\u0644\u0644",
    "\u0627\u0644",
)

#: Suffixes of Lucene's ArabicStemmer (light10), longest first, after folding (ة → ه):
#: ها ان ات ون ين يه ه ي.
ARABIC_SUFFIXES = (
    "\u0647\u0627",
    "\u0627\u0646",
    "\u0627\u062a",
    "\u0648\u0646",
    "\u064a\u0646",
    "\u064a\u0647",
    "\u0647",
    "\u064a",
)

#: One-letter proclitics: the conjunctions و ف, then the prepositions ب ك ل (in that order:
#: وب، فل; Ryding, *A Reference Grammar of Modern Standard Arabic*, ch. 16).
CONJUNCTIONS = ("\u0648", "\u0641")
PREPOSITIONS = ("\u0628", "\u0643", "\u0644")
#: Pronoun suffixes a noun takes (its, their, our, your): هما هم كم نا ها ه ك; before them
#: ة is written ت (تقنيتها: its technique).
PRONOUN_SUFFIXES = (
    "\u0647\u0645\u0627",
    "\u0647\u0645",
    "\u0643\u0645",
    "\u0646\u0627",
    "\u0647\u0627",
    "\u0647",
    "\u0643",
)


def arabic_stem(word: str, *, suffixes: bool = True) -> str:
    """Light stem of an Arabic word: one clitic prefix (:data:`ARABIC_PREFIXES`) removed
    while at least two letters remain, as Lucene's ArabicStemmer (light10) does, then one
    suffix (:data:`ARABIC_SUFFIXES`) while at least three remain: light10's two-letter stems
    make one word of unrelated ones (جنون and جنيه both جن, الآلات and آلي both ال), and a
    termbase is matched word by word, not ranked over documents.

    >>> arabic_stem("بالمصنف")
    'مصنف'
    >>> arabic_stem("الشبكه") == arabic_stem("الشبكات") == "شبك"
    True
    >>> arabic_stem("جنون") != arabic_stem("جنيه")
    True
    """
    for prefix in ARABIC_PREFIXES:
        if word.startswith(prefix) and len(word) - len(prefix) >= 2:
            word = word[len(prefix) :]
            break
    for suffix in ARABIC_SUFFIXES if suffixes else ():
        # the nisba -ي makes a word of another on a three-letter root (عبري, Hebrew, is not
        # عبر, via): it comes off only where four letters remain
        least = 4 if suffix == "\u064a" else 3
        if word.endswith(suffix) and len(word) - len(suffix) >= least:
            return word[: -len(suffix)]
    return word


def clitic_bases(word: str) -> tuple[str, ...]:
    """Every word that ``word`` could be with its one-letter proclitics (a conjunction, then a
    preposition, each optional: وب، ف، ل) or a pronoun suffix taken off, at least three letters
    left; ``word`` itself left out. Only candidates: the caller keeps the known words. (The
    article and light10's suffixes need no candidate: :func:`arabic_stem` takes them off both
    the query and the names.)

    >>> "تقليم" in clitic_bases("وتقليم")
    True
    >>> "الشبكه" in clitic_bases("بالشبكه")
    True
    >>> "النشر" in clitic_bases("للنشر"), "النشر" in clitic_bases("وللنشر")
    (True, True)
    >>> clitic_bases("وزن")
    ()
    """
    out: dict[str, None] = {}
    for conj in ("", *CONJUNCTIONS):
        if not word.startswith(conj):
            continue
        w1 = word[len(conj) :]
        for prep in ("", *PREPOSITIONS):
            if not w1.startswith(prep):
                continue
            w2 = w1[len(prep) :]
            if prep == "\u0644" and w2.startswith("\u0644") and len(w2) >= 4:
                # ل before the article writes لل: للنشر is ل + النشر (the alif is dropped)
                out["\u0627" + w2] = None
            for suffix in ("", *PRONOUN_SUFFIXES):
                if not w2.endswith(suffix):
                    continue
                base = w2[: len(w2) - len(suffix)]
                if base != word and len(base) >= 3:
                    out[base] = None
                if suffix and base.endswith("\u062a") and len(base) >= 4:
                    # ة is written ت before a pronoun: تقنيتها → تقنيه (ة folded to ه)
                    out[base[:-1] + "\u0647"] = None
    return tuple(out)


#: The names of the Latin letters as Arabic writes them when it spells an abbreviation out
#: (تي بي يو: TPU), folded (أ إ آ → ا, ة → ه); بي is B and P, في V and F, اي E and I.
LETTER_NAMES: dict[str, tuple[str, ...]] = {
    "a": ("ايه", "اي"), "b": ("بي",), "c": ("سي",), "d": ("دي",), "e": ("اي",),
    "f": ("اف",), "g": ("جي",), "h": ("اتش", "اتشه"), "i": ("اي",), "j": ("جيه", "جاي"),
    "k": ("كيه", "كي"), "l": ("ال",), "m": ("ام",), "n": ("ان",), "o": ("او",),
    "p": ("بي",), "q": ("كيو",), "r": ("ار",), "s": ("اس",), "t": ("تي",), "u": ("يو",),
    "v": ("في",), "w": ("دبليو", "دابليو"), "x": ("اكس",), "y": ("واي",), "z": ("زد", "زي"),
}  # fmt: skip


# --- Arabic typed in Latin letters and digits (Arabizi) -------------------------------------

#: The letters Latin lacks as Arabizi writes them, with digits that look like the Arabic
#: letter (a digit and an apostrophe: its dotted twin), each read as the Latin letters the
#: index's romanization of that letter gives (:func:`glossary_cli.normalize.romanize`, ICU's
#: Arabic-Latin: hamza and ain leave nothing, ح is h, ط t, ظ z, ض d), every reading of an
#: ambiguous digit, the commonest first: 2 hamza, or qaf said as a glottal stop (Cairo,
#: Beirut, Damascus); 3 ain, 3' ghain; 5 and 7' kha; 6 ta (ط), 6' za (ظ); 7 ha (ح); 8 ghain,
#: or qaf (Gulf); 9 qaf, or sad (Gulf), 9' dad. 0, 1 and 4 are no letter (``4-bit``).
ARABIZI_DIGITS: dict[str, tuple[str, ...]] = {
    "2": ("", "q"), "3": ("",), "3'": ("gh",), "5": ("kh",), "6": ("t",), "6'": ("z",),
    "7": ("h",), "7'": ("kh",), "8": ("gh", "q"), "9": ("q", "s"), "9'": ("d",),
}  # fmt: skip
#: Most readings :func:`arabizi_readings` gives of one text (ambiguous digits multiply).
MAX_READINGS = 16
_VOWELS = frozenset("aeiou")
#: Apostrophes as keyboards and word processors type them: ' ’ ‘ ʼ ʻ ` ´ ′.
_APOSTROPHES = str.maketrans(dict.fromkeys("\u2019\u2018\u02bc\u02bb`\u00b4\u2032", "'"))
_TOKEN = re.compile(r"[a-z0-9']+")
#: A digit with the apostrophe that dots it (3', 9'), a digit, a letter, an apostrophe.
_UNIT = re.compile(r"[3679]'|[0-9]|[a-z]|'")
#: Egyptian Arabizi writes jim g (gawda, nmozag), as Cairo says it; gh is ghain.
_JIM = re.compile(r"g(?!h)")


def _units(token: str) -> list[str]:
    """A token's letters, digits (with a dotting apostrophe; one written twice, a shadda,
    as one: ``mo2a22at``) and inner apostrophes: those at its edges are quotes, not
    letters."""
    units: list[str] = []
    for unit in _UNIT.findall(token):
        if units and unit[0].isdigit() and units[-1] == unit:
            units[-1] += unit
        else:
            units.append(unit)
    while units and units[0] == "'":
        units.pop(0)
    while units and units[-1] == "'":
        units.pop()
    return units


def _digit_readings(unit: str) -> tuple[str, ...]:
    """The readings of a digit unit (:data:`ARABIZI_DIGITS`), a doubled one's doubled."""
    half = unit[: len(unit) // 2]
    if half and unit == half * 2:
        return tuple(r * 2 for r in ARABIZI_DIGITS.get(half, ()))
    return ARABIZI_DIGITS.get(unit, ())


def is_arabizi(token: str) -> bool:
    """Whether a Latin word (lower case, apostrophes kept) is Arabic written in Arabizi: it
    has at least three letters and a digit of :data:`ARABIZI_DIGITS`, and every digit stands
    where a consonant of an Arabic word can — between two letters, one of them a vowel
    (``ta2teer``, ``ba7th``), before a vowel at the word's start (``5aleet``, ``3'arb``), after
    one at its end (``khubara2``). An Arabic syllable never begins with two consonants, so a
    digit between two consonants or before one is a number in a name (``word2vec``,
    ``8bit``); so is one after a consonant at the end (``fp8``, ``int4``, ``gpt5``), a run of
    digits (``h264``), and 0, 1 or 4.

    >>> [is_arabizi(w) for w in ("5aleet", "ta2teer", "el5obara2", "3'arb", "mo5tabar")]
    [True, True, True, True, True]
    >>> [is_arabizi(w) for w in ("fp8", "int4", "h264", "word2vec", "8bit", "mp3", "3d")]
    [False, False, False, False, False, False, False]
    >>> is_arabizi("4bit"), is_arabizi("ma3"), is_arabizi("i'adat"), is_arabizi("mo2a22at")
    (False, False, False, True)
    """
    units = _units(token)
    if sum(u.isalpha() for u in units) < 3:
        return False
    digits = [i for i, u in enumerate(units) if u[0].isdigit()]
    if not digits:
        return False
    for i in digits:
        if not _digit_readings(units[i]):
            return False
        before = units[i - 1] if i else ""
        after = units[i + 1] if i + 1 < len(units) else ""
        if not (before.isalpha() or not before) or not (after.isalpha() or not after):
            return False  # a run of digits (h264), or an apostrophe beside a digit
        if not before and after not in _VOWELS:
            return False
        if not after and before not in _VOWELS:
            return False
        if before and after and not (before in _VOWELS or after in _VOWELS):
            return False
    return True


@lru_cache(maxsize=256)
def arabizi_readings(text: str, keep: frozenset[str] = frozenset()) -> tuple[str, ...]:
    """The Latin readings of a text typed in Arabizi: every word that is Arabizi
    (:func:`is_arabizi`) with each digit read as the letters it stands for
    (:data:`ARABIZI_DIGITS`: every reading of an ambiguous one, the commonest first), the
    apostrophes between the letters of a word dropped, not splitting it (``i'adat``), and, as
    well, with Egyptian g read as jim (:data:`_JIM`); lower case, words separated by single
    spaces, as :func:`glossary_cli.normalize.fold` writes a Latin text, for the sound keys of
    :func:`glossary_cli.normalize.phonetic`. At most :data:`MAX_READINGS`. ``()`` when no word
    of the text is Arabizi, or only words of ``keep`` (words a name has as written, such as
    ``llama2``, which are not read).

    >>> arabizi_readings("5aleet al-5ubara2")
    ('khaleet al khubara', 'khaleet al khubaraq')
    >>> arabizi_readings("i'adat el-ma3lama el 3ashwa2eya")[0]
    'iadat el malama el ashwaeya'
    >>> arabizi_readings("FP8 INT4 4-bit h264 word2vec")
    ()
    >>> arabizi_readings("tagmee3 el bayanat")
    ('tagmee el bayanat', 'tajmee el bayanat')
    """
    choices: list[tuple[str, ...]] = []
    read = False
    for token in _TOKEN.findall(text.translate(_APOSTROPHES).lower()):
        units = _units(token)
        if not units:
            continue
        if choices:
            choices.append((" ",))
        word = "".join(u for u in units if u != "'")
        if is_arabizi(token) and word not in keep:
            read = True
            choices.extend(
                _digit_readings(u) if u[0].isdigit() else ("",) if u == "'" else (u,) for u in units
            )
        else:
            choices.append((word,))
    if not read:
        return ()
    readings = ["".join(r) for r in itertools.islice(itertools.product(*choices), MAX_READINGS)]
    if any(_JIM.search(r) for r in readings):
        half = readings[: MAX_READINGS // 2]
        readings = half + [_JIM.sub("j", r) for r in half]
    return tuple(dict.fromkeys(" ".join(r.split()) for r in readings if r.strip()))


# --- the forms of a term's word in a text (glossary_cli.analysis) ----------------------------

_ARTICLE = "\u0627\u0644"


def _none(word: str) -> tuple[str, ...]:
    return ()


_HEH = "\u0647"  # ة, folded
_TEH = "\u062a"
#: What a proclitic run before a word may be: a conjunction, then a preposition, then the
#: article, each optional (و، ب، وب، ال، وال، بال، وبال…), and ل before the article written
#: لل (Ryding, *A Reference Grammar of Modern Standard Arabic*, ch. 16 and 5.2).
PROCLITIC_RUNS = frozenset(
    conj + prep + art
    for conj in ("", *CONJUNCTIONS)
    for prep in ("", *PREPOSITIONS)
    for art in ("", _ARTICLE)
) - {""} | {c + "\u0644\u0644" for c in ("", *CONJUNCTIONS)}
#: Sound plural and dual endings (after folding: ة is ه), each with what the singular ends in
#: instead: the feminine plural -ات of a word in ة or not (خسارات, مصنفات), the dual -تان/-تين
#: of a word in ة (الخسارتين), the masculine plural -ون/-ين and dual -ان/-ين, their construct
#: forms without ن (مستخدمو، نموذجا، نموذجي); Ryding ch. 7 and 8. Persian and Urdu write
#: the plural -ها, -های (-ها is also Arabic's pronoun "her": :data:`PRONOUN_SUFFIXES`).
NUMBER_ENDINGS = (
    ("\u0627\u062a", ("", _HEH)),
    ("\u062a\u0627\u0646", (_HEH,)),
    ("\u062a\u064a\u0646", (_HEH,)),
    ("\u0648\u0646", ("",)),
    ("\u064a\u0646", ("",)),
    ("\u0627\u0646", ("",)),
    ("\u062a\u0627", (_HEH,)),
    ("\u062a\u064a", (_HEH,)),
    ("\u0627", ("",)),
    ("\u0648", ("",)),
    # Persian and Urdu plurals in -ها/-های(ی) (ویژگی‌ها، مدل‌های), the joiner folded away
    ("\u0647\u0627\u064a\u064a", ("",)),
    ("\u0647\u0627\u064a", ("",)),
)
#: The least a word keeps of its own before an ending: the construct duals -تا/-تي only after
#: three letters (التي, "which", is no dual of آلة).
_LEAST_BASE = {"\u062a\u0627": 3, "\u062a\u064a": 3}
#: The endings of one letter (the accusative or construct -ا, the construct -و), which an
#: everyday word is not read as: تقريبا, "almost", is not تقريب + -ا.
_BARE_ENDINGS = frozenset(("\u0627", "\u0648"))
#: The case, number and gender forms of ذو ("having", "of"): ذا ذي, ذوا ذوي ذوو, ذات ذاتا
#: ذاتي ذوات (Ryding 8.6), folded; all are ذو to a term.
DHU = frozenset(("\u0630\u0627", "\u0630\u064a", "\u0630\u0648\u0627", "\u0630\u0648\u064a",
                 "\u0630\u0648\u0648", "\u0630\u0627\u062a", "\u0630\u0627\u062a\u0627",
                 "\u0630\u0627\u062a\u064a", "\u0630\u0648\u0627\u062a"))  # fmt: skip
_DHU = "\u0630\u0648"


def term_key(word: str) -> str:
    """The key of a folded Arabic word of a term: the word without the article, while three
    letters remain (:func:`word_keys` of each form of it in a text gives this key).

    >>> term_key("النموذج") == term_key("نموذج") == "نموذج"
    True
    >>> term_key("اله")  # آلة, machine: no article in it
    'اله'
    """
    if word.startswith(_ARTICLE) and len(word) >= 5:
        return word[2:]
    if word in DHU:
        return _DHU
    return word


def word_keys(
    word: str,
    singulars: Callable[[str], tuple[str, ...]] = _none,
    tied: bool = False,
    common: bool = False,
) -> dict[str, str]:
    """The keys (:func:`term_key`) a folded Arabic word of a text may be a form of, each with
    how it gave it (``exact``, ``clitic``, ``inflected``, ``agree``): its proclitics and the
    article taken off (:data:`PROCLITIC_RUNS`), a pronoun suffix (:data:`PRONOUN_SUFFIXES`),
    a sound plural or dual ending (:data:`NUMBER_ENDINGS`), a broken plural's singulars (as
    ``singulars`` gives them: the analysis chain reads a dictionary), the forms of ذو;
    ``agree``: the feminine ending of an adjective taken off (كامنة of كامن), for the words
    after a term's first; ``tied``: the text wrote the word's last letter ة, which folding
    writes ه, so that ه is no pronoun (مكتبة, library, is not مكتب, office, + "his");
    ``common``: the word is an everyday word as written (بنية, structure; فعلا, indeed), so
    what it gives with proclitics that end in no article, or with a one-letter ending, is
    ``weak``: the first word of a longer term (بطريقة المسرع), never a term alone (بنية is
    not ب + نية). At least
    three letters are left of a word (two of ذو). Candidates only: the caller keeps the keys
    that are a term's.

    >>> keys = word_keys("والخسارتين")
    >>> keys["خساره"]
    'clitic'
    >>> word_keys("نماذج", {"نماذج": ("نموذج",)}.get)["نموذج"]
    'inflected'
    >>> word_keys("المتسقان")["متسق"]
    'inflected'
    >>> word_keys("مكتبه")["مكتب"], word_keys("مكتبه", tied=True)["مكتب"]  # an adjective's only
    ('inflected', 'agree')
    """
    out: dict[str, str] = {term_key(word): "exact", word: "exact"}
    bares = [(word, "exact")]
    for size in range(1, min(4, len(word) - 2) + 1):
        head = word[:size]
        if head in PROCLITIC_RUNS:
            bare = word[size:]
            if head.endswith("\u0644\u0644"):
                bare = _ARTICLE + bare
            how = "exact" if head == _ARTICLE else "clitic"
            if common and not head.endswith((_ARTICLE, "\u0644\u0644")):
                how = "weak"
            bares.append((bare, how))
    for bare, how in bares:
        if len(bare) < 2:
            continue
        _add(out, term_key(bare), how)
        _add(out, bare, how)  # a word that begins with ال of its own: التفاف of الالتفاف
        if len(bare) == 2 and not word.startswith(CONJUNCTIONS):
            # a term keeps the article of a two-letter word: النص of نص, بنص (not فيه: ف يه)
            _add(out, _ARTICLE + bare, "clitic")
        stems = [(bare, how)]
        for suffix in PRONOUN_SUFFIXES:
            if tied and suffix == _HEH:
                continue
            base = bare[: -len(suffix)]
            if bare.endswith(suffix) and len(base) >= 3:
                stems.append((base, "inflected" if how == "exact" else how))
                if base.endswith(_TEH):  # ة written ت before a pronoun: تقنيتها
                    stems.append((base[:-1] + _HEH, "inflected" if how == "exact" else how))
        for stem, stem_how in stems:
            changed = "inflected" if stem_how == "exact" else stem_how
            _add(out, term_key(stem), stem_how)
            for ending, singular in NUMBER_ENDINGS:
                base = stem[: -len(ending)]
                if stem.endswith(ending) and len(base) >= _LEAST_BASE.get(ending, 2):
                    weak = common and ending in _BARE_ENDINGS
                    for end in singular:
                        if len(base + end) >= 3:  # علات of علة
                            _add(out, term_key(base + end), "weak" if weak else changed)
            for single in singulars(term_key(stem)) or ():
                _add(out, term_key(single), changed)
            if stem.endswith(_HEH) and len(stem) >= 4:
                _add(out, term_key(stem[:-1]), "agree")
            if term_key(stem) in DHU:
                _add(out, _DHU, changed)
    return out


def _add(out: dict[str, str], key: str, how: str) -> None:
    """Keep the strongest way a key was given: any before ``weak``, which is before
    ``agree``."""
    if key not in out or _STRENGTH.get(out[key], 2) < _STRENGTH.get(how, 2):
        out[key] = how


_STRENGTH = {"agree": 0, "weak": 1}


# --- what a text's spelling tells apart (glossary_cli.analysis.spelled_apart) ----------------

_HAMZA_ALEFS = "\u0623\u0625\u0622"  # أ إ آ
_YEHS = "\u064a\u0649"  # ي ى
#: What Arabic writes on or between letters and a word is the same word without: harakat and
#: tanwin (U+064B–U+065F), superscript alef (U+0670), tatweel (U+0640).
MARKS = frozenset(map(chr, (*range(0x064B, 0x0660), 0x0670, 0x0640)))


def _letters(word: str) -> str:
    """A word as written, without harakat, tatweel and format characters (no letter folded)."""
    import unicodedata

    return "".join(
        c
        for c in unicodedata.normalize("NFKC", word)
        if c not in MARKS and unicodedata.category(c) != "Cf"
    )


def spelled_apart(term_word: str, text_word: str) -> bool:
    """Whether a text's word, which folding makes a form of a term's word, spells it with
    other letters that folding merges: a hamza on another seat (إلى is not آلي), ئ or ؤ
    written ي or و (فيه is not فئة), or the term's final ة written ه at the word's end (وحده,
    "alone", is not وحدة) — what edited text keeps apart. A hamza left off (الة for آلة), ى for
    ي and ت for ة before an ending are spellings of the same word. ``False`` when the term's
    letters cannot be found in the word at all (a broken plural: نماذج of نموذج).

    >>> spelled_apart("آلي", "إلى"), spelled_apart("وحدة", "وحده"), spelled_apart("وحدة", "وحدته")
    (True, True, False)
    >>> spelled_apart("آلة", "الة"), spelled_apart("نموذج", "والنماذج")
    (False, False)
    """
    t, w = _letters(term_word), _letters(text_word)
    if t.startswith("\u0627\u0644") and len(t) > 4:
        t = t[2:]
    marbuta = t.endswith("\u0629")
    stem = t[:-1] if marbuta else t
    if len(stem) < 2:
        return False
    apart = False
    for i in range(len(w) - len(stem) + 1):
        hard = 0
        for c, d in zip(stem, w[i : i + len(stem)], strict=True):
            if c == d or (c in _YEHS and d in _YEHS):
                continue
            if (c in _HAMZA_ALEFS and d == "\u0627") or (c == "\u0627" and d in _HAMZA_ALEFS):
                continue
            if (
                (c in _HAMZA_ALEFS and d in _HAMZA_ALEFS)
                or (c == "\u0626" and d in _YEHS)
                or (c == "\u0624" and d == "\u0648")
            ):
                hard += 1
                continue
            break
        else:
            if marbuta and w[i + len(stem) :] == "\u0647":
                hard += 1
            if not hard:
                return False  # written as the term writes it
            apart = True
    return apart


#: The proclitics a dictionary user meets most before a noun: و "and", ب "with, by", ل "for",
#: and و with each of the other two (Arabic grammars; the same set :data:`CONJUNCTIONS` and
#: :data:`PREPOSITIONS` take off).
_LOOKUP_PROCLITICS = ("و", "ب", "ل", "وب", "ول")


def clitic_forms(term: str) -> tuple[str, ...]:
    """The forms a text writes an Arabic term in with a proclitic on its first word (و، ب، ل،
    وب، ول; ل + ال is written لل), and, for a term whose words have the article, the term
    without it (``نموذج لغوي`` of ``النموذج اللغوي``). ``term`` itself is left out.
    Candidates: :func:`glossary_cli.analysis.surface_forms` keeps those the analysis reads
    back as the term.

    >>> clitic_forms("تقليم الشبكة")[:3]
    ('وتقليم الشبكة', 'بتقليم الشبكة', 'لتقليم الشبكة')
    >>> "للنموذج" in clitic_forms("النموذج"), "نموذج" in clitic_forms("النموذج")
    (True, True)
    """
    words = term.split()
    if not words:
        return ()
    out: dict[str, None] = {}
    bases = [words]
    if all(w.startswith(_ARTICLE) and len(w) > 3 for w in words):
        bare = [w[len(_ARTICLE) :] for w in words]
        out[" ".join(bare)] = None
        bases.append(bare)
    for base in bases:
        first, rest = base[0], base[1:]
        for clitic in _LOOKUP_PROCLITICS:
            if clitic.endswith("ل") and first.startswith(_ARTICLE):
                joined = clitic + first[1:]  # ل + ال → لل
            else:
                joined = clitic + first
            out[" ".join([joined, *rest])] = None
    out.pop(term, None)
    return tuple(out)
