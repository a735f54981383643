"""Per-script normalization: table-driven quirks, and agreement with ICU where ICU defines
the rule (NFKC_Casefold, word breaks)."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import icu
import pytest

from glossary_cli import normalize
from glossary_cli.normalize import (
    arabic_stem,
    bengali_loose,
    english_stem,
    fold,
    phonetic,
    romanize,
    stem_words,
    strip_arabic_articles,
    words,
)
from glossary_cli.parsing import decode, parse_glossary
from glossary_cli.scripts.arabic import arabizi_readings

from .conftest import SEEDS


def _seed_texts() -> list[str]:
    out = []
    for path in sorted(SEEDS.iterdir()):
        parsed = parse_glossary(decode(path.read_bytes(), path.name), path.name)
        for e in parsed.entries:
            out += [e.term, e.definition]
    return out


SEED_TEXTS = _seed_texts()


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("LoRA", "lora"),
        ("Ｌｏｒａ", "lora"),  # full-width, NFKC
        ("ক্লাসিফা\u09dfার", "ক্লাসিফায়ার"),  # precomposed য় U+09DF vs য + nukta
        ("ড\u09bc", "\u09dc"),  # ড় both ways
        ("উ\u09ce\u09b8", "উত\u09cd\u09b8"),  # khanda ta vs ta + virama
        ("র\u200d\u09cdযা", "র\u09cdযা"),  # ya-phala with ZWJ
        ("ক\u200cা", "কা"),  # ZWNJ
        ("৪-বিট", "4 বিট"),  # Bengali digit, hyphen
        ("٤ بت", "4 بت"),  # Arabic-Indic digit
        ("خَلِيطُ الخُبَرَاءِ", "خليط الخبراء"),  # harakat
        ("خلـــيط", "خليط"),  # tatweel
        ("أإآٱ", "اااا"),  # alef variants
        ("طريقة", "طريقه"),  # teh marbuta
        ("مصطفى", "مصطفي"),  # alef maksura
        ("یک", "يك"),  # Persian yeh, keheh
        ("\ufedf\ufee0", "لل"),  # presentation forms
        ("a\u200fb", "ab"),  # RLM
        ("Mixture–of—Experts", "mixture of experts"),  # dashes
        ("a\u2028b", "a b"),  # line separator inside a line
    ],
)
def test_fold_equates_spellings(a: str, b: str) -> None:
    assert fold(a) == fold(b)


@pytest.mark.parametrize("text", SEED_TEXTS[:80])
def test_fold_is_idempotent_on_seed_text(text: str) -> None:
    assert fold(fold(text)) == fold(text)


def test_fold_agrees_with_icu_nfkc_casefold() -> None:
    """Up to gloss's own extra foldings, fold() is ICU's NFKC_Casefold."""
    nfkc_cf = icu.Normalizer2.getNFKCCasefoldInstance()
    for text in [*SEED_TEXTS, "Ｌｏｒａ", "ﬁne-tuning", "Straße"]:
        icu_key = fold(nfkc_cf.normalize(text))
        assert icu_key == fold(text), text


def test_words_agree_with_icu_word_breaks() -> None:
    """Splitting a folded key at spaces gives the words of ICU's UAX #29 word BreakIterator."""
    for text in SEED_TEXTS:
        key = fold(text)
        it = icu.BreakIterator.createWordInstance(icu.Locale.getRoot())
        it.setText(key)
        icu_words = []
        start = it.first()
        for end in it:
            piece = key[start:end]
            if piece.strip():
                icu_words.append(piece)
            start = end
        assert list(words(key)) == icu_words, text


@pytest.mark.parametrize(
    ("word", "stem"),
    [
        ("بالمصنف", "مصنف"),
        ("الشبكه", "شبك"),
        ("الشبكات", "شبك"),
        ("وال", "وال"),  # too short to lose a prefix
        ("للميزات", "ميز"),
    ],
)
def test_arabic_light_stem(word: str, stem: str) -> None:
    assert arabic_stem(word) == stem


def test_clitics_and_articles() -> None:
    assert stem_words(fold("المصنف")) == stem_words(fold("بالمصنف"))
    assert stem_words(fold("شبكة")) == stem_words(fold("الشبكة"))


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("শিক্ষা", "সিক্ষা"),
        ("প্রুনিং", "প্রূনিং"),
        ("ন্যূনতম", "ন্যুনতম"),
        ("কারণ", "কারন"),
        ("যা", "জা"),
        ("প্রুনিঙ", "প্রুনিং"),
        ("র্যাংক", "র্যাঙ্ক"),
        ("ব্যাঙ্ক", "ব্যাংক"),
    ],
)
def test_bengali_sound_alike_letters(a: str, b: str) -> None:
    assert bengali_loose(a) == bengali_loose(b)


def test_bengali_ya_phala_is_not_ja() -> None:
    assert bengali_loose("ক্যাশিং") != bengali_loose("ক্জাশিং")
    assert bengali_loose("য়") == "য়"


@pytest.mark.parametrize(
    ("words_", "stem"),
    [
        (("quantization", "quantisation", "quantize", "quantized", "quantizing"), "quantiz"),
        (("tokenizations", "tokenize", "tokenizes", "tokenised", "tokenising"), "tokeniz"),
        (("prune", "pruned", "pruning", "prunes"), "prun"),
        (("experts", "expert"), "expert"),
        (("adaptation", "adapted", "adapts"), "adapt"),
    ],
)
def test_english_stem(words_: tuple[str, ...], stem: str) -> None:
    assert {english_stem(w) for w in words_} == {stem}


@pytest.mark.parametrize(
    ("derived", "root"),
    [("tokenization", "token"), ("normalization", "normal"), ("quantization", "quantation")],
)
def test_a_word_derived_with_ize_is_not_its_root(derived: str, root: str) -> None:
    assert english_stem(derived) != english_stem(root)


@pytest.mark.parametrize(
    ("query", "native", "lang"),
    [
        ("quantization", "কোয়ান্টাইজেশন", "bn"),
        ("classifier", "ক্লাসিফায়ার", "bn"),
        ("fusion", "ফিউশন", "bn"),
        ("koyantaijeshon", "কোয়ান্টাইজেশন", "bn"),
        ("bisheshoggo", "বিশেষজ্ঞ", "bn"),
        ("karjokor", "কার্যকর", "bn"),
        ("taqlim al-shabaka", "تقليم الشبكة", "ar"),
        ("dhakira", "ذاكرة", "ar"),
    ],
)
def test_phonetic_keys_meet_across_scripts(query: str, native: str, lang: str) -> None:
    q = fold(query)
    variants = {phonetic(q, "en"), phonetic(q, lang), phonetic(strip_arabic_articles(q), lang)}
    assert phonetic(romanize(fold(native), lang), lang) in variants


@pytest.mark.parametrize(
    ("typed", "native"),
    [
        ("6aree2a", "طريقة"),
        ("mo3alaga", "معالجة"),
        ("ta5zeen", "تخزين"),
        ("3'eir", "غير"),
        ("mon5afeda", "المنخفضة"),
        ("el-ma3lama", "المعلمة"),
        ("ma9dar", "مصدر"),
    ],
)
def test_arabizi_readings_sound_like_the_arabic_word(typed: str, native: str) -> None:
    # the skeleton the index keeps of the Arabic word is that of one reading of the Arabizi
    readings = arabizi_readings(typed)
    skeletons = {phonetic(strip_arabic_articles(r), "ar") for r in readings}
    assert phonetic(romanize(fold(native), "ar"), "ar") in skeletons


def test_romanized_articles_of_every_dialect_are_left_out() -> None:
    for typed in ("al shabaka", "el shabaka", "il shabake", "ash shabaka", "esh shabake",
                  "ish shabake", "alshabaka", "elshabake"):  # fmt: skip
        assert strip_arabic_articles(typed) in ("shabaka", "shabake")
    assert strip_arabic_articles("et tanshit ed dakira") == "tanshit dakira"
    assert strip_arabic_articles("also elm") == "also elm"  # too short to hold an article


def test_romanize_uses_icu_transforms() -> None:
    assert romanize(fold("কোয়ান্টাইজেশন"), "bn") == "koyantaijesana"
    assert romanize(fold("تقليم الشبكة"), "ar") == "tqlym shbkh"
    assert romanize(fold("नमस्ते"), "hi") == "namaste"


# --- what lookups take from the index instead of ICU ----------------------------------------


@pytest.mark.parametrize(
    ("lo", "hi", "script"), [(0x0980, 0x09FF, "Beng"), (0x0620, 0x06FF, "Arab")]
)
def test_the_script_of_a_blocks_letters_is_icus(lo: int, hi: int, script: str) -> None:
    """script_of answers a text of one block's letters without ICU: it must be ICU's answer
    for every letter (and, in Bengali, every mark) of the block."""
    from glossary_cli.scripts import writing

    letters = [
        chr(cp)
        for cp in range(lo, hi + 1)
        if chr(cp).isalpha() or (script == "Beng" and unicodedata.category(chr(cp))[0] == "M")
    ]
    assert len(letters) > 50
    for ch in letters:
        if ch == "\u0640":  # tatweel: a letter of no script (Common), which no key keeps
            continue
        assert icu.Script.getScript(ch).getShortName() == script, hex(ord(ch))
        assert writing.script_of(ch + ch) == script
    assert writing.script_of("ক" + "ب" * 2) == "Arab"  # mixed: the most letters


def test_romanized_words_the_index_keeps_are_what_romanize_gives() -> None:
    """romanize() of a query of glossary words takes their romanizations from the index
    (index.romanized_words); that must be exactly what it computes for the whole key."""
    from glossary_cli import api
    from glossary_cli.index import name_keys, name_rows, romanized_words

    keys = [
        name_keys(text, lang)[0]
        for concept in api.load_glossary().concepts
        for _, lang, text, *_ in name_rows(concept)
    ]
    known: dict[tuple[str, str], str] = {}
    for key in keys:
        for lang, word, latin in romanized_words(key):
            known[(lang, word)] = latin
    assert len(known) > 100
    for key in keys:
        for lang in ("bn", "ar"):
            table = {w: latin for (tag, w), latin in known.items() if tag == lang}
            assert romanize(key, lang, table) == romanize(key, lang), key


@pytest.mark.parametrize("script", ["Beng", "Arab", "Latn"])
def test_the_most_written_languages_a_lookup_knows_are_icus(script: str) -> None:
    """The languages script_language answers without ICU are CLDR's likely subtags."""
    from glossary_cli.scripts import writing

    likely = icu.Locale(f"und_{script}")
    likely.addLikelySubtags()
    assert writing.MOST_WRITTEN[script] == likely.getLanguage()


@pytest.mark.parametrize(
    "name",
    sorted(p.name for p in (Path(normalize.__file__).parent / "resources/common_words").iterdir()),
)
def test_fold_normalized_is_the_tables_translate(name: str) -> None:
    """fold_normalized replaces each character the tables change instead of translating
    character by character: the same text, on every word list gloss ships."""
    text = (Path(normalize.__file__).parent / "resources/common_words" / name).read_text("utf-8")
    text += "\nأَداةٌ ـــ ৎ ১২৩ a\u200db «x» ٤"  # harakat, tatweel, khanda ta, digits, Cf
    translated = " ".join(text.translate(normalize._DROP_TABLE).translate(normalize._FOLD).split())
    assert normalize.fold_normalized(text) == translated


def test_the_letter_foldings_are_fixed_points() -> None:
    """What fold_normalized's order-free replacements rely on: no letter folding gives a
    character that a folding or the dropping changes."""
    for value in normalize._LETTERS.values():
        for ch in str(value):
            assert normalize._FOLD[ord(ch)] == ch
            assert normalize._DROP_TABLE[ord(ch)] == ch


def test_the_kept_characters_are_kept() -> None:
    """fold_normalized looks only at the characters outside normalize._KEPT: the tables leave
    every one inside it as it is."""
    kept = re.compile(f"[{normalize._KEPT}]")
    inside = [cp for cp in range(0x1000) if kept.fullmatch(chr(cp))]
    assert len(inside) > 1000
    for cp in inside:
        assert normalize._DROP_TABLE[cp] == chr(cp), hex(cp)
        assert normalize._FOLD[cp] == chr(cp), hex(cp)
