"""gloss add / remove / sources / export / list / stats, output formats, completion, colour and
the pager: the commands a user expects around the glossary."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import shutil
import sys
import unicodedata
from pathlib import Path

import pytest
import yaml

from glossary_cli import api, formats, store
from glossary_cli.align import merge_concepts
from glossary_cli.errors import RecordError, StoreError
from glossary_cli.model import Concept, LangSection, Term

from .conftest import (
    DATA,
    GLOSS_SCRIPT,
    ROOT,
    as_cited,
    as_json,
    essence,
    gloss,
    ok,
    present,
    snapshot,
    user_dir,
)

BUNDLED_001 = "001_5a07ee38a131a210.txt"

# A Hindi translation of data/sources/001_…, entry by entry, with the same English in parentheses.
HINDI_001 = """\
एआई शब्दावली
कृत्रिम बुद्धिमत्ता के शब्द
क्वांटाइज़ेशन-अवेयर ट्रेनिंग (QAT)
प्रशिक्षण के दौरान क्वांटाइज़ेशन का अनुकरण करने वाली विधि।
लो-रैंक अनुकूलन (LoRA)
पूर्व-प्रशिक्षित मॉडल के भार स्थिर रखकर छोटे लो-रैंक मैट्रिक्स जोड़ने की विधि।
8-बिट फ़्लोटिंग पॉइंट प्रतिनिधित्व (FP8)
संख्याओं को 8 बिट में दर्शाने वाला प्रारूप।
4-बिट पूर्णांक क्वांटाइज़ेशन (INT4)
भार को 4-बिट पूर्णांकों में बदलने की विधि।
क्वांटाइज़ेशन बायस क्षतिपूर्ति (Q-Bias)
क्वांटाइज़ेशन से आए पूर्वाग्रह को ठीक करने की तकनीक।
क्वांटाइज़ेशन ग्रिड खोज अनुकूलन
क्वांटाइज़ेशन मापदंडों के लिए ग्रिड खोज।
सट्टा अनुमान
छोटे मॉडल से अनुमान लगाकर बड़े मॉडल से जाँचने की विधि।
ट्रंकेटेड एकवचन मान अपघटन (Truncated SVD)
केवल सबसे बड़े एकवचन मान रखने वाला अपघटन।
ब्लॉक-आधारित क्वांटाइज़ेशन (Block-wise Quantization)
भार को खंडों में बाँटकर अलग-अलग क्वांटाइज़ करने की विधि।
संरचित विरलता (Structured Sparsity)
पूरे खंड या चैनल हटाकर बनी विरलता।
"""

# An Arabic translation of the same file: 001_… has no Arabic, so every entry joins a concept.
ARABIC_001 = """\
مسرد الذكاء الاصطناعي
مصطلحات مترجمة
التدريب الواعي بالتكميم (QAT)
طريقة تحاكي التكميم أثناء التدريب.
التكيف منخفض الرتبة (LoRA)
طريقة فعالة تجمد أوزان النموذج وتضيف مصفوفات صغيرة منخفضة الرتبة.
تمثيل الفاصلة العائمة بثماني بتات (FP8)
صيغة أعداد بثماني بتات.
تكميم الأعداد الصحيحة بأربع بتات (INT4)
تحويل الأوزان إلى أعداد صحيحة بأربع بتات.
تعويض انحياز التكميم (Q-Bias)
تقنية تصحح الانحياز الناتج عن التكميم.
تحسين البحث الشبكي للتكميم
بحث شبكي عن معاملات التكميم.
الاستدلال التخميني
يقترح نموذج صغير رموزًا ويتحقق منها نموذج كبير.
تحليل القيم المفردة المقتطع (Truncated SVD)
تحليل يحتفظ بأكبر القيم المفردة فقط.
التكميم على مستوى الكتل (Block-wise Quantization)
تكميم كل كتلة من الأوزان على حدة.
التناثر المنظم (Structured Sparsity)
تناثر بإزالة كتل أو قنوات كاملة.
"""


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def plain_glossary(title: str, entries: list[tuple[str, str]]) -> str:
    lines = [title, "subtitle"] + [line for pair in entries for line in pair]
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- gloss add


def test_add_hindi_translation_joins_the_bundled_concepts(tmp_path: Path) -> None:
    result = ok("add", str(write(tmp_path / "hindi.txt", HINDI_001)), "--lang", "hi")
    assert "added hindi.txt: 10 entries in hi, 10 concepts, 10 joining bundled concepts" in (
        result.stdout
    )
    assert f"aligned to {BUNDLED_001}" in result.stdout
    user = user_dir()
    assert (user / "sources" / "hindi.txt").read_text(encoding="utf-8") == HINDI_001
    assert yaml.safe_load((user / "sources.yaml").read_text(encoding="utf-8")) == {
        "hindi.txt": {"lang": "hi"}
    }
    # The user's records hold only the user's entries, under the bundled concepts' ids.
    records = store.read_records(user)
    # (the English of its parentheticals is the bundled file's already)
    assert {s.lang for c in records.concepts for s in c.languages} == {"hi"}
    assert {t.source.split(":")[0] for c in records.concepts for s in c.languages
            for t in s.terms} == {"hindi.txt"}  # fmt: skip
    assert "low-rank-adaptation" in {c.id for c in records.concepts}

    card = as_json("show", "LoRA", "--lang", "bn,hi")
    assert card["id"] == "low-rank-adaptation"
    assert card["terms"]["bn"]["term"] == "লো-র্যাঙ্ক অ্যাডাপ্টেশন"
    hindi = card["terms"]["hi"]
    assert (hindi["term"], hindi["definition"], hindi["source"]) == (
        "लो-रैंक अनुकूलन",
        "पूर्व-प्रशिक्षित मॉडल के भार स्थिर रखकर छोटे लो-रैंक मैट्रिक्स जोड़ने की विधि।",
        "hindi.txt:5",
    )
    assert [(t["term"], t.get("type")) for t in hindi["terms"]] == [
        ("लो-रैंक अनुकूलन", None),
        ("LoRA", "abbreviation"),
    ]
    assert hindi["definitions"] == [{"text": hindi["definition"], "source": "hindi.txt:6"}]
    hits = as_json("search", "लो-रैंक अनुकूलन", "--lang", "hi")
    assert hits[0]["id"] == "low-rank-adaptation"
    assert hits[0]["match"]["lang"] == "hi"
    # still 40 concepts: the Hindi entries joined existing ones
    assert as_json("stats")["concepts"] == 40


@pytest.mark.slow
def test_add_arabic_translation_of_a_bengali_only_file(tmp_path: Path) -> None:
    """Arabic is detected from the script; the file aligns as `gloss build` would align it.
    The bundled LoRA has a curated Arabic term; the file's own term now stands first, with
    the file's definition."""
    before = as_json("show", "LoRA", "--lang", "ar")["terms"]["ar"]
    assert before["status"] == "admitted" and before["definition"] == ""
    result = ok("add", str(write(tmp_path / "arabic-001.txt", ARABIC_001)))
    assert "10 entries in ar" in result.stdout
    assert f"aligned to {BUNDLED_001}" in result.stdout
    card = as_json("show", "LoRA", "--lang", "bn,ar")
    assert card["terms"]["ar"]["term"] == "التكيف منخفض الرتبة"
    assert card["terms"]["ar"]["source"] == "arabic-001.txt:5"
    assert card["terms"]["ar"]["definition"].startswith("طريقة فعالة")
    assert card["terms"]["bn"]["source"] == f"{BUNDLED_001}:5"


# One row per third language: tag, a script gloss cannot guess the language of (or, for Urdu
# and Persian, one it would guess wrong), a term and its definition.
THIRD_LANGUAGES = [
    ("hi", "शब्द-सन्निधि", "शब्दों को सदिशों में बदलने की विधि।"),
    ("ur", "لفظی سرایت", "الفاظ کو سمتیوں میں بدلنے کا طریقہ۔"),
    ("fa", "تعبیه‌سازی واژگانی", "روشی برای تبدیل واژه‌ها به بردار."),
    ("en", "Lexical Embedding Drift", "How the meaning of embedded words moves over time."),
]


@pytest.mark.parametrize(("tag", "term", "definition"), THIRD_LANGUAGES)
def test_a_file_in_a_third_language_is_searchable_and_shown(
    tmp_path: Path, tag: str, term: str, definition: str
) -> None:
    text = plain_glossary("Glossary", [(term, definition), ("Second " + term, definition)])
    result = ok("add", str(write(tmp_path / f"{tag}.txt", text)), "--lang", tag)
    assert f"2 entries in {tag}" in result.stdout
    hits = as_json("search", term, "--lang", tag)
    assert hits[0]["terms"][tag]["term"] == term
    assert hits[0]["terms"][tag]["source"] == f"{tag}.txt:3"
    card = as_json("show", term, "--lang", tag)
    assert list(card["terms"]) == [tag]
    assert card["terms"][tag]["definition"] == definition
    table = ok("show", term, "--lang", tag).stdout
    assert term in table
    listed = [r["term"] for r in as_json("list", "--lang", tag)]
    if tag == "en":  # the English headwords, these among them
        assert card["en"] == term
        assert {term, "Second " + term} <= set(listed)
    else:
        assert listed == [term, "Second " + term]


@pytest.mark.slow
def test_add_a_csv_with_language_columns(tmp_path: Path) -> None:
    table = (
        "en,bn,hi,bn_definition,hi_definition\n"
        "Token Merging,টোকেন মার্জিং,टोकन विलय,টোকেন একত্রিত করার কৌশল।,टोकनों को मिलाने की विधि।\n"
    )
    result = ok("add", str(write(tmp_path / "extra.csv", table)))
    assert "3 entries in en, bn, hi, 1 concept" in result.stdout
    card = as_json("show", "Token Merging", "--lang", "bn,hi")
    assert card["terms"]["hi"]["term"] == "टोकन विलय"
    assert card["terms"]["bn"]["source"] == "extra.csv:2"
    assert as_json("search", "টোকেন মার্জিং")[0]["id"] == "token-merging"


@pytest.mark.slow
@pytest.mark.parametrize("first", ["other", "joining"])
def test_files_join_a_bundled_concept_whatever_the_order_they_are_added(
    tmp_path: Path, first: str
) -> None:
    files = {
        "other": write(tmp_path / "other.csv", "id,lang,term\npruning,bn,ছাঁটাই\n"),
        "joining": write(
            tmp_path / "joining.csv",
            "id,lang,term\npruning,bn,নেটওয়ার্ক প্রুনিং\npruning,ar,تقليم الشبكة\npruning,hi,प्रूनिंग\n",
        ),
    }
    second = "joining" if first == "other" else "other"
    results = {name: ok("add", str(files[name])) for name in (first, second)}
    assert "1 joining" in results["joining"].stdout
    card = as_json("show", "Pruning", "--lang", "hi")
    assert (card["id"], card["terms"]["hi"]["term"]) == ("pruning", "प्रूनिंग")
    # the other file gives the concept of its id another Bengali term: a correction of it
    # (the bundled term stays, superseded); the file added last has the last word
    assert "1 concept held already, corrected:" in results["other"].stdout
    assert "pruning: bn: 'ছাঁটাই' replaces 'নেটওয়ার্ক প্রুনিং'" in results["other"].stdout
    last, before = ("ছাঁটাই", "নেটওয়ার্ক প্রুনিং") if second == "other" else ("নেটওয়ার্ক প্রুনিং", "ছাঁটাই")
    bn = as_json("show", "ছাঁটাই", "--lang", "bn")
    assert bn["id"] == "pruning" and bn["terms"]["bn"]["term"] == last
    statuses = {t["term"]: t.get("status") for t in bn["terms"]["bn"]["terms"]}
    assert statuses[before] == "superseded"
    assert [c["id"] for c in as_json("search", "ছাঁটাই")].count("pruning") == 1


@pytest.mark.slow
@pytest.mark.parametrize("bn_definition", ["", "আরেকটি সংজ্ঞা।"], ids=["none", "another"])
def test_a_csv_of_translations_joins_a_bundled_concept(tmp_path: Path, bn_definition: str) -> None:
    table = (
        "en,bn,hi,bn_definition,hi_definition\n"
        f"Low-Rank Adaptation,লো-র্যাঙ্ক অ্যাডাপ্টেশন,लो-रैंक अनुकूलन,{bn_definition},\n"
    )
    result = ok("add", str(write(tmp_path / "lora.csv", table)))
    ids = [c["id"] for c in as_json("search", "low-rank adaptation")]
    if bn_definition:  # the same term, another Bengali definition: a corrected definition
        assert "1 concept held already, corrected:" in result.stdout
        assert "low-rank-adaptation: bn: its definition replaces" in result.stdout
        assert ids.count("low-rank-adaptation") == 1 and "low-rank-adaptation-2" not in ids
        card = as_json("show", "LoRA", "--lang", "bn,hi")
        assert card["terms"]["bn"]["definition"] == bn_definition
        assert card["terms"]["hi"]["term"] == "लो-रैंक अनुकूलन"
    else:  # the same Bengali term, no definition: the bundled LoRA, with a Hindi entry
        assert "1 concept, 1 joining a concept held already" in result.stdout
        assert ids.count("low-rank-adaptation") == 1 and "low-rank-adaptation-2" not in ids
        card = as_json("show", "LoRA", "--lang", "bn,hi")
        assert card["terms"]["hi"]["term"] == "लो-रैंक अनुकूलन"
        assert card["terms"]["bn"]["definition"]  # the bundled one
        # an entry without a definition: its term, then its source, no blank line between
        lines = ok("show", "LoRA", "--lang", "hi").stdout.splitlines()
        term = next(i for i, line in enumerate(lines) if "लो-रैंक अनुकूलन" in line)
        assert "lora.csv:2" in lines[term + 1]


@pytest.mark.slow
def test_add_refuses_a_name_added_before_unless_forced(tmp_path: Path) -> None:
    path = write(tmp_path / "hindi.txt", HINDI_001)
    ok("add", str(path), "--lang", "hi")
    before = snapshot(user_dir())
    result = gloss("add", str(path), "--lang", "hi")
    assert result.exit_code == 2
    assert "--force" in result.stderr
    assert snapshot(user_dir()) == before
    write(path, HINDI_001.replace("लो-रैंक अनुकूलन", "निम्न-रैंक अनुकूलन"))
    ok("add", str(path), "--lang", "hi", "--force")
    assert as_json("show", "LoRA", "--lang", "hi")["terms"]["hi"]["term"] == "निम्न-रैंक अनुकूलन"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "content", "args", "code", "message"),
    [
        ("odd.txt", "title\nsubtitle\nterm (Term)\n", ["--lang", "hi"], 3, "has no definition"),
        ("deva.txt", plain_glossary("t", [("शब्द", "परिभाषा")]), [], 3, "--lang hi"),
        ("bad-tag.txt", plain_glossary("t", [("শব্দ", "সংজ্ঞা")]), ["--lang", "b@d"], 2, "tag"),
        ("x.tbx", "<martif><text><body/></text></martif>", ["--lang", "hi"], 2, "--lang"),
        ("broken.tbx", "<martif><text>", [], 3, "not well-formed XML"),
        ("broken.csv", 'hi,hi_definition\n"एक\n', [], 3, "unexpected end of data"),
    ],
)
def test_a_failed_add_leaves_the_user_directory_byte_identical(
    tmp_path: Path, name: str, content: str, args: list[str], code: int, message: str
) -> None:
    ok("add", str(write(tmp_path / "hindi.txt", HINDI_001)), "--lang", "hi")
    before = snapshot(user_dir())
    result = gloss("add", str(write(tmp_path / name, content)), *args)
    assert result.exit_code == code, result.stderr
    assert message in result.stderr
    assert snapshot(user_dir()) == before


@pytest.mark.slow
def test_a_write_that_fails_half_way_is_rolled_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ok("add", str(write(tmp_path / "hindi.txt", HINDI_001)), "--lang", "hi")
    before = snapshot(user_dir())
    real = store.write_atomic

    def failing(path: Path, data: bytes) -> None:
        if path.parent.name == store.JOURNAL:  # the plan that would commit the change
            raise StoreError(f"cannot write {path}: No space left on device")
        real(path, data)

    monkeypatch.setattr(store, "write_atomic", failing)
    text = plain_glossary("t", [("दूसरा शब्द", "परिभाषा")])
    result = gloss("add", str(write(tmp_path / "more.txt", text)), "--lang", "hi")
    assert result.exit_code == 3
    assert "No space left" in result.stderr
    assert snapshot(user_dir()) == before


def test_add_into_an_empty_user_directory_that_fails_creates_nothing(tmp_path: Path) -> None:
    result = gloss("add", str(write(tmp_path / "odd.txt", "t\ns\nterm\n")), "--lang", "hi")
    assert result.exit_code == 3
    assert gloss("add", str(tmp_path / "missing.txt")).exit_code == 2
    assert gloss("add", str(tmp_path)).exit_code == 2
    assert not user_dir().exists() or snapshot(user_dir()) == {}


LORA_BN = "লো-র্যাঙ্ক অ্যাডাপ্টেশন"
LORA_AR = "التكيف منخفض الرتبة"


def _hit_ids(query: str) -> list[str]:
    return [hit["id"] for hit in as_json("search", query)]


@pytest.mark.parametrize(
    ("table", "says"),
    [
        # the bundled concept's English abbreviation, confirmed by its Bengali main term
        (f"en,bn\nLoRA,{LORA_BN}\n",
         "'LoRA' joins 'low-rank-adaptation': its en abbreviation, the same bn term"),
        # folded as search folds it
        (f"en,bn\nlora,{LORA_BN}\n",
         "'lora' joins 'low-rank-adaptation': its en abbreviation, the same bn term"),
        # a curated English synonym, confirmed by its Arabic main term
        (f"en,ar\nlow-rank adapters,{LORA_AR}\n",
         "'low-rank adapters' joins 'low-rank-adaptation': its en synonym, the same ar term"),
    ],
    ids=["abbreviation, bn agrees", "abbreviation folded", "synonym, ar agrees"],
)  # fmt: skip
def test_a_row_named_by_a_bundled_abbreviation_joins_its_concept(
    tmp_path: Path, table: str, says: str
) -> None:
    before = as_json("stats")["concepts"]
    added = ok("add", str(write(tmp_path / "u.csv", table)))
    assert "1 concept joined by the stated rule:" in added.stdout, added.stdout
    assert f"    {says}, no conflicting term\n" in added.stdout, added.stdout
    assert "kept apart" not in added.stdout
    assert as_json("stats")["concepts"] == before
    assert _hit_ids("LoRA") == ["low-rank-adaptation"]  # no rival concept
    assert "u.csv:2" in as_json("show", "low-rank-adaptation")["provenance"]


@pytest.mark.parametrize(
    ("table", "says"),
    [
        # the row: another Bengali term
        ("en,bn\nLoRA,লোরা\n",
         f"'LoRA' kept apart from 'low-rank-adaptation', whose en abbreviation it is "
         f"(another bn term ('লোরা', not {LORA_BN!r}))"),
        ("en,bn\nlow-rank adapters,লোরা\n",
         f"'low-rank adapters' kept apart from 'low-rank-adaptation', whose en synonym it is "
         f"(another bn term ('লোরা', not {LORA_BN!r}))"),
        # in Bengali, a section is merged by its main term, which the match shows to differ
        (f"bn,ar\nLoRA,{LORA_AR}\n",
         f"'LoRA' kept apart from 'low-rank-adaptation', whose bn abbreviation it is "
         f"(another bn term ('LoRA', not {LORA_BN!r}))"),
        # an abbreviation names concepts of many fields: alone, it confirms nothing
        ("en\nLoRA\n",
         "'LoRA' kept apart from 'low-rank-adaptation', whose en abbreviation it is "
         "(no term of another language confirms it)"),
        # LibreOffice's glossary: LCM, the least common multiple, in Portuguese
        ("en,pt-BR\nLCM,MMC\n",
         "'LCM' kept apart from 'consistency-latent-diffusion-model', whose en abbreviation it "
         "is (no term of another language confirms it)"),
    ],
    ids=["abbreviation, another bn term", "synonym, another bn term", "bn abbreviation",
         "abbreviation alone", "abbreviation of another field"],
)  # fmt: skip
def test_a_row_named_by_a_bundled_abbreviation_that_contradicts_it_is_reported(
    tmp_path: Path, table: str, says: str
) -> None:
    path = write(tmp_path / "u.csv", table)
    before = as_json("stats")["concepts"]
    dry = ok("add", "--dry-run", str(path))
    assert f"  1 near-duplicate kept apart:\n    {says}\n" in dry.stdout, dry.stdout
    assert "nothing was changed (--dry-run)" in dry.stdout
    assert as_json("stats")["concepts"] == before
    added = ok("add", str(path))
    assert f"  1 near-duplicate kept apart:\n    {says}\n" in added.stdout, added.stdout
    assert "joined by the stated rule" not in added.stdout
    assert as_json("stats")["concepts"] == before + 1
    assert "u.csv:2" not in as_json("show", "low-rank-adaptation")["provenance"]


def test_an_abbreviation_with_another_english_definition_is_kept_apart(tmp_path: Path) -> None:
    """An abbreviation names more concepts than a full name does: a row named LoRa (the radio
    modulation) with an English definition does not join the concept whose English
    abbreviation LoRA is once that concept has an English definition of its own, though a
    Bengali term confirms the match."""
    defined = "en,en_definition\nLow-Rank Adaptation,Fine-tuning through low-rank matrices.\n"
    first = ok("add", str(write(tmp_path / "defined.csv", defined)))
    assert "'Low-Rank Adaptation' joins 'low-rank-adaptation'" in first.stdout, first.stdout
    agreeing = f"en,bn,en_definition\nLoRA,{LORA_BN},Fine-tuning through low-rank matrices.\n"
    joined = ok("add", str(write(tmp_path / "agreeing.csv", agreeing)))
    assert "'LoRA' joins 'low-rank-adaptation': its en abbreviation" in joined.stdout, joined.stdout
    radio = f"en,bn,en_definition\nLoRa,{LORA_BN},A long-range radio modulation.\n"
    added = ok("add", str(write(tmp_path / "radio.csv", radio)))
    assert (
        "'LoRa' kept apart from 'low-rank-adaptation', whose en abbreviation it is "
        "(another en definition)"
    ) in added.stdout, added.stdout
    assert set(_hit_ids("LoRa")) >= {"low-rank-adaptation", "lora"}


@pytest.mark.parametrize("bn", [LORA_BN, "লোরা"])
def test_a_rebuild_places_an_abbreviation_as_the_index_does(bn: str) -> None:
    """``gloss add`` places a file among the concepts of the index; a rebuild of the user's
    records among concepts in memory: the two agree."""
    from glossary_cli.build import MemoryConcepts, place_concepts
    from glossary_cli.index import IndexedConcepts, open_index

    glossary = formats.get("csv").read(f"en,bn\nLoRA,{bn}\n".encode(), "u.csv")
    in_memory = place_concepts(
        glossary, "u.csv", "csv", MemoryConcepts(store.read_records(DATA).concepts)
    )
    conn = open_index([DATA], Path(os.environ["GLOSS_CACHE"]))
    indexed = place_concepts(glossary, "u.csv", "csv", IndexedConcepts(conn))
    conn.close()
    assert in_memory == indexed
    assert [c.id for c in indexed.concepts] == ["low-rank-adaptation" if bn == LORA_BN else "lora"]
    assert len(indexed.joins) + len(indexed.apart) == 1


# --------------------------------------------------------------------------- remove, sources


@pytest.mark.slow
def test_remove_takes_a_user_source_out(tmp_path: Path) -> None:
    ok("add", str(write(tmp_path / "hindi.txt", HINDI_001)), "--lang", "hi")
    ok("add", str(write(tmp_path / "ar.txt", ARABIC_001)))
    ok("remove", "hindi.txt")
    gone = gloss("show", "LoRA", "--lang", "hi,ar")
    assert gone.exit_code == 2 and "the termbase has no terms in hi" in gone.stderr
    assert as_json("show", "LoRA", "--lang", "ar")["terms"]["ar"]["term"]
    assert not (user_dir() / "sources" / "hindi.txt").exists()
    assert yaml.safe_load((user_dir() / store.MANIFEST).read_text(encoding="utf-8")) == {
        "ar.txt": {}
    }
    result = ok("remove", "ar.txt")
    assert "no added glossaries left" in result.stdout
    assert not (user_dir() / store.RECORDS).exists()
    assert not (user_dir() / store.MANIFEST).exists()
    assert [r["kind"] for r in as_json("sources")] == ["bundled"] * 4


def test_remove_and_glossary_take_a_name_by_a_beginning_no_other_has(tmp_path: Path) -> None:
    ok("add", str(write(tmp_path / "hindi-one.txt", HINDI_001)), "--lang", "hi")
    ok("add", str(write(tmp_path / "hindi-two.txt", HINDI_001)), "--lang", "hi")
    # a beginning two names share names neither: nothing is removed
    before = snapshot(user_dir())
    shared = gloss("remove", "hindi")
    assert shared.exit_code == 2 and "begins the names of several glossaries" in shared.stderr
    assert snapshot(user_dir()) == before
    # the bundled 004_… file by its number, as `gloss sources` shows it
    only = as_json("search", "quantization", "--glossary", "004", "--limit", "50")
    assert only and all(h["id"] != "quantization-aware-training" for h in only)  # an 001_… one
    assert gloss("search", "quantization", "--glossary", "00").exit_code == 2  # 000…004
    assert "removed hindi-two.txt" in ok("remove", "hindi-t").stdout
    assert [r["file"] for r in as_json("sources") if r["kind"] == "user"] == ["hindi-one.txt"]


def test_a_file_whose_every_entry_an_earlier_one_gave_is_a_glossary_filters_name(
    tmp_path: Path,
) -> None:
    """b-terms.csv gives only what a-terms.csv gave: no term is its own, yet it is loaded
    (`gloss sources` lists it), so --glossary names it and selects nothing of it."""
    for name in ("a-terms.csv", "b-terms.csv"):
        ok("add", str(write(tmp_path / name, "en,bn\nmodel,মডেল\n")))
    assert {r["file"] for r in as_json("sources") if r["kind"] == "user"} == {
        "a-terms.csv",
        "b-terms.csv",
    }
    for name in ("b-terms", "b-terms.csv", "b-"):
        named = gloss("search", "model", "--glossary", name, "--json")
        assert named.exit_code == 1 and json.loads(named.stdout) == [], name
    assert as_json("search", "model", "--glossary", "a-terms")


def test_remove_an_unknown_or_bundled_file_is_a_usage_error(tmp_path: Path) -> None:
    """A name that names no added file is a wrong argument (2), as an unknown --glossary is,
    not "nothing found" (1)."""
    ok("add", str(write(tmp_path / "hindi.txt", HINDI_001)), "--lang", "hi")
    before = snapshot(user_dir())
    for name in ("nothing.txt", BUNDLED_001):
        result = gloss("remove", name)
        assert result.exit_code == 2
        assert "added files: hindi.txt" in result.stderr
    assert snapshot(user_dir()) == before


@pytest.mark.slow
def test_sources_lists_bundled_and_user_files(tmp_path: Path) -> None:
    ok("add", str(write(tmp_path / "hindi.txt", HINDI_001)), "--lang", "hi")
    rows = as_json("sources")
    assert [(r["file"][:3], r["lang"], r["entries"], r["kind"]) for r in rows] == [
        ("000", "bn", 15, "bundled"),
        ("001", "bn", 10, "bundled"),
        ("003", "ar", 15, "bundled"),
        ("004", "bn", 15, "bundled"),
        ("hin", "hi", 10, "user"),
    ]
    assert rows[-1]["path"] == str(user_dir() / "sources" / "hindi.txt")
    assert Path(rows[0]["path"]).is_file()
    table = ok("sources").stdout
    assert "hindi.txt" in table and "Hindi" in table and "user" in table


def test_add_names_a_malformed_file_as_it_was_given(tmp_path: Path) -> None:
    bad = write(tmp_path / "bad.txt", "শিরোনাম\nউপশিরোনাম\nশুধু পরিভাষা\n")
    before = snapshot(user_dir())
    result = gloss("add", str(bad), "--lang", "bn")
    assert result.exit_code == 3
    assert result.stderr.startswith(f"gloss: {bad}:3: ")
    assert "sources/bad.txt" not in result.stderr
    assert snapshot(user_dir()) == before


@pytest.mark.slow
@pytest.mark.parametrize("command", ["sources", "stats"])
def test_sources_are_stacked_on_a_narrow_terminal(tmp_path: Path, command: str) -> None:
    ok("add", str(write(tmp_path / "hindi.txt", HINDI_001)), "--lang", "hi")
    names = [r["file"] for r in as_json("sources")]
    # the table needs 72 columns for whole file names (000_137ebd2ba72c1cdb.txt)
    for columns, stacked in ((40, True), (60, True), (71, True), (72, False), (100, False)):
        lines = ok(command, env={"COLUMNS": str(columns)}).stdout.splitlines()
        # a folder's path is one line, never broken (it is copied as it is)
        folders = [x for x in lines if x.startswith(("bundled: ", "user: ", "data: "))]
        assert all(" " not in x.split(": ", 1)[1] for x in folders)
        assert bool(folders) is (command == "sources")
        assert max(len(line) for line in lines if line not in folders) <= columns
        # every file name whole, on a line of its own below 60 columns, in a cell above
        for name in names:
            (line,) = [x for x in lines if name in x]
            assert (line == name) is stacked, (columns, line)
        if stacked:
            bars = {line.index("█") for line in lines if "█" in line and line[:1] == " "}
            assert len(bars) == 1, bars  # the cards' bars line up


@pytest.mark.slow
@pytest.mark.parametrize("columns", [40, 59])
def test_the_coverage_of_stats_is_stacked_on_a_narrow_terminal(columns: int) -> None:
    """Narrower than a card, each concept's name is whole (no word broken, as a squeezed
    matrix broke Quantizatio/n-Aware) with its marks on the line below."""
    lines = ok("stats", env={"COLUMNS": str(columns)}).stdout.splitlines()
    coverage = lines[lines.index("coverage: ✓ an entry, · none") + 1 :]
    names = {c["en"] for c in as_json("stats")["coverage"]}
    for name in names:
        words = name.split()
        assert any(all(w in line.split() for w in words[:1]) for line in coverage), name
    for word in {w for name in names for w in name.split() if len(w) < columns}:
        assert any(word in line.split() for line in coverage), word
    marks = [line for line in coverage if line.startswith("  headword ")]
    assert len(marks) == len(names)
    assert all(len(line) <= columns for line in coverage)


@pytest.mark.slow
def test_build_user_rebuilds_the_added_records(tmp_path: Path) -> None:
    ok("add", str(write(tmp_path / "hindi.txt", HINDI_001)), "--lang", "hi")
    result = ok("build", "--user", "--check")
    assert "is up to date" in result.stdout
    assert "hindi.txt" in result.stdout


# --------------------------------------------------------------------------- export, TBX


def test_tbx_export_is_read_by_translate_toolkit_with_the_same_terms(tmp_path: Path) -> None:
    tbx = pytest.importorskip(
        "translate.storage.tbx",
        reason="translate-toolkit is not installed (pip install translate-toolkit)",
    )
    out = tmp_path / "glossary.tbx"
    ok("export", "--format", "tbx", "-o", str(out))
    glossary = store.read_records(DATA)
    termbase = tbx.tbxfile.parsestring(out.read_bytes())
    assert len(termbase.units) == len(glossary.concepts) == 40
    for unit, concept in zip(termbase.units, glossary.concepts, strict=True):
        xml_lang = "{http://www.w3.org/XML/1998/namespace}lang"
        got = {
            node.get(xml_lang): [t.text for t in unit.get_target_terms(node.get(xml_lang))]
            for node in unit.getlanguageNodes()
        }
        assert got == {s.lang: [t.text for t in s.terms if t.exported] for s in concept.languages}


def concepts_part(records: bytes) -> bytes:
    """The YAML of the ``concepts:`` list of a records file (its sources differ by design)."""
    return records[records.index(b"\nconcepts:\n") :]


@pytest.mark.slow
def test_tbx_export_then_add_into_an_empty_user_dir_keeps_every_term(tmp_path: Path) -> None:
    """The round-trip bar: export the bundled data as TBX, `gloss add` it into an empty user
    directory: every concept comes back with every exported term (status, type), definition,
    note and cross-reference; the terms name x.tbx as where they were read, and cite the
    bundled sources they came from; lookups merge the two into the same 40 concepts."""
    out = tmp_path / "x.tbx"
    ok("export", "--format", "tbx", "--data", str(DATA), "-o", str(out))
    assert not user_dir().exists()
    result = ok("add", str(out))
    sections = sum(len(c.languages) for c in api.load_glossary(str(DATA)).concepts)
    said = f"{sections} entries in en, bn, ar, 40 concepts, 40 joining concepts held already"
    assert said in result.stdout
    added = store.read_records(user_dir())
    bundled = store.read_records(DATA)
    assert [essence(c) for c in added.concepts] == [essence(c) for c in bundled.concepts]
    for mine, theirs in zip(added.concepts, bundled.concepts, strict=True):
        for s, t in zip(mine.languages, theirs.languages, strict=True):
            exported = [term for term in t.terms if term.exported]
            # what each term cites: the bundled source it was read from, or the public
            # sources a cited curated term already names
            cited = [term.citation if term.origin == "curated" and term.citation else term.source
                     for term in exported]  # fmt: skip
            assert [term.citation for term in s.terms] == cited
            assert all(term.source.startswith("x.tbx:") for term in s.terms)
    assert [(s.file, s.lang) for s in added.sources] == [
        ("x.tbx", "en"),
        ("x.tbx", "bn"),
        ("x.tbx", "ar"),
    ]
    # merged at lookup time: nothing is doubled
    assert as_json("stats")["concepts"] == 40
    # `gloss sources` says what add read, beside what no earlier file gave
    rows = [r for r in as_json("sources") if r["file"] == "x.tbx"]
    assert sum(r["read"] for r in rows) == sections
    assert all(r["entries"] <= r["read"] for r in rows)
    assert (
        f"x.tbx (en): 40 read, {rows[0]['entries']} not given by an earlier file"
        in ok("sources").stdout
    )
    assert len(as_json("search", "LoRA", "--limit", "50")) == len(
        json.loads(gloss("search", "LoRA", "--limit", "50", "--json", "--data", str(DATA)).stdout)
    )


@pytest.mark.slow
@pytest.mark.parametrize("fmt", ["csv", "tsv", "jsonl", "yaml"])
def test_export_then_import_gives_the_same_concepts(tmp_path: Path, fmt: str) -> None:
    out = tmp_path / f"glossary.{fmt}"
    ok("export", "-o", str(out))  # the format comes from the suffix
    back = formats.get(fmt).read(out.read_bytes(), out.name)
    bundled = store.read_records(DATA).concepts
    if fmt in ("jsonl", "yaml"):  # the record schema itself: everything it cites, exactly
        assert [as_cited(c) for c in back.concepts] == [as_cited(c) for c in bundled]
        term = back.concepts[0].languages[0].terms[0]
        assert term.source.startswith(f"{out.name}:")  # where it was read, then what it cites
        assert term.citation == bundled[0].languages[0].terms[0].source
    else:  # a table of terms: every exported term with its source, no curated alias
        assert [essence(c, sources=True) for c in back.concepts] == [
            essence(c, sources=True) for c in bundled
        ]


@pytest.mark.slow
def test_a_term_with_a_parenthetical_is_found_by_each_of_its_names(tmp_path: Path) -> None:
    table = (
        "id,lang,term,type\n"
        "relu,en,Rectified Linear Unit (ReLU),fullForm\n"
        "relu,ar,دالة التفعيل الخطية المصححة (ريلو),\n"
        "clip,en,clipping (gradients),\n"
    )
    ok("add", str(write(tmp_path / "terms.csv", table)))
    for query, concept in [
        ("Rectified Linear Unit", "terms.relu"),
        ("ReLU", "terms.relu"),
        ("ريلو", "terms.relu"),
        ("دالة التفعيل الخطية المصححة", "terms.relu"),
        ("clipping", "terms.clip"),
    ]:
        hits = as_json("search", query)
        assert (hits[0]["id"], hits[0]["match"]["kind"]) == (concept, "exact"), query
    assert as_json("show", "clipping")["id"] == "terms.clip"


@pytest.mark.slow
def test_list_shows_statuses_when_the_terms_have_them(tmp_path: Path) -> None:
    table = "id,lang,term,status\nwd,en,weight decay,preferred\nwd,en,L2 penalty,deprecated\n"
    ok("add", str(write(tmp_path / "wd.csv", table)))
    text = ok("list", "--glossary", "wd").stdout
    assert "status" in text.splitlines()[1]
    assert [line.split("│")[2].strip() for line in text.splitlines()[3:5]] == [
        "deprecated",
        "preferred",
    ]
    assert "status" not in ok("list", "--lang", "bn").stdout.splitlines()[1]


@pytest.mark.slow
def test_a_table_export_says_what_it_leaves_out(tmp_path: Path) -> None:
    import gzip

    astronomy = tmp_path / "astronomy.tbx"
    astronomy.write_bytes(gzip.decompress(
        (ROOT / "tests/fixtures/tbx/tbx-basic-astronomy-dca.tbx.gz").read_bytes()))  # fmt: skip
    ok("add", str(astronomy))
    table = ok("export", "-f", "csv", "--glossary", "astronomy")
    assert "gloss: warning:" in table.stderr and "(context, transaction)" in table.stderr
    assert "cross-reference target" in table.stderr
    records = ok("export", "-f", "jsonl", "--glossary", "astronomy")
    assert "warning" not in records.stderr and len(records.stdout.splitlines()) == 45


def test_a_bundled_glossary_cannot_be_removed_and_says_why() -> None:
    result = gloss("remove", "000_137ebd2ba72c1cdb.txt")
    assert result.exit_code == 2 and "not one you added" in result.stderr


def test_add_reads_lang_as_every_command_does(tmp_path: Path) -> None:
    """gloss add --lang takes what search --lang takes (a name, any case), and one only."""
    path = str(write(tmp_path / "g.txt", HINDI_001))
    for given in ("Hindi", "HI", "hin"):
        result = gloss("add", path, "--lang", given, "--dry-run")
        assert result.exit_code == 0 and "in hi," in result.stdout, result.stderr
    for given in ("hi,ur", "12"):
        assert gloss("add", path, "--lang", given).exit_code == 2


def test_export_limits_languages_and_writes_to_stdout() -> None:
    text = ok("export", "--format", "csv", "--lang", "ar").stdout
    rows = list(csv.DictReader(io.StringIO(text)))
    assert list(rows[0])[:3] == ["id", "lang", "term"]
    assert {"definition", "source"} <= set(rows[0])
    assert {r["lang"] for r in rows} == {"ar"}
    arabic = [c for c in api.load_glossary(str(DATA)).concepts if c.section("ar")]
    assert len({r["id"] for r in rows}) == len(arabic) == 36
    # only the Arabic source defines: the cited terms of curation have no definition
    assert sum(1 for r in rows if r["definition"]) == 15
    tbx = formats.get("tbx").read(ok("export", "--lang", "en,bn").stdout_bytes, "x.tbx")
    assert {s.lang for c in tbx.concepts for s in c.languages} == {"en", "bn"}


def test_export_of_a_language_the_termbase_lacks_exits_2_and_writes_nothing(
    tmp_path: Path,
) -> None:
    result = gloss("export", "--format", "csv", "--lang", "xx", "-o", str(tmp_path / "x.csv"))
    assert result.exit_code == 2
    assert "the termbase has no terms in xx" in result.stderr
    assert "languages: en, bn, ar" in result.stderr
    assert not (tmp_path / "x.csv").exists()


@pytest.mark.parametrize(("name", "code"), [("out.json", 2), ("out.txt", 2), ("out", 0)])
def test_export_format_from_a_suffix_that_names_none(tmp_path: Path, name: str, code: int) -> None:
    result = gloss("export", "-o", str(tmp_path / name))
    assert result.exit_code == code, result.stderr
    if code:
        assert "cannot tell an export format" in result.stderr
        assert not (tmp_path / name).exists()
    else:  # no suffix: TBX
        assert (tmp_path / name).read_bytes().lstrip().startswith(b"<?xml")
        assert ok("export", "-o", str(tmp_path / "a.json"), "--format", "jsonl").stderr


@pytest.mark.slow
def test_an_english_glossary_is_a_language_like_the_others_in_every_export(tmp_path: Path) -> None:
    text = plain_glossary("Glossary", [("Lexical Drift", "Meaning moves."), ("Term Two", "x")])
    ok("add", str(write(tmp_path / "en.txt", text)), "--lang", "en")
    card = as_json("show", "Lexical Drift", "--lang", "en")
    assert card["terms"]["en"]["definition"] == "Meaning moves."
    for fmt in ("tbx", "csv", "jsonl", "yaml"):
        out = tmp_path / f"out.{fmt}"
        ok("export", "--lang", "en", "-o", str(out))
        back = formats.get(fmt).read(out.read_bytes(), out.name)
        drift = next(c for c in back.concepts if c.en == "Lexical Drift")
        assert [d.text for d in present(drift.english).definitions] == ["Meaning moves."]


# --------------------------------------------------------------------------- list


def collation_data(tmp_path: Path) -> Path:
    """A data directory whose terms a code-point sort puts in the wrong order: Bengali khanda
    ta (ৎ, U+09CE, collated as ত + ্) and digits; Arabic alef with hamza (أ إ, collated with
    ا)."""
    data = tmp_path / "data"
    (data / "sources").mkdir(parents=True)
    bn = [("উদয়", "সূর্য ওঠা।"), ("উৎসর্গ", "নিবেদন।"), ("৩-স্তর মডেল", "তিন স্তর।"), ("অনুবাদ", "ভাষান্তর।")]
    ar = [("إشارة", "علامة."), ("ابتكار", "اختراع."), ("أداة", "وسيلة."), ("بيانات", "معطيات.")]
    write(data / "sources" / "bn.txt", plain_glossary("শিরোনাম", bn))
    write(data / "sources" / "ar.txt", plain_glossary("عنوان", ar))
    ok("build", "--data", str(data))
    return data


@pytest.mark.slow
@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("bn", ["৩-স্তর মডেল", "অনুবাদ", "উৎসর্গ", "উদয়"]),
        ("ar", ["ابتكار", "أداة", "إشارة", "بيانات"]),
    ],
)
def test_list_is_in_the_collation_order_of_the_language(
    tmp_path: Path, lang: str, expected: list[str]
) -> None:
    data = collation_data(tmp_path)
    terms = [r["term"] for r in as_json("list", "--lang", lang, "--data", str(data))]
    expected = [unicodedata.normalize("NFC", t) for t in expected]
    assert terms == expected
    assert sorted(terms) != expected  # a code-point sort would fail


def test_list_bengali_of_the_bundled_data_is_not_code_point_order() -> None:
    rows = as_json("list", "--lang", "bn")
    terms = [r["term"] for r in rows]
    assert len(terms) == 40
    assert terms[:2] == ["৪-বিট ইন্টিজার কোয়ান্টাইজেশন", "৮-বিট ফ্লোটিং পয়েন্ট রিপ্রেজেন্টেশন"]
    assert terms != sorted(terms)
    assert {r["en"] for r in rows if r["id"] == "low-rank-adaptation"} == {"Low-Rank Adaptation"}


def test_list_english_headwords_by_default() -> None:
    rows = as_json("list")
    assert len(rows) == 40
    assert all(r["lang"] == "en" and r["term"] == r["en"] for r in rows)
    words = [r["term"] for r in rows]
    assert words == sorted(words, key=str.casefold)
    table = ok("list").stdout
    assert "Low-Rank Adaptation" in table


def test_list_usage_and_not_found() -> None:
    assert gloss("list", "--lang", "bn,ar").exit_code == 2
    result = gloss("list", "--lang", "hi")
    assert result.exit_code == 2
    assert "bn, ar" in result.stderr


# --------------------------------------------------------------------------- output formats


@pytest.mark.slow
@pytest.mark.parametrize(
    "args",
    [
        ["search", "quantization", "--lang", "bn"],
        ["show", "LoRA", "--lang", "bn,ar"],
        ["list", "--lang", "bn"],
    ],
)
def test_format_json_jsonl_csv_on_search_show_list(args: list[str]) -> None:
    short = json.loads(ok(*args, "--json").stdout)
    long = json.loads(ok(*args, "--format", "json").stdout)
    assert short == long
    many = long if isinstance(long, list) else [long]
    lines = ok(*args, "--format", "jsonl").stdout.splitlines()
    assert [json.loads(line) for line in lines] == many
    rows = list(csv.DictReader(io.StringIO(ok(*args, "--format", "csv").stdout)))
    assert [r["id"] for r in rows] == [m["id"] for m in many]
    if args[0] == "search":  # language columns in the order of the table
        header = ok("search", "pruning", "--format", "csv").stdout.splitlines()[0].split(",")
        assert [h for h in header if h in ("bn", "ar")] == ["bn", "ar"]
        text = ok("search", "LoRA", "--lang", "en,bn", "--format", "csv").stdout
        first = next(csv.DictReader(io.StringIO(text)))  # en, the headword, is not repeated
        assert (first["en"], first["en_term"], first["bn"]) == (
            "Low-Rank Adaptation",
            "Low-Rank Adaptation",
            "লো-র্যাঙ্ক অ্যাডাপ্টেশন",
        )
        assert len(text.splitlines()[0].split(",")) == len(set(text.splitlines()[0].split(",")))
    assert "\x1b" not in ok(*args, "--format", "table").stdout


# --------------------------------------------------------------------------- stats


@pytest.mark.slow
def test_stats_counts_languages_sources_and_coverage(tmp_path: Path) -> None:
    ok("add", str(write(tmp_path / "hindi.txt", HINDI_001)), "--lang", "hi")
    stats = as_json("stats")
    assert (stats["concepts"], stats["entries"], stats["headwords"]) == (40, 65, 40)
    # English headwords come from parentheticals and curation, 21 Arabic sections too
    assert stats["sections"] == 105 + 21
    assert stats["languages"] == [
        {"lang": "en", "entries": 40, "missing": 0},
        {"lang": "bn", "entries": 40, "missing": 0},
        {"lang": "ar", "entries": 36, "missing": 4},
        {"lang": "hi", "entries": 10, "missing": 30},
    ]
    assert [s["entries"] for s in stats["sources"]] == [15, 10, 15, 15, 10]
    coverage = {c["id"]: c for c in stats["coverage"]}
    assert coverage["low-rank-adaptation"]["missing"] == []  # its Arabic is curation's
    assert coverage["block-wise-quantization"]["missing"] == ["ar"]
    assert coverage["pruning"]["missing"] == ["hi"]
    # the 10 concepts of the Hindi file, all but block-wise quantization, which has no Arabic
    assert sum(1 for c in stats["coverage"] if not c["missing"]) == 9
    table = ok("stats").stdout
    assert "█" in table and "Hindi" in table and "✓" in table and "·" in table


@pytest.mark.slow
def test_stats_and_sources_agree_with_the_records_they_no_longer_parse(tmp_path: Path) -> None:
    # stats comes from the index and sources from the records' header; both must say what a
    # full read of the merged records says
    ok("add", str(write(tmp_path / "hindi.txt", HINDI_001)), "--lang", "hi")
    glossary = api.load_glossary()
    stats = as_json("stats")
    assert stats["concepts"] == len(glossary.concepts)
    assert stats["sections"] == glossary.entry_count
    assert stats["entries"] == sum(s["entries"] for s in as_json("sources"))
    assert [(c["id"], c["en"], c["langs"]) for c in stats["coverage"]] == [
        (c.id, c.en, list(c.langs)) for c in glossary.concepts
    ]
    for directory in (DATA, user_dir()):
        assert store.read_record_sources(directory) == store.read_records(directory).sources


@pytest.mark.slow
def test_sources_and_stats_count_the_entries_the_termbase_holds(tmp_path: Path) -> None:
    # two rows of one source term are one entry; a file joining another's concept keeps its own
    table = "en,ar\noverfitting,فرط التخصيص\noverfitting,فرط التعلم\nclustering,تجميع\n"
    ok("add", str(write(tmp_path / "a.csv", table)))
    ok("add", str(write(tmp_path / "b.csv", "en,bn\nclustering,ক্লাস্টারিং\n")))
    rows = {(s["file"], s["lang"]): s["entries"] for s in as_json("sources")}
    assert rows[("a.csv", "en")] == 2 and rows[("a.csv", "ar")] == 2
    # b.csv's concept joined a.csv's: its Bengali is its own, its English a.csv's already
    assert rows[("b.csv", "en")] == 0 and rows[("b.csv", "bn")] == 1
    stats = as_json("stats")
    assert stats["entries"] == sum(rows.values())
    assert [s["entries"] for s in stats["sources"]] == [s["entries"] for s in as_json("sources")]
    summary = ok("stats").stdout.splitlines()[0]
    assert f"{stats['entries']} entries from {len(rows)} sources" in summary


def test_stats_table_shows_the_concepts_lacking_entries_first_when_it_is_cut(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from glossary_cli import render

    monkeypatch.setattr(render, "COVERAGE_ROWS", 10)
    stats = as_json("stats")
    lacking = [c["en"] for c in stats["coverage"] if c["missing"]]  # 4 lack an Arabic entry
    assert len(lacking) == 4
    lines = ok("stats", env={"COLUMNS": "120"}).stdout.splitlines()
    rows = [line for line in lines if line.startswith("│") and line.rstrip().endswith("·  │")]
    # the 4 lacking one come first, then 6 of the others
    assert len(rows) == 4
    assert all(any(en in row for en in lacking) for row in rows)
    table_rows = [line for line in lines if line.startswith("│") and "✓" in line]
    assert len(table_rows) == 10 and table_rows[:4] == rows
    assert lines[-1] == "… and 30 more concepts (gloss stats --json lists them all)"


def test_sources_of_a_hand_edited_record_file_are_read_whole(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    path = data / "concepts.yaml"
    text = path.read_text(encoding="utf-8")
    head, concepts = text.split("\nconcepts:\n")
    sources = head[head.index("sources:") :]
    path.write_text(
        head[: head.index("sources:")] + "concepts:\n" + concepts + sources, encoding="utf-8"
    )
    assert store.read_record_sources(data) == store.read_records(DATA).sources
    (data / "concepts.yaml").write_text("schema: gloss/1\nsources: [\nconcepts:\n", "utf-8")
    with pytest.raises(RecordError):
        store.read_record_sources(data)


# --------------------------------------------------------------------------- merging


def concept(cid: str, *sections: tuple[str, str]) -> Concept:
    """A concept of one term per language, as ``(lang, term)``."""
    return Concept(
        cid,
        tuple(LangSection(lang, (Term(term, source=f"{lang}.txt:3"),)) for lang, term in sections),
    )


@pytest.mark.parametrize(
    ("second", "ids", "langs"),
    [
        # another language: joins the first
        (concept("lora", ("hi", "लोरा")), ["lora"], [("en", "bn", "hi")]),
        # the same term again, and English: nothing doubles
        (concept("lora", ("en", "LoRA"), ("bn", "লোরা")), ["lora"], [("en", "bn")]),
        # a different term in a shared language: a concept of its own
        (
            concept("lora", ("bn", "অন্য"), ("hi", "x")),
            ["lora", "lora-2"],
            [("en", "bn"), ("bn", "hi")],
        ),
    ],
)
def test_concepts_sharing_an_id_merge(
    second: Concept, ids: list[str], langs: list[tuple[str, ...]]
) -> None:
    first = concept("lora", ("en", "LoRA"), ("bn", "লোরা"))
    merged, messages = merge_concepts([first, second])
    assert [c.id for c in merged] == ids
    assert [c.langs for c in merged] == langs
    assert bool(messages) == (len(ids) == 2)
    if len(ids) == 1:
        assert sum(len(s.terms) for s in merged[0].languages) == len(merged[0].languages)


# --------------------------------------------------------------------------- completion


def complete(words: str) -> list[str]:
    env = {"_GLOSS_COMPLETE": "complete_bash", "COMP_WORDS": words}
    env["COMP_CWORD"] = str(len(words.split()) - (0 if words.endswith(" ") else 1))
    result = gloss(env=env, prog_name="gloss")
    assert result.exit_code == 0, result.output
    return result.output.splitlines()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("words", "expected"),
    [
        # word by word: the word being typed, then the next one in the words' context
        ("gloss show Lo", ["LoRA", "Low-Rank"]),
        ("gloss show lo", ["loRA", "low-Rank"]),
        ("gloss show Low-Rank ", ["Adaptation", "Inference"]),
        ("gloss search Mixture of Ex", ["Experts"]),
        ("gloss search মিশ্র", ["মিশ্র-নির্ভুলতা", "মিশ্র"]),
        ("gloss search মিশ্র বি", ["বিশেষজ্ঞ"]),
        ("gloss search خليط", ["خليط"]),
        ("gloss search خليط ال", ["الخبراء"]),
        ("gloss search x --lang ", ["en", "bn", "ar"]),
        ("gloss show x --lang bn,", ["bn,en", "bn,ar"]),
        ("gloss list --lang a", ["ar"]),
        ("gloss export --lang b", ["bn"]),
    ],
)
def test_completion_of_headwords_and_language_tags(words: str, expected: list[str]) -> None:
    assert complete(words) == expected


def test_completion_of_added_files_and_new_language_tags(tmp_path: Path) -> None:
    ok("add", str(write(tmp_path / "hindi.txt", HINDI_001)), "--lang", "hi")
    assert complete("gloss remove h") == ["hindi.txt"]
    assert "hi" in complete("gloss add f.txt --lang h")
    assert "hi" in complete("gloss show x --lang ")


def test_completion_can_be_installed() -> None:
    result = gloss("--help")
    assert "--install-completion" in result.stdout
    assert "--show-completion" in result.stdout


# --------------------------------------------------------------------------- help and README


COMMANDS = [
    "search", "show", "build", "add", "remove", "sources", "export", "list", "stats", "lint",
    "scan", "lookup", "check", "browse", "lsp",
]  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help_with_an_example_and_is_in_the_readme(command: str) -> None:
    text = ok(command, "--help").stdout
    assert re.search(rf"Example: gloss {command}\b", text)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert re.search(rf"gloss {command}\b", readme)


def test_main_help_has_an_example() -> None:
    assert "Example: gloss search" in ok("--help").stdout


# ------------------------------------------------------------------- terminal: colour, pager

pty = (
    pytest.importorskip("pty", reason="the pty module (POSIX pseudo-terminals) is not available")
    if sys.platform != "win32"
    else None
)
COLOUR = re.compile(rb"\x1b\[(?:[0-9;]*;)?(?:3[0-9]|9[0-7])(?:;[0-9;]*)?m")


def run_in_terminal(args: list[str], rows: int, env: dict[str, str]) -> bytes:
    """Run gloss with its output on a pseudo-terminal of ``rows`` × 100 cells."""
    import fcntl
    import select
    import struct
    import termios

    assert pty is not None  # terminal_env skips without it
    pid, fd = pty.fork()
    if pid == 0:  # pragma: no cover - the child
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, 100, 0, 0))
        os.execve(str(GLOSS_SCRIPT), [str(GLOSS_SCRIPT), *args], env)
    out = b""
    while True:
        try:
            ready, _, _ = select.select([fd], [], [], 30)
            chunk = os.read(fd, 65536) if ready else b""
        except OSError:
            chunk = b""
        if not chunk:
            break
        out += chunk
    os.waitpid(pid, 0)
    os.close(fd)
    return out


@pytest.fixture
def terminal_env(tmp_path: Path) -> dict[str, str]:
    if pty is None:
        pytest.skip("the pty module (POSIX pseudo-terminals) is not available")
    if not GLOSS_SCRIPT.is_file():
        pytest.skip(f"the gloss console script is not installed ({GLOSS_SCRIPT})")
    env = {k: v for k, v in os.environ.items() if k not in {"COLUMNS", "LINES", "NO_COLOR"}}
    env.pop("FORCE_COLOR", None)
    paged = tmp_path / "paged.txt"
    return {**env, "TERM": "xterm-256color", "PAGER": f"sh -c 'cat > {paged}'"}


@pytest.mark.slow
@pytest.mark.parametrize(
    ("args", "rows", "paged"),
    [
        (["list"], 10, True),  # 44 lines on a 10-line screen
        (["list", "--no-pager"], 10, False),
        (["show", "LoRA"], 60, False),  # fits on the screen
        (["stats"], 24, True),
    ],
)
def test_pager_only_for_output_taller_than_the_terminal(
    terminal_env: dict[str, str], tmp_path: Path, args: list[str], rows: int, paged: bool
) -> None:
    out = run_in_terminal(args, rows, terminal_env)
    target = tmp_path / "paged.txt"
    assert target.exists() == paged
    shown = target.read_bytes() if paged else out
    assert b"\x1b[1m" in shown  # styles go through the pager (less -R)
    assert b"Low-Rank" in shown
    if paged:
        assert b"Low-Rank" not in out


@pytest.mark.slow
def test_no_color_turns_colour_off_on_a_terminal(terminal_env: dict[str, str]) -> None:
    coloured = run_in_terminal(["show", "LoRA", "--no-pager"], 60, terminal_env)
    assert COLOUR.search(coloured)
    plain = run_in_terminal(["show", "LoRA"], 60, {**terminal_env, "NO_COLOR": "1"})
    assert b"Low-Rank" in plain
    assert not COLOUR.search(plain)


def test_no_colour_and_no_pager_when_piped() -> None:
    result = ok("list", env={"PAGER": "false"})
    assert "\x1b" not in result.stdout
    assert "Low-Rank Adaptation" in result.stdout


@pytest.mark.parametrize(
    ("env", "less"),
    [
        ({}, "-FRX"),
        ({"LESS": ""}, "-R"),
        ({"LESS": "-i"}, "-i -R"),
        ({"LESS": "-iR"}, "-iR"),
        ({"LESS": "-r"}, "-r"),
        ({"LESS": "--RAW-CONTROL-CHARS"}, "--RAW-CONTROL-CHARS"),
        ({"LESS": "-i -PReady"}, "-i -PReady -R"),  # the R of a prompt is no option
        ({"LESS": "-i --rscroll=-"}, "-i --rscroll=- -R"),
        ({"LESS": "-x4R"}, "-x4R -R"),
        ({"LESS": "-i", "PAGER": "most"}, "-i"),  # not less: LESS is not its business
    ],
)
def test_less_always_passes_colours_through(env: dict[str, str], less: str) -> None:
    from glossary_cli.config import pager_command

    command = pager_command(env)
    assert command is not None
    assert command[1]["LESS"] == less


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["bn", "ar", "en"])
def test_list_is_stacked_on_a_narrow_terminal(lang: str) -> None:
    rows = as_json("list", "--lang", lang)
    from glossary_cli.layout import cell_width

    lines = ok("list", "--lang", lang, env={"COLUMNS": "40"}).stdout.splitlines()
    assert all(cell_width(line) <= 40 for line in lines)
    assert all("│" not in line and "…" not in line for line in lines)
    terms = "".join(line for line in lines if not line.startswith(" "))
    # every term whole (wrapped only where a line may break), in collation order
    assert terms.replace(" ", "") == "".join(r["term"] for r in rows).replace(" ", "")


def test_build_names_a_malformed_file_with_its_data_directory(tmp_path: Path) -> None:
    (tmp_path / "sources").mkdir()
    write(tmp_path / "sources" / "odd.txt", "শিরোনাম\nউপশিরোনাম\nশুধু পরিভাষা\n")
    result = gloss("build", "--data", str(tmp_path))
    assert result.exit_code == 3
    assert result.stderr.startswith(f"gloss: {tmp_path / 'sources' / 'odd.txt'}:3: ")


def test_export_into_a_missing_directory_says_so(tmp_path: Path) -> None:
    result = gloss("export", "-f", "csv", "-o", str(tmp_path / "missing" / "glossary.csv"))
    assert result.exit_code == 3
    assert "cannot write in" in result.stderr and "--data" not in result.stderr
    assert not (tmp_path / "missing").exists()


@pytest.mark.slow
def test_add_refuses_a_file_without_any_term_and_takes_english_alone(tmp_path: Path) -> None:
    before = snapshot(user_dir())
    for name, text in (("w.csv", "id,lang,term\n"), ("v.csv", "id,en,bn\n")):
        result = gloss("add", str(write(tmp_path / name, text)))
        assert result.exit_code == 3
        assert "no term in any language" in result.stderr
        assert snapshot(user_dir()) == before
    # English is a language like the others: a termbase of English terms alone is added
    ok("add", str(write(tmp_path / "en.csv", "id,lang,term\nx1,en,gateway\nx2,en,proxy\n")))
    assert as_json("show", "gateway")["terms"]["en"]["term"] == "gateway"
    assert as_json("show", "LoRA")["id"] == "low-rank-adaptation"


def test_add_refuses_a_bundled_glossary_file(tmp_path: Path) -> None:
    copy = tmp_path / "mine.txt"
    shutil.copyfile(DATA / "sources" / BUNDLED_001, copy)
    for path in (DATA / "sources" / BUNDLED_001, copy):
        result = gloss("add", str(path))
        assert result.exit_code == 2
        assert f"is the bundled glossary {BUNDLED_001}: it is loaded already" in result.stderr
    assert not user_dir().exists() or not list((user_dir() / "sources").glob("*"))
    assert len(as_json("search", "lora")) == 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["add", os.devnull], "is not a regular file"),
        (["add", "no-such-file.txt"], "does not exist"),
        (["search", "lora", "--data", str(DATA / "concepts.yaml")], "is a file, not a directory"),
    ],
)
def test_paths_that_are_not_what_they_should_be_are_named_so(argv: list[str], message: str) -> None:
    result = gloss(*argv)
    assert result.exit_code in (2, 3)
    assert message in result.stderr


@pytest.mark.slow
def test_language_tags_of_added_files_are_in_canonical_case(tmp_path: Path) -> None:
    ok("add", str(write(tmp_path / "hindi.txt", HINDI_001)), "--lang", "HI")
    assert as_json("show", "LoRA", "--lang", "hi")["terms"]["hi"]["term"] == "लो-रैंक अनुकूलन"
    table = "EN,BN,MR\nToken Merging,টোকেন মার্জিং,टोकन विलीनीकरण\n"
    ok("add", str(write(tmp_path / "upper.csv", table)))
    card = as_json("show", "Token Merging", "--lang", "bn,mr")
    assert card["terms"]["mr"]["term"] == "टोकन विलीनीकरण"
    langs = [row["lang"] for row in as_json("stats")["languages"]]
    assert sorted(langs) == sorted(set(langs)) and not any(t != t.lower() for t in langs)
