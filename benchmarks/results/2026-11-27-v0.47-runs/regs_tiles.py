# v0.47, on the CPU (no GPU): registers and spills (sm_90a, Triton's ptxas) of the group-path
# backward that fp32 UNet 1280 (16x1280x16x16, contiguous) launches on 132 SMs with
# GROUP_TILE_USE_BWD (16 x 256 tiles on 8 warps), none and silu. Run from the repository root.
import sys
import torch
sys.path.insert(0, "benchmarks")
import compile_check as CC
from fusednorm.kernels import launch, rownorm as RK, groupnorm as GK
launch.CachedKernel.__call__ = CC._record
RK.sm_count = GK.sm_count = lambda d: 132
x = torch.empty((16, 1280, 16, 16))
w = torch.empty(1280)
st = torch.empty((16, 32))
for act in (None, "silu"):
    GK.groupnorm_bwd(x, x, w, w, st, st, 32, act, x, w, w)
for key, (fn, sig, const, nw, cap) in CC.recorded.items():
    regs, spill = CC.ptxas_usage(CC.compile_recorded(key).asm["ptx"])
    print(f"{fn.__name__} BLOCK_C={const.get('BLOCK_C')} BLOCK_S={const.get('BLOCK_S')} "
          f"ACT={const.get('ACTIVATION')} warps={nw} cap={cap} registers={regs} spill={spill}")
