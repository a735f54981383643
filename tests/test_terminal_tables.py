"""Every table gloss prints, in a real terminal at 40, 80 and 120 columns (tmux, as
``tests/test_terminal.py`` drives it): no word is broken inside, and no line is wider than the
terminal.

What a word is: the text between two line break opportunities of Unicode's line breaking
algorithm (UAX #14, :func:`glossary_cli.layout.break_opportunities`), spaces left out; a
hyphenated compound may end a line after a hyphen, as ``time-`` / ``step``. A table whose
columns cannot each be as wide as their widest word is drawn as one record per row instead
(:func:`glossary_cli.layout.records`), so a word is folded only when it is wider than the whole
line left to it: a word wider than the terminal less :data:`ROOM` cells (the widest label and
indent a stacked layout puts before a value) may be folded, as a 62-character citation
``loading_adapters.md@5993…`` is at 40 columns; no other word may.

Two checks on every screen, against the same command's ``--json`` output and its screen in a
terminal so wide that nothing wraps:

- every word of every value the table shows (a string of the JSON that the wide screen shows)
  is on one row of the screen, whole;
- every piece of text on the screen is a run of whole words of the wide screen: a word cut in
  two leaves pieces that are not.

Skipped when tmux is not installed.
"""

from __future__ import annotations

import json
import shlex
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from glossary_cli import layout
from glossary_cli.render import safe
from tests.conftest import gloss_command, gloss_process
from tests.test_terminal import BORDER, TMUX, Pane, Screen, squash

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(
    TMUX is None,
    reason="tmux is not installed (apt-get install tmux); these tests drive gloss in it",
)

#: Wide enough that no table of :data:`COMMANDS` wraps a cell.
WIDE = 400

#: Each command that prints a table, with real data: the bundled glossary, a lint of real
#: glossary files, and ``scan`` and ``check`` of the gold translations of ``tests/check_gold``.
#: ``(id, arguments, option that gives the same result as JSON)``; search and the card run with
#: ``--wide``, so that no cell is shortened with "…".
COMMANDS: list[tuple[str, tuple[str, ...], tuple[str, ...]]] = [
    ("search-en", ("search", "quantization", "--wide"), ("--json",)),
    ("search-bn", ("search", "প্রুনিং", "--wide"), ("--json",)),
    ("search-ar", ("search", "تقطير", "--lang", "ar,bn", "--wide"), ("--json",)),
    ("show", ("show", "Pruning", "--wide"), ("--json",)),
    ("show-lora", ("show", "LoRA", "--lang", "bn,ar", "--wide"), ("--json",)),
    ("list", ("list",), ("--json",)),
    ("list-bn", ("list", "--lang", "bn"), ("--json",)),
    ("list-ar", ("list", "--lang", "ar"), ("--json",)),
    ("stats", ("stats",), ("--json",)),
    ("sources", ("sources",), ("--json",)),
    ("lint-csv", ("lint", "tests/fixtures/tables/duplicates-en-ar.csv"), ("--json",)),
    ("lint-md", ("lint", "tests/corpus/markdown/ciris-bn_glossary.md"), ("--json",)),
    ("scan", ("scan", "tests/check_gold/en-bn.tsv", "--no-pager"), ("-f", "json")),
    ("check-bn", ("check", "tests/check_gold/en-bn.tsv", "--no-pager"), ("-f", "json")),
    ("check-ar", ("check", "tests/check_gold/en-ar.tsv", "--no-pager"), ("-f", "json")),
]
WIDTHS = (40, 80, 120)

#: Cells of a line that a label or indent may take before a value: a word wider than the
#: terminal less these may be folded.
ROOM = 12

#: Punctuation a word may carry on the screen that its cell does not: a stacked record's
#: ``en:`` label, a count ``×3``, the ellipsis of a shortened cell.
EDGES = "…,;:.()[]'\"×·#"


def _run(pane: Pane, args: tuple[str, ...]) -> Screen:
    # standard output only: the tables (the one-line summaries of lint, scan and check on
    # standard error are not)
    return pane.run(
        f"cd {shlex.quote(str(ROOT))} && {gloss_command()} {shlex.join(args)} 2>/dev/null"
    )


@pytest.fixture(scope="module")
def screens() -> dict[tuple[int, str], Screen]:
    """Every command of :data:`COMMANDS` at each width of :data:`WIDTHS` and at :data:`WIDE`,
    in panes tall enough for the whole output."""
    found: dict[tuple[int, str], Screen] = {}
    for width in (*WIDTHS, WIDE):
        with Pane(width, height=2500) as pane:
            where = pane.run(f"{shlex.quote(sys.executable)} -c 'import glossary_cli as g; "
                             "print(g.__file__)'")  # fmt: skip
            # the screens are of this checkout's gloss, not of another installed one
            assert where.joined[0] == str(ROOT / "glossary_cli" / "__init__.py"), where.text
            for name, args, _ in COMMANDS:
                found[width, name] = _run(pane, args)
    return found


def _strings(data: Any) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for value in data.values():
            yield from _strings(value)
    elif isinstance(data, list):
        for value in data:
            yield from _strings(value)


def words(text: str) -> list[str]:
    """The words of ``text``: the pieces between its line break opportunities, without
    spaces.

    >>> words("Time-step distillation (TSD)")
    ['Time-', 'step', 'distillation', '(TSD)']
    """
    out, prev = [], 0
    for b in layout.break_opportunities(text):
        piece = text[prev:b].strip()
        if piece:
            out.append(piece)
        prev = b
    return out


def tokens(rows: list[str]) -> Iterator[str]:
    """The pieces of text on the screen: between spaces and table borders."""
    for row in rows:
        yield from "".join(" " if ch in BORDER else ch for ch in row).split()


def whole_runs(rows: list[str]) -> set[str]:
    """Every run of consecutive whole words of each piece of text on ``rows``, and each with
    its punctuation at the edges taken off."""
    runs = set()
    for token in tokens(rows):
        ends = [0, *layout.break_opportunities(token)]
        for i in range(len(ends)):
            for j in range(i + 1, len(ends)):
                run = token[ends[i] : ends[j]]
                runs |= {run, run.strip(EDGES)}
    return runs


def json_of(args: tuple[str, ...], option: tuple[str, ...]) -> Any:
    """The JSON a command prints with ``option`` (its paths relative to the checkout)."""
    done = gloss_process(*args, *option, cwd=ROOT, env={"LANG": "C.UTF-8"}, text=True)
    assert done.returncode in (0, 1), done.stderr
    return json.loads(done.stdout)


@pytest.mark.slow
@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize(("name", "args", "option"), COMMANDS, ids=[c[0] for c in COMMANDS])
def test_no_word_is_broken(
    screens: dict[tuple[int, str], Screen],
    width: int,
    name: str,
    args: tuple[str, ...],
    option: tuple[str, ...],
) -> None:
    screen, wide = screens[width, name], screens[WIDE, name]
    assert screen.status in (0, 1) and screen.rows, screen.text  # check and lint find issues
    # No row is wider than the terminal (the terminal wrapped none), but a labelled path wider
    # than the whole terminal (`bundled: /…/sources`), printed whole so that it can be copied.
    rows = screen.joined
    assert all(
        layout.cell_width(r) <= width or len(r.split(": ", 1)[-1].split()) == 1 for r in rows
    ), screen.text
    # Every word of every value the table shows is whole on one row.
    shown, allowed = squash(wide.text), whole_runs(wide.rows)
    values = {safe(v) for v in _strings(json_of(args, option)) if v.strip()}
    values = {
        v
        for v in values
        if squash(v) in shown and all(w in allowed or w.strip(EDGES) in allowed for w in words(v))
    }
    assert values, wide.text
    foldable = {w for v in values for w in words(v) if layout.cell_width(w) > width - ROOM}
    missing = {
        w
        for v in values
        for w in words(v)
        if w not in foldable and not any(w in row for row in rows)
    }
    assert not missing, f"{sorted(missing)} broken or lost at {width} columns:\n{screen.text}"
    # Every piece of text on the screen is made of whole words.
    pieces = {t.strip(EDGES) for t in tokens(rows)}
    broken = {
        p
        for p in pieces
        if any(ch.isalpha() for ch in p) and p not in allowed and not any(p in w for w in foldable)
    }
    assert not broken, f"pieces of words {sorted(broken)} at {width} columns:\n{screen.text}"
