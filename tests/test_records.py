"""Record schema 2: its versions, its documentation, what data of gloss 0.1.0 becomes, bad data,
and the termbase model seen through the commands (every term found, statuses said)."""

from __future__ import annotations

import gzip
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from glossary_cli import records, store
from glossary_cli.errors import RecordError, StoreError
from glossary_cli.model import LangSection, Term
from glossary_cli.userdata import needs_upgrade

from .conftest import DATA, ROOT, as_json, gloss, snapshot, user_dir

OLD = Path(__file__).resolve().parent / "fixtures" / "release-0.1.0"
TBX = Path(__file__).resolve().parent / "fixtures" / "tbx"


# --------------------------------------------------------------------------- the schema


def test_every_key_the_schema_writes_is_in_the_readme_table() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("### JSON output") :]
    first_cells = re.findall(r"^\| (`[^|]*`) \|", section, flags=re.MULTILINE)
    documented = {key for cell in first_cells for key in re.findall(r"`([a-z_]+)`", cell)}
    keys = (
        records.CONCEPT_KEYS
        | records.SECTION_KEYS
        | records.TERM_KEYS
        | records.DEFINITION_KEYS
        | records.PROPERTY_KEYS
        | records.XREF_KEYS
    )
    assert keys <= documented, sorted(keys - documented)
    view = records.concept_json(store.read_records(DATA).concepts[0])
    assert set(view) | set(view["terms"]["bn"]) <= documented | keys


def test_the_records_name_their_schema_and_gloss_0_1_0_s_are_recognised() -> None:
    text = (DATA / store.RECORDS).read_text(encoding="utf-8")
    assert "\nschema_version: 2\n" in text
    assert records.schema_of({"schema": "gloss/1"}) == 1
    assert records.schema_of({"schema_version": 2}) == 2
    with pytest.raises(RecordError, match="schema 3, newer than this gloss reads"):
        records.glossary_from_mapping({"schema_version": 3, "concepts": []})
    with pytest.raises(RecordError, match="names no schema"):
        records.glossary_from_mapping({"concepts": []})


@pytest.mark.parametrize(
    ("value", "status", "original"),
    [
        ("preferredTerm-admn-sts", "preferred", None),
        ("preferred", "preferred", None),
        ("Preferred Term", "preferred", "Preferred Term"),
        ("standardizedTerm", "preferred", "standardizedTerm"),
        ("admittedTerm-admn-sts", "admitted", None),
        ("deprecatedTerm-admn-sts", "deprecated", None),
        ("forbidden", "deprecated", "forbidden"),
        ("supersededTerm-admn-sts", "superseded", None),
        ("obsolete", "superseded", "obsolete"),
        ("Not Selected", None, "Not Selected"),
        ("", None, None),
    ],
)
def test_statuses_are_mapped_onto_the_tbx_basic_picklist(
    value: str, status: str | None, original: str | None
) -> None:
    assert records.normalize_status(value) == (status, original)


@pytest.mark.slow
@pytest.mark.parametrize(
    "args",
    [("show", "LoRA"), ("search", "quantization"), ("list",), ("sources",), ("stats",)],
)
def test_every_json_document_names_its_schema(args: tuple[str, ...]) -> None:
    out = as_json(*args)
    objects = out if isinstance(out, list) else [out]
    assert objects and all(o["schema_version"] == records.SCHEMA_VERSION for o in objects)
    for line in gloss(*args, "--format", "jsonl").stdout.splitlines() if args[0] != "show" \
            and args[0] in ("search", "list") else ():  # fmt: skip
        assert json.loads(line)["schema_version"] == records.SCHEMA_VERSION


def test_show_json_keeps_the_path_scripts_use() -> None:
    hit = as_json("search", "প্রুনিং")[0]
    assert hit["terms"]["ar"]["term"] == "تقليم الشبكة"
    assert hit["terms"]["bn"]["terms"][0]["source"] == "000_137ebd2ba72c1cdb.txt:3"


# --------------------------------------------------------------------------- bad data


@pytest.mark.parametrize(
    ("name", "text", "line", "key"),
    [
        (
            "curation.yaml",
            "concepts:\n- match: {bn: নেটওয়ার্ক প্রুনিং}\n  en: Pruning\n  en: Pruning B\n",
            4,
            "en",
        ),
        ("sources.yaml", "a.txt: {lang: hi}\na.txt: {lang: ur}\n", 2, "a.txt"),
    ],
)
def test_a_key_given_twice_is_an_error_with_its_file_and_line(
    data_copy: Path, name: str, text: str, line: int, key: str
) -> None:
    (data_copy / name).write_text(text, encoding="utf-8")
    before = snapshot(data_copy)
    result = gloss("build", "--data", str(data_copy))
    assert result.exit_code == 3
    assert f"{data_copy / name}:{line}:" in result.stderr
    assert f"the key {key!r} is given twice" in result.stderr
    assert snapshot(data_copy) == before


def test_a_key_given_twice_in_the_records_is_an_error_with_its_line(data_copy: Path) -> None:
    path = data_copy / store.RECORDS
    text = path.read_text(encoding="utf-8").replace(
        "- id: pruning\n", "- id: pruning\n  id: pruning-b\n", 1
    )
    path.write_text(text, encoding="utf-8")
    line = text.splitlines().index("  id: pruning-b") + 1
    result = gloss("search", "pruning", "--data", str(data_copy))
    assert result.exit_code == 3
    assert f"{path}:{line}:" in result.stderr and "given twice" in result.stderr


def _without_icu(*args: str, transform: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run gloss with ICU unimportable (or, with ``transform``, lacking that transform)."""
    if transform is None:
        setup = "import sys; sys.modules['icu'] = None"
    else:
        setup = (
            "import sys, types\nimport icu as real\n"
            "class Transliterator:\n"
            "    @staticmethod\n"
            "    def createInstance(i, *a):\n"
            f"        return real.Transliterator.createInstance('No-Such' if i == {transform!r}"
            " else i, *a)\n"
            "proxy = types.ModuleType('icu'); proxy.__dict__.update(real.__dict__)\n"
            "proxy.Transliterator = Transliterator; sys.modules['icu'] = proxy"
        )
    run = f"import sys\nfrom glossary_cli.cli import main\nsys.argv = ['gloss', *{list(args)!r}]"
    code = f"{setup}\n{run}\nmain()"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)


@pytest.mark.slow
@pytest.mark.parametrize("transform", [None, "Bengali-Latin"], ids=["no ICU", "no transform"])
def test_icu_missing_or_incomplete_is_one_line_naming_the_fix(
    tmp_path: Path, transform: str | None
) -> None:
    shutil.copytree(DATA, tmp_path / "data")
    (tmp_path / "data" / store.RECORDS).unlink()
    done = _without_icu("build", "--data", str(tmp_path / "data"), transform=transform)
    if transform is None:  # script detection needs ICU: build stops at once
        assert done.returncode == 3
        assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
        assert "ICU is not available" in done.stderr and "pip install pyicu-wheels" in done.stderr
    else:  # the build needs no transform; the first lookup compiles the index and does
        assert done.returncode == 0, done.stderr
        env = {"GLOSS_CACHE": str(tmp_path / "cache")}
        os.environ.update(env)
        look = _without_icu("search", "LoRA", "--data", str(tmp_path / "data"), transform=transform)
        assert look.returncode == 3
        assert look.stderr.count("\n") == 1 and "Traceback" not in look.stderr
        assert "ICU has no Bengali-Latin transform" in look.stderr


# --------------------------------------------------------------------------- gloss 0.1.0's data


@pytest.mark.slow
def test_a_user_directory_of_gloss_0_1_0_is_rebuilt_on_first_use() -> None:
    shutil.copytree(OLD / "user", user_dir())
    hindi = as_json("show", "LoRA", "--lang", "hi")["terms"]["hi"]
    assert hindi["term"] == "लो-रैंक अनुकूलन" and hindi["source"] == "hindi-lora.txt:5"
    text = (user_dir() / store.RECORDS).read_text(encoding="utf-8")
    assert "\nschema_version: 2\n" in text and "schema: gloss/1" not in text
    # what the old records could not hold is there now: the obsolete English term
    bus = as_json("show", "data bus")
    assert bus["terms"]["en"]["status"] == "superseded"
    assert bus["terms"]["fr"]["terms"][0]["status_original"] == "obsolete"
    assert as_json("stats")["concepts"] == 40 + 2 + 2  # bundled, team.csv's new, Weblate's
    # and the directory is the user's own again: remove works on it
    assert gloss("remove", "team.csv").exit_code == 0


def test_a_user_directory_that_cannot_be_rebuilt_is_read_migrated(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    shutil.copytree(OLD / "user", user_dir())
    monkeypatch.setattr(store, "write_atomic", _refuse)
    before = snapshot(user_dir())
    hindi = as_json("show", "LoRA", "--lang", "hi")["terms"]["hi"]
    assert hindi["term"] == "लो-रैंक अनुकूलन"
    assert snapshot(user_dir()) == before


def _refuse(path: Path, data: bytes) -> None:
    raise StoreError(f"cannot write {path}: Read-only file system")


def test_a_user_directory_holding_a_jsonl_export_of_gloss_0_1_0_is_rebuilt() -> None:
    shutil.copytree(OLD / "user-jsonl", user_dir())
    card = as_json("show", "LoRA", "--lang", "bn,hi")
    assert card["terms"]["hi"]["term"] == "लो-रैंक अनुकूलन"
    files = store.data_record_files(user_dir())
    assert files and all("\nschema_version: 2\n" in f.read_text(encoding="utf-8") for f in files)


def test_a_data_directory_of_gloss_0_1_0_is_read_and_its_build_check_says_stale(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    shutil.copytree(OLD / "data", data)
    card = as_json("show", "LoRA", "--data", str(data), "--lang", "bn,hi")
    assert card["terms"]["hi"]["term"] == "लो-रैंक अनुकूलन"
    assert card["en"] == "Low-Rank Adaptation" and card["en_origin"] == "curated"
    check = gloss("build", "--data", str(data), "--check")
    assert check.exit_code == 1 and "stale" in check.stderr
    assert gloss("build", "--data", str(data)).exit_code == 0
    assert "\nschema_version: 2\n" in (data / store.RECORDS).read_text(encoding="utf-8")


# --------------------------------------------------------------------------- through the commands


@pytest.fixture
def astronomy(tmp_path: Path) -> Path:
    """The TBX-Basic dialect's example termbase, added."""
    path = tmp_path / "astronomy.tbx"
    path.write_bytes(gzip.decompress((TBX / "tbx-basic-astronomy-dca.tbx.gz").read_bytes()))
    result = gloss("add", str(path))
    assert result.exit_code == 0, result.stderr
    return path


@pytest.mark.slow
def test_every_term_of_a_language_is_found(astronomy: Path) -> None:
    hits = as_json("search", "Vía Láctea", "--lang", "es")
    assert hits[0]["match"]["kind"] == "exact"
    assert hits[0]["match"]["text"] == "Vía Láctea"
    assert hits[0]["match"]["field"] == "synonym"


@pytest.mark.slow
def test_an_english_definition_is_found(astronomy: Path) -> None:
    hits = as_json("search", "gravitational force light escape")
    assert hits[0]["match"]["kind"] == "definition"
    assert hits[0]["match"]["lang"] == "en" and hits[0]["en"] == "black hole"


@pytest.mark.slow
def test_a_superseded_term_says_what_to_use(astronomy: Path) -> None:
    hit = as_json("search", "galactic cluster")[0]
    assert hit["match"]["status"] == "superseded" and hit["match"]["use"] == "open cluster"
    table = gloss("search", "galactic cluster", env={"COLUMNS": "200"}).stdout
    assert "superseded, use open cluster" in table
    card = gloss("show", "galactic cluster", "--lang", "en", env={"COLUMNS": "120"}).stdout
    assert "galactic cluster  superseded, noun, use open cluster" in card
    assert "open cluster  preferred, noun" in card


def _passes(term: dict[str, Any], filters: list[str]) -> bool:
    option, value = filters
    if option == "--status":
        return bool(term.get("status") == value)
    if option == "--type":
        return bool(term.get("type") == value)
    return str(term.get("source", "")).startswith(f"{value}.tbx:")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("filters", "lang"),
    [
        (["--status", "superseded"], "en"),
        (["--status", "admitted"], "es"),
        (["--type", "fullForm"], "en"),
        (["--glossary", "astronomy"], "es"),
    ],
)
def test_filters_select_terms_in_search_list_and_export(
    astronomy: Path, filters: list[str], lang: str
) -> None:
    rows = as_json("list", "--lang", lang, *filters)
    assert rows and all(r["lang"] == lang for r in rows)
    if filters[0] == "--status":
        assert {r["status"] for r in rows} == {filters[1]}
    exported = gloss("export", "--format", "jsonl", *filters).stdout.splitlines()
    terms = [
        t
        for line in exported
        for section in json.loads(line)["languages"].values()
        for t in section["terms"]
    ]
    assert terms and all(_passes(t, filters) for t in terms)
    hits = as_json("search", rows[0]["term"], *filters)
    section = hits[0]["terms"][hits[0]["match"]["lang"]]
    matched = next(t for t in section["terms"] if t["term"] == hits[0]["match"]["text"])
    assert _passes(matched, filters)


def test_a_filter_that_selects_nothing_exits_1() -> None:
    result = gloss("search", "LoRA", "--status", "deprecated")
    assert result.exit_code == 1
    assert "--status" in result.stderr
    bad = gloss("search", "LoRA", "--status", "maybe")
    assert bad.exit_code == 2 and "not an administrative status" in bad.stderr
    spelt = gloss("search", "LoRA", "--status", "obsolete")  # a termbase's word: superseded
    assert spelt.exit_code == 1 and "--status" in spelt.stderr


TERMS_TABLE = (
    "id,lang,term,type,status\n"
    "q,en,quantization,fullForm,preferred\n"
    "q,bn,কোয়ান্টাইজেশন,fullForm,preferred\n"
    "q,bn,কিউ,abbreviation,admitted\n"
    "q,bn,কোয়ান্টিফিকেশন,,deprecated\n"
)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("repeated", "joined"),
    [
        (["--status", "preferred", "--status", "deprecated"], ["--status", "preferred,deprecated"]),
        (["--glossary", "terms", "--glossary", "001_5a07ee38a131a210"],
         ["--glossary", "terms,001_5a07ee38a131a210"]),
        (["--type", "abbreviation", "--type", "fullForm"], ["--type", "abbreviation,fullForm"]),
        (["--lang", "bn", "--lang", "ar"], ["--lang", "bn,ar"]),
    ],
)  # fmt: skip
def test_an_option_given_twice_selects_both(
    tmp_path: Path, repeated: list[str], joined: list[str]
) -> None:
    (tmp_path / "terms.csv").write_text(TERMS_TABLE, encoding="utf-8")
    assert gloss("add", str(tmp_path / "terms.csv")).exit_code == 0
    searched = as_json("search", "quantization", *repeated)
    assert searched == as_json("search", "quantization", *joined)
    if repeated[0] != "--lang":
        rows = as_json("list", "--lang", "bn", *repeated)
        assert rows == as_json("list", "--lang", "bn", *joined)
        field = {"--status": "status", "--type": "type"}.get(repeated[0])
        if field:  # both values are there: the second option did not replace the first
            assert {r[field] for r in rows} == {repeated[1], repeated[3]}
        else:
            assert {r["id"] for r in rows} > {"terms.q"}  # the file's own id, namespaced
    exported = gloss("export", "--format", "csv", *repeated).stdout
    assert exported and exported == gloss("export", "--format", "csv", *joined).stdout


@pytest.mark.parametrize(
    ("option", "value", "says"),
    [
        ("--glossary", "nonexistent", "use one of 000_137ebd2ba72c1cdb.txt"),
        ("--type", "abreviation", "use one of fullForm"),
    ],
)
@pytest.mark.parametrize("command", [["search", "LoRA"], ["list"], ["export", "-f", "csv"]])
def test_a_filter_naming_nothing_loaded_is_a_usage_error(
    command: list[str], option: str, value: str, says: str
) -> None:
    result = gloss(*command, option, value)
    assert result.exit_code == 2 and says in result.stderr and not result.stdout


def test_an_export_that_would_write_no_term_exits_1() -> None:
    # the curated Bengali terms are search-only aliases: never written
    assert as_json("list", "--lang", "bn", "--glossary", "curation")
    for fmt in ("tbx", "csv"):
        result = gloss("export", "--format", fmt, "--lang", "bn", "--glossary", "curation")
        assert result.exit_code == 1 and "passes the filters" in result.stderr, fmt
        assert not result.stdout


def test_a_concept_without_a_term_is_refused_at_import(tmp_path: Path) -> None:
    record = {"id": "j1", "languages": {"en": {"terms": [{"term": "foo", "role": "misreading"}]}}}
    path = tmp_path / "j.jsonl"
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    result = gloss("add", str(path))
    assert result.exit_code == 3 and "j.jsonl:1: concept 'j1' has no term" in result.stderr
    table = tmp_path / "t.csv"
    table.write_text("id,lang,term,definition\na,en,apple,\nb,,,a definition\n", encoding="utf-8")
    result = gloss("add", str(table))
    assert result.exit_code == 3 and "t.csv:3: concept 'b' has no term" in result.stderr


def test_a_term_value_holds_what_gloss_needs_to_say_of_it() -> None:
    section = LangSection(
        "de",
        (
            Term("Datenbus", status="deprecated"),
            Term("Bus", type="abbreviation"),
            Term("Datenleitung", status="admitted"),
        ),
    )
    assert section.main is not None and section.main.text == "Datenleitung"
    assert section.replacement is not None and section.replacement.text == "Datenleitung"
    assert [t.text for t in section.abbreviations] == ["Bus"]


def _termbase(path: Path, cid: str, english: str, spanish: str) -> Path:
    path.write_text(
        '<?xml version="1.0"?>\n<martif type="TBX" xml:lang="en"><text><body>\n'
        f'<termEntry id="{cid}"><langSet xml:lang="en"><tig><term>{english}</term></tig>'
        f'</langSet><langSet xml:lang="es"><tig><term>{spanish}</term></tig></langSet>'
        "</termEntry>\n</body></text></martif>\n",
        encoding="utf-8",
    )
    return path


@pytest.mark.slow
def test_a_termbase_added_later_does_not_take_the_id_of_one_added_before(
    astronomy: Path, tmp_path: Path
) -> None:
    # fruit.tbx sorts before the astronomy file by name: the order of adding decides
    result = gloss("add", str(_termbase(tmp_path / "fruit.tbx", "c1", "banana", "plátano")))
    assert result.exit_code == 0, result.stderr
    # each file's own ids are its glossary's: the two c1 never meet
    cluster = as_json("show", "open cluster")["id"]
    assert cluster.endswith(".c1") and cluster != "fruit.c1"
    assert as_json("show", "banana")["id"] == "fruit.c1"
    # and a rebuild (after an upgrade of the bundled data) keeps it so
    assert gloss("build", "--user").exit_code == 0
    assert as_json("show", "open cluster")["id"] == cluster
    assert as_json("show", "banana")["id"] == "fruit.c1"


def test_a_termbase_taking_a_bundled_id_with_other_english_is_kept_apart(tmp_path: Path) -> None:
    result = gloss("add", str(_termbase(tmp_path / "t.tbx", "pruning", "banana", "plátano")))
    assert result.exit_code == 0, result.stderr
    pruning = as_json("show", "pruning")
    assert pruning["en"] == "Pruning" and "banana" not in pruning["aliases"]
    assert as_json("show", "banana")["id"] == "t.pruning"  # the glossary's own id


@pytest.mark.slow
def test_the_bundled_glossary_exported_and_added_back_doubles_nothing(tmp_path: Path) -> None:
    out = tmp_path / "all.tbx"
    assert gloss("export", "-o", str(out)).exit_code == 0
    assert gloss("add", str(out)).exit_code == 0
    bn = as_json("show", "LoRA", "--lang", "bn")["terms"]["bn"]
    assert len(bn["definitions"]) == 1
    assert len({t["term"] for t in bn["terms"]}) == len(bn["terms"])
    again = tmp_path / "again.tbx"
    assert gloss("export", "-o", str(again)).exit_code == 0
    assert again.read_bytes().count(b'type="definition"') == out.read_bytes().count(
        b'type="definition"'
    )


# --------------------------------------------------------------------------- gloss 0.2.0's data

NEW = Path(__file__).resolve().parent / "fixtures" / "release-0.2.0"


@pytest.mark.slow
def test_a_user_directory_of_gloss_0_2_0_gets_a_record_file_per_added_file() -> None:
    shutil.copytree(NEW / "user", user_dir())
    assert not (user_dir() / store.RECORD_DIR).exists()
    card = as_json("show", "overfitting", "--lang", "bn,ar")
    assert card["terms"]["ar"]["term"] == "فرط التخصيص"
    assert as_json("show", "Quantization", "--lang", "hi")["terms"]["hi"]["term"].startswith(
        "क्वांटाइज़ेशन"
    )
    # migrated: the CSV's concepts in a record file of their own, the plain file's aligned
    names = [f.name for f in store.data_record_files(user_dir())]
    assert names == [store.RECORDS, "0001-mine.csv.yaml"]
    assert "mine.csv" not in (user_dir() / store.RECORDS).read_text(encoding="utf-8")
    # and later adds and removes work on the migrated directory
    assert gloss("remove", "mine.csv").exit_code == 0
    assert gloss("search", "ওভারফিটিং").exit_code == 1  # gone with its file
    assert gloss("add", str(NEW / "mine.csv")).exit_code == 0
    assert as_json("search", "ওভারফিটিং")[0]["id"] == "overfitting"


@pytest.mark.slow
def test_a_user_directory_of_record_files_written_before_these_readers_loads() -> None:
    """Record files the readers before this release made load as they are (no rebuild):
    searched, shown, removed and added again."""
    shutil.copytree(NEW / "user-records", user_dir())
    assert not needs_upgrade(user_dir())
    assert as_json("show", "overfitting", "--lang", "bn,ar")["terms"]["ar"]["term"] == "فرط التخصيص"
    assert as_json("search", "মনোযোগ")[0]["id"] == "attention"
    assert gloss("remove", "bn-terms.md").exit_code == 0
    assert gloss("search", "মনোযোগ").exit_code == 1
    assert gloss("add", str(NEW / "bn-terms.md")).exit_code == 0
    assert as_json("search", "এমবেডিং")[0]["id"] == "embedding"


def test_a_glossary_s_own_id_is_found_under_its_name(tmp_path: Path) -> None:
    for name in ("a", "b"):
        assert gloss("add", str(_termbase(tmp_path / f"{name}.tbx", "1", f"{name}-term", "x")))
    shown = gloss("show", "1")
    assert shown.exit_code == 1 and "the glossaries' own ids are kept under their names" in (
        shown.stderr
    )
    assert "a.1" in shown.stderr and "b.1" in shown.stderr
    assert as_json("show", "b.1")["en"] == "b-term"
