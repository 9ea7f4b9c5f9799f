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


def activation(z, name):
    """The fused activation after the affine transform: None, 'silu', 'gelu' or 'gelu_tanh'."""
    if name is None:
        return z
    if name == "silu":
        return torch.nn.functional.silu(z)
    return torch.nn.functional.gelu(z, approximate="tanh" if name == "gelu_tanh" else "none")


def activation_grad(z, name):
    """d activation(z) / dz for a named activation."""
    if name == "silu":
        s = torch.sigmoid(z)
        return s * (1 + z * (1 - s))
    if name == "gelu":
        return 0.5 * (1 + torch.erf(z * 0.5**0.5)) + z * torch.exp(-0.5 * z * z) * (2 * torch.pi) ** -0.5
    k = (2 / torch.pi) ** 0.5
    t = torch.tanh(k * (z + 0.044715 * z**3))
    return 0.5 * (1 + t) + 0.5 * z * (1 - t * t) * k * (1 + 3 * 0.044715 * z * z)


def _groupnorm_xhat(xf, mean, rstd, num_groups: int):
    N, C, S = xf.shape
    xg = xf.reshape(N, num_groups, (C // num_groups) * S)
    return ((xg - mean[:, :, None]) * rstd[:, :, None]).reshape(N, C, S)


def _affine(xhat, weight, bias, ct):
    z = xhat * weight.to(ct)[:, None] if weight is not None else xhat
    return z + bias.to(ct)[:, None] if bias is not None else z


def groupnorm_fwd(x, weight, bias, num_groups: int, eps: float, activation_name):
    """x: (N, C, S). Returns (y, mean, rstd): y in x's dtype and strides, mean/rstd fp32
    (N, num_groups) (float64 for float64 x)."""
    ct = _compute_dtype(x.dtype)
    N, C, S = x.shape
    xg = x.to(ct).reshape(N, num_groups, (C // num_groups) * S)
    mean = xg.mean(dim=2, keepdim=True)
    xc = xg - mean
    rstd = torch.rsqrt(xc.square().mean(dim=2, keepdim=True) + eps)
    y = activation(_affine((xc * rstd).reshape(N, C, S), weight, bias, ct), activation_name)
    return torch.empty_like(x).copy_(y), mean[:, :, 0], rstd[:, :, 0]


def groupnorm_bwd(dy, x, weight, bias, mean, rstd, num_groups: int, activation_name):
    """Gradients of groupnorm_fwd given its statistics. Returns (dx, dw, db): dx in x's
    dtype and strides, dw/db (C,) in the compute dtype."""
    ct = _compute_dtype(x.dtype)
    N, C, S = x.shape
    xhat = _groupnorm_xhat(x.to(ct), mean.to(ct), rstd.to(ct), num_groups)
    dz = dy.to(ct)
    if activation_name is not None:
        dz = dz * activation_grad(_affine(xhat, weight, bias, ct), activation_name)
    wdz = dz * weight.to(ct)[:, None] if weight is not None else dz
    groups = (N, num_groups, (C // num_groups) * S)
    wdz, xhat_g = wdz.reshape(groups), xhat.reshape(groups)
    c1 = (wdz * xhat_g).mean(dim=2, keepdim=True)
    c2 = wdz.mean(dim=2, keepdim=True)
    dx = ((wdz - (xhat_g * c1 + c2)) * rstd.to(ct)[:, :, None]).reshape(N, C, S)
    return torch.empty_like(x).copy_(dx), (dz * xhat).sum(dim=(0, 2)), dz.sum(dim=(0, 2))
