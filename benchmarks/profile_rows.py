"""Run one row-norm configuration a few times, for a profiler (ncu) to look at.
Usage: python benchmarks/profile_rows.py fwd|bwd N PATH BLOCK_N WARPS PPS"""
import sys

import torch
import triton

import fusednorm
from fusednorm.kernels import rownorm as K

mode, n, path, block, warps, pps = sys.argv[1], *map(int, sys.argv[2:7])
group = triton.cdiv(n, block) if path == K.COOP else 1
cfg = K.LaunchConfig(path, block, 1, warps, pps, group)
if mode == "fwd":
    K.fwd_config = lambda _n, _s, *_: cfg
else:
    K.bwd_config = lambda _n, _s, *_: cfg
m = (1 << 27) // n
x = torch.randn(m, n, device="cuda", dtype=torch.bfloat16, requires_grad=True)
w = torch.randn(n, device="cuda", dtype=torch.bfloat16, requires_grad=True)
dy = torch.randn_like(x)
for _ in range(3):
    y = fusednorm.rms_norm(x, n, w, eps=1e-6)
    if mode == "bwd":
        y.backward(dy)
torch.cuda.synchronize()
ms = triton.testing.do_bench(lambda: fusednorm.rms_norm(x, n, w, eps=1e-6), return_mode="median")
print(f"{mode} N={n} {cfg}: fwd {2 * x.numel() * 2 / ms / 1e6:.0f} GB/s")
