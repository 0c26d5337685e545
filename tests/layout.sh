#!/bin/sh
# The source layout keeps its promises (docs/architecture.md):
# - every file of sim/ lives in a sub-folder, and no file of sim/ or isa/
#   is over 600 lines;
# - a folder includes only the folders below it in the layering
#   (util < isa < config, stats < exec, mem < sm < gpu < front, out < cli < sweep, cuda);
# - outside sim/mem, only the memory system's interface (mem/memsys.h) and
#   the generic cache (mem/cache.h) are included, never a block's header;
# - tables (*.def) are data that any folder may read;
# - a header named *_internal.h is included only from its own folder.
. "${top_srcdir:-.}/tests/lib.sh"
cd "$top" || exit 1
allowed() {   # the folders a folder may include
    case $1 in
    util) echo "util" ;;
    isa) echo "util isa" ;;
    config|stats) echo "util isa config stats" ;;
    exec) echo "util isa config stats exec" ;;
    mem) echo "util isa config stats mem" ;;
    sm) echo "util isa config stats exec mem sm" ;;
    gpu) echo "util isa config stats exec mem sm gpu" ;;
    front|out) echo "util isa config stats exec mem sm gpu front out" ;;
    cli) echo "util isa config stats exec mem sm gpu front out cli" ;;
    sweep) echo "util isa config stats exec mem sm gpu front out cli sweep" ;;
    cuda) echo "util isa config stats exec mem sm gpu front out cli cuda" ;;
    *) echo "" ;;
    esac
}
for f in sim/*; do
    [ -d "$f" ] || { echo "FAIL: $f is not in a sub-folder of sim/"; fail=1; }
done
for f in sim/*/*.c sim/*/*.h sim/*/*.def isa/*.c isa/*.h isa/*.def; do
    n=$(wc -l < "$f")
    [ "$n" -le 600 ] || { echo "FAIL: $f has $n lines (at most 600)"; fail=1; }
    dir=$(basename "$(dirname "$f")")
    ok=$(allowed "$dir")
    [ -n "$ok" ] || { echo "FAIL: $f: folder $dir has no place in the layering (tests/layout.sh)"; fail=1; continue; }
    for inc in $(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$f"); do
        case $inc in *.def) continue ;; esac   # tables are data: any layer may read them
        case $inc in
        */*) to=${inc%%/*} ;;
        *) if [ -e "$(dirname "$f")/$inc" ]; then to=$dir; else to=isa; fi ;;
        esac
        case " $ok " in
        *" $to "*) ;;
        *) echo "FAIL: $f includes $inc: $dir may include only $ok"; fail=1 ;;
        esac
        case $inc in
        mem/memsys.h|mem/cache.h) ;;
        mem/*) [ "$dir" = mem ] || { echo "FAIL: $f includes $inc: outside sim/mem use mem/memsys.h"; fail=1; } ;;
        esac
        case $inc in
        *_internal.h) [ "$to" = "$dir" ] || { echo "FAIL: $f includes $inc, private to its folder"; fail=1; } ;;
        esac
    done
done
# the check can fail: a made-up violation is caught
mkdir -p "$tmp/sim/mem"
printf '#include "sm/sm.h"\n' > "$tmp/sim/mem/x.c"
inc=$(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$tmp/sim/mem/x.c")
case " $(allowed mem) " in *" ${inc%%/*} "*) echo "FAIL: mem including sm/ was not caught"; fail=1 ;; esac
[ $fail -eq 0 ] && echo "layout: folders, file sizes and includes keep the layering"
exit $fail
