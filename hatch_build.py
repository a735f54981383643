"""Wheel build hook: compile the index of the bundled glossary and ship it in the wheel
(``glossary_cli/bundled-index.sqlite3``), so that the first lookup after installing is as fast
as the second (it would otherwise compile the index, loading ICU's transliterators).

The index is compiled by the code being packaged (``glossary_cli.index.ship_index``), in the
build environment, which has gloss's dependencies (``[tool.hatch.build.targets.wheel.hooks.
custom]`` in ``pyproject.toml``). Where it cannot be compiled, the wheel is built without it
and gloss compiles the index on its first run, as a source checkout does.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class ShippedIndexHook(BuildHookInterface):  # type: ignore[misc]
    """Adds the compiled index of ``data/`` to the wheel (not to an editable install)."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        root = Path(self.root)
        out = Path(tempfile.mkdtemp(prefix="gloss-wheel-")) / "bundled-index.sqlite3"
        sys.path.insert(0, str(root))
        try:
            from glossary_cli.index import ship_index

            ship_index(root / "data", out)
        except Exception as exc:  # any failure: ship no index, and say why
            print(f"gloss: the bundled index is not shipped ({exc}); it is compiled on first run")
            return
        finally:
            sys.path.remove(str(root))
            for name in [m for m in sys.modules if m.split(".")[0] == "glossary_cli"]:
                del sys.modules[name]
        build_data["force_include"][str(out)] = "glossary_cli/bundled-index.sqlite3"
