#!/usr/bin/env python3
"""validation/corpus-h100/compare.py — the correlation corpus (issue 59): H100 against warpsim,
launch by launch.

  python3 compare.py [--raw DIR] [--simulated FILE] [--md] [--all]
        the table and the statistics (default: raw/ and simulated.csv beside this script)
  python3 compare.py --simulated-from DIR > simulated.csv
        condenses run_warpsim.sh's per-program JSON (DIR/NAME.json, DIR/NAME.out) into the CSV

Measured (raw/, written by the H100 run: README.md): raw/ncu/NAME.csv, Nsight Compute's rows for
the program's first N launches (programs.txt), --clock-control none --cache-control all:
sm__cycles_elapsed.max (the cycles compared), gpc__cycles_elapsed.max, smsp__inst_executed.sum
(warp instructions), dram__bytes_read.sum + dram__bytes_write.sum, gpu__time_duration.sum;
raw/out/NAME.txt is the program's own output under ncu.

Simulated: warpsim cuda -c h100 --set launch.flush=all --launch-count N (run_warpsim.sh), the
launch's cycles, warp_instructions and dram_bytes.

The launches are paired in order by kernel, grid and block: an H100 launch with no simulated twin
(a launch warpsim refused) is reported and left unpaired.

The split (fixed before any error was looked at, README.md): the programs in programs.txt's
order of names (sorted, case-insensitive), alternately fitted (1st, 3rd, ...) and predicted
(2nd, 4th, ...). Statistics are given for each half and for all; the predicted half is the
headline. A program is left out of both when its output does not verify on either side
(verify.txt: programs whose output was judged failed, with why).
"""
import argparse
import csv
import glob
import json
import math
import os
import re
import sys

here = os.path.dirname(os.path.abspath(__file__))


def programs():
    rows = []
    for line in open(os.path.join(here, "programs.txt")):
        if not line.strip() or line.startswith("#"):
            continue
        name, suite, folder, count, args = line.rstrip("\n").split("|")
        rows.append(dict(name=name, suite=suite, folder=folder, count=int(count), args=args))
    return rows


def split_of(names):
    """alternate by case-insensitive name order: 0 fitted, 1 predicted"""
    order = sorted(names, key=lambda n: n.lower())
    return {n: ("fitted" if i % 2 == 0 else "predicted") for i, n in enumerate(order)}


def dims(s):
    return tuple(int(x) for x in re.findall(r"\d+", str(s)))


def kernel_key(name):
    """the function's identifier: ncu and c++filt print templates and qualifiers differently"""
    base = re.sub(r"<.*", "", name.split("(")[0]).strip()
    return base.split()[-1].split("::")[-1] if base else name


def same_launch(h, s):
    return (kernel_key(h["name"]) == kernel_key(s["kernel"]) and dims(h["grid"]) == dims(s["grid"])
            and dims(h["block"]) == dims(s["block"]))


def ncu_launches(path):
    rows = {}
    with open(path, errors="replace") as f:
        lines = [l for l in f if l.startswith('"')]
    for r in csv.DictReader(lines):
        try:
            i = int(r["ID"])
        except (KeyError, ValueError):
            continue
        d = rows.setdefault(i, {"name": r["Kernel Name"], "grid": r["Grid Size"], "block": r["Block Size"]})
        d[r["Metric Name"]] = r["Metric Value"].replace(",", "")
    return [rows[i] for i in sorted(rows)]


def simulated_from(d):
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(["program", "launch", "kernel", "grid", "block", "cycles", "warp_instructions",
                  "dram_bytes", "result"] + EXTRA)
    for p in programs():
        f = os.path.join(d, p["name"] + ".json")
        if not os.path.exists(f):
            continue
        try:
            j = json.load(open(f))
        except ValueError:
            continue
        n = 0
        for k in j.get("kernels", []):
            if k.get("mode", j.get("mode")) == "functional" or "cycles" not in k:
                continue
            n += 1
            if n > p["count"]:
                break
            out.writerow([p["name"], n, k.get("demangled_name", k["name"]),
                          "x".join(map(str, k["grid"])), "x".join(map(str, k["block"])),
                          k["cycles"], k["warp_instructions"], k.get("dram_bytes", ""), j.get("result", "")]
                         + [extra(k, e) for e in EXTRA])


# kept beside the compared figures, to explain a launch's error
EXTRA = ["blocks", "l1_accesses", "l1_hits", "l2_accesses", "l2_hits", "dram_reads", "dram_writes",
         "global_atomics", "shared_atomics", "divergent_branches", "barriers", "simd_efficiency",
         "achieved_occupancy", "ipc"]


def extra(k, e):
    if e == "achieved_occupancy":
        return k.get("occupancy", {}).get("achieved", "")
    return k.get(e, "")


def pearson(xs, ys):
    n = len(xs)
    if n < 2:
        return float("nan")
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / math.sqrt(sxx * syy) if sxx > 0 and syy > 0 else float("nan")


def stats(rows):
    errs = [r["err"] for r in rows]
    if not errs:
        return dict(n=0)
    return dict(n=len(rows), programs=len({r["program"] for r in rows}),
                mae=100 * sum(abs(e) for e in errs) / len(errs),
                signed=100 * sum(errs) / len(errs),
                r=pearson([r["hw"] for r in rows], [r["sim"] for r in rows]),
                rlog=pearson([math.log(r["hw"]) for r in rows], [math.log(r["sim"]) for r in rows]),
                inst_equal=sum(1 for r in rows if r["hw_inst"] == r["sim_inst"]))


def fmt_stats(name, s):
    if not s["n"]:
        return f"{name}: no launches"
    return (f"{name}: {s['n']} launches of {s['programs']} programs: cycles MAE {s['mae']:.1f}%, "
            f"signed mean error {s['signed']:+.1f}%, Pearson r {s['r']:.3f} (of logs {s['rlog']:.3f}); "
            f"warp instructions equal to ncu's in {s['inst_equal']} of {s['n']}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--raw", default=os.path.join(here, "raw"))
    ap.add_argument("--simulated", default=os.path.join(here, "simulated.csv"))
    ap.add_argument("--simulated-from")
    ap.add_argument("--md", action="store_true", help="markdown table")
    ap.add_argument("--worst", type=int, default=12)
    a = ap.parse_args()
    if a.simulated_from:
        simulated_from(a.simulated_from)
        return
    progs = programs()
    half = split_of([p["name"] for p in progs])
    failed = {}
    vf = os.path.join(here, "verify.txt")
    if os.path.exists(vf):
        for line in open(vf):
            if line.strip() and not line.startswith("#"):
                n, _, why = line.strip().partition(" ")
                failed[n] = why
    sim = {}
    for r in csv.DictReader(open(a.simulated)):
        sim.setdefault(r["program"], []).append(r)
    rows, notes = [], []
    for p in progs:
        n = p["name"]
        f = os.path.join(a.raw, "ncu", n + ".csv")
        if not os.path.exists(f):
            notes.append(f"{n}: no H100 measurement")
            continue
        hw = ncu_launches(f)
        sw = sim.get(n, [])
        if not sw:
            notes.append(f"{n}: no warpsim run")
            continue
        if any(r.get("result", "done") != "done" for r in sw):
            notes.append(f"{n}: left out (warpsim's run did not finish: {sw[0].get('result')})")
            continue
        if n in failed:
            notes.append(f"{n}: left out ({failed[n]})")
            continue
        pairs, j = [], 0
        for i, h in enumerate(hw, 1):
            # the next simulated launch of the same kernel, grid and block (a launch warpsim
            # refused has no row: the H100's is then left unpaired)
            k = j
            while k < len(sw) and not same_launch(h, sw[k]):
                k += 1
            if k == len(sw):
                notes.append(f"{n} launch {i} ({kernel_key(h['name'])} grid {h['grid']} block {h['block']}): no simulated launch to pair with")
                continue
            pairs.append((i, h, sw[k]))
            j = k + 1
        if len(pairs) < min(len(hw), len(sw)):
            notes.append(f"{n}: {len(hw)} launches measured, {len(sw)} simulated, {len(pairs)} paired")
        for i, h, s in pairs:
            try:
                hc = float(h["sm__cycles_elapsed.max"])
                hi = int(float(h["smsp__inst_executed.sum"]))
                hd = int(float(h["dram__bytes_read.sum"])) + int(float(h["dram__bytes_write.sum"]))
                ht = float(h.get("gpu__time_duration.sum", "nan"))
            except (KeyError, ValueError):
                notes.append(f"{n} launch {i}: ncu row incomplete")
                continue
            sc = float(s["cycles"])
            rows.append(dict(program=n, launch=i, kernel=s["kernel"].split("(")[0], grid=s["grid"], block=s["block"],
                             hw=hc, sim=sc, err=(sc - hc) / hc, hw_inst=hi, sim_inst=int(s["warp_instructions"]),
                             hw_dram=hd, sim_dram=int(s["dram_bytes"] or 0), hw_ns=ht, half=half[n]))
    sep = "|" if a.md else " "
    head = ["program", "half", "launch", "kernel", "grid", "block", "H100 cycles", "warpsim cycles", "error",
            "H100 warp instr", "warpsim warp instr", "H100 DRAM bytes", "warpsim DRAM bytes"]
    if a.md:
        print("| " + " | ".join(head) + " |")
        print("|" + "---|" * len(head))
    else:
        print("\t".join(head))
    for r in rows:
        cells = [r["program"], r["half"], str(r["launch"]), r["kernel"][:40], r["grid"], r["block"],
                 f"{r['hw']:.0f}", f"{r['sim']:.0f}", f"{100 * r['err']:+.1f}%", str(r["hw_inst"]),
                 str(r["sim_inst"]) if r["sim_inst"] != r["hw_inst"] else "equal",
                 str(r["hw_dram"]), str(r["sim_dram"])]
        print(("| " + " | ".join(cells) + " |") if a.md else "\t".join(cells))
    print()
    pred = [r for r in rows if r["half"] == "predicted"]
    fit = [r for r in rows if r["half"] == "fitted"]
    print(fmt_stats("predicted half (headline)", stats(pred)))
    print(fmt_stats("fitted half", stats(fit)))
    print(fmt_stats("all", stats(rows)))
    # per program: the launches' cycles summed
    print()
    print("per program (cycles of the compared launches summed):")
    byp = {}
    for r in rows:
        b = byp.setdefault(r["program"], [0, 0, 0, r["half"]])
        b[0] += r["hw"]; b[1] += r["sim"]; b[2] += 1
    for n, (h, s, k, hf) in byp.items():
        print(f"  {n:22s} {hf:9s} {k:3d} launches  H100 {h:12.0f}  warpsim {s:12.0f}  {100 * (s - h) / h:+6.1f}%")
    print()
    print(f"worst {a.worst} predicted launches by |error|:")
    for r in sorted(pred, key=lambda r: -abs(r["err"]))[:a.worst]:
        print(f"  {r['program']} #{r['launch']} {r['kernel'][:40]} grid {r['grid']} block {r['block']}: "
              f"{100 * r['err']:+.1f}% (H100 {r['hw']:.0f}, warpsim {r['sim']:.0f}; "
              f"warp instr {r['hw_inst']} / {r['sim_inst']}; DRAM {r['hw_dram']} / {r['sim_dram']})")
    if notes:
        print()
        print("notes:")
        for n in notes:
            print("  " + n)


if __name__ == "__main__":
    main()
