"""Timing and memory on a CUDA device, with CUDA events.

Calls are timed back to back, as a model makes them: when the GPU is the bottleneck the
events measure kernel time, and when the CPU is (the small inference shapes) they measure
the whole call, launch and Python included. triton.testing.do_bench is not used because it
clears the L2 before every repetition, which lets the CPU run ahead and hides launch cost.
Inputs smaller than the L2 are rotated by the caller instead (see runner.rotation)."""
import itertools
import math
import os
import statistics
import time
from typing import Callable, Dict, Sequence, Tuple

import torch

from ..kernels.launch import capture_mark, release_capture_workspaces

SAMPLE_MS = 0.2  # calls per sample are batched up to this long, so event overhead is noise
MIN_SAMPLES = 10
MAX_SAMPLES = 2000
ROUNDS = 5  # time_many_ms: the providers take their samples in this many turns each


class CudaClock:
    def __init__(self, warmup_ms: float, rep_ms: float, sample_ms: float = SAMPLE_MS):
        self.warmup_ms = warmup_ms
        self.rep_ms = rep_ms
        self.sample_ms = sample_ms

    def time_ms(self, calls: Sequence[Callable[[], object]]) -> float:
        """Median milliseconds per call, cycling through `calls` (one per rotated input
        copy). Warm-up calls, at least warmup_ms of them, are not measured."""
        got = self.time_many_ms({0: calls}, rounds=1)[0]
        if isinstance(got, BaseException):
            raise got
        return got

    def time_many_ms(self, named: Dict[object, Sequence[Callable[[], object]]],
                     rounds: int = ROUNDS) -> Dict[object, object]:
        """time_ms of each entry of `named` (name -> calls), their samples taken in turn:
        each of `rounds` rounds takes a share of every entry's samples, so a drift of the
        host's speed during the case (the lent machines' hosts move by up to 2x within a
        run, which decides the host-bound small shapes: NOTES v0.33) falls on every
        provider alike. An entry whose calls raise gets the exception as its value; the
        others are timed."""
        out = {}
        plans = {}
        for name, calls in named.items():
            try:
                plans[name] = self._prepare(calls)
            except Exception as e:  # noqa: BLE001 - reported per provider
                out[name] = e
        events = {name: [] for name in plans}
        for r in range(rounds):
            for name, (burst, per_sample, samples) in list(plans.items()):
                share = samples // rounds + (r < samples % rounds)
                try:
                    events[name].extend(burst(per_sample) for _ in range(share))
                except Exception as e:  # noqa: BLE001
                    out[name] = e
                    del plans[name]
        torch.cuda.synchronize()
        for name, (_, per_sample, _) in plans.items():
            out[name] = statistics.median(s.elapsed_time(e) / per_sample
                                          for s, e in events[name])
        return out

    def _prepare(self, calls: Sequence[Callable[[], object]]):
        """(burst, calls per sample, samples) for `calls`, after the first estimate and the
        warm-up: burst(n) records n calls between two events."""
        nxt = itertools.cycle(calls)

        def burst(n: int) -> Tuple[torch.cuda.Event, torch.cuda.Event]:
            start = torch.cuda.Event(enable_timing=True)
            end = torch.cuda.Event(enable_timing=True)
            start.record()
            for _ in range(n):
                next(nxt)()
            end.record()
            return start, end

        torch.cuda.synchronize()
        start, end = burst(5)  # first estimate of the per-call time; also warm-up
        torch.cuda.synchronize()
        est = max(start.elapsed_time(end) / 5, 1e-3)
        burst(math.ceil(self.warmup_ms / est))
        per_sample = max(1, math.ceil(self.sample_ms / est))
        samples = min(MAX_SAMPLES, max(MIN_SAMPLES, math.ceil(self.rep_ms / (per_sample * est))))
        return burst, per_sample, samples

    @staticmethod
    def extra_memory(call: Callable[[], object]) -> int:
        """Peak bytes allocated during one call above what was allocated before it (the
        inputs, and for a timed backward also the forward graph it runs through)."""
        torch.cuda.synchronize()
        base = torch.cuda.memory_allocated()
        torch.cuda.reset_peak_memory_stats()
        out = call()
        torch.cuda.synchronize()
        peak = torch.cuda.max_memory_allocated()
        del out
        return peak - base


def copy_gbps(clock: CudaClock, device: torch.device, nbytes: int = 1 << 30) -> float:
    """Device-to-device copy bandwidth, counting the bytes read and written: the ceiling
    every GB/s figure of the run is compared with."""
    src = torch.empty(nbytes, dtype=torch.uint8, device=device)
    dst = torch.empty_like(src)
    ms = clock.time_ms([lambda: dst.copy_(src)])
    del src, dst
    torch.cuda.empty_cache()
    return 2 * nbytes / ms / 1e6


# graph_ms replays its graph for at least this long before timing: a GPU left idle (the
# host building the next case's inputs and references) appears to run its first
# milliseconds of work slower (inferred from this warm-up's effect), and 5 x 10 replays of
# a small graph fit in them. v0.41 call 4 (sweep_groupnorm.py,
# contiguous bf16 forward, 0 ms -> 50 ms, three processes): InstanceNorm 8x64x64^3x64 81.0 /
# 81.4 -> 93.9% (back-to-back events 93.4-94.2), 2x32x128^3 80.5 / 80.7 -> 88.8, GroupNorm
# 2x128x512x512 80.5 / 80.4 -> 89.5; the other shapes and the backward within 1.3 points.
# FUSEDNORM_GRAPH_WARM_MS overrides it (0: v0.40's method, for A/B runs).
GRAPH_WARM_MS = float(os.environ.get("FUSEDNORM_GRAPH_WARM_MS", "50"))


def graph_ms(calls, reps: int = 10, warmup: int = 1, trials: int = 5) -> float:
    """GPU milliseconds per call: `calls` (a callable, or a list of them run in turn, one per
    rotated input) captured once in a CUDA graph and replayed, so the host's time does not
    enter. Median of `trials` timings of `reps` replays, after `warmup` eager rounds on a
    side stream (as capture requires) and GRAPH_WARM_MS of untimed replays."""
    calls = list(calls) if isinstance(calls, (list, tuple)) else [calls]
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        for _ in range(warmup):
            for c in calls:
                c()
    torch.cuda.current_stream().wait_stream(side)
    mark = capture_mark()
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g):
        for c in calls:
            c()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    g.replay()
    end.record()
    torch.cuda.synchronize()
    if GRAPH_WARM_MS > 0:
        for _ in range(min(10000, math.ceil(GRAPH_WARM_MS / max(start.elapsed_time(end),
                                                                 1e-3)))):
            g.replay()
        torch.cuda.synchronize()
    times = []
    for _ in range(trials):
        start.record()
        for _ in range(reps):
            g.replay()
        end.record()
        torch.cuda.synchronize()
        times.append(start.elapsed_time(end) / reps / len(calls))
    del g
    release_capture_workspaces(mark)  # the graph's cooperative launches' buffers
    return statistics.median(times)


def host_us(calls, n: int = 20, warmup: int = 0) -> float:
    """Host microseconds per call: `n` calls of `calls` (a callable or a list run in turn)
    enqueued without waiting for the GPU, wall time / n."""
    calls = list(calls) if isinstance(calls, (list, tuple)) else [calls]
    for i in range(warmup):
        calls[i % len(calls)]()
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for i in range(n):
        calls[i % len(calls)]()
    t = (time.perf_counter() - t0) / n * 1e6
    torch.cuda.synchronize()
    return t
