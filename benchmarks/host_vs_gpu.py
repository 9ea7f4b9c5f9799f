"""Is a call GPU-bound? For the rows suite's shapes (bf16, about 2^27 elements) this times
each fusednorm call three ways:
  call   back to back with CUDA events, as the benchmark suite does (fusednorm.bench.timing);
  graph  the same call captured once in a CUDA graph and replayed: GPU time alone;
  host   host time per call: 20 calls enqueued without waiting, wall time / 20.
When `call` is well above `graph`, the host, not the kernel, sets the measured speed.
Usage: python benchmarks/host_vs_gpu.py [OUT.json]"""
import json
import sys

import torch
import torch.nn.functional as F
import triton

import fusednorm
from fusednorm.bench.timing import CudaClock, copy_gbps, graph_ms as _graph_ms, host_us

NS = [512, 1024, 2048, 4096, 8192, 16384, 32768, 65536, 262144]


def graph_ms(fn):
    return _graph_ms(fn, reps=20, warmup=3)


def main():
    clock = CudaClock(warmup_ms=20, rep_ms=200)
    copy = copy_gbps(clock, torch.device("cuda"))
    print(f"{torch.cuda.get_device_name()} torch {torch.__version__} triton {triton.__version__}"
          f" copy {copy:.0f} GB/s", flush=True)
    rows = []
    for op in ("layer_norm", "rms_norm"):
        for n in NS:
            m = (1 << 27) // n
            x = torch.randn(m, n, device="cuda", dtype=torch.bfloat16)
            w = torch.randn(n, device="cuda", dtype=torch.bfloat16)
            b = torch.randn(n, device="cuda", dtype=torch.bfloat16) if op == "layer_norm" else None
            dy = torch.randn_like(x)
            if op == "layer_norm":
                f = lambda x, w, b: fusednorm.layer_norm(x, (n,), w, b)
                t = lambda x, w, b: F.layer_norm(x, (n,), w, b)
            else:
                f = lambda x, w, b: fusednorm.rms_norm(x, (n,), w, 1e-6)
                t = lambda x, w, b: F.rms_norm(x, (n,), w, 1e-6)
            ins = [t_.detach().requires_grad_() for t_ in (x, w) + ((b,) if b is not None else ())]
            rec = {"op": op, "N": n, "M": m}
            nb_fwd = 2 * x.numel() * 2
            nb_bwd = 3 * x.numel() * 2
            for name, fn in (("fusednorm", f), ("torch", t)):
                with torch.no_grad():
                    call = lambda: fn(x, w, b)
                    rec[f"{name} fwd call"] = clock.time_ms([call])
                    rec[f"{name} fwd graph"] = graph_ms(call)
                    rec[f"{name} fwd host_us"] = host_us(call)
                y = fn(*ins) if b is not None else fn(ins[0], ins[1], None)
                bw = lambda: torch.autograd.grad(y, ins, dy, retain_graph=True)
                rec[f"{name} bwd call"] = clock.time_ms([bw])
                try:
                    rec[f"{name} bwd graph"] = graph_ms(bw)
                except Exception as e:  # noqa: BLE001
                    rec[f"{name} bwd graph"] = None
                    print(f"  graph capture of {name} bwd failed: {type(e).__name__}: {e}"[:200])
                rec[f"{name} bwd host_us"] = host_us(bw)
                del y
            line = [f"{op:<10} N={n:>6}"]
            for name in ("fusednorm", "torch"):
                for mode, nb in (("fwd", nb_fwd), ("bwd", nb_bwd)):
                    c, g = rec[f"{name} {mode} call"], rec[f"{name} {mode} graph"]
                    pc = 100 * nb / c / 1e6 / copy
                    pg = 100 * nb / g / 1e6 / copy if g else float("nan")
                    line.append(f"{name[:5]} {mode} call {pc:5.1f}% graph {pg:5.1f}% "
                                f"host {rec[f'{name} {mode} host_us']:6.0f}us")
            print(" | ".join(line), flush=True)
            rows.append(rec)
            del x, w, b, dy, ins
            torch.cuda.empty_cache()
    if len(sys.argv) > 1:
        with open(sys.argv[1], "w") as fh:
            json.dump({"device": torch.cuda.get_device_name(), "copy_gbps": copy,
                       "torch": torch.__version__, "triton": triton.__version__,
                       "rows": rows}, fh, indent=1)


if __name__ == "__main__":
    main()
