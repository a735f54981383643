"""What a kill or a second writer leaves in a user directory: the fault battery.

1. **Concurrent adds**: N ``gloss add`` of different plain glossary files started at once
   into one user directory (trials of 2 and of 4); a trial loses something when a file's
   line is missing from ``sources.yaml`` or a search does not find one of its concepts.
2. **Random kills**: ``gloss add`` (a 2,000-row CSV), ``gloss remove`` and ``gloss build
   --user`` killed with SIGKILL after a random delay, uniform over the second half of the
   command's own duration (measured first; the first half is Python starting and reading the
   files, where a kill changes nothing); then one lookup (``gloss list --json``) is run. A
   kill leaves an *in-between* directory when, after that lookup, it is neither the state
   before the command nor the state after it (temporary files aside); a *stuck* cache when
   that lookup fails; a *disagreeing* index when its answer differs from an index compiled
   afresh.

3. **Aimed kills**: the same, the kill aimed at the writes: after the first change seen in
   the directory (polled), uniform over the time from there to the command's end.
4. **Every write** (``--every-write``): each command killed just after each rename and each
   deletion it makes, in turn (``os.replace`` and ``os.unlink`` wrapped in the process: the
   same points in any version of gloss, so that versions compare).

    python benchmarks/fault_battery.py [--kills 99] [--aimed 99] [--every-write]
                                       [--pairs 10] [--fours 4] [--code DIR]

``--code DIR`` runs another checkout's ``glossary_cli`` (e.g. a worktree of an older commit),
to put the figures side by side.
"""

from __future__ import annotations

import argparse
import csv
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def _env(tmp: Path, code: Path | None, cache: str = "cache") -> dict[str, str]:
    env = {**os.environ, "GLOSS_USER_DATA": str(tmp / "user"), "GLOSS_CACHE": str(tmp / cache)}
    if code is not None:
        env["PYTHONPATH"] = str(code)
    return env


def _gloss(tmp: Path, code: Path | None, *args: str, cache: str = "cache") -> Any:
    return subprocess.run(
        [sys.executable, "-m", "glossary_cli", *args],
        env=_env(tmp, code, cache),
        cwd=tmp,  # not the checkout: python -m would import the glossary_cli found there
        capture_output=True,
        text=True,
        timeout=600,
    )


def _state(folder: Path) -> dict[str, bytes]:
    if not folder.exists():
        return {}
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not p.name.endswith(".tmp")
    }


def _plain(path: Path, i: int) -> None:
    path.write_text(
        f"গ্লসারি {i}\nপরীক্ষা\nজেব্রা শব্দ {i} (Zebra term {i})\nশব্দ {i} এর সংজ্ঞা।\n",
        encoding="utf-8",
    )


def concurrent(trials: int, n: int, code: Path | None) -> tuple[int, int]:
    """Trials of ``n`` concurrent adds: ``(trials that lost something, files lost)``."""
    bad = lost = 0
    for trial in range(trials):
        with tempfile.TemporaryDirectory(prefix="gloss-battery-") as name:
            tmp = Path(name)
            files = [tmp / f"t{trial}-g{i}.txt" for i in range(n)]
            for i, f in enumerate(files):
                _plain(f, i)
            runs = [
                subprocess.Popen(
                    [sys.executable, "-m", "glossary_cli", "add", str(f)],
                    env=_env(tmp, code),
                    cwd=tmp,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
                for f in files
            ]
            for run in runs:
                run.wait(timeout=600)
            manifest = (tmp / "user" / "sources.yaml").read_text(encoding="utf-8")
            missing = 0
            for i, f in enumerate(files):
                found = _gloss(tmp, code, "search", f"zebra term {i}", "--json")
                if f.name not in manifest or f"zebra-term-{i}" not in found.stdout:
                    missing += 1
            bad += missing > 0
            lost += missing
    return bad, lost


def _table(path: Path, rows: int, seed: int) -> None:
    rng = random.Random(seed)
    letters = "abcdefghijklmnopqrstuvwxyz"
    with path.open("w", encoding="utf-8", newline="") as fh:
        out = csv.writer(fh)
        out.writerow(["en", "bn", "definition"])
        for i in range(rows):
            word = "".join(rng.choice(letters) for _ in range(8))
            out.writerow([f"{word} {i}", f"শব্দ {i}", f"the {word} of row {i}"])


def kills(total: int, code: Path | None, seed: int, aimed: bool) -> dict[str, dict[str, int]]:
    """``total`` kills spread over add, remove and build --user: at random in the second half
    of each command, or ``aimed`` at its writes (uniform over the time from the first change
    seen on disk to the command's end, measured first)."""
    rng = random.Random(seed)
    out: dict[str, dict[str, int]] = {}
    with tempfile.TemporaryDirectory(prefix="gloss-battery-") as name:
        tmp = Path(name)
        _table(tmp / "base.csv", 200, 1)
        _table(tmp / "big.csv", 2000, 2)
        assert _gloss(tmp, code, "add", str(tmp / "base.csv")).returncode == 0
        assert _gloss(tmp, code, "search", "row").returncode in (0, 1)
        scenarios = {
            "add": (("add", str(tmp / "big.csv")), None),
            "remove": (("remove", "base.csv"), ("add", str(tmp / "big.csv"))),
            "build --user": (("build", "--user"), ("add", str(tmp / "big.csv"))),
        }
        for label, (args, before) in scenarios.items():
            start = tmp / f"start-{len(out)}"
            if before is not None:
                _gloss(tmp, code, *before)
                _gloss(tmp, code, "search", "row")
            if label == "build --user":
                for record in (tmp / "user" / "records").iterdir():
                    record.unlink()
            shutil.copytree(tmp / "user", start / "user")
            shutil.copytree(tmp / "cache", start / "cache")
            old = _state(tmp / "user")
            took = []
            for _ in range(3):
                _restore(tmp, start)
                began = time.perf_counter()
                _gloss(tmp, code, *args)
                took.append(time.perf_counter() - began)
            new = _state(tmp / "user")
            assert new != old, f"{label} changed nothing"
            duration = statistics.median(took)
            windows = []
            for _ in range(3):
                _restore(tmp, start)
                proc = _start(tmp, code, args)
                first = _first_change(tmp / "user", proc)
                proc.wait()
                windows.append(time.perf_counter() - first if first else 0.0)
            window = statistics.median(windows)
            counts = {"kills": 0, "killed": 0, "old": 0, "new": 0, "in-between": 0, "stuck": 0,
                      "disagreeing": 0}  # fmt: skip
            for k in range(total // len(scenarios)):
                _restore(tmp, start)
                proc = _start(tmp, code, args)
                if aimed:  # at the writes: from the first change seen on disk
                    _first_change(tmp / "user", proc)
                    time.sleep(rng.uniform(0, window))
                else:
                    time.sleep(rng.uniform(0.5 * duration, duration))
                proc.send_signal(signal.SIGKILL)
                counts["killed"] += proc.wait() == -signal.SIGKILL
                counts["kills"] += 1
                listed = _gloss(tmp, code, "list", "--json")
                now = _state(tmp / "user")
                counts["old" if now == old else "new" if now == new else "in-between"] += 1
                if listed.returncode != 0:
                    counts["stuck"] += 1
                    continue
                fresh = _gloss(tmp, code, "list", "--json", cache=f"fresh-{label}-{k}")
                shutil.rmtree(tmp / f"fresh-{label}-{k}", ignore_errors=True)
                counts["disagreeing"] += fresh.stdout != listed.stdout
            out[label] = counts
            print(label, "aimed" if aimed else "random", f"{duration:.2f} s",
                  f"write window {window * 1000:.0f} ms", counts, flush=True)  # fmt: skip
    return out


def _start(tmp: Path, code: Path | None, args: tuple[str, ...]) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "glossary_cli", *args],
        env=_env(tmp, code),
        cwd=tmp,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def _look(user: Path) -> list[tuple[str, int, int]]:
    """What a directory listing shows of the user directory: names, sizes, mtimes."""
    seen = []
    for folder in (user, user / "sources", user / "records", user / ".gloss-journal"):
        try:
            with os.scandir(folder) as entries:
                for e in entries:
                    st = e.stat(follow_symlinks=False)
                    seen.append((f"{folder.name}/{e.name}", st.st_size, st.st_mtime_ns))
        except OSError:
            continue
    return sorted(seen)


def _first_change(user: Path, proc: subprocess.Popen[bytes]) -> float | None:
    """Poll the user directory until something in it changes (the command's first write):
    the time it did, or ``None`` when the command ended first."""
    before = _look(user)
    while proc.poll() is None:
        if _look(user) != before:
            return time.perf_counter()
    return None


#: Runs gloss with every rename (``os.replace``) and deletion (``os.unlink``) counted: with
#: ``N > 0`` the process kills itself just after the N-th, otherwise it prints the count. The
#: same hook in any version of gloss, whatever its own fault hooks.
DRIVER = """
import os, signal, sys
stop_at, done = int(sys.argv[1]), [0]
def counted(call):
    def run(*args, **kwargs):
        result = call(*args, **kwargs)
        done[0] += 1
        if done[0] == stop_at:
            os.kill(os.getpid(), signal.SIGKILL)
        return result
    return run
os.replace, os.unlink = counted(os.replace), counted(os.unlink)
from glossary_cli.cli import main
sys.argv = ["gloss", *sys.argv[2:]]
try:
    main()
finally:
    if stop_at == 0:
        print(f"writes {done[0]}", file=sys.stderr)
"""


def every_write(code: Path | None) -> dict[str, dict[str, int]]:
    """Each command killed just after each of its renames and deletions, in turn."""
    out: dict[str, dict[str, int]] = {}
    with tempfile.TemporaryDirectory(prefix="gloss-battery-") as name:
        tmp = Path(name)
        _table(tmp / "base.csv", 200, 1)
        _table(tmp / "big.csv", 2000, 2)
        _plain(tmp / "plain.txt", 1)
        assert _gloss(tmp, code, "add", str(tmp / "base.csv")).returncode == 0
        _gloss(tmp, code, "search", "row")
        scenarios = {
            "add a table": (("add", str(tmp / "big.csv")), None),
            "add a plain file": (("add", str(tmp / "plain.txt")), None),
            "remove": (("remove", "base.csv"), ("add", str(tmp / "big.csv"))),
            "build --user": (("build", "--user"), ("add", str(tmp / "plain.txt"))),
        }
        for label, (args, before) in scenarios.items():
            start = tmp / f"start-{len(out)}"
            if before is not None:
                _gloss(tmp, code, *before)
                _gloss(tmp, code, "search", "row")
            if label == "build --user":
                for record in (tmp / "user" / "records").iterdir():
                    record.unlink()
            shutil.copytree(tmp / "user", start / "user")
            shutil.copytree(tmp / "cache", start / "cache")
            old = _state(tmp / "user")
            counted = subprocess.run(
                [sys.executable, "-c", DRIVER, "0", *args],
                env=_env(tmp, code), capture_output=True, text=True, timeout=600,
            )  # fmt: skip
            writes = int(counted.stderr.rsplit("writes ", 1)[1].split()[0])
            new = _state(tmp / "user")
            counts = {"kills": 0, "old": 0, "new": 0, "in-between": 0, "stuck": 0,
                      "disagreeing": 0}  # fmt: skip
            for k in range(1, writes + 1):
                _restore(tmp, start)
                killed = subprocess.run(
                    [sys.executable, "-c", DRIVER, str(k), *args],
                    env=_env(tmp, code), capture_output=True, timeout=600, cwd=tmp,
                )  # fmt: skip
                counts["kills"] += killed.returncode == -signal.SIGKILL
                listed = _gloss(tmp, code, "list", "--json")
                now = _state(tmp / "user")
                counts["old" if now == old else "new" if now == new else "in-between"] += 1
                if listed.returncode != 0:
                    counts["stuck"] += 1
                    continue
                fresh = _gloss(tmp, code, "list", "--json", cache=f"fresh-{k}")
                shutil.rmtree(tmp / f"fresh-{k}", ignore_errors=True)
                counts["disagreeing"] += fresh.stdout != listed.stdout
            out[label] = counts
            print(label, "every write", counts, flush=True)
    return out


def _restore(tmp: Path, start: Path) -> None:
    for part in ("user", "cache"):
        shutil.rmtree(tmp / part, ignore_errors=True)
        shutil.copytree(start / part, tmp / part)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kills", type=int, default=99)
    parser.add_argument("--aimed", type=int, default=99)
    parser.add_argument("--every-write", action="store_true")
    parser.add_argument("--pairs", type=int, default=10)
    parser.add_argument("--fours", type=int, default=4)
    parser.add_argument("--code", type=Path, default=None)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    if args.pairs:
        print("2 at once:", concurrent(args.pairs, 2, args.code), flush=True)
    if args.fours:
        print("4 at once:", concurrent(args.fours, 4, args.code), flush=True)
    if args.kills:
        kills(args.kills, args.code, args.seed, aimed=False)
    if args.aimed:
        kills(args.aimed, args.code, args.seed, aimed=True)
    if args.every_write:
        every_write(args.code)


if __name__ == "__main__":
    main()
