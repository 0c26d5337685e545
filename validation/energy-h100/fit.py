#!/usr/bin/env python3
"""validation/energy-h100/fit.py — the energy model's parameters for h100 from
the microbenchmarks' measurements (docs/energy.md, "The fit").

  python3 fit.py [RAW]        RAW: the device's output folder (default raw/h100)
  python3 fit.py --selftest   the fit on synthetic measurements from the
                              simulated events with known values

Reads RAW/energy.csv and RAW/samples.csv (run.sh on the H100) and
raw/sim/KERNEL.A.json.gz (sim.sh: warpsim's events at two loop counts A < B).

Method: for each measurement k, the measured energy of the kernel is
    E_k = sum_i e_i * n_ik  +  P_const * t_k  +  P_sm * s_k
where n_ik are warpsim's events of that kernel scaled to the loop count that
ran (events of one iteration = the difference of the two simulated loop
counts over their difference), t_k the measured kernel time, s_k the active
SM-seconds (SMs the grid occupies x t_k). The unknowns e_i, P_const, P_sm
>= 0 are found by non-negative least squares (Lawson and Hanson 1974) on the
rows divided by E_k, i.e. minimising the sum of squared relative errors.
Events these kernels cannot tell apart are tied or folded (TIES, FOLDED
below); the mixes are left out of the fit and predicted as a check.
No third-party modules: the NNLS is written out below.
"""
import csv
import glob
import gzip
import json
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
NSM = 132
NOISE = float(os.environ.get("FIT_NOISE", "0.01"))   # the selftest's relative noise
DEVICE_MB = 1024            # the DRAM kernels' buffers on the device (energy.cu ENERGY_RUN_MB)
SIM_MB = 64                 # and under warpsim (sim.sh)
DRAM_KERNELS = ("dram_rd", "dram_wr", "mix_dram_fp32")

# fitted parameters: name -> (config key, events it charges, unit scale to the key)
PARAMS = [
    ("int",      "int_fj",       ["int_lanes", "uniform_insts", "control_insts"]),
    ("fp32",     "fp32_fj",      ["fp32_lanes"]),
    ("fp64",     "fp64_fj",      ["fp64_lanes"]),
    ("half",     "half_fj",      ["half_lanes"]),
    ("sfu",      "sfu_fj",       ["sfu_lanes"]),
    ("tensor",   "tensor_fj",    ["tensor_insts"]),
    ("shared",   "shared_pass_fj", ["shared_passes"]),
    ("l1_hit",   "l1_hit_fj",    ["l1_hits"]),
    ("l2_hit",   "l2_hit_fj",    ["l2_hits"]),
    ("dram_rd",  "dram_read_fj", ["dram_reads"]),
    ("dram_wr",  "dram_write_fj", ["dram_writes"]),
    ("sm_active", "sm_active_mw", ["@sm_seconds"]),
    ("constant", "constant_mw",  ["@seconds"]),
]
TIES = {"uniform_fj": "int_fj", "control_fj": "int_fj"}
FOLDED = {   # key -> what absorbs it (set to 0)
    "issue_fj": "the class energies (every kernel issues as many warp instructions as its classes count)",
    "reg_read_fj": "the class energies (a kernel's register reads per instruction are fixed by its opcode)",
    "reg_write_fj": "the class energies",
    "memory_fj": "the cache events (each memory instruction of these kernels is one L1 or shared access)",
    "l1_miss_fj": "l2_hit_fj and dram_read_fj (every L2 access of these kernels follows an L1 miss)",
    "l2_miss_fj": "dram_read_fj",
    "icnt_flit_fj": "l2_hit_fj and dram_read_fj (flits per L2 access are fixed by the access)",
    "dram_act_fj": "dram_read_fj and dram_write_fj (streaming: activations per access are fixed)",
    "dram_refresh_fj": "constant_mw (refresh power does not depend on the work)",
    "sm_idle_mw": "constant_mw (every SM's share is there whatever runs: not separable on one GPU)",
}


def read_device(raw):
    rows = []
    with open(os.path.join(raw, "energy.csv")) as f:
        lines = [l for l in f if not l.startswith("#")]
    for r in csv.DictReader(lines):
        rows.append(r)
    samples = []
    sp = os.path.join(raw, "samples.csv")
    if os.path.exists(sp):
        with open(sp) as f:
            samples = list(csv.DictReader(f))
    return rows, samples


def sim_events(kernel):
    """events of one iteration and of the launch's fixed part, from sim.sh's two runs"""
    runs = []
    for p in glob.glob(os.path.join(HERE, "raw", "sim", kernel + ".*.json.gz")):
        it = int(p.split(".")[-3])
        with gzip.open(p, "rt") as f:
            d = json.load(f)
        k = d["kernels"][-1]
        runs.append((it, k["energy"]["events"], k))
    if len(runs) < 2:
        return None
    runs.sort(key=lambda r: r[0])
    (a, ea, ka), (b, eb, kb) = runs[0], runs[-1]
    per = {n: (eb[n] - ea[n]) / (b - a) for n in ea}
    base = {n: ea[n] - a * per[n] for n in ea}
    per["@cycles"] = (kb["cycles"] - ka["cycles"]) / (b - a)   # simulated cycles of one iteration
    base["@cycles"] = ka["cycles"] - a * per["@cycles"]
    return per, base


def gap_power(rows, samples):
    """the power between a kernel's end and the counter's next edge: the
    mean of the samples labelled tail (else the idle rows' power)"""
    tail = [float(s["power_mw"]) * 1e-3 for s in samples if s["label"] == "tail" and float(s["power_mw"]) > 0]
    if tail:
        return sum(tail) / len(tail), "tail samples (%d)" % len(tail)
    idle = [r for r in rows if r["kernel"] == "idle" and float(r["window_s"]) > 0]
    if idle:
        return sum(float(r["window_j"]) / float(r["window_s"]) for r in idle) / len(idle), "idle rows"
    return 0.0, "none"


def measured(r, pgap):
    """the kernel's energy: the counter over the edge-aligned window less
    the gap before the launch and after its end at the gap power"""
    t0, t1, t2 = float(r["t0"]), float(r["t1"]), float(r["t2"])
    wall = float(r["wall_s"])
    start = t1 - wall
    gap = (start - t0) + (t2 - t1)
    return float(r["window_j"]) - pgap * gap


def active_sms(r):
    return min(int(r["grid"]), NSM)


def design_row(r, ev):
    per, base = ev
    n = int(r["iters"])
    scale = DEVICE_MB / SIM_MB if r["kernel"] in DRAM_KERNELS else 1.0
    t = float(r["kernel_s"])
    counts = {k: (base[k] + n * per[k]) * scale for k in per}
    row = []
    for _, key, events in PARAMS:
        v = 0.0
        for e in events:
            if e == "@seconds":
                v += t
            elif e == "@sm_seconds":
                v += active_sms(r) * t
            else:
                v += counts.get(e, 0.0)
        row.append(v)
    return row


# ---- linear algebra (small dense problems)
def lstsq(A, b, cols):
    """least squares on the columns cols of A (normal equations with
    Cholesky on column-scaled data; the problems here have <= 20 columns)"""
    m = len(A)
    k = len(cols)
    norms = [math.sqrt(sum(A[i][c] ** 2 for i in range(m))) or 1.0 for c in cols]
    G = [[sum(A[i][cols[p]] * A[i][cols[q]] for i in range(m)) / (norms[p] * norms[q]) for q in range(k)] for p in range(k)]
    h = [sum(A[i][cols[p]] * b[i] for i in range(m)) / norms[p] for p in range(k)]
    for p in range(k):
        G[p][p] += 1e-12
    L = [[0.0] * k for _ in range(k)]
    for i in range(k):
        for j in range(i + 1):
            s = G[i][j] - sum(L[i][x] * L[j][x] for x in range(j))
            if i == j:
                L[i][j] = math.sqrt(max(s, 1e-300))
            else:
                L[i][j] = s / L[j][j]
    y = [0.0] * k
    for i in range(k):
        y[i] = (h[i] - sum(L[i][x] * y[x] for x in range(i))) / L[i][i]
    z = [0.0] * k
    for i in reversed(range(k)):
        z[i] = (y[i] - sum(L[x][i] * z[x] for x in range(i + 1, k))) / L[i][i]
    return [z[p] / norms[p] for p in range(k)]


def nnls(A, b, iters=500):
    """Lawson-Hanson active-set NNLS: min |Ax - b| with x >= 0"""
    m, n = len(A), len(A[0])
    x = [0.0] * n
    P = []
    for _ in range(iters):
        r = [b[i] - sum(A[i][j] * x[j] for j in range(n)) for i in range(m)]
        w = [sum(A[i][j] * r[i] for i in range(m)) for j in range(n)]
        cand = [j for j in range(n) if j not in P and w[j] > 1e-12 * max(1.0, max(abs(v) for v in w))]
        if not cand:
            break
        P.append(max(cand, key=lambda j: w[j]))
        while True:
            zP = lstsq(A, b, P)
            if all(v > 0 for v in zP):
                for j in range(n):
                    x[j] = 0.0
                for p, j in enumerate(P):
                    x[j] = zP[p]
                break
            alpha = min(x[j] / (x[j] - zP[p]) for p, j in enumerate(P) if zP[p] <= 0)
            for p, j in enumerate(P):
                x[j] += alpha * (zP[p] - x[j])
            P = [j for j in P if x[j] > 1e-15]
            if not P:
                break
    return x


def main():
    raw = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "raw", "h100")
    rows, samples = read_device(raw)
    pgap, pgap_from = gap_power(rows, samples)
    fit_rows, check_rows = [], []
    for r in rows:
        if r["kernel"] == "idle" or float(r["kernel_s"]) <= 0:
            continue
        ev = sim_events(r["kernel"])
        if ev is None:
            print("# no warpsim events for %s: left out" % r["kernel"])
            continue
        e = measured(r, pgap)
        scale = DEVICE_MB / SIM_MB if r["kernel"] in DRAM_KERNELS else 1.0
        r["sim_s"] = (ev[1]["@cycles"] + int(r["iters"]) * ev[0]["@cycles"] * scale) / 1980e6
        (check_rows if r["kernel"].startswith("mix_") else fit_rows).append((r, design_row(r, ev), e))
    A = [[v / e for v in row] for _, row, e in fit_rows]
    b = [1.0] * len(fit_rows)
    x = nnls(A, b)
    print("# energy fit: %d measurements fitted, %d mixes predicted; gap power %.1f W (%s)"
          % (len(fit_rows), len(check_rows), pgap, pgap_from))
    print("# method: NNLS on rows divided by the measured energy (least squared relative error)")
    print("%-16s %6s %10s %10s %10s %8s %6s %6s %5s  %s  %s" % ("kernel", "round", "time_s", "measured_J", "model_J", "error",
                                                          "sm_MHz", "end", "temp", "power_W", "sim_time/measured"))
    errs = {"fit": [], "check": []}
    for label, group in (("fit", fit_rows), ("check", check_rows)):
        for r, row, e in group:
            pred = sum(a * c for a, c in zip(row, x))
            err = (pred - e) / e
            errs[label].append(abs(err))
            print("%-16s %6s %10.4f %10.2f %10.2f %+7.1f%% %6s %6s %5s  %7.1f  %6.2f%s" % (
                r["kernel"], r["round"], float(r["kernel_s"]), e, pred, 100 * err, r["sm_mhz_start"], r["sm_mhz_end"],
                r["temp_end"], e / float(r["kernel_s"]), r["sim_s"] / float(r["kernel_s"]),
                "" if label == "fit" else "  (not fitted)"))
    for label in ("fit", "check"):
        if errs[label]:
            print("# %s: mean absolute error %.1f%%, worst %.1f%%" % (label, 100 * sum(errs[label]) / len(errs[label]),
                                                                      100 * max(errs[label])))
    print("\n[energy]")
    print("source = validation/energy-h100 (NNLS fit, docs/energy.md)")
    vals = {}
    for (name, key, events), v in zip(PARAMS, x):
        vals[key] = round(v * 1e3) if key.endswith("_mw") else round(v * 1e15)
    for key, to in TIES.items():
        vals[key] = vals[to]
    for key in FOLDED:
        vals[key] = 0
    order = ["issue_fj", "int_fj", "fp32_fj", "fp64_fj", "half_fj", "sfu_fj", "tensor_fj", "uniform_fj", "control_fj",
             "memory_fj", "reg_read_fj", "reg_write_fj", "shared_pass_fj", "l1_hit_fj", "l1_miss_fj", "l2_hit_fj",
             "l2_miss_fj", "icnt_flit_fj", "dram_act_fj", "dram_read_fj", "dram_write_fj", "dram_refresh_fj",
             "sm_active_mw", "sm_idle_mw", "constant_mw"]
    for key in order:
        names = {"@seconds": "the measured kernel time", "@sm_seconds": "the active SMs x the measured kernel time"}
        why = ("M: fitted (%s)" % ", ".join(names.get(e, e) for p in PARAMS if p[1] == key for e in p[2]) if key not in TIES
               and key not in FOLDED else "tied to %s: not separable by these kernels" % TIES[key] if key in TIES
               else "0: folded into " + FOLDED[key])
        print("%s = %d   # %s" % (key, vals[key], why))


def selftest():
    """the fit on synthetic measurements made from warpsim's events with
    known values (3 s a kernel, 1% noise): it must recover them"""
    import random
    random.seed(1)
    truth = [30e-12, 40e-12, 120e-12, 25e-12, 90e-12, 900e-12, 60e-12, 150e-12, 900e-12, 15e-9, 18e-9, 0.4, 90.0]
    rows = []
    for p in sorted(glob.glob(os.path.join(HERE, "raw", "sim", "*.json.gz"))):
        k = os.path.basename(p).split(".")[0]
        if k.startswith("mix_") or any(r["kernel"] == k for r, _ in rows):
            continue
        ev = sim_events(k)
        if ev is None:
            continue
        with gzip.open(p, "rt") as f:
            grid = json.load(f)["kernels"][-1]["grid"][0]
        per = ev[0]
        # the loop count that fills 3 s with work: a few percent of the board's 700 W
        dyn = sum(a * c for a, c in zip(truth, design_row({"kernel": k, "iters": "1", "kernel_s": "0", "grid": str(grid)}, ev)))
        n = max(1, int(1000.0 / max(dyn, 1e-12)))
        r = {"kernel": k, "iters": str(n), "kernel_s": "3.0", "grid": str(grid), "round": "0"}
        rows.append((r, design_row(r, ev)))
    A, b = [], []
    for r, row in rows:
        e = sum(a * c for a, c in zip(truth, row)) * (1 + random.gauss(0, NOISE))
        A.append([v / e for v in row])
        b.append(1.0)
    x = nnls(A, b)
    print("# selftest on %d kernels: %s" % (len(rows), " ".join(r["kernel"] for r, _ in rows)))
    bad = 0
    for (name, key, _), t, v in zip(PARAMS, truth, x):
        err = (v - t) / t
        print("%-10s true %.4g fitted %.4g (%+.1f%%)" % (name, t, v, 100 * err))
        bad += abs(err) > 0.2
    return bad


if __name__ == "__main__":
    if sys.argv[1:] == ["--selftest"]:
        sys.exit(1 if selftest() else 0)
    main()
