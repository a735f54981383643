"""What ``gloss browse`` shows, without a terminal: the query and its results, the selection,
the languages shown, the remembered queries, and the screen's lines laid out in cells.

Pure apart from the history file and a worker thread (:class:`Searching`); the terminal side
(keys, drawing, the alternate screen) is :mod:`glossary_cli.interactive`, the only module that
imports prompt_toolkit. Lines are :mod:`glossary_cli.layout` lines (tuples of ``(text,
style)`` spans, styles as rich names them) measured by :func:`glossary_cli.layout.cell_width`,
so that Bengali and Arabic are cut and padded as a terminal draws them.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from glossary_cli.errors import GlossError
from glossary_cli.layout import ELLIPSIS, Line, cell_width, char_widths, graphemes
from glossary_cli.model import is_english

if TYPE_CHECKING:
    from glossary_cli.model import Concept, Hit, LanguageGap
    from glossary_cli.search import Searcher

#: Fewest results asked for per query; as many as the list shows when it is taller.
MIN_RESULTS = 10
#: Most results asked for per query, whatever the height of the terminal.
MAX_RESULTS = 200
#: Queries the history file keeps (the oldest are dropped).
HISTORY_SIZE = 500


# --- results -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Results:
    """The answer to one query.

    Attributes:
        query: the query as typed.
        hits: the concepts found, best first (:func:`glossary_cli.api.search`).
        error: why there are none, when the query could not be searched (too long, an
            unreadable index); ``None`` otherwise.
        seconds: how long the search took.
        limit: the most hits asked for (``0``: no search ran).
        langs: the languages searched (``()``: all), as ``gloss search --lang`` takes them:
            only concepts with an entry in one of them.
        gap: when nothing was found, how many concepts have no term in the query's language
            (:func:`glossary_cli.api.language_gap`), if that may be why.
    """

    query: str
    hits: tuple[Hit, ...] = ()
    error: str | None = None
    seconds: float = 0.0
    limit: int = 0
    langs: tuple[str, ...] = ()
    gap: LanguageGap | None = None


def lookup(searcher: Searcher, query: str, limit: int, langs: Sequence[str] = ()) -> Results:
    """Search ``query`` as ``gloss search`` does (:func:`glossary_cli.api.search`, the same
    ranking; ``langs`` as its ``--lang``), at most ``limit`` hits; a blank query finds
    nothing, and an error is a :class:`Results` that says it, never an exception."""
    import time

    from glossary_cli import api

    langs = tuple(langs)
    if not query.strip():
        return Results(query, langs=langs)
    start = time.perf_counter()
    try:
        hits = api.search(searcher, query, langs=langs, limit=max(limit, 1))
        gap = None if hits else api.language_gap(searcher, query)
    except GlossError as exc:
        return Results(query, error=str(exc), langs=langs)
    seconds = time.perf_counter() - start
    return Results(query, tuple(hits), seconds=seconds, limit=limit, langs=langs, gap=gap)


def result_limit(list_height: int) -> int:
    """How many results to ask for when the list shows ``list_height`` rows: what fits,
    between :data:`MIN_RESULTS` and :data:`MAX_RESULTS` (a search of 100,000 concepts costs
    more the more hits it ranks, and nobody reads what is not on the screen).

    >>> result_limit(5), result_limit(40), result_limit(1000)
    (10, 40, 200)
    """
    return max(MIN_RESULTS, min(MAX_RESULTS, list_height))


class Searching:
    """Searches run on a thread of their own, so that typing never waits for one.

    Only the newest query waits to be searched: one submitted while a search runs replaces
    any other still waiting, so a burst of keys costs at most two searches. The searcher is
    opened on that thread (SQLite connections stay on the thread that opened them), after
    the first screen is drawn.

    Args:
        open_searcher: returns the searcher (:func:`glossary_cli.api.open_searcher`); a
            :class:`~glossary_cli.errors.GlossError` it raises is reported for every query.
        done: called on the worker thread with each query's :class:`Results`.
    """

    def __init__(
        self, open_searcher: Callable[[], Searcher], done: Callable[[Results], None]
    ) -> None:
        self._open = open_searcher
        self._done = done
        self._wake = threading.Condition()
        self._pending: tuple[str, int, tuple[str, ...]] | None = None
        self._closed = False
        self.ready = threading.Event()  #: set once the searcher is open (or failed to open)
        self.opening_error: str | None = None
        self._thread = threading.Thread(target=self._run, name="gloss-search", daemon=True)
        self._thread.start()

    def submit(self, query: str, limit: int, langs: Sequence[str] = ()) -> None:
        """Search ``query`` (at most ``limit`` hits, in ``langs``: see :func:`lookup`) next,
        in place of any query waiting."""
        with self._wake:
            self._pending = (query, limit, tuple(langs))
            self._wake.notify()

    def close(self) -> None:
        """Stop the thread after the search it runs, if any (it is a daemon: the process does
        not wait for it)."""
        with self._wake:
            self._closed = True
            self._wake.notify()

    def _run(self) -> None:
        searcher: Searcher | None = None
        try:
            searcher = self._open()
        except GlossError as exc:
            self.opening_error = str(exc)
        self.ready.set()
        while True:
            with self._wake:
                while self._pending is None and not self._closed:
                    self._wake.wait()
                if self._closed:
                    return
                assert self._pending is not None
                query, limit, langs = self._pending
                self._pending = None
            if searcher is None:
                results = Results(query, error=self.opening_error, langs=langs)
            else:
                results = lookup(searcher, query, limit, langs)
            self._done(results)


# --- history -----------------------------------------------------------------------------------


class History:
    """Past queries, oldest first, kept in a UTF-8 text file of one query per line.

    A query used again moves to the end; at most :data:`HISTORY_SIZE` are kept. The file is
    a convenience: one that cannot be read or written is left alone, never an error.

    Args:
        path: the file (:func:`glossary_cli.config.history_file`); ``None``: remember
            nothing between runs.
    """

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.entries: list[str] = []
        if path is not None:
            try:
                text = path.read_text(encoding="utf-8-sig", errors="replace")
            except OSError:
                text = ""
            self.entries = list(dict.fromkeys(q for q in text.splitlines() if q.strip()))

    def add(self, query: str) -> None:
        """Remember ``query`` (line breaks become spaces; a blank one is not kept) and write the
        file (atomically: a temporary file renamed over it)."""
        query = " ".join(query.splitlines()).strip()
        if not query:
            return
        if query in self.entries:
            self.entries.remove(query)
        self.entries.append(query)
        del self.entries[:-HISTORY_SIZE]
        if self.path is None:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            temporary = self.path.with_name(f".{self.path.name}.{os.getpid()}")
            temporary.write_text("".join(q + "\n" for q in self.entries), encoding="utf-8")
            os.replace(temporary, self.path)
        except OSError:
            pass


# --- the state -----------------------------------------------------------------------------------


def language_views(given: Sequence[str], available: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    """The language choices Tab goes through: the ``--lang`` tags (``()``: all of them), then
    each language of the termbase alone (other than English), then English alone.

    >>> language_views((), ["en", "bn", "ar"])
    ((), ('bn',), ('ar',), ('en',))
    >>> language_views(["bn", "ar"], ["en", "bn", "ar"])
    (('bn', 'ar'), ('bn',), ('ar',), ('en',))
    """
    views: dict[tuple[str, ...], None] = {tuple(given): None}
    for tag in available:
        if not is_english(tag):
            views.setdefault((tag,), None)
    views.setdefault(("en",), None)
    return tuple(views)


def view_name(view: Sequence[str]) -> str:
    """How the help line names a language choice: ``all``, ``bn``, ``bn,ar``."""
    return ",".join(view) if view else "all"


@dataclass(slots=True)
class BrowseState:
    """Everything the screen shows, changed by keys (:mod:`glossary_cli.interactive`) and by
    search results.

    Attributes:
        views: the language choices (:func:`language_views`); ``view`` indexes them.
        available: the termbase's language tags, in order (the columns of the view ``()``).
        history: the remembered queries.
        query: the query line's text.
        results: the latest results that answer ``query`` (older ones are dropped).
        selected: index of the selected hit.
        top: index of the first hit drawn (the list scrolls to keep ``selected`` in view).
        card: the concept whose card is open, or ``None`` for the list.
        card_top: the first line of the card drawn.
        recall: position in ``history`` while stepping through it, else ``None``.
        bidi: Arabic shaped and reordered for a terminal without bidi support (``--bidi``).
    """

    views: tuple[tuple[str, ...], ...]
    available: tuple[str, ...] = ()
    history: History = field(default_factory=lambda: History(None))
    query: str = ""
    results: Results = field(default_factory=lambda: Results(""))
    view: int = 0
    selected: int = 0
    top: int = 0
    card: Concept | None = None
    card_top: int = 0
    recall: int | None = None
    bidi: bool = False

    @property
    def langs(self) -> tuple[str, ...]:
        """The language tags shown now (``()``: all)."""
        return self.views[self.view]

    @property
    def columns(self) -> tuple[str, ...]:
        """The language columns of the list beside the English headword: the shown tags, or
        for "all" every language of the termbase, English left out either way."""
        tags = self.langs or self.available
        return tuple(t for t in tags if not is_english(t))

    def set_query(self, query: str) -> None:
        """The query line changed (typing, or a recalled query)."""
        self.query = query

    def take(self, results: Results) -> bool:
        """Show ``results`` if they answer the current query in the languages shown (stale
        ones are dropped); the selection goes back to the first hit. Returns whether they
        were taken."""
        if results.query != self.query or (results.limit and results.langs != self.langs):
            return False
        self.results = results
        self.selected = self.top = 0
        return True

    def move(self, step: int, height: int) -> None:
        """Move the selection by ``step`` hits (negative: up), keeping it within the hits and
        inside a list of ``height`` rows."""
        count = len(self.results.hits)
        if not count:
            return
        self.selected = max(0, min(count - 1, self.selected + step))
        height = max(height, 1)
        if self.selected < self.top:
            self.top = self.selected
        elif self.selected >= self.top + height:
            self.top = self.selected - height + 1

    def cycle_langs(self) -> tuple[str, ...]:
        """Show the next language choice (Tab); returns its tags."""
        self.view = (self.view + 1) % len(self.views)
        self.card_top = 0
        return self.langs

    def open(self) -> Concept | None:
        """Open the selected hit's card (Enter) and remember the query; ``None`` when there is
        no hit."""
        hits = self.results.hits
        if not hits or self.results.query != self.query:
            return None
        self.card = hits[self.selected].concept
        self.card_top = 0
        self.history.add(self.query)
        self.recall = None
        return self.card

    def close(self) -> None:
        """Back from the card to the list."""
        self.card = None

    def scroll(self, step: int, height: int, total: int) -> None:
        """Scroll the card by ``step`` lines, within its ``total`` lines shown ``height`` at a
        time."""
        self.card_top = max(0, min(max(total - height, 0), self.card_top + step))

    def step_history(self, step: int) -> str | None:
        """The query ``step`` places back (negative: older) in the history from the one shown,
        or ``None`` past either end (at the newest end, stepping forward gives ``""``)."""
        entries = self.history.entries
        if not entries:
            return None
        at = len(entries) if self.recall is None else self.recall
        at += step
        if at < 0:
            return None
        if at >= len(entries):
            self.recall = None
            return "" if step > 0 and at == len(entries) else None
        self.recall = at
        return entries[at]


# --- lines ---------------------------------------------------------------------------------------


def fit(text: str, width: int) -> str:
    """``text`` cut to at most ``width`` cells, between grapheme clusters, ending with ``…``
    when shortened; as wide as the terminal draws it (:func:`glossary_cli.layout.cell_width`).

    >>> fit("Quantization", 8), fit("কোয়ান্টাইজেশন", 6), fit("LoRA", 8)
    ('Quantiz…', 'কোয়া…', 'LoRA')
    """
    if width <= 0:
        return ""
    if cell_width(text) <= width:
        return text
    widths = char_widths(text)
    used, end, start = 0, 0, 0
    for stop in graphemes(text):
        w = sum(widths[start:stop])
        if used + w > width - 1:
            break
        used += w
        end = start = stop
    return text[:end] + ELLIPSIS


def pad(text: str, width: int) -> str:
    """``text`` fitted to ``width`` cells (:func:`fit`) and padded with spaces to exactly that."""
    shown = fit(text, width)
    return shown + " " * max(width - cell_width(shown), 0)


def clip(line: Line, width: int) -> Line:
    """A laid-out line cut to ``width`` cells (:func:`fit` on the span that crosses it)."""
    out: list[tuple[str, str]] = []
    left = width
    for text, style in line:
        if left <= 0:
            break
        w = cell_width(text)
        if w <= left:
            out.append((text, style))
            left -= w
        else:
            out.append((fit(text, left), style))
            break
    return tuple(out)


def _plain(text: str, bidi: bool = False) -> str:
    """``text`` as a cell shows it: control characters made visible; with ``bidi``, Arabic
    shaped and in display order (:func:`glossary_cli.layout.field_lines`)."""
    from glossary_cli.layout import Field, Options, field_lines, has_rtl
    from glossary_cli.render import safe

    text = safe(text)
    if not (bidi and has_rtl(text)):
        return text
    [line], _ = field_lines(Field.of(text), 1 << 20, Options(bidi=True))
    return "".join(part for part, _ in line)


def _cells(hit: Hit, columns: Sequence[str], bidi: bool = False) -> list[str]:
    """The texts of a hit's row: the English headword (or the id), then each column's main
    term (``—`` when none); for English alone, the start of the English definition."""
    concept = hit.concept
    head = concept.en or concept.id
    cells = [_plain(head, bidi)]
    if not columns:
        english = concept.english
        definitions = english.all_definitions() if english is not None else ()
        definition = definitions[0].text if definitions else ""
        if not definition and concept.definitions:
            definition = concept.definitions[0].text
        return [*cells, _plain(definition, bidi)]
    for tag in columns:
        main = _main_term(concept, tag)
        cells.append(_plain(main, bidi) if main is not None else "—")
    return cells


def _main_term(concept: Concept, tag: str) -> str | None:
    """The text of the main term of ``concept`` in ``tag``, if it has one."""
    section = concept.section(tag)
    main = section.main if section is not None else None
    return main.text if main is not None else None


#: Cells between two columns of the list.
GAP = 2


def list_lines(state: BrowseState, width: int, height: int) -> list[Line]:
    """The rows of the list that fit in ``height`` lines of ``width`` cells: one hit each, the
    selected one marked ``›`` and reversed. The headword column takes the width of the longest
    headword shown, up to half of the line; the language columns share the rest (showing all
    languages, only those that a row on the screen has a term in)."""
    hits = state.results.hits[state.top : state.top + max(height, 0)]
    if not hits:
        return []
    columns = state.columns
    if not state.langs:  # all languages: those that a row on the screen has a term in
        columns = (
            tuple(t for t in columns if any(_main_term(h.concept, t) is not None for h in hits))
            or columns[:1]
        )
    rows = [_cells(h, columns, state.bidi) for h in hits]
    count = len(rows[0])
    free = max(width - 2 - GAP * (count - 1), count)
    if count == 1:
        widths = [free]
    else:
        longest = max(cell_width(r[0]) for r in rows)
        head = max(min(longest, free // 2), free // count)
        rest = free - head
        share = rest // (count - 1)
        widths = [head] + [share] * (count - 2) + [rest - share * (count - 2)]
    lines: list[Line] = []
    for k, cells in enumerate(rows):
        chosen = state.top + k == state.selected
        texts = [pad(c, w) for c, w in zip(cells, widths, strict=True)]
        if chosen:
            text = "› " + (" " * GAP).join(texts)
            lines.append(clip(((text.rstrip(), "reverse"),), width))
            continue
        spans: list[tuple[str, str]] = [("  ", "")]
        for j, t in enumerate(texts):
            if j:
                spans.append((" " * GAP, ""))
            spans.append((t, "bold" if j == 0 else ("" if cells[j] != "—" else "dim")))
        while spans and not spans[-1][0].strip():
            spans.pop()
        if spans:
            spans[-1] = (spans[-1][0].rstrip(), spans[-1][1])
        lines.append(clip(tuple(spans), width))
    return lines


def card_lines(
    concept: Concept, langs: Sequence[str], width: int, bidi: bool = False
) -> list[Line]:
    """The card of ``concept`` as ``gloss show`` draws it
    (:func:`glossary_cli.render.concept_lines`) in ``width`` cells, every line cut to it;
    ``bidi`` as ``gloss show --bidi``."""
    from glossary_cli.layout import Options
    from glossary_cli.render import concept_lines

    options = Options(bidi=bidi)
    return [clip(line, width) for line in concept_lines(concept, langs, width, options)]


def status_line(state: BrowseState, width: int, *, searching: bool, ready: bool) -> Line:
    """The line under the query: how many results and the languages shown; the error of a
    query that could not be searched; ``searching…`` while results are awaited."""
    results = state.results
    shown = f"languages: {view_name(state.langs)}"
    if not ready:
        text, style = "opening the index…", "dim"
    elif results.error and results.query == state.query:
        text, style = results.error, "red"
    elif searching:
        text, style = "searching…", "dim"
    elif not state.query.strip():
        text, style = "type a term in any script: English, বাংলা, العربية", "dim"
    elif not results.hits:
        gap = f" · {results.gap.hint}" if results.gap else ""
        text, style = f"no concept matches{gap} · {shown}", "dim"
    else:
        n = len(results.hits)
        first = "the first " if n >= results.limit > 0 else ""
        text, style = f"{first}{n} result{'s' if n != 1 else ''} · {shown}", "dim"
    return clip(((text, style),), width)


def help_line(state: BrowseState, width: int) -> Line:
    """The bottom line: the keys of the list or of the card, the longest wording that fits
    ``width`` (cut to it when none does)."""
    nxt = view_name(state.views[(state.view + 1) % len(state.views)])
    if state.card is not None:
        choices = [
            f"↑↓ PgUp PgDn scroll · Tab languages (→ {nxt}) · Esc/Enter/q back",
            f"↑↓ scroll · Tab → {nxt} · Esc/Enter/q back",
            "↑↓ scroll · Esc back",
        ]
    else:
        choices = [
            f"↑↓ move · Enter open · Tab languages (→ {nxt}) · ^R history · Esc quit",
            f"↑↓ move · Enter open · Tab → {nxt} · ^R history · Esc quit",
            f"↑↓ move · Enter open · Tab → {nxt} · Esc quit",
            "↑↓ move · Enter open · Esc quit",
        ]
    text = next((c for c in choices if cell_width(c) <= width), choices[-1])
    return clip(((text, "reverse"),), width)
