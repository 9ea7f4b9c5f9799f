"""Run one GroupNorm case a few times, for Nsight Compute to profile one launch:

    ncu --clock-control none -k regex:_groupnorm_fwd --launch-skip 2 --launch-count 1 \\
        --section SpeedOfLight ... python benchmarks/ncu_groupnorm.py CASE LAYOUT [bwd]

CASE is one of benchmarks/sweep_groupnorm.py's cases (bf16)."""
import sys

import torch

import fusednorm
from sweep_groupnorm import CASES, layout

name, lay = sys.argv[1], sys.argv[2]
shape, groups = CASES[name]
C = shape[1]
x = layout(torch.randn(shape, device="cuda"), lay).bfloat16().requires_grad_()
w = torch.randn(C, device="cuda").bfloat16().requires_grad_()
b = torch.randn(C, device="cuda").bfloat16().requires_grad_()
dy = layout(torch.randn(shape, device="cuda"), lay).bfloat16()
for _ in range(4):
    y = fusednorm.group_norm(x, groups or C, w, b, activation="silu")
    if "bwd" in sys.argv:
        y.backward(dy)
torch.cuda.synchronize()
