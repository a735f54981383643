"""Glossary terms in running text (``gloss scan``).

The text is folded word by word as the index folds terms (:func:`glossary_cli.normalize.fold`:
case, width, harakat, ZWJ/ZWNJ, digits; punctuation and spaces become single spaces), keeping
for every folded character the span of the original text it came from. An Aho–Corasick
automaton (pyahocorasick) over the folded key of every term — each key anchored at the start
of a word (a space before it) — finds every term that begins a word in one pass; then:

- a match that also ends a word is the term as it is (``exact``, or ``abbreviation``);
- a match that ends inside a word is kept only when the rest of the word is an ending that
  the word's script allows (:func:`glossary_cli.scripts.inflection_bases`: Bengali case,
  number, classifier and emphatic endings, ``প্রুনিংকে`` of ``প্রুনিং``; an English plural
  ``-s``/``-es``): ``inflected``, the whole word as found;
- an Arabic word that begins with proclitics (و ف ب ك ل, ال) is looked up again without them
  (:func:`glossary_cli.scripts.arabic.clitic_bases`): ``clitic``, the whole word as found.

Words are the space-separated parts of the folded text: :func:`~glossary_cli.normalize.fold`
turns exactly what separates words under the Unicode word-break rules (UAX #29, as ICU's word
``BreakIterator`` applies them) into spaces, so a term is never found inside a longer word
(``কল`` is not in ``সকল``), which a regular expression's ``\\b`` gets wrong in Bengali. Where
terms overlap, the longest (then the leftmost) wins. A Latin abbreviation (``IT``, ``LoRA``)
or Latin term of three letters or fewer is found only with the letter case of the glossary,
so that the English word *it* is not the acronym *IT*.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

#: Fields of the index's names that are a concept's terms (curated search-only aliases and
#: related terms are not: they are never found in text).
TERM_FIELDS = ("en", "term", "abbr", "synonym")
#: How an occurrence matched, in the order a tie between names is broken.
KINDS = ("exact", "abbreviation", "inflected", "clitic")
_FIELD_RANK = {f: i for i, f in enumerate(TERM_FIELDS)}
#: Endings of an English plural or possessive that a term may take in text.
_ENGLISH_ENDINGS = ("s", "es", "_s")
_WORD = re.compile(r"\S+")


class Name(NamedTuple):
    """One term of the glossary as the scanner finds it.

    Attributes:
        id: the concept's id.
        lang: the term's language tag.
        term: the term as the glossary writes it.
        field: what it is to the concept (:data:`TERM_FIELDS`).
        status: its administrative status, if any (``deprecated`` terms are found, marked).
        type: its term type, if any.
    """

    id: str
    lang: str
    term: str
    field: str
    status: str | None
    type: str | None


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


class Folded(NamedTuple):
    """A text folded word by word, with the way back.

    Attributes:
        text: ``" "`` + the folded words, space-separated (the leading space lets every key be
            anchored at a word start).
        starts: for each folded word, where it begins in :attr:`text`.
        spans: for each folded word, the ``(start, end)`` of the original text it came from.
        maps: for each folded word, the original offset of each of its characters, or ``None``
            when they correspond one to one.
    """

    text: str
    starts: list[int]
    spans: list[tuple[int, int]]
    maps: list[tuple[int, ...] | None]

    def original(self, start: int, end: int) -> tuple[int, int]:
        """The span of the original text that the folded span ``[start, end)`` came from."""
        return self._at(start, False), self._at(end - 1, True)

    def _at(self, offset: int, after: bool) -> int:
        i = bisect_right(self.starts, offset) - 1
        begin, stop = self.spans[i]
        inner = offset - self.starts[i]
        chars = self.maps[i]
        if chars is None:
            at = begin + inner
            return min(at + 1, stop) if after else at
        inner = max(0, min(inner, len(chars) - 1))
        if not after:
            return begin + chars[inner]
        nxt = next((c for c in chars[inner + 1 :] if c > chars[inner]), None)
        return stop if nxt is None else begin + nxt


def fold_text(text: str) -> Folded:
    """Fold ``text`` for scanning (see the module docstring).

    >>> f = fold_text("Low-Rank  ADAPTATION (LoRA)")
    >>> f.text
    ' low rank adaptation lora'
    >>> f.original(1, 9), f.original(21, 25)
    ((0, 8), (22, 26))
    """
    out = [""]
    starts: list[int] = []
    spans: list[tuple[int, int]] = []
    maps: list[tuple[int, ...] | None] = []
    at = 1
    seen: dict[str, tuple[tuple[str, int, int, tuple[int, ...] | None], ...]] = {}
    for token in _WORD.finditer(text):
        raw = token.group()
        words = seen.get(raw)
        if words is None:
            words = seen[raw] = _token_words(raw)
        begin = token.start()
        for word, start, stop, chars in words:
            starts.append(at)
            spans.append((begin + start, begin + stop))
            maps.append(chars)
            out.append(word)
            at += len(word) + 1
    return Folded(" ".join(out), starts, spans, maps)


def _token_words(raw: str) -> tuple[tuple[str, int, int, tuple[int, ...] | None], ...]:
    """The folded words of one space-free token of a text: ``(word, start, end, chars)``,
    ``start``/``end`` the span of ``raw`` it came from and ``chars`` the offset (from
    ``start``) of each of its characters, or ``None`` when they correspond one to one."""
    chars: tuple[int, ...] | None
    if _CONNECTOR.search(raw):
        key, chars = _connected(raw, 0)
    else:
        key = _folded(raw)
        if key.isascii() and raw.isascii() and len(key) == len(raw) and " " not in key:
            return ((key, 0, len(raw), None),) if key else ()
        chars = _char_map(raw, key)
    out = []
    for word, offset in _split_words(key):
        if not word:
            continue
        mine = chars[offset : offset + len(word)]
        after = chars[offset + len(word)] if offset + len(word) < len(chars) else None
        stop = _word_end(raw, 0, mine[-1], after)
        first = mine[0]
        relative = tuple(c - first for c in mine)
        plain = relative == tuple(range(len(word))) and stop - first == len(word)
        out.append((word, first, stop, None if plain else relative))
    return tuple(out)


#: What joins the letters or digits on its sides into one word under the Unicode word-break
#: rules (UAX #29: ExtendNumLet ``_``, MidLetter ``:`` ``·``, MidNumLet ``.`` ``’``, and ``'``):
#: ``gradient_checkpointing``, ``model.fit``, ``LoRA's`` are one word each.
_CONNECTOR = re.compile(r"(?<=[^\W_])[_.'’:·](?=[^\W_])")
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


def _connected(raw: str, begin: int) -> tuple[str, tuple[int, ...]]:
    """The folded form of a token whose parts a connector joins (:data:`_CONNECTOR`): each
    part folded, the parts joined by ``_`` so that they stay one word; and the origin of
    each folded character."""
    keys: list[str] = []
    origins: list[int] = []
    at = 0
    for found in [*_CONNECTOR.finditer(raw), None]:
        end = found.start() if found is not None else len(raw)
        part = raw[at:end]
        key = _folded(part) if part else ""
        if key:
            if keys:
                keys.append("_")
                origins.append(begin + at - 1)
            keys.append(key)
            origins.extend(begin + at + i for i in _char_map(part, key))
        if found is not None:
            at = found.end()
    return "".join(keys), tuple(origins)


@lru_cache(maxsize=1 << 17)
def _folded(raw: str) -> str:
    """:func:`glossary_cli.normalize.fold` of one word of a text: a text repeats its words."""
    from glossary_cli.normalize import fold

    return fold(raw)


def _split_words(key: str) -> Iterator[tuple[str, int]]:
    at = 0
    for word in key.split(" "):
        yield word, at
        at += len(word) + 1


def _word_end(raw: str, begin: int, last: int, after: int | None) -> int:
    """Where the original word ends whose last folded character came from offset ``last``:
    before the next folded character's origin, without the separators between them."""
    stop = begin + len(raw) if after is None else after
    end = last + 1
    while end < stop and _folds_into_word(raw[end - begin]):
        end += 1
    while end > last + 1 and _format_char(raw[end - 1 - begin]):
        end -= 1  # a zero-width space or joiner after the word's last letter is not the word's
    return end


def _format_char(ch: str) -> bool:
    import unicodedata

    return unicodedata.category(ch) == "Cf"


def _folds_into_word(ch: str) -> bool:
    """Whether a character is part of the word it follows (a mark, ZWJ/ZWNJ, a format
    character): folding drops it or joins it to its letter."""
    import unicodedata

    return unicodedata.category(ch)[0] == "M" or _format_char(ch)


@lru_cache(maxsize=1 << 14)
def _char_map(raw: str, key: str) -> tuple[int, ...]:
    """For each character of ``key`` (``fold(raw)``), the offset in ``raw`` of the character
    it came from: each base character with the marks and joiners that follow it is folded
    alone; when that does not give ``key`` (a fold across characters), offsets are spread
    evenly."""
    from glossary_cli.normalize import fold

    units: list[tuple[int, str]] = []
    for i, ch in enumerate(raw):
        if units and _folds_into_word(ch):
            units[-1] = (units[-1][0], units[-1][1] + ch)
        else:
            units.append((i, ch))
    chars: list[str] = []
    origins: list[int] = []
    for i, unit in units:
        folded = fold(unit) if unit.strip() else ""
        if not folded:
            if chars and chars[-1] != " ":
                chars.append(" ")
                origins.append(i)
            continue
        for ch in folded:
            if ch == " " and chars and chars[-1] == " ":
                continue
            chars.append(ch)
            origins.append(i)
    while chars and chars[-1] == " ":
        chars.pop()
        origins.pop()
    while chars and chars[0] == " ":
        chars.pop(0)
        origins.pop(0)
    if "".join(chars) == key:
        return tuple(origins)
    step = len(raw) / max(1, len(key))
    return tuple(min(len(raw) - 1, int(i * step)) for i in range(len(key)))


class Automaton:
    """The terms of a glossary as an Aho–Corasick automaton over the first words of their
    folded keys, each anchored at a word start (``" " + word``) and storing its length and
    whether the word is a key of its own, the first word of longer keys, or both; beside it,
    the CRC-32 of every longer key and of every run of its first words (``low rank`` of ``low
    rank adaptation``), to follow a key word by word from its first. A 100,000-concept
    termbase is then a small automaton and some 30 MB of checksums rather than a trie of
    every character of every term. The names a key stands for are read when a match is kept:
    from the index the automaton is :meth:`bind`-ed to, or from the mapping it was made with
    (:meth:`of_names`); a checksum that agrees by chance finds no name, so it finds nothing.
    """

    #: The stored value: ``length << 2 | flags``, with these flags.
    WHOLE, FIRST = 1, 2

    def __init__(self, keys: Iterable[str], names: dict[str, tuple[Name, ...]] | None = None):
        """``keys``: the folded key of every term, each once; ``names``: the names of each
        key, when they are not to be read from an index."""
        import ahocorasick

        flags: dict[str, int] = {}
        longer: set[int] = set()
        runs: set[int] = set()
        count = 0
        for key in keys:
            if not key:
                continue
            count += 1
            first, space, _ = key.partition(" ")
            flags[first] = flags.get(first, 0) | (self.FIRST if space else self.WHOLE)
            if space:
                longer.add(_crc(key))
                at = key.find(" ", len(first) + 1)
                while at >= 0:
                    runs.add(_crc(key[:at]))
                    at = key.find(" ", at + 1)
        automaton = ahocorasick.Automaton(ahocorasick.STORE_INTS)
        for first, flag in flags.items():
            automaton.add_word(" " + first, len(first) << 2 | flag)
        automaton.make_automaton()
        self._automaton = automaton
        self.size = count
        self._names = names
        self._longer = frozenset(longer)
        self._runs = frozenset(runs)
        self._conn: Any = None
        self._cache: dict[str, tuple[Name, ...]] = {}

    @classmethod
    def of_names(cls, names: Iterable[tuple[str, Name]]) -> Automaton:
        """An automaton of ``(folded key, name)`` pairs, the names kept in memory."""
        grouped: dict[str, list[Name]] = {}
        for key, name in names:
            if key:
                grouped.setdefault(key, []).append(name)
        return cls(grouped, {k: tuple(v) for k, v in grouped.items()})

    def bind(self, conn: Any) -> Automaton:
        """Read the names of keys from the index ``conn`` (:func:`names_from_index`)."""
        self._conn = conn
        self._cache = {}
        return self

    def __getstate__(self) -> dict[str, Any]:
        return {"automaton": self._automaton, "size": self.size, "names": self._names,
                "longer": self._longer, "runs": self._runs}  # fmt: skip

    def __setstate__(self, state: dict[str, Any]) -> None:
        self._automaton, self.size = state["automaton"], state["size"]
        self._names, self._longer, self._runs = state["names"], state["longer"], state["runs"]
        self._conn, self._cache = None, {}

    def names(self, key: str) -> tuple[Name, ...]:
        """The names whose folded key is ``key``, in the index's order."""
        if self._names is not None:
            return self._names.get(key, ())
        found = self._cache.get(key)
        if found is None:
            self.read([key])
            found = self._cache[key]
        return found

    def read(self, keys: Iterable[str]) -> None:
        """Read the names of ``keys`` from the index at once (a few queries rather than one a
        key), for :meth:`names` to give."""
        if self._names is not None:
            return
        missing = [k for k in dict.fromkeys(keys) if k not in self._cache]
        for at in range(0, len(missing), 500):
            batch = missing[at : at + 500]
            grouped: dict[str, list[Name]] = {k: [] for k in batch}
            for key, name in names_from_index(self._conn, batch):
                grouped[key].append(name)
            self._cache.update((k, tuple(v)) for k, v in grouped.items())

    def longer(self, words: str) -> tuple[bool, bool]:
        """Whether the folded ``words`` (two or more) may be a key of several words, and the
        first words of a longer one (by checksum: a key they are not finds no name)."""
        crc = _crc(words)
        return crc in self._longer, crc in self._runs

    def matches(self, folded: str) -> Iterator[tuple[int, int]]:
        """``(end, value)`` of every first word of a key that begins a word of ``folded``
        (``end`` the offset of its last character; ``value`` its length ``<< 2`` with
        :attr:`WHOLE` and :attr:`FIRST` set as it is a key, the first word of longer keys)."""
        return self._automaton.iter(folded)  # type: ignore[no-any-return]

    def flags(self, word: str) -> int:
        """:attr:`WHOLE` and :attr:`FIRST` of ``word``, as a first word of keys; 0 when no key
        begins with it."""
        return int(self._automaton.get(" " + word, 0)) & 3

    def begins(self, word: str) -> bool:
        """Whether some key's first word is ``word``."""
        return bool(self.flags(word))


def _crc(text: str) -> int:
    from zlib import crc32

    return crc32(text.encode("utf-8"))


def _arabic(ch: str) -> bool:
    return "\u0600" <= ch <= "\u06ff" or "\u0750" <= ch <= "\u077f"


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
        for o in _scan(window, automaton, langs):
            if start + o.start >= end:
                break
            out.append(o._replace(start=o.start + start, end=o.end + start))
            last = max(last, start + o.end)
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


def _scan(text: str, automaton: Automaton, langs: Sequence[str] = ()) -> list[Occurrence]:
    """:func:`scan` of one piece of text, its addresses blanked out already."""
    folded = fold_text(text)
    f = folded.text
    wanted = {lang.casefold() for lang in langs}
    found: list[tuple[int, int, str, str]] = []  # folded start, end, key, kind
    for last, value in automaton.matches(f):
        start = last - (value >> 2) + 1
        for stop, key, kind in _keys_at(f, start, last + 1, value & 3, automaton):
            found.append((start, stop, key, kind))
    found = _with_detached_endings(found, f, folded, text)
    size = len(f)
    bare_cache: dict[str, list[str]] = {}
    for word_start, word in _clitic_words(f):
        bares = bare_cache.get(word)
        if bares is None:
            bares = bare_cache[word] = _clitic_bare(word, automaton)
        stop = word_start + len(word)
        for bare in bares:
            # the bare word in place of the word, then the text that follows it
            probe = " " + bare + f[stop : stop + 300]
            flags = automaton.flags(bare)
            for form_end, key, kind in _keys_at(probe, 1, len(bare) + 1, flags, automaton):
                end = stop + form_end - len(bare) - 1
                if kind == "exact" and (end == size or f[end] == " "):
                    found.append((word_start, end, key, "clitic"))
    return _resolved(text, folded, found, automaton, wanted)


def _keys_at(
    f: str, start: int, end: int, flags: int, automaton: Automaton
) -> Iterator[tuple[int, str, str]]:
    """The keys that begin at ``start`` in the folded text ``f``, where the first word of
    keys ``f[start:end]`` was found (``flags``: :meth:`Automaton.flags`): ``(end of the form,
    key, kind)``, ``kind`` ``exact`` or ``inflected`` (the key's last word with an ending of
    its script; an English plural on the first word of a longer key, *mixtures of experts*)."""
    size = len(f)
    whole = end == size or f[end] == " "
    if flags & Automaton.WHOLE:
        if whole:
            yield end, f[start:end], "exact"
        else:
            stop = _inflected_end(f, start, end)
            if stop:
                yield stop, f[start:end], "inflected"
    if not flags & Automaton.FIRST:
        return
    first = f[start:end]
    at, kind = end, "exact"
    if not whole:
        at = f.find(" ", end)
        if at < 0 or not (first.isascii() and f[end:at] in _ENGLISH_ENDINGS):
            return
        kind = "inflected"
    # the next words of the text, one more at a time while they begin some key: a key as
    # they are, or with the last of them inflected
    stop = at
    while stop < size:
        word_start = stop + 1
        stop = f.find(" ", word_start)
        stop = size if stop < 0 else stop
        words = first + f[at:stop]
        key, more = automaton.longer(words)
        if key:
            yield stop, words, kind
        for base in _bases(f[word_start:stop]):
            if automaton.longer(first + f[at:word_start] + base)[0]:
                yield stop, first + f[at:word_start] + base, "inflected"
        if not more:
            break


@lru_cache(maxsize=1 << 14)
def _bases(word: str) -> tuple[str, ...]:
    """What the folded ``word`` may be an inflected form of by an ending: the bases of
    :func:`glossary_cli.scripts.inflection_bases` that begin it (Bengali case, number and
    classifier endings); an English plural (``-ies`` of ``-y`` too) or possessive; a Latin
    term with a Bengali case ending written onto it (``LoRAতে``,
    :data:`glossary_cli.scripts.bengali.DETACHED`)."""
    from glossary_cli.scripts import inflection_bases

    found = tuple(b for b in inflection_bases(word) if word.startswith(b))
    if word.isascii():
        found += tuple(word[: -len(e)] for e in _ENGLISH_ENDINGS if word.endswith(e))
        if word.endswith("ies") and len(word) > 4:  # sparsities of sparsity
            found += (word[:-3] + "y",)
    elif word[:1].isascii():
        from glossary_cli.scripts.bengali import DETACHED

        latin = len(word) - len(word.lstrip(_ASCII))
        if word[latin:] in DETACHED:
            found += (word[:latin],)
    return tuple(b for b in found if b and b != word)


_ASCII = "".join(map(chr, range(128)))


def _inflected_end(f: str, word_start: int, end: int) -> int:
    """Where the word of ``f`` that begins at ``word_start`` ends, when it is an inflected
    form of ``f[word_start:end]`` (:func:`_bases`); else 0."""
    stop = f.find(" ", end)
    stop = len(f) if stop < 0 else stop
    return stop if f[word_start:end] in _bases(f[word_start:stop]) else 0


def _with_detached_endings(
    found: list[tuple[int, int, str, str]], f: str, folded: Folded, text: str
) -> list[tuple[int, int, str, str]]:
    """Latin terms with a Bengali ending hyphenated onto them (``LoRA-তে``, ``QAT-এর``): the
    ending is a word of its own once folded; the term and its ending are one form."""
    from glossary_cli.scripts.bengali import DETACHED

    out = []
    for start, end, key, kind in found:
        if kind == "exact" and key.isascii() and end < len(f):
            stop = f.find(" ", end + 1)
            stop = len(f) if stop < 0 else stop
            if f[end + 1 : stop] in DETACHED:
                term_end = folded.original(start, end)[1]
                ending_start = folded.original(end + 1, stop)[0]
                if text[term_end:ending_start] in ("-", "\u2010", "\u2011", ""):
                    out.append((start, stop, key, "inflected"))
                    continue
        out.append((start, end, key, kind))
    return out


def _clitic_words(f: str) -> Iterator[tuple[int, str]]:
    """The Arabic words of a folded text that begin with a proclitic letter or the article."""
    at = 0
    for word in f.split(" "):
        if word and word[0] in _PROCLITIC_LETTERS:
            yield at, word
        at += len(word) + 1


#: The letters an Arabic proclitic, or the article, begins with.
_PROCLITIC_LETTERS = frozenset("وفبكلا")


def _clitic_bare(word: str, automaton: Automaton) -> list[str]:
    """The forms of an Arabic word without its proclitics that begin some term."""
    from glossary_cli.scripts.arabic import clitic_bases

    if automaton.begins(word):
        return []  # the word as it is begins a term: found as it is
    bases = [word, *clitic_bases(word)]
    # the article, after the proclitics or alone (التشذيب, والتشذيب of تشذيب), and ل before
    # it written لل (للتشذيب)
    bases += [b[2:] for b in bases if b.startswith("\u0627\u0644") and len(b) >= 5]
    if word.startswith("\u0644\u0644") and len(word) >= 5:
        bases.append(word[2:])
    return [b for b in dict.fromkeys(bases) if b != word and automaton.begins(b)]


def _resolved(
    text: str,
    folded: Folded,
    found: list[tuple[int, int, str, str]],
    automaton: Automaton,
    wanted: set[str],
) -> list[Occurrence]:
    """The candidates as occurrences: the longest of overlapping ones (then the leftmost),
    names of unwanted languages and case-mismatched Latin abbreviations left out."""
    candidates: list[tuple[int, int, str, str, Name, tuple[str, ...]]] = []
    automaton.read(key for _, _, key, _ in found)
    for fstart, fend, key, kind in found:
        start, end = folded.original(fstart, fend)
        surface = text[start:end]
        names = [n for n in automaton.names(key) if _wanted(n, wanted)]
        names = [n for n in names if _case_fits(n, surface, kind)]
        if not names:
            continue
        names.sort(key=lambda n: (_FIELD_RANK.get(n.field, 9), n.status in ("deprecated",)))
        best = names[0]
        if kind == "exact" and (best.field == "abbr" or best.type in ("abbreviation", "acronym")):
            kind = "abbreviation"
        also = tuple(dict.fromkeys(n.id for n in names if n.id != best.id))
        candidates.append((start, end, surface, kind, best, also))
    chosen = []
    for cluster in _clusters(candidates):
        # within a run of overlapping candidates, the longest first, then the leftmost
        cluster.sort(key=lambda c: (-(c[1] - c[0]), c[0]))
        taken: list[tuple[int, int]] = []
        for c in cluster:
            if not any(c[0] < e and s < c[1] for s, e in taken):
                taken.append((c[0], c[1]))
                chosen.append(c)
    chosen.sort(key=lambda c: c[0])
    return [
        Occurrence(s, e, surface, n.id, n.lang, n.term, kind, n.status, n.field, also)
        for s, e, surface, kind, n, also in chosen
    ]


def _clusters(candidates: list[Any]) -> Iterator[list[Any]]:
    """The candidates ``(start, end, …)`` in runs that overlap one another (a run ends where
    the next candidate starts at or after the end of every one before it)."""
    candidates.sort(key=lambda c: (c[0], -c[1]))
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


def _case_fits(name: Name, surface: str, kind: str) -> bool:
    """A Latin abbreviation, or a Latin term of three letters or fewer, is found only as the
    glossary writes its letters (``IT``, not *it*); any other term whatever its case."""
    term = name.term
    if not _case_kept(term, name.field, name.type):
        return True
    if not surface.isascii():  # format characters (ZWSP, ZWJ…) are no letters
        surface = "".join(c for c in surface if not _format_char(c))
    head = surface[: len(term)] if kind == "inflected" else surface
    return head == term or head.replace("-", " ") == term.replace("-", " ")


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


def names_from_index(conn: Any, keys: Sequence[str] | None = None) -> Iterator[tuple[str, Name]]:
    """``(folded key, name)`` of every term of an index (:mod:`glossary_cli.index`), or of
    the terms whose key is one of ``keys`` (at most 500), in the index's order."""
    marks = ",".join("?" * len(TERM_FIELDS))
    where = f" AND n.key IN ({','.join('?' * len(keys))})" if keys is not None else ""
    rows = conn.execute(
        "SELECT n.key, c.id, n.lang, n.text, n.field, n.status, n.type FROM name n "
        f"JOIN concept c ON c.rowid = n.concept WHERE n.field IN ({marks}){where} "
        "ORDER BY n.rowid",
        (*TERM_FIELDS, *(keys or ())),
    )
    for k, cid, lang, term, field, status, term_type in rows:
        yield k, Name(cid, lang, term, field, status, term_type)


#: The layout of a kept automaton: one of another layout is built again.
_KEPT = 3


def load_automaton(conn: Any, path: Path | None) -> Automaton:
    """The automaton of an index's terms, kept beside the index at ``path`` (a pickle, named
    after the index and checked against the record files the index was built from: rebuilt
    when they change); built in memory when ``path`` is ``None`` or cannot be written.

    Args:
        conn: an open index (:func:`glossary_cli.index.open_index`).
        path: where to keep the automaton, or ``None``.

    Returns:
        The automaton.
    """
    import pickle

    (stamp,) = conn.execute("SELECT value FROM meta WHERE key = 'files'").fetchone()
    if path is not None:
        try:
            with path.open("rb") as fh:
                version, kept, automaton = pickle.load(fh)
            if version == _KEPT and kept == stamp and isinstance(automaton, Automaton):
                return automaton.bind(conn)
        except (OSError, EOFError, ValueError, TypeError, AttributeError, KeyError,
                IndexError, pickle.PickleError):  # fmt: skip
            pass
    marks = ",".join("?" * len(TERM_FIELDS))
    keys = (k for (k,) in conn.execute(
        f"SELECT DISTINCT key FROM name WHERE field IN ({marks})", TERM_FIELDS))  # fmt: skip
    automaton = Automaton(keys)
    if path is not None:
        import os

        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        try:
            with tmp.open("wb") as fh:
                pickle.dump((_KEPT, stamp, automaton), fh, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, path)
        except OSError:
            tmp.unlink(missing_ok=True)  # a read-only cache: built again next time
    return automaton.bind(conn)


def masked_markdown(text: str) -> str:
    """``text`` with the code of a Markdown document (fenced and indented blocks, code spans)
    and its HTML (blocks, comments, tags with their attributes) blanked out, character for
    character, so that no term is sought in them and offsets stay the text's (CommonMark, by
    markdown-it-py).

    >>> masked_markdown("Use `LoRA` here.\\n")
    'Use        here.\\n'
    """
    from markdown_it import MarkdownIt

    lines = text.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))
    chars = list(text)

    def blank(start: int, end: int) -> None:
        for i in range(start, min(end, len(chars))):
            if chars[i] not in "\r\n":
                chars[i] = " "

    for token in MarkdownIt("commonmark").parse(text):
        if token.type in ("fence", "code_block", "html_block") and token.map:
            blank(starts[token.map[0]], starts[min(token.map[1], len(lines))])
        elif token.type == "inline" and token.map and token.children:
            region = text[starts[token.map[0]] : starts[min(token.map[1], len(lines))]]
            base = starts[token.map[0]]
            at = 0
            for child in token.children:
                if child.type == "html_inline":  # a tag: its attributes are no prose
                    found = region.find(child.content, at)
                    if found >= 0:
                        blank(base + found, base + found + len(child.content))
                        at = found + len(child.content)
                if child.type == "code_inline":
                    ticks = child.markup
                    found = region.find(ticks + child.content, at)
                    if found < 0:
                        found = region.find(child.content, at)
                    if found >= 0:
                        end = region.find(ticks, found + len(ticks) + len(child.content) - 1)
                        end = end + len(ticks) if end >= 0 else found + len(child.content)
                        blank(base + found, base + end)
                        at = end
    return "".join(chars)
