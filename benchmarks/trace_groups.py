"""Where does a GroupNorm / InstanceNorm backward call's time go? For the groups suite's
shapes, fusednorm and torch eager are each timed four ways:
  graph  fusednorm's backward alone (ops.groupnorm.bwd_impl) captured in a CUDA graph and
         replayed: GPU time (torch's: the trace's busy time);
  call   torch.autograd.grad(retain_graph=True) back to back with CUDA events, as the
         bench's bwd mode times it;
  host   the same calls' host time (enqueued without waiting; bench.timing.host_us);
  trace  the calls under torch.profiler (trace_bwd._trace): kernels, span, busy, gaps;
  and cProfile of fusednorm's calls (the host's top functions).
And fwd+bwd as the bench calls it (the op, then autograd.grad). % is of a
device-to-device copy measured in the same run (bwd bytes: x + dy + dx).

    python benchmarks/trace_groups.py OUT.json

Environment: TRACE_SHAPES (';'-separated NxCx... with an optional ' cl'), TRACE_DTYPE
(bf16 / fp16 / fp32), TRACE_G (groups; 0 = InstanceNorm), TRACE_ACT (fusednorm's fused
activation, e.g. silu, against torch's norm then F.silu / F.gelu; empty: none)."""
import cProfile
import io
import json
import os
import pstats
import sys

import torch
import torch.nn.functional as F
import triton

import fusednorm
from fusednorm.bench.timing import CudaClock, copy_gbps, graph_ms, host_us
from fusednorm.ops import groupnorm as OG
from trace_bwd import _trace

SHAPES = os.environ.get(
    "TRACE_SHAPES", "16x320x64x64;16x1280x16x16 cl;2x512x128x128;16x640x32x32 cl").split(";")
DTYPE = {"bf16": torch.bfloat16, "fp16": torch.float16,
         "fp32": torch.float32}[os.environ.get("TRACE_DTYPE", "bf16")]
GROUPS = int(os.environ.get("TRACE_G", "32"))
ACT = os.environ.get("TRACE_ACT") or None
TORCH_ACT = {None: lambda y: y, "silu": F.silu, "gelu": F.gelu,
             "gelu_tanh": lambda y: F.gelu(y, approximate="tanh")}[ACT]
ITERS = 20


def main():
    copy = copy_gbps(CudaClock(10, 100), torch.device("cuda"))
    print(f"{torch.cuda.get_device_name()} torch {torch.__version__} triton {triton.__version__}"
          f" copy {copy:.0f} GB/s", flush=True)
    rows = []
    for text in SHAPES:
        dims, _, lay = text.partition(" ")
        shape = tuple(int(v) for v in dims.split("x"))
        C = shape[1]
        G = GROUPS or C
        torch.manual_seed(0)
        x = torch.randn(shape, device="cuda", dtype=DTYPE)
        if lay == "cl":
            x = x.contiguous(memory_format=torch.channels_last if x.dim() == 4
                             else torch.channels_last_3d)
        w = (1 + 0.1 * torch.randn(C, device="cuda")).to(DTYPE)
        b = (0.1 * torch.randn(C, device="cuda")).to(DTYPE)
        gy = torch.randn_like(x)
        nbytes = 3 * x.numel() * x.element_size()
        for name in ("fusednorm", "torch"):
            fn = ((lambda x_, w_, b_: fusednorm.group_norm(x_, G, w_, b_, activation=ACT))
                  if name == "fusednorm"
                  else (lambda x_, w_, b_: TORCH_ACT(F.group_norm(x_, G, w_, b_))))
            ins = tuple(t.detach().clone().requires_grad_() for t in (x, w, b))
            y = fn(*ins)
            call = lambda y=y, ins=ins: torch.autograd.grad(y, ins, gy, retain_graph=True)  # noqa: E731
            both = lambda fn=fn, ins=ins: torch.autograd.grad(fn(*ins), ins, gy)  # noqa: E731
            if name == "fusednorm":
                with torch.no_grad():
                    _, mean, rstd = OG.fwd_impl(x, w, b, G, 1e-5, ACT)
                    impl = lambda: OG.bwd_impl(gy, x, w, b, mean, rstd, G,  # noqa: E731
                                               ACT, True, True)
                    g_ms = graph_ms(impl, reps=20, warmup=2)
            else:
                # torch's backward in a capture fails (torch 2.11, and leaves the context
                # unusable): its GPU time is the trace's busy time.
                g_ms = float("nan")
            clock = CudaClock(warmup_ms=10, rep_ms=60)
            c_ms = clock.time_ms([call])
            fb_ms = clock.time_ms([both])
            h_us = host_us(call, n=50, warmup=10)
            tr = _trace(call, ITERS)
            r = dict(shape=text, dtype=str(DTYPE), groups=G, activation=ACT, provider=name, graph_ms=g_ms,
                     call_ms=c_ms, fwd_bwd_ms=fb_ms, host_us=h_us,
                     graph_pct=100 * nbytes / g_ms / 1e6 / copy,
                     call_pct=100 * nbytes / c_ms / 1e6 / copy, **tr)
            rows.append(r)
            print(f"{text:18s} {name:9s} graph {1e3 * g_ms:7.1f} us ({r['graph_pct']:5.1f}%)"
                  f" call {1e3 * c_ms:7.1f} us ({r['call_pct']:5.1f}%) host {h_us:6.1f} us"
                  f" fwd+bwd {1e3 * fb_ms:7.1f} us | trace: span {tr['span_us']:7.1f}"
                  f" busy {tr['busy_us']:7.1f} gap {tr['gap_us']:6.1f}", flush=True)
            for kname, (count, us) in tr["kernels"].items():
                print(f"    {count:4d} x {us:8.1f} us  {kname}", flush=True)
            if name == "fusednorm":  # where the host time goes
                pr = cProfile.Profile()
                pr.enable()
                for _ in range(50):
                    call()
                pr.disable()
                torch.cuda.synchronize()
                out = io.StringIO()
                pstats.Stats(pr, stream=out).sort_stats("tottime").print_stats(14)
                print("\n".join(out.getvalue().splitlines()[6:22]), flush=True)
            del y, ins
        if len(sys.argv) > 1:
            with open(sys.argv[1], "w") as f:
                json.dump(dict(copy_gbps=copy, rows=rows), f, indent=1)


if __name__ == "__main__":
    main()
