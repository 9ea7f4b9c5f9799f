"""Cooperative-path configs of the row norms, GPU time only.

For LayerNorm and RMSNorm (weight; LayerNorm also bias), bf16 and fp32, about 2^27
elements, each (slice, warps, programs per SM) candidate is patched into
fusednorm.kernels.rownorm (fwd_config / bwd_config), checked against torch in fp32, and
timed as a CUDA graph replaying the op's implementation (ops.rownorm.fwd_impl /
bwd_impl, no autograd), so host time does not enter. % is of a device-to-device copy
measured in the same run; bytes are the fewest (forward x + y, backward x + dy + dx; the
parameters are noise at these sizes).

    python benchmarks/sweep_coop.py OUT.json

Subsets by environment: SWEEP_MODES (fwd,bwd), SWEEP_N (row lengths), SWEEP_DTYPES
(bf16,fp16,fp32), SWEEP_OPS (ln,rms), SWEEP_RES=1 (with a residual), SWEEP_INFER=1 (the
forward's inference variant, below), SWEEP_ONE_PASS (below), SWEEP_FWD_EVICT / SWEEP_TILE_EVICT (below), SWEEP_BWD / SWEEP_FWD (configs, ';'-separated: slice/warps/pps[/prefetch 0
or 1[/rows per step[/replay depth[/L2 prefetch steps]]]] for the cooperative path (the order of rownorm's config tables), t<rows>/<warps>/<pps> for the tile path (two tiles where rownorm._tile_blocks splits the row; T<rows>/<warps>/<pps>: one tile), `default`, d<l2>: the default with that L2 prefetch (cooperative)). SWEEP_DH_L2=0 / 1: the backward's dh prefetch off / on in every config (rownorm.DH_L2). SWEEP_WARM=1 runs each
variant once without timing: to fill Triton's cache from several processes at once before
the timed runs, which must run one at a time."""
import json
import os
import sys
from dataclasses import replace

import torch
import torch.nn.functional as F
import triton

from fusednorm.bench.timing import CudaClock, copy_gbps, graph_ms as _graph_ms
from fusednorm.kernels import rownorm as K
from fusednorm.ops import rownorm as OR

BWD = [(4096, 4, 2), (4096, 8, 1), (4096, 8, 2), (4096, 16, 1), (8192, 16, 1), (8192, 8, 1)]
FWD = [(8192, 8, 2), (8192, 8, 1), (4096, 8, 2), (4096, 4, 4), (16384, 16, 1)]
PLAN = [("bwd", 16384), ("bwd", 65536), ("bwd", 262144),
        ("fwd", 65536), ("fwd", 262144), ("fwd", 1 << 20)]


def _env_configs(name, default):
    text = os.environ.get(name)
    if not text:
        return default
    out = []
    for c in text.split(";"):
        if c == "default":  # the library's own choice
            out.append(("default",))
        elif c.startswith("d"):  # the library's choice with the L2 prefetch d<l2> (cooperative)
            out.append(("default", int(c[1:])))
        elif c.startswith("t"):  # tile path: t<rows>/<warps>/<programs per SM>
            out.append(("tile",) + tuple(int(v) for v in c[1:].split("/")))
        elif c.startswith("T"):  # the same, one power-of-two tile (no second tile)
            out.append(("tile1",) + tuple(int(v) for v in c[1:].split("/")))
        else:
            out.append(tuple(int(v) for v in c.split("/")))
    return out


BWD = _env_configs("SWEEP_BWD", BWD)
FWD = _env_configs("SWEEP_FWD", FWD)
if os.environ.get("SWEEP_N") or os.environ.get("SWEEP_MODES"):
    _modes = os.environ.get("SWEEP_MODES", "fwd,bwd").split(",")
    _ns = [int(v) for v in os.environ.get("SWEEP_N", "16384,65536,262144,1048576").split(",")]
    PLAN = [(mode, n) for mode in _modes for n in _ns]
DTYPES = [{"bf16": torch.bfloat16, "fp16": torch.float16, "fp32": torch.float32}[d]
          for d in os.environ.get("SWEEP_DTYPES", "bf16,fp32").split(",")]
WARM = os.environ.get("SWEEP_WARM") == "1"
# SWEEP_RES=1: with a residual (forward: x + r normalized; backward: a gradient dh on h).
RES = os.environ.get("SWEEP_RES") == "1"
# SWEEP_FWD_EVICT=x,wb: the cooperative forward's L1 eviction policies (rownorm.FWD_EVICT;
# `-` for none), e.g. `-,-` for none, `-,evict_last`.
if os.environ.get("SWEEP_FWD_EVICT"):
    K.FWD_EVICT = tuple("" if v == "-" else v
                        for v in os.environ["SWEEP_FWD_EVICT"].split(","))
# SWEEP_TILE_EVICT=x,wb: the tile forward's L1 eviction policies at every tile
# (rownorm.TILE_EVICT).
if os.environ.get("SWEEP_TILE_EVICT"):
    _pol = tuple("" if v == "-" else v for v in os.environ["SWEEP_TILE_EVICT"].split(","))
    K.TILE_EVICT = {1 << k: _pol for k in range(21)}
# SWEEP_SYNC=5: every cooperative launch skips the wait for its row's partials (rownorm's
# SYNC 5, a timing diagnostic: results wrong, marked WRONG); any other value forces that
# wait mode (rownorm.COOP_SYNC).
if os.environ.get("SWEEP_SYNC"):
    K.COOP_SYNC = int(os.environ["SWEEP_SYNC"])
# SWEEP_DH_L2=0 / 1: every backward with dh asks the L2 for dh a step ahead, or none does
# (rownorm.DH_L2).
if os.environ.get("SWEEP_DH_L2"):
    K.DH_L2 = os.environ["SWEEP_DH_L2"] == "1"
# SWEEP_DH_EARLY=0 / 1: the tile backward's dh loaded after the reductions / at the step's
# start (rownorm.DH_EARLY).
if os.environ.get("SWEEP_DH_EARLY"):
    K.DH_EARLY = os.environ["SWEEP_DH_EARLY"] == "1"
IS_RMS = [{"ln": False, "rms": True}[o] for o in os.environ.get("SWEEP_OPS", "ln,rms").split(",")]
# SWEEP_INFER=1: the forward's inference variant (no statistics written: what an eager call
# without grad runs, and the bench's forward), launched as the inference path launches it
# (kernels.rownorm.launch_infer), in place of ops.rownorm.fwd_impl's (statistics written).
INFER = os.environ.get("SWEEP_INFER") == "1"
# SWEEP_ONE_PASS=1 / 0: the tile forward's LayerNorm statistics from one pair reduction of
# shifted sums, or from two reductions (rownorm.TILE_ONE_PASS forced; unset: the table).
if os.environ.get("SWEEP_ONE_PASS"):
    K.TILE_ONE_PASS = os.environ["SWEEP_ONE_PASS"] == "1"


def graph_ms(fn):
    if WARM:
        fn()
        return float("nan")
    return _graph_ms(fn, reps=20, warmup=2)


def _folds(cfg, m, sms, element_size, is_rms, has_dh):
    """Whether the backward's launch on cfg sums its own dw/db partials (rownorm._row_fold;
    the partials as the config's programs per SM give them, before rownorm._fit: a launch
    fitted to fewer programs an SM has fewer partial rows)."""
    if cfg.path != K.COOP:
        return False
    partials = K._persistent_groups(m, cfg, sms)
    return partials > 1 and K._row_fold(cfg, partials, element_size, is_rms, has_dh)


def main():
    copy = copy_gbps(CudaClock(10, 100), torch.device("cuda"))
    print(f"{torch.cuda.get_device_name()} torch {torch.__version__} triton {triton.__version__}"
          f" copy {copy:.0f} GB/s COOP_SYNC {K.COOP_SYNC or 'per config'}"
          f" FWD_EVICT {K.FWD_EVICT}", flush=True)
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    fwd0, bwd0 = K.fwd_config, K.bwd_config
    rows = []
    for dtype in DTYPES:
        for is_rms in IS_RMS:
            for mode, n in PLAN:
                m = (1 << 27) // n
                torch.manual_seed(0)
                x = torch.randn(m, n, device="cuda", dtype=dtype)
                res_in = torch.randn_like(x) if RES else None
                w = (1 + 0.1 * torch.randn(n, device="cuda")).to(dtype)
                b = None if is_rms else (0.1 * torch.randn(n, device="cuda")).to(dtype)
                dy = torch.randn_like(x)
                eps = 1e-6 if is_rms else 1e-5
                xr = (x.float() + res_in.float() if RES
                      else x.detach().float().clone()).requires_grad_()
                yr = (F.rms_norm(xr, (n,), w.float(), eps) if is_rms
                      else F.layer_norm(xr, (n,), w.float(), b.float(), eps))
                if mode == "bwd":
                    yr.backward(dy.float())
                ref = (xr.grad if mode == "bwd" else yr).detach()
                dh = torch.randn_like(x) if RES else None  # add_*'s backward also gets dL/dh
                if RES and mode == "bwd":
                    ref = ref + dh.float()
                del xr, yr
                for choice in (BWD if mode == "bwd" else FWD):
                    if choice[0] == "default":
                        cfg = (bwd0(n, sms, x.element_size(), is_rms, False, RES) if mode == "bwd"
                               else fwd0(n, sms, x.element_size(), RES, is_rms))
                        if len(choice) > 1:  # d<l2>: its L2 prefetch replaced
                            if cfg.path == K.LOOP:
                                continue
                            cfg = replace(cfg, l2_ahead=choice[1])
                        slc, warps, pps = cfg.block_n, cfg.num_warps, cfg.programs_per_sm
                        tag = (f"default {cfg.path}:{slc}" + (f"+{cfg.block_n2}" if cfg.block_n2
                                                                 else "")
                               + f"/{cfg.rows}r/{warps}w/{pps}pps"
                               + (f"/rp{cfg.replay}" if cfg.replay else "")
                               + (f"/l2{K._l2_ahead(cfg)}" if K._l2_ahead(cfg) else "")
                               + ("/hw" if getattr(cfg, "hold_w", False) else "")
                               + ("/dh" if mode == "bwd" and K._dh_l2(cfg, RES) else "")
                               + ("/fold" if mode == "bwd" and _folds(
                                   cfg, m, sms, x.element_size(), is_rms, RES) else ""))
                    elif choice[0] in ("tile", "tile1"):
                        _, rows_, warps, pps = choice
                        slc, slc2 = ((triton.next_power_of_2(n), 0) if choice[0] == "tile1"
                                     else K._tile_blocks(n))
                        cfg = K.LaunchConfig(K.TILE, slc, rows_, warps, pps, block_n2=slc2)
                        tag = (f"tile {slc}" + (f"+{slc2}" if slc2 else "")
                               + f" {rows_}r/{warps}w/{pps}pps")
                    else:
                        # Read as rownorm reads its config tables.
                        cfg = K._coop(n, sms, (choice,))
                        if cfg is None or choice[0] > n:
                            continue
                        slc, warps, pps = cfg.block_n, cfg.num_warps, cfg.programs_per_sm
                        tag = (f"{slc}/{warps}w/{pps}pps" + ("" if cfg.prefetch else "/2row")
                               + (f"/{cfg.rows}r" if cfg.rows > 1 else "")
                               + (f"/rp{cfg.replay}" if cfg.replay else "")
                               + (f"/l2{cfg.l2_ahead}" if cfg.l2_ahead else ""))
                    if cfg.path == K.COOP:
                        tag += f" s{K._sync(cfg)}"  # how its programs wait (SYNC)
                    K.fwd_config = fwd0
                    K.bwd_config = bwd0
                    if mode == "fwd":
                        K.fwd_config = lambda _n, _s, *_, c=cfg: c
                    else:
                        K.bwd_config = lambda _n, _s, *_, c=cfg: c
                    K.clear_prepared()  # launches are prepared once per key
                    try:
                        y, h, mean, rstd = OR.fwd_impl(x, res_in, w, b, eps, is_rms)
                        hx = h if RES else x
                        if mode == "fwd" and INFER:
                            y = torch.full_like(x, float("nan"))
                            h = torch.empty_like(x) if RES else None
                            prep = K.prepare_fwd(x, res_in, w, b, is_rms, y, h, None, None)
                            fn = lambda: K.launch_infer(  # noqa: E731
                                prep, x, res_in, w, b, eps, y, h)
                            fn()
                            out = y
                        elif mode == "fwd":
                            out = y
                            fn = lambda: OR.fwd_impl(x, res_in, w, b, eps, is_rms)  # noqa: E731
                        else:
                            grads = OR.bwd_impl(dy, dh, hx, w, mean, rstd, is_rms, True,
                                                not is_rms)
                            out = grads[0]
                            fn = lambda: OR.bwd_impl(dy, dh, hx, w, mean, rstd,  # noqa: E731
                                                     is_rms, True, not is_rms)
                        err = ((out.float() - ref).abs().max() / ref.abs().max()).item()
                        if mode == "bwd":  # dw, db against the sum's own launch (no fold)
                            fold0 = K.ROW_FOLD
                            K.ROW_FOLD = False
                            K.clear_prepared()
                            try:
                                base = OR.bwd_impl(dy, dh, hx, w, mean, rstd, is_rms, True,
                                                   not is_rms)
                            finally:
                                K.ROW_FOLD = fold0
                                K.clear_prepared()
                            for g, g0 in zip(grads[1:3], base[1:3]):
                                if g is not None:
                                    err = max(err, ((g.float() - g0.float()).abs().max()
                                                    / g0.float().abs().max()).item())
                        ms = graph_ms(fn)
                    except Exception as e:  # noqa: BLE001
                        print(f"{tag} FAILED {type(e).__name__}: {str(e)[:120]}", flush=True)
                        continue
                    finally:
                        K.fwd_config, K.bwd_config = fwd0, bwd0
                        K.clear_prepared()
                    # With a residual: forward reads x, r and writes y, h; backward reads
                    # h, dy, dh and writes dx.
                    nbytes = (4 if RES else 3 if mode == "bwd" else 2) * m * n * x.element_size()
                    pct = 100 * nbytes / ms / 1e6 / copy
                    ok = err < (2e-2 if dtype != torch.float32 else 1e-4)
                    r = dict(op="rms_norm" if is_rms else "layer_norm", dtype=str(dtype),
                             mode=mode, n=n, config=tag, slice=slc, warps=warps, pps=pps,
                             ms=ms, pct=pct,
                             rel_err=err, ok=ok)
                    rows.append(r)
                    print(f"{r['op']:10s} {str(dtype)[6:]:8s} {mode} N={n:>7} {tag:20s} "
                          f"{pct:5.1f}%{'' if ok else '  WRONG ' + str(err)}", flush=True)
                del x, w, b, dy, ref
                torch.cuda.empty_cache()
                with open(sys.argv[1], "w") as f:
                    json.dump(dict(copy_gbps=copy, device=torch.cuda.get_device_name(),
                                   coop_sync=K.COOP_SYNC, rows=rows), f, indent=1)


if __name__ == "__main__":
    main()
