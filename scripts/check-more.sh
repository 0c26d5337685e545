#!/bin/sh
# The checks beyond `make check` that the README's second command runs
# (and .ci/run with it): the whole suite again in a clang build with
# AddressSanitizer and UndefinedBehaviorSanitizer (clang's UBSan also
# catches float-to-integer conversions out of range), and a short libFuzzer
# run of every harness of tests/fuzz (FUZZ_SMOKE_RUNS executions each from
# a fixed seed, default 3000: the same code gives the same result).
# Each builds in its own copy of the distributed files (make distdir), so
# the source tree's own build is left as it is. Run after scripts/setup.sh.
set -e
cd "$(dirname "$0")/.."
command -v clang > /dev/null || { echo "check-more: clang is missing (scripts/setup.sh installs it)" >&2; exit 2; }
jobs=$(nproc 2>/dev/null || echo 2)
for dir in build-asan build-fuzz; do
    rm -rf "$dir"
    make -s distdir distdir="$dir" > /dev/null
done
echo "check-more: the whole suite with clang, ASan and UBSan (build-asan)"
# WARPSIM_SANITIZED: the two combinatorial tests (every_policy, exhaustive)
# take a part of their points, as the sanitizers make each run ~3x slower
(cd build-asan && CC=clang ./configure -q --enable-sanitizers CI=1 && make -s -j"$jobs" > /dev/null \
    && WARPSIM_SANITIZED=1 make -s -j"$jobs" check)
echo "check-more: each libFuzzer harness, ${FUZZ_SMOKE_RUNS:-3000} executions from seed 1 (build-fuzz)"
(cd build-fuzz && CC=clang ./configure -q --enable-fuzzing && make -s -j"$jobs" > /dev/null \
    && make -s -j"$jobs" tests/fuzz/fuzz_asm tests/fuzz/fuzz_config tests/fuzz/fuzz_trace tests/fuzz/fuzz_rows > /dev/null \
    && make -s fuzz FUZZ_RUNS="${FUZZ_SMOKE_RUNS:-3000}")
rm -rf build-asan build-fuzz
echo "check-more: passed"
