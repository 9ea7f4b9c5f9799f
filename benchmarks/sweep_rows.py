"""Launch-config sweep for the row-norm kernels on the GPU (bf16, about 2^27 elements,
weight and, for LayerNorm, bias). For each (op, mode, N) it times fusednorm under
candidate LaunchConfigs patched into fusednorm.kernels.rownorm (do_bench, median) and
prints GB/s as % of a copy measured in the same run. The thresholds in
kernels/rownorm.py cite these runs (benchmarks/NOTES.md).
Usage: python benchmarks/sweep_rows.py OUTDIR"""
import itertools
import json
import sys

import torch
import triton

import fusednorm
from fusednorm.kernels import rownorm as K

DEFAULT_FWD, DEFAULT_BWD = K.fwd_config, K.bwd_config


def copy_gbps():
    a = torch.empty(1 << 28, device="cuda", dtype=torch.float32)
    b = torch.empty_like(a)
    ms = triton.testing.do_bench(lambda: b.copy_(a), warmup=50, rep=300, return_mode="median")
    return 2 * a.numel() * 4 / ms / 1e6


def coop(n, block, warps, pps):
    return K.LaunchConfig(K.COOP, block, 1, warps, pps, triton.cdiv(n, block))


def tile(n, rows, warps, pps):
    return K.LaunchConfig(K.TILE, triton.next_power_of_2(n), rows, warps, pps)


def candidates(mode, n):
    if mode == "fwd":
        return [coop(n, b, w, p) for (b, w), p in
                itertools.product([(8192, 8), (8192, 16), (16384, 16)], [1, 2])]
    out = []
    if n <= 8192:
        grid = {1024: ([4], [4, 8], [2, 4]), 4096: ([1], [8, 16], [1, 2, 4]),
                8192: ([1], [8, 16], [1, 2])}[n]
        out = [tile(n, r, w, p) for r, w, p in itertools.product(*grid)]
    if n >= 8192:
        out += [coop(n, 4096, w, 2) for w in (4, 8)] + [coop(n, 8192, 16, 1)]
    return out


def main():
    outdir = sys.argv[1]
    copy = copy_gbps()
    print(f"{torch.cuda.get_device_name()} torch {torch.__version__} triton {triton.__version__}"
          f" copy {copy:.0f} GB/s", flush=True)
    results = []
    which = sys.argv[2] if len(sys.argv) > 2 else "all"
    plan = [("bwd", n) for n in (1024, 4096, 8192, 16384, 65536, 262144)]
    if which == "all":
        plan += [("fwd", n) for n in (65536, 262144, 1 << 20)]
    for op in ("layer_norm", "rms_norm"):
        for mode, n in plan:
            m = max(1, (1 << 27) // n)
            x = torch.randn(m, n, device="cuda", dtype=torch.bfloat16, requires_grad=True)
            w = torch.randn(n, device="cuda", dtype=torch.bfloat16, requires_grad=True)
            b = torch.randn(n, device="cuda", dtype=torch.bfloat16, requires_grad=True)
            dy = torch.randn_like(x)
            nparam = 2 if op == "layer_norm" else 1

            def f():
                if op == "layer_norm":
                    return fusednorm.layer_norm(x, n, w, b)
                return fusednorm.rms_norm(x, n, w, eps=1e-6)

            best = None
            for cfg in candidates(mode, n):
                try:
                    if mode == "bwd":
                        K.bwd_config = lambda _n, _s, *_, c=cfg: c
                        K.clear_prepared()
                        y = f()
                        ms = triton.testing.do_bench(lambda: y.backward(dy, retain_graph=True),
                                                     warmup=10, rep=50, grad_to_none=[x, w, b],
                                                     return_mode="median")
                        nbytes = 3 * m * n * 2 + 2 * nparam * n * 2
                    else:
                        K.fwd_config = lambda _n, _s, *_, c=cfg: c
                        K.clear_prepared()
                        with torch.no_grad():
                            ms = triton.testing.do_bench(f, warmup=10, rep=50, return_mode="median")
                        nbytes = 2 * m * n * 2 + nparam * n * 2
                except Exception as e:  # noqa: BLE001  (a config that fails to compile/run)
                    print(f"{op} {mode} {n} {cfg} FAILED {type(e).__name__}: {str(e)[:100]}")
                    continue
                finally:
                    K.fwd_config, K.bwd_config = DEFAULT_FWD, DEFAULT_BWD
                    K.clear_prepared()
                pct = 100 * nbytes / ms / 1e6 / copy
                rec = dict(op=op, mode=mode, n=n, cfg=cfg.__dict__, ms=ms, pct=pct)
                results.append(rec)
                c = cfg
                print(f"{op:<10} {mode} {n:>8} path{c.path} b{c.block_n} r{c.rows} w{c.num_warps}"
                      f" pps{c.programs_per_sm} g{c.group}: {pct:5.1f}%", flush=True)
                if best is None or pct > best["pct"]:
                    best = rec
            print(f"BEST {op} {mode} N={n}: {best['pct']:.1f}% {best['cfg']}", flush=True)
            del x, w, b, dy
            torch.cuda.empty_cache()
    with open(f"{outdir}/sweep_rows.json", "w") as fh:
        json.dump(dict(device=torch.cuda.get_device_name(), copy_gbps=copy, results=results), fh)


if __name__ == "__main__":
    main()
