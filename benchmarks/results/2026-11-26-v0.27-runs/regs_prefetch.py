# v0.27, on the CPU (no GPU): registers and spills (sm_90a, Triton's ptxas) of the 16-bit
# cooperative backward's PREFETCH schedule on slices of 2048 / 4 warps / 4 per SM (N =
# 12288, bf16, no dh), LayerNorm and RMSNorm, statistics ahead or not, w held or not,
# uncapped and capped at 128 / 120 registers (compile_check.py's method). Output:
# regs_prefetch.log. Run from the repository root. (NOTES v0.27, call 12.)
import sys
import torch
sys.path.insert(0, "benchmarks")
import compile_check as CC
from fusednorm.kernels import launch, rownorm as RK
launch.CachedKernel.__call__ = CC._record
RK.sm_count = lambda d: 132
RK.interpreting = lambda: False
RK._fit = lambda make, device, dtypes, tail=(): make(None)
x = torch.empty((4, 12288), dtype=torch.bfloat16)
w = torch.empty(12288, dtype=torch.bfloat16)
st = torch.empty(4)
for rms in (False, True):
    for ahead in (False, True):
        for hold in (False, True):
            cfg = RK.LaunchConfig(RK.COOP, 2048, 1, 4, 4, 6, True, 3, l2_ahead=1,
                                  stats_ahead=ahead, hold_w=hold)
            RK.bwd_config = lambda *a, c=cfg: c
            RK.clear_prepared()
            CC.recorded.clear()
            RK.rownorm_bwd(x, None, x, w, st, st, rms, True, not rms, x)
            for key, (fn, sig, const, warps, _) in list(CC.recorded.items()):
                if fn.__name__ != "_rownorm_bwd_kernel":
                    continue
                for cap in (None, 128, 120):
                    CC.recorded[key] = (fn, sig, const, warps, cap)
                    regs, spill = CC.ptxas_usage(CC.compile_recorded(key).asm["ptx"])
                    print(f"{'rms' if rms else 'ln'} ahead={int(ahead)} hold_w={int(hold)} "
                          f"cap={cap} registers={regs} spill={spill}", flush=True)
