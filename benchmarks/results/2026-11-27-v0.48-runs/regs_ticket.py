"""CPU probe (sm_90a, compile_check's machinery): registers, spills and PTX digests of the
cooperative kernel variants that the groups suite (bf16, both layouts, none / silu) and
the rows suite's long rows (12288-1M, bf16 and fp32, LayerNorm and RMSNorm, with and
without a residual) launch on 132 SMs. Run once on the tree before the ticket tags and
once after (PYTHONPATH picks the src) to see what _launch_tag's runtime branch costs the
eager launches.

    PYTHONPATH=<src>:benchmarks python regs_ticket.py OUT.json"""
import json
import sys

import torch

import compile_check as CC
from fusednorm.kernels import groupnorm as GK
from fusednorm.kernels import launch
from fusednorm.kernels import rownorm as RK

COOP = {"_groupnorm_cols_coop_kernel", "_groupnorm_cols_coop_bwd_kernel"}


def wanted(fn, const):
    name = fn.__name__
    if name in COOP:
        return const.get("PHASE") == 0
    if name == "_groupnorm_bwd_group_kernel":
        return bool(const.get("FINAL_SUM"))
    return name in ("_rownorm_fwd_kernel", "_rownorm_bwd_kernel") and const.get("PATH") == 1


def record():
    """Run the launchers (recording, nothing launched); the wanted variants' keys."""
    launch.CachedKernel.__call__ = CC._record
    GK.sm_count = RK.sm_count = lambda device: CC.SMS
    CC.launch_groups(CC.GROUP_SHAPES, (torch.bfloat16,), (None, "silu"), (False, True))
    CC.launch_rows((12288, 65536, 262144, 1 << 20), (torch.bfloat16, torch.float32))
    return [k for k, (fn, sig, const, w, m) in CC.recorded.items() if wanted(fn, const)]


def main():
    keys = record()
    print(f"{len(keys)} of {len(CC.recorded)} variants", flush=True)
    out = []
    for i, key in enumerate(keys):
        fn, sig, const, warps, maxnreg = CC.recorded[key]
        rec = dict(kernel=fn.__name__, num_warps=warps, maxnreg=maxnreg,
                   constexprs={k: v for k, v in const.items()},
                   dtypes=sorted({v for v in sig.values() if v.startswith("*")}))
        try:
            ck = CC.compile_recorded(key)
            regs, spills = CC.ptxas_usage(ck.asm["ptx"])
            rec.update(registers=regs, spills=spills, ptx_sha=CC.ptx_digest(ck.asm["ptx"]))
        except Exception as e:  # noqa: BLE001
            rec["error"] = f"{type(e).__name__}: {str(e)[:200]}"
        out.append(rec)
        print(f"[{i + 1}/{len(keys)}] {rec['kernel']} w={warps} cap={maxnreg} "
              + (rec.get("error") or f"{rec['registers']} regs {rec['spills']} B"), flush=True)
    with open(sys.argv[1], "w") as f:
        json.dump(out, f, indent=1, default=str)


if __name__ == "__main__":
    main()
