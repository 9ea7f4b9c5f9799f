# v0.29 call 1 (H100): the row norms' cooperative backward with its dw/db sum folded into
# the launch (FUSEDNORM_ROW_FOLD=1, _fold_slice) against the sum's own launch (=0), on
# the tables' configs. GPU time (sweep_coop.py, replayed CUDA graphs, checked against
# torch), two processes per setting; then the bench as called (fusednorm alone), one
# process per setting.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c1; mkdir -p $W
pack() { tar czf $OUT/call1.tgz -C /tmp c1; }
export SWEEP_MODES=bwd SWEEP_BWD=default
SETS=("r0_f0 SWEEP_RES=0 SWEEP_OPS=ln,rms SWEEP_DTYPES=bf16,fp32 SWEEP_N=12288,16384,32768,65536,131072,262144 FUSEDNORM_ROW_FOLD=0"
      "r0_f1 SWEEP_RES=0 SWEEP_OPS=ln,rms SWEEP_DTYPES=bf16,fp32 SWEEP_N=12288,16384,32768,65536,131072,262144 FUSEDNORM_ROW_FOLD=1"
      "r1_f0 SWEEP_RES=1 SWEEP_OPS=ln,rms SWEEP_DTYPES=bf16 SWEEP_N=12288,32768,131072 FUSEDNORM_ROW_FOLD=0"
      "r1_f1 SWEEP_RES=1 SWEEP_OPS=ln,rms SWEEP_DTYPES=bf16 SWEEP_N=12288,32768,131072 FUSEDNORM_ROW_FOLD=1")
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
echo SWEEPS $SECONDS
B="python -m fusednorm.bench --suite rows --kind sweep --mode bwd --providers fusednorm"
for fo in 0 1; do
  FUSEDNORM_ROW_FOLD=$fo timeout -s INT 60 $B --op layer_norm,rms_norm --dtype bf16 --n 12288,16384,65536 --out $W/b_f$fo > $W/b_f$fo.log 2>&1
  rm -f $W/b_f$fo/*.png; pack
done
python - <<'PY'
import json, glob, collections
t = collections.defaultdict(list)
for f in sorted(glob.glob("/tmp/c1/r*_[12].json")):
    tag = f.split("/")[-1].rsplit("_", 1)[0]
    for r in json.load(open(f))["rows"]:
        t[(r["op"] if "op" in r else "", r["dtype"], r["n"], tag)].append(r["pct"] if r["ok"] else -1)
for k in sorted(t):
    print(f"{k[0]:14s} {k[1][6:]:9s} N={k[2]:7d} {k[3]:6s} {' '.join(f'{v:5.1f}' for v in t[k])}")
PY
for d in $W/b_f*; do echo $d; sed -n '/## rows/,$p' $d/summary.md | grep -v "^$" | grep -v "^|---"; done
echo SECONDS $SECONDS
