"""Where GroupNorm's rows-path forward loses at VAE 512 (v0.47): 64 rows of 262144 as 16
channels a row (AFFINE 2: w, b one value per slice) against the same rows as one channel
a row (AFFINE 1), with and without w and b, in GPU time (CUDA graphs over rotated copies,
fusednorm.bench.timing.graph_ms), % of a 1 GB copy timed in the same process, each case
alternated ROUNDS times. Forward under no_grad, as the sweeps time it.

    python benchmarks/diag_affine.py [--dtype bfloat16] [--rounds 2]"""
import argparse
import math

import torch

import fusednorm
from fusednorm.bench.timing import CudaClock, copy_gbps, graph_ms

CASES = (  # name, shape, groups (None: instance_norm)
    ("vae512 16ch/row", (2, 512, 128, 128), 32),
    ("2x32x512x512 1ch/row", (2, 32, 512, 512), 32),
    ("in3d64n1 1ch/row", (1, 64, 64, 64, 64), None),
)
L2_BYTES = 50 << 20


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dtype", default="bfloat16")
    ap.add_argument("--rounds", type=int, default=2)
    a = ap.parse_args()
    dtype = getattr(torch, a.dtype)
    copy = copy_gbps(CudaClock(warmup_ms=10, rep_ms=60), torch.device("cuda"))
    print(f"{torch.cuda.get_device_name()} copy {copy:.0f} GB/s {a.dtype}", flush=True)
    for _ in range(a.rounds):
        for name, shape, groups in CASES:
            n = math.prod(shape)
            copies = max(1, math.ceil(2 * L2_BYTES / (n * dtype.itemsize)))
            torch.manual_seed(0)
            xs = [(torch.randn(shape, device="cuda") * 2 + 0.5).to(dtype) for _ in range(copies)]
            C = shape[1]
            w = (1 + 0.3 * torch.randn(C, device="cuda")).to(dtype)
            b = (0.3 * torch.randn(C, device="cuda")).to(dtype)
            for tag, ww, bb in (("w,b", w, b), ("none", None, None)):
                if groups is None:
                    calls = [lambda x=x: fusednorm.instance_norm(x, ww, bb) for x in xs]
                else:
                    calls = [lambda x=x: fusednorm.group_norm(x, groups, ww, bb) for x in xs]
                with torch.no_grad():
                    ms = graph_ms(calls)
                pct = 100 * 2 * n * dtype.itemsize / ms / 1e6 / copy
                print(f"{name:22s} {tag:5s} fwd gpu {pct:5.1f}%  {ms * 1e3:7.1f} us", flush=True)
            del xs


if __name__ == "__main__":
    main()
