# v0.30 call 13 (H100): the bulk L2 prefetches with an evict_last cache policy
# (FUSEDNORM_L2_HINT=1) against none, the cooperative forward (inference variant) and
# backward, bf16 / fp32, no residual, 64K-1M, GPU time (sweep_coop.py), two processes each.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c13; mkdir -p $W
pack() { tar czf $OUT/call13.tgz -C /tmp c13; }
F="SWEEP_MODES=fwd,bwd SWEEP_FWD=default SWEEP_BWD=default SWEEP_INFER=1 SWEEP_OPS=ln,rms SWEEP_DTYPES=bf16,fp32 SWEEP_N=65536,131072,262144,1048576"
SETS=("h0 $F" "h1 $F FUSEDNORM_L2_HINT=1")
for f in "${SETS[@]}"; do
  set -- $f; tag=$1; shift; SWEEP_WARM=1 env "$@" timeout 200 python benchmarks/sweep_coop.py $W/warm_$tag.json > $W/warm_$tag.log 2>&1 &
done
wait; pack; echo WARM $SECONDS
for p in 1 2; do
  for f in "${SETS[@]}"; do
    set -- $f; tag=$1; shift
    env "$@" timeout 80 python benchmarks/sweep_coop.py $W/${tag}_$p.json > $W/${tag}_$p.log 2>&1; pack
    echo $tag $p $SECONDS
  done
done
python - <<'PY'
import json, glob, collections, statistics as st
t = collections.defaultdict(list)
cfgs = {}
for f in sorted(glob.glob("/tmp/c13/h[01]_[12].json")):
    var = f.split("/")[-1].split("_")[0]
    for r in json.load(open(f))["rows"]:
        k = (r["mode"], r["op"], r["dtype"][6:], r["n"])
        t[k + (var,)].append(r["pct"] if r["ok"] else -1)
        cfgs[k] = r["config"]
for k in sorted(cfgs):
    a, b = t[k + ("h0",)], t[k + ("h1",)]
    print(f"{k[0]} {k[1]:10s} {k[2]:8s} N={k[3]:7d} h0 {' '.join(f'{v:5.1f}' for v in a)} | h1 {' '.join(f'{v:5.1f}' for v in b)} | {st.mean(b) - st.mean(a):+.1f}  {cfgs[k]}")
PY
grep -h "WRONG\|FAILED\|Error" $W/h*.log | head
echo SECONDS $SECONDS
