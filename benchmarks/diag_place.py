"""Does where the output lies in memory move the row norms' GPU time?

Some cooperative-path cells read two levels from run to run and machine to machine
(v0.30: fp32 LayerNorm forward at 262144 92.5 or 97%, 16-bit add_layer_norm forward at
131072 89 or 94%). This times one launch (a replayed CUDA graph, GPU time) with the
output (forward: y, and h with a residual; backward: dx) placed at a series of byte
offsets inside one large allocation, the inputs fixed, and prints % of a device-to-device
copy per offset. Offsets are multiples of 4 KiB, from 0 to several MiB.

    python benchmarks/diag_place.py OUT.json

Cases by DIAG_CASES: ';'-separated mode/op/dtype/N/res (e.g. fwd/ln/fp32/262144/0)."""
import json
import os
import sys

import torch

from fusednorm.bench.timing import CudaClock, copy_gbps, graph_ms
from fusednorm.kernels import rownorm as K
from fusednorm.ops import rownorm as OR

CASES = os.environ.get(
    "DIAG_CASES", "fwd/ln/fp32/262144/0;fwd/ln/bf16/131072/1;fwd/ln/fp16/131072/1;"
    "fwd/ln/bf16/131072/0;fwd/rms/bf16/65536/0;bwd/ln/bf16/65536/0;bwd/ln/bf16/12288/0")
OFFSETS_KB = [int(v) for v in os.environ.get(
    "DIAG_OFFSETS_KB", "0,4,64,128,256,512,1024,2048,3072,2112,5124,7168,12288,16384").split(",")]
DT = {"bf16": torch.bfloat16, "fp16": torch.float16, "fp32": torch.float32}


def case_inputs(case):
    """A case's mode, is_rms, residual flag, (m, n), and its inputs x, residual, w, b
    (about 2^27 elements, seeded) and eps. Shared with diag_sms.py."""
    mode, op, dt, n, res = case.split("/")
    n, res, dtype, is_rms = int(n), res == "1", DT[dt], op == "rms"
    m = (1 << 27) // n
    torch.manual_seed(0)
    x = torch.randn(m, n, device="cuda", dtype=dtype)
    r = torch.randn_like(x) if res else None
    w = (1 + 0.1 * torch.randn(n, device="cuda")).to(dtype)
    b = None if is_rms else (0.1 * torch.randn(n, device="cuda")).to(dtype)
    return mode, is_rms, res, m, n, x, r, w, b, 1e-5


def main():
    copy = copy_gbps(CudaClock(10, 100), torch.device("cuda"))
    print(f"{torch.cuda.get_device_name()} copy {copy:.0f} GB/s", flush=True)
    out = []
    for case in CASES.split(";"):
        mode, is_rms, res, m, n, x, r, w, b, eps = case_inputs(case)
        numel = m * n
        pool = torch.empty(numel * 2 + (max(OFFSETS_KB) << 10) // x.element_size() + 4096,
                           device="cuda", dtype=x.dtype)
        if mode == "bwd":
            y, h, mean, rstd = OR.fwd_impl(x, r, w, b, eps, is_rms)
            hx = h if res else x
            dy = torch.randn_like(x)
            dh = torch.randn_like(x) if res else None
        line = []
        for off_kb in OFFSETS_KB:
            o = (off_kb << 10) // x.element_size()
            K.clear_prepared()
            if mode == "fwd":
                yv = pool[o:o + numel].view(m, n)
                hv = pool[o + numel:o + 2 * numel].view(m, n) if res else None
                prep = K.prepare_fwd(x, r, w, b, is_rms, yv, hv, None, None)
                fn = lambda p=prep, a=x, c=r, y_=yv, h_=hv: K.launch_infer(  # noqa: E731
                    p, a, c, w, b, eps, y_, h_)
                nbytes = (4 if res else 2) * numel * x.element_size()
            else:
                dxv = pool[o:o + numel].view(m, n)
                prep = K.prepare_bwd(dy, dh, hx, w, mean, rstd, is_rms, True, not is_rms, dxv)
                fn = lambda p=prep, d=dxv: K.launch_bwd(  # noqa: E731
                    p, dy, dh, hx, w, mean, rstd, is_rms, True, not is_rms, d)
                nbytes = (4 if res else 3) * numel * x.element_size()
            fn()
            torch.cuda.synchronize()
            ms = graph_ms(fn)
            pct = 100 * nbytes / ms / 1e6 / copy
            line.append(pct)
            out.append(dict(case=case, offset_kb=off_kb, ms=ms, pct=pct))
        print(f"{case:24s} " + " ".join(f"{o}:{p:.1f}" for o, p in zip(OFFSETS_KB, line)),
              flush=True)
        del pool
        torch.cuda.empty_cache()
        with open(sys.argv[1], "w") as f:
            json.dump(dict(copy_gbps=copy, device=torch.cuda.get_device_name(), rows=out), f,
                      indent=1)


if __name__ == "__main__":
    main()
