# v0.30 call 12 (H100): the cooperative backward's x / dy loads evict_first (read once
# where the schedule is PREFETCH; FUSEDNORM_LOAD_EVICT, which also sets REPLAY's first
# loads: those cells are not candidates) against the tables, GPU time (sweep_coop.py),
# two processes each, bf16 / fp32, with and without a residual, 12288-256K.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c12; mkdir -p $W
pack() { tar czf $OUT/call12.tgz -C /tmp c12; }
B="SWEEP_MODES=bwd SWEEP_BWD=default SWEEP_OPS=ln,rms SWEEP_DTYPES=bf16,fp32 SWEEP_N=12288,16384,65536,131072,262144"
SETS=("r0_b $B SWEEP_RES=0" "r0_lf $B SWEEP_RES=0 FUSEDNORM_LOAD_EVICT=evict_first"
      "r1_b $B SWEEP_RES=1" "r1_lf $B SWEEP_RES=1 FUSEDNORM_LOAD_EVICT=evict_first")
for f in "${SETS[@]}"; do
  set -- $f; tag=$1; shift; SWEEP_WARM=1 env "$@" timeout 200 python benchmarks/sweep_coop.py $W/warm_$tag.json > $W/warm_$tag.log 2>&1 &
done
wait; pack; echo WARM $SECONDS
for p in 1 2; do
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
for f in sorted(glob.glob("/tmp/c12/r[01]_*_[12].json")):
    tag = f.split("/")[-1].rsplit("_", 1)[0]
    res, var = tag.split("_")
    for r in json.load(open(f))["rows"]:
        k = (res, r["op"], r["dtype"][6:], r["n"])
        t[k + (var,)].append(r["pct"] if r["ok"] else -1)
        if var == "b":
            cfgs[k] = r["config"]
for k in sorted(cfgs):
    a, b = t[k + ("b",)], t[k + ("lf",)]
    print(f"{k[0]} {k[1]:10s} {k[2]:8s} N={k[3]:7d} b {' '.join(f'{v:5.1f}' for v in a)} | lf {' '.join(f'{v:5.1f}' for v in b)} | {st.mean(b) - st.mean(a):+.1f}  {cfgs[k]}")
PY
grep -h "WRONG\|FAILED\|Error" $W/r*.log | head
echo SECONDS $SECONDS
