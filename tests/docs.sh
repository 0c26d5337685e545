#!/bin/sh
# docs/isa.md, docs/config.md and docs/stats.md are generated from the
# tables; fail when a table changed and the page was not regenerated.
set -u
top=${top_srcdir:-.}
bin=${top_builddir:-.}/warpsim
fail=0
for page in isa config stats sass; do
    if ! "$bin" docs $page | diff -u "$top/docs/$page.md" - >/dev/null; then
        echo "FAIL: docs/$page.md is out of date: run 'make docs'"
        "$bin" docs $page | diff -u "$top/docs/$page.md" - | head -20
        fail=1
    fi
done
exit $fail
