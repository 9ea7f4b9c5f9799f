"""Where a tensor that torch.compile's CUDA graph trees find alive in their pool comes
from: the layers of tests/test_nn.py::test_compiled_cuda_graphs compiled with
mode="reduce-overhead", with the trees' allocation history recorded; on the trees'
error its message (each untracked allocation's stack) is printed.

    python benchmarks/diag_trees.py"""
import torch
import torch._inductor.config as inductor_config

from fusednorm import nn as fnn

inductor_config.triton.slow_path_cudagraph_asserts = True
inductor_config.triton.cudagraph_trees_history_recording = True
bf16 = torch.bfloat16
gn = fnn.GroupNorm(32, 640, device="cuda", dtype=bf16)
gn_cl = fnn.GroupNorm(32, 640, device="cuda", dtype=bf16)
ln = fnn.LayerNorm(65536, device="cuda", dtype=bf16)


def f(x, x_cl, r):
    return (torch.nn.functional.silu(gn(x)), gn_cl(x_cl), ln(r))


compiled = torch.compile(f, mode="reduce-overhead")
for step in range(4):
    x = torch.randn(16, 640, 32, 32, device="cuda", dtype=bf16, requires_grad=True)
    x_cl = torch.randn(16, 640, 32, 32, device="cuda", dtype=bf16).contiguous(
        memory_format=torch.channels_last).requires_grad_()
    r = torch.randn(8, 65536, device="cuda", dtype=bf16, requires_grad=True)
    try:
        outs = compiled(x, x_cl, r)
        torch.autograd.backward(outs, [torch.ones_like(o) for o in outs])
        torch.cuda.synchronize()
        print(f"step {step} ok", flush=True)
    except RuntimeError as e:
        print(f"step {step}: {e}"[:6000], flush=True)
        break
