"""Where a row-norm backward call's host time goes, on the GPU's host: for LayerNorm at about
2^27 elements (bf16 unless HOST_DTYPE), host microseconds per call (calls enqueued without
waiting, wall time / calls; fusednorm.bench.timing.host_us) of
  full      torch.autograd.grad through fusednorm.layer_norm (what the bench's bwd times);
  floor     torch.autograd.grad through x * 2 (the autograd engine and one launch);
  impl      ops.rownorm.bwd_impl called directly (our Python, allocations and launches);
  kernels   kernels.rownorm.rownorm_bwd with dx preallocated;
  empty     torch.empty_like(x), the dx allocation alone;
then a cProfile of `impl` (main thread), the functions with the most own time.

    python benchmarks/host_bwd_rows.py [N,...]"""
import cProfile
import os
import pstats
import sys

import torch

import fusednorm
from fusednorm.bench.timing import host_us
from fusednorm.kernels import rownorm as K
from fusednorm.ops import rownorm as OR

DTYPE = {"bf16": torch.bfloat16, "fp16": torch.float16,
         "fp32": torch.float32}[os.environ.get("HOST_DTYPE", "bf16")]


def main():
    ns = [int(v) for v in (sys.argv[1] if len(sys.argv) > 1 else "512,2048,8192").split(",")]
    for n in ns:
        m = (1 << 27) // n
        x = torch.randn(m, n, device="cuda", dtype=DTYPE).requires_grad_()
        w = torch.randn(n, device="cuda", dtype=DTYPE).requires_grad_()
        b = torch.randn(n, device="cuda", dtype=DTYPE).requires_grad_()
        y = fusednorm.layer_norm(x, n, w, b)
        dy = torch.randn_like(y)
        y2 = x * 2
        xd, wd = x.detach(), w.detach()
        _, _, mean, rstd = OR.fwd_impl(xd, None, wd, b.detach(), 1e-5, False)
        dx = torch.empty_like(xd)
        calls = {
            "full": lambda: torch.autograd.grad(y, (x, w, b), dy, retain_graph=True),
            "floor": lambda: torch.autograd.grad(y2, (x,), dy, retain_graph=True),
            "impl": lambda: OR.bwd_impl(dy, None, xd, wd, mean, rstd, False, True, True,
                                        DTYPE, DTYPE),
            "kernels": lambda: K.rownorm_bwd(dy, None, xd, wd, mean, rstd, False, True, True,
                                             dx, DTYPE, DTYPE),
            "empty": lambda: torch.empty_like(xd),
        }
        line = []
        for name, fn in calls.items():
            us = sorted(host_us([fn], n=20, warmup=3) for _ in range(5))
            line.append(f"{name} {us[2]:6.1f} ({us[0]:.0f}-{us[-1]:.0f})")
        print(f"N {n:5d} host us a call, median (min-max) of 5 x 20: " + " | ".join(line),
              flush=True)
        torch.cuda.synchronize()
        pr = cProfile.Profile()
        pr.enable()
        for _ in range(50):
            calls["impl"]()
        pr.disable()
        torch.cuda.synchronize()
        st = pstats.Stats(pr)
        st.sort_stats("tottime").print_stats(10)
        del y, y2, dy, dx
        torch.cuda.empty_cache()


if __name__ == "__main__":
    main()
