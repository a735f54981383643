#!/usr/bin/env python3
"""Held-out-style search evaluation on a real Arabic–English (French, German) termbase.

The termbase is a public IT dictionary, not gloss's own AI glossary (see
``benchmarks/real_termbase/README.md`` for where to get it and its licence): nothing in it was
seen while the search code was tuned. The script

1. converts each ``--source`` file into gloss's CSV layout (one row per term:
   ``id, lang, term, definition, subject_fields``), writes it to ``WORK/data/sources/`` and runs
   ``gloss build --data WORK/data`` (the index goes to ``WORK/cache``, never to the user's cache),
   then checks that ``gloss search`` finds a term through the command line;
2. draws seeded random queries from the termbase itself, each with the concept it must find
   first (a concept whose term is the same, up to case, harakat and alef spelling, counts too:
   the source has duplicates);
3. runs them through :meth:`glossary_cli.search.Searcher.search` (``limit=10``) and prints a
   Markdown table of first-hit and top-3 rates per kind of query.

Kinds of query:

========== =====================================================================================
exact-en   an English term as the source writes it
exact-ar   an Arabic term as the source writes it
typo-en    one letter slipped (neighbouring key, dropped, neighbouring key typed in, swapped;
           never the first letter) in a word of at least 5 letters of an English term
typo-ar    the same in a single-word Arabic term of at least 4 letters, leaving at least 4
ar-clitic  a multi-word Arabic term with a clitic (و ف ب ك ل) on one of its words, any word,
           with or without the article (بالشبكة, بشبكة, للنظام)
ar-word    one word of a multi-word Arabic term that no other term has in any form (no
           other term has a word of its light stem): the concept is identifiable by it alone
plural     an English term with its last word's number flipped (model ↔ models, study ↔ studies)
negative   pseudo-words found in no term (Latin and Arabic letters); passes when no hit matched
           as exact, prefix, word, inflected, clitic or spelled (fuzzy and phonetic near misses
           are allowed)
========== =====================================================================================

Ground truth never goes through gloss's normalisation. Queries are checked against the
termbase with a light key of their own (NFKC, case folding, no harakat or tatweel, one alef):
a generated query is kept only when it is no other concept's term, and a slipped word only when
it is no word of the termbase and one slip away from no word but the one it was made from, so
that the expected answer is not ambiguous by construction.

Usage (from the repository root, gloss importable)::

    python benchmarks/real_termbase_eval.py --source /path/to/techdict.csv \\
        [--source arabterm_information_tech.csv ...] [--seed 0] [--per-kind 120] \\
        [--show-failures 5] [--markdown benchmarks/RESULTS.md] [--work DIR]
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import hashlib
import json
import os
import random
import re
import subprocess
import sys
import time
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from glossary_cli.api import open_searcher  # noqa: E402

if TYPE_CHECKING:
    from glossary_cli.model import Hit
    from glossary_cli.search import Searcher

#: The kinds of query, in the order of the table.
KINDS = (
    "exact-en", "exact-ar", "typo-en", "typo-ar", "ar-clitic", "ar-word", "plural", "negative",
)  # fmt: skip
#: Match kinds that a negative query must not get: a hit of these claims the query *is* a name.
STRONG_KINDS = frozenset({"exact", "prefix", "word", "inflected", "clitic", "spelled"})
#: The name of the converted file in ``WORK/data/sources/``.
CONVERTED = "real_termbase.csv"

# --- light keys (ground truth, independent of glossary_cli.normalize) ---------------------------

_HARAKAT = re.compile("[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0640]")
_ALEFS = str.maketrans({"أ": "ا", "إ": "ا", "آ": "ا", "ٱ": "ا", "ى": "ي"})
_NON_WORD = re.compile(r"[^\w]+")
_ARABIC_WORD = re.compile("^[\u0621-\u063a\u0641-\u064a]+$")
_ARABIC_TERM = re.compile("^[\u0621-\u063a\u0641-\u064a\u064b-\u0652\u0670\u0640 ]+$")
_LATIN_WORD = re.compile("^[A-Za-z]+$")
_QUALIFIER = re.compile(r"\([^()]*\)")
_ARABIC_LETTER = re.compile("[\u0600-\u06ff]")


def strip_harakat(text: str) -> str:
    """``text`` without Arabic diacritics and tatweel."""
    return _HARAKAT.sub("", text)


def key(text: str) -> str:
    """A light search key: NFKC, case-folded, no harakat or tatweel, alef and alef maqsura
    variants as one letter, punctuation as spaces.

    >>> key("Low-Rank  Adaptation") == key("low rank adaptation")
    True
    >>> key("إِدَارَة") == key("ادارة")
    True
    """
    text = strip_harakat(unicodedata.normalize("NFKC", text)).casefold().translate(_ALEFS)
    return " ".join(_NON_WORD.sub(" ", text).replace("_", " ").split())


def without_article(word: str) -> str:
    """An Arabic word's key without its article (ال), when two letters or more are left
    (الحل: حل)."""
    k = key(word)
    return k[2:] if k.startswith("ال") and len(k) >= 4 else k


_CLITIC_ARTICLE = ("وال", "فال", "بال", "كال", "لل")
_ARABIC_ENDINGS = ("يات", "ات", "ية", "ين", "ون", "ان", "ة", "ه", "ي", "ا")
_HAMZA_SEATS = str.maketrans({"ئ": "ء", "ؤ": "ء"})


def light_stem(word: str) -> str:
    """An Arabic word's key without a clitic and article in front (بال، لل…) or the article
    (when two letters or more are left), and without one plural, dual, feminine, nisba or
    accusative ending (ات، ون، ة، ية، ي، ا…) when three are left; hamza on any seat as one
    letter. What tells whether two words are forms of one (الإلكترونية, الالكتروني; بطيئة,
    بطيء)."""
    k = key(word).translate(_HAMZA_SEATS)
    for front in (*_CLITIC_ARTICLE, "ال"):
        if k.startswith(front) and len(k) - len(front) >= 2:
            k = k[len(front) :]
            break
    for end in _ARABIC_ENDINGS:
        if k.endswith(end) and len(k) - len(end) >= 3:
            return k[: -len(end)]
    return k


def within_one_edit(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` differ by at most one letter substituted, dropped, added, or
    two neighbours swapped (optimal string alignment distance ≤ 1).

    >>> within_one_edit("model", "modle"), within_one_edit("model", "mode")
    (True, True)
    >>> within_one_edit("model", "medal")
    False
    """
    if abs(len(a) - len(b)) > 1:
        return False
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]:
        i += 1
    if len(a) == len(b):
        return a[i + 1 :] == b[i + 1 :] or (
            a[i : i + 2] == b[i : i + 2][::-1] and a[i + 2 :] == b[i + 2 :]
        )
    shorter, longer = (a, b) if len(a) < len(b) else (b, a)
    return shorter[i:] == longer[i + 1 :]


# --- reading the sources -------------------------------------------------------------------------


@dataclass
class Entry:
    """One concept of the termbase: its terms per language (the first is the main one), an
    optional definition per language, and where it came from."""

    id: str
    terms: dict[str, list[str]] = field(default_factory=dict)
    definitions: dict[str, str] = field(default_factory=dict)
    subject: str = ""

    def add(self, lang: str, texts: Iterable[str]) -> None:
        """Add the non-empty, not yet given ``texts`` as terms of ``lang``."""
        have = self.terms.setdefault(lang, [])
        for text in texts:
            text = " ".join(text.split()).strip(" .;,،")
            if text and text not in have:
                have.append(text)
        if not have:
            del self.terms[lang]


def _split(text: str, separators: str) -> list[str]:
    return [p for p in re.split(f"[{re.escape(separators)}]", text) if p.strip()]


def read_arabeyes(path: Path) -> list[Entry]:
    """The Arabeyes Technical Dictionary as the aosus dictionary keeps it (``techdict.csv``):
    ``word; translate; source`` lines, English then Arabic. A few lines have more cells, where
    the English held a comma (``Von Neumann; John``) or the Arabic gave two terms; Latin cells
    go to the English term, Arabic ones are further Arabic terms, the last cell is the source.
    Arabic terms separated by ``،`` or ``,`` are synonyms. Lines without Arabic are
    English-only concepts, as in the source."""
    entries = []
    lines = path.read_text(encoding="utf-8-sig").splitlines()
    for n, line in enumerate(lines[1:], start=2):
        cells = [c.strip() for c in line.split(";")]
        if len(cells) < 3 or not cells[0]:
            continue
        english, rest = [cells[0]], cells[1:-1]
        arabic = []
        for cell in rest:
            if _ARABIC_LETTER.search(cell):
                arabic += _split(cell, "،,")
            elif cell and not arabic:
                english.append(cell)
        entry = Entry(f"arabeyes-{n:05d}", subject="computing")
        entry.add("en", [", ".join(english)])
        entry.add("ar", arabic)
        entries.append(entry)
    return entries


def read_arabterm(path: Path) -> list[Entry]:
    """An ArabTerm dictionary as forzagreen/arabterm extracted it (``data/*.csv``): columns
    ``id, english, arabic, french[, german], uri, description, vt, uatv``. Terms separated by
    ``;`` (and, in Arabic, ``،``) are synonyms; the Arabic ``description`` is the Arabic
    definition."""
    entries = []
    subject = path.stem.removeprefix("arabterm_").replace("_", " ")
    with path.open(encoding="utf-8-sig", newline="") as fh:
        for row in csv.DictReader(fh):
            entry = Entry(f"arabterm-{row['id']}", subject=subject)
            entry.add("en", _split(row.get("english") or "", ";"))
            entry.add("ar", _split(row.get("arabic") or "", ";،"))
            entry.add("fr", _split(row.get("french") or "", ";"))
            entry.add("de", _split(row.get("german") or "", ";"))
            if description := " ".join((row.get("description") or "").split()):
                if "ar" in entry.terms:
                    entry.definitions["ar"] = description
            if len(entry.terms) >= 1:
                entries.append(entry)
    return entries


def read_source(path: Path) -> list[Entry]:
    """The entries of one source file, its layout told by its first line."""
    with path.open(encoding="utf-8-sig") as fh:
        header = fh.readline()
    if header.replace(" ", "").lower().startswith("word;translate;source"):
        return read_arabeyes(path)
    if header.lower().startswith("id,english,arabic"):
        return read_arabterm(path)
    raise SystemExit(
        f"{path}: unknown layout (first line {header.strip()!r}); "
        "expected the Arabeyes techdict.csv or an ArabTerm CSV"
    )


# --- converting and loading ----------------------------------------------------------------------


def write_gloss_csv(entries: Sequence[Entry], path: Path) -> None:
    """Write ``entries`` in gloss's one-row-per-term CSV layout (``glossary_cli.formats.table``):
    ``id, lang, term, definition, subject_fields``; the definition on a language's first row,
    the subject field on the concept's first row."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8", newline="") as fh:
        out = csv.writer(fh)
        out.writerow(["id", "lang", "term", "definition", "subject_fields"])
        for entry in entries:
            first = True
            for lang, terms in entry.terms.items():
                for i, term in enumerate(terms):
                    definition = entry.definitions.get(lang, "") if i == 0 else ""
                    out.writerow([entry.id, lang, term, definition, entry.subject if first else ""])
                    first = False


def gloss_command(*args: str) -> list[str]:
    """The command line of ``gloss ARGS`` with this interpreter."""
    return [sys.executable, "-m", "glossary_cli", *args]


def build_data_dir(entries: Sequence[Entry], work: Path, env: dict[str, str]) -> Path:
    """Convert ``entries`` into ``WORK/data/sources/`` and build the records with ``gloss
    build --data``; returns the data directory."""
    data = work / "data"
    (data / "sources").mkdir(parents=True, exist_ok=True)
    for stale in (data / "sources").iterdir():
        if stale.name != CONVERTED:
            stale.unlink()
    write_gloss_csv(entries, data / "sources" / CONVERTED)
    done = subprocess.run(
        gloss_command("build", "--data", str(data)),
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"gloss build failed ({done.returncode}):\n{done.stderr}{done.stdout}")
    return data


def check_cli(data: Path, env: dict[str, str], entries: Sequence[Entry]) -> str:
    """Run ``gloss search --json`` on an English term of the termbase through the command line,
    and return a one-line report; exit when the concept is not found first."""
    entry = next(e for e in entries if "en" in e.terms and "ar" in e.terms)
    query = entry.terms["en"][0]
    done = subprocess.run(
        gloss_command("search", query, "--data", str(data), "--limit", "3", "--json"),
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    hits = json.loads(done.stdout or "[]")
    if done.returncode != 0 or not hits or hits[0]["id"] != entry.id:
        raise SystemExit(f"gloss search {query!r} did not find {entry.id}: {done.stderr}")
    arabic = hits[0]["terms"]["ar"]["term"]
    return f"gloss search {query!r} --data {data}: {hits[0]['id']} ({arabic}) first"


# --- the termbase's vocabulary -------------------------------------------------------------------


@dataclass
class Vocabulary:
    """What the generated queries are checked against: every term's key (also without its
    parenthesised qualifiers) and the concepts that have it, every word's key, and the Arabic
    words' light stems (:func:`light_stem`) with the terms they occur in."""

    terms: dict[str, set[str]]
    words: set[str]
    arabic_words: dict[str, set[str]]
    _lengths: dict[int, list[str]] = field(default_factory=dict, init=False, repr=False)

    @classmethod
    def of(cls, entries: Sequence[Entry]) -> Vocabulary:
        """The vocabulary of ``entries``, every language."""
        terms: dict[str, set[str]] = defaultdict(set)
        words: set[str] = set()
        arabic_words: dict[str, set[str]] = defaultdict(set)
        for entry in entries:
            for lang, texts in entry.terms.items():
                for text in texts:
                    k = key(text)
                    for name in {k, key(_QUALIFIER.sub(" ", text))} - {""}:
                        terms[name].add(entry.id)
                    words.update(k.split())
                    if lang == "ar":
                        for word in text.split():
                            arabic_words[light_stem(word)].add(k)
        return cls(dict(terms), words, dict(arabic_words))

    def accepted(self, term: str) -> frozenset[str]:
        """The concepts a query made from ``term`` may find first: every concept with that
        term (the source has duplicates), or with that term and a qualifier in parentheses
        (``كبر (حروف)`` for ``كبر``)."""
        return frozenset(self.terms.get(key(term), ()))

    def is_term(self, text: str) -> bool:
        """Whether ``text`` is, up to the light key, a term of some concept."""
        return key(text) in self.terms

    def is_word(self, word: str) -> bool:
        """Whether ``word`` is, up to the light key, a word of some term."""
        return key(word) in self.words

    def unambiguous_slip(self, slipped: str, word: str) -> bool:
        """Whether ``slipped``, one slip away from ``word``, is no word of the termbase and is
        one slip away from no other word: its nearest word is the one it was made from."""
        k, original = key(slipped), key(word)
        if k == original or k in self.words:
            return False
        return not any(within_one_edit(k, w) for w in self._by_length(len(k)) if w != original)

    def _by_length(self, n: int) -> list[str]:
        if not self._lengths:
            for w in self.words:
                self._lengths.setdefault(len(w), []).append(w)
        return [w for m in (n - 1, n, n + 1) for w in self._lengths.get(m, ())]


# --- generating queries --------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """One query: its kind, the text, the term it was made from and the concepts that may come
    first (none for a negative query)."""

    kind: str
    query: str
    source: str
    accepted: frozenset[str]


_QWERTY = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
# The Arabic (101) layout, letter keys row by row.
_ARABIC_KEYS = ("ضصثقفغعهخحجد", "شسيبلاتنمكط", "ئءؤرىةوزظ")
#: Arabic words too common to identify a concept or take a clitic.
_ARABIC_FUNCTION = frozenset(
    key(w) for w in "من في على إلى الى عن مع ذو ذات أو او و ال غير عبر بين حسب لكل كل ضد".split()
)


def _neighbours(rows: Sequence[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for row in rows:
        for i, ch in enumerate(row):
            out[ch] = row[max(i - 1, 0) : i] + row[i + 1 : i + 2]
    return out


_EN_NEIGHBOURS = _neighbours(_QWERTY)
_AR_NEIGHBOURS = _neighbours(_ARABIC_KEYS)


def slip(word: str, rng: random.Random, neighbours: dict[str, str]) -> str:
    """``word`` with one typing slip past its first letter: a neighbouring key instead of a
    letter, a letter dropped, a neighbouring key typed in, or two letters swapped."""
    i = rng.randrange(1, len(word))
    ch = word[i]
    near = neighbours.get(ch.lower(), "") or "".join(neighbours)
    how = rng.choice(("substitute", "delete", "insert", "transpose"))
    if how == "substitute":
        return word[:i] + rng.choice(near) + word[i + 1 :]
    if how == "delete":
        return word[:i] + word[i + 1 :]
    if how == "insert":
        return word[:i] + rng.choice(near) + word[i:]
    if i + 1 < len(word) and word[i] != word[i + 1]:
        return word[:i] + word[i + 1] + word[i] + word[i + 2 :]
    if i >= 2 and word[i - 1] != word[i]:
        return word[: i - 1] + word[i] + word[i - 1] + word[i + 1 :]
    return word[:i] + word[i + 1 :]


_NOT_NOUN = ("ed", "ing", "ly", "ous", "ive", "ful", "able", "ible", "less", "ics", "ward")
_NOUN_SUFFIX = (
    "tion", "sion", "ment", "ness", "ity", "er", "or", "ure", "ance", "ence", "ism", "ist",
    "ogy", "ant", "ent", "age", "ery", "ship", "graph", "gram", "cast", "let", "ot", "ard",
)  # fmt: skip
_UNCOUNTABLE = frozenset(
    "software hardware firmware middleware malware freeware shareware spyware adware data "
    "information equipment feedback research knowledge traffic bandwidth storage throughput "
    "hypertext multimedia garbage news mathematics physics".split()
)


def flip_number(word: str) -> str | None:
    """``word`` (an English noun) in the other number, by the regular rules, or None when the
    rules would not give a real word (irregular, uncountable, not a noun by its ending)."""
    low = word.lower()
    if (
        len(low) < 3
        or low in _UNCOUNTABLE
        or low.endswith(_NOT_NOUN)
        or low.endswith(("f", "fe", "is", "um", "ex", "ix", "terion", "menon"))
    ):
        return None
    if low.endswith("ies") and len(low) > 4:
        return word[:-3] + "y"
    if low.endswith(("sses", "xes", "ches", "shes", "zes", "uses")):
        return word[:-2]
    if low.endswith("s") and not low.endswith(("ss", "us", "as", "os")):
        return word[:-1]
    if low.endswith("y") and low[-2] not in "aeiou":
        return word[:-1] + "ies"
    if low.endswith(("s", "x", "z", "ch", "sh")):
        return word + "es"
    if low.endswith("o"):
        return None
    return word + "s"


def _pseudo_latin(rng: random.Random) -> str:
    syllables = [
        rng.choice("bdfgklmnprstvz") + rng.choice("aeiou") for _ in range(rng.randint(3, 4))
    ]
    return "".join(syllables) + rng.choice(("", "n", "r", "k"))


# Arabic word patterns (فاعل، مفعول، تفعيل، مفاعلة، افتعال، استفعال، فعالة، مفعل), the root
# letters as {0} {1} {2}: pseudo-words shaped like Arabic words.
_PATTERNS = (
    "{0}ا{1}{2}", "م{0}{1}و{2}", "ت{0}{1}ي{2}", "م{0}ا{1}{2}ة", "ا{0}ت{1}ا{2}", "است{0}{1}ا{2}",
    "{0}{1}ا{2}ة", "م{0}{1}{2}",
)  # fmt: skip
_RADICALS = "بتثجحخدذرزسشصضطظعغفقكلمنه"


def _pseudo_arabic(rng: random.Random) -> str:
    return rng.choice(_PATTERNS).format(*(rng.choice(_RADICALS) for _ in range(3)))


class Generator:
    """Draws the cases of each kind from the termbase, seeded."""

    def __init__(self, entries: Sequence[Entry], seed: int) -> None:
        self.entries = entries
        self.vocab = Vocabulary.of(entries)
        self.seed = seed
        self._prefixes = {w[:n] for w in self.vocab.words for n in range(1, len(w) + 1)}

    def cases(self, kind: str, count: int) -> list[Case]:
        """Up to ``count`` cases of ``kind`` (fewer when the termbase has fewer candidates),
        one per concept; the same for the same termbase and seed."""
        make: Callable[[Entry, random.Random], Case | None] = getattr(
            self, "_" + kind.replace("-", "_")
        )
        rng = random.Random(f"{self.seed}:{kind}")
        if kind == "negative":
            out: list[Case] = []
            for _ in range(count * 50):
                case = make(self.entries[0], rng)
                if case and all(c.query != case.query for c in out):
                    out.append(case)
                if len(out) == count:
                    break
            return out
        order = list(self.entries)
        rng.shuffle(order)
        out = []
        for entry in order:
            case = make(entry, rng)
            if case is not None:
                out.append(case)
                if len(out) == count:
                    break
        return out

    def _case(self, kind: str, query: str, source: str) -> Case:
        return Case(kind, query, source, self.vocab.accepted(source))

    # each kind: a case from one entry, or None when the entry has no candidate

    def _exact_en(self, entry: Entry, rng: random.Random) -> Case | None:
        terms = entry.terms.get("en", [])
        return self._case("exact-en", terms[0], terms[0]) if terms else None

    def _clean_arabic(self, entry: Entry) -> list[str]:
        return [t for t in entry.terms.get("ar", []) if _ARABIC_TERM.match(t)]

    def _exact_ar(self, entry: Entry, rng: random.Random) -> Case | None:
        terms = self._clean_arabic(entry)
        return self._case("exact-ar", terms[0], terms[0]) if terms else None

    def _typo_en(self, entry: Entry, rng: random.Random) -> Case | None:
        for term in entry.terms.get("en", []):
            words = term.split()
            long = [i for i, w in enumerate(words) if len(w) >= 5 and _LATIN_WORD.match(w)]
            if not long:
                continue
            i = rng.choice(long)
            for _ in range(5):
                typo = slip(words[i], rng, _EN_NEIGHBOURS)
                query = " ".join([*words[:i], typo, *words[i + 1 :]])
                if self.vocab.unambiguous_slip(typo, words[i]) and not self.vocab.is_term(query):
                    return self._case("typo-en", query, term)
        return None

    def _typo_ar(self, entry: Entry, rng: random.Random) -> Case | None:
        for term in self._clean_arabic(entry):
            word = strip_harakat(term)
            if " " in word or len(word) < 4:
                continue
            for _ in range(5):
                typo = slip(word, rng, _AR_NEIGHBOURS)
                if len(typo) >= 4 and self.vocab.unambiguous_slip(typo, word):
                    return self._case("typo-ar", typo, term)
        return None

    def _ar_clitic(self, entry: Entry, rng: random.Random) -> Case | None:
        for term in self._clean_arabic(entry):
            words = strip_harakat(term).split()
            eligible = [
                i
                for i, w in enumerate(words)
                if len(without_article(w)) >= 3 and key(w) not in _ARABIC_FUNCTION
            ]
            if len(words) < 2 or not eligible:
                continue
            i = rng.choice(eligible)
            word = words[i]
            stem = word[2:] if key(word).startswith("ال") and len(key(word)) >= 4 else word
            for _ in range(5):
                clitic, article = rng.choice("وفبكل"), rng.random() < 0.5
                if clitic == "ل" and article and stem.startswith("ل"):
                    continue
                form = (
                    ("لل" + stem if clitic == "ل" else clitic + "ال" + stem)
                    if article
                    else (clitic + stem)
                )
                query = " ".join([*words[:i], form, *words[i + 1 :]])
                if not self.vocab.is_word(form) and not self.vocab.is_term(query):
                    return self._case("ar-clitic", query, term)
        return None

    def _ar_word(self, entry: Entry, rng: random.Random) -> Case | None:
        for term in self._clean_arabic(entry):
            words = strip_harakat(term).split()
            if len(words) < 2:
                continue
            unique = [
                w
                for w in words
                if len(without_article(w)) >= 3
                and key(w) not in _ARABIC_FUNCTION
                and len(self.vocab.arabic_words.get(light_stem(w), ())) == 1
            ]
            if unique:
                return self._case("ar-word", rng.choice(unique), term)
        return None

    def _plural(self, entry: Entry, rng: random.Random) -> Case | None:
        for term in entry.terms.get("en", []):
            words = term.split()
            if not _LATIN_WORD.match(words[-1]) or (
                len(words) == 1 and not words[0].lower().endswith((*_NOUN_SUFFIX, "s"))
            ):
                continue
            flipped = flip_number(words[-1])
            if flipped is None:
                continue
            query = " ".join([*words[:-1], flipped])
            if not self.vocab.is_term(query):
                return self._case("plural", query, term)
        return None

    def _negative(self, entry: Entry, rng: random.Random) -> Case | None:
        arabic = rng.random() < 0.5
        pseudo = _pseudo_arabic if arabic else _pseudo_latin
        words = [pseudo(rng) for _ in range(2 if rng.random() < 0.2 else 1)]
        for word in words:
            k = key(word)
            # not a word, nor the start of one, nor one behind a clitic or an English ending
            if (
                k in self._prefixes
                or any(k[n:] in self.vocab.words for n in range(1, 4) if len(k) - n >= 3)
                or any(k.removesuffix(s) in self.vocab.words for s in ("s", "es", "er", "ing"))
            ):
                return None
            if arabic and light_stem(word) in self.vocab.arabic_words:
                return None
        return Case("negative", " ".join(words), "", frozenset())


# --- running -------------------------------------------------------------------------------------


@dataclass
class Result:
    """One case's outcome: the top hits (up to 10), whether the first and the top 3 pass."""

    case: Case
    hits: list[Hit]

    @property
    def first(self) -> bool:
        """Whether the first hit is an accepted concept (negative: no strong hit at all)."""
        if self.case.kind == "negative":
            return not any(h.match.kind in STRONG_KINDS for h in self.hits)
        return bool(self.hits) and self.hits[0].concept.id in self.case.accepted

    @property
    def top3(self) -> bool:
        """Whether an accepted concept is among the first three (negative: as :attr:`first`)."""
        if self.case.kind == "negative":
            return self.first
        return any(h.concept.id in self.case.accepted for h in self.hits[:3])


def run(searcher: Searcher, cases: Sequence[Case]) -> list[Result]:
    """Search every case (``limit=10``)."""
    return [Result(c, searcher.search(c.query, limit=10)) for c in cases]


def _pct(n: int, total: int) -> str:
    return f"{100 * n / total:.1f}" if total else "–"


def table(results: Sequence[Result]) -> str:
    """The Markdown table: per kind, cases, first-hit and top-3 rates; then every case
    together (overall) and the mean of the kinds (macro)."""
    by_kind: dict[str, list[Result]] = defaultdict(list)
    for r in results:
        by_kind[r.case.kind].append(r)
    lines = ["| kind | cases | first-hit % | top-3 % |", "| --- | --: | --: | --: |"]
    rates = []
    for kind in KINDS:
        rs = by_kind.get(kind, [])
        if not rs:
            continue
        first, top3 = sum(r.first for r in rs), sum(r.top3 for r in rs)
        rates.append((first / len(rs), top3 / len(rs)))
        lines.append(f"| {kind} | {len(rs)} | {_pct(first, len(rs))} | {_pct(top3, len(rs))} |")
    n = len(results)
    lines.append(
        f"| **overall** | {n} | {_pct(sum(r.first for r in results), n)} | "
        f"{_pct(sum(r.top3 for r in results), n)} |"
    )
    if rates:
        first_mean = 100 * sum(f for f, _ in rates) / len(rates)
        top3_mean = 100 * sum(t for _, t in rates) / len(rates)
        lines.append(f"| mean of kinds | {len(rates)} kinds | {first_mean:.1f} | {top3_mean:.1f} |")
    return "\n".join(lines)


def match_kinds(results: Sequence[Result]) -> str:
    """A Markdown table: per kind, how the first hits matched (``Match.kind``), for the cases
    that passed and for those that failed (negative: how any hit matched)."""
    lines = ["| kind | passed: first hit matched as | failed: first hit matched as |",
             "| --- | --- | --- |"]  # fmt: skip
    for kind in KINDS:
        rs = [r for r in results if r.case.kind == kind]
        if not rs:
            continue
        cells = []
        for passed in (True, False):
            counts = Counter(
                (r.hits[0].match.kind if r.hits else "no hit") for r in rs if r.first is passed
            )
            cells.append(", ".join(f"{k} {n}" for k, n in counts.most_common()) or "–")
        lines.append(f"| {kind} | {cells[0]} | {cells[1]} |")
    return "\n".join(lines)


def _hit(h: Hit) -> str:
    text = h.match.text if len(h.match.text) <= 60 else h.match.text[:59] + "…"
    return f"{h.concept.id} [{h.match.kind} {h.match.field}/{h.match.lang} {text!r} {h.score:.0f}]"


def failures(results: Sequence[Result], per_kind: int, entries: Sequence[Entry]) -> str:
    """Up to ``per_kind`` failing cases of each kind: the query, what it was made from and
    should find, and the top three hits."""
    names = {e.id: e for e in entries}
    out = []
    for kind in KINDS:
        failed = [r for r in results if r.case.kind == kind and not r.first][:per_kind]
        if not failed:
            continue
        out.append(f"### {kind}: {sum(1 for r in results if r.case.kind == kind and not r.first)}"
                   " failing")  # fmt: skip
        for r in failed:
            want = ", ".join(
                f"{i} ({' / '.join(t[0] for t in names[i].terms.values())})"
                for i in sorted(r.case.accepted)
            )
            got = "; ".join(_hit(h) for h in r.hits[:3]) or "no hit"
            made = f" (from {r.case.source!r})" if r.case.source else ""
            out.append(f"- `{r.case.query}`{made}\n  want: {want or 'no strong hit'}\n  got: {got}")
    return "\n".join(out)


def write_cases(results: Sequence[Result], path: Path) -> None:
    """Every case as a JSON line: kind, query, source term, accepted ids, whether it passed
    first and in the top 3, and the top three hits (id, match kind, matched text, score)."""
    with path.open("w", encoding="utf-8") as fh:
        for r in results:
            line = {
                "kind": r.case.kind,
                "query": r.case.query,
                "source": r.case.source,
                "accepted": sorted(r.case.accepted),
                "first": r.first,
                "top3": r.top3,
                "hits": [[h.concept.id, h.match.kind, h.match.text, h.score] for h in r.hits[:3]],
            }
            fh.write(json.dumps(line, ensure_ascii=False) + "\n")


def describe(sources: Sequence[Path], entries: Sequence[Entry]) -> list[str]:
    """Markdown lines naming the sources (name, sha256) and the termbase's size."""
    lines = []
    for path in sources:
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        lines.append(f"- source: `{path.name}` (sha256 `{digest[:16]}…`)")
    per_lang = Counter(lang for e in entries for lang in e.terms)
    terms = Counter(lang for e in entries for lang, ts in e.terms.items() for _ in ts)
    langs = ", ".join(f"{lang} {per_lang[lang]} ({terms[lang]} terms)" for lang in per_lang)
    lines.append(f"- size: {len(entries)} concepts; with an entry in {langs}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: see the module docstring."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--source",
        type=Path,
        action="append",
        required=True,
        help="a source file (Arabeyes techdict.csv, ArabTerm CSV); repeat to merge several",
    )
    parser.add_argument("--seed", type=int, default=0, help="random seed of the queries")
    parser.add_argument("--per-kind", type=int, default=120, help="cases per kind (default 120)")
    parser.add_argument(
        "--kinds", default=",".join(KINDS), help="comma-separated kinds (default: all)"
    )
    parser.add_argument(
        "--work",
        type=Path,
        default=ROOT / "benchmarks" / "out" / "real_termbase",
        help="data directory and index cache (default benchmarks/out/real_termbase)",
    )
    parser.add_argument("--show-failures", type=int, default=0, metavar="K",
                        help="print up to K failing cases per kind")  # fmt: skip
    parser.add_argument("--markdown", type=Path, help="append the table, with a header, to FILE")
    parser.add_argument(
        "--cases-out", type=Path, help="write every case and its outcome to FILE (JSON Lines)"
    )
    args = parser.parse_args(argv)
    kinds = [k.strip() for k in args.kinds.split(",") if k.strip()]
    if unknown := [k for k in kinds if k not in KINDS]:
        parser.error(f"unknown kinds {unknown}; the kinds are {', '.join(KINDS)}")
    if missing := [str(p) for p in args.source if not p.is_file()]:
        parser.error(f"no such file: {', '.join(missing)} (benchmarks/real_termbase/README.md)")

    started = time.perf_counter()
    entries = [e for path in args.source for e in read_source(path)]
    work = args.work.resolve()
    path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)
    env = {**os.environ, "GLOSS_CACHE": str(work / "cache"), "PYTHONPATH": path}
    env.pop("GLOSS_DATA", None)
    data = build_data_dir(entries, work, env)
    cli = check_cli(data, env, entries)
    searcher = open_searcher(str(data), env)
    searcher.search("warm up", limit=10)
    built = time.perf_counter()

    generator = Generator(entries, args.seed)
    cases = [c for kind in kinds for c in generator.cases(kind, args.per_kind)]
    results = run(searcher, cases)
    finished = time.perf_counter()

    clitic = [c for c in cases if c.kind == "ar-clitic"]
    later = sum(c.query.split()[0] == strip_harakat(c.source).split()[0] for c in clitic)
    header = [
        f"## Search on a real termbase, {dt.date.today().isoformat()}",
        "",
        *describe(args.source, entries),
        f"- seed {args.seed}, up to {args.per_kind} cases per kind; `Searcher.search(q, limit=10)`"
        + (f"; ar-clitic: {later} of {len(clitic)} on a word after the first" if clitic else ""),
        f"- gloss {_version()}; convert + build {built - started:.1f} s, "
        f"{len(cases)} searches {finished - built:.1f} s "
        f"({1000 * (finished - built) / max(len(cases), 1):.0f} ms each)",
        "",
        "",
    ]
    report = "\n".join(header) + table(results) + "\n\n" + match_kinds(results) + "\n"
    print(cli, file=sys.stderr)
    print(report)
    if args.show_failures:
        print(failures(results, args.show_failures, entries))
    if args.cases_out:
        write_cases(results, args.cases_out)
    if args.markdown:
        with args.markdown.open("a", encoding="utf-8") as fh:
            fh.write("\n" + report)
    return 0


def _version() -> str:
    """gloss's version and, in a git checkout, its commit (``-dirty`` with changes not
    committed)."""
    from glossary_cli import __version__

    try:
        commit = subprocess.run(
            ["git", "-C", str(ROOT), "describe", "--always", "--dirty"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return __version__
    return f"{__version__} ({commit})"


if __name__ == "__main__":
    sys.exit(main())
