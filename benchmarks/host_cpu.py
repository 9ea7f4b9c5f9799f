"""fusednorm's own Python cost per call, on a CPU machine with no GPU.

The kernels are stubbed: launches do the CUDA path's bookkeeping (key, cached kernel,
arguments) but run nothing, and the ops take the kernel path for CPU tensors. What is
left is the Python fusednorm runs around a launch (checks, allocations, launch
preparation), a rough guide for host-path work before GPU time is spent. CPU allocation
and this machine's speed differ from a GPU host's: compare runs of one process, not
figures across machines.

    python benchmarks/host_cpu.py"""
import time

import torch

import fusednorm
from host_ab_cpu import stub


def _stub():
    # The kernels stubbed as host_ab_cpu.py stubs them (one copy of that scaffolding).
    stub("fusednorm")


def per_call_us(fn, n=5000, rounds=3):
    for _ in range(100):
        fn()
    best = float("inf")
    for _ in range(rounds):
        t0 = time.perf_counter()
        for _ in range(n):
            fn()
        best = min(best, (time.perf_counter() - t0) / n * 1e6)
    return best


def main():
    _stub()
    bf16 = torch.bfloat16
    x = torch.randn(2, 64, 8, 8, dtype=bf16)
    w = torch.randn(64, dtype=bf16)
    xr = torch.randn(32, 4096, dtype=bf16)
    wr = torch.randn(4096, dtype=bf16)
    with torch.no_grad():
        print(f"group_norm 2x64x8x8 forward   {per_call_us(lambda: fusednorm.group_norm(x, 32, w, w)):6.1f} us")
        print(f"layer_norm 32x4096 forward    {per_call_us(lambda: fusednorm.layer_norm(xr, 4096, wr, wr)):6.1f} us")
    xg, wg, bg = (t.clone().requires_grad_() for t in (x, w, w))
    y = fusednorm.group_norm(xg, 32, wg, bg)
    dy = torch.randn_like(y)
    print(f"group_norm 2x64x8x8 backward  "
          f"{per_call_us(lambda: torch.autograd.grad(y, (xg, wg, bg), dy, retain_graph=True), n=2000):6.1f} us")
    yt = xg * 2
    print(f"floor: autograd.grad of x * 2 "
          f"{per_call_us(lambda: torch.autograd.grad(yt, (xg,), dy, retain_graph=True), n=2000):6.1f} us")


if __name__ == "__main__":
    main()
