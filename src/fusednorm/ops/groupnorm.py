"""fusednorm::groupnorm_fwd / groupnorm_bwd: GroupNorm (and InstanceNorm, G = C) with an
optional fused activation, on x (N, C, *spatial).

x is dense in one of two layouts: contiguous NC... or channels_last N...C (channels
fastest); outputs take x's shape and strides. Other strides are made contiguous here."""
from typing import Optional, Tuple

import torch
from torch import Tensor

from .. import reference
from ..kernels import groupnorm as K
from ..kernels import use_kernels
from ..kernels.launch import INFER_PLANS
from .eager import (TrainPlan, autograd_function, check_devices, eager_path, eager_plan,
                    first_order, needs_reference, refuse_second_order, tensor_key,
                    transformed, wants_grad)
from .eager import _is_compiling

_grad_enabled = torch.is_grad_enabled


def _dense_layout(x: Tensor) -> bool:
    """Dense as NC... or N...C (the memory-format flags first: movedim costs
    microseconds)."""
    if x.is_contiguous():
        return True
    d = x.dim()
    if d == 4 and x.is_contiguous(memory_format=torch.channels_last):
        return True
    if d == 5 and x.is_contiguous(memory_format=torch.channels_last_3d):
        return True
    return x.movedim(1, -1).is_contiguous()


def _dense(x: Tensor) -> Tensor:
    """x itself when dense as NC... or N...C, else a contiguous copy."""
    return x if _dense_layout(x) else x.contiguous()


def _like(t: Tensor, x: Tensor) -> Tensor:
    """t with exactly x's strides (x dense), copying only when they differ."""
    return t if t.stride() == x.stride() else torch.empty_like(x).copy_(t)


def _param(p: Optional[Tensor]) -> Optional[Tensor]:
    return p.contiguous() if p is not None else None


def _grad_dtype(p: Optional[Tensor]) -> torch.dtype:
    return p.dtype if p is not None else torch.float32


def fwd_impl(x: Tensor, weight: Optional[Tensor], bias: Optional[Tensor], num_groups: int,
             eps: float, activation: Optional[str]):
    """Returns y (x's dtype and layout) and fp32 mean, rstd of shape (N, num_groups)."""
    x = _dense(x)
    if not use_kernels(x.device) or x.numel() == 0:
        y, mean, rstd = reference.groupnorm_fwd(x.flatten(2), weight, bias, num_groups, eps,
                                                activation)
        return y.view(x.shape), mean.float(), rstd.float()
    N = x.shape[0]
    y = torch.empty_like(x)
    mean = torch.empty((N, num_groups), device=x.device, dtype=torch.float32)
    rstd = torch.empty((N, num_groups), device=x.device, dtype=torch.float32)
    K.groupnorm_fwd(x, _param(weight), _param(bias), num_groups, eps, activation, y, mean, rstd)
    return y, mean, rstd


@torch.library.custom_op("fusednorm::groupnorm_fwd", mutates_args=())
def groupnorm_fwd(
    x: Tensor, weight: Optional[Tensor], bias: Optional[Tensor], num_groups: int, eps: float,
    activation: Optional[str],
) -> Tuple[Tensor, Tensor, Tensor]:
    check_devices("groupnorm_fwd", x, weight, bias)
    return fwd_impl(x, weight, bias, num_groups, eps, activation)


@groupnorm_fwd.register_fake
def _(x, weight, bias, num_groups, eps, activation):
    stats = torch.empty((x.shape[0], num_groups), device=x.device, dtype=torch.float32)
    return torch.empty_like(_dense(x)), stats, torch.empty_like(stats)


def bwd_impl(dy: Tensor, x: Tensor, weight: Optional[Tensor], bias: Optional[Tensor],
             mean: Tensor, rstd: Tensor, num_groups: int, activation: Optional[str],
             want_dw: bool, want_db: bool):
    """Returns dx (x's dtype and layout), dw and db in the weight's and bias's dtypes
    (empty when not wanted). bias is only read with an activation (to recompute its
    input)."""
    x = _dense(x)
    C = x.shape[1]
    dw = torch.empty((C if want_dw else 0,), device=x.device, dtype=_grad_dtype(weight))
    db = torch.empty((C if want_db else 0,), device=x.device, dtype=_grad_dtype(bias))
    if not use_kernels(x.device) or x.numel() == 0:
        dx, rdw, rdb = reference.groupnorm_bwd(dy.flatten(2), x.flatten(2), weight, bias, mean,
                                               rstd, num_groups, activation)
        return (dx.view(x.shape), dw.copy_(rdw) if want_dw else dw,
                db.copy_(rdb) if want_db else db)
    dx = torch.empty_like(x)
    # The kernel always writes both; unwanted ones go to fp32 scratch.
    f32 = dict(device=x.device, dtype=torch.float32)
    K.groupnorm_bwd(_like(dy, x), x, _param(weight),
                    _param(bias) if activation is not None else None, mean, rstd, num_groups,
                    activation, dx, dw if want_dw else torch.empty((C,), **f32),
                    db if want_db else torch.empty((C,), **f32))
    return dx, dw, db


@torch.library.custom_op("fusednorm::groupnorm_bwd", mutates_args=())
def groupnorm_bwd(
    dy: Tensor, x: Tensor, weight: Optional[Tensor], bias: Optional[Tensor], mean: Tensor,
    rstd: Tensor, num_groups: int, activation: Optional[str], want_dw: bool, want_db: bool,
) -> Tuple[Tensor, Tensor, Tensor]:
    check_devices("groupnorm_bwd", x, dy, weight, bias, mean, rstd)
    return bwd_impl(dy, x, weight, bias, mean, rstd, num_groups, activation, want_dw, want_db)


@groupnorm_bwd.register_fake
def _(dy, x, weight, bias, mean, rstd, num_groups, activation, want_dw, want_db):
    C = x.shape[1]
    return (torch.empty_like(_dense(x)),
            torch.empty((C if want_dw else 0,), device=x.device, dtype=_grad_dtype(weight)),
            torch.empty((C if want_db else 0,), device=x.device, dtype=_grad_dtype(bias)))


def _setup_context(ctx, inputs, output):
    x, weight, bias, num_groups, eps, activation = inputs
    _, mean, rstd = output
    ctx.num_groups = num_groups
    ctx.activation = activation
    ctx.save_for_backward(x, weight, bias, mean, rstd)
    ctx.mark_non_differentiable(mean, rstd)


def _backward(ctx, dy, _dmean, _drstd, bwd=groupnorm_bwd):
    if _grad_enabled() and not _is_compiling():  # create_graph=True in eager mode
        refuse_second_order()
    x, weight, bias, mean, rstd = ctx.saved_tensors
    need = ctx.needs_input_grad
    if dy is None:  # only the statistics were used (no zero grads materialized)
        dy = torch.zeros_like(x)
    want_dw = weight is not None and need[1]
    want_db = bias is not None and need[2]
    dx, dw, db = bwd(dy, x, weight, bias, mean, rstd, ctx.num_groups, ctx.activation,
                     want_dw, want_db)
    return (dx if need[0] else None, dw if want_dw else None, db if want_db else None,
            None, None, None)


groupnorm_fwd.register_autograd(_backward, setup_context=_setup_context)


# The eager backward: bwd_impl's decisions (layout checks, the prepared launches) cached per
# call key in INFER_PLANS (cleared with the launchers' caches), so that a call builds one
# key, allocates its outputs and launches. At the groups suite's UNet shapes the
# backward's host time is most of the call (NOTES v0.14).


def _make_bwd_plan(dy, x, weight, bias, num_groups, activation, want_dw, want_db):
    """(prepared launches, C, dw dtype, db dtype), or False where the general path must
    run (x not dense as it is, dy in other strides, weight or bias not contiguous)."""
    if not (x.numel() > 0 and _dense_layout(x) and dy.stride() == x.stride()
            and all(p is None or p.is_contiguous() for p in (weight, bias))):
        return False
    wd = _grad_dtype(weight) if want_dw else torch.float32
    bd = _grad_dtype(bias) if want_db else torch.float32
    f32 = torch.float32
    prep = K.prepare_bwd(dy, x, weight, bias if activation is not None else None, num_groups,
                         activation, (f32, f32, x.dtype, wd, bd))
    return prep, x.shape[1], wd, bd


def _eager_backward(ctx, dy, dmean, drstd):
    x, weight, bias, mean, rstd = ctx.saved_tensors
    if dy is None or not (x.is_cuda or use_kernels(x.device)):
        return _backward(ctx, dy, dmean, drstd, bwd=bwd_impl)
    need = ctx.needs_input_grad
    want_dw = weight is not None and need[1]
    want_db = bias is not None and need[2]
    G, act = ctx.num_groups, ctx.activation
    key = ("groupnorm_bwd", x.shape, x.stride(), dy.stride(), x.dtype, dy.dtype, x.device,
           tensor_key(weight), tensor_key(bias), G, act, want_dw, want_db)
    plan = INFER_PLANS.get(key)
    if plan is None:
        plan = INFER_PLANS.make(key, lambda: _make_bwd_plan(dy, x, weight, bias, G, act,
                                                           want_dw, want_db))
    if not plan:
        return _backward(ctx, dy, dmean, drstd, bwd=bwd_impl)
    prep, C, wd, bd = plan
    dx = torch.empty_like(x)
    dw = torch.empty((C,), device=x.device, dtype=wd)
    db = torch.empty((C,), device=x.device, dtype=bd)
    K.launch_bwd(prep, dy, x, weight, bias if act is not None else None, mean, rstd, dx, dw,
                 db)
    return (dx if need[0] else None, dw if want_dw else None, db if want_db else None,
            None, None, None)


_EagerGroupNorm = autograd_function("_EagerGroupNorm", fwd_impl, _setup_context,
                                    _eager_backward)


def groupnorm(x: Tensor, weight: Optional[Tensor], bias: Optional[Tensor], num_groups: int,
              eps: float, activation: Optional[str]):
    """(y, mean, rstd) as fusednorm::groupnorm_fwd returns them; plain eager calls skip the
    dispatcher (see eager_path); forward-mode AD, torch.func transforms and jit.trace take
    the reference math (eager.needs_reference)."""
    if type(x) is Tensor and not _is_compiling() and needs_reference():
        x = _dense(x)
        y, mean, rstd = reference.groupnorm_fwd(x.flatten(2), weight, bias, num_groups, eps,
                                                activation)
        return y.view(x.shape), mean.float(), rstd.float()
    if not eager_path(x):
        return groupnorm_fwd(x, weight, bias, num_groups, eps, activation)
    if wants_grad(x, weight, bias):
        return _EagerGroupNorm.apply(x, weight, bias, num_groups, eps, activation)
    return fwd_impl(x, weight, bias, num_groups, eps, activation)


# The inference path, as the row norms' (ops/rownorm.py, infer): x dense as it comes
# (contiguous or channels_last), checks once per call key; the group and rows paths then
# write no statistics (the split and columns paths need them as their own intermediates).


def _make_plan(x: Tensor, activation, check):
    xd, g, w, b = check()
    if not (x.numel() > 0 and xd is x and all(p is None or p.is_contiguous() for p in (w, b))):
        return False
    return K.prepare_fwd(x, g, activation, w, b, x, False), g


def fast(fn: str, x, num_groups, weight, bias, eps, activation, check):
    """y from the inference path, or from the training path where autograd records the call
    (below), or None where neither applies. check(): the functional layer's checks,
    returning (x dense, groups, weight, bias) and raising for bad arguments."""
    try:
        got = eager_plan(x, None, weight, bias, (fn, num_groups, type(num_groups), activation),
                         lambda: _make_plan(x, activation, check),
                         lambda: _make_train_plan(x, activation, check))
        if got is None:
            return None
        plan, training = got
        if training:
            return _EagerGroupNormTrain.apply(plan, float(eps), x, weight, bias)
        prep, g = plan
        y = torch.empty_like(x)
        mean = rstd = None
        if not prep.stats_optional:
            mean = torch.empty((x.shape[0], g), device=x.device, dtype=torch.float32)
            rstd = torch.empty((x.shape[0], g), device=x.device, dtype=torch.float32)
        K.launch_fwd(prep, x, weight, bias, float(eps), y, mean, rstd)
    except RuntimeError:
        if transformed():  # a torch.func transform's tensors: the full path's reference math
            return None
        raise
    return y


# The training path, as the row norms' (ops/rownorm.py): an eager call that autograd
# records, x dense as it comes, checks and the forward's launch decisions once per call key
# (requires_grad included); the Function returns y alone, keeps the statistics on its ctx,
# and its backward reuses one prepared launch while dy comes in x's strides and dtype.


class _GroupTrainPlan(TrainPlan):
    __slots__ = ("groups", "activation", "channels", "stat_like", "dw_like", "db_like")

    def __init__(self, fwd, groups, activation, x, weight, bias):
        super().__init__(fwd, weight, bias)
        self.groups = groups
        self.activation = activation
        self.channels = x.shape[1]
        # Tensors of the shapes and dtypes each call allocates (mean / rstd: fp32 (N, G);
        # dw / db: (C,) in their gradients' dtypes), on x's device: a call's are empty_like
        # them, about half the host time of a torch.empty with a device and a dtype (the
        # row norms' training path does the same; host_cpu.py 1.3 against 2.3 us).
        self.stat_like = torch.empty((x.shape[0], groups), device=x.device,
                                     dtype=torch.float32)
        self.dw_like = torch.empty((self.channels,), device=x.device, dtype=self.dw_dtype)
        self.db_like = torch.empty((self.channels,), device=x.device, dtype=self.db_dtype)


def _make_train_plan(x: Tensor, activation, check):
    xd, g, w, b = check()
    if not (x.numel() > 0 and xd is x and all(p is None or p.is_contiguous() for p in (w, b))):
        return False
    return _GroupTrainPlan(K.prepare_fwd(x, g, activation, w, b, x, True), g, activation, x,
                           w, b)


class _EagerGroupNormTrain(torch.autograd.Function):
    """The training path's autograd.Function: forward(plan, eps, x, weight, bias) -> y."""

    @staticmethod
    def forward(ctx, plan, eps, x, weight, bias):
        y = torch.empty_like(x)
        mean = torch.empty_like(plan.stat_like)
        rstd = torch.empty_like(plan.stat_like)
        K.launch_fwd(plan.fwd, x, weight, bias, eps, y, mean, rstd)
        ctx.plan = plan
        ctx.stats = (mean, rstd)
        ctx.save_for_backward(x, weight, bias)
        return y

    @staticmethod
    @first_order  # no second-order gradients (eager.first_order)
    def backward(ctx, dy):
        x, weight, bias = ctx.saved_tensors
        plan = ctx.plan
        mean, rstd = ctx.stats
        act = plan.activation
        if dy.stride() == x.stride() and dy.dtype == x.dtype:
            prep = plan.bwd.get(None)
            if prep is None:
                f32 = torch.float32
                prep = plan.bwd[None] = K.prepare_bwd(
                    dy, x, weight, bias if act is not None else None, plan.groups, act,
                    (f32, f32, x.dtype, plan.dw_dtype, plan.db_dtype))
            dx = torch.empty_like(x)
            dw = torch.empty_like(plan.dw_like)
            db = torch.empty_like(plan.db_like)
            K.launch_bwd(prep, dy, x, weight, bias if act is not None else None, mean, rstd, dx,
                         dw, db)
        else:  # dy in other strides or dtype: the general implementation
            dx, dw, db = bwd_impl(dy, x, weight, bias, mean, rstd, plan.groups, act,
                                  plan.want_dw, plan.want_db)
        return (None, None, dx, dw if plan.want_dw else None, db if plan.want_db else None)
