#!/usr/bin/env python3
"""Fuzz the query path (fold → index lookups → ranking → JSON objects) with atheris.

Each input becomes a query string (atheris' ``ConsumeUnicodeNoSurrogates`` or, from a flag
byte, a raw ``ConsumeUnicode`` string that may hold lone surrogates, as a non-UTF-8 command
line gives them) and is run through :func:`glossary_cli.api.search` (with and without a
language filter) and :func:`glossary_cli.api.show` on the bundled glossary. ``UsageError`` and
``NotFoundError`` are the expected refusals; anything else is a finding.

Usage (see fuzz/README.md)::

    python fuzz/fuzz_query.py -max_total_time=600 fuzz/corpus/query
"""

from __future__ import annotations

import os
import sys
import tempfile

import atheris

with atheris.instrument_imports(include=["glossary_cli"]):
    from glossary_cli import api
    from glossary_cli.errors import NotFoundError, UsageError

os.environ["GLOSS_CACHE"] = tempfile.mkdtemp(prefix="gloss-fuzz-")
os.environ["GLOSS_USER_DATA"] = tempfile.mkdtemp(prefix="gloss-fuzz-user-")
SEARCHER = api.open_searcher()


def test_one_input(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    raw = fdp.ConsumeBool()
    limit = fdp.ConsumeIntInRange(1, 50)
    n = fdp.remaining_bytes()
    query = fdp.ConsumeUnicode(n) if raw else fdp.ConsumeUnicodeNoSurrogates(n)
    for langs in ((), ("bn", "ar")):
        try:
            hits = api.search(SEARCHER, query, langs=langs, limit=limit)
        except UsageError:
            return
        assert len(hits) <= limit
        assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    try:
        api.show(SEARCHER, query)
    except (UsageError, NotFoundError):
        pass


def main() -> None:
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
