#!/bin/sh
# Set up a fresh Debian machine (as root) and build warpsim.
# Installs only what is missing, then autoreconf, configure and make.
set -e
cd "$(dirname "$0")/.."
missing=""
command -v autoreconf >/dev/null 2>&1 || missing="$missing autoconf"
command -v automake   >/dev/null 2>&1 || missing="$missing automake"
command -v libtoolize >/dev/null 2>&1 || missing="$missing libtool"
command -v pkg-config >/dev/null 2>&1 || missing="$missing pkg-config"
command -v cc         >/dev/null 2>&1 || missing="$missing gcc"
command -v make       >/dev/null 2>&1 || missing="$missing make"
command -v xz         >/dev/null 2>&1 || missing="$missing xz-utils"   # reads .traceg.xz traces
command -v parallel   >/dev/null 2>&1 || missing="$missing parallel"  # runs a sweep's jobs (warpsim sweep --emit-jobs)
command -v chromium   >/dev/null 2>&1 || missing="$missing chromium"  # tests/report.sh opens --report pages in a headless browser
command -v clang      >/dev/null 2>&1 || missing="$missing clang"     # scripts/check-more.sh: ASan+UBSan suite, libFuzzer harnesses
if ! pkg-config --exists check 2>/dev/null; then missing="$missing check"; fi
if [ -n "$missing" ]; then
    echo "setup: installing$missing"
    if [ "$(id -u)" != 0 ]; then
        echo "setup: need root to apt-get install$missing" >&2
        exit 2
    fi
    DEBIAN_FRONTEND=noninteractive apt-get update -q
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q $missing
fi
if [ ! -x configure ] || [ ! -f build-aux/install-sh ] || [ configure.ac -nt configure ] || [ Makefile.am -nt Makefile.in ]; then
    autoreconf -fi
fi
if [ ! -f Makefile ] || [ configure -nt config.status ]; then
    ./configure ${WARPSIM_CONFIGURE_FLAGS:-}
fi
make -j"$(nproc 2>/dev/null || echo 2)"
