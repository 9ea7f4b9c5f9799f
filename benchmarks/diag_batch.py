"""channels_last GroupNorm / InstanceNorm: the whole tensor in one call against the same
kernels called on batches of samples whose bytes fit a budget (so that the columns path's
second read of a batch finds it in L2). GPU time from CUDA graph replay over rotated input
copies that do not fit in L2; % of a copy measured in the same run; bytes are the fewest
(forward x + y, backward x + dy + dx). The backward's batches write their own dw, db (the
sum over batches, C values, is left out of the timing).

    python benchmarks/diag_batch.py OUT.json [--cases a,b] [--dtype bfloat16] [--budgets 8,16,24]"""
import argparse
import json
import math

import torch

from fusednorm.bench.timing import CudaClock, copy_gbps, graph_ms
from fusednorm.kernels import groupnorm as K
from sweep_groupnorm import CASES, layout

L2_BYTES = 50 << 20


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--cases", default="unet320,unet640,vae512,in3d128,in2d,vae256,in3d64")
    ap.add_argument("--dtype", default="bfloat16")
    ap.add_argument("--budgets", default="8,16,24")
    ap.add_argument("--coop", default="1,0")
    a = ap.parse_args()
    dtype = getattr(torch, a.dtype)
    copy = copy_gbps(CudaClock(warmup_ms=10, rep_ms=60), torch.device("cuda"))
    print(f"copy {copy:.0f} GB/s", flush=True)
    rows = []
    for name in a.cases.split(","):
        shape, groups = CASES[name]
        N, C = shape[0], shape[1]
        G = groups or C
        esize = torch.empty((), dtype=dtype).element_size()
        nbytes = math.prod(shape) * esize
        per_n = nbytes // N
        copies = max(1, math.ceil(2 * L2_BYTES / nbytes))
        xs = [layout(torch.randn(shape, device="cuda") + 0.5, "cl").to(dtype)
              for _ in range(copies)]
        dys = [layout(torch.randn(shape, device="cuda"), "cl").to(dtype) for _ in range(copies)]
        w = torch.randn(C, device="cuda").to(dtype)
        b = torch.randn(C, device="cuda").to(dtype)
        ys = [torch.empty_like(x) for x in xs]
        dxs = [torch.empty_like(x) for x in xs]
        means = [torch.empty((N, G), device="cuda") for _ in xs]
        rstds = [torch.empty((N, G), device="cuda") for _ in xs]
        for coop in [int(c) for c in a.coop.split(",")]:
            K.COLS_COOP = bool(coop)
            K.clear_plan_caches()
            ref_y = None
            for budget in [0] + [int(v) for v in a.budgets.split(",")]:
                nb = N if budget == 0 else max(1, min(N, (budget << 20) // per_n))
                if budget and nb == N:
                    continue
                spans = [(b0, min(N, b0 + nb)) for b0 in range(0, N, nb)]
                dws = [torch.empty(C, device="cuda", dtype=dtype) for _ in spans]
                dbs = [torch.empty(C, device="cuda", dtype=dtype) for _ in spans]

                def fwd(i):
                    for s0, s1 in spans:
                        K.groupnorm_fwd(xs[i][s0:s1], w, b, G, 1e-5, None, ys[i][s0:s1],
                                        means[i][s0:s1], rstds[i][s0:s1])

                def bwd(i):
                    for j, (s0, s1) in enumerate(spans):
                        K.groupnorm_bwd(dys[i][s0:s1], xs[i][s0:s1], w, b, means[i][s0:s1],
                                        rstds[i][s0:s1], G, None, dxs[i][s0:s1], dws[j], dbs[j])

                for i in range(copies):
                    ys[i].fill_(float("nan"))
                    fwd(i)
                torch.cuda.synchronize()
                if ref_y is None:
                    ref_y = ys[0].float().clone()
                err = (ys[0].float() - ref_y).abs().max().item()
                bad = bool(torch.isnan(ys[0]).any())
                f_ms = graph_ms([lambda i=i: fwd(i) for i in range(copies)])
                b_ms = graph_ms([lambda i=i: bwd(i) for i in range(copies)])
                f_pct = 100 * 2 * nbytes / f_ms / 1e6 / copy
                b_pct = 100 * 3 * nbytes / b_ms / 1e6 / copy
                row = dict(case=name, dtype=a.dtype, coop=coop, budget_mb=budget, batch=nb,
                           launches=len(spans), fwd_us=f_ms * 1e3, fwd_pct=f_pct,
                           bwd_us=b_ms * 1e3, bwd_pct=b_pct, max_diff_vs_whole=err, nan=bad)
                rows.append(row)
                print(f"{name:8s} coop {coop} budget {budget:2d}MB batch {nb:2d}/{N:2d} fwd "
                      f"{f_ms * 1e3:7.1f}us {f_pct:5.1f}% bwd {b_ms * 1e3:7.1f}us {b_pct:5.1f}% "
                      f"diff {err:.2e}{' NAN' if bad else ''}", flush=True)
                with open(a.out, "w") as f:
                    json.dump(dict(copy_gbps=copy, rows=rows), f, indent=1)
        del xs, dys, ys, dxs
        torch.cuda.empty_cache()
    K.COLS_COOP = True


if __name__ == "__main__":
    main()
