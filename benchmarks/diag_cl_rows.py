"""How fast a register-resident cooperative kernel could run channels_last GroupNorm:
the row norms' cooperative LayerNorm over one row per sample (N rows of S * C elements:
one statistic pair per sample where GroupNorm has G) against fusednorm.group_norm on the
same samples in channels_last, GPU time (replayed CUDA graphs over rotated copies), % of a
copy timed in the same run. Forward and backward (x + y; x + dy + dx).

    python benchmarks/diag_cl_rows.py [dtype]"""
import math
import sys

import torch
import triton

import fusednorm
from fusednorm.bench.timing import CudaClock, copy_gbps, graph_ms
from fusednorm.ops import groupnorm as OG
from fusednorm.ops import rownorm as OR

CASES = {"unet320": (16, 320, 64, 64), "unet640": (16, 640, 32, 32),
         "unet1280": (16, 1280, 16, 16), "in2d": (16, 64, 128, 128),
         "p512": (16, 512, 32, 32), "vae512": (2, 512, 128, 128)}
L2 = 50 << 20


def main():
    dtype = getattr(torch, sys.argv[1] if len(sys.argv) > 1 else "bfloat16")
    copy = copy_gbps(CudaClock(10, 60), torch.device("cuda"))
    print(f"{torch.cuda.get_device_name()} torch {torch.__version__} triton "
          f"{triton.__version__} copy {copy:.0f} GB/s {dtype}", flush=True)
    for name, shape in CASES.items():
        N, C = shape[0], shape[1]
        G = C if name == "in2d" else 32
        nbytes = math.prod(shape) * dtype.itemsize
        copies = max(1, math.ceil(2 * L2 / nbytes))
        xs = [(torch.randn(shape, device="cuda") + 0.5).to(dtype).contiguous(
            memory_format=torch.channels_last) for _ in range(copies)]
        dy = torch.randn_like(xs[0])
        w = torch.randn(C, device="cuda", dtype=dtype)
        b = torch.randn(C, device="cuda", dtype=dtype)
        out = {}
        # the row norm: (N, S * C) rows, w and b per element of the row
        rows = [x.permute(0, 2, 3, 1).reshape(N, -1) for x in xs]
        L = rows[0].shape[1]
        wl = torch.randn(L, device="cuda", dtype=dtype)
        bl = torch.randn(L, device="cuda", dtype=dtype)
        dyl = dy.permute(0, 2, 3, 1).reshape(N, -1)
        out["ln fwd"] = graph_ms([lambda r=r: OR.fwd_impl(r, None, wl, bl, 1e-5, False)
                                  for r in rows])
        st = [OR.fwd_impl(r, None, wl, bl, 1e-5, False) for r in rows]
        out["ln bwd"] = graph_ms([lambda r=r, s=s: OR.bwd_impl(dyl, None, r, wl, s[2], s[3],
                                                              False, True, True)
                                  for r, s in zip(rows, st)])
        del st
        x3s = [x.flatten(2) for x in xs]
        out["gn fwd"] = graph_ms([lambda x3=x3: OG.fwd_impl(x3, w, b, G, 1e-5, None)
                                  for x3 in x3s])
        sts = [OG.fwd_impl(x3, w, b, G, 1e-5, None)[1:] for x3 in x3s]
        dy3 = dy.flatten(2)
        out["gn bwd"] = graph_ms([lambda x3=x3, s=s: OG.bwd_impl(dy3, x3, w, b, s[0], s[1], G,
                                                                None, True, True)
                                  for x3, s in zip(x3s, sts)])
        line = " ".join(f"{k} {100 * (2 if 'fwd' in k else 3) * nbytes / ms / 1e6 / copy:5.1f}%"
                        for k, ms in out.items())
        print(f"{name:9s} rows {N} x {L}: {line}", flush=True)
        del xs, rows, x3s, sts, dy, dyl
        torch.cuda.empty_cache()


if __name__ == "__main__":
    sys.exit(main())
