"""Programmatic dependent launch off / on (fusednorm.kernels.PDL) in one process, rounds
alternated, for the calls that run several kernels in a row: the channels_last GroupNorm /
InstanceNorm columns path (stats, combine, apply; forward and backward), the GroupNorm
group path's backward with its sum launch, and the row norms' backward with its dw / db
sum launch. Each cell: GPU time (the op's implementation replayed from a CUDA graph, so
it also checks that PDL launches capture) and the call as the bench times it (CUDA events
around back-to-back calls), median over rounds, % of a device-to-device copy measured in
the same run (bytes: forward x + y, backward x + dy + dx). Before timing, each case's
outputs with PDL on are compared bitwise with PDL off.

    python benchmarks/ab_pdl.py OUT.json [--rounds 3] [--groups unet320,...] [--rows 1024,...]
        [--dtypes bf16,fp32]"""
import argparse
import json
import math
import statistics
import sys

import torch
import triton

import fusednorm
import fusednorm.kernels as FK
from fusednorm.bench.timing import CudaClock, copy_gbps, graph_ms
from fusednorm.kernels import groupnorm as GK
from fusednorm.kernels import rownorm as RK
from fusednorm.ops import groupnorm as OG
from fusednorm.ops import rownorm as OR

GROUP_CASES = {  # name -> (shape, groups (None: InstanceNorm), channels_last)
    "unet320cl": ((16, 320, 64, 64), 32, True),
    "unet640cl": ((16, 640, 32, 32), 32, True),
    "vae256cl": ((2, 256, 256, 256), 32, True),
    "vae128cl": ((2, 128, 512, 512), 32, True),
    "in3d64cl": ((8, 64, 64, 64, 64), None, True),
    "in3d128cl": ((8, 128, 32, 32, 32), None, True),
    "unet1280cl": ((16, 1280, 16, 16), 32, True),
    "unet1280": ((16, 1280, 16, 16), 32, False),
    "in2d": ((16, 64, 128, 128), None, False),
}
DTYPES = {"bf16": torch.bfloat16, "fp16": torch.float16, "fp32": torch.float32}
L2_BYTES = 50 << 20
ROW_ELEMENTS = 1 << 27


def set_pdl(on: bool):
    FK.PDL = on
    RK.clear_prepared()
    GK.clear_plan_caches()


def layout(x, cl):
    if not cl:
        return x.contiguous()
    return x.contiguous(memory_format=torch.channels_last if x.dim() == 4
                        else torch.channels_last_3d)


def group_case(name, dtype):
    """(bytes of x, {mode: (graph calls, as-called calls)}, outputs(): the tensors compared
    bitwise)."""
    shape, groups, cl = GROUP_CASES[name]
    C = shape[1]
    G = groups or C
    nbytes = math.prod(shape) * dtype.itemsize
    copies = max(1, math.ceil(2 * L2_BYTES / nbytes))
    torch.manual_seed(0)
    xs = [layout(torch.randn(shape, device="cuda") * 2 + 0.5, cl).to(dtype) for _ in range(copies)]
    w = (1 + 0.3 * torch.randn(C, device="cuda")).to(dtype)
    b = (0.3 * torch.randn(C, device="cuda")).to(dtype)
    dy = layout(torch.randn(shape, device="cuda"), cl).to(dtype)
    x3s = [x.flatten(2) for x in xs]
    dy3 = dy.flatten(2)

    def ours(x, w_, b_):
        if groups is None:
            return fusednorm.instance_norm(x, w_, b_, 1e-5)
        return fusednorm.group_norm(x, groups, w_, b_, 1e-5)

    def modes():
        sts = [OG.fwd_impl(x3, w, b, G, 1e-5, None)[1:] for x3 in x3s]
        fwd_gpu = [lambda x3=x3: OG.fwd_impl(x3, w, b, G, 1e-5, None) for x3 in x3s]
        bwd_gpu = [lambda x3=x3, st=st: OG.bwd_impl(dy3, x3, w, b, st[0], st[1], G, None, True,
                                                    True) for x3, st in zip(x3s, sts)]
        with torch.no_grad():
            fwd_call = [lambda x=x: ours(x, w, b) for x in xs]
        ins = [[t.detach().requires_grad_() for t in (x, w, b)] for x in xs]
        ys = [ours(*i) for i in ins]
        bwd_call = [lambda y=y, i=i: torch.autograd.grad(y, i, dy, retain_graph=True)
                    for y, i in zip(ys, ins)]
        return {"fwd": (fwd_gpu, fwd_call, 2 * nbytes), "bwd": (bwd_gpu, bwd_call, 3 * nbytes)}

    def outputs():
        x0, w0, b0 = (t.detach().requires_grad_() for t in (xs[0], w, b))
        y0 = ours(x0, w0, b0)
        y0.backward(dy)
        return [y0.detach(), x0.grad, w0.grad, b0.grad]

    return modes, outputs


def row_case(op, n, dtype):
    M = max(1, ROW_ELEMENTS // n)
    is_rms = op == "rms_norm"
    torch.manual_seed(0)
    x = (torch.randn(M, n, device="cuda") * 2 + 0.5).to(dtype)
    w = (1 + 0.3 * torch.randn(n, device="cuda")).to(dtype)
    b = None if is_rms else (0.3 * torch.randn(n, device="cuda")).to(dtype)
    dy = torch.randn(M, n, device="cuda").to(dtype)
    nbytes = M * n * dtype.itemsize

    def ours(x_, w_, b_):
        if is_rms:
            return fusednorm.rms_norm(x_, (n,), w_, eps=1e-5)
        return fusednorm.layer_norm(x_, (n,), w_, b_, 1e-5)

    def modes():
        _, _, mean, rstd = OR.fwd_impl(x, None, w, b, 1e-5, is_rms)
        wd = w.dtype
        bwd_gpu = [lambda: OR.bwd_impl(dy, None, x, w, mean, rstd, is_rms, True, not is_rms,
                                       wd, wd)]
        ins = [t.detach().requires_grad_() for t in (x, w, b) if t is not None]
        y = ours(*ins, *([None] if is_rms else []))
        bwd_call = [lambda: torch.autograd.grad(y, ins, dy, retain_graph=True)]
        return {"bwd": (bwd_gpu, bwd_call, 3 * nbytes)}

    def outputs():
        ins = [t.detach().requires_grad_() for t in (x, w, b) if t is not None]
        y = ours(*ins, *([None] if is_rms else []))
        y.backward(dy)
        return [y.detach()] + [t.grad for t in ins]

    return modes, outputs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--groups", default=",".join(GROUP_CASES))
    ap.add_argument("--rows", default="256,1024,4096,16384,65536")
    ap.add_argument("--row-ops", default="layer_norm,rms_norm")
    ap.add_argument("--dtypes", default="bf16")
    a = ap.parse_args()
    clock = CudaClock(warmup_ms=10, rep_ms=60)
    copy = copy_gbps(clock, torch.device("cuda"))
    meta = dict(device=torch.cuda.get_device_name(), torch=torch.__version__,
                triton=triton.__version__, copy_gbps=copy, rounds=a.rounds)
    print(f"{meta['device']} torch {meta['torch']} triton {meta['triton']} copy {copy:.0f} GB/s",
          flush=True)
    cases = []
    for d in a.dtypes.split(","):
        dtype = DTYPES[d]
        cases += [(f"{g} {d}", lambda g=g, dtype=dtype: group_case(g, dtype))
                  for g in a.groups.split(",") if g]
        cases += [(f"{op} {n} {d}", lambda op=op, n=n, dtype=dtype: row_case(op, n, dtype))
                  for op in a.row_ops.split(",") if op for n in
                  (int(v) for v in a.rows.split(",") if v)]
    rows = []
    for name, make in cases:
        modes_fn, outputs = make()
        got = {}
        for on in (False, True):
            set_pdl(on)
            got[on] = outputs()
        same = all(torch.equal(p, q) for p, q in zip(got[False], got[True]))
        del got
        times = {}  # (mode, kind, on) -> [ms]
        try:
            for r in range(a.rounds):
                for on in ((False, True) if r % 2 == 0 else (True, False)):
                    set_pdl(on)
                    for mode, (gpu, call, nb) in modes_fn().items():
                        times.setdefault((mode, "gpu", on), []).append(graph_ms(gpu))
                        times.setdefault((mode, "call", on), []).append(clock.time_ms(call))
                        times[(mode, "bytes")] = nb
        except Exception as e:  # noqa: BLE001  (a capture that fails is the finding)
            print(f"{name}: {type(e).__name__}: {e}"[:400], flush=True)
            rows.append(dict(case=name, error=f"{type(e).__name__}: {e}"[:400]))
            continue
        for mode in sorted({k[0] for k in times}):
            nb = times[(mode, "bytes")]
            r = dict(case=name, mode=mode, bitwise_equal=same)
            line = f"{name:22s} {mode} equal={same}"
            for kind in ("gpu", "call"):
                for on in (False, True):
                    ms = statistics.median(times[(mode, kind, on)])
                    r[f"{kind}_{'on' if on else 'off'}_ms"] = ms
                    r[f"{kind}_{'on' if on else 'off'}_pct"] = 100 * nb / ms / 1e6 / copy
                    r[f"{kind}_{'on' if on else 'off'}_all_ms"] = times[(mode, kind, on)]
                line += (f" | {kind} {r[f'{kind}_off_pct']:5.1f} -> {r[f'{kind}_on_pct']:5.1f}%"
                         f" ({r[f'{kind}_off_ms'] * 1e3:7.1f} -> {r[f'{kind}_on_ms'] * 1e3:7.1f} us)")
            print(line, flush=True)
            rows.append(r)
        torch.cuda.empty_cache()
        with open(a.out, "w") as f:  # after every case: a time limit keeps what ran
            json.dump(dict(meta=meta, rows=rows), f, indent=1)
    set_pdl(True)


if __name__ == "__main__":
    sys.exit(main())
