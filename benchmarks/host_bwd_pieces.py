"""Where the host time of a row norm's backward goes (the training path, layer_norm bf16 at
32x4096 and 1x4096), on a CUDA machine, in one process: calls enqueued back to back without
waiting, wall time / calls, median of ROUNDS rounds that take the pieces in turn.
  grad          torch.autograd.grad through fusednorm.layer_norm (the whole backward)
  torch_grad    the same through F.layer_norm
  floor         autograd.grad through a Python Function that only allocates
  launch_bwd    kernels.rownorm.launch_bwd of the cached plan (its allocations and launches)
  main, sum     each FixedLaunch alone (tensors built beforehand)
  empty_part    one torch.empty of the (partials, N) fp32 scratch
  empty_like    torch.empty_like(x)
  saved         ctx.saved_tensors of the graph's node

    python benchmarks/host_bwd_pieces.py OUT.json [--rounds 7]"""
import argparse
import json
import statistics

import torch
import torch.nn.functional as F
import triton

import fusednorm
from fusednorm.bench.timing import host_us
from fusednorm.kernels import rownorm as K
from host_floor import _Alloc  # benchmarks/ is on the path when run as a script


def per_call_us(fn, n=1000):
    """Host microseconds per call (timing.host_us: calls enqueued without waiting)."""
    return host_us(fn, n=n, warmup=50)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--rounds", type=int, default=7)
    a = ap.parse_args()
    dt = torch.bfloat16
    rows = []
    for M in (1, 32):
        N = 4096
        x = torch.randn(M, N, device="cuda", dtype=dt, requires_grad=True)
        w = torch.randn(N, device="cuda", dtype=dt, requires_grad=True)
        b = torch.randn(N, device="cuda", dtype=dt, requires_grad=True)
        dy = torch.randn(M, N, device="cuda", dtype=dt)
        y = fusednorm.layer_norm(x, (N,), w, b)
        yt = F.layer_norm(x, (N,), w, b)
        ya = _Alloc.apply(x)
        g = torch.autograd.grad
        g(y, (x, w, b), dy, retain_graph=True)  # makes the plan's backward launch
        node = y.grad_fn
        plan = node.plan
        mean, rstd = node.stats
        prep = plan.bwd[False]
        xd = x.detach()
        wd = w.detach()
        dx = torch.empty_like(xd)
        lb = lambda: K.launch_bwd(prep, dy, None, xd, wd, mean, rstd, False, True, True,  # noqa: E731
                                  dx, dt, dt)
        f32 = dict(device="cuda", dtype=torch.float32)
        parts = torch.empty((prep.partials, N), **f32)
        parts2 = torch.empty((prep.partials, N), **f32)
        dw = torch.empty(N, device="cuda", dtype=dt)
        db = torch.empty(N, device="cuda", dtype=dt)
        # The main launch's tensors as launch_bwd passes them (one partial row: dw, db in
        # their dtype, written by the main launch itself).
        pw, pb = (parts, parts2) if prep.total is not None else (dw, db)
        main_t = (xd, wd, xd, dy, dy, mean, rstd, dx, pw, pb, rstd, rstd, rstd, rstd)
        pieces = {
            "grad": lambda: g(y, (x, w, b), dy, retain_graph=True),
            "torch_grad": lambda: g(yt, (x, w, b), dy, retain_graph=True),
            "floor": lambda: g(ya, (x,), dy, retain_graph=True),
            "launch_bwd": lb,
            "main": lambda: prep.launch(main_t, (1,)),
            "sum": (lambda: prep.total((parts, parts2, dw, db))) if prep.total else (lambda: None),
            "empty_part": lambda: torch.empty((prep.partials, N), **f32),
            "empty_like": lambda: torch.empty_like(xd),
            "saved": lambda: node.saved_tensors,
        }
        times = {k: [] for k in pieces}
        for _ in range(a.rounds):
            for k, f in pieces.items():
                times[k].append(per_call_us(f))
        row = dict(shape=f"{M}x{N}", partials=prep.partials, has_sum=prep.total is not None,
                   **{k: statistics.median(v) for k, v in times.items()}, all=times)
        rows.append(row)
        print(f"layer_norm {M}x{N} partials {prep.partials} " +
              " ".join(f"{k} {row[k]:.1f}" for k in pieces), flush=True)
    with open(a.out, "w") as f:
        json.dump(dict(gpu=torch.cuda.get_device_name(), torch=torch.__version__,
                       triton=triton.__version__, unit="us per call", rows=rows), f, indent=1)


if __name__ == "__main__":
    main()
