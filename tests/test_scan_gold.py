"""The gold paragraphs of tests/scan_gold/ (the measure of ``gloss scan``) are what their
README says: they load, every expected occurrence is where it is said to be and is a form of a
term of its concept in the bundled glossary, every absent string is there, and nothing in a
paragraph that spells a glossary term was forgotten. ``gloss scan`` itself is not run here
(benchmarks/scan_eval.py runs it); the evaluator's own scoring is checked on a stand-in."""

from __future__ import annotations

import importlib.util
import itertools
import sys
import unicodedata
from collections import Counter
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
GOLD = ROOT / "tests" / "scan_gold"
MINIMUM = {"bn": 6, "ar": 6, "en": 6, "mixed": 3}

# The affixes a gold surface may add to a word of a term.
BN_ENDINGS = frozenset(
    unicodedata.normalize("NFC", e)
    for e in "কে ের র য়ের এর ে তে য়ে গুলো গুলি গুলোর গুলির রা দের টি টা টির টিকে ই ও".split()
)
LATIN_ENDINGS = frozenset({"s", "es", "'s", "’s"} | {f"-{e}" for e in "তে র এর এ ও কে ই".split()})
AR_PROCLITICS = ("", "و", "ف", "ب", "ك", "ل", "وب", "وك", "ول", "فب", "فك", "فل")
HARAKAT = frozenset(chr(c) for c in range(0x064B, 0x0653)) | {"\u0670", "\u0640"}


@cache
def scan_eval() -> ModuleType:
    """benchmarks/scan_eval.py, imported from its path (benchmarks/ is no package)."""
    spec = importlib.util.spec_from_file_location("scan_eval", ROOT / "benchmarks" / "scan_eval.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("scan_eval", module)
    spec.loader.exec_module(module)
    return module


@cache
def paragraphs() -> tuple[Any, ...]:
    return tuple(scan_eval().load_gold(GOLD))


@cache
def raw_items() -> dict[str, dict[str, Any]]:
    items = {}
    for group in MINIMUM:
        for item in yaml.safe_load((GOLD / f"{group}.yaml").read_text(encoding="utf-8")):
            items[item["id"]] = item
    return items


@cache
def glossary_terms() -> dict[str, dict[str, list[str]]]:
    """Concept id → {"terms": its terms, "names": every name, search-only ones included}.
    Read while the test's own environment (tests/conftest.py) hides any user glossary."""
    from glossary_cli.api import load_glossary

    concepts: dict[str, dict[str, list[str]]] = {}
    for concept in load_glossary().concepts:
        entry = concepts.setdefault(concept.id, {"terms": [], "names": []})
        for section in concept.languages:
            for term in section.terms:
                entry["names"].append(term.text)
                if term.role is None:
                    entry["terms"].append(term.text)
    return concepts


def ids() -> list[str]:
    return [p.id for p in paragraphs()]


def by_id(paragraph_id: str) -> Any:
    return next(p for p in paragraphs() if p.id == paragraph_id)


def test_files_and_sizes() -> None:
    counts = Counter(p.group for p in paragraphs())
    for group, minimum in MINIMUM.items():
        assert counts[group] >= minimum, (group, counts[group])
    assert (GOLD / "README.md").is_file()


@pytest.mark.parametrize("paragraph_id", ids())
def test_paragraph_shape(paragraph_id: str) -> None:
    p = by_id(paragraph_id)
    assert p.id.startswith(f"{p.group}-")
    assert p.lang == p.group or (p.group == "mixed" and p.lang in {"bn", "ar"})
    assert unicodedata.is_normalized("NFC", p.text), "text not in NFC"
    assert p.text == p.text.strip() and "\n" not in p.text
    words = len(_words(p.text))
    assert 60 <= words <= 150, f"{words} words"
    assert p.expect, "no expected occurrence"


@pytest.mark.parametrize("paragraph_id", ids())
def test_expected_occurrences(paragraph_id: str) -> None:
    p = by_id(paragraph_id)
    item = raw_items()[p.id]
    known = glossary_terms()
    inside = scan_eval().word_interiors(p.text)
    for entry in item["expect"]:
        surface = str(entry["text"])
        # the occurrence is said whenever the surface string occurs more than once
        if len(scan_eval().occurrences(p.text, surface)) > 1:
            assert "occurrence" in entry, f"{surface!r} occurs more than once: say which"
        assert entry["concept"] in known, f"unknown concept {entry['concept']!r}"
    spans = sorted((o.start, o.end, o.text, o.concept) for o in p.expect)
    for start, end, surface, concept in spans:
        assert p.text[start:end] == surface
        assert start not in inside and end not in inside, f"{surface!r} cut from a longer word"
        terms = known[concept]["terms"]
        assert any(_is_form(surface, t) for t in terms), f"{surface!r} is no form of {terms}"
    for (_, end, a, _), (start, _, b, _) in itertools.pairwise(spans):
        assert end <= start, f"{a!r} and {b!r} overlap"


@pytest.mark.parametrize("paragraph_id", ids())
def test_absent_strings(paragraph_id: str) -> None:
    p = by_id(paragraph_id)
    assert p.absent, "no distractor"
    for surface, free in p.absent:
        assert free, f"absent {surface!r} is not in the text outside the gold occurrences"


@pytest.mark.parametrize("paragraph_id", ids())
def test_no_term_forgotten(paragraph_id: str) -> None:
    """Every place the text spells a glossary name (any letter case, search-only names too) is
    inside a gold occurrence or touches an absent string (so reporting it is a false hit): the
    gold leaves nothing undecided."""
    p = by_id(paragraph_id)
    gold = [(o.start, o.end) for o in p.expect]
    absent = [x for _, spans in p.absent for x in spans]
    overlaps = scan_eval().overlaps
    folded = p.text.lower()
    for concept, entry in glossary_terms().items():
        for name in set(entry["names"]):
            for at in scan_eval().occurrences(folded, name.lower()):
                span = (at, at + len(name))
                inside = any(s <= span[0] and span[1] <= e for s, e in gold)
                assert inside or any(overlaps(span, x) for x in absent), (
                    f"{p.text[span[0] : span[1]]!r} ({concept}) at {span} is neither expected "
                    "nor absent"
                )


def test_evaluator_on_a_stand_in() -> None:
    """The naive stand-in finds every gold occurrence (so every gold span is computed where
    the string is) and is charged for each copy of a surface string inside a longer word."""
    module = scan_eval()
    gold = list(paragraphs())
    result = module.score(gold, module.fake_gold(gold))
    overall = result["overall"]
    assert overall["gold"] == overall["correct"] == sum(len(p.expect) for p in gold)
    assert result["misses"] == []
    # QLoRA, DeepSeekMoE, LCMScheduler…: each a false hit inside a word
    in_words = {(f["paragraph"], f["text"]) for f in result["false_hits"] if "in-word" in f["why"]}
    assert {("en-1", "LoRA"), ("ar-2", "MoE"), ("mixed-3", "LCM")} <= in_words
    assert overall["in_word"] > 0 and overall["absent"] > 0
    assert overall["hits"] == overall["correct"] + len(result["false_hits"])


def test_evaluator_scoring() -> None:
    module = scan_eval()
    p = module.Paragraph(
        id="t-1",
        group="en",
        lang="en",
        text="LoRA and QLoRA and LoRA",
        expect=[module.Occurrence(0, 4, "low-rank-adaptation", "LoRA")],
        absent=[("QLoRA", [(9, 14)])],
    )
    hits = [
        {"start": 0, "end": 4, "id": "low-rank-adaptation", "text": "LoRA"},  # correct
        {"start": 10, "end": 14, "id": "low-rank-adaptation", "text": "LoRA"},  # in QLoRA
        {"start": 0, "end": 4, "id": "pruning", "text": "LoRA"},  # wrong concept
    ]
    result = module.score([p], [hits])
    en = result["groups"]["en"]
    assert (en["gold"], en["hits"], en["correct"], en["in_word"], en["absent"]) == (1, 3, 1, 1, 1)
    assert en["recall"] == 1.0 and en["precision"] == pytest.approx(1 / 3)
    assert [f["why"] for f in result["false_hits"]] == [["concept"], ["in-word", "absent"]]
    assert module.word_interiors("a 𝑥yz b") == {3, 4}  # code points, not UTF-16 units
    assert module.nth_occurrence("aaa", "aa", 2) == 1


def _words(text: str) -> list[str]:
    import icu

    iterator = icu.BreakIterator.createWordInstance(icu.Locale.getRoot())
    iterator.setText(text)
    words, start = [], iterator.first()
    while (end := iterator.nextBoundary()) != icu.BreakIterator.DONE:
        if iterator.getRuleStatus() >= 100:
            words.append(text[start:end])
        start = end
    return words


def _bare(word: str) -> str:
    return "".join(c for c in word if c not in HARAKAT).lower()


def _is_form(surface: str, term: str) -> bool:
    """Whether ``surface`` is ``term`` as running text may write it: the same words, the first
    with an Arabic proclitic (``وتقليم``, ``للنشر``), the last (any, in English) with a Bengali
    or English ending (``প্রুনিংকে``, ``LoRA-তে``, ``mixtures``), harakat and case aside."""
    words, parts = surface.split(), term.split()
    if len(words) != len(parts):
        return False
    last = len(parts) - 1
    for index, (word, part) in enumerate(zip(words, parts, strict=True)):
        word, part = _bare(word), _bare(part)
        forms = {part}
        if index == 0 and _script(part) == "ar":
            forms = {pre + part for pre in AR_PROCLITICS}
            if part.startswith("ال"):
                forms |= {pre + "ل" + part[1:] for pre in ("", "و", "ف")}
        if not any(
            word == form
            or (
                word.startswith(form)
                and _ending_ok(word[len(form) :], _script(part), index == last)
            )
            for form in forms
        ):
            return False
    return True


def _ending_ok(ending: str, script: str, last: bool) -> bool:
    if script == "bn":
        return last and ending in BN_ENDINGS
    if script == "latin":
        return ending in LATIN_ENDINGS and (last or ending in {"s", "es"})
    return False


def _script(word: str) -> str:
    for char in word:
        if "\u0980" <= char <= "\u09ff":
            return "bn"
        if "\u0600" <= char <= "\u06ff":
            return "ar"
    return "latin"
