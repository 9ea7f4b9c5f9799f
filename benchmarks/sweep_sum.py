"""The row norms' dw/db partial sum (_sum_partials_kernel): its tile against the backward's
GPU time. For each case (op, dtype, N; about 2^27 elements) and each (BLOCK_P, BLOCK_N,
warps) of the sum, forced on fusednorm.kernels.rownorm.sum_launch (SUM_TILE; `default`:
the library's choice), two GPU times of replayed CUDA graphs:
  bwd  the whole backward (ops.rownorm.bwd_impl: the main launch, then the sum), % of copy
       (bytes x + dy + dx, with dh + dh);
  sum  the sum launch alone on (P, N) fp32 partials (P: the backward's partial rows), us.
Each variant's dw and db are checked against the default's (bitwise: the order of the sum
is fixed per variant, so only the tile's grouping of rows may change the last bits; the
check is relative, 1e-5).

    python benchmarks/sweep_sum.py OUT.json

Environment: SUM_N (row lengths), SUM_DTYPES (bf16, fp16, fp32), SUM_OPS (ln, rms),
SUM_RES=1 (with dh), SUM_TILES (";"-separated p/n/warps or `default`; the first is the
reference)."""
import json
import os
import sys

import torch

from fusednorm.bench.timing import CudaClock, copy_gbps, graph_ms
from fusednorm.kernels import rownorm as K
from fusednorm.ops import rownorm as OR

NS = [int(v) for v in os.environ.get("SUM_N", "1024,4096,8192,12288,16384,32768").split(",")]
DTYPES = [{"bf16": torch.bfloat16, "fp16": torch.float16, "fp32": torch.float32}[d]
          for d in os.environ.get("SUM_DTYPES", "bf16").split(",")]
OPS = [{"ln": False, "rms": True}[o] for o in os.environ.get("SUM_OPS", "ln").split(",")]
RES = os.environ.get("SUM_RES") == "1"
TILES = [None if t == "default" else tuple(int(v) for v in t.split("/")) for t in os.environ.get(
    "SUM_TILES", "16/256/4;16/128/4;16/64/4;16/32/4;32/64/4;32/32/4;64/32/4;64/64/8").split(";")]


def main():
    copy = copy_gbps(CudaClock(10, 100), torch.device("cuda"))
    print(f"{torch.cuda.get_device_name()} torch {torch.__version__} copy {copy:.0f} GB/s",
          flush=True)
    rows = []
    for dtype in DTYPES:
        for is_rms in OPS:
            for n in NS:
                m = (1 << 27) // n
                torch.manual_seed(0)
                x = torch.randn(m, n, device="cuda", dtype=dtype)
                w = (1 + 0.1 * torch.randn(n, device="cuda")).to(dtype)
                b = None if is_rms else (0.1 * torch.randn(n, device="cuda")).to(dtype)
                dy = torch.randn_like(x)
                dh = torch.randn_like(x) if RES else None
                eps = 1e-6 if is_rms else 1e-5
                _, _, mean, rstd = OR.fwd_impl(x, None, w, b, eps, is_rms)
                ref = None
                for tile in TILES:
                    K.SUM_TILE = tile
                    name = "default" if tile is None else "/".join(map(str, tile))
                    K.clear_prepared()
                    try:
                        fn = lambda: OR.bwd_impl(dy, dh, x, w, mean, rstd,  # noqa: E731
                                                 is_rms, True, not is_rms)
                        out = fn()
                        grads = [g.float() for g in out[1:] if g is not None]
                        if ref is None:
                            ref = grads
                        err = max(((g - r).abs().max() / r.abs().max()).item()
                                  for g, r in zip(grads, ref))
                        ms = graph_ms(fn, reps=20, warmup=2)
                        prep = K.prepare_bwd(dy, dh, x, w, mean, rstd, is_rms, True,
                                             not is_rms, out[0])
                        P = prep.partials
                        us = float("nan")
                        if prep.total is not None:
                            parts = torch.randn(2, P, n, device="cuda")
                            dw = torch.empty(n, device="cuda")
                            db = torch.empty(n, device="cuda")
                            tot = prep.total
                            us = 1e3 * graph_ms(lambda: tot((parts[0], parts[1], dw, db)),
                                                reps=50, warmup=2)
                    except Exception as e:  # noqa: BLE001
                        print(f"{name} FAILED {type(e).__name__}: {str(e)[:160]}",
                              flush=True)
                        continue
                    finally:
                        K.SUM_TILE = None
                        K.clear_prepared()
                    nbytes = (4 if RES else 3) * m * n * x.element_size()
                    pct = 100 * nbytes / ms / 1e6 / copy
                    ok = err < 1e-5
                    r = dict(op="rms_norm" if is_rms else "layer_norm", dtype=str(dtype)[6:],
                             n=n, res=RES, P=P, tile=name, bwd_ms=ms, pct=pct,
                             sum_us=us, rel_err=err, ok=ok)
                    rows.append(r)
                    print(f"{r['op']:10s} {r['dtype']:8s} N={n:>7} P={P:4d} {r['tile']:9s} "
                          f"bwd {pct:5.1f}%  sum {us:6.2f} us{'' if ok else '  DIFF ' + str(err)}",
                          flush=True)
                x = w = b = dy = dh = mean = rstd = ref = None  # freed before the next N
                torch.cuda.empty_cache()
                with open(sys.argv[1], "w") as f:
                    json.dump(dict(copy_gbps=copy, device=torch.cuda.get_device_name(),
                                   rows=rows), f, indent=1)


if __name__ == "__main__":
    main()
