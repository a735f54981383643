"""gloss check: a translation held to the glossary — missing, deprecated, inconsistent and
untranslated terms, in tables, PO files and line-aligned texts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from glossary_cli.model import Concept, LangSection, Term
from glossary_cli.text.check import Segment, check, table_segments, two_files
from glossary_cli.text.scan import Automaton, Name, scan

from .conftest import gloss

BUS = Concept("bus", (
    LangSection("en", (Term("bus", status="preferred"),)),
    LangSection("bn", (Term("বাস", status="preferred"), Term("ডাটালাইন", status="deprecated"))),
))  # fmt: skip
MODEL = Concept("model", (
    LangSection("en", (Term("model"),)),
    LangSection("bn", (Term("মডেল"), Term("প্রতিরূপ", status="admitted"))),
))  # fmt: skip
ONLY_EN = Concept("kernel", (LangSection("en", (Term("kernel"),)),))
CONCEPTS = {c.id: c for c in (BUS, MODEL, ONLY_EN)}


def _automaton() -> Automaton:
    from glossary_cli.normalize import fold

    names = []
    for c in CONCEPTS.values():
        for s in c.languages:
            for t in s.terms:
                field = "en" if s.lang == "en" else "term"
                names.append((fold(t.text), Name(c.id, s.lang, t.text, field, t.status, None)))
    return Automaton.of_names(names)


def _check(segments: list[Segment], kinds: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    automaton = _automaton()
    found = check(
        segments, lambda text, langs: scan(text, automaton, langs), CONCEPTS.get, "en", "bn",
        *( (kinds,) if kinds else () ),
    )  # fmt: skip
    return [(i.seg_id, i.kind, i.id, i.found) for i in found]


@pytest.mark.parametrize(
    ("source", "target", "expected"),
    [
        # the glossary's term, as it is or inflected: clean
        ("The model works.", "মডেলটি কাজ করে।", []),
        ("The model works.", "প্রতিরূপ কাজ করে।", []),  # an admitted synonym
        # another word: missing
        ("The model works.", "এটি কাজ করে।", [("1", "missing", "model", "")]),
        # a deprecated term: deprecated, not also missing
        ("The bus is fast.", "ডাটালাইন দ্রুত।", [("1", "deprecated", "bus", "ডাটালাইন")]),
        # the English term left: untranslated, its own kind
        ("The bus is fast.", "bus দ্রুত।", [("1", "untranslated", "bus", "bus")]),
        # a concept without a term in the target language: nothing to say
        ("The kernel runs.", "কার্নেল চলে।", []),
    ],
)  # fmt: skip
def test_each_kind_of_issue(source: str, target: str, expected: list[tuple[str, ...]]) -> None:
    assert _check([Segment("1", source, target)]) == expected


def test_one_source_term_translated_two_ways_is_inconsistent() -> None:
    segments = [Segment("1", "a model", "একটি মডেল"), Segment("2", "the model", "মডেলটি"),
                Segment("3", "this model", "এই প্রতিরূপ")]  # fmt: skip
    assert _check(segments) == [("3", "inconsistent", "model", "প্রতিরূপ")]


def test_both_admitted_terms_side_by_side_are_consistent() -> None:
    segments = [Segment("1", "a model", "একটি মডেল"), Segment("2", "the model", "মডেল (প্রতিরূপ)"),
                Segment("3", "this model", "এই মডেল")]  # fmt: skip
    assert _check(segments) == []


def test_checks_can_be_chosen() -> None:
    segment = [Segment("1", "The bus is fast.", "bus দ্রুত।")]
    assert _check(segment, ("missing", "deprecated")) == []


def test_tables_and_aligned_texts_give_segments() -> None:
    segments, source, target = table_segments("id\ten\tbn\ns1\ta model\tমডেল\n", None, None,
                                              delimiter="\t")  # fmt: skip
    # each segment knows where its target is written: the line, and the cell's offset in it
    assert (segments, source, target) == ([Segment("s1", "a model", "মডেল", 2, 11)], "en", "bn")
    assert two_files("a\n\nb\n", "ক\n\nখ\n") == [Segment("1", "a", "ক", 1, 0),
                                                 Segment("3", "b", "খ", 3, 0)]  # fmt: skip
    with pytest.raises(ValueError, match="2 source lines but 1 target lines"):
        two_files("a\nb\n", "ক\n")
    with pytest.raises(ValueError, match="two language columns"):
        table_segments("id,text\n1,x\n", None, None)
    named = table_segments(
        "segment,english,bangla\nx1,a model,মডেল\n", None, None,
        columns={"id": "segment", "en": "English", "bn": "bangla"},
    )  # fmt: skip
    assert named == ([Segment("x1", "a model", "মডেল", 2, 11)], "en", "bn")
    with pytest.raises(ValueError, match="no column 'hindi'"):
        table_segments("a,b\n1,2\n", None, None, columns={"en": "a", "hi": "hindi"})


def test_gloss_check_on_the_bundled_glossary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GLOSS_USER_DATA", str(tmp_path / "user"))
    monkeypatch.setenv("GLOSS_CACHE", str(tmp_path / "cache"))
    table = tmp_path / "t.tsv"
    table.write_text(
        "id\ten\tbn\n"
        "s1\tWe use a Mixture of Experts.\tআমরা মিশ্র বিশেষজ্ঞদের মডেল ব্যবহার করি।\n"
        "s2\tNetwork Pruning helps.\tএটি সাহায্য করে।\n",
        encoding="utf-8",
    )
    result = gloss("check", str(table), "--format", "jsonl")
    assert result.exit_code == 1
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(r["seg_id"], r["kind"], r["id"]) for r in rows] == [("s2", "missing", "pruning")]
    assert list(rows[0]) == ["schema_version", "seg_id", "kind", "id", "source", "expected",
                            "found"]  # fmt: skip
    assert "1 issue in 2 segments (en → bn)" in result.stderr
    source, target = tmp_path / "en.txt", tmp_path / "bn.txt"
    source.write_text("We use a Mixture of Experts.\n", encoding="utf-8")
    target.write_text("আমরা মিশ্র বিশেষজ্ঞ ব্যবহার করি।\n", encoding="utf-8")
    clean = gloss("check", str(source), str(target))
    assert clean.exit_code == 0, clean.stdout + clean.stderr
    assert "no terminology issue" in clean.stdout
    po = tmp_path / "bn.po"
    po.write_text('msgid ""\nmsgstr ""\n"Language: bn\\n"\n\nmsgid "Network Pruning"\n'
                  'msgstr "ছাঁটাই"\n', encoding="utf-8")  # fmt: skip
    found = gloss("check", str(po), "--format", "json").stdout
    assert [(r["seg_id"], r["kind"]) for r in json.loads(found)] == [("5", "missing")]
    other = tmp_path / "x.docx"
    other.write_bytes(b"PK")
    refused = gloss("check", str(other))
    assert refused.exit_code != 0 and "not a bilingual file" in refused.stderr


XLIFF12 = """<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
 <file source-language="en" target-language="bn" datatype="plaintext" original="ch1">
  <body>
   <trans-unit id="p1"><source>Network Pruning helps.</source>
    <target>এটি সাহায্য করে।</target></trans-unit>
   <trans-unit id="p2"><source>A Mixture of Experts.</source>
    <target>মিশ্র বিশেষজ্ঞদের।</target></trans-unit>
  </body>
 </file>
</xliff>
"""
XLIFF20 = """<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="ar">
 <file id="f1">
  <unit id="u1"><segment><source>Network Pruning helps.</source>
   <target>يساعد ذلك.</target></segment></unit>
  <unit id="u2"><segment><source>Network Pruning again.</source>
   <target>وتقليم الشبكة مرة أخرى.</target></segment></unit>
 </file>
</xliff>
"""
TMX = """<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4"><header srclang="en" datatype="plaintext" segtype="sentence" adminlang="en"
 creationtool="t" creationtoolversion="1" o-tmf="t"/><body>
 <tu tuid="7"><tuv xml:lang="en"><seg>Mixture of Experts</seg></tuv>
  <tuv xml:lang="bn"><seg>Mixture of Experts</seg></tuv></tu>
</body></tmx>
"""


@pytest.mark.parametrize(
    ("name", "content", "expected", "langs"),
    [
        ("ch1.xlf", XLIFF12, [("p1", "missing", "pruning")], "(en → bn)"),
        ("ch1.xlf", XLIFF20, [("u1", "missing", "pruning")], "(en → ar)"),
        ("memory.tmx", TMX, [("7", "untranslated", "mixture-of-experts")], "(en → bn)"),
    ],
)
def test_xliff_and_tmx_are_checked(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    content: str,
    expected: list[tuple[str, ...]],
    langs: str,
) -> None:
    monkeypatch.setenv("GLOSS_USER_DATA", str(tmp_path / "user"))
    monkeypatch.setenv("GLOSS_CACHE", str(tmp_path / "cache"))
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    result = gloss("check", str(path), "--format", "jsonl")
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(r["seg_id"], r["kind"], r["id"]) for r in rows] == expected
    assert langs in result.stderr
    scanned = gloss("scan", str(path), "--side", "target", "--format", "json")
    assert all(r["file"].startswith(f"{path}#") for r in json.loads(scanned.stdout or "[]"))


def test_an_xliff_file_declaring_entities_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GLOSS_USER_DATA", str(tmp_path / "user"))
    monkeypatch.setenv("GLOSS_CACHE", str(tmp_path / "cache"))
    bomb = tmp_path / "bomb.xlf"
    bomb.write_text(
        '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;">]>'
        '<xliff version="1.2"><file><body><trans-unit id="1"><source>&b;</source>'
        "</trans-unit></body></file></xliff>",
        encoding="utf-8",
    )
    for command in (["check", str(bomb)], ["scan", str(bomb)]):
        result = gloss(*command)
        assert result.exit_code != 0 and "declares entities" in result.stderr
        assert "Traceback" not in result.stderr


def test_a_translation_into_its_own_language_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GLOSS_USER_DATA", str(tmp_path / "user"))
    monkeypatch.setenv("GLOSS_CACHE", str(tmp_path / "cache"))
    (tmp_path / "a.txt").write_text("Network Pruning\n", encoding="utf-8")
    (tmp_path / "b.txt").write_text("Network Pruning\n", encoding="utf-8")
    result = gloss("check", str(tmp_path / "a.txt"), str(tmp_path / "b.txt"))
    assert result.exit_code == 2 and "both en" in result.stderr
    bad = gloss("check", str(tmp_path / "a.txt"), str(tmp_path / "b.txt"), "--target-lang", "xx!!")
    assert bad.exit_code == 2 and "--target-lang" in bad.stderr


def test_check_reads_a_table_on_standard_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GLOSS_USER_DATA", str(tmp_path / "user"))
    monkeypatch.setenv("GLOSS_CACHE", str(tmp_path / "cache"))
    table = "id\ten\tbn\ns1\tNetwork Pruning helps.\tএটি সাহায্য করে।\n"
    result = gloss("check", "-", "--format", "jsonl", input=table)
    assert result.exit_code == 1
    assert [json.loads(line)["seg_id"] for line in result.stdout.splitlines()] == ["s1"]


@pytest.mark.parametrize(
    ("name", "content", "options"),
    [
        ("t.po", 'msgid ""\nmsgstr ""\n"Language: bn_BD\\n"\n\n'
                 'msgid "Network Pruning helps."\nmsgstr "এটি সাহায্য করে।"\n', []),
        ("t.tsv", "id\ten\tbn-BD\ns2\tNetwork Pruning helps.\tএটি সাহায্য করে।\n", []),
        ("t.xlf", '<xliff version="1.2"><file source-language="en" target-language="bn-IN" '
                  'datatype="plaintext" original="x"><body><trans-unit id="s2"><source>'
                  "Network Pruning helps.</source><target>এটি সাহায্য করে।</target>"
                  "</trans-unit></body></file></xliff>", []),
    ],
    ids=["PO locale", "regional column", "XLIFF regional"],
)  # fmt: skip
def test_a_regional_tag_checks_against_its_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, content: str, options: list[str]
) -> None:
    """bn_BD, bn-BD and bn-IN find the glossary's bn terms (BCP 47 lookup), never a silent
    "0 issues" for want of terms to compare."""
    monkeypatch.setenv("GLOSS_USER_DATA", str(tmp_path / "user"))
    monkeypatch.setenv("GLOSS_CACHE", str(tmp_path / "cache"))
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    result = gloss("check", str(path), "--format", "jsonl", *options)
    assert result.exit_code == 1, result.stderr
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(r["kind"], r["id"]) for r in rows] == [("missing", "pruning")]


def test_a_language_the_termbase_lacks_is_a_usage_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GLOSS_USER_DATA", str(tmp_path / "user"))
    monkeypatch.setenv("GLOSS_CACHE", str(tmp_path / "cache"))
    (tmp_path / "a.txt").write_text("Network Pruning\n", encoding="utf-8")
    (tmp_path / "b.txt").write_text("Pruning réseau\n", encoding="utf-8")
    checked = gloss(
        "check", str(tmp_path / "a.txt"), str(tmp_path / "b.txt"), "--target-lang", "fr"
    )
    assert checked.exit_code == 2
    assert "no terms in fr" in checked.stderr and "en, bn, ar" in checked.stderr
    scanned = gloss("scan", "--lang", "fr", input="LoRA\n")
    assert scanned.exit_code == 2 and "no terms in fr" in scanned.stderr
    looked = gloss("lookup", "--lang", "xx", input="LoRA\n")
    assert looked.exit_code == 2 and "no terms in xx" in looked.stderr


def test_untranslated_says_what_the_target_holds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GLOSS_USER_DATA", str(tmp_path / "user"))
    monkeypatch.setenv("GLOSS_CACHE", str(tmp_path / "cache"))
    table = tmp_path / "t.tsv"
    table.write_text("id\ten\tbn\n2\tmixture of experts\tMIXTURE OF EXPERTS মডেল\n", "utf-8")
    result = gloss("check", str(table), "--format", "jsonl")
    (row,) = [json.loads(line) for line in result.stdout.splitlines()]
    assert (row["kind"], row["source"], row["found"]) == (
        "untranslated", "mixture of experts", "MIXTURE OF EXPERTS")  # fmt: skip


LORA = Concept("lora", (
    LangSection("en", (Term("Low-Rank Adaptation"), Term("LoRA", type="abbreviation"))),
    LangSection("bn", (Term("লো-র্যাঙ্ক অ্যাডাপ্টেশন"), Term("LoRA", type="abbreviation"))),
    LangSection("ar", (Term("التكيف منخفض الرتبة"), Term("LoRA", type="abbreviation"))),
))  # fmt: skip
MODEL_AR = Concept("model", (
    LangSection("en", (Term("model"),)),
    LangSection("ar", (Term("نموذج"), Term("طراز", status="admitted"))),
))  # fmt: skip


def _check_with(
    concepts: dict[str, Concept], segments: list[Segment], target: str
) -> list[tuple[str, ...]]:
    names = []
    for c in concepts.values():
        for s in c.languages:
            for t in s.terms:
                field = "abbr" if t.type == "abbreviation" else "en" if s.lang == "en" else "term"
                names.append(("", Name(c.id, s.lang, t.text, field, t.status, t.type)))
    automaton = Automaton.of_names(names)
    found = check(
        segments, lambda text, langs: scan(text, automaton, langs), concepts.get, "en", target
    )
    return [(i.seg_id, i.kind, i.id, i.found) for i in found]


@pytest.mark.parametrize(
    ("target", "full", "short"),
    [("bn", "লো-র্যাঙ্ক অ্যাডাপ্টেশনের সাহায্যে", "LoRA-তে"), ("ar", "بالتكيف منخفض الرتبة", "وLoRA")],
)
def test_an_abbreviation_and_its_full_term_are_one_rendering(
    target: str, full: str, short: str
) -> None:
    """Each segment follows its own source: *LoRA* rendered LoRA, *Low-Rank Adaptation*
    rendered by the full term, is consistent — in any inflected or clitic form."""
    segments = [
        Segment("1", "We use LoRA.", f"… {short} …"),
        Segment("2", "Low-Rank Adaptation saves memory.", f"… {full} …"),
        Segment("3", "LoRA is cheap.", f"… {short} …"),
    ]
    assert _check_with({"lora": LORA}, segments, target) == []


def test_arabic_inconsistency_is_found_through_the_article_and_clitics() -> None:
    segments = [
        Segment("1", "The model works.", "النموذج يعمل."),
        Segment("2", "Train the model.", "درّب النموذجَ."),
        Segment("3", "This model and that model.", "هذا الطراز وذلك الطراز."),
        Segment("4", "With the model.", "بالنموذج."),
    ]
    assert _check_with({"model": MODEL_AR}, segments, "ar") == [
        ("3", "inconsistent", "model", "طراز")
    ]


def test_the_abbreviation_alone_where_the_source_spells_the_term_out_is_inconsistent() -> None:
    segments = [
        Segment("1", "Low-Rank Adaptation saves memory.", "লো-র্যাঙ্ক অ্যাডাপ্টেশন মেমরি বাঁচায়।"),
        Segment("2", "We trained a low-rank adaptation.", "আমরা একটি লো-র্যাঙ্ক অ্যাডাপ্টেশন শিখিয়েছি।"),
        Segment("3", "Each low-rank adaptation is small.", "প্রতিটি LoRA ছোট।"),
        Segment("4", "LoRA is cheap.", "LoRA সস্তা।"),  # follows its source: consistent
    ]
    assert _check_with({"lora": LORA}, segments, "bn") == [("3", "inconsistent", "lora", "LoRA")]


@pytest.mark.parametrize("first", [True, False])
def test_the_abbreviation_for_a_spelt_out_source_term_is_the_one_reported(first: bool) -> None:
    """Whatever the counts or the order, the segment that departs from its source is the
    inconsistent one, not the one that follows it."""
    follows = Segment("1", "LoRA adapters are small.", "LoRA অ্যাডাপ্টার ছোট।")
    departs = Segment("2", "Low-Rank Adaptation helps.", "LoRA সাহায্য করে।")
    segments = [follows, departs] if first else [departs, follows]
    assert _check_with({"lora": LORA}, segments, "bn") == [("2", "inconsistent", "lora", "LoRA")]
    spelt = Segment("3", "Low-Rank Adaptation is cheap.", "লো-র্যাঙ্ক অ্যাডাপ্টেশন সস্তা।")
    assert _check_with({"lora": LORA}, [departs, spelt], "bn") == [
        ("2", "inconsistent", "lora", "LoRA")
    ]
