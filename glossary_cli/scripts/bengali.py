"""Bengali: spelling variants and nominal inflection, on folded words.

Words reach these functions folded (:func:`glossary_cli.normalize.fold`): NFKC, so য় (U+09DF)
is য + nukta (U+09AF U+09BC) and ড় ঢ় likewise (composition exclusions, UAX #15 §5).

Inflection follows the suffix classes of Lucene's ``BengaliStemmer`` (``analysis-common``, after
Md. Zahurul Islam et al., *A Light Weight Stemmer for Bengali*, 2007) and the description of the
nominal system in the Unicode Standard's Bengali block notes and standard grammars: a noun takes
a classifier or a plural marker, then a case ending, then an emphatic particle, in that order
(মডেল + গুলো + কে + ই). Unlike a stemmer, which cuts whatever looks like a suffix, gloss only
takes an ending off when what is left is a word the termbase knows
(:func:`inflection_bases` returns candidates; the index keeps those it knows), so ডিফিউশন
never becomes ফিউশন and সকল never becomes কল.
"""

from __future__ import annotations

import re
import unicodedata

#: Function words of a lookup (articles, prepositions, conjunctions, question words): a query
#: of nothing else finds nothing, and they are left out of partial matches.
FUNCTION_WORDS = "কি কী এবং ও এর কে থেকে দিয়ে জন্য"
#: The words of a question about a term ("what does … mean"), also left out.
QUESTION_WORDS = "মানে অর্থ কাকে বলে বলতে বোঝায় বোঝানো হয় কিভাবে কী কি সংজ্ঞা"


def _nfkc(*forms: str) -> tuple[str, ...]:
    return tuple(unicodedata.normalize("NFKC", f) for f in forms)


#: Emphatic particles, the outermost layer: -ই ("only, itself"), -ও ("also").
EMPHATIC = _nfkc("ই", "ও")
#: Case endings, longest first: genitive -এর/-র/-য়ের (and -এর written with the independent
#: vowel after a vowel or an abbreviation), objective -কে, locative-instrumental -এ/-তে/-য়ে/-য়
#: and -েতে. After a consonant the genitive and locative are the vowel sign ে (+ র).
CASE = _nfkc("য়ের", "এর", "ের", "র", "কে", "েতে", "তে", "য়ে", "য়", "ে", "এ")
#: Plural markers and classifiers: -গুলো/-গুলি/-গুলা, -রা/-েরা, -দের/-েদের (plural genitive),
#: -গণ, -সমূহ; the classifiers -টি, -টা, -খানা, -খানি.
NUMBER = _nfkc("গুলো", "গুলি", "গুলা", "েদের", "দের", "েরা", "রা", "গণ", "সমূহ", "টি", "টা", "খানা", "খানি")

#: Endings as running text attaches them to a Latin word with a hyphen (LoRA-এর, MoE-তে,
#: FP8-এ), which folding leaves as words of their own: those that begin with a letter (not a
#: vowel sign), and their compound forms.
DETACHED = frozenset(
    e for e in (*CASE, *NUMBER, *EMPHATIC) if "\u0985" <= e[0] <= "\u09b9"
) | frozenset(_nfkc("এর", "এ", "কে", "তে", "র", "রা", "দের", "টি", "টা", "ও", "ই", "টির", "টিকে",
                    "গুলোর", "গুলোকে", "তেও", "এরও", "কেও"))  # fmt: skip

#: What a base must keep: at least two letters (consonants U+0995–U+09B9 and khanda ta
#: U+09CE, or independent vowels U+0985–U+0994), one a consonant: লোরা is not লো + -রা.
_MIN_LETTERS = 2
_LETTER = re.compile("[\u0985-\u0994\u0995-\u09b9\u09ce]")
_CONSONANT = re.compile("[\u0995-\u09b9\u09ce]")


def is_ending(tail: str) -> bool:
    """Whether ``tail`` is a run of nominal endings alone — a plural marker or classifier, a
    case ending, an emphatic particle, each optional, in that order — as text writes it onto a
    Latin word or after a hyphen (LoRA-কেই, QAT-গুলোর, LoRAতে).

    >>> is_ending("কেই"), is_ending("গুলোর"), is_ending("টিকেই"), is_ending("কলম")
    (True, True, True, False)
    """
    if not tail:
        return False
    for emphatic in ("", *EMPHATIC):
        if not tail.endswith(emphatic):
            continue
        w1 = tail[: len(tail) - len(emphatic)]
        for case in ("", *CASE, *_AFTER_VOWEL):
            if not w1.endswith(case):
                continue
            w2 = w1[: len(w1) - len(case)]
            if w2 in ("", *NUMBER) and (w2 or case or emphatic):
                return True
    return False


#: Case endings written as letters of their own after a vowel or a Latin word: -এর, -র, -এ.
_AFTER_VOWEL = _nfkc("এর", "এ")


def inflection_bases(word: str) -> tuple[str, ...]:
    """Every base that ``word`` could be an inflected form of: ``word`` without an emphatic
    particle, a case ending and a plural marker or classifier (each optional, in that order
    from the end), longest base first, ``word`` itself left out. Only candidates: the caller
    keeps those that are known words.

    >>> "প্রুনিং" in inflection_bases("প্রুনিংকে")
    True
    >>> import unicodedata as u
    >>> u.normalize("NFKC", "মডেল") in inflection_bases(u.normalize("NFKC", "মডেলগুলোকেই"))
    True
    >>> inflection_bases("কল")
    ()
    """
    out: dict[str, None] = {}
    for emphatic in ("", *EMPHATIC):
        if not word.endswith(emphatic):
            continue
        w1 = word[: len(word) - len(emphatic)]
        for case in ("", *CASE):
            if not w1.endswith(case):
                continue
            w2 = w1[: len(w1) - len(case)]
            for number in ("", *NUMBER):
                if not w2.endswith(number):
                    continue
                base = w2[: len(w2) - len(number)]
                if (
                    base != word
                    and len(_LETTER.findall(base)) >= _MIN_LETTERS
                    and _CONSONANT.search(base)
                ):
                    out[base] = None
    return tuple(sorted(out, key=len, reverse=True))


# Bengali letters that sound alike and are typed for one another (শ ষ স; ণ ন; long and
# short i and u; ঙ and anusvara ং, both /ŋ/: ব্যাঙ্ক and ব্যাংক are both spellings of "bank"),
# and chandrabindu, which many writers omit.
_BENGALI_LOOSE = str.maketrans(
    {
        "\u09b6": "\u09b8",
        "\u09b7": "\u09b8",
        "\u09a3": "\u09a8",
        "\u09c0": "\u09bf",
        "\u09c2": "\u09c1",
        "\u0988": "\u0987",
        "\u098a": "\u0989",
        "\u0981": None,
        "\u0999": "\u0982",
    }
)
_BENGALI_NGA_VIRAMA = "\u0999\u09cd"  # ঙ্ (ঙ্ক, ঙ্গ): said, and often typed, ং
# য not in ya-phala (after virama) and not য় (with nukta) is said, and often typed, জ.
_BENGALI_YA = re.compile("(?<!\u09cd)\u09af(?!\u09bc)")


def bengali_loose(word: str) -> str:
    """A Bengali word with letters that sound alike merged: শ/ষ → স, ণ → ন, ী → ি,
    ূ → ু, ঈ → ই, ঊ → উ, ঙ্ and ঙ → ং, য (not ya-phala, not য়) → জ; chandrabindu dropped.

    >>> bengali_loose("প্রূনিং") == bengali_loose("প্রুনিং")
    True
    >>> bengali_loose("ডিস্টিলেসন") == bengali_loose("ডিস্টিলেশন")
    True
    >>> bengali_loose("র্যাংক") == bengali_loose("র্যাঙ্ক")
    True
    """
    word = word.replace(_BENGALI_NGA_VIRAMA, "\u0982")
    return _BENGALI_YA.sub("\u099c", word.translate(_BENGALI_LOOSE))


#: The names of the Latin letters as Bengali writes them when it spells an abbreviation out
#: (টিপিইউ: TPU, কিউএটি: QAT), each with its common spellings.
LETTER_NAMES: dict[str, tuple[str, ...]] = {
    "a": ("এ",), "b": ("বি",), "c": ("সি",), "d": ("ডি",), "e": ("ই",), "f": ("এফ",),
    "g": ("জি",), "h": ("এইচ",), "i": ("আই",), "j": ("জে",), "k": ("কে",), "l": ("এল",),
    "m": ("এম",), "n": ("এন",), "o": ("ও",), "p": ("পি",), "q": ("কিউ",), "r": ("আর",),
    "s": ("এস",), "t": ("টি",), "u": ("ইউ",), "v": ("ভি",),
    "w": ("ডব্লিউ", "ডাব্লিউ", "ডাবলিউ", "ডাবলু"), "x": ("এক্স",), "y": ("ওয়াই",),
    "z": ("জেড", "জেট"),
}  # fmt: skip


# --- the spelling key a term and a text share (glossary_cli.analysis) -----------------------

_VIRAMA = "\u09cd"
#: Word-initial অ্যা (the /æ/ of English loanwords: অ্যাপ্লিকেশন) is also written এ
#: (এপ্লিকেশন): the key writes it এ.
_INITIAL_AE = "\u0985\u09cd\u09af\u09be"
_INITIAL_E_YA = "\u098f\u09cd\u09af\u09be"
#: The vowel sign ো before a consonant cluster of a loanword is often left out
#: (প্রোপাগেশন, প্রপাগেশন) and ও-কার and the inherent vowel are one in the key.
_O_SIGN = "\u09cb"
#: An English plural written onto a transliteration: মেট্রিক্স, মেট্রিকস of মেট্রিক.
LATIN_PLURALS = (_VIRAMA + "\u09b8", "\u09b8")
_YA, _BA = "\u09af", "\u09ac"
_E_SIGN, _AA_SIGN = "\u09c7", "\u09be"


def without_phala(word: str) -> str:
    """A folded Bengali word with its ya-phala (্য) and ba-phala (্ব) as quick typing leaves
    them out, by the rules of Lucene's ``BengaliNormalizer`` (``analysis-common``,
    ``org.apache.lucene.analysis.bn``; after UzZaman and Khan, *A Double Metaphone encoding
    for Bangla and its application in spelling checker*): the ya-phala of a word's first
    consonant, said /æ/ or /e/, is the vowel sign ে, taking the া after it (ব্যবহার,
    বেবহার; ক্যাশ, কেশ); any other ya-phala is dropped (সন্ধ্যা, সন্ধা; বৈশিষ্ট্য, বৈশিষ্ট;
    কার্যকর, কারকর, as Lucene does after র as well). A ba-phala is dropped after the first
    consonant (স্বদেশ, সদেশ; দ্বারা, দারা) or after a conjunct (উজ্জ্বল, উজ্জল); elsewhere
    it makes the consonant before it double, as it is said (বিদ্বান, বিদদান; গুরুত্ব,
    গুরুতত), so that the spelling as said (গুরুত্ত) meets it.

    >>> import unicodedata as u
    >>> [without_phala(u.normalize("NFKC", w)) for w in ("সন্ধ্যা", "বৈশিষ্ট্য", "স্বদেশ", "দ্বারা")]
    ['সন্ধা', 'বৈশিষ্ট', 'সদেশ', 'দারা']
    >>> without_phala("ব্যাংক"), without_phala("বিদ্বান"), without_phala("উজ্জ্বল")
    ('বেংক', 'বিদদান', 'উজ্জল')
    """
    if _VIRAMA + _YA not in word and _VIRAMA + _BA not in word:
        return word
    s = list(word)
    i = 0
    while i < len(s):
        if i and s[i - 1] == _VIRAMA and s[i] == _YA:
            if i == 2:
                s[1] = _E_SIGN
                del s[2 : 4 if s[3:4] == [_AA_SIGN] else 3]
                i = 1
            else:
                del s[i - 1 : i + 1]
                i -= 2
        elif i and s[i - 1] == _VIRAMA and s[i] == _BA:
            if i == 2 or (i >= 5 and s[i - 3] == _VIRAMA):
                del s[i - 1 : i + 1]
                i -= 2
            else:
                s[i - 1] = s[i - 2]
                del s[i]
                i -= 1
        i += 1
    return "".join(s)


def spelling_key(word: str) -> str:
    """The key two spellings of one Bengali loanword share, on a folded word: the sound-alike
    letters of :func:`bengali_loose` merged, word-initial অ্যা written এ, ya-phala and
    ba-phala as quick typing leaves them out (:func:`without_phala`, Lucene's rules), the
    virama (hasanta) dropped — so a reph or a conjunct and the same letters written apart
    meet (অবজার্ভেবিলিটি, অবজারভেবিলিটি) — and ো-কার dropped (প্রোপাগেশন, প্রপাগেশন). Words
    of fewer than four letters keep their vowels: short words differ by them.

    >>> spelling_key("অবজার্ভেবিলিটি") == spelling_key("অবজারভেবিলিটি")
    True
    >>> spelling_key("অ্যাপ্লিকেশন") == spelling_key("এপ্লিকেশন") == spelling_key("এ্যাপ্লিকেশন")
    True
    >>> spelling_key("প্রোপাগেশন") == spelling_key("প্রপাগেশন")
    True
    >>> spelling_key("কোড") == spelling_key("কড")
    False
    >>> spelling_key("সন্ধ্যা") == spelling_key("সন্ধা"), spelling_key("দ্বারা") == spelling_key("দারা")
    (True, True)
    """
    if word.startswith(_INITIAL_AE):
        word = "\u098f" + word[len(_INITIAL_AE) :]
    elif word.startswith(_INITIAL_E_YA):  # এ্যাক্টিভেশন, the older spelling of the same /æ/
        word = "\u098f" + word[len(_INITIAL_E_YA) :]
    word = bengali_loose(without_phala(word))
    letters = len(_LETTER.findall(word))
    word = word.replace(_VIRAMA, "")
    if letters >= 4:
        word = word.replace(_O_SIGN, "")
    return word


def plural_bases(word: str) -> tuple[str, ...]:
    """A transliterated word without an English plural written onto it (মেট্রিক্স →
    মেট্রিক), at least three letters left: candidates only, as :func:`inflection_bases`.

    >>> plural_bases("মেট্রিক্স")
    ('মেট্রিক',)
    """
    for ending in LATIN_PLURALS:
        base = word[: -len(ending)]
        if word.endswith(ending) and len(_LETTER.findall(base)) >= 3:
            return (base,)
    return ()


#: Vowel signs and independent vowels: a word ending in one takes the endings of a vowel stem.
_VOWEL_END = re.compile("[\u0985-\u0994\u09be-\u09cc\u09d7]$")
#: Anusvara, visarga, chandrabindu: a word ending in one takes -য়ের and -য়ে (প্রুনিংয়ের).
_NASAL_END = re.compile("[\u0981-\u0983]$")
#: The classifier and plural a written text most often puts before a case ending.
_NUMBERS = _nfkc("", "গুলো", "গুলি", "টি", "টা", "দের")


def inflected_forms(word: str) -> tuple[str, ...]:
    """The inflected forms of a Bengali noun that running text writes most: a classifier or
    plural (-টি, -টা, -গুলো, -গুলি; the plural genitive -দের), then a case ending — objective
    -কে, genitive and locative by the stem's end (after a vowel -র and -তে, after ং -য়ের and
    -য়ে, after a consonant ে-র and ে), as the module docstring's grammar gives them. Words
    are NFC (য় as য + nukta, as a keyboard types it); ``word`` itself is left out. Candidates:
    :func:`glossary_cli.analysis.surface_forms` keeps those the analysis reads back as
    ``word``.

    >>> "প্রুনিংকে" in inflected_forms("প্রুনিং"), "প্রুনিংয়ের" in inflected_forms("প্রুনিং")
    (True, True)
    >>> "মডেলের" in inflected_forms("মডেল"), "মডেলগুলোর" in inflected_forms("মডেল")
    (True, True)
    """
    out: dict[str, None] = {}
    for number in _NUMBERS:
        stem = unicodedata.normalize("NFC", word + number)
        if number:
            out[stem] = None
        if number == _NUMBERS[-1]:
            continue  # -দের is a case form itself
        if _VOWEL_END.search(stem):
            endings: tuple[str, ...] = ("কে", "র", "তে")
        elif _NASAL_END.search(stem):
            endings = ("কে", "য়ের", "য়ে", "এর")
        else:
            endings = ("কে", "ের", "ে")
        for ending in endings:
            out[unicodedata.normalize("NFC", stem + ending)] = None
    out.pop(word, None)
    return tuple(out)
