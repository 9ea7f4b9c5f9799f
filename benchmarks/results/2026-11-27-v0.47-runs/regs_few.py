# v0.47, on the CPU (no GPU): registers and spills (sm_90a, Triton's ptxas) of GroupNorm's
# rows-path 16-bit forward in launches of at most GN_FWD_FEW_ROWS rows (GN_FWD_COOP_FEW's
# 4096 / 4 warps at 5 an SM, cap 96, words): VAE 512 at N = 1 / 2 (16 channels a row) and
# InstanceNorm 1x64x64^3 (one channel a row), bf16 and fp16, none and silu, with and
# without statistics, launched as the GPU would (132 SMs). Run from the repository root.
import sys
import torch
sys.path.insert(0, "benchmarks")
import compile_check as CC
from fusednorm.kernels import launch, rownorm as RK, groupnorm as GK
launch.CachedKernel.__call__ = CC._record
RK.sm_count = GK.sm_count = lambda d: 132
for shape, G in (((1, 512, 128, 128), 32), ((2, 512, 128, 128), 32),
                 ((1, 64, 64, 64, 64), 64)):
    for dt in (torch.bfloat16, torch.float16):
        for act in (None, "silu"):
            x = torch.empty(shape, dtype=dt)
            w = torch.empty(shape[1], dtype=dt)
            st = torch.empty((shape[0], G))
            GK.groupnorm_fwd(x, w, w, G, 1e-5, act, x, st, st)
            GK.groupnorm_fwd(x, w, w, G, 1e-5, act, x, None, None)
for key, (fn, sig, const, nw, cap) in sorted(CC.recorded.items(), key=repr):
    if fn.__name__ != "_rownorm_fwd_kernel":
        continue
    regs, spill = CC.ptxas_usage(CC.compile_recorded(key).asm["ptx"])
    print(f"{sig['X']} BLOCK_N={const['BLOCK_N']} warps={nw} cap={cap} "
          f"AFFINE={const['AFFINE']} ACT={const['ACTIVATION']} STATS={const['STATS']} "
          f"PACK16={const['PACK16']} registers={regs} spill={spill}", flush=True)
