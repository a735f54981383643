"""gloss build: concepts across languages, curated English, deterministic atomic records."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from glossary_cli.build import BuildResult, build_records
from glossary_cli.model import Concept
from glossary_cli.store import read_records

from .conftest import DATA, gloss, present, snapshot


@pytest.fixture(scope="module")
def built() -> BuildResult:
    return build_records(DATA)


def test_counts(built: BuildResult) -> None:
    g = built.glossary
    assert sum(s.entries for s in g.sources) == 55
    assert len(g.concepts) == 40
    native = [[s for s in c.languages if s.lang != "en"] for c in g.concepts]
    # the sources' 55 entries, and the Arabic sections curation gives 21 concepts more
    from_sources = [[s for s in n if any(t.origin == "source" for t in s.terms)] for n in native]
    assert sum(len(n) for n in from_sources) == 55
    assert sum(1 for n in from_sources if len(n) == 2) == 15
    assert sum(1 for n in native if len(n) == 2) == 36
    assert all(c.english is not None for c in g.concepts)
    assert [s.entries for s in g.sources] == [15, 10, 15, 15]
    # the one oddity of the sources a build would report, English prose left in a
    # definition, is noted in curation.yaml: nothing is warned of
    assert [str(w) for w in built.warnings] == []


def test_parallel_files_detected(built: BuildResult) -> None:
    merged = [a for a in built.alignments if a.parallel]
    assert [(a.first[:3], a.second[:3]) for a in merged] == [("000", "003")]
    pruning = built.glossary.concepts[0]
    assert present(present(pruning.section("bn")).main).text == "নেটওয়ার্ক প্রুনিং"
    assert present(present(pruning.section("ar")).main).text == "تقليم الشبكة"
    # position 15 of both files is the same concept
    last = built.glossary.concepts[14]
    assert (
        present(present(last.section("ar")).main).text == "الاستدلال غير المتزامن عبر خط الأنابيب"
    )


def test_every_concept_has_an_english_headword(built: BuildResult) -> None:
    concepts = built.glossary.concepts
    assert all(c.en for c in concepts)
    origins = {c.en_origin for c in concepts}
    assert origins == {"source", "curated"}
    by_id = {c.id: c for c in concepts}
    assert by_id["low-rank-adaptation"].abbreviations == ("LoRA",)
    assert by_id["mixture-of-experts"].en == "Mixture of Experts"
    assert by_id["mixture-of-experts"].en_origin == "source"
    qat = by_id["quantization-aware-training"]
    assert (
        qat.en_origin == "curated" and qat.notes
    )  # the source's "quantization-aware quantization"
    # every term of 004_ has a curated headword
    assert all(c.en_origin == "curated" for c in concepts if c.provenance[0].startswith("004_"))
    assert by_id["speculative-inference"].en == "Speculative Decoding"


def test_terms_carry_their_sources_and_gloss_invents_no_status(built: BuildResult) -> None:
    by_id = {c.id: c for c in built.glossary.concepts}
    lora = by_id["low-rank-adaptation"]
    bn = present(lora.section("bn"))
    assert [(t.text, t.type, t.source) for t in bn.terms] == [
        ("লো-র্যাঙ্ক অ্যাডাপ্টেশন", None, "001_5a07ee38a131a210.txt:5"),
        ("LoRA", "abbreviation", "001_5a07ee38a131a210.txt:5"),
    ]
    assert [d.source for d in bn.definitions] == ["001_5a07ee38a131a210.txt:6"]
    head = lora.headword
    assert head is not None and head.status == "preferred" and head.origin == "curated"
    assert head.source.startswith("curation.yaml:")
    # a source never says a term is preferred or admitted: only curation does
    statuses = {t.status for c in by_id.values() for s in c.languages for t in s.terms}
    assert statuses == {None, "preferred", "admitted"}
    assert all(
        t.origin == "curated"
        for c in by_id.values()
        for s in c.languages
        for t in s.terms
        if t.status is not None
    )
    # the English a source gives in parentheses is an English term with that source
    pruning = present(by_id["pruning"].english)
    assert pruning.terms[0].text == "Pruning"
    assert pruning.terms[0].source == "000_137ebd2ba72c1cdb.txt:3"


@pytest.mark.parametrize(
    ("concept", "check"),
    [
        # LSQ names one method of learned quantization: a related term, not the abbreviation
        ("quantization-with-learning", lambda c: c.en == "Learned Quantization"
         and "LSQ" not in c.abbreviations
         and any("LSQ" in x.text for x in c.xrefs if x.type == "related")),
        # renamed headwords keep their ids
        ("speculative-inference", lambda c: c.en == "Speculative Decoding"
         and "speculative inference" in c.aliases),
        ("consistency-latent-diffusion-model", lambda c: c.en == "Latent Consistency Model"
         and c.abbreviations == ("LCM",)),
        ("layer-sensitivity-quantization", lambda c: c.en == "Sensitivity-Based Quantization"),
        # another concept's name is not an alias
        ("differentiable-quantization", lambda c: "learnable quantization" not in c.aliases),
        ("activation-importance-quantization",
         lambda c: all("activation-aware" not in a for a in c.aliases)),
        ("efficient-stochastic-reparameterization",
         lambda c: "reparameterization trick" not in c.aliases
         and ("broader", "reparameterization trick") in [(x.type, x.text) for x in c.xrefs]),
        # broader names are cross-references, not the concept's abbreviations
        ("truncated-svd", lambda c: "SVD" not in c.abbreviations),
        ("tpu-deployment", lambda c: "TPU" not in c.abbreviations),
        ("hyperparameter-grid-search-optimization", lambda c: "HPO" not in c.abbreviations),
        # a parenthetical that glosses one word is not the term's English
        ("quality-speed-trade-off-by-scheduler",
         lambda c: "Scheduler" not in [t.text for t in c.english.terms]
         and "المجدول" in c.section("ar").terms[0].notes[0]),
        ("low-rank-inference", lambda c: "Low-Rank" not in [t.text for t in c.english.terms]),
        ("convolution-kernel-fusion",
         lambda c: "Convolution" not in [t.text for t in c.english.terms]),
        # a misreading is found but is not a synonym; a native alias finds the concept
        ("quantization-aware-training",
         lambda c: [t.role for t in c.english.terms if t.text == "quantization-aware quantization"]
         == ["misreading"] and "quantization-aware quantization" not in c.aliases),
        ("quality-speed-trade-off-by-scheduler",
         lambda c: [t.role for t in c.section("bn").terms if "শিডিউলার" in t.text]
         == ["search-only"]),
        ("time-step-distillation", lambda c: any("thereby" in n for n in c.notes)),
    ],
)  # fmt: skip
def test_the_bilingual_review_of_the_bundled_data(
    built: BuildResult, concept: str, check: Callable[[Concept], bool]
) -> None:
    by_id = {c.id: c for c in built.glossary.concepts}
    assert check(by_id[concept])


def test_committed_records_are_current(built: BuildResult) -> None:
    assert (DATA / "concepts.yaml").read_text(encoding="utf-8") == built.text


def test_records_round_trip(built: BuildResult) -> None:
    assert read_records(DATA) == built.glossary


@pytest.mark.slow
def test_build_is_deterministic(data_copy: Path) -> None:
    (data_copy / "concepts.yaml").unlink()
    assert gloss("build", "--data", str(data_copy)).exit_code == 0
    first = (data_copy / "concepts.yaml").read_bytes()
    result = gloss("build", "--data", str(data_copy))
    assert result.exit_code == 0
    assert "unchanged" in result.output
    assert (
        (data_copy / "concepts.yaml").read_bytes() == first == (DATA / "concepts.yaml").read_bytes()
    )


def test_build_reports_alignment() -> None:
    result = gloss("build", "--data", str(DATA), "--check")
    assert result.exit_code == 0, result.output
    assert (
        "4 sources, 55 entries, 40 concepts (36 in more than one language besides English), "
        in result.output
    )
    assert (
        "000_137ebd2ba72c1cdb.txt ~ 003_be6544853e9035eb.txt: 9/9 English agree; parallel"
        in result.output
    )


def test_check_detects_stale_records(data_copy: Path) -> None:
    curation = data_copy / "curation.yaml"
    curation.write_text(
        curation.read_text(encoding="utf-8").replace(
            "en: Speculative Decoding", "en: Speculative Inference"
        ),
        encoding="utf-8",
    )
    before = snapshot(data_copy)
    result = gloss("build", "--data", str(data_copy), "--check")
    assert result.exit_code == 1
    assert f"stale; run `gloss build --data {data_copy}` to rebuild it" in result.output
    assert snapshot(data_copy) == before
    assert gloss("build", "--data", str(data_copy)).exit_code == 0
    assert "term: Speculative Inference\n        status: preferred" in (
        data_copy / "concepts.yaml"
    ).read_text(encoding="utf-8")
    # curated knowledge survives rebuilds: it lives in curation.yaml, which build never writes
    assert curation.read_bytes() == before["curation.yaml"]


def test_malformed_source_leaves_records_untouched(data_copy: Path) -> None:
    (data_copy / "sources" / "005_bad.txt").write_text("title\nsubtitle\nশব্দ\n", encoding="utf-8")
    before = snapshot(data_copy)
    result = gloss("build", "--data", str(data_copy))
    assert result.exit_code == 3
    assert "sources/005_bad.txt:3" in result.output
    assert "no definition" in result.output
    assert snapshot(data_copy) == before


def test_unmatched_curation_is_reported(data_copy: Path) -> None:
    with (data_copy / "curation.yaml").open("a", encoding="utf-8") as fh:
        fh.write("- match: {bn: অজানা শব্দ}\n  en: Unknown\n")
    result = gloss("build", "--data", str(data_copy))
    assert result.exit_code == 0
    assert "no concept has the bn term 'অজানা শব্দ'" in result.output
    strict = gloss("build", "--data", str(data_copy), "--strict")
    assert strict.exit_code == 3


def test_sources_are_the_seeds_byte_for_byte() -> None:
    seeds = Path(__file__).resolve().parent.parent.parent / "shared" / "seeds"
    if not seeds.is_dir():
        pytest.skip(f"the original seed folder {seeds} is not there (beside the checkout)")
    for seed in seeds.iterdir():
        assert (DATA / "sources" / seed.name).read_bytes() == seed.read_bytes()


def test_abandoned_temporary_files_are_cleaned_up(data_copy: Path) -> None:
    import os
    import time

    old = data_copy / ".concepts.yaml.abc123.tmp"
    fresh = data_copy / ".concepts.yaml.def456.tmp"
    old.write_bytes(b"partial")
    fresh.write_bytes(b"partial")
    an_hour_ago = time.time() - 7200
    os.utime(old, (an_hour_ago, an_hour_ago))
    (data_copy / "concepts.yaml").unlink()
    dead = data_copy / ".concepts.yaml.999999999.ghi789.tmp"  # its process is gone
    running = data_copy / f".concepts.yaml.{os.getppid()}.jkl012.tmp"
    dead.write_bytes(b"partial")
    running.write_bytes(b"partial")
    assert gloss("build", "--data", str(data_copy)).exit_code == 0
    assert not old.exists() and not dead.exists()
    assert fresh.exists() and running.exists()  # may belong to a build still running


def test_records_written_keep_the_usual_file_mode(data_copy: Path) -> None:
    import os

    (data_copy / "concepts.yaml").unlink()
    old = os.umask(0o022)
    try:
        assert gloss("build", "--data", str(data_copy)).exit_code == 0
    finally:
        os.umask(old)
    assert (data_copy / "concepts.yaml").stat().st_mode & 0o777 == 0o644


CITED = """\
- match: {bn: নেটওয়ার্ক প্রুনিং}
  terms:
    ar:
    - term: تشذيب الشبكة المختبر
      contexts:
      - text: جملة تستخدم المصطلح
        source: owner/repo/docs/ar/lora.md@0123456789012345678901234567890123456789
"""


def test_a_cited_term_is_admitted_after_the_sources_own_terms(data_copy: Path) -> None:
    """A curated term of another language than English is stored as ``admitted`` and
    ``curated``, after the source's term, with its sources as its citation and each sentence
    as a TBX context."""
    from glossary_cli import api

    with (data_copy / "curation.yaml").open("a", encoding="utf-8") as fh:
        fh.write(CITED)
    assert gloss("build", "--data", str(data_copy), "--strict").exit_code == 0
    [concept] = [c for c in api.load_glossary(str(data_copy)).concepts if c.id == "pruning"]
    arabic = concept.section("ar")
    assert arabic is not None
    term = next(t for t in arabic.terms if t.text == "تشذيب الشبكة المختبر")
    assert (term.status, term.origin) == ("admitted", "curated")
    assert term.citation == "owner/repo/docs/ar/lora.md@0123456789012345678901234567890123456789"
    assert [(p.category, p.value) for p in term.properties] == [("context", "جملة تستخدم المصطلح")]
    # never above the term the source gives
    assert arabic.terms[0].text == "تقليم الشبكة" and arabic.terms[0].origin == "source"
    card = json.loads(
        gloss("show", "تشذيب الشبكة المختبر", "--json", "--data", str(data_copy)).stdout
    )
    assert card["id"] == "pruning"


@pytest.mark.parametrize(
    ("item", "says"),
    [
        ("    - term: كلمة\n", "needs 'contexts'"),
        ("    - term: كلمة\n      contexts: [{text: جملة}]\n", "needs 'contexts'"),
        ("    - term: كلمة\n      contexts: [{text: جملة, source: x}]\n      composed: maybe\n",
         "'composed' must be true or false"),
        ("    - term: كلمة\n      contexts: [{text: جملة, source: x}]\n      colour: red\n",
         "unknown key(s) colour"),
    ],
)  # fmt: skip
def test_a_cited_term_without_its_source_is_refused(data_copy: Path, item: str, says: str) -> None:
    with (data_copy / "curation.yaml").open("a", encoding="utf-8") as fh:
        fh.write("- match: {bn: লো-র্যাঙ্ক অ্যাডাপ্টেশন}\n  terms:\n    ar:\n" + item)
    before = snapshot(data_copy)
    result = gloss("build", "--data", str(data_copy))
    assert result.exit_code == 3
    assert says in result.output and "curation.yaml:" in result.output
    assert snapshot(data_copy) == before


def test_an_untranslated_word_a_note_quotes_is_not_warned_of_again(data_copy: Path) -> None:
    """The bundled 000_… definition keeps the English "thereby", which a curation note
    quotes: `gloss build --strict` passes; without the note it warns."""
    assert gloss("build", "--data", str(data_copy), "--strict").exit_code == 0
    curation = data_copy / "curation.yaml"
    text = curation.read_text(encoding="utf-8")
    assert '"thereby"' in text
    curation.write_text(text.replace('"thereby"', "thereby"), encoding="utf-8")
    result = gloss("build", "--data", str(data_copy))
    assert result.exit_code == 0 and "'thereby', left untranslated" in result.output
    assert gloss("build", "--data", str(data_copy), "--strict").exit_code == 3


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("মডেল\u00a0ওজন", "1 no-break and other special spaces made plain spaces"),
        ("মডেল  ওজন", "1 runs of spaces or tabs made one space"),
        ("মডেল ওজন\u200f", "1 bidi marks or byte order marks removed"),
    ],
)
def test_text_stored_normalized_is_reported_by_lint_and_add(line: str, says: str) -> None:
    """Normalization never changes a text silently: `lint` and `add` say how many texts of
    the file were stored changed, and how."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "glossary.txt"
        path.write_text(f"AI\nglossary\n{line}\nএকটি সংজ্ঞা।\n", encoding="utf-8")
        linted = gloss("lint", str(path))
        assert "stored normalized" in linted.output and says in linted.output
        added = gloss("add", str(path))
        assert added.exit_code == 0, added.output
        assert "stored normalized" in added.output and says in added.output
