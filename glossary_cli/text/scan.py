"""Glossary terms in running text (``gloss scan``, ``gloss check``).

The text and the terms go through the same analysis chain (:mod:`glossary_cli.analysis`): the
text's words are folded as a term's are, and each word gives the keys it may be a form of
(:func:`glossary_cli.analysis.word_keys`: Arabic with or without the article, with proclitics,
sound and broken plurals and duals; Bengali with case, number and classifier endings and in the
spelling variants of loanwords; English plurals and possessives). A term is found where the
keys of consecutive words give one of its analysis forms
(:func:`glossary_cli.analysis.term_forms`), word for word, nothing between them that ends a
sentence, a clause, a paragraph or a list item (:func:`glossary_cli.analysis.breaks`).

The text is read a space-separated piece at a time; every distinct piece is analyzed once (a
text repeats its words), and only the pieces with a word that some term's first word may be
are looked at further, so a text costs about one dictionary lookup per piece. An occurrence
spans the whole words as the text writes them (``والنماذج``, ``প্রুনিংকে``, ``LoRA-তে``); it is:

- ``exact`` (or ``abbreviation``): the text's words are the term's, folded;
- ``clitic``: an Arabic word with proclitics or the article the term has not (or the other way);
- ``inflected``: any other form of the term's words.

Words are never cut: a term is never found inside a longer word (``কল`` is not in ``সকল``),
which a regular expression's ``\\b`` gets wrong in Bengali. Where terms overlap, the longest
(then the leftmost) wins. A Latin abbreviation (``IT``, ``LoRA``) or Latin term of three
letters or fewer is found only with the letter case of the glossary, so that the English word
*it* is not the acronym *IT*.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from itertools import accumulate, compress
from operator import attrgetter, itemgetter
from typing import Any, TypeAlias

from glossary_cli.analysis import (
    AGREE,
    BREAK,
    BREAK_WORD,
    CLITIC,
    EXACT,
    SPACES,
    WEAK,
    Word,
    everyday,
    keys_of,
    pieces,
    spelled_apart,
    term_forms,
    term_words,
)
from glossary_cli.analysis import words_of as _words_of
from glossary_cli.values import NamedTuple

#: Fields of the index's names that are a concept's terms (curated search-only aliases and
#: related terms are not: they are never found in text).
TERM_FIELDS = ("en", "term", "abbr", "synonym")
#: How an occurrence matched, in the order a tie between names is broken.
KINDS = ("exact", "abbreviation", "inflected", "clitic")
_FIELD_RANK = {f: i for i, f in enumerate(TERM_FIELDS)}
_FIRSTS = attrgetter("firsts")
#: The flags of a run of keys (:func:`prefix_flags`): a whole form, the first words of a longer.
WHOLE, MORE = 1, 2
_BREAK_SEARCH = BREAK.search


class Name(NamedTuple):
    """One term of the glossary as the scanner finds it.

    Attributes:
        id: the concept's id.
        lang: the term's language tag.
        term: the term as the glossary writes it.
        field: what it is to the concept (:data:`TERM_FIELDS`).
        status: its administrative status, if any (``deprecated`` terms are found, marked).
        type: its term type, if any.
        everyday: whether it is also an everyday word of its language
            (:func:`glossary_cli.analysis.everyday`), as the index keeps it; ``None``: not
            known yet.
    """

    id: str
    lang: str
    term: str
    field: str
    status: str | None
    type: str | None
    everyday: bool | None = None


class Occurrence(NamedTuple):
    """A glossary term found in a text.

    Attributes:
        start, end: code-point offsets of the surface form in the text as given (``end``
            exclusive).
        text: the surface form, the text's own characters.
        id: the concept it designates.
        lang: the language of the term.
        term: the glossary term it is a form of.
        kind: how it matched: ``exact``, ``abbreviation``, ``inflected`` or ``clitic``.
        status: the term's administrative status, if any.
        field: what the term is to the concept (:data:`TERM_FIELDS`).
        also: other concepts with a term of the same form (homonyms), by id.
        everyday: the term is one word that is also an everyday word of its language
            (:func:`glossary_cli.analysis.everyday`): the occurrence may be that word.
    """

    start: int
    end: int
    text: str
    id: str
    lang: str
    term: str
    kind: str
    status: str | None = None
    field: str = "term"
    also: tuple[str, ...] = ()
    everyday: bool = False


class _Piece(NamedTuple):
    """A space-separated piece of a text, analyzed: its words, each word's keys, and the
    keys that begin a term's form, as ``(word, key, how, flags, start, end)`` (the word's span
    in the piece, a Bengali ending hyphenated onto a Latin word included: ``LoRA-তে``)."""

    words: tuple[Word, ...]
    keys: tuple[dict[str, str], ...]
    firsts: tuple[tuple[int, str, str, int, int, int], ...]


def prefix_flags(forms: Iterable[str]) -> dict[str, int]:
    """Every analysis form of ``forms`` and every run of its first words (space-separated),
    each with ``WHOLE`` (a form), ``MORE`` (the first words of a
    longer one), or both.

    >>> prefix_flags(["low rank adaptation", "low rank"])
    {'low': 2, 'low rank': 3, 'low rank adaptation': 1}
    """
    out: dict[str, int] = {}
    for form in forms:
        if not form:
            continue
        at = form.find(" ")
        while at >= 0:
            run = form[:at]
            out[run] = out.get(run, 0) | MORE
            at = form.find(" ", at + 1)
        out[form] = out.get(form, 0) | WHOLE
    return out


class _IndexPrefixes:
    """The ``prefix`` table of an index (:mod:`glossary_cli.index`) as the scanner asks it:
    the runs a text's words give, read a batch at a time (:meth:`prime`) and kept."""

    def __init__(self, conn: Any) -> None:
        self._conn = conn
        self._known: dict[str, int] = {}

    def prime(self, keys: Iterable[str]) -> None:
        """Read the flags of ``keys`` at once (500 a query)."""
        missing = [k for k in keys if k not in self._known]
        for at in range(0, len(missing), 500):
            batch = missing[at : at + 500]
            self._known.update(dict.fromkeys(batch, 0))
            marks = ",".join("?" * len(batch))
            self._known.update(
                self._conn.execute(f"SELECT key, flags FROM prefix WHERE key IN ({marks})", batch)
            )
        if len(self._known) > 1 << 20:  # memory stays bounded
            self._known.clear()

    def get(self, key: str, default: int = 0) -> int:
        """The flags of a run (0 when no term's form begins with it)."""
        found = self._known.get(key)
        if found is None:
            row = self._conn.execute("SELECT flags FROM prefix WHERE key = ?", (key,)).fetchone()
            found = self._known[key] = row[0] if row else 0
        return found or default

    def size(self) -> int:
        """How many forms the table holds."""
        (count,) = self._conn.execute("SELECT count(*) FROM prefix WHERE flags & 1").fetchone()
        return int(count)


_Prefixes: TypeAlias = "dict[str, int] | _IndexPrefixes"


class Automaton:
    """The terms of a glossary as the scanner looks them up: every analysis form of every
    term (:func:`glossary_cli.analysis.term_forms`) and every run of its first words, each
    with whether it is a whole form (``WHOLE``), the first words of a longer one
    (``MORE``), or both. The names a form stands for are read when a match is kept: from
    the index the automaton is :meth:`bind`-ed to (its ``form`` table), or from the mapping it
    was made with (:meth:`of_names`).
    """

    def __init__(
        self,
        forms: Iterable[str] = (),
        names: dict[str, tuple[Name, ...]] | None = None,
        prefixes: _Prefixes | None = None,
    ):
        """``forms``: the analysis forms of the terms; ``names``: the names of each form, when
        they are not to be read from an index; ``prefixes``: the forms' runs as an index keeps
        them (:class:`_IndexPrefixes`), instead of ``forms``."""
        self._prefixes: _Prefixes = prefixes if prefixes is not None else prefix_flags(forms)
        self._names = names
        self._conn: Any = None
        self._cache: dict[str, tuple[Name, ...]] = {}
        self._pieces: dict[str, _Piece] = {}
        self._named: dict[frozenset[str], dict[tuple[str, str, bool], Any]] = {}
        self._steps: dict[tuple[str, str, int, bool], tuple[tuple[str, str, int], ...]] = {}

    @classmethod
    def of_names(cls, names: Iterable[tuple[str, Name]]) -> Automaton:
        """An automaton of ``(folded key, name)`` pairs (the key is not used: each name's
        forms are its term's :func:`~glossary_cli.analysis.term_forms`), kept in memory."""
        from glossary_cli.termtext import named_by

        grouped: dict[str, list[Name]] = {}
        for _, name in names:
            for term in named_by(name.term):  # as the index names it (index.name_rows)
                for form in term_forms(term):
                    grouped.setdefault(form, []).append(name)
        return cls(grouped, {k: tuple(v) for k, v in grouped.items()})

    def bind(self, conn: Any) -> Automaton:
        """Read the names of forms from the index ``conn`` (:func:`names_from_index`)."""
        self._conn = conn
        self._cache = {}
        self._named = {}
        self._steps = {}
        return self

    def names(self, form: str) -> tuple[Name, ...]:
        """The names of which ``form`` is an analysis form, in the index's order."""
        if self._names is not None:
            return self._names.get(form, ())
        found = self._cache.get(form)
        if found is None:
            self.read([form])
            found = self._cache[form]
        return found

    def read(self, forms: Iterable[str]) -> None:
        """Read the names of ``forms`` from the index at once (a few queries rather than one a
        form), for :meth:`names` to give."""
        if self._names is not None:
            return
        missing = [k for k in dict.fromkeys(forms) if k not in self._cache]
        for at in range(0, len(missing), 500):
            batch = missing[at : at + 500]
            grouped: dict[str, list[Name]] = {k: [] for k in batch}
            for key, name in names_from_index(self._conn, batch):
                grouped[key].append(name)
            self._cache.update((k, tuple(v)) for k, v in grouped.items())

    @property
    def size(self) -> int:
        """How many analysis forms of terms it holds."""
        if isinstance(self._prefixes, dict):
            return sum(1 for f in self._prefixes.values() if f & WHOLE)
        return self._prefixes.size()

    def analyze(self, raws: Iterable[str]) -> None:
        """Analyze the space-separated pieces of a text that are new to it, once each (a text
        repeats its words): their words, each word's keys, and the keys that begin a term's
        form — a large termbase asked for all of their keys at once."""
        words = {raw: _words_of(raw) for raw in raws}
        keys = {raw: tuple(keys_of(raw, w) for w in ws) for raw, ws in words.items()}
        if isinstance(self._prefixes, _IndexPrefixes):
            self._prefixes.prime({k for ks in keys.values() for word in ks for k in word})
        flags = self._prefixes.get
        for raw, ws in words.items():
            firsts = tuple(
                (wi, k, how, flag, ws[wi].start, _with_ending(raw, ws, wi))
                for wi, ks in enumerate(keys[raw])
                for k, how in ks.items()
                if how != AGREE and (flag := flags(k, 0))
            )
            self._pieces[raw] = _Piece(ws, keys[raw], firsts)


#: An address in a text, not prose: a URL (``scheme://…``, ``www.…``) or an e-mail address;
#: trailing punctuation (a sentence's full stop, a Markdown link's parenthesis) is not part of it.
_ADDRESS = re.compile(
    r"(?:\b[a-zA-Z][a-zA-Z0-9+.-]*://|\bwww\.)[^\s<>\"'()\[\]]*[^\s<>\"'()\[\].,;:!?]"
    r"|[\w.+-]+@[\w-]+(?:\.[\w-]+)+"
)


def masked_addresses(text: str) -> str:
    """``text`` with its URLs and e-mail addresses blanked out, character for character (no
    term is sought in them; offsets stay the text's).

    >>> masked_addresses("[LoRA](https://x.org/lora). Mail a@b.org")
    '[LoRA](                  ). Mail        '
    """
    if "@" not in text and "://" not in text and "www." not in text:
        return text  # no address can be there: the pattern's own search costs more
    return _ADDRESS.sub(lambda m: " " * len(m.group()), text)


#: Texts longer than this (in code points) are scanned a piece at a time, cut between
#: paragraphs (else lines, else spaces), so that memory stays bounded whatever the input.
CHUNK = 1 << 16


def scan(text: str, automaton: Automaton, langs: Sequence[str] = ()) -> list[Occurrence]:
    """Every occurrence of a glossary term in ``text`` (see the module docstring); a long
    text is scanned in pieces (:data:`CHUNK`), cut where no term can span the cut.

    Args:
        text: the text, as read.
        automaton: the glossary's terms (:class:`Automaton`).
        langs: only terms of these languages (primary subtags match: ``en`` finds ``en-US``);
            empty: every language.

    Returns:
        The occurrences, in text order, none overlapping another; offsets are the text's.
    """
    text = masked_addresses(text)
    if len(text) <= CHUNK:
        return _scan(text, automaton, langs)
    out: list[Occurrence] = []
    start = 0
    while start < len(text):
        end = _cut(text, start)
        # the piece and a margin after it, so that a term across the cut is found whole; what
        # begins in the margin is the next piece's
        window = text[start : min(len(text), end + _MARGIN)]
        last = end
        for o in _scan(window, automaton, langs, start):
            if o.start >= end:
                break
            out.append(o)
            last = max(last, o.end)
        start = last
    return out


#: How far past a cut a piece is scanned: longer than any term and its endings.
_MARGIN = 1024


def _cut(text: str, start: int) -> int:
    """Where the piece of ``text`` that begins at ``start`` ends: at the last paragraph break
    (else line break, else space) before ``start + CHUNK``, never inside a word — or there,
    in a word longer than half a piece."""
    limit = start + CHUNK
    if limit >= len(text):
        return len(text)
    for sep in ("\n\n", "\n", " "):
        at = text.rfind(sep, start + CHUNK // 2, limit)
        if at >= 0:
            return at + len(sep)
    return limit


def _scan(text: str, automaton: Automaton, langs: Sequence[str], base: int = 0) -> list[Occurrence]:
    """:func:`scan` of one piece of text, its addresses blanked out already; the offsets of
    the occurrences are ``base`` past the piece's."""
    # the pieces and the spaces between them, and where each begins (loops in C)
    parts = SPACES.split(text)
    offsets = list(accumulate(map(len, parts), initial=0))
    raws, starts = parts[0::2], offsets[0::2]
    cache = automaton._pieces
    new = set(raws).difference(cache)
    if len(cache) + len(new) > 1 << 17:  # memory stays bounded, whatever the texts
        cache.clear()
        automaton._steps.clear()
        new = set(raws)
    automaton.analyze(new)
    analyzed = list(map(cache.__getitem__, raws))
    found: list[tuple[int, int, str, tuple[str, ...]]] = []
    longer: list[tuple[int, int, int, str, tuple[str, ...]]] = []  # runs that go on
    for ti in compress(range(len(analyzed)), map(_FIRSTS, analyzed)):
        p = analyzed[ti]
        at = starts[ti]
        for wi, key, how, flag, start, end in p.firsts:
            if flag & WHOLE and how != WEAK:  # a weak key only begins longer terms
                found.append((at + start, at + end, key, (how,)))
            if flag & MORE:
                longer.append((at + start, ti, wi, key, (CLITIC if how == WEAK else how,)))
    _Walk(text, starts, raws, analyzed, automaton, found).run(longer)
    wanted = {lang.casefold() for lang in langs}
    return _resolved(text, found, automaton, wanted, base)


class _Walk:
    """Follows a term's form from a text's word to the next ones (see :func:`_scan`)."""

    def __init__(
        self,
        text: str,
        starts: list[int],
        raws: list[str],
        analyzed: list[_Piece],
        automaton: Automaton,
        found: list[tuple[int, int, str, tuple[str, ...]]],
    ) -> None:
        self.text, self.starts, self.raws, self.analyzed = text, starts, raws, analyzed
        self.automaton, self.found = automaton, found

    def run(self, runs: list[tuple[int, int, int, str, tuple[str, ...]]]) -> None:
        """Follow runs of keys that begin longer forms, ``(start, piece, word, run, hows)``
        each, into the next words, all of them a word at a time (a large termbase is asked for
        the runs of one step at once), recording the whole forms they make."""
        analyzed, starts, raws, text = self.analyzed, self.starts, self.raws, self.text
        steps, prefixes = self.automaton._steps, self.automaton._prefixes
        while runs:
            ahead = []
            for start, ti, wi, run, hows in runs:
                words = analyzed[ti].words
                end = starts[ti] + words[wi].end
                # the next word: in the same piece, or the first of the next piece that has one
                if wi + 1 < len(words):
                    tj, wj = ti, wi + 1
                else:
                    tj, wj = ti + 1, 0
                    while tj < len(analyzed) and not analyzed[tj].words and tj <= ti + 8:
                        tj += 1
                    if tj >= len(analyzed) or not analyzed[tj].words:
                        continue
                nxt = starts[tj] + analyzed[tj].words[wj].start
                broken = _BREAK_SEARCH(text, end, nxt) is not None
                ahead.append((start, tj, wj, run, hows, (run, raws[tj], wj, broken)))
            if isinstance(prefixes, _IndexPrefixes):  # a large termbase: ask for them at once
                prefixes.prime(
                    f"{r}{' ' + BREAK_WORD if b else ''}{tail}"
                    for _, tj, wj, _, _, (r, _, _, b) in ahead
                    if (r, raws[tj], wj, b) not in steps
                    for tail in ("", *(" " + k for k in analyzed[tj].keys[wj]))
                )
            runs = []
            for start, tj, wj, run, hows, step in ahead:
                nexts = steps.get(step)
                if nexts is None:
                    nexts = steps[step] = _steps(prefixes, run, analyzed[tj].keys[wj], step[3])
                for more, how, f in nexts:
                    h = hows if how not in (CLITIC, WEAK) else (*hows, CLITIC)
                    if f & WHOLE:
                        words = analyzed[tj].words
                        end = starts[tj] + _with_ending(raws[tj], words, wj)
                        self.found.append((start, end, more, h))
                    if f & MORE:
                        runs.append((start, tj, wj, more, h))


def _steps(
    prefixes: _Prefixes, run: str, keys: dict[str, str], broken: bool
) -> tuple[tuple[str, str, int], ...]:
    """The runs ``run`` goes on to with a next word of these ``keys``: ``(run, how, flags)``;
    across a break (``broken``) only a term with a break of its own there goes on
    (:data:`glossary_cli.analysis.BREAK_WORD`)."""
    if broken:
        run += " " + BREAK_WORD
        if not prefixes.get(run, 0) & MORE:
            return ()
    out = []
    for key, how in keys.items():
        longer = run + " " + key
        f = prefixes.get(longer, 0)
        if f:
            out.append((longer, how, f))
    return tuple(out)


def _with_ending(raw: str, words: tuple[Word, ...], wi: int) -> int:
    """Where word ``wi`` of a piece ends, past Bengali endings hyphenated onto it (``LoRA-তে``,
    ``QAT-গুলোর``, ``প্রুনিং-এর``), which folding leaves a word of their own
    (:func:`glossary_cli.scripts.bengali.is_ending`)."""
    end = words[wi].end
    if wi + 1 >= len(words):
        return end
    from glossary_cli.scripts.bengali import is_ending

    nxt = words[wi + 1]
    if raw[end : nxt.start] in ("-", "\u2010", "\u2011", "") and is_ending(nxt.form):
        return nxt.end
    return end


def _resolved(
    text: str,
    found: list[tuple[int, int, str, tuple[str, ...]]],
    automaton: Automaton,
    wanted: set[str],
    base: int = 0,
) -> list[Occurrence]:
    """The candidates as occurrences (their offsets ``base`` past the text's): the longest of
    overlapping ones (then the leftmost), names of unwanted languages and case-mismatched
    Latin abbreviations left out; candidates of one span merged (:func:`_merged`)."""
    candidates: list[tuple[int, int, str, str, Name, tuple[str, ...], bool]] = []
    automaton.read(form for _, _, form, _ in found)
    # what a form found as a surface stands for, kept across texts (a text repeats its terms)
    known = automaton._named.setdefault(frozenset(wanted), {})
    if len(known) > 1 << 16:  # memory stays bounded
        known.clear()
    for start, end, form, hows in found:
        surface = text[start:end]
        case = (form, surface, CLITIC in hows)
        named = known.get(case, _UNKNOWN)
        if named is _UNKNOWN:
            named = known[case] = _named(automaton.names(form), form, surface, case[2], wanted)
        if named is not None:
            candidates.append((start, end, surface, *named))
    candidates.sort(key=_SPAN_ORDER)
    chosen = []
    for cluster in _clusters(_merged(candidates)):
        if len(cluster) == 1:
            chosen.append(cluster[0])
            continue
        # within a run of overlapping candidates, the longest first, then the leftmost
        cluster.sort(key=lambda c: (-(c[1] - c[0]), c[0]))
        taken: list[tuple[int, int]] = []
        for c in cluster:
            if not any(c[0] < e and s < c[1] for s, e in taken):
                taken.append((c[0], c[1]))
                chosen.append(c)
    chosen.sort(key=_START)
    return [
        Occurrence(
            s + base,
            e + base,
            surface,
            n.id,
            n.lang,
            n.term,
            kind,
            n.status,
            n.field,
            also,
            common,
        )
        for s, e, surface, kind, n, also, common in chosen
    ]


_UNKNOWN: Any = object()
_START = itemgetter(0)


def _SPAN_ORDER(c: tuple[Any, ...]) -> tuple[int, int]:
    return c[0], -c[1]


def _merged(candidates: list[Any]) -> list[Any]:
    """The candidates, in span order, those of one span merged into one: the name the surface
    is exactly (then the first found), the others' concepts among its homonyms (``also``) —
    *regular expressions* is the term of one concept and a plural of another's."""
    out: list[Any] = []
    group: list[Any] = []
    for c in [*candidates, None]:
        if group and (c is None or (c[0], c[1]) != (group[0][0], group[0][1])):
            if len(group) == 1:
                out.append(group[0])
            else:
                group.sort(key=lambda g: g[3] not in (EXACT, "abbreviation"))
                best = group[0]
                ids = [i for g in group for i in (g[4].id, *g[5]) if i != best[4].id]
                out.append((*best[:5], tuple(dict.fromkeys(ids)), best[6]))
            group = []
        if c is not None:
            group.append(c)
    return out


def _named(
    names: tuple[Name, ...], form: str, surface: str, clitic: bool, wanted: set[str]
) -> tuple[str, Name, tuple[str, ...], bool] | None:
    """``(kind, name, homonyms, everyday)`` of a form found as ``surface``: the names of the
    wanted languages whose case fits, those the surface is exactly first; ``None`` when none."""
    chosen = [
        n
        for n in names
        if _wanted(n, wanted) and _case_fits(n, surface) and not spelled_apart(n.term, surface)
    ]
    if not chosen:
        return None
    words = tuple(w.form for piece in pieces(surface) for w in _words_of(piece))
    same = [n for n in chosen if term_words(n.term) == words]
    pool = same or chosen
    pool.sort(key=lambda n: (_FIELD_RANK.get(n.field, 9), n.status in ("deprecated",)))
    best = pool[0]
    if same:
        kind = EXACT
        if best.field == "abbr" or best.type in ("abbreviation", "acronym"):
            kind = "abbreviation"
    else:
        kind = "clitic" if clitic or _article_apart(words, term_words(best.term)) else "inflected"
    also = tuple(dict.fromkeys(n.id for n in chosen if n.id != best.id))
    common = best.everyday if best.everyday is not None else everyday(best.term, best.lang)
    return kind, best, also, common


def _article_apart(words: tuple[str, ...], term: tuple[str, ...]) -> bool:
    """Whether folded words differ from a term's only by the Arabic article, added or left
    out (الطريقة of طريقة): a clitic form, as a proclitic makes one."""
    if len(words) != len(term):
        return False
    bare = [(w[2:] if w.startswith("\u0627\u0644") and len(w) > 4 else w) for w in (*words, *term)]
    return bare[: len(words)] == bare[len(words) :]


def _clusters(candidates: list[Any]) -> Iterator[list[Any]]:
    """The candidates ``(start, end, …)``, in span order, in runs that overlap one another (a
    run ends where the next candidate starts at or after the end of every one before it)."""
    run: list[Any] = []
    end = -1
    for c in candidates:
        if run and c[0] >= end:
            yield run
            run = []
        run.append(c)
        end = max(end, c[1]) if len(run) > 1 else c[1]
    if run:
        yield run


def _wanted(name: Name, wanted: set[str]) -> bool:
    return not wanted or name.lang.casefold() in wanted or name.lang.split("-")[0] in wanted


def _case_fits(name: Name, surface: str) -> bool:
    """A Latin abbreviation, or a Latin term of three letters or fewer, is found only as the
    glossary writes its letters (``IT``, not *it*), with an English plural or possessive, a
    proclitic or a Bengali ending written onto it (``LoRA's``, ``LoRAs``, ``وQAT``, ``LoRA-তে``);
    any other term whatever its case. Only Latin letters and digits are compared (``Adj.`` is
    found as ``Adj``)."""
    term = name.term
    if not _case_kept(term, name.field, name.type):
        return True
    # their Latin letters and digits, the term's and the text's (full-width ones as ASCII)
    if not surface.isascii():
        import unicodedata

        surface = unicodedata.normalize("NFKC", surface)
    latin, letters = _LATIN_LETTERS.sub("", surface), _LATIN_LETTERS.sub("", term)
    return latin == letters or (latin.startswith(letters) and latin[len(letters) :] in ("s", "es"))


_LATIN_LETTERS = re.compile(r"[^A-Za-z0-9]+")


@lru_cache(maxsize=1 << 16)
def _case_kept(term: str, field: str, term_type: str | None) -> bool:
    """Whether a term is found only in its own letter case (see :func:`_case_fits`)."""
    if not term.isascii():
        return False
    short = sum(c.isalpha() for c in term) <= 3
    return short or (
        field == "abbr"
        or term_type in ("abbreviation", "acronym")
        or (" " not in term and sum(c.isupper() for c in term) >= 2)  # LoRA, QLoRA, INT8
    )


def names_from_index(conn: Any, forms: Sequence[str] | None = None) -> Iterator[tuple[str, Name]]:
    """``(analysis form, name)`` of every term of an index (:mod:`glossary_cli.index`, its
    ``form`` table), or of the terms one of whose forms is in ``forms`` (at most 500), in the
    index's order."""
    marks = ",".join("?" * len(TERM_FIELDS))
    where = f" AND f.key IN ({','.join('?' * len(forms))})" if forms is not None else ""
    rows = conn.execute(
        "SELECT f.key, c.id, n.lang, n.text, n.field, n.status, n.type, e.name IS NOT NULL "
        "FROM form f JOIN name n ON n.rowid = f.name JOIN concept c ON c.rowid = n.concept "
        "LEFT JOIN everyday e ON e.name = n.rowid "
        f"WHERE n.field IN ({marks}){where} ORDER BY n.rowid",
        (*TERM_FIELDS, *(forms or ())),
    )
    for k, cid, lang, term, field, status, term_type, common in rows:
        yield k, Name(cid, lang, term, field, status, term_type, bool(common))


#: Most runs of a termbase read into memory at once; a larger one is asked run by run.
_IN_MEMORY = 50_000


def load_automaton(conn: Any) -> Automaton:
    """The automaton of an index's terms: the runs of their analysis forms as the index keeps
    them (its ``prefix`` table) — all read at once for a termbase of up to
    :data:`_IN_MEMORY` of them, else asked for the words a text has — and the names read
    from the index when a match is kept.

    Args:
        conn: an open index (:func:`glossary_cli.index.open_index`).

    Returns:
        The automaton.
    """
    rows = conn.execute("SELECT key, flags FROM prefix LIMIT ?", (_IN_MEMORY + 1,)).fetchall()
    if len(rows) <= _IN_MEMORY:
        return Automaton(prefixes=dict(rows)).bind(conn)
    return Automaton(prefixes=_IndexPrefixes(conn)).bind(conn)


def masked_markdown(text: str) -> str:
    """``text`` with what is not prose in a Markdown document blanked out, character for
    character, so that no term is sought in it and offsets stay the text's. Read as CommonMark
    reads it (markdown-it-py): code (fenced and indented blocks, code spans, and ``<pre>``,
    ``<code>``, ``<kbd>``, ``<samp>``, ``<textarea>``, ``<script>``, ``<style>`` in HTML), link
    targets and titles, link reference definitions (also inside quotes and lists), autolinks,
    HTML tags with their attributes and HTML comments are blanked; the text inside HTML blocks
    and inline HTML (``<div dir="rtl">…``, ``<Tip>…``) is prose and stays, as do link texts and
    image descriptions; a character reference for a space (``&nbsp;``) separates words like
    the space it stands for. Front matter (YAML ``---`` or TOML ``+++``), Hugo shortcodes
    (``{{< … >}}``) and heading anchors (``{#id}``, ``[[id]]``) are blanked too. The line break
    that ends each block (a heading, a paragraph, a list item, a rule, an HTML block) becomes a
    paragraph separator (U+2029), so that no term runs from one block into the next
    (:data:`glossary_cli.analysis.BREAK`). Every step runs in time linear in the text.

    >>> masked_markdown("Use `LoRA` [here](https://x.org/lora).\\n")
    'Use        [here]                    .\\u2029'
    >>> masked_markdown('<div dir="rtl">\\nالنموذج\\n</div>\\n')
    '               \\nالنموذج\\n      \\u2029'
    """
    from markdown_it import MarkdownIt

    lines = text.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))
    chars = list(text)

    def blank(start: int, end: int) -> None:
        for i in range(max(0, start), min(end, len(chars))):
            if chars[i] not in "\r\n\u2029":
                chars[i] = " "

    def blank_all(pattern: re.Pattern[str], start: int, end: int, group: int = 0) -> None:
        for m in pattern.finditer(text, start, end):
            blank(m.start(group), m.end(group))

    def blank_between(opening: str, closing: str, start: int, end: int) -> None:
        at = text.find(opening, start, end)
        while at >= 0:
            close = text.find(closing, at + len(opening), end)
            if close < 0:
                return  # no more closes: the rest is text
            blank(at, close + len(closing))
            at = text.find(opening, close + len(closing), end)

    unclosed: dict[str, int] = {}

    def blank_elements(start: int, end: int) -> None:
        # the content of elements that hold code, not prose
        for m in _HIDDEN_OPEN.finditer(text, start, end):
            name = m.group(1).lower()
            if m.start() >= unclosed.get(name, len(text) + 1):
                continue
            close = _CLOSE[name].search(text, m.end(), end)
            if close is None:
                unclosed[name] = m.start()
                continue
            blank(m.start(), close.end())

    def end_block(last: int) -> None:
        at = starts[last] - 1  # the line break that ends the block's last line
        if 0 <= at < len(chars) and chars[at] in "\r\n":
            chars[at] = "\u2029"

    body = 0
    front = _FRONT_MATTER.match(text)
    if front:
        blank(0, front.end())
        body = front.end()
    env: dict[str, object] = {}
    tokens = MarkdownIt("commonmark").parse(text[body:], env)
    shift = text[:body].count("\n")
    covered = [False] * len(lines)
    for token in tokens:
        if not token.map:
            continue
        first, last = token.map[0] + shift, min(token.map[1] + shift, len(lines))
        if token.nesting >= 0:
            for n in range(first, last):
                covered[n] = True
        region = (starts[first], starts[last])
        if token.type in ("fence", "code_block"):
            blank(*region)
        elif token.type == "html_block":
            blank_between("<!--", "-->", *region)
            blank_elements(*region)
            blank_all(_HTML_TAG, *region)
            blank_all(_LINK_TARGET, *region, 1)
            blank_all(_SPACE_ENTITY, *region)
        elif token.type == "inline":
            blank_all(_CODE_SPAN, *region)
            blank_between("<!--", "-->", *region)
            blank_elements(*region)
            blank_all(_HTML_TAG, *region)
            blank_all(_LINK_TARGET, *region, 1)
            blank_all(_LINK_LABEL, *region, 1)
            blank_all(_AUTOLINK, *region)
            blank_all(_SPACE_ENTITY, *region)
        if token.nesting >= 0 and last > first:
            end_block(last)
    references = env.get("references") or {}
    for n, line in enumerate(lines):
        if starts[n] < body or not line.strip():
            continue
        if not covered[n]:  # lines no block holds but a blank one: link reference definitions
            blank(starts[n], starts[n + 1])
            continue
        found = _REFERENCE.match(line)  # a definition inside a quotation or a list item
        if found and isinstance(references, dict) and _label(found.group(1)) in references:
            blank(starts[n] + found.start(1) - 1, starts[n + 1])
    blank_between("{{<", ">}}", body, len(text))
    blank_between("{{%", "%}}", body, len(text))
    blank_between("{%", "%}", body, len(text))
    blank_all(_ANCHOR, body, len(text))
    return "".join(chars)


def _label(label: str) -> str:
    """A link reference label as markdown-it-py keys it (case folded, spaces collapsed)."""
    from markdown_it.common.utils import normalizeReference

    return str(normalizeReference(label))


#: Front matter: YAML between ``---`` lines, or TOML between ``+++`` lines, at the start.
_FRONT_MATTER = re.compile(
    r"\A(?:---[ \t]*\r?\n.*?\r?\n(?:---|\.\.\.)|\+\+\+[ \t]*\r?\n.*?\r?\n\+\+\+)[ \t]*(?:\r?\n|\Z)",
    re.S,
)
#: HTML elements whose content is code or no prose.
_HIDDEN = ("script", "style", "pre", "code", "kbd", "samp", "textarea")
_HIDDEN_OPEN = re.compile(rf"<({'|'.join(_HIDDEN)})\b", re.I)
_CLOSE = {name: re.compile(rf"</{name}\s*>", re.I) for name in _HIDDEN}
#: An HTML tag with its attributes, quoted values holding ``>`` (CommonMark 6.6, raw HTML;
#: a value's length bounded, so that an unclosed quote costs no more than that).
_HTML_TAG = re.compile(
    r"</?[A-Za-z][A-Za-z0-9-]*"
    r"(?:\s+[A-Za-z_:][A-Za-z0-9_.:-]*(?:\s*=\s*(?:[^\s\"'=<>`]{1,2048}|'[^']{0,2048}'|\"[^\"]{0,2048}\"))?)*"
    r"\s*/?>"
)
#: A code span (CommonMark 6.1): a run of backticks, then the same run.
_CODE_SPAN = re.compile(r"(?<!`)(`+)(?!`).+?(?<!`)\1(?!`)", re.S)
#: An inline link's or image's destination and title: ``](…)`` (group 1 the parentheses).
_LINK_TARGET = re.compile(r"\](\((?:[^()\n]|\([^()\n]*\))*\))")
#: A full or collapsed reference link's label: ``][label]`` (group 1 the label).
_LINK_LABEL = re.compile(r"\](\[[^\]\n]*\])")
#: A link reference definition's start, in a quotation or a list item too (group 1 the label).
_REFERENCE = re.compile(r"[ \t>]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?\[([^\]\n]{1,999})\]:")
#: A character reference that stands for a space (``learning&nbsp;rate``): a space to a term.
_SPACE_ENTITY = re.compile(
    r"&(?:nbsp|ensp|emsp|thinsp|#32|#160|#x20|#xa0|#8194|#8195|#8201);", re.I
)
#: An autolink (CommonMark 6.5).
_AUTOLINK = re.compile(r"<[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*>|<[^\s<>@]+@[^\s<>]+>")
#: Heading anchors: ``{#id}`` (Pandoc, kramdown, Hugo) and ``[[id]]`` (Hugging Face's
#: doc-builder).
_ANCHOR = re.compile(r"\{#[^}\s]+\}|\[\[[^\]\s]+\]\]")
