"""Probe (not library code): the 16-bit row-norm forward at N = 65536 as a tile held in one
program's registers as int32 words (two 16-bit values a word), beside the library's
forward (the cooperative path there; the tile path holds fp32 and spills past 32768).

At N = 32768 the library's tile path (one program of 32 warps a row, the row held in
registers) reads 96.5-98.4% of copy; at 65536 the cooperative path reads 90-95 (issue 6's
target: 96). A row of 65536 16-bit values is 32 words a thread at 32 warps, as 32768 fp32
values are: this probe asks whether the row held as words, unpacked at each use, keeps the
tile path's speed at twice the row.

    python benchmarks/tile_words_probe.py [N ...]     (GPU; default 65536 32768)

Prints, per op, dtype and N, GPU time (a CUDA graph replayed) as % of a 1 GB copy timed in
the same process, the probe and the library alternated twice, and the probe's largest
error against float64 beside the library's (in units of the dtype's epsilon).
(_lo / _hi are the library's _word_lo / _word_hi since the library took the tile of words
in; v0.49's calls 4-5 ran the probe's own copies of the same code.)"""
import sys

import torch
import triton
import triton.language as tl

import fusednorm
from fusednorm.kernels.rownorm import _prefetch_l2
from fusednorm.kernels.rownorm import _word_hi as _hi
from fusednorm.kernels.rownorm import _word_lo as _lo
from fusednorm.bench.timing import CudaClock, copy_gbps, graph_ms


@triton.jit
def _pack(lo, hi, FP16: tl.constexpr):
    """Two fp32 tensors rounded to the 16-bit dtype, as words (lo in the low half)."""
    if FP16:
        a = lo.to(tl.float16).to(tl.int16, bitcast=True)
        b = hi.to(tl.float16).to(tl.int16, bitcast=True)
    else:
        a = lo.to(tl.bfloat16).to(tl.int16, bitcast=True)
        b = hi.to(tl.bfloat16).to(tl.int16, bitcast=True)
    return (a.to(tl.int32) & 0xFFFF) | (b.to(tl.int32) << 16)


@triton.jit
def _fresh(w, v):
    """w again, as a value the compiler cannot prove equal to w (OR of an integer zero made
    from the fp32 scalar v: v * 0 is not folded): so an unpacking of the held words after
    a reduction is computed there again, not kept from before it (64 fp32 values live
    beside the 32 words: 250-750 B spilled a thread at 32 warps, sm_90a)."""
    return w | (v * 0.0).to(tl.int32)


@triton.jit
def _words_row(X, R, W, B, Y, H, row, N, eps, IS_RMS: tl.constexpr, HAS_RES: tl.constexpr,
               HAS_B: tl.constexpr, FP16: tl.constexpr, BLOCK_W: tl.constexpr,
               ONE_PASS: tl.constexpr):
    # One row; x, r, w, b, y, h: (M, N) contiguous 16-bit, seen as int32 words.
    cols = tl.arange(0, BLOCK_W)
    base = row * (N // 2)
    xw = tl.load(X.to(tl.pointer_type(tl.int32)) + base + cols, eviction_policy="evict_first")
    if HAS_RES:
        rw = tl.load(R.to(tl.pointer_type(tl.int32)) + base + cols,
                     eviction_policy="evict_first")
        xw = _pack(_lo(xw, FP16) + _lo(rw, FP16), _hi(xw, FP16) + _hi(rw, FP16), FP16)
        tl.store(H.to(tl.pointer_type(tl.int32)) + base + cols, xw)
    if IS_RMS:
        a = _lo(xw, FP16)
        b = _hi(xw, FP16)
        ss = tl.sum(a * a + b * b, axis=0)
        mean = 0.0
    else:
        # The shift: the row's first value (as the library's tile path, _slice_shift).
        k = tl.load(X + row * N).to(tl.float32)
        if HAS_RES:
            k = (k + tl.load(R + row * N).to(tl.float32)).to(X.dtype.element_ty).to(tl.float32)
        a = _lo(xw, FP16) - k
        b = _hi(xw, FP16) - k
        if ONE_PASS:
            s1 = tl.sum(a + b, axis=0)
            s2 = tl.sum(a * a + b * b, axis=0)
            dm = s1 / N
            mean = k + dm
            ss = tl.maximum(s2 - s1 * dm, 0.0)
        else:
            mean = k + tl.sum(a + b, axis=0) / N
            xm = _fresh(xw, mean)
            a = _lo(xm, FP16) - mean
            b = _hi(xm, FP16) - mean
            ss = tl.sum(a * a + b * b, axis=0)
    rstd = 1.0 / tl.sqrt(ss / N + eps)
    xw = _fresh(xw, rstd)
    ww = tl.load(W.to(tl.pointer_type(tl.int32)) + cols, eviction_policy="evict_last")
    ya = (_lo(xw, FP16) - mean) * rstd * _lo(ww, FP16)
    yb = (_hi(xw, FP16) - mean) * rstd * _hi(ww, FP16)
    if HAS_B:
        bw = tl.load(B.to(tl.pointer_type(tl.int32)) + cols, eviction_policy="evict_last")
        ya += _lo(bw, FP16)
        yb += _hi(bw, FP16)
    tl.store(Y.to(tl.pointer_type(tl.int32)) + base + cols, _pack(ya, yb, FP16),
             eviction_policy="evict_first")


@triton.jit
def _words_fwd_kernel(X, R, W, B, Y, H, M, N, eps, AHEAD,
                      IS_RMS: tl.constexpr, HAS_RES: tl.constexpr, HAS_B: tl.constexpr,
                      FP16: tl.constexpr, BLOCK_W: tl.constexpr, ONE_PASS: tl.constexpr,
                      PREFETCH: tl.constexpr):
    # One row a program. PREFETCH: first ask the L2 for row + AHEAD (x, and the residual;
    # rownorm._prefetch_l2), the row of the program that will take this one's place when
    # programs are dispatched in order and AHEAD of them are resident (one an SM): its
    # loads then come from the L2, and memory works while this program reduces and
    # writes. (A persistent loop over rows spilled 32-360 B a thread at 32 warps.)
    row = tl.program_id(0).to(tl.int64)
    if PREFETCH:
        _prefetch_l2(X, row + AHEAD, N, 0, M, N, 2 * BLOCK_W, False)
        if HAS_RES:
            _prefetch_l2(R, row + AHEAD, N, 0, M, N, 2 * BLOCK_W, False)
    _words_row(X, R, W, B, Y, H, row, N, eps, IS_RMS, HAS_RES, HAS_B, FP16, BLOCK_W, ONE_PASS)


def probe(x, r, w, b, is_rms, eps, one_pass=True, prefetch=False):
    M, N = x.shape
    y = torch.empty_like(x)
    h = torch.empty_like(x) if r is not None else y
    ahead = torch.cuda.get_device_properties(x.device).multi_processor_count if prefetch else 0
    _words_fwd_kernel[(M,)](x, x if r is None else r, w, w if b is None else b, y, h, M, N,
                            eps, ahead, IS_RMS=is_rms, HAS_RES=r is not None,
                            HAS_B=b is not None, FP16=x.dtype == torch.float16,
                            BLOCK_W=N // 2, ONE_PASS=one_pass, PREFETCH=prefetch,
                            num_warps=32)
    return y, (h if r is not None else None)


def ahead(x, r, w, b, is_rms, eps):
    return probe(x, r, w, b, is_rms, eps, prefetch=True)


def library(x, r, w, b, is_rms, eps):
    n = x.shape[-1]
    if r is None:
        return (fusednorm.rms_norm(x, n, w, eps) if is_rms
                else fusednorm.layer_norm(x, n, w, b, eps)), None
    return (fusednorm.add_rms_norm(x, r, n, w, eps) if is_rms
            else fusednorm.add_layer_norm(x, r, n, w, b, eps))


def reference(x, r, w, b, is_rms, eps):
    h = x.double() + r.double() if r is not None else x.double()
    if r is not None:
        h = h.to(x.dtype).double()  # normalized as stored
    if is_rms:
        y = h * torch.rsqrt(h.pow(2).mean(-1, keepdim=True) + eps) * w.double()
    else:
        y = torch.nn.functional.layer_norm(h, (h.shape[-1],), w.double(),
                                           None if b is None else b.double(), eps)
    return y


def main():
    ns = [int(a) for a in sys.argv[1:]] or [65536, 32768]
    dev = torch.device("cuda")
    clock = CudaClock(warmup_ms=10, rep_ms=60)
    copy = copy_gbps(clock, dev)
    print(f"{torch.cuda.get_device_name()} torch {torch.__version__} triton {triton.__version__} "
          f"copy {copy:.0f} GB/s", flush=True)
    eps = 1e-5
    for n in ns:
        m = (1 << 27) // n
        for dtype in (torch.bfloat16, torch.float16):
            ulp = torch.finfo(dtype).eps
            for is_rms in (False, True):
                for res in (False, True):
                    torch.manual_seed(0)
                    x = torch.randn(m, n, device=dev, dtype=dtype) * 2 + 0.5
                    r = torch.randn(m, n, device=dev, dtype=dtype) if res else None
                    w = torch.rand(n, device=dev, dtype=dtype) + 0.5
                    b = None if is_rms else torch.randn(n, device=dev, dtype=dtype)
                    ref = reference(x[:64], None if r is None else r[:64], w, b, is_rms, eps)
                    errs = []
                    for fn in (probe, ahead, library):
                        y, _ = fn(x, r, w, b, is_rms, eps)
                        errs.append(((y[:64].double() - ref).abs().max() / ulp).item())
                    nbytes = x.numel() * x.element_size() * (2 + 2 * res) + w.numel() * 2 * (
                        1 + (b is not None))
                    reads = {"probe": [], "ahead": [], "lib": []}
                    for _ in range(2):
                        for name, fn in (("probe", probe), ("ahead", ahead),
                                         ("lib", library)):
                            ms = graph_ms(lambda: fn(x, r, w, b, is_rms, eps))
                            reads[name].append(100 * nbytes / ms / 1e6 / copy)
                    op = ("add_" if res else "") + ("rms_norm" if is_rms else "layer_norm")
                    print(f"{op:15} {str(dtype)[6:]:8} N {n:6}  probe "
                          + " / ".join(f"{v:5.1f}" for v in reads["probe"])
                          + "  ahead " + " / ".join(f"{v:5.1f}" for v in reads["ahead"])
                          + "  lib " + " / ".join(f"{v:5.1f}" for v in reads["lib"])
                          + f"  err probe {errs[0]:.2f} ahead {errs[1]:.2f} lib {errs[2]:.2f}"
                          " eps", flush=True)
                    del x, r


if __name__ == "__main__":
    main()
