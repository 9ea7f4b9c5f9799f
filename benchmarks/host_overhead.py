"""Host cost of one call at the inference shapes, where the launch, not the kernel, sets
the time. Usage: python benchmarks/host_overhead.py [OUT.json]

Each variant is called back to back n times and the wall time divided by n (one
synchronize at the end): when the host is the bottleneck that is the host cost per call,
otherwise the kernel time. Variants, from the user's call down to the bare launch:
  torch        torch.nn.functional.{rms_norm, layer_norm}
  fusednorm    fusednorm.{rms_norm, layer_norm} (eager path: no dispatcher)
  registered   the same through the registered torch.library op (eager.ENABLED = False)
  launcher     kernels.rownorm.rownorm_fwd into preallocated outputs (no checks, no allocation)
  compiled     the prepared launch (kernels.rownorm.prepare_fwd) run by itself: no plan
               lookup; it launches the compiled kernel directly (launch.FixedLaunch)
and, with gradients, forward + torch.autograd.grad for torch, fusednorm and registered.

(The two logs in results/2026-11-22-h100-v0.4-host/ predate this naming: their `op=` field
is the registered-op time, and their rows alternate rms_norm, layer_norm per shape.)"""
import json
import platform
import sys
import time

import torch
import torch.nn.functional as F
import triton

import fusednorm
from fusednorm.kernels import rownorm as K
from fusednorm.ops import eager

SHAPES = [(1, 4096), (32, 4096), (512, 8192)]


def per_call_us(fn, n=3000):
    for _ in range(100):
        fn()
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(n):
        fn()
    torch.cuda.synchronize()
    return (time.perf_counter() - t0) / n * 1e6


def main():
    dev = torch.device("cuda")
    dt = torch.bfloat16
    rows = []
    for M, N in SHAPES:
        for is_rms in (True, False):
            x = torch.randn(M, N, device=dev, dtype=dt)
            w = torch.randn(N, device=dev, dtype=dt)
            b = None if is_rms else torch.randn(N, device=dev, dtype=dt)
            name = "rms_norm" if is_rms else "layer_norm"
            if is_rms:
                tfn = lambda: F.rms_norm(x, (N,), w, 1e-6)
                ffn = lambda: fusednorm.rms_norm(x, (N,), w, 1e-6)
            else:
                tfn = lambda: F.layer_norm(x, (N,), w, b, 1e-5)
                ffn = lambda: fusednorm.layer_norm(x, (N,), w, b, 1e-5)
            y = torch.empty_like(x)
            rstd = torch.empty(M, device=dev, dtype=torch.float32)
            mean = None if is_rms else torch.empty(M, device=dev, dtype=torch.float32)
            lfn = lambda: K.rownorm_fwd(x, None, w, b, 1e-5, is_rms, y, None, mean, rstd)
            # The prepared launch (kernels.rownorm.prepare_fwd, as the launcher caches it),
            # launched by itself: no plan lookup, no checks, no allocation.
            prep = K.prepare_fwd(x, None, w, b, is_rms, y, None, mean, rstd)
            cfn = lambda: K.launch_fwd(prep, x, None, w, b, 1e-5, y, None, mean, rstd)
            row = {"op": name, "shape": f"{M}x{N}"}
            with torch.no_grad():
                row["torch"] = per_call_us(tfn)
                eager.ENABLED = True
                row["fusednorm"] = per_call_us(ffn)
                eager.ENABLED = False
                row["registered"] = per_call_us(ffn)
                eager.ENABLED = True
                row["launcher"] = per_call_us(lfn)
                row["compiled"] = per_call_us(cfn)
            xg = x.detach().requires_grad_()
            wg = w.detach().requires_grad_()
            bg = None if b is None else b.detach().requires_grad_()
            dy = torch.randn_like(x)
            ins = [xg, wg] + ([] if bg is None else [bg])
            if is_rms:
                tg = lambda: torch.autograd.grad(F.rms_norm(xg, (N,), wg, 1e-6), ins, dy)
                fg = lambda: torch.autograd.grad(fusednorm.rms_norm(xg, (N,), wg, 1e-6), ins, dy)
            else:
                tg = lambda: torch.autograd.grad(F.layer_norm(xg, (N,), wg, bg), ins, dy)
                fg = lambda: torch.autograd.grad(fusednorm.layer_norm(xg, (N,), wg, bg), ins, dy)
            row["torch fwd+bwd"] = per_call_us(tg, 1000)
            row["fusednorm fwd+bwd"] = per_call_us(fg, 1000)
            eager.ENABLED = False
            row["registered fwd+bwd"] = per_call_us(fg, 1000)
            eager.ENABLED = True
            rows.append(row)
            print("  ".join(f"{k}={v:.1f}" if isinstance(v, float) else f"{k}={v}"
                            for k, v in row.items()), flush=True)
    meta = {"gpu": torch.cuda.get_device_name(), "cpu": platform.processor() or platform.machine(),
            "torch": torch.__version__, "triton": triton.__version__, "unit": "us per call"}
    if len(sys.argv) > 1:
        with open(sys.argv[1], "w") as f:
            json.dump({"meta": meta, "rows": rows}, f, indent=1)


if __name__ == "__main__":
    main()
