"""Why does a fused activation slow GroupNorm's rows-path backward (v0.15 call 3,
gpu_groupnorm_check: 3-D InstanceNorm contiguous 69.5% of copy without, 42.3% with
silu)? For contiguous shapes on the rows path, each activation: the launch config
(cooperative slice, warps, programs per SM after rownorm._fit), the compiled kernel's
registers and spills, and GPU time (CUDA-graph replay) of ops.groupnorm.bwd_impl and
fwd_impl, as % of a copy measured in the same run.

    python benchmarks/diag_act.py OUT.json

Environment: DIAG_ACTS (comma-separated, `none` for no activation), DIAG_BWD
(slice/warps/programs per SM: the rows-path backward's cooperative config in place of
rownorm.bwd_config's), FUSEDNORM_FAST_SIGMOID (activation.py)."""
import json
import os
import sys

import torch
import triton

from fusednorm.bench.timing import CudaClock, copy_gbps, graph_ms
from fusednorm.kernels import activation as A
from fusednorm.kernels import groupnorm as K
from fusednorm.kernels import rownorm as R
from fusednorm.ops import groupnorm as OG

SHAPES = [("seg3d_in", (8, 64, 64, 64, 64), None), ("vae_128", (2, 128, 512, 512), 32),
          ("unet_320", (16, 320, 64, 64), 32)]
ACTS = [None if a == "none" else a
        for a in os.environ.get("DIAG_ACTS", "none,silu,gelu,gelu_tanh").split(",")]
if os.environ.get("DIAG_BWD"):
    _choice = tuple(int(v) for v in os.environ["DIAG_BWD"].split("/"))
    R.bwd_config = lambda n, sms, *_: R._coop(n, sms, (_choice,))


def main():
    copy = copy_gbps(CudaClock(10, 100), torch.device("cuda"))
    print(f"{torch.cuda.get_device_name()} torch {torch.__version__} triton {triton.__version__}"
          f" copy {copy:.0f} GB/s fast sigmoid {A.FAST_SIGMOID.value}"
          f" bwd config {os.environ.get('DIAG_BWD', 'library')}", flush=True)
    rows = []
    for name, shape, groups in SHAPES:
        torch.manual_seed(0)
        x = torch.randn(shape, device="cuda", dtype=torch.bfloat16)
        C = shape[1]
        G = groups or C
        w = (1 + 0.1 * torch.randn(C, device="cuda")).to(x.dtype)
        b = (0.1 * torch.randn(C, device="cuda")).to(x.dtype)
        dy = torch.randn_like(x)
        nbytes = x.numel() * x.element_size()
        for act in ACTS:
            y, mean, rstd = OG.fwd_impl(x, w, b, G, 1e-5, act)
            f32 = torch.float32
            prep = K.prepare_bwd(dy, x, w, b, G, act, (f32, f32, x.dtype, x.dtype, x.dtype))
            info = {}
            if prep.rows is not None:
                cfg = prep.rows.cfg
                consts = dict(prep.rows.launch.constexprs)
                ck = prep.rows.launch.compiled_kernel(
                    (x, w, b, dy, dy, mean, rstd, x, rstd, rstd, rstd,
                     torch.empty(16, dtype=torch.int64, device="cuda"), x, x), (1,))
                ck.run  # loads the binary: n_regs, n_spills
                info = dict(path=cfg.path, slice=cfg.block_n, warps=cfg.num_warps,
                            pps=cfg.programs_per_sm, group=cfg.group, sync=consts["SYNC"],
                            regs=ck.n_regs, spills=ck.n_spills)
                fprep = K.prepare_fwd(x, G, act, w, b, y, True)
                if fprep.rows is not None:
                    fck = fprep.rows.launch.compiled_kernel(
                        (x, x, w, b, y, y, mean, rstd,
                         torch.empty(16, dtype=torch.int64, device="cuda")), (1e-5, 1))
                    fck.run
                    info.update(fwd_regs=fck.n_regs, fwd_spills=fck.n_spills,
                                fwd_pps=fprep.rows.cfg.programs_per_sm)
            b_ms = graph_ms(lambda: OG.bwd_impl(dy, x, w, b, mean, rstd, G, act, True, True),
                            reps=10, warmup=2)
            f_ms = graph_ms(lambda: OG.fwd_impl(x, w, b, G, 1e-5, act), reps=10, warmup=2)
            r = dict(shape=name, act=act, bwd_us=1e3 * b_ms, fwd_us=1e3 * f_ms,
                     bwd_pct=100 * 3 * nbytes / b_ms / 1e6 / copy,
                     fwd_pct=100 * 2 * nbytes / f_ms / 1e6 / copy, **info)
            rows.append(r)
            print(f"{name:9s} {str(act):9s} bwd {r['bwd_us']:7.1f} us {r['bwd_pct']:5.1f}% "
                  f"fwd {r['fwd_us']:7.1f} us {r['fwd_pct']:5.1f}% {info}", flush=True)
    with open(sys.argv[1], "w") as f:
        json.dump(dict(copy_gbps=copy, rows=rows), f, indent=1)


if __name__ == "__main__":
    main()
