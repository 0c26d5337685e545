#!/bin/sh
# make pgo (scripts/pgo.sh) in a copy of the source tree: the profile-guided
# warpsim gives the statistics of the ordinary build. Skipped (77) without
# gcc or outside a git checkout (a release tarball), and in the quick pass:
# it builds warpsim twice (make check-long and .ci/run run it).
. "${top_srcdir:-.}/tests/lib.sh"
[ -n "$long" ] || { echo "SKIP: two builds of warpsim: make check-long runs this"; exit 77; }
command -v gcc >/dev/null 2>&1 || { echo "SKIP: no gcc"; exit 77; }
[ -d "$top/.git" ] && command -v git >/dev/null 2>&1 || { echo "SKIP: not a git checkout"; exit 77; }
top=$(cd "$top" && pwd)
ordinary=$(cd "$(dirname "$bin")" && pwd)/warpsim
mkdir "$tmp/src"
(cd "$top" && git ls-files -z | xargs -0 tar cf -) | (cd "$tmp/src" && tar xf -)
cd "$tmp/src" || exit 1
if ! { autoreconf -fi && CC=gcc ./configure && PGO_TRAINING=quick make -j2 V=1 pgo; } > "$tmp/build.log" 2>&1; then
    echo "FAIL: make pgo"; tail -30 "$tmp/build.log"; exit 1
fi
grep -q -- "-fprofile-use" "$tmp/build.log" || { echo "FAIL: the rebuild did not use the profile"; fail=1; }
[ -z "$(find . -name '*.gcda')" ] || { echo "FAIL: profile files left behind"; fail=1; }
strip_host() { sed 's/,"host":{[^}]*}//'; }
for run in "-c gf100 -D n=100000 $top/workloads/sum/gpu3_grid_stride.sass" \
           "-c gcn-tahiti -D n=262144 $top/workloads/histogram/v3_shared_bins.sass" \
           "-c h100 $top/workloads/sort/bitonic_sort.sass"; do
    # shellcheck disable=SC2086
    a=$("$ordinary" run --stats=json $run | strip_host)
    # shellcheck disable=SC2086
    b=$(./warpsim run --stats=json $run | strip_host)
    [ -n "$a" ] && [ "$a" = "$b" ] || { echo "FAIL: statistics differ with the profile-guided build: $run"; fail=1; }
done
exit $fail
