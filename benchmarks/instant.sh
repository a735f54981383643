#!/usr/bin/env bash
# The everyday commands against the floor Typer sets (`python -c "import typer"`), measured
# side by side in one run, as a user runs them: a non-editable install in a fresh venv, the
# user's own cache directory (no GLOSS_CACHE: platformdirs runs), the bundled glossary.
#
#   bash benchmarks/instant.sh [RESULTS_FILE]
#
# On a pipe: show card, search in Bengali, list, stats. On a pseudo-terminal: the same and
# the search table, against the floor rich sets too (benchmarks/rich_floor.py: Typer, then
# a minimal rich table of the same rows). The first run after install: each round starts
# from an empty cache (`first-show`), against the same command with the cache kept
# (`second-show`, which runs the same `rm` on a path that does not exist), and a first run
# that compiles its index (`first-show-compiling`: the same data as a directory of its own).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=benchmarks/bench_venv.sh
. benchmarks/bench_venv.sh
home=$work/home
rm -rf "$home" && mkdir -p "$home"
export HOME=$home
unset GLOSS_CACHE GLOSS_DATA GLOSS_USER_DATA
# Import reports of the card and of the JSON lookup, kept beside the results (through the
# installed script: `python -m glossary_cli` here would import the checkout).
"$gloss" show LoRA >/dev/null
"$py" -X importtime "$gloss" show LoRA 2>"$repo/benchmarks/importtime-show.txt" >/dev/null
"$py" -X importtime "$gloss" show LoRA --json 2>"$repo/benchmarks/importtime-show-json.txt" >/dev/null
"$gloss" search quantization --json >"$work/rows.json"
# the bundled glossary as a data directory of its own: no shipped index is taken for it, so a
# first run compiles its index, as every first run did before the wheel shipped one
rm -rf "$work/bundled-copy" && cp -r "$repo/data" "$work/bundled-copy"
run() { "$py" "$repo/benchmarks/run.py" --runs "${BENCH_RUNS:-21}" --markdown "$out" --env HOME="$home" "$@"; }

run --title "Everyday commands, stdout a pipe" \
  --cmd floor="$py -c 'import typer'" \
  --cmd "show=$gloss show LoRA" \
  --cmd "search-bn=$gloss search প্রুনিং" \
  --cmd "list=$gloss list" \
  --cmd "stats=$gloss stats"

# (a block of its own: its rounds empty the cache)
run --title "The first run after install, stdout a pipe" \
  --cmd floor="$py -c 'import typer'" \
  --cmd "first-show=sh -c 'rm -rf $home/.cache; exec $gloss show LoRA'" \
  --cmd "second-show=sh -c 'rm -rf $home/.cache/none; exec $gloss show LoRA'" \
  --cmd "first-show-compiling=sh -c 'rm -rf $home/.cache; exec $gloss show LoRA --data $work/bundled-copy'"

tty="--env TERM=xterm-256color --tty rich-floor --tty search-table --tty show --tty list --tty stats"
tty="$tty --tty floor"
# shellcheck disable=SC2086
run --title "Everyday commands on a terminal" $tty \
  --cmd floor="$py -c 'import typer'" \
  --cmd "rich-floor=$py $repo/benchmarks/rich_floor.py $work/rows.json" \
  --cmd "search-table=$gloss search quantization --no-pager" \
  --cmd "show=$gloss show LoRA --no-pager" \
  --cmd "list=$gloss list --no-pager" \
  --cmd "stats=$gloss stats --no-pager"
