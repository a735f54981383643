"""The library behind each command: one function per command, no I/O to the terminal.

Use it from Python::

    from glossary_cli import api
    searcher = api.open_searcher()
    for hit in api.search(searcher, "quantization", limit=3):
        print(hit["id"], hit["score"], hit["terms"]["bn"]["term"])
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from glossary_cli.errors import NotFoundError, UsageError
from glossary_cli.search import Searcher


def data_dirs(data: str | None = None, env: Mapping[str, str] | None = None) -> list[Path]:
    """The data directories a lookup merges: the chosen one (``--data`` > ``GLOSS_DATA`` >
    bundled glossary), then the user's own glossaries added with ``gloss add`` (if any)."""
    from glossary_cli.config import resolve_data_dir, user_data_dir

    env = os.environ if env is None else env
    dirs = [resolve_data_dir(data, env)]
    if data or env.get("GLOSS_DATA"):
        return dirs  # an explicit data directory is used alone
    user = user_data_dir(env)
    if (user / "concepts.yaml").is_file() and user.resolve() != dirs[0].resolve():
        dirs.append(user)
    return dirs


def open_searcher(data: str | None = None, env: Mapping[str, str] | None = None) -> Searcher:
    """A :class:`Searcher` over the data directories (see :func:`data_dirs`), compiling the
    index into the user cache directory when needed."""
    from glossary_cli.config import cache_dir
    from glossary_cli.index import open_index

    env = os.environ if env is None else env
    return Searcher(open_index(data_dirs(data, env), cache_dir(env)))


def search(
    searcher: Searcher, query: str, *, langs: Sequence[str] = (), limit: int = 10
) -> list[dict[str, Any]]:
    """Concept objects (JSON contract of :mod:`glossary_cli.render`) matching ``query``.

    Raises:
        UsageError: empty query or ``limit`` < 1.
    """
    from glossary_cli.render import concept_json

    if limit < 1:
        raise UsageError("--limit must be at least 1")
    if not query.strip():
        raise UsageError("the query is empty", hint="give a term, e.g. gloss search LoRA")
    found = searcher.search(query, langs=langs, limit=limit)
    return [concept_json(f.record, langs, score=f.score, match=f.match) for f in found]


def show(searcher: Searcher, term: str, *, langs: Sequence[str] = ()) -> dict[str, Any]:
    """The best-matching concept for ``term`` (or the concept whose id is ``term``).

    Raises:
        NotFoundError: nothing matches; carries "did you mean" suggestions.
        UsageError: empty term.
    """
    from glossary_cli.render import concept_json

    if not term.strip():
        raise UsageError("the term is empty", hint="give a term, e.g. gloss show LoRA")
    found = searcher.concept_by_id(term) or next(iter(searcher.search(term, limit=1)), None)
    if found is None:
        raise NotFoundError(f"no concept matches {term!r}", tuple(searcher.suggestions(term)))
    return concept_json(found.record, langs, score=found.score, match=found.match)
