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

from glossary_cli.values import NamedTuple

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


def named_by(term: str) -> tuple[str, ...]:
    """Every name a term is found by: the term, then — for one that ends in a parenthetical
    (``Pruning (neural networks)``, ``تقليم (Pruning)``) — what stands before the parenthetical
    and each name inside it (:func:`split_parenthetical`), each once.

    >>> named_by("মিশ্র বিশেষজ্ঞ (Mixture of Experts - MoE)")
    ('মিশ্র বিশেষজ্ঞ (Mixture of Experts - MoE)', 'মিশ্র বিশেষজ্ঞ', 'Mixture of Experts', 'MoE')
    """
    if not term.endswith(")"):
        return (term,)
    head, full, abbreviations = split_parenthetical(term)
    return tuple(dict.fromkeys([term, head, *([full] if full else []), *abbreviations]))


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


def _qualifier(run: str) -> bool:
    """Whether a bracketed run is a qualifier rather than a term: a letter, an abbreviated
    word or a short lower-case one (``(N)``, ``(Adv.)``, ``(n)``, ``(pl)``) — a part of
    speech, not an abbreviation (``(AI)``)."""
    inner = _unbracketed(run)
    if inner == run.strip() or " " in inner:
        return False
    return len(inner) == 1 or inner.endswith(".") or (len(inner) <= 3 and inner.islower())


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
            ``"abbreviation"`` (an abbreviation in brackets, or after a dash).
        note: what the file marked the term with that is no part of it (a footnote mark),
            for the term's notes.
    """

    text: str
    script: str | None
    kind: str = "term"
    note: str = ""


# a footnote mark after a term: "Backward Pass*", "Tensor†"
_FOOTNOTE = re.compile(r"\s*[*†‡§¹²³]+$")
#: A heading's attributes (``{#loss}``, ``{.class}``: Pandoc, kramdown, Docusaurus anchors).
_ATTRIBUTES = re.compile(r"\s*\{[#.][^{}]*\}\s*$")
_OPENING = {")": "(", "]": "[", "\uff09": "\uff08", "\u3011": "\u3010"}
_DASH = re.compile(r"\s+[-\u2013\u2014]\s+")
# separators of the names inside a bracket: semicolons, commas, the ideographic comma
_INNER = re.compile(r"\s*[;,\u3001\u060c\uff0c\uff1b]\s*")


def _trailing_group(text: str) -> tuple[str, str] | None:
    """``(head, inner)`` of a text that ends with a balanced bracket group — round, square
    or fullwidth, nested ones inside it kept — after a non-empty head; ``None`` otherwise.

    >>> _trailing_group("কনভোলিউশনাল (Convolutional Neural Network (CNN))")
    ('কনভোলিউশনাল', 'Convolutional Neural Network (CNN)')
    """
    text = text.rstrip()
    closing = text[-1:]
    opening = _OPENING.get(closing)
    if opening is None:
        return None
    depth = 0
    for i in range(len(text) - 1, -1, -1):
        if text[i] == closing:
            depth += 1
        elif text[i] == opening:
            depth -= 1
            if depth == 0:
                head, inner = text[:i].rstrip(), text[i + 1 : -1].strip()
                return (head, inner) if head and inner else None
    return None


def _inner_names(inner: str) -> list[Name]:
    """The names a bracket holds: ``Continuous Delivery; CD``, ``Role-Based Access Control
    (RBAC)``, ``集計、アグリゲーション``; none from parts without letters.

    >>> [n.text for n in _inner_names("1,2")], [n.text for n in _inner_names("Delivery; CD")]
    ([], ['Delivery', 'CD'])
    """
    from glossary_cli.scripts.writing import script_of

    out: list[Name] = []
    for part in _INNER.split(inner):
        if not any(c.isalpha() for c in part):
            continue  # "SUM(1,2)", "GPT-4 (2023)": numbers are no name
        head, english, abbreviations = split_parenthetical(part)
        kind = "abbreviation" if is_abbreviation(head) else "term"
        out.append(Name(head, script_of(head), kind))
        if english:
            out.append(Name(english, script_of(english)))
        out += [Name(a, script_of(a), "abbreviation") for a in abbreviations]
    return out


def _other(head: str, names: list[Name], equivalents: bool, cell: bool = False) -> bool:
    """Whether names in brackets or after a dash give the head's equivalents rather than
    qualify it (``Batch (deep learning)``): they are in another script than the head, or
    abbreviations; in a heading also names (:func:`_capitalised`), or anything when the
    document gives equivalents so (``equivalents``)."""
    from glossary_cli.scripts.writing import one_system, script_of

    own = script_of(head)
    if any(_CONJUNCTION.match(n.text) for n in names):
        return False  # "(أو التنبؤية)", "(or predictive)": an elided alternative of the term
    if equivalents and not cell:
        return True
    return all(
        n.kind == "abbreviation"
        or not one_system(n.script, own)
        or (not cell and _capitalised(n.text))
        for n in names
    )


def _capitalised(text: str) -> bool:
    """Whether a name in brackets reads as a name rather than a qualifier: in a script
    without letter case (``সিগ্রুপ (কন্ট্রোল গ্রুপ)``, ``属性（アトリビュート）``), or beginning
    with a capital (``Aprendizaje (Learning)``; ``Batch (deep learning)`` is qualified)."""
    first = next((c for c in text if c.isalpha()), "")
    return bool(first) and (first.isupper() or first.lower() == first.upper())


# a heading's numbering: "1. ", "১. ", "٣) ", "IV. "
_NUMBERED = re.compile(
    r"^(?:[0-9\u0966-\u096f\u09e6-\u09ef\u0660-\u0669\u06f0-\u06f9]+|[IVXLC]+)[.)]\s+"
)
# what separates two names written side by side, left at the edges of a part
_EDGES = " /|:;,-\u2013\u2014\u060c"
# names of several languages side by side: "Dropout | الإسقاط | ড্রপআউট", "التصنيف / Classification"
_SIDE_BY_SIDE = re.compile(r"\s+[|/]\s+")
# a leading bracket set apart by a space: "(ইভেন্ট) Event", not "[red]প্রুনিং"
_LEADING_GROUP = re.compile(r"^[(\[（]([^()\[\]（）]+)[)\]）](?:\s+|(?<=）))(\S.*)$")


#: Quotation marks that open a quoted text, and the mark that closes each (Unicode's
#: Quotation_Mark property: ASCII, English, German and French guillemets, CJK corners).
QUOTES = {'"': '"', "\u201c": "\u201d", "\u201e": "\u201c", "\u00ab": "\u00bb",
          "\u300c": "\u300d", "\u300e": "\u300f"}  # fmt: skip


def unquoted(text: str) -> str:
    """``text`` without the quotation marks around all of it (a glossary's ``"How can I help
    you?"``, a PO comment's ``"To terminate abruptly."``), when it has no other mark of them
    inside; else unchanged.

    >>> unquoted('"How can I help you?"'), unquoted("«مرحبا»"), unquoted('"a" and "b"')
    ('How can I help you?', 'مرحبا', '"a" and "b"')
    """
    text = text.strip()
    close = QUOTES.get(text[:1])
    if close is None or len(text) < 3 or not text.endswith(close):
        return text
    inner = text[1:-1]
    if text[0] in inner or close in inner or not inner.strip():
        return text
    return inner.strip()


def names_in(text: str, *, parenthetical: bool = True, equivalents: bool = False) -> list[Name]:
    """The terms a heading, title or cell holds, in order, the first the text's own:

    * names of several scripts side by side, separated by `` | `` or `` / `` (a heading's
      ``Dropout | الإسقاط | ড্রপআউট``), are each read so;
    * trailing brackets (round, square, fullwidth; nested ones kept inside), a leading
      bracket, or a part after a dash give its equivalents and abbreviations when they are
      in another script or are abbreviations (``ক্লাস্টার (Cluster)``, ``কন্টেইনার -
      Container``, ``(Continuous Delivery) (CD)``, ``(Continuous Delivery; CD)``, ``RAG
      (التوليد المعزز بالاسترجاع)``); in the text's own script they qualify it and stay part of
      the term (``Batch (deep learning)``), but in a heading a name (capitalised, or in a
      script without case: ``সিগ্রুপ (কন্ট্রোল গ্রুপ)``) is a synonym, and so is any bracket
      when ``equivalents`` says the document gives each term's equivalent so (a Spanish
      glossary's ``Aprendizaje (learning)``);
    * a text in two scripts, each part of two letters or more and neither an abbreviation
      (:func:`is_abbreviation`), is cut where its script changes
      (:func:`glossary_cli.scripts.writing.script_runs`) — a table's cell (``parenthetical``
      false) only when one part is in brackets (``ক্লাস্টার (Cluster)``, not ``الدالة
      fork``): a term in each, brackets, separators and a heading's numbering (``১.``)
      dropped. A text whose other script is an abbreviation inside the term (``LoRA
      ফাইন-টিউনিং``, ``INT4 কোয়ান্টাইজেশন``) is one term.

    An abbreviation the text leads with (``RAG (…)``) follows its expansion.

    >>> for name in names_in("معالجة اللغة الطبيعية Natural language processing (NLP)"):
    ...     print(name.text, name.script, name.kind)
    معالجة اللغة الطبيعية Arab term
    Natural language processing Latn term
    NLP Latn abbreviation
    >>> [n.text for n in names_in("(ইভেন্ট) Event")], [n.text for n in names_in("Pruning")]
    (['ইভেন্ট', 'Event'], ['Pruning'])
    >>> [n.text for n in names_in("কনভোলিউশনাল নেটওয়ার্ক (Convolutional Network (CNN))")]
    ['কনভোলিউশনাল নেটওয়ার্ক', 'Convolutional Network', 'CNN']
    >>> [n.text for n in names_in("LoRA ফাইন-টিউনিং")]
    ['LoRA ফাইন-টিউনিং']
    >>> [n.text for n in names_in("Batch (deep learning)")]
    ['Batch (deep learning)']
    >>> [(n.text, n.note) for n in names_in("Backward Pass*", parenthetical=False)]
    [('Backward Pass', 'marked * in the file (a footnote)')]
    >>> [n.text for n in names_in("ক্লাস্টার (Cluster)", parenthetical=False)]
    ['ক্লাস্টার', 'Cluster']
    >>> [n.text for n in names_in("الدالة fork", parenthetical=False)]
    ['الدالة fork']
    >>> [(n.text, n.kind) for n in names_in("RAG (التوليد المعزز)", parenthetical=False)]
    [('التوليد المعزز', 'term'), ('RAG', 'abbreviation')]
    >>> [n.text for n in names_in("آلة متجه الدعم (SVM) Support Vector Machine")]
    ['آلة متجه الدعم', 'Support Vector Machine', 'SVM']
    >>> [n.text for n in names_in("১. টোকেন (Token)")]
    ['টোকেন', 'Token']
    >>> [n.text for n in names_in("Clustering: التجميع")]
    ['Clustering', 'التجميع']
    >>> [n.text for n in names_in("Dropout | الإسقاط | ড্রপআউট")]
    ['Dropout', 'الإسقاط', 'ড্রপআউট']
    """
    from glossary_cli.scripts.writing import script_of

    cell = not parenthetical
    head = unquoted(" ".join(text.split()))
    if not cell:
        head = _NUMBERED.sub("", _ATTRIBUTES.sub("", head)) or head
    mark = _FOOTNOTE.search(head)
    note = ""
    if mark is not None and head[: mark.start()].strip():
        head, note = head[: mark.start()], f"marked {mark.group().strip()} in the file (a footnote)"
    if not cell:
        sides = [p for p in _SIDE_BY_SIDE.split(head) if p.strip()]
        scripts = [script_of(p) for p in sides]
        if len(sides) > 1 and None not in scripts and len(set(scripts)) == len(sides):
            out = [n for side in sides for n in names_in(side, equivalents=equivalents)]
            return [out[0]._replace(note=note), *out[1:]] if note else out
    out = [
        n._replace(note=note) if k == 0 else n
        for k, n in enumerate(_names(head, cell, equivalents))
    ]
    if len(out) > 1 and out[0].kind == "abbreviation":
        out = [*out[1:], out[0]]  # RAG (التوليد …): the expansion first
    return out


def _names(head: str, cell: bool, equivalents: bool) -> list[Name]:
    """:func:`names_in` of a text of one side."""
    from glossary_cli.scripts.writing import one_system, script_of, script_runs

    tail: list[Name] = []
    while True:
        group = _trailing_group(head)
        if group is None:
            break
        names = _inner_names(group[1])
        if (
            not names
            or _qualifier(f"({group[1]})")
            or not _other(group[0], names, equivalents, cell)
        ):
            break
        head, tail = group[0], names + tail
    lead: list[Name] = []
    found = _LEADING_GROUP.match(head)
    if found is not None and not tail:
        names = _inner_names(found.group(1))
        rest = found.group(2)
        if names and (
            all(n.kind == "abbreviation" for n in names)
            or all(not one_system(n.script, script_of(rest)) for n in names)
        ):
            lead, head = names, rest  # "(ইভেন্ট) Event", "(SVM) Support Vector Machine"
    if not tail:
        parts = _DASH.split(head, maxsplit=1)
        if len(parts) == 2 and parts[0] and parts[1]:
            names = _inner_names(parts[1])
            if (
                names
                and _other(parts[0], names, equivalents, cell)
                and (script_of(parts[0]) != script_of(parts[1]) or len(names) == 1)
            ):
                head, tail = parts[0], names
    parts = [head]
    runs = script_runs(head)
    # a cell's term in two scripts is two terms only when the file sets one apart in
    # brackets (ক্লাস্টার (Cluster)): a bare word of another script is part of the term
    # (الدالة fork, "the function fork"); a heading's, also when bare
    bracketed = any(_unbracketed(run) != run.strip() for _, run in runs)
    if bracketed and any(_qualifier(run) for _, run in runs):
        bracketed = False  # (Adv.), (N.): a part of speech, no term
    if len(runs) == 2 and (not cell or bracketed):
        texts = [_unbracketed(run.strip(_EDGES)) for _, run in runs]
        if all(
            t
            and sum(c.isalpha() for c in t) >= 2
            and (not is_abbreviation(t) or _unbracketed(r) != r)
            for t, (_, r) in zip(texts, runs, strict=True)
        ) and not head.replace(runs[0][1], "", 1).startswith(("-", "\u2010")):
            out: list[Name] = []
            for t in texts:
                out += _names(t, cell, equivalents)
            return [*out, *lead, *tail] if not lead else [*lead, *out, *tail]
    if lead and all(n.kind == "abbreviation" for n in lead):
        tail, lead = [*lead, *tail], []  # "(SVM) Support Vector Machine": the name first
    text = (head.strip(_EDGES) or head) if not cell or tail or lead else head
    if not cell or tail or lead:
        text = _unbracketed(text) or text  # a heading's "[argument]{#argument}"
    kind = "abbreviation" if (tail or lead) and is_abbreviation(text) else "term"
    return [*lead, Name(text, script_of(text), kind), *tail]


# Separators of the terms of one cell: the Arabic comma and semicolon, the semicolon, the
# ideographic comma, the comma, gloss's own " | ", a slash with a space beside it, and a slash
# without spaces between words (:func:`_bare_slash`).
_ALTERNATIVES = re.compile(r"\s*[،؛;、]\s*|\s*,\s+|\s+\|\s+|\s+/\s+|(?<=\S)/\s*(?=\S)")
# the words on either side of a bare slash
_BEFORE, _AFTER = re.compile(r"[^\s/]+$"), re.compile(r"^\s*[^\s/]+")


def _bare_slash(text: str, at: int) -> bool:
    """Whether a slash without spaces separates two terms: the words beside it are of two
    letters or more, no digits, not both in capitals (``TCP/IP``, ``I/O``, ``24/7`` are one
    term; ``view/reveal``, ``courriel/e-mail``, ``تعلم/تعليم`` two)."""
    before, after = _BEFORE.search(text[:at]), _AFTER.search(text[at + 1 :])
    if before is None or after is None or "://" in text:
        return False
    words = (before.group(), after.group().strip())
    if any(sum(c.isalpha() for c in w) < 2 or any(c.isdigit() for c in w) for w in words):
        return False
    return not (words[0].isupper() or words[1].isupper())


# a bracket that opens with a conjunction is an elided alternative, no name of its own
_CONJUNCTION = re.compile(r"^(?:or|and|o|ou|oder|أو|و|বা|অথবা|এবং|या|और)\s", re.IGNORECASE)
# a conjunction inside a part: the commas before it join the words of one name
_COORDINATED = re.compile(r"(?:^|\s)(?:and|or|&|et|und|y|و|أو|এবং|ও|অথবা|और|या)(?:\s|$)")
#: A part of a cell of this many words or more is a sentence: the cell's commas are prose's.
SENTENCE_WORDS = 8
_SENTENCE_ENDS = (".", "।", "۔", "؟", "?", "!", "。")


def split_alternatives(text: str) -> list[str]:
    """The terms of a cell that gives several (``তথ্য; উপাত্ত``, ``تقليم، تشذيب``, ``weights,
    parameters``, ``LoRA / low-rank adaptation``), outside parentheses. The cell stays one
    term when a part is empty, or when the parts are the fragments of one term an ellipsis
    shares out (one part a single word that is no abbreviation, another part several words:
    ``التمرير الأمامي / الخلفي``, "forward / backward pass"), or when it is a sentence (a part
    of :data:`SENTENCE_WORDS` words or more, or the cell ending as a sentence ends), or when a part
    separated by commas holds a conjunction (the commas of one name's list of words). Parts
    numbered 1, 2… (a dictionary's senses) lose their numbers.

    >>> split_alternatives("تقليم، تشذيب"), split_alternatives("weights, parameters")
    (['تقليم', 'تشذيب'], ['weights', 'parameters'])
    >>> split_alternatives("التمرير الأمامي / الخلفي"), split_alternatives("TCP/IP")
    (['التمرير الأمامي / الخلفي'], ['TCP/IP'])
    >>> split_alternatives("view/reveal"), split_alternatives("e-mail/courriel")
    (['view', 'reveal'], ['e-mail', 'courriel'])
    >>> split_alternatives("LoRA / low-rank adaptation"), split_alternatives("f(a, b)")
    (['LoRA', 'low-rank adaptation'], ['f(a, b)'])
    >>> split_alternatives("Adjustments, warrants and transfers")
    ['Adjustments, warrants and transfers']
    >>> split_alternatives("1. բազա (տոպոլոգիայի), 2. հիմք")  # numbered senses
    ['բազա (տոպոլոգիայի)', 'հիմք']
    >>> split_alternatives('"this place / this land"')  # quotes around the whole cell
    ['this place', 'this land']
    """
    text = unquoted(text)  # '"this place / this land"': the quotes are the cell's, not a part's
    if text.rstrip().endswith(_SENTENCE_ENDS):
        return [text]  # a sentence (a dictionary's explanation), not a list of terms
    depth, cuts = 0, []
    for m in _ALTERNATIVES.finditer(text):
        if m.group().startswith("/") and not _bare_slash(text, m.start()):
            continue
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
    if any(len(p.split()) >= SENTENCE_WORDS for p in parts):
        return [text]  # a part as long as a sentence: prose, whose commas are no list
    commas = [m for m in cuts if "," in m.group() or "\u060c" in m.group()]
    if commas and any(_COORDINATED.search(p) for p in parts):
        return [text]  # "Adjustments, warrants and transfers": one name
    if len(cuts) == 1 and "/" in cuts[0].group() and _elided(parts):
        return [text]
    numbers = [_SENSE.match(p) for p in parts]
    if all(numbers) and [int(m.group(1)) for m in numbers if m] == list(range(1, len(parts) + 1)):
        return [p[m.end() :] for p, m in zip(parts, numbers, strict=True) if m]  # 1. …, 2. …
    return parts


# a sense's number before each of a cell's terms: "1. բազա, 2. հիմք", "1․ …" (one dot
# leader, as Armenian files write it), "1) …"
_SENSE = re.compile(r"^([0-9]{1,2})\s*[.)\u2024]\s+")


def _elided(parts: list[str]) -> bool:
    """Whether two parts are one term an ellipsis shares out: a single word, no
    abbreviation, beside a part of two or three words, which it stands in for one of:
    ``forward / backward pass``, ``التمرير الأمامي / الخلفي``, ``convex envelope / hull``,
    ``Rights / Needs Taxonomy``. Such a cell (of two parts, split at a slash) stays one
    term as written: split, it would give a fragment (``hull``, ``Rights``) as a term. Two
    names of one word each, a name beside its abbreviation, and a word beside a name that
    holds it (``attention / attention mechanism``) are split; so are commas and semicolons
    (``الانتباه، آلية الانتباه``: two synonyms).

    >>> _elided(["forward", "backward pass"]), _elided(["التمرير الأمامي", "الخلفي"])
    (True, True)
    >>> _elided(["convex envelope", "hull"]), _elided(["LoRA", "low-rank adaptation"])
    (True, False)
    >>> _elided(["view", "reveal"]), _elided(["attention", "attention mechanism"])
    (False, False)
    """
    if len(parts) != 2:
        return False
    words = [p.split() for p in parts]
    if sorted(map(len, words))[0] != 1 or not 2 <= max(map(len, words)) <= 3:
        return False
    single = 0 if len(words[0]) == 1 else 1
    alone = words[single][0]
    if alone.casefold() in (w.casefold() for w in words[1 - single]):
        return False  # "مدل / مدل زبانی": the word and a name with it, two terms
    return not is_abbreviation(alone)


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
