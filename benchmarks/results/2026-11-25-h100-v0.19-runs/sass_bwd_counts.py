# SASS of the 16-bit LayerNorm backward: the tile path at 8192 against the cooperative path
# at 64K (2048 / 4 warps / replay 2) and at 256K (4096 / 4 / 2): instructions by class.
import sys, os, subprocess, tempfile, re, collections, torch, triton
sys.path.insert(0, "benchmarks")
import compile_check as CC
from fusednorm.kernels import rownorm as RK, groupnorm as GK, launch
launch.CachedKernel.__call__ = CC._record
GK.sm_count = RK.sm_count = lambda d: 132
for n in (8192, 65536, 262144):
    x = torch.empty((4, n), dtype=torch.bfloat16); w = torch.empty(n, dtype=torch.bfloat16); st = torch.empty(4)
    RK.rownorm_bwd(x, None, x, w, st, st, False, True, True, x)
bindir = os.path.join(os.path.dirname(triton.__file__), "backends/nvidia/bin")
for key, (fn, sig, const, warps, maxnreg) in CC.recorded.items():
    if fn.__name__ != "_rownorm_bwd_kernel": continue
    ck = CC.compile_recorded(key)
    with tempfile.TemporaryDirectory() as d:
        p = os.path.join(d, "k.cubin"); open(p, "wb").write(ck.asm["cubin"])
        sass = subprocess.run([os.path.join(bindir, "cuobjdump"), "-sass", p], capture_output=True, text=True).stdout
    ops = collections.Counter()
    for ln in sass.splitlines():
        m = re.match(r"\s+/\*[0-9a-f]+\*/\s+(@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]+)", ln)
        if m: ops[m.group(2).split(".")[0]] += 1
    tot = sum(ops.values())
    print(f"PATH {const['PATH']} BLOCK_N {const['BLOCK_N']} warps {warps} REPLAY {const.get('REPLAY')} regs {ck.n_regs if hasattr(ck,'n_regs') else '?'} total {tot}")
    print("   ", ", ".join(f"{k} {v}" for k, v in ops.most_common(18)))
