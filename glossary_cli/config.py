"""Where gloss reads and writes, resolved in one place.

Precedence, for each setting: command-line option > environment variable > default.

================  ==================  ===================================================
setting           variable            default
================  ==================  ===================================================
data directory    ``GLOSS_DATA``      the bundled glossary (package data, or ``data/``
                                      of a source checkout)
user glossaries   ``GLOSS_USER_DATA`` platformdirs' user data directory for ``gloss``
index cache       ``GLOSS_CACHE``     platformdirs' user cache directory for ``gloss``
browse history    ``GLOSS_STATE``     platformdirs' user state directory for ``gloss``
                                      (``browse-history`` in it)
================  ==================  ===================================================

Standard library only (platformdirs is imported when a default is needed and the system is
not Linux, where the XDG directories are found as platformdirs finds them), so that a lookup
starts fast.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path

from glossary_cli.errors import UsageError


def packaged_data_dir() -> Path:
    """The glossary shipped with gloss: package data, or ``data/`` of a source checkout."""
    here = Path(__file__).resolve().parent
    installed = here / "data"
    return installed if installed.is_dir() else here.parent / "data"


def resolve_data_dir(option: str | os.PathLike[str] | None, env: Mapping[str, str]) -> Path:
    """The data directory: ``--data`` option > ``GLOSS_DATA`` > the packaged glossary.

    Args:
        option: the ``--data`` value, if given.
        env: the process environment.

    Raises:
        UsageError: the chosen directory does not exist, or is a file: the value of
            ``--data`` or ``GLOSS_DATA`` is wrong (exit 2), not the data in it.
    """
    chosen = option or env.get("GLOSS_DATA") or None
    path = Path(chosen).expanduser() if chosen else packaged_data_dir()
    if not path.is_dir():
        where = "--data" if option else "GLOSS_DATA"
        what = "is a file, not a directory" if path.exists() else "does not exist"
        raise UsageError(
            f"data directory {str(path)!r} {what}",
            hint=f"check {where}, or unset it to use the bundled glossary",
        )
    return path


def user_data_dir(env: Mapping[str, str]) -> Path:
    """Where ``gloss add`` keeps the user's glossaries: ``GLOSS_USER_DATA``, else the
    platform's user data directory for ``gloss`` (platformdirs; ``~/.local/share/gloss``)."""
    if env.get("GLOSS_USER_DATA"):
        return Path(env["GLOSS_USER_DATA"])
    found = _xdg_dir(env, "data")
    if found is not None:
        return found
    from platformdirs import user_data_dir as _user_data_dir

    return Path(_user_data_dir("gloss", appauthor=False))


def cache_dir(env: Mapping[str, str]) -> Path | None:
    """Where indexes are kept: ``GLOSS_CACHE``, else the platform's user cache directory for
    ``gloss`` (platformdirs; ``~/.cache/gloss``); ``None`` when no home directory is known."""
    return _platform_dir(env, "GLOSS_CACHE", "cache")


def state_dir(env: Mapping[str, str]) -> Path | None:
    """Where gloss keeps what it remembers between runs (the queries of ``gloss browse``):
    ``GLOSS_STATE``, else the platform's user state directory for ``gloss`` (platformdirs;
    ``~/.local/state/gloss``); ``None`` when no home directory is known."""
    return _platform_dir(env, "GLOSS_STATE", "state")


def _platform_dir(env: Mapping[str, str], variable: str, kind: str) -> Path | None:
    """``$variable``, else platformdirs' ``user_{kind}_dir`` for ``gloss``; ``None`` when no
    home directory is known."""
    if env.get(variable):
        return Path(env[variable])
    found = _xdg_dir(env, kind)
    if found is not None:
        return found
    import platformdirs

    try:
        return Path(getattr(platformdirs, f"user_{kind}_dir")("gloss", appauthor=False))
    except (KeyError, RuntimeError, OSError):
        return None


#: The XDG Base Directory specification's user directories: the variable that names each,
#: and where it is under ``$HOME`` when that variable is not set.
_XDG = {
    "data": ("XDG_DATA_HOME", ".local/share"),
    "cache": ("XDG_CACHE_HOME", ".cache"),
    "state": ("XDG_STATE_HOME", ".local/state"),
}


def _xdg_dir(env: Mapping[str, str], kind: str) -> Path | None:
    """platformdirs' user directory of ``kind`` for ``gloss`` on Linux, found without
    importing platformdirs, whose import (regular expressions compiled, tempfile loaded) cost
    every lookup 16 M instructions, about 3 ms: ``$XDG_…_HOME/gloss`` when the variable is an
    absolute path, else ``$HOME/…/gloss`` when it is unset or blank and ``HOME`` is absolute,
    as the XDG Base Directory specification and platformdirs say. ``None`` in every other
    case (another system; a relative variable, which platformdirs releases treat
    differently; no absolute ``HOME``), for platformdirs to answer. The tests check that the
    two agree."""
    if not sys.platform.startswith("linux"):
        return None
    variable, under_home = _XDG[kind]
    value = env.get(variable, "")
    if os.path.isabs(value):
        return Path(value, "gloss")
    home = env.get("HOME", "")
    if value.strip() or not os.path.isabs(home):
        return None
    return Path(home, under_home, "gloss")


def history_file(env: Mapping[str, str]) -> Path | None:
    """The file of ``gloss browse``'s past queries (``browse-history`` in :func:`state_dir`),
    or ``None`` when there is no state directory (then nothing is remembered)."""
    folder = state_dir(env)
    return None if folder is None else folder / "browse-history"


def pager_command(env: Mapping[str, str]) -> tuple[list[str], dict[str, str]] | None:
    """The pager for long output on a terminal, and its environment: ``$PAGER`` (split like a
    shell word list), else ``less``; ``None`` when ``PAGER`` is set but empty. ``LESS``
    defaults to ``-FRX`` (``-R``: pass colours through; ``-F``: quit if one screen; ``-X``:
    leave the text on the screen); a ``LESS`` of the user's that lets less show colour codes
    as text (no ``-R``/``-r``) gets ``-R`` added."""
    import os
    import shlex

    chosen = env.get("PAGER")
    if chosen is not None and not chosen.strip():
        return None
    argv = shlex.split(chosen) if chosen else ["less"]
    less = env.get("LESS", "-FRX")
    if os.path.basename(argv[0]) == "less" and not _less_shows_colours(less):
        less = f"{less} -R".strip()
    return argv, {**env, "LESS": less}


#: less options whose value follows the letter (``-P?prompt``, ``-x4``): what comes after one
#: of these in a cluster is its value, not more options (less(1), OPTIONS).
_LESS_VALUED = frozenset("bhjkoOpPtTxyz#D")


def _less_shows_colours(options: str) -> bool:
    """Whether the ``LESS`` value ``options`` has ``-R``/``-r`` (or their long names)."""
    for word in options.split():
        if word.startswith("--"):
            if word[2:].lower().startswith("raw-control"):
                return True
            continue
        for letter in word.lstrip("-"):
            if letter in "Rr":
                return True
            if letter in _LESS_VALUED:
                break
    return False
