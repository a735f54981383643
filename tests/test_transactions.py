"""A change to a data directory is all or nothing, whatever stops it: ``gloss add``,
``remove`` and ``build`` killed (SIGKILL) at every step of their writes, the index's included
(``tests/kill_at.py``, :mod:`glossary_cli.faults`), leave the directory as it was or as it
was to be, once the next command has run (:func:`glossary_cli.store.recover`); that command
works, and the index it reads agrees with one compiled afresh."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from glossary_cli import store

from .conftest import gloss, gloss_process, process_env

pytestmark = pytest.mark.skipif(os.name == "nt", reason="SIGKILL is not available (it is POSIX)")

KILL_AT = Path(__file__).with_name("kill_at.py")
PLAIN = (
    "আমার গ্লসারি\nপরীক্ষা\nজেব্রা নর্মালাইজেশন (Zebra Normalization)\n"
    "জেব্রা নর্মালাইজেশনের সংজ্ঞা।\nকোক্কা গ্রেডিয়েন্ট (Quokka Gradient)\nকোক্কার সংজ্ঞা।\n"
)


def _run(
    tmp: Path, *args: str, stop_at: int | None = None, cache: str = "cache"
) -> subprocess.CompletedProcess[str]:
    """gloss ``args`` as a process with its user data and ``cache`` under ``tmp``; with
    ``stop_at``, killed at that step of its writes (``tests/kill_at.py``)."""
    env = {
        "GLOSS_USER_DATA": str(tmp / "user"),
        "GLOSS_CACHE": str(tmp / cache),
        "GLOSS_LOCK_TIMEOUT": "60",
    }
    # (run outside the checkout: `python -m` would import the glossary_cli found in the
    # working directory, tests/kill_at.py the installed one)
    if stop_at is None:
        return gloss_process(*args, env=env, cwd=tmp, timeout=240, text=True)
    return subprocess.run(
        [sys.executable, str(KILL_AT), str(stop_at), *args],
        env=process_env(env),
        capture_output=True,
        text=True,
        timeout=240,
        cwd=tmp,
    )


def _state(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder``, by relative path."""
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def _files(tmp: Path) -> None:
    (tmp / "one.csv").write_text(
        "en,bn,ar\nZebra gradient,জেব্রা গ্রেডিয়েন্ট,تدرج الحمار\nQuokka loss,কোক্কা লস,خسارة الكوكا\n",
        encoding="utf-8",
    )
    (tmp / "two.csv").write_text(
        "en,bn\nOkapi norm,ওকাপি নর্ম\nZebra gradient,জেব্রা গ্রেডিয়েন্ট ২\n", encoding="utf-8"
    )
    (tmp / "mine.txt").write_text(PLAIN, encoding="utf-8")


def _prepare_one(tmp: Path) -> None:
    assert _run(tmp, "add", str(tmp / "one.csv")).returncode == 0


def _prepare_two(tmp: Path) -> None:
    _prepare_one(tmp)
    assert _run(tmp, "add", str(tmp / "mine.txt")).returncode == 0
    assert _run(tmp, "add", str(tmp / "two.csv")).returncode == 0


def _prepare_stale(tmp: Path) -> None:
    _prepare_two(tmp)
    for record in (tmp / "user" / "records").iterdir():
        record.unlink()  # `gloss build --user` writes them again


#: (name, how the directory is before, the command killed, what the next command is)
SCENARIOS: list[tuple[str, Callable[[Path], None], tuple[str, ...]]] = [
    ("add a table", _prepare_one, ("add", "{tmp}/two.csv")),
    ("add a plain file", _prepare_one, ("add", "{tmp}/mine.txt")),
    ("replace a file", _prepare_two, ("add", "--force", "{tmp}/one.csv")),
    ("remove a table", _prepare_two, ("remove", "one.csv")),
    ("remove a plain file", _prepare_two, ("remove", "mine.txt")),
    ("build --user", _prepare_stale, ("build", "--user")),
]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("prepare", "command"), [s[1:] for s in SCENARIOS], ids=[s[0] for s in SCENARIOS]
)
def test_a_change_killed_at_any_step_is_old_or_new(
    tmp_path: Path, prepare: Callable[[Path], None], command: tuple[str, ...]
) -> None:
    _files(tmp_path)
    prepare(tmp_path)
    args = tuple(a.format(tmp=tmp_path) for a in command)
    user, saved = tmp_path / "user", tmp_path / "saved"
    assert _run(tmp_path, "search", "pruning").returncode == 0  # the cache as it was
    shutil.copytree(user, saved)
    shutil.copytree(tmp_path / "cache", tmp_path / "saved-cache")
    old = _state(user)

    counted = _run(tmp_path, *args, stop_at=0)  # the whole change, its steps counted
    assert counted.returncode == 0, counted.stderr
    steps = [line.split()[1] for line in counted.stderr.splitlines() if line.startswith("step ")]
    assert "committed" in steps
    new = _state(user)
    assert new != old

    seen = set()
    for stop_at in range(1, len(steps) + 1):
        for folder, copy in ((user, saved), (tmp_path / "cache", tmp_path / "saved-cache")):
            shutil.rmtree(folder)
            shutil.copytree(copy, folder)
        killed = _run(tmp_path, *args, stop_at=stop_at)
        assert killed.returncode == -signal.SIGKILL, (stop_at, killed.stderr)
        # the next command (a lookup) finishes or undoes the change, then answers
        listed = _run(tmp_path, "list", "--json")
        assert listed.returncode == 0, (stop_at, listed.stderr)
        assert "Traceback" not in listed.stderr
        now = _state(user)
        assert now in (old, new), f"in between after a kill at step {stop_at}"
        assert not (user / store.JOURNAL).exists()
        seen.add("new" if now == new else "old")
        # the index the lookup used agrees with one compiled afresh from the records
        fresh = _run(tmp_path, "list", "--json", cache=f"fresh-{stop_at}")
        assert fresh.returncode == 0 and fresh.stdout == listed.stdout, stop_at
        # and the change can be made (again), or is there
        again = _run(tmp_path, *args)
        if args[0] == "remove" or (args[0] == "add" and "--force" not in args):
            # added before, or removed already: a usage error (2)
            assert again.returncode == (0 if now == old else 2), again.stderr
        else:
            assert again.returncode in (0, 1) and "Traceback" not in again.stderr
        if now == old:
            assert _state(user) == new
    assert seen == {"old", "new"}  # stops before and after the commit were both tried


@pytest.mark.slow
@pytest.mark.parametrize("cache", ["kept", "empty"])
def test_a_lookup_killed_inside_an_index_write_leaves_an_index_that_heals(
    tmp_path: Path, cache: str
) -> None:
    """A lookup updates the index in place (in a transaction: killed, it leaves a hot
    journal) or compiles it into a file renamed into place (killed, a temporary file): the
    next lookup rolls the journal back, or compiles again, says so in one line at most, and
    answers as an index compiled afresh does."""
    _files(tmp_path)
    _prepare_one(tmp_path)
    assert _run(tmp_path, "search", "pruning").returncode == 0
    assert _run(tmp_path, "add", str(tmp_path / "two.csv")).returncode == 0
    if cache == "empty":
        shutil.rmtree(tmp_path / "cache")
        (tmp_path / "cache").mkdir()
    shutil.copytree(tmp_path / "cache", tmp_path / "saved-cache")
    counted = _run(tmp_path, "search", "okapi norm", stop_at=0)
    steps = [line.split()[1] for line in counted.stderr.splitlines() if line.startswith("step ")]
    assert steps == (["index-updated"] if cache == "kept" else ["index-compiled"])
    fresh = _run(tmp_path, "list", "--json", cache="fresh")
    shutil.rmtree(tmp_path / "cache")
    shutil.copytree(tmp_path / "saved-cache", tmp_path / "cache")
    killed = _run(tmp_path, "search", "okapi norm", stop_at=1)
    assert killed.returncode == -signal.SIGKILL
    left = sorted(p.name for p in (tmp_path / "cache").iterdir())
    if cache == "kept":
        assert any(name.endswith("-journal") for name in left), left  # a hot journal
    else:
        assert any(name.endswith(".tmp") for name in left), left
    listed = _run(tmp_path, "list", "--json")
    assert listed.returncode == 0, listed.stderr
    assert listed.stdout == fresh.stdout
    assert len(listed.stderr.splitlines()) <= 1 and "Traceback" not in listed.stderr
    found = _run(tmp_path, "search", "okapi norm", "--json")
    assert found.returncode == 0 and "Okapi norm" in found.stdout and not found.stderr
    assert not [p for p in (tmp_path / "cache").iterdir() if p.name.endswith(("-journal", ".tmp"))]


@pytest.mark.slow
def test_gloss_build_killed_leaves_the_old_records_or_the_new(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(Path(__file__).parents[1] / "data" / "sources", data / "sources")
    (data / "concepts.yaml").write_text("not the records\n", encoding="utf-8")
    old = _state(data)
    counted = _run(tmp_path, "build", "--data", str(data), stop_at=0)
    assert counted.returncode == 0, counted.stderr
    new = _state(data)
    steps = [line for line in counted.stderr.splitlines() if line.startswith("step ")]
    assert steps
    for stop_at in range(1, len(steps) + 1):
        (data / "concepts.yaml").write_text("not the records\n", encoding="utf-8")
        killed = _run(tmp_path, "build", "--data", str(data), stop_at=stop_at)
        assert killed.returncode == -signal.SIGKILL
        now = {k: v for k, v in _state(data).items() if not k.endswith(".tmp")}
        assert now in (old, new)  # and a temporary file, which the next write removes
        assert _run(tmp_path, "build", "--data", str(data)).returncode == 0
        assert _state(data) == new


HOT = """
import os, sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("PRAGMA cache_size=1")  # pages reach the file before the commit
conn.execute("BEGIN IMMEDIATE")
conn.execute("DELETE FROM name")
conn.execute("DELETE FROM concept")
os._exit(9)  # killed inside the transaction
"""


@pytest.mark.slow
def test_a_hot_journal_is_rolled_back_by_the_next_lookup(tmp_path: Path) -> None:
    """An index whose writer was killed mid-transaction, its pages half-written beside a
    hot journal: every lookup and scan failed until the cache was deleted by hand."""
    assert _run(tmp_path, "search", "pruning").returncode == 0
    (index,) = (tmp_path / "cache").glob("index-*.sqlite3")
    subprocess.run([sys.executable, "-c", HOT, str(index)], check=False, timeout=60)
    assert Path(f"{index}-journal").stat().st_size > 0
    found = _run(tmp_path, "search", "pruning", "--json")
    assert found.returncode == 0 and '"id": "pruning"' in found.stdout
    assert found.stderr.count("\n") == 1 and "rolled back" in found.stderr
    assert not Path(f"{index}-journal").exists()
    text = tmp_path / "text.md"
    text.write_text("Pruning and LoRA.\n", encoding="utf-8")
    scanned = _run(tmp_path, "scan", str(text), "--format", "jsonl")
    assert scanned.returncode == 0 and not scanned.stderr and "pruning" in scanned.stdout


@pytest.mark.slow
def test_a_cache_that_cannot_be_written_is_said_once_and_served_from_memory(
    tmp_path: Path,
) -> None:
    (tmp_path / "file").write_text("not a folder", encoding="utf-8")
    env_cache = "file/cache"  # a cache directory that cannot be made
    text = tmp_path / "text.md"
    text.write_text("Pruning and LoRA.\n", encoding="utf-8")
    for args in (("search", "pruning", "--json"), ("scan", str(text), "--format", "jsonl")):
        done = _run(tmp_path, *args, cache=env_cache)
        assert done.returncode == 0 and "pruning" in done.stdout
        assert done.stderr.count("cannot write the search index") == 1, done.stderr
        assert "GLOSS_CACHE" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.slow
def test_a_corrupt_index_is_compiled_again_with_one_line(tmp_path: Path) -> None:
    assert _run(tmp_path, "search", "pruning").returncode == 0
    (index,) = (tmp_path / "cache").glob("index-*.sqlite3")
    with index.open("r+b") as fh:
        fh.write(b"this is not an SQLite file at all")
    found = _run(tmp_path, "search", "pruning", "--json")
    assert found.returncode == 0 and '"id": "pruning"' in found.stdout
    assert "could not be read" in found.stderr and found.stderr.count("\n") == 1
    again = _run(tmp_path, "search", "pruning", "--json")
    assert again.returncode == 0 and not again.stderr


class _Payload:
    """A pickle that, loaded, creates the file it names: what a poisoned cache would hold."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[Any, ...]:
        return (Path.touch, (self.marker,))


@pytest.mark.slow
def test_a_poisoned_cache_runs_nothing(tmp_path: Path) -> None:
    """Caches are data: a pickle placed in the cache directory, under every name gloss has
    kept or keeps there, is never loaded (nothing in gloss unpickles anything)."""
    import pickle

    assert _run(tmp_path, "search", "pruning").returncode == 0
    cache = tmp_path / "cache"
    (index,) = cache.glob("index-*.sqlite3")
    marker = tmp_path / "ran"
    poison = pickle.dumps(_Payload(marker))
    stem = index.name.removesuffix(".sqlite3")
    for name in (f"{stem}.terms", f"{stem}.pickle", f"{stem}.automaton", "automaton.pickle"):
        (cache / name).write_bytes(poison)
    text = tmp_path / "text.md"
    text.write_text("Pruning and LoRA.\n", encoding="utf-8")
    for args in (("scan", str(text)), ("search", "pruning"), ("check", str(text))):
        _run(tmp_path, *args)
    index.write_bytes(poison)  # the index itself replaced by a pickle
    done = _run(tmp_path, "scan", str(text), "--format", "jsonl")
    assert done.returncode == 0 and "pruning" in done.stdout
    assert not marker.exists()
    source = Path(__file__).parents[1] / "glossary_cli"
    for module in source.rglob("*.py"):
        text_of = module.read_text(encoding="utf-8")
        assert "import pickle" not in text_of and "pickle.load" not in text_of, module


@pytest.mark.slow
def test_a_change_left_committed_is_finished_before_the_next_change_reads(
    tmp_path: Path,
) -> None:
    """The next ``add`` after an add killed past its commit point must not read the
    directory half-changed (and write a manifest without the first file)."""
    _files(tmp_path)
    _prepare_one(tmp_path)
    counted = _run(tmp_path, "add", str(tmp_path / "two.csv"), stop_at=0)
    steps = [line.split()[1] for line in counted.stderr.splitlines() if line.startswith("step ")]
    assert _run(tmp_path, "remove", "two.csv").returncode == 0
    stop_at = steps.index("committed") + 2  # past the commit, one file renamed into place
    killed = _run(tmp_path, "add", str(tmp_path / "two.csv"), stop_at=stop_at)
    assert killed.returncode == -signal.SIGKILL
    assert (tmp_path / "user" / store.JOURNAL).exists()
    added = _run(tmp_path, "add", str(tmp_path / "mine.txt"))
    assert added.returncode == 0, added.stderr
    manifest = (tmp_path / "user" / "sources.yaml").read_text(encoding="utf-8")
    assert all(name in manifest for name in ("one.csv", "two.csv", "mine.txt"))
    for query, concept in (("okapi norm", "Okapi norm"), ("zebra normalization", "Zebra")):
        found = _run(tmp_path, "search", query, "--json")
        assert found.returncode == 0 and concept in found.stdout, query


def test_a_full_cache_disk_is_said_and_the_lookup_served_from_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the index cannot be written (the disk is full), the lookup is answered from an
    index compiled in memory, and the user is told, in one line, why every lookup is slow."""
    import sqlite3

    from glossary_cli import api, errors, index

    said: list[str] = []
    monkeypatch.setattr(errors, "notice_handler", said.append)
    monkeypatch.setattr(errors, "_NOTICED", set())
    fill = index._fill

    def full(conn: sqlite3.Connection, batches: Any) -> None:
        if conn.execute("PRAGMA database_list").fetchone()[2]:  # a file, not :memory:
            raise sqlite3.OperationalError("database or disk is full")
        fill(conn, batches)

    monkeypatch.setattr(index, "_fill", full)
    env = {"GLOSS_CACHE": str(tmp_path / "cache"), "GLOSS_USER_DATA": str(tmp_path / "user"),
           "GLOSS_DATA": str(Path(__file__).parents[1] / "data")}  # fmt: skip
    monkeypatch.setattr(index, "SHIPPED_INDEX", tmp_path / "none.sqlite3")
    hits = api.search(api.open_searcher(env=env), "pruning")
    assert hits and hits[0].concept.id == "pruning"
    assert len(said) == 1 and "disk is full" in said[0] and "GLOSS_CACHE" in said[0]
    assert not list((tmp_path / "cache").glob("*.tmp"))


# --- what a review found: damaged journals, a cache in the way, names and values ------------


@pytest.mark.parametrize(
    "plan",
    [
        '{"journal":1,"changes":[["a\\u0000b",null,null]]}',
        '{"journal":1,"changes":[["\\ud800",null,null]]}',
        '{"journal":1,"changes":' + "[" * 5000 + "]" * 5000 + "}",
        '{"journal":1,"changes":[["",null,null]]}',
        '{"journal":1,"changes":[["records",null,null]]}',
        '{"journal":1,"changes":[["sources.yaml","0001","00"]]}',  # renamed? not as planned
    ],
    ids=["nul", "surrogate", "deep", "empty", "a folder", "not the planned file"],
)
def test_a_damaged_journal_is_said_and_lookups_still_answer(tmp_path: Path, plan: str) -> None:
    env = {"GLOSS_USER_DATA": str(tmp_path / "user"), "GLOSS_CACHE": str(tmp_path / "cache")}
    table = tmp_path / "one.csv"
    table.write_text("en,bn\nZebra gradient,জেব্রা গ্রেডিয়েন্ট\n", encoding="utf-8")
    assert gloss("add", str(table), env=env).exit_code == 0
    journal = tmp_path / "user" / store.JOURNAL
    journal.mkdir()
    (journal / "plan.json").write_text(plan, encoding="utf-8")
    looked = gloss("search", "zebra gradient", "--json", env=env)
    assert looked.exit_code == 0 and "zebra" in looked.stdout.lower()
    assert "damaged" in looked.stderr and "Traceback" not in looked.stderr
    other = tmp_path / "two.csv"
    other.write_text("en,bn\nOkapi norm,ওকাপি নর্ম\n", encoding="utf-8")
    added = gloss("add", str(other), env=env)
    assert added.exit_code == 3 and "move" in added.stderr  # what to do, said
    assert not (tmp_path / "user" / "sources" / "two.csv").exists()


def test_an_index_whose_name_is_taken_by_a_folder_is_kept_in_memory(tmp_path: Path) -> None:
    assert _run(tmp_path, "search", "pruning").returncode == 0
    (index,) = (tmp_path / "cache").glob("index-*.sqlite3")
    index.unlink()
    index.mkdir()
    for _ in range(2):
        found = _run(tmp_path, "search", "pruning", "--json")
        assert found.returncode == 0 and '"id": "pruning"' in found.stdout
        assert found.stderr.count("\n") == 1 and "kept in memory" in found.stderr


@pytest.mark.parametrize("value", ["[[1, 2]]", "5", '[["a"]]'])
def test_an_index_whose_stamps_have_another_shape_is_compiled_again(
    tmp_path: Path, value: str
) -> None:
    import sqlite3

    assert _run(tmp_path, "search", "pruning").returncode == 0
    (index,) = (tmp_path / "cache").glob("index-*.sqlite3")
    with sqlite3.connect(index) as conn:
        conn.execute("UPDATE meta SET value = ? WHERE key = 'files'", (value,))
    conn.close()
    found = _run(tmp_path, "search", "pruning", "--json")
    assert found.returncode == 0 and '"id": "pruning"' in found.stdout
    assert "Traceback" not in found.stderr and found.stderr.count("\n") <= 1
