# v0.29 call 2 (H100): call 1's fold lost 13-18 points at 12288-16384. Its wait polled the
# slice's words with read-modify-write atomics from every summing program. Now volatile
# loads with a sleep between polls, then one fence (_poll_tags). fold off / on with
# sleeps of 64, 256 (default) and 1024 ns. GPU time (sweep_coop.py), two processes each.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c2; mkdir -p $W
pack() { tar czf $OUT/call2.tgz -C /tmp c2; }
export SWEEP_MODES=bwd SWEEP_BWD=default SWEEP_RES=0 SWEEP_OPS=ln,rms SWEEP_DTYPES=bf16,fp32 SWEEP_N=12288,16384,32768,131072,262144
SETS=("f0 FUSEDNORM_ROW_FOLD=0"
      "f1s64 FUSEDNORM_ROW_FOLD=1 FUSEDNORM_FOLD_SLEEP=64"
      "f1s256 FUSEDNORM_ROW_FOLD=1 FUSEDNORM_FOLD_SLEEP=256"
      "f1s1024 FUSEDNORM_ROW_FOLD=1 FUSEDNORM_FOLD_SLEEP=1024")
for f in "${SETS[@]}"; do
  set -- $f; tag=$1; shift; SWEEP_WARM=1 env "$@" timeout 240 python benchmarks/sweep_coop.py $W/warm_$tag.json > $W/warm_$tag.log 2>&1 &
done
wait; pack; echo WARM $SECONDS
for p in 1 2; do
  for f in "${SETS[@]}"; do
    set -- $f; tag=$1; shift
    env "$@" timeout 120 python benchmarks/sweep_coop.py $W/${tag}_$p.json > $W/${tag}_$p.log 2>&1; pack
  done
done
python - <<'PY'
import json, glob, collections
t = collections.defaultdict(list)
for f in sorted(glob.glob("/tmp/c2/f*_[12].json")):
    tag = f.split("/")[-1].rsplit("_", 1)[0]
    for r in json.load(open(f))["rows"]:
        t[(r["op"], r["dtype"], r["n"], tag)].append(r["pct"] if r["ok"] else -1)
for k in sorted(t):
    print(f"{k[0]:10s} {k[1][6:]:9s} N={k[2]:7d} {k[3]:8s} {' '.join(f'{v:5.1f}' for v in t[k])}")
PY
tail -3 $W/warm_f1s256.log
echo SECONDS $SECONDS
