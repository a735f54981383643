"""Fuzzing that keeps running: every reader, and ``gloss search --mode regex``, fed near-valid
documents (the real files of the fixtures, mutated with the pieces that break readers:
:mod:`tests.fuzz_inputs`) for a bounded number of examples in every test run.

The property: a reader returns, or refuses the file with a
:class:`~glossary_cli.errors.GlossError` that has a message; a regex search returns hits or
refuses the pattern with a :class:`~glossary_cli.errors.UsageError`. Never another exception.
Inputs the long atheris runs (``fuzz/fuzz_readers.py``) found, and the crashes the fault
battery reported, are kept below as regressions.
"""

from __future__ import annotations

import io
import random
import re
import zipfile
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from glossary_cli import api
from glossary_cli.errors import GlossError, UsageError
from glossary_cli.search import Searcher

from .fuzz_inputs import KNOWN, KNOWN_PATTERNS, READERS, mutate, seeds

#: Examples per reader in a test run (about two seconds each on a 2-core machine).
EXAMPLES = 120
BOUNDED = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def check(fmt: str, data: bytes) -> None:
    """Read ``data`` with the reader of ``fmt``: it returns, or raises a GlossError with a
    message."""
    try:
        READERS[fmt](data)
    except GlossError as exc:
        assert exc.message.strip(), f"{type(exc).__name__} without a message"
        assert str(exc)


def documents(fmt: str) -> st.SearchStrategy[bytes]:
    """Real files of ``fmt``, each mutated one to four times (:func:`tests.fuzz_inputs.mutate`)."""
    found = seeds(fmt)
    return st.builds(
        lambda seed, rng, steps: mutate(seed, rng, fmt, steps),
        st.sampled_from(found),
        st.randoms(use_true_random=False),
        st.integers(1, 4),
    )


@pytest.mark.parametrize("fmt", sorted(READERS))
def test_every_reader_has_seeds(fmt: str) -> None:
    assert seeds(fmt), f"no seed file of {fmt}"


def _reader_test(fmt: str) -> object:
    @BOUNDED
    @given(documents(fmt))
    def run(data: bytes) -> None:
        check(fmt, data)

    return run


test_plain_text_reader = _reader_test("text")
test_markdown_reader = _reader_test("markdown")
test_term_folder_reader = _reader_test("folder")
test_po_reader = _reader_test("po")
test_csv_reader = _reader_test("csv")
test_tsv_reader = _reader_test("tsv")
test_xlsx_reader = _reader_test("xlsx")
test_tbx_reader = _reader_test("tbx")
test_xliff_reader = _reader_test("xliff")
test_tmx_reader = _reader_test("tmx")
test_jsonl_reader = _reader_test("jsonl")
test_yaml_reader = _reader_test("yaml")


def _spreadsheet(change: Callable[[dict[str, bytes]], None]) -> bytes:
    """The smallest spreadsheet of the fixtures with its parts changed by ``change``."""
    data = min(seeds("xlsx"), key=len)
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        parts = {i.filename: archive.read(i) for i in archive.infolist()}
    change(parts)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as new:
        for name, content in parts.items():
            new.writestr(name, content)
    return out.getvalue()


def _inflates_wrong() -> bytes:
    """A spreadsheet whose sheet's compressed bytes are damaged (zlib: invalid code lengths)."""
    data = _spreadsheet(lambda parts: None)
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        info = next(i for i in archive.infolist() if i.filename.endswith("sheet1.xml"))
    start = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)
    return data[: start + 3] + b"\xff\xff\xff\xff" + data[start + 7 :]


def _newer_zip() -> bytes:
    """A spreadsheet whose first part says it needs ZIP version 25.3 to extract."""
    data = _spreadsheet(lambda parts: None)
    at = data.index(b"PK\x01\x02") + 6  # the central directory's "version needed to extract"
    return data[:at] + (253).to_bytes(2, "little") + data[at + 2 :]


def _encrypted() -> bytes:
    """A spreadsheet whose sheet says it is encrypted (general purpose flag, bit 0)."""
    data = _spreadsheet(lambda parts: None)
    entry = data.index(b"PK\x01\x02")
    while b"sheet1.xml" not in data[entry + 46 : entry + 46 + 40]:
        entry = data.index(b"PK\x01\x02", entry + 4)
    at = entry + 8  # the central directory's general purpose flags
    return data[:at] + bytes([data[at] | 1]) + data[at + 1 :]


def _bad_relationship(parts: dict[str, bytes]) -> None:
    rels = "xl/_rels/workbook.xml.rels"
    parts[rels] = parts[rels].replace(b"Target=", b"Tar=", 1)


#: Inputs the fuzzing found, each fixed: the reader, the file, and what it was.
REGRESSIONS: list[tuple[str, bytes, str]] = [
    ("tsv", b"Option\tDescription\nabort\tTo end a run of training early.\t\xe0\xa6\xac\n"
     b"batch\tA group of examples read together.\t\xe0\xa6\xae\n",
     "a column of terms past the header's last cell (IndexError)"),
    ("tsv", b"\xef\xbb\xbf\t\t\t\t\t\th\n\t\t\t\t\x00\n\t\t\t\x00\n\t\t\t\t\t\t\t\t\x00\n\x00\n"
     b"\t\t\t\t\t\t\t\t\t\t\x00\n\t\t\t\t\t\t\t\t\t\x00\n\t\t\t\t\t\x00\n\t\t\t\t\t\t\t\t\t\t\t\x00\n"
     b"\t\x00\n\t\t\x00", "rows of many widths, none common (max() of nothing)"),
    ("tsv", b"en\trus-Cyrl-r-pSxxx-r-sU2200-s1-snop\nmodel\t\xd0\xbc\xd0\xbe\xd0\xb4\n",
     "a language tag ICU refuses (ICUError)"),
    ("xlsx", _inflates_wrong(), "a part that does not inflate (zlib.error)"),
    ("xlsx", _spreadsheet(_bad_relationship), "an invalid relationship (openpyxl's UserWarning)"),
    ("xlsx", _newer_zip(), "a ZIP version Python does not read (NotImplementedError)"),
    ("xlsx", _encrypted(), "an encrypted sheet (RuntimeError)"),
    ("tbx", b'<?xml version="1.0" encoding="uf-8"?><martif><text><body/></text></martif>',
     "an encoding no codec has (LookupError)"),
    ("tmx", b'<?xml version="1.0" encoding="UTF-body8"?><tmx version="1.4"><body/></tmx>',
     "an encoding no codec has (LookupError)"),
    ("xliff", b'<xliff version="1.2" xmlns="urn:o>asis"><file source-language="en"><body>'
     b'<trans-unit id="1"><source>a</source></trans-unit></body></file></xliff>',
     "a namespace name that is no URI (lxml\'s XMLSyntaxError)"),
    ("xliff", b'<?xml version="1.0"?><xliff version="2.0" srcLang="en"><file id="f"><unit id="u">'
     b"<segment><source>a</source></segment></unit></file></xliff>",
     "XLIFF 2 without its namespace (translate-toolkit's AssertionError)"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("fmt", "data"), [pytest.param(f, d, id=f"{f}: {why}") for f, d, why in REGRESSIONS]
)
def test_what_fuzzing_found_is_read_or_refused_with_a_message(fmt: str, data: bytes) -> None:
    check(fmt, data)


@pytest.mark.parametrize(("fmt", "data"), [pytest.param(f, d, id=why) for f, d, why in KNOWN])
def test_the_fault_battery_s_crashes_are_read_or_refused_with_a_message(
    fmt: str, data: bytes
) -> None:
    check(fmt, data)


# --------------------------------------------------------------------------- regex search

#: Pieces of regular expressions, valid and not, in the syntaxes users bring (PCRE, Python).
PIECES = (
    "a", "b", "ক", "ম", "ل", "ال", "model", "ing", ".", ".*", ".+?", "^", "$", "\\b", "\\B",
    "\\d", "\\w+", "\\s", "\\S*", "\\", "\\\\", "\\x41", "\\u0995", "\\U0001F600", "\\N{DASH}",
    "[", "]", "[a-z]", "[^ক-হ]", "[[:alpha:]]", "(", ")", "(?:", "(?i)", "(?s)", "(?m)", "(?x)",
    "(?u)", "(?=a)", "(?!a)", "(?<=a)", "(?<!a)", "(?>a)", "(?#c)", "(?P=x)", "\\1", "|", "||",
    "*", "+", "?", "*?", "++", "{2}", "{2,}", "{,3}", "{1000}", "{99999}", "{3,2}", "\\p{L}",
    "\\pL", "\\P{Arabic}", "\\Q", "\\E", "\\K", "\\G", "\\z", "\\Z", "\\A", "\\C", "\\X", "\\R",
    "\\0", "\\o{12}", "\x00", "\ud800", "\u200d", "\u202e", " ", "-", "ـ", "্",
)  # fmt: skip


@pytest.fixture(scope="module")
def searcher() -> Searcher:
    return api.open_searcher()


def patterns() -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(PIECES), min_size=1, max_size=8).map("".join) | st.text(
        min_size=1, max_size=20
    )


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(pattern=patterns(), limit=st.integers(1, 30), langs=st.sampled_from([(), ("bn", "ar")]))
@example(pattern="{99999}", limit=5, langs=())
@example(pattern="a{1000}{1000}", limit=5, langs=())
def test_a_regex_search_answers_or_refuses_the_pattern(
    searcher: Searcher, pattern: str, limit: int, langs: tuple[str, ...]
) -> None:
    try:
        hits = api.search(searcher, pattern, langs=langs, limit=limit, mode="regex")
    except UsageError as exc:
        assert exc.message.strip()
        return
    assert len(hits) <= limit
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)


@pytest.mark.parametrize("pattern", [pytest.param(p, id=why) for p, why in KNOWN_PATTERNS])
def test_the_fault_battery_s_patterns_search(searcher: Searcher, pattern: str) -> None:
    hits = api.search(searcher, pattern, limit=5, mode="regex")
    assert hits  # \p{Bengali} and (?P<x>a) are valid RE2: terms match them


def test_the_mutations_keep_most_of_the_seed() -> None:
    """A mutated document is near-valid: most of its seed is still in it."""
    rng = random.Random(7)
    seed = seeds("tbx")[0]
    kept = [len(set(re.findall(rb"<\w+", mutate(seed, rng, "tbx", 1)))) for _ in range(50)]
    assert sorted(kept)[25] >= len(set(re.findall(rb"<\w+", seed))) - 2
