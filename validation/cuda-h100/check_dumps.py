#!/usr/bin/env python3
"""validation/cuda-h100/check_dumps.py — checks the H100's small-size outputs (workloads/cuda/data/)
against inputs made here by warpsim's random(seed, lo, hi) rule (sim/exec/memory.c init_value),
in plain Python, independently of the .cu programs' host code. A pass shows that the programs fed
the GPU the same inputs the workload files describe. Exact kernels are compared exactly, float
kernels to a tolerance. No GPU, no CUDA, no numpy."""
import math
import os
import struct
import sys

M = (1 << 64) - 1
data = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "workloads", "cuda", "data")

def mix(z):
    z = (z + 0x9e3779b97f4a7c15) & M
    z = ((z ^ (z >> 30)) * 0xbf58476d1ce4e5b9) & M
    z = ((z ^ (z >> 27)) * 0x94d049bb133111eb) & M
    return z ^ (z >> 31)

def f32(v):
    return struct.unpack("f", struct.pack("f", v))[0]

def rf(seed, n, lo, hi):
    s = mix(seed)
    return [f32(lo + (hi - lo) * (mix(s ^ i) >> 11) * 2.0 ** -53) for i in range(n)]

def ri(seed, n, lo, hi):
    s = mix(seed)
    return [lo + mix(s ^ i) % (hi - lo + 1) for i in range(n)]

def load(name, fmt):
    b = open(os.path.join(data, name), "rb").read()
    return list(struct.unpack("<%d%s" % (len(b) // 4, fmt), b))

fails = 0
def check(what, got, want, rel=0.0, abs_=0.0):
    global fails
    bad = [i for i, (a, b) in enumerate(zip(got, want)) if not abs(a - b) <= abs_ + rel * max(abs(a), abs(b))]
    if len(got) != len(want) or bad:
        fails += 1
        print(f"FAIL {what}: {len(bad)} of {len(want)} differ" + (f", first [{bad[0]}] {got[bad[0]]} vs {want[bad[0]]}" if bad else f", {len(got)} vs {len(want)} elements"))
    else:
        print(f"ok   {what} ({len(want)} elements{'' if rel or abs_ else ', exact'})")

# saxpy n=8192: y = fma(2, x, y) is exact in double then rounded once
x, y = rf(1, 8192, -1, 1), rf(2, 8192, -1, 1)
check("saxpy.y", load("saxpy.y.bin", "f"), [f32(2 * a + b) for a, b in zip(x, y)])
# histogram_shared n=131072
d = ri(1, 131072, 0, 255)
h = [0] * 256
for v in d:
    h[v] += 1
check("histogram_shared.bins", load("histogram_shared.bins.bin", "I"), h)
# scan_block n=8192
x = ri(1, 8192, 0, 9)
acc, s = [], 0
for v in x:
    s += v
    acc.append(s)
check("scan_block.out", load("scan_block.out.bin", "i"), acc)
# transposes rows=72 cols=128
rows, cols = 72, 128
a = rf(1, rows * cols, -1, 1)
t = [a[r * cols + c] for c in range(cols) for r in range(rows)]
for k in ("naive", "tiled"):
    check(f"transpose_{k}.out", load(f"transpose_{k}.out.bin", "f"), t)
# async_copy ntiles=24: out[j] = tile[j] + tile[(j+1) % 512]
a = rf(1, 24 * 512, -1, 1)
check("async_copy.out", load("async_copy.out.bin", "f"),
      [f32(a[tl * 512 + j] + a[tl * 512 + (j + 1) % 512]) for tl in range(24) for j in range(512)])
# bfs_step n=4096 deg=8 cur=3
n, deg = 4096, 8
cols_ = ri(3, n * deg, 0, n - 1)
lev = ri(4, n, -1, 3)
lv, nx, cnt = list(lev), [0] * n, 0
for v in range(n):
    if lev[v] == 3:
        for e in range(v * deg, v * deg + deg):
            u = cols_[e]
            if lv[u] == -1:
                lv[u], nx[u], cnt = 4, 1, cnt + 1
check("bfs_step.levels", load("bfs_step.levels.bin", "i"), lv)
check("bfs_step.next", load("bfs_step.next.bin", "i"), nx)
check("bfs_step.count", load("bfs_step.count.bin", "i"), [cnt])
# spmv_csr rows=8192 deg=8 (float sums: a tolerance)
rows = 8192
c3, v4, x5 = ri(3, rows * 8, 0, rows - 1), rf(4, rows * 8, -1, 1), rf(5, rows, -1, 1)
check("spmv_csr.y", load("spmv_csr.y.bin", "f"),
      [sum(v4[k] * x5[c3[k]] for k in range(r * 8, r * 8 + 8)) for r in range(rows)], 1e-5, 1e-5)
# stencil2d w=128 h=64
w, hh = 128, 64
a = rf(1, w * hh, -1, 1)
ref = [a[i] if (i % w in (0, w - 1) or i // w in (0, hh - 1)) else
       0.5 * a[i] + 0.125 * (a[i - w] + a[i + w] + a[i - 1] + a[i + 1]) for i in range(w * hh)]
check("stencil2d.out", load("stencil2d.out.bin", "f"), ref, 1e-5, 1e-6)
# reductions
x = rf(1, 16384, -1, 1)
check("reduce_shared.partial", load("reduce_shared.partial.bin", "f"), [sum(x[i:i + 512]) for i in range(0, 16384, 512)], 1e-5, 1e-5)
check("reduce_shared.total", load("reduce_shared.total.bin", "f"), [sum(x)], 1e-5, 1e-4)
check("reduce_shuffle.total", load("reduce_shuffle.total.bin", "f"), [sum(rf(1, 32768, -1, 1))], 1e-5, 1e-4)
# sgemm m=64 n=128 k=128
m, n, k = 64, 128, 128
A, B = rf(1, m * k, -1, 1), rf(2, k * n, -1, 1)
check("sgemm_tiled.c", load("sgemm_tiled.c.bin", "f"),
      [sum(A[i * k + q] * B[q * n + j] for q in range(k)) for i in range(m) for j in range(n)], 1e-4, 1e-4)
# softmax rows=32 cols=512
rows, cols = 32, 512
a = rf(1, rows * cols, -4, 4)
ref = []
for r in range(rows):
    row = a[r * cols:(r + 1) * cols]
    mx = max(row)
    s = sum(math.exp(v - mx) for v in row)
    ref += [math.exp(v - mx) / s for v in row]
check("softmax.out", load("softmax.out.bin", "f"), ref, 1e-5, 1e-8)
# black_scholes n=4096, r=0.02 v=0.3 (floats), in double
def cnd(d):
    K = 1.0 / (1.0 + 0.2316419 * abs(d))
    c = 0.39894228040143267794 * math.exp(-0.5 * d * d) * (K * (0.31938153 + K * (-0.356563782 + K * (1.781477937 + K * (-1.821255978 + K * 1.330274429)))))
    return 1.0 - c if d > 0 else c
S, X, T = rf(1, 4096, 5, 30), rf(2, 4096, 1, 100), rf(3, 4096, 0.25, 10)
r, v = f32(0.02), f32(0.3)
call, put = [], []
for s_, x_, t_ in zip(S, X, T):
    d1 = (math.log(s_ / x_) + (r + 0.5 * v * v) * t_) / (v * math.sqrt(t_))
    d2 = d1 - v * math.sqrt(t_)
    e = math.exp(-r * t_)
    call.append(s_ * cnd(d1) - x_ * e * cnd(d2))
    put.append(x_ * e * (1 - cnd(d2)) - s_ * (1 - cnd(d1)))
check("black_scholes.call", load("black_scholes.call.bin", "f"), call, 1e-4, 2e-4)
check("black_scholes.put", load("black_scholes.put.bin", "f"), put, 1e-4, 2e-4)
# nbody n=512, eps2=0.01: (ax, ay, az, 0) per body
n = 512
P = rf(1, 4 * n, -1, 1)
ref = []
for i in range(n):
    ax = ay = az = 0.0
    for j in range(n):
        dx, dy, dz = P[4 * j] - P[4 * i], P[4 * j + 1] - P[4 * i + 1], P[4 * j + 2] - P[4 * i + 2]
        inv = 1.0 / math.sqrt(dx * dx + dy * dy + dz * dz + f32(0.01))
        q = P[4 * j + 3] * inv ** 3
        ax, ay, az = ax + dx * q, ay + dy * q, az + dz * q
    ref += [ax, ay, az, 0.0]
check("nbody.acc", load("nbody.acc.bin", "f"), ref, 1e-3, 1e-2)
sys.exit(1 if fails else 0)
