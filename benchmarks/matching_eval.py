#!/usr/bin/env python3
"""Search quality on a synthetic termbase: how often the right concept comes first, per kind.

Generates a termbase with ``generate.py`` (``--concepts``, default 12 000, seed ``--data-seed``),
compiles its index in a throw-away cache, builds ``--per-kind`` queries of each kind below from
the generated concepts with a seeded ``random.Random`` (``--seed``), runs them through
``glossary_cli.api.open_searcher(DIR).search(query, limit=10)`` and prints a Markdown table of
first-hit and top-3 rates. The same arguments give the same queries, whatever the search does.

Kinds (each query names the concept it must find first):

``exact-en``, ``exact-bn``, ``exact-ar``
    a concept's English headword, Bengali or Arabic term as written (sanity);
``bn-inflected``
    a Bengali term with one word inflected (mostly the last): case endings (-এর/-র/-য়ের, -কে,
    -এ/-তে/-য়/-য়ে), plural markers (-গুলো, -গুলি, -রা, -েরা, -দের), classifiers (-টি, -টা,
    -টির, -টিকে, -টিতে), emphatic -ই/-ও and combinations (-গুলোর, -এরই …), spelt after the
    word's last letter; or a word only that concept has, inflected alone;
``ar-clitic``
    an Arabic term with one word given a proclitic (و ف ب ك ل, with or without ال: وال، بال،
    فال، كال، لل), on any word, and/or a suffix where natural (ات، ين، ون، ة، ي، ها); or a word
    only that concept has, with a clitic, alone;
``typo-en``, ``typo-bn``, ``typo-ar``
    one slip (adjacent swap, a letter dropped, doubled or replaced) in one word of the term;
``spelled-abbr``
    an abbreviation that only one concept has, spelt out in Bengali (টিপিইউ, টি পি ইউ) or
    Arabic (تي بي يو, تيبييو) letter names;
``negative``
    pseudo-words, everyday bn/ar/en words that are not in any name, such words inflected, and
    false friends (a syllable put before a term word: কন + ফিউশন). A negative case passes when
    no hit in the top 10 matched confidently (match kind exact, prefix, word, inflected,
    clitic or spelled) *and* ``glossary_cli.api.show`` raises ``NotFoundError``.

A positive case passes when the expected concept is the first hit; top-3 is reported beside it.
The overall row counts every case (a negative case's top-3 is its pass).

Usage::

    python benchmarks/matching_eval.py                       # 12 000 concepts, 200 per kind
    python benchmarks/matching_eval.py --show-failures 5 --variants \\
        --dump benchmarks/out/matching_cases_synthetic.yaml --markdown /tmp/matching.md
"""

from __future__ import annotations

import argparse
import bisect
import datetime as dt
import importlib
import os
import random
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
REPO = HERE.parent

KINDS = (
    "exact-en",
    "exact-bn",
    "exact-ar",
    "bn-inflected",
    "ar-clitic",
    "typo-en",
    "typo-bn",
    "typo-ar",
    "spelled-abbr",
    "negative",
)
#: Match kinds that claim the query names the concept: a negative query must get none.
CONFIDENT = frozenset({"exact", "prefix", "word", "inflected", "clitic", "spelled"})
LIMIT = 10
#: Shares of a kind's cases by one of their tags: most Bengali words of the data end in a
#: consonant, so without this hardly a case would try -র/-তে/-য় (after a vowel) or -য়ের
#: (after ং).
STRATA: dict[str, dict[str, float]] = {
    "bn-inflected": {"after consonant": 0.6, "after vowel": 0.2, "after ং": 0.2},
}

# --------------------------------------------------------------------------------------------
# Text helpers
# --------------------------------------------------------------------------------------------


# Arabic letters written more than one way, and Bengali khanda ta: folded to one.
_FOLD_LETTERS = str.maketrans(
    {
        "أ": "ا", "إ": "ا", "آ": "ا", "ٱ": "ا", "ة": "ه", "ى": "ي", "ؤ": "و", "ئ": "ي",
        "ک": "ك", "ی": "ي", "ھ": "ه", "ۀ": "ه", "ৎ": "ত্",
    }
)  # fmt: skip


def fold(text: str) -> str:
    """The key under which the evaluation compares names: NFKC, case folded, without
    harakat, tatweel and format characters, the letters of :data:`_FOLD_LETTERS` folded,
    digits as ASCII, anything but letters, marks and digits a space.

    It is this script's own, not ``glossary_cli.normalize.fold``, so that the cases do not
    change with the code under test; it folds at least as much as gloss documents for its key,
    so a word it finds "absent" or a name it finds unique is so for gloss too.
    """
    kept = [
        ch
        for ch in unicodedata.normalize("NFKC", text)
        if unicodedata.category(ch) != "Cf" and ch != "ـ" and not "\u064b" <= ch <= "\u065f"
        and ch != "\u0670"
    ]  # fmt: skip
    folded = unicodedata.normalize("NFKC", "".join(kept).casefold()).translate(_FOLD_LETTERS)
    out = []
    for ch in folded:
        cat = unicodedata.category(ch)
        if cat == "Nd":
            out.append(str(unicodedata.digit(ch)))
        else:
            out.append(ch if cat[0] in "LMN" else " ")
    return " ".join("".join(out).split())


def _nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


# --- Bengali ---------------------------------------------------------------------------------

BN_SIGNS = frozenset("ািীুূৃেৈোৌ")
BN_VOWELS = frozenset("অআইঈউঊঋএঐওঔ")
BN_CONSONANTS = "কখগঘঙচছজঝঞটঠডঢণতথদধনপফবভমযরলশষসহ"
BN_VIRAMA = "্"
BN_MARKS = frozenset("ংঃঁ়")

# Nominal endings by what the word ends in: C consonant, V vowel (sign or letter), N anusvara;
# a variant's weight, then its endings per class (repeats weigh more). The Bengali -এ/-এর
# after a consonant is the vowel sign ে joined to it (মডেল → মডেলে, মডেলের); after ং it is
# -য়ে/-য়ের (প্রুনিংয়ের) or hyphenated (প্রুনিং-এর).
_BN_ENDINGS_SPEC = """
genitive     20 | C ের                            | V র র র য়ের              | N য়ের য়ের -এর
objective     8 | C কে                            | V কে                     | N কে
locative     14 | C ে                             | V তে তে য় য়ে            | N য়ে য়ে -এ
plural       14 | C গুলো গুলি েরা রা দের            | V গুলো গুলি রা দের        | N গুলো গুলি দের
plural+case  12 | C গুলোর গুলোকে গুলোতে গুলির গুলিতে | V গুলোর গুলোকে গুলোতে গুলির | N গুলোর গুলোকে গুলোতে
classifier   14 | C টি টা টির টিকে টিতে টার           | V টি টা টির টিকে টিতে      | N টি টির টিকে টিতে
emphatic      8 | C ই ও                           | V ই ও                    | N ই ও
combined     10 | C েরই েও কেই গুলোই টিও             | V রই তেও কেই গুলোই         | N য়েরই কেই গুলোই
"""


def _parse_endings(spec: str) -> tuple[tuple[str, dict[str, list[str]], int], ...]:
    """:data:`_BN_ENDINGS_SPEC` as (variant, {class: endings}, weight) triples."""
    out = []
    for line in _nfc(spec).strip().splitlines():
        head, *columns = line.split("|")
        variant, weight = head.split()
        table = {cls: endings for cls, *endings in (c.split() for c in columns)}
        out.append((variant, table, int(weight)))
    return tuple(out)


BN_ENDINGS = _parse_endings(_BN_ENDINGS_SPEC)
#: Vowels after which -য়, -য়ে, -য়ের are written (ডেটায়, উইন্ডোয়, মায়ের); after ই/ঈ-sounds
#: Bengali writes -তে and -র instead (মেমরিতে, মেমরির).
BN_YA_VOWELS = frozenset("াোুূওআউঊ")
BN_YA = _nfc("য়")


def bn_final_class(word: str) -> str | None:
    """ "C" (consonant), "V" (vowel sign or vowel letter) or "N" (anusvara); None if unsure."""
    if not word:
        return None
    last = word[-1]
    if last == "ঁ" and len(word) > 1:  # chandrabindu: nasal vowel
        last = word[-2]
    if last == "ং":
        return "N"
    if last in BN_SIGNS or last in BN_VOWELS:
        return "V"
    if last in BN_CONSONANTS or last in "ৎ়":  # ় : a nukta letter (য়, ড়) as NFC writes it
        return "C"
    return None


def bn_inflect(word: str, rng: random.Random) -> tuple[str, str, str] | None:
    """``word`` with one nominal ending: (inflected word, variant, ending); None if none fits."""
    cls = bn_final_class(word)
    if cls is None:
        return None
    variant, table, _ = rng.choices(BN_ENDINGS, weights=[w for *_, w in BN_ENDINGS])[0]
    ending = rng.choice(table[cls])
    last = word[-1]
    if cls == "V" and ending.startswith(BN_YA) and last not in BN_YA_VOWELS:
        ending = "র" if variant == "genitive" else "তে"  # মেমরির, মেমরিতে; not *মেমরিয়ের
    stem = word
    if last == "ৎ" and ending[0] in BN_SIGNS:
        stem = word[:-1] + "ত"  # khanda ta takes no vowel sign: বিদ্যুৎ → বিদ্যুতের
    return _nfc(stem + ending), variant, ending


def bn_aksharas(word: str) -> list[str]:
    """Orthographic syllables: (consonant + virama)* consonant + signs/marks, or a vowel letter."""
    out: list[str] = []
    for ch in word:
        joins = out and (
            ch in BN_SIGNS
            or ch in BN_MARKS
            or ch == BN_VIRAMA
            or (out[-1].endswith(BN_VIRAMA) and ch in BN_CONSONANTS)
        )
        if joins:
            out[-1] += ch
        else:
            out.append(ch)
    return out


BN_CONFUSABLE_CONSONANTS = (
    "নণ",
    "সশষ",
    "জযঝ",
    "তট",
    "দড",
    "থঠ",
    "ধঢ",
    "বভ",
    "কখ",
    "গঘ",
    "পফ",
    "চছ",
)
BN_CONFUSABLE_SIGNS = ("িী", "ুূ", "েৈ", "োৌ")

# --- Arabic ----------------------------------------------------------------------------------

AR_LETTERS = "ابتثجحخدذرزسشصضطظعغفقكلمنهوي"
AR_CONFUSABLE = ("بتثني", "جحخ", "دذ", "رز", "سش", "صض", "طظ", "عغ", "فق", "كل", "هة")
ARTICLE = "ال"

# Letter names, as an abbreviation is read out (A → এ / إيه).
_BN_NAMES = "এ বি সি ডি ই এফ জি এইচ আই জে কে এল এম এন ও পি কিউ আর এস টি ইউ ভি ডাব্লিউ এক্স ওয়াই জেড"
_AR_NAMES = (
    "إيه بي سي دي إي إف جي إتش آي جيه كيه إل إم إن أو بي كيو آر إس تي يو في دبليو إكس واي زد"
)
BN_LETTER_NAMES = dict(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ", _nfc(_BN_NAMES).split(), strict=True))
AR_LETTER_NAMES = dict(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ", _nfc(_AR_NAMES).split(), strict=True))
BN_DIGITS = "০১২৩৪৫৬৭৮৯"


def spell_abbreviation(abbr: str, names: dict[str, str], digits: str | None) -> list[str] | None:
    """The letter names of ``abbr`` (digits as ``digits``, if given); None if a character has
    no name."""
    out = []
    for ch in abbr.upper():
        if ch in names:
            out.append(names[ch])
        elif ch.isdigit() and ch.isascii():
            out.append(digits[int(ch)] if digits else ch)
        elif ch in "-. ":
            continue
        else:
            return None
    return out


# --- English ---------------------------------------------------------------------------------

QWERTY_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")


def _keyboard_neighbours() -> dict[str, str]:
    near: dict[str, str] = {}
    for r, row in enumerate(QWERTY_ROWS):
        for c, ch in enumerate(row):
            keys = []
            for dr in (-1, 0, 1):
                rr = r + dr
                if 0 <= rr < len(QWERTY_ROWS):
                    for dc in (-1, 0, 1):
                        cc = c + dc
                        if (dr or dc) and 0 <= cc < len(QWERTY_ROWS[rr]):
                            keys.append(QWERTY_ROWS[rr][cc])
            near[ch] = "".join(keys)
    return near


KEY_NEIGHBOURS = _keyboard_neighbours()

# --- Negative vocabulary ---------------------------------------------------------------------

# Everyday words, far from AI terminology; each is used only if no name of the data holds it.
EVERYDAY_EN = """
garden river mountain kitchen bicycle umbrella breakfast village pillow blanket carpet harbor
orchard sunflower ladder violin pencil butter teapot lantern cabbage cushion wardrobe chimney
meadow saddle bakery pumpkin mushroom giraffe kettle slipper hammock tulip walnut pebble
""".split()
EVERYDAY_BN = _nfc(
    """
বাগান নদী পাহাড় রান্নাঘর জানালা দরজা বিছানা চেয়ার আকাশ বৃষ্টি গ্রাম শহর বাজার মাছ ভাত দুধ
কলম খাতা ফুল গাছ পাখি নৌকা সাইকেল ছাতা জুতা মেঘ চাঁদ সূর্য সমুদ্র বন্ধু উৎসব খেলা গান দোকান
রাস্তা বালিশ কম্বল পুকুর আম কাঁঠাল বিড়াল কুকুর হাঁস মাঠ ঘড়ি চশমা পেয়ারা
"""
).split()
EVERYDAY_AR = _nfc(
    """
حديقة نهر جبل مطبخ باب سرير كرسي طاولة سماء مطر قرية مدينة سوق سمك أرز حليب قهوة قلم زهرة
شجرة طائر قارب دراجة مظلة حذاء غيمة قمر شمس بحر صديق عيد لعبة أغنية متجر شارع مدرسة طبيب
خبز تفاحة برتقال وسادة بطانية بستان قطة كلب بطة ساعة نظارة
"""
).split()

NEG_EN_ONSETS = "b d f g k l m n p r s t v z br gl pl st tr kr sn dr bl fl gr".split()
NEG_EN_VOWELS = "a e i o u oa ee ai ou".split()
NEG_EN_CODAS = ["", "", "n", "r", "l", "m", "x", "sk", "nd", "rt", "mp", "st", "lk"]
NEG_BN_ONSETS = _nfc("ব ড ফ গ ক ল ম ন প র স ট ভ জ চ হ ব্র গ্ল প্ল স্ট ট্র ক্র স্ন ড্র").split()
NEG_BN_SIGNS = ["", "া", "ে", "ি", "ো", "ু", "াই", "োই"]
NEG_BN_CODAS = ["", "", "ন", "র", "ল", "ম", "ক্স", "স্ক", "ন্ড", "র্ট", "ম্প", "স্ট", "ল্ক"]
NEG_AR_PATTERNS = ("1و2ا3", "ت1ا2ي3", "م1ا2ي3", "1ي2و3ة", "ا1ت2و3", "م1ت2ي3", "1ا2و3ي", "ت1و23")

FALSE_PREFIXES = {
    "en": ["con", "re", "de", "pro", "dis", "ex", "mis", "per", "sub", "in"],
    "bn": _nfc("কন ডি প্রো রি ডিস এক্স অ সু নি পার").split(),
    # no و ف ب ك ل (clitics) and no ا (ال): those would be a search for the word itself
    "ar": ["م", "ت", "ن", "مت", "است", "ان", "ي"],
}

# --------------------------------------------------------------------------------------------
# The termbase as the evaluation sees it
# --------------------------------------------------------------------------------------------


@dataclass
class Entry:
    """One concept: its id and the names a query can be built from."""

    id: str
    en: str  # the English headword
    bn: str  # the Bengali main term
    ar: str  # the Arabic main term
    abbreviations: list[str]  # English abbreviations
    names: list[str]  # every term of every language


@dataclass
class Termbase:
    """The concepts, and which concepts each folded name and each folded word belongs to."""

    entries: list[Entry]
    name_owners: dict[str, set[str]] = field(default_factory=dict)
    word_owners: dict[str, set[str]] = field(default_factory=dict)
    sorted_words: list[str] = field(default_factory=list)
    sorted_names: list[str] = field(default_factory=list)
    ar_pos: dict[str, str] = field(default_factory=dict)  # Arabic word (no ال) → "n" / "a"
    real_words: dict[str, list[str]] = field(default_factory=dict)  # lang → common term words

    def index(self) -> None:
        """Fill the owner maps from :attr:`entries`."""
        names: dict[str, set[str]] = defaultdict(set)
        words: dict[str, set[str]] = defaultdict(set)
        for e in self.entries:
            for name in e.names:
                key = fold(name)
                names[key].add(e.id)
                for w in key.split():
                    words[w].add(e.id)
        self.name_owners = dict(names)
        self.word_owners = dict(words)
        self.sorted_words = sorted(words)
        self.sorted_names = sorted(names)

    def owns_name(self, cid: str, text: str) -> bool:
        """Whether ``text`` (folded) is a name of concept ``cid`` and of no other."""
        return self.name_owners.get(fold(text)) == {cid}

    def only_word_of(self, cid: str, word: str) -> bool:
        """Whether the folded ``word`` is a word of concept ``cid``'s names and of no other's."""
        key = fold(word)
        return " " not in key and self.word_owners.get(key) == {cid}

    def is_word(self, text: str) -> bool:
        """Whether any folded word of ``text`` is a word of some name."""
        return any(w in self.word_owners for w in fold(text).split())

    def is_prefix_of_name(self, text: str) -> bool:
        """Whether the folded ``text`` starts some name (or is one)."""
        key = fold(text)
        i = bisect.bisect_left(self.sorted_names, key)
        return i < len(self.sorted_names) and self.sorted_names[i].startswith(key)

    def is_prefix_of_word(self, word: str) -> bool:
        """Whether the folded ``word`` starts some name's word."""
        key = fold(word)
        i = bisect.bisect_left(self.sorted_words, key)
        return i < len(self.sorted_words) and self.sorted_words[i].startswith(key)

    def contains_word(self, word: str, shortest: int = 4) -> bool:
        """Whether the folded ``word`` contains some name's word of ``shortest`` or more
        characters."""
        key = fold(word)
        n = len(key)
        return any(
            key[i:j] in self.word_owners
            for i in range(n)
            for j in range(i + shortest, n + 1)
        )  # fmt: skip

    def absent(self, text: str, *, substrings: bool = True) -> bool:
        """Whether no word of ``text`` is, starts or (``substrings``) contains a name's word;
        an Arabic word is also tried with ال put before it or taken off."""
        for w in fold(text).split():
            forms = [w]
            if any("\u0600" <= ch <= "\u06ff" for ch in w):
                art = fold(ARTICLE)
                forms.append(w[len(art) :] if w.startswith(art) else art + w)
            for f in forms:
                if f in self.word_owners or self.is_prefix_of_word(f):
                    return False
            if substrings and self.contains_word(w):
                return False
        return bool(fold(text))


def generated_records(gen: ModuleType, n: int, seed: int, vocab: Any) -> list[dict[str, Any]]:
    """The record mappings ``generate.py`` writes to concepts.yaml, made again in memory (a
    second or two, where parsing the YAML takes ~1 ms per concept); only the curation line
    numbers of ``source`` fields differ, and they are not used here."""
    plan = gen.Plan(n, seed, vocab)
    records: list[dict[str, Any]] = []
    for c in range(-(-n // gen.CHUNK)):
        records += gen.make_chunk(c, n, seed, plan, vocab)[0]
    return records


def load_termbase(records: Iterable[dict[str, Any]], vocab: Any | None) -> Termbase:
    """The concepts of the record mappings; parts of speech and the common ("real") words from
    the generator's vocabulary, if given."""
    entries = []
    for record in records:
        langs = record.get("languages", {})
        terms = {lang: [t["term"] for t in sec.get("terms", [])] for lang, sec in langs.items()}
        en_terms = langs.get("en", {}).get("terms", [])
        if not (terms.get("en") and terms.get("bn") and terms.get("ar")):
            continue
        entries.append(
            Entry(
                id=record["id"],
                en=terms["en"][0],
                bn=terms["bn"][0],
                ar=terms["ar"][0],
                abbreviations=[t["term"] for t in en_terms if t.get("type") == "abbreviation"],
                names=[t for lang in terms.values() for t in lang],
            )
        )
    tb = Termbase(entries)
    tb.index()
    if vocab is not None:
        tb.ar_pos = dict(zip(vocab.ar, vocab.pos, strict=True))
        for lang in ("en", "bn", "ar"):
            words = getattr(vocab, lang)
            tb.real_words[lang] = [
                words[i]
                for i in vocab.real
                if fold(words[i]) in tb.word_owners or fold(ARTICLE + words[i]) in tb.word_owners
            ]
    return tb


def read_records(data: Path) -> list[dict[str, Any]]:
    """The records of ``data/concepts.yaml`` (slow: ~1 ms per concept)."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    with open(data / "concepts.yaml", encoding="utf-8") as fh:
        return list(yaml.load(fh, Loader=loader).get("concepts") or [])


# --------------------------------------------------------------------------------------------
# Cases
# --------------------------------------------------------------------------------------------


@dataclass
class Case:
    """A query, the concept it must find first (None: must find nothing confident), and how
    it was made."""

    kind: str
    variant: str  # what was changed: "; "-separated tags, for the --variants breakdown
    query: str
    expect: str | None
    term: str  # the name (or word) the query was made from
    how: str  # the change, in words


@dataclass
class Outcome:
    """What the search gave for a case."""

    case: Case
    passed: bool
    top3: bool
    rank: int | None = None  # 1-based rank of the expected concept in the top 10
    got: list[tuple[str, str, float, str]] = field(default_factory=list)  # id, kind, score, text
    confident: bool = False  # a negative case got a confident hit
    show_refused: bool | None = None  # a negative case: show raised NotFoundError
    show_got: str | None = None  # … else what show returned (or the error)
    error: str | None = None


def _words_with_seps(term: str) -> list[str]:
    """``term`` cut into words and the separators between them (space, hyphen), kept."""
    out: list[str] = []
    cur = ""
    for ch in term:
        if ch in " -":
            if cur:
                out.append(cur)
            out.append(ch)
            cur = ""
        else:
            cur += ch
    if cur:
        out.append(cur)
    return out


def _replace_word(term: str, index: int, new: str) -> str:
    """``term`` with its ``index``-th word (0-based, spaces and hyphens separate) replaced."""
    parts = _words_with_seps(term)
    k = -1
    for i, p in enumerate(parts):
        if p not in (" ", "-"):
            k += 1
            if k == index:
                parts[i] = new
                break
    return "".join(parts)


def _term_words(term: str) -> list[str]:
    return [p for p in _words_with_seps(term) if p not in (" ", "-")]


def _joined_to_next(term: str) -> set[int]:
    """Indices of the words of ``term`` that a hyphen joins to the next (লো-র্যাঙ্ক)."""
    out: set[int] = set()
    k = -1
    for p in _words_with_seps(term):
        if p == "-":
            out.add(k)
        elif p != " ":
            k += 1
    return out


class Builder:
    """Builds the cases of each kind from a :class:`Termbase`, deterministically."""

    def __init__(self, tb: Termbase, seed: int, per_kind: int) -> None:
        self.tb = tb
        self.seed = seed
        self.per_kind = per_kind
        self.by_id = {e.id: e for e in tb.entries}
        self._spelled: dict[tuple[str, str], set[str]] | None = None

    def rng(self, kind: str) -> random.Random:
        """A random stream of its own per kind (so one kind's cases do not move another's)."""
        return random.Random(f"matching-eval:{self.seed}:{kind}")

    def build(self, kind: str) -> list[Case]:
        """``per_kind`` cases of ``kind`` (fewer if the data allow no more)."""
        rng = self.rng(kind)
        if kind == "negative":
            return self._negatives(rng)
        make: Callable[[Entry, random.Random], Case | None] = getattr(
            self, "_" + kind.replace("-", "_")
        )
        pool = self.tb.entries
        if kind == "spelled-abbr":
            pool = [e for e in pool if self._unique_abbreviations(e)]
        order = list(range(len(pool)))
        rng.shuffle(order)
        shares = STRATA.get(kind, {})
        quota = {tag: round(share * self.per_kind) for tag, share in shares.items()}
        taken: Counter[str] = Counter()
        cases: list[Case] = []
        spare: list[Case] = []  # made, but over their stratum's quota
        seen: set[str] = set()
        for i in order:
            if len(cases) >= self.per_kind:
                break
            case = make(pool[i], rng)
            if case is None or case.query in seen:
                continue
            seen.add(case.query)
            stratum = next((t for t in case.variant.split("; ") if t in quota), None)
            if stratum is not None:
                if taken[stratum] >= quota[stratum]:
                    spare.append(case)
                    continue
                taken[stratum] += 1
            cases.append(case)
        return cases + spare[: self.per_kind - len(cases)]

    # -- exact ------------------------------------------------------------------------------

    def _exact(self, e: Entry, lang: str) -> Case | None:
        term = {"en": e.en, "bn": e.bn, "ar": e.ar}[lang]
        if not self.tb.owns_name(e.id, term):
            return None  # another concept has the same name, once folded
        words = len(_term_words(term))
        return Case(f"exact-{lang}", f"words {words}", term, e.id, term, "as written")

    def _exact_en(self, e: Entry, rng: random.Random) -> Case | None:
        return self._exact(e, "en")

    def _exact_bn(self, e: Entry, rng: random.Random) -> Case | None:
        return self._exact(e, "bn")

    def _exact_ar(self, e: Entry, rng: random.Random) -> Case | None:
        return self._exact(e, "ar")

    # -- Bengali inflection -----------------------------------------------------------------

    @staticmethod
    def _where(i: int, n: int, alone: bool) -> tuple[str, str]:
        """Where in a term of ``n`` words the changed word ``i`` is: (variant part, words)."""
        if n == 1:
            return "one-word term", "the whole term"
        if alone:
            return "word alone", f"word {i + 1}/{n}, alone"
        return ("first word" if i == 0 else "last word" if i == n - 1 else "middle word"), (
            f"word {i + 1}/{n}"
        )

    def _bn_inflected(self, e: Entry, rng: random.Random) -> Case | None:
        words = _term_words(e.bn)
        distinctive = [i for i, w in enumerate(words) if self.tb.only_word_of(e.id, w)]
        alone = len(words) > 1 and bool(distinctive) and rng.random() < 0.3
        if len(words) == 1:
            i = 0
        elif alone:
            i = rng.choice(distinctive)
        elif rng.random() < 0.75:
            i = len(words) - 1  # the head noun, where Bengali puts the ending
        else:  # another word, but not the first half of a hyphenated pair
            joined = _joined_to_next(e.bn)
            others = [k for k in range(len(words) - 1) if k not in joined]
            if not others:
                return None
            i = rng.choice(others)
        got = bn_inflect(words[i], rng)
        if got is None:
            return None
        new, variant, ending = got
        if self.tb.is_word(new):
            return None  # the inflected form is itself a word of some name
        query = new if alone else _replace_word(e.bn, i, new)
        place, where = self._where(i, len(words), alone)
        after = {"C": "consonant", "V": "vowel", "N": "ং"}[bn_final_class(words[i]) or "C"]
        tags = f"ending {variant}; place {place}; after {after}"
        return Case("bn-inflected", tags, query, e.id, e.bn, f"-{ending} on {words[i]} ({where})")

    # -- Arabic clitics ---------------------------------------------------------------------

    @staticmethod
    def _ar_proclitic(word: str, rng: random.Random, *, definite: bool = True) -> tuple[str, str]:
        """``word`` with a proclitic, with ال or without (never with ال if not ``definite``,
        e.g. before a pronoun suffix): (new word, the proclitic)."""
        has_al = word.startswith(ARTICLE) and len(word) > 3
        stem = word[2:] if has_al else word
        if has_al or (definite and rng.random() < 0.5):  # وال، فال، بال، كال، لل, وبال …
            article = ARTICLE
            p = rng.choice(["و", "ف", "ب", "ك", "ل", "وب", "ول", "فب", "وك", "فل"])
        else:
            article = ""
            p = rng.choice(["و", "ف", "ب", "ك", "ل", "وب", "ول"])
        if has_al and rng.random() < 0.12:
            article = ""  # the indefinite form: التقطير → بتقطير
        if article and p.endswith("ل"):  # ل + ال → لل; ل + ال + ل… → لل… (للغة)
            return p + (stem if stem.startswith("ل") else "ل" + stem), p + "ل"
        return p + article + stem, p + article

    def _ar_suffix(
        self, word: str, rng: random.Random, *, head: bool, alone: bool
    ) -> tuple[str, str] | None:
        """``word`` with a suffix that suits its part of speech and place: (new word, suffix).

        Nouns take the plural -ات anywhere, the pronoun -ها as the head of the term (the
        first word) or alone, the nisba -ي only alone (شبكة → شبكي: another word of the same
        family); adjectives take -ة, -ين, -ون."""
        has_al = word.startswith(ARTICLE) and len(word) > 3
        stem = word[2:] if has_al else word
        pos = self.tb.ar_pos.get(stem, "a" if stem.endswith("ي") else "n")
        art = ARTICLE if has_al else ""
        base = stem[:-1] if stem.endswith("ة") else stem
        options: list[tuple[str, str]] = []
        if pos == "n":
            options.append((art + base + "ات", "ات"))
            if head or alone:
                options.append(((base + "ت" if stem.endswith("ة") else stem) + "ها", "ها"))
            if alone and not stem.endswith(("ي", "ء", "أة", "اة", "ى")):
                options.append((art + base + "ي", "ي"))
        else:
            options += [(art + base + "ين", "ين"), (art + base + "ون", "ون")]
            if not stem.endswith("ة"):
                options.append((art + stem + "ة", "ة"))
        return rng.choice(options) if options else None

    def _ar_clitic(self, e: Entry, rng: random.Random) -> Case | None:
        words = e.ar.split()
        distinctive = [i for i, w in enumerate(words) if self.tb.only_word_of(e.id, w)]
        alone = len(words) > 1 and bool(distinctive) and rng.random() < 0.25
        x = rng.random()
        mode = "prefix" if x < 0.65 else "suffix" if x < 0.85 else "prefix+suffix"
        if alone:
            i = rng.choice(distinctive)
        elif len(words) == 1 or rng.random() < 0.5:
            i = 0  # the head noun
        else:
            i = rng.randrange(1, len(words))  # a modifier: any word, not just the first
        new, labels = words[i], []
        if mode != "prefix":
            got = self._ar_suffix(new, rng, head=i == 0, alone=alone or len(words) == 1)
            if got is None:
                return None
            new, label = got
            labels.append("-" + label)
        if mode != "suffix":
            new, label = self._ar_proclitic(new, rng, definite=not new.endswith("ها"))
            labels.insert(0, label + "-")
            if label.endswith(("ال", "لل")):
                mode = mode.replace("prefix", "prefix+ال")
        if self.tb.is_word(new):
            return None
        query = new if alone else " ".join([*words[:i], new, *words[i + 1 :]])
        place, where = self._where(i, len(words), alone)
        how = f"{' '.join(labels)} on {words[i]} ({where})"
        tags = f"clitic {mode}; place {place}" + "".join(
            f"; suffix {x}" for x in labels if x.startswith("-")
        )
        return Case("ar-clitic", tags, query, e.id, e.ar, how)

    # -- typos ------------------------------------------------------------------------------

    def _typo_case(
        self,
        kind: str,
        e: Entry,
        term: str,
        rng: random.Random,
        slip: Callable[[str, random.Random], tuple[str, str] | None],
        fits: Callable[[str], bool],
    ) -> Case | None:
        words = _term_words(term)
        choices = [i for i, w in enumerate(words) if fits(w)]
        if not choices:
            return None
        i = rng.choice(choices)
        for _ in range(6):
            got = slip(words[i], rng)
            if got is None:
                continue
            new, op = got
            if fold(new) != fold(words[i]) and not self.tb.is_word(new):
                query = _replace_word(term, i, new)
                return Case(kind, f"slip {op}", query, e.id, term, f"{op}: {words[i]} → {new}")
        return None

    def _typo_en(self, e: Entry, rng: random.Random) -> Case | None:
        term = e.en if rng.random() < 0.5 else e.en.lower()
        return self._typo_case(
            "typo-en", e, term, rng, _slip_en, lambda w: len(w) >= 5 and w.isalpha()
        )

    def _typo_bn(self, e: Entry, rng: random.Random) -> Case | None:
        return self._typo_case(
            "typo-bn", e, e.bn, rng, _slip_bn, lambda w: len(bn_aksharas(w)) >= 3
        )

    def _typo_ar(self, e: Entry, rng: random.Random) -> Case | None:
        def fits(w: str) -> bool:
            return len(w[2:] if w.startswith(ARTICLE) else w) >= 4

        return self._typo_case("typo-ar", e, e.ar, rng, _slip_ar, fits)

    # -- spelt-out abbreviations ------------------------------------------------------------

    def _unique_abbreviations(self, e: Entry) -> list[str]:
        """The concept's abbreviations that no other concept has, as a name or a word."""
        return [
            a
            for a in e.abbreviations
            if self.tb.owns_name(e.id, a) and self.tb.word_owners.get(fold(a)) == {e.id}
        ]

    def _spellings(self) -> dict[tuple[str, str], set[str]]:
        """(script, folded spelling without spaces) → the concepts whose abbreviations read so
        (Arabic names B and P both بي, so BGB and BGP read alike)."""
        if self._spelled is None:
            self._spelled = defaultdict(set)
            for e in self.tb.entries:
                for a in e.abbreviations:
                    for script, names, digits in (
                        ("bn", BN_LETTER_NAMES, BN_DIGITS),
                        ("ar", AR_LETTER_NAMES, None),
                    ):
                        letters = spell_abbreviation(a, names, digits)
                        if letters:
                            self._spelled[(script, fold("".join(letters)))].add(e.id)
        return self._spelled

    def _spelled_abbr(self, e: Entry, rng: random.Random) -> Case | None:
        abbr = rng.choice(self._unique_abbreviations(e))
        script = "bn" if rng.random() < 0.5 else "ar"
        if script == "bn":
            letters = spell_abbreviation(abbr, BN_LETTER_NAMES, BN_DIGITS)
            joined = rng.random() < 0.6
        else:
            letters = spell_abbreviation(abbr, AR_LETTER_NAMES, None)
            joined = rng.random() < 0.4
        if not letters:
            return None
        if self._spellings()[(script, fold("".join(letters)))] != {e.id}:
            return None  # another concept's abbreviation reads the same
        query = _nfc(("" if joined else " ").join(letters))
        if self.tb.is_prefix_of_name(query) or (
            joined and not self.tb.absent(query, substrings=False)
        ):
            return None  # the letter names spell (the start of) a name: بي إن → بيان(ات)
        style = "joined" if joined else "spaced"
        tags = f"letters {script}; style {style}; length {len(letters)}"
        return Case("spelled-abbr", tags, query, e.id, abbr, f"{abbr} in {script} letters")

    # -- negatives --------------------------------------------------------------------------

    def _negatives(self, rng: random.Random) -> list[Case]:
        makers: list[tuple[str, Callable[[random.Random], tuple[str, str, str] | None]]] = [
            ("pseudo-en", self._pseudo_en),
            ("pseudo-bn", self._pseudo_bn),
            ("pseudo-ar", self._pseudo_ar),
            ("everyday-en", lambda r: self._everyday(r, EVERYDAY_EN)),
            ("everyday-bn", lambda r: self._everyday(r, EVERYDAY_BN)),
            ("everyday-ar", lambda r: self._everyday(r, EVERYDAY_AR)),
            ("inflected-bn", self._absent_inflected_bn),
            ("clitic-ar", self._absent_clitic_ar),
            ("false-friend-en", lambda r: self._false_friend(r, "en")),
            ("false-friend-bn", lambda r: self._false_friend(r, "bn")),
            ("false-friend-ar", lambda r: self._false_friend(r, "ar")),
        ]
        cases: list[Case] = []
        seen: set[str] = set()
        dry: set[str] = set()
        while len(cases) < self.per_kind and len(dry) < len(makers):
            for variant, make in makers:
                if len(cases) >= self.per_kind:
                    break
                if variant in dry:
                    continue
                for _ in range(200):
                    got = make(rng)
                    if got is not None and got[0] not in seen:
                        query, term, how = got
                        seen.add(query)
                        cases.append(Case("negative", f"type {variant}", query, None, term, how))
                        break
                else:
                    dry.add(variant)
        return cases

    def _pseudo_en(self, rng: random.Random) -> tuple[str, str, str] | None:
        word = "".join(
            rng.choice(NEG_EN_ONSETS) + rng.choice(NEG_EN_VOWELS)
            for _ in range(rng.choice((2, 2, 3)))
        ) + rng.choice(NEG_EN_CODAS)
        return (word, word, "pseudo-word") if self.tb.absent(word) else None

    def _pseudo_bn_word(self, rng: random.Random) -> str:
        return _nfc(
            "".join(
                rng.choice(NEG_BN_ONSETS) + rng.choice(NEG_BN_SIGNS)
                for _ in range(rng.choice((2, 2, 3)))
            )
            + rng.choice(NEG_BN_CODAS)
        )

    def _pseudo_bn(self, rng: random.Random) -> tuple[str, str, str] | None:
        word = self._pseudo_bn_word(rng)
        return (word, word, "pseudo-word") if self.tb.absent(word) else None

    def _pseudo_ar_word(self, rng: random.Random) -> str:
        pattern = rng.choice(NEG_AR_PATTERNS)
        letters = rng.sample("بتثجحخدذرزسشصضطظعغفقكمنه", 3)
        for k, ch in enumerate(letters, 1):
            pattern = pattern.replace(str(k), ch)
        return pattern

    def _pseudo_ar(self, rng: random.Random) -> tuple[str, str, str] | None:
        word = self._pseudo_ar_word(rng)
        if rng.random() < 0.4:
            word = ARTICLE + word
        return (word, word, "pseudo-word") if self.tb.absent(word) else None

    def _everyday(self, rng: random.Random, words: Sequence[str]) -> tuple[str, str, str] | None:
        word = rng.choice(words)
        return (word, word, "everyday word") if self.tb.absent(word) else None

    def _absent_inflected_bn(self, rng: random.Random) -> tuple[str, str, str] | None:
        base = rng.choice(EVERYDAY_BN) if rng.random() < 0.6 else self._pseudo_bn_word(rng)
        got = bn_inflect(base, rng)
        if got is None or not self.tb.absent(base) or not self.tb.absent(got[0]):
            return None
        return got[0], base, f"-{got[2]} on absent {base}"

    def _absent_clitic_ar(self, rng: random.Random) -> tuple[str, str, str] | None:
        base = rng.choice(EVERYDAY_AR) if rng.random() < 0.6 else self._pseudo_ar_word(rng)
        new, label = self._ar_proclitic(base, rng)
        if not self.tb.absent(base) or not self.tb.absent(new):
            return None
        return new, base, f"{label}- on absent {base}"

    def _false_friend(self, rng: random.Random, lang: str) -> tuple[str, str, str] | None:
        words = self.tb.real_words.get(lang) or []
        if not words:
            return None
        word = rng.choice(words)
        prefix = rng.choice(FALSE_PREFIXES[lang])
        if lang == "ar":
            bare = word[2:] if word.startswith(ARTICLE) else word
            new = prefix + bare
        else:
            new = _nfc(prefix + word)
        if not self.tb.absent(new, substrings=False):
            return None  # a word of the data, or the start of one (with ال or without)
        return new, word, f"{prefix} + {word}"


def _slip_en(word: str, rng: random.Random) -> tuple[str, str] | None:
    """One keyboard slip in an English word, not on its first letter."""
    op = rng.choice(("swap", "drop", "double", "substitute"))
    n = len(word)
    if op == "swap":
        i = rng.randrange(1, n - 1)
        if word[i] == word[i + 1]:
            return None
        return word[:i] + word[i + 1] + word[i] + word[i + 2 :], op
    i = rng.randrange(1, n)
    if op == "drop":
        return word[:i] + word[i + 1 :], op
    if op == "double":
        return word[:i] + word[i] + word[i:], op
    near = KEY_NEIGHBOURS.get(word[i].lower())
    if not near:
        return None
    new = rng.choice(near)
    return word[:i] + (new.upper() if word[i].isupper() else new) + word[i + 1 :], op


def _slip_bn(word: str, rng: random.Random) -> tuple[str, str] | None:
    """One slip in a Bengali word: a consonant or vowel sign replaced (often by a look- or
    sound-alike), a vowel sign or a lone consonant dropped, or two syllables swapped."""
    op = rng.choices(
        ("substitute-consonant", "substitute-sign", "drop-sign", "drop-consonant", "swap"),
        weights=(35, 25, 15, 10, 15),
    )[0]
    chars = list(word)
    if op == "swap":
        ak = bn_aksharas(word)
        if len(ak) < 2:
            return None
        i = rng.randrange(len(ak) - 1)
        if ak[i] == ak[i + 1] or ak[i + 1][0] in BN_VOWELS or ak[i][0] in BN_VOWELS:
            return None
        ak[i], ak[i + 1] = ak[i + 1], ak[i]
        return _nfc("".join(ak)), op
    if op == "substitute-consonant":  # not one with a nukta (য়): that would be another letter
        spots = [
            i
            for i, c in enumerate(chars)
            if c in BN_CONSONANTS and (i + 1 == len(chars) or chars[i + 1] != "়")
        ]
        if not spots:
            return None
        i = rng.choice(spots)
        group = next((g for g in BN_CONFUSABLE_CONSONANTS if chars[i] in g), "")
        pool = group.replace(chars[i], "") if group and rng.random() < 0.6 else BN_CONSONANTS
        chars[i] = rng.choice(pool.replace(chars[i], ""))
        return _nfc("".join(chars)), op
    spots = [i for i, c in enumerate(chars) if c in BN_SIGNS]
    if op == "substitute-sign":
        if not spots:
            return None
        i = rng.choice(spots)
        group = next((g for g in BN_CONFUSABLE_SIGNS if chars[i] in g), "")
        pool = group if group and rng.random() < 0.7 else "ািীুূেোৌ"
        pool = pool.replace(chars[i], "")
        if not pool:
            return None
        chars[i] = rng.choice(pool)
        return _nfc("".join(chars)), op
    if op == "drop-sign":
        if not spots:
            return None
        del chars[rng.choice(spots)]
        return _nfc("".join(chars)), op
    # drop-consonant: a consonant not in a conjunct, whose vowel sign (if any) can pass to the
    # consonant before it
    ok = []
    for i, c in enumerate(chars):
        if c not in BN_CONSONANTS or i == 0:
            continue
        if chars[i - 1] == BN_VIRAMA or (i + 1 < len(chars) and chars[i + 1] in (BN_VIRAMA, "়")):
            continue
        if chars[i - 1] not in BN_CONSONANTS and (i + 1 < len(chars) and chars[i + 1] in BN_SIGNS):
            continue
        ok.append(i)
    if not ok:
        return None
    del chars[rng.choice(ok)]
    return _nfc("".join(chars)), op


def _slip_ar(word: str, rng: random.Random) -> tuple[str, str] | None:
    """One slip in an Arabic word (after its ال): a letter replaced (often by one of the same
    shape but other dots), dropped or doubled, or two adjacent letters swapped."""
    art = ARTICLE if word.startswith(ARTICLE) else ""
    stem = word[len(art) :]
    n = len(stem)
    op = rng.choice(("substitute", "substitute", "drop", "double", "swap"))
    if op == "swap":
        i = rng.randrange(n - 1)
        if stem[i] == stem[i + 1] or "ة" in stem[i : i + 2]:
            return None
        return art + stem[:i] + stem[i + 1] + stem[i] + stem[i + 2 :], op
    i = rng.randrange(n)
    if op == "drop":
        return art + stem[:i] + stem[i + 1 :], op
    if op == "double":
        if stem[i] == "ة":
            return None
        return art + stem[:i] + stem[i] + stem[i:], op
    if rng.random() < 0.3:
        i = n - 1  # the last letter, as in زومبي → زومبا
    group = next((g for g in AR_CONFUSABLE if stem[i] in g), "")
    pool = group if group and rng.random() < 0.5 else AR_LETTERS + "ا"
    pool = pool.replace(stem[i], "").replace("ة", "" if i < n - 1 else "ة")
    if not pool:
        return None
    return art + stem[:i] + rng.choice(pool) + stem[i + 1 :], op


# --------------------------------------------------------------------------------------------
# Running
# --------------------------------------------------------------------------------------------


def run_case(searcher: Any, case: Case, api: ModuleType, not_found: type) -> Outcome:
    """Search ``case.query`` (and, for a negative case, ``show`` it)."""
    try:
        hits = searcher.search(case.query, limit=LIMIT)
    except Exception as exc:  # the search is being rewritten: report, do not stop
        return Outcome(case, False, False, error=f"{type(exc).__name__}: {exc}")
    got = [(h.concept.id, h.match.kind, float(h.score), h.match.text) for h in hits]
    ids = [g[0] for g in got]
    if case.expect is not None:
        rank = ids.index(case.expect) + 1 if case.expect in ids else None
        return Outcome(case, rank == 1, rank is not None and rank <= 3, rank, got)
    confident = any(kind in CONFIDENT for _, kind, _, _ in got)
    refused: bool | None
    show_got = None
    try:
        shown = api.show(searcher, case.query)
    except not_found:
        refused = True
    except Exception as exc:
        refused, show_got = False, f"{type(exc).__name__}: {exc}"
    else:
        refused = False
        show_got = f"{shown.concept.id} ({shown.match.kind} {shown.score:.1f})"
    passed = not confident and refused
    return Outcome(case, passed, passed, None, got, confident, refused, show_got)


def _pct(k: int, n: int) -> str:
    return f"{100 * k / n:.1f} %" if n else "—"


def results_table(outcomes: list[Outcome]) -> str:
    """The per-kind Markdown table, with an overall row."""
    lines = ["| kind | cases | first hit | top 3 |", "| --- | --: | --: | --: |"]
    for kind in KINDS:
        rows = [o for o in outcomes if o.case.kind == kind]
        if not rows:
            continue
        first = sum(o.passed for o in rows)
        top3 = "—" if kind == "negative" else _pct(sum(o.top3 for o in rows), len(rows))
        lines.append(f"| {kind} | {len(rows)} | {_pct(first, len(rows))} | {top3} |")
    n = len(outcomes)
    lines.append(
        f"| **overall** | {n} | {_pct(sum(o.passed for o in outcomes), n)} "
        f"| {_pct(sum(o.top3 for o in outcomes), n)} |"
    )
    kinds = [k for k in KINDS if any(o.case.kind == k for o in outcomes)]
    macro = [
        sum(o.passed for o in outcomes if o.case.kind == k)
        / sum(o.case.kind == k for o in outcomes)
        for k in kinds
    ]
    if macro:
        lines.append(f"| mean of kinds | | {100 * sum(macro) / len(macro):.1f} % | |")
    negatives = [o for o in outcomes if o.case.kind == "negative"]
    if negatives:
        m = len(negatives)
        lines += [
            "",
            f"negative: no confident hit (exact/prefix/word/inflected/clitic/spelled) in the top "
            f"{LIMIT}: {_pct(sum(not o.confident and o.error is None for o in negatives), m)}; "
            f"`show` raises NotFoundError: {_pct(sum(bool(o.show_refused) for o in negatives), m)}"
            "; a case passes with both.",
        ]
    return "\n".join(lines)


def variants_table(outcomes: list[Outcome]) -> str:
    """First-hit rates by kind and tag (ending, place, clitic, slip, script, negative type …);
    a case counts under each of its tags."""
    groups: dict[tuple[str, str], list[Outcome]] = defaultdict(list)
    for o in outcomes:
        for tag in o.case.variant.split("; "):
            groups[(o.case.kind, tag)].append(o)
    lines = ["| kind | tag | cases | first hit | top 3 |", "| --- | --- | --: | --: | --: |"]
    for kind in KINDS:
        for (k, variant), rows in sorted(groups.items()):
            if k != kind:
                continue
            top3 = "—" if kind == "negative" else _pct(sum(o.top3 for o in rows), len(rows))
            first = _pct(sum(o.passed for o in rows), len(rows))
            lines.append(f"| {kind} | {variant} | {len(rows)} | {first} | {top3} |")
    return "\n".join(lines)


def failures_text(outcomes: list[Outcome], per_kind: int, by_id: dict[str, Entry]) -> str:
    """Up to ``per_kind`` failing cases of each kind, one per line."""
    out = []
    for kind in KINDS:
        bad = [o for o in outcomes if o.case.kind == kind and not o.passed]
        if not bad:
            continue
        out.append(f"{kind}: {len(bad)} failing; first {min(per_kind, len(bad))}:")
        for o in bad[:per_kind]:
            c = o.case
            top = o.got[0] if o.got else None
            got = f"{top[0]} [{top[1]} {top[2]:.1f} via {top[3]!r}]" if top else "nothing"
            if o.error:
                got = f"error {o.error}"
            if c.expect is not None:
                e = by_id.get(c.expect)
                rank = f"rank {o.rank}" if o.rank else f"not in top {LIMIT}"
                out.append(
                    f"  {c.query!r} ({c.how})\n"
                    f"      expected {c.expect} ({e.en if e else '?'}), {rank}; got {got}"
                )
            else:
                show = "show refused" if o.show_refused else f"show → {o.show_got}"
                confident = [g for g in o.got if g[1] in CONFIDENT]
                hit = (
                    f"{confident[0][0]} [{confident[0][1]} {confident[0][2]:.1f} via "
                    f"{confident[0][3]!r}]"
                    if confident
                    else f"no confident hit (top: {got})"
                )
                out.append(f"  {c.query!r} ({c.variant}: {c.how})\n      {hit}; {show}")
    return "\n".join(out)


def dump_cases(path: Path, outcomes: list[Outcome], meta: dict[str, Any]) -> None:
    """Write the cases and what the search gave, as YAML."""
    items = []
    for o in outcomes:
        c = o.case
        item: dict[str, Any] = {
            "kind": c.kind,
            "tags": c.variant.split("; "),
            "query": c.query,
            "expect": c.expect,
            "from": c.term,
            "how": c.how,
            "passed": o.passed,
        }
        if o.got:
            item["got"] = [
                {"id": i, "kind": k, "score": round(s, 2), "text": t} for i, k, s, t in o.got[:3]
            ]
        if o.rank is not None:
            item["rank"] = o.rank
        if c.expect is None:
            item["show_refused"] = o.show_refused
            if o.show_got:
                item["show"] = o.show_got
        if o.error:
            item["error"] = o.error
        items.append(item)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8") as fh:
        yaml.safe_dump(
            {**meta, "cases": items}, fh, allow_unicode=True, sort_keys=False, width=1_000_000
        )


def _git_head() -> str:
    """The checkout's commit (with "+changes" when the work tree differs), or "?"."""
    try:
        head = subprocess.run(
            ["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"],
            capture_output=True, text=True, check=True, timeout=10,
        ).stdout.strip()  # fmt: skip
        dirty = subprocess.run(
            ["git", "-C", str(REPO), "status", "--porcelain", "--", "glossary_cli"],
            capture_output=True, text=True, check=True, timeout=10,
        ).stdout.strip()  # fmt: skip
    except (OSError, subprocess.SubprocessError):
        return "?"
    return head + (" + uncommitted changes to glossary_cli/" if dirty else "")


def _package_version(api: ModuleType) -> str:
    """Which glossary_cli ran: this checkout's commit, or the directory it was imported from."""
    package = Path(api.__file__).resolve().parent
    if package == REPO / "glossary_cli":
        return f"{_git_head()} (this checkout)"
    return f"glossary_cli from {package}"


def _import_generator() -> ModuleType:
    """benchmarks/generate.py, imported as a module."""
    if str(HERE) not in sys.path:
        sys.path.insert(0, str(HERE))
    return importlib.import_module("generate")


def main(argv: Sequence[str] | None = None) -> int:
    """Generate, build the cases, search them, print (and optionally append/dump) results."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--concepts", "-n", type=int, default=12_000, help="default 12000")
    ap.add_argument("--seed", type=int, default=0, help="seed of the queries (default 0)")
    ap.add_argument("--data-seed", type=int, default=0, help="generate.py --seed (default 0)")
    ap.add_argument("--vocab", type=int, default=80_000, help="generate.py --vocab")
    ap.add_argument("--per-kind", type=int, default=200, help="cases per kind (default 200)")
    ap.add_argument(
        "--kinds", default=",".join(KINDS), help=f"comma-separated subset of {','.join(KINDS)}"
    )
    ap.add_argument(
        "--out", type=Path, help="write the data directory here (default: a temporary one)"
    )
    ap.add_argument("--markdown", type=Path, metavar="FILE", help="append the results to FILE")
    ap.add_argument("--title", default="", help="heading of the --markdown section")
    ap.add_argument("--show-failures", type=int, default=0, metavar="K", help="K per kind")
    ap.add_argument(
        "--variants", action="store_true", help="also a table by tag (ending, place, slip …)"
    )
    ap.add_argument("--dump", type=Path, metavar="FILE", help="write the cases (YAML) to FILE")
    ap.add_argument("--jobs", "-j", type=int, default=min(2, os.cpu_count() or 1))
    ap.add_argument(
        "--read-yaml",
        action="store_true",
        help="read the concepts from concepts.yaml instead of making them again in memory",
    )
    args = ap.parse_args(argv)
    kinds = [k.strip() for k in args.kinds.split(",") if k.strip()]
    unknown = [k for k in kinds if k not in KINDS]
    if unknown:
        ap.error(f"unknown kind(s): {', '.join(unknown)}")
    if args.concepts < 1 or args.per_kind < 1:
        ap.error("--concepts and --per-kind must be >= 1")

    from glossary_cli import api
    from glossary_cli.errors import NotFoundError

    started = dt.datetime.now().astimezone()
    t0 = time.perf_counter()
    scratch = Path(tempfile.mkdtemp(prefix="gloss-matching-"))
    try:
        data = args.out or scratch / "data"
        gen = _import_generator()
        gen.generate(args.concepts, data, args.data_seed, args.vocab, "both", args.jobs)
        t_gen = time.perf_counter() - t0
        vocab = gen.Vocab(args.vocab, args.data_seed)
        records = (
            read_records(data)
            if args.read_yaml
            else generated_records(gen, args.concepts, args.data_seed, vocab)
        )
        tb = load_termbase(records, vocab)
        del records
        builder = Builder(tb, args.seed, args.per_kind)
        cases = [c for kind in kinds for c in builder.build(kind)]
        t_cases = time.perf_counter() - t0 - t_gen
        t = time.perf_counter()
        searcher = api.open_searcher(str(data), env={"GLOSS_CACHE": str(scratch / "cache")})
        searcher.search("warm up", limit=1)
        t_index = time.perf_counter() - t
        t = time.perf_counter()
        outcomes = [run_case(searcher, c, api, NotFoundError) for c in cases]
        t_search = time.perf_counter() - t
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    total = time.perf_counter() - t0

    abbr_concepts = sum(bool(e.abbreviations) for e in tb.entries)
    unique_abbr = sum(bool(builder._unique_abbreviations(e)) for e in tb.entries)
    counts = Counter(c.kind for c in cases)
    short = [k for k in kinds if counts[k] < args.per_kind]
    notes = [
        f"data: generate.py --concepts {args.concepts} --seed {args.data_seed} --vocab "
        f"{args.vocab} ({len(tb.entries)} concepts, {len(tb.word_owners)} distinct folded "
        f"name words); queries: --seed {args.seed}, --per-kind {args.per_kind}",
        f"abbreviations: {abbr_concepts} concepts have one, {unique_abbr} one no other "
        "concept shares (the pool of spelled-abbr)",
        f"gloss: {_package_version(api)}; Python {sys.version.split()[0]}",
        f"time: {total:.1f} s (generate {t_gen:.1f} s, cases {t_cases:.1f} s, index "
        f"{t_index:.1f} s, {len(cases)} queries {t_search:.1f} s = "
        f"{1000 * t_search / max(1, len(cases)):.1f} ms each)",
    ]
    if short:
        notes.append("fewer cases than asked: " + ", ".join(f"{k} {counts[k]}" for k in short))
    table = results_table(outcomes)
    print(table)
    print()
    for line in notes:
        print("- " + line)
    extra = ""
    if args.variants:
        extra = variants_table(outcomes)
        print()
        print(extra)
    if args.show_failures:
        print()
        print(failures_text(outcomes, args.show_failures, builder.by_id))
    if args.markdown:
        lines = [
            f"## {args.title or 'Matching evaluation (synthetic)'} — {started:%Y-%m-%d %H:%M %Z}",
            "",
            *(f"- {line}" for line in notes),
            "- command: `"
            + shlex.join(
                ["python", "benchmarks/matching_eval.py", *(sys.argv[1:] if argv is None else argv)]
            )
            + "`",
            "",
            table,
            "",
        ]
        if extra:
            lines += [extra, ""]
        with open(args.markdown, "a", encoding="utf-8") as fh:
            fh.write("\n".join(lines) + "\n")
        print(f"appended to {args.markdown}", file=sys.stderr)
    if args.dump:
        meta = {
            "concepts": args.concepts,
            "data_seed": args.data_seed,
            "seed": args.seed,
            "per_kind": args.per_kind,
            "date": f"{started:%Y-%m-%d %H:%M %Z}",
        }
        dump_cases(args.dump, outcomes, meta)
        print(f"wrote {len(outcomes)} cases to {args.dump}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
