# v0.30 call 5 (H100): with the forward's y / h stores evict_first (the L2 keeps more of
# what L2_AHEAD prefetched), the cooperative forward's L2 prefetch distance again:
# the tables' own (d), 1 step (a1) and 2 steps (a2) in every cooperative launch
# (FUSEDNORM_L2_AHEAD), inference variant, every op and dtype, with and without a
# residual, 64K-1M, GPU time (sweep_coop.py), three processes each, interleaved.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c5; mkdir -p $W
pack() { tar czf $OUT/call5.tgz -C /tmp c5; }
F="SWEEP_MODES=fwd SWEEP_FWD=default SWEEP_INFER=1 SWEEP_OPS=ln,rms SWEEP_DTYPES=bf16,fp16,fp32 SWEEP_N=65536,131072,262144,1048576"
SETS=()
for r in 0 1; do
  SETS+=("r${r}_d $F SWEEP_RES=$r" "r${r}_a1 $F SWEEP_RES=$r FUSEDNORM_L2_AHEAD=1"
         "r${r}_a2 $F SWEEP_RES=$r FUSEDNORM_L2_AHEAD=2")
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
import json, glob, collections, statistics as st
t = collections.defaultdict(list)
cfgs = {}
for f in sorted(glob.glob("/tmp/c5/r[01]_*_[123].json")):
    tag = f.split("/")[-1].rsplit("_", 1)[0]
    res, var = tag.split("_")
    for r in json.load(open(f))["rows"]:
        k = (res, r["op"], r["dtype"][6:], r["n"])
        t[k + (var,)].append(r["pct"] if r["ok"] else -1)
        if var == "d":
            cfgs[k] = r["config"]
for k in sorted(cfgs):
    m = {v: st.median(t[k + (v,)]) for v in ("d", "a1", "a2")}
    print(f"{k[0]} {k[1]:10s} {k[2]:8s} N={k[3]:7d} d {m['d']:5.1f} a1 {m['a1']:5.1f} a2 {m['a2']:5.1f} | {' '.join(f'{v:5.1f}' for v in t[k + ('d',)])} / {' '.join(f'{v:5.1f}' for v in t[k + ('a2',)])}  {cfgs[k]}")
PY
grep -h "WRONG\|FAILED\|Error" $W/r*.log | head
echo SECONDS $SECONDS
