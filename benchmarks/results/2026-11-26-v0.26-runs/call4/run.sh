# v0.26 call 4 (H100): (a) the 16-bit LayerNorm backward with dh on its cooperative
# configs (replay 2 at 12288-256K), DH_L2 now one step before the finish (call 3 asked two
# steps before, and lost), against none, bf16 / fp16, two timed processes; (b) GPU tests
# of the row norms' backward / residual / dh prefetch; (c) the bench beside the peers:
# add_layer_norm / add_rms_norm backward, bf16 / fp16 / fp32, at the N whose configs
# changed (5120, 16K-256K, 1M) and 12288 beside them.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c4; mkdir -p $W
pack() { tar czf $OUT/call4.tgz -C /tmp c4; }
export SWEEP_MODES=bwd SWEEP_OPS=ln SWEEP_BWD=default SWEEP_RES=1
export SWEEP_N=12288,16384,32768,65536,131072,262144,1048576
run() { timeout ${T:-200} python benchmarks/sweep_coop.py "$@"; }
for v in 0 1; do for d in bf16 fp16; do
  SWEEP_WARM=1 SWEEP_DH_L2=$v SWEEP_DTYPES=$d run $W/warm_$v$d.json > $W/warm_$v$d.log 2>&1 &
done; done
timeout 300 python -m pytest -q tests/test_rownorm.py -k "cuda and (dh_prefetch or residual or backward)" -p no:cacheprovider > $W/t_rows.log 2>&1 &
wait; pack
for p in 1 2; do for v in 0 1; do
  T=150 SWEEP_DH_L2=$v SWEEP_DTYPES=bf16,fp16 run $W/dh${v}_$p.json > $W/dh${v}_$p.log 2>&1; pack
done; done
python - <<'PY'
import json, glob, collections
t = collections.defaultdict(list)
for f in sorted(glob.glob("/tmp/c4/dh*_*.json")):
    v = f.split("/dh")[1][0]
    for row in json.load(open(f))["rows"]:
        t[(row["op"], row["dtype"][6:], row["n"], v)].append(row["pct"] if row["ok"] else -1)
for k in sorted({k[:3] for k in t}):
    a, b = t[k + ("0",)], t[k + ("1",)]
    print(f"{k[0]:10s} {k[1]:8s} N={k[2]:7d} none {' '.join(f'{v:5.1f}' for v in a)}  dh_l2 {' '.join(f'{v:5.1f}' for v in b)}"
          f"  {'+' if min(b) > max(a) else '-' if max(b) < min(a) else '='}")
PY
grep -E "FAILED|Error|passed|failed" $W/t_rows.log | tail -n 12
timeout -s INT $((560 - SECONDS)) python -m fusednorm.bench --suite rows --kind sweep --op add_layer_norm,add_rms_norm --dtype bf16,fp16,fp32 --mode bwd --n 5120,12288,16384,32768,65536,131072,262144,1048576 --out $W/bench > $W/bench.log 2>&1; pack
tail -n 2 $W/bench.log; sed -n '/## rows/,$p' $W/bench/summary.md | head -60
echo SECONDS $SECONDS
