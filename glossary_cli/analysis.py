"""The analysis chain: how a term and a running text are turned into the same words.

A term is found in a text when the text's words, analyzed, give the term's words, analyzed. One
chain serves the index (:mod:`glossary_cli.index` keeps every term's :func:`term_forms`, which
``gloss search`` looks a query's :func:`query_forms` up in), the scanner
(:mod:`glossary_cli.text.scan`, for ``gloss scan``, ``gloss check`` and the language server) and
``gloss lint``, so that what one finds the other finds.

The chain, on both sides:

1. **Words** (:func:`words_of`): the text between spaces is folded
   (:func:`glossary_cli.normalize.fold`: NFKC case folding, harakat, ZWJ/ZWNJ and tatweel
   dropped, Arabic letter variants, digits); what separates words under the Unicode word-break
   rules (UAX #29) separates them, except what joins the letters on its sides into one word
   (UAX #29 MidLetter/MidNumLet/ExtendNumLet: ``Node.js``, ``torch.compile``,
   ``gradient_checkpointing``, ``Hooke's``), the ``+`` and ``#`` that end ``C++`` and ``C#``, and
   the dot that begins ``.NET``. Scripts written without spaces (Han, Hiragana, Katakana, Thai,
   Lao, Khmer, Myanmar) give one word per character, so that a term is matched on character
   boundaries.
2. **Keys** (:func:`term_key` of a term's word, :func:`word_keys` of a text's word): the key a
   word stands for, by script (the rules are each script's module's, :mod:`glossary_cli.scripts`):

   - Arabic (:func:`glossary_cli.scripts.arabic.term_key`, ``word_keys``): the article optional
     both ways, the proclitics و ف ب ك ل (and لل), pronoun suffixes, sound plurals and duals, the
     case forms of ذو, broken plurals from a dictionary, and — in the words after a term's first,
     where an adjective agrees with its noun — the feminine ending;
   - Bengali (:func:`glossary_cli.scripts.bengali.spelling_key`, ``inflection_bases``): case,
     number, classifier and emphatic endings, an English plural written onto a loanword, and the
     spelling variants of loanwords (hasanta, অ্যা/এ, ো-কার, sound-alike letters);
   - Latin: an English plural or possessive (``-s``, ``-es``, ``-ies``, ``'s``);
   - a Latin word with an Arabic proclitic written onto it (``وQAT``, ``بـMoE``) or a Bengali
     ending (``LoRA-তে``, ``LoRAতে``) is that Latin word.
3. **Boundaries** (:func:`breaks`): a term never runs across sentence punctuation
   (. ? ! । ॥ ؟ ؛ ، and , ; : …), brackets, a blank line or a list item.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator
from functools import cache, lru_cache
from itertools import pairwise

from glossary_cli.bundled import resource_lines, resource_text
from glossary_cli.normalize import fold, fold_normalized
from glossary_cli.scripts import arabic, bengali, script_block
from glossary_cli.values import NamedTuple

__all__ = [
    "Word",
    "breaks",
    "query_forms",
    "spelled_apart",
    "term_forms",
    "term_key",
    "term_words",
    "word_keys",
    "words_of",
    "words_with_breaks",
]


class Word(NamedTuple):
    """A word of a piece of text without spaces.

    Attributes:
        form: the word folded (:func:`glossary_cli.normalize.fold`), connectors written ``_``.
        start, end: its span in the piece (code points, ``end`` exclusive), marks and
            joiners that follow its last letter included.
    """

    form: str
    start: int
    end: int


#: What joins the letters or digits on its sides into one word under the Unicode word-break
#: rules (UAX #29: ExtendNumLet ``_``, MidLetter ``:`` ``·``, MidNumLet ``.`` ``’``, and ``'``):
#: ``gradient_checkpointing``, ``model.fit``, ``LoRA's`` are one word each.
_CONNECTOR = re.compile(r"(?<=[^\W_])[_.'’:·](?=[^\W_])")
#: Symbols that belong to the word they end (``C++``, ``C#``, ``F#``) or, a dot, begin
#: (``.NET``): kept as they are.
_KEPT = re.compile(r"(?<=[^\W_])[+#]+(?![^\W_])|^\.(?=[^\W\d_])")
#: Scripts written without spaces between words: one word per character. The class is
#: compiled on first use (:func:`_no_space`): its ranges, walked one code point at a time by
#: ``re``'s compiler, take 2–10 ms, and Bengali, Arabic and Latin text never needs it.
_NO_SPACE_CLASS = (
    "[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff"
    "\uf900-\ufaff\uff66-\uff9f\U00020000-\U0003134f]"
)
#: The first code point of :data:`_NO_SPACE_CLASS`.
_NO_SPACE_FROM = "\u0e00"


@cache
def _no_space_pattern() -> re.Pattern[str]:
    """:data:`_NO_SPACE_CLASS`, compiled."""
    return re.compile(_NO_SPACE_CLASS)


def _no_space(text: str) -> re.Match[str] | None:
    """The first character of ``text`` of a script written without spaces, if any (only text
    with a code point from U+0E00 on compiles the class)."""
    if not text or max(text) < _NO_SPACE_FROM:
        return None
    return _no_space_pattern().search(text)


#: What separates the pieces of a text: white space, and the zero-width space that Thai,
#: Khmer and some Arabic and Bengali texts put between words (a group: ``SPACES.split`` keeps
#: them, for a scanner to count offsets by); :data:`PIECE`, a piece between them.
SPACES = re.compile(r"([\s\u200b]+)")
PIECE = re.compile(r"[^\s\u200b]+")


def pieces(text: str) -> list[str]:
    """The pieces of a text between its spaces (:data:`SPACES`).

    >>> pieces("a\u200bb  c")
    ['a', 'b', 'c']
    """
    return PIECE.findall(text)


@lru_cache(maxsize=1 << 17)
def words_of(piece: str) -> tuple[Word, ...]:
    """The words of a piece of text that holds no space, folded, with their spans.

    >>> [w.form for w in words_of("(LoRA's)")]
    ['lora_s']
    >>> [w.form for w in words_of("Node.js,")], [w.form for w in words_of("C++")]
    (['node_js'], ['c++'])
    >>> [(w.form, w.start, w.end) for w in words_of("分散トレース")][:2]
    [('分', 0, 1), ('散', 1, 2)]
    """
    if _no_space(piece):
        return tuple(_no_space_words(piece))
    marked = _KEPT.search(piece) is not None
    if marked or _CONNECTOR.search(piece):
        key, chars = _connected(piece)
    else:
        key = fold(piece)
        if " " not in key:  # one word (or none): the piece without what folds away at its edges
            return (Word(key, *_edges(piece)),) if key else ()
        chars = _char_map(piece, key)
    out = []
    at = 0
    for form in key.split(" "):
        if form:
            first = chars[at]
            after = chars[at + len(form)] if at + len(form) < len(chars) else None
            out.append(Word(form, first, _word_end(piece, chars[at + len(form) - 1], after)))
        at += len(form) + 1
    return tuple(out)


def _edges(piece: str) -> tuple[int, int]:
    """The span of the one word a piece folds to: without the characters that fold away
    before it (punctuation, symbols, format characters) and after it (the same, but the marks
    and tatweels that belong to its last letter)."""
    start, end = 0, len(piece)
    while start < end and not fold(piece[start]):
        start += 1
    while end > start and not fold(piece[end - 1]):
        if unicodedata.category(piece[end - 1])[0] == "M" or piece[end - 1] == _TATWEEL:
            break
        end -= 1
    return start, end


def _no_space_words(piece: str) -> Iterator[Word]:
    """The words of a piece that holds a script written without spaces: each of its
    characters a word; the runs of other scripts between them words as usual."""
    at = 0
    for found in _no_space_pattern().finditer(piece):
        if found.start() > at:
            yield from _shifted(piece[at : found.start()], at)
        form = fold(found.group())
        if form:
            yield Word(form, found.start(), found.end())
        at = found.end()
    if at < len(piece):
        yield from _shifted(piece[at:], at)


def _shifted(piece: str, by: int) -> Iterator[Word]:
    for w in words_of(piece):
        yield Word(w.form, w.start + by, w.end + by)


def _connected(piece: str) -> tuple[str, tuple[int, ...]]:
    """The folded form of a piece whose parts a connector joins (:data:`_CONNECTOR`), each
    part folded, the parts joined by ``_``, the kept symbols (:data:`_KEPT`) as they are; and
    the origin of each folded character."""
    marks = sorted(
        [(m.start(), m.end(), "_") for m in _CONNECTOR.finditer(piece)]
        + [(m.start(), m.end(), m.group()) for m in _KEPT.finditer(piece)]
    )
    keys: list[str] = []
    origins: list[int] = []
    at = 0
    for start, end, joiner in [*marks, (len(piece), len(piece), "")]:
        part = piece[at:start]
        key = fold(part) if part else ""
        if key:
            keys.append(key)
            origins.extend(at + i for i in _char_map(part, key))
        if joiner:
            if joiner == "_" and not (keys and key):
                joiner = " "  # a connector with no word on one side joins nothing
            keys.append(joiner)
            origins.extend(range(start, start + len(joiner)) if joiner != "_" else [start])
        at = end
    text = "".join(keys)
    # a piece that folds to no word around a joiner keeps no stray space
    stripped = text.strip(" ")
    lead = len(text) - len(text.lstrip(" "))
    return stripped, tuple(origins[lead : lead + len(stripped)])


def _word_end(piece: str, last: int, after: int | None) -> int:
    """Where the word ends whose last folded character came from offset ``last``: after the
    marks, tatweels and joiners that follow it, before the next folded character's origin."""
    stop = len(piece) if after is None else after
    end = last + 1
    while end < stop and (unicodedata.category(piece[end])[0] == "M" or piece[end] == _TATWEEL):
        end += 1
    while end < stop and unicodedata.category(piece[end]) == "Cf" and _joins(piece, end, stop):
        end += 1
    return end


_TATWEEL = "\u0640"  # the Arabic letter extender, which folding drops (بـ of بـMoE)


def _joins(piece: str, at: int, stop: int) -> bool:
    """Whether the format characters from ``at`` are followed by more of the word (a ZWNJ
    inside মে‌টা), not by a separator."""
    while at < stop and unicodedata.category(piece[at]) == "Cf":
        at += 1
    return at < stop and unicodedata.category(piece[at])[0] in "LMN"


@lru_cache(maxsize=1 << 14)
def _char_map(raw: str, key: str) -> tuple[int, ...]:
    """For each character of ``key`` (``fold(raw)``), the offset in ``raw`` of the character
    it came from: each base character with the marks and joiners that follow it is folded
    alone; when that does not give ``key`` (a fold across characters), offsets are spread
    evenly."""
    units: list[tuple[int, str]] = []
    for i, ch in enumerate(raw):
        if (units and unicodedata.category(ch)[0] == "M") or (
            units and unicodedata.category(ch) == "Cf"
        ):
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


@lru_cache(maxsize=1 << 16)
def term_words(term: str) -> tuple[str, ...]:
    """The folded words of a term, as :func:`words_of` finds them in a text.

    >>> term_words("Low-Rank Adaptation"), term_words("Node.js")
    (('low', 'rank', 'adaptation'), ('node_js',))
    """
    return tuple(w.form for piece in pieces(term) for w in words_of(piece))


def term_key(word: str) -> str:
    """The key of one folded word of a term: what a text's word must give
    (:func:`word_keys`) to be a form of it. Arabic: without the article; Bengali: its
    spelling key; other words as they are.

    >>> term_key("النموذج") == term_key("نموذج")
    True
    """
    block = script_block(word)
    if block == "arabic":
        return arabic.term_key(word)
    if block == "bengali":
        return bengali.spelling_key(word)
    return word


#: What stands in a term's analysis form where the term itself has what ends a stretch of text
#: between two words (:data:`BREAK`: a question of two sentences, a qualifier in brackets), so
#: that such a term is found across the same break in a text, and no other term is.
BREAK_WORD = "\u00b6"


def words_with_breaks(term: str) -> tuple[str, ...]:
    """The words of a term (:func:`term_words`), with :data:`BREAK_WORD` between two of them
    where the term has a break (:data:`BREAK`) there.

    >>> words_with_breaks("Pruning (neural networks)")
    ('pruning', '¶', 'neural', 'networks')
    """
    out: list[str] = []
    last = -1
    for piece in PIECE.finditer(term):
        for w in words_of(piece.group()):
            start = piece.start() + w.start
            if last >= 0 and BREAK.search(term, last, start):
                out.append(BREAK_WORD)
            out.append(w.form)
            last = piece.start() + w.end
    return tuple(out)


#: Most words a term is joined into as one word (ফাইন-টিউনিং written ফাইনটিউনিং).
_JOINED = 3


@lru_cache(maxsize=1 << 16)
def term_forms(term: str) -> tuple[str, ...]:
    """The analysis forms of a term: the keys (:func:`term_key`) of its words, space-
    separated; then the term with words it hyphenates written as one, each hyphen or several
    (``fine-tuning`` as ``finetuning``, স্তর-সংবেদনশীল কোয়ান্টাইজেশন as স্তরসংবেদনশীল
    কোয়ান্টাইজেশন), a term of two or three English words written as one (``down time`` as
    ``downtime``), and a one-word term written in two (:func:`_split_forms`). ``()`` when the
    term has no word.

    >>> term_forms("الخبراء خليط")
    ('خبراء خليط',)
    >>> term_forms("Fine-tuning")
    ('fine tuning', 'finetuning')
    >>> term_forms("dataset")
    ('dataset', 'dat aset', 'data set')
    """
    words = words_with_breaks(term)
    if not words:
        return ()
    forms = [" ".join(w if w == BREAK_WORD else term_key(w) for w in words)]
    if BREAK_WORD in words or any(_no_space(w) for w in words):
        return tuple(forms)
    hyphens = _hyphens(term)
    if len(hyphens) == len(words) - 1:
        for joins in range(1, 1 << min(len(hyphens), _JOINED)):
            parts = [words[0]]
            for i, word in enumerate(words[1:]):
                if i < _JOINED and hyphens[i] and joins >> i & 1:
                    parts[-1] += word
                else:
                    parts.append(word)
            if len(parts) < len(words):
                forms.append(" ".join(term_key(w) for w in parts))
    if 1 < len(words) <= _JOINED and all(w.isascii() and w.isalpha() for w in words):
        forms.append(term_key("".join(words)))
    if len(words) == 1:
        forms.extend(_split_forms(words[0]))
    return tuple(dict.fromkeys(forms))


def _split_forms(word: str) -> list[str]:
    """A one-word term as a text may write it in two: its connected parts apart or together
    (``Node.js`` as ``Node js`` and ``Nodejs``); an English compound of six letters or more
    split where both parts keep three (``dataset`` as ``data set``); a Bengali one split
    between two letters, two on each side (মেটাডেটা as মেটা ডেটা, মেটা-ডেটা)."""
    if "_" in word:
        parts = [p for p in word.split("_") if p]
        if len(parts) > 1:
            return [" ".join(term_key(p) for p in parts), term_key("".join(parts))]
        return []
    out = []
    if word.isascii():
        if word.isalpha() and len(word) >= 6:
            out = [f"{word[:i]} {word[i:]}" for i in range(3, len(word) - 2)]
    elif script_block(word) == "bengali":
        letters = [i for i, c in enumerate(word) if unicodedata.category(c)[0] == "L"]
        for at in letters[2:-1]:
            if word[at - 1] != "\u09cd" and sum(1 for i in letters if i >= at) >= 2:
                out.append(f"{term_key(word[:at])} {term_key(word[at:])}")
    return out[:_MOST_SPLITS]


#: Most ways a one-word term is split (:func:`_split_forms`).
_MOST_SPLITS = 12


_HYPHENS = frozenset("-\u2010\u2011")


def _hyphens(term: str) -> list[bool]:
    """For each pair of consecutive words of a term, whether a hyphen alone joins them."""
    out: list[bool] = []
    first = True
    for piece in pieces(term):
        words = words_of(piece)
        if not words:
            continue
        if not first:
            out.append(False)  # a space between them
        first = False
        out.extend(piece[a.end : b.start] in _HYPHENS for a, b in pairwise(words))
    return out


#: How a text's word gave a key: as it is, or a form of it (an ending, a spelling), or with
#: a proclitic taken off; ``agree`` keys are the feminine ending of an adjective taken off,
#: which only a word after a term's first may give; ``weak`` keys an everyday word gives with
#: a proclitic or a one-letter ending (بنية, structure, as ب + نية), which only a term of
#: several words may take.
EXACT, INFLECTED, CLITIC, AGREE, WEAK = "exact", "inflected", "clitic", "agree", "weak"

#: Endings of an English plural or possessive that a Latin word of a term may take in text.
_ENGLISH_ENDINGS = ("s", "es", "_s")


@lru_cache(maxsize=1 << 17)
def word_keys(form: str, tied: bool = False, common: bool = False) -> dict[str, str]:
    """The keys a folded word of a text may stand for, each with how (:data:`EXACT`,
    :data:`INFLECTED`, :data:`CLITIC`, :data:`AGREE`); its own key first. ``tied``: the text
    wrote its last letter ة (teh marbuta, which folding writes ه); ``common``: the word is an
    everyday word as written, which an Arabic proclitic or ending does not make another
    (:func:`keys_of` says both).

    >>> sorted(word_keys("models"))
    ['model', 'models']
    >>> word_keys("والنماذج")["نموذج"]
    'clitic'
    """
    own = term_key(form)
    out = {own: EXACT}
    block = script_block(form)
    if block == "latin":
        for ending in _ENGLISH_ENDINGS:
            if form.endswith(ending) and len(form) > len(ending) + 1:
                out.setdefault(form[: -len(ending)], INFLECTED)
        if form.endswith("ies") and len(form) > 4:
            out.setdefault(form[:-3] + "y", INFLECTED)
    elif block == "arabic":
        for key, how in arabic.word_keys(form, broken_singulars, tied, common).items():
            out.setdefault(key, how)
        latin = _latin_after_proclitic(form)
        if latin:
            for key in word_keys(latin):
                out.setdefault(key, CLITIC)
    elif block == "bengali":
        for base in (*bengali.inflection_bases(form), *bengali.plural_bases(form)):
            out.setdefault(bengali.spelling_key(base), INFLECTED)
            for more in bengali.plural_bases(base):
                out.setdefault(bengali.spelling_key(more), INFLECTED)
    elif form[:1].isascii():
        size = len(form) - len(form.lstrip(_ASCII))
        if size and bengali.is_ending(form[size:]):  # LoRAতে, LoRAকেই, LoRA'র
            for key in word_keys(form[:size].rstrip("_")):
                out.setdefault(key, INFLECTED)
    return out


_ASCII = "".join(map(chr, range(128)))


def keys_of(piece: str, word: Word) -> dict[str, str]:
    """:func:`word_keys` of a word of a text's piece, told whether the text wrote its last
    letter ة (folding writes it ه, as the pronoun "his" is written) and, for an Arabic word,
    whether it is an everyday word as written (:func:`_everyday_words`: بنية is not ب + نية)."""
    form = word.form
    if form.isascii() or script_block(form) != "arabic":
        return word_keys(form)
    common = form in (_everyday_words("ar") or ())
    if not form.endswith("\u0647"):
        return word_keys(form, False, common)
    raw = piece[word.start : word.end].rstrip(_MARKS)
    return word_keys(form, raw.endswith(("\u0629", "\u06c3")), common)


def spelled_apart(term: str, surface: str) -> bool:
    """Whether a text's words, which the analysis makes a form of ``term``, are by their
    spelling another word: an Arabic word with a hamza on another seat or a final ه for the
    term's ة (:func:`glossary_cli.scripts.arabic.spelled_apart`: إلى is not آلي, وحده not
    وحدة); a Bengali everyday word that only a merged spelling makes the term's (কোন, "which",
    is not কোণ, "angle"). Words are compared one for one; ``False`` when their numbers
    differ.

    >>> spelled_apart("آلي", "إلى"), spelled_apart("نموذج", "النماذج")
    (True, False)
    """
    mine = [piece[w.start : w.end] for piece in pieces(term) for w in words_of(piece)]
    theirs = [piece[w.start : w.end] for piece in pieces(surface) for w in words_of(piece)]
    if len(mine) != len(theirs):
        return False
    for t, w in zip(mine, theirs, strict=True):
        block = script_block(fold(t))
        if block == "arabic":
            if arabic.spelled_apart(t, w):
                return True
        elif block == "bengali":
            ft, fw = fold(t), fold(w)
            if ft != fw and not fw.startswith(ft) and fw in (_everyday_words("bn") or ()):
                return True
    return False


#: Arabic harakat, the tatweel and format characters, which may follow a word's last letter.
_MARKS = "".join(arabic.MARKS) + "\u200c\u200d"


def _latin_after_proclitic(form: str) -> str:
    """The Latin word an Arabic proclitic is written onto (وqat, بmoe, والlora), or ``""``."""
    found = _ARABIC_THEN_LATIN.match(form)
    if found and found.group(1) in arabic.PROCLITIC_RUNS:
        return found.group(2)
    return ""


_ARABIC_THEN_LATIN = re.compile("([\u0600-\u06ff]+)([\x00-\x7f]+)$")


#: What ends a stretch of text a term may run across: sentence and clause punctuation of
#: Latin, Bengali (danda, double danda), Arabic (question mark, semicolon, comma), Chinese and
#: Japanese (full stop, commas, full-width marks and brackets), Urdu (full stop), brackets,
#: quotation marks, dashes, a slash, the paragraph separator (which the Markdown reader puts
#: at the end of each block), and a line that begins a list item, a heading, a quotation or
#: a table row, or a blank line (LF, CRLF or CR).
BREAK = re.compile(
    r"[.?!;:,…।॥؟؛،۔()\[\]{}«»‹›<>|\"“”‘’—–/¿¡\u2029。、，．！？；：（）「」『』【】〔〕〈〉《》]"
    r"|(?:\r\n|\r(?!\n)|\n)[ \t]*(?:\r\n|\r(?!\n)|\n)"
    r"|(?:\r\n|\r(?!\n)|\n)[ \t]*(?:[-*+>#|]|\d+[.)])(?:[ \t]|$)"
)


def breaks(gap: str) -> bool:
    """Whether the text between two words separates them: a term is never found across it.

    >>> breaks(" "), breaks(". "), breaks("\\n\\n"), breaks("\\n- "), breaks("-")
    (False, True, True, True, False)
    >>> breaks("\\r\\n"), breaks("\\r\\n\\r\\n"), breaks("\\r\\r")
    (False, True, True)
    """
    return BREAK.search(gap) is not None


def query_forms(
    query: str,
    limit: int = 64,
    begin: Callable[[list[str]], set[str]] | None = None,
) -> list[tuple[str, str]]:
    """The analysis forms a query may be a form of, each with how the query gave it
    (:data:`EXACT` first, then the others): every combination of the keys of its words
    (:func:`word_keys`; the feminine ending off in words after the first), at most ``limit``.
    ``begin``, given the runs of keys so far, says which begin some term's form (an index's
    ``prefix`` table): the others are dropped at each word, so a long query keeps the few that
    can still be a term.

    >>> ("نموذج", "clitic") in query_forms("والنماذج")
    True
    """
    words: list[tuple[str, Word | None]] = []  # (piece, word), None where the query breaks
    last = -1
    for found in PIECE.finditer(query):
        for word in words_of(found.group()):
            start = found.start() + word.start
            if last >= 0 and BREAK.search(query, last, start):
                words.append(("", None))  # as words_with_breaks marks a term's own break
            words.append((found.group(), word))
            last = found.start() + word.end
    if not words or len(words) > (128 if begin else 8):
        return []
    combos: list[tuple[str, str]] = [("", EXACT)]
    for i, (piece, w) in enumerate(words):
        if w is None:
            keys = [(BREAK_WORD, EXACT)]
        else:
            keys = [
                (k, CLITIC if how == WEAK else how)
                for k, how in keys_of(piece, w).items()
                if (i or how != AGREE) and (len(words) > 1 or how != WEAK)
            ]
        combos = [
            (f"{c} {k}" if c else k, how if c_how == EXACT else c_how)
            for c, c_how in combos
            for k, how in keys
        ]
        if begin is not None:
            known = begin([c for c, _ in combos])
            combos = [c for c in combos if c[0] in known]
        combos = combos[:limit]
    return combos


def everyday(term: str, lang: str) -> bool:
    """Whether a one-word term is also an everyday word of its language — among the most
    frequent words of the language its script says (Arabic الخطوة, "the step" as well as
    "stride"; English *model*), from the lists in ``glossary_cli/resources/common_words/``
    (wordfreq's, CC BY-SA 4.0; their header says how they were made) — so that an occurrence
    of it in running text may be the everyday word. A term the scanner finds only in its own
    letter case (an abbreviation, ``LoRA``, ``REST``) is none. Compared folded, with and
    without the Arabic article.

    Args:
        term: the term as the glossary writes it.
        lang: its language tag; a Latin-script term of a language with no list (a Latin
            loanword in a Bengali section) is looked up in English's.

    Returns:
        ``False`` for a term of several words, or of a language with no list.

    >>> everyday("الخطوة", "ar"), everyday("model", "en"), everyday("LoRA", "en")
    (True, True, False)
    """
    words = term_words(term)
    if len(words) != 1 or sum(c.isupper() for c in term) >= 2:
        return False
    word = words[0]
    block = script_block(word)
    if block == "latin" and sum(c.isalpha() for c in word) <= 3:
        return False  # found only in its own case, as an abbreviation
    source = lang.split("-")[0].casefold()
    listed = _everyday_words(source)
    if block == "latin" and (listed is None or not source.isascii() or source in _NON_LATIN):
        source, listed = "en", _everyday_words("en")
    if not listed:
        return False
    return word in listed or term_key(word) in _everyday_keys(source)


#: Languages with a list whose words are not in Latin letters.
_NON_LATIN = frozenset({"ar", "bn", "fa", "ur", "hi", "ru", "el"})
_EVERYDAY: dict[str, frozenset[str] | None] = {}


def _everyday_words(lang: str) -> frozenset[str] | None:
    """The folded words of a language's everyday-word list (the whole list folded at once, as
    :func:`glossary_cli.normalize.fold` folds a text), read once; ``None`` without one."""
    if lang not in _EVERYDAY:
        text = resource_text(f"common_words/{lang}.txt")
        _EVERYDAY[lang] = (
            None if text is None else frozenset(fold_normalized(text).split())
        )  # NFKC-folded by wordfreq
    return _EVERYDAY[lang]


@cache
def _everyday_keys(lang: str) -> frozenset[str]:
    """The keys (:func:`term_key`) of a language's everyday words, for :func:`everyday`."""
    return frozenset(term_key(w) for w in _everyday_words(lang) or ())


def broken_singulars(word: str) -> tuple[str, ...]:
    """The singulars of a folded Arabic word that is a broken plural (نماذج → نموذج), from
    the dictionary ``glossary_cli/resources/ar_broken_plurals.tsv`` (Wiktionary's, through
    UniMorph, CC BY-SA 3.0: its header names the source and how it was made); ``()`` for any
    other word.

    >>> broken_singulars(fold("نماذج"))
    ('نموذج',)
    """
    return _broken_plurals().get(word, ())


@lru_cache(maxsize=1)
def _broken_plurals() -> dict[str, tuple[str, ...]]:
    """plural → singulars, folded, from the packaged dictionary (empty when it is missing)."""
    out: dict[str, list[str]] = {}
    for line in resource_lines("ar_broken_plurals.tsv") or ():
        singular, _, plural = line.partition("\t")
        s, p = fold(singular), fold(plural)
        if s and p and s != p and " " not in s and " " not in p:
            out.setdefault(p, []).append(s)
    return {p: tuple(dict.fromkeys(s)) for p, s in out.items()}


def surface_forms(term: str) -> tuple[str, ...]:
    """The forms running text writes ``term`` in that the analysis chain reads back as the
    term, for dictionaries whose readers look words up as a text writes them (StarDict's
    synonyms, ``gloss export --format tabfile``): a Bengali term with its last word inflected
    (:func:`glossary_cli.scripts.bengali.inflected_forms`), an Arabic term with a proclitic
    or without the article (:func:`glossary_cli.scripts.arabic.clitic_forms`), an English
    term with its last word in the plural (:func:`glossary_cli.scripts.latin.english_plural`).
    A candidate is kept only when :func:`word_keys` of its changed word gives the term's own
    key (:func:`term_key`), so every form is one ``gloss scan`` and ``gloss search`` find.

    >>> forms = surface_forms("নেটওয়ার্ক প্রুনিং")
    >>> "নেটওয়ার্ক প্রুনিংকে" in forms, "নেটওয়ার্ক প্রুনিংয়ের" in forms
    (True, True)
    >>> surface_forms("تقليم الشبكة")[:2]
    ('وتقليم الشبكة', 'بتقليم الشبكة')
    >>> surface_forms("Low-Rank Adaptation"), surface_forms("LoRA")
    (('Low-Rank Adaptations',), ())
    """
    from glossary_cli.scripts.latin import english_plural

    words = term.split()
    if not words:
        return ()
    block = script_block(words[-1])
    out: list[str] = []
    if block == "bengali":
        head, last = words[:-1], words[-1]
        out = [" ".join([*head, form]) for form in bengali.inflected_forms(last)]
        changed = -1
    elif script_block(words[0]) == "arabic":
        out = list(arabic.clitic_forms(term))
        changed = 0
    elif block == "latin":
        plural = english_plural(words[-1])
        out = [" ".join([*words[:-1], plural])] if plural else []
        changed = -1
    return tuple(f for f in out if f != term and _reads_as(f, term, changed))


def _reads_as(form: str, term: str, at: int) -> bool:
    """Whether the analysis reads word ``at`` of ``form`` as that word of ``term``."""
    mine, theirs = term_words(form), term_words(term)
    if not mine or not theirs or len(mine) != len(theirs):
        return False
    return term_key(theirs[at]) in word_keys(mine[at])
