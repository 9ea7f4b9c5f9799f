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

Three paths share each kernel, chosen by the constexpr PATH:
  * PATH 0, tile: the whole row lives in registers (BLOCK_N >= N, or two tiles), ROWS
    rows per step. LayerNorm's forward takes the mean, then the centered sum of squares
    (two reductions), or where _tile_one_pass says (ONE_PASS) both from one pair
    reduction of sums shifted by the row's first element. Every path's LayerNorm mean is
    exact for a row of equal values (then xhat is 0, as torch gives it): sums shifted by
    one of the row's values wherever a plain sum of them could round (_tile_shift).
  * PATH 1, cooperative: GROUP programs share each row, each holding a BLOCK_N slice in
    registers, so the row is read once however long it is. Each program publishes its
    slice's partial statistics (forward: slice mean and M2, or the sum of squares;
    backward: the slice's sums for c1 and c2) to a scratch slot, each fp32 value packed
    with the row's tag in one 64-bit word (a reader that sees the tag sees the value, so
    no fence or counter is needed); it then loads its slice of the next row and only then
    spins until all GROUP slots of the previous row carry that row's tag (a software
    pipeline one row deep, so the wait overlaps memory traffic), and combines them in a
    fixed order (every program gets bitwise the same statistics). Where its config asks
    (L2_AHEAD), each program also asks the L2 for its slices one step beyond the next (a
    bulk prefetch from one thread, no registers held). The backward can load each row's
    mean and rstd with its x and dy, a step before its terms (STATS_AHEAD), form the
    held row's terms after the wait rather than before it (LATE_TERMS: fewer registers
    live over the wait), carry that 16-bit row as int32 words, two values each (PACK16:
    a 16-bit value a loop carries takes a register of its own), and ask the L2 for dh a
    step before it reads it (DH_L2). The forward can take ROWS rows a step, one wait for
    all of them, and carry its held 16-bit row as words too (PACK16). A row's GROUP
    programs have consecutive ids and the grid is persistent with GROUP <= SMs, so with
    in-order dispatch the programs a waiting program depends on are resident or finish
    without waiting on it.
  * PATH 2, loop: one program walks the row in BLOCK_N chunks; the forward keeps
    per-lane Welford statistics (count, mean, M2) in one pass and normalizes in a
    second; the backward computes c1, c2 for each of its rows in one sweep, then walks
    column chunks over the same rows, writing dx and keeping that chunk's dw/db partial
    in registers. It reads the row twice; it is the fallback for rows too long for the
    cooperative path.

GroupNorm's rows path (groupnorm.py) runs the forward on all three paths and the
cooperative backward with AFFINE > 0: a row is one (sample, group), w and b one value per
row or slice, the fused activation applied (and differentiated) after them. Cooperative
grids are sized for the programs that fit an SM (_fit)."""
from dataclasses import dataclass, replace
import functools
import os
from typing import Optional

import torch
import triton
import triton.language as tl

from . import interpreting, sm_count
from .activation import _activation, _activation_grad
from .launch import (INFER_PLANS, SM_REGISTERS, CachedKernel, FixedLaunch, PreparedCache,
                     coop_workspace, dtype_of, stream_scratch, ticket_launch)


@triton.jit
def _row_tag(TAG, row, ROW_TAG: tl.constexpr):
    """The tag of `row`'s words: with ROW_TAG the launch's base TAG plus the row
    (launch.coop_workspace hands the launch M tags), else TAG (see rownorm.ROW_TAG)."""
    if ROW_TAG:
        return row + TAG
    else:
        return TAG


@triton.jit
def _ticket_word(WS):
    """This program's replay count in a capture buffer: the int64 words just before WS,
    one a program, their number rounded up to even (launch.capture_workspace)."""
    nprog = tl.num_programs(0) * tl.num_programs(1) * tl.num_programs(2)
    pid = (tl.program_id(2) * tl.num_programs(1) + tl.program_id(1)) * tl.num_programs(0) \
        + tl.program_id(0)
    return WS - (nprog + nprog % 2) + pid


@triton.jit
def _launch_tag(WS, TAG, span, TICKET: tl.constexpr, TAKE: tl.constexpr = True):
    """(base tag, count) of this launch's words in WS: (TAG, 0), or with TICKET (a launch
    captured in a CUDA graph: launch.coop_workspace's tag 0, launch.ticket_launch) a tag
    from the replays so far, k, which each program counts in a word of its own
    (_ticket_word): read here, stored as k + 1 when the program is done (_launch_done;
    TAKE: the interpreter's later PHASE launches of a columns kernel read k + 1, the first
    one's). So in the k-th replay every program reads k (replays run one after another).
    The tags are base .. base + span - 1, base = (k * span) mod (TAG_LIMIT - span) + 1:
    never 0 (a zeroed word), never above TAG_LIMIT (int32, as the host's tags), and none
    equal to a tag of the replay before (the only other writer of the buffer's words)
    while 3 * span <= TAG_LIMIT.
    A read now and a store at the end, where nothing waits on it: a count taken by an
    atomic at the start held every warp of the program until it returned (Triton hands a
    scalar atomic's result to all threads through shared memory and a barrier), and
    cost UNet 640's captured forward (2112 one-warp programs) 7 points of 78; one counter
    for all programs, 11 (v0.48 calls 1, 5)."""
    if TICKET:
        k = tl.load(_ticket_word(WS), volatile=True)  # (volatile: not a line an L1 kept)
        if not TAKE:
            k -= 1
        span64 = tl.cast(span, tl.int64)
        return ((k * span64) % (2147483647 - span64) + 1).to(tl.int32), k
    else:
        return TAG, 0


@triton.jit
def _prefetch_share(WS, words):
    """This program's share of WS's first `words` words asked of the L2 (_prefetch_l2, in
    pieces of 64 words): where a launch's words were last written a replay ago (TICKET)
    rather than zeroed just before it, they are no longer in the L2, and the first
    partials written to them waited on memory (UNet 640's captured forward, 2112 one-warp
    programs of about 5 rows each, read 71.8-71.9% against 78.5-78.6 with the memset;
    v0.48 call 6). GPU only (TICKET 2)."""
    nprog = tl.num_programs(0) * tl.num_programs(1) * tl.num_programs(2)
    pid = (tl.program_id(2) * tl.num_programs(1) + tl.program_id(1)) * tl.num_programs(0) \
        + tl.program_id(0)
    per = ((words + nprog - 1) // nprog + 1) // 2 * 2  # words a program, 16-byte pieces
    lo = pid * per
    for off in range(lo, tl.minimum(lo + per, words), 64):
        _prefetch_l2(WS, 0, 0, off, 1, tl.minimum(lo + per, words), 64, False)


@triton.jit
def _launch_done(WS, count, TICKET: tl.constexpr, TAKE: tl.constexpr = True):
    """At the end of a program that took its tag from its count (_launch_tag): the count
    plus one, once every thread has read it (the barrier; a store racing a warp's read
    hung a replay, v0.48 call 4)."""
    if TICKET:
        if TAKE:
            tl.debug_barrier()
            tl.store(_ticket_word(WS), count + 1)


@triton.jit
def _publish(SLOT, value, tag, mask=None):
    """Store an fp32 partial together with the launch's tag in one 64-bit word, so a
    reader that sees the tag sees the value: no fence, no counter."""
    bits = value.to(tl.int32, bitcast=True).to(tl.int64) & 0xFFFFFFFF
    tl.store(SLOT, (tl.cast(tag, tl.int64) << 32) | bits, mask=mask)


@triton.jit
def _signal(CNT, SYNC: tl.constexpr):
    """After a program has published all its slots of a row: with SYNC == 2, count it in
    the row's counter with release semantics (the barrier first orders the slot stores of
    every thread of the program before the one thread's release)."""
    if SYNC == 2:
        tl.debug_barrier()
        tl.atomic_add(CNT, 1, sem="release")


@triton.jit
def _reload(ptrs, mask, pending, NS: tl.constexpr):
    """The next poll of a wait: a volatile load of the words at `ptrs` (under `mask`, 0
    elsewhere), after each thread sleeps about NS nanoseconds (PTX nanosleep, GPU only;
    NS 0: at once). The load's mask depends on the sleep's result, so it cannot move
    above the sleep."""
    if NS > 0:
        slept = tl.inline_asm_elementwise("nanosleep.u32 $1;\n\tmov.u32 $0, $1;", "=r,r",
                                          [pending * 0 + NS], dtype=tl.int32,
                                          is_pure=False, pack=1)
        return tl.load(ptrs, mask=mask & (slept >= 0), other=0, volatile=True)
    return tl.load(ptrs, mask=mask, other=0, volatile=True)


@triton.jit
def _spin(ptrs, mask, tag, BACKOFF: tl.constexpr):
    """Load the tagged words under `mask` (volatile) until every one carries `tag`;
    returns the last load. BACKOFF > 0: each thread sleeps about that many nanoseconds
    before each reload (PTX nanosleep), so waiting programs poll the L2 less often."""
    v = tl.load(ptrs, mask=mask, other=0, volatile=True)
    pending = tl.sum(tl.sum(tl.where(mask & ((v >> 32) != tag), 1, 0), axis=1), axis=0)
    while pending > 0:
        v = _reload(ptrs, mask, pending, BACKOFF)
        pending = tl.sum(tl.sum(tl.where(mask & ((v >> 32) != tag), 1, 0), axis=1), axis=0)
    return v


@triton.jit
def _unpack(v, j):
    """The fp32 values of a [K, 2] tile of tagged words (j = tl.arange(0, 2)) as its two
    [K] columns."""
    vals = (v & 0xFFFFFFFF).to(tl.int32).to(tl.float32, bitcast=True)
    return tl.sum(tl.where(j[None, :] == 0, vals, 0.0), axis=1), \
        tl.sum(tl.where(j[None, :] == 1, vals, 0.0), axis=1)


@triton.jit
def _spin_each(ptrs, mask, tag):
    """The tagged words under `mask` (0 elsewhere), each thread reloading each of its own
    words (volatile 64-bit loads, inline PTX) until that word carries `tag`: no count of
    pending words across the program per poll (_spin's block-wide reduction), and no stale
    copy whatever the layout (every thread that holds a word has seen its tag). GPU only:
    the interpreter runs no inline assembly."""
    return tl.inline_asm_elementwise(
        asm="""{
        .reg .pred %p;
        .reg .b32 %lo, %hi;
        mov.b64 $0, 0;
        setp.eq.s32 %p, $3, 0;
        @%p bra DONE${:uid};
        SPIN${:uid}:
        ld.volatile.global.b64 $0, [$1];
        mov.b64 {%lo, %hi}, $0;
        setp.ne.s32 %p, %hi, $2;
        @%p bra SPIN${:uid};
        DONE${:uid}:
        }""",
        constraints="=l,l,r,r",
        args=[ptrs.to(tl.int64, bitcast=True), tag, mask.to(tl.int32)],
        dtype=tl.int64, is_pure=False, pack=1)


# _prefetch_l2's instruction: thread 0 asks the L2 for $3 bytes at $1 where $2 is set;
# the second form marks the lines evict_last in the L2 (a createpolicy operand).
_PREFETCH_ASM = tl.constexpr("""{
        .reg .pred %p, %q;
        .reg .b32 %t;
        mov.u32 %t, %tid.x;
        setp.eq.u32 %p, %t, 0;
        setp.ne.s32 %q, $2, 0;
        and.pred %p, %p, %q;
        @%p cp.async.bulk.prefetch.L2.global [$1], $3;
        mov.u32 $0, 0;
        }""")
_PREFETCH_HINT_ASM = tl.constexpr("""{
            .reg .pred %p, %q;
            .reg .b32 %t;
            .reg .b64 %pol;
            mov.u32 %t, %tid.x;
            setp.eq.u32 %p, %t, 0;
            setp.ne.s32 %q, $2, 0;
            and.pred %p, %p, %q;
            createpolicy.fractional.L2::evict_last.b64 %pol, 1.0;
            @%p cp.async.bulk.prefetch.L2.global.L2::cache_hint [$1], $3, %pol;
            mov.u32 $0, 0;
            }""")


@triton.jit
def _prefetch_l2(P, row, stride, col0, M, N, BLOCK_N: tl.constexpr, HINT: tl.constexpr):
    """Ask the L2 for row `row`'s slice [col0, col0 + BLOCK_N) of P (nothing past M or
    N, nor for a row below 0): one bulk prefetch (PTX cp.async.bulk.prefetch.L2, sm_90)
    issued by the program's first thread, so the lines come from memory while the
    program works, with no register held for them (L2_AHEAD, DH_L2). HINT: the lines
    come with an evict_last L2 policy (the L2 keeps them over other lines; _l2_hint). A hint
    only: skipped where the slice's address is not 16-byte aligned. GPU only: the
    interpreter runs no inline assembly."""
    ELT: tl.constexpr = P.dtype.element_ty.primitive_bitwidth // 8
    nbytes = tl.minimum(N - col0, BLOCK_N) * ELT // 16 * 16
    addr = (P + tl.cast(row, tl.int64) * stride + col0).to(tl.int64, bitcast=True)
    ok = (row >= 0) & (row < M) & (addr % 16 == 0) & (nbytes > 0)
    tl.inline_asm_elementwise(
        asm=_PREFETCH_HINT_ASM if HINT else _PREFETCH_ASM,
        constraints="=r,l,r,r",
        args=[addr, ok.to(tl.int32), nbytes.to(tl.int32)],
        dtype=tl.int32, is_pure=False, pack=1)


@triton.jit
def _prefetch_rows(A, B, C, first, stride_a, stride_b, stride_c, col0, M, N,
                   ROWS: tl.constexpr, BLOCK_N: tl.constexpr, HAS_B: tl.constexpr,
                   HAS_C: tl.constexpr, HINT: tl.constexpr = False):
    """_prefetch_l2 of the slices of rows first .. first + ROWS - 1 of A, and of B and C
    where present (HAS_B, HAS_C)."""
    for i in tl.static_range(ROWS):
        _prefetch_l2(A, first + i, stride_a, col0, M, N, BLOCK_N, HINT)
        if HAS_B:
            _prefetch_l2(B, first + i, stride_b, col0, M, N, BLOCK_N, HINT)
        if HAS_C:
            _prefetch_l2(C, first + i, stride_c, col0, M, N, BLOCK_N, HINT)


@triton.jit
def _collect_rows(WS, first, M, TAG, ROWS: tl.constexpr, NSLOT: tl.constexpr, GROUP: tl.constexpr,
                  GROUP_P2: tl.constexpr, SPIN: tl.constexpr, SYNC: tl.constexpr,
                  BACKOFF: tl.constexpr, ROW_TAG: tl.constexpr):
    """Wait until the NSLOT (1 or 2) slots of every part of the ROWS rows from `first`
    (rows past M skipped) carry the launch's TAG, and return the two fp32 partial columns
    over (row, part) flattened: entry k holds row first + k // GROUP_P2, part
    k % GROUP_P2 (0 where there is none; the second column is 0 when NSLOT == 1). SPIN
    (>= ROWS * GROUP_P2) is the length of that tile. One wait covers all the rows, so a
    program spins once per step however many rows the step holds. How it waits (SYNC):
      1: spin on volatile loads of the [SPIN, 2] tile of tagged words, then a barrier, a
         fresh load by every thread and the spin again (a tile smaller than the program
         is held in several copies by different threads; a copy loaded before the
         deciding one saw every tag can be stale);
      2: spin on each row's counter with acquire semantics until GROUP programs have
         signalled, then a barrier and one load of the tile (tags still checked);
      3: the spin of 1 once, SPIN padded by the host to SPIN >= the program's threads
         (so the tile has two words per thread in any layout Triton picks): every word
         has one owner and no thread holds a stale copy;
      4: every thread spins on its own words (_spin_each, GPU only; it does not sleep,
         whatever BACKOFF);
      5: no wait, one plain load (a timing diagnostic only: the words may be stale and
         the results wrong; reached only by assigning COOP_SYNC, sweep_coop's SWEEP_SYNC).
    BACKOFF: see _spin."""
    k = tl.arange(0, SPIN)
    row = first + k // GROUP_P2
    part = k % GROUP_P2
    live = (k < ROWS * GROUP_P2) & (row < M) & (part < GROUP)
    j = tl.arange(0, 2)
    ptrs = WS + ((row.to(tl.int64) * (GROUP + 1) + part) * 2)[:, None] + j[None, :]
    mask = live[:, None] & (j[None, :] < NSLOT)
    if ROW_TAG:
        tag = (row + TAG)[:, None]
    else:
        tag = (row * 0 + TAG)[:, None]
    if SYNC == 2:
        for i in tl.static_range(ROWS):
            if first + i < M:
                cnt = WS + (tl.cast(first + i, tl.int64) * (GROUP + 1) + GROUP) * 2
                c = tl.atomic_add(cnt, 0, sem="acquire")
                while c < GROUP:
                    c = tl.atomic_add(cnt, 0, sem="acquire")
        tl.debug_barrier()
    if SYNC == 4 and SPIN <= 32:
        # One 1-D tile per slot rather than the [SPIN, 2] tile: where SPIN is at most 32
        # each warp holds the whole tile, waits on it and sums it by itself (shuffles; no
        # shared memory, no barrier). Lanes off `live` read 0. Not for longer tiles: with
        # it everywhere the 16-bit LayerNorm forward at 1M (8192 / 8 warps, SPIN 128)
        # read 83.0-83.6% of copy against 88.3-88.5 (v0.20 calls 2-3).
        words = WS + (row.to(tl.int64) * (GROUP + 1) + part) * 2
        tag1 = tl.sum(tag, axis=1)
        p0 = (_spin_each(words, live, tag1) & 0xFFFFFFFF).to(tl.int32).to(tl.float32,
                                                                         bitcast=True)
        if NSLOT == 2:
            p1 = (_spin_each(words + 1, live, tag1) & 0xFFFFFFFF).to(tl.int32).to(
                tl.float32, bitcast=True)
        else:
            p1 = tl.zeros_like(p0)
    else:
        if SYNC == 5:
            v = tl.load(ptrs, mask=mask, other=0)
        elif SYNC == 4:
            v = _spin_each(ptrs, mask, tag)
        else:
            v = _spin(ptrs, mask, tag, BACKOFF)
        if SYNC == 1:
            tl.debug_barrier()
            v = _spin(ptrs, mask, tag, BACKOFF)
        p0, p1 = _unpack(v, j)
    return p0, p1


@triton.jit
def _add2(a1, b1, a2, b2):
    """Combine of a two-operand sum (tl.reduce): one cross-warp pass for both."""
    return a1 + a2, b1 + b2


@triton.jit
def _sum2(a, b, axis: tl.constexpr, PAIR_SUM: tl.constexpr):
    """(sum(a), sum(b)) along `axis`: with PAIR_SUM one two-operand reduction (one
    cross-warp pass and barrier for both), else two tl.sum (the interpreter folds a
    custom-combine reduction one element at a time in fp32, 50x the error of its pairwise
    tl.sum over a 36K slice, so the kernels take PAIR_SUM = not interpreting())."""
    if PAIR_SUM:
        s1, s2 = tl.reduce((a, b), axis, _add2)
    else:
        s1 = tl.sum(a, axis=axis)
        s2 = tl.sum(b, axis=axis)
    return s1, s2


@triton.jit
def _slice_shift(X, R, H, rows, stride_xm, stride_rm, col, M, HAS_RESIDUAL: tl.constexpr):
    """The element at column `col` of each row in `rows` (of h = x + residual, rounded to
    H's type as h is stored, with HAS_RESIDUAL), in fp32, shaped as rows: the shift of the
    forward's sums. Any value near the data keeps the shifted sums small; one of the row's
    own values also makes a row of equal values sum to exactly 0, so its mean is exact and
    its xhat 0 (a plain sum rounds, the mean is an ulp off, and rstd = eps^-1/2 scales that
    ulp: 0.02-0.53 at |x| = 1e3-1e4, fp32, on the GPU: v0.36-runs call 5)."""
    live = rows < M
    k = tl.load(X + rows.to(tl.int64) * stride_xm + col, mask=live, other=0.0).to(tl.float32)
    if HAS_RESIDUAL:
        k += tl.load(R + rows.to(tl.int64) * stride_rm + col, mask=live, other=0.0).to(tl.float32)
        k = k.to(H.dtype.element_ty).to(tl.float32)
    return k


@triton.jit
def _coop_fwd_publish(WS, hb, kb, rows, rows64, row0, live, mask, part, n_part, M, TAG,
                      ROWS: tl.constexpr, GROUP: tl.constexpr, IS_RMS: tl.constexpr,
                      SYNC: tl.constexpr, PAIR_SUM: tl.constexpr, ROW_TAG: tl.constexpr,
                      EVEN: tl.constexpr):
    """Publish the cooperative forward's partial statistics of the [ROWS, slice] tile hb
    (rows from row0) and signal each row's counter; returns LayerNorm's slice means
    ([ROWS, 1], 0 for RMSNorm), the centre of the row merge (_coop_fwd_stats). EVEN: no
    column of the slice lies past N (no mask on the shifted sums)."""
    own = tl.zeros([ROWS, 1], dtype=tl.float32)
    hf = hb.to(tl.float32)
    ws = WS + (rows64 * (GROUP + 1) + part) * 2
    if IS_RMS:
        _publish(ws, tl.sum(hf * hf, axis=1, keep_dims=True), _row_tag(TAG, rows, ROW_TAG), live)
    else:
        # One pass over the slice: sums shifted by its first element (kb) rather than
        # the slice mean and a second pass around it. With it and the ROWS rewrite, bf16
        # LayerNorm forward ran at 76.3 / 73.7 / 66.8% of copy at 64K / 256K / 1M against
        # 74.4 / 68.7 / 65.5 before (v0.9-runs call 1, one run each). Both sums in one
        # reduction.
        if EVEN:
            dk = hf - kb
        else:
            dk = tl.where(mask, hf - kb, 0.0)
        s1, s2 = _sum2(dk, dk * dk, 1, PAIR_SUM)
        s1 = s1[:, None]
        s2 = s2[:, None]
        own = kb + s1 / n_part
        _publish(ws, own, _row_tag(TAG, rows, ROW_TAG), live)
        _publish(ws + 1, s2 - s1 * s1 / n_part, _row_tag(TAG, rows, ROW_TAG), live)
    for i in tl.static_range(ROWS):
        if row0 + i < M:
            _signal(WS + (tl.cast(row0 + i, tl.int64) * (GROUP + 1) + GROUP) * 2, SYNC)
    return own


@triton.jit
def _centred(h, mean, rstd, P):
    """xhat = (h - mean) * rstd in fp32 (h: a tile of any float type; mean, rstd broadcast
    to it). Where P (a pointer of the data's type) is 16-bit, one FMA, h * rstd - mean *
    rstd: one instruction an element fewer. Its extra error, |mean| * rstd * 2^-24, is the
    size of the one the fp32 mean itself carries, and 2^15 times below a bf16 rounding
    while |mean| < 1000 std; fp32 data keeps the subtraction first."""
    if P.dtype.element_ty == tl.float32:
        return (h.to(tl.float32) - mean) * rstd
    return h.to(tl.float32) * rstd - mean * rstd


@triton.jit
def _coop_fwd_stats(p0, p1, own, ridx, k_row, n_parts, N, eps, ROWS: tl.constexpr,
                    IS_RMS: tl.constexpr, PAIR_SUM: tl.constexpr):
    """(mean, rstd, scale), [ROWS, 1] each, of the rows whose collected partials are p0,
    p1 (_collect_rows; k_row: each entry's row in the step); own: this program's slice
    means of those rows (LayerNorm). scale, the rstd that y takes (_centred), is 0 for a
    LayerNorm row of equal values (M2 exactly 0: every shifted sum was 0), whose xhat is
    then exactly 0 in the 16-bit FMA form too, as torch gives it (h * rstd - mean * rstd
    rounds to ulp(mean * rstd): 0.016 at |h| = 1000, eps 1e-5)."""
    mean = tl.zeros([ROWS, 1], dtype=tl.float32)
    rstd = tl.zeros([ROWS, 1], dtype=tl.float32)
    scale = tl.zeros([ROWS, 1], dtype=tl.float32)
    for i in tl.static_range(ROWS):
        mine = k_row == i
        if IS_RMS:
            ss = tl.sum(tl.where(mine, p0, 0.0), axis=0)
            rstd = tl.where(ridx == i, 1.0 / tl.sqrt(ss / N + eps), rstd)
        else:
            # Chan's merge around this program's own slice mean r (near the row's mean,
            # so no cancellation), both sums in one reduction: mean = r + t1 / N,
            # M2 = t2 - t1^2 / N.
            r = tl.sum(tl.where(ridx == i, own, 0.0), axis=0)
            d = p0 - r
            t1, t2 = _sum2(tl.where(mine, n_parts * d, 0.0),
                           tl.where(mine, p1 + n_parts * d * d, 0.0), 0, PAIR_SUM)
            m2 = tl.maximum(t2 - t1 * (t1 / N), 0.0)
            mean = tl.where(ridx == i, r + t1 / N, mean)
            r_i = 1.0 / tl.sqrt(m2 / N + eps)
            rstd = tl.where(ridx == i, r_i, rstd)
            # (r_i * 0: NaN where eps = 0 made r_i inf, as torch's 0 * inf)
            scale = tl.where(ridx == i, tl.where(m2 > 0.0, r_i, r_i * 0.0), scale)
    if IS_RMS:
        scale = rstd
    return mean, rstd, scale


@triton.jit
def _pack_words(v):
    """A tensor of B 16-bit values as [B // 2] int32 words (element 2i of its flattened
    order in the low half, 2i + 1 in the high half): what a loop carries where a 16-bit
    value would take a register of its own (PACK16 in the cooperative kernels)."""
    B: tl.constexpr = v.numel
    lo, hi = tl.split(tl.reshape(v.to(tl.int16, bitcast=True), [B // 2, 2]))
    return (lo.to(tl.int32) & 0xFFFF) | (hi.to(tl.int32) << 16)


@triton.jit
def _unpack_words(p, DT: tl.constexpr):
    """_pack_words' inverse: the [2 * B] tensor of dtype DT (16-bit) of the [B] int32 words
    (the caller reshapes it)."""
    B: tl.constexpr = p.shape[0]
    v = tl.reshape(tl.join(p.to(tl.int16), (p >> 16).to(tl.int16)), [2 * B])
    return v.to(DT, bitcast=True)


@triton.jit
def _slice_load(P, mask, EVEN: tl.constexpr, POLICY: tl.constexpr):
    """A slice's load; where EVEN (every column in the row) without a mask, so without the
    predicate and the zero fill of each register (CS2R) a masked load carries."""
    if EVEN:
        v = tl.load(P, eviction_policy=POLICY)
    else:
        v = tl.load(P, mask=mask, other=0.0, eviction_policy=POLICY)
    return v


@triton.jit
def _rows_load(P, rows, stride, cols, mask, M, EVEN: tl.constexpr, POLICY: tl.constexpr):
    """A cooperative slice load of rows `rows` (the forward's [ROWS, 1] column or the
    backward's one row; int32 or int64). Where EVEN, without a mask: rows past the last are
    read as the last row (in bounds; nothing computed from them is published or stored),
    so no predicate or zero fill per 16-byte load remains (SASS, sm_90a, bf16 LayerNorm
    forward at 4096 / 4 warps: four ISETP and eight CS2R a row, and as many for w and b,
    _affine)."""
    if EVEN:
        v = tl.load(P + tl.minimum(rows, M - 1) * stride + cols, eviction_policy=POLICY)
    else:
        v = tl.load(P + rows * stride + cols, mask=mask & (rows < M), other=0.0,
                    eviction_policy=POLICY)
    return v


@triton.jit
def _rows_mask(mask, live, EVEN: tl.constexpr):
    """The store mask of a cooperative slice: live rows (and, unless EVEN, columns in the
    row)."""
    if EVEN:
        m = live  # (tl.store broadcasts it over the slice)
    else:
        m = mask & live
    return m


@triton.jit
def _row_stats(MEAN, RSTD, row, M, IS_RMS: tl.constexpr, MASKED: tl.constexpr):
    """(mean, rstd) of row `row` (mean 0 for RMSNorm), fp32 scalars; MASKED: 0, 0 past M
    (else row < M is the caller's)."""
    if MASKED:
        rstd = tl.load(RSTD + row, mask=row < M, other=0.0)
    else:
        rstd = tl.load(RSTD + row)
    if IS_RMS:
        mean = 0.0
    elif MASKED:
        mean = tl.load(MEAN + row, mask=row < M, other=0.0)
    else:
        mean = tl.load(MEAN + row)
    return mean, rstd


@triton.jit
def _coop_bwd_terms(xb, dyb, X, W, B, mean, rstd, row, cols, col0, mask, G, CG, S, wh,
                    IS_RMS: tl.constexpr, HAS_WEIGHT: tl.constexpr, HAS_B: tl.constexpr,
                    MASKED: tl.constexpr, AFFINE: tl.constexpr, ACTIVATION: tl.constexpr,
                    DZ_IN: tl.constexpr, HOLD_W: tl.constexpr, EVEN: tl.constexpr):
    """(xhat, w * dz, dz, rstd, w) of a row slice in fp32 for the cooperative backward,
    from the row's mean and rstd (_row_stats; loaded by the caller, where the schedule
    lets it load them a step ahead) (MASKED: xhat zero past N, as the published sums
    need). dz = dy, or for a GroupNorm
    row (AFFINE > 0, w and b one value for the slice: see _affine) dy * act'(xhat w + b);
    w is that one value there (1 without a weight) and unused with AFFINE 0. DZ_IN: dyb
    is already dz (the activation's derivative applied; KEEP_DZ). HOLD_W (AFFINE 0): wh is
    the slice's w in fp32, held by the program, not loaded again."""
    if IS_RMS:
        xhat = xb.to(tl.float32) * rstd
    elif MASKED:
        xhat = tl.where(mask, _centred(xb, mean, rstd, X), 0.0)
    else:
        xhat = _centred(xb, mean, rstd, X)
    dz = dyb.to(tl.float32)
    w = 1.0
    if AFFINE == 0:
        if HAS_WEIGHT and HOLD_W:
            wdy = dz * wh
        elif HAS_WEIGHT:
            wdy = dz * _slice_load(W + cols, mask, EVEN, "").to(tl.float32)
        else:
            wdy = dz
    else:
        idx = (row % G) * CG + col0 // S
        if HAS_WEIGHT:
            w = tl.load(W + idx).to(tl.float32)
        if ACTIVATION != 0 and not DZ_IN:
            z = xhat * w
            if HAS_B:
                z += tl.load(B + idx).to(tl.float32)
            dz = dz * _activation_grad(z, ACTIVATION)
        wdy = dz * w
    return xhat, wdy, dz, rstd, w


@triton.jit
def _coop_bwd_publish(WS, xhat, wdy, dz, w, DW, DB, row, row64, part, TAG, GROUP: tl.constexpr,
                      IS_RMS: tl.constexpr, SYNC: tl.constexpr, AFFINE: tl.constexpr,
                      PAIR_SUM: tl.constexpr, ROW_TAG: tl.constexpr, PW,
                      CH_SUM: tl.constexpr):
    """Publish this slice's sums for c1 (and c2) of `row`, then signal its counter. A
    GroupNorm row (AFFINE > 0) also stores the slice's sum(dz * xhat) and sum(dz) into
    DW, DB (M, GROUP): one channel's partials of dw, db (w is one value per slice); with
    CH_SUM it publishes them instead, tagged, as the words (M, GROUP, 2) at PW
    (_channel_sums reads them)."""
    ws = WS + (row64 * (GROUP + 1) + part) * 2
    TAG = _row_tag(TAG, row, ROW_TAG)
    if AFFINE == 0:
        if IS_RMS:
            _publish(ws, tl.sum(xhat * wdy, axis=0), TAG)
        else:
            s1, s2 = _sum2(xhat * wdy, wdy, 0, PAIR_SUM)
            _publish(ws, s1, TAG)
            _publish(ws + 1, s2, TAG)
    else:
        s1, s2 = _sum2(xhat * dz, dz, 0, PAIR_SUM)
        _publish(ws, w * s1, TAG)
        _publish(ws + 1, w * s2, TAG)
        if CH_SUM:
            _publish(PW + (row64 * GROUP + part) * 2, s1, TAG)
            _publish(PW + (row64 * GROUP + part) * 2 + 1, s2, TAG)
        else:
            tl.store(DW + row64 * GROUP + part, s1)
            tl.store(DB + row64 * GROUP + part, s2)
    _signal(WS + (row64 * (GROUP + 1) + GROUP) * 2, SYNC)


@triton.jit
def _coop_bwd_dx(xhat, wdy, rstd, p0, p1, inv_n, DX, IS_RMS: tl.constexpr, PAIR_SUM: tl.constexpr):
    """dx of a slice from the row's collected partial sums (p0 for c1, p1 for c2); inv_n
    is 1 / N, formed once by the program (a product a row, not a division)."""
    if IS_RMS:
        c1 = tl.sum(p0, axis=0) * inv_n
        dx = (wdy - xhat * c1) * rstd
    else:
        c1, c2 = _sum2(p0, p1, 0, PAIR_SUM)
        if DX.dtype.element_ty == tl.float32:
            dx = (wdy - (xhat * (c1 * inv_n) + c2 * inv_n)) * rstd
        else:  # 16-bit dx: two FMAs an element, not an FMA, a subtraction and a product
            dx = wdy * rstd - (xhat * (c1 * inv_n * rstd) + c2 * inv_n * rstd)
    return dx


@triton.jit
def _coop_bwd_finish(xhat, wdy, dyf, rstd, p0, p1, DH, DX, row64, stride_dhm, stride_dxm, cols,
                     mask, dw_acc, db_acc, inv_n, IS_RMS: tl.constexpr, PAIR_SUM: tl.constexpr,
                     HAS_DH: tl.constexpr, HAS_DW: tl.constexpr, HAS_BIAS: tl.constexpr,
                     AFFINE: tl.constexpr, EVEN: tl.constexpr, DX_EVICT: tl.constexpr = "",
                     DH_EVICT: tl.constexpr = ""):
    """Finish a row slice of the cooperative backward once its row's partials p0, p1 are
    in: store dx (plus dh), and return dw_acc, db_acc with the slice's terms added (AFFINE
    0; GroupNorm's rows path publishes its dw, db sums instead)."""
    dx = _coop_bwd_dx(xhat, wdy, rstd, p0, p1, inv_n, DX, IS_RMS, PAIR_SUM)
    if HAS_DH:
        dx += _slice_load(DH + row64 * stride_dhm + cols, mask, EVEN, DH_EVICT).to(tl.float32)
    if EVEN:
        tl.store(DX + row64 * stride_dxm + cols, dx.to(DX.dtype.element_ty),
                 eviction_policy=DX_EVICT)
    else:
        tl.store(DX + row64 * stride_dxm + cols, dx.to(DX.dtype.element_ty), mask=mask,
                 eviction_policy=DX_EVICT)
    if HAS_DW and AFFINE == 0:
        dw_acc += dyf * xhat
    if HAS_BIAS and AFFINE == 0:
        db_acc += dyf
    return dw_acc, db_acc


@triton.jit
def _affine(y, W, B, rows, cols, col0, mask, G, CG, S, HAS_WEIGHT: tl.constexpr,
            HAS_BIAS: tl.constexpr, AFFINE: tl.constexpr, ACTIVATION: tl.constexpr,
            WB_EVICT: tl.constexpr, EVEN: tl.constexpr = False):
    """act(y * w + b) for the elements (rows, cols) (broadcast together; mask: columns in
    the row). AFFINE says where w and b come from: 0, the column (LayerNorm, RMSNorm);
    otherwise a row is a GroupNorm group, row = n * G + g, col = c * S + s for channel
    g * CG + c (groupnorm.py's rows path), and w, b are one value per row or slice, never
    a gather per element: 1, CG = 1 (InstanceNorm); 2, the columns from col0 lie in one
    channel (a cooperative slice or loop chunk that S is a multiple of). EVEN: every
    column in the row (AFFINE 0: w and b loaded without a mask, _slice_load)."""
    if AFFINE == 0:
        if HAS_WEIGHT:
            y = y * _slice_load(W + cols, mask, EVEN, WB_EVICT).to(tl.float32)
        if HAS_BIAS:
            y = y + _slice_load(B + cols, mask, EVEN, WB_EVICT).to(tl.float32)
    else:
        # In range for every row, masked-off ones too: no load mask.
        idx = rows % G
        if AFFINE == 2:
            idx = idx * CG + col0 // S
        if HAS_WEIGHT:
            y = y * tl.load(W + idx).to(tl.float32)
        if HAS_BIAS:
            y = y + tl.load(B + idx).to(tl.float32)
    return _activation(y, ACTIVATION)


@triton.jit
def _tile_h(X, R, H, rows64, cols, mask, stride_xm, stride_rm, stride_hm,
            HAS_RESIDUAL: tl.constexpr, X_EVICT: tl.constexpr):
    """A tile-path forward tile of x in fp32, or of h = x + residual (stored, and
    normalized as stored) with HAS_RESIDUAL; X_EVICT: the loads' L1 eviction policy."""
    x = tl.load(X + rows64 * stride_xm + cols[None, :], mask=mask, other=0.0,
                eviction_policy=X_EVICT).to(tl.float32)
    if HAS_RESIDUAL:
        r = tl.load(R + rows64 * stride_rm + cols[None, :], mask=mask, other=0.0,
                    eviction_policy=X_EVICT).to(tl.float32)
        h = (x + r).to(H.dtype.element_ty)
        tl.store(H + rows64 * stride_hm + cols[None, :], h, mask=mask)
        x = h.to(tl.float32)
    return x


@triton.jit
def _centre(x, c, mask, EVEN: tl.constexpr):
    """x - c per row of a tile-path tile (c: [ROWS]), zero past the row unless EVEN."""
    if EVEN:
        xc = x - c[:, None]
    else:
        xc = tl.where(mask, x - c[:, None], 0.0)
    return xc


@triton.jit
def _tile_y(y, W, B, Y, rows, rows64, cols, mask, N, stride_ym, G, CG, S,
            HAS_WEIGHT: tl.constexpr, HAS_BIAS: tl.constexpr, AFFINE: tl.constexpr,
            ACTIVATION: tl.constexpr, WB_EVICT: tl.constexpr):
    """Store y * w + b (AFFINE 0), or _affine's act(y * w + b), of a tile-path forward
    tile (y: xhat); WB_EVICT: the w and b loads' L1 eviction policy."""
    if AFFINE == 0:
        col_mask = cols < N
        if HAS_WEIGHT:
            y = y * tl.load(W + cols, mask=col_mask, other=0.0,
                            eviction_policy=WB_EVICT).to(tl.float32)[None, :]
        if HAS_BIAS:
            y = y + tl.load(B + cols, mask=col_mask, other=0.0,
                            eviction_policy=WB_EVICT).to(tl.float32)[None, :]
    else:
        y = _affine(y, W, B, rows[:, None], cols[None, :], 0, mask, G, CG, S, HAS_WEIGHT,
                    HAS_BIAS, AFFINE, ACTIVATION, "")
    tl.store(Y + rows64 * stride_ym + cols[None, :], y.to(Y.dtype.element_ty), mask=mask)


@triton.jit
def _word_lo(w, FP16: tl.constexpr):
    """The fp32 values of int32 words' low 16-bit halves (bf16, or fp16 with FP16)."""
    if FP16:
        return w.to(tl.int16).to(tl.float16, bitcast=True).to(tl.float32)
    else:
        return (w << 16).to(tl.float32, bitcast=True)


@triton.jit
def _word_hi(w, FP16: tl.constexpr):
    """The fp32 values of int32 words' high halves."""
    if FP16:
        return (w >> 16).to(tl.int16).to(tl.float16, bitcast=True).to(tl.float32)
    else:
        return (w & -65536).to(tl.float32, bitcast=True)


@triton.jit
def _tile_words_rms(X, W, Y, RSTD, row, N, stride_xm, stride_ym, eps,
                    HAS_WEIGHT: tl.constexpr, STATS: tl.constexpr, BLOCK_N: tl.constexpr):
    """The tile path's 16-bit RMSNorm row (no residual, w per column; PACK16 on PATH 0),
    held as int32 words of two values: 32 words a thread at 32 warps for N = 65536,
    where 65536 fp32 values spill. Each use unpacks the words again (_word_lo /
    _word_hi); the words are made fresh after the reduction (an OR with an integer 0
    from rstd) so that the compiler does not keep the first unpacking's 64 fp32 values
    live over it (250-750 B spilled a thread, sm_90a). Where an address or a row stride
    does not allow 4-byte words, two passes over the row in chunks (correct, slower).
    v0.49 (tile_words_probe.py, GPU time, H100, % of copy): 95.4-96.0 bf16 / 96.8-98.0
    fp16 at 65536 against the cooperative path's 93.6-94.3 / 93.6-95.2; the LayerNorm
    forms and the residual add measured level or below (so they keep theirs)."""
    FP16: tl.constexpr = X.dtype.element_ty == tl.float16
    BLOCK_W: tl.constexpr = BLOCK_N // 2
    row64 = tl.cast(row, tl.int64)
    words = ((X.to(tl.int64, bitcast=True) | Y.to(tl.int64, bitcast=True)
              | W.to(tl.int64, bitcast=True)) % 4 == 0) & ((stride_xm | stride_ym) % 2 == 0)
    if words:
        cols = tl.arange(0, BLOCK_W)
        mask = cols < N // 2
        XW = X.to(tl.pointer_type(tl.int32)) + row64 * (stride_xm // 2)
        xw = tl.load(XW + cols, mask=mask, other=0, eviction_policy="evict_first")
        a = _word_lo(xw, FP16)
        b = _word_hi(xw, FP16)
        rstd = 1.0 / tl.sqrt(tl.sum(a * a + b * b, axis=0) / N + eps)
        xw = xw | (rstd * 0.0).to(tl.int32)  # (fresh: above)
        ya = _word_lo(xw, FP16) * rstd
        yb = _word_hi(xw, FP16) * rstd
        if HAS_WEIGHT:
            ww = tl.load(W.to(tl.pointer_type(tl.int32)) + cols, mask=mask, other=0,
                         eviction_policy="evict_last")
            ya *= _word_lo(ww, FP16)
            yb *= _word_hi(ww, FP16)
        ya = ya.to(Y.dtype.element_ty).to(tl.int16, bitcast=True).to(tl.int32) & 0xFFFF
        yb = yb.to(Y.dtype.element_ty).to(tl.int16, bitcast=True).to(tl.int32) << 16
        tl.store(Y.to(tl.pointer_type(tl.int32)) + row64 * (stride_ym // 2) + cols, ya | yb,
                 mask=mask, eviction_policy="evict_first")
    else:
        # Two passes over the row in chunks (x read twice; a whole row of 16-bit values
        # spilled). Names apart from the branch above: a name both assign keeps one type.
        CH: tl.constexpr = 4096 if BLOCK_N > 4096 else BLOCK_N
        c16 = tl.arange(0, CH)
        acc = tl.zeros([CH], dtype=tl.float32)
        for c0 in range(0, N, CH):
            x = tl.load(X + row64 * stride_xm + c0 + c16, mask=c0 + c16 < N,
                        other=0.0).to(tl.float32)
            acc += x * x
        rstd = 1.0 / tl.sqrt(tl.sum(acc, axis=0) / N + eps)
        for c0 in range(0, N, CH):
            m16 = c0 + c16 < N
            y = tl.load(X + row64 * stride_xm + c0 + c16, mask=m16, other=0.0).to(tl.float32)
            y *= rstd
            if HAS_WEIGHT:
                y *= tl.load(W + c0 + c16, mask=m16, other=0.0).to(tl.float32)
            tl.store(Y + row64 * stride_ym + c0 + c16, y.to(Y.dtype.element_ty), mask=m16)
    if STATS:
        tl.store(RSTD + row, rstd)


@triton.jit(do_not_specialize=["TAG"])
def _rownorm_fwd_kernel(
    X,  # *x, (M, N), row stride stride_xm, unit column stride
    R,  # *residual, (M, N), row stride stride_rm (read when HAS_RESIDUAL)
    W,  # *weight, (N,) contiguous (read when HAS_WEIGHT)
    B,  # *bias, (N,) contiguous (read when HAS_BIAS)
    Y,  # *y, (M, N), row stride stride_ym, x's dtype
    H,  # *h = x + residual, (M, N), row stride stride_hm (written when HAS_RESIDUAL)
    MEAN,  # *fp32 (M,): mean per row (written when STATS, unless IS_RMS)
    RSTD,  # *fp32 (M,): 1 / std (LayerNorm) or 1 / rms (RMSNorm) per row (when STATS)
    WS,  # *int64 (M, GROUP + 1, 2): tagged partial statistics per row slice, then the
         # row's counter (PATH 1; zeroed with SYNC 2, see launch.coop_workspace)
    M,  # rows
    N,  # elements per row
    stride_xm,  # row stride of X, in elements
    stride_rm,  # row stride of R
    stride_ym,  # row stride of Y
    stride_hm,  # row stride of H
    G,  # AFFINE > 0: groups per sample (row = n * G + g)
    CG,  # AFFINE > 0: channels per group
    S,  # AFFINE > 0: elements per channel (a row is CG channels of S)
    eps,  # added to the variance (or mean square) before the square root
    TAG,  # PATH 1: the tag (ROW_TAG: the base tag) of this launch's words in WS (_row_tag)
    IS_RMS: tl.constexpr,
    HAS_WEIGHT: tl.constexpr,
    HAS_BIAS: tl.constexpr,
    HAS_RESIDUAL: tl.constexpr,
    STATS: tl.constexpr,  # write MEAN / RSTD (False: inference, no one reads them)
    PATH: tl.constexpr,  # 0 tile, 1 cooperative, 2 loop (see the module docstring)
    ROWS: tl.constexpr,  # rows per program (PATH 0) or per step of a row group (PATH 1)
    GROUP: tl.constexpr,  # programs per row (PATH 1)
    GROUP_P2: tl.constexpr,  # GROUP rounded up to a power of two
    SPIN: tl.constexpr,  # PATH 1: length of the partials tile waited on (see _collect_rows)
    BLOCK_N: tl.constexpr,  # row tile (PATH 0: >= N, or the first of two), slice (PATH 1)
    #                         or chunk (PATH 2)
    BLOCK_N2: tl.constexpr,  # PATH 0: a second tile, columns BLOCK_N.. (0: none; _tile_blocks)
    SYNC: tl.constexpr,  # how PATH 1 waits for a row's partials (see _collect_rows)
    BACKOFF: tl.constexpr,  # PATH 1: nanoseconds slept between polls of the wait (_spin)
    AFFINE: tl.constexpr,  # w, b per column (0) or per GroupNorm channel (1, 2: _affine)
    ACTIVATION: tl.constexpr,  # applied to y (activation.py; 0 none)
    PAIR_SUM: tl.constexpr,  # PATH 1 LayerNorm: a slice's two sums, and the row merge's two,
    #                          in one reduction each (_sum2)
    X_EVICT: tl.constexpr,  # L1 eviction policy of the x / residual loads ("": none)
    WB_EVICT: tl.constexpr,  # L1 eviction policy of the w / b loads
    Y_EVICT: tl.constexpr,  # PATH 1: eviction policy of the y and h stores ("": none)
    ROW_TAG: tl.constexpr,  # PATH 1: tags TAG + row, not TAG (_row_tag)
    REPLAY: tl.constexpr,  # PATH 1: 0, or finish each step's rows this many steps after
    #                        loading them, from a second (L2) load (below)
    EVEN: tl.constexpr,  # no column past N in a tile (PATH 0) or slice (PATH 1): _even
    L2_AHEAD: tl.constexpr,  # PATH 1: prefetch into L2 the slices this many steps past the
    #                          next (0: none; _prefetch_l2)
    L2_HINT: tl.constexpr,  # PATH 1: those prefetches mark their lines evict_last (_l2_hint)
    ONE_PASS: tl.constexpr,  # PATH 0 LayerNorm: mean and variance from one pair of shifted
    #                          sums (one reduction), not two reductions (_tile_one_pass)
    SHIFT: tl.constexpr,  # PATH 0 LayerNorm, two reductions: the mean's sum shifted by the
    #                       row's first element (_tile_shift)
    PACK16: tl.constexpr,  # PATH 1 one-step pipeline, 16-bit: the held row carried as int32
    #                        words (_pack_words), not one 16-bit value (and register) each;
    #                        PATH 0: 16-bit RMSNorm's row held as words (_tile_words_rms)
    TICKET: tl.constexpr,  # take the tags from replay counts before WS, not TAG (_launch_tag;
    #                       launch.ticket_launch: launches captured in a CUDA graph); 2: and
    #                       ask the L2 for WS first (_prefetch_share; GPU)
):
    eps = tl.cast(eps, tl.float32)
    pid = tl.program_id(0)
    if PATH == 0 and PACK16:  # (fwd_config: 16-bit RMSNorm, no residual, ROWS 1, AFFINE 0)
        _tile_words_rms(X, W, Y, RSTD, pid, N, stride_xm, stride_ym, eps, HAS_WEIGHT, STATS,
                        BLOCK_N)
    elif PATH == 0:
        rows = pid * ROWS + tl.arange(0, ROWS)
        row_mask = rows < M
        rows64 = rows.to(tl.int64)[:, None]
        cols = tl.arange(0, BLOCK_N)
        col_mask = cols < N
        mask = row_mask[:, None] & col_mask[None, :]
        x = _tile_h(X, R, H, rows64, cols, mask, stride_xm, stride_rm, stride_hm, HAS_RESIDUAL,
                    X_EVICT)
        if BLOCK_N2 > 0:  # the row's second tile, columns from BLOCK_N (_tile_blocks)
            cols2 = BLOCK_N + tl.arange(0, BLOCK_N2)
            mask2 = row_mask[:, None] & (cols2 < N)[None, :]
            x2 = _tile_h(X, R, H, rows64, cols2, mask2, stride_xm, stride_rm, stride_hm,
                         HAS_RESIDUAL, X_EVICT)
        if IS_RMS:
            xc = x
            ss = tl.sum(xc * xc, axis=1)
            if BLOCK_N2 > 0:
                xc2 = x2
                ss += tl.sum(xc2 * xc2, axis=1)
        elif ONE_PASS:
            # Sums of d = x - k and d * d in one reduction, k the row's first element (any
            # value near the data; the cooperative forward's shift, _slice_shift): the
            # centered sum of squares is sum(d * d) - sum(d) ** 2 / N, and xhat is
            # d * rstd - dm * rstd (one FMA; x is not held past d).
            k = _slice_shift(X, R, H, rows, stride_xm, stride_rm, 0, M, HAS_RESIDUAL)
            d = _centre(x, k, mask, EVEN)
            s1, s2 = _sum2(d, d * d, 1, PAIR_SUM)
            if BLOCK_N2 > 0:
                d2 = _centre(x2, k, mask2, EVEN)
                t1, t2 = _sum2(d2, d2 * d2, 1, PAIR_SUM)
                s1 += t1
                s2 += t2
            dm = s1 / N
            mean = k + dm
            if STATS:
                tl.store(MEAN + rows, mean, mask=row_mask)
            ss = tl.maximum(s2 - s1 * dm, 0.0)
        else:
            # The mean, then the centred sum of squares. SHIFT: the mean from sums shifted
            # by the row's first element (_slice_shift), exact for a row of equal values
            # where a plain sum of them can round (_tile_shift); without it the sum of
            # equal values is exact and so is its quotient, divided correctly rounded
            # (div_rn: the GPU's `/` is approximate, 1000.0001 for 10^6 / 1000).
            if SHIFT:
                k = _slice_shift(X, R, H, rows, stride_xm, stride_rm, 0, M, HAS_RESIDUAL)
                s1 = tl.sum(_centre(x, k, mask, EVEN), axis=1)
                if BLOCK_N2 > 0:
                    s1 += tl.sum(_centre(x2, k, mask2, EVEN), axis=1)
                mean = k + s1 / N
            else:
                s1 = tl.sum(x, axis=1)
                if BLOCK_N2 > 0:
                    s1 += tl.sum(x2, axis=1)
                mean = tl.math.div_rn(s1, tl.cast(N, tl.float32))
            if STATS:
                tl.store(MEAN + rows, mean, mask=row_mask)
            xc = _centre(x, mean, mask, EVEN)
            ss = tl.sum(xc * xc, axis=1)
            if BLOCK_N2 > 0:
                xc2 = _centre(x2, mean, mask2, EVEN)
                ss += tl.sum(xc2 * xc2, axis=1)
        rstd = 1.0 / tl.sqrt(ss / N + eps)
        if STATS:
            tl.store(RSTD + rows, rstd, mask=row_mask)
        if ONE_PASS and not IS_RMS:
            c = (dm * rstd)[:, None]
            xh = d * rstd[:, None] - c
            if BLOCK_N2 > 0:
                xh2 = d2 * rstd[:, None] - c
        else:
            xh = xc * rstd[:, None]
            if BLOCK_N2 > 0:
                xh2 = xc2 * rstd[:, None]
        _tile_y(xh, W, B, Y, rows, rows64, cols, mask, N, stride_ym, G, CG, S, HAS_WEIGHT,
                HAS_BIAS, AFFINE, ACTIVATION, WB_EVICT)
        if BLOCK_N2 > 0:
            _tile_y(xh2, W, B, Y, rows, rows64, cols2, mask2, N, stride_ym, G, CG, S,
                    HAS_WEIGHT, HAS_BIAS, AFFINE, ACTIVATION, WB_EVICT)
    elif PATH == 1:
        TAG, TCOUNT = _launch_tag(WS, TAG, M if ROW_TAG else 1, TICKET)
        if TICKET == 2:
            _prefetch_share(WS, M * (GROUP + 1) * 2)
        # Row group `group` takes the ROWS consecutive rows from group * ROWS, then the
        # block num_groups * ROWS further on, and so on; one wait per step covers its rows.
        group = pid // GROUP
        part = pid % GROUP
        num_groups = tl.num_programs(0) // GROUP
        step = num_groups * ROWS
        first = group * ROWS
        # Row tiles are [ROWS, BLOCK_N]; every per-row value is a [ROWS, 1] column built
        # in that tile's layout (`ridx`). A column reduced from the small partials tile
        # came in another layout, and Triton 3.6 then converted the whole broadcast tile
        # through shared memory (4098 shared stores in the PTX and 189 registers instead
        # of 128 with ROWS = 1, bf16 LayerNorm, slice 8192, 8 warps; ptxas, sm_90a).
        ridx = tl.arange(0, ROWS)[:, None]
        cols = part * BLOCK_N + tl.arange(0, BLOCK_N)[None, :]
        mask = cols < N
        n_part = tl.minimum(N - part * BLOCK_N, BLOCK_N).to(tl.float32)
        k = tl.arange(0, SPIN)  # (row, part) of the collected partials (_collect_rows)
        k_row = k // GROUP_P2
        k_part = k % GROUP_P2
        n_parts = tl.where(k_part < GROUP, tl.minimum(N - k_part * BLOCK_N, BLOCK_N), 0)
        n_parts = n_parts.to(tl.float32)
        # w and b are re-read (from L1) at each use rather than held: registers decide how
        # many programs fit an SM (LayerNorm held them in 174 registers, one 8-warp
        # program per SM, 46% of copy bandwidth at N = 65536).
        if REPLAY > 0:
            # Replay from L2, as the backward's REPLAY: each step loads its rows' slices,
            # publishes their partials and lets the registers go, then loads again the
            # slices of the rows REPLAY steps back (L2 still has them; h as written) and
            # finishes those, whose partials every program published long ago.
            for row0 in range(first, M + REPLAY * step, step):
                if row0 < M:
                    rows = row0 + ridx
                    live = rows < M
                    rows64 = rows.to(tl.int64)
                    xb = _rows_load(X, rows64, stride_xm, cols, mask, M, EVEN, X_EVICT)
                    if HAS_RESIDUAL:
                        rb = _rows_load(R, rows64, stride_rm, cols, mask, M, EVEN, X_EVICT)
                        hb = (xb.to(tl.float32) + rb.to(tl.float32)).to(H.dtype.element_ty)
                        tl.store(H + rows64 * stride_hm + cols, hb,
                                 mask=_rows_mask(mask, live, EVEN))
                    else:
                        hb = xb
                    if not IS_RMS:
                        kb = _slice_shift(X, R, H, rows, stride_xm, stride_rm, part * BLOCK_N, M,
                                          HAS_RESIDUAL)
                    else:
                        kb = 0.0
                    if L2_AHEAD > 0:
                        _prefetch_rows(X, R, R, row0 + L2_AHEAD * step, stride_xm, stride_rm, 0,
                                       part * BLOCK_N, M, N, ROWS, BLOCK_N, HAS_RESIDUAL, False,
                                       L2_HINT)
                    _coop_fwd_publish(WS, hb, kb, rows, rows64, row0, live, mask, part, n_part,
                                      M, TAG, ROWS, GROUP, IS_RMS, SYNC, PAIR_SUM, ROW_TAG,
                                      EVEN)
                prev0 = row0 - REPLAY * step
                if prev0 >= first:
                    prev = prev0 + ridx
                    prev64 = prev.to(tl.int64)
                    # This program's own h: its stores are visible to its later loads
                    # (many barriers between them).
                    if HAS_RESIDUAL:
                        ha = _rows_load(H, prev64, stride_hm, cols, mask, M, EVEN, "evict_first")
                    else:
                        ha = _rows_load(X, prev64, stride_xm, cols, mask, M, EVEN, "evict_first")
                    p0, p1 = _collect_rows(WS, prev0, M, TAG, ROWS, 1 if IS_RMS else 2, GROUP,
                                           GROUP_P2, SPIN, SYNC, BACKOFF, ROW_TAG)
                    # LayerNorm's own slice means: this part's published first partials.
                    own = tl.zeros([ROWS, 1], dtype=tl.float32)
                    if not IS_RMS:
                        for i in tl.static_range(ROWS):
                            own = tl.where(ridx == i, tl.sum(tl.where(
                                (k_row == i) & (k_part == part), p0, 0.0), axis=0), own)
                    mean, rstd, scale = _coop_fwd_stats(p0, p1, own, ridx, k_row, n_parts, N,
                                                        eps, ROWS, IS_RMS, PAIR_SUM)
                    if STATS:
                        if part == 0:
                            if not IS_RMS:
                                tl.store(MEAN + prev, mean, mask=prev < M)
                            tl.store(RSTD + prev, rstd, mask=prev < M)
                    y = _affine(_centred(ha, mean, scale, Y), W, B, prev, cols,
                                part * BLOCK_N, mask, G, CG, S, HAS_WEIGHT, HAS_BIAS, AFFINE,
                                ACTIVATION, WB_EVICT, EVEN)
                    tl.store(Y + prev64 * stride_ym + cols, y.to(Y.dtype.element_ty),
                             mask=_rows_mask(mask, prev < M, EVEN))
        else:
            # Software pipeline one step deep: each step publishes the partials of the rows it
            # loaded a step earlier and issues the loads of the next, and only then waits for
            # the previous rows' partials, which the other programs published a step ago.
            rows = first + ridx
            xb = _rows_load(X, rows, stride_xm, cols, mask, M, EVEN, X_EVICT)
            if HAS_RESIDUAL:
                rb = _rows_load(R, rows, stride_rm, cols, mask, M, EVEN, X_EVICT)
            if not IS_RMS:
                kb = _slice_shift(X, R, H, rows, stride_xm, stride_rm, part * BLOCK_N, M,
                                  HAS_RESIDUAL)
            else:
                kb = 0.0  # RMSNorm's sums take no shift
            # Distinct initial value: with `ha = xb` triton 3.6 merged the two loop-carried
            # values into one and normalized the wrong row (seen on the H100).
            PACK: tl.constexpr = PACK16 and xb.dtype.primitive_bitwidth == 16
            if PACK:
                ha = tl.zeros([ROWS * BLOCK_N // 2], dtype=tl.int32)
            else:
                ha = tl.zeros([ROWS, BLOCK_N], dtype=xb.dtype)
            own_a = tl.zeros([ROWS, 1], dtype=tl.float32)  # LayerNorm: ha's slice means
            for row0 in range(first, M + step, step):
                rows = row0 + ridx
                live = rows < M
                rows64 = rows.to(tl.int64)
                if HAS_RESIDUAL:
                    hb = (xb.to(tl.float32) + rb.to(tl.float32)).to(H.dtype.element_ty)
                    tl.store(H + rows64 * stride_hm + cols, hb, mask=_rows_mask(mask, live, EVEN),
                             eviction_policy=Y_EVICT)
                else:
                    hb = xb
                own_b = tl.zeros([ROWS, 1], dtype=tl.float32)
                if row0 < M:
                    own_b = _coop_fwd_publish(WS, hb, kb, rows, rows64, row0, live, mask, part,
                                              n_part, M, TAG, ROWS, GROUP, IS_RMS, SYNC, PAIR_SUM,
                                              ROW_TAG, EVEN)
                nxt = rows64 + step
                xb = _rows_load(X, nxt, stride_xm, cols, mask, M, EVEN, X_EVICT)
                if HAS_RESIDUAL:
                    rb = _rows_load(R, nxt, stride_rm, cols, mask, M, EVEN, X_EVICT)
                if not IS_RMS:
                    kb = _slice_shift(X, R, H, nxt, stride_xm, stride_rm, part * BLOCK_N, M,
                                      HAS_RESIDUAL)
                if L2_AHEAD > 0:
                    _prefetch_rows(X, R, R, row0 + (1 + L2_AHEAD) * step, stride_xm, stride_rm, 0,
                                   part * BLOCK_N, M, N, ROWS, BLOCK_N, HAS_RESIDUAL, False,
                                   L2_HINT)
                prev0 = row0 - step
                if prev0 >= first:
                    prev = prev0 + ridx
                    p0, p1 = _collect_rows(WS, prev0, M, TAG, ROWS, 1 if IS_RMS else 2, GROUP, GROUP_P2,
                                           SPIN, SYNC, BACKOFF, ROW_TAG)
                    mean, rstd, scale = _coop_fwd_stats(p0, p1, own_a, ridx, k_row, n_parts, N,
                                                        eps, ROWS, IS_RMS, PAIR_SUM)
                    if STATS:
                        if part == 0:
                            if not IS_RMS:
                                tl.store(MEAN + prev, mean, mask=prev < M)
                            tl.store(RSTD + prev, rstd, mask=prev < M)
                    if PACK:
                        hu = tl.reshape(_unpack_words(ha, hb.dtype), [ROWS, BLOCK_N])
                    else:
                        hu = ha
                    y = _affine(_centred(hu, mean, scale, Y), W, B, prev, cols, part * BLOCK_N,
                                mask, G, CG, S, HAS_WEIGHT, HAS_BIAS, AFFINE, ACTIVATION, WB_EVICT,
                                EVEN)
                    tl.store(Y + prev.to(tl.int64) * stride_ym + cols, y.to(Y.dtype.element_ty),
                             mask=_rows_mask(mask, prev < M, EVEN), eviction_policy=Y_EVICT)
                if PACK:
                    ha = _pack_words(hb)
                else:
                    ha = hb
                own_a = own_b
        _launch_done(WS, TCOUNT, TICKET)
    else:
        row = pid.to(tl.int64)
        lanes = tl.arange(0, BLOCK_N)
        n_chunks = tl.cdiv(N, BLOCK_N)
        # Pass 1: statistics. Per-lane Welford for LayerNorm (stable when |mean| >> std)
        # on x shifted by the row's first element (_slice_shift: exact for a row of equal
        # values), a plain sum of squares for RMSNorm.
        if not IS_RMS:
            shift = _slice_shift(X, R, H, row, stride_xm, stride_rm, 0, M, HAS_RESIDUAL)
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
                x -= shift
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
            dm = tl.sum(cnt * mu, axis=0) / N
            dev = mu - dm
            rstd = 1.0 / tl.sqrt(tl.sum(m2 + cnt * dev * dev, axis=0) / N + eps)
            mean = shift + dm
            if STATS:
                tl.store(MEAN + row, mean)
        if STATS:
            tl.store(RSTD + row, rstd)
        # Pass 2: normalize. With a residual, read back the h this program just stored.
        for k in range(0, n_chunks):
            cols = k * BLOCK_N + lanes
            mask = cols < N
            if HAS_RESIDUAL:
                x = tl.load(H + row * stride_hm + cols, mask=mask, other=0.0).to(tl.float32)
            else:
                x = tl.load(X + row * stride_xm + cols, mask=mask, other=0.0).to(tl.float32)
            y = _affine((x - mean) * rstd, W, B, row, cols, k * BLOCK_N, mask, G, CG, S,
                        HAS_WEIGHT, HAS_BIAS, AFFINE, ACTIVATION, "")
            tl.store(Y + row * stride_ym + cols, y.to(Y.dtype.element_ty), mask=mask)


@triton.jit(do_not_specialize=["TAG"])
def _rownorm_bwd_kernel(
    X,  # *normalized input (x, or h on the residual path), (M, N), row stride stride_xm
    W,  # *weight (N,) contiguous (read when HAS_WEIGHT)
    B,  # *bias of a GroupNorm row (AFFINE > 0), read when HAS_B and ACTIVATION
    DY,  # *dL/dy, (M, N), row stride stride_dym (0 allowed: a broadcast gradient)
    DH,  # *dL/dh, (M, N), row stride stride_dhm (read when HAS_DH)
    MEAN,  # *fp32 (M,) saved mean (read unless IS_RMS)
    RSTD,  # *fp32 (M,) saved rstd
    DX,  # *dL/dx, (M, N), row stride stride_dxm
    DW,  # *fp32 (programs, N) partial dL/dw per program (written when HAS_DW); with
         # AFFINE > 0, (M, GROUP): sum(dz * xhat) per row slice (always written)
    DB,  # *fp32 (programs, N) partial dL/db per program (written when HAS_BIAS); with
         # AFFINE > 0, (M, GROUP): sum(dz) per row slice
    C,  # *fp32 (M, 2) scratch for c1, c2 per row (PATH 2)
    WS,  # *int64 (M, GROUP + 1, 2): tagged partial sums for c1, c2, then the row's
         # counter (PATH 1; zeroed with SYNC 2, see launch.coop_workspace); with FINAL_SUM
         # 1 one more word per program (_last_sums), with 2 / 3 the (M, GROUP, 2) tagged
         # slice sums (_channel_sums)
    DWO,  # *(C,) dw in the weight's dtype (FINAL_SUM)
    DBO,  # *(C,) db in the bias's dtype (FINAL_SUM)
    M,  # rows
    N,  # elements per row
    stride_xm,  # row stride of X
    stride_dym,  # row stride of DY
    stride_dhm,  # row stride of DH
    stride_dxm,  # row stride of DX
    rows_per_program,  # PATH 0/2: this program owns rows [pid * rows_per_program, +rows_per_program)
    G,  # AFFINE > 0: groups per sample (as the forward's)
    CG,  # AFFINE > 0: channels per group
    S,  # AFFINE > 0: elements per channel
    TAG,  # PATH 1: the tag (ROW_TAG: the base tag) of this launch's words in WS (_row_tag)
    IS_RMS: tl.constexpr,
    HAS_WEIGHT: tl.constexpr,
    HAS_DW: tl.constexpr,  # compute dw (needs HAS_WEIGHT)
    HAS_BIAS: tl.constexpr,  # compute db
    HAS_DH: tl.constexpr,
    PATH: tl.constexpr,  # 0 tile, 1 cooperative, 2 loop (see the module docstring)
    ROWS: tl.constexpr,  # rows per step (PATH 0); divides rows_per_program
    GROUP: tl.constexpr,  # programs per row (PATH 1)
    GROUP_P2: tl.constexpr,  # GROUP rounded up to a power of two
    SPIN: tl.constexpr,  # PATH 1: length of the partials tile waited on (see _collect_rows)
    BLOCK_N: tl.constexpr,
    BLOCK_N2: tl.constexpr,  # PATH 0: a second tile, columns BLOCK_N.. (0: none; _tile_blocks)
    SYNC: tl.constexpr,  # how PATH 1 waits for a row's partials (see _collect_rows)
    BACKOFF: tl.constexpr,  # PATH 1: nanoseconds slept between polls of the wait (_spin)
    PREFETCH: tl.constexpr,  # PATH 1: the next row's loads in flight during the wait
    AFFINE: tl.constexpr,  # PATH 1: w per column (0) or per GroupNorm channel (_affine)
    ACTIVATION: tl.constexpr,  # AFFINE > 0: the forward's activation (activation.py)
    HAS_B: tl.constexpr,  # AFFINE > 0: a bias (for the activation's input)
    PAIR_SUM: tl.constexpr,  # PATH 1 LayerNorm and GroupNorm rows: a slice's two sums, and
    #                          the row's two totals, in one reduction each (_sum2)
    KEEP_DZ: tl.constexpr,  # PATH 1 with PREFETCH and ACTIVATION: hold dz, not dy (below)
    FINAL_SUM: tl.constexpr,  # PATH 1: 0, or the launch sums dw, db into DWO, DBO: 1 (AFFINE
    #                           0: _fold_slice; AFFINE > 0: the last program, _last_sums),
    #                           AFFINE > 0: 2 (each channel's last slice's program in the
    #                           last sample, _channel_sums) or 3 (as 2, all by the last
    #                           program: programs run one after another)
    SUM_P: tl.constexpr,  # FINAL_SUM: _sum_columns' tile (partial blocks, columns, slices)
    SUM_N: tl.constexpr,  # (FINAL_SUM 2 / 3: _channel_sums' RT = SUM_P, PT = SUM_N)
    SUM_K: tl.constexpr,
    SUMMERS: tl.constexpr,  # FINAL_SUM, AFFINE 0: most row groups that sum a slice (_fold_slice)
    FOLD_SLEEP: tl.constexpr,  # FINAL_SUM, AFFINE 0: nanoseconds between polls (_poll_tags)
    ROW_TAG: tl.constexpr,  # PATH 1: tags TAG + row, not TAG (_row_tag)
    REPLAY: tl.constexpr,  # PATH 1: 0, or finish each row this many steps after loading it,
    #                        from a second (L2) load (below; over PREFETCH)
    EVEN: tl.constexpr,  # PATH 1: no column of a slice past N (_even; the tile path's
    #                      select stays: without it the fp32 tile lost 1.3 points, v0.18)
    L2_AHEAD: tl.constexpr,  # PATH 1 with REPLAY or PREFETCH: prefetch into L2 the slices
    #                          this many rows past the next (0: none; _prefetch_l2)
    DX_EVICT: tl.constexpr,  # PATH 0, 1: eviction policy of the dx stores ("": none)
    LOAD_EVICT: tl.constexpr,  # PATH 1 REPLAY or PREFETCH: eviction policy of a row's
    #                            (first) x / dy loads ("": none; REPLAY's second load is
    #                            evict_first)
    DH_EVICT: tl.constexpr,  # PATH 1: eviction policy of the dh loads ("": none)
    HOLD_W: tl.constexpr,  # PATH 1, AFFINE 0: the slice's w held in registers (fp32)
    DH_L2: tl.constexpr,  # HAS_DH, PATH 0 or PATH 1 with REPLAY or PREFETCH: dh asked of the
    #                      L2 a step before it is read (_prefetch_l2)
    STATS_AHEAD: tl.constexpr,  # PATH 1: a row's mean and rstd loaded a step before its terms
    #                             (PREFETCH) or before the wait (REPLAY), not at them
    LATE_TERMS: tl.constexpr,  # PATH 1 PREFETCH: the held row's xhat, w * dy and dy formed
    #                            after the wait for its partials, not before
    DH_EARLY: tl.constexpr,  # PATH 0 with HAS_DH: the step's dh loaded at its start (in
    #                          flight over the two reductions), not after them (_dh_early)
    PACK16: tl.constexpr,  # PATH 1 PREFETCH, 16-bit x and dy, not KEEP_DZ: the held row
    #                        carried as int32 words, two values each (_pack_words), not one
    #                        16-bit value (and register) each
    TICKET: tl.constexpr,  # take the tags from replay counts before WS, not TAG (_launch_tag;
    #                       launch.ticket_launch: launches captured in a CUDA graph)
):
    pid = tl.program_id(0)
    row_start = pid * rows_per_program
    if PATH == 0:
        cols = tl.arange(0, BLOCK_N)
        col_mask = cols < N
        if HAS_WEIGHT:
            w = tl.load(W + cols, mask=col_mask, other=0.0).to(tl.float32)[None, :]
        dw_acc = tl.zeros([ROWS, BLOCK_N], dtype=tl.float32)
        db_acc = tl.zeros([ROWS, BLOCK_N], dtype=tl.float32)
        if BLOCK_N2 > 0:  # the row's second tile, columns from BLOCK_N (_tile_blocks)
            cols2 = BLOCK_N + tl.arange(0, BLOCK_N2)
            col_mask2 = cols2 < N
            if HAS_WEIGHT:
                w2 = tl.load(W + cols2, mask=col_mask2, other=0.0).to(tl.float32)[None, :]
            dw_acc2 = tl.zeros([ROWS, BLOCK_N2], dtype=tl.float32)
            db_acc2 = tl.zeros([ROWS, BLOCK_N2], dtype=tl.float32)
        # Loads run one step ahead: the next rows' x and dy are in flight while this
        # step's two reductions wait on their barriers. (Their mean and rstd loaded a step
        # ahead too lost at 256-4096: v0.26 call 6, fp32 LayerNorm 256 92.6 -> 74.2.)
        rows = row_start + tl.arange(0, ROWS)
        rows64 = rows.to(tl.int64)[:, None]
        mask = (rows < M)[:, None] & col_mask[None, :]
        xn = tl.load(X + rows64 * stride_xm + cols[None, :], mask=mask, other=0.0)
        dyn = tl.load(DY + rows64 * stride_dym + cols[None, :], mask=mask, other=0.0)
        if BLOCK_N2 > 0:
            mask2 = (rows < M)[:, None] & col_mask2[None, :]
            xn2 = tl.load(X + rows64 * stride_xm + cols2[None, :], mask=mask2, other=0.0)
            dyn2 = tl.load(DY + rows64 * stride_dym + cols2[None, :], mask=mask2, other=0.0)
        for r0 in range(0, rows_per_program, ROWS):
            if DH_L2 and HAS_DH:
                # The next step's dh into L2: x and dy are loaded a step ahead into
                # registers, dh (read once, at the end of a step) is not.
                nxt = row_start + r0 + ROWS
                end = tl.minimum(M, row_start + rows_per_program)
                _prefetch_rows(DH, DH, DH, nxt, stride_dhm, 0, 0, 0, end, N, ROWS, BLOCK_N,
                               False, False)
                if BLOCK_N2 > 0:
                    _prefetch_rows(DH, DH, DH, nxt, stride_dhm, 0, 0, BLOCK_N, end, N, ROWS,
                                   BLOCK_N2, False, False)
            rows = row_start + r0 + tl.arange(0, ROWS)
            row_mask = rows < M
            rows64 = rows.to(tl.int64)[:, None]
            mask = row_mask[:, None] & col_mask[None, :]
            if DH_EARLY and HAS_DH:
                dhv = tl.load(DH + rows64 * stride_dhm + cols[None, :], mask=mask, other=0.0)
                if BLOCK_N2 > 0:
                    dhv2 = tl.load(DH + rows64 * stride_dhm + cols2[None, :],
                                   mask=row_mask[:, None] & col_mask2[None, :], other=0.0)
            x = xn.to(tl.float32)
            dy = dyn.to(tl.float32)
            nrows64 = rows64 + ROWS
            nrow_mask = ((rows + ROWS < M) & (r0 + ROWS < rows_per_program))[:, None]
            nmask = nrow_mask & col_mask[None, :]
            xn = tl.load(X + nrows64 * stride_xm + cols[None, :], mask=nmask, other=0.0)
            dyn = tl.load(DY + nrows64 * stride_dym + cols[None, :], mask=nmask, other=0.0)
            if BLOCK_N2 > 0:
                mask2 = row_mask[:, None] & col_mask2[None, :]
                x2 = xn2.to(tl.float32)
                dy2 = dyn2.to(tl.float32)
                nmask2 = nrow_mask & col_mask2[None, :]
                xn2 = tl.load(X + nrows64 * stride_xm + cols2[None, :], mask=nmask2, other=0.0)
                dyn2 = tl.load(DY + nrows64 * stride_dym + cols2[None, :], mask=nmask2,
                               other=0.0)
            rstd = tl.load(RSTD + rows, mask=row_mask, other=0.0)[:, None]
            if IS_RMS:
                xhat = x * rstd
                if BLOCK_N2 > 0:
                    xhat2 = x2 * rstd
            else:
                mean = tl.load(MEAN + rows, mask=row_mask, other=0.0)[:, None]
                xhat = tl.where(mask, (x - mean) * rstd, 0.0)
                if BLOCK_N2 > 0:
                    xhat2 = tl.where(mask2, (x2 - mean) * rstd, 0.0)
            if HAS_WEIGHT:
                wdy = dy * w
            else:
                wdy = dy
            s1 = tl.sum(xhat * wdy, axis=1)[:, None]
            if not IS_RMS:
                s2 = tl.sum(wdy, axis=1)[:, None]
            if BLOCK_N2 > 0:
                if HAS_WEIGHT:
                    wdy2 = dy2 * w2
                else:
                    wdy2 = dy2
                s1 += tl.sum(xhat2 * wdy2, axis=1)[:, None]
                if not IS_RMS:
                    s2 += tl.sum(wdy2, axis=1)[:, None]
            c1 = s1 / N
            if IS_RMS:
                dx = (wdy - xhat * c1) * rstd
            else:
                c2 = s2 / N
                dx = (wdy - (xhat * c1 + c2)) * rstd
            if HAS_DH:
                if DH_EARLY:
                    dx += dhv.to(tl.float32)
                else:
                    dx += tl.load(DH + rows64 * stride_dhm + cols[None, :], mask=mask,
                                  other=0.0).to(tl.float32)
            tl.store(DX + rows64 * stride_dxm + cols[None, :], dx.to(DX.dtype.element_ty), mask=mask,
                     eviction_policy=DX_EVICT)
            if HAS_DW:
                dw_acc += dy * xhat
            if HAS_BIAS:
                db_acc += dy
            if BLOCK_N2 > 0:
                if IS_RMS:
                    dx2 = (wdy2 - xhat2 * c1) * rstd
                else:
                    dx2 = (wdy2 - (xhat2 * c1 + c2)) * rstd
                if HAS_DH:
                    if DH_EARLY:
                        dx2 += dhv2.to(tl.float32)
                    else:
                        dx2 += tl.load(DH + rows64 * stride_dhm + cols2[None, :], mask=mask2,
                                       other=0.0).to(tl.float32)
                tl.store(DX + rows64 * stride_dxm + cols2[None, :], dx2.to(DX.dtype.element_ty),
                         mask=mask2, eviction_policy=DX_EVICT)
                if HAS_DW:
                    dw_acc2 += dy2 * xhat2
                if HAS_BIAS:
                    db_acc2 += dy2
        if HAS_DW:
            tl.store(DW + pid.to(tl.int64) * N + cols, tl.sum(dw_acc, axis=0), mask=col_mask)
        if HAS_BIAS:
            tl.store(DB + pid.to(tl.int64) * N + cols, tl.sum(db_acc, axis=0), mask=col_mask)
        if BLOCK_N2 > 0:
            if HAS_DW:
                tl.store(DW + pid.to(tl.int64) * N + cols2, tl.sum(dw_acc2, axis=0),
                         mask=col_mask2)
            if HAS_BIAS:
                tl.store(DB + pid.to(tl.int64) * N + cols2, tl.sum(db_acc2, axis=0),
                         mask=col_mask2)
    elif PATH == 1:
        TAG, TCOUNT = _launch_tag(WS, TAG, M if ROW_TAG else 1, TICKET)
        # (No _prefetch_share here, as the forward has: level in GPU time, v0.49 call 1.)
        # Rows group, group + num_groups, ...; this program's dw/db slice stays in
        # registers over all of them and is written once, as partial row `group`.
        group = pid // GROUP
        part = pid % GROUP
        num_groups = tl.num_programs(0) // GROUP
        # GroupNorm rows with FINAL_SUM 2 / 3: the dw, db slice sums as tagged words
        # (M, GROUP, 2) after the rows' words (_channel_sums).
        PW = WS + tl.cast(M, tl.int64) * (GROUP + 1) * 2
        col0 = part * BLOCK_N
        cols = col0 + tl.arange(0, BLOCK_N)
        mask = cols < N
        # w is re-read (from L1) at each use rather than held, as in the forward, unless
        # HOLD_W: then it is loaded once, in fp32.
        if HOLD_W and HAS_WEIGHT and AFFINE == 0:
            wh = _slice_load(W + cols, mask, EVEN, "").to(tl.float32)
        else:
            wh = 0.0
        inv_n = 1.0 / N
        dw_acc = tl.zeros([BLOCK_N], dtype=tl.float32)
        db_acc = tl.zeros([BLOCK_N], dtype=tl.float32)
        g64 = group.to(tl.int64)
        if REPLAY == 0:
            xb = tl.load(X + g64 * stride_xm + cols, mask=mask & (group < M), other=0.0)
            dyb = tl.load(DY + g64 * stride_dym + cols, mask=mask & (group < M), other=0.0)
        if REPLAY > 0:
            # Replay from L2, REPLAY rows deep: each step loads a row's slice, publishes
            # its sums and lets the registers go; then it loads again the slice of the row
            # REPLAY steps back (still in L2: the whole GPU has loaded REPLAY rows since)
            # and finishes it, whose partials the other programs published long ago. Where
            # a row spans the GPU (N = 1M: one row group) the wait is otherwise exposed
            # every row (v0.17 call 2: without any wait, fp32 LayerNorm at 1M ran 86%
            # against 62%).
            for row in range(group, M + REPLAY * num_groups, num_groups):
                row64 = tl.cast(row, tl.int64)
                if L2_AHEAD > 0:
                    _prefetch_rows(X, DY, DH, row + L2_AHEAD * num_groups, stride_xm, stride_dym,
                                   stride_dhm, col0, M, N, 1, BLOCK_N, True, HAS_DH)
                if DH_L2 and HAS_DH:  # the row finished next step (below)
                    _prefetch_l2(DH, row - (REPLAY - 1) * num_groups, stride_dhm, col0, M, N,
                                 BLOCK_N, False)
                if row < M:
                    xb = _slice_load(X + row64 * stride_xm + cols, mask, EVEN, LOAD_EVICT)
                    dyb = _slice_load(DY + row64 * stride_dym + cols, mask, EVEN, LOAD_EVICT)
                    mean, rstd = _row_stats(MEAN, RSTD, row, M, IS_RMS, False)
                    xhat, wdy, dz, _, w = _coop_bwd_terms(
                        xb, dyb, X, W, B, mean, rstd, row, cols, col0, mask, G, CG, S, wh,
                        IS_RMS, HAS_WEIGHT, HAS_B, not EVEN, AFFINE, ACTIVATION, False,
                        HOLD_W, EVEN)
                    _coop_bwd_publish(WS, xhat, wdy, dz, w, DW, DB, row, row64, part, TAG, GROUP,
                                      IS_RMS, SYNC, AFFINE, PAIR_SUM, ROW_TAG, PW,
                                      FINAL_SUM >= 2)
                prev = row - REPLAY * num_groups
                if prev >= group:
                    prev64 = tl.cast(prev, tl.int64)
                    xa = _slice_load(X + prev64 * stride_xm + cols, mask, EVEN, "evict_first")
                    dya = _slice_load(DY + prev64 * stride_dym + cols, mask, EVEN, "evict_first")
                    if STATS_AHEAD:  # loaded before the wait
                        mean, rstd = _row_stats(MEAN, RSTD, prev, M, IS_RMS, False)
                    p0, p1 = _collect_rows(WS, prev, M, TAG, 1, 1 if IS_RMS else 2, GROUP, GROUP_P2,
                                           SPIN, SYNC, BACKOFF, ROW_TAG)
                    if not STATS_AHEAD:
                        mean, rstd = _row_stats(MEAN, RSTD, prev, M, IS_RMS, False)
                    xhat, wdy, dyf, rstd, _ = _coop_bwd_terms(
                        xa, dya, X, W, B, mean, rstd, prev, cols, col0, mask, G, CG, S, wh,
                        IS_RMS, HAS_WEIGHT, HAS_B, False, AFFINE, ACTIVATION, False,
                        HOLD_W, EVEN)
                    dw_acc, db_acc = _coop_bwd_finish(
                        xhat, wdy, dyf, rstd, p0, p1, DH, DX, prev64, stride_dhm, stride_dxm, cols,
                        mask, dw_acc, db_acc, inv_n, IS_RMS, PAIR_SUM, HAS_DH, HAS_DW, HAS_BIAS, AFFINE,
                        EVEN, DX_EVICT, DH_EVICT)
        elif PREFETCH:
            # Software pipeline one row deep, as in the forward: three rows live (the one
            # waiting for its partials, the one just published, the next one loading).
            # KEEP_DZ (a fused activation): the held row keeps dz = dy * act'(z), rounded
            # to dy's dtype (as torch's silu backward hands it to its norm's backward), in
            # place of dy, so act' is computed once per element, not again after the wait.
            # STATS_AHEAD: a row's mean and rstd are loaded with its x and dy, a step
            # before its terms need them (_b: the row loaded, _a: the row held for its
            # finish), not at the terms (a DRAM round trip before the publish).
            PACK: tl.constexpr = PACK16 and xb.dtype.primitive_bitwidth == 16 and not KEEP_DZ
            if PACK:
                xa = tl.zeros([BLOCK_N // 2], dtype=tl.int32)
                dya = tl.zeros([BLOCK_N // 2], dtype=tl.int32)
            else:
                xa = tl.zeros([BLOCK_N], dtype=xb.dtype)  # not `= xb`: see the forward
                dya = tl.zeros([BLOCK_N], dtype=dyb.dtype)
            if STATS_AHEAD:
                mean_b, rstd_b = _row_stats(MEAN, RSTD, group, M, IS_RMS, True)
                # Distinct initial values (unused before the first finish): with `mean_a =
                # mean_b` triton 3.6 merged the loop-carried values, and every finish took
                # the group's first row's statistics (v0.26 call 5; as the forward's `ha`).
                mean_a = mean_b * 0.0
                rstd_a = rstd_b * 0.0
            for row in range(group, M + num_groups, num_groups):
                row64 = tl.cast(row, tl.int64)
                if KEEP_DZ:
                    dzn = tl.zeros([BLOCK_N], dtype=dyb.dtype)
                if row < M:
                    if not STATS_AHEAD:
                        mean_b, rstd_b = _row_stats(MEAN, RSTD, row, M, IS_RMS, False)
                    xhat, wdy, dz, _, w = _coop_bwd_terms(
                        xb, dyb, X, W, B, mean_b, rstd_b, row, cols, col0, mask, G, CG, S, wh,
                        IS_RMS, HAS_WEIGHT, HAS_B, not EVEN, AFFINE, ACTIVATION, False,
                        HOLD_W, EVEN)
                    _coop_bwd_publish(WS, xhat, wdy, dz, w, DW, DB, row, row64, part, TAG, GROUP,
                                      IS_RMS, SYNC, AFFINE, PAIR_SUM, ROW_TAG, PW,
                                      FINAL_SUM >= 2)
                    if KEEP_DZ:
                        dzn = dz.to(dyb.dtype)
                xn = xb
                if KEEP_DZ:
                    dyn = dzn
                else:
                    dyn = dyb
                if PACK:
                    xn = _pack_words(xn)
                    dyn = _pack_words(dyn)
                nxt = row64 + num_groups
                if STATS_AHEAD:
                    mean_n = mean_b
                    rstd_n = rstd_b
                xb = _rows_load(X, nxt, stride_xm, cols, mask, M, EVEN, LOAD_EVICT)
                dyb = _rows_load(DY, nxt, stride_dym, cols, mask, M, EVEN, LOAD_EVICT)
                if STATS_AHEAD:
                    mean_b, rstd_b = _row_stats(MEAN, RSTD, nxt, M, IS_RMS, True)
                if DH_L2 and HAS_DH:  # read when this row is finished, next step
                    _prefetch_l2(DH, row, stride_dhm, col0, M, N, BLOCK_N, False)
                if L2_AHEAD > 0:
                    _prefetch_rows(X, DY, DH, row + (1 + L2_AHEAD) * num_groups, stride_xm,
                                   stride_dym, stride_dhm, col0, M, N, 1, BLOCK_N, True, HAS_DH)
                prev = row - num_groups
                if prev >= group:
                    prev64 = tl.cast(prev, tl.int64)
                    if not STATS_AHEAD:
                        mean_a, rstd_a = _row_stats(MEAN, RSTD, prev, M, IS_RMS, False)
                    if PACK:
                        xu = _unpack_words(xa, X.dtype.element_ty)
                        dyu = _unpack_words(dya, dyb.dtype)
                    else:
                        xu = xa
                        dyu = dya
                    if not LATE_TERMS:
                        xhat, wdy, dyf, rstd, _ = _coop_bwd_terms(
                            xu, dyu, X, W, B, mean_a, rstd_a, prev, cols, col0, mask, G, CG, S,
                            wh, IS_RMS, HAS_WEIGHT, HAS_B, not EVEN, AFFINE, ACTIVATION,
                            KEEP_DZ, HOLD_W, EVEN)
                    p0, p1 = _collect_rows(WS, prev, M, TAG, 1, 1 if IS_RMS else 2, GROUP, GROUP_P2,
                                           SPIN, SYNC, BACKOFF, ROW_TAG)
                    if LATE_TERMS:  # the held row stays raw (x, dy in their dtype) over the wait
                        xhat, wdy, dyf, rstd, _ = _coop_bwd_terms(
                            xu, dyu, X, W, B, mean_a, rstd_a, prev, cols, col0, mask, G, CG, S,
                            wh, IS_RMS, HAS_WEIGHT, HAS_B, not EVEN, AFFINE, ACTIVATION,
                            KEEP_DZ, HOLD_W, EVEN)
                    dw_acc, db_acc = _coop_bwd_finish(
                        xhat, wdy, dyf, rstd, p0, p1, DH, DX, prev64, stride_dhm, stride_dxm, cols,
                        mask, dw_acc, db_acc, inv_n, IS_RMS, PAIR_SUM, HAS_DH, HAS_DW, HAS_BIAS, AFFINE,
                        EVEN, DX_EVICT, DH_EVICT)
                xa = xn
                dya = dyn
                if STATS_AHEAD:
                    mean_a = mean_n
                    rstd_a = rstd_n
        else:
            # Two rows live: publish the held row, issue the next row's x, wait for the
            # held row's own partials and finish it, then issue the next row's dy. The wait
            # is exposed, but the program needs 9 -> 6 slice-sized arrays: fp32 LayerNorm
            # with slices of 8192 (rows above 4096 x SMs) spilled 560 B with 16 warps and
            # needed ~250 registers with 8; this schedule compiles spill-free with 8
            # (ptxas, sm_90a) and ran at 51.8% of copy at N = 1M against 33.3%
            # (benchmarks/NOTES.md, v0.7). Where the one-row pipeline fits it is faster
            # (bf16 LayerNorm 16K-256K: 62-68% against 37-49%).
            for row in range(group, M + num_groups, num_groups):
                row64 = tl.cast(row, tl.int64)
                if row < M:
                    mean, rstd = _row_stats(MEAN, RSTD, row, M, IS_RMS, False)
                    xhat, wdy, dz, _, w = _coop_bwd_terms(
                        xb, dyb, X, W, B, mean, rstd, row, cols, col0, mask, G, CG, S, wh,
                        IS_RMS, HAS_WEIGHT, HAS_B, not EVEN, AFFINE, ACTIVATION, False,
                        HOLD_W, EVEN)
                    _coop_bwd_publish(WS, xhat, wdy, dz, w, DW, DB, row, row64, part, TAG, GROUP,
                                      IS_RMS, SYNC, AFFINE, PAIR_SUM, ROW_TAG, PW,
                                      FINAL_SUM >= 2)
                xn = xb
                nxt = row64 + num_groups
                xb = _rows_load(X, nxt, stride_xm, cols, mask, M, EVEN, "")
                if row < M:
                    p0, p1 = _collect_rows(WS, row, M, TAG, 1, 1 if IS_RMS else 2, GROUP, GROUP_P2,
                                           SPIN, SYNC, BACKOFF, ROW_TAG)
                    # xhat and w * dy again after the wait, so they are not live across it
                    # (lanes past N feed only dx and dw/db lanes that are never stored).
                    mean, rstd = _row_stats(MEAN, RSTD, row, M, IS_RMS, False)
                    xhat, wdy, dyf, rstd, _ = _coop_bwd_terms(
                        xn, dyb, X, W, B, mean, rstd, row, cols, col0, mask, G, CG, S, wh,
                        IS_RMS, HAS_WEIGHT, HAS_B, False, AFFINE, ACTIVATION, False,
                        HOLD_W, EVEN)
                    dw_acc, db_acc = _coop_bwd_finish(
                        xhat, wdy, dyf, rstd, p0, p1, DH, DX, row64, stride_dhm, stride_dxm, cols,
                        mask, dw_acc, db_acc, inv_n, IS_RMS, PAIR_SUM, HAS_DH, HAS_DW, HAS_BIAS, AFFINE,
                        EVEN, DX_EVICT, DH_EVICT)
                dyb = _rows_load(DY, nxt, stride_dym, cols, mask, M, EVEN, "")
        if HAS_DW and AFFINE == 0:
            tl.store(DW + g64 * N + cols, dw_acc, mask=mask)
        if HAS_BIAS and AFFINE == 0:
            tl.store(DB + g64 * N + cols, db_acc, mask=mask)
        if FINAL_SUM and AFFINE == 0:
            # The row norms: the programs of each slice sum its partial rows (_fold_slice).
            _fold_slice(WS + tl.cast(M, tl.int64) * (GROUP + 1) * 2, TAG, DW, DB, DWO, DBO,
                        group, part, num_groups, col0, N, GROUP, BLOCK_N, HAS_DW, HAS_BIAS,
                        SUM_P, SUM_N, SUMMERS, 128, FOLD_SLEEP)
        elif FINAL_SUM == 1:
            # GroupNorm rows: the slice sums DW, DB are (samples, C, K) with K = GROUP / CG
            # slices per channel; the last program sums them into dw, db (_last_sums).
            _last_sums(WS + tl.cast(M, tl.int64) * (GROUP + 1) * 2, TAG, DW, DB, DWO, DBO,
                       M // G, G * CG, GROUP // CG, SUM_P, SUM_N, SUM_K, 256)
        elif FINAL_SUM == 2:
            # GroupNorm rows: each channel's sum by the program of its last slice in the
            # last sample (rows M - G ..), after this program's rows: by then the other
            # samples' slices were published long ago, so the wait is short, and the
            # summers run in parallel, at the launch's end.
            K = GROUP // CG
            if part % K == K - 1:
                first = M - G
                start = group + tl.cdiv(tl.maximum(first - group, 0), num_groups) * num_groups
                for r0 in range(start, M, num_groups * SUM_P):
                    _channel_sums(PW, TAG, DWO, DBO, r0, num_groups,
                                  tl.minimum(SUM_P, tl.cdiv(M - r0, num_groups)), part, G,
                                  CG, K, M // G, GROUP, ROW_TAG, SUM_P, SUM_N, BACKOFF)
        elif FINAL_SUM == 3:
            # As 2 where programs run one after another (the interpreter): the last
            # program sums every channel, when every other program is done.
            K = GROUP // CG
            if pid == tl.num_programs(0) - 1:
                for row in range(M - G, M, SUM_P):
                    for p in range(K - 1, GROUP, K):
                        _channel_sums(PW, TAG, DWO, DBO, row, 1, tl.minimum(SUM_P, M - row),
                                      p, G, CG, K, M // G, GROUP, ROW_TAG, SUM_P, SUM_N, 0)
        _launch_done(WS, TCOUNT, TICKET)
    else:
        # Split row, in two sweeps over this program's rows. Sweep A: c1, c2 per row into
        # the fp32 scratch C (M, 2). Sweep B, column chunk by column chunk: dx for every row,
        # with the chunk's dw/db partials summed in registers and written once.
        lanes = tl.arange(0, BLOCK_N)
        n_chunks = tl.cdiv(N, BLOCK_N)
        for i in range(0, rows_per_program):
            row = row_start + i
            if row < M:
                row64 = tl.cast(row, tl.int64)
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
                    row64 = tl.cast(row, tl.int64)
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


@triton.jit
def _sum_columns(DW_P, DB_P, DW, DB, P, N, K, blk, HAS_DW: tl.constexpr, HAS_DB: tl.constexpr,
                 BLOCK_P: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    """Columns [blk * BLOCK_N, +BLOCK_N) of dw = the sum over p and k of the (P, N, K) fp32
    partials, in a fixed order (bitwise repeatable), cast to the parameter's dtype in the
    same pass (and db alike)."""
    j = tl.arange(0, BLOCK_N * BLOCK_K)
    cols = blk * BLOCK_N + j // BLOCK_K
    col_mask = cols < N
    acc_w = tl.zeros([BLOCK_P, BLOCK_N * BLOCK_K], dtype=tl.float32)
    acc_b = tl.zeros([BLOCK_P, BLOCK_N * BLOCK_K], dtype=tl.float32)
    for p0 in range(0, P, BLOCK_P):
        rows = p0 + tl.arange(0, BLOCK_P)
        for k0 in range(0, K, BLOCK_K):
            if BLOCK_K == 1:  # unit stride along the columns (16-byte loads)
                offs = rows.to(tl.int64)[:, None] * N + cols[None, :]
                mask = (rows < P)[:, None] & col_mask[None, :]
            else:
                k = k0 + j % BLOCK_K
                offs = (rows.to(tl.int64)[:, None] * N + cols[None, :]) * K + k[None, :]
                mask = (rows < P)[:, None] & (col_mask & (k < K))[None, :]
            if HAS_DW:
                acc_w += tl.load(DW_P + offs, mask=mask, other=0.0)
            if HAS_DB:
                acc_b += tl.load(DB_P + offs, mask=mask, other=0.0)
    out = blk * BLOCK_N + tl.arange(0, BLOCK_N)
    if HAS_DW:
        dw = tl.sum(tl.reshape(tl.sum(acc_w, axis=0), [BLOCK_N, BLOCK_K]), axis=1)
        tl.store(DW + out, dw.to(DW.dtype.element_ty), mask=out < N)
    if HAS_DB:
        db = tl.sum(tl.reshape(tl.sum(acc_b, axis=0), [BLOCK_N, BLOCK_K]), axis=1)
        tl.store(DB + out, db.to(DB.dtype.element_ty), mask=out < N)


@triton.jit
def _sum_partials_kernel(
    DW_P,  # *fp32 (P, N, K) dw partials: one (N, K) block per backward program, or per
    #        GroupNorm sample with K slices per channel (read when HAS_DW)
    DB_P,  # *fp32 (P, N, K) db partials (read when HAS_DB)
    DW,  # *(N,) dw in the weight's dtype (written when HAS_DW)
    DB,  # *(N,) db in the bias's dtype (written when HAS_DB)
    P,  # partial blocks
    N,  # columns (channels)
    K,  # partials per column in a block (1 for the row norms)
    HAS_DW: tl.constexpr,
    HAS_DB: tl.constexpr,
    BLOCK_P: tl.constexpr,  # partial blocks per step
    BLOCK_N: tl.constexpr,  # columns per program
    BLOCK_K: tl.constexpr,  # partials of a column per step (1: K is 1)
):
    """dw, db from their partials (_sum_columns), BLOCK_N columns a program: one launch
    instead of a sum and a cast each."""
    _sum_columns(DW_P, DB_P, DW, DB, P, N, K, tl.program_id(0), HAS_DW, HAS_DB, BLOCK_P,
                 BLOCK_N, BLOCK_K)


@triton.jit
def _wait_tags(ptrs, live, TAG):
    """Poll the int64 words at `ptrs` (under `live`) with acquire semantics until every one
    carries TAG: the wait of a folded final sum (_last_sums, groupnorm's group path)."""
    v = tl.atomic_add(ptrs, 0, mask=live, sem="acquire")
    pending = tl.sum(tl.where(live & (v != TAG), 1, 0), axis=0)
    while pending > 0:
        v = tl.atomic_add(ptrs, 0, mask=live, sem="acquire")
        pending = tl.sum(tl.where(live & (v != TAG), 1, 0), axis=0)


@triton.jit
def _last_sums(DONE, TAG, DW_P, DB_P, DW, DB, P, N, K, BLOCK_P: tl.constexpr,
               BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, WAIT: tl.constexpr):
    """The final dw, db sum folded into a backward launch (GroupNorm's rows path): every
    program calls this once it has stored its partials. It marks its word of
    DONE (int64, one per program) with the launch's TAG, releasing its stores; the grid's
    last program waits until every word carries TAG (acquire) and then sums the (P, N, K)
    partials as _sum_partials_kernel would, all N columns. Nothing waits on the last
    program, so it may spin whatever else is resident (the interpreter runs it last). WAIT:
    words polled a step."""
    pid = tl.program_id(0)
    programs = tl.num_programs(0)
    tl.debug_barrier()  # every thread's partial stores before the one release
    tl.atomic_xchg(DONE + pid, tl.cast(TAG, tl.int64), sem="release")
    if pid == programs - 1:
        for p0 in range(0, programs, WAIT):
            offs = p0 + tl.arange(0, WAIT)
            live = offs < programs
            _wait_tags(DONE + offs, live, TAG)
        tl.debug_barrier()  # the acquires before any thread reads the partials
        for blk in range(0, tl.cdiv(N, BLOCK_N)):
            _sum_columns(DW_P, DB_P, DW, DB, P, N, K, blk, True, True, BLOCK_P, BLOCK_N,
                         BLOCK_K)


@triton.jit
def _channel_sums(PW, TAG, DWO, DBO, row0, row_step, rows_n, part, G, CG, K, samples,
                  GROUP: tl.constexpr, ROW_TAG: tl.constexpr, RT: tl.constexpr,
                  PT: tl.constexpr, BACKOFF: tl.constexpr):
    """dw and db of GroupNorm channels (FINAL_SUM 2 / 3): `part` is a channel's last slice
    (K slices a channel, GROUP a row), and rows row0, row0 + row_step, ... (rows_n <= RT
    of them) rows of the last sample; each row's channel is summed. Waits for the tagged
    slice sums that every sample's programs published at PW ((M, GROUP, 2) words:
    sum(dz * xhat), sum(dz); _coop_bwd_publish) and adds them, PT (sample, slice) pairs a
    row a step, in a fixed order (bitwise repeatable): one wait a step for all the rows.
    RT x PT is at least the program's threads, so each word of the [RT, PT, 2] tile has
    one owner (SYNC 3's rule)."""
    t = tl.arange(0, RT)
    live_r = t < rows_n
    g = (row0 + t * row_step) % G
    c_local = part // K
    i = tl.arange(0, PT)
    j = tl.arange(0, 2)[None, None, :]
    acc = tl.zeros([RT, PT, 2], dtype=tl.float32)
    for i0 in range(0, samples * K, PT):
        idx = i0 + i
        live = (live_r[:, None] & (idx < samples * K)[None, :])[:, :, None] & (j < 2)
        r = (idx // K)[None, :] * G + g[:, None]
        words = (r.to(tl.int64) * GROUP + c_local * K + (idx % K)[None, :]) * 2
        ptrs = PW + words[:, :, None] + j
        tag = _row_tag(TAG, r, ROW_TAG)[:, :, None] + j * 0
        v = tl.load(ptrs, mask=live, other=0, volatile=True)
        pending = tl.sum(tl.sum(tl.sum(tl.where(live & ((v >> 32) != tag), 1, 0), axis=2),
                                axis=1), axis=0)
        while pending > 0:
            v = _reload(ptrs, live, pending, BACKOFF)
            pending = tl.sum(tl.sum(tl.sum(tl.where(live & ((v >> 32) != tag), 1, 0),
                                           axis=2), axis=1), axis=0)
        vals = (v & 0xFFFFFFFF).to(tl.int32).to(tl.float32, bitcast=True)
        acc += tl.where(live, vals, 0.0)
    s = tl.sum(acc, axis=1)  # [RT, 2]
    c = g * CG + c_local
    j2 = tl.arange(0, 2)[None, :]
    tl.store(DWO + c, tl.sum(tl.where(j2 == 0, s, 0.0), axis=1).to(DWO.dtype.element_ty),
             mask=live_r)
    tl.store(DBO + c, tl.sum(tl.where(j2 == 1, s, 0.0), axis=1).to(DBO.dtype.element_ty),
             mask=live_r)


@triton.jit
def _poll_tags(ptrs, live, TAG, SLEEP: tl.constexpr):
    """Reload the int64 words at `ptrs` (under `live`; volatile loads, no read-modify-write:
    many programs poll the same words) until every one carries TAG, each thread sleeping
    about SLEEP nanoseconds between polls (PTX nanosleep); then a fence (acq_rel, GPU
    scope), so this thread's later loads see what the words' writers stored before their
    release. SLEEP 0 (the interpreter, which runs no inline assembly and runs programs
    in order): neither sleep nor fence."""
    v = tl.load(ptrs, mask=live, other=0, volatile=True)
    pending = tl.sum(tl.where(live & (v != TAG), 1, 0), axis=0)
    while pending > 0:
        v = _reload(ptrs, live, pending, SLEEP)
        pending = tl.sum(tl.where(live & (v != TAG), 1, 0), axis=0)
    if SLEEP > 0:
        tl.inline_asm_elementwise("fence.acq_rel.gpu;\n\tmov.u32 $0, $1;", "=r,r",
                                  [pending], dtype=tl.int32, is_pure=False, pack=1)


@triton.jit
def _fold_slice(DONE, TAG, DW_P, DB_P, DW, DB, group, part, num_groups, col0, N,
                GROUP: tl.constexpr, BLOCK_N: tl.constexpr, HAS_DW: tl.constexpr,
                HAS_DB: tl.constexpr, SUM_P: tl.constexpr, SUM_N: tl.constexpr,
                SUMMERS: tl.constexpr, WAIT: tl.constexpr, SLEEP: tl.constexpr):
    """The row norms' final dw, db sum folded into the cooperative backward (FINAL_SUM with
    AFFINE 0), spread over the programs. Once this program (row group `group`, slice
    `part`) has stored its partial row, it marks its word of DONE (int64, one per program)
    with the launch's TAG (release). The slice's last summers = min(SUMMERS, num_groups)
    row groups then wait (_poll_tags, then a fence) for the words of all num_groups
    programs of the slice, all resident as the cooperative path's programs are (the
    interpreter runs programs in order: it takes one summer, the last), and sum the
    slice's columns between them: summer j takes col0 + j * SUM_N + [0, SUM_N), and
    every summers * SUM_N columns on, over the (num_groups, N) fp32 partials, SUM_P
    partial rows a step in a fixed order (bitwise repeatable), and writes them in dw's
    and db's dtypes. The partials are read past L1 (.cg): the scratch that holds them is
    reused between calls. WAIT: words polled a step; SLEEP: _poll_tags'."""
    pid = tl.program_id(0)
    tl.debug_barrier()  # every thread's partial stores before the one release
    tl.atomic_xchg(DONE + pid, tl.cast(TAG, tl.int64), sem="release")
    summers = tl.minimum(num_groups, SUMMERS)
    j = group - (num_groups - summers)
    if j >= 0:
        for g0 in range(0, num_groups, WAIT):
            g = g0 + tl.arange(0, WAIT)
            _poll_tags(DONE + g * GROUP + part, g < num_groups, TAG, SLEEP)
        tl.debug_barrier()  # every thread's fence before any thread reads the partials
        for c0 in range(j * SUM_N, BLOCK_N, summers * SUM_N):
            cols = col0 + c0 + tl.arange(0, SUM_N)
            col_mask = cols < N
            acc_w = tl.zeros([SUM_P, SUM_N], dtype=tl.float32)
            acc_b = tl.zeros([SUM_P, SUM_N], dtype=tl.float32)
            for p0 in range(0, num_groups, SUM_P):
                rows = p0 + tl.arange(0, SUM_P)
                offs = rows.to(tl.int64)[:, None] * N + cols[None, :]
                mask = (rows < num_groups)[:, None] & col_mask[None, :]
                if HAS_DW:
                    acc_w += tl.load(DW_P + offs, mask=mask, other=0.0, cache_modifier=".cg")
                if HAS_DB:
                    acc_b += tl.load(DB_P + offs, mask=mask, other=0.0, cache_modifier=".cg")
            if HAS_DW:
                tl.store(DW + cols, tl.sum(acc_w, axis=0).to(DW.dtype.element_ty),
                         mask=col_mask)
            if HAS_DB:
                tl.store(DB + cols, tl.sum(acc_b, axis=0).to(DB.dtype.element_ty),
                         mask=col_mask)


# ----------------------------------------------------------------------------------------
# The split path: rows that no cooperative row group holds (longer than 16384 x SMs; fp32
# LayerNorm's backward with dh beyond 8192 x SMs), where the loop path would run one
# program a row (11-29% of copy at 4M: 32 rows, 32 programs; v0.31 call 9), and the cells
# of SPLIT_LONG beyond 8192 x SMs, where it beat the cooperative path. Two launches
# spread each row over many programs, with no program waiting on another:
#   * statistics: one program per (row, chunk of columns: SPLIT_FWD / SPLIT_BWD) reduces
#     to fp32 partials (forward: the chunk's mean and sum of squared deviations, from sums
#     shifted by its first element, or RMSNorm's sum of squares; backward: the chunk's
#     sums of xhat * wdy and wdy), stores them, and counts itself done on the row's
#     counter; the row's last program combines the row's partials in chunk order
#     (forward: mean, rstd; backward: c1, c2). The forward also writes h here.
#   * apply: the forward normalizes each (row, chunk) again, in the reverse order of the
#     statistics launch, so its first programs find the chunks read last still in L2; the
#     backward gives each program a column block of one tile over a block of rows: it
#     writes dx and keeps the block's dw / db partial in registers, one partial row per
#     row block (the launcher picks one block, dw itself, where the column blocks alone
#     fill the GPU, as at every row this path is chosen for on the H100).
# x (and dy) are read twice from HBM but for the forward's L2 hits, so the ceiling is two
# thirds of copy in the forward (with a residual four fifths: h is written, then read)
# and three fifths in the backward (with dh two thirds).
# Deterministic: every partial has one writer and every sum a fixed order; the counters
# only decide which program combines.
# ----------------------------------------------------------------------------------------


@triton.jit
def _split_combine(PART, MEAN, RSTD, CS, row64, N, chunk, n_chunks, eps, IS_RMS: tl.constexpr,
                   BACKWARD: tl.constexpr, COMB_K: tl.constexpr):
    """The row's statistics from its n_chunks partials, COMB_K a step in chunk order:
    forward mean (LayerNorm) and rstd into MEAN / RSTD (Chan's merge: the chunks' sums of
    squared deviations plus their counts times the squared distance of their means from
    the row's); backward c1, c2 into CS."""
    lanes = tl.arange(0, COMB_K)
    base = PART + row64 * n_chunks * 2
    acc0 = tl.zeros([COMB_K], dtype=tl.float32)
    acc1 = tl.zeros([COMB_K], dtype=tl.float32)
    if not (BACKWARD or IS_RMS):
        # The chunk means shifted by the first (_slice_shift: equal means merge exactly).
        first = tl.load(base, cache_modifier=".cg")
    for k0 in range(0, n_chunks, COMB_K):
        kk = k0 + lanes
        live = kk < n_chunks
        p0 = tl.load(base + kk * 2, mask=live, other=0.0, cache_modifier=".cg")
        if BACKWARD:
            acc0 += p0
            if not IS_RMS:
                acc1 += tl.load(base + kk * 2 + 1, mask=live, other=0.0, cache_modifier=".cg")
        elif IS_RMS:
            acc0 += p0
        else:
            cnt = tl.where(live, tl.minimum(chunk, N - kk * chunk), 0).to(tl.float32)
            acc0 += cnt * (p0 - first)
    if BACKWARD:
        tl.store(CS + row64 * 2, tl.sum(acc0, axis=0) / N)
        tl.store(CS + row64 * 2 + 1, tl.sum(acc1, axis=0) / N)
    elif IS_RMS:
        tl.store(RSTD + row64, 1.0 / tl.sqrt(tl.sum(acc0, axis=0) / N + eps))
    else:
        mean = first + tl.sum(acc0, axis=0) / N
        for k0 in range(0, n_chunks, COMB_K):
            kk = k0 + lanes
            live = kk < n_chunks
            pm = tl.load(base + kk * 2, mask=live, other=0.0, cache_modifier=".cg")
            pq = tl.load(base + kk * 2 + 1, mask=live, other=0.0, cache_modifier=".cg")
            cnt = tl.where(live, tl.minimum(chunk, N - kk * chunk), 0).to(tl.float32)
            dev = pm - mean
            acc1 += tl.where(live, pq + cnt * dev * dev, 0.0)
        tl.store(MEAN + row64, mean)
        tl.store(RSTD + row64, 1.0 / tl.sqrt(tl.sum(acc1, axis=0) / N + eps))


@triton.jit
def _rownorm_split_stats_kernel(
    X,  # *x, (M, N), row stride stride_xm, unit column stride
    A,  # forward: *residual (read when HAS_RESIDUAL); backward: *dy; row stride stride_am
    W,  # *weight (N,) (backward with HAS_WEIGHT: wdy = w * dy)
    H,  # *h = x + residual, row stride stride_hm (forward with HAS_RESIDUAL: written here)
    MEAN,  # *fp32 (M,): forward writes the mean (LayerNorm), backward reads it
    RSTD,  # *fp32 (M,): forward writes rstd, backward reads it
    PART,  # *fp32 (M, n_chunks, 2) scratch: the chunks' partials (see the section comment)
    CS,  # *fp32 (M, 2): backward: c1, c2 per row (written by the row's combine)
    COUNT,  # *int32 (M,) zeroed: chunks of the row done
    M,  # rows
    N,  # elements per row
    stride_xm,  # row stride of X
    stride_am,  # row stride of A
    stride_hm,  # row stride of H
    chunk,  # columns per program, a multiple of BLOCK_N
    n_chunks,  # cdiv(N, chunk); the grid is M * n_chunks
    eps,  # forward: added to the variance (or mean square) before the square root
    IS_RMS: tl.constexpr,
    HAS_WEIGHT: tl.constexpr,
    HAS_RESIDUAL: tl.constexpr,
    BACKWARD: tl.constexpr,
    BLOCK_N: tl.constexpr,  # columns per step
    COMB_K: tl.constexpr,  # partials per combine step
):
    eps = tl.cast(eps, tl.float32)
    pid = tl.program_id(0)
    row64 = (pid // n_chunks).to(tl.int64)
    k = pid % n_chunks
    c_lo = k * chunk
    c_hi = tl.minimum(N, c_lo + chunk)
    lanes = tl.arange(0, BLOCK_N)
    s0 = tl.zeros([BLOCK_N], dtype=tl.float32)
    s1 = tl.zeros([BLOCK_N], dtype=tl.float32)
    xr = X + row64 * stride_xm
    ar = A + row64 * stride_am
    if BACKWARD:
        if IS_RMS:
            mean = 0.0
        else:
            mean = tl.load(MEAN + row64)
        rstd = tl.load(RSTD + row64)
        for c0 in range(c_lo, c_hi, BLOCK_N):
            cols = c0 + lanes
            mask = cols < c_hi
            x = tl.load(xr + cols, mask=mask, other=0.0).to(tl.float32)
            wdy = tl.load(ar + cols, mask=mask, other=0.0).to(tl.float32)
            if HAS_WEIGHT:
                wdy *= tl.load(W + cols, mask=mask, other=0.0).to(tl.float32)
            # Masked lanes have wdy = 0, so they add nothing.
            s0 += (x - mean) * rstd * wdy
            s1 += wdy
    else:
        # LayerNorm's sums are shifted by the chunk's first element (_slice_shift).
        shift = 0.0
        if not IS_RMS:
            shift = tl.load(xr + c_lo).to(tl.float32)
            if HAS_RESIDUAL:
                shift += tl.load(ar + c_lo).to(tl.float32)
                shift = shift.to(H.dtype.element_ty).to(tl.float32)
        for c0 in range(c_lo, c_hi, BLOCK_N):
            cols = c0 + lanes
            mask = cols < c_hi
            x = tl.load(xr + cols, mask=mask, other=0.0)
            if HAS_RESIDUAL:
                r = tl.load(ar + cols, mask=mask, other=0.0)
                hb = (x.to(tl.float32) + r.to(tl.float32)).to(H.dtype.element_ty)
                tl.store(H + row64 * stride_hm + cols, hb, mask=mask)
                x = hb  # what is normalized is h as stored
            xf = x.to(tl.float32)
            if IS_RMS:
                s1 += xf * xf
            else:
                d = tl.where(mask, xf - shift, 0.0)
                s0 += d
                s1 += d * d
    part = PART + (row64 * n_chunks + k) * 2
    if BACKWARD:
        tl.store(part, tl.sum(s0, axis=0))
        tl.store(part + 1, tl.sum(s1, axis=0))
    elif IS_RMS:
        tl.store(part, tl.sum(s1, axis=0))
    else:
        t0 = tl.sum(s0, axis=0)
        dm = t0 / (c_hi - c_lo).to(tl.float32)
        tl.store(part, shift + dm)
        tl.store(part + 1, tl.maximum(tl.sum(s1, axis=0) - t0 * dm, 0.0))
    # Every thread's stores before the one count; the last of the row combines.
    tl.debug_barrier()
    if tl.atomic_add(COUNT + row64, 1, sem="acq_rel") == n_chunks - 1:
        _split_combine(PART, MEAN, RSTD, CS, row64, N, chunk, n_chunks, eps, IS_RMS, BACKWARD,
                       COMB_K)


@triton.jit
def _rownorm_split_apply_kernel(
    X,  # *x (forward: h with a residual), (M, N), row stride stride_xm
    W,  # *weight (N,) (read when HAS_WEIGHT)
    B,  # *bias (N,) (forward, read when HAS_BIAS)
    DY,  # *dy, row stride stride_dym (backward)
    DH,  # *dh, row stride stride_dhm (backward, read when HAS_DH)
    MEAN,  # *fp32 (M,) mean (LayerNorm)
    RSTD,  # *fp32 (M,) rstd
    CS,  # *fp32 (M, 2) c1, c2 (backward)
    OUT,  # *y (forward) or *dx (backward), row stride stride_om
    DW_P,  # *(P, N) dw partial rows, one per row block (backward, HAS_DW; fp32, or dw
    #        itself in its dtype where P is 1)
    DB_P,  # *(P, N) db partial rows (backward, HAS_DB)
    M,  # rows
    N,  # elements per row
    stride_xm,  # row stride of X
    stride_dym,  # row stride of DY
    stride_dhm,  # row stride of DH
    stride_om,  # row stride of OUT
    chunk,  # forward: columns per program (the statistics launch's chunks)
    n_chunks,  # forward: cdiv(N, chunk); the grid is M * n_chunks
    rows_per_block,  # backward: rows per program (a row block); the grid is P * n_col_blocks
    n_col_blocks,  # backward: cdiv(N, BLOCK_N)
    IS_RMS: tl.constexpr,
    HAS_WEIGHT: tl.constexpr,
    HAS_BIAS: tl.constexpr,  # forward: add b
    HAS_DW: tl.constexpr,
    HAS_DB: tl.constexpr,
    HAS_DH: tl.constexpr,
    BACKWARD: tl.constexpr,
    BLOCK_N: tl.constexpr,  # columns per step (backward: per program)
    EVICT: tl.constexpr,  # L2 eviction policy of the apply's x / dy loads and its stores
):
    pid = tl.program_id(0)
    lanes = tl.arange(0, BLOCK_N)
    if BACKWARD:
        blk = pid % n_col_blocks
        cols = blk * BLOCK_N + lanes
        mask = cols < N
        if HAS_WEIGHT:
            w = tl.load(W + cols, mask=mask, other=0.0).to(tl.float32)
        else:
            w = tl.full([BLOCK_N], 1.0, dtype=tl.float32)
        dw = tl.zeros([BLOCK_N], dtype=tl.float32)
        db = tl.zeros([BLOCK_N], dtype=tl.float32)
        p = pid // n_col_blocks
        r_lo = p * rows_per_block
        for r in range(r_lo, tl.minimum(M, r_lo + rows_per_block)):
            r64 = tl.cast(r, tl.int64)
            rstd = tl.load(RSTD + r64)
            c1 = tl.load(CS + r64 * 2)
            if IS_RMS:
                mean = 0.0
                c2 = 0.0
            else:
                mean = tl.load(MEAN + r64)
                c2 = tl.load(CS + r64 * 2 + 1)
            x = tl.load(X + r64 * stride_xm + cols, mask=mask, other=0.0,
                        eviction_policy=EVICT).to(tl.float32)
            dy = tl.load(DY + r64 * stride_dym + cols, mask=mask, other=0.0,
                         eviction_policy=EVICT).to(tl.float32)
            xhat = (x - mean) * rstd
            dx = (w * dy - (xhat * c1 + c2)) * rstd
            if HAS_DH:
                dx += tl.load(DH + r64 * stride_dhm + cols, mask=mask, other=0.0,
                              eviction_policy=EVICT).to(tl.float32)
            tl.store(OUT + r64 * stride_om + cols, dx.to(OUT.dtype.element_ty), mask=mask,
                     eviction_policy=EVICT)
            dw += dy * xhat
            db += dy
        if HAS_DW:
            tl.store(DW_P + p.to(tl.int64) * N + cols, dw.to(DW_P.dtype.element_ty), mask=mask)
        if HAS_DB:
            tl.store(DB_P + p.to(tl.int64) * N + cols, db.to(DB_P.dtype.element_ty), mask=mask)
    else:
        u = M * n_chunks - 1 - pid  # last chunk first: it is still in L2
        row64 = (u // n_chunks).to(tl.int64)
        c_lo = (u % n_chunks) * chunk
        c_hi = tl.minimum(N, c_lo + chunk)
        rstd = tl.load(RSTD + row64)
        if IS_RMS:
            mean = 0.0
        else:
            mean = tl.load(MEAN + row64)
        for c0 in range(c_lo, c_hi, BLOCK_N):
            cols = c0 + lanes
            mask = cols < c_hi
            x = tl.load(X + row64 * stride_xm + cols, mask=mask, other=0.0,
                        eviction_policy=EVICT).to(tl.float32)
            y = (x - mean) * rstd
            if HAS_WEIGHT:
                y *= tl.load(W + cols, mask=mask, other=0.0).to(tl.float32)
            if HAS_BIAS:
                y += tl.load(B + cols, mask=mask, other=0.0).to(tl.float32)
            tl.store(OUT + row64 * stride_om + cols, y.to(OUT.dtype.element_ty), mask=mask,
                     eviction_policy=EVICT)


# ----------------------------------------------------------------------------------------
# Launch heuristics
# ----------------------------------------------------------------------------------------

# Every threshold below comes from benchmarks/sweep_rows.py on an H100 80GB HBM3 (copy
# 3005 GB/s), bf16 RMSNorm, about 2^27 elements, torch 2.11 / triton 3.6; the numbers are
# in benchmarks/NOTES.md. Caveat (NOTES v0.4): those sweeps timed calls through the
# registered op, whose host time was close to the backward's GPU time, so the backward
# figures are partly host-bound and due for a re-sweep on the eager path; ptxas also shows
# the backward cooperative configs spilling (NOTES v0.4, leads).
#
# Longest row kept whole in one program's registers (PATH 0). Forward: at N = 32768 with
# 32 warps 97.0% of copy bandwidth; at 65536 the single program spills (68.4%). Backward
# holds x, dy, w and two fp32 accumulators: 16384 reaches 75.1%.
FWD_TILE_MAX = 32768
BWD_TILE_MAX = 8192
# 16-bit RMSNorm without a residual from TILE_WORDS_MIN + 1 to TILE_WORDS_MAX (even N): the
# tile path with the row held as int32 words of two values (_tile_words_rms: 32 words a
# thread at 32 warps, as 32 fp32 values at 32768). v0.49 calls 4-5 (tile_words_probe.py,
# GPU time, H100, % of copy, one process each, two readings): N = 65536 bf16 95.4 / 96.0
# and 95.4 / 95.6 against the cooperative path's 93.6 / 94.3 and 94.1 / 93.6, fp16 96.9 /
# 96.8 and 97.8 / 98.0 against 94.8 / 93.6 and 95.2 / 95.0. Not taken: LayerNorm (89.6-92.3
# against 89.5-92.0: its second pass's unpacking costs what the tile gains), the residual
# add (spills: add_rms_norm fp16 77.8, add_layer_norm 35-37), 32768 (the fp32 tile's
# 96.1-98.0 against 94.3-97.4).
TILE_WORDS_MIN = FWD_TILE_MAX
TILE_WORDS_MAX = 65536
# Cooperative path (PATH 1), from the v0.2/v0.3 sweeps (software-pipelined, tagged
# partials): at most 32 elements per thread; w and b re-read from L1 to save registers.
#   forward: slice 8192, 8 warps, 2 programs per SM: LayerNorm / RMSNorm 81.5 / 87.8% at
#     64K, 77.2 / 86.3% at 256K, 70.2 / 80.5% at 1M (1 per SM: 57.5 / 67.4% at 64K); rows
#     longer than 8192 x SMs take slice 16384 with 16 warps, 1 per SM.
#   backward (v0.3, superseded by v0.5 below): slice 4096, 4 warps, 2 per SM at 16K (71.1 /
#     79.0%); above, slice 8192 with 16 warps, 1 per SM (57.3 / 78.3% at 64K).
# A row takes GROUP = cdiv(N, slice) programs; GROUP must not exceed the SMs.
# Config tuples: (slice, warps, programs per SM[, prefetch[, rows per step[, replay[, L2
# steps ahead[, least GROUP[, most GROUP]]]]]]), the first whose GROUP fits the SMs (and
# lies between the least and most GROUP); prefetch is the backward's, rows per step the
# forward's (LaunchConfig names the fields).
FWD_COOP = ((8192, 8, 2), (16384, 16, 1))
# v0.5 (benchmarks/sweep_coop.py: GPU time of a replayed CUDA graph, COOP_SYNC=1, % of
# copy; results/2026-11-22-h100-v0.5-coopsync/sweep_coop.*), per element size:
#   fp32 forward: slice 8192 with 8 warps needs ~250 registers, so "2 per SM" left half of
#     the grid to a second wave; slice 16384 with 16 warps, 1 per SM: RMSNorm 89.1 / 86.9
#     / 78.8% at 64K / 256K / 1M (65.5 / 77.4 / 69.8 before), LayerNorm 74.9 / 74.1 / 60.3
#     (57.7 / 69.6 / 60.7). Not with a residual: the v0.5 full run measured the residual
#     variants with it and lost 13-39 points at 64K-1M (add_layer_norm fp32 at 131072
#     54.4% against 93.4% with 8192 / 8 warps in the coopsync sync1 run, add_rms_norm
#     64.1 against 96.2; compile_check shows up to 1.3 KB of spills per thread), so fp32
#     with a residual keeps FWD_COOP.
#   16-bit backward: slice 4096, 4 warps, 2 per SM is best at every N it fits (LayerNorm
#     68.0 / 64.0 / 61.9% at 16K / 64K / 256K, RMSNorm 76.1 / 73.5 / 71.6; the former
#     8192 / 16 warps gave 58.3 / 55.0 / 57.2 and 69.4 / 65.9 / 66.3); above 4096 x SMs,
#     slice 8192 with 8 warps (59.2 / 67.5% at 256K against 57.2 / 66.3 with 16 warps).
#   fp32 backward: LayerNorm spills with 4 warps (388 B per thread, NOTES v0.4): 8 warps,
#     1 per SM, 72.4 / 69.6 / 63.1% (38.9 / 41.6 / 46.9 with 4 warps); RMSNorm keeps 4
#     warps, 2 per SM (80.7 / 79.4 / 69.4%). Above 4096 x SMs: LayerNorm 8192 / 16 warps
#     (36.0% at 256K; 8 warps spilled to 7.5%), RMSNorm 8192 / 8 warps (71.5%).
#     v0.7 (results/2026-11-23-h100-v0.7-runs/bwd_head.log, bwd_spill.log): above
#     4096 x SMs LayerNorm takes the two-rows-live schedule (PREFETCH False, the fourth
#     field) with 8 warps: 51.8% at 1M against 33.3% (8192 / 16, prefetching); elsewhere
#     prefetching wins (bf16 LayerNorm 16K-1M 54-68% against 31-52% two-rows-live).
# v0.9 (COOP_SYNC 3; results/2026-11-23-h100-v0.9-runs/, sync3 and s_* logs):
#   fp32 forward without a residual: slice 8192, 8 warps, 1 per SM, 2 rows a step (the
#     fifth field): LayerNorm 88.4 / 82.7 / 75.4% at 64K / 256K / 1M against 79.8 / 80.9 /
#     74.4 with 16384 / 16 warps; RMSNorm 93.0 / 95.1 / 93.7 against 91.7 / 94.1 / 94.7.
#     Rows longer than 8192 x SMs keep 16384 / 16 warps.
#   backward, 2048 / 4 warps / 4 per SM against the v0.5 choices (16K / 64K / 256K):
#     16-bit RMSNorm 83.2 / 83.5 / 82.6 against 80.6 / 79.6 / 80.1; fp32 RMSNorm 81.0 /
#     81.0 / 79.2 against 79.3 / 79.5 / 78.9. 16-bit LayerNorm keeps 4096 / 4 warps (2048:
#     48%); fp32 LayerNorm keeps 4096 / 8 warps: 2048 gave 78.5 / 75.3 / 78.1 against
#     76.1 / 75.3 / 75.7, but the full run measured it twice at 61% at N = 32768
#     (v0.9-runs call 4 and 6; add_layer_norm 65%), against 68-78% in v0.7.
#   16-bit LayerNorm forward without a residual: slice 4096, 8 warps (64 registers), 4 per
#     SM: 74.9 / 70.4% at 64K / 256K against 72.1 / 63.8 with 8192 / 8 warps / 2 per SM.
#     Not measured with a residual or for RMSNorm (4096 / 4 warps / 4 per SM: 89.1 / 88.3
#     against 87.9 / 87.8, too close to change), which keep FWD_COOP.
# v0.12 (results/2026-11-23-h100-v0.12-runs/, calls 4-6), after PAIR_SUM (each slice's two
#   sums and the row's two totals in one reduction each): fp32 LayerNorm backward with slice
#   2048, 8 warps, 2 per SM ran faster in GPU time (sweep_coop.py, against 4096 / 8 / 1):
#   12288 / 16K / 32K / 64K / 128K / 256K 75.3 / 78.8 / 73.0 / 79.1 / 80.0 / 79.1 ->
#   81.4 / 82.0 / 79.5 / 83.7 / 84.2 / 82.3%; with dh 83.6 / 83.1 / 80.8 -> 86.1 / 85.8 /
#   83.3 at 16K / 64K / 256K; GroupNorm's rows path fp32 +4.5 to +7.9. But called through
#   autograd (ab_rows.py, call 6) it measured 64.4 / 50.0% at 12288 / 32768 against 73.8 /
#   70.3 (81.8 against 74.1 at 256K), as v0.9's full run measured slice 2048 at 61% at
#   32768 twice. 16-bit LayerNorm keeps 4096 / 4 / 2 (2048 / 4 / 4: 68.1-70.1% against
#   72.9-74.7, call 4).
# v0.13 (results/2026-11-23-h100-v0.13-runs/call1): the bench decided for fp32 LayerNorm
#   2048 / 8 / 2. Its rows suite (fusednorm alone, the two trees alternated twice), 12288 /
#   16K / 32K / 64K / 128K / 256K: layer_norm 75 / 78-79 / 73 / 78-79 / 79-80 / 78-79 ->
#   81 / 82 / 79 / 83 / 84 / 82%, add_layer_norm 83 / 83 / 82 / 83 / 82 / 81 -> 85 / 86 /
#   85 / 86 / 85 / 83. trace_bwd.py in the same call: called through autograd 81.1 / 79.2 /
#   81.7% at 12288 / 32K / 256K, as in the graph (81.3 / 78.3 / 81.3); v0.12's low
#   as-called readings did not come back.
FWD_COOP_FP32 = ((8192, 8, 1, True, 2), (16384, 16, 1))
# v0.18 (results/2026-11-25-h100-v0.18-runs/, L2_AHEAD: the seventh field, a bulk L2
# prefetch of each slice one step past the next; sweep_coop.py, GPU time, % of copy):
#   16-bit without a residual (call 4, library defaults against d1e8c99's, two processes
#   each, bf16 / fp16): LayerNorm forward, now 4096 / 4 warps / 4 per SM (call 3: 90.1 /
#   91.2 at 64K / 256K against 86.0 / 83.3 with 4096 / 8 / 4, both prefetching), 83.1 /
#   80.0 / 78.1 -> 90.5 / 90.7 / 88.5 at 64K / 256K / 1M (fp16 84.2 / 79.0 / 78.7 -> 90.9
#   / 91.4 / 89.7); RMSNorm 89.2 / 88.7 / 83.5 -> 91.6 / 94.7 / 91.5. Backward (BWD_COOP):
#   LayerNorm 79.7 / 79.9 / 79.0 / 68.2 -> 84.7 / 81.3 / 80.7 / 81.0 at 16K / 64K / 256K /
#   1M (1M without the replay: with it 73.0-73.7), RMSNorm 83.2 / 82.9 / 82.9 / 70.9 ->
#   89.2 / 81.4 / 87.5 / 79.8 (64K the one loss). Two or four steps ahead lost everywhere
#   (call 2: bf16 LayerNorm forward 1M 88.6 at one step, 81.9 at two, 65.7 at four).
#   With a residual (or dh), two streams already in flight, one step lost 6-10 points
#   (call 3), and those keep none.
#   fp32 (call 4, one process; default configs without prefetch lost 1-8 points with it,
#   call 2): LayerNorm forward 4096 / 8 / 2 with it 92.5 / 91.4 at 64K / 256K against
#   91.1 / 85.5, and at 1M 8192 / 8 / 1 (one row a step) with it 85.4 against 76.2;
#   RMSNorm keeps FWD_COOP_FP32 (with prefetch 93.5 / 97.0 / 92.8 against 94.4 / 96.5 /
#   95.2).
# v0.31 calls 4-5 (results/2026-11-26-v0.31-runs/, GPU time, % of copy): rows longer than
# 8192 x SMs (2M: slices of 16384, one row group of 128 programs) with the L2 prefetch one
# step ahead (sweep_coop.py, 64 rows): LayerNorm bf16 67.6 -> 84.2, fp32 75.0 -> 78.8;
# GroupNorm's rows path (sweep_gn_bwd.py, InstanceNorm 2x32x128^3 contiguous) bf16 70.4 /
# 59.0 -> 88.7 / 76.8 (none / silu), fp16 71.2 / 61.3 -> 88.6 / 78.5 (8 warps 88.7-90.1 /
# 75.7-77.0).
FWD_COOP_LN32 = ((4096, 8, 2, True, 1, 0, 1), (8192, 8, 1, True, 1, 0, 1),
                 (16384, 16, 1, True, 1, 0, 1))
FWD_COOP_LN16 = ((4096, 4, 4, True, 1, 0, 1), (8192, 8, 2, True, 1, 0, 1),
                 (16384, 16, 1, True, 1, 0, 1))
# v0.16 (results/2026-11-25-h100-v0.16-runs/, calls 5-6): 16-bit RMSNorm without a residual
# read 84.3-84.6% at 64K with FWD_COOP's 8192 / 8 / 2 (call 6 ab_rows.py, this tree
# against v0.9's and v0.14's, alternated twice: 84.1-84.4 against 89.1-89.3; 256K 87.4-88.3
# against 88.8-89.3; 1M 79.2-80.2 against 84.5-85.0; the kernels' PTX and SASS differ only
# in how the tag is formed, not explained). Slice 4096 / 4 warps / 4 per SM (sweep_coop.py,
# GPU time): 32K (tile path 96.8) 87.2, 64K 84.6 -> 88.1, 128K 85.0 -> 89.6, 256K 88.5 ->
# 88.3; with a residual mixed (LayerNorm 93.2 / 92.4 -> 91.3 / 93.6 at 64K / 256K), which
# keeps FWD_COOP; LayerNorm 16-bit 81.5 -> 79.3, fp32 -4 to -7: not taken there.
# v0.21 calls 1-2 (results/2026-11-25-h100-v0.21-runs/, sweep_coop.py, GPU time, two
# processes each, % of copy): two rows a step on slices of 2048, 4 warps, 4 per SM (128
# registers, no spill), against 4096 / 4 / 4: bf16 64K 91.7-91.8 -> 92.9-93.9 (call 1),
# 91.4-92.0 -> 92.7-93.7, fp16 91.1 -> 93.2-93.5 (call 2); 128K level (bf16 92.9-93.5 ->
# 93.0-93.1), 256K lost (94.5-94.7 -> 75.0-75.2): taken at GROUP 32 (64K). The 16-bit
# LayerNorm lost with it (64K 89.6-89.8 -> 88.9-89.0), and slices of 2048 with more
# programs per SM (6, 8) or 4096 / 4 / 3 lost for both (call 1).
# v0.31 call 5: at 2M (slices of 16384) with the L2 prefetch 75.8 -> 89.2 (bf16); fp32
# RMSNorm lost with it (94.5 -> 86.4) and keeps FWD_COOP_FP32's.
FWD_COOP_RMS16 = ((2048, 4, 4, True, 2, 0, 1, 32, 32), (4096, 4, 4, True, 1, 0, 1),
                  (8192, 8, 2, True, 1, 0, 1), (16384, 16, 1, True, 1, 0, 1))
# v0.17 (results/2026-11-25-h100-v0.17-runs/call3, sweep_coop.py, GPU time, two runs, %
# of copy at N = 1M, where slices of 8192 make a row span the GPU: one row group, so each
# row's wait was exposed; REPLAY r = the sixth field): fp32 LayerNorm 62.3 / 62.9 (8192 /
# 8, two rows live) -> 82.6 / 83.5 with 16 warps, r 1 (r 2: 71; 8 warps, r 1: 82.2-82.4),
# with dh 73.7 -> 85.2; fp32 RMSNorm 74.4 / 74.7 -> 75.6 / 75.7 with 8 warps, r 2, with dh
# 73.1 -> 86.7 with 16 warps, r 1 (70.3-70.9 without dh); bf16 LayerNorm 64.2 / 64.6 ->
# 67.1 / 67.3 with 8 warps, r 2, with dh 66.5 -> 77.8 with 16 warps, r 2; bf16 RMSNorm lost
# with every replay (70.5 -> 59-61, with dh 74.0 -> 67-69) and keeps its schedule. Keys
# carry has_dh (add_layer_norm / add_rms_norm's backward) for these.
# v0.17 call 7 (the same, 16K / 64K / 128K / 256K): 16-bit LayerNorm where slices of 2048
# fit, 4 warps, replay 2 (95 registers, 5 programs per SM) against 4096 / 4 / 2 (255
# registers): 78.5 / 78.6 / 76.4 / 77.4 against 78.9 / 77.7 / 74.6 / 72.5, with dh 80.7 /
# 80.7 / 81.3 / 81.0 against 70.7 / 70.5 / 71.7 / 69.5 (means of two processes).
# v0.17 call 9 (one process, fp32, the same N): fp32 LayerNorm 2048 / 8 warps, 3 per SM
# (78 registers with replay), replay 1 against 2048 / 8 / 2 (116 registers): 91.3 / 89.7 /
# 89.5 / 87.3 against 86.5 / 83.5 / 84.3 / 82.2, with dh 92.6 / 91.4 / 92.5 / 91.3 against
# 85.9 / 85.7 / 85.4 / 83.2 (replay 2: 79-84); fp32 RMSNorm kept its 2048 / 4 / 4 (92.5-96.2
# against 82.4-91.6 with that replay).
# v0.18 call 4 (one process, fp32, one step of L2 prefetch, 16K / 64K / 256K, against the
# defaults above without it): LayerNorm slices of 1024 / 4 warps (to 128K; 7 per SM asked,
# 4 fit: 112 registers, _fit) 94.8 / 96.9 against 91.6 / 89.3, at 256K 2048 / 8 / 2 94.4
# against 87.0; RMSNorm 1024 / 4 (5 fit: 95 registers) 97.9 / 98.4 against 95.0 / 93.8,
# at 256K 2048 / 4 / 4 96.4 against 95.6. At 1M the prefetch lost (LayerNorm 76.8
# against 82.4) or tied. With dh it lost everywhere (call 7: LayerNorm 82-84 against
# 91-93, RMSNorm 79-85 against 82-94): those keep theirs. 16-bit: see FWD_COOP_LN32's
# comment; the 16-bit LayerNorm backward's 4096 / 4 / 2 with prefetch won where its GROUP
# is 32 or more (call 7, two processes: 128K 88.0 / 86.9, 256K 86.5 / 86.6 against
# 85.2-85.3 and 80.6-80.8 with 2048 / 4 / 5 / replay 2) and lost at GROUP 16 (64K, call
# 4: 75.7-75.8 against 80.9-81.0): the eighth field's first use.
# v0.19 calls 1 and 3 (sweep_coop.py, GPU time, three processes): the 16-bit LayerNorm
# backward's slices of 2048 with replay 2 at 4 per SM rather than 5 (GROUP 6-32: 12288 to
# 64K): bf16 12288 79.5-79.8 -> 81.6-82.4, fp16 79.4-80.1 -> 82.2; 16K and 32K within
# 0.4 (bf16 84.3-84.7 -> 84.2-84.5, 88.7-89.0 -> 88.8-89.0), 64K 81.3-81.6 -> 81.1-82.7
# (fp16 81.1-82.0 -> 83.6-83.7). The same change lost for RMSNorm beyond 64K (bf16 128K
# 87.6 -> 82.0) and won only at 64K (81.2-81.6 -> 84.3-84.7): RMSNorm keeps its table.
# v0.19 call 6 (the same, two processes, with dh): fp32 RMSNorm's 2048 / 4 / 4 with replay
# 1 where GROUP <= 32 (the ninth field's first use): 12288 / 16K / 32K / 64K 81.3 / 91.1-91.4
# / 96.3-96.4 / 81.6-81.8 -> 91.4-92.5 / 92.4-92.5 / 94.2-94.6 / 94.6-96.3 (not measured
# beyond 64K, which keeps 2048 / 4 / 4 without replay: 95.4-97.0 in v0.18's bench). The
# 16-bit dh backwards found nothing better (2048 / 4 / 4 or 5, replay 0-2, prefetch,
# 4096 / 4 / 2, 1024 / 4 / 6), nor fp32 LayerNorm's but at 12288 (+3 with 2048 / 4 / 4,
# replay 1; -3 at 16K).
# v0.21 call 1 (results/2026-11-25-h100-v0.21-runs/call1, sweep_coop.py, GPU time, two
# processes, bf16, % of copy): 16-bit RMSNorm without dh, slices of 2048 on 4 warps with
# replay 2 (64 registers; 95 with w held, HOLD_W_CONFIGS) at 4 / 5 / 6 / 8 programs per SM
# against the table's 2048 / 4 / 4 without replay, at 32K / 64K / 128K (GROUP 16 / 32 /
# 64): default 90.1 / 80.9-81.4 / 87.6-87.7; replay 2, 5 per SM 83.4-83.8 / 84.5-84.6 /
# 83.3-83.7, with w held 85.1-85.3 / 86.0 / 85.6-86.0 (4 per SM: 79.4-82.2 held, 6:
# 84.8-86.3 held, 8: 68-70; replay 1: 75.7-79.3; 1024 / 4 / 8: 72.6-76.2). Taken where
# it won, GROUP 32 (the eighth and ninth fields): 64K.
# v0.21 call 4 (the same, fp32 LayerNorm, two processes): at 32K, 1024 / 4 / 4 read
# 83.9-84.8 (the bench as called, three processes: 84.8-85.8) against 96.0-96.1 / 97.0-97.2
# at 16K / 64K; with replay 1 90.3-90.4 (2048 / 8 / 3 replay 1 89.7-90.4; 1024 / 4 / 5
# 85.3-85.8), but 91.4-91.7 / 89.9-91.2 at 16K / 64K. Taken at GROUP 32 (32K). Both this
# and 16-bit RMSNorm's 64K are GROUP 32; why that GROUP reads low is not found.
# v0.23 call 4 (results/2026-11-25-h100-v0.23-runs/call4, sweep_coop.py, GPU time, two
# processes, bf16, % of copy, at 1M): slices of 16384 (GROUP 64, two row groups on the GPU
# rather than one of 128) against the default 8192 / 8 / 1: 16-bit RMSNorm with dh 76.9 /
# 76.9 -> 80.3 / 80.3 with 32 warps, replay 1 (78.9-79.0 on 16 warps, replay 1; replay 2
# 65-65.5; 64 registers, 12 B spilled); everything else lost (LayerNorm 81.2-81.6 -> at
# best 52.7, with dh 79.2-79.5 -> 49.3; RMSNorm 83.0-83.3 -> 72.0-73.5): taken for 16-bit
# RMSNorm with dh where its GROUP is 64 (N near 1M, the eighth and ninth fields).
# v0.27 call 9 (sweep_coop.py, GPU time, bf16, two processes each, with the tables' flags /
# with STATS_AHEAD forced; results/2026-11-26-v0.27-runs/call9): 16-bit RMSNorm without dh
# on 2048 / 4 / 4 with its statistics a step ahead (STATS_AHEAD_CONFIGS since v0.26) at 64K
# (GROUP 32) 92.0-92.6 against 85.4-85.7 for v0.21's replay-2 entry there (2048 / 4 / 5,
# w held), which is gone; above GROUP 32, 4096 / 4 / 3 with them ahead: 128K 91.4-91.8,
# 256K 90.5-90.9 against 90.5-90.7 / 87.8-88.3 on 2048 / 4 / 4 (4096 / 4 / 2 ahead 90.7 /
# 90.5-90.9; 8192 / 8 / 1 83-84). The 16-bit LayerNorm found nothing above its table
# (4096 / 4 / 2 or 3 ahead within a point at 128K / 256K, lower at 64K).
# v0.28 calls 3-4 (results/2026-11-26-v0.28-runs/, sweep_coop.py, GPU time, two processes
# each, % of copy): with LATE_TERMS (below) the PREFETCH schedule fits the programs per SM
# asked. 16-bit LayerNorm without dh on 2048 / 4 / 4 with late terms, statistics ahead and
# the L2 prefetch, against the replay-2 entry: 12288 bf16 85.1-86.2 -> 86.8-87.7, fp16
# 84.1-85.4 -> 86.2-86.4; 16K bf16 85.9-87.1 -> 87.3-87.9, fp16 85.7-86.4 -> 87.8-87.9; but
# 32K -3, 64K level or lower, 128K / 256K -4 to -7 (against 4096 / 4 / 2): taken to GROUP 8.
# With dh it gained nothing (12288-256K, dh prefetch on or off). fp32 LayerNorm without dh
# on 1024 / 4 warps at 5 per SM with late terms (96 registers, no cap needed), against the
# table's 4 per SM: 12288 87.1-88.6 -> 96.5-96.8, 32K (the replay-1 entry) 88.0-91.1 ->
# 93.9-96.3, 16K / 64K level (94.4-97.1 against 95.1-97.2); 6 per SM lost (78-82, capped
# at 80): taken to GROUP 64. fp32 RMSNorm without dh at 1M (calls 2 and 6): 8192 / 8 / 1
# without the replay, w held, statistics ahead, 80.4-82.1 (late terms 81.8-82.2) against
# the replay-2 entry's 79.2-79.9; slices of 16384 (GROUP 64) read 10-60, 16 warps 66-77:
# taken with late terms. 16-bit RMSNorm on 2048 / 4 / 4 (calls 7-8): w held now fits 128
# registers with late terms (no spill; 150-158 registers before); without dh 12288 / 16K /
# 32K / 64K / 128K bf16 90.4-90.9 / 90.7-90.9 / 92.1-92.5 / 91.5-91.8 / 90.7-90.8 (4096 /
# 4 / 3) -> 91.1 / 91.4-91.7 / 94.5 / 93.7-94.0 / 93.5-93.6, fp16 alike (+0.2 to +2.6), but
# 256K -1 (89.0-89.7 against 90.1-90.7): taken to GROUP 64; with dh (all GROUP) bf16
# 89.9-91.5 -> 90.6-92.0, fp16 89.8-91.6 -> 90.8-92.5. 16-bit LayerNorm at 1M (8192 / 8
# / 1, calls 7-8) with late terms: bf16 80.9-82.1 -> 84.6-84.9, fp16 81.8-82.1 -> 84.7-85.2.
# v0.31 call 5 (sweep_coop.py, GPU time, % of copy, N = 2M, 64 rows): rows longer than
# 8192 x SMs ran the loop path, one program a row (64 of 132 SMs here): LayerNorm bf16 /
# fp32 16.7 / 27.6, RMSNorm 24.3 / 38.3. Slices of 16384 on 16 warps, one row group, replay
# 1 (the last entry of each table below without dh): 50.4 / 37.2 and 71.0 / 57.3 (32
# warps 41.9 / 30.2 / 70.5 / 46.2; with the L2 prefetch as well 44.8 / 29.4 / 68.8 / 41.7).
# With dh (call 6, the same): loop path -> LONG_BWD, LayerNorm bf16 19.0 -> 51.7, RMSNorm
# bf16 30.4 -> 80.8, fp32 46.4 -> 58.4; fp32 LayerNorm level (35.4 -> 36.1) keeps the loop.
LONG_BWD = (16384, 16, 1, True, 1, 1)
BWD_COOP = {  # (element size, is_rms, has_dh) -> config tuples (above), the first that fits
    (2, False, False): ((2048, 4, 4, True, 1, 0, 1, 1, 8), (4096, 4, 2, True, 1, 0, 1, 32),
                        (2048, 4, 4, True, 1, 2, 1), (4096, 4, 2, True, 1, 0, 1),
                        (8192, 8, 1, True, 1, 0, 1), LONG_BWD),
    (2, False, True): ((2048, 4, 5, True, 1, 2), (4096, 4, 2), (8192, 16, 1, True, 1, 2),
                       LONG_BWD),
    (2, True, False): ((2048, 4, 4, True, 1, 0, 1, 1, 64), (4096, 4, 3, True, 1, 0, 1),
                       (8192, 8, 1, True, 1, 0, 1), LONG_BWD),
    (2, True, True): ((16384, 32, 1, True, 1, 1, 0, 64, 64), (2048, 4, 4), (4096, 4, 2),
                      (8192, 8, 1), LONG_BWD),
    (4, False, False): ((1024, 4, 5, True, 1, 0, 1, 1, 64), (1024, 4, 4, True, 1, 1, 1, 32, 32),
                        (1024, 4, 4, True, 1, 0, 1),
                        (2048, 8, 2, True, 1, 0, 1), (4096, 8, 1),
                        (8192, 16, 1, True, 1, 1), LONG_BWD),
    (4, False, True): ((2048, 8, 3, True, 1, 1), (4096, 8, 1), (8192, 16, 1, True, 1, 1)),
    (4, True, False): ((1024, 4, 5, True, 1, 0, 1), (2048, 4, 4, True, 1, 0, 1), (4096, 4, 2),
                       (8192, 8, 1, True, 1, 0, 0), LONG_BWD),
    (4, True, True): ((2048, 4, 4, True, 1, 1, 0, 1, 32), (2048, 4, 4), (4096, 4, 2),
                      (8192, 16, 1, True, 1, 1), LONG_BWD),
}
# L1 eviction policies of the cooperative forward's loads (tl.load's eviction_policy: ""
# none, "evict_first", "evict_last"), (x and residual, w and b). Each program re-reads its
# slice of w and b at every row (they are not held in registers); evict_last keeps them
# in L1 against the streamed x. v0.16 call 1 (diag_ln_fwd.py, GPU time, bf16, % of copy,
# none -> w, b evict_last): LayerNorm 64K / 256K 78.2 / 70.7 -> 81.7 / 76.2, w only 83.0
# / 76.9 -> 82.9 / 79.1, RMSNorm 84.2 / 88.1 -> 84.3 / 88.6; x evict_first added nothing
# beyond it (82.0 / 76.1) and cost RMSNorm 0.5-1.4. The backward measured no gain (x, dy
# evict_first with w evict_last: LayerNorm 76.0 / 72.9 -> 75.8 / 71.5, RMSNorm 82.7 at 64K
# -> 75.6) and keeps the default policy. v0.16 call 2 (sweep_coop.py, GPU time, default
# configs, none -> evict_last on w, b), plain, bf16 64K / 1M: LayerNorm 78.4 / 74.6 ->
# 82.0 / 75.7, RMSNorm 84.5 / 81.7 -> 84.7 / 82.5, fp32 LayerNorm 85.9 / 76.6 -> 87.3 /
# 75.7, RMSNorm 94.6 / 95.6 -> 94.7 / 94.8; with a residual: LayerNorm bf16 89.3 / 85.6 ->
# 93.4 / 92.5, RMSNorm 91.4 / 92.9 -> 94.0 / 95.9, fp32 LayerNorm 95.5 / 92.6 -> 95.2 /
# 95.0, RMSNorm 95.6 / 95.0 -> 95.6 / 95.2.
FWD_EVICT = ("", "evict_last")
# The tile forward's (x and residual, w and b) policies by tile (block_n; absent: none).
# Its w and b are loaded after the row's statistics, once a program; at 32K one program
# of 32 warps fills an SM, and evict_last keeps them in L1 for the SM's next program.
# v0.26 call 9 (sweep_coop.py, GPU time, the inference variant, two processes, none -> w /
# b evict_last; results/2026-11-26-v0.26-runs/call9): 32768 LayerNorm bf16 94.9-96.0 ->
# 96.2-96.3, fp32 94.7-95.3 -> 96.4, fp32 with a residual 97.8 -> 98.5-98.8, the others
# at 32768 within 0.3; at 4096-16384 -0.3 to +0.8 but bf16 LayerNorm with a residual at
# 12288 98.5-98.9 -> 97.0-97.1, so only 32768 takes it. x evict_first as well lost
# everywhere (-0.5 to -6).
TILE_EVICT = {32768: ("", "evict_last")}


def _policy_env(name: str, default=None):
    """An eviction-policy knob: the variable's policy ("none": no policy, ""), else
    `default` where it is unset (None: the tables' rules decide)."""
    value = os.environ.get(name)
    return default if value is None else value.replace("none", "")


# The cooperative forward's y and h stores of the row norms are marked evict_first (tl.store's
# eviction_policy: PTX st.global.L1::evict_first.L2::cache_hint): written once and not read
# again, they then leave the L2 before the slices that L2_AHEAD prefetched. v0.30 call 2
# (sweep_coop.py, GPU time, the inference variant, medians of three processes, none ->
# evict_first; results/2026-11-26-v0.30-runs/call2): LayerNorm bf16 64K / 128K / 256K / 1M
# 90.0 / 90.7 / 90.9 / 88.3 -> 91.3 / 91.9 / 91.3 / 89.1, fp16 88.1 / 90.3 / 92.4 / 89.8 ->
# 89.5 / 91.3 / 92.9 / 90.6, fp32 93.7 / 91.4 / 94.6 / 91.7 -> 95.4 / 92.3 / 94.0 / 92.2;
# RMSNorm 16-bit +0.0 to +1.1, fp32 -0.1 to +0.6; with a residual -0.5 to +1.7 (LayerNorm
# bf16 1M 92.7 -> 94.4). The x loads evict_first as well lost (-4.9 to +1.4). GroupNorm's
# rows path (call 3, sweep_groupnorm.py, NCHW, two processes) moved -0.7 to +0.9 with it
# and keeps none. FUSEDNORM_Y_EVICT=none (or another policy) for A/B runs.
Y_EVICT = _policy_env("FUSEDNORM_Y_EVICT", "evict_first")
# The tile forward's y stores keep no policy: evict_first lost 0.1-1.1 points at 1K-32K
# (v0.30 call 4, the same method).
# Backward tile path: (block, element size, is_rms, has_dh) -> (rows a step, warps,
# programs per SM) where a sweep beat bwd_config's general rule (about 4096 elements a
# step: 4 warps, 2 per SM up to block 2048). v0.19 calls 1 and 3 (sweep_coop.py, GPU time,
# % of copy, two processes; three at 512): block 256, 8192 elements a step on 8 warps, 1
# per SM: LayerNorm 16-bit 88.3-88.5 -> 89.8-89.9, with dh 91.3 -> 92.2-92.3, fp32 90.2-90.6
# -> 91.5-91.9; RMSNorm 16-bit 85.8-85.9 -> 91.6, with dh 91.3-91.7 -> 94.1-94.5, fp32
# 89.6-89.8 -> 93.5-93.8; fp32 with dh (8192 a step lost there: 73.7-81.4): LayerNorm 8
# rows / 2 warps / 4 per SM 58.7-75.9 -> 89.1-89.4, RMSNorm 16 / 8 / 1 80.6-80.8 -> 96.6.
# Block 512: LayerNorm 16-bit 4 rows / 2 warps / 4 per SM 81.5-81.6 -> 86.8-87.3, with dh
# 83.4-84.0 -> 88.4-88.6; RMSNorm 16 / 8 / 1: 16-bit 89.4-89.5 -> 91.7-91.9, with dh
# 91.1-91.7 -> 93.1-93.2, fp32 89.8-90.2 -> 93.7-94.2. Measured in bf16 and fp32; fp16
# takes bf16's. At block 1024 no variant beat the rule.
# v0.22 call 3 (the same, fp32, two processes; results/2026-11-25-h100-v0.22-runs/call3),
# rule -> entry: block 512 with dh, LayerNorm 4 / 2 / 4 91.4 -> 93.2-93.3, RMSNorm 8 / 8 / 1
# 94.6-94.8 -> 96.1-96.2; block 1024, LayerNorm 8 / 8 / 1 89.7-89.8 -> 93.3-93.5, RMSNorm
# 4 / 8 / 1 89.6-90.0 -> 93.8-94.0, with dh 95.2-95.3 -> 97.0-97.2 (LayerNorm with dh: none
# beat the rule's 4 / 4 / 2); RMSNorm with dh, block 2048 1 / 4 / 2 94.4-95.7 -> 96.6, block
# 4096 1 / 8 / 1 96.9-97.1 -> 97.7. At block 256 the table's spilling entries (32 / 8 / 1:
# 255 registers; with dh 8 / 2 / 4) still beat their spill-free neighbours (16 / 8 / 1,
# 16 / 4 / 2, 8 / 4 / 2, 4 / 2 / 4: -2 to -17).
# v0.22 call 4 (the same, bf16; fp16 takes them), rule -> entry: block 1024, 8 rows / 8
# warps / 1 per SM: LayerNorm 89.6-90.0 -> 91.2-91.6, with dh 91.6 -> 92.1, RMSNorm
# 88.3-88.7 -> 91.1-91.3, with dh 85.3-85.4 -> 93.1-93.2; block 2048, LayerNorm 4 / 8 / 1
# 89.7-90.3 -> 91.3-91.8, 4 / 16 / 1 with dh 91.0-91.1 -> 92.7-93.1, RMSNorm 4 / 16 / 1
# 89.5-89.7 -> 91.5-91.7, with dh 93.2-93.4 -> 94.6-95.0; block 4096, LayerNorm with dh
# 2 / 16 / 1 91.5-91.7 -> 92.7-93.8 (the rest within 0.5 of the rule). fp16 (call 5):
# rule -> entry at 1024 LayerNorm 90.0 -> 91.5, RMSNorm 89.3 -> 90.6-90.7; 2048 90.3 ->
# 91.5-91.8, 90.3-90.4 -> 91.6-91.7. fp32 without dh (call 5): block 2048, LayerNorm 2 / 16
# / 1 89.6-90.0 -> 94.0-94.1, RMSNorm 2 / 8 / 1 89.8-90.3 -> 95.3-95.6; block 4096,
# LayerNorm 2 / 16 / 1 92.7-92.9 -> 93.3-93.4 (RMSNorm +0.3: not taken).
# v0.25 call 2 (the same, fp32 with dh, two processes; results/2026-11-26-v0.25-runs/call2):
# block 256 LayerNorm 8 / 2 / 4 89.0-89.6 -> 4 / 2 / 6 91.1-91.2 (seven others 67.8-90.1);
# at block 512 and for RMSNorm no variant beat the table.
BWD_TILE = {  # sorted by block, element size, is_rms, has_dh
    (256, 2, False, False): (32, 8, 1), (256, 2, False, True): (32, 8, 1),
    (256, 2, True, False): (32, 8, 1), (256, 2, True, True): (32, 8, 1),
    (256, 4, False, False): (32, 8, 1), (256, 4, False, True): (4, 2, 6),
    (256, 4, True, False): (32, 8, 1), (256, 4, True, True): (16, 8, 1),
    (512, 2, False, False): (4, 2, 4), (512, 2, False, True): (4, 2, 4),
    (512, 2, True, False): (16, 8, 1), (512, 2, True, True): (16, 8, 1),
    (512, 4, False, True): (4, 2, 4), (512, 4, True, False): (16, 8, 1),
    (512, 4, True, True): (8, 8, 1), (1024, 2, False, False): (8, 8, 1),
    (1024, 2, False, True): (8, 8, 1), (1024, 2, True, False): (8, 8, 1),
    (1024, 2, True, True): (8, 8, 1), (1024, 4, False, False): (8, 8, 1),
    (1024, 4, True, False): (4, 8, 1), (1024, 4, True, True): (4, 8, 1),
    (2048, 2, False, False): (4, 8, 1), (2048, 2, False, True): (4, 16, 1),
    (2048, 2, True, False): (4, 16, 1), (2048, 2, True, True): (4, 16, 1),
    (2048, 4, False, False): (2, 16, 1), (2048, 4, True, False): (2, 8, 1),
    (2048, 4, True, True): (1, 4, 2), (4096, 2, False, True): (2, 16, 1),
    (4096, 4, False, False): (2, 16, 1), (4096, 4, True, True): (1, 8, 1),
}
# Rows past BWD_TILE_MAX that the tile path still takes, in two tiles (_tile_blocks):
# (length, element size, is_rms, has_dh) -> (rows a step, warps, programs per SM). v0.25
# call 14 (sweep_coop.py, GPU time, bf16, two processes; results/2026-11-26-v0.25-runs/
# call14): RMSNorm with dh at 12288, 8192 + 4096 on 16 warps, 1 per SM, 88.0-88.9 against
# the cooperative table's 84.9. Elsewhere at 12288 / 16384 the tile lost (LayerNorm
# 53.7-57.6 against 81.3-84.4; RMSNorm without dh 82.4-82.6 against 88.5; one padded
# 16384 tile 4.8-45.6).
# v0.27 call 10 (the same method, bf16, dh asked of the L2 in every config, two processes
# each, with the tables' flags / statistics ahead): at 12288 the cooperative 2048 / 4 / 4
# read 89.5-89.6 / 90.2-90.5 (4096 / 4 / 2 90.2-90.3), against the tile's 88.0-88.9 of v0.25
# (82.2-82.6 there with the dh prefetch, which it does not take): the entry is gone, and
# the table stays for rows a sweep finds the tile faster at.
BWD_TILE_LONG = {}
# GroupNorm's rows-path backward with a fused activation holds each row's dz (rounded to
# dy's 16-bit dtype) across the wait instead of dy, so act' is computed once per element
# (KEEP_DZ in _rownorm_bwd_kernel); fp32 computes it again after the wait. v0.16 call 1
# (sweep_gn_bwd.py, GPU time, silu, slice 2048 / 4 warps / 4 per SM, % of copy, again ->
# held): bf16 UNet 320 57.9 -> 61.0, VAE 512 54.3 -> 56.4, 3-D InstanceNorm 65.7 -> 71.4;
# fp32 78.5 -> 81.7, 78.8 -> 73.6, 95.3 -> 91.8 (held, it needs more than 128 registers:
# 3 programs per SM fit instead of 4). FUSEDNORM_KEEP_DZ=0: computed again (A/B runs).
KEEP_DZ = os.environ.get("FUSEDNORM_KEEP_DZ", "1") != "0"
# The cooperative backward's w: re-read from L1 at each use (v0.5-v0.19), or held in fp32
# registers by the program (HOLD_W; the slice's columns are the program's for all its
# rows): two loads and two conversions an element a row fewer, BLOCK_N / threads
# registers more. Static SASS (CPU, sm_90a, bf16 LayerNorm, 2048 / 4 warps / replay 2):
# 648 -> 598 instructions in the loop. v0.20 call 1 (sweep_coop.py, GPU time, library
# configs, % of copy, one process each, off -> on; results/2026-11-26-h100-v0.20-runs):
#   16-bit LayerNorm 2048 / 4 / 4 replay 2 (12288-64K): 83.4 / 84.7 / 89.1 / 84.3 ->
#     84.1 / 85.5 / 91.2 / 86.7; but 4096 / 4 / 2 (128K, 256K) 87.5 / 86.5 -> 82.9 / 83.3
#     (255 registers, 64 B spilled) and 8192 / 8 / 1 (1M) 79.6 -> 77.9;
#   16-bit RMSNorm 2048 / 4 / 4 (12288-256K) 82-89 -> 80-83 (150 registers: 3 programs
#     fit an SM, not 4); 8192 / 8 / 1 (1M) 73.1 -> 80.6 (40a04f9: 79.3-79.5);
#   fp32 8192 at 1M: LayerNorm (16 warps) 83.3 -> 85.9, RMSNorm (8) 76.3 -> 79.1; fp32
#     1024 / 4 (12288-128K) within +-1.3 either way, not taken.
# So held where it won: HOLD_W_CONFIGS, (element size, is_rms, has_dh, slice, warps,
# replay). FUSEDNORM_HOLD_W=1 holds w in every cooperative backward, 0 in none (A/B
# runs); unset, the table decides. v0.21 call 1: 16-bit RMSNorm's 2048 / 4 / 5 with
# replay 2 (64K) 84.5-84.6 -> 86.0 held (95 registers: 5 programs per SM still fit), so
# it is held; its 2048 / 4 / 4 without replay (150 registers held) is not.
# v0.21 call 2 (the same, the backward with dh, library configs, off -> held, two
# processes each): 16-bit LayerNorm 2048 / 4 / 5 replay 2 (12288 / 64K / 256K) 80.7 /
# 81.8 / 81.2 -> 81.2 / 82.1-82.5 / 82.4-82.6, 8192 / 16 / 1 replay 2 (1M) 78.2 -> 79.0-79.2;
# 16-bit RMSNorm 8192 / 8 / 1 (1M) 75.8-75.9 -> 76.9, but 2048 / 4 / 4 (12288-256K) 84-86
# -> 76-78; fp32 LayerNorm 8192 / 16 / 1 replay 1 (1M) 87.0 -> 94.8-95.2, but 2048 / 8 / 3
# replay 1 92.9-93.7 / 91.5 -> 88.1-88.8 at 64K / 256K (+1 at 12288); fp32 RMSNorm 2048 /
# 4 / 4 replay 1 (12288 / 64K) 90.7-92.7 / 94.3-95.0 -> 90.4-93.4 / 96.3-97.2, 8192 / 16 /
# 1 replay 1 (1M) 87.6-88.0 -> 88.2-88.6, but 2048 / 4 / 4 without replay (256K) 95.0-95.4
# -> 89.5.
# v0.28: fp32 RMSNorm's 1M entry is 8192 / 8 / 1 without the replay now, held; 16-bit
# RMSNorm's 2048 / 4 / 4 held with late terms, with and without dh (BWD_COOP).
HOLD_W_CONFIGS = {  # (16-bit RMSNorm's 2048 / 4 / 5 replay 2 left the table in v0.27)
    (2, False, False, 2048, 4, 2), (2, True, False, 8192, 8, 0), (2, True, False, 2048, 4, 0),
    (2, True, True, 2048, 4, 0),
    (4, False, False, 8192, 16, 1), (4, True, False, 8192, 8, 0),
    (2, False, True, 2048, 4, 2), (2, False, True, 8192, 16, 2), (2, True, True, 8192, 8, 0),
    (4, False, True, 8192, 16, 1), (4, True, True, 2048, 4, 1), (4, True, True, 8192, 16, 1),
}
_HOLD_ENV = os.environ.get("FUSEDNORM_HOLD_W")
HOLD_W = None if _HOLD_ENV is None else _HOLD_ENV != "0"
# The backward with dh (add_*_norm's) reads dh once, when it finishes a row, after the
# wait for the row's partials (cooperative) or the step's reductions (tile), where no
# load of it is in flight: DH_L2 asks the L2 for it a step earlier (one bulk prefetch a
# row, no registers). v0.26 call 3 (sweep_coop.py, GPU time, two processes, the table's
# configs, none -> DH_L2; results/2026-11-26-v0.26-runs/call3-4): 16-bit RMSNorm on slices
# of 2048 / 4 warps / 4 per SM (16K-256K) bf16 84.0-85.9 -> 89.0-91.3, fp16 84.2-86.3 ->
# 89.3-91.5; fp32 RMSNorm 8192 / 16 / 1 replay 1 (1M) 88.6-88.8 -> 92.5-93.0. It lost on
# the others: 16-bit LayerNorm's cooperative configs -3 to -8 (12288-256K), 16-bit
# RMSNorm at 1M -7 and on the 12288 tile (BWD_TILE_LONG) -6 to -8, fp32 elsewhere -1 to
# -14. The 16-bit LayerNorm's replay-2 configs lost there with dh asked two steps before
# its finish; one step before (the kernel's form since), v0.26 call 4 (the same method):
# bf16 81.2-84.5 -> 84.2-86.4 at 12288-256K, 79.2-79.5 -> 80.6-80.8 at 1M; fp16 81.5-85.2
# -> 84.3-87.2, 79.3-79.5 -> 82.4-82.5. Cooperative configs (element size, is_rms, slice,
# warps, replay) that take it; the tile path's are in bwd_config.
# v0.27 call 7 (the same method, three processes each, at 1M): fp32 RMSNorm's 8192 / 16 / 1
# replay 1 read 84.9-85.7 with it and 88.3-88.9 without (call 6 alike: 84.6 against 89.1),
# as the bench had read it as called (v0.26: 85.4% with it, v0.25: 88.7 without), against
# call 3's 88.6 -> 92.5: taken out. The others at 1M kept their readings (16-bit LayerNorm
# 79.4-79.6 -> 80.8-82.6 with it; fp32 LayerNorm and 16-bit RMSNorm, which do not take it,
# lose 8-14 with it).
DH_L2_CONFIGS = {(2, False, 2048, 4, 2), (2, False, 8192, 16, 2), (2, True, 2048, 4, 0)}
# The cooperative backward's mean and rstd of a row: loaded at its terms (in the PREFETCH
# schedule a DRAM round trip each row before the program can publish; in REPLAY's finish
# after the wait), or with STATS_AHEAD a step earlier, with the row's x and dy (PREFETCH;
# two scalars carried) or before the wait (REPLAY). v0.26 call 6 (sweep_coop.py, GPU time,
# two processes, the two trees alternated; results/2026-11-26-v0.26-runs/call6), at the
# terms -> ahead: 16-bit LayerNorm 4096 / 4 / 2 (128K / 256K) 85.9-86.3 / 88.0-88.3 ->
# 89.1-89.3 / 90.1-90.2, 8192 / 8 / 1 (1M) 80.5-80.7 -> 81.1; 16-bit RMSNorm 2048 / 4 / 4
# (16K / 32K / 128K / 256K) 88.9-89.2 / 89.5-89.7 / 87.3-88.0 / 86.3-87.2 -> 90.1-90.3 /
# 92.0-92.6 / 89.4-90.8 / 87.1-87.6 (12288 level), 8192 / 8 / 1 (1M) 83.5-83.6 -> 87.9-88.1,
# with dh 16384 / 32 / 1 replay 1 (1M) 79.7-80.4 -> 85.8-86.0 (call 7 again: 80.0-80.3 ->
# 85.3-86.2, the others within a point of call 6). It lost in fp32 RMSNorm (1024 / 4 / 5,
# 12288-64K, -3 to -4; 1M replay 2 -5) and was mixed elsewhere (fp32 LayerNorm 1024 / 4 /
# 4 at 12288 +5, 16K -1.4; replay 1 at 32K +1 in call 6, -0.1 to +2.2 in call 7, and 89%
# as called in call 8 against 91% in v0.25's run: not taken); on the tile path it lost at
# 256-4096 (fp32 LayerNorm 256 92.6 -> 74.2). Configs (element size, is_rms, has_dh,
# slice, warps, replay) that take it. v0.28 calls 3-4 and 2, 6: 16-bit LayerNorm's 2048 / 4 /
# 4 and fp32 RMSNorm's 8192 / 8 / 1 at 1M, each with late terms (BWD_COOP's comment).
STATS_AHEAD_CONFIGS = {(2, False, False, 2048, 4, 0), (2, False, False, 4096, 4, 0),
                       (2, False, False, 8192, 8, 0),
                       (2, True, False, 2048, 4, 0), (2, True, False, 4096, 4, 0),
                       (2, True, False, 8192, 8, 0), (2, True, True, 2048, 4, 0),
                       (2, True, True, 16384, 32, 1), (4, True, False, 8192, 8, 0)}
# FUSEDNORM_STATS_AHEAD=0 / 1: every cooperative backward loads them early (or none does),
# whatever its config (A/B runs; unset: STATS_AHEAD_CONFIGS).
_AHEAD_ENV = os.environ.get("FUSEDNORM_STATS_AHEAD")
STATS_AHEAD = None if _AHEAD_ENV is None else _AHEAD_ENV != "0"
# The cooperative words' tags: the launch's base plus the row (the form of v0.14 and
# before, when a zeroed workspace per call let the tag be row + 1; coop_workspace then
# hands a launch M tags), or one tag per launch (FUSEDNORM_ROW_TAG=0, v0.15-v0.16). The
# 16-bit RMSNorm forward lost 4-5 points with the one tag, though the PTX differs only in
# how the tag is formed. v0.17 call 1 (sweep_coop.py, GPU time, bf16, % of copy, two
# processes each, one tag -> base + row): RMSNorm forward 8192 / 8 / 2 at 64K 84.5-84.8
# -> 88.7-88.9, at 1M 81.6-82.0 -> 84.4-85.2, 4096 / 4 / 4 at 64K 88.0-88.1 -> 89.8-89.9;
# LayerNorm forward within 0.6; backward LayerNorm 64K 76.5 -> 77.8-78.0, RMSNorm 1M
# 69.8-70.2 -> 70.9-71.3, the others within 0.7.
ROW_TAG = os.environ.get("FUSEDNORM_ROW_TAG", "1") != "0"
# GroupNorm's rows-path forward (w and b one value per slice: no parameter re-reads), by
# element size. v0.16 call 4 (sweep_gn_bwd.py with GNB_MODE=fwd, GPU time, % of copy, none
# / silu, LayerNorm's first choice -> slice 4096 / 4 warps / 4 per SM): bf16 (from 4096 /
# 8 / 4) UNet 320 68.9 / 60.9 -> 73.1 / 64.7, VAE 512 63.4 / 57.8 -> 69.2 / 61.9, VAE 256
# 72.5 / 64.0 -> 74.0 / 68.7, 3-D InstanceNorm 81.7 / 71.8 -> 86.1 / 79.7; fp32 (from 8192
# / 8 / 1, two rows a step) VAE 512 79.1 / 74.6 -> 87.1 / 84.9, VAE 256 86.4 / 81.3 -> 89.9
# / 90.2, 3-D 92.9 / 88.6 -> 96.6 / 96.1, and UNet 320 (whose channels of 4096 the 8192
# slice does not fit: the group path before) 85.7 / 85.3. 2048 / 4 / 8, 2048 / 8 / 4, 8192
# / 8 / 2 and 4096 / 8 / 2 were behind it at every shape. VAE 128 (4096 needs more
# programs per row than SMs) keeps 8192 / 8 / 2 (bf16 76.0 / 69.4) and fp32 8192 / 8 / 1
# (89.2 / 84.2).
# v0.46 call 8 (sweep_groupnorm.py --fwd-only, GPU time, one process per dtype, alternated
# twice; results/2026-11-27-v0.46-runs/call8): 4096 / 4 at 5 an SM (cap 96) with the held
# row as int32 words (GN_FWD_PACK16_CONFIGS: 95-96 registers, no spill; bf16 spills 48-64
# B without them) against 4 an SM: VAE 256 (GROUP 128) bf16 81.7 / 80.5 -> 85.9 / 86.3,
# fp16 80.1 / 80.7 -> 85.7 / 86.5, bf16 silu 76.0 / 74.7 -> 79.5 / 80.3; at GROUP 64 VAE
# 512 (64 rows) gained in bf16 / fp16 (76.0-76.9 -> 78.0-79.4), mixed with silu (69.1 /
# 70.8 -> 70.6 / 69.8), but InstanceNorm 8x64x64^3 (512 rows) lost 0.8-1.5 in all three;
# UNet 320 (GROUP 10) level. So from GROUP 128 (the eighth field). The words alone at 4
# an SM: -2.5 to +1.0.
GN_FWD_COOP = {2: ((4096, 4, 5, True, 1, 0, 1, 128),) + FWD_COOP_LN16,
               4: ((4096, 4, 4),) + FWD_COOP_FP32}
# ... and, by element size, entries before GN_FWD_COOP's for launches of at most
# GN_FWD_FEW_ROWS rows (fwd_config's few_rows). v0.47 call 1 (sweep_groupnorm.py --fwd-only,
# GPU time, one process per dtype, alternated twice; results/2026-11-27-v0.47-runs/call1):
# 4096 / 4 at 5 an SM with words from GROUP 64 against the table's 4 an SM there, by row
# count (rows of 262144): VAE 512 at N = 1 (32 rows) bf16 69.0-69.1 -> 70.4-70.5, fp16
# 69.4-69.7 -> 71.4-71.6; N = 2 (64) bf16 75.3-75.9 -> 78.0-78.6, fp16 76.2 -> 78.8-79.7;
# InstanceNorm 64^3 at N = 1 (64 rows) level (78.3-80.0 -> 78.8-80.4); with silu within
# 0.6 at these. At 128 rows mixed (VAE 512 N = 4 bf16 84.4-84.6 -> 85.7 / 80.9, fp16
# 85.2-85.9 -> 85.7-86.5; InstanceNorm N = 2 -1.3 to +0.7), at 256 and 512 lower (VAE 512
# N = 8 +0.2 to -1.8, InstanceNorm N = 4 / 8 -0.5 to -4.3 but one low reading of the
# table's, 80.9).
GN_FWD_FEW_ROWS = 64
GN_FWD_COOP_FEW = {2: ((4096, 4, 5, True, 1, 0, 1, 64),), 4: ()}
# GroupNorm's rows-path forward on slices of a channel (fwd_config's channel), by element
# size: where GN_FWD_COOP's slice does not lie within a channel, or the group is short
# enough for the tile path (whose w and b are per column), as GN_BWD_CHANNEL for the
# backward. v0.41 call 7 (sweep_groupnorm.py, GPU time, % of copy, contiguous forward,
# the group path -> slices of 1024 on 2 warps 8 an SM / 1 warp 16 an SM / 2 warps 6 / 4
# warps 4): bf16 UNet 640 (16x640x32x32) 73.6 -> 66.2 / 78.3 / 60.9 / 45.5, 16x1280x32x32
# 68.0 -> 73.2 / 78.3 / 68.0 / 48.1, 16x512x32x32 81.7 -> 65.7 / 78.3 / 60.0 / 46.8; fp32
# 62.8 -> 80.8 / 81.4 / 79.8 / 73.0, 69.0 -> 86.1 / 81.3 / 83.8 / 79.6, 74.0 -> 78.2 /
# 78.8 / 77.8 / 72.6. Where it runs: groupnorm.ROWS_FWD_CHANNEL_MIN_BYTES.
GN_FWD_CHANNEL = {2: (1024, 1, 16, True, 1, 0, 1), 4: (1024, 2, 8, True, 1, 0, 1)}
# ... before GN_FWD_COOP's entries for rows of at most this many of its slices, by element
# size (as GN_BWD_CHANNEL_FIRST). None: {2: 64} moved 16-bit cells by -1.5 to +3.4 points,
# within the forward's spread between settings (v0.42 call 13: 16x256x64x64 79.4 -> 80.1,
# UNet 320 81.2 -> 79.7 fp16).
GN_FWD_CHANNEL_FIRST = {}
# GroupNorm's rows-path backward where GN_BWD_COOP's slice does not lie within a channel
# (AFFINE 2 needs S a multiple of it): channels of 1024 positions (32 x 32) and odd
# multiples of it took the group path. Slices of 1024 on 2 warps, 8 per SM (fp32 still;
# 16-bit until v0.45, below); v0.40 calls 14-15 (sweep_gn_bwd.py, GPU time, group path
# -> this, two processes at UNet 640): 16x640x32x32 bf16 51.6 / 51.0-52.1 -> 58.1 /
# 58.4, silu 49.4-49.6 -> 55.6, fp32 57.1-58.2 -> 74.1; 16x1280x32x32 (SDXL) bf16 58.1 ->
# 71.6, silu 41.9-42.1 -> 67.9, fp32 53.0-53.4 -> 82.4. Against 1024 / 2 / 6 (56.1, 67.1)
# and 1024 / 4 / 4 (45.5, 53.2; fp32 70.9, 81.4).
# v0.45 call 1 (sweep_groupnorm.py, GPU time, one process each, default -> 1 warp 12 an SM
# with the held row's terms after the wait and, without an activation, the held row as
# int32 words; results/2026-11-27-v0.45-runs/call1): bf16 UNet 640 67.8 / 68.7 -> 72.5 /
# 73.2, UNet 320 78.0 / 76.7 -> 81.1 / 81.3; fp16 66.2 / 69.1 -> 73.0 / 72.5, 79.1 / 77.9 ->
# 81.6 / 80.8; bf16 silu (terms late, not packed) 65.0 / 65.5 -> 69.7, 73.8 / 73.8 -> 79.5.
# bf16 on 1 warp unpacked: 63.7 / 57.8 (terms before the wait; 225 registers uncapped, 168
# with words: 12 an SM fit), 68.5 / 68.2 (terms late). 16 an SM (cap 128): 59.0-59.7 /
# 63.2-64.2 packed (68-76 B spilled), 24.8 / 21.5 bf16 unpacked. Call 2 (another process
# each, new / old alternated twice): bf16 UNet 640 72.1-72.6 against 67.8-68.1, UNet 320
# 81.8 / 75.4-77.8, 16x1280x32x32 81.1-81.3 / 78.1-78.4, 16x256x64x64 79.1-79.4 /
# 75.8-75.9, 16x640x32x64 80.6-80.9 / 77.8-78.6; fp16 +1.7 to +4.6, bf16 silu +3.5 to
# +6.4 (every shape above; least and most of the runs' differences).
# Call 6: 13 and 14 an SM (capped at 152 / 144, no spill) lost 9.5-18.6 points everywhere.
GN_BWD_CHANNEL = {2: (1024, 1, 12, True, 1, 0, 1), 4: (1024, 2, 8, True, 1, 0, 1)}
# GroupNorm's rows path (AFFINE > 0: w and b one value per slice, a fused activation),
# by element size. v0.16 call 1 (sweep_gn_bwd.py, GPU time, % of copy, LayerNorm's
# first choice -> slice 2048 / 4 warps / 4 per SM; none / silu, silu with KEEP_DZ in
# 16-bit): bf16 UNet 320 59.3 / 50.1 -> 66.5 / 61.0, VAE 512 58.7 / 49.5 -> 60.9 / 56.4,
# 3-D InstanceNorm 72.2 / 61.2 -> 77.1 / 71.4; fp32 (from 2048 / 8 warps / 2 per SM) UNet
# 320 75.1 / 67.3 -> 86.1 / 78.5, VAE 512 69.0 / 63.6 -> 81.5 / 78.8, 3-D 80.5 / 73.2 ->
# 97.8 / 95.3. 2048 / 8 / 2 lost everywhere (36-50% bf16); 1024 / 4 / 8 (7 fit) matched
# 2048 only at UNet 320 (bf16 59.7, fp32 87.0), the one shape where it fits the SMs.
# Where 2048 needs more programs per row than SMs (VAE 256 and 128), LayerNorm's choices
# of v0.16 (v0.17's replay not measured for GroupNorm).
# v0.17 call 5 (sweep_gn_bwd.py, two processes, none / silu): fp32 where 2048 does not fit
# takes slices of 8192 with 16 warps and the L2 replay, 2 rows deep: VAE 256 (L = 512K)
# 69.8 / 60.6 (4096 / 8 / 1) -> 71.0 / 68.1 (8192 / 16 / 1 without replay: 74.4 / 72.8, not
# measured at 1M), VAE 128 (L = 1M) 68.5 / 64.2 on the rows path, which it left before
# (two rows live measured 51.8 against the group path's 59.7 in v0.10). bf16 keeps its
# schedules: VAE 128 60.4 -> 60.9 (16 warps, replay 2), with silu 53.1 -> 41.
# v0.31 calls 4-5 (sweep_gn_bwd.py, InstanceNorm 2x32x128^3 contiguous: groups of 2M, more
# than 8192 x SMs, which took the split path, 457 us bf16 / 895 us fp32 as called):
# slices of 16384 on 16 warps, replay 1, GPU time, none / silu: bf16 330.7 / 493.5 us
# (80.9% / 54.2%), with the L2 prefetch as well 332.5 / 387.9 us (80.5 / 69.0), fp16 alike
# (81.4 / 68.6 with it); fp32 801.8 / 836.1 us (66.8 / 64.1), with the prefetch 1083 us.
# v0.40 calls 10, 14, 15 (sweep_gn_bwd.py, GPU time, bf16; results/2026-11-27-v0.40-runs):
# rows of 262144 (GROUP 128 on slices of 2048) took slices of 4096, 2 per SM (GROUP 64):
# VAE 512 (64 rows) 66.3 / 65.8-66.0 / 63.0-65.4 -> 68.7 / 69.1 / 68.8 in three processes,
# with silu level (60.0-61.3 -> 60.4-61.2); InstanceNorm 3-D 64^3 (512 rows) 89.4 -> 91.6,
# silu 83.0 -> 84.1. So slices of 2048 up to GROUP 64 (the ninth field), 4096 past it.
# v0.46 call 1 (sweep_groupnorm.py, GPU time, one process per dtype, alternated twice;
# results/2026-11-27-v0.46-runs/call1): 4096 / 4 at 3 an SM (cap 168) with the held row's
# terms after the wait and, without an activation, the held row as words (GN_LATE_TERMS /
# GN_PACK16_CONFIGS; 215-225 registers uncapped in bf16, 157-168 in fp16), against 2 an SM:
# bf16 VAE 256 78.0 / 77.8 -> 80.6 / 80.7, InstanceNorm 8x64x64^3 91.3 / 91.6 -> 94.3 /
# 94.3; fp16 79.5 / 79.3 -> 81.6 / 81.7, 92.6 / 92.6 -> 94.4 / 94.1; bf16 silu 71.9 / 73.4
# -> 77.9 / 77.6, 83.6 / 84.1 -> 91.6 / 91.6. Terms late without the words in bf16: 67.9,
# 76.8 (v0.44 call 4: 3 an SM with neither, VAE 512 60.0).
# v0.46 call 2 (the same way): the first entry, 2048 / 4, at 5 an SM (cap 96; 94-96
# registers with terms late and words, none spilled; bf16 spills 36 B without) against 4:
# bf16 VAE 512 72.8 / 73.5 -> 76.3 / 76.4, InstanceNorm 8x128x32^3 83.4 / 82.3 -> 85.9 /
# 85.8; fp16 73.1 / 73.2 -> 75.2 / 76.6, 82.8 / 84.3 -> 85.2 / 86.7; bf16 silu 67.0 / 67.0
# -> 70.2 / 70.7, 78.8 / 78.8 -> 81.1 / 81.2. VAE 128's 8192 / 8 / 1 on 16 warps (111-128
# registers) lost 5.0-6.5 points, with terms late and words 7.6-9.2.
# v0.46 call 3 (the same way): rows of 16384 (InstanceNorm 16x64x128x128, on the rows path
# since then: groupnorm.ROWS_BWD_MIN_BYTES) on GN_BWD_CHANNEL's schedule, 1024 / 1 warp /
# 12 an SM, terms late, words: bf16 77.7 / 77.5, fp16 78.1 / 78.2, bf16 silu 77.1 / 77.0,
# against 2048 / 4 / 5 77.7 / 77.6, 77.0 / 77.3, 70.1 / 70.4 and the group path 77.3 /
# 76.6, 77.3 / 77.3, 65.5 / 65.5; at GROUP 32 (InstanceNorm 8x128x32^3) it lost in bf16
# and fp16 (83.1-83.5 against 85.2-86.2), so up to GROUP 16.
# fp32 rows past 2048 x SMs (v0.46 call 6, the same way; v0.17's 8192 / 16 / 1 with the L2
# replay 2 rows deep before): VAE 256 (524288) on 4096 / 8 / 2 73.1 / 73.2 -> 87.8 / 88.4,
# silu 69.8 / 70.2 -> 82.8 / 83.0 (8192 / 16 / 1 without the replay 88.1 / 88.9, silu
# 76.2 / 76.6); VAE 128 (1M: 4096 needs GROUP 256) on 8192 / 16 / 1 without the replay
# 71.5 / 71.7 -> 90.7 / 91.7, silu 67.5 / 68.1 -> 83.0 / 83.8 (128 registers, no spill).
GN_BWD_COOP = {2: (GN_BWD_CHANNEL[2] + (1, 16),  # (its schedule, up to GROUP 16)
                   (2048, 4, 5, True, 1, 0, 1, 1, 64),
                   (4096, 4, 3, True, 1, 0, 1), (8192, 8, 1, True, 1, 0, 1),
                   (16384, 16, 1, True, 1, 1, 1)),
               4: ((2048, 4, 4), (4096, 8, 2, True, 1, 0, 1), (8192, 16, 1, True, 1, 0, 1),
                   LONG_BWD)}
# ... for GroupNorm rows of several channels (bwd_config's `channel`), by element size:
# with the per-channel sum (FINAL_SUM 2, v0.43) 16-bit slices of 2048 run up to GROUP
# 128. v0.44 call 4 (sweep_groupnorm.py, GPU time, bf16, table -> 2048 / 4 / 4 at GROUP
# 128): VAE 512 (16 channels a row of 262144) 69.9 -> 74.0 (4096 / 4 / 3 an SM: 60.0, 4 an
# SM: 23.0); InstanceNorm 8x64x64^3 (rows of one channel, which keep GN_BWD_COOP) 90.7 ->
# 89.2. Call 7 (another process, on / off alternated twice): bf16 73.0 / 73.4 against 70.0
# / 69.4, fp16 73.8 / 72.8 against 70.1 / 70.1, bf16 silu 66.5 / 66.8 against 62.1 / 62.1.
# v0.46 call 11 (sweep_groupnorm.py, GPU time, one process each, alternated twice): VAE
# 512 on 4096 / 4 / 3 with terms late and words (GROUP 64) against 2048 / 4 / 5 at GROUP
# 128: bf16 75.4 / 76.2 -> 78.4 / 78.5, fp16 76.4 / 76.8 -> 78.4 / 79.0, bf16 silu 69.5 /
# 70.0 -> 68.6 / 70.9. So GN_BWD_COOP's entries but its slices of 1024 (rows of several
# channels up to 64 of them take GN_BWD_CHANNEL first: GN_BWD_CHANNEL_FIRST).
GN_BWD_COOP_CHANNELS = {2: GN_BWD_COOP[2][1:], 4: GN_BWD_COOP[4]}
# ... and, by element size, before GN_BWD_COOP's entries for GroupNorm rows of several
# channels (slices within a channel) that take at most this many of its slices. v0.42
# calls 10-11 (sweep_groupnorm.py, GPU time, the table's slices -> GN_BWD_CHANNEL's, one
# process each): 16x256x64x64 (rows of 8 x 4096) bf16 61.0 -> 73.1, fp16 62.0 -> 74.8, bf16
# silu 56.8 -> 69.9; 16x640x32x64 (20 x 2048) 73.4 -> 76.5, 72.7 -> 78.2, 69.1 -> 73.1; UNet
# 320 (10 x 4096) 77.1 -> 76.8, 76.6 -> 78.2, 71.8 -> 73.7. InstanceNorm 8x128x32^3 (no
# channels within a row) lost 82.7 -> 80.2 in bf16, so rows of one channel keep the table;
# fp32 at 16x640x32x64 was level (85.4 -> 84.8). Longer rows (the VAE shapes' 256K-1M:
# 256+ slices) keep the table's.
GN_BWD_CHANNEL_FIRST = {2: 64}
# Loop path (PATH 2): chunk width and warps, best or within 2% of best at 32K-1M in the
# v0.1 sweep (forward 61.6% at 256K; backward 54.2% at 32K with one program per SM).
LOOP_BLOCK_N, LOOP_WARPS = 8192, 16
INTERPRETER_COOP_MAX = 65536
# How a cooperative program waits for the partials of a row (see _collect_rows). With 0,
# one spin over the tagged words, the H100 gave rows with one slice's partial missing
# (benchmarks/diag_coop.py trials, N = 128K-1M: 84 bad rows forward and 123 backward in
# v0.9): the tile of partials is smaller than the program, so threads hold copies of the
# same word, and a copy loaded before another thread's load saw the tag can be stale
# while the program-wide count says every tag is in. 1 spins again after a barrier, 2
# waits on a release/acquire counter per row; both gave no bad row, and 1 was faster
# (v0.5 coopsync logs). 3, the default since v0.9, pads the tile to one word per thread
# (one owner per word, no stale copy) and spins once: no bad row in the same trials, and
# faster than 1 at the rows suite's cooperative shapes (sweep_coop, GPU time, % of copy,
# SYNC 1 -> 3): bf16 RMSNorm forward 64K / 256K / 1M 83.5 / 81.2 / 73.3 -> 88.1 / 88.2 /
# 84.7, LayerNorm backward 16K-1M 68.8 / 66.0 / 62.1 / 54.2 -> 73.3 / 72.5 / 71.8 / 62.5,
# fp32 LayerNorm forward 71.9 / 70.4 / 58.8 -> 79.8 / 80.9 / 74.4 (bf16 LayerNorm forward
# 72.6 / 69.0 / 67.4 -> 71.7 / 63.4 / 66.7, within these runs' spread of +-5 points).
# 4 (v0.13): each thread spins on its own words in inline PTX (_spin_each), so a poll
# costs no block-wide count; the interpreter has no inline assembly and takes 3.
# GPU-tested (test_cooperative_sync_modes) but not better in general: against 3
# (sweep_coop.py, GPU time, % of copy, three to five alternated runs each, results/
# 2026-11-23-h100-v0.13-runs/calls 3-5) LayerNorm backward fp32 at 1M (8192 / 8 warps,
# two rows live) 53.2-54.5 -> 61.8-62.5, bf16 at 16K / 64K 74 -> 78-79, fp32 LayerNorm
# forward at 64K 83-85 -> 90; but RMSNorm backward at 256K 82.4 -> 67.0 (bf16) and 95.5 ->
# 82.6 (fp32), RMSNorm fp32 forward at 1M 95.1 -> 85.1, LayerNorm backward at 12288 -2.4
# to -3.0. So since v0.14 each config has its own (SYNC4 below: 4 where it measured
# faster, 3 elsewhere). FUSEDNORM_COOP_SYNC (1, 2, 3 or 4), or assigning this attribute
# (0 too, as diag_coop.py does), forces one mode on every cooperative launch, for sweeps
# and tests; None, the default, is the per-config choice.
_SYNC_ENV = os.environ.get("FUSEDNORM_COOP_SYNC")
COOP_SYNC = int(_SYNC_ENV) if _SYNC_ENV else None
if COOP_SYNC not in (None, 1, 2, 3, 4):
    raise ValueError(f"FUSEDNORM_COOP_SYNC must be 1, 2, 3 or 4, got {COOP_SYNC}")
# Where SYNC 4 is the default: (kernel, element size, is_rms) -> {slice: (least GROUP,
# most GROUP, powers of two only)}; every other cooperative config waits with 3. LayerNorm
# only, and only where it was measured: plain forwards (not with a residual), backwards
# without dh (not add_layer_norm's), not GroupNorm's rows path (_prepare_fwd/_prepare_bwd
# with channels). Measured (sweep_coop.py, GPU time, % of copy, SYNC 3 -> 4, default
# configs; results/2026-11-24-h100-v0.14-runs/call1, agreeing within 1.5 points with the
# repeated v0.13 cells):
#   bwd 16-bit, 4096 / 4 warps / 2 per SM, by GROUP: 3 74.0 -> 71.1, 4 74.4 -> 79.0, 6
#     74.6 -> 70.2, 8 75.1 -> 79.4, 12 75.3 -> 68.6, 16 73.6 -> 78.2, 32 73.1 -> 74.3, 64
#     72.5 -> 71.0, 128 69.1 -> 61.6: 4 wins where GROUP is a power of two up to 32 and
#     loses elsewhere (the padded lanes of GROUP_P2). (Since v0.17 BWD_COOP takes slices
#     of 2048 with replay first, so this entry reaches only sweeps' 4096 configs.)
#   bwd fp32, 2048 / 8 / 2: 6 81.3 -> 79.1, 8 81.6 -> 86.3, 12 82.4 -> 77.9, 16 79.3 ->
#     85.5, 24 84.6 -> 84.7, 32 83.6 -> 83.4, 64 83.7 -> 79.8, 128 81.6 -> 78.3; 4096 / 8 /
#     1 at 512K 74.8 -> 71.8; 8192 / 8 / 1 two rows live at 1M 52.9 -> 61.9 (v0.13: 53.2-54.5
#     -> 61.8-62.5). 16-bit 8192 / 8 / 1 at 1M 64.6 -> 63.3 stays 3.
#   fwd fp32, 8192 / 8 / 1, 2 rows a step: 6 79.8 -> 83.0, 8 84.5 -> 90.1, 16 83.4 -> 86.3,
#     32 80.0 -> 83.7, 64 79.4 -> 86.4, 96 68.4 -> 65.3, 128 75.7 -> 73.0.
#   fwd 16-bit: 4096 / 8 / 4 (GROUP 12-128) within 2.2 points, 3 ahead; 8192 / 8 / 2 (above
#     4096 x SMs) GROUP 96 58.3 -> 66.5, 128 62.2 -> 75.4 (v0.13: 70 -> 75.7).
SYNC4 = {
    ("bwd", 2, False): {4096: (4, 16, True)},  # (32: measured without prefetch; see BWD_COOP)
    ("bwd", 4, False): {2048: (8, 16, True), 8192: (1, 1 << 20, False)},
    ("fwd", 4, False): {8192: (1, 64, False)},
    ("fwd", 2, False): {8192: (1, 1 << 20, False)},
}


def _sync(cfg: Optional["LaunchConfig"] = None) -> int:
    """The SYNC constexpr of a cooperative launch with config cfg: COOP_SYNC where forced,
    else the config's own choice (3 without a config); 3 for 4 in the interpreter."""
    sync = COOP_SYNC if COOP_SYNC is not None else (cfg.sync if cfg is not None else 3)
    return 3 if sync == 4 and interpreting() else sync


# Whether cooperative forward launches cap registers per thread so that programs_per_sm
# programs fit (_reg_cap).
COOP_REG_CAP = os.environ.get("FUSEDNORM_COOP_REG_CAP", "1") != "0"
# Whether cooperative launches are sized for the programs that fit an SM (_fit).
COOP_FIT = os.environ.get("FUSEDNORM_COOP_FIT", "1") != "0"
# Nanoseconds a waiting cooperative program sleeps between polls (_spin; 0: none). The
# interpreter has no inline assembly, so it never sleeps.
COOP_BACKOFF = int(os.environ.get("FUSEDNORM_COOP_BACKOFF", "0"))


def _backoff() -> int:
    return 0 if interpreting() else COOP_BACKOFF


# FUSEDNORM_L2_AHEAD=k: every cooperative launch prefetches k steps ahead (_prefetch_l2),
# whatever its config's l2_ahead (A/B runs; unset: the configs' own).
_L2_ENV = os.environ.get("FUSEDNORM_L2_AHEAD")
L2_AHEAD = int(_L2_ENV) if _L2_ENV else None


def _l2_ahead(cfg) -> int:
    if interpreting() or cfg.path != COOP:
        return 0
    return cfg.l2_ahead if L2_AHEAD is None else L2_AHEAD


# The cooperative forward's bulk L2 prefetches with an evict_last cache policy (L2_HINT):
# 16-bit RMSNorm without a residual, where a row takes at most L2_HINT_MAX_GROUP programs.
# v0.30 call 13 (sweep_coop.py, GPU time, bf16, two processes, the inference variant, none
# -> evict_last on every prefetch; results/2026-11-26-v0.30-runs/call13): RMSNorm 64K /
# 128K 93.6-94.0 / 93.4-93.6 -> 94.7 / 94.5-94.8, 256K (GROUP 64) 95.4 -> 96.1 / 93.9, 1M
# level; LayerNorm lost (bf16 128K / 256K 90.1-92.7 -> 88.5-88.9, fp32 128K 91.2-93.1 ->
# 82.2-83.1). FUSEDNORM_L2_HINT=1 / 0 puts it on every prefetching forward / on none (A/B
# runs; unset: this rule).
L2_HINT_MAX_GROUP = 32
_HINT_ENV = os.environ.get("FUSEDNORM_L2_HINT")
L2_HINT = None if _HINT_ENV is None else _HINT_ENV != "0"


def _l2_hint(cfg) -> bool:
    if _l2_ahead(cfg) == 0:
        return False
    return cfg.l2_hint if L2_HINT is None else L2_HINT


# FUSEDNORM_DH_L2=0 / 1: every backward with dh prefetches dh (or none), whatever its
# config's dh_l2 (A/B runs; unset: the configs' own).
_DH_L2_ENV = os.environ.get("FUSEDNORM_DH_L2")
DH_L2 = None if _DH_L2_ENV is None else _DH_L2_ENV != "0"


def _dh_l2(cfg, has_dh: bool) -> bool:
    if interpreting() or not has_dh or cfg.path == LOOP:
        return False
    if cfg.path == COOP and not (cfg.replay or cfg.prefetch):
        return False  # the two-rows-live schedule has no such prefetch
    return cfg.dh_l2 if DH_L2 is None else DH_L2


# The tile backward with dh (the residual forms, N <= 8192) added dh to dx by a load issued
# after the step's two reductions, so its latency was exposed once a step (their barriers
# hold every warp of the program). DH_EARLY issues it at the step's start, beside the next
# step's x and dy, for the (block, element size, is_rms) below. v0.34 call 9 (sweep_coop.py,
# GPU time, the library's configs, two processes each, bf16 and fp32, off -> on, % of copy;
# results/2026-11-26-v0.34-runs/call9):
#   taken: 16-bit LayerNorm 1024 92.5-92.7 -> 94.5-94.6, 2048 93.0-93.2 -> 94.6-94.9, 4096
#     93.8-94.4 -> 95.8-96.6, 8192 93.3-94.0 -> 95.2-95.4 (block 8192 at 5120: 92.1-92.3
#     level); 16-bit RMSNorm 2048 95.2-95.9 -> 96.2-96.5, 4096 95.8-96.0 -> 96.9-97.0; fp32
#     LayerNorm 512 95.1-95.4 -> 96.0-96.1, 1024 95.3-95.9 -> 96.7-97.0; fp32 RMSNorm 1024
#     97.6-97.7 -> 98.2-98.4.
#   not taken: 16-bit RMSNorm 512 94.3-94.4 -> 91.0-91.1 (1024, 8192 level); fp32 LayerNorm
#     block 8192 (5120 92.0-92.2 -> 88.2-88.7, 8192 95.9-96.1 -> 94.1-94.2; 2048, 4096
#     level); fp32 RMSNorm 2048 97.5-98.0 -> 92.5-93.0, block 8192 at 5120 94.4-94.6 ->
#     92.0-92.1; 16-bit LayerNorm 512 +0.3. Block 256 was not measured; fp16 takes bf16's
#     entries (the same kernel at the same element size), not measured apart.
# FUSEDNORM_DH_EARLY=0 / 1 forces it off / on everywhere (A/B runs).
_DH_EARLY_ENV = os.environ.get("FUSEDNORM_DH_EARLY")
DH_EARLY = None if _DH_EARLY_ENV is None else _DH_EARLY_ENV != "0"
DH_EARLY_TILES = {  # (block, element size, is_rms)
    (1024, 2, False), (2048, 2, False), (4096, 2, False), (8192, 2, False),
    (2048, 2, True), (4096, 2, True),
    (512, 4, False), (1024, 4, False), (1024, 4, True)}


def _dh_early(cfg, has_dh: bool, element_size: int, is_rms: bool) -> bool:
    if not has_dh or cfg.path != TILE:
        return False
    if DH_EARLY is not None:
        return DH_EARLY
    return (cfg.block_n, 4 if element_size >= 4 else 2, is_rms) in DH_EARLY_TILES


def _stats_ahead(cfg) -> bool:
    # The cooperative backward's STATS_AHEAD: the config's, or FUSEDNORM_STATS_AHEAD's.
    if cfg.path != COOP:
        return False
    return cfg.stats_ahead if STATS_AHEAD is None else STATS_AHEAD


# The cooperative PREFETCH backward forms the held row's xhat, w * dy and dy (fp32) before
# it waits for the row's partials, so they are live over the wait beside the next rows'
# loads: 157-163 registers for 16-bit LayerNorm on 2048 / 4 warps (3 programs an SM fit, not
# the 4 asked; v0.27 call 12). LATE_TERMS forms them after the wait, from the held x and dy.
# Configs (element size, is_rms, has_dh, slice, warps, programs per SM) that take it (with
# PREFETCH; measured in BWD_COOP's comment, v0.28 calls 2-8).
# FUSEDNORM_LATE_TERMS=0 / 1 forces it off / on in every cooperative PREFETCH backward
# (A/B runs; unset: the config's late_terms).
LATE_TERMS_CONFIGS = {(2, False, False, 2048, 4, 4), (2, False, False, 8192, 8, 1),
                      (2, True, False, 2048, 4, 4), (2, True, True, 2048, 4, 4),
                      (4, False, False, 1024, 4, 5), (4, True, False, 8192, 8, 1)}
_LATE_ENV = os.environ.get("FUSEDNORM_LATE_TERMS")
LATE_TERMS = None if _LATE_ENV is None else _LATE_ENV != "0"


# FUSEDNORM_PACK16=0 / 1 forces PACK16 (below) off / on in every 16-bit cooperative
# PREFETCH backward and one-step cooperative forward (A/B runs; unset: the config's pack16,
# from GN_PACK16_CONFIGS / GN_FWD_PACK16_CONFIGS). On the row norms' LATE_TERMS
# configs (2048 / 4 warps, capped at 128) the words cost spills, up to 44 B (CPU, sm_90a,
# v0.45), where there were none.
_PACK_ENV = os.environ.get("FUSEDNORM_PACK16")
PACK16 = None if _PACK_ENV is None else _PACK_ENV != "0"


# GroupNorm's cooperative PREFETCH backward configs (element size, slice, warps, programs
# per SM) that form the held row's terms after the wait (LATE_TERMS), and of those the
# ones whose held 16-bit row is carried as int32 words (PACK16; not with a fused
# activation, whose held row is dz: KEEP_DZ). GN_BWD_CHANNEL's 16-bit entry (v0.45 call 1
# there): on 1 warp bf16 held x and dy as one 16-bit register per value, and without the
# words compiled to 225 registers (168 with them; CPU, sm_90a).
# GN_BWD_COOP's 16-bit 2048 / 4 / 5 and 4096 / 4 / 3 an SM (v0.46 calls 1-2 there)
# likewise: 4096 / 4 took 215-225 registers uncapped in bf16, 168 (the cap) with terms
# late and words; 2048 / 4 at 5 (cap 96) spills 36 B in bf16 without them; none with them.
GN_LATE_TERMS_CONFIGS = {(2, 1024, 1, 12), (2, 2048, 4, 5), (2, 4096, 4, 3)}
GN_PACK16_CONFIGS = {(2, 1024, 1, 12), (2, 2048, 4, 5), (2, 4096, 4, 3)}


# ... and of the forward (its one-step pipeline; the key as GN_LATE_TERMS_CONFIGS'):
# GN_FWD_COOP's 4096 / 4 / 5 (v0.46 call 8 there).
GN_FWD_PACK16_CONFIGS = {(2, 4096, 4, 5)}


def _pack16(cfg, element_size: int, backward: bool = True) -> bool:
    """PACK16 for a launch of cfg: the config's pack16 (bwd_config / fwd_config set it from
    GN_PACK16_CONFIGS / GN_FWD_PACK16_CONFIGS), or FUSEDNORM_PACK16's, where the kernel
    has the words: 16-bit, cooperative, no replay, and the backward's PREFETCH schedule;
    or the forward's tile of words (fwd_config, TILE_WORDS_MAX: the config's alone)."""
    if cfg.path == TILE:
        return cfg.pack16 and not backward
    if (cfg.path != COOP or cfg.replay or element_size != 2
            or (backward and not cfg.prefetch)):
        return False
    return cfg.pack16 if PACK16 is None else PACK16


def _late_terms(cfg) -> bool:
    if cfg.path != COOP or cfg.replay or not cfg.prefetch:
        return False
    return cfg.late_terms if LATE_TERMS is None else LATE_TERMS


# The cooperative backward's dx stores marked evict_first (as the forward's y, Y_EVICT)
# where that won: v0.30 call 3 (sweep_coop.py, GPU time, medians of three processes, none
# -> evict_first; results/2026-11-26-v0.30-runs/call3). Configs (element size, is_rms,
# has_dh, slice, warps, replay) -> the most GROUP that takes it (None: any):
# - fp32 LayerNorm with dh, 2048 / 8, replay 1: 12288-256K 93.4 / 93.5 / 93.1 / 93.1 /
#   93.7 / 91.7 -> 94.3 / 94.6 / 93.9 / 94.7 / 94.3 / 92.6;
# - fp32 RMSNorm with dh, 2048 / 4, replay 1: 12288-64K 93.8 / 93.2 / 95.9 / 97.9 ->
#   97.9 / 97.7 / 99.1 / 99.9;
# - 16-bit RMSNorm with dh, 16384 / 32, replay 1 (1M): bf16 85.8 -> 87.8, fp16 81.7 -> 83.3;
# - fp32 LayerNorm, 1024 / 4 (12288-128K): 95.4 / 95.7 / 96.3 / 97.6 / 95.6 -> 96.3 / 95.9
#   / 97.1 / 98.1 / 95.8;
# - 16-bit LayerNorm with dh, 2048 / 4, replay 2, up to GROUP 8 (N <= 16384): bf16 12288 /
#   16384 85.1 / 85.6 -> 86.9 / 86.2, fp16 85.3 / 86.1 -> 87.4 / 86.4; from 32K it lost
#   (32K bf16 86.2 -> 85.3, fp16 86.6 -> 85.4; 256K -0.4 to -1.0).
# Elsewhere -1.4 to +1.5, mostly within 0.5 (16-bit without dh, RMSNorm 16-bit with dh
# below 1M).
# The tile path's dx stores take it where the row does not fill its power-of-two block
# (4096 < n < 8192: two tiles, or the padded 8192) and for fp32 LayerNorm without dh on
# blocks of 2048-8192: v0.30 call 4 (the same method), at 5120 LayerNorm bf16 / fp16 /
# fp32 88.8 / 89.2 / 94.0 -> 89.2 / 90.5 / 94.6, RMSNorm 92.0 / 92.1 / 94.2 -> 92.6 / 92.4 /
# 94.9, with dh LayerNorm 92.0 / 92.0 / 91.1 -> 92.5 / 92.6 / 92.0, RMSNorm 93.6 / 94.0 /
# 94.8 -> 94.1 / 94.1 / 94.6; fp32 LayerNorm 2048 / 4096 / 8192 95.2 / 94.1 / 93.5 -> 95.8 /
# 95.0 / 93.9. Elsewhere at 256-8192 -1.1 to +0.5 (16-bit RMSNorm with dh at 2048 / 4096
# -1.0 / -1.1).
# FUSEDNORM_DX_EVICT=evict_first / none forces it in every cooperative and tile backward
# (A/B runs; unset: the rules above).
# v0.31 calls 10-11 (sweep_coop.py, GPU time, N = 2M on LONG_BWD, three processes, none ->
# evict_first): fp32 RMSNorm 56.7-57.3 -> 61.1-61.8, fp32 LayerNorm 37.0-37.3 -> 38.5-38.7,
# bf16 LayerNorm 50.4-51.3 -> 51.1-53.1; bf16 RMSNorm level (70.4-71.1), not taken.
DX_EVICT_CONFIGS = {(4, False, True, 2048, 8, 1): None, (4, True, True, 2048, 4, 1): None,
                    (2, True, True, 16384, 32, 1): None, (4, False, False, 1024, 4, 0): None,
                    (2, False, True, 2048, 4, 2): 8, (4, True, False, 16384, 16, 1): None,
                    (4, False, False, 16384, 16, 1): None, (2, False, False, 16384, 16, 1): None}
DX_EVICT = _policy_env("FUSEDNORM_DX_EVICT")


# Two load policies of the cooperative backward with dh (the residual forms), v0.30 call
# 10 (sweep_coop.py, GPU time, two processes, bf16 / fp32, 12288-1M, none -> the policy;
# results/2026-11-26-v0.30-runs/call10):
# - dh, read once, evict_first (DH_EVICT, every cooperative backward with dh): 16-bit
#   LayerNorm 12288 / 16K / 32K / 64K / 128K / 256K 86.9 / 86.1 / 86.0 / 86.4 / 87.0 / 85.9
#   -> 88.6 / 89.3 / 90.4 / 88.3 / 89.7 / 88.3; fp32 LayerNorm +0.3 to +1.0; fp32 RMSNorm
#   +0.4 to +3.2; 16-bit RMSNorm -0.0 to +0.6; at 1M -0.2 to +0.2.
# - the REPLAY schedule's first x / dy loads of a row evict_last, so the L2 keeps them
#   for the second (evict_first) load REPLAY steps later (REPLAY_EVICT_CONFIGS: (element
#   size, is_rms, has_dh, slice, warps, replay)): 16-bit LayerNorm with dh on 2048 / 4,
#   replay 2, with the dh policy, 12288-256K 88.6 / 89.3 / 90.4 / 88.3 / 89.7 / 88.3 ->
#   88.9 / 89.1 / 91.8 / 88.9 / 90.1 / 88.8; fp32 RMSNorm with dh on 2048 / 4, replay 1,
#   12288-64K 99.4 / 99.4 / 100.1 / 100.5 -> 99.7 / 99.8 / 100.3 / 100.6. fp32 LayerNorm with
#   dh lost with it (-1.2 to +0.2 against the dh policy alone); without dh the replay
#   configs moved -0.3 to +0.5.
# FUSEDNORM_DH_EVICT / FUSEDNORM_LOAD_EVICT (a policy, or none) force them in every
# cooperative backward, the latter on the first x / dy loads of the REPLAY and PREFETCH
# schedules alike (A/B runs; unset: the rules above).
REPLAY_EVICT_CONFIGS = {(2, False, True, 2048, 4, 2), (4, True, True, 2048, 4, 1)}
# GroupNorm's rows path, (element size, slice, warps, replay): v0.31 call 10 (sweep_gn_bwd.py,
# GPU time, InstanceNorm 2x32x128^3 contiguous, groups of 2M on LONG_BWD, none -> the
# first loads evict_last): fp32 803.9 -> 645.3 us (66.6 -> 82.9%); bf16 level (79.9 ->
# 80.4), not taken. The row norms' LONG_BWD lost with it (fp32 LayerNorm 37.3 -> 36.0,
# RMSNorm 56.7 -> 56.1).
GN_REPLAY_EVICT_CONFIGS = {(4, 16384, 16, 1)}
LOAD_EVICT = _policy_env("FUSEDNORM_LOAD_EVICT")
DH_EVICT = _policy_env("FUSEDNORM_DH_EVICT")


def _load_evict(cfg) -> str:
    if interpreting() or cfg.path != COOP or not (cfg.replay or cfg.prefetch):
        return ""
    if LOAD_EVICT is not None:
        return LOAD_EVICT
    return "evict_last" if cfg.replay and cfg.replay_evict else ""


def _dh_evict(cfg, has_dh: bool) -> str:
    if interpreting() or cfg.path != COOP or not has_dh:
        return ""
    return "evict_first" if DH_EVICT is None else DH_EVICT


def _dx_evict(cfg, n: int, element_size: int, is_rms: bool, has_dh: bool) -> str:
    if interpreting() or cfg.path == LOOP:
        return ""
    if DX_EVICT is not None:
        return DX_EVICT
    if cfg.path == TILE:
        on = 4096 < n < 8192 or (element_size >= 4 and not is_rms and not has_dh
                                 and 2048 <= cfg.block_n <= 8192)
    else:
        on = cfg.dx_evict
    return "evict_first" if on else ""


# FUSEDNORM_BWD_REG_CAP=r: registers per thread (Triton's maxnreg) of every cooperative
# backward launch with 4 or more programs per SM (A/B runs; unset: none, the backward
# takes the registers ptxas chooses, see _reg_cap). A LATE_TERMS launch takes the cap
# that fits its programs per SM (_reg_cap's rule): with the terms after the wait ptxas
# still chose 151-158 registers for 16-bit LayerNorm on 2048 / 4 warps, but capped at 128
# it spilled nothing (v0.28 regs_late.log, against 20-28 B with the terms before it).
_BWD_CAP_ENV = os.environ.get("FUSEDNORM_BWD_REG_CAP")
BWD_REG_CAP = int(_BWD_CAP_ENV) if _BWD_CAP_ENV else None


def _bwd_reg_cap(cfg, channel_sum: bool = False) -> Optional[int]:
    # channel_sum (FINAL_SUM 2): the fitting cap too. _channel_sum (a row at a time) took
    # fp32 GroupNorm's 2048 / 4-warp launch (4 an SM) from 126-128 registers to 144 (3
    # fit); capped at 128 it spills nothing (compile_check, sm_90a: VAE 512, InstanceNorm
    # 8x64x64^3).
    if interpreting() or cfg.path != COOP:
        return None
    if BWD_REG_CAP is None and (_late_terms(cfg) or channel_sum):
        return _fitting_cap(cfg)
    return BWD_REG_CAP if cfg.programs_per_sm >= 4 else None


# Short rows: elements per forward program step (forward is at 97% from N = 512 to 16384
# with this tile, so it was not swept further).
ROW_TILE = 4096

TILE, COOP, LOOP = 0, 1, 2
_FWD = CachedKernel(_rownorm_fwd_kernel)
_BWD = CachedKernel(_rownorm_bwd_kernel)
_SUM = CachedKernel(_sum_partials_kernel)
_SPLIT_STATS = CachedKernel(_rownorm_split_stats_kernel)
_SPLIT_APPLY = CachedKernel(_rownorm_split_apply_kernel)
# The split path (see its kernels' section comment) runs wherever the configs above give
# the loop path, but for GroupNorm's rows path (which has its own split path):
# FUSEDNORM_SPLIT=0, or assigning False here, keeps the loop path (A/B, tests). v0.32 call
# 1 (sweep_coop.py, the default configs, GPU time, % of copy, loop -> split, 4M x 32
# rows): LayerNorm / RMSNorm bf16 forward 17.7 / 21.6 -> 50.4 / 57.6, backward 10.9 /
# 15.1 -> 52.4 / 53.4; fp32 forward 20.2 / 28.0 -> 44.9 / 55.2, backward 23.6 / 29.3 ->
# 53.9 / 54.4; with a residual forward 39.0-51.9 -> 61.9-72.2, backward 12.2-36.7 ->
# 59.7-62.2; fp32 LayerNorm's backward with dh at 2M 34.9 -> 64.7.
SPLIT = os.environ.get("FUSEDNORM_SPLIT", "1") != "0"
# (tile columns, warps, columns per statistics program, the apply's L2 eviction policy).
# v0.32 calls 2-3 (sweep_split.py, GPU time, 4M x 32 rows, one process each; the
# first tuples above, 4096 / 8 / 32768 / none, -> these):
#   forward: evict_first +2 to +4 everywhere; with 2048 / 4 warps and chunks of 131072,
#     LayerNorm bf16 50.5 -> 58.6, fp32 44.8 -> 59.2, RMSNorm fp32 55.4 -> 59.7, bf16
#     57.6 -> 57.7 (60.2 with 32768 and evict_first alone); with a residual 62.2-72.4 ->
#     67.4-74.0; 16M x 8 rows 38.9 / 49.4 -> 55.6 / 56.3 (bf16); 4M x 256 rows 50.0 /
#     59.7 -> 60.7 / 62.3. Chunks of 262144 lost (48-55), 1024 / 2 warps too (50-57).
#   backward: evict_first -1 to -2; 4096 / 4 warps with chunks of 131072 the best or
#     level in every cell: bf16 52.5 / 53.3 -> 55.8 / 56.3, fp32 54.0 / 54.2 -> 57.3 /
#     57.2, with dh 59.7-62.2 -> 64.1-65.3, fp32 LayerNorm with dh at 2M 64.6 -> 66.0.
SPLIT_FWD = (2048, 4, 131072, "evict_first")
SPLIT_BWD = (4096, 4, 131072, "")
# The 16-bit RMSNorm forward up to 4M: smaller chunks on 8 warps. v0.32 call 14
# (sweep_split.py, GPU time, three processes, SPLIT_FWD -> these): 4M x 32 bf16 56.1-58.2
# -> 62.1-62.3, fp16 58.3-58.8 -> 62.5, with a residual 72.9-73.5 -> 76.5-76.9; but 16M x 8
# 56.1-56.9 -> 49.0-49.3 (with a residual 71.6-72.1 -> 65.5-65.8), and fp32 level or
# lower (57.2-60.4 -> 58.4-58.6 at 4M), so 16-bit only, to the 4M measured (8M not).
SPLIT_FWD_RMS16 = (4096, 8, 16384, "evict_first")
SPLIT_FWD_RMS16_MAX_N = 1 << 22
# Partials a combine step reads; and the backward's apply takes row blocks until it has
# SPLIT_MIN_PROGRAMS x SMs programs (the column blocks alone do from 1.08M on 132 SMs, so
# dw and db are written directly there: one block).
SPLIT_COMB_K = 1024
SPLIT_MIN_PROGRAMS = 2
# Where the split path replaces the cooperative path's long-row entries (rows longer
# than 8192 x SMs, up to 16384 x SMs: slices of 16384, GROUP = N / 16384 programs of 16
# warps, one an SM, 72-132 of them on 132 SMs), by (mode, element size, is_rms, residual
# / dh); 16-bit measured in bf16. v0.32 call 5 (sweep_split.py, GPU time, one process,
# % of copy, cooperative -> split, at 1.125M / 1.5M / 2M):
#   LayerNorm backward bf16 44.5 / 51.6 / 52.5 -> 57.5 / 57.1 / 54.4, fp32 42.5 / 41.6 /
#   38.7 -> 55.2 / 57.8 / 58.3; with dh bf16 43.4 / 49.5 / 51.3 -> 56.6 / 62.6 / 64.9
#   (fp32 with dh, no cooperative entry: the loop path, split 63.1 / 64.9 / 65.8; call 1
#   at 2M loop 34.9 -> split 64.7); RMSNorm fp32 backward
#   with dh 61.9 / 64.8 / 57.5 -> 63.5 / 64.9 / 66.0; LayerNorm fp32 forward with a
#   residual 54.1 / 57.6 / 58.9 -> 71.8 / 71.9 / 71.6.
# Not taken: the cooperative path won at 1.5M and 2M in the other cells (RMSNorm bf16
# backward 63.8 / 70.7 against 57.5 / 57.2; the forwards 66.6-94.8 against 54.8-73.0; fp32
# RMSNorm backward 64.8 / 61.2 against 58.4 / 57.5; fp32 RMSNorm forward with a residual
# level), though at 1.125M (72 programs) the split path led some of them by 2-7 points
# (LayerNorm forward bf16 55.1 -> 59.6, with a residual 66.4 -> 73.0).
SPLIT_LONG = {("bwd", 2, False, False), ("bwd", 2, False, True), ("bwd", 4, False, False),
              ("bwd", 4, False, True), ("bwd", 4, True, True), ("fwd", 4, False, True)}
# The partial-row sum: 16 partial rows x 256 columns per step, 4 warps (the wide tile;
# rows up to 16K with many partials take SUM_NARROW, below). It reads partials x N fp32,
# at most about 11 MB in the rows suite; alone it took 4.4-4.9 us at 32K-64K (v0.27 call
# 3), and 5-18 us where N / 256 programs were few (what SUM_NARROW mends).
SUM_BLOCK_P, SUM_BLOCK_N, SUM_WARPS = 16, 256, 4
# GroupNorm's rows-path backward folds that sum into its own launch (_last_sums) up to
# FOLD_MAX slice sums (M x GROUP): the launch, not the GPU time, is what the sum cost at
# the groups suite's host-bound shapes (UNet 320: 5120 sums, VAE 512: 4096; NOTES v0.15).
# The last program reads FOLD_TILE of them a step (a tile small beside the main loop's
# registers); its steps are latency-bound, so few of them: v0.15 call 3, with 1024 a step,
# measured the fold at +0.9 / +3.7 us of GPU time (UNet 320 / VAE 512) against the launch
# of its own, which cost 40-60 us of host time more per call.
FOLD_MAX = 8192
FOLD_TILE = 2048
# ... unless the launch sums each channel itself, by the program of the channel's last
# slice in the last sample (_channel_sums, FINAL_SUM 2) after its loop: its rows of the
# last sample (at most CHANNEL_SUM_ROWS) with each channel's (sample, slice) pairs, in
# one tile of at most CHANNEL_SUM_WORDS (rows x pairs, powers of two; _by_channel). v0.43
# call 4 (sweep_groupnorm.py, GPU time, % of copy, contiguous backward, a launch of its
# own or the fold -> each channel in the launch, a row at a time): bf16 UNet 640 60.9 ->
# 68.5, 16x1280x32x32 73.4 -> 77.4, 16x256x64x64 73.5 -> 76.2, 16x640x32x64 75.9 -> 78.6,
# UNet 320 76.0 -> 76.6; fp32 UNet 640 74.2 -> 81.1, 16x1280x32x32 83.2 -> 87.1,
# 16x256x64x64 72.9 -> 88.3, InstanceNorm 16x64x128x128 80.7 -> 88.6 (1-2 rows a program,
# 16-128 pairs a channel); but a row at a time where a program summed 8-16 rows: VAE 512
# 69.7 -> 65.1, VAE 256 77.7 -> 70.9, VAE 128 79.5 -> 69.0, InstanceNorm 8x64x64^3 91.2
# -> 79.9, 2x32x128^3 80.5 -> 70.4 (bf16; fp32 and fp16 alike), 8x128x32^3 (4 rows) 83.5
# -> 82.2. Call 5 (up to 2 rows, 128 pairs): the UNet shapes as call 4, the others level.
# Call 6 (this tile, off -> on): bf16 VAE 512 (8 rows x 8 pairs) 68.8 -> 69.7, fp32 82.6 ->
# 88.1; VAE 256 (16 x 32) 79.2 -> 79.5, fp32 72.3 -> 73.3; but InstanceNorm 8x128x32^3
# (4 x 128) 84.2 -> 79.0 (fp32 level); UNet 640 60.6 -> 69.2, fp32 74.2 -> 81.8. So tiles
# of at most 256 words: InstanceNorm 16x64x128x128 (1 x 128) stays on, bf16 VAE 256 goes off.
# CHANNEL_SUM (FUSEDNORM_CHANNEL_SUM=0 / 1): never or always (tests, A/B runs).
_CHANNEL_SUM_ENV = os.environ.get("FUSEDNORM_CHANNEL_SUM")
CHANNEL_SUM = None if _CHANNEL_SUM_ENV is None else _CHANNEL_SUM_ENV != "0"
CHANNEL_SUM_ROWS = 16
CHANNEL_SUM_WORDS = 256
CHANNEL_SUM_TILE = 128  # the least rows x pairs a step (or the program's threads)


def _by_channel(G: int, row_groups: int, samples: int, k: int) -> bool:
    """Whether a GroupNorm rows-path backward (G groups a sample, row_groups of
    programs, k slices a channel) sums dw, db per channel in its launch (FINAL_SUM 2)."""
    if CHANNEL_SUM is not None:
        return CHANNEL_SUM
    rows = _cdiv(G, row_groups)
    return (rows <= CHANNEL_SUM_ROWS
            and _next_pow2(rows) * _next_pow2(samples * k) <= CHANNEL_SUM_WORDS)


def _channel_tile(G: int, row_groups: int, samples: int, k: int, threads: int):
    """_channel_sums' (RT, PT): rows (of the last sample, a program's) and (sample, slice)
    pairs a step."""
    rt = min(_next_pow2(_cdiv(G, row_groups)), CHANNEL_SUM_ROWS)
    pt = min(_next_pow2(samples * k), max(1, CHANNEL_SUM_WORDS // rt))
    return rt, max(pt, _cdiv(max(CHANNEL_SUM_TILE, threads), rt))


def _fold_tile(P: int, K: int):
    """(partial blocks, columns, slices) a step of the folded sum over (P, N, K) partials."""
    sum_p = min(_next_pow2(P), 16)
    lanes = max(1, FOLD_TILE // sum_p)
    sum_k = min(_next_pow2(K), 64, lanes) if K > 1 else 1
    return sum_p, max(1, lanes // sum_k), sum_k


# Rows of N <= SUM_NARROW_MAX_N with SUM_NARROW_MIN_P partial rows or more (the row norms'
# backward below 32K: 44-528 partial rows) take a narrow tile of 32 partial rows x 16
# columns a step, 4 warps: the wide tile gave such rows N / 256 programs (2 at N = 512, 16
# at 4096, 48 at 12288), each looping over the partial rows, and the sum ran latency-bound.
# v0.27 calls 2-3 (benchmarks/sweep_sum.py, GPU time, % of copy of the whole backward; the
# sum alone in us; results/2026-11-26-v0.27-runs/call2-3), 16 x 256 -> 32 x 16: bf16
# LayerNorm 512 (525 partials) 86.8-87.1 -> 91.5 (18.3 -> 5.6 us), 1024 91.1-91.4 -> 92.6
# (6.6 -> 3.3), 4096 91.3-91.4 -> 92.5 (6.7 -> 3.5), 5120 (263) 85.2-85.9 -> 88.9 (10.8 ->
# 4.7), 8192 91.5-91.8 -> 92.4 (7.0 -> 4.4), 12288 83.6-84.3 -> 85.4 (5.5 -> 4.4), 16384
# 85.6-86.0 -> 87.1 (5.2 -> 4.8); fp32 LayerNorm 512 93.3 -> 94.5, 12288 87.1 -> 87.4;
# fp32 RMSNorm 512 / 4096 / 12288 94.0 / 92.9 / 94.9 -> 95.0 / 94.2 / 97.2. At 32768 (33
# partials) and 65536 (16) the wide tile stays ahead (91.2 / 85.6 against 91.0 / 84.8: many
# small programs). Taller tiles (128-512 rows of 8-16 columns) were within half a point of
# it where P >= 256 and behind elsewhere. v0.27 call 4 (the same, every op and dtype, with
# and without dh, 256-32768, two processes): +0.5 to +4.1 at every N <= 16384 with 41 or
# more partials (fp32 LayerNorm with dh 256 / 512, 790 / 525 partials, 91.4-93.0 ->
# 94.4-95.4); fp32 LayerNorm at 16384 (33 partials) 95.3-95.4 -> 95.1-95.2, so the narrow
# tile starts at 40. GroupNorm's sums keep the wide tile where K > 1 or the samples are
# fewer than 40 (the groups suite's have 2-16; not measured with more).
# SUM_TILE: a (rows, columns, warps) forced on every K = 1 sum (sweeps).
SUM_NARROW = (32, 16, 4)
SUM_NARROW_MAX_N = 16384
SUM_NARROW_MIN_P = 40
SUM_TILE = None


# The row norms' cooperative backward sums its own dw/db partials (FINAL_SUM,
# _fold_slice) rather than launching _sum_partials_kernel after it (4-5.5 us, and ~1.5 us
# between the launches, as called: v0.29 call 3, diag_bwd_kernels.py). It pays where the
# launch's code is not perturbed by it and the partial rows are few. v0.29 (sweep_coop.py,
# GPU time, two processes, no fold -> fold; results/2026-11-26-v0.29-runs/call2-5):
#   won (FOLD_CONFIGS, keyed (element size, RMSNorm, dh, slice, warps, replay)): 16-bit
#     LayerNorm on 4096 / 4 warps (128K-256K, 8 and 4 partial rows) bf16 88.5-89.9 ->
#     89.6-91.5, fp16 89.1-90.3 -> 89.3-91.2; on 2048 / 4 replay 2 at 64K (8 partial rows
#     at the 2 programs an SM that fit) bf16 85.2-85.3 -> 86.6-86.7, fp16 86.2-87.0 ->
#     87.2-87.8; 16-bit RMSNorm on 4096 / 4 (256K) 90.6-90.9 -> 91.2-91.9; fp32 LayerNorm
#     on 2048 / 8 (256K) 94.5-94.6 -> 95.4-95.5.
#   lost: 16-bit LayerNorm's late-terms launch at 12288 (88 partial rows; as called 298 +
#     4.4 us -> 310 us for the fold's launch alone; ptxas schedules the capped main loop
#     differently with the fold after it, the likely cause: the wait's form and rows the
#     row groups divide evenly changed nothing, call 4) and 16384; fp32 LayerNorm and
#     RMSNorm on 1024 / 4 at 131072 (5 partial rows; LayerNorm as called 550-551 + 3.3 -> 557-562
#     us, in GPU time -0.8 to -1.4 points); with dh, 16-bit LayerNorm replay 2 at
#     128K-256K 86.2-87.7 -> 82.9-83.9 and fp32 LayerNorm replay 1 at 131K-262K -0.3 to
#     -2.8. fp32 RMSNorm at 256K and with dh at 128K-256K: -1.0 to +1.0 (not taken).
# Where partial rows were many (33 at 32K and up) the fold never won (call 2). ROW_FOLD:
# None for that rule (_row_fold), True or False to force it (sweeps, tests; env
# FUSEDNORM_ROW_FOLD=0/1).
_FOLD_ENV = os.environ.get("FUSEDNORM_ROW_FOLD")
ROW_FOLD = None if _FOLD_ENV is None else _FOLD_ENV != "0"
FOLD_CONFIGS = {
    (2, False, False, 4096, 4, 0), (2, False, False, 2048, 4, 2), (2, True, False, 4096, 4, 0),
    (4, False, False, 2048, 8, 0),
}
ROW_FOLD_MAX_P = 8
# Columns of a slice a summing program takes a step at least, and the elements of its
# tile (partial rows x columns): 2048 fp32 a step for dw and db alike, 16 a thread on 4
# warps, small beside the main loop's registers.
ROW_FOLD_MIN_N = 16
ROW_FOLD_TILE = 2048
# Nanoseconds a summing program sleeps between polls of its slice's words (_poll_tags):
# 64, 256 and 1024 read alike (call 2); polling by read-modify-write atomics instead, with
# no sleep, lost 13-18 points at 12288-16384 (call 1).
FOLD_SLEEP = int(os.environ.get("FUSEDNORM_FOLD_SLEEP", "256"))


def _row_fold(cfg, partials: int, element_size: int, is_rms: bool, has_dh: bool) -> bool:
    """Whether a cooperative row-norm backward with `partials` (> 1) partial rows sums
    them in its own launch: FOLD_CONFIGS' configs, where the partial rows are at most
    ROW_FOLD_MAX_P."""
    if ROW_FOLD is not None:
        return ROW_FOLD
    return (partials <= ROW_FOLD_MAX_P and (element_size, is_rms, has_dh, cfg.block_n,
                                            cfg.num_warps, cfg.replay) in FOLD_CONFIGS)


def _row_fold_tile(partials: int, block_n: int):
    """(partial rows a step, columns a step, most summing row groups) of _fold_slice over
    `partials` partial rows of a slice of block_n columns: enough summers that each takes
    one step of columns where the partial rows are that many (on the GPU; one, the last,
    in the interpreter, which runs programs in order). The kernel takes the least of
    that and its row groups itself, so no launch argument stays live across its main
    loop."""
    sum_n = min(block_n, ROW_FOLD_TILE,
                max(ROW_FOLD_MIN_N, _next_pow2(_cdiv(block_n, partials))))
    sum_p = max(1, min(_next_pow2(partials), ROW_FOLD_TILE // sum_n))
    summers = 1 if interpreting() else _cdiv(block_n, sum_n)
    return sum_p, sum_n, summers


def sum_launch(P: int, N: int, K: int, has_dw: bool, has_db: bool) -> FixedLaunch:
    """The launch of _sum_partials_kernel over (P, N, K) partials: 16 x 256 lanes a step
    as above, the K partials of a column side by side (at most 64 a step); the narrow
    tile above where it measured faster."""
    block_k = min(_next_pow2(K), 64) if K > 1 else 1
    block_p, block_n, warps = SUM_BLOCK_P, max(1, SUM_BLOCK_N // block_k), SUM_WARPS
    if K == 1 and SUM_TILE is not None:
        block_p, block_n, warps = SUM_TILE
    elif K == 1 and N <= SUM_NARROW_MAX_N and P >= SUM_NARROW_MIN_P:
        block_p, block_n, warps = SUM_NARROW
    return FixedLaunch(_SUM, (_cdiv(N, block_n),), (P, N, K), (
        ("HAS_DW", has_dw), ("HAS_DB", has_db), ("BLOCK_P", block_p),
        ("BLOCK_N", block_n), ("BLOCK_K", block_k)), warps)


@dataclass(frozen=True)
class LaunchConfig:
    path: int  # TILE, COOP or LOOP
    block_n: int  # row tile (TILE), slice (COOP) or chunk width (LOOP)
    rows: int  # rows per program step (TILE) or per step of a row group (COOP)
    num_warps: int
    programs_per_sm: int = 1  # persistent grids: programs_per_sm x SMs programs
    group: int = 1  # programs per row (COOP)
    prefetch: bool = True  # COOP backward: the one-row-deep pipeline (else two rows live)
    sync: int = 3  # COOP: how a program waits for a row's partials (SYNC4, _sync)
    block_n2: int = 0  # TILE: a second tile after block_n (_tile_blocks; 0: none)
    replay: int = 0  # COOP: steps between a row's load and its finish (REPLAY; 0: none)
    l2_ahead: int = 0  # COOP: L2 prefetch this many steps past the next (L2_AHEAD; 0: none)
    dh_l2: bool = False  # backward with dh: dh asked of the L2 a step before it is read (DH_L2)
    stats_ahead: bool = False  # COOP backward: mean and rstd loaded early (STATS_AHEAD)
    late_terms: bool = False  # COOP PREFETCH backward: terms after the wait (LATE_TERMS)
    hold_w: bool = False  # COOP backward: w held in registers (HOLD_W_CONFIGS)
    dx_evict: bool = False  # COOP backward: dx stores evict_first (DX_EVICT_CONFIGS)
    replay_evict: bool = False  # COOP REPLAY backward: first loads evict_last (_load_evict)
    l2_hint: bool = False  # COOP forward: the L2 prefetches evict_last (_l2_hint)
    pack16: bool = False  # COOP, 16-bit: the held row as int32 words (PACK16, _pack16)


def _coop(n: int, sms: int, choices, sync4=None) -> Optional[LaunchConfig]:
    """Cooperative config for a row of n: the first (slice, warps, programs per SM) in
    `choices` whose GROUP fits the SMs (and lies between the entry's eighth and ninth
    fields, least and most GROUP, where it has them), or None (then the loop path runs).
    sync4: an entry of SYNC4 ({slice: (least GROUP, most GROUP, powers of two only)}) that
    sets the config's wait mode."""
    if interpreting():
        # The interpreter runs programs one after another, so a row can have only one;
        # above INTERPRETER_COOP_MAX the loop path runs, so CI exercises both.
        if n > INTERPRETER_COOP_MAX:
            return None
        # Rows per step and replay as in the first choice without a least GROUP (or the
        # first where each has one; the
        # GPU's schedule for the shorter rows), so CI runs that schedule.
        first = next((c for c in choices if len(c) < 8 or c[7] <= 1), choices[0])
        rows = first[4] if len(first) > 4 else 1
        replay = first[5] if len(first) > 5 else 0
        return LaunchConfig(COOP, triton.next_power_of_2(n), rows, 1, 1, 1, replay=replay)
    # (the interpreter never prefetches: _l2_ahead)
    for max_slice, warps, per_sm, *extra in choices:
        prefetch = extra[0] if extra else True
        rows = extra[1] if len(extra) > 1 else 1
        replay = extra[2] if len(extra) > 2 else 0
        l2 = extra[3] if len(extra) > 3 else 0
        least = extra[4] if len(extra) > 4 else 1
        most = extra[5] if len(extra) > 5 else sms
        group = triton.cdiv(n, max_slice)
        block_n = triton.next_power_of_2(triton.cdiv(n, group))
        group = triton.cdiv(n, block_n)
        if least <= group <= min(most, sms):
            lo, hi, pow2 = (sync4 or {}).get(max_slice, (0, -1, False))
            # (the replay schedules were measured with SYNC 3)
            spin = lo <= group <= hi and not (pow2 and group & (group - 1)) and not replay
            return LaunchConfig(COOP, block_n, rows, warps, per_sm, group, prefetch,
                                4 if spin else 3, replay=replay, l2_ahead=l2)
    return None


def _channel_first(table, channel_choice, most: Optional[int]):
    """table with channel_choice (GN_FWD_CHANNEL / GN_BWD_CHANNEL, limited to rows of at
    most `most` of its slices) before its entries, where `most` is set."""
    return ((channel_choice + (1, most),) + table) if most else table


def _coop_in_channel(n: int, sms: int, table, channel_choice, channel: int
                     ) -> Optional[LaunchConfig]:
    """GroupNorm's rows path where its slices must lie within a channel of `channel`
    positions: the first cooperative config whose slice divides it, trying the table's
    entries, then channel_choice (GN_FWD_CHANNEL / GN_BWD_CHANNEL: slices of a channel),
    then the table's without their GROUP limits; None where none does."""
    for choice in table + (channel_choice,) + tuple(c[:7] for c in table):
        fit = _coop(n, sms, (choice,))
        if fit is not None and channel % fit.block_n == 0:
            return fit
    return None


# A tile-path row whose length is far from a power of two can be held as two power-of-two
# tiles, the second rounded up from the rest: 5120 as 4096 + 1024 (not 8192 lanes), 3000
# as 2048 + 1024, 12288 as 8192 + 4096; where that saves no lanes (7000: 4096 + 4096) one
# tile. The LayerNorm forward takes them (fwd_config), and the 16-bit backward without dh
# where the second tile is at most a quarter of the first (bwd_config; elsewhere the
# backward measured worse). FUSEDNORM_TWO_TILES=0 keeps one
# tile everywhere.
TWO_TILES = os.environ.get("FUSEDNORM_TWO_TILES", "1") != "0"


def _tile_blocks(n: int):
    """(first tile, second tile or 0) of a tile-path row of n."""
    p2 = _next_pow2(n)
    if not TWO_TILES or n == p2 or n < 4:
        return p2, 0
    first = p2 // 2
    second = _next_pow2(n - first)
    return (first, second) if first + second < p2 else (p2, 0)


def _gn_fwd_words(cfg: LaunchConfig, size: int) -> LaunchConfig:
    """GroupNorm's cooperative forward config with pack16 set from GN_FWD_PACK16_CONFIGS."""
    key = (size, cfg.block_n, cfg.num_warps, cfg.programs_per_sm)
    return replace(cfg, pack16=True) if key in GN_FWD_PACK16_CONFIGS else cfg


@functools.lru_cache(maxsize=1024)
def fwd_config(n: int, sms: int, element_size: int = 2, residual: bool = False,
               is_rms: bool = False, group_norm: bool = False,
               channel: int = 0, few_rows: bool = False) -> LaunchConfig:
    """group_norm: GroupNorm's rows path (n = CG * S; GN_FWD_COOP's cooperative configs).
    channel: S where a group has several channels and the caller takes cooperative slices
    of a channel (groupnorm.ROWS_FWD_CHANNEL_MIN_BYTES): the first config whose slice lies
    within a channel, as bwd_config's, also where the tile path would run; else the
    table's (which the caller may decline). few_rows: GroupNorm's launch has at most
    GN_FWD_FEW_ROWS rows (GN_FWD_COOP_FEW's entries first)."""
    size = 4 if element_size >= 4 else 2
    gn_coop = ((GN_FWD_COOP_FEW.get(size, ()) if few_rows else ()) + GN_FWD_COOP[size]
               if group_norm else ())
    if group_norm and channel:
        table = _channel_first(gn_coop, GN_FWD_CHANNEL[size],
                               (GN_FWD_CHANNEL_FIRST or {}).get(size))
        fit = _coop_in_channel(n, sms, table, GN_FWD_CHANNEL[size], channel)
        if fit is not None:
            return _gn_fwd_words(fit, size)
    if (is_rms and not residual and not group_norm and size == 2 and n % 2 == 0
            and TILE_WORDS_MIN < n <= TILE_WORDS_MAX):
        return LaunchConfig(TILE, triton.next_power_of_2(n), 1, 32, pack16=True)
    if n <= FWD_TILE_MAX:
        block_n = triton.next_power_of_2(n)
        rows = max(1, ROW_TILE // block_n)
        tile = rows * block_n
        # 16 fp32 elements per thread up to 16 warps, counting the row's elements, not
        # the padded tile (rounded down to a power of two); 32 warps for the 32K row
        # (97.0% vs 96.9% with 16: kept for headroom against spills with a residual and
        # bias). The padded count gave N = 5120 16 warps: LayerNorm 86.2%, RMSNorm 93.7%
        # of copy against 94.2% and 98.9% with 8 (bf16, results/2026-11-23-h100-v0.7-runs/
        # tile.log); at 12288 the two counts agree (16 warps, 93.5 / 98.4%).
        used = rows * min(n, block_n)
        warps = 32 if tile >= 32768 else max(1, min(16, _prev_pow2(used // 512)))
        # fp32 RMSNorm at 32K without a residual: 16 warps. With 32 (64 registers a thread
        # at most) its inference variant (STATS false: what an eager call without grad
        # runs, and the bench's forward) spilled 40 B a thread (compile_check, sm_90a) and
        # ran at 87.1-87.6% as called (v0.9, v0.19 call 6) against 98.0-98.4% for the
        # variant with statistics (v0.19 call 1, GPU time); 16 warps: 128 registers, no
        # spill, 97.9-98.1% (call 1). LayerNorm fp32 keeps 32 (81.9-84.9% with 16).
        if warps == 32 and is_rms and element_size >= 4 and not residual:
            warps = 16
        # fp32 with a residual at 4096, 8192 and 16384 (12288 not measured): twice the warps
        # of the rule (8 elements of the row a thread). v0.25 call 2 (sweep_coop.py, GPU
        # time, two processes; results/2026-11-26-v0.25-runs/call2), rule -> this: 16384
        # LayerNorm 84.2-85.4 -> 99.4-99.5 (16 warps; 8 warps 75.2-75.4, 4 warps
        # 95.8-96.0), RMSNorm 98.3 -> 98.2; 4096 RMSNorm 98.4-98.5 -> 99.6-99.7, LayerNorm
        # 99.1-99.2 -> 99.5; 8192 LayerNorm 98.9 -> 99.2-99.3, RMSNorm 99.5 -> 99.4.
        if residual and element_size >= 4 and n in (4096, 8192, 16384):
            warps = min(32, _prev_pow2(used // 256))
        # fp32 without a residual at 8192 and 16384: 32 warps too. v0.25 call 5 (the same
        # method), 16 -> 32 warps: LayerNorm 99.1 -> 99.6 / 98.6-98.8 -> 99.2-99.3, RMSNorm
        # 99.3 -> 99.7-99.9 / 98.9 -> 99.0-99.1 (8192 / 16384); 38-46 registers, no spill
        # (compile_check.py's method, both variants). At 12288 (padded) 32 warps tied.
        if element_size >= 4 and not residual and n in (8192, 16384):
            warps = 32
        # Two tiles (_tile_blocks) for LayerNorm without a residual, with half the warps,
        # from 4097 to 16384 (v0.15 calls 4-5, sweep_coop.py, GPU time, one padded tile ->
        # two): bf16 5120 94.2 -> 97.1 (4 warps; 80.8 with 8), 12288 94.3 -> 96.5 (8
        # warps), fp32 12288 94.1 -> 98.7, fp32 5120 99.1 -> 98.5. Outside that range it
        # did not win in both dtypes: 1536 / 3072 bf16 97.9 / 97.8 -> 97.1 / 96.7, 20480
        # bf16 73.3 -> 77.9 but fp32 97.8 -> 95.8. RMSNorm keeps one tile (two: -0.1 to
        # -1.0 at 5120 / 12288); the residual forms were not measured.
        first, second = _tile_blocks(n)
        if second and not is_rms and not residual and 4096 < n <= 16384:
            return LaunchConfig(TILE, first, rows, max(1, warps // 2), block_n2=second)
        return LaunchConfig(TILE, block_n, rows, warps)
    if group_norm:
        cfg = _coop(n, sms, gn_coop)
        return (_gn_fwd_words(cfg, size) if cfg is not None
                else LaunchConfig(LOOP, LOOP_BLOCK_N, 1, LOOP_WARPS))
    if residual:
        choices = FWD_COOP
    elif element_size == 4:
        choices = FWD_COOP_FP32 if is_rms else FWD_COOP_LN32
    else:
        choices = FWD_COOP_RMS16 if is_rms else FWD_COOP_LN16
    sync4 = None if residual else SYNC4.get(("fwd", 4 if element_size >= 4 else 2, is_rms))
    cfg = _coop(n, sms, choices, sync4)
    if cfg is None or _split_long(n, sms, "fwd", element_size, is_rms, residual):
        return LaunchConfig(LOOP, LOOP_BLOCK_N, 1, LOOP_WARPS)
    if element_size < 4 and is_rms and not residual and cfg.group <= L2_HINT_MAX_GROUP:
        cfg = replace(cfg, l2_hint=True)
    return cfg


@functools.lru_cache(maxsize=1024)
def bwd_config(n: int, sms: int, element_size: int = 2, is_rms: bool = False,
               group_norm: bool = False, has_dh: bool = False,
               channel: int = 0) -> LaunchConfig:
    """group_norm: GroupNorm's rows path (n = CG * S; GN_BWD_COOP's cooperative configs;
    channel: S where CG > 1, whose slices must lie within a channel, else 0).
    has_dh: the residual forms' backward (a gradient on h too)."""
    size = 4 if element_size >= 4 else 2
    long_tile = None if group_norm else BWD_TILE_LONG.get((n, size, is_rms, has_dh))
    if long_tile is not None:
        rows, warps, pps = long_tile
        first, second = _tile_blocks(n)
        return LaunchConfig(TILE, first, rows, warps, programs_per_sm=pps, block_n2=second)
    if n <= BWD_TILE_MAX:
        # About 4096 elements per step (several short rows). Warps and programs per SM
        # from the v0.3 sweep (LayerNorm / RMSNorm, % of copy): N <= 2048 with 4 warps,
        # 2 per SM (84.9 / 87.9 at 1024); 8192 with 8 warps, 1 per SM (85.9 / 83.6).
        # 4096: 8 warps, 2 per SM. v0.3 measured 4 per SM better (80.0 / 87.0; LayerNorm
        # fell to 22.0 with 2), but the kernel has changed since, and with dh (the add_*
        # ops) or in fp32 LayerNorm it needs 74-80 registers, so 3 of the 4 fit; v0.10
        # (sweep_coop.py, GPU time, results/2026-11-23-h100-v0.10-runs/call12), 4 -> 2 per
        # SM: LayerNorm fp32 89.9 -> 92.1, bf16 82.1 -> 86.9; with dh, LayerNorm fp32 83.0
        # -> 84.7, bf16 81.9 -> 86.1, RMSNorm fp32 93.3 -> 95.3, bf16 87.9 -> 92.4 (3 per SM
        # fell between).
        # v0.15 (sweep_coop.py, GPU time, results/2026-11-24-h100-v0.15-runs/call1): at
        # 4096, two rows a step with 8 warps, 1 per SM, beat one row, 2 per SM in all
        # eight cells: LayerNorm / RMSNorm bf16 89.6 / 90.3 -> 91.0 / 92.4, fp32 92.4 /
        # 91.3 -> 93.1 / 92.4; with dh bf16 85.4 / 93.9 -> 91.8 / 94.7, fp32 84.4 / 95.8
        # -> 95.7 / 97.3. At 256 and 512 no variant won in all four cells, and at 5120
        # (block 8192) neither 2 per SM nor 16 warps did (16-bit 81-86%: the padded block).
        # One padded tile: two (_tile_blocks) lost at 5120 in most cells (v0.15 call 4,
        # sweep_coop.py, GPU time, one tile 8192 / 8 warps -> the best two-tile config):
        # bf16 LayerNorm / RMSNorm 81.6 / 81.1 -> 85.2 / 89.1 (4 warps 2 per SM; 2 rows),
        # but fp32 92.5 / 92.6 -> 85.7 / 91.4 and with dh bf16 LayerNorm 80.2 -> 59.5.
        block_n = triton.next_power_of_2(n)
        special = BWD_TILE.get((block_n, size, is_rms, has_dh))
        if special is not None:
            rows, warps, pps = special
            return LaunchConfig(TILE, block_n, rows, warps, programs_per_sm=pps)
        rows = max(1, ROW_TILE // block_n)
        if block_n <= 2048:
            return LaunchConfig(TILE, block_n, rows, 4, programs_per_sm=2)
        if block_n <= 4096:
            return LaunchConfig(TILE, block_n, 2, 8, programs_per_sm=1)
        # Block 8192 (4096 < n <= 8192), v0.19 calls 1 and 3 (sweep_coop.py, GPU time,
        # three processes at 5120, two at 6144 / 8192; % of copy): 16-bit without dh where
        # the second tile is at most a quarter of the first (5120 = 4096 + 1024), two
        # tiles: LayerNorm, 4 warps, 2 per SM, 81.3-81.5 -> 85.1-86.5; RMSNorm, 2 rows a
        # step, 8 warps, 80.8-81.3 -> 89.2-89.7 (at 6144 = 4096 + 2048 two tiles lost:
        # LayerNorm 86.2 -> 63.5-70.8). One tile on 16 warps: RMSNorm 16-bit 6144 86.5 ->
        # 88.5-89.0 (8192 91.7-91.9 -> 92.1-92.3); with dh, 16-bit LayerNorm 5120 / 6144 /
        # 8192 79.7-79.8 / 84.9-85.3 / 91.9-92.8 -> 81.6-82.3 / 88.1-88.6 / 92.4-93.0,
        # RMSNorm 85.9-86.4 / 90.9-91.3 / 93.2-94.3 -> 87.5-88.0 / 91.7-92.0 / 94.2-94.4,
        # fp32 RMSNorm 75.7-76.2 / 80.2-80.4 / 87.0-87.4 -> 93.4-93.7 / 95.8-96.0 /
        # 95.1-95.4 (144 registers on 8 warps, 70 on 16, no spill either way: not
        # explained by spills). fp32 LayerNorm with dh lost on 16 (88.9 ->
        # 83.7 at 5120), and fp32 without dh took no gain from either (92.6-93.1 at 5120;
        # RMSNorm on 16 warps 92.3-93.0 at 5120-8192, within 0.5 of 8).
        first, second = _tile_blocks(n)
        if size == 2 and not has_dh and second and 4 * second <= first:
            if is_rms:
                return LaunchConfig(TILE, first, 2, 8, programs_per_sm=1, block_n2=second)
            return LaunchConfig(TILE, first, 1, 4, programs_per_sm=2, block_n2=second)
        # DH_L2 (above) on the padded block: v0.26 call 3 (the same method), none -> DH_L2,
        # 16-bit at 5120 / 6144: LayerNorm bf16 81.8-81.9 / 88.2 -> 91.1-91.4 / 93.1-93.4,
        # fp16 82.8-83.0 / 88.5-89.3 -> 91.4-92.0 / 93.1-93.4; RMSNorm bf16 87.1-87.5 /
        # 91.6-92.3 -> 92.6 / 93.7-94.1, fp16 87.4-87.7 / 91.8-92.0 -> 92.6-93.2 / 94.5;
        # at 8192 (no padding) level (-0.9 to +0.6). fp32 LayerNorm at 5120 88.5-89.3 ->
        # 90.3-91.1, but 6144 93.3-93.5 -> 90.9-91.3; fp32 RMSNorm lost (5120 -4).
        dh_l2 = has_dh and ((size == 2 and n < block_n) or (size == 4 and not is_rms
                                                              and n == 5120))
        if (size == 2 and (is_rms or has_dh)) or (is_rms and has_dh):
            return LaunchConfig(TILE, block_n, rows, 16, programs_per_sm=1, dh_l2=dh_l2)
        return LaunchConfig(TILE, block_n, rows, 8, programs_per_sm=1, dh_l2=dh_l2)
    if group_norm:
        # STATS_AHEAD in 16-bit (v0.26 call 10, sweep_gn_bwd.py, GPU time, two processes,
        # the table's configs, none -> ahead; results/2026-11-26-v0.26-runs/call10): bf16
        # UNet 320 73.3-74.0 / 67.3 (silu) -> 75.9-76.8 / 69.8-70.2, VAE 128 78.1-78.9 /
        # 66.2-66.3 -> 80.1 / 70.1-70.4, VAE 256 silu 70.0-70.6 -> 72.8-72.9, 3-D 64^3 silu
        # 80.1-80.3 -> 83.0, the rest within 1 (KEEP_DZ off, not the default: -0.2 to -1.6).
        # fp32 was mixed (-0.5 to +2.6): not taken.
        table = _channel_first((GN_BWD_COOP_CHANNELS if channel else GN_BWD_COOP)[size],
                               GN_BWD_CHANNEL[size],
                               (GN_BWD_CHANNEL_FIRST or {}).get(size) if channel else None)
        cfg = _coop(n, sms, table)
        if cfg is not None and channel % cfg.block_n:
            # (else the table's, which the caller declines)
            cfg = _coop_in_channel(n, sms, table, GN_BWD_CHANNEL[size], channel) or cfg
        if cfg is None:
            return LaunchConfig(LOOP, LOOP_BLOCK_N, 1, LOOP_WARPS)
        if (size, cfg.block_n, cfg.num_warps, cfg.replay) in GN_REPLAY_EVICT_CONFIGS:
            cfg = replace(cfg, replay_evict=True)
        key = (size, cfg.block_n, cfg.num_warps, cfg.programs_per_sm)
        if cfg.prefetch and not cfg.replay:
            cfg = replace(cfg, late_terms=key in GN_LATE_TERMS_CONFIGS,
                          pack16=key in GN_PACK16_CONFIGS)
        return replace(cfg, stats_ahead=True) if size == 2 else cfg
    cfg = _coop(n, sms, BWD_COOP[(size, is_rms, has_dh)], SYNC4.get(("bwd", size, is_rms)))
    if cfg is None or _split_long(n, sms, "bwd", size, is_rms, has_dh):
        return LaunchConfig(LOOP, LOOP_BLOCK_N, 1, LOOP_WARPS, programs_per_sm=1)
    if (size, is_rms, has_dh, cfg.block_n, cfg.num_warps, cfg.replay) in HOLD_W_CONFIGS:
        cfg = replace(cfg, hold_w=True)
    if has_dh and (size, is_rms, cfg.block_n, cfg.num_warps, cfg.replay) in DH_L2_CONFIGS:
        cfg = replace(cfg, dh_l2=True)
    if (size, is_rms, has_dh, cfg.block_n, cfg.num_warps, cfg.replay) in STATS_AHEAD_CONFIGS:
        cfg = replace(cfg, stats_ahead=True)
    if (size, is_rms, has_dh, cfg.block_n, cfg.num_warps,
            cfg.programs_per_sm) in LATE_TERMS_CONFIGS and cfg.prefetch and not cfg.replay:
        cfg = replace(cfg, late_terms=True)
    key = (size, is_rms, has_dh, cfg.block_n, cfg.num_warps, cfg.replay)
    if key in DX_EVICT_CONFIGS and cfg.group <= (DX_EVICT_CONFIGS[key] or cfg.group):
        cfg = replace(cfg, dx_evict=True)
    if key in REPLAY_EVICT_CONFIGS:
        cfg = replace(cfg, replay_evict=True)
    return cfg


def _split_long(n: int, sms: int, mode: str, element_size: int, is_rms: bool,
                res: bool) -> bool:
    """Whether the split path (which prepare takes for the loop config) replaces the
    cooperative path's long-row entry here (SPLIT_LONG). Not in the interpreter, whose
    cooperative rows stop at INTERPRETER_COOP_MAX."""
    return (SPLIT and n > 8192 * sms and not interpreting()
            and (mode, 4 if element_size >= 4 else 2, is_rms, res) in SPLIT_LONG)


def _cdiv(a: int, b: int) -> int:
    # triton.cdiv / next_power_of_2 go through Triton's constexpr wrappers, microseconds a
    # call: the per-call launch code uses these instead.
    return -(-a // b)


def _prev_pow2(n: int) -> int:
    return 1 << (max(n, 1).bit_length() - 1)


def _next_pow2(n: int) -> int:
    return 1 << (n - 1).bit_length() if n > 1 else 1


def _reg_cap(cfg: LaunchConfig, group_norm: bool = False) -> Optional[int]:
    # Registers per thread (Triton's maxnreg) that leave room for programs_per_sm
    # cooperative forward programs (its grid and waits are sized for them), where below the
    # hardware's 255. Applied to the GroupNorm rows path and to 4 programs per SM: the
    # 16-bit LayerNorm config (4096 / 8 warps) compiles to exactly 64 registers with w and
    # b, but to 78 without them and to 80 for InstanceNorm's per-row w, b, so only 3
    # programs fit: bf16 InstanceNorm 8x64x64^3 ran at 53.5-56.3% of copy uncapped and
    # 73.0% capped at 64 (4 B spilled), GroupNorm VAE 512 / 256 / 128 at 64.7 / 69.4 / 71.3
    # capped against 47.9 / 50.0 / 70.6 (v0.10-runs call 2, 6, 7). Not the backward: its
    # 2048 / 4-warp config (4 per SM) capped at 128 spilled 200-270 B in fp32 and fp32
    # RMSNorm fell from 79-81% to 70-73% (call 7); nor the other forward configs, tuned
    # with the registers ptxas chose (capping fp32 8192 / 8 warps at 128 spills 250-370 B).
    if cfg.path != COOP or not COOP_REG_CAP or not (group_norm or cfg.programs_per_sm >= 4):
        return None
    return _fitting_cap(cfg)


def _fitting_cap(cfg: LaunchConfig) -> Optional[int]:
    # Registers per thread (a multiple of 8) with which programs_per_sm programs of
    # num_warps fit an SM's register file; None where that is the hardware's 255 or more.
    cap = SM_REGISTERS // (32 * cfg.num_warps * cfg.programs_per_sm) // 8 * 8
    return cap if cap < 255 else None


def _spin_len(cfg: LaunchConfig) -> int:
    # The cooperative wait's tile (_collect_rows): ROWS x GROUP_P2 words, and with
    # COOP_SYNC 3 at least one per thread, so that no word is held in two copies.
    n = cfg.rows * _next_pow2(cfg.group)
    return max(n, 32 * cfg.num_warps) if _sync(cfg) == 3 else n


def _even(cfg: LaunchConfig, N: int) -> bool:
    # The kernels' EVEN: every column of the tiles (PATH 0) or slices (PATH 1) lies in the
    # row, so the sums need no column mask (a select an element fewer).
    if cfg.path == TILE:
        return cfg.block_n + cfg.block_n2 == N
    return cfg.path == COOP and N % cfg.block_n == 0


def _persistent_groups(M: int, cfg: LaunchConfig, sms: int) -> int:
    # As many row groups as fit programs_per_sm programs per SM, but no more than the
    # steps of cfg.rows rows.
    return max(1, min(_cdiv(M, cfg.rows), (sms * cfg.programs_per_sm) // cfg.group))


@dataclass(frozen=True)
class Prepared:
    """A launcher's decisions for one call key: the kernel launch, the cooperative path's
    int64 workspace words per call (0: none; launch.coop_workspace), and for the backward
    the partial rows of dw/db and the final sum's launch (None when the one partial row
    is the result)."""
    launch: FixedLaunch
    coop_slots: int = 0
    partials: int = 0
    loop_scratch: int = 0  # fp32 (M, 2) scratch of the loop path's backward (elements)
    stats_scratch: int = 0  # forward without statistics asked (rstd None) that writes them
    #                         anyway (STATS_SCRATCH): M, their rows in the stream scratch
    total: Optional[FixedLaunch] = None
    cfg: Optional[LaunchConfig] = None
    folded: bool = False  # GroupNorm rows: the launch writes dw, db itself (FINAL_SUM > 0)
    tag_span: int = 1  # tags a launch takes (ROW_TAG: one per row)
    split: Optional["SplitLaunch"] = None  # the split path's two launches (launch is apply)

    def workspace(self, device):
        """(ws, tag) for one launch (launch.coop_workspace): SYNC 2 counts arrivals in its
        words, so it takes freshly zeroed ones."""
        g = self.launch.grid
        return coop_workspace(device, self.coop_slots,
                              fresh=self.cfg is not None and _sync(self.cfg) == 2,
                              span=self.tag_span, programs=g[0] * g[1] * g[2])


@dataclass(frozen=True)
class SplitLaunch:
    """The split path's launches for one call key: statistics, then apply; `part`: fp32
    elements of the chunk partials (M x n_chunks x 2, to 16 bytes); `blocks`: the
    backward's row blocks (dw / db partial rows; 1: the apply writes dw, db)."""
    stats: FixedLaunch
    apply: FixedLaunch
    part: int
    blocks: int = 1


# Prepared launches per call key (kernels/launch.py).
_PREPARED = PreparedCache()



def clear_prepared():
    """Forget prepared launches and cached configs: after changing a heuristic constant or
    config function of this module, or COOP_SYNC (sweeps, diagnostics, tests)."""
    _PREPARED.clear()
    INFER_PLANS.clear()
    for f in (fwd_config, bwd_config):
        getattr(f, "cache_clear", lambda: None)()


# The tile forward's LayerNorm statistics from one pair reduction of shifted sums
# (ONE_PASS) rather than a mean, then a centered sum of squares: None for the table
# (_tile_one_pass), True or False to force it (sweeps, tests).
TILE_ONE_PASS = None


def _tile_one_pass(N: int, element_size: int, has_res: bool, stats: bool) -> bool:
    """Where ONE_PASS was measured faster (sweep_coop.py, GPU time, two processes, % of
    copy, two reductions -> one; results/2026-11-26-v0.25-runs/call10-11). 16-bit only:
    12288 (two tiles of 8 warps) bf16 96.6-97.1 -> 97.6-98.2, fp16 97.2-98.0 -> 97.7-98.5;
    32768 (one program of 32 warps an SM: the reductions' barriers are not hidden) bf16
    93.3-95.4 -> 94.9-96.2, fp16 94.9-95.5 -> 96.3-96.6. With a residual at 12288 only
    without statistics (the inference path: bf16 96.0-96.9 -> 98.7-99.0, fp16 97.7-97.9 ->
    97.2-99.0); with them it lost (bf16 98.9 -> 96.9-97.1: 80 registers against 64 halve
    the programs an SM). Elsewhere level or lower: bf16 16384 97.5 -> 78.0 (72 registers,
    one program an SM instead of two), fp32 32768 96.0 -> 91.5, fp32 with a residual at
    256 / 512 / 16384 -0.7 to -1.5; 256-8192 within +-0.5 in bf16."""
    if TILE_ONE_PASS is not None:
        return TILE_ONE_PASS
    if element_size != 2:
        return False
    if N == 32768:
        return not has_res
    return N == 12288 and not (has_res and stats)


def _tile_shift(N: int, element_size: int) -> bool:
    """Whether the tile forward's two-reduction LayerNorm shifts the mean's sum by the
    row's first element (SHIFT), so that a row of N equal values gets its mean exactly.
    A plain sum of them is exact while the value's significand and log2(N) fit fp32's 24
    bits: bf16 (8 bits) to N = 65536, fp16 (11) to 8192, fp32 never: 12345.678 in 768
    columns gave a mean an ulp off and y off by 0.31 (rstd = eps^-1/2 scales the ulp;
    v0.36-runs call 5). The element size alone does not tell fp16 from bf16, so 16-bit rows
    take fp16's limit. Only where needed, because the shift costs one subtraction an element: fp32 LayerNorm at
    32768 (one 32-warp program an SM, each row's steps in series) 96.3-96.8 -> 95.0-95.4%
    of copy, bf16 at 1024 with statistics 97.5-98.0 -> 96.0-96.4 (ab_gpu.py, v0.37-runs
    call 2, 15 rounds, two processes); elsewhere within 0.5%."""
    return element_size == 4 or (element_size == 2 and N > 8192)


def _stats_scratch(cfg: LaunchConfig, N: int, element_size: int, is_rms: bool,
                   has_res: bool) -> bool:
    """Whether a forward asked for no statistics (the inference path) compiles the
    variant that writes them, into stream scratch, because that variant is the faster
    one: fp32 LayerNorm with a residual on the 32K tile (32 warps, at most 64 registers a
    thread), where the variant without statistics spills 12 B a thread (compile_check.py's
    method) and ran at 95.0% of copy against 97.9-98.1% with them (v0.25 call 8,
    sweep_coop.py with and without SWEEP_INFER, GPU time, two processes; the 16-bit and
    RMSNorm forms and those without a residual were within 1.5 points either way). Since
    the tile's SHIFT (v0.37), fp32 LayerNorm at 32768 without a residual too: 95.2% of
    copy without statistics, 96.4% with them, where v0.36's tile ran 96.3% both ways
    (ab_gpu.py, v0.37-runs call 5, 15 rounds). The 16-bit tile of words (pack16) too: bf16
    at 65536 without statistics spills 32 B a thread and ran 89.6-89.7% of copy against
    94.9-96.9 with them; fp16 97.6-97.8 / 97.3-97.7 (v0.49 call 6, ab_tile_words.py, GPU
    time)."""
    if cfg.path == TILE and cfg.pack16:
        return True
    return cfg.path == TILE and N == 32768 and element_size >= 4 and not is_rms


def _prepare_fwd(M: int, N: int, device, element_size: int, is_rms: bool, has_w: bool,
                 has_b: bool, has_res: bool, stats: bool, strides, channels=None,
                 activation: int = 0, pps: Optional[int] = None,
                 channel_slices: bool = False) -> Optional[Prepared]:
    """channels: None (w, b per column), or GroupNorm's (G, CG, S) with N = CG * S (the
    rows path of groupnorm.py; None is returned where w and b would need a lookup per
    element, see _affine); activation: activation.py's code; pps: programs per SM in
    place of the config's (_fit); channel_slices: CG > 1 takes cooperative slices of a
    channel where the table's do not fit one (fwd_config's channel)."""
    sms = sm_count(device)
    channel = channels[2] if channels is not None and channels[1] > 1 and channel_slices else 0
    cfg = fwd_config(N, sms, element_size, has_res, is_rms, channels is not None, channel,
                     channels is not None and M <= GN_FWD_FEW_ROWS)
    if pps is not None:
        cfg = replace(cfg, programs_per_sm=pps)
    if channels is not None and cfg.sync != 3:  # SYNC4 was measured on the row norms only
        cfg = replace(cfg, sync=3)
    if cfg.path == LOOP and channels is None and SPLIT:
        return _prepare_split_fwd(M, N, is_rms, has_w, has_b, has_res, strides, cfg,
                                  element_size)
    G, CG, S = channels or (1, 1, 1)
    if channels is None:
        affine = 0
    elif CG == 1:
        affine = 1
    elif cfg.path != TILE and S % cfg.block_n == 0:
        affine = 2
    else:
        return None
    if cfg.path == TILE:
        grid = (_cdiv(M, cfg.rows),)
    elif cfg.path == COOP:
        grid = (_persistent_groups(M, cfg, sms) * cfg.group,)
    else:
        grid = (M,)
    evict = (FWD_EVICT if cfg.path == COOP
             else TILE_EVICT.get(cfg.block_n, ("", "")) if cfg.path == TILE and channels is None
             else ("", ""))
    scratch = (not stats and channels is None
               and _stats_scratch(cfg, N, element_size, is_rms, has_res))
    one_pass = (cfg.path == TILE and not is_rms and channels is None
                and _tile_one_pass(N, element_size, has_res, stats or scratch))
    return Prepared(FixedLaunch(_FWD, grid, (M, N) + strides + (G, CG, S), (
        ("IS_RMS", is_rms), ("HAS_WEIGHT", has_w), ("HAS_BIAS", has_b),
        ("HAS_RESIDUAL", has_res), ("STATS", stats or scratch), ("PATH", cfg.path),
        ("ROWS", cfg.rows),
        ("GROUP", cfg.group), ("GROUP_P2", _next_pow2(cfg.group)), ("SPIN", _spin_len(cfg)),
        ("BLOCK_N", cfg.block_n), ("BLOCK_N2", cfg.block_n2), ("SYNC", _sync(cfg)),
        ("BACKOFF", _backoff()), ("AFFINE", affine),
        ("ACTIVATION", activation), ("PAIR_SUM", not interpreting()),
        ("X_EVICT", evict[0]), ("WB_EVICT", evict[1]),
        ("Y_EVICT", Y_EVICT if cfg.path == COOP and not interpreting() and channels is None
         else ""),
        ("ROW_TAG", ROW_TAG),
        ("REPLAY", cfg.replay if cfg.path == COOP else 0),
        ("EVEN", _even(cfg, N)), ("L2_AHEAD", _l2_ahead(cfg)), ("L2_HINT", _l2_hint(cfg)),
        ("ONE_PASS", one_pass),
        ("SHIFT", cfg.path == TILE and not is_rms and not one_pass
         and _tile_shift(N, element_size)),
        ("PACK16", _pack16(cfg, element_size, backward=False)), ("TICKET", False)),
        cfg.num_warps,
        _reg_cap(cfg, channels is not None)),
        coop_slots=M * (cfg.group + 1) * 2 if cfg.path == COOP else 0, cfg=cfg,
        tag_span=M if ROW_TAG else 1, stats_scratch=M if scratch else 0)


def _split_fwd_params(N: int, element_size: int, is_rms: bool):
    """The split forward's (tile columns, warps, chunk, policy): SPLIT_FWD_RMS16 where it
    measured faster, else SPLIT_FWD."""
    if is_rms and element_size == 2 and N <= SPLIT_FWD_RMS16_MAX_N:
        return SPLIT_FWD_RMS16
    return SPLIT_FWD


def _split_flags(is_rms: bool, has_w: bool, backward: bool, params, **flags):
    """The split kernels' constexprs in signature order (flags: the others, False where
    not given), tile and policy from `params` (SPLIT_BWD or _split_fwd_params')."""
    block, _, _, evict = params
    names = ("HAS_RESIDUAL",) if "HAS_RESIDUAL" in flags else (
        "HAS_BIAS", "HAS_DW", "HAS_DB", "HAS_DH")
    out = (("IS_RMS", is_rms), ("HAS_WEIGHT", has_w),
           *((k, flags.get(k, False)) for k in names), ("BACKWARD", backward),
           ("BLOCK_N", block))
    return out if "HAS_RESIDUAL" in flags else out + (
        ("EVICT", "" if interpreting() else evict),)


def _prepare_split_fwd(M: int, N: int, is_rms: bool, has_w: bool, has_b: bool, has_res: bool,
                       strides, cfg: LaunchConfig, element_size: int) -> Prepared:
    """The split path's forward (strides: x, residual, y, h row strides)."""
    sx, sr, sy, sh = strides
    params = _split_fwd_params(N, element_size, is_rms)
    _, warps, chunk, _ = params
    n_chunks = _cdiv(N, chunk)
    grid = (M * n_chunks,)
    stats = FixedLaunch(_SPLIT_STATS, grid, (M, N, sx, sr, sh, chunk, n_chunks),
                        _split_flags(is_rms, False, False, params, HAS_RESIDUAL=has_res)
                        + (("COMB_K", SPLIT_COMB_K),), warps)
    apply = FixedLaunch(_SPLIT_APPLY, grid, (M, N, sh if has_res else sx, 0, 0, sy,
                                             chunk, n_chunks, 0, 0),
                        _split_flags(is_rms, has_w, False, params, HAS_BIAS=has_b), warps)
    return Prepared(apply, cfg=cfg,
                    split=SplitLaunch(stats, apply, (M * n_chunks * 2 + 3) & ~3))


def _launch_split_fwd(prep: Prepared, x, residual, weight, bias, eps: float, y, h, mean,
                      rstd):
    """launch_fwd on the split path: the partials (and, with rstd None, the statistics,
    which the apply reads) in the stream's scratch, the rows' counters zeroed."""
    sp = prep.split
    M = sp.stats.ints[0]
    device = x.device
    if rstd is None:
        seg = (M + 3) & ~3
        buf = stream_scratch(device, sp.part + 2 * seg)
        mean, rstd = buf[sp.part:sp.part + M], buf[sp.part + seg:sp.part + seg + M]
    else:
        buf = stream_scratch(device, sp.part)
        if mean is None:
            mean = rstd
    count = torch.zeros((M,), device=device, dtype=torch.int32)
    hh = y if h is None else h
    sp.stats((x, x if residual is None else residual, x, hh, mean, rstd, buf, rstd, count),
             (eps,))
    sp.apply((x if h is None else h, x if weight is None else weight,
              x if bias is None else bias, x, x, mean, rstd, rstd, y, rstd, rstd))


def _fit(make, device, dtypes, tail=()):
    """make(pps) prepares a launch with pps programs per SM (None: the config's). A
    cooperative launch's grid is sized for programs_per_sm programs on every SM, all
    resident (programs that wait on each other run together): on the GPU it is compiled
    first (no programs run; stand-in tensors of the call's `dtypes`, as
    dtypes(prepared)), and prepared again for the programs that fit an SM where fewer do.
    fp32 RMSNorm's backward (2048 / 4 warps, 4 per SM configured) needs 161-176
    registers, so 3 or 2 fit: with 3 per SM it ran at 94.5 / 97.0 / 95.3% of copy at 16K
    / 64K / 256K against 80.8 / 80.5 / 79.0 (v0.10-runs call 10); fp32 add_*_norm forward
    (8192 / 8 warps, 2 per SM, 182-254 registers): 1 per SM 91.7-95.8% against 78.7-94.8
    at 64K-1M (call 12)."""
    prep = make(None)
    if prep is None or prep.cfg is None or prep.cfg.path != COOP or not COOP_FIT:
        return prep
    fit = prep.launch.resident(device, dtypes(prep), tail)
    return make(fit) if fit is not None and fit < prep.cfg.programs_per_sm else prep


def prepare_fwd(x, residual, weight, bias, is_rms: bool, y, h, mean, rstd) -> Prepared:
    """The prepared forward launch for these tensors (x, residual, y, h: (M, N) views
    with unit column stride; rstd None: no statistics are written). Cached per call key;
    run it with launch_fwd."""
    M, N = x.shape
    has_res = residual is not None
    strides = (x.stride(0), residual.stride(0) if has_res else 0, y.stride(0),
               h.stride(0) if has_res else 0)
    key = (M, N, strides, x.dtype, x.get_device(), is_rms, dtype_of(residual), dtype_of(weight),
           dtype_of(bias), y.dtype, dtype_of(h), dtype_of(mean), dtype_of(rstd))
    prep = _PREPARED.get(key)
    if prep is None:
        def dtypes(p):  # the launch's tensors (statistics: fp32 where written)
            stat = torch.float32 if rstd is not None or p.stats_scratch else y.dtype
            return (x.dtype, dtype_of(residual) or x.dtype, dtype_of(weight) or x.dtype,
                    dtype_of(bias) or x.dtype, y.dtype, dtype_of(h) or y.dtype, stat, stat,
                    torch.int64)
        prep = _PREPARED.make(key, lambda: _fit(lambda pps: _prepare_fwd(
            M, N, x.device, x.element_size(), is_rms, weight is not None, bias is not None,
            has_res, rstd is not None, strides, pps=pps), x.device, dtypes, (1e-5, 1)))
    return prep


def launch_fwd(prep: Prepared, x, residual, weight, bias, eps: float, y, h, mean, rstd):
    """Launch a forward prepared by prepare_fwd for tensors with the same key (only their
    addresses may differ). The tensors may have any shape whose memory is the prepared
    (M, N) view's: the kernel sees only their addresses."""
    if prep.split is not None:
        return _launch_split_fwd(prep, x, residual, weight, bias, eps, y, h, mean, rstd)
    ws, tag = prep.workspace(x.device) if prep.coop_slots else (y, 1)
    if rstd is None and prep.stats_scratch:  # written, not returned (_stats_scratch)
        mean, rstd = _stats_views(prep.stats_scratch, x.device)
    elif rstd is None:
        mean = rstd = y  # not written (STATS is False)
    elif mean is None:
        mean = rstd
    # Each distinct address read once, launched directly where that applies (as
    # launch_infer); else the tensors.
    px, py, pr = x.data_ptr(), y.data_ptr(), rstd.data_ptr()
    pres = px if residual is None else residual.data_ptr()
    pw = px if weight is None else weight.data_ptr()
    pb = px if bias is None else bias.data_ptr()
    ph = py if h is None else h.data_ptr()
    pm = pr if mean is rstd else mean.data_ptr()
    pws = py if ws is y else ws.data_ptr()
    launch = prep.launch if tag else ticket_launch(prep.launch)  # (tag 0: captured)
    if launch.direct_call((px, pres, pw, pb, py, ph, pm, pr, pws), (eps, tag),
                          px | pres | pw | pb | py | ph | pm | pr | pws):
        return
    launch((
        x, x if residual is None else residual, x if weight is None else weight,
        x if bias is None else bias, y, y if h is None else h, mean, rstd, ws), (eps, tag))


def _stats_views(M: int, device):
    """(mean, rstd) rows of the stream scratch for a forward whose statistics are
    written but not returned (Prepared.stats_scratch), rstd at a 16-byte boundary."""
    seg = (M + 3) & ~3
    buf = stream_scratch(device, 2 * seg)
    return buf[:M], buf[seg:seg + M]


def launch_infer(prep: Prepared, x, residual, weight, bias, eps: float, y, h):
    """launch_fwd without statistics (prepared with rstd None), as the inference path
    calls it: each distinct address read once (FixedLaunch.direct_call), the tensors
    passed only where the direct launch does not apply. On the lent H100's host the
    whole inference call took 0.95x the time it took through launch_fwd (median of 24
    cells: layer_norm, rms_norm and add_rms_norm at 1x4096 and 32x4096, bf16; about 0.8 of
    13-16 us a call; benchmarks/host_ab.py, NOTES v0.24). The alignment test is one OR
    of the distinct addresses (NOTES v0.33)."""
    if prep.split is not None:
        return _launch_split_fwd(prep, x, residual, weight, bias, eps, y, h, None, None)
    if prep.coop_slots:
        ws, tag = prep.workspace(x.device)
    else:
        ws, tag = y, 1
    px = x.data_ptr()
    py = y.data_ptr()
    mean = rstd = y  # not written (STATS is False)
    pm = pr = py
    if prep.stats_scratch:  # written, not returned (_stats_scratch)
        mean, rstd = _stats_views(prep.stats_scratch, x.device)
        pm, pr = mean.data_ptr(), rstd.data_ptr()
    pres = px if residual is None else residual.data_ptr()
    pw = px if weight is None else weight.data_ptr()
    pb = px if bias is None else bias.data_ptr()
    ph = py if h is None else h.data_ptr()
    pws = py if ws is y else ws.data_ptr()
    low = px | pres | pw | pb | py | ph | pm | pr | pws  # the OR of the addresses, for alignment
    launch = prep.launch if tag else ticket_launch(prep.launch)  # (tag 0: captured)
    if not launch.direct_call((px, pres, pw, pb, py, ph, pm, pr, pws), (eps, tag), low):
        launch((x, x if residual is None else residual, x if weight is None else weight,
                x if bias is None else bias, y, y if h is None else h, mean, rstd, ws),
               (eps, tag))


def rownorm_fwd(x, residual, weight, bias, eps: float, is_rms: bool, y, h, mean, rstd):
    """Launch the forward on an (M, N) x with unit column stride; outputs preallocated
    (rstd None: no statistics)."""
    if x.shape[0] == 0:
        return
    prep = prepare_fwd(x, residual, weight, bias, is_rms, y, h, mean, rstd)
    launch_fwd(prep, x, residual, weight, bias, float(eps), y, h, mean, rstd)


def _prepare_bwd(M: int, N: int, device, element_size: int, is_rms: bool, has_w: bool,
                 want_dw: bool, want_db: bool, has_dh: bool, strides, dw_dtype,
                 db_dtype, channels=None, activation: int = 0,
                 has_b: bool = False, pps: Optional[int] = None) -> Optional[Prepared]:
    """channels: None, or GroupNorm's (G, CG, S) with N = CG * S (groupnorm.py's rows
    path): then only the cooperative path with w, b one value per slice runs (else None
    is returned), DW and DB take (M, GROUP) fp32 slice sums and `partials` is M * GROUP;
    the launch sums them per channel into DWO and DBO (`folded`) by the last sample's
    programs where _by_channel says so, else up to FOLD_MAX of them by its last program,
    else the caller does. pps: as _prepare_fwd's."""
    has_dw = has_w and want_dw
    sms = sm_count(device)
    channel = channels[2] if channels is not None and channels[1] > 1 else 0
    cfg = bwd_config(N, sms, element_size, is_rms, channels is not None, has_dh, channel)
    if pps is not None:
        cfg = replace(cfg, programs_per_sm=pps)
    if (channels is not None or has_dh) and cfg.sync != 3:  # SYNC4: measured without them
        cfg = replace(cfg, sync=3)
    if cfg.path == LOOP and channels is None and SPLIT:
        return _prepare_split_bwd(M, N, sms, is_rms, has_w, has_dw, want_db, has_dh, strides,
                                  cfg)
    G, CG, S = channels or (1, 1, 1)
    affine = 0
    if channels is not None:
        if cfg.path != COOP or not (CG == 1 or S % cfg.block_n == 0):
            return None
        affine = 1 if CG == 1 else 2
    rows_per_program = 0
    summers = 1
    final = 1 if affine > 0 and M * cfg.group <= FOLD_MAX else 0
    sum_p, sum_n, sum_k = _fold_tile(M // G, cfg.group // CG)
    if cfg.path == COOP:
        # One dw/db partial row per row group.
        partials = _persistent_groups(M, cfg, sms)
        programs = partials * cfg.group
        if affine > 0 and _by_channel(G, partials, M // G, cfg.group // CG):
            final = 3 if interpreting() else 2
            sum_p, sum_n = _channel_tile(G, partials, M // G, cfg.group // CG,
                                         32 * cfg.num_warps)
        if (affine == 0 and (has_dw or want_db) and partials > 1
                and _row_fold(cfg, partials, element_size, is_rms, has_dh)):
            final = 1
            sum_p, sum_n, summers = _row_fold_tile(partials, cfg.block_n)
    else:
        # Persistent grid: each program owns a contiguous block of rows (a multiple of
        # cfg.rows) and writes one fp32 partial row of dw/db, so extra memory is
        # O(programs x N) with programs <= programs_per_sm x SMs.
        max_programs = cfg.programs_per_sm * sms
        steps = _cdiv(max(M, 1), cfg.rows)
        rows_per_program = _cdiv(steps, max_programs) * cfg.rows
        programs = partials = _cdiv(max(M, 1), rows_per_program)
    launch = FixedLaunch(_BWD, (programs,), (M, N) + strides + (rows_per_program, G, CG, S), (
        ("IS_RMS", is_rms), ("HAS_WEIGHT", has_w), ("HAS_DW", has_dw),
        ("HAS_BIAS", want_db), ("HAS_DH", has_dh), ("PATH", cfg.path),
        ("ROWS", cfg.rows), ("GROUP", cfg.group),
        ("GROUP_P2", _next_pow2(cfg.group)), ("SPIN", _spin_len(cfg)), ("BLOCK_N", cfg.block_n),
        ("BLOCK_N2", cfg.block_n2), ("SYNC", _sync(cfg)), ("BACKOFF", _backoff()), ("PREFETCH", cfg.prefetch),
        ("AFFINE", affine), ("ACTIVATION", activation), ("HAS_B", has_b),
        ("KEEP_DZ", bool(activation) and KEEP_DZ and element_size < 4),
        ("PAIR_SUM", not interpreting()), ("FINAL_SUM", final), ("SUM_P", sum_p),
        ("SUM_N", sum_n), ("SUM_K", sum_k),
        ("SUMMERS", summers),
        ("FOLD_SLEEP", 0 if interpreting() or affine or not final else FOLD_SLEEP),
        ("ROW_TAG", ROW_TAG),
        ("REPLAY", cfg.replay if cfg.path == COOP else 0),
        ("EVEN", cfg.path == COOP and _even(cfg, N)), ("L2_AHEAD", _l2_ahead(cfg)),
        ("DX_EVICT", _dx_evict(cfg, N, element_size, is_rms, has_dh) if channels is None
         else ""),
        ("LOAD_EVICT", _load_evict(cfg)), ("DH_EVICT", _dh_evict(cfg, has_dh)),
        ("HOLD_W", (cfg.hold_w if HOLD_W is None else HOLD_W) and cfg.path == COOP
                   and affine == 0 and has_w), ("DH_L2", _dh_l2(cfg, has_dh)),
        ("STATS_AHEAD", _stats_ahead(cfg)), ("LATE_TERMS", _late_terms(cfg)),
        ("DH_EARLY", _dh_early(cfg, has_dh, element_size, is_rms)),
        ("PACK16", _pack16(cfg, element_size)), ("TICKET", False)), cfg.num_warps,
        _bwd_reg_cap(cfg, final >= 2))
    if affine:
        slots = M * (cfg.group + 1) * 2 + (programs if final == 1 else 0)
        return Prepared(launch, coop_slots=slots + (2 * M * cfg.group if final >= 2 else 0),
                        partials=M * cfg.group, cfg=cfg, folded=final > 0,
                        tag_span=M if ROW_TAG else 1)
    total = None
    # One partial row (one program, or one row group: few rows) is the result: the main
    # kernel then writes dw/db in their final dtypes and no sum is launched; nor where
    # the launch sums its partials itself (fold).
    if (has_dw or want_db) and partials > 1 and not final:
        total = sum_launch(partials, N, 1, has_dw, want_db)
    return Prepared(launch, coop_slots=(M * (cfg.group + 1) * 2 + (programs if final else 0)
                                        if cfg.path == COOP else 0),
                    partials=partials, loop_scratch=2 * M if cfg.path == LOOP else 0,
                    total=total, cfg=cfg, folded=final > 0,
                    tag_span=M if ROW_TAG and cfg.path == COOP else 1)


def _prepare_split_bwd(M: int, N: int, sms: int, is_rms: bool, has_w: bool, has_dw: bool,
                       want_db: bool, has_dh: bool, strides, cfg: LaunchConfig) -> Prepared:
    """The split path's backward (strides: x, dy, dh, dx row strides): row blocks until
    the apply has SPLIT_MIN_PROGRAMS x SMs programs (at most M), and the partial rows'
    sum where there are several."""
    sx, sdy, sdh, sdx = strides
    block, warps, chunk, _ = SPLIT_BWD
    n_chunks = _cdiv(N, chunk)
    col_blocks = _cdiv(N, block)
    blocks = max(1, min(M, _cdiv(SPLIT_MIN_PROGRAMS * sms, col_blocks)))
    rows_per_block = _cdiv(max(M, 1), blocks)
    blocks = _cdiv(max(M, 1), rows_per_block)
    stats = FixedLaunch(_SPLIT_STATS, (M * n_chunks,), (M, N, sx, sdy, 0, chunk, n_chunks),
                        _split_flags(is_rms, has_w, True, SPLIT_BWD, HAS_RESIDUAL=False)
                        + (("COMB_K", SPLIT_COMB_K),), warps)
    apply = FixedLaunch(_SPLIT_APPLY, (blocks * col_blocks,),
                        (M, N, sx, sdy, sdh, sdx, chunk, n_chunks, rows_per_block,
                         col_blocks),
                        _split_flags(is_rms, has_w, True, SPLIT_BWD, HAS_DW=has_dw,
                                     HAS_DB=want_db,
                                     HAS_DH=has_dh), warps)
    total = (sum_launch(blocks, N, 1, has_dw, want_db)
             if blocks > 1 and (has_dw or want_db) else None)
    return Prepared(apply, partials=blocks, total=total, cfg=cfg,
                    split=SplitLaunch(stats, apply, (M * n_chunks * 2 + 3) & ~3, blocks))


def _launch_split_bwd(prep: Prepared, dy, dh, x, weight, mean, rstd, is_rms: bool,
                      has_dw: bool, want_db: bool, dx, dw_dtype, db_dtype):
    """launch_bwd on the split path: the stream's scratch holds the chunk partials, c1 and
    c2 per row and (several row blocks) the dw / db partial rows, laid out one after
    another at 16-byte boundaries."""
    sp = prep.split
    M, N = sp.stats.ints[:2]
    device = x.device
    if M == 0:  # no rows: the sums are zeros
        return (torch.zeros((N,), device=device, dtype=dw_dtype) if has_dw else None,
                torch.zeros((N,), device=device, dtype=db_dtype) if want_db else None)
    cs_at = sp.part
    rows_at = cs_at + ((2 * M + 3) & ~3)
    seg = (sp.blocks * N + 3) & ~3 if sp.blocks > 1 else 0
    buf = stream_scratch(device, rows_at + (has_dw + want_db) * seg)
    part, cs = buf[:sp.part], buf[cs_at:cs_at + 2 * M]
    count = torch.zeros((M,), device=device, dtype=torch.int32)
    mean = rstd if is_rms else mean
    w = x if weight is None else weight
    sp.stats((x, dy, w, x, mean, rstd, part, cs, count), (1e-5,))  # (eps: forward only)
    dw = torch.empty((N,), device=device, dtype=dw_dtype) if has_dw else None
    db = torch.empty((N,), device=device, dtype=db_dtype) if want_db else None
    vw, vb = dw, db  # one row block: the apply writes dw, db themselves
    if sp.blocks > 1:  # else their partial rows, summed after
        vw = buf[rows_at:rows_at + sp.blocks * N] if has_dw else None
        at = rows_at + seg * has_dw
        vb = buf[at:at + sp.blocks * N] if want_db else None
    sp.apply((x, w, x, dy, dy if dh is None else dh, mean, rstd, cs, dx,
              rstd if vw is None else vw, rstd if vb is None else vb))
    if prep.total is not None:
        prep.total((vw if has_dw else vb, vb if want_db else vw, dw if has_dw else db,
                    db if want_db else dw))
    return dw, db


def prepare_bwd(dy, dh, x, weight, mean, rstd, is_rms: bool, want_dw: bool, want_db: bool, dx,
                dw_dtype=torch.float32, db_dtype=torch.float32) -> Prepared:
    """The prepared backward launch for these tensors ((M, N) views with unit column
    stride), cached per call key; run it with launch_bwd."""
    M, N = x.shape
    has_w = weight is not None
    has_dw = has_w and want_dw
    has_dh = dh is not None
    strides = (x.stride(0), dy.stride(0), dh.stride(0) if has_dh else 0, dx.stride(0))
    key = (M, N, strides, x.dtype, dy.dtype, x.get_device(), is_rms, dtype_of(weight), want_dw,
           want_db, dtype_of(dh), dtype_of(mean), rstd.dtype, dx.dtype, dw_dtype, db_dtype)
    prep = _PREPARED.get(key)
    if prep is None:
        f32 = torch.float32

        def dtypes(p):  # the launch's tensors below
            one = p.total is None and not p.folded
            return (x.dtype, dtype_of(weight) or x.dtype, x.dtype, dy.dtype,
                    dtype_of(dh) or dy.dtype, f32, f32, dx.dtype,
                    (dw_dtype if one else f32) if has_dw else f32,
                    (db_dtype if one else f32) if want_db else f32, f32, torch.int64,
                    dw_dtype if p.folded and has_dw else f32,
                    db_dtype if p.folded and want_db else f32)
        prep = _PREPARED.make(key, lambda: _fit(lambda pps: _prepare_bwd(
            M, N, x.device, x.element_size(), is_rms, has_w, want_dw, want_db, has_dh,
            strides, dw_dtype, db_dtype, pps=pps), x.device, dtypes, (1,)))
    return prep


def launch_bwd(prep: Prepared, dy, dh, x, weight, mean, rstd, is_rms: bool, has_dw: bool,
               want_db: bool, dx, dw_dtype=torch.float32, db_dtype=torch.float32):
    """Launch a backward prepared by prepare_bwd for tensors with the same key (only their
    addresses may differ; any shape whose memory is the prepared (M, N) view's); has_dw:
    weight given and its gradient wanted. Returns (dw, db) in dw_dtype / db_dtype (None
    where not wanted), reduced in a fixed order.

    Where a sum follows, the fp32 partials (and the loop path's per-row scratch) come from
    the stream's scratch buffer (launch.stream_scratch), laid out one after another at
    16-byte boundaries, and both launches take the addresses directly
    (FixedLaunch.direct_call), each read once; where that does not apply (the first call,
    an unaligned tensor, the interpreter) the tensors, as views of the buffer, go through
    the usual path."""
    if prep.split is not None:
        return _launch_split_bwd(prep, dy, dh, x, weight, mean, rstd, is_rms, has_dw, want_db,
                                 dx, dw_dtype, db_dtype)
    M, N = prep.launch.ints[:2]  # the launch's first two integers
    device = x.device
    total = prep.total
    one = total is None and not prep.folded  # one partial row: it is dw, db themselves
    if total is None:  # the main launch writes dw, db (one partial row, or the fold)
        dw, db = _grad_outs(N, device, weight, has_dw, want_db, dw_dtype, db_dtype)
        if M == 0:
            for t in (dw, db):
                if t is not None:
                    t.zero_()
            return dw, db
    elif M == 0:  # no rows: the sums are zeros
        return (torch.zeros((N,), device=device, dtype=dw_dtype) if has_dw else None,
                torch.zeros((N,), device=device, dtype=db_dtype) if want_db else None)
    seg = 0 if one else (prep.partials * N + 3) & ~3  # a partial array, to 16 bytes
    parts = (has_dw + want_db) * seg
    need = parts + prep.loop_scratch
    buf = stream_scratch(device, need) if need else None
    pr = rstd.data_ptr()
    pb = buf.data_ptr() if need else pr
    px = x.data_ptr()
    pdy = dy.data_ptr()
    if one:
        pdw = dw.data_ptr() if has_dw else pr
        pdb = db.data_ptr() if want_db else pr
    else:
        pdw = pb if has_dw else pr
        pdb = pb + 4 * seg * has_dw if want_db else pr
    pwo = dw.data_ptr() if prep.folded and has_dw else pr
    pbo = db.data_ptr() if prep.folded and want_db else pr
    psc = pb + 4 * parts if prep.loop_scratch else pr
    ws, tag = prep.workspace(device) if prep.coop_slots else (rstd, 1)
    ptrs = (px, px if weight is None else weight.data_ptr(), px, pdy,
            pdy if dh is None else dh.data_ptr(), pr if is_rms else mean.data_ptr(), pr,
            dx.data_ptr(), pdw, pdb, psc, pr if ws is rstd else ws.data_ptr(), pwo, pbo)
    launch = prep.launch if tag else ticket_launch(prep.launch)  # (tag 0: captured)
    if not launch.direct_call(ptrs, (tag,)):
        vw, vb = ((dw if has_dw else rstd, db if want_db else rstd) if one
                  else _part_views(buf, prep.partials * N, seg, has_dw, want_db, rstd))
        folded = prep.folded
        launch((
            x, weight if weight is not None else x, x, dy, dh if dh is not None else dy,
            mean if not is_rms else rstd, rstd, dx, vw, vb,
            buf[parts:parts + prep.loop_scratch] if prep.loop_scratch else rstd, ws,
            dw if folded and has_dw else rstd, db if folded and want_db else rstd), (tag,))
    if total is None:
        return dw, db
    dw, db = _grad_outs(N, device, weight, has_dw, want_db, dw_dtype, db_dtype)
    pw = dw.data_ptr() if has_dw else 0
    pbo = db.data_ptr() if want_db else 0
    if not total.direct_call((pdw if has_dw else pdb, pdb if want_db else pdw,
                              pw if has_dw else pbo, pbo if want_db else pw)):
        vw, vb = _part_views(buf, prep.partials * N, seg, has_dw, want_db, rstd)
        total((vw if has_dw else vb, vb if want_db else vw, dw if has_dw else db,
               db if want_db else dw))
    return dw, db


def _grad_outs(N: int, device, weight, has_dw: bool, want_db: bool, dw_dtype, db_dtype):
    """dw and db, (N,) in dw_dtype / db_dtype (None where not wanted): empty_like of the
    weight (1-D, N, contiguous) where the dtype is its, which costs the host about half a
    torch.empty with a device and dtype (host_cpu.py: 1.3 against 2.3 us)."""
    dw = db = None
    if has_dw:
        dw = (torch.empty_like(weight) if weight.dtype == dw_dtype
              else torch.empty((N,), device=device, dtype=dw_dtype))
    if want_db:
        db = (torch.empty_like(dw) if dw is not None and db_dtype == dw_dtype
              else torch.empty((N,), device=device, dtype=db_dtype))
    return dw, db


def _part_views(buf, size: int, seg: int, has_dw: bool, want_db: bool, rstd):
    """launch_bwd's dw and db partial arrays as views of the scratch buffer (rstd where
    not wanted), for a launch that takes tensors: `size` elements each, db's at seg."""
    return (buf[:size] if has_dw else rstd,
            buf[seg * has_dw:seg * has_dw + size] if want_db else rstd)


def rownorm_bwd(dy, dh, x, weight, mean, rstd, is_rms: bool, want_dw: bool, want_db: bool, dx,
                dw_dtype=torch.float32, db_dtype=torch.float32):
    """Launch the backward into the preallocated dx; returns (dw, db) reduced in a fixed
    order, in dw_dtype / db_dtype (None where not wanted)."""
    prep = prepare_bwd(dy, dh, x, weight, mean, rstd, is_rms, want_dw, want_db, dx, dw_dtype,
                       db_dtype)
    return launch_bwd(prep, dy, dh, x, weight, mean, rstd, is_rms,
                      weight is not None and want_dw, want_db, dx, dw_dtype, db_dtype)
