"""The benchmark suite (python -m fusednorm.bench) on CPU: byte counting, the suites' shapes,
the correctness gate (a deliberately wrong provider must be caught), the run loop with a
stand-in clock, and the table / JSON / summary / plot writing."""
import io
import json
import os
import subprocess
import sys
import time

import pytest
import torch
import torch.nn.functional as F

import fusednorm
from fusednorm.bench import cli, report
from fusednorm.bench.cases import (OPS, ROW_ELEMENTS, ROW_INFERENCE, Case, build_cases,
                                   case_bytes, min_bytes)
from fusednorm.bench.gate import gate, make_inputs, reference
from fusednorm.bench.providers import PROVIDERS, Provider, fusednorm_offers
from fusednorm.bench.runner import rotation, run_case

LN, RMS, ADD_LN, ADD_RMS = (OPS[n] for n in ("layer_norm", "rms_norm", "add_layer_norm",
                                             "add_rms_norm"))
GN, IN = OPS["group_norm"], OPS["instance_norm"]


# ---------------------------------------------------------------- byte counting

def test_min_bytes_by_hand():
    # LayerNorm forward, bf16, 4 x 8: read x (32) + w (8) + b (8), write y (32) = 80 elements.
    assert min_bytes("fwd", 32, 8, 2, residual=False, bias=True) == 80 * 2
    # backward: read x, dy (64), w (8); write dx (32), dw, db (16) = 120 elements.
    assert min_bytes("bwd", 32, 8, 2, residual=False, bias=True) == 120 * 2
    # RMSNorm with residual, fp32: forward reads x, r, w and writes y, h: 4 * 32 + 8.
    assert min_bytes("fwd", 32, 8, 4, residual=True, bias=False) == (4 * 32 + 8) * 4
    # backward reads h, dy, dh, w and writes dx (once: it is also dresidual) and dw.
    assert min_bytes("bwd", 32, 8, 4, residual=True, bias=False) == (4 * 32 + 2 * 8) * 4
    # fwd+bwd is the sum of the two passes.
    for residual in (False, True):
        for bias in (False, True):
            both = min_bytes("fwd+bwd", 1000, 10, 2, residual, bias)
            assert both == (min_bytes("fwd", 1000, 10, 2, residual, bias)
                            + min_bytes("bwd", 1000, 10, 2, residual, bias))


def test_case_bytes_uses_channels_for_group_params():
    # GroupNorm fp16 on 2 x 8 x 4 x 4: 256 elements, weight and bias of C = 8.
    case = Case(GN, torch.float16, (2, 8, 4, 4), num_groups=4)
    assert case.N == 2 * 16 and case.params == 8
    assert case_bytes(case, "fwd") == (2 * 256 + 2 * 8) * 2
    assert case_bytes(case, "bwd") == (3 * 256 + 3 * 8) * 2
    inst = Case(IN, torch.float32, (2, 3, 4, 5, 6), channels_last=True)
    assert inst.N == 4 * 5 * 6 and inst.params == 3 and inst.groups == 3
    rows = Case(ADD_LN, torch.bfloat16, (5, 7))
    assert case_bytes(rows, "fwd") == (4 * 35 + 2 * 7) * 2


# ---------------------------------------------------------------- suites

def test_rows_suite_shapes():
    cases = build_cases([LN], [torch.bfloat16], quick=False)
    sweep = [c for c in cases if c.kind == "sweep"]
    ns = [c.N for c in sweep]
    assert ns == sorted([1 << k for k in range(8, 19)] + [5120, 12288, 1 << 20, 1 << 21,
                                                          1 << 22])
    for c in sweep:  # about 2^27 elements of x: within half a row
        assert abs(c.numel - ROW_ELEMENTS) <= c.N / 2
    assert [c.shape for c in cases if c.kind == "inference"] == list(ROW_INFERENCE)
    quick = build_cases([LN, RMS], [torch.bfloat16], quick=True)
    assert sorted({c.N for c in quick if c.kind == "sweep"}) == [1024, 8192, 65536]
    assert len(quick) == 2 * (3 + len(ROW_INFERENCE))


def test_groups_suite_shapes():
    cases = build_cases([GN, IN], [torch.float16, torch.float32], quick=False)
    assert {c.layout for c in cases} == {"nchw", "channels_last"}
    gn = [c for c in cases if c.op is GN]
    assert all(c.num_groups == 32 for c in gn)
    sd = next(c for c in gn if c.shape == (16, 320, 64, 64))
    assert sd.N == 10 * 64 * 64 and sd.label == "16x320x64x64 G32"
    vol = next(c for c in cases if c.op is IN and c.shape == (8, 64, 64, 64, 64))
    assert vol.N == 64 ** 3 and vol.numel == 1 << 27
    # Every shape comes in both layouts, and each (op, layout, dtype) sweeps distinct N.
    for op in (GN, IN):
        for cl in (False, True):
            ns = [c.N for c in cases if c.op is op and c.channels_last == cl
                  and c.dtype == torch.float16]
            assert len(ns) == len(set(ns)) > 0


def test_rotation_covers_small_inputs_only():
    big = Case(LN, torch.bfloat16, (8192, 16384))
    small = Case(LN, torch.bfloat16, (512, 8192))
    tiny = Case(RMS, torch.bfloat16, (1, 4096))
    l2x4 = 4 * 50 * 2 ** 20
    assert rotation(big, l2x4) == 1
    assert rotation(small, l2x4) * case_bytes(small, "fwd") >= l2x4
    assert rotation(tiny, l2x4) == 64  # capped: launch-bound anyway
    assert rotation(small, 0) == 1


# ---------------------------------------------------------------- the gate

def _layer_norm_case(dtype=torch.float32):
    return Case(LN, dtype, (6, 300))


def _gate(fn, case, device):
    inputs, grad_outputs = make_inputs(case, device)
    ref = reference(case, inputs, grad_outputs, with_grads=True)
    return gate(fn, case, inputs, grad_outputs, ref)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.bfloat16])
@pytest.mark.parametrize("op", [LN, RMS, ADD_LN, ADD_RMS])
def test_gate_passes_torch_and_fusednorm(device, op, dtype):
    case = Case(op, dtype, (5, 260))
    for name in ("torch", "fusednorm"):
        fwd, grad = _gate(PROVIDERS[name].build(case), case, device)
        assert fwd.ok and grad.ok, (name, fwd, grad)


def test_gate_passes_groups_channels_last(device):
    for case in (Case(GN, torch.bfloat16, (2, 8, 5, 3), num_groups=4, channels_last=True),
                 Case(IN, torch.float16, (2, 4, 3, 5, 2), channels_last=True)):
        inputs, _ = make_inputs(case, device)
        assert inputs[0].is_contiguous(memory_format=torch.channels_last
                                       if len(case.shape) == 4 else torch.channels_last_3d)
        fwd, grad = _gate(PROVIDERS["torch"].build(case), case, device)
        assert fwd.ok and grad.ok, (fwd, grad)


def _no_bias(x, w, b):
    return (F.layer_norm(x, (x.shape[-1],), w, None, 1e-5),)


def _big_eps(x, w, b):
    return (F.layer_norm(x, (x.shape[-1],), w, b, 0.3),)


def _no_centering(x, w, b):
    return (F.rms_norm(x, (x.shape[-1],), w, 1e-5) + b,)


def _nan_row(x, w, b):
    y = F.layer_norm(x, (x.shape[-1],), w, b, 1e-5).clone()
    y[-1, -1] = float("nan")
    return (y,)


def _fp32_output(x, w, b):
    return (F.layer_norm(x.float(), (x.shape[-1],), w.float(), b.float(), 1e-5),)


@pytest.mark.parametrize("wrong", [_no_bias, _big_eps, _no_centering, _nan_row])
@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_gate_catches_wrong_forward(device, wrong, dtype):
    fwd, grad = _gate(wrong, _layer_norm_case(dtype), device)
    assert fwd.status == "wrong" and "y" in fwd.detail
    assert grad.status == "wrong"  # a wrong forward is never timed in any mode


def test_gate_catches_wrong_dtype(device):
    fwd, _ = _gate(_fp32_output, _layer_norm_case(torch.bfloat16), device)
    assert fwd.status == "wrong" and "dtype" in fwd.detail


def _wrong_dx(x, w, b, off=0.01):
    # Right values, wrong gradient: the extra term is zero forward and adds off * dy to dx.
    y = F.layer_norm(x, (x.shape[-1],), w, b, 1e-5)
    return (y + off * (x - x.detach()),)


def _wrong_dweight(x, w, b):
    y = F.layer_norm(x, (x.shape[-1],), w.detach(), b, 1e-5)  # dw comes back zero
    return (y + 0 * w,)


# The smallest error caught scales with the dtype's tolerance: 1% of dy in fp32, 10% in bf16
# (whose tolerance, 3e-2 of the largest magnitude, is about four units in the last place).
@pytest.mark.parametrize("wrong, dtype, grad_name", [
    (_wrong_dx, torch.float32, "dx"),
    (lambda x, w, b: _wrong_dx(x, w, b, off=0.1), torch.bfloat16, "dx"),
    (_wrong_dweight, torch.bfloat16, "dweight")])
def test_gate_catches_wrong_backward(device, wrong, dtype, grad_name):
    fwd, grad = _gate(wrong, _layer_norm_case(dtype), device)
    assert fwd.ok
    assert grad.status == "wrong" and grad.detail.startswith(grad_name + ":")


def test_gate_reports_failure(device):
    def raises(x, w, b):
        raise RuntimeError("no kernel for this shape\nsecond line")

    fwd, grad = _gate(raises, _layer_norm_case(), device)
    assert fwd.status == grad.status == "failed"
    assert fwd.detail == "RuntimeError: no kernel for this shape"


def test_gate_without_backward_modes(device):
    case = _layer_norm_case()
    inputs, grad_outputs = make_inputs(case, device)
    ref = reference(case, inputs, grad_outputs, with_grads=False)
    assert ref.grads is None
    fwd, grad = gate(_wrong_dx, case, inputs, grad_outputs, ref)
    assert fwd.ok and grad is None


# ---------------------------------------------------------------- the quack provider

def _stand_in_quack(monkeypatch, sms=3):
    """A module with quack.rmsnorm's interface as the provider calls it, computed in torch
    (fp32): rmsnorm (autograd), and the LayerNorm kernels' entry points _rmsnorm_fwd /
    _rmsnorm_bwd, whose backward writes dw / db as `sms` partial rows and adds the
    gradient arriving on residual_out into dx, as quack's kernels do."""
    import types

    def rmsnorm(x, w, residual=None, eps=1e-6, prenorm=False):
        h = x if residual is None else x + residual
        y = F.rms_norm(h, (h.shape[-1],), w, eps)
        return (y, h) if residual is not None and prenorm else y

    def _rmsnorm_fwd(x, weight, out, bias, rstd, mean, residual, residual_out, eps,
                     is_layernorm):
        assert is_layernorm
        h = x.float() if residual is None else x.float() + residual.float()
        if residual_out is not None:
            residual_out.copy_(h)
            h = residual_out.float()
        mu = h.mean(-1)
        r = torch.rsqrt(h.var(-1, unbiased=False) + eps)
        out.copy_((h - mu[:, None]) * r[:, None] * weight.float() + bias.float())
        rstd.copy_(r)
        mean.copy_(mu)

    def _rmsnorm_bwd(x, weight, dout, rstd, dx, dw_partial, db_partial, dresidual_out,
                     dresidual, sm_count, mean=None, is_layernorm=False):
        assert is_layernorm and dresidual is None and sm_count == dw_partial.shape[0]
        xhat = (x.float() - mean[:, None]) * rstd[:, None]
        g = dout.float() * weight.float()
        d = rstd[:, None] * (g - g.mean(-1, keepdim=True)
                             - xhat * (g * xhat).mean(-1, keepdim=True))
        if dresidual_out is not None:
            d = d + dresidual_out.float()
        dx.copy_(d)
        dw_partial.zero_()
        db_partial.zero_()
        for k, rows in enumerate(torch.arange(x.shape[0]).chunk(sm_count)):
            dw_partial[k] = (dout.float() * xhat)[rows].sum(0)
            db_partial[k] = dout.float()[rows].sum(0)

    Q = types.ModuleType("quack.rmsnorm")
    Q.rmsnorm, Q._rmsnorm_fwd, Q._rmsnorm_bwd = rmsnorm, _rmsnorm_fwd, _rmsnorm_bwd
    Q.get_sm_count = lambda n, device: sms
    package = types.ModuleType("quack")
    package.rmsnorm = rmsnorm  # as quack's __init__ binds it: the function, not the module
    monkeypatch.setitem(sys.modules, "quack", package)
    monkeypatch.setitem(sys.modules, "quack.rmsnorm", Q)


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
@pytest.mark.parametrize("op", [LN, RMS, ADD_LN, ADD_RMS])
def test_quack_provider_glue(device, monkeypatch, op, dtype):
    # The provider's own code (the LayerNorm autograd.Function, the residual's gradient, the
    # partial dw / db sums, the outputs' order) against the gate, over a stand-in of quack's
    # interface; quack itself runs only on a GPU (the device runs, benchmarks/NOTES.md).
    quack = PROVIDERS["quack"]
    assert quack.build(Case(GN, dtype, (2, 8, 4, 4), num_groups=4)) is None  # rows only
    _stand_in_quack(monkeypatch)
    case = Case(op, dtype, (7, 260))
    fwd, grad = _gate(quack.build(case), case, device)
    assert fwd.ok and grad.ok, (fwd, grad)


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
@pytest.mark.parametrize("op", [LN, RMS, ADD_LN, ADD_RMS])
def test_quack_provider_passes_the_gate(op, dtype):
    # quack itself, where it is installed (an optional peer: absent in CI).
    pytest.importorskip("quack.rmsnorm")
    case = Case(op, dtype, (96, 4096))
    fwd, grad = _gate(PROVIDERS["quack"].build(case), case, torch.device("cuda"))
    assert fwd.ok and grad.ok, (fwd, grad)


def test_quack_absent_is_reported(monkeypatch):
    from fusednorm.bench.providers import absent_reason
    monkeypatch.setitem(sys.modules, "quack", None)  # import fails
    assert absent_reason(PROVIDERS["quack"]).startswith("ModuleNotFoundError")


# ---------------------------------------------------------------- the run loop

class StandInClock:
    """CudaClock's interface on CPU: wall-clock milliseconds per call, no memory probe."""

    def time_ms(self, calls):
        t0 = time.perf_counter()
        for call in calls:
            call()
        return (time.perf_counter() - t0) * 1e3 / len(calls)

    def extra_memory(self, call):
        call()
        return 0


def _provider(name, fn):
    return Provider(name, lambda: None, lambda case: fn)


def test_run_case_times_only_what_passes(device):
    case = Case(LN, torch.float32, (4, 200))
    providers = [PROVIDERS["fusednorm"], PROVIDERS["torch"], _provider("bad", _no_bias),
                 _provider("badgrad", _wrong_dx), _provider("broken", lambda x, w, b: 1 / 0)]
    records = run_case(case, providers, ("fwd", "bwd", "fwd+bwd"), StandInClock(), device,
                       copy_gbps=100.0, rotate_bytes=3 * case_bytes(case, "fwd"))
    by = {(r["provider"], r["mode"]): r for r in records}
    assert len(records) == 5 * 3
    for mode in ("fwd", "bwd", "fwd+bwd"):
        for name in ("fusednorm", "torch"):
            r = by[name, mode]
            assert r["status"] == "ok" and r["ms"] > 0
            assert r["gbps"] == pytest.approx(case_bytes(case, mode) / r["ms"] / 1e6)
            assert r["pct_copy"] == pytest.approx(r["gbps"])  # copy is 100 GB/s
            assert r["extra_mem_bytes"] == 0
        assert by["bad", mode]["status"] == "wrong" and by["bad", mode]["ms"] is None
        assert by["broken", mode]["status"] == "failed"
        assert "ZeroDivisionError" in by["broken", mode]["detail"]
        ours = by["fusednorm", mode]
        timed = [by[n, mode] for n in ("torch", "badgrad") if by[n, mode]["status"] == "ok"]
        best = min(timed, key=lambda r: r["ms"])
        assert ours["best_other"] == best["provider"]
        assert ours["speedup_vs_best_other"] == pytest.approx(best["ms"] / ours["ms"])
        assert all(r["speedup_vs_best_other"] is None for r in timed)
    assert by["badgrad", "fwd"]["status"] == "ok"
    assert by["badgrad", "bwd"]["status"] == by["badgrad", "fwd+bwd"]["status"] == "wrong"


class SideBySideClock(StandInClock):
    """A clock with time_many_ms, as CudaClock: records in which order the providers'
    samples were taken (the runner must hand it every provider of a mode at once)."""

    def __init__(self):
        self.order = []
        self.timing = False  # True from the first time_many_ms call on

    def time_many_ms(self, named, rounds=3):
        self.timing = True
        out = {}
        for _ in range(rounds):
            for name, calls in named.items():
                if name in out and isinstance(out[name], BaseException):
                    continue
                self.order.append(name)
                try:
                    out[name] = self.time_ms(calls)
                except Exception as e:  # noqa: BLE001
                    out[name] = e
        return out


def test_run_case_times_providers_side_by_side(device):
    # Every provider that passed the gate is timed in turns within one call of the clock;
    # one that raises while timed is "failed" without stopping the others.
    case = Case(LN, torch.float32, (4, 200))
    clock = SideBySideClock()

    def flaky(x, w, b):  # passes the gate, then raises once timed
        if clock.timing:
            raise RuntimeError("out of luck")
        return (F.layer_norm(x, (200,), w, b, 1e-5),)

    providers = [PROVIDERS["fusednorm"], PROVIDERS["torch"], _provider("flaky", flaky)]
    records = run_case(case, providers, ("fwd",), clock, device, copy_gbps=None)
    by = {r["provider"]: r for r in records}
    assert by["fusednorm"]["status"] == by["torch"]["status"] == "ok"
    assert by["fusednorm"]["ms"] > 0 and by["torch"]["ms"] > 0
    assert by["flaky"]["status"] == "failed" and "out of luck" in by["flaky"]["detail"]
    assert clock.order[:3] == ["fusednorm", "torch", "flaky"]
    assert clock.order[3:] == ["fusednorm", "torch"] * 2


@pytest.mark.gpu
def test_cuda_clock_time_many_ms():
    from fusednorm.bench.timing import CudaClock
    if not torch.cuda.is_available():
        pytest.skip("no CUDA GPU")
    x = torch.randn(1 << 20, device="cuda")
    big = torch.randn(1 << 24, device="cuda")
    clock = CudaClock(warmup_ms=2, rep_ms=10)
    got = clock.time_many_ms({"small": [lambda: x.mul(2)], "big": [lambda: big.mul(2)],
                              "bad": [lambda: 1 / 0]})
    assert isinstance(got["bad"], ZeroDivisionError)
    assert 0 < got["small"] < got["big"]
    assert clock.time_ms([lambda: big.mul(2)]) == pytest.approx(got["big"], rel=0.5)


def _stand_in_group_ops(monkeypatch):
    """fusednorm.group_norm / instance_norm as torch computes them, with the documented
    signatures: these tests are about the benchmark's plumbing, not the kernels (which
    tests/test_groupnorm.py checks)."""
    def group_norm(x, num_groups, weight=None, bias=None, eps=1e-5, activation=None):
        return F.group_norm(x, num_groups, weight, bias, eps)

    def instance_norm(x, weight=None, bias=None, eps=1e-5, activation=None):
        return F.instance_norm(x, weight=weight, bias=bias, eps=eps)

    monkeypatch.setattr(fusednorm, "group_norm", group_norm, raising=False)
    monkeypatch.setattr(fusednorm, "instance_norm", instance_norm, raising=False)


def test_group_ops_signatures_match_the_calls():
    import inspect

    expected = {"group_norm": ["x", "num_groups", "weight", "bias", "eps"],
                "instance_norm": ["x", "weight", "bias", "eps"]}
    for name, params in expected.items():
        if not fusednorm_offers(name):
            pytest.skip(f"this fusednorm has no {name} yet")
        assert list(inspect.signature(getattr(fusednorm, name)).parameters)[:len(params)] == params


def test_groups_rows_appear_once_fusednorm_has_the_op(device, monkeypatch):
    _stand_in_group_ops(monkeypatch)
    cases = [Case(GN, torch.float32, (2, 8, 3, 5), num_groups=2, channels_last=True),
             Case(IN, torch.bfloat16, (2, 3, 4, 5))]
    providers = [PROVIDERS["fusednorm"], PROVIDERS["torch"]]
    for case in cases:
        records = run_case(case, providers, ("fwd", "bwd"), StandInClock(), device,
                           copy_gbps=None)
        assert [(r["provider"], r["status"]) for r in records] == [
            ("fusednorm", "ok"), ("torch", "ok")] * 2
        assert all(r["layout"] == case.layout for r in records)
    # A fusednorm without the op: the provider offers nothing (and the CLI skips the op).
    monkeypatch.delattr(fusednorm, "group_norm")
    assert not fusednorm_offers("group_norm")
    assert PROVIDERS["fusednorm"].build(cases[0]) is None
    records = run_case(cases[0], providers, ("fwd",), StandInClock(), device, copy_gbps=None)
    assert [r["provider"] for r in records] == ["torch"]


# ---------------------------------------------------------------- table, JSON, summary, plots

META = dict(device="Test GPU 80GB", torch="2.99", triton="9.9", fusednorm="0.1.0",
            date="2026-01-02T03:04:05+00:00", copy_gbps=3000.0, l2_bytes=50 << 20,
            providers={"fusednorm": "present", "torch": "present",
                       "liger": "absent: ModuleNotFoundError: No module named 'liger_kernel'"},
            skipped=["groups/instance_norm: this fusednorm has no instance_norm yet"],
            options={}, interrupted=False)


def _rec(provider, n, gbps, status="ok", mode="fwd", kind="sweep", layout="rows",
         suite="rows", op="layer_norm", speedup=None):
    ok = status == "ok"
    return dict(suite=suite, op=op, dtype="bf16", mode=mode, shape=[(1 << 27) // n, n],
                label=f"{(1 << 27) // n}x{n}", layout=layout, num_groups=None, kind=kind, N=n,
                bytes=1 << 28, provider=provider, status=status,
                detail="" if ok else "y: error 5.0e-01 > 3e-02",
                ms=(1 << 28) / gbps / 1e6 if ok else None, gbps=gbps if ok else None,
                pct_copy=100 * gbps / 3000.0 if ok else None,
                speedup_vs_best_other=speedup, best_other="torch" if speedup else None,
                extra_mem_bytes=(3 << 20) if ok else None)


RECORDS = [
    _rec("fusednorm", 1024, 2500.0, speedup=1.25), _rec("torch", 1024, 2000.0),
    _rec("liger", 1024, 0, status="wrong"),
    _rec("fusednorm", 8192, 2700.0, speedup=1.5), _rec("torch", 8192, 1800.0),
    _rec("fusednorm", 4096, 90.0, kind="inference"), _rec("torch", 4096, 40.0, kind="inference"),
    _rec("fusednorm", 4096, 2000.0, mode="bwd"),
    _rec("torch", 40960, 1500.0, suite="groups", op="group_norm", layout="nchw"),
    _rec("torch", 40960, 1400.0, suite="groups", op="group_norm", layout="channels_last"),
]


def test_table_rows():
    header = report.table_header()
    assert header.split()[:3] == ["suite", "op", "dtype"]
    ok = report.table_row(RECORDS[0])
    assert "fusednorm" in ok and "2500" in ok and "1.25x torch" in ok and "83.3" in ok
    wrong = report.table_row(RECORDS[2])
    assert "wrong" in wrong and wrong.endswith("y: error 5.0e-01 > 3e-02")


def test_progress_line():
    log = io.StringIO()  # not a terminal: one line per case, steps left out
    progress = report.Progress(12, stream=log)
    progress.start(3, "rows layer_norm bf16 65536x2048")
    progress.step("checking torch")
    progress.clear()
    assert log.getvalue().startswith("[3/12] rows layer_norm bf16 65536x2048 (0m")
    assert log.getvalue().count("\n") == 1


def test_json_and_summary(tmp_path):
    rep = report.Reporter(str(tmp_path), dict(META), stream=io.StringIO())
    rep.header()
    rep.add(RECORDS[:3])
    first = json.loads((tmp_path / "results.json").read_text())
    assert len(first["results"]) == 3  # kept current as the run goes
    rep.add(RECORDS[3:])
    notes = rep.finish()
    data = json.loads((tmp_path / "results.json").read_text())
    for key in ("device", "torch", "triton", "date", "copy_gbps", "providers", "results"):
        assert key in data
    assert data["results"] == RECORDS
    for key in ("suite", "op", "dtype", "mode", "shape", "N", "provider", "status", "ms", "gbps",
                "pct_copy", "speedup_vs_best_other", "extra_mem_bytes"):
        assert key in data["results"][0]
    md = (tmp_path / "summary.md").read_text()
    for text in ("Test GPU 80GB", "torch 2.99", "triton 9.9", "2026-01-02T03:04:05+00:00",
                 "3000 GB/s", "liger (absent: ModuleNotFoundError",
                 "## rows / layer_norm / bf16 / fwd", "| shape | N | fusednorm | torch | liger |",
                 "| 131072x1024 | 1024 | 2500 (83%) | 2000 (67%) | wrong | 1.25x vs torch |",
                 "skipped: groups/instance_norm",
                 # the lowest cells: the inference shape's 3% is not a sweep cell
                 "| rows | layer_norm | bf16 | fwd | 83.3% (131072x1024) | 1.25x vs torch "
                 "(131072x1024) |",
                 "| rows | layer_norm | bf16 | bwd | 66.7% (32768x4096) |  |"):
        assert text in md, text
    assert any(n.startswith("wrote") and "summary.md" in n for n in notes)


def test_plots(tmp_path):
    pytest.importorskip("matplotlib")
    paths = report.write_plots(str(tmp_path), META, RECORDS)
    names = sorted(os.path.basename(p) for p in paths)
    assert names == ["groups_group_norm_bf16_fwd.png", "rows_layer_norm_bf16_bwd.png",
                     "rows_layer_norm_bf16_fwd.png"]
    for p in paths:
        with open(p, "rb") as f:
            assert f.read(8) == b"\x89PNG\r\n\x1a\n"


def test_summary_without_matplotlib(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)  # import fails
    rep = report.Reporter(str(tmp_path), dict(META), stream=io.StringIO())
    rep.add(RECORDS)
    notes = rep.finish()
    assert notes[-1].startswith("plots skipped: matplotlib is not installed")
    assert (tmp_path / "summary.md").exists() and not list(tmp_path.glob("*.png"))


# ---------------------------------------------------------------- the command

def test_help(capsys):
    with pytest.raises(SystemExit) as e:
        cli.main(["--help"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    for option in ("--suite", "--op", "--dtype", "--mode", "--providers", "--quick", "--out"):
        assert option in out


def test_bad_option(capsys):
    with pytest.raises(SystemExit) as e:
        cli.main(["--dtype", "fp8"])
    assert e.value.code == 2
    assert "fp8 not in: bf16, fp16, fp32" in capsys.readouterr().err


def test_no_gpu_one_line_and_status_2():
    env = dict(os.environ, CUDA_VISIBLE_DEVICES="")
    run = subprocess.run([sys.executable, "-m", "fusednorm.bench", "--quick"], env=env,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 2
    assert run.stdout == ""
    assert run.stderr == cli.NO_GPU + "\n"


def test_n_option_parses_a_list(capsys):
    from fusednorm.bench.cli import parse_args
    assert parse_args(["--n", "512,1048576"]).n == [512, 1048576]
    assert parse_args([]).n is None
    with pytest.raises(SystemExit) as e:
        parse_args(["--n", "abc"])
    assert e.value.code == 2
    assert "expected comma-separated integers" in capsys.readouterr().err


def test_merge_results(tmp_path):
    # benchmarks/merge_results.py: a later run's record replaces the earlier one for the
    # same case and provider, the rest keep their order, fusednorm's speedup is scored
    # against the merged peers, and the notes reach the summary.
    import subprocess
    import sys
    from pathlib import Path
    script = Path(__file__).resolve().parent.parent / "benchmarks" / "merge_results.py"
    first = dict(META, options={"dtype": ["bf16"]}, interrupted=False, results=RECORDS)
    # Scored in its own run against no peer; the merge scores it against torch's 2000.
    redo = dict(_rec("fusednorm", 1024, 2900.0, speedup=None), shape=RECORDS[0]["shape"])
    second = dict(META, copy_gbps=2990.0, options={"n": [1024]}, interrupted=False,
                  results=[redo])
    for name, run in (("a", first), ("b", second)):
        (tmp_path / name).mkdir()
        (tmp_path / name / "results.json").write_text(json.dumps(run))
    out = tmp_path / "merged"
    subprocess.run([sys.executable, str(script), str(out), str(tmp_path / "a" / "results.json"),
                    str(tmp_path / "b" / "results.json"), "--note", "one note"],
                   check=True, capture_output=True)
    data = json.loads((out / "results.json").read_text())
    assert len(data["results"]) == len(RECORDS)
    def unscored(recs):
        return [{k: v for k, v in r.items() if k not in ("speedup_vs_best_other", "best_other")}
                for r in recs]
    assert data["results"][0]["gbps"] == 2900.0
    assert unscored(data["results"][1:]) == unscored(RECORDS[1:])
    assert data["results"][0]["speedup_vs_best_other"] == 2900.0 / 2000.0
    assert data["results"][0]["best_other"] == "torch"
    assert data["copy_gbps"] == 2990.0 and len(data["runs"]) == 2
    md = (out / "summary.md").read_text()
    assert "- note: one note" in md and "merged run b" in md and "2900 (" in md
