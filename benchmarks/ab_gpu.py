"""GPU time of this tree's forward kernels against an earlier tree's, in one process: each
cell's call captured in a CUDA graph and replayed (fusednorm.bench.timing.graph_ms), the
two trees taken in turn for ROUNDS rounds (the order flipped every round), median per
tree; % of a copy timed in the same run. The earlier tree is imported as `fusednorm_old`
from OLD_PATH (as host_ab.py). Each cell's output is checked against float64 for both.

Cells: layer_norm's inference forward (no statistics) and its training forward (the
statistics written; ops.rownorm.fwd_impl) at N from the rows suite, about 2^27 elements,
bf16 and fp32 (fp16 at a few N); add_layer_norm bf16; rms_norm bf16 at three N (its code
did not change: a control); group_norm (G 32) and instance_norm forwards on the groups
suite's shapes, both layouts, bf16 (--group-dtypes).

    python benchmarks/ab_gpu.py OUT.json OLD_PATH [--rounds 5] [--suite rows,groups]
        [--cells LABEL,LABEL...] [--group-dtypes bfloat16,float32] [--new-set NAME=VALUE]"""
import argparse
import json
import statistics
import sys

import torch
import torch.nn.functional as F
import triton

import fusednorm
from fusednorm.bench.cases import GROUP_NORM_SHAPES, INSTANCE_NORM_SHAPES
from fusednorm.bench.timing import CudaClock, copy_gbps, graph_ms

LN_N = (256, 1024, 4096, 5120, 12288, 16384, 32768, 65536, 262144, 1 << 20)
LN_N_STATS = (1024, 5120, 16384, 32768, 65536, 262144)


def _rows_cells(libs, dev):
    cells = []
    specs = [("layer_norm", dt, n, stats) for dt in (torch.bfloat16, torch.float32)
             for stats in (False, True) for n in (LN_N_STATS if stats else LN_N)]
    specs += [("layer_norm", torch.float16, n, False) for n in (4096, 16384, 32768, 65536)]
    specs += [("layer_norm", dt, n, False) for dt in (torch.bfloat16, torch.float16)
              for n in (8192, 12288)]
    specs += [("add_layer_norm", torch.bfloat16, n, stats) for n in (4096, 12288, 65536)
              for stats in (False, True)]
    specs += [("rms_norm", torch.bfloat16, n, False) for n in (4096, 65536, 262144)]
    for op, dt, n, stats in specs:
        cells.append((f"{op} {str(dt)[6:]} {n}{' stats' if stats else ''}",
                      lambda op=op, dt=dt, n=n, stats=stats: _rows_cell(libs, dev, op, dt, n,
                                                                        stats)))
    return cells


def _rows_cell(libs, dev, op, dt, n, stats):
    m = max(1, (1 << 27) // n)
    x = torch.randn(m, n, device=dev, dtype=dt) * 2 + 0.5
    r = torch.randn_like(x) if op.startswith("add") else None
    w = torch.randn(n, device=dev, dtype=dt)
    b = torch.randn(n, device=dev, dtype=dt)
    rms = op == "rms_norm"
    h64 = x.double() if r is None else (x.double() + r.double()).to(dt).double()
    ref = (F.rms_norm(h64, (n,), w.double(), 1e-6) if rms
           else F.layer_norm(h64, (n,), w.double(), b.double(), 1e-5))
    fns = {}
    for name, lib in libs.items():
        if stats:
            fns[name] = (lambda lib=lib: lib.ops.rownorm.fwd_impl(
                x, r, w, None if rms else b, 1e-6 if rms else 1e-5, rms)[0])
        elif op == "layer_norm":
            fns[name] = lambda lib=lib: lib.layer_norm(x, (n,), w, b)
        elif op == "add_layer_norm":
            fns[name] = lambda lib=lib: lib.add_layer_norm(x, r, (n,), w, b)[0]
        else:
            fns[name] = lambda lib=lib: lib.rms_norm(x, (n,), w, eps=1e-6)
    nbytes = x.numel() * x.element_size() * (4 if r is not None else 2)
    return fns, ref, nbytes


def _groups_cells(libs, dev, dtypes):
    cells = []
    for dt in dtypes:
        for op, shapes in (("group_norm", GROUP_NORM_SHAPES),
                           ("instance_norm", INSTANCE_NORM_SHAPES)):
            for shape in shapes:
                for cl in (False, True):
                    label = f"{op} {dt} {'x'.join(map(str, shape))}{' cl' if cl else ''}"
                    cells.append((label, lambda op=op, shape=shape, cl=cl, dt=dt: _groups_cell(
                        libs, dev, op, shape, cl, getattr(torch, dt))))
    return cells


def _groups_cell(libs, dev, op, shape, cl, dtype):
    x = torch.randn(shape, device=dev, dtype=dtype) * 1.5 + 0.3
    if cl:
        x = x.contiguous(memory_format=torch.channels_last if x.dim() == 4
                         else torch.channels_last_3d)
    C = shape[1]
    w = torch.randn(C, device=dev, dtype=dtype)
    b = torch.randn(C, device=dev, dtype=dtype)
    G = 32 if op == "group_norm" else C
    # The reference in fp32 (float64 of the largest shapes would not fit beside them).
    ref = F.group_norm(x.float(), G, w.float(), b.float(), 1e-5)
    fns = {}
    for name, lib in libs.items():
        if op == "group_norm":
            fns[name] = lambda lib=lib: lib.group_norm(x, G, w, b)
        else:
            fns[name] = lambda lib=lib: lib.instance_norm(x, w, b)
    return fns, ref, 2 * x.numel() * x.element_size()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("old_path")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--suite", default="rows,groups")
    ap.add_argument("--cells", default="", help="comma-separated labels: only these cells")
    ap.add_argument("--group-dtypes", default="bfloat16")
    ap.add_argument("--new-set", action="append", default=[],
                    help="NAME=VALUE: set kernels.rownorm.NAME (a Python literal) in the new "
                         "tree only, e.g. TILE_ONE_PASS=True")
    a = ap.parse_args()
    import ast
    from fusednorm.kernels import rownorm as R
    for item in a.new_set:
        name, value = item.split("=", 1)
        assert hasattr(R, name), name
        setattr(R, name, ast.literal_eval(value))
    R.clear_prepared()
    sys.path.insert(0, a.old_path)
    import fusednorm_old
    libs = {"new": fusednorm, "old": fusednorm_old}
    dev = torch.device("cuda")
    copy = copy_gbps(CudaClock(warmup_ms=10, rep_ms=60), dev)
    print(f"{torch.cuda.get_device_name()} torch {torch.__version__} triton "
          f"{triton.__version__} copy {copy:.0f} GB/s", flush=True)
    cells = []
    if "rows" in a.suite:
        cells += _rows_cells(libs, dev)
    if "groups" in a.suite:
        cells += _groups_cells(libs, dev, a.group_dtypes.split(","))
    if a.cells:
        keep = set(a.cells.split(","))
        cells = [c for c in cells if c[0] in keep]
    rows = []
    for i, (label, make) in enumerate(cells):
        fns, ref, nbytes = make()
        row = dict(cell=label)
        with torch.no_grad():
            for name, fn in fns.items():
                row[f"{name}_err"] = (fn().double() - ref.double()).abs().max().item()
            times = {name: [] for name in fns}
            for k in range(a.rounds):
                order = list(fns) if k % 2 == 0 else list(fns)[::-1]
                for name in order:
                    times[name].append(graph_ms(fns[name]))
        for name, t in times.items():
            row[f"{name}_ms"] = statistics.median(t)
            row[f"{name}_pct"] = 100 * nbytes / row[f"{name}_ms"] / 1e6 / copy
        row["new/old"] = row["new_ms"] / row["old_ms"]
        print(f"[{i + 1}/{len(cells)}] {label:38s} new {row['new_pct']:5.1f}% old "
              f"{row['old_pct']:5.1f}% new/old time {row['new/old']:.3f} err "
              f"{row['new_err']:.1e} / {row['old_err']:.1e}", flush=True)
        rows.append(row)
        del fns, ref
        torch.cuda.empty_cache()
    ratios = [r["new/old"] for r in rows]
    print(f"median new/old time {statistics.median(ratios):.3f} "
          f"(range {min(ratios):.3f}-{max(ratios):.3f}, {len(ratios)} cells)", flush=True)
    with open(a.out, "w") as f:
        json.dump(dict(device=torch.cuda.get_device_name(), torch=torch.__version__,
                       triton=triton.__version__, copy_gbps=copy, rows=rows), f, indent=1)


if __name__ == "__main__":
    main()
