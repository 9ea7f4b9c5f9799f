"""Quick GPU timing of the row norms against torch eager (and torch.compile), bf16, about
2^27 elements per x: forward and backward. A stopgap before the full suite
(python -m fusednorm.bench); writes JSON to argv[1] if given.

GB/s counts the fewest bytes: forward reads x, w (b) and writes y; backward reads x, dy,
w and writes dx, dw (db). % is of a device-to-device copy measured in the same run."""
import json
import sys

import torch
import torch.nn.functional as F
import triton

import fusednorm


def copy_gbps():
    a = torch.empty(1 << 28, device="cuda", dtype=torch.float32)
    b = torch.empty_like(a)
    ms = triton.testing.do_bench(lambda: b.copy_(a), warmup=50, rep=300, return_mode="median")
    return 2 * a.numel() * 4 / ms / 1e6


def bench(fn, grad_to_none=None):
    return triton.testing.do_bench(fn, warmup=25, rep=200, grad_to_none=grad_to_none,
                                   return_mode="median")


def main():
    dev = "cuda"
    dtype = torch.bfloat16
    copy = copy_gbps()
    print(f"{torch.cuda.get_device_name()} torch {torch.__version__} triton {triton.__version__}"
          f" copy {copy:.0f} GB/s")
    Ns = [int(a) for a in sys.argv[2].split(",")] if len(sys.argv) > 2 else \
        [512, 1024, 2048, 4096, 8192, 16384, 32768, 65536, 262144, 1 << 20]
    rows = []
    for op in ("layer_norm", "rms_norm"):
        for N in Ns:
            M = max(1, (1 << 27) // N)
            x = torch.randn(M, N, device=dev, dtype=dtype, requires_grad=True)
            w = torch.randn(N, device=dev, dtype=dtype, requires_grad=True)
            b = torch.randn(N, device=dev, dtype=dtype, requires_grad=True)
            dy = torch.randn_like(x)
            if op == "layer_norm":
                fns = {"fusednorm": lambda: fusednorm.layer_norm(x, (N,), w, b),
                       "torch": lambda: F.layer_norm(x, (N,), w, b)}
                nparam = 2
            else:
                fns = {"fusednorm": lambda: fusednorm.rms_norm(x, (N,), w, eps=1e-6),
                       "torch": lambda: F.rms_norm(x, (N,), w, eps=1e-6)}
                nparam = 1
            fwd_bytes = 2 * M * N * 2 + nparam * N * 2
            bwd_bytes = 3 * M * N * 2 + 2 * nparam * N * 2
            for prov, fn in fns.items():
                rec = dict(op=op, N=N, M=M, provider=prov)
                try:
                    with torch.no_grad():
                        ms_f = bench(fn)
                    y = fn()
                    ms_b = bench(lambda: y.backward(dy, retain_graph=True), grad_to_none=[x, w, b])
                    rec.update(fwd_ms=ms_f, fwd_gbps=fwd_bytes / ms_f / 1e6,
                               bwd_ms=ms_b, bwd_gbps=bwd_bytes / ms_b / 1e6)
                    del y
                except Exception as e:  # noqa: BLE001
                    rec.update(error=f"{type(e).__name__}: {e}"[:200])
                rows.append(rec)
                if "error" in rec:
                    print(f"{op:<11}{N:>8} {prov:<10} ERROR {rec['error']}", flush=True)
                else:
                    print(f"{op:<11}{N:>8} {prov:<10} fwd {rec['fwd_gbps']:7.0f} GB/s "
                          f"({100 * rec['fwd_gbps'] / copy:5.1f}%)  bwd {rec['bwd_gbps']:7.0f} GB/s "
                          f"({100 * rec['bwd_gbps'] / copy:5.1f}%)", flush=True)
            del x, w, b, dy
            torch.cuda.empty_cache()
    if len(sys.argv) > 1:
        with open(f"{sys.argv[1]}/quick_rows.json", "w") as f:
            json.dump(dict(device=torch.cuda.get_device_name(), torch=torch.__version__,
                           triton=triton.__version__, copy_gbps=copy, rows=rows), f, indent=1)


if __name__ == "__main__":
    main()
