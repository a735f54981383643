"""Parse ``DATA_DIR/concepts.yaml`` with PyYAML's libyaml loader and nothing else.

    python benchmarks/parse_yaml.py DATA_DIR

The yardstick of ``build_index.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import yaml


def main() -> None:
    path = Path(sys.argv[1]) / "concepts.yaml"
    with path.open(encoding="utf-8") as fh:
        data = yaml.load(fh, Loader=yaml.CSafeLoader)
    print(f"{len(data['concepts'])} concepts parsed")


if __name__ == "__main__":
    main()
