"""When an eager call may skip the torch.library dispatcher.

A registered custom op costs tens of microseconds of host time per call (schema checks,
the dispatcher, its Python autograd wrapper), which is most of the call at small shapes
where the kernel takes a few microseconds. Eager calls on plain tensors therefore run the
op's implementation directly (through a torch.autograd.Function when gradients are
needed); torch.compile traces and tensor subclasses (fake, functional, DTensor, ...) get
the registered op, so graphs still see one opaque node with its fake and autograd rules.

Set fusednorm.ops.eager.ENABLED = False to send every call through the registered op."""
import functools

import torch
from torch import Tensor

from ..kernels import use_kernels
from ..kernels.launch import INFER_PLANS

ENABLED = True
TRAIN_PLANS = True  # False: eager calls that record autograd take the general path (A/B)
_is_compiling = torch.compiler.is_compiling


_forward_ad = torch.autograd.forward_ad
# torch.func's transforms (vmap, grad, jvp, ...) and torch.jit.trace: where either is active,
# or where its C hook is missing (another torch), nothing.
_peek_functorch = getattr(getattr(torch._C, "_functorch", None), "peek_interpreter_stack",
                          lambda: None)
_tracing_state = getattr(torch._C, "_get_tracing_state", lambda: None)


def needs_reference() -> bool:
    """Whether a call must take the plain-PyTorch reference math (fusednorm.reference)
    rather than the kernels: forward-mode AD (inside torch.autograd.forward_ad's
    dual_level()), a torch.func transform (vmap, grad, jvp, hessian...) or torch.jit.trace.
    The kernels have no forward derivative, no batching rule and no trace: a dual tensor
    does not require grad, so such a call would otherwise take the inference path and drop
    the norm's tangent; functorch's wrapped tensors have no storage to launch on; a trace
    would record no launch. The reference math is differentiable in both modes, batches
    and traces."""
    return (_forward_ad._current_level >= 0 or _peek_functorch() is not None
            or _tracing_state() is not None)


def transformed() -> bool:
    """Whether a torch.func transform is active. Not checked on every call (a C call of
    host time): a transform's wrapped tensors have no storage, so the fast paths' launches
    or autograd.Functions raise, and the fast paths then ask this and fall back to the full
    path, whose needs_reference() sends the call to the reference math."""
    return _peek_functorch() is not None


def eager_path(x: Tensor) -> bool:
    # (needs_reference's cheap checks inline: this runs on every eager call; a torch.func
    # transform is caught where a launch fails, see transformed)
    return (ENABLED and type(x) is Tensor and not _is_compiling()
            and _forward_ad._current_level < 0 and _tracing_state() is None)


SECOND_ORDER_ERROR = (
    "fusednorm: a backward with create_graph=True through a fusednorm op is not supported "
    "(its kernels record no graph, so a gradient of the gradient would be wrong); use "
    "torch.nn.functional's norm where second-order gradients are needed")


def refuse_second_order() -> None:
    """Raise where a backward runs with create_graph=True (grad mode on inside it).

    torch's once_differentiable raises only when the gradient's own backward later runs
    through an error node that has no edges to the inputs; torch.autograd.grad(..., inputs)
    then skips that node and returns None or a gradient without the second-order term
    (a gradient penalty came out wrong). Refusing create_graph itself leaves no such
    route."""
    raise RuntimeError(SECOND_ORDER_ERROR)


def first_order(backward):
    """An autograd.Function's backward that raises when run with create_graph=True (grad
    mode on; refuse_second_order) and otherwise runs as it is."""
    is_grad_enabled = torch.is_grad_enabled

    @functools.wraps(backward)
    def wrapper(ctx, *args):
        if is_grad_enabled():
            refuse_second_order()
        return backward(ctx, *args)
    return wrapper


def autograd_function(name: str, forward_impl, setup_context, backward):
    """A torch.autograd.Function named `name` that runs forward_impl(*args), saves what
    the registered op's setup_context saves, and differentiates with `backward`: the
    registered op's autograd, without the dispatcher. Its backward refuses
    create_graph=True (first_order), as the registered op's does: the kernels record no
    graph, so a second-order gradient would be wrong."""
    def forward(ctx, *args):
        # Gradients of unused outputs arrive as None rather than zero tensors: the
        # statistics (non-differentiable) and an unused h would otherwise cost a zeroed
        # allocation each per backward call. `backward` must accept None for them.
        ctx.set_materialize_grads(False)
        out = forward_impl(*args)
        setup_context(ctx, args, out)
        return out

    return type(name, (torch.autograd.Function,),
                {"forward": staticmethod(forward),
                 "backward": staticmethod(first_order(backward)),
                 "__doc__": autograd_function.__doc__})


def check_devices(op: str, x: Tensor, *tensors) -> None:
    """Every tensor on x's device. The functional layer checks its arguments; the registered
    ops, which users may call directly, check here: the kernels' launches take raw
    addresses (kernels/launch.py), so a CPU tensor would otherwise reach the GPU."""
    for t in tensors:
        if t is not None and t.device != x.device:
            raise ValueError(f"fusednorm::{op}: a tensor is on {t.device} but x is on {x.device}")


def tensor_key(t):
    """The properties of an optional tensor argument that the functional layer's checks
    read (an inference plan's key entry; None for None)."""
    return None if t is None else (t.shape, t.stride(), t.dtype, t.device)


def grad_key(t):
    """tensor_key with requires_grad: a training plan's key entry."""
    return None if t is None else (t.shape, t.stride(), t.dtype, t.device, t.requires_grad)


def wants_grad(*tensors) -> bool:
    """Whether autograd must record this call: grad mode is on and an argument (None
    allowed) requires grad."""
    if torch.is_grad_enabled():
        for t in tensors:  # a loop, not any(<generator>): this runs on every eager call
            if t is not None and t.requires_grad:
                return True
    return False


def eager_plan(x, residual, weight, bias, key, make, make_train=None):
    """(plan, training) for an eager call on plain tensors, or None where no cached plan
    applies (the caller then takes the full path). A call that autograd must record
    (grad mode on, an argument requiring grad) gets the training path's plan
    (ops/rownorm.py: train; make_train None: none), any other the inference path's
    (ops/rownorm.py, ops/groupnorm.py: infer). residual, weight, bias: the other tensor
    arguments (None where absent); the plan's key is their and x's properties (with
    requires_grad for a training plan) plus `key`, the op's other arguments. make() /
    make_train() build the plan on a key's first call (running the functional layer's
    checks, which raise for bad arguments) or return False to send that key to the full
    path. Fixed arguments, not *tensors: this runs on every eager call."""
    if not eager_path(x):
        return None
    try:
        device = x.device
        training = torch.is_grad_enabled() and (
            x.requires_grad or (residual is not None and residual.requires_grad)
            or (weight is not None and weight.requires_grad)
            or (bias is not None and bias.requires_grad))
        if not training:
            key = (x.shape, x.stride(), x.dtype, device, tensor_key(residual),
                   tensor_key(weight), tensor_key(bias)) + key
        elif make_train is None or not TRAIN_PLANS:
            return None
        else:
            key = ("train", x.shape, x.stride(), x.dtype, device, x.requires_grad,
                   grad_key(residual), grad_key(weight), grad_key(bias)) + key
        plan = INFER_PLANS.get(key)
    except (AttributeError, TypeError):  # a non-tensor, an unhashable argument (a list)
        return None
    if device.type != "cuda" and not use_kernels(device):  # read per call (the tests flip it)
        return None
    if plan is None:
        plan = INFER_PLANS.make(key, make_train if training else make)
    return (plan, training) if plan else None


class TrainPlan:
    """What a training path's plan holds for both norm families (ops/rownorm.py and
    ops/groupnorm.py, fast): the forward's prepared launch (statistics written), which
    parameter gradients the backward computes and in which dtypes (the parameters', fp32
    scratch for one not wanted), and the backward's prepared launches, made on the first
    backward (keyed by the family: with or without dh for the row norms)."""
    __slots__ = ("fwd", "want_dw", "want_db", "dw_dtype", "db_dtype", "bwd")

    def __init__(self, fwd, weight, bias):
        self.fwd = fwd
        self.want_dw = weight is not None and weight.requires_grad
        self.want_db = bias is not None and bias.requires_grad
        self.dw_dtype = weight.dtype if self.want_dw else torch.float32
        self.db_dtype = bias.dtype if self.want_db else torch.float32
        self.bwd = {}
