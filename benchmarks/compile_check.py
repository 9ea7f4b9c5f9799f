"""Compile, on a CPU machine, every Triton kernel variant that the benchmark suites' shapes
launch on an H100 (sm_90a, 132 SMs), and report registers and spills per thread
(forward variants with and without statistics: the bench's forward runs the latter).

The launchers run with CPU tensors and a recording stand-in for the launch, so the launch
decisions (paths, tiles, warps, constexprs) are exactly the GPU's; each distinct variant
is then compiled with triton.compile for sm_90a and its cubin's registers and spills read
back. Catches Triton compiler failures (a pass that asserts on one dtype, say) before GPU
time is spent, and checks the spill-free claims of the launch heuristics.

    python benchmarks/compile_check.py [groups|rows|all|quick] [OUT.json]

OUT.json also records each variant's `ptx_sha` (ptx_digest): equal digests across two
runs show that a refactor of @triton.jit code compiles to the same instructions.

Needs no GPU; about a minute per dozen variants on a 2-core machine."""
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile

import torch
import triton
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource

from fusednorm.kernels import groupnorm as GK
from fusednorm.kernels import launch
from fusednorm.kernels import rownorm as RK

SMS = 132
_TYPES = {torch.float32: "fp32", torch.float16: "fp16", torch.bfloat16: "bf16",
          torch.int32: "i32", torch.int64: "i64"}
recorded = {}
# Per recorded key, the arguments Triton marks divisible by 16 on the GPU (tt.divisibility:
# 16-byte aligned pointers, as CUDA allocations are, and ints that are multiples of 16).
# Without them the loads compile unvectorized and registers and spills differ from the
# GPU's compile (bf16 LayerNorm's cooperative backward at slice 4096 and 4 warps: 412-680 B
# spilled without, 8-36 B with; found in v0.7).
divisible = {}


def _record(self, grid, args, constexprs, num_warps, maxnreg=None):
    fn = self.fn
    names = fn.arg_names
    # Arguments declared do_not_specialize (the cooperative kernels' TAG) are never
    # specialized, 1 included.
    dns = {p.name for p in fn.params if getattr(p, "do_not_specialize", False)}
    sig = {}
    const = dict(constexprs)
    div = []
    for name, a in zip(names, args):
        if isinstance(a, torch.Tensor):
            div.append(name)
            sig[name] = "*" + _TYPES[a.dtype]
        elif isinstance(a, bool):
            sig[name] = "i1"
        elif isinstance(a, int) and a == 1 and name not in dns:
            const[name] = 1  # Triton 3.6 specializes an int equal to 1 as a constant
        elif isinstance(a, int):
            sig[name] = "i32" if -2**31 <= a < 2**31 else "i64"
            if a % 16 == 0:
                div.append(name)
        else:
            sig[name] = "fp32"
    for name in const:
        sig[name] = "constexpr"
    div = tuple(n for n in div if sig[n] != "constexpr")
    variants = [const]
    if (fn.__name__ in ("_groupnorm_cols_coop_kernel", "_groupnorm_cols_coop_bwd_kernel")
            and const.get("PHASE") == 1):
        # On CPU the cooperative columns paths launch their steps apart (PHASE 1-3); the GPU
        # runs them in one launch, PHASE 0: compile that too.
        variants.append({**const, "PHASE": 0})
    for c in variants:
        key = (fn.__name__, tuple(sig.items()), tuple(c.items()), num_warps, maxnreg, div)
        recorded.setdefault(key, (fn, sig, c, num_warps, maxnreg))
        divisible.setdefault(key, div)


GROUP_SHAPES = [((16, 320, 64, 64), 32), ((16, 640, 32, 32), 32), ((16, 1280, 16, 16), 32),
                ((16, 1280, 8, 8), 32), ((2, 512, 128, 128), 32), ((2, 256, 256, 256), 32),
                ((2, 128, 512, 512), 32), ((8, 64, 64, 64, 64), None),
                ((2, 32, 128, 128, 128), None), ((8, 128, 32, 32, 32), None),
                ((16, 64, 128, 128), None)]
# "quick" (the CI test): the variants that once broke Triton 3.6's compiler (the group
# backward over several tiles in fp32, GroupNorm and InstanceNorm; v0.15: the group path's
# folded dw/db sum, whose loop reused a name with another type, which the interpreter
# does not check) and a split-path shape; then the folded rows-path backward (UNet 320)
# and the two-tile LayerNorm forward (5120) in bf16.
QUICK_SHAPES = [((16, 640, 32, 32), 32), ((8, 128, 32, 32, 32), None),
                ((2, 128, 512, 512), 32)]
QUICK_SHAPES_BF16 = [((16, 1280, 16, 16), 32), ((16, 320, 64, 64), 32)]
QUICK_SHAPES_FP32 = [((16, 1280, 16, 16), 32), ((16, 640, 32, 32), 32)]
# ... and the cooperative channels_last forward with a group width that is not a power of
# two (tl.gather, v0.38), in the one launch the GPU runs (PHASE 0), and its backward (v0.39).
QUICK_COOP = ((16, 640, 32, 32), 32)


def launch_groups(shapes=GROUP_SHAPES, dtypes=(torch.bfloat16, torch.float16, torch.float32),
                  acts=(None, "silu"), layouts=(False, True)):
    """Run the GroupNorm launchers for the given shapes, dtypes, activations, layouts."""
    for shape, groups in shapes:
        N, C = shape[:2]
        S = 1
        for d in shape[2:]:
            S *= d
        G = groups or C
        for dtype in dtypes:
            for cl in layouts:
                # Strided stand-ins: only shapes, strides and dtypes reach the launchers.
                x = torch.empty((N, S, C) if cl else (N, C, S), dtype=dtype)
                x = x.transpose(1, 2) if cl else x
                w = torch.empty(C, dtype=dtype)
                st = torch.empty((N, G))
                for act in acts:
                    GK.groupnorm_fwd(x, w, w, G, 1e-5, act, x, st, st)
                    # The inference variant (no statistics), where the path has one.
                    prep = GK.prepare_fwd(x, G, act, w, w, x, False)
                    if prep.stats_optional:
                        GK.launch_fwd(prep, x, w, w, 1e-5, x, None, None)
                    GK.groupnorm_bwd(x, x, w, w, st, st, G, act, x, w, w)


ROWS_N = (256, 512, 1024, 2048, 4096, 5120, 8192, 12288, 16384, 32768, 65536, 131072, 262144,
          1 << 20)


def launch_rows(ns=ROWS_N, dtypes=(torch.bfloat16, torch.float16, torch.float32)):
    """Run the row-norm launchers for the given row lengths (the rows suite's) and dtypes."""
    for n in ns:
        m = 4
        for dtype in dtypes:
            x = torch.empty((m, n), dtype=dtype)
            w = torch.empty(n, dtype=dtype)
            st = torch.empty(m)
            for is_rms in (False, True):
                for res in (None, x):
                    b = None if is_rms else w
                    h = x if res is not None else None
                    RK.rownorm_fwd(x, res, w, b, 1e-5, is_rms, x, h, st, st)
                    # The inference variant (no statistics: an eager call without grad, and
                    # the bench's forward), compiled apart (v0.19: it alone spilled at 32K).
                    prep = RK.prepare_fwd(x, res, w, b, is_rms, x, h, None, None)
                    RK.launch_fwd(prep, x, res, w, b, 1e-5, x, h, None, None)
                    RK.rownorm_bwd(x, x if res is not None else None, x, w, st, st, is_rms,
                                   True, not is_rms, x)


def ptx_digest(ptx: str) -> str:
    """A digest of the PTX without its debug info (line records, debug sections, labels
    and comments) and with virtual registers renumbered in order of first use. Equal
    digests before and after a refactor mean the same instructions; unequal ones can
    still be the same code with interchangeable registers (accumulators initialized
    alike) numbered otherwise, so read the PTX then."""
    keep = [ln for ln in ptx.splitlines()
            if not re.match(r"\s*(\.loc|\.file|//|\.section|\.b8|\.b32|\.b64|\$L__tmp)", ln)]
    text = re.sub(r"\$L__tmp\d+", "", "\n".join(keep))
    names = {}
    text = re.sub(r"%[a-z]+\d+", lambda m: names.setdefault(m.group(0), f"%v{len(names)}"), text)
    return hashlib.sha1(text.encode()).hexdigest()[:16]


def ptxas_usage(ptx: str):
    """(registers, spill stores in bytes) per thread, from Triton's bundled ptxas -v."""
    from triton import knobs
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "k.ptx")
        with open(path, "w") as f:
            f.write(ptx)
        out = subprocess.run([knobs.nvidia.ptxas.path, "-v", "-arch=sm_90a", path, "-o",
                              os.path.join(d, "k.cubin")], capture_output=True, text=True)
    text = out.stdout + out.stderr
    regs = re.search(r"Used (\d+) registers", text)
    spill = re.search(r"(\d+) bytes spill stores", text)
    return int(regs.group(1)) if regs else None, int(spill.group(1)) if spill else None


def compile_recorded(key):
    """Triton's CompiledKernel for sm_90a of the variant recorded under `key`."""
    fn, sig, const, warps, maxnreg = recorded[key]
    names = fn.arg_names
    src = ASTSource(fn=fn, signature=sig,
                    constexprs={(names.index(k),): v for k, v in const.items()},
                    attrs={(names.index(k),): [["tt.divisibility", 16]] for k in divisible[key]})
    opts = dict(num_warps=warps) if maxnreg is None else dict(num_warps=warps, maxnreg=maxnreg)
    return triton.compile(src, target=GPUTarget("cuda", 90, 32), options=opts)


def main():
    which = sys.argv[1] if len(sys.argv) > 1 else "all"
    launch.CachedKernel.__call__ = _record
    GK.sm_count = RK.sm_count = lambda device: SMS
    if which == "quick":
        # (with the rows-path backward off: since v0.40 these shapes' fp32 backward takes
        # the rows path by default, and the group path's variants that broke the compiler
        # are compiled as before; the group path still runs where no slice fits a
        # channel, e.g. 16x1280x16x16, launched here with the defaults)
        GK.ROWS_BWD = False
        launch_groups(QUICK_SHAPES, (torch.float32,), (None,), (False,))
        GK.ROWS_BWD = True
        GK.clear_plan_caches()
        launch_groups(QUICK_SHAPES_FP32, (torch.float32,), (None,), (False,))
        launch_groups(QUICK_SHAPES_BF16, (torch.bfloat16,), (None,), (False,))
        launch_rows((5120,), (torch.bfloat16,))
        shape, groups = QUICK_COOP
        x = torch.empty((shape[0], shape[2] * shape[3], shape[1]),
                        dtype=torch.bfloat16).transpose(1, 2)
        w = torch.empty(shape[1], dtype=torch.bfloat16)
        st = torch.empty((shape[0], groups))
        GK.groupnorm_fwd(x, w, w, groups, 1e-5, None, x, st, st)
        # ... and its cooperative backward (v0.39), as the GPU launches it; then both at a
        # width whose lanes (C = 15 rounded up: 16) are fewer than the groups' layout (5
        # groups of 3: 8 x 4), where a statement after a constexpr `if` that returned
        # once failed to compile (v0.39).
        GK.groupnorm_bwd(x, x, w, None, st, st, groups, None, x, st[0], st[0])
        x = torch.empty((2, 33, 15)).transpose(1, 2)
        w = torch.empty(15)
        st = torch.empty((2, 5))
        GK.groupnorm_fwd(x, w, w, 5, 1e-5, None, x, st, st)
        GK.groupnorm_bwd(x, x, w, None, st, st, 5, None, x, w, w)
    if which in ("groups", "all"):
        launch_groups()
    if which in ("rows", "all"):
        launch_rows()
    print(f"{len(recorded)} variants", flush=True)
    out, failures = [], 0
    for i, (key, (fn, sig, const, warps, maxnreg)) in enumerate(recorded.items()):
        rec = dict(kernel=fn.__name__, num_warps=warps, maxnreg=maxnreg, constexprs=const,
                   dtypes=sorted({v for v in sig.values() if v.startswith("*")}))
        try:
            ck = compile_recorded(key)
            regs, spills = ptxas_usage(ck.asm["ptx"])
            rec.update(registers=regs, spills=spills, ptx_sha=ptx_digest(ck.asm["ptx"]))
        except Exception as e:  # noqa: BLE001
            rec["error"] = f"{type(e).__name__}: {str(e)[:200]}"
            failures += 1
        out.append(rec)
        print(f"[{i + 1}/{len(recorded)}] {rec['kernel']} warps={warps} maxnreg={maxnreg} "
              f"{','.join(rec['dtypes'])} {const} -> "
              + (rec.get("error") or f"{rec['registers']} regs, {rec['spills']} B spilled"),
              flush=True)
    if len(sys.argv) > 2:
        with open(sys.argv[2], "w") as f:
            json.dump(out, f, indent=1)
    print(f"{failures} failed to compile")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
