"""Fixed and per-byte cost of GroupNorm's contiguous forward and backward: GPU time (CUDA
graphs over rotated copies, as sweep_groupnorm.py) at batch sizes N of one (C, H, W,
groups), and of a copy of x, the least-squares line time = a + b x bytes (a: the fixed cost in us; the slope's
GB/s against the copy's), then the backward's kernels at one N (torch.profiler, mean GPU
us each over ITERS calls of bwd_impl).

    python benchmarks/diag_fixed.py DTYPE C H W [N,N,...] [--act silu]"""
import argparse
import collections
import math

import torch
from torch.profiler import ProfilerActivity, profile

from fusednorm.bench.timing import CudaClock, copy_gbps, graph_ms
from fusednorm.ops import groupnorm as OG
from sweep_groupnorm import inputs

ap = argparse.ArgumentParser()
ap.add_argument("dtype")
ap.add_argument("C", type=int)
ap.add_argument("H", type=int)
ap.add_argument("W", type=int)
ap.add_argument("ns", nargs="?", default="4,8,16,32,64")
ap.add_argument("--groups", type=int, default=32)
ap.add_argument("--act", default=None)
ap.add_argument("--iters", type=int, default=20)
a = ap.parse_args()
dtype = getattr(torch, a.dtype)
copy = copy_gbps(CudaClock(warmup_ms=10, rep_ms=60), torch.device("cuda"))
G = a.groups
print(f"{torch.cuda.get_device_name()} copy {copy:.0f} GB/s {a.dtype} C {a.C} {a.H}x{a.W} "
      f"G {G} act {a.act}", flush=True)
pts = {"copy": [], "fwd": [], "bwd": []}
ns = [int(n) for n in a.ns.split(",")]
for n in ns:
    shape = (n, a.C, a.H, a.W)
    xs, w, b = inputs(shape, "nc", dtype)
    x3s = [x.flatten(2) for x in xs]
    dy3 = torch.randn_like(xs[0]).flatten(2)
    nbytes = math.prod(shape) * dtype.itemsize
    with torch.no_grad():
        f = graph_ms([lambda x3=x3: OG.fwd_impl(x3, w, b, G, 1e-5, a.act) for x3 in x3s])
    sts = [OG.fwd_impl(x3, w, b, G, 1e-5, a.act)[1:] for x3 in x3s]
    calls = [lambda x3=x3, st=st: OG.bwd_impl(dy3, x3, w, b, st[0], st[1], G, a.act, True,
                                              True) for x3, st in zip(x3s, sts)]
    bw = graph_ms(calls)
    out = torch.empty_like(xs[0])
    cp = graph_ms([lambda x=x: out.copy_(x) for x in xs])
    for m, t, k in (("copy", cp, 2), ("fwd", f, 2), ("bwd", bw, 3)):
        pts[m].append((k * nbytes, t * 1e3))
        print(f"N {n:3d} {m} {t * 1e3:8.2f} us  {100 * k * nbytes / t / 1e6 / copy:5.1f}% of copy"
              f"  (copy time of its bytes {k * nbytes / copy / 1e3:7.2f} us)", flush=True)
    if n == ns[len(ns) // 2]:
        for c in calls[:2]:
            c()
        torch.cuda.synchronize()
        with profile(activities=[ProfilerActivity.CUDA]) as prof:
            for _ in range(a.iters):
                calls[0]()
            torch.cuda.synchronize()
        acc = collections.defaultdict(float)
        for e in prof.events():
            if e.device_type == torch.autograd.DeviceType.CUDA:
                acc[e.name[:70]] += e.device_time / a.iters
        for name, us in sorted(acc.items(), key=lambda kv: -kv[1]):
            print(f"   bwd kernel at N {n}: {us:8.2f} us  {name}", flush=True)
for m, p in pts.items():
    k = len(p)
    mx = sum(x for x, _ in p) / k
    my = sum(y for _, y in p) / k
    slope = sum((x - mx) * (y - my) for x, y in p) / sum((x - mx) ** 2 for x, _ in p)
    print(f"{m}: fixed {my - slope * mx:6.2f} us, slope {1e-3 / slope:7.0f} GB/s "
          f"({100e-3 / slope / copy:5.1f}% of copy)", flush=True)
