"""Files that ship inside the package (``glossary_cli/resources/``), read without
``importlib.resources``, whose import alone (about 20 ms) would cost a lookup more than the
read: the package is installed as files (a wheel, an editable checkout), never zipped.
"""

from __future__ import annotations

import os
from functools import lru_cache

__all__ = ["resource_lines", "resource_text"]

_RESOURCES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "resources")


@lru_cache(maxsize=32)
def resource_lines(name: str, limit: int | None = None) -> tuple[str, ...] | None:
    """The lines of a packaged resource file (``name`` relative to
    ``glossary_cli/resources/``, ``/``-separated), without line ends, comment lines (``#``)
    and blank lines, read once; only the first ``limit`` of them when given (the file is
    read no further). ``None`` when the file is missing or not UTF-8 (the callers then work
    without it).

    >>> resource_lines("common_words/en.txt", 3)
    ('the', 'to', 'and')
    >>> resource_lines("no/such.txt") is None
    True
    """
    path = os.path.join(_RESOURCES, *name.split("/"))
    try:
        with open(path, encoding="utf-8") as lines:
            if limit is None:
                text = lines.read()
                return tuple(s for s in text.splitlines() if s and not s.startswith("#"))
            out: list[str] = []
            for line in lines:
                if len(out) >= limit:
                    break
                if (s := line.rstrip("\r\n")) and not s.startswith("#"):
                    out.append(s)
            return tuple(out)
    except (OSError, ValueError):
        return None


def resource_text(name: str) -> str | None:
    """The whole text of a packaged resource file (``name`` as :func:`resource_lines`), with
    its comment lines (``#``) taken out; ``None`` when it is missing or not UTF-8. For a
    caller that wants the words of a long list at once: no string per line is made.

    >>> resource_text("common_words/en.txt").split()[:3]
    ['the', 'to', 'and']
    """
    path = os.path.join(_RESOURCES, *name.split("/"))
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except (OSError, ValueError):
        return None
    if text.startswith("#") or "\n#" in text:
        import re

        text = re.sub(r"(?m)^#.*", "", text)
    return text
