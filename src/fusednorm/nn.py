"""Drop-in modules: each subclasses its torch.nn twin (same constructor, parameters,
state_dict keys, repr and isinstance checks) and calls fusednorm's op where the kernels
take the input. Everywhere else (CPU tensors without the Triton interpreter, float64, a
weight dtype the op refuses, an op not built yet) the torch parent's own forward runs, so
on CPU they compute exactly what torch computes.

One difference under torch.autocast: torch runs layer_norm and group_norm in fp32 and
returns fp32; the fused modules compute in fp32 and return the input's dtype."""
import functools
from typing import Callable, Dict, Optional, Tuple

import torch
import torch.nn.functional as TF
from torch import Tensor

import fusednorm  # the package; group_norm / instance_norm are looked up when called

from .functional import SUPPORTED_DTYPES
from .kernels import use_kernels

__all__ = ["LayerNorm", "RMSNorm", "GroupNorm", "InstanceNorm1d", "InstanceNorm2d",
           "InstanceNorm3d"]

# The activations fusednorm.group_norm can apply after normalizing, and their torch math.
ACTIVATIONS: Dict[Optional[str], Callable[[Tensor], Tensor]] = {
    None: lambda y: y,
    "silu": TF.silu,
    "gelu": TF.gelu,
    "gelu_tanh": functools.partial(TF.gelu, approximate="tanh"),
}


def takes(x: Tensor, *params: Optional[Tensor]) -> bool:
    """Whether fusednorm's ops accept x with these weights/biases: a supported dtype, and
    each parameter absent or in x's dtype or fp32 on x's device."""
    return x.dtype in SUPPORTED_DTYPES and all(
        p is None or (p.dtype in (x.dtype, torch.float32) and p.device == x.device)
        for p in params)


def _op(name: str):
    """fusednorm.<name>, or None while that op is not part of the package yet."""
    return getattr(fusednorm, name, None)


class Fused:
    """Base of every fused module (the twins here and the forms fusednorm.patch fits to
    other libraries' norms). A subclass says which inputs its op takes, how it computes
    them, and the shape of an input it can be probed with. Every name it adds starts with
    _fusednorm_: patch() mixes these classes into foreign ones, whose own helpers (Gemma's
    RMSNorm has a `_norm`) must not be shadowed."""

    _fusednorm_description = ""  # what the module computes, for patch reports

    def forward(self, x: Tensor, *args, **kwargs) -> Tensor:
        if (not args and not kwargs and isinstance(x, Tensor) and use_kernels(x.device)
                and self._fusednorm_accepts(x)):
            return self._fusednorm_forward(x)
        return self._fusednorm_fallback(x, *args, **kwargs)

    def _fusednorm_fallback(self, *args, **kwargs) -> Tensor:
        """What the module computes without fusednorm: the wrapped class's forward."""
        return super().forward(*args, **kwargs)

    def _fusednorm_accepts(self, x: Tensor) -> bool:
        raise NotImplementedError

    def _fusednorm_forward(self, x: Tensor) -> Tensor:
        raise NotImplementedError

    def _fusednorm_probe_shape(self) -> Tuple[int, ...]:
        raise NotImplementedError


class LayerNorm(Fused, torch.nn.LayerNorm):
    """torch.nn.LayerNorm computed by fusednorm.layer_norm."""

    _fusednorm_description = "fusednorm.layer_norm"

    def _fusednorm_accepts(self, x):
        k = len(self.normalized_shape)
        return tuple(x.shape[x.dim() - k:]) == tuple(self.normalized_shape) and takes(
            x, self.weight, self.bias)

    def _fusednorm_forward(self, x):
        return fusednorm.layer_norm(x, self.normalized_shape, self.weight, self.bias, self.eps)

    def _fusednorm_probe_shape(self):
        return (2, 3, *self.normalized_shape)


class RMSNorm(Fused, torch.nn.RMSNorm):
    """torch.nn.RMSNorm computed by fusednorm.rms_norm (eps=None: the input dtype's
    machine epsilon, as torch)."""

    _fusednorm_description = "fusednorm.rms_norm"

    def _fusednorm_accepts(self, x):
        k = len(self.normalized_shape)
        return tuple(x.shape[x.dim() - k:]) == tuple(self.normalized_shape) and takes(
            x, self.weight)

    def _fusednorm_forward(self, x):
        return fusednorm.rms_norm(x, self.normalized_shape, self.weight, self.eps)

    def _fusednorm_probe_shape(self):
        return (2, 3, *self.normalized_shape)


class GroupNorm(Fused, torch.nn.GroupNorm):
    """torch.nn.GroupNorm computed by fusednorm.group_norm on (N, C, ...) inputs of 3 to 5
    dims, contiguous or channels_last. `activation` (None, 'silu', 'gelu', 'gelu_tanh')
    is applied to the output in the same kernel; fusednorm.patch sets it where a GroupNorm
    is provably followed by that activation alone."""

    _fusednorm_description = "fusednorm.group_norm"
    # Class default: a torch.nn.GroupNorm that patch() turns into this class has no
    # instance attribute until an activation is fused into it.
    activation: Optional[str] = None

    def __init__(self, *args, activation: Optional[str] = None, **kwargs):
        # torch.nn.GroupNorm's arguments, whichever its version takes (2.13 adds bias=).
        super().__init__(*args, **kwargs)
        if activation not in ACTIVATIONS:
            raise ValueError(f"fusednorm.nn.GroupNorm: activation must be one of "
                             f"{list(ACTIVATIONS)}, got {activation!r}")
        self.activation = activation

    def _fusednorm_accepts(self, x):
        return (_op("group_norm") is not None and 3 <= x.dim() <= 5
                and x.shape[1] == self.num_channels and takes(x, self.weight, self.bias))

    def _fusednorm_forward(self, x):
        return _op("group_norm")(x, self.num_groups, self.weight, self.bias, self.eps,
                                 activation=self.activation)

    def _fusednorm_fallback(self, *args, **kwargs):
        return ACTIVATIONS[self.activation](super()._fusednorm_fallback(*args, **kwargs))

    def _fusednorm_probe_shape(self):
        return (2, self.num_channels, 3, 2)

    def extra_repr(self):
        act = f", activation={self.activation!r}" if self.activation is not None else ""
        return super().extra_repr() + act


class _InstanceNorm(Fused):
    """Instance norm by fusednorm.instance_norm, batched or not. With
    track_running_stats=True the torch parent runs: it updates running statistics in
    training and normalizes with them in eval, which is not instance norm."""

    _fusednorm_description = "fusednorm.instance_norm"
    _fusednorm_spatial_dims: int  # 1, 2 or 3: the dims after (N, C)

    def _fusednorm_accepts(self, x):
        batched = self._fusednorm_spatial_dims + 2
        return (_op("instance_norm") is not None and not self.track_running_stats
                and x.dim() in (batched - 1, batched)
                and x.shape[-self._fusednorm_spatial_dims - 1] == self.num_features
                and takes(x, self.weight, self.bias))

    def _fusednorm_forward(self, x):
        unbatched = x.dim() == self._fusednorm_spatial_dims + 1
        y = _op("instance_norm")(x.unsqueeze(0) if unbatched else x, self.weight, self.bias,
                                 self.eps)
        return y.squeeze(0) if unbatched else y

    def _fusednorm_probe_shape(self):
        return (2, self.num_features) + (3,) * self._fusednorm_spatial_dims


class InstanceNorm1d(_InstanceNorm, torch.nn.InstanceNorm1d):
    """torch.nn.InstanceNorm1d computed by fusednorm.instance_norm."""

    _fusednorm_spatial_dims = 1


class InstanceNorm2d(_InstanceNorm, torch.nn.InstanceNorm2d):
    """torch.nn.InstanceNorm2d computed by fusednorm.instance_norm."""

    _fusednorm_spatial_dims = 2


class InstanceNorm3d(_InstanceNorm, torch.nn.InstanceNorm3d):
    """torch.nn.InstanceNorm3d computed by fusednorm.instance_norm."""

    _fusednorm_spatial_dims = 3
