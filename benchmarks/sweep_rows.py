"""Launch-config sweep for the row-norm kernels on the GPU (bf16, about 2^27 elements).
For each N, times fusednorm's forward / backward under candidate LaunchConfigs patched
into fusednorm.kernels.rownorm, and prints GB/s and % of copy bandwidth. The chosen
thresholds in kernels/rownorm.py cite these runs (benchmarks/NOTES.md).
Usage: python benchmarks/sweep_rows.py OUTDIR [fwd|bwd|both]"""
import itertools
import json
import sys

import torch
import triton

import fusednorm
from fusednorm.kernels import rownorm as K


def copy_gbps():
    a = torch.empty(1 << 28, device="cuda", dtype=torch.float32)
    b = torch.empty_like(a)
    ms = triton.testing.do_bench(lambda: b.copy_(a), warmup=50, rep=300, return_mode="median")
    return 2 * a.numel() * 4 / ms / 1e6


def bwd_candidates(n):
    bn = triton.next_power_of_2(n)
    out = []
    if n <= 16384:
        for rows, warps, pps in itertools.product([1, 2, 4, 8, 16], [4, 8, 16], [2, 4, 8]):
            tile = rows * bn
            if tile > 16384 or (rows > 1 and tile < 1024) or warps * 32 * 2 > tile:
                continue
            out.append(K.LaunchConfig(True, bn, rows, warps, pps))
    for block, warps, pps in itertools.product([2048, 4096, 8192], [4, 8, 16], [1, 2, 4]):
        if block < n and warps * 32 * 4 <= block:
            out.append(K.LaunchConfig(False, block, 1, warps, pps))
    return out


def fwd_candidates(n):
    bn = triton.next_power_of_2(n)
    out = []
    if n <= 65536:
        for warps in [8, 16, 32]:
            out.append(K.LaunchConfig(True, bn, 1, warps))
    for block, warps in itertools.product([4096, 8192, 16384], [8, 16]):
        if block < n:
            out.append(K.LaunchConfig(False, block, 1, warps))
    return out


def main():
    outdir = sys.argv[1]
    which = sys.argv[2] if len(sys.argv) > 2 else "both"
    copy = copy_gbps()
    print(f"{torch.cuda.get_device_name()} torch {torch.__version__} triton {triton.__version__}"
          f" copy {copy:.0f} GB/s", flush=True)
    results = []
    plan = []
    if which in ("bwd", "both"):
        plan += [("bwd", n) for n in [512, 1024, 2048, 4096, 8192, 16384, 32768, 65536, 262144]]
    if which in ("fwd", "both"):
        plan += [("fwd", n) for n in [32768, 65536, 262144, 1 << 20]]
    for mode, n in plan:
        m = max(1, (1 << 27) // n)
        x = torch.randn(m, n, device="cuda", dtype=torch.bfloat16, requires_grad=True)
        w = torch.randn(n, device="cuda", dtype=torch.bfloat16, requires_grad=True)
        dy = torch.randn_like(x)
        cands = bwd_candidates(n) if mode == "bwd" else fwd_candidates(n)
        best = None
        for cfg in cands:
            try:
                if mode == "bwd":
                    K.bwd_config = lambda _n, c=cfg: c
                    y = fusednorm.rms_norm(x, n, w, eps=1e-6)
                    ms = triton.testing.do_bench(lambda: y.backward(dy, retain_graph=True), warmup=10,
                                                 rep=40, grad_to_none=[x, w], return_mode="median")
                    nbytes = 3 * m * n * 2 + 2 * n * 2
                else:
                    K.fwd_config = lambda _n, c=cfg: c
                    with torch.no_grad():
                        ms = triton.testing.do_bench(lambda: fusednorm.rms_norm(x, n, w, eps=1e-6),
                                                     warmup=10, rep=40, return_mode="median")
                    nbytes = 2 * m * n * 2 + n * 2
                gbps = nbytes / ms / 1e6
            except Exception as e:  # noqa: BLE001  (a config that fails to compile/run)
                print(f"{mode} {n} {cfg} FAILED {type(e).__name__}: {str(e)[:100]}", flush=True)
                continue
            rec = dict(mode=mode, n=n, cfg=cfg.__dict__, ms=ms, gbps=gbps, pct=100 * gbps / copy)
            results.append(rec)
            if best is None or gbps > best["gbps"]:
                best = rec
        print(f"BEST {mode} N={n}: {best['pct']:.1f}% {best['cfg']}", flush=True)
        del x, w, dy
        torch.cuda.empty_cache()
    with open(f"{outdir}/sweep_rows.json", "w") as f:
        json.dump(dict(device=torch.cuda.get_device_name(), copy_gbps=copy, results=results), f)


if __name__ == "__main__":
    main()
