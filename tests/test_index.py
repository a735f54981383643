"""The compiled index: chunked parallel compilation gives the same index as a whole read."""

from __future__ import annotations

import io
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import pytest

from glossary_cli import index
from glossary_cli.errors import RecordError
from glossary_cli.model import Concept

from .conftest import DATA, gloss_popen, gloss_process

TABLES = ("concept", "name", "entry", "vocab")


def _dump(conn: sqlite3.Connection) -> dict[str, list[tuple[object, ...]]]:
    return {t: conn.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall() for t in TABLES}


def _compile(data: Path, cache: Path) -> sqlite3.Connection:
    files = [data / "concepts.yaml"]
    return index.compile_index([data], files, index._stamp(files), cache / "i.sqlite3")


@pytest.fixture
def small_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(index, "PARALLEL_BYTES", 0)
    monkeypatch.setattr(index, "CHUNK_CONCEPTS", 7)


@pytest.mark.slow
def test_chunked_compile_equals_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    whole = _dump(_compile(DATA, tmp_path / "a"))
    monkeypatch.setattr(index, "PARALLEL_BYTES", 0)
    monkeypatch.setattr(index, "CHUNK_CONCEPTS", 7)
    chunked = _dump(_compile(DATA, tmp_path / "b"))
    assert chunked == whole
    assert len(whole["concept"]) == 40


@pytest.mark.slow
def test_hand_edited_layout_falls_back_to_a_whole_read(tmp_path: Path, small_chunks: None) -> None:
    data = tmp_path / "data"
    data.mkdir()
    text = (DATA / "concepts.yaml").read_text(encoding="utf-8")
    head, concepts = text.split("\nconcepts:\n")
    sources = head[head.index("sources:") :]
    edited = head[: head.index("sources:")] + "concepts:\n" + concepts + sources
    (data / "concepts.yaml").write_text(edited, encoding="utf-8")
    conn = _compile(data, tmp_path / "c")
    assert conn.execute("SELECT count(*) FROM concept").fetchone() == (40,)


@pytest.mark.slow
def test_yaml_error_in_a_chunk_names_the_file_line(tmp_path: Path, small_chunks: None) -> None:
    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    path = data / "concepts.yaml"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    target = next(i for i, ln in enumerate(lines) if ln.startswith("- id: speculative-inference"))
    lines[target + 1] = "  en: [unclosed\n"
    path.write_text("".join(lines), encoding="utf-8")
    with pytest.raises(RecordError) as info:
        _compile(data, tmp_path / "d")
    assert info.value.line is not None
    assert abs(info.value.line - (target + 2)) <= 2
    assert info.value.path == str(path)


@pytest.mark.slow
def test_a_malformed_concept_in_a_chunk_names_the_file_and_its_line(
    tmp_path: Path, small_chunks: None
) -> None:
    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    path = data / "concepts.yaml"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    start = next(i for i, ln in enumerate(lines) if ln.startswith("- id: pruning"))
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("- "))
    lines[start:end] = ["- id: pruning\n", "  languages:\n", "    bn: not a mapping\n"]
    path.write_text("".join(lines), encoding="utf-8")
    with pytest.raises(RecordError, match=r"languages\.bn must be a mapping") as info:
        _compile(data, tmp_path / "m")
    assert (info.value.path, info.value.line) == (str(path), start + 1)


@pytest.mark.slow
def test_duplicate_ids_are_refused(tmp_path: Path, small_chunks: None) -> None:
    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    path = data / "concepts.yaml"
    text = path.read_text(encoding="utf-8").replace("- id: low-rank-adaptation", "- id: pruning")
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RecordError, match="same id"):
        _compile(data, tmp_path / "e")


@pytest.mark.slow
@pytest.mark.parametrize("why", ["one core", "no process can be started"])
def test_without_workers_the_chunks_are_parsed_in_this_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, why: str
) -> None:
    import errno
    import multiprocessing.context

    whole = _dump(_compile(DATA, tmp_path / "a"))
    monkeypatch.setattr(index, "PARALLEL_BYTES", 0)
    monkeypatch.setattr(index, "CHUNK_CONCEPTS", 7)
    if why == "one core":
        monkeypatch.setattr(os, "cpu_count", lambda: 1)
    else:

        def refuse(*args: object, **kwargs: object) -> None:
            raise OSError(errno.EMFILE, "Too many open files")

        monkeypatch.setattr(multiprocessing.context.SpawnContext, "Pool", refuse)
    parsed_by: list[int] = []
    prepare = index._prepare_text

    def spy(job: index._Job) -> index._Prepared:
        parsed_by.append(os.getpid())
        return prepare(job)

    monkeypatch.setattr(index, "_prepare_text", spy)
    assert _dump(_compile(DATA, tmp_path / "b")) == whole
    assert parsed_by == [os.getpid()] * 6  # 40 concepts, 7 a chunk


# --- a build that is stopped -----------------------------------------------------------------

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def large(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Records of 12 000 synthetic concepts (13 MB): compiled in parallel, for seconds."""
    out = tmp_path_factory.mktemp("large")
    subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "generate.py"), "--concepts", "12000",
         "--out", str(out), "--format", "yaml", "--jobs", "2"],
        check=True,
        capture_output=True,
    )  # fmt: skip
    assert (out / "concepts.yaml").stat().st_size > index.PARALLEL_BYTES
    return out


def _gone(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return True
    return False


def _start_build(large: Path, cache: Path) -> subprocess.Popen[bytes]:
    """A first search of ``large``: it compiles the index, in a process group of its own."""
    return gloss_popen(
        "search",
        "zzqx",
        "--data",
        str(large),
        env={"GLOSS_CACHE": str(cache)},
        stdout=subprocess.DEVNULL,
        new_session=True,
    )


def _assert_stopped_cleanly(proc: subprocess.Popen[bytes], code: int, cache: Path) -> None:
    """The exit code of the signal, an empty stderr (no traceback, no warning of semaphores
    left behind), no process of the group left, no file in the cache."""
    assert proc.wait(timeout=30) == code
    assert proc.stderr is not None
    with proc.stderr:
        assert proc.stderr.read().decode() == ""
    deadline = time.monotonic() + 10
    while not _gone(proc.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _gone(proc.pid), "worker processes outlived the build"
    assert list(cache.iterdir()) == []


@pytest.mark.slow
@pytest.mark.parametrize(("sig", "code", "whole_group"), [
    (signal.SIGTERM, 143, False),  # timeout, kill, a service manager: the building process only
    (signal.SIGINT, 130, True),  # Ctrl-C: the terminal signals the whole process group
    (signal.SIGHUP, 129, True),  # the terminal closed
])  # fmt: skip
def test_a_stopped_build_leaves_no_file_and_no_worker(
    large: Path, tmp_path: Path, sig: signal.Signals, code: int, whole_group: bool
) -> None:
    cache = tmp_path / "cache"
    proc = _start_build(large, cache)
    deadline = time.monotonic() + 60
    while not list(cache.glob(".index-*.tmp")) and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.5)  # into the parallel part
    assert proc.poll() is None, "the build ended before it could be stopped"
    if whole_group:
        os.killpg(proc.pid, sig)
    else:
        proc.send_signal(sig)
    _assert_stopped_cleanly(proc, code, cache)


@pytest.mark.slow
def test_a_bad_chunk_of_a_large_file_is_one_line_on_stderr(large: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    lines = (large / "concepts.yaml").read_text(encoding="utf-8").splitlines(keepends=True)
    middle = next(i for i in range(len(lines) // 2, len(lines)) if lines[i].startswith("- id:"))
    lines[middle + 1] = "  en: [unclosed\n"
    (data / "concepts.yaml").write_text("".join(lines), encoding="utf-8")
    done = gloss_process(
        "search",
        "zzqx",
        "--data",
        str(data),
        env={"GLOSS_CACHE": str(tmp_path / "cache")},
        text=True,
    )
    assert done.returncode == 3
    # the error, and no warning of a worker pool's semaphores left behind
    where = done.stderr.removeprefix(f"gloss: {data / 'concepts.yaml'}:").split(":")
    assert abs(int(where[0]) - (middle + 2)) <= 2, done.stderr
    assert len(done.stderr.splitlines()) == 1, done.stderr


def _workers_of(pid: int) -> list[int]:
    """Processes whose parent is ``pid`` and that run a spawned multiprocessing worker."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid and b"spawn_main" in cmdline:
            found.append(int(entry.name))
    return found


@pytest.mark.slow
@pytest.mark.skipif(
    not Path("/proc/self/stat").exists(),
    reason="/proc/self/stat is not there (no /proc file system)",
)
def test_ctrl_c_while_the_workers_start_is_quiet(large: Path, tmp_path: Path) -> None:
    """The terminal signals the whole process group, workers still importing included."""
    cache = tmp_path / "cache"
    proc = _start_build(large, cache)
    deadline = time.monotonic() + 60
    while not _workers_of(proc.pid) and time.monotonic() < deadline:
        time.sleep(0.005)
    assert proc.poll() is None, "the build ended before its workers started"
    os.killpg(proc.pid, signal.SIGINT)
    _assert_stopped_cleanly(proc, 130, cache)


def test_temporary_files_of_builds_that_died_are_removed(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    conn = index.open_index([DATA], cache)
    conn.close()
    (built,) = cache.glob("index-*.sqlite3")
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True).stdout.strip()  # fmt: skip
    orphan = cache / f".{built.name}.{dead}.tmp"
    running = cache / f".{built.name}.{os.getppid()}.tmp"  # a build still under way
    orphan.write_bytes(b"half an index")
    running.write_bytes(b"half an index")
    conn = index.open_index([DATA], cache, rebuild=True)
    conn.close()
    assert not orphan.exists()
    assert running.exists()


def test_a_long_compilation_is_announced_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from glossary_cli import cli

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    for stream, size, said in [
        (Terminal(), 106 << 20, "compiling the search index of 106 MB of records"),
        (Terminal(), 300 << 10, ""),  # the bundled glossary: too quick to mention
        (io.StringIO(), 106 << 20, ""),  # not a terminal: scripts read stderr
    ]:
        monkeypatch.setattr(sys, "stderr", stream)
        cli._compiling(size)
        assert (said in stream.getvalue()) if said else stream.getvalue() == ""


# --------------------------------------------------------------------------- files added in place


def _records(path: Path, concepts: Sequence[Concept]) -> Path:
    from glossary_cli.build import records_text
    from glossary_cli.model import Glossary

    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(records_text(Glossary((), tuple(concepts))), encoding="utf-8")
    return path


def _contents(conn: sqlite3.Connection) -> dict[str, object]:
    """The index as lookups see it: row numbers of names and entries left out, and each
    vocabulary row's words as a set."""
    out: dict[str, object] = {
        "concept": conn.execute("SELECT * FROM concept ORDER BY rowid").fetchall(),
        "name": sorted(conn.execute("SELECT concept, field, lang, text, key, compact, stem, "
                                    "phon, status, type, glossary FROM name").fetchall(),
                       key=repr),
        "entry": sorted(conn.execute("SELECT concept, lang, glossary, words FROM entry"),
                        key=repr),
        "vocab": {(k, n, e, c): set(w.split("\n"))
                  for k, n, e, c, w in conn.execute("SELECT * FROM vocab")},
    }  # fmt: skip
    for table in ("word", "skeleton", "inflection", "lemma", "def_count"):
        out[table] = set(conn.execute(f"SELECT * FROM {table}"))
    # the full-text rows of the names (and entries) that hold each word: deleted rows gone
    for fts, table, column, words in (
        ("name_words", "name", "text", ("pruning", "kernel", "stride")),
        ("def_words", "entry", "lang", ("تشابه", "دال", "ওজন")),
    ):
        for word in words:
            out[f"{fts} {word}"] = sorted(
                conn.execute(
                    f"SELECT concept, {column} FROM {table} WHERE rowid IN "
                    f"(SELECT rowid FROM {fts} WHERE {fts} MATCH ?)",
                    (f'"{word}"',),
                ).fetchall()
            )
    return out


@pytest.mark.slow
def test_an_appended_record_file_is_added_in_place_as_a_rebuild_would(tmp_path: Path) -> None:
    from glossary_cli.model import Concept, Definition, LangSection, Term

    user = tmp_path / "user"
    first = Concept(
        "kernel",
        (
            LangSection("en", (Term("kernel", source="a.csv:2"),)),
            LangSection("bn", (Term("কার্নেল", source="a.csv:2"),)),
        ),
    )
    _records(user / "records" / "0001-a.csv.yaml", [first])
    cache = tmp_path / "cache"
    compiled: list[int] = []
    index.open_index([DATA, user], cache, on_compile=compiled.append).close()
    assert len(compiled) == 1
    later = [
        # joins a bundled concept: a Hindi section and an English synonym
        Concept("pruning", (LangSection("hi", (Term("प्रूनिंग", source="b.csv:2"),)),)),
        # joins the first file's concept: an Arabic term and a definition
        Concept("kernel", (LangSection("ar", (Term("نواة", source="b.csv:3"),),
                                       (Definition("دالة التشابه", source="b.csv:3"),)),)),
        # contradicts the first file's Bengali: kept apart as kernel-2
        Concept("kernel", (LangSection("bn", (Term("কার্নেলপ্রুনিং", source="b.csv:4"),)),)),
        Concept("stride", (LangSection("en", (Term("stride", source="b.csv:5"),)),
                           LangSection("bn", (Term("স্ট্রাইডের", source="b.csv:5"),)))),
    ]  # fmt: skip
    _records(user / "records" / "0002-b.csv.yaml", later)
    conn = index.open_index([DATA, user], cache, on_compile=compiled.append)
    assert len(compiled) == 1  # not compiled again: added in place
    added = _contents(conn)
    files = index._record_files([DATA, user])
    rebuilt = _contents(index.compile_index([DATA, user], files, index._stamp(files), None))
    assert added == rebuilt
    ids = [cid for (cid,) in conn.execute("SELECT id FROM concept ORDER BY rowid")]
    assert ids[-3:] == ["kernel", "kernel-2", "stride"] and ids.count("pruning") == 1
    # and it is current afterwards: opened as it is
    index.open_index([DATA, user], cache, on_compile=compiled.append).close()
    assert len(compiled) == 1


@pytest.mark.slow
@pytest.mark.parametrize("gone", ["0001-a.csv.yaml", "0002-b.csv.yaml"])
def test_a_removed_record_file_is_taken_out_in_place_as_a_rebuild_would(
    tmp_path: Path, gone: str
) -> None:
    from glossary_cli.model import Concept, Definition, LangSection, Term

    user = tmp_path / "user"
    _records(user / "records" / "0001-a.csv.yaml", [
        Concept("kernel", (LangSection("en", (Term("kernel", source="a.csv:2"),)),
                           LangSection("bn", (Term("কার্নেল", source="a.csv:2"),)))),
        Concept("stride", (LangSection("bn", (Term("স্ট্রাইড", source="a.csv:3"),)),)),
    ])  # fmt: skip
    _records(user / "records" / "0002-b.csv.yaml", [
        Concept("kernel", (LangSection("ar", (Term("نواة", source="b.csv:2"),),
                                       (Definition("دالة التشابه", source="b.csv:2"),)),)),
        Concept("pruning", (LangSection("hi", (Term("प्रूनिंग", source="b.csv:3"),)),)),
        Concept("dropout", (LangSection("bn", (Term("ড্রপআউট", source="b.csv:4"),)),)),
    ])  # fmt: skip
    cache = tmp_path / "cache"
    compiled: list[int] = []
    index.open_index([DATA, user], cache, on_compile=compiled.append).close()
    (user / "records" / gone).unlink()
    conn = index.open_index([DATA, user], cache, on_compile=compiled.append)
    assert len(compiled) == 1  # taken out in place
    files = index._record_files([DATA, user])
    rebuilt = index.compile_index([DATA, user], files, index._stamp(files), None)
    assert _records_of(conn) == _records_of(rebuilt)
    for word in ("ড্রপআউট", "স্ট্রাইড", "kernel", "pruning"):
        assert _found_by(conn, word) == _found_by(rebuilt, word), word
    # the definitions' keys and their counts, as a description search weighs them
    count = "SELECT * FROM def_count"
    assert set(conn.execute(count)) == set(rebuilt.execute(count))
    for text in ("دالة التشابه", "ক্ষুদ্রতম সিঙ্গুলার মান ছাঁটাই"):
        assert _described_by(conn, text) == _described_by(rebuilt, text), text
    for table in ("word", "lemma"):  # a taken-out name's words may stay; nothing is lost
        assert set(conn.execute(f"SELECT * FROM {table}")) >= set(
            rebuilt.execute(f"SELECT * FROM {table}")
        )
    ids = _ids(conn)
    assert ("dropout" in ids) == (gone != "0002-b.csv.yaml")
    assert ("stride" in ids) == (gone != "0001-a.csv.yaml")
    assert "kernel" in ids and "pruning" in ids


def _found_by(conn: sqlite3.Connection, word: str) -> set[str]:
    """The ids of the concepts whose names hold ``word``, by the full-text table."""
    from glossary_cli.normalize import fold

    rows = conn.execute(
        "SELECT DISTINCT c.id FROM name n JOIN concept c ON c.rowid = n.concept WHERE n.rowid IN "
        "(SELECT rowid FROM name_words WHERE name_words MATCH ?)",
        (f'"{fold(word)}"',),
    )
    return {cid for (cid,) in rows}


def _described_by(conn: sqlite3.Connection, text: str) -> list[tuple[str, float]]:
    """The ids of the concepts whose definitions ``text`` describes, with their shares."""
    from glossary_cli.describe import word_groups
    from glossary_cli.search.description import described

    ids = dict(conn.execute("SELECT rowid, id FROM concept"))
    return sorted((ids[d.concept], round(d.share, 6)) for d in described(conn, word_groups(text)))


def _ids(conn: sqlite3.Connection) -> set[str]:
    return {cid for (cid,) in conn.execute("SELECT id FROM concept")}


def _records_of(conn: sqlite3.Connection) -> dict[str, object]:
    """Each concept's record and names, by id (row numbers differ after a removal)."""
    out: dict[str, object] = {}
    for rowid, cid, record in conn.execute("SELECT rowid, id, record FROM concept"):
        names = sorted(conn.execute(
            "SELECT field, lang, text, key, stem, phon, glossary FROM name WHERE concept = ?",
            (rowid,)).fetchall())  # fmt: skip
        out[cid] = (record, names)
    return out


# --- the index a wheel ships -----------------------------------------------------------------


def _shipped_setup(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """A copy of the bundled data standing in for an installed package's, with an index
    shipped for it as the wheel build ships one."""
    from glossary_cli import config

    data = tmp_path / "site" / "data"
    shutil.copytree(DATA, data, ignore=shutil.ignore_patterns("records"))
    shipped = tmp_path / "site" / "bundled-index.sqlite3"
    index.ship_index(data, shipped)
    monkeypatch.setattr(index, "SHIPPED_INDEX", shipped)
    monkeypatch.setattr(config, "packaged_data_dir", lambda: data)
    return data, shipped


def test_first_lookup_takes_the_shipped_index_without_compiling(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data, _ = _shipped_setup(tmp_path, monkeypatch)
    compiled = _dump(_compile(data, tmp_path / "fresh"))

    def no_compile(*args: object, **kwargs: object) -> None:
        raise AssertionError("compiled although an index was shipped")

    monkeypatch.setattr(index, "compile_index", no_compile)
    cache = tmp_path / "cache"
    conn = index.open_index([data], cache)
    assert _dump(conn) == compiled
    # the copy in the cache holds this installation's paths, so the next run takes it as is
    files = [data / "concepts.yaml"]
    (path,) = cache.iterdir()
    assert path == index.index_path([data], cache)
    assert index._open_existing(path, files) is not None
    meta = dict(conn.execute("SELECT key, value FROM meta"))
    assert str(data.resolve()) in meta["files"] and "shipped" not in meta
    assert conn.execute("SELECT path FROM file").fetchall() == [(str(files[0].resolve()),)]


def test_a_shipped_index_of_other_content_is_not_taken(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data, _ = _shipped_setup(tmp_path, monkeypatch)
    records = data / "concepts.yaml"
    records.write_text(
        records.read_text(encoding="utf-8").replace(
            "- term: Low-Rank Adaptation\n", "- term: Low-Rank Adapting\n"
        ),
        encoding="utf-8",
    )
    conn = index.open_index([data], tmp_path / "cache")
    (en,) = conn.execute("SELECT en FROM concept WHERE id = 'low-rank-adaptation'").fetchone()
    assert en == "Low-Rank Adapting"


def test_a_shipped_index_is_only_for_the_bundled_data_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data, _ = _shipped_setup(tmp_path, monkeypatch)
    other = tmp_path / "other"
    shutil.copytree(DATA, other, ignore=shutil.ignore_patterns("records"))
    assert index._adopt_shipped([other], [other / "concepts.yaml"], tmp_path / "x") is None
    both = [data, other]
    files = [data / "concepts.yaml", other / "concepts.yaml"]
    assert index._adopt_shipped(both, files, tmp_path / "y") is None


_INSTALLED_CHECK = """
import json, sqlite3
from collections.abc import Sequence
from pathlib import Path
from glossary_cli import index
from glossary_cli.config import packaged_data_dir
here = Path(index.__file__).resolve().parent
if (here.parent / "pyproject.toml").is_file():
    print(json.dumps(None))
else:
    with sqlite3.connect(f"file:{index.SHIPPED_INDEX}?mode=ro", uri=True) as conn:
        meta = dict(conn.execute("SELECT key, value FROM meta"))
    data = packaged_data_dir().resolve()
    files = index._record_files([data])
    print(json.dumps({
        "code": meta["code"] == index.code_stamp(),
        "stamp": (here / index.SHIPPED_STAMP).is_file()
        and index.code_stamp() == index._code_stamp(),
        "schema": meta["schema"] == index.SCHEMA_VERSION,
        "content": json.loads(meta["shipped"]) == index._content_stamps(data, files),
    }))
"""


def test_the_installed_package_ships_a_current_index(tmp_path: Path) -> None:
    """The installed gloss (what ``pip install .`` put in site-packages, imported from outside
    the checkout) holds the index of its bundled data, compiled by its own code."""
    done = subprocess.run(
        [sys.executable, "-c", _INSTALLED_CHECK],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    found = json.loads(done.stdout)
    if found is None:
        pytest.skip("no wheel of gloss is installed (it is installed editable from this checkout)")
    assert found == {"code": True, "stamp": True, "schema": True, "content": True}
