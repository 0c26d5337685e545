#!/usr/bin/env python3
"""validation/h100-micro/table.py — the README's tables from the raw files:
H100 (raw/h100/run1.txt, run2.txt, hist.txt, front_*.txt), H200 (raw/h200/),
and warpsim (raw/sim/*.txt, written by sim.sh).  Prints Markdown; with
--csv FILE also writes every row as CSV.
    python3 validation/h100-micro/table.py [--csv summary.csv]
"""
import glob, os, re, sys

H = os.path.dirname(os.path.abspath(__file__))
CLOCK_MHZ = 1980.0      # the H100's measured SM clock (raw/h100/run*.txt clock_mhz) = gpu.clock_mhz


def parse(path):
    """m31 lines -> {(name, key=value ... without med/min/max/n/unit/cold/pass): {field: value}}"""
    rows = {}
    if not os.path.exists(path):
        return rows
    for line in open(path):
        if not line.startswith("m31 "):
            continue
        w = line.split()
        name, kv, pos = w[1], {}, []
        for t in w[2:]:
            if "=" in t:
                k, v = t.split("=", 1)
                kv[k] = v
            else:
                pos.append(t)
        ident = [name] + pos + ["%s=%s" % (k, v) for k, v in kv.items()
                                if k not in ("med", "min", "max", "n", "unit", "cold0", "cold1", "pass0", "value",
                                             "event_ms", "event_lane_atomics_per_ns", "p01", "p10", "p50", "p90",
                                             "p99", "first", "count", "sum", "expect", "ok", "completed", "wrong",
                                             "cycles", "ns")]
        rows[" ".join(ident)] = kv
    return rows


def load(folder, names):
    out = {}
    for n in names:
        for p in sorted(glob.glob(os.path.join(H, "raw", folder, n))):
            out.update(parse(p))
    return out


h1 = load("h100", ["run1.txt"])
h2 = load("h100", ["run2.txt"])
hh = load("h100", ["hist.txt"])
hb = load("h100", ["bar.txt"])
hf_lazy = load("h100", ["front_lazy_flush1.txt"])
hf_eager = load("h100", ["front_eager_flusheach.txt"])
g1 = load("h200", ["run1.txt"])
gh = load("h200", ["hist.txt"])
sim = load("sim", ["front.txt", "smem.txt", "atom.txt", "dram.txt", "divmod.txt"])
simh = load("sim", ["hist*.txt"])
simb = {}
for p in sorted(glob.glob(os.path.join(H, "raw", "sim", "bar?.txt"))):
    simb[os.path.basename(p)] = open(p).read()

csv = []


def f(x, nd=2):
    return "—" if x is None else ("%.*f" % (nd, x))


def get(d, key, field="med"):
    r = d.get(key)
    return float(r[field]) if r and field in r else None


def table(title, head, rows):
    print("\n### %s\n" % title)
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for r in rows:
        print("| " + " | ".join(r) + " |")
        csv.append([title] + r)


def ratio(a, b):
    return None if a is None or b is None or b == 0 else a / b


# ---- front end ----
rows = []
fe = [("fe_chase hops=64 shape=1", "chase, 64 dependent LDG.E.64 (L1 hits), straight-line", "cycles/hop"),
      ("fe_chase hops=64 shape=0", "chase, 64 hops, loop (1 LDG per iteration)", "cycles/hop"),
      ("fe_chase hops=1024 shape=1", "chase, 1024 hops, straight-line (16 KB of code)", "cycles/hop"),
      ("fe_chase hops=1024 shape=0", "chase, 1024 hops, loop", "cycles/hop"),
      ("fe_add adds=64 per_iter=64", "64 dependent IADD3, straight-line", "cycles/add"),
      ("fe_add adds=64 per_iter=8", "64 dependent IADD3, loop of 8 per iteration", "cycles/add"),
      ("fe_add adds=64 per_iter=2", "64 dependent IADD3, loop of 2 per iteration", "cycles/add"),
      ("fe_add adds=512 per_iter=512", "512 IADD3, straight-line (8 KB)", "cycles/add"),
      ("fe_add adds=512 per_iter=8", "512 IADD3, loop of 8", "cycles/add"),
      ("fe_add adds=1024 per_iter=1024", "1024 IADD3, straight-line (16 KB)", "cycles/add"),
      ("fe_add adds=1024 per_iter=8", "1024 IADD3, loop of 8", "cycles/add"),
      ("fe_add adds=4096 per_iter=4096", "4096 IADD3, straight-line (64 KB)", "cycles/add"),
      ("fe_add adds=4096 per_iter=8", "4096 IADD3, loop of 8", "cycles/add")]
for key, what, unit in fe:
    m, m2, s = get(h1, key), get(h2, key), get(sim, key)
    c = [get(d, key, "cold0") for d in (h1, h2, hf_lazy, hf_eager)]
    cs = get(sim, key, "cold0")
    rows.append([what, f(m, 3), "%s / %s" % (f(m2, 3), f(get(g1, key), 3)),
                 " / ".join(f(x, 3) for x in c), f(s, 3), f(cs, 3), f(ratio(s, m), 3), f(ratio(cs, m), 3)])
table("1. Front end (one warp; H100 cycles are identical in all 8 timed launches of each run)",
      ["item", "H100 warm (run 1)", "H100 run 2 / H200", "H100 first pass of the first launch: run 1 / run 2 / L2 flushed / EAGER + flushed",
       "warpsim warm", "warpsim first pass", "warm ratio sim/H100", "first-pass ratio sim/H100"], rows)

# ---- DRAM ----
rows = []
for pat, what in [("seq128", "sequential 128 B lines (512 KB walked)"), ("random", "random lines over 128 MiB"),
                  ("stride32k", "32 KiB stride over 128 MiB"), ("stride2m", "2 MiB stride over 128 MiB (64 hops)"),
                  ("stride2m_1g", "2 MiB stride over 1 GiB (512 hops)"), ("l2_random8m", "L2 hits: random lines over 8 MiB, warmed")]:
    key = [k for k in h1 if k.startswith("chase " + pat + " ")]
    ekey = [k for k in h1 if k.startswith("chase_each " + pat + " ")]
    ekey = ekey[0] if ekey else ""
    if not key:
        continue
    key = key[0]
    m = get(h1, key)
    e = h1.get(ekey, {})
    s = get(sim, key)
    rows.append([what, "%s (%s–%s)" % (f(m, 1), f(get(h1, key, "min"), 1), f(get(h1, key, "max"), 1)),
                 f(get(h2, key), 1), f(get(g1, key), 1),
                 "%s / %s / %s" % (e.get("p10", "—"), e.get("p50", "—"), e.get("p90", "—")),
                 f(s, 1), f(ratio(s, m), 3)])
table("2. Dependent chase, one thread, cold (L2 flushed before each launch), 2048 hops unless noted",
      ["pattern", "H100 cycles/load: med (min–max of 8 launches)", "H100 run 2", "H200",
       "H100 each hop alone p10/p50/p90 (clock read included)", "warpsim", "ratio sim/H100"], rows)

# ---- shared memory ----
rows = []
for op in ("lds", "sts"):
    for bits in ("32", "64", "128"):
        for stride in ("1", "2", "4", "8", "16", "32"):
            cells = []
            found = False
            for w in ("1", "4", "16"):
                key = "%s bits=%s warps=%s stride=%s" % (op, bits, w, stride)
                m, s = get(h1, key), get(sim, key)
                if m is not None:
                    found = True
                cells += [f(m, 3), f(s, 3)]
            if not found:
                continue
            key16 = "%s bits=%s warps=16 stride=%s" % (op, bits, stride)
            rows.append(["%s.%s stride %s" % (op.upper(), bits, stride)] + cells +
                        [f(ratio(get(sim, key16), get(h1, key16)), 3)])
table("3. Shared memory: cycles of the block / warp instructions of the block (iters 64 x 16 accesses per warp)",
      ["access", "H100 1 warp", "sim 1 warp", "H100 4 warps", "sim 4 warps", "H100 16 warps", "sim 16 warps",
       "ratio sim/H100 (16 warps)"], rows)

# ---- atomics ----
rows = []
for mode in ("random256", "same", "distinct"):
    for w in ("1", "8", "32"):
        key = "atoms %s warps=%s" % (mode, w)
        m, s = get(h1, key), get(sim, key)
        rows.append(["shared, %s, %s warp(s)" % (mode, w), "%s (%s–%s)" % (f(m, 2), f(get(h1, key, "min"), 2), f(get(h1, key, "max"), 2)),
                     f(get(h2, key), 2), f(None if m is None else 32 / m, 2), f(s, 2), f(None if s is None else 32 / s, 2), f(ratio(s, m), 3)])
for mode in ("random256", "same", "distinct"):
    for grid, label in (("1", "1 block of 1024"), ("528", "528 blocks of 256 (4 per SM)")):
        key = [k for k in h1 if k.startswith("atomg %s grid=%s " % (mode, grid))]
        if not key:
            continue
        key = key[0]
        skey = [k for k in sim if k.startswith("atomg %s grid=%s " % (mode, grid))]
        skey = skey[0] if skey else None
        m = get(h1, key)
        s = get(sim, skey) if skey else None
        per_sm = 1 if grid == "1" else 4
        rk = "atomg_rate %s grid=%s" % (mode, grid)
        ev = h1.get(rk, {}).get("event_lane_atomics_per_ns")
        sev = sim.get(rk, {}).get("event_lane_atomics_per_ns")
        rows.append(["global RED, %s, %s" % (mode, label), "%s (%s–%s)" % (f(m, 2), f(get(h1, key, "min"), 2), f(get(h1, key, "max"), 2)),
                     f(get(h2, key), 2), "%s (events: %s /ns GPU)" % (f(32 * per_sm / m, 4), ev),
                     f(s, 2), "%s (events: %s /ns)" % (f(None if s is None else 32 * per_sm / s, 4), sev), f(ratio(s, m), 3)])
table("4. Atomics: cycles per warp instruction (16 per thread per iteration; global: the median block's cycles) and lane-atomics per cycle per SM",
      ["what", "H100 cycles/warp-insn med (min–max)", "H100 run 2", "H100 lane-atomics/cycle/SM",
       "warpsim cycles/warp-insn", "warpsim lane-atomics/cycle/SM", "ratio sim/H100 (time)"], rows)

# ---- histograms ----
rows = []
for mb in ("4", "16", "64"):
    for v in ("v1_atomic_per_byte", "v2_atomic_per_word", "v3_shared_bins", "v3_bytes", "v4_interleaved", "v45_contiguous"):
        key = "hist %s mb=%s" % (v, mb)
        m = get(hh, key)
        s = get(simh, key)
        rows.append(["%s, %s MB" % (v, mb), "%s (%s–%s)" % (f(m, 1), f(get(hh, key, "min"), 1), f(get(hh, key, "max"), 1)),
                     f(get(gh, key), 1), f(None if m is None else m * CLOCK_MHZ, 0), f(None if s is None else s * CLOCK_MHZ, 0),
                     f(ratio(s, m), 3)])
    a, b = get(hh, "hist v45_contiguous mb=%s" % mb), get(hh, "hist v4_interleaved mb=%s" % mb)
    sa, sb = get(simh, "hist v45_contiguous mb=%s" % mb), get(simh, "hist v4_interleaved mb=%s" % mb)
    rows.append(["**v4.5 / v4, %s MB**" % mb, f(ratio(a, b), 2), f(ratio(get(gh, "hist v45_contiguous mb=%s" % mb),
                                                                       get(gh, "hist v4_interleaved mb=%s" % mb)), 2),
                 "", "", f(ratio(sa, sb), 2)])
table("5. Histogram family (seed 004), event time of one launch, warm (launch 0 dropped); warpsim: v4 and v4.5 only",
      ["kernel, input", "H100 µs med (min–max of 4)", "H200 µs", "H100 cycles (µs x 1980)", "warpsim cycles", "ratio sim/H100"], rows)

# ---- barrier ----
rows = []
names = ["upper half of the block returns (256)", "odd lanes return (256)", "threads >= 100 return, then a tree reduction with a barrier per step (256)",
         "upper half returns (1024)", "odd lanes return (1024)", "threads >= 999 return, tree reduction (1024)"]
hlines = [l for l in open(os.path.join(H, "raw", "h100", "bar.txt")) if l.startswith("m31 bar_exit")] \
    if os.path.exists(os.path.join(H, "raw", "h100", "bar.txt")) else []
for i, n in enumerate(names):
    hv = "completed, results right" if i < len(hlines) and "ok=1" in hlines[i] else "?"
    t = simb.get("bar%d.txt" % i, "")
    sv = "completed, results right" if "ok=1" in t else ("fault: barrier reached by part of a warp" if "exit 3" in t else "?")
    rows.append([n, hv, sv])
table("6. __syncthreads() after some threads returned", ["case", "H100", "warpsim h100"], rows)

if "--csv" in sys.argv:
    import csv as C
    with open(sys.argv[sys.argv.index("--csv") + 1], "w", newline="") as fh:
        C.writer(fh).writerows(csv)
