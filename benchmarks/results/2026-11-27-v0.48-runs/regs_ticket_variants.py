"""CPU probe (sm_90a): compile the TICKET variants (TICKET 2, the GPU's: rownorm._launch_tag on) of the
cooperative launches regs_ticket.py records, and report their registers and spills beside
the eager variants'. Catches a kernel that the interpreter runs but the GPU compiler
refuses (a global read in @triton.jit code, call 2's failure).

    PYTHONPATH=src:benchmarks python regs_ticket_variants.py OUT.json"""
import json
import sys

import compile_check as CC
from regs_ticket import record

keys = record()
out = []
for i, key in enumerate(keys):
    fn, sig, const, warps, maxnreg = CC.recorded[key]
    tkey = ("ticket",) + tuple(key)
    CC.recorded[tkey] = (fn, sig, {**const, "TICKET": 2}, warps, maxnreg)
    CC.divisible[tkey] = CC.divisible[key]
    rec = dict(kernel=fn.__name__, num_warps=warps, maxnreg=maxnreg)
    try:
        ck = CC.compile_recorded(tkey)
        regs, spills = CC.ptxas_usage(ck.asm["ptx"])
        rec.update(registers=regs, spills=spills)
    except Exception as e:  # noqa: BLE001
        rec["error"] = f"{type(e).__name__}: {str(e)[:300]}"
    out.append(rec)
    print(f"[{i + 1}/{len(keys)}] {rec['kernel']} w={warps} cap={maxnreg} "
          + (rec.get("error") or f"{rec['registers']} regs {rec['spills']} B"), flush=True)
with open(sys.argv[1], "w") as f:
    json.dump(out, f, indent=1)
