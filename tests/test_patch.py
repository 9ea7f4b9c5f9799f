"""fusednorm.patch / unpatch: torch.nn toy models, timm-like modules, and Hugging Face
transformers and diffusers models built from tiny configs (random weights, no downloads).

Patched outputs and gradients are held to the STYLE.md rule against a float64 run of the
same model: err(patched) <= 2 * err(unpatched, same dtype) + rtol, norm-wise."""
import contextlib
import copy
import importlib
import io

import pytest
import torch
import torch.nn.functional as F
from torch import nn

import fusednorm
from fusednorm import nn as fnn
from fusednorm.patch import FusedActivation, PatchReport

from numerics import TOLERANCES


# --- helpers ------------------------------------------------------------------------------

@pytest.fixture(autouse=True)
def _no_tf32():
    """On CUDA, fp32 convolutions and matmuls default to TF32 (10-bit mantissa): their
    rounding would swamp the norms' error that these comparisons are about, and differ
    at random between the patched and unpatched runs."""
    saved = torch.backends.cudnn.allow_tf32, torch.backends.cuda.matmul.allow_tf32
    torch.backends.cudnn.allow_tf32 = torch.backends.cuda.matmul.allow_tf32 = False
    yield
    torch.backends.cudnn.allow_tf32, torch.backends.cuda.matmul.allow_tf32 = saved


def _randomize_norms(model):
    """Norm weights start at 1 (or 0 for Gemma): make them random so that a form that
    mishandles the weight shows."""
    with torch.no_grad():
        for m in model.modules():
            if "norm" in type(m).__name__.lower():
                for k, p in m.named_parameters(recurse=False):
                    p.copy_(torch.randn_like(p) * 0.5 + (1.0 if k == "weight" else 0.0))


def _run(model, inputs, out_fn):
    """Forward + backward with a fixed random cotangent; returns (output, {parameter name:
    grad}). `inputs` are positional arguments, or keyword arguments as a dict."""
    model.zero_grad(set_to_none=True)
    out = out_fn(model(**inputs) if isinstance(inputs, dict) else model(*inputs))
    gen = torch.Generator().manual_seed(1)
    out.backward(torch.randn(out.shape, generator=gen, dtype=torch.float64).to(out))
    # torch.compile's wrapper prefixes the names.
    return out.detach(), {k.removeprefix("_orig_mod."): p.grad
                          for k, p in model.named_parameters() if p.grad is not None}


# Rounding noise of a zero result, against torch's: summation orders differ by a few x.
ZERO_NOISE_FACTOR = 8


def _assert_like_torch(out, out_torch, out64, dtype, what):
    """STYLE.md's rule with norm-wise relative errors against float64: err(patched) <=
    2 * err(unpatched in the same dtype) + rtol. Norm-wise, as through a whole model one
    element's error is a random walk that the max would pick out."""
    ref = out64.double()
    abs_err = (out.double() - ref).norm().item()
    abs_err_torch = (out_torch.double() - ref).norm().item()
    if ref.norm().item() <= abs_err_torch:
        # A mathematically zero result (the toy's inorm.bias: a per-channel shift that the
        # next InstanceNorm removes): both are rounding noise, whose size depends on the
        # order of summation, so only its order of magnitude is checked.
        assert abs_err <= ZERO_NOISE_FACTOR * abs_err_torch + 1e-30, (
            f"{what} ({dtype}): a zero result with noise {abs_err:.3e} > "
            f"{ZERO_NOISE_FACTOR} x torch's {abs_err_torch:.3e}")
        return
    scale = ref.norm().item()
    err, err_torch = abs_err / scale, abs_err_torch / scale
    bound = 2 * err_torch + TOLERANCES[dtype]["rtol"]
    assert err <= bound, f"{what} ({dtype}): err {err:.3e} > {bound:.3e} (torch {err_torch:.3e})"


def _compare(patched, ref, make_inputs, out_fn=lambda out: out, dtypes=(torch.float32,),
             autocast=None):
    """Outputs and parameter gradients of `patched` against the unpatched `ref`, in each
    dtype (or in fp32 under autocast to `autocast`), both against a float64 run."""
    out64, grads64 = _run(copy.deepcopy(ref).double(), make_inputs(torch.float64), out_fn)
    ctx = (contextlib.nullcontext() if autocast is None
           else torch.autocast(out64.device.type, dtype=autocast))
    for dtype in dtypes:
        patched.to(dtype), ref.to(dtype)
        with ctx:
            out, grads = _run(patched, make_inputs(dtype), out_fn)
            out_t, grads_t = _run(ref, make_inputs(dtype), out_fn)
        low = autocast or dtype
        _assert_like_torch(out, out_t, out64, low, "output")
        assert grads.keys() == grads_t.keys() == grads64.keys()
        for k in grads:
            _assert_like_torch(grads[k], grads_t[k], grads64[k], low, f"d {k}")


def _names(entries):
    return sorted(e.name for e in entries)


# --- a torch.nn toy model -----------------------------------------------------------------

class Toy(nn.Module):
    """Every torch.nn norm, a GroupNorm -> SiLU pair in a Sequential and a GroupNorm ->
    GELU pair in forward. Layers in between keep each norm's parameters from being
    cancelled by the next norm, and the convs before instance norms have no bias: an
    instance norm cancels it, leaving a gradient of rounding noise."""

    def __init__(self):
        super().__init__()
        self.inp = nn.Linear(12, 16)
        self.ln = nn.LayerNorm(16)
        self.mid = nn.Linear(16, 16)
        self.rms = nn.RMSNorm(16, eps=1e-6)
        self.conv = nn.Conv2d(4, 8, 3, padding=1)
        self.gn_act = nn.Sequential(nn.GroupNorm(2, 8), nn.SiLU())
        self.conv2 = nn.Conv2d(8, 8, 1, bias=False)
        self.inorm = nn.InstanceNorm2d(8, affine=True)
        self.conv3 = nn.Conv2d(8, 8, 1, bias=False)
        self.inorm_stats = nn.InstanceNorm2d(8, track_running_stats=True)
        self.bn = nn.BatchNorm2d(8)
        self.conv4 = nn.Conv2d(8, 8, 1)
        self.norm_out = nn.GroupNorm(4, 8)
        self.act_out = nn.GELU(approximate="tanh")
        self.out = nn.Linear(8 * 4 * 4, 5)

    def forward(self, x):
        h = self.rms(self.mid(self.ln(self.inp(x))))            # (B, 16)
        h = self.conv(h.view(-1, 4, 2, 2).repeat(1, 1, 2, 2))   # (B, 8, 4, 4)
        h = self.conv2(self.gn_act(h))
        h = self.conv3(self.inorm(h))
        h = self.norm_out(self.conv4(self.bn(self.inorm_stats(h))))
        h = self.act_out(h)
        return self.out(h.flatten(1))


TOY_REPLACED = ["gn_act.0", "inorm", "ln", "norm_out", "rms"]


def _toy(device):
    torch.manual_seed(0)
    model = Toy().to(device)
    _randomize_norms(model)
    return model


def _toy_inputs(device):
    x = torch.randn(3, 12, device=device)
    return lambda dtype: (x.to(dtype),)


def test_toy_report_parameters_and_numerics(device):
    model = _toy(device)
    model.ln.bias.requires_grad_(False)
    params = dict(model.named_parameters())
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    model(torch.randn(2, 12, device=device)).sum().backward()
    opt.step()

    report = fusednorm.patch(model)

    assert isinstance(report, PatchReport)
    assert _names(report.replaced) == TOY_REPLACED
    assert _names(report.activations) == ["act_out", "gn_act.1"]
    left = {e.name: e.detail for e in report.left}
    assert left.keys() == {"bn", "inorm_stats"}
    assert "track_running_stats" in left["inorm_stats"]
    assert "gn_act.0" in str(report) and "+ silu" in str(report)
    # Same classes as far as isinstance goes, the very same parameter tensors, state intact.
    assert type(model.ln) is fnn.LayerNorm and isinstance(model.ln, nn.LayerNorm)
    assert type(model.inorm_stats) is nn.InstanceNorm2d
    assert model.gn_act[0].activation == "silu" and model.norm_out.activation == "gelu_tanh"
    assert isinstance(model.act_out, FusedActivation)
    now = dict(model.named_parameters())
    assert now.keys() == params.keys()
    assert all(now[k] is params[k] for k in params)
    assert not model.ln.bias.requires_grad
    assert model.state_dict().keys() == _toy(device).state_dict().keys()
    model(torch.randn(2, 12, device=device)).sum().backward()
    before = model.ln.weight.detach().clone()
    opt.step()  # the optimizer's state is keyed by the same tensors
    assert not torch.equal(before, model.ln.weight)
    assert all(p in opt.state for p in model.parameters() if p.requires_grad)

    ref = copy.deepcopy(model)
    fusednorm.unpatch(ref)
    _compare(model, ref, _toy_inputs(device), dtypes=(torch.float32, torch.bfloat16))


def test_patch_twice_then_unpatch(device):
    model = _toy(device)
    original = copy.deepcopy(model)
    fusednorm.patch(model)
    patched_repr = repr(model)
    classes = {k: type(m) for k, m in model.named_modules()}

    again = fusednorm.patch(model)
    assert again.replaced == [] and again.activations == []
    assert {e.name for e in again.left if e.detail == "already fused"} == set(TOY_REPLACED)
    assert repr(model) == patched_repr
    assert {k: type(m) for k, m in model.named_modules()} == classes

    restored = fusednorm.unpatch(model)
    assert sorted(restored) == sorted(TOY_REPLACED + ["act_out", "gn_act.1"])
    assert repr(model) == repr(original)
    assert ({k: type(m) for k, m in model.named_modules()}
            == {k: type(m) for k, m in original.named_modules()})
    assert "activation" not in model.norm_out.__dict__
    x = torch.randn(3, 12, device=device)
    assert torch.equal(model(x), original(x))
    assert fusednorm.unpatch(model) == []


def test_include_exclude():
    model = _toy("cpu")
    report = fusednorm.patch(model, include=["ln", "gn_act.*", nn.InstanceNorm2d],
                             exclude=nn.GroupNorm)
    assert _names(report.replaced) == ["inorm", "ln"]
    excluded = sorted(e.name for e in report.left if "include/exclude" in e.detail)
    assert excluded == ["gn_act.0", "norm_out", "rms"]
    assert report.activations == []


def test_hooks_training_flag_and_model_itself_kept():
    model = _toy("cpu").eval()
    seen = []
    model.ln.register_forward_hook(lambda m, i, o: seen.append(type(m)))
    fusednorm.patch(model)
    model(torch.randn(2, 12))
    assert seen == [fnn.LayerNorm] and not model.ln.training
    # The model may be a norm itself, and a Parameter may be shared by two norms.
    ln = nn.LayerNorm(8)
    assert _names(fusednorm.patch(ln).replaced) == [""] and type(ln) is fnn.LayerNorm
    tied = nn.Sequential(nn.LayerNorm(8), nn.LayerNorm(8))
    tied[1].weight = tied[0].weight
    fusednorm.patch(tied)
    assert tied[1].weight is tied[0].weight


def test_instance_forward_and_unknown_norms_left():
    model = nn.Sequential(nn.LayerNorm(8), nn.LayerNorm(8), _ScaleNorm(8))
    model[1].forward = lambda x: x  # as accelerate's hooks do
    report = fusednorm.patch(model)
    left = {e.name: e.detail for e in report.left}
    assert _names(report.replaced) == ["0"]
    assert "forward is replaced on the instance" in left["1"]
    assert left["2"].startswith("computes none of the fused forms")


def _assert_same_state(a, b):
    sa, sb = a.state_dict(), b.state_dict()
    assert sa.keys() == sb.keys() and all(torch.equal(sa[k], sb[k]) for k in sa)


def test_deepcopy_state_dict_and_pickle(tmp_path):
    def toy():
        model = _toy("cpu")
        model.extra = LayerNorm2d(8)  # a generated fused class as well
        return model

    model = toy()
    fusednorm.patch(model)
    x = torch.randn(3, 12)

    clone = copy.deepcopy(model)
    assert type(clone.extra) is type(model.extra) and clone.ln.weight is not model.ln.weight
    assert isinstance(clone.act_out, FusedActivation) and torch.equal(clone(x), model(x))
    assert fusednorm.unpatch(clone) and type(clone.extra) is LayerNorm2d

    buf = io.BytesIO()
    torch.save(model.state_dict(), buf)
    fresh = toy()
    buf.seek(0)
    fresh.load_state_dict(torch.load(buf))  # a patched checkpoint into an unpatched model
    _assert_same_state(fresh, model)
    fresh, plain = toy(), toy()
    fusednorm.patch(fresh)
    fresh.load_state_dict(plain.state_dict())  # and the other way
    _assert_same_state(fresh, plain)

    path = tmp_path / "model.pt"
    torch.save(model, path)
    loaded = torch.load(path, weights_only=False)
    assert type(loaded.extra).__name__ == "FusedLayerNorm2d"
    assert isinstance(loaded.extra, LayerNorm2d)
    assert torch.equal(loaded(x), model(x))


def test_to_dtype_and_autocast(device):
    model = _toy(device)
    ref = copy.deepcopy(model)
    report = fusednorm.patch(model)
    # Under autocast torch's norms may return fp32 for a bf16 input; the fused ones return
    # the input's dtype. Hold them to torch with its output cast so.
    for e in report.replaced:
        ref.get_submodule(e.name).register_forward_hook(
            lambda m, args, out: out.to(args[0].dtype))
    _compare(model, ref, _toy_inputs(device), autocast=torch.bfloat16)
    model.to(torch.bfloat16)
    assert model.ln.weight.dtype == torch.bfloat16
    assert model(torch.randn(2, 12, device=device, dtype=torch.bfloat16)).dtype == torch.bfloat16


def test_compile(device):
    """fullgraph torch.compile of a patched model (on "cpu": the kernels in the
    interpreter; on "cpu-ref": the CPU reference path)."""
    model = nn.Sequential(nn.Linear(12, 16), nn.LayerNorm(16), nn.RMSNorm(16), nn.GELU(),
                          LlamaLikeRMSNorm(16), nn.Linear(16, 4)).to(device)
    _randomize_norms(model)
    ref = copy.deepcopy(model)
    assert len(fusednorm.patch(model).replaced) == 3
    compiled = torch.compile(model, fullgraph=True)
    _compare(compiled, ref, _toy_inputs(device))


def test_gradient_checkpointing(device):
    from torch.utils.checkpoint import checkpoint

    class Checkpointed(Toy):
        def forward(self, x):
            return checkpoint(super().forward, x, use_reentrant=False)

    torch.manual_seed(0)
    model = Checkpointed().to(device)
    _randomize_norms(model)
    ref = copy.deepcopy(model)
    fusednorm.patch(model)
    _compare(model, ref, _toy_inputs(device))


# --- which GroupNorm -> activation pairs fuse ------------------------------------------------

class NormAct(nn.Module):
    """diffusers' conv_norm_out / conv_act pattern."""

    def __init__(self):
        super().__init__()
        self.norm = nn.GroupNorm(2, 8)
        self.act = nn.SiLU()
        self.conv = nn.Conv2d(8, 8, 1)

    def forward(self, x):
        x = self.norm(x)
        x = self.act(x)
        return self.conv(x)


class ActUsedTwice(NormAct):
    """diffusers' ResnetBlock2D: one activation module after two norms and elsewhere."""

    def forward(self, x):
        x = self.norm(x)
        x = self.act(x)
        return self.act(self.conv(x))


class NormOutputReused(NormAct):
    def forward(self, x):
        h = self.norm(x)
        y = self.act(h)
        return self.conv(y) + h


class ActByName(NormAct):
    def forward(self, x):
        x = self.norm(x)
        x = self.act(x)
        return getattr(self, "act")(self.conv(x))


@pytest.mark.parametrize("cls,fused", [(NormAct, True), (ActUsedTwice, False),
                                       (NormOutputReused, False), (ActByName, False)])
def test_activation_fused_only_where_provable(cls, fused):
    torch.manual_seed(0)
    model = cls()
    _randomize_norms(model)
    ref = copy.deepcopy(model)
    report = fusednorm.patch(model)
    assert _names(report.replaced) == ["norm"]
    assert isinstance(model.act, FusedActivation) == fused
    assert model.norm.activation == ("silu" if fused else None)
    x = torch.randn(2, 8, 3, 3)
    _compare(model, ref, lambda dtype: (x.to(dtype),))


def test_fuse_activations_off():
    model = nn.Sequential(nn.GroupNorm(2, 8), nn.SiLU())
    report = fusednorm.patch(model, fuse_activations=False)
    assert _names(report.replaced) == ["0"] and report.activations == []
    assert isinstance(model[1], nn.SiLU) and getattr(model[0], "activation", None) is None
    x = torch.randn(2, 8, 3, 3)
    torch.testing.assert_close(model[0](x), F.group_norm(x, 2, model[0].weight, model[0].bias))


@pytest.mark.parametrize("kw", [dict(exclude=5), dict(include=[nn.LayerNorm, 3]),
                                dict(include=object())])
def test_patch_bad_selector(kw):
    with pytest.raises(TypeError, match="glob string, a module class"):
        fusednorm.patch(nn.Sequential(nn.LayerNorm(4)), **kw)
    with pytest.raises(TypeError, match="must be a torch.nn.Module"):
        fusednorm.patch([nn.LayerNorm(4)])


def test_activation_not_fused_when_shared_or_hooked():
    act = nn.SiLU()
    shared = nn.Sequential(nn.GroupNorm(2, 8), act, nn.Sequential(nn.GroupNorm(2, 8), act))
    assert fusednorm.patch(shared).activations == []
    hooked = nn.Sequential(nn.GroupNorm(2, 8), nn.SiLU())
    hooked[1].register_forward_hook(lambda *a: None)
    assert fusednorm.patch(hooked).activations == []
    plain = nn.Sequential(nn.GroupNorm(2, 8), nn.GELU())
    assert _names(fusednorm.patch(plain).activations) == ["1"]
    assert plain[0].activation == "gelu"


# --- norms of other libraries, recognised by what they compute -------------------------------

class LayerNorm2d(nn.LayerNorm):
    """timm.layers.LayerNorm2d's structure: LayerNorm over C of an NCHW tensor."""

    def __init__(self, num_channels, eps=1e-6, affine=True):
        super().__init__(num_channels, eps=eps, elementwise_affine=affine)

    def forward(self, x):
        x = x.permute(0, 2, 3, 1)
        x = F.layer_norm(x, self.normalized_shape, self.weight, self.bias, self.eps)
        return x.permute(0, 3, 1, 2)


class TimmLayerNorm(nn.LayerNorm):
    """timm.layers.LayerNorm's structure: its own forward over the last dim."""

    def forward(self, x):
        return F.layer_norm(x, self.normalized_shape, self.weight, self.bias, self.eps)


class ShiftedLayerNorm(nn.LayerNorm):
    """A LayerNorm subclass that computes something else."""

    def forward(self, x):
        return super().forward(x) + 1


class _ScaleNorm(nn.Module):
    """Holds what an RMSNorm holds (weight, eps) but only scales."""

    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))
        self.eps = 1e-6

    def forward(self, x):
        return x * self.weight


class LlamaLikeRMSNorm(nn.Module):
    """transformers' LlamaRMSNorm, for tests that run without transformers."""

    def __init__(self, hidden_size, eps=1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(hidden_size))
        self.variance_epsilon = eps

    def forward(self, hidden_states):
        input_dtype = hidden_states.dtype
        hidden_states = hidden_states.to(torch.float32)
        variance = hidden_states.pow(2).mean(-1, keepdim=True)
        hidden_states = hidden_states * torch.rsqrt(variance + self.variance_epsilon)
        return self.weight * hidden_states.to(input_dtype)


class ConvNeXtLike(nn.Module):
    """timm's ConvNeXt in small: LayerNorm2d in the stem and head, an NHWC LayerNorm in
    the block."""

    def __init__(self, c=16):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, c, 2, stride=2), LayerNorm2d(c))
        self.conv_dw = nn.Conv2d(c, c, 3, padding=1, groups=c)
        self.norm = TimmLayerNorm(c, eps=1e-6)
        self.mlp = nn.Sequential(nn.Linear(c, 2 * c), nn.GELU(), nn.Linear(2 * c, c))
        self.head_norm = LayerNorm2d(c)
        self.odd = ShiftedLayerNorm(c)

    def forward(self, x):
        x = self.stem(x)
        h = self.conv_dw(x).permute(0, 2, 3, 1)
        x = x + self.mlp(self.odd(self.norm(h))).permute(0, 3, 1, 2)
        return self.head_norm(x)


def test_timm_like_norms(device):
    torch.manual_seed(0)
    model = ConvNeXtLike().to(device)
    _randomize_norms(model)
    ref = copy.deepcopy(model)
    report = fusednorm.patch(model)
    forms = {e.name: e.detail for e in report.replaced}
    assert forms == {"stem.1": "fusednorm.layer_norm over the channels of NCHW",
                     "head_norm": "fusednorm.layer_norm over the channels of NCHW",
                     "norm": "fusednorm.layer_norm"}
    assert [e.name for e in report.left] == ["odd"]
    assert isinstance(model.stem[1], LayerNorm2d)
    assert type(model.stem[1]).__name__ == "FusedLayerNorm2d"
    x = torch.randn(2, 3, 8, 6, device=device)
    _compare(model, ref, lambda dtype: (x.to(dtype),), dtypes=(torch.float32, torch.bfloat16))
    x_cl = x.to(memory_format=torch.channels_last)
    _compare(model, ref, lambda dtype: (x_cl.to(dtype),))


def test_timm_convnext(device):
    timm = pytest.importorskip("timm", reason="timm is not installed (it needs torchvision)")
    torch.manual_seed(0)
    model = timm.create_model("convnext_atto", pretrained=False, num_classes=10).to(device)
    _randomize_norms(model)
    ref = copy.deepcopy(model)
    report = fusednorm.patch(model)
    norms = [k for k, m in ref.named_modules() if isinstance(m, nn.LayerNorm)]
    assert norms and _names(report.replaced) == sorted(norms)
    assert {e.detail for e in report.replaced} <= {
        "fusednorm.layer_norm over the channels of NCHW", "fusednorm.layer_norm"}
    x = torch.randn(2, 3, 32, 32, device=device)
    _compare(model, ref, lambda dtype: (x.to(dtype),))


# --- Hugging Face transformers -----------------------------------------------------------

def _hf_models():
    """(name, config factory, model class, norm class name, form) of tiny models."""
    tf = pytest.importorskip("transformers", reason="transformers is not installed")
    common = dict(vocab_size=64, hidden_size=32, intermediate_size=64, num_hidden_layers=1,
                  num_attention_heads=2, num_key_value_heads=1, max_position_embeddings=32)
    cast = "fusednorm.rms_norm, cast to the input dtype, then * weight"
    return {
        "llama": (lambda: tf.LlamaConfig(**common), tf.LlamaForCausalLM, "LlamaRMSNorm", cast),
        "mistral": (lambda: tf.MistralConfig(**common), tf.MistralForCausalLM,
                    "MistralRMSNorm", cast),
        "qwen2": (lambda: tf.Qwen2Config(**common), tf.Qwen2ForCausalLM, "Qwen2RMSNorm", cast),
        "gemma": (lambda: tf.GemmaConfig(head_dim=16, **common), tf.GemmaForCausalLM,
                  "GemmaRMSNorm",
                  "fusednorm.rms_norm, * (1 + weight) in fp32, then cast to the input dtype"),
        "t5": (lambda: tf.T5Config(vocab_size=64, d_model=32, d_kv=16, d_ff=64, num_layers=1,
                                   num_heads=2, dropout_rate=0.0, decoder_start_token_id=0),
               tf.T5ForConditionalGeneration, "T5LayerNorm",
               "fusednorm.rms_norm, cast to a half weight's dtype, then * weight"),
    }


def _hf_model(name, device):
    make_config, cls, norm_cls, form = _hf_models()[name]
    torch.manual_seed(0)
    model = cls(make_config()).to(device)
    _randomize_norms(model)
    ids = torch.randint(0, 64, (2, 5), device=device)
    inputs = ((lambda dtype: {"input_ids": ids, "decoder_input_ids": ids[:, :3]})
              if name == "t5" else (lambda dtype: (ids,)))
    norms = sorted(k for k, m in model.named_modules() if type(m).__name__ == norm_cls)
    return model, inputs, norms, form


@pytest.mark.parametrize("name", ["llama", "mistral", "qwen2", "gemma", "t5"])
def test_transformers_model(name, device):
    model, inputs, norms, form = _hf_model(name, device)
    ref = copy.deepcopy(model)
    report = fusednorm.patch(model)
    assert len(norms) >= 3 and _names(report.replaced) == norms and report.left == []
    assert {e.detail for e in report.replaced} == {form}
    _compare(model, ref, inputs, lambda out: out.logits, dtypes=(torch.float32, torch.bfloat16))


def test_transformers_autocast_and_gradient_checkpointing(device):
    model, inputs, _, _ = _hf_model("llama", device)
    ref = copy.deepcopy(model)
    fusednorm.patch(model)
    _compare(model, ref, inputs, lambda out: out.logits, autocast=torch.bfloat16)
    for m in (model, ref):
        m.train()
        # The name transformers 5.17 (the GPU machine's) and 5.23 both take.
        m.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": False})
        assert any(getattr(layer, "gradient_checkpointing", False) for layer in m.modules())
    _compare(model, ref, inputs, lambda out: out.logits)


# (transformers model, norm class, the form patch() must find): one of each casting order.
HF_NORMS = [
    ("llama", "LlamaRMSNorm", "fusednorm.rms_norm, cast to the input dtype, then * weight"),
    ("t5", "T5LayerNorm", "fusednorm.rms_norm, cast to a half weight's dtype, then * weight"),
    ("olmo2", "Olmo2RMSNorm",
     "fusednorm.rms_norm, * weight in fp32, then cast to the input dtype"),
    ("gemma", "GemmaRMSNorm",
     "fusednorm.rms_norm, * (1 + weight) in fp32, then cast to the input dtype"),
    ("cohere", "CohereLayerNorm",
     "fusednorm.layer_norm, * weight in fp32, then cast to the input dtype"),
]


@pytest.mark.parametrize("model,cls,form", HF_NORMS, ids=[n[1] for n in HF_NORMS])
@pytest.mark.parametrize("x_dtype,w_dtype", [(torch.float32, torch.float32),
                                             (torch.bfloat16, torch.float32),
                                             (torch.float32, torch.bfloat16),
                                             (torch.bfloat16, torch.bfloat16),
                                             (torch.float16, torch.bfloat16)])
def test_transformers_casting_order(model, cls, form, x_dtype, w_dtype, device):
    """Each model's own casting order: the output dtype matches, and values agree within
    one rounding of the lowest precision involved."""
    pytest.importorskip("transformers", reason="transformers is not installed")
    module = importlib.import_module(f"transformers.models.{model}.modeling_{model}")
    norm = getattr(module, cls)(48, eps=1e-6).to(device=device, dtype=w_dtype)
    _randomize_norms(norm)
    ref = copy.deepcopy(norm)
    assert [e.detail for e in fusednorm.patch(norm).replaced] == [form]
    x = torch.randn(3, 4, 48, device=device, dtype=x_dtype)
    x[1] *= 1e-3
    y, y_ref = norm(x), ref(x)
    assert y.dtype == y_ref.dtype
    low = max((x_dtype, w_dtype, y_ref.dtype), key=lambda d: TOLERANCES[d]["rtol"])
    torch.testing.assert_close(y, y_ref, rtol=TOLERANCES[low]["rtol"], atol=1e-5)


# --- diffusers -------------------------------------------------------------------------------

def test_diffusers_unet(device):
    diffusers = pytest.importorskip("diffusers", reason="diffusers is not installed")
    torch.manual_seed(0)
    model = diffusers.UNet2DModel(
        sample_size=8, in_channels=3, out_channels=3, layers_per_block=1,
        block_out_channels=(16, 32), norm_num_groups=8, attention_head_dim=8,
        down_block_types=("DownBlock2D", "AttnDownBlock2D"),
        up_block_types=("AttnUpBlock2D", "UpBlock2D")).to(device)
    _randomize_norms(model)
    ref = copy.deepcopy(model)
    report = fusednorm.patch(model)
    group_norms = sorted(k for k, m in ref.named_modules() if isinstance(m, nn.GroupNorm))
    assert len(group_norms) > 10 and _names(report.replaced) == group_norms
    # conv_act runs after conv_norm_out alone; each ResnetBlock2D's nonlinearity also runs on
    # temb and after norm2, so it stays.
    assert [(e.name, e.detail) for e in report.activations] == [
        ("conv_act", "fused into conv_norm_out")]
    assert model.conv_norm_out.activation == "silu"
    assert model.down_blocks[0].resnets[0].norm1.activation is None
    x = torch.randn(2, 3, 8, 8, device=device)
    _compare(model, ref, lambda dtype: (x.to(dtype), 3), lambda out: out.sample)
