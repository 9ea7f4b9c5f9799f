# v0.30 call 4 (H100): a) the row norms' CUDA tests of the cooperative, fold, backward,
# residual and determinism schedules on the tables with Y_EVICT and DX_EVICT_CONFIGS;
# b) the tile path's y stores (forward, inference variant, 1K-32K) and dx stores
# (backward, 256-8192) evict_first (FUSEDNORM_TILE_Y_EVICT / FUSEDNORM_TILE_DX_EVICT)
# against none, GPU time (sweep_coop.py), three processes each, interleaved.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c4; mkdir -p $W
pack() { tar czf $OUT/call4.tgz -C /tmp c4; }
F="SWEEP_MODES=fwd SWEEP_FWD=default SWEEP_INFER=1 SWEEP_OPS=ln,rms SWEEP_DTYPES=bf16,fp16,fp32 SWEEP_N=1024,4096,8192,16384,32768"
B="SWEEP_MODES=bwd SWEEP_BWD=default SWEEP_OPS=ln,rms SWEEP_DTYPES=bf16,fp16,fp32 SWEEP_N=256,512,1024,2048,4096,5120,8192"
SETS=()
for r in 0 1; do
  SETS+=("f${r}_0 $F SWEEP_RES=$r" "f${r}_e $F SWEEP_RES=$r FUSEDNORM_TILE_Y_EVICT=evict_first"
         "b${r}_0 $B SWEEP_RES=$r" "b${r}_e $B SWEEP_RES=$r FUSEDNORM_TILE_DX_EVICT=evict_first")
done
for f in "${SETS[@]}"; do
  set -- $f; tag=$1; shift; SWEEP_WARM=1 env "$@" timeout 200 python benchmarks/sweep_coop.py $W/warm_$tag.json > $W/warm_$tag.log 2>&1 &
done
wait; pack; echo WARM $SECONDS
timeout 240 python -m pytest -q tests/test_rownorm.py -p no:cacheprovider \
  -k "cuda and (fold or late or stats_ahead or hold_w or cooperative or backward or residual or deterministic or evict)" > $W/t_rows.log 2>&1; pack
echo TESTS $SECONDS
for p in 1 2 3; do
  for f in "${SETS[@]}"; do
    set -- $f; tag=$1; shift
    env "$@" timeout 60 python benchmarks/sweep_coop.py $W/${tag}_$p.json > $W/${tag}_$p.log 2>&1; pack
    echo $tag $p $SECONDS
  done
done
grep -E "FAILED|Error|passed|failed" $W/t_rows.log | tail -n 6
python - <<'PY'
import json, glob, collections, statistics as st
t = collections.defaultdict(list)
cfgs = {}
for f in sorted(glob.glob("/tmp/c4/[fb][01]_[0e]_[123].json")):
    tag = f.split("/")[-1].rsplit("_", 1)[0]
    mr, var = tag.split("_")
    for r in json.load(open(f))["rows"]:
        k = (mr, r["op"], r["dtype"][6:], r["n"])
        t[k + (var,)].append(r["pct"] if r["ok"] else -1)
        cfgs[k] = r["config"]
for k in sorted(cfgs):
    a, b = t[k + ("0",)], t[k + ("e",)]
    print(f"{k[0]} {k[1]:10s} {k[2]:8s} N={k[3]:6d} 0 {' '.join(f'{v:5.1f}' for v in a)} | e {' '.join(f'{v:5.1f}' for v in b)} | {st.median(b) - st.median(a):+.1f}  {cfgs[k]}")
PY
grep -h "WRONG\|FAILED\|Error" $W/[fb]*.log | head
echo SECONDS $SECONDS
