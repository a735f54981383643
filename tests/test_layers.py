"""The shape of the package: data flows one way (files → records → index → hits → screen), each
library belongs to one layer, and nothing below the command line knows of it.

Every ``import`` of every module is read from its source (function-level imports included, as
most of gloss's are), so a lazy import cannot slip past.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "glossary_cli"

#: Each module's layer: a module may import gloss's modules of its own layer or below.
LAYERS = {
    "__init__": 0, "errors": 0, "icudata": 0, "tags": 0, "config": 0, "limits": 0, "faults": 0,
    "bundled": 0, "values": 0,
    "model": 1,
    "records": 2, "select": 2,
    "scripts": 2, "scripts.bengali": 2, "scripts.arabic": 2, "scripts.devanagari": 2,
    "scripts.latin": 2, "scripts.writing": 2,
    "normalize": 3, "analysis": 3, "parsing": 3, "termtext": 3,
    "describe": 3,
    "formats._common": 3, "formats._xml": 3, "formats._yaml": 3, "formats._markup": 3,
    "formats._cells": 3, "formats._dialect": 3, "formats._header": 3, "formats._long": 3,
    "formats._wide": 3, "formats._mt": 3,
    "formats": 4, "formats.seedtext": 4, "formats.tbx": 4, "formats.table": 4,
    "formats.jsonl": 4, "formats.yamldoc": 4, "formats.po": 4, "formats.markdown": 4,
    "formats.folder": 4, "formats.xlsx": 4, "formats.xliff": 4, "formats.tabfile": 4,
    "formats.html": 4, "formats.anki": 4, "formats.deepl": 4, "formats.google": 4,
    "formats.amazon": 4, "formats.microsoft": 4, "formats.llm": 4, "formats.vale": 4,
    "formats.languagetool": 4,
    "align": 4, "lint": 4, "text": 4, "text.scan": 4, "text.check": 4, "text.document": 4,
    "sarif": 4,
    "store": 5, "build": 5, "parallel": 5,
    "index": 6, "search": 6, "search.bands": 6, "search.query": 6, "search.searcher": 6,
    "search.description": 6,
    "userdata": 6,
    "api": 7, "jsonout": 7, "layout": 7, "editor": 7, "evaluate": 8, "lsp": 8,
    "render": 8, "browse": 8, "interactive": 8, "output": 8,
    "cli": 9, "__main__": 10,
}  # fmt: skip

#: Third-party libraries, and the only modules that may import them.
OWNERS = {
    "typer": {"cli"},
    "click": set(),
    "rich": {"render"},
    "prompt_toolkit": {"interactive"},
    "yaml": {"formats._yaml"},
    "icu": {"icudata"},
    "arabic_reshaper": {"layout"},
    "platformdirs": {"config"},
    "re2": {"search.searcher"},
    "polib": {"formats.po"},
    "openpyxl": {"formats.xlsx"},
    "genanki": {"formats.anki"},
    # a reader of the Tabfile export, for the tests only
    "pyglossary": set(),
    "markdown_it": {"formats.markdown", "formats.folder", "text.scan"},
    "ahocorasick": set(),
    "translate": {"formats.xliff"},
    "lxml": set(),
    "langdetect": {"scripts.writing"},
    # the language server (gloss lsp) and its protocol's types
    "pygls": {"lsp"},
    "lsprotocol": {"lsp"},
    # the tests' LSP client
    "pytest_lsp": set(),
}


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__" and len(parts) > 1:
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


MODULES = _modules()


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.append(node.module)
            if node.module == "glossary_cli":  # from glossary_cli import api (not __version__)
                found += [
                    f"glossary_cli.{alias.name}"
                    for alias in node.names
                    if (PACKAGE / f"{alias.name}.py").is_file() or (PACKAGE / alias.name).is_dir()
                ]
    return found


def test_every_module_has_a_layer() -> None:
    assert set(MODULES) == set(LAYERS)


@pytest.mark.slow
@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_go_down_the_layers(module: str) -> None:
    mine = LAYERS[module]
    for name in _imports(MODULES[module]):
        if not name.startswith("glossary_cli.") or name == "glossary_cli":
            continue
        target = name.removeprefix("glossary_cli.")
        while target not in LAYERS and "." in target:
            target = target.rsplit(".", 1)[0]
        assert LAYERS[target] <= mine, f"{module} (layer {mine}) imports {name}"
        assert target != "cli" or module == "__main__", f"{module} imports the command line"


@pytest.mark.slow
@pytest.mark.parametrize("library", sorted(OWNERS))
def test_each_library_belongs_to_its_layer(library: str) -> None:
    users = {
        module
        for module, path in MODULES.items()
        if any(n == library or n.startswith(library + ".") for n in _imports(path))
    }
    assert users <= OWNERS[library], f"{library} imported by {sorted(users - OWNERS[library])}"
