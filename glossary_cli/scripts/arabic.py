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

from collections.abc import Callable

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
