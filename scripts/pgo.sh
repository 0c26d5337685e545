#!/bin/sh
# Profile-guided build of ./warpsim (`make pgo`, gcc): an instrumented
# warpsim runs a training set (shipped workloads on Fermi, Kepler, GCN and
# Hopper configs, execution- and trace-driven, and functional), then warpsim
# is rebuilt from the profile. Measured 1.13-1.18x on gpu3 and histogram v3
# at 4cb3ee0 (make bench), 1.04-1.07x on gf100 and h100 gpu3 at 42e7204
# (time-sliced: docs/speed.md). Run from the build directory; MAKE and CC come from make.
# PGO_TRAINING=quick trains on two small runs only (tests/pgo.sh).
set -eu
make=${MAKE:-make}
cc=${CC:-cc}
top=$(cd "$(dirname "$0")/.." && pwd)
if ! $cc -v 2>&1 | grep -q '^gcc version'; then
    echo "make pgo: profile-guided builds need gcc ($cc is not gcc); the ordinary build is unchanged" >&2
    exit 2
fi
gen="-fprofile-generate"
use="-fprofile-use -fprofile-partial-training -Wno-missing-profile -Wno-error=coverage-mismatch"
find . -name '*.gcda' -exec rm -f {} +
$make clean >/dev/null
$make WARPSIM_PGO="$gen" warpsim
echo "make pgo: training the instrumented warpsim"
train() { ./warpsim "$@" > /dev/null || { echo "make pgo: training run failed: warpsim $*" >&2; exit 1; }; }
w=$top/workloads
if [ "${PGO_TRAINING:-}" = quick ]; then
    train run -c gf100 -D n=65536 "$w/sum/gpu3_grid_stride.sass"
    train run -c gcn-tahiti -D n=65536 "$w/histogram/v3_shared_bins.sass"
else
train run -c gf100 -D n=1048576 "$w/sum/gpu3_grid_stride.sass"
train run -c gf100 -D n=1048576 "$w/sum/gpu4_local.sass"
train run -c gf100 -D n=2097152 "$w/histogram/v3_shared_bins.sass"
train run -c gf100 -D n=524288 "$w/histogram/v1_atomic_per_byte.sass"
train run -c gk110 "$w/sort/bitonic_sort.sass"
train run -c gk110 -D n=65536 "$w/scan/block_scan.sass"
train run -c gcn-tahiti -D n=1048576 "$w/histogram/v3_shared_bins.sass"
train run -c h100 -D n=524288 "$w/sum/gpu3_grid_stride.sass"
train run --functional -D n=2097152 "$w/histogram/v3_shared_bins.sass"
train trace -c gf100 "$top/tests/traces/vectoradd-sm80/kernelslist.g"
fi
$make clean >/dev/null
$make WARPSIM_PGO="$use" warpsim
find . -name '*.gcda' -exec rm -f {} +
echo "make pgo: ./warpsim rebuilt from the profile (make clean && make: the ordinary build again)"
