"""The hooks of ``.pre-commit-hooks.yaml``, run by pre-commit itself: ``pre-commit try-repo``
clones this checkout (with its uncommitted changes), installs gloss into a virtualenv of its
own from the package registry, and runs each hook on the files of a sample repository. A
failing hook shows its findings, ``FILE:LINE:COLUMN: level: message [rule]``; a passing one
passes.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import ROOT, gloss

HOOKS = ROOT / ".pre-commit-hooks.yaml"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        importlib.util.find_spec("pre_commit") is None,
        reason="pre-commit is not installed (pip install '.[test]')",
    ),
]


def test_the_manifest_offers_the_three_hooks() -> None:
    if not HOOKS.is_file():
        pytest.skip(f"{HOOKS} is not there: not a checkout of the repository")
    from pre_commit.clientlib import load_manifest

    hooks = {h["id"]: h for h in load_manifest(str(HOOKS))}
    assert set(hooks) == {"gloss-check", "gloss-deprecated", "gloss-lint"}
    assert all(h["language"] == "python" for h in hooks.values())
    assert hooks["gloss-deprecated"]["types_or"] == ["markdown", "mdx", "rst", "plain-text"]


@pytest.mark.parametrize(
    ("hook", "path", "runs"),
    [
        ("gloss-check", "locale/bn/LC_MESSAGES/app.po", True),
        ("gloss-check", "locale/app.pot", False),  # a template holds no translation
        ("gloss-check", "xliff/ar.xlf", True),
        ("gloss-lint", "docs/ai-glossary.csv", True),
        ("gloss-lint", "terminology/termbase.tbx", True),
        ("gloss-lint", "glossary/terms.csv", True),  # in a folder named so
        ("gloss-lint", "docs/glossary/ml/terms.yaml", True),
        ("gloss-lint", "legal/terms-of-service.md", False),
        ("gloss-lint", ".github/workflows/terms.yml", False),
        ("gloss-lint", "notes/readme.md", False),
    ],
)
def test_each_hook_takes_the_files_it_is_for(hook: str, path: str, runs: bool) -> None:
    if not HOOKS.is_file():
        pytest.skip(f"{HOOKS} is not there: not a checkout of the repository")
    import re

    from pre_commit.clientlib import load_manifest

    hooks = {h["id"]: h for h in load_manifest(str(HOOKS))}
    assert (re.search(hooks[hook]["files"], path) is not None) is runs


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, timeout=60)


def _try_repo(
    sample: Path, files: list[str], env: dict[str, str]
) -> subprocess.CompletedProcess[str]:
    """Every hook of this checkout on ``files`` of ``sample`` (one virtualenv for the three)."""
    return subprocess.run(
        [sys.executable, "-m", "pre_commit", "try-repo", str(ROOT), "--files", *files],
        cwd=sample,
        env=env,
        capture_output=True,
        text=True,
        timeout=1500,
        check=False,
    )


@pytest.mark.timeout(1800)
def test_pre_commit_runs_the_hooks_from_this_checkout(tmp_path: Path) -> None:
    if not (ROOT / ".git").exists() or not HOOKS.is_file():
        pytest.skip(f"{ROOT / '.git'} or {HOOKS} is not there: pre-commit clones a git checkout")
    # the glossary the hooks hold the files to: the bundled one and a user's deprecated terms
    glossary = tmp_path / "terms.csv"
    glossary.write_text(
        "id,lang,term,status\n"
        "tokenizer,en,tokenizer,preferred\ntokenizer,en,word splitter,deprecated\n"
        "tokenizer,bn,টোকেনাইজার,preferred\ntokenizer,bn,শব্দভাজক,deprecated\n",
        encoding="utf-8",
    )
    added = gloss("add", str(glossary))
    assert added.exit_code == 0, added.stderr
    sample = tmp_path / "sample"
    sample.mkdir()
    files = {
        "docs/guide.md": "# Guide\n\nআমরা শব্দভাজকের আউটপুট দেখি।\n",
        "locale/bn.po": 'msgid ""\nmsgstr ""\n"Language: bn\\n"\n\n'
        'msgid "The tokenizer splits text."\nmsgstr "শব্দভাজক লেখা ভাগ করে।"\n',
        "glossary/terms.csv": "en,bn,ar\npruning,ছাঁটাই,प्रूनिंग\n",
    }
    for name, text in files.items():
        (sample / name).parent.mkdir(parents=True, exist_ok=True)
        (sample / name).write_text(text, encoding="utf-8")
    _git(sample, "init", "-q")
    _git(sample, "add", ".")
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "pre-commit"), "NO_COLOR": "1"}
    env.pop("PYTHONPATH", None)  # the hooks run the gloss pre-commit installed, not this one

    failing = _try_repo(sample, list(files), env)
    out = failing.stdout + failing.stderr
    assert failing.returncode == 1, out
    for hook in ("gloss check", "gloss deprecated terms", "gloss lint"):
        assert any(
            line.startswith(hook) and line.endswith("Failed") for line in out.splitlines()
        ), out
    assert "docs/guide.md:3:6: error: 'শব্দভাজকের' is a deprecated term" in out
    assert "locale/bn.po:6:9: error: 'শব্দভাজক' is deprecated; use 'টোকেনাইজার'" in out
    assert "terms.csv:2: error: the Devanagari-script term 'प्रूनिंग' tagged 'ar'" in out

    files = {
        "docs/guide.md": "# Guide\n\nআমরা টোকেনাইজারের আউটপুট দেখি।\n",
        "locale/bn.po": 'msgid ""\nmsgstr ""\n"Language: bn\\n"\n\n'
        'msgid "The tokenizer splits text."\nmsgstr "টোকেনাইজার লেখা ভাগ করে।"\n',
        "glossary/terms.csv": "en,bn\npruning,ছাঁটাই\n",
    }
    for name, text in files.items():
        (sample / name).write_text(text, encoding="utf-8")
    _git(sample, "add", ".")
    passing = _try_repo(sample, list(files), env)
    out = passing.stdout + passing.stderr
    assert passing.returncode == 0, out
    assert sum(line.endswith("Passed") for line in out.splitlines()) == 3, out
