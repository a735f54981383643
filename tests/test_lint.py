"""gloss lint: each check on small constructed glossaries (Bengali, Arabic, English), the
near-misses it must leave alone, the bundled data (no errors), and the command's outputs."""

from __future__ import annotations

import csv
import io
import json
import random
import re
import string
import time
from pathlib import Path
from typing import Any

import pytest

from glossary_cli import api, jsonout, lint
from glossary_cli.model import Concept, Definition, Glossary, LangSection, Term

from .conftest import ROOT, gloss, present


def concept(cid: str, **sections: Any) -> Concept:
    """A concept with one section per keyword (``en="LoRA"``, ``bn=("a", "b")``); a value
    may be a string, a tuple of strings and :class:`Term` values, or a :class:`LangSection`."""
    out = []
    for tag, value in sections.items():
        tag = tag.replace("_", "-")
        if isinstance(value, LangSection):
            out.append(value._replace(lang=tag))
            continue
        items = (value,) if isinstance(value, (str, Term)) else value
        terms = tuple(
            t if isinstance(t, Term) else Term(t, source=f"{cid}.txt:{n}")
            for n, t in enumerate(items, start=1)
        )
        out.append(LangSection(tag, terms))
    return Concept(cid, tuple(out))


def codes(*concepts: Concept) -> list[str]:
    return [i.code for i in lint.lint(concepts)]


# --------------------------------------------------------------------------- each check


CASES = [
    # duplicates within one language of a concept, up to what fold forgives
    ("ZWNJ", [concept("a", bn=("কোয়ান্টাইজেশন", "কোয়ান্টাইজেশন\u200c"))], "duplicate-term"),
    ("ZWJ", [concept("a", bn=("র্যাঙ্ক", "র\u200d্যাঙ্ক"))], "duplicate-term"),
    ("native digits", [concept("a", bn=("৪-বিট", "4-বিট"))], "duplicate-term"),
    ("letter case", [concept("a", en=("Low-Rank Adaptation", "low-rank adaptation"))],
     "duplicate-term"),
    ("harakat", [concept("a", ar=("خليط الخبراء", "خَلِيطُ الخُبَرَاءِ"))], "duplicate-term"),
    ("tatweel", [concept("a", ar=("تقليم", "تقـليم"))], "duplicate-term"),
    ("given twice", [concept("a", en=("pruning", "pruning"))], "duplicate-term"),
    # across concepts
    ("shared English", [concept("a", en="Pruning"), concept("b", en="pruning")], "shared-term"),
    ("shared English, translations agree",
     [concept("a", en="pruning", bn="প্রুনিং"), concept("b", en="pruning", bn="প্রুনিং", ar="تقليم")],
     "shared-term"),
    ("shared Bengali", [concept("a", bn="প্রুনিং"), concept("b", bn="প্রুনিং")], "shared-term"),
    ("conflicting Bengali",
     [concept("a", en="Pruning", bn="প্রুনিং"), concept("b", en="pruning", bn="ছাঁটাই")],
     "conflicting-translations"),
    ("conflicting Arabic",
     [concept("a", en="Pruning", ar="تقليم"), concept("b", en="pruning", ar="تشذيب")],
     "conflicting-translations"),
    ("near: British spelling",
     [concept("a", en="Quantization-Aware Training"),
      concept("b", en="quantisation aware training")],
     "near-duplicate"),
    ("near: spacing", [concept("a", en="fine-tuning"), concept("b", en="finetuning")],
     "near-duplicate"),
    ("near: a Bengali letter",
     [concept("a", bn="কোয়ান্টাইজেশন"), concept("b", bn="কোয়ান্টাইজেসন")], "near-duplicate"),
    ("near: an Arabic letter",
     [concept("a", ar="الاستدلال التخميني"), concept("b", ar="الاستدلال التخمينى السريع"),
      concept("c", ar="الاستدلال التخمبني")], "near-duplicate"),
    # a term that a text's analysis reads as a form of another concept's term
    ("a form: an English plural",
     [concept("a", en="regular expression"), concept("b", en="regular expressions")],
     "form-of-another"),
    ("a form: the Arabic article and a proclitic",
     [concept("a", ar="تقليم"), concept("b", ar="والتقليم")], "form-of-another"),
    ("a form: a Bengali ending", [concept("a", bn="প্রুনিং"), concept("b", bn="প্রুনিংকে")],
     "form-of-another"),
    # scripts that contradict the tag
    ("Bengali tagged ar", [concept("a", ar="প্রুনিং")], "script-mismatch"),
    ("Bengali tagged xx", [concept("a", xx="প্রুনিং")], "script-mismatch"),
    ("Devanagari tagged bn", [concept("a", bn="प्रूनिंग")], "script-mismatch"),
    ("Arabic tagged en", [concept("a", en="تقليم الشبكة")], "script-mismatch"),
    ("Arabic letters in Bengali", [concept("a", bn="প্রুনিং تقليم")], "script-mismatch"),
    ("Latin tagged xx", [concept("a", xx="pruning")], "unknown-language"),
    # English left in a native term
    ("English word in Bengali", [concept("a", bn="কোয়ান্টাইজেশন method")], "latin-in-term"),
    ("English word in Arabic", [concept("a", ar="تقليم network")], "latin-in-term"),
    ("all Latin in Bengali", [concept("a", bn="Transformer")], "latin-in-term"),
    ("lower-case part of an acronym", [concept("a", bn="LoRA-based অভিযোজন")], "latin-in-term"),
    # digits
    ("Bengali and ASCII digits", [concept("a", bn="৪-বিট 8 স্তর")], "mixed-digits"),
    ("Arabic-Indic and Persian digits", [concept("a", ar="تكميم ٤ و ۴")], "mixed-digits"),
    # picklists
    ("status off the picklist",
     [concept("a", en=Term("pruning", status_original="Not Selected"))], "unknown-status"),
    ("status value off the picklist", [concept("a", en=Term("pruning", status="draft"))],
     "unknown-status"),
    ("term type off the picklist", [concept("a", en=Term("LoRA", type="Abbrev"))],
     "unknown-term-type"),
    ("term type misspelt", [concept("a", en=Term("LoRA", type="Full Form"))], "unknown-term-type"),
    # empty things
    ("empty definition",
     [concept("a", bn=LangSection("bn", (Term("প্রুনিং"),), (Definition(" - ", "a.txt:2"),)))],
     "empty-definition"),
    ("empty concept definition",
     [Concept("a", (LangSection("en", (Term("x"),)),), definitions=(Definition("", "a:1"),))],
     "empty-definition"),
    ("empty term", [concept("a", bn="—")], "empty-term"),
    ("bidi override", [concept("a", ar="تقليم\u202e")], "control-character"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "concepts", "code"), CASES, ids=[c[0] for c in CASES])
def test_each_check_finds_its_case(name: str, concepts: list[Concept], code: str) -> None:
    issues = lint.lint(concepts)
    assert code in [i.code for i in issues], issues
    found = next(i for i in issues if i.code == code)
    assert found.severity == lint.CODES[code]
    assert found.message and found.hint
    assert found.concept in {c.id for c in concepts}


NEAR_MISSES = [
    ("a term and its abbreviation",
     [concept("a", en=("Low-Rank Adaptation", Term("LoRA", type="abbreviation")),
              bn=("লো-র্যাঙ্ক অ্যাডাপ্টেশন (LoRA)", Term("LoRA", type="abbreviation")))]),
    ("spelling variants within one concept",
     [concept("a", en=("low-rank factorization", "low-rank factorisation"))]),
    ("the same term in two languages", [concept("a", en="MoE", bn="MoE", ar="MoE")]),
    ("digits tell concepts apart",
     [concept("a", en="INT4 quantization"), concept("b", en="INT8 quantization")]),
    ("Bengali digits tell concepts apart",
     [concept("a", bn="৪-বিট ইন্টিজার"), concept("b", bn="৮-বিট ইন্টিজার")]),
    ("a prefix makes another word",
     [concept("a", en="supervised learning"), concept("b", en="unsupervised learning")]),
    ("another first letter", [concept("a", en="encoder layer"), concept("b", en="decoder layer")]),
    ("another short word",
     [concept("a", en="self-supervised learning"), concept("b", en="semi-supervised learning")]),
    ("a word added", [concept("a", en="grid search"), concept("b", en="grid search optimization")]),
    ("short abbreviations", [concept("a", en="LoRA"), concept("b", en="DoRA")]),
    ("acronyms in a Bengali term", [concept("a", bn="GPU মেমরি FP8 k-মিনস")]),
    ("a parenthetical English name", [concept("a", bn="প্রুনিং (Network Pruning)")]),
    ("a name with two capitals", [concept("a", bn="PyTorch মডেল")]),
    ("a Latin acronym in a Bengali term with Bengali digits", [concept("a", bn="৮-বিট FP8")]),
    ("ZWNJ in Persian and ZWJ in Bengali", [concept("a", fa="می\u200cخواهم", bn="র\u200d্যাঙ্ক")]),
    ("Assamese in Bengali script", [concept("a", **{"as": "অসমীয়া"})]),
    ("Japanese in kana and kanji", [concept("a", ja="量子化モデル")]),
    ("Urdu in Arabic script", [concept("a", ur="ماڈل")]),
    ("private-use tag", [concept("a", qaa="প্রুনিং")]),
    ("picklist status and a TBX type",
     [concept("a", en=(Term("pruning", status="preferred", status_original="preferredTerm"),
                       Term("pruning method", type="phraseologicalUnit")))]),
    ("curated search-only alias repeats a term",
     [concept("a", en=("pruning", Term("Pruning", role="search-only")))]),
]  # fmt: skip


@pytest.mark.parametrize(("name", "concepts"), NEAR_MISSES, ids=[c[0] for c in NEAR_MISSES])
def test_near_misses_give_no_issue(name: str, concepts: list[Concept]) -> None:
    assert lint.lint(concepts) == ()


def test_an_issue_says_where_and_what() -> None:
    a = concept("a", en="Pruning", bn="প্রুনিং")
    b = concept("b", en="pruning", bn="ছাঁটাই")
    (issue,) = lint.lint([a, b])
    assert issue == lint.Issue(
        "warning",
        "conflicting-translations",
        "'pruning' is also a term of 'a', whose Bengali term is 'প্রুনিং'; 'b' gives 'ছাঁটাই'",
        "b",
        "bn",
        "ছাঁটাই",
        "b.txt:1",
        issue.hint,
    )
    assert list(jsonout.row(issue)) == [
        "schema_version", "severity", "code", "message", "concept", "lang", "term", "source",
        "hint",
    ]  # fmt: skip


def test_a_pair_of_concepts_sharing_several_terms_is_one_issue() -> None:
    a = concept("a", en=("Mixture of Experts", Term("MoE", type="abbreviation")), bn="মিশ্র বিশেষজ্ঞ")
    b = concept("b", en=("mixture of experts", Term("MoE", type="abbreviation")), bn="মিশ্র বিশেষজ্ঞ")
    issues = lint.lint([a, b])
    assert [(i.code, i.concept, i.term) for i in issues] == [
        ("shared-term", "b", "mixture of experts")
    ]
    assert "2 more of its terms" in issues[0].message


def test_duplicate_message_says_what_differs() -> None:
    (issue,) = lint.lint([concept("a", ar=("خليط الخبراء", "خَلِيطُ الخُبَرَاءِ"))])
    assert "harakat" in issue.message and issue.source == "a.txt:2"
    (issue,) = lint.lint([concept("a", bn=("৪-বিট", "4-বিট"))])
    assert "digits" in issue.message


def test_issues_come_in_concept_order_with_reader_warnings_first() -> None:
    from glossary_cli.errors import ParseWarning

    concepts = (concept("a", bn="প্রুনিং method"), concept("b", en="تقليم", bn="৪ 4"))
    glossary = Glossary((), concepts, (ParseWarning("row 3 left out", path="t.csv", line=3),))
    issues = lint.lint(glossary)
    assert [(i.code, i.concept, i.source) for i in issues] == [
        ("read-warning", "", "t.csv:3"),
        ("latin-in-term", "a", "a.txt:1"),
        ("script-mismatch", "b", "b.txt:1"),
        ("mixed-digits", "b", "b.txt:1"),
    ]
    assert lint.lint(glossary) == issues  # deterministic


def test_report_counts() -> None:
    report = lint.report([concept("a", en=("x", "X")), concept("b", bn="Transformer")])
    assert (report.concepts, report.terms, report.errors, report.warnings) == (2, 3, 1, 1)


@pytest.mark.slow
def test_many_concepts_are_not_compared_pairwise() -> None:
    """Near-duplicates are found by grouping, not by comparing every pair: 20 000 concepts
    whose English terms all share their words but one take about as long per concept as
    2 000 do (quadratic comparison would take 100 times as long)."""

    def concepts(n: int) -> list[Concept]:
        rng = random.Random(7)
        out = []
        for i in range(n):
            word = "".join(rng.choice(string.ascii_lowercase) for _ in range(10))
            out.append(concept(f"c{i}", en=f"quantization {word} method",
                               bn=f"কোয়ান্টাইজেশন {i}"))  # fmt: skip
        out.append(concept("late", en=present(out[0].english).terms[0].text.replace("z", "s", 1)))
        return out

    def timed(n: int) -> tuple[float, tuple[lint.Issue, ...]]:
        data = concepts(n)
        start = time.perf_counter()
        issues = lint.lint(data)
        return time.perf_counter() - start, issues

    small, _ = timed(2_000)
    large, issues = timed(20_000)
    assert [(i.code, i.concept) for i in issues] == [("near-duplicate", "late")]
    assert large < small * 30


# --------------------------------------------------------------------------- reading the input


def test_bundled_data_has_no_errors() -> None:
    report = api.lint()
    assert report.concepts >= 40 and report.errors == 0
    assert [i for i in report.issues if i.severity == "error"] == []


def test_a_plain_file_is_built_and_its_reader_warnings_kept(tmp_path: Path) -> None:
    path = tmp_path / "terms.txt"
    path.write_text(
        "শিরোনাম\nউপশিরোনাম\nকোয়ান্টাইজেশন method (QAT)\nএকটি পদ্ধতি।\n"
        "কোয়ান্টাইজেশন method (QAT)\nআরেকটি।\n৪-বিট 8 ইন্টিজার\nসংজ্ঞা।\n",
        encoding="utf-8",
    )
    report = api.lint(path)
    found = {(i.code, i.source) for i in report.issues}
    assert ("read-warning", "terms.txt:5") in found
    assert ("latin-in-term", "terms.txt:3") in found
    assert ("mixed-digits", "terms.txt:7") in found
    assert report.errors == 0


def test_a_termbase_file_and_a_term_folder(tmp_path: Path) -> None:
    tbx = ROOT / "tests/fixtures/tbx/weblate-terms-excerpt.tbx"
    report = api.lint(tbx)
    assert [(i.code, i.term, i.source) for i in report.issues if i.severity == "error"] == [
        ("duplicate-term", "vymazat", "weblate-terms-excerpt.tbx:168")
    ]
    folder = api.lint(ROOT / "tests/fixtures/term-folder/glossary")
    assert folder.concepts > 0 and folder.errors == 0
    csv_file = tmp_path / "t.csv"
    csv_file.write_text("en,bn\npruning,प्रूनिंग\n", encoding="utf-8")
    assert [i.code for i in api.lint(csv_file).issues] == ["script-mismatch"]


def test_a_folder_that_is_no_glossary_is_refused(tmp_path: Path) -> None:
    from glossary_cli.errors import UsageError

    with pytest.raises(UsageError, match="neither a term folder nor a data directory"):
        api.lint(tmp_path)


# --------------------------------------------------------------------------- the command


def test_lint_on_the_bundled_data_exits_0() -> None:
    result = gloss("lint")
    assert result.exit_code == 0, result.stderr
    assert re.search(r"gloss: 0 errors, \d+ warnings? in \d+ concepts", result.stderr)


def test_errors_exit_1_and_plain_lines_when_piped() -> None:
    tbx = str(ROOT / "tests/fixtures/tbx/weblate-terms-excerpt.tbx")
    result = gloss("lint", tbx)
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        "weblate-terms-excerpt.tbx:168: error: the Czech term 'vymazat' repeats 'vymazat' "
        "(weblate-terms-excerpt.tbx:154): the same term twice (keep one of them: search "
        "finds both spellings alike) [duplicate-term]"
    ]
    assert "1 error, 0 warnings in 6 concepts" in result.stderr


def test_warnings_alone_exit_0(tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    path.write_text("en,bn\npruning,প্রুনিং method\n", encoding="utf-8")
    result = gloss("lint", str(path))
    assert result.exit_code == 0
    assert "warning" in result.stdout and "[latin-in-term]" in result.stdout


@pytest.mark.parametrize("args", [["--json"], ["--format", "json"]])
def test_json_output_parses(tmp_path: Path, args: list[str]) -> None:
    path = tmp_path / "t.csv"
    # two concepts (ids of their own) with one English name and different Arabic
    path.write_text("id,en,ar\np1,Pruning,প্রুনিং\np2,pruning,تقليم network\n", encoding="utf-8")
    result = gloss("lint", str(path), *args)
    assert result.exit_code == 1
    rows = json.loads(result.stdout)
    assert [r["code"] for r in rows] == [
        "script-mismatch", "latin-in-term", "conflicting-translations",
    ]  # fmt: skip
    assert list(rows[0]) == [
        "schema_version", "severity", "code", "message", "concept", "lang", "term", "source",
        "hint",
    ]  # fmt: skip
    assert rows[0]["term"] == "প্রুনিং" and "প্রুনিং" in result.stdout  # not ASCII-escaped


def test_json_of_no_issues_is_an_empty_list() -> None:
    result = gloss("lint", "--json")
    assert result.exit_code == 0 and json.loads(result.stdout) == []


def test_csv_and_jsonl_outputs(tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    path.write_text("en,bn\npruning,प्रूनिंग\n", encoding="utf-8")
    rows = list(csv.DictReader(io.StringIO(gloss("lint", str(path), "-f", "csv").stdout)))
    assert [r["code"] for r in rows] == ["script-mismatch"]
    lines = gloss("lint", str(path), "-f", "jsonl").stdout.splitlines()
    assert [json.loads(line)["severity"] for line in lines] == ["error"]


def test_table_on_a_terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "t.csv"
    path.write_text("en,bn\npruning,[red]প্রুনিং method\n", encoding="utf-8")
    monkeypatch.setenv("TTY_COMPATIBLE", "1")
    monkeypatch.setenv("COLUMNS", "120")
    result = gloss("lint", "--no-pager", str(path))
    plain = re.sub(r"\x1b\[[0-9;]*m", "", result.stdout)
    assert "┃ where" in plain and "latin-in-term" in plain
    assert "[red]প্রুনিং method" in plain  # glossary text is never markup


def test_glossary_option_keeps_that_files_issues(tmp_path: Path) -> None:
    added = tmp_path / "mine.csv"
    added.write_text("en,bn\nPruning,ছাঁটাই\nmodel,मॉडल\n", encoding="utf-8")
    assert gloss("add", str(added)).exit_code == 0
    result = gloss("lint", "--glossary", "mine", "--json")
    rows = json.loads(result.stdout)
    assert {r["code"] for r in rows} == {"conflicting-translations", "script-mismatch"}
    assert all(r["source"].startswith("mine.csv:") for r in rows)
    assert result.exit_code == 1
    bundled = gloss("lint", "--glossary", "001_5a07ee38a131a210.txt")
    assert bundled.exit_code == 0, bundled.stdout


def test_unknown_glossary_is_a_usage_error_with_the_names_there_are() -> None:
    """Exit 1 is lint's "an error was found": an unknown --glossary is 2, as in search."""
    result = gloss("lint", "--glossary", "nope")
    assert result.exit_code == 2
    assert "no loaded glossary is named 'nope'" in result.stderr
    assert "loaded glossaries: 000_137ebd2ba72c1cdb.txt" in result.stderr


def test_path_and_glossary_together_is_a_usage_error() -> None:
    result = gloss("lint", "x.tbx", "--glossary", "x")
    assert result.exit_code == 2


def test_a_missing_path_is_a_usage_error_as_in_every_command(tmp_path: Path) -> None:
    """Exit 1 is lint's "an error was found": a path that does not exist is 2, as in add,
    scan, check and lookup, so that a CI job tells a typo in a path from a bad glossary."""
    missing = str(tmp_path / "none.tbx")
    for argv in (["lint", missing], ["add", missing], ["scan", missing], ["check", missing]):
        result = gloss(*argv)
        assert result.exit_code == 2, argv
        assert missing in result.stderr or "none.tbx" in result.stderr


def test_lint_has_help_with_an_example_and_is_in_the_readme() -> None:
    text = gloss("lint", "--help").stdout
    assert re.search(r"Example: gloss lint\b", text)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert re.search(r"gloss lint\b", readme)
    for code in lint.CODES:
        assert f"`{code}`" in readme, code
