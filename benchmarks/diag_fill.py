"""What the cooperative launches' workspace fill costs inside a CUDA graph.

During CUDA graph capture launch.coop_workspace hands each cooperative call a zeroed
buffer of its own (a replay cannot take a new tag from the host), so every replay runs a
fill kernel before each cooperative kernel. Eager calls take a tag instead and run no
fill. Per case (GroupNorm / InstanceNorm through the ops layer, as sweep_groupnorm.py; the
row norms through fusednorm's functional API): the sweeps' GPU time (graph_ms, the fills
included), the fills alone in a graph of their own (the sizes the capture asked for), and
the eager calls' kernels by the profiler (mean GPU us a call, gaps excluded; over the
rotated inputs, as the graph). v0.44 calls 2-3 ran it (call 3 with an A/B of a workspace
shared by a capture's launches, since removed: NOTES v0.44).

    python benchmarks/diag_fill.py [CASE,CASE,...] [--dtype bfloat16]"""
import argparse
import math

import torch
from torch.profiler import ProfilerActivity, profile

import fusednorm
from fusednorm.bench.timing import CudaClock, copy_gbps, graph_ms
from fusednorm.kernels import groupnorm as GK
from fusednorm.kernels import launch
from fusednorm.kernels import rownorm as RK
from fusednorm.ops import groupnorm as OG
from fusednorm.ops import rownorm as OR
from sweep_groupnorm import CASES, inputs

ROWS = {"ln64k": (64, 65536), "ln256k": (32, 262144), "ln16k": (256, 16384),
        "rms64k": (64, 65536)}

_orig = launch.coop_workspace
fills = []


def recording(device, words, fresh=False, span=1):
    if torch.cuda.is_current_stream_capturing():
        fills.append(words)
    return _orig(device, words, fresh, span)


def profiled_us(calls, rounds=5):
    # every rotated input in turn (one input again and again would be served by the L2)
    for c in calls:
        c()
    torch.cuda.synchronize()
    iters = rounds * len(calls)
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        for _ in range(rounds):
            for c in calls:
                c()
        torch.cuda.synchronize()
    tot = 0.0
    names = []
    for e in prof.key_averages():
        t = getattr(e, "device_time_total", None) or getattr(e, "cuda_time_total", 0)
        if t and e.count:
            tot += t
            names.append(f"{e.key[:40]} x{e.count / iters:g} {t / iters:.2f}us")
    return tot / iters, names


def case_calls(name, lay, dtype):
    if name in ROWS:
        M, N = ROWS[name]
        rms = name.startswith("rms")
        copies = max(1, math.ceil(2 * 50 * 2**20 / (M * N * dtype.itemsize)))
        xs = [torch.randn(M, N, device="cuda", dtype=dtype) for _ in range(copies)]
        w = torch.randn(N, device="cuda", dtype=dtype)
        b = None if rms else torch.randn(N, device="cuda", dtype=dtype)
        dy = torch.randn(M, N, device="cuda", dtype=dtype)
        st = [OR.fwd_impl(x, None, w, b, 1e-5, rms) for x in xs]

        def fwd(x):
            return (fusednorm.rms_norm(x, (N,), w, 1e-5) if rms
                    else fusednorm.layer_norm(x, (N,), w, b))
        fw = [lambda x=x: fwd(x) for x in xs]
        bw = [lambda x=x, s=s: OR.bwd_impl(dy, None, x, w, s[2], s[3], rms, True, not rms)
              for x, s in zip(xs, st)]
        return fw, bw, M * N * dtype.itemsize
    shape, groups = CASES[name]
    xs, w, b = inputs(shape, lay, dtype)
    G = groups or shape[1]
    dy = torch.randn_like(xs[0])
    sts = [OG.fwd_impl(x, w, b, G, 1e-5, None)[1:] for x in xs]
    fw = [lambda x=x: fusednorm.group_norm(x, G, w, b) for x in xs]
    bw = [lambda x=x, st=st: OG.bwd_impl(dy, x, w, b, st[0], st[1], G, None, True, True)
          for x, st in zip(xs, sts)]
    return fw, bw, math.prod(shape) * dtype.itemsize


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cases", nargs="?",
                    default="unet640,unet320,unet1280,vae512,in2d,in3d128,ln16k,ln64k,ln256k")
    ap.add_argument("--layouts", default="nc")
    ap.add_argument("--dtype", default="bfloat16")
    a = ap.parse_args()
    dtype = getattr(torch, a.dtype)
    copy = copy_gbps(CudaClock(warmup_ms=10, rep_ms=60), torch.device("cuda"))
    print(f"{torch.cuda.get_device_name()} copy {copy:.0f} GB/s {a.dtype}", flush=True)
    launch.coop_workspace = GK.coop_workspace = RK.coop_workspace = recording
    for name in a.cases.split(","):
        for lay in (a.layouts.split(",") if name not in ROWS else ["rows"]):
            fw, bw, nbytes = case_calls(name, lay, dtype)
            for mode, calls, k in (("fwd", fw, 2), ("bwd", bw, 3)):
                pct = lambda t: 100 * k * nbytes / t / 1e6 / copy  # noqa: E731
                fills.clear()
                with torch.no_grad():
                    g = graph_ms(calls)
                sizes = list(fills)
                f = 0.0
                if sizes:  # the same fills, alone in a graph, per call
                    f = graph_ms([lambda n=n: torch.zeros((n,), device="cuda", dtype=torch.int64)
                                  for n in sizes]) * len(sizes) / len(calls)
                with torch.no_grad():
                    kern, names = profiled_us(calls)
                print(f"{name:8s} {lay:4s} {mode} x{len(calls)} graph {g * 1e3:7.2f} us "
                      f"({pct(g):5.1f}%)  fills {len(sizes)} ({sizes[:1]} words) alone "
                      f"{f * 1e3:5.2f} us a call  eager kernels {kern:7.2f} us "
                      f"({pct(kern / 1e3):5.1f}%)", flush=True)
                print("    " + "; ".join(names), flush=True)
            del fw, bw
            torch.cuda.empty_cache()


if __name__ == "__main__":
    main()
