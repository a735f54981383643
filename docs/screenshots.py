"""Make the README's terminal screenshots: docs/gloss-40.png, gloss-80.png, gloss-120.png.

Runs gloss in tmux at each width (send-keys, then capture-pane with colours), then draws the
captured screen cell by cell into an SVG, every piece of text at the column where tmux put it,
and converts it to PNG with rsvg-convert. Text is drawn left to right as stored, as a terminal
without bidi support shows it, so the Arabic is readable only because of ``--bidi``.

Needs tmux, rsvg-convert (Debian: librsvg2-bin), fonts with Bengali and Arabic glyphs
(Debian: fonts-noto-core, fonts-dejavu-core) and Pillow (to measure shaped runs, so that each
is scaled to exactly its cells; rsvg ignores SVG's textLength)::

    python docs/screenshots.py
"""

from __future__ import annotations

import html
import re
import shutil
import subprocess
import sys
import time
import unicodedata
from functools import cache
from pathlib import Path
from typing import Any

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(ROOT))

from glossary_cli.layout import char_widths  # noqa: E402
from tests.test_terminal import Pane  # noqa: E402

SESSIONS = {
    40: ["gloss search diffusion --lang bn,ar --limit 2 --bidi", "gloss show Pruning --bidi"],
    80: ["gloss search quantization --limit 6", "gloss show 'Mixture of Experts' --bidi"],
    120: ["gloss search diffusion --lang bn,ar --bidi", "gloss show Pruning --bidi"],
}

FONTS = {
    "latin": ("DejaVu Sans Mono", "/usr/share/fonts/truetype/dejavu/DejaVuSansMono{}.ttf", "-Bold"),
    "bengali": (
        "Noto Sans Bengali",
        "/usr/share/fonts/truetype/noto/NotoSansBengali{}.ttf",
        "-Bold",
    ),
    "arabic": ("Noto Sans Arabic", "/usr/share/fonts/truetype/noto/NotoSansArabic{}.ttf", "-Bold"),
}
REGULAR = {"latin": "", "bengali": "-Regular", "arabic": "-Regular"}
SIZE = 16  # px
CELL = SIZE * 0.602  # DejaVu Sans Mono's advance
LINE = 21
PAD = 14
BG, FG = "#1e1f29", "#e6e6e6"
COLOURS = {
    30: "#4d4d4d",
    31: "#ff6e67",
    32: "#5af78e",
    33: "#f4f99d",
    34: "#57c7ff",
    35: "#ff6ac1",
    36: "#9aedfe",
    37: "#f1f1f0",
}
SGR = re.compile(r"\x1b\[([0-9;]*)m")


def capture(width: int, commands: list[str]) -> list[str]:
    """The pane's rows, with SGR colour sequences, after typing each command."""
    venv_bin = str(Path(sys.executable).parent)
    with Pane(width, 200, env={"PATH": f"{venv_bin}:/usr/bin:/bin"}) as pane:
        pane.tmux("send-keys", "clear", "Enter")
        time.sleep(0.3)
        for command in commands:
            pane.tmux("send-keys", "-l", command)
            pane.tmux("send-keys", "Enter")
            _settle(pane)
        rows = pane.tmux("capture-pane", "-p", "-e").split("\n")
    while rows and not SGR.sub("", rows[-1]).strip(" $"):
        rows.pop()
    return rows


def _settle(pane: Pane) -> None:
    last, since = None, time.monotonic()
    while True:
        rows = pane.capture()
        tail = [r for r in rows if r.strip()]
        if tail and tail[-1].strip() == "$" and rows == last and time.monotonic() - since > 0.5:
            return
        if rows != last:
            last, since = rows, time.monotonic()
        time.sleep(0.1)


def svg(rows: list[str], width: int) -> str:
    """An SVG of the screen: each run of text placed at its tmux column, scaled to its cells
    when it is Bengali or Arabic (so a font's wider or narrower glyphs keep their cells)."""
    out = []
    for y, row in enumerate(rows):
        col = 0
        style: dict[str, Any] = {"fg": FG, "bold": False, "dim": False}
        for piece in _pieces(row):
            if isinstance(piece, dict):
                style = dict(piece)
                continue
            assert isinstance(piece, str)
            for run, start, cells, script in _runs(piece, col):
                out.append(_text(run, start, cells, y, style, script))
            col += sum(char_widths(piece))
    w = round(width * CELL + 2 * PAD)
    h = len(rows) * LINE + 2 * PAD
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}">'
        f'<rect width="100%" height="100%" rx="8" fill="{BG}"/>'
        f'<g font-size="{SIZE}" xml:space="preserve">' + "".join(out) + "</g></svg>"
    )


def _pieces(row: str) -> list[object]:
    """Text and style changes of a captured row, in order."""
    pieces: list[object] = []
    state = {"fg": FG, "bold": False, "dim": False}
    pos = 0
    for m in SGR.finditer(row):
        if m.start() > pos:
            pieces.append(row[pos : m.start()])
        for code in [int(c) for c in (m.group(1) or "0").split(";") if c]:
            if code == 0:
                state = {"fg": FG, "bold": False, "dim": False}
            elif code == 1:
                state["bold"] = True
            elif code == 2:
                state["dim"] = True
            elif code == 22:
                state["bold"] = state["dim"] = False
            elif 30 <= code <= 37 or 90 <= code <= 97:
                state["fg"] = COLOURS[code % 60 if code >= 90 else code]
            elif code == 39:
                state["fg"] = FG
        pieces.append(dict(state))
        pos = m.end()
    if pos < len(row):
        pieces.append(row[pos:])
    return pieces


def _script(ch: str, previous: str) -> str:
    if "\u0980" <= ch <= "\u09ff":
        return "bengali"
    if "\u0600" <= ch <= "\u06ff" or "\ufb50" <= ch <= "\ufeff":
        return "arabic"
    if unicodedata.category(ch)[0] == "M" or ch in "\u200c\u200d":
        return previous
    return "latin"


def _runs(text: str, col: int) -> list[tuple[str, int, int, str]]:
    """Runs of non-space text in one script, with start column, cells and script; each box
    drawing character alone."""
    runs: list[tuple[str, int, int, str]] = []
    current, start, x, script = "", 0, col, "latin"
    for ch, w in zip(text, char_widths(text), strict=True):
        boxy = "\u2500" <= ch <= "\u257f"
        kind = _script(ch, script)
        if current and (ch == " " or boxy or kind != script):
            runs.append((current, start, x - start, script))
            current = ""
        if boxy:
            runs.append((ch, x, 1, "latin"))
        elif ch != " ":
            if not current:
                start, script = x, kind
            current += ch
        x += w
    if current:
        runs.append((current, start, x - start, script))
    return runs


@cache
def _font(script: str, bold: bool) -> Any:
    from PIL import ImageFont

    _, path, heavy = FONTS[script]
    return ImageFont.truetype(path.format(heavy if bold else REGULAR[script]), SIZE)


def _text(run: str, col: int, cells: int, y: int, style: dict[str, Any], script: str) -> str:
    x = PAD + col * CELL
    base = PAD + y * LINE + LINE * 0.78
    family = FONTS[script][0]
    attrs = f'font-family="{family}" fill="{style["fg"]}"'
    if style["bold"]:
        attrs += ' font-weight="bold"'
    if style["dim"]:
        attrs += ' fill-opacity="0.6"'
    # Drawn as stored, left to right: what a terminal without bidi support shows.
    attrs += ' direction="ltr" unicode-bidi="bidi-override"'
    natural = _font(script, bool(style["bold"])).getlength(run) if script != "latin" else 0
    if natural and cells:
        scale = cells * CELL / natural  # the run fills exactly the cells tmux gave it
        attrs += f' transform="translate({x:.1f} {base:.1f}) scale({scale:.3f} 1)" x="0" y="0"'
    else:
        attrs += f' x="{x:.1f}" y="{base:.1f}"'
    return f"<text {attrs}>{html.escape(run)}</text>"


def main() -> None:
    converter = shutil.which("rsvg-convert")
    if converter is None or shutil.which("tmux") is None:
        sys.exit("needs tmux and rsvg-convert (apt-get install tmux librsvg2-bin fonts-noto-core)")
    for width, commands in SESSIONS.items():
        rows = capture(width, commands)
        target = DOCS / f"gloss-{width}.png"
        subprocess.run(
            [converter, "--format", "png", "--zoom", "1", "--output", str(target)],
            input=svg(rows, width).encode("utf-8"),
            check=True,
        )
        print(f"wrote {target.relative_to(ROOT)} ({len(rows)} rows)")


if __name__ == "__main__":
    main()
