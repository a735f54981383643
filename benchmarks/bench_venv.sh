# Sourced by suite.sh and instant.sh (from the repository's root): sets repo, out (the results
# file: $1, default benchmarks/RESULTS.md), work ($BENCH_DIR, default /tmp/gloss-bench), and
# py and gloss of a non-editable install of this checkout in $work/venv (made once; this
# checkout's code reinstalled on every run).
repo=$PWD
out=${1:-$repo/benchmarks/RESULTS.md}
work=${BENCH_DIR:-/tmp/gloss-bench}
mkdir -p "$work"
venv=$work/venv
if [ ! -x "$venv/bin/gloss" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet "$repo"
fi
"$venv/bin/pip" install --quiet --no-deps --force-reinstall "$repo"  # this checkout's code
py=$venv/bin/python
gloss=$venv/bin/gloss
