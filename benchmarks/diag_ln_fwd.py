"""Why is the 16-bit LayerNorm cooperative forward (64K-1M) 8-15 points of copy below
RMSNorm's? The same rows with the affine parameters varied (w and b, w only, none;
RMSNorm with w and without) and the L1 eviction policy of the cooperative loads
(rownorm.FWD_EVICT / BWD_EVICT: the streamed x, dy with evict_first, the re-read w, b
with evict_last), GPU time (CUDA-graph replay of ops.rownorm.fwd_impl / bwd_impl), % of a
copy measured in the same run. Each variant is checked against torch in fp32 first.

    python benchmarks/diag_ln_fwd.py OUT.json

Environment: DLN_N (row lengths), DLN_DTYPES (bf16,fp32), DLN_MODES (fwd,bwd)."""
import json
import os
import sys

import torch
import torch.nn.functional as F
import triton

from fusednorm.bench.timing import CudaClock, copy_gbps, graph_ms
from fusednorm.kernels import rownorm as K
from fusednorm.ops import rownorm as OR

NS = [int(v) for v in os.environ.get("DLN_N", "65536,262144").split(",")]
DTYPES = [{"bf16": torch.bfloat16, "fp16": torch.float16, "fp32": torch.float32}[d]
          for d in os.environ.get("DLN_DTYPES", "bf16").split(",")]
MODES = os.environ.get("DLN_MODES", "fwd,bwd").split(",")
# (name, is_rms, weight, bias)
VARIANTS = {"fwd": [("ln_wb", False, True, True), ("ln_w", False, True, False),
                    ("ln", False, False, False), ("rms_w", True, True, False)],
            "bwd": [("ln_wb", False, True, True), ("rms_w", True, True, False)]}
EVICTS = {"fwd": [("", ""), ("evict_first", ""), ("", "evict_last"),
                  ("evict_first", "evict_last")],
          "bwd": [("", ""), ("evict_first", "evict_last")]}


def _torch(x, is_rms, w, b):
    xf = x.float()
    if is_rms:
        return F.rms_norm(xf, (x.shape[-1],), None if w is None else w.float(), 1e-5)
    return F.layer_norm(xf, (x.shape[-1],), None if w is None else w.float(),
                        None if b is None else b.float(), 1e-5)


def main():
    copy = copy_gbps(CudaClock(10, 100), torch.device("cuda"))
    print(f"{torch.cuda.get_device_name()} torch {torch.__version__} triton {triton.__version__}"
          f" copy {copy:.0f} GB/s", flush=True)
    rows = []
    for mode in MODES:
        for n in NS:
            for dtype in DTYPES:
                m = max(1, (1 << 27) // n)
                torch.manual_seed(0)
                x = torch.randn(m, n, device="cuda", dtype=dtype)
                dy = torch.randn_like(x)
                wt = (1 + 0.1 * torch.randn(n, device="cuda")).to(dtype)
                bt = (0.1 * torch.randn(n, device="cuda")).to(dtype)
                for name, is_rms, has_w, has_b in VARIANTS[mode]:
                    w = wt if has_w else None
                    b = bt if has_b else None
                    ref = _torch(x, is_rms, w, b)
                    for ev in EVICTS[mode]:
                        if mode == "fwd":
                            K.FWD_EVICT = ev
                        else:
                            K.BWD_EVICT = ev
                        K.clear_prepared()
                        if mode == "fwd":
                            fn = lambda: OR.fwd_impl(x, None, w, b, 1e-5, is_rms)
                            out = fn()[0]
                            err = ((out.float() - ref).abs().max() / ref.abs().max()).item()
                            nbytes = 2 * x.numel() * x.element_size()
                        else:
                            _, _, mean, rstd = OR.fwd_impl(x, None, w, b, 1e-5, is_rms)
                            fn = lambda: OR.bwd_impl(dy, None, x, w, mean, rstd, is_rms, True,
                                                     has_b)
                            dx = fn()[0]
                            xr = x.detach().float().requires_grad_()
                            _torch(xr, is_rms, w, b).backward(dy.float())
                            err = ((dx.float() - xr.grad).abs().max()
                                   / xr.grad.abs().max()).item()
                            nbytes = 3 * x.numel() * x.element_size()
                        ms = graph_ms(fn, reps=20, warmup=2)
                        r = dict(mode=mode, n=n, dtype=str(dtype).split(".")[-1], variant=name,
                                 x_evict=ev[0], wb_evict=ev[1], us=1e3 * ms,
                                 pct=100 * nbytes / ms / 1e6 / copy, rel_err=err)
                        rows.append(r)
                        print(f"{mode} {n:8d} {r['dtype']:8s} {name:6s} x:{ev[0] or '-':11s} "
                              f"wb:{ev[1] or '-':10s} {r['us']:8.1f} us {r['pct']:5.1f}% "
                              f"err {err:.1e}", flush=True)
                        with open(sys.argv[1], "w") as f:
                            json.dump(dict(copy_gbps=copy, rows=rows), f, indent=1)
    K.FWD_EVICT = K.BWD_EVICT = ("", "")


if __name__ == "__main__":
    main()
