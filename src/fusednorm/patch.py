"""Model surgery: fusednorm.patch(model) turns every norm module whose computation it
recognises into a fused one, in place; fusednorm.unpatch(model) turns them back.

How a module is changed: its class is swapped (module.__class__ = fused class), as
torch.nn.utils.parametrize does. The object stays the same, so its parameters (the very
same tensors, with their device, dtype, requires_grad and optimizer state), buffers,
hooks, training flag and every reference to it are kept. The fused class subclasses the
original one, so isinstance checks and state_dict keys do not change.

Which modules, and the fused class each gets:
  * torch.nn.LayerNorm, RMSNorm, GroupNorm, InstanceNorm1d/2d/3d (exactly these classes):
    their fusednorm.nn twin.
  * any other module that holds what a norm holds (a subclass of those torch classes, or a
    module with a single 1-D `weight`, no buffers or children and a float `eps` or
    `variance_epsilon`, as Hugging Face's RMSNorm classes): the forms below are tried in
    turn, and the first one that computes what the module's own forward computes on probe
    inputs (CPU, fp32 and bf16 inputs and weights: output dtypes must match, values agree
    to a rounding) is the one it gets. Nothing is recognised by its class name.
  * an activation module that runs right after a GroupNorm and nowhere else, as far as
    the model's structure and source show (see _activation_sites), is fused into that
    GroupNorm and replaced by FusedActivation.
Everything else that looks like a norm is left, and the report says why."""
import ast
import fnmatch
import functools
import inspect
import textwrap
from dataclasses import dataclass, field
from typing import Dict, Iterable, List, NamedTuple, Optional, Tuple, Union

import torch
from torch import Tensor

from . import functional as F
from . import nn
from .functional import SUPPORTED_DTYPES
from .nn import Fused, takes

__all__ = ["patch", "unpatch", "PatchReport", "Entry", "FusedActivation"]


# --- Forms for norms of other libraries ---------------------------------------------------

def _eps(module) -> Optional[float]:
    """The epsilon a norm module keeps: `variance_epsilon` (Hugging Face) or `eps`."""
    for attr in ("variance_epsilon", "eps"):
        value = module.__dict__.get(attr)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
    return None


class _ChannelsFirstLayerNorm(Fused):
    """LayerNorm over dim 1 of an (N, C, H, W) tensor, e.g. timm's LayerNorm2d. The op
    runs on the NHWC permutation: free for channels_last inputs, one copy otherwise (as
    torch's layer_norm makes for the same permutation)."""

    _fusednorm_description = "fusednorm.layer_norm over the channels of NCHW"

    def _fusednorm_accepts(self, x):
        return (x.dim() == 4 and len(self.normalized_shape) == 1
                and x.shape[1] == self.normalized_shape[0] and takes(x, self.weight, self.bias))

    def _fusednorm_forward(self, x):
        y = F.layer_norm(x.permute(0, 2, 3, 1), self.normalized_shape, self.weight, self.bias,
                         self.eps)
        return y.permute(0, 3, 1, 2)

    def _fusednorm_probe_shape(self):
        return (2, self.normalized_shape[0], 3, 2)


class _WeightOnlyNorm(Fused):
    """A norm over the last dim with a 1-D weight and no bias, computed in fp32 (the forms
    below differ in mean subtraction, where the result is rounded and how the weight is
    applied)."""

    def _fusednorm_accepts(self, x):
        w = self.weight
        return (x.dtype in SUPPORTED_DTYPES and w.dtype in SUPPORTED_DTYPES
                and w.device == x.device and x.dim() >= 1 and x.shape[-1] == w.numel())

    def _fusednorm_probe_shape(self):
        return (2, 3, self.weight.numel())


class _RMSNormCastThenScale(_WeightOnlyNorm):
    """weight * xhat.to(input dtype): Llama, Mistral, Qwen2 and most Hugging Face RMSNorms.
    The weight is applied outside the kernel (in torch's dtype promotion, as the model does),
    except in fp32, where applying it inside computes the same thing."""

    _fusednorm_description = "fusednorm.rms_norm, cast to the input dtype, then * weight"

    def _fusednorm_norm_dtype(self, x: Tensor) -> torch.dtype:
        return x.dtype

    def _fusednorm_forward(self, x):
        w, n, eps = self.weight, (self.weight.numel(),), _eps(self)
        dtype = self._fusednorm_norm_dtype(x)
        if dtype == torch.float32 and w.dtype == torch.float32:
            return F.rms_norm(x.float(), n, w, eps)
        # xhat rounded once to `dtype`: from x's dtype if that is `dtype`, else from fp32.
        xhat = F.rms_norm(x if x.dtype == dtype else x.float(), n, None, eps)
        return w * xhat.to(dtype)


class _RMSNormCastToWeightThenScale(_RMSNormCastThenScale):
    """weight * xhat, xhat cast to the weight's dtype if that is fp16/bf16 and kept in fp32
    otherwise: Hugging Face's T5LayerNorm."""

    _fusednorm_description = "fusednorm.rms_norm, cast to a half weight's dtype, then * weight"

    def _fusednorm_norm_dtype(self, x):
        w = self.weight.dtype
        return w if w in (torch.float16, torch.bfloat16) else torch.float32


class _RMSNormScaleInFP32(_WeightOnlyNorm):
    """(xhat * weight.float()).to(input dtype): the weight applied in fp32 inside the
    kernel, one rounding at the end (OLMo-2)."""

    _fusednorm_description = "fusednorm.rms_norm, * weight in fp32, then cast to the input dtype"
    _fusednorm_offset = 0.0

    def _fusednorm_forward(self, x):
        w = self.weight
        if self._fusednorm_offset:
            w = self._fusednorm_offset + w.float()
        elif w.dtype not in (x.dtype, torch.float32):
            w = w.float()
        return self._fusednorm_norm(x, (w.numel(),), w, _eps(self))

    def _fusednorm_norm(self, x, shape, w, eps):
        return F.rms_norm(x, shape, w, eps)


class _RMSNormOnePlusWeightInFP32(_RMSNormScaleInFP32):
    """(xhat * (1 + weight.float())).to(input dtype): Gemma's RMSNorms."""

    _fusednorm_description = ("fusednorm.rms_norm, * (1 + weight) in fp32, then cast to the "
                              "input dtype")
    _fusednorm_offset = 1.0


class _LayerNormScaleInFP32(_RMSNormScaleInFP32):
    """LayerNorm without bias, (xhat * weight.float()).to(input dtype): Cohere's."""

    _fusednorm_description = "fusednorm.layer_norm, * weight in fp32, then cast to the input dtype"

    def _fusednorm_norm(self, x, shape, w, eps):
        return F.layer_norm(x, shape, w, None, eps)


_WEIGHT_ONLY_FORMS = (_RMSNormCastThenScale, _RMSNormCastToWeightThenScale,
                      _RMSNormScaleInFP32, _RMSNormOnePlusWeightInFP32, _LayerNormScaleInFP32)

# Exactly these torch classes get their twin without a probe.
_TWINS: Dict[type, type] = {
    torch.nn.LayerNorm: nn.LayerNorm,
    torch.nn.RMSNorm: nn.RMSNorm,
    torch.nn.GroupNorm: nn.GroupNorm,
    torch.nn.InstanceNorm1d: nn.InstanceNorm1d,
    torch.nn.InstanceNorm2d: nn.InstanceNorm2d,
    torch.nn.InstanceNorm3d: nn.InstanceNorm3d,
}


# --- Fused classes --------------------------------------------------------------------------

_FUSED_CLASSES: Dict[Tuple[type, type], type] = {}


def _new_fused(form: type, base: type):
    """Unpickles a module of a generated fused class (see _reduce_generated)."""
    return object.__new__(_fused_class(form, base))


def _reduce_generated(self, protocol):
    # A generated class cannot be found by name when unpickling: rebuild it from its form
    # and the original class, which can (torch.save(model), deepcopy).
    return _new_fused, (self._fusednorm_form, self._fusednorm_base), self.__getstate__()


def _fused_class(form: type, base: type) -> type:
    """The class a `base` module becomes under `form`: the form itself where it is base's
    twin, else a subclass of both, made once per pair and named Fused<base>."""
    if issubclass(form, base):
        return form
    key = (form, base)
    if key not in _FUSED_CLASSES:
        _FUSED_CLASSES[key] = type(f"Fused{base.__name__}", (form, base), {
            "__module__": __name__,
            "_fusednorm_form": form,
            "_fusednorm_base": base,
            "__reduce_ex__": _reduce_generated,
        })
    return _FUSED_CLASSES[key]


# --- Recognising norms ----------------------------------------------------------------------

# (x dtype, parameter dtype) pairs a candidate is probed with. Mixing bf16 and fp32 tells
# the casting orders apart by the dtype each output ends in; values must agree to within
# a rounding in the lowest precision involved (torch.testing's defaults), as the kernels
# sum in another order than torch and a bf16 rounding in between may then go the other way.
_PROBE_DTYPES = ((torch.float32, torch.float32), (torch.bfloat16, torch.float32),
                 (torch.float32, torch.bfloat16), (torch.bfloat16, torch.bfloat16))
_PROBE_TOL = {torch.float32: dict(rtol=1.3e-6, atol=1e-5),
              torch.bfloat16: dict(rtol=1.6e-2, atol=1e-5)}


def _probe(module: torch.nn.Module, form: type) -> Optional[str]:
    """None if `form` computes what the module's own forward computes on random inputs and
    random parameters (on CPU, module untouched), wherever that forward takes the input;
    else why not."""
    base = type(module)
    probe = object.__new__(_fused_class(form, base))
    probe.__dict__.update(module.__dict__)
    compared = 0
    gen = torch.Generator().manual_seed(0)
    for x_dtype, p_dtype in _PROBE_DTYPES:
        probe.__dict__["_parameters"] = {
            k: None if p is None else torch.randn(p.shape, generator=gen, dtype=p_dtype)
            for k, p in module._parameters.items()}
        x = torch.randn(probe._fusednorm_probe_shape(), generator=gen, dtype=x_dtype)
        x[1] *= 1e-3  # a sample whose variance is near eps, so eps counts
        if not probe._fusednorm_accepts(x):
            continue
        with torch.no_grad(), torch.autocast("cpu", enabled=False):
            try:
                ref = base.forward(probe, x)
            except Exception:  # e.g. torch's CPU layer_norm refuses bf16 weights: no opinion
                continue
            try:
                out = probe._fusednorm_forward(x)
                low = torch.bfloat16 if torch.bfloat16 in (x_dtype, p_dtype) else torch.float32
                torch.testing.assert_close(out, ref, **_PROBE_TOL[low])
            except Exception as e:
                first = (str(e).strip().splitlines() or [""])[0]
                return f"{type(e).__name__} at x {x_dtype}, weight {p_dtype}: {first}"
        compared += 1
    return None if compared else "its forward takes none of the probe inputs"


def _is_weight_only_norm(module: torch.nn.Module) -> bool:
    """Holds what a weight-only norm (Hugging Face's RMSNorms) holds: one 1-D `weight`, no
    buffers, no children, a float eps."""
    params = module._parameters
    return (list(params) == ["weight"] and params["weight"] is not None
            and params["weight"].dim() == 1 and not module._modules
            and all(b is None for b in module._buffers.values()) and _eps(module) is not None)


def _find_form(module: torch.nn.Module) -> Tuple[Optional[type], str]:
    """(form, description) for a module patch() can fuse, else (None, why not); ("", "")
    means the module is not a norm at all and goes unreported."""
    cls = type(module)
    if isinstance(module, Fused):
        return None, "already fused"
    if "forward" in module.__dict__:
        return None, "forward is replaced on the instance (e.g. by an accelerate hook)"
    if isinstance(module, (torch.nn.InstanceNorm1d, torch.nn.InstanceNorm2d,
                           torch.nn.InstanceNorm3d)) and module.track_running_stats:
        return None, "track_running_stats=True: normalizes with running statistics in eval"
    if isinstance(module, torch.nn.GroupNorm) and "activation" in module.__dict__:
        return None, "has an attribute 'activation' of its own"
    if cls in _TWINS:
        return _TWINS[cls], _TWINS[cls]._fusednorm_description
    forms: Tuple[type, ...] = ()
    for torch_cls, twin in _TWINS.items():
        if isinstance(module, torch_cls):
            forms = (twin,) + ((_ChannelsFirstLayerNorm,) if torch_cls is torch.nn.LayerNorm
                               and len(module.normalized_shape) == 1 else ())
            break
    else:
        if _is_weight_only_norm(module):
            forms = _WEIGHT_ONLY_FORMS
    if not forms:
        if "norm" in cls.__name__.lower() and not module._modules:  # a leaf named as a norm
            return None, "no fusednorm form for what it holds"
        return None, ""
    reasons = []
    for form in forms:
        why = _probe(module, form)
        if why is None:
            return form, form._fusednorm_description
        reasons.append(f"not {form._fusednorm_description} ({why})")
    return None, "computes none of the fused forms: " + "; ".join(reasons)


# --- Activations fused into a GroupNorm -----------------------------------------------------

def _activation_name(module: torch.nn.Module) -> Optional[str]:
    """The fusednorm activation an activation module computes (exact classes only)."""
    if type(module) is torch.nn.SiLU:
        return "silu"
    if type(module) is torch.nn.GELU:
        return {"none": "gelu", "tanh": "gelu_tanh"}[module.approximate]
    return None


class FusedActivation(torch.nn.Identity):
    """Stands where an activation module was fused into the norm that runs before it.
    Holds the original (not as a submodule, so state_dict and modules() are as before) for
    fusednorm.unpatch to put back."""

    def __init__(self, original: torch.nn.Module, norm: str):
        super().__init__()
        self.__dict__["original"] = original
        self.norm = norm

    def extra_repr(self):
        return f"{type(self.original).__name__}, fused into {self.norm!r}"


def _self_attr(node: ast.AST, self_name: str) -> Optional[str]:
    """'a' for the expression `self.a`, else None."""
    if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
            and node.value.id == self_name):
        return node.attr
    return None


def _norm_then_act(statements: List[ast.stmt], self_name: str) -> Iterable[Tuple[str, str]]:
    """(n, a) for each pair of consecutive statements `v = self.n(u)`, `v = self.a(v)` in
    this block and the blocks nested in it."""
    def call(stmt) -> Optional[Tuple[str, str, ast.expr]]:
        # `v = self.m(arg)` as (v, m, arg)
        if (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
                and isinstance(stmt.targets[0], ast.Name) and isinstance(stmt.value, ast.Call)
                and len(stmt.value.args) == 1 and not stmt.value.keywords):
            attr = _self_attr(stmt.value.func, self_name)
            if attr is not None:
                return stmt.targets[0].id, attr, stmt.value.args[0]
        return None

    for first, second in zip(statements, statements[1:]):
        a, b = call(first), call(second)
        if (a and b and a[0] == b[0] and isinstance(b[2], ast.Name) and b[2].id == a[0]):
            yield a[1], b[1]
    for stmt in statements:
        for name in ("body", "orelse", "finalbody"):
            block = getattr(stmt, name, None)
            if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                yield from _norm_then_act(block, self_name)
        for handler in getattr(stmt, "handlers", ()):
            yield from _norm_then_act(handler.body, self_name)


_CHILD_WALKS = ("children", "named_children", "modules", "named_modules", "_modules")


@functools.lru_cache(maxsize=None)
def _source_pairs(cls: type) -> Tuple[Tuple[str, str], ...]:
    """(norm attribute, activation attribute) pairs that cls.forward runs back to back, the
    norm's output going to the activation alone, as read from the source: the two
    statements are adjacent (see _norm_then_act); in the source of cls and of its bases up
    to torch.nn.Module each attribute is read exactly once and never named in a string
    (getattr); and the class defining forward never walks its children (library base
    classes do, to configure them, e.g. diffusers' ModelMixin). Empty if any source
    cannot be read."""
    classes = [c for c in cls.__mro__ if issubclass(c, torch.nn.Module)
               and c.__module__.split(".")[0] != "torch"]
    forward_owner = next((c for c in cls.__mro__ if "forward" in c.__dict__), None)
    if forward_owner not in classes:
        return ()
    reads: Dict[str, int] = {}
    strings = set()
    pairs: List[Tuple[str, str]] = []
    for c in classes:
        try:
            tree = ast.parse(textwrap.dedent(inspect.getsource(c)))
        except (OSError, TypeError, SyntaxError):
            return ()
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or not fn.args.args:
                continue
            self_name = fn.args.args[0].arg
            for node in ast.walk(fn):
                attr = _self_attr(node, self_name)
                if attr is not None and isinstance(node.ctx, ast.Load):
                    if c is forward_owner and attr in _CHILD_WALKS:
                        return ()
                    reads[attr] = reads.get(attr, 0) + 1
                elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                    strings.add(node.value)
            if c is forward_owner and fn.name == "forward":
                pairs.extend(_norm_then_act(fn.body, self_name))
    return tuple((n, a) for n, a in pairs
                 if reads.get(n) == 1 and reads.get(a) == 1 and not {n, a} & strings)


def _has_hooks(module: torch.nn.Module) -> bool:
    return bool(module._forward_hooks or module._forward_pre_hooks or module._backward_hooks
                or module._backward_pre_hooks)


def _activation_sites(model: torch.nn.Module) -> List[Tuple[str, torch.nn.Module, str, str]]:
    """(parent name, parent, norm attribute, activation attribute) where a norm's output
    provably goes to the activation module alone: adjacent children of a plain
    nn.Sequential, or a pair _source_pairs finds in the parent's forward. Neither module
    may be registered anywhere else or carry hooks."""
    registered: Dict[int, int] = {}
    for _, m in model.named_modules(remove_duplicate=False):
        registered[id(m)] = registered.get(id(m), 0) + 1
    sites = []
    for name, parent in model.named_modules():
        if not any(isinstance(c, torch.nn.GroupNorm) for c in parent._modules.values()):
            continue
        if type(parent).forward is torch.nn.Sequential.forward:
            keys = list(parent._modules)
            pairs = tuple(zip(keys, keys[1:]))
        else:
            pairs = _source_pairs(type(parent))
        for norm_attr, act_attr in pairs:
            norm, act = parent._modules.get(norm_attr), parent._modules.get(act_attr)
            if (norm is None or act is None or _activation_name(act) is None
                    or registered[id(norm)] != 1 or registered[id(act)] != 1
                    or _has_hooks(norm) or _has_hooks(act)):
                continue
            sites.append((name, parent, norm_attr, act_attr))
    return sites


# --- patch / unpatch ------------------------------------------------------------------------

class Entry(NamedTuple):
    name: str    # qualified module name ("" for the model itself)
    type: str    # its class before patching
    detail: str  # what it computes now, or why it was left


@dataclass
class PatchReport:
    """What fusednorm.patch did: `replaced` norms (detail: the fused form), `activations`
    fused into the norm before them (detail: which norm), and norms `left` as they were
    (detail: why)."""

    replaced: List[Entry] = field(default_factory=list)
    activations: List[Entry] = field(default_factory=list)
    left: List[Entry] = field(default_factory=list)

    def __str__(self) -> str:
        lines = [f"fusednorm.patch: {len(self.replaced)} replaced, "
                 f"{len(self.activations)} activations fused, {len(self.left)} left"]
        for title, entries in (("replaced", self.replaced), ("activations", self.activations),
                               ("left", self.left)):
            lines += [f"  {title:<11} {e.name or '<model>'} ({e.type}): {e.detail}"
                      for e in entries]
        return "\n".join(lines)


Selector = Union[None, str, type, Iterable[Union[str, type]]]


def _selects(selector: Selector, name: str, module: torch.nn.Module) -> bool:
    """Whether `name`/`module` matches a glob on qualified names, a class (isinstance), or
    any of several."""
    if isinstance(selector, (str, type)):
        selector = (selector,)
    return any(fnmatch.fnmatchcase(name, s) if isinstance(s, str) else isinstance(module, s)
               for s in selector)


def patch(model: torch.nn.Module, include: Selector = None,
          exclude: Selector = None, fuse_activations: bool = True) -> PatchReport:
    """Replace, in place, every norm module of `model` that fusednorm computes exactly by a
    fused one, and fuse activations that provably run right after a GroupNorm alone.

    include / exclude: glob patterns on qualified module names ("model.layers.*.norm"),
    module classes, or iterables of both; a module is patched if it matches include (when
    given) and not exclude. fuse_activations=False: no activation is fused (a fused
    GroupNorm module applies its activation itself, so calling it alone, or a hook on it,
    sees the activated output). Patching an already patched model changes nothing.
    Returns a PatchReport; fusednorm.unpatch(model) undoes it."""
    if not isinstance(model, torch.nn.Module):
        raise TypeError(f"fusednorm.patch: model must be a torch.nn.Module, got "
                        f"{type(model).__name__}")
    for arg, sel in (("include", include), ("exclude", exclude)):
        if sel is None or isinstance(sel, (str, type)):
            continue
        try:
            ok = all(isinstance(s, (str, type)) for s in sel)
        except TypeError:
            ok = False
        if not ok:
            raise TypeError(f"fusednorm.patch: {arg} must be a glob string, a module class, or "
                            f"an iterable of them, got {sel!r}")
    report = PatchReport()
    replaced: Dict[str, Entry] = {}
    for name, module in model.named_modules():
        form, detail = _find_form(module)
        if form is None and not detail:
            continue
        entry_type = type(module).__name__
        if form is not None and ((include is not None and not _selects(include, name, module))
                                 or (exclude is not None and _selects(exclude, name, module))):
            form, detail = None, "excluded by include/exclude"
        if form is None:
            report.left.append(Entry(name, entry_type, detail))
            continue
        module._fusednorm_original_class = type(module)
        module.__class__ = _fused_class(form, type(module))
        replaced[name] = Entry(name, entry_type, detail)

    for parent_name, parent, norm_attr, act_attr in (
            _activation_sites(model) if fuse_activations else ()):
        norm, act = parent._modules[norm_attr], parent._modules[act_attr]
        norm_name = f"{parent_name}.{norm_attr}" if parent_name else norm_attr
        # Only into GroupNorms replaced by this call: unpatch() then knows what to undo.
        if norm_name not in replaced or not isinstance(norm, nn.GroupNorm):
            continue
        norm.activation = _activation_name(act)
        parent._modules[act_attr] = FusedActivation(act, norm_attr)
        act_name = f"{parent_name}.{act_attr}" if parent_name else act_attr
        report.activations.append(Entry(act_name, type(act).__name__, f"fused into {norm_name}"))
        entry = replaced[norm_name]
        replaced[norm_name] = entry._replace(detail=f"{entry.detail} + {norm.activation}")
    report.replaced = list(replaced.values())
    return report


def unpatch(model: torch.nn.Module) -> List[str]:
    """Undo fusednorm.patch: original classes back, fused activations back in their
    places. Modules built as fusednorm.nn ones stay. Returns the names restored."""
    restored = []
    for parent_name, parent in list(model.named_modules()):
        for attr, child in list(parent._modules.items()):
            if isinstance(child, FusedActivation):
                parent._modules[attr] = child.original
                restored.append(f"{parent_name}.{attr}" if parent_name else attr)
    for name, module in model.named_modules():
        original = module.__dict__.pop("_fusednorm_original_class", None)
        if original is not None:
            module.__dict__.pop("activation", None)  # set only where patch fused one
            module.__class__ = original
            restored.append(name)
    return restored
