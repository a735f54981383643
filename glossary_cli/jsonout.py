"""The JSON of every command, written from the typed values :mod:`glossary_cli.api` returns.

Every document and every row begins with ``schema_version``
(:data:`glossary_cli.records.SCHEMA_VERSION`), then the fields in the order of the value they
come from; the JSON Schema of each output is in ``glossary_cli/schemas/`` (:data:`SCHEMAS`).
These functions only build JSON-able objects: :func:`glossary_cli.render.write_json` and
:func:`~glossary_cli.render.write_jsonl` print them (``ensure_ascii=False``, terminal control
characters escaped).

>>> from glossary_cli.model import LookupResult
>>> row(LookupResult("LoRA", True, True, "lora", "LoRA", "exact", 100.0, (("bn", "লোরা"),)))
... # doctest: +NORMALIZE_WHITESPACE
{'schema_version': 2, 'query': 'LoRA', 'found': True, 'sure': True, 'id': 'lora',
 'en': 'LoRA', 'match': 'exact', 'score': 100.0, 'terms': {'bn': 'লোরা'}}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from glossary_cli.model import (
    FoundTerm,
    Hit,
    ListedTerm,
    LoadedSource,
    LookupResult,
    TermbaseStats,
)
from glossary_cli.records import SCHEMA_VERSION, concept_json

if TYPE_CHECKING:
    from glossary_cli.text.check import CheckIssue

#: A JSON object as :func:`json.dumps` takes it.
JSONObject = dict[str, object]

#: The output each JSON Schema of ``glossary_cli/schemas/<name>.schema.json`` describes: a
#: document (``--json``, ``--format json``), or one row (a line of ``--format jsonl``).
SCHEMAS = {
    "search": "gloss search --json: an array of concepts, best first",
    "show": "gloss show --json: one concept, or null when no concept surely matches",
    "concept": "one concept of search and show (a line of their --format jsonl)",
    "list": "gloss list --json: an array of terms (a row is a line of --format jsonl)",
    "stats": "gloss stats --json: counts, entry languages, sources and coverage",
    "sources": "gloss sources --json: an array of loaded source files",
    "lint": "gloss lint --json: an array of issues (a row is a line of --format jsonl)",
    "scan": "gloss scan --format json: an array of found terms (a row is a line of jsonl)",
    "lookup": "gloss lookup --format jsonl: one line per query",
    "check": "gloss check --format json: an array of issues (a row is a line of jsonl)",
}


def _versioned(fields: JSONObject) -> JSONObject:
    """``fields`` with ``schema_version`` first."""
    return {"schema_version": SCHEMA_VERSION, **fields}


def concept(hit: Hit, langs: Sequence[str] = ()) -> JSONObject:
    """A concept found by ``search`` or ``show``, with its ``score`` and ``match``
    (:func:`glossary_cli.records.concept_json`; ``langs`` the sections asked for, empty:
    all)."""
    return concept_json(hit.concept, langs, hit)


def source_fields(source: LoadedSource) -> JSONObject:
    """A loaded source without ``schema_version``, as ``stats`` nests it:
    ``{file, lang, entries, read, kind, path, title}``."""
    return dict(source._asdict())


def stats(value: TermbaseStats) -> JSONObject:
    """``gloss stats --json``: ``{schema_version, concepts, entries, sections, headwords,
    languages: [{lang, entries, missing}], sources: [source], coverage: [{id, en, langs,
    missing}]}``."""
    return _versioned(
        {
            "concepts": value.concepts,
            "entries": value.entries,
            "sections": value.sections,
            "headwords": value.headwords,
            "languages": [dict(n._asdict()) for n in value.languages],
            "sources": [source_fields(s) for s in value.sources],
            "coverage": [
                {"id": c.id, "en": c.en, "langs": list(c.langs), "missing": list(c.missing)}
                for c in value.coverage
            ],
        }
    )


def lookup_fields(result: LookupResult) -> JSONObject:
    """A ``lookup`` answer without ``schema_version``: ``terms`` as ``{tag: term}``."""
    return {**result._asdict(), "terms": dict(result.terms)}


def found_term_fields(found: FoundTerm) -> JSONObject:
    """A term found by ``scan`` without ``schema_version``: ``also`` as an array."""
    return {**found._asdict(), "also": list(found.also)}


def check_issue_fields(issue: CheckIssue) -> JSONObject:
    """An issue of ``check`` without ``schema_version``: the fields of
    :data:`glossary_cli.text.check.ROW_FIELDS` (not its line and column)."""
    from glossary_cli.text.check import ROW_FIELDS

    return {f: getattr(issue, f) for f in ROW_FIELDS}


def fields(value: object) -> JSONObject:
    """One row of a command's output without ``schema_version`` (what a CSV or TSV row
    holds): a :class:`~glossary_cli.model.LoadedSource`,
    :class:`~glossary_cli.model.ListedTerm`, :class:`~glossary_cli.model.FoundTerm`,
    :class:`~glossary_cli.model.LookupResult`, :class:`glossary_cli.lint.Issue` or
    :class:`glossary_cli.text.check.CheckIssue`.

    Raises:
        TypeError: any other value.
    """
    if isinstance(value, (LoadedSource, ListedTerm)):
        return dict(value._asdict())
    if isinstance(value, FoundTerm):
        return found_term_fields(value)
    if isinstance(value, LookupResult):
        return lookup_fields(value)
    from glossary_cli.lint import Issue

    if isinstance(value, Issue):
        return dict(value._asdict())
    from glossary_cli.text.check import CheckIssue

    if isinstance(value, CheckIssue):
        return check_issue_fields(value)
    raise TypeError(f"no JSON row for {type(value).__name__}")


def row(value: object) -> JSONObject:
    """One row of a command's JSON or JSON Lines (:func:`fields` with ``schema_version``
    first).

    Raises:
        TypeError: a value :func:`fields` does not take.
    """
    return _versioned(fields(value))


def rows(values: Sequence[object]) -> list[JSONObject]:
    """The rows of a JSON array or of JSON Lines (:func:`row` of each value)."""
    return [row(v) for v in values]


def document(value: TermbaseStats | Sequence[object]) -> JSONObject | list[JSONObject]:
    """The JSON document of ``stats`` (:func:`stats`) or of a command that answers with rows
    (``sources``, ``list``, ``lint``, ``scan``, ``check``: :func:`rows`).

    Raises:
        TypeError: a value :func:`fields` does not take.
    """
    if isinstance(value, TermbaseStats):
        return stats(value)
    return rows(value)
