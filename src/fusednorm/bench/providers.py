"""The implementations under test. A provider builds, for one case, a function that takes the
op's input tensors in Op.inputs order and returns its outputs as a tuple in Op.outputs order.

Peers without a fused residual add get the unfused form a user would write: h = x + residual
in torch, then their norm on h."""
import importlib
from dataclasses import dataclass
from typing import Callable, Optional, Tuple

import torch
import torch.nn.functional as F
from torch import Tensor

import fusednorm

from .cases import Case

OpFn = Callable[..., Tuple[Tensor, ...]]


@dataclass(frozen=True)
class Provider:
    name: str
    probe: Callable[[], None]  # raises (ImportError, ...) when the provider can't be used here
    build: Callable[[Case], Optional[OpFn]]  # None when the provider doesn't offer the op


def absent_reason(provider: Provider) -> Optional[str]:
    """None when the provider can be used, else a short reason ("No module named ...")."""
    try:
        provider.probe()
    except Exception as e:  # any import-time failure means absent, not a crash
        return f"{type(e).__name__}: {e}".splitlines()[0][:120]
    return None


def fusednorm_offers(op_name: str) -> bool:
    """Whether this fusednorm has the op yet (group_norm and instance_norm come later)."""
    return callable(getattr(fusednorm, op_name, None))


def _with_residual(norm: Callable[..., Tensor], residual: bool) -> OpFn:
    """Turn norm(x, *params) into an op function, adding h = x + residual first when asked."""
    if not residual:
        return lambda x, *params: (norm(x, *params),)

    def add_then_norm(x, r, *params):
        h = x + r
        return norm(h, *params), h
    return add_then_norm


def eager(case: Case) -> OpFn:
    """torch.nn.functional, as a user writes it: the eager provider, the function that
    torch.compile compiles, and (on float64 inputs) the reference."""
    op, n, eps = case.op, (case.N,), case.op.eps
    if op.name == "group_norm":
        g = case.num_groups
        return lambda x, w, b: (F.group_norm(x, g, w, b, eps),)
    if op.name == "instance_norm":
        return lambda x, w, b: (F.instance_norm(x, weight=w, bias=b, eps=eps),)
    if op.bias:
        return _with_residual(lambda h, w, b: F.layer_norm(h, n, w, b, eps), op.residual)
    return _with_residual(lambda h, w: F.rms_norm(h, n, w, eps), op.residual)


def _fusednorm(case: Case) -> Optional[OpFn]:
    op, n, eps = case.op, (case.N,), case.op.eps
    if op.name == "layer_norm":
        return lambda x, w, b: (fusednorm.layer_norm(x, n, w, b, eps),)
    if op.name == "rms_norm":
        return lambda x, w: (fusednorm.rms_norm(x, n, w, eps),)
    if op.name == "add_layer_norm":
        return lambda x, r, w, b: tuple(fusednorm.add_layer_norm(x, r, n, w, b, eps))
    if op.name == "add_rms_norm":
        return lambda x, r, w: tuple(fusednorm.add_rms_norm(x, r, n, w, eps))
    if not fusednorm_offers(op.name):
        return None
    if op.name == "group_norm":
        g = case.num_groups
        return lambda x, w, b: (fusednorm.group_norm(x, g, w, b, eps),)
    return lambda x, w, b: (fusednorm.instance_norm(x, w, b, eps),)


def _compiled(case: Case) -> OpFn:
    from torch._functorch import config as functorch_config

    # The bwd mode runs one graph's backward many times (retain_graph=True). A compiled
    # backward refuses that while it may donate buffers (write its results over saved
    # activations, a memory saving), and this switch, which torch's error message names for
    # retain_graph users, turns donation off. It only touches graphs compiled after it.
    functorch_config.donated_buffer = False
    # Dynamo caches compiled code per Python code object, and every case compiles the same
    # lambdas: without a reset, the recompile limit would soon send later shapes back to
    # eager without a word. A reset per case keeps each compiled for its own static shape.
    torch.compiler.reset()
    return torch.compile(eager(case), dynamic=False)


_LIGER_MODULES = ("liger_kernel.ops.layer_norm", "liger_kernel.ops.rms_norm",
                  "liger_kernel.ops.group_norm")


def _liger_probe() -> None:
    for name in _LIGER_MODULES:
        importlib.import_module(name)


def _liger(case: Case) -> OpFn:
    from liger_kernel.ops.group_norm import LigerGroupNormFunction
    from liger_kernel.ops.layer_norm import LigerLayerNormFunction
    from liger_kernel.ops.rms_norm import LigerRMSNormFunction

    op, eps = case.op, case.op.eps
    if op.suite == "groups":
        # InstanceNorm is GroupNorm with one channel per group (case.groups == C).
        c, g = case.shape[1], case.groups
        return lambda x, w, b: (LigerGroupNormFunction.apply(x, w, b, c, g, eps),)
    if op.bias:
        return _with_residual(lambda h, w, b: LigerLayerNormFunction.apply(h, w, b, eps),
                              op.residual)
    # Arguments after eps: offset 0 (plain weight), Liger's default "llama" casting, and
    # in_place=False: in place, Liger writes dx over dy, which would change dy between timed
    # repetitions and under the providers that run after it.
    return _with_residual(
        lambda h, w: LigerRMSNormFunction.apply(h, w, eps, 0.0, "llama", False), op.residual)


def _apex_probe() -> None:
    importlib.import_module("apex.normalization.fused_layer_norm")
    importlib.import_module("fused_layer_norm_cuda")  # apex's compiled extension


def _apex(case: Case) -> Optional[OpFn]:
    from apex.normalization.fused_layer_norm import fused_layer_norm_affine, fused_rms_norm_affine

    op, n, eps = case.op, (case.N,), case.op.eps
    if op.suite != "rows":
        return None
    # The functions FusedLayerNorm / FusedRMSNorm call in their forward, on our weights.
    if op.bias:
        return _with_residual(lambda h, w, b: fused_layer_norm_affine(h, w, b, n, eps),
                              op.residual)
    return _with_residual(lambda h, w: fused_rms_norm_affine(h, w, n, eps), op.residual)


def _quack_probe() -> None:
    importlib.import_module("quack.rmsnorm")  # imports the CuTe DSL (nvidia-cutlass-dsl)


def _quack_layer_norm_function(Q):
    """An autograd.Function over quack's LayerNorm kernels (quack has no autograd wrapper
    for them). It calls quack.rmsnorm._rmsnorm_fwd / _rmsnorm_bwd with is_layernorm, as
    quack's own layernorm_fwd / layernorm_bwd do, but on the case's weights as they are:
    those wrappers assert fp32 weights, and casting 16-bit weights per call would add two
    kernels to every timed call. The residual form uses the kernels' fused residual add
    (residual in, residual_out = x + residual out), as quack's RMSNorm does."""
    get_sm_count = getattr(Q, "get_sm_count", None)
    if get_sm_count is None:  # pragma: no cover - another layout of quack's modules
        from quack.rmsnorm_config import get_sm_count

    class QuackLayerNorm(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x, residual, weight, bias, eps):
            ctx.set_materialize_grads(False)
            m = x.shape[0]
            y = torch.empty_like(x)
            h = torch.empty_like(x) if residual is not None else None
            rstd = torch.empty((m,), device=x.device, dtype=torch.float32)
            mean = torch.empty((m,), device=x.device, dtype=torch.float32)
            Q._rmsnorm_fwd(x, weight, y, bias, rstd, mean, residual, h, eps, True)
            ctx.save_for_backward(x if h is None else h, weight, rstd, mean)
            ctx.residual = residual is not None
            return (y, h) if h is not None else y

        @staticmethod
        def backward(ctx, dy, dh=None):
            x, weight, rstd, mean = ctx.saved_tensors
            n = x.shape[-1]
            if dy is None:
                dy = torch.zeros_like(x)
            dx = torch.empty_like(x)
            sms = get_sm_count(n, x.device)
            dw = torch.empty((sms, n), device=x.device, dtype=torch.float32)
            db = torch.empty((sms, n), device=x.device, dtype=torch.float32)
            # dh (the gradient arriving on h) is added into dx by the kernel, which is
            # then the gradient of both x and the residual.
            Q._rmsnorm_bwd(x, weight, dy.contiguous(), rstd, dx, dw, db,
                           None if dh is None else dh.contiguous(), None, sms, mean=mean,
                           is_layernorm=True)
            return (dx, dx if ctx.residual else None, dw.sum(0).to(weight.dtype),
                    db.sum(0).to(weight.dtype), None)

    return QuackLayerNorm


def _quack(case: Case) -> Optional[OpFn]:
    """quack (Dao-AILab's CuTe DSL kernels, `pip install quack-kernels`): the fastest peer
    issue 6 names. RMSNorm through its public quack.rmsnorm.rmsnorm (autograd; the residual
    form fused, prenorm=True returning (y, x + residual)); LayerNorm through its kernels
    (_quack_layer_norm_function). Rows suite only."""
    op, eps = case.op, case.op.eps
    if op.suite != "rows":
        return None
    # The module: quack's package namespace binds `rmsnorm` to the function of that name.
    Q = importlib.import_module("quack.rmsnorm")

    if not op.bias:
        if op.residual:
            return lambda x, r, w: tuple(Q.rmsnorm(x, w, residual=r, eps=eps, prenorm=True))
        return lambda x, w: (Q.rmsnorm(x, w, eps=eps),)
    fn = _quack_layer_norm_function(Q)
    if op.residual:
        return lambda x, r, w, b: tuple(fn.apply(x, r, w, b, eps))
    return lambda x, w, b: (fn.apply(x, None, w, b, eps),)


def _always() -> None:
    return None


PROVIDERS = {p.name: p for p in (
    Provider("fusednorm", _always, _fusednorm),
    Provider("torch", _always, eager),
    Provider("compile", _always, _compiled),
    Provider("liger", _liger_probe, _liger),
    Provider("apex", _apex_probe, _apex),
    Provider("quack", _quack_probe, _quack),
)}
