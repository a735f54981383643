"""The glossary in an editor: what ``gloss lsp`` offers, as values, without the protocol.

A :class:`Termbase` is the glossary kept open for the life of an editor session: the index and
the scanner's automaton (:func:`glossary_cli.api.open_termbase`), opened again when ``gloss
add``, ``remove`` or ``build`` changed the records (:meth:`Termbase.refresh`). It analyzes a
document (:meth:`Termbase.analyze`: the terms in it, found as ``gloss scan`` finds them, and
what to say about them, found as ``gloss check`` finds it), draws a concept's card as Markdown
(:func:`card`), completes terms (:meth:`Termbase.complete`) and says where a term was read
(:meth:`Termbase.definition`). Offsets are code points of the document's text;
:mod:`glossary_cli.lsp` turns them into the protocol's positions.
"""

from __future__ import annotations

import os
import unicodedata
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from glossary_cli import api
from glossary_cli.errors import GlossError, UsageError
from glossary_cli.model import AVOID, Concept
from glossary_cli.select import Selection, source_file
from glossary_cli.tags import language_name, matches, primary_tag
from glossary_cli.text.document import BilingualDocument, Span, po_document, prose, xliff_document
from glossary_cli.values import NamedTuple

if TYPE_CHECKING:
    from glossary_cli.search import Searcher
    from glossary_cli.text.scan import Occurrence

#: The kinds of diagnostic: a deprecated or superseded term anywhere; in a PO or XLIFF file, a
#: source term whose glossary translation the target lacks (``missing``), or which the
#: target leaves in the source language (``untranslated``) — ``gloss check``'s kinds.
DIAGNOSTICS = ("deprecated", "missing", "untranslated")


class Settings(NamedTuple):
    """What the editor's user chose (LSP ``initializationOptions`` and
    ``workspace/didChangeConfiguration``; :func:`settings_of`).

    Attributes:
        data: the data directory (as ``--data``); ``None``: ``GLOSS_DATA``, else the bundled
            glossary with the user's own.
        languages: the languages whose terms are shown, found and completed; empty: every
            language.
        glossaries: only terms read from these glossary files (as ``gloss sources`` names
            them, suffix optional); empty: every glossary.
        diagnostics: the kinds of diagnostic reported (:data:`DIAGNOSTICS`).
    """

    data: str | None = None
    languages: tuple[str, ...] = ()
    glossaries: tuple[str, ...] = ()
    diagnostics: tuple[str, ...] = DIAGNOSTICS


def _strings(value: object, key: str) -> tuple[str, ...]:
    """A list of strings, or one comma-separated string, from a setting."""
    if value is None:
        return ()
    if isinstance(value, str):
        return tuple(v.strip() for v in value.split(",") if v.strip())
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        return tuple(v.strip() for v in value if v.strip())
    raise UsageError(
        f"setting {key!r}: expected a list of strings, got {value!r}",
        hint=f'e.g. "{key}": ["bn", "ar"]',
    )


def settings_of(options: object, base: Settings | None = None) -> Settings:
    """Settings from what a client sends: a mapping with the keys ``data``, ``languages``,
    ``glossaries`` and ``diagnostics`` (lists, or comma-separated strings;
    ``"diagnostics": false`` turns them all off), either at the top or under ``"gloss"``
    (as editors nest each server's settings). Keys left out keep ``base``'s values.

    >>> settings_of({"gloss": {"languages": "bn,ar", "diagnostics": ["deprecated"]}})
    Settings(data=None, languages=('bn', 'ar'), glossaries=(), diagnostics=('deprecated',))
    >>> settings_of(None) == Settings()
    True

    Raises:
        UsageError: a value of the wrong type, an unknown kind of diagnostic.
    """
    base = base if base is not None else Settings()
    if options is None:
        return base
    if not isinstance(options, Mapping):
        raise UsageError(f"the settings must be an object, got {options!r}")
    nested = options.get("gloss")
    if isinstance(nested, Mapping):
        options = nested
    data = options.get("data", base.data)
    if data is not None and not isinstance(data, str):
        raise UsageError(f"setting 'data': expected a directory, got {data!r}")
    kinds = options.get("diagnostics", base.diagnostics)
    if kinds is False:
        kinds = ()
    elif kinds is True:
        kinds = DIAGNOSTICS
    diagnostics = _strings(kinds, "diagnostics")
    unknown = [k for k in diagnostics if k not in DIAGNOSTICS]
    if unknown:
        raise UsageError(
            f"setting 'diagnostics': unknown kind {unknown[0]!r}",
            hint="the kinds: " + ", ".join(DIAGNOSTICS),
        )
    return Settings(
        data or None,
        _strings(options.get("languages", base.languages), "languages"),
        _strings(options.get("glossaries", base.glossaries), "glossaries"),
        diagnostics,
    )


class Finding(NamedTuple):
    """Something to tell the writer about a stretch of a document.

    Attributes:
        kind: one of :data:`DIAGNOSTICS`.
        start, end: code-point offsets of the stretch: the term for ``deprecated``, the
            target text for ``missing`` and ``untranslated``.
        message: what to say, naming the term to use.
        id: the concept's id.
        use: for ``deprecated``, the term to put in its place (``None`` when the glossary
            gives none).
        put: what a quick fix writes: ``use`` with the affixes the text gave the deprecated
            term (a Bengali ending, an Arabic proclitic, an English plural: শব্দভাজকের →
            টোকেনাইজারের, ومقسم الكلمات → والمرمّز), :func:`with_affixes`.
        kept_form: whether ``put`` keeps the text's form of the term; when it could not
            (ل + ال written لل), ``put`` is the bare term and the fix is not the preferred one.
    """

    kind: str
    start: int
    end: int
    message: str
    id: str
    use: str | None = None
    put: str | None = None
    kept_form: bool = True


class Analysis(NamedTuple):
    """A document as the glossary reads it.

    Attributes:
        occurrences: the terms found (:class:`glossary_cli.text.scan.Occurrence`, their
            ``text`` the document's own characters), in the languages and glossaries the
            settings select, in text order, none overlapping.
        findings: the diagnostics, in text order.
        source_lang, target_lang: of a PO or XLIFF document, its languages (the termbase's
            tags); ``None`` for other documents, or where they are not known.
        targets: of a PO or XLIFF document, the spans of its target texts, in order.
    """

    occurrences: tuple[Occurrence, ...]
    findings: tuple[Finding, ...]
    source_lang: str | None = None
    target_lang: str | None = None
    targets: tuple[Span, ...] = ()

    def at(self, offset: int) -> Occurrence | None:
        """The occurrence that holds ``offset`` (its end included, as a cursor just after a
        word is on it), or ``None``.

        >>> from glossary_cli.text.scan import Occurrence
        >>> a = Analysis((Occurrence(4, 8, "LoRA", "lora", "en", "LoRA", "abbreviation"),), ())
        >>> a.at(8).term, a.at(3)
        ('LoRA', None)
        """
        i = bisect_right([o.start for o in self.occurrences], offset) - 1
        if i >= 0 and self.occurrences[i].start <= offset <= self.occurrences[i].end:
            return self.occurrences[i]
        return None

    def in_target(self, offset: int) -> bool:
        """Whether ``offset`` is in a target text of a bilingual document."""
        i = bisect_right([s.start for s in self.targets], offset) - 1
        return i >= 0 and self.targets[i].start <= offset <= self.targets[i].end


class Completion(NamedTuple):
    """A term to complete a word with.

    Attributes:
        text: the term.
        lang: its language tag.
        id: its concept's id.
        headword: the concept's English headword (or its id), to tell homonyms apart.
        status: the term's administrative status, if any.
    """

    text: str
    lang: str
    id: str
    headword: str
    status: str | None


class Location(NamedTuple):
    """Where a term was read: a glossary file and its 1-based line."""

    path: Path
    line: int


def with_affixes(surface: str, term: str, use: str) -> tuple[str, bool]:
    """``use`` written in place of ``term`` as ``surface`` writes ``term``: with the ending
    after it (a Bengali case ending, an English plural) or the clitics before it (Arabic و،
    ب، ل, written onto the word), compared without case; and whether that could be done
    (``(use, False)`` when ``surface`` is no such form: ل + ال written لل, a spelling
    variant).

    >>> with_affixes("শব্দভাজকের", "শব্দভাজক", "টোকেনাইজার")
    ('টোকেনাইজারের', True)
    >>> with_affixes("ومقسم الكلمات", "مقسم الكلمات", "المرمّز")
    ('والمرمّز', True)
    >>> with_affixes("Word splitters", "word splitter", "tokenizer")
    ('tokenizers', True)
    >>> with_affixes("للمقسم", "المقسم", "المرمّز")
    ('المرمّز', False)
    """
    folded, key = surface.casefold(), term.casefold()
    if folded == key:
        return use, True
    if folded.startswith(key):
        return use + surface[len(term) :], True
    if folded.endswith(key):
        return surface[: len(surface) - len(term)] + use, True
    return use, False


def _in(lang: str, langs: Iterable[str]) -> bool:
    return any(matches(lang, wanted) for wanted in langs)


class Termbase:
    """The glossary, kept open for an editor (see the module docstring).

    Opening reads the index (compiling it first when needed, as every lookup does); the
    methods never raise for a document's content: a document is text, whatever it holds.
    """

    def __init__(self, settings: Settings, env: Mapping[str, str] | None = None) -> None:
        """Open the glossary the settings name.

        Raises:
            StoreError, RecordError: the data directory or its records cannot be read;
            UsageError: a language the termbase has no terms in, a glossary it has not
                loaded.
        """
        self.settings = settings
        self.env: Mapping[str, str] = os.environ if env is None else env
        #: increases each time the records are read again (:meth:`refresh`)
        self.generation = 0
        self._open()

    def _open(self) -> None:
        self.stamp = api.termbase_stamp(self.settings.data, self.env)
        searcher, automaton = api.open_termbase(self.settings.data, self.env)
        self.searcher: Searcher = searcher
        self.automaton: Any = automaton
        self.langs = tuple(api.termbase_langs(searcher, self.settings.languages))
        self.selection = Selection(glossaries=self.settings.glossaries)
        if self.selection.glossaries:
            self.selection = self.selection.check(*searcher.facets())
        self._concepts: dict[str, Concept | None] = {}
        self._pairs: dict[tuple[str, str], tuple[str, ...]] = {}
        self.generation += 1

    def refresh(self) -> bool:
        """Open the glossary again when its record files changed since it was opened (a
        ``stat`` of each; :func:`glossary_cli.api.termbase_stamp`).

        Returns:
            Whether it was opened again.

        Raises:
            StoreError, RecordError, UsageError: as opening (the old glossary stays open).
        """
        stamp = api.termbase_stamp(self.settings.data, self.env)
        if stamp == self.stamp:
            return False
        old = self.searcher, self.automaton, self.stamp
        try:
            self._open()
        except GlossError:
            self.searcher, self.automaton, self.stamp = old
            raise
        old[0].conn.close()
        return True

    def close(self) -> None:
        """Close the index."""
        self.searcher.conn.close()

    def concept(self, concept_id: str) -> Concept | None:
        """The concept of an id (read once, then kept until the glossary changes)."""
        if concept_id not in self._concepts:
            if len(self._concepts) > 4096:
                self._concepts.clear()
            hit = self.searcher.concept_by_id(concept_id)
            self._concepts[concept_id] = hit.concept if hit is not None else None
        return self._concepts[concept_id]

    def _selected(self, o: Occurrence) -> bool:
        """Whether an occurrence's term comes from a selected glossary."""
        if not self.selection.glossaries:
            return True
        c = self.concept(o.id)
        section = c.section(o.lang) if c is not None else None
        terms = section.terms if section is not None else ()
        return any(t.text == o.term and self.selection.glossary_ok(t.source) for t in terms)

    def analyze(self, text: str, kind: str) -> Analysis:
        """The terms in a document and the diagnostics of them (see the module docstring).

        Args:
            text: the document's text.
            kind: its kind (:data:`glossary_cli.text.document.KINDS`).

        Returns:
            The analysis; a ``deprecated`` finding for each deprecated or superseded term,
            and, in a PO or XLIFF document whose languages are known and in the termbase,
            the ``missing`` and ``untranslated`` issues of ``gloss check`` on each unit's
            target text — as far as the settings ask for them.
        """
        from glossary_cli.text.scan import scan

        doc: BilingualDocument | None = None
        if kind == "po":
            doc = po_document(text)
        elif kind == "xliff":
            doc = xliff_document(text)
        sought = doc.prose if doc is not None else prose(text, kind)
        found = [
            o._replace(text=text[o.start : o.end])
            for o in scan(sought, self.automaton)
            if self._selected(o)
        ]
        shown = tuple(o for o in found if not self.langs or _in(o.lang, self.langs))
        findings = []
        if "deprecated" in self.settings.diagnostics:
            findings += [self._deprecated(o) for o in shown if o.status in AVOID]
        source_lang = target_lang = None
        targets: tuple[Span, ...] = ()
        if doc is not None:
            targets = tuple(s.target for s in doc.segments if s.target is not None)
            source_lang, target_lang = self._bilingual_langs(doc, sought, text)
            kinds = [k for k in ("missing", "untranslated") if k in self.settings.diagnostics]
            if kinds and source_lang and target_lang:
                findings += self._check(doc, sought, found, source_lang, target_lang, kinds)
        findings.sort(key=lambda f: (f.start, f.end))
        return Analysis(shown, tuple(findings), source_lang, target_lang, targets)

    def _deprecated(self, o: Occurrence) -> Finding:
        c = self.concept(o.id)
        section = c.section(o.lang) if c is not None else None
        replacement = section.replacement if section is not None else None
        use = replacement.text if replacement is not None else None
        said = repr(o.text) if o.text == o.term else f"{o.text!r} ({o.term})"
        advice = f"use {use!r}" if use else "the glossary gives no term to use instead"
        put, kept = with_affixes(o.text, o.term, use) if use else (None, True)
        message = f"{said} is {o.status}: {advice}"
        return Finding("deprecated", o.start, o.end, message, o.id, use, put, kept)

    def _bilingual_langs(
        self, doc: BilingualDocument, sought: str, text: str
    ) -> tuple[str | None, str | None]:
        """The termbase's tags of a bilingual document's languages: as it says them, else the
        script of its sides (else English, as gettext's msgids are); ``None`` for both when
        they are not known, the same, or not in the termbase."""
        from glossary_cli.scripts.writing import text_language

        def side(spans: Iterable[Span | None]) -> str | None:
            sample = " ".join(sought[s.start : s.end] for s in spans if s is not None)[:4000]
            return text_language(sample)

        source = doc.source_lang or side(s.source for s in doc.segments) or "en"
        target = doc.target_lang or side(s.target for s in doc.segments)
        if target is None:
            return None, None
        key = (source, target)
        if key not in self._pairs:  # the termbase's languages: a scan of every name
            try:
                self._pairs[key] = tuple(api.termbase_langs(self.searcher, [source, target]))
            except UsageError:
                self._pairs[key] = ()  # a language the termbase has no terms in
        if len(self._pairs[key]) != 2:  # none known, or one language on both sides
            return None, None
        src, tgt = self._pairs[key]
        if primary_tag(src) == primary_tag(tgt):
            return None, None
        return src, tgt

    def _check(
        self,
        doc: BilingualDocument,
        sought: str,
        found: Sequence[Occurrence],
        source_lang: str,
        target_lang: str,
        kinds: Sequence[str],
    ) -> list[Finding]:
        """``gloss check``'s issues (:func:`glossary_cli.text.check.check`) of each unit, on
        its target text; the units' texts are scanned once, with the document."""
        from glossary_cli.text.check import Segment, check

        starts = [o.start for o in found]

        def within(span: Span) -> list[Occurrence]:
            i = bisect_left(starts, span.start)
            out = []
            while i < len(found) and found[i].start < span.end:
                if found[i].end <= span.end:
                    out.append(found[i])
                i += 1
            return out

        by_text: dict[str, list[Occurrence]] = {}
        segments, where = [], {}
        for s in doc.segments:
            if s.target is None:
                continue
            source, target = (
                sought[s.source.start : s.source.end],
                sought[s.target.start : s.target.end],
            )
            by_text.setdefault(source, within(s.source))
            by_text.setdefault(target, within(s.target))
            segments.append(Segment(s.id, source, target))
            where[s.id] = _trimmed(sought, s.target)

        def scan(text: str, langs: Sequence[str]) -> list[Occurrence]:
            # as `gloss check` scans each side: for the side's language only. A form that is
            # a term of several languages (LoRA, in English and Bengali) is found in the
            # document as one of them; the side is scanned again for its own when the
            # document's scan gave a form of another language
            have = by_text.get(text, [])
            if all(_in(o.lang, langs) for o in have):
                return list(have)
            from glossary_cli.text.scan import scan as find

            return find(text, self.automaton, langs)

        out = []
        for issue in check(segments, scan, self.concept, source_lang, target_lang, kinds):
            span = where[issue.seg_id]
            if issue.kind == "missing":
                message = (
                    f"{issue.source!r} is not translated as the glossary says: "
                    f"{issue.expected} ({language_name(target_lang)})"
                )
            else:
                message = (
                    f"{issue.found!r} is left in {language_name(source_lang)}: the glossary's "
                    f"{language_name(target_lang)} term is {issue.expected}"
                )
            out.append(Finding(issue.kind, span.start, span.end, message, issue.id))
        return out

    def complete(self, prefix: str, langs: Sequence[str] = (), limit: int = 50) -> list[Completion]:
        """Terms that begin with ``prefix`` (folded, as search compares), neither deprecated
        nor superseded, in the languages of the settings, and of ``langs`` when given (the
        document's language where the cursor is), from the selected glossaries.
        """
        wanted = [lang for lang in langs if not self.langs or _in(lang, self.langs)]
        if langs and not wanted:
            return []
        out = []
        for text, lang, cid, status, glossary in self.searcher.terms_with_prefix(prefix, limit * 4):
            if self.langs and not _in(lang, self.langs):
                continue
            if wanted and not _in(lang, wanted):
                continue
            if not self.selection.glossary_ok(glossary):
                continue
            c = self.concept(cid)
            out.append(Completion(text, lang, cid, (c.en if c else None) or cid, status))
            if len(out) >= limit:
                break
        return out

    def definition(self, o: Occurrence) -> Location | None:
        """Where the term of an occurrence was read: the glossary file of its ``source``
        (``FILE:LINE``), found in the data directories (``DATA/FILE``, ``DATA/sources/FILE``:
        the bundled glossary's files and curation, and the files ``gloss add`` keeps);
        ``None`` when the file is not there (a glossary read from elsewhere)."""
        c = self.concept(o.id)
        section = c.section(o.lang) if c is not None else None
        term = next((t for t in section.terms if t.text == o.term), None) if section else None
        if term is None or not term.source:
            return None
        name = source_file(term.source)
        tail = term.source[len(name) + 1 :]
        line = int(tail) if tail.isdigit() else 1
        for d in api.data_dirs(self.settings.data, self.env):
            for path in (d / name, d / "sources" / name):
                if path.is_file():
                    return Location(path.resolve(), line)
        return None


def _trimmed(text: str, span: Span) -> Span:
    """``span`` without the blanks at either end (of a masked text)."""
    start, end = span.start, span.end
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return Span(start, end) if end > start else span


def word_before(text: str, offset: int) -> tuple[int, str]:
    """The word that ends at ``offset`` (letters, combining marks, digits, ``-``, ``_``,
    ``'``): where it begins and what it is, for completion.

    >>> word_before("use lo-r", 8), word_before("এই প্রুনি", 9), word_before("a ", 2)
    ((4, 'lo-r'), (3, 'প্রুনি'), (2, ''))
    """
    start = offset
    while start > 0:
        c = text[start - 1]
        if c in "-_'’\u200c\u200d" or unicodedata.category(c)[0] in "LMN":
            start -= 1
        else:
            break
    return start, text[start:offset]


def _md(text: str) -> str:
    """Text shown in Markdown as it is (data never becomes markup).

    >>> _md("a*b_[c]<d>")
    'a\\\\*b\\\\_\\\\[c\\\\]\\\\<d\\\\>'
    """
    return "".join("\\" + c if c in "\\`*_[]<>#|~" else c for c in text).replace("\n", " ")


def card(concept: Concept, langs: Sequence[str] = (), found: Occurrence | None = None) -> str:
    """A concept's card as Markdown (LSP ``MarkupContent``): its English headword and id,
    then, per language (those of ``langs``, else every one), each term with its status and
    type — the term to use beside a deprecated or superseded one — and the language's
    definitions; the term found (``found``) first said as the text writes it.

    >>> from glossary_cli.model import Concept, LangSection, Term
    >>> c = Concept("x", (LangSection("en", (Term("Pruning", status="preferred"),
    ...                                       Term("Trimming", status="deprecated"))),))
    >>> print(card(c))
    **Pruning** · `x`
    <BLANKLINE>
    **English** (en)
    - **Pruning** · preferred
    - ~~Trimming~~ · deprecated → use **Pruning**
    """
    lines = []
    head = concept.en or concept.id
    lines.append(f"**{_md(head)}** · `{concept.id}`")
    if found is not None and found.text.casefold() != head.casefold():
        how = {"inflected": "an inflected form of", "clitic": "a clitic form of"}.get(
            found.kind, ""
        )
        said = f"*{_md(found.text)}*: {how} {_md(found.term)}" if how else ""
        if said:
            lines.append(said.replace("  ", " "))
    for section in concept.languages:
        if langs and not _in(section.lang, langs):
            continue
        terms = [t for t in section.terms if t.role is None]
        if not terms and not section.definitions:
            continue
        lines += ["", f"**{_md(language_name(section.lang))}** ({section.lang})"]
        use = section.replacement
        for t in terms:
            notes = [n for n in (t.status, t.type) if n]
            shown = f"~~{_md(t.text)}~~" if t.avoid else f"**{_md(t.text)}**"
            line = f"- {shown}" + (" · " + ", ".join(notes) if notes else "")
            if t.avoid and use is not None:
                line += f" → use **{_md(use.text)}**"
            lines.append(line)
        for d in section.all_definitions():
            lines += ["", f"> {_md(d.text)}"]
    return "\n".join(lines)
