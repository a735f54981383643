"""Options every command reads alike (``--lang``), and the edges of the way out: ``--format
lines`` and its columns, ``lint --format lines``, ``export``'s format names, ``--lang`` beside
``--source``/``--target``, a Vale style's ``-o``, the counts of ``gloss add``'s report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from glossary_cli import api, sarif

from .conftest import gloss

# --- --lang -----------------------------------------------------------------------------------


@pytest.mark.parametrize("given", ["BN", "bn", "Bengali", "ben", " bn "])
def test_lookup_reads_lang_as_search_does(given: str, tmp_path: Path) -> None:
    queries = tmp_path / "q.txt"
    queries.write_text("LoRA\n", encoding="utf-8")
    looked = gloss("lookup", str(queries), "--lang", given)
    searched = gloss("search", "LoRA", "--lang", given, "--json")
    assert looked.exit_code == searched.exit_code == 0, looked.stderr + searched.stderr
    [row] = [json.loads(line) for line in looked.stdout.splitlines()]
    [hit] = json.loads(searched.stdout)[:1]
    assert row["terms"] and set(row["terms"]) == set(hit["terms"]) - {"en"}
    assert all(row["terms"].values())


@pytest.mark.parametrize(
    ("fmt", "instead"),
    [
        ("amazon-terminology", "--source en --target ar"),
        ("deepl", "--source en --target ar"),
        ("google-pairs", "--source en --target ar"),
        ("microsoft-dictionary", "--source en --target ar"),
        ("languagetool", "--source ar"),
    ],
)
def test_lang_beside_a_language_pair_is_refused_saying_what_to_give(fmt: str, instead: str) -> None:
    """A format that writes the languages of --source and --target does not take --lang: it
    would filter out the very languages it pairs (amazon-terminology --lang ar said "no
    concept has a en term"). The refusal says which options to give."""
    result = gloss("export", "--format", fmt, "--lang", "ar", "-o", "x")
    assert result.exit_code == 2
    assert f"give {instead} instead of --lang ar" in result.stderr


def test_export_takes_the_beginning_of_a_format_name() -> None:
    short = gloss("export", "--format", "amazon", "--target", "ar")
    full = gloss("export", "--format", "amazon-terminology", "--target", "ar")
    assert short.exit_code == full.exit_code == 0
    assert short.stdout == full.stdout and short.stdout.startswith("en,ar")
    several = gloss("export", "--format", "llm")
    assert several.exit_code == 2 and "llm-prompt, llm-json" in several.stderr


def test_a_vale_style_is_a_directory_not_a_file(tmp_path: Path) -> None:
    refused = gloss("export", "--format", "vale", "-o", str(tmp_path / "g.yml"))
    assert refused.exit_code == 2 and "give -o DIR" in refused.stderr
    assert not (tmp_path / "g.yml").exists() and not (tmp_path / "config").exists()
    style = tmp_path / "styles" / "Gloss"
    written = gloss("export", "--format", "vale", "-o", str(style))
    assert written.exit_code == 0, written.stderr
    assert (style / "Preferred.yml").is_file()
    assert (tmp_path / "styles" / "config" / "vocabularies" / "Gloss" / "accept.txt").is_file()


# --- --format lines ---------------------------------------------------------------------------

#: (line of text, the term in it, its column in code points, in UTF-16 code units)
COLUMNS = [
    ("LoRA বাঁচায়", "LoRA", 1, 1),
    ("মডেলের নেটওয়ার্ক প্রুনিং করা হয়", "নেটওয়ার্ক প্রুনিং", 8, 8),
    ("نستخدم تقليم الشبكة هنا", "تقليم الشبكة", 8, 8),
    ("😀 Pruning", "Pruning", 3, 4),
    ("𝐀𝐁 — تقليم الشبكة", "تقليم الشبكة", 6, 8),
]


@pytest.mark.parametrize(("text", "term", "points", "units"), COLUMNS)
def test_lines_count_columns_in_code_points(
    text: str, term: str, points: int, units: int, tmp_path: Path
) -> None:
    """FILE:LINE:COL counts code points (what editors and grep-like tools read); the SARIF log
    of the same scan counts UTF-16 code units, as its columnKind says. Bengali and Arabic
    letters are one of each; a character outside the BMP is one code point, two units."""
    path = tmp_path / "t.txt"
    path.write_text("first line\n" + text + "\n", encoding="utf-8")
    lines = gloss("scan", str(path), "--format", "lines").stdout
    found = [ln for ln in lines.splitlines() if f"'{term}'" in ln]
    assert found, lines
    assert found[0].startswith(f"{path}:2:{points}: ")
    log = json.loads(gloss("scan", str(path), "--format", "sarif").stdout)
    regions = [
        r["locations"][0]["physicalLocation"]["region"]
        for r in log["runs"][0]["results"]
        if f"'{term}'" in r["message"]["text"]
    ]
    assert regions[0]["startLine"] == 2 and regions[0]["startColumn"] == units


def test_lines_help_says_how_columns_count() -> None:
    for command in ("scan", "check", "lint"):
        help_text = " ".join(gloss(command, "--help").stdout.split())
        assert "COLUMN counts Unicode code points" in help_text, command


def test_lint_writes_lines(tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    path.write_text("id,en,ar\np1,Pruning,প্রুনিং\np2,pruning,تقليم network\n", encoding="utf-8")
    result = gloss("lint", str(path), "--format", "lines")
    assert result.exit_code == 1
    rows = result.stdout.splitlines()
    assert rows and all(row.startswith(f"{path}:") for row in rows)
    assert any(": error: " in row and row.endswith("]") for row in rows)
    sarif_log = json.loads(gloss("lint", str(path), "--format", "sarif").stdout)
    assert len(sarif_log["runs"][0]["results"]) == len(rows)


def test_region_start_point_does_not_change_the_sarif_region() -> None:
    region = sarif.region_in_line(["a😀 b"], 1, 3, 4)  # "b": code point 4, UTF-16 unit 5
    assert (region.start_column, region.start_point) == (5, 4)
    assert region == sarif.Region(1, 5, 1, 6)


# --- gloss add's report -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "expected"),
    [
        (1, "1 entry in hi, 1 concept, 1 joining a bundled concept"),
        (2, "2 entries in hi, 2 concepts, 2 joining bundled concepts"),
    ],
)
def test_add_report_counts_in_the_right_number(n: int, expected: str) -> None:
    from glossary_cli.build import FileReport
    from glossary_cli.userdata import Change

    report = FileReport(file="hi.txt", langs=("hi",), entries=n, concepts=n, joined=n)
    change = Change(user_dir=Path("/u"), file="hi.txt", report=report)
    [first, *_] = api.add_report(change, dry_run=False)
    assert first == f"added {expected}".replace("added ", "added hi.txt: ", 1)


def test_add_says_one_joining_concept_in_the_singular(tmp_path: Path) -> None:
    path = tmp_path / "lora.csv"
    path.write_text(
        "en,bn,hi\nLow-Rank Adaptation,লো-র্যাঙ্ক অ্যাডাপ্টেশন,लो-रैंक अनुकूलन\n", encoding="utf-8"
    )
    result = gloss("add", str(path))
    assert result.exit_code == 0, result.stderr
    assert "1 joining a " in result.stdout and "1 joining concepts" not in result.stdout


def test_json_is_format_json_in_every_command_that_prints_json(tmp_path: Path) -> None:
    """``--json`` is ``--format json`` wherever a command prints JSON (scan and check as
    search, show, list and lint), and ``stats`` takes ``--format`` as the others do."""
    text = tmp_path / "t.txt"
    text.write_text("LoRA and pruning.\n", encoding="utf-8")
    pair = tmp_path / "p.tsv"
    pair.write_text("id\ten\tbn\n1\tLoRA is cheap.\tএটা সস্তা।\n", encoding="utf-8")
    for args in (["scan", str(text)], ["check", str(pair)]):
        short, long = gloss(*args, "--json"), gloss(*args, "--format", "json")
        assert short.exit_code == long.exit_code and short.stdout == long.stdout
        assert json.loads(short.stdout)
    assert gloss("stats", "--format", "json").stdout == gloss("stats", "--json").stdout
    assert gloss("scan", str(text), "--json", "--format", "csv").exit_code == 2
