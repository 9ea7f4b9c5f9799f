"""Issue 4's fused-activation target, as called: fusednorm.group_norm / instance_norm with
activation="silu" against torch's F.group_norm / F.instance_norm followed by F.silu, forward
(no grad) and backward (autograd.grad through a retained graph), on the UNet, VAE and 3-D
shapes in both layouts, in one process: CUDA events around back-to-back calls over
rotated input copies (as the bench times a call, host time included where it exceeds the
GPU's), median of ROUNDS rounds that alternate the two. Each case is first checked against
float64 (y, dx, dw, db; bf16 tolerances).

    python benchmarks/silu_ab.py OUT.json [--rounds 3] [--dtype bfloat16]"""
import argparse
import json
import math
import statistics
import sys

import torch
import torch.nn.functional as F
import triton

import fusednorm
from fusednorm.bench.timing import SAMPLE_MS, CudaClock, copy_gbps

CASES = {  # name -> (shape, groups; None: InstanceNorm)
    "unet320": ((16, 320, 64, 64), 32),
    "unet1280": ((16, 1280, 16, 16), 32),
    "vae128": ((2, 128, 512, 512), 32),
    "seg3d": ((8, 64, 64, 64, 64), None),
}
L2_BYTES = 50 << 20


def layout(x, cl):
    if not cl:
        return x.contiguous()
    return x.contiguous(memory_format=torch.channels_last if x.dim() == 4
                        else torch.channels_last_3d)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--dtype", default="bfloat16")
    ap.add_argument("--cases", default=",".join(CASES))
    ap.add_argument("--sample-ms", type=float, default=SAMPLE_MS)
    a = ap.parse_args()
    dtype = getattr(torch, a.dtype)
    clock = CudaClock(warmup_ms=10, rep_ms=60, sample_ms=a.sample_ms)
    copy = copy_gbps(clock, torch.device("cuda"))
    meta = dict(device=torch.cuda.get_device_name(), torch=torch.__version__,
                triton=triton.__version__, copy_gbps=copy, dtype=a.dtype, rounds=a.rounds,
                sample_ms=a.sample_ms)
    print(f"{meta['device']} torch {meta['torch']} triton {meta['triton']} copy {copy:.0f} GB/s",
          flush=True)
    rows = []
    for name in a.cases.split(","):
        shape, groups = CASES[name]
        C = shape[1]
        nbytes = math.prod(shape) * dtype.itemsize
        copies = max(1, math.ceil(2 * L2_BYTES / nbytes))
        for cl in (False, True):
            torch.manual_seed(0)
            xs = [layout(torch.randn(shape, device="cuda") * 2 + 0.5, cl).to(dtype)
                  for _ in range(copies)]
            w = (1 + 0.3 * torch.randn(C, device="cuda")).to(dtype)
            b = (0.3 * torch.randn(C, device="cuda")).to(dtype)
            dy = layout(torch.randn(shape, device="cuda"), cl).to(dtype)

            def ours(x, w_, b_):
                if groups is None:
                    return fusednorm.instance_norm(x, w_, b_, 1e-5, activation="silu")
                return fusednorm.group_norm(x, groups, w_, b_, 1e-5, activation="silu")

            def theirs(x, w_, b_):
                y = (F.instance_norm(x, weight=w_, bias=b_, eps=1e-5) if groups is None
                     else F.group_norm(x, groups, w_, b_, 1e-5))
                return F.silu(y)

            # float64 check of y, dx, dw, db
            r64 = [t.double().requires_grad_() for t in (xs[0], w, b)]
            y64 = theirs(*r64)
            g64 = torch.autograd.grad(y64, r64, dy.double())
            i0 = [t.detach().requires_grad_() for t in (xs[0], w, b)]
            y0 = ours(*i0)
            g0 = torch.autograd.grad(y0, i0, dy)
            errs = []
            for o, r in zip((y0, *g0), (y64, *g64)):
                o, r = o.double(), r.detach()
                errs.append(((o - r).abs() / (1.6e-2 * r.abs() + 1.6e-2 * r.abs().max()))
                            .max().item())
            del r64, y64, g64, i0, y0, g0
            ok = max(errs) <= 1.0

            def calls(fn):
                with torch.no_grad():
                    fwd = [lambda x=x: fn(x, w, b) for x in xs]
                ins = [[t.detach().requires_grad_() for t in (x, w, b)] for x in xs]
                ys = [fn(*i) for i in ins]
                bwd = [lambda y=y, i=i: torch.autograd.grad(y, i, dy, retain_graph=True)
                       for y, i in zip(ys, ins)]
                return fwd, bwd

            times = {}
            prov = {"fusednorm": calls(ours), "torch": calls(theirs)}
            for r in range(a.rounds):
                order = ("fusednorm", "torch") if r % 2 == 0 else ("torch", "fusednorm")
                for p in order:
                    fwd, bwd = prov[p]
                    with torch.no_grad():
                        times.setdefault((p, "fwd"), []).append(clock.time_ms(fwd))
                    times.setdefault((p, "bwd"), []).append(clock.time_ms(bwd))
            del prov
            for mode, nb in (("fwd", 2 * nbytes), ("bwd", 3 * nbytes)):
                f = statistics.median(times[("fusednorm", mode)])
                t = statistics.median(times[("torch", mode)])
                row = dict(case=name, layout="cl" if cl else "nc", mode=mode, ok=ok, err=errs,
                           fusednorm_ms=f, torch_ms=t, speedup=t / f,
                           fusednorm_pct=100 * nb / f / 1e6 / copy,
                           all={p: times[(p, mode)] for p in ("fusednorm", "torch")})
                rows.append(row)
                print(f"{name:9s} {row['layout']} {mode} fusednorm {f * 1e3:8.1f} us "
                      f"({row['fusednorm_pct']:5.1f}%) torch {t * 1e3:8.1f} us speedup "
                      f"{t / f:5.2f}x{'' if ok else '  WRONG ' + str(errs)}", flush=True)
            xs = dy = None  # free the inputs before the next case
            torch.cuda.empty_cache()
            with open(a.out, "w") as fh:
                json.dump(dict(meta=meta, rows=rows), fh, indent=1)


if __name__ == "__main__":
    sys.exit(main())
