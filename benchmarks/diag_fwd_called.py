"""Is a GroupNorm / InstanceNorm forward call GPU-bound? For the groups suite's shapes,
each in both layouts, fusednorm's forward (no_grad, as the bench's fwd mode calls it) is
timed three ways over input copies rotated past 4 L2s:
  call   back to back with CUDA events (fusednorm.bench.timing.CudaClock, as the bench);
  graph  the calls captured in a CUDA graph and replayed: GPU time alone;
  host   host time per call (enqueued without waiting; bench.timing.host_us);
then cProfile of the calls of the shapes named in PROFILE. % is of a device-to-device copy
measured in the same run (bytes: x read, y written).

    python benchmarks/diag_fwd_called.py OUT.json

Environment: DIAG_SHAPES (';'-separated NxCx...[ cl][ gG]; gG: G groups, g0 InstanceNorm,
default 32), DIAG_DTYPE (bf16 / fp16 / fp32), PROFILE (';'-separated, as DIAG_SHAPES)."""
import cProfile
import io
import json
import math
import os
import pstats
import sys

import torch
import triton

import fusednorm
from fusednorm.bench.timing import CudaClock, copy_gbps, graph_ms, host_us

SHAPES = os.environ.get("DIAG_SHAPES", ";".join(
    f"{s}{lay}" for s in ("16x320x64x64", "16x640x32x32", "16x1280x16x16", "16x1280x8x8",
                          "2x512x128x128", "16x64x128x128 g0", "8x128x32x32x32 g0")
    for lay in ("", " cl"))).split(";")
PROFILE = [p for p in os.environ.get("PROFILE", "16x640x32x32 cl;16x320x64x64 cl").split(";")
           if p]
DTYPE = {"bf16": torch.bfloat16, "fp16": torch.float16,
         "fp32": torch.float32}[os.environ.get("DIAG_DTYPE", "bf16")]


def parse(text):
    dims, *flags = text.split()
    shape = tuple(int(v) for v in dims.split("x"))
    cl = "cl" in flags
    g = next((int(f[1:]) for f in flags if f.startswith("g")), 32)
    return shape, cl, g or shape[1]


def inputs(shape, cl, copies):
    C = shape[1]
    xs = []
    for _ in range(copies):
        x = torch.randn(shape, device="cuda", dtype=DTYPE)
        if cl:
            x = x.contiguous(memory_format=torch.channels_last if x.dim() == 4
                             else torch.channels_last_3d)
        xs.append(x)
    w = (1 + 0.1 * torch.randn(C, device="cuda")).to(DTYPE)
    b = (0.1 * torch.randn(C, device="cuda")).to(DTYPE)
    return xs, w, b


def main():
    clock = CudaClock(warmup_ms=20, rep_ms=200)
    copy = copy_gbps(clock, torch.device("cuda"))
    l2 = torch.cuda.get_device_properties(0).L2_cache_size
    print(f"{torch.cuda.get_device_name()} torch {torch.__version__} triton {triton.__version__}"
          f" copy {copy:.0f} GB/s", flush=True)
    rows = []
    for text in SHAPES:
        shape, cl, G = parse(text)
        nbytes = math.prod(shape) * torch.finfo(DTYPE).bits // 8
        copies = max(1, math.ceil(4 * l2 / nbytes))
        torch.manual_seed(0)
        xs, w, b = inputs(shape, cl, copies)
        calls = [lambda x=x: fusednorm.group_norm(x, G, w, b) for x in xs]
        with torch.no_grad():
            call = clock.time_ms(calls)
            graph = graph_ms(calls, reps=10, warmup=2)
            host = host_us(calls, n=10 * copies, warmup=2 * copies) / 1e3
        row = dict(shape=text, call_us=call * 1e3, graph_us=graph * 1e3, host_us=host * 1e3,
                   call_pct=200 * nbytes / call / 1e6 / copy,
                   graph_pct=200 * nbytes / graph / 1e6 / copy)
        rows.append(row)
        print(f"{text:24s} call {row['call_us']:7.1f} us {row['call_pct']:5.1f}%  graph "
              f"{row['graph_us']:7.1f} us {row['graph_pct']:5.1f}%  host {row['host_us']:7.1f} us",
              flush=True)
        del xs
    profiles = {}
    for text in PROFILE:
        shape, cl, G = parse(text)
        xs, w, b = inputs(shape, cl, 1)
        pr = cProfile.Profile()
        with torch.no_grad():
            for _ in range(20):
                fusednorm.group_norm(xs[0], G, w, b)
            torch.cuda.synchronize()
            pr.enable()
            for _ in range(300):
                fusednorm.group_norm(xs[0], G, w, b)
            pr.disable()
        torch.cuda.synchronize()
        s = io.StringIO()
        pstats.Stats(pr, stream=s).sort_stats("tottime").print_stats(15)
        profiles[text] = s.getvalue()
        print(f"--- profile {text} (300 calls)\n{s.getvalue()}", flush=True)
    if len(sys.argv) > 1:
        with open(sys.argv[1], "w") as f:
            json.dump(dict(device=torch.cuda.get_device_name(), torch=torch.__version__,
                           triton=triton.__version__, copy_gbps=copy, dtype=str(DTYPE),
                           rows=rows, profiles=profiles), f, indent=1)


if __name__ == "__main__":
    main()
