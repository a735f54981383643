"""What the reader fuzzing feeds and calls, shared by ``tests/test_fuzz.py`` (Hypothesis, a
bounded number of examples in every test run) and ``fuzz/fuzz_readers.py`` (atheris, long runs
by hand).

Each reader is a function of a file's bytes that calls gloss's reader of one format as
``gloss add --format NAME`` (or ``gloss check`` for XLIFF and TMX) does: with the bytes as they
are, no detection first. Seeds are the real files of ``tests/fixtures`` and ``tests/corpus``
(and, for XLIFF, TMX, JSON Lines and YAML, small documents made here); mutations insert the
pieces that break readers — control characters, bad encodings and declarations, deep
nesting, long runs — rather than only random bytes.

The property every reader keeps: it returns, or raises a
:class:`~glossary_cli.errors.GlossError` with a message. Any other exception is a finding.
"""

from __future__ import annotations

import io
import random
import tempfile
import zipfile
from collections.abc import Callable
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = (ROOT / "tests" / "fixtures", ROOT / "tests" / "corpus")
#: Seeds larger than this are left out (a mutated seed is read once per example).
SEED_BYTES = 48_000

XLIFF12 = b"""<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
 <file source-language="en" target-language="bn" datatype="plaintext" original="ch1">
  <body>
   <trans-unit id="p1"><source>Network <g id="1">Pruning</g> helps.</source>
    <target>\xe0\xa6\x8f\xe0\xa6\x9f\xe0\xa6\xbf helps.</target></trans-unit>
   <trans-unit id="p2"><source>A Mixture of Experts.</source><target/></trans-unit>
  </body>
 </file>
</xliff>
"""
XLIFF20 = b"""<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="ar">
 <file id="f1">
  <unit id="u1"><segment><source>Network Pruning <pc id="1">helps</pc>.</source>
   <target>\xd9\x8a\xd8\xb3\xd8\xa7\xd8\xb9\xd8\xaf.</target></segment></unit>
  <unit id="u2"><segment><source>Network Pruning again.</source></segment></unit>
 </file>
</xliff>
"""
TMX = b"""<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4"><header srclang="en" datatype="plaintext" segtype="sentence" adminlang="en"
 creationtool="t" creationtoolversion="1" o-tmf="t"/><body>
 <tu tuid="7"><tuv xml:lang="en"><seg>Mixture of <bpt i="1">&lt;b&gt;</bpt>Experts</seg></tuv>
  <tuv xml:lang="bn"><seg>\xe0\xa6\xae\xe0\xa6\xbf\xe0\xa6\xb6\xe0\xa7\x8d\xe0\xa6\xb0</seg>
  </tuv></tu>
</body></tmx>
"""

#: Pieces that break readers, for every format.
HOSTILE: tuple[bytes, ...] = (
    b"\x00", b"\x1b[31m", b"\x07", b"\x0b", b"\x0c", b"\x7f", b"\xc2\x85", b"\xc2\x9b",
    "\u2028".encode(), "\u202e".encode(), "\ufeff".encode(), "\u200d".encode(),
    b"\xff", b"\xfe\xff", b"\xc0\x80", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\x80",
    b"\r", b"\r\n", b"\n\n\n", b"\t", b" " * 40, b"\\", b'"', b"'", b"#", b"%",
    "\u0995\u09cd\u09b7".encode(), "\u0644\u0627".encode(), "\u0301".encode(),
    b"x" * 1500, "\u0995".encode() * 700, b"(" * 60, b")" * 60, b"[" * 200, b"{" * 200,
    b"&", b"&amp;", b"&#0;", b"&#x1b;", b"&#xD800;", b"&#1114112;", b"&nbsp;", b"&x;",
    b"<", b">", b"<![CDATA[", b"]]>", b"<!-- ", b" -->", b"<?pi x?>",
    b'<!DOCTYPE x [<!ENTITY a "b">]>', b'<!DOCTYPE martif SYSTEM "TBX.dtd">',
    b'<?xml version="1.0" encoding="UTF-16"?>', b'<?xml version="1.0" encoding="latin-1"?>',
    b'<?xml version="1.0" encoding="bogus"?>', b'<?xml version="1.1"?>',
    b' xml:lang="zz-!!"', b' xml:lang=""', b' xml:lang="x-klingon"', b' id=""', b' id="1"',
    b"<a:b>", b' xmlns="urn:x"', b"<term/>", b"<term>\x01</term>",
    b",", b";", b"|", b'""', b'"x" ,y', b"=cmd|' /C calc'!A0", b"\"\n\"",
    b'msgid "', b'msgstr[0] "x"\n', b'msgid_plural "y"\n', b"#, fuzzy\n", b'#~ msgid "z"\n',
    b'"Content-Type: text/plain; charset=KOI8-R\\n"\n', b'"Plural-Forms: nplurals=0;\\n"\n',
    b'"Language: zz_!!\\n"\n', b"msgctxt \"\"\n",
    b"---\n", b"# ", b"## A\n", b": ", b"|---|---|\n", b"| a | b |\n", b"<div>", b"</div>",
    b"{{< glossary_tooltip text=\"x\" >}}", b"```\n", b"    ", b"- **", b"**: ",
    b"!!python/object:os.system", b"&a [*a, *a]", b"*a", b"? ", b"2019-06-35", b"0x1f",
    b"~", b"yes", b".inf", b"- ", b"{a: ", b"\t- x", b"%YAML 1.1\n", b"!!binary |\n",
    b'{"id": 1}', b"[[[[[[", b"1e999", b"NaN", b'"\\ud800"', b'"\\u0000"', b"null", b"true",
    b'"languages": {"bn": {"terms": []}}', b'"schema_version": 99',
)  # fmt: skip
#: The crashes the fault battery reported, each now read or refused with a message:
#: ``(reader, the input, what it holds)``, regressions of ``tests/test_fuzz.py``.
KNOWN: tuple[tuple[str, bytes, str], ...] = (
    ("tbx", b'<?xml version="1.0" encoding="Shift_JIS"?><martif><text><body><termEntry>'
     b'<langSet xml:lang="en"><tig><term>a</term></tig></langSet></termEntry></body></text>'
     b"</martif>", "a TBX file declared Shift_JIS"),
    ("xliff", b'<?xml version="1.0" encoding="GB2312"?><xliff version="1.2"><file '
     b'source-language="en"><body><trans-unit id="1"><source>a</source></trans-unit></body>'
     b"</file></xliff>", "an XLIFF file declared GB2312"),
    ("xliff", b'<xliff version="1.2"/>', "an XLIFF file without a file element"),
    ("xliff", b'<xliff version="1.2"><file source-language="en"><body><trans-unit id="1">'
     b"<source>" + b"<g>" * 300 + b"a" + b"</g>" * 300 + b"</source></trans-unit></body>"
     b"</file></xliff>", "XLIFF inline tags nested 300 deep"),
    ("folder", b"---\ntitle: Cluster\ndate: 2019-06-35\n---\nA set of nodes.\n",
     "front matter with the date 2019-06-35"),
    ("yaml", b"schema_version: 2\nconcepts:\n- id: a\n  languages:\n    en:\n      terms:\n"
     b"      - term: 2019-06-35\n", "a YAML record whose term is a date"),
    ("jsonl", b"[" * 100_000 + b"]" * 100_000 + b"\n", "JSON nested 100,000 deep"),
)  # fmt: skip
#: Regex patterns that crashed ``--mode regex`` (the fault battery's), now searched.
KNOWN_PATTERNS = ((r"\p{Bengali}", "\\p{…} classes"), (r"(?P<x>a)", "named groups"))


#: Where each format's reader is, and the file name it is given.
NAMES = {
    "text": "g.txt", "markdown": "glossary.md", "folder": "term.md", "po": "bn.po",
    "csv": "terms.csv", "tsv": "terms.tsv", "xlsx": "terms.xlsx", "tbx": "terms.tbx",
    "xliff": "ch1.xlf", "tmx": "memory.tmx", "jsonl": "terms.jsonl", "yaml": "terms.yaml",
}  # fmt: skip
#: The formats that are XML documents.
XML = frozenset({"tbx", "xliff", "tmx"})


def _read_text(data: bytes) -> object:
    from glossary_cli.formats import seedtext

    first = seedtext.parse(data, NAMES["text"])
    return first, seedtext.parse(data, NAMES["text"], "bn")


def _read_folder(data: bytes) -> object:
    """A term folder of one language folder that holds ``data`` and the fixture's term."""
    from glossary_cli.formats.folder import read_folder

    with tempfile.TemporaryDirectory(prefix="gloss-fuzz-") as tmp:
        folder = Path(tmp) / "glossary"
        (folder / "en").mkdir(parents=True)
        (folder / "bn").mkdir()
        (folder / "en" / NAMES["folder"]).write_bytes(data)
        (folder / "bn" / NAMES["folder"]).write_bytes(
            "---\ntitle: \u0995\u09cd\u09b2\u09be\u09b8\u09cd\u099f\u09be\u09b0\n---\n"
            "\u098f\u0995\u099f\u09bf \u09a6\u09b2\u0964\n".encode()
        )
        return read_folder(folder)


def _pairs(name: str) -> Callable[[bytes], object]:
    def read(data: bytes) -> object:
        from glossary_cli.formats import xliff

        return xliff.pairs(data, name)

    return read


def _format(fmt: str) -> Callable[[bytes], object]:
    def read(data: bytes) -> object:
        from glossary_cli import formats

        return formats.get(fmt).read(data, NAMES[fmt])

    return read


#: Each reader, by the name of its format: a function of a file's bytes.
READERS: dict[str, Callable[[bytes], object]] = {
    "text": _read_text,
    "markdown": _format("markdown"),
    "folder": _read_folder,
    "po": _format("po"),
    "csv": _format("csv"),
    "tsv": _format("tsv"),
    "xlsx": _format("xlsx"),
    "tbx": _format("tbx"),
    "xliff": _pairs(NAMES["xliff"]),
    "tmx": _pairs(NAMES["tmx"]),
    "jsonl": _format("jsonl"),
    "yaml": _format("yaml"),
}
_SUFFIXES = {
    "text": (".txt",), "markdown": (".md", ".mdx"), "po": (".po",), "csv": (".csv",),
    "tsv": (".tsv",), "xlsx": (".xlsx",), "tbx": (".tbx",), "jsonl": (".jsonl",),
    "yaml": ("concepts.yaml", "export-v1.yaml"),
}  # fmt: skip


@cache
def seeds(fmt: str) -> tuple[bytes, ...]:
    """The real files of ``fmt`` to mutate (each at most :data:`SEED_BYTES`), sorted by
    name; for XLIFF, TMX, JSON Lines and YAML also documents made here; for term folders,
    the term files of the fixtures' folders."""
    files: list[Path] = []
    for root in FIXTURES:
        for path in sorted(root.rglob("*")):
            if not path.is_file() or path.stat().st_size > SEED_BYTES:
                continue
            if fmt == "folder":
                if path.suffix == ".md" and "folder" in path.as_posix().split("tests/")[-1]:
                    files.append(path)
            elif path.name.endswith(_SUFFIXES.get(fmt, ())) and path.name != "SOURCE.md":
                files.append(path)
    out = [p.read_bytes() for p in files]
    if fmt == "text":
        out += [p.read_bytes()[:SEED_BYTES] for p in sorted((ROOT / "data" / "sources").iterdir())]
    if fmt == "folder":
        out = [d for d in out if d.startswith(b"---")][:60]
    if fmt == "xliff":
        out += [XLIFF12, XLIFF20]
    if fmt == "tmx":
        out.append(TMX)
    if fmt in ("jsonl", "yaml"):
        out += _records(fmt)
    return tuple(dict.fromkeys(out))


def _records(fmt: str) -> list[bytes]:
    """Record documents of ``fmt`` written by gloss itself from the TBX fixtures, so that
    every key of the schema is in a seed."""
    from glossary_cli import formats

    out = []
    for path in sorted((ROOT / "tests" / "fixtures" / "tbx").glob("*.tbx")):
        glossary = formats.get("tbx").read(path.read_bytes(), path.name)
        out.append(formats.get(fmt).write(glossary)[:SEED_BYTES])
    return out


def mutate(data: bytes, rng: random.Random, fmt: str, steps: int = 3) -> bytes:
    """``data`` with ``steps`` mutations, each one of: a hostile piece (:data:`HOSTILE`)
    inserted or put in place of a few bytes, a span deleted, repeated many times or copied
    elsewhere, the file cut short, or re-encoded (UTF-16, Latin-1). An XLSX file's parts are
    mutated inside the archive (:func:`mutate_xlsx`)."""
    if fmt == "xlsx" and data.startswith(b"PK"):
        return mutate_xlsx(data, rng, steps)
    for _ in range(steps):
        n = len(data)
        at = rng.randrange(n + 1)
        kind = rng.randrange(9)
        if kind <= 2:
            piece = rng.choice(HOSTILE)
            cut = at + (rng.randrange(8) if kind == 2 else 0)
            data = data[:at] + piece + data[cut:]
        elif kind == 3 and n:
            end = min(n, at + rng.randrange(1, 64))
            data = data[:at] + data[end:]
        elif kind == 4 and n:
            end = min(n, at + rng.randrange(1, 32))
            data = data[:at] + data[at:end] * rng.choice((2, 50, 400)) + data[end:]
        elif kind == 5 and n:
            start = rng.randrange(n)
            piece = data[start : start + rng.randrange(1, 200)]
            data = data[:at] + piece + data[at:]
        elif kind == 6:
            data = data[: rng.randrange(n + 1)]
        elif kind == 7:
            data = _reencode(data, rng)
        else:
            data = _nest(data, rng, fmt, at)
    return data


def _reencode(data: bytes, rng: random.Random) -> bytes:
    text = data.decode("utf-8", "replace")
    codec = rng.choice(("utf-16", "utf-16-le", "utf-16-be", "latin-1", "cp1256", "utf-8-sig"))
    return text.encode(codec, "replace")


def _nest(data: bytes, rng: random.Random, fmt: str, at: int) -> bytes:
    """A deeply nested structure of the format's kind, inserted at ``at``."""
    depth = rng.choice((20, 120, 600))
    if fmt in XML or fmt == "xlsx":
        tag = rng.choice((b"g", b"term", b"termGrp", b"descrip", b"seg", b"pc", b"x"))
        piece = b"<" + tag + b">" * 1
        piece = piece * depth + b"t" + (b"</" + tag + b">") * depth
    elif fmt in ("jsonl", "yaml"):
        piece = b"[" * depth + b"1" + b"]" * depth
    elif fmt in ("markdown", "folder"):
        piece = b"> " * depth + b"- " * 20 + b"x\n"
    else:
        piece = b"(" * depth + b"x" + b")" * depth
    return data[:at] + piece + data[at:]


def mutate_xlsx(data: bytes, rng: random.Random, steps: int = 3) -> bytes:
    """A spreadsheet with one of its XML parts (a sheet, the shared strings, the workbook)
    mutated as :func:`mutate` mutates XML, the archive written again; now and then the
    archive's own bytes mutated instead."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        parts = {i.filename: archive.read(i) for i in archive.infolist()}
    except Exception:
        parts = {}
    if not parts:
        at = rng.randrange(len(data) + 1)
        return data[:at] + rng.choice(HOSTILE) + data[at + rng.randrange(4) :]
    if rng.randrange(10) == 0:
        at = rng.randrange(len(data))
        return data[:at] + rng.choice(HOSTILE) + data[at + rng.randrange(4) :]
    xml = sorted(n for n in parts if n.endswith(".xml") or n.endswith(".rels"))
    wanted = [n for n in xml if "sheet" in n or "sharedStrings" in n or "workbook" in n]
    name = rng.choice(wanted or xml or sorted(parts))
    parts[name] = mutate(parts[name], rng, "tbx", steps)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as new:
        for part, content in parts.items():
            new.writestr(part, content)
    return out.getvalue()
