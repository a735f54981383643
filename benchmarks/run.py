#!/usr/bin/env python3
"""Whole-process timing: run commands interleaved, report wall time, CPU time and peak RSS.

Each command is a NAME='shell words' pair, split with shlex (no shell runs). The commands run
in turn, A B C A B C …, ``--warmup`` rounds (not counted) and then ``--runs`` rounds, so that
slow drifts of the machine (frequency, other load) hit every command alike. Each child's
resources come from ``os.wait4`` on that child (its ``ru_maxrss`` is in KiB on Linux).
PYTHONDONTWRITEBYTECODE is removed from the children's environment, so Python commands run
from .pyc files as an installed gloss does (the warm-up rounds write them).

Peak RSS has a floor: on exec, Linux folds the peak RSS of the process image being replaced
(the spawner's, copied by fork) into the child's ``ru_maxrss``. So the children are not
spawned by this script (~16 MiB) but by a minimal runner (``python -I -S``, ~5 MiB) that forks,
execs, waits and reports; the floor is measured with ``true`` and printed with the results.

Reported per command: median and minimum wall time, the ratio of its median to the
yardstick's median (default: the first command) and the median of the per-round ratios
(paired), median CPU time (user + system) and the peak RSS over all runs.

Usage::

    python benchmarks/run.py --cmd floor='python -c "import typer"' \\
        --cmd show='gloss show LoRA --json' --markdown benchmarks/RESULTS.md --title "gloss show"
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Command:
    name: str
    text: str  # as given
    argv: list[str]
    path: str  # resolved executable
    wall: list[float] = field(default_factory=list)  # seconds
    cpu: list[float] = field(default_factory=list)  # user + system seconds
    maxrss: list[int] = field(default_factory=list)  # KiB
    tty: bool = False  # standard output is a pseudo-terminal


def parse_command(spec: str, env: dict[str, str]) -> Command:
    name, sep, text = spec.partition("=")
    name = name.strip()
    if not sep or not name or not text.strip():
        raise SystemExit(f"--cmd {spec!r}: expected NAME='command words'")
    try:
        argv = shlex.split(text)
    except ValueError as exc:
        raise SystemExit(f"--cmd {name}: {exc}") from None
    exe = argv[0]
    path = exe if os.sep in exe else shutil.which(exe, path=env.get("PATH", os.defpath))
    if not path or not os.access(path, os.X_OK):
        raise SystemExit(f"--cmd {name}: {exe!r} is not an executable on PATH")
    return Command(name, text, argv, os.path.abspath(path))


# The child-spawning loop, run by a separate `python -I -S` whose small image keeps the RSS
# floor low (see the module docstring). argv: SPEC ERRFILE ROUNDS. SPEC holds one command per
# line: "t" (standard output is a new 80x24 pseudo-terminal) or "n" (/dev/null), then
# path,argv0,argv1,… each hex-encoded. Writes one line per run:
# "ROUND INDEX WALL_S CPU_S MAXRSS_KIB EXITCODE", after a first line "floor MAXRSS_KIB".
RUNNER = r"""
import os, sys, time
def spawn(path, argv, env, null, err, tty):
    if tty:
        import fcntl, struct, termios
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    t = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        try:
            os.dup2(null, 0); os.dup2(slave if tty else null, 1); os.dup2(err, 2)
            if tty:
                os.setsid(); os.close(master)
            os.execve(path, argv, env)
        finally:
            os._exit(127)
    if tty:
        os.close(slave)
        while True:  # drain the terminal, as a terminal emulator would
            try:
                if not os.read(master, 65536):
                    break
            except OSError:  # EIO: the child has closed it
                break
        os.close(master)
    _, status, ru = os.wait4(pid, 0)
    wall = time.perf_counter() - t
    return wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss, os.waitstatus_to_exitcode(status)
def main():
    spec, errpath, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
    with open(spec) as f:
        cmds = [
            (line[0] == "t", [bytes.fromhex(x) for x in line[1:].split(",")])
            for line in f.read().split()
        ]
    env, null = os.environ, os.open(os.devnull, os.O_RDWR)
    err = os.open(errpath, os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o600)
    out = sys.stdout
    for true in (b"/bin/true", b"/usr/bin/true"):
        if os.path.exists(true):
            out.write("floor %d\n" % spawn(true, [true], env, null, err, False)[2]); break
    else:
        out.write("floor 0\n")
    out.flush()
    for r in range(rounds):
        for i, (tty, (path, *argv)) in enumerate(cmds):
            os.ftruncate(err, 0); os.lseek(err, 0, 0)
            wall, cpu, rss, code = spawn(path, argv, env, null, err, tty)
            out.write("%d %d %r %r %d %d\n" % (r, i, wall, cpu, rss, code)); out.flush()
            if code != 0:
                return
main()
"""


def run_all(commands: list[Command], env: dict[str, str], rounds: int, warmup: int) -> int:
    """Run all rounds in the runner; fill the commands' measurements. Returns the RSS floor."""
    with tempfile.TemporaryDirectory(prefix="gloss-bench-") as tmp:
        spec, errpath = Path(tmp, "spec"), Path(tmp, "stderr")
        spec.write_text(
            "".join(
                ("t" if c.tty else "n")
                + ",".join(os.fsencode(x).hex() for x in (c.path, *c.argv))
                + "\n"
                for c in commands
            )
        )
        runner = subprocess.Popen(
            [sys.executable, "-I", "-S", "-c", RUNNER, str(spec), str(errpath), str(rounds)],
            env=env,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert runner.stdout is not None
        floor = 0
        tty = sys.stderr.isatty()
        for line in runner.stdout:
            fields = line.split()
            if fields[0] == "floor":
                floor = int(fields[1])
                continue
            r, i, wall, cpu, rss, code = (
                int(fields[0]),
                int(fields[1]),
                float(fields[2]),
                float(fields[3]),
                int(fields[4]),
                int(fields[5]),
            )
            c = commands[i]
            if code != 0:
                tail = errpath.read_text(errors="replace").strip().splitlines()[-15:]
                print(
                    f"\n{c.name}: `{c.text}` exited with {code}:",
                    *tail,
                    sep="\n  ",
                    file=sys.stderr,
                )
                runner.wait()
                raise SystemExit(2)
            if r >= warmup:
                c.wall.append(wall)
                c.cpu.append(cpu)
                c.maxrss.append(rss)
            if tty and i == len(commands) - 1:
                done = (
                    f"run {r - warmup + 1}/{rounds - warmup}"
                    if r >= warmup
                    else f"warm-up {r + 1}/{warmup}"
                )
                print(f"\r{done} ", end="", file=sys.stderr, flush=True)
        if runner.wait() != 0:
            raise SystemExit(f"the runner failed with exit code {runner.returncode}")
        if tty:
            print("\r" + " " * 30 + "\r", end="", file=sys.stderr)
        return floor


def machine_info() -> dict[str, str]:
    uname = " ".join(platform.uname())
    try:
        uname = subprocess.run(
            ["uname", "-a"], capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        pass
    cpu = platform.processor() or "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:
        usable = os.cpu_count() or 0
    return {
        "uname": uname,
        "cpu": cpu,
        "nproc": f"{usable} usable of {os.cpu_count()}",
        "python": (
            f"{platform.python_implementation()} {platform.python_version()} ({sys.executable})"
        ),
    }


def interpreter(path: str) -> str:
    """The ``#!`` line of a script (e.g. a console-script wrapper), or ``""``."""
    try:
        with open(path, "rb") as f:
            first = f.readline(300)
    except OSError:
        return ""
    return first[2:].decode(errors="replace").strip() if first.startswith(b"#!") else ""


def table(commands: list[Command], yard: Command, floor: int) -> str:
    ms = 1000.0
    rows = [
        f"| command | median ms | min ms | × {yard.name} (medians) | × {yard.name} (paired) "
        "| CPU ms (median) | peak RSS MiB |",
        "|---|--:|--:|--:|--:|--:|--:|",
    ]
    yard_median = statistics.median(yard.wall)
    for c in commands:
        paired = statistics.median(a / b for a, b in zip(c.wall, yard.wall, strict=True))
        rows.append(
            f"| {c.name} | {statistics.median(c.wall) * ms:.1f} | {min(c.wall) * ms:.1f} "
            f"| {statistics.median(c.wall) / yard_median:.2f} | {paired:.2f} "
            f"| {statistics.median(c.cpu) * ms:.1f} "
            f"| {'≤ ' if max(c.maxrss) <= floor else ''}{max(c.maxrss) / 1024:.1f} |"
        )
    rows.append("")
    rows.append(f"RSS floor (`true` spawned the same way): {floor / 1024:.1f} MiB.")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description="Time commands as whole processes, interleaved (A B A B …).",
        epilog="Example: run.py --cmd floor='python -c \"import typer\"' "
        "--cmd show='gloss show LoRA --json'",
    )
    ap.add_argument(
        "--cmd",
        action="append",
        required=True,
        metavar="NAME='WORDS'",
        help="a named command (repeat); split with shlex, run without a shell",
    )
    ap.add_argument("--runs", type=int, default=15, help="counted rounds (default 15)")
    ap.add_argument("--warmup", type=int, default=2, help="uncounted rounds first (default 2)")
    ap.add_argument(
        "--yardstick", metavar="NAME", help="command the ratios divide by (default: the first)"
    )
    ap.add_argument(
        "--env",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="set a variable in the children's environment (repeat)",
    )
    ap.add_argument(
        "--tty",
        action="append",
        default=[],
        metavar="NAME",
        help="give this command a pseudo-terminal (80x24) as standard output (repeat)",
    )
    ap.add_argument("--cwd", type=Path, help="run the commands in this directory")
    ap.add_argument(
        "--markdown",
        type=Path,
        metavar="FILE",
        help="append the results, with machine and commands, to FILE",
    )
    ap.add_argument("--title", default="", help="heading of the --markdown section")
    args = ap.parse_args(argv)
    if args.runs < 1 or args.warmup < 0:
        ap.error("--runs must be >= 1 and --warmup >= 0")

    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    for kv in args.env:
        key, sep, value = kv.partition("=")
        if not sep or not key:
            ap.error(f"--env {kv!r}: expected KEY=VALUE")
        env[key] = value
    if args.cwd:
        os.chdir(args.cwd)
    commands = [parse_command(spec, env) for spec in args.cmd]
    names = [c.name for c in commands]
    if len(set(names)) != len(names):
        ap.error("command names must be unique")
    for name in args.tty:
        if name not in names:
            ap.error(f"--tty {name!r} is not one of the names: {', '.join(names)}")
        commands[names.index(name)].tty = True
    yard_name = args.yardstick or names[0]
    if yard_name not in names:
        ap.error(f"--yardstick {yard_name!r} is not one of the names: {', '.join(names)}")
    yard = commands[names.index(yard_name)]

    started = dt.datetime.now().astimezone()
    floor = run_all(commands, env, args.warmup + args.runs, args.warmup)

    result = table(commands, yard, floor)
    print(result)
    if args.markdown:
        info = machine_info()
        lines = [
            f"## {args.title or 'Benchmark'} — {started:%Y-%m-%d %H:%M %Z}",
            "",
            f"- machine: `{info['uname']}`",
            f"- CPU: {info['cpu']}; nproc: {info['nproc']}",
            f"- harness Python: {info['python']}",
            f"- {args.runs} counted rounds after {args.warmup} warm-up rounds, commands "
            "interleaved in the order below; PYTHONDONTWRITEBYTECODE unset"
            + (f"; cwd `{Path.cwd()}`" if args.cwd else "")
            + (f"; env {' '.join(f'`{kv}`' for kv in args.env)}" if args.env else ""),
            "",
            "```",
            *(
                f"{c.name} = {shlex.join(c.argv)}" + ("   # on a pseudo-terminal" if c.tty else "")
                for c in commands
            ),
            "```",
            "",
            *(
                f"- `{c.name}`: {c.path}"
                + (f" (`#!{interpreter(c.path)}`)" if interpreter(c.path) else "")
                for c in commands
            ),
            "",
            result,
            "",
        ]
        with open(args.markdown, "a", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
        print(f"appended to {args.markdown}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
