#!/usr/bin/env python3
"""Instruction counts of whole commands under callgrind, which do not drift with the machine's
load as wall times do: each command runs once under ``valgrind --tool=callgrind`` (after one
run outside it, which writes the .pyc files and the cache), and its total count of executed
instructions is reported with its ratio to the first command's (the yardstick).

Each command is a NAME='shell words' pair, as in ``run.py``. ``--tty NAME`` gives a command a
pseudo-terminal (80x24) as standard output; the others write into /dev/null.

    python benchmarks/instructions.py --cmd floor='python -c "import typer"' \\
        --cmd show='gloss show LoRA' --tty show

``--keep DIR`` keeps the callgrind output files there (``callgrind_annotate DIR/NAME.out``
shows where the instructions went).
"""

from __future__ import annotations

import argparse
import os
import pty
import re
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

COLLECTED = re.compile(rb"==\d+== Collected : (\d+)")


def run(argv: list[str], tty: bool) -> bytes:
    """Run argv with stdout on /dev/null or a pseudo-terminal; return its standard error."""
    if not tty:
        return subprocess.run(
            argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        ).stderr
    master, slave = pty.openpty()
    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=slave, stderr=err)
        os.close(slave)
        while True:  # drain the terminal, as a terminal emulator would
            try:
                if not os.read(master, 65536):
                    break
            except OSError:
                break
        os.close(master)
        proc.wait()
        err.seek(0)
        return err.read()


def count(argv: list[str], tty: bool, out: Path) -> int:
    """Executed instructions of one run of argv under callgrind."""
    grind = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *argv]
    found = COLLECTED.findall(run(grind, tty))
    if not found:
        raise SystemExit(f"no instruction count for {shlex.join(argv)}")
    return sum(int(n) for n in found)  # a wrapper that forks reports each process


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cmd", action="append", required=True, metavar="NAME='WORDS'")
    ap.add_argument("--tty", action="append", default=[], metavar="NAME")
    ap.add_argument("--keep", type=Path, metavar="DIR", help="keep callgrind's files here")
    args = ap.parse_args(argv)
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    commands = []
    for spec in args.cmd:
        name, _, text = spec.partition("=")
        commands.append((name.strip(), shlex.split(text)))
    with tempfile.TemporaryDirectory(prefix="gloss-callgrind-") as tmp:
        where = args.keep or Path(tmp)
        where.mkdir(parents=True, exist_ok=True)
        rows = []
        for name, words in commands:
            run(words, name in args.tty)  # .pyc files and caches written
            rows.append((name, count(words, name in args.tty, where / f"{name}.out")))
    yard = rows[0][1]
    print(f"| command | instructions (M) | × {rows[0][0]} |")
    print("|---|--:|--:|")
    for name, n in rows:
        print(f"| {name} | {n / 1e6:.1f} | {n / yard:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
