"""The JSON of every command against the JSON Schemas published in ``glossary_cli/schemas/``:
every document and every JSON Lines row of search, show, list, stats, sources, lint, scan,
lookup and check, on the bundled data and with a user's glossary added, empty results included;
the schemas themselves are valid draft 2020-12 and refuse output of another shape."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from glossary_cli import jsonout, lint, model
from glossary_cli.text import check, scan

from .conftest import ROOT, gloss

SCHEMAS = ROOT / "glossary_cli" / "schemas"

# A user's glossary of one concept, with a deprecated Bengali term (scan's `use`, check's
# `deprecated` issue, list's status and type).
TERMS_CSV = """\
id,lang,term,type,status,definition
attention-sink,en,attention sink,fullForm,preferred,A token that draws attention it does not need.
attention-sink,bn,অ্যাটেনশন সিঙ্ক,fullForm,preferred,
attention-sink,bn,মনোযোগ ডোবা,fullForm,deprecated,
attention-sink,ar,مصرف الانتباه,fullForm,admitted,
"""

INPUTS = {
    "en.txt": "LoRA and quantization-aware training, with an attention sink.\n",
    "bn.txt": "অসম-কোয়ান্টাইজেশন এবং মনোযোগ ডোবা।\n",
    "none.txt": "Nothing of the glossary is here.\n",
    "queries.txt": "LoRA\nattention sink\nzzqqxx\n\nপ্রুনিং\n",
    "pair.tsv": "id\ten\tbn\n1\tThe attention sink grows.\tমনোযোগ ডোবা বাড়ে।\n"
    "2\tLoRA is cheap.\tএটা সস্তা।\n",
    "clean.tsv": "id\ten\tbn\n1\tHello.\tনমস্কার।\n",
    "bad.csv": "id,lang,term\nx,bn,pruning\nx,en,pruning\ny,bn,\ny,en,empty\n",
}


def _schema(name: str) -> dict[str, Any]:
    schema: dict[str, Any] = json.loads((SCHEMAS / f"{name}.schema.json").read_text("utf-8"))
    return schema


def _row_validator(name: str) -> Draft202012Validator:
    """A validator of one row of ``name``'s output (a line of its JSON Lines): the concept of
    search and show, else the schema's own ``row``."""
    schema = _schema("concept" if name in ("search", "show") else name)
    ref = "#/$defs/concept" if name in ("search", "show") else "#/$defs/row"
    row = {"$schema": schema["$schema"], "$defs": schema["$defs"], "$ref": ref}
    return Draft202012Validator(row)


def _errors(validator: Draft202012Validator, instance: Any) -> list[str]:
    return [
        f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
        for e in validator.iter_errors(instance)
    ]


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """The inputs, and the environments of the two termbases: the bundled data alone, and
    with :data:`TERMS_CSV` added (each with its own cache, compiled once for the module)."""
    base = tmp_path_factory.mktemp("json-schemas")
    for name, text in INPUTS.items():
        (base / name).write_text(text, encoding="utf-8")
    common = {"GLOSS_STATE": str(base / "state"), "GLOSS_DATA": None, "GLOSS_BIDI": None}
    bundled = {**common, "GLOSS_CACHE": str(base / "cache-b"), "GLOSS_USER_DATA": str(base / "b")}
    user = {**common, "GLOSS_CACHE": str(base / "cache-u"), "GLOSS_USER_DATA": str(base / "u")}
    (base / "terms.csv").write_text(TERMS_CSV, encoding="utf-8")
    added = gloss("add", str(base / "terms.csv"), env=user)
    assert added.exit_code == 0, (added.stdout, added.stderr)
    yield {"dir": base, "bundled": bundled, "user": user}


# (schema, arguments, JSON Lines?, rows expected: "some", "none", or "any")
CASES = [
    ("search", ["search", "quantization", "--json"], False, "some"),
    ("search", ["search", "প্রুনিং", "--lang", "bn,ar", "--json"], False, "some"),
    ("search", ["search", "quant", "--lang", "ar", "--format", "jsonl"], True, "some"),
    ("search", ["search", "zzqqxxvv", "--json"], False, "none"),
    ("show", ["show", "LoRA", "--json"], False, "some"),
    ("show", ["show", "LoRA", "--lang", "bn,en", "--format", "jsonl"], True, "some"),
    ("show", ["show", "zzqqxxvv", "--json"], False, "none"),
    ("list", ["list", "--json"], False, "some"),
    ("list", ["list", "--lang", "bn", "--format", "jsonl"], True, "some"),
    ("list", ["list", "--lang", "ar", "--format", "json"], False, "some"),
    ("list", ["list", "--status", "superseded", "--json"], False, "none"),
    ("stats", ["stats", "--json"], False, "some"),
    ("sources", ["sources", "--json"], False, "some"),
    ("lint", ["lint", "--json"], False, "any"),
    ("lint", ["lint", "{dir}/bad.csv", "--json"], False, "some"),
    ("lint", ["lint", "{dir}/bad.csv", "--format", "jsonl"], True, "some"),
    ("scan", ["scan", "{dir}/en.txt", "{dir}/bn.txt", "--format", "json"], False, "some"),
    ("scan", ["scan", "{dir}/bn.txt", "--format", "jsonl"], True, "some"),
    ("scan", ["scan", "{dir}/none.txt", "--format", "json"], False, "none"),
    ("scan", ["scan", "{dir}/none.txt", "--format", "jsonl"], True, "none"),
    ("lookup", ["lookup", "{dir}/queries.txt"], True, "some"),
    ("lookup", ["lookup", "{dir}/queries.txt", "--lang", "bn", "--format", "jsonl"], True, "some"),
    ("lookup", ["lookup", "{dir}/queries.txt", "--only-missing"], True, "some"),
    ("check", ["check", "{dir}/pair.tsv", "--format", "json"], False, "some"),
    ("check", ["check", "{dir}/pair.tsv", "--format", "jsonl"], True, "some"),
    ("check", ["check", "{dir}/clean.tsv", "--format", "json"], False, "none"),
]


def _run(world: dict[str, Any], termbase: str, args: list[str]) -> tuple[str, Any]:
    filled = [a.replace("{dir}", str(world["dir"])) for a in args]
    result = gloss(*filled, env=world[termbase])
    assert result.exit_code in (0, 1), (filled, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    return result.stdout, result


def _rows(document: Any) -> list[Any]:
    """The objects of a document that must each begin with ``schema_version``."""
    if document is None:
        return []
    if isinstance(document, list):
        return document
    return [document]


@pytest.mark.parametrize("termbase", ["bundled", "user"])
@pytest.mark.parametrize(("name", "args", "lines", "expect"), CASES)
def test_every_json_output_validates_against_its_schema(
    world: dict[str, Any], termbase: str, name: str, args: list[str], lines: bool, expect: str
) -> None:
    stdout, _ = _run(world, termbase, args)
    if lines:
        rows = [json.loads(line) for line in stdout.splitlines()]
        validator = _row_validator(name)
        for row in rows:
            assert _errors(validator, row) == [], row
    else:
        document = json.loads(stdout)
        errors = _errors(Draft202012Validator(_schema(name)), document)
        assert errors == [], errors[:5]
        rows = _rows(document)
    if expect == "some":
        assert rows, (args, stdout)
    elif expect == "none":
        assert rows == [], rows
    for row in rows:
        assert next(iter(row)) == "schema_version" and row["schema_version"] == 2


def test_the_user_glossary_reaches_every_output(world: dict[str, Any]) -> None:
    """What the added glossary gives is in the validated outputs: its source, its
    deprecated term's replacement in scan, a deprecated issue in check, its term in lookup."""
    sources = json.loads(_run(world, "user", ["sources", "--json"])[0])
    assert [r["kind"] for r in sources if r["file"] == "terms.csv"] == ["user"] * 3
    stats = json.loads(_run(world, "user", ["stats", "--json"])[0])
    assert stats["entries"] == sum(r["entries"] for r in stats["sources"])
    assert any(c["id"] == "attention-sink" for c in stats["coverage"])
    found = json.loads(_run(world, "user", ["scan", "{dir}/bn.txt", "--format", "json"])[0])
    deprecated = [r for r in found if r["status"] == "deprecated"]
    assert [(r["text"], r["use"]) for r in deprecated] == [("মনোযোগ ডোবা", "অ্যাটেনশন সিঙ্ক")]
    issues = json.loads(_run(world, "user", ["check", "{dir}/pair.tsv", "--format", "json"])[0])
    assert {"seg_id": "1", "kind": "deprecated", "found": "মনোযোগ ডোবা"}.items() <= next(
        i for i in issues if i["kind"] == "deprecated"
    ).items()
    stdout = _run(world, "user", ["lookup", "{dir}/queries.txt", "--lang", "ar"])[0]
    answers = {r["query"]: r for r in map(json.loads, stdout.splitlines())}
    assert answers["attention sink"]["terms"] == {"ar": "مصرف الانتباه"}
    assert answers["zzqqxx"]["found"] is False and answers["zzqqxx"]["terms"] == {}
    listed = json.loads(_run(world, "user", ["list", "--lang", "bn", "--status", "deprecated",
                                             "--json"])[0])  # fmt: skip
    assert [(r["term"], r["status"], r["type"]) for r in listed] == [
        ("মনোযোগ ডোবা", "deprecated", "fullForm")
    ]
    glossary = json.loads(_run(world, "user", ["lint", "--glossary", "terms", "--json"])[0])
    assert Draft202012Validator(_schema("lint")).is_valid(glossary)


@pytest.mark.parametrize("path", sorted(SCHEMAS.glob("*.schema.json")), ids=lambda p: p.stem)
def test_each_schema_is_a_valid_draft_2020_12_schema(path: Path) -> None:
    schema = json.loads(path.read_text("utf-8"))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)
    assert schema["title"] and schema["description"]


def test_the_schemas_are_those_jsonout_names() -> None:
    assert sorted(p.name.removesuffix(".schema.json") for p in SCHEMAS.glob("*.json")) == sorted(
        jsonout.SCHEMAS
    )


def _properties(name: str, where: str = "row") -> list[str]:
    return list(_schema(name)["$defs"][where]["properties"])


def test_the_schemas_name_the_fields_in_the_order_the_values_have() -> None:
    """Field names and order come from the typed values; a field added to one of them and
    not to its schema fails here (the schemas forbid fields they do not name)."""
    assert _properties("list") == ["schema_version", *model.ListedTerm._fields]
    assert _properties("sources") == ["schema_version", *model.LoadedSource._fields]
    assert _properties("scan") == ["schema_version", *model.FoundTerm._fields]
    assert _properties("lookup") == ["schema_version", *model.LookupResult._fields]
    assert _properties("lint") == ["schema_version", *lint.Issue._fields]
    assert _properties("check") == ["schema_version", *check.ROW_FIELDS]
    stats = _schema("stats")["properties"]
    assert list(stats) == ["schema_version", *model.TermbaseStats._fields]
    assert list(stats["sources"]["items"]["properties"]) == list(model.LoadedSource._fields)
    assert list(stats["languages"]["items"]["properties"]) == list(model.LanguageCount._fields)
    assert list(stats["coverage"]["items"]["properties"]) == list(model.ConceptCoverage._fields)


def test_the_schemas_enumerate_what_the_code_knows() -> None:
    statuses = [*model.STATUSES, None]
    assert _schema("lint")["$defs"]["row"]["properties"]["code"]["enum"] == list(lint.CODES)
    assert _schema("check")["$defs"]["row"]["properties"]["kind"]["enum"] == list(check.KINDS)
    found = _schema("scan")["$defs"]["row"]["properties"]
    assert found["kind"]["enum"] == list(scan.KINDS)
    assert found["field"]["enum"] == list(scan.TERM_FIELDS)
    assert found["status"]["enum"] == statuses
    assert _schema("list")["$defs"]["row"]["properties"]["status"]["enum"] == statuses
    assert _schema("concept")["$defs"]["term"]["properties"]["status"]["enum"] == list(
        model.STATUSES
    )


# A valid row of each output, and changes that each make it invalid.
VALID = {
    "list": {"schema_version": 2, "id": "a", "lang": "bn", "term": "ক", "en": None,
             "status": None, "type": None},
    "scan": {"schema_version": 2, "file": "-", "start": 0, "end": 4, "text": "LoRA", "id": "a",
             "lang": "en", "term": "LoRA", "kind": "abbreviation", "status": None,
             "field": "abbr", "use": None, "also": [], "everyday": False},
    "lookup": {"schema_version": 2, "query": "LoRA", "found": True, "sure": True, "id": "a",
               "en": "Low-Rank Adaptation", "match": "exact", "score": 100.0,
               "terms": {"bn": "লোরা"}},
    "check": {"schema_version": 2, "seg_id": "1", "kind": "missing", "id": "a",
              "source": "LoRA", "expected": "লোরা", "found": ""},
}  # fmt: skip
BROKEN = [
    ("list", lambda r: r.pop("term")),
    ("list", lambda r: r.update(colour="red")),
    ("list", lambda r: r.update(status="obsolete")),
    ("list", lambda r: r.update(schema_version=1)),
    ("scan", lambda r: r.update(also="b")),
    ("scan", lambda r: r.update(start=-1)),
    ("scan", lambda r: r.update(kind="fuzzy")),
    ("lookup", lambda r: r.update(found=False)),  # not found, yet an id and terms
    ("lookup", lambda r: r.update(terms={"bn": None})),
    ("lookup", lambda r: r.update(id=None)),
    ("check", lambda r: r.update(kind="typo")),
    ("check", lambda r: r.pop("schema_version")),
]


@pytest.mark.parametrize("name", sorted(VALID))
def test_a_valid_row_passes(name: str) -> None:
    assert _errors(_row_validator(name), VALID[name]) == []


@pytest.mark.parametrize(("name", "change"), BROKEN)
def test_a_row_of_another_shape_fails(name: str, change: Any) -> None:
    row = copy.deepcopy(VALID[name])
    change(row)
    assert _errors(_row_validator(name), row)


def test_the_package_ships_its_types_and_schemas() -> None:
    """``py.typed`` and the schemas live inside the package, which the wheel takes whole
    (``[tool.hatch.build.targets.wheel] packages``)."""
    package = ROOT / "glossary_cli"
    assert (package / "py.typed").is_file()
    assert len(list((package / "schemas").glob("*.schema.json"))) == len(jsonout.SCHEMAS)
    pyproject = (ROOT / "pyproject.toml").read_text("utf-8")
    assert 'packages = ["glossary_cli"]' in pyproject
