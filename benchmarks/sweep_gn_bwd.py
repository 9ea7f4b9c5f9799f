"""GroupNorm's rows-path backward (contiguous x, groups of 40960 elements or more): the
cooperative config (slice, warps, programs per SM) and KEEP_DZ (a fused activation's dz
held across the wait, or act' computed again), GPU time only.

For each rows-path shape of the groups suite, dtype and activation, each candidate config
is patched into fusednorm.kernels.rownorm.GN_BWD_COOP, checked against torch's
group_norm (+ silu) backward in fp32, and timed as a CUDA graph replaying
ops.groupnorm.bwd_impl (no autograd, no host time). % is of a device-to-device copy
measured in the same run; bytes are the fewest (x + dy read, dx written).

    python benchmarks/sweep_gn_bwd.py OUT.json

Environment: GNB_DTYPES (bf16,fp32), GNB_ACTS (none,silu), GNB_CONFIGS_2 / GNB_CONFIGS_4
(';'-separated slice/warps/pps[/prefetch/rows] for 16-bit / fp32; `default` is the
library's table), GNB_SHAPES (names below), GNB_ROWS_ANY=1: the backward's rows path whatever the group's bytes
(groupnorm.ROWS_BWD_MIN_BYTES), GNB_MODE=fwd: the forward instead
(rownorm.GN_FWD_COOP patched, ops.groupnorm.fwd_impl timed, x read and y written), GNB_WARM=1:
run each variant once, untimed (Triton's cache filled by parallel processes before the
timed run)."""
import json
import os
import sys

import torch
import torch.nn.functional as F
import triton

from fusednorm.bench.timing import CudaClock, copy_gbps, graph_ms
from fusednorm.kernels import groupnorm as K
from fusednorm.kernels import rownorm as R
from fusednorm.ops import groupnorm as OG

SHAPES = {"unet_320": ((16, 320, 64, 64), 32), "vae_512": ((2, 512, 128, 128), 32),
          "vae_256": ((2, 256, 256, 256), 32), "vae_128": ((2, 128, 512, 512), 32),
          "in3d_64": ((8, 64, 64, 64, 64), None), "in3d_32": ((2, 32, 128, 128, 128), None),
          "vae_1024": ((2, 128, 1024, 1024), 32),
          # groups under groupnorm.ROWS_BWD_MIN_BYTES (GNB_ROWS_ANY=1 lifts it); UNet 640's
          # channels of 1024 fit only slices of 1024 or less (v0.40)
          "unet_640": ((16, 640, 32, 32), 32), "in2d": ((16, 64, 128, 128), None),
          "unet_1280_32": ((16, 1280, 32, 32), 32)}  # SDXL's 1280 channels at 32 x 32
NAMES = os.environ.get("GNB_SHAPES", ",".join(SHAPES)).split(",")
DTYPES = [{"bf16": torch.bfloat16, "fp16": torch.float16, "fp32": torch.float32}[d]
          for d in os.environ.get("GNB_DTYPES", "bf16,fp32").split(",")]
ACTS = [None if a == "none" else a for a in os.environ.get("GNB_ACTS", "none,silu").split(",")]
FWD = os.environ.get("GNB_MODE") == "fwd"
if os.environ.get("GNB_ROWS_ANY") == "1":  # the rows-path backward at any group size
    K.ROWS_BWD_MIN_BYTES = {2: 0, 4: 0}
WARM = os.environ.get("GNB_WARM") == "1"
DEFAULT = ({2: "default;4096/8/4;2048/4/8;2048/8/4;4096/4/4;8192/8/2",
            4: "default;4096/8/2;2048/4/4;4096/4/4;2048/8/4"} if FWD else
           {2: "default;4096/4/2;2048/4/4;2048/8/2;1024/4/8",
            4: "default;2048/8/2;2048/4/4;4096/8/1;1024/4/8"})


def _configs(size):
    text = os.environ.get(f"GNB_CONFIGS_{size}", DEFAULT[size])
    return [None if c == "default" else tuple(int(v) for v in c.split("/"))
            for c in text.split(";")]


def _reference(x, w, b, dy, G, act):
    xr, wr, br = (t.detach().float().requires_grad_() for t in (x, w, b))
    y = F.group_norm(xr, G, wr, br, 1e-5)
    if act == "silu":
        y = F.silu(y)
    y.backward(dy.float())
    return xr.grad, wr.grad, br.grad


def main():
    copy = copy_gbps(CudaClock(10, 100), torch.device("cuda"))
    print(f"{torch.cuda.get_device_name()} torch {torch.__version__} triton {triton.__version__}"
          f" copy {copy:.0f} GB/s", flush=True)
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    TABLE = R.GN_FWD_COOP if FWD else R.GN_BWD_COOP
    table0 = dict(TABLE)
    keep0 = R.KEEP_DZ
    rows = []
    for name in NAMES:
        shape, groups = SHAPES[name]
        for dtype in DTYPES:
            size = 4 if dtype == torch.float32 else 2
            torch.manual_seed(0)
            x = torch.randn(shape, device="cuda", dtype=dtype)
            C = shape[1]
            G = groups or C
            L = C // G * x[0, 0].numel()
            w = (1 + 0.1 * torch.randn(C, device="cuda")).to(dtype)
            b = (0.1 * torch.randn(C, device="cuda")).to(dtype)
            dy = torch.randn_like(x)
            nbytes = (2 if FWD else 3) * x.numel() * x.element_size()
            for act in ACTS:
                if FWD:
                    xr = x.float()
                    ref = (F.group_norm(xr, G, w.float(), b.float(), 1e-5),)
                    if act == "silu":
                        ref = (F.silu(ref[0]),)
                else:
                    ref = _reference(x, w, b, dy, G, act)
                _, mean, rstd = OG.fwd_impl(x, w, b, G, 1e-5, act)
                for cfg in _configs(size):
                    if cfg is not None and R._coop(L, sms, (cfg,)) is None:
                        continue  # GROUP would exceed the SMs
                    for keep in ((False, True) if act and not FWD and size == 2 else (keep0,)):
                        TABLE[size] = table0[size] if cfg is None else (cfg,)
                        R.KEEP_DZ = keep
                        R.clear_prepared()
                        K.clear_plan_caches()
                        f32 = torch.float32
                        if FWD:
                            prep = K.prepare_fwd(x, G, act, w, b, x, True)
                        else:
                            prep = K.prepare_bwd(dy, x, w, b, G, act,
                                                 (f32, f32, dtype, dtype, dtype))
                        if prep.rows is None and cfg is not None:
                            print(f"{name} {cfg}: not the rows path", flush=True)
                            continue
                        # (the library's own choice is timed on whatever path it takes)
                        c = prep.rows.cfg if prep.rows is not None else R.LaunchConfig(
                            R.LOOP, 0, 0, 0, 0, 0)
                        if FWD:
                            fn = lambda: OG.fwd_impl(x, w, b, G, 1e-5, act)[:1]
                        else:
                            fn = lambda: OG.bwd_impl(dy, x, w, b, mean, rstd, G, act, True,
                                                     True)
                        outs = fn()
                        if WARM:
                            print(f"{name} {cfg} compiled", flush=True)
                            continue
                        err = max(((o.float() - r).abs().max() / r.abs().max()).item()
                                  for o, r in zip(outs, ref))
                        ms = graph_ms(fn, reps=10, warmup=2)
                        r = dict(mode="fwd" if FWD else "bwd", shape=name,
                                 dtype=str(dtype).split(".")[-1], act=act,
                                 config="default" if cfg is None else "/".join(map(str, cfg)),
                                 slice=c.block_n, warps=c.num_warps, pps=c.programs_per_sm,
                                 group=c.group, keep_dz=keep, us=1e3 * ms,
                                 pct=100 * nbytes / ms / 1e6 / copy, rel_err=err)
                        rows.append(r)
                        print(f"{name:9s} {r['dtype']:8s} {str(act):5s} {r['config']:9s} "
                              f"({c.block_n}/{c.num_warps}/{c.programs_per_sm} G{c.group}) "
                              f"keep {int(keep)} {r['us']:8.1f} us {r['pct']:5.1f}% "
                              f"err {err:.1e}", flush=True)
                        with open(sys.argv[1], "w") as f:
                            json.dump(dict(copy_gbps=copy, rows=rows), f, indent=1)
    TABLE.update(table0)
    R.KEEP_DZ = keep0


if __name__ == "__main__":
    main()
