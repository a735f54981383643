#!/usr/bin/env python3
"""``gloss check`` of 10,000 segment pairs (English → Bengali) against the bundled glossary.

The pairs are made (seeded) of filler words and, in each pair, one to three concepts of the
glossary: the English term in the source, the concept's first Bengali term in the target with a
case ending or particle. Some pairs carry one error each: the Bengali term left out (missing),
the English term left in the target (untranslated), or the concept's other Bengali term where it
has one (inconsistent). The table is written as a TSV in a temporary directory, and
``gloss check FILE --format jsonl > /dev/null`` is timed in fresh processes with their own data
directories (``GLOSS_DATA`` this checkout's ``data/``, the user data and the index cache in the
temporary directory): a first, cold run that also builds the index (its issues are counted), then
``--runs`` runs with the index built, whose median is the measure. The bar: 10 s for 10,000
pairs.

    python benchmarks/check_bench.py [--pairs 10000] [--runs 3] [--seed 7] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
BAR = 10.0  # seconds for 10,000 pairs

EN = "the of and a to in is that for with we this results new on by our each run".split()
BN = "এবং যে এই একটি করে হয় থেকে জন্য সঙ্গে ফলে তবে আমরা তাদের কাজ ভালো নতুন".split()
BN_ENDINGS = ("", "", "", "ও", "ই", "কে")
ERRORS = {"missing": 0.05, "untranslated": 0.05, "inconsistent": 0.02}


def concepts(data: Path, env: dict[str, str]) -> list[tuple[str, str, list[str]]]:
    """(id, English term, Bengali terms) of each concept with both, search-only names left out."""
    sys.path.insert(0, str(ROOT))
    from glossary_cli.api import load_glossary

    found = []
    for c in load_glossary(str(data), env).concepts:
        terms = {
            s.lang: [t.text for t in s.terms if t.role is None and t.text] for s in c.languages
        }
        en, bn = terms.get("en"), terms.get("bn")
        if en and bn:
            found.append((c.id, en[0], bn))
    return found


def make_pairs(
    glossary: list[tuple[str, str, list[str]]], n: int, seed: int
) -> tuple[list[tuple[str, str, str]], Counter[str]]:
    """``n`` pairs (id, en, bn) and how many errors of each kind were injected."""
    rng = random.Random(seed)
    injected: Counter[str] = Counter()
    pairs = []
    for number in range(1, n + 1):
        chosen = rng.sample(glossary, rng.randint(1, 3))
        error = None
        roll = rng.random()
        for kind, p in ERRORS.items():
            if roll < p:
                error = kind
                break
            roll -= p
        if error == "inconsistent" and len(chosen[0][2]) < 2:
            error = None  # no other Bengali term to use
        en, bn = [], []
        for index, (_, en_term, bn_terms) in enumerate(chosen):
            en += [*rng.sample(EN, 3), en_term]
            bn += rng.sample(BN, 3)
            if index == 0 and error == "missing":
                continue
            if index == 0 and error == "untranslated":
                bn.append(en_term)
            elif index == 0 and error == "inconsistent":
                bn.append(bn_terms[1])
            else:
                bn.append(bn_terms[0] + rng.choice(BN_ENDINGS))
        if error:
            injected[error] += 1
        pairs.append((f"s{number}", " ".join(en + rng.sample(EN, 2)) + ".",
                      " ".join(bn + rng.sample(BN, 2)) + "।"))  # fmt: skip
    return pairs, injected


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--gloss", default=str(Path(sys.executable).with_name("gloss")))
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="check-bench-") as scratch:
        env = {
            **os.environ,
            "GLOSS_DATA": str(args.data),
            "GLOSS_USER_DATA": str(Path(scratch) / "user"),
            "GLOSS_CACHE": str(Path(scratch) / "cache"),
            "PYTHONIOENCODING": "utf-8",
        }
        pairs, injected = make_pairs(concepts(args.data, env), args.pairs, args.seed)
        table = Path(scratch) / "pairs.tsv"
        rows = ["id\ten\tbn"] + ["\t".join(p) for p in pairs]
        table.write_text("\n".join(rows) + "\n", encoding="utf-8")
        command = [args.gloss, "check", str(table), "--format", "jsonl"]

        start = time.perf_counter()
        first = subprocess.run(command, capture_output=True, env=env, check=False)
        cold = time.perf_counter() - start
        if first.returncode not in (0, 1):
            print(first.stderr.decode("utf-8", "replace")[-2000:], file=sys.stderr)
            return 0
        issues = Counter(
            json.loads(line)["kind"] for line in first.stdout.decode("utf-8").splitlines() if line
        )
        times = []
        for _ in range(args.runs):
            start = time.perf_counter()
            subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           env=env, check=False)  # fmt: skip
            times.append(time.perf_counter() - start)
    median = statistics.median(times)
    bar = BAR * args.pairs / 10_000
    result = {
        "pairs": args.pairs,
        "seed": args.seed,
        "injected": dict(injected),
        "issues": sum(issues.values()),
        "issues_by_kind": dict(issues),
        "cold_seconds": round(cold, 3),
        "runs_seconds": [round(t, 3) for t in times],
        "median_seconds": round(median, 3),
        "bar_seconds": bar,
        "within_bar": median <= bar,
    }
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=2))
    else:
        print(f"gloss check of {args.pairs:,} en→bn pairs (seed {args.seed}), --format jsonl")
        print(f"  injected errors: {sum(injected.values())} {dict(injected)}")
        print(f"  issues reported: {sum(issues.values())} {dict(issues)}")
        print(f"  cold run (index built): {cold:.2f} s")
        print(f"  runs: {', '.join(f'{t:.2f}' for t in times)} s; median {median:.2f} s")
        verdict = "within" if median <= bar else "over"
        print(f"  bar: ≤ {bar:g} s — {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
