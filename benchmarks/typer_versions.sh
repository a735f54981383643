#!/usr/bin/env bash
# Start-up cost of Typer versions, side by side: which Typer gloss should depend on.
#
#   bash benchmarks/typer_versions.sh [RESULTS_FILE] [VERSION ...]
#
# Default versions: the one gloss depends on (0.28.0) and the newest on PyPI. Each gets a venv
# under $BENCH_DIR (default /tmp/gloss-bench-typer); for each, `python -c "import typer"` and
# benchmarks/typer_app.py (a do-nothing app shaped like gloss) are timed interleaved with the
# others. Re-run on every Typer release, and move gloss's pin in pyproject.toml when a newer
# Typer starts as fast.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
out=${1:-$repo/benchmarks/RESULTS.md}
shift || true
versions=("$@")
work=${BENCH_DIR:-/tmp/gloss-bench-typer}
mkdir -p "$work"
if [ ${#versions[@]} -eq 0 ]; then
  python3 -m venv "$work/probe"
  "$work/probe/bin/pip" install --quiet --upgrade typer
  versions=(0.28.0 "$("$work/probe/bin/python" -c 'import importlib.metadata as m; print(m.version("typer"))')")
fi
cmds=()
for v in "${versions[@]}"; do
  venv=$work/typer-$v
  [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet "typer==$v"
  cmds+=(--cmd "import-$v=$venv/bin/python -c 'import typer'")
  cmds+=(--cmd "app-$v=$venv/bin/python $repo/benchmarks/typer_app.py show LoRA --json")
done
python3 "$repo/benchmarks/run.py" --markdown "$out" --title "Typer versions" "${cmds[@]}"
