"""In-process A/B of the groups ops' host path (v0.15): the same calls timed under three
variants, alternated round by round so that the lent host's drift (2x between runs of one
tree, NOTES v0.14) falls on all of them alike:
  zeros    v0.14's launches: a torch.zeros workspace per cooperative call, and the
           backward's dw/db sum in a launch of its own (rownorm.FOLD_MAX and
           groupnorm.FOLD_GROUP_MAX 0);
  ws       the stream's reused workspace with a serial tag (launch.coop_workspace);
  ws+fold  and the dw/db sum in the main launch (rows path: its last program,
           rownorm._last_sums; group path: each group's last program).
For each (shape, mode, variant): host us a call (bench.timing.host_us: enqueued without
waiting), the call as the bench times it (CUDA events, back to back), and for the
backward the GPU time of ops.groupnorm.bwd_impl replayed in a CUDA graph (the capture
takes fresh zeroed words either way; the fold's cost or gain is in it). torch eager
(F.group_norm) is timed in the same rounds. Medians over ROUNDS.

    python benchmarks/host_ab_groups.py OUT.json"""
import json
import os
import statistics
import sys

import torch
import torch.nn.functional as F
import triton

import fusednorm
from fusednorm.bench.timing import CudaClock, copy_gbps, graph_ms, host_us
from fusednorm.kernels import groupnorm as K
from fusednorm.kernels import launch as L
from fusednorm.kernels import rownorm as R
from fusednorm.ops import groupnorm as OG

SHAPES = os.environ.get(
    "AB_SHAPES", "16x320x64x64;16x640x32x32;16x1280x16x16;16x1280x16x16 cl;2x512x128x128;"
    "2x512x128x128 cl;8x128x128x128 cl").split(";")
ROUNDS = int(os.environ.get("AB_ROUNDS", "5"))
DTYPE = torch.bfloat16
G = 32
FOLD_MAX = R.FOLD_MAX
FOLD_GROUP_MAX = K.FOLD_GROUP_MAX


def _zeros_ws(device, words, fresh=False):
    return torch.zeros((words,), device=device, dtype=torch.int64), 1


def variant(name):
    ws = L.coop_workspace if name != "zeros" else _zeros_ws
    R.coop_workspace = K.coop_workspace = ws
    R.FOLD_MAX = FOLD_MAX if name == "ws+fold" else 0
    K.FOLD_GROUP_MAX = FOLD_GROUP_MAX if name == "ws+fold" else 0
    R.clear_prepared()
    K.clear_plan_caches()


def main():
    copy = copy_gbps(CudaClock(10, 100), torch.device("cuda"))
    print(f"{torch.cuda.get_device_name()} torch {torch.__version__} triton {triton.__version__}"
          f" copy {copy:.0f} GB/s", flush=True)
    clock = CudaClock(warmup_ms=5, rep_ms=30)
    cases = []
    for text in SHAPES:
        dims, _, lay = text.partition(" ")
        shape = tuple(int(v) for v in dims.split("x"))
        torch.manual_seed(0)
        x = torch.randn(shape, device="cuda", dtype=DTYPE)
        if lay == "cl":
            x = x.contiguous(memory_format=torch.channels_last)
        C = shape[1]
        w = (1 + 0.1 * torch.randn(C, device="cuda")).to(DTYPE)
        b = (0.1 * torch.randn(C, device="cuda")).to(DTYPE)
        gy = torch.randn_like(x)
        cases.append((text, x, w, b, gy))
    res = {}

    def add(key, value):
        res.setdefault(key, []).append(value)

    names = ["zeros", "ws", "ws+fold"]
    for r in range(ROUNDS):
        order = names if r % 2 == 0 else names[::-1]
        for name in order + ["torch"]:
            if name != "torch":
                variant(name)
            for text, x, w, b, gy in cases:
                ins = tuple(t.detach().clone().requires_grad_() for t in (x, w, b))
                fn = (F.group_norm if name == "torch"
                      else lambda x_, g_, w_, b_: fusednorm.group_norm(x_, g_, w_, b_))
                y = fn(ins[0], G, ins[1], ins[2])
                bwd = lambda y=y, ins=ins: torch.autograd.grad(y, ins, gy, retain_graph=True)  # noqa: E731
                with torch.no_grad():
                    fwd = lambda: fn(x, G, w, b)  # noqa: E731
                    for _ in range(5):
                        fwd()
                        bwd()
                    add((text, "fwd", name, "host"), host_us(fwd, n=50, warmup=5))
                    add((text, "fwd", name, "call"), 1e3 * clock.time_ms([fwd]))
                add((text, "bwd", name, "host"), host_us(bwd, n=50, warmup=5))
                add((text, "bwd", name, "call"), 1e3 * clock.time_ms([bwd]))
                if name != "torch" and r == 0:
                    _, mean, rstd = OG.fwd_impl(x, w, b, G, 1e-5, None)
                    add((text, "bwd", name, "graph"), 1e3 * graph_ms(
                        lambda: OG.bwd_impl(gy, x, w, b, mean, rstd, G, None, True, True),
                        reps=20, warmup=2))
                del y, ins
        print(f"round {r + 1}/{ROUNDS} done", file=sys.stderr, flush=True)
    variant("ws+fold")
    rows = []
    for (text, mode, name, what), vals in res.items():
        rows.append(dict(shape=text, mode=mode, variant=name, metric=what,
                         median=statistics.median(vals), min=min(vals), values=vals))
    for text, *_ in cases:
        for mode in ("fwd", "bwd"):
            line = f"{text:18s} {mode}"
            for name in names + ["torch"]:
                h = statistics.median(res[(text, mode, name, "host")])
                c = statistics.median(res[(text, mode, name, "call")])
                gr = res.get((text, mode, name, "graph"))
                line += f" | {name} host {h:6.1f} call {c:6.1f}" + (
                    f" gpu {gr[0]:5.1f}" if gr else "")
            print(line + " (us)", flush=True)
    if len(sys.argv) > 1:
        with open(sys.argv[1], "w") as f:
            json.dump(dict(copy_gbps=copy, device=torch.cuda.get_device_name(), rows=rows), f,
                      indent=1)


if __name__ == "__main__":
    main()
