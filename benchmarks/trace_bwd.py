"""Why does a row-norm backward config run slower called through autograd than replayed in
a graph? For LayerNorm / RMSNorm at about 2^27 elements, each config (patched into
fusednorm.kernels.rownorm.bwd_config, as sweep_coop.py does) is timed three ways:
  graph  ops.rownorm.bwd_impl captured in a CUDA graph and replayed (GPU time);
  call   torch.autograd.grad back to back with CUDA events (what the bench times);
  trace  the same calls under torch.profiler: per kernel its mean GPU time, and per call
         the span from the first kernel's start to the last one's end, the kernels' busy
         time inside it, and so the idle gaps;
  host   host time per call (calls enqueued without waiting, wall time / calls), and under
         TRACE_CPU=1 the host ops that take it (torch.profiler's CPU activity, self time
         per call, all threads: the autograd engine's included).
% is of a device-to-device copy measured in the same run (bytes: x + dy + dx).

    python benchmarks/trace_bwd.py OUT.json

Environment: TRACE_N (row lengths), TRACE_DTYPE (bf16 / fp16 / fp32), TRACE_OP (ln / rms),
TRACE_CFG (';'-separated slice/warps/pps[/prefetch 0 or 1], or `default`)."""
import json
import os
import sys
from collections import defaultdict

import torch
import triton

import fusednorm
from fusednorm.bench.timing import CudaClock, copy_gbps, graph_ms, host_us
from fusednorm.kernels import rownorm as K
from fusednorm.ops import rownorm as OR

NS = [int(v) for v in os.environ.get("TRACE_N", "12288,32768,262144").split(",")]
DTYPE = {"bf16": torch.bfloat16, "fp16": torch.float16,
         "fp32": torch.float32}[os.environ.get("TRACE_DTYPE", "fp32")]
IS_RMS = os.environ.get("TRACE_OP", "ln") == "rms"
CFGS = os.environ.get("TRACE_CFG", "default;2048/8/2").split(";")
ITERS = 20
CPU = os.environ.get("TRACE_CPU") == "1"


def _cpu_ops(call, iters, top=12):
    """The host ops with the most self CPU time per call (microseconds), all threads."""
    torch.cuda.synchronize()
    with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CPU]) as prof:
        for _ in range(iters):
            call()
        torch.cuda.synchronize()
    avg = sorted(prof.key_averages(), key=lambda e: -e.self_cpu_time_total)[:top]
    return [(e.key[:50], e.count / iters, e.self_cpu_time_total / iters) for e in avg]


def _trace(call, iters):
    """Kernel times and per-call span / busy / gap (microseconds) of `iters` calls."""
    torch.cuda.synchronize()
    with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CUDA]) as prof:
        for _ in range(iters):
            call()
        torch.cuda.synchronize()
    kernels = [e for e in prof.events()
               if e.device_type == torch.autograd.DeviceType.CUDA]
    kernels.sort(key=lambda e: e.time_range.start)
    per_name = defaultdict(list)
    for e in kernels:
        per_name[e.name[:60]].append(e.time_range.elapsed_us())
    span = kernels[-1].time_range.end - kernels[0].time_range.start if kernels else 0
    busy = sum(e.time_range.elapsed_us() for e in kernels)
    return dict(kernels={k: (len(v), sum(v) / len(v)) for k, v in per_name.items()},
                span_us=span / iters, busy_us=busy / iters, gap_us=(span - busy) / iters)


def main():
    copy = copy_gbps(CudaClock(10, 100), torch.device("cuda"))
    print(f"{torch.cuda.get_device_name()} torch {torch.__version__} triton {triton.__version__}"
          f" copy {copy:.0f} GB/s", flush=True)
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    bwd0 = K.bwd_config
    rows = []
    for n in NS:
        m = (1 << 27) // n
        torch.manual_seed(0)
        x = torch.randn(m, n, device="cuda", dtype=DTYPE)
        w = (1 + 0.1 * torch.randn(n, device="cuda")).to(DTYPE)
        b = None if IS_RMS else (0.1 * torch.randn(n, device="cuda")).to(DTYPE)
        gy = torch.randn_like(x)
        eps = 1e-6 if IS_RMS else 1e-5
        nbytes = 3 * x.numel() * x.element_size()
        for text in CFGS:
            if text == "default":
                cfg = bwd0(n, sms, x.element_size(), IS_RMS)
            else:
                cfg = K._coop(n, sms, (tuple(int(v) for v in text.split("/")),))
            K.bwd_config = lambda _n, _s, *_, c=cfg: c
            K.clear_prepared()
            tag = f"{text}={cfg.path}:{cfg.block_n}/{cfg.num_warps}w/{cfg.programs_per_sm}pps"
            with torch.no_grad():
                _, _, mean, rstd = OR.fwd_impl(x, None, w, b, eps, IS_RMS)
                impl = lambda: OR.bwd_impl(gy, None, x, w, mean, rstd,  # noqa: E731
                                           IS_RMS, True, not IS_RMS)
                g_ms = graph_ms(impl, reps=20, warmup=2)
            xs = x.detach().requires_grad_()
            ws = w.detach().requires_grad_()
            ins = (xs, ws) if IS_RMS else (xs, ws, b.detach().requires_grad_())
            y = (fusednorm.rms_norm(xs, (n,), ws, eps=eps) if IS_RMS
                 else fusednorm.layer_norm(xs, (n,), ws, ins[2], eps))
            call = lambda: torch.autograd.grad(y, ins, gy, retain_graph=True)  # noqa: E731
            c_ms = CudaClock(warmup_ms=10, rep_ms=60).time_ms([call])
            tr = _trace(call, ITERS)
            tr["host_us"] = host_us([call], n=ITERS)
            if CPU:
                tr["cpu_ops"] = _cpu_ops(call, ITERS)
            r = dict(n=n, dtype=str(DTYPE), rms=IS_RMS, cfg=tag, graph_ms=g_ms, call_ms=c_ms,
                     graph_pct=100 * nbytes / g_ms / 1e6 / copy,
                     call_pct=100 * nbytes / c_ms / 1e6 / copy, **tr)
            rows.append(r)
            print(f"N {n:8d} {tag:28s} graph {r['graph_pct']:5.1f}% call {r['call_pct']:5.1f}%"
                  f" | trace per call: span {tr['span_us']:7.1f} us busy {tr['busy_us']:7.1f}"
                  f" gap {tr['gap_us']:6.1f} | host {tr['host_us']:6.1f} us a call", flush=True)
            for name, (count, us) in tr["kernels"].items():
                print(f"    {count:4d} x {us:8.1f} us  {name}", flush=True)
            for name, count, us in tr.get("cpu_ops", ()):
                print(f"    cpu {count:5.1f} x / call {us:8.1f} us self  {name}", flush=True)
            del y, ins, xs, ws
        K.bwd_config = bwd0
        K.clear_prepared()
    if len(sys.argv) > 1:
        with open(sys.argv[1], "w") as f:
            json.dump(dict(copy_gbps=copy, rows=rows), f, indent=1)


if __name__ == "__main__":
    main()
