"""Per-script rules, one row per rule: Bengali inflection, Arabic clitics, Devanagari and Urdu
folding, spelled-out letters; and that an ending is taken off only where the rest is a term
word of the index (ডিফিউশন never finds ফিউশন, সকল never কল)."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from glossary_cli import api, build, store
from glossary_cli.normalize import fold, stem
from glossary_cli.scripts import inflection_bases, script_block, spelled_letters
from glossary_cli.scripts.arabic import arabic_stem, arabizi_readings, clitic_bases, is_arabizi
from glossary_cli.scripts.bengali import inflection_bases as bengali_bases
from glossary_cli.scripts.bengali import spelling_key, without_phala
from glossary_cli.scripts.devanagari import devanagari_loose
from glossary_cli.scripts.latin import english_stem
from glossary_cli.search import Searcher


def nfkc(text: str) -> str:
    return unicodedata.normalize("NFKC", text)


# (inflected form, base, the rule) — Bengali nominal inflection, any combination in its order:
# base + plural/classifier + case + emphatic
BENGALI = [
    ("মডেলের", "মডেল", "genitive -এর after a consonant (vowel sign ে + র)"),
    ("ডেটার", "ডেটা", "genitive -র after a vowel"),
    ("ক্যাশিংয়ের", "ক্যাশিং", "genitive -য়ের"),
    ("প্রুনিংকে", "প্রুনিং", "objective -কে"),
    ("মডেলে", "মডেল", "locative -এ after a consonant"),
    ("ডেটাতে", "ডেটা", "locative -তে"),
    ("ক্যাশিংয়ে", "ক্যাশিং", "locative -য়ে"),
    ("ডেটায়", "ডেটা", "locative -য়"),
    ("বিশেষজ্ঞগুলো", "বিশেষজ্ঞ", "plural -গুলো"),
    ("মডেলগুলি", "মডেল", "plural -গুলি"),
    ("বিশেষজ্ঞরা", "বিশেষজ্ঞ", "plural -রা"),
    ("শিক্ষকেরা", "শিক্ষক", "plural -েরা"),
    ("বিশেষজ্ঞদের", "বিশেষজ্ঞ", "plural genitive -দের"),
    ("মডেলটি", "মডেল", "classifier -টি"),
    ("মডেলটা", "মডেল", "classifier -টা"),
    ("মডেলটির", "মডেল", "classifier + genitive -টির"),
    ("মডেলটিকে", "মডেল", "classifier + objective -টিকে"),
    ("মডেলটিতে", "মডেল", "classifier + locative -টিতে"),
    ("মডেলগুলোর", "মডেল", "plural + genitive -গুলোর"),
    ("মডেলগুলোকে", "মডেল", "plural + objective -গুলোকে"),
    ("মডেলই", "মডেল", "emphatic -ই"),
    ("মডেলও", "মডেল", "emphatic -ও"),
    ("মডেলেরই", "মডেল", "genitive + emphatic"),
    ("মডেলগুলোকেই", "মডেল", "plural + objective + emphatic"),
]


@pytest.mark.parametrize(("form", "base", "rule"), BENGALI, ids=[r[2] for r in BENGALI])
def test_bengali_inflection_offers_the_base(form: str, base: str, rule: str) -> None:
    assert nfkc(base) in bengali_bases(nfkc(form))


@pytest.mark.parametrize(
    "word",
    ["কল", "লোরা", "ডিফিউশন", "সকল", "মডেল"],
    ids=["two letters", "one letter left (লো + -রা)", "no ending", "no ending", "no ending"],
)
def test_bengali_words_that_are_not_inflected_offer_no_one_letter_base(word: str) -> None:
    bases = bengali_bases(nfkc(word))
    assert all(len([c for c in b if "\u0995" <= c <= "\u09b9"]) >= 1 for b in bases)
    assert nfkc("লো") not in bases and nfkc("ফিউশন") not in bases and nfkc("কল") not in bases


# (with the phala, as quick typing leaves it out, the rule) — Lucene's BengaliNormalizer
PHALA = [
    ("সংখ্যা", "সংখা", "ya-phala inside a word, left out"),
    ("প্রত্যেক", "প্রতেক", "ya-phala after a conjunct, left out"),
    ("সামঞ্জস্য", "সামঞ্জস", "ya-phala at the end, left out"),
    ("ব্যাচ", "বেচ", "ya-phala + aa-kar of the first consonant written e-kar"),
    ("ব্যবধান", "বেবধান", "ya-phala of the first consonant written e-kar"),
    ("স্বয়ংক্রিয়", "সয়ংক্রিয়", "ba-phala of the first consonant, left out"),
    ("জ্বালানি", "জালানি", "ba-phala of the first consonant, left out"),
    ("উজ্জ্বল", "উজ্জল", "ba-phala after a conjunct, left out"),
    ("বিদ্বান", "বিদ্দান", "ba-phala elsewhere: the consonant said twice"),
]


@pytest.mark.parametrize(("full", "typed", "rule"), PHALA, ids=[r[2] for r in PHALA])
def test_bengali_phala_left_out_is_the_same_spelling(full: str, typed: str, rule: str) -> None:
    assert spelling_key(fold(full)) == spelling_key(fold(typed))


def test_bengali_without_phala_leaves_other_words_alone() -> None:
    for word in ("কোয়ান্টাইজেশন", "প্রুনিং", "যোগ", "বিট"):
        assert without_phala(fold(word)) == fold(word)
    # ya with a nukta (য়) and ya not after a virama are no phala
    assert spelling_key(fold("মোতায়েন")) != spelling_key(fold("মোতাএন"))


# Arabizi: Arabic typed in Latin letters, with digits for the letters Latin lacks
@pytest.mark.parametrize(
    "word",
    ["6aree2a", "mo3alaja", "ta7seen", "3'eir", "ma9dar", "el5abeer", "mo2a22at", "mawdoo3"],
)
def test_a_digit_where_an_arabic_consonant_stands_is_arabizi(word: str) -> None:
    assert is_arabizi(word)


@pytest.mark.parametrize(
    "word",
    ["fp8", "int4", "4bit", "gpt4", "gpt5", "h264", "mp3", "3d", "word2vec", "seq2seq", "8bit",
     "resnet50", "yolov8", "t5", "ma3", "i'adat", "mot2zamen"],
)  # fmt: skip
def test_a_number_in_a_name_is_not_arabizi(word: str) -> None:
    assert not is_arabizi(word)


def test_arabizi_readings() -> None:
    # every reading of an ambiguous digit (9: qaf or sad), apostrophes kept inside the word
    assert arabizi_readings("ma9dar el bayanat") == ("maqdar el bayanat", "masdar el bayanat")
    assert arabizi_readings("ta'leem 3ameeq") == ("taleem ameeq",)
    # Egyptian g is jim as well; gh stays ghain
    assert "nmozaj ghareeb" in arabizi_readings("nmozag 3'areeb")
    # a word some name has as typed is not read; nothing to read is no reading
    assert arabizi_readings("llama2", frozenset({"llama2"})) == ()
    assert arabizi_readings("FP8 INT4 4-bit GPT-4 h264 mp3 3D word2vec") == ()


# (clitic form, base, the rule) — Arabic one-letter proclitics and pronoun suffixes
ARABIC = [
    ("وتقليم", "تقليم", "conjunction و"),
    ("فتقليم", "تقليم", "conjunction ف"),
    ("بتقليم", "تقليم", "preposition ب"),
    ("كتقليم", "تقليم", "preposition ك"),
    ("لتقليم", "تقليم", "preposition ل"),
    ("وبالشبكه", "الشبكه", "و + ب before the article"),
    ("وللخبراء", "للخبراء", "و before لل (ل + the article)"),
    ("فبتقليم", "تقليم", "ف + ب"),
    ("تقليمها", "تقليم", "pronoun -ها"),
    ("تقليمهم", "تقليم", "pronoun -هم"),
    ("تقليمنا", "تقليم", "pronoun -نا"),
    ("طريقتها", "طريقه", "ة written ت before a pronoun"),
]


@pytest.mark.parametrize(("form", "base", "rule"), ARABIC, ids=[r[2] for r in ARABIC])
def test_arabic_clitics_offer_the_base(form: str, base: str, rule: str) -> None:
    assert base in clitic_bases(fold(form))


@pytest.mark.parametrize(
    ("word", "stem_"),
    [
        ("بالمصنف", "مصنف"),  # light10 prefix بال
        ("الشبكات", "شبك"),  # prefix ال, suffix ات
        ("المعلمون", "معلم"),  # suffix ون
        ("جنون", "جنون"),  # no two-letter stem: جنون is not جنيه
        ("الآلات", "الات"),  # nor الآلات آلي
    ],
)
def test_arabic_light_stem(word: str, stem_: str) -> None:
    assert arabic_stem(fold(word)) == stem_


@pytest.mark.parametrize(
    ("a", "b", "rule"),
    [
        ("ज़ूम", "जूम", "Devanagari nukta dropped"),
        ("\u095b\u0942\u092e", "जूम", "precomposed nukta letter (NFKC)"),
        ("हैँ", "हैं", "chandrabindu as anusvara"),
        ("کتاب", "كتاب", "Persian keheh as kaf"),
        ("کیا", "كيا", "Persian yeh as yeh"),
        ("ہے", "هي", "Urdu heh goal and yeh barree"),
        ("میں", "مين", "Urdu noon ghunna as noon"),
    ],
)
def test_hindi_urdu_and_persian_spellings_meet(a: str, b: str, rule: str) -> None:
    fa, fb = fold(a), fold(b)
    assert [stem(w) for w in fa.split()] == [stem(w) for w in fb.split()], rule


def test_devanagari_loose_is_idempotent() -> None:
    word = nfkc("ज़िंदगी")
    assert devanagari_loose(devanagari_loose(word)) == devanagari_loose(word)


@pytest.mark.parametrize(
    ("query", "latin"),
    [
        ("টিপিইউ", "tpu"),
        ("এফপি৮", "fp8"),
        ("কিউএটি", "qat"),
        ("এম পি কিউ", "mpq"),
        ("ডব্লিউ", None),  # one letter is not an abbreviation
        ("تي بي يو", "tpu"),
        ("إم أو إي", "moe"),
        ("كيو إيه تي", "qat"),
    ],
)
def test_spelled_letters(query: str, latin: str | None) -> None:
    readings = spelled_letters(fold(query))
    if latin is None:
        assert readings == ()
    else:
        assert latin in readings


@pytest.mark.parametrize("word", ["প্রুনিং", "quantization", "تقليم الشبكة"])
def test_ordinary_words_spell_no_letters(word: str) -> None:
    assert spelled_letters(fold(word)) == ()


def test_english_plural_is_not_a_near_word() -> None:
    assert english_stem("studies") == english_stem("study") != english_stem("studio")


def test_script_blocks() -> None:
    assert [script_block(w) for w in ("model", "মডেল", "نموذج", "मॉडल")] == [
        "latin", "bengali", "arabic", "devanagari"
    ]  # fmt: skip
    assert inflection_bases("models") == ()


# --- in the index: only known words ------------------------------------------------------------


@pytest.fixture(scope="module")
def searcher() -> Searcher:
    return api.open_searcher(None)


@pytest.mark.parametrize(
    ("query", "concept"),
    [
        ("প্রুনিংকে", "pruning"),
        ("ক্যাশিংয়ে", "feature-caching"),
        ("বিশেষজ্ঞগুলো", "mixture-of-experts"),
        ("মিশ্র বিশেষজ্ঞদের", "mixture-of-experts"),
        ("টাইম-স্টেপ ডিস্টিলেশনকে", "time-step-distillation"),
        ("وتقليم الشبكة", "pruning"),
        ("تقليم بالشبكة", "pruning"),
        ("خليط للخبراء", "mixture-of-experts"),
    ],
)
def test_inflected_and_clitic_forms_find_their_concept(
    searcher: Searcher, query: str, concept: str
) -> None:
    hits = searcher.search(query, limit=3)
    assert hits and hits[0].concept.id == concept


def test_an_inflected_form_of_a_whole_term_is_sure(searcher: Searcher) -> None:
    (hit,) = searcher.search("وتقليم الشبكة", limit=1)
    assert hit.match.kind == "clitic" and hit.sure and hit.score == 97.0


def test_of_quantization_finds_the_quantization_concepts(searcher: Searcher) -> None:
    hits = searcher.search("কোয়ান্টাইজেশনের", limit=10)
    assert len(hits) == 10
    assert all("Quantization" in (h.concept.en or "") for h in hits)
    assert all(h.match.kind == "word" for h in hits)


@pytest.mark.parametrize(
    ("query", "concept"),
    [
        ("গ্রেডিয়েন্ট চেকপয়েন্টিং দারা মেমরি অপ্টিমাইজেশন", "gradient-checkpointing"),
        ("কারকর স্টোকাস্টিক রিপারামিটারাইজেশন", "efficient-stochastic-reparameterization"),
        ("ট্রাংকেটেড সিঙ্গুলার ভেলু ডিকম্পোজিশন", "truncated-svd"),
        ("ওজন গুরুত্ত-ভিত্তিক কোয়ান্টাইজেশন", "weight-importance-based-quantization"),
        ("হাইপারপারামিটার গ্রিড সার্চ অপ্টিমাইজেশন", "hyperparameter-grid-search-optimization"),
    ],
)
def test_a_term_typed_without_its_phala_is_found_as_a_spelling(
    searcher: Searcher, query: str, concept: str
) -> None:
    (hit, *_) = searcher.search(query, limit=3)
    assert hit.concept.id == concept and hit.sure and hit.match.kind == "inflected"


def test_a_query_with_the_phala_finds_a_term_written_without(tmp_path: Path) -> None:
    sources = tmp_path / "data" / "sources"
    sources.mkdir(parents=True)
    (sources / "g.txt").write_text(
        "এআই গ্লসারি\nকৃত্রিম বুদ্ধিমত্তার সম্পূর্ণ অভিধান\n"
        "বৈশিষ্ট নির্বাচন (Feature Selection)\nদরকারি বৈশিষ্টগুলো বেছে নেওয়া।\n"
        "সয়ংক্রিয় পার্থক্যকরণ (Automatic Differentiation)\nগ্রেডিয়েন্ট নিজে থেকে গোনা।\n",
        encoding="utf-8",
    )
    result = build.build_records(tmp_path / "data")
    (tmp_path / "data" / store.RECORDS).write_text(result.text, encoding="utf-8")
    searcher = api.open_searcher(str(tmp_path / "data"))
    for query, en in (("বৈশিষ্ট্য নির্বাচন", "Feature Selection"),
                      ("স্বয়ংক্রিয় পার্থক্যকরণ", "Automatic Differentiation")):  # fmt: skip
        (hit, *_) = searcher.search(query, limit=3)
        assert hit.concept.en == en and hit.sure and hit.match.kind == "inflected"


@pytest.mark.parametrize("query", ["ডিফিউশনের", "সকলকে"])
def test_an_ending_never_makes_a_false_friend(searcher: Searcher, query: str) -> None:
    # ডিফিউশন contains ফিউশন, সকল contains কল: neither is an inflected form of them
    for hit in searcher.search(query, limit=10):
        assert "ফিউশন" not in hit.match.text or "ডিফিউশন" in hit.match.text
