"""prompt_toolkit against Textual for ``gloss browse``: import time, time to the first drawn
screen of a minimal app (a query line over a line of text), and installed size.

Each library is installed into a folder of its own (``pip install --target DIR LIB``), which
is put first on ``PYTHONPATH`` of the measured processes::

    pip install --target /tmp/libcmp/ptk prompt_toolkit
    pip install --target /tmp/libcmp/textual textual
    python benchmarks/browse_libs.py /tmp/libcmp/ptk /tmp/libcmp/textual

Import time is the sum of the top-level entries of ``python -X importtime`` for the modules a
minimal app imports (median of the runs). The first paint is timed in a pseudo-terminal of
80×24: from starting the process until the app's text (``READY``) has been written to the
terminal (median of the runs), then Ctrl-C ends it.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import select
import statistics
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

APPS = {
    "prompt_toolkit": (
        "prompt_toolkit.application, prompt_toolkit.buffer, prompt_toolkit.key_binding, "
        "prompt_toolkit.layout, prompt_toolkit.layout.controls",
        """
from prompt_toolkit.application import Application
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.layout import HSplit, Layout, Window
from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl

kb = KeyBindings()
kb.add("c-c")(lambda event: event.app.exit())
body = HSplit([Window(BufferControl(Buffer()), height=1), Window(FormattedTextControl("READY"))])
Application(layout=Layout(body), key_bindings=kb, full_screen=True).run()
""",
    ),
    "textual": (
        "textual.app, textual.widgets",
        """
from textual.app import App
from textual.widgets import Input, Static

class Mini(App):
    BINDINGS = [("ctrl+c", "quit", "quit")]

    def compose(self):
        yield Input()
        yield Static("READY")

Mini().run()
""",
    ),
}


def import_ms(path: str, modules: str, runs: int) -> float:
    """Median over ``runs`` of the summed top-level ``-X importtime`` entries, in ms."""
    totals = []
    for _ in range(runs):
        done = subprocess.run(
            [sys.executable, "-X", "importtime", "-c", f"import {modules}"],
            env={**os.environ, "PYTHONPATH": path},
            capture_output=True,
            text=True,
            check=True,
        )
        total = 0
        for line in done.stderr.splitlines():
            if not line.startswith("import time:") or "cumulative" in line:
                continue
            _, cumulative, name = line.split("|")
            if not name.startswith("  "):  # a top-level import (nested ones are indented)
                total += int(cumulative)
        totals.append(total / 1000)
    return statistics.median(totals)


def first_paint_ms(path: str, code: str, runs: int, marker: bytes = b"READY") -> float:
    """Median over ``runs`` of the ms from starting ``code`` in an 80×24 pseudo-terminal until
    ``marker`` has been written to it."""
    times = []
    for _ in range(runs):
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        start = time.perf_counter()
        proc = subprocess.Popen(
            [sys.executable, "-c", code],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env={**os.environ, "PYTHONPATH": path, "TERM": "xterm-256color"},
            start_new_session=True,
        )
        os.close(slave)
        seen = b""
        deadline = start + 20
        while marker not in seen and time.perf_counter() < deadline:
            ready, _, _ = select.select([master], [], [], 0.05)
            if ready:
                try:
                    seen += os.read(master, 65536)
                except OSError:
                    break
        times.append((time.perf_counter() - start) * 1000)
        os.write(master, b"\x03")
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        os.close(master)
    return statistics.median(times)


def size_mb(path: str) -> float:
    """Installed size of everything in ``path``, in MB."""
    return sum(p.stat().st_size for p in Path(path).rglob("*") if p.is_file()) / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("ptk", help="folder prompt_toolkit was installed into (--target)")
    parser.add_argument("textual", help="folder textual was installed into (--target)")
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    baseline = first_paint_ms("", "print('READY')", args.runs)
    print(f"python start-up (print only): {baseline:.0f} ms")
    for name, path in (("prompt_toolkit", args.ptk), ("textual", args.textual)):
        modules, code = APPS[name]
        imp = import_ms(path, modules, args.runs)
        paint = first_paint_ms(path, code, args.runs)
        print(
            f"{name}: import {imp:.0f} ms, first paint {paint:.0f} ms, "
            f"installed {size_mb(path):.1f} MB (with its dependencies)"
        )


if __name__ == "__main__":
    main()
