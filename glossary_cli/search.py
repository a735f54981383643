"""Ranking: find the concepts a query means, with a score that explains the order.

A query is folded like every indexed name (:func:`glossary_cli.normalize.fold`), then matched in
tiers; each tier has its own score band, so a better tier always ranks higher:

=========  =======  ===============================================================
score      kind     what matched
=========  =======  ===============================================================
100        exact    the whole query is a whole name (headword, abbreviation, alias,
                    term, source English); 98 when equal up to spaces, Arabic clitics
                    or word endings
90–98      prefix   a name starts with the query
80–89      word     every query word is a word of a name (the last may be a prefix);
                    the more of the name the query covers, the higher
60–79      fuzzy    rapidfuzz similarity of query and name ≥ :data:`FUZZY_CUTOFF`
60–79      phonetic a Latin query sounds like a romanized Bengali or Arabic term; or,
                    when nothing else matched, a Bengali or Arabic query spells out
                    an English name (লোরা: LoRA)
60–75      partial  a name has more than half of the query's content words
40–59      definition  every query word occurs in a definition
=========  =======  ===============================================================

Ties are broken by field (headword before alias), then by the concept's position in the
records, so the order is deterministic. Exact, prefix and word matches are index lookups;
fuzzy matching first narrows the vocabulary to words of similar length and spelling, so a
lookup never scans every name. Lower tiers run only while the higher ones have found fewer
than ``limit`` concepts: their scores are lower, so they could not enter the result.
"""

from __future__ import annotations

import functools
import itertools
import json
import re
import sqlite3
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Concatenate, NamedTuple, ParamSpec, TypeVar

from glossary_cli.errors import RecordError, StoreError
from glossary_cli.model import Concept, Hit, Match, is_english
from glossary_cli.normalize import (
    fold,
    is_latin,
    phonetic,
    stem_words,
    strip_arabic_articles,
)
from glossary_cli.normalize import stem as word_stem
from glossary_cli.records import concept_from_index

if TYPE_CHECKING:
    from glossary_cli.select import Selection

#: Minimum rapidfuzz score (0–100) for a fuzzy match of query and name.
FUZZY_CUTOFF = 82.0
#: Minimum similarity of phonetic skeletons for a cross-script match.
PHONETIC_CUTOFF = 84.0
#: Minimum ratio of a query word to a vocabulary word to consider it a candidate.
WORD_CUTOFF = 75.0
#: Most vocabulary words a query word stands for in a fuzzy or phonetic lookup.
SIMILAR_WORDS = 50
#: Most names scored per fuzzy lookup.
MAX_CANDIDATES = 5000

#: Function words: articles, prepositions, conjunctions, question words. A query of nothing
#: else finds nothing. Folded and stemmed, as queries are.
FUNCTION_WORDS = frozenset(
    stem_words(
        fold(
            "what is are the a an of in for and or to by with on from at as "
            "কি কী এবং ও এর কে থেকে দিয়ে জন্য "
            "ما ماذا هو هي في و ال من على إلى عن مع ب ل بال لل"
        )
    )
)
#: Words that carry no meaning in a lookup ("what is LoRA", "প্রুনিং কি", "ما هو التقطير"):
#: the function words and the words of a question about a term, left out by the
#: partial-match tier and, as a second try, by the fuzzy and phonetic tiers.
STOP_WORDS = FUNCTION_WORDS | frozenset(
    stem_words(fold("meaning mean define definition term মানে অর্থ কাকে বলে কিভাবে معنى تعريف"))
)
_NG_BEFORE_CONSONANT = re.compile(r"ng(?![aeiou])")
_INITIAL_Z_TH = re.compile(r"\b(?:z|th)")

# Arabic has no p, v, g or ch: English names are written with ب (p, b), ف (f, v), ج or غ (g),
# تش (ch), and a final "ng" as نج or نغ. A romanized Arabic query gets its "ch" and final "ng" back
# before its skeleton is taken; then its skeleton and the English name's are compared with
# p, f, v, b merged, and g, j.
_ARABIC_FINAL_NG = re.compile(r"n(?:j|gh)\b")
_ARABIC_MERGED = str.maketrans({"p": "b", "f": "b", "v": "b", "g": "j"})

#: Match fields in the order a tie between concepts is broken (see
#: :class:`glossary_cli.model.Match`).
_FIELD_ORDER = {
    "en": 0, "abbr": 1, "term": 2, "synonym": 3, "alias": 4, "misreading": 5, "related": 6,
    "definition": 7,
}  # fmt: skip
#: Fields whose text is a term of its language, compared by sound with a romanized query.
_NATIVE_FIELDS = frozenset({"term", "synonym", "alias"})
#: A related term (another concept's name, curated) is a lead, not the concept's own name:
#: its matches score at most this (the word band), so that a concept's own names rank first.
RELATED_MAX = 80.0


class _Best(NamedTuple):
    score: float
    field_rank: int
    match: dict[str, Any]


_P = ParamSpec("_P")
_R = TypeVar("_R")


def _recovering(
    method: Callable[Concatenate[Searcher, _P], _R],
) -> Callable[Concatenate[Searcher, _P], _R]:
    """Run a lookup; when SQLite finds the index corrupt (a malformed page, a file that is not
    a database), compile it again with ``Searcher.reopen`` and run the lookup once more."""

    @functools.wraps(method)
    def run(self: Searcher, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        try:
            return method(self, *args, **kwargs)
        except (sqlite3.DatabaseError, json.JSONDecodeError, RecordError) as exc:
            problem: Exception = exc
            if self.reopen is not None:
                self.conn.close()
                self.conn = self.reopen()
                try:
                    return method(self, *args, **kwargs)
                except (sqlite3.DatabaseError, json.JSONDecodeError, RecordError) as again:
                    problem = again
        raise StoreError(
            f"the search index is unreadable: {problem}",
            hint="delete the index cache ($GLOSS_CACHE, else the user cache directory of gloss)",
        ) from None

    return run


class Searcher:
    """Query an open index (:func:`glossary_cli.index.open_index`).

    Args:
        conn: the index connection.
        reopen: compiles the index again and returns a connection to it; called when a lookup
            finds the index corrupt (see :func:`_recovering`).
        exhaustive: score every name in the fuzzy and phonetic tiers instead of the
            candidates the vocabulary narrows them to (a brute-force scan, for tests).
    """

    def __init__(
        self,
        conn: sqlite3.Connection,
        reopen: Callable[[], sqlite3.Connection] | None = None,
        *,
        exhaustive: bool = False,
    ) -> None:
        self.conn = conn
        self.reopen = reopen
        self.exhaustive = exhaustive
        #: the filters of the search being run (:meth:`search`), and the name rows they allow
        self.selection: Selection | None = None
        self._allowed: set[int] | None = None

    # -- public -------------------------------------------------------------------------

    @_recovering
    def search(
        self,
        query: str,
        *,
        langs: Sequence[str] = (),
        limit: int = 10,
        selection: Selection | None = None,
    ) -> list[Hit]:
        """Concepts matching ``query``, best first.

        Args:
            query: what the user typed, in any script.
            langs: if given, only concepts with a section in one of these languages
                (:func:`glossary_cli.select.lang_matches`: ``en`` takes ``en-US``).
            limit: most results (≥ 1).
            selection: status, type and glossary filters: only the terms they select are
                matched (and definitions only for a glossary filter, having no status or
                type).

        Returns:
            Up to ``limit`` hits; empty when nothing scores above the cut-offs. A hit whose
            matched term is deprecated or superseded names the term to use instead
            (:attr:`glossary_cli.model.Match.use`).

        A query that ends in a parenthetical, as source lines and gloss's own tables write a
        name (``প্রুনিং (Pruning)``, ``Mixture of Experts (MoE)``), is also looked up by its
        parts: the name before the parentheses and each name inside
        (:func:`glossary_cli.parsing.split_parenthetical`); a concept keeps its best score.
        """
        self.selection = selection if selection is not None and selection.filters_terms else None
        self._allowed = self._allowed_names(self.selection) if self.selection else None
        best: dict[int, _Best] = {}
        parts = [query]
        if query.rstrip().endswith(")"):  # (the parser's import costs a lookup 5 ms)
            from glossary_cli.parsing import split_parenthetical

            head, english, abbreviations = split_parenthetical(" ".join(query.split()))
            if english or abbreviations:
                parts += [head, *(english.split(" - ") if english else ()), *abbreviations]
        for part in dict.fromkeys(parts):
            self._collect(part, best, langs, limit)
        if not best:
            for split in self._compound_splits(fold(query)):
                self._collect(split, best, langs, limit)
        return self._finish(best, langs, limit)

    def _compound_splits(self, q: str) -> list[str]:
        """``q`` with one Latin word written as two (``finetuning`` → ``fine tuning``,
        ``knowledgedistillation`` → ``knowledge distillation``): every split of a word of at
        least six letters into two parts of at least three that occur together in some name
        (its word table), for a query that found nothing as typed."""
        words = q.split()
        out = []
        for k, word in enumerate(words):
            if len(word) < 6 or not (word.isascii() and word.isalpha()):
                continue
            for i in range(3, len(word) - 2):
                pair = f"{_fts_phrase(word[:i])} {_fts_phrase(word[i:])}"
                if self.conn.execute(
                    "SELECT 1 FROM name_words WHERE name_words MATCH ? LIMIT 1", (pair,)
                ).fetchone():
                    out.append(" ".join([*words[:k], word[:i], word[i:], *words[k + 1 :]]))
        return out

    def _collect(
        self, query: str, best: dict[int, _Best], langs: Sequence[str], limit: int
    ) -> None:
        """Run the tiers on ``query`` into ``best``, stopping once later tiers cannot change
        the first ``limit`` results."""
        q = fold(query)
        if not q:
            return
        self._exact(q, best)
        if all(w in FUNCTION_WORDS for w in stem_words(q)):
            return  # "the", "what is", ال: only a name that is exactly that, nothing like it
        if self._enough(best, langs, limit, above=98.0):
            return
        self._prefix(q, best)
        if self._enough(best, langs, limit, above=89.0):
            return
        self._words(q, best)
        if self._enough(best, langs, limit):
            return
        # a misspelt term asked about ("what is quantizaton") is compared without the filler too
        content = " ".join(w for w in q.split() if word_stem(w) not in STOP_WORDS)
        keys = [q, content] if content != q else [q]
        before = len(best)
        for key in keys:
            self._fuzzy(key, best)
        abbreviation = is_abbreviation_like(query)
        # A Latin query spelt close to a name (qunatization) is that name misspelt, not a
        # Bengali or Arabic term romanized: the sound of native terms is compared only when
        # no spelling came close (koyantaijeshon, taqlim al-shabaka).
        if is_latin(q) and not abbreviation and len(best) == before:
            for key in keys:
                self._phonetic(key, best)
        if not abbreviation and not self._enough(best, langs, limit):
            self._partial(q, best)
        if not self._enough(best, langs, limit):
            self._definitions(q, best)
        if not is_latin(q) and not self._enough(best, langs, 1):
            self._spelled_english(q, best)

    @_recovering
    def concept_by_id(self, concept_id: str) -> Hit | None:
        """The concept whose id is ``concept_id`` exactly, as a score-100 hit."""
        row = self.conn.execute("SELECT record FROM concept WHERE id = ?", (concept_id,)).fetchone()
        if row is None:
            return None
        match = Match("id", "en", concept_id, 100.0, "exact")
        return Hit(_concept(row[0]), 100.0, match)

    def _allowed_names(self, selection: Selection) -> set[int]:
        """The name rows a selection's status, type and glossary filters let through."""
        where, args = [], []
        if selection.statuses:
            where.append(f"status IN ({','.join('?' * len(selection.statuses))})")
            args += list(selection.statuses)
        if selection.types:
            types = set(selection.types)
            if "abbreviation" in types:
                types |= {"acronym", "initialism"}
            where.append(f"type IN ({','.join('?' * len(types))})")
            args += sorted(types)
        if selection.glossaries:
            names = [g for (g,) in self.conn.execute("SELECT DISTINCT glossary FROM name")]
            chosen = [g for g in names if selection.glossary_ok(g)]
            where.append(f"glossary IN ({','.join('?' * len(chosen))})" if chosen else "0")
            args += chosen
        rows = self.conn.execute(f"SELECT rowid FROM name WHERE {' AND '.join(where)}", args)
        return {rowid for (rowid,) in rows}

    @_recovering
    def suggestions(self, query: str, limit: int = 5) -> list[str]:
        """Names that look like ``query`` (lower cut-off than a search), for "did you mean"."""
        q = fold(query)
        if not q:
            return []
        from rapidfuzz import fuzz, process

        out: list[str] = []
        for word in dict.fromkeys(w for w in stem_words(q) if w not in STOP_WORDS):
            vocab = self._vocab(0, word, 3)
            for found, _, _ in process.extract(
                word, vocab, scorer=fuzz.ratio, score_cutoff=60, limit=3
            ):
                for (text,) in self.conn.execute(
                    "SELECT text FROM name WHERE rowid IN (SELECT rowid FROM name_words "
                    "WHERE name_words MATCH ?) ORDER BY rowid LIMIT 3",
                    (_fts_phrase(found),),
                ):
                    if text not in out:
                        out.append(text)
        return out[:limit]

    @_recovering
    def concepts(self) -> list[Concept]:
        """Every concept, in record order."""
        rows = self.conn.execute("SELECT record FROM concept ORDER BY rowid")
        return [_concept(record) for (record,) in rows]

    @_recovering
    def coverage(self) -> list[tuple[str, str | None, tuple[str, ...]]]:
        """Every concept as ``(id, English headword or None, language tags of its sections)``,
        in record order."""
        rows = self.conn.execute("SELECT id, en, langs FROM concept ORDER BY rowid")
        return [(cid, en, tuple(langs.split(",")) if langs else ()) for cid, en, langs in rows]

    @_recovering
    def facets(self) -> tuple[list[str], list[str | None]]:
        """What the filters can name: the glossary files terms and definitions were read
        from, and the term types of the terms, each in order of first appearance."""
        glossaries = [g for (g,) in self.conn.execute(
            "SELECT glossary FROM name GROUP BY glossary UNION "
            "SELECT glossary FROM entry GROUP BY glossary")]  # fmt: skip
        types = [t for (t,) in self.conn.execute("SELECT DISTINCT type FROM name")]
        return glossaries, types

    @_recovering
    def languages(self) -> list[str]:
        """The language tags of the sections, in order of first appearance."""
        rows = self.conn.execute(
            "SELECT lang FROM name WHERE field != 'related' GROUP BY lang ORDER BY MIN(rowid)"
        )
        return [lang for (lang,) in rows]

    @_recovering
    def complete(self, prefix: str, limit: int = 40) -> list[str]:
        """Headwords, abbreviations and terms that start with ``prefix`` (folded, so ``lo``
        completes ``LoRA`` and ``Low-Rank Adaptation``), for shell completion: one indexed
        range lookup, in key order, each text once."""
        q = fold(prefix)
        fields = "field IN ('en', 'abbr', 'term')"
        if q:
            rows = self.conn.execute(
                f"SELECT text FROM name WHERE key >= ? AND key < ? AND {fields} "
                "ORDER BY key LIMIT ?",
                (q, q + "\U0010ffff", limit * 2),
            )
        else:
            rows = self.conn.execute(
                f"SELECT text FROM name WHERE {fields} ORDER BY rowid LIMIT ?", (limit * 2,)
            )
        return list(dict.fromkeys(text for (text,) in rows))[:limit]

    # -- tiers --------------------------------------------------------------------------

    def _add(
        self, best: dict[int, _Best], concept: int, score: float, match: dict[str, Any]
    ) -> None:
        if (
            self._allowed is not None
            and match["field"] != "definition"
            and match.get("name") not in self._allowed
        ):
            return  # a filtered search: this name is not among the selected terms
        if match["field"] == "related":
            score = min(score, RELATED_MAX)
        rank = _FIELD_ORDER.get(match["field"], 9)
        current = best.get(concept)
        if current is None or (score, -rank) > (current.score, -current.field_rank):
            match["score"] = round(score, 1)
            best[concept] = _Best(round(score, 1), rank, match)

    @staticmethod
    def _match(
        field: str, lang: str, text: str, kind: str, name: int | None = None
    ) -> dict[str, Any]:
        return {
            "field": field, "lang": lang, "text": text, "score": 0.0, "kind": kind, "name": name
        }  # fmt: skip

    def _exact(self, q: str, best: dict[int, _Best]) -> None:
        compact = q.replace(" ", "")
        stem = " ".join(stem_words(q))
        rows = self.conn.execute(
            "SELECT concept, field, lang, text, key, rowid FROM name "
            "WHERE key = ? OR compact = ? OR stem = ?",
            (q, compact, stem),
        )
        for concept, field, lang, text, key, name in rows:
            score = 100.0 if key == q else 98.0
            self._add(best, concept, score, self._match(field, lang, text, "exact", name))

    def _prefix(self, q: str, best: dict[int, _Best]) -> None:
        # Names are compared without their spaces (4bit ~ 4-bit): a name that starts with the
        # query starts with it then too.
        start = q.replace(" ", "")
        rows = self.conn.execute(
            # the shorter the name, the higher a prefix match scores: read the shortest
            "SELECT concept, field, lang, text, key, rowid FROM name "
            "WHERE compact > ? AND compact < ? ORDER BY length(compact) LIMIT 500",
            (start, start + "\U0010ffff"),
        )
        for concept, field, lang, text, key, name in rows:
            score = 90.0 + 8.0 * min(1.0, len(q) / len(key))
            self._add(best, concept, score, self._match(field, lang, text, "prefix", name))

    def _words(self, q: str, best: dict[int, _Best]) -> None:
        stems = list(dict.fromkeys(stem_words(q)))
        if not stems:
            return
        terms = [_fts_phrase(w) for w in stems[:-1]]
        last = stems[-1]
        terms.append(_fts_phrase(last) + ("*" if len(last) >= 3 else ""))
        rows = self.conn.execute(
            # the shorter the name, the more of it the query covers: score the shortest
            "SELECT concept, field, lang, text, key, stem, rowid FROM name WHERE rowid IN "
            "(SELECT rowid FROM name_words WHERE name_words MATCH ?) "
            "ORDER BY length(stem) LIMIT 2000",
            (" AND ".join(terms),),
        )
        qset = set(stems)
        for concept, field, lang, text, _key, stem, name in rows:
            name_words = stem.split()
            covered = sum(1 for w in name_words if w in qset or w.startswith(last))
            coverage = min(1.0, covered / max(1, len(name_words)))
            score = 80.0 + 9.0 * coverage
            self._add(best, concept, score, self._match(field, lang, text, "word", name))

    def _partial(self, q: str, best: dict[int, _Best]) -> None:
        """Names sharing more than half of the query's content words (stop words such as
        "what is", কি, ما هو left out), e.g. ``প্রুনিং কি`` or ``stochastic xyzzy``."""
        content = [w for w in dict.fromkeys(stem_words(q)) if w not in STOP_WORDS]
        if not content:
            return
        # names with more than half of the words: every such subset of them, ANDed
        need = len(content) // 2 + 1
        subsets = itertools.combinations(content[:8], min(need, len(content[:8])))
        expr = " OR ".join("(" + " AND ".join(map(_fts_phrase, sub)) + ")" for sub in subsets)
        rows = self.conn.execute(
            "SELECT concept, field, lang, text, stem, rowid FROM name WHERE rowid IN "
            "(SELECT rowid FROM name_words WHERE name_words MATCH ? LIMIT ?)",
            (expr, MAX_CANDIDATES),
        )
        wanted = set(content)
        for concept, field, lang, text, stem, name in rows:
            name_words = set(stem.split())
            found = wanted & name_words
            share = len(found) / len(wanted)
            if share <= 0.5 or not any(len(w) >= 4 or not w.isascii() for w in found):
                continue
            coverage = len(found) / max(1, len(name_words))
            score = 60.0 + 10.0 * share + 5.0 * coverage
            self._add(best, concept, score, self._match(field, lang, text, "partial", name))

    def _all_names(self) -> list[tuple[Any, ...]]:
        """Every name: the candidates of a brute-force scan (``exhaustive=True``), against
        which the tests check that candidate narrowing loses no top hit."""
        return self.conn.execute(
            "SELECT concept, field, lang, text, key, phon, rowid FROM name"
        ).fetchall()

    def _vocab(self, kind: int, word: str, slack: int) -> list[str]:
        """Indexed words (kind 0) or skeletons (kind 1) within ``slack`` of the length of
        ``word`` that share its first or its last letter: a slip inside a word keeps both, one
        at either end keeps the other. In index order; a word sharing both letters comes twice."""
        # Two primary-key range reads; with the two edges ORed, SQLite scans every row of the
        # kind (about 40 times slower at 100k concepts).
        rows = self.conn.execute(
            "SELECT words FROM vocab WHERE kind = ?1 AND edge = 0 AND ch = ?4 "
            "AND len BETWEEN ?2 AND ?3 UNION ALL "
            "SELECT words FROM vocab WHERE kind = ?1 AND edge = 1 AND ch = ?5 "
            "AND len BETWEEN ?2 AND ?3",
            (kind, len(word) - slack, len(word) + slack, word[:1], word[-1:]),
        )
        return "\n".join(words for (words,) in rows).split("\n")

    def _similar_words(self, word: str, kind: int) -> list[str]:
        """Vocabulary words (kind 0) or skeletons (kind 1) whose ``fuzz.ratio`` to ``word`` is
        at least :data:`WORD_CUTOFF`, the :data:`SIMILAR_WORDS` most similar (ties: in index
        order), among those of nearly its length sharing its first or last letter
        (:meth:`_vocab`); ``[word]`` itself for a word of fewer than three letters."""
        from rapidfuzz import fuzz, process

        if len(word) < 3:
            return [word]
        slack = 1 if len(word) <= 5 else 2
        vocab = self._vocab(kind, word, slack)
        # twice as many, for the words listed twice
        found = process.extract(
            word, vocab, scorer=fuzz.ratio, score_cutoff=WORD_CUTOFF, limit=2 * SIMILAR_WORDS
        )
        return list(dict.fromkeys(match for match, _, _ in found))[:SIMILAR_WORDS]

    def _candidates(self, table: str, keys: Sequence[str], kind: int) -> list[tuple[Any, ...]]:
        """Names to score for some query keys (variants of one query): those with a word
        like each word of one key (a typo in every word is still found); failing that, a word
        like any word of any key (a compound typed as two words, or the reverse)."""
        groups_per_key = []
        for key in dict.fromkeys(keys):
            groups = [self._similar_words(w, kind) for w in dict.fromkeys(key.split())]
            groups = [g for g in groups if g]
            if groups:
                groups_per_key.append(groups)
        if not groups_per_key:
            return []
        every = " OR ".join(
            "(" + " AND ".join("(" + " OR ".join(map(_fts_phrase, g)) + ")" for g in groups) + ")"
            for groups in groups_per_key
        )
        rows = self._names_matching(table, every)
        if rows:
            return rows
        words = {w for groups in groups_per_key for g in groups for w in g if len(w) >= 3}
        return self._names_matching(table, " OR ".join(map(_fts_phrase, sorted(words))))

    def _names_matching(self, table: str, expr: str) -> list[tuple[Any, ...]]:
        if not expr:
            return []
        return self.conn.execute(
            f"SELECT concept, field, lang, text, key, phon, rowid FROM name WHERE rowid IN "
            f"(SELECT rowid FROM {table} WHERE {table} MATCH ? LIMIT {MAX_CANDIDATES})",
            (expr,),
        ).fetchall()

    def _fuzzy(self, q: str, best: dict[int, _Best]) -> None:
        from rapidfuzz import fuzz

        if self.exhaustive:
            candidates = self._all_names()
        else:
            content = [w for w in stem_words(q) if len(w) >= 3] or list(stem_words(q))
            candidates = self._candidates("name_words", [" ".join(content)], 0)
        keep = len(candidates) if self.exhaustive else None
        for concept, field, lang, text, key, _phon, name in _shortlist(q, candidates, 4, keep):
            score = _similarity(q, key, fuzz)
            if score >= FUZZY_CUTOFF:
                scaled = 60.0 + 19.0 * (score - FUZZY_CUTOFF) / (100.0 - FUZZY_CUTOFF)
                self._add(best, concept, scaled, self._match(field, lang, text, "fuzzy", name))

    def _phonetic(self, q: str, best: dict[int, _Best]) -> None:
        from rapidfuzz import fuzz

        arabic = strip_arabic_articles(q)
        variants = {
            phonetic(q, "en"),
            phonetic(q, "bn"),
            # ং typed "ng" before a consonant: songbedonshil ~ সংবেদনশীল (sambedanasila)
            phonetic(_NG_BEFORE_CONSONANT.sub("m", q), "bn"),
            phonetic(arabic, "ar"),
            # ذ typed "z" or "th" (zakira, thakira ~ ذاكرة, dhakira)
            phonetic(_INITIAL_Z_TH.sub("dh", arabic), "ar"),
        }
        # two consonants (qat: kt) sound like too many names
        variants = {v for v in variants if len(v.replace(" ", "")) >= 3}
        if not variants:
            return
        if self.exhaustive:
            candidates = self._all_names()
        else:
            candidates = self._candidates("name_phon", sorted(variants), 1)
        # the sound of native terms: every term of a language other than English
        candidates = [
            c for c in candidates if c[1] in _NATIVE_FIELDS and not is_english(c[2]) and c[5]
        ]
        for v in variants:
            candidates = _shortlist(
                v, candidates, 5, keep=len(candidates) if self.exhaustive else None
            )
        for concept, field, lang, text, _, phon, name in candidates:
            score = max(_similarity(v, phon, fuzz) for v in variants)
            if _sounds_alike(score, len(phon.replace(" ", ""))):
                match = self._match(field, lang, text, "phonetic", name)
                self._add(best, concept, _phonetic_band(score), match)

    def _spelled_english(self, q: str, best: dict[int, _Best]) -> None:
        """English names spelled out in the query's own script: লোরা ~ LoRA, স্পেকুলেটিভ
        ডিকোডিং ~ Speculative Decoding, ميكسترال ~ Mixtral. The query is romanized as the index
        romanizes terms (ICU, :func:`glossary_cli.normalize.romanize`), and its consonant
        skeleton compared with those of the English names, with the cut-offs of
        :meth:`_phonetic`; a skeleton of fewer than four consonants (``lr``) must be the
        name's own, and the romanized query close to the name (``fuzz.ratio`` ≥
        :data:`WORD_CUTOFF`: lora ~ LoRA). The last resort of a Bengali or Arabic query: it
        runs only when nothing else matched, being the one tier that loads ICU."""
        from rapidfuzz import fuzz

        from glossary_cli.normalize import romanize
        from glossary_cli.parsing import SCRIPT_LANGS, script_of

        lang = SCRIPT_LANGS.get(script_of(q) or "")
        if lang is None:
            return
        roman = romanize(q, lang)
        merged = _ARABIC_MERGED if lang == "ar" else {}
        if lang == "ar":
            roman = _ARABIC_FINAL_NG.sub("ng", roman.replace("tsh", "ch"))
        skeleton = phonetic(roman, lang).translate(merged)
        size = len(skeleton.replace(" ", ""))
        if not size:
            return
        if self.exhaustive:
            candidates = self._all_names()
        else:
            candidates = self._candidates("name_phon", [skeleton], 1)
        for concept, field, name_lang, text, key, phon, name in candidates:
            if not is_english(name_lang) or not phon:
                continue
            phon = phon.translate(merged)
            if size >= 4:
                score = _similarity(skeleton, phon, fuzz)
                if not _sounds_alike(score, size):
                    continue
            else:
                score = fuzz.ratio(roman.replace(" ", ""), key.replace(" ", ""))
                if phon != skeleton or score < WORD_CUTOFF:
                    continue
            match = self._match(field, name_lang, text, "phonetic", name)
            self._add(best, concept, _phonetic_band(score), match)

    def _definitions(self, q: str, best: dict[int, _Best]) -> None:
        stems = list(dict.fromkeys(stem_words(q)))
        if not stems:
            return
        # Each word may be followed by an inflection: ফাংশন finds ফাংশনের, تقنية finds التقنيات.
        expr = " AND ".join(_fts_phrase(w) + ("*" if len(w) >= 3 else "") for w in stems)
        rows = self.conn.execute(
            "SELECT concept, lang, glossary FROM entry WHERE rowid IN "
            "(SELECT rowid FROM def_words WHERE def_words MATCH ? LIMIT ?)",
            (expr, MAX_CANDIDATES),
        )
        score = 40.0 + min(19.0, 5.0 * len(stems))
        selection = self.selection
        for concept, lang, glossary in rows:
            if selection is not None and (
                selection.statuses or selection.types or not selection.glossary_ok(glossary)
            ):
                continue  # status and type select terms; a definition has neither
            if concept not in best:
                # the definition's text is filled in by _finish, for the results shown only
                self._add(best, concept, score, self._match("definition", lang, "", "definition"))

    # -- results ------------------------------------------------------------------------

    def _enough(
        self, best: dict[int, _Best], langs: Sequence[str], limit: int, above: float = 0.0
    ) -> bool:
        """Whether ``limit`` results already score at least ``above``, the most any later
        tier can give: then later tiers cannot change the result."""
        found = [r for r, b in best.items() if b.score >= above]
        if len(found) < limit:
            return False
        if not langs:
            return True
        return len(self._with_langs(found, langs)) >= limit

    def _with_langs(self, rowids: list[int], langs: Sequence[str]) -> set[int]:
        from glossary_cli.select import lang_matches

        if not rowids:
            return set()
        marks = ",".join("?" * len(rowids))
        ok = set()
        for rowid, have in self.conn.execute(
            f"SELECT rowid, langs FROM concept WHERE rowid IN ({marks})", rowids
        ):
            tags = have.split(",") if have else []
            if any(lang_matches(tag, want) for tag in tags for want in langs):
                ok.add(rowid)
        return ok

    def _finish(self, best: dict[int, _Best], langs: Sequence[str], limit: int) -> list[Hit]:
        order = sorted(best, key=lambda r: (-best[r].score, best[r].field_rank, r))
        if langs:
            keep = self._with_langs(order, langs)
            order = [r for r in order if r in keep]
        order = order[:limit]
        if not order:
            return []
        marks = ",".join("?" * len(order))
        records = dict(
            self.conn.execute(f"SELECT rowid, record FROM concept WHERE rowid IN ({marks})", order)
        )
        return [_hit(_concept(records[r]), best[r]) for r in order]


def _concept(record: str) -> Concept:
    """A concept from its index row (the JSON of :func:`glossary_cli.records.
    concept_to_mapping`).

    Raises:
        RecordError: the row is not such a record (a corrupt index: see :func:`_recovering`).
    """
    try:
        return concept_from_index(json.loads(record))
    except (KeyError, TypeError, AttributeError) as exc:
        raise RecordError(f"a concept of the index is malformed ({exc!r})") from None


def _hit(concept: Concept, best: _Best) -> Hit:
    """A hit: the matched text, and for a term its status and, when it is to be avoided, the
    term of its language to use instead."""
    m = best.match
    text, status, use = m["text"], None, None
    section = concept.section(m["lang"]) if m["field"] != "related" else None
    if m["field"] == "definition":
        definitions = section.all_definitions() if section is not None else ()
        if not definitions:
            definitions = tuple(d for d in concept.definitions if d.lang == m["lang"])
        text = definitions[0].text if definitions else ""
    elif section is not None:
        term = next((t for t in section.terms if t.text == text), None)
        if term is not None:
            status = term.status
            if term.avoid:
                replacement = section.replacement
                use = replacement.text if replacement is not None else None
    match = Match(m["field"], m["lang"], text, best.score, m["kind"], status, use)
    return Hit(concept, best.score, match)


def is_abbreviation_like(query: str) -> bool:
    """Whether a query reads as an abbreviation (``BERT``, ``ViT``, ``NLP``): one token of at
    most six characters with two or more capitals. Abbreviations are spelt, not said, so they
    are not matched by sound or by a part of a name.

    >>> [is_abbreviation_like(q) for q in ("BERT", "ViT", "LoRA", "lora", "taqlim")]
    [True, True, True, False, False]
    """
    token = query.strip()
    return 0 < len(token) <= 6 and " " not in token and sum(c.isupper() for c in token) >= 2


def _fts_phrase(word: str) -> str:
    return '"' + word.replace('"', '""') + '"'


#: Candidates scored in full by :func:`_similarity` after a cheap first pass.
SHORTLIST = 400


def _shortlist(
    query: str, candidates: list[tuple[Any, ...]], column: int, keep: int | None = None
) -> list[tuple[Any, ...]]:
    """The candidates worth scoring in full: when there are more than :data:`SHORTLIST`, the
    best by two cheap scorers run in batch (rapidfuzz ``process.extract`` with
    ``fuzz.token_set_ratio`` and with ``fuzz.ratio``), since every part of
    :func:`_similarity` is bounded by one of them or by the word-by-word score, which
    candidate selection already requires. ``keep`` overrides the size (a brute-force scan)."""
    size = SHORTLIST if keep is None else keep
    if len(candidates) <= size:
        return candidates
    from rapidfuzz import fuzz, process

    keys = [c[column] for c in candidates]
    chosen: set[int] = set()
    for scorer in (fuzz.token_set_ratio, fuzz.ratio):
        for _, _, index in process.extract(query, keys, scorer=scorer, limit=size // 2):
            chosen.add(index)
    return [candidates[i] for i in sorted(chosen)]


def _sounds_alike(score: float, consonants: int) -> bool:
    """Whether skeletons of similarity ``score`` (0–100) match, for a name skeleton of
    ``consonants`` consonants: from six on at :data:`PHONETIC_CUTOFF`; four or five are too few
    to forgive a difference (95); fewer never match by similarity."""
    return consonants >= 4 and score >= (PHONETIC_CUTOFF if consonants >= 6 else 95.0)


def _phonetic_band(score: float) -> float:
    """A skeleton similarity (0–100) as a score of the phonetic band, 60–79."""
    return 60.0 + 19.0 * max(0.0, score - PHONETIC_CUTOFF) / (100.0 - PHONETIC_CUTOFF)


def _similarity(query: str, name: str, fuzz: Any) -> float:
    """Similarity of a query key and a name key, 0–100 (rapidfuzz scorers).

    The best of: ``fuzz.ratio`` of the keys, and of the keys without spaces (a compound typed
    as two words, or the reverse); and, when the query is no longer than the name, the ratio
    of the query to the best-matching part of the name (``token_set_ratio``, word by word
    (:func:`_word_similarity`), and — for a query of at most three quarters of the name —
    ``partial_ratio`` of the unspaced keys), each discounted by how little of the name the
    query covers. A name shorter than the query is never matched
    by one of its parts: ``TE`` does not match ``sham augmented learning``.
    """
    q_compact, n_compact = query.replace(" ", ""), name.replace(" ", "")
    scores = [fuzz.ratio(query, name), fuzz.ratio(q_compact, n_compact)]
    if len(q_compact) <= len(n_compact):
        discount = 0.85 + 0.15 * len(q_compact) / max(len(n_compact), 1)
        scores.append(fuzz.token_set_ratio(query, name) * discount)
        scores.append(_word_similarity(query, name, fuzz))
        if len(q_compact) >= 8 and len(q_compact) <= 0.75 * len(n_compact):
            # the query is one part of a longer name (poriborton shil bit)
            scores.append(fuzz.partial_ratio(q_compact, n_compact) * discount)
    return float(max(scores))


def _word_similarity(query: str, name: str, fuzz: Any) -> float:
    """Each query word against its closest name word (``fuzz.ratio``), averaged by length,
    discounted as :func:`_similarity` does when the query covers little of the name; 0 when
    some query word has no close name word (below :data:`WORD_CUTOFF`)."""
    name_words = name.split()
    total = weight = 0.0
    used = 0
    for word in query.split():
        best = max((fuzz.ratio(word, n) for n in name_words), default=0.0)
        if best < WORD_CUTOFF:
            return 0.0
        total += best * len(word)
        weight += len(word)
        used += 1
    if not weight:
        return 0.0
    cover = min(1.0, used / len(name_words))
    return total / weight * (0.85 + 0.15 * cover)
