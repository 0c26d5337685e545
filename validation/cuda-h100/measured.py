#!/usr/bin/env python3
"""validation/cuda-h100/measured.py — builds measured.csv from the raw H100 results (raw/, see run.sh).

One row per kernel launch measured: a program's launches at one size, in the order the program
(and the workload file workloads/cuda/WORKLOAD.sass) makes them. Sources of each column:
  kernel, workload, size_args, grid, block   raw/time/WORKLOAD.txt (`kernel=...` lines)
  median_us (and min_us, warm_median_us)     the same line: cudaEvent, 100 launches, L2 flushed
                                             before each (warm: back to back)
  ncu_* , warp_insts, dram_*, ncu_time_ns, regs
                                             raw/ncu/WORKLOAD.csv: ncu's launch with the same
                                             position; raw/ncu/WORKLOAD.out lists the launches
                                             in order (kernel, size, grid, block) to match them
size_args is the -D form: `warpsim run -D rows=1024 -D cols=1024 workloads/cuda/transpose_naive.sass`
makes the same launches (split it on spaces). `launch` is the launch's 1-based position in the
workload's launch list (reduce_shared and scan_block launch one kernel several times).
Every pairing is checked (kernel name, grid, block, and ncu's grid and block size); a mismatch
stops the script.
"""
import csv
import glob
import os
import re
import sys

here = os.path.dirname(os.path.abspath(__file__))
raw = os.path.join(here, "raw")
order = [l.split()[0] for l in open(os.path.join(raw, "sizes.txt")) if l.strip()]

def kv_line(line):
    return dict(f.split("=", 1) for f in line.split() if "=" in f)

def ncu_launches(path):
    """ncu --csv rows grouped by launch ID, in ID order"""
    rows = {}
    with open(path) as f:
        lines = [l for l in f if l.startswith('"')]
    for r in csv.DictReader(lines):
        d = rows.setdefault(int(r["ID"]), {"name": r["Kernel Name"], "grid": r["Grid Size"], "block": r["Block Size"]})
        d[r["Metric Name"]] = r["Metric Value"].replace(",", "")
    return [rows[i] for i in sorted(rows)]

def dims(s):  # "(32, 8, 1)" or "32x8x1" -> (32, 8, 1)
    return tuple(int(x) for x in re.findall(r"\d+", s))

cols = ["kernel", "workload", "size_args", "grid", "block", "median_us", "ncu_cycles", "ncu_gpc_cycles",
        "warp_insts", "dram_read_bytes", "dram_write_bytes",
        "launch", "min_us", "warm_median_us", "ncu_time_ns", "regs", "time_file", "ncu_file"]
out = csv.writer(sys.stdout, lineterminator="\n")
out.writerow(cols)
for w in order:
    tfile, nfile, ofile = (os.path.join(raw, d, w + e) for d, e in (("time", ".txt"), ("ncu", ".csv"), ("ncu", ".out")))
    timed = [kv_line(l) for l in open(tfile) if l.startswith("kernel=")]
    listed = [kv_line(l) for l in open(ofile) if l.startswith("launch kernel=")]
    prof = ncu_launches(nfile)
    if not (len(timed) == len(listed) == len(prof)):
        sys.exit(f"{w}: {len(timed)} timed, {len(listed)} listed, {len(prof)} profiled launches")
    pos, last = 0, None
    for t, l, p in zip(timed, listed, prof):
        for k in ("kernel", "size", "grid", "block"):
            if t[k] != l[k]:
                sys.exit(f"{w}: timed {t} and profiled {l} differ in {k}")
        if not p["name"].startswith(t["kernel"] + "("):
            sys.exit(f"{w}: ncu launch {p['name']} is not {t['kernel']}")
        g, b = dims(t["grid"]), dims(t["block"])
        if dims(p["grid"]) != g or dims(p["block"]) != b:
            sys.exit(f"{w}: ncu grid/block {p['grid']} {p['block']} differ from {t['grid']} {t['block']}")
        if int(p["launch__grid_size"]) != g[0] * g[1] * g[2] or int(p["launch__block_size"]) != b[0] * b[1] * b[2]:
            sys.exit(f"{w}: ncu launch__grid_size/block_size differ")
        pos = pos + 1 if t["size"] == last else 1
        last = t["size"]
        out.writerow([t["kernel"], w, t["size"].replace(",", " "), t["grid"], t["block"], t["median_us"],
                      p["sm__cycles_elapsed.max"], p["gpc__cycles_elapsed.max"], p["smsp__inst_executed.sum"],
                      p["dram__bytes_read.sum"], p["dram__bytes_write.sum"],
                      pos, t["min_us"], t["warm_median_us"], p["gpu__time_duration.sum"],
                      p["launch__registers_per_thread"],
                      os.path.relpath(tfile, here), os.path.relpath(nfile, here)])
