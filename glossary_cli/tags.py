"""BCP 47 language tags: checking and parsing ``--lang`` values. Standard library only."""

from __future__ import annotations

import re

from glossary_cli.errors import UsageError

# RFC 5646 §2.1, simplified: a 2–3 letter primary language subtag, then subtags of 2–8
# letters or digits (script, region, variant): bn, ar, zh-Hans, sr-Latn-RS.
_LANG_TAG = re.compile(r"^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$")


def is_language_tag(tag: str) -> bool:
    """Whether ``tag`` has the shape of a BCP 47 tag (RFC 5646 §2.1): ``bn``, ``zh-Hans``.

    >>> is_language_tag("bn"), is_language_tag("zh-Hans"), is_language_tag("b@d")
    (True, True, False)
    """
    return bool(_LANG_TAG.match(tag))


def parse_langs(value: str | None) -> tuple[str, ...]:
    """``"bn,ar"`` → ``("bn", "ar")``; ``None`` or ``""`` → ``()``; duplicates dropped.

    Raises:
        UsageError: an item is not a BCP 47 language tag.
    """
    if not value:
        return ()
    tags = tuple(dict.fromkeys(t.strip() for t in value.split(",") if t.strip()))
    for tag in tags:
        if not is_language_tag(tag):
            raise UsageError(f"{tag!r} is not a language tag", hint="use e.g. --lang bn,ar")
    return tags
