"""Host time of GroupNorm / InstanceNorm backward calls on a CUDA machine, piece by piece:
the whole autograd.grad, the ops layer's bwd_impl, the launcher K.groupnorm_bwd, and each
prepared launch alone; for the path the defaults pick (channels_last: the cooperative
columns backward where it fits since v0.39, else the columns or group path) and the split
path (COLS_MAX_CG = 0), beside torch. Shapes are small (the host cost does not depend on
size; small shapes keep the GPU from becoming the bottleneck of the timed loops).

    python benchmarks/host_bwd_groups.py"""
import cProfile
import io
import pstats

import torch
import torch.nn.functional as F

import fusednorm
from fusednorm.bench.timing import host_us
from fusednorm.kernels import groupnorm as K
from fusednorm.ops import groupnorm as OG

CASES = {  # the suite's channel counts and groups, small spatial sizes
    "unet640 cl": ((16, 640, 4, 4), 32, "cl"),
    "in3d128 cl": ((8, 128, 4, 4, 4), None, "cl"),
    "vae512 cl": ((2, 512, 8, 8), 32, "cl"),
    "unet640 nc": ((16, 640, 4, 4), 32, "nc"),
}


def us(fn, n=40):
    return host_us(fn, n=n, warmup=10)


def main():
    for name, (shape, groups, lay) in CASES.items():
        C = shape[1]
        G = groups or C
        x = torch.randn(shape, device="cuda", dtype=torch.bfloat16)
        if lay == "cl":
            x = x.contiguous(memory_format=torch.channels_last if x.dim() == 4
                             else torch.channels_last_3d)
        w = torch.randn(C, device="cuda", dtype=torch.bfloat16)
        dy = torch.randn_like(x)
        for tag, setting in (("dflt", K.COLS_MAX_CG), ("split", 0)):
            if lay == "nc" and tag == "dflt":
                continue
            K.COLS_MAX_CG = setting
            K.clear_plan_caches()
            xg, wg, bg = (t.detach().clone().requires_grad_() for t in (x, w, w))
            y = fusednorm.group_norm(xg, G, wg, bg)
            r = {"autograd.grad": us(lambda: torch.autograd.grad(y, (xg, wg, bg), dy,
                                                                 retain_graph=True))}
            x3 = xg.detach()
            _, mean, rstd = OG.fwd_impl(x3, w, w, G, 1e-5, None)
            r["bwd_impl"] = us(lambda: OG.bwd_impl(dy, x3, w, w, mean, rstd, G, None, True, True))
            dx = torch.empty_like(x3)
            dw, db = torch.empty_like(w), torch.empty_like(w)
            r["K.groupnorm_bwd"] = us(lambda: K.groupnorm_bwd(dy, x3, w, None, mean, rstd, G,
                                                              None, dx, dw, db))
            r["torch.empty_like(x)"] = us(lambda: torch.empty_like(x3))
            r["torch.empty((C,))"] = us(lambda: torch.empty((C,), device="cuda"))
            print(f"{name:11s} {tag:5s} " + "  ".join(f"{k} {v:6.1f}" for k, v in r.items()),
                  flush=True)
            pr = cProfile.Profile()
            pr.enable()
            for _ in range(50):
                torch.autograd.grad(y, (xg, wg, bg), dy, retain_graph=True)
            pr.disable()
            torch.cuda.synchronize()
            s = io.StringIO()
            pstats.Stats(pr, stream=s).sort_stats("tottime").print_stats(10)
            print("\n".join(s.getvalue().splitlines()[6:20]))
        K.COLS_MAX_CG = 1024
        K.clear_plan_caches()
        xt, wt, bt = (t.detach().clone().requires_grad_() for t in (x, w, w))
        yt = (F.instance_norm(xt, weight=wt, bias=bt) if groups is None
              else F.group_norm(xt, G, wt, bt))
        print(f"{name:11s} torch autograd.grad "
              f"{us(lambda: torch.autograd.grad(yt, (xt, wt, bt), dy, retain_graph=True)):6.1f}",
              flush=True)
        yf = xt * 2
        print(f"{name:11s} floor autograd.grad(x * 2) "
              f"{us(lambda: torch.autograd.grad(yf, (xt,), dy, retain_graph=True)):6.1f}",
              flush=True)


if __name__ == "__main__":
    main()
