# v0.28, on the CPU (no GPU): registers and spills (sm_90a, Triton's ptxas) of the 16-bit
# cooperative backward's PREFETCH schedule with the held row's terms formed before the
# wait (v0.27) or after it (LATE_TERMS), bf16 N = 12288 on slices of 2048 / 4 warps / 4
# per SM, LayerNorm and RMSNorm, with and without dh, statistics ahead or not, w held or
# not, uncapped and capped at 128 (compile_check.py's method; v0.27's regs_prefetch.py).
# Arguments: N, slice/warps, dtype (bf16 / fp32), ops (ln,rms). Output: regs_late.log.
# Run from the repository root.
import sys
import torch
sys.path.insert(0, "benchmarks")
import compile_check as CC
from fusednorm.kernels import launch, rownorm as RK
launch.CachedKernel.__call__ = CC._record
RK.sm_count = lambda d: 132
RK.interpreting = lambda: False
RK._fit = lambda make, device, dtypes, tail=(): make(None)
N = int(sys.argv[1]) if len(sys.argv) > 1 else 12288
SLICE, WARPS = (int(v) for v in (sys.argv[2] if len(sys.argv) > 2 else "2048/4").split("/"))
DT = {"bf16": torch.bfloat16, "fp32": torch.float32}[sys.argv[3] if len(sys.argv) > 3 else "bf16"]
OPS = (sys.argv[4] if len(sys.argv) > 4 else "ln,rms").split(",")
x = torch.empty((4, N), dtype=DT)
w = torch.empty(N, dtype=DT)
st = torch.empty(4)
for rms in [op == "rms" for op in OPS]:
    for dh in (False, True):
        for ahead in (False, True):
            for hold in (False, True):
                for late in (False, True):
                    cfg = RK.LaunchConfig(RK.COOP, SLICE, 1, WARPS, 4, N // SLICE, True, 3,
                                          l2_ahead=0 if dh else 1, stats_ahead=ahead,
                                          hold_w=hold, late_terms=late)
                    RK.bwd_config = lambda *a, c=cfg: c
                    RK.clear_prepared()
                    CC.recorded.clear()
                    RK.rownorm_bwd(x, x if dh else None, x, w, st, st, rms, True, not rms, x)
                    for key, (fn, sig, const, warps, _) in list(CC.recorded.items()):
                        if fn.__name__ != "_rownorm_bwd_kernel":
                            continue
                        for cap in (None, 128):
                            CC.recorded[key] = (fn, sig, const, warps, cap)
                            regs, spill = CC.ptxas_usage(CC.compile_recorded(key).asm["ptx"])
                            print(f"{str(DT)[6:]} N={N} {SLICE}/{WARPS} {'rms' if rms else 'ln'} dh={int(dh)} "
                                  f"ahead={int(ahead)} hold_w={int(hold)} late={int(late)} "
                                  f"cap={cap} registers={regs} spill={spill}", flush=True)
