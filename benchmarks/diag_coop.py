"""Diagnose wrong rows on the cooperative path: per-row errors of y / rstd against a
float64 reference for several (N, slice, warps, programs per SM) settings.
Usage: python benchmarks/diag_coop.py [trials] (trials: bad rows per COOP_SYNC, those in
DIAG_SYNCS, default 0,1,2)"""
import os
import sys

import torch
import torch.nn.functional as F

import fusednorm
from fusednorm.kernels import rownorm as K

SMS = torch.cuda.get_device_properties(0).multi_processor_count


def check(M, N, is_rms, cfg_fwd=None, dtype=torch.float32, tag="", quiet=False):
    torch.manual_seed(0)
    x = torch.randn(M, N, device="cuda", dtype=dtype)
    w = torch.randn(N, device="cuda", dtype=dtype)
    saved = K.fwd_config
    if cfg_fwd is not None:
        K.fwd_config = lambda n, s, *_: cfg_fwd
    K.clear_prepared()  # launches are prepared once per key: drop those of other configs
    try:
        if is_rms:
            y, rstd = fusednorm.rms_norm(x, (N,), w, 1e-6, return_stats=True)
        else:
            y, mean, rstd = fusednorm.layer_norm(x, (N,), w, None, return_stats=True)
    finally:
        K.fwd_config = saved
        K.clear_prepared()
    xd = x.double()
    if is_rms:
        r_ref = torch.rsqrt(xd.pow(2).mean(-1) + 1e-6)
        y_ref = xd * r_ref[:, None] * w.double()
    else:
        r_ref = torch.rsqrt(xd.var(-1, unbiased=False) + 1e-5)
        y_ref = (xd - xd.mean(-1, keepdim=True)) * r_ref[:, None] * w.double()
    rerr = ((rstd.double() - r_ref).abs() / r_ref)
    yerr = (y.double() - y_ref).abs().amax(-1) / y_ref.abs().amax()
    bad = (rerr > 1e-5).nonzero().flatten().tolist()
    if quiet:
        return len(bad)
    print(f"{tag} M={M} N={N} {'rms' if is_rms else 'ln'} {dtype} cfg={cfg_fwd}: "
          f"max rstd rel err {rerr.max():.2e}, max y err {yerr.max():.2e}, bad rows "
          f"{len(bad)}: {bad[:24]}", flush=True)
    if bad:
        # whose statistics did a bad row get?
        r = bad[0]
        match = ((r_ref - rstd[r].double()).abs() / r_ref).argmin().item()
        print(f"   row {r}: rstd {rstd[r].item():.6f} ref {r_ref[r].item():.6f}; closest ref row "
              f"{match} ({r_ref[match].item():.6f})", flush=True)
    return len(bad)


def check_bwd(M, N, is_rms, seed):
    """Rows whose dx is off by more than 1e-4 of the row's largest (fp32, rows of N)."""
    torch.manual_seed(seed)
    x = torch.randn(M, N, device="cuda", requires_grad=True)
    w = torch.randn(N, device="cuda", requires_grad=True)
    dy = torch.randn(M, N, device="cuda")
    y = fusednorm.rms_norm(x, (N,), w, 1e-6) if is_rms else fusednorm.layer_norm(x, (N,), w)
    dx, = torch.autograd.grad(y, [x], dy)
    xd = x.detach().double().requires_grad_()
    yd = F.rms_norm(xd, (N,), w.detach().double(), 1e-6) if is_rms else F.layer_norm(xd, (N,), w.detach().double())
    dxd, = torch.autograd.grad(yd, [xd], dy.double())
    err = (dx.double() - dxd).abs().amax(-1) / dxd.abs().amax(-1)
    return int((err > 1e-4).sum())


def coop(n, block, warps, pps):
    g = -(-n // block)
    return K.LaunchConfig(K.COOP, block, 1, warps, pps, g)


def trials():
    """Bad rows over repeated runs, for each way of waiting (kernels.rownorm.COOP_SYNC)."""
    for sync in [int(v) for v in os.environ.get("DIAG_SYNCS", "0,1,2").split(",")]:
        K.COOP_SYNC = sync
        K.clear_prepared()
        fwd = bwd = 0
        for t in range(3):
            for is_rms in (False, True):
                fwd += check(512, 262144, is_rms, quiet=True)
                fwd += check(512, 131072, is_rms, coop(131072, 4096, 8, 2), quiet=True)
                fwd += check(128, 1 << 20, is_rms, quiet=True)
                bwd += check_bwd(512, 262144, is_rms, t)
                bwd += check_bwd(256, 131072, is_rms, t)
        print(f"COOP_SYNC={sync}: bad rows forward {fwd}, backward {bwd} (3 trials)", flush=True)


if __name__ == "__main__":
    if "trials" in sys.argv:
        trials()
        sys.exit(0)
    print("launch cache", os.environ.get("FUSEDNORM_LAUNCH_CACHE", "1"), flush=True)
    for is_rms in (False, True):
        check(512, 262144, is_rms)
        check(512, 262144, is_rms, coop(262144, 16384, 16, 1), tag="g16")
        check(512, 131072, is_rms, coop(131072, 4096, 8, 2), tag="g32@128K")
        check(512, 262144, is_rms, coop(262144, 8192, 8, 1), tag="g32 pps1")
        check(512, 262144, is_rms, coop(262144, 8192, 16, 1), tag="g32 w16")
        check(300, 262144, is_rms, tag="M=300")
        check(8, 262144, is_rms, tag="M=8")
