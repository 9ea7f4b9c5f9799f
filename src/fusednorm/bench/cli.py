"""python -m fusednorm.bench: options, the run's setup, and its exit status."""
import argparse
import datetime
import os
import re
import sys
import time
from typing import Optional, Sequence

import torch
import triton

import fusednorm

from .cases import DTYPES, MODES, OPS, SUITES, build_cases
from .providers import PROVIDERS, absent_reason, fusednorm_offers
from .report import Progress, Reporter
from .runner import run
from .timing import SAMPLE_MS, CudaClock, copy_gbps

# (warm-up ms, measured ms) per timing; --quick trades precision for a run under a minute.
TIMING = (25.0, 100.0)
TIMING_QUICK = (10.0, 30.0)
ROTATE_L2_MULTIPLE = 4  # rotated inputs move at least this many L2s per pass

NO_GPU = "fusednorm.bench: no CUDA GPU found; the benchmark needs one."

EPILOG = """\
Each provider's outputs and gradients are checked against a float64 reference
(torch.nn.functional) before it is timed; a provider that is off on a case is
reported "wrong" there, one that raises "failed", and the run goes on.

Modes: fwd (the call under no_grad), bwd (only the backward of a graph built
once), fwd+bwd. Time is the median per call of back-to-back calls, timed with
CUDA events after a warm-up, the providers of a case taking their samples in
turns (so a drift of the host's speed falls on all alike); inputs smaller than
a few L2s are rotated.
GB/s counts the fewest bytes the op must move; %copy compares it with a
device-to-device copy measured at the start of the same run; speedup is
fusednorm's over the fastest other provider; extra MiB is the peak allocation
during one call above the inputs.

Writes results.json, summary.md and one PNG per suite/op/dtype/mode (with
matplotlib: pip install 'fusednorm[bench]') to --out.

Exit status: 0; 1 if fusednorm was wrong or failed anywhere; 2 on a usage error
or without a CUDA GPU; 130 when interrupted (what was measured is written)."""


def _int_list(v: str):
    """--n's value: comma-separated integers."""
    try:
        return [int(t) for t in v.split(",") if t]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected comma-separated integers (e.g. 4096,65536), got {v!r}") from None


def _csv(valid: Sequence[str]):
    """argparse type: a comma-separated subset of `valid`, in the order given."""
    def parse(text: str):
        items = tuple(t.strip() for t in text.split(",") if t.strip())
        bad = [t for t in items if t not in valid]
        if bad or not items:
            raise argparse.ArgumentTypeError(
                f"{', '.join(bad) or 'nothing'} not in: {', '.join(valid)}")
        return items
    return parse


def parse_args(argv: Optional[Sequence[str]]) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        prog="python -m fusednorm.bench", epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Time fusednorm's norms against torch eager, torch.compile, Liger-Kernel "
                    "apex and quack (when installed) on a CUDA GPU.")
    p.add_argument("--suite", type=_csv(SUITES), metavar="LIST",
                   help=f"comma-separated, of: {', '.join(SUITES)} (default: all). rows: "
                        "M x N with about 2^27 elements, and inference shapes; groups: "
                        "diffusion and 3D-segmentation shapes, NCHW and channels_last (once "
                        "fusednorm has group_norm / instance_norm)")
    p.add_argument("--op", type=_csv(list(OPS)), metavar="LIST",
                   help=f"comma-separated, of: {', '.join(OPS)} (default: all of the suites)")
    p.add_argument("--dtype", type=_csv(list(DTYPES)), metavar="LIST",
                   help="comma-separated, of: bf16, fp16, fp32 (default: all; bf16 with --quick)")
    p.add_argument("--mode", type=_csv(MODES), metavar="LIST",
                   help=f"comma-separated, of: {', '.join(MODES)} (default: all)")
    p.add_argument("--providers", type=_csv(list(PROVIDERS)), metavar="LIST",
                   help=f"comma-separated, of: {', '.join(PROVIDERS)} (default: all installed)")
    p.add_argument("--n", type=_int_list, metavar="LIST",
                   help="rows suite: only shapes whose row length N is in this comma-separated "
                        "list (e.g. to re-measure the cooperative path's shapes)")
    p.add_argument("--shape", type=lambda v: [t for t in v.split(",") if t], metavar="LIST",
                   help="only these shapes, written as in the tables: e.g. 16x64x128x128,"
                        "1x4096 (both layouts of a groups shape)")
    p.add_argument("--kind", type=_csv(["sweep", "inference"]), metavar="LIST",
                   help="rows suite: sweep (about 2^27 elements, plotted against N) and/or "
                        "inference (the launch-bound shapes, a table only); default both")
    p.add_argument("--quick", action="store_true",
                   help="a handful of shapes and shorter timing: under a minute")
    p.add_argument("--sample-ms", type=float, default=SAMPLE_MS, metavar="MS",
                   help="calls timed back to back between two CUDA events, batched up to "
                        f"this long (default {SAMPLE_MS}); the median over such samples is "
                        "reported (fusednorm.bench.timing)")
    p.add_argument("--out", metavar="DIR",
                   help="output folder (default: benchmarks/results/<date>-<gpu>)")
    return p.parse_args(argv)


def _default_out(device_name: str) -> str:
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    slug = re.sub(r"[^A-Za-z0-9]+", "-", device_name).strip("-").lower()
    return os.path.join("benchmarks", "results", f"{stamp}-{slug}")


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = parse_args(argv)
    if not torch.cuda.is_available():
        print(NO_GPU, file=sys.stderr)
        return 2

    suites = args.suite or SUITES
    ops = [op for op in OPS.values()
           if op.suite in suites and (args.op is None or op.name in args.op)]
    if not ops:
        print(f"fusednorm.bench: no op of suite {', '.join(suites)} among --op "
              f"{', '.join(args.op)}", file=sys.stderr)
        return 2
    skipped = [f"{op.suite}/{op.name}: this fusednorm has no {op.name} yet"
               for op in ops if not fusednorm_offers(op.name)]
    ops = [op for op in ops if fusednorm_offers(op.name)]
    dtypes = [DTYPES[d] for d in (args.dtype or (("bf16",) if args.quick else DTYPES))]
    modes = args.mode or MODES
    chosen = [PROVIDERS[n] for n in (args.providers or PROVIDERS)]
    absent = {p.name: absent_reason(p) for p in chosen}
    providers = [p for p in chosen if absent[p.name] is None]

    device = torch.device("cuda", torch.cuda.current_device())
    props = torch.cuda.get_device_properties(device)
    clock = CudaClock(*(TIMING_QUICK if args.quick else TIMING), sample_ms=args.sample_ms)
    copy = copy_gbps(clock, device)
    meta = dict(
        device=props.name, torch=torch.__version__, triton=triton.__version__,
        fusednorm=fusednorm.__version__,
        date=datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        copy_gbps=copy, l2_bytes=props.L2_cache_size,
        providers={n: "absent: " + r if r else "present" for n, r in absent.items()},
        skipped=skipped, options={k: v for k, v in vars(args).items() if k != "out"},
        interrupted=False)
    cases = build_cases(ops, dtypes, args.quick)
    if args.n:
        cases = [c for c in cases if c.op.suite != "rows" or c.N in args.n]
        if not cases:
            print(f"fusednorm.bench: no rows shape has N in {args.n}", file=sys.stderr)
            return 2
    if args.kind:
        cases = [c for c in cases if c.op.suite != "rows" or c.kind in args.kind]
    if args.shape:
        cases = [c for c in cases if "x".join(map(str, c.shape)) in args.shape]
    if not cases:
        print("fusednorm.bench: no case matches the filters", file=sys.stderr)
        return 2
    out_dir = args.out or _default_out(props.name)
    reporter = Reporter(out_dir, meta)

    print(f"fusednorm.bench on {props.name}: torch {torch.__version__}, triton "
          f"{triton.__version__}, fusednorm {fusednorm.__version__}")
    print(f"device-to-device copy: {copy:.0f} GB/s")
    print("providers: " + ", ".join(p.name for p in providers)
          + "".join(f"; {n} absent ({r})" for n, r in absent.items() if r))
    for note in skipped:
        print(f"skipped: {note}")
    print(f"{len(cases)} cases x {len(modes)} modes; results in {out_dir}\n")
    reporter.header()

    t0 = time.monotonic()
    status = 0
    try:
        run(cases, providers, modes, clock, device, copy, ROTATE_L2_MULTIPLE * props.L2_cache_size,
            Progress(len(cases)), reporter.add)
    except KeyboardInterrupt:
        print("\ninterrupted: writing what was measured", file=sys.stderr)
        meta["interrupted"] = True
        status = 130
    for note in reporter.finish():
        print(note)
    ours = [r for r in reporter.records if r["provider"] == "fusednorm"]
    bad = [r for r in ours if r["status"] != "ok"]
    print(f"done in {time.monotonic() - t0:.0f} s"
          + (f"; fusednorm wrong or failed on {len(bad)} of {len(ours)}" if bad else ""))
    return status or (1 if bad else 0)
