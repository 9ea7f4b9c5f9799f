# v0.30 call 10 (H100): two more load policies in the cooperative backward, GPU time
# (sweep_coop.py), two processes each, interleaved, bf16 / fp32, 12288-1M:
# rl: the REPLAY schedule's first x / dy loads evict_last (kept in L2 for the second,
#     evict_first, load; FUSEDNORM_REPLAY_EVICT), with and without a residual;
# hf: the dh loads evict_first (FUSEDNORM_DH_EVICT), with a residual; rlhf: both.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c10; mkdir -p $W
pack() { tar czf $OUT/call10.tgz -C /tmp c10; }
B="SWEEP_MODES=bwd SWEEP_BWD=default SWEEP_OPS=ln,rms SWEEP_DTYPES=bf16,fp32 SWEEP_N=12288,16384,32768,65536,131072,262144,1048576"
SETS=("r0_b $B SWEEP_RES=0" "r0_rl $B SWEEP_RES=0 FUSEDNORM_REPLAY_EVICT=evict_last"
      "r1_b $B SWEEP_RES=1" "r1_rl $B SWEEP_RES=1 FUSEDNORM_REPLAY_EVICT=evict_last"
      "r1_hf $B SWEEP_RES=1 FUSEDNORM_DH_EVICT=evict_first"
      "r1_rlhf $B SWEEP_RES=1 FUSEDNORM_REPLAY_EVICT=evict_last FUSEDNORM_DH_EVICT=evict_first")
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
for f in sorted(glob.glob("/tmp/c10/r[01]_*_[12].json")):
    tag = f.split("/")[-1].rsplit("_", 1)[0]
    res, var = tag.split("_")
    for r in json.load(open(f))["rows"]:
        k = (res, r["op"], r["dtype"][6:], r["n"])
        t[k + (var,)].append(r["pct"] if r["ok"] else -1)
        if var == "b":
            cfgs[k] = r["config"]
for k in sorted(cfgs):
    vs = ("b", "rl") if k[0] == "r0" else ("b", "rl", "hf", "rlhf")
    m = {v: st.mean(t[k + (v,)]) for v in vs}
    print(f"{k[0]} {k[1]:10s} {k[2]:8s} N={k[3]:7d} " + " ".join(f"{v} {' '.join(f'{x:5.1f}' for x in t[k + (v,)])} ({m[v] - m['b']:+.1f})" for v in vs) + f"  {cfgs[k]}")
PY
grep -h "WRONG\|FAILED\|Error" $W/r*.log | head
echo SECONDS $SECONDS
