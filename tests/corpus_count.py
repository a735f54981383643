"""The terms of a real glossary file as an independent parser finds them: the standard
library's csv, openpyxl, polib, lxml and markdown-it-py, told by the file's manifest entry
(``tests/corpus/*/manifest.yaml``, written by reading the file) which column, element or heading
holds which language's terms. None of gloss's readers is used: this is what ``gloss add``
must give back (used by tests/test_corpus.py and benchmarks/corpus_report.py)."""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import yaml

CORPUS = Path(__file__).resolve().parent / "corpus"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
# the scripts of the manifests' heading counts, by the first word of a letter's Unicode name
_SCRIPT_WORDS = {"CJK": "Han", "HIRAGANA": "Hiragana", "KATAKANA": "Katakana"}


def entries() -> list[dict[str, Any]]:
    """Every manifest entry of the corpus, its ``path`` added."""
    out = []
    for manifest in sorted(CORPUS.glob("*/manifest.yaml")):
        for item in yaml.safe_load(manifest.read_text(encoding="utf-8")):
            out.append({**item, "path": manifest.parent / item["file"]})
    return out


# bidi marks, controls and byte order marks, which carry no letter (Unicode UAX #9)
_INVISIBLE = re.compile("[\u200e\u200f\u061c\ufeff\u202a-\u202e\u2066-\u2069]")


def norm(text: str) -> str:
    """A term as it is compared: NFC, whitespace collapsed, without the marks of no letter
    (bidi marks, a byte order mark) and the zero-width joiners at a word's edges."""
    text = _INVISIBLE.sub("", unicodedata.normalize("NFC", text))
    return " ".join(w.strip("\u200c\u200d") for w in text.split() if w.strip("\u200c\u200d"))


def primary(tag: str) -> str:
    return re.split(r"[-_]", tag, maxsplit=1)[0].lower()


def expected(entry: dict[str, Any]) -> dict[str, set[str]]:
    """The terms of one corpus file, per language (its primary subtag)."""
    count = entry["count"]
    kind = count["kind"]
    path: Path = entry["path"]
    found: dict[str, set[str]] = {}

    def add(lang: str, texts: Iterable[str]) -> None:
        for text in texts:
            for part in _split(text, count.get("split")):
                if part and part != count.get("placeholder") and any(c.isalnum() for c in part):
                    found.setdefault(primary(lang), set()).add(part)

    readers: dict[str, Callable[[Path, dict[str, Any]], Iterator[tuple[str, Any]]]] = {
        "table": _table,
        "po": _po,
        "tbx": _tbx,
        "markdown-table": _markdown_tables,
        "markdown-headings": _markdown_names,  # these three give one text at a time
        "markdown-deflist": _markdown_names,
        "folder": _folder,
    }
    if kind not in readers:
        raise ValueError(f"{entry['file']}: unknown count kind {kind!r}")
    for lang, texts in readers[kind](path, count):
        add(lang, [texts] if isinstance(texts, str) else texts)
    for lang, texts in (count.get("also") or {}).items():
        add(lang, texts)
    return found


#: The language of a text in a script when a file does not name it (headerless tables, flat
#: term folders): CLDR's most written language of the script.
SCRIPT_LANGUAGES = {"Latin": "en", "Arabic": "ar", "Bengali": "bn", "Devanagari": "hi",
                    "Cyrillic": "ru", "Han": "zh", "Hiragana": "ja", "Katakana": "ja"}  # fmt: skip


#: The scripts the corpus's languages are written in.
LANGUAGE_SCRIPTS = {
    "Latin": "en fr es de pt it nl pl af ca cs da fi ht ha hu ig id no om ro sn sw sv tr vi yo zu",
    "Arabic": "ar fa ur", "Bengali": "bn", "Devanagari": "hi ne", "Cyrillic": "ru uk bg sr",
    "Han": "zh ja", "Hiragana": "ja", "Katakana": "ja", "Greek": "el", "Hangul": "ko",
}  # fmt: skip


def by_script(script: str | None, lang: str) -> str:
    """``lang``, unless ``script`` is one ``lang``'s language is not written in: then the
    language of the script (:data:`SCRIPT_LANGUAGES`)."""
    if script is None or primary(lang) in LANGUAGE_SCRIPTS.get(script, "").split():
        return lang
    return SCRIPT_LANGUAGES.get(script, lang)


def script_of(text: str) -> str | None:
    """The script most of a text's letters are in, by their Unicode names."""
    from collections import Counter

    counts = Counter(s for s in map(_script, text) if s)
    return counts.most_common(1)[0][0] if counts else None


def _split(text: str, pattern: str | None) -> list[str]:
    text = norm(text)
    if not pattern:
        return [text]
    return [norm(p) for p in re.split(pattern, text)]


# --- tables ---------------------------------------------------------------------------------


def _rows(path: Path, count: dict[str, Any]) -> list[list[str]]:
    if path.suffix == ".xlsx":
        import openpyxl

        book = openpyxl.load_workbook(path, read_only=True, data_only=True)
        sheet = book[count["sheet"]] if count.get("sheet") else book.worksheets[0]
        rows = [["" if v is None else str(v) for v in r] for r in sheet.iter_rows(values_only=True)]
        book.close()
        return rows
    data = path.read_bytes()
    for bom, codec in (
        (b"\xef\xbb\xbf", "utf-8"),
        (b"\xff\xfe", "utf-16"),
        (b"\xfe\xff", "utf-16"),
    ):
        if data.startswith(bom):
            text = data[len(bom) :].decode(codec)
            break
    else:
        text = data.decode("utf-8")
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=count.get("delimiter", ","))
    rows = list(reader)
    skip = {n - 1 for n in count.get("skip_rows") or []}
    return [r for i, r in enumerate(rows) if i not in skip and any(c.strip() for c in r)]


def _table(path: Path, count: dict[str, Any]) -> Iterator[tuple[str, list[str]]]:
    rows = _rows(path, count)
    header = rows[0] if count.get("header", True) else []
    body = rows[1:] if count.get("header", True) else rows
    if count.get("long_format"):
        names = count["long_format"]
        index = {k: header.index(v) for k, v in names.items()}
        langs = count.get("langs") or {}
        for row in body:
            lang = row[index["language"]].strip()
            yield langs.get(lang, lang), [row[index["term"]]]
        return
    named = count.get("header", True)
    for lang, columns in count["terms"].items():
        for column in columns:
            at = int(column) - 1 if isinstance(column, int) else header.index(column)
            for r in body:
                if at < len(r) and r[at].strip():
                    # without a header the file does not name the language: the script does,
                    # but for Latin, the script terms are borrowed in (an "API" of a Bengali
                    # column is the Bengali term)
                    script = script_of(r[at])
                    borrowed = named or script == "Latin"
                    yield (lang if borrowed else by_script(script, lang)), [r[at]]


# --- PO and TBX -----------------------------------------------------------------------------


def _without_accelerator(text: str, marker: str) -> str:
    """A program's string without its keyboard accelerator, as GTK and Qt show it: the
    marker before a letter is no character, a doubled marker is one."""
    text = re.sub(r"\s*\(" + re.escape(marker) + r"[A-Za-z0-9]\)", "", text)
    if text.count(marker) == 1 and marker + marker not in text:
        i = text.index(marker)
        if text[i + 1 : i + 2].isalnum():
            return text[:i] + text[i + 1 :]
    return text.replace(marker + marker, marker)


def _po(path: Path, count: dict[str, Any]) -> Iterator[tuple[str, list[str]]]:
    import polib

    marker = count.get("accelerator")
    for entry in polib.pofile(str(path), wrapwidth=0):
        if entry.obsolete or not entry.msgid.strip():
            continue
        source, target = entry.msgid, entry.msgstr or next(iter(entry.msgstr_plural.values()), "")
        if marker:
            source, target = (
                _without_accelerator(source, marker),
                _without_accelerator(target, marker),
            )
        yield count["source"], [source]
        if target.strip():
            yield count["target"], [target]


def _tbx(path: Path, count: dict[str, Any]) -> Iterator[tuple[str, list[str]]]:
    from lxml import etree

    root = etree.parse(str(path), etree.XMLParser(resolve_entities=False)).getroot()
    langs = count.get("langs") or {}
    for section in root.iter():
        if not isinstance(section.tag, str) or etree.QName(section).localname not in (
            "langSet", "langSec"
        ):  # fmt: skip
            continue
        raw = section.get(XML_LANG) or section.get("lang") or ""
        texts = [
            "".join(t.itertext())
            for t in section.iter()
            if isinstance(t.tag, str) and etree.QName(t).localname == "term"
        ]
        yield langs.get(raw, raw), [t for t in texts if t.strip()]


# --- Markdown -------------------------------------------------------------------------------


def _inline(token: Any) -> str:
    return norm(
        "".join(
            c.content if c.type in ("text", "code_inline") else " "
            for c in token.children or []
            if c.type in ("text", "code_inline", "softbreak", "hardbreak")
        )
    )


def _tokens(path: Path) -> list[Any]:
    from markdown_it import MarkdownIt
    from mdit_py_plugins.deflist import deflist_plugin

    text = path.read_text(encoding="utf-8").lstrip("\ufeff")
    if text.startswith("---"):
        end = text.find("\n---", 3)
        text = "\n" * text[: end + 4].count("\n") + text[end + 4 :] if end > 0 else text
    return MarkdownIt("commonmark").enable("table").use(deflist_plugin).parse(text)


def _markdown_tables(path: Path, count: dict[str, Any]) -> Iterator[tuple[str, list[str]]]:
    tokens = _tokens(path)
    pattern = count.get("term_pattern")  # a cell that matches it: group 1 is the term

    def term(cell: str) -> str:
        found = re.match(pattern, cell) if pattern else None
        return found.group(1) if found else cell

    table: list[list[str]] = []
    row: list[str] = []
    for t in tokens:
        if t.type == "table_open":
            table = []
        elif t.type == "tr_open":
            row = []
        elif t.type == "inline" and table is not None:
            row.append(_inline(t))
        elif t.type == "tr_close":
            table.append(row)
        elif t.type == "table_close" and table:
            header, body = table[0], table[1:]
            for lang, columns in count["terms"].items():
                for column in columns:
                    if column in header:
                        at = header.index(column)
                        yield lang, [term(r[at]) for r in body if at < len(r)]


def _script(ch: str) -> str | None:
    if not ch.isalpha():
        return None
    word = unicodedata.name(ch, "?").split()[0].split("-")[0]
    return _SCRIPT_WORDS.get(word, word.title())


def names(text: str, langs: dict[str, str] | None = None) -> list[tuple[str | None, str]]:
    """A heading's or title's names: its trailing bracket groups (each a name, split at
    ``;``), an all-capitals abbreviation in brackets on its own, and the rest cut into runs
    of one script (of one language, when ``langs`` maps scripts to languages: Japanese's
    kanji and kana are one run); ``(script, text)`` each."""
    langs = langs or {}
    text = re.sub(r"\s*\{[#.][^{}]*\}\s*$", "", norm(text))
    out: list[tuple[str | None, str]] = []
    groups: list[str] = []
    while True:
        m = re.search(
            r"[(\[（]([^()\[\]（）]*(?:[(\[][^()\[\]]*[)\]][^()\[\]（）]*)*)[)\]）]\s*$", text
        )
        if not m or not text[: m.start()].strip():
            break
        groups.insert(0, m.group(1))
        text = text[: m.start()].rstrip()
    runs: list[list[str]] = []
    current: str | None = None
    japanese = {"Han", "Hiragana", "Katakana"}  # one writing system: one run
    for ch in text:
        script = _script(ch)
        if (
            script is not None
            and current is not None
            and (
                langs.get(script, script) == langs.get(current, current)
                or {script, current} <= japanese
            )
        ):
            script = current
        if script is not None and script != current:
            runs.append([script, ""])
            current = script
        if runs:
            runs[-1][1] += ch
    for script, run in runs:
        run = run.strip(" -–—")
        while run[:1] in "([" and run.count(run[0]) > run.count(")" if run[0] == "(" else "]"):
            run = run[1:].strip()  # a bracket opened before the run and closed after it
        while run[-1:] in ")]" and run.count(run[-1]) > run.count("(" if run[-1] == ")" else "["):
            run = run[:-1].strip()
        if run:
            out.append((script, run))
    for group in groups:
        for part in re.split(r"\s*[;,、，]\s*", group):
            inner = re.match(r"^(.*?)\s*\(([^()]+)\)$", part)
            pieces = [inner.group(1), inner.group(2)] if inner else [part]
            for piece in pieces:
                piece = norm(piece)
                if piece:
                    out.append((next((s for s in map(_script, piece) if s), None), piece))
    return out


def _markdown_names(path: Path, count: dict[str, Any]) -> Iterator[tuple[str, str]]:
    tokens = _tokens(path)
    langs = count.get("langs") or {}
    pattern = count.get("term_pattern")
    for k, t in enumerate(tokens):
        wanted = (
            t.type == "heading_open" and int(t.tag[1]) == count.get("level")
            if count["kind"] == "markdown-headings"
            else t.type == "dt_open"
        )
        if not wanted or k + 1 >= len(tokens):
            continue
        text = _inline(tokens[k + 1])
        if pattern:
            found = re.match(pattern, text)
            text = found.group(1) if found else text
        if len(text.split()) > 12:
            continue
        for script, name in names(text, langs):
            if script in langs:
                yield langs[script], name


def _folder(path: Path, count: dict[str, Any]) -> Iterator[tuple[str, str]]:
    langs = count.get("langs") or {}
    skip = set(count.get("not_terms") or [])
    for file in sorted(path.rglob("*.md")):
        relative = file.relative_to(path).as_posix()
        if relative in skip:
            continue
        folder = file.parent.relative_to(path).as_posix()
        lang = langs.get(folder) or langs.get(".")
        text = file.read_text(encoding="utf-8").replace("\r\n", "\n")
        if not text.startswith("---") or lang is None:
            continue
        front = yaml.safe_load(text[3 : text.find("\n---", 3)]) or {}
        title = next((v for k, v in front.items() if str(k).casefold() == "title"), None)
        if title is None:
            continue
        flat = folder == "." and "." in langs  # the folder does not name its language
        for k, (script, name) in enumerate(names(str(title))):
            yield (by_script(script, lang) if flat or k > 0 else lang), name


# --- what gloss gave back -------------------------------------------------------------------


def tbx_terms(data: bytes) -> dict[str, set[str]]:
    """The terms of a TBX export, per language (its primary subtag), read with lxml."""
    from lxml import etree

    root = etree.fromstring(data, etree.XMLParser(resolve_entities=False))
    out: dict[str, set[str]] = {}
    for section in root.iter():
        if not isinstance(section.tag, str) or etree.QName(section).localname not in (
            "langSet", "langSec"
        ):  # fmt: skip
            continue
        lang = primary(section.get(XML_LANG) or "")
        for t in section.iter():
            if isinstance(t.tag, str) and etree.QName(t).localname == "term":
                text = norm("".join(t.itertext()))
                if text:
                    out.setdefault(lang, set()).add(text)
    return out


def missing(want: dict[str, set[str]], got: dict[str, set[str]]) -> dict[str, list[str]]:
    """The terms of ``want`` that ``got`` does not give back, per language: neither as a
    term of that language, nor whole inside a longer term of the export (a name kept inside
    the term it is part of, ``LoRA`` of ``LoRA ফাইন-টিউনিং``, is not lost)."""
    every = [t.casefold() for terms in got.values() for t in terms]
    out: dict[str, list[str]] = {}
    for lang, terms in want.items():
        have = got.get(lang, set())
        elsewhere = {t for other, ts in got.items() if other != lang for t in ts}
        lost = []
        for term in sorted(terms):
            if term in have or re.sub(r"\s*[*†‡]+$", "", term) in have:
                continue  # (a footnote mark after a term is no part of it)
            folded = term.casefold()
            pattern = re.compile(r"(?<!\w)" + re.escape(folded) + r"(?!\w)")
            own = [t.casefold() for t in have]
            if any(pattern.search(t) and t != folded for t in own):
                continue  # kept whole inside a longer term of its language (API গেটওয়ে)
            if term not in elsewhere and any(pattern.search(t) and t != folded for t in every):
                continue  # kept whole inside a longer term
            parts = [norm(p) for p in re.split(r"\s*[/,;،、]\s*", term) if norm(p)]
            if len(parts) > 1 and all(p in have for p in parts):
                continue  # given back as the alternatives it lists
            runs = [n for _, n in names(term)]
            if len(runs) > 1 and all(any(r in ts for ts in got.values()) for r in runs):
                continue  # given back as the terms of its two scripts (ক্লাস্টার (Cluster))
            lost.append(term)  # not given back, or filed under another language
        if lost:
            out[lang] = lost
    return out
