"""Host cost of whole calls at launch-bound shapes, fusednorm beside torch, on a CUDA machine.

For each op, shape and mode it reports two numbers, microseconds per call:
  host   calls enqueued back to back without waiting, wall time / n (the host's cost);
  bench  the benchmark suite's clock (CUDA events around back-to-back calls): what the
         suite records, host-bound or GPU-bound, whichever is slower.
Modes as the suite's: fwd (under no_grad), bwd (autograd.grad of a retained graph),
fwd+bwd. Also the floor costs on this host: an allocation, a zeroed allocation, an
autograd.grad through one C++ op, and through a Python autograd.Function (the tax every
Python-defined backward pays).

    python benchmarks/host_profile.py OUT.json [OLD_PATH]

With OLD_PATH, an earlier fusednorm copied there as the package `fusednorm_old` (its ops
renamed fusednorm_old::*) is timed too, as the provider `before`, in the same process:
the host's speed drifts by tens of percent between processes. Each host figure is the
median of ROUNDS rounds that take the providers in turn. A cProfile of one backward call
path per suite ends the log."""
import cProfile
import io
import json
import pstats
import statistics
import sys

import torch
import torch.nn.functional as F

import fusednorm
from fusednorm.bench.timing import CudaClock, host_us

DT = torch.bfloat16
ROUNDS = 7
CALLS = 60


def modes(fn, inputs, dy):
    """The three mode calls for fn(*inputs) (inputs require grad)."""
    def fwd():
        with torch.no_grad():
            fn(*inputs)
    out = fn(*inputs)
    bwd = lambda: torch.autograd.grad(out, inputs, dy, retain_graph=True)  # noqa: E731
    fb = lambda: torch.autograd.grad(fn(*inputs), inputs, dy)  # noqa: E731
    return {"fwd": fwd, "bwd": bwd, "fwd+bwd": fb}


class _Twice(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, dy):
        return dy * 2


def cases(libs):
    """(op, label, inputs, dy, {provider: fn})."""
    dev = "cuda"
    out = []
    for M, N in ((1, 4096), (32, 4096), (512, 8192)):
        x = torch.randn(M, N, device=dev, dtype=DT, requires_grad=True)
        r = torch.randn(M, N, device=dev, dtype=DT, requires_grad=True)
        w = torch.randn(N, device=dev, dtype=DT, requires_grad=True)
        b = torch.randn(N, device=dev, dtype=DT, requires_grad=True)
        dy = torch.randn(M, N, device=dev, dtype=DT)
        lab = f"{M}x{N}"
        ln = {"torch": lambda x, w, b, N=N: F.layer_norm(x, (N,), w, b)}
        rms = {"torch": lambda x, w, N=N: F.rms_norm(x, (N,), w, 1e-6)}
        add = {"torch": lambda x, r, w, N=N: F.rms_norm(x + r, (N,), w, 1e-6)}
        for name, lib in libs.items():
            ln[name] = lambda x, w, b, N=N, lib=lib: lib.layer_norm(x, N, w, b)
            rms[name] = lambda x, w, N=N, lib=lib: lib.rms_norm(x, N, w, 1e-6)
            add[name] = lambda x, r, w, N=N, lib=lib: lib.add_rms_norm(x, r, N, w, 1e-6)[0]
        out += [("layer_norm", lab, (x, w, b), dy, ln), ("rms_norm", lab, (x, w), dy, rms),
                ("add_rms_norm", lab, (x, r, w), dy, add)]
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
            fns = {"torch": lambda x, w, b: F.instance_norm(x, weight=w, bias=b)}
            for name, lib in libs.items():
                fns[name] = lambda x, w, b, lib=lib: lib.instance_norm(x, w, b)
            out.append(("instance_norm", lab, (x, w, b), dy, fns))
        else:
            fns = {"torch": lambda x, w, b, G=G: F.group_norm(x, G, w, b)}
            for name, lib in libs.items():
                fns[name] = lambda x, w, b, G=G, lib=lib: lib.group_norm(x, G, w, b)
            out.append(("group_norm", lab, (x, w, b), dy, fns))
    return out


def profile(call, n=200):
    pr = cProfile.Profile()
    pr.enable()
    for _ in range(n):
        call()
    pr.disable()
    torch.cuda.synchronize()
    s = io.StringIO()
    pstats.Stats(pr, stream=s).sort_stats("tottime").print_stats(18)
    return s.getvalue()


def main():
    path = sys.argv[1]
    libs = {"fusednorm": fusednorm}
    if len(sys.argv) > 2:
        sys.path.insert(0, sys.argv[2])
        import fusednorm_old
        libs["before"] = fusednorm_old
    clock = CudaClock(warmup_ms=20, rep_ms=100)
    rec = {"torch": torch.__version__, "gpu": torch.cuda.get_device_name(),
           "rounds": ROUNDS, "calls": CALLS, "floor": {}, "ops": []}
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
        rec["floor"][name] = statistics.median(host_us(fn, n=CALLS, warmup=10)
                                               for _ in range(ROUNDS))
        print(f"floor {name:45s} {rec['floor'][name]:8.1f} us", flush=True)
    profiles = {}
    for op, lab, inputs, dy, fns in cases(libs):
        calls = {p: modes(fn, inputs, dy) for p, fn in fns.items()}
        for mode in ("fwd", "bwd", "fwd+bwd"):
            hosts = {p: [] for p in fns}
            for p in fns:
                host_us(calls[p][mode], n=20, warmup=10)  # compile, warm up
            for _ in range(ROUNDS):
                for p in fns:
                    hosts[p].append(host_us(calls[p][mode], n=CALLS, warmup=5))
            line = f"{op:14s} {lab:18s} {mode:8s}"
            for p in fns:
                h = statistics.median(hosts[p])
                ms = clock.time_ms([calls[p][mode]])
                rec["ops"].append(dict(op=op, shape=lab, provider=p, mode=mode, host_us=h,
                                       bench_us=ms * 1e3, host_rounds=hosts[p]))
                line += f" | {p} host {h:6.1f} bench {ms * 1e3:6.1f}"
            print(line, flush=True)
        if mode == "fwd+bwd" and (op, lab) in (("layer_norm", "32x4096"),
                                               ("group_norm", "16x1280x8x8")):
            profiles[f"{op} {lab} bwd"] = profile(calls["fusednorm"]["bwd"])
            profiles[f"{op} {lab} fwd"] = profile(calls["fusednorm"]["fwd"])
    for k, v in profiles.items():
        print(f"\n=== cProfile fusednorm {k} (200 calls)\n{v}", flush=True)
    rec["profiles"] = profiles
    with open(path, "w") as f:
        json.dump(rec, f, indent=1)


if __name__ == "__main__":
    main()
