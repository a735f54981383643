"""Ranking: find the concepts a query means, with a score that explains the order.

* :mod:`~glossary_cli.search.query`: the query prepared once (folded key, stems, script,
  stop words, spelled-out letters) and its words' inflected forms;
* :mod:`~glossary_cli.search.bands`: the score band of each kind of match, and which are sure;
* :mod:`~glossary_cli.search.searcher`: the :class:`Searcher` over the compiled index, and
  the ordered :data:`~glossary_cli.search.searcher.TIERS` it walks.
"""

from __future__ import annotations

from glossary_cli.search.query import is_abbreviation_like
from glossary_cli.search.searcher import MODES, Searcher

__all__ = ["MODES", "Searcher", "is_abbreviation_like"]
