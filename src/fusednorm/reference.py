"""Plain-PyTorch math for every op: the CPU path (when the Triton interpreter is off) and
the second opinion in tests. Computes in fp32 (float64 for float64 input) and returns
outputs in the input's dtype, like the kernels."""
import torch


def _compute_dtype(dtype: torch.dtype) -> torch.dtype:
    return torch.float64 if dtype == torch.float64 else torch.float32


def rownorm_fwd(x, residual, weight, bias, eps: float, is_rms: bool):
    """x: (M, N). Returns (y, h, mean, rstd): h is x + residual in x's dtype (None without a
    residual), mean is None for RMSNorm, mean/rstd are fp32 (M,)."""
    ct = _compute_dtype(x.dtype)
    h = None
    if residual is not None:
        h = (x.to(ct) + residual.to(ct)).to(x.dtype)
        xf = h.to(ct)
    else:
        xf = x.to(ct)
    if is_rms:
        mean = None
        xc = xf
    else:
        mean = xf.mean(dim=1)
        xc = xf - mean[:, None]
    rstd = torch.rsqrt((xc * xc).mean(dim=1) + eps)
    y = xc * rstd[:, None]
    if weight is not None:
        y = y * weight.to(ct)
    if bias is not None:
        y = y + bias.to(ct)
    stat = torch.float64 if ct == torch.float64 else torch.float32
    return (y.to(x.dtype), h, None if mean is None else mean.to(stat), rstd.to(stat))


def rownorm_bwd(dy, dh, x, weight, mean, rstd, is_rms: bool, want_db: bool):
    """Gradients of rownorm_fwd given the saved statistics. Returns (dx, dw, db) with
    dw/db in fp32 (None when absent)."""
    ct = _compute_dtype(x.dtype)
    xf = x.to(ct)
    dyf = dy.to(ct)
    r = rstd.to(ct)[:, None]
    xhat = xf * r if is_rms else (xf - mean.to(ct)[:, None]) * r
    wdy = dyf * weight.to(ct) if weight is not None else dyf
    n = x.shape[1]
    c1 = (xhat * wdy).sum(dim=1, keepdim=True) / n
    if is_rms:
        dx = (wdy - xhat * c1) * r
    else:
        c2 = wdy.sum(dim=1, keepdim=True) / n
        dx = (wdy - (xhat * c1 + c2)) * r
    if dh is not None:
        dx = dx + dh.to(ct)
    dw = (dyf * xhat).sum(dim=0) if weight is not None else None
    db = dyf.sum(dim=0) if want_db else None
    return dx.to(x.dtype), dw, db
