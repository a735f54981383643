"""Latency of ``gloss lsp``: a diagnostic pass over a 50 KB document after an edit, and a
hover, against the bundled glossary and a large termbase (``--data``, ``--cache``: the
synthetic 100,000-concept directory and its index).

The documents are made (seeded) as ``benchmarks/scan_bench.py`` makes its texts: filler words
of Bengali, Arabic and English and, one word in eight, a real term of the termbase (Bengali
ones with case endings, Arabic ones with proclitics), in paragraphs: a Markdown document, and
a PO file of the same size (English ``msgid``, Bengali ``msgstr``) whose units the ``missing``
check reads. Two ways:

- ``server``: in this process, what the server does for each message (the analysis of
  :class:`glossary_cli.editor.Termbase` and the positions of the diagnostics; for a hover,
  the occurrence under the cursor, its concept and its card);
- ``lsp``: ``gloss lsp`` in its own process, driven over standard input and output by
  pygls's client: an incremental ``didChange`` until its ``publishDiagnostics`` arrives, a
  ``hover`` request until its answer — what an editor waits for.

Each edit types one word into a random paragraph; hovers go to random terms of the document.

    python benchmarks/lsp_bench.py [--data DIR --cache DIR] [--edits 30] [--hovers 100]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scan_bench import make_text

SIZE = 50_000


def _names(termbase: Any) -> list[tuple[str, str]]:
    rows = termbase.searcher.conn.execute(
        "SELECT lang, text FROM name WHERE field IN ('en','term','abbr','synonym') "
        "ORDER BY random() LIMIT 20000"
    )
    return [(lang, text) for lang, text in rows]


def markdown(names: list[tuple[str, str]], seed: int) -> str:
    """A 50 KB Markdown document: headings and paragraphs of four sentences."""
    lines = make_text(names, SIZE, seed).splitlines()
    out = []
    for i in range(0, len(lines), 4):
        if i % 40 == 0:
            out.append(f"## Section {i // 40 + 1}\n")
        out.append(" ".join(lines[i : i + 4]) + "\n")
    return "\n".join(out)


def po(names: list[tuple[str, str]], seed: int) -> str:
    """A 50 KB PO file: English sentences translated by Bengali ones."""
    en = [(lang, t) for lang, t in names if lang.startswith("en")]
    bn = [(lang, t) for lang, t in names if lang.startswith("bn")]
    source = [s for s in make_text(en, SIZE // 2, seed).splitlines() if s.strip()]
    target = [s for s in make_text(bn, SIZE // 2, seed + 1).splitlines() if s.strip()]
    out = ['msgid ""\nmsgstr ""\n"Language: bn\\n"\n"X-Source-Language: en\\n"\n']
    for n, (s, t) in enumerate(zip(source, target, strict=False)):
        s, t = s.replace('"', "'"), t.replace('"', "'")
        out.append(f'#: doc.txt:{n}\nmsgid "{s}"\nmsgstr "{t}"\n')
    return "\n".join(out)


def _edit(text: str, rng: random.Random) -> tuple[int, str]:
    """Where to type a word (after a space in a random paragraph), and the word."""
    at = text.find(" ", rng.randrange(len(text) // 2, len(text) - 1)) + 1 or len(text) // 2
    return at, rng.choice(("model ", "মডেল ", "النموذج ", "data "))


def _ms(values: list[float]) -> str:
    values = sorted(values)
    p95 = values[min(len(values) - 1, int(len(values) * 0.95))]
    return f"{statistics.median(values) * 1000:.1f} ms (p95 {p95 * 1000:.1f})"


def in_process(termbase: Any, text: str, kind: str, edits: int, hovers: int) -> dict[str, Any]:
    """The server's own work for an edit and for a hover, timed in this process."""
    from glossary_cli.editor import card
    from glossary_cli.text.document import Lines

    rng = random.Random(11)
    first = time.perf_counter()
    analysis = termbase.analyze(text, kind)
    first = time.perf_counter() - first
    passes = []
    for _ in range(edits):
        at, word = _edit(text, rng)
        text = text[:at] + word + text[at:]
        start = time.perf_counter()
        analysis = termbase.analyze(text, kind)
        lines = Lines(text)
        [(lines.position(f.start), lines.position(f.end)) for f in analysis.findings]
        passes.append(time.perf_counter() - start)
    lines = Lines(text)
    targets = rng.sample(analysis.occurrences, min(hovers, len(analysis.occurrences)))
    times = []
    for o in targets:
        line, character = lines.position((o.start + o.end) // 2)
        start = time.perf_counter()
        found = analysis.at(lines.offset(line, character))
        assert found is not None
        concept = termbase.concept(found.id)
        card(concept, termbase.langs, found)
        lines.position(found.start), lines.position(found.end)
        times.append(time.perf_counter() - start)
    return {
        "first": first,
        "passes": passes,
        "hovers": times,
        "occurrences": len(analysis.occurrences),
        "findings": len(analysis.findings),
    }


async def over_lsp(
    env: dict[str, str], text: str, uri: str, edits: int, final: str, targets: list[int]
) -> Any:
    """``gloss lsp`` in its own process, timed from a client (see the module docstring)."""
    from lsprotocol import types
    from pygls.lsp.client import LanguageClient

    from glossary_cli.text.document import Lines

    client = LanguageClient("lsp-bench", "1")
    published: dict[int, asyncio.Future[Any]] = {}

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def diagnostics(params: types.PublishDiagnosticsParams) -> None:
        waiting = published.get(params.version or 0)
        if waiting is not None and not waiting.done():
            waiting.set_result(params)

    await client.start_io(sys.executable, "-m", "glossary_cli", "lsp", env=env, cwd="/")
    await client.initialize_async(
        types.InitializeParams(capabilities=types.ClientCapabilities(), process_id=os.getpid())
    )
    client.initialized(types.InitializedParams())
    loop = asyncio.get_running_loop()
    published[1] = loop.create_future()
    start = time.perf_counter()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            types.TextDocumentItem(uri=uri, language_id="", version=1, text=text)
        )
    )
    await published[1]
    first = time.perf_counter() - start
    rng = random.Random(11)
    passes = []
    for version in range(2, edits + 2):
        at, word = _edit(text, rng)
        lines = Lines(text)
        line, character = lines.position(at)
        text = text[:at] + word + text[at:]
        published[version] = loop.create_future()
        where = types.Position(line=line, character=character)
        start = time.perf_counter()
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(version=version, uri=uri),
                content_changes=[
                    types.TextDocumentContentChangePartial(
                        range=types.Range(start=where, end=where), text=word
                    )
                ],
            )
        )
        await published[version]
        passes.append(time.perf_counter() - start)
    assert text == final, "the server's document and the client's differ"
    lines = Lines(text)
    times, found = [], 0
    for offset in targets:
        line, character = lines.position(offset)
        start = time.perf_counter()
        answer = await client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                position=types.Position(line=line, character=character),
            )
        )
        times.append(time.perf_counter() - start)
        found += answer is not None
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return {"first": first, "passes": passes, "hovers": times, "hits": found}


def hover_targets(termbase: Any, text: str, kind: str, hovers: int) -> list[int]:
    """Offsets in the middle of ``hovers`` random terms of the document."""
    occurrences = termbase.analyze(text, kind).occurrences
    chosen = random.Random(5).sample(occurrences, min(hovers, len(occurrences)))
    return [(o.start + o.end) // 2 for o in chosen]


def edited(text: str, edits: int) -> str:
    """The document after the edits both ways make (:func:`_edit`, seeded alike)."""
    rng = random.Random(11)
    for _ in range(edits):
        at, word = _edit(text, rng)
        text = text[:at] + word + text[at:]
    return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", help="a data directory (GLOSS_DATA); default: the bundled one")
    parser.add_argument("--cache", help="its index cache (GLOSS_CACHE)")
    parser.add_argument("--edits", type=int, default=30)
    parser.add_argument("--hovers", type=int, default=100)
    opts = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="gloss-lsp-"))
    env = {**os.environ, "GLOSS_USER_DATA": str(root / "user")}
    env["GLOSS_CACHE"] = opts.cache or str(root / "cache")
    if opts.data:
        env["GLOSS_DATA"] = opts.data
    else:
        env.pop("GLOSS_DATA", None)
    os.environ.update(env)
    if not opts.data:
        os.environ.pop("GLOSS_DATA", None)
    from glossary_cli.editor import Settings, Termbase

    start = time.perf_counter()
    termbase = Termbase(Settings(), env)
    opened = time.perf_counter() - start
    names = _names(termbase)
    documents = {"markdown": markdown(names, 7), "po": po(names, 7)}
    concepts = termbase.searcher.conn.execute("SELECT count(*) FROM concept").fetchone()[0]
    print(f"termbase: {concepts:,} concepts, opened in {opened * 1000:.0f} ms")
    print("| document | way | first pass | pass after an edit | hover | found |")
    print("|---|---|--:|--:|--:|--:|")
    for kind, text in documents.items():
        size = len(text.encode("utf-8")) / 1000
        row = in_process(termbase, text, kind, opts.edits, opts.hovers)
        print(
            f"| {kind}, {size:.0f} KB | server | {row['first'] * 1000:.0f} ms | "
            f"{_ms(row['passes'])} | {_ms(row['hovers'])} | "
            f"{row['occurrences']} terms, {row['findings']} diagnostics |"
        )
        uri = Path(root / f"doc.{'md' if kind == 'markdown' else 'po'}").as_uri()
        final = edited(text, opts.edits)
        targets = hover_targets(termbase, final, kind, opts.hovers)
        lsp = asyncio.run(over_lsp(env, text, uri, opts.edits, final, targets))
        print(
            f"| {kind}, {size:.0f} KB | lsp | {lsp['first'] * 1000:.0f} ms | "
            f"{_ms(lsp['passes'])} | {_ms(lsp['hovers'])} | "
            f"{lsp['hits']}/{len(lsp['hovers'])} hovers on a term |"
        )


if __name__ == "__main__":
    main()
