# v0.26 call 10 (H100): (a) GroupNorm's rows-path backward (contiguous x) with each row's
# mean and rstd loaded a step ahead (FUSEDNORM_STATS_AHEAD=1: every cooperative backward)
# against the table (none there), sweep_gn_bwd.py's shapes, bf16 / fp32, none / silu, GPU
# time, two processes per variant, alternated; (b) the bench beside the peers, forward at
# 32768 (TILE_EVICT), every row op, bf16 / fp16 / fp32.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c10; mkdir -p $W
pack() { tar czf $OUT/call10.tgz -C /tmp c10; }
export GNB_CONFIGS_2=default GNB_CONFIGS_4=default
for v in 0 1; do for d in bf16 fp32; do
  FUSEDNORM_STATS_AHEAD=$v GNB_DTYPES=$d timeout 200 python benchmarks/sweep_gn_bwd.py $W/warm_$v$d.json > $W/warm_$v$d.log 2>&1 &
done; done; wait; pack
for p in 1 2; do for v in 0 1; do
  FUSEDNORM_STATS_AHEAD=$v timeout 150 python benchmarks/sweep_gn_bwd.py $W/gn${v}_$p.json > $W/gn${v}_$p.log 2>&1; pack
done; done
python - <<'PY'
import json, glob, collections
t = collections.defaultdict(list)
for f in sorted(glob.glob("/tmp/c10/gn*_*.json")):
    v = f.split("/gn")[1][0]
    for row in json.load(open(f))["rows"]:
        key = tuple(str(row.get(k)) for k in ("shape", "dtype", "act", "keep_dz"))
        t[key + (v,)].append((row["pct"], row["rel_err"]))
for k in sorted({k[:-1] for k in t}):
    a, b = t.get(k + ("0",), []), t.get(k + ("1",), [])
    print(" ".join(k), "none", " ".join(f"{x:5.1f}" for x, _ in a), " ahead",
          " ".join(f"{x:5.1f}" for x, _ in b), f" err {max(e for _, e in a + b):.1e}")
PY
timeout -s INT 200 python -m fusednorm.bench --suite rows --kind sweep --mode fwd --op layer_norm,rms_norm,add_layer_norm,add_rms_norm --dtype bf16,fp16,fp32 --n 32768 --out $W/bench > $W/bench.log 2>&1; rm -f $W/bench/*.png; pack
tail -n 1 $W/bench.log; sed -n '/## rows/,$p' $W/bench/summary.md | grep -v "^$" | grep -v "^|---"
echo SECONDS $SECONDS
