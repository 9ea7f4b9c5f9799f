"""Probe (not library code): is a row staged in shared memory by asynchronous copies
faster than the library's cooperative forward at N = 64K (16-bit)?

v0.24-v0.35 found the cooperative forward at 64K-256K held at 90-96% of copy by neither
the wait nor occupancy; quack (CuTe DSL) reaches 97-98% on RMSNorm with each CTA's part
of a row brought into shared memory by cp.async. Triton's tl.load brings data into
registers only, so the bytes in flight per SM are bounded by the registers held over a
row (about 32 KB per SM). Gluon (triton.experimental.gluon, shipped with Triton 3.6)
exposes cp.async into shared memory. This kernel keeps a ring of NBUF chunks of CHUNK
elements in shared memory per program (one program per SM, persistent over rows): a row
of C chunks is all resident (pass 1: the sum of squares; pass 2: y), and each chunk's
slot is refilled with the chunk NBUF further on as soon as pass 2 has read it, so the
next row's loads are in flight while this row is finished. No exchange between
programs: a row is one program's.

Usage (GPU): python benchmarks/gluon_probe.py [out.json]
CPU: python benchmarks/gluon_probe.py --compile  (compiles each variant for sm_90a and
prints registers / shared memory; nothing runs)."""
import json
import os
import sys

import torch
import triton
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.ampere import async_copy as cp


@gluon.jit
def _ring_norm_fwd(X, W, B, Y, M, N, stride_x, stride_y, eps,
                   CHUNK: gl.constexpr,   # elements a chunk (one cp.async group)
                   C: gl.constexpr,       # chunks a row (C * CHUNK == N)
                   NBUF: gl.constexpr,    # ring slots in shared memory (>= C)
                   VEC: gl.constexpr,     # elements a thread copies at once (16 B)
                   WARPS: gl.constexpr,
                   IS_RMS: gl.constexpr):
    L: gl.constexpr = gl.BlockedLayout([VEC], [32], [WARPS], [0])
    S: gl.constexpr = gl.SwizzledSharedLayout(1, 1, 1, [0])
    ring = gl.allocate_shared_memory(X.dtype.element_ty, [NBUF, CHUNK], S)
    pid = gl.program_id(0)
    P = gl.num_programs(0)
    n_rows = (M - pid + P - 1) // P
    total = n_rows * C
    offs = gl.arange(0, CHUNK, layout=L)
    # Prologue: chunks 0 .. NBUF - 1 of this program's stream (group j = chunk j).
    for j in gl.static_range(NBUF):
        row = (pid + (j // C) * P).to(gl.int64)
        ok = (offs * 0 + j) < total
        cp.async_copy_global_to_shared(ring.index(j), X + row * stride_x + (j % C) * CHUNK + offs,
                                       mask=ok)
        cp.commit_group()
    for r in range(n_rows):
        row = (pid + r * P).to(gl.int64)
        acc = gl.zeros([CHUNK], gl.float32, L)
        acc2 = gl.zeros([CHUNK], gl.float32, L)
        # Pass 1: committed groups are chunks 0 .. NBUF + r*C - 1, so chunk r*C + c is
        # complete once at most NBUF - 1 - c groups are outstanding.
        for c in gl.static_range(C):
            cp.wait_group(NBUF - 1 - c)
            x = ring.index((r * C + c) % NBUF).load(L).to(gl.float32)
            if IS_RMS:
                acc += x * x
            else:
                acc += x
                acc2 += x * x
        if IS_RMS:
            mean = 0.0
            rstd = gl.rsqrt(gl.sum(acc, axis=0) / N + eps)
        else:
            mean = gl.sum(acc, axis=0) / N
            var = gl.maximum(gl.sum(acc2, axis=0) / N - mean * mean, 0.0)
            rstd = gl.rsqrt(var + eps)
        # Pass 2: y, then the slot refilled with chunk r*C + c + NBUF.
        for c in gl.static_range(C):
            slot = (r * C + c) % NBUF
            x = ring.index(slot).load(L).to(gl.float32)
            w = gl.load(W + c * CHUNK + offs).to(gl.float32)
            if IS_RMS:
                y = x * rstd * w
            else:
                b = gl.load(B + c * CHUNK + offs).to(gl.float32)
                y = (x - mean) * rstd * w + b
            gl.store(Y + row * stride_y + c * CHUNK + offs, y.to(Y.dtype.element_ty))
            jn = r * C + c + NBUF
            rown = (pid + (r + (c + NBUF) // C) * P).to(gl.int64)
            ok = (offs * 0 + jn) < total
            cp.async_copy_global_to_shared(ring.index(slot),
                                           X + rown * stride_x + ((c + NBUF) % C) * CHUNK + offs,
                                           mask=ok)
            cp.commit_group()
    cp.wait_group(0)


def launch(x, w, b, y, eps, chunk, nbuf, warps, programs, is_rms):
    M, N = x.shape
    assert N % chunk == 0 and N // chunk <= nbuf
    vec = 16 // x.element_size()
    grid = (min(M, programs),)
    return _ring_norm_fwd[grid](x, w, b if b is not None else w, y, M, N, x.stride(0), y.stride(0),
                                eps, CHUNK=chunk, C=N // chunk, NBUF=nbuf, VEC=vec, WARPS=warps,
                                IS_RMS=is_rms, num_warps=warps)


def strip_barriers(ptx: str):
    """The PTX without the CTA barriers Triton's membar pass put at this file's own
    lines (after each cp.async.wait_group, around each refill): each thread reads only
    the shared elements its own cp.async wrote (one layout for both), so those are not
    needed. The reductions' barriers (located in Gluon's standard.py) stay."""
    out, loc, removed = [], "", 0
    for line in ptx.splitlines():
        t = line.strip()
        if t.startswith(".loc"):
            loc = t
        if t.startswith("bar.sync") and "// gluon_probe.py" in loc and "standard.py" not in loc:
            removed += 1
            continue
        out.append(line)
    return "\n".join(out) + "\n", removed


def lean_launcher(ck, device=0):
    """(launch(grid, *args), barriers removed): ck's kernel built again from its PTX without
    the barriers above and launched through ck's own C launcher."""
    import os
    import subprocess
    import tempfile
    from triton import knobs
    ptx, removed = strip_barriers(ck.asm["ptx"])
    with tempfile.TemporaryDirectory() as d:
        src, dst = os.path.join(d, "k.ptx"), os.path.join(d, "k.cubin")
        open(src, "w").write(ptx)
        subprocess.run([knobs.nvidia.ptxas.path, "-arch=sm_90a", src, "-o", dst], check=True)
        cubin = open(dst, "rb").read()
    ck.run  # loads ck itself first
    _, fn, n_regs, n_spills, _ = triton.runtime.driver.active.utils.load_binary(
        ck.name, cubin, ck.metadata.shared, device)
    run = ck.run

    def go(grid, *args):
        stream = torch.cuda.current_stream().cuda_stream
        run.launch(grid[0], 1, 1, stream, fn, run.launch_cooperative_grid, run.launch_pdl, None,
                   None, ck.packed_metadata, None, None, None, *args)
    return go, removed, n_regs


VARIANTS = [  # (chunk, nbuf, warps) for N = 65536 16-bit (nbuf * chunk * 2 B <= ~210 KB)
    (8192, 13, 8), (8192, 13, 16), (16384, 6, 8), (16384, 6, 16), (4096, 25, 8), (32768, 3, 16),
]


def compile_only():
    from triton.backends.compiler import GPUTarget
    from triton.experimental.gluon._runtime import GluonASTSource
    for chunk, nbuf, warps in VARIANTS:
        for is_rms in (True, False):
            fn = _ring_norm_fwd
            names = fn.arg_names
            sig = {"X": "*bf16", "W": "*bf16", "B": "*bf16", "Y": "*bf16", "M": "i32", "N": "i32",
                   "stride_x": "i32", "stride_y": "i32", "eps": "fp32",
                   "CHUNK": "constexpr", "C": "constexpr", "NBUF": "constexpr",
                   "VEC": "constexpr", "WARPS": "constexpr", "IS_RMS": "constexpr"}
            const = dict(CHUNK=chunk, C=65536 // chunk, NBUF=nbuf, VEC=8, WARPS=warps,
                         IS_RMS=is_rms)
            src = GluonASTSource(fn=fn, signature=sig,
                                 constexprs={(names.index(k),): v for k, v in const.items()},
                                 attrs={(names.index(k),): [["tt.divisibility", 16]]
                                        for k in ("X", "W", "B", "Y", "stride_x", "stride_y")})
            ck = triton.compile(src, target=GPUTarget("cuda", 90, 32), options=dict(num_warps=warps))
            print(chunk, nbuf, warps, "rms" if is_rms else "ln", "shared", ck.metadata.shared,
                  "ptx lines", len(ck.asm["ptx"].splitlines()), flush=True)
            if chunk == 8192 and nbuf == 13 and warps == 8 and is_rms:
                open("/tmp/ring.ptx", "w").write(ck.asm["ptx"])


def main(out):
    from triton.testing import do_bench
    import fusednorm
    torch.manual_seed(0)
    dev = "cuda"
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    res = dict(device=torch.cuda.get_device_name(0), torch=torch.__version__,
               triton=triton.__version__, rows=[])
    N = 65536
    M = (1 << 27) // N
    # copy bandwidth in this process
    a = torch.empty(1 << 28, dtype=torch.uint8, device=dev)
    bb = torch.empty_like(a)
    ms = do_bench(lambda: bb.copy_(a), warmup=50, rep=300)
    copy = 2 * a.numel() / ms / 1e6
    res["copy_gbps"] = copy
    print(f"copy {copy:.0f} GB/s", flush=True)
    for dtype in (torch.bfloat16, torch.float16):
        x = torch.randn(M, N, device=dev, dtype=dtype)
        w = torch.randn(N, device=dev, dtype=dtype)
        bias = torch.randn(N, device=dev, dtype=dtype)
        for is_rms in (True, False):
            xd = x.double()
            if is_rms:
                ref = xd * torch.rsqrt(xd.pow(2).mean(-1, keepdim=True) + 1e-6) * w.double()
                lib = lambda: fusednorm.rms_norm(x, (N,), w, 1e-6)
            else:
                ref = torch.nn.functional.layer_norm(xd, (N,), w.double(), bias.double(), 1e-6)
                lib = lambda: fusednorm.layer_norm(x, (N,), w, bias, 1e-6)
            nbytes = 2 * x.numel() * x.element_size() + (1 if is_rms else 2) * N * x.element_size()
            name = ("rms" if is_rms else "ln") + "_" + str(dtype).split(".")[1]
            with torch.no_grad():
                ms = do_bench(lib, warmup=50, rep=400)
            err = (lib().double() - ref).abs().max().item()
            row = dict(case=name, variant="library", ms=ms, pct=100 * nbytes / ms / 1e6 / copy,
                       maxerr=err)
            print(row, flush=True)
            res["rows"].append(row)
            for chunk, nbuf, warps in VARIANTS:
                for lean in ((True,) if os.environ.get("PROBE_LEAN_ONLY") else (False, True)):
                    y = torch.full_like(x, float("nan"))
                    label = f"ring {chunk}x{nbuf} w{warps}" + (" lean" if lean else "")
                    f = lambda: launch(x, w, None if is_rms else bias, y, 1e-6, chunk, nbuf, warps,
                                       sms, is_rms)
                    try:
                        ck = f()
                        if lean:
                            go, removed, regs = lean_launcher(ck)
                            args = (x, w, w if is_rms else bias, y, M, N, x.stride(0), y.stride(0),
                                    1e-6, chunk, N // chunk, nbuf, 16 // x.element_size(), warps,
                                    is_rms)  # the C launcher takes the constexprs too
                            y.fill_(float("nan"))
                            f = lambda: go((min(M, sms),), *args)
                            f()
                            label += f" (-{removed} bar, {regs} regs)"
                        torch.cuda.synchronize()
                        err = (y.double() - ref).abs().max().item()
                        ms = do_bench(f, warmup=50, rep=400)
                        # again after the timing: a race would show as a new error
                        y.fill_(float("nan"))
                        f()
                        torch.cuda.synchronize()
                        err = max(err, (y.double() - ref).abs().max().item())
                        row = dict(case=name, variant=label, ms=ms,
                                   pct=100 * nbytes / ms / 1e6 / copy, maxerr=err)
                    except Exception as e:  # noqa: BLE001 (a probe: record and go on)
                        row = dict(case=name, variant=label, error=repr(e)[:300])
                    print(row, flush=True)
                    res["rows"].append(row)
            del y
    if out:
        json.dump(res, open(out, "w"), indent=1)


if __name__ == "__main__":
    if "--compile" in sys.argv:
        compile_only()
    else:
        main(sys.argv[1] if len(sys.argv) > 1 else None)
