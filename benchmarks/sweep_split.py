"""The row norms' split path (rownorm.SPLIT_*): tile, warps, chunk and the apply's eviction
policy, GPU time (a CUDA graph replaying ops.rownorm.fwd_impl / bwd_impl), % of a copy
measured in the same run; each variant checked against torch in fp32.

    python benchmarks/sweep_split.py OUT.json

Environment: SPLIT_VARIANTS (';'-separated block/warps/chunk/evict, evict `-` for none,
`first`, `last`, set as rownorm.SPLIT_FWD or SPLIT_BWD by mode;
`split`: the library's split parameters; each of those forced where the configs give
another path; `default`: the library as it is, whatever path; unset: the library's),
SPLIT_N (row lengths), SPLIT_M (rows; default 2^27 / N), SPLIT_DTYPES
(bf16,fp32), SPLIT_OPS (ln,rms), SPLIT_MODES (fwd,bwd), SPLIT_RES=1 (residual forms),
SPLIT_MINP (rownorm.SPLIT_MIN_PROGRAMS values, each variant with each), SPLIT_WARM=1
(compile only)."""
import json
import os
import sys

import torch
import torch.nn.functional as F
import triton

from fusednorm.bench.timing import CudaClock, copy_gbps, graph_ms
from fusednorm.kernels import rownorm as K
from fusednorm.ops import rownorm as OR

DT = {"bf16": torch.bfloat16, "fp16": torch.float16, "fp32": torch.float32}
EV = {"-": "", "first": "evict_first", "last": "evict_last"}


def _variants():
    text = os.environ.get("SPLIT_VARIANTS")
    if not text:
        return [None]  # the library's
    out = []
    for v in text.split(";"):
        if v in ("default", "split"):
            out.append(v)
            continue
        b, w, c, e = v.split("/")
        out.append((int(b), int(w), int(c), EV[e]))
    return out


# SPLIT_MINP: rownorm.SPLIT_MIN_PROGRAMS values to run each variant with (default: the
# library's).
MINP0 = K.SPLIT_MIN_PROGRAMS
MINP = [int(v) for v in os.environ["SPLIT_MINP"].split(",")] if os.environ.get(
    "SPLIT_MINP") else [0]
PARAMS0 = (K.SPLIT_FWD, K.SPLIT_FWD_RMS16, K.SPLIT_BWD)
_LOOP = K.LaunchConfig(K.LOOP, K.LOOP_BLOCK_N, 1, K.LOOP_WARPS)
_CONFIGS = (K.fwd_config, K.bwd_config)


def _set_path(force_split: bool):
    # Forced: the configs give the loop path, which the split path replaces; else the
    # library's configs (at N <= 16384 x SMs the cooperative path).
    if force_split:
        K.fwd_config = K.bwd_config = lambda *a, **k: _LOOP
    else:
        K.fwd_config, K.bwd_config = _CONFIGS


def main():
    warm = os.environ.get("SPLIT_WARM") == "1"
    res = os.environ.get("SPLIT_RES") == "1"
    copy = float("nan") if warm else copy_gbps(CudaClock(10, 100), torch.device("cuda"))
    print(f"{torch.cuda.get_device_name()} torch {torch.__version__} triton "
          f"{triton.__version__} copy {copy:.0f} GB/s", flush=True)
    K.fwd_config.cache_clear()
    rows = []
    for d in os.environ.get("SPLIT_DTYPES", "bf16,fp32").split(","):
        dtype = DT[d]
        for op in os.environ.get("SPLIT_OPS", "ln,rms").split(","):
            is_rms = op == "rms"
            for n in [int(v) for v in os.environ.get("SPLIT_N", "4194304").split(",")]:
                m = int(os.environ.get("SPLIT_M", 0)) or max(1, (1 << 27) // n)
                torch.manual_seed(0)
                x = torch.randn(m, n, device="cuda", dtype=dtype)
                r = torch.randn_like(x) if res else None
                w = (1 + 0.1 * torch.randn(n, device="cuda")).to(dtype)
                b = None if is_rms else (0.1 * torch.randn(n, device="cuda")).to(dtype)
                dy = torch.randn_like(x)
                dh = torch.randn_like(x) if res else None
                eps = 1e-6 if is_rms else 1e-5
                xr = (x.float() + r.float() if res else x.float()).requires_grad_()
                yr = (F.rms_norm(xr, (n,), w.float(), eps) if is_rms
                      else F.layer_norm(xr, (n,), w.float(), b.float(), eps))
                yr.backward(dy.float())
                refs = {"fwd": yr.detach(),
                        "bwd": xr.grad + (dh.float() if res else 0)}
                del xr, yr
                for mode in os.environ.get("SPLIT_MODES", "fwd,bwd").split(","):
                    for v, minp in [(v, p) for v in _variants() for p in MINP]:
                        K.SPLIT_MIN_PROGRAMS = minp or MINP0
                        name = "SPLIT_BWD" if mode == "bwd" else "SPLIT_FWD"
                        K.SPLIT_FWD, K.SPLIT_FWD_RMS16, K.SPLIT_BWD = PARAMS0  # the library's
                        _set_path(v not in (None, "default"))
                        if v == "default":
                            tag = "default"
                        else:
                            if v in (None, "split"):
                                v = (K._split_fwd_params(n, x.element_size(), is_rms)
                                     if mode == "fwd" else K.SPLIT_BWD)
                            setattr(K, name, v)
                            if mode == "fwd":  # a variant replaces the 16-bit RMSNorm one too
                                K.SPLIT_FWD_RMS16 = v
                            blk, warps, chunk, ev = v
                            tag = f"{blk}/{warps}w/{chunk}/{ev or '-'}"
                        if minp:
                            tag += f"/p{minp}"
                        K.clear_prepared()
                        try:
                            y, h, mean, rstd = OR.fwd_impl(x, r, w, b, eps, is_rms)
                            hx = h if res else x
                            if mode == "fwd":
                                out = y
                                fn = lambda x=x, r=r: OR.fwd_impl(  # noqa: E731
                                    x, r, w, b, eps, is_rms)
                            else:
                                out = OR.bwd_impl(dy, dh, hx, w, mean, rstd, is_rms, True,
                                                  not is_rms)[0]
                                fn = lambda dy=dy, dh=dh, hx=hx: OR.bwd_impl(  # noqa: E731
                                    dy, dh, hx, w, mean, rstd, is_rms, True, not is_rms)
                            ref = refs[mode]
                            err = ((out.float() - ref).abs().max() / ref.abs().max()).item()
                            if warm:
                                continue
                            ms = graph_ms(fn, reps=10, warmup=2)
                        except Exception as e:  # noqa: BLE001
                            print(f"{tag} FAILED {type(e).__name__}: {str(e)[:160]}", flush=True)
                            continue
                        nbytes = (4 if res else 3 if mode == "bwd" else 2) * m * n * x.element_size()
                        pct = 100 * nbytes / ms / 1e6 / copy
                        ok = err < (2e-2 if dtype != torch.float32 else 1e-4)
                        rows.append(dict(op=op, dtype=d, mode=mode, n=n, res=res, variant=tag,
                                         ms=ms, pct=pct, rel_err=err, ok=ok))
                        print(f"{op:3s} {d} {mode} N={n:>8} res={int(res)} {tag:22s} "
                              f"{pct:5.1f}%{'' if ok else '  WRONG ' + str(err)}", flush=True)
                del x, r, dy, dh, refs
                torch.cuda.empty_cache()
                with open(sys.argv[1], "w") as f:
                    json.dump(dict(copy_gbps=copy, device=torch.cuda.get_device_name(),
                                   rows=rows), f, indent=1)


if __name__ == "__main__":
    main()
