"""How files write a term: the one home of the rules that turn a cell, a heading or a title
into the terms it holds. Pure; doctested.

* a trailing parenthetical gives an English equivalent and abbreviations
  (:func:`split_parenthetical`: ``লো-র্যাঙ্ক অ্যাডাপ্টেশন (LoRA)``);
* a text in two scripts gives a term in each (:func:`names_in`: ``معالجة اللغة الطبيعية
  Natural language processing (NLP)``, ``(ইভেন্ট) Event``), unless the other script is an
  abbreviation inside the term (``LoRA ফাইন-টিউনিং``);
* a cell of several terms gives each (:func:`split_alternatives`: ``تقليم، تشذيب``), unless
  the parts are fragments of one term (``التمرير الأمامي / الخلفي``, "forward / backward
  pass");
* a program's strings mark their keyboard accelerators (:func:`without_accelerator`:
  ``_File``, ``&Open``, ``ফাইল (_F)``), which are no part of the term.
"""

from __future__ import annotations

import re
from typing import NamedTuple

#: Separators between the English name and the abbreviation inside a parenthetical:
#: hyphen-minus, en dash or em dash with spaces around (``Mixture of Experts - MoE``).
_EN_ABBR_SEP = re.compile(r"\s+[-\u2013\u2014]\s+")
_TRAILING_PAREN = re.compile(r"\s*\(([^()]*)\)\s*$")
_BRACKETS = "()[]{}"


def split_parenthetical(term: str) -> tuple[str, str | None, tuple[str, ...]]:
    """Split a term's trailing parenthetical into an English equivalent and abbreviations.

    >>> split_parenthetical("লো-র্যাঙ্ক অ্যাডাপ্টেশন (LoRA)")
    ('লো-র্যাঙ্ক অ্যাডাপ্টেশন', None, ('LoRA',))
    >>> split_parenthetical("মিশ্র বিশেষজ্ঞ (Mixture of Experts - MoE)")
    ('মিশ্র বিশেষজ্ঞ', 'Mixture of Experts', ('MoE',))
    >>> split_parenthetical("স্ট্রাকচার্ড স্পার্সিটি (Structured Sparsity)")
    ('স্ট্রাকচার্ড স্পার্সিটি', 'Structured Sparsity', ())
    >>> split_parenthetical("الاستدلال ذو الرتبة المنخفضة (Low-Rank)")
    ('الاستدلال ذو الرتبة المنخفضة', 'Low-Rank', ())

    Args:
        term: a term line, stripped.

    Returns:
        ``(term, english, abbreviations)``; the term unchanged and ``(None, ())`` when there is
        no trailing parenthetical. What counts as an abbreviation: see :func:`is_abbreviation`.
    """
    term = _strip_empty_parens(term)
    m = _TRAILING_PAREN.search(term)
    if not m or m.start() == 0:
        return term, None, ()
    inner = " ".join(m.group(1).split())
    head = term[: m.start()].rstrip()
    if not inner:
        return head, None, ()
    parts = _EN_ABBR_SEP.split(inner)
    if len(parts) > 1 and is_abbreviation(parts[-1]):
        return head, " - ".join(parts[:-1]), (parts[-1],)
    if is_abbreviation(inner):
        return head, None, (inner,)
    return head, inner, ()


def _strip_empty_parens(term: str) -> str:
    """``term`` without the empty parentheticals it ends with (``X () ( )`` → ``X``), all of
    them, so that the term written back has none left to strip; unchanged if nothing else
    is left. A scan from the end, linear in what it removes."""
    end = len(term)
    while True:
        i = end
        while i > 0 and term[i - 1].isspace():
            i -= 1
        if i == 0 or term[i - 1] != ")":
            break
        i -= 1
        while i > 0 and term[i - 1].isspace():
            i -= 1
        if i == 0 or term[i - 1] != "(":
            break
        end = i - 1
    head = term[:end].rstrip()
    return head if head else term


def is_abbreviation(text: str) -> bool:
    """Whether ``text`` reads as an abbreviation rather than an English name.

    An abbreviation is one token (no spaces) of at most 12 characters with a digit, or with a
    hyphen-separated part that has two or more capitals or is a single capital: ``LoRA``,
    ``MoE``, ``FP8``, ``INT4``, ``Q-Bias``, ``TPU``. ``Low-Rank`` and ``Pruning`` are names.

    >>> [is_abbreviation(t) for t in ("LoRA", "Q-Bias", "FP8", "Low-Rank", "Pruning")]
    [True, True, True, False, False]
    """
    if not text or len(text) > 12 or any(c.isspace() for c in text):
        return False
    if not any(c.isalpha() for c in text):
        return False
    if any(c.isdigit() for c in text):
        return True
    for part in text.split("-"):
        capitals = sum(c.isupper() for c in part)
        if capitals >= 2 or (len(part) == 1 and capitals == 1):
            return True
    return False


def _unbracketed(text: str) -> str:
    """``text`` without the brackets that enclose the whole of it: ``(ইভেন্ট)`` → ``ইভেন্ট``."""
    text = text.strip()
    while (
        len(text) > 2 and text[0] in "([{" and text[-1] == _BRACKETS[_BRACKETS.index(text[0]) + 1]
    ):
        inner = text[1:-1]
        if inner.count(text[0]) != inner.count(text[-1]):
            break
        text = inner.strip()
    return text


class Name(NamedTuple):
    """One term a text holds (:func:`names_in`).

    Attributes:
        text: the term.
        script: the ISO 15924 code of its script (``Beng``, ``Arab``, ``Latn``…), ``None``
            when it has no letters.
        kind: ``"term"`` (the text's own term, or a term of another script beside it) or
            ``"abbreviation"`` (a parenthetical abbreviation).
    """

    text: str
    script: str | None
    kind: str = "term"


def names_in(text: str) -> list[Name]:
    """The terms a heading, title or cell holds, in order, the first the text's own:

    * a trailing parenthetical: its English equivalent and abbreviations
      (:func:`split_parenthetical`);
    * a text in two scripts, each part of several letters and neither an abbreviation
      (:func:`is_abbreviation`), cut where its script changes
      (:func:`glossary_cli.scripts.writing.script_runs`): a term in each, brackets around
      a part dropped. A text of three or more script runs, or one whose other script is an
      abbreviation inside the term (``LoRA ফাইন-টিউনিং``, ``INT4 কোয়ান্টাইজেশন``), is one
      term.

    >>> for name in names_in("معالجة اللغة الطبيعية Natural language processing (NLP)"):
    ...     print(name.text, name.script, name.kind)
    معالجة اللغة الطبيعية Arab term
    Natural language processing Latn term
    NLP Latn abbreviation
    >>> [n.text for n in names_in("(ইভেন্ট) Event")]
    ['ইভেন্ট', 'Event']
    >>> [n.text for n in names_in("ক্লাস্টার (Cluster)")]
    ['ক্লাস্টার', 'Cluster']
    >>> [n.text for n in names_in("LoRA ফাইন-টিউনিং")], [n.text for n in names_in("Pruning")]
    (['LoRA ফাইন-টিউনিং'], ['Pruning'])
    """
    from glossary_cli.scripts.writing import script_of, script_runs

    head, english, abbreviations = split_parenthetical(" ".join(text.split()))
    parts = [head]
    runs = script_runs(head)
    if len(runs) == 2:
        texts = [_unbracketed(run) for _, run in runs]
        if all(
            t and sum(c.isalpha() for c in t) >= 2 and not is_abbreviation(t) for t in texts
        ) and not head.replace(runs[0][1], "", 1).startswith(("-", "\u2010")):
            parts = texts
    parts = [_unbracketed(p) or p for p in parts]
    if len(parts) == 1 and english is None and not abbreviations:
        parts = [_unbracketed(head) or head]
    out = [Name(p, script_of(p)) for p in parts]
    if english:
        out.append(Name(english, script_of(english)))
    out += [Name(a, script_of(a), "abbreviation") for a in abbreviations]
    return out


# Separators of the terms of one cell: the Arabic comma and semicolon, the semicolon, the comma,
# gloss's own " | ", and a slash with spaces around it (without spaces only between words that
# are not Latin: "I/O", "TCP/IP" are one term).
_ALTERNATIVES = re.compile(
    r"\s*[،؛;]\s*|\s*,\s+|\s+\|\s+|\s+/\s+|(?<=[^\x00-\u024f\s])/(?=[^\x00-\u024f\s])"
)


def split_alternatives(text: str) -> list[str]:
    """The terms of a cell that gives several (``তথ্য; উপাত্ত``, ``تقليم، تشذيب``, ``weights,
    parameters``, ``LoRA / low-rank adaptation``), outside parentheses. The cell stays one
    term when a part is empty, or when the parts are the fragments of one term an ellipsis
    shares out (one part a single word that is no abbreviation, another part several words:
    ``التمرير الأمامي / الخلفي``, "forward / backward pass").

    >>> split_alternatives("تقليم، تشذيب"), split_alternatives("weights, parameters")
    (['تقليم', 'تشذيب'], ['weights', 'parameters'])
    >>> split_alternatives("التمرير الأمامي / الخلفي"), split_alternatives("TCP/IP")
    (['التمرير الأمامي / الخلفي'], ['TCP/IP'])
    >>> split_alternatives("LoRA / low-rank adaptation"), split_alternatives("f(a, b)")
    (['LoRA', 'low-rank adaptation'], ['f(a, b)'])
    """
    depth, cuts = 0, []
    for m in _ALTERNATIVES.finditer(text):
        depth = text.count("(", 0, m.start()) - text.count(")", 0, m.start())
        depth += text.count("[", 0, m.start()) - text.count("]", 0, m.start())
        if depth == 0:
            cuts.append(m)
    if not cuts:
        return [text]
    parts, start = [], 0
    for m in cuts:
        parts.append(text[start : m.start()].strip())
        start = m.end()
    parts.append(text[start:].strip())
    if any(not any(c.isalnum() for c in p) for p in parts):
        return [text]
    sizes = [len(p.split()) for p in parts]
    single = [p for p, n in zip(parts, sizes, strict=True) if n == 1 and not is_abbreviation(p)]
    if single and max(sizes) > 1:
        return [text]
    return parts


#: Keyboard accelerator markers of programs' strings: GTK's underscore (``_File``) and Qt's and
#: Windows' ampersand (``&Open``; ``&&`` is a literal ampersand).
ACCELERATORS = ("_", "&")
_CJK_ACCELERATOR = re.compile(r"\s*\((?:_|&)[A-Za-z0-9]\)")


def accelerator(text: str, marker: str) -> int | None:
    """The index of the accelerator ``marker`` (``_`` or ``&``) in a program's string:
    one marker before a letter or digit, not doubled, not part of a word of underscores
    (``snake_case``) or an HTML entity (``&amp;``); ``None`` when it has none.

    >>> accelerator("_File", "_"), accelerator("Sa_ve As", "_"), accelerator("&Open", "&")
    (0, 2, 0)
    >>> accelerator("snake_case_name", "_"), accelerator("A &amp; B", "&"), accelerator("R&&D", "&")
    (None, None, None)
    """
    found = [i for i, c in enumerate(text) if c == marker]
    if len(found) != 1:
        return None
    i = found[0]
    after = text[i + 1 : i + 2]
    if not after or not after.isalnum():
        return None
    if marker == "&" and re.match(r"&#?\w+;", text[i:]):
        return None
    if marker == "_" and re.fullmatch(r"[a-z0-9]+(?:_[a-z0-9]+)+", text):
        return None  # an identifier (snake_case), not a label
    return i


def without_accelerator(text: str, marker: str) -> str:
    """``text`` without its keyboard accelerator (:func:`accelerator`): ``_File`` → ``File``;
    a CJK or Indic translation's ``(_F)`` after the word is dropped whole (``ফাইল (_F)`` →
    ``ফাইল``). Unchanged when it has none.

    >>> without_accelerator("_File", "_"), without_accelerator("ফাইল (_F)", "_")
    ('File', 'ফাইল')
    >>> without_accelerator("&Open", "&"), without_accelerator("snake_case", "_")
    ('Open', 'snake_case')
    """
    bracketed = _CJK_ACCELERATOR.search(text)
    if bracketed is not None and marker in bracketed.group():
        return (text[: bracketed.start()] + text[bracketed.end() :]).strip()
    i = accelerator(text, marker)
    return text if i is None else text[:i] + text[i + 1 :]
