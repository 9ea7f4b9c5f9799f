# v0.37 call 8 (H100), 70cbc32's src: the LayerNorm forward without statistics (the
# inference call) against the variant that writes them (ops.rownorm.fwd_impl), timed as
# the bench times (CudaClock: events around back-to-back eager calls) and as ab_gpu.py
# does (graph_ms: replayed CUDA graphs), at the cooperative lengths; call 1 read fp32 64K
# at 88.5% without statistics and 94.7% with them, where the bench (v0.35) read 94.9.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v37c8; mkdir -p $W
pack() { tar czf $OUT/call8.tgz -C /tmp v37c8; }
nvidia-smi -L > $W/gpus.txt
timeout 400 python - > $W/variants.log 2>&1 <<'PY'
import torch, fusednorm
from fusednorm.bench.timing import CudaClock, copy_gbps, graph_ms
from fusednorm.ops import rownorm as OR
clock = CudaClock(warmup_ms=20, rep_ms=100)
copy = copy_gbps(clock, torch.device("cuda"))
print(f"copy {copy:.0f} GB/s", flush=True)
for dt in (torch.float32, torch.bfloat16):
    for n in (32768, 65536, 131072, 262144, 1 << 20):
        m = (1 << 27) // n
        x = torch.randn(m, n, device="cuda", dtype=dt) * 2 + 0.5
        w = torch.randn(n, device="cuda", dtype=dt)
        b = torch.randn(n, device="cuda", dtype=dt)
        nbytes = 2 * x.numel() * x.element_size()
        infer = lambda: fusednorm.layer_norm(x, (n,), w, b)
        stats = lambda: OR.fwd_impl(x, None, w, b, 1e-5, False)[0]
        with torch.no_grad():
            r = {}
            for name, fn in (("infer", infer), ("stats", stats)):
                r[name + " events"] = 100 * nbytes / clock.time_ms([fn]) / 1e6 / copy
                r[name + " graph"] = 100 * nbytes / graph_ms(fn) / 1e6 / copy
            for name, fn in (("infer", infer), ("stats", stats)):
                r[name + " events2"] = 100 * nbytes / clock.time_ms([fn]) / 1e6 / copy
        print(str(dt)[6:], n, " ".join(f"{k} {v:5.1f}" for k, v in r.items()), flush=True)
        del x, w, b
PY
cat $W/variants.log; pack
echo SECONDS $SECONDS
