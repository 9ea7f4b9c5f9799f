# v0.47, on the CPU (no GPU): registers and spills (sm_90a, Triton's ptxas) of GroupNorm's
# rows-path 16-bit backward on 1-warp slices (GN_BWD_CHANNEL's schedule: terms late, words,
# statistics ahead) at more programs an SM than its 12, capped at the fitting count, bf16
# UNet 640 16x640x32x32 (groups of 20480), none and silu. Run from the repository root.
import sys
import torch
sys.path.insert(0, "benchmarks")
import compile_check as CC
from fusednorm.kernels import launch, rownorm as RK, groupnorm as GK
launch.CachedKernel.__call__ = CC._record
RK.sm_count = GK.sm_count = lambda d: 132
RK.interpreting = lambda: False
RK._fit = lambda make, device, dtypes, tail=(): make(None)
shape, G = (16, 640, 32, 32), 32
L = 20 * 1024
x = torch.empty(shape, dtype=torch.bfloat16)
w = torch.empty(shape[1], dtype=torch.bfloat16)
st = torch.empty((shape[0], G))
for act in (None, "silu"):
    for slc, warps, pps in ((1024, 1, 12), (1024, 1, 16), (1024, 1, 20), (1024, 1, 24),
                            (512, 1, 24), (512, 1, 32)):
        cfg = RK.LaunchConfig(RK.COOP, slc, 1, warps, pps, L // slc, True, 3, l2_ahead=1,
                              stats_ahead=True, late_terms=True, pack16=act is None)
        RK.bwd_config = lambda *a, c=cfg: c
        RK.clear_prepared()
        GK.clear_plan_caches()
        CC.recorded.clear()
        GK.groupnorm_bwd(x, x, w, w, st, st, G, act, torch.empty_like(x),
                         torch.empty(shape[1]), torch.empty(shape[1]))
        for key, (fn, sig, const, nw, cap0) in list(CC.recorded.items()):
            if fn.__name__ != "_rownorm_bwd_kernel":
                continue
            fit = 65536 // (32 * warps * pps) // 8 * 8
            for cap in (None, fit if fit < 255 else None):
                CC.recorded[key] = (fn, sig, const, nw, cap)
                regs, spill = CC.ptxas_usage(CC.compile_recorded(key).asm["ptx"])
                print(f"act={act} {slc}/{warps}/{pps} cap={cap} registers={regs} "
                      f"spill={spill}", flush=True)
