# v0.29 call 5 (H100): the fold's rule (at most 8 partial rows, no late terms; calls 2-4:
# the fold lost 1-12 us in the capped late-terms launches and won where the partial rows
# were few) against no fold, at 32K-256K, every op, dtype, with and without a residual.
# GPU time (sweep_coop.py, dw/db checked against the unfolded sum), two processes each.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c5; mkdir -p $W
pack() { tar czf $OUT/call5.tgz -C /tmp c5; }
export SWEEP_MODES=bwd SWEEP_BWD=default SWEEP_OPS=ln,rms SWEEP_DTYPES=bf16,fp16,fp32 SWEEP_N=32768,65536,131072,262144
SETS=("r0_f0 SWEEP_RES=0 FUSEDNORM_ROW_FOLD=0" "r0_rule SWEEP_RES=0"
      "r1_f0 SWEEP_RES=1 FUSEDNORM_ROW_FOLD=0" "r1_rule SWEEP_RES=1")
for f in "${SETS[@]}"; do
  set -- $f; tag=$1; shift; SWEEP_WARM=1 env "$@" timeout 240 python benchmarks/sweep_coop.py $W/warm_$tag.json > $W/warm_$tag.log 2>&1 &
done
wait; pack; echo WARM $SECONDS
for p in 1 2; do
  for f in "${SETS[@]}"; do
    set -- $f; tag=$1; shift
    env "$@" timeout 150 python benchmarks/sweep_coop.py $W/${tag}_$p.json > $W/${tag}_$p.log 2>&1; pack
  done
done
python - <<'PY'
import json, glob, collections
t = collections.defaultdict(list)
cfgs = {}
for f in sorted(glob.glob("/tmp/c5/r*_[12].json")):
    tag = f.split("/")[-1].rsplit("_", 1)[0]
    res, var = tag.split("_")
    for r in json.load(open(f))["rows"]:
        t[(res, r["op"], r["dtype"], r["n"], var)].append(r["pct"] if r["ok"] else -1)
        cfgs[(res, r["op"], r["dtype"], r["n"], var)] = r["config"]
for k in sorted(t):
    print(f"{k[0]} {k[1]:10s} {k[2][6:]:9s} N={k[3]:7d} {k[4]:5s} {' '.join(f'{v:5.1f}' for v in t[k])}  {cfgs[k]}")
PY
grep -h "WRONG\|FAILED" $W/r*.log | head
echo SECONDS $SECONDS
