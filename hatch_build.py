"""Wheel build hook: compile the index of the bundled glossary and ship it in the wheel
(``glossary_cli/bundled-index.sqlite3``), so that the first lookup after installing is as fast
as the second (it would otherwise compile the index, loading ICU's transliterators).

The hook also byte-compiles the package into the wheel (:func:`compiled_modules`): PEP 552
checked-hash ``.pyc`` files in each ``__pycache__`` directory, for the building interpreter's
cache tag, so that a package installed without compiling (``pip install --no-compile``, uv's
default) does not compile every module it imports on its first run, which took 2.7 times as
long as the second. A checked-hash file stays valid whatever modification time the installer
gives the source (it holds a hash of the source, which the import checks), and an interpreter
of another version ignores it (its cache tag differs) and compiles as it would have.

The hook also writes the digest of the code that names the index
(``glossary_cli/code-stamp.txt``, :func:`glossary_cli.index.code_stamp`), so that a lookup
need not read and digest the modules it stands for on every run.

The index is compiled by the code being packaged (``glossary_cli.index.ship_index``), in the
build environment, which has gloss's dependencies (``[tool.hatch.build.targets.wheel.hooks.
custom]`` in ``pyproject.toml``). Where it cannot be compiled, the wheel is built without it
and gloss compiles the index on its first run, as a source checkout does.
"""

from __future__ import annotations

import py_compile
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


def compiled_modules(root: Path, package: str, out: Path) -> dict[str, str]:
    """Byte-compile every module of ``root/package`` into ``out`` as PEP 552 checked-hash
    ``.pyc`` files, for the running interpreter's cache tag.

    Returns:
        Each compiled file (a path under ``out``) → its path in the wheel
        (``package/…/__pycache__/NAME.TAG.pyc``, where the interpreter looks for it).
    """
    shipped: dict[str, str] = {}
    tag = sys.implementation.cache_tag
    if tag is None:  # an interpreter that reads no .pyc files
        return shipped
    for source in sorted((root / package).rglob("*.py")):
        relative = source.relative_to(root)
        # (not importlib.util.cache_from_source, which follows PYTHONPYCACHEPREFIX)
        wheel_path = f"{relative.parent.as_posix()}/__pycache__/{source.stem}.{tag}.pyc"
        target = out / wheel_path
        py_compile.compile(
            str(source),
            cfile=str(target),
            dfile=relative.as_posix(),
            doraise=True,
            invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH,
        )
        shipped[str(target)] = wheel_path
    return shipped


class ShippedIndexHook(BuildHookInterface):  # type: ignore[misc]
    """Adds the compiled index of ``data/`` and the package's byte code to the wheel (not to
    an editable install)."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        root = Path(self.root)
        built = Path(tempfile.mkdtemp(prefix="gloss-wheel-"))
        build_data["force_include"].update(compiled_modules(root, "glossary_cli", built / "pyc"))
        out = built / "bundled-index.sqlite3"
        sys.path.insert(0, str(root))
        try:
            from glossary_cli.index import SHIPPED_STAMP, code_stamp, ship_index

            stamp = built / SHIPPED_STAMP
            stamp.write_text(code_stamp() + "\n", encoding="ascii")
            build_data["force_include"][str(stamp)] = f"glossary_cli/{SHIPPED_STAMP}"
            ship_index(root / "data", out)
        except Exception as exc:  # any failure: ship no index, and say why
            print(f"gloss: the bundled index is not shipped ({exc}); it is compiled on first run")
            return
        finally:
            sys.path.remove(str(root))
            for name in [m for m in sys.modules if m.split(".")[0] == "glossary_cli"]:
                del sys.modules[name]
        build_data["force_include"][str(out)] = "glossary_cli/bundled-index.sqlite3"
