"""``--bidi`` and ``GLOSS_BIDI`` reach every command that prints Arabic in a table or a report,
not only ``search`` and ``show``: on a terminal the Arabic words are shaped and in python-bidi's
visual order; without the option, or through a pipe, they stay as stored.

The commands run in-process (``conftest.gloss``) with ``TTY_COMPATIBLE=1``, which makes
their console a terminal as rich decides it (:func:`glossary_cli.render.is_terminal`).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from glossary_cli import browse, layout

from .conftest import gloss

#: A word of the bundled Arabic term for pruning (تقليم الشبكة), and of a file name.
WORD = "الشبكة"
NAME = "مصطلحات"


def _python_bidi(text: str) -> str:
    bidi = pytest.importorskip("bidi", reason="python-bidi (gloss[test]) cross-checks the order")
    return str(bidi.get_display(text))


def visual(word: str) -> str:
    """How a terminal without bidi support must be given ``word``: shaped, in visual order."""
    shown = _python_bidi(layout.shape(word))
    assert shown != word
    return shown


@pytest.fixture
def inputs(tmp_path: Path) -> Path:
    (tmp_path / "scan.txt").write_text("Pruning: تقليم الشبكة.\n", encoding="utf-8")
    (tmp_path / "queries.txt").write_text("Pruning\n", encoding="utf-8")
    (tmp_path / "check.tsv").write_text(
        "id\ten\tar\n1\tPruning removes weights\tتحذف الأوزان\n", encoding="utf-8"
    )
    # one English name, two different Arabic terms: an issue that quotes the Arabic
    (tmp_path / "lint.csv").write_text(
        "id,en,ar\np1,Pruning,تقليم الشبكة\np2,pruning,حذف الأوزان\n", encoding="utf-8"
    )
    (tmp_path / f"{NAME}.csv").write_text("en,ar\nDropout,الإسقاط\n", encoding="utf-8")
    return tmp_path


#: (command line, an Arabic word it prints); ``{tmp}`` is the inputs' directory.
COMMANDS: list[tuple[list[str], str]] = [
    (["list", "--lang", "ar"], WORD),
    (["scan", "{tmp}/scan.txt"], WORD),
    (["check", "{tmp}/check.tsv"], WORD),
    (["lookup", "{tmp}/queries.txt", "--lang", "ar", "--format", "table"], WORD),
    (["lint", "{tmp}/lint.csv"], WORD),
    (["add", "--force", "{tmp}/" + NAME + ".csv"], NAME),
    (["sources"], NAME),
    (["stats"], NAME),
]

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def _shown(line: list[str], tmp: Path, env: dict[str, str]) -> str:
    """What ``line`` prints (ANSI colours taken out), run with ``env`` on an 120-column console."""
    if line[0] in ("sources", "stats"):  # a glossary whose file name is Arabic, added first
        added = gloss("add", "--force", str(tmp / f"{NAME}.csv"))
        assert added.exit_code == 0, added.stderr
    args = [a.replace("{tmp}", str(tmp)) for a in line]
    result = gloss(*args, env={"COLUMNS": "120", "NO_COLOR": "1", **env})
    assert result.exit_code in (0, 1), (result.stdout, result.stderr)
    return ANSI.sub("", result.stdout)


@pytest.mark.parametrize("how", ["option", "env"])
@pytest.mark.parametrize(("line", "word"), COMMANDS, ids=[c[0][0] for c in COMMANDS])
def test_bidi_reaches_the_command(
    line: list[str], word: str, how: str, inputs: Path, tmp_path_factory: Any
) -> None:
    env = {"TTY_COMPATIBLE": "1"}
    if how == "env":
        env["GLOSS_BIDI"] = "1"
    out = _shown([*line, "--bidi"] if how == "option" else line, inputs, env)
    assert visual(word) in out and word not in out


@pytest.mark.parametrize(("line", "word"), COMMANDS, ids=[c[0][0] for c in COMMANDS])
def test_without_bidi_or_on_a_pipe_the_text_stays_as_stored(
    line: list[str], word: str, inputs: Path
) -> None:
    plain = _shown(line, inputs, {"TTY_COMPATIBLE": "1"})
    assert word in plain and visual(word) not in plain
    piped = _shown([*line, "--bidi"], inputs, {"TTY_COMPATIBLE": "0"})
    assert word in piped and visual(word) not in piped


def test_browse_list_and_card_under_bidi() -> None:
    """``gloss browse --bidi``: the rows of the list and the card of a concept (drawn by
    :mod:`glossary_cli.browse`) show the Arabic shaped, in visual order."""
    from glossary_cli import api

    searcher = api.open_searcher(None)
    results = browse.lookup(searcher, "pruning", 3, ("ar",))
    hits = results.hits
    for bidi in (False, True):
        state = browse.BrowseState(views=(("ar",),), available=("ar",), bidi=bidi)
        state.set_query("pruning")
        assert state.take(results)
        text = "\n".join(layout.plain(line) for line in browse.list_lines(state, 100, 10))
        card = "\n".join(
            layout.plain(line) for line in browse.card_lines(hits[0].concept, ("ar",), 80, bidi)
        )
        for shown in (text, card):
            if bidi:
                assert visual(WORD) in shown and WORD not in shown
            else:
                assert WORD in shown
