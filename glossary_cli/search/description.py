"""The definition tier: the concepts whose definitions a query describes.

A query that says what a concept does instead of naming it (``freeze the pretrained weights and
train small low-rank matrices``, ``ওজন টেনসরকে ছোট ব্লকে ভাগ করে``, ``تخطي الخطوات الوسيطة``)
shares some of its words with the concept's definition, rarely all, and in other forms. The
query's content words are keyed as the index keys the definitions' (:func:`glossary_cli.describe.
word_groups`: each word a group of keys, filler words left out), and the entries are ranked by
BM25 (Robertson and Zaragoza, *The Probabilistic Relevance Framework: BM25 and Beyond*, 2009)
over the words they share with the query:

1. Weights: the index counts the entries that hold each key (``def_count``); a word's count is
   that of its most frequent key (its other keys are forms of it, whose entries that key's
   include), its weight the BM25 idf ``ln(1 + (N - n + 0.5) / (n + 0.5))`` over the ``N``
   entries.
2. Candidates, rarest words first (as MaxScore does, Turtle and Flood 1995): every entry that
   holds one of the rarest words, as many of them as hold at most :data:`CANDIDATES` entries
   together (``def_words``, FTS5). An entry that holds none of them holds only common words,
   which weigh little. When every word is common, the candidates are the entries that hold
   the two rarest words, or, while more than :data:`CANDIDATES` do, the three rarest, and so
   on: an entry that holds every word is among them.
3. Each candidate is scored from its keys (``entry.words``): the BM25 sum over the query words
   it holds (term frequency 1: an entry holds a key once), each word's idf times
   ``(k1 + 1) / (1 + k1 (1 - b + b dl / avgdl))``, over what an entry of average length
   holding every query word scores: the share of the description it covers, rarer words
   weighing more.
4. Minimum evidence (:func:`enough`): two of the query's words, or the one word of a
   one-word query when it is rare among the definitions, so that a common word lists nothing.

The score is that share times the evidence (:func:`band_score`: a match of four words or more
counts in full, fewer count less) on the definition band (:data:`glossary_cli.search.bands.
DEFINITION`, 40–59), below every name match and marked approximate.
"""

from __future__ import annotations

import math
import sqlite3

from glossary_cli.search import bands
from glossary_cli.values import NamedTuple

#: BM25's term-frequency saturation and length normalization (the usual values, FTS5's too).
K1, B = 1.2, 0.75
#: Most entries read and scored: the entries of the rarest words, as many words as fit.
CANDIDATES = 500
#: A one-word query lists the entries that hold its word only when the word is rare
#: (:func:`rare`): at most this share of the entries hold it, or :data:`RARE_LEAST` of them
#: in a small termbase, but never more than a quarter of them nor :data:`CANDIDATES`.
RARE_SHARE = 0.02
RARE_LEAST = 3
#: Words of a match that count in full (:func:`band_score`).
FULL_EVIDENCE = 4


class Described(NamedTuple):
    """An entry the query describes: its concept, language and glossary, the share of the
    query it covers (0–1, rarity-weighted) and how many of the query's words it holds."""

    concept: int
    lang: str
    glossary: str
    share: float
    words: int


def described(conn: sqlite3.Connection, groups: list[tuple[str, ...]]) -> list[Described]:
    """The entries of the index that ``groups`` (a query's words, each its keys:
    :func:`glossary_cli.describe.word_groups`) describe with :func:`enough` evidence, best
    first."""
    groups = list(dict.fromkeys(groups))
    if not groups:
        return []
    keys = ["", " ", *dict.fromkeys(k for g in groups for k in g)]
    marks = ",".join("?" * len(keys))
    counts = dict(conn.execute(f"SELECT key, entries FROM def_count WHERE key IN ({marks})", keys))
    entries, total = counts.pop("", 0), counts.pop(" ", 0)
    freq = {g: max(counts.get(k, 0) for k in g) for g in groups}
    present = sorted((g for g in groups if freq[g]), key=lambda g: freq[g])
    if not entries or not enough(len(groups), len(present)):
        return []
    if len(groups) == 1 and not rare(freq[groups[0]], entries):
        return []  # one common word describes nothing
    rows = _candidates(conn, present, freq, counts)
    idf = {g: _idf(entries, freq[g]) for g in groups}
    ideal = sum(idf.values())
    avgdl = max(1.0, total / entries)
    word_of = {k: i for i, g in enumerate(groups) for k in g}
    weight = [idf[g] for g in groups]
    least = min(len(groups), 2)
    out = []
    for concept, lang, glossary, text in rows:
        have = text.split()
        held = {word_of[k] for k in have if k in word_of}
        if len(held) < least:  # not enough evidence (:func:`enough`)
            continue
        norm = (K1 + 1) / (1 + K1 * (1 - B + B * len(have) / avgdl))
        share = min(1.0, sum(weight[i] for i in held) * norm / ideal)
        out.append(Described(concept, lang, glossary, share, len(held)))
    out.sort(key=lambda d: (-d.share, -d.words))
    return out


def _candidates(
    conn: sqlite3.Connection,
    present: list[tuple[str, ...]],
    freq: dict[tuple[str, ...], int],
    counts: dict[str, int],
) -> list[tuple[int, str, str, str]]:
    """The entries worth scoring (step 2 of the module's docstring), as ``(concept, lang,
    glossary, keys)``; ``present``: the query's words that some entry holds, rarest first."""
    words = ["(" + " OR ".join(_phrase(k) for k in g if k in counts) + ")" for g in present]
    taken, held = 0, 0  # the rarest words whose entries are candidates enough
    while taken < len(present) and held + freq[present[taken]] <= CANDIDATES:
        held += freq[present[taken]]
        taken += 1
    sql = "SELECT rowid FROM def_words WHERE def_words MATCH ? LIMIT ?"
    rowids: list[tuple[int]] = []
    if taken:
        rowids = conn.execute(sql, (" OR ".join(words[:taken]), CANDIDATES)).fetchall()
    else:  # every word common: the entries that hold the rarest two, three… of them
        for size in range(min(2, len(words)), len(words) + 1):
            rowids = conn.execute(sql, (" AND ".join(words[:size]), CANDIDATES)).fetchall()
            if len(rowids) < CANDIDATES:
                break
    if not rowids:
        return []
    marks = ",".join("?" * len(rowids))
    return conn.execute(
        f"SELECT concept, lang, glossary, words FROM entry WHERE rowid IN ({marks})",
        [r for (r,) in rowids],
    ).fetchall()


def enough(words: int, held: int) -> bool:
    """Whether an entry that holds ``held`` of a query's ``words`` content words is evidence
    enough: two of them, or the one word of a one-word query.

    >>> enough(1, 1), enough(2, 1), enough(8, 2), enough(2, 2)
    (True, False, True, True)
    """
    return held >= min(words, 2)


def rare(holding: int, entries: int) -> bool:
    """Whether a word that ``holding`` of ``entries`` entries hold is rare enough to list
    them alone (:data:`RARE_SHARE`).

    >>> rare(2, 55), rare(3, 55), rare(4, 55), rare(2, 6), rare(400, 200_000), rare(600, 10**6)
    (True, True, False, False, True, False)
    """
    most = min(max(RARE_LEAST, RARE_SHARE * entries), entries / 4, CANDIDATES)
    return 0 < holding <= most


def band_score(share: float, words: int) -> float:
    """The score of a match that covers ``share`` of the query with ``words`` of its words,
    on the definition band: the share, counted in full from :data:`FULL_EVIDENCE` words.

    >>> band_score(1.0, 4), band_score(1.0, 1), band_score(0.0, 2)
    (59.0, 44.75, 40.0)
    """
    return bands.DEFINITION.scale(share * min(1.0, words / FULL_EVIDENCE))


def _idf(entries: int, freq: int) -> float:
    return math.log(1 + (entries - freq + 0.5) / (freq + 0.5))


def _phrase(key: str) -> str:
    return '"' + key.replace('"', '""') + '"'
