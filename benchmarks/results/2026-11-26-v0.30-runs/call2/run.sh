# v0.30 call 2 (H100): the cooperative forward's store and load eviction policies, GPU
# time (sweep_coop.py, inference variant), three processes each, interleaved:
# y0 none (the library), yf y / h stores evict_first (FUSEDNORM_Y_EVICT), xf x loads
# evict_first (w / b evict_last as the library), yfxf both; every op, dtype, with and
# without a residual, at 64K-1M (and 32K, the tile path, untouched by either: a control).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c2; mkdir -p $W
pack() { tar czf $OUT/call2.tgz -C /tmp c2; }
F="SWEEP_MODES=fwd SWEEP_FWD=default SWEEP_INFER=1 SWEEP_OPS=ln,rms SWEEP_DTYPES=bf16,fp16,fp32 SWEEP_N=32768,65536,131072,262144,1048576"
SETS=()
for r in 0 1; do
  SETS+=("r${r}_y0 $F SWEEP_RES=$r" "r${r}_yf $F SWEEP_RES=$r FUSEDNORM_Y_EVICT=evict_first"
         "r${r}_xf $F SWEEP_RES=$r SWEEP_FWD_EVICT=evict_first,evict_last"
         "r${r}_yfxf $F SWEEP_RES=$r FUSEDNORM_Y_EVICT=evict_first SWEEP_FWD_EVICT=evict_first,evict_last")
done
for f in "${SETS[@]}"; do
  set -- $f; tag=$1; shift; SWEEP_WARM=1 env "$@" timeout 200 python benchmarks/sweep_coop.py $W/warm_$tag.json > $W/warm_$tag.log 2>&1 &
done
wait; pack; echo WARM $SECONDS
for p in 1 2 3; do
  for f in "${SETS[@]}"; do
    set -- $f; tag=$1; shift
    env "$@" timeout 60 python benchmarks/sweep_coop.py $W/${tag}_$p.json > $W/${tag}_$p.log 2>&1; pack
    echo $tag $p $SECONDS
  done
done
python - <<'PY'
import json, glob, collections
t = collections.defaultdict(list)
cfgs = {}
for f in sorted(glob.glob("/tmp/c2/r*_[123].json")):
    tag = f.split("/")[-1].rsplit("_", 1)[0]
    res, var = tag.split("_")
    for r in json.load(open(f))["rows"]:
        k = (res, r["op"], r["dtype"], r["n"], var)
        t[k].append(r["pct"] if r["ok"] else -1)
        cfgs[k] = r["config"]
for k in sorted(t):
    print(f"{k[0]} {k[1]:10s} {k[2][6:]:9s} N={k[3]:7d} {k[4]:5s} {' '.join(f'{v:5.1f}' for v in t[k])}  {cfgs[k]}")
PY
grep -h "WRONG\|FAILED\|Error" $W/*.log | head
echo SECONDS $SECONDS
