#!/usr/bin/env python3
"""validation/labs-h100/figures.py [RAW] — the H100 figures of the labs' programs from run.sh's raw
ncu CSVs (default: validation/labs-h100/raw): one line per program and launch, in launch order,
with the figures the labs quote: cycles (sm__cycles_elapsed.max, and gpc__), warp and thread
instructions, SIMD efficiency (thread instructions / (32 x warp instructions)), shared bank
conflicts and wavefronts, global load requests and sectors."""
import csv, os, sys

raw = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "raw")
NAMES = "divergence bank_conflicts banks_64bit coalescing compaction histogram warp_scan latency_hiding spinlock".split()
SHORT = [("sm__cycles_elapsed.max", "cycles"), ("gpc__cycles_elapsed.max", "gpc_cycles"),
         ("smsp__inst_executed.sum", "inst"), ("smsp__thread_inst_executed.sum", "thread_inst"),
         ("l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum", "bank_conflicts"),
         ("l1tex__data_pipe_lsu_wavefronts_mem_shared.sum", "shared_wavefronts"),
         ("l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum", "ld_requests"),
         ("l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum", "ld_sectors"),
         ("launch__block_size", "block")]


def value(s):
    s = s.replace(",", "").strip()
    try:
        f = float(s)
        return int(f) if f == int(f) else f
    except ValueError:
        return s


def launches(path):
    rows = [r for r in csv.reader(open(path)) if len(r) > 10]
    if not rows:
        return []
    head, rows = rows[0], rows[1:]
    col = {n: head.index(n) for n in ("ID", "Kernel Name", "Metric Name", "Metric Value")}
    out = {}
    for r in rows:
        key = (int(r[col["ID"]]), r[col["Kernel Name"]].split("(")[0].split(" ")[-1])
        out.setdefault(key, {})[r[col["Metric Name"]]] = value(r[col["Metric Value"]])
    return sorted(out.items())


for n in NAMES:
    p = os.path.join(raw, n + ".csv")
    if not os.path.exists(p):
        print(f"{n}: no {p}")
        continue
    for (i, k), m in launches(p):
        f = [f"{s}={m[l]}" for l, s in SHORT if l in m]
        if "smsp__inst_executed.sum" in m and "smsp__thread_inst_executed.sum" in m and m["smsp__inst_executed.sum"]:
            f.append("simd=%.1f%%" % (100.0 * m["smsp__thread_inst_executed.sum"] / (32 * m["smsp__inst_executed.sum"])))
        print(f"{n} {i} {k}: " + " ".join(f))
