#!/usr/bin/env python3
"""validation/h100-tlb/parse_ncu.py CSV [CSV...]: the ncu L2 pairs as a table.
Profiled kernels in launch order: the k_write that fills the buffer (l2 mode
only), the k_rsub probe (l2 mode only), then each sequence's first and second
launch, in the order of the program's 'l2 seq=' lines."""
import csv, re, sys
from collections import OrderedDict

def load(path):
    lines = open(path).read().splitlines()
    seqs = [l for l in lines if l.startswith("l2 seq=")]
    rows = [l for l in lines if l.startswith('"')]
    k = OrderedDict()
    for r in csv.DictReader(rows):
        d = k.setdefault(int(r["ID"]), {"name": r["Kernel Name"].split("(")[0]})
        d[r["Metric Name"]] = float(r["Metric Value"].replace(",", ""))
    ks = list(k.values())
    skip = 2 if any(s for s in seqs if "subset=all" in s) else 0
    if skip == 0 and ks and ks[0]["name"] == "k_write" and len(ks) == 2 * len(seqs) + 1:
        skip = 1
    ks = ks[skip:]
    assert len(ks) == 2 * len(seqs), (path, len(ks), len(seqs))
    return seqs, ks

MB = 1 << 20

def two(path):
    """batch 2 (l2x): one k_two launch a line 'l2x op=', then the k_read pairs"""
    lines = open(path).read().splitlines()
    seqs = [l for l in lines if l.startswith("l2x op=")]
    rows = [l for l in lines if l.startswith('"')]
    k = OrderedDict()
    for r in csv.DictReader(rows):
        d = k.setdefault(int(r["ID"]), {"name": r["Kernel Name"].split("(")[0]})
        d[r["Metric Name"]] = float(r["Metric Value"].replace(",", ""))
    ks = [x for x in k.values() if x["name"] == "k_two"]
    assert len(ks) == len(seqs), (len(ks), len(seqs))
    print("#", path, "(k_two: two sweeps in one launch)")
    print("op subset F_MB us dramR_MB dramW_MB texRhit_MB texRmiss_MB fill_MB")
    for s, x in zip(seqs, ks):
        f = dict(a.split("=", 1) for a in s.split()[1:] if "=" in a)
        print(f["op"], f["subset"], f["F"].rstrip("M"), "%.2f" % (x["gpu__time_duration.sum"] / 1e3),
              "%.1f %.1f %.1f %.1f %.1f" % (x["dram__bytes_read.sum"] / MB, x["dram__bytes_write.sum"] / MB,
              x["lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum"] * 32 / MB,
              x["lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum"] * 32 / MB,
              x["lts__d_sectors_fill_device.sum"] * 32 / MB))
    rest = [x for x in k.values() if x["name"] != "k_two"]
    for x in rest:
        print(x["name"], "%.2f" % (x["gpu__time_duration.sum"] / 1e3), "dramR_MB %.1f" % (x["dram__bytes_read.sum"] / MB))

def probe(path):
    """batch 3 (l2z): k_probe / k_read in launch order"""
    lines = open(path).read().splitlines()
    rows = [l for l in lines if l.startswith('"')]
    k = OrderedDict()
    for r in csv.DictReader(rows):
        d = k.setdefault(int(r["ID"]), {"name": r["Kernel Name"].split("(")[0]})
        d[r["Metric Name"]] = float(r["Metric Value"].replace(",", ""))
    print("#", path, "(l2z: per F and rep: probe x2 rounds | k_read, probe | probe, probe | probe, sync, probe)")
    for i, x in k.items():
        print(i, x["name"], "us=%.2f" % (x["gpu__time_duration.sum"] / 1e3),
              "dramR_KB=%.1f dramW_KB=%.1f" % (x["dram__bytes_read.sum"] / 1024, x["dram__bytes_write.sum"] / 1024))

for path in sys.argv[1:]:
    txt = open(path).read()
    if "l2x op=" in txt:
        two(path); continue
    if "l2z F=" in txt:
        probe(path); continue
    seqs, ks = load(path)
    print("#", path)
    names = [m for m in ks[0] if m != "name"]
    short = {"gpu__time_duration.sum": "us", "dram__bytes_read.sum": "dramR_MB", "dram__bytes_write.sum": "dramW_MB",
             "lts__t_sectors_op_read.sum": "ltsR_MB", "lts__t_sectors_srcunit_tex_op_read.sum": "texR_MB",
             "lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum": "texRhit_MB",
             "lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum": "texRmiss_MB",
             "lts__t_sectors_op_write.sum": "ltsW_MB", "lts__t_sectors_srcunit_tex_op_write.sum": "texW_MB",
             "lts__t_sectors_srcunit_ltcfabric.sum": "fabric_MB", "lts__t_sectors_srcunit_ltcfabric_lookup_hit.sum": "fabrichit_MB"}
    hdr = ["seq", "subset", "F_MB"] + ["1st_" + short[m] for m in names] + ["2nd_" + short[m] for m in names]
    print(" ".join(hdr))
    for i, s in enumerate(seqs):
        f = dict(x.split("=", 1) for x in s.split()[1:] if "=" in x)
        out = [f["seq"], f["subset"], f["F"].rstrip("M")]
        for k in (ks[2 * i], ks[2 * i + 1]):
            for m in names:
                v = k[m]
                if m.startswith("gpu__time"):
                    out.append("%.2f" % (v / 1e3))   # ncu reports ns
                elif m.startswith("lts__t_sectors"):
                    out.append("%.1f" % (v * 32 / MB))
                else:
                    out.append("%.1f" % (v / MB))
        print(" ".join(out))
