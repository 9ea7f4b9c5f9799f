"""The autograd engine's floor on this host, beside fusednorm's backward: host time per
autograd.grad call (calls enqueued back to back, wall time / calls, median of rounds that
take the variants in turn, one process) through
  cpp       one C++ op (x * 2: its backward launches one kernel),
  pyfunc    a Python autograd.Function whose forward and backward only allocate (no kernel),
  pyfunc6   the same with six inputs (the eager Functions' argument count),
  group_norm / layer_norm: fusednorm's backward (group_norm with activation="silu"),
and torch's own (F.group_norm then F.silu; F.layer_norm), at UNet 1280 (16x1280x16x16)
and 32x4096, bf16.

    python benchmarks/host_floor.py OUT.json [--rounds 5]"""
import argparse
import json
import statistics

import torch
import torch.nn.functional as F

import fusednorm
from fusednorm.bench.timing import host_us


class _Alloc(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return torch.empty_like(x)

    @staticmethod
    def backward(ctx, g):
        return torch.empty_like(g)


class _Alloc6(torch.autograd.Function):
    @staticmethod
    def forward(ctx, plan, eps, x, r, w, b):
        return torch.empty_like(x)

    @staticmethod
    def backward(ctx, g):
        return None, None, torch.empty_like(g), None, None, None


def per_call_us(fn, n=500):
    """Host microseconds per call (timing.host_us: calls enqueued without waiting)."""
    return host_us(fn, n=n, warmup=50)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--rounds", type=int, default=5)
    a = ap.parse_args()
    dt = torch.bfloat16
    x = torch.randn(16, 1280, 16, 16, device="cuda", dtype=dt, requires_grad=True)
    w = torch.randn(1280, device="cuda", dtype=dt, requires_grad=True)
    b = torch.randn(1280, device="cuda", dtype=dt, requires_grad=True)
    dy = torch.randn_like(x)
    xr = torch.randn(32, 4096, device="cuda", dtype=dt, requires_grad=True)
    wr = torch.randn(4096, device="cuda", dtype=dt, requires_grad=True)
    br = torch.randn(4096, device="cuda", dtype=dt, requires_grad=True)
    dyr = torch.randn_like(xr)
    y_cpp = x * 2
    y_py = _Alloc.apply(x)
    y_py6 = _Alloc6.apply(None, 1e-5, x, None, None, None)
    y_gn = fusednorm.group_norm(x, 32, w, b, activation="silu")
    y_tgn = F.silu(F.group_norm(x, 32, w, b))
    y_ln = fusednorm.layer_norm(xr, (4096,), wr, br)
    y_tln = F.layer_norm(xr, (4096,), wr, br)
    g = torch.autograd.grad
    variants = {
        "cpp": lambda: g(y_cpp, (x,), dy, retain_graph=True),
        "pyfunc": lambda: g(y_py, (x,), dy, retain_graph=True),
        "pyfunc6": lambda: g(y_py6, (x,), dy, retain_graph=True),
        "group_norm silu": lambda: g(y_gn, (x, w, b), dy, retain_graph=True),
        "torch group_norm silu": lambda: g(y_tgn, (x, w, b), dy, retain_graph=True),
        "layer_norm": lambda: g(y_ln, (xr, wr, br), dyr, retain_graph=True),
        "torch layer_norm": lambda: g(y_tln, (xr, wr, br), dyr, retain_graph=True),
    }
    times = {k: [] for k in variants}
    for _ in range(a.rounds):
        for k, f in variants.items():
            times[k].append(per_call_us(f))
    rows = {k: dict(median=statistics.median(v), all=v) for k, v in times.items()}
    for k, v in rows.items():
        print(f"{k:24s} {v['median']:7.1f} us", flush=True)
    with open(a.out, "w") as f:
        json.dump(dict(gpu=torch.cuda.get_device_name(), torch=torch.__version__,
                       unit="us per call", rows=rows), f, indent=1)


if __name__ == "__main__":
    main()
