"""Adding a file costs what the file costs: ``gloss add`` of a 5,000-row CSV, and the search
after it, into user termbases of 0, 10,000 and 100,000 concepts, side by side in one run.

Each size's termbase is made once (a synthetic CSV of that many concepts added, and one
search to compile its index); every timed run starts from a copy of that state and times
``gloss add five-thousand.csv`` plus the next ``gloss search``, then ``gloss remove`` of it
plus the next search, as a user runs them (fresh processes, stdout a pipe), medians. The ratio
to the empty termbase is the figure: the bar for the add is 1.5x.

    python benchmarks/add_scale.py [--runs 3] [--sizes 0,10000,100000]
"""

from __future__ import annotations

import argparse
import csv
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BN = "কখগঘঙচছজঝটঠডঢণতথদধনপফবভমযরলশষসহ"
AR = "ابتثجحخدذرزسشصضطظعغفقكلمنهوي"
EN = "abcdefghijklmnopqrstuvwxyz"


def _word(rng: random.Random, letters: str, n: int) -> str:
    return "".join(rng.choice(letters) for _ in range(n))


def write_csv(path: Path, rows: int, seed: int) -> None:
    """A CSV of ``rows`` concepts: English, Bengali, Arabic terms and an English definition."""
    rng = random.Random(seed)
    with path.open("w", encoding="utf-8", newline="") as fh:
        out = csv.writer(fh)
        out.writerow(["en", "bn", "ar", "en_definition"])
        for _ in range(rows):
            en = f"{_word(rng, EN, rng.randint(5, 9))} {_word(rng, EN, rng.randint(4, 8))}"
            out.writerow([
                en,
                _word(rng, BN, rng.randint(3, 7)),
                _word(rng, AR, rng.randint(3, 7)),
                f"the {en} of a model",
            ])  # fmt: skip


def gloss(env: dict[str, str], *args: str) -> float:
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "glossary_cli", *args], env=env, capture_output=True, text=True
    )
    took = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise SystemExit(f"gloss {' '.join(args)} failed: {done.stderr}")
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sizes", default="0,10000,100000")
    opts = parser.parse_args()
    sizes = [int(s) for s in opts.sizes.split(",")]
    root = Path(tempfile.mkdtemp(prefix="gloss-add-"))
    try:
        added = root / "five-thousand.csv"
        write_csv(added, 5000, seed=1)
        envs = {}
        for size in sizes:
            live = root / f"live-{size}"
            env = {**os.environ, "GLOSS_USER_DATA": str(live / "user"),
                   "GLOSS_CACHE": str(live / "cache")}  # fmt: skip
            env.pop("GLOSS_DATA", None)
            if size:
                big = root / f"termbase-{size}.csv"
                write_csv(big, size, seed=size)
                took = gloss(env, "add", str(big))
                print(f"made {size:,}: add {took:.1f} s", file=sys.stderr, flush=True)
            took = gloss(env, "search", "zzzz")  # compiles the index
            print(f"made {size:,}: first search {took:.1f} s", file=sys.stderr, flush=True)
            shutil.copytree(live, root / f"pristine-{size}")
            envs[size] = env
        times: dict[int, list[float]] = {s: [] for s in sizes}
        removes: dict[int, list[float]] = {s: [] for s in sizes}
        for run in range(opts.runs):
            for size in sizes:  # side by side: each run times every size in turn
                live = root / f"live-{size}"
                shutil.rmtree(live)  # the termbase as it was made, at the same path
                shutil.copytree(root / f"pristine-{size}", live)
                gloss(envs[size], "search", "zzzz")  # the copies' file stamps, checked once
                env = envs[size]
                took = gloss(env, "add", str(added)) + gloss(env, "search", "model")
                times[size].append(took)
                gone = gloss(env, "remove", added.name) + gloss(env, "search", "model")
                removes[size].append(gone)
                print(f"run {run + 1}: {size:,}: add {took:.2f} s, remove {gone:.2f} s",
                      file=sys.stderr, flush=True)  # fmt: skip
        floor = statistics.median(times[sizes[0]])
        floor_gone = statistics.median(removes[sizes[0]])
        print("| user termbase | add 5,000 rows + next search | ratio | remove them + next search "
              "| ratio |")  # fmt: skip
        print("|---:|---:|---:|---:|---:|")
        for size in sizes:
            median = statistics.median(times[size])
            gone = statistics.median(removes[size])
            print(f"| {size:,} concepts | {median:.2f} s | {median / floor:.2f}x | {gone:.2f} s "
                  f"| {gone / floor_gone:.2f}x |")  # fmt: skip
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
