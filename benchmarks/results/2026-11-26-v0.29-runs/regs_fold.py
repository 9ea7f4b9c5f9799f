# v0.29, on the CPU (no GPU): registers and spills (sm_90a, Triton's ptxas) of the row
# norms' cooperative backward as the tables configure it, with the final dw/db sum
# folded into the launch (FINAL_SUM, _fold_slice) and without (a launch of its own),
# at the capped register count the launch takes (compile_check.py's method).
# Arguments: N list, dtype (bf16 / fp32), ops (ln,rms), dh (0/1). Output: stdout.
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
NS = [int(v) for v in (sys.argv[1] if len(sys.argv) > 1 else "12288").split(",")]
DT = {"bf16": torch.bfloat16, "fp32": torch.float32}[sys.argv[2] if len(sys.argv) > 2 else "bf16"]
OPS = (sys.argv[3] if len(sys.argv) > 3 else "ln,rms").split(",")
DH = (sys.argv[4] if len(sys.argv) > 4 else "0") == "1"
for N in NS:
    M = 4096
    x = torch.empty((M, N), dtype=DT)
    w = torch.empty(N, dtype=DT)
    st = torch.empty(M)
    for rms in [op == "rms" for op in OPS]:
        for fold in (False, True):
            RK.ROW_FOLD = fold
            RK.clear_prepared()
            CC.recorded.clear()
            RK.rownorm_bwd(x, x if DH else None, x, w, st, st, rms, True, not rms, x)
            for key, (fn, sig, const, warps, cap) in list(CC.recorded.items()):
                if fn.__name__ != "_rownorm_bwd_kernel":
                    continue
                regs, spill = CC.ptxas_usage(CC.compile_recorded(key).asm["ptx"])
                c = dict(const) if not isinstance(const, dict) else const
                print(f"{str(DT)[6:]} N={N} {'rms' if rms else 'ln'} dh={int(DH)} fold={int(fold)} "
                      f"slice={c.get('BLOCK_N')} warps={warps} cap={cap} registers={regs} "
                      f"spill={spill}", flush=True)
