"""Per-script matching rules, on folded words (:func:`glossary_cli.normalize.fold`).

One module per script, each pure and doctested, each naming where its rules come from:

* :mod:`~glossary_cli.scripts.bengali`: sound-alike letters, nominal inflection, spelled-out
  Latin letters;
* :mod:`~glossary_cli.scripts.arabic`: light stems (Lucene light10), one-letter clitics,
  spelled-out Latin letters;
* :mod:`~glossary_cli.scripts.devanagari`: nukta and chandrabindu;
* :mod:`~glossary_cli.scripts.latin`: a light English stemmer.

This module dispatches on a word's script: :func:`loose` (the key two spellings of a word share)
and :func:`inflection_bases` (what a word could be an inflected form of).
"""

from __future__ import annotations

import itertools

from glossary_cli.scripts.arabic import LETTER_NAMES as _AR_LETTERS
from glossary_cli.scripts.arabic import arabic_stem, clitic_bases
from glossary_cli.scripts.bengali import LETTER_NAMES as _BN_LETTERS
from glossary_cli.scripts.bengali import bengali_loose
from glossary_cli.scripts.bengali import inflection_bases as _bengali_bases
from glossary_cli.scripts.devanagari import devanagari_loose
from glossary_cli.scripts.latin import english_stem
from glossary_cli.scripts.writing import first_script

__all__ = ["arabic_stem", "bengali_loose", "devanagari_loose", "english_stem"]


#: The matching rules of each script (its module of this package), by ISO 15924 code.
_RULES = {"Arab": "arabic", "Beng": "bengali", "Deva": "devanagari"}


def script_block(word: str) -> str:
    """Which script's matching rules a folded word takes: ``"arabic"``, ``"bengali"``,
    ``"devanagari"`` by the script of its first letter
    (:func:`glossary_cli.scripts.writing.first_script`), ``"latin"`` for an ASCII word (the
    English stemmer's), ``"other"`` for any other.

    >>> [script_block(w) for w in ("lora", "লোরা", "لورا", "लोरा", "λ", "4bit")]
    ['latin', 'bengali', 'arabic', 'devanagari', 'other', 'latin']
    """
    if word.isascii():
        return "latin"
    return _RULES.get(first_script(word) or "", "other")


def head_word(words: list[str]) -> str:
    """The head of a name of several folded words, the word the others qualify: the first in
    Arabic script (an Arabic noun phrase puts its head first: تقليم الشبكة, the pruning of
    the network; so do Persian and Urdu with ezafe), the last in Latin, Bengali and
    Devanagari (network pruning, নেটওয়ার্ক প্রুনিং); ``""`` for no words.

    >>> head_word(["تقليم", "الشبكه"]), head_word(["network", "pruning"])
    ('تقليم', 'pruning')
    """
    if not words:
        return ""
    return words[0] if script_block(words[0]) == "arabic" else words[-1]


def loose(word: str) -> str:
    """The matching stem of one folded word, by script: :func:`arabic_stem`,
    :func:`bengali_loose`, :func:`devanagari_loose` or :func:`english_stem`; other words
    unchanged."""
    block = script_block(word)
    if block == "arabic":
        return arabic_stem(word)
    if block == "bengali":
        return bengali_loose(word)
    if block == "devanagari":
        return devanagari_loose(word)
    if block == "latin":
        return english_stem(word)
    return word


def inflection_bases(word: str) -> tuple[str, ...]:
    """The words a folded word could be an inflected or clitic form of (Bengali case,
    number, classifier and emphatic endings; Arabic one-letter proclitics and pronoun
    suffixes), ``word`` left out; candidates only, for the index to check against the words it
    knows. ``()`` for other scripts, whose light stems (:func:`loose`) suffice.

    >>> "প্রুনিং" in inflection_bases("প্রুনিংকে"), "تقليم" in inflection_bases("وتقليم")
    (True, True)
    >>> inflection_bases("pruning")
    ()
    """
    block = script_block(word)
    if block == "bengali":
        return _bengali_bases(word)
    if block == "arabic":
        return clitic_bases(word)
    return ()


def _letter_table(names: dict[str, tuple[str, ...]], fold_name: object) -> dict[str, list[str]]:
    table: dict[str, list[str]] = {}
    for letter, spellings in names.items():
        for spelling in spellings:
            key = fold_name(spelling) if callable(fold_name) else spelling
            table.setdefault(key, []).append(letter)
    return table


_LETTERS = {
    "bengali": _letter_table(_BN_LETTERS, bengali_loose),
    "arabic": _letter_table(_AR_LETTERS, None),
}
#: Most Latin spellings :func:`spelled_letters` returns (ambiguous letter names multiply).
MAX_SPELLINGS = 16


def spelled_letters(key: str) -> tuple[str, ...]:
    """The abbreviations a folded Bengali or Arabic key spells out letter by letter
    (টিপিইউ, এফপি৮, تي بي يو): every way to read the whole key, spaces ignored, as two or
    more Latin letter names (:data:`glossary_cli.scripts.bengali.LETTER_NAMES`,
    :data:`glossary_cli.scripts.arabic.LETTER_NAMES`) and digits; lower case, at most
    :data:`MAX_SPELLINGS`. ``()`` when the key is not all letter names.

    >>> spelled_letters("টিপিইউ")
    ('tpu',)
    >>> spelled_letters("এফপি8")
    ('fp8',)
    >>> sorted(spelled_letters("تي بي يو"))
    ['tbu', 'tpu']
    >>> spelled_letters("প্রুনিং")
    ()
    """
    compact = key.replace(" ", "")
    block = script_block(compact)
    table = _LETTERS.get(block)
    if table is None or not compact:
        return ()
    text = bengali_loose(compact) if block == "bengali" else compact
    longest = max(map(len, table))
    # readings[i]: the ways to read text[:i], each a list of letter choices
    readings: list[list[list[list[str]]]] = [[] for _ in range(len(text) + 1)]
    readings[0] = [[]]
    for i in range(len(text)):
        if not readings[i]:
            continue
        steps: list[tuple[int, list[str]]] = []
        if text[i].isdigit():
            steps.append((i + 1, [text[i]]))
        for size in range(1, min(longest, len(text) - i) + 1):
            letters = table.get(text[i : i + size])
            if letters:
                steps.append((i + size, letters))
        for end, letters in steps:
            for reading in readings[i][:MAX_SPELLINGS]:
                readings[end].append([*reading, letters])
    out: dict[str, None] = {}
    for reading in readings[len(text)]:
        if len(reading) < 2 or all(choice[0].isdigit() for choice in reading):
            continue
        for spelling in itertools.product(*reading):
            out["".join(spelling)] = None
            if len(out) >= MAX_SPELLINGS:
                return tuple(out)
    return tuple(out)
