"""LayerNorm and RMSNorm over the last dimension of an (M, N) view: one kernel family.

Forward, per row (IS_RMS drops the mean):
    h     = x + residual                      (HAS_RESIDUAL; h is stored in x's dtype
                                               and the stored value is what is normalized)
    mean  = sum(h) / N                        (LayerNorm)
    xc    = h - mean                          (RMSNorm: xc = h)
    rstd  = 1 / sqrt(sum(xc * xc) / N + eps)
    xhat  = xc * rstd
    y     = xhat * w + b

Backward, per row, with wdy = w * dy:
    c1    = sum(xhat * wdy) / N
    c2    = sum(wdy) / N                      (RMSNorm: c2 = 0)
    dx    = (wdy - (xhat * c1 + c2)) * rstd  (+ dh, the gradient arriving on h)
    dw    = sum over rows of dy * xhat,  db = sum over rows of dy

dw and db are reduced without atomics: each program sums its own contiguous block of rows
into an fp32 partial row, and the partials are summed in a fixed order afterwards, so
results are bitwise repeatable.

Two paths share each kernel, chosen by the constexpr SINGLE_PASS:
  * SINGLE_PASS: the whole row lives in registers (BLOCK_N >= N), ROWS rows per step.
  * split row: the row is walked in BLOCK_N chunks; the forward keeps per-lane Welford
    statistics (count, mean, M2) in one pass and normalizes in a second; the backward
    computes c1, c2 for each of its rows in one sweep, then walks column chunks over
    the same rows, writing dx and keeping that chunk's dw/db partial in registers.
"""
from dataclasses import dataclass
import functools

import torch
import triton
import triton.language as tl

from . import sm_count


@triton.jit
def _rownorm_fwd_kernel(
    X,  # *x, (M, N), row stride stride_xm, unit column stride
    R,  # *residual, (M, N), row stride stride_rm (read when HAS_RESIDUAL)
    W,  # *weight, (N,) contiguous (read when HAS_WEIGHT)
    B,  # *bias, (N,) contiguous (read when HAS_BIAS)
    Y,  # *y, (M, N), row stride stride_ym, x's dtype
    H,  # *h = x + residual, (M, N), row stride stride_hm (written when HAS_RESIDUAL)
    MEAN,  # *fp32 (M,): mean per row (written unless IS_RMS)
    RSTD,  # *fp32 (M,): 1 / std (LayerNorm) or 1 / rms (RMSNorm) per row
    M,  # rows
    N,  # elements per row
    stride_xm,  # row stride of X, in elements
    stride_rm,  # row stride of R
    stride_ym,  # row stride of Y
    stride_hm,  # row stride of H
    eps,  # added to the variance (or mean square) before the square root
    IS_RMS: tl.constexpr,
    HAS_WEIGHT: tl.constexpr,
    HAS_BIAS: tl.constexpr,
    HAS_RESIDUAL: tl.constexpr,
    SINGLE_PASS: tl.constexpr,  # whole row in registers, else BLOCK_N chunks
    ROWS: tl.constexpr,  # rows per program (SINGLE_PASS only)
    BLOCK_N: tl.constexpr,  # row tile (SINGLE_PASS: >= N) or chunk width
):
    eps = tl.cast(eps, tl.float32)
    pid = tl.program_id(0)
    if SINGLE_PASS:
        rows = pid * ROWS + tl.arange(0, ROWS)
        row_mask = rows < M
        rows64 = rows.to(tl.int64)[:, None]
        cols = tl.arange(0, BLOCK_N)
        col_mask = cols < N
        mask = row_mask[:, None] & col_mask[None, :]
        x = tl.load(X + rows64 * stride_xm + cols[None, :], mask=mask, other=0.0).to(tl.float32)
        if HAS_RESIDUAL:
            r = tl.load(R + rows64 * stride_rm + cols[None, :], mask=mask, other=0.0).to(tl.float32)
            h = (x + r).to(H.dtype.element_ty)
            tl.store(H + rows64 * stride_hm + cols[None, :], h, mask=mask)
            x = h.to(tl.float32)
        if IS_RMS:
            xc = x
        else:
            mean = tl.sum(x, axis=1) / N
            tl.store(MEAN + rows, mean, mask=row_mask)
            xc = tl.where(mask, x - mean[:, None], 0.0)
        rstd = 1.0 / tl.sqrt(tl.sum(xc * xc, axis=1) / N + eps)
        tl.store(RSTD + rows, rstd, mask=row_mask)
        y = xc * rstd[:, None]
        if HAS_WEIGHT:
            y = y * tl.load(W + cols, mask=col_mask, other=0.0).to(tl.float32)[None, :]
        if HAS_BIAS:
            y = y + tl.load(B + cols, mask=col_mask, other=0.0).to(tl.float32)[None, :]
        tl.store(Y + rows64 * stride_ym + cols[None, :], y.to(Y.dtype.element_ty), mask=mask)
    else:
        row = pid.to(tl.int64)
        lanes = tl.arange(0, BLOCK_N)
        n_chunks = tl.cdiv(N, BLOCK_N)
        # Pass 1: statistics. Per-lane Welford for LayerNorm (stable when |mean| >> std),
        # a plain sum of squares for RMSNorm.
        mu = tl.zeros([BLOCK_N], dtype=tl.float32)
        m2 = tl.zeros([BLOCK_N], dtype=tl.float32)
        for k in range(0, n_chunks):
            cols = k * BLOCK_N + lanes
            mask = cols < N
            x = tl.load(X + row * stride_xm + cols, mask=mask, other=0.0).to(tl.float32)
            if HAS_RESIDUAL:
                r = tl.load(R + row * stride_rm + cols, mask=mask, other=0.0).to(tl.float32)
                h = (x + r).to(H.dtype.element_ty)
                tl.store(H + row * stride_hm + cols, h, mask=mask)
                x = h.to(tl.float32)
            if IS_RMS:
                m2 += x * x
            else:
                delta = x - mu
                mu += tl.where(mask, delta / tl.cast(k + 1, tl.float32), 0.0)
                m2 += tl.where(mask, delta * (x - mu), 0.0)
        if IS_RMS:
            rstd = 1.0 / tl.sqrt(tl.sum(m2, axis=0) / N + eps)
            mean = 0.0
        else:
            # Lanes below `last` saw n_chunks values, the others n_chunks - 1.
            last = N - (n_chunks - 1) * BLOCK_N
            cnt = tl.where(lanes < last, n_chunks, n_chunks - 1).to(tl.float32)
            mean = tl.sum(cnt * mu, axis=0) / N
            dev = mu - mean
            rstd = 1.0 / tl.sqrt(tl.sum(m2 + cnt * dev * dev, axis=0) / N + eps)
            tl.store(MEAN + row, mean)
        tl.store(RSTD + row, rstd)
        # Pass 2: normalize. With a residual, read back the h this program just stored.
        for k in range(0, n_chunks):
            cols = k * BLOCK_N + lanes
            mask = cols < N
            if HAS_RESIDUAL:
                x = tl.load(H + row * stride_hm + cols, mask=mask, other=0.0).to(tl.float32)
            else:
                x = tl.load(X + row * stride_xm + cols, mask=mask, other=0.0).to(tl.float32)
            y = (x - mean) * rstd
            if HAS_WEIGHT:
                y = y * tl.load(W + cols, mask=mask, other=0.0).to(tl.float32)
            if HAS_BIAS:
                y = y + tl.load(B + cols, mask=mask, other=0.0).to(tl.float32)
            tl.store(Y + row * stride_ym + cols, y.to(Y.dtype.element_ty), mask=mask)


@triton.jit
def _rownorm_bwd_kernel(
    X,  # *normalized input (x, or h on the residual path), (M, N), row stride stride_xm
    W,  # *weight (N,) contiguous (read when HAS_WEIGHT)
    DY,  # *dL/dy, (M, N), row stride stride_dym (0 allowed: a broadcast gradient)
    DH,  # *dL/dh, (M, N), row stride stride_dhm (read when HAS_DH)
    MEAN,  # *fp32 (M,) saved mean (read unless IS_RMS)
    RSTD,  # *fp32 (M,) saved rstd
    DX,  # *dL/dx, (M, N), row stride stride_dxm
    DW,  # *fp32 (programs, N) partial dL/dw per program (written when HAS_DW)
    DB,  # *fp32 (programs, N) partial dL/db per program (written when HAS_BIAS)
    C,  # *fp32 (M, 2) scratch for c1, c2 per row (split-row path only)
    M,  # rows
    N,  # elements per row
    stride_xm,  # row stride of X
    stride_dym,  # row stride of DY
    stride_dhm,  # row stride of DH
    stride_dxm,  # row stride of DX
    rows_per_program,  # this program owns rows [pid * rows_per_program, + rows_per_program)
    IS_RMS: tl.constexpr,
    HAS_WEIGHT: tl.constexpr,
    HAS_DW: tl.constexpr,  # compute dw (needs HAS_WEIGHT)
    HAS_BIAS: tl.constexpr,  # compute db
    HAS_DH: tl.constexpr,
    SINGLE_PASS: tl.constexpr,
    ROWS: tl.constexpr,  # rows per step (SINGLE_PASS only); divides rows_per_program
    BLOCK_N: tl.constexpr,
):
    pid = tl.program_id(0)
    row_start = pid * rows_per_program
    if SINGLE_PASS:
        cols = tl.arange(0, BLOCK_N)
        col_mask = cols < N
        if HAS_WEIGHT:
            w = tl.load(W + cols, mask=col_mask, other=0.0).to(tl.float32)[None, :]
        dw_acc = tl.zeros([ROWS, BLOCK_N], dtype=tl.float32)
        db_acc = tl.zeros([ROWS, BLOCK_N], dtype=tl.float32)
        for r0 in range(0, rows_per_program, ROWS):
            rows = row_start + r0 + tl.arange(0, ROWS)
            row_mask = rows < M
            rows64 = rows.to(tl.int64)[:, None]
            mask = row_mask[:, None] & col_mask[None, :]
            x = tl.load(X + rows64 * stride_xm + cols[None, :], mask=mask, other=0.0).to(tl.float32)
            dy = tl.load(DY + rows64 * stride_dym + cols[None, :], mask=mask, other=0.0).to(tl.float32)
            rstd = tl.load(RSTD + rows, mask=row_mask, other=0.0)[:, None]
            if IS_RMS:
                xhat = x * rstd
            else:
                mean = tl.load(MEAN + rows, mask=row_mask, other=0.0)[:, None]
                xhat = tl.where(mask, (x - mean) * rstd, 0.0)
            if HAS_WEIGHT:
                wdy = dy * w
            else:
                wdy = dy
            c1 = tl.sum(xhat * wdy, axis=1)[:, None] / N
            if IS_RMS:
                dx = (wdy - xhat * c1) * rstd
            else:
                c2 = tl.sum(wdy, axis=1)[:, None] / N
                dx = (wdy - (xhat * c1 + c2)) * rstd
            if HAS_DH:
                dx += tl.load(DH + rows64 * stride_dhm + cols[None, :], mask=mask, other=0.0).to(tl.float32)
            tl.store(DX + rows64 * stride_dxm + cols[None, :], dx.to(DX.dtype.element_ty), mask=mask)
            if HAS_DW:
                dw_acc += dy * xhat
            if HAS_BIAS:
                db_acc += dy
        if HAS_DW:
            tl.store(DW + pid.to(tl.int64) * N + cols, tl.sum(dw_acc, axis=0), mask=col_mask)
        if HAS_BIAS:
            tl.store(DB + pid.to(tl.int64) * N + cols, tl.sum(db_acc, axis=0), mask=col_mask)
    else:
        # Split row, in two sweeps over this program's rows. Sweep A: c1, c2 per row into
        # the fp32 scratch C (M, 2). Sweep B, column chunk by column chunk: dx for every row,
        # with the chunk's dw/db partials summed in registers and written once.
        lanes = tl.arange(0, BLOCK_N)
        n_chunks = tl.cdiv(N, BLOCK_N)
        for i in range(0, rows_per_program):
            row = row_start + i
            if row < M:
                row64 = row.to(tl.int64)
                rstd = tl.load(RSTD + row)
                if IS_RMS:
                    mean = 0.0
                else:
                    mean = tl.load(MEAN + row)
                acc1 = tl.zeros([BLOCK_N], dtype=tl.float32)
                acc2 = tl.zeros([BLOCK_N], dtype=tl.float32)
                for k in range(0, n_chunks):
                    cols = k * BLOCK_N + lanes
                    mask = cols < N
                    x = tl.load(X + row64 * stride_xm + cols, mask=mask, other=0.0).to(tl.float32)
                    dy = tl.load(DY + row64 * stride_dym + cols, mask=mask, other=0.0).to(tl.float32)
                    xhat = tl.where(mask, (x - mean) * rstd, 0.0)
                    if HAS_WEIGHT:
                        dy = dy * tl.load(W + cols, mask=mask, other=0.0).to(tl.float32)
                    acc1 += xhat * dy
                    acc2 += dy
                tl.store(C + 2 * row64, tl.sum(acc1, axis=0) / N)
                tl.store(C + 2 * row64 + 1, tl.sum(acc2, axis=0) / N)
        for k in range(0, n_chunks):
            cols = k * BLOCK_N + lanes
            mask = cols < N
            if HAS_WEIGHT:
                w = tl.load(W + cols, mask=mask, other=0.0).to(tl.float32)
            dw_acc = tl.zeros([BLOCK_N], dtype=tl.float32)
            db_acc = tl.zeros([BLOCK_N], dtype=tl.float32)
            for i in range(0, rows_per_program):
                row = row_start + i
                if row < M:
                    row64 = row.to(tl.int64)
                    rstd = tl.load(RSTD + row)
                    if IS_RMS:
                        mean = 0.0
                    else:
                        mean = tl.load(MEAN + row)
                    c1 = tl.load(C + 2 * row64)
                    c2 = tl.load(C + 2 * row64 + 1)
                    x = tl.load(X + row64 * stride_xm + cols, mask=mask, other=0.0).to(tl.float32)
                    dy = tl.load(DY + row64 * stride_dym + cols, mask=mask, other=0.0).to(tl.float32)
                    xhat = tl.where(mask, (x - mean) * rstd, 0.0)
                    if HAS_WEIGHT:
                        wdy = dy * w
                    else:
                        wdy = dy
                    if IS_RMS:
                        dx = (wdy - xhat * c1) * rstd
                    else:
                        dx = (wdy - (xhat * c1 + c2)) * rstd
                    if HAS_DH:
                        dx += tl.load(DH + row64 * stride_dhm + cols, mask=mask, other=0.0).to(tl.float32)
                    tl.store(DX + row64 * stride_dxm + cols, dx.to(DX.dtype.element_ty), mask=mask)
                    if HAS_DW:
                        dw_acc += dy * xhat
                    if HAS_BIAS:
                        db_acc += dy
            if HAS_DW:
                tl.store(DW + pid.to(tl.int64) * N + cols, dw_acc, mask=mask)
            if HAS_BIAS:
                tl.store(DB + pid.to(tl.int64) * N + cols, db_acc, mask=mask)


# ----------------------------------------------------------------------------------------
# Launch heuristics
# ----------------------------------------------------------------------------------------

# Every threshold below comes from benchmarks/sweep_rows.py on an H100 80GB HBM3 (copy
# 3005 GB/s), bf16 RMSNorm, about 2^27 elements, torch 2.11 / triton 3.6; the numbers are
# in benchmarks/NOTES.md (v0.1 sweep).
#
# Longest row kept whole in registers. Forward: single pass at N = 32768 with 32 warps
# reaches 97.0% of copy bandwidth, a split row at most 83.6%; at 65536 the single pass
# (68.4%) spills and ties the split row (68.1%). Backward holds x, dy, w and two fp32
# accumulators: 16384 single pass 75.1% against a split row's ~50%.
FWD_SINGLE_PASS_MAX = 32768
BWD_SINGLE_PASS_MAX = 16384
# Chunk width and warps of the split-row path: best or within 2% of best at 32K-1M
# (forward 61.6% at 256K, 53.2% at 1M; backward 54.2% at 32K, 46.3% at 256K with one
# program per SM).
SPLIT_BLOCK_N = 8192
SPLIT_WARPS = 16
# Short rows: elements per forward program step (forward is at 97% from N = 512 to 16384
# with this tile, so it was not swept further).
ROW_TILE = 4096


@dataclass(frozen=True)
class LaunchConfig:
    single_pass: bool
    block_n: int  # row tile (single pass) or chunk width (split row)
    rows: int  # rows per program step
    num_warps: int
    programs_per_sm: int = 2  # backward: persistent grid of programs_per_sm x SMs


@functools.lru_cache(maxsize=1024)
def fwd_config(n: int) -> LaunchConfig:
    if n > FWD_SINGLE_PASS_MAX:
        return LaunchConfig(False, SPLIT_BLOCK_N, 1, SPLIT_WARPS)
    block_n = triton.next_power_of_2(n)
    rows = max(1, ROW_TILE // block_n)
    tile = rows * block_n
    # 16 fp32 elements per thread up to 16 warps; 32 warps for the 32K row (97.0% vs
    # 96.9% with 16: kept for the headroom against spills with a residual and bias).
    warps = 32 if tile >= 32768 else max(1, min(16, tile // 512))
    return LaunchConfig(True, block_n, rows, warps)


@functools.lru_cache(maxsize=1024)
def bwd_config(n: int) -> LaunchConfig:
    if n > BWD_SINGLE_PASS_MAX:
        # One program per SM: 54.2% at 32K against 52.6% with two.
        return LaunchConfig(False, SPLIT_BLOCK_N, 1, SPLIT_WARPS, programs_per_sm=1)
    block_n = triton.next_power_of_2(n)
    # Two rows per step below 1024 elements (N=512: 88.0% with 2 rows, 85.1% with 8).
    rows = 2 if block_n <= 1024 else 1
    tile = rows * block_n
    if tile <= 2048:
        # Small tiles: 4 warps and 8 programs per SM keep enough loads in flight
        # (N=2048: 87.1%; 2 programs per SM with 4 warps: 31.9% at N=512).
        return LaunchConfig(True, block_n, rows, 4, programs_per_sm=8)
    # 4096/8192: 16 warps (85.2%, 80.7%); 16384: 8 warps (75.1% vs 70.4% with 16);
    # 4 warps spill at these tiles (about 5%).
    return LaunchConfig(True, block_n, rows, 16 if tile <= 8192 else 8, programs_per_sm=2)


def rownorm_fwd(x, residual, weight, bias, eps: float, is_rms: bool, y, h, mean, rstd):
    """Launch the forward on an (M, N) x with unit column stride; outputs preallocated."""
    M, N = x.shape
    if M == 0:
        return
    cfg = fwd_config(N)
    grid = (triton.cdiv(M, cfg.rows),)
    _rownorm_fwd_kernel[grid](
        x, residual if residual is not None else x, weight if weight is not None else x,
        bias if bias is not None else x, y, h if residual is not None else y,
        mean if not is_rms else rstd, rstd,
        M, N, x.stride(0), residual.stride(0) if residual is not None else 0, y.stride(0),
        h.stride(0) if residual is not None else 0, float(eps),
        IS_RMS=is_rms, HAS_WEIGHT=weight is not None, HAS_BIAS=bias is not None,
        HAS_RESIDUAL=residual is not None, SINGLE_PASS=cfg.single_pass, ROWS=cfg.rows,
        BLOCK_N=cfg.block_n, num_warps=cfg.num_warps,
    )


def rownorm_bwd(dy, dh, x, weight, mean, rstd, is_rms: bool, want_dw: bool, want_db: bool, dx):
    """Launch the backward into the preallocated dx; returns fp32 (dw, db) reduced in a
    fixed order (None where not wanted)."""
    M, N = x.shape
    has_w = weight is not None and want_dw
    cfg = bwd_config(N)
    # Persistent grid: each program owns a contiguous block of rows (a multiple of
    # cfg.rows) and writes one fp32 partial row of dw/db, so extra memory is
    # O(programs x N) with programs <= programs_per_sm x SMs.
    max_programs = cfg.programs_per_sm * sm_count(x.device)
    steps = triton.cdiv(max(M, 1), cfg.rows)
    rows_per_program = triton.cdiv(steps, max_programs) * cfg.rows
    programs = triton.cdiv(max(M, 1), rows_per_program)
    f32 = dict(device=x.device, dtype=torch.float32)
    dw_part = torch.empty((programs, N), **f32) if has_w else None
    db_part = torch.empty((programs, N), **f32) if want_db else None
    scratch = rstd if cfg.single_pass else torch.empty((M, 2), **f32)
    if M > 0:
        _rownorm_bwd_kernel[(programs,)](
            x, weight if weight is not None else x, dy, dh if dh is not None else dy,
            mean if not is_rms else rstd, rstd, dx,
            dw_part if has_w else rstd, db_part if want_db else rstd, scratch,
            M, N, x.stride(0), dy.stride(0), dh.stride(0) if dh is not None else 0, dx.stride(0),
            rows_per_program,
            IS_RMS=is_rms, HAS_WEIGHT=weight is not None, HAS_DW=has_w, HAS_BIAS=want_db, HAS_DH=dh is not None,
            SINGLE_PASS=cfg.single_pass, ROWS=cfg.rows, BLOCK_N=cfg.block_n,
            num_warps=cfg.num_warps,
        )
    else:
        if dw_part is not None:
            dw_part.zero_()
        if db_part is not None:
            db_part.zero_()
    dw = dw_part.sum(0) if has_w else None
    db = db_part.sum(0) if want_db else None
    return dw, db
