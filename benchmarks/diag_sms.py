"""How the cooperative path's GPU time scales with the programs it runs.

The cooperative grid is `row groups x GROUP` programs, row groups = programs-per-SM x SMs
// GROUP; with power-of-two slices GROUP is a power of two and the grid fills 128 of the
H100's 132 SMs' slots (e.g. 512 of 528). This times one launch (a replayed CUDA graph) with
the library's config but the grid sized as for fewer SMs (rownorm.sm_count patched: 132,
128, 124, 120, 116), so the row groups and the programs drop, to see whether the time
follows the programs (then filling the last slots would pay) or not.

    python benchmarks/diag_sms.py OUT.json

DIAG_CASES: ';'-separated mode/op/dtype/N/res, as diag_place.py."""
import json
import os
import sys

import torch

from diag_place import case_inputs  # benchmarks/ is on the path when run as a script
from fusednorm.bench.timing import CudaClock, copy_gbps, graph_ms
from fusednorm.kernels import rownorm as K
from fusednorm.ops import rownorm as OR

CASES = os.environ.get(
    "DIAG_CASES", "fwd/ln/bf16/65536/0;fwd/ln/bf16/131072/0;fwd/ln/bf16/262144/0;"
    "fwd/ln/bf16/1048576/0;fwd/rms/fp32/65536/0;bwd/ln/bf16/12288/0;bwd/ln/bf16/65536/0;"
    "bwd/ln/bf16/262144/0;bwd/ln/bf16/65536/1;bwd/rms/fp32/131072/0")
SMS = [int(v) for v in os.environ.get("DIAG_SMS", "132,128,124,120,116").split(",")]


def main():
    copy = copy_gbps(CudaClock(10, 100), torch.device("cuda"))
    real = torch.cuda.get_device_properties(0).multi_processor_count
    print(f"{torch.cuda.get_device_name()} copy {copy:.0f} GB/s, {real} SMs", flush=True)
    sm0 = K.sm_count
    out = []
    for case in CASES.split(";"):
        mode, is_rms, res, m, n, x, r, w, b, eps = case_inputs(case)
        y, h, mean, rstd = OR.fwd_impl(x, r, w, b, eps, is_rms)
        hx = h if res else x
        dy = torch.randn_like(x)
        dh = torch.randn_like(x) if res else None
        dx = torch.empty_like(x)
        line = []
        for sms in SMS:
            assert sms <= real
            K.sm_count = lambda device, s=sms: s
            K.clear_prepared()
            try:
                if mode == "fwd":
                    prep = K.prepare_fwd(x, r, w, b, is_rms, y, h, None, None)
                    fn = lambda p=prep: K.launch_infer(p, x, r, w, b, eps, y, h)  # noqa: E731
                    nbytes = (4 if res else 2) * m * n * x.element_size()
                else:
                    prep = K.prepare_bwd(dy, dh, hx, w, mean, rstd, is_rms, True, not is_rms,
                                         dx)
                    fn = lambda p=prep: K.launch_bwd(  # noqa: E731
                        p, dy, dh, hx, w, mean, rstd, is_rms, True, not is_rms, dx)
                    nbytes = (4 if res else 3) * m * n * x.element_size()
                grid = prep.launch.grid[0]
                if prep.cfg.path != K.COOP:
                    continue
                fn()
                torch.cuda.synchronize()
                ms = graph_ms(fn)
            finally:
                K.sm_count = sm0
                K.clear_prepared()
            pct = 100 * nbytes / ms / 1e6 / copy
            line.append(f"{sms}:{grid}p:{pct:.1f}")
            out.append(dict(case=case, sms=sms, programs=grid, group=prep.cfg.group, ms=ms,
                            pct=pct))
        print(f"{case:24s} GROUP {prep.cfg.group:4d} " + " ".join(line), flush=True)
        with open(sys.argv[1], "w") as f:
            json.dump(dict(copy_gbps=copy, device=torch.cuda.get_device_name(), rows=out), f,
                      indent=1)


if __name__ == "__main__":
    main()
