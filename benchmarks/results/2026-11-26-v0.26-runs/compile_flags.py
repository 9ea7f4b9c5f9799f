# v0.26, on the CPU (no GPU): registers and spills (sm_90a, Triton's ptxas) of every
# backward variant that the rows suite (bf16 / fp16 / fp32) and the groups suite's
# GroupNorm shapes (16-bit, none / silu, contiguous) launch with STATS_AHEAD or DH_L2 on
# (compile_check.py's method). Output: compile_flags.json. Run from the repository root.
import sys, torch, json
sys.path.insert(0, "benchmarks")
import compile_check as CC
from fusednorm.kernels import launch, rownorm as RK, groupnorm as GK
launch.CachedKernel.__call__ = CC._record
RK.sm_count = GK.sm_count = lambda d: 132
for n in CC.ROWS_N:
    for dt in (torch.bfloat16, torch.float16, torch.float32):
        x = torch.empty((4, n), dtype=dt); w = torch.empty(n, dtype=dt); st = torch.empty(4)
        for rms in (False, True):
            for res in (False, True):
                RK.rownorm_bwd(x, x if res else None, x, w, st, st, rms, True, not rms, x)
CC.launch_groups(CC.GROUP_SHAPES, (torch.bfloat16, torch.float16), (None, "silu"), (False,))
out = []
for key, (fn, sig, const, warps, maxnreg) in CC.recorded.items():
    if fn.__name__ not in ("_rownorm_bwd_kernel",) or not (const.get("STATS_AHEAD") or const.get("DH_L2")):
        continue
    ck = CC.compile_recorded(key)
    r, sp = CC.ptxas_usage(ck.asm["ptx"])
    out.append(dict(path=const["PATH"], block=const["BLOCK_N"], warps=warps, rms=const["IS_RMS"], dh=const["HAS_DH"], affine=const["AFFINE"], replay=const["REPLAY"], prefetch=const["PREFETCH"], ahead=const["STATS_AHEAD"], dh_l2=const["DH_L2"], regs=r, spill=sp, maxnreg=maxnreg, dt=sorted(set(sig.values()))[:3]))
    print(out[-1], flush=True)
json.dump(out, open(sys.argv[1], "w"), indent=0)
