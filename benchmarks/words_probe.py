"""Probe (not library code): a 16-bit LayerNorm / RMSNorm forward row of up to 64K held by
one program as int32 words (two values each), so a 64K row fits one SM's registers the way
the library's 32K tile does in fp32 (v0.45; issue 6's forward at 64K, where the library
runs its cooperative forward).

One program a row, grid M, BLOCK_W = BLOCK_N / 2 words. x (and w, b in x's dtype) are read
through int32 views; pass 1 forms the sums from the words' halves, pass 2 forms them again
(from the words XORed with a value the compiler cannot prove zero, so it does not keep pass
1's fp32 halves alive) and writes y as words.

    python benchmarks/words_probe.py regs            # CPU: registers and spills, sm_90a
    python benchmarks/words_probe.py time OUT.json   # GPU: against the library, do_bench
"""
import json
import sys

import torch
import triton
import triton.language as tl


@triton.jit
def _halves(wd, BF16: tl.constexpr):
    """fp32 values of the low and high 16-bit halves of int32 words (bf16 or fp16)."""
    if BF16:
        lo = (wd << 16).to(tl.float32, bitcast=True)
        hi = (wd & -65536).to(tl.float32, bitcast=True)
    else:
        lo = wd.to(tl.int16).to(tl.float16, bitcast=True).to(tl.float32)
        hi = (wd >> 16).to(tl.int16).to(tl.float16, bitcast=True).to(tl.float32)
    return lo, hi


@triton.jit
def _word(lo, hi, BF16: tl.constexpr):
    """int32 words of two fp32 tensors rounded to bf16 / fp16 (lo in the low half)."""
    if BF16:
        a = lo.to(tl.bfloat16).to(tl.int16, bitcast=True)
        b = hi.to(tl.bfloat16).to(tl.int16, bitcast=True)
    else:
        a = lo.to(tl.float16).to(tl.int16, bitcast=True)
        b = hi.to(tl.float16).to(tl.int16, bitcast=True)
    return (a.to(tl.int32) & 0xFFFF) | (b.to(tl.int32) << 16)


@triton.jit
def _chunk_sums(xw, m, k, IS_RMS: tl.constexpr, BF16: tl.constexpr):
    """A chunk's (sum of squares) or (sum of d, sum of d * d) with d = x - k."""
    lo, hi = _halves(xw, BF16)
    if IS_RMS:
        s1 = 0.0
        s2 = tl.sum(lo * lo + hi * hi, axis=0)
    else:
        dl = tl.where(m, lo - k, 0.0)
        dh = tl.where(m, hi - k, 0.0)
        s1 = tl.sum(dl + dh, axis=0)
        s2 = tl.sum(dl * dl + dh * dh, axis=0)
    return s1, s2


@triton.jit
def _chunk_out(xw, W, B, Y, row, stride_yw, j, m, mean, rstd, opaque, HAS_W: tl.constexpr,
               HAS_B: tl.constexpr, BF16: tl.constexpr):
    """Write a chunk's y words (its w and b words loaded here, after the previous chunk's
    stores: the loads do not move above them, so only one chunk's w and b are live)."""
    lo, hi = _halves(xw ^ opaque, BF16)
    lo = (lo - mean) * rstd
    hi = (hi - mean) * rstd
    if HAS_W:
        W32 = W.to(tl.pointer_type(tl.int32), bitcast=True)
        wl, wh = _halves(tl.load(W32 + j, mask=m, other=0), BF16)
        lo = lo * wl
        hi = hi * wh
    if HAS_B:
        B32 = B.to(tl.pointer_type(tl.int32), bitcast=True)
        bl, bh = _halves(tl.load(B32 + j, mask=m, other=0), BF16)
        lo = lo + bl
        hi = hi + bh
    Y32 = Y.to(tl.pointer_type(tl.int32), bitcast=True)
    tl.store(Y32 + row * stride_yw + j, _word(lo, hi, BF16), mask=m)


@triton.jit
def _words_fwd(X, W, B, Y, MEAN, RSTD, N, stride_xw, stride_yw, eps,
               IS_RMS: tl.constexpr, HAS_W: tl.constexpr, HAS_B: tl.constexpr,
               STATS: tl.constexpr, BF16: tl.constexpr, BLOCK_W: tl.constexpr):
    # The row as four chunks of words, so that pass 2 can take them one at a time.
    CW: tl.constexpr = BLOCK_W // 4
    row = tl.program_id(0).to(tl.int64)
    NW = N // 2
    X32 = X.to(tl.pointer_type(tl.int32), bitcast=True) + row * stride_xw
    j0 = tl.arange(0, CW)
    j1 = CW + j0
    j2 = 2 * CW + j0
    j3 = 3 * CW + j0
    m0 = j0 < NW
    m1 = j1 < NW
    m2 = j2 < NW
    m3 = j3 < NW
    x0 = tl.load(X32 + j0, mask=m0, other=0)
    x1 = tl.load(X32 + j1, mask=m1, other=0)
    x2 = tl.load(X32 + j2, mask=m2, other=0)
    x3 = tl.load(X32 + j3, mask=m3, other=0)
    if IS_RMS:
        k = 0.0
    else:
        k = tl.load(X + row * stride_xw * 2).to(tl.float32)
    a0, b0 = _chunk_sums(x0, m0, k, IS_RMS, BF16)
    a1, b1 = _chunk_sums(x1, m1, k, IS_RMS, BF16)
    a2, b2 = _chunk_sums(x2, m2, k, IS_RMS, BF16)
    a3, b3 = _chunk_sums(x3, m3, k, IS_RMS, BF16)
    s1 = (a0 + a1) + (a2 + a3)
    s2 = (b0 + b1) + (b2 + b3)
    if IS_RMS:
        mean = 0.0
        rstd = 1.0 / tl.sqrt(s2 / N + eps)
    else:
        dm = s1 / N
        mean = k + dm
        rstd = 1.0 / tl.sqrt(tl.maximum(s2 - s1 * dm, 0.0) / N + eps)
    if STATS:
        if not IS_RMS:
            tl.store(MEAN + row, mean)
        tl.store(RSTD + row, rstd)
    # (N >> 31) is 0 for any row length, but not to the compiler: pass 2's halves are
    # formed again from the words, not kept from pass 1 (twice the registers).
    opaque = N >> 31
    _chunk_out(x0, W, B, Y, row, stride_yw, j0, m0, mean, rstd, opaque, HAS_W, HAS_B, BF16)
    _chunk_out(x1, W, B, Y, row, stride_yw, j1, m1, mean, rstd, opaque, HAS_W, HAS_B, BF16)
    _chunk_out(x2, W, B, Y, row, stride_yw, j2, m2, mean, rstd, opaque, HAS_W, HAS_B, BF16)
    _chunk_out(x3, W, B, Y, row, stride_yw, j3, m3, mean, rstd, opaque, HAS_W, HAS_B, BF16)


def launch(x, w, b, is_rms, warps, stats=False, eps=1e-5):
    M, N = x.shape
    y = torch.empty_like(x)
    mean = torch.empty(M, device=x.device, dtype=torch.float32)
    rstd = torch.empty(M, device=x.device, dtype=torch.float32)
    _words_fwd[(M,)](x, w, b, y, mean, rstd, N, x.stride(0) // 2, y.stride(0) // 2, eps,
                     IS_RMS=is_rms, HAS_W=w is not None, HAS_B=b is not None, STATS=stats,
                     BF16=x.dtype == torch.bfloat16,
                     BLOCK_W=triton.next_power_of_2(N) // 2, num_warps=warps)
    return y


def regs():
    sys.path.insert(0, "benchmarks")
    import compile_check as CC
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource
    names = _words_fwd.arg_names
    for bf16 in (True, False):
        for is_rms in (True, False):
            for warps in (8, 16, 32):
                sig = {"X": "*bf16" if bf16 else "*fp16", "W": "*bf16" if bf16 else "*fp16",
                       "B": "*bf16" if bf16 else "*fp16", "Y": "*bf16" if bf16 else "*fp16",
                       "MEAN": "*fp32", "RSTD": "*fp32", "N": "i32", "stride_xw": "i32",
                       "stride_yw": "i32", "eps": "fp32"}
                const = dict(IS_RMS=is_rms, HAS_W=True, HAS_B=not is_rms, STATS=False,
                             BF16=bf16, BLOCK_W=32768)
                for c in const:
                    sig[c] = "constexpr"
                div = ["X", "W", "B", "Y", "MEAN", "RSTD", "N", "stride_xw", "stride_yw"]
                src = ASTSource(fn=_words_fwd, signature=sig,
                                constexprs={(names.index(k),): v for k, v in const.items()},
                                attrs={(names.index(k),): [["tt.divisibility", 16]] for k in div})
                ck = triton.compile(src, target=GPUTarget("cuda", 90, 32),
                                    options=dict(num_warps=warps))
                r, s = CC.ptxas_usage(ck.asm["ptx"])
                print("bf16" if bf16 else "fp16", "rms" if is_rms else "ln", "warps", warps,
                      "regs", r, "spill", s, flush=True)


def time(out):
    import fusednorm
    from triton.testing import do_bench
    torch.manual_seed(0)
    dev = "cuda"
    res = []
    big = torch.empty(1 << 28, dtype=torch.uint8, device=dev)
    big2 = torch.empty_like(big)
    copy_ms = do_bench(lambda: big2.copy_(big), warmup=50, rep=300)
    copy = 2 * big.numel() / copy_ms / 1e6
    print(f"{torch.cuda.get_device_name()} copy 256 MB {copy:.0f} GB/s", flush=True)
    for dtype in (torch.bfloat16, torch.float16):
        for n in (65536, 49152, 40000):
            M = max(1, (1 << 27) // n)
            x = torch.randn(M, n, device=dev, dtype=dtype) * 2 + 0.5
            w = torch.randn(n, device=dev, dtype=dtype)
            b = torch.randn(n, device=dev, dtype=dtype)
            for is_rms in (True, False):
                bb = None if is_rms else b
                ref = (torch.nn.functional.rms_norm(x.double(), (n,), w.double(), 1e-5)
                       if is_rms else torch.nn.functional.layer_norm(
                           x.double(), (n,), w.double(), b.double(), 1e-5))
                nbytes = 2 * x.numel() * x.element_size() + (1 if is_rms else 2) * n * 2
                lib = ((lambda: fusednorm.rms_norm(x, (n,), w)) if is_rms
                       else (lambda: fusednorm.layer_norm(x, (n,), w, b)))
                with torch.no_grad():
                    err_lib = (lib().double() - ref).abs().max().item()
                    t_lib = do_bench(lib, warmup=25, rep=200)
                    for warps in (8, 16, 32):
                        y = launch(x, w, bb, is_rms, warps)
                        err = (y.double() - ref).abs().max().item()
                        t = do_bench(lambda: launch(x, w, bb, is_rms, warps), warmup=25, rep=200)
                        r = dict(dtype=str(dtype), n=n, rms=is_rms, warps=warps,
                                 pct=100 * nbytes / t / 1e6 / copy,
                                 lib_pct=100 * nbytes / t_lib / 1e6 / copy,
                                 err=err, err_lib=err_lib)
                        res.append(r)
                        print(f"{str(dtype):15s} {n:6d} {'rms' if is_rms else 'ln ':3s} "
                              f"warps {warps:2d} words {r['pct']:5.1f}%  library "
                              f"{r['lib_pct']:5.1f}%  err {err:.3g} (library {err_lib:.3g})",
                              flush=True)
    json.dump(dict(copy_gbps=copy, results=res), open(out, "w"), indent=1)


if __name__ == "__main__":
    if sys.argv[1] == "regs":
        regs()
    else:
        time(sys.argv[2])
