"""Sure matches and approximate ones: `show` prints a card only when it is sure, `search`
marks the rest, `--strict` exits 1 on them; match modes and patterns; labels that are true."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import textwrap

import pytest

from glossary_cli import api
from glossary_cli.errors import NotFoundError, UsageError
from glossary_cli.index import _DDL
from glossary_cli.normalize import fold
from glossary_cli.search import Searcher

from .conftest import gloss


@pytest.fixture(scope="module")
def searcher() -> Searcher:
    return api.open_searcher(None)


# A neighbour is never the answer: each of these names a concept the glossary lacks, and the
# nearest concept differs in a way that matters (INT8 is not INT4, post-training is not
# quantization-aware, unstructured is not structured, QLoRA is not LoRA).
@pytest.mark.parametrize(
    ("term", "neighbour"),
    [
        ("int8 quantization", "4-Bit Integer Quantization"),
        ("post-training quantization", "Quantization-Aware Training"),
        ("unstructured pruning", "Structured Sparsity"),
        ("QLoRA", "Low-Rank Adaptation"),
    ],
)
def test_show_does_not_present_a_neighbour(term: str, neighbour: str) -> None:
    result = gloss("show", term)
    assert result.exit_code == 1
    assert result.stdout == ""
    assert f"no concept surely matches {term!r}" in result.stderr
    offered = [line.strip() for line in result.stderr.splitlines() if line.startswith("  ")]
    assert any(line.startswith(neighbour) for line in offered)
    names = [line.rsplit("  (", 1)[0] for line in offered]
    assert len(names) == len(set(names))  # one line per concept, not per alias


def test_show_best_takes_the_nearest_and_says_it_is_approximate() -> None:
    result = gloss("show", "int8 quantization", "--best")
    assert result.exit_code == 0
    assert "4-Bit Integer Quantization" in result.stdout
    assert "approximate" in result.stderr
    card = json.loads(gloss("show", "QLoRA", "--best", "--json").stdout)
    assert card["id"] == "low-rank-adaptation"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("term", "concept", "kind"),
    [
        ("LoRA", "low-rank-adaptation", "exact"),  # an abbreviation
        ("خَلِيطُ الخُبَرَاءِ", "mixture-of-experts", "exact"),  # normalized
        ("وتقليم الشبكة", "pruning", "clitic"),
        ("mixure of experts", "mixture-of-experts", "fuzzy"),  # a slip of a whole name
        ("speculat", "speculative-inference", "prefix"),  # one concept's names start so
        ("MoE-তে", "mixture-of-experts", "exact"),  # a Bengali ending hyphenated on
        ("কিউএটি", "quantization-aware-training", "spelled"),  # letters of an abbreviation
        ("ফিচার ক্যাশিং", "feature-caching", "phonetic"),  # an English name in Bengali
        # the head of a name of a concept one word names (Pruning), in every language alike
        ("تقليم", "pruning", "prefix"),
        ("التقليم", "pruning", "word"),
        ("প্রুনিংকে", "pruning", "word"),
        # a question around a name, and an abbreviation's plural or possessive
        ("what does QAT stand for?", "quantization-aware-training", "exact"),
        ("LoRA মানে কি", "low-rank-adaptation", "exact"),
        ("ما هو تقليم الشبكة", "pruning", "exact"),
        ("QAT’s", "quantization-aware-training", "exact"),
    ],
)
def test_show_prints_a_card_for_a_sure_match(
    searcher: Searcher, term: str, concept: str, kind: str
) -> None:
    hit = api.show(searcher, term)
    assert hit.concept.id == concept and hit.match.kind == kind and hit.sure
    assert gloss("show", term).exit_code == 0


@pytest.mark.parametrize(
    "term",
    [
        "quantization",  # a word several concepts share
        "bit",
        "quantizaton bias",  # a slip, then a prefix
        "TPU",  # a whole word that a longer name goes on from: a narrower concept
        "clustering",
        "mixed precision",
        "التقطير",  # the head of تقطير خطوات الزمن: Time-Step Distillation is narrower
        "adaptation",  # the head of Low-Rank Adaptation, which no one word names
        "LoRA+",  # a mark that makes another name
        "truncated svm",  # a slip in a short word is another term
    ],
)
def test_a_common_word_or_prefix_is_not_sure(searcher: Searcher, term: str) -> None:
    with pytest.raises(NotFoundError) as raised:
        api.show(searcher, term)
    assert raised.value.suggestions


def test_search_marks_approximate_hits() -> None:
    hits = json.loads(gloss("search", "qunatization", "--json").stdout)
    assert hits and all(h["match"]["approximate"] for h in hits)
    exact = json.loads(gloss("search", "LoRA", "--json").stdout)
    assert exact[0]["match"]["approximate"] is False
    table = gloss("search", "qunatization").stdout
    assert "≈fuzzy" in table


@pytest.mark.slow
@pytest.mark.parametrize(("query", "code"), [("qunatization", 1), ("LoRA", 0), ("zzqx", 1)])
def test_strict_exits_1_when_every_hit_is_approximate(query: str, code: int) -> None:
    result = gloss("search", query, "--strict", "--json")
    assert result.exit_code == code
    assert isinstance(json.loads(result.stdout), list)


def test_a_typo_ranks_as_the_word_does(searcher: Searcher) -> None:
    right = [h.concept.id for h in searcher.search("quantization", limit=5)]
    typo = [h.concept.id for h in searcher.search("qunatization", limit=5)]
    assert typo == right
    assert "quantization-aware-training" in typo


# --- labels ------------------------------------------------------------------------------------


@pytest.mark.parametrize("query", ["quant", "4bit", "low r", "تقل", "কোয়ান্ট", "lo", "bit"])
def test_a_prefix_hit_is_a_prefix(searcher: Searcher, query: str) -> None:
    for hit in searcher.search(query, limit=20):
        if hit.match.kind == "prefix":
            assert fold(hit.match.text).replace(" ", "").startswith(fold(query).replace(" ", ""))


@pytest.mark.parametrize("query", ["xyzzy plugh", "zzqx", "ফ্লার্গ", "قرطبيس", "dropout"])
def test_a_query_with_no_real_match_gets_no_exact_prefix_or_word_hit(
    searcher: Searcher, query: str
) -> None:
    sure_kinds = {"exact", "prefix", "word", "inflected", "clitic", "spelled"}
    assert not [h for h in searcher.search(query, limit=10) if h.match.kind in sure_kinds]


# --- modes -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mode", "query", "kinds", "first"),
    [
        ("exact", "lora", {"exact"}, "low-rank-adaptation"),
        ("prefix", "quantization a", {"exact", "prefix"}, "quantization-aware-training"),
        ("word", "sparsity", {"exact", "word"}, "structured-sparsity"),
        ("fuzzy", "mixure of experts", {"fuzzy"}, "mixture-of-experts"),
        ("regex", "^low.rank", {"regex"}, "low-rank-inference"),
        ("glob", "*svd", {"glob"}, "truncated-svd"),
        ("glob", "তাইম*", set(), None),
    ],
)
def test_match_modes(
    searcher: Searcher, mode: str, query: str, kinds: set[str], first: str | None
) -> None:
    hits = searcher.search(query, limit=10, mode=mode)
    assert {h.match.kind for h in hits} <= kinds
    assert (hits[0].concept.id if hits else None) == first


def test_exact_mode_does_not_fall_back() -> None:
    result = gloss("search", "mixure of experts", "--mode", "exact")
    assert result.exit_code == 1


def test_min_score_leaves_out_weaker_hits(searcher: Searcher) -> None:
    hits = searcher.search("quantization", limit=40, min_score=92)
    assert hits and all(h.score >= 92 for h in hits)
    assert len(hits) < len(searcher.search("quantization", limit=40))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--mode", "soundex"], "unknown match mode 'soundex'"),
        (["--mode", "regex", "--", "(unclosed"], "is not valid"),
        (["--min-score", "120"], "--min-score"),
    ],
)
def test_bad_mode_pattern_or_score_is_a_usage_error(args: list[str], message: str) -> None:
    words = [] if "--" in args else ["lora"]
    result = gloss("search", *words, *args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_usage_error_for_a_bad_pattern_from_the_library(searcher: Searcher) -> None:
    with pytest.raises(UsageError):
        searcher.search("a{1,99999}", mode="regex")


PATHOLOGICAL = ["(a+)+$", "(a|aa)+$", "(a*)*b", "(.*a){25}z", "(x+x+)+y", "^(a?){30}a{30}$"]


@pytest.mark.slow
def test_pathological_patterns_at_100k_names_answer() -> None:
    """Classic catastrophic-backtracking patterns over 100 000 names that nearly match
    ('aaaa…a!'): with a backtracking engine each would run for years; RE2 answers. Run in a
    child process, killed if it hangs (a guard, not a timing)."""
    script = textwrap.dedent(
        f"""
        import sqlite3, sys
        from glossary_cli.index import _DDL
        from glossary_cli.search import Searcher
        conn = sqlite3.connect(":memory:")
        conn.executescript(_DDL)
        rows = [(i, i, "en", "en", "a" * (20 + i % 13) + "!", "a" * (20 + i % 13) + "!",
                 "", "", "", None, None, "g", b"") for i in range(1, 100_001)]
        conn.executemany("INSERT INTO name VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)", rows)
        s = Searcher(conn)
        for pattern in {PATHOLOGICAL!r}:
            for mode in ("regex", "glob"):
                assert s.search(pattern, mode=mode, limit=5) == [], pattern
        print("ok")
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_the_index_schema_has_the_tables_the_pattern_scan_reads() -> None:
    conn = sqlite3.connect(":memory:")
    conn.executescript(_DDL)
    tables = {n for (n,) in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"name", "word", "lemma"} <= tables


def test_a_mark_that_makes_another_name_is_no_exact_match(searcher: Searcher) -> None:
    for query in ("LoRA+", "#LoRA", "LoRA++"):
        (hit, *_) = searcher.search(query, limit=3)
        assert hit.match.kind != "exact" and not hit.sure
    assert searcher.search("(LoRA)", limit=1)[0].match.kind == "exact"


def test_an_invalid_pattern_is_one_line_on_stderr() -> None:
    result = gloss("search", "--mode", "regex", "--", "(?=a)")
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "b'" not in lines[0] and "invalid perl operator" in lines[0]


@pytest.mark.parametrize(
    ("mode", "pattern", "concept"),
    [
        ("regex", "^ازالة الضوضاء", "classifier-guided-denoising"),  # no hamza, ة
        ("regex", "تقطیر", "time-step-distillation"),  # Persian yeh
        ("glob", "*\u0995\u09cb\u09df\u09be\u09a8\u09cd\u099f\u09be\u0987\u099c*",
         "quantization-aware-training"),  # precomposed য়
        ("glob", "خلِيطُ الخُبَرَاءِ", "mixture-of-experts"),  # harakat
    ],
)  # fmt: skip
def test_patterns_are_folded_as_the_terms_are(
    searcher: Searcher, mode: str, pattern: str, concept: str
) -> None:
    ids = [h.concept.id for h in searcher.search(pattern, mode=mode, limit=40)]
    assert concept in ids


def test_a_nisba_is_not_its_root(searcher: Searcher) -> None:
    # عبري (Hebrew) is not عبر (via), a word of two Arabic terms
    assert not [h for h in searcher.search("عبري", limit=10) if h.match.kind == "word"]


@pytest.mark.parametrize(
    ("query", "concept"), [("লোরাকে", "low-rank-adaptation"), ("টিপিইউয়ের", "tpu-deployment")]
)
def test_an_english_name_spelled_out_takes_bengali_endings(
    searcher: Searcher, query: str, concept: str
) -> None:
    assert searcher.search(query, limit=1)[0].concept.id == concept


def test_min_score_that_leaves_nothing_says_so() -> None:
    result = gloss("search", "quantization", "--min-score", "99")
    assert result.exit_code == 1
    assert "with a score of at least 99" in result.stderr


@pytest.mark.parametrize(
    ("query", "concept"),
    [
        ("ফিউশন kernel", "convolution-kernel-fusion"),  # Bengali and English words of it
        ("تقليم network", "pruning"),
        ("অ্যাওয়ার training", "quantization-aware-training"),
        ("experts الخبراء mixture", "mixture-of-experts"),
    ],
)
def test_a_query_that_mixes_scripts_finds_the_concept_its_words_share(
    searcher: Searcher, query: str, concept: str
) -> None:
    hits = searcher.search(query, limit=3)
    assert hits and hits[0].concept.id == concept
    assert hits[0].match.kind == "word" and not hits[0].sure


def test_words_of_two_concepts_make_no_concept(searcher: Searcher) -> None:
    hits = searcher.search("تقليم experts", limit=3)  # Pruning's word, Mixture of Experts'
    assert not [h for h in hits if h.match.kind == "word"]


@pytest.mark.parametrize("limit", [1, 2, 10])
def test_sure_is_the_same_whatever_the_limit(searcher: Searcher, limit: int) -> None:
    """One hit asked for is judged with its neighbour, as ``gloss show`` judges it."""
    for query in ("distillation", "adaptation", "প্রুনিং", "تقليم", "speculat", "TPU", "LoRA"):
        first = searcher.search(query, limit=limit)[0]
        judged = api.show(searcher, query, best=True)
        assert (first.concept.id, first.sure) == (judged.concept.id, judged.sure), query


@pytest.mark.parametrize("query", ["zebra crossing", "Rights basis", "كرة القدم"])
def test_did_you_mean_lists_nothing_unrelated_and_says_so(searcher: Searcher, query: str) -> None:
    with pytest.raises(NotFoundError) as raised:
        api.show(searcher, query)
    assert raised.value.suggestions == ()
    assert "no name has a word like" in raised.value.message


def test_did_you_mean_still_lists_a_slip(searcher: Searcher) -> None:
    with pytest.raises(NotFoundError) as raised:
        api.show(searcher, "prunning methods")
    assert "Pruning" in raised.value.suggestions


def test_an_english_description_meets_the_words_of_a_name_it_does_not_give(
    searcher: Searcher,
) -> None:
    """The bundled glossary defines its concepts in Bengali and Arabic only: an English
    description finds a concept through the words it borrows from the concept's names."""
    hits = searcher.search("adapt a frozen model by training small low-rank matrices", limit=3)
    assert hits and hits[0].concept.id == "low-rank-adaptation"
    assert hits[0].match.kind == "definition" and not hits[0].sure
    assert hits[0].score < 60
    for query in ("a recipe for sourdough bread with a crispy crust", "rank the teams by score"):
        assert not [h for h in searcher.search(query) if h.match.kind == "definition"], query
