"""The run: for each case, inputs and a float64 reference, every provider through the gate,
then the providers that passed timed in each mode. One record (a dict, one row of the JSON)
per case, mode and provider."""
import gc
import math
from typing import Callable, Dict, List, Optional, Sequence, Tuple

import torch
from torch import Tensor

from .cases import DTYPE_NAMES, Case, case_bytes
from .gate import Verdict, failure, gate, make_inputs, reference
from .providers import Provider

MAX_COPIES = 64  # rotated input copies at most; the smallest shapes are launch-bound anyway

Copies = List[Tuple[Tuple[Tensor, ...], Tuple[Tensor, ...]]]


def rotation(case: Case, rotate_bytes: int) -> int:
    """How many input copies to cycle through so that one pass over them moves at least
    rotate_bytes (a few times the L2), and no timed call finds its inputs in the cache."""
    return min(MAX_COPIES, max(1, math.ceil(rotate_bytes / case_bytes(case, "fwd"))))


def _copies(inputs, grad_outputs, n: int) -> Copies:
    copies = [(tuple(inputs), tuple(grad_outputs))]
    for _ in range(n - 1):
        copies.append((tuple(t.detach().clone().requires_grad_() for t in inputs),
                       tuple(g.clone() for g in grad_outputs)))
    return copies


def mode_calls(fn: Callable, mode: str, copies: Copies) -> List[Callable[[], object]]:
    """One call per input copy, doing what `mode` times.

    fwd:     the op.
    bwd:     only the backward of a graph built here once per copy (retain_graph, so it can
             run again). autograd.grad hands the gradients back instead of accumulating them
             into .grad, so no reset or accumulation lands in the timing.
    fwd+bwd: the op, then autograd.grad through it."""
    if mode == "fwd":
        return [lambda i=i: fn(*i) for i, _ in copies]
    if mode == "bwd":
        calls = []
        for i, g in copies:
            outs = fn(*i)
            calls.append(lambda o=outs, i=i, g=g: torch.autograd.grad(o, i, g, retain_graph=True))
        return calls
    return [lambda i=i, g=g: torch.autograd.grad(fn(*i), i, g) for i, g in copies]


def _measure(fns: Dict[str, Callable], mode: str, copies: Copies, clock) -> Dict[str, object]:
    """name -> (median ms, extra peak bytes), or the exception a provider raised. The
    providers are timed side by side where the clock can (time_many_ms: their samples in
    turns), else one after another; the graphs built for the backward die on return."""
    out = {}
    with torch.set_grad_enabled(mode != "fwd"):
        calls = {}
        for name, fn in fns.items():
            try:
                calls[name] = mode_calls(fn, mode, copies)
            except Exception as e:  # noqa: BLE001 - reported per provider
                out[name] = e
        many = getattr(clock, "time_many_ms", None)
        if many is not None:
            times = many(calls)
        else:
            times = {}
            for name, c in calls.items():
                try:
                    times[name] = clock.time_ms(c)
                except Exception as e:  # noqa: BLE001
                    times[name] = e
        for name, c in calls.items():
            ms = times[name]
            if isinstance(ms, BaseException):
                out[name] = ms
                continue
            try:
                out[name] = (ms, clock.extra_memory(c[0]))
            except Exception as e:  # noqa: BLE001
                out[name] = e
    return out


def _free(device: torch.device) -> None:
    gc.collect()
    if device.type == "cuda":
        torch.cuda.empty_cache()


def _record(case: Case, mode: str, provider: str, verdict: Verdict) -> Dict:
    return dict(
        suite=case.op.suite, op=case.op.name, dtype=DTYPE_NAMES[case.dtype], mode=mode,
        shape=list(case.shape), label=case.label, layout=case.layout,
        num_groups=case.num_groups if case.op.name == "group_norm" else None, kind=case.kind,
        N=case.N, bytes=case_bytes(case, mode), provider=provider, status=verdict.status,
        detail=verdict.detail, ms=None, gbps=None, pct_copy=None, speedup_vs_best_other=None,
        best_other=None, extra_mem_bytes=None)


def _speedups(records: List[Dict]) -> None:
    """fusednorm's speed over the fastest other provider that passed, per mode."""
    for mode in {r["mode"] for r in records}:
        ok = [r for r in records if r["mode"] == mode and r["status"] == "ok"]
        ours = [r for r in ok if r["provider"] == "fusednorm"]
        others = [r for r in ok if r["provider"] != "fusednorm"]
        if ours and others:
            best = min(others, key=lambda r: r["ms"])
            ours[0]["speedup_vs_best_other"] = best["ms"] / ours[0]["ms"]
            ours[0]["best_other"] = best["provider"]


def run_case(case: Case, providers: Sequence[Provider], modes: Sequence[str], clock,
             device: torch.device, copy_gbps: Optional[float], rotate_bytes: int = 0,
             note: Callable[[str], None] = lambda text: None) -> List[Dict]:
    """Gate, then time, every provider that offers the case's op. `clock` has time_ms(calls)
    and extra_memory(call) (timing.CudaClock on a GPU); `note` hears what runs now."""
    inputs, grad_outputs = make_inputs(case, device)
    ref_failure = None
    try:
        note("float64 reference")
        ref = reference(case, inputs, grad_outputs, with_grads=any(m != "fwd" for m in modes))
    except Exception as e:  # without a reference nothing can pass the gate
        ref, bad = None, failure(e)
        ref_failure = Verdict("failed", f"reference: {bad.detail}")
    entries = []  # (provider name, fn, forward verdict, gradient verdict)
    for p in providers:
        try:
            fn = p.build(case)
        except Exception as e:
            entries.append((p.name, None, failure(e), failure(e)))
            continue
        if fn is None:  # the provider doesn't offer this op
            continue
        if ref is None:
            entries.append((p.name, fn, ref_failure, ref_failure))
            continue
        note(f"checking {p.name}")
        entries.append((p.name, fn) + gate(fn, case, inputs, grad_outputs, ref))
    del ref
    _free(device)

    copies = _copies(inputs, grad_outputs, rotation(case, rotate_bytes))
    records = []
    for mode in modes:
        timed = {}  # name -> (record, fn) of the providers that passed the gate
        for name, fn, fwd, grad in entries:
            verdict = fwd if mode == "fwd" else grad
            rec = _record(case, mode, name, verdict)
            records.append(rec)
            if verdict.ok:
                timed[name] = (rec, fn)
        if not timed:
            continue
        note(f"{mode}: " + ", ".join(timed))
        got = _measure({name: fn for name, (_, fn) in timed.items()}, mode, copies, clock)
        for name, (rec, _) in timed.items():
            result = got[name]
            if isinstance(result, BaseException):
                bad = failure(result)
                rec.update(status=bad.status, detail=bad.detail)
                continue
            ms, mem = result
            gbps = rec["bytes"] / ms / 1e6
            rec.update(ms=ms, gbps=gbps, extra_mem_bytes=mem,
                       pct_copy=100 * gbps / copy_gbps if copy_gbps else None)
    _speedups(records)
    del copies, inputs, grad_outputs
    _free(device)
    return records


def run(cases: Sequence[Case], providers: Sequence[Provider], modes: Sequence[str], clock,
        device: torch.device, copy_gbps: Optional[float], rotate_bytes: int, progress,
        on_records: Callable[[List[Dict]], None]) -> None:
    """Every case in order; `progress` shows where the run is, `on_records` gets each case's
    records as soon as they exist."""
    for i, case in enumerate(cases, 1):
        progress.start(i, f"{case.op.suite} {case.op.name} {DTYPE_NAMES[case.dtype]} {case.label}")
        records = run_case(case, providers, modes, clock, device, copy_gbps, rotate_bytes,
                           note=progress.step)
        progress.clear()
        on_records(records)
