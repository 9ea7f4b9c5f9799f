"""Host time of GroupNorm's channels_last forward (no_grad) by path, on a CUDA machine: the
whole call, the launches alone (launch_fwd with outputs allocated beforehand) and a cProfile
of the whole call, for the columns path (three launches), the cooperative columns path (one)
and the contiguous rows path, bf16.

    python benchmarks/host_cols.py"""
import statistics

import torch

import fusednorm
from fusednorm.bench.timing import host_us
from fusednorm.kernels import groupnorm as K
from host_profile import profile

CASES = {"unet640 cl": ((16, 640, 32, 32), True), "unet320 cl": ((16, 320, 64, 64), True),
         "vae512 cl": ((2, 512, 128, 128), True), "unet640 nc": ((16, 640, 32, 32), False)}


def main():
    print(torch.cuda.get_device_name(), torch.__version__)
    with torch.no_grad():
        for name, (shape, cl) in CASES.items():
            x = torch.randn(shape, device="cuda", dtype=torch.bfloat16)
            if cl:
                x = x.contiguous(memory_format=torch.channels_last)
            w = torch.randn(shape[1], device="cuda", dtype=torch.bfloat16)
            call = lambda: fusednorm.group_norm(x, 32, w, w)  # noqa: E731
            x3 = x.flatten(2)
            y = torch.empty_like(x3)
            mean = torch.empty((shape[0], 32), device="cuda")
            rstd = torch.empty_like(mean)
            prep = K.prepare_fwd(x3, 32, None, w, w, y, True)
            launch = lambda: K.launch_fwd(prep, x3, w, w, 1e-5, y, mean, rstd)  # noqa: E731
            alloc = lambda: torch.empty_like(x)  # noqa: E731
            for f in (call, launch, alloc):
                f()
            got = {k: statistics.median(host_us(f, n=200) for _ in range(5))
                   for k, f in (("call", call), ("launches", launch), ("empty_like", alloc))}
            path = ("coop" if prep.slots else "cols" if prep.cols_path else
                    "rows" if prep.rows is not None else "group" if prep.group_path else "split")
            print(f"{name:12s} path {path:5s} launches {len(prep.launches)} " +
                  " ".join(f"{k} {v:6.1f}us" for k, v in got.items()), flush=True)
            if name in ("unet640 cl", "vae512 cl"):
                print(profile(call, 300))


if __name__ == "__main__":
    main()
