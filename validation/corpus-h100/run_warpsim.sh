#!/bin/sh
# validation/corpus-h100/run_warpsim.sh — runs the correlation corpus under warpsim (issue 59).
#
#   sh validation/corpus-h100/run_warpsim.sh [-o OUTDIR] [-k REGEX] CORPUS_DIR [WARPSIM]
#
# CORPUS_DIR holds the corpus's programs already built (one executable per program, named as
# programs.txt's first field, built with CUDA 11.8 for sm_90 and `-cudart shared`: README.md
# says from what). This script builds nothing: the programs are other people's code, which the
# workplace's rule keeps out of the repository (docs/decisions.md, "Every program").
# Each program found runs once, with programs.txt's arguments, under
#   warpsim cuda -c h100 --set launch.flush=all --launch-count N --stats=json
# (every launch cold, as ncu's --cache-control all flushed the caches before each profiled one;
# the first N launches timed, as ncu --launch-count N profiled them; later ones functional).
# Writes OUTDIR/NAME.json (warpsim's per-launch statistics), NAME.out (the program's stdout),
# NAME.err, and OUTDIR/simulated.csv (one row per timed launch, compare.py's input).
# Programs missing from CORPUS_DIR are listed and skipped.
set -u
here=$(cd "$(dirname "$0")" && pwd)
OUTDIR=${TMPDIR:-/tmp}/warpsim-corpus
ONLY=.
while [ $# -gt 0 ]; do
    case "$1" in
        -o) OUTDIR=$2; shift 2 ;;
        -k) ONLY=$2; shift 2 ;;
        *) break ;;
    esac
done
[ $# -ge 1 ] || { echo "usage: run_warpsim.sh [-o OUTDIR] [-k REGEX] CORPUS_DIR [WARPSIM]" >&2; exit 2; }
CORPUS=$(cd "$1" && pwd) || exit 2
WARPSIM=$(cd "$(dirname "${2:-./warpsim}")" && pwd)/$(basename "${2:-./warpsim}")
[ -x "$WARPSIM" ] || { echo "run_warpsim: $WARPSIM is not built" >&2; exit 2; }
TIMEOUT=${CORPUS_TIMEOUT:-600}
mkdir -p "$OUTDIR"
missing=""
grep -v '^#' "$here/programs.txt" | while IFS='|' read -r name suite folder count args; do
    [ -n "$name" ] || continue
    echo "$name" | grep -E -q "$ONLY" || continue
    if [ ! -x "$CORPUS/$name" ]; then echo "$name: not in $CORPUS, skipped" >&2; continue; fi
    run=$(mktemp -d)
    t0=$(date +%s)
    # $args is split into arguments on purpose
    (cd "$run" && timeout -k 10 "$TIMEOUT" "$WARPSIM" cuda -c h100 --set launch.flush=all --launch-count "$count" \
        --stats=json --stats-file "$OUTDIR/$name.json" -- "$CORPUS/$name" $args) > "$OUTDIR/$name.out" 2> "$OUTDIR/$name.err"
    rc=$?
    rm -rf "$run"
    echo "$name rc=$rc $(( $(date +%s) - t0 )) s" >&2
done
python3 "$here/compare.py" --simulated-from "$OUTDIR" > "$OUTDIR/simulated.csv"
