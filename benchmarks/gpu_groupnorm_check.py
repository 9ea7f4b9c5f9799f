"""GPU check of GroupNorm / InstanceNorm on the UNet, VAE and 3-D shapes of the issue:
correctness against float64 first, then forward and backward times of fusednorm and torch
eager (F.group_norm / F.instance_norm, alone and followed by F.silu), in both layouts.

    python benchmarks/gpu_groupnorm_check.py OUT_DIR      (about 2 minutes on an H100)
    python benchmarks/gpu_groupnorm_check.py OUT_DIR --sweep

--sweep instead times group_norm + silu (forward, backward) under a few settings of the
launch heuristics in fusednorm.kernels.groupnorm (a tuning aid that sets module
constants; about 3 minutes) and writes OUT_DIR/groupnorm_sweep.json.

GB/s counts the fewest bytes: forward reads x and writes y; backward reads x and dy and
writes dx (weights are noise). % is of a device-to-device copy measured in the same run.
Times are medians of triton.testing.do_bench, which clears the L2 before each call, so
every call starts from HBM. Writes OUT_DIR/groupnorm_check.json."""
import faulthandler
import json
import os
import sys

import torch
import torch.nn.functional as F
import triton

import fusednorm
from fusednorm.kernels import groupnorm as K

DEVICE = "cuda"
DTYPE = torch.bfloat16
# (name, shape, groups; None = instance norm)
CASES = [
    ("unet_320", (16, 320, 64, 64), 32),
    ("unet_1280", (16, 1280, 16, 16), 32),
    ("vae_128", (2, 128, 512, 512), 32),
    ("seg3d_in", (8, 64, 64, 64, 64), None),
]
TOL = dict(rtol=1.6e-2, atol=1.6e-2)  # bf16, as tests/numerics.py; atol scaled by max |ref|
# --sweep: module constants of fusednorm.kernels.groupnorm to try, one setting at a time.
SWEEP = [
    {},
    {"STAGES": 1},
    {"PIPELINE_STEPS": 2},
    {"MIN_STEPS": 2},
    {"MIN_STEPS": 8},
    {"FWD_WARPS": 16, "BWD_WARPS": 8},
    {"FWD_WARPS": 4, "BWD_WARPS": 2},
    {"LAG_WAVES": 1},
    {"LAG_WAVES": 4},
]


def bench(fn, grad_to_none=None):
    return triton.testing.do_bench(fn, warmup=10, rep=60, grad_to_none=grad_to_none,
                                   return_mode="median")


def copy_gbps():
    a = torch.empty(1 << 28, device=DEVICE, dtype=torch.float32)
    b = torch.empty_like(a)
    ms = bench(lambda: b.copy_(a))
    return 2 * a.numel() * 4 / ms / 1e6


def layout(x, name):
    if name == "contiguous":
        return x.contiguous()
    return x.contiguous(memory_format=torch.channels_last if x.dim() == 4 else torch.channels_last_3d)


def providers(groups):
    """name -> (fn(x, w, b), applies silu)"""
    def norm_torch(x, w, b):
        if groups is None:
            return F.instance_norm(x, weight=w, bias=b, eps=1e-5)
        return F.group_norm(x, groups, w, b, 1e-5)

    def norm_ours(x, w, b, act=None):
        if groups is None:
            return fusednorm.instance_norm(x, w, b, 1e-5, activation=act)
        return fusednorm.group_norm(x, groups, w, b, 1e-5, activation=act)

    return {
        "fusednorm": (norm_ours, False),
        "torch": (norm_torch, False),
        "fusednorm+silu": (lambda x, w, b: norm_ours(x, w, b, "silu"), True),
        "torch+silu": (lambda x, w, b: F.silu(norm_torch(x, w, b)), True),
    }


def max_err(out, ref):
    """Largest error in units of the bf16 tolerance (<= 1 passes)."""
    o, r = out.double(), ref.double()
    allowed = TOL["rtol"] * r.abs() + TOL["atol"] * r.abs().max()
    return ((o - r).abs() / allowed).max().item()


def reference(silu, x, w, b, dy, groups):
    """float64 y, dx, dw, db."""
    x64, w64, b64 = (t.detach().double().requires_grad_() for t in (x, w, b))
    y = (F.instance_norm(x64, weight=w64, bias=b64, eps=1e-5) if groups is None
         else F.group_norm(x64, groups, w64, b64, 1e-5))
    y = F.silu(y) if silu else y
    y.backward(dy.double())
    return y.detach(), x64.grad, w64.grad, b64.grad


def check(fn, ref, x, w, b, dy):
    """Errors of y, dx, dw, db against the float64 reference, in tolerance units."""
    xs, ws, bs = (t.detach().clone().requires_grad_() for t in (x, w, b))
    y = fn(xs, ws, bs)
    y.backward(dy)
    # dw, db are fp32 sums of up to 2^27 terms rounded once to bf16: the rounding dominates
    # (sqrt(terms) * 2^-22 < 2^-8), so they get the same tolerance as y.
    return dict(y=max_err(y, ref[0]), dx=max_err(xs.grad, ref[1]),
                dw=max_err(ws.grad, ref[2]), db=max_err(bs.grad, ref[3]))


def main():
    faulthandler.dump_traceback_later(480, exit=True)  # a hung kernel ends the run
    out_dir = sys.argv[1] if len(sys.argv) > 1 and sys.argv[1] != "--sweep" else "."
    os.makedirs(out_dir, exist_ok=True)
    torch.manual_seed(0)
    copy = copy_gbps()
    meta = dict(device=torch.cuda.get_device_name(), torch=torch.__version__,
                triton=triton.__version__, dtype=str(DTYPE), copy_gbps=copy)
    print(f"{meta['device']} torch {meta['torch']} triton {meta['triton']} copy {copy:.0f} GB/s")
    if "--sweep" in sys.argv:
        rows, failures = sweep(copy)
        return finish(out_dir, "groupnorm_sweep.json", meta, rows, failures)
    rows, failures = [], []
    for name, shape, groups in CASES:
        C = shape[1]
        numel = torch.Size(shape).numel()
        fwd_bytes, bwd_bytes = 2 * numel * 2, 3 * numel * 2
        for lay in ("contiguous", "channels_last"):
            x = layout(torch.randn(shape, device=DEVICE) * 2 + 0.5, lay).to(DTYPE).requires_grad_()
            w = (1 + 0.3 * torch.randn(C, device=DEVICE)).to(DTYPE).requires_grad_()
            b = (0.3 * torch.randn(C, device=DEVICE)).to(DTYPE).requires_grad_()
            dy = layout(torch.randn(shape, device=DEVICE, dtype=DTYPE), lay)
            provs = providers(groups)
            # Correctness first: fusednorm against float64 (torch printed for comparison).
            refs = {silu: reference(silu, x, w, b, dy, groups) for silu in (False, True)}
            for prov, (fn, silu) in provs.items():
                errs = check(fn, refs[silu], x, w, b, dy)
                ok = all(e <= 1.0 for e in errs.values())
                print(f"{name:10s} {lay:13s} {prov:15s} err/tol " +
                      " ".join(f"{k}={v:.3f}" for k, v in errs.items()) + ("" if ok else "  FAIL"))
                if prov.startswith("fusednorm") and not ok:
                    failures.append(f"{name} {lay} {prov}: {errs}")
            # Determinism with real concurrency: two runs, bitwise.
            runs = []
            for _ in range(2):
                xs, ws, bs = (t.detach().clone().requires_grad_() for t in (x, w, b))
                y = provs["fusednorm+silu"][0](xs, ws, bs)
                y.backward(dy)
                runs.append((y, xs.grad, ws.grad, bs.grad))
            if not all(torch.equal(p, q) for p, q in zip(*runs)):
                failures.append(f"{name} {lay}: not bitwise deterministic")
            del runs, refs
            with torch.no_grad():
                y_strides = provs["fusednorm"][0](x, w, b).stride()
            if y_strides != x.stride():
                failures.append(f"{name} {lay}: y lost x's memory format")
            timings = {}
            for prov, (fn, _) in provs.items():
                with torch.no_grad():
                    ms_f = bench(lambda: fn(x, w, b))
                y = fn(x, w, b)
                ms_b = bench(lambda: y.backward(dy, retain_graph=True), grad_to_none=[x, w, b])
                del y
                timings[prov] = (ms_f, ms_b)
            for prov, (ms_f, ms_b) in timings.items():
                base = timings["torch+silu" if prov.endswith("silu") else "torch"]
                row = dict(case=name, shape=list(shape), groups=groups or C, layout=lay,
                           provider=prov, fwd_ms=ms_f, bwd_ms=ms_b,
                           fwd_gbps=fwd_bytes / ms_f / 1e6, bwd_gbps=bwd_bytes / ms_b / 1e6,
                           fwd_speedup=base[0] / ms_f, bwd_speedup=base[1] / ms_b)
                row["fwd_pct_copy"] = 100 * row["fwd_gbps"] / copy
                row["bwd_pct_copy"] = 100 * row["bwd_gbps"] / copy
                rows.append(row)
                print(f"{name:10s} {lay:13s} {prov:15s} fwd {ms_f * 1e3:8.1f} us {row['fwd_gbps']:6.0f} GB/s "
                      f"{row['fwd_pct_copy']:5.1f}% x{row['fwd_speedup']:.2f} | bwd {ms_b * 1e3:8.1f} us "
                      f"{row['bwd_gbps']:6.0f} GB/s {row['bwd_pct_copy']:5.1f}% x{row['bwd_speedup']:.2f}")
            del x, w, b, dy
            torch.cuda.empty_cache()
    return finish(out_dir, "groupnorm_check.json", meta, rows, failures)


def finish(out_dir, file_name, meta, rows, failures):
    path = os.path.join(out_dir, file_name)
    with open(path, "w") as f:
        json.dump(dict(meta=meta, rows=rows, failures=failures), f, indent=1)
    print(f"wrote {path}; {len(failures)} failures")
    for fail in failures:
        print("FAIL", fail)
    return 1 if failures else 0


def sweep(copy):
    defaults = {name: getattr(K, name) for setting in SWEEP for name in setting}
    rows, failures = [], []
    for name, shape, groups in CASES:
        C = shape[1]
        numel = torch.Size(shape).numel()
        for lay in ("contiguous", "channels_last"):
            x = layout(torch.randn(shape, device=DEVICE) * 2 + 0.5, lay).to(DTYPE).requires_grad_()
            w = (1 + 0.3 * torch.randn(C, device=DEVICE)).to(DTYPE).requires_grad_()
            b = (0.3 * torch.randn(C, device=DEVICE)).to(DTYPE).requires_grad_()
            dy = layout(torch.randn(shape, device=DEVICE, dtype=DTYPE), lay)
            fn, _ = providers(groups)["fusednorm+silu"]
            ref = reference(True, x, w, b, dy, groups)
            for setting in SWEEP:
                for key, value in {**defaults, **setting}.items():
                    setattr(K, key, value)
                K.clear_plan_caches()
                errs = check(fn, ref, x, w, b, dy)
                if not all(e <= 1.0 for e in errs.values()):
                    failures.append(f"{name} {lay} {setting}: {errs}")
                with torch.no_grad():
                    ms_f = bench(lambda: fn(x, w, b))
                y = fn(x, w, b)
                ms_b = bench(lambda: y.backward(dy, retain_graph=True), grad_to_none=[x, w, b])
                del y
                row = dict(case=name, layout=lay, setting=setting, fwd_ms=ms_f, bwd_ms=ms_b,
                           fwd_pct_copy=100 * 2 * numel * 2 / ms_f / 1e6 / copy,
                           bwd_pct_copy=100 * 3 * numel * 2 / ms_b / 1e6 / copy)
                rows.append(row)
                print(f"{name:10s} {lay:13s} {str(setting):36s} fwd {ms_f * 1e3:8.1f} us "
                      f"{row['fwd_pct_copy']:5.1f}% | bwd {ms_b * 1e3:8.1f} us {row['bwd_pct_copy']:5.1f}%")
            del x, w, b, dy, ref
            torch.cuda.empty_cache()
    for key, value in defaults.items():
        setattr(K, key, value)
    K.clear_plan_caches()
    return rows, failures


if __name__ == "__main__":
    sys.exit(main())
