"""Host cost of whole calls at launch-bound shapes, fusednorm beside torch, on a CUDA machine.

For each op, shape and mode it reports two numbers, microseconds per call:
  host   calls enqueued back to back without waiting, wall time / n (the host's cost);
  bench  the benchmark suite's clock (CUDA events around back-to-back calls): what the
         suite records, host-bound or GPU-bound, whichever is slower.
Modes as the suite's: fwd (under no_grad), bwd (autograd.grad of a retained graph),
fwd+bwd. Also the floor costs on this host: an allocation, a zeroed allocation, an
autograd.grad through one C++ op, and through a Python autograd.Function (the tax every
Python-defined backward pays).

    python benchmarks/host_profile.py OUT.json [TAG]

Run it under two PYTHONPATHs (before / after a change) to compare on one host."""
import json
import sys

import torch
import torch.nn.functional as F

import fusednorm
from fusednorm.bench.timing import CudaClock, host_us

DT = torch.bfloat16


def _grad_call(fn, inputs, dy):
    out = fn(*inputs)
    return lambda: torch.autograd.grad(out, inputs, dy, retain_graph=True)


def modes(fn, inputs, dy):
    """The three mode calls for fn(*inputs) (inputs require grad)."""
    def fwd():
        with torch.no_grad():
            fn(*inputs)
    bwd = _grad_call(fn, inputs, dy)
    fb = lambda: torch.autograd.grad(fn(*inputs), inputs, dy)  # noqa: E731
    return {"fwd": fwd, "bwd": bwd, "fwd+bwd": fb}


class _Twice(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, dy):
        return dy * 2


def cases():
    dev = "cuda"
    out = []
    for M, N in ((1, 4096), (32, 4096), (512, 8192)):
        x = torch.randn(M, N, device=dev, dtype=DT, requires_grad=True)
        r = torch.randn(M, N, device=dev, dtype=DT, requires_grad=True)
        w = torch.randn(N, device=dev, dtype=DT, requires_grad=True)
        b = torch.randn(N, device=dev, dtype=DT, requires_grad=True)
        dy = torch.randn(M, N, device=dev, dtype=DT)
        lab = f"{M}x{N}"
        out.append(("layer_norm", lab, (x, w, b), dy,
                    lambda x, w, b, N=N: F.layer_norm(x, (N,), w, b),
                    lambda x, w, b, N=N: fusednorm.layer_norm(x, N, w, b)))
        out.append(("rms_norm", lab, (x, w), dy,
                    lambda x, w, N=N: F.rms_norm(x, (N,), w, 1e-6),
                    lambda x, w, N=N: fusednorm.rms_norm(x, N, w, 1e-6)))
        out.append(("add_rms_norm", lab, (x, r, w), dy,
                    lambda x, r, w, N=N: F.rms_norm(x + r, (N,), w, 1e-6),
                    lambda x, r, w, N=N: fusednorm.add_rms_norm(x, r, N, w, 1e-6)[0]))
    for shape, G, cl in (((16, 1280, 8, 8), 32, False), ((16, 1280, 8, 8), 32, True),
                         ((16, 1280, 16, 16), 32, False), ((16, 320, 64, 64), 32, True),
                         ((8, 128, 32, 32, 32), None, False)):
        x = torch.randn(shape, device=dev, dtype=DT)
        if cl:
            x = x.contiguous(memory_format=torch.channels_last if len(shape) == 4
                             else torch.channels_last_3d)
        x.requires_grad_()
        C = shape[1]
        w = torch.randn(C, device=dev, dtype=DT, requires_grad=True)
        b = torch.randn(C, device=dev, dtype=DT, requires_grad=True)
        dy = torch.randn_like(x)
        lab = "x".join(map(str, shape)) + (" cl" if cl else "")
        if G is None:
            out.append(("instance_norm", lab, (x, w, b), dy,
                        lambda x, w, b: F.instance_norm(x, weight=w, bias=b),
                        lambda x, w, b: fusednorm.instance_norm(x, w, b)))
        else:
            out.append(("group_norm", lab, (x, w, b), dy,
                        lambda x, w, b, G=G: F.group_norm(x, G, w, b),
                        lambda x, w, b, G=G: fusednorm.group_norm(x, G, w, b)))
    return out


def main():
    path = sys.argv[1]
    tag = sys.argv[2] if len(sys.argv) > 2 else ""
    clock = CudaClock(warmup_ms=20, rep_ms=100)
    rec = {"tag": tag, "torch": torch.__version__, "gpu": torch.cuda.get_device_name(),
           "floor": {}, "ops": []}
    dev = "cuda"
    small = torch.randn(32, 4096, device=dev, dtype=DT, requires_grad=True)
    dys = torch.randn_like(small)
    y2 = small * 2
    y3 = _Twice.apply(small)
    floor = {
        "torch.empty((4096,))": lambda: torch.empty((4096,), device=dev),
        "torch.zeros((4096,))": lambda: torch.zeros((4096,), device=dev),
        "torch.empty_like(x)": lambda: torch.empty_like(small),
        "x * 2 (no grad)": lambda: small.detach() * 2,
        "autograd.grad through x * 2": lambda: torch.autograd.grad(y2, small, dys,
                                                                   retain_graph=True),
        "autograd.grad through a Python Function": lambda: torch.autograd.grad(
            y3, small, dys, retain_graph=True),
    }
    for name, fn in floor.items():
        rec["floor"][name] = host_us(fn, n=500, warmup=50)
        print(f"{tag:8s} floor {name:45s} {rec['floor'][name]:8.1f} us", flush=True)
    for op, lab, inputs, dy, tfn, ffn in cases():
        for prov, fn in (("torch", tfn), ("fusednorm", ffn)):
            for mode, call in modes(fn, inputs, dy).items():
                h = host_us(call, n=300, warmup=30)
                ms = clock.time_ms([call])
                rec["ops"].append(dict(op=op, shape=lab, provider=prov, mode=mode, host_us=h,
                                       bench_us=ms * 1e3))
                print(f"{tag:8s} {op:14s} {lab:18s} {mode:8s} {prov:10s} host {h:8.1f} us"
                      f"  bench {ms * 1e3:8.1f} us", flush=True)
    with open(path, "w") as f:
        json.dump(rec, f, indent=1)


if __name__ == "__main__":
    main()
