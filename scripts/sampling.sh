#!/bin/sh
# Sampled simulation against the full run (docs/sampling.md; make sampling).
# usage: scripts/sampling.sh [LIST]        (default: validation/sampling.list)
# Each line of LIST (# comments): KIND CONFIG FILE [ARGS...], paths from the
# repository's root: `run CONFIG WORKLOAD.sass [-D ...]` (warpsim run) or
# `cuda CONFIG PROGRAM --sass DUMP [options]` (warpsim cuda; the program's
# output is compared too). Each case
# runs in full and with --sample, one after the other, --threads 1; the table
# gives both runs' program cycles, the error, whether the 95% interval holds
# the full value, and the CPU seconds of each (user + system of the whole
# process: /usr/bin/time). A case fails when a result differs (checks,
# thread instructions, a CUDA program's output). The last lines: mean absolute error, worst case, interval
# coverage, median CPU-time ratio, and the targets (issue 60) met or not.
# SAMPLING_BOUND_MEAN / SAMPLING_BOUND_WORST (percent, default 2 and 5) and
# SAMPLING_COVERAGE (percent, default 90) set the targets; the exit status
# is 1 when a result differs or a target is missed.
# SAMPLING_ARGS: more options for both runs (e.g. --set sample.window=500).
top=$(cd "$(dirname "$0")/.." && pwd)
bin=${WARPSIM:-$top/warpsim}
list=${1:-$top/validation/sampling.list}
field() { grep -o "\"$1\":[0-9.e+-]*" | head -n 1 | sed 's/.*://'; }
# one run's JSON: the program's figures, one line "cycles lo hi cpu counts
# check": cycles summed over the launches (the sampled run's program figure
# and interval), the CPU seconds (from $2: /usr/bin/time's user + system,
# warpsim cuda's JSON has no host object), the kernels' thread instructions
# summed, and the check's verdict
figures() {
    json=$1
    check=$(grep -o '"check":"[a-z]*"' "$json" | head -n 1 | sed 's/.*:"//; s/"//')
    cpu=$(awk '{ t = $1 + $2 } END { print t + 0 }' "$2")
    insns=$(grep -o '"thread_instructions":[0-9]*' "$json" | sed 's/.*://' | awk '{ t += $1 } END { printf "%.0f", t }')
    s=$(grep -o '"sample":{"cycles":[^}]*' "$json")
    if [ -n "$s" ]; then
        cycles=$(printf '%s' "$s" | field cycles); lo=$(printf '%s' "$s" | field cycles_low); hi=$(printf '%s' "$s" | field cycles_high)
    else
        cycles=$(sed 's/"sample":{[^}]*}//g; s/"host":{[^}]*}//' "$json" | grep -o '"cycles":[0-9]*' | sed 's/.*://' | awk '{ t += $1 } END { printf "%.0f", t }')
        lo=$cycles; hi=$cycles
    fi
    echo "$cycles $lo $hi $cpu $insns ${check:-none}"
}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
echo "| case | full cycles | sampled cycles | error | 95% interval | holds | full CPU s | sampled CPU s | ratio |"
echo "|---|---|---|---|---|---|---|---|---|"
status=0
grep -v '^[[:space:]]*\(#\|$\)' "$list" > "$tmp/list"
cd "$top" || exit 1
# shellcheck disable=SC2086
while read -r kind cfg file args; do
    for how in full sampled; do
        smp=""; [ $how = full ] || smp=--sample
        case $kind in
        run) /usr/bin/time -f '%U %S' -o "$tmp/$how.time" "$bin" run $smp -c "$cfg" --stats=json --threads 1 $SAMPLING_ARGS $args "$file" > "$tmp/$how.json" 2> "$tmp/$how.err" < /dev/null
             : > "$tmp/$how.out" ;;
        # the program's own output (its checks) on stdout, compared
        cuda) /usr/bin/time -f '%U %S' -o "$tmp/$how.time" "$bin" cuda $smp -c "$cfg" --stats=json --stats-file "$tmp/$how.json" --threads 1 $SAMPLING_ARGS $args -- "$file" \
                  > "$tmp/$how.out" 2> "$tmp/$how.err" < /dev/null ;;
        *) echo "sampling.sh: unknown kind '$kind' in $list" >&2; exit 1 ;;
        esac
    done
    f=$(figures "$tmp/full.json" "$tmp/full.time"); s=$(figures "$tmp/sampled.json" "$tmp/sampled.time")
    cmp -s "$tmp/full.out" "$tmp/sampled.out" || s="$s output-differs"
    echo "$cfg $file $args|$f|$s" | awk -F'|' '{
        split($2, f, " "); split($3, s, " ");
        err = f[1] ? 100 * (s[1] - f[1]) / f[1] : 0;
        holds = (s[2] <= f[1] && f[1] <= s[3]) ? "yes" : "no";
        same = (f[5] == s[5] && f[6] == s[6] && f[1] > 0 && s[7] == "") ? "" : " (RESULTS DIFFER)";
        ratio = s[4] > 0 ? f[4] / s[4] : 0;
        printf "| %s%s | %.0f | %.0f | %+.2f%% | [%.0f, %.0f] | %s | %.2f | %.2f | %.1fx |\n", $1, same, f[1], s[1], err, s[2], s[3], holds, f[4], s[4], ratio
    }' | tee -a "$tmp/rows"
done < "$tmp/list"
[ -s "$tmp/rows" ] || { echo "sampling.sh: no case ran" >&2; exit 1; }
awk -F'|' -v bm="${SAMPLING_BOUND_MEAN:-2}" -v bw="${SAMPLING_BOUND_WORST:-5}" -v bc="${SAMPLING_COVERAGE:-90}" '
    { n++; e = $5; gsub(/[ %+]/, "", e); a = e < 0 ? -e : e; sum += a; if (a > worst) worst = a;
      if ($7 ~ /yes/) held++; if ($2 ~ /DIFFER/) differ++;
      r = $10; gsub(/[ x]/, "", r); ratios[n] = r + 0 }
    END {
      for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (ratios[j] < ratios[i]) { t = ratios[i]; ratios[i] = ratios[j]; ratios[j] = t }
      med = n % 2 ? ratios[(n + 1) / 2] : (ratios[n / 2] + ratios[n / 2 + 1]) / 2
      printf "\ncases %d: mean absolute error %.2f%% (target %s%%), worst %.2f%% (target %s%%), interval holds %d of %d (%.0f%%, target %s%%), median CPU-time ratio %.1fx\n",
             n, sum / n, bm, worst, bw, held, n, 100 * held / n, bc, med
      bad = differ || sum / n > bm || worst > bw || 100 * held / n < bc
      if (differ) printf "FAIL: %d case(s) gave different results\n", differ
      else if (bad) print "FAIL: a target was missed"
      else print "PASS"
      exit bad }' "$tmp/rows" || status=1
exit $status
