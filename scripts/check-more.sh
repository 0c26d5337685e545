#!/bin/sh
# The checks beyond the test suite, run by .ci/run and by the make targets
# check-sanitize and check-fuzz (`sh scripts/check-more.sh [sanitize|fuzz]`,
# both when none is named):
#   sanitize  the whole suite (its quick pass) again in a clang build with
#             AddressSanitizer and UndefinedBehaviorSanitizer (clang's UBSan
#             also catches float-to-integer conversions out of range);
#   fuzz      a short libFuzzer run of every harness of tests/fuzz
#             (FUZZ_SMOKE_RUNS executions each from a fixed seed, default
#             3000: the same code gives the same result).
# Each builds in its own copy of the distributed files (make distdir), so
# the source tree's own build is left as it is. Run after scripts/setup.sh.
set -e
cd "$(dirname "$0")/.."
what=${1:-all}
case $what in
sanitize|fuzz|all) ;;
*) echo "check-more: unknown part '$what' (sanitize, fuzz, or none for both)" >&2; exit 2 ;;
esac
command -v clang > /dev/null || { echo "check-more: clang is missing (scripts/setup.sh installs it)" >&2; exit 2; }
jobs=$(nproc 2>/dev/null || echo 2)
copy() {
    rm -rf "$1"
    make -s distdir distdir="$1" > /dev/null
}
if [ "$what" != fuzz ]; then
    copy build-asan
    echo "check-more: the whole suite with clang, ASan and UBSan (build-asan)"
    (cd build-asan && CC=clang ./configure -q --enable-sanitizers CI=1 && make -s -j"$jobs" > /dev/null \
        && make -s -j"$jobs" check)
    rm -rf build-asan
fi
if [ "$what" != sanitize ]; then
    copy build-fuzz
    echo "check-more: each libFuzzer harness, ${FUZZ_SMOKE_RUNS:-3000} executions from seed 1 (build-fuzz)"
    (cd build-fuzz && CC=clang ./configure -q --enable-fuzzing && make -s -j"$jobs" > /dev/null \
        && make -s -j"$jobs" tests/fuzz/fuzz_asm tests/fuzz/fuzz_config tests/fuzz/fuzz_trace tests/fuzz/fuzz_rows tests/fuzz/fuzz_sass > /dev/null \
        && make -s fuzz FUZZ_RUNS="${FUZZ_SMOKE_RUNS:-3000}")
    rm -rf build-fuzz
fi
echo "check-more: passed ($what)"
