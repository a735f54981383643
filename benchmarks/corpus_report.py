"""Real glossaries as users bring them: each file of tests/corpus added with a plain `gloss add`,
by one or more gloss installations side by side (this checkout and a release before it).

For each file and installation: whether `gloss add` took it, how many of the terms an independent
parser finds in it (tests/corpus_count.py) come back in a TBX export under their language, how
long the add took, and how many of its terms a lookup finds (`gloss lookup`, one query per term,
up to --lookups of them: the first hit must be a concept that holds the term, in any language).

    python benchmarks/corpus_report.py --gloss .venv/bin/gloss --gloss /tmp/prev/bin/gloss

prints a Markdown table per installation, for benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.corpus_count import entries, expected, missing, norm, tbx_terms  # noqa: E402


def run(gloss: str, args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([gloss, *args], capture_output=True, text=True, env=env, timeout=600)


def sample(want: dict[str, set[str]], most: int) -> list[str]:
    """Up to ``most`` terms of a file, spread over its languages (every k-th, sorted)."""
    every = sorted({t for terms in want.values() for t in terms})
    step = max(1, len(every) // most)
    return every[::step][:most]


def holds(terms: set[str], query: str) -> bool:
    """Whether a concept's terms give the query back, as the loss count reads it
    (:func:`tests.corpus_count.missing`): as a term, or as the parts a reader splits it into
    (``Core Public Administration (CPA)``: the name and its abbreviation)."""
    return query in terms or not missing({"": {query}}, {"": terms})


def one(gloss: str, entry: dict[str, Any], lookups: int) -> dict[str, Any]:
    path: Path = entry["path"]
    want = expected(entry)
    terms_in = sum(len(v) for v in want.values())
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "GLOSS_USER_DATA": f"{tmp}/user", "GLOSS_CACHE": f"{tmp}/cache"}
        start = time.perf_counter()
        added = run(gloss, ["add", str(path)], env)
        seconds = time.perf_counter() - start
        if added.returncode != 0:
            reason = (added.stderr.strip().splitlines() or ["?"])[-1]
            return {"loaded": False, "in": terms_in, "out": 0, "lost": terms_in, "seconds": seconds,
                    "found": 0, "asked": 0, "why": reason.split(": ", 2)[-1][:90]}  # fmt: skip
        out = Path(tmp) / "x.tbx"
        run(gloss, ["export", "--format", "tbx", "--glossary", path.name, "-o", str(out)], env)
        got = tbx_terms(out.read_bytes()) if out.exists() else {}
        lost = sum(len(v) for v in missing(want, got).values())
        records = run(gloss, ["export", "--format", "jsonl"], env).stdout.splitlines()
        held: dict[str, set[str]] = {}
        for line in records:
            record = json.loads(line)
            held[record["id"]] = {
                norm(t["term"])
                for section in record.get("languages", {}).values()
                for t in section.get("terms", [])
            }
        queries = sample(want, lookups)
        found = 0
        if queries:
            listed = Path(tmp) / "queries.txt"
            listed.write_text("\n".join(queries) + "\n", encoding="utf-8")
            rows = run(gloss, ["lookup", str(listed), "--format", "jsonl"], env).stdout
            for query, row in zip(queries, rows.splitlines(), strict=False):
                hit = json.loads(row)
                found += bool(hit.get("found")) and holds(
                    held.get(hit.get("id") or "", set()), query
                )
    out_terms = sum(len(v) for v in got.values())
    return {"loaded": True, "in": terms_in, "out": out_terms, "lost": lost, "seconds": seconds,
            "found": found, "asked": len(queries), "why": ""}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--gloss", action="append", required=True, help="a gloss executable")
    parser.add_argument("--lookups", type=int, default=30, help="terms looked up per file")
    args = parser.parse_args()
    items = entries()
    for gloss in args.gloss:
        version = run(gloss, ["--version"], dict(os.environ)).stdout.strip()
        print(f"\n### {version} ({gloss})\n")
        print("| file | format | loaded | terms in | terms out | lost | lookups | add (s) | why |")
        print("| --- | --- | --- | --: | --: | --: | --: | --: | --- |")
        full = loaded = found = asked = 0
        for entry in items:
            r = one(gloss, entry, args.lookups)
            loaded += r["loaded"]
            full += r["loaded"] and r["lost"] == 0
            found, asked = found + r["found"], asked + r["asked"]
            looked = f"{r['found']}/{r['asked']}" if r["asked"] else "—"
            print(f"| {entry['file']} | {entry['format']} | {'yes' if r['loaded'] else 'no'} | "
                  f"{r['in']} | {r['out']} | {r['lost']} | {looked} | {r['seconds']:.2f} | "
                  f"{r['why']} |")  # fmt: skip
            sys.stdout.flush()
        rate = f"{100 * found / asked:.1f} %" if asked else "—"
        print(
            f"\n{len(items)} files: {loaded} loaded, {full} with every term back under its "
            f"language; lookups {found}/{asked} ({rate}) find a concept holding the term."
        )


if __name__ == "__main__":
    main()
