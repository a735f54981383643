"""gloss in a real terminal: tmux runs it at 40, 80 and 120 columns (send-keys, then
capture-pane) and the tests read the screen.

Column positions on the captured screen are never computed by gloss's own width model: every
position is measured by tmux itself, by printing the captured line up to a border character
inside a pane and asking the terminal where its cursor is (``ESC [ 6 n``). So a border that
gloss padded wrongly shows up as a border in the wrong column.

Skipped when tmux is not installed (``apt-get install tmux``).
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
import uuid
from collections.abc import Iterator, Sequence
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from glossary_cli import layout

from .conftest import gloss_command, gloss_process

ROOT = Path(__file__).resolve().parent.parent
WORST = Path(__file__).resolve().parent / "fixtures" / "worst_case"
TMUX = shutil.which("tmux")

pytestmark = pytest.mark.skipif(
    TMUX is None,
    reason="tmux is not installed (apt-get install tmux); these tests drive gloss in it",
)

#: Characters that draw table borders; the vertical ones must line up.
BORDER = set("┏┓┗┛┡┩┳┻╇┃━│─┌┐└┘├┤┬┴┼")
VERTICAL = set("┏┓┡┩┳╇┃┌┐└┘├┤┬┴┼│")

# Prints each string (up to given offsets) on a cleared line and asks the terminal where the
# cursor went: the terminal's own measure of the text.
PROBE = textwrap.dedent(
    """
    import json, os, sys, termios, tty
    jobs = json.load(open(sys.argv[1], encoding="utf-8"))
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    tty.setraw(fd)
    try:
        results = []
        for text, ends in jobs:
            cols = []
            for end in ends:
                os.write(1, ("\\r\\x1b[2K" + text[:end] + "\\x1b[6n").encode("utf-8"))
                reply = b""
                while not reply.endswith(b"R"):
                    reply += os.read(fd, 1)
                cols.append(int(reply.rsplit(b";", 1)[1][:-1]) - 1)
            results.append(cols)
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
    with open(sys.argv[2], "w", encoding="utf-8") as out:
        json.dump(results, out)
    os.write(1, b"\\r\\x1b[2Kprobe done\\r\\n")
    """
)


class Pane:
    """A tmux server of our own (its own socket) with one pane running a plain shell."""

    def __init__(self, width: int, height: int = 300, env: dict[str, str] | None = None) -> None:
        self.width, self.height = width, height
        self.socket = f"gloss-test-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self.home = Path(tempfile.mkdtemp(prefix=f"{self.socket}-"))
        # Panes of module-scoped fixtures start before the per-test isolation of conftest:
        # the shell's home (its history), gloss's cache and user data are the pane's own.
        self.env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": str(self.home),
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "TERM": "xterm-256color",
            "PAGER": "cat",  # a screen taller than the pane would otherwise open less
            "GLOSS_CACHE": str(self.home / "cache"),
            "GLOSS_USER_DATA": str(self.home / "user"),
            **(env or {}),
        }
        self.env.pop("COLUMNS", None)
        self.env.pop("NO_COLOR", None)

    def tmux(self, *args: str) -> str:
        assert TMUX is not None
        done = subprocess.run(
            [TMUX, "-S", str(self.home / "socket"), "-f", os.devnull, *args],
            env=self.env,
            capture_output=True,
            text=True,
            check=True,
            timeout=30,
        )
        return done.stdout

    def __enter__(self) -> Pane:
        self.tmux(
            "new-session",
            "-d",
            "-x",
            str(self.width),
            "-y",
            str(self.height),
            "env PS1='$ ' bash --norc --noprofile",
        )
        self.tmux("set-option", "-g", "status", "off")
        self.tmux("resize-window", "-x", str(self.width), "-y", str(self.height))
        return self

    def __exit__(self, *exc: object) -> None:
        subprocess.run(
            [TMUX or "tmux", "-S", str(self.home / "socket"), "kill-server"],
            env=self.env,
            capture_output=True,
            timeout=30,
            check=False,
        )
        shutil.rmtree(self.home, ignore_errors=True)

    def capture(self, *, joined: bool = False) -> list[str]:
        """The pane's screen, one string per row (``joined``: wrapped rows joined, as -J)."""
        text = self.tmux("capture-pane", "-p", *(["-J"] if joined else []))
        return text.split("\n")

    def run(self, command: str, *, timeout: float = 60) -> Screen:
        """Type ``command`` at the shell prompt (send-keys), wait for it, read the screen."""
        token = uuid.uuid4().hex[:8]
        begin, end = f"BEGIN-{token}", f"END-{token}"
        self.tmux(
            "send-keys",
            "-l",
            f"clear; printf 'BEGIN-%s\\n' {token}; {command}; printf 'END-%s %s\\n' {token} $?",
        )
        self.tmux("send-keys", "Enter")
        deadline = time.monotonic() + timeout
        while True:
            rows = self.capture()
            if begin in rows and any(r.startswith(end + " ") for r in rows):
                break
            if time.monotonic() > deadline:
                raise AssertionError("timed out; screen:\n" + "\n".join(rows))
            time.sleep(0.05)
        joined = self.capture(joined=True)
        return Screen(_between(rows, begin, end), _between(joined, begin, end), _status(rows, end))

    def columns(self, jobs: Sequence[tuple[str, Sequence[int]]]) -> list[list[int]]:
        """For each ``(text, ends)``: the column where the terminal's cursor is after drawing
        ``text[:end]`` from the left edge, for each end."""
        work = self.home / "probe"
        work.mkdir(exist_ok=True)
        (work / "probe.py").write_text(PROBE, encoding="utf-8")
        (work / "jobs.json").write_text(json.dumps(jobs, ensure_ascii=False), encoding="utf-8")
        out = work / "out.json"
        self.run(
            f"{shlex.quote(sys.executable)} {shlex.quote(str(work / 'probe.py'))} "
            f"{shlex.quote(str(work / 'jobs.json'))} {shlex.quote(str(out))}"
        )
        result: list[list[int]] = json.loads(out.read_text(encoding="utf-8"))
        shutil.rmtree(work, ignore_errors=True)
        return result


class Screen:
    """What a command left on the screen: rows as captured, and rows with wraps joined."""

    def __init__(self, rows: list[str], joined: list[str], status: int) -> None:
        self.rows, self.joined, self.status = rows, joined, status

    @property
    def text(self) -> str:
        return "\n".join(self.rows)


def _between(rows: list[str], begin: str, end: str) -> list[str]:
    start = rows.index(begin) + 1
    stop = next(i for i in range(start, len(rows)) if rows[i].startswith(end + " "))
    return rows[start:stop]


def _status(rows: list[str], end: str) -> int:
    return int(next(r for r in rows if r.startswith(end + " ")).split()[1])


@pytest.fixture(scope="module")
def probe_pane() -> Iterator[Pane]:
    """A wide pane for measuring strings."""
    with Pane(1000, 50) as pane:
        yield pane


def border_columns(pane: Pane, rows: Sequence[str]) -> list[tuple[int, ...]]:
    """For each row, the columns (as tmux measures them) of its vertical border characters."""
    jobs = [(row, [i for i, ch in enumerate(row) if ch in VERTICAL]) for row in rows]
    return [tuple(cols) for cols in pane.columns(jobs)]


def table_blocks(rows: Sequence[str]) -> list[list[str]]:
    """Runs of consecutive rows that start with a border character."""
    blocks: list[list[str]] = []
    current: list[str] = []
    for row in rows:
        if row[:1] in BORDER:
            current.append(row)
        elif current:
            blocks.append(current)
            current = []
    if current:
        blocks.append(current)
    return blocks


def squash(text: str) -> str:
    """Text without spaces, to compare a term with its wrapped form."""
    return re.sub(r"\s+", "", text)


def table_cells(block: Sequence[str]) -> list[list[str]]:
    """The text of each cell of a bordered table, row by row: a cell's text is the squashed
    text between the same two borders on every line of its row."""
    rows: list[list[str]] = []
    current: list[list[str]] | None = None
    for line in block:
        if line[0] in "┏┡├└┌":  # a rule: a row ends here
            if current is not None:
                rows.append(["".join(parts) for parts in current])
            current = None
            continue
        idx = [i for i, ch in enumerate(line) if ch in "│┃"]
        pieces = [squash(line[a + 1 : b]) for a, b in pairwise(idx)]
        if current is None:
            current = [[p] for p in pieces]
        else:
            for parts, p in zip(current, pieces, strict=False):
                parts.append(p)
    return rows


def gloss_json(*args: str) -> Any:
    done = gloss_process(*args, "--json", env={"LANG": "C.UTF-8"}, text=True)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def _terms(records: list[dict[str, Any]]) -> list[str]:
    """The main term of every language a table or card shows in its cells (the English
    headword heads the card, above them)."""
    return [e["term"] for r in records for tag, e in r["terms"].items() if e and tag != "en"]


# --- widths --------------------------------------------------------------------------------

#: One row per script quirk: what tmux draws must be what gloss measures.
QUIRKS = [
    ("vowel sign aa, spacing (Mc)", "কা"),
    ("vowel sign i, drawn left of its consonant (Mc)", "কি"),
    ("vowel sign u, non-spacing (Mn)", "কু"),
    ("two-part vowel sign o", "কো"),
    ("two-part vowel sign au", "কৌ"),
    ("virama", "ক্"),
    ("conjunct k.ssa", "ক্ষ"),
    ("three-consonant conjunct", "ন্ত্র"),
    ("conjunct with ya-phala", "ক্য"),
    ("reph", "র্ক"),
    ("ra-phala with ya-phala and ZWJ", "র‍্যা"),
    ("ZWJ before a consonant (tmux joins it)", "ক্‍ষ"),
    ("ZWNJ", "ক্‌ষ"),
    ("nukta", "ড়"),
    ("precomposed rra", "ড়"),
    ("chandrabindu (Mn)", "কঁ"),
    ("anusvara (Mc)", "কং"),
    ("visarga (Mc)", "কঃ"),
    ("khanda ta", "ৎ"),
    ("Bengali digits", "৪২৫"),
    ("Bengali word", "কোয়ান্টাইজেশন"),
    ("Arabic harakat", "الْعَرَبِيَّةُ"),
    ("shadda with kasra", "بِّ"),
    ("lam-alef, two letters", "لا"),
    ("lam-alef ligature, presentation form", "ﻻ"),
    ("superscript alef", "ىٰ"),
    ("tatweel", "كـتـاب"),
    ("Arabic-Indic digits", "٣٤٥"),
    ("shaped Arabic (--bidi)", "ﺧﻠﻴﻂ ﺍﻟﺨﺒﺮﺍﺀ"),
    ("Arabic number sign (Cf, visible)", "\u0600١"),
    ("soft hyphen", "a\u00adb"),
    ("zero width space", "a\u200bb"),
    ("control pictures from render.safe", "␛[31m␇"),
    ("ellipsis and box drawing", "…┃━│─┼"),
    ("East Asian wide", "中文"),
    ("combining acute", "é"),
]


@pytest.fixture(scope="module")
def bundled_strings() -> list[str]:
    """Every Bengali and Arabic term and definition of the bundled glossary."""
    import yaml

    from glossary_cli.config import packaged_data_dir

    records = yaml.safe_load((packaged_data_dir() / "concepts.yaml").read_text(encoding="utf-8"))
    strings = {
        s
        for c in records["concepts"]
        for tag, section in c["languages"].items()
        if tag != "en"
        for s in (
            *(t["term"] for t in section["terms"]),
            *(d["text"] for d in section.get("definitions", ())),
        )
    }
    return sorted(strings)


@pytest.mark.slow
@pytest.mark.parametrize(("quirk", "text"), QUIRKS, ids=[q for q, _ in QUIRKS])
def test_tmux_draws_quirk_as_gloss_measures(probe_pane: Pane, quirk: str, text: str) -> None:
    [[col]] = probe_pane.columns([("x" + text, [len(text) + 1])])
    assert col - 1 == layout.cell_width(text), quirk


@pytest.mark.slow
def test_tmux_draws_every_bundled_term_as_gloss_measures(
    probe_pane: Pane, bundled_strings: list[str]
) -> None:
    from glossary_cli.render import safe

    texts = [safe(s) for s in bundled_strings]
    texts += [layout.shape(t) for t in texts if layout.has_rtl(t)]
    measured = probe_pane.columns([("x" + t, [len(t) + 1]) for t in texts])
    wrong = [
        (t, m - 1, layout.cell_width(t))
        for t, [m] in zip(texts, measured, strict=True)
        if m - 1 != layout.cell_width(t)
    ]
    assert not wrong
    from rich.cells import cell_len

    # The reason for gloss's own layout: rich measures most Bengali texts differently.
    bengali = [t for t in texts if any("\u0980" <= ch <= "\u09ff" for ch in t)]
    assert sum(cell_len(t) != layout.cell_width(t) for t in bengali) > len(bengali) // 2


# --- borders, wholeness, no leaks ----------------------------------------------------------

BUNDLED = [
    ("search", "quantization"),
    ("search", "quantization", "--lang", "bn,ar"),
    ("show", "Pruning", "--lang", "bn,ar"),
    ("show", "Mixture of Experts"),
    ("search", "diffusion", "--lang", "ar,bn"),
]
WORST_CASES = [
    ("search", "quantization", "--lang", "bn,ar", "--data", str(WORST)),
    ("show", "quantization-worst-case", "--data", str(WORST)),
    ("show", "quantized-mixture-of-experts", "--data", str(WORST)),
    ("show", "quantization-markup", "--data", str(WORST)),
]
CASES = [
    pytest.param(w, c, id=f"{w}-{' '.join(c[:2])}{'-worst' if '--data' in c else ''}")
    for w in (40, 80, 120)
    for c in BUNDLED + WORST_CASES
]


@pytest.fixture(scope="module")
def screens() -> Iterator[dict[tuple[int, tuple[str, ...]], Screen]]:
    """Every command of :data:`CASES` run once in a pane of each width."""
    found: dict[tuple[int, tuple[str, ...]], Screen] = {}
    with Pane(40) as p40, Pane(80) as p80, Pane(120) as p120:
        for width, pane in ((40, p40), (80, p80), (120, p120)):
            for command in BUNDLED + WORST_CASES:
                args = " ".join(shlex.quote(a) for a in command)
                found[width, command] = pane.run(f"{gloss_command()} {args}")
        yield found


@pytest.mark.slow
@pytest.mark.parametrize(("width", "command"), CASES)
def test_screen(
    screens: dict[Any, Screen], probe_pane: Pane, width: int, command: tuple[str, ...]
) -> None:
    screen = screens[width, command]
    assert screen.status == 0, screen.text
    # Nothing is wider than the terminal: no row was wrapped by the terminal.
    assert screen.joined == screen.rows, screen.text
    # No escape sequence leaked: no ESC, and no SGR text except the data's own, shown as ␛[…m.
    assert "\x1b" not in screen.text
    assert not re.search(r"(?<!␛)\[[0-9;]*m", screen.text), screen.text
    blocks = table_blocks(screen.rows)
    if width < layout.CARD_WIDTH:
        assert not blocks, "narrow terminals get stacked cards, not tables:\n" + screen.text
    elif command[0] == "search" or width >= 80:
        assert blocks, screen.text
    for block in blocks:
        cols = border_columns(probe_pane, block)
        assert len(set(cols)) == 1, "borders out of line:\n" + "\n".join(
            f"{c} {row}" for c, row in zip(cols, block, strict=True)
        )
        assert max(cols[0]) < width
    # Every term appears whole (maybe wrapped, never cut).
    records = gloss_json(*command) if command[0] == "search" else [gloss_json(*command)]
    from glossary_cli.render import safe

    if blocks:
        cells = {cell for block in blocks for row in table_cells(block) for cell in row}
        for term in _terms(records):
            assert any(squash(safe(term)) in cell for cell in cells), term
    else:
        flat = squash("".join(screen.rows))
        for term in _terms(records):
            assert squash(safe(term)) in flat, term
    assert "…" not in screen.text


# --- the bars ------------------------------------------------------------------------------

BARS = [
    ("search", "quantization"),
    ("show", "Pruning", "--lang", "bn,ar"),
]


@pytest.mark.parametrize("command", BARS, ids=" ".join)
def test_bar_borders_line_up_at_80(
    screens: dict[Any, Screen], probe_pane: Pane, command: tuple[str, ...]
) -> None:
    [block] = table_blocks(screens[80, command].rows)
    cols = border_columns(probe_pane, block)
    assert len(block) > 3 and len(set(cols)) == 1 and cols[0][-1] == 79


@pytest.mark.slow
def test_bar_list_borders_line_up_at_80(probe_pane: Pane) -> None:
    if subprocess.run(
        [sys.executable, "-m", "glossary_cli", "list", "--help"], capture_output=True, check=False
    ).returncode:
        pytest.skip("`gloss list` does not exist yet (`gloss list --help` fails)")
    with Pane(80) as pane:
        screen = pane.run(f"{gloss_command()} list --lang ar")
    assert screen.status == 0, screen.text
    blocks = table_blocks(screen.rows)
    assert blocks, screen.text
    for block in blocks:
        cols = border_columns(probe_pane, block)
        assert len(set(cols)) == 1, "\n".join(
            f"{c} {row}" for c, row in zip(cols, block, strict=True)
        )


def _python_bidi(text: str) -> str:
    bidi = pytest.importorskip(
        "bidi", reason="python-bidi is not installed (pip install '.[test]')"
    )
    return str(bidi.get_display(text))


def _mirror_parens(text: str) -> str:
    return text.translate(str.maketrans("()", ")("))


@pytest.mark.slow
@pytest.mark.parametrize("width", [40, 80, 120])
@pytest.mark.parametrize("how", ["option", "env"])
def test_bar_bidi_term_reads_in_visual_order(width: int, how: str) -> None:
    """With --bidi (or GLOSS_BIDI=1) the Arabic term on the screen is python-bidi's visual
    order of the shaped term, and its abbreviation "(MoE)" stays attached on its left (after
    it, reading right to left), with its parentheses the right way round."""
    term = "خليط الخبراء"
    shaped = layout.shape(term)
    env = {"GLOSS_BIDI": "1"} if how == "env" else {}
    flag = "--bidi" if how == "option" else ""
    with Pane(width, env=env) as pane:
        screen = pane.run(f"{gloss_command()} show 'Mixture of Experts' --lang ar {flag}")
        piped = pane.run(f"{gloss_command()} show 'Mixture of Experts' --lang ar {flag} | cat")
    visual_term = _python_bidi(shaped)
    assert visual_term != shaped  # reordering is not a no-op for this string
    [row] = [r for r in screen.rows if visual_term in r]
    assert f"(MoE) {visual_term}" in row
    # The whole field, abbreviation included, is python-bidi's order (python-bidi leaves the
    # mirroring of parentheses, rule L4, to the renderer; gloss does it).
    assert _mirror_parens(_python_bidi(layout.shape(f"{term} (MoE)"))) in row
    assert term not in screen.text  # the logical order is gone from the screen
    # Never for pipes: the same command piped prints the text as stored.
    assert f"{term} (MoE)" in piped.text and visual_term not in piped.text


@pytest.mark.slow
def test_bidi_keeps_table_borders_and_definitions_in_line(probe_pane: Pane) -> None:
    with Pane(80) as pane:
        screen = pane.run(
            f"{gloss_command()} show quantization-worst-case"
            f" --data {shlex.quote(str(WORST))} --bidi"
        )
    [block] = table_blocks(screen.rows)
    cols = border_columns(probe_pane, block)
    assert len(set(cols)) == 1, "\n".join(f"{c} {row}" for c, row in zip(cols, block, strict=True))
    # Right-to-left lines are aligned right, against the table's right border.
    arabic = [r for r in block if layout.has_rtl(r)]
    assert arabic and all(r.rstrip().endswith(" │") and not r.endswith("  │") for r in arabic)
