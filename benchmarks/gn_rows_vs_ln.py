"""The GroupNorm rows path against the row-norm forward it runs on: GPU time (replayed CUDA
graph) of fusednorm.layer_norm over (N * G, Cg * S) and of fusednorm.instance_norm /
group_norm on (N, C, *spatial) with the same rows, contiguous, no grad, % of copy.

    python benchmarks/gn_rows_vs_ln.py [dtype]"""
import sys

import torch
import triton

import fusednorm
from fusednorm.bench.timing import CudaClock, copy_gbps, graph_ms

CASES = [((8, 64, 64, 64, 64), None), ((2, 32, 128, 128, 128), None), ((2, 128, 512, 512), 32),
         ((2, 256, 256, 256), 32), ((2, 512, 128, 128), 32), ((16, 320, 64, 64), 32)]


def main():
    dtype = getattr(torch, sys.argv[1] if len(sys.argv) > 1 else "bfloat16")
    copy = copy_gbps(CudaClock(10, 60), torch.device("cuda"))
    print(f"{torch.cuda.get_device_name()} torch {torch.__version__} triton {triton.__version__}"
          f" copy {copy:.0f} GB/s {dtype}", flush=True)
    for shape, groups in CASES:
        C = shape[1]
        G = groups or C
        x = torch.randn(shape, device="cuda", dtype=dtype) + 0.5
        w = torch.randn(C, device="cuda", dtype=dtype)
        b = torch.randn(C, device="cuda", dtype=dtype)
        rows = x.view(shape[0] * G, -1)
        wl = torch.randn(rows.shape[1], device="cuda", dtype=dtype)
        bl = torch.randn(rows.shape[1], device="cuda", dtype=dtype)
        calls = {
            "layer_norm rows": lambda: fusednorm.layer_norm(rows, rows.shape[1:], wl, bl),
            "layer_norm rows no affine": lambda: fusednorm.layer_norm(rows, rows.shape[1:]),
            "group/instance_norm": (lambda: fusednorm.instance_norm(x, w, b)) if groups is None
            else (lambda: fusednorm.group_norm(x, groups, w, b)),
        }
        nbytes = 2 * x.numel() * x.element_size()
        with torch.no_grad():
            for name, fn in calls.items():
                ms = graph_ms(fn)
                print(f"{str(shape):22s} G{G:<4d} {name:26s} {ms * 1e3:8.1f} us "
                      f"{100 * nbytes / ms / 1e6 / copy:5.1f}%", flush=True)
        del x, rows
        torch.cuda.empty_cache()


if __name__ == "__main__":
    main()
