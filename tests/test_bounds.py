"""Bounds on size: what one term, definition, cell and line may hold in every reader
(:mod:`glossary_cli.limits`), and what writing a termbase's records costs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from glossary_cli import build, limits, store
from glossary_cli.errors import ExitCode, ParseError
from glossary_cli.formats._yaml import dump_yaml
from glossary_cli.records import glossary_to_mapping
from glossary_cli.store import HEADER

from .conftest import DATA, gloss

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("chunk", [1, 7, 1000])
@pytest.mark.parametrize("where", [DATA, ROOT / "tests" / "fixtures" / "worst_case"])
def test_records_written_a_chunk_at_a_time_are_the_text_of_one_dump(
    where: Path, chunk: int
) -> None:
    glossary = store.read_records(where)
    assert len(glossary.concepts) > 1
    whole = HEADER + dump_yaml(glossary_to_mapping(glossary))
    assert build.records_text(glossary, chunk) == whole
    empty = glossary._replace(concepts=())
    assert build.records_text(empty, chunk) == HEADER + dump_yaml(glossary_to_mapping(empty))


# --------------------------------------------------------------------------- size bounds

#: A term of 2 MB (Bengali: three bytes a letter), past every reader's bound.
LONG = "ক" * 700_000
GOOD_BN, GOOD_EN = "মডেল", "Transformer"


def _json_line(term: str, en: str) -> str:
    record = {"id": en.casefold(), "languages": {"en": {"terms": [{"term": en}]},
                                                 "bn": {"terms": [{"term": term}]}}}  # fmt: skip
    return json.dumps(record, ensure_ascii=False) + "\n"


def _tbx(*pairs: tuple[str, str]) -> str:
    entries = "".join(
        f'<termEntry id="{en.casefold()}"><langSet xml:lang="en"><tig><term>{en}</term></tig>'
        f'</langSet>\n<langSet xml:lang="bn"><tig><term>{bn}</term></tig></langSet></termEntry>\n'
        for bn, en in pairs
    )
    head = '<?xml version="1.0"?>\n<martif type="TBX" xml:lang="en"><text><body>\n'
    return f"{head}{entries}</body></text></martif>\n"


def _yaml(*pairs: tuple[str, str]) -> str:
    concepts = "".join(
        f"- id: {en.casefold()}\n  languages:\n    en:\n      terms:\n      - term: {en}\n"
        f"    bn:\n      terms:\n      - term: {bn}\n"
        for bn, en in pairs
    )
    return f"schema_version: 2\nconcepts:\n{concepts}"


#: Each reader's file of a good concept and one whose Bengali term is :data:`LONG`: its name,
#: its text, and the line of the long term.
FILES = {
    "text": ("bn.txt", f"এআই গ্লসারি\nপরিভাষা\n{GOOD_BN} ({GOOD_EN})\nএকটি মডেল।\n{LONG}\nসংজ্ঞা।\n", 5),
    "markdown": ("glossary.md", f"# Glossary\n\n## {GOOD_BN} ({GOOD_EN})\n\nএকটি মডেল।\n\n"
                 f"## {LONG}\n\nসংজ্ঞা।\n", 7),
    "po": ("bn.po", f'msgid ""\nmsgstr ""\n"Language: bn\\n"\n\nmsgid "{GOOD_EN}"\nmsgstr '
           f'"{GOOD_BN}"\n\nmsgid "Long"\nmsgstr "{LONG}"\n', 8),
    "csv": ("terms.csv", f"en,bn\n{GOOD_EN},{GOOD_BN}\nLong,{LONG}\n", 3),
    "tbx": ("terms.tbx", _tbx((GOOD_BN, GOOD_EN), (LONG, "Long")), 6),
    "jsonl": ("terms.jsonl", _json_line(GOOD_BN, GOOD_EN) + _json_line(LONG, "Long"), 2),
    "yaml": ("terms.yaml", _yaml((GOOD_BN, GOOD_EN), (LONG, "Long")), 18),
}  # fmt: skip


def _said(result: Any, name: str, line: int) -> bool:
    text = " ".join((result.stdout + result.stderr).split())
    return f"{name}:{line}" in text and "characters" in text


@pytest.mark.parametrize("fmt", sorted(FILES))
def test_a_two_megabyte_term_is_refused_naming_its_file_and_line(tmp_path: Path, fmt: str) -> None:
    name, text, line = FILES[fmt]
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    assert len(LONG.encode()) > 2_000_000
    added = gloss("add", str(path))
    assert _said(added, name, line), added.stdout + added.stderr
    if added.exit_code != 0:  # the record formats refuse the file: add the good part alone
        assert added.exit_code == ExitCode.DATA
        kept = text.replace(LONG, "দীর্ঘ") if fmt != "yaml" else _yaml((GOOD_BN, GOOD_EN))
        path.write_text(kept, encoding="utf-8")
        assert gloss("add", str(path)).exit_code == 0
    found = gloss("search", GOOD_BN, "--json")
    assert found.exit_code == 0
    assert any(h["terms"]["bn"]["term"] == GOOD_BN for h in json.loads(found.stdout))
    for shown in (gloss("search", LONG[:200], "--json"),
                  gloss("list", "--json")):  # fmt: skip
        assert LONG[:2000] not in shown.stdout  # never indexed


def test_a_two_megabyte_term_in_a_term_folder_leaves_its_file_out(tmp_path: Path) -> None:
    folder = tmp_path / "glossary"
    (folder / "bn").mkdir(parents=True)
    (folder / "bn" / "model.md").write_text(f"---\ntitle: {GOOD_BN}\n---\nএকটি মডেল।\n")
    (folder / "bn" / "long.md").write_text(f"---\ntitle: {LONG}\n---\nসংজ্ঞা।\n")
    added = gloss("add", str(folder))
    assert added.exit_code == 0, added.stderr
    assert _said(added, "bn/long.md", 2)
    found = gloss("search", GOOD_BN, "--json")
    assert any(h["terms"]["bn"]["term"] == GOOD_BN for h in json.loads(found.stdout))
    assert LONG[:2000] not in gloss("list", "--json").stdout


def test_a_spreadsheet_cell_past_the_bound_is_refused_with_its_row(tmp_path: Path) -> None:
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    for row in (["en", "bn"], [GOOD_EN, GOOD_BN], ["Long", LONG]):
        sheet.append(row)
    path = tmp_path / "terms.xlsx"
    book.save(path)
    refused = gloss("add", str(path))
    assert refused.exit_code == ExitCode.DATA and _said(refused, "terms.xlsx", 3)
    skipped = gloss("add", str(path), "--skip-bad")
    assert skipped.exit_code == 0 and _said(skipped, "terms.xlsx", 3)
    found = gloss("search", GOOD_BN, "--json")
    assert any(h["terms"]["bn"]["term"] == GOOD_BN for h in json.loads(found.stdout))


@pytest.mark.parametrize(
    ("term", "refused"), [(limits.MAX_TERM, False), (limits.MAX_TERM + 1, True)]
)
def test_the_bound_of_a_term_is_the_same_in_every_reader(term: int, refused: bool) -> None:
    from glossary_cli.formats import get, seedtext

    text = "ক" * term
    plain = seedtext.parse(f"শিরোনাম\nউপ\n{text}\nসংজ্ঞা।\nমডেল\nএকটি মডেল।\n".encode(), "g.txt")
    table = get("csv").read(f"en,bn\nModel,মডেল\nLong,{text}\n".encode(), "t.csv", skip_bad=True)
    records = get("jsonl").read
    lines = (_json_line(GOOD_BN, GOOD_EN) + _json_line(text, "Long")).encode()
    tbx = get("tbx").read(_tbx((GOOD_BN, GOOD_EN), (text, "Long")).encode(), "t.tbx")
    bengali = [t.text for c in tbx.concepts for s in c.languages if s.lang == "bn" for t in s.terms]
    left = [len(plain.entries) == 1, len(table.concepts) == 1, text not in bengali]
    assert left == [refused] * 3
    if refused:
        with pytest.raises(ParseError, match="1,001 characters"):
            records(lines, "t.jsonl")
    else:
        assert len(records(lines, "t.jsonl").concepts) == 2


@pytest.mark.parametrize("fmt", ["xliff", "tmx"])
def test_a_bilingual_unit_past_the_bound_of_a_text_is_refused_with_its_line(fmt: str) -> None:
    from glossary_cli.formats import xliff

    from .fuzz_inputs import TMX, XLIFF12

    document, said = (XLIFF12, "c.xlf:7") if fmt == "xliff" else (TMX, "m.tmx:4")
    long = document.replace(b"Experts", "ক".encode() * (limits.MAX_TEXT + 1))
    with pytest.raises(ParseError) as refused:
        xliff.pairs(long, said.split(":")[0])
    assert str(refused.value).startswith(said) and "20,000" in str(refused.value)
    assert len(xliff.pairs(document, said.split(":")[0])[2]) >= 1


def test_an_overlong_term_in_records_of_an_earlier_release_is_never_indexed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Records written before readers bounded terms may hold a huge one: it stays on its
    concept's card, and the index leaves it out, so that no lookup pays for it."""
    data = tmp_path / "data"
    data.mkdir()
    huge = "zebra " * 30_000  # 180,000 characters, a synonym of Pruning
    text = (DATA / "concepts.yaml").read_text(encoding="utf-8")
    text = text.replace("      - term: network pruning\n", f"      - term: {huge.strip()}\n", 1)
    (data / "concepts.yaml").write_text(text, encoding="utf-8")
    monkeypatch.setenv("GLOSS_DATA", str(data))
    found = gloss("search", "pruning", "--json")
    assert found.exit_code == 0, found.output
    assert json.loads(found.stdout)[0]["id"] == "pruning"
    hits = json.loads(gloss("search", "zebra zebra zebra", "--json").stdout)
    assert not [h for h in hits if h["id"] == "pruning"]  # the huge synonym is no name
    card = gloss("show", "pruning", "--json")
    assert "zebra zebra" in card.stdout  # kept in the records and on the card


def test_a_message_that_quotes_a_huge_value_is_cut() -> None:
    exc = ParseError("the value " + "x" * 50_000 + " is wrong", path="a.yaml", line=3)
    assert len(str(exc)) < 1100 and str(exc).startswith("a.yaml:3: the value xxx")
