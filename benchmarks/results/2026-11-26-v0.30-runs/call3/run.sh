# v0.30 call 3 (H100): a) the cooperative backward's dx stores evict_first
# (FUSEDNORM_DX_EVICT), GPU time (sweep_coop.py), three processes each, interleaved, every
# op and dtype, with and without a residual, 12288-1M; b) GroupNorm / InstanceNorm NCHW
# (the rows path) with the forward's y stores evict_first (FUSEDNORM_GN_Y_EVICT=1) against
# none, sweep_groupnorm.py (GPU time, forward and backward), two processes each.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c3; mkdir -p $W
pack() { tar czf $OUT/call3.tgz -C /tmp c3; }
B="SWEEP_MODES=bwd SWEEP_BWD=default SWEEP_OPS=ln,rms SWEEP_DTYPES=bf16,fp16,fp32 SWEEP_N=12288,16384,32768,65536,131072,262144,1048576"
SETS=()
for r in 0 1; do
  SETS+=("r${r}_d0 $B SWEEP_RES=$r" "r${r}_df $B SWEEP_RES=$r FUSEDNORM_DX_EVICT=evict_first")
done
for f in "${SETS[@]}"; do
  set -- $f; tag=$1; shift; SWEEP_WARM=1 env "$@" timeout 200 python benchmarks/sweep_coop.py $W/warm_$tag.json > $W/warm_$tag.log 2>&1 &
done
for g in 0 1; do
  FUSEDNORM_GN_Y_EVICT=$g timeout 200 python benchmarks/sweep_groupnorm.py $W/gwarm_$g.json --warm --layouts nc > $W/gwarm_$g.log 2>&1 &
done
wait; pack; echo WARM $SECONDS
for p in 1 2 3; do
  for f in "${SETS[@]}"; do
    set -- $f; tag=$1; shift
    env "$@" timeout 90 python benchmarks/sweep_coop.py $W/${tag}_$p.json > $W/${tag}_$p.log 2>&1; pack
    echo $tag $p $SECONDS
  done
done
for p in 1 2; do
  for g in 0 1; do
    FUSEDNORM_GN_Y_EVICT=$g timeout 100 python benchmarks/sweep_groupnorm.py $W/g${g}_$p.json --layouts nc > $W/g${g}_$p.log 2>&1; pack
    echo g$g $p $SECONDS
  done
done
python - <<'PY'
import json, glob, collections, statistics as st
t = collections.defaultdict(list)
cfgs = {}
for f in sorted(glob.glob("/tmp/c3/r*_[123].json")):
    tag = f.split("/")[-1].rsplit("_", 1)[0]
    res, var = tag.split("_")
    for r in json.load(open(f))["rows"]:
        k = (res, r["op"], r["dtype"][6:], r["n"])
        t[k + (var,)].append(r["pct"] if r["ok"] else -1)
        cfgs[k] = r["config"]
for k in sorted(cfgs):
    a, b = t[k + ("d0",)], t[k + ("df",)]
    print(f"{k[0]} {k[1]:10s} {k[2]:8s} N={k[3]:7d} d0 {' '.join(f'{v:5.1f}' for v in a)} | df {' '.join(f'{v:5.1f}' for v in b)} | {st.median(b) - st.median(a):+.1f}  {cfgs[k]}")
PY
grep -h "WRONG\|FAILED\|Error" $W/*.log | head
tail -n 30 $W/g0_1.log $W/g1_1.log
echo SECONDS $SECONDS
