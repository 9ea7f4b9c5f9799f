"""How fast one read pass over a tensor of a given size runs (GPU time), by chunking: the
ceiling of a statistics pass such as the cooperative columns forward's step 1. A program
sums a contiguous chunk of x in tiles (the cooperative columns kernel's loop, without its
masks and moments), TILE elements a step, STAGES software-pipelining stages, WARPS warps;
PROGRAMS programs over the whole tensor. Each setting is timed from CUDA graph replays over
rotated copies (more than twice the L2), % of a read at the copy's speed (bytes / copy
GB/s x 2: a read-only pass is compared with the copy's read half).

    python benchmarks/diag_read.py OUT.json [--mib 16]"""
import argparse
import itertools
import json
import math

import torch
import triton
import triton.language as tl

from fusednorm.bench.timing import CudaClock, copy_gbps, graph_ms


@triton.jit
def _read_kernel(X, OUT, chunk, ROWS: tl.constexpr, COLS: tl.constexpr, STAGES: tl.constexpr):
    pid = tl.program_id(0)
    base = tl.cast(pid, tl.int64) * chunk
    offs = tl.arange(0, ROWS)[:, None] * COLS + tl.arange(0, COLS)[None, :]
    acc = tl.zeros([ROWS, COLS], dtype=tl.float32)
    for j in tl.range(0, chunk, ROWS * COLS, num_stages=STAGES):
        acc += tl.load(X + base + j + offs).to(tl.float32)
    tl.store(OUT + pid, tl.sum(tl.sum(acc, axis=1), axis=0))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--mib", default="16,32")
    a = ap.parse_args()
    clock = CudaClock(warmup_ms=10, rep_ms=60)
    copy = copy_gbps(clock, torch.device("cuda"))
    print(f"{torch.cuda.get_device_name()} torch {torch.__version__} triton "
          f"{triton.__version__} copy {copy:.0f} GB/s", flush=True)
    rows = []
    for mib in map(int, a.mib.split(",")):
        n = mib << 19  # bf16 elements
        copies = max(2, math.ceil(100 / mib))
        xs = [torch.randn(n, device="cuda").to(torch.bfloat16) for _ in range(copies)]
        out = torch.empty(1 << 16, device="cuda")
        for programs, (r, c), warps, stages in itertools.product(
                (256, 528, 1056), ((8, 512), (16, 512), (32, 512)), (4, 8), (1, 3, 4)):
            tile = r * c
            chunk = n // programs
            if chunk % tile or chunk < tile:
                continue
            try:
                ms = graph_ms([lambda x=x: _read_kernel[(programs,)](
                    x, out, chunk, r, c, stages, num_warps=warps) for x in xs])
            except Exception as e:  # noqa: BLE001 (out of shared memory, say)
                print(f"{mib} MiB P {programs} tile {r}x{c} w {warps} s {stages}: "
                      f"{type(e).__name__}", flush=True)
                continue
            pct = 100 * 2 * n * 2 / ms / 1e6 / copy
            print(f"{mib:3d} MiB P {programs:5d} tile {r:2d}x{c} warps {warps} stages {stages}: "
                  f"{ms * 1e3:6.1f} us  {pct:5.1f}%", flush=True)
            rows.append(dict(mib=mib, programs=programs, tile=[r, c], warps=warps,
                             stages=stages, us=ms * 1e3, pct=pct))
        del xs
    with open(a.out, "w") as f:
        json.dump(dict(device=torch.cuda.get_device_name(), torch=torch.__version__,
                       triton=triton.__version__, copy_gbps=copy, rows=rows), f, indent=1)


if __name__ == "__main__":
    main()
