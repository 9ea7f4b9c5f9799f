"""Is a cooperative cell's level a property of the process or of its buffers?

Some cooperative-path cells read two or more levels from process to process on one
machine (v0.30 call 13, GPU time: fp32 LayerNorm forward at 262144 97.6 in one process,
83.0 in the next; 131072 82-93), while diag_place.py found y's offset against x changing
nothing within a process. This times one case's launch (a replayed CUDA graph, GPU time)
in one process on the case's first buffers again and again ("base"), on fresh copies of
x with y kept ("x"), on fresh y with x kept ("y"), and on both fresh ("both"); every
buffer stays allocated, so each fresh one is new memory. Prints % of a device-to-device
copy per trial and the buffers' addresses, and the GPU's clocks at the start.

    python benchmarks/diag_levels.py OUT.json

Cases by DIAG_CASES (diag_place.py's format, forward or backward); DIAG_TRIALS fresh
buffers per variant (default 4); DIAG_WS_KB: byte offsets (KiB, comma-separated) at which
the cooperative workspace is placed in one pool instead of the library's (variant
"ws<offset>", x and y the first buffers), timed first."""
import json
import os
import subprocess
import sys

import torch

from fusednorm.bench.timing import CudaClock, copy_gbps, graph_ms
from fusednorm.kernels import rownorm as K
from fusednorm.ops import rownorm as OR

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from diag_place import case_inputs  # noqa: E402

CASES = os.environ.get(
    "DIAG_CASES", "fwd/ln/fp32/262144/0;fwd/ln/fp32/131072/0;fwd/ln/bf16/131072/0;"
    "fwd/rms/bf16/65536/0;bwd/ln/bf16/65536/0")
TRIALS = int(os.environ.get("DIAG_TRIALS", "4"))
WS_KB = [int(v) for v in os.environ.get("DIAG_WS_KB", "").split(",") if v]


def clocks() -> str:
    try:
        return subprocess.run(
            ["nvidia-smi", "--query-gpu=clocks.sm,clocks.mem,temperature.gpu,power.draw",
             "--format=csv,noheader"], capture_output=True, text=True, timeout=20).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "?"


def main():
    copy = copy_gbps(CudaClock(10, 100), torch.device("cuda"))
    print(f"{torch.cuda.get_device_name()} copy {copy:.0f} GB/s; clocks {clocks()}", flush=True)
    out = []
    for case in CASES.split(";"):
        mode, is_rms, res, m, n, x0, r, w, b, eps = case_inputs(case)
        keep = []
        dy0 = dh = None
        if mode == "bwd":
            y, h, mean, rstd = OR.fwd_impl(x0, r, w, b, eps, is_rms)
            dy0 = torch.randn_like(x0)
            dh = torch.randn_like(x0) if res else None
            if res:
                x0 = h
        out0 = torch.empty_like(x0)
        h0 = torch.empty_like(x0) if res and mode == "fwd" else None

        def fresh(t):
            c = torch.empty_like(t)
            c.copy_(t)
            keep.append(c)
            return c

        def timed(x, o, dy=None):
            K.clear_prepared()
            if mode == "fwd":
                prep = K.prepare_fwd(x, r, w, b, is_rms, o, h0, None, None)
                fn = lambda: K.launch_infer(prep, x, r, w, b, eps, o, h0)  # noqa: E731
                nbytes = (4 if res else 2) * x.numel() * x.element_size()
            else:
                prep = K.prepare_bwd(dy, dh, x, w, mean, rstd, is_rms, True, not is_rms, o)
                fn = lambda: K.launch_bwd(  # noqa: E731
                    prep, dy, dh, x, w, mean, rstd, is_rms, True, not is_rms, o)
                nbytes = (4 if res else 3) * x.numel() * x.element_size()
            fn()
            torch.cuda.synchronize()
            ms = graph_ms(fn)
            return 100 * nbytes / ms / 1e6 / copy

        line = {}
        if WS_KB:
            # The cooperative workspace at byte offsets in one pool (zeroed at each launch,
            # tag 1, as the library's own during graph capture), x and y the first ones.
            pool = torch.zeros((max(WS_KB) << 7) + (8 << 20), device="cuda", dtype=torch.int64)
            library = K.coop_workspace
            for off_kb in WS_KB:
                def at(device, words, fresh=False, span=1, o=off_kb << 7):
                    v = pool[o:o + words]
                    v.zero_()
                    return v, 1
                K.coop_workspace = at
                try:
                    vals = [timed(x0, out0, dy0) for _ in range(2)]
                finally:
                    K.coop_workspace = library
                line[f"ws{off_kb}"] = vals
                out.extend(dict(case=case, variant=f"ws{off_kb}", pct=v) for v in vals)
            del pool
        for variant in ("base", "x", "y", "both", "base"):
            vals = []
            for _ in range(TRIALS):
                x = fresh(x0) if variant in ("x", "both") else x0
                o = fresh(out0) if variant in ("y", "both") else out0
                dy = dy0 if mode == "fwd" else (fresh(dy0) if variant in ("x", "both") else dy0)
                pct = timed(x, o, dy if mode == "bwd" else None)
                vals.append(pct)
                out.append(dict(case=case, variant=variant, pct=pct, x=hex(x.data_ptr()),
                                y=hex(o.data_ptr())))
            line.setdefault(variant, []).extend(vals)
        print(f"{case:24s} " + "  ".join(f"{v}: " + " ".join(f"{p:.1f}" for p in ps)
                                         for v, ps in line.items()), flush=True)
        keep.clear()
        torch.cuda.empty_cache()
        with open(sys.argv[1], "w") as f:
            json.dump(dict(copy_gbps=copy, device=torch.cuda.get_device_name(),
                           clocks=clocks(), rows=out), f, indent=1)


if __name__ == "__main__":
    main()
