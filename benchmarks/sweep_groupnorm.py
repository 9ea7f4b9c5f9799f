"""GroupNorm / InstanceNorm launch settings on the GPU, split into host and GPU time.

For each case (the groups suite's shapes, bf16 unless --dtype) and layout, and each setting (module
constants of fusednorm.kernels.groupnorm, set one setting at a time), this checks
fusednorm's forward and backward against torch in fp32 (errors in bf16 tolerance units;
a setting that fails is reported and not timed), then times:
  gpu    the call replayed from a CUDA graph over enough rotated input copies that they
         do not fit in the L2: GPU time alone, as when the host runs ahead;
  call   the call back to back with CUDA events (as the benchmark suite times it);
  host   host time per call (calls enqueued without waiting; wall time / calls).
torch eager's F.group_norm / F.instance_norm (and + F.silu) are timed the same way once
per case. % is of a device-to-device copy measured in the same run; bytes are the fewest
(forward x + y, backward x + dy + dx).

    python benchmarks/sweep_groupnorm.py OUT.json [--settings JSON] [--cases a,b] [--act silu]
        [--dtype bfloat16|float16|float32]

--warm only checks (compiling into Triton's cache), e.g. in parallel processes before
one timed run. --settings is a JSON list of dicts, e.g. '[{}, {"MIN_STEPS": 8}]' ({} = the defaults);
keys R.NAME set kernels.rownorm's constants, R.NAME.k an entry of a rownorm table (lists
become tuples), L.NAME kernels.launch's (L.CAPTURE_TICKETS: captured launches' tickets)."""
import argparse
import json
import math
import sys

import torch
import torch.nn.functional as F
import triton

import fusednorm
from fusednorm.bench.timing import CudaClock, copy_gbps, graph_ms, host_us as _host_us
from fusednorm.kernels import groupnorm as K
from fusednorm.kernels import launch as L
from fusednorm.kernels import rownorm as R
from fusednorm.ops import groupnorm as OG

CASES = {
    "unet320": ((16, 320, 64, 64), 32),
    "unet640": ((16, 640, 32, 32), 32),
    "unet1280": ((16, 1280, 16, 16), 32),
    "unet1280s": ((16, 1280, 8, 8), 32),
    "vae512": ((2, 512, 128, 128), 32),
    "vae256": ((2, 256, 256, 256), 32),
    "vae128": ((2, 128, 512, 512), 32),
    "in3d64": ((8, 64, 64, 64, 64), None),
    "in3d32": ((2, 32, 128, 128, 128), None),
    "in3d128": ((8, 128, 32, 32, 32), None),
    "in2d": ((16, 64, 128, 128), None),
    # issue 4's "very large" examples (not in the bench's groups suite)
    "vae1024": ((2, 128, 1024, 1024), 32),
    "in3d256": ((1, 32, 256, 256, 256), None),
    # channels powers of two like UNet 640 / 320's sizes (Cg 16 / 8: the cooperative
    # columns path's Cg condition; v0.38)
    "p512": ((16, 512, 32, 32), 32),
    "p256": ((16, 256, 64, 64), 32),
    # InstanceNorm groups of 24576 / 12288 (48 KB in bf16 / fp32): where the rows path's
    # backward starts to win (groupnorm.ROWS_BWD_MIN_BYTES; v0.40)
    "in2d192": ((16, 64, 128, 192), None),
    "in2d96": ((16, 64, 96, 128), None),
    # SDXL's 1280 channels at 32 x 32 (channels of 1024 positions, as UNet 640's)
    "unet1280_32": ((16, 1280, 32, 32), 32),
    # channels of 2048 and 3072 positions: the contiguous forward's channel-slice rule
    # (groupnorm.ROWS_FWD_CHANNEL_MIN_BYTES) takes them too (v0.42)
    "c2048": ((16, 640, 32, 64), 32),
    "c3072": ((16, 640, 48, 64), 32),
    # groups of 4 x 4096 = 16384: the 16-bit group path's one-tile forward on 32 warps,
    # as p512's 16 x 1024 (groupnorm.GROUP_FWD_CAP; v0.42)
    "p128": ((16, 128, 64, 64), 32),
    # fp32 groups of 15 x 1024 (60 KB: the group path) as one tile of 16 x 1024 on 32 warps
    "p480": ((16, 480, 32, 32), 32),
    # a small UNet-like call (groups of 10 x 1024: 20 KB in 16-bit; 128 groups; v0.46)
    "s320": ((4, 320, 32, 32), 32),
    # VAE 512 and InstanceNorm 64^3 at other batch sizes: rows of 262144 (GROUP 64 on
    # slices of 4096) by the row count, 32 to 512 (the forward's programs an SM; v0.47)
    "vae512n1": ((1, 512, 128, 128), 32),
    "vae512n4": ((4, 512, 128, 128), 32),
    "vae512n8": ((8, 512, 128, 128), 32),
    "in3d64n1": ((1, 64, 64, 64, 64), None),
    "in3d64n2": ((2, 64, 64, 64, 64), None),
    "in3d64n4": ((4, 64, 64, 64, 64), None),
}
L2_BYTES = 50 << 20


def host_us(calls):
    return _host_us(calls, n=30)


def layout(x, lay):
    if lay == "nc":
        return x.contiguous()
    return x.contiguous(memory_format=torch.channels_last if x.dim() == 4
                        else torch.channels_last_3d)


def inputs(shape, lay, dtype):
    """Rotated copies of x (enough that they do not fit the L2), w and b, seeded."""
    copies = max(1, math.ceil(2 * L2_BYTES / (math.prod(shape) * dtype.itemsize)))
    torch.manual_seed(0)
    xs = [layout(torch.randn(shape, device="cuda") * 2 + 0.5, lay).to(dtype)
          for _ in range(copies)]
    w = (1 + 0.3 * torch.randn(shape[1], device="cuda")).to(dtype)
    b = (0.3 * torch.randn(shape[1], device="cuda")).to(dtype)
    return xs, w, b


def err(out, ref):
    """Largest error in bf16 tolerance units (rtol 1.6e-2, atol 1.6e-2 x max |ref|)."""
    o, r = out.double(), ref.double()
    return ((o - r).abs() / (1.6e-2 * r.abs() + 1.6e-2 * r.abs().max())).max().item()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--settings", default="[{}]")
    ap.add_argument("--cases", default=",".join(CASES))
    ap.add_argument("--layouts", default="nc,cl")
    ap.add_argument("--act", default=None)
    ap.add_argument("--dtype", default="bfloat16")
    ap.add_argument("--fwd-only", action="store_true", help="time the forward only")
    ap.add_argument("--stats", action="store_true",
                    help="with --fwd-only: time our forward as training runs it (the op's "
                         "fwd_impl, writing mean and rstd), not the inference call")
    ap.add_argument("--no-torch", action="store_true")
    ap.add_argument("--warm", action="store_true",
                    help="only check each setting (compiles its kernels into Triton's "
                         "cache, for a timed run in another process)")
    a = ap.parse_args()
    settings = json.loads(a.settings)
    clock = CudaClock(warmup_ms=10, rep_ms=60)
    copy = copy_gbps(clock, torch.device("cuda"))
    meta = dict(device=torch.cuda.get_device_name(), torch=torch.__version__,
                triton=triton.__version__, copy_gbps=copy, act=a.act, settings=settings,
                dtype=a.dtype)
    dtype = getattr(torch, a.dtype)
    print(f"{meta['device']} torch {meta['torch']} triton {meta['triton']} copy {copy:.0f} GB/s",
          flush=True)
    defaults = {k: _get(k) for s in settings for k in s}
    rows = []
    for name in a.cases.split(","):
        shape, groups = CASES[name]
        C = shape[1]
        numel = math.prod(shape)
        nbytes = numel * dtype.itemsize
        for lay in a.layouts.split(","):
            xs, w, b = inputs(shape, lay, dtype)
            dy = layout(torch.randn(shape, device="cuda"), lay).to(dtype)

            def ours(x, w, b):
                if groups is None:
                    return fusednorm.instance_norm(x, w, b, 1e-5, activation=a.act)
                return fusednorm.group_norm(x, groups, w, b, 1e-5, activation=a.act)

            def theirs(x, w, b):
                y = (F.instance_norm(x, weight=w, bias=b, eps=1e-5) if groups is None
                     else F.group_norm(x, groups, w, b, 1e-5))
                return F.silu(y) if a.act == "silu" else y

            # fp32 reference of y and of the backward's (dx, dw, db)
            xr, wr, br = (t.float().requires_grad_() for t in (xs[0], w, b))
            yr = theirs(xr, wr, br)
            yr.backward(dy.float())
            ref = (yr.detach(), xr.grad, wr.grad, br.grad)
            del xr, wr, br, yr

            def measure(fn, tag):
                with torch.no_grad():
                    fcalls = [lambda x=x: fn(x, w, b) for x in xs]
                    if a.stats and tag != "torch":
                        fcalls = [lambda x3=x.flatten(2): OG.fwd_impl(
                            x3, w, b, groups or C, 1e-5, a.act) for x in xs]
                    f_gpu = graph_ms(fcalls)
                    f_call = clock.time_ms(fcalls)
                    f_host = host_us(fcalls)
                if a.fwd_only:
                    r = dict(case=name, shape=list(shape), layout=lay, provider=tag,
                             fwd_gpu_ms=f_gpu, fwd_call_ms=f_call, fwd_host_us=f_host)
                    for k in ("gpu", "call"):
                        r[f"fwd_{k}_pct"] = 100 * 2 * nbytes / r[f"fwd_{k}_ms"] / 1e6 / copy
                    print(f"{name:9s} {lay} {tag:34s} fwd gpu {r['fwd_gpu_pct']:5.1f}% call "
                          f"{r['fwd_call_pct']:5.1f}% host {f_host:5.0f}us", flush=True)
                    rows.append(r)
                    return
                ins = [[t.detach().requires_grad_() for t in (x, w, b)] for x in xs]
                ys = [fn(*i) for i in ins]
                bcalls = [lambda y=y, i=i: torch.autograd.grad(y, i, dy, retain_graph=True)
                          for y, i in zip(ys, ins)]
                b_call = clock.time_ms(bcalls)
                b_host = host_us(bcalls)
                del ys, ins
                # GPU time of the backward: autograd runs it on its own thread, which a
                # graph capture does not follow, so the graph holds our backward op called
                # directly (torch's: aten.native_group_norm_backward, contiguous only; none for its IN).
                b_gpu = float("nan")
                G = groups or C
                if tag != "torch":
                    x3s = [x.flatten(2) for x in xs]
                    sts = [OG.fwd_impl(x3, w, b, G, 1e-5, a.act)[1:] for x3 in x3s]
                    dy3 = dy.flatten(2)
                    bcalls = [lambda x3=x3, st=st: OG.bwd_impl(dy3, x3, w, b, st[0], st[1], G,
                                                               a.act, True, True)
                              for x3, st in zip(x3s, sts)]
                    b_gpu = graph_ms(bcalls)
                elif groups is not None and a.act is None and lay == "nc":
                    N, S = shape[0], numel // (shape[0] * C)
                    sts = [torch.ops.aten.native_group_norm(x, w, b, N, C, S, G, 1e-5)[1:]
                           for x in xs]
                    bcalls = [lambda x=x, st=st: torch.ops.aten.native_group_norm_backward(
                        dy, x, st[0], st[1], w, N, C, S, G, [True, True, True])
                        for x, st in zip(xs, sts)]
                    b_gpu = graph_ms(bcalls)
                r = dict(case=name, shape=list(shape), layout=lay, provider=tag,
                         fwd_gpu_ms=f_gpu, fwd_call_ms=f_call, fwd_host_us=f_host,
                         bwd_gpu_ms=b_gpu, bwd_call_ms=b_call, bwd_host_us=b_host)
                for m, nb in (("fwd", 2 * nbytes), ("bwd", 3 * nbytes)):
                    for k in ("gpu", "call"):
                        r[f"{m}_{k}_pct"] = 100 * nb / r[f"{m}_{k}_ms"] / 1e6 / copy
                print(f"{name:9s} {lay} {tag:34s} fwd gpu {r['fwd_gpu_pct']:5.1f}% call "
                      f"{r['fwd_call_pct']:5.1f}% host {f_host:5.0f}us | bwd gpu "
                      f"{r['bwd_gpu_pct']:5.1f}% call {r['bwd_call_pct']:5.1f}% host "
                      f"{b_host:5.0f}us", flush=True)
                rows.append(r)

            if not (a.no_torch or a.warm):
                measure(theirs, "torch")
            for setting in settings:
                for k, v in {**defaults, **setting}.items():
                    _set(k, v)
                K.clear_plan_caches()
                R.fwd_config.cache_clear()
                R.bwd_config.cache_clear()
                R.clear_prepared()
                tag = json.dumps(setting, separators=(",", ":"))
                try:
                    x0, w0, b0 = (t.detach().requires_grad_() for t in (xs[0], w, b))
                    y0 = ours(x0, w0, b0)
                    y0.backward(dy)
                    errs = [err(o, r) for o, r in zip((y0, x0.grad, w0.grad, b0.grad), ref)]
                    del x0, w0, b0, y0
                except Exception as e:  # noqa: BLE001
                    errs = [float("inf")]
                    print(f"{name:9s} {lay} {tag}: {type(e).__name__}: {e}"[:300], flush=True)
                if max(errs) > 1.0:
                    print(f"{name:9s} {lay} {tag:34s} WRONG err/tol {errs}", flush=True)
                    rows.append(dict(case=name, layout=lay, provider=tag, wrong=errs))
                    continue
                if a.warm:
                    # The backward's GPU-time path (bwd_impl) compiles in measure only.
                    x3 = xs[0].flatten(2)
                    G = groups or C
                    st = OG.fwd_impl(x3, w, b, G, 1e-5, a.act)[1:]
                    OG.bwd_impl(dy.flatten(2), x3, w, b, st[0], st[1], G, a.act, True, True)
                    print(f"{name:9s} {lay} {tag} compiled", flush=True)
                    continue
                measure(ours, tag)
            del xs, w, b, dy, ref
            torch.cuda.empty_cache()
            with open(a.out, "w") as f:  # after every case: a time limit keeps what ran
                json.dump(dict(meta=meta, rows=rows), f, indent=1)
    for k, v in defaults.items():
        _set(k, v)


def _tuples(v):
    """JSON to settings: lists become tuples, and dicts with integer keys ("2") int-keyed
    dicts (the tables by element size)."""
    if isinstance(v, dict):
        return {int(k) if str(k).isdigit() else k: _tuples(e) for k, e in v.items()}
    return tuple(_tuples(e) for e in v) if isinstance(v, list) else v


def _get(key):
    """A setting's current value: NAME of kernels.groupnorm, R.NAME of kernels.rownorm,
    R.NAME.k an entry of a rownorm table (a dict with int keys), L.NAME of kernels.launch."""
    if key.startswith("L."):
        return getattr(L, key[2:])
    if not key.startswith("R."):
        return getattr(K, key)
    name, _, item = key[2:].partition(".")
    return getattr(R, name)[int(item)] if item else getattr(R, name)


def _set(key, value):
    value = _tuples(value)  # JSON lists: config tuples
    if key.startswith("L."):
        setattr(L, key[2:], value)
        return
    if not key.startswith("R."):
        setattr(K, key, value)
        return
    name, _, item = key[2:].partition(".")
    if item:
        getattr(R, name)[int(item)] = value
    else:
        setattr(R, name, value)


if __name__ == "__main__":
    sys.exit(main())
