"""LayerNorm / RMSNorm (and their residual-add forms) against a float64 reference.

On CPU the kernels run in the Triton interpreter (see conftest.py); on CUDA they run for
real (tests marked gpu). The reference is torch.nn.functional in float64 with autograd,
independent of fusednorm.reference."""
import dataclasses
import math
import os

import pytest
import torch
import torch.nn.functional as F

import fusednorm
from fusednorm.kernels import rownorm as K
from fusednorm.kernels import use_kernels

from numerics import assert_close, captured, tickets_taken, ticket_workspaces

DTYPES = [torch.float32, torch.float16, torch.bfloat16]


def _ref(x, r, w, b, n_shape, eps, is_rms):
    """float64 forward through torch.nn.functional; returns (y, h)."""
    h = x if r is None else (x.double() + r.double()).to(x.dtype)  # h is stored in x's dtype
    h64 = h.double().detach().requires_grad_()
    w64 = None if w is None else w.double().detach().requires_grad_()
    b64 = None if b is None else b.double().detach().requires_grad_()
    if is_rms:
        y = F.rms_norm(h64, n_shape, w64, eps)
    else:
        y = F.layer_norm(h64, n_shape, w64, b64, eps)
    return y, h64, w64, b64


def _run(device, dtype, shape, n_dims=1, is_rms=False, residual=False, weight=True,
         bias=True, w_dtype=None, eps=1e-5, x_fn=None):
    """Forward + backward through fusednorm and the float64 reference; compare all."""
    x = torch.randn(shape, device=device, dtype=dtype)
    if x_fn is not None:
        x = x_fn(x)
    n_shape = tuple(x.shape[x.dim() - n_dims:])
    x = x.detach().requires_grad_()
    r = torch.randn_like(x).requires_grad_() if residual else None
    wd = w_dtype or dtype
    w = (1 + 0.5 * torch.randn(n_shape, device=device, dtype=wd)).requires_grad_() if weight else None
    b = (0.5 * torch.randn(n_shape, device=device, dtype=wd)).requires_grad_() if (bias and not is_rms) else None
    if residual:
        fn = fusednorm.add_rms_norm if is_rms else fusednorm.add_layer_norm
        args = (x, r, n_shape, w) if is_rms else (x, r, n_shape, w, b)
        y, h = fn(*args, eps=eps)
    else:
        h = None
        y = (fusednorm.rms_norm(x, n_shape, w, eps=eps) if is_rms
             else fusednorm.layer_norm(x, n_shape, w, b, eps=eps))
    assert y.dtype == dtype and y.shape == x.shape
    y_ref, h64, w64, b64 = _ref(x, r, w, b, n_shape, eps, is_rms)
    assert_close(y, y_ref, dtype, "y")
    if residual:
        assert_close(h, (x.double() + r.double()), dtype, "h")

    dy = torch.randn_like(y)
    loss = (y * dy).sum()
    dh = None
    if residual:
        dh = torch.randn_like(h)
        loss = loss + (h * dh).sum()
    loss.backward()
    ref_loss = (y_ref * dy.double()).sum()
    if residual:
        ref_loss = ref_loss + (h64 * dh.double()).sum()
    ref_loss.backward()
    # dx carries a factor rstd: rounding noise in w * dy is amplified by it (N = 1 gives
    # rstd = 1 / sqrt(eps) on an exactly zero gradient).
    h2 = h64.detach().reshape(-1, math.prod(n_shape))
    spread = h2.pow(2).mean(-1) if is_rms else h2.var(-1, unbiased=False)
    amp = max([1.0] + torch.rsqrt(spread + eps).tolist())
    assert_close(x.grad, h64.grad, dtype, "dx", scale=amp)
    if residual:
        assert_close(r.grad, h64.grad, dtype, "dresidual", scale=amp)
    m = x.numel() // max(1, math.prod(n_shape))
    grow = math.sqrt(max(m, 1))  # weight grads sum m rows: error grows about sqrt(m)
    if w is not None:
        assert w.grad.dtype == w.dtype
        assert_close(w.grad, w64.grad, wd, "dweight", scale=grow)
    if b is not None:
        assert_close(b.grad, b64.grad, wd, "dbias", scale=grow)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("is_rms", [False, True], ids=["layer", "rms"])
@pytest.mark.parametrize("n", [1, 3, 127, 1000, 3000, 5121])
def test_sizes(device, dtype, is_rms, n):
    _run(device, dtype, (7, n), is_rms=is_rms)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("is_rms", [False, True], ids=["layer", "rms"])
def test_residual(device, dtype, is_rms):
    _run(device, dtype, (2, 5, 384), is_rms=is_rms, residual=True)


def _sms(device):
    return K.sm_count(device)


@pytest.mark.parametrize("is_rms", [False, True], ids=["layer", "rms"])
@pytest.mark.parametrize("residual", [False, True], ids=["plain", "residual"])
def test_cooperative_rows(device, is_rms, residual):
    # Above both tile limits: rows shared by several programs (one in the interpreter).
    n = max(K.FWD_TILE_MAX, K.BWD_TILE_MAX) + 4097
    if use_kernels(device):
        assert K.fwd_config(n, _sms(device)).path == K.COOP
        assert K.bwd_config(n, _sms(device)).path == K.COOP
    _run(device, torch.bfloat16, (3, n), is_rms=is_rms, residual=residual)
    _run(device, torch.float32, (7, n), is_rms=is_rms, residual=residual)


@pytest.mark.parametrize("is_rms", [False, True], ids=["layer", "rms"])
def test_cooperative_ticket_tags(device, is_rms, monkeypatch):
    # The path of launches captured in a CUDA graph (launch.coop_workspace: a buffer of
    # their own and tag 0), whose programs take each call's tags from the buffer's ticket
    # counter (rownorm._launch_tag): three calls a launch, fresh inputs each, forward and
    # backward with and without a residual, right every time; each launch's counter
    # grows by its programs each call.
    if not use_kernels(device):
        pytest.skip("kernels do not run on this device")
    bufs = ticket_workspaces(monkeypatch)
    n = max(K.FWD_TILE_MAX, K.BWD_TILE_MAX) + 4097
    counts = []
    for _ in range(3):
        for residual in (False, True):
            _run(device, torch.bfloat16, (3, n), is_rms=is_rms, residual=residual)
        counts.append({site: tickets_taken(entry) for site, entry in bufs.items()})
    assert len(counts[0]) >= 4  # forward and backward, with and without a residual
    for site, first in counts[0].items():
        assert first > 0 and counts[1][site] == 2 * first and counts[2][site] == 3 * first


@pytest.mark.gpu
@pytest.mark.parametrize("is_rms", [False, True], ids=["layer", "rms"])
def test_cooperative_many_rows_gpu(is_rms):
    # Several rows per row group (the prefetch and per-row counters across iterations),
    # and a row count that leaves the last group short.
    dev = torch.device("cuda")
    cfg = K.bwd_config(70000, _sms(dev))
    assert cfg.path == K.COOP and cfg.group > 1
    _run(dev, torch.bfloat16, (301, 70000), is_rms=is_rms, residual=True)


@pytest.mark.gpu
@pytest.mark.parametrize("residual", [False, True], ids=["plain", "residual"])
@pytest.mark.parametrize("n, m, is_rms, dtype", [
    (1024, 3000, False, torch.float32), (4096, 3000, True, torch.float32),
    (5120, 3000, False, torch.bfloat16), (12288, 400, True, torch.bfloat16),
    (16384, 150, False, torch.float32), (32768, 100, False, torch.float32),
    (65536, 48, False, torch.bfloat16), (65536, 64, True, torch.bfloat16),
    (1 << 20, 5, False, torch.float32)],
    ids=["tile_1024", "tile_4096", "tile_5120", "prefetch_12288", "prefetch_16384",
         "replay1_32768", "replay2_65536", "rms_65536", "replay_1M"])
def test_backward_rows_own_statistics_gpu(n, m, is_rms, dtype, residual):
    # Many rows per program or row group, each with its own scale and mean, so a finish
    # that took another row's mean or rstd (the one-step-ahead loads of the backward's
    # schedules: tile, cooperative prefetch, replay) fails even in bf16. Found needed:
    # triton 3.6 merged two loop-carried statistics with one initial value, and every
    # row took its group's first row's (0.5-2.7% off with similar rows; small M hid it).
    dev = torch.device("cuda")
    scale = 0.25 + 4 * torch.rand(m, 1, device=dev)
    shift = 10 * torch.randn(m, 1, device=dev)
    _run(dev, dtype, (m, n), is_rms=is_rms, residual=residual,
         x_fn=lambda t: (t.float() * scale + shift).to(dtype))


@pytest.mark.parametrize("is_rms", [False, True], ids=["layer", "rms"])
@pytest.mark.parametrize("residual", [False, True], ids=["plain", "residual"])
def test_loop_rows(device, is_rms, residual, monkeypatch):
    # The loop path (rows longer than the cooperative path covers), forced at a size
    # the interpreter can run: 3 chunks of 4096 with a ragged last chunk.
    monkeypatch.setattr(K, "fwd_config", lambda n, sms, *_: K.LaunchConfig(K.LOOP, 4096, 1, 4))
    monkeypatch.setattr(K, "bwd_config", lambda n, sms, *_: K.LaunchConfig(K.LOOP, 4096, 1, 4))
    monkeypatch.setattr(K, "SPLIT", False)  # (else the split path runs where the loop would)
    K.clear_prepared()
    try:
        _run(device, torch.bfloat16, (5, 9000), is_rms=is_rms, residual=residual)
        _run(device, torch.float32, (3, 9000), is_rms=is_rms, residual=residual)
    finally:
        K.clear_prepared()


def _force_split(monkeypatch, block=256, chunk=1024, comb=4, min_programs=None):
    # The split path where the configs give the loop path, at sizes the interpreter runs:
    # small tiles and chunks, so a row has several chunks (the last ragged) and the
    # combine several steps.
    monkeypatch.setattr(K, "fwd_config", lambda n, sms, *_: K.LaunchConfig(K.LOOP, 4096, 1, 4))
    monkeypatch.setattr(K, "bwd_config", lambda n, sms, *_: K.LaunchConfig(K.LOOP, 4096, 1, 4))
    monkeypatch.setattr(K, "SPLIT", True)
    monkeypatch.setattr(K, "SPLIT_FWD", (block, 4, chunk, ""))
    monkeypatch.setattr(K, "SPLIT_FWD_RMS16", (block, 4, chunk, ""))
    monkeypatch.setattr(K, "SPLIT_BWD", (block, 4, chunk, ""))
    monkeypatch.setattr(K, "SPLIT_COMB_K", comb)
    if min_programs is not None:
        monkeypatch.setattr(K, "SPLIT_MIN_PROGRAMS", min_programs)
    K.clear_prepared()


@pytest.mark.parametrize("is_rms", [False, True], ids=["layer", "rms"])
@pytest.mark.parametrize("residual", [False, True], ids=["plain", "residual"])
def test_split_rows(device, is_rms, residual, monkeypatch):
    # The split path (statistics, then apply), forced: 5 chunks of 1024 a row (the last
    # 904), combined 4 partials a step; rows with their own scale and mean, so a program
    # that took another row's statistics fails.
    _force_split(monkeypatch)
    if use_kernels(device):
        x = torch.empty(5, 5000, device=device)
        p = K.prepare_fwd(x, None, None, None, is_rms, x, None, None, None)
        assert p.split is not None
    scale = 0.25 + 4 * torch.rand(5, 1, device=device)
    shift = 10 * torch.randn(5, 1, device=device)
    try:
        _run(device, torch.bfloat16, (5, 5000), is_rms=is_rms, residual=residual,
             x_fn=lambda t: (t.float() * scale + shift).to(torch.bfloat16))
        _run(device, torch.float32, (5, 5000), is_rms=is_rms, residual=residual,
             x_fn=lambda t: t * scale + shift)
    finally:
        K.clear_prepared()


@pytest.mark.parametrize("case", ["blocks", "no_affine", "no_bias"])
def test_split_rows_blocks(device, case, monkeypatch):
    # The backward's row blocks: 16 x 4 programs asked for against 12 column blocks, so
    # 6 blocks of 2 rows (the last short) write dw / db partial rows that a sum launch
    # adds (interpreter: 4 SMs; a GPU takes more blocks of fewer rows); and without weight
    # and bias, or bias.
    _force_split(monkeypatch, min_programs=16)
    if use_kernels(device):
        x = torch.empty(11, 3000, device=device)
        p = K.prepare_bwd(x, None, x, x[0], x[:, 0], x[:, 0], False, True, True, x)
        assert p.split.blocks > 1 and p.total is not None
    try:
        if case == "blocks":
            _run(device, torch.float32, (11, 3000), residual=True)
            _run(device, torch.bfloat16, (11, 3000), is_rms=True, w_dtype=torch.float32)
        elif case == "no_affine":
            _run(device, torch.float32, (11, 3000), weight=False, bias=False)
            _run(device, torch.float32, (11, 3000), is_rms=True, weight=False, residual=True)
        else:
            _run(device, torch.float16, (2, 5, 600), n_dims=2, bias=False)
    finally:
        K.clear_prepared()


def test_split_rows_deterministic(device, monkeypatch):
    # Two backward calls give bitwise the same dx, dw, db (fixed-order sums; the counters
    # decide only which program combines), and the forward the same statistics.
    if not use_kernels(device):
        pytest.skip("kernels do not run on this device")
    _force_split(monkeypatch, min_programs=16)
    x, dy = (torch.randn(11, 3000, device=device) for _ in range(2))
    w, b = torch.randn(3000, device=device), torch.randn(3000, device=device)
    try:
        outs = []
        for _ in range(2):
            y, mean, rstd = fusednorm.layer_norm(x, 3000, w, b, return_stats=True)
            dx = torch.full_like(x, float("nan"))
            dw, db = K.rownorm_bwd(dy, None, x, w, mean, rstd, False, True, True, dx)
            outs.append((y, mean, rstd, dx, dw, db))
        for a, c in zip(*outs):
            assert torch.equal(a, c)
    finally:
        K.clear_prepared()


@pytest.mark.gpu
@pytest.mark.parametrize("is_rms", [False, True], ids=["layer", "rms"])
@pytest.mark.parametrize("residual", [False, True], ids=["plain", "residual"])
def test_split_rows_gpu(is_rms, residual):
    # Rows longer than 16384 x SMs take the split path by default (4M on an H100, 8 chunks
    # of 32768 ... 128); fp32 LayerNorm's backward with dh from 8192 x SMs (2M).
    dev = torch.device("cuda")
    n = 1 << 22
    x = torch.empty(3, n, device=dev, dtype=torch.bfloat16)
    assert K.prepare_fwd(x, None, None, None, is_rms, x, None, None, None).split is not None
    scale = 0.25 + 4 * torch.rand(3, 1, device=dev)
    shift = 10 * torch.randn(3, 1, device=dev)
    _run(dev, torch.bfloat16, (3, n), is_rms=is_rms, residual=residual,
         x_fn=lambda t: (t.float() * scale + shift).to(torch.bfloat16))
    _run(dev, torch.float32, (2, n + 12345), is_rms=is_rms, residual=residual)
    if residual and not is_rms:
        _run(dev, torch.float32, (3, 1 << 21), residual=True)


def test_split_row_large_mean(device):
    # |mean| >> std: a naive sum-of-squares variance would lose about 1e-1 relative here;
    # the split path's shifted chunk sums, merged by Chan's formula (the interpreter takes
    # it above INTERPRETER_COOP_MAX), keep rstd near fp32 precision, and y within twice
    # the error of torch's own fp32 layer_norm.
    x = torch.randn(2, 70000, device=device) + 1000.0
    y, _, rstd = fusednorm.layer_norm(x, 70000, return_stats=True)
    x64 = x.double()
    ref_rstd = torch.rsqrt(x64.var(-1, unbiased=False) + 1e-5)
    torch.testing.assert_close(rstd.double(), ref_rstd, rtol=1e-5, atol=0)
    ref = F.layer_norm(x64, (70000,))
    torch_err = (F.layer_norm(x.cpu(), (70000,)).double() - ref.cpu()).abs().max()
    our_err = (y.double() - ref).abs().max().cpu()
    assert our_err <= 2 * torch_err + 1e-5, (our_err, torch_err)


@pytest.mark.gpu
@pytest.mark.parametrize("n", [1 << 20, 1 << 21])
@pytest.mark.parametrize("is_rms", [False, True], ids=["layer", "rms"])
@pytest.mark.parametrize("residual", [False, True], ids=["plain", "residual"])
def test_million_row_gpu(is_rms, residual, n):
    # 1M: one row group of slices of 8192, or (16-bit RMSNorm with dh) two of 16384. 2M:
    # slices of 16384 (LONG_BWD and the forward tables' last entries; fp32 LayerNorm's
    # backward with dh the loop path); fp32 as well there.
    _run(torch.device("cuda"), torch.bfloat16, (4, n), is_rms=is_rms, residual=residual)
    if n > 1 << 20:
        _run(torch.device("cuda"), torch.float32, (3, n), is_rms=is_rms, residual=residual)


def test_long_row_configs(monkeypatch):
    # Rows longer than 8192 x SMs (v0.31 calls 4-5), as a 132-SM GPU sees them: slices of
    # 16384 on 16 warps, one row group; the forward prefetches into L2 but in fp32 RMSNorm
    # and with a residual; the backward replays (LONG_BWD), but fp32 LayerNorm's with dh
    # (the loop path); GroupNorm's rows path the same, its 16-bit backward with the
    # prefetch too. Those are the cooperative entries as the split path off leaves them;
    # test_split_long_configs has where the split path takes over.
    monkeypatch.setattr(K, "interpreting", lambda: False)
    monkeypatch.setattr(K, "SPLIT", False)
    fwd, bwd = K.fwd_config.__wrapped__, K.bwd_config.__wrapped__
    n = 1 << 21
    for size, is_rms, l2 in ((2, False, 1), (2, True, 1), (4, False, 1), (4, True, 0)):
        cfg = fwd(n, 132, size, False, is_rms)
        assert (cfg.path, cfg.block_n, cfg.num_warps, cfg.group, cfg.l2_ahead) == \
            (K.COOP, 16384, 16, 128, l2), (size, is_rms)
        assert fwd(n, 132, size, True, is_rms).l2_ahead == 0
        cfg = bwd(n, 132, size, is_rms)
        assert (cfg.path, cfg.block_n, cfg.num_warps, cfg.group, cfg.replay) == \
            (K.COOP, 16384, 16, 128, 1), (size, is_rms)
        cfg = bwd(n, 132, size, is_rms, False, True)  # with dh: but fp32 LayerNorm
        assert (cfg.path, cfg.block_n, cfg.replay) == (
            (K.LOOP, K.LOOP_BLOCK_N, 0) if size == 4 and not is_rms else (K.COOP, 16384, 1))
        assert bwd(1 << 22, 132, size, is_rms).path == K.LOOP  # GROUP 256
    for size, l2 in ((2, 1), (4, 0)):
        cfg = bwd(n, 132, size, False, True)
        assert (cfg.block_n, cfg.num_warps, cfg.replay, cfg.l2_ahead) == (16384, 16, 1, l2)
        assert fwd(n, 132, size, False, False, True).block_n == 16384
    # 1M keeps its slices of 8192.
    assert bwd(1 << 20, 132, 2, False).block_n == fwd(1 << 20, 132, 2).block_n == 8192
    # Their policies (v0.31 calls 10-11): fp32 GroupNorm's first loads evict_last, the dx
    # stores evict_first but for 16-bit RMSNorm and GroupNorm.
    monkeypatch.setattr(K, "LOAD_EVICT", None)
    monkeypatch.setattr(K, "DX_EVICT", None)
    assert K._load_evict(bwd(n, 132, 4, False, True)) == "evict_last"
    assert K._load_evict(bwd(n, 132, 2, False, True)) == ""
    assert K._load_evict(bwd(n, 132, 4, True)) == K._load_evict(bwd(n, 132, 4, False)) == ""
    for size, is_rms in ((4, False), (2, False), (4, True)):
        assert K._dx_evict(bwd(n, 132, size, is_rms), n, size, is_rms, False) == "evict_first"
    assert K._dx_evict(bwd(n, 132, 2, True), n, 2, True, False) == ""
    assert K._dx_evict(bwd(n, 132, 2, False, True), n, 2, False, False) == ""


def test_split_long_configs(monkeypatch):
    # Rows longer than 8192 x SMs (v0.32 call 5) on a 132-SM GPU: the split path (the loop
    # config, which prepare replaces) for SPLIT_LONG's cells, at 1.125M and 2M, the
    # cooperative long entry elsewhere; beyond 16384 x SMs the split path everywhere; 1M
    # (not above 8192 x SMs) and GroupNorm's rows path keep theirs.
    monkeypatch.setattr(K, "interpreting", lambda: False)
    monkeypatch.setattr(K, "SPLIT", True)
    fwd, bwd = K.fwd_config.__wrapped__, K.bwd_config.__wrapped__
    for n in (1179648, 1 << 21):
        for size in (2, 4):
            for is_rms in (False, True):
                for res in (False, True):
                    want = K.LOOP if ("bwd", size, is_rms, res) in K.SPLIT_LONG else K.COOP
                    assert bwd(n, 132, size, is_rms, False, res).path == want, (n, size, is_rms)
                    want = K.LOOP if ("fwd", size, is_rms, res) in K.SPLIT_LONG else K.COOP
                    assert fwd(n, 132, size, res, is_rms).path == want, (n, size, is_rms, res)
                    assert fwd(1 << 22, 132, size, res, is_rms).path == K.LOOP
                    assert bwd(1 << 22, 132, size, is_rms, False, res).path == K.LOOP
                    assert bwd(1 << 20, 132, size, is_rms, False, res).path == K.COOP
                assert bwd(1 << 21, 132, size, is_rms, True).path == K.COOP  # GroupNorm
    assert ("bwd", 2, False, False) in K.SPLIT_LONG  # 16-bit LayerNorm backward
    # The forward's parameters: 16-bit RMSNorm up to 4M its own (v0.32 call 14).
    assert K._split_fwd_params(1 << 22, 2, True) == K.SPLIT_FWD_RMS16
    for n, size, is_rms in ((1 << 24, 2, True), (1 << 22, 4, True), (1 << 22, 2, False)):
        assert K._split_fwd_params(n, size, is_rms) == K.SPLIT_FWD
    x = torch.empty(1, 16, dtype=torch.bfloat16)
    monkeypatch.setattr(K, "sm_count", lambda device: 132)
    K.clear_prepared()
    try:  # prepare takes the split path for those configs (no launch here)
        p = K._prepare_bwd(3, 1 << 21, x.device, 2, False, True, True, True, False,
                           (1 << 21,) * 3 + (1 << 21,), torch.float32, torch.float32)
        assert p.split is not None and p.split.blocks == 1 and p.total is None
        p = K._prepare_bwd(3, 1 << 21, x.device, 2, True, True, True, False, False,
                           (1 << 21,) * 4, torch.float32, torch.float32)
        assert p.split is None and p.cfg.path == K.COOP
    finally:
        K.clear_prepared()


@pytest.mark.parametrize("is_rms", [False, True], ids=["layer", "rms"])
@pytest.mark.parametrize("residual", [False, True], ids=["plain", "residual"])
def test_cooperative_two_rows_live(device, is_rms, residual, monkeypatch):
    # The cooperative backward's other schedule (PREFETCH False: wait for the held row's
    # own partials), which the launcher picks for GroupNorm's fp32 rows path above 4096 x
    # SMs; here forced at a size the interpreter runs, over several rows per row group on
    # a GPU.
    def bwd_config(n, sms, *_):
        # (the interpreter's cooperative config is one program per row, prefetching)
        return dataclasses.replace(K._coop(n, sms, ((4096, 4, 1),)), prefetch=False)
    monkeypatch.setattr(K, "bwd_config", bwd_config)
    K.clear_prepared()
    try:
        n = K.BWD_TILE_MAX + 4097
        _run(device, torch.float32, (5, n), is_rms=is_rms, residual=residual)
        if device.type == "cuda":
            _run(device, torch.bfloat16, (301, 70000), is_rms=is_rms, residual=residual)
    finally:
        K.clear_prepared()


@pytest.mark.parametrize("replay", [1, 2])
@pytest.mark.parametrize("is_rms", [False, True], ids=["layer", "rms"])
@pytest.mark.parametrize("residual", [False, True], ids=["plain", "residual"])
def test_cooperative_replay(device, is_rms, residual, replay, monkeypatch):
    # The cooperative forward's and backward's L2 replay (REPLAY: each row finished
    # `replay` steps after its first load, from a second load), forced at a size the
    # interpreter runs, over several rows per row group on a GPU (more rows than steps of
    # the replay, and fewer).
    def bwd_config(n, sms, *_):
        return dataclasses.replace(K._coop(n, sms, ((4096, 4, 1),)), replay=replay)

    def fwd_config(n, sms, *_):  # the forward's too, with two rows a step on a GPU
        return dataclasses.replace(K._coop(n, sms, ((4096, 4, 1, True, 2),)), replay=replay)
    monkeypatch.setattr(K, "bwd_config", bwd_config)
    monkeypatch.setattr(K, "fwd_config", fwd_config)
    K.clear_prepared()
    try:
        n = K.BWD_TILE_MAX + 4097
        _run(device, torch.float32, (5, n), is_rms=is_rms, residual=residual)
        if device.type == "cuda":
            for m in (301, 2):
                _run(device, torch.bfloat16, (m, 70000), is_rms=is_rms, residual=residual)
    finally:
        K.clear_prepared()


def _run_rows_own_stats(device, n, is_rms, residual):
    """_run in fp32 and bf16 on rows of length n that each have their own scale and shift
    (9 rows in the interpreter, 301 on a GPU), so a schedule that finished a row with
    another row's statistics fails."""
    m = 9 if device.type != "cuda" else 301
    gen = torch.Generator().manual_seed(1)
    scale = (0.25 + 4 * torch.rand(m, 1, generator=gen)).to(device)
    shift = (10 * torch.randn(m, 1, generator=gen)).to(device)
    for dtype in (torch.float32, torch.bfloat16):
        _run(device, dtype, (m, n), is_rms=is_rms, residual=residual,
             x_fn=lambda t: (t.float() * scale + shift).to(t.dtype))


def _run_coop_2048(device, is_rms, residual, monkeypatch, **flags):
    """_run_rows_own_stats with the backward forced onto the cooperative 2048 / 4 warps /
    4 per SM config and kernels.rownorm's flags set as given; returns that config (at 132
    SMs)."""
    for name, value in flags.items():
        monkeypatch.setattr(K, name, value)
    monkeypatch.setattr(K, "bwd_config", lambda n, sms, *_: K._coop(n, sms, ((2048, 4, 4),)))
    K.clear_prepared()
    n = K.BWD_TILE_MAX + 4097 if device.type != "cuda" else 12288
    try:
        _run_rows_own_stats(device, n, is_rms, residual)
    finally:
        K.clear_prepared()
    return K.bwd_config(n, 132)


@pytest.mark.parametrize("ahead", [False, True], ids=["stats_at_terms", "stats_ahead"])
@pytest.mark.parametrize("is_rms", [False, True], ids=["layer", "rms"])
@pytest.mark.parametrize("residual", [False, True], ids=["plain", "residual"])
def test_cooperative_late_terms(device, is_rms, residual, ahead, monkeypatch):
    # The cooperative PREFETCH backward with the held row's terms formed after the wait
    # (LATE_TERMS) and the register cap that comes with it on a GPU, forced on, over
    # several rows per row group whose statistics differ, with and without STATS_AHEAD.
    cfg = _run_coop_2048(device, is_rms, residual, monkeypatch, LATE_TERMS=True,
                         STATS_AHEAD=ahead)
    assert K._late_terms(cfg)
    if device.type == "cuda":
        assert K._bwd_reg_cap(cfg) == 128  # 2048 / 4 warps / 4 per SM


@pytest.mark.parametrize("late", [False, True], ids=["terms_early", "terms_late"])
@pytest.mark.parametrize("is_rms", [False, True], ids=["layer", "rms"])
def test_cooperative_pack16(device, is_rms, late, monkeypatch):
    # The cooperative PREFETCH backward with the held 16-bit row carried as int32 words
    # (PACK16, GroupNorm's 1-warp slices by default), forced on for the row norms, over
    # several rows per row group whose statistics differ, terms before or after the wait.
    cfg = _run_coop_2048(device, is_rms, False, monkeypatch, PACK16=True, LATE_TERMS=late)
    assert K._pack16(cfg, 2) and not K._pack16(cfg, 4)


@pytest.mark.parametrize("replay", [0, 1, 2])
@pytest.mark.parametrize("is_rms", [False, True], ids=["layer", "rms"])
@pytest.mark.parametrize("residual", [False, True], ids=["plain", "residual"])
def test_cooperative_stats_ahead(device, is_rms, residual, replay, monkeypatch):
    # The cooperative backward with each row's mean and rstd loaded early (STATS_AHEAD:
    # with the row's x and dy a step ahead, or before the replay's wait), forced on, over
    # several rows per row group whose statistics differ (a finish that took another
    # row's would fail), in the interpreter and on a GPU.
    monkeypatch.setattr(K, "STATS_AHEAD", True)
    monkeypatch.setattr(K, "bwd_config", lambda n, sms, *_: dataclasses.replace(
        K._coop(n, sms, ((4096, 4, 1),)), replay=replay))
    K.clear_prepared()
    try:
        _run_rows_own_stats(device, K.BWD_TILE_MAX + 4097 if device.type != "cuda" else 70000,
                            is_rms, residual)
    finally:
        K.clear_prepared()


@pytest.mark.parametrize("is_rms", [False, True], ids=["layer", "rms"])
@pytest.mark.parametrize("residual", [False, True], ids=["plain", "residual"])
def test_cooperative_hold_w(device, is_rms, residual, monkeypatch):
    # The cooperative backward with w held in registers (HOLD_W), forced on every
    # cooperative launch, with and without replay, over several rows per row group on a
    # GPU (the interpreter's config is one program per row).
    monkeypatch.setattr(K, "HOLD_W", True)
    for replay in (0, 2):
        def bwd_config(n, sms, *_):
            return dataclasses.replace(K._coop(n, sms, ((4096, 4, 1),)), replay=replay)
        monkeypatch.setattr(K, "bwd_config", bwd_config)
        K.clear_prepared()
        try:
            _run(device, torch.float32, (3, K.BWD_TILE_MAX + 4097), is_rms=is_rms,
                 residual=residual)
            if device.type == "cuda":
                _run(device, torch.bfloat16, (301, 70000), is_rms=is_rms, residual=residual)
        finally:
            K.clear_prepared()


def test_late_terms_per_config(monkeypatch):
    # LATE_TERMS is chosen per config (K.LATE_TERMS_CONFIGS), as a GPU with 132 SMs sees
    # it: 16-bit LayerNorm without dh to GROUP 8 (2048 / 4 / 4, statistics ahead) and at
    # 1M (8192 / 8 / 1), 16-bit RMSNorm's 2048 / 4 / 4 with w held (without dh to GROUP
    # 64, with dh to 128), fp32 LayerNorm without dh to GROUP 64 (1024 / 4 / 5), each with
    # the register cap that fits its programs, and fp32 RMSNorm at 1M (8192 / 8 / 1, w
    # held, statistics ahead); off elsewhere; FUSEDNORM_LATE_TERMS (K.LATE_TERMS) forces it.
    monkeypatch.setattr(K, "interpreting", lambda: False)
    bwd = K.bwd_config.__wrapped__
    ns = (12288, 16384, 32768, 65536, 131072, 1 << 20)
    assert [K._late_terms(bwd(n, 132, 2)) for n in ns] == [True, True, False, False, False, True]
    assert [bwd(n, 132, 2).stats_ahead for n in (12288, 16384)] == [True, True]
    assert [K._late_terms(bwd(n, 132, 4)) for n in ns] == [True, True, True, True, False, False]
    assert [bwd(n, 132, 4).programs_per_sm for n in ns[:4]] == [5, 5, 5, 5]
    assert K._bwd_reg_cap(bwd(12288, 132, 2)) == 128 and K._bwd_reg_cap(bwd(12288, 132, 4)) == 96
    for args in ((4, True), (2, False, False, True), (4, False, False, True)):
        assert [K._late_terms(bwd(n, 132, *args)) for n in ns] == [False] * 5 + [args == (4, True)]
    for args in ((2, True), (2, True, False, True)):  # 16-bit RMSNorm: 2048 / 4 / 4, held
        cfgs = [bwd(n, 132, *args) for n in ns + (262144,)]
        assert [K._late_terms(c) for c in cfgs] == [True] * 5 + [False, args != (2, True)]
        assert all(c.hold_w == (c.block_n == 2048) for c in cfgs[:5])
    assert bwd(1 << 20, 132, 4, True).stats_ahead and bwd(1 << 20, 132, 4, True).hold_w
    monkeypatch.setattr(K, "LATE_TERMS", False)
    assert not K._late_terms(bwd(12288, 132, 2)) and K._bwd_reg_cap(bwd(12288, 132, 2)) is None
    monkeypatch.setattr(K, "LATE_TERMS", True)
    assert K._late_terms(bwd(65536, 132, 4, True))  # a PREFETCH config
    assert not K._late_terms(bwd(65536, 132, 2))  # replay 2: no held row to form late


@pytest.mark.parametrize("config", [(2048, 4, 4, True, 1, 0), (4096, 4, 1, True, 1, 2)],
                         ids=["prefetch", "replay2"])
@pytest.mark.parametrize("is_rms", [False, True], ids=["layer", "rms"])
@pytest.mark.parametrize("residual", [False, True], ids=["plain", "residual"])
def test_cooperative_fold(device, is_rms, residual, config, monkeypatch):
    # The cooperative backward summing its own dw/db partials (ROW_FOLD forced on, every
    # partial count), against the float64 reference over several row groups whose rows
    # have their own statistics (the GPU: 12288 on 2048 / 4 / 4 is 88 partial rows, two
    # steps of the sum's 64 each, spread over 64 summers a slice; the interpreter: one
    # summer, steps of one partial row over eight column steps), and bitwise the same
    # twice; the launch must be the folded one (no sum launch of its own). Every float
    # tensor the library allocates (dx, dw, db, the partials) starts as NaN, so a column
    # the fold misses fails.
    empty, empty_like = torch.empty, torch.empty_like

    def poisoned(make):
        def alloc(*args, **kwargs):
            t = make(*args, **kwargs)
            return t.fill_(float("nan")) if t.is_floating_point() else t
        return alloc
    monkeypatch.setattr(torch, "empty", poisoned(empty))
    monkeypatch.setattr(torch, "empty_like", poisoned(empty_like))
    monkeypatch.setattr(K, "ROW_FOLD", True)
    monkeypatch.setattr(K, "bwd_config", lambda n, sms, *_: K._coop(n, sms, (config,)))
    K.clear_prepared()
    n = K.BWD_TILE_MAX + 4097 if device.type != "cuda" else 12288
    try:
        _run_rows_own_stats(device, n, is_rms, residual)
        x = torch.randn(301 if device.type == "cuda" else 9, n, device=device,
                        dtype=torch.bfloat16)
        w = torch.randn(n, device=device, dtype=torch.bfloat16)
        dy = torch.randn_like(x)
        outs = []
        for _ in range(2):
            xs, ws = x.clone().requires_grad_(), w.clone().requires_grad_()
            y = fusednorm.rms_norm(xs, n, ws) if is_rms else fusednorm.layer_norm(xs, n, ws)
            (y * dy).sum().backward()
            outs.append((xs.grad, ws.grad))
        assert torch.equal(outs[0][0], outs[1][0]) and torch.equal(outs[0][1], outs[1][1])
        if use_kernels(device):  # not the reference path ("cpu-ref")
            folded = [p for p in K._PREPARED.values()
                      if isinstance(p, K.Prepared) and p.launch.kernel is K._BWD]
            assert folded and all(p.folded and p.total is None and p.partials > 1
                                  for p in folded)
    finally:
        K.clear_prepared()


def test_fold_per_config(monkeypatch):
    # The fold is chosen per config (K.FOLD_CONFIGS) where the partial rows are at most
    # ROW_FOLD_MAX_P, as a GPU with 132 SMs sees it: 16-bit LayerNorm without dh at
    # 64K (replay 2, 8 partial rows where 2 programs an SM fit) to 256K, 16-bit RMSNorm
    # and fp32 LayerNorm at 256K; not at 12288 (late terms), not with dh, not for fp32
    # RMSNorm; FUSEDNORM_ROW_FOLD (K.ROW_FOLD) forces it either way.
    monkeypatch.setattr(K, "interpreting", lambda: False)
    bwd = K.bwd_config.__wrapped__

    def folds(n, size, is_rms=False, has_dh=False, partials=None):
        cfg = bwd(n, 132, size, is_rms, False, has_dh)
        p = partials if partials is not None else K._persistent_groups((1 << 27) // n, cfg, 132)
        return K._row_fold(cfg, p, size, is_rms, has_dh)
    assert [folds(n, 2) for n in (12288, 32768, 131072, 262144)] == [False, False, True, True]
    assert folds(65536, 2, partials=8) and not folds(65536, 2, partials=16)
    assert not folds(131072, 2, partials=9)
    assert [folds(n, 2, True) for n in (65536, 131072, 262144)] == [False, False, True]
    assert [folds(n, 4) for n in (65536, 131072, 262144)] == [False, False, True]
    assert not any(folds(n, 4, True) for n in (65536, 131072, 262144))
    assert not any(folds(n, 2, False, True) for n in (65536, 131072, 262144))
    monkeypatch.setattr(K, "ROW_FOLD", True)
    assert folds(12288, 2) and folds(65536, 4, True, True)
    monkeypatch.setattr(K, "ROW_FOLD", False)
    assert not folds(262144, 2)


def test_hold_w_per_config(monkeypatch):
    # HOLD_W is chosen per config (K.HOLD_W_CONFIGS), as a GPU with 132 SMs sees it: on
    # for the measured backward configs without dh, off elsewhere; FUSEDNORM_HOLD_W
    # (K.HOLD_W) forces it either way; never on GroupNorm's rows path.
    monkeypatch.setattr(K, "interpreting", lambda: False)
    bwd = K.bwd_config.__wrapped__
    # 16-bit LayerNorm: the replay-2 slices of 2048 only (12288 takes v0.28's late terms)
    assert [bwd(n, 132, 2).hold_w for n in (12288, 65536, 262144, 1 << 20)] == \
        [False, True, False, False]
    # 16-bit RMSNorm: slices of 2048 to GROUP 64 (with late terms, v0.28) and of 8192 at
    # 1M, not 4096 / 4 / 3 at 256K (v0.21's replay config at 64K left in v0.27)
    assert [bwd(n, 132, 2, True).hold_w for n in (32768, 65536, 131072, 262144, 1 << 20)] == \
        [True, True, True, False, True]
    assert bwd(65536, 132, 2, True).replay == bwd(131072, 132, 2, True).replay == 0
    assert [bwd(n, 132, 4).hold_w for n in (65536, 1 << 20)] == [False, True]
    assert [bwd(n, 132, 4, True).hold_w for n in (65536, 1 << 20)] == [False, True]
    # with dh: the measured configs (v0.21 call 2)
    assert [bwd(n, 132, 2, False, False, True).hold_w for n in (65536, 1 << 20)] == [True, True]
    # (16-bit RMSNorm with dh: 2048 / 4 / 4 held with late terms since v0.28; at 1M slices
    # of 16384 since v0.23, measured without w held)
    assert [bwd(n, 132, 2, True, False, True).hold_w for n in (65536, 1 << 20)] == [True, False]
    assert [bwd(n, 132, 4, False, False, True).hold_w for n in (65536, 1 << 20)] == [False, True]
    assert [bwd(n, 132, 4, True, False, True).hold_w for n in (65536, 262144, 1 << 20)] == \
        [True, False, True]
    monkeypatch.setattr(K, "sm_count", lambda device: 132)
    monkeypatch.setattr(K, "bwd_config", bwd)
    cpu = torch.device("cpu")
    strides = (65536, 65536, 0, 65536)

    def held(**kw):
        K.clear_prepared()
        prep = K._prepare_bwd(8, 65536, cpu, 2, False, True, True, True, False, strides,
                              torch.float32, torch.float32, **kw)
        return dict(prep.launch.constexprs)["HOLD_W"]
    try:
        monkeypatch.setattr(K, "HOLD_W", None)
        assert held() and not held(channels=(1, 1, 65536))
        monkeypatch.setattr(K, "HOLD_W", False)
        assert not held()
    finally:
        K.clear_prepared()


@pytest.mark.gpu
def test_million_row_fp32_layer_norm_gpu():
    # fp32 LayerNorm at 1M: the replay schedule by default (v0.17), with and without dh.
    for has_dh in (False, True):
        cfg = K.bwd_config(1 << 20, _sms(torch.device("cuda")), 4, False, False, has_dh)
        assert cfg.path == K.COOP and cfg.replay == 1
    _run(torch.device("cuda"), torch.float32, (3, 1 << 20))
    _run(torch.device("cuda"), torch.float32, (3, 1 << 20), residual=True)


def test_backward_load_tables(monkeypatch):
    # Where the backward asks the L2 for dh early (DH_L2) and loads a row's statistics a
    # step ahead (STATS_AHEAD), as a GPU with 132 SMs sees the tables (v0.26).
    monkeypatch.setattr(K, "interpreting", lambda: False)
    bwd = K.bwd_config.__wrapped__

    def flags(n, size, is_rms, has_dh=False, group_norm=False):
        cfg = bwd(n, 132, size, is_rms, group_norm, has_dh)
        return K._dh_l2(cfg, has_dh), cfg.stats_ahead

    # dh: the padded tile (16-bit; fp32 LayerNorm at 5120 only), not the full 8192 tile.
    assert flags(5120, 2, False, True) == flags(6144, 2, True, True) == (True, False)
    assert flags(5120, 4, False, True)[0] and not flags(6144, 4, False, True)[0]
    assert not flags(8192, 2, False, True)[0] and not flags(5120, 4, True, True)[0]
    assert not flags(5120, 2, False)[0]  # no dh, nothing to fetch
    # dh: 16-bit LayerNorm's replay configs and RMSNorm's 2048 / 4 / 4 (12288 too since
    # v0.27, no longer a tile); not RMSNorm at 1M (fp32 there since v0.27).
    for n in (12288, 65536, 262144, 1 << 20):
        assert flags(n, 2, False, True)[0]
    assert [flags(n, 2, True, True) for n in (12288, 16384, 262144, 1 << 20)] == \
        [(True, True), (True, True), (True, True), (False, True)]
    assert not flags(1 << 20, 4, True, True)[0] and not flags(65536, 4, False, True)[0]
    # Statistics a step ahead: 16-bit PREFETCH configs (LayerNorm from GROUP 32, RMSNorm's
    # 2048 / 4 / 4 to GROUP 64 and 4096 / 4 / 3 above, v0.27-v0.28), 16-bit RMSNorm with dh at
    # 1M, GroupNorm's 16-bit rows path; 16-bit LayerNorm's 2048 / 4 / 4 to GROUP 8 and fp32
    # RMSNorm at 1M (v0.28, with late terms); no other fp32.
    assert [(c.block_n, c.programs_per_sm) for c in (bwd(n, 132, 2, True) for n in (
        65536, 131072, 262144))] == [(2048, 4), (2048, 4), (4096, 3)]
    assert [flags(n, 2, False)[1] for n in (65536, 131072, 1 << 20)] == [False, True, True]
    assert [flags(n, 2, True)[1] for n in (16384, 65536, 131072, 262144)] == [True] * 4
    assert flags(1 << 20, 2, True, True)[1] and not flags(1 << 20, 2, False, True)[1]
    assert [flags(n, 2, False)[1] for n in (12288, 16384, 32768)] == [True, True, False]
    assert not any(flags(n, 4, r)[1] for n in (16384, 32768) for r in (False, True))
    assert [flags(1 << 20, 4, r)[1] for r in (False, True)] == [False, True]
    assert flags(40960, 2, False, group_norm=True)[1]
    assert not flags(40960, 4, False, group_norm=True)[1]
    # Not on the tile path.
    assert not flags(4096, 2, False)[1]


def test_dh_early_per_tile(monkeypatch):
    # DH_EARLY (the tile backward's dh loaded at the step's start) where v0.34 call 9 took
    # it: 16-bit LayerNorm blocks 1024-8192 (5120 too: block 8192), 16-bit RMSNorm 2048 /
    # 4096, fp32 LayerNorm 512 / 1024, fp32 RMSNorm 1024; never without dh or off the tile
    # path; FUSEDNORM_DH_EARLY (K.DH_EARLY) forces it.
    bwd = K.bwd_config.__wrapped__

    def early(n, size, is_rms, has_dh=True):
        return K._dh_early(bwd(n, 132, size, is_rms, False, has_dh), has_dh, size, is_rms)

    ns = (256, 512, 1024, 2048, 4096, 5120, 8192, 12288)
    assert [early(n, 2, False) for n in ns] == [False, False] + [True] * 5 + [False]
    assert [early(n, 2, True) for n in ns] == [False] * 3 + [True, True] + [False] * 3
    assert [early(n, 4, False) for n in ns] == [False, True, True] + [False] * 5
    assert [early(n, 4, True) for n in ns] == [False, False, True] + [False] * 5
    assert not any(early(n, s, r, has_dh=False) for n in ns for s in (2, 4) for r in (0, 1))
    monkeypatch.setattr(K, "DH_EARLY", True)
    assert early(256, 2, True) and not early(12288, 2, False)  # the cooperative path
    monkeypatch.setattr(K, "DH_EARLY", False)
    assert not early(4096, 2, False)


def test_cooperative_configs_per_norm(monkeypatch):
    # The cooperative tables as a GPU with 132 SMs sees them (v0.16): 16-bit RMSNorm's
    # forward and GroupNorm's rows path (group_norm=True) have their own first choices,
    # taken where their GROUP fits the SMs, else the next entry; LayerNorm keeps its own.
    monkeypatch.setattr(K, "interpreting", lambda: False)
    fwd, bwd = K.fwd_config.__wrapped__, K.bwd_config.__wrapped__

    def shape(cfg):
        assert cfg.path == K.COOP
        return cfg.block_n, cfg.num_warps, cfg.programs_per_sm, cfg.rows

    # 16-bit RMSNorm forward: two rows a step on slices of 2048 at GROUP 32 (v0.21), else
    # slice 4096 / 4 warps up to 4096 x SMs, then 8192 / 8 warps. (Even rows up to 65536
    # take the tile of words since v0.49: 65535 stands for the cooperative 64K.)
    assert shape(fwd(65535, 132, 2, False, True)) == (2048, 4, 4, 2)
    words = fwd(65536, 132, 2, False, True)
    assert (words.path, words.block_n, words.num_warps, words.pack16) == (K.TILE, 65536, 32,
                                                                          True)
    assert shape(fwd(131072, 132, 2, False, True)) == (4096, 4, 4, 1)
    assert shape(fwd(1 << 20, 132, 2, False, True)) == (8192, 8, 2, 1)
    assert shape(fwd(65536, 132, 2, True, True)) == (8192, 8, 2, 1)  # residual: FWD_COOP
    assert shape(fwd(65536, 132, 2, False, False)) == (4096, 4, 4, 1)  # LayerNorm (v0.18)
    assert shape(fwd(65536, 132, 4, False, False)) == (4096, 8, 2, 1)  # fp32 LayerNorm
    assert shape(fwd(65536, 132, 4, False, True))[:2] == (8192, 8)  # fp32
    # GroupNorm's rows path: forward 4096 / 4 warps, 4 per SM; backward 2048 / 4 warps, 5
    # per SM in 16-bit (v0.46: terms late, words), 4 in fp32.
    for size, per_sm in ((2, 5), (4, 4)):
        assert shape(fwd(40960, 132, size, False, False, True)) == (4096, 4, 4, 1)
        assert shape(bwd(40960, 132, size, False, True)) == (2048, 4, per_sm, 1)
    # rows of 256K: 16-bit past GROUP 64 on slices of 4096 (v0.40), 3 per SM (v0.46); fp32
    # at GROUP 128
    assert shape(bwd(262144, 132, 2, False, True)) == (4096, 4, 3, 1)
    assert shape(bwd(262144, 132, 4, False, True)) == (2048, 4, 4, 1)
    # VAE 256 (L = 512K): 2048 needs 256 programs a row; fp32 4096 / 8 / 2 and at 1M 8192 /
    # 16 / 1, without the L2 replay since v0.46 (v0.17-v0.45: 8192 / 16 / 1, replay 2).
    assert shape(bwd(1 << 19, 132, 2, False, True)) == (4096, 4, 3, 1)
    assert shape(bwd(1 << 19, 132, 4, False, True)) == (4096, 8, 2, 1)
    assert shape(bwd(1 << 20, 132, 4, False, True)) == (8192, 16, 1, 1)
    assert bwd(1 << 19, 132, 4, False, True).replay == bwd(1 << 20, 132, 4, False, True).replay == 0
    assert shape(fwd(1 << 20, 132, 2, False, False, True)) == (8192, 8, 2, 1)
    # ... and its forward at GROUP 128 of 4096: 5 per SM (v0.46, the held row as words)
    assert shape(fwd(1 << 19, 132, 2, False, False, True)) == (4096, 4, 5, 1)
    assert shape(fwd(1 << 20, 132, 4, False, False, True)) == (8192, 8, 1, 2)
    # LayerNorm's backward is not GroupNorm's (16-bit: slices of 2048 replayed, v0.17).
    assert shape(bwd(40960, 132, 2, False)) == (2048, 4, 4, 1)  # 4 per SM since v0.19
    assert bwd(40960, 132, 2, False).replay == 2 and bwd(40960, 132, 2, True).replay == 0
    assert shape(bwd(1 << 19, 132, 2, False)) == (4096, 4, 2, 1)  # 2048 would need 256
    # An entry's least GROUP (the eighth field, v0.18): 16-bit LayerNorm's 4096 / 4 / 2
    # where its GROUP is 32 or more, the replayed 2048 below.
    assert [(shape(c), c.replay) for c in (bwd(n, 132, 2, False) for n in (98304, 131072))] \
        == [((2048, 4, 4, 1), 2), ((4096, 4, 2, 1), 0)]
    assert K._coop(65536, 132, ((4096, 4, 2, True, 1, 0, 1, 32), (8192, 8, 1))).block_n == 8192
    # ... and its most GROUP (the ninth field, v0.19): fp32 RMSNorm's backward with dh
    # replays where its slices of 2048 make GROUP <= 32, not beyond.
    assert K._coop(65536, 132, ((2048, 4, 4, True, 1, 1, 0, 1, 16), (8192, 8, 1))).block_n == 8192
    assert [bwd(n, 132, 4, True, False, True).replay for n in (12288, 65536, 131072)] == [1, 1, 0]
    monkeypatch.setattr(K, "interpreting", lambda: True)  # CI's one program per row: the
    # first without one (16-bit LayerNorm's short rows: PREFETCH since v0.28; the replay
    # schedules run in CI through test_cooperative_replay / _stats_ahead) ...
    assert K._coop(4096, 132, K.BWD_COOP[(2, False, False)]).replay == 0
    assert K._coop(4096, 132, K.BWD_COOP[(2, False, True)]).replay == 2  # ... with dh
    monkeypatch.setattr(K, "interpreting", lambda: False)
    # Slices of 8192 (a row spans the GPU) replay from L2 (v0.17), per dtype, norm and dh;
    # 16-bit RMSNorm, fp32 RMSNorm without dh (v0.28) and GroupNorm's 16-bit rows path do
    # not; replay waits with SYNC 3.
    replay = {(2, False, False): (8, 0), (2, False, True): (16, 2), (4, False, False): (16, 1),
              (4, False, True): (16, 1), (4, True, False): (8, 0), (4, True, True): (16, 1),
              (2, True, False): (8, 0)}
    # fp32 LayerNorm below 1M: with dh slices of 2048, 3 per SM, replay 1; without, slices
    # of 1024 with L2 prefetch (v0.18), 5 per SM with late terms to GROUP 64 (v0.28; it
    # replaced v0.21's replay 1 at GROUP 32), 4 beyond
    cfg = bwd(65536, 132, 4, False, False, True)
    assert (shape(cfg), cfg.replay) == ((2048, 8, 3, 1), 1)
    for n in (12288, 32768, 65536):
        cfg = bwd(n, 132, 4, False, False, False)
        assert (shape(cfg), cfg.replay, cfg.l2_ahead, cfg.late_terms) == ((1024, 4, 5, 1), 0, 1, True)
    cfg = bwd(131072, 132, 4, False, False, False)
    assert (shape(cfg), cfg.replay, cfg.l2_ahead, cfg.late_terms) == ((1024, 4, 4, 1), 0, 1, False)
    for (size, rms, dh), (warps, r) in replay.items():
        cfg = bwd(1 << 20, 132, size, rms, False, dh)
        assert (shape(cfg), cfg.replay) == ((8192, warps, 1, 1), r)
        assert cfg.sync == 3 or not r
    assert bwd(1 << 20, 132, 2, False, True).replay == 0
    # 16-bit RMSNorm with dh at 1M: two row groups of slices of 16384, 32 warps, replay 1
    # (v0.23), where that GROUP is 64 only; 512K and 2M keep the others (2M: LONG_BWD's 16
    # warps, v0.31).
    cfg = bwd(1 << 20, 132, 2, True, False, True)
    assert (shape(cfg), cfg.group, cfg.replay) == ((16384, 32, 1, 1), 64, 1)
    assert bwd(1 << 19, 132, 2, True, False, True).block_n == 4096
    cfg = bwd(1 << 21, 132, 2, True, False, True)
    assert (shape(cfg), cfg.group) == ((16384, 16, 1, 1), 128)


def test_evict_only_cooperative(monkeypatch):
    # The cooperative forward's loads take FWD_EVICT's L1 policies; the tile path's
    # launches get none (their PTX stays as measured).
    monkeypatch.setattr(K, "interpreting", lambda: False)
    K.clear_prepared()
    try:
        coop = K._prepare_fwd(64, 65536, torch.device("cpu"), 2, False, True, True, False,
                              False, (65536, 0, 65536, 0))
        tile = K._prepare_fwd(64, 4096, torch.device("cpu"), 2, False, True, True, False,
                              False, (4096, 0, 4096, 0))
    finally:
        K.clear_prepared()
    c, t = dict(coop.launch.constexprs), dict(tile.launch.constexprs)
    assert c["PATH"] == K.COOP and (c["X_EVICT"], c["WB_EVICT"]) == K.FWD_EVICT
    assert K.FWD_EVICT == ("", "evict_last")
    assert t["PATH"] == K.TILE and (t["X_EVICT"], t["WB_EVICT"]) == ("", "")
    # The cooperative forward's y / h stores are marked evict_first (v0.30), the tile
    # path's are not; FUSEDNORM_Y_EVICT=none turns it off for A/B runs.
    assert c["Y_EVICT"] == K.Y_EVICT and t["Y_EVICT"] == ""
    if "FUSEDNORM_Y_EVICT" not in os.environ:
        assert K.Y_EVICT == "evict_first"


def test_store_load_policies_per_config(monkeypatch):
    # DX_EVICT_CONFIGS (v0.30 call 3) as a 132-SM GPU sees them: the cooperative
    # backward's dx stores evict_first for fp32 with dh, 16-bit RMSNorm with dh at 1M,
    # fp32 LayerNorm on 1024-slices, and 16-bit LayerNorm with dh up to GROUP 8 only; the
    # launch takes the policy where the config has it, none in the interpreter.
    monkeypatch.setattr(K, "DX_EVICT", None)
    monkeypatch.setattr(K, "DH_EVICT", None)
    monkeypatch.setattr(K, "LOAD_EVICT", None)
    monkeypatch.setattr(K, "interpreting", lambda: False)
    bwd = K.bwd_config.__wrapped__
    ns = (12288, 16384, 32768, 65536, 131072, 262144, 1 << 20)
    expect = {(2, False, True): (1, 1, 0, 0, 0, 0, 0), (4, False, True): (1, 1, 1, 1, 1, 1, 0),
              (4, True, True): (1, 1, 1, 1, 0, 0, 0), (2, True, True): (0, 0, 0, 0, 0, 0, 1),
              (4, False, False): (1, 1, 1, 1, 1, 0, 0), (2, False, False): (0,) * 7,
              (2, True, False): (0,) * 7}
    for (size, is_rms, dh), want in expect.items():
        got = tuple(int(bwd(n, 132, size, is_rms, False, dh).dx_evict) for n in ns)
        assert got == want, (size, is_rms, dh, got)
    assert not bwd(4096, 132, 4, False, False, True).dx_evict  # the tile path
    assert not bwd(65536, 132, 2, False, True).dx_evict  # GroupNorm's rows path
    cfg = bwd(12288, 132, 4, False, False, True)
    assert K._dx_evict(cfg, 12288, 4, False, True) == "evict_first"
    assert K._dx_evict(bwd(12288, 132, 2, True), 12288, 2, True, False) == ""
    # The tile path: rows between 4096 and 8192, and fp32 LayerNorm without dh at
    # 2048-8192.
    for n, size, is_rms, dh, want in ((5120, 2, False, False, "evict_first"),
                                      (6144, 2, True, True, "evict_first"),
                                      (4096, 4, False, False, "evict_first"),
                                      (4096, 4, False, True, ""), (4096, 2, False, False, ""),
                                      (1024, 4, False, False, ""), (8192, 2, True, False, "")):
        tile = bwd(n, 132, size, is_rms, False, dh)
        assert tile.path == K.TILE and K._dx_evict(tile, n, size, is_rms, dh) == want
    # The residual forms' load policies (v0.30 call 10): dh evict_first in every
    # cooperative backward with dh; the replay's first loads evict_last on two configs.
    assert K._dh_evict(cfg, True) == "evict_first" and K._dh_evict(cfg, False) == ""
    assert K._dh_evict(bwd(4096, 132, 2, False, False, True), True) == ""  # tile path
    ln16 = bwd(65536, 132, 2, False, False, True)
    rms32 = bwd(12288, 132, 4, True, False, True)
    assert (ln16.replay, rms32.replay) == (2, 1)
    assert K._load_evict(ln16) == K._load_evict(rms32) == "evict_last"
    for other in (bwd(65536, 132, 2, False), bwd(1 << 20, 132, 2, False, False, True),
                  bwd(12288, 132, 4, False, False, True)):
        assert K._load_evict(other) == ""
    monkeypatch.setattr(K, "DX_EVICT", "")
    assert K._dx_evict(cfg, 12288, 4, False, True) == ""
    monkeypatch.setattr(K, "interpreting", lambda: True)
    monkeypatch.setattr(K, "DX_EVICT", None)
    assert K._dx_evict(cfg, 12288, 4, False, True) == ""
    assert K._dh_evict(cfg, True) == K._load_evict(ln16) == ""


def test_l2_hint_per_config(monkeypatch):
    # _l2_hint (v0.31): the cooperative forward's L2 prefetches evict_last for 16-bit
    # RMSNorm without a residual where a row takes at most L2_HINT_MAX_GROUP programs (64K,
    # 128K on a 132-SM GPU), on no other forward; FUSEDNORM_L2_HINT (K.L2_HINT) forces it
    # on every prefetching forward or off; never without a prefetch (the interpreter).
    monkeypatch.setattr(K, "L2_HINT", None)
    monkeypatch.setattr(K, "L2_AHEAD", None)
    monkeypatch.setattr(K, "interpreting", lambda: False)
    fwd = K.fwd_config.__wrapped__
    ns = (65535, 131072, 262144, 1 << 20)  # (65535: the cooperative 64K, not the words tile)
    assert tuple(K._l2_hint(fwd(n, 132, 2, False, True)) for n in ns) == (1, 1, 0, 0)
    assert not K._l2_hint(fwd(65536, 132, 2, False, True))  # the tile of words (v0.49)
    for size, res, is_rms in ((2, False, False), (4, False, True), (2, True, True)):
        assert not any(K._l2_hint(fwd(n, 132, size, res, is_rms)) for n in ns)
    assert not K._l2_hint(fwd(65536, 132, 2, False, True, True))  # GroupNorm's rows path
    ln = fwd(65536, 132, 2, False, False)
    monkeypatch.setattr(K, "L2_HINT", True)
    assert K._l2_hint(ln) and not K._l2_hint(fwd(4096, 132, 2, False, True))  # tile path
    monkeypatch.setattr(K, "L2_HINT", False)
    assert not K._l2_hint(fwd(65535, 132, 2, False, True))
    monkeypatch.setattr(K, "L2_HINT", None)
    monkeypatch.setattr(K, "interpreting", lambda: True)
    assert not K._l2_hint(fwd(65535, 132, 2, False, True))


def test_l2_prefetch_per_config(monkeypatch):
    # L2_AHEAD (v0.18): the config tables' seventh field, one step ahead for the 16-bit
    # row norms without a residual, GroupNorm's 16-bit rows path and the fp32 configs
    # measured with it; none with a residual or dh, on the tile path, or in the
    # interpreter (no inline assembly);
    # FUSEDNORM_L2_AHEAD (K.L2_AHEAD) overrides the configs on the cooperative path.
    monkeypatch.setattr(K, "L2_AHEAD", None)
    fwd, bwd = K.fwd_config.__wrapped__, K.bwd_config.__wrapped__
    if K.interpreting():
        interp = fwd(65536, 132, 2, False, False)
        assert interp.path == K.COOP and K._l2_ahead(interp) == 0
    monkeypatch.setattr(K, "interpreting", lambda: False)
    assert K._coop(65536, 132, ((4096, 4, 4, True, 1, 0, 3),)).l2_ahead == 3
    assert K._coop(65536, 132, ((4096, 4, 4),)).l2_ahead == 0
    # (16-bit RMSNorm's forward at 65536 is the tile of words since v0.49: 65535 for it)
    ahead = {(n, rms): (K._l2_ahead(fwd(n - (rms and n == 65536), 132, 2, False, rms)),
                        K._l2_ahead(bwd(n, 132, 2, rms)))
             for n in (65536, 1 << 20) for rms in (False, True)}
    assert K._l2_ahead(fwd(65536, 132, 2, False, True)) == 0
    # (16-bit RMSNorm's backward at 64K took v0.21's replay config without it until v0.27)
    assert set(ahead.values()) == {(1, 1)}
    for n in (65536, 1 << 20):
        for rms in (False, True):
            for size in (2, 4):
                assert K._l2_ahead(fwd(n, 132, size, True, rms)) == 0  # residual
                assert K._l2_ahead(bwd(n, 132, size, rms, False, True)) == 0  # dh
        assert K._l2_ahead(fwd(n, 132, 2, False, False, True)) == 1  # GroupNorm rows
        assert K._l2_ahead(bwd(n, 132, 2, False, True)) == 1
        assert K._l2_ahead(fwd(n, 132, 4, False, False, True)) == 0  # fp32: not measured
    # fp32 GroupNorm rows backward: at 64K none; from 4096 / 8 / 2 on (v0.46) with it (as
    # measured)
    assert [K._l2_ahead(bwd(n, 132, 4, False, True))
            for n in (65536, 1 << 19, 1 << 20)] == [0, 1, 1]
    # fp32: LayerNorm's forward, and both backwards below 1M
    assert [K._l2_ahead(fwd(n, 132, 4, False, False)) for n in (65536, 1 << 20)] == [1, 1]
    assert [K._l2_ahead(fwd(n, 132, 4, False, True)) for n in (65536, 1 << 20)] == [0, 0]
    for rms in (False, True):
        assert [K._l2_ahead(bwd(n, 132, 4, rms)) for n in (65536, 1 << 20)] == [1, 0]
    assert K._l2_ahead(fwd(4096, 132, 2, False, False)) == 0  # tile path
    monkeypatch.setattr(K, "L2_AHEAD", 2)
    assert K._l2_ahead(fwd(65536, 132, 4, False, False)) == 2
    assert K._l2_ahead(fwd(4096, 132, 2, False, False)) == 0
    K.clear_prepared()
    try:  # the launch carries it
        prep = K._prepare_fwd(64, 65536, torch.device("cpu"), 2, False, True, True, False,
                              False, (65536, 0, 65536, 0))
    finally:
        K.clear_prepared()
    assert dict(prep.launch.constexprs)["L2_AHEAD"] == 2


def test_cooperative_sync_per_config(monkeypatch):
    # How cooperative programs wait (SYNC) is chosen per config from K.SYNC4, as a GPU
    # with 132 SMs would see it (the interpreter's config is one program per row, SYNC 3):
    # 4 only for the measured LayerNorm configs and GROUPs, 3 for RMSNorm, residual
    # forwards, dh backwards and GroupNorm's rows path, and FUSEDNORM_COOP_SYNC
    # (K.COOP_SYNC) overrides it everywhere.
    monkeypatch.setattr(K, "interpreting", lambda: False)
    monkeypatch.setattr(K, "COOP_SYNC", None)
    fwd, bwd = K.fwd_config.__wrapped__, K.bwd_config.__wrapped__

    def sync(cfg):
        assert cfg.path == K.COOP
        return K._sync(cfg)

    # 16-bit LayerNorm backward: slices of 2048 with replay (v0.17) wait with 3; SYNC4's
    # entry for slice 4096 (GROUP a power of two from 4 to 32) applies only to sweeps now.
    assert [sync(bwd(n, 132, 2)) for n in (12288, 16384, 24576, 32768, 49152, 131072, 262144)] \
        == [3] * 7
    four = K._coop(32768, 132, ((4096, 4, 2),), K.SYNC4[("bwd", 2, False)])
    assert (four.group, K._sync(four)) == (8, 4)
    # fp32 LayerNorm backward: replay everywhere since v0.17 (measured with 3); SYNC4's
    # entry for slice 2048 (GROUP 8 or 16) applies to sweeps' configs without replay.
    assert [sync(bwd(n, 132, 4)) for n in (16384, 32768, 65536, 1 << 20)] == [3, 3, 3, 3]
    two = K._coop(32768, 132, ((2048, 8, 2),), K.SYNC4[("bwd", 4, False)])
    assert (two.group, K._sync(two)) == (16, 4)
    assert sync(bwd(1 << 20, 132, 2)) == 3
    # fp32 LayerNorm forward: slices of 4096, then 8192 with GROUP > 64, since v0.18 (its
    # L2 prefetch measured with 3); SYNC4's 8192 entry (GROUP <= 64) for sweeps' configs.
    assert [sync(fwd(n, 132, 4)) for n in (65536, 524288, 1 << 20)] == [3, 3, 3]
    eight = K._coop(65536, 132, ((8192, 8, 1, True, 2),), K.SYNC4[("fwd", 4, False)])
    assert (eight.group, K._sync(eight)) == (8, 4)
    assert [sync(fwd(n, 132, 2)) for n in (65536, 1 << 20)] == [3, 4]
    assert sync(fwd(1 << 20, 132, 2, True)) == 3  # with a residual
    assert sync(bwd(32768, 132, 2, True)) == sync(fwd(65536, 132, 4, False, True)) == 3  # RMS
    monkeypatch.setattr(K, "sm_count", lambda device: 132)
    monkeypatch.setattr(K, "fwd_config", fwd)
    monkeypatch.setattr(K, "bwd_config", bwd)
    cpu = torch.device("cpu")

    def launched(prep):
        return dict(prep.launch.constexprs)["SYNC"]
    strides = (32768, 32768, 0, 32768)
    # A backward config with SYNC 4 (the tables' own replay with 3 since v0.17) keeps it
    # but with dh or on GroupNorm's rows path.
    monkeypatch.setattr(K, "bwd_config", lambda *a: two)
    assert launched(K._prepare_bwd(8, 32768, cpu, 4, False, True, True, True, False, strides,
                                   torch.float32, torch.float32)) == 4
    assert launched(K._prepare_bwd(8, 32768, cpu, 4, False, True, True, True, True, strides,
                                   torch.float32, torch.float32)) == 3  # with dh
    monkeypatch.setattr(K, "bwd_config", bwd)
    assert launched(K._prepare_bwd(8, 32768, cpu, 2, False, True, True, True, False, strides,
                                   torch.float32, torch.float32, channels=(1, 1, 32768))) == 3
    fstrides = (65536, 0, 65536, 0)
    monkeypatch.setattr(K, "fwd_config", lambda *a: eight)  # a forward config with SYNC 4
    assert launched(K._prepare_fwd(8, 65536, cpu, 4, False, True, True, False, True,
                                   fstrides)) == 4
    assert launched(K._prepare_fwd(8, 65536, cpu, 4, False, True, True, False, True, fstrides,
                                   channels=(1, 1, 65536))) == 3
    monkeypatch.setattr(K, "COOP_SYNC", 2)
    assert sync(bwd(16384, 132, 2)) == sync(bwd(24576, 132, 2)) == 2


@pytest.mark.parametrize("is_rms", [False, True], ids=["layer", "rms"])
def test_leading_and_trailing_dims(device, is_rms):
    _run(device, torch.float16, (2, 3, 4, 5, 6), n_dims=2, is_rms=is_rms)
    _run(device, torch.float32, (3, 4, 5), n_dims=3, is_rms=is_rms)


@pytest.mark.parametrize("is_rms", [False, True], ids=["layer", "rms"])
def test_noncontiguous(device, is_rms):
    # A transposed view (copied to rows), a row-sliced view (strided rows, no copy),
    # and a last-dim slice (non-unit column stride).
    _run(device, torch.float32, (6, 40), x_fn=lambda x: x.t().contiguous().t(), is_rms=is_rms)
    _run(device, torch.bfloat16, (8, 50), x_fn=lambda x: x[::2], is_rms=is_rms)
    _run(device, torch.float32, (5, 96), x_fn=lambda x: x[:, ::2], is_rms=is_rms)


@pytest.mark.parametrize("is_rms", [False, True], ids=["layer", "rms"])
def test_strided_weight(device, is_rms):
    # weight and bias as strided views (w[::2]): copied to unit stride, never read as if
    # contiguous. Without grad (the inference path), with grad on x only, with grad on the
    # views' bases (dweight flows back through the copy), with a residual, and through the
    # registered op called directly.
    x = torch.randn(5, 48, device=device)
    base_w = (1 + 0.5 * torch.randn(96, device=device)).requires_grad_()
    base_b = (0.5 * torch.randn(96, device=device)).requires_grad_()
    w, b = base_w[::2], (None if is_rms else base_b[1::2])
    ref = _ref(x, None, w, b, (48,), 1e-5, is_rms)[0]
    ref_res = _ref(x, x, w, b, (48,), 1e-5, is_rms)[0]

    def call(xx, res=None):
        if res is not None:
            return (fusednorm.add_rms_norm(xx, res, 48, w, eps=1e-5) if is_rms
                    else fusednorm.add_layer_norm(xx, res, 48, w, b))[0]
        return (fusednorm.rms_norm(xx, 48, w, eps=1e-5) if is_rms
                else fusednorm.layer_norm(xx, 48, w, b))

    with torch.no_grad():
        for _ in range(2):  # the second call takes the cached plan
            assert_close(call(x), ref, torch.float32, "y, no grad")
        assert_close(call(x, x.clone()), ref_res, torch.float32, "y, residual")
    xg = x.clone().requires_grad_()
    assert_close(call(xg), ref, torch.float32, "y, grad on x")
    y = call(x)  # grad on the bases only
    assert_close(y, ref, torch.float32, "y, grad on weight")
    dy = torch.randn_like(y)
    (y * dy).sum().backward()
    w64 = base_w.detach().double().requires_grad_()
    b64 = base_b.detach().double().requires_grad_()
    x64 = x.double()
    y64 = (F.rms_norm(x64, (48,), w64[::2], 1e-5) if is_rms
           else F.layer_norm(x64, (48,), w64[::2], b64[1::2], 1e-5))
    (y64 * dy.double()).sum().backward()
    assert_close(base_w.grad, w64.grad, torch.float32, "dweight base", scale=3)
    if not is_rms:
        assert_close(base_b.grad, b64.grad, torch.float32, "dbias base", scale=3)
    with torch.no_grad():
        y_op = torch.ops.fusednorm.rownorm_fwd(x, None, w, b, 1e-5, is_rms)[0]
    assert_close(y_op, ref, torch.float32, "y, registered op")


@pytest.mark.parametrize("is_rms", [False, True], ids=["layer", "rms"])
def test_zero_rows(device, is_rms):
    for residual in (False, True):
        x = torch.randn(0, 64, device=device, requires_grad=True)
        w = torch.randn(64, device=device, requires_grad=True)
        if residual:
            r = torch.randn(0, 64, device=device, requires_grad=True)
            y, h = (fusednorm.add_rms_norm(x, r, 64, w) if is_rms
                    else fusednorm.add_layer_norm(x, r, 64, w))
            (y.sum() + h.sum()).backward()
        else:
            y = fusednorm.rms_norm(x, 64, w) if is_rms else fusednorm.layer_norm(x, 64, w)
            y.sum().backward()
        assert y.shape == (0, 64) and x.grad.shape == (0, 64)
        assert torch.equal(w.grad, torch.zeros_like(w))


@pytest.mark.parametrize("is_rms", [False, True], ids=["layer", "rms"])
def test_mixed_fp32_weight(device, is_rms):
    _run(device, torch.bfloat16, (9, 300), is_rms=is_rms, w_dtype=torch.float32)
    _run(device, torch.float16, (4, 70), is_rms=is_rms, w_dtype=torch.float32, residual=True)


@pytest.mark.parametrize("is_rms", [False, True], ids=["layer", "rms"])
def test_optional_affine(device, is_rms):
    _run(device, torch.float32, (5, 33), is_rms=is_rms, weight=False, bias=False)
    if not is_rms:
        _run(device, torch.float32, (5, 33), weight=True, bias=False)
        _run(device, torch.float32, (5, 33), weight=False, bias=True)


@pytest.mark.parametrize("eps", [1e-6, 1e-2, 0.5])
def test_eps(device, eps):
    _run(device, torch.float32, (4, 77), eps=eps)
    _run(device, torch.float32, (4, 77), eps=eps, is_rms=True)


def test_rms_default_eps(device):
    x = torch.randn(3, 17, device=device, dtype=torch.float16)
    w = torch.randn(17, device=device, dtype=torch.float16)
    ref = F.rms_norm(x.double(), (17,), w.double(), eps=torch.finfo(torch.float16).eps)
    assert_close(fusednorm.rms_norm(x, (17,), w), ref, torch.float16, "y")


@pytest.mark.parametrize("is_rms", [False, True], ids=["layer", "rms"])
def test_stats(device, is_rms):
    x = torch.randn(2, 3, 100, device=device, dtype=torch.bfloat16)
    x64 = x.double()
    if is_rms:
        y, rstd = fusednorm.rms_norm(x, 100, eps=1e-5, return_stats=True)
        ref_rstd = torch.rsqrt(x64.pow(2).mean(-1) + 1e-5)
    else:
        y, mean, rstd = fusednorm.layer_norm(x, 100, return_stats=True)
        assert mean.dtype == torch.float32 and mean.shape == (2, 3)
        assert_close(mean, x64.mean(-1), torch.float32, "mean")
        ref_rstd = torch.rsqrt(x64.var(-1, unbiased=False) + 1e-5)
    assert rstd.dtype == torch.float32 and rstd.shape == (2, 3)
    assert_close(rstd, ref_rstd, torch.float32, "rstd")


@pytest.mark.parametrize("is_rms", [False, True], ids=["layer", "rms"])
def test_deterministic(device, is_rms):
    # Bitwise-identical outputs and gradients over two runs (enough rows for several
    # programs to contribute dweight partials).
    n = 257
    x = torch.randn(67, n, device=device, dtype=torch.bfloat16)
    r = torch.randn_like(x)
    w = torch.randn(n, device=device, dtype=torch.float32)
    b = torch.randn(n, device=device, dtype=torch.float32)
    dy = torch.randn_like(x)
    outs = []
    for _ in range(2):
        xs, rs, ws, bs = (t.clone().requires_grad_() for t in (x, r, w, b))
        if is_rms:
            y, h = fusednorm.add_rms_norm(xs, rs, n, ws)
        else:
            y, h = fusednorm.add_layer_norm(xs, rs, n, ws, bs)
        (y * dy).sum().backward()
        outs.append([y, h, xs.grad, rs.grad, ws.grad] + ([] if is_rms else [bs.grad]))
    for a, b_ in zip(*outs):
        assert torch.equal(a, b_)


@pytest.mark.parametrize("is_rms", [False, True], ids=["layer", "rms"])
def test_eager_path_matches_registered_op(device, is_rms, monkeypatch):
    # Eager calls skip the dispatcher (fusednorm.ops.eager); the registered op must give
    # bitwise the same outputs and gradients, and each route must really be taken.
    from fusednorm.ops import eager
    n = 300
    x = torch.randn(19, n, device=device, dtype=torch.bfloat16)
    r, dy = torch.randn_like(x), torch.randn_like(x)
    w = torch.randn(n, device=device, dtype=torch.float32)
    b = torch.randn(n, device=device, dtype=torch.float32)
    outs = []
    for enabled in (True, False):
        monkeypatch.setattr(eager, "ENABLED", enabled)
        xs, rs, ws, bs = (t.clone().requires_grad_() for t in (x, r, w, b))
        if is_rms:
            y, h = fusednorm.add_rms_norm(xs, rs, n, ws)
        else:
            y, h = fusednorm.add_layer_norm(xs, rs, n, ws, bs)
        node = y.grad_fn
        if node.name().startswith("View"):  # the view back to x's shape
            node = node.next_functions[0][0]
        assert ("Eager" in node.name()) == enabled, node.name()
        (y * dy).sum().backward()
        with torch.no_grad():
            y_ng = fusednorm.rms_norm(x, n, w) if is_rms else fusednorm.layer_norm(x, n, w, b)
        outs.append([y, h, xs.grad, rs.grad, ws.grad, y_ng] + ([] if is_rms else [bs.grad]))
    for a, b_ in zip(*outs):
        assert torch.equal(a, b_)


def test_launch_cache_key_is_as_fine_as_triton():
    # The cached launch path may reuse a compiled kernel only for arguments that Triton
    # would specialize identically: alignment, ==1, divisibility by 16, integer width.
    from fusednorm.kernels.launch import arg_key
    buf = torch.empty(64, dtype=torch.bfloat16)
    assert arg_key(buf) != arg_key(buf[1:])  # 16-byte aligned vs not
    assert arg_key(buf) != arg_key(buf.float())
    # Triton's classes: 1 (a constant), other i32, i32 multiple of 16, i64 (multiple of 16).
    classes = [(1,), (2, 17, -3), (16, 32, 2**31 - 16), (2**31, -(2**31) - 16)]
    keys = [{arg_key(v) for v in c} for c in classes]
    assert all(len(k) == 1 for k in keys) and len(set.union(*keys)) == len(classes)
    assert arg_key(2**31 + 1) != arg_key(2**31)


@pytest.mark.gpu
def test_launch_cache_gpu():
    # Same shapes with aligned and misaligned rows, 1 row and many: every call must match
    # the reference whether it came through Triton's JIT or the cached direct launch.
    n = 1000
    buf = torch.randn(64 * n + 8, device="cuda", dtype=torch.bfloat16)
    w = torch.randn(n, device="cuda", dtype=torch.bfloat16)
    before = K._FWD.direct_launches
    for _ in range(3):
        for off in (0, 1, 8):
            for m in (1, 64):
                x = buf[off:off + m * n].view(m, n)
                for is_rms in (False, True):
                    y = fusednorm.rms_norm(x, n, w) if is_rms else fusednorm.layer_norm(x, n, w)
                    ref = (F.rms_norm(x.double(), (n,), w.double()) if is_rms
                           else F.layer_norm(x.double(), (n,), w.double()))
                    assert_close(y, ref, torch.bfloat16, f"off={off} m={m} rms={is_rms}")
    assert K._FWD.direct_launches > before


def test_direct_call_declines_without_a_compiled_launch():
    # FixedLaunch.direct_call launches only what a call with the tensors compiled for this
    # device (never in the interpreter, never before a first call): otherwise it returns
    # False and the caller passes the tensors.
    x = torch.empty(4, 1024, dtype=torch.bfloat16)
    prep = K.prepare_fwd(x, None, None, None, False, x, None, None, None)
    assert not prep.launch.compiled
    assert prep.launch.direct_call([x.data_ptr()] * 9, (1e-5, 1)) is False


@pytest.mark.gpu
@pytest.mark.parametrize("n", [1000, K.FWD_TILE_MAX + 4000], ids=["tile", "coop"])
def test_launch_infer_gpu(n):
    # The inference path's launch (kernels.rownorm.launch_infer: addresses read once,
    # FixedLaunch.direct_call) on the tile and cooperative paths, with a residual, its
    # inputs at aligned and misaligned offsets (the direct launch declines those and the
    # FixedLaunch takes the tensors), repeated so that later calls launch directly.
    buf = torch.randn(2, 8 * n + 8, device="cuda", dtype=torch.bfloat16)
    w = torch.randn(n, device="cuda", dtype=torch.bfloat16)
    b = torch.randn(n, device="cuda", dtype=torch.bfloat16)
    before = K._FWD.direct_launches
    for _ in range(3):
        for off in (0, 1):
            x = buf[0, off:off + 8 * n].view(8, n)
            r = buf[1, 8 - off:8 - off + 8 * n].view(8, n)
            y, h = fusednorm.add_layer_norm(x, r, n, w, b)
            h64 = x.double() + r.double()
            assert_close(h, h64, torch.bfloat16, f"h off={off}")
            assert_close(y, F.layer_norm(h64, (n,), w.double(), b.double()), torch.bfloat16,
                         f"y off={off}")
            y = fusednorm.rms_norm(x, n, w, eps=1e-6)
            assert_close(y, F.rms_norm(x.double(), (n,), w.double(), 1e-6), torch.bfloat16,
                         f"rms off={off}")
    assert K._FWD.direct_launches > before


def test_stats_scratch(device):
    # fp32 add_layer_norm at 32768 without grad: the inference path runs the variant that
    # writes statistics (kernels.rownorm._stats_scratch), into the stream scratch, not
    # returned; y and h as the reference, over calls that reuse the scratch (an odd row
    # count: rstd's rows start at a 16-byte boundary), also misaligned and on CUDA where
    # later calls launch directly.
    if not use_kernels(device):
        pytest.skip("kernels do not run on this device")
    n, m = 32768, 3
    x = torch.empty(m, n, dtype=torch.float32)
    prep = K.prepare_fwd(x, x, x[0], x[0], False, x, x, None, None)
    assert prep.stats_scratch == m and dict(prep.launch.constexprs)["STATS"]
    w = torch.randn(n, device=device)
    b = torch.randn(n, device=device)
    buf = torch.randn(2, m * n + 1, device=device)
    for rep in range(3 if device.type == "cuda" else 1):
        for off in (0, 1) if device.type == "cuda" else (0,):
            buf.normal_()
            xs = buf[0, off:off + m * n].view(m, n) * 3 + 1
            rs = buf[1, off:off + m * n].view(m, n)
            with torch.no_grad():
                y, h = fusednorm.add_layer_norm(xs, rs, n, w, b)
            h64 = xs.double() + rs.double()
            assert_close(h, h64, torch.float32, f"h rep={rep} off={off}")
            assert_close(y, F.layer_norm(h64, (n,), w.double(), b.double()), torch.float32,
                         f"y rep={rep} off={off}")


@pytest.mark.gpu
@pytest.mark.parametrize("m,n,loop", [(1, 1000, None), (64, 1000, None), (64, 3001, "loop"),
                                      (64, 3001, "split"), (16, K.BWD_TILE_MAX + 4000, None)],
                         ids=["one_partial", "tile_sum", "loop", "split", "coop"])
def test_launch_bwd_gpu(m, n, loop, monkeypatch):
    # The backward's launches (kernels.rownorm.launch_bwd: partials in the stream's scratch
    # buffer, addresses read once, FixedLaunch.direct_call) with dw and db, one of them or
    # neither, a residual's dh, inputs at aligned and misaligned offsets (the direct launch
    # declines those), repeated with fresh values so that later calls launch directly from
    # a buffer the earlier calls wrote: every call against float64.
    if loop:  # the loop path (PATH 2) at a length the table gives the tile path, or the
        # split path in its place (64 row blocks of one row: dw, db partial rows summed)
        monkeypatch.setattr(K, "bwd_config", lambda *a, **k: K.LaunchConfig(
            K.LOOP, 1024, 1, 4, programs_per_sm=2))
        monkeypatch.setattr(K, "SPLIT", loop == "split")
    kernel = K._SPLIT_APPLY if loop == "split" else K._BWD
    K.clear_prepared()
    try:
        dt = torch.bfloat16
        before = kernel.direct_launches
        for rep in range(3):
            for off in (0, 1):
                buf = torch.randn(3, m * n + 8, device="cuda", dtype=dt)
                x = buf[0, off:off + m * n].view(m, n)
                r = buf[1, 8 - off:8 - off + m * n].view(m, n)
                dy = buf[2, off:off + m * n].view(m, n)
                for wg, bg in ((True, True), (True, False), (False, True), (False, False)):
                    w = torch.randn(n, device="cuda", dtype=dt).requires_grad_(wg)
                    b = torch.randn(n, device="cuda", dtype=dt).requires_grad_(bg)
                    xs, rs = (x.clone().requires_grad_(), r.clone().requires_grad_())
                    y, h = fusednorm.add_layer_norm(xs, rs, n, w, b)
                    (y * dy).sum().backward()
                    x64, r64, w64, b64 = (t.detach().double().requires_grad_()
                                          for t in (x, r, w, b))
                    y64 = F.layer_norm(x64 + r64, (n,), w64, b64)
                    (y64 * dy.double()).sum().backward()
                    what = f"rep={rep} off={off} dw={wg} db={bg}"
                    assert_close(xs.grad, x64.grad, dt, "dx " + what)
                    assert torch.equal(xs.grad, rs.grad), what
                    assert (w.grad is None) != wg and (b.grad is None) != bg, what
                    if wg:
                        assert_close(w.grad, w64.grad, dt, "dw " + what)
                    if bg:
                        assert_close(b.grad, b64.grad, dt, "db " + what)
        assert kernel.direct_launches > before
    finally:
        K.clear_prepared()


@pytest.mark.parametrize("sync", [1, 2, 3, 4])
@pytest.mark.parametrize("is_rms", [False, True], ids=["layer", "rms"])
def test_cooperative_sync_modes(device, sync, is_rms, monkeypatch):
    # Each way the cooperative path waits for a row's partials (kernels.rownorm.COOP_SYNC;
    # 4 runs as 3 in the interpreter), forward and backward, over several rows per row
    # group on a GPU.
    if not use_kernels(device):
        pytest.skip("kernels do not run on this device")
    monkeypatch.setattr(K, "COOP_SYNC", sync)
    K.clear_prepared()
    try:
        n = max(K.FWD_TILE_MAX, K.BWD_TILE_MAX) + 4097
        _run(device, torch.bfloat16, (301 if device.type == "cuda" else 3, n), is_rms=is_rms,
             residual=True)
    finally:
        K.clear_prepared()


@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16], ids=["bf16", "fp16"])
def test_cooperative_16bit_large_mean(device, dtype):
    # 16-bit data take xhat, and LayerNorm's dx, as FMAs on the cooperative path
    # (_centred: h * rstd - mean * rstd, v0.18); at |mean| = 1000 std the extra error
    # (|mean| / std * 2^-24) must stay inside the dtype's tolerance, forward and backward
    # (N past both tile paths: the forward's and backward's cooperative kernels).
    if not use_kernels(device):
        pytest.skip("kernels do not run on this device")
    _run(device, dtype, (3, K.FWD_TILE_MAX + 300), x_fn=lambda t: t + 1000.0)


def test_long_backward_tile(device, monkeypatch):
    # A row past BWD_TILE_MAX that the backward's tile path takes (kernels.rownorm
    # .BWD_TILE_LONG; add_rms_norm, 16-bit, 12288 in two tiles of 8192 + 4096 was its entry
    # in v0.25-v0.26, put back here), against float64, dx, dh's pass-through and dw.
    if not use_kernels(device):
        pytest.skip("kernels do not run on this device")
    monkeypatch.setitem(K.BWD_TILE_LONG, (12288, 2, True, True), (1, 16, 1))
    K.bwd_config.cache_clear()
    K.clear_prepared()
    try:
        cfg = K.bwd_config(12288, 132, 2, True, False, True)
        assert cfg.path == K.TILE and (cfg.block_n, cfg.block_n2) == (8192, 4096)
        _run(device, torch.bfloat16, (37 if device.type == "cuda" else 3, 12288), is_rms=True,
             residual=True)
    finally:
        K.bwd_config.cache_clear()
        K.clear_prepared()


@pytest.mark.parametrize("dh_l2", [True, False], ids=["dh_l2", "none"])
@pytest.mark.parametrize("n, is_rms, dtype", [
    (5120, False, torch.bfloat16), (6144, True, torch.float16), (5120, False, torch.float32),
    (16384, True, torch.bfloat16), (65536, False, torch.float16),
    (1 << 20, True, torch.float32), (1 << 20, False, torch.bfloat16)],
    ids=["tile_ln_bf16", "tile_rms_fp16", "tile_ln_fp32", "coop_rms_bf16", "replay_ln_fp16",
         "replay_rms_fp32_1M", "replay_ln_bf16_1M"])
def test_backward_dh_prefetch(device, dh_l2, n, is_rms, dtype, monkeypatch):
    # The add_* backward with dh asked of the L2 a step ahead (kernels.rownorm.DH_L2
    # forced both ways) on the configs whose table entries take it: the padded tile path
    # and the cooperative schedules without and with replay; and fp32 RMSNorm's replay 1
    # at 1M, which took it until v0.27 (A/B runs still force it there). GPU only: the
    # interpreter runs no prefetch.
    if device.type != "cuda":
        pytest.skip("a GPU-only prefetch")
    from fusednorm.kernels import sm_count
    cfg = K.bwd_config(n, sm_count(device), torch.finfo(dtype).bits // 8, is_rms, False, True)
    assert cfg.dh_l2 != (n == 1 << 20 and is_rms and dtype == torch.float32), cfg
    monkeypatch.setattr(K, "DH_L2", dh_l2)
    K.clear_prepared()
    try:
        _run(device, dtype, (3 if n > 65536 else 37, n), is_rms=is_rms, residual=True)
    finally:
        K.clear_prepared()


@pytest.mark.parametrize("one_pass", [True, False], ids=["one_pass", "two_pass"])
@pytest.mark.parametrize("n", [256, 1000, 5120], ids=["rows", "masked", "two_tiles"])
@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16], ids=["fp32", "bf16"])
def test_tile_one_pass(device, one_pass, n, dtype, monkeypatch):
    # The tile forward's LayerNorm statistics both ways (kernels.rownorm.TILE_ONE_PASS
    # forced): several rows a program, a masked tile, two tiles; with a residual; at
    # |mean| = 100 std, where the shifted one-pass sums must keep the variance exact
    # enough (the shift is each row's first element).
    if not use_kernels(device):
        pytest.skip("kernels do not run on this device")
    monkeypatch.setattr(K, "TILE_ONE_PASS", one_pass)
    K.clear_prepared()
    try:
        m = 37 if device.type == "cuda" else 5
        for residual in (False, True):
            _run(device, dtype, (m, n), residual=residual)
        # (16-bit with a residual: h is rounded to the dtype, which the reference's
        # unrounded h does not model at this magnitude.)
        for residual in (False, True) if dtype == torch.float32 else (False,):
            _run(device, dtype, (m, n), residual=residual, x_fn=lambda t: t + 100.0)
    finally:
        K.clear_prepared()


@pytest.mark.parametrize("rows", [1, 2])
@pytest.mark.parametrize("is_rms", [False, True], ids=["layer", "rms"])
def test_cooperative_forward_words(device, rows, is_rms, monkeypatch):
    # The cooperative forward with its held 16-bit row carried as int32 words (PACK16,
    # forced; GroupNorm's 4096 / 4 / 5 by default), one or two rows a step (a partial last
    # step), rows of their own statistics; outputs poisoned, against float64.
    if not use_kernels(device):
        pytest.skip("kernels do not run on this device")
    monkeypatch.setattr(K, "PACK16", True)
    monkeypatch.setattr(K, "fwd_config", lambda n, sms, *_: K._coop(
        n, sms, ((8192, 8, 1, True, rows),)))
    K.clear_prepared()
    try:
        n = K.FWD_TILE_MAX + 300
        m = 301 if device.type == "cuda" else 5
        scale = torch.linspace(0.5, 2.0, m, device=device)[:, None]
        x = (torch.randn(m, n, device=device) * scale + scale).to(torch.bfloat16)
        w = (1 + 0.5 * torch.randn(n, device=device)).to(torch.bfloat16)
        b = (0.5 * torch.randn(n, device=device)).to(torch.bfloat16)
        y = torch.full((m, n), float("nan"), device=device, dtype=torch.bfloat16)
        mean, rstd = (torch.full((m,), float("nan"), device=device) for _ in range(2))
        K.rownorm_fwd(x, None, w, None if is_rms else b, 1e-5, is_rms, y, None, mean, rstd)
        assert K._pack16(K.fwd_config(n, 132), 2, backward=False)
        x64, w64, b64 = x.double(), w.double(), b.double()
        ref = (F.rms_norm(x64, (n,), w64, 1e-5) if is_rms
               else F.layer_norm(x64, (n,), w64, b64, 1e-5))
        assert_close(y, ref, torch.bfloat16, "y")
    finally:
        K.clear_prepared()


@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16], ids=["bf16", "fp16"])
@pytest.mark.parametrize("n", [256, 200, 65536])
def test_tile_words_rms(device, dtype, n, monkeypatch):
    # 16-bit RMSNorm's tile of int32 words (fwd_config from TILE_WORDS_MIN; lowered here
    # so the interpreter runs it at 256 and at 200, a masked tile): with and without w,
    # with statistics and without (the inference variant); on views whose address (one
    # element in) or row stride (N + 1) does not allow 4-byte words, which take the
    # kernel's 16-bit branch. Outputs poisoned, against float64.
    if not use_kernels(device):
        pytest.skip("kernels do not run on this device")
    if n > 4096 and device.type != "cuda":
        pytest.skip("long rows: the GPU only")
    monkeypatch.setattr(K, "TILE_WORDS_MIN", min(K.TILE_WORDS_MIN, n - 1))
    K.clear_prepared()
    try:
        m = 37 if device.type == "cuda" else 3
        cfg = K.fwd_config(n, 132, 2, False, True)
        assert cfg.path == K.TILE and cfg.pack16 and K._pack16(cfg, 2, backward=False)
        assert not K.fwd_config(n, 132, 2, True, True).pack16  # (a residual: not taken)
        assert not K.fwd_config(n, 132, 2, False, False).pack16  # (LayerNorm: not taken)
        buf = torch.randn(m * (n + 1) + 1, device=device).mul_(3).to(dtype)
        views = {"contiguous": buf[:m * n].view(m, n), "unaligned": buf[1:m * n + 1].view(m, n),
                 "odd stride": buf[:m * (n + 1)].view(m, n + 1)[:, :n]}
        w = (1 + 0.5 * torch.randn(n, device=device)).to(dtype)
        nan = float("nan")
        for name, x in views.items():
            for weight in (w, None):
                for stats in (True, False):
                    y = torch.full((m, n), nan, device=device, dtype=dtype)
                    rstd = torch.full((m,), nan, device=device) if stats else None
                    K.rownorm_fwd(x, None, weight, None, 1e-6, True, y, None, None, rstd)
                    x64 = x.double()
                    r64 = torch.rsqrt(x64.pow(2).mean(-1) + 1e-6)
                    ref = x64 * r64[:, None] * (1.0 if weight is None else weight.double())
                    assert_close(y, ref, dtype, f"y ({name})")
                    if stats:
                        torch.testing.assert_close(rstd.double(), r64, rtol=1e-5, atol=0)
    finally:
        K.clear_prepared()


@pytest.mark.parametrize("rows", [1, 2, 4])
@pytest.mark.parametrize("is_rms", [False, True], ids=["layer", "rms"])
@pytest.mark.parametrize("residual", [False, True], ids=["plain", "residual"])
def test_cooperative_forward_steps(device, rows, is_rms, residual, monkeypatch):
    # The cooperative forward with several rows per step (a partial last step), at
    # |mean| >> std in fp32, so the slices' shifted one-pass sums must keep rstd near fp32
    # precision. Outputs poisoned.
    if not use_kernels(device):
        pytest.skip("kernels do not run on this device")
    monkeypatch.setattr(K, "fwd_config", lambda n, sms, *_: K._coop(
        n, sms, ((8192, 8, 1, True, rows),)))
    K.clear_prepared()
    try:
        n = K.FWD_TILE_MAX + 300
        m = 301 if device.type == "cuda" else 5
        x = torch.randn(m, n, device=device) + (0.0 if is_rms else 1000.0)
        r = torch.randn(m, n, device=device) if residual else None
        w, b = torch.randn(n, device=device), torch.randn(n, device=device)
        nan = float("nan")
        y = torch.full((m, n), nan, device=device)
        h = torch.full((m, n), nan, device=device) if residual else None
        mean, rstd = (torch.full((m,), nan, device=device) for _ in range(2))
        K.rownorm_fwd(x, r, w, None if is_rms else b, 1e-5, is_rms, y, h, mean, rstd)
        hx = x if r is None else h
        if residual:
            assert_close(h, x.double() + r.double(), torch.float32, "h")
        x64 = hx.double()
        spread = x64.pow(2).mean(-1) if is_rms else x64.var(-1, unbiased=False)
        torch.testing.assert_close(rstd.double(), torch.rsqrt(spread + 1e-5), rtol=1e-5, atol=0)
        # y within twice the error of torch's own fp32 norm (x - mean loses digits at
        # |mean| = 1000 whoever computes it).
        def norm(t, wt, bt):
            return (F.rms_norm(t, (n,), wt, 1e-5) if is_rms
                    else F.layer_norm(t, (n,), wt, bt, 1e-5))
        ref = norm(x64, w.double(), b.double())
        torch_err = (norm(hx.cpu(), w.cpu(), b.cpu()).double() - ref.cpu()).abs().max()
        assert not y.isnan().any()
        our_err = (y.double() - ref).abs().max().cpu()
        assert our_err <= 2 * torch_err + 1e-5, (our_err, torch_err)
        if not is_rms:
            torch.testing.assert_close(mean.double(), x64.mean(-1), rtol=1e-6, atol=0)
    finally:
        K.clear_prepared()


@pytest.mark.parametrize("n", [100, 5121, K.BWD_TILE_MAX + 300, K.INTERPRETER_COOP_MAX + 300])
@pytest.mark.parametrize("is_rms", [False, True], ids=["layer", "rms"])
def test_launchers_write_every_element(device, n, is_rms):
    # Call the launchers with NaN-poisoned outputs: an element a kernel fails to write
    # stays NaN and fails the comparison with the reference path.
    if not use_kernels(device):
        pytest.skip("kernels do not run on this device")
    from fusednorm import reference
    m = 5
    x, r, dy, dh = (torch.randn(m, n, device=device, dtype=torch.bfloat16) for _ in range(4))
    w, b = torch.randn(n, device=device), torch.randn(n, device=device)
    nan = float("nan")
    y, h, dx = (torch.full((m, n), nan, device=device, dtype=torch.bfloat16) for _ in range(3))
    mean, rstd = (torch.full((m,), nan, device=device) for _ in range(2))
    K.rownorm_fwd(x, r, w, None if is_rms else b, 1e-5, is_rms, y, h, mean, rstd)
    assert_close(h, x.double() + r.double(), torch.bfloat16, "h")
    # Normalize the kernel's own h: the interpreter rounds fp32 -> bf16 differently from
    # torch (not to nearest even), so its h may differ from torch's x + r in the last bit.
    ry, _, rmean, rrstd = reference.rownorm_fwd(h, None, w, None if is_rms else b, 1e-5, is_rms)
    assert_close(y, ry, torch.bfloat16, "y")
    assert_close(rstd, rrstd, torch.float32, "rstd")
    if not is_rms:
        assert_close(mean, rmean, torch.float32, "mean")
    dw, db = K.rownorm_bwd(dy, dh, h, w, mean, rstd, is_rms, True, not is_rms, dx)
    rdx, rdw, rdb = reference.rownorm_bwd(dy, dh, h, w, mean, rstd, is_rms, not is_rms)
    assert_close(dx, rdx, torch.bfloat16, "dx")
    assert_close(dw, rdw, torch.float32, "dw", scale=3)
    if not is_rms:
        assert_close(db, rdb, torch.float32, "db", scale=3)


def test_bwd_tile_table():
    # The backward tile path's measured exceptions (K.BWD_TILE, block 8192's rule): the
    # entries are well formed, and the configs they give are the ones described there.
    for (block, size, is_rms, has_dh), (rows, warps, pps) in K.BWD_TILE.items():
        assert block <= K.BWD_TILE_MAX and size in (2, 4) and warps in (2, 4, 8, 16)
        cfg = K.bwd_config(block, 132, size, is_rms, False, has_dh)
        assert (cfg.path, cfg.block_n, cfg.rows, cfg.num_warps, cfg.programs_per_sm) == (
            K.TILE, block, rows, warps, pps)
    # 5000 = 4096 + 1024 (second tile a quarter of the first): two tiles, 16-bit, no dh.
    assert (K.bwd_config(5000, 132, 2, False).block_n, K.bwd_config(5000, 132, 2, False)
            .block_n2) == (4096, 1024)
    assert K.bwd_config(5000, 132, 2, True).rows == 2
    assert K.bwd_config(6000, 132, 2, False).block_n2 == 0  # 4096 + 2048: one tile
    assert K.bwd_config(5000, 132, 4, False).block_n2 == 0  # fp32: one tile
    assert K.bwd_config(5000, 132, 2, False, False, True).block_n2 == 0  # with dh
    warps = {(size, rms, dh): K.bwd_config(6000, 132, size, rms, False, dh).num_warps
             for size in (2, 4) for rms in (False, True) for dh in (False, True)}
    assert warps == {(2, False, False): 8, (2, False, True): 16, (2, True, False): 16,
                     (2, True, True): 16, (4, False, False): 8, (4, False, True): 8,
                     (4, True, False): 8, (4, True, True): 16}


@pytest.mark.parametrize("n", [200, 300, 1000, 2000, 4000, 5000])
@pytest.mark.parametrize("is_rms", [False, True], ids=["layer", "rms"])
def test_bwd_tile_table_runs(device, n, is_rms):
    # The table's configs (blocks 256-4096; two tiles at 5000 in 16-bit) against float64,
    # without and with a residual (dh), 16-bit and fp32.
    for dtype in (torch.bfloat16, torch.float32):
        _run(device, dtype, (5, n), is_rms=is_rms)
        _run(device, dtype, (3, n), is_rms=is_rms, residual=True)


@pytest.mark.parametrize("is_rms", [False, True], ids=["layer", "rms"])
def test_compile_fullgraph(device, is_rms):
    # Registered ops: torch.compile traces through them without graph breaks.
    w = torch.randn(64, device=device, requires_grad=True)

    def f(x, r):
        if is_rms:
            y, h = fusednorm.add_rms_norm(x, r, 64, w, eps=1e-6)
            return fusednorm.rms_norm(y, 64, w, eps=1e-6) + h
        y, h = fusednorm.add_layer_norm(x, r, 64, w)
        return fusednorm.layer_norm(y, 64, w) + h

    x = torch.randn(4, 64, device=device, requires_grad=True)
    r = torch.randn(4, 64, device=device)
    compiled = torch.compile(f, fullgraph=True, backend="aot_eager")
    out = compiled(x, r)
    torch.testing.assert_close(out, f(x, r))
    out.sum().backward()
    assert x.grad is not None and torch.isfinite(x.grad).all()


def test_compile_dynamic_shapes(device):
    # torch.compile with dynamic shapes (as a model with varying sequence lengths gets it):
    # no graph break, right forward and backward, and no recompile per row count. (torch
    # 2.13 compiles twice on the first shapes: the functions' float default eps first
    # enters as a graph input, then is specialized.)
    import torch._dynamo
    w = torch.randn(64, device=device, requires_grad=True)
    b = torch.randn(64, device=device)

    def f(x, r):
        y = fusednorm.layer_norm(x, x.shape[-1:], w, b)
        z, h = fusednorm.add_rms_norm(y, r, y.shape[-1:], w, eps=1e-6)
        return z * 2 + h

    torch._dynamo.reset()
    graphs = []

    def backend(gm, example_inputs):
        graphs.append(gm)
        return torch._dynamo.backends.debugging.aot_eager(gm, example_inputs)

    compiled = torch.compile(f, fullgraph=True, dynamic=True, backend=backend)
    seen = []
    for m in (3, 5, 9, 17):
        x = torch.randn(2, m, 64, device=device, requires_grad=True)
        r = torch.randn(2, m, 64, device=device)
        out = compiled(x, r)
        x64 = x.detach().double().requires_grad_()
        w64 = w.detach().double().requires_grad_()
        y64 = F.layer_norm(x64, (64,), w64, b.double())
        h64 = y64 + r.double()
        ref = 2 * F.rms_norm(h64, (64,), w64, 1e-6) + h64
        assert_close(out, ref, torch.float32, f"out m={m}", scale=4)
        dy = torch.randn_like(out)
        (out * dy).sum().backward()
        (ref * dy.double()).sum().backward()
        assert_close(x.grad, x64.grad, torch.float32, f"dx m={m}", scale=8)
        seen.append(len(graphs))
    assert 1 <= seen[0] <= 2 and seen[1:] == [seen[0]] * 3, seen


def test_opcheck(device):
    # torch.library's own consistency checks of schema, fake kernel and autograd.
    x = torch.randn(5, 32, device=device, requires_grad=True)
    w = torch.randn(32, device=device, requires_grad=True)
    b = torch.randn(32, device=device, requires_grad=True)
    r = torch.randn(5, 32, device=device, requires_grad=True)
    op = torch.ops.fusednorm.rownorm_fwd.default
    torch.library.opcheck(op, (x, None, w, b, 1e-5, False),
                          test_utils=("test_schema", "test_faketensor", "test_autograd_registration"))
    torch.library.opcheck(op, (x, r, w, None, 1e-5, True),
                          test_utils=("test_schema", "test_faketensor", "test_autograd_registration"))


@pytest.mark.gpu
def test_cuda_graph():
    x = torch.randn(64, 1024, device="cuda", dtype=torch.bfloat16)
    w = torch.randn(1024, device="cuda", dtype=torch.bfloat16)
    b = torch.randn(1024, device="cuda", dtype=torch.bfloat16)
    fusednorm.layer_norm(x, 1024, w, b)  # warm up: compile the kernel outside capture
    g, y = captured(lambda: fusednorm.layer_norm(x, 1024, w, b))
    x.copy_(torch.randn_like(x))
    g.replay()
    torch.cuda.synchronize()
    ref = F.layer_norm(x.double(), (1024,), w.double(), b.double())
    assert_close(y, ref, torch.bfloat16, "graph replay")


@pytest.mark.gpu
@pytest.mark.parametrize("is_rms", [False, True], ids=["layer", "rms"])
def test_cooperative_stale_workspace(is_rms):
    # Cooperative launches reuse their stream's workspace with a new tag each
    # (launch.coop_workspace): words left behind, here random ones, must never pass for
    # this launch's partials, forward or backward, nor the previous launch's.
    from fusednorm.kernels import launch as L
    dev = torch.device("cuda")
    ws, _ = L.coop_workspace(dev, 1 << 20)
    ws.copy_(torch.randint(-(1 << 62), 1 << 62, ws.shape, device=dev))
    for residual in (False, True, False):
        _run(dev, torch.bfloat16, (24, 65536 + 512), is_rms=is_rms, residual=residual)


@pytest.mark.gpu
@pytest.mark.parametrize("tickets", ["tickets", "memset", "budget"])
def test_cuda_graph_cooperative(tickets, monkeypatch):
    # Captured cooperative launches take a zeroed workspace of their own (launch.
    # coop_workspace): with tickets, kept across replays, each replay's tags taken from
    # its programs' counts of replays (rownorm._launch_tag); without them
    # (FUSEDNORM_CAPTURE_TICKETS=0, or past CAPTURE_BYTES: the later launches of a
    # capture) tag 1 and a memset each replay. Replays with new inputs stay right (forward
    # and backward, two row lengths, one of them twice in a graph), and so do two graphs
    # replayed in turn.
    from fusednorm.kernels import launch as L
    from fusednorm.ops import rownorm as OR
    monkeypatch.setattr(L, "CAPTURE_TICKETS", tickets != "memset")
    calls = []  # the cooperative launches' workspace requests: captured or not

    def workspace(device, words, *args, programs=0, **kwargs):
        capturing = torch.cuda.is_current_stream_capturing()
        if capturing and tickets == "budget" and not any(calls):
            # room for the first captured launch's buffer only
            held = sum(b for _, b, _ in L._CAPTURED)
            monkeypatch.setattr(L, "CAPTURE_BYTES",
                                held + 8 * (words + programs + programs % 2))
        calls.append(capturing)
        return L.coop_workspace(device, words, *args, programs=programs, **kwargs)
    monkeypatch.setattr(K, "coop_workspace", workspace)
    mark = L.capture_mark()
    ns = (65536, 32768 + 1024)
    xs = [torch.randn(8, n, device="cuda", dtype=torch.bfloat16) for n in ns]
    ws = [1 + 0.5 * torch.randn(n, device="cuda", dtype=torch.bfloat16) for n in ns]
    bs = [0.5 * torch.randn(n, device="cuda", dtype=torch.bfloat16) for n in ns]
    dys = [torch.randn_like(x) for x in xs]

    def step(order):
        out = []
        for i in order:
            x, w, b, dy = xs[i], ws[i], bs[i], dys[i]
            y, _, mean, rstd = OR.fwd_impl(x, None, w, b, 1e-5, False)
            out.append((i, y) + tuple(OR.bwd_impl(dy, None, x, w, mean, rstd, False, True, True)))
        return out
    orders = ((0, 1, 0), (1, 0))
    for order in orders:
        step(order)  # compile outside capture
    graphs, outs = zip(*(captured(lambda order=order: step(order)) for order in orders))
    made, captured_calls = L.capture_mark() - mark, sum(calls)
    assert captured_calls >= 5  # the first graph's forwards and backwards at least
    assert made == {"tickets": captured_calls, "memset": 0, "budget": 1}[tickets]
    for k in (0, 1, 0, 1, 0, 1):
        for x, dy in zip(xs, dys):
            x.copy_(torch.randn_like(x))
            dy.copy_(torch.randn_like(dy))
        graphs[k].replay()
        torch.cuda.synchronize()
        for i, y, dx, dw, db in outs[k]:
            n = ns[i]
            x64 = xs[i].double().requires_grad_()
            w64 = ws[i].double().requires_grad_()
            b64 = bs[i].double().requires_grad_()
            ref = F.layer_norm(x64, (n,), w64, b64)
            ref.backward(dys[i].double())
            assert_close(y, ref, torch.bfloat16, f"graph {k} replay y")
            assert_close(dx, x64.grad, torch.bfloat16, f"graph {k} replay dx")
            assert_close(dw, w64.grad, torch.float32, f"graph {k} replay dw", scale=3)
            assert_close(db, b64.grad, torch.float32, f"graph {k} replay db", scale=3)
    del graphs, outs
    L.release_capture_workspaces(mark)


@pytest.mark.gpu
def test_int64_offsets():
    # More than 2^31 elements: row * stride overflows int32 (about 4.3 GB in bf16).
    n = 1 << 16
    m = (1 << 31) // n + 2
    try:
        x = torch.randn(m, n, device="cuda", dtype=torch.bfloat16)
    except torch.OutOfMemoryError:
        pytest.skip("not enough GPU memory")
    y = fusednorm.rms_norm(x, n, eps=1e-6)
    tail = x[-2:].double()
    ref = F.rms_norm(tail, (n,), eps=1e-6)
    assert_close(y[-2:], ref, torch.bfloat16, "last rows")
    del x, y
    torch.cuda.empty_cache()


BAD_CASES = [
    ("weight shape", lambda d: fusednorm.layer_norm(torch.randn(2, 8, device=d), 8, torch.randn(7, device=d)),
     ValueError, "weight has shape"),
    ("normalized_shape", lambda d: fusednorm.layer_norm(torch.randn(2, 8, device=d), (4,)),
     ValueError, "does not match"),
    ("too many dims", lambda d: fusednorm.rms_norm(torch.randn(8, device=d), (2, 8)),
     ValueError, "does not match"),
    ("dtype", lambda d: fusednorm.layer_norm(torch.randn(2, 8, device=d).double(), 8),
     TypeError, "unsupported dtype"),
    ("int dtype", lambda d: fusednorm.rms_norm(torch.ones(2, 8, dtype=torch.int32, device=d), 8),
     TypeError, "unsupported dtype"),
    ("weight dtype", lambda d: fusednorm.layer_norm(torch.randn(2, 8, device=d).half(), 8,
                                                    torch.randn(8, device=d).bfloat16()),
     TypeError, "weight dtype"),
    ("device", lambda d: fusednorm.layer_norm(torch.randn(2, 8, device=d), 8,
                                              torch.randn(8, device="meta")),
     ValueError, "is on meta"),
    ("residual shape", lambda d: fusednorm.add_rms_norm(torch.randn(2, 8, device=d),
                                                        torch.randn(3, 8, device=d), 8),
     ValueError, "residual"),
    ("residual None", lambda d: fusednorm.add_layer_norm(torch.randn(2, 8, device=d), None, 8),
     TypeError, "residual must be a Tensor, got None"),
    ("residual None, strided", lambda d: fusednorm.add_rms_norm(
        torch.randn(8, 2, device=d).t(), None, 8), TypeError, "residual must be a Tensor"),
    ("float normalized_shape", lambda d: fusednorm.layer_norm(torch.randn(2, 8, device=d), 8.0),
     TypeError, "normalized_shape must be an int or a sequence of ints"),
    ("bool normalized_shape", lambda d: fusednorm.rms_norm(torch.randn(2, 1, device=d), True),
     TypeError, "normalized_shape must be an int"),
    ("float in normalized_shape", lambda d: fusednorm.layer_norm(torch.randn(2, 8, device=d),
                                                                 (8.0,)),
     TypeError, "normalized_shape must be"),
]

# A non-tensor weight / bias / residual, in grad mode (the training path's key reads
# requires_grad) and not.
NON_TENSOR_CASES = [
    ("weight list", lambda x: fusednorm.layer_norm(x, 8, [1.0] * 8), "weight must be a Tensor"),
    ("bias tuple", lambda x: fusednorm.layer_norm(x, 8, None, (0.0,) * 8), "bias must be a Tensor"),
    ("residual list", lambda x: fusednorm.add_rms_norm(x, [1.0], 8), "residual must be a Tensor"),
]


@pytest.mark.parametrize("case", BAD_CASES, ids=[c[0] for c in BAD_CASES])
def test_bad_input(device, case):
    _, fn, exc, msg = case
    with pytest.raises(exc, match=msg):
        fn(device)


@pytest.mark.parametrize("is_rms", [False, True], ids=["layer", "rms"])
@pytest.mark.parametrize("used", ["y", "h"])
def test_residual_one_output_used(device, is_rms, used):
    # The eager path does not materialize zero gradients for unused outputs: a loss on y
    # alone (dh is None) or on h alone (dy is None) must still give exact gradients.
    n = 96
    x, r = (torch.randn(5, n, device=device, requires_grad=True) for _ in range(2))
    w = torch.randn(n, device=device, requires_grad=True)
    g = torch.randn(5, n, device=device)
    y, h = (fusednorm.add_rms_norm(x, r, n, w) if is_rms
            else fusednorm.add_layer_norm(x, r, n, w))
    ((y if used == "y" else h) * g).sum().backward()
    x64, r64, w64 = (t.detach().double().requires_grad_() for t in (x, r, w))
    h64 = x64 + r64
    y64 = (F.rms_norm(h64, (n,), w64, torch.finfo(torch.float32).eps) if is_rms
           else F.layer_norm(h64, (n,), w64))
    ((y64 if used == "y" else h64) * g.double()).sum().backward()
    assert_close(x.grad, x64.grad, torch.float32, "dx")
    assert_close(r.grad, r64.grad, torch.float32, "dr")
    if used == "y":
        assert_close(w.grad, w64.grad, torch.float32, "dw", scale=math.sqrt(5))
    else:
        assert w.grad is None or torch.count_nonzero(w.grad) == 0


def test_prepared_cache_is_bounded():
    # Launchers keep one prepared launch per call key; the cache empties itself rather
    # than grow past its limit (a server may see many batch sizes).
    from fusednorm.kernels.launch import PreparedCache
    cache = PreparedCache(limit=3)
    made = []
    for key in range(7):
        entry = cache.get(key) or cache.make(key, lambda key=key: made.append(key) or [key])
        assert entry == [key] and len(cache) <= 3
    assert (cache.get(6) or cache.make(6, lambda: made.append(-1) or [6])) == [6]
    assert made == list(range(7))  # key 6 was found, not made again


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16], ids=["fp32", "bf16"])
@pytest.mark.parametrize("op", ["layer_norm", "rms_norm", "add_layer_norm", "add_rms_norm"])
def test_inference_path(device, op, dtype):
    # An eager call without gradients or statistics takes the inference path
    # (ops.rownorm.fast: arguments checked once per call key, no statistics written). It
    # must give bitwise the same y on each call, the full path's y within rounding, and
    # leave calls that need gradients alone.
    from fusednorm.kernels.launch import INFER_PLANS
    is_rms, residual = "rms" in op, op.startswith("add_")
    fn = getattr(fusednorm, op)
    x = torch.randn(2, 5, 160, device=device, dtype=dtype)
    r = torch.randn_like(x) if residual else None
    w = (1 + 0.5 * torch.randn(160, device=device)).to(dtype)
    b = None if is_rms else (0.5 * torch.randn(160, device=device)).to(dtype)
    args = (x,) + ((r,) if residual else ()) + ((160,), w) + (() if is_rms else (b,))

    def run():
        out = fn(*args)
        return list(out) if residual else [out]

    INFER_PLANS.clear()
    with torch.no_grad():
        first, second = run(), run()
    taken = list(INFER_PLANS.values())
    # (the reference path, on CPU without the interpreter, does not use it)
    assert len(taken) == use_kernels(device) and all(t is not False for t in taken)
    full = run()  # grad mode on, nothing requires grad: the cached inference path again
    with torch.inference_mode():
        in_mode = run()
    assert len(INFER_PLANS) == len(taken)  # the same plan
    x.requires_grad_()
    with_grad = run()  # the full path (autograd), which writes statistics
    assert with_grad[0].grad_fn is not None
    for outs in (second, full, in_mode):
        for a, b_ in zip(first, outs):
            assert torch.equal(a, b_)
    # The full path's kernel also stores the statistics: another compiled variant, where
    # ptxas may contract multiplies and adds into FMAs differently (seen on the H100: fp32
    # LayerNorm differed in the last bits), so the two paths agree within rounding.
    for a, b_ in zip(first, with_grad):
        assert_close(a, b_.detach().double(), dtype, "inference vs full path")
    y_ref, _, _, _ = _ref(x.detach(), r, w, b, (160,), 1e-5 if not is_rms else torch.finfo(dtype).eps,
                          is_rms)
    assert_close(first[0], y_ref, dtype, "y")
    if residual:
        assert_close(first[1], x.double() + r.double(), dtype, "h")


def test_inference_path_declines_and_checks(device):
    # Non-contiguous x, a list shape: the full path runs (and is right); a bad weight raises
    # the full path's error even after a good call with the same x was cached.
    from fusednorm.kernels.launch import INFER_PLANS
    x = torch.randn(96, 6, device=device).t()  # (6, 96), column stride 6
    w = torch.randn(96, device=device)
    INFER_PLANS.clear()
    with torch.no_grad():
        y = fusednorm.layer_norm(x, [96], w)
        assert_close(y, F.layer_norm(x.double(), (96,), w.double()), torch.float32, "y")
        assert all(v is False for v in INFER_PLANS.values())
        xc = x.contiguous()
        fusednorm.rms_norm(xc, 96, w)
        with pytest.raises(ValueError, match="weight has shape"):
            fusednorm.rms_norm(xc, 96, w[:95])
        with pytest.raises(TypeError, match="dtype"):
            fusednorm.rms_norm(xc, 96, w.double())
        with pytest.raises(ValueError, match="on"):
            fusednorm.rms_norm(xc, 96, w.to("meta"))
        with pytest.raises(TypeError, match="unsupported dtype"):
            fusednorm.rms_norm(xc.double(), 96, w)


@pytest.mark.gpu
def test_registered_op_rejects_mixed_devices():
    # The launches take raw addresses, so the registered op checks devices itself.
    if not torch.cuda.is_available():
        pytest.skip("no CUDA GPU")
    x = torch.randn(4, 64, device="cuda")
    with pytest.raises(ValueError, match="is on cpu"):
        torch.ops.fusednorm.rownorm_fwd(x, None, torch.randn(64), None, 1e-5, False)


@pytest.mark.gpu
def test_cooperative_grid_fits_gpu():
    # A cooperative launch is sized for programs_per_sm programs on every SM, all resident
    # (K._fit): after the calls, every prepared cooperative launch's compiled kernel (for
    # x's dtype) fits that many. fp32 RMSNorm's backward with dh and fp32 add_layer_norm's
    # forward are configured for more programs than their registers allow (v0.10).
    from fusednorm.kernels.launch import resident_programs
    dev = torch.device("cuda")
    n = 65536
    checked = 0
    for dtype in (torch.float32, torch.bfloat16):
        K.clear_prepared()
        x, r = (torch.randn(64, n, device=dev, dtype=dtype).requires_grad_() for _ in range(2))
        w = torch.randn(n, device=dev, dtype=dtype).requires_grad_()
        y, h = fusednorm.add_rms_norm(x, r, (n,), w)
        torch.autograd.grad((y * 2 + h).sum(), (x, r, w))
        y, h = fusednorm.add_layer_norm(x, r, (n,), w, w)
        torch.autograd.grad((y * 2 + h).sum(), (x, r, w))
        fusednorm.layer_norm(x.detach(), (n,))
        for prep in list(K._PREPARED.values()):
            if prep.cfg is None or prep.cfg.path != K.COOP:
                continue
            fl = prep.launch
            # CachedKernel keys: (device, warps, maxnreg, constexprs, per-argument keys).
            cks = [ck for key, ck in fl.kernel.compiled.items()
                   if key[1:4] == (fl.num_warps, fl.maxnreg, fl.constexprs)
                   and key[4][0][0] == dtype]
            assert cks, "the launch's kernel was compiled"
            fits = [resident_programs(ck, fl.num_warps) for ck in cks]
            assert min(fits) >= prep.cfg.programs_per_sm, (fits, prep.cfg)
            checked += 1
    assert checked >= 6
    K.clear_prepared()


@pytest.mark.parametrize("op", ["layer_norm", "rms_norm", "add_layer_norm", "add_rms_norm"])
@pytest.mark.parametrize("grads", ["all", "x", "w"])
def test_training_path(device, op, grads, monkeypatch):
    # An eager call that autograd records takes the training path (ops.rownorm.fast: one
    # plan per call key, requires_grad included). Its outputs and gradients must be
    # bitwise the general eager path's, with dy as y came (the backward's cached launch)
    # and with a transposed dy (its general launch), for each set of inputs wanting grads.
    from fusednorm.kernels.launch import INFER_PLANS
    from fusednorm.ops import eager
    is_rms, residual = "rms" in op, op.startswith("add_")
    fn = getattr(fusednorm, op)
    n = 160
    x = torch.randn(3, 4, n, device=device, dtype=torch.bfloat16)
    r = torch.randn_like(x)
    w = (1 + 0.5 * torch.randn(n, device=device)).to(torch.bfloat16)
    b = torch.randn(n, device=device)  # fp32 bias: its gradient comes back in fp32
    g = torch.randn_like(x)
    g_t = torch.randn(3, n, 4, device=device, dtype=x.dtype).transpose(1, 2)
    want = {"all": (True, True, True, True), "x": (True, False, False, False),
            "w": (False, False, True, True)}[grads]
    outs = []
    for plans in (True, False):
        monkeypatch.setattr(eager, "TRAIN_PLANS", plans)
        INFER_PLANS.clear()
        res = []
        for dy in (g, g_t, g):
            xs, rs, ws, bs = (t.clone().requires_grad_(q) for t, q in zip((x, r, w, b), want))
            args = (xs,) + ((rs,) if residual else ()) + (n, ws) + (() if is_rms else (bs,))
            out = fn(*args)
            y = out[0] if residual else out
            taken = plans and use_kernels(device)  # (not on the reference path)
            assert ("Train" in y.grad_fn.name()) == taken, y.grad_fn.name()
            loss = (y * dy).sum() + ((out[1] * g).sum() if residual else 0)
            loss.backward()
            res += [y, out[1] if residual else y] + [
                t.grad for t in (xs, rs if residual else None, ws, None if is_rms else bs)
                if t is not None and t.requires_grad]
        if use_kernels(device):
            assert sum(v is not False for v in INFER_PLANS.values()) == int(plans)
        outs.append(res)
    for a, b_ in zip(*outs):
        assert a.dtype == b_.dtype and torch.equal(a, b_)
    # And against float64, once (the general path is tested against it everywhere else).
    y_ref, h64, w64, b64 = _ref(x, r if residual else None, w, b if not is_rms else None,
                                (n,), 1e-5 if not is_rms else torch.finfo(x.dtype).eps, is_rms)
    assert_close(outs[0][0], y_ref, x.dtype, "y")


@pytest.mark.parametrize("case", NON_TENSOR_CASES, ids=[c[0] for c in NON_TENSOR_CASES])
@pytest.mark.parametrize("grad", [False, True], ids=["no_grad", "grad"])
def test_non_tensor_argument(device, case, grad):
    _, fn, msg = case
    x = torch.randn(2, 8, device=device, requires_grad=grad)
    for _ in range(2):  # the second call meets a warm cache
        with pytest.raises(TypeError, match=msg):
            fn(x)


def test_cached_call_checks_argument_types(device):
    # A call key holds the arguments' values, and 16.0 == 16, True == 1: a float or bool
    # must not pass on a key an int made (the checks run once per key).
    x = torch.randn(2, 16, device=device)
    fusednorm.layer_norm(x, 16)
    with pytest.raises(TypeError, match="normalized_shape"):
        fusednorm.layer_norm(x, 16.0)
    x1 = torch.randn(2, 1, device=device)
    fusednorm.rms_norm(x1, 1)
    with pytest.raises(TypeError, match="normalized_shape"):
        fusednorm.rms_norm(x1, True)
    xg = torch.randn(2, 4, 5, device=device)
    fusednorm.group_norm(xg, 2)
    with pytest.raises(TypeError, match="num_groups must be an int"):
        fusednorm.group_norm(xg, 2.0)
    fusednorm.group_norm(xg, 1)
    with pytest.raises(TypeError, match="num_groups must be an int"):
        fusednorm.group_norm(xg, True)


@pytest.mark.parametrize("op", ["layer_norm", "rms_norm", "add_layer_norm"])
def test_empty_normalized_shape(device, op):
    # normalized_shape with no elements: empty results and gradients, as torch's.
    x = torch.randn(3, 0, device=device, requires_grad=True)
    if op == "add_layer_norm":
        y, h = fusednorm.add_layer_norm(x, torch.randn(3, 0, device=device), 0)
        assert h.shape == (3, 0)
    else:
        y = getattr(fusednorm, op)(x, (0,), torch.randn(0, device=device))
        ref = getattr(F, op)(x.detach(), (0,))
        assert ref.shape == y.shape
    assert y.shape == (3, 0) and y.dtype == x.dtype
    y.sum().backward()
    assert x.grad.shape == (3, 0)


@pytest.mark.parametrize("route", ["training", "general", "registered"])
@pytest.mark.parametrize("op", ["layer_norm", "add_rms_norm", "group_norm"])
def test_double_backward_raises(device, route, op, monkeypatch):
    # The kernels record no graph, so a second-order gradient through fusednorm would be
    # wrong: every route (the training path, the general eager path, the registered op)
    # refuses a backward with create_graph=True. (once_differentiable raised only on a
    # later .backward(); autograd.grad with inputs skipped its error node and returned
    # None or a gradient penalty without its second-order term.)
    if not use_kernels(device):
        pytest.skip("the reference path is plain PyTorch (differentiable twice)")
    from fusednorm.ops import eager
    monkeypatch.setattr(eager, "TRAIN_PLANS", route == "training")
    monkeypatch.setattr(eager, "ENABLED", route != "registered")
    x = torch.randn(2, 4, 3, 8, device=device, requires_grad=True)
    w = torch.randn(8 if op != "group_norm" else 4, device=device, requires_grad=True)
    if op == "layer_norm":
        y = fusednorm.layer_norm(x, 8, w)
    elif op == "add_rms_norm":
        y = fusednorm.add_rms_norm(x, torch.randn_like(x), 8, w)[0]
    else:
        y = fusednorm.group_norm(x, 2, w)
    with pytest.raises(RuntimeError, match="create_graph=True through a fusednorm op"):
        torch.autograd.grad((y * y).sum(), x, create_graph=True)
    # A first-order backward of the same graph is unaffected.
    (g,) = torch.autograd.grad((y * y).sum(), x)
    assert g.shape == x.shape and torch.isfinite(g).all()


def test_gradient_penalty_raises(device):
    # The pattern that came out silently wrong: a penalty on d out / d x, differentiated
    # with respect to an earlier layer's weight through autograd.grad(..., inputs).
    if not use_kernels(device):
        pytest.skip("the reference path is plain PyTorch (differentiable twice)")
    lin1 = torch.nn.Linear(8, 16).to(device)
    lin2 = torch.nn.Linear(16, 1).to(device)
    x = torch.randn(4, 8, device=device, requires_grad=True)
    out = lin2(torch.tanh(fusednorm.layer_norm(lin1(x), 16)))
    with pytest.raises(RuntimeError, match="create_graph=True"):
        torch.autograd.grad(out.sum(), x, create_graph=True)


def test_torch_func_and_trace(device):
    # torch.func's transforms and torch.jit.trace take the reference math
    # (eager.needs_reference): results as torch's own norms give, where the kernels'
    # launches would fail.
    x = torch.randn(5, 4, 16, device=device)
    w, b = torch.randn(16, device=device), torch.randn(16, device=device)

    def ours(t):
        return fusednorm.layer_norm(t, 16, w, b)

    def theirs(t):
        return F.layer_norm(t, (16,), w, b)

    func = torch.func
    close = dict(rtol=1e-4, atol=1e-4)
    # Plain calls first, so the transforms below also meet warm call keys (the fast paths
    # then fail on the wrapped tensors and hand the call to the full path).
    ours(x[0])
    ours(x[0].requires_grad_()).sum().backward()
    fusednorm.group_norm(torch.randn(2, 8, 4, 4, device=device), 2, activation="silu")
    torch.testing.assert_close(func.vmap(ours)(x), func.vmap(theirs)(x), **close)
    def loss(t):
        return (ours(t) ** 3).sum()

    def loss_ref(t):
        return (theirs(t) ** 3).sum()

    torch.testing.assert_close(func.vmap(func.grad(loss))(x), func.vmap(func.grad(loss_ref))(x),
                               **close)
    torch.testing.assert_close(func.hessian(loss)(x[0, 0]), func.hessian(loss_ref)(x[0, 0]),
                               **close)
    v = torch.randn(4, 16, device=device)
    torch.testing.assert_close(func.jvp(ours, (x[0],), (v,))[1],
                               func.jvp(theirs, (x[0],), (v,))[1], **close)
    xg = torch.randn(3, 2, 8, 4, 4, device=device)
    torch.testing.assert_close(
        func.vmap(lambda t: fusednorm.group_norm(t, 2, activation="silu"))(xg),
        func.vmap(lambda t: F.silu(F.group_norm(t, 2)))(xg), **close)
    traced = torch.jit.trace(lambda t: fusednorm.rms_norm(t, 16, w, eps=1e-6), (x,))
    x2 = torch.randn(5, 4, 16, device=device)
    torch.testing.assert_close(traced(x2), F.rms_norm(x2, (16,), w, 1e-6), **close)


def test_compiled_graph_keeps_the_ops(device):
    # Under torch.compile the registered ops stay in the forward and backward graphs (the
    # reference route of eager.needs_reference is for eager calls only: AOTAutograd's tracing
    # runs under functorch's interpreter).
    from torch._dynamo.backends.common import aot_autograd
    seen = []

    def keep(kind):
        def compiler(gm, example_inputs):
            seen.append((kind, str(gm.code)))
            return gm
        return compiler

    backend = aot_autograd(fw_compiler=keep("fw"), bw_compiler=keep("bw"))
    w = torch.randn(64, device=device, requires_grad=True)

    def f(x):
        return (fusednorm.layer_norm(x, 64, w) * 2
                + fusednorm.group_norm(x.view(4, 8, 8), 2).view(4, 64))

    x = torch.randn(4, 64, device=device, requires_grad=True)
    torch.compile(f, fullgraph=True, backend=backend)(x).sum().backward()
    assert [k for k, _ in seen] == ["fw", "bw"]
    for kind, code in seen:
        assert "fusednorm.rownorm" in code and "fusednorm.groupnorm" in code, kind


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16], ids=["fp32", "bf16"])
@pytest.mark.parametrize("route", ["eager", "registered"])
def test_forward_mode_ad(device, dtype, route, monkeypatch):
    # Forward-mode AD (a dual tensor does not require grad): the norm's tangent, against
    # torch's float64 one, rather than the inference path's tangent-free result.
    import torch.autograd.forward_ad as fwAD
    from fusednorm.ops import eager
    monkeypatch.setattr(eager, "ENABLED", route == "eager")
    x, v = (torch.randn(4, 32, device=device, dtype=dtype) for _ in range(2))
    w, b = (torch.randn(32, device=device, dtype=dtype) for _ in range(2))
    xg, vg = (torch.randn(2, 4, 3, 3, device=device, dtype=dtype) for _ in range(2))
    with fwAD.dual_level():
        cases = [
            (fusednorm.layer_norm(fwAD.make_dual(x, v), 32, w, b),
             F.layer_norm(fwAD.make_dual(x.double(), v.double()), (32,), w.double(), b.double())),
            (fusednorm.add_rms_norm(fwAD.make_dual(x, v), x, 32, w, eps=1e-6)[0],
             F.rms_norm(fwAD.make_dual(2 * x.double(), v.double()), (32,), w.double(), 1e-6)),
            (fusednorm.group_norm(fwAD.make_dual(xg, vg), 2, activation="silu"),
             F.silu(F.group_norm(fwAD.make_dual(xg.double(), vg.double()), 2))),
        ]
        for i, (out, ref) in enumerate(cases):
            t, t_ref = fwAD.unpack_dual(out).tangent, fwAD.unpack_dual(ref).tangent
            assert t is not None, i
            assert_close(t, t_ref, dtype, f"tangent {i}")


def _forward_path(path, monkeypatch):
    """Send the LayerNorm forward down `path` (the tile path's two statistics forms, the
    cooperative, loop and split paths) at sizes the interpreter runs; returns a row length
    that takes it."""
    if path in ("two_pass", "one_pass"):
        monkeypatch.setattr(K, "TILE_ONE_PASS", path == "one_pass")
        n = 1000
    elif path == "coop":  # two rows a step: a constant row beside one with spread
        monkeypatch.setattr(K, "fwd_config", lambda n, sms, *_: K._coop(
            n, sms, ((8192, 8, 1, True, 2),)))
        n = K.FWD_TILE_MAX + 300
    elif path == "loop":
        monkeypatch.setattr(K, "fwd_config", lambda n, sms, *_: K.LaunchConfig(K.LOOP, 4096, 1, 4))
        monkeypatch.setattr(K, "SPLIT", False)
        n = 9000
    else:
        _force_split(monkeypatch)
        n = 5000
    K.clear_prepared()
    return n


@pytest.mark.parametrize("residual", [False, True], ids=["plain", "residual"])
@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16], ids=["fp32", "bf16"])
@pytest.mark.parametrize("path", ["two_pass", "one_pass", "coop", "loop", "split"])
@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # the interpreter's 1 / sqrt(0)
def test_constant_rows(device, path, dtype, residual, monkeypatch):
    # Rows of equal values far from 0 normalize to exactly the bias, as torch gives them:
    # every path's sums are shifted by one of the row's own values, so the mean is exact.
    # Until v0.37 the tile and loop paths summed x plainly, the mean came out an ulp off
    # and rstd = eps^-1/2 scaled that ulp: on the GPU y off by 0.02-0.08 at 1000.37 and
    # 0.3-0.53 at 12345.678 (fp32, v0.36-runs call 5); 16-bit rows on the cooperative path were off by ulp(mean * rstd)
    # (_centred's FMA form). Rows with spread between them; outputs poisoned.
    if not use_kernels(device):
        pytest.skip("kernels do not run on this device")
    try:
        n = _forward_path(path, monkeypatch)
        m = 4
        v = 12345.678 if dtype == torch.float32 else 1000.0
        x = (torch.randn(m, n, device=device) * 2 + v).to(dtype)
        x[0::2] = v
        r = None
        if residual:
            r = torch.randn(m, n, device=device, dtype=dtype)
            r[0::2] = 0.375
        w = (1 + 0.5 * torch.randn(n, device=device)).to(dtype)
        b = (0.5 * torch.randn(n, device=device)).to(dtype)
        nan = float("nan")
        y = torch.full((m, n), nan, device=device, dtype=dtype)
        h = torch.full((m, n), nan, device=device, dtype=dtype) if residual else None
        mean, rstd = (torch.full((m,), nan, device=device) for _ in range(2))
        K.rownorm_fwd(x, r, w, b, 1e-5, False, y, h, mean, rstd)
        hx = x if r is None else h
        const = hx[0::2, :1].float()
        assert (hx[0::2] == hx[0::2, :1]).all()
        assert torch.equal(mean[0::2], const[:, 0])
        torch.testing.assert_close(rstd[0::2], torch.full_like(rstd[0::2], 1e-5 ** -0.5))
        assert torch.equal(y[0::2], b.expand(m // 2, n))
        # The rows with spread: |mean| = 500-6000 std, where x - mean loses digits whoever
        # computes it: within twice torch's own error in the dtype's arithmetic (fp32).
        x64 = hx[1::2].double()
        ref = F.layer_norm(x64, (n,), w.double(), b.double(), 1e-5)
        torch_y = F.layer_norm(hx[1::2].float().cpu(), (n,), w.float().cpu(), b.float().cpu(),
                               1e-5)
        torch_err = (torch_y.double() - ref.cpu()).abs().max()
        our_err = (y[1::2].double() - ref).abs().max().cpu()
        assert our_err <= 2 * torch_err + 1e-5 or dtype != torch.float32, (our_err, torch_err)
        if dtype != torch.float32:
            assert_close(y[1::2], ref, dtype, "y")
        # eps = 0: a row of equal values has rstd = inf and torch gives NaN (0 * inf); so
        # do we, on every path, and the rows with spread stay finite.
        y.fill_(0.0)
        K.rownorm_fwd(x, r, w, b, 0.0, False, y, h, mean, rstd)
        assert y[0::2].isnan().all() and y[1::2].isfinite().all()
    finally:
        K.clear_prepared()


@pytest.mark.parametrize("n", [1000, K.BWD_TILE_MAX + 300], ids=["tile", "coop"])
def test_constant_rows_backward(device, n):
    # The gradients of fp32 rows of equal values (12345.678) beside rows with spread,
    # through the public API, against float64: such a row's xhat is exactly 0, so its dx
    # is rstd * (w * dy - mean(w * dy)) with rstd = eps^-1/2, and it adds nothing to dw.
    if not use_kernels(device):
        pytest.skip("kernels do not run on this device")

    def rows(t):
        t = t.clone()
        t[0::2] = 12345.678
        return t
    _run(device, torch.float32, (4, n), x_fn=rows)
