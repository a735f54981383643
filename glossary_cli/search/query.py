"""The prepared query: everything the tiers need, computed once from what the user typed.

:func:`prepare` is pure (no index): folded key, word stems, script, the words that carry
meaning, the abbreviations a Bengali or Arabic query spells out. The index adds what only it
knows, the inflected and clitic forms of each word that are words of some name
(:meth:`glossary_cli.search.searcher.Searcher.forms`), as :class:`Forms`.
"""

from __future__ import annotations

import itertools

from glossary_cli.normalize import fold, stem, stem_words
from glossary_cli.scripts import arabic, bengali, latin, script_block, spelled_letters
from glossary_cli.values import NamedTuple

#: Function words: articles, prepositions, conjunctions, question words, of each script's
#: languages (:mod:`glossary_cli.scripts`). A query of nothing else finds nothing. Folded and
#: stemmed, as queries are.
FUNCTION_WORDS = frozenset(
    stem_words(
        fold(" ".join([latin.FUNCTION_WORDS, bengali.FUNCTION_WORDS, arabic.FUNCTION_WORDS]))
    )
)
#: Words that carry no meaning in a lookup ("what is LoRA", "প্রুনিং কি", "ما هو التقطير"):
#: the function words and the words of a question about a term, left out by the
#: partial-match tier and, as a second try, by the fuzzy and phonetic tiers.
STOP_WORDS = FUNCTION_WORDS | frozenset(
    stem_words(
        fold(" ".join([latin.QUESTION_WORDS, bengali.QUESTION_WORDS, arabic.QUESTION_WORDS]))
    )
)


def asked(text: str) -> str | None:
    """What a question asks about: ``text`` without the words of a question around a term
    (:data:`STOP_WORDS`: function and question words, at either end), as typed, or ``None``
    when there are none or nothing else. ``what does QAT stand for`` asks about ``QAT``,
    ``প্রুনিং বলতে কী বোঝায়`` about ``প্রুনিং``, ``ما المقصود بالتقطير`` about ``بالتقطير``
    (its clitic is the tiers' to read). Words inside the term are kept (``Mixture of
    Experts``); the end's punctuation goes (``?``, ``؟``, ``।``).

    >>> asked("What does QAT stand for?"), asked("প্রুনিং বলতে কী বোঝায়"), asked("LoRA")
    ('QAT', 'প্রুনিং', None)
    >>> asked("what is a mixture of experts"), asked("what is"), asked("إيه إس دي")
    ('mixture of experts', None, None)
    """
    tokens = text.split()
    if _spelled(fold(text)):
        return None  # letters spelled out (إيه إس دي: ASD), some of which are words too

    def filler(token: str) -> bool:
        stems = stem_words(fold(token))
        return all(s in STOP_WORDS for s in stems)

    start, end = 0, len(tokens)
    while start < end and filler(tokens[start]):
        start += 1
    while end > start and filler(tokens[end - 1]):
        end -= 1
    if (start, end) == (0, len(tokens)) or start == end:
        return None
    kept = " ".join(tokens[start:end]).rstrip("?؟।!.")
    return kept if fold(kept) else None


def abbreviation_forms(text: str) -> str | None:
    """``text`` with each plural or possessive abbreviation written as the abbreviation
    (:func:`glossary_cli.scripts.latin.abbreviation_base`: ``TPUs`` → ``TPU``, ``QAT's``
    → ``QAT``), or ``None`` when it has none: the same name, which the tiers then find
    as they find the abbreviation.

    >>> abbreviation_forms("QAT's accuracy"), abbreviation_forms("qat")
    ('QAT accuracy', None)
    """
    tokens = text.split()
    out = [latin.abbreviation_base(t.rstrip("?.,!")) or t for t in tokens]
    return " ".join(out) if out != tokens else None


class Query(NamedTuple):
    """A query prepared for the tiers.

    Attributes:
        text: as typed.
        key: folded (:func:`glossary_cli.normalize.fold`): words separated by single spaces.
        compact: ``key`` without spaces.
        stems: the matching stem of each word (:func:`glossary_cli.normalize.stem`).
        script: the Unicode block of the key's first word (:func:`glossary_cli.scripts.
            script_block`): ``latin``, ``bengali``, ``arabic``, ``devanagari``, ``other``.
        content: ``key`` without :data:`STOP_WORDS` (``what is LoRA`` → ``lora``).
        function_only: every word is a function word (``the``, ``what is``, ال).
        abbreviation: reads as an abbreviation (:func:`is_abbreviation_like`).
        spelled: the Latin abbreviations a Bengali or Arabic key spells out letter by letter
            (:func:`glossary_cli.scripts.spelled_letters`).
    """

    text: str
    key: str
    compact: str
    stems: tuple[str, ...]
    script: str
    content: str
    function_only: bool
    abbreviation: bool
    spelled: tuple[str, ...]

    @property
    def latin(self) -> bool:
        """Whether the key is ASCII letters, digits and spaces only."""
        return self.key.isascii()

    @property
    def stem_key(self) -> str:
        """The stems, space-separated: the key a name's ``stem`` column is compared with."""
        return " ".join(self.stems)


def prepare(text: str) -> Query:
    """Prepare ``text`` for a search.

    >>> q = prepare("What is  Low-Rank adaptation?")
    >>> q.key, q.content, q.script, q.function_only
    ('what is low rank adaptation', 'low rank adaptation', 'latin', False)
    >>> prepare("টিপিইউ").spelled
    ('tpu',)
    >>> prepare("the").function_only
    True
    """
    key = _without_detached_endings(fold(text))
    stems = stem_words(key)
    content = " ".join(w for w, s in zip(key.split(), stems, strict=True) if s not in STOP_WORDS)
    return Query(
        text=text,
        key=key,
        compact=key.replace(" ", ""),
        stems=stems,
        script=script_block(key),
        content=content,
        function_only=bool(stems) and all(s in FUNCTION_WORDS for s in stems),
        abbreviation=is_abbreviation_like(text),
        spelled=() if key.isascii() else _spelled(key),
    )


#: Bengali endings as running text attaches them to a Latin word with a hyphen (LoRA-এর,
#: MoE-তে, FP8-এ), which folding leaves as words of their own.
_DETACHED = frozenset(fold(e) for e in bengali.DETACHED)


def _without_detached_endings(key: str) -> str:
    """``key`` without the Bengali endings that follow a Latin word as words of their own
    (``lora এর`` → ``lora``).

    >>> _without_detached_endings(fold("MoE-তে")), _without_detached_endings(fold("এর মানে"))
    ('moe', 'এর মানে')
    """
    words = key.split()
    kept = [w for i, w in enumerate(words) if not (i and w in _DETACHED and words[i - 1].isascii())]
    return " ".join(kept)


def _spelled(key: str) -> tuple[str, ...]:
    """The abbreviations a Bengali or Arabic key spells out (:func:`spelled_letters`), also
    with a Bengali ending on it (টিপিইউয়ের, কিউএটির)."""
    found = spelled_letters(key)
    if found or " " in key or script_block(key) != "bengali":
        return found
    for base in bengali.inflection_bases(key):
        found = spelled_letters(base)
        if found:
            return found
    return ()


def is_abbreviation_like(query: str) -> bool:
    """Whether a query reads as an abbreviation (``BERT``, ``ViT``, ``NLP``): one token of at
    most six characters with two or more capitals. Abbreviations are spelt, not said, so they
    are not matched by sound or by a part of a name.

    >>> [is_abbreviation_like(q) for q in ("BERT", "ViT", "LoRA", "lora", "taqlim")]
    [True, True, True, False, False]
    """
    token = query.strip()
    return 0 < len(token) <= 6 and " " not in token and sum(c.isupper() for c in token) >= 2


class Forms(NamedTuple):
    """The indexed words each query word stands for.

    Attributes:
        words: per query word, in order: the word (folded), then the known words it is an
            inflected or clitic form of, and the known inflected forms of those, each once.
        inflected: whether some word stands for a word other than itself.
        kind: ``"inflected"`` (a Bengali ending), ``"clitic"`` (an Arabic clitic) or ``""``.
        typed: per query word, whether it is, as typed, a word of some name.
    """

    words: tuple[tuple[str, ...], ...]
    inflected: bool
    kind: str
    typed: tuple[bool, ...] = ()

    def keys(self, limit: int = 32) -> list[str]:
        """Whole-query keys with each word replaced by one of its forms, the query's own key
        left out; at most ``limit``.

        >>> Forms((("a",), ("b", "c")), True, "inflected").keys()
        ['a c']
        """
        out = []
        for combo in itertools.islice(itertools.product(*self.words), 1, limit + 1):
            out.append(" ".join(combo))
        return out

    def stems(self) -> list[str]:
        """Every stem of every form, each once (the words FTS lookups ask for)."""
        return list(dict.fromkeys(stem(w) for group in self.words for w in group))
