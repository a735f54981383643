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

#: Function words of a lookup (articles, prepositions, conjunctions, question words): a query
#: of nothing else finds nothing, and they are left out of partial matches.
FUNCTION_WORDS = "ما ماذا هو هي في و ال من على إلى عن مع ب ل بال لل"
#: The words of a question about a term ("what does … mean"), also left out.
QUESTION_WORDS = "معنى تعريف"


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
