"""gloss scan: glossary terms in running text, as they are, inflected and with clitics, never
inside a longer word, with offsets into the text as read."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from glossary_cli import api
from glossary_cli.analysis import words_of
from glossary_cli.text.scan import Automaton, Name, masked_markdown, scan

from .conftest import gloss


@pytest.fixture(scope="module")
def bundled() -> Automaton:
    from glossary_cli.index import compile_index
    from glossary_cli.text.scan import names_from_index

    from .conftest import DATA

    files = [DATA / "concepts.yaml"]
    from glossary_cli import index

    conn = compile_index([DATA], files, index._stamp(files), None)
    return Automaton.of_names(names_from_index(conn))


def _found(
    text: str, automaton: Automaton, langs: tuple[str, ...] = ()
) -> list[tuple[str, str, str]]:
    out = []
    for o in scan(text, automaton, langs):
        assert text[o.start : o.end] == o.text  # offsets are the text's own
        out.append((o.text, o.id, o.kind))
    return out


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # as they are, in every language
        ("We used a Mixture of Experts here.",
         [("Mixture of Experts", "mixture-of-experts", "exact")]),
        ("মিশ্র বিশেষজ্ঞ মডেল", [("মিশ্র বিশেষজ্ঞ", "mixture-of-experts", "exact")]),
        ("استخدمنا خليط الخبراء هنا", [("خليط الخبراء", "mixture-of-experts", "exact")]),
        # Bengali inflections: the whole word as found
        ("নেটওয়ার্ক প্রুনিংয়ের পরে", [("নেটওয়ার্ক প্রুনিংয়ের", "pruning", "inflected")]),
        ("লো-র্যাঙ্ক অ্যাডাপ্টেশনকে", [("লো-র্যাঙ্ক অ্যাডাপ্টেশনকে", "low-rank-adaptation", "inflected")]),
        ("মিশ্র বিশেষজ্ঞদের", [("মিশ্র বিশেষজ্ঞদের", "mixture-of-experts", "inflected")]),
        # Arabic clitics, one letter and more, before the article
        ("وتقليم الشبكة مهم", [("وتقليم الشبكة", "pruning", "clitic")]),
        ("وبخليط الخبراء", [("وبخليط الخبراء", "mixture-of-experts", "clitic")]),
        ("ولتقليم الشبكة", [("ولتقليم الشبكة", "pruning", "clitic")]),
        # abbreviations, with the glossary's letter case only
        ("with QAT and LoRA-তে", [("QAT", "quantization-aware-training", "abbreviation"),
                                   ("LoRA-তে", "low-rank-adaptation", "inflected")]),
        ("LoRA's rank, gradient_checkpointing and https://x.org/lora",
         [("LoRA's", "low-rank-adaptation", "inflected")]),
        ("للنشر على وحدة معالجة الموتر", [("للنشر على وحدة معالجة الموتر", "tpu-deployment",
                                         "clitic")]),
        ("lora is not LoRA", [("LoRA", "low-rank-adaptation", "abbreviation")]),
        # the longest of overlapping terms
        ("Quantization-Aware Training (QAT)", [
            ("Quantization-Aware Training", "quantization-aware-training", "exact"),
            ("QAT", "quantization-aware-training", "abbreviation")]),
        # English plurals, on the last word and on the first word of a longer term
        ("two Mixtures of Experts", [
            ("Mixtures of Experts", "mixture-of-experts", "inflected")]),
        ("Mixturesque of Experts", []),
        # a zero-width character after a term is not part of it, nor in the way of its case
        ("LoRA\u200b and Pruning\u200b", [
            ("LoRA", "low-rank-adaptation", "abbreviation"), ("Pruning", "pruning", "exact")]),
        ("MoE\u2060, LoRA\u200cতে, QATএর", [
            ("MoE", "mixture-of-experts", "abbreviation"),
            ("LoRA\u200cতে", "low-rank-adaptation", "inflected"),
            ("QATএর", "quantization-aware-training", "inflected")]),
        ("two structured sparsities", [
            ("structured sparsities", "structured-sparsity", "inflected")]),
    ],
)  # fmt: skip
def test_terms_are_found_as_they_are_written(
    bundled: Automaton, text: str, expected: list[tuple[str, str, str]]
) -> None:
    assert _found(text, bundled) == expected


@pytest.mark.parametrize(
    "text",
    [
        "সকলে জানে",  # কল is no term here, but a word containing one is never a match
        "প্রুনিংকারী নেটওয়ার্কপ্রুনিং",  # a term glued inside a longer word
        "القطعة والتقليمية",  # an Arabic word that merely begins with a term's letters
        "loras and xQAT",  # an abbreviation in other letter case, or glued to a word
    ],
)
def test_nothing_is_found_inside_a_longer_word(bundled: Automaton, text: str) -> None:
    assert _found(text, bundled) == []


def test_a_word_inside_a_longer_one_is_no_match_for_a_short_term() -> None:
    automaton = Automaton.of_names([("কল", Name("call", "bn", "কল", "term", None, None)),
                           ("it", Name("it", "en", "IT", "abbr", None, "acronym"))])  # fmt: skip
    assert _found("সকল কলকাতা কল", automaton) == [("কল", "call", "exact")]
    assert _found("it is IT", automaton) == [("IT", "it", "abbreviation")]


def test_deprecated_terms_are_found_and_marked() -> None:
    automaton = Automaton.of_names([
        ("dataline", Name("bus", "en", "dataline", "synonym", "deprecated", None)),
        ("bus", Name("bus", "en", "bus", "en", "preferred", None)),
    ])  # fmt: skip
    found = scan("The dataline and the bus.", automaton)
    assert [(o.text, o.status) for o in found] == [("dataline", "deprecated"), ("bus", "preferred")]


def test_languages_can_be_limited(bundled: Automaton) -> None:
    text = "মিশ্র বিশেষজ্ঞ and Mixture of Experts"
    assert [o.lang for o in scan(text, bundled, ("bn",))] == ["bn"]
    assert [o.lang for o in scan(text, bundled, ("en",))] == ["en"]


@pytest.mark.parametrize(
    "text",
    ["Low-Rank  ADAPTATION", "  নেটওয়ার্ক\u200cপ্রুনিং x", "خَلِيطُ الخُبَرَاءِ!", "৪-বিট, 4-bit"],
)
def test_folded_offsets_map_back_to_the_text(text: str) -> None:
    from glossary_cli.normalize import fold

    for m in re.finditer(r"\S+", text):
        for word in words_of(m.group()):
            begin, end = m.start() + word.start, m.start() + word.end
            assert 0 <= begin < end <= len(text)
            assert fold(text[begin:end]) == word.form.replace("_", " ")


def test_markdown_code_is_skipped_and_offsets_stay() -> None:
    text = "Use `LoRA` here.\n\n```\nLoRA\n```\n\nAnd LoRA.\n"
    masked = masked_markdown(text)
    assert len(masked) == len(text) and masked.count("LoRA") == 1
    assert masked.index("LoRA") == text.rindex("LoRA")


def _env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GLOSS_USER_DATA", str(tmp_path / "user"))
    monkeypatch.setenv("GLOSS_CACHE", str(tmp_path / "cache"))


def test_scan_writes_one_row_per_occurrence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _env(tmp_path, monkeypatch)
    text = "মিশ্র বিশেষজ্ঞদের পরে, وتقليم الشبكة and QAT.\n"
    result = gloss("scan", "--format", "jsonl", input=text)
    assert result.exit_code == 0, result.stderr
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(r["text"], r["id"], r["kind"]) for r in rows] == [
        ("মিশ্র বিশেষজ্ঞদের", "mixture-of-experts", "inflected"),
        ("وتقليم الشبكة", "pruning", "clitic"),
        ("QAT", "quantization-aware-training", "abbreviation"),
    ]
    assert all(text[r["start"] : r["end"]] == r["text"] for r in rows)
    # every JSON row names its schema
    assert list(rows[0]) == ["schema_version", *api.OCCURRENCE_FIELDS]
    tsv = gloss("scan", "--format", "tsv", input=text).stdout.splitlines()
    assert tsv[0].split("\t") == list(api.OCCURRENCE_FIELDS) and len(tsv) == 4
    table = gloss("scan", input=text)
    assert "Mixture" in table.stdout and "Pruning" in table.stdout


def test_scan_reads_markdown_and_po_and_exits_1_on_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _env(tmp_path, monkeypatch)
    md = tmp_path / "notes.md"
    md.write_text("Use `QAT` here, and QAT there.\n", encoding="utf-8")
    rows = json.loads(gloss("scan", str(md), "--format", "json").stdout)
    assert [(r["start"], r["text"]) for r in rows] == [(20, "QAT")]
    po = tmp_path / "bn.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Language: bn\\n"\n\n'
        'msgid "Mixture of Experts"\nmsgstr "মিশ্র বিশেষজ্ঞ"\n',
        encoding="utf-8",
    )
    source = json.loads(gloss("scan", str(po), "--format", "json").stdout)
    target = json.loads(gloss("scan", str(po), "--side", "target", "--format", "json").stdout)
    assert [r["lang"] for r in source] == ["en"] and [r["lang"] for r in target] == ["bn"]
    assert source[0]["file"] == f"{po}:5"
    none = gloss("scan", input="nothing here\n")
    assert none.exit_code == 1 and "no glossary term found" in none.stdout
    missing = gloss("scan", str(tmp_path / "absent.txt"))
    assert missing.exit_code != 0 and "cannot read" in missing.stderr


@pytest.mark.slow
def test_the_scanned_terms_follow_adds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _env(tmp_path, monkeypatch)
    first = gloss("scan", input="QAT\n")
    assert first.exit_code == 0, first.stderr
    assert not list((tmp_path / "cache").glob("*.terms"))  # nothing but the index is kept
    table = tmp_path / "t.csv"
    table.write_text("en,bn\nzebra crossing,জেব্রা ক্রসিং\n", encoding="utf-8")
    assert gloss("add", str(table)).exit_code == 0
    rows = gloss("scan", "--format", "jsonl", input="জেব্রা ক্রসিংয়ে QAT\n")
    found = [json.loads(line)["text"] for line in rows.stdout.splitlines()]
    assert found == ["জেব্রা ক্রসিংয়ে", "QAT"]


def test_lookup_answers_one_line_per_query(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _env(tmp_path, monkeypatch)
    queries = "LoRA\nخليط الخبراء\nzebra crossing\n\nmixture-of-experts\n"
    result = gloss("lookup", "--lang", "bn", input=queries)
    assert result.exit_code == 1  # some query has no sure answer
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["query"] for r in rows] == queries.splitlines()  # aligned with the input
    assert [(r["id"], r["sure"]) for r in rows if r["sure"]] == [
        ("low-rank-adaptation", True), ("mixture-of-experts", True), ("mixture-of-experts", True)
    ]  # fmt: skip
    assert rows[0]["terms"] == {"bn": "লো-র্যাঙ্ক অ্যাডাপ্টেশন"}
    assert list(rows[0]) == ["schema_version", *api.LOOKUP_FIELDS]
    missing = gloss("lookup", "--only-missing", "--format", "tsv", input=queries)
    lines = missing.stdout.splitlines()
    assert lines[0].split("\t")[:4] == ["query", "sure", "id", "headword"]
    assert [line.split("\t")[0] for line in lines[1:]] == ["zebra crossing"]  # not the blank
    clean = gloss("lookup", input="LoRA\n\n")
    assert clean.exit_code == 0
    # the queries come back as given, formula guard or not, so that the output joins back
    odd = "-1bit\n=SUM(A1)\n+int4\n@lora\n"
    echoed = gloss("lookup", "--format", "tsv", input=odd)
    assert [line.split("\t")[0] for line in echoed.stdout.splitlines()[1:]] == odd.split()


def test_a_long_text_is_scanned_in_pieces_with_the_same_result(
    bundled: Automaton, monkeypatch: pytest.MonkeyPatch
) -> None:
    from glossary_cli.text import scan as module

    text = "মিশ্র বিশেষজ্ঞদের কথা।\nوتقليم الشبكة and QAT-এর কাজ.\n\n" * 40
    whole = scan(text, bundled)
    monkeypatch.setattr(module, "CHUNK", 97)
    pieces = scan(text, bundled)
    assert pieces == whole and len(whole) == 120
    assert all(text[o.start : o.end] == o.text for o in pieces)


@pytest.mark.parametrize("width", [40, 80, 120])
def test_the_terminal_view_highlights_each_term_and_lists_the_concepts(
    bundled: Automaton, width: int
) -> None:
    import io

    from rich.console import Console

    from glossary_cli import render
    from glossary_cli.model import Concept, LangSection, Term

    text = "মিশ্র বিশেষজ্ঞদের কথা, [bold]markup[/bold] \x1b[31m, and QAT.\n"
    found = tuple(scan(text, bundled))
    concepts = {
        "mixture-of-experts": Concept("mixture-of-experts", (
            LangSection("en", (Term("Mixture of Experts"),)),
            LangSection("bn", (Term("মিশ্র বিশেষজ্ঞ"),)))),
        "quantization-aware-training": Concept("quantization-aware-training", (
            LangSection("en", (Term("Quantization-Aware Training"),)),)),
    }  # fmt: skip
    out = io.StringIO()
    console = Console(file=out, width=width, force_terminal=True, color_system="standard",
                      highlight=False, emoji=False, markup=False)  # fmt: skip
    texts = [api.ScannedText("-", text, found)]
    render.scan_view(texts, concepts, (), console)
    shown = out.getvalue()
    assert "\x1b[1;33m" in shown  # the terms highlighted
    assert "[bold]markup[/bold]" in shown and "\x1b[31m" not in shown  # text is never markup
    assert "Mixture" in shown and "Quantization" in shown
    for line in shown.splitlines():
        from glossary_cli.layout import cell_width

        plain = __import__("re").sub("\x1b\\[[0-9;]*m", "", line)
        assert cell_width(plain) <= width


def test_addresses_are_no_prose_but_their_neighbours_are(bundled: Automaton) -> None:
    text = (
        "A LoRA/QAT link, [Mixture of Experts](https://x.org/mixture-of-experts), mail lora@x.org"
    )
    assert [f for f, _, _ in _found(text, bundled)] == ["LoRA", "QAT", "Mixture of Experts"]


def test_a_term_across_a_piece_s_end_is_found_whole(
    bundled: Automaton, monkeypatch: pytest.MonkeyPatch
) -> None:
    from glossary_cli.text import scan as module

    monkeypatch.setattr(module, "CHUNK", 64)
    for filler in ("x" * 60, "ক" * 60, "x " * 30):
        text = filler + " নেটওয়ার্ক প্রুনিং and network pruning."
        assert [f for f, _, _ in _found(text, bundled)] == ["নেটওয়ার্ক প্রুনিং", "network pruning"]


def test_the_arabic_article_on_a_one_word_term() -> None:
    automaton = Automaton.of_names(
        [("تشذيب", Name("p", "ar", "تشذيب", "term", "deprecated", None))]
    )
    for word in ("التشذيب", "والتشذيب", "وبالتشذيب", "للتشذيب", "تشذيب"):
        assert [(o.text, o.status) for o in scan(f"عن {word} مهم", automaton)] == [
            (word, "deprecated")
        ], word
    plural = scan("التشذيبات", automaton)  # a sound plural is a form of the term
    assert [(o.text, o.kind) for o in plural] == [("التشذيبات", "inflected")]
    assert scan("التشذيبي", automaton) == []  # a nisba adjective is another word


def test_markdown_html_is_no_prose() -> None:
    text = '<div class="QAT">\n\n<!-- QAT -->\n\nText with <span title="QAT">QAT</span>.\n'
    masked = masked_markdown(text)
    assert len(masked) == len(text) and masked.count("QAT") == 1


@pytest.mark.parametrize(
    "args",
    [["scan", "--lang", "xx!!"], ["lookup", "--lang", "xx!!"]],
)
def test_a_language_that_is_no_tag_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    _env(tmp_path, monkeypatch)
    result = gloss(*args, input="QAT\n")
    assert result.exit_code == 2 and "is not a language tag" in result.stderr


def test_every_plural_form_of_a_po_entry_is_scanned(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _env(tmp_path, monkeypatch)
    po = tmp_path / "bn.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Language: bn\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        'msgid "one file"\nmsgid_plural "Mixture of Experts files"\n'
        'msgstr[0] "ফাইল"\nmsgstr[1] "মিশ্র বিশেষজ্ঞদের ফাইল"\n',
        encoding="utf-8",
    )
    for side, found in (("source", "Mixture of Experts"), ("target", "মিশ্র বিশেষজ্ঞদের")):
        rows = gloss("scan", str(po), "--side", side, "--format", "json").stdout
        assert [r["text"] for r in json.loads(rows)] == [found]


@pytest.mark.slow
@pytest.mark.parametrize("in_memory", [True, False], ids=["runs-in-memory", "runs-asked"])
def test_the_index_bound_automaton_finds_what_the_in_memory_one_finds(
    bundled: Automaton, in_memory: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The runs of the terms' forms read from the index (all at once, or — as for a large
    termbase — asked for the words a text has) and the names read when a match is kept give
    the same occurrences as every name held in memory, on every gold paragraph."""
    import yaml

    from glossary_cli import index
    from glossary_cli.index import compile_index
    from glossary_cli.text.scan import load_automaton

    from .conftest import DATA

    files = [DATA / "concepts.yaml"]
    conn = compile_index([DATA], files, index._stamp(files), None)
    if not in_memory:  # as for a large termbase: the runs asked of the index, a batch at a time
        monkeypatch.setattr("glossary_cli.text.scan._IN_MEMORY", 0)
    bound = load_automaton(conn)
    assert bound.size == bundled.size > 150
    gold = Path(__file__).parent / "scan_gold"
    texts = [
        item["text"]
        for group in ("bn", "ar", "en", "mixed")
        for item in yaml.safe_load((gold / f"{group}.yaml").read_text(encoding="utf-8"))
    ]
    assert len(texts) > 20
    for text in texts:
        assert scan(text, bound) == scan(text, bundled)
        assert scan(text, bound)  # every gold paragraph holds terms


def test_everyday_words_are_marked_and_strict_leaves_them_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A one-word term that is also an everyday word of its language (الخطوة: stride, and
    "the step") is found, marked; --strict leaves it out, and keeps the other terms."""
    _env(tmp_path, monkeypatch)
    table = tmp_path / "t.csv"
    table.write_text("en,ar\nstride,الخطوة\nconvolution kernel,نواة الالتفاف\n", "utf-8")
    assert gloss("add", str(table)).exit_code == 0
    text = "في الخطوة الأولى نطبق نواة الالتفاف.\n"
    rows = gloss("scan", "--format", "jsonl", input=text).stdout.splitlines()
    found = {json.loads(r)["text"]: json.loads(r)["everyday"] for r in rows}
    assert found == {"الخطوة": True, "نواة الالتفاف": False}
    strict = gloss("scan", "--strict", "--format", "jsonl", input=text)
    assert [json.loads(r)["text"] for r in strict.stdout.splitlines()] == ["نواة الالتفاف"]


def _names(*pairs: tuple[str, str, str]) -> Automaton:
    return Automaton.of_names(
        [("", Name(cid, lang, term, "term", None, None)) for cid, lang, term in pairs]
    )


def test_arabic_words_that_folding_makes_look_alike_are_not_terms() -> None:
    """Folding writes أ إ آ as ا, ة as ه, ئ as ي; edited text keeps them apart, and an everyday
    word with a proclitic or a one-letter ending is not another word's form."""
    automaton = _names(
        ("automatic", "ar", "آلي"), ("machine", "ar", "آلة"), ("mechanism", "ar", "آلية"),
        ("unit", "ar", "وحدة"), ("sample", "ar", "عينة"), ("class", "ar", "فئة"),
        ("intent", "ar", "نية"), ("approximation", "ar", "تقريب"), ("action", "ar", "فعل"),
        ("ml", "ar", "التعلم الآلي"),
    )  # fmt: skip
    prose = (
        "ذهبت إلى المدرسة ثم عدت إليها. ذهب وحده. في الوقت عينه. هذا الكتاب فيه فائدة. "
        "لا إله إلا الله. هذه الطريقة التي نستخدمها. يحتاج التعلم إلى بيانات كثيرة. "
        "تعتمد بنية المحول على الانتباه. تقريبا. فعلا."
    )
    assert [o.text for o in scan(prose, automaton)] == []
    terms = "الآلات، وحدات، الوحدة، عينات، بالتعلم الآلي، آلية، بتقريب، والفعل"
    assert [(o.text, o.id) for o in scan(terms, automaton)] == [
        ("الآلات", "machine"), ("وحدات", "unit"), ("الوحدة", "unit"), ("عينات", "sample"),
        ("بالتعلم الآلي", "ml"), ("آلية", "mechanism"), ("بتقريب", "approximation"),
        ("والفعل", "action"),
    ]  # fmt: skip


def test_a_bengali_everyday_word_is_no_merged_spelling_of_a_term() -> None:
    automaton = _names(("angle", "bn", "কোণ"))
    assert [o.text for o in scan("কোন মডেলটি ভালো? কোণের মাপ", automaton)] == ["কোণের"]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("## Deep Learning\nRate limits.\n", []),  # a heading ends before the paragraph
        ("Deep learning\n---\nRate\n", []),  # a setext heading too
        ("one learning\nrate, over a line break\n", ["learning\nrate"]),
        ("---\r\ntitle: learning rate\r\n---\r\nThe learning rate.\r\n", ["learning rate"]),
        ("> [ref]: https://x.org/ \"learning rate\"\n\n[x][ref] and learning rate\n",
         ["learning rate"]),
        ('<div title="a > learning rate">x <code>learning rate</code></div>\n', []),
        ("Deep learning\r\n\r\nrate\r\n", []),
        ("the learning&nbsp;rate and learning&#32;rate\n",
         ["learning&nbsp;rate", "learning&#32;rate"]),
    ],
)  # fmt: skip
def test_markdown_blocks_and_what_is_no_prose(text: str, found: list[str]) -> None:
    automaton = _names(("lr", "en", "learning rate"))
    masked = masked_markdown(text)
    assert len(masked) == len(text)
    assert [text[o.start : o.end] for o in scan(masked, automaton)] == found
