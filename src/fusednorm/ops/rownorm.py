"""fusednorm::rownorm_fwd / rownorm_bwd: LayerNorm and RMSNorm on a canonical (M, N) view.

Absent optional outputs are returned as empty tensors (a custom op cannot return None):
h without a residual, mean for RMSNorm, dw/db when not wanted."""
from typing import Optional, Tuple

import torch
from torch import Tensor

from .. import reference
from ..kernels import rownorm as K
from ..kernels import use_kernels
from ..kernels.launch import INFER_PLANS
from . import eager as _eager
from .eager import _is_compiling
from .eager import (TrainPlan, autograd_function, check_devices, eager_path, first_order,
                    needs_reference, refuse_second_order, transformed, wants_grad)


def _row_view(t: Tensor) -> Tensor:
    # The kernels need unit column stride; any row stride (0 included) is fine.
    return t if t.stride(-1) == 1 else t.contiguous()


def _unit(p: Optional[Tensor]) -> Optional[Tensor]:
    # weight / bias with unit stride, as the kernels read them (the registered ops may be
    # called directly with a strided view).
    return p if p is None or p.stride(0) == 1 or p.numel() == 1 else p.contiguous()


def fwd_impl(x: Tensor, residual: Optional[Tensor], weight: Optional[Tensor],
             bias: Optional[Tensor], eps: float, is_rms: bool):
    """The forward's implementation, shared by the registered op and the eager path.
    Returns (y, h, mean, rstd) with None for h without a residual and mean for RMSNorm."""
    M, N = x.shape
    if not use_kernels(x.device) or N == 0:  # N == 0: empty rows, as torch
        return reference.rownorm_fwd(x, residual, weight, bias, eps, is_rms)
    weight, bias = _unit(weight), _unit(bias)
    if x.stride(1) != 1:
        x = x.contiguous()
    if residual is not None and residual.stride(1) != 1:
        residual = residual.contiguous()
    y = x.new_empty((M, N))
    h = x.new_empty((M, N)) if residual is not None else None
    mean = None if is_rms else torch.empty((M,), device=x.device, dtype=torch.float32)
    rstd = torch.empty((M,), device=x.device, dtype=torch.float32)
    K.rownorm_fwd(x, residual, weight, bias, eps, is_rms, y, h, mean, rstd)
    return y, h, mean, rstd


@torch.library.custom_op("fusednorm::rownorm_fwd", mutates_args=())
def rownorm_fwd(
    x: Tensor, residual: Optional[Tensor], weight: Optional[Tensor], bias: Optional[Tensor],
    eps: float, is_rms: bool,
) -> Tuple[Tensor, Tensor, Tensor, Tensor]:
    check_devices("rownorm_fwd", x, residual, weight, bias)
    y, h, mean, rstd = fwd_impl(x, residual, weight, bias, eps, is_rms)
    # A custom op cannot return None: absent outputs are empty tensors.
    return (y, h if h is not None else x.new_empty(0),
            mean if mean is not None else rstd.new_empty(0), rstd)


@rownorm_fwd.register_fake
def _(x, residual, weight, bias, eps, is_rms):
    M, N = x.shape
    f32 = dict(device=x.device, dtype=torch.float32)
    return (x.new_empty((M, N)), x.new_empty((M, N) if residual is not None else (0,)),
            torch.empty((0,) if is_rms else (M,), **f32), torch.empty((M,), **f32))


def bwd_impl(dy: Tensor, dh: Optional[Tensor], x: Tensor, weight: Optional[Tensor],
             mean: Tensor, rstd: Tensor, is_rms: bool, want_dw: bool, want_db: bool,
             dw_dtype=torch.float32, db_dtype=torch.float32):
    """The backward's implementation. Returns dx (x's dtype) and dw, db in dw_dtype /
    db_dtype (None when not wanted). The registered op returns them in fp32 (its schema
    has no dtype); the eager path asks for the parameters' dtypes, which the kernel's
    final reduction writes directly."""
    M, N = x.shape
    if not use_kernels(x.device) or N == 0:
        dx, dw, db = reference.rownorm_bwd(dy, dh, x, weight, None if is_rms else mean, rstd,
                                           is_rms, want_db)
        return (dx, dw.float() if (want_dw and dw is not None) else None,
                db.float() if db is not None else None)
    x = _row_view(x)
    dy = _row_view(dy)
    weight = _unit(weight)
    dh = _row_view(dh) if dh is not None else None
    dx = x.new_empty((M, N))
    dw, db = K.rownorm_bwd(dy, dh, x, weight, mean, rstd, is_rms, want_dw, want_db, dx,
                           dw_dtype, db_dtype)
    return dx, dw, db


@torch.library.custom_op("fusednorm::rownorm_bwd", mutates_args=())
def rownorm_bwd(
    dy: Tensor, dh: Optional[Tensor], x: Tensor, weight: Optional[Tensor], mean: Tensor,
    rstd: Tensor, is_rms: bool, want_dw: bool, want_db: bool,
) -> Tuple[Tensor, Tensor, Tensor]:
    check_devices("rownorm_bwd", x, dy, dh, weight, mean, rstd)
    dx, dw, db = bwd_impl(dy, dh, x, weight, mean, rstd, is_rms, want_dw, want_db)
    # Separate empties: outputs of a custom op may not alias each other.
    f32 = dict(device=x.device, dtype=torch.float32)
    return (dx, dw if dw is not None else torch.empty((0,), **f32),
            db if db is not None else torch.empty((0,), **f32))


@rownorm_bwd.register_fake
def _(dy, dh, x, weight, mean, rstd, is_rms, want_dw, want_db):
    M, N = x.shape
    f32 = dict(device=x.device, dtype=torch.float32)
    return (x.new_empty((M, N)),
            torch.empty((N,) if (want_dw and weight is not None) else (0,), **f32),
            torch.empty((N,) if want_db else (0,), **f32))


def _setup_context(ctx, inputs, output):
    x, residual, weight, bias, eps, is_rms = inputs
    y, h, mean, rstd = output
    ctx.has_residual = residual is not None
    ctx.is_rms = is_rms
    ctx.weight_dtype = weight.dtype if weight is not None else None
    ctx.bias_dtype = bias.dtype if bias is not None else None
    ctx.save_for_backward(h if residual is not None else x, weight, mean, rstd)
    ctx.mark_non_differentiable(*(t for t in (mean, rstd) if t is not None))


def _backward(ctx, dy, dh, _dmean, _drstd, bwd=rownorm_bwd, **bwd_kwargs):
    if _grad_enabled() and not _is_compiling():  # create_graph=True in eager mode
        refuse_second_order()
    xs, weight, mean, rstd = ctx.saved_tensors
    need = ctx.needs_input_grad
    if dy is None:  # only h was used (the eager path does not materialize zero grads)
        dy = torch.zeros_like(xs)
    want_dw = weight is not None and need[2]
    want_db = ctx.bias_dtype is not None and need[3]
    dx, dw, db = bwd(dy, dh if ctx.has_residual else None, xs, weight, mean, rstd,
                     ctx.is_rms, want_dw, want_db, **bwd_kwargs)
    if want_dw and dw.dtype != ctx.weight_dtype:
        dw = dw.to(ctx.weight_dtype)
    if want_db and db.dtype != ctx.bias_dtype:
        db = db.to(ctx.bias_dtype)
    return (dx, dx if ctx.has_residual else None, dw if want_dw else None,
            db if want_db else None, None, None)


rownorm_fwd.register_autograd(_backward, setup_context=_setup_context)


def _eager_backward(ctx, dy, dh, dmean, drstd):
    # The eager path asks the final reduction for dw/db in the parameters' dtypes.
    wd = ctx.weight_dtype or torch.float32
    bd = ctx.bias_dtype or torch.float32
    return _backward(ctx, dy, dh, dmean, drstd, bwd=bwd_impl, dw_dtype=wd, db_dtype=bd)


_EagerRowNorm = autograd_function("_EagerRowNorm", fwd_impl, _setup_context, _eager_backward)


def rownorm(x: Tensor, residual: Optional[Tensor], weight: Optional[Tensor],
            bias: Optional[Tensor], eps: float, is_rms: bool):
    """(y, h, mean, rstd) as fusednorm::rownorm_fwd returns them. The registered op runs
    under torch.compile and for tensor subclasses (fake tensors, ...); a plain eager call
    skips the dispatcher (see eager_path); forward-mode AD, torch.func transforms and
    jit.trace take the reference math (eager.needs_reference)."""
    if type(x) is Tensor and not _is_compiling() and needs_reference():
        return reference.rownorm_fwd(x, residual, weight, bias, eps, is_rms)
    if not eager_path(x):
        return rownorm_fwd(x, residual, weight, bias, eps, is_rms)
    if wants_grad(x, residual, weight, bias):
        return _EagerRowNorm.apply(x, residual, weight, bias, eps, is_rms)
    return fwd_impl(x, residual, weight, bias, eps, is_rms)


# --- The inference path -------------------------------------------------------------------
# An eager call that needs no gradient and no statistics (inference, the benchmark's forward)
# on contiguous tensors: the functional layer's checks run once per call key (the key holds
# every property they read), the launch is prepared once, and a call allocates only y (and
# h); the kernel writes no statistics. On the lent H100's host this halved the forward's
# host time (LayerNorm 1x4096: 54.7 -> 23.6 us, torch 20.4; benchmarks/NOTES.md, v0.7).


def _make_plan(x: Tensor, residual, weight, bias, is_rms: bool, check):
    x2, r2, w, b = check()
    if not (x.numel() > 0 and x.is_contiguous()
            and (residual is None or residual.is_contiguous())
            and all(p is None or p.is_contiguous() for p in (weight, bias))):
        return False
    # y and h will be empty_like(x): contiguous, so their (M, N) view is x2's.
    prep = K.prepare_fwd(x2, r2, w, b, is_rms, x2, x2 if r2 is not None else None, None, None)
    return prep, float(torch.finfo(x.dtype).eps)


_grad_enabled = torch.is_grad_enabled
_forward_ad = _eager._forward_ad
_tracing_state = _eager._tracing_state


def _param_key(p, grad: bool):
    # What the functional layer's checks read of a weight or bias, in fewer reads than
    # eager.tensor_key: shape, dtype, device and unit stride (is_contiguous, for the 1-D
    # parameters a plan is made for); requires_grad for a training plan.
    if p is None:
        return None
    if grad:
        return p.shape, p.dtype, p.device, p.is_contiguous(), p.requires_grad
    return p.shape, p.dtype, p.device, p.is_contiguous()


def _grad_tensor_key(t, grad: bool):
    # The residual's entry: as x's (its strides decide the plan).
    if t is None:
        return None
    if grad:
        return t.shape, t.stride(), t.dtype, t.device, t.requires_grad
    return t.shape, t.stride(), t.dtype, t.device


def fast(fn: str, x, residual, normalized_shape, weight, bias, eps, is_rms: bool, canonical):
    """(y, h) from the inference path, or from the training path where autograd records the
    call (below), or None where neither applies (the caller then takes the full path).
    canonical: the functional layer's argument checks, canonical(fn, x, normalized_shape,
    weight, bias, residual) -> (x2, residual2, weight, bias, lead), raising for bad
    arguments; run once per call key. eps None: the machine epsilon of x's dtype
    (RMSNorm's default).

    Written out here rather than through eager.eager_plan, with a key of fewer attribute
    reads: at the small inference shapes this is most of the call (NOTES v0.33)."""
    if (type(x) is not Tensor or not _eager.ENABLED or _is_compiling()
            or _forward_ad._current_level >= 0 or _tracing_state() is not None):
        return None  # (eager.needs_reference's cheap checks inline: this runs every call)
    try:  # (a non-tensor weight, bias or residual: the full path's checks raise for it)
        training = _grad_enabled() and (
            x.requires_grad or (residual is not None and residual.requires_grad)
            or (weight is not None and weight.requires_grad)
            or (bias is not None and bias.requires_grad))
        if training and not _eager.TRAIN_PLANS:  # False: the full path (A/B)
            return None
        device = x.device
        if training:
            key = ("train", fn, normalized_shape, type(normalized_shape), x.shape, x.stride(),
                   x.dtype, device, x.requires_grad, _grad_tensor_key(residual, True),
                   _param_key(weight, True), _param_key(bias, True))
        else:
            key = (fn, normalized_shape, type(normalized_shape), x.shape, x.stride(), x.dtype,
                   device, _grad_tensor_key(residual, False), _param_key(weight, False),
                   _param_key(bias, False))
        plan = INFER_PLANS.get(key)
    except (AttributeError, TypeError):  # a non-tensor, an unhashable argument (a list)
        return None
    if device.type != "cuda" and not use_kernels(device):  # read per call (the tests flip it)
        return None
    try:
        if plan is None:
            make = _make_train_plan if training else _make_plan
            plan = INFER_PLANS.make(key, lambda: make(
                x, residual, weight, bias, is_rms,
                lambda: canonical(fn, x, normalized_shape, weight, bias, residual)[:4]))
        if not plan:
            return None
        if training:
            out = _EagerRowNormTrain.apply(plan, plan.default_eps if eps is None else float(eps),
                                           x, residual, weight, bias)
            return (out, None) if residual is None else out
        prep, default_eps = plan
        y = torch.empty_like(x)
        h = None if residual is None else torch.empty_like(x)
        K.launch_infer(prep, x, residual, weight, bias,
                       default_eps if eps is None else float(eps), y, h)
    except RuntimeError:
        if transformed():  # a torch.func transform's tensors: the full path's reference math
            return None
        raise
    return y, h


# --- The training path ---------------------------------------------------------------------
# An eager call that autograd records, on contiguous tensors, without statistics asked for:
# as the inference path, the checks and both launches' decisions are made once per call
# key (each tensor's requires_grad included), and the autograd.Function takes the plan and
# returns only y (and h): the statistics stay on its ctx, the backward needs no key of its
# own where dy comes as y was made (x's strides and dtype).


class _TrainPlan(TrainPlan):
    __slots__ = ("is_rms", "rows", "default_eps", "stat_like")

    def __init__(self, fwd, is_rms, rows, default_eps, weight, bias, stat_like):
        super().__init__(fwd, weight, bias)
        self.is_rms = is_rms
        self.rows = rows  # (M, N), the canonical view
        self.default_eps = default_eps  # rms_norm's eps=None
        # fp32 (M,) on x's device: mean and rstd are empty_like it (about half the host
        # time of a torch.empty with a device and dtype; host_cpu.py 1.3 against 2.3 us)
        self.stat_like = stat_like


def _make_train_plan(x: Tensor, residual, weight, bias, is_rms: bool, check):
    x2, r2, w, b = check()
    if not (x.numel() > 0 and x.is_contiguous()
            and (residual is None or residual.is_contiguous())
            and all(p is None or (p.is_contiguous() and p.dim() == 1) for p in (weight, bias))):
        return False
    stat = torch.empty((0,), device=x.device, dtype=torch.float32)  # dtypes for the key
    prep = K.prepare_fwd(x2, r2, w, b, is_rms, x2, x2 if r2 is not None else None,
                         None if is_rms else stat, stat)
    return _TrainPlan(prep, is_rms, tuple(x2.shape), float(torch.finfo(x.dtype).eps), weight,
                      bias, torch.empty((x2.shape[0],), device=x.device, dtype=torch.float32))


class _EagerRowNormTrain(torch.autograd.Function):
    """The training path's autograd.Function: forward(plan, eps, x, residual, weight,
    bias) -> y, or (y, h) with a residual."""

    @staticmethod
    def forward(ctx, plan, eps, x, residual, weight, bias):
        ctx.set_materialize_grads(False)  # an unused y or h: no zeroed gradient
        y = torch.empty_like(x)
        h = None if residual is None else torch.empty_like(x)
        rstd = torch.empty_like(plan.stat_like)
        mean = None if plan.is_rms else torch.empty_like(plan.stat_like)
        K.launch_fwd(plan.fwd, x, residual, weight, bias, eps, y, h, mean, rstd)
        ctx.plan = plan
        ctx.stats = (mean, rstd)
        ctx.save_for_backward(x if h is None else h, weight)
        return y if h is None else (y, h)

    @staticmethod
    @first_order  # no second-order gradients (eager.first_order)
    def backward(ctx, dy, dh=None):
        xs, weight = ctx.saved_tensors
        plan = ctx.plan
        mean, rstd = ctx.stats
        if dy is None:  # only h was used
            dy = torch.zeros_like(xs)
        dx = torch.empty_like(xs)
        M, N = plan.rows
        has_dh = dh is not None
        if (dy.stride() == xs.stride() and dy.dtype == xs.dtype
                and (not has_dh or (dh.stride() == xs.stride() and dh.dtype == xs.dtype))):
            prep = plan.bwd.get(has_dh)
            if prep is None:  # views for the key's strides; later calls pass the tensors
                v = (M, N)
                prep = plan.bwd[has_dh] = K.prepare_bwd(
                    dy.view(v), dh.view(v) if has_dh else None, xs.view(v), weight, mean, rstd,
                    plan.is_rms, plan.want_dw, plan.want_db, dx.view(v), plan.dw_dtype,
                    plan.db_dtype)
            dw, db = K.launch_bwd(prep, dy, dh, xs, weight, mean, rstd, plan.is_rms,
                                  plan.want_dw, plan.want_db, dx, plan.dw_dtype, plan.db_dtype)
        else:  # dy (or dh) in other strides or dtype: the general launch on (M, N) views
            dw, db = K.rownorm_bwd(
                _row_view(dy.reshape(M, N)), _row_view(dh.reshape(M, N)) if has_dh else None,
                xs.view(M, N), weight, mean, rstd, plan.is_rms, plan.want_dw, plan.want_db,
                dx.view(M, N), plan.dw_dtype, plan.db_dtype)
        return None, None, dx, dx if ctx.needs_input_grad[3] else None, dw, db
