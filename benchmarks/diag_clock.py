"""Why the bench's host-bound cells read slower than host_ab.py's (v0.33: torch eager's
1x4096 LayerNorm forward 20-27 us a call in the bench, 10-12 in host_ab.py on the same
host). One process, layer_norm bf16 1x4096 and 32x4096 forward under no_grad, fusednorm
and torch eager, each timed several ways, alternated in rounds (medians):
  host      host_ab.py's host_us: n calls enqueued, wall time / n
  clock1    CudaClock.time_ms on one input (CUDA events around bursts of calls)
  clock64   CudaClock.time_ms cycling 64 input copies (the bench's rotation)
  wrap64    clock64 through the bench's provider lambdas (fusednorm.bench.providers)
  wall64    the bench's bursts timed by the host clock instead of the events

    python benchmarks/diag_clock.py OUT.json"""
import itertools
import json
import statistics
import sys
import time

import torch
import torch.nn.functional as F

import fusednorm
from fusednorm.bench.cases import OPS, Case
from fusednorm.bench.providers import PROVIDERS
from fusednorm.bench.timing import CudaClock, host_us


def wall_ms(calls, n=2000):
    nxt = itertools.cycle(calls)
    for _ in range(200):
        next(nxt)()
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(n):
        next(nxt)()
    torch.cuda.synchronize()
    return (time.perf_counter() - t0) / n * 1e3


def main():
    dev, dt = "cuda", torch.bfloat16
    clock = CudaClock(warmup_ms=25, rep_ms=100)
    rows = []
    with torch.no_grad():
        for M in (1, 32):
            N = 4096
            xs = [torch.randn(M, N, device=dev, dtype=dt) for _ in range(64)]
            w = torch.randn(N, device=dev, dtype=dt)
            b = torch.randn(N, device=dev, dtype=dt)
            case = Case(OPS["layer_norm"], dt, (M, N))
            libs = {"fusednorm": lambda x: fusednorm.layer_norm(x, (N,), w, b),
                    "torch": lambda x: F.layer_norm(x, (N,), w, b)}
            wraps = {k: PROVIDERS[k].build(case) for k in libs}
            ways = {}
            for k, f in libs.items():
                one = [lambda f=f: f(xs[0])]
                many = [lambda f=f, x=x: f(x) for x in xs]
                wrapped = [lambda g=wraps[k], x=x: g(x, w, b) for x in xs]
                ways[k] = {"host": lambda one=one: host_us(one, n=2000, warmup=200) / 1e3,
                           "clock1": lambda one=one: clock.time_ms(one),
                           "clock64": lambda many=many: clock.time_ms(many),
                           "wrap64": lambda wrapped=wrapped: clock.time_ms(wrapped),
                           "wall64": lambda wrapped=wrapped: wall_ms(wrapped)}
            got = {(k, way): [] for k in ways for way in ways[k]}
            for _ in range(5):
                for k in ways:
                    for way, fn in ways[k].items():
                        got[k, way].append(fn() * 1e3)
            for (k, way), v in got.items():
                row = dict(shape=f"{M}x{N}", provider=k, way=way, us=statistics.median(v), all=v)
                rows.append(row)
                print(f"{M}x{N} {k:10s} {way:8s} {row['us']:7.2f} us", flush=True)
    with open(sys.argv[1], "w") as f:
        json.dump(dict(gpu=torch.cuda.get_device_name(), rows=rows), f, indent=1)


if __name__ == "__main__":
    main()
