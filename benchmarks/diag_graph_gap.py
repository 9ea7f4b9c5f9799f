"""Why CUDA-graph replays of the contiguous GroupNorm / InstanceNorm forward read lower
than back-to-back eager calls at the large shapes (sweep_groupnorm.py's `gpu` against its
`call` column: InstanceNorm 8x64x64^3x64 bf16 81.1% against 93.9%, v0.40 call 3), while
the row norms' graphs read within 2 points of their events (v0.37 call 8).

Per case: % of a 1 GB copy by events around back-to-back eager calls and by graph_ms,
then torch.profiler's kernels (name, count, mean us) over 5 eager calls and over 5 graph
replays.

    python benchmarks/diag_graph_gap.py [--cases in3d64,vae128,ln256k]"""
import argparse
import collections
import math

import torch
import triton

import fusednorm
from fusednorm.bench.timing import CudaClock, copy_gbps, graph_ms

CASES = {
    "in3d64": ((8, 64, 64, 64, 64), None),
    "in3d32": ((2, 32, 128, 128, 128), None),
    "vae128": ((2, 128, 512, 512), 32),
    "vae512": ((2, 512, 128, 128), 32),
    "ln256k": ((512, 262144), "ln"),  # the row norms at the same geometry as in3d64
}


def kernels(fn, n):
    """name -> (count, mean us) of the CUDA kernels (and memsets) fn runs, n times."""
    fn()
    torch.cuda.synchronize()
    with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CUDA]) as p:
        for _ in range(n):
            fn()
        torch.cuda.synchronize()
    acc = collections.defaultdict(list)
    for e in p.events():
        if e.device_type == torch.autograd.DeviceType.CUDA:
            acc[e.name[:60]].append(e.device_time)
    return {k: (len(v), sum(v) / len(v)) for k, v in acc.items()}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cases", default=",".join(CASES))
    ap.add_argument("--dtype", default="bfloat16")
    a = ap.parse_args()
    dtype = getattr(torch, a.dtype)
    clock = CudaClock(warmup_ms=10, rep_ms=60)
    copy = copy_gbps(clock, torch.device("cuda"))
    print(f"{torch.cuda.get_device_name()} torch {torch.__version__} triton "
          f"{triton.__version__} copy {copy:.0f} GB/s {dtype}", flush=True)
    for name in a.cases.split(","):
        shape, groups = CASES[name]
        x = (torch.randn(shape, device="cuda") * 2 + 0.5).to(dtype)
        C = shape[-1] if groups == "ln" else shape[1]
        w = (1 + 0.3 * torch.randn(C, device="cuda")).to(dtype)
        b = (0.3 * torch.randn(C, device="cuda")).to(dtype)
        if groups == "ln":
            fn = lambda: fusednorm.layer_norm(x, (C,), w, b, 1e-5)  # noqa: E731
        elif groups is None:
            fn = lambda: fusednorm.instance_norm(x, w, b, 1e-5)  # noqa: E731
        else:
            fn = lambda: fusednorm.group_norm(x, groups, w, b, 1e-5)  # noqa: E731
        nbytes = 2 * math.prod(shape) * dtype.itemsize
        with torch.no_grad():
            ev = clock.time_ms([fn])
            gr = graph_ms([fn])
            pct = lambda ms: 100 * nbytes / ms / 1e6 / copy  # noqa: E731
            print(f"{name}: events {ev * 1e3:7.1f} us ({pct(ev):5.1f}%)  graph {gr * 1e3:7.1f} us "
                  f"({pct(gr):5.1f}%)", flush=True)
            eager = kernels(fn, 5)
            side = torch.cuda.Stream()
            side.wait_stream(torch.cuda.current_stream())
            with torch.cuda.stream(side):
                fn()
            torch.cuda.current_stream().wait_stream(side)
            g = torch.cuda.CUDAGraph()
            with torch.cuda.graph(g):
                fn()
            replay = kernels(g.replay, 5)
        for tag, ks in (("eager", eager), ("graph", replay)):
            for k, (cnt, us) in sorted(ks.items(), key=lambda kv: -kv[1][1]):
                print(f"   {tag} {cnt:3d} x {us:8.1f} us  {k}", flush=True)
        del x


if __name__ == "__main__":
    main()
