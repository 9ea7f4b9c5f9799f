import os, sys, re, torch
sys.path.insert(0, '/work/main/benchmarks')
import compile_check as CC
from fusednorm.kernels import rownorm as RK, launch, groupnorm as GK
launch.CachedKernel.__call__ = CC._record
GK.sm_count = RK.sm_count = lambda device: 132
ns = [int(v) for v in sys.argv[1].split(',')]
mode = sys.argv[2]
for n in ns:
    m = 4
    for dtype in (torch.bfloat16, torch.float32):
        x = torch.empty((m, n), dtype=dtype); w = torch.empty(n, dtype=dtype); st = torch.empty(m)
        for is_rms in (False, True):
            for res in (None, x):
                b = None if is_rms else w
                h = x if res is not None else None
                if mode == 'fwd':
                    prep = RK.prepare_fwd(x, res, w, b, is_rms, x, h, None, None)
                    RK.launch_fwd(prep, x, res, w, b, 1e-5, x, h, None, None)
                else:
                    RK.rownorm_bwd(x, x if res is not None else None, x, w, st, st, is_rms, True, not is_rms, x)
for key, (fn, sig, const, warps, maxnreg) in CC.recorded.items():
    ck = CC.compile_recorded(key)
    ptx = ck.asm['ptx']
    regs, spills = CC.ptxas_usage(ptx)
    pf = len(re.findall(r'prefetch\.L2', ptx))
    st_hint = sorted(set(re.findall(r'st\.global[.\w:]*', ptx)))
    print("REC", fn.__name__[9:12], const.get("PATH"), const.get("BLOCK_N"), const.get("BLOCK_N2"), warps, sig.get("X"), "rms" if const.get("IS_RMS") else "ln", "dh" if const.get("HAS_DH") or const.get("HAS_RESIDUAL") else "-", "regs", regs, "spill", spills, flush=True)
