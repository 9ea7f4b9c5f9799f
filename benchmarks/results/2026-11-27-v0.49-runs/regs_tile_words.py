"""CPU probe (sm_90a): the rows suite's variants of the 16-bit tile of words (PATH 0, PACK16:
RMSNorm at 65536, with and without statistics) compiled, registers and spills.

    PYTHONPATH=src:benchmarks python regs_tile_words.py"""
import torch

import compile_check as CC
from fusednorm.kernels import launch
from fusednorm.kernels import rownorm as RK

launch.CachedKernel.__call__ = CC._record
RK.sm_count = lambda device: CC.SMS
CC.launch_rows((65536,), (torch.bfloat16, torch.float16))
for key, (fn, sig, const, warps, maxnreg) in CC.recorded.items():
    if const.get("PATH") == 0 and const.get("PACK16"):
        ck = CC.compile_recorded(key)
        regs, spills = CC.ptxas_usage(ck.asm["ptx"])
        print(fn.__name__, sorted({v for v in sig.values() if v.startswith("*")}),
              "STATS", const["STATS"], "W", const["HAS_WEIGHT"], "warps", warps,
              f"{regs} registers, {spills} B spilled", flush=True)
