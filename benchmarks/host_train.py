"""Calls that autograd records, as the bench times them (CUDA events around back-to-back
calls, so host time counts where it exceeds the GPU's), with the training path
(ops.rownorm.fast / ops.groupnorm.fast: one plan per call key) against the general eager
path (fusednorm.ops.eager.TRAIN_PLANS = False), and torch eager beside them, in one
process. Rounds alternate the two paths; each cell's figure is the median over rounds.

modes: fwd (the forward, graph recorded), bwd (autograd.grad through a kept graph), fwd+bwd.
Group ops (group_norm: 32 groups) take shapes as 16x320x64x64, a trailing "cl" for
channels_last (16x320x64x64cl).

    python benchmarks/host_train.py OUT.json [--rounds 3] [--dtypes bf16,fp32]
        [--ops layer_norm,...] [--shapes 1x4096,32x4096,512x8192]"""
import argparse
import json
import statistics

import torch
import triton

import fusednorm
from fusednorm.bench.cases import OPS, Case
from fusednorm.bench.gate import make_inputs
from fusednorm.bench.providers import PROVIDERS
from fusednorm.bench.runner import _copies, mode_calls
from fusednorm.bench.timing import CudaClock
from fusednorm.ops import eager

DTYPES = {"bf16": torch.bfloat16, "fp16": torch.float16, "fp32": torch.float32}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--dtypes", default="bf16,fp32")
    ap.add_argument("--ops", default="layer_norm,rms_norm,add_layer_norm,add_rms_norm")
    ap.add_argument("--shapes", default="1x4096,32x4096,512x8192")
    ap.add_argument("--modes", default="fwd,bwd,fwd+bwd")
    a = ap.parse_args()
    dev = torch.device("cuda")
    clock = CudaClock(warmup_ms=10, rep_ms=40)
    print(f"{torch.cuda.get_device_name()} torch {torch.__version__} triton {triton.__version__}"
          f" ({fusednorm.__file__})", flush=True)
    rows = []
    for op in a.ops.split(","):
        for dt in a.dtypes.split(","):
            for s in a.shapes.split(","):
                cl = s.endswith("cl")
                shape = tuple(int(v) for v in s.rstrip("cl").split("x"))
                if OPS[op].suite == "rows":
                    case = Case(OPS[op], DTYPES[dt], shape, kind="inference")
                else:
                    case = Case(OPS[op], DTYPES[dt], shape, 32 if op == "group_norm" else 0,
                                channels_last=cl)
                inputs, grads = make_inputs(case, dev)
                copies = _copies(inputs, grads, 1)
                fns = {"fusednorm": PROVIDERS["fusednorm"].build(case),
                       "torch": PROVIDERS["torch"].build(case)}
                for mode in a.modes.split(","):
                    times = {"plan": [], "general": [], "torch": []}
                    for _ in range(a.rounds):
                        for name in ("plan", "general", "torch"):
                            eager.TRAIN_PLANS = name != "general"
                            fn = fns["torch" if name == "torch" else "fusednorm"]
                            with torch.enable_grad():
                                calls = mode_calls(fn, mode, copies)
                                times[name].append(clock.time_ms(calls) * 1e3)
                            del calls
                    eager.TRAIN_PLANS = True
                    med = {k: statistics.median(v) for k, v in times.items()}
                    rows.append(dict(op=op, dtype=dt, shape=s, mode=mode, us=med, all_us=times))
                    print(f"{op:15s} {dt} {s:9s} {mode:8s} plan {med['plan']:7.1f} us  general "
                          f"{med['general']:7.1f}  torch {med['torch']:7.1f}  "
                          f"torch/plan {med['torch'] / med['plan']:.2f}x  "
                          f"torch/general {med['torch'] / med['general']:.2f}x", flush=True)
    with open(a.out, "w") as f:
        json.dump(dict(device=torch.cuda.get_device_name(), torch=torch.__version__,
                       triton=triton.__version__, rows=rows), f, indent=1)


if __name__ == "__main__":
    main()
