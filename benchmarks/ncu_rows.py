"""Run one row-norm forward or backward a few times through the public API, for Nsight
Compute to profile one launch:

    ncu --clock-control none -k regex:_rownorm_fwd --launch-skip 2 --launch-count 1 \\
        --section SpeedOfLight ... python benchmarks/ncu_rows.py OP N DTYPE [bwd]

OP: layer_norm, rms_norm, add_layer_norm or add_rms_norm; about 2^27 elements (M = 2^27 / N
rows)."""
import sys

import torch

import fusednorm

op, n, dtype = sys.argv[1], int(sys.argv[2]), getattr(torch, sys.argv[3])
m = max(1, (1 << 27) // n)
x = torch.randn(m, n, device="cuda", dtype=dtype, requires_grad=True)
w = torch.randn(n, device="cuda", dtype=dtype, requires_grad=True)
b = torch.randn(n, device="cuda", dtype=dtype, requires_grad=True)
dy = torch.randn_like(x)
r = torch.randn_like(x) if op.startswith("add_") else None
for _ in range(4):
    if op == "layer_norm":
        y = fusednorm.layer_norm(x, n, w, b)
    elif op == "rms_norm":
        y = fusednorm.rms_norm(x, n, w)
    elif op == "add_layer_norm":
        y = fusednorm.add_layer_norm(x, r, n, w, b)[0]
    else:
        y = fusednorm.add_rms_norm(x, r, n, w)[0]
    if "bwd" in sys.argv:
        y.backward(dy)
torch.cuda.synchronize()
