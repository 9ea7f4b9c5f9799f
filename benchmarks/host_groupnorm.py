"""Host time of one fusednorm.group_norm call, step by step, on a CUDA machine.

Each line is the wall time per call of one piece of the call path (launches are
asynchronous, so these are host costs; the GPU is synchronized between pieces only).
UNet 16x320x64x64 bf16, G = 32, contiguous and channels_last.

    python benchmarks/host_groupnorm.py [OUT.json]"""
import cProfile
import io
import json
import pstats
import sys

import torch
import torch.nn.functional as F

import fusednorm
from fusednorm.bench.timing import host_us
from fusednorm.kernels import groupnorm as K
from fusednorm.ops import groupnorm as OG


def per_call_us(fn, n=300):
    return host_us(fn, n=n, warmup=20)


def main():
    out = {}
    for lay in ("nc", "cl"):
        x = torch.randn(16, 320, 64, 64, device="cuda", dtype=torch.bfloat16)
        if lay == "cl":
            x = x.contiguous(memory_format=torch.channels_last)
        w = torch.randn(320, device="cuda", dtype=torch.bfloat16)
        b = torch.randn(320, device="cuda", dtype=torch.bfloat16)
        x3 = x.flatten(2)
        y3 = torch.empty_like(x3)
        mean = torch.empty((16, 32), device="cuda")
        rstd = torch.empty((16, 32), device="cuda")
        r = {}
        with torch.no_grad():
            r["torch F.group_norm"] = per_call_us(lambda: F.group_norm(x, 32, w, b, 1e-5))
            r["fusednorm.group_norm"] = per_call_us(lambda: fusednorm.group_norm(x, 32, w, b))
            r["ops fwd_impl (no checks)"] = per_call_us(
                lambda: OG.fwd_impl(x3, w, b, 32, 1e-5, None))
            r["kernels groupnorm_fwd (launcher)"] = per_call_us(
                lambda: K.groupnorm_fwd(x3, w, b, 32, 1e-5, None, y3, mean, rstd))
            r["plan"] = per_call_us(lambda: K.plan(x3, 10, False))
            r["torch.empty_like(x)"] = per_call_us(lambda: torch.empty_like(x3))
            r["torch.empty((1000,))"] = per_call_us(
                lambda: torch.empty((1000,), device="cuda"))
            r["torch.zeros((100,), int32)"] = per_call_us(
                lambda: torch.zeros((100,), device="cuda", dtype=torch.int32))
            r["torch.empty(1000).split(500)"] = per_call_us(
                lambda: torch.empty((1000,), device="cuda").split(500))
            r["x.flatten(2)"] = per_call_us(lambda: x.flatten(2))
        xg = x.detach().requires_grad_()
        wg, bg = w.detach().requires_grad_(), b.detach().requires_grad_()
        dy = torch.randn_like(x)
        y = fusednorm.group_norm(xg, 32, wg, bg)
        r["fusednorm bwd (autograd.grad)"] = per_call_us(
            lambda: torch.autograd.grad(y, (xg, wg, bg), dy, retain_graph=True), n=100)
        yt = F.group_norm(xg, 32, wg, bg)
        r["torch bwd (autograd.grad)"] = per_call_us(
            lambda: torch.autograd.grad(yt, (xg, wg, bg), dy, retain_graph=True), n=100)
        pr = cProfile.Profile()
        with torch.no_grad():
            pr.enable()
            for _ in range(200):
                fusednorm.group_norm(x, 32, w, b)
            pr.disable()
        s = io.StringIO()
        pstats.Stats(pr, stream=s).sort_stats("tottime").print_stats(12)
        r["profile fwd"] = s.getvalue()
        pr = cProfile.Profile()
        pr.enable()
        for _ in range(50):
            torch.autograd.grad(y, (xg, wg, bg), dy, retain_graph=True)
        pr.disable()
        s = io.StringIO()
        pstats.Stats(pr, stream=s).sort_stats("tottime").print_stats(12)
        r["profile bwd"] = s.getvalue()
        out[lay] = r
        for k, v in r.items():
            print(f"{lay} {k:36s} {v:8.1f} us" if not isinstance(v, str) else v)
    if len(sys.argv) > 1:
        with open(sys.argv[1], "w") as f:
            json.dump(out, f, indent=1)


if __name__ == "__main__":
    main()
