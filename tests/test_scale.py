"""Behaviour that must hold at any size, on synthetic glossaries (benchmarks/generate.py):
candidate narrowing loses nothing (the top hits of a search for a misspelt name equal those of
a brute-force scan that scores every name), and an export's memory does not grow with the
termbase."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from glossary_cli.index import open_index
from glossary_cli.search import Searcher

ROOT = Path(__file__).resolve().parent.parent


def _generate(out: Path, concepts: int) -> Path:
    """A synthetic data directory of ``concepts`` concepts (its records only)."""
    subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "generate.py"),
            "--concepts",
            str(concepts),
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


@pytest.fixture(scope="module")
def synthetic(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _generate(tmp_path_factory.mktemp("synthetic"), 1500)


@pytest.fixture(scope="module")
def sizes(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Synthetic data directories of 1,000 and 5,000 concepts (1,000: a whole chunk of the
    YAML writer, :func:`glossary_cli.formats._yaml.dump_yaml_to`)."""
    return (
        _generate(tmp_path_factory.mktemp("small"), 1_000),
        _generate(tmp_path_factory.mktemp("large"), 5_000),
    )


def _export_peak(fmt: str, data: Path) -> int:
    """The peak of Python's allocations (tracemalloc, bytes) while ``data`` is exported in
    ``fmt`` to the null device, its index built beforehand."""
    from glossary_cli import api

    env = dict(os.environ)
    api.open_reader(str(data), env).conn.close()  # the index is built outside the measure
    with open(os.devnull, "wb") as sink:
        tracemalloc.start()
        try:
            api.export_to(fmt, sink, data=str(data), env=env)
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()


@pytest.mark.slow
@pytest.mark.parametrize("fmt", ["tbx", "csv", "yaml", "html"])
def test_export_memory_does_not_grow_with_the_termbase(sizes: tuple[Path, Path], fmt: str) -> None:
    """Five times the concepts: the same peak, within a margin for the allocator's noise (a
    writer that held the termbase would peak about five times higher: 3 GiB at 100,000
    concepts before the export streamed). Tabfile is left out: its inflected forms fill the
    bounded caches of :mod:`glossary_cli.analysis`, which grow with the vocabulary up to
    their bound."""
    small, large = (_export_peak(fmt, d) for d in sizes)
    assert large < 1.5 * small + 2_000_000, (fmt, small, large)


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
