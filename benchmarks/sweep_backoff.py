"""The cooperative wait's backoff (rownorm.COOP_BACKOFF: nanoseconds a waiting program
sleeps between polls), GPU time of a replayed CUDA graph, % of a copy measured in the
same run: LayerNorm / RMSNorm forward and backward on the cooperative path (about 2^27
elements) and the contiguous InstanceNorm forward of the GroupNorm rows path. Each
variant's output is checked against torch in fp32 first.

    python benchmarks/sweep_backoff.py OUT.json [BACKOFFS, e.g. 0,100,400] [--warm]"""
import json
import sys

import torch
import torch.nn.functional as F
import triton

import fusednorm
from fusednorm.bench.timing import CudaClock, copy_gbps, graph_ms
from fusednorm.kernels import groupnorm as GK
from fusednorm.kernels import rownorm as K
from fusednorm.ops import rownorm as OR

NS = (65536, 1 << 20)
DTYPES = (torch.bfloat16, torch.float32)
IN_SHAPE = (8, 64, 64, 64, 64)


def main():
    out = sys.argv[1]
    backoffs = [int(v) for v in (sys.argv[2] if len(sys.argv) > 2 else "0,100,400").split(",")]
    warm = "--warm" in sys.argv
    copy = copy_gbps(CudaClock(10, 60), torch.device("cuda"))
    print(f"{torch.cuda.get_device_name()} torch {torch.__version__} triton {triton.__version__}"
          f" copy {copy:.0f} GB/s", flush=True)
    rows = []

    def record(tag, backoff, ms, nbytes, err):
        pct = 100 * nbytes / ms / 1e6 / copy
        print(f"{tag:40s} backoff {backoff:5d}  {pct:5.1f}%  err {err:.1e}", flush=True)
        rows.append(dict(case=tag, backoff=backoff, ms=ms, pct=pct, err=err))

    for dtype in DTYPES:
        for n in NS:
            m = (1 << 27) // n
            x = torch.randn(m, n, device="cuda").to(dtype)
            dy = torch.randn(m, n, device="cuda").to(dtype)
            w = (1 + 0.1 * torch.randn(n, device="cuda")).to(dtype)
            b = (0.1 * torch.randn(n, device="cuda")).to(dtype)
            for is_rms in (False, True):
                bb = None if is_rms else b
                eps = 1e-6 if is_rms else 1e-5
                xr = x.detach().float().clone().requires_grad_()
                yr = (F.rms_norm(xr, (n,), w.float(), eps) if is_rms
                      else F.layer_norm(xr, (n,), w.float(), b.float(), eps))
                yr.backward(dy.float())
                for backoff in backoffs:
                    K.COOP_BACKOFF = backoff
                    K.clear_prepared()
                    y, _, mean, rstd = OR.fwd_impl(x, None, w, bb, eps, is_rms)
                    dx = OR.bwd_impl(dy, None, x, w, mean, rstd, is_rms, True, not is_rms)[0]
                    ey = ((y.float() - yr).abs().max() / yr.abs().max()).item()
                    ex = ((dx.float() - xr.grad).abs().max() / xr.grad.abs().max()).item()
                    if warm:
                        continue
                    name = f"{'rms' if is_rms else 'ln'} {str(dtype)[6:]} {n}"
                    record(name + " fwd", backoff,
                           graph_ms(lambda: OR.fwd_impl(x, None, w, bb, eps, is_rms)),
                           2 * x.numel() * x.element_size(), ey)
                    record(name + " bwd", backoff,
                           graph_ms(lambda: OR.bwd_impl(dy, None, x, w, mean, rstd, is_rms,
                                                        True, not is_rms)),
                           3 * x.numel() * x.element_size(), ex)
                del xr, yr
            del x, dy
            torch.cuda.empty_cache()
    for dtype in DTYPES:
        x = torch.randn(IN_SHAPE, device="cuda").to(dtype) + 0.5
        w = torch.randn(IN_SHAPE[1], device="cuda").to(dtype)
        b = torch.randn(IN_SHAPE[1], device="cuda").to(dtype)
        ref = F.instance_norm(x.float(), weight=w.float(), bias=b.float())
        for backoff in backoffs:
            K.COOP_BACKOFF = backoff
            K.clear_prepared()
            GK.clear_plan_caches()
            with torch.no_grad():
                y = fusednorm.instance_norm(x, w, b)
                e = ((y.float() - ref).abs().max() / ref.abs().max()).item()
                if not warm:
                    record(f"instance_norm {str(dtype)[6:]} {IN_SHAPE}", backoff,
                           graph_ms(lambda: fusednorm.instance_norm(x, w, b)),
                           2 * x.numel() * x.element_size(), e)
    with open(out, "w") as f:
        json.dump(dict(device=torch.cuda.get_device_name(), copy_gbps=copy, rows=rows), f,
                  indent=1)


if __name__ == "__main__":
    main()
