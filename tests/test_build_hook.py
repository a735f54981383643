"""The wheel build hook (``hatch_build.py``) byte-compiles the package: PEP 552 checked-hash
``.pyc`` files where the interpreter looks for them, which an import takes as they are
whatever modification time the installer gave the sources."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def hook(monkeypatch: pytest.MonkeyPatch) -> Any:
    """hatch_build.py as a module; hatchling, there only in the build environment, replaced
    by a stand-in for the hook's base class."""
    interface = types.ModuleType("hatchling.builders.hooks.plugin.interface")
    interface.BuildHookInterface = object  # type: ignore[attr-defined]
    for name in ("hatchling", "hatchling.builders", "hatchling.builders.hooks"):
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    monkeypatch.setitem(sys.modules, "hatchling.builders.hooks.plugin", types.ModuleType("p"))
    monkeypatch.setitem(sys.modules, interface.__name__, interface)
    spec = importlib.util.spec_from_file_location("hatch_build", ROOT / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _package(root: Path) -> None:
    (root / "pkg" / "sub").mkdir(parents=True)
    (root / "pkg" / "__init__.py").write_text("VALUE = 1\n", encoding="utf-8")
    (root / "pkg" / "sub" / "__init__.py").write_text("", encoding="utf-8")
    (root / "pkg" / "sub" / "mod.py").write_text("def f():\n    return 'ক'\n", encoding="utf-8")


def test_each_module_gets_a_checked_hash_pyc_where_python_looks(hook: Any, tmp_path: Path) -> None:
    _package(tmp_path / "src")
    shipped = hook.compiled_modules(tmp_path / "src", "pkg", tmp_path / "out")
    tag = sys.implementation.cache_tag
    assert sorted(shipped.values()) == [
        f"pkg/__pycache__/__init__.{tag}.pyc",
        f"pkg/sub/__pycache__/__init__.{tag}.pyc",
        f"pkg/sub/__pycache__/mod.{tag}.pyc",
    ]
    for built, in_wheel in shipped.items():
        data = Path(built).read_bytes()
        folder, _, name = in_wheel.replace("/__pycache__", "").rpartition("/")
        source = tmp_path / "src" / folder / (name.split(".")[0] + ".py")  # NAME.TAG.pyc
        assert data[:4] == importlib.util.MAGIC_NUMBER
        assert int.from_bytes(data[4:8], "little") == 0b11  # hash-based, checked (PEP 552)
        assert data[8:16] == importlib.util.source_hash(source.read_bytes())


def test_an_installed_package_imports_from_them_without_writing(hook: Any, tmp_path: Path) -> None:
    """Installed as pip --no-compile installs a wheel (sources with new modification
    times, the wheel's .pyc files beside them), the package is imported from the shipped
    files: none is rewritten, none added."""
    _package(tmp_path / "src")
    site = tmp_path / "site"
    for built, in_wheel in hook.compiled_modules(tmp_path / "src", "pkg", tmp_path / "out").items():
        (site / in_wheel).parent.mkdir(parents=True, exist_ok=True)
        (site / in_wheel).write_bytes(Path(built).read_bytes())
    for source in (tmp_path / "src").rglob("*.py"):
        target = site / source.relative_to(tmp_path / "src")
        target.write_bytes(source.read_bytes())
        os.utime(target, (1_000_000, 1_000_000))  # not the time it was compiled at
    before = {p: p.read_bytes() for p in site.rglob("*.pyc")}
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE",)}
    env.pop("PYTHONPYCACHEPREFIX", None)
    subprocess.run(
        [sys.executable, "-c", "import pkg.sub.mod; assert pkg.sub.mod.f() == 'ক'"],
        cwd=site,
        env=env,
        check=True,
    )
    assert {p: p.read_bytes() for p in site.rglob("*.pyc")} == before


def test_every_module_of_gloss_is_compiled(hook: Any, tmp_path: Path) -> None:
    shipped = hook.compiled_modules(ROOT, "glossary_cli", tmp_path)
    modules = sorted((ROOT / "glossary_cli").rglob("*.py"))
    assert len(shipped) == len(modules)
    assert all(Path(built).is_file() for built in shipped)
