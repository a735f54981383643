"""Compile the search index of a data directory into a fresh temporary cache, then delete it.

    python benchmarks/build_index.py DATA_DIR

The yardstick for this is ``parse_yaml.py`` on the same records: the index build must cost at
most 1.3× a bare ``yaml.CSafeLoader`` parse of ``DATA_DIR/concepts.yaml``.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from glossary_cli.index import open_index


def main() -> None:
    data = Path(sys.argv[1])
    with tempfile.TemporaryDirectory(prefix="gloss-index-") as cache:
        conn = open_index([data], Path(cache))
        (count,) = conn.execute("SELECT count(*) FROM concept").fetchone()
        conn.close()
    print(f"{count} concepts indexed")


if __name__ == "__main__":
    main()
