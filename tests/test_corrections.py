"""Correcting a bundled entry: a user's glossary that gives a bundled concept's entry with
its term or its definition changed corrects that concept (the user's value stands, the
bundled term is kept as superseded, each with the glossary it comes from) instead of adding
a second concept; removing the glossary brings the bundled entry back."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from .conftest import DATA, ok

BUNDLED_BN = DATA / "sources" / "000_137ebd2ba72c1cdb.txt"
OLD, NEW = "নেটওয়ার্ক প্রুনিং", "নেটওয়ার্ক ছাঁটাই"


@pytest.fixture(autouse=True)
def _wide(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables 200 columns wide: no term is cut."""
    monkeypatch.setenv("COLUMNS", "200")


def card(query: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(ok("show", query, "--json").stdout)
    return found


def bn_terms(concept: dict[str, Any]) -> list[tuple[str, str | None, str]]:
    section = concept["terms"]["bn"]
    return [(t["term"], t.get("status"), t["source"]) for t in section["terms"]]


def concepts() -> int:
    count: int = json.loads(ok("stats", "--json").stdout)["concepts"]
    return count


@pytest.mark.slow
def test_a_corrected_copy_of_a_bundled_file_corrects_one_concept(tmp_path: Path) -> None:
    text = BUNDLED_BN.read_text(encoding="utf-8")
    assert OLD in text
    copy = tmp_path / "bn-fixed.txt"
    copy.write_text(text.replace(OLD, NEW, 1), encoding="utf-8")
    before = concepts()
    added = ok("add", str(copy))
    assert "1 concept held already, corrected:" in added.stdout
    assert f"pruning: bn: {NEW!r} replaces {OLD!r}" in added.stdout
    assert "as another concept" not in added.stderr
    assert "give the same English" not in added.stderr
    # no concept twice: the other 14 entries are the bundled concepts' own
    assert concepts() == before
    pruning = card("pruning")
    assert pruning["id"] == "pruning"
    assert bn_terms(pruning) == [
        (NEW, None, "bn-fixed.txt:3"),
        (OLD, "superseded", "000_137ebd2ba72c1cdb.txt:3"),
    ]
    # the old term still finds the concept, which shows the corrected one
    assert card(OLD)["id"] == "pruning"
    shown = ok("show", "pruning", "--lang", "bn").stdout
    assert "superseded, use " + NEW in shown and "from 000_137ebd2ba72c1cdb.txt:3" in shown
    ok("remove", "bn-fixed.txt")
    assert bn_terms(card("pruning")) == [(OLD, None, "000_137ebd2ba72c1cdb.txt:3")]
    assert concepts() == before


@pytest.mark.slow
def test_a_correction_by_concept_id_in_gloss_records(tmp_path: Path) -> None:
    """A concept exported from the termbase, its Bengali term changed, and another's Arabic
    definition changed, added back: the first gets the new term, the second the new
    definition, and nothing else changes."""
    records = [json.loads(line) for line in ok("export", "--format", "jsonl").stdout.splitlines()]
    by_id = {r["id"]: r for r in records}
    lora = by_id["low-rank-adaptation"]
    old_bn = lora["languages"]["bn"]["terms"][0]["term"]
    lora["languages"]["bn"]["terms"] = [{"term": "লোরা অভিযোজন"}]
    del lora["languages"]["bn"]["definitions"]
    pruning = by_id["pruning"]
    old_ar = pruning["languages"]["ar"]["terms"][0]["term"]
    pruning["languages"]["ar"]["definitions"] = [{"text": "تعريف مصحح للتقليم."}]
    path = tmp_path / "fixes.jsonl"
    path.write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in (lora, pruning)),
        encoding="utf-8",
    )
    before = concepts()
    added = ok("add", str(path))
    assert "2 concepts held already, corrected:" in added.stdout
    assert concepts() == before
    shown = card("low-rank-adaptation")["terms"]["bn"]
    assert [t["term"] for t in shown["terms"]][:2] == ["লোরা অভিযোজন", old_bn]
    assert shown["terms"][1]["status"] == "superseded"
    assert shown["definitions"], "the bundled definition stays when the fix gives none"
    fixed = card("pruning")["terms"]["ar"]
    assert [d["text"] for d in fixed["definitions"]] == ["تعريف مصحح للتقليم."]
    assert fixed["terms"][0]["term"] == old_ar and fixed["terms"][0]["status"] == "preferred"


@pytest.mark.slow
def test_another_concept_of_the_same_english_name_is_still_kept_apart(tmp_path: Path) -> None:
    """Without an id, a different term and a different definition under a bundled English
    name is another concept (a near-duplicate, reported), not a correction."""
    path = tmp_path / "other.csv"
    path.write_text(
        "en,bn,bn_definition\nPruning,গাছ ছাঁটাই,সিদ্ধান্ত গাছের শাখা কেটে ফেলা।\n", encoding="utf-8"
    )
    before = concepts()
    added = ok("add", str(path))
    assert "corrected" not in added.stdout
    assert concepts() == before + 1
    assert bn_terms(card("pruning"))[0][0] == OLD


def test_an_edited_csv_export_corrects_the_concept(tmp_path: Path) -> None:
    """The README's way: export as CSV (with ids), change a term, add the file back."""
    exported = ok("export", "--format", "csv").stdout
    lines = exported.splitlines()
    old_ar = "تقليم الشبكة"
    rows = [line for line in lines[1:] if line.startswith("pruning,")]
    assert any(f",{old_ar}," in row for row in rows), rows
    fixed = [lines[0], *(row.replace(f",{old_ar},", ",تشذيب الشبكة,") for row in rows)]
    path = tmp_path / "ar-fixed.csv"
    path.write_text("\n".join(fixed) + "\n", encoding="utf-8")
    before = concepts()
    added = ok("add", str(path))
    assert "1 concept held already, corrected:" in added.stdout, added.stdout
    assert f"pruning: ar: 'تشذيب الشبكة' replaces {old_ar!r}" in added.stdout
    assert concepts() == before
    ar = card("pruning")["terms"]["ar"]
    assert ar["term"] == "تشذيب الشبكة"
    assert {t["term"]: t.get("status") for t in ar["terms"]}[old_ar] == "superseded"


def test_a_second_correction_of_a_concept_corrects_the_first(tmp_path: Path) -> None:
    text = BUNDLED_BN.read_text(encoding="utf-8")
    first, second = "নেটওয়ার্ক ছাঁটাই", "নেটওয়ার্ক কর্তন"
    (tmp_path / "fix1.txt").write_text(text.replace(OLD, first, 1), encoding="utf-8")
    (tmp_path / "fix2.txt").write_text(text.replace(OLD, second, 1), encoding="utf-8")
    before = concepts()
    ok("add", str(tmp_path / "fix1.txt"))
    added = ok("add", str(tmp_path / "fix2.txt"))
    assert f"pruning: bn: {second!r} replaces {first!r}" in added.stdout, added.stdout
    assert "15 entries in bn, 15 concepts" in added.stdout
    assert "kept as" not in added.stderr
    assert concepts() == before
    terms = bn_terms(card("pruning"))
    assert terms[0] == (second, None, "fix2.txt:3")
    assert sorted(terms[1:]) == sorted(
        [(first, "superseded", "fix1.txt:3"), (OLD, "superseded", "000_137ebd2ba72c1cdb.txt:3")]
    )
    ok("remove", "fix2.txt")
    assert bn_terms(card("pruning"))[0] == (first, None, "fix1.txt:3")


def test_a_corrected_copy_that_gives_another_english_name_is_another_concept(
    tmp_path: Path,
) -> None:
    """A changed entry with another English headword in its parenthetical is another
    concept, not a correction that would lose the new name; an unchanged entry is the bundled
    one whatever English its parenthetical gives (as a parallel file's)."""
    text = BUNDLED_BN.read_text(encoding="utf-8")
    copy = tmp_path / "renamed.txt"
    copy.write_text(
        text.replace(f"{OLD} (Pruning)", f"{NEW} (Neural Sparsification)", 1), encoding="utf-8"
    )
    before = concepts()
    ok("add", str(copy))
    assert concepts() == before + 1
    assert card("Neural Sparsification")["en"] == "Neural Sparsification"
    assert bn_terms(card("pruning"))[0] == (OLD, None, "000_137ebd2ba72c1cdb.txt:3")


BUNDLED_AR = DATA / "sources" / "003_be6544853e9035eb.txt"


def test_a_corrected_copy_of_the_arabic_file_corrects_one_concept(tmp_path: Path) -> None:
    """Its entries whose parenthetical is an abbreviation or another English than the
    headword (النشر على وحدة معالجة الموتر (TPU), TPU Deployment) are unchanged: they are the
    bundled concepts' own, not six new concepts."""
    text = BUNDLED_AR.read_text(encoding="utf-8")
    old_ar, new_ar = "تقليم الشبكة", "تشذيب الشبكة"
    copy = tmp_path / "ar-fixed.txt"
    copy.write_text(text.replace(old_ar, new_ar, 1), encoding="utf-8")
    before = concepts()
    added = ok("add", str(copy))
    assert f"pruning: ar: {new_ar!r} replaces {old_ar!r}" in added.stdout
    assert "15 joining bundled concepts" in added.stdout, added.stdout
    assert concepts() == before
    tbx = ok("export", "--format", "tbx").stdout
    assert tbx.count("<termEntry") == before
    assert tbx.count("النشر على وحدة معالجة الموتر<") == 1


def test_corrections_from_a_csv_and_a_plain_copy_agree_in_either_order(tmp_path: Path) -> None:
    """Two files correcting one bundled term: whichever is added first, one concept, the
    bundled term superseded, and removing either leaves the other's correction in force."""
    text = BUNDLED_BN.read_text(encoding="utf-8")
    (tmp_path / "bn-fixed.txt").write_text(text.replace(OLD, NEW, 1), encoding="utf-8")
    (tmp_path / "two.csv").write_text("id,lang,term\npruning,bn,প্রুনিং পদ্ধতি\n", encoding="utf-8")
    before = concepts()
    for order in (("bn-fixed.txt", "two.csv"), ("two.csv", "bn-fixed.txt")):
        for name in order:
            ok("add", str(tmp_path / name))
        assert concepts() == before, order
        terms = {t: status for t, status, _ in bn_terms(card("pruning"))}
        assert terms[OLD] == "superseded", (order, terms)
        assert [c["id"] for c in json.loads(ok("search", OLD, "--json").stdout)].count(
            "pruning-2"
        ) == 0
        ok("remove", order[0])
        kept = bn_terms(card("pruning"))
        assert kept[0][2].startswith(order[1].split(".")[0]), (order, kept)
        assert not any(source.startswith(order[0]) for _, _, source in kept), (order, kept)
        assert concepts() == before
        ok("remove", order[1])
        assert bn_terms(card("pruning")) == [(OLD, None, "000_137ebd2ba72c1cdb.txt:3")]
