"""Throughput of ``gloss scan`` beside peer term matchers, measured side by side in one run.

The text is ``scan_bench.make_text``'s: about ``--mb`` (default 1) MB of mixed Bengali, Arabic
and English sentences, one word in eight a term of the termbase (inflected, with clitics, or
plural), seeded. The termbases (``--termbases``, default both):

- ``bundled``: gloss's bundled glossary;
- ``100k``: a synthetic termbase of 100,000 concepts (``benchmarks/generate.py --concepts
  100000 --format yaml``), in ``--large-data`` (default ``/tmp/gloss-bench/data-100000``,
  generated there when missing) with its index cache in ``--large-cache`` (default
  ``/tmp/gloss-bench/cache-100000``, kept between runs: the first compiles the index).

Every peer is given the termbase's terms as ``gloss scan`` seeks them (``scan_bench.terms``:
the index's names of the fields en, term, abbr and synonym), each ``(lang, term)`` once.
What is measured, each run in a fresh process:

- ``gloss CLI``: ``gloss scan FILE --format jsonl > /dev/null``, end to end (the automaton
  already kept beside the index by a first, untimed run);
- ``gloss library``: :func:`glossary_cli.text.scan.scan` in-process (``load``: opening the
  index and loading the automaton; ``match``: the scan itself, as ``scan_bench.py``'s MEASURE);
- ``flashtext``, ``weblate`` (the port), ``translate-toolkit`` (``benchmarks/peers/``):
  ``load`` reads the terms and builds the matcher, ``match`` is finding the spans in the text.

Per tool the median of ``--runs`` (default 3) runs: ``load`` and ``match`` seconds (timed in
the child), ``end to end`` (the child process's wall time, start-up included) and peak RSS
(``ru_maxrss`` of the child: ``resource.getrusage`` in the in-process children, ``os.wait4``
for the CLI). Ratios are to gloss: a peer's ``match`` to the library's ``match``, its end to
end to the CLI's. Children are spawned by a minimal ``python -I -S`` runner so that the RSS
floor (printed) stays low; a run longer than ``--timeout`` seconds (default 300) is killed and
reported as a timeout, and the tool's remaining runs are skipped. ``--skip`` leaves tools out
(e.g. ``--skip translate-toolkit``: its matcher tries every term against every line, which
takes hours at 100k concepts).

Usage::

    python benchmarks/scan_peers_bench.py                           # both termbases
    python benchmarks/scan_peers_bench.py --termbases bundled --runs 5
    python benchmarks/scan_peers_bench.py --termbases 100k --skip translate-toolkit --timeout 120
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from peers import PEERS  # noqa: E402
from scan_bench import make_text, terms  # noqa: E402

TOOLS = ("gloss CLI", "gloss library", *PEERS)
SKIPPABLE = {"gloss-cli": "gloss CLI", "gloss-library": "gloss library", **{p: p for p in PEERS}}

#: The child-spawning runner (``python -I -S``: a small image, so a low RSS floor). argv:
#: TIMEOUT COMMAND...; the child's standard output goes to /dev/null; prints one JSON line:
#: wall seconds, the child's ru_maxrss (KiB), its exit code, whether it was killed.
RUNNER = r"""
import json, os, signal, sys, time
timeout, cmd = float(sys.argv[1]), sys.argv[2:]
killed = []
t = time.perf_counter()
pid = os.fork()
if pid == 0:
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    try:
        os.execvp(cmd[0], cmd)
    finally:
        os._exit(127)
def kill(signum, frame):
    killed.append(1)
    os.kill(pid, signal.SIGKILL)
signal.signal(signal.SIGALRM, kill)
signal.setitimer(signal.ITIMER_REAL, timeout)
_, status, ru = os.wait4(pid, 0)
wall = time.perf_counter() - t
signal.setitimer(signal.ITIMER_REAL, 0)
print(json.dumps({"wall": wall, "rss_kib": ru.ru_maxrss,
                  "code": os.waitstatus_to_exitcode(status), "timeout": bool(killed)}))
"""

#: gloss's library scan, in-process (as scan_bench.py's MEASURE; the searcher and automaton
#: opened as ``gloss scan`` opens them, ``api._termbase``). argv: TEXT OUT.
LIBRARY = r"""
import json, os, resource, sys, time
t0 = time.perf_counter()
from glossary_cli import api
from glossary_cli.text.scan import scan
searcher, automaton = api._termbase(None, os.environ)  # what `gloss scan` opens
t1 = time.perf_counter()
text = open(sys.argv[1], encoding="utf-8").read()
t2 = time.perf_counter()
found = scan(text, automaton)
t3 = time.perf_counter()
with open(sys.argv[2], "w") as fh:
    json.dump({"load": t1 - t0, "match": t3 - t2, "spans": len(found),
               "rss_kib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}, fh)
"""

#: A peer matcher, in-process. argv: BENCHMARKS_DIR PEER TERMS_JSON TEXT OUT.
PEER = r"""
import json, resource, sys, time
sys.path.insert(0, sys.argv[1])
from peers import load
module = load(sys.argv[2])
t0 = time.perf_counter()
with open(sys.argv[3], encoding="utf-8") as fh:
    pairs = [tuple(p) for p in json.load(fh)]
matcher = module.build(pairs)
t1 = time.perf_counter()
text = open(sys.argv[4], encoding="utf-8").read()
t2 = time.perf_counter()
found = module.match(matcher, text)
t3 = time.perf_counter()
with open(sys.argv[5], "w") as fh:
    json.dump({"load": t1 - t0, "match": t3 - t2, "spans": len(found),
               "rss_kib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}, fh)
"""


def spawn(cmd: list[str], env: dict[str, str], timeout: float) -> dict[str, Any]:
    """Run ``cmd`` under the runner: wall time, peak RSS, exit code, timeout."""
    done = subprocess.run(
        [sys.executable, "-I", "-S", "-c", RUNNER, str(timeout), *cmd],
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout + 60,
        check=False,
    )
    if done.returncode:
        raise RuntimeError(f"runner failed: {done.stderr.strip()}")
    out = dict(json.loads(done.stdout))
    out["stderr"] = done.stderr  # the child's
    return out


def _error(run: dict[str, Any]) -> str:
    lines = run["stderr"].strip().splitlines()
    return f"exit {run['code']}" + (f": {lines[-1]}" if lines else "")


def gloss_cli() -> list[str]:
    beside = Path(sys.executable).parent / "gloss"
    return [str(beside)] if beside.exists() else [sys.executable, "-m", "glossary_cli"]


def measure(
    tool: str, files: dict[str, Path], env: dict[str, str], timeout: float
) -> dict[str, Any]:
    """One run of ``tool`` in a fresh process."""
    out = files["root"] / "out.json"
    out.unlink(missing_ok=True)
    if tool == "gloss CLI":
        cmd = [*gloss_cli(), "scan", str(files["text"]), "--format", "jsonl"]
    elif tool == "gloss library":
        cmd = [sys.executable, "-c", LIBRARY, str(files["text"]), str(out)]
    else:
        cmd = [
            sys.executable,
            "-c",
            PEER,
            str(HERE),
            tool,
            str(files["terms"]),
            str(files["text"]),
            str(out),
        ]
    run = spawn(cmd, env, timeout)
    row: dict[str, Any] = {"wall": run["wall"], "rss_kib": run["rss_kib"]}
    if run["timeout"]:
        return {"timeout": True}
    if tool == "gloss CLI":
        if run["code"] not in (0, 1) or "Traceback" in run["stderr"]:
            return {"error": _error(run)}
        return row
    if run["code"] or not out.exists():
        return {"error": _error(run)}
    inner = json.loads(out.read_text())
    row.update(load=inner["load"], match=inner["match"], spans=inner["spans"])
    row["rss_kib"] = inner["rss_kib"]  # the child's own getrusage
    return row


def bench(name: str, env: dict[str, str], opts: argparse.Namespace, tools: list[str]) -> str:
    """Measure every tool against one termbase; its Markdown table."""
    root = Path(tempfile.mkdtemp(prefix="gloss-peers-"))
    try:
        names = list(dict.fromkeys(terms(env)))  # also compiles the index, untimed
        text = root / "text.txt"
        text.write_text(make_text(names, int(opts.mb * 1_000_000), 7), encoding="utf-8")
        pairs = root / "terms.json"
        pairs.write_text(json.dumps(names, ensure_ascii=False), encoding="utf-8")
        files = {"root": root, "text": text, "terms": pairs}
        warm = [*gloss_cli(), "scan", str(text), "--format", "jsonl"]
        subprocess.run(warm, env=env, stdout=subprocess.DEVNULL, check=False)  # the automaton
        floor = spawn(["true"], env, 10)["rss_kib"] / 1024
        results: dict[str, list[dict[str, Any]]] = {t: [] for t in tools}
        for _ in range(opts.runs):  # rounds: every tool once per round, in turn
            for tool in tools:
                done = results[tool]
                if done and ("timeout" in done[-1] or "error" in done[-1]):
                    continue
                done.append(measure(tool, files, env, opts.timeout))
                print(f"  {name}: {tool}: {done[-1]}", file=sys.stderr)
        size = text.stat().st_size / 1e6
        return table(name, results, len(names), size, floor, opts)
    finally:
        shutil.rmtree(root, ignore_errors=True)


def median(rows: list[dict[str, Any]], key: str) -> float | None:
    values = [r[key] for r in rows if key in r]
    return statistics.median(values) if values else None


def table(
    name: str,
    results: dict[str, list[dict[str, Any]]],
    n: int,
    size: float,
    floor: float,
    opts: argparse.Namespace,
) -> str:
    def secs(v: float | None) -> str:
        return "–" if v is None else f"{v:.3f} s"

    def times(v: float | None, base: float | None) -> str:
        return "–" if v is None or not base else f"{v / base:.1f}×"

    lib = results.get("gloss library", [])
    cli = results.get("gloss CLI", [])
    base_match, base_wall = median(lib, "match"), median(cli, "wall")
    lines = [
        f"**{name}**: {n:,} terms; text {size:.2f} MB; median of {opts.runs} runs; "
        f"RSS floor {floor:.0f} MiB",
        "",
        "| tool | load | match | × gloss scan | end to end | × gloss CLI | peak RSS | spans |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for tool, rows in results.items():
        failed = next((r for r in rows if "timeout" in r or "error" in r), None)
        if failed is not None and not any("wall" in r for r in rows):
            what = f"timeout (> {opts.timeout:.0f} s)" if "timeout" in failed else failed["error"]
            lines.append(f"| {tool} | {what} | | | | | | |")
            continue
        match, wall = median(rows, "match"), median(rows, "wall")
        rss, spans = median(rows, "rss_kib"), median(rows, "spans")
        lines.append(
            f"| {tool} | {secs(median(rows, 'load'))} | {secs(match)} | "
            f"{times(match, base_match)} | {secs(wall)} | {times(wall, base_wall)} | "
            f"{'–' if rss is None else f'{rss / 1024:.0f} MiB'} | "
            f"{'–' if spans is None else f'{int(spans):,}'} |"
        )
    return "\n".join(lines)


def large_data(opts: argparse.Namespace) -> Path:
    """The 100k data directory, generated when missing."""
    data = Path(opts.large_data)
    if not (data / "concepts.yaml").is_file():
        print(f"generating 100,000 concepts into {data} ...", file=sys.stderr)
        subprocess.run(
            [
                sys.executable,
                str(HERE / "generate.py"),
                "--concepts",
                "100000",
                "--out",
                str(data),
                "--format",
                "yaml",
            ],
            check=True,
        )
    return data


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--termbases", default="bundled,100k", help="bundled, 100k, or both")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--mb", type=float, default=1.0)
    parser.add_argument("--timeout", type=float, default=300, help="seconds per run")
    parser.add_argument(
        "--skip",
        action="append",
        default=[],
        choices=sorted(SKIPPABLE),
        help="leave a tool out (repeatable)",
    )
    parser.add_argument("--large-data", default="/tmp/gloss-bench/data-100000")
    parser.add_argument("--large-cache", default="/tmp/gloss-bench/cache-100000")
    opts = parser.parse_args()
    skipped = {SKIPPABLE[s] for s in opts.skip}
    tools = [t for t in TOOLS if t not in skipped]
    chosen = [t.strip() for t in opts.termbases.split(",") if t.strip()]
    unknown = set(chosen) - {"bundled", "100k"}
    if unknown:
        parser.error(f"unknown termbases: {', '.join(sorted(unknown))}")
    tables = []
    for name in chosen:
        scratch = Path(tempfile.mkdtemp(prefix="gloss-peers-env-"))
        env = {k: v for k, v in os.environ.items() if not k.startswith("GLOSS_")}
        env["GLOSS_USER_DATA"] = str(scratch / "user")  # no user glossaries
        env["GLOSS_STATE"] = str(scratch / "state")
        if name == "bundled":
            env["GLOSS_CACHE"] = str(scratch / "cache")
        else:
            env["GLOSS_DATA"] = str(large_data(opts))
            env["GLOSS_CACHE"] = opts.large_cache
        try:
            tables.append(bench(name, env, opts, tools))
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
    print("\n\n".join(tables))


if __name__ == "__main__":
    main()
