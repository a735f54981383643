"""What an everyday command loads: a card, a search in each script, ``list`` and ``stats``
into a pipe start within a few milliseconds of Typer's own start-up, so none of them may load
a library or a module it does not use (benchmarks/RESULTS.md, "Every command at the speed of
show"). The user's directories are found as a user's run finds them (no GLOSS_CACHE or
GLOSS_USER_DATA)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from glossary_cli import config

#: What no plain run loads: platformdirs (and tempfile, which it imports) where the XDG
#: directories are found without it; rich (a pipe is drawn without it), ICU, yaml; dataclasses
#: (the value types are named tuples made by glossary_cli.values, which compile no code).
NEVER = {"platformdirs", "tempfile", "rich", "icu", "yaml", "dataclasses"}

RUNS = [
    (("show", "LoRA"), NEVER | {"rapidfuzz"}),
    (("show", "LoRA", "--json"), NEVER | {"rapidfuzz"}),
    (("search", "quantization"), NEVER | {"rapidfuzz"}),
    (("search", "التكميم"), NEVER | {"rapidfuzz"}),
    (("search", "প্রুনিং"), NEVER),
    (("search", "qunatization"), NEVER),
    (("list",), NEVER | {"rapidfuzz", "glossary_cli.search"}),
    (("stats",), NEVER | {"rapidfuzz", "glossary_cli.search"}),
]


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("home")


def _loaded(home: Path, args: tuple[str, ...]) -> set[str]:
    code = (
        "import sys\n"
        "from glossary_cli.cli import app\n"
        f"sys.argv = ['gloss', *{list(args)!r}]\n"
        "try:\n    app()\nexcept SystemExit:\n    pass\n"
        "from glossary_cli import analysis\n"
        "compiled = analysis._no_space_pattern.cache_info().currsize\n"
        "sys.stderr.write(repr(sorted(sys.modules) + ['no-space'] * compiled))\n"
    )
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("GLOSS_", "XDG_")) and k not in ("FORCE_COLOR", "TTY_COMPATIBLE")
    }
    env.update(HOME=str(home), COLUMNS="80")
    # the first run compiles the index into the cache; the next is the one measured
    subprocess.run([sys.executable, "-c", code], capture_output=True, env=env, check=True)
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    return set(json.loads(done.stderr.strip().replace("'", '"')))


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG directories: Linux")
@pytest.mark.parametrize(("args", "never"), RUNS, ids=[" ".join(a) for a, _ in RUNS])
def test_an_everyday_run_loads_only_what_it_uses(
    home: Path, args: tuple[str, ...], never: set[str]
) -> None:
    loaded = _loaded(home, args)
    assert not {m for m in loaded if m in never or m.split(".")[0] in never}
    assert "no-space" not in loaded  # the class of scripts without spaces is not compiled


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG directories: Linux")
@pytest.mark.parametrize("kind", ["data", "cache", "state"])
@pytest.mark.parametrize(
    ("home", "xdg"),
    [
        ("/home/ana", None),
        ("/home/ana/", None),
        ("/", None),
        ("/home/ana", ""),
        ("/home/ana", "   "),
        ("/home/ana", "/srv/x"),
        ("/home/ana", "/srv/x/"),
        ("/home/ana", "relative/x"),
        (None, "/srv/x"),
        ("relative", None),
        ("", None),
    ],
)
def test_the_xdg_directories_are_platformdirs(
    monkeypatch: pytest.MonkeyPatch, kind: str, home: str | None, xdg: str | None
) -> None:
    """config finds the user's directories without importing platformdirs where it can
    (absolute HOME or XDG variable, on Linux) and asks platformdirs otherwise: the same
    directory either way."""
    import platformdirs

    variable = config._XDG[kind][0]
    for name, value in (("HOME", home), (variable, xdg)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    try:
        expected: Path | None = Path(
            getattr(platformdirs, f"user_{kind}_dir")("gloss", appauthor=False)
        )
    except (KeyError, RuntimeError, OSError):
        expected = None
    found = config._xdg_dir(os.environ, kind)
    if found is not None:  # answered without platformdirs: as platformdirs answers
        assert found == expected
    env = {k: v for k, v in os.environ.items() if not k.startswith("GLOSS_")}
    got = config.user_data_dir(env) if kind == "data" else config._platform_dir(env, "-", kind)
    assert got == expected
    if (home or "").startswith("/") and not (xdg or "").strip():
        assert found is not None  # the everyday case needs no platformdirs
