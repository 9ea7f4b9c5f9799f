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


def _always() -> None:
    return None


PROVIDERS = {p.name: p for p in (
    Provider("fusednorm", _always, _fusednorm),
    Provider("torch", _always, eager),
    Provider("compile", _always, _compiled),
    Provider("liger", _liger_probe, _liger),
    Provider("apex", _apex_probe, _apex),
)}
