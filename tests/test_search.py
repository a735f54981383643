"""Search and show on the bundled data: the acceptance criteria of the main job."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import as_json, gloss

QUANT_WORDS = ("কোয়ান্টাইজেশন", "কোয়ান্টিফিকেশন")


def test_quantization_finds_all_19_concepts_above_definition_matches() -> None:
    hits = as_json("search", "quantization", "--limit", "50")
    assert isinstance(hits, list)
    named = [
        h
        for h in hits
        if h["terms"].get("bn") and any(w in h["terms"]["bn"]["term"] for w in QUANT_WORDS)
    ]
    assert len(named) == 19
    worst_named = max(hits.index(h) for h in named)
    definition_only = [i for i, h in enumerate(hits) if h["match"]["kind"] == "definition"]
    assert all(i > worst_named for i in definition_only)
    assert [h["score"] for h in hits] == sorted((h["score"] for h in hits), reverse=True)


def test_quantization_table() -> None:
    result = gloss("search", "quantization")
    assert result.exit_code == 0
    assert "Quantization" in result.stdout
    assert "কোয়ান্টাইজেশন" in result.stdout


def test_show_lora_json_has_bengali_and_a_cited_arabic_term() -> None:
    card = as_json("show", "LoRA", "--lang", "bn,ar")
    assert isinstance(card, dict)
    assert card["terms"]["bn"]["term"] == "লো-র্যাঙ্ক অ্যাডাপ্টেশন"
    assert card["terms"]["bn"]["source"] == "001_5a07ee38a131a210.txt:5"
    # the Arabic source does not describe LoRA: its Arabic is curation's, admitted, cited
    assert card["terms"]["ar"]["term"] == "التكيف منخفض الرتبة"
    assert card["terms"]["ar"]["status"] == "admitted"
    assert card["terms"]["ar"]["source"].startswith("curation.yaml:")
    assert list(card["terms"]) == ["bn", "ar"]
    assert card["abbr"] == ["LoRA"]


def test_a_concept_without_arabic_says_so_in_json_and_on_its_card() -> None:
    card = as_json("show", "Block-wise Quantization", "--lang", "bn,ar")
    assert isinstance(card, dict)
    assert card["terms"]["ar"] is None
    assert card["terms"]["bn"]["term"] == "ব্লক-ভিত্তিক কোয়ান্টাইজেশন"
    result = gloss("show", "Block-wise Quantization", "--lang", "bn,ar")
    assert result.exit_code == 0
    assert "no Arabic entry" in result.stdout
    assert "No Arabic term" in result.stdout  # the note that says why


def test_show_pruning_both_languages() -> None:
    result = gloss("show", "Pruning", "--lang", "bn,ar")
    assert result.exit_code == 0
    assert "নেটওয়ার্ক প্রুনিং" in result.stdout
    assert "تقليم الشبكة" in result.stdout


def test_bengali_query_arabic_result_first() -> None:
    hits = as_json("search", "প্রুনিং", "--lang", "ar")
    assert hits[0]["terms"]["ar"]["term"] == "تقليم الشبكة"
    assert list(hits[0]["terms"]) == ["ar"]


def test_lang_filter_leaves_out_concepts_without_entry() -> None:
    everything = as_json("search", "quantization", "--limit", "50")
    hits = as_json("search", "quantization", "--lang", "ar", "--limit", "50")
    assert hits and len(hits) < len(everything)
    assert all(h["terms"]["ar"] is not None for h in hits)
    left_out = {h["id"] for h in everything} - {h["id"] for h in hits}
    assert "block-wise-quantization" in left_out  # one of the four without Arabic
    blockwise = gloss("search", "block-wise", "--lang", "ar", "--json")
    assert blockwise.exit_code == 1


NEGATIVES = [
    "zzqx",
    "blockchain",
    "kubernetes",
    "transformer",
    "backpropagation through time",
    "attention head",
    "dropout",
    "বেঞ্চমার্ক",
    "شبكة عصبية",
    "tokenizer",
    "reinforcement learning",
    "overfitting",
    "RLHF",
    "GAN",
    "the",
    "AND",
    "of",
    "what is",
    "ال",
    "কি",
    "ما هو",
    "ট্রান্সফরমার",
    "ট্রান্সফর্মার মডেল",
    "রিইনফোর্সমেন্ট লার্নিং",
    "ترانسفورمر",
    "بيرت",
    "ماكسيموم",
    "التعلم المعزز",
    "الانتباه الذاتي",
    "word embedding",
    "beam search",
    "batch normalization",
]


@pytest.mark.slow
@pytest.mark.parametrize("query", NEGATIVES)
def test_no_false_friends(query: str) -> None:
    result = gloss("search", query, "--json")
    assert result.exit_code == 1
    assert json.loads(result.stdout) == []
    assert "no concept matches" in result.stderr


def test_show_unknown_suggests() -> None:
    result = gloss("show", "quantizaton biass")
    assert result.exit_code in (0, 1)
    nothing = gloss("show", "zzqx")
    assert nothing.exit_code == 1
    assert "no concept matches 'zzqx'" in nothing.stderr


def test_hits_explain_their_match() -> None:
    hit = as_json("search", "LoRA")[0]
    assert hit["match"] == {
        "field": "abbr",
        "lang": "en",
        "text": "LoRA",
        "score": 100.0,
        "kind": "exact",
        "approximate": False,
    }
    assert hit["score"] == 100.0


@pytest.mark.slow
@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("LORA", "lora"),
        ("Quantization", "QUANTIZATION"),
        ("ক্লাসিফা\u09dfার", "ক্লাসিফায়ার"),
        ("خَلِيطُ الخُبَرَاءِ", "خليط الخبراء"),
        ("৪-বিট", "4-বিট"),
    ],
)
def test_case_and_unicode_spelling_do_not_change_results(a: str, b: str) -> None:
    assert as_json("search", a) == as_json("search", b)


def test_usage_errors_exit_2() -> None:
    assert gloss("search", "x", "--limit", "0").exit_code == 2
    assert gloss("search", "x", "--lang", "b@d").exit_code == 2
    assert gloss("search", "   ").exit_code == 2
    assert gloss("search").exit_code == 2


def test_data_option_and_env(data_copy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert gloss("show", "LoRA", "--json", "--data", str(data_copy)).exit_code == 0
    monkeypatch.setenv("GLOSS_DATA", str(data_copy / "missing"))
    result = gloss("show", "LoRA")
    assert result.exit_code == 2
    assert "does not exist" in result.stderr


@pytest.mark.slow
@pytest.mark.parametrize("query", ["BERT", "ViT", "VAE", "NLP"])
def test_abbreviations_not_in_the_glossary_find_nothing(query: str) -> None:
    assert gloss("search", query).exit_code == 1


def test_language_tags_are_case_insensitive() -> None:
    assert as_json("search", "pruning", "--lang", "BN,Ar") == as_json(
        "search", "pruning", "--lang", "bn,ar"
    )


def test_locale_names_and_language_names_are_read_as_tags() -> None:
    """--lang reads languages as files write them: a POSIX locale name is its BCP 47 tag,
    a language's name (in English or in itself) its language."""
    assert as_json("search", "pruning", "--lang", "Bengali,العربية") == as_json(
        "search", "pruning", "--lang", "bn,ar"
    )
    result = gloss("search", "pruning", "--lang", "hi_IN")
    assert result.exit_code == 2
    assert "no terms in hi-IN" in result.stderr
    # a region the termbase does not distinguish finds its language, in every command
    assert as_json("search", "pruning", "--lang", "bn_BD") == as_json(
        "search", "pruning", "--lang", "bn"
    )
    assert as_json("show", "pruning", "--lang", "bn-IN")["terms"].keys() == {"bn"}
    looked = json.loads(gloss("lookup", "--lang", "bn-BD", input="pruning\n").stdout)
    assert looked["terms"] == {"bn": "নেটওয়ার্ক প্রুনিং"}
    result = gloss("search", "pruning", "--lang", "klingonese")
    assert result.exit_code == 2
    assert "'klingonese' is not a language tag" in result.stderr


def test_a_language_filter_that_empties_the_result_says_so() -> None:
    # the bundled concept has no Arabic term; a language the termbase lacks is a usage error
    result = gloss("search", "multi-resolution", "--lang", "ar")
    assert result.exit_code == 1
    assert "has an entry in ar" in result.stderr


@pytest.mark.slow
@pytest.mark.parametrize(
    "args",
    [["zzqxv"], ["multi-resolution", "--lang", "ar"]],
    ids=["no match", "no entry in the languages"],
)
def test_search_json_that_finds_nothing_is_an_empty_list(args: list[str]) -> None:
    result = gloss("search", *args, "--json")
    assert result.exit_code == 1
    assert json.loads(result.stdout) == []
    assert result.stderr.startswith("gloss: no concept")
    table = gloss("search", *args)
    assert (table.exit_code, table.stdout) == (1, "")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("args", "empty"),
    [(["show", "zzqxv"], None), (["list", "--lang", "ar", "--status", "deprecated"], []),
     (["list", "--status", "superseded"], [])],
    ids=["show finds nothing", "list of a language with no entry", "list that a filter empties"],
)  # fmt: skip
def test_show_and_list_json_that_find_nothing_are_still_json(
    args: list[str], empty: object
) -> None:
    result = gloss(*args, "--json")
    assert result.exit_code == 1
    assert json.loads(result.stdout) == empty
    assert result.stderr.startswith("gloss: no concept")


@pytest.mark.parametrize("command", [["search", "pruning"], ["show", "LoRA"], ["list"]])
@pytest.mark.parametrize("value", ["", ",", " , "])
def test_a_lang_that_names_no_language_is_a_usage_error(command: list[str], value: str) -> None:
    result = gloss(*command, "--lang", value)
    assert result.exit_code == 2
    assert "--lang names no language" in result.stderr
    assert result.stdout == ""


@pytest.mark.slow
@pytest.mark.parametrize("command", [["search", "pruning"], ["show", "LoRA"], ["list"]])
@pytest.mark.parametrize(("fmt", "code"), [("csv", 2), ("jsonl", 2), ("json", 0), ("table", 0)])
def test_json_and_another_format_disagree(command: list[str], fmt: str, code: int) -> None:
    result = gloss(*command, "--json", "--format", fmt)
    assert result.exit_code == code, result.stderr
    if code:
        assert f"--json and --format {fmt}" in result.stderr
        assert result.stdout == ""
    else:
        assert json.loads(result.stdout) == json.loads(gloss(*command, "--json").stdout)


def test_show_does_not_guess_between_equally_loose_matches() -> None:
    result = gloss("show", "quantizaton")
    assert result.exit_code == 1
    assert "no concept surely matches 'quantizaton'" in result.stderr
    assert "did you mean:" in result.stderr
    offered = [line for line in result.stderr.splitlines() if line.startswith("  ")]
    assert len(offered) >= 2 and all("fuzzy" in line for line in offered)  # one per concept


def test_a_misspelt_term_asked_about_is_found() -> None:
    hits = as_json("search", "what is quantizaton")
    assert hits and all("Quantization" in h["en"] for h in hits)
    assert as_json("search", "what is mixure of experts")[0]["id"] == "mixture-of-experts"


def test_two_consonants_sound_like_nothing() -> None:
    # qat: an exact abbreviation, and no name that merely has a k and a t
    assert [h["id"] for h in as_json("search", "qat")] == ["quantization-aware-training"]


@pytest.mark.parametrize("term", ["quantization", "bit"])
def test_show_lists_the_concepts_a_common_word_starts_or_belongs_to(term: str) -> None:
    result = gloss("show", term)
    assert result.exit_code == 1
    assert f"no concept surely matches {term!r}" in result.stderr
    offered = [line for line in result.stderr.splitlines() if line.startswith("  ")]
    assert len(offered) >= 2  # at least two offered, one line each
    assert len(set(offered)) == len(offered)


@pytest.mark.parametrize(
    ("term", "concept"),
    [("LoRA", "low-rank-adaptation"), ("mixure of experts", "mixture-of-experts"),
     ("quantizaton bias compensation", "quantization-bias-compensation"),
     ("প্রুনিং", "pruning")],
)  # fmt: skip
def test_show_still_names_a_clear_best(term: str, concept: str) -> None:
    assert as_json("show", term)["id"] == concept


def _pasted_term_lines() -> list[tuple[str, str, str]]:
    """(line, language, term) of every seed term line that ends in a parenthetical."""
    from glossary_cli.parsing import decode, parse_glossary

    from .conftest import SEEDS

    out = []
    for path in sorted(SEEDS.glob("*.txt")):
        lines = decode(path.read_bytes(), path.name).splitlines()
        parsed = parse_glossary("\n".join(lines), path.name)
        for entry in parsed.entries:
            line = lines[int(entry.source.rsplit(":", 1)[1]) - 1].strip()
            if line.endswith(")"):
                out.append((line, parsed.lang, entry.term))
    return out


PASTED = _pasted_term_lines()


def test_seed_files_have_term_lines_with_parentheticals() -> None:
    assert len(PASTED) >= 20


@pytest.mark.slow
@pytest.mark.parametrize(("line", "lang", "term"), PASTED)
def test_a_term_line_pasted_whole_finds_its_concept_exactly(
    line: str, lang: str, term: str
) -> None:
    hits = as_json("search", line, "--lang", lang)
    assert isinstance(hits, list)
    assert hits[0]["terms"][lang]["term"] == term
    assert hits[0]["match"]["score"] == 100.0


@pytest.mark.slow
@pytest.mark.parametrize("concept_id", ["mixture-of-experts", "low-rank-adaptation", "pruning"])
def test_a_concept_name_pasted_from_a_table_finds_it_exactly(concept_id: str) -> None:
    card = as_json("show", concept_id)
    assert isinstance(card, dict)
    name = card["en"] + (f" ({card['abbr'][0]})" if card["abbr"] else "")
    hits = as_json("search", name)
    assert isinstance(hits, list)
    assert (hits[0]["id"], hits[0]["match"]["kind"]) == (concept_id, "exact")


@pytest.mark.slow
@pytest.mark.parametrize(
    "words", [["mixture", "of", "experts"], ["লো-র্যাঙ্ক", "অ্যাডাপ্টেশন"], ["تقليم", "الشبكة"]]
)
def test_several_words_need_no_quotes(words: list[str]) -> None:
    quoted = " ".join(words)
    assert as_json("search", *words) == as_json("search", quoted)
    assert as_json("show", *words, "--lang", "bn,ar") == as_json("show", quoted, "--lang", "bn,ar")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("query", "concept_id"),
    [
        ("finetuning", "low-rank-adaptation"),  # its alias "lora fine-tuning"
        ("speculativedecoding", "speculative-inference"),
        ("weightsharing quantization", "clustering-quantization"),
    ],
)
def test_two_words_typed_as_one_are_split(query: str, concept_id: str) -> None:
    hits = as_json("search", query)
    assert isinstance(hits, list) and hits
    assert hits[0]["id"] == concept_id


def test_a_word_that_splits_into_nothing_known_still_finds_nothing() -> None:
    result = gloss("search", "zzqxzzqx", "--json")
    assert result.exit_code == 1
    assert json.loads(result.stdout) == []


@pytest.mark.slow
@pytest.mark.parametrize("query", ["qunatization", "quantiztion", "quantizzation"])
def test_a_misspelt_english_word_is_not_read_as_romanized_bengali(query: str) -> None:
    hits = as_json("search", query)
    assert isinstance(hits, list) and hits
    assert all(h["match"]["kind"] == "fuzzy" and h["match"]["lang"] == "en" for h in hits)
    result = gloss("show", query)
    assert result.exit_code == 1
    assert "no concept surely matches" in result.stderr


@pytest.mark.slow
@pytest.mark.parametrize(
    ("args", "hint"),
    [(["search", "- LoRA"], "gloss search -- '- LoRA'"),
     (["show", "-প্রুনিং"], "gloss show -- '-প্রুনিং'"),
     (["search", "-inf"], "gloss search -- '-inf'"),  # no option of search: -i is none
     (["show", "-1bit"], "gloss show -- '-1bit'")],
)  # fmt: skip
def test_a_query_that_begins_with_a_hyphen_is_told_to_go_after_double_dash(
    args: list[str], hint: str
) -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "glossary_cli", *args], capture_output=True, text=True, check=False
    )
    assert done.returncode == 2 and hint in done.stderr and "Traceback" not in done.stderr
    after = subprocess.run(
        [sys.executable, "-m", "glossary_cli", args[0], "--json", "--", args[1]],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert after.returncode in (0, 1) and after.stdout.strip()
    wide = subprocess.run(
        [sys.executable, "-m", "glossary_cli", "search", "--lang=bn, ar", "LoRA", "--json"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert wide.returncode == 0, wide.stderr
    # options, with their values (a value may begin with a hyphen), are options still
    for options in (["-n", "3"], ["-n3"], ["--limit", "3"], ["--min-score", "-1"], ["-h"]):
        given = subprocess.run(
            [sys.executable, "-m", "glossary_cli", "search", *options, "LoRA"],
            capture_output=True, text=True, check=False,
        )  # fmt: skip
        assert "is not an option" not in given.stderr, options


def test_build_of_an_empty_data_directory_says_where_files_go(tmp_path: Path) -> None:
    """``gloss add`` writes to the user's termbase, so it is not offered as the way to fill
    another data directory."""
    (tmp_path / "d").mkdir()
    result = gloss("build", "--data", str(tmp_path / "d"))
    assert result.exit_code != 0
    assert f"no glossary files in {tmp_path / 'd' / 'sources'}" in result.stderr
    assert "not to " + str(tmp_path / "d") in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("query", "concept"),
    [("ta2leem el shabaka", "pruning"),
     ("6aree2at el mosare3", "accelerator-method"),
     ("el nashr 3ala wa7det mo3alagat el mawtar", "tpu-deployment")],
)  # fmt: skip
def test_arabic_typed_in_arabizi_is_found_by_its_sound(query: str, concept: str) -> None:
    hits = as_json("search", query)
    assert isinstance(hits, list) and hits[0]["id"] == concept
    assert hits[0]["match"]["kind"] == "phonetic" and hits[0]["match"]["lang"] == "ar"
    assert as_json("show", query)["id"] == concept  # the whole term: sure


@pytest.mark.parametrize(
    ("query", "first"),
    [("FP8", "8-bit-floating-point-representation"), ("INT4", "4-bit-integer-quantization"),
     ("4-bit", "4-bit-integer-quantization"), ("GPT-4", None), ("h264", None), ("mp3", None),
     ("3D", None), ("word2vec", None)],
)  # fmt: skip
def test_a_number_in_a_name_is_not_read_as_arabizi(query: str, first: str | None) -> None:
    result = gloss("search", query, "--json", "--limit", "20")
    hits = json.loads(result.stdout)
    assert all(h["match"]["kind"] != "phonetic" for h in hits)
    assert (hits[0]["id"] if hits else None) == first


# --- descriptions: a concept found by what its definition says, in other words and forms ------

#: (query, concept): what a concept does, said as someone would ask it, not as the definition
#: says it: other endings of the Bengali words (মডেলকে for মডেল, ধাপে for ধাপ, শিক্ষকের for
#: শিক্ষক), other clitics and articles on the Arabic ones (طالب for الطالب, بخطوات for خطوات,
#: ميزات for الميزات, حفظ for لحفظ), other words beside the shared ones.
DESCRIBED = [
    ("ছাত্র মডেলকে শিক্ষকের চেয়ে কম ধাপে ফল দিতে শেখানো", "time-step-distillation"),
    ("ব্যাকপ্রপাগেশনে মধ্যবর্তী অ্যাক্টিভেশন আবার গণনা করে মেমরি বাঁচানো", "gradient-checkpointing"),
    ("ড্রাফ্ট মডেলের প্রস্তাবিত টোকেনগুলো বড় মডেল যাচাই করে", "speculative-inference"),
    ("কম গুরুত্বপূর্ণ নিউরন সরিয়ে স্পার্স আর্কিটেকচার", "pruning"),
    ("সারি বা কলাম ধরে নিয়মিত প্যাটার্নে ওজন সরানো", "structured-sparsity"),
    ("حفظ خرائط ميزات وسيطة لتجنب إعادة الحساب", "feature-caching"),
    ("نموذج طالب يتعلم من معلم بخطوات أقل", "time-step-distillation"),
    ("تنشيط شبكات فرعية بشكل مشروط لزيادة سعة النموذج", "mixture-of-experts"),
    ("دمج طبقات التفاف متتالية في عملية واحدة", "convolution-kernel-fusion"),
]


@pytest.mark.parametrize(("query", "concept_id"), DESCRIBED)
def test_a_description_finds_its_concept_first_marked_approximate(
    query: str, concept_id: str
) -> None:
    hits = as_json("search", query)
    assert isinstance(hits, list)
    assert hits[0]["id"] == concept_id
    assert hits[0]["match"]["kind"] == "definition"
    assert hits[0]["match"]["approximate"] is True
    assert 40 <= hits[0]["score"] < 60


@pytest.mark.parametrize(
    "query",
    [
        "রান্নার রেসিপি আর ভাতের হোটেল",  # a description of nothing in the glossary
        "وصفة لطهي الأرز باللحم",
        "ধাপ",  # a word of many definitions, alone
        "عملية",
        "একটি পদ্ধতি যা করে",  # filler words only
    ],
)
def test_a_description_of_nothing_or_one_common_word_lists_nothing(query: str) -> None:
    result = gloss("search", query, "--json")
    assert json.loads(result.stdout) == []
    assert gloss("show", query).exit_code != 0


def _english_glossary(tmp_path: Path) -> Path:
    """A data directory of six concepts with English definitions (the bundled glossary has
    none)."""
    from glossary_cli.build import records_text
    from glossary_cli.model import Concept, Definition, Glossary, LangSection, Term

    definitions = {
        "Knowledge Distillation": "Training a compact student network to reproduce the output "
        "distribution of a larger teacher network, so that the smaller model keeps most of "
        "its accuracy.",
        "Gradient Clipping": "Limiting the norm of the gradients during backpropagation to a "
        "fixed threshold, which prevents exploding updates in recurrent networks.",
        "Early Stopping": "Halting training when the loss on a held-out validation set stops "
        "improving, to avoid overfitting the training data.",
        "Beam Search": "A decoding strategy that keeps the most probable partial sequences at "
        "each step instead of only the single best token.",
        "Dropout": "A regularization technique that randomly sets a fraction of the activations "
        "of a layer to zero during training.",
        "Weight Decay": "A penalty on the size of the weights added to the loss, which shrinks "
        "the parameters towards zero at every update; often used together with dropout.",
    }
    concepts = [
        Concept(
            name.lower().replace(" ", "-"),
            (LangSection("en", (Term(name, source="en.csv:1"),), (Definition(text),)),),
        )
        for name, text in definitions.items()
    ]
    data = tmp_path / "english"
    data.mkdir()
    text = records_text(Glossary((), tuple(concepts)))
    (data / "concepts.yaml").write_text(text, encoding="utf-8")
    return data


def test_english_descriptions_find_their_concepts_by_stems(tmp_path: Path) -> None:
    data = str(_english_glossary(tmp_path))
    for query, concept_id in [
        ("a small student model trained to imitate a bigger teacher's outputs",
         "knowledge-distillation"),
        ("randomly zeroing activations while training", "dropout"),
        ("stop training once validation loss no longer improves", "early-stopping"),
        ("decoder keeping several probable sequences at every step", "beam-search"),
    ]:  # fmt: skip
        hits = as_json("search", query, "--data", data)
        assert isinstance(hits, list)
        assert hits[0]["id"] == concept_id, query
    # a description of nothing in it; a word of half its definitions, alone
    for query in ("a recipe for sourdough bread with a crispy crust", "training"):
        result = gloss("search", query, "--json", "--data", data)
        assert json.loads(result.stdout) == [], query


@pytest.mark.parametrize(
    ("query", "concept_id"),
    [
        ("removing unimportant neurons of a diffusion model leaves a sparse architecture",
         "pruning"),
        ("tensor blocks quantized separately", "block-wise-quantization"),
    ],
)  # fmt: skip
def test_an_english_description_meets_a_bengali_definition_by_its_loanwords(
    query: str, concept_id: str
) -> None:
    """The bundled definitions are Bengali and Arabic; the words Bengali borrows (স্পার্স,
    নিউরন, টেনসর, ব্লক) are the English words' sounds."""
    hits = as_json("search", query)
    assert isinstance(hits, list)
    assert hits[0]["id"] == concept_id
    assert hits[0]["match"]["kind"] == "definition"
    assert hits[0]["match"]["approximate"] is True


def test_english_words_that_sound_like_no_loanword_describe_nothing() -> None:
    result = gloss("search", "the stock market fell sharply on monday", "--json")
    assert json.loads(result.stdout) == []


def test_a_name_ranks_above_every_definition_that_has_it(tmp_path: Path) -> None:
    data = str(_english_glossary(tmp_path))
    hits = as_json("search", "dropout", "--data", data)
    assert isinstance(hits, list)
    assert [h["id"] for h in hits] == ["dropout", "weight-decay"]
    assert hits[0]["match"]["kind"] == "exact"
    assert hits[1]["match"]["kind"] == "definition"
    assert hits[1]["score"] < 60 <= hits[0]["score"]


@pytest.mark.parametrize("query", ["7abibi ta3ala", "yalla bina", "sa7 3aleek"])
def test_arabizi_that_names_no_term_finds_nothing_sure(query: str) -> None:
    result = gloss("search", query, "--json")
    hits = json.loads(result.stdout)
    assert all(h["match"]["kind"] == "phonetic" for h in hits)
    assert gloss("show", query).exit_code == 1


def _without_arabic(data: Path) -> tuple[int, int]:
    """How many concepts of ``data``'s records have no Arabic section, and how many there are
    (read from the records, not through the index)."""
    from glossary_cli import api

    concepts = api.load_glossary(str(data)).concepts
    return sum(not any(s.lang == "ar" for s in c.languages) for c in concepts), len(concepts)


def test_a_query_in_a_language_many_concepts_lack_says_so(data_copy: Path) -> None:
    """A Bengali-only source adds concepts with no Arabic term; an Arabic query that finds
    nothing says how many concepts have none, in `search` and `show`."""
    (data_copy / "sources" / "009_bengali_only.txt").write_text(
        "এআই গ্লসারি\nকৃত্রিম বুদ্ধিমত্তার অভিধান\n"
        "টোকেনাইজার (Tokenizer)\nপাঠকে টোকেনে ভাগ করার পদ্ধতি।\n"
        "এমবেডিং (Embedding)\nশব্দকে ভেক্টরে রূপান্তর করার পদ্ধতি।\n",
        encoding="utf-8",
    )
    assert gloss("build", "--data", str(data_copy)).exit_code == 0
    without, total = _without_arabic(data_copy)
    assert without >= 2
    hint = f"{without} of {total} concepts have no Arabic term: try the English name"
    for command in ("search", "show"):
        result = gloss(command, "المحول الرمزي للنصوص", "--data", str(data_copy))
        assert result.exit_code == 1
        assert hint in result.stderr, command
    # a query in a language every concept has, or in English, says nothing of the kind
    for query in ("ভাতের হোটেল", "zebra crossing"):
        result = gloss("search", query, "--data", str(data_copy))
        assert result.exit_code == 1
        assert "no Bengali term" not in result.stderr and "try the English" not in result.stderr


def test_a_one_word_query_is_a_word_match_of_a_longer_name() -> None:
    # distillation names no concept alone: Time-Step Distillation has it as a word (the word
    # tier's, which scores above a fuzzy match of the whole name)
    hits = as_json("search", "distillation", "--limit", "5")
    assert isinstance(hits, list)
    assert hits[0]["id"] == "time-step-distillation"
    assert hits[0]["match"]["kind"] == "word"
