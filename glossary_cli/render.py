"""Search results and concepts → JSON, CSV or rich tables and cards.

The only module that imports rich, and it does so inside the functions that draw, so that
``--json`` output never loads it. Glossary text reaches rich only as :class:`rich.text.Text`
(never parsed as markup) after :func:`safe` has made control characters visible.

JSON contract (``--json``): ``search`` prints an array of concept objects, best first; ``show``
prints one. A concept object has the keys ``id``, ``en``, ``en_origin``, ``abbr``, ``aliases``,
``notes``, ``terms`` (language tag → ``{term, definition, source}`` or ``null`` for a requested
language with no entry), and, for search results, ``score`` and ``match``
(``{field, lang, text, score, kind}``).
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterable, Sequence
from typing import IO, Any

#: English names of language tags shown in headers; other tags are named by ICU.
LANGUAGE_NAMES = {"en": "English", "bn": "Bengali", "ar": "Arabic"}

# C0/C1 controls, DEL, and bidi embedding/override/isolate controls: never sent to a terminal.
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u2028\u2029]")


def safe(text: str) -> str:
    """``text`` with control characters made visible: C0 controls as Unicode control pictures
    (ESC → ``␛``, BEL → ``␇``), others as ``<U+XXXX>``; tabs and newlines become spaces.

    >>> safe("a\\x1b[31mb\\u202e")
    'a␛[31mb<U+202E>'
    """

    def show(m: re.Match[str]) -> str:
        cp = ord(m.group())
        if cp < 0x20:
            return chr(0x2400 + cp)
        if cp == 0x7F:
            return "\u2421"
        return f"<U+{cp:04X}>"

    return _UNSAFE.sub(show, text).replace("\t", " ").replace("\n", " ")


def language_name(tag: str) -> str:
    """English name of a BCP 47 tag: ``bn`` → ``Bengali``; ICU's display name for others."""
    if tag in LANGUAGE_NAMES:
        return LANGUAGE_NAMES[tag]
    try:
        import icu

        name = str(icu.Locale(tag.replace("-", "_")).getDisplayName(icu.Locale("en")))
    except Exception:  # noqa: BLE001 - ICU missing or the tag unknown: show the tag
        return tag
    return name if name and name != tag else tag


# --- plain data ------------------------------------------------------------------------------


def concept_json(
    record: dict[str, Any], langs: Sequence[str] = (), *, score: float | None = None,
    match: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The JSON object of a concept (see the module docstring).

    Args:
        record: the concept mapping (``records.concept_to_mapping``).
        langs: requested language tags, in order; empty → every entry the concept has.
        score, match: added for search results.
    """
    terms = record.get("terms", {})
    wanted = list(langs) if langs else list(terms)
    out: dict[str, Any] = {
        "id": record["id"],
        "en": record.get("en"),
        "en_origin": record.get("en_origin", "none"),
        "abbr": record.get("abbr", []),
        "aliases": record.get("aliases", []),
        "notes": record.get("notes", []),
    }
    if score is not None:
        out["score"] = score
        out["match"] = match
    out["terms"] = {
        tag: (
            {k: terms[tag][k] for k in ("term", "definition", "source")} | _extras(terms[tag])
            if tag in terms
            else None
        )
        for tag in wanted
    }
    return out


def _extras(entry: dict[str, Any]) -> dict[str, Any]:
    return {k: entry[k] for k in ("en", "abbr", "status", "notes") if k in entry}


def write_json(data: Any, stream: IO[str] | None = None) -> None:
    """Print ``data`` as indented UTF-8 JSON (``ensure_ascii=False``), never coloured."""
    out = stream or sys.stdout
    out.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def write_jsonl(rows: Iterable[Any], stream: IO[str] | None = None) -> None:
    """Print one compact JSON object per line."""
    out = stream or sys.stdout
    for row in rows:
        out.write(json.dumps(row, ensure_ascii=False, separators=(",", ":")) + "\n")


def write_csv(rows: Sequence[dict[str, Any]], langs: Sequence[str], stream: IO[str] | None = None) -> None:
    """Print concepts as CSV (``csv`` module): id, en, abbr, score, then term and definition
    per language; multi-valued cells are joined with `` | ``."""
    import csv

    out = stream or sys.stdout
    tags = list(langs) or sorted({t for r in rows for t in r["terms"]})
    has_score = any("score" in r for r in rows)
    writer = csv.writer(out, lineterminator="\n")
    header = ["id", "en", "abbr"] + (["score"] if has_score else [])
    for tag in tags:
        header += [tag, f"{tag}_definition"]
    writer.writerow(header)
    for r in rows:
        row = [r["id"], r["en"] or "", " | ".join(r["abbr"])] + ([r.get("score", "")] if has_score else [])
        for tag in tags:
            entry = r["terms"].get(tag)
            row += [entry["term"], entry["definition"]] if entry else ["", ""]
        writer.writerow(row)


# --- rich ------------------------------------------------------------------------------------


def make_console(*, stderr: bool = False, width: int | None = None) -> Any:
    """A rich console; rich itself honours ``NO_COLOR``, ``TERM=dumb`` and ``COLUMNS``, and
    colours only a terminal."""
    from rich.console import Console

    return Console(stderr=stderr, width=width, highlight=False, emoji=False, markup=False)


def _headword(record: dict[str, Any]) -> Any:
    from rich.text import Text

    text = Text(safe(record.get("en") or record["id"]), style="bold")
    if record.get("abbr"):
        text.append(" (" + ", ".join(safe(a) for a in record["abbr"]) + ")", style="cyan")
    return text


def search_table(results: Sequence[dict[str, Any]], langs: Sequence[str], console: Any) -> None:
    """Draw search results as a table: rank, concept, one column per language, match."""
    from rich.table import Table
    from rich.text import Text

    tags = list(langs) or _common_langs(results)
    table = Table(show_lines=False, header_style="bold")
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("concept", overflow="fold")
    for tag in tags:
        table.add_column(language_name(tag), overflow="fold")
    table.add_column("match", overflow="fold")
    for rank, r in enumerate(results, start=1):
        cells = [Text(str(rank)), _headword(r)]
        for tag in tags:
            entry = r["terms"].get(tag)
            cells.append(Text(safe(entry["term"])) if entry else Text("—", style="dim"))
        m = r["match"]
        cells.append(Text(f"{m['kind']} {m['field']}/{m['lang']} {r['score']:.0f}", style="dim"))
        table.add_row(*cells)
    console.print(table)


def _common_langs(results: Sequence[dict[str, Any]]) -> list[str]:
    seen: dict[str, None] = {}
    for r in results:
        for tag in r["terms"]:
            seen.setdefault(tag, None)
    return list(seen)


def concept_card(record: dict[str, Any], langs: Sequence[str], console: Any) -> None:
    """Draw one concept: headword and abbreviations, aliases and notes, then for each
    requested language its term, definition and source — or "no X entry"."""
    from rich.table import Table
    from rich.text import Text

    console.print(_headword(record))
    origin = record.get("en_origin", "none")
    if origin == "curated":
        console.print(Text("English headword: curated", style="dim"))
    if record.get("aliases"):
        console.print(Text("also: " + "; ".join(safe(a) for a in record["aliases"]), style="dim"))
    table = Table(show_header=False, box=None, padding=(0, 1))
    table.add_column("field", style="bold", no_wrap=True)
    table.add_column("value", overflow="fold")
    for tag, entry in record["terms"].items():
        name = language_name(tag)
        if entry is None:
            table.add_row(Text(name), Text(f"no {name} entry", style="italic red"))
            continue
        table.add_row(Text(name), Text(safe(entry["term"]), style="bold"))
        table.add_row(Text(""), Text(safe(entry["definition"])))
        table.add_row(Text(""), Text(safe(entry["source"]), style="dim"))
    console.print(table)
    for note in record.get("notes", []):
        console.print(Text("note: " + safe(note), style="yellow"))
