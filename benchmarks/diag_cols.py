"""Per-launch GPU time of the GroupNorm columns path (channels_last, bf16): stats, combine
and apply timed alone and in sequence (CUDA graph replay over rotated input copies that
do not fit in L2), with each compiled kernel's registers and spills.

    python benchmarks/diag_cols.py [CASE,...] [--settings JSON]"""
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
    ap.add_argument("cases", nargs="?", default="unet320,vae512,vae256,in2d")
    ap.add_argument("--settings", default="[{}]")
    a = ap.parse_args()
    copy = copy_gbps(CudaClock(warmup_ms=10, rep_ms=60), torch.device("cuda"))
    print(f"copy {copy:.0f} GB/s")
    settings = json.loads(a.settings)
    defaults = {k: getattr(K, k) for s in settings for k in s}
    for name in a.cases.split(","):
        shape, groups = CASES[name]
        N, C = shape[0], shape[1]
        G = groups or C
        nbytes = math.prod(shape) * 2
        copies = max(1, math.ceil(2 * L2_BYTES / nbytes))
        xs = [layout(torch.randn(shape, device="cuda"), "cl").bfloat16() for _ in range(copies)]
        dy = layout(torch.randn(shape, device="cuda"), "cl").bfloat16()
        w = torch.randn(C, device="cuda").bfloat16()
        b = torch.randn(C, device="cuda").bfloat16()
        for setting in settings:
            for k, v in {**defaults, **setting}.items():
                setattr(K, k, v)
            K.clear_plan_caches()
            x3 = [K._canonical(x) for x in xs]
            cf = K.cols_config(x3[0], C // G, False)
            cb = K.cols_config(x3[0], C // G, True)
            pf = K._prepare_fwd(xs[0], G, None, True, True)
            pb = K._prepare_bwd(xs[0], G, None, True, False)
            assert pf.cols_path and pb.cols_path
            ys = [torch.empty_like(x) for x in xs]
            mean = [torch.empty((N, G), device="cuda") for _ in xs]
            rstd = [torch.empty((N, G), device="cuda") for _ in xs]
            part = [torch.empty((pf.scratch,), device="cuda") for _ in xs]
            sb = [torch.empty((pb.scratch,), device="cuda") for _ in xs]
            dw = torch.empty(C, device="cuda", dtype=torch.bfloat16)
            db = torch.empty(C, device="cuda", dtype=torch.bfloat16)
            st, co, ap_ = pf.launches
            fw = [
                ("stats", [lambda i=i: st((xs[i], xs[i], w, b, mean[i], rstd[i], part[i]))
                           for i in range(copies)], 1),
                ("combine", [lambda i=i: co((part[i], mean[i], rstd[i], w), (1e-5,))
                             for i in range(copies)], 0),
                ("apply", [lambda i=i: ap_((xs[i], xs[i], w, b, mean[i], rstd[i], part[i],
                                            ys[i], ys[i], ys[i])) for i in range(copies)], 2),
            ]
            bst, bco, bap = pb.launches
            bw = [
                ("bstats", [lambda i=i: bst((xs[i], dy, w, b, mean[i], rstd[i], sb[i]))
                            for i in range(copies)], 2),
                ("bcombine", [lambda i=i: bco((sb[i], mean[i], rstd[i], w), (0.0,))
                              for i in range(copies)], 0),
                ("bapply", [lambda i=i: bap((xs[i], dy, w, b, mean[i], rstd[i], sb[i], ys[i],
                                             dw, db)) for i in range(copies)], 3),
            ]
            for mode, launches in (("fwd", fw), ("bwd", bw)):
                parts = []
                for tag, calls, streams in launches:
                    ms = graph_ms(calls)
                    gbps = streams * nbytes / ms / 1e6
                    parts.append(f"{tag} {ms * 1e3:6.1f}us {100 * gbps / copy:5.1f}%")
                allc = [lambda i=i: [launches[j][1][i]() for j in range(len(launches))]
                        for i in range(copies)]
                ms = graph_ms(allc)
                tot = (2 if mode == "fwd" else 3) * nbytes
                print(f"{name:8s} {json.dumps(setting):40s} {mode} all {ms * 1e3:6.1f}us "
                      f"{100 * tot / ms / 1e6 / copy:5.1f}% | " + " | ".join(parts), flush=True)
            print(f"   cfg fwd {cf}\n   cfg bwd {cb}")
            for kern in (K._COLS_STATS, K._COLS_COMBINE, K._COLS_APPLY):
                for key, ck in kern.compiled.items():
                    ck._init_handles()
                    # CachedKernel's key: (device, warps, maxnreg, constexprs, arguments)
                    print(f"   {ck.metadata.name} regs {ck.n_regs} spills {ck.n_spills} warps "
                          f"{key[1]} {dict(key[3])}")
                kern.compiled.clear()
    for k, v in defaults.items():
        setattr(K, k, v)


if __name__ == "__main__":
    main()
