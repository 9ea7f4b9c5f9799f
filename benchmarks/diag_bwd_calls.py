"""Per-call times of the channels_last GroupNorm backward as called (v0.39).

For each case (sweep_groupnorm.py's CASES, channels_last) this times, call by call with
CUDA events: the autograd backward (torch.autograd.grad with retain_graph, as the bench's
bwd mode) and the kernel launch alone (kernels.groupnorm.launch_bwd), each back to back
and each with a synchronize before every call (the GPU time of one call by itself). It
prints the 10th / 50th / 90th / 99th percentiles and the largest, in us, so that a path
whose calls are sometimes slow shows apart from one that is slow on average. Set
FUSEDNORM_COLS_COOP_BWD in the environment to pick the path.

    python benchmarks/diag_bwd_calls.py [--cases unet320,unet640] [--calls 300]
"""
import argparse
import os

import torch

import fusednorm
from fusednorm.kernels import groupnorm as K

from sweep_groupnorm import CASES, layout


def pct(ts):
    ts = sorted(ts)
    at = lambda q: ts[min(len(ts) - 1, int(q * len(ts)))]  # noqa: E731
    return "p10 %7.1f p50 %7.1f p90 %7.1f p99 %7.1f max %7.1f" % (
        at(0.1), at(0.5), at(0.9), at(0.99), ts[-1])


def times(fn, calls, sync_each):
    out = []
    ev = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True))
          for _ in range(calls)]
    for _ in range(10):
        fn()
    torch.cuda.synchronize()
    for a, b in ev:
        if sync_each:
            torch.cuda.synchronize()
        a.record()
        fn()
        b.record()
    torch.cuda.synchronize()
    return [1000 * a.elapsed_time(b) for a, b in ev]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cases", default="unet320,unet640,in2d")
    ap.add_argument("--calls", type=int, default=300)
    a = ap.parse_args()
    mode = os.environ.get("FUSEDNORM_COLS_COOP_BWD", "1")
    for name in a.cases.split(","):
        shape, groups = CASES[name]
        G = groups or shape[1]
        x = layout(torch.randn(shape, device="cuda") + 0.5, "cl").to(torch.bfloat16)
        x.requires_grad_()
        w = torch.randn(shape[1], device="cuda", requires_grad=True)
        b = torch.randn(shape[1], device="cuda", requires_grad=True)
        y = fusednorm.group_norm(x, G, w, b)
        dy = torch.randn_like(y)
        grad = lambda: torch.autograd.grad(y, (x, w, b), dy, retain_graph=True)  # noqa: E731
        xd = x.detach()
        mean = torch.randn(shape[0], G, device="cuda")
        rstd = torch.rand(shape[0], G, device="cuda") + 0.5
        dx, dw, db = torch.empty_like(xd), torch.empty_like(w), torch.empty_like(b)
        prep = K.prepare_bwd(dy, xd, w, None, G, None,
                             (mean.dtype, rstd.dtype, dx.dtype, dw.dtype, db.dtype))
        path = "coop" if prep.slots else ("cols" if prep.cols_path else "other")
        kern = lambda: K.launch_bwd(prep, dy, xd, w, None, mean, rstd, dx, dw, db)  # noqa
        for what, fn in (("autograd", grad), ("kernel", kern)):
            for sync in (False, True):
                ts = times(fn, a.calls, sync)
                print(f"{name:8} COOP_BWD={mode} {path:5} {what:8} "
                      f"{'alone' if sync else 'b2b  '} {pct(ts)}", flush=True)


if __name__ == "__main__":
    main()
