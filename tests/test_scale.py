"""Candidate narrowing loses nothing: on a synthetic glossary, the top hits of a search for a
misspelt name equal those of a brute-force scan that scores every name."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from glossary_cli.index import open_index
from glossary_cli.search import Searcher

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def synthetic(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("synthetic")
    subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "generate.py"),
            "--concepts",
            "1500",
            "--out",
            str(out),
            "--format",
            "yaml",
            "--jobs",
            "1",
        ],
        check=True,
        capture_output=True,
    )
    return out


def _typo(text: str, rng: random.Random) -> str:
    """One slip inside a word of ``text`` (a letter dropped, two swapped, or replaced by a
    letter of the same text), never at a word boundary."""
    spots = [i for i in range(1, len(text) - 2) if " " not in text[i - 1 : i + 3]]
    i = rng.choice(spots)
    kind = rng.choice("dsr")
    if kind == "d":
        return text[:i] + text[i + 1 :]
    if kind == "s":
        return text[:i] + text[i + 1] + text[i] + text[i + 2 :]
    return text[:i] + rng.choice(text.replace(" ", "")) + text[i + 1 :]


@pytest.mark.slow
def test_top_hits_equal_a_brute_force_scan(synthetic: Path, tmp_path: Path) -> None:
    conn = open_index([synthetic], tmp_path / "cache")
    fast, brute = Searcher(conn), Searcher(conn, exhaustive=True)
    rng = random.Random(7)
    heads = [r[0] for r in conn.execute("SELECT text FROM name WHERE field = 'en'")]
    queries = []
    for head in rng.sample(heads, 50):
        words = head.split()
        w = max(words, key=len)
        if len(w) >= 5:
            queries.append(head.replace(w, _typo(w.lower(), rng)))
        queries.append(head.lower())
    native = [r[0] for r in conn.execute("SELECT text FROM name WHERE field = 'term' LIMIT 400")]
    queries += [_typo(t, rng) for t in rng.sample(native, 20) if len(t) > 6]
    assert len(queries) >= 80
    for q in queries:
        got = [(h.concept.id, h.score) for h in fast.search(q, limit=5)]
        want = [(h.concept.id, h.score) for h in brute.search(q, limit=5)]
        assert got == want, q
