"""GPU time of a device-to-device copy of each groups-suite tensor's own bytes, as % of the
1 GB copy every other figure is compared with: the ceiling that launch ramp and tail put
on a kernel that moves that many bytes once each way. Each copy is captured in a CUDA
graph over rotated inputs (together more than twice the L2), as sweep_groupnorm.py's gpu
column, so the two read alike.

    python benchmarks/copy_ceiling.py OUT.json [--dtype bfloat16]"""
import argparse
import json
import math

import torch
import triton

from fusednorm.bench.cases import GROUP_NORM_SHAPES, INSTANCE_NORM_SHAPES
from fusednorm.bench.timing import CudaClock, copy_gbps, graph_ms

L2_BYTES = 50 << 20


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--dtype", default="bfloat16")
    a = ap.parse_args()
    dtype = getattr(torch, a.dtype)
    clock = CudaClock(warmup_ms=10, rep_ms=60)
    copy = copy_gbps(clock, torch.device("cuda"))
    print(f"{torch.cuda.get_device_name()} torch {torch.__version__} triton "
          f"{triton.__version__} copy {copy:.0f} GB/s", flush=True)
    rows = []
    shapes = list(GROUP_NORM_SHAPES) + list(INSTANCE_NORM_SHAPES)
    for shape in shapes:
        shape = tuple(shape)
        nbytes = math.prod(shape) * dtype.itemsize
        copies = max(1, math.ceil(2 * L2_BYTES / nbytes))
        xs = [torch.randn(shape, device="cuda").to(dtype) for _ in range(copies)]
        ys = [torch.empty_like(x) for x in xs]
        ms = graph_ms([lambda x=x, y=y: y.copy_(x) for x, y in zip(xs, ys)])
        pct = 100 * 2 * nbytes / ms / 1e6 / copy
        label = "x".join(map(str, shape))
        print(f"{label:20s} {nbytes / 2**20:8.1f} MiB  copy {ms * 1e3:8.1f} us  {pct:5.1f}% of "
              "the 1 GB copy", flush=True)
        rows.append(dict(shape=list(shape), bytes=nbytes, ms=ms, pct_copy=pct))
        del xs, ys
    with open(a.out, "w") as f:
        json.dump(dict(device=torch.cuda.get_device_name(), torch=torch.__version__,
                       triton=triton.__version__, copy_gbps=copy, dtype=a.dtype, rows=rows), f,
                  indent=1)


if __name__ == "__main__":
    main()
