"""The library face answers with typed values: no public function of :mod:`glossary_cli.api`,
and no value type it defines, takes or gives a ``dict`` or ``Any``; the package says so to type
checkers (``py.typed``)."""

from __future__ import annotations

import inspect
import re

import pytest

from glossary_cli import api

from .conftest import ROOT

UNTYPED = re.compile(r"\b(dict|Dict|Any)\b")

FUNCTIONS = sorted(
    name
    for name, value in vars(api).items()
    if inspect.isfunction(value) and value.__module__ == api.__name__ and not name.startswith("_")
)
VALUES = sorted(
    name
    for name, value in vars(api).items()
    if inspect.isclass(value) and value.__module__ == api.__name__ and not name.startswith("_")
)


@pytest.mark.parametrize("name", FUNCTIONS)
def test_a_public_function_has_no_dict_or_any_in_its_signature(name: str) -> None:
    signature = inspect.signature(getattr(api, name))
    annotations = [str(p.annotation) for p in signature.parameters.values()]
    annotations.append(str(signature.return_annotation))
    assert signature.return_annotation is not inspect.Signature.empty, name
    assert [a for a in annotations if UNTYPED.search(a)] == [], name


@pytest.mark.parametrize("name", VALUES)
def test_a_value_type_has_no_dict_or_any_field(name: str) -> None:
    fields = getattr(api, name).__annotations__
    assert fields and [f for f, a in fields.items() if UNTYPED.search(str(a))] == [], name


def test_the_functions_and_values_are_found() -> None:
    commands = {"search", "show", "sources", "stats", "list_terms", "lookup", "scan", "lint",
                "lint_paths", "add", "remove", "load_glossary", "check_files"}  # fmt: skip
    assert commands <= set(FUNCTIONS)
    assert {"ScanResult", "ScannedText", "CheckResult", "ReadOptions"} <= set(VALUES)


def test_the_package_is_marked_typed() -> None:
    assert (ROOT / "glossary_cli" / "py.typed").is_file()
