"""Where the host time of an inference-path call goes (no grad, the row norms' small
shapes), against torch's whole call, on a CUDA machine, in one process.

Each figure: calls enqueued back to back without waiting, wall time / calls, median of
ROUNDS rounds that take the variants in turn (the host's speed drifts between processes).
Variants, outermost first:
  torch          F.layer_norm / F.rms_norm
  fusednorm      fusednorm.layer_norm / rms_norm (the inference path: plan, allocation, launch)
  plan           ops.eager.eager_plan alone (key and lookup)
  empty_like     torch.empty_like(x)
  launch_fwd     kernels.rownorm.launch_fwd of the plan into a preallocated y
  fixed          the FixedLaunch call alone (its tensors and tail built beforehand)
  c_launch       the compiled C launcher alone, every argument precomputed
and pieces of FixedLaunch's own Python: the device and stream queries, the hooks check,
the addresses and their alignment key.

    python benchmarks/host_infer.py OUT.json [--rounds 7] [--shapes 1x4096,32x4096]"""
import argparse
import json
import statistics

import torch
import torch.nn.functional as F
import triton

import fusednorm
from fusednorm.bench.timing import host_us
from fusednorm.kernels import launch as L
from fusednorm.kernels import rownorm as K
from fusednorm.ops import eager as OE


def per_call_us(fn, n=2000):
    """Host microseconds per call (timing.host_us: calls enqueued without waiting)."""
    return host_us(fn, n=n, warmup=50)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--shapes", default="1x4096,32x4096")
    a = ap.parse_args()
    dev = torch.device("cuda")
    dt = torch.bfloat16
    rows = []
    for shape in a.shapes.split(","):
        M, N = (int(v) for v in shape.split("x"))
        for is_rms in (False, True):
            x = torch.randn(M, N, device=dev, dtype=dt)
            w = torch.randn(N, device=dev, dtype=dt)
            b = None if is_rms else torch.randn(N, device=dev, dtype=dt)
            name = "rms_norm" if is_rms else "layer_norm"
            if is_rms:
                tfn = lambda: F.rms_norm(x, (N,), w, 1e-6)  # noqa: E731
                ffn = lambda: fusednorm.rms_norm(x, (N,), w, 1e-6)  # noqa: E731
            else:
                tfn = lambda: F.layer_norm(x, (N,), w, b, 1e-5)  # noqa: E731
                ffn = lambda: fusednorm.layer_norm(x, (N,), w, b, 1e-5)  # noqa: E731
            with torch.no_grad():
                ffn()
                key = (name, (N,))
                got = OE.eager_plan(x, None, w, b, key, None)
                assert got is not None, "no inference plan"
                plan, _ = got
                prep, _ = plan
                y = torch.empty_like(x)
                lfn = lambda: K.launch_fwd(prep, x, None, w, b, 1e-5, y, None, None, None)  # noqa: E731
                lfn()
                fl = prep.launch
                tensors = (x, x, w, b if b is not None else x, y, y, y, y, y)
                tail = (1e-5, 1)
                xfn = lambda: fl(tensors, tail)  # noqa: E731
                drv = L._driver()
                device = drv.get_current_device()
                ptrs = [t.data_ptr() for t in tensors]
                aligned = 0
                for p in ptrs:
                    aligned = aligned + aligned + (p % 16 == 0)
                fn, prefix = fl.compiled[(device, aligned)]
                g0, g1, g2 = fl.grid
                stream = drv.get_current_stream(device)
                cargs = (g0, g1, g2, stream, *prefix, *ptrs, *fl.ints, *tail, *fl.values)
                cfn = lambda: fn(*cargs)  # noqa: E731
                # Candidate leaner launches (measured here before the library takes them):
                # fixed_or: FixedLaunch's work with the alignment key from one OR of the
                # addresses (all aligned: the loop's key) and the static arguments joined
                # once; lean: the whole inference call with each distinct address read once.
                full = (1 << len(tensors)) - 1
                suffix = (*fl.ints,)
                values = fl.values
                comp = fl.compiled
                hooks = L._hooks_installed

                def fixed_or(tensors=tensors, tail=tail):
                    t = tensors[0]
                    if not t.is_cuda or hooks():
                        raise RuntimeError
                    ptrs = [a.data_ptr() for a in tensors]
                    m = 0
                    for p in ptrs:
                        m |= p
                    if m & 15 == 0:
                        key = full
                    else:
                        key = 0
                        for p in ptrs:
                            key = key + key + (p % 16 == 0)
                    dev = drv.get_current_device()
                    fn_, pre = comp[(dev, key)]
                    fn_(g0, g1, g2, drv.get_current_stream(dev), *pre, *ptrs, *suffix, *tail,
                        *values)

                bx = b if b is not None else x

                def lean():
                    y_ = torch.empty_like(x)
                    if hooks():
                        raise RuntimeError
                    px, py = x.data_ptr(), y_.data_ptr()
                    pw, pb = w.data_ptr(), bx.data_ptr()
                    if (px | py | pw | pb) & 15:
                        raise RuntimeError
                    dev = drv.get_current_device()
                    fn_, pre = comp[(dev, full)]
                    fn_(g0, g1, g2, drv.get_current_stream(dev), *pre, px, px, pw, pb, py, py,
                        py, py, py, *suffix, 1e-5, 1, *values)
                    return y_

                variants = {
                    "torch": tfn, "fusednorm": ffn,
                    "plan": lambda: OE.eager_plan(x, None, w, b, key, None),
                    "empty_like": lambda: torch.empty_like(x),
                    "launch_fwd": lfn, "fixed": xfn, "fixed_or": fixed_or, "lean": lean,
                    "c_launch": cfn,
                    "get_device": lambda: drv.get_current_device(),
                    "get_stream": lambda: drv.get_current_stream(device),
                    "hooks": L._hooks_installed,
                    "ptrs": lambda: [t.data_ptr() for t in tensors],
                }
                times = {k: [] for k in variants}
                for r in range(a.rounds):
                    for k, f in variants.items():
                        times[k].append(per_call_us(f))
            row = dict(op=name, shape=shape, **{k: statistics.median(v) for k, v in times.items()})
            row["all"] = times
            rows.append(row)
            print(f"{name:10s} {shape:8s} " + " ".join(f"{k} {row[k]:.2f}" for k in variants),
                  flush=True)
    meta = dict(gpu=torch.cuda.get_device_name(), torch=torch.__version__,
                triton=triton.__version__, unit="us per call", rounds=a.rounds)
    with open(a.out, "w") as f:
        json.dump(dict(meta=meta, rows=rows), f, indent=1)


if __name__ == "__main__":
    main()
