"""The HTML export in a real browser: headless Chromium (Debian: chromium, chromium-driver),
driven over WebDriver (:mod:`tests.webdriver`). The page is shown at a desktop's and a
phone's width, and its search box filters the concepts as one types, in any language.
Skipped where Chromium is not installed."""

from __future__ import annotations

import struct
from collections.abc import Iterator
from pathlib import Path

import pytest

from glossary_cli.formats import html
from glossary_cli.model import Concept, Glossary, LangSection, Term
from glossary_cli.store import read_records

from . import webdriver
from .conftest import DATA

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not webdriver.available(), reason=webdriver.missing() or "-"),
]

SHOWN = "return [].filter.call(document.querySelectorAll('article'), a => !a.hidden).map(a => a.id)"


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[webdriver.Browser]:
    with webdriver.chromium(tmp_path_factory.mktemp("chromium") / "profile") as b:
        yield b


@pytest.fixture(scope="module")
def bundled_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    page = tmp_path_factory.mktemp("page") / "glossary.html"
    page.write_bytes(html.write(read_records(DATA)))
    return page


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.slow
@pytest.mark.parametrize("width", [1280, 400])
def test_the_page_is_drawn_at_a_desktop_s_and_a_phone_s_width(
    browser: webdriver.Browser, bundled_page: Path, tmp_path: Path, width: int
) -> None:
    browser.resize(width, 900)
    browser.open(bundled_page.as_uri())
    shot = tmp_path / f"glossary-{width}.png"
    browser.screenshot(shot)
    assert shot.stat().st_size > 20_000  # text of three scripts, not a blank page
    drawn, _ = _png_size(shot)
    assert width - 40 <= drawn <= width
    # nothing is wider than the window: no sideways scrolling on a phone
    assert browser.run("return document.documentElement.scrollWidth") <= width


@pytest.mark.slow
@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("lora", ["c-low-rank-adaptation"]),
        ("LORA", ["c-low-rank-adaptation"]),
        ("লো-র্যাঙ্ক অ্যাডাপ্টেশন", ["c-low-rank-adaptation"]),
        ("الاستدلال ذو الرتبة", ["c-low-rank-inference"]),
        ("no such term", []),
    ],
)
def test_typing_in_the_search_box_filters_the_concepts(
    browser: webdriver.Browser, bundled_page: Path, query: str, expected: list[str]
) -> None:
    browser.open(bundled_page.as_uri())
    assert browser.run("return document.getElementById('search').hidden") is False
    browser.type("#q", query)
    assert browser.run(SHOWN) == expected
    assert browser.run("return document.getElementById('shown').textContent") == (
        f"{len(expected)} of 40 concepts shown"
    )
    browser.type("#q", "")
    browser.run("document.getElementById('q').dispatchEvent(new Event('input'))")
    assert len(browser.run(SHOWN)) == 40


@pytest.mark.slow
def test_the_search_ignores_harakat_hamza_and_case(
    browser: webdriver.Browser, tmp_path: Path
) -> None:
    def concept(cid: str, en: str, ar: str) -> Concept:
        return Concept(cid, (LangSection("en", (Term(en, source="x:1"),)),
                             LangSection("ar", (Term(ar, source="x:2"),))))  # fmt: skip

    page = tmp_path / "g.html"
    glossary = Glossary((), (concept("learning", "Learning", "التَّعَلُّم"),
                             concept("model", "<script>alert(1)</script>", "أنموذج")))  # fmt: skip
    page.write_bytes(html.write(glossary))
    browser.open(page.as_uri())
    for query, expected in (("التعلم", ["c-learning"]), ("انموذج", ["c-model"]),
                            ("LEARN", ["c-learning"]), ("<SCRIPT>", ["c-model"])):  # fmt: skip
        browser.type("#q", query)
        assert browser.run(SHOWN) == expected, query
    # the hostile term is text: the page has its one script and no handler
    assert browser.run("return document.scripts.length") == 1
    assert browser.run("return document.querySelectorAll('[onmouseover]').length") == 0
