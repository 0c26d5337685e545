# tests/lib.sh — sourced by the shell tests: paths, a scratch directory
# removed at exit, $long (the long pass), and `expect STATUS PATTERN -- command...`, which fails
# the test (fail=1) unless the command exits STATUS and prints PATTERN.
set -u
top=${top_srcdir:-.}
bin=${top_builddir:-.}/warpsim
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
# WARPSIM_LONG=1 (make check-long, .ci/run): the combinatorial tests run every
# combination and full sizes; unset (make check), they sample (each test says how)
long=${WARPSIM_LONG:-}
expect() {
    want=$1; pattern=$2; shift 3
    out=$("$@" 2>&1); got=$?
    if [ "$got" -ne "$want" ] || ! printf '%s' "$out" | grep -q -- "$pattern"; then
        echo "FAIL: $* -> exit $got (want $want), output lacks '$pattern':"; echo "$out" | head -20; fail=1
    fi
}
