# Inference (STATS False) forward variants of the rows suite, compiled for sm_90a: spills?
import sys, json, torch
sys.path.insert(0, "benchmarks")
import compile_check as CC
from fusednorm.kernels import rownorm as RK, groupnorm as GK, launch
launch.CachedKernel.__call__ = CC._record
GK.sm_count = RK.sm_count = lambda d: 132
for n in CC.ROWS_N:
    for dt in (torch.bfloat16, torch.float16, torch.float32):
        x = torch.empty((4, n), dtype=dt); w = torch.empty(n, dtype=dt)
        for rms in (False, True):
            for res in (None, x):
                b = None if rms else w
                h = x if res is not None else None
                prep = RK.prepare_fwd(x, res, w, b, rms, x, h, None, None)
                RK.launch_fwd(prep, x, res, w, b, 1e-5, x, h, None, None)
print(len(CC.recorded), "variants", flush=True)
out = []
for key, (fn, sig, const, warps, maxnreg) in CC.recorded.items():
    ck = CC.compile_recorded(key)
    regs, spills = CC.ptxas_usage(ck.asm["ptx"])
    rec = dict(warps=warps, maxnreg=maxnreg, dtypes=sorted({v for v in sig.values() if v.startswith('*')}), regs=regs, spills=spills,
               const={k: v for k, v in const.items() if k in ("IS_RMS", "STATS", "HAS_RESIDUAL", "PATH", "BLOCK_N", "BLOCK_N2", "ROWS")})
    out.append(rec)
    print(rec, flush=True)
json.dump(out, open(sys.argv[1], "w"), indent=1)
