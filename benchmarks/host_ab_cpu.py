"""host_ab.py's inference and training cells on the CPU machine, kernels stubbed as in
host_cpu.py, this tree against an earlier one (`fusednorm_old` from OLD_PATH, made as for
host_ab.py), alternated in one process: medians of ROUNDS rounds of the best of 3 x 2000
calls. This machine's speed drifts by 2x between runs, so only the in-process ratio is
read; GPU-host figures come from host_ab.py.

    python benchmarks/host_ab_cpu.py OLD_PATH [ROUNDS]"""
import importlib
import statistics
import sys
import time

import torch


def stub(pkg):
    L = importlib.import_module(pkg + ".kernels.launch")
    OE = importlib.import_module(pkg + ".ops.eager")
    OG = importlib.import_module(pkg + ".ops.groupnorm")
    OR = importlib.import_module(pkg + ".ops.rownorm")
    OG.use_kernels = OR.use_kernels = OE.use_kernels = lambda device: True

    class Compiled:
        function = packed_metadata = None
        run = staticmethod(lambda *a: None)

    class Driver:
        def get_current_device(self):
            return 0

        def get_current_stream(self, device):
            return 0

    L._driver = Driver
    L._hooks_installed = lambda: False
    L._direct = lambda ck: (ck.run, ())

    def cached(self, grid, args, constexprs, num_warps, maxnreg=None):
        key = (0, num_warps, constexprs, tuple(map(L.arg_key, args)))
        return self.compiled.setdefault(key, Compiled())

    def fixed(self, tensors, tail=()):
        ptrs = [a.data_ptr() for a in tensors]
        aligned = 0
        for p in ptrs:
            aligned = aligned + aligned + (p % 16 == 0)
        if (0, aligned) not in self.compiled:
            ck = self.kernel(self.grid, (*tensors, *self.ints, *tail), self.constexprs,
                             self.num_warps, self.maxnreg)
            self.compiled[(0, aligned)] = L._direct(ck)
            return
        fn, prefix = self.compiled[(0, aligned)]
        fn(*self.grid, 0, *prefix, *ptrs, *self.ints, *tail, *self.values)

    L.CachedKernel.__call__ = cached
    L.FixedLaunch.__call__ = fixed
    return importlib.import_module(pkg)


def best_us(fn, n=2000):
    for _ in range(50):
        fn()
    best = float("inf")
    for _ in range(3):
        t0 = time.perf_counter()
        for _ in range(n):
            fn()
        best = min(best, (time.perf_counter() - t0) / n * 1e6)
    return best


def cells(fn_pkg):
    bf = torch.bfloat16
    out = []
    for M in (1, 32):
        x = torch.randn(M, 4096, dtype=bf)
        w = torch.randn(4096, dtype=bf)
        out += [(f"layer_norm {M}x4096", lambda x=x, w=w: fn_pkg.layer_norm(x, (4096,), w, w)),
                (f"rms_norm {M}x4096", lambda x=x, w=w: fn_pkg.rms_norm(x, (4096,), w)),
                (f"add_rms_norm {M}x4096", lambda x=x, w=w: fn_pkg.add_rms_norm(x, x, (4096,), w))]
    xg = torch.randn(16, 1280, 8, 8, dtype=bf)
    wg = torch.randn(1280, dtype=bf)
    out.append(("group_norm 16x1280x8x8", lambda: fn_pkg.group_norm(xg, 32, wg, wg)))
    return out


def train_cells(fn_pkg):
    bf = torch.bfloat16
    x = torch.randn(32, 4096, dtype=bf, requires_grad=True)
    w = torch.randn(4096, dtype=bf, requires_grad=True)
    dy = torch.randn(32, 4096, dtype=bf)
    y = fn_pkg.layer_norm(x, (4096,), w, w)
    return [("layer_norm 32x4096 fwd (grad)", lambda: fn_pkg.layer_norm(x, (4096,), w, w)),
            ("layer_norm 32x4096 fwd+bwd", lambda: torch.autograd.grad(
                fn_pkg.layer_norm(x, (4096,), w, w), (x, w), dy)),
            ("layer_norm 32x4096 bwd", lambda: torch.autograd.grad(y, (x, w), dy,
                                                                    retain_graph=True))
            ] + _group_train_cells(fn_pkg)


def _group_train_cells(fn_pkg):
    # GroupNorm's training path (ops/groupnorm.py, _EagerGroupNormTrain) at 16x1280x8x8.
    bf = torch.bfloat16
    x = torch.randn(16, 1280, 8, 8, dtype=bf, requires_grad=True)
    w = torch.randn(1280, dtype=bf, requires_grad=True)
    dy = torch.randn_like(x)
    y = fn_pkg.group_norm(x, 32, w, w)
    return [("group_norm 16x1280x8x8 fwd (grad)", lambda: fn_pkg.group_norm(x, 32, w, w)),
            ("group_norm 16x1280x8x8 fwd+bwd", lambda: torch.autograd.grad(
                fn_pkg.group_norm(x, 32, w, w), (x, w), dy)),
            ("group_norm 16x1280x8x8 bwd", lambda: torch.autograd.grad(y, (x, w), dy,
                                                                        retain_graph=True))]


def alternated(fns, name, rounds, n=2000):
    # The providers in turn within each round, the median over rounds.
    # The order flips every round: the backward cells read 0.84x for unchanged code when
    # "new" always went first (the second provider's calls ran slower in each round).
    got = {k: [] for k in fns}
    order = list(fns)
    for i in range(rounds):
        for k in (order if i % 2 == 0 else order[::-1]):
            got[k].append(best_us(fns[k][name], n=n))
    return {k: statistics.median(v) for k, v in got.items()}


def main():
    sys.path.insert(0, sys.argv[1])
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    libs = {"new": stub("fusednorm"), "old": stub("fusednorm_old")}
    with torch.no_grad():
        table = {name: {} for name, _ in cells(libs["new"])}
        fns = {k: dict(cells(v)) for k, v in libs.items()}
        for name in table:
            table[name] = alternated(fns, name, rounds)
    tfns = {k: dict(train_cells(v)) for k, v in libs.items()}
    for name in tfns["new"]:
        table[name] = alternated(tfns, name, rounds, n=500)
    for name, row in table.items():
        print(f"{name:32s} new {row['new']:6.2f} old {row['old']:6.2f} us  new/old "
              f"{row['new'] / row['old']:.3f}")


if __name__ == "__main__":
    main()
