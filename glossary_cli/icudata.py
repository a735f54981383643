"""ICU, the one door to it: importing PyICU's ``icu`` module and creating its transforms, with
one error that names the fix when ICU is missing or lacks what gloss needs.

gloss uses ICU for script detection (``icu.Script``), transliteration (``Bengali-Latin``,
``Arabic-Latin``, ``Any-Latin``, ``Latin-ASCII``), collation, line breaking and bidi. A broken
install used to end in a 40-line traceback on the first index build; now it is one line.
"""

from __future__ import annotations

from functools import cache
from types import ModuleType
from typing import Any

from glossary_cli.errors import DependencyError

#: What to do when ICU is missing: the wheel the project installs, or PyICU from source.
INSTALL_HINT = (
    "install it: pip install pyicu-wheels (Linux, Windows, macOS 13+), or PyICU built "
    "against your system's ICU elsewhere (see the README, 'Set up')"
)


@cache
def icu() -> ModuleType:
    """PyICU's ``icu`` module.

    Raises:
        DependencyError: PyICU is not installed, or its ICU library cannot be loaded.
    """
    try:
        import icu as module  # type: ignore[import-not-found, unused-ignore]
    except ImportError as exc:
        raise DependencyError(
            f"ICU is not available ({exc.msg or exc})", hint=INSTALL_HINT
        ) from None
    found: ModuleType = module
    return found


@cache
def transliterator(transform_id: str) -> Any:
    """An ICU transliterator (ICU User Guide, "Transforms"), e.g. ``Bengali-Latin``.

    Raises:
        DependencyError: ICU is missing, or its data lacks the transform.
    """
    module = icu()
    try:
        return module.Transliterator.createInstance(transform_id)
    except module.ICUError as exc:
        raise DependencyError(
            f"ICU has no {transform_id} transform ({exc})",
            hint="install an ICU build with its transliteration data: "
            "pip install --force-reinstall pyicu-wheels",
        ) from None
