"""The correctness gate: before a provider is timed on a case, its outputs and gradients are
compared with a float64 reference computed by torch.nn.functional on the same device.
Everything here works on any device, so the tests run it on CPU."""
import math
from dataclasses import dataclass
from typing import Callable, Optional, Sequence, Tuple

import torch
from torch import Tensor

from ..check import TOL  # the package's one tolerance table (python -m fusednorm check)
from .cases import Case
from .providers import eager


@dataclass(frozen=True)
class Verdict:
    status: str  # "ok", "wrong" (a result off the reference) or "failed" (it raised)
    detail: str = ""

    @property
    def ok(self) -> bool:
        return self.status == "ok"


OK = Verdict("ok")


def failure(e: BaseException) -> Verdict:
    """A short, one-line reason for an exception."""
    if isinstance(e, torch.cuda.OutOfMemoryError):
        return Verdict("failed", "out of memory")
    text = str(e).strip().splitlines()
    return Verdict("failed", f"{type(e).__name__}: {text[0] if text else ''}"[:100])


def memory_format(case: Case) -> torch.memory_format:
    if not case.channels_last:
        return torch.contiguous_format
    return torch.channels_last if len(case.shape) == 4 else torch.channels_last_3d


def make_inputs(case: Case, device: torch.device, seed: int = 0
                ) -> Tuple[Tuple[Tensor, ...], Tuple[Tensor, ...]]:
    """Fresh random inputs (leaves that require grad, in Op.inputs order) and the gradients
    arriving on the outputs (in Op.outputs order), in the case's dtype and layout."""
    gen = torch.Generator(device=device).manual_seed(seed)
    fmt = memory_format(case)

    def randn(shape, scale=1.0, shift=0.0):
        return torch.randn(shape, generator=gen, device=device, dtype=case.dtype) * scale + shift

    def activation(shift=0.0):
        return randn(case.shape, shift=shift).contiguous(memory_format=fmt)

    makers = {
        "x": lambda: activation(shift=1.0),  # a nonzero mean, so centering matters
        "residual": activation,
        "weight": lambda: randn((case.params,), scale=0.5, shift=1.0),
        "bias": lambda: randn((case.params,), scale=0.5),
    }
    inputs = tuple(makers[name]().requires_grad_() for name in case.op.inputs)
    grad_outputs = tuple(activation() for _ in case.op.outputs)
    return inputs, grad_outputs


@dataclass
class Reference:
    outputs: Tuple[Tensor, ...]  # float64, in Op.outputs order
    grads: Optional[Tuple[Tensor, ...]]  # float64, in Op.inputs order; None if not wanted


def reference(case: Case, inputs: Sequence[Tensor], grad_outputs: Sequence[Tensor],
              with_grads: bool) -> Reference:
    """torch.nn.functional in float64 on the inputs' device."""
    x64 = [t.detach().double().requires_grad_(with_grads) for t in inputs]
    with torch.set_grad_enabled(with_grads):
        outs = eager(case)(*x64)
    grads = None
    if with_grads:
        grads = torch.autograd.grad(outs, x64, [g.double() for g in grad_outputs])
    return Reference(tuple(o.detach() for o in outs), grads)


def max_error(out: Tensor, ref: Tensor) -> float:
    """max |out - ref| / max(1, max |ref|) (the self-check's measure); inf when out holds a
    non-finite value."""
    o = out.detach().double()
    if not bool(torch.isfinite(o).all()):
        return math.inf
    scale = max(1.0, ref.abs().max().item()) if ref.numel() else 1.0
    return (o - ref).abs().max().item() / scale if ref.numel() else 0.0


def compare(names: Sequence[str], got: Sequence[Tensor], want: Sequence[Tensor],
            dtype: torch.dtype) -> Verdict:
    if len(got) != len(want):
        return Verdict("wrong", f"{len(got)} results, expected {len(want)}")
    tol = TOL[dtype]
    for name, g, w in zip(names, got, want):
        if g is None or tuple(g.shape) != tuple(w.shape):
            shape = None if g is None else tuple(g.shape)
            return Verdict("wrong", f"{name}: shape {shape}, expected {tuple(w.shape)}")
        if g.dtype != dtype:
            return Verdict("wrong", f"{name}: dtype {g.dtype}, expected {dtype}")
        err = max_error(g, w)
        if not err <= tol:
            return Verdict("wrong", f"{name}: error {err:.1e} > {tol:.0e}")
    return OK


def gate(fn: Callable, case: Case, inputs: Sequence[Tensor], grad_outputs: Sequence[Tensor],
         ref: Reference) -> Tuple[Verdict, Optional[Verdict]]:
    """Check fn on the code paths the timing takes. Returns (forward verdict, gradient
    verdict): the forward runs under no_grad, as the forward mode times it; the gradients
    (only when ref has them) come from autograd.grad after a forward with grad enabled, as
    the backward modes time them. A forward that is not ok fails both."""
    names_out = case.op.outputs
    try:
        with torch.no_grad():
            fwd = compare(names_out, fn(*inputs), ref.outputs, case.dtype)
    except Exception as e:  # a provider's failure is a result, not a crash
        fwd = failure(e)
    if ref.grads is None:
        return fwd, None
    if not fwd.ok:
        return fwd, fwd
    try:
        outs = fn(*inputs)
        grads = torch.autograd.grad(outs, inputs, grad_outputs)
        names = names_out + tuple("d" + n for n in case.op.inputs)
        grad = compare(names, tuple(outs) + grads, ref.outputs + ref.grads, case.dtype)
    except Exception as e:
        grad = failure(e)
    return fwd, grad
