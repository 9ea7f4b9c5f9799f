"""Host time per call of this tree's fusednorm against an earlier one, torch beside them, in
one process (the lent host's speed drifts between processes): calls enqueued back to back
without waiting, wall time / calls, median of ROUNDS rounds that take the providers in
turn (the order flipped every round). The earlier tree is imported as the package `fusednorm_old` from OLD_PATH (a copy
of its src/fusednorm renamed so, its ops registered as fusednorm_old::*).

Cells: the inference path (no grad) of layer_norm, rms_norm, add_rms_norm at 1x4096 and
32x4096 and of group_norm at 16x1280x8x8 (both layouts), bf16; layer_norm fwd+bwd (the
training path: forward, then autograd.grad) and its backward alone at 32x4096; group_norm
with fused silu, backward alone, at 16x1280x16x16 (both layouts). --bwd: only the
training cells, with layer_norm 1x4096 and rms_norm 32x4096 backward added. --cols: only
the channels_last columns path's inference forward (group_norm 16x640x16x16 and 16x640x32x32,
UNet 640; 300 calls a round, so that the GPU's queue does not fill).

    python benchmarks/host_ab.py OUT.json OLD_PATH [--rounds 7] [--bwd | --cols]"""
import argparse
import json
import statistics
import sys

import torch
import torch.nn.functional as F
import triton

import fusednorm
from fusednorm.bench.timing import host_us


def per_call_us(fn, n=2000):
    """Host microseconds per call (timing.host_us: calls enqueued without waiting)."""
    return host_us(fn, n=n, warmup=50)


def _rows(libs, M, N, dev, dt):
    # Each cell's tensors are bound here, per call of this function (lambdas defined in a
    # loop would all see the loop's last tensors).
    x = torch.randn(M, N, device=dev, dtype=dt)
    r = torch.randn_like(x)
    w = torch.randn(N, device=dev, dtype=dt)
    b = torch.randn(N, device=dev, dtype=dt)
    return [
        (f"layer_norm {M}x{N}", lambda: F.layer_norm(x, (N,), w, b),
         {k: (lambda m=m: m.layer_norm(x, (N,), w, b)) for k, m in libs.items()}),
        (f"rms_norm {M}x{N}", lambda: F.rms_norm(x, (N,), w, 1e-6),
         {k: (lambda m=m: m.rms_norm(x, (N,), w, 1e-6)) for k, m in libs.items()}),
        (f"add_rms_norm {M}x{N}", lambda: F.rms_norm(x + r, (N,), w, 1e-6),
         {k: (lambda m=m: m.add_rms_norm(x, r, (N,), w, 1e-6)) for k, m in libs.items()}),
    ]


def _group_fwd(libs, cl, dev, dt, shape=(16, 1280, 8, 8)):
    x = torch.randn(shape, device=dev, dtype=dt)
    if cl:
        x = x.contiguous(memory_format=torch.channels_last)
    w = torch.randn(shape[1], device=dev, dtype=dt)
    return [(f"group_norm {'x'.join(map(str, shape))} {'cl' if cl else 'nc'}",
             lambda: F.group_norm(x, 32, w, w),
             {k: (lambda m=m: m.group_norm(x, 32, w, w)) for k, m in libs.items()})]


def _rows_train(libs, dev, dt, M=32, op="layer_norm"):
    N = 4096
    x = torch.randn(M, N, device=dev, dtype=dt, requires_grad=True)
    w = torch.randn(N, device=dev, dtype=dt, requires_grad=True)
    b = torch.randn(N, device=dev, dtype=dt, requires_grad=True)
    dy = torch.randn(M, N, device=dev, dtype=dt)
    params = (w, b) if op == "layer_norm" else (w,)

    def step(f):
        return lambda: torch.autograd.grad(f(x, (N,), *params), (x, *params), dy)

    def bwd(f):  # the backward alone, through a kept graph
        y = f(x, (N,), *params)
        return lambda: torch.autograd.grad(y, (x, *params), dy, retain_graph=True)
    tf = getattr(F, op)
    out = [(f"{op} {M}x{N} bwd", bwd(tf), {k: bwd(getattr(m, op)) for k, m in libs.items()})]
    if M == 32 and op == "layer_norm":
        out.insert(0, (f"{op} {M}x{N} fwd+bwd", step(tf),
                       {k: step(getattr(m, op)) for k, m in libs.items()}))
    return out


def _group_bwd(libs, cl, dev, dt):
    x = torch.randn(16, 1280, 16, 16, device=dev, dtype=dt)
    if cl:
        x = x.contiguous(memory_format=torch.channels_last)
    x.requires_grad_()
    w = torch.randn(1280, device=dev, dtype=dt, requires_grad=True)
    dy = torch.randn_like(x)

    def bwd(f):
        y = f(x, w)
        return lambda: torch.autograd.grad(y, (x, w), dy, retain_graph=True)
    return [(f"group_norm silu 16x1280x16x16 {'cl' if cl else 'nc'} bwd",
             bwd(lambda x_, w_: F.silu(F.group_norm(x_, 32, w_, w_))),
             {k: bwd(lambda x_, w_, m=m: m.group_norm(x_, 32, w_, w_, activation="silu"))
              for k, m in libs.items()})]


def cells(libs, only_bwd=False, cols=False):
    dev, dt = "cuda", torch.bfloat16
    if cols:
        return [c for S in (16, 32) for c in _group_fwd(libs, True, dev, dt, (16, 640, S, S))]
    out = []
    if not only_bwd:
        for M in (1, 32):
            out += _rows(libs, M, 4096, dev, dt)
        for cl in (False, True):
            out += _group_fwd(libs, cl, dev, dt)
    out += _rows_train(libs, dev, dt)
    if only_bwd:
        out += _rows_train(libs, dev, dt, M=1)
        out += _rows_train(libs, dev, dt, op="rms_norm")
    for cl in (False, True):
        out += _group_bwd(libs, cl, dev, dt)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("old_path")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--bwd", action="store_true",
                    help="only the backward cells (and layer_norm's fwd+bwd), with layer_norm "
                         "1x4096 and rms_norm 32x4096 backward added")
    ap.add_argument("--cols", action="store_true",
                    help="only the channels_last columns path's inference forward")
    a = ap.parse_args()
    sys.path.insert(0, a.old_path)
    import fusednorm_old
    libs = {"new": fusednorm, "old": fusednorm_old}
    rows = []
    for name, tfn, fns in cells(libs, a.bwd, a.cols):
        variants = {"torch": tfn, **fns}
        times = {k: [] for k in variants}
        with torch.no_grad() if "bwd" not in name else torch.enable_grad():
            order = list(variants)
            for i in range(a.rounds):
                # The order flips every round (host_ab_cpu.py found a later turn's backward
                # reading slower for unchanged code when the order stayed fixed).
                for k in (order if i % 2 == 0 else order[::-1]):
                    times[k].append(per_call_us(
                        variants[k], 300 if a.cols else 1000 if "bwd" in name else 2000))
        row = dict(cell=name, **{k: statistics.median(v) for k, v in times.items()}, all=times)
        row["new/old"] = row["new"] / row["old"]
        rows.append(row)
        print(f"{name:30s} torch {row['torch']:7.2f} new {row['new']:7.2f} old {row['old']:7.2f} "
              f"new/old {row['new/old']:.3f}", flush=True)
    meta = dict(gpu=torch.cuda.get_device_name(), torch=torch.__version__,
                triton=triton.__version__, unit="us per call", rounds=a.rounds)
    with open(a.out, "w") as f:
        json.dump(dict(meta=meta, rows=rows), f, indent=1)


if __name__ == "__main__":
    sys.exit(main())
