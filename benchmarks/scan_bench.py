"""``gloss scan`` of 1 MB of mixed Bengali, Arabic and English text, against the bundled glossary
and against a large termbase, in a fresh process each (``benchmarks/scan_peers_bench.py`` runs
the peers beside it).

The text is made (seeded) of filler words of the three languages and, one word in eight, a term
of the termbase being scanned — Bengali terms with a case or plural ending, Arabic terms with
و/ب/ال proclitics, some English terms in the plural. Each measurement runs in a fresh process:

- ``load``: the index opened and the terms' analysis forms read from it (the index built by a
  first, untimed run);
- ``scan``: :func:`glossary_cli.text.scan.scan`, the whole search (analysis included);
- ``cli``: ``gloss scan FILE --format jsonl > /dev/null``, as a user runs it;
- peak RSS of the scanning process.

    python benchmarks/scan_bench.py [--data DIR] [--runs 3] [--mb 1]
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
from pathlib import Path

BN = "এবং যে এই একটি করে হয় থেকে জন্য সঙ্গে মডেলের ফলে তবে আমরা তাদের কাজ ভালো নতুন".split()
AR = "في من على إلى أن هذا التي مع عن كان بين كل النموذج البيانات العمل جديد الذي".split()
EN = "the of and a to in is that for with model data we this results new on by".split()
BN_ENDINGS = ("", "", "কে", "ের", "এর", "তে", "গুলো", "টি")
AR_PREFIXES = ("", "", "و", "ب", "وال", "بال")

MEASURE = r"""
import json, resource, sys, time
t0 = time.perf_counter()
import os
from glossary_cli import api
from glossary_cli.text.scan import scan
searcher, automaton = api._termbase(None, os.environ)  # what `gloss scan` opens
t1 = time.perf_counter()
text = open(sys.argv[1], encoding="utf-8").read()
t2 = time.perf_counter()
found = scan(text, automaton)
t3 = time.perf_counter()
print(json.dumps({"load": t1 - t0, "scan": t3 - t2, "occurrences": len(found),
                  "forms": automaton.size,
                  "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def terms(env: dict[str, str]) -> list[tuple[str, str]]:
    """``(lang, term)`` of every term of the termbase, from the index."""
    code = (
        "import json; from glossary_cli import api; s = api.open_searcher(); "
        'print(json.dumps(s.conn.execute("SELECT lang, text FROM name WHERE field IN '
        "('en','term','abbr','synonym')\").fetchall()))"
    )
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    if out.returncode:
        raise SystemExit(out.stderr)
    return [(lang, text) for lang, text in json.loads(out.stdout)]


def make_text(names: list[tuple[str, str]], size: int, seed: int) -> str:
    """About ``size`` bytes of mixed text (see the module docstring)."""
    rng = random.Random(seed)
    by_lang: dict[str, list[str]] = {"bn": [], "ar": [], "en": []}
    for lang, text in names:
        key = lang.split("-")[0]
        if key in by_lang and len(text) < 60:
            by_lang[key].append(text)
    out: list[str] = []
    length = 0
    while length < size:
        lang = rng.choice(("bn", "ar", "en"))
        filler = {"bn": BN, "ar": AR, "en": EN}[lang]
        words = []
        for _ in range(rng.randint(8, 20)):
            if by_lang[lang] and rng.random() < 0.125:
                term = rng.choice(by_lang[lang])
                if lang == "bn":
                    term += rng.choice(BN_ENDINGS)
                elif lang == "ar":
                    term = rng.choice(AR_PREFIXES) + term
                elif rng.random() < 0.2 and term[-1:].isalpha():
                    term += "s"
                words.append(term)
            else:
                words.append(rng.choice(filler))
        sentence = " ".join(words) + (" ।\n" if lang == "bn" else ".\n")
        out.append(sentence)
        length += len(sentence.encode("utf-8"))
    return "".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", help="a data directory (GLOSS_DATA); default: the bundled one")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--mb", type=float, default=1.0)
    opts = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="gloss-scan-"))
    env = {**os.environ, "GLOSS_USER_DATA": str(root / "user")}
    env.setdefault("GLOSS_CACHE", str(root / "cache"))
    if opts.data:
        env["GLOSS_DATA"] = opts.data
    else:
        env.pop("GLOSS_DATA", None)
    text_path = root / "text.txt"
    text_path.write_text(make_text(terms(env), int(opts.mb * 1_000_000), 7), encoding="utf-8")
    cmd = [sys.executable, "-m", "glossary_cli", "scan", str(text_path), "--format", "jsonl"]
    subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, check=False)  # builds the automaton
    runs: list[dict[str, float]] = []
    for _ in range(opts.runs):
        done = subprocess.run(
            [sys.executable, "-c", MEASURE, str(text_path)], env=env, capture_output=True, text=True
        )
        if done.returncode:
            raise SystemExit(done.stderr)
        row = json.loads(done.stdout)
        start = time.perf_counter()
        subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, check=False)
        row["cli"] = time.perf_counter() - start
        runs.append(row)
    med = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
    size = text_path.stat().st_size / 1e6
    print(
        f"text: {size:.2f} MB; termbase: {int(med['forms']):,} analysis forms; "
        f"{int(med['occurrences']):,} occurrences"
    )
    print("| step | median |")
    print("|---|---:|")
    for key in ("load", "scan", "cli"):
        print(f"| {key} | {med[key]:.3f} s |")
    print(f"| peak RSS | {med['rss_mb']:.0f} MB |")


if __name__ == "__main__":
    main()
