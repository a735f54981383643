#!/usr/bin/env bash
# Every figure of benchmarks/RESULTS.md, measured side by side in one run on this machine.
#
#   bash benchmarks/suite.sh [RESULTS_FILE]
#
# Installs gloss (non-editable) into a fresh venv under $BENCH_DIR (default /tmp/gloss-bench),
# generates the 100k and 1M synthetic glossaries there if missing, and appends tables to
# RESULTS_FILE (default benchmarks/RESULTS.md). Takes about an hour, most of it at 1M.
# BENCH_SKIP_BUILD=1 skips the index-build timings (the lookups still compile their index).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=benchmarks/bench_venv.sh
. benchmarks/bench_venv.sh
run() { "$py" "$repo/benchmarks/run.py" --markdown "$out" "$@"; }
export GLOSS_CACHE=$work/cache

# Import report of the fastest path (kept beside the results).
# (Through the installed script: `python -m glossary_cli` here would import the checkout.)
"$gloss" show LoRA --json >/dev/null
"$py" -X importtime "$gloss" show LoRA --json 2>"$repo/benchmarks/importtime-show-json.txt" >/dev/null

# 1. The bundled glossary.
"$gloss" search quantization >/dev/null
# search-table writes into /dev/null, search-table-tty onto a pseudo-terminal (rich colours it;
# --no-pager, as nobody is there to quit the pager).
run --title "Bundled glossary (40 concepts)" --env TERM=xterm-256color --tty search-table-tty \
  --cmd floor="$py -c 'import typer'" \
  --cmd "show-json=$gloss show LoRA --json" \
  --cmd "search-table=$gloss search quantization" \
  --cmd "search-table-tty=$gloss search quantization --no-pager" \
  --cmd "search-json=$gloss search quantization --json"

for n in ${BENCH_SIZES:-100000 1000000}; do
  data=$work/data-$n
  [ -f "$data/concepts.yaml" ] || "$py" "$repo/benchmarks/generate.py" --concepts $n --out "$data" --format yaml
  # 2. Index build against a bare libyaml parse of the same records.
  rounds=3; [ $n = 1000000 ] && rounds=1
  if [ -z "${BENCH_SKIP_BUILD:-}" ]; then
    run --title "Index build, $n concepts" --runs $rounds --warmup 0 \
      --cmd "parse=$py $repo/benchmarks/parse_yaml.py $data" \
      --cmd "build=$py $repo/benchmarks/build_index.py $data"
  fi
  # 3. Lookups, once the index exists, on the concept halfway through the data.
  eval "$("$py" "$repo/benchmarks/pick_queries.py" "$data")"
  GLOSS_DATA=$data "$gloss" show "$(eval echo "$show")" --json >/dev/null
  run --title "Lookups, $n concepts (GLOSS_DATA=$data)" --env GLOSS_DATA="$data" \
    --cmd "show-bundled=env -u GLOSS_DATA $gloss show LoRA --json" \
    --cmd "show=$gloss show $show --json" \
    --cmd "search-en=$gloss search $en --json" \
    --cmd "search-bn=$gloss search $bn --json" \
    --cmd "search-ar=$gloss search $ar --json" \
    --cmd "search-typo=$gloss search $typo --json" \
    --cmd "search-bn-inflected=$gloss search $bn_inflected --json" \
    --cmd "search-ar-clitic=$gloss search $ar_clitic --json" \
    --cmd "search-regex=$gloss search --mode regex $regex --json" \
    --cmd "search-bn-description=$gloss search $bn_desc --json" \
    --cmd "search-ar-description=$gloss search $ar_desc --json" \
    --cmd "search-en-description=$gloss search $en_desc --json"
done
