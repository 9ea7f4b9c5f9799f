"""Tensors on a GPU other than torch's current device (a model spread over several GPUs in
one process, as transformers' device_map="auto" places it): every launch must run on the
tensors' GPU. Triton launches on the current device, so without the guard in
kernels/launch.py these calls faulted or read another GPU's memory. Needs two GPUs."""
import pytest
import torch
import torch.nn.functional as F

import fusednorm
from numerics import assert_close

pytestmark = [pytest.mark.gpu, pytest.mark.skipif(
    not torch.cuda.is_available() or torch.cuda.device_count() < 2, reason="needs two GPUs")]


def _ours(op, x, w, b, r):
    if op == "layer_norm":
        return fusednorm.layer_norm(x, x.shape[-1:], w, b)
    if op == "rms_norm":
        return fusednorm.rms_norm(x, x.shape[-1:], w, eps=1e-6)
    return fusednorm.add_rms_norm(x, r, x.shape[-1:], w, eps=1e-6)[0]


def _ref(op, x, w, b, r):
    # float64 through torch.nn.functional on the same GPU.
    x, w, b, r = x.double(), w.double(), b.double(), r.double()
    if op == "layer_norm":
        return F.layer_norm(x, x.shape[-1:], w, b)
    return F.rms_norm(x if op == "rms_norm" else x + r, x.shape[-1:], w, 1e-6)


@pytest.mark.parametrize("n", [4096, 65536])
@pytest.mark.parametrize("op", ["layer_norm", "rms_norm", "add_rms_norm"])
def test_rows_on_other_gpu(op, n):
    torch.cuda.set_device(0)
    dev = torch.device("cuda", 1)
    x = torch.randn(6, n, device=dev)
    r = torch.randn_like(x)
    w = 1 + 0.5 * torch.randn(n, device=dev)
    b = 0.5 * torch.randn(n, device=dev)
    ref = _ref(op, x, w, b, r)
    with torch.no_grad():
        for _ in range(2):  # the inference path, then its cached plan
            assert_close(_ours(op, x, w, b, r), ref, torch.float32, f"{op} y, no grad")
    # Launches cached while cuda:1 is current must not be taken while cuda:0 is.
    with torch.cuda.device(1), torch.no_grad():
        assert_close(_ours(op, x, w, b, r), ref, torch.float32, f"{op} y, cuda:1 current")
    with torch.no_grad():
        assert_close(_ours(op, x, w, b, r), ref, torch.float32, f"{op} y, cuda:0 again")
    xg = x.clone().requires_grad_()
    wg = w.clone().requires_grad_()
    y = _ours(op, xg, wg, b, r)
    dy = torch.randn_like(y)
    (y * dy).sum().backward()
    x64 = x.double().requires_grad_()
    w64 = w.double().requires_grad_()
    (_ref(op, x64, w64, b, r) * dy.double()).sum().backward()
    assert_close(xg.grad, x64.grad, torch.float32, f"{op} dx")
    assert_close(wg.grad, w64.grad, torch.float32, f"{op} dw", scale=3)
    assert torch.cuda.current_device() == 0


@pytest.mark.parametrize("channels_last", [False, True], ids=["nchw", "nhwc"])
def test_groups_on_other_gpu(channels_last):
    torch.cuda.set_device(0)
    dev = torch.device("cuda", 1)
    x = torch.randn(2, 64, 24, 24, device=dev)
    if channels_last:
        x = x.to(memory_format=torch.channels_last)
    w = 1 + 0.5 * torch.randn(64, device=dev)
    b = 0.5 * torch.randn(64, device=dev)
    with torch.no_grad():
        for _ in range(2):
            y = fusednorm.group_norm(x, 8, w, b, activation="silu")
            ref = F.silu(F.group_norm(x.double(), 8, w.double(), b.double()))
            assert_close(y, ref, torch.float32, "group_norm y")
    xg = x.clone().requires_grad_()
    y = fusednorm.group_norm(xg, 8, w, b)
    dy = torch.randn_like(y)
    (y * dy).sum().backward()
    x64 = x.double().requires_grad_()
    (F.group_norm(x64, 8, w.double(), b.double()) * dy.double()).sum().backward()
    assert_close(xg.grad, x64.grad, torch.float32, "group_norm dx")
    assert torch.cuda.current_device() == 0
