"""GroupNorm and InstanceNorm over a canonical (N, C, S) view: one kernel family, three paths,
and a fourth through the row-norm kernels.

Contiguous inputs first try the rows path (see ROWS_FWD below): a group is then Cg * S
consecutive elements, a row of kernels/rownorm.py, which runs it where w and b are one
value per row or per cooperative slice. Otherwise the group path (one program per group,
`_groupnorm_*_group_kernel`, after the split kernels below) runs when there are many
groups of moderate size; channels_last inputs take the columns path
(`_groupnorm_cols_*_kernel`: three launches, see its comment; for a forward whose samples
fit L2, with G <= 64, one cooperative launch, the kernel after it)
and contiguous ones,
or groups wider than COLS_MAX_CG channels, the split path described here (few or large
groups). `groupnorm_fwd` / `groupnorm_bwd` choose.

Element (n, c, s) lives at n * stride_n + c * stride_c + s * stride_s, so one kernel serves
both memory formats: contiguous NC... (stride_s = 1) and channels_last (stride_c = 1).
Triton specializes a stride equal to 1 at compile time, so the loads vectorize along
whichever axis is contiguous. Group g of sample n holds channels [g * Cg, (g + 1) * Cg),
Cg = C / G, at all S positions; InstanceNorm is G = C.

Forward, per (n, g), with M = Cg * S and c a channel of the group:
    mean  = sum(x) / M
    rstd  = 1 / sqrt(sum((x - mean)^2) / M + eps)
    xhat  = (x - mean) * rstd
    z     = xhat * w[c] + b[c]
    y     = act(z)                       ACTIVATION: 0 none, 1 silu, 2 gelu, 3 gelu_tanh

Backward, per (n, g), with dz = dy * act'(z) (z recomputed from x, mean, rstd, w, b):
    c1    = sum(w[c] * dz * xhat) / M
    c2    = sum(w[c] * dz) / M
    dx    = (w[c] * dz - (xhat * c1 + c2)) * rstd
    dw[c] = sum over n, s of dz * xhat,     db[c] = sum over n, s of dz

Work decomposition. A tile is BLOCK_C channels x BLOCK_S positions of one sample; a task
is one tile column: BLOCK_C channels over a chunk of s_chunk positions (a few tiles). A
segment is a run of seg_c channels of one sample that holds whole groups and whole tiles
(lcm(Cg, BLOCK_C) channels, or all C), so its statistics depend on its own tasks only.
Each task runs twice in one launch:
  * phase 1 reduces its tile column to per-channel partials (forward: count, mean, M2 by
    Chan's parallel formula; backward: sum(dz), sum(dz * xhat)) in an fp32 scratch
    buffer, then counts itself done on the segment's counter. The last task of the
    segment to finish combines the segment's partials in a fixed order into per-group
    statistics (forward: mean, rstd; backward: per-sample dw, db and c1, c2) and marks
    the segment ready.
  * phase 2 waits until its segment is ready, then normalizes (forward: y; backward: dx).
A program takes its task from an atomic ticket (not its program id), and tickets run the
phase-1 stream `lag` tasks ahead of the phase-2 stream with lag >= tasks per segment, so a
phase-2 task only waits on tasks holding smaller tickets, which are all running or done:
no deadlock, whatever the number of resident programs (and the sequential interpreter
runs it as is). With lag ~ a few waves of resident programs, phase 2 re-reads x (and dy)
from L2 rather than HBM when a segment is small enough to stay there.

Ordering: a task stores its partials, passes a CTA barrier, then one thread adds to the
segment counter with release semantics; readers acquire the counter, and load data that
other programs wrote with .cg (from L2, not a possibly stale L1).

Determinism: partials are plain stores to slots owned by one task, and the combine reads
them in a fixed order whichever program runs it; integer atomics only order the work, so
results are bitwise repeatable. dw, db are summed per sample by each segment's combine,
then over the samples, in order, by whichever combine of a channel segment comes last.
"""
from dataclasses import dataclass
import functools
import math
import os
from typing import Optional, Tuple

import torch
import triton
import triton.language as tl

from . import sm_count
from .activation import ACTIVATIONS, _activation, _activation_grad
from .launch import (INFER_PLANS, SM_REGISTERS, CachedKernel, FixedLaunch, PreparedCache,
                     coop_workspace, dtype_of, stream_scratch, ticket_launch)
from . import rownorm as R
from .rownorm import (SUM_BLOCK_N, SUM_BLOCK_P, _cdiv, _launch_done, _launch_tag, _next_pow2,
                      _prev_pow2, _publish, _spin, _unpack, _wait_tags)

@triton.jit
def _take_task(COUNT, tasks, lag):
    """Draw a ticket and map it to (is_p2, u): tickets [0, lag) are phase-1 tasks 0..lag-1,
    then phase 1 of task lag + i and phase 2 of task i alternate, then the last phase-2
    tasks follow."""
    t = tl.atomic_add(COUNT, 1)
    r = t - lag
    paired = (r >= 0) & (r < 2 * (tasks - lag))
    is_p2 = tl.where(t < lag, 0, tl.where(paired, r % 2, 1))
    u = tl.where(t < lag, t, tl.where(paired, r // 2 + lag * (1 - r % 2), t - tasks))
    return is_p2, u


@triton.jit
def _wait_until(progress, target):
    # Acquire atomics, whose result reaches every thread: a spin on volatile loads
    # followed by one acquire gave wrong statistics on the H100 (sweep2, v0.5 notes).
    done = tl.atomic_add(progress, 0, sem="acquire")
    while done < target:
        done = tl.atomic_add(progress, 0, sem="acquire")


@triton.jit
def _split_task(COUNT, tasks, lag, tasks_per_seg, segs_per_n, seg_c, c_tiles_per_seg, s_chunk,
                S, C, stride_n, stride_c, stride_s, BLOCK_C: tl.constexpr,
                BLOCK_S: tl.constexpr):
    """Take this program's task of the split path and decode it (the forward and backward
    kernels share the task layout): is_p2 (0 phase 1, 1 phase 2), the segment, the sample
    (int64), the segment's first channel, the chunk k and its positions [s_lo, s_hi), the
    tile's channels and their mask, the positions of a tile row, the in-tile offsets, the
    tile origin and the segment's progress counter."""
    is_p2, u = _take_task(COUNT, tasks, lag)
    seg_id = u // tasks_per_seg
    w = u % tasks_per_seg
    n64 = (seg_id // segs_per_n).to(tl.int64)
    c_lo = (seg_id % segs_per_n) * seg_c
    c0 = c_lo + (w % c_tiles_per_seg) * BLOCK_C
    k = w // c_tiles_per_seg
    s_lo = k * s_chunk
    s_hi = tl.minimum(S, s_lo + s_chunk)
    cc = c0 + tl.arange(0, BLOCK_C)
    c_mask = cc < C
    ss = tl.arange(0, BLOCK_S)
    # In-tile offsets fit in int32 (checked by the launcher); the tile origin is int64.
    offs = tl.arange(0, BLOCK_C)[:, None] * stride_c + ss[None, :] * stride_s
    origin = n64 * stride_n + c0.to(tl.int64) * stride_c
    progress = COUNT + 1 + seg_id
    return is_p2, seg_id, n64, c_lo, k, s_lo, s_hi, cc, c_mask, ss, offs, origin, progress


@triton.jit
def _chan_merge(cnt, mean, m2, b_cnt, b_mean, b_m2):
    """Chan's parallel formula: the running (count, mean, M2) with a block's merged in
    (counts of 0 on either side leave the other unchanged). frac divided correctly
    rounded (div_rn; the GPU's `/` is approximate): the first merge, into a count of 0,
    then takes the block's mean exactly (frac = 1)."""
    tot = cnt + b_cnt
    delta = b_mean - mean
    frac = tl.math.div_rn(b_cnt, tl.maximum(tot, 1.0))
    return tot, mean + delta * frac, m2 + b_m2 + delta * delta * cnt * frac


@triton.jit
def _wmean(v, wt, tot, AXIS: tl.constexpr):
    """sum(wt * v) / tot along AXIS (wt: counts, 0 where v is not counted), corrected once
    by the weighted mean of v's deviation from it, so that equal values give exactly that
    value. The plain quotient rounds an ulp off, and for a group of equal values eps alone
    then scales that ulp (rstd = eps^-1/2): xhat 0.02 at |x| = 1e3, fp32."""
    m = tl.sum(wt * v, axis=AXIS) / tot
    return m + tl.sum(wt * (v - tl.expand_dims(m, AXIS)), axis=AXIS) / tot


@triton.jit
def _fwd_combine(
    PART_MEAN, PART_M2, MEAN, RSTD, n64, c_lo, C, S, Cg, seg_c, n_chunks, s_chunk, eps,
    COMB_R: tl.constexpr, COMB_K: tl.constexpr,
):
    """mean, rstd of the segment's groups from their channel-chunk partials. A group's
    Cg * n_chunks partials are contiguous; blocks of COMB_K are merged in order by Chan's
    formula, COMB_R groups side by side. Offsets within the segment's seg_c * n_chunks
    partials fit in int32."""
    rows = tl.arange(0, COMB_R)
    lanes = tl.arange(0, COMB_K)
    groups = seg_c // Cg
    per_group = Cg * n_chunks
    seg = (n64 * C + c_lo) * n_chunks
    for g0 in range(0, groups, COMB_R):
        g = c_lo // Cg + g0 + rows
        g_mask = g0 + rows < groups
        base = (g0 + rows) * per_group
        r_cnt = tl.zeros([COMB_R], dtype=tl.float32)
        r_mean = tl.zeros([COMB_R], dtype=tl.float32)
        r_m2 = tl.zeros([COMB_R], dtype=tl.float32)
        for i0 in range(0, per_group, COMB_K):
            i = i0 + lanes
            mask = g_mask[:, None] & (i < per_group)[None, :]
            at = seg + base[:, None] + i[None, :]
            pm = tl.load(PART_MEAN + at, mask=mask, other=0.0, cache_modifier=".cg")
            pq = tl.load(PART_M2 + at, mask=mask, other=0.0, cache_modifier=".cg")
            # Partial i covers chunk i % n_chunks of one channel.
            pc = tl.minimum(s_chunk, S - (i % n_chunks) * s_chunk).to(tl.float32)
            pc = tl.where(mask, pc[None, :], 0.0)
            b_cnt = tl.sum(pc, axis=1)
            b_mean = _wmean(pm, pc, tl.maximum(b_cnt, 1.0), 1)
            dev = pm - b_mean[:, None]
            b_m2 = tl.sum(tl.where(mask, pq + pc * dev * dev, 0.0), axis=1)
            r_cnt, r_mean, r_m2 = _chan_merge(r_cnt, r_mean, r_m2, b_cnt, b_mean, b_m2)
        rstd = 1.0 / tl.sqrt(r_m2 / tl.maximum(r_cnt, 1.0) + eps)
        out = n64 * (C // Cg) + g
        tl.store(MEAN + out, r_mean, mask=g_mask)
        tl.store(RSTD + out, rstd, mask=g_mask)


@triton.jit
def _groupnorm_fwd_kernel(
    X,  # *x at n * stride_n + c * stride_c + s * stride_s
    W,  # *weight (C,) contiguous (read when HAS_WEIGHT)
    B,  # *bias (C,) contiguous (read when HAS_BIAS)
    Y,  # *y, same shape and strides as X, x's dtype
    MEAN,  # *fp32 (N, G) contiguous: mean per group (written by the combine)
    RSTD,  # *fp32 (N, G) contiguous: 1 / std per group
    PART,  # *fp32 (2, N, C, n_chunks) contiguous scratch: [0] mean of (n, c) over chunk
    #        k, [1] its sum of squared deviations
    COUNT,  # *int32 (1 + N * segs_per_n,) zeroed: [0] ticket counter, [1 + i] segment i
    N,  # samples
    C,  # channels
    S,  # spatial positions
    Cg,  # channels per group
    stride_n,  # element stride of the sample index in X and Y
    stride_c,  # element stride of the channel index in X and Y
    stride_s,  # element stride of the spatial index in X and Y
    seg_c,  # channels per segment
    c_tiles_per_seg,  # cdiv(seg_c, BLOCK_C)
    s_chunk,  # positions per task, a multiple of BLOCK_S
    n_chunks,  # cdiv(S, s_chunk)
    segs_per_n,  # C // seg_c
    tasks_per_seg,  # c_tiles_per_seg * n_chunks
    tasks,  # N * segs_per_n * tasks_per_seg; the grid is 2 * tasks
    lag,  # phase-1 tasks issued ahead of phase 2, >= tasks_per_seg
    eps,  # added to the variance before the square root
    ACTIVATION: tl.constexpr,
    HAS_WEIGHT: tl.constexpr,
    HAS_BIAS: tl.constexpr,
    BLOCK_C: tl.constexpr,  # channels per tile
    BLOCK_S: tl.constexpr,  # positions per tile
    STAGES: tl.constexpr,  # software-pipelining stages of the tile loop (1: none)
    COMB_R: tl.constexpr,  # groups merged side by side in the combine
    COMB_K: tl.constexpr,  # partials per group per combine step
):
    eps = tl.cast(eps, tl.float32)
    PART_MEAN = PART
    PART_M2 = PART + tl.cast(N, tl.int64) * C * n_chunks
    is_p2, seg_id, n64, c_lo, k, s_lo, s_hi, cc, c_mask, ss, offs, origin, progress = \
        _split_task(COUNT, tasks, lag, tasks_per_seg, segs_per_n, seg_c, c_tiles_per_seg,
                    s_chunk, S, C, stride_n, stride_c, stride_s, BLOCK_C, BLOCK_S)
    if is_p2 == 0:
        cnt = tl.zeros([], dtype=tl.float32)
        mean = tl.zeros([BLOCK_C], dtype=tl.float32)
        m2 = tl.zeros([BLOCK_C], dtype=tl.float32)
        for s0 in tl.range(s_lo, s_hi, BLOCK_S, num_stages=STAGES):
            mask = c_mask[:, None] & (s0 + ss < S)[None, :]
            at = origin + tl.cast(s0, tl.int64) * stride_s + offs
            x = tl.load(X + at, mask=mask, other=0.0).to(tl.float32)
            t_cnt = tl.minimum(S - s0, BLOCK_S).to(tl.float32)
            t_mean = tl.sum(x, axis=1) / t_cnt
            dev = tl.where(mask, x - t_mean[:, None], 0.0)
            # Corrected two-pass: the deviations' own mean moves t_mean (exact for equal
            # values, _wmean) and comes off the sum of squares.
            t_dev, t_m2 = tl.sum(dev, axis=1), tl.sum(dev * dev, axis=1)
            t_mean += t_dev / t_cnt
            t_m2 = tl.maximum(t_m2 - t_dev * (t_dev / t_cnt), 0.0)
            tot = cnt + t_cnt
            delta = t_mean - mean
            frac = tl.math.div_rn(t_cnt, tot)  # (as _chan_merge)
            mean += delta * frac
            m2 += t_m2 + delta * delta * cnt * frac
            cnt = tot
        part = (n64 * C + cc) * n_chunks + k
        tl.store(PART_MEAN + part, mean, mask=c_mask)
        tl.store(PART_M2 + part, m2, mask=c_mask)
        # Every thread's partials are stored before one thread publishes them.
        tl.debug_barrier()
        if tl.atomic_add(progress, 1, sem="acq_rel") == tasks_per_seg - 1:
            _fwd_combine(PART_MEAN, PART_M2, MEAN, RSTD, n64, c_lo, C, S, Cg, seg_c, n_chunks,
                         s_chunk, eps, COMB_R, COMB_K)
            tl.debug_barrier()
            tl.atomic_add(progress, 1, sem="release")
    else:
        _wait_until(progress, tasks_per_seg + 1)
        stat = n64 * (C // Cg) + cc // Cg
        mean = tl.load(MEAN + stat, mask=c_mask, other=0.0, cache_modifier=".cg")
        scale = tl.load(RSTD + stat, mask=c_mask, other=0.0, cache_modifier=".cg")
        if HAS_WEIGHT:
            scale *= tl.load(W + cc, mask=c_mask, other=0.0).to(tl.float32)
        if HAS_BIAS:
            shift = tl.load(B + cc, mask=c_mask, other=0.0).to(tl.float32)
        else:
            shift = tl.zeros([BLOCK_C], dtype=tl.float32)
        for s0 in tl.range(s_lo, s_hi, BLOCK_S, num_stages=STAGES):
            mask = c_mask[:, None] & (s0 + ss < S)[None, :]
            at = origin + tl.cast(s0, tl.int64) * stride_s + offs
            x = tl.load(X + at, mask=mask, other=0.0).to(tl.float32)
            z = (x - mean[:, None]) * scale[:, None] + shift[:, None]
            tl.store(Y + at, _activation(z, ACTIVATION).to(Y.dtype.element_ty), mask=mask)


@triton.jit
def _bwd_combine(
    PART_DZ, PART_DZX, W, DWP, DBP, C1, C2, n64, c_lo, C, S, Cg, seg_c, n_chunks,
    HAS_WEIGHT: tl.constexpr, COMB_CR: tl.constexpr, COMB_CK: tl.constexpr,
    COMB_GR: tl.constexpr, COMB_GK: tl.constexpr,
):
    """Per-channel totals of the segment (DWP = sum dz * xhat, DBP = sum dz over its
    chunks; COMB_CR channels x COMB_CK chunks per step), then c1, c2 per group from them
    (COMB_GR groups x COMB_GK channels per step). Fixed block order throughout."""
    rows = tl.arange(0, COMB_CR)
    lanes = tl.arange(0, COMB_CK)
    seg = (n64 * C + c_lo) * n_chunks  # offsets from here fit in int32
    for r0 in range(0, seg_c, COMB_CR):
        c = c_lo + r0 + rows
        c_mask = r0 + rows < seg_c
        base = (r0 + rows) * n_chunks
        acc_dzx = tl.zeros([COMB_CR], dtype=tl.float32)
        acc_dz = tl.zeros([COMB_CR], dtype=tl.float32)
        for k0 in range(0, n_chunks, COMB_CK):
            kk = k0 + lanes
            mask = c_mask[:, None] & (kk < n_chunks)[None, :]
            at = seg + base[:, None] + kk[None, :]
            dzx = tl.load(PART_DZX + at, mask=mask, other=0.0, cache_modifier=".cg")
            dz = tl.load(PART_DZ + at, mask=mask, other=0.0, cache_modifier=".cg")
            acc_dzx += tl.sum(dzx, axis=1)
            acc_dz += tl.sum(dz, axis=1)
        tl.store(DWP + n64 * C + c, acc_dzx, mask=c_mask)
        tl.store(DBP + n64 * C + c, acc_dz, mask=c_mask)
    # The totals were stored by other threads of this program.
    tl.debug_barrier()
    groups = seg_c // Cg
    inv_m = 1.0 / (tl.cast(Cg, tl.float32) * tl.cast(S, tl.float32))
    rows = tl.arange(0, COMB_GR)
    lanes = tl.arange(0, COMB_GK)
    for g0 in range(0, groups, COMB_GR):
        g = c_lo // Cg + g0 + rows
        g_mask = g0 + rows < groups
        acc_1 = tl.zeros([COMB_GR], dtype=tl.float32)
        acc_2 = tl.zeros([COMB_GR], dtype=tl.float32)
        for j0 in range(0, Cg, COMB_GK):
            j = j0 + lanes
            mask = g_mask[:, None] & (j < Cg)[None, :]
            c = g[:, None] * Cg + j[None, :]
            t1 = tl.load(DWP + n64 * C + c, mask=mask, other=0.0, cache_modifier=".cg")
            t2 = tl.load(DBP + n64 * C + c, mask=mask, other=0.0, cache_modifier=".cg")
            if HAS_WEIGHT:
                w = tl.load(W + c, mask=mask, other=0.0).to(tl.float32)
                t1 *= w
                t2 *= w
            acc_1 += tl.sum(t1, axis=1)
            acc_2 += tl.sum(t2, axis=1)
        out = n64 * (C // Cg) + g
        tl.store(C1 + out, acc_1 * inv_m, mask=g_mask)
        tl.store(C2 + out, acc_2 * inv_m, mask=g_mask)


@triton.jit
def _bwd_weight_grads(
    DWP, DBP, DW, DB, N, C, c_lo, seg_c, COMB_NR: tl.constexpr, COMB_NK: tl.constexpr,
):
    """dw, db of the segment's channels: the per-sample sums added over n, COMB_NR samples
    x COMB_NK channels per step, in a fixed order."""
    rows = tl.arange(0, COMB_NR)
    lanes = tl.arange(0, COMB_NK)
    for j0 in range(0, seg_c, COMB_NK):
        c = c_lo + j0 + lanes
        c_mask = j0 + lanes < seg_c
        acc_w = tl.zeros([COMB_NK], dtype=tl.float32)
        acc_b = tl.zeros([COMB_NK], dtype=tl.float32)
        for n0 in range(0, N, COMB_NR):
            mask = (n0 + rows < N)[:, None] & c_mask[None, :]
            at = (n0 + rows).to(tl.int64)[:, None] * C + c[None, :]
            acc_w += tl.sum(tl.load(DWP + at, mask=mask, other=0.0, cache_modifier=".cg"), 0)
            acc_b += tl.sum(tl.load(DBP + at, mask=mask, other=0.0, cache_modifier=".cg"), 0)
        tl.store(DW + c, acc_w.to(DW.dtype.element_ty), mask=c_mask)
        tl.store(DB + c, acc_b.to(DB.dtype.element_ty), mask=c_mask)


@triton.jit
def _groupnorm_bwd_kernel(
    X,  # *x at n * stride_n + c * stride_c + s * stride_s
    DY,  # *dL/dy, same shape and strides as X
    W,  # *weight (C,) contiguous (read when HAS_WEIGHT)
    B,  # *bias (C,) contiguous (read when HAS_BIAS and ACTIVATION)
    MEAN,  # *fp32 (N, G) contiguous: saved mean
    RSTD,  # *fp32 (N, G) contiguous: saved rstd
    DX,  # *dL/dx, same shape and strides as X, x's dtype
    DW,  # *dL/dw (C,) contiguous, weight's dtype (fp32 without a weight)
    DB,  # *dL/db (C,) contiguous, bias's dtype (fp32 without a bias)
    SCRATCH,  # *fp32 contiguous scratch, in this order: DWP (N, C) sum over s of dz * xhat
    #           per sample; DBP (N, C) sum over s of dz per sample; C1, C2 (N, G) c1, c2
    #           per group; PART_DZ (N, C, n_chunks) sum of dz of (n, c) over chunk k;
    #           PART_DZX (N, C, n_chunks) sum of dz * xhat over chunk k
    COUNT,  # *int32 (1 + (N + 1) * segs_per_n,) zeroed: [0] ticket counter, [1 + i]
    #         segment i, [1 + N * segs_per_n + j] samples done with channel segment j
    N,  # samples
    C,  # channels
    S,  # spatial positions
    Cg,  # channels per group
    stride_n,  # element stride of the sample index in X, DY and DX
    stride_c,  # element stride of the channel index in X, DY and DX
    stride_s,  # element stride of the spatial index in X, DY and DX
    seg_c,  # channels per segment
    c_tiles_per_seg,  # cdiv(seg_c, BLOCK_C)
    s_chunk,  # positions per task, a multiple of BLOCK_S
    n_chunks,  # cdiv(S, s_chunk)
    segs_per_n,  # C // seg_c
    tasks_per_seg,  # c_tiles_per_seg * n_chunks
    tasks,  # N * segs_per_n * tasks_per_seg; the grid is 2 * tasks
    lag,  # phase-1 tasks issued ahead of phase 2, >= tasks_per_seg
    ACTIVATION: tl.constexpr,
    HAS_WEIGHT: tl.constexpr,
    HAS_BIAS: tl.constexpr,
    BLOCK_C: tl.constexpr,
    BLOCK_S: tl.constexpr,
    STAGES: tl.constexpr,
    COMB_CR: tl.constexpr,  # channels side by side in the per-channel combine
    COMB_CK: tl.constexpr,  # chunk partials per channel per step
    COMB_GR: tl.constexpr,  # groups side by side in the per-group combine
    COMB_GK: tl.constexpr,  # channels per group per step
    COMB_NR: tl.constexpr,  # samples side by side in the sum of dw, db over n
    COMB_NK: tl.constexpr,  # channels per step of that sum
):
    nc = tl.cast(N, tl.int64) * C
    ng = tl.cast(N, tl.int64) * (C // Cg)
    DWP = SCRATCH
    DBP = DWP + nc
    C1 = DBP + nc
    C2 = C1 + ng
    PART_DZ = C2 + ng
    PART_DZX = PART_DZ + nc * n_chunks
    is_p2, seg_id, n64, c_lo, k, s_lo, s_hi, cc, c_mask, ss, offs, origin, progress = \
        _split_task(COUNT, tasks, lag, tasks_per_seg, segs_per_n, seg_c, c_tiles_per_seg,
                    s_chunk, S, C, stride_n, stride_c, stride_s, BLOCK_C, BLOCK_S)
    stat = n64 * (C // Cg) + cc // Cg
    mean = tl.load(MEAN + stat, mask=c_mask, other=0.0)[:, None]
    rstd = tl.load(RSTD + stat, mask=c_mask, other=0.0)[:, None]
    if HAS_WEIGHT:
        wc = tl.load(W + cc, mask=c_mask, other=0.0).to(tl.float32)[:, None]
    else:
        wc = tl.full([BLOCK_C, 1], 1.0, dtype=tl.float32)
    if HAS_BIAS:
        bc = tl.load(B + cc, mask=c_mask, other=0.0).to(tl.float32)[:, None]
    else:
        bc = tl.zeros([BLOCK_C, 1], dtype=tl.float32)
    if is_p2 == 0:
        acc_dz = tl.zeros([BLOCK_C], dtype=tl.float32)
        acc_dzx = tl.zeros([BLOCK_C], dtype=tl.float32)
        for s0 in tl.range(s_lo, s_hi, BLOCK_S, num_stages=STAGES):
            mask = c_mask[:, None] & (s0 + ss < S)[None, :]
            at = origin + tl.cast(s0, tl.int64) * stride_s + offs
            x = tl.load(X + at, mask=mask, other=0.0).to(tl.float32)
            dz = tl.load(DY + at, mask=mask, other=0.0).to(tl.float32)
            xhat = (x - mean) * rstd
            if ACTIVATION != 0:
                dz *= _activation_grad(xhat * wc + bc, ACTIVATION)
            # Masked lanes have dz = 0, so they add nothing.
            acc_dz += tl.sum(dz, axis=1)
            acc_dzx += tl.sum(dz * xhat, axis=1)
        part = (n64 * C + cc) * n_chunks + k
        tl.store(PART_DZ + part, acc_dz, mask=c_mask)
        tl.store(PART_DZX + part, acc_dzx, mask=c_mask)
        tl.debug_barrier()
        if tl.atomic_add(progress, 1, sem="acq_rel") == tasks_per_seg - 1:
            _bwd_combine(PART_DZ, PART_DZX, W, DWP, DBP, C1, C2, n64, c_lo, C, S, Cg, seg_c,
                         n_chunks, HAS_WEIGHT, COMB_CR, COMB_CK, COMB_GR, COMB_GK)
            tl.debug_barrier()
            tl.atomic_add(progress, 1, sem="release")
            # The last sample done with these channels sums dw, db over all samples.
            samples_done = COUNT + 1 + N * segs_per_n + seg_id % segs_per_n
            if tl.atomic_add(samples_done, 1, sem="acq_rel") == N - 1:
                _bwd_weight_grads(DWP, DBP, DW, DB, N, C, c_lo, seg_c, COMB_NR, COMB_NK)
    else:
        _wait_until(progress, tasks_per_seg + 1)
        c1 = tl.load(C1 + stat, mask=c_mask, other=0.0, cache_modifier=".cg")[:, None]
        c2 = tl.load(C2 + stat, mask=c_mask, other=0.0, cache_modifier=".cg")[:, None]
        for s0 in tl.range(s_lo, s_hi, BLOCK_S, num_stages=STAGES):
            mask = c_mask[:, None] & (s0 + ss < S)[None, :]
            at = origin + tl.cast(s0, tl.int64) * stride_s + offs
            x = tl.load(X + at, mask=mask, other=0.0).to(tl.float32)
            dz = tl.load(DY + at, mask=mask, other=0.0).to(tl.float32)
            xhat = (x - mean) * rstd
            if ACTIVATION != 0:
                dz *= _activation_grad(xhat * wc + bc, ACTIVATION)
            dx = (wc * dz - (xhat * c1 + c2)) * rstd
            tl.store(DX + at, dx.to(DX.dtype.element_ty), mask=mask)


# ----------------------------------------------------------------------------------------
# The group path: one program per group (n, g), for many groups of moderate size. The
# program reads its group in tiles of BLOCK_C channels x BLOCK_S positions. With ONE_TILE
# the whole group is one tile, held in registers: statistics and output from one read.
# Otherwise a first sweep reduces the tiles (Chan's merge of tile means and M2), and a
# second sweep re-reads them, from L2 when the resident programs' groups fit there, and
# writes. No scratch, counters or waits: the forward is one launch; the backward writes
# per-sample dw, db sums (N, C), summed over n by a second, small launch.
# ----------------------------------------------------------------------------------------


@triton.jit
def _channel_affine(W, B, c, c_mask, HAS_WEIGHT: tl.constexpr, HAS_BIAS: tl.constexpr):
    """(w[c], b[c]) in fp32, 1 and 0 where absent."""
    if HAS_WEIGHT:
        w = tl.load(W + c, mask=c_mask, other=0.0).to(tl.float32)
    else:
        w = tl.where(c_mask, 1.0, 0.0)
    if HAS_BIAS:
        b = tl.load(B + c, mask=c_mask, other=0.0).to(tl.float32)
    else:
        b = tl.zeros(c.shape, dtype=tl.float32)
    return w, b


@triton.jit
def _groupnorm_fwd_group_kernel(
    X,  # *x at n * stride_n + c * stride_c + s * stride_s
    W,  # *weight (C,) contiguous (read when HAS_WEIGHT)
    B,  # *bias (C,) contiguous (read when HAS_BIAS)
    Y,  # *y, same shape and strides as X, x's dtype
    MEAN,  # *fp32 (N, G) contiguous: mean per group (written when STATS)
    RSTD,  # *fp32 (N, G) contiguous: 1 / std per group (written when STATS)
    S,  # spatial positions
    Cg,  # channels per group
    G,  # groups per sample
    stride_n,  # element stride of the sample index in X and Y
    stride_c,  # element stride of the channel index in X and Y
    stride_s,  # element stride of the spatial index in X and Y
    eps,  # added to the variance before the square root
    ACTIVATION: tl.constexpr,
    HAS_WEIGHT: tl.constexpr,
    HAS_BIAS: tl.constexpr,
    BLOCK_C: tl.constexpr,  # channels per tile
    BLOCK_S: tl.constexpr,  # positions per tile
    ONE_TILE: tl.constexpr,  # the group is one tile (BLOCK_C >= Cg and BLOCK_S >= S)
    STATS: tl.constexpr,  # write MEAN / RSTD (False: inference, no one reads them)
    SHIFT: tl.constexpr,  # sums shifted by the group's first value (_group_shift)
):
    eps = tl.cast(eps, tl.float32)
    pid = tl.program_id(0)  # n * G + g
    c_lo = (pid % G) * Cg
    origin = (pid // G).to(tl.int64) * stride_n + c_lo.to(tl.int64) * stride_c
    cj = tl.arange(0, BLOCK_C)
    sj = tl.arange(0, BLOCK_S)
    # In-tile offsets fit in int32 (checked by the launcher); tile origins are int64.
    offs = cj[:, None] * stride_c + sj[None, :] * stride_s
    m = tl.cast(Cg, tl.float32) * tl.cast(S, tl.float32)
    inv_m = 1.0 / m
    if ONE_TILE:
        mask = (cj < Cg)[:, None] & (sj < S)[None, :]
        x = tl.load(X + origin + offs, mask=mask, other=0.0).to(tl.float32)
        # M equal values sum exactly (SHIFT where they might not, _group_shift), and their
        # sum / M is then exact too, divided correctly rounded (div_rn: not inv_m, nor the
        # GPU's approximate `/`).
        if SHIFT:
            # x is replaced by x - k (not kept beside it): with both live the 16-bit tile
            # of 16384 on 32 warps took 56-58 registers, one program an SM, not two
            # (16x512x32x32 fp16 61.0% of copy against 79.1% unshifted; v0.42 call 1)
            k = tl.load(X + origin).to(tl.float32)
            x = tl.where(mask, x - k, 0.0)
            mean_k = tl.sum(tl.sum(x, axis=1), axis=0) / m
            dev = tl.where(mask, x - mean_k, 0.0)
            mean = k + mean_k
        else:
            mean = tl.math.div_rn(tl.sum(tl.sum(x, axis=1), axis=0), m)
            dev = tl.where(mask, x - mean, 0.0)
        rstd = 1.0 / tl.sqrt(tl.sum(tl.sum(dev * dev, axis=1), axis=0) * inv_m + eps)
        w, b = _channel_affine(W, B, c_lo + cj, cj < Cg, HAS_WEIGHT, HAS_BIAS)
        z = dev * (rstd * w)[:, None] + b[:, None]
        tl.store(Y + origin + offs, _activation(z, ACTIVATION).to(Y.dtype.element_ty),
                 mask=mask)
    else:
        # Per tile: its mean (of x - k with SHIFT, k the group's first value) and M2,
        # merged by Chan's formula: equal tile means merge exactly.
        k = 0.0
        if SHIFT:
            k = tl.load(X + origin).to(tl.float32)
        cnt = tl.zeros([], dtype=tl.float32)
        mean = tl.zeros([], dtype=tl.float32)
        m2 = tl.zeros([], dtype=tl.float32)
        for c0 in range(0, Cg, BLOCK_C):
            c_mask = c0 + cj < Cg
            for s0 in range(0, S, BLOCK_S):
                mask = c_mask[:, None] & (s0 + sj < S)[None, :]
                at = origin + tl.cast(c0, tl.int64) * stride_c + tl.cast(s0, tl.int64) * stride_s
                x = tl.load(X + at + offs, mask=mask, other=0.0).to(tl.float32)
                if SHIFT:
                    x = tl.where(mask, x - k, 0.0)
                t_cnt = (tl.minimum(Cg - c0, BLOCK_C) * tl.minimum(S - s0, BLOCK_S)).to(tl.float32)
                t_mean = tl.math.div_rn(tl.sum(tl.sum(x, axis=1), axis=0), t_cnt)
                dev = tl.where(mask, x - t_mean, 0.0)
                t_m2 = tl.sum(tl.sum(dev * dev, axis=1), axis=0)
                tot = cnt + t_cnt
                delta = t_mean - mean
                frac = tl.math.div_rn(t_cnt, tot)  # (as _chan_merge)
                mean += delta * frac
                m2 += t_m2 + delta * delta * cnt * frac
                cnt = tot
        rstd = 1.0 / tl.sqrt(m2 * inv_m + eps)
        mean += k
        for c0 in range(0, Cg, BLOCK_C):
            c_mask = c0 + cj < Cg
            w, b = _channel_affine(W, B, c_lo + c0 + cj, c_mask, HAS_WEIGHT, HAS_BIAS)
            scale = (rstd * w)[:, None]
            for s0 in range(0, S, BLOCK_S):
                mask = c_mask[:, None] & (s0 + sj < S)[None, :]
                at = origin + tl.cast(c0, tl.int64) * stride_c + tl.cast(s0, tl.int64) * stride_s
                x = tl.load(X + at + offs, mask=mask, other=0.0).to(tl.float32)
                z = (x - mean) * scale + b[:, None]
                tl.store(Y + at + offs, _activation(z, ACTIVATION).to(Y.dtype.element_ty),
                         mask=mask)
    if STATS:
        tl.store(MEAN + pid, mean)
        tl.store(RSTD + pid, rstd)


@triton.jit
def _bwd_tile(X, DY, at, mask, mean, rstd, w, b, ACTIVATION: tl.constexpr):
    """(xhat, dz) of one tile; dz = 0 where masked. mean, rstd, w, b broadcast against the
    tile (per group or per channel)."""
    x = tl.load(X + at, mask=mask, other=0.0).to(tl.float32)
    dz = tl.load(DY + at, mask=mask, other=0.0).to(tl.float32)
    xhat = (x - mean) * rstd
    if ACTIVATION != 0:
        dz *= _activation_grad(xhat * w + b, ACTIVATION)
    return xhat, dz


@triton.jit(do_not_specialize=["TAG"])
def _groupnorm_bwd_group_kernel(
    X,  # *x at n * stride_n + c * stride_c + s * stride_s
    DY,  # *dL/dy, same shape and strides as X
    W,  # *weight (C,) contiguous (read when HAS_WEIGHT)
    B,  # *bias (C,) contiguous (read when HAS_BIAS and ACTIVATION)
    MEAN,  # *fp32 (N, G) contiguous: saved mean
    RSTD,  # *fp32 (N, G) contiguous: saved rstd
    DX,  # *dL/dx, same shape and strides as X, x's dtype
    DWP,  # *fp32 (2, N, C) contiguous: [0] sum over s of dz * xhat, [1] of dz, per sample
    DWO,  # *(C,) dw in its dtype (FINAL_SUM)
    DBO,  # *(C,) db in its dtype (FINAL_SUM)
    DONE,  # *int64 (N * G,): a tagged word per program (FINAL_SUM)
    N,  # samples
    C,  # channels
    S,  # spatial positions
    Cg,  # channels per group
    stride_n,  # element stride of the sample index in X, DY and DX
    stride_c,  # element stride of the channel index in X, DY and DX
    stride_s,  # element stride of the spatial index in X, DY and DX
    TAG,  # FINAL_SUM: this launch's tag (launch.coop_workspace)
    ACTIVATION: tl.constexpr,
    HAS_WEIGHT: tl.constexpr,
    HAS_BIAS: tl.constexpr,
    BLOCK_C: tl.constexpr,
    BLOCK_S: tl.constexpr,
    ONE_TILE: tl.constexpr,
    FINAL_SUM: tl.constexpr,  # each group's last program sums DWP over the samples into
    #                           DWO, DBO
    SUM_P: tl.constexpr,  # FINAL_SUM: samples per step of that sum
    SUM_C: tl.constexpr,  # FINAL_SUM: channels per step
    TICKET: tl.constexpr,  # take the tags from replay counts before WS, not TAG (_launch_tag;
    #                       launch.ticket_launch: launches captured in a CUDA graph)
):
    pid = tl.program_id(0)  # n * G + g
    G = C // Cg
    n = pid // G
    c_lo = (pid % G) * Cg
    origin = n.to(tl.int64) * stride_n + c_lo.to(tl.int64) * stride_c
    DBP = DWP + tl.cast(N, tl.int64) * C
    part = n.to(tl.int64) * C + c_lo
    mean = tl.load(MEAN + pid)
    rstd = tl.load(RSTD + pid)
    cj = tl.arange(0, BLOCK_C)
    sj = tl.arange(0, BLOCK_S)
    offs = cj[:, None] * stride_c + sj[None, :] * stride_s
    inv_m = 1.0 / (tl.cast(Cg, tl.float32) * tl.cast(S, tl.float32))
    if ONE_TILE:
        c_mask = cj < Cg
        mask = c_mask[:, None] & (sj < S)[None, :]
        w, b = _channel_affine(W, B, c_lo + cj, c_mask, HAS_WEIGHT, HAS_BIAS)
        xhat, dz = _bwd_tile(X, DY, origin + offs, mask, mean, rstd, w[:, None], b[:, None],
                             ACTIVATION)
        s_dzx = tl.sum(dz * xhat, axis=1)
        s_dz = tl.sum(dz, axis=1)
        tl.store(DWP + part + cj, s_dzx, mask=c_mask)
        tl.store(DBP + part + cj, s_dz, mask=c_mask)
        c1 = tl.sum(w * s_dzx, axis=0) * inv_m
        c2 = tl.sum(w * s_dz, axis=0) * inv_m
        dx = (w[:, None] * dz - (xhat * c1 + c2)) * rstd
        tl.store(DX + origin + offs, dx.to(DX.dtype.element_ty), mask=mask)
    else:
        c1 = tl.zeros([], dtype=tl.float32)
        c2 = tl.zeros([], dtype=tl.float32)
        for c0 in range(0, Cg, BLOCK_C):
            c_mask = c0 + cj < Cg
            w, b = _channel_affine(W, B, c_lo + c0 + cj, c_mask, HAS_WEIGHT, HAS_BIAS)
            # Tile-shaped accumulators, reduced once after the loop. (Accumulating
            # tl.sum(..., axis=1) per step and using the result twice made Triton 3.6's
            # OptimizeThreadLocality pass assert in fp32, seen in the groups run.)
            tile_dzx = tl.zeros([BLOCK_C, BLOCK_S], dtype=tl.float32)
            tile_dz = tl.zeros([BLOCK_C, BLOCK_S], dtype=tl.float32)
            for s0 in range(0, S, BLOCK_S):
                mask = c_mask[:, None] & (s0 + sj < S)[None, :]
                at = origin + tl.cast(c0, tl.int64) * stride_c + tl.cast(s0, tl.int64) * stride_s
                xhat, dz = _bwd_tile(X, DY, at + offs, mask, mean, rstd, w[:, None], b[:, None],
                                     ACTIVATION)
                tile_dzx += dz * xhat
                tile_dz += dz
            acc_dzx = tl.sum(tile_dzx, axis=1)
            acc_dz = tl.sum(tile_dz, axis=1)
            tl.store(DWP + part + c0 + cj, acc_dzx, mask=c_mask)
            tl.store(DBP + part + c0 + cj, acc_dz, mask=c_mask)
            c1 += tl.sum(w * acc_dzx, axis=0)
            c2 += tl.sum(w * acc_dz, axis=0)
        c1 = c1 * inv_m
        c2 = c2 * inv_m
        for c0 in range(0, Cg, BLOCK_C):
            c_mask = c0 + cj < Cg
            w, b = _channel_affine(W, B, c_lo + c0 + cj, c_mask, HAS_WEIGHT, HAS_BIAS)
            for s0 in range(0, S, BLOCK_S):
                mask = c_mask[:, None] & (s0 + sj < S)[None, :]
                at = origin + tl.cast(c0, tl.int64) * stride_c + tl.cast(s0, tl.int64) * stride_s
                xhat, dz = _bwd_tile(X, DY, at + offs, mask, mean, rstd, w[:, None], b[:, None],
                                     ACTIVATION)
                dx = (w[:, None] * dz - (xhat * c1 + c2)) * rstd
                tl.store(DX + at + offs, dx.to(DX.dtype.element_ty), mask=mask)
    if FINAL_SUM:
        # The last sample's program of each group sums the group's channels over the
        # samples once the others have stored them: G programs in parallel, no one waits
        # on them (the interpreter runs them last), and a fixed order (deterministic).
        TAG, TCOUNT = _launch_tag(DONE, TAG, 1, TICKET)
        tl.debug_barrier()  # every thread's partial stores before the one release
        tl.atomic_xchg(DONE + pid, tl.cast(TAG, tl.int64), sem="release")
        if n == N - 1:
            g = pid % G
            for n0 in range(0, N, SUM_P):
                nn = n0 + tl.arange(0, SUM_P)
                live = nn < N
                _wait_tags(DONE + nn * G + g, live, TAG)
            tl.debug_barrier()  # the acquires before any thread reads the partials
            cs = tl.arange(0, SUM_C)
            for c0 in range(0, Cg, SUM_C):
                c_mask = c0 + cs < Cg
                acc_w = tl.zeros([SUM_P, SUM_C], dtype=tl.float32)
                acc_b = tl.zeros([SUM_P, SUM_C], dtype=tl.float32)
                for n0 in range(0, N, SUM_P):
                    nn = n0 + tl.arange(0, SUM_P)
                    # (not `offs`: the tile offsets above keep that name and type)
                    at_p = nn.to(tl.int64)[:, None] * C + (c_lo + c0 + cs)[None, :]
                    m = (nn < N)[:, None] & c_mask[None, :]
                    acc_w += tl.load(DWP + at_p, mask=m, other=0.0)
                    acc_b += tl.load(DBP + at_p, mask=m, other=0.0)
                out = c_lo + c0 + cs
                tl.store(DWO + out, tl.sum(acc_w, axis=0).to(DWO.dtype.element_ty), mask=c_mask)
                tl.store(DBO + out, tl.sum(acc_b, axis=0).to(DBO.dtype.element_ty), mask=c_mask)
        _launch_done(DONE, TCOUNT, TICKET)


# ----------------------------------------------------------------------------------------
# The columns path: channels_last inputs that the group path declines (groups whose runs
# of Cg channels are short, few groups, large groups). In channels_last a sample is an
# S x C matrix with contiguous rows and a group is a band of Cg columns, so its statistics
# are column sums. Three launches, no program waits for another:
#   1. stats: a program reduces a chunk of rows (positions) of one sample, BLOCK_C
#      columns wide, to per-channel partials. It adds whole tiles elementwise in registers
#      and reduces across threads once, at the chunk's end (a reduction per tile made the
#      first version L1-bound: 13-57% of copy). Forward: the chunk's mean and M2 per
#      channel from sums shifted by the chunk's first row; backward: sum(dz * xhat) and
#      sum(dz).
#   2. combine: a program per sample and block of whole groups merges the chunks in a
#      fixed order (forward: Chan's formula over chunks, then over the group's channels, to
#      mean and rstd; backward: c1, c2 and the sample's sums for dw, db).
#   3. apply: y (forward) or dx (backward) with per-channel coefficients in registers. The
#      programs take the tiles in reverse order, so the first ones find in L2 the rows
#      that the stats launch read last. In the backward a few more programs add the
#      per-sample sums over the samples, in order, into dw and db.
# ----------------------------------------------------------------------------------------


@triton.jit
def _cols_tile(pid, n_chunks, s_chunk, S, C, BLOCK_C: tl.constexpr):
    """Decode program pid = (n * n_chunks + k) * c_blocks + cb: the partial row
    n * n_chunks + k, the sample n, the chunk's positions (first, count), its origin (int64)
    and the tile's channels."""
    c_blocks = tl.cdiv(C, BLOCK_C)
    row = pid // c_blocks
    n = row // n_chunks
    s_lo = (row % n_chunks) * s_chunk
    rows = tl.minimum(S - s_lo, s_chunk)
    origin = (n.to(tl.int64) * S + s_lo) * C
    cc = (pid % c_blocks) * BLOCK_C + tl.arange(0, BLOCK_C)
    return row, n, rows, origin, cc


@triton.jit
def _chunk_moments(X, origin, cc, c_mask, offs, sj, rows, C, acc1, acc2,
                   BLOCK_S: tl.constexpr, STAGES: tl.constexpr, TIMING: tl.constexpr = False,
                   T=None, first=False):
    """Per channel cc, the mean and M2 of x over `rows` positions of a channels_last chunk
    (element (s, c) at origin + s * C + c; offs = in-tile offsets, sj = tile positions;
    acc1, acc2: zeroed [BLOCK_S, channels] accumulators), from sums of x - shift, shift =
    the chunk's first position: no cancellation when the mean is large against the
    spread. TIMING (the cooperative columns kernel's): where `first`, %globaltimer at T[1]
    once the shift has arrived and at T[2] once the sums are done."""
    shift = tl.load(X + origin + cc, mask=c_mask, other=0.0).to(tl.float32)
    if TIMING:
        if first:
            tl.store(T + 1, _now_after(tl.sum(shift, axis=0)))
    for s0 in tl.range(0, rows, BLOCK_S, num_stages=STAGES):
        mask = (s0 + sj < rows)[:, None] & c_mask[None, :]
        x = tl.load(X + origin + s0 * C + offs, mask=mask, other=0.0).to(tl.float32)
        d = tl.where(mask, x - shift[None, :], 0.0)
        acc1 += d
        acc2 += d * d
    s1 = tl.sum(acc1, axis=0)
    s2 = tl.sum(acc2, axis=0)
    if TIMING:
        if first:
            tl.store(T + 2, _now_after(tl.sum(s1 + s2, axis=0)))
    cnt = rows.to(tl.float32)
    return shift + s1 / cnt, tl.maximum(s2 - s1 * (s1 / cnt), 0.0)


@triton.jit
def _groupnorm_cols_stats_kernel(
    X,  # *x, element (n, s, c) at (n * S + s) * C + c (channels_last)
    DY,  # *dL/dy, as X (read when BACKWARD)
    W,  # *weight (C,) contiguous (read when BACKWARD and HAS_WEIGHT)
    B,  # *bias (C,) contiguous (read when BACKWARD and HAS_BIAS: with an activation)
    MEAN,  # *fp32 (N, G) contiguous: group means (read when BACKWARD)
    RSTD,  # *fp32 (N, G) contiguous: group 1 / std (read when BACKWARD)
    PART,  # *fp32 (2, N * n_chunks, C) scratch: per chunk and channel, forward [0] mean,
    #        [1] sum of squared deviations; backward [0] sum(dz * xhat), [1] sum(dz)
    N,  # samples
    C,  # channels
    S,  # spatial positions
    Cg,  # channels per group
    n_chunks,  # chunks per sample
    s_chunk,  # positions per chunk, a multiple of BLOCK_S
    BACKWARD: tl.constexpr,
    ACTIVATION: tl.constexpr,
    HAS_WEIGHT: tl.constexpr,
    HAS_BIAS: tl.constexpr,
    BLOCK_C: tl.constexpr,  # channels per tile
    BLOCK_S: tl.constexpr,  # positions per tile
    STAGES: tl.constexpr,  # software-pipelining stages of the tile loop
):
    row, n, rows, origin, cc = _cols_tile(tl.program_id(0), n_chunks, s_chunk, S, C, BLOCK_C)
    c_mask = cc < C
    sj = tl.arange(0, BLOCK_S)
    # In-chunk offsets fit in int32 (checked by the launcher).
    offs = (sj * C)[:, None] + cc[None, :]
    acc1 = tl.zeros([BLOCK_S, BLOCK_C], dtype=tl.float32)
    acc2 = tl.zeros([BLOCK_S, BLOCK_C], dtype=tl.float32)
    if BACKWARD:
        stat = n * (C // Cg) + cc // Cg
        mean = tl.load(MEAN + stat, mask=c_mask, other=0.0)
        rstd = tl.load(RSTD + stat, mask=c_mask, other=0.0)
        w, b = _channel_affine(W, B, cc, c_mask, HAS_WEIGHT, HAS_BIAS)
        for s0 in tl.range(0, rows, BLOCK_S, num_stages=STAGES):
            mask = (s0 + sj < rows)[:, None] & c_mask[None, :]
            xhat, dz = _bwd_tile(X, DY, origin + s0 * C + offs, mask, mean[None, :],
                                 rstd[None, :], w[None, :], b[None, :], ACTIVATION)
            acc1 += dz * xhat
            acc2 += dz
        p1 = tl.sum(acc1, axis=0)
        p2 = tl.sum(acc2, axis=0)
    else:
        p1, p2 = _chunk_moments(X, origin, cc, c_mask, offs, sj, rows, C, acc1, acc2, BLOCK_S,
                                STAGES)
    part = row.to(tl.int64) * C + cc
    tl.store(PART + part, p1, mask=c_mask)
    tl.store(PART + tl.cast(N, tl.int64) * n_chunks * C + part, p2, mask=c_mask)


@triton.jit
def _groupnorm_cols_combine_kernel(
    PART,  # *fp32 scratch: (2, N * n_chunks, C) the stats launch's partials, then in the
    #        backward (2, N, G) c1, c2 and (2, N, C) per sample sum(dz * xhat), sum(dz),
    #        which this launch writes
    MEAN,  # *fp32 (N, G): forward writes the group means
    RSTD,  # *fp32 (N, G): forward writes the group 1 / std
    W,  # *weight (C,) contiguous (read when BACKWARD and HAS_WEIGHT)
    N,  # samples
    C,  # channels
    S,  # spatial positions
    Cg,  # channels per group
    n_chunks,  # chunks per sample
    s_chunk,  # positions per chunk
    eps,  # forward: added to the variance before the square root
    BACKWARD: tl.constexpr,
    HAS_WEIGHT: tl.constexpr,
    COMB_G: tl.constexpr,  # groups per program
    COMB_C: tl.constexpr,  # channel lanes, >= COMB_G * Cg
    COMB_K: tl.constexpr,  # chunks per step
):
    n = tl.program_id(0)  # grid (N, cdiv(G, COMB_G))
    g0 = tl.program_id(1) * COMB_G
    G = C // Cg
    ci = tl.arange(0, COMB_C)
    cc = g0 * Cg + ci
    c_mask = (ci < COMB_G * Cg) & (cc < C)
    gj = tl.arange(0, COMB_G)
    g_mask = g0 + gj < G
    own = ((ci // Cg)[None, :] == gj[:, None]) & c_mask[None, :]  # channel ci in group gj
    kj = tl.arange(0, COMB_K)
    second = tl.cast(N, tl.int64) * n_chunks * C  # PART's second array
    out = n * G + g0 + gj
    if BACKWARD:
        C12 = PART + 2 * second
        SUMS = C12 + 2 * N * G
        s_dzx = tl.zeros([COMB_C], dtype=tl.float32)
        s_dz = tl.zeros([COMB_C], dtype=tl.float32)
        for k0 in range(0, n_chunks, COMB_K):
            m = (k0 + kj < n_chunks)[:, None] & c_mask[None, :]
            at = (tl.cast(n, tl.int64) * n_chunks + k0 + kj)[:, None] * C + cc[None, :]
            s_dzx += tl.sum(tl.load(PART + at, mask=m, other=0.0), axis=0)
            s_dz += tl.sum(tl.load(PART + second + at, mask=m, other=0.0), axis=0)
        tl.store(SUMS + n * C + cc, s_dzx, mask=c_mask)
        tl.store(SUMS + (N + n) * C + cc, s_dz, mask=c_mask)
        if HAS_WEIGHT:
            w = tl.load(W + cc, mask=c_mask, other=0.0).to(tl.float32)
        else:
            w = tl.where(c_mask, 1.0, 0.0)
        inv_m = 1.0 / (tl.cast(Cg, tl.float32) * tl.cast(S, tl.float32))
        c1 = tl.sum(tl.where(own, (w * s_dzx)[None, :], 0.0), axis=1) * inv_m
        c2 = tl.sum(tl.where(own, (w * s_dz)[None, :], 0.0), axis=1) * inv_m
        tl.store(C12 + out, c1, mask=g_mask)
        tl.store(C12 + N * G + out, c2, mask=g_mask)
    else:
        eps = tl.cast(eps, tl.float32)
        cnt = tl.zeros([], dtype=tl.float32)
        mean = tl.zeros([COMB_C], dtype=tl.float32)
        m2 = tl.zeros([COMB_C], dtype=tl.float32)
        for k0 in range(0, n_chunks, COMB_K):
            k = k0 + kj
            k_mask = k < n_chunks
            m = k_mask[:, None] & c_mask[None, :]
            at = (tl.cast(n, tl.int64) * n_chunks + k)[:, None] * C + cc[None, :]
            pm = tl.load(PART + at, mask=m, other=0.0)
            pq = tl.load(PART + second + at, mask=m, other=0.0)
            pc = tl.where(k_mask, tl.minimum(s_chunk, S - k * s_chunk), 0).to(tl.float32)
            b_cnt = tl.sum(pc, axis=0)
            b_mean = _wmean(pm, tl.where(m, pc[:, None], 0.0), b_cnt, 0)
            dev = pm - b_mean[None, :]
            b_m2 = tl.sum(tl.where(m, pq + pc[:, None] * dev * dev, 0.0), axis=0)
            tot = cnt + b_cnt
            delta = b_mean - mean
            frac = tl.math.div_rn(b_cnt, tot)  # (as _chan_merge)
            mean += delta * frac
            m2 += b_m2 + delta * delta * cnt * frac
            cnt = tot
        # Then the channels of each group (equal counts).
        g_mean = _wmean(mean[None, :], tl.where(own, 1.0, 0.0), tl.cast(Cg, tl.float32), 1)
        dev = mean[None, :] - g_mean[:, None]
        g_m2 = tl.sum(tl.where(own, m2[None, :] + cnt * dev * dev, 0.0), axis=1)
        rstd = 1.0 / tl.sqrt(g_m2 / (cnt * tl.cast(Cg, tl.float32)) + eps)
        tl.store(MEAN + out, g_mean, mask=g_mask)
        tl.store(RSTD + out, rstd, mask=g_mask)


@triton.jit
def _groupnorm_cols_apply_kernel(
    X,  # *x, element (n, s, c) at (n * S + s) * C + c (channels_last)
    DY,  # *dL/dy, as X (read when BACKWARD)
    W,  # *weight (C,) contiguous (read when HAS_WEIGHT)
    B,  # *bias (C,) contiguous (read when HAS_BIAS)
    MEAN,  # *fp32 (N, G) contiguous: group means
    RSTD,  # *fp32 (N, G) contiguous: group 1 / std
    SCRATCH,  # *fp32: the combine's (backward: c1, c2 and the per-sample sums, after the
    #           partials, as the combine lays them out)
    Y,  # *y (forward) or dL/dx (backward), as X, x's dtype
    DW,  # *dweight (C,): backward writes sum over n, s of dz * xhat, in DW's dtype
    DB,  # *dbias (C,): backward writes sum over n, s of dz
    N,  # samples
    C,  # channels
    S,  # spatial positions
    Cg,  # channels per group
    n_chunks,  # chunks per sample
    s_chunk,  # positions per chunk, a multiple of BLOCK_S
    BACKWARD: tl.constexpr,
    ACTIVATION: tl.constexpr,
    HAS_WEIGHT: tl.constexpr,
    HAS_BIAS: tl.constexpr,
    BLOCK_C: tl.constexpr,  # channels per tile
    BLOCK_S: tl.constexpr,  # positions per tile
    STAGES: tl.constexpr,  # software-pipelining stages of the tile loop
    SUM_N: tl.constexpr,  # backward: samples per step of the dw, db sums
    SUM_C: tl.constexpr,  # backward: channels per dw, db program
):
    # Programs in reverse: the last tiles of the stats launch first (in L2); in the
    # backward the cdiv(C, SUM_C) programs past the tiles, which run first, sum dw and db
    # over the samples in order (no launch of their own).
    G = C // Cg
    tiles = N * n_chunks * tl.cdiv(C, BLOCK_C)
    pid = tl.num_programs(0) - 1 - tl.program_id(0)
    C12 = SCRATCH + 2 * tl.cast(N, tl.int64) * n_chunks * C
    if pid < tiles:
        row, n, rows, origin, cc = _cols_tile(pid, n_chunks, s_chunk, S, C, BLOCK_C)
        c_mask = cc < C
        sj = tl.arange(0, BLOCK_S)
        offs = (sj * C)[:, None] + cc[None, :]
        stat = n * G + cc // Cg
        mean = tl.load(MEAN + stat, mask=c_mask, other=0.0)
        rstd = tl.load(RSTD + stat, mask=c_mask, other=0.0)
        w, b = _channel_affine(W, B, cc, c_mask, HAS_WEIGHT, HAS_BIAS)
        if BACKWARD:
            c1 = tl.load(C12 + stat, mask=c_mask, other=0.0)
            c2 = tl.load(C12 + N * G + stat, mask=c_mask, other=0.0)
        for s0 in tl.range(0, rows, BLOCK_S, num_stages=STAGES):
            mask = (s0 + sj < rows)[:, None] & c_mask[None, :]
            at = origin + s0 * C + offs
            if BACKWARD:
                xhat, dz = _bwd_tile(X, DY, at, mask, mean[None, :], rstd[None, :],
                                     w[None, :], b[None, :], ACTIVATION)
                out = (w[None, :] * dz - (xhat * c1[None, :] + c2[None, :])) * rstd[None, :]
            else:
                x = tl.load(X + at, mask=mask, other=0.0).to(tl.float32)
                xhat = (x - mean[None, :]) * rstd[None, :]
                out = _activation(xhat * w[None, :] + b[None, :], ACTIVATION)
            tl.store(Y + at, out.to(Y.dtype.element_ty), mask=mask)
    else:
        if BACKWARD:
            SUMS = C12 + 2 * N * G
            # The sum of _sum_partials_kernel (rownorm.py), kept apart: a helper shared with
            # it (int64 row offsets) took these variants from at most 128 to up to 142
            # registers, two spilling 4 B (compile_check.py, sm_90a).
            cols = (pid - tiles) * SUM_C + tl.arange(0, SUM_C)
            col_mask = cols < C
            acc_w = tl.zeros([SUM_N, SUM_C], dtype=tl.float32)
            acc_b = tl.zeros([SUM_N, SUM_C], dtype=tl.float32)
            for n0 in range(0, N, SUM_N):
                ns = n0 + tl.arange(0, SUM_N)
                m = (ns < N)[:, None] & col_mask[None, :]
                at = ns[:, None] * C + cols[None, :]
                acc_w += tl.load(SUMS + at, mask=m, other=0.0)
                acc_b += tl.load(SUMS + N * C + at, mask=m, other=0.0)
            tl.store(DW + cols, tl.sum(acc_w, axis=0).to(DW.dtype.element_ty), mask=col_mask)
            tl.store(DB + cols, tl.sum(acc_b, axis=0).to(DB.dtype.element_ty), mask=col_mask)


# ----------------------------------------------------------------------------------------
# The cooperative columns path (forward, channels_last, a sample small enough for L2). The
# columns path above reads x twice from HBM when the tensor exceeds
# L2 and pays three launches' ramp and tail. Here one launch of Q * K programs, all
# resident, takes Q samples at a time, K programs per sample, each a chunk of s_chunk
# positions across all C channels (one contiguous range of memory):
#   1. it reduces its chunk to per-group (mean, M2) and publishes them, tagged, in WS;
#   2. program k merges groups [k * GB, (k + 1) * GB) over the sample's K chunks, in
#      chunk order (Chan's formula), and publishes their (mean, rstd);
#   3. it waits for the sample's G finals, reads its chunk again, from L2 (the Q samples
#      in flight fit there), and writes y.
# Then it moves on to sample n + Q. A program waits only for programs of its own sample,
# which are resident, so the launch cannot deadlock. Lanes are channels (unit stride):
# G_P2 * Cg of them where Cg is a power of two, so that a group's lanes are one row of a
# [G_P2, Cg] reshape; otherwise (GATHER) C rounded up, and tl.gather takes each channel's
# moments to its group's row and each group's statistics back to its channels. A first
# version in which every program merged all K chunks itself (one wait, K * G words read
# per program) ran at 41.3% of copy against 57.1% with this split (InstanceNorm 2-D bf16,
# v0.11-runs call 1). PHASE 1, 2 and 3 run the steps as separate launches (the
# interpreter, whose programs run one after another).
# ----------------------------------------------------------------------------------------


@triton.jit
def _chunk_words(WS, n, K, G, kk, t_g, TAG, BACKOFF: tl.constexpr):
    """One step of a reducer's wait in the cooperative columns kernels: the two tagged
    values of chunks kk of groups t_g of sample n (WS (N, K, G, 2) words), 0 where not
    live, and live."""
    live = (kk < K) & (t_g < G)
    two = tl.arange(0, 2)
    ptrs = WS + (((tl.cast(n, tl.int64) * K + kk) * G + t_g) * 2)[:, None] + two[None, :]
    v = _spin(ptrs, live[:, None] & (two[None, :] < 2), TAG, BACKOFF)
    a, b = _unpack(v, two)
    return a, b, live


@triton.jit
def _by_group(v, C, Cg, CL: tl.constexpr, G_P2: tl.constexpr, CG: tl.constexpr,
              GATHER: tl.constexpr):
    """Channel lanes v ([CL]) laid out by group, [G_P2, CG] with lane (g, j) channel
    g * Cg + j (tl.gather where GATHER, else a reshape), and the mask of lanes that hold
    a channel."""
    # (Each branch ends in its own assignments: Triton 3.6 compiles statements after an
    # `if` that returns, the constexpr one included, and the reshape below fails to
    # compile where CL is not G_P2 * CG.)
    if GATHER:
        t = tl.arange(0, G_P2 * CG)
        tg = t // CG
        tj = t % CG
        at_c = tl.minimum(tg * Cg + tj, CL - 1)
        out = tl.reshape(tl.gather(v, at_c, 0), [G_P2, CG])
        own = tl.reshape((tj < Cg) & (tg * Cg + tj < C), [G_P2, CG])
    else:
        out = tl.reshape(v, [G_P2, CG])
        own = tl.reshape(tl.arange(0, CL) < C, [G_P2, CG])
    return out, own


@triton.jit
def _to_lanes(a, b, cc, Cg, G_P2: tl.constexpr, CG: tl.constexpr, GATHER: tl.constexpr):
    """Per group values a, b ([G_P2]) to the channel lanes cc: each lane its group's."""
    if GATHER:  # (one return: see _by_group)
        at_g = tl.minimum(cc // Cg, G_P2 - 1)
        la = tl.gather(a, at_g, 0)
        lb = tl.gather(b, at_g, 0)
    else:
        la = tl.reshape(tl.broadcast_to(a[:, None], [G_P2, CG]), [G_P2 * CG])
        lb = tl.reshape(tl.broadcast_to(b[:, None], [G_P2, CG]), [G_P2 * CG])
    return la, lb


@triton.jit
def _wait_finals(FIN, n, G, TAG, G_P2: tl.constexpr, FB: tl.constexpr,
                 BACKOFF: tl.constexpr):
    """Wait for sample n's G tagged pairs in FIN ((N, G, 2) words); returns them as two
    [G_P2] vectors (0 past G)."""
    f = tl.arange(0, FB)
    two = tl.arange(0, 2)
    ptrs = FIN + ((tl.cast(n, tl.int64) * G + f) * 2)[:, None] + two[None, :]
    v = _spin(ptrs, (f < G)[:, None] & (two[None, :] < 2), TAG, BACKOFF)
    a, b = _unpack(v, two)
    # Entries past G are 0: fold the [FB] words onto the first G_P2.
    return (tl.sum(tl.reshape(a, [FB // G_P2, G_P2]), axis=0),
            tl.sum(tl.reshape(b, [FB // G_P2, G_P2]), axis=0))


@triton.jit
def _merge_chunks(WS, n, K, G, S, s_chunk, Cg, g0, TAG, GB: tl.constexpr, KB: tl.constexpr,
                  BACKOFF: tl.constexpr):
    """Wait for the (mean, M2) partials of groups g0 .. g0 + GB of sample n's K chunks
    (WS as the cooperative columns kernel's) and merge them in chunk order, KB chunks a
    step; returns the groups' element counts, means and M2s ([GB] each; 0 past G)."""
    t = tl.arange(0, KB * GB)
    t_k = t // GB
    t_g = g0 + t % GB
    m_cnt = tl.zeros([GB], dtype=tl.float32)
    m_mean = tl.zeros([GB], dtype=tl.float32)
    m_m2 = tl.zeros([GB], dtype=tl.float32)
    for k0 in range(0, K, KB):
        kk = k0 + t_k
        pm, pq, live = _chunk_words(WS, n, K, G, kk, t_g, TAG, BACKOFF)
        pm = tl.reshape(pm, [KB, GB])
        pq = tl.reshape(pq, [KB, GB])
        pc = tl.where(live, tl.minimum(s_chunk, S - kk * s_chunk) * Cg, 0)
        pc = tl.reshape(pc.to(tl.float32), [KB, GB])
        b_cnt = tl.sum(pc, axis=0)
        b_mean = _wmean(pm, pc, tl.maximum(b_cnt, 1.0), 0)
        dev = pm - b_mean[None, :]
        b_m2 = tl.sum(pq + pc * dev * dev, axis=0)
        m_cnt, m_mean, m_m2 = _chan_merge(m_cnt, m_mean, m_m2, b_cnt, b_mean, b_m2)
    return m_cnt, m_mean, m_m2


@triton.jit(do_not_specialize=["TAG"])
def _groupnorm_cols_coop_kernel(
    X,  # *x, element (n, s, c) at (n * S + s) * C + c (channels_last)
    W,  # *weight (C,) contiguous (read when HAS_WEIGHT)
    B,  # *bias (C,) contiguous (read when HAS_BIAS)
    Y,  # *y, as X, x's dtype
    MEAN,  # *fp32 (N, G): group means (written when STATS)
    RSTD,  # *fp32 (N, G): group 1 / std (written when STATS)
    WS,  # *int64: (N, K, G, 2) per chunk and group mean and M2, then (N, G, 2) per group
    #      mean and rstd; each word tagged with TAG (launch.coop_workspace)
    N,  # samples
    C,  # channels
    S,  # spatial positions
    Cg,  # channels per group (a power of two unless GATHER)
    K,  # chunks (programs) per sample
    Q,  # samples in flight: the grid is Q * K programs
    s_chunk,  # positions per chunk, a multiple of BLOCK_S
    eps,  # added to the variance before the square root
    TAG,  # the tag of this launch's words in WS (the same for the three PHASE launches)
    ACTIVATION: tl.constexpr,
    HAS_WEIGHT: tl.constexpr,
    HAS_BIAS: tl.constexpr,
    STATS: tl.constexpr,  # write MEAN and RSTD
    PHASE: tl.constexpr,  # 0 all steps (cooperative); 1, 2, 3: one step per launch
    G_P2: tl.constexpr,  # groups rounded up to a power of two
    CG: tl.constexpr,  # Cg rounded up to a power of two
    CL: tl.constexpr,  # channel lanes of a tile: G_P2 * CG, or C rounded up where GATHER
    GATHER: tl.constexpr,  # Cg not a power of two: channels reach their groups by tl.gather
    BLOCK_S: tl.constexpr,  # positions per tile ([BLOCK_S, CL])
    GB: tl.constexpr,  # groups per reducer (cdiv(G, K) rounded up to a power of two)
    KB: tl.constexpr,  # chunks per step of a reducer's merge (KB * GB >= threads)
    FB: tl.constexpr,  # words of the finals' wait (>= G_P2 and the threads)
    STAGES: tl.constexpr,  # software-pipelining stages of the tile loops
    BACKOFF: tl.constexpr,  # nanoseconds slept between polls of a wait (rownorm._spin)
    TIMING: tl.constexpr,  # diagnostics (benchmarks/diag_coop_cols.py, GPU only): RSTD is
    #      an int64 (programs, 8) array of %globaltimer readings (diag_coop_cols.STEPS)
    TICKET: tl.constexpr,  # take the tags from replay counts before WS, not TAG (_launch_tag;
    #                       launch.ticket_launch: launches captured in a CUDA graph)
):
    G = C // Cg
    pid = tl.program_id(0)
    TAG, TCOUNT = _launch_tag(WS, TAG, 1, TICKET, PHASE <= 1)  # (later PHASEs: the first's)
    q = pid // K
    k = pid % K
    if TIMING:
        tl.store(RSTD + pid * 8, _now())
    cc = tl.arange(0, CL)
    c_mask = cc < C
    sj = tl.arange(0, BLOCK_S)
    offs = (sj * C)[:, None] + cc[None, :]  # in-chunk offsets fit in int32 (launcher)
    s_lo = k * s_chunk
    rows = tl.minimum(S - s_lo, s_chunk)
    cnt = rows.to(tl.float32)
    gi = tl.arange(0, G_P2)
    g_mask = gi < G
    FIN = WS + tl.cast(N, tl.int64) * K * G * 2
    w, b = _channel_affine(W, B, cc, c_mask, HAS_WEIGHT, HAS_BIAS)
    for n in range(q, N, Q):
        origin = (tl.cast(n, tl.int64) * S + s_lo) * C
        if PHASE == 0 or PHASE == 1:
            # Two zeroed tiles, not one passed twice: triton 3.6 merged loop-carried values
            # with one initial value (see rownorm's cooperative forward).
            acc1 = tl.zeros([BLOCK_S, CL], dtype=tl.float32)
            acc2 = tl.zeros([BLOCK_S, CL], dtype=tl.float32)
            c_mean, c_m2 = _chunk_moments(X, origin, cc, c_mask, offs, sj, rows, C, acc1, acc2,
                                          BLOCK_S, STAGES, TIMING, RSTD + pid * 8, n == q)
            # Per group (the chunk's channels have equal counts): lanes [G_P2, CG], lane (g, j)
            # channel g * Cg + j (a reshape where Cg is CG and lanes are channels).
            c_mean, own = _by_group(c_mean, C, Cg, CL, G_P2, CG, GATHER)
            c_m2, _ = _by_group(c_m2, C, Cg, CL, G_P2, CG, GATHER)
            g_mean = _wmean(c_mean, tl.where(own, 1.0, 0.0), tl.cast(Cg, tl.float32), 1)
            dev = c_mean - g_mean[:, None]
            g_m2 = tl.sum(tl.where(own, c_m2 + cnt * dev * dev, 0.0), axis=1)
            slots = WS + ((tl.cast(n, tl.int64) * K + k) * G + gi) * 2
            _publish(slots, g_mean, TAG, g_mask)
            _publish(slots + 1, g_m2, TAG, g_mask)
            if TIMING:
                if n == q:
                    tl.store(RSTD + pid * 8 + 3, _now())
        if PHASE == 0 or PHASE == 2:
            if k * GB < G:  # a reducer: merge groups [k * GB, (k + 1) * GB)
                r_cnt, r_mean, r_m2 = _merge_chunks(WS, n, K, G, S, s_chunk, Cg, k * GB, TAG, GB,
                                                    KB, BACKOFF)
                r_rstd = 1.0 / tl.sqrt(r_m2 / tl.maximum(r_cnt, 1.0) + tl.cast(eps, tl.float32))
                rg = k * GB + tl.arange(0, GB)
                fin = FIN + (tl.cast(n, tl.int64) * G + rg) * 2
                _publish(fin, r_mean, TAG, rg < G)
                _publish(fin + 1, r_rstd, TAG, rg < G)
                if STATS:
                    tl.store(MEAN + n * G + rg, r_mean, mask=rg < G)
                    tl.store(RSTD + n * G + rg, r_rstd, mask=rg < G)
            if TIMING:
                if n == q:
                    tl.store(RSTD + pid * 8 + 4, _now())
        if PHASE == 0 or PHASE == 3:
            m_mean, rstd = _wait_finals(FIN, n, G, TAG, G_P2, FB, BACKOFF)
            if TIMING:
                if n == q:
                    tl.store(RSTD + pid * 8 + 5, _now_after(tl.sum(rstd, axis=0)))
            l_mean, l_rstd = _to_lanes(m_mean, rstd, cc, Cg, G_P2, CG, GATHER)
            scale = l_rstd * w
            for s0 in tl.range(0, rows, BLOCK_S, num_stages=STAGES):
                mask = (s0 + sj < rows)[:, None] & c_mask[None, :]
                at = origin + s0 * C + offs
                x = tl.load(X + at, mask=mask, other=0.0).to(tl.float32)
                z = (x - l_mean[None, :]) * scale[None, :] + b[None, :]
                tl.store(Y + at, _activation(z, ACTIVATION).to(Y.dtype.element_ty), mask=mask)
    if TIMING:
        tl.store(RSTD + pid * 8 + 6, _now())
    _launch_done(WS, TCOUNT, TICKET, PHASE <= 1)


# The cooperative columns backward (channels_last, x and dy of Q samples small enough for
# L2), in the forward's decomposition: one launch of Q * K programs, K per sample, each a
# chunk of s_chunk positions across all C channels:
#   1. it reduces its chunk to per-channel sums of dz * xhat and dz (dz: dy through the
#      activation's derivative; mean and rstd are the forward's), adds them to its own
#      dw, db sums, and publishes, tagged, each group's sums of w * dz * xhat and w * dz;
#   2. program k adds up groups [k * GB, (k + 1) * GB) over the sample's K chunks, in
#      chunk order, and publishes c1, c2 (those sums over Cg * S);
#   3. it waits for the sample's G pairs, reads its chunk of x and dy again, from L2, and
#      writes dx = (w * dz - (xhat * c1 + c2)) * rstd.
# After its last sample's step 1 each program publishes its dw, db sums (C pairs, a row of
# WS); programs pid < cdiv(C, SUM_C) add the Q * K rows of SUM_C channels in program order
# once their own samples are done, and write dw, db: deterministic, no float atomics, no
# launch of their own. Every wait is on programs of the one launch, all resident. The
# columns path it replaces reads x and dy twice from HBM where they exceed L2 and runs
# three launches (stats, combine, apply).
# ----------------------------------------------------------------------------------------


@triton.jit
def _sum_chunks(WS, n, K, G, g0, TAG, GB: tl.constexpr, KB: tl.constexpr,
                BACKOFF: tl.constexpr):
    """Wait for the two tagged sums of groups g0 .. g0 + GB of sample n's K chunks (WS as
    the cooperative columns backward's) and add them up in chunk order, KB chunks a step;
    returns the two [GB] totals (0 past G)."""
    t = tl.arange(0, KB * GB)
    t_k = t // GB
    t_g = g0 + t % GB
    s1 = tl.zeros([GB], dtype=tl.float32)
    s2 = tl.zeros([GB], dtype=tl.float32)
    for k0 in range(0, K, KB):
        p1, p2, _ = _chunk_words(WS, n, K, G, k0 + t_k, t_g, TAG, BACKOFF)
        s1 += tl.sum(tl.reshape(p1, [KB, GB]), axis=0)
        s2 += tl.sum(tl.reshape(p2, [KB, GB]), axis=0)
    return s1, s2


@triton.jit(do_not_specialize=["TAG"])
def _groupnorm_cols_coop_bwd_kernel(
    X,  # *x, element (n, s, c) at (n * S + s) * C + c (channels_last)
    DY,  # *dL/dy, as X
    W,  # *weight (C,) contiguous (read when HAS_WEIGHT)
    B,  # *bias (C,) contiguous (read when HAS_BIAS: with an activation)
    MEAN,  # *fp32 (N, G) contiguous: the forward's group means
    RSTD,  # *fp32 (N, G) contiguous: the forward's group 1 / std
    DX,  # *dL/dx, as X, x's dtype
    DW,  # *dweight (C,): sum over n, s of dz * xhat, in DW's dtype
    DB,  # *dbias (C,): sum over n, s of dz, in DB's dtype
    WS,  # *int64, each word tagged with TAG (launch.coop_workspace): (N, K, G, 2) per chunk
    #      and group sums of w * dz * xhat and w * dz, (N, G, 2) c1 and c2, then (Q * K, C,
    #      2) each program's per-channel sums of dz * xhat and dz
    N,  # samples
    C,  # channels
    S,  # spatial positions
    Cg,  # channels per group (a power of two unless GATHER)
    K,  # chunks (programs) per sample
    Q,  # samples in flight: the grid is Q * K programs
    s_chunk,  # positions per chunk, a multiple of BLOCK_S
    TAG,  # the tag of this launch's words in WS (the same for the three PHASE launches)
    ACTIVATION: tl.constexpr,
    HAS_WEIGHT: tl.constexpr,
    HAS_BIAS: tl.constexpr,
    PHASE: tl.constexpr,  # 0 all steps (cooperative); 1, 2, 3: one step per launch
    G_P2: tl.constexpr,  # groups rounded up to a power of two
    CG: tl.constexpr,  # Cg rounded up to a power of two
    CL: tl.constexpr,  # channel lanes of a tile: G_P2 * CG, or C rounded up where GATHER
    GATHER: tl.constexpr,  # Cg not a power of two: channels reach their groups by tl.gather
    BLOCK_S: tl.constexpr,  # positions per tile ([BLOCK_S, CL])
    GB: tl.constexpr,  # groups per reducer (cdiv(G, K) rounded up to a power of two)
    KB: tl.constexpr,  # chunks per step of a reducer's sum (KB * GB >= threads)
    FB: tl.constexpr,  # words of the finals' wait (>= G_P2 and the threads)
    SUM_C: tl.constexpr,  # channels per dw, db program
    SUM_R: tl.constexpr,  # rows (programs) per step of the dw, db sums
    STAGES: tl.constexpr,  # software-pipelining stages of the tile loops
    BACKOFF: tl.constexpr,  # nanoseconds slept between polls of a wait (rownorm._spin)
    TICKET: tl.constexpr,  # take the tags from replay counts before WS, not TAG (_launch_tag;
    #                       launch.ticket_launch: launches captured in a CUDA graph)
):
    G = C // Cg
    pid = tl.program_id(0)
    TAG, TCOUNT = _launch_tag(WS, TAG, 1, TICKET, PHASE <= 1)  # (later PHASEs: the first's)
    q = pid // K
    k = pid % K
    cc = tl.arange(0, CL)
    c_mask = cc < C
    sj = tl.arange(0, BLOCK_S)
    offs = (sj * C)[:, None] + cc[None, :]  # in-chunk offsets fit in int32 (launcher)
    s_lo = k * s_chunk
    rows = tl.minimum(S - s_lo, s_chunk)
    gi = tl.arange(0, G_P2)
    g_mask = gi < G
    FIN = WS + tl.cast(N, tl.int64) * K * G * 2
    SUMS = FIN + tl.cast(N, tl.int64) * G * 2
    w, b = _channel_affine(W, B, cc, c_mask, HAS_WEIGHT, HAS_BIAS)
    inv_m = 1.0 / (tl.cast(Cg, tl.float32) * tl.cast(S, tl.float32))
    own_w = tl.zeros([CL], dtype=tl.float32)  # this program's sums of dz * xhat
    own_b = tl.zeros([CL], dtype=tl.float32)  # ... and of dz
    for n in range(q, N, Q):
        origin = (tl.cast(n, tl.int64) * S + s_lo) * C
        stat = n * G + cc // Cg
        mean = tl.load(MEAN + stat, mask=c_mask, other=0.0)
        rstd = tl.load(RSTD + stat, mask=c_mask, other=0.0)
        if PHASE == 0 or PHASE == 1:
            acc1 = tl.zeros([BLOCK_S, CL], dtype=tl.float32)
            acc2 = tl.zeros([BLOCK_S, CL], dtype=tl.float32)
            for s0 in tl.range(0, rows, BLOCK_S, num_stages=STAGES):
                mask = (s0 + sj < rows)[:, None] & c_mask[None, :]
                xhat, dz = _bwd_tile(X, DY, origin + s0 * C + offs, mask, mean[None, :],
                                     rstd[None, :], w[None, :], b[None, :], ACTIVATION)
                acc1 += dz * xhat
                acc2 += dz
            p1 = tl.sum(acc1, axis=0)
            p2 = tl.sum(acc2, axis=0)
            own_w += p1
            own_b += p2
            # Per group, the sums over its channels.
            g1, own = _by_group(w * p1, C, Cg, CL, G_P2, CG, GATHER)
            g2, _ = _by_group(w * p2, C, Cg, CL, G_P2, CG, GATHER)
            g1 = tl.sum(tl.where(own, g1, 0.0), axis=1)
            g2 = tl.sum(tl.where(own, g2, 0.0), axis=1)
            slots = WS + ((tl.cast(n, tl.int64) * K + k) * G + gi) * 2
            _publish(slots, g1, TAG, g_mask)
            _publish(slots + 1, g2, TAG, g_mask)
            if n + Q >= N:  # its last sample: this program's dw, db sums are complete
                row = SUMS + (tl.cast(pid, tl.int64) * C + cc) * 2
                _publish(row, own_w, TAG, c_mask)
                _publish(row + 1, own_b, TAG, c_mask)
        if PHASE == 0 or PHASE == 2:
            if k * GB < G:  # a reducer: groups [k * GB, (k + 1) * GB)
                s1, s2 = _sum_chunks(WS, n, K, G, k * GB, TAG, GB, KB, BACKOFF)
                rg = k * GB + tl.arange(0, GB)
                fin = FIN + (tl.cast(n, tl.int64) * G + rg) * 2
                _publish(fin, s1 * inv_m, TAG, rg < G)
                _publish(fin + 1, s2 * inv_m, TAG, rg < G)
        if PHASE == 0 or PHASE == 3:
            c1, c2 = _wait_finals(FIN, n, G, TAG, G_P2, FB, BACKOFF)
            l1, l2 = _to_lanes(c1, c2, cc, Cg, G_P2, CG, GATHER)
            for s0 in tl.range(0, rows, BLOCK_S, num_stages=STAGES):
                mask = (s0 + sj < rows)[:, None] & c_mask[None, :]
                at = origin + s0 * C + offs
                xhat, dz = _bwd_tile(X, DY, at, mask, mean[None, :], rstd[None, :],
                                     w[None, :], b[None, :], ACTIVATION)
                dx = (w[None, :] * dz - (xhat * l1[None, :] + l2[None, :])) * rstd[None, :]
                tl.store(DX + at, dx.to(DX.dtype.element_ty), mask=mask)
    if PHASE == 0 or PHASE == 3:
        if pid * SUM_C < C:  # dw, db of channels [pid * SUM_C, (pid + 1) * SUM_C)
            j = tl.arange(0, 2 * SUM_C)  # words of a row: channel pid * SUM_C + j // 2
            col_ok = pid * SUM_C + j // 2 < C
            r = tl.arange(0, SUM_R)
            P = Q * K
            acc = tl.zeros([SUM_R, 2 * SUM_C], dtype=tl.float32)
            for r0 in range(0, P, SUM_R):
                ok = (r0 + r < P)[:, None] & col_ok[None, :]
                ptrs = (SUMS + ((r0 + r).to(tl.int64) * C * 2)[:, None]
                        + (pid * SUM_C * 2 + j)[None, :])
                v = _spin(ptrs, ok, TAG, BACKOFF)
                acc += (v & 0xFFFFFFFF).to(tl.int32).to(tl.float32, bitcast=True)
            tot = tl.reshape(tl.sum(acc, axis=0), [SUM_C, 2])
            half = tl.arange(0, 2)
            ch = pid * SUM_C + tl.arange(0, SUM_C)
            tl.store(DW + ch, tl.sum(tl.where(half[None, :] == 0, tot, 0.0), axis=1)
                     .to(DW.dtype.element_ty), mask=ch < C)
            tl.store(DB + ch, tl.sum(tl.where(half[None, :] == 1, tot, 0.0), axis=1)
                     .to(DB.dtype.element_ty), mask=ch < C)
    _launch_done(WS, TCOUNT, TICKET, PHASE <= 1)


@triton.jit
def _now():
    """The GPU's global nanosecond timer (%globaltimer; diagnostics only)."""
    return tl.inline_asm_elementwise("mov.u64 $0, %globaltimer;", "=l", [], dtype=tl.int64,
                                     is_pure=False, pack=1)


@triton.jit
def _now_after(v):
    """%globaltimer read once the fp32 scalar v is computed (an operand of the read)."""
    return tl.inline_asm_elementwise(
        "{ .reg .f32 %t; mov.f32 %t, $1; mov.u64 $0, %globaltimer; }", "=l,f", [v],
        dtype=tl.int64, is_pure=False, pack=1)


# ----------------------------------------------------------------------------------------
# Launch heuristics. Values first set from first principles (H100: 50 MB L2, 132 SMs, 64K
# registers per SM); those with a measurement beside them were tuned on the lent H100 with
# benchmarks/sweep_groupnorm.py (GPU time from replayed CUDA graphs), results under
# benchmarks/results/2026-11-22-h100-v0.5-groupnorm/. The rest (warps, stages, lag,
# combine sizes) were swept there too and changed the GPU time by a few points at most.
# ----------------------------------------------------------------------------------------

# Tiles hold 16 values of each stream (x; x and dy) per thread, read with 16-byte loads
# along the contiguous axis: 8 warps (4096 elements) forward, 4 warps (2048) backward.
# Compiled for sm_90 (bf16, silu) that is <= 64 registers forward and <= 128 backward, so
# four programs per SM, whose loads cover each other's serial steps (ticket, wait,
# statistics loads). 16 KB per stream and 16 warps took one or two programs per SM.
ELEMS_PER_THREAD = 16
# channels_last tiles hold 64 values per thread (16384 elements forward). GPU time (graph
# replay, bf16, results/2026-11-22-h100-v0.5-groupnorm), % of copy forward / backward:
# 16 -> 32 (sweep1) -> 64 (sweep3): VAE 2x512x128x128 6.5/9.3 -> 18.6/15.7 -> 27.1/28.7,
# 2x128x512x512 11.6/16.5 -> 24.9/26.3 -> 36.8/45.7, IN 8x128x32^3 29.6/37.2 (32) -> 41.9/43.8,
# UNet 16x320x64x64 27.9/38.1 -> 40.0/44.4 -> 48.2/48.1; no shape lost more than 1 point
# from 32 to 64. The contiguous layout did not gain from 32 (sweep1).
ELEMS_PER_THREAD_LAST = 64
FWD_WARPS = 8
BWD_WARPS = 4
# Software-pipelining stages of the tile loop for tasks of at least PIPELINE_STEPS tiles:
# cp.async prefetches the next tiles through shared memory, so a program keeps several
# tiles in flight. Such long tasks come with few programs (the combine budget below caps
# the chunks), where one tile in flight per program would leave HBM idle. Shorter tasks
# use plain loads (STAGES = 1 everywhere turns pipelining off).
STAGES = 3
PIPELINE_STEPS = 8
# Channel tiles for channels_last stop at 256 channels (512 B rows in 16-bit).
MAX_BLOCK_C_LAST = 256
# Tiles per task at least: amortizes the ticket, the statistics loads and the wait.
MIN_STEPS = 4
# Contiguous layout: shortest run of one channel in a tile (elements). With 4096 (whole
# channels of up to 4096 positions per tile row) UNet 16x320x64x64 took tasks of one
# 4096-element tile and ran at 48.7% of copy forward (GPU time, sweep1); runs of 512 (4
# channels x 1024 per tile, 4 tiles per task) 54.9%. 256 with 16 steps: 49.7%.
MIN_RUN_NCHW = 512
# Partials one combine reads at most (seg_c * n_chunks): it runs in a single program while
# the segment's phase-2 tasks wait, so longer chunks are traded for a short combine.
COMBINE_PARTIALS = 16384
# Lanes of a combine step (rows x columns: groups x partials, channels x chunks, groups x
# channels), rows chosen so that short rows share a step.
COMBINE_LANES = 1024
# Phase 2 trails phase 1 by a segment plus this many tasks: two waves of resident
# programs, so a segment's statistics are usually ready when its phase 2 starts ...
LAG_WAVES = 2
PROGRAMS_PER_SM = 4
# ... but no more bytes than fit comfortably in L2, where phase 2 finds x again.
LAG_BYTES = 24 << 20


@dataclass(frozen=True)
class LaunchConfig:
    block_c: int  # channels per tile
    block_s: int  # spatial positions per tile
    s_chunk: int  # positions per task (a multiple of block_s)
    seg_c: int  # channels per segment
    comb_fwd: int  # groups per forward combine step (x partials per group)
    comb_chan: int  # channels per backward combine step (x chunks)
    comb_group: int  # groups per backward combine step (x channels per group)
    stages: int
    num_warps: int


def _block_c_channels_last(C: int) -> int:
    # The largest power of two dividing C leaves no masked channels; below 32 channels
    # (64 B rows in 16-bit) a padded tile reads longer runs instead.
    p = C & -C
    if p >= 32:
        return min(p, MAX_BLOCK_C_LAST)
    return min(triton.next_power_of_2(C), MAX_BLOCK_C_LAST)


def _comb_rows(rows: int, width: int) -> int:
    return min(triton.next_power_of_2(rows), max(1, COMBINE_LANES // triton.next_power_of_2(width)))


@functools.lru_cache(maxsize=1024)
def config(C: int, S: int, Cg: int, channels_last: bool, backward: bool,
           element_size: int = 2) -> LaunchConfig:
    num_warps = BWD_WARPS if backward else FWD_WARPS
    # channels_last in fp32: half the elements per thread (a quarter in the backward). Triton
    # 3.6's ptxas for sm_90a (benchmarks/compile_check.py) spilled 2-4 KB per thread with 64
    # fp32 values per thread; 32 forward and 16 backward spill nothing.
    ept = ELEMS_PER_THREAD
    if channels_last:
        ept = ELEMS_PER_THREAD_LAST
        if element_size >= 4:
            ept = ept // 4 if backward else ept // 2
    tile = ept * 32 * num_warps
    if channels_last:
        block_c = _block_c_channels_last(C)
        block_s = min(max(1, tile // block_c), triton.next_power_of_2(S))
        # Few positions: widen the tile over more channels instead.
        block_c = max(block_c, min(triton.next_power_of_2(C), tile // block_s))
    else:
        # A tile row is a run of block_s positions of one channel. Runs shorter than a
        # channel (down to MIN_RUN_NCHW) put more channels in a tile, so that a task holds
        # at least MIN_STEPS tiles also when S fits one tile.
        s_pow2 = triton.next_power_of_2(S)
        block_s = min(s_pow2, tile, max(MIN_RUN_NCHW, s_pow2 // MIN_STEPS))
        block_c = min(max(1, tile // block_s), triton.next_power_of_2(C))
    span = block_c * Cg // math.gcd(block_c, Cg)
    seg_c = span if C % span == 0 else C
    s_tiles = triton.cdiv(S, block_s)
    max_chunks = max(1, COMBINE_PARTIALS // seg_c)
    steps = min(s_tiles, max(MIN_STEPS, triton.cdiv(s_tiles, max_chunks)))
    n_chunks = triton.cdiv(S, steps * block_s)
    groups = seg_c // Cg
    # Fewer warps when C and S leave the tile smaller than the target.
    num_warps = max(1, block_c * block_s // (32 * ept))
    return LaunchConfig(block_c, block_s, steps * block_s, seg_c,
                        _comb_rows(groups, Cg * n_chunks), _comb_rows(seg_c, n_chunks),
                        _comb_rows(groups, Cg), STAGES if steps >= PIPELINE_STEPS else 1,
                        num_warps)


# The group path (one program per group) runs when there are at least GROUP_MIN_WAVES
# programs per SM and a group's bytes (x, and dy in the backward) are at most
# GROUP_MAX_BYTES: the second sweep then finds the group in L2. Tiles hold GROUP_TILE
# elements (16 per thread: GROUP_TILE // 512 warps).
# Measured (GPU time, bf16, sweep5 of results/2026-11-22-h100-v0.5-groupnorm; % of copy,
# forward / backward, group path against the split path): IN 16x64x128x128 84.9/76.9
# against 50.8/48.5, IN 8x128x32^3 84.5/66.3 against 59.0/53.2, UNet 16x1280x16x16
# 51.7/51.8 against 36.7/43.2, 16x1280x8x8 42.7/32.7 against 16.7/18.0.
GROUP_MIN_WAVES = 2
# The group path's backward folds the dw/db sum over the samples into its launch: each
# group's last program adds up the group's Cg x N per-sample sums, FOLD_TILE of them a
# step, where there are at most FOLD_GROUP_MAX (a few steps; beyond, a launch of its own).
# v0.15 call 3 measured a single program summing all N x C (16 x 1280) at +9.4 us of GPU
# time against the separate launch (15.4 -> 24.8 us): latency-bound steps, hence one
# summing program per group.
FOLD_GROUP_MAX = 16384
FOLD_TILE = 2048
GROUP_MAX_BYTES = 256 << 10
# channels_last groups are runs of Cg channels at a stride of C: the group path only takes
# runs of at least 64 bytes. UNet 16x1280x16x16 (Cg = 40, 80 B runs) ran at 32.9/27.9%
# against 12.9/21.4% split; 16x640x32x32 (40 B) 22.5/26.2 against 31.7/39.8, 16x320x64x64
# (20 B) 21.2/25.2 against 48.0/47.8; InstanceNorm (2 B) at 4-6%.
GROUP_MIN_RUN_BYTES_LAST = 64
# ... and in the forward, runs shorter than GROUP_COLS_RUN_BYTES go to the columns path
# where a group's x is at least GROUP_COLS_MIN_BYTES. v0.35 calls 9-10 (sweep_groupnorm.py,
# channels_last, group path -> columns path, GPU time / as called): fp32 16x640x32x32 (80 B
# runs, 80 KB groups) forward 40.3-40.8 / 39.6-39.9 -> 52.9-53.4 / 41.6-49.6, backward
# level or lower (55.5 -> 51.6); bf16 16x1280x16x16 (20 KB groups) gained GPU time (fwd /
# bwd 29.7-31.8 / 24.9-29.1 -> 30.9-33.0 / 36.0-43.3) but lost as called, where that shape
# is host-bound (forward 24.3-28.0 -> 10.8-20.0: three launches' host time against one),
# so it keeps the group path; 16x1280x8x8 (5-10 KB) and 160 B runs (fp32 16x1280x16x16)
# lost either way (bf16 37.1 / 30.9 -> 15.1 / 18.8; fp32 52.7 / 50.1 -> 50.5 / 45.3).
GROUP_COLS_RUN_BYTES = 128
GROUP_COLS_MIN_BYTES = 64 << 10
# channels_last groups of GROUP_CL_COLS_BYTES or more leave the group path: the forward for
# the cooperative columns path where that fits (_prepare_fwd), the 16-bit backward with
# runs shorter than GROUP_COLS_RUN_BYTES for the columns path. v0.40 calls 6-8
# (sweep_groupnorm.py, channels_last, GPU time, % of copy, group path -> the other):
# 16x1280x16x16 (Cg 40; groups of 20 KB in 16-bit, 40 KB in fp32) forward, cooperative:
# bf16 32.3 -> 41.8, fp16 33.3 -> 42.0, fp32 52.1 -> 55.2, bf16 silu 29.9 -> 36.8, fp32
# silu 49.4 -> 53.0; backward, columns: bf16 28.8 -> 42.8, fp16 29.1 -> 42.2, bf16 silu
# 25.1 -> 36.7 (cooperative 35.6 / 36.7 / 36.2), while fp32 (160 B runs) keeps the group
# path (49.9 against 46.0 columns, 42.1 cooperative; silu 44.1-44.8 on all three).
# 16x1280x8x8 (groups of 5 KB) keeps it: forward bf16 35.5 against 14.7 cooperative,
# backward 31.2 against 18.9 columns (fp32 64.7 / 60.0 against 26.1 / 43.8). As called
# these backwards are host-bound (about 150 us a call, one launch or three alike). fp32
# 16x640x32x32 (80 B runs, 80 KB groups) keeps the group path's backward: the cooperative
# one level with it (call 8: 56.2 against 55.6), the columns path lower (v0.35: 55.5 ->
# 51.6). Call 8 (new rules against old, one process): bf16 forward 32.6 -> 42.0, backward
# 29.1 -> 41.8; fp16 33.0 -> 41.6, 29.0 -> 42.2; fp32 forward 50.9 -> 55.0; bf16 silu
# 29.6 -> 36.4, 24.9 -> 36.4; the other UNet shapes within 0.6.
GROUP_CL_COLS_BYTES = 16 << 10
# Tiles of GROUP_TILE, half or a quarter of it: the largest whose lanes are at least
# GROUP_TILE_USE used by the group (else the best used). Padding costs: UNet 16x640x32x32
# forward (20 channels of 1024) ran at 41.9% with 16 x 1024 tiles (60% used), 61.3% with
# 8 x 1024 (83%); 16x320x64x64 57.2% with 4 x 4096 (83%), 63.8% with 2 x 4096 (100%).
GROUP_TILE_FWD = 16384
GROUP_TILE_BWD = 8192
GROUP_TILE_USE = 0.9
# ... in the backward by element size where it differs. v0.47 call 4 (sweep_groupnorm.py,
# contiguous, GPU time, alternated twice in one process; results/2026-11-27-v0.47-runs/
# call4): fp32 UNet 1280 (16x1280x16x16: 40 channels of 256) on 16 x 256 tiles, 8 warps
# (83% used, three tiles a group; 122-128 registers, no spill) rather than 8 x 256 on 4
# (five tiles): backward 54.4 / 55.1 -> 66.5 / 66.9 (32 x 256 on 16 warps 48.8, one 64 x
# 256 tile on 32 warps 56.5-56.8). Call 5 (on / off): 66.9-67.0 against 53.8-54.6, silu
# 53.2 against 48.2. Call 7, the 16 x 256 tiles on 16 / 4 warps (GROUP_EPT_BWD 8 / 32):
# 49.6-49.9 / 64.7-64.9 against 67.0-67.1, silu 43.0-43.1 / 48.2-48.3 against 53.4-53.5.
# The same tiles lost in 16-bit (call 4): bf16 59.9-60.5 -> 50.5-51.0, fp16 61.2-62.2 ->
# 52.2-52.3, bf16 silu 49.5-49.9 -> 39.4-39.5 (larger ones lower still).
GROUP_TILE_USE_BWD = {4: 0.8}
# Tile elements a thread (warps = tile // (32 x this), at most 32), and in the backward by
# element size where it differs (none). v0.47 call 6 (sweep_groupnorm.py, GPU time,
# alternated twice in one process): the 16-bit backward with 8 a thread (twice the warps)
# at UNet 1280 (8 x 256 tiles, 4 -> 8 warps) bf16 61.3 -> 63.0, fp16 61.3-61.5 ->
# 61.4-62.6, but bf16 silu 49.6-50.0 -> 38.5-38.6; 16x1280x8x8 (one 64 x 64 tile, 8 -> 16
# warps) -5.0 to -9.0 in both layouts; 4 a thread lower still (UNet 1280 37.0-38.0 in
# 16-bit).
GROUP_EPT = 16
GROUP_EPT_BWD = {}
# Register caps (maxnreg) of the group path: (element size, warps, one tile, registers),
# so that two programs fit an SM. ptxas's own choice left the 16-bit one-tile forward of
# 16384 (32 warps) at 39-56 registers with statistics, an activation or bf16 at 4 x 4096,
# one program an SM; capped at 32 it spills nothing. GPU time, % of copy, bf16 / fp16, none -> capped:
#   p512 (16x512x32x32, groups of 16 x 1024; v0.42 call 2): training forward 59.5 / 60.9
#     -> 81.1 / 80.5, silu 50.5 / 52.4 -> 71.8 / 71.9 (with statistics 50.3 / 52.3 -> 70.7
#     / 71.3); the inference forward (32 registers either way) 82.1 / 82.7 -> 80.3 / 81.2
#     (call 3: 81.0 / 81.9 -> 76.0 / 81.7, and 80.4 for the same launch in a third setting).
#   p128 (16x128x64x64, groups of 4 x 4096; call 3): inference forward 59.5 / 79.6 -> 78.4 /
#     82.3, bf16 silu 51.1 -> 71.2.
# The 16-bit backward on 16 warps (tiles of 8192) capped at 64 (call 3): p512 (96 registers
# uncapped, 28 B spilled capped) 48.3 / 48.6 -> 57.2 / 57.7, p128 44.6 / 45.3 -> 59.6 /
# 61.0, InstanceNorm 16x64x128x128 72.8 / 73.9 -> 76.0 / 77.9 (bf16 silu 63.5 -> 65.6);
# p512 with silu level (48.4 / 48.1: 36 B spilled). The backward's one tile on 8 warps
# (64 x 64: 16x1280x8x8's 512 groups, 64-80 registers uncapped with silu: three programs
# an SM, two waves) capped at 64 spills nothing (call 4): fp32 silu 50.7 -> 59.1
# (channels_last 47.0 -> 57.8), bf16 silu channels_last 24.9 -> 28.7, the rest within
# 1.5. Not fp32's 16-warp backward tiles: its channels_last backward capped so spilled
# 260-400 B (UNet 640 55.0 -> 30.9, call 2); not 16 warps in the forward: a cap of 64
# raised 40 registers to 48 (three programs an SM -> two); nor the forward's 8-warp
# launches (16x1280x8x8's one tile and fp32 UNet 1280's 16 x 256 tiles at 64: no spill,
# within 2 points either way, call 4).
GROUP_FWD_CAP = ((2, 32, True, 32),)  # (element size, warps, one tile, registers)
GROUP_BWD_CAP = ((2, 16, False, 64), (2, 8, True, 64), (4, 8, True, 64))


def _group_shift(M: int, dtype: torch.dtype) -> bool:
    """Whether the group path's forward shifts its sums by the group's first value
    (SHIFT), so that a group of equal values gets its mean exactly. M is the most values
    one sum adds: the group where it is one tile, else a tile (tiles' equal means merge
    exactly, _fwd_combine's Chan merge). A sum of M equal values is exact in any order
    while the value's significand and log2(M) fit fp32's 24 bits (every partial sum is
    then representable): bf16 to M = 65536, fp16 to 8192, fp32 never (1000.37 gave y off
    by 0.02). Only where needed: the subtraction and select an element cost the
    latency-bound UNet 1280 shapes' fp32 forward up to 4% of its time (channels_last 16x16
    1.020-1.024x in three runs, 50.6 -> 49.5% of copy; 8x8 0.995-1.040x; contiguous
    0.976-1.034x; ab_gpu.py, v0.37-runs calls 3, 4, 10), fp16 16x1280x16x16 contiguous
    (tiles of 4096, which v0.37-v0.41 shifted by the group's 10240) 70.2 -> 66.3% (v0.42
    call 1, diag_shift.py). The corrected two-pass, tried first (an extra sum a tile),
    cost bf16 up to 17% (16x1280x16x16 channels_last, call 2)."""
    bits = {torch.bfloat16: 8, torch.float16: 11}.get(dtype, 24)
    return M > 2 ** (24 - bits)


def _reg_cap(table, element_size: int, gc: "GroupConfig") -> Optional[int]:
    """The maxnreg of GROUP_FWD_CAP / GROUP_BWD_CAP for a group-path launch, or None."""
    for size, warps, one_tile, regs in table or ():
        if (size, warps, one_tile) == (element_size, gc.num_warps, gc.one_tile):
            return regs
    return None


@dataclass(frozen=True)
class GroupConfig:
    block_c: int
    block_s: int
    one_tile: bool
    num_warps: int


@functools.lru_cache(maxsize=1024)
def _group_config(C: int, S: int, Cg: int, channels_last: bool, backward: bool, N: int,
                  element_size: int, sms: int) -> Optional[GroupConfig]:
    """The group path's tiles, or None where another path runs (channels_last: the
    columns path, or the split path past COLS_MAX_CG)."""
    G = C // Cg
    if N * G < GROUP_MIN_WAVES * sms:
        return None
    if Cg * S * element_size * (2 if backward else 1) > GROUP_MAX_BYTES:
        return None
    if channels_last and Cg * element_size < GROUP_MIN_RUN_BYTES_LAST:
        return None
    if (channels_last and not backward and Cg * element_size < GROUP_COLS_RUN_BYTES
            and Cg * S * element_size >= GROUP_COLS_MIN_BYTES):
        return None
    if (channels_last and backward and element_size == 2
            and Cg * element_size < GROUP_COLS_RUN_BYTES
            and Cg * S * element_size >= GROUP_CL_COLS_BYTES):
        return None
    cg_pow2, s_pow2 = triton.next_power_of_2(Cg), triton.next_power_of_2(S)

    def tiles(tile):
        if channels_last:
            block_c = min(cg_pow2, tile)
            return block_c, min(s_pow2, max(1, tile // block_c))
        block_s = min(s_pow2, tile)
        return min(cg_pow2, max(1, tile // block_s)), block_s

    def used(blocks):  # the fraction of tile lanes that hold the group
        bc, bs = blocks
        return Cg * S / (_cdiv(Cg, bc) * bc * _cdiv(S, bs) * bs)

    top = GROUP_TILE_BWD if backward else GROUP_TILE_FWD
    choices = [tiles(top // 4), tiles(top // 2), tiles(top)]
    least = GROUP_TILE_USE_BWD.get(element_size, GROUP_TILE_USE) if backward else GROUP_TILE_USE
    good = [b for b in choices if used(b) >= least]
    # (ties: the larger tile; in channels_last, padded channels cost lanes, not bytes)
    block_c, block_s = good[-1] if good else max(reversed(choices), key=used)
    ept = GROUP_EPT_BWD.get(element_size, GROUP_EPT) if backward else GROUP_EPT
    num_warps = max(1, min(32, block_c * block_s // (32 * ept)))
    return GroupConfig(block_c, block_s, block_c >= Cg and block_s >= S, num_warps)


def group_config(x: torch.Tensor, Cg: int, backward: bool) -> Optional[GroupConfig]:
    N, C, S = x.shape
    stride_c, stride_s = x.stride(1), x.stride(2)
    cfg = _group_config(C, S, Cg, stride_c == 1 and C > 1, backward, N, x.element_size(),
                        sm_count(x.device))
    if cfg is not None:
        span = (cfg.block_c - 1) * stride_c + (cfg.block_s - 1) * stride_s
        assert span < 2**31, "in-tile offsets must fit in int32"
    return cfg


@dataclass(frozen=True)
class Plan:
    cfg: LaunchConfig
    n_chunks: int
    c_tiles_per_seg: int
    segs_per_n: int
    tasks_per_seg: int
    tasks: int
    lag: int
    comb_n: int  # samples side by side in the backward's sum of dw, db over n


@functools.lru_cache(maxsize=1024)
def _plan(C: int, S: int, Cg: int, channels_last: bool, backward: bool, N: int,
          element_size: int, sms: int) -> Plan:
    cfg = config(C, S, Cg, channels_last, backward, element_size)
    n_chunks = _cdiv(S, cfg.s_chunk)
    c_tiles_per_seg = _cdiv(cfg.seg_c, cfg.block_c)
    segs_per_n = C // cfg.seg_c
    tasks_per_seg = c_tiles_per_seg * n_chunks
    tasks = N * segs_per_n * tasks_per_seg
    task_bytes = cfg.block_c * cfg.s_chunk * element_size * (2 if backward else 1)
    extra = min(LAG_WAVES * PROGRAMS_PER_SM * sms, LAG_BYTES // task_bytes)
    lag = min(tasks, tasks_per_seg + extra)
    return Plan(cfg, n_chunks, c_tiles_per_seg, segs_per_n, tasks_per_seg, tasks, lag,
                _comb_rows(N, cfg.seg_c))


def plan(x: torch.Tensor, Cg: int, backward: bool) -> Plan:
    """Tasks for x (N, C, S) (the backward reads dy beside x). Cached per geometry: the
    per-call host work is a dict lookup."""
    N, C, S = x.shape
    stride_c, stride_s = x.stride(1), x.stride(2)
    p = _plan(C, S, Cg, stride_c == 1 and C > 1, backward, N, x.element_size(),
              sm_count(x.device))
    span = (p.cfg.block_c - 1) * stride_c + (p.cfg.block_s - 1) * stride_s
    assert span < 2**31, "in-tile offsets must fit in int32"
    return p


# The columns path (channels_last inputs the group path declines; kernels above). A tile
# is BLOCK_S positions x BLOCK_C channels (_block_c_channels_last) of COLS_TILE elements,
# COLS_EPT per thread. A program takes a chunk of COLS_MIN_STEPS tiles or more: enough
# that the one cross-thread reduction per chunk is cheap, and more where the launch would
# otherwise exceed COLS_PROGRAMS_PER_SM programs per SM. The combine takes blocks of whole
# groups of at most COLS_COMB_CHANNELS channels (one group where a group is wider) and
# steps of COLS_COMB_LANES partials; groups wider than COLS_MAX_CG take the split path.
# Measured (GPU time, bf16, the groups suite's channels_last shapes; sweep_groupnorm.py,
# results/2026-11-23-h100-v0.8-runs/cols_v2.log), forward % of copy at these defaults
# (but combine blocks of 64 channels):
# UNet 320/640 50.1/46.6, VAE 512/256/128 46.1/50.4/56.0, InstanceNorm 3-D 52.9-53.4 and
# 2-D 49.2, against the split path's 47.7/31.5, 26.9/19.0/36.6, 41.5-52.8, 47.4. One
# change at a time: STAGES 1 lost 4.7-18.3 points (one tile in flight per program); 16
# values per thread lost up to 5.5 (UNet 640), tiles of 8192 up to 4.0; 4 programs per SM
# lost up to 4.7 (VAE 512) and gained 1.7 at InstanceNorm 2-D; chunks of at least 4 or 16
# tiles stayed within 2 points but UNet 640 at 16 (-3.8). Backward: 40-58% against the
# split path's 25-57%. Combine blocks of 16 channels rather than 64 (more programs, each
# with fewer steps; diag_comb.log): forward +1.2 to +2.6 points at VAE 512/256/128 and
# InstanceNorm 2-D (combine 3.8-8.2 -> 2.2-5.6 us), the rest within 0.4.
COLS_TILE_FWD = 4096
COLS_TILE_BWD = 4096
# A backward whose chunks fill less than COLS_FILL_BWD of a wave of COLS_PROGRAMS_PER_SM x
# SMs programs takes tiles of half the size (not below COLS_TILE_MIN_BWD), so more chunks.
# v0.40 calls 11-12 (sweep_groupnorm.py, channels_last, GPU time, bf16, one process each):
# 16x1280x16x16 (160 programs on 264 slots) 39.9-42.2 -> 48.5-48.7 with tiles of 2048 (and
# COLS_WAVE_FIT, 240 programs), 45.8-46.0 with chunks of 4 tiles instead; silu 35.8-36.0 ->
# 43.3-43.4. Tiles of 2048 everywhere lost where the wave is full (UNet 320 / 640 and
# InstanceNorm 2-D with silu -2.4 to -4.2, 3-D -1.4 to -1.6; 256 of 264 slots there).
COLS_FILL_BWD = 0.75
COLS_TILE_MIN_BWD = 2048
COLS_EPT = 32
COLS_MIN_STEPS = 8
COLS_PROGRAMS_PER_SM = 2
COLS_STAGES = 3
COLS_COMB_CHANNELS = 16
COLS_COMB_LANES = 4096
COLS_MAX_CG = 1024
# Where the rule's chunks make between one and two waves of COLS_PROGRAMS_PER_SM x SMs
# programs, fewer, longer chunks that make one (UNet 320 / 640 on 132 SMs: 320 programs of
# 16 / 8 tiles -> 240 of 22 / 11; the other suite shapes launch 256-264 and do not move).
# v0.35 call 8 (sweep_groupnorm.py, GPU time, channels_last, two processes, rule -> fit):
# bf16 UNet 320 fwd / bwd 48.0-48.3 / 48.3-48.5 -> 50.2-50.5 / 50.3-50.4, UNet 640
# 44.9-46.0 / 43.5-43.6 -> 46.7-49.1 / 45.9-46.0; with silu UNet 320 46.6-46.8 / 45.9-46.0
# -> 48.5-48.6 / 49.2, UNet 640 43.1-43.9 / 40.9-41.3 -> 46.0-46.2 / 43.8-43.9; fp32 UNet
# 320 56.1 / 54.3-54.5 -> 57.4-57.7 / 55.1-55.2, UNet 640 level (40.8 -> 40.9-41.6 / 55.4-55.5
# -> 55.3-55.7). (Call 4: cutting UNet 640 to 160 programs, or every shape to one program
# an SM, lost 1-8 points.) FUSEDNORM_COLS_WAVE_FIT=0 turns it off.
COLS_WAVE_FIT = os.environ.get("FUSEDNORM_COLS_WAVE_FIT", "1") != "0"


@dataclass(frozen=True)
class ColsConfig:
    block_c: int  # channels per tile
    block_s: int  # positions per tile
    s_chunk: int  # positions per chunk (a multiple of block_s)
    n_chunks: int  # chunks per sample
    programs: int  # of the stats and apply launches: N * n_chunks * cdiv(C, block_c)
    num_warps: int
    comb_g: int  # groups per combine program (a power of two)
    comb_c: int  # channel lanes of a combine program
    comb_k: int  # chunks per combine step


@functools.lru_cache(maxsize=1024)
def _cols_config(C: int, S: int, Cg: int, N: int, backward: bool, sms: int
                 ) -> Optional[ColsConfig]:
    """The columns path's tiles and chunks, or None where it does not run (wide groups)."""
    if Cg > COLS_MAX_CG:
        return None
    G = C // Cg
    comb_g = min(_prev_pow2(COLS_COMB_CHANNELS // Cg), triton.next_power_of_2(G))
    comb_c = triton.next_power_of_2(comb_g * Cg)
    tile = COLS_TILE_BWD if backward else COLS_TILE_FWD
    block_c = _block_c_channels_last(C)
    c_blocks = _cdiv(C, block_c)
    slots = COLS_PROGRAMS_PER_SM * sms

    def chunking(tile):
        block_s = min(triton.next_power_of_2(S), max(1, tile // block_c))
        s_tiles = _cdiv(S, block_s)
        steps = max(COLS_MIN_STEPS, _cdiv(N * c_blocks * s_tiles, slots))
        return block_s, s_tiles, _cdiv(s_tiles, steps)  # k: chunks per (sample, block)

    block_s, s_tiles, k = chunking(tile)
    if backward and N * c_blocks * k < COLS_FILL_BWD * slots and tile > COLS_TILE_MIN_BWD:
        halved = chunking(tile // 2)
        if halved[2] > k:
            block_s, s_tiles, k = halved
    if COLS_WAVE_FIT and slots < N * c_blocks * k < 2 * slots and slots >= N * c_blocks:
        k = slots // (N * c_blocks)
    # Chunks of equal tiles but the last (the same count as chunks of `steps` tiles).
    s_chunk = _cdiv(s_tiles, k) * block_s
    n_chunks = _cdiv(S, s_chunk)
    num_warps = max(1, min(16, block_c * block_s // (32 * COLS_EPT)))
    comb_k = max(1, min(triton.next_power_of_2(n_chunks), COLS_COMB_LANES // comb_c))
    return ColsConfig(block_c, block_s, s_chunk, n_chunks, N * n_chunks * c_blocks,
                      num_warps, comb_g, comb_c, comb_k)


def cols_config(x: torch.Tensor, Cg: int, backward: bool) -> Optional[ColsConfig]:
    """The columns path's config for x (N, C, S) in channels_last, or None."""
    N, C, S = x.shape
    cfg = _cols_config(C, S, Cg, N, backward, sm_count(x.device))
    if cfg is not None:
        assert cfg.s_chunk * C < 2**31, "in-chunk offsets must fit in int32"
    return cfg


# The cooperative columns path (forward). Tiles of 4096 elements on 4 warps (the columns
# path's), up to 4 programs per SM (fewer where the compiled kernel's registers say so:
# 224-236 registers, so 2; ncu, v0.11-runs call 2), samples in flight up to
# COLS_COOP_L2_BYTES of x (half the H100's 50 MB L2, so that the second read finds the
# chunk there). It runs where Cg is a power of two and G <= 64: measured (GPU time, % of
# copy, bf16, against the columns path in one run; v0.11-runs calls 1-2): InstanceNorm
# 2-D 56.9 (51.2), fp32 61.9 (56.8, a first version), VAE 512 bf16 49.9 (47.0); it lost
# at G = 128 (InstanceNorm 3-D 32^3 52.8 against 54.1, fp32 56.0 against 59.6) and with
# Cg = 10 / 20 (UNet 320 / 640 36.3 / 33.9 against 47.8 / 45.7, lanes padded per group,
# unvectorized; that layout is gone). Settings within a point of these: 2 programs per
# SM, 4 stages; worse: 8 warps (-4 to -11), an L2 budget of 12 MB (-2 to -9) or 36 MB
# (-1 to -5). Samples over the budget (VAE 256 / 128, InstanceNorm 3-D 64^3 / 128^3) take
# the columns path. v0.38 (results/2026-11-27-v0.38-runs, the kernel's TIMING readings): one
# round of 16.7 MB (16x512x32x32) reads its chunks in 12-13 us where the same loop alone
# takes 8-9, exchanges in 1.5-2 us, and writes y from L2 in 3-7 us a program; the order of
# a chunk's tiles, 2 / 4 / 5 stages, tiles of 1024 / 2048 (more programs an SM), a register
# cap, an L2 prefetch of each chunk and y's cache policies each left it within 1.2 points or
# lower (+2 at that shape for y evict_first / .cs only). Call 14 (one process, the final
# settings against v0.37's): 4 stages rather than 3 gave the power-of-two shapes +0.7 to
# +1.1 (InstanceNorm 2-D 55.9 -> 57.0, VAE 512 48.9 -> 49.6; call 3 +0.5 to +0.9).
COLS_COOP = os.environ.get("FUSEDNORM_COLS_COOP", "1") != "0"
COLS_COOP_TILE = 4096
COLS_COOP_WARPS = 4
COLS_COOP_PPS = 4
COLS_COOP_STAGES = 4
COLS_COOP_L2_BYTES = 24 << 20
COLS_COOP_MAX_GROUPS = 64
# Cg not a power of two (_gather_ok; the kernel's GATHER, v0.38): lanes are C rounded up
# (C = 320 / 640: 37.5% of them idle), and each channel's moments reach its group by
# tl.gather. Against the columns path (results/2026-11-27-v0.38-runs calls 13-14,
# sweep_groupnorm.py, GPU time, % of copy; call 14 with 4 stages, in one process): bf16
# UNet 640 (one round) 47.8 -> 54.8, UNet 320 (two rounds) 49.8 -> 52.5; fp32 UNet 640 / 320
# (two / four rounds) 52.8 -> 62.4, 57.5 -> 64.4 (call 13, 3 stages: 52.7 -> 59.6, 57.5 ->
# 63.1); with a fused silu, bf16 UNet 640 44.9 -> 46.2 but UNet 320 48.2 -> 46.0: with an
# activation it runs only where one round holds every sample (2). Host time a call fell
# from 35-62 to 24-39 us (one launch for three). Tiles of 8192 on 8 warps lost (44.0 / 43.1).
COLS_COOP_GATHER = int(os.environ.get("FUSEDNORM_COLS_COOP_GATHER", "2"))
COLS_COOP_MAX_LANES = 2048
# The backward's lanes: up to 1024. At 2048 (16x1280x16x16, C 1280, Cg 40) it lost to the
# columns path (v0.40 calls 6-7, GPU time: bf16 35.6 against 42.8, fp16 36.7 against 42.2).
COLS_COOP_MAX_LANES_BWD = 1024
# The cooperative columns backward (v0.39; _coop_bwd_ok): where x and dy of a sample fit
# COLS_COOP_BWD_L2_BYTES together. Against the columns path's three launches
# (results/2026-11-27-v0.39-runs calls 1-6, sweep_groupnorm.py, GPU time, % of copy, one
# process each), in tiles of 2048 elements: fp32 UNet 320 62.6 / 57.6 / 58.2 / 62.5
# against 55.1-55.5, UNet 640 level (55.4-55.7 against 55.2-55.7); bf16 InstanceNorm 2-D
# (16x64x128x128) 53.7-55.5 against 50.8-51.3, UNet 640 46.5-47.7 against 45.6-45.9, UNet
# 320 47.4-48.7 against 49.8-50.5, p512 / p256 41.2-48.0 against 43.1-48.1; with silu lower
# (UNet 640 41.2-41.6 against 43.3-43.5, UNet 320 39.2-41.5 against 48.3-49.2: 8 warps an
# SM hide less of the sigmoid's latency). Tiles of 8 KB of each stream (call 6: bf16 4096
# elements: UNet 320 49.4, UNet 640 48.9, InstanceNorm 2-D 56.3, against 48.3 / 47.7 / 55.4
# in 2048 and the columns path's 50.5 / 45.6 / 51.2; fp32 stays at 2048, where 4096 lost
# 62.5 -> 55.9 at UNet 320); 6 stages, 3 stages, 2 stages (36.4-48.1), 8 warps (36.4-51.3)
# and the reducers' merge in one step (level) not taken (calls 5-6). So COLS_COOP_BWD 1
# takes it without an activation, 2 wherever it fits, 0 never.
# Each round of samples costs about 7 us beyond its bytes (call 3: budgets of 12 / 6 MiB,
# two and four times the rounds, UNet 320 bf16 backward 35.0 / 22.5 against 47.3; forward,
# COLS_COOP_L2_BYTES, 41.8 / 27.4 against 52.1), while budgets past 24 MiB (32 / 40 / 48,
# call 4) lose the second read's L2 hits (UNet 320 bf16 backward 46.1 / 44.2 / 44.3 against
# 47.5, forward 52.3 / 49.8 / 49.8 against 53.0). Reading the next sample before a
# sample's exchange (two rounds in L2, half the samples a round) gained about a point at
# equal rounds and lost 8-12 at equal budget (calls 2-3; not kept).
COLS_COOP_BWD = int(os.environ.get("FUSEDNORM_COLS_COOP_BWD", "1"))
COLS_COOP_BWD_GATHER = os.environ.get("FUSEDNORM_COLS_COOP_BWD_GATHER", "1") != "0"
COLS_COOP_TILE_BWD_BYTES = 8192  # of each of x and dy
COLS_COOP_BWD_L2_BYTES = 24 << 20
COLS_COOP_WARPS_BWD = 4
COLS_COOP_STAGES_BWD = 4
# The reducers' merge (both directions): words a step (MERGE_WORDS 0: one a thread).
COLS_COOP_MERGE_WORDS = 0
# The backward's dw, db sums: at most COLS_COOP_SUM_WORDS tagged words a step (32 a thread
# on 4 warps), at least 2 channels a program.
COLS_COOP_SUM_WORDS = 4096


@dataclass(frozen=True)
class ColsCoopConfig:
    g_p2: int
    cg_p2: int  # Cg rounded up to a power of two
    cl: int  # channel lanes of a tile (g_p2 * cg_p2, or C rounded up where gather)
    gather: bool  # Cg not a power of two (the kernel's GATHER)
    block_s: int  # positions per tile
    s_chunk: int  # positions per chunk (a multiple of block_s)
    k: int  # chunks (programs) per sample
    q: int  # samples in flight
    gb: int  # groups per reducer
    kb: int  # chunks per reducer step
    fb: int  # words of the finals' wait
    num_warps: int

    @property
    def programs(self) -> int:
        return self.q * self.k


@functools.lru_cache(maxsize=1024)
def _cols_coop_config(C: int, S: int, Cg: int, N: int, element_size: int, sms: int,
                      pps: int, act: bool = False, backward: bool = False
                      ) -> Optional[ColsCoopConfig]:
    """The cooperative columns path's decomposition, or None where it does not run (Cg
    not a power of two unless COLS_COOP_GATHER allows it, more than COLS_COOP_MAX_GROUPS
    groups, a sample over COLS_COOP_L2_BYTES). backward: the backward's, whose samples
    in flight hold x and dy in L2 (twice the bytes), in tiles of COLS_COOP_TILE_BWD_BYTES."""
    G = C // Cg
    gather = bool(Cg & (Cg - 1))
    budget = COLS_COOP_BWD_L2_BYTES if backward else COLS_COOP_L2_BYTES
    if backward:
        element_size *= 2
        if gather and not _gather_ok_bwd(C, Cg):
            return None
    elif gather and not _gather_ok(C, S, Cg, N, element_size, act):
        return None
    if G > COLS_COOP_MAX_GROUPS or C * S * element_size > budget:
        return None
    g_p2 = triton.next_power_of_2(G)
    cg_p2 = triton.next_power_of_2(Cg)
    cl = triton.next_power_of_2(C) if gather else g_p2 * Cg
    if backward and cl > COLS_COOP_MAX_LANES_BWD:
        return None
    tile = COLS_COOP_TILE_BWD_BYTES * 2 // element_size if backward else COLS_COOP_TILE
    block_s = max(1, min(tile // cl, triton.next_power_of_2(S)))
    q = min(N, max(1, budget // (C * S * element_size)))
    q = _cdiv(N, _cdiv(N, q))  # equal rounds
    s_tiles = _cdiv(S, block_s)
    k = max(1, min(pps * sms // q, s_tiles))
    s_chunk = _cdiv(s_tiles, k) * block_s
    k = _cdiv(S, s_chunk)
    warps = COLS_COOP_WARPS_BWD if backward else COLS_COOP_WARPS
    threads = 32 * warps
    gb = triton.next_power_of_2(_cdiv(G, k))
    # A reducer's merge reads KB chunks' words a step: at least one per thread, and up to
    # COLS_COOP_MERGE_WORDS, all K chunks where they fit (each step waits an L2 round trip).
    kb = max(1, threads // gb, min(triton.next_power_of_2(k), COLS_COOP_MERGE_WORDS // gb))
    fb = max(g_p2, triton.next_power_of_2(threads))
    return ColsCoopConfig(g_p2, cg_p2, cl, gather, block_s, s_chunk, k, q, gb, kb, fb, warps)


def _gather_ok(C: int, S: int, Cg: int, N: int, element_size: int, act: bool) -> bool:
    """Whether the cooperative columns path takes a Cg that is not a power of two
    (COLS_COOP_GATHER: 0 never; 1 where one round holds every sample; 2 as 1 with a fused
    activation, always without one; 3 always), within COLS_COOP_MAX_LANES lanes (the
    tile's channels and the groups' layout, G and Cg rounded up)."""
    lanes = max(triton.next_power_of_2(C),
                triton.next_power_of_2(C // Cg) * triton.next_power_of_2(Cg))
    if not COLS_COOP_GATHER or lanes > COLS_COOP_MAX_LANES:
        return False
    one_round = N * C * S * element_size <= COLS_COOP_L2_BYTES
    return (COLS_COOP_GATHER == 3 or one_round
            or (COLS_COOP_GATHER == 2 and not act))


def _coop_bwd_ok(act: bool) -> bool:
    """Whether the backward tries the cooperative columns path (COLS_COOP_BWD; where it
    fits, _cols_coop_config)."""
    if COLS_COOP_BWD == 1:
        return not act
    return COLS_COOP_BWD >= 2


def _gather_ok_bwd(C: int, Cg: int) -> bool:
    """Whether the cooperative columns backward takes a Cg that is not a power of two
    (COLS_COOP_BWD_GATHER), within COLS_COOP_MAX_LANES lanes."""
    lanes = max(triton.next_power_of_2(C),
                triton.next_power_of_2(C // Cg) * triton.next_power_of_2(Cg))
    return COLS_COOP_BWD_GATHER and lanes <= COLS_COOP_MAX_LANES


def clear_plan_caches():
    """Forget cached launch decisions: after changing a heuristic constant of this module
    (tuning sweeps, tests that shrink tiles)."""
    config.cache_clear()
    _plan.cache_clear()
    _PREPARED.clear()
    INFER_PLANS.clear()
    _group_config.cache_clear()
    _cols_config.cache_clear()
    _cols_coop_config.cache_clear()


def _geometry(p: Plan, x: torch.Tensor, Cg: int):
    return (x.shape[1], x.shape[2], Cg, x.stride(0), x.stride(1), x.stride(2), p.cfg.seg_c,
            p.c_tiles_per_seg, p.cfg.s_chunk, p.n_chunks, p.segs_per_n, p.tasks_per_seg,
            p.tasks, p.lag)


_FWD = CachedKernel(_groupnorm_fwd_kernel)
_BWD = CachedKernel(_groupnorm_bwd_kernel)


_FWD_GROUP = CachedKernel(_groupnorm_fwd_group_kernel)
_BWD_GROUP = CachedKernel(_groupnorm_bwd_group_kernel)
_COLS_STATS = CachedKernel(_groupnorm_cols_stats_kernel)
_COLS_COMBINE = CachedKernel(_groupnorm_cols_combine_kernel)
_COLS_APPLY = CachedKernel(_groupnorm_cols_apply_kernel)
_COLS_COOP = CachedKernel(_groupnorm_cols_coop_kernel)
_COLS_COOP_BWD = CachedKernel(_groupnorm_cols_coop_bwd_kernel)


@dataclass(frozen=True)
class Prepared:
    """What a launcher decided for one geometry: the launches in order and the scratch
    each call allocates (fp32 elements; int32 counters, zeroed)."""
    launches: Tuple[FixedLaunch, ...]
    scratch: int = 0
    counters: int = 0
    group_path: bool = False
    cols_path: bool = False
    rows: Optional[R.Prepared] = None  # the rows path's launch (forward, contiguous x)
    slots: int = 0  # int64 words per call (the cooperative columns path's WS; coop_workspace)
    done: int = 0  # group path backward: tagged words of its final sum (coop_workspace)

    @property
    def stats_optional(self) -> bool:
        """Whether launch_fwd may be given no mean and rstd (prepared with stats=False);
        the split path keeps them as intermediates (the columns path keeps them in the
        stream's scratch then)."""
        return self.group_path or self.rows is not None or self.slots > 0 or self.cols_path


# Prepared launches per call key (kernels/launch.py).
_PREPARED = PreparedCache()


def _canonical(x: torch.Tensor) -> torch.Tensor:
    """The (N, C, S) view of a dense x (N, C, *spatial), contiguous or channels_last,
    with the strides the kernels take (a size-1 dim's stride is whatever the layout
    implies, so equal keys give equal views)."""
    N, C = x.shape[0], x.shape[1]
    S = x.numel() // (N * C)
    strides = (C * S, S, 1) if x.is_contiguous() else (S * C, 1, C)
    return x.as_strided((N, C, S), strides)


def _prepare_cols(x, Cg: int, flags, cc: ColsConfig, backward: bool) -> Prepared:
    """The columns path's three launches for x (N, C, S): stats, combine, apply. Scratch:
    the partials, then (backward) c1, c2 and the per-sample sums."""
    N, C, S = x.shape
    G = C // Cg
    ints = (N, C, S, Cg, cc.n_chunks, cc.s_chunk)
    tiles = (("BACKWARD", backward),) + flags + (
        ("BLOCK_C", cc.block_c), ("BLOCK_S", cc.block_s), ("STAGES", COLS_STAGES))
    comb = (("BACKWARD", backward), flags[1], ("COMB_G", cc.comb_g), ("COMB_C", cc.comb_c),
            ("COMB_K", cc.comb_k))
    comb_warps = max(1, min(8, cc.comb_c * cc.comb_k // 512))
    part = 2 * N * cc.n_chunks * C
    sums = _cdiv(C, SUM_BLOCK_N) if backward else 0  # the apply's dw, db programs
    return Prepared((
        FixedLaunch(_COLS_STATS, (cc.programs,), ints, tiles, cc.num_warps),
        FixedLaunch(_COLS_COMBINE, (N, _cdiv(G, cc.comb_g)), ints, comb, comb_warps),
        FixedLaunch(_COLS_APPLY, (cc.programs + sums,), ints, tiles + (
            ("SUM_N", SUM_BLOCK_P), ("SUM_C", SUM_BLOCK_N)), cc.num_warps)),
        scratch=part + (2 * N * G + 2 * N * C if backward else 0), cols_path=True)


def _prepare_cols_coop(x, Cg: int, flags, stats: bool, dtypes) -> Optional[Prepared]:
    """The cooperative columns path's launch for x (N, C, S) channels_last (forward), or
    None where it does not run. On the GPU one launch of all steps, compiled first to
    check that its programs fit (as rownorm._fit); in the interpreter one launch per
    step."""
    N, C, S = x.shape
    sms = sm_count(x.device)
    split = x.device.type != "cuda"

    def make(pps):
        cfg = _cols_coop_config(C, S, Cg, N, x.element_size(), sms, pps,
                                dict(flags)["ACTIVATION"] != ACTIVATIONS[None])
        if cfg is None:
            return None
        consts = flags + (("STATS", stats),)
        tail = (("G_P2", cfg.g_p2), ("CG", cfg.cg_p2), ("CL", cfg.cl), ("GATHER", cfg.gather),
                ("BLOCK_S", cfg.block_s), ("GB", cfg.gb),
                ("KB", cfg.kb), ("FB", cfg.fb), ("STAGES", COLS_COOP_STAGES),
                ("BACKOFF", R._backoff()), ("TIMING", False), ("TICKET", False))
        ints = (N, C, S, Cg, cfg.k, cfg.q, cfg.s_chunk)
        launches = tuple(FixedLaunch(_COLS_COOP, (cfg.programs,), ints,
                                     consts + (("PHASE", ph),) + tail, cfg.num_warps)
                         for ph in ((1, 2, 3) if split else (0,)))
        G = C // Cg
        slots = N * cfg.k * G * 2 + N * G * 2
        return Prepared(launches, slots=slots, cols_path=True)

    return _coop_fitted(make, x.device, dtypes, (1e-5, 1))


def _coop_fitted(make, device, dtypes, tail) -> Optional[Prepared]:
    """make(pps): a cooperative columns launch for pps programs per SM (None where the
    path does not run). On the GPU it is compiled first (stand-in tensors of `dtypes`,
    runtime scalars `tail`) and prepared again for the programs that fit an SM where
    fewer than COLS_COOP_PPS do, so that all are resident (as rownorm._fit)."""
    prep = make(COLS_COOP_PPS)
    if prep is None or device.type != "cuda" or not R.COOP_FIT:
        return prep
    fit = prep.launches[0].resident(device, dtypes, tail)
    return make(fit) if fit is not None and fit < COLS_COOP_PPS else prep


def _prepare_cols_coop_bwd(x, Cg: int, flags, dtypes) -> Optional[Prepared]:
    """The cooperative columns backward's launch for x (N, C, S) channels_last, or None
    where it does not run; as _prepare_cols_coop (its programs fitted on the GPU,
    _coop_fitted; one launch per step in the interpreter)."""
    N, C, S = x.shape
    sms = sm_count(x.device)
    split = x.device.type != "cuda"

    def make(pps):
        cfg = _cols_coop_config(C, S, Cg, N, x.element_size(), sms, pps, backward=True)
        if cfg is None:
            return None
        P = cfg.programs
        # dw, db: channels per summing program (at least 2, so that the rows' words are
        # 32 bytes), rows a step within COLS_COOP_SUM_WORDS words.
        sum_c = max(2, triton.next_power_of_2(_cdiv(C, P)))
        sum_r = min(triton.next_power_of_2(P), max(1, COLS_COOP_SUM_WORDS // (2 * sum_c)))
        tail = (("G_P2", cfg.g_p2), ("CG", cfg.cg_p2), ("CL", cfg.cl), ("GATHER", cfg.gather),
                ("BLOCK_S", cfg.block_s), ("GB", cfg.gb), ("KB", cfg.kb), ("FB", cfg.fb),
                ("SUM_C", sum_c), ("SUM_R", sum_r), ("STAGES", COLS_COOP_STAGES_BWD),
                ("BACKOFF", R._backoff()), ("TICKET", False))
        ints = (N, C, S, Cg, cfg.k, cfg.q, cfg.s_chunk)
        launches = tuple(FixedLaunch(_COLS_COOP_BWD, (P,), ints,
                                     flags + (("PHASE", ph),) + tail, cfg.num_warps)
                         for ph in ((1, 2, 3) if split else (0,)))
        G = C // Cg
        return Prepared(launches, slots=N * cfg.k * G * 2 + N * G * 2 + P * C * 2,
                        cols_path=True)

    return _coop_fitted(make, x.device, dtypes, (1,))


# The rows path (forward, contiguous x). There a group is Cg * S consecutive elements, so
# the forward is the row-norm forward (LayerNorm statistics, kernels/rownorm.py) over the
# (N * G, Cg * S) view, with the activation fused: one launch, no scratch but the
# cooperative path's slots. It takes the shapes where w and b are one value per row or
# per row slice (rownorm._affine): InstanceNorm (Cg = 1) on every row-norm path, and
# GroupNorm where the cooperative slices (or loop chunks) lie within a channel.
# Measured (GPU time, % of copy, rows path against the group / split paths in one run;
# sweep_groupnorm.py, results/2026-11-23-h100-v0.10-runs/call4 for fp32, call7 for 16-bit
# with the register cap of rownorm._reg_cap):
#   InstanceNorm bf16 / fp16: 2-D 86.2 / 86.8 (84.3 / 85.3), 3-D 32^3 86.0 / 84.6 (74.8 /
#     73.8), 128^3 65.8 / 67.0 (57.0 / 56.7), 64^3 73.0 / 74.1 (56.7 / 56.4); fp32 91.3,
#     83.4, 80.9, 82.8 (88.7, 83.9, 62.4, 61.5).
#   GroupNorm, slices within a channel, bf16 / fp16: UNet 320 66.5 / 69.7 (64.7 / 65.6),
#     VAE 512 64.7 / 66.2 (52.0 / 52.1), VAE 256 69.4 / 71.7 (59.0 / 58.6), VAE 128 71.3
#     / 72.6 (57.1 / 55.2); fp32 VAE 78.8 / 83.9 / 80.0 (57.0 / 62.4 / 64.9), UNet 320 in
#     fp32 takes slices of 8192 across its channels of 4096, so the group path.
#   A gather of w and b per element (GroupNorm on the tile path, since removed) ran at
#     24-49%, against 63-74% on the group path (call 1).
ROWS_FWD = True
# GroupNorm groups of several channels from this many bytes (by element size) take
# cooperative slices of a channel (rownorm.GN_FWD_CHANNEL) where the rows path's own config
# would not lie within one (a group short enough for its tile path included); None: never.
# v0.41 call 7 (GPU time, group path -> slices; rownorm.GN_FWD_CHANNEL has the numbers):
# 16-bit groups of 40 / 80 KB gained (UNet 640 73.6 -> 78.3, 16x1280x32x32 68.0 -> 78.3),
# 32 KB lost (16x512x32x32 81.7 -> 78.3); fp32 groups of 64 KB and more gained (78.2 /
# 80.8 / 86.1 against 74.0 / 62.8 / 69.0).
ROWS_FWD_CHANNEL_MIN_BYTES = {2: 40 << 10, 4: 64 << 10}
# Groups longer than the cooperative path's reach (rownorm: more than 16384 x SMs
# elements) would take the row norms' loop launch, one program a group reading it twice;
# the split path spreads a group over many programs. v0.31 call 7 (sweep_groupnorm.py, bf16,
# contiguous, % of copy, GPU time / as called): GroupNorm 2x128x1024x1024 (groups of 4M)
# 32.0 / 32.0 -> 57.5 / 66.1, InstanceNorm 1x32x256^3 (16.7M) 18.1 / 18.1 -> 58.0 / 67.0.
# True sends them to the loop launch again (tests, A/B runs).
ROWS_FWD_LOOP = False
# The rows path's backward (rownorm's cooperative backward, contiguous x, where its slices
# lie within a channel): dx as for a row, and per slice the sums of dz * xhat and dz
# that torch then adds up per channel. Groups of ROWS_BWD_MIN_BYTES or more, and not
# with the cooperative backward's two-rows-live schedule. Measured (GPU time, % of copy,
# rows path against the group / split paths; results/2026-11-23-h100-v0.10-runs/call9),
# bf16 / fp32: InstanceNorm 8x64x64^3 69.5 / 73.3 (58.2 / 59.5), VAE 512 54.5 / 63.9
# (50.4 / 57.3), VAE 256 62.7 / 67.1 (55.3 / 59.1), UNet 320 (groups of 40960) 56.2 /
# 65.4 (55.1 / 55.0), VAE 128 bf16 58.6 (58.4); lost: groups of 32768 (InstanceNorm 3-D
# 32^3, 62.5 / 66.2 against 65.8 / 67.3) and 16384 (2-D, 53.8 / 64.1 against 69.5 /
# 72.0), where the group path runs one program per group, and fp32 VAE 128 (two rows
# live, 51.8 against 59.7).
# v0.40 call 1 (the same method, one process; results/2026-11-27-v0.40-runs/call1), with
# the rows path's schedules since: groups of 64 KB or more of x now gain, smaller lose.
# Group path -> rows path: InstanceNorm 3-D 32^3 (groups of 32768) bf16 67.9 -> 83.9,
# fp32 65.2 -> 91.4, bf16 silu 64.6 -> 78.3; 2-D (16384) fp32 72.4 -> 80.3, but bf16 71.8
# -> 65.9 and bf16 silu 63.4 -> 62.4 (32 KB groups); UNet 320 (rows path either way)
# within 0.5. v0.40 call 2 (the same; group path forced -> rows path): 16-bit groups of
# 48 KB level (bf16 24576: 77.4 -> 78.8), 32 KB lost (fp16 16384 73.2 -> 66.5), 24 KB lost
# (bf16 12288 73.2 -> 62.4), 64 KB gained (fp16 32768 68.0 -> 84.0); fp32 groups of 48 KB
# gained (12288: 58.1 -> 79.5), as did 96 KB (75.0 -> 90.1) and fp32 silu (2-D 69.2 ->
# 79.4, 3-D 32^3 58.8 -> 91.6). So by element size, in bytes of a group: 16-bit from 48 KB;
# fp32 wherever the rows path has a cooperative config (groups longer than
# rownorm.BWD_TILE_MAX: 12288 measured, 8193-12287 not).
# v0.46 call 3 (sweep_groupnorm.py, GPU time, InstanceNorm 16x64x128x128, groups of 32 KB in
# 16-bit, group path -> rows path on rownorm.GN_BWD_COOP's 1024 / 1 / 12 entry): bf16 77.3
# / 76.6 -> 77.7 / 77.5, fp16 77.3 / 77.3 -> 78.1 / 78.2, bf16 silu 65.5 / 65.5 -> 77.1 /
# 77.0. p512 (16x512x32x32: 16 channels of 1024, slices of a channel, 32 KB; group path ->
# rows path, call 4): bf16 56.6-56.8 -> 69.1-69.2, fp16 57.6-57.8 -> 69.4-69.8, bf16 silu
# 48.2-48.3 -> 65.4-65.7. Call 5: InstanceNorm 16x64x96x128 (groups of 12288, 24 KB, on
# 1024 / 1 / 12): bf16 74.0 / 74.0 -> 75.3-75.9, fp16 74.3-74.7 -> 74.2-76.0, bf16 silu
# 65.5 / 65.9 -> 70.6-71.9. So in 16-bit every group the rows path's cooperative backward
# takes (16 KB: rows of 8192 or less take its tile path, which this path declines).
ROWS_BWD = True
# (Groups on slices of a channel, rownorm.GN_BWD_CHANNEL, had their own 40 KB until v0.46:
# 16x640x32x32 bf16, 40 KB, 51.0-52.1 -> 58.1-58.4 in v0.40 calls 14-15.)
ROWS_BWD_MIN_BYTES = {2: 16 << 10, 4: 0}


def _prepare_fwd(x, num_groups: int, activation, has_w: bool, has_b: bool,
                 stats: bool = True, wb_dtypes=None) -> Prepared:
    """wb_dtypes: the weight's and bias's dtypes (x's where None)."""
    contiguous = x.is_contiguous()
    x = _canonical(x)
    N, C, S = x.shape
    Cg = C // num_groups
    if contiguous and ROWS_FWD:
        L = Cg * S
        wd, bd = wb_dtypes or (x.dtype, x.dtype)
        stat = torch.float32 if stats else x.dtype
        dtypes = (x.dtype, x.dtype, wd, bd, x.dtype, x.dtype, stat, stat, torch.int64)
        least = (ROWS_FWD_CHANNEL_MIN_BYTES or {}).get(min(x.element_size(), 4))
        slices = least is not None and L * x.element_size() >= least
        rows = R._fit(lambda pps: R._prepare_fwd(
            N * num_groups, L, x.device, x.element_size(), False, has_w, has_b, False, stats,
            (L, 0, L, 0), channels=(num_groups, Cg, S), activation=ACTIVATIONS[activation],
            pps=pps, channel_slices=slices), x.device, lambda p: dtypes, (1e-5, 1))
        if rows is not None and (ROWS_FWD_LOOP or rows.cfg.path != R.LOOP):
            return Prepared((), rows=rows)
    flags = (("ACTIVATION", ACTIVATIONS[activation]), ("HAS_WEIGHT", has_w),
             ("HAS_BIAS", has_b))
    gc = group_config(x, Cg, backward=False)

    def group_path():
        return Prepared((FixedLaunch(
            _FWD_GROUP, (N * num_groups,),
            (S, Cg, num_groups, x.stride(0), x.stride(1), x.stride(2)),
            flags + (("BLOCK_C", gc.block_c), ("BLOCK_S", gc.block_s),
                     ("ONE_TILE", gc.one_tile), ("STATS", stats),
                     ("SHIFT", _group_shift(min(Cg * S, gc.block_c * gc.block_s),
                                              x.dtype))), gc.num_warps,
            _reg_cap(GROUP_FWD_CAP, x.element_size(), gc)),),
            group_path=True)

    # channels_last groups of GROUP_CL_COLS_BYTES or more: the cooperative columns path
    # first, where it fits
    if gc is not None and (contiguous or Cg * S * x.element_size() < GROUP_CL_COLS_BYTES):
        return group_path()
    if COLS_COOP and not contiguous and x.stride(1) == 1 and C > 1:
        wd, bd = wb_dtypes or (x.dtype, x.dtype)
        stat = torch.float32 if stats else x.dtype
        coop = _prepare_cols_coop(x, Cg, flags, stats,
                                  (x.dtype, wd, bd, x.dtype, stat, stat, torch.int64))
        if coop is not None:
            return coop
    if gc is not None:
        return group_path()
    cc = cols_config(x, Cg, backward=False) if x.stride(1) == 1 and C > 1 else None
    if cc is not None:
        return _prepare_cols(x, Cg, flags, cc, backward=False)
    p = plan(x, Cg, backward=False)
    cfg = p.cfg
    # One scratch allocation for both partial arrays (the kernel finds the second).
    return Prepared((FixedLaunch(
        _FWD, (2 * p.tasks,), (N,) + _geometry(p, x, Cg),
        flags + (("BLOCK_C", cfg.block_c), ("BLOCK_S", cfg.block_s), ("STAGES", cfg.stages),
                 ("COMB_R", cfg.comb_fwd), ("COMB_K", COMBINE_LANES // cfg.comb_fwd)),
        cfg.num_warps),), scratch=2 * N * C * p.n_chunks, counters=1 + N * p.segs_per_n)


def prepare_fwd(x, num_groups: int, activation, weight, bias, y, stats: bool) -> Prepared:
    """The prepared forward for these tensors (stats False: no one wants the statistics;
    the split path computes them in its scratch anyway, the group path skips them).
    Cached per call key; run it with launch_fwd."""
    key = (x.shape, x.stride(), x.dtype, x.get_device(), num_groups, activation,
           dtype_of(weight), dtype_of(bias), y.dtype, stats)
    return _PREPARED.get(key) or _PREPARED.make(key, lambda: _prepare_fwd(
        x, num_groups, activation, weight is not None, bias is not None, stats,
        (dtype_of(weight) or x.dtype, dtype_of(bias) or x.dtype)))


def launch_fwd(prep: Prepared, x, weight, bias, eps: float, y, mean, rstd):
    """Launch a forward prepared by prepare_fwd for tensors with the same key. mean and
    rstd may be None where prep.stats_optional (no one wants the statistics)."""
    if prep.rows is not None:
        R.launch_fwd(prep.rows, x, None, weight, bias, eps, y, None, mean, rstd)
        return
    w = weight if weight is not None else x
    b = bias if bias is not None else x
    if prep.group_path:
        prep.launches[0]((x, w, b, y, y if mean is None else mean, y if rstd is None else rstd),
                         (eps,))
        return
    if prep.slots:  # the cooperative columns path, one launch per step in the interpreter
        ws, tag = coop_workspace(x.device, prep.slots, programs=prep.launches[0].grid[0])
        for launch in prep.launches:
            launch = launch if tag else ticket_launch(launch)  # (tag 0: captured)
            launch((x, w, b, y, y if mean is None else mean, y if rstd is None else rstd, ws),
                   (eps, tag))
        return
    if prep.cols_path:
        _launch_cols_fwd(prep, x, w, b, eps, y, mean, rstd)
        return
    part = stream_scratch(x.device, prep.scratch)
    count = torch.zeros((prep.counters,), device=x.device, dtype=torch.int32)
    prep.launches[0]((x, w, b, y, mean, rstd, part, count), (eps,))


def _launch_cols_fwd(prep: Prepared, x, w, b, eps: float, y, mean, rstd):
    """launch_fwd on the columns path: stats, combine and apply, with the addresses read
    once and launched directly (FixedLaunch.direct_call; the tensors where that does not
    apply). Where no one wants mean and rstd (None, the inference call) they are
    intermediates in the stream's scratch after the partials, 16-byte aligned, rather than
    two allocations a call (host_cols.py, v0.35: the columns path's call cost 23-30 us of
    host time beyond its launches, the group path's 9-10)."""
    stats, combine, apply = prep.launches
    N, C, _, Cg = stats.ints[:4]
    at = (prep.scratch + 3) & ~3  # where mean starts (fp32 elements)
    ng = (N * (C // Cg) + 3) & ~3
    buf = stream_scratch(x.device, at + 2 * ng if mean is None else prep.scratch)
    ps, px, pw, pb, py = buf.data_ptr(), x.data_ptr(), w.data_ptr(), b.data_ptr(), y.data_ptr()
    if mean is None:
        pm, pr = ps + 4 * at, ps + 4 * (at + ng)
    else:
        pm, pr = mean.data_ptr(), rstd.data_ptr()
    # Each launch falls back to the tensors by itself (its first call, an unaligned tensor).
    if not stats.direct_call((px, px, pw, pb, pm, pr, ps)):
        m, r = _stat_views(buf, at, ng, mean, rstd)
        stats((x, x, w, b, m, r, buf))
    if not combine.direct_call((ps, pm, pr, pw), (eps,)):
        m, r = _stat_views(buf, at, ng, mean, rstd)
        combine((buf, m, r, w), (eps,))
    if not apply.direct_call((px, px, pw, pb, pm, pr, ps, py, py, py)):
        m, r = _stat_views(buf, at, ng, mean, rstd)
        apply((x, x, w, b, m, r, buf, y, y, y))


def _stat_views(buf, at: int, ng: int, mean, rstd):
    """mean and rstd as tensors for a launch that takes tensors: the caller's, or where it
    gave none the scratch's (_launch_cols_fwd)."""
    if mean is not None:
        return mean, rstd
    return buf[at:at + ng], buf[at + ng:at + 2 * ng]


def groupnorm_fwd(x, weight, bias, num_groups: int, eps: float, activation, y, mean, rstd):
    """Forward on x (N, C, *spatial) with numel > 0, dense as NC... or channels_last (N...C);
    y (x's shape and strides), mean and rstd (N, G) fp32 preallocated."""
    prep = prepare_fwd(x, num_groups, activation, weight, bias, y, True)
    launch_fwd(prep, x, weight, bias, float(eps), y, mean, rstd)


def _prepare_bwd(x, num_groups: int, activation, has_w: bool, has_b: bool,
                 wb_dtypes=None, out_dtypes=None) -> Prepared:
    """wb_dtypes: the weight's and bias's dtypes (x's where None); out_dtypes: those of
    mean, rstd, dx, dw and db (fp32 statistics and grads, x's dx where None)."""
    contiguous = x.is_contiguous()
    x = _canonical(x)
    N, C, S = x.shape
    Cg = C // num_groups
    channel = S if Cg > 1 else 0  # (slices must lie within a channel)
    rcfg = (R.bwd_config(Cg * S, sm_count(x.device), x.element_size(), False, True, False,
                         channel) if contiguous and ROWS_BWD else None)
    least = ROWS_BWD_MIN_BYTES[4 if x.element_size() >= 4 else 2]
    if rcfg is not None and rcfg.prefetch and Cg * S * x.element_size() >= least:
        L = Cg * S
        f32 = torch.float32
        wd, bd = wb_dtypes or (x.dtype, x.dtype)
        dtypes = (x.dtype, wd, bd, x.dtype, x.dtype, f32, f32, x.dtype, f32, f32, f32,
                  torch.int64, f32, f32)
        rows = R._fit(lambda pps: R._prepare_bwd(
            N * num_groups, L, x.device, x.element_size(), False, has_w, True, True, False,
            (L, L, 0, L), f32, f32, channels=(num_groups, Cg, S),
            activation=ACTIVATIONS[activation], has_b=has_b, pps=pps), x.device,
            lambda p: dtypes, (1,))
        if rows is not None:
            # dw, db: the slice sums (N, C, K) summed over n and k (K slices per channel)
            # in the launch (rows.folded: per channel by the last sample's programs, or by
            # the last program; rownorm._by_channel) or in a launch of their own.
            total = () if rows.folded else (
                R.sum_launch(N, C, rows.partials // (N * C), True, True),)
            return Prepared(total, scratch=2 * rows.partials, rows=rows)
    flags = (("ACTIVATION", ACTIVATIONS[activation]), ("HAS_WEIGHT", has_w),
             ("HAS_BIAS", has_b))
    gc = group_config(x, Cg, backward=True)
    if gc is not None:
        # Per-sample sums (2, N, C) from the group kernel, then dw, db = their sums over n:
        # by each group's last program (FINAL_SUM) where a group's Cg x N sums fit
        # FOLD_GROUP_MAX, else in a launch of their own.
        fold = Cg * N <= FOLD_GROUP_MAX
        sum_p = min(_next_pow2(N), 16)
        sum_c = min(_next_pow2(Cg), max(1, FOLD_TILE // sum_p))
        main = FixedLaunch(_BWD_GROUP, (N * num_groups,),
                           (N, C, S, Cg, x.stride(0), x.stride(1), x.stride(2)),
                           flags + (("BLOCK_C", gc.block_c), ("BLOCK_S", gc.block_s),
                                    ("ONE_TILE", gc.one_tile), ("FINAL_SUM", fold),
                                    ("SUM_P", sum_p), ("SUM_C", sum_c), ("TICKET", False)),
                           gc.num_warps,
                           _reg_cap(GROUP_BWD_CAP, x.element_size(), gc))
        return Prepared((main,) if fold else (main, R.sum_launch(N, C, 1, True, True)),
                        scratch=2 * N * C, group_path=True,
                        done=N * num_groups if fold else 0)
    if (not contiguous and x.stride(1) == 1 and C > 1
            and _coop_bwd_ok(activation is not None)):
        wd, bd = wb_dtypes or (x.dtype, x.dtype)
        md, rd, dxd, dwd, dbd = out_dtypes or (torch.float32,) * 2 + (x.dtype,) + (
            torch.float32,) * 2
        coop = _prepare_cols_coop_bwd(x, Cg, flags, (x.dtype, x.dtype, wd, bd, md, rd, dxd,
                                                     dwd, dbd, torch.int64))
        if coop is not None:
            return coop
    cc = cols_config(x, Cg, backward=True) if x.stride(1) == 1 and C > 1 else None
    if cc is not None:
        return _prepare_cols(x, Cg, flags, cc, backward=True)
    p = plan(x, Cg, backward=True)
    cfg = p.cfg
    G = num_groups
    comb_n = p.comb_n
    # One fp32 scratch allocation (the kernel finds its parts): dw_n, db_n (N, C), c1, c2
    # (N, G), the two partial arrays.
    return Prepared((FixedLaunch(
        _BWD, (2 * p.tasks,), (N,) + _geometry(p, x, Cg),
        flags + (("BLOCK_C", cfg.block_c), ("BLOCK_S", cfg.block_s), ("STAGES", cfg.stages),
                 ("COMB_CR", cfg.comb_chan), ("COMB_CK", COMBINE_LANES // cfg.comb_chan),
                 ("COMB_GR", cfg.comb_group), ("COMB_GK", COMBINE_LANES // cfg.comb_group),
                 ("COMB_NR", comb_n), ("COMB_NK", COMBINE_LANES // comb_n)),
        cfg.num_warps),), scratch=2 * N * C + 2 * N * G + 2 * N * C * p.n_chunks,
        counters=1 + (N + 1) * p.segs_per_n)


def prepare_bwd(dy, x, weight, bias, num_groups: int, activation, dtypes) -> Prepared:
    """The prepared backward for these tensors, cached per call key; dtypes: those of mean,
    rstd, dx, dw and db. Run it with launch_bwd."""
    key = (x.shape, x.stride(), dy.stride(), x.dtype, dy.dtype, x.get_device(), num_groups,
           activation, dtype_of(weight), dtype_of(bias), dtypes)
    return _PREPARED.get(key) or _PREPARED.make(key, lambda: _prepare_bwd(
        x, num_groups, activation, weight is not None, bias is not None,
        (dtype_of(weight) or x.dtype, dtype_of(bias) or x.dtype), dtypes))


def groupnorm_bwd(dy, x, weight, bias, mean, rstd, num_groups: int, activation, dx, dw, db):
    """Backward on x (N, C, *spatial), as the forward, into the preallocated dx (x's
    strides, as dy's), dw and db ((C,), any float dtype; dw is sum(dz * xhat) also without
    a weight); mean and rstd fp32."""
    prep = prepare_bwd(dy, x, weight, bias, num_groups, activation,
                       (mean.dtype, rstd.dtype, dx.dtype, dw.dtype, db.dtype))
    launch_bwd(prep, dy, x, weight, bias, mean, rstd, dx, dw, db)


def launch_bwd(prep: Prepared, dy, x, weight, bias, mean, rstd, dx, dw, db):
    """Launch a backward prepared by prepare_bwd for tensors with the same key. The fp32
    scratch comes from the stream's buffer (launch.stream_scratch); each launch takes the
    addresses, read once, directly (FixedLaunch.direct_call), and the tensors where that
    does not apply (the first call, an unaligned tensor, the interpreter)."""
    w = weight if weight is not None else x
    b = bias if bias is not None else x
    scratch = stream_scratch(x.device, prep.scratch)
    px, pdy, pm, pr, pdx, pdw, pdb, ps = (
        x.data_ptr(), dy.data_ptr(), mean.data_ptr(), rstd.data_ptr(), dx.data_ptr(),
        dw.data_ptr(), db.data_ptr(), scratch.data_ptr())
    pw = px if weight is None else weight.data_ptr()
    pb = px if bias is None else bias.data_ptr()
    half = prep.scratch // 2
    if prep.rows is not None:
        # Slice sums of dz * xhat and dz, (N, C, slices per channel) each, then their sums
        # per channel in a fixed order (deterministic).
        ws, tag = prep.rows.workspace(x.device)
        ps2 = ps + 4 * half
        launch = prep.rows.launch if tag else ticket_launch(prep.rows.launch)  # (0: captured)
        if not launch.direct_call(
                (px, pw, pb, pdy, pdy, pm, pr, pdx, ps, ps2, pr, ws.data_ptr(), pdw, pdb),
                (tag,)):
            launch((x, w, b, dy, dy, mean, rstd, dx, scratch[:half],
                              scratch[half:prep.scratch], rstd, ws, dw, db), (tag,))
        if prep.launches and not prep.launches[0].direct_call((ps, ps2, pdw, pdb)):
            prep.launches[0]((scratch[:half], scratch[half:prep.scratch], dw, db))
        return
    if prep.group_path:
        if prep.done:  # the launch sums dw, db itself
            ws, tag = coop_workspace(x.device, prep.done, programs=prep.launches[0].grid[0])
            main = prep.launches[0] if tag else ticket_launch(prep.launches[0])  # (0: captured)
            if not main.direct_call(
                    (px, pdy, pw, pb, pm, pr, pdx, ps, pdw, pdb, ws.data_ptr()), (tag,)):
                main((x, dy, w, b, mean, rstd, dx, scratch, dw, db, ws), (tag,))
            return
        main, total = prep.launches
        if not main.direct_call((px, pdy, pw, pb, pm, pr, pdx, ps, pdw, pdb, ps), (1,)):
            main((x, dy, w, b, mean, rstd, dx, scratch, dw, db, scratch), (1,))
        if not total.direct_call((ps, ps + 4 * half, pdw, pdb)):
            total((scratch, scratch[half:prep.scratch], dw, db))
        return
    if prep.slots:  # the cooperative columns backward, one launch per step in the interpreter
        ws, tag = coop_workspace(x.device, prep.slots, programs=prep.launches[0].grid[0])
        for launch in prep.launches:
            launch = launch if tag else ticket_launch(launch)  # (tag 0: captured)
            if not launch.direct_call((px, pdy, pw, pb, pm, pr, pdx, pdw, pdb, ws.data_ptr()),
                                      (tag,)):
                launch((x, dy, w, b, mean, rstd, dx, dw, db, ws), (tag,))
        return
    if prep.cols_path:
        stats, combine, apply = prep.launches
        if not stats.direct_call((px, pdy, pw, pb, pm, pr, ps)):
            stats((x, dy, w, b, mean, rstd, scratch))
        if not combine.direct_call((ps, pm, pr, pw), (0.0,)):
            combine((scratch, mean, rstd, w), (0.0,))
        if not apply.direct_call((px, pdy, pw, pb, pm, pr, ps, pdx, pdw, pdb)):
            apply((x, dy, w, b, mean, rstd, scratch, dx, dw, db))
        return
    count = torch.zeros((prep.counters,), device=x.device, dtype=torch.int32)
    prep.launches[0]((x, dy, w, b, mean, rstd, dx, dw, db, scratch, count))
