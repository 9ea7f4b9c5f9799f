"""The functional API: argument checks, then a reshape to the canonical (M, N) view that
the registered ops take. Signatures follow torch.nn.functional."""
import math
import numbers
import operator
from typing import Optional, Sequence, Tuple, Union

import torch
from torch import Tensor

from .ops.groupnorm import _dense_layout
from .ops.groupnorm import groupnorm as _group_norm_fwd
from .ops.groupnorm import fast as _group_norm_fast
from .ops.rownorm import fast as _rownorm_fast
from .ops.rownorm import rownorm as _rownorm_fwd

SUPPORTED_DTYPES = (torch.float32, torch.float16, torch.bfloat16)
ShapeLike = Union[int, Sequence[int], torch.Size]


def _as_shape(normalized_shape: ShapeLike, fn: str) -> Tuple[int, ...]:
    # ints (torch.SymInt under torch.compile), not bools or floats: operator.index
    if (isinstance(normalized_shape, (int, torch.SymInt))
            and not isinstance(normalized_shape, bool)):
        return (normalized_shape,)
    try:
        if isinstance(normalized_shape, (bool, str, bytes)):
            raise TypeError
        return tuple(operator.index(d) for d in normalized_shape)
    except TypeError:
        raise TypeError(f"fusednorm.{fn}: normalized_shape must be an int or a sequence of ints, "
                        f"got {normalized_shape!r}") from None


def _check_tensor(name: str, t, x: Tensor, fn: str) -> None:
    if not isinstance(t, Tensor):
        raise TypeError(f"fusednorm.{fn}: {name} must be a Tensor or None, got {type(t).__name__}")
    if t.device != x.device:
        raise ValueError(f"fusednorm.{fn}: {name} is on {t.device} but x is on {x.device}")


def _check_param(name: str, p: Optional[Tensor], shape: Tuple[int, ...], x: Tensor, fn: str):
    if p is None:
        return None
    _check_tensor(name, p, x, fn)
    if tuple(p.shape) != shape:
        raise ValueError(f"fusednorm.{fn}: {name} has shape {tuple(p.shape)}, expected "
                         f"normalized_shape {shape}")
    if p.dtype not in (x.dtype, torch.float32):
        raise TypeError(f"fusednorm.{fn}: {name} dtype {p.dtype} must be x's dtype ({x.dtype}) "
                        f"or torch.float32")
    if p.dim() != 1:
        p = p.reshape(-1)
    # The kernels read weight and bias with unit stride: a strided view (w[::2]) is copied.
    return p if p.stride(0) == 1 or p.numel() == 1 else p.contiguous()


def _rows(t: Tensor, n: int) -> Tensor:
    # (M, n) view with unit column stride (what the kernels take; any row stride is fine).
    t2 = t if (t.dim() == 2 and t.shape[1] == n) else t.reshape(-1, n)
    return t2 if t2.stride(-1) == 1 else t2.contiguous()


def _canonical(fn: str, x: Tensor, normalized_shape: ShapeLike, weight, bias, residual=None):
    """Check the arguments and return (x2, residual2, weight1, bias1, lead_shape). The
    checks run on every eager call, so they are kept to cheap attribute reads."""
    if not isinstance(x, Tensor):
        raise TypeError(f"fusednorm.{fn}: x must be a Tensor, got {type(x).__name__}")
    if x.dtype not in SUPPORTED_DTYPES:
        raise TypeError(f"fusednorm.{fn}: unsupported dtype {x.dtype}; supported: "
                        "torch.float32, torch.float16, torch.bfloat16")
    shape = _as_shape(normalized_shape, fn)
    k = len(shape)
    if k == 0 or k > x.dim() or tuple(x.shape[x.dim() - k:]) != shape:
        raise ValueError(f"fusednorm.{fn}: normalized_shape {shape} does not match the trailing "
                         f"dimensions of x with shape {tuple(x.shape)}")
    if fn.startswith("add_") and residual is None:
        raise TypeError(f"fusednorm.{fn}: residual must be a Tensor, got None")
    n = math.prod(shape)  # 0 allowed: empty rows, as torch (the reference math runs them)
    w = _check_param("weight", weight, shape, x, fn)
    b = _check_param("bias", bias, shape, x, fn)
    lead = tuple(x.shape[: x.dim() - k])
    x2 = _rows(x, n) if n else x.reshape(math.prod(lead), 0)
    r2 = None
    if residual is not None:
        _check_tensor("residual", residual, x, fn)
        if residual.shape != x.shape or residual.dtype != x.dtype:
            raise ValueError(f"fusednorm.{fn}: residual ({tuple(residual.shape)}, {residual.dtype}) "
                             f"must match x ({tuple(x.shape)}, {x.dtype})")
        r2 = _rows(residual, n) if n else residual.reshape(x2.shape)
    return x2, r2, w, b, lead


def _like_x(t: Tensor, x: Tensor) -> Tensor:
    # The (M, N) result viewed in x's shape (a view costs microseconds: skip it when the
    # shapes already agree).
    return t if t.shape == x.shape else t.view(x.shape)


_EPS = {dt: float(torch.finfo(dt).eps) for dt in SUPPORTED_DTYPES}


def _rms_eps(x: Tensor, eps: Optional[float]) -> float:
    # torch.nn.functional.rms_norm's default: the machine epsilon of x's dtype.
    return _EPS[x.dtype] if eps is None else float(eps)


def layer_norm(x: Tensor, normalized_shape: ShapeLike, weight: Optional[Tensor] = None,
               bias: Optional[Tensor] = None, eps: float = 1e-5, *, return_stats: bool = False):
    """LayerNorm over the trailing `normalized_shape` dims, as torch.nn.functional.layer_norm.

    With return_stats=True returns (y, mean, rstd): fp32 statistics shaped like x's leading
    dims (they carry no gradient)."""
    if not return_stats:
        out = _rownorm_fast("layer_norm", x, None, normalized_shape, weight, bias, eps, False,
                            _canonical)
        if out is not None:
            return out[0]
    x2, _, w, b, lead = _canonical("layer_norm", x, normalized_shape, weight, bias)
    y, _, mean, rstd = _rownorm_fwd(x2, None, w, b, float(eps), False)
    y = _like_x(y, x)
    return (y, mean.view(lead), rstd.view(lead)) if return_stats else y


def rms_norm(x: Tensor, normalized_shape: ShapeLike, weight: Optional[Tensor] = None,
             eps: Optional[float] = None, *, return_stats: bool = False):
    """RMSNorm over the trailing dims, as torch.nn.functional.rms_norm (eps=None: the machine
    epsilon of x's dtype). With return_stats=True returns (y, rstd)."""
    if not return_stats:
        out = _rownorm_fast("rms_norm", x, None, normalized_shape, weight, None, eps, True,
                            _canonical)
        if out is not None:
            return out[0]
    x2, _, w, _, lead = _canonical("rms_norm", x, normalized_shape, weight, None)
    y, _, _, rstd = _rownorm_fwd(x2, None, w, None, _rms_eps(x, eps), True)
    y = _like_x(y, x)
    return (y, rstd.view(lead)) if return_stats else y


def add_layer_norm(x: Tensor, residual: Tensor, normalized_shape: ShapeLike,
                   weight: Optional[Tensor] = None, bias: Optional[Tensor] = None,
                   eps: float = 1e-5):
    """h = x + residual; returns (layer_norm(h), h) from one kernel (pre-norm blocks)."""
    out = _rownorm_fast("add_layer_norm", x, residual, normalized_shape, weight, bias, eps,
                        False, _canonical)
    if out is not None:
        return out
    x2, r2, w, b, _ = _canonical("add_layer_norm", x, normalized_shape, weight, bias, residual)
    y, h, _, _ = _rownorm_fwd(x2, r2, w, b, float(eps), False)
    return _like_x(y, x), _like_x(h, x)


def add_rms_norm(x: Tensor, residual: Tensor, normalized_shape: ShapeLike,
                 weight: Optional[Tensor] = None, eps: Optional[float] = None):
    """h = x + residual; returns (rms_norm(h), h) from one kernel."""
    out = _rownorm_fast("add_rms_norm", x, residual, normalized_shape, weight, None, eps, True,
                        _canonical)
    if out is not None:
        return out
    x2, r2, w, _, _ = _canonical("add_rms_norm", x, normalized_shape, weight, None, residual)
    y, h, _, _ = _rownorm_fwd(x2, r2, w, None, _rms_eps(x, eps), True)
    return _like_x(y, x), _like_x(h, x)


GROUPNORM_ACTIVATIONS = (None, "silu", "gelu", "gelu_tanh")


def _check_channel_param(name: str, p: Optional[Tensor], x: Tensor, fn: str):
    if p is None:
        return None
    _check_tensor(name, p, x, fn)
    if tuple(p.shape) != (x.shape[1],):
        raise ValueError(f"fusednorm.{fn}: {name} has shape {tuple(p.shape)}, expected "
                         f"({x.shape[1]},) for the {x.shape[1]} channels of x")
    if p.dtype not in (x.dtype, torch.float32):
        raise TypeError(f"fusednorm.{fn}: {name} dtype {p.dtype} must be x's dtype ({x.dtype}) "
                        f"or torch.float32")
    return p


def _channels_fastest(x: Tensor) -> bool:
    # Channels move fastest in memory: a channels_last(_3d) tensor or a view of one.
    spatial = [x.stride(d) for d in range(2, x.dim()) if x.shape[d] > 1]
    return x.shape[1] > 1 and all(x.stride(1) < st for st in spatial)


def _group_view(fn: str, x: Tensor, num_groups, weight, bias, activation):
    """Check the arguments and return (xd, num_groups, weight, bias): xd is x, dense as
    NC... or as channels_last (a copy in the nearer layout when x is neither).
    num_groups=None means one group per channel (instance norm)."""
    if not isinstance(x, Tensor):
        raise TypeError(f"fusednorm.{fn}: x must be a Tensor, got {type(x).__name__}")
    if x.dtype not in SUPPORTED_DTYPES:
        raise TypeError(f"fusednorm.{fn}: unsupported dtype {x.dtype}; supported: "
                        "torch.float32, torch.float16, torch.bfloat16")
    if x.dim() not in (3, 4, 5):
        raise ValueError(f"fusednorm.{fn}: x must have 3, 4 or 5 dims (N, C, *spatial), got "
                         f"shape {tuple(x.shape)}")
    C = x.shape[1]
    if num_groups is None:
        num_groups = C
    elif isinstance(num_groups, bool) or not isinstance(num_groups, numbers.Integral):
        raise TypeError(f"fusednorm.{fn}: num_groups must be an int, got {type(num_groups).__name__}")
    else:
        num_groups = int(num_groups)  # (numpy's integers too, as torch takes them)
    if num_groups < 1 or C % num_groups != 0:
        raise ValueError(f"fusednorm.{fn}: num_groups={num_groups} must be >= 1 and divide the "
                         f"number of channels C={C}")
    if activation not in GROUPNORM_ACTIVATIONS:
        raise ValueError(f"fusednorm.{fn}: activation must be one of {GROUPNORM_ACTIVATIONS}, "
                         f"got {activation!r}")
    w = _check_channel_param("weight", weight, x, fn)
    b = _check_channel_param("bias", bias, x, fn)
    if not _dense_layout(x):
        x = x.movedim(1, -1).contiguous().movedim(-1, 1) if _channels_fastest(x) else x.contiguous()
    return x, num_groups, w, b


def _groups(fn: str, x, num_groups, weight, bias, eps, activation, return_stats: bool):
    """group_norm / instance_norm (num_groups None): the ops layer's inference or training
    path when no statistics are asked for (they run _group_view once per call key), else
    the full path."""
    if not return_stats:
        y = _group_norm_fast(fn, x, num_groups, weight, bias, eps, activation,
                             lambda: _group_view(fn, x, num_groups, weight, bias, activation))
        if y is not None:
            return y
    xd, g, w, b = _group_view(fn, x, num_groups, weight, bias, activation)
    y, mean, rstd = _group_norm_fwd(xd, w, b, g, float(eps), activation)
    return (y, mean, rstd) if return_stats else y


def group_norm(x: Tensor, num_groups: int, weight: Optional[Tensor] = None,
               bias: Optional[Tensor] = None, eps: float = 1e-5,
               activation: Optional[str] = None, *, return_stats: bool = False):
    """GroupNorm of x (N, C, *spatial) over num_groups groups of channels, as
    torch.nn.functional.group_norm, then the optional activation ('silu', 'gelu',
    'gelu_tanh') on the result. y keeps x's memory format (contiguous or channels_last).

    With return_stats=True returns (y, mean, rstd): fp32 (N, num_groups) statistics (they
    carry no gradient)."""
    return _groups("group_norm", x, num_groups, weight, bias, eps, activation, return_stats)


def instance_norm(x: Tensor, weight: Optional[Tensor] = None, bias: Optional[Tensor] = None,
                  eps: float = 1e-5, activation: Optional[str] = None, *,
                  return_stats: bool = False):
    """InstanceNorm of x (N, C, *spatial) with the input's own statistics (no running
    stats), as torch.nn.functional.instance_norm, then the optional activation. With
    return_stats=True returns (y, mean, rstd), fp32 (N, C)."""
    try:
        return _groups("instance_norm", x, None, weight, bias, eps, activation, return_stats)
    except ValueError:  # (num_groups = C = 0 fails the checks: handled here, off the hot path)
        if not (isinstance(x, Tensor) and x.dim() in (3, 4, 5) and x.shape[1] == 0):
            raise
    # no channels: an empty result, as torch's instance_norm (and empty statistics)
    _group_view("instance_norm", x, 1, weight, bias, activation)  # the other checks
    y = x.clone()
    if not return_stats:
        return y
    stat = x.new_empty((x.shape[0], 0), dtype=torch.float32)
    return y, stat, stat.clone()
