"""Test setup. Without a GPU the Triton kernels run in the interpreter on CPU tensors:
TRITON_INTERPRET must be set before triton decorates any kernel, so before fusednorm is
imported. With a GPU, tests run on CUDA (marked gpu) and the CPU reference path."""
import os

import torch

HAS_CUDA = torch.cuda.is_available()
if not HAS_CUDA:
    os.environ.setdefault("TRITON_INTERPRET", "1")

import pytest  # noqa: E402

# "cpu": kernels in the interpreter (without a GPU) or the reference path (with one);
# "cpu-ref": the plain-PyTorch reference path that CPU users get, always.
DEVICES = ["cpu", "cpu-ref", pytest.param("cuda", marks=pytest.mark.gpu)]


def pytest_collection_modifyitems(config, items):
    skip = pytest.mark.skip(reason="no CUDA GPU")
    for item in items:
        if "gpu" in item.keywords and not HAS_CUDA:
            item.add_marker(skip)


@pytest.fixture(params=DEVICES)
def device(request, monkeypatch):
    if request.param == "cpu-ref":
        monkeypatch.setenv("TRITON_INTERPRET", "0")  # read per call by use_kernels()
        return torch.device("cpu")
    return torch.device(request.param)


@pytest.fixture(autouse=True)
def _seed():
    # Fresh random inputs per test, reproducible per test id.
    torch.manual_seed(1234)
