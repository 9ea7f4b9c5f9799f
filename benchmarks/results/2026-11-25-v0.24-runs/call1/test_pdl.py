"""Programmatic dependent launch (kernels/__init__.py, PDL): which launches use it, and on
the GPU that results with it are bitwise those without it, eager and replayed from a
CUDA graph, on every path that launches several kernels in a row."""
import pytest
import torch

import fusednorm
import fusednorm.kernels as FK
from fusednorm.kernels import groupnorm as GK
from fusednorm.kernels import rownorm as RK


def _set_pdl(monkeypatch, on: bool):
    monkeypatch.setattr(FK, "PDL", on)
    RK.clear_prepared()
    GK.clear_plan_caches()


@pytest.fixture(autouse=True)
def _fresh_caches():
    yield
    RK.clear_prepared()
    GK.clear_plan_caches()


def _gdc(launch):
    return dict(launch.constexprs)["GDC"]


def test_pdl_off_without_cuda():
    # The interpreter and the CPU never take it: griddepcontrol is PTX for sm_90 on.
    assert not FK.pdl(torch.device("cpu"))


def test_prepared_launch_flags(monkeypatch):
    # What the launchers prepare: the first launch of a call triggers its dependents
    # (GDC 1) and is launched plainly; each later one is launched with PDL and waits
    # (GDC 2, or 3 when it also triggers the next). With PDL off (or off the GPU): none.
    dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    for on in (False, True):
        _set_pdl(monkeypatch, on)
        on = FK.pdl(dev)
        x = torch.randn(64, 1024, device=dev)
        w = torch.randn(1024, device=dev)
        mean = rstd = torch.empty(64, device=dev)
        prep = RK.prepare_bwd(x, None, x, w, mean, rstd, False, True, True, x)
        assert prep.total is not None  # more than one partial row: a sum launch follows
        assert (_gdc(prep.launch), prep.launch.pdl) == (int(on), False)
        assert (_gdc(prep.total), prep.total.pdl) == ((2 if on else 0), on)
        # channels_last with Cg = 10 (not a power of two): the columns path.
        xc = torch.randn(2, 60, 8, 8, device=dev).to(memory_format=torch.channels_last)
        gp = GK.prepare_fwd(xc, 6, None, w[:60], w[:60], xc, True)
        assert gp.cols_path
        stats, combine, apply = gp.launches
        assert [_gdc(k) for k in gp.launches] == ([1, 3, 2] if on else [0, 0, 0])
        assert [k.pdl for k in gp.launches] == [False, on, on]


def _group_outputs(x, groups):
    w = torch.randn(x.shape[1], device="cuda", dtype=x.dtype)
    b = torch.randn(x.shape[1], device="cuda", dtype=x.dtype)
    dy = torch.randn_like(x)
    xs, ws, bs = (t.detach().clone().requires_grad_() for t in (x, w, b))
    y = fusednorm.group_norm(xs, groups, ws, bs, activation="silu")
    y.backward(dy)
    return [y, xs.grad, ws.grad, bs.grad]


@pytest.mark.gpu
@pytest.mark.parametrize("case", ["cols", "group", "rows_bwd"])
def test_pdl_bitwise(monkeypatch, case):
    # Each case runs on a path with a second launch after the first: channels_last
    # (columns path: stats, combine, apply), the group path's backward with its sum
    # launch (N * Cg above FOLD_GROUP_MAX), the row norms' backward with its sum launch.
    torch.manual_seed(0)
    if case == "cols":
        x = torch.randn(4, 60, 24, 24, device="cuda", dtype=torch.bfloat16).to(
            memory_format=torch.channels_last)
        run = lambda: _group_outputs(x, 6)  # noqa: E731
    elif case == "group":
        x = torch.randn(16, 2048, 8, 8, device="cuda", dtype=torch.bfloat16)
        monkeypatch.setattr(GK, "FOLD_GROUP_MAX", 64)
        run = lambda: _group_outputs(x, 32)  # noqa: E731
    else:
        x = torch.randn(3000, 2048, device="cuda", dtype=torch.bfloat16)
        w = torch.randn(2048, device="cuda", dtype=torch.bfloat16)
        b = torch.randn(2048, device="cuda", dtype=torch.bfloat16)
        dy = torch.randn_like(x)

        def run():
            xs, ws, bs = (t.detach().clone().requires_grad_() for t in (x, w, b))
            y = fusednorm.layer_norm(xs, (2048,), ws, bs)
            y.backward(dy)
            return [y, xs.grad, ws.grad, bs.grad]
    got = {}
    for on in (False, True):
        _set_pdl(monkeypatch, on)
        got[on] = run()
    assert all(torch.equal(p, q) for p, q in zip(got[False], got[True]))


@pytest.mark.gpu
@pytest.mark.parametrize("backward", [False, True])
def test_pdl_cuda_graph(monkeypatch, backward):
    # PDL launches captured in a CUDA graph and replayed on new data give what an eager
    # call gives (columns path, channels_last; the backward's three launches too).
    _set_pdl(monkeypatch, True)
    torch.manual_seed(0)
    x = torch.randn(4, 60, 24, 24, device="cuda", dtype=torch.bfloat16).to(
        memory_format=torch.channels_last)
    w = torch.randn(60, device="cuda", dtype=torch.bfloat16)
    b = torch.randn(60, device="cuda", dtype=torch.bfloat16)
    dy = torch.randn_like(x)
    from fusednorm.ops import groupnorm as OG

    def step():
        y, mean, rstd = OG.fwd_impl(x.flatten(2), w, b, 6, 1e-5, "silu")
        if not backward:
            return [y]
        return list(OG.bwd_impl(dy.flatten(2), x.flatten(2), w, b, mean, rstd, 6, "silu",
                                True, True))
    s = torch.cuda.Stream()
    s.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(s):
        step()
    torch.cuda.current_stream().wait_stream(s)
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g):
        out = step()
    x.copy_(torch.randn_like(x))
    g.replay()
    torch.cuda.synchronize()
    ref = step()
    assert all(torch.equal(p, q) for p, q in zip(out, ref))
