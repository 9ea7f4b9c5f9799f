"""A/B of the row norms' forward (and backward) GPU time between source trees: run once per
tree (PYTHONPATH picks fusednorm), compare the JSON. About 2^27 elements per x, GPU time
from replayed CUDA graphs (fusednorm.bench.timing.graph_ms), % of a copy in the same run.

    python benchmarks/ab_rows.py OUT.json TAG [--ops layer_norm,rms_norm] [--n 65536,...]
        [--dtypes bfloat16,float16,float32] [--bwd]

--bwd adds the backward: its implementation's GPU time (replayed graph, no autograd; dx
against float64) and the call through autograd.grad as the bench times it."""
import argparse
import json

import torch
import triton

import fusednorm
from fusednorm.bench.timing import CudaClock, copy_gbps, graph_ms


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("tag")
    ap.add_argument("--ops", default="layer_norm,rms_norm")
    ap.add_argument("--n", default="65536,262144,1048576")
    ap.add_argument("--dtypes", default="bfloat16,float16,float32")
    ap.add_argument("--bwd", action="store_true")
    a = ap.parse_args()
    copy = copy_gbps(CudaClock(warmup_ms=10, rep_ms=60), torch.device("cuda"))
    print(f"{a.tag}: {torch.cuda.get_device_name()} torch {torch.__version__} triton "
          f"{triton.__version__} copy {copy:.0f} GB/s ({fusednorm.__file__})", flush=True)
    rows = []
    for op in a.ops.split(","):
        for dt in a.dtypes.split(","):
            dtype = getattr(torch, dt)
            for n in map(int, a.n.split(",")):
                m = max(1, (1 << 27) // n)
                x = torch.randn(m, n, device="cuda", dtype=dtype) * 2 + 0.5
                w = torch.randn(n, device="cuda", dtype=dtype)
                b = torch.randn(n, device="cuda", dtype=dtype)
                if op == "layer_norm":
                    fn = lambda: fusednorm.layer_norm(x, (n,), w, b)  # noqa: E731
                    ref = torch.nn.functional.layer_norm(x.float(), (n,), w.float(), b.float())
                else:
                    fn = lambda: fusednorm.rms_norm(x, (n,), w, eps=1e-6)  # noqa: E731
                    ref = torch.nn.functional.rms_norm(x.float(), (n,), w.float(), 1e-6)
                with torch.no_grad():
                    err = (fn().float() - ref).abs().max().item()
                    ms = graph_ms(fn)
                nbytes = 2 * x.numel() * x.element_size()
                r = dict(tag=a.tag, op=op, dtype=dt, n=n, fwd_ms=ms,
                         fwd_pct=100 * nbytes / ms / 1e6 / copy, err=err)
                line = f"{a.tag} {op:10s} {dt:8s} {n:8d} fwd {r['fwd_pct']:5.1f}%"
                if a.bwd:
                    from fusednorm.ops import rownorm as OR
                    # GPU time of the backward implementation (the kernels and their
                    # allocations, no autograd), dx checked against float64.
                    rms = op != "layer_norm"
                    with torch.no_grad():
                        _, _, mean, rstd = OR.fwd_impl(x, None, w, None if rms else b,
                                                       1e-6 if rms else 1e-5, rms)
                        gy = torch.randn_like(x)
                        bw = lambda: OR.bwd_impl(gy, None, x, w, mean, rstd, rms, True,  # noqa: E731
                                                 not rms)
                        dx = bw()[0]
                        r["bwd_ms"] = graph_ms(bw)
                    r["bwd_pct"] = 100 * 1.5 * nbytes / r["bwd_ms"] / 1e6 / copy
                    x64 = x.double().requires_grad_()
                    r64 = (torch.nn.functional.layer_norm(x64, (n,), w.double(), b.double())
                           if not rms else
                           torch.nn.functional.rms_norm(x64, (n,), w.double(), 1e-6))
                    r["bwd_err"] = (dx.double() - torch.autograd.grad(r64, x64, gy.double())[0]
                                    ).abs().max().item()
                    del x64, r64, gy, dx
                    line += f" bwd {r['bwd_pct']:5.1f}% (err {r['bwd_err']:.1e})"
                    xs = x.detach().requires_grad_()
                    ws = w.detach().requires_grad_()
                    bs = b.detach().requires_grad_()
                    y = (fusednorm.layer_norm(xs, (n,), ws, bs) if op == "layer_norm"
                         else fusednorm.rms_norm(xs, (n,), ws, eps=1e-6))
                    dy = torch.randn_like(y)
                    clock = CudaClock(warmup_ms=10, rep_ms=60)
                    ins = (xs, ws, bs) if op == "layer_norm" else (xs, ws)
                    bms = clock.time_ms([lambda: torch.autograd.grad(y, ins, dy,
                                                                     retain_graph=True)])
                    r["bwd_call_ms"] = bms
                    r["bwd_call_pct"] = 100 * 1.5 * nbytes / bms / 1e6 / copy
                    line += f" bwd(call) {r['bwd_call_pct']:5.1f}%"
                print(line + f" err {err:.2e}", flush=True)
                rows.append(r)
                del x, w, b, ref
    with open(a.out, "w") as f:
        json.dump(dict(copy_gbps=copy, rows=rows), f, indent=1)


if __name__ == "__main__":
    main()
