"""Terminal layout for glossary text: cell widths, line breaking, right-to-left display, and
tables and cards drawn from them. Pure: text in, styled lines out; no rich, no I/O.

Why not leave this to rich? Terminals place text cell by cell with ``wcwidth`` of each code point
(glibc, xterm, VTE, tmux): a spacing vowel sign such as Bengali ``া`` (U+09BE, category Mc) takes a
cell, a non-spacing mark such as the virama ``্`` takes none. rich's tables count every combining
mark, spacing or not, as zero cells, so a cell holding ``কোয়ান্টাইজেশন`` is padded for 8 cells
while a terminal draws 12, and the column border after it is pushed 4 cells right. Here every
width is measured the way the terminal draws it (:func:`cell_width`), lines break where ICU's
line breaker allows (:func:`wrap`), and a cut is made only between grapheme clusters and is shown
with an ellipsis. The text itself is never altered, except that ``bidi=True`` shapes and reorders
right-to-left fields for terminals that cannot (:func:`visual_lines`).

A *field* is one paragraph of styled spans; a *cell* is a tuple of fields stacked vertically; a
*line* is a tuple of ``(text, style)`` spans in display order, ready for
:class:`rich.text.Text` (style strings are rich's, but nothing here interprets them).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from functools import lru_cache
from itertools import pairwise
from typing import Any

from glossary_cli.values import NamedTuple

Span = tuple[str, str]
Line = tuple[Span, ...]

ELLIPSIS = "…"

#: Narrower than this many columns, search results and concepts are drawn as stacked cards
#: instead of bordered tables.
CARD_WIDTH = 60

# --- cell widths -----------------------------------------------------------------------------

# Format characters (Cf) that glibc's wcwidth, and so tmux, draws in one cell: the soft hyphen
# and the prepended concatenation marks (Arabic number sign, end of ayah, …).
_VISIBLE_FORMAT = frozenset(
    [
        0x00AD,
        0x0600,
        0x0601,
        0x0602,
        0x0603,
        0x0604,
        0x0605,
        0x06DD,
        0x070F,
        0x0890,
        0x0891,
        0x08E2,
        0x110BD,
        0x110CD,
    ]
)
_ZWJ = "\u200d"


@lru_cache(maxsize=4096)
def char_width(ch: str) -> int:
    """Cells a terminal gives the code point ``ch``: 0 for non-spacing and enclosing marks and
    format characters, 2 for East Asian wide and fullwidth characters, 1 otherwise — including
    spacing marks (Mc), which rich counts as 0. Control characters count 0 (they are never
    printed: :func:`glossary_cli.render.safe` makes them visible first).

    >>> [char_width(c) for c in "কা্"]
    [1, 1, 0]
    """
    cp = ord(ch)
    if 0x20 <= cp < 0x7F:
        return 1
    if cp < 0x20 or 0x7F <= cp < 0xA0:
        return 0
    category = unicodedata.category(ch)
    if category in ("Mn", "Me"):
        return 0
    if category == "Cf":
        return 1 if cp in _VISIBLE_FORMAT else 0
    if 0x1160 <= cp <= 0x11FF or 0xD7B0 <= cp <= 0xD7FF:  # Hangul vowels and finals: combine
        return 0
    if unicodedata.east_asian_width(ch) in ("W", "F"):
        return 2
    if 0x3248 <= cp <= 0x324F or 0x4DC0 <= cp <= 0x4DFF:  # wide in glibc, not in EAW
        return 2
    return 1


def char_widths(text: str) -> list[int]:
    """The width of each code point of ``text`` in context: as tmux does, a non-ASCII character
    right after a zero width joiner joins the joiner's cell and adds no width."""
    widths = [char_width(ch) for ch in text]
    if _ZWJ in text:
        for i in range(1, len(text)):
            if text[i - 1] == _ZWJ and ord(text[i]) >= 0x80:
                widths[i] = 0
    return widths


def cell_width(text: str) -> int:
    """Terminal cells ``text`` takes, measured as tmux, xterm and VTE draw it.

    >>> cell_width("কোয়ান্টাইজেশন"), cell_width("تقليم الشبكة"), cell_width("中文")
    (12, 12, 4)
    """
    if text.isascii() and text.isprintable():
        return len(text)
    return sum(char_widths(text))


# --- grapheme clusters and line breaks -------------------------------------------------------


def _icu() -> Any:
    from glossary_cli.icudata import icu

    return icu()


def _utf16_to_index(text: str) -> dict[int, int] | None:
    """UTF-16 offset → ``str`` index for text with astral characters; ``None`` when equal."""
    if all(ord(ch) < 0x10000 for ch in text):
        return None
    table, u16 = {}, 0
    for i, ch in enumerate(text):
        table[u16] = i
        u16 += 2 if ord(ch) >= 0x10000 else 1
    table[u16] = len(text)
    return table


def _icu_boundaries(text: str, kind: str) -> list[int]:
    """Boundaries after position 0 (ending with ``len(text)``) of an ICU break iterator."""
    icu = _icu()
    create = (
        icu.BreakIterator.createLineInstance
        if kind == "line"
        else icu.BreakIterator.createCharacterInstance
    )
    iterator = create(icu.Locale.getRoot())
    iterator.setText(text)
    table = _utf16_to_index(text)
    found = [b if table is None else table[b] for b in iterator]
    return [b for b in found if b > 0] or [len(text)]


def graphemes(text: str) -> list[int]:
    """End offsets of the grapheme clusters of ``text`` (ICU; plain ASCII needs no ICU).

    >>> graphemes("ন্ত্রকো")
    [5, 7]
    """
    if not text:
        return []
    if text.isascii() and "\r" not in text:
        return list(range(1, len(text) + 1))
    return _icu_boundaries(text, "char")


#: Punctuation of simple text (UAX #14): ``,`` IS, which holds on to the letters or digits on
#: both of its sides (rule LB29, and ICU's tailoring of LB25), so it may stand inside a word
#: or end one; ``!`` EX and BA, which may only end a word (no break before it, rule LB13,
#: and none after it but after the spaces that follow, LB18).
_PUNCTUATION = {",": ",.:;\u060c", "!": "!?\u0964\u061b\u061f"}

_WORD = r"[a0][am0]*(?:,[a0][am0]*)*"
_TOKEN = rf"[(q]?{_WORD}(?:,?-+[a0][am0]*(?:,[a0][am0]*)*)*[)q]?[,!]?q?"
#: The shape of simple text, over the classes of :func:`_char_classes`.
_SIMPLE_SHAPE = re.compile(rf"{_TOKEN}(?: +{_TOKEN})*")


@lru_cache(maxsize=1)
def _char_classes() -> dict[int, str]:
    """A :meth:`str.translate` table from the characters of simple text to their classes:
    ``a`` a letter, ``m`` a combining mark, ``0`` a digit (general categories Lo, Mn/Mc and
    Nd of the Bengali block and of Arabic letters and marks, Unicode chapter 4.5; ASCII
    letters and digits; ``_``, ``≈``, ``@``, ``<``, ``=`` and ``>``, of line break class AL
    (UAX #14's LineBreak.txt), as in a citation ``repo/path.md@commit``), ``-`` a hyphen or slash,
    ``,`` and ``!`` punctuation (:data:`_PUNCTUATION`), ``q`` an ASCII quotation mark,
    and space and parentheses as themselves. Every class letter is itself in the table, so a
    character left out keeps its own value and can never pass for a class."""
    table = {ord(ch): "a" for ch in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_≈@<=>"}
    table.update({ord(ch): "0" for ch in "0123456789"})
    table.update({ord(ch): ch for ch in " ()"})
    table.update({ord(ch): "-" for ch in "-/"})
    table.update({ord(ch): "q" for ch in "\"'"})
    for cls, chars in _PUNCTUATION.items():
        table.update({ord(ch): cls for ch in chars})
    by_category = {"Lo": "a", "Mn": "m", "Mc": "m", "Nd": "0"}
    for lo, hi, first_letter in ((0x0980, 0x09FF, 0x0980), (0x0610, 0x06FF, 0x0620)):
        for cp in range(lo, hi + 1):
            found = by_category.get(unicodedata.category(chr(cp)))
            if found == "a" and cp < first_letter:
                continue
            if found is not None and cp not in table:
                table[cp] = found
    return table


def is_simple_text(text: str) -> bool:
    """Whether ``text``'s line break opportunities (UAX #14) are only after spaces and after a
    hyphen or slash followed by a letter: words of Latin, Bengali or Arabic letters, marks and
    digits (with commas, full stops or colons between them), joined by hyphens or slashes (a
    run of them, as in ``https://``, breaks after its last, and none before a digit:
    ``ar/01.md``),
    in optional parentheses or quotation marks, ending in optional punctuation
    (:data:`_PUNCTUATION`), separated by spaces. ``tests/test_render.py`` checks
    that ICU breaks such text exactly there. The test maps each character to its class
    (:func:`_char_classes`) and matches a regular expression of a few classes, which is
    cheaper than compiling one with the scripts' characters in it.

    >>> is_simple_text('কোয়ান্টাইজেশন-অ্যাওয়ার (QAT), "تكميم الشبكة" 001_bn.txt:5।')
    True
    >>> is_simple_text("تكميم الشبكة۔")  # ARABIC FULL STOP, not among them
    False
    """
    return _SIMPLE_SHAPE.fullmatch(text.translate(_char_classes())) is not None


def _breaks_after_separator(text: str, classes: str, i: int) -> bool:
    """Whether a line may end before ``text[i]``, after a hyphen or slash (UAX #14): never
    before another hyphen or slash (LB13, LB21); before a digit, never after a hyphen
    (``HY × NU``) nor after a slash that follows a number (``NU (NU | SY | IS)* × NU``, LB25:
    ``01/02``); else yes (``ar/0``, ``low-rank``). ``classes``: ``text`` translated by
    :func:`_char_classes`."""
    if classes[i] == "-":
        return False
    if classes[i] != "0":
        return True
    if text[i - 1] == "-":
        return False
    j = i - 1
    while j >= 0 and (classes[j] in "0,m" or text[j] == "/"):  # a mark is its base's (LB9)
        if classes[j] == "0":
            return False
        j -= 1
    return True


def break_opportunities(text: str) -> list[int]:
    """Offsets where a line of ``text`` may end (UAX #14 via ICU), ending with ``len(text)``.

    Simple text (see :func:`is_simple_text`) is broken without loading ICU, which would cost more
    than the rest of drawing a table.

    >>> break_opportunities("Quantization-Aware Training (QAT)")
    [13, 19, 28, 33]
    """
    if len(text) <= 1:
        return [len(text)]
    if is_simple_text(text):
        classes = text.translate(_char_classes())
        found = [
            i
            for i in range(1, len(text))
            if (text[i - 1] == " " and text[i] != " ")
            or (text[i - 1] in "-/" and _breaks_after_separator(text, classes, i))
        ]
        return [*found, len(text)]
    found = _icu_boundaries(text, "line")
    if any(_joins(b) for a, b in pairwise(text) if a.isspace()):
        # A mark or joiner after a space: UAX #14 may break between them (rule LB10), but
        # that would split a grapheme cluster.
        clusters = set(graphemes(text))
        found = [b for b in found if b in clusters]
    return found


def _joins(ch: str) -> bool:
    """Whether ``ch`` extends the grapheme cluster before it (a mark or a joiner)."""
    return unicodedata.category(ch)[0] == "M" or ch in "\u200c\u200d"


class Cut(NamedTuple):
    """One wrapped line of a text: ``text[start:end]`` (trailing spaces excluded), followed by
    an ellipsis when the text was shortened after it."""

    start: int
    end: int
    ellipsis: bool = False


def wrap(text: str, width: int, max_lines: int | None = None) -> list[Cut]:
    """Break ``text`` into lines of at most ``width`` cells at ICU line break opportunities;
    a word wider than a line is folded between grapheme clusters. With ``max_lines``, a text
    that needs more lines is shortened to that many, the last ending with ``…``.

    >>> t = "Quantization-Aware Training (QAT)"
    >>> [t[c.start:c.end] for c in wrap(t, 20)]
    ['Quantization-Aware', 'Training (QAT)']
    >>> [(t[c.start:c.end], c.ellipsis) for c in wrap(t, 12, max_lines=1)]
    [('Quantizatio', True)]

    A word is cut for the ellipsis only when it is wider than the line, as above; else the
    line ends before the word:

    >>> wrap("Pruning methods", 7, max_lines=1)
    [Cut(start=0, end=0, ellipsis=True)]
    """
    width = max(width, 1)
    if text.isascii() and text.isprintable():
        widths = [1] * len(text)
        prefix = list(range(len(text) + 1))
    else:
        widths = char_widths(text)
        prefix = [0]
        for w in widths:
            prefix.append(prefix[-1] + w)

    def span(a: int, b: int) -> int:
        # A line's first character starts a cell even after a joiner (see char_widths).
        if a >= b:
            return 0
        return prefix[b] - prefix[a] + char_width(text[a]) - widths[a]

    if span(0, len(text)) <= width:
        cuts = [Cut(0, len(text.rstrip(" ")))]
    else:
        cuts = _greedy(text, width, span)
    if max_lines is not None and len(cuts) > max_lines:
        after = cuts[max_lines].start
        cuts = cuts[:max_lines]
        last = cuts[-1]
        end = last.end
        if span(last.start, end) + 1 > width:
            end = _shortened(text, last, after, width, span)
        while end > last.start and text[end - 1] == " ":
            end -= 1
        cuts[-1] = Cut(last.start, end, ellipsis=True)
    return cuts


def _shortened(text: str, last: Cut, after: int, width: int, span: Any) -> int:
    """Where the last line ``last`` of a shortened text ends so that ``…`` fits after it: at
    its last line break opportunity that leaves room, never inside a word; inside a word only
    when the line is part of a word wider than the column, folded (the next line, from
    ``after``, goes on with it)."""
    piece = text[last.start : last.end]
    ends = [last.start + len(piece[:b].rstrip(" ")) for b in break_opportunities(piece)[:-1]]
    fitting = [e for e in ends if e > last.start and span(last.start, e) + 1 <= width]
    if fitting:
        return max(fitting)
    if after < len(text) and after in break_opportunities(text):
        return last.start  # a whole word, that only the ellipsis does not leave room for
    ends = [last.start + g for g in graphemes(piece)]
    return max((e for e in ends if span(last.start, e) + 1 <= width), default=last.start)


def _greedy(text: str, width: int, span: Any) -> list[Cut]:
    cuts: list[Cut] = []
    start = line_end = 0
    used = 0  # cells used on the current line, trailing spaces included
    prev = 0
    for b in break_opportunities(text):
        core = prev + len(text[prev:b].rstrip(" "))
        if line_end > start and used + span(prev, core) > width:
            cuts.append(Cut(start, line_end))
            start, used = prev, 0
        if span(prev, core) > width - used:  # a word wider than the line: fold it
            pos = prev
            for g in graphemes(text[prev:core]):
                end = prev + g
                if span(start, end) > width and pos > start:
                    cuts.append(Cut(start, pos))
                    start = pos
                pos = end
            used = span(start, b)
        else:
            used += span(prev, b)
        line_end = core
        prev = b
    cuts.append(Cut(start, line_end))
    return cuts


# --- right-to-left text ----------------------------------------------------------------------

_STRONG = {"L": False, "R": True, "AL": True}


def has_rtl(text: str) -> bool:
    """Whether ``text`` holds a right-to-left letter (bidi class R or AL)."""
    return any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in text)


def is_rtl(text: str) -> bool:
    """Paragraph direction as a first-strong isolate would take it: right-to-left when the first
    letter with a strong direction is Arabic or Hebrew.

    >>> is_rtl("تقليم الشبكة (MoE)"), is_rtl("MoE: خليط الخبراء")
    (True, False)
    """
    for ch in text:
        strong = _STRONG.get(unicodedata.bidirectional(ch))
        if strong is not None:
            return strong
    return False


@lru_cache(maxsize=1)
def _reshaper() -> Any:
    from arabic_reshaper import ArabicReshaper

    # Keep the harakat (they are part of the text) and make only the lam-alef ligatures that
    # Arabic requires; no word ligatures.
    return ArabicReshaper(configuration={"delete_harakat": False, "ARABIC LIGATURE ALLAH": False})


def shape(text: str) -> str:
    """Arabic letters replaced by their contextual presentation forms (arabic-reshaper), for
    terminals that draw each letter alone; other text unchanged."""
    if not any("\u0600" <= ch <= "\u06ff" or "\u0750" <= ch <= "\u077f" for ch in text):
        return text
    return str(_reshaper().reshape(text))


def visual_order(text: str, cuts: Sequence[Cut], rtl: bool) -> list[list[int]]:
    """For each line of ``text``, the offsets of its characters in display order (left to
    right), by ICU's implementation of the Unicode bidirectional algorithm on the whole
    paragraph. Combining marks stay after their base character, as a terminal needs them.
    Offset ``-1`` stands for a line's ellipsis; mirrored characters are reported by
    :func:`mirrored`."""
    icu = _icu()
    bidi = icu.Bidi()
    bidi.setPara(icu.UnicodeString(text), 1 if rtl else 0)
    to_index = _utf16_to_index(text)
    to_u16 = {i: u for u, i in to_index.items()} if to_index else None
    lines: list[list[int]] = []
    for cut in cuts:
        order: list[int] = []
        if cut.end > cut.start:
            a = cut.start if to_u16 is None else to_u16[cut.start]
            b = cut.end if to_u16 is None else to_u16[cut.end]
            line = bidi.setLine(a, b)
            seen = set()
            for u in line.getVisualMap():
                i = (a + u) if to_index is None else to_index.get(a + u)
                if i is not None and i not in seen:
                    seen.add(i)
                    order.append(i)
            order = _marks_after_base(text, order, bidi, to_u16)
        if cut.ellipsis:
            order = [-1, *order] if rtl else [*order, -1]
        lines.append(order)
    return lines


def _marks_after_base(
    text: str, order: list[int], bidi: Any, to_u16: dict[int, int] | None
) -> list[int]:
    """Reversed right-to-left runs put a base's combining marks before it; move them after."""
    out: list[int] = []
    pending: list[int] = []
    for i in order:
        odd = bidi.getLevelAt(i if to_u16 is None else to_u16[i]) % 2 == 1
        if odd and unicodedata.category(text[i]) in ("Mn", "Me", "Mc"):
            pending.append(i)
            continue
        out.append(i)
        out.extend(reversed(pending))
        pending = []
    out.extend(reversed(pending))
    return out


def mirrored(text: str, rtl: bool) -> dict[int, str]:
    """Offsets of characters shown mirrored (rule L4): a ``(`` resolved right-to-left is drawn
    as ``)``. Returns offset → the character to draw."""
    icu = _icu()
    candidates = [i for i, ch in enumerate(text) if unicodedata.mirrored(ch)]
    if not candidates:
        return {}
    bidi = icu.Bidi()
    bidi.setPara(icu.UnicodeString(text), 1 if rtl else 0)
    to_index = _utf16_to_index(text)
    to_u16 = {i: u for u, i in to_index.items()} if to_index else None
    out = {}
    for i in candidates:
        if bidi.getLevelAt(i if to_u16 is None else to_u16[i]) % 2 == 1:
            out[i] = str(icu.Char.charMirror(text[i]))
    return out


# --- fields ----------------------------------------------------------------------------------


class Field(NamedTuple):
    """One paragraph of styled text: ``spans`` are ``(text, style)`` pairs in logical order."""

    spans: tuple[Span, ...]

    @classmethod
    def of(cls, text: str, style: str = "") -> Field:
        """A field of one span."""
        return cls(((text, style),))

    @property
    def text(self) -> str:
        """The field's text without styles."""
        return "".join(t for t, _ in self.spans)


Cell = tuple[Field, ...]


class Options(NamedTuple):
    """How text is laid out: ``bidi`` shapes and reorders right-to-left fields for display
    (only for a terminal without bidi support; never for pipes); ``wide`` never shortens text."""

    bidi: bool = False
    wide: bool = False


def natural_width(field: Field, options: Options) -> int:
    """Cells ``field`` takes on one line."""
    return cell_width(_prepared(field, options)[0])


def min_width(field: Field, options: Options) -> int:
    """Cells of the widest piece of ``field`` that cannot be broken."""
    text = _prepared(field, options)[0]
    if not text:
        return 0
    widest, prev = 0, 0
    for b in break_opportunities(text):
        widest = max(widest, cell_width(text[prev:b].rstrip(" ")))
        prev = b
    return widest


def _prepared(field: Field, options: Options) -> tuple[str, list[str]]:
    """The text to lay out (shaped when ``bidi``) and the style of each of its characters."""
    texts = [shape(t) if options.bidi else t for t, _ in field.spans]
    styles = [style for (_, style), t in zip(field.spans, texts, strict=True) for _ in t]
    return "".join(texts), styles


def field_lines(
    field: Field, width: int, options: Options, *, max_lines: int | None = None
) -> tuple[list[Line], bool]:
    """Lay ``field`` out in ``width`` cells: its lines, and whether they read right to left
    (and so should be aligned right). ``options.wide`` ignores ``max_lines``."""
    text, styles = _prepared(field, options)
    cuts = wrap(text, width, None if options.wide else max_lines)
    rtl = options.bidi and has_rtl(text)
    if not rtl:
        return [_sliced(field.spans if not options.bidi else _spans(text, styles), c)
                for c in cuts], False  # fmt: skip
    direction = is_rtl(text)
    orders = visual_order(text, cuts, direction)
    mirrors = mirrored(text, direction)
    return [_styled(text, styles, order, mirrors) for order in orders], direction


def _spans(text: str, styles: list[str]) -> tuple[Span, ...]:
    """``text`` as spans of one style each (``styles``: the style of each character)."""
    out: list[Span] = []
    start = 0
    for i in range(1, len(text) + 1):
        if i == len(text) or styles[i] != styles[start]:
            out.append((text[start:i], styles[start]))
            start = i
    return tuple(out)


def _sliced(spans: Sequence[Span], cut: Cut) -> Line:
    """The spans of a left-to-right line: characters ``cut.start`` to ``cut.end`` of the text
    the spans make, then the ellipsis in the style of the last character before it. The same
    line as :func:`_styled` gives in logical order, one slice per span instead of one step
    per character."""
    out: list[Span] = []
    at = 0
    last_style = ""
    for text, style in spans:
        end = at + len(text)
        a, b = max(cut.start, at), min(cut.end, end)
        if a < b:
            if out and out[-1][1] == style:
                out[-1] = (out[-1][0] + text[a - at : b - at], style)
            else:
                out.append((text[a - at : b - at], style))
            last_style = style
        at = end
        if at >= cut.end:
            break
    if cut.ellipsis:
        if out and out[-1][1] == last_style:
            out[-1] = (out[-1][0] + ELLIPSIS, last_style)
        else:
            out.append((ELLIPSIS, last_style))
    return tuple(out)


def _styled(text: str, styles: list[str], order: list[int], mirrors: dict[int, str]) -> Line:
    spans: list[list[str]] = []
    last_style = styles[order[0]] if order and order[0] >= 0 else ""
    for i in order:
        if i < 0:
            ch, style = ELLIPSIS, last_style
        else:
            ch, style = mirrors.get(i, text[i]), styles[i]
            last_style = style
        if spans and spans[-1][1] == style:
            spans[-1][0] += ch
        else:
            spans.append([ch, style])
    return tuple((t, s) for t, s in spans)


def line_width(line: Line) -> int:
    """Cells a laid-out line takes."""
    return cell_width("".join(t for t, _ in line))


def plain(line: Line) -> str:
    """A line's text without styles."""
    return "".join(t for t, _ in line)


# --- tables ----------------------------------------------------------------------------------


class Box(NamedTuple):
    """Border characters: each rule is ``left + horizontal + crossing + right``; each row is
    ``left + divider + right``."""

    top: str
    header: str
    header_rule: str
    row: str
    row_rule: str
    bottom: str


#: rich's default table box: heavy header, light body.
HEAVY_HEAD = Box("┏━┳┓", "┃┃┃", "┡━╇┩", "│││", "├─┼┤", "└─┴┘")
SQUARE = Box("┌─┬┐", "│││", "├─┼┤", "│││", "├─┼┤", "└─┴┘")


class Column(NamedTuple):
    """A table column: ``wrap=False`` keeps it at its natural width while others can shrink;
    ``max_lines`` shortens a longer cell with an ellipsis (unless ``Options.wide``)."""

    header: str = ""
    justify: str = "left"
    wrap: bool = True
    max_lines: int | None = None
    style: str = ""


def table_width(
    columns: Sequence[Column],
    rows: Sequence[Sequence[Cell]],
    options: Options,
    *,
    box: Box | None = HEAVY_HEAD,
    show_header: bool = True,
    indent: int = 0,
    gap: int = 2,
) -> int:
    """Cells :func:`table` needs to draw every column at its natural width (no cell wrapped),
    borders and padding included; arguments as :func:`table`."""
    n = len(columns)
    measured = _measured(columns, rows, show_header)
    return sum(_natural_widths(measured, n, options)) + _overhead(n, box, indent, gap)


def fits(
    columns: Sequence[Column],
    rows: Sequence[Sequence[Cell]],
    width: int,
    options: Options,
    *,
    box: Box | None = HEAVY_HEAD,
    show_header: bool = True,
    indent: int = 0,
    gap: int = 2,
) -> bool:
    """Whether :func:`table` can draw the table in ``width`` cells without breaking a word: every
    wrapping column at least as wide as the widest word of its cells (and header), every
    ``wrap=False`` column at its natural width; arguments as :func:`table`.

    >>> cols = [Column("term"), Column("kind", wrap=False)]
    >>> rows = [[(Field.of("quantization-aware training"),), (Field.of("missing"),)]]
    >>> fits(cols, rows, 27, Options()), fits(cols, rows, 26, Options())
    (True, False)
    """
    n = len(columns)
    measured = _measured(columns, rows, show_header)
    least = 0
    for i, c in enumerate(columns):
        measure = min_width if c.wrap else natural_width
        least += max((measure(f, options) for r in measured for f in r[i]), default=0)
        if least + _overhead(n, box, indent, gap) > width:
            return False
    return True


def records(
    columns: Sequence[Column], rows: Sequence[Sequence[Cell]], width: int, options: Options
) -> list[Line]:
    """A table too wide for ``width`` cells drawn as one record per row, for a terminal where
    :func:`fits` says no: the row's first cell on lines of its own (bold), then each other
    column's header and cell beside it, indented by 2, the cells lined up; a cell whose
    widest word does not fit beside the headers goes below its header, indented by 4. Empty
    cells are left out; records are a blank line apart. So a word is folded only when it is
    wider than the whole line left to it.

    >>> cols = [Column("segment"), Column("kind"), Column("expected")]
    >>> rows = [[(Field.of("bn-004"),), (Field.of("missing"),), (Field.of("নেটওয়ার্ক প্রুনিং"),)]]
    >>> for line in records(cols, rows, 24, Options()): print(plain(line))
    bn-004
      kind      missing
      expected  নেটওয়ার্ক
                প্রুনিং
    """
    labels = [cell_width(c.header) for c in columns[1:]]
    label_width = max(labels, default=0)
    out: list[Line] = []
    for k, row in enumerate(rows):
        if k:
            out.append(())
        head = tuple(Field(tuple((t, s or "bold") for t, s in f.spans)) for f in row[0])
        out += table([Column()], [[head]], width, options, box=None, show_header=False)
        for column, cell, label in zip(columns[1:], row[1:], labels, strict=True):
            if not any(f.text for f in cell):
                continue
            name = Field.of(column.header + " " * (label_width - label), "dim")
            value = Column(max_lines=column.max_lines, style=column.style)
            room = width - 2 - label_width - 2
            if max((min_width(f, options) for f in cell), default=0) > room:
                out += table([Column(wrap=False)], [[(name,)]], width, options, box=None,
                             show_header=False, indent=2)  # fmt: skip
                out += table([value], [[cell]], width, options, box=None, show_header=False,
                             indent=4)  # fmt: skip
            else:
                out += table([Column(wrap=False), value], [[(name,), cell]], width, options,
                             box=None, show_header=False, indent=2)  # fmt: skip
    return out


def _measured(
    columns: Sequence[Column], rows: Sequence[Sequence[Cell]], show_header: bool
) -> list[list[Cell]]:
    header_cells: list[Cell] = [(Field.of(c.header, "bold"),) for c in columns]
    return ([header_cells] if show_header else []) + [list(r) for r in rows]


def _overhead(n: int, box: Box | None, indent: int, gap: int) -> int:
    """Cells of a table's borders, padding and indent: ``│ a │ b │``, or gaps without a box."""
    return indent + ((n + 1) + 2 * n if box else gap * (n - 1))


def _natural_widths(measured: list[list[Cell]], n: int, options: Options) -> list[int]:
    return [
        max((natural_width(f, options) for r in measured for f in r[i]), default=0)
        for i in range(n)
    ]


def table(
    columns: Sequence[Column],
    rows: Sequence[Sequence[Cell]],
    width: int,
    options: Options,
    *,
    box: Box | None = HEAVY_HEAD,
    show_header: bool = True,
    row_rules: bool = False,
    indent: int = 0,
    gap: int = 2,
) -> list[Line]:
    """Draw a table in at most ``width`` cells (wider only when even one cell per column does
    not fit). With ``box=None`` it is a borderless grid whose columns are ``gap`` cells apart.

    Column widths start at each column's natural width; while the table is too wide the widest
    column that can still wrap loses a cell, first down to its longest unbreakable word, then
    below it (words are folded), and only then are ``wrap=False`` columns narrowed.
    """
    n = len(columns)
    measured = _measured(columns, rows, show_header)
    overhead = _overhead(n, box, indent, gap)
    widths = _natural_widths(measured, n, options)
    excess = sum(widths) + overhead - width
    if excess > 0:
        widths = _shrink(columns, measured, widths, excess, options)
    widths = [max(w, 1) for w in widths]

    out: list[Line] = []
    pad = (" " * indent, "")

    def rule(spec: str) -> Line:
        left, horizontal, cross, right = spec[0], spec[1], spec[2], spec[3]
        border = left + cross.join(horizontal * (w + 2) for w in widths) + right
        return _merge([pad, (border, "")], trim=False)

    def block(cells: Sequence[Cell], divider: str | None) -> list[Line]:
        laid: list[list[tuple[Line, bool]]] = []
        for col, cell, w in zip(columns, cells, widths, strict=True):
            lines: list[tuple[Line, bool]] = []
            for f in cell:
                flines, rtl = field_lines(f, w, options, max_lines=col.max_lines)
                lines.extend((line, rtl) for line in flines)
            laid.append(lines or [((), False)])
        height = max(len(c) for c in laid)
        result = []
        for k in range(height):
            spans: list[Span] = [pad]
            if divider:
                spans.append((divider[0], ""))
            for j, (col, w) in enumerate(zip(columns, widths, strict=True)):
                line, rtl = laid[j][k] if k < len(laid[j]) else ((), False)
                fill = " " * max(w - line_width(line), 0)
                right = col.justify == "right" or rtl
                if divider:
                    spans.append((" ", ""))
                if right:
                    spans.append((fill, ""))
                spans.extend((t, s or col.style) for t, s in line)
                if not right:
                    spans.append((fill, ""))
                if divider:
                    spans.append((" " + (divider[1] if j < n - 1 else divider[2]), ""))
                elif j < n - 1:
                    spans.append((" " * gap, ""))
            result.append(_merge(spans, trim=not divider))
        return result

    if box:
        out.append(rule(box.top))
    if show_header:
        out.extend(block(measured[0], box.header if box else None))
        if box:
            out.append(rule(box.header_rule))
    for k, row in enumerate(rows):
        if k and row_rules and box:
            out.append(rule(box.row_rule))
        out.extend(block(row, box.row if box else None))
    if box:
        out.append(rule(box.bottom))
    return out


#: Most rows whose lines :func:`_shrink` counts to choose the column widths.
SHRINK_SAMPLE = 1000


def _shrink(
    columns: Sequence[Column],
    rows: Sequence[Sequence[Cell]],
    widths: list[int],
    excess: int,
    options: Options,
) -> list[int]:
    """Narrow columns by ``excess`` cells in all. Each cell goes where it adds the fewest
    lines to the table, estimating a cell's lines as its natural width over the column width
    (ties: the widest column); a column goes below its longest unbreakable word only when
    every wrapping column is there, and ``wrap=False`` columns shrink last. Above
    :data:`SHRINK_SAMPLE` rows the lines are estimated on an even sample of the rows, so that
    the cost of choosing the widths does not grow with the rows (a list of 20 000 concepts
    took 20 s to lay out when every row was weighed). Each cell taken weighs only the cells
    of the column it is taken from that wrap (``benchmarks/layout_bench.py``)."""
    n = len(columns)
    widths = list(widths)
    sample = rows[:: -(-len(rows) // SHRINK_SAMPLE)] if len(rows) > SHRINK_SAMPLE else rows
    naturals = [[sum(natural_width(f, options) for f in r[i]) for i in range(n)] for r in sample]
    mins = [
        max((min_width(f, options) for r in rows for f in r[i]), default=0) if c.wrap else widths[i]
        for i, c in enumerate(columns)
    ]
    # The lines of each sampled row at the current widths (a cell has at least one line per
    # field); a narrower column k can only add lines to the rows whose cell in k then needs
    # more lines than the row has, so each trial looks at the cells of k that wrap, widest
    # first, instead of the whole table (which made this columns² × rows).
    heights = [
        max(max(-(-nat[i] // max(widths[i], 1)), len(r[i]), 1) for i in range(n))
        for nat, r in zip(naturals, sample, strict=True)
    ]
    by_column = [
        sorted(((nat[i], k) for k, nat in enumerate(naturals) if nat[i] > 1), reverse=True)
        for i in range(n)
    ]

    def added(i: int, width: int) -> int:
        """Lines the sampled rows gain when column ``i`` is ``width`` cells wide."""
        width = max(width, 1)
        more = 0
        for nat, k in by_column[i]:
            if nat <= width:
                break
            more += max(-(-nat // width) - heights[k], 0)
        return more

    for floors in (mins, [1 if c.wrap else widths[i] for i, c in enumerate(columns)], [1] * n):
        while excess > 0:
            can = [i for i in range(n) if widths[i] > floors[i]]
            if not can:
                break
            i = min(can, key=lambda k: (added(k, widths[k] - 1), -widths[k], k))
            widths[i] -= 1
            excess -= 1
            width = max(widths[i], 1)
            for nat, k in by_column[i]:
                if nat <= width:
                    break
                heights[k] = max(heights[k], -(-nat // width))
    return widths


def _merge(spans: Sequence[Span], *, trim: bool) -> Line:
    merged: list[list[str]] = []
    for text, style in spans:
        if not text:
            continue
        if merged and merged[-1][1] == style:
            merged[-1][0] += text
        else:
            merged.append([text, style])
    if trim:
        while merged and not merged[-1][0].rstrip(" "):
            merged.pop()
        if merged:
            merged[-1][0] = merged[-1][0].rstrip(" ")
    return tuple((t, s) for t, s in merged)


def paragraph(
    field: Field, width: int, options: Options, *, indent: int = 0, max_lines: int | None = None
) -> list[Line]:
    """``field`` wrapped to ``width`` cells, every line indented by ``indent``."""
    return table(
        [Column(max_lines=max_lines)],
        [[(field,)]],
        width,
        options,
        box=None,
        show_header=False,
        indent=indent,
    )
