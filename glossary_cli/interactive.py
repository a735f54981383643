"""``gloss browse`` on a terminal: prompt_toolkit reads the keys and draws the screen that
:mod:`glossary_cli.browse` lays out.

The only module that imports prompt_toolkit; nothing imports it but ``gloss browse`` (and
``gloss`` alone on a terminal), so the other commands start as fast as before.

prompt_toolkit places text cell by cell with ``wcwidth``, which gives Bengali spacing vowel
signs (``া``, U+09BE, category Mc) no cell while terminals give them one; its picture of the
screen would drift from the terminal's after every such sign. So its width cache is replaced by
one that asks :func:`glossary_cli.layout.cell_width`, the widths gloss measures everywhere else.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from prompt_toolkit.application import Application, get_app
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.document import Document
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.layout import HSplit, Layout, Window
from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl
from prompt_toolkit.layout.processors import BeforeInput

from glossary_cli.browse import (
    BrowseState,
    History,
    Results,
    Searching,
    card_lines,
    help_line,
    language_views,
    list_lines,
    result_limit,
    status_line,
)
from glossary_cli.layout import Line, cell_width

#: The query line's prompt.
PROMPT = "› "
#: Lines that are not the list or the card: the query, the status and the help line.
CHROME = 3


class _GlossWidths(dict[str, int]):
    """prompt_toolkit's cache of string widths (``prompt_toolkit.utils._CHAR_SIZES_CACHE``),
    filled by :func:`glossary_cli.layout.cell_width` instead of ``wcwidth``; long strings are
    forgotten first, as prompt_toolkit's own cache does."""

    LONG = 64
    KEEP = 16

    def __init__(self) -> None:
        super().__init__()
        self._long: deque[str] = deque()

    def __missing__(self, text: str) -> int:
        width = cell_width(text)
        self[text] = width
        if len(text) > self.LONG:
            self._long.append(text)
            if len(self._long) > self.KEEP:
                self.pop(self._long.popleft(), None)
        return width


def use_gloss_widths() -> None:
    """Make prompt_toolkit measure text as gloss does (see the module's docstring)."""
    import prompt_toolkit.utils

    if not isinstance(prompt_toolkit.utils._CHAR_SIZES_CACHE, _GlossWidths):
        prompt_toolkit.utils._CHAR_SIZES_CACHE = _GlossWidths()  # type: ignore[assignment]


_COLOURS = {"red", "green", "yellow", "blue", "magenta", "cyan", "white", "black"}


@lru_cache(maxsize=256)
def ptk_style(style: str) -> str:
    """A rich style string of :mod:`glossary_cli.render` (``"bold red"``, ``"dim"``) as
    prompt_toolkit writes it (``"bold fg:ansired"``); what it has no word for is left out.

    >>> ptk_style("italic red"), ptk_style("dim"), ptk_style("reverse")
    ('italic fg:ansired', 'fg:ansibrightblack', 'reverse')
    """
    out = []
    for word in style.split():
        if word in ("bold", "italic", "underline", "reverse"):
            out.append(word)
        elif word == "dim":
            out.append("fg:ansibrightblack")
        elif word in _COLOURS:
            out.append(f"fg:ansi{word}")
    return " ".join(out)


def fragments(lines: Sequence[Line]) -> StyleAndTextTuples:
    """Laid-out lines as prompt_toolkit's formatted text, one line each."""
    out: StyleAndTextTuples = []
    for k, line in enumerate(lines):
        if k:
            out.append(("", "\n"))
        out.extend((ptk_style(style), text) for text, style in line)
    return out


class Browser:
    """The running screen: one query line, the results (or a card), a status and a help line.

    Args:
        state: what is shown (:class:`glossary_cli.browse.BrowseState`).
        open_searcher: opens the index (on the search thread).
    """

    def __init__(
        self, state: BrowseState, open_searcher: Callable[[], Any], given: Sequence[str] = ()
    ) -> None:
        use_gloss_widths()
        self.state = state
        self._open_searcher = open_searcher
        self._given = tuple(given)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._recalling = False
        self.buffer = Buffer(multiline=False, on_text_changed=self._changed)
        self.searching: Searching | None = None
        in_card = Condition(lambda: self.state.card is not None)
        self.app: Application[None] = Application(
            layout=Layout(
                HSplit(
                    [
                        Window(
                            BufferControl(self.buffer, input_processors=[BeforeInput(PROMPT)]),
                            height=1,
                        ),
                        Window(FormattedTextControl(self._status), height=1),
                        Window(FormattedTextControl(self._body)),
                        Window(FormattedTextControl(self._help), height=1),
                    ]
                )
            ),
            key_bindings=self._keys(in_card),
            full_screen=True,
            erase_when_done=True,
        )
        self.app.ttimeoutlen = 0.05  # Esc alone leaves at once, not after half a second

    # -- sizes ------------------------------------------------------------------------

    def _size(self) -> tuple[int, int]:
        """Columns and rows of the terminal."""
        size = get_app().output.get_size()
        return size.columns, size.rows

    def _height(self) -> int:
        """Rows of the list or card."""
        return max(self._size()[1] - CHROME, 1)

    # -- drawing ------------------------------------------------------------------------

    def _status(self) -> StyleAndTextTuples:
        width = self._size()[0]
        waiting = bool(self.state.query.strip()) and self.state.results.query != self.state.query
        ready = self.searching is not None and self.searching.ready.is_set()
        line = status_line(self.state, width, searching=waiting, ready=ready)
        return fragments([line])

    def _body(self) -> StyleAndTextTuples:
        width, height = self._size()[0], self._height()
        if self.state.card is not None:
            lines = self._card(width)
            return fragments(lines[self.state.card_top : self.state.card_top + height])
        return fragments(list_lines(self.state, width, height))

    def _help(self) -> StyleAndTextTuples:
        return fragments([help_line(self.state, self._size()[0])])

    def _card(self, width: int) -> list[Line]:
        assert self.state.card is not None
        return _card_lines(self.state.card, self.state.langs, width, self.state.bidi)

    # -- searching ---------------------------------------------------------------------

    def _changed(self, buffer: Buffer) -> None:
        self.state.set_query(buffer.text)
        if not self._recalling:
            self.state.recall = None
        self.state.card = None
        if buffer.text.strip() and self.searching is not None:
            self.searching.submit(buffer.text, result_limit(self._height()), self.state.langs)
        else:
            self.state.take(Results(buffer.text))

    def _post(self, work: Callable[[], object]) -> None:
        """Run ``work`` on the UI thread (from the search thread), then redraw."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return

        def run() -> None:
            work()
            self.app.invalidate()

        try:
            loop.call_soon_threadsafe(run)
        except RuntimeError:  # the loop closed meanwhile: the screen is gone
            pass

    def _arrived(self, results: Results) -> None:
        """Results from the search thread: handed to the UI thread, which keeps them only if
        they answer the query shown by then."""
        self._post(lambda: self.state.take(results))

    def _opening(self) -> Any:
        """Open the index (on the search thread), then tell the UI its languages."""
        searcher = self._open_searcher()
        available = tuple(searcher.languages())
        self._post(lambda: self._languages_known(available))
        return searcher

    def _languages_known(self, available: tuple[str, ...]) -> None:
        shown = self.state.langs
        self.state.available = available
        self.state.views = language_views(self._given, available)
        self.state.view = self.state.views.index(shown) if shown in self.state.views else 0

    def _recall(self, step: int) -> None:
        query = self.state.step_history(step)
        if query is None:
            return
        self._recalling = True
        try:
            self.buffer.set_document(Document(query, len(query)), bypass_readonly=True)
        finally:
            self._recalling = False

    # -- keys ---------------------------------------------------------------------------

    def _keys(self, in_card: Condition) -> KeyBindings:
        kb = KeyBindings()
        in_list = ~in_card

        @kb.add("c-c")
        @kb.add("c-d")
        def _leave(event: KeyPressEvent) -> None:
            event.app.exit()

        @kb.add("escape", eager=True)
        def _back_or_leave(event: KeyPressEvent) -> None:
            if self.state.card is not None:
                self.state.close()
            else:
                event.app.exit()

        @kb.add("enter", filter=in_list)
        def _open(event: KeyPressEvent) -> None:
            self.state.open()

        @kb.add("enter", filter=in_card)
        @kb.add("q", filter=in_card)
        def _close(event: KeyPressEvent) -> None:
            self.state.close()

        @kb.add("<any>", filter=in_card)
        def _ignore(event: KeyPressEvent) -> None:
            """Keys that would edit the query do nothing while a card is open."""

        @kb.add("up", filter=in_list)
        def _up(event: KeyPressEvent) -> None:
            if self.state.selected == 0:
                self._recall(-1)  # at the top of the list: the previous query
            else:
                self.state.move(-1, self._height())

        @kb.add("down", filter=in_list)
        def _down(event: KeyPressEvent) -> None:
            self.state.move(1, self._height())

        @kb.add("pageup", filter=in_list)
        def _page_up(event: KeyPressEvent) -> None:
            self.state.move(-self._height(), self._height())

        @kb.add("pagedown", filter=in_list)
        def _page_down(event: KeyPressEvent) -> None:
            self.state.move(self._height(), self._height())

        def scroll(step: Callable[[int], int]) -> Callable[[KeyPressEvent], None]:
            def run(event: KeyPressEvent) -> None:
                height = self._height()
                total = len(self._card(self._size()[0]))
                self.state.scroll(step(height), height, total)

            return run

        kb.add("up", filter=in_card)(scroll(lambda h: -1))
        kb.add("down", filter=in_card)(scroll(lambda h: 1))
        kb.add("pageup", filter=in_card)(scroll(lambda h: -h))
        kb.add("pagedown", filter=in_card)(scroll(lambda h: h))
        kb.add("space", filter=in_card)(scroll(lambda h: h))

        @kb.add("tab")
        @kb.add("c-l")
        def _languages(event: KeyPressEvent) -> None:
            self.state.cycle_langs()
            # the list is what `gloss search --lang` finds: searched again in these languages
            query = self.state.query
            if query.strip() and self.searching is not None:
                self.searching.submit(query, result_limit(self._height()), self.state.langs)

        @kb.add("c-r", filter=in_list)
        @kb.add("c-p", filter=in_list)
        def _older(event: KeyPressEvent) -> None:
            self._recall(-1)

        @kb.add("c-n", filter=in_list)
        def _newer(event: KeyPressEvent) -> None:
            self._recall(1)

        return kb

    # -- running ------------------------------------------------------------------------

    def run(self) -> None:
        """Run until Esc or Ctrl-C; the terminal is left as it was found (the alternate
        screen left, the cursor shown, its modes restored). The query shown at the end is
        remembered."""

        def started() -> None:
            self._loop = asyncio.get_running_loop()

        def drawn(app: Application[None]) -> None:
            # The index is opened once the first screen is up, so that its imports and
            # reads never delay it (the start-up a user sees).
            if self.searching is None:
                self.searching = Searching(self._opening, self._arrived)
                if self.buffer.text:
                    self._changed(self.buffer)

        self.app.after_render += drawn
        try:
            self.app.run(pre_run=started)
        finally:
            if self.searching is not None:
                self.searching.close()
            self.state.history.add(self.state.query)


@lru_cache(maxsize=8)
def _card_lines(concept: Any, langs: tuple[str, ...], width: int, bidi: bool) -> list[Line]:
    """A card's lines, kept while it is shown and scrolled (laying it out takes a few ms)."""
    return card_lines(concept, langs, width, bidi)


def browse(
    open_searcher: Callable[[], Any],
    *,
    langs: Sequence[str] = (),
    history: History | None = None,
    query: str = "",
    bidi: bool = False,
) -> None:
    """Run ``gloss browse`` on the terminal until the user leaves.

    Args:
        open_searcher: opens the index (:func:`glossary_cli.api.open_searcher`), called on the
            search thread once the first screen is drawn.
        langs: the languages shown first (``--lang``; ``()``: all); Tab goes on through
            each language of the termbase (known once it is open).
        history: the remembered queries (``None``: none kept).
        query: a query to start with.
        bidi: shape and reorder Arabic for a terminal without bidi support (``--bidi``).
    """
    state = BrowseState(
        views=language_views(langs, ()),
        available=tuple(langs),
        history=history or History(None),
        bidi=bidi,
    )
    browser = Browser(state, open_searcher, langs)
    if query:
        browser.buffer.set_document(Document(query, len(query)))
    browser.run()
