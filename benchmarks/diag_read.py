"""How fast one read pass over a tensor of a given size runs (GPU time), by chunking: the
ceiling of a statistics pass such as the cooperative columns forward's step 1. A program
sums a contiguous chunk of x in tiles (the cooperative columns kernel's loop, without its
masks and moments), TILE elements a step, STAGES software-pipelining stages, WARPS warps;
PROGRAMS programs over the whole tensor; BODY adds the cooperative columns loop's masks
and moments (the kernel's docstring). Each setting is timed from CUDA graph replays over
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
def _read_kernel(X, OUT, chunk, C, ROWS: tl.constexpr, COLS: tl.constexpr,
                 STAGES: tl.constexpr, BODY: tl.constexpr):
    """BODY 0: acc += x; 1: with the cooperative columns loop's masks (positions < chunk's
    end, channels < C); 2: and its moments (x - shift and its square summed, shift = the
    chunk's first row, loaded before the loop)."""
    pid = tl.program_id(0)
    base = tl.cast(pid, tl.int64) * chunk
    sj = tl.arange(0, ROWS)
    cc = tl.arange(0, COLS)
    offs = (sj * COLS)[:, None] + cc[None, :]
    acc = tl.zeros([ROWS, COLS], dtype=tl.float32)
    acc2 = tl.zeros([ROWS, COLS], dtype=tl.float32)
    rows = chunk // COLS
    c_mask = cc < C
    shift = tl.zeros([COLS], dtype=tl.float32)
    if BODY == 2:
        shift = tl.load(X + base + cc, mask=c_mask, other=0.0).to(tl.float32)
    for s0 in tl.range(0, rows, ROWS, num_stages=STAGES):
        if BODY == 0:
            acc += tl.load(X + base + s0 * COLS + offs).to(tl.float32)
        else:
            mask = (s0 + sj < rows)[:, None] & c_mask[None, :]
            x = tl.load(X + base + s0 * COLS + offs, mask=mask, other=0.0).to(tl.float32)
            d = tl.where(mask, x - shift[None, :], 0.0)
            acc += d
            if BODY == 2:
                acc2 += d * d
    tl.store(OUT + pid, tl.sum(tl.sum(acc, axis=1), axis=0) + tl.sum(tl.sum(acc2, axis=1), axis=0))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--mib", default="16,32")
    ap.add_argument("--after-write", action="store_true",
                    help="also time each read after a write of as many bytes elsewhere (the "
                         "L2 then holds dirty lines, as after an earlier call's y): the read's "
                         "share is the pair's time less the write's alone")
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
        grid = list(itertools.product((256,), ((8, 512),), (4,), (3, 4), (0, 1, 2)))
        grid += list(itertools.product((512,), ((8, 512),), (4,), (3,), (0, 2)))
        grid += list(itertools.product((256,), ((16, 512),), (8,), (3,), (0, 2)))
        if a.after_write:
            grid = [(256, (8, 512), 4, 3, 0), (256, (8, 512), 4, 3, 2)]
        for programs, (r, c), warps, stages, body in grid:
            tile = r * c
            chunk = n // programs
            if chunk % tile or chunk < tile:
                continue
            try:
                ms = graph_ms([lambda x=x: _read_kernel[(programs,)](
                    x, out, chunk, c, r, c, stages, body, num_warps=warps) for x in xs])
            except Exception as e:  # noqa: BLE001 (out of shared memory, say)
                print(f"{mib} MiB P {programs} tile {r}x{c} w {warps} s {stages} b {body}: "
                      f"{type(e).__name__}", flush=True)
                continue
            pct = 100 * 2 * n * 2 / ms / 1e6 / copy
            if a.after_write:
                ys = [torch.empty_like(x) for x in xs]
                w_ms = graph_ms([lambda y=y: y.fill_(1.0) for y in ys])
                # graph_ms is per call: a pair's time is twice the mean of its two calls
                both = 2 * graph_ms([fn for x, y in zip(xs, ys) for fn in (
                    lambda y=y: y.fill_(1.0),
                    lambda x=x, r=r, c=c: _read_kernel[(programs,)](
                        x, out, chunk, c, r, c, stages, body, num_warps=warps))])
                del ys
                print(f"    after a write of as many bytes: write {w_ms * 1e3:6.1f} us, write "
                      f"+ read {both * 1e3:6.1f} us, the read's share {(both - w_ms) * 1e3:6.1f} "
                      f"us (alone {ms * 1e3:6.1f})", flush=True)
            print(f"{mib:3d} MiB P {programs:5d} tile {r:2d}x{c} warps {warps} stages {stages} "
                  f"body {body}: "
                  f"{ms * 1e3:6.1f} us  {pct:5.1f}%", flush=True)
            rows.append(dict(mib=mib, programs=programs, tile=[r, c], warps=warps,
                             stages=stages, body=body, us=ms * 1e3, pct=pct,
                             **(dict(write_us=w_ms * 1e3, write_read_us=both * 1e3)
                                if a.after_write else {})))
        del xs
    with open(a.out, "w") as f:
        json.dump(dict(device=torch.cuda.get_device_name(), torch=torch.__version__,
                       triton=triton.__version__, copy_gbps=copy, rows=rows), f, indent=1)


if __name__ == "__main__":
    main()
