"""What the group path's SHIFT (sums shifted by the group's first value, for exact means of
equal values: kernels.groupnorm._group_shift) costs its forward, per dtype.

v0.41 call 8 read the contiguous 16x512x32x32 forward (the group path, one tile of 16384)
at 62.2% of copy in fp16 against 81.9% in bf16; SHIFT is the only launch choice that
differs between the two (fp16 takes it from groups of 8192, bf16 from 65536).

Per case, layout and dtype: GPU time of the inference forward (CUDA graph over rotated
copies, bench.timing.graph_ms) with _group_shift as the rule, forced off and forced on.
Forced off is a timing probe only: groups of equal values may then get inexact means.

    python benchmarks/diag_shift.py [--cases p512,unet1280] [--layouts nc,cl]"""
import argparse
import math

import torch
import triton

import fusednorm
from fusednorm.bench.timing import CudaClock, copy_gbps, graph_ms
from fusednorm.kernels import groupnorm as K
from sweep_groupnorm import CASES, inputs

RULE = K._group_shift
MODES = {"rule": RULE, "off": lambda M, dtype: False, "on": lambda M, dtype: True}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cases", default="p512,unet1280,unet1280s")
    ap.add_argument("--layouts", default="nc,cl")
    ap.add_argument("--dtypes", default="float16,bfloat16,float32")
    ap.add_argument("--act", default=None)
    a = ap.parse_args()
    clock = CudaClock(warmup_ms=10, rep_ms=60)
    copy = copy_gbps(clock, torch.device("cuda"))
    print(f"{torch.cuda.get_device_name()} torch {torch.__version__} triton "
          f"{triton.__version__} copy {copy:.0f} GB/s act {a.act}", flush=True)
    for name in a.cases.split(","):
        shape, groups = CASES[name]
        C = shape[1]
        for dname in a.dtypes.split(","):
            dtype = getattr(torch, dname)
            nbytes = math.prod(shape) * dtype.itemsize
            for lay in a.layouts.split(","):
                xs, w, b = inputs(shape, lay, dtype)
                cells = []
                for mode, fn in MODES.items():
                    K._group_shift = fn
                    K.clear_plan_caches()
                    with torch.no_grad():
                        calls = [lambda x=x: fusednorm.group_norm(
                            x, groups or C, w, b, 1e-5, activation=a.act) for x in xs]
                        ms = graph_ms(calls)
                    cells.append(f"{mode} {100 * 2 * nbytes / ms / 1e6 / copy:5.1f}%")
                K._group_shift = RULE
                K.clear_plan_caches()
                M = (C // (groups or C)) * math.prod(shape[2:])
                print(f"{name:10s} {dname:8s} {lay} M={M:6d} rule={RULE(M, dtype)!s:5s} "
                      + "  ".join(cells), flush=True)
                del xs


if __name__ == "__main__":
    main()
