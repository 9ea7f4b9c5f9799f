"""Shared numerics for the tests: tolerances by dtype and a poisoned-output check."""
import torch

# Relative tolerance ~ one rounding of the output in its dtype (half an ulp is 2^-24,
# 2^-11, 2^-8), with headroom for fp32 accumulation order; atol is scaled by the
# reference's largest magnitude (at least 1) so values near zero don't fail on rounding noise.
TOLERANCES = {
    torch.float32: dict(rtol=1e-5, atol=1e-5),
    torch.float16: dict(rtol=2e-3, atol=2e-3),
    torch.bfloat16: dict(rtol=1.6e-2, atol=1.6e-2),
}


def assert_close(out: torch.Tensor, ref: torch.Tensor, dtype: torch.dtype, what: str = "",
                 scale: float = 1.0):
    """out (any dtype) against a float64 reference; `scale` widens tolerances for sums
    over many terms (about sqrt(terms) for weight gradients)."""
    assert out.shape == ref.shape, f"{what}: shape {tuple(out.shape)} != {tuple(ref.shape)}"
    o = out.detach().double().cpu()
    r = ref.detach().double().cpu()
    assert torch.isfinite(o).all(), f"{what}: non-finite values (unwritten output?)"
    tol = TOLERANCES[dtype]
    mag = r.abs().max().item() if r.numel() else 0.0
    allowed = tol["rtol"] * r.abs() + tol["atol"] * scale * max(mag, 1.0)
    err = (o - r).abs()
    bad = err > allowed
    assert not bad.any(), (f"{what}: {int(bad.sum())} of {r.numel()} elements off, max err "
                           f"{err.max().item():.3e} (ref max {mag:.3e}, dtype {dtype})")


def captured(step):
    """(graph, outputs): `step()` run once on a side stream (the warm-up CUDA graph
    capture asks for: kernels compiled, workspaces made), then captured in a CUDA graph;
    replay the graph to refresh the outputs."""
    s = torch.cuda.Stream()
    s.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(s):
        step()
    torch.cuda.current_stream().wait_stream(s)
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g):
        out = step()
    return g, out


def ticket_workspaces(monkeypatch):
    """Make every cooperative launch take the path of a launch captured in a CUDA graph
    (launch.coop_workspace during capture): a zeroed buffer of its own, kept across calls,
    and tag 0, so that the kernels take each call's tag from the count of calls kept per
    program before the buffer's words (rownorm._launch_tag). A launch site's calls share
    a buffer, as one captured launch's replays do. Returns {site: (buffer, words before
    the view)}. A site is the calling code and the prepared launch it holds (`self` or
    `prep`), so each prepared launch has its own."""
    import sys
    from fusednorm.kernels import groupnorm as GK
    from fusednorm.kernels import rownorm as RK
    bufs = {}

    def workspace(device, words, fresh=False, span=1, programs=0):
        if fresh:
            return torch.zeros((words,), device=device, dtype=torch.int64), 1
        assert programs > 0
        f1, f2 = sys._getframe(1), sys._getframe(2)
        owner = f1.f_locals.get("self", f1.f_locals.get("prep"))
        site = (f1.f_code, f1.f_lineno, f2.f_code, f2.f_lineno, id(owner), words)
        head = programs + programs % 2
        if site not in bufs:
            bufs[site] = (torch.zeros((head + words,), device=device, dtype=torch.int64), head)
        return bufs[site][0][head:], 0

    monkeypatch.setattr(RK, "coop_workspace", workspace)
    monkeypatch.setattr(GK, "coop_workspace", workspace)
    return bufs


def tickets_taken(entry) -> int:
    """The calls a ticket_workspaces buffer has counted: every program's count, which must
    agree (the even count's pad word stays 0); -1 where they do not."""
    buf, head = entry
    c = buf[:head]
    ok = bool((c == c[0]).all()) or (bool((c[:-1] == c[0]).all()) and int(c[-1]) == 0)
    return int(c[0]) if ok else -1
