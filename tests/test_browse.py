"""``gloss browse``: the state and the lines it draws without a terminal, then the real thing
in tmux at 40, 80 and 120 columns (send-keys, capture-pane)."""

from __future__ import annotations

import json
import os
import subprocess
import threading
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from glossary_cli import api, browse, layout
from glossary_cli.browse import (
    BrowseState,
    History,
    Results,
    Searching,
    card_lines,
    clip,
    fit,
    help_line,
    language_views,
    list_lines,
    lookup,
    pad,
    status_line,
)
from glossary_cli.config import history_file
from glossary_cli.errors import StoreError
from glossary_cli.layout import cell_width
from tests.test_terminal import TMUX, Pane

from .conftest import gloss, gloss_command, gloss_process


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An index cache of this module's own."""
    return tmp_path_factory.mktemp("browse-cache")


@pytest.fixture(scope="module")
def searcher(cache: Path) -> Any:
    """The bundled glossary, indexed into the module's cache."""
    return api.open_searcher(env={"GLOSS_CACHE": str(cache)})


def state_for(searcher: Any, query: str, langs: tuple[str, ...] = ()) -> BrowseState:
    available = tuple(searcher.languages())
    state = BrowseState(views=language_views(langs, available), available=available)
    state.set_query(query)
    assert state.take(lookup(searcher, query, 20))
    return state


def line_text(line: layout.Line) -> str:
    return "".join(t for t, _ in line)


# --- query → rows ------------------------------------------------------------------------------

QUERIES = [
    ("Bengali", "প্রুনিং", "Pruning"),
    ("Arabic", "تقليم", "Pruning"),
    ("misspelt English", "qunatization", "Quantization"),
    ("English prefix", "prun", "Pruning"),
    ("abbreviation", "LoRA", "Low-Rank Adaptation"),
]


@pytest.mark.parametrize(("script", "query", "expected"), QUERIES, ids=[q[0] for q in QUERIES])
def test_query_gives_the_ranking_of_gloss_search(
    searcher: Any, script: str, query: str, expected: str
) -> None:
    state = state_for(searcher, query)
    same = api.search(searcher, query, limit=20)
    assert [h.concept.id for h in state.results.hits] == [h.concept.id for h in same]
    assert expected in (state.results.hits[0].concept.en or "")
    [first, *_] = list_lines(state, 80, 10)
    assert line_text(first).startswith("› ") and expected[:10] in line_text(first)


def test_blank_and_unsearchable_queries_are_no_errors(searcher: Any) -> None:
    assert lookup(searcher, "   ", 10) == Results("   ")
    long = lookup(searcher, "x" * (api.MAX_QUERY + 1), 10)
    assert not long.hits and long.error and "at most" in long.error
    state = state_for(searcher, "x" * (api.MAX_QUERY + 1))
    assert "at most" in line_text(status_line(state, 200, searching=False, ready=True))
    nothing = state_for(searcher, "zzzzqqqqxxxx")
    assert not nothing.results.hits
    assert "no concept" in line_text(status_line(nothing, 80, searching=False, ready=True))


def test_stale_results_are_dropped(searcher: Any) -> None:
    state = state_for(searcher, "prun")
    state.set_query("prunin")
    assert not state.take(lookup(searcher, "prun", 10))  # answers an older query
    assert state.results.query == "prun"
    assert state.take(lookup(searcher, "prunin", 10))


def test_result_limit_is_what_fits() -> None:
    assert browse.result_limit(21) == 21
    assert browse.result_limit(1) == browse.MIN_RESULTS
    assert browse.result_limit(10_000) == browse.MAX_RESULTS


# --- selection -----------------------------------------------------------------------------------


def test_selection_moves_within_the_hits_and_scrolls(searcher: Any) -> None:
    state = state_for(searcher, "quant")
    count = len(state.results.hits)
    assert count > 5
    state.move(-1, 3)
    assert state.selected == 0
    state.move(4, 3)
    assert (state.selected, state.top) == (4, 2)  # the list scrolled to keep it in view
    lines = list_lines(state, 80, 3)
    assert len(lines) == 3 and line_text(lines[2]).startswith("› ")
    state.move(100, 3)
    assert state.selected == count - 1
    state.move(-100, 3)
    assert (state.selected, state.top) == (0, 0)


def test_enter_opens_the_card_of_gloss_show_and_remembers_the_query(
    searcher: Any, tmp_path: Path
) -> None:
    state = state_for(searcher, "prun")
    state.history = History(tmp_path / "history")
    state.move(1, 10)
    concept = state.open()
    assert concept is not None and concept == state.results.hits[1].concept
    assert (tmp_path / "history").read_text(encoding="utf-8") == "prun\n"
    from glossary_cli.layout import Options
    from glossary_cli.render import concept_lines

    assert card_lines(concept, (), 80) == concept_lines(concept, (), 80, Options())
    assert "Esc" in line_text(help_line(state, 80)) and "back" in line_text(help_line(state, 80))
    state.close()
    assert state.card is None


def test_opening_nothing_does_nothing() -> None:
    state = BrowseState(views=((),))
    assert state.open() is None and state.card is None


def test_card_scrolls_within_its_lines() -> None:
    state = BrowseState(views=((),))
    state.scroll(5, 10, 12)
    assert state.card_top == 2
    state.scroll(-9, 10, 12)
    assert state.card_top == 0
    state.scroll(3, 10, 4)
    assert state.card_top == 0


# --- languages -----------------------------------------------------------------------------------

VIEWS = [
    ((), ["en", "bn", "ar"], [(), ("bn",), ("ar",), ("en",)]),
    (("bn", "ar"), ["en", "bn", "ar"], [("bn", "ar"), ("bn",), ("ar",), ("en",)]),
    (("ar",), ["en", "bn", "ar"], [("ar",), ("bn",), ("en",)]),
    (("en",), ["en", "bn"], [("en",), ("bn",)]),
    ((), ["en", "bn", "ar", "hi"], [(), ("bn",), ("ar",), ("hi",), ("en",)]),
]


@pytest.mark.parametrize(("given", "available", "views"), VIEWS)
def test_language_views(given: Any, available: list[str], views: list[Any]) -> None:
    assert list(language_views(given, available)) == views


def test_tab_cycles_the_columns(searcher: Any) -> None:
    state = state_for(searcher, "prun")
    assert state.columns == ("bn", "ar")
    row = line_text(list_lines(state, 120, 1)[0])
    assert "প্রুনিং" in row and "تقليم" in row
    assert state.cycle_langs() == ("bn",)
    row = line_text(list_lines(state, 120, 1)[0])
    assert "প্রুনিং" in row and "تقليم" not in row
    assert state.cycle_langs() == ("ar",)
    assert "تقليم" in line_text(list_lines(state, 120, 1)[0])
    assert state.cycle_langs() == ("en",) and not state.columns
    row = line_text(list_lines(state, 120, 1)[0])
    assert "Pruning" in row and "প্রুনিং" not in row and "تقليم" not in row
    assert state.cycle_langs() == ()  # back to all


# --- history -------------------------------------------------------------------------------------


def test_history_is_written_and_read_back(tmp_path: Path) -> None:
    path = tmp_path / "state" / "browse-history"
    history = History(path)
    for query in ("LoRA", "প্রুনিং", "  ", "تقليم", "LoRA", "two\nlines"):
        history.add(query)
    assert History(path).entries == ["প্রুনিং", "تقليم", "LoRA", "two lines"]
    assert path.read_bytes().decode("utf-8").splitlines()[0] == "প্রুনিং"
    assert not list(path.parent.glob(".*"))  # no temporary file left


def test_history_keeps_the_newest(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(browse, "HISTORY_SIZE", 3)
    history = History(tmp_path / "h")
    for n in range(5):
        history.add(f"q{n}")
    assert History(tmp_path / "h").entries == ["q2", "q3", "q4"]


def test_history_that_cannot_be_written_is_no_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    history = History(blocker / "sub" / "history")  # a file where the folder should be
    history.add("LoRA")
    assert history.entries == ["LoRA"]
    assert History(None).entries == []


def test_history_file_is_in_the_state_dir(tmp_path: Path) -> None:
    assert history_file({"GLOSS_STATE": str(tmp_path)}) == tmp_path / "browse-history"
    default = history_file({})
    assert default is not None and default.name == "browse-history"
    assert "gloss" in default.parts


def test_up_steps_back_through_the_history() -> None:
    state = BrowseState(views=((),), history=History(None))
    assert state.step_history(-1) is None
    for q in ("a", "b", "c"):
        state.history.add(q)
    assert [state.step_history(-1) for _ in range(4)] == ["c", "b", "a", None]
    assert state.step_history(1) == "b"
    assert state.step_history(1) == "c"
    assert state.step_history(1) == ""  # past the newest: an empty query line
    assert state.recall is None


# --- widths --------------------------------------------------------------------------------------

TEXTS = [
    ("ASCII", "Quantization-Aware Training"),
    ("Bengali spacing signs", "কোয়ান্টাইজেশন অ্যাওয়ার ট্রেনিং"),
    ("Bengali conjuncts", "স্ট্রাকচার্ড স্পার্সিটি"),
    ("Arabic", "تقليم الشبكة العصبية"),
    ("Arabic harakat", "الْعَرَبِيَّةُ"),
    ("East Asian wide", "中文中文中文"),
    ("ZWJ", "র‍্যাংক"),
]


@pytest.mark.parametrize(("quirk", "text"), TEXTS, ids=[t[0] for t in TEXTS])
@pytest.mark.parametrize("width", [1, 3, 5, 8, 13])
def test_fit_and_pad_measure_cells_not_characters(quirk: str, text: str, width: int) -> None:
    shown = fit(text, width)
    assert cell_width(shown) <= width
    assert shown == text or shown.endswith("…")
    assert text.startswith(shown.removesuffix("…"))
    # cut between grapheme clusters: what is kept is whole clusters of the text
    kept = shown.removesuffix("…")
    assert not kept or len(kept) in layout.graphemes(text)
    assert cell_width(pad(text, width)) == width


def test_clip_cuts_the_span_that_crosses_the_edge() -> None:
    line = (("› ", ""), ("কোয়ান্টাইজেশন", "bold"), ("  x", ""))
    clipped = clip(line, 8)
    assert cell_width(line_text(clipped)) <= 8 and clipped[0] == ("› ", "")
    assert clip(line, 100) == line


@pytest.mark.parametrize("width", [40, 80, 120])
@pytest.mark.parametrize("query", ["প্রুনিং", "تقليم", "qunatization", "quant"])
def test_every_line_fits_the_width(searcher: Any, width: int, query: str) -> None:
    state = state_for(searcher, query)
    lines = list_lines(state, width, 20)
    lines.append(status_line(state, width, searching=False, ready=True))
    lines.append(help_line(state, width))
    state.open()
    assert state.card is not None
    lines += card_lines(state.card, (), width)
    lines.append(help_line(state, width))
    assert all(cell_width(line_text(line)) <= width for line in lines)


def test_language_columns_line_up(searcher: Any) -> None:
    """Each column starts in the same cell on every row, whatever script the one before holds."""
    state = state_for(searcher, "quantization")
    rows = [line_text(line) for line in list_lines(state, 120, 10)]
    assert len(rows) > 3
    heads = [h.concept.en or h.concept.id for h in state.results.hits[:10]]
    bengali = [state.results.hits[k].concept.section("bn") for k in range(len(rows))]
    starts = set()
    for row, head, section in zip(rows, heads, bengali, strict=True):
        assert section is not None and section.main is not None
        at = row.index(section.main.text[:4])
        starts.add(cell_width(row[:at]))
        assert head[:10] in row
    assert len(starts) == 1


# --- the search thread ---------------------------------------------------------------------------


def test_searching_gives_the_newest_query(cache: Path, searcher: Any) -> None:
    got: list[Results] = []
    done = threading.Event()
    release = threading.Event()

    def opening() -> Any:
        release.wait(10)  # hold the thread until every query is submitted
        # SQLite connections stay on their thread: the search thread opens its own
        return api.open_searcher(env={"GLOSS_CACHE": str(cache)})

    def arrived(results: Results) -> None:
        got.append(results)
        if results.query == "pruning":
            done.set()

    searching = Searching(opening, arrived)
    for end in range(1, len("pruning") + 1):
        searching.submit("pruning"[:end], 10)
    release.set()
    assert done.wait(20)
    searching.close()
    assert [r.query for r in got] == ["pruning"]  # the waiting prefixes were replaced
    assert got[0].hits[0].concept.en == "Pruning"
    assert searching.ready.is_set() and searching.opening_error is None


def test_searching_reports_an_index_that_cannot_be_opened() -> None:
    got: list[Results] = []
    done = threading.Event()

    def opening() -> Any:
        raise StoreError("the search index is unreadable", hint="delete it")

    def arrived(results: Results) -> None:
        got.append(results)
        done.set()

    searching = Searching(opening, arrived)
    searching.submit("LoRA", 10)
    assert done.wait(10)
    searching.close()
    assert got[0].error and "unreadable" in got[0].error
    state = BrowseState(views=((),), query="LoRA")
    state.take(got[0])
    assert "unreadable" in line_text(status_line(state, 80, searching=False, ready=True))


# --- the terminal side, without a terminal -------------------------------------------------------


def test_prompt_toolkit_measures_as_gloss_does() -> None:
    from prompt_toolkit.utils import get_cwidth

    from glossary_cli.interactive import use_gloss_widths

    use_gloss_widths()
    for _, text in TEXTS:
        assert get_cwidth(text) == cell_width(text)
        assert all(get_cwidth(ch) == layout.char_width(ch) for ch in text)


def test_styles_become_prompt_toolkit_styles() -> None:
    from prompt_toolkit.styles import Style

    from glossary_cli.interactive import fragments

    lines = [(("a", "bold red"), ("b", "dim")), (("c", "italic"),)]
    frags = fragments(lines)
    assert frags == [("bold fg:ansired", "a"), ("fg:ansibrightblack", "b"), ("", "\n"),
                     ("italic", "c")]  # fmt: skip
    for style, *_ in frags:
        Style([]).get_attrs_for_style_str(style)  # valid for prompt_toolkit


def test_browse_needs_a_terminal() -> None:
    result = gloss("browse")
    assert result.exit_code == 2
    assert "needs a terminal" in result.output and "gloss search" in result.output


def test_browse_says_a_missing_data_directory_first(tmp_path: Path) -> None:
    result = gloss("browse", "--data", str(tmp_path / "none"))
    assert result.exit_code == 2 and "does not exist" in result.output


def test_gloss_alone_not_on_a_terminal_prints_the_help_as_before() -> None:
    done = gloss_process(stdin=subprocess.DEVNULL, timeout=60, text=True)
    assert done.returncode == 2 and not done.stdout
    assert done.stderr.startswith("Usage: ") and "browse" in done.stderr


@pytest.mark.slow
def test_other_commands_never_import_prompt_toolkit() -> None:
    done = gloss_process("show", "LoRA", python_flags=("-X", "importtime"), timeout=60, text=True)
    assert done.returncode == 0, done.stderr
    assert "prompt_toolkit" not in done.stderr
    assert "glossary_cli.interactive" not in done.stderr


# --- in tmux -------------------------------------------------------------------------------------

needs_tmux = pytest.mark.skipif(
    TMUX is None, reason="tmux is not installed (apt-get install tmux); these tests drive it"
)

HEIGHT = 24


class Browse:
    """``gloss browse`` started at the shell prompt of a :class:`Pane`, its exit status
    printed after it."""

    def __init__(self, pane: Pane, args: str = "browse") -> None:
        self.pane = pane
        self.token = uuid.uuid4().hex[:8]
        pane.tmux(
            "send-keys",
            "-l",
            f"clear; {gloss_command()} {args}; printf 'END-%s %s\\n' {self.token} $?",
        )
        pane.tmux("send-keys", "Enter")

    def keys(self, *keys: str, literal: bool = False) -> None:
        self.pane.tmux("send-keys", *(["-l"] if literal else []), *keys)

    def on_screen(self) -> bool:
        """Whether the pane shows the alternate screen (gloss's, while it runs)."""
        return self.pane.tmux("display-message", "-p", "#{alternate_on}").strip() == "1"

    def cursor_shown(self) -> bool:
        return self.pane.tmux("display-message", "-p", "#{cursor_flag}").strip() == "1"

    def type(self, text: str) -> None:
        self.keys(text, literal=True)

    def wait(self, ok: Callable[[list[str]], bool], what: str, timeout: float = 30) -> list[str]:
        """Poll the screen until ``ok(rows)``; every screen seen is checked for lines wider
        than the pane (a row the terminal wrapped)."""
        deadline = time.monotonic() + timeout
        while True:
            rows = self.pane.capture()
            # On gloss's own screen (the shell's command line may wrap) every row is a line
            # of its own: a row the terminal wrapped would be joined with the next one.
            before = self.on_screen()
            joined = self.pane.capture(joined=True)
            if before and self.on_screen():
                height = int(self.pane.tmux("display-message", "-p", "#{pane_height}"))
                assert len(joined) == height + 1, "a line wider than the pane:\n" + "\n".join(
                    joined
                )
            if ok(rows):
                return rows
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {what}; screen:\n" + "\n".join(rows))
            time.sleep(0.05)

    def wait_list(self, expected: str, query: str) -> list[str]:
        return self.wait(
            lambda rows: (
                rows[0] == f"› {query}"
                and any(r.startswith("› ") and expected in r for r in rows[2:])
            ),
            f"{expected!r} in the list for {query!r}",
        )

    def wait_ready(self) -> list[str]:
        return self.wait(
            lambda rows: rows[0].startswith("›") and rows[HEIGHT - 1].startswith("↑↓ move"),
            "the first screen",
        )

    def status(self, timeout: float = 30) -> int:
        """Wait for gloss to end; its exit status."""
        end = f"END-{self.token} "
        rows = self.wait(lambda rows: any(r.startswith(end) for r in rows), "the exit", timeout)
        return int(next(r for r in rows if r.startswith(end)).split()[1])


@pytest.fixture
def pane_env(tmp_path: Path) -> dict[str, str]:
    """The history of the tmux runs, in this test's own state directory."""
    return {"GLOSS_STATE": str(tmp_path / "state")}


def _definition(query: str) -> str:
    done = gloss_process("search", query, "-n", "1", "--json", env={"LANG": "C.UTF-8"}, text=True)
    assert done.returncode == 0, done.stderr
    [hit] = json.loads(done.stdout)
    return str(hit["terms"]["bn"]["definition"])


@needs_tmux
@pytest.mark.slow
@pytest.mark.parametrize("width", [40, 80, 120])
def test_browse_in_a_terminal(width: int, pane_env: dict[str, str]) -> None:
    with Pane(width, HEIGHT, env=pane_env) as pane:
        run = Browse(pane)
        run.wait_ready()
        run.type("প্রুনিং")
        run.wait_list("Pruning", "প্রুনিং")
        run.keys("C-u")
        run.type("تقليم")
        run.wait_list("Pruning", "تقليم")
        run.keys("C-u")
        run.type("qunatization")
        rows = run.wait_list("Quantization", "qunatization")
        # Enter: the card, with the definition of gloss show
        first_word = _definition("qunatization").split()[0]
        run.keys("Enter")
        rows = run.wait(
            lambda rows: any(first_word in r for r in rows[2:]) and "back" in rows[HEIGHT - 1],
            "the card",
        )
        assert rows[0] == "› qunatization"
        # Esc: back to the list
        run.keys("Escape")
        run.wait(lambda rows: rows[HEIGHT - 1].startswith("↑↓ move"), "the list again")
        # Tab: Bengali alone; then Down moves the selection
        run.keys("Tab")
        run.wait(lambda rows: "languages: bn" in rows[1], "the Bengali column alone")
        run.keys("Down")
        rows = run.wait(lambda rows: rows[3].startswith("› "), "the second row selected")
        # Ctrl-C: gone, the shell is back, the terminal as it was
        run.keys("C-c")
        assert run.status() == 0
        rows = pane.capture()
        assert not run.on_screen() and run.cursor_shown()  # the alternate screen is left
        assert not any(r.startswith("↑↓ move") for r in rows)
        # the shell's screen as it was (cleared before gloss started), the prompt back
        assert rows[0] == f"END-{run.token} 0" and rows[1].rstrip() == "$"
        screen = pane.run("stty -a")
        settings = screen.text.split()
        assert "icanon" in settings and "echo" in settings and "-icanon" not in settings
        assert Path(pane_env["GLOSS_STATE"], "browse-history").read_text(
            encoding="utf-8"
        ).splitlines() == ["qunatization"]


@needs_tmux
@pytest.mark.slow
def test_history_persists_across_runs(pane_env: dict[str, str]) -> None:
    with Pane(80, HEIGHT, env=pane_env) as pane:
        run = Browse(pane)
        run.wait_ready()
        run.type("প্রুনিং")
        run.wait_list("Pruning", "প্রুনিং")
        run.keys("Enter")  # opening a card remembers the query
        run.wait(lambda rows: "back" in rows[HEIGHT - 1], "the card")
        run.keys("PageDown")
        run.type("q")  # back to the list; the q is not typed into the query
        run.wait_list("Pruning", "প্রুনিং")
        run.keys("C-u")
        run.type("LoRA")
        run.wait_list("Low-Rank", "LoRA")
        run.keys("Escape")  # leaving remembers the query on the line
        assert run.status() == 0

        again = Browse(pane, "")  # gloss alone, at a terminal, browses
        again.wait_ready()
        again.keys("Up")  # at the top of an empty list: the last query
        again.wait_list("Low-Rank", "LoRA")
        again.keys("C-r")
        again.wait_list("Pruning", "প্রুনিং")
        again.keys("C-c")
        assert again.status() == 0


@needs_tmux
@pytest.mark.slow
def test_a_resize_redraws_and_leaves_cleanly(pane_env: dict[str, str]) -> None:
    with Pane(120, HEIGHT, env=pane_env) as pane:
        run = Browse(pane)
        run.wait_ready()
        run.type("quantization")
        run.wait_list("Quantization", "quantization")
        pane.tmux("resize-window", "-x", "50", "-y", str(HEIGHT))
        rows = run.wait(
            lambda rows: rows[HEIGHT - 1].startswith("↑↓ move") and len(rows[HEIGHT - 1]) <= 50,
            "the screen redrawn at 50 columns",
        )
        assert all(cell_width(r) <= 50 for r in rows)
        pane.tmux("resize-window", "-x", "90", "-y", "16")
        run.wait(lambda rows: rows[15].startswith("↑↓ move"), "the screen redrawn at 90×16")
        run.keys("Escape")
        assert run.status() == 0
        assert pane.run("tput cols").rows == ["90"]


def test_tests_keep_the_history_in_a_state_dir_of_their_own(tmp_path: Path) -> None:
    state = Path(os.environ["GLOSS_STATE"])
    assert history_file(os.environ) == state / "browse-history"
    assert tmp_path.parent.parent in state.parents  # the run's temporary directory


@needs_tmux
@pytest.mark.slow
@pytest.mark.parametrize("width", [80, 120])
def test_columns_after_bengali_line_up_as_tmux_measures_them(
    width: int, pane_env: dict[str, str]
) -> None:
    """Where tmux itself puts the column after a Bengali one is the same on every row: the
    screen gloss drew, measured by the terminal (``Pane.columns``), not by gloss."""
    with Pane(width, HEIGHT, env=pane_env) as pane, Pane(1000, 10) as probe:
        run = Browse(pane)
        run.wait_ready()
        run.type("prun")
        rows = run.wait_list("Pruning", "prun")
        run.keys("C-c")
        assert run.status() == 0
        listed = [r for r in rows[2 : HEIGHT - 1] if r.strip()]
        assert len(listed) >= 2 and any("প্রুনিং" in r for r in listed)
        starts = []
        for row in listed:  # the Arabic column: its first Arabic letter, or "—" for none
            at = next(i for i, ch in enumerate(row) if "\u0600" <= ch <= "\u06ff" or ch == "—")
            starts.append((row, at))
        columns = probe.columns([(row, [at]) for row, at in starts])
    assert len({c for [c] in columns}) == 1, starts


@pytest.mark.parametrize("langs", [("ar",), ("bn",), ("en",)])
def test_a_language_view_lists_what_search_lang_finds(langs: tuple[str, ...]) -> None:
    """The list in a language view is `gloss search --lang`'s: only concepts with an entry in
    it, in the same order (no rows of dashes)."""
    searcher = api.open_searcher()
    for query in ("qunatization", "প্রুনিং", "تقليم"):
        found = browse.lookup(searcher, query, 21, langs)
        expected = api.search(searcher, query, langs=langs, limit=21)
        assert [h.concept.id for h in found.hits] == [h.concept.id for h in expected]
        assert all(h.concept.section(langs[0]) is not None for h in found.hits)
        assert found.langs == langs


def test_results_of_another_language_view_are_not_shown() -> None:
    state = BrowseState(views=((), ("ar",)))
    state.set_query("lora")
    assert not state.take(Results("lora", limit=21, langs=("ar",)))
    state.cycle_langs()
    assert state.take(Results("lora", limit=21, langs=("ar",)))


def test_an_arabic_query_that_finds_nothing_says_how_many_concepts_lack_arabic(
    data_copy: Any,
) -> None:
    """The status line says what `gloss search` says (:func:`glossary_cli.api.language_gap`),
    counted from the records."""
    (data_copy / "sources" / "009_bengali_only.txt").write_text(
        "এআই গ্লসারি\nকৃত্রিম বুদ্ধিমত্তার অভিধান\nটোকেনাইজার (Tokenizer)\nপাঠকে টোকেনে ভাগ করা।\n",
        encoding="utf-8",
    )
    concepts = api.load_glossary(str(data_copy)).concepts
    without = sum(not any(s.lang == "ar" for s in c.languages) for c in concepts)
    state = state_for(api.open_searcher(str(data_copy)), "المحول الرمزي للنصوص")
    line = line_text(status_line(state, 200, searching=False, ready=True))
    assert f"{without} of {len(concepts)} concepts have no Arabic term" in line
