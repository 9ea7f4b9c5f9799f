"""`python -m fusednorm check`: run every op against a float64 reference on this machine
and print a table. On a machine without a GPU it checks the CPU reference path here and
the Triton kernels in the interpreter (a child process with TRITON_INTERPRET=1, which must
be set before the kernels are imported)."""
import os
import subprocess
import sys
import time
from typing import Callable, Dict, List, Tuple

import torch
import torch.nn.functional as F

# Tolerances on max |out - ref| / max(1, max |ref|): about one rounding in the dtype.
TOL = {torch.float32: 1e-4, torch.float16: 4e-3, torch.bfloat16: 3e-2}
DTYPES = (torch.float32, torch.float16, torch.bfloat16)


def _err(out: torch.Tensor, ref: torch.Tensor) -> float:
    o, r = out.detach().double().cpu(), ref.detach().double().cpu()
    if not torch.isfinite(o).all():
        return float("inf")
    return ((o - r).abs().max() / max(1.0, r.abs().max().item())).item()


def _cases() -> Dict[str, Callable]:
    import fusednorm

    def layer(x, r, w, b):
        return (fusednorm.layer_norm(x, x.shape[-1], w, b),), (F.layer_norm, True)

    def rms(x, r, w, b):
        return (fusednorm.rms_norm(x, x.shape[-1], w, eps=1e-6),), (F.rms_norm, False)

    def add_layer(x, r, w, b):
        return fusednorm.add_layer_norm(x, r, x.shape[-1], w, b), (F.layer_norm, True)

    def add_rms(x, r, w, b):
        return fusednorm.add_rms_norm(x, r, x.shape[-1], w, eps=1e-6), (F.rms_norm, False)

    return {"layer_norm": layer, "rms_norm": rms, "add_layer_norm": add_layer,
            "add_rms_norm": add_rms}


def _check_one(name: str, fn: Callable, device: torch.device, dtype: torch.dtype,
               shape: Tuple[int, int]) -> Tuple[float, float]:
    """Returns (forward error, backward error), each relative to the reference's scale."""
    m, n = shape
    x = torch.randn(m, n, device=device, dtype=dtype, requires_grad=True)
    r = torch.randn(m, n, device=device, dtype=dtype, requires_grad=True)
    w = (1 + 0.1 * torch.randn(n, device=device, dtype=dtype)).requires_grad_()
    b = (0.1 * torch.randn(n, device=device, dtype=dtype)).requires_grad_()
    outs, (ref_fn, has_bias) = fn(x, r, w, b)
    residual = name.startswith("add_")
    x64 = x.detach().double().requires_grad_()
    r64 = r.detach().double().requires_grad_()
    w64 = w.detach().double().requires_grad_()
    b64 = b.detach().double().requires_grad_()
    h64 = (x64 + r64) if residual else x64
    args = (h64, (n,), w64, b64, 1e-5) if has_bias else (h64, (n,), w64, 1e-6)
    y64 = ref_fn(*args)
    fwd = _err(outs[0], y64)
    grads = [torch.randn_like(o) for o in outs]
    torch.autograd.backward(outs, grads)
    refs = (y64, h64) if residual else (y64,)
    torch.autograd.backward(refs, [g.double() for g in grads])
    pairs = [(x.grad, x64.grad), (w.grad, w64.grad)]
    if residual:
        pairs.append((r.grad, r64.grad))
    if has_bias:
        pairs.append((b.grad, b64.grad))
    bwd = max(_err(g, g64) for g, g64 in pairs)
    return fwd, bwd


_ACTS = {None: lambda t: t, "silu": F.silu, "gelu": F.gelu,
         "gelu_tanh": lambda t: F.gelu(t, approximate="tanh")}


def _check_group(device: torch.device, dtype: torch.dtype, shape: Tuple[int, ...], groups: int,
                 channels_last: bool, activation) -> Tuple[float, float]:
    """group_norm (instance_norm when groups == C) with an optional activation, against
    torch.nn.functional in float64; returns (forward error, backward error)."""
    import fusednorm

    c = shape[1]
    x = torch.randn(shape, device=device, dtype=dtype)
    if channels_last:
        x = x.to(memory_format=torch.channels_last if x.dim() == 4 else torch.channels_last_3d)
    x.requires_grad_()
    w = (1 + 0.1 * torch.randn(c, device=device, dtype=dtype)).requires_grad_()
    b = (0.1 * torch.randn(c, device=device, dtype=dtype)).requires_grad_()
    if groups == c:
        y = fusednorm.instance_norm(x, w, b, activation=activation)
    else:
        y = fusednorm.group_norm(x, groups, w, b, activation=activation)
    x64, w64, b64 = (t.detach().double().requires_grad_() for t in (x, w, b))
    y64 = _ACTS[activation](F.group_norm(x64, groups, w64, b64, 1e-5))
    fwd = _err(y, y64)
    dy = torch.randn_like(y)
    y.backward(dy)
    y64.backward(dy.double())
    bwd = max(_err(g, g64) for g, g64 in ((x.grad, x64.grad), (w.grad, w64.grad), (b.grad, b64.grad)))
    return fwd, bwd


def _header(label: str) -> None:
    print(f"\n{label}")
    print(f"{'op':<24}{'dtype':<10}{'shape':<16}{'fwd err':>10}{'bwd err':>10}  result")


def _report(name: str, dtype: torch.dtype, shape: str, run: Callable[[], Tuple[float, float]]) -> bool:
    """Run one check, print its table row, and say whether it passed. An exception is
    reported as FAILED and the table goes on."""
    try:
        fwd, bwd = run()
        good = fwd <= TOL[dtype] and bwd <= TOL[dtype]
        res = "ok" if good else "WRONG"
    except Exception as e:  # report and go on: the table is the point
        fwd = bwd = float("nan")
        good, res = False, f"FAILED: {type(e).__name__}: {e}"[:80]
    dt = str(dtype).replace("torch.", "")
    print(f"{name:<24}{dt:<10}{shape:<16}{fwd:>10.2e}{bwd:>10.2e}  {res}", flush=True)
    return good


def run_group_checks(device: torch.device, label: str) -> bool:
    _header(label)
    cases = [("group_norm", (2, 8, 5, 7), 4, False, None),
             ("group_norm+silu", (2, 8, 5, 7), 4, True, "silu"),
             ("group_norm+gelu", (1, 6, 3, 4, 5), 3, False, "gelu"),
             ("instance_norm", (2, 6, 9, 4), 6, True, None),
             ("instance_norm+gelu_tanh", (3, 5, 11), 5, False, "gelu_tanh")]
    ok = True
    for name, shape, groups, cl, act in cases:
        for dtype in DTYPES:
            layout = "x".join(map(str, shape)) + (" NHWC" if cl else "")
            ok &= _report(name, dtype, layout, lambda: _check_group(device, dtype, shape, groups, cl, act))
    return ok


def run_checks(device: torch.device, shapes: List[Tuple[int, int]], label: str) -> bool:
    _header(label)
    ok = True
    for name, fn in _cases().items():
        for dtype in DTYPES:
            for shape in shapes:
                ok &= _report(name, dtype, f"{shape[0]}x{shape[1]}",
                              lambda: _check_one(name, fn, device, dtype, shape))
    return ok


def main(argv: List[str]) -> int:
    import fusednorm
    from fusednorm.kernels import interpreting, use_kernels

    unknown = [a for a in argv if a != "--interpreter-child"]
    if unknown:
        print(f"python -m fusednorm check: unknown argument(s) {' '.join(unknown)} (it takes "
              "none)", file=sys.stderr)
        return 2
    torch.manual_seed(0)
    if "--interpreter-child" in argv:  # (the parent printed the versions)
        label = "Triton kernels in the interpreter (CPU tensors)"
        ok = run_checks(torch.device("cpu"), [(3, 5), (4, 1000), (2, 70000)], label)
        ok &= run_group_checks(torch.device("cpu"), label)
        return 0 if ok else 1
    print(f"fusednorm {fusednorm.__version__}, torch {torch.__version__}, "
          f"triton {__import__('triton').__version__}")
    t0 = time.time()
    if torch.cuda.is_available():
        dev = torch.device("cuda")
        print(f"GPU: {torch.cuda.get_device_name(dev)}")
        ok = run_checks(dev, [(3, 5), (37, 1000), (64, 8192), (4, 70000), (2, 1 << 20)],
                        "Triton kernels on CUDA")
        ok &= run_group_checks(dev, "Triton kernels on CUDA")
    else:
        print("No CUDA GPU found: checking the CPU reference path, then the Triton kernels in "
              "the interpreter.")
        path = "Triton kernels in the interpreter" if interpreting() else "CPU reference path"
        assert use_kernels(torch.device("cpu")) == interpreting()
        ok = run_checks(torch.device("cpu"), [(3, 5), (37, 1000), (2, 70000)], path)
        ok &= run_group_checks(torch.device("cpu"), path)
        if not interpreting():
            sys.stdout.flush()
            env = dict(os.environ, TRITON_INTERPRET="1")
            child = subprocess.run([sys.executable, "-m", "fusednorm", "check", "--interpreter-child"],
                                   env=env)
            ok &= child.returncode == 0
    print(f"\n{'all checks passed' if ok else 'SOME CHECKS FAILED'} ({time.time() - t0:.1f} s)")
    return 0 if ok else 1
