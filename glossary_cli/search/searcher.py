"""The searcher: the tiers of a ranked lookup, walked in order, over the compiled index.

A query is prepared once (:func:`glossary_cli.search.query.prepare`), the index adds each
word's known inflected and clitic forms (:meth:`Searcher.forms`), and the tiers of
:data:`TIERS` run best first, each scoring in its own band (:mod:`glossary_cli.search.bands`).
A tier runs only while the ones before it have found fewer than ``limit`` concepts scoring
above the most it can give, so it could still change the result.

Ties are broken by field (headword before alias), then by the concept's position in the
records, so the order is deterministic. Exact, prefix and word matches are index lookups;
fuzzy matching first narrows the vocabulary to words of similar length and spelling, so a
lookup never scans every name (only ``--mode regex`` and ``glob`` do, with a linear-time
engine).
"""

from __future__ import annotations

import functools
import itertools
import re
import sqlite3
from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING, Any

from glossary_cli.errors import UsageError
from glossary_cli.index import IndexReader, concept_of_row
from glossary_cli.index import recovering as _recovering
from glossary_cli.model import Concept, Hit, Match, is_english
from glossary_cli.normalize import (
    fold,
    fold_letters,
    phonetic,
    stem,
    stem_words,
    strip_arabic_articles,
)
from glossary_cli.scripts import head_word, inflection_bases, script_block
from glossary_cli.scripts.arabic import arabic_stem, arabizi_readings
from glossary_cli.search import bands
from glossary_cli.search.query import (
    STOP_WORDS,
    Forms,
    Query,
    abbreviation_forms,
    asked,
    prepare,
)
from glossary_cli.values import NamedTuple

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
#: The most content words a Bengali or Arabic query may have to be an English name spelled
#: out in its letters (ফিচার ক্যাশিং), and a query may have to be looked for among names
#: that share only some of its words (a compound typed apart): a name is a few words, and a
#: longer query describes a concept rather than names it (the description tier's).
NAME_WORDS = 4
#: Raw similarity (0–100) of query and a whole name for a fuzzy match to be a sure slip.
SURE_SLIP = 90.0

_NG_BEFORE_CONSONANT = re.compile(r"ng(?![aeiou])")
_INITIAL_Z_TH = re.compile(r"\b(?:z|th)")

# Arabic has no p, v, g or ch: English names are written with ب (p, b), ف (f, v), ج or غ (g),
# تش (ch), and a final "ng" as نج or نغ. A romanized Arabic query gets its "ch" and final "ng" back
# before its skeleton is taken; then its skeleton and the English name's are compared with
# p, f, v, b merged, and g, j.
_ARABIC_FINAL_NG = re.compile(r"n(?:j|gh)\b")
_ARABIC_MERGED = str.maketrans({"p": "b", "f": "b", "v": "b", "g": "j"})
# English "ch" is said /tʃ/ or /ʃ/ (feature, caching: ফিচার, ক্যাশিং), "ture" /tʃər/: in the
# skeletons an English name spelled out is compared with, c (the sound of ch) and s meet.
_SPELLED_MERGED = str.maketrans({"c": "s"})
_ENGLISH_TURE = re.compile(r"tur(?=e|\b)")

#: Match fields in the order a tie between concepts is broken (see
#: :class:`glossary_cli.model.Match`).
_FIELD_ORDER = {
    "en": 0, "abbr": 1, "term": 2, "synonym": 3, "alias": 4, "misreading": 5, "related": 6,
    "definition": 7,
}  # fmt: skip
#: Fields whose text is a term of its language, compared by sound with a romanized query.
_NATIVE_FIELDS = frozenset({"term", "synonym", "alias"})
#: Match modes (``gloss search --mode``): the ranked chain, or one strategy (dictd's names).
MODES = ("auto", "exact", "prefix", "word", "fuzzy", "regex", "glob")


class _Best(NamedTuple):
    """A concept's best match so far; ``whole``: some match of it (not necessarily the best)
    is of a whole name, by a slip or a spelling (see :func:`_is_sure`)."""

    score: float
    field_rank: int
    match: dict[str, Any]
    whole: bool = False


class Tier(NamedTuple):
    """One step of a ranked lookup.

    Attributes:
        name: what it matches (``exact``, ``prefix``…), also the ``--mode`` that runs it alone.
        ceiling: the most it can score: it is skipped once ``limit`` concepts score above.
        run: ``run(searcher, run_state)`` adds its matches to ``run_state.best``.
        applies: whether it runs for this query at all.
    """

    name: str
    ceiling: float
    run: Callable[[Searcher, _Run], None]
    applies: Callable[[_Run], bool]


class _Run:
    """The state of one ranked lookup: the prepared query, its word forms, the best match
    so far of each concept (by concept rowid), and what the filters ask for."""

    def __init__(
        self, query: Query, forms: Forms, best: dict[int, _Best], langs: Sequence[str], limit: int
    ) -> None:
        self.query = query
        self.forms = forms
        self.best = best
        self.langs = langs
        self.limit = limit
        #: concepts found before the fuzzy tier (the phonetic tier runs when it adds none)
        self.before_fuzzy = 0
        #: the readings of the query as Arabizi (:func:`_arabizi`), once asked for
        self.arabizi: tuple[str, ...] | None = None


class Searcher(IndexReader):
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
        super().__init__(conn, reopen)
        self.exhaustive = exhaustive
        #: the filters of the search being run (:meth:`search`), and the name rows they allow
        self.selection: Selection | None = None
        self._allowed: set[int] | None = None
        #: the description tiers' findings for the words of each text looked up in the search
        #: being run: a question's subject (:func:`glossary_cli.search.query.asked`) is looked
        #: up after the whole query, and a description's subject has its content words
        self._described: dict[tuple[Any, ...], list[Any]] = {}

    # -- public -------------------------------------------------------------------------

    @_recovering
    def search(
        self,
        query: str,
        *,
        langs: Sequence[str] = (),
        limit: int = 10,
        selection: Selection | None = None,
        mode: str = "auto",
        min_score: float = 0.0,
    ) -> list[Hit]:
        """Concepts matching ``query``, best first.

        Args:
            query: what the user typed, in any script.
            langs: if given, only concepts with a section in one of these languages
                (:func:`glossary_cli.tags.matches`: ``en`` takes ``en-US``).
            limit: most results (≥ 1).
            selection: status, type and glossary filters: only the terms they select are
                matched (and definitions only for a glossary filter, having no status or
                type).
            mode: ``auto`` (the ranked chain of :data:`TIERS`), or one strategy alone:
                ``exact``, ``prefix``, ``word`` (each with the exact tier), ``fuzzy``;
                ``regex`` and ``glob`` match a pattern against every name (:meth:`_pattern`).
            min_score: leave out hits scoring below this (0–100).

        Returns:
            Up to ``limit`` hits; empty when nothing scores above the cut-offs. A hit whose
            matched term is deprecated or superseded names the term to use instead
            (:attr:`glossary_cli.model.Match.use`). The first hit is ``sure`` when it leaves no
            doubt (:mod:`glossary_cli.search.bands`).

        Raises:
            UsageError: an unknown mode, or a pattern the regular-expression engine refuses.

        A query that ends in a parenthetical, as source lines and gloss's own tables write a
        name (``প্রুনিং (Pruning)``, ``Mixture of Experts (MoE)``), is also looked up by its
        parts: the name before the parentheses and each name inside
        (:func:`glossary_cli.termtext.split_parenthetical`); a concept keeps its best score.
        """
        self.selection = selection if selection is not None and selection.filters_terms else None
        self._allowed = self._allowed_names(self.selection) if self.selection else None
        self._described = {}
        best: dict[int, _Best] = {}
        if mode not in MODES:
            raise UsageError(f"unknown match mode {mode!r}", hint="modes: " + ", ".join(MODES))
        if mode in ("regex", "glob"):
            self._pattern(query, mode, best)
            return self._finish(best, langs, limit, min_score)
        parts = [query]
        if query.rstrip().endswith(")"):  # (the parser's import costs a lookup 5 ms)
            from glossary_cli.termtext import split_parenthetical

            head, english, abbreviations = split_parenthetical(" ".join(query.split()))
            if english or abbreviations:
                parts += [head, *(english.split(" - ") if english else ()), *abbreviations]
        # a question around a name (what does QAT stand for, প্রুনিং কী, ما هو التقطير) is
        # answered as the name is; a plural or possessive abbreviation (TPUs, QAT's) likewise
        subject = asked(query)
        for part in (subject, abbreviation_forms(subject or query)):
            if part:
                parts.append(part)
        self._collect(query, best, langs, limit, mode)
        # where the whole is a name, a part is less: post office protocol (POP) is that name
        # before it is POP
        whole = any(b.score >= bands.NORMALIZED - 0.5 for b in best.values())
        cap = bands.NORMALIZED - 0.6 if whole else bands.EXACT
        for part in dict.fromkeys(parts[1:]):
            found: dict[int, _Best] = {}
            self._collect(part, found, langs, limit, mode)
            for concept, b in found.items():
                self._add(best, concept, min(b.score, cap), {**b.match, "whole": b.whole})
        if not best and mode == "auto":
            for split in self._compound_splits(fold(query)):
                self._collect(split, best, langs, limit, mode)
        return self._finish(best, langs, limit, min_score)

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
        self, text: str, best: dict[int, _Best], langs: Sequence[str], limit: int, mode: str
    ) -> None:
        """Walk :data:`TIERS` for ``text`` into ``best``: each tier that applies, unless
        ``limit`` concepts already score above its ceiling (then it could not change the
        result); in a single-strategy ``mode``, only that strategy's tiers."""
        query = prepare(text)
        if not query.key:
            return
        run = _Run(query, self.forms(query), best, langs, limit)
        wanted = _MODE_TIERS.get(mode)
        for tier in TIERS:
            if wanted is not None and tier.name not in wanted:
                continue
            # whether the first is sure depends on the second (bands.SURE_MARGIN), unless it
            # is a whole name: one hit asked for is judged as ``gloss show`` judges it
            need = limit if limit > 1 or _sure_alone(best) else 2
            if self._enough(best, langs, need, above=tier.ceiling) or not tier.applies(run):
                continue
            tier.run(self, run)
            if tier.name == "exact" and query.function_only:
                return  # "the", "what is", ال: only a name that is exactly that, nothing like it

    def forms(self, query: Query) -> Forms:
        """The indexed words each word of ``query`` stands for: itself, the known words it
        is an inflected or clitic form of (:func:`glossary_cli.scripts.inflection_bases`,
        kept only when the index has them as words of some name), and the inflected forms
        of those that names use (the index's ``lemma`` table). So প্রুনিংকে stands for
        প্রুনিং, and কোয়ান্টাইজেশন for কোয়ান্টাইজেশনের where a name says that; ডিফিউশন never
        for ফিউশন, having no ending."""
        groups: list[tuple[str, ...]] = []
        words = query.key.split()
        known_words = set(self._known(words)) if words else set()
        typed = [w in known_words for w in words]
        inflected = False
        kinds = set()
        for word in words:
            block = script_block(word)
            if block not in ("bengali", "arabic"):
                groups.append((word,))
                continue
            candidates = list(
                dict.fromkeys([*inflection_bases(word), *inflection_bases(stem(word))])
            )
            # a base is known when it or its stem is a word of names (وبالمدتق: المدتق, stem مدتق)
            found = set(self._known([*candidates, *map(stem, candidates)])) if candidates else set()
            known = [c for c in candidates if c in found or stem(c) in found]
            lemmas = [word, *known]
            marks = ",".join("?" * len(lemmas))
            inflections = [w for (w,) in self.conn.execute(
                f"SELECT word FROM lemma WHERE lemma IN ({marks}) LIMIT 24", lemmas)]  # fmt: skip
            group = tuple(dict.fromkeys([word, *known, *inflections]))
            if len(group) > 1:
                inflected = True
                kinds.add("clitic" if block == "arabic" else "inflected")
            groups.append(group)
        kind = "inflected" if "inflected" in kinds else "clitic" if kinds else ""
        return Forms(tuple(groups), inflected, kind, tuple(typed))

    def _known(self, words: Sequence[str]) -> list[str]:
        """Those of ``words`` that are words of some name (the index's ``word`` table)."""
        marks = ",".join("?" * len(words))
        found = {w for (w,) in self.conn.execute(
            f"SELECT w FROM word WHERE w IN ({marks})", list(words))}  # fmt: skip
        return [w for w in words if w in found]

    @_recovering
    def concept_by_id(self, concept_id: str) -> Hit | None:
        """The concept whose id is ``concept_id`` exactly, as a score-100 hit."""
        row = self.conn.execute("SELECT record FROM concept WHERE id = ?", (concept_id,)).fetchone()
        if row is None:
            return None
        match = Match("id", "en", concept_id, 100.0, "exact")
        return Hit(_concept(row[0]), 100.0, match)

    @_recovering
    def namespaced_ids(self, local: str, limit: int = 10) -> list[str]:
        """The ids ``GLOSSARY.local`` of the glossaries that gave a concept the id ``local``
        (a file's own ids are namespaced by it: :func:`glossary_cli.build.place_concepts`)."""
        if not local or any(c in local for c in "%_"):
            return []
        rows = self.conn.execute(
            "SELECT id FROM concept WHERE id LIKE ? ORDER BY rowid LIMIT ?", (f"%.{local}", limit)
        )
        return [cid for (cid,) in rows if cid.rpartition(".")[2] == local]

    @_recovering
    def exact_concepts(self, query: str) -> list[tuple[str, str | None]]:
        """Every concept with a name that is ``query`` exactly (folded), as ``(id, English
        headword)`` in record order: the concepts an exact lookup ties between."""
        key = fold(query)
        if not key:
            return []
        rows = self.conn.execute(
            "SELECT id, en FROM concept WHERE rowid IN "
            "(SELECT concept FROM name WHERE key = ? AND field != 'related') ORDER BY rowid",
            (key,),
        )
        return [(cid, en) for cid, en in rows]

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
        """Concepts with a word that looks like a word of ``query``, for "did you mean":
        each concept once, by its English headword (else its id), the most similar words
        first. A word looks like another when their similarity reaches
        :data:`WORD_CUTOFF` (what the fuzzy tier narrows its candidates by), so that only
        concepts that share something with the query are listed; none when none does."""
        q = fold(query)
        if not q:
            return []
        from rapidfuzz import fuzz, process

        from glossary_cli.analysis import everyday
        from glossary_cli.scripts.writing import script_language, script_of

        out: list[str] = []
        stems = dict(zip(stem_words(q), q.split(), strict=True))
        for word, surface in stems.items():
            if word in STOP_WORDS:
                continue
            vocab = self._vocab(0, word, 3)
            lang = script_language(script_of(surface) or "") or ""
            for found, _, _ in process.extract(
                word, vocab, scorer=fuzz.ratio, score_cutoff=WORD_CUTOFF, limit=3
            ):
                if found != word and everyday(surface, lang):
                    continue  # an everyday word is itself, not a slip of another (basis, based)
                for cid, en in self.conn.execute(
                    "SELECT id, en FROM concept WHERE rowid IN (SELECT concept FROM name WHERE "
                    "rowid IN (SELECT rowid FROM name_words WHERE name_words MATCH ?)) "
                    "ORDER BY rowid LIMIT 3",
                    (_fts_phrase(found),),
                ):
                    name = en or cid
                    if name not in out:
                        out.append(name)
        return out[:limit]

    def _romanized(self, key: str, lang: str) -> dict[str, str]:
        """The romanizations under ``lang`` that the index holds for the words of ``key``
        (:func:`glossary_cli.index.romanized_words`), for
        :func:`glossary_cli.normalize.romanize`'s ``known``."""
        words = list(dict.fromkeys(key.split()))
        marks = ",".join("?" * len(words))
        rows = self.conn.execute(
            f"SELECT w, latin FROM roman WHERE lang = ? AND w IN ({marks})", (lang, *words)
        )
        return dict(rows)

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

    @_recovering
    def terms_with_prefix(
        self, prefix: str, limit: int = 50
    ) -> list[tuple[str, str, str, str | None, str]]:
        """Terms of every language whose search key starts with ``prefix``'s (folded: ``lo``
        finds ``LoRA``, ``Low-Rank Adaptation``), for an editor's completion: headwords,
        abbreviations, main terms and synonyms, neither deprecated nor superseded, in key
        order, as ``(text, lang, concept id, status, glossary)``; at most ``limit`` names
        are read (one indexed range)."""
        q = fold(prefix)
        if not q:
            return []
        rows = self.conn.execute(
            "SELECT n.text, n.lang, c.id, n.status, n.glossary FROM name n "
            "JOIN concept c ON c.rowid = n.concept "
            "WHERE n.key >= ? AND n.key < ? AND n.field IN ('en', 'abbr', 'term', 'synonym') "
            "AND (n.status IS NULL OR n.status NOT IN ('deprecated', 'superseded')) "
            "ORDER BY n.key LIMIT ?",
            (q, q + "\U0010ffff", limit),
        )
        return [(text, lang, cid, status, glossary) for text, lang, cid, status, glossary in rows]

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
            score = min(score, bands.RELATED_MAX)
        rank = _FIELD_ORDER.get(match["field"], 9)
        current = best.get(concept)
        whole = bool(match.get("whole")) or (current is not None and current.whole)
        if current is None or _beats(score, rank, current):
            match["score"] = round(score, 1)
            best[concept] = _Best(round(score, 1), rank, match, whole)
        elif whole and not current.whole:
            best[concept] = current._replace(whole=True)

    @staticmethod
    def _match(
        field: str, lang: str, text: str, kind: str, name: int | None = None, whole: bool = False
    ) -> dict[str, Any]:
        """A match under construction; ``whole``: it is of the whole name (a slip or a
        spelling of it), which a sure fuzzy, phonetic or spelled match needs."""
        return {
            "field": field, "lang": lang, "text": text, "score": 0.0, "kind": kind, "name": name,
            "whole": whole,
        }  # fmt: skip

    def _exact(self, run: _Run) -> None:
        """The whole query is a whole name: as folded (100); up to spaces or stems (98, less
        a tenth per letter the words differ by, so منفذيه is nearer منفذه than منفذ and
        documentations nearer documentation than document); or with a word in an inflected
        or clitic form (97, :meth:`forms`), unless that word is, as typed, a word of some
        name (وتعويض of بحث وتعويض): then the form ranks with word matches."""
        q = run.query
        rows = self.conn.execute(
            "SELECT concept, field, lang, text, key, rowid FROM name "
            "WHERE key = ? OR compact = ? OR stem = ?",
            (q.key, q.compact, q.stem_key),
        )
        marks = _edge_marks(q.text)
        for concept, field, lang, text, key, name in rows:
            if marks != _edge_marks(text):
                # LoRA+ is not LoRA, C# not C: a mark the name lacks makes another name
                match = self._match(field, lang, text, "word", name)
                self._add(run.best, concept, bands.WORD.scale(0.9), match)
                continue
            if key == q.key:
                score = bands.EXACT
            else:
                from rapidfuzz.distance import OSA  # (only here: an exact lookup loads none)

                score = bands.NORMALIZED - 0.1 * min(5, OSA.distance(q.key, key))
            self._add(run.best, concept, score, self._match(field, lang, text, "exact", name))
        self._analyzed(run)
        if not run.forms.inflected:
            return
        typed = q.key.split()
        by_key: dict[str, bool] = {}
        by_stem: dict[str, bool] = {}
        for alternative in run.forms.keys():
            # the form is sure unless it replaces a word that names use as typed
            sure = all(
                a == t or not known
                for a, t, known in zip(alternative.split(), typed, run.forms.typed, strict=True)
            )
            by_key[alternative] = by_key.get(alternative, False) or sure
            alt_stem = " ".join(stem_words(alternative))
            by_stem[alt_stem] = by_stem.get(alt_stem, False) or sure
        marks_k, marks_s = ",".join("?" * len(by_key)), ",".join("?" * len(by_stem))
        rows = self.conn.execute(
            "SELECT concept, field, lang, text, key, stem, rowid FROM name "
            f"WHERE key IN ({marks_k}) OR stem IN ({marks_s})",
            [*by_key, *by_stem],
        )
        kind = run.forms.kind
        for concept, field, lang, text, key, stem_key, name in rows:
            sure = by_key.get(key, False) or by_stem.get(stem_key, False)
            score = bands.INFLECTED if sure else bands.WORD.scale(0.2)
            self._add(run.best, concept, score, self._match(field, lang, text, kind, name))

    def _analyzed(self, run: _Run) -> None:
        """The query is a form of a whole name as ``gloss scan`` finds terms in a text: its
        words give, analyzed (:func:`glossary_cli.analysis.query_forms`: the Arabic article,
        proclitics, sound and broken plurals and duals, Bengali endings and spelling variants,
        English plurals), the analysis form of a name (the index's ``form`` table): 97, as an
        inflected form (``clitic`` where a proclitic or the article made the difference)."""
        from glossary_cli.analysis import CLITIC, EXACT, query_forms

        def begin(runs: list[str]) -> set[str]:
            # the runs that begin some term's form (the index's prefix table)
            marks = ",".join("?" * len(runs))
            sql = f"SELECT key FROM prefix WHERE key IN ({marks})"
            return {k for (k,) in self.conn.execute(sql, runs)}

        forms = dict(reversed(query_forms(run.query.text)))
        long = [f for f in query_forms(run.query.text, begin=begin) if f[0] not in forms]
        forms.update(reversed(long))
        if not forms:
            return
        marks = ",".join("?" * len(forms))
        rows = self.conn.execute(
            "SELECT n.concept, n.field, n.lang, n.text, f.key, n.rowid FROM form f "
            f"JOIN name n ON n.rowid = f.name WHERE f.key IN ({marks})",
            list(forms),
        )
        marks = _edge_marks(run.query.text)
        # a query whose words are, as typed, words of names (وتعويض of بحث وتعويض, لزوم) is
        # those names' words before it is a form of another word (تعويض, زوم): as in _exact
        as_typed = bool(run.forms.typed) and all(run.forms.typed)
        for concept, field, lang, text, form, name in rows:
            if field == "related" or marks != _edge_marks(text):
                continue  # LoRA+ is not LoRA, #LoRA not LoRA (as in _exact)
            kind = "clitic" if forms[form] == CLITIC else "inflected"
            score = bands.WORD.scale(0.2) if as_typed and forms[form] != EXACT else bands.INFLECTED
            self._add(run.best, concept, score, self._match(field, lang, text, kind, name))

    def _prefix(self, run: _Run) -> None:
        """Names that start with the query. Names are compared without their spaces
        (4bit ~ 4-bit), but a prefix must be one as the name is written: it ends where the
        name does, at the end of a word of it, or inside the word the query's last word
        begins (``ai m`` is a prefix of AI model, ``aim`` is not)."""
        q = run.query
        rows = self.conn.execute(
            # the shorter the name, the higher a prefix match scores: read the shortest
            "SELECT concept, field, lang, text, key, rowid FROM name "
            "WHERE compact > ? AND compact < ? ORDER BY length(compact) LIMIT 500",
            (q.compact, q.compact + "\U0010ffff"),
        )
        last = q.key.split()[-1]
        # whether the query's last word is a word of its own (forms knows: a word of names)
        whole_word = len(last) >= 3 and bool(run.forms.typed) and run.forms.typed[-1]
        for concept, field, lang, text, key, name in rows:
            if not _is_prefix(q.key, key):
                continue
            score = bands.PREFIX.scale(len(q.key) / len(key))
            # a prefix that ends where a word of the name ends names a narrower concept (TPU
            # of TPU Deployment, clustering of Clustering Quantization): never sure
            truncated = not _ends_a_word(q.key, key)
            if truncated:
                # احد (one) begins احداثيات (coordinates), bit begins bitwidth: a word of
                # its own that a name continues into another word ranks with word matches
                if whole_word:
                    score = bands.WORD.scale(0.3)
            match = self._match(field, lang, text, "prefix", name, truncated)
            self._add(run.best, concept, score, match)

    def _words(self, run: _Run) -> None:
        """Names that have every query word (or an inflected or clitic form of it; the last
        word may be the start of one): the more of the name the query covers, and the more
        of its words are the name's as typed rather than only the same stem (طباعية is not
        طباعة, studies not study), the higher."""
        groups = [tuple(dict.fromkeys(stem(w) for w in g)) for g in run.forms.words]
        groups = [g for g in groups if g]
        if not groups:
            return
        # the last word may be the start of a word, as typed (ساعه* is not ساع*: ساعغ), unless
        # it is a word of its own (احد does not begin احداثيات)
        typed = run.forms.typed or (False,) * len(run.forms.words)
        last = _surface(run.forms.words[-1][0])
        terms = ["(" + " OR ".join(map(_fts_phrase, g)) + ")" for g in groups[:-1]]
        tail = [_fts_phrase(w) for w in groups[-1]]
        open_end = len(last) >= 3 and not (typed[-1] and len(run.forms.words) == 1)
        if open_end:
            tail.append(_fts_phrase(last) + "*")
        terms.append("(" + " OR ".join(tail) + ")")
        rows = self.conn.execute(
            # the shorter the name, the more of it the query covers: score the shortest
            "SELECT concept, field, lang, text, key, stem, rowid FROM name WHERE rowid IN "
            "(SELECT rowid FROM name_words WHERE name_words MATCH ?) "
            "ORDER BY length(stem) LIMIT 2000",
            (" AND ".join(terms),),
        ).fetchall()
        stems = {w for g in groups for w in g}
        # a word typed as names have it is only itself as typed; an unknown word is its forms
        surfaces = [
            {_surface(g[0])} if known else {_surface(w) for w in g}
            for g, known in zip(run.forms.words, typed, strict=True)
        ]
        last_surface = last
        # one word that is the head of a short name (تقليم of تقليم الشبكة, প্রুনিং of
        # নেটওয়ার্ক প্রুনিং) names the concept as surely, in every language, when the concept
        # is itself named by one word somewhere (Pruning); not when its names all qualify the
        # head (تقطير of تقطير خطوات الزمن, Time-Step Distillation: a narrower concept)
        one_word = set()
        if len(groups) == 1:
            headed = {
                concept
                for concept, _, _, _, _, stem_key, _ in rows
                if 1 < len(name_stems := stem_key.split()) <= 3
                and head_word(name_stems) in groups[0]
            }
            one_word = self._named_by_one_word(headed)
        for concept, field, lang, text, key, stem_key, name in rows:
            name_stems = stem_key.split()
            covered = sum(1 for w in name_stems if w in stems or (open_end and w.startswith(last)))
            coverage = min(1.0, covered / max(1, len(name_stems)))
            name_surfaces = {_surface(w) for w in key.split()}
            as_typed = sum(1 for s in surfaces[:-1] if s & name_surfaces)
            if surfaces[-1] & name_surfaces or (
                open_end and any(n.startswith(last_surface) for n in name_surfaces)
            ):
                as_typed += 1
            score = bands.WORD.low + 5.0 * coverage + 4.0 * as_typed / len(surfaces)
            head = (
                len(groups) == 1
                and 1 < len(name_stems) <= 3
                and head_word(name_stems) in groups[0]
                and concept in one_word
            )
            if not head and not _beats(score, _FIELD_ORDER.get(field, 9), run.best.get(concept)):
                continue  # not better than what the concept has: _add would keep that
            match = self._match(field, lang, text, "word", name, whole=head)
            self._add(run.best, concept, score, match)

    def _across(self, run: _Run) -> None:
        """Concepts whose names, taken together, have every content word of the query (or an
        inflected or clitic form of it): a query that mixes scripts or languages names one
        concept by words of its names in each (``تقطير distillation``, ``নেটওয়ার্ক
        pruning``). The rarest word is looked up first, and each other narrows the concepts
        it found; the fewer words the names add to the query's, the higher
        (:data:`glossary_cli.search.bands.ACROSS`)."""
        groups = [
            tuple(dict.fromkeys(stem(w) for w in g))
            for g in run.forms.words
            if stem(g[0]) not in STOP_WORDS
        ]
        if len(groups) < 2:
            return
        # a word of no name leaves nothing to find: asked of the full-text index alone, before
        # any name row is read
        for group in groups:
            if not self.conn.execute(
                "SELECT 1 FROM name_words WHERE name_words MATCH ? LIMIT 1",
                (" OR ".join(map(_fts_phrase, group)),),
            ).fetchone():
                return
        found: list[set[int]] = []
        for group in groups:
            rows = self.conn.execute(
                "SELECT DISTINCT concept FROM name WHERE rowid IN (SELECT rowid FROM name_words"
                " WHERE name_words MATCH ? LIMIT ?)",
                (" OR ".join(map(_fts_phrase, group)), MAX_CANDIDATES),
            )
            concepts = {c for (c,) in rows}
            if not concepts:
                return
            found.append(concepts)
        found.sort(key=len)
        shared = set.intersection(*found)
        wanted = {w for g in groups for w in g}
        for concept in sorted(shared)[:50]:
            names = self.conn.execute(
                "SELECT field, lang, text, stem, rowid FROM name WHERE concept = ?", (concept,)
            ).fetchall()
            used = [n for n in names if wanted & set(n[3].split())]
            if not used:
                continue
            words = {w for n in used for w in n[3].split()}
            covered = sum(1 for g in groups if any(w in words for w in g))
            if covered < len(groups):
                continue
            # the name that has most of the query, first in field order
            field, lang, text, _, name = max(
                used, key=lambda n: (len(wanted & set(n[3].split())), -_FIELD_ORDER.get(n[0], 9))
            )
            score = bands.ACROSS.scale(len(groups) / max(len(words), len(groups)))
            self._add(run.best, concept, score, self._match(field, lang, text, "word", name))

    def _named_by_one_word(self, concepts: Collection[int]) -> set[int]:
        """Those of ``concepts`` (rowids) that have a name of one word that is no abbreviation
        (``Pruning``), in any language: one indexed lookup for them all."""
        if not concepts:
            return set()
        marks = ",".join("?" * len(concepts))
        rows = self.conn.execute(
            f"SELECT DISTINCT concept FROM name WHERE concept IN ({marks}) "
            "AND field IN ('en', 'term', 'synonym') AND instr(key, ' ') = 0",
            list(concepts),
        )
        return {concept for (concept,) in rows}

    def _partial(self, run: _Run) -> None:
        """Names sharing more than half of the query's content words (stop words such as
        "what is", কি, ما هو left out), e.g. ``প্রুনিং কি`` or ``stochastic xyzzy``."""
        content = [w for w in dict.fromkeys(run.query.stems) if w not in STOP_WORDS]
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
        for concept, field, lang, text, stem_key, name in rows:
            name_words = set(stem_key.split())
            found = wanted & name_words
            share = len(found) / len(wanted)
            if share <= 0.5 or not any(len(w) >= 4 or not w.isascii() for w in found):
                continue
            coverage = len(found) / max(1, len(name_words))
            score = bands.PARTIAL.low + 10.0 * share + 5.0 * coverage
            self._add(run.best, concept, score, self._match(field, lang, text, "partial", name))

    def _rerun(self, run: _Run, text: str, band: bands.Band, kind: str, sure: bool = True) -> None:
        """Run the exact, prefix and word tiers on ``text`` (a corrected or a transcribed
        query), scoring their matches inside ``band`` in the order they rank there; the
        first is ``whole`` when it is sure there (and ``sure`` allows)."""
        query = prepare(text)
        if not query.key:
            return
        sub = _Run(query, self.forms(query), {}, run.langs, run.limit)
        self._exact(sub)
        self._prefix(sub)
        # as :meth:`_collect` skips it: word matches score below every exact and prefix one,
        # so once ``limit`` concepts match so, they could not change the result (a common word
        # such as quantization is a word of 60,000 names at a million concepts)
        need = run.limit if run.limit > 1 or _sure_alone(sub.best) else 2
        if not self._enough(sub.best, run.langs, need, above=bands.PREFIX.low):
            self._words(sub)
        if not sub.best:
            return
        ranked = sorted(sub.best, key=lambda r: (-sub.best[r].score, sub.best[r].field_rank, r))
        top = [sub.best[r] for r in ranked[:2]]
        # whole: the text is a whole name, and only one concept's
        first = ranked[0] if sure and top[0].score >= bands.INFLECTED and _is_sure(top) else None
        for concept, found in sub.best.items():
            match = dict(found.match, kind=kind, whole=concept == first)
            fraction = (found.score - bands.WORD.low) / (bands.EXACT - bands.WORD.low)
            self._add(run.best, concept, band.scale(fraction), match)

    def _spelled_letters(self, run: _Run) -> None:
        """A Bengali or Arabic query that spells an abbreviation out letter by letter
        (টিপিইউ, এফপি৮, تي بي يو) is looked up as each of its Latin readings
        (:func:`glossary_cli.scripts.spelled_letters`), in the spelled band."""
        for latin in run.query.spelled:
            self._rerun(run, latin, bands.SPELLED, "spelled")

    def _corrected(self, run: _Run) -> None:
        """A query with a word that no name has, but that one slip (two in a word of eight
        letters or more: a letter dropped, added, changed, or two swapped; optimal string
        alignment distance) makes a word of some name, is looked up as corrected, in the
        corrected band: ``qunatization`` ranks what ``quantization`` ranks, ``زومبا``
        finds زومبي. Only a query of a name's size (:func:`_name_sized`): the words of a
        longer one, a description, are not slips of names' words."""
        run.before_fuzzy = len(run.best)
        if not _name_sized(run):
            return
        words = run.query.key.split()
        choices: list[list[str]] = []
        changed = False
        for word, group in zip(words, run.forms.words, strict=True):
            if (
                len(group) > 1
                or len(word) < 4
                or stem(word) in STOP_WORDS
                or self._known(list(dict.fromkeys([word, stem(word)])))
            ):
                choices.append([word])
                continue
            fixes = self._slips(word)
            changed = changed or bool(fixes)
            choices.append(fixes or [word])
        if not changed:
            return
        # a slip in a short Latin word is as likely another term (lora, qlora; bert, bart):
        # found, but never sure
        sure = all(
            fixed == [word] or len(word) >= (6 if word.isascii() else 4)
            for word, fixed in zip(words, choices, strict=True)
        )
        for combo in itertools.islice(itertools.product(*choices), 6):
            self._rerun(run, " ".join(combo), bands.CORRECTED, "fuzzy", sure)

    def _slips(self, word: str) -> list[str]:
        """The indexed words nearest ``word`` by optimal string alignment distance, at most
        1 (2 from eight letters on, the first letter kept: unstructured is not a slip of
        structured), up to six, never with other digits (int8 is not int4); Bengali compared
        with sound-alike letters merged (:func:`glossary_cli.scripts.bengali.bengali_loose`,
        as the index holds them)."""
        from rapidfuzz import process
        from rapidfuzz.distance import OSA

        target = stem(word) if script_block(word) == "bengali" else word
        most = 1 if len(target) < 8 else 2
        vocab = self._vocab(0, target, most)
        extracted = process.extract(target, vocab, scorer=OSA.distance, score_cutoff=most, limit=12)
        digits = _digits(target)
        found = [
            (w, d)
            for w, d, _ in extracted
            if w != target and _digits(w) == digits and (d < 2 or w[:1] == target[:1])
        ]
        if not found:
            return []
        nearest = min(d for _, d in found)
        return list(dict.fromkeys(w for w, d in found if d == nearest))[:6]

    def _pattern(self, pattern: str, mode: str, best: dict[int, _Best]) -> None:
        """Names matching a regular expression (``mode="regex"``: anywhere in the name) or
        a glob (``*`` any text, ``?`` one character, ``[…]`` a class; the whole name), as
        written or as folded, in any letter case. The engine is RE2 (google-re2), which runs
        in time linear in the text whatever the pattern, so a pattern such as ``(a+)+$``
        cannot hang a lookup. A whole-name match scores 100, another 90.

        Raises:
            UsageError: RE2 refuses the pattern (its message says why).
        """
        import re2

        source = _glob_to_regex(pattern) if mode == "glob" else pattern
        options = re2.Options()
        options.case_sensitive = False
        options.max_mem = 64 << 20
        options.log_errors = False  # the message goes into the error, not onto stderr
        try:
            compiled = re2.compile(source, options)
        except re2.error as exc:
            reason = exc.args[0] if exc.args else exc
            if isinstance(reason, bytes):
                reason = reason.decode("utf-8", "replace")
            hint = "RE2 syntax: github.com/google/re2/wiki/Syntax" if mode == "regex" else None
            if mode == "regex" and ("\\p" in str(reason) or "\\P" in str(reason)):
                hint = (
                    "\\p{…} takes a Unicode script or general category RE2 knows: "
                    "\\p{Bengali}, \\p{Arabic}, \\p{Latin}, \\p{L}, \\pN (RE2 syntax: "
                    "github.com/google/re2/wiki/Syntax)"
                )
            raise UsageError(
                f"the {mode} pattern {pattern!r} is not valid: {reason}", hint=hint
            ) from None
        # the folded keys are matched by the pattern with its letters folded as theirs are
        # (أ إ آ → ا, ة → ه, ی → ي, য় decomposed, harakat dropped), its syntax untouched: the
        # case of ASCII letters is left to RE2's case-insensitive option, never folded as text
        folded_source = fold_letters(source)
        try:
            folded = compiled if folded_source == source else re2.compile(folded_source, options)
        except re2.error:  # (not expected: folding keeps the syntax) the pattern as written
            folded = compiled
        whole, folded_whole = compiled.fullmatch, folded.fullmatch
        found = compiled.fullmatch if mode == "glob" else compiled.search
        folded_found = folded.fullmatch if mode == "glob" else folded.search
        for concept, field, lang, text, key, name in self.conn.execute(
            "SELECT concept, field, lang, text, key, rowid FROM name"
        ):
            if found(text) is None and folded_found(key) is None:
                continue
            score = bands.EXACT if whole(text) or folded_whole(key) else bands.PREFIX.low
            self._add(best, concept, score, self._match(field, lang, text, mode, name))

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

    def _candidates(
        self, table: str, keys: Sequence[str], kind: int, apart: int | None = NAME_WORDS
    ) -> list[tuple[Any, ...]]:
        """Names to score for some query keys (variants of one query): those with a word
        like each word of one key (a typo in every word is still found); failing that, when
        a key has at most ``apart`` words (``None``: any), a word like any word of any key
        (a compound typed as two words, or the reverse)."""
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
        if rows or (apart is not None and min(len(set(k.split())) for k in keys) > apart):
            # a compound typed apart or together changes a word or two of a name of a few
            # words; a longer query that no name has a word like each of describes
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

    def _fuzzy(self, run: _Run) -> None:
        """Names like the query by rapidfuzz similarity (:func:`_similarity` ≥
        :data:`FUZZY_CUTOFF`), the query as typed and without its stop words ("what is
        quantizaton")."""
        q = run.query
        # an inflected or clitic word is compared as the word it is a form of: its candidates
        # are that word's names, not every name with one of its letters' neighbours
        keys = [q.key, q.content]
        if run.forms.inflected:
            typed = run.forms.typed or (True,) * len(run.forms.words)
            based = " ".join(
                g[0] if known or len(g) == 1 else min(g[1:], key=len)
                for g, known in zip(run.forms.words, typed, strict=True)
            )
            keys = [based, " ".join(w for w in based.split() if stem(w) not in STOP_WORDS)]
        for key in dict.fromkeys(keys):
            if key:
                self._fuzzy_key(key, run.best)

    def _fuzzy_key(self, q: str, best: dict[int, _Best]) -> None:
        if self.exhaustive:
            candidates = self._all_names()
        else:
            content = [w for w in stem_words(q) if len(w) >= 3] or list(stem_words(q))
            candidates = self._candidates("name_words", [" ".join(content)], 0)
        from rapidfuzz import fuzz

        keep = len(candidates) if self.exhaustive else None
        for concept, field, lang, text, key, _phon, name in _shortlist(q, candidates, 4, keep):
            score = _similarity(q, key, fuzz)
            if score >= FUZZY_CUTOFF:
                scaled = bands.FUZZY.scale((score - FUZZY_CUTOFF) / (100.0 - FUZZY_CUTOFF))
                whole = _is_slip(q, key)
                match = self._match(field, lang, text, "fuzzy", name, whole)
                self._add(best, concept, scaled, match)

    def _phonetic(self, run: _Run) -> None:
        """A Latin query that sounds like a Bengali or Arabic term (koyantaijeshon,
        taqlim al-shabaka), as typed and without its stop words. A query typed in Arabizi
        (5aleet al-5ubara2) is compared by the sound of its readings
        (:func:`glossary_cli.scripts.arabic.arabizi_readings`: its digits read as the Arabic
        letters they stand for) with the Arabic names, and as typed too when no spelling came
        close (``gemma2 koyantaijeshon`` has a word of Bengali)."""
        q = run.query
        # as typed only a query of a name's size: a longer one describes (the Arabizi readings
        # of a long query are still tried: Arabizi is rarely a description's script)
        as_typed = len(run.best) == run.before_fuzzy and _romanized_name_sized(run)
        readings = _arabizi(run)
        if readings:
            content = (
                " ".join(w for w in r.split() if stem(w) not in STOP_WORDS) for r in readings
            )
            for keys in dict.fromkeys([readings, tuple(filter(None, content))]):
                if keys:
                    self._phonetic_key(q.key, run.best, keys)
        if not as_typed:
            return
        for key in dict.fromkeys([q.key, q.content]):
            if key:
                self._phonetic_key(key, run.best)

    def _phonetic_key(
        self, q: str, best: dict[int, _Best], readings: Sequence[str] | None = None
    ) -> None:
        """Names whose sound is like that of ``q``: read as romanized Bengali or Arabic, or as
        English; or, given its Arabizi ``readings``, as each of those, and Arabic names only."""
        from rapidfuzz import fuzz

        variants: set[str] = set()
        if readings is None:
            variants = {
                phonetic(q, "en"),
                phonetic(q, "bn"),
                # ং typed "ng" before a consonant: songbedonshil ~ সংবেদনশীল (sambedanasila)
                phonetic(_NG_BEFORE_CONSONANT.sub("m", q), "bn"),
            }
        for reading in [q] if readings is None else readings:
            arabic = strip_arabic_articles(reading)
            variants.add(phonetic(arabic, "ar"))
            # ذ typed "z" or "th" (zakira, thakira ~ ذاكرة, dhakira)
            variants.add(phonetic(_INITIAL_Z_TH.sub("dh", arabic), "ar"))
        # two consonants (qat: kt) sound like too many names
        variants = {v for v in variants if len(v.replace(" ", "")) >= 3}
        if not variants:
            return
        if self.exhaustive:
            candidates = self._all_names()
        else:
            # a romanized name joins and splits words freely (el5obara, al-istidlal)
            candidates = self._candidates("name_phon", sorted(variants), 1, None)
        # the sound of native terms: every term of a language other than English; of Arabic
        # for Arabizi (koyantaijeshon is Bengali's, 5aleet never)
        candidates = [
            c
            for c in candidates
            if c[1] in _NATIVE_FIELDS
            and not is_english(c[2])
            and c[5]
            and (readings is None or c[2].split("-")[0].lower() == "ar")
        ]
        for v in variants:
            candidates = _shortlist(
                v, candidates, 5, keep=len(candidates) if self.exhaustive else None
            )
        for concept, field, lang, text, _, phon, name in candidates:
            score = max(_similarity(v, phon, fuzz) for v in variants)
            if _sounds_alike(score, len(phon.replace(" ", ""))):
                whole = any(_same_sound(phon, v) for v in variants) and len(phon) >= 6
                match = self._match(field, lang, text, "phonetic", name, whole)
                self._add(best, concept, _phonetic_band(score), match)

    def _spelled_english(self, run: _Run) -> None:
        """English names spelled out in the query's own script: লোরা ~ LoRA, স্পেকুলেটিভ
        ডিকোডিং ~ Speculative Decoding, ميكسترال ~ Mixtral. The query is romanized as the index
        romanizes terms (ICU, :func:`glossary_cli.normalize.romanize`), and its consonant
        skeleton compared with those of the English names, with the cut-offs of
        :meth:`_phonetic`; a skeleton of fewer than four consonants (``lr``) must be the
        name's own, and the romanized query close to the name (``fuzz.ratio`` ≥
        :data:`WORD_CUTOFF`: lora ~ LoRA). The last resort of a Bengali or Arabic query: it
        runs only when nothing else matched a name's words, being the one tier that loads
        ICU; runs when no name was found exact or by prefix (so প্রুনিং, a word of
        নেটওয়ার্ক প্রুনিং, also spells Pruning). English ``ch`` and ``ture`` meet the ``s``
        and ``c`` of the spelling (feature: ফিচার, caching: ক্যাশিং). An inflected query is
        spelled without its ending too (প্রুনিংকে)."""
        keys = [run.query.key, *run.forms.keys(4)]
        if run.query.script == "bengali" and " " not in run.query.key:
            # an English name spelled out takes Bengali endings as any word does (লোরাকে),
            # though the spelling is no word of the glossary's
            keys += inflection_bases(run.query.key)[:3]
        for key in dict.fromkeys(keys):
            self._spelled_english_key(key, run.best)

    def _spelled_english_key(self, q: str, best: dict[int, _Best]) -> None:
        from rapidfuzz import fuzz

        from glossary_cli.normalize import romanize
        from glossary_cli.scripts.writing import GUESSED_SCRIPTS, script_language, script_of

        script = script_of(q)
        if script not in GUESSED_SCRIPTS:
            return  # romanized only from the termbase's own scripts, Bengali and Arabic
        lang = script_language(script)
        if lang is None:
            return
        roman = romanize(q, lang, self._romanized(q, lang))
        merged = _ARABIC_MERGED if lang == "ar" else {}
        if lang == "ar":
            roman = _ARABIC_FINAL_NG.sub("ng", roman.replace("tsh", "ch"))
        # two readings of the sound: the skeletons as the index has them, and with English
        # ch, ture and s met (feature: ফিচার, caching: ক্যাশিং); the closer one counts
        # (an English name's final t is its own, not a teh marbuta: sparsity, gradient)
        plain = phonetic(roman, "en-spelled").translate(merged)
        loose = plain.translate(_SPELLED_MERGED)
        size = len(plain.replace(" ", ""))
        if not size:
            return
        if self.exhaustive:
            candidates = self._all_names()
        else:
            # the index holds skeletons unmerged: ask for the sounds every way
            variants = [phonetic(roman, "en-spelled"), plain, loose, loose.replace("s", "c")]
            candidates = self._candidates("name_phon", list(dict.fromkeys(variants)), 1)
        spelled = roman.replace(" ", "")
        for concept, field, name_lang, text, key, phon, name in candidates:
            if not is_english(name_lang) or not phon:
                continue
            readings = (
                (plain, phon.translate(merged)),
                (loose, _english_skeleton(key).translate(merged).translate(_SPELLED_MERGED)),
            )
            if size >= 4:
                score = max(_similarity(a, b, fuzz) for a, b in readings)
                if not _sounds_alike(score, size):
                    continue
            else:
                score = fuzz.ratio(spelled, key.replace(" ", ""))
                if all(a != b for a, b in readings) or score < WORD_CUTOFF:
                    continue
            # sure: the same sound, and enough of it, or a spelling close to the name's
            # (a short sound must be spelled as the name is, and the name said as a word:
            # লোরা, lora, is LoRA; মাছ, mach, is not MCH, which is spelled out)
            whole = any(a == b for a, b in readings) and (
                size >= 5
                or (not text.isupper() and fuzz.ratio(spelled, key.replace(" ", "")) >= WORD_CUTOFF)
            )
            match = self._match(field, name_lang, text, "phonetic", name, whole)
            # below a slip of a term in the query's own script (تقلسيص: تقليص, not TCLASS)
            self._add(best, concept, _phonetic_band(score) - 1.0, match)

    def _definitions(self, run: _Run) -> None:
        """Concepts whose definitions the query describes: ranked by how many of its content
        words they hold, in any form, and how rare those are (:mod:`glossary_cli.search.
        description`), with two words at least, or a one-word query's rare word."""
        from glossary_cli.describe import word_groups
        from glossary_cli.search.description import band_score, described

        best = run.best
        selection = self.selection
        groups = word_groups(run.query.text)
        key = ("definitions", tuple(groups))
        if key not in self._described:
            self._described[key] = described(self.conn, groups)
        for d in self._described[key]:
            if selection is not None and (
                selection.statuses or selection.types or not selection.glossary_ok(d.glossary)
            ):
                continue  # status and type select terms; a definition has neither
            if d.concept not in best:
                # the definition's text is filled in by _finish, for the results shown only
                match = self._match("definition", d.lang, "", "definition")
                self._add(best, d.concept, band_score(d.share, d.words), match)
        self._described_by_names(run)

    def _described_by_names(self, run: _Run) -> None:
        """A description (four content words or more) that shares two or more of its words
        with a concept's names, in any language, not all of one name: the words a description
        borrows from the name it does not give (``freeze the weights and train small low-rank
        matrices``: *Low-Rank Adaptation*), for a concept whose definition is in another
        language. Scored at the bottom of the definition band, two words 41, each more one
        more; a word many concepts' names have (more than one in twenty, or more than
        :data:`MAX_CANDIDATES` names) counts for none.

        A word's names are counted in the full-text index alone, which reads no name row:
        only the words of fewer names have their names' concepts read. The concepts are
        counted by the highest concept rowid (one index step, where ``count(*)`` reads a
        million keys): the same number, or a few more after a file was removed."""
        content = [w for w in dict.fromkeys(run.query.stems) if w not in STOP_WORDS]
        if len(content) < 4 or self.selection is not None:
            return
        key = ("names", tuple(content[:12]))
        if key not in self._described:
            self._described[key] = self._shared_names(content[:12])
        for concept, score, lang in self._described[key]:
            match = self._match("definition", lang, "", "definition")
            self._add(run.best, concept, score, match)

    def _shared_names(self, content: list[str]) -> list[tuple[int, float, str]]:
        """The concepts :meth:`_described_by_names` finds for the content words ``content``,
        as ``(concept, score, language of its first definition)``."""
        (concepts,) = self.conn.execute("SELECT coalesce(max(rowid), 0) FROM concept").fetchone()
        common = max(3, concepts // 20)
        sizes = {}
        for word in content:
            (names,) = self.conn.execute(
                "SELECT count(*) FROM (SELECT rowid FROM name_words WHERE name_words MATCH ? "
                "LIMIT ?)",
                (_fts_phrase(word), MAX_CANDIDATES + 1),
            ).fetchone()
            if names and names <= MAX_CANDIDATES:  # in no name, or in many: says nothing
                sizes[word] = names
        words = sorted(sizes, key=lambda w: sizes[w])
        if len(words) < 2:
            return []
        # a concept needs two words: the word of most names is only looked for among the
        # concepts the others found, when it has too few names to be common (those of more
        # are read to be counted)
        last = words.pop() if sizes[words[-1]] <= common else None
        shared: dict[int, set[str]] = {}
        for word in words:
            rows = self.conn.execute(
                "SELECT DISTINCT concept FROM name WHERE field != 'related' AND rowid IN "
                "(SELECT rowid FROM name_words WHERE name_words MATCH ? LIMIT ?) LIMIT ?",
                (_fts_phrase(word), MAX_CANDIDATES, common + 1),
            ).fetchall()
            if len(rows) > common:
                continue  # a word of many names says nothing of which
            for (concept,) in rows:
                shared.setdefault(concept, set()).add(word)
        if last is not None and shared:
            for concept in self._holding(last, list(shared)):
                shared[concept].add(last)
        out = []
        for concept, held in shared.items():
            if len(held) < 2:
                continue
            score = min(bands.DEFINITION.low + len(held) - 1.0, bands.DEFINITION.high)
            # shown with the concept's definition (_finish fills it in), as a description is
            row = self.conn.execute(
                "SELECT lang FROM entry WHERE concept = ? LIMIT 1", (concept,)
            ).fetchone()
            out.append((concept, score, row[0] if row else ""))
        return out

    def _holding(self, word: str, concepts: list[int]) -> set[int]:
        """Those of ``concepts`` (rowids) with a name other than a related term that has
        ``word``: their names' rowids (the ``name_concept`` index) met with the word's (the
        full-text index), so that only the names that have it are read."""
        names: set[int] = set()
        for start in range(0, len(concepts), 5000):  # (under SQLite's limit on parameters)
            chunk = concepts[start : start + 5000]
            marks = ",".join("?" * len(chunk))
            sql = f"SELECT rowid FROM name WHERE concept IN ({marks})"
            names.update(rowid for (rowid,) in self.conn.execute(sql, chunk))
        having = [
            rowid
            for (rowid,) in self.conn.execute(
                "SELECT rowid FROM name_words WHERE name_words MATCH ?", (_fts_phrase(word),)
            )
            if rowid in names
        ][:5000]
        if not having:
            return set()
        marks = ",".join("?" * len(having))
        rows = self.conn.execute(
            f"SELECT DISTINCT concept FROM name WHERE rowid IN ({marks}) AND field != 'related'",
            having,
        )
        return {concept for (concept,) in rows}

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
        from glossary_cli.tags import matches

        if not rowids:
            return set()
        marks = ",".join("?" * len(rowids))
        ok = set()
        for rowid, have in self.conn.execute(
            f"SELECT rowid, langs FROM concept WHERE rowid IN ({marks})", rowids
        ):
            tags = have.split(",") if have else []
            if any(matches(tag, want) for tag in tags for want in langs):
                ok.add(rowid)
        return ok

    def _finish(
        self, best: dict[int, _Best], langs: Sequence[str], limit: int, min_score: float = 0.0
    ) -> list[Hit]:
        order = sorted(best, key=lambda r: (-best[r].score, best[r].field_rank, r))
        if langs:
            keep = self._with_langs(order, langs)
            order = [r for r in order if r in keep]
        if min_score:
            order = [r for r in order if best[r].score >= min_score]
        sure = _is_sure([best[r] for r in order[:2]])
        order = order[:limit]
        if not order:
            return []
        marks = ",".join("?" * len(order))
        records = dict(
            self.conn.execute(f"SELECT rowid, record FROM concept WHERE rowid IN ({marks})", order)
        )
        return [_hit(_concept(records[r]), best[r], sure and i == 0) for i, r in enumerate(order)]


_concept = concept_of_row


def _hit(concept: Concept, best: _Best, sure: bool = False) -> Hit:
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
    return Hit(concept, best.score, match, sure)


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


def _english_skeleton(key: str) -> str:
    """The skeleton of an English name as a Bengali or Arabic spelling of it would give:
    :func:`glossary_cli.normalize.phonetic` with ``ture`` said ``cher`` (feature)."""
    return phonetic(_ENGLISH_TURE.sub("chur", key), "en")


def _is_prefix(query: str, name: str) -> bool:
    """Whether folded ``query`` starts folded ``name`` as it is written: up to spaces
    (``4bit`` starts ``4 bit integer``), but ending at the end of a word of the name or
    inside the word the query's last word begins.

    >>> _is_prefix("4bit", "4 bit integer"), _is_prefix("ai m", "ai model")
    (True, True)
    >>> _is_prefix("aim", "ai model")
    False
    """
    if name.startswith(query):
        return True
    compact = query.replace(" ", "")
    last = query.split()[-1] if query.split() else ""
    seen = 0
    for i, ch in enumerate(name):
        if ch == " ":
            continue
        seen += 1
        if seen == len(compact):
            end = i + 1
            if end == len(name) or name[end] == " ":
                return True
            # inside a word: the query's last word must begin where that word begins
            start = name.rfind(" ", 0, end) + 1
            return name[start:end].endswith(last) and len(name[start:end]) <= len(last)
    return False


def _beats(score: float, field_rank: int, current: _Best | None) -> bool:
    """Whether a match of ``score`` on a name of ``field_rank`` (:data:`_FIELD_ORDER`) replaces
    a concept's ``current`` best: a higher score, or an equal one on a better field."""
    return current is None or (score, -field_rank) > (current.score, -current.field_rank)


@functools.lru_cache(maxsize=1 << 16)
def _surface(word: str) -> str:
    """A folded word as written, up to what does not change it: an Arabic word without its
    article (:data:`glossary_cli.scripts.arabic.ARABIC_PREFIXES`), a Bengali one with
    sound-alike letters merged; others as they are. Two words with the same stem but other
    surfaces (طباعية, طباعة; studies, study) are different words."""
    block = script_block(word)
    if block == "arabic":
        return arabic_stem(word, suffixes=False)
    if block in ("bengali", "devanagari"):
        return stem(word)
    return word


def _glob_to_regex(pattern: str) -> str:
    """A glob as an RE2 expression for a whole name: ``*`` any text, ``?`` one character,
    ``[…]`` a class (``[!…]`` negated), anything else literal.

    >>> _glob_to_regex("quant*[!x]?")
    'quant.*[^x].'
    """
    import re2

    out, i = [], 0
    while i < len(pattern):
        ch = pattern[i]
        i += 1
        if ch == "*":
            out.append(".*")
        elif ch == "?":
            out.append(".")
        elif ch == "[" and (end := _class_end(pattern, i)) > 0:
            body = pattern[i:end]
            if body[:1] in ("!", "^"):
                body = "^" + body[1:]
            out.append("[" + body.replace("\\", "\\\\") + "]")
            i = end + 1
        else:
            out.append(re2.escape(ch))
    return "".join(out)


def _class_end(pattern: str, start: int) -> int:
    """Where the glob class opened just before ``start`` ends (its ``]``), or -1: a ``]``
    first (after ``!``) belongs to the class."""
    j = start
    if pattern[j : j + 1] in ("!", "^") and j < len(pattern):
        j += 1
    if pattern[j : j + 1] == "]":
        j += 1
    return pattern.find("]", j)


def _is_sure(top: Sequence[_Best]) -> bool:
    """Whether the first of the ranked matches ``top`` (the first two) leaves no doubt which
    concept was meant (:mod:`glossary_cli.search.bands`): an exact, inflected or clitic match
    of a whole name; a prefix no other concept's names have, ending inside a word (``quant``,
    not ``TPU`` of TPU Deployment: that is a narrower concept); a slip or a spelling of one whole
    name (by any of the concept's matches: প্রুনিং found as a word of নেটওয়ার্ক প্রুনিং also
    spells Pruning out) with no other concept within
    :data:`glossary_cli.search.bands.SURE_MARGIN`."""
    if not top:
        return False
    first = top[0]
    second = top[1].score if len(top) > 1 else 0.0
    kind = first.match["kind"]
    if first.score >= bands.INFLECTED and kind in ("exact", "inflected", "clitic"):
        return True
    if kind == "prefix":
        return first.whole and first.score >= bands.PREFIX.low and second < bands.PREFIX.low
    return first.whole and second <= first.score - bands.SURE_MARGIN


def _sure_alone(best: dict[int, _Best]) -> bool:
    """Whether some concept is matched so surely (exact, inflected or clitic, a whole name)
    that no other match can make it less so (:func:`_is_sure`)."""
    return any(
        b.score >= bands.INFLECTED and b.match["kind"] in ("exact", "inflected", "clitic")
        for b in best.values()
    )


def _romanized_name_sized(run: _Run) -> bool:
    """Whether a Latin query is short enough to be a romanized name: at most
    :data:`NAME_WORDS` content words once romanized Arabic articles (al-, el-, ash-…) are left
    out (:func:`glossary_cli.normalize.strip_arabic_articles`): al-istidlal dhu al-rutba
    al-munkhafida is a name of four words."""
    return len(strip_arabic_articles(run.query.content).split()) <= NAME_WORDS


def _name_sized(run: _Run) -> bool:
    """Whether the query is short enough to be a name: at most :data:`NAME_WORDS` content
    words."""
    return len(run.query.content.split()) <= NAME_WORDS


def _always(run: _Run) -> bool:
    return True


def _arabizi(run: _Run) -> tuple[str, ...]:
    """The readings of a Latin query as Arabizi
    (:func:`glossary_cli.scripts.arabic.arabizi_readings`), of the query as typed (folding
    splits a word at its apostrophe), words that some name has as typed (``llama2``) kept as
    they are; ``()`` when it is not Arabizi."""
    if run.arabizi is None:
        typed = run.forms.typed or (False,) * len(run.forms.words)
        keep = frozenset(w for w, known in zip(run.query.key.split(), typed, strict=True) if known)
        run.arabizi = arabizi_readings(run.query.text, keep) if run.query.latin else ()
    return run.arabizi


#: The tiers of a ranked lookup, best first (:meth:`Searcher._collect` walks them).
TIERS = (
    Tier("exact", bands.EXACT, Searcher._exact, _always),
    Tier("prefix", bands.PREFIX.high, Searcher._prefix, _always),
    Tier("word", bands.WORD.high, Searcher._words, _always),
    Tier("spelled", bands.SPELLED.high, Searcher._spelled_letters, lambda r: bool(r.query.spelled)),
    # the words of several names of one concept, as a query mixing scripts gives them
    Tier(
        "word",
        bands.ACROSS.high,
        Searcher._across,
        lambda r: not any(b.score >= bands.WORD.low for b in r.best.values()),
    ),
    Tier("fuzzy", bands.CORRECTED.high, Searcher._corrected, _always),
    # the words of a longer query, a description, are not slips of a name's (a long name
    # with a slip shares its other words whole: the word tier's)
    Tier("fuzzy", bands.FUZZY.high, Searcher._fuzzy, _name_sized),
    # A Latin query spelt close to a name (qunatization) is that name misspelt, not a Bengali
    # or Arabic term romanized: the sound of native terms is compared only when no spelling
    # came close (koyantaijeshon, taqlim al-shabaka), or when the query is Arabizi (its
    # digits are letters: no spelling of it is a name's).
    Tier(
        "phonetic",
        bands.PHONETIC.high,
        Searcher._phonetic,
        lambda r: (
            r.query.latin
            and not r.query.abbreviation
            and ((len(r.best) == r.before_fuzzy and _romanized_name_sized(r)) or bool(_arabizi(r)))
        ),
    ),
    Tier("partial", bands.PARTIAL.high, Searcher._partial, lambda r: not r.query.abbreviation),
    Tier("definition", bands.DEFINITION.high, Searcher._definitions, _always),
    Tier(
        "phonetic",
        bands.PHONETIC.high,
        Searcher._spelled_english,
        lambda r: (
            not r.query.latin
            and _name_sized(r)
            and not any(b.score >= bands.PREFIX.low for b in r.best.values())
        ),
    ),
)
#: The tiers each single-strategy mode runs.
_MODE_TIERS = {
    "exact": frozenset({"exact"}),
    "prefix": frozenset({"exact", "prefix"}),
    "word": frozenset({"exact", "word"}),
    "fuzzy": frozenset({"fuzzy"}),
}


def _digits(text: str) -> str:
    return "".join(ch for ch in text if ch.isdigit())


def _is_slip(query: str, name: str) -> bool:
    """Whether folded ``query`` is ``name`` with a slip in its spelling, sure enough for
    ``gloss show``: optimal string alignment distance 1, or 2 in a name of ten characters or
    more; the same digits (int8 is not int4); every word beginning with the name's word's
    letter (unstructured pruning is not structured pruning); a Latin name of at least six
    letters (lora and qlora are two terms).

    >>> _is_slip("mixure of experts", "mixture of experts")
    True
    >>> _is_slip("unstructured pruning", "structured pruning"), _is_slip("int8 x", "int4 x")
    (False, False)
    """
    from rapidfuzz.distance import OSA

    if query == name or _digits(query) != _digits(name):
        return False
    if name.isascii() and len(name.replace(" ", "")) < 6:
        return False
    q_words, n_words = query.split(), name.split()
    if len(q_words) == len(n_words) and any(
        a != b and (a[:1] != b[:1] or (b.isascii() and len(b) < 6))
        for a, b in zip(q_words, n_words, strict=True)
    ):
        return False  # (truncated svm is not truncated svd: a short word slipped is another)
    return OSA.distance(query, name) <= (2 if len(name) >= 10 else 1)


def _ends_a_word(query: str, name: str) -> bool:
    """Whether the prefix ``query`` of ``name`` (:func:`_is_prefix`) ends where a word of the
    name ends.

    >>> _ends_a_word("4bit", "4 bit integer"), _ends_a_word("quant", "quantization")
    (True, False)
    """
    seen, size = 0, len(query.replace(" ", ""))
    for i, ch in enumerate(name):
        if ch != " ":
            seen += 1
            if seen == size:
                return i + 1 == len(name) or name[i + 1] == " "
    return False


def _same_sound(name: str, query: str) -> bool:
    """Whether two phonetic skeletons are one sound, word for word, with at least four
    consonants (ফিচার ক্যাশিং: feature caching); a sure match needs more of a shorter one
    (:meth:`Searcher._spelled_english_key`)."""
    return name == query and len(name.replace(" ", "")) >= 4


#: Marks that make a name another name when they end or begin it (LoRA+, C#, C++, *NIX):
#: math, currency and other symbols (Unicode categories Sm, Sc, So) and these.
_SIGNIFICANT_MARKS = frozenset("+#*&@^~%")


def _edge_marks(text: str) -> str:
    """The significant marks (:data:`_SIGNIFICANT_MARKS`, symbols) at the start and the end
    of ``text``, outside its letters and digits: ``"+"`` for LoRA+, ``""`` for LoRA or (LoRA).

    >>> _edge_marks("LoRA++"), _edge_marks(" #LoRA"), _edge_marks("Low-Rank (LoRA)")
    ('++', '#', '')
    """
    import unicodedata

    def significant(ch: str) -> bool:
        return ch in _SIGNIFICANT_MARKS or unicodedata.category(ch) in ("Sm", "Sc", "So")

    stripped = text.strip()
    head = "".join(itertools.takewhile(lambda c: not c.isalnum(), stripped))
    tail = "".join(itertools.takewhile(lambda c: not c.isalnum(), reversed(stripped)))[::-1]
    if len(head) == len(stripped):
        return ""
    return "".join(c for c in head + tail if significant(c))
