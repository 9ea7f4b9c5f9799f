"""The row norms' backward as called, kernel by kernel: torch.profiler's CUDA activity
over ITERS backward calls (autograd, the public API), the mean GPU time of each kernel,
and the mean span of a call's kernels (first start to last end: the launches and the
gaps between them on the GPU). Environment flags of fusednorm (FUSEDNORM_ROW_FOLD, ...)
apply as usual.

    python benchmarks/diag_bwd_kernels.py OP N DTYPE [ITERS]

OP: layer_norm, rms_norm, add_layer_norm or add_rms_norm; about 2^27 elements (DIAG_ROWS:
that many rows instead)."""
import os
import collections
import sys

import torch
from torch.profiler import ProfilerActivity, profile

import fusednorm

op, n, dtype = sys.argv[1], int(sys.argv[2]), getattr(torch, sys.argv[3])
iters = int(sys.argv[4]) if len(sys.argv) > 4 else 20
m = int(os.environ.get("DIAG_ROWS", 0)) or max(1, (1 << 27) // n)
x = torch.randn(m, n, device="cuda", dtype=dtype, requires_grad=True)
w = torch.randn(n, device="cuda", dtype=dtype, requires_grad=True)
b = torch.randn(n, device="cuda", dtype=dtype, requires_grad=True)
dy = torch.randn(m, n, device="cuda", dtype=dtype)
r = torch.randn_like(x) if op.startswith("add_") else None


def forward():
    if op == "layer_norm":
        return fusednorm.layer_norm(x, n, w, b)
    if op == "rms_norm":
        return fusednorm.rms_norm(x, n, w)
    if op == "add_layer_norm":
        return fusednorm.add_layer_norm(x, r, n, w, b)[0]
    return fusednorm.add_rms_norm(x, r, n, w)[0]


params = (x, w) if op.endswith("rms_norm") else (x, w, b)
ys = [forward() for _ in range(iters + 3)]
for y in ys[:3]:  # warm-up
    torch.autograd.grad(y, params, dy)
torch.cuda.synchronize()
with profile(activities=[ProfilerActivity.CUDA]) as prof:
    for y in ys[3:]:
        torch.cuda.synchronize()  # one call's kernels apart from the next's
        torch.autograd.grad(y, params, dy)  # no accumulation into .grad
    torch.cuda.synchronize()
kernels = sorted((e for e in prof.events() if e.device_type.name == "CUDA"),
                 key=lambda e: e.time_range.start)
calls, cur, last_end = [], [], None
for e in kernels:
    if last_end is not None and e.time_range.start - last_end > 50:  # us: the sync between calls
        calls.append(cur)
        cur = []
    cur.append(e)
    last_end = e.time_range.end
calls.append(cur)
per = collections.defaultdict(list)
for c in calls:
    for e in c:
        per[e.name[:48]].append(e.time_range.elapsed_us())
spans = [c[-1].time_range.end - c[0].time_range.start for c in calls]
spans.sort()
print(f"{op} {dtype} {m}x{n} calls={len(calls)} span median {spans[len(spans) // 2]:.1f} us "
      f"min {spans[0]:.1f}")
for name, ts in per.items():
    ts.sort()
    print(f"  {name:48s} x{len(ts) / len(calls):.0f} median {ts[len(ts) // 2]:8.1f} us")
