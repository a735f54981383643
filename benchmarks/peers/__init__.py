"""Peer term matchers, for comparing ``gloss scan`` with what other tools find in a text.

Each module has one entry point::

    find(terms: list[tuple[str, str]], text: str) -> list[tuple[int, int, str]]

``terms`` are ``(lang, term)`` pairs (the glossary's terms as gloss read them); the result is
``(start, end, term)`` spans: code-point offsets into ``text`` (``end`` exclusive) and the term
that matched there, as given in ``terms``. A module may also offer ``build(terms)`` (the
matcher, made once) and ``match(matcher, text)`` so that a benchmark can time the two apart;
``find`` is ``match(build(terms), text)``.

Peers (see each module's docstring for what it was ported or adapted from, and how):

- ``flashtext``: flashtext's ``KeywordProcessor`` (:mod:`peers.flashtext_matcher`);
- ``weblate``: a port of Weblate's glossary matcher (:mod:`peers.weblate_matcher`, GPL-3.0+);
- ``translate-toolkit``: translate-toolkit's ``terminologymatcher``
  (:mod:`peers.translate_toolkit_matcher`).

These are benchmark code: they are not part of the ``gloss`` package.
"""

from __future__ import annotations

import importlib
from types import ModuleType

#: Peer name -> module (under ``peers``), in the order tables list them.
PEERS = {
    "flashtext": "flashtext_matcher",
    "weblate": "weblate_matcher",
    "translate-toolkit": "translate_toolkit_matcher",
}


def load(name: str) -> ModuleType:
    """The module of peer ``name`` (one of :data:`PEERS`), imported on demand."""
    return importlib.import_module(f"{__name__}.{PEERS[name]}")
