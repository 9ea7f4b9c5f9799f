"""GroupNorm / InstanceNorm (with fused activations) against a float64 reference.

On CPU the kernels run in the Triton interpreter (see conftest.py); on CUDA they run for
real (tests marked gpu). The reference is torch.nn.functional in float64 with autograd,
independent of fusednorm.reference."""
import math

import pytest
import torch
import torch.nn.functional as F

import fusednorm
from fusednorm.kernels import groupnorm as K
from fusednorm.kernels import use_kernels

from numerics import TOLERANCES, assert_close, captured, tickets_taken, ticket_workspaces

DTYPES = [torch.float32, torch.float16, torch.bfloat16]
ACTIVATIONS = [None, "silu", "gelu", "gelu_tanh"]
LAYOUTS = ["contiguous", "channels_last"]


def _act64(z, activation):
    if activation == "silu":
        return F.silu(z)
    if activation in ("gelu", "gelu_tanh"):
        return F.gelu(z, approximate="tanh" if activation == "gelu_tanh" else "none")
    return z


def _group_norm64(x, num_groups, w, b, eps):
    """torch.nn.functional.group_norm, written out where torch refuses the shape (it
    rejects N * S == 1, and instance_norm rejects S == 1)."""
    if x.numel() // x.shape[1] > 1:
        if w is None and b is not None:
            # torch's CPU group_norm backward fails on a bias without a weight.
            w = torch.ones_like(b)
        return F.group_norm(x, num_groups, w, b, eps)
    xg = x.reshape(x.shape[0], num_groups, -1)
    xhat = ((xg - xg.mean(-1, keepdim=True)) * torch.rsqrt(xg.var(-1, unbiased=False, keepdim=True) + eps))
    shape = (1, -1) + (1,) * (x.dim() - 2)
    y = xhat.reshape(x.shape)
    y = y * w.reshape(shape) if w is not None else y
    return y + b.reshape(shape) if b is not None else y


def _wgrad_scale(terms, dtype):
    """atol scale for weight gradients, sums of `terms` fp32 products computed from the
    same inputs as the reference: one rounding to dtype, plus fp32 noise growing about
    sqrt(terms) (4 ulp per term)."""
    return max(1.0, 4 * 2**-24 * math.sqrt(terms) / TOLERANCES[dtype]["atol"])


def _to_layout(x, layout):
    """x in the requested memory format: channels_last(_3d) for 4-/5-D, and for 3-D the
    same order (N, S, C) in memory."""
    if layout == "contiguous":
        return x.contiguous()
    if x.dim() == 3:
        return x.transpose(1, 2).contiguous().transpose(1, 2)
    return x.contiguous(memory_format=torch.channels_last if x.dim() == 4 else torch.channels_last_3d)


def _is_layout(t, layout):
    return t.is_contiguous() if layout == "contiguous" else t.movedim(1, -1).is_contiguous()


def _run(device, dtype, shape, num_groups, layout="contiguous", activation=None, weight=True,
         bias=True, w_dtype=None, eps=1e-5, instance=False, x_fn=None):
    """Forward + backward through fusednorm and the float64 reference; compare all."""
    C = shape[1]
    # Fresh random input with a mean offset, so centering matters.
    x = _to_layout(torch.randn(shape, device=device, dtype=torch.float32) * 1.5 + 0.3, layout)
    x = x.to(dtype)
    if x_fn is not None:
        x = x_fn(x)
    x = x.detach().requires_grad_()
    wd = w_dtype or dtype
    w = (1 + 0.5 * torch.randn(C, device=device, dtype=wd)).requires_grad_() if weight else None
    b = (0.5 * torch.randn(C, device=device, dtype=wd)).requires_grad_() if bias else None
    if instance:
        y = fusednorm.instance_norm(x, w, b, eps=eps, activation=activation)
    else:
        y = fusednorm.group_norm(x, num_groups, w, b, eps=eps, activation=activation)
    assert y.dtype == dtype and y.shape == x.shape
    if x_fn is None:
        assert _is_layout(y, layout), f"y strides {y.stride()} lost the {layout} layout"

    x64 = x.detach().double().requires_grad_()
    w64 = None if w is None else w.detach().double().requires_grad_()
    b64 = None if b is None else b.detach().double().requires_grad_()
    y_ref = _act64(_group_norm64(x64, num_groups, w64, b64, eps), activation)
    assert_close(y, y_ref, dtype, "y")

    dy = torch.randn_like(y)
    (y * dy).sum().backward()
    (y_ref * dy.double()).sum().backward()
    # dx carries a factor rstd: with a near-zero variance it amplifies rounding noise.
    xg = x64.detach().reshape(shape[0], num_groups, -1)
    amp = max([1.0] + torch.rsqrt(xg.var(-1, unbiased=False) + eps).flatten().tolist())
    assert_close(x.grad, x64.grad, dtype, "dx", scale=amp)
    grow = _wgrad_scale(x.numel() // C, wd)
    if w is not None:
        assert w.grad.dtype == w.dtype
        assert_close(w.grad, w64.grad, wd, "dweight", scale=grow)
    if b is not None:
        assert b.grad.dtype == b.dtype
        assert_close(b.grad, b64.grad, wd, "dbias", scale=grow)


@pytest.mark.parametrize("activation", ACTIVATIONS)
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layout", LAYOUTS)
def test_group_norm_4d(device, layout, dtype, activation):
    _run(device, dtype, (2, 6, 5, 7), 3, layout, activation)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("shape", [(2, 12, 37), (2, 6, 3, 4, 5)], ids=["3d", "5d"])
def test_group_norm_3d_5d(device, layout, shape):
    _run(device, torch.float32, shape, 3, layout, "silu")
    _run(device, torch.bfloat16, shape, 2, layout, "gelu")
    _run(device, torch.float16, shape, 6, layout, None)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("shape, groups", [
    ((2, 3, 4, 4), 1),  # C=3 G=1
    ((2, 6, 7, 9), 3),  # C=6 G=3, 7x9
    ((1, 6, 1, 1), 3),  # N=1, spatial 1x1
    ((3, 1, 5, 3), 1),  # one channel
    ((1, 8, 1), 8),  # one position per group, G=C
])
def test_odd_shapes(device, layout, shape, groups):
    _run(device, torch.float32, shape, groups, layout, "silu")
    _run(device, torch.bfloat16, shape, groups, layout)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dims", [3, 4, 5])
def test_instance_norm(device, layout, dims):
    shape = {3: (2, 5, 33), 4: (2, 4, 6, 7), 5: (1, 3, 4, 3, 5)}[dims]
    _run(device, torch.float32, shape, shape[1], layout, "gelu_tanh", instance=True)
    _run(device, torch.float16, shape, shape[1], layout, None, instance=True)
    x = _to_layout(torch.randn(shape, device=device), layout)
    ref = F.instance_norm(x.double(), eps=1e-5)
    assert_close(fusednorm.instance_norm(x), ref, torch.float32, "instance_norm vs torch")


def test_instance_norm_one_position(device):
    # torch.nn.functional.instance_norm refuses S = 1; ours gives y = bias (zero variance).
    _run(device, torch.float32, (2, 5, 1, 1), 5, "channels_last", "silu", instance=True)


def _several_chunks(p, Cg):
    return p.n_chunks > 1


def _groups_straddle_tiles(p, Cg):
    return p.c_tiles_per_seg > 1 and p.cfg.block_c % Cg != 0


def _several_combine_steps(p, Cg):
    return p.cfg.comb_fwd < p.cfg.seg_c // Cg and p.cfg.comb_group < p.cfg.seg_c // Cg


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("shape, groups, dtype, path", [
    # S > MIN_STEPS tiles: several chunks per channel, Chan merges across steps and chunks.
    ((1, 2, 150, 150), 1, torch.float32, _several_chunks),
    # Channel tiles of 64 (channels_last) or 16 (contiguous): groups of 10 straddle them.
    ((2, 320, 12, 12), 32, torch.bfloat16, _groups_straddle_tiles),
    # 8 groups of 300 channels: the combines take several row blocks and column steps.
    ((1, 2400, 2, 2), 8, torch.float32, _several_combine_steps),
])
def test_split_work(device, layout, shape, groups, dtype, path, monkeypatch):
    # channels_last tiles of 16 values per thread (the GPU default is larger), so that
    # shapes small enough for the interpreter still take several chunks and tiles. The
    # split path takes channels_last groups wider than COLS_MAX_CG: 0 sends these here.
    monkeypatch.setattr(K, "ELEMS_PER_THREAD_LAST", 16)
    monkeypatch.setattr(K, "COLS_MAX_CG", 0)
    monkeypatch.setattr(K, "COLS_COOP_BWD", False)  # the cooperative columns backward
    K.clear_plan_caches()
    try:
        x = _to_layout(torch.empty(shape, dtype=dtype), layout).flatten(2)
        Cg = shape[1] // groups
        assert path(K.plan(x, Cg, backward=False), Cg)
        assert path(K.plan(x, Cg, backward=True), Cg)
        _run(device, dtype, shape, groups, layout, "silu")
    finally:
        K.clear_plan_caches()


@pytest.fixture
def small_group_tiles(monkeypatch):
    """Group-path tiles of 64 (forward) and 32 (backward) elements, so that small groups
    take several tiles along channels and positions (the multi-tile sweeps)."""
    monkeypatch.setattr(K, "GROUP_TILE_FWD", 64)
    monkeypatch.setattr(K, "GROUP_TILE_BWD", 32)
    monkeypatch.setattr(K, "GROUP_MIN_WAVES", 0)
    monkeypatch.setattr(K, "GROUP_MIN_RUN_BYTES_LAST", 0)
    K.clear_plan_caches()
    yield
    K.clear_plan_caches()


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype, activation", [
    (torch.float32, "silu"), (torch.float32, None), (torch.bfloat16, None),
    (torch.float16, "gelu_tanh")])
def test_group_path_tiles(device, layout, dtype, activation, small_group_tiles):
    # 8 groups of 6 channels x 90 positions: one program per group, several tiles each.
    shape, groups = (4, 12, 10, 9), 2
    x = _to_layout(torch.empty(shape, dtype=dtype), layout).flatten(2)
    for backward in (False, True):
        gc = K.group_config(x, 6, backward)
        assert gc is not None and not gc.one_tile
    _run(device, dtype, shape, groups, layout, activation)


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_group_path_tiles_instance(device, dtype, small_group_tiles):
    # InstanceNorm (one channel per group, an int Triton specializes as the constant 1) on
    # the multi-tile group path: 8 x 2 groups of 90 positions.
    x = torch.empty((8, 2, 90), dtype=dtype)
    assert not K.group_config(x, 1, True).one_tile
    _run(device, dtype, (8, 2, 10, 9), 2, "contiguous", None, instance=True)


def test_group_path_large_mean(device, small_group_tiles):
    x = torch.randn(4, 4, 9, 10, device=device) + 1000.0
    assert K.group_config(x.flatten(2), 2, False) is not None
    _, _, rstd = fusednorm.group_norm(x, 2, return_stats=True)
    ref = torch.rsqrt(x.double().reshape(4, 2, -1).var(-1, unbiased=False) + 1e-5)
    torch.testing.assert_close(rstd.double(), ref, rtol=1e-4, atol=0)


# The rows path (contiguous forward through the row-norm kernel, K.ROWS_FWD): each of the
# row-norm kernel's paths, with w and b per row (Cg = 1) or per loop chunk, and the shapes
# it declines (a lookup per element) left to the other paths.
ROWS_PATHS = {  # rownorm constants that send these small groups down each path
    "tile": {},
    "coop": {"FWD_TILE_MAX": 8, "BWD_TILE_MAX": 8},
    # the cooperative backward's L2 replay (as LONG_BWD takes at slices of 16384)
    "coop_replay": {"FWD_TILE_MAX": 8, "BWD_TILE_MAX": 8,
                    "GN_BWD_COOP": {2: ((2048, 4, 4, True, 1, 2),), 4: ((2048, 4, 4, True, 1, 1),)}},
    "loop": {"FWD_TILE_MAX": 8, "INTERPRETER_COOP_MAX": 8, "LOOP_BLOCK_N": 16},
    # the cooperative backward's held 16-bit row as int32 words (PACK16; GN_BWD_CHANNEL's
    # 16-bit entry on the GPU, v0.45)
    "coop_words": {"FWD_TILE_MAX": 8, "BWD_TILE_MAX": 8, "PACK16": True},
}


@pytest.mark.parametrize("path,shape,groups,affine", [
    (path, (3, 4, 9), 4, 1) for path in ROWS_PATHS] + [  # one channel per group
    ("coop", (1, 4, 9), 4, 1),  # one sample: every row is the last sample's (dw, db sums)
    ("loop", (2, 6, 4, 8), 3, 2),  # Cg = 2, S = 32: chunks of 16 lie in one channel
    ("tile", (2, 6, 4, 8), 3, None),  # a channel lookup per element: declined
    ("coop", (2, 6, 5, 7), 2, None),  # the interpreter's one slice spans channels
])
@pytest.mark.parametrize("dtype,activation,offset", [
    (torch.bfloat16, "silu", 0.3), (torch.float32, "gelu_tanh", 1000.0), (torch.float16, None, 0.3)])
def test_rows_path(device, path, shape, groups, affine, dtype, activation, offset, monkeypatch):
    if not use_kernels(device):
        pytest.skip("kernels do not run on this device")
    if device.type == "cuda" and path != "tile":
        pytest.skip("the interpreter's thresholds; the GPU takes its own paths")
    from fusednorm.kernels import rownorm as R
    for name, value in ROWS_PATHS[path].items():
        monkeypatch.setattr(R, name, value)
    monkeypatch.setattr(K, "ROWS_BWD_MIN_BYTES", {2: 0, 4: 0})
    monkeypatch.setattr(K, "ROWS_FWD_LOOP", True)  # the loop launch, which the GPU declines
    R.clear_prepared()
    K.clear_plan_caches()
    try:
        N, C = shape[:2]
        x = (torch.randn(shape, device=device) * 1.5 + offset).to(dtype)
        w = 1 + 0.5 * torch.randn(C, device=device)
        b = 0.5 * torch.randn(C, device=device)
        nan = float("nan")
        y = torch.full_like(x, nan)
        mean, rstd = (torch.full((N, groups), nan, device=device) for _ in range(2))
        prep = K.prepare_fwd(x, groups, activation, w, b, y, True)
        if affine is None:
            assert prep.rows is None
        else:
            consts = dict(prep.rows.launch.constexprs)
            assert consts["PATH"] == {"tile": R.TILE, "coop": R.COOP, "coop_replay": R.COOP,
                                      "loop": R.LOOP, "coop_words": R.COOP}[path]
            assert consts["AFFINE"] == affine
        K.groupnorm_fwd(x, w, b, groups, 1e-5, activation, y, mean, rstd)
        x64 = x.double()
        xg = x64.reshape(N, groups, -1)
        assert_close(mean, xg.mean(-1), torch.float32, "mean")
        rtol = 1e-4 if offset > 1 else None  # |mean| >> std: rstd near fp32 precision
        ref_rstd = torch.rsqrt(xg.var(-1, unbiased=False) + 1e-5)
        if rtol:
            torch.testing.assert_close(rstd.double(), ref_rstd, rtol=rtol, atol=0)
        else:
            assert_close(rstd, ref_rstd, torch.float32, "rstd")
        ref = _act64(_group_norm64(x64, groups, w.double(), b.double(), 1e-5), activation)
        # An fp32 mean near 1000 is itself off by up to a few ulp(1000) (2^-14 each), which
        # x - mean carries into y: a floor of the input's precision, not of the method.
        floor = max(1.0, 4 * offset * 2**-23 / 1e-5)
        assert_close(y, ref, dtype, "y", scale=floor)
        # Without weight and bias, and the inference variant that writes no statistics.
        y2 = torch.full_like(x, nan)
        prep = K.prepare_fwd(x, groups, activation, None, None, y2, False)
        assert prep.stats_optional == (affine is not None or prep.group_path)
        stats = (None, None) if prep.stats_optional else (mean, rstd)
        K.launch_fwd(prep, x, None, None, 1e-5, y2, *stats)
        assert_close(y2, _act64(_group_norm64(x64, groups, None, None, 1e-5), activation), dtype,
                     "y without affine", scale=floor)
        if offset < 1:  # the backward (takes the rows path's statistics)
            # Its rows path: the cooperative backward (the interpreter's one slice a row
            # spans a whole group, so only for one channel per group).
            bwd = K._prepare_bwd(x, groups, activation, True, True)
            assert (bwd.rows is not None) == (path.startswith("coop") and affine == 1)
            if bwd.rows is not None:
                consts = dict(bwd.rows.launch.constexprs)
                assert consts["REPLAY"] == (0 if path in ("coop", "coop_words")
                                            else 1 if dtype == torch.float32 else 2)
                assert consts["PACK16"] == (path == "coop_words" and dtype != torch.float32)
            _run(device, dtype, shape, groups, activation=activation)
    finally:
        R.clear_prepared()
        K.clear_plan_caches()


def test_ticket_pairs(device, monkeypatch):
    # Enough tasks that the phase-1 and phase-2 streams interleave (tasks > lag), with
    # several tasks (channel tiles) per segment. One wave of lag and tiles of 16 values
    # per thread keep the shape small.
    monkeypatch.setattr(K, "LAG_WAVES", 1)
    monkeypatch.setattr(K, "ELEMS_PER_THREAD_LAST", 16)
    monkeypatch.setattr(K, "COLS_MAX_CG", 0)  # the split path in channels_last
    monkeypatch.setattr(K, "COLS_COOP_BWD", False)
    K.clear_plan_caches()
    try:
        shape = (8, 320, 8, 8)
        x = _to_layout(torch.empty(shape), "channels_last").flatten(2)
        p = K.plan(x, 10, backward=False)
        assert p.lag < p.tasks and p.tasks_per_seg > 1
        _run(device, torch.float32, shape, 32, "channels_last", "gelu")
    finally:
        K.clear_plan_caches()


@pytest.fixture
def small_cols_tiles(monkeypatch):
    """Columns-path tiles of 64 elements, chunks of 2 tiles (however few SMs the device
    has) and combine steps of 64 lanes, so that shapes small enough for the interpreter
    take several chunks, channel blocks and combine steps."""
    monkeypatch.setattr(K, "COLS_PROGRAMS_PER_SM", 1 << 20)
    monkeypatch.setattr(K, "COLS_TILE_FWD", 64)
    monkeypatch.setattr(K, "COLS_TILE_BWD", 64)
    monkeypatch.setattr(K, "COLS_MIN_STEPS", 2)
    monkeypatch.setattr(K, "COLS_COMB_LANES", 64)
    monkeypatch.setattr(K, "COLS_COOP", False)  # the cooperative variants: below
    monkeypatch.setattr(K, "COLS_COOP_BWD", False)
    K.clear_plan_caches()
    yield
    K.clear_plan_caches()


@pytest.mark.parametrize("shape, groups, dtype, activation", [
    # Groups of 10 channels straddle the 64-channel tiles; 8 combine programs per sample.
    ((2, 320, 4, 5), 32, torch.bfloat16, "silu"),
    # 6 channels in a tile of 8 (masked); a last chunk of 9 rows (a partial tile); the
    # combine takes two steps over the 10 chunks.
    ((1, 6, 17, 9), 3, torch.float32, "gelu"),
    # 5-D, one channel per group (InstanceNorm's shape of the work), fp16.
    ((2, 5, 3, 4, 3), 5, torch.float16, None),
    # 17 samples: the backward's dw, db sums over samples take two steps of 16.
    ((17, 4, 3, 3), 2, torch.float32, "silu"),
], ids=["straddle", "partial", "instance", "samples"])
def test_cols_work(device, shape, groups, dtype, activation, small_cols_tiles):
    # The columns path (channels_last, groups the group path declines).
    x = _to_layout(torch.empty(shape, dtype=dtype), "channels_last")
    x3 = K._canonical(x)
    Cg = shape[1] // groups
    assert K.group_config(x3, Cg, False) is None and K.group_config(x3, Cg, True) is None
    for backward in (False, True):
        cc = K.cols_config(x3, Cg, backward)
        assert cc is not None and (cc.n_chunks > 1 or shape[0] > K.SUM_BLOCK_P)
        if shape[1] == 320:
            assert cc.block_c < shape[1] and cc.block_c % Cg != 0 and groups > cc.comb_g
        if shape[1] == 6:
            assert x3.shape[2] % cc.s_chunk != 0 and cc.block_c > 6
            assert cc.comb_k < cc.n_chunks
    _run(device, dtype, shape, groups, "channels_last", activation)


@pytest.mark.parametrize("shape, groups, dtype", [
    ((2, 320, 4, 5), 32, torch.bfloat16),  # groups of 10 straddle the channel tiles
    ((1, 6, 17, 9), 3, torch.float32),  # masked channels, a partial last chunk
])
def test_cols_inference_launch(device, shape, groups, dtype, small_cols_tiles):
    # The columns forward without mean / rstd (the inference call: they live in the
    # stream's scratch), against the same launch given them; y poisoned first.
    if not use_kernels(device):
        pytest.skip("kernels do not run on this device")
    x = _to_layout((torch.randn(shape, device=device) * 1.5 + 0.3).to(dtype), "channels_last")
    x3 = K._canonical(x)
    N, C, _ = x3.shape
    w = 1 + 0.5 * torch.randn(C, device=device)
    b = 0.5 * torch.randn(C, device=device)
    prep = K.prepare_fwd(x3, groups, "silu", w, b, x3, False)
    assert prep.cols_path and not prep.slots and prep.stats_optional
    y = torch.full_like(x3, float("nan"))
    K.launch_fwd(prep, x3, w, b, 1e-5, y, None, None)
    ref = _act64(_group_norm64(x.double(), groups, w.double(), b.double(), 1e-5), "silu")
    assert_close(y, K._canonical(ref), dtype, "y")
    y2 = torch.full_like(x3, float("nan"))
    mean, rstd = (torch.full((N, groups), float("nan"), device=device) for _ in range(2))
    K.launch_fwd(prep, x3, w, b, 1e-5, y2, mean, rstd)
    assert torch.equal(y, y2) and not mean.isnan().any() and not rstd.isnan().any()
    with torch.no_grad():  # the public call takes the same path
        assert_close(fusednorm.group_norm(x, groups, w, b, activation="silu"), ref, dtype, "y")


@pytest.mark.parametrize("shape, element_size, group_fwd, group_bwd", [
    ((16, 640, 1024), 4, False, True),  # 80 B runs, 80 KB: columns forward, group backward
    # 80 B, 20 KB groups: the group path's config, but the forward tries the cooperative
    # columns path first (_prepare_fwd, GROUP_CL_COLS_BYTES), the backward the columns path
    ((16, 1280, 256), 2, True, False),
    ((16, 1280, 64), 2, True, True),  # 5 KB groups: the group path
    ((16, 1280, 256), 4, True, True),  # 160 B runs: the group path
])
def test_group_or_cols_channels_last(shape, element_size, group_fwd, group_bwd):
    # GROUP_COLS_*: which channels_last UNet shapes the group path keeps (132 SMs).
    N, C, S = shape
    K.clear_plan_caches()
    for backward, want in ((False, group_fwd), (True, group_bwd)):
        got = K._group_config(C, S, C // 32, True, backward, N, element_size, 132)
        assert (got is not None) == want
        assert K._cols_config(C, S, C // 32, N, backward, 132) is not None


def test_cols_fill_bwd():
    # COLS_FILL_BWD (132 SMs): the columns backward of 16x1280x16x16 (160 chunks of 264
    # slots) takes tiles of half the size, its forward and full waves keep theirs.
    K.clear_plan_caches()
    half = K._cols_config(1280, 256, 40, 16, True, 132)
    assert half.block_s * 256 == K.COLS_TILE_BWD // 2 and half.n_chunks == 3
    assert K._cols_config(1280, 256, 40, 16, False, 132).block_s * 256 == K.COLS_TILE_FWD
    for C, S, Cg, N in ((512, 16384, 16, 2), (128, 32768, 1, 8), (640, 1024, 20, 16)):
        cfg = K._cols_config(C, S, Cg, N, True, 132)
        assert cfg.block_s * K._block_c_channels_last(C) == K.COLS_TILE_BWD, (C, S)


def test_cols_coop_lanes():
    # 2048 lanes (C 1280): the cooperative columns forward, not its backward
    # (COLS_COOP_MAX_LANES_BWD); 1024 (C 640): both.
    K.clear_plan_caches()
    for C, S, bwd in ((1280, 256, False), (640, 1024, True)):
        assert K._cols_coop_config(C, S, C // 32, 16, 2, 132, 4) is not None
        assert (K._cols_coop_config(C, S, C // 32, 16, 2, 132, 4, backward=True)
                is not None) == bwd


def test_cols_wave_fit(monkeypatch):
    # COLS_WAVE_FIT on 132 SMs: UNet 320 / 640 (320 programs, 1.2 waves of 2 an SM) take 240
    # longer chunks; shapes whose rule already fits one wave keep theirs.
    def programs(C, S, Cg, N):
        K.clear_plan_caches()
        return {bwd: K._cols_config(C, S, Cg, N, bwd, 132) for bwd in (False, True)}
    for shape, fitted in (((320, 4096, 10, 16), 240), ((640, 1024, 20, 16), 240),
                          ((128, 262144, 4, 2), None), ((64, 262144, 1, 8), None)):
        monkeypatch.setattr(K, "COLS_WAVE_FIT", False)
        rule = programs(*shape)
        monkeypatch.setattr(K, "COLS_WAVE_FIT", True)
        fit = programs(*shape)
        for bwd in (False, True):
            if fitted is None:
                assert fit[bwd] == rule[bwd]
            else:
                assert rule[bwd].programs == 320 and fit[bwd].programs == fitted
                assert fit[bwd].programs <= K.COLS_PROGRAMS_PER_SM * 132
                assert fit[bwd].s_chunk * fit[bwd].n_chunks >= shape[1]
    K.clear_plan_caches()


# The cooperative columns path (channels_last forward, K.COLS_COOP): tiles of 32 elements
# so that the small shapes take several chunks per sample (and reducers of one or several
# groups); an L2 budget of one sample, so that the samples run in rounds.
COOP_SETTINGS = {
    "chunks": {"COLS_COOP_TILE": 32},
    "rounds": {"COLS_COOP_TILE": 32, "COLS_COOP_L2_BYTES": None},  # one sample's bytes
}


@pytest.mark.parametrize("setting", list(COOP_SETTINGS))
@pytest.mark.parametrize("shape, groups, dtype, activation, offset", [
    ((3, 16, 5, 7), 2, torch.bfloat16, "silu", 0.3),  # Cg = 8
    ((2, 8, 33), 8, torch.float32, "gelu_tanh", 0.3),  # InstanceNorm's shape, 3-D
    ((2, 12, 3, 4, 5), 3, torch.float16, None, 0.3),  # 5-D, Cg = 4, G = 3 (padded to 4)
    ((3, 6, 7, 6), 3, torch.float32, None, 1000.0),  # |mean| >> std
])
def test_cols_coop(device, setting, shape, groups, dtype, activation, offset, monkeypatch):
    _check_cols_coop(device, COOP_SETTINGS[setting], setting == "rounds", shape, groups, dtype,
                     activation, offset, monkeypatch)


# Cg not a power of two (K.COLS_COOP_GATHER): lanes are C rounded up and each channel's
# moments reach its group by tl.gather (and each group's statistics its channels).
@pytest.mark.parametrize("rounds", [False, True])
@pytest.mark.parametrize("shape, groups, dtype, activation, offset", [
    ((3, 20, 5, 7), 2, torch.bfloat16, "silu", 0.3),  # Cg = 10 (UNet 320's)
    ((2, 15, 33), 5, torch.float32, None, 0.3),  # Cg = 3, 3-D, C = 15 (lanes 16)
    ((2, 12, 3, 4, 5), 2, torch.float16, "gelu", 0.3),  # Cg = 6, 5-D
    ((3, 6, 7, 6), 2, torch.float32, None, 1000.0),  # Cg = 3, |mean| >> std
])
def test_cols_coop_gather(device, rounds, shape, groups, dtype, activation, offset,
                          monkeypatch):
    setting = {"COLS_COOP_TILE": 32, "COLS_COOP_GATHER": 3}  # 3: with rounds and activations
    if rounds:
        setting["COLS_COOP_L2_BYTES"] = None  # one sample's bytes
    _check_cols_coop(device, setting, rounds, shape, groups, dtype, activation, offset,
                     monkeypatch)


def _check_cols_coop(device, setting, rounds, shape, groups, dtype, activation, offset,
                     monkeypatch):
    if not use_kernels(device):
        pytest.skip("kernels do not run on this device")
    N, C = shape[:2]
    for name, value in setting.items():
        sample = math.prod(shape[1:]) * dtype.itemsize
        monkeypatch.setattr(K, name, sample if value is None else value)
    K.clear_plan_caches()
    try:
        x = _to_layout((torch.randn(shape, device=device) * 1.5 + offset), "channels_last")
        x = x.to(dtype)
        w = 1 + 0.5 * torch.randn(C, device=device)
        b = 0.5 * torch.randn(C, device=device)
        nan = float("nan")
        y = torch.full_like(x, nan)
        assert y.stride() == x.stride()
        mean, rstd = (torch.full((N, groups), nan, device=device) for _ in range(2))
        prep = K.prepare_fwd(x, groups, activation, w, b, y, True)
        assert prep.slots > 0
        ints = prep.launches[0].ints  # (N, C, S, Cg, K, Q, s_chunk)
        assert ints[4] > 1, "one chunk per sample: the merge is not exercised"
        assert (ints[5] < N) == rounds
        K.groupnorm_fwd(x, w, b, groups, 1e-5, activation, y, mean, rstd)
        x64 = x.double()
        xg = x64.reshape(N, groups, -1)
        assert_close(mean, xg.mean(-1), torch.float32, "mean")
        ref_rstd = torch.rsqrt(xg.var(-1, unbiased=False) + 1e-5)
        if offset > 1:  # |mean| >> std: rstd near fp32 precision
            torch.testing.assert_close(rstd.double(), ref_rstd, rtol=1e-4, atol=0)
        else:
            assert_close(rstd, ref_rstd, torch.float32, "rstd")
        ref = _act64(_group_norm64(x64, groups, w.double(), b.double(), 1e-5), activation)
        floor = max(1.0, 4 * offset * 2**-23 / 1e-5)  # as test_rows_path
        assert_close(y, ref, dtype, "y", scale=floor)
        # The inference variant (no statistics written) and no affine.
        y2 = torch.full_like(x, nan)
        prep = K.prepare_fwd(x, groups, activation, None, None, y2, False)
        assert prep.slots > 0 and prep.stats_optional
        K.launch_fwd(prep, x, None, None, 1e-5, y2, None, None)
        assert_close(y2, _act64(_group_norm64(x64, groups, None, None, 1e-5), activation),
                     dtype, "y without affine", scale=floor)
        if offset < 1:
            _run(device, dtype, shape, groups, "channels_last", activation)
    finally:
        K.clear_plan_caches()


@pytest.mark.gpu
def test_cols_coop_timing_variant():
    # benchmarks/diag_coop_cols.py's launch: the TIMING variant writes y as the plain
    # launch does, and each program's %globaltimer readings in step order.
    from fusednorm.kernels.launch import FixedLaunch, coop_workspace
    dev = torch.device("cuda")
    x = _to_layout(torch.randn((4, 64, 16, 16), device=dev) + 0.5, "channels_last")
    x = x.to(torch.bfloat16)
    w = torch.randn(64, device=dev, dtype=torch.bfloat16)
    b = torch.randn(64, device=dev, dtype=torch.bfloat16)
    y = torch.full_like(x, float("nan"))
    prep = K.prepare_fwd(x, 8, None, w, b, y, False)
    assert prep.slots > 0, "not on the cooperative columns path"
    L0 = prep.launches[0]
    ws, tag = coop_workspace(dev, prep.slots, fresh=True)
    L0((x, w, b, y, y, y, ws), (1e-5, tag))
    consts = tuple((k, True if k == "TIMING" else v) for k, v in L0.constexprs)
    timed = FixedLaunch(L0.kernel, L0.grid, L0.ints, consts, L0.num_warps, L0.maxnreg)
    y2 = torch.full_like(x, float("nan"))
    t = torch.zeros((L0.grid[0], 8), dtype=torch.int64, device=dev)
    ws, tag = coop_workspace(dev, prep.slots, fresh=True)
    timed((x, w, b, y2, y2, t, ws), (1e-5, tag))
    torch.testing.assert_close(y2, y, rtol=0, atol=0)
    steps = t[:, :7].cpu()
    assert (steps > 0).all()
    assert (steps[:, 1:] >= steps[:, :-1]).all(), "readings out of step order"


def test_cols_coop_declines(monkeypatch):
    # Cg not a power of two with COLS_COOP_GATHER off, more than COLS_COOP_MAX_GROUPS
    # groups, lanes past COLS_COOP_MAX_LANES, or (GATHER 1) samples in more than one round:
    # the columns path.
    cases = [((2, 20, 4, 4), 2, {"COLS_COOP_GATHER": 0}), ((2, 130, 4, 4), 65, {}),
             ((2, 2100, 2, 2), 21, {}),
             ((2, 20, 4, 4), 2, {"COLS_COOP_GATHER": 1, "COLS_COOP_L2_BYTES": 20 * 16 * 4})]
    try:
        for shape, groups, setting in cases:
            for name, value in setting.items():
                monkeypatch.setattr(K, name, value)
            K.clear_plan_caches()
            x = _to_layout(torch.empty(shape), "channels_last")
            S = shape[2] * shape[3]
            assert K._cols_coop_config(shape[1], S, shape[1] // groups, 2, 4, 132, 4) is None
            assert K.prepare_fwd(x, groups, None, None, None, torch.empty_like(x),
                                 True).slots == 0
            monkeypatch.undo()
        # ... and by default a Cg of 10 takes it (lanes 32, gathered), with a fused
        # activation only where one round holds every sample.
        K.clear_plan_caches()
        cfg = K._cols_coop_config(20, 16, 10, 2, 4, 132, 4)
        assert cfg is not None and cfg.gather and cfg.cl == 32
        assert K._cols_coop_config(20, 16, 10, 2, 4, 132, 4, True) is not None
        monkeypatch.setattr(K, "COLS_COOP_L2_BYTES", 20 * 16 * 4)  # one sample a round
        K.clear_plan_caches()
        assert K._cols_coop_config(20, 16, 10, 2, 4, 132, 4, False) is not None
        assert K._cols_coop_config(20, 16, 10, 2, 4, 132, 4, True) is None
    finally:
        K.clear_plan_caches()


# Each cooperative launch of GroupNorm on the path of a launch captured in a CUDA graph
# (launch.coop_workspace: a buffer of its own and tag 0; tests/numerics.ticket_workspaces),
# whose programs take each call's tag from their counts of calls in the buffer
# (rownorm._launch_tag): the rows path (contiguous), the group path's folded dw, db sum,
# and the cooperative columns forward and backward (channels_last; the interpreter's
# three PHASE launches, the later two reading the count). The interpreter's settings.
TICKET_CASES = {
    "rows": ((3, 4, 9), 4, "contiguous", torch.bfloat16, "silu"),
    "group": ((4, 12, 10, 9), 2, "contiguous", torch.float32, "silu"),
    "cols": ((3, 16, 5, 7), 2, "channels_last", torch.bfloat16, "silu"),
    "cols_gather": ((3, 20, 5, 7), 2, "channels_last", torch.float16, None),
}


@pytest.mark.parametrize("case", list(TICKET_CASES))
def test_ticket_tags(device, case, monkeypatch):
    if not use_kernels(device) or device.type == "cuda":
        pytest.skip("the interpreter's thresholds (the GPU's graphs: test_cuda_graph_*)")
    from fusednorm.kernels import rownorm as R
    shape, groups, layout, dtype, activation = TICKET_CASES[case]
    if case == "rows":
        for name, value in ROWS_PATHS["coop"].items():
            monkeypatch.setattr(R, name, value)
        monkeypatch.setattr(K, "ROWS_BWD_MIN_BYTES", {2: 0, 4: 0})
    elif case == "group":
        for name, value in (("GROUP_TILE_FWD", 64), ("GROUP_TILE_BWD", 32),
                            ("GROUP_MIN_WAVES", 0), ("GROUP_MIN_RUN_BYTES_LAST", 0)):
            monkeypatch.setattr(K, name, value)
    else:
        monkeypatch.setattr(K, "COLS_COOP_TILE", 32)
        monkeypatch.setattr(K, "COLS_COOP_GATHER", 3)
        monkeypatch.setattr(K, "COLS_COOP_TILE_BWD_BYTES", 32 * dtype.itemsize)
        monkeypatch.setattr(K, "COLS_COOP_BWD", 2)
    R.clear_prepared()
    K.clear_plan_caches()
    try:
        bufs = ticket_workspaces(monkeypatch)
        counts = []
        for _ in range(3):
            _run(device, dtype, shape, groups, layout, activation)
            counts.append({site: tickets_taken(entry) for site, entry in bufs.items()})
        # the forward and the backward (the group path: its backward's fold only)
        assert len(counts[0]) == (1 if case == "group" else 2)
        for site, first in counts[0].items():
            assert first > 0 and counts[1][site] == 2 * first and counts[2][site] == 3 * first
    finally:
        R.clear_prepared()
        K.clear_plan_caches()


# The cooperative columns backward (channels_last, K.COLS_COOP_BWD 2: whatever the dtype
# and activation): tiles of 32 elements so that small shapes take several chunks per
# sample; "rounds": an L2 budget of one sample's x and dy, so that the samples run in
# rounds; Cg of 10, 3 and 6 take the gather.
@pytest.mark.parametrize("rounds", [False, True], ids=["one_round", "rounds"])
@pytest.mark.parametrize("shape, groups, dtype, activation, affine, offset", [
    ((3, 16, 5, 7), 2, torch.bfloat16, "silu", True, 0.3),  # Cg = 8
    ((2, 8, 33), 8, torch.float32, "gelu_tanh", True, 0.3),  # InstanceNorm's shape, 3-D
    ((2, 12, 3, 4, 5), 3, torch.float16, None, False, 0.3),  # 5-D, G = 3 (padded), no w, b
    ((3, 20, 5, 7), 2, torch.bfloat16, "silu", True, 0.3),  # Cg = 10 (UNet 320's), gather
    ((2, 15, 33), 5, torch.float32, "gelu", False, 0.3),  # Cg = 3, lanes 16, no w, b
    ((3, 6, 7, 6), 2, torch.float32, None, True, 1000.0),  # Cg = 3, |mean| >> std
])
def test_cols_coop_bwd(device, rounds, shape, groups, dtype, activation, affine, offset,
                       monkeypatch):
    if not use_kernels(device):
        pytest.skip("kernels do not run on this device")
    N, C = shape[:2]
    monkeypatch.setattr(K, "COLS_COOP_TILE_BWD_BYTES", 32 * dtype.itemsize)
    monkeypatch.setattr(K, "COLS_COOP_BWD", 2)  # every dtype and activation
    if rounds:  # one sample's x and dy
        monkeypatch.setattr(K, "COLS_COOP_BWD_L2_BYTES",
                            2 * math.prod(shape[1:]) * dtype.itemsize)
    K.clear_plan_caches()
    try:
        x = _to_layout(torch.randn(shape, device=device) * 1.5 + offset, "channels_last")
        x = x.to(dtype)
        dy = _to_layout(torch.randn(shape, device=device), "channels_last").to(dtype)
        w = (1 + 0.5 * torch.randn(C, device=device)) if affine else None
        b = 0.5 * torch.randn(C, device=device) if affine else None
        x64 = x.double()
        xg = x64.reshape(N, groups, -1)
        mean = xg.mean(-1).float()
        rstd = torch.rsqrt(xg.var(-1, unbiased=False) + 1e-5).float()
        nan = float("nan")
        outs = []
        for _ in range(2):  # twice: bitwise the same (deterministic)
            dx = torch.full_like(x, nan)
            dw, db = (torch.full((C,), nan, device=device) for _ in range(2))
            prep = K.prepare_bwd(dy, x, w, b if activation else None, groups, activation,
                                 (mean.dtype, rstd.dtype, dx.dtype, dw.dtype, db.dtype))
            assert prep.slots > 0, "not on the cooperative columns backward"
            ints = prep.launches[0].ints  # (N, C, S, Cg, K, Q, s_chunk)
            assert ints[4] > 1, "one chunk per sample: the sums over chunks are not exercised"
            assert (ints[5] < N) == rounds
            Cg = C // groups
            assert dict(prep.launches[0].constexprs)["GATHER"] == bool(Cg & (Cg - 1))
            K.groupnorm_bwd(dy, x, w, b if activation else None, mean, rstd, groups,
                            activation, dx, dw, db)
            outs.append((dx, dw, db))
        for a, b_ in zip(*outs):
            assert torch.equal(a, b_)
        # The reference: autograd through float64, from the same mean / rstd's inputs.
        xr = x64.clone().requires_grad_()
        wr = None if w is None else w.double().requires_grad_()
        br = None if b is None else b.double().requires_grad_()
        w1 = torch.ones(C, dtype=torch.float64, requires_grad=True, device=device)
        b1 = torch.zeros(C, dtype=torch.float64, requires_grad=True, device=device)
        z = _act64(_group_norm64(xr, groups, w1 if wr is None else wr,
                                 b1 if br is None else br, 1e-5), activation)
        (z * dy.double()).sum().backward()
        amp = max([1.0] + rstd.double().flatten().tolist())
        floor = max(1.0, 4 * offset * 2**-23 / 1e-5)  # |mean| >> std: as the forward's
        assert_close(dx, xr.grad, dtype, "dx", scale=amp * floor)
        grow = _wgrad_scale(x.numel() // C, torch.float32)
        # dw is sum(dz * xhat) also without a weight (the reference's w of ones).
        assert_close(dw, (w1 if wr is None else wr).grad, torch.float32, "dw", scale=grow * floor)
        assert_close(db, (b1 if br is None else br).grad, torch.float32, "db", scale=grow)
        if offset < 1 and not rounds:
            _run(device, dtype, shape, groups, "channels_last", activation, weight=affine,
                 bias=affine)
    finally:
        K.clear_plan_caches()


def test_cols_coop_bwd_declines(monkeypatch):
    # Samples whose x and dy together exceed COLS_COOP_BWD_L2_BYTES, Cg not a power of two
    # with COLS_COOP_BWD_GATHER off, or COLS_COOP_BWD off: the columns path's three
    # launches. By default (COLS_COOP_BWD 1) only without an activation.
    def coop(shape, groups, dtype=torch.float32, act=None):
        x = _to_layout(torch.empty(shape, dtype=dtype), "channels_last")
        K.clear_plan_caches()
        prep = K._prepare_bwd(K._canonical(x), groups, act, True, act is not None)
        assert prep.cols_path or prep.group_path
        return prep.slots > 0
    try:
        for name, value in (("COLS_COOP_BWD_L2_BYTES", 20 * 16 * 4 * 2 - 1),
                            ("COLS_COOP_BWD_GATHER", False), ("COLS_COOP_BWD", 0)):
            monkeypatch.setattr(K, name, value)
            assert not coop((2, 20, 4, 4), 2), name
            monkeypatch.undo()
        assert coop((2, 20, 4, 4), 2)  # fp32, Cg = 10: gathered
        assert coop((2, 20, 4, 4), 2, torch.bfloat16)
        assert not coop((2, 20, 4, 4), 2, act="silu")
        monkeypatch.setattr(K, "COLS_COOP_BWD", 2)
        assert coop((2, 20, 4, 4), 2, torch.bfloat16, "silu")
    finally:
        K.clear_plan_caches()


def test_mixed_fp32_weight(device):
    _run(device, torch.bfloat16, (2, 8, 5, 5), 4, "channels_last", "silu", w_dtype=torch.float32)
    _run(device, torch.float16, (2, 8, 5, 5), 2, "contiguous", None, w_dtype=torch.float32)


def test_optional_affine(device):
    _run(device, torch.float32, (2, 6, 4, 5), 3, "contiguous", "silu", weight=False, bias=False)
    _run(device, torch.float32, (2, 6, 4, 5), 3, "channels_last", "gelu", weight=True, bias=False)
    _run(device, torch.float32, (2, 6, 4, 5), 2, "channels_last", None, weight=False, bias=True)


@pytest.mark.parametrize("eps", [1e-6, 0.5])
def test_eps(device, eps):
    _run(device, torch.float32, (2, 4, 3, 5), 2, "contiguous", eps=eps)


def test_noncontiguous(device):
    # A channel-strided view of an NCHW tensor (copied to contiguous), a spatial slice of a
    # channels_last tensor (copied, staying channels_last), a permuted channels_last_3d.
    _run(device, torch.float32, (2, 12, 6, 5), 3, x_fn=lambda x: torch.cat([x, x], 1)[:, ::2])
    _run(device, torch.bfloat16, (2, 8, 6, 6), 4, "channels_last", "silu",
         x_fn=lambda x: torch.cat([x, x], 3)[..., ::2])
    _run(device, torch.float16, (2, 6, 3, 3, 3), 3, "channels_last", "gelu",
         x_fn=lambda x: x.transpose(2, 4))
    x = _to_layout(torch.randn(2, 8, 6, 6, device=device), "channels_last")[:, :, 1:, ::2]
    y = fusednorm.group_norm(x, 4)
    assert y.is_contiguous(memory_format=torch.channels_last)
    # Non-contiguous weight and bias, and gradients that are not laid out like y.
    x = torch.randn(2, 8, 4, 4, device=device).to(memory_format=torch.channels_last).requires_grad_()
    w = torch.randn(16, device=device)[::2].requires_grad_()
    b = torch.randn(16, device=device)[1::2].requires_grad_()
    y = fusednorm.group_norm(x, 4, w, b, activation="silu")
    dy = torch.randn(2, 8, 4, 8, device=device)[..., ::2]
    y.backward(dy)
    x64, w64, b64 = (t.detach().double().requires_grad_() for t in (x, w, b))
    y64 = F.silu(F.group_norm(x64, 4, w64, b64))
    y64.backward(dy.double())
    assert_close(y, y64, torch.float32, "y")
    assert_close(x.grad, x64.grad, torch.float32, "dx")
    assert_close(w.grad, w64.grad, torch.float32, "dweight", scale=_wgrad_scale(32, torch.float32))
    # A broadcast (all-zero strides) gradient.
    x.grad = None
    fusednorm.group_norm(x, 4, w, b, activation="gelu").sum().backward()
    x64.grad = None
    F.gelu(F.group_norm(x64, 4, w64, b64)).sum().backward()
    assert_close(x.grad, x64.grad, torch.float32, "dx (broadcast dy)")


def test_stats(device):
    x = torch.randn(3, 12, 5, 4, device=device, dtype=torch.bfloat16).to(memory_format=torch.channels_last)
    y, mean, rstd = fusednorm.group_norm(x, 4, return_stats=True)
    xg = x.double().reshape(3, 4, -1)
    assert mean.dtype == rstd.dtype == torch.float32 and mean.shape == rstd.shape == (3, 4)
    assert not mean.requires_grad and not rstd.requires_grad
    assert_close(mean, xg.mean(-1), torch.float32, "mean")
    assert_close(rstd, torch.rsqrt(xg.var(-1, unbiased=False) + 1e-5), torch.float32, "rstd")
    assert torch.equal(y, fusednorm.group_norm(x, 4))
    y, mean, rstd = fusednorm.instance_norm(x, return_stats=True)
    assert mean.shape == rstd.shape == (3, 12)
    assert_close(mean, x.double().mean((2, 3)), torch.float32, "instance mean")


@pytest.mark.parametrize("layout", LAYOUTS)
def test_large_mean(device, layout):
    # |mean| >> std: the Chan merges (and the columns path's shifted sums) keep the
    # variance near fp32 precision, where a sum-of-squares variance would lose most digits.
    x = _to_layout(torch.randn(2, 4, 64, 80, device=device) + 1000.0, layout)
    _, _, rstd = fusednorm.group_norm(x, 2, return_stats=True)
    ref = torch.rsqrt(x.double().reshape(2, 2, -1).var(-1, unbiased=False) + 1e-5)
    torch.testing.assert_close(rstd.double(), ref, rtol=1e-4, atol=0)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_deterministic(device, layout):
    # Bitwise-identical outputs and gradients over two runs, with several tasks per
    # segment and several chunks per channel.
    x = _to_layout(torch.randn(2, 8, 40, 60, device=device), layout).to(torch.bfloat16)
    w = torch.randn(8, device=device)
    b = torch.randn(8, device=device)
    dy = _to_layout(torch.randn(2, 8, 40, 60, device=device), layout).to(torch.bfloat16)
    outs = []
    for _ in range(2):
        xs, ws, bs = (t.clone().requires_grad_() for t in (x, w, b))
        y = fusednorm.group_norm(xs, 2, ws, bs, activation="silu")
        y.backward(dy)
        outs.append([y, xs.grad, ws.grad, bs.grad])
    for a, b_ in zip(*outs):
        assert torch.equal(a, b_)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_eager_path_matches_registered_op(device, layout, monkeypatch):
    # Eager calls skip the dispatcher; the registered op must agree bitwise. (The general
    # eager path: the training path is compared with it in test_training_path.)
    from fusednorm.ops import eager
    monkeypatch.setattr(eager, "TRAIN_PLANS", False)
    x = _to_layout(torch.randn(2, 6, 5, 7, device=device), layout).to(torch.float16)
    w, b = torch.randn(6, device=device), torch.randn(6, device=device)
    dy = _to_layout(torch.randn(2, 6, 5, 7, device=device), layout).to(torch.float16)
    outs = []
    for enabled in (True, False):
        monkeypatch.setattr(eager, "ENABLED", enabled)
        xs, ws, bs = (t.clone().requires_grad_() for t in (x, w, b))
        y = fusednorm.group_norm(xs, 3, ws, bs, activation="gelu")
        node = y.grad_fn
        if node.name().startswith("View"):  # the view back to x's shape
            node = node.next_functions[0][0]
        assert ("Eager" in node.name()) == enabled, node.name()
        from fusednorm.kernels.launch import INFER_PLANS
        INFER_PLANS.clear()
        y.backward(dy)
        # The eager backward's cached plan (ops/groupnorm.py, _eager_backward) ran.
        plans = [v for k, v in INFER_PLANS.items() if k[0] == "groupnorm_bwd"]
        assert (len(plans) == 1 and bool(plans[0])) == (enabled and use_kernels(device))
        with torch.no_grad():
            y_ng = fusednorm.instance_norm(x, w, b)
        outs.append([y, xs.grad, ws.grad, bs.grad, y_ng])
    for a, b_ in zip(*outs):
        assert torch.equal(a, b_)
        assert a.stride() == b_.stride()


@pytest.mark.parametrize("layout,groups", [("contiguous", 3), ("channels_last", 3),
                                           ("contiguous", 12)])
@pytest.mark.parametrize("mode", ["channel", "fold", "nofold"])
def test_launchers_write_every_element(device, layout, groups, mode, monkeypatch):
    # Call the launchers with NaN-poisoned outputs, and with the deterministic mode's
    # NaN-filled torch.empty for their scratch: an element never written, or a partial
    # read before it is written, shows up as NaN against the reference path. G = C,
    # contiguous: the rows path, forward and backward on the cooperative path. mode: the
    # backward's dw/db sum in its main launch, per channel (rownorm._channel_sums, the
    # rows path's default) or by the last program (_last_sums), or a launch of its own.
    if not use_kernels(device):
        pytest.skip("kernels do not run on this device")
    from fusednorm import reference
    from fusednorm.kernels import rownorm as R
    fold = mode != "nofold"
    monkeypatch.setattr(R, "CHANNEL_SUM", mode == "channel")
    if not fold:
        monkeypatch.setattr(R, "FOLD_MAX", 0)
        monkeypatch.setattr(K, "FOLD_GROUP_MAX", 0)
    R.clear_prepared()
    K.clear_plan_caches()
    if groups == 12:
        monkeypatch.setattr(R, "FWD_TILE_MAX", 64)
        monkeypatch.setattr(R, "BWD_TILE_MAX", 64)
        monkeypatch.setattr(K, "ROWS_BWD_MIN_BYTES", {2: 0, 4: 0})
        R.clear_prepared()
        K.clear_plan_caches()
    N, C, S, G = 3, 12, 150, groups
    x, dy = (_to_layout(torch.randn(N, C, S, device=device), layout).to(torch.bfloat16)
             for _ in range(2))
    w, b = torch.randn(C, device=device), torch.randn(C, device=device)
    nan = float("nan")
    y, dx = (torch.full_like(x, nan) for _ in range(2))
    mean, rstd = (torch.full((N, G), nan, device=device) for _ in range(2))
    dw, db = (torch.full((C,), nan, device=device) for _ in range(2))
    deterministic = torch.are_deterministic_algorithms_enabled()
    torch.use_deterministic_algorithms(True)
    try:
        K.groupnorm_fwd(x, w, b, G, 1e-5, "silu", y, mean, rstd)
        K.groupnorm_bwd(dy, x, w, b, mean, rstd, G, "silu", dx, dw, db)
    finally:
        torch.use_deterministic_algorithms(deterministic)
    ry, rmean, rrstd = reference.groupnorm_fwd(x, w, b, G, 1e-5, "silu")
    assert_close(y, ry, torch.bfloat16, "y")
    assert_close(mean, rmean, torch.float32, "mean")
    assert_close(rstd, rrstd, torch.float32, "rstd")
    rdx, rdw, rdb = reference.groupnorm_bwd(dy, x, w, b, mean, rstd, G, "silu")
    assert_close(dx, rdx, torch.bfloat16, "dx")
    assert_close(dw, rdw, torch.float32, "dw", scale=_wgrad_scale(N * S, torch.float32))
    assert_close(db, rdb, torch.float32, "db", scale=_wgrad_scale(N * S, torch.float32))
    prep = K._prepare_bwd(x, G, "silu", True, True)
    if groups == 12:
        assert prep.rows is not None and prep.rows.folded == fold
        assert len(prep.launches) == (0 if fold else 1)
        final = dict(prep.rows.launch.constexprs)["FINAL_SUM"]
        assert final == {"channel": 2 if device.type == "cuda" else 3, "fold": 1,
                         "nofold": 0}[mode]
    elif prep.group_path:
        assert (prep.done > 0) == fold and len(prep.launches) == (1 if fold else 2)
    R.clear_prepared()
    K.clear_plan_caches()


def test_empty(device):
    x = torch.randn(0, 6, 4, 4, device=device, requires_grad=True)
    w = torch.randn(6, device=device, requires_grad=True)
    y = fusednorm.group_norm(x, 3, w, activation="silu")
    y.sum().backward()
    assert y.shape == x.shape and x.grad.shape == x.shape
    assert torch.equal(w.grad, torch.zeros_like(w))


@pytest.mark.parametrize("shape", [(2, 0, 3), (2, 0, 3, 3)])
def test_instance_norm_no_channels(device, shape):
    # No channels: an empty result (and gradient), as torch's instance_norm, rather than an
    # error about a num_groups the caller never passed.
    x = torch.randn(*shape, device=device, requires_grad=True)
    y = fusednorm.instance_norm(x)
    assert y.shape == F.instance_norm(x.detach()).shape
    y.sum().backward()
    assert x.grad.shape == x.shape
    _, mean, rstd = fusednorm.instance_norm(x.detach(), return_stats=True)
    assert mean.shape == rstd.shape == (2, 0)
    with pytest.raises(ValueError, match="expected \\(0,\\)"):
        fusednorm.instance_norm(x.detach(), torch.randn(3, device=device))


def test_numpy_num_groups(device):
    # A numpy integer as num_groups (torch's group_norm takes one): the same result as the
    # int, with or without grad.
    np = pytest.importorskip("numpy")
    x = torch.randn(2, 6, 4, 4, device=device)
    w = torch.randn(6, device=device)
    for grad in (False, True):
        xs = x.clone().requires_grad_(grad)
        want = fusednorm.group_norm(xs, 3, w)
        got = fusednorm.group_norm(xs, np.int64(3), w)
        torch.testing.assert_close(got, want, rtol=0, atol=0)
        y, mean, rstd = fusednorm.group_norm(xs, np.int32(3), w, return_stats=True)
        assert mean.shape == (2, 3)


def test_errors(device):
    x = torch.randn(2, 6, 4, 4, device=device)
    with pytest.raises(ValueError, match="divide the number of channels C=6"):
        fusednorm.group_norm(x, 4)
    with pytest.raises(ValueError, match="num_groups=0"):
        fusednorm.group_norm(x, 0)
    with pytest.raises(TypeError, match="num_groups must be an int"):
        fusednorm.group_norm(x, 2.0)
    with pytest.raises(TypeError, match="num_groups must be an int"):
        fusednorm.group_norm(x, torch.tensor(2))
    with pytest.raises(ValueError, match=r"weight has shape \(3,\), expected \(6,\)"):
        fusednorm.group_norm(x, 3, torch.randn(3, device=device))
    with pytest.raises(ValueError, match=r"bias has shape \(6, 1\)"):
        fusednorm.instance_norm(x, None, torch.randn(6, 1, device=device))
    with pytest.raises(TypeError, match="weight dtype torch.float16"):
        fusednorm.group_norm(x, 3, torch.randn(6, device=device, dtype=torch.float16))
    with pytest.raises(TypeError, match="weight must be a Tensor"):
        fusednorm.group_norm(x, 3, [1.0] * 6)
    with pytest.raises(ValueError, match="3, 4 or 5 dims"):
        fusednorm.group_norm(torch.randn(4, 6, device=device), 3)
    with pytest.raises(ValueError, match="3, 4 or 5 dims"):
        fusednorm.instance_norm(torch.randn(1, 2, 2, 2, 2, 2, device=device))
    with pytest.raises(TypeError, match="unsupported dtype torch.float64"):
        fusednorm.group_norm(x.double(), 3)
    with pytest.raises(TypeError, match="unsupported dtype torch.int32"):
        fusednorm.instance_norm(x.int())
    with pytest.raises(ValueError, match="activation must be one of"):
        fusednorm.group_norm(x, 3, activation="relu")
    with pytest.raises(TypeError, match="x must be a Tensor"):
        fusednorm.group_norm(x.tolist(), 3)


def test_compile_fullgraph(device):
    # Registered ops: torch.compile traces through them without graph breaks, in both
    # layouts and with the stats variant.
    w = torch.randn(8, device=device, requires_grad=True)
    b = torch.randn(8, device=device, requires_grad=True)

    def f(x):
        y, mean, rstd = fusednorm.group_norm(x, 4, w, b, activation="silu", return_stats=True)
        return fusednorm.instance_norm(y, activation="gelu") * rstd.mean() + mean.sum()

    compiled = torch.compile(f, fullgraph=True, backend="aot_eager")
    for layout in LAYOUTS:
        x = _to_layout(torch.randn(2, 8, 5, 6, device=device), layout).requires_grad_()
        out = compiled(x)
        torch.testing.assert_close(out, f(x))
        out.sum().backward()
        assert x.grad is not None and torch.isfinite(x.grad).all()


@pytest.mark.parametrize("layout", LAYOUTS)
def test_opcheck(device, layout):
    # torch.library's own consistency checks of schema, fake kernel and autograd.
    x = _to_layout(torch.randn(2, 6, 20, device=device), layout).requires_grad_()
    w = torch.randn(6, device=device, requires_grad=True)
    b = torch.randn(6, device=device, requires_grad=True)
    op = torch.ops.fusednorm.groupnorm_fwd.default
    checks = ("test_schema", "test_faketensor", "test_autograd_registration")
    torch.library.opcheck(op, (x, w, b, 3, 1e-5, "silu"), test_utils=checks)
    torch.library.opcheck(op, (x, None, None, 6, 1e-5, None), test_utils=checks)
    _, mean, rstd = op(x, w, b, 3, 1e-5, "gelu")
    dy = torch.randn_like(x)
    torch.library.opcheck(torch.ops.fusednorm.groupnorm_bwd.default,
                          (dy, x.detach(), w.detach(), b.detach(), mean, rstd, 3, "gelu", True, True),
                          test_utils=("test_schema", "test_faketensor"))


@pytest.mark.gpu
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("shape, groups", [((2, 320, 64, 64), 32), ((1, 64, 32, 32, 32), 64)])
def test_large_gpu(layout, shape, groups):
    _run(torch.device("cuda"), torch.bfloat16, shape, groups, layout, "silu")


@pytest.mark.gpu
@pytest.mark.parametrize("shape,groups,path,affine", [
    ((2, 8, 256, 256), 2, "coop", 2),  # Cg = 4, S = 65536: slices within a channel
    ((2, 4, 256, 256), 4, "coop", 1),  # one channel per group
    ((1, 2, 1 << 21), 2, "coop", 1),  # groups of 2M: slices of 16384 (v0.31), one row group
    ((1, 2, 1 << 22), 2, "loop", 1),  # rows too long for the cooperative path
    ((1, 4, 1 << 21), 2, "loop", 2),  # Cg = 2: loop chunks within a channel
])
@pytest.mark.parametrize("dtype", DTYPES)
def test_rows_path_gpu(shape, groups, path, affine, dtype, monkeypatch):
    # The rows path's cooperative and loop launches (the interpreter runs one slice a
    # row), poisoned outputs against float64, then the backward from its statistics. The
    # loop launch only where ROWS_FWD_LOOP asks for it: by default those groups take the
    # split path (v0.31).
    from fusednorm.kernels import rownorm as R
    K.clear_plan_caches()
    device = torch.device("cuda")
    N, C = shape[:2]
    x = (torch.randn(shape, device=device) * 1.5 + 0.3).to(dtype)
    w = 1 + 0.5 * torch.randn(C, device=device)
    b = 0.5 * torch.randn(C, device=device)
    y = torch.full_like(x, float("nan"))
    mean, rstd = (torch.full((N, groups), float("nan"), device=device) for _ in range(2))
    if path == "loop":
        assert K.prepare_fwd(x, groups, "silu", w, b, y, True).rows is None
        monkeypatch.setattr(K, "ROWS_FWD_LOOP", True)
        K.clear_plan_caches()
    consts = dict(K.prepare_fwd(x, groups, "silu", w, b, y, True).rows.launch.constexprs)
    assert consts["PATH"] == {"coop": R.COOP, "loop": R.LOOP}[path]
    assert consts["AFFINE"] == affine
    K.groupnorm_fwd(x, w, b, groups, 1e-5, "silu", y, mean, rstd)
    xg = x.double().reshape(N, groups, -1)
    assert_close(mean, xg.mean(-1), torch.float32, "mean")
    assert_close(rstd, torch.rsqrt(xg.var(-1, unbiased=False) + 1e-5), torch.float32, "rstd")
    ref = F.silu(_group_norm64(x.double(), groups, w.double(), b.double(), 1e-5))
    assert_close(y, ref, dtype, "y")
    if x.numel() <= 1 << 22:  # (the backward of groups of 2M: LONG_BWD's replay)
        _run(device, dtype, shape, groups, activation="silu")
    K.clear_plan_caches()


def test_rows_bwd_channel_slices(monkeypatch):
    # GroupNorm's rows-path backward (GPU configs, 132 SMs): channels of 1024 positions,
    # which the table's slices of 2048 do not fit, take slices of one channel
    # (rownorm.GN_BWD_CHANNEL: 1 warp, 12 an SM in 16-bit, 2 warps, 8 an SM in fp32); so
    # do 16-bit rows of several channels of at most 64 such slices (GN_BWD_CHANNEL_FIRST; fp32 and InstanceNorm keep the table's); rows of 256K
    # take slices of 4096 where they are one channel (slices of 2048 only up to GROUP 64),
    # and of 2048 up to GROUP 128 where they hold several (GN_BWD_COOP_CHANNELS).
    from fusednorm.kernels import rownorm as R
    monkeypatch.setattr(R, "interpreting", lambda: False)
    R.bwd_config.cache_clear()
    try:
        for n, channel, size, want in ((20480, 1024, 2, (1024, 1, 12)),
                                       (40960, 1024, 4, (1024, 2, 8)),
                                       (12288, 3072, 2, (1024, 1, 12)),
                                       (40960, 4096, 2, (1024, 1, 12)),
                                       (65536, 4096, 2, (1024, 1, 12)),
                                       (65540, 4, 2, (2048, 4, 5)),  # past 64 slices
                                       (40960, 4096, 4, (2048, 4, 4)),
                                       (16384, 0, 2, (1024, 1, 12)),  # one channel
                                       (16384, 0, 4, (2048, 4, 4)),
                                       (32768, 0, 2, (2048, 4, 5)),
                                       (131072, 0, 2, (2048, 4, 5)),
                                       (262144, 0, 2, (4096, 4, 3)),
                                       (262144, 16384, 2, (4096, 4, 3)),  # several channels
                                       (524288, 65536, 2, (4096, 4, 3)),  # past GROUP 128
                                       (524288, 65536, 4, (4096, 8, 2)),
                                       (1 << 20, 262144, 4, (8192, 16, 1)),
                                       (262144, 2048, 2, (2048, 4, 5)),  # past GROUP 64
                                       (20480, 1536, 2, (1024, 1, 12))):  # 1536: declined
            cfg = R.bwd_config(n, 132, size, False, True, False, channel)
            assert (cfg.block_n, cfg.num_warps, cfg.programs_per_sm) == want, (n, channel)
            # 16-bit: slices of a channel, 2048 / 4 / 5 and 4096 / 4 / 3 form the terms after
            # the wait and hold the row as words (GN_LATE_TERMS_CONFIGS, GN_PACK16_CONFIGS)
            late = size == 2 and want in ((1024, 1, 12), (2048, 4, 5), (4096, 4, 3))
            assert cfg.late_terms == late and cfg.pack16 == late, (n, channel)
    finally:
        R.bwd_config.cache_clear()


def test_rows_bwd_channel_sum(monkeypatch):
    # GroupNorm's rows-path backward (GPU configs, 132 SMs) sums dw, db per channel in its
    # own launch (FINAL_SUM 2) where each program has at most CHANNEL_SUM_ROWS rows of the
    # last sample to sum, and those rows' (sample, slice) pairs fit CHANNEL_SUM_WORDS;
    # else the last program's fold (1, up to FOLD_MAX slice sums) or a launch of its own.
    from fusednorm.kernels import rownorm as R
    monkeypatch.setattr(R, "interpreting", lambda: False)
    monkeypatch.setattr(R, "sm_count", lambda device: 132)
    R.bwd_config.cache_clear()
    R.clear_prepared()
    f32 = torch.float32
    try:
        for (N, C, S, G), size, want in ((((16, 640, 1024, 32)), 2, 2),  # UNet 640
                                         (((16, 1280, 1024, 32)), 2, 2),
                                         (((16, 320, 4096, 32)), 2, 2),  # UNet 320
                                         (((16, 320, 4096, 32)), 4, 2),
                                         (((16, 64, 16384, 64)), 4, 2),  # InstanceNorm 2-D
                                         (((2, 512, 16384, 32)), 2, 2),  # VAE 512: 8 rows
                                         (((2, 256, 65536, 32)), 2, 1),  # VAE 256: 16 x 32
                                         (((8, 128, 32768, 128)), 2, 0),  # 3-D: 4 x 128
                                         (((8, 64, 262144, 64)), 2, 0),  # 3-D: 16 x 512
                                         (((1024, 640, 1024, 32)), 2, 0)):  # 1024 pairs
            L = C // G * S
            prep = R._prepare_bwd(N * G, L, torch.device("cpu"), size, False, True, True,
                                  True, False, (L, L, 0, L), f32, f32,
                                  channels=(G, C // G, S), activation=0, has_b=True)
            final = dict(prep.launch.constexprs)["FINAL_SUM"]
            assert final == want, ((N, C, S, G), size, final)
            assert prep.folded == (final > 0)
    finally:
        R.bwd_config.cache_clear()
        R.clear_prepared()


def test_rows_fwd_channel_slices(monkeypatch):
    # GroupNorm's rows-path forward (GPU configs, 132 SMs) with channel slices asked for:
    # channels of 1024 positions take slices of one channel (rownorm.GN_FWD_CHANNEL, by
    # element size), also where the group is short enough for the tile path; channels the
    # table's slices fit keep them; channels shorter than any slice get the tile config
    # (which the caller declines: the group path).
    from fusednorm.kernels import rownorm as R
    monkeypatch.setattr(R, "interpreting", lambda: False)
    R.fwd_config.cache_clear()
    try:
        for case in ((20480, 1024, 2, (1024, 1, 16)),
                     (20480, 1024, 4, (1024, 2, 8)),
                     (40960, 1024, 2, (1024, 1, 16)),
                     (40960, 4096, 2, (4096, 4, 4)),
                     (32768, 4096, 4, (4096, 4, 4)),
                     # GROUP 128 of 4096 in 16-bit: 5 an SM, words
                     (524288, 65536, 2, (4096, 4, 5)),
                     (262144, 16384, 2, (4096, 4, 4)),
                     (262144, 0, 2, (4096, 4, 4)),
                     # GROUP 64 in a launch of few rows (v0.47)
                     (262144, 16384, 2, (4096, 4, 5), True),
                     (262144, 0, 2, (4096, 4, 5), True),
                     (262144, 16384, 4, (4096, 4, 4), True),
                     (40960, 4096, 2, (4096, 4, 4), True)):
            n, channel, size, want, *few = case
            cfg = R.fwd_config(n, 132, size, False, False, True, channel, bool(few))
            assert cfg.path == R.COOP, case
            assert (cfg.block_n, cfg.num_warps, cfg.programs_per_sm) == want, case
            assert R.GN_FWD_CHANNEL[size][:3] == (1024,) + want[1:] or want[0] != 1024
            assert R._pack16(cfg, size, backward=False) == (want == (4096, 4, 5)), case
        assert R.fwd_config(10240, 132, 2, False, False, True, 256).path == R.TILE
        assert R.fwd_config(20480, 132, 2, False, False, True, 0).path == R.TILE
    finally:
        R.fwd_config.cache_clear()


def test_rows_fwd_few_rows(monkeypatch):
    # GroupNorm's rows-path forward on 132 SMs: a launch of at most GN_FWD_FEW_ROWS rows
    # (16-bit, rows of 262144 at GROUP 64) takes GN_FWD_COOP_FEW's 5 an SM with words, one
    # more row the table's 4 an SM; fp32 keeps its table either way. Launch decisions only
    # (the GPU test test_rows_v046_configs_gpu runs both shapes).
    from fusednorm.kernels import groupnorm as GK
    from fusednorm.kernels import rownorm as R
    monkeypatch.setattr(R, "interpreting", lambda: False)
    monkeypatch.setattr(R, "sm_count", lambda d: 132)
    monkeypatch.setattr(GK, "sm_count", lambda d: 132)
    R.fwd_config.cache_clear()
    R.clear_prepared()
    try:
        few = R.GN_FWD_FEW_ROWS
        for size, rows, want in ((2, few, (4096, 4, 5)), (2, few + 1, (4096, 4, 4)),
                                 (4, few, (4096, 4, 4))):
            L = 16 * 16384
            p = R._prepare_fwd(rows, L, torch.device("cpu"), size, False, True, True, False,
                               True, (L, 0, L, 0), channels=(32, 16, 16384),
                               channel_slices=True)
            c = p.cfg
            assert (c.block_n, c.num_warps, c.programs_per_sm) == want, (size, rows)
            assert R._pack16(c, size, backward=False) == (want == (4096, 4, 5))
    finally:
        R.fwd_config.cache_clear()
        R.clear_prepared()


def test_rows_fwd_channel_rule(monkeypatch):
    # groupnorm.ROWS_FWD_CHANNEL_MIN_BYTES: channel slices asked for groups of several
    # channels from 40 KB in 16-bit and 64 KB in fp32 (the last case: 16 KB).
    from fusednorm.kernels import rownorm as R
    asked = []
    real = R._prepare_fwd

    def spy(*args, **kwargs):
        asked.append(kwargs.get("channel_slices"))
        return real(*args, **kwargs)

    monkeypatch.setattr(R, "_prepare_fwd", spy)
    for shape, groups, dtype, want in (((2, 640, 32, 32), 32, torch.bfloat16, True),
                                       ((2, 512, 32, 32), 32, torch.bfloat16, False),
                                       ((2, 512, 32, 32), 32, torch.float32, True),
                                       ((2, 320, 32, 32), 32, torch.float32, False),
                                       ((2, 8, 64, 64), 8, torch.float32, False)):
        K.clear_plan_caches()
        asked.clear()
        x = torch.empty(shape, dtype=dtype)
        K._prepare_fwd(x, groups, None, True, True)
        assert asked and asked[0] == want, (shape, dtype)
    K.clear_plan_caches()


def test_group_reg_caps(monkeypatch):
    # groupnorm.GROUP_FWD_CAP / GROUP_BWD_CAP: the group path's registers capped where two
    # programs an SM did not fit (v0.42): the 16-bit one tile of 16384 on 32 warps (32), the
    # 16-bit backward's tiles of 8192 on 16 warps (64), the backward's 8-warp one tile
    # (64); not fp32's forward or its 16-warp backward tiles, nor the forward's 8 warps.
    monkeypatch.setattr(K, "ROWS_FWD", False)
    monkeypatch.setattr(K, "ROWS_BWD", False)
    monkeypatch.setattr(K, "GROUP_MIN_WAVES", 0)
    for shape, dtype, warps, fwd, bwd in (
            ((2, 512, 32, 32), torch.bfloat16, (32, 16), 32, 64),
            ((2, 512, 32, 32), torch.float16, (32, 16), 32, 64),
            ((2, 512, 32, 32), torch.float32, (32, 16), None, None),
            ((2, 1280, 8, 8), torch.bfloat16, (8, 8), None, 64),
            ((2, 1280, 8, 8), torch.float32, (8, 8), None, 64)):
        K.clear_plan_caches()
        x = torch.empty(shape, dtype=dtype)
        f = K._prepare_fwd(x, 32, None, True, True)
        b = K._prepare_bwd(x, 32, None, True, True)
        assert f.group_path and b.group_path, (shape, dtype)
        got = [(p.launches[0].num_warps, p.launches[0].maxnreg) for p in (f, b)]
        assert got == [(warps[0], fwd), (warps[1], bwd)], (shape, dtype, got)
    K.clear_plan_caches()


def test_group_tiles_bwd_fp32():
    # groupnorm.GROUP_TILE_USE_BWD (132 SMs): fp32 UNet 1280 (40 channels of 256) takes
    # 16 x 256 backward tiles on 8 warps (83% of the lanes used); 16-bit keeps the
    # full-use 8 x 256 on 4 warps (v0.47).
    K.clear_plan_caches()
    for element_size, want in ((4, (16, 256, 8)), (2, (8, 256, 4))):
        gc = K._group_config(1280, 256, 40, False, True, 16, element_size, 132)
        got = (gc.block_c, gc.block_s, gc.num_warps)
        assert got == want and not gc.one_tile, (element_size, got)


@pytest.mark.gpu
@pytest.mark.parametrize("activation", [None, "silu"])
def test_group_tiles_bwd_fp32_gpu(activation):
    # The fp32 group-path backward on 16 x 256 tiles (the last tile of each group half
    # padding: 40 channels) at UNet 1280's 16x1280x16x16, against float64 (_run). The
    # tiles are asserted on 132 SMs.
    x = torch.empty((16, 1280, 256), device="cuda")
    b = K._prepare_bwd(x, 32, activation, True, True)
    if torch.cuda.get_device_properties(0).multi_processor_count == 132:
        assert b.group_path and b.launches[0].num_warps == 8
    del x
    _run(torch.device("cuda"), torch.float32, (16, 1280, 16, 16), 32, activation=activation)


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("activation", [None, "silu"])
def test_rows_fwd_channel_slices_gpu(dtype, activation):
    # Channels of 32 x 32 (UNet 640's, SDXL's 1280): the contiguous forward on slices of
    # one channel, with and without statistics, against float64 (and the backward, _run).
    from fusednorm.kernels import rownorm as R
    K.clear_plan_caches()
    dev = torch.device("cuda")
    for C in (640, 1280):
        x = (torch.randn(2, C, 32, 32, device=dev) * 1.5 + 0.3).to(dtype)
        w = 1 + 0.5 * torch.randn(C, device=dev)
        b = 0.5 * torch.randn(C, device=dev)
        size = 4 if dtype == torch.float32 else 2
        for stats in (True, False):
            prep = K.prepare_fwd(x, 32, activation, w, b, x, stats)
            assert prep.rows is not None
            assert prep.rows.cfg.block_n == R.GN_FWD_CHANNEL[size][0]
        with torch.no_grad():
            y = fusednorm.group_norm(x, 32, w, b, activation=activation)
        ref = _act64(_group_norm64(x.double(), 32, w.double(), b.double(), 1e-5), activation)
        assert_close(y, ref, dtype, "y (inference)")
        _run(dev, dtype, (2, C, 32, 32), 32, activation=activation)


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("activation", [None, "silu"])
def test_rows_bwd_channel_slices_gpu(dtype, activation):
    # Channels of 32 x 32 (UNet 640's, SDXL's 1280): the rows-path backward on slices of
    # one channel, against float64; Cg = 20 (40 KB groups in 16-bit) and 40.
    from fusednorm.kernels import rownorm as R
    K.clear_plan_caches()
    for C in (640, 1280):
        x = torch.randn(2, C, 32, 32, device="cuda").to(dtype)
        prep = K._prepare_bwd(x.flatten(2), 32, activation, True, True)
        assert prep.rows is not None and prep.rows.cfg.block_n == R.GN_BWD_CHANNEL[x.element_size()][0]
        _run(torch.device("cuda"), dtype, (2, C, 32, 32), 32, activation=activation)


# Shapes that take this version's rows-path tables on the 132-SM H100 (v0.46), by element
# size: (shape, groups, the backward's (slice, warps, programs per SM), the forward's).
ROWS_V046 = {2: (((2, 512, 128, 128), 32, (4096, 4, 3), (4096, 4, 5)),  # 16 channels a row
                 # (64 rows: GN_FWD_COOP_FEW's 5 an SM, v0.47; 128 rows: the table's 4)
                 ((4, 512, 128, 128), 32, (4096, 4, 3), (4096, 4, 4)),
                 ((1, 64, 64, 64, 64), None, (4096, 4, 3), (4096, 4, 5)),  # one channel
                 ((1, 256, 256, 256), 32, (4096, 4, 3), (4096, 4, 5)),  # GROUP 128: words
                 ((8, 128, 32, 32, 32), None, (2048, 4, 5), None),  # rows of 32768
                 ((4, 64, 128, 128), None, (1024, 1, 12), None)),  # rows of 16384
             4: (((1, 256, 256, 256), 32, (4096, 8, 2), None),
                 ((1, 128, 512, 512), 32, (8192, 16, 1), None))}  # rows of 1M


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("activation", [None, "silu"])
def test_rows_v046_configs_gpu(dtype, activation):
    # The rows-path backward on 16-bit 4096 / 4 / 3, 2048 / 4 / 5 and 1024 / 1 / 12 (terms
    # after the wait, the held row as int32 words), fp32 4096 / 8 / 2 and 8192 / 16 / 1
    # without the L2 replay, and the 16-bit forward's 4096 / 4 / 5 with words, each on a
    # shape that takes it, against float64 (_run). The configs are asserted on 132 SMs.
    from fusednorm.kernels import rownorm as R
    size = 4 if dtype == torch.float32 else 2
    h100 = K.sm_count(torch.device("cuda")) == 132
    for shape, groups, bwd, fwd in ROWS_V046[size]:
        K.clear_plan_caches()
        G = groups or shape[1]
        x = torch.empty(shape, device="cuda", dtype=dtype)
        if h100:
            b = K._prepare_bwd(x.flatten(2), G, activation, True, True)
            assert b.rows is not None, shape
            c = b.rows.cfg
            assert (c.block_n, c.num_warps, c.programs_per_sm) == bwd, shape
            assert c.late_terms == c.pack16 == (size == 2), shape
            if fwd is not None:
                w = torch.ones(shape[1], device="cuda")
                f = K.prepare_fwd(x, G, activation, w, w, x, True)
                c = f.rows.cfg
                assert (c.block_n, c.num_warps, c.programs_per_sm) == fwd, shape
                assert R._pack16(c, size, backward=False) == (fwd == (4096, 4, 5)), shape
        del x
        _run(torch.device("cuda"), dtype, shape, G, activation=activation,
             instance=groups is None)
        torch.cuda.empty_cache()


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("activation", [None, "silu"])
def test_rows_bwd_channel_sum_gpu(dtype, activation, monkeypatch):
    # dw, db summed per channel in the rows-path backward's launch (FINAL_SUM 2, all
    # programs resident): one slice a channel (16x640x32x32), four (16x256x64x64: K 4 in
    # 16-bit), InstanceNorm (a row a channel, 8 slices in fp32) and, forced, the VAE's
    # few row groups (a program sums several rows one after another); against float64,
    # and bitwise over repeated runs.
    from fusednorm.kernels import rownorm as R
    for shape, groups, force in (((16, 640, 32, 32), 32, None), ((16, 256, 64, 64), 32, None),
                                 ((16, 64, 128, 128), None, None), ((2, 512, 64, 64), 32, True)):
        monkeypatch.setattr(R, "CHANNEL_SUM", force)
        R.clear_prepared()
        K.clear_plan_caches()
        G = groups or shape[1]
        x = torch.randn(shape, device="cuda").to(dtype)
        prep = K._prepare_bwd(x.flatten(2), G, activation, True, True)
        if prep.rows is None:  # (the thresholds of another dtype: not this test's subject)
            continue
        assert dict(prep.rows.launch.constexprs)["FINAL_SUM"] == 2, shape
        _run(torch.device("cuda"), dtype, shape, G, activation=activation,
             instance=groups is None)
        w = torch.randn(shape[1], device="cuda", dtype=dtype)
        b = torch.randn(shape[1], device="cuda", dtype=dtype)
        dy = torch.randn_like(x)
        first = None
        for _ in range(5):
            xs, ws, bs = (t.clone().requires_grad_() for t in (x, w, b))
            y = fusednorm.group_norm(xs, G, ws, bs, activation=activation)
            y.backward(dy)
            out = [xs.grad, ws.grad, bs.grad]
            first = first or out
            assert all(torch.equal(p, q) for p, q in zip(first, out)), shape
    R.clear_prepared()
    K.clear_plan_caches()


@pytest.mark.gpu
@pytest.mark.parametrize("layout", LAYOUTS)
def test_repeated_runs_gpu(layout):
    # Programs of one launch really run concurrently here: phase-2 tasks wait on their
    # segment while phase-1 tasks of later segments stream. Twenty runs, bitwise equal.
    x = _to_layout(torch.randn(8, 320, 48, 40, device="cuda"), layout).to(torch.bfloat16)
    w = torch.randn(320, device="cuda", dtype=torch.bfloat16)
    b = torch.randn(320, device="cuda", dtype=torch.bfloat16)
    dy = torch.randn_like(x)
    first = None
    for _ in range(20):
        xs, ws, bs = (t.clone().requires_grad_() for t in (x, w, b))
        y = fusednorm.group_norm(xs, 32, ws, bs, activation="silu")
        y.backward(dy)
        out = [y, xs.grad, ws.grad, bs.grad]
        if first is None:
            first = out
        assert all(torch.equal(p, q) for p, q in zip(first, out))


@pytest.mark.gpu
@pytest.mark.parametrize("layout", LAYOUTS)
def test_cuda_graph(layout):
    # Contiguous: the split path; channels_last: the columns path (three launches).
    x = _to_layout(torch.randn(4, 64, 16, 16, device="cuda", dtype=torch.bfloat16), layout)
    w = torch.randn(64, device="cuda", dtype=torch.bfloat16)
    fusednorm.group_norm(x, 8, w, activation="silu")  # warm up: compile outside capture
    g, y = captured(lambda: fusednorm.group_norm(x, 8, w, activation="silu"))
    x.copy_(torch.randn_like(x))
    g.replay()
    torch.cuda.synchronize()
    ref = F.silu(F.group_norm(x.double(), 8, w.double()))
    assert_close(y, ref, torch.bfloat16, "graph replay")


@pytest.mark.gpu
@pytest.mark.parametrize("tickets", [True, False], ids=["tickets", "memset"])
def test_cuda_graph_cooperative_layers(tickets, monkeypatch):
    # Several cooperative launches in one capture (the rows path's forward and backward,
    # contiguous, the group path's folded sum (at 16x1280x16x16 in several tiles, where a
    # ticket race hung a replay, v0.48 call 4), and the cooperative columns paths,
    # channels_last; a UNet's layers), each with a workspace of its own (launch.
    # coop_workspace): with tickets kept across replays, each replay's tags from its
    # counts of replays; without, zeroed again by every replay. Replays with new inputs stay
    # right.
    from fusednorm.kernels import launch as L
    from fusednorm.ops import groupnorm as OG
    monkeypatch.setattr(L, "CAPTURE_TICKETS", tickets)
    mark = L.capture_mark()
    cases = [((16, 640, 32, 32), 32, "nc"), ((16, 640, 32, 32), 32, "cl"),
             ((4, 320, 32, 32), 32, "nc"), ((16, 64, 32, 32), 64, "cl"),
             ((16, 1280, 8, 8), 32, "nc"), ((16, 1280, 16, 16), 32, "nc")]
    data = []
    for shape, G, layout in cases:
        x = _to_layout(torch.randn(shape, device="cuda"), layout).to(torch.bfloat16)
        w = (1 + 0.3 * torch.randn(shape[1], device="cuda")).to(torch.bfloat16)
        b = (0.3 * torch.randn(shape[1], device="cuda")).to(torch.bfloat16)
        data.append((x, w, b, torch.randn_like(x), G))

    def step():
        out = []
        for x, w, b, dy, G in data:
            y, mean, rstd = OG.fwd_impl(x, w, b, G, 1e-5, "silu")
            out.append((y,) + tuple(OG.bwd_impl(dy, x, w, b, mean, rstd, G, "silu", True, True)))
        return out
    step()  # compile outside capture
    g, outs = captured(step)
    made = L.capture_mark() - mark
    assert (made > 0) if tickets else made == 0
    for _ in range(3):
        for x, w, b, dy, G in data:
            x.copy_(torch.randn_like(x))
            dy.copy_(torch.randn_like(dy))
        g.replay()
        torch.cuda.synchronize()
        for (x, w, b, dy, G), (y, dx, dw, db) in zip(data, outs):
            r = [t.double().requires_grad_() for t in (x, w, b)]
            ref = F.silu(F.group_norm(r[0], G, r[1], r[2], 1e-5))
            ref.backward(dy.double())
            assert_close(y, ref, torch.bfloat16, "graph replay y")
            assert_close(dx, r[0].grad, torch.bfloat16, "graph replay dx")
            assert_close(dw, r[1].grad, torch.bfloat16, "graph replay dw", scale=4)
            assert_close(db, r[2].grad, torch.bfloat16, "graph replay db", scale=4)
    del g, outs
    L.release_capture_workspaces(mark)


@pytest.mark.gpu
def test_int64_offsets():
    # More than 2^31 elements in one tensor: n * stride_n passes int32 (4.4 GB in bf16).
    try:
        x = torch.randn(2, 65, 256, 256, 256, device="cuda", dtype=torch.bfloat16)
    except torch.OutOfMemoryError:
        pytest.skip("not enough GPU memory")
    y, mean, rstd = fusednorm.instance_norm(x, return_stats=True)
    tail = x[-1, -2:].double()
    ref_mean = tail.mean((1, 2, 3))
    ref_rstd = torch.rsqrt(tail.var((1, 2, 3), unbiased=False) + 1e-5)
    assert_close(mean[-1, -2:], ref_mean, torch.float32, "mean of the last channels")
    assert_close(rstd[-1, -2:], ref_rstd, torch.float32, "rstd of the last channels")
    ref = (tail - ref_mean[:, None, None, None]) * ref_rstd[:, None, None, None]
    assert_close(y[-1, -2:], ref, torch.bfloat16, "last channels")


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("shape, groups", [
    ((2, 8, 5, 7), 4),  # the group path (statistics skipped), or with fewer SMs (the GPU's
    #                     132) the rows path or, channels_last, the cooperative columns path
    ((1, 6, 5, 7), 3),  # the split path (too few groups for the group path)
    ((2, 4, 3, 5, 2), None),  # InstanceNorm, 5-D
], ids=["group", "split", "instance"])
def test_inference_path(device, layout, shape, groups):
    # An eager call without gradients or statistics takes the inference path
    # (ops.groupnorm.fast): the same y on each call, the full path's within rounding, in
    # x's memory format.
    from fusednorm.kernels.launch import INFER_PLANS
    x = _to_layout(torch.randn(shape, device=device), layout)
    w = 1 + 0.5 * torch.randn(shape[1], device=device)
    b = 0.5 * torch.randn(shape[1], device=device)

    def run():
        if groups is None:
            return fusednorm.instance_norm(x, w, b, activation="silu")
        return fusednorm.group_norm(x, groups, w, b, activation="silu")

    K.clear_plan_caches()
    with torch.no_grad():
        first, second = run(), run()
    plans = list(INFER_PLANS.values())
    assert len(plans) == use_kernels(device) and all(p is not False for p in plans)
    g = shape[1] if groups is None else groups
    if plans:
        prep = plans[0][0]
        expect = K.group_config(K._canonical(x), shape[1] // g, backward=False) is not None
        assert prep.group_path == (expect and prep.rows is None)
        assert prep.stats_optional == (expect or prep.rows is not None or prep.slots > 0)
    x.requires_grad_()
    full = run()
    assert full.grad_fn is not None
    assert torch.equal(first, second)
    # The full path is another compiled variant (it stores the statistics): equal within
    # rounding (see test_rownorm.test_inference_path).
    assert_close(first, full.detach().double(), torch.float32, "inference vs full path")
    assert all(a == b_ for a, b_, n in zip(first.stride(), x.stride(), x.shape) if n > 1)
    ref = F.silu(_group_norm64(x.detach().double(), g, w.double(), b.double(), 1e-5))
    assert_close(first, ref, torch.float32, "y")


@pytest.mark.parametrize("P,C,K,has_dw,has_db", [
    (3, 5, 1, True, True),  # the row norms' (P, N) partial rows
    (2, 7, 3, True, True),  # GroupNorm rows path: (N, C, K) slice sums, K not a power of two
    (3, 3, 70, True, False),  # K over one step (64): the loop over k
    (1, 300, 2, False, True),  # columns over one program
    (40, 37, 1, True, True),  # the narrow tile (rownorm.SUM_NARROW): rows over two steps,
    (33, 20, 1, False, True),  # columns over several programs
])
def test_sum_partials(device, P, C, K, has_dw, has_db):
    """rownorm.sum_launch: dw[c] = sum over p, k of (P, C, K) fp32 partials, cast to the
    output's dtype; poisoned outputs, float64 reference."""
    if not use_kernels(device):
        pytest.skip("kernels do not run on this device")
    from fusednorm.kernels import rownorm as R
    pw = torch.randn((P, C, K), device=device)
    pb = torch.randn((P, C, K), device=device)
    dw = torch.full((C,), float("nan"), device=device, dtype=torch.bfloat16)
    db = torch.full((C,), float("nan"), device=device)
    launch = R.sum_launch(P, C, K, has_dw, has_db)
    narrow = K == 1 and P >= R.SUM_NARROW_MIN_P and C <= R.SUM_NARROW_MAX_N
    assert (dict(launch.constexprs)["BLOCK_N"] == R.SUM_NARROW[1]) == narrow
    launch((pw if has_dw else pb, pb if has_db else pw, dw if has_dw else db,
            db if has_db else dw))
    if has_dw:
        assert_close(dw, pw.double().sum((0, 2)), torch.bfloat16, "dw")
    if has_db:
        assert_close(db, pb.double().sum((0, 2)), torch.float32, "db", scale=math.sqrt(P * K))
    if not has_dw:
        assert dw.isnan().all()


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("act,grads", [(None, "all"), ("silu", "all"), ("silu", "x"),
                                       (None, "w")])
def test_training_path(device, layout, act, grads, monkeypatch):
    # An eager call that autograd records takes the training path (ops.groupnorm.fast: one
    # plan per call key, requires_grad included): outputs and gradients bitwise the general
    # eager path's, with dy in x's strides (the backward's cached launch) and in the other
    # layout (the general backward), and y in x's layout.
    from fusednorm.kernels.launch import INFER_PLANS
    from fusednorm.ops import eager
    shape = (2, 6, 5, 7)
    x = _to_layout(torch.randn(shape, device=device), layout).to(torch.bfloat16)
    w = torch.randn(6, device=device).to(torch.bfloat16)
    b = torch.randn(6, device=device)  # fp32 bias: its gradient comes back in fp32
    g = _to_layout(torch.randn(shape, device=device), layout).to(torch.bfloat16)
    other = "channels_last" if layout == "contiguous" else "contiguous"
    g_o = _to_layout(torch.randn(shape, device=device), other).to(torch.bfloat16)
    want = {"all": (True, True, True), "x": (True, False, False), "w": (False, True, True)}[grads]
    outs = []
    for plans in (True, False):
        monkeypatch.setattr(eager, "TRAIN_PLANS", plans)
        INFER_PLANS.clear()
        res = []
        for dy in (g, g_o, g):
            xs, ws, bs = (t.clone().requires_grad_(q) for t, q in zip((x, w, b), want))
            y = fusednorm.group_norm(xs, 3, ws, bs, activation=act)
            taken = plans and use_kernels(device)
            assert ("Train" in y.grad_fn.name()) == taken, y.grad_fn.name()
            assert y.stride() == x.stride()
            (y * dy).sum().backward()
            res += [y] + [t.grad for t in (xs, ws, bs) if t.requires_grad]
        outs.append(res)
    for a, b_ in zip(*outs):
        assert a.dtype == b_.dtype and a.stride() == b_.stride() and torch.equal(a, b_)


def _rows_path(name):
    def taken(prep):
        from fusednorm.kernels import rownorm as R
        return prep.rows is not None and dict(prep.rows.launch.constexprs)["PATH"] == {
            "tile": R.TILE, "coop": R.COOP, "loop": R.LOOP}[name]
    return taken


# Each forward path, the settings that send a small shape down it, and a check on the
# prepared launch: (layout, shape, groups, groupnorm constants, rownorm constants, check).
FWD_PATHS = {
    "rows_tile": ("contiguous", (3, 4, 9), 4, {"ROWS_FWD_LOOP": True}, {}, _rows_path("tile")),
    "rows_coop": ("contiguous", (3, 4, 9), 4, {"ROWS_FWD_LOOP": True}, ROWS_PATHS["coop"],
                  _rows_path("coop")),
    "rows_loop": ("contiguous", (3, 4, 9), 4, {"ROWS_FWD_LOOP": True}, ROWS_PATHS["loop"],
                  _rows_path("loop")),
    "group_one_tile": ("contiguous", (4, 12, 10, 9), 2, {
        "GROUP_MIN_WAVES": 0, "GROUP_MIN_RUN_BYTES_LAST": 0}, {},
        lambda p: p.group_path and dict(p.launches[0].constexprs)["ONE_TILE"]),
    "group_tiles": ("channels_last", (4, 12, 10, 9), 2, {
        "GROUP_TILE_FWD": 64, "GROUP_MIN_WAVES": 0, "GROUP_MIN_RUN_BYTES_LAST": 0}, {},
        lambda p: p.group_path and not dict(p.launches[0].constexprs)["ONE_TILE"]),
    "split": ("channels_last", (2, 320, 12, 12), 32, {
        "ELEMS_PER_THREAD_LAST": 16, "COLS_MAX_CG": 0, "COLS_COOP": False}, {},
        lambda p: not (p.group_path or p.cols_path or p.slots or p.rows)),
    "cols": ("channels_last", (2, 320, 4, 5), 32, {
        "COLS_PROGRAMS_PER_SM": 1 << 20, "COLS_TILE_FWD": 64, "COLS_MIN_STEPS": 2,
        "COLS_COMB_LANES": 64, "COLS_COOP": False}, {}, lambda p: p.cols_path),
    "cols_coop": ("channels_last", (3, 16, 5, 7), 2, {"COLS_COOP_TILE": 32}, {},
                  lambda p: p.slots > 0),
    "cols_coop_gather": ("channels_last", (3, 20, 5, 7), 2, {"COLS_COOP_TILE": 32}, {},
                         lambda p: p.slots > 0 and dict(p.launches[0].constexprs)["GATHER"]),
}


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16], ids=["fp32", "bf16"])
@pytest.mark.parametrize("path", list(FWD_PATHS))
def test_constant_groups(device, path, dtype, monkeypatch):
    # A group of equal values far from 0 normalizes to exactly the bias, as torch gives
    # it, on every forward path: each mean is formed from sums shifted by one of the
    # group's values, or corrected by its deviations' own mean (_wmean), so it is exact.
    # Until v0.37 a plain sum's rounding left the mean an ulp off and rstd = eps^-1/2
    # scaled it (0.02 at 1000.37, fp32). The other groups have spread; outputs poisoned.
    if not use_kernels(device):
        pytest.skip("kernels do not run on this device")
    if device.type == "cuda" and path == "rows_loop":
        pytest.skip("the GPU declines the rows path's loop launch (test_rows_path)")
    from fusednorm.kernels import rownorm as R
    layout, shape, groups, consts, row_consts, taken = FWD_PATHS[path]
    for name, value in consts.items():
        monkeypatch.setattr(K, name, value)
    for name, value in row_consts.items():
        monkeypatch.setattr(R, name, value)
    R.clear_prepared()
    K.clear_plan_caches()
    try:
        N, C = shape[:2]
        Cg = C // groups
        v = 12345.678 if dtype == torch.float32 else 1000.0
        x = torch.randn(shape, device=device) * 2 + v
        x[:, :Cg] = v  # each sample's first group
        x = _to_layout(x, layout).to(dtype)
        # w and b in x's dtype: b as y's dtype holds it, whatever rounding a conversion
        # takes (the interpreter's bf16 conversion truncates).
        w = (1 + 0.5 * torch.randn(C, device=device)).to(dtype)
        b = (0.5 * torch.randn(C, device=device)).to(dtype)
        nan = float("nan")
        y = torch.full_like(x, nan)
        mean, rstd = (torch.full((N, groups), nan, device=device) for _ in range(2))
        assert taken(K.prepare_fwd(x, groups, None, w, b, y, True))
        K.groupnorm_fwd(x, w, b, groups, 1e-5, None, y, mean, rstd)
        assert torch.equal(mean[:, 0], x[:, 0].flatten(1)[:, 0].float())
        bias = b[:Cg].view(1, Cg, *[1] * (len(shape) - 2)).expand(N, Cg, *shape[2:])
        assert torch.equal(y[:, :Cg], bias)
        # The groups with spread: |mean| = 500-6000 std, where x - mean loses digits
        # whoever computes it: as test_rows_path's floor.
        x64 = x.double()
        ref = _group_norm64(x64, groups, w.double(), b.double(), 1e-5)
        floor = max(1.0, 4 * v * 2**-23 / 1e-5) if dtype == torch.float32 else 1.0
        assert_close(y[:, Cg:], ref[:, Cg:], dtype, "y", scale=floor)
    finally:
        R.clear_prepared()
        K.clear_plan_caches()


@pytest.mark.parametrize("tile, shift", [(None, True), (8192, False)],
                         ids=["one_tile", "tiles"])
def test_constant_groups_fp16_shift(device, tile, shift, monkeypatch):
    # fp16 groups of 10240 (> 8192: a plain sum of equal fp16 values can round there) on
    # the group path: as one tile of 16384 the sums shift (SHIFT); in tiles of 2048 no sum
    # adds more than 8192 values and the tiles' equal means merge exactly, so they do
    # not (v0.42: _group_shift bounds the values per sum, not the group). Both exact.
    # (The interpreter's and the GPU's reduction trees add these values exactly even
    # unshifted; the check holds for any order, and the launch decision is asserted.)
    if not use_kernels(device):
        pytest.skip("kernels do not run on this device")
    monkeypatch.setattr(K, "ROWS_FWD", False)
    monkeypatch.setattr(K, "GROUP_MIN_WAVES", 0)
    if tile is not None:
        monkeypatch.setattr(K, "GROUP_TILE_FWD", tile)
    K.clear_plan_caches()
    try:
        shape, groups, v = (2, 4, 64, 80), 2, 1000.5  # Cg 2, S 5120
        x = torch.randn(shape, device=device) * 2 + v
        x[:, :2] = v
        x = x.to(torch.float16)
        w = (1 + 0.5 * torch.randn(4, device=device)).to(torch.float16)
        b = (0.5 * torch.randn(4, device=device)).to(torch.float16)
        nan = float("nan")
        y = torch.full_like(x, nan)
        mean, rstd = (torch.full((2, groups), nan, device=device) for _ in range(2))
        prep = K.prepare_fwd(x, groups, None, w, b, y, True)
        consts = dict(prep.launches[0].constexprs)
        assert prep.group_path and consts["ONE_TILE"] == (tile is None)
        assert consts["SHIFT"] == shift
        K.groupnorm_fwd(x, w, b, groups, 1e-5, None, y, mean, rstd)
        assert torch.equal(mean[:, 0], torch.full((2,), v, device=device))
        assert torch.equal(y[:, :2], b[:2].view(1, 2, 1, 1).expand(2, 2, 64, 80))
        ref = _group_norm64(x.double(), groups, w.double(), b.double(), 1e-5)
        assert_close(y[:, 2:], ref[:, 2:], torch.float16, "y")
    finally:
        K.clear_plan_caches()


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("shape, groups", [((2, 320, 4, 5), 32), ((3, 12, 10, 9), 2)])
def test_constant_groups_backward(device, layout, shape, groups):
    # fp32 gradients with each sample's first group all 12345.678, against float64
    # through the public API: that group's xhat is exactly 0 (its dx is rstd * (dz -
    # mean(dz)) with rstd = eps^-1/2, and it adds nothing to dweight).
    if not use_kernels(device):
        pytest.skip("kernels do not run on this device")
    Cg = shape[1] // groups

    def first_group(t):
        t = t.clone()
        t[:, :Cg] = 12345.678
        return t
    _run(device, torch.float32, shape, groups, layout, "silu", x_fn=first_group)
