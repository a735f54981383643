"""Commands that change one user directory at once take turns (glossary_cli.store.locked):
concurrent ``gloss add`` of different files lose none of them."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from .conftest import gloss_popen, gloss_process


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 4])
def test_concurrent_adds_lose_nothing(tmp_path: Path, n: int) -> None:
    env = {"GLOSS_USER_DATA": str(tmp_path / "user"), "GLOSS_CACHE": str(tmp_path / "cache")}
    files = []
    for i in range(n):
        plain = tmp_path / f"g{i}.txt"  # plain files: each add aligns them all again
        plain.write_text(
            f"গ্লসারি {i}\nপরীক্ষা\nজেব্রা শব্দ {i} (Zebra term {i})\nশব্দ {i} এর সংজ্ঞা।\n",
            encoding="utf-8",
        )
        files.append(plain)
    runs = [
        gloss_popen("add", str(f), env=env, stdout=subprocess.DEVNULL, text=True) for f in files
    ]
    errors = [run.communicate(timeout=240)[1] for run in runs]
    assert [run.returncode for run in runs] == [0] * n, errors
    done = gloss_process("sources", "--json", env=env, text=True)
    assert done.returncode == 0, done.stderr
    listed = done.stdout
    for f in files:
        assert f.name in listed
    for i in range(n):
        found = gloss_process("search", f"zebra term {i}", "--json", env=env, text=True)
        assert found.returncode == 0 and f"zebra-term-{i}" in found.stdout, found.stderr


def test_a_second_writer_waits_saying_so_then_gives_up_clearly(tmp_path: Path) -> None:
    """While another command holds the user directory (here, this test), ``gloss add`` says
    it waits, and after GLOSS_LOCK_TIMEOUT seconds fails with exit 3 and changes nothing."""
    from glossary_cli import store

    user = tmp_path / "user"
    user.mkdir()
    plain = tmp_path / "g.txt"
    plain.write_text("গ্লসারি\nপরীক্ষা\nজেব্রা শব্দ (Zebra term)\nসংজ্ঞা।\n", encoding="utf-8")
    env = {"GLOSS_USER_DATA": str(user), "GLOSS_CACHE": str(tmp_path / "cache"),
           "GLOSS_LOCK_TIMEOUT": "0.5"}  # fmt: skip
    with store.locked(user):
        done = gloss_process("add", str(plain), env=env, text=True)
    assert done.returncode == 3
    assert "waiting for another gloss command" in done.stderr
    assert "another gloss command is changing" in done.stderr
    assert "Traceback" not in done.stderr
    assert not (user / "sources").exists()
