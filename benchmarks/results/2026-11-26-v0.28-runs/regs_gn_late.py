# v0.28, on the CPU (no GPU): registers and spills (sm_90a, Triton's ptxas) of GroupNorm's
# rows-path backward (the row norms' cooperative PREFETCH schedule with w, b per slice)
# with the held row's terms formed before or after the wait (LATE_TERMS), bf16 UNet
# 16x320x64x64 (groups of 40960), slices of 2048 / 4 warps / 4 per SM and 4096 / 4 / 2,
# statistics ahead (GroupNorm's 16-bit default), no activation and silu, uncapped and at
# the fitting cap. Output: regs_gn_late.log. Run from the repository root.
import sys
from dataclasses import replace
import torch
sys.path.insert(0, "benchmarks")
import compile_check as CC
from fusednorm.kernels import launch, rownorm as RK, groupnorm as GK
launch.CachedKernel.__call__ = CC._record
RK.sm_count = GK.sm_count = lambda d: 132
RK.interpreting = lambda: False
RK._fit = lambda make, device, dtypes, tail=(): make(None)
shape, G = (16, 320, 64, 64), 32
x = torch.empty(shape, dtype=torch.bfloat16)
w = torch.empty(shape[1], dtype=torch.bfloat16)
st = torch.empty((shape[0], G))
for act in (None, "silu"):
    for slc, warps, pps in ((2048, 4, 4), (4096, 4, 2)):
        for late in (False, True):
            cfg = RK.LaunchConfig(RK.COOP, slc, 1, warps, pps, 10 * 4096 // slc, True, 3,
                                  l2_ahead=1, stats_ahead=True, late_terms=late)
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
                    print(f"act={act} {slc}/{warps}/{pps} late={int(late)} cap={cap} "
                          f"registers={regs} spill={spill}", flush=True)
