#!/usr/bin/env python3
"""The first run after install against the second, however gloss was installed.

Builds a wheel of this checkout (or takes ``--wheel``), makes a fresh venv with gloss's
dependencies (byte-compiled, as pip installs them), and then, round after round, installs
gloss into it in each way below and runs ``gloss show LoRA`` twice, each time with an empty
index cache before the first run (so the first run is a user's first run: the shipped index is
copied into the cache):

``no-compile``
    ``pip install --no-compile`` of the wheel (uv's default): the wheel's own byte code
    (checked-hash ``.pyc`` files, ``hatch_build.py``) is all there is.
``no-compile-no-pyc``
    the same with the wheel's ``.pyc`` files taken out (the wheel as it was built before):
    the first run compiles every module it imports.
``compile``
    ``pip install`` (pip's default: pip byte-compiles what it installs).
``nothing-compiled``
    ``no-compile``, and every dependency's byte code deleted too, as ``uv pip install``
    leaves a whole environment: the dependencies' first import compiles them.

Reported per way: the medians of the first and the second run, the median of the per-round
ratios first / second (paired), and how many ``.pyc`` files the first run wrote into gloss's
package (0 when the shipped ones were used).

    python benchmarks/first_run.py --runs 11 [--wheel dist/gloss-….whl] [--markdown FILE]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
WAYS = ("no-compile", "no-compile-no-pyc", "compile", "nothing-compiled")


def pip(venv: Path, *args: str) -> None:
    subprocess.run(
        [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", *args],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def without_pyc(wheel: Path, out: Path) -> Path:
    """A copy of ``wheel`` without its ``.pyc`` files (and their RECORD rows)."""
    target = out / wheel.name
    with zipfile.ZipFile(wheel) as src, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as dst:
        for item in src.infolist():
            if item.filename.endswith(".pyc"):
                continue
            data = src.read(item)
            if item.filename.endswith(".dist-info/RECORD"):
                rows = data.decode().splitlines(keepends=True)
                data = "".join(r for r in rows if ".pyc," not in r).encode()
            dst.writestr(item, data)
    return target


def pycs(folder: Path) -> set[Path]:
    return set(folder.rglob("*.pyc"))


def timed(argv: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=11)
    ap.add_argument("--wheel", type=Path, help="a built wheel (default: build this checkout)")
    ap.add_argument("--work", type=Path, help="a directory for the venv (default: a temporary one)")
    ap.add_argument("--markdown", type=Path, help="append the table to this file")
    args = ap.parse_args(argv)
    work = Path(args.work or tempfile.mkdtemp(prefix="gloss-first-run-"))
    work.mkdir(parents=True, exist_ok=True)
    wheels = work / "wheels"
    shutil.rmtree(wheels, ignore_errors=True)
    wheels.mkdir()
    if args.wheel:
        wheel = args.wheel
    else:
        subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(wheels), REPO],
            check=True,
        )
        wheel = next(wheels.glob("gloss-*.whl"))
    (wheels / "stripped").mkdir()
    stripped = without_pyc(wheel, wheels / "stripped")
    venv = work / "venv"
    shutil.rmtree(venv, ignore_errors=True)
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip(venv, str(wheel))  # gloss's dependencies, byte-compiled
    site = Path(
        subprocess.run(
            [
                str(venv / "bin" / "python"),
                "-c",
                "import sysconfig; print(sysconfig.get_paths()['purelib'])",
            ],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
    )
    gloss = [str(venv / "bin" / "gloss"), "show", "LoRA"]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.pop("GLOSS_DATA", None)
    env.pop("PYTHONPYCACHEPREFIX", None)
    results: dict[str, tuple[list[float], list[float], list[int]]] = {w: ([], [], []) for w in WAYS}
    for r in range(args.runs):
        for way in WAYS:
            flags = ["--no-deps", "--force-reinstall"]
            if way != "compile":
                flags.append("--no-compile")
            pip(venv, *flags, str(stripped if way == "no-compile-no-pyc" else wheel))
            if way == "nothing-compiled":
                for cache in site.rglob("__pycache__"):
                    if not cache.is_relative_to(site / "glossary_cli"):
                        shutil.rmtree(cache)
            cache = work / "cache"
            shutil.rmtree(cache, ignore_errors=True)
            run_env = dict(env, GLOSS_CACHE=str(cache), HOME=str(work / "home"))
            before = pycs(site / "glossary_cli")
            first = timed(gloss, run_env)
            written = len(pycs(site / "glossary_cli") - before)
            second = timed(gloss, run_env)
            results[way][0].append(first)
            results[way][1].append(second)
            results[way][2].append(written)
        print(f"round {r + 1}/{args.runs}", file=sys.stderr)
    rows = [
        "| installed | first run ms (median) | second run ms (median) | first / second (paired) "
        "| .pyc files the first run wrote into glossary_cli |",
        "|---|--:|--:|--:|--:|",
    ]
    for way in WAYS:
        first, second, written = results[way]
        paired = statistics.median(a / b for a, b in zip(first, second, strict=True))
        rows.append(
            f"| {way} | {statistics.median(first) * 1e3:.1f} "
            f"| {statistics.median(second) * 1e3:.1f} | {paired:.2f} | {max(written)} |"
        )
    table = "\n".join(rows)
    print(table)
    if args.markdown:
        with open(args.markdown, "a", encoding="utf-8") as fh:
            fh.write(
                f"\n`python benchmarks/first_run.py --runs {args.runs}` ({wheel.name}, "
                f"Python {sys.version.split()[0]}):\n\n{table}\n"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
