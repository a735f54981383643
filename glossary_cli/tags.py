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
    """``"bn,ar"`` → ``("bn", "ar")``; ``None`` (no ``--lang``) → ``()``, every language;
    duplicates dropped; tags in canonical case (``BN`` → ``bn``: tags are case-insensitive,
    RFC 5646 §2.1.1).

    Raises:
        UsageError: an item is not a BCP 47 language tag, or the value names no tag at all
            (``--lang ""``, ``--lang ,``: a script's empty variable, not a wish for every
            language).
    """
    if value is None:
        return ()
    tags = []
    for raw in (t.strip() for t in value.split(",")):
        if not raw:
            continue
        if not is_language_tag(raw):
            hint = "use e.g. --lang bn,ar"
            if "_" in raw and is_language_tag(raw.replace("_", "-")):
                hint = f"BCP 47 tags use hyphens: --lang {canonical_tag(raw.replace('_', '-'))}"
            raise UsageError(f"{raw!r} is not a language tag", hint=hint)
        tags.append(canonical_tag(raw))
    if not tags:
        raise UsageError(
            "--lang names no language",
            hint="give tags, e.g. --lang bn,ar, or leave --lang out for every language",
        )
    return tuple(dict.fromkeys(tags))


def canonical_tag(tag: str) -> str:
    """A BCP 47 tag in its canonical case (RFC 5646 §2.1.1): language lower case, script
    title case, region upper case: ``BN`` → ``bn``, ``zh-hant-tw`` → ``zh-Hant-TW``.

    >>> canonical_tag("BN"), canonical_tag("zh-hant-tw")
    ('bn', 'zh-Hant-TW')
    """
    first, *rest = tag.split("-")
    out = [first.lower()]
    for part in rest:
        if len(part) == 4 and part.isalpha():
            out.append(part.title())
        elif (len(part) == 2 and part.isalpha()) or (len(part) == 3 and part.isdigit()):
            out.append(part.upper())
        else:
            out.append(part.lower())
    return "-".join(out)
