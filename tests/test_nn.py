"""fusednorm.nn modules against their torch.nn twins: construction, repr, state_dict,
isinstance, forward and backward against a float64 reference, the exact torch path on CPU
without the interpreter, and the fallbacks."""
import inspect
import math

import pytest
import torch

import fusednorm
from fusednorm import nn as fnn
from fusednorm.kernels import use_kernels

from numerics import assert_close

# (class name, constructor args, constructor kwargs, input shape)
CASES = [
    ("LayerNorm", (48,), {}, (3, 5, 48)),
    ("LayerNorm", ((3, 16),), {"bias": False}, (7, 3, 16)),
    ("LayerNorm", (33,), {"elementwise_affine": False, "eps": 1e-6}, (4, 33)),
    ("RMSNorm", (48,), {}, (3, 5, 48)),
    ("RMSNorm", (40,), {"eps": 1e-6}, (7, 40)),
    ("RMSNorm", (32,), {"elementwise_affine": False}, (2, 3, 32)),
    ("GroupNorm", (4, 12), {}, (2, 12, 5, 3)),
    ("GroupNorm", (3, 6), {"affine": False}, (2, 6, 7)),
    ("GroupNorm", (2, 8), {"bias": False, "eps": 1e-6}, (2, 8, 3, 2, 2)),
    ("InstanceNorm1d", (6,), {"affine": True}, (2, 6, 9)),
    ("InstanceNorm1d", (6,), {}, (6, 9)),
    ("InstanceNorm2d", (5,), {"affine": True}, (2, 5, 4, 3)),
    ("InstanceNorm2d", (5,), {"affine": True}, (5, 4, 3)),
    ("InstanceNorm3d", (4,), {"affine": True}, (2, 4, 3, 2, 3)),
]
OPS = {"LayerNorm": "layer_norm", "RMSNorm": "rms_norm", "GroupNorm": "group_norm",
       "InstanceNorm1d": "instance_norm", "InstanceNorm2d": "instance_norm",
       "InstanceNorm3d": "instance_norm"}
IDS = [f"{c[0]}-{c[3]}-{','.join(c[2])}" for c in CASES]


def _pair(name, args, kwargs, device=None, dtype=torch.float32):
    """(fused, torch) modules of one configuration with the same random parameters."""
    if any(k not in inspect.signature(getattr(torch.nn, name)).parameters for k in kwargs):
        # e.g. torch.nn.GroupNorm takes bias= only from torch 2.13 on (the GPU has 2.11)
        pytest.skip(f"this torch's {name} does not take {sorted(kwargs)}")
    ref = getattr(torch.nn, name)(*args, **kwargs)
    with torch.no_grad():
        for k, p in ref.named_parameters():
            p.copy_(torch.randn_like(p) * 0.5 + (1.0 if k == "weight" else 0.0))
    fused = getattr(fnn, name)(*args, **kwargs)
    fused.load_state_dict(ref.state_dict())
    return fused.to(device=device, dtype=dtype), ref.to(device=device, dtype=dtype)


def _need_op(name):
    if not hasattr(fusednorm, OPS[name]):
        pytest.skip(f"fusednorm.{OPS[name]} is not built yet")


@pytest.mark.parametrize("name,args,kwargs,shape", CASES, ids=IDS)
def test_same_module_as_torch(name, args, kwargs, shape):
    fused, ref = _pair(name, args, kwargs)
    assert isinstance(fused, getattr(torch.nn, name))
    assert repr(fused) == repr(ref)
    assert fused.state_dict().keys() == ref.state_dict().keys()
    # A checkpoint loads either way, strictly.
    back = getattr(torch.nn, name)(*args, **kwargs)
    back.load_state_dict(fused.state_dict())
    for (k, a), b in zip(back.state_dict().items(), ref.state_dict().values()):
        assert torch.equal(a, b), k


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
@pytest.mark.parametrize("name,args,kwargs,shape", CASES, ids=IDS)
def test_matches_torch_in_float64(name, args, kwargs, shape, dtype, device, monkeypatch):
    """Forward and backward against the torch module run in float64, and the fusednorm op
    is the one called wherever the kernels take the input."""
    _need_op(name)
    calls = []
    op = getattr(fusednorm, OPS[name])
    monkeypatch.setattr(fusednorm, OPS[name], lambda *a, **k: calls.append(1) or op(*a, **k))
    fused, ref = _pair(name, args, kwargs, device, dtype)
    ref = ref.double()
    x = torch.randn(shape, device=device, dtype=dtype).requires_grad_()
    x64 = x.detach().double().requires_grad_()
    y, y_ref = fused(x), ref(x64)
    assert y.dtype == dtype and len(calls) == int(use_kernels(x.device))
    assert_close(y, y_ref, dtype, "y")
    dy = torch.randn_like(y)
    (y * dy).sum().backward()
    (y_ref * dy.double()).sum().backward()
    assert_close(x.grad, x64.grad, dtype, "dx")
    for (k, p), p64 in zip(fused.named_parameters(), ref.parameters()):
        # Each element of a weight/bias gradient sums x.numel() / p.numel() terms.
        assert_close(p.grad, p64.grad, dtype, f"d{k}", scale=math.sqrt(x.numel() / p.numel()))


@pytest.mark.parametrize("name,args,kwargs,shape", CASES, ids=IDS)
def test_cpu_without_interpreter_is_torch(name, args, kwargs, shape, monkeypatch):
    """On CPU tensors without the Triton interpreter the modules are torch, bit for bit."""
    monkeypatch.setenv("TRITON_INTERPRET", "0")
    fused, ref = _pair(name, args, kwargs)
    x = torch.randn(shape, requires_grad=True)
    x2 = x.detach().clone().requires_grad_()
    y, y_ref = fused(x), ref(x2)
    assert torch.equal(y, y_ref)
    dy = torch.randn_like(y)
    y.backward(dy)
    y_ref.backward(dy)
    assert torch.equal(x.grad, x2.grad)
    for p, p_ref in zip(fused.parameters(), ref.parameters()):
        assert torch.equal(p.grad, p_ref.grad)


@pytest.mark.parametrize("activation", ["silu", "gelu", "gelu_tanh"])
def test_group_norm_activation(activation, device):
    fused, ref = _pair("GroupNorm", (4, 16), {}, device)
    fused.activation = activation
    x = torch.randn(2, 16, 5, 3, device=device)
    act = fnn.ACTIVATIONS[activation]
    assert_close(fused(x), act(ref.double()(x.double())), torch.float32, activation)
    built = fnn.GroupNorm(4, 16, activation=activation)
    assert built.activation == activation
    assert repr(built) == repr(torch.nn.GroupNorm(4, 16))[:-1] + f", activation={activation!r})"
    with pytest.raises(ValueError, match="activation"):
        fnn.GroupNorm(4, 16, activation="relu")


def test_unsupported_inputs_run_torch(device):
    """float64, a weight dtype the ops refuse, and running statistics take torch's path."""
    fused, ref = _pair("LayerNorm", (16,), {}, device)
    x = torch.randn(3, 16, device=device, dtype=torch.float64)
    assert torch.equal(fused.double()(x), ref.double()(x))
    fused, ref = _pair("LayerNorm", (16,), {}, device, torch.bfloat16)
    x = torch.randn(3, 16, device=device, dtype=torch.float16)
    with pytest.raises(RuntimeError):  # torch refuses mixed fp16/bf16 too
        ref(x)
    with pytest.raises(RuntimeError):
        fused(x)
    fused, ref = _pair("InstanceNorm2d", (4,), {"affine": True, "track_running_stats": True},
                       device)
    x = torch.randn(2, 4, 3, 3, device=device)
    assert torch.equal(fused(x), ref(x))
    assert torch.equal(fused.running_mean, ref.running_mean)
    fused.eval(), ref.eval()
    assert torch.equal(fused(x), ref(x))


@pytest.mark.gpu
@pytest.mark.parametrize("backend", ["cudagraphs", "inductor"])
def test_compiled_cuda_graphs(backend, monkeypatch):
    # torch.compile's CUDA graphs (the cudagraphs backend, and inductor's reduce-overhead
    # mode: CUDA graph trees, one memory pool for the tree, its slow-path asserts on)
    # around layers whose launches are cooperative on an H100 (GroupNorm's rows path and
    # columns path, LayerNorm's slices): forward and backward replayed with new inputs
    # match the eager layers, and the trees' pool checks find nothing of ours left alive.
    import torch._inductor.config as inductor_config
    monkeypatch.setattr(inductor_config.triton, "slow_path_cudagraph_asserts", True)
    torch.manual_seed(0)
    bf16 = torch.bfloat16
    gn = fnn.GroupNorm(32, 640, device="cuda", dtype=bf16)
    gn_cl = fnn.GroupNorm(32, 640, device="cuda", dtype=bf16)
    ln = fnn.LayerNorm(65536, device="cuda", dtype=bf16)
    with torch.no_grad():
        for m in (gn, gn_cl, ln):
            m.weight.normal_(1, 0.3)
            m.bias.normal_(0, 0.3)

    def f(x, x_cl, r):
        return (torch.nn.functional.silu(gn(x)), gn_cl(x_cl), ln(r))

    kwargs = dict(mode="reduce-overhead") if backend == "inductor" else {}
    compiled = torch.compile(f, backend=backend, **kwargs)
    params = [p for m in (gn, gn_cl, ln) for p in m.parameters()]
    for step in range(4):
        x = torch.randn(16, 640, 32, 32, device="cuda", dtype=bf16)
        x_cl = torch.randn_like(x).contiguous(memory_format=torch.channels_last)
        r = torch.randn(8, 65536, device="cuda", dtype=bf16)
        grads = []
        for fn in (f, compiled):
            ins = [t.detach().clone().requires_grad_() for t in (x, x_cl, r)]
            outs = fn(*ins)
            torch.autograd.backward(outs, [torch.ones_like(o) for o in outs])
            grads.append([o.detach().clone() for o in outs] + [i.grad for i in ins]
                         + [p.grad.clone() for p in params])
            for p in params:
                p.grad = None
        for k, (e, c) in enumerate(zip(*grads)):
            torch.testing.assert_close(c, e, rtol=2e-2, atol=2e-2,
                                       msg=lambda m, k=k, step=step: f"step {step} [{k}]: {m}")
