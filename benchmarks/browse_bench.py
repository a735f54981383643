"""``gloss browse``: start-up to the first drawn screen, and keystroke to updated results.

Start-up: ``gloss browse`` runs in a pseudo-terminal of 80×24 on the data given (the bundled
glossary by default, its index compiled by a first run); the time is from starting the process
until the whole first screen (its bottom help line) has been written to the terminal, median
of ``--runs``.

Keystroke: in one process, over the data of ``GLOSS_DATA``, each query is typed character by
character; for each prefix, the time of the search (:func:`glossary_cli.browse.lookup`, the
ranking of ``gloss search``, with the result limit an 80×24 screen asks for) plus the layout
of the list that shows its results (:func:`glossary_cli.browse.list_lines`); each prefix's time
is the median of ``--repeat`` typings of the query. The layout alone
is what the UI thread spends per result; the search runs on a thread of its own.

    python benchmarks/browse_bench.py startup
    GLOSS_DATA=/tmp/gloss-bench/data-100000 GLOSS_CACHE=/tmp/gloss-bench/cache-100000 \\
        GLOSS_USER_DATA=/tmp/gloss-bench/user python benchmarks/browse_bench.py keys
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
import tempfile
import termios
import time
from pathlib import Path

#: Queries typed one character at a time: Bengali, Arabic, English, a misspelling, and an
#: English term of two words.
QUERIES = ["প্রুনিং", "تقليم", "quantization", "qunatization", "mixture of experts"]

GLOSS = Path(sys.executable).with_name("gloss")


def startup_ms(runs: int, env: dict[str, str], columns: int = 80, rows: int = 24) -> list[float]:
    """Milliseconds from starting ``gloss browse`` until its first screen is drawn."""
    times = []
    for _ in range(runs):
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        start = time.perf_counter()
        proc = subprocess.Popen(
            [str(GLOSS), "browse"],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
        )
        os.close(slave)
        seen = b""
        deadline = start + 30
        while b"Esc quit" not in seen and time.perf_counter() < deadline:
            ready, _, _ = select.select([master], [], [], 0.05)
            if ready:
                try:
                    chunk = os.read(master, 65536)
                except OSError:
                    break
                seen += chunk
                if b"\x1b[6n" in chunk:  # a cursor position request: answer as a terminal
                    os.write(master, b"\x1b[1;1R")
        elapsed = (time.perf_counter() - start) * 1000
        if b"Esc quit" not in seen:
            raise SystemExit(f"no screen after 30 s: {seen[-500:]!r}")
        times.append(elapsed)
        os.write(master, b"\x03")
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        os.close(master)
    return times


def keystrokes(
    queries: list[str], repeat: int = 3
) -> dict[str, list[tuple[str, float, float, int]]]:
    """For each query, each prefix: (prefix, search+layout ms, layout ms, hits), the times
    the medians of ``repeat`` typings of the query."""
    from glossary_cli import api
    from glossary_cli.browse import BrowseState, language_views, list_lines, lookup, result_limit

    searcher = api.open_searcher()
    available = tuple(searcher.languages())
    columns, rows = 80, 24
    height = rows - 3
    limit = result_limit(height)
    lookup(searcher, "warm up", limit)
    out: dict[str, list[tuple[str, float, float, int]]] = {}
    for query in queries:
        runs: list[list[tuple[float, float, int]]] = []
        for _ in range(repeat):
            state = BrowseState(views=language_views((), available), available=available)
            timings = []
            for end in range(1, len(query) + 1):
                start = time.perf_counter()
                state.set_query(query[:end])
                results = lookup(searcher, query[:end], limit)
                state.take(results)
                middle = time.perf_counter()
                list_lines(state, columns, height)
                stop = time.perf_counter()
                timings.append(((stop - start) * 1000, (stop - middle) * 1000, len(results.hits)))
            runs.append(timings)
        out[query] = [
            (
                query[: k + 1],
                statistics.median(r[k][0] for r in runs),
                statistics.median(r[k][1] for r in runs),
                runs[0][k][2],
            )
            for k in range(len(query))
        ]
    return out


def p95(values: list[float]) -> float:
    """The 95th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[max(0, -(-95 * len(ordered) // 100) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=["startup", "keys"])
    parser.add_argument("--runs", type=int, default=11, help="start-up runs")
    parser.add_argument("--repeat", type=int, default=3, help="typings of each query")
    args = parser.parse_args()
    if args.what == "startup":
        with tempfile.TemporaryDirectory() as home:
            env = {
                **os.environ,
                "TERM": "xterm-256color",
                "LANG": "C.UTF-8",
                "GLOSS_STATE": str(Path(home) / "state"),
            }
            env.setdefault("GLOSS_CACHE", str(Path(home) / "cache"))
            startup_ms(1, env)  # compiles the index into the cache
            times = startup_ms(args.runs, env)
        print(
            f"start-up to the first screen: median {statistics.median(times):.0f} ms, "
            f"min {min(times):.0f}, max {max(times):.0f} ({args.runs} runs, 80x24)"
        )
        return
    found = keystrokes(QUERIES, args.repeat)
    every = [t for timings in found.values() for _, t, _, _ in timings]
    layout = [t for timings in found.values() for _, _, t, _ in timings]
    for query, timings in found.items():
        values = [t for _, t, _, _ in timings]
        print(
            f"{query!r}: median {statistics.median(values):.1f} ms, p95 {p95(values):.1f}, "
            f"max {max(values):.1f}  (" + ", ".join(f"{p}:{t:.0f}" for p, t, _, _ in timings) + ")"
        )
    print(
        f"all {len(every)} keystrokes: search+layout median {statistics.median(every):.1f} ms, "
        f"p95 {p95(every):.1f} ms; layout alone median {statistics.median(layout):.2f} ms, "
        f"p95 {p95(layout):.2f} ms"
    )


if __name__ == "__main__":
    main()
