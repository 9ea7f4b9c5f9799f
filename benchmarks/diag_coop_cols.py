"""Where the cooperative columns forward's time goes (channels_last GroupNorm, GPU only).

The kernel's TIMING variant stores each program's %globaltimer readings (STEPS below) for
its first sample: at its start, when its first load (the chunk's shift) has arrived, when
the chunk is summed, when its partials are published, after its reducer step, after the
wait for that sample's group statistics, and at its end. This script launches it
on a cold L2 (a 128 MB buffer written before each launch) with a fresh workspace, several
times, and prints per step the spread over programs (ns from the first program's start):
when the last program published its partials is when the slowest chunk of the round was
read, and the gap from there to the finals seen is the exchange.
Beside it, the plain launch's time from CUDA events on the same cold L2.

    python benchmarks/diag_coop_cols.py OUT.json [--cases p512,in2d,vae512] [--reps 5]"""
import argparse
import json
import math

import torch
import triton

from fusednorm.kernels import groupnorm as K
from fusednorm.kernels.launch import FixedLaunch, coop_workspace
from sweep_groupnorm import CASES  # its shapes (groups None: InstanceNorm, G = C)



# The TIMING variant's readings, per program (ns; first program's start = 0).
STEPS = {0: "start", 1: "first load (shift) in", 2: "chunk summed (loop + reduction)",
         3: "partials published", 4: "reducer done", 5: "finals seen", 6: "end",
         "loop": "duration: first load -> summed"}


def q(v, f):
    return v[min(len(v) - 1, int(f * len(v)))]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--cases", default="p512,in2d,vae512")
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--dtype", default="bfloat16")
    ap.add_argument("--set", action="append", default=[],
                    help="NAME=VALUE: a kernels.groupnorm constant (JSON value)")
    a = ap.parse_args()
    for item in a.set:
        k, v = item.split("=", 1)
        setattr(K, k, json.loads(v))
    K.clear_plan_caches()
    dtype = getattr(torch, a.dtype)
    dev = torch.device("cuda")
    flush = torch.empty(128 << 20, dtype=torch.uint8, device=dev)
    print(f"{torch.cuda.get_device_name()} torch {torch.__version__} triton {triton.__version__}",
          flush=True)
    out = []
    for name in a.cases.split(","):
        shape, G = CASES[name]
        G = G or shape[1]
        fmt = torch.channels_last if len(shape) == 4 else torch.channels_last_3d
        x = torch.randn(shape, device=dev).to(dtype).contiguous(memory_format=fmt)
        C = shape[1]
        w = (1 + 0.3 * torch.randn(C, device=dev)).to(dtype)
        b = (0.3 * torch.randn(C, device=dev)).to(dtype)
        y = torch.empty_like(x)
        prep = K.prepare_fwd(x, G, None, w, b, y, False)
        if not prep.slots:
            print(f"{name}: not on the cooperative columns path", flush=True)
            continue
        out.append(run(a, name, shape, G, x, w, b, y, prep, flush))
    with open(a.out, "w") as f:
        json.dump(dict(device=torch.cuda.get_device_name(), torch=torch.__version__,
                       triton=triton.__version__, cases=out), f, indent=1)


def run(a, name, shape, G, x, w, b, y, prep, flush):
    dev = x.device
    L0 = prep.launches[0]
    consts = tuple((k, True if k == "TIMING" else v) for k, v in L0.constexprs)
    timed = FixedLaunch(L0.kernel, L0.grid, L0.ints, consts, L0.num_warps, L0.maxnreg)
    P = L0.grid[0]
    nbytes = x.numel() * x.element_size()
    ints = dict(zip(("N", "C", "S", "Cg", "K", "Q", "s_chunk"), L0.ints))
    plain_us, spans = [], []
    steps = {i: [] for i in range(0, 7)}
    steps["loop"] = []
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    for r in range(a.reps + 1):
        # the plain launch, events around it
        flush.fill_(r)
        ws, tag = coop_workspace(dev, prep.slots, fresh=True)
        start.record()
        L0((x, w, b, y, y, y, ws), (1e-5, tag))
        end.record()
        torch.cuda.synchronize()
        # the timed launch
        flush.fill_(r + 1)
        ws, tag = coop_workspace(dev, prep.slots, fresh=True)
        t = torch.zeros((P, 8), dtype=torch.int64, device=dev)
        timed((x, w, b, y, y, t, ws), (1e-5, tag))
        torch.cuda.synchronize()
        if r == 0:
            continue  # compile / warm-up
        plain_us.append(start.elapsed_time(end) * 1e3)
        t = t.cpu()
        t0 = t[:, 0].min().item()
        rel = (t[:, :7] - t0).tolist()
        spans.append(max(row[6] for row in rel))
        for i in range(0, 7):
            steps[i].append(sorted(row[i] for row in rel))
        # per program, its chunk's loop and reduction from its shift's arrival
        steps["loop"].append(sorted(row[2] - row[1] for row in rel))
    med = lambda v: sorted(v)[len(v) // 2]  # noqa: E731
    summary = dict(case=name, shape=list(shape), groups=G, programs=P, **ints,
                   bytes=nbytes, plain_us=plain_us, span_ns=spans)
    line = (f"{name:8s} P {P} K {ints['K']} Q {ints['Q']} s_chunk {ints['s_chunk']}: plain "
            f"{med(plain_us):6.1f} us ({2 * nbytes / (med(plain_us) * 1e3):5.0f} "
            f"GB/s); timed span {med(spans) / 1e3:6.1f} us")
    print(line, flush=True)
    for i in list(range(0, 7)) + ["loop"]:
        # per rep: the first, median and last program's reading; median over reps
        first = med([v[0] for v in steps[i]]) / 1e3
        mid = med([q(v, 0.5) for v in steps[i]]) / 1e3
        last = med([v[-1] for v in steps[i]]) / 1e3
        print(f"   {str(i):4s} {STEPS[i]:32s} first {first:6.1f}  median {mid:6.1f}  last "
              f"{last:6.1f} us", flush=True)
        summary[f"step{i}_us"] = dict(first=first, median=mid, last=last)
    return summary


if __name__ == "__main__":
    main()
