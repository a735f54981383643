#!/usr/bin/env python3
"""Fuzz every reader with atheris (libFuzzer for Python). Not run in CI.

The reader is the one ``GLOSS_FUZZ_READER`` names (``text``, ``markdown``, ``folder``, ``po``,
``csv``, ``tsv``, ``xlsx``, ``tbx``, ``xliff``, ``tmx``, ``jsonl``, ``yaml``: see
:data:`tests.fuzz_inputs.READERS`), else the one the input's first byte chooses. Half of the
mutations are libFuzzer's own, half those of :func:`tests.fuzz_inputs.mutate` (hostile pieces,
bad encodings, deep nesting, spreadsheets mutated inside the archive). An empty corpus folder is
seeded with the reader's real files from ``tests/fixtures`` and ``tests/corpus``.

A :class:`~glossary_cli.errors.GlossError` with a message is the expected refusal; any other
exception is a finding (atheris stops and saves the input as ``crash-*``).

Usage (see fuzz/README.md)::

    GLOSS_FUZZ_READER=csv python fuzz/fuzz_readers.py -max_total_time=240 -max_len=200000 \\
        -rss_limit_mb=4096 -timeout=30 /tmp/fuzz/csv
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

import atheris

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

with atheris.instrument_imports(include=["glossary_cli"]):
    import importlib
    import pkgutil

    import glossary_cli.formats
    import glossary_cli.scripts
    from glossary_cli.errors import GlossError

    # every module a reader runs, loaded now so that it is instrumented (the readers import
    # their modules when first called)
    for _package in (glossary_cli.formats, glossary_cli.scripts):
        for _module in pkgutil.iter_modules(_package.__path__):
            importlib.import_module(f"{_package.__name__}.{_module.name}")
    for _name in ("parsing", "records", "termtext", "tags", "model", "normalize", "analysis"):
        importlib.import_module(f"glossary_cli.{_name}")

from tests.fuzz_inputs import READERS, mutate, seeds  # noqa: E402

FIXED = os.environ.get("GLOSS_FUZZ_READER")
NAMES = sorted(READERS)


def split(data: bytes) -> tuple[str, bytes]:
    """The reader an input is for, and the bytes it reads."""
    if FIXED:
        return FIXED, data
    if not data:
        return NAMES[0], data
    return NAMES[data[0] % len(NAMES)], data[1:]


def test_one_input(data: bytes) -> None:
    fmt, body = split(data)
    try:
        READERS[fmt](body)
    except GlossError as exc:
        if not exc.message.strip():
            raise AssertionError(f"{type(exc).__name__} without a message") from exc


def custom_mutator(data: bytes, max_size: int, seed: int) -> bytes:
    """libFuzzer's mutation or, every other time, a structured one."""
    rng = random.Random(seed)
    if rng.randrange(2):
        return atheris.Mutate(data, max_size)
    fmt, body = split(data)
    out = mutate(body, rng, fmt, rng.randrange(1, 4))
    prefix = b"" if FIXED else data[:1]
    return (prefix + out)[:max_size]


def main() -> None:
    args = list(sys.argv)
    for folder in (a for a in args[1:] if not a.startswith("-")):
        path = Path(folder)
        if path.is_file():
            continue  # an input to run again (a crash-* file)
        path.mkdir(parents=True, exist_ok=True)
        if any(path.iterdir()):
            continue
        for fmt in [FIXED] if FIXED else NAMES:
            prefix = b"" if FIXED else bytes([NAMES.index(fmt)])
            for k, seed in enumerate(seeds(fmt)):
                (path / f"seed-{fmt}-{k}").write_bytes(prefix + seed)
    atheris.Setup(args, test_one_input, custom_mutator=custom_mutator)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
