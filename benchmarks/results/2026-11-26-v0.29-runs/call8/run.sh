# v0.29 call 8 (H100): the fold compiled as a function of its own (@triton.jit(noinline=
# True)), so ptxas schedules the main loop as without it (CPU SASS: same structure).
# GPU tests of the fold; then fold forced off / on where it lost (12288 / 16384, 16-bit
# LayerNorm and RMSNorm, late terms; fp32 LayerNorm 131072) and where it is taken (bf16
# 131072 / 262144). GPU time (sweep_coop.py, dw/db checked), two processes each.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c8; mkdir -p $W
pack() { tar czf $OUT/call8.tgz -C /tmp c8; }
export SWEEP_MODES=bwd SWEEP_BWD=default SWEEP_RES=0
SETS=("a_f0 SWEEP_N=12288,16384,131072,262144 SWEEP_OPS=ln,rms SWEEP_DTYPES=bf16 FUSEDNORM_ROW_FOLD=0"
      "a_f1 SWEEP_N=12288,16384,131072,262144 SWEEP_OPS=ln,rms SWEEP_DTYPES=bf16 FUSEDNORM_ROW_FOLD=1"
      "b_f0 SWEEP_N=131072 SWEEP_OPS=ln SWEEP_DTYPES=fp32 FUSEDNORM_ROW_FOLD=0"
      "b_f1 SWEEP_N=131072 SWEEP_OPS=ln SWEEP_DTYPES=fp32 FUSEDNORM_ROW_FOLD=1")
for f in "${SETS[@]}"; do
  set -- $f; tag=$1; shift; SWEEP_WARM=1 env "$@" timeout 150 python benchmarks/sweep_coop.py $W/warm_$tag.json > $W/warm_$tag.log 2>&1 &
done
timeout 100 python -m pytest -q tests/test_rownorm.py -p no:cacheprovider -k "cuda and fold" > $W/t_fold.log 2>&1 &
wait; pack; echo WARM $SECONDS
for p in 1 2; do
  for f in "${SETS[@]}"; do
    set -- $f; tag=$1; shift
    env "$@" timeout 50 python benchmarks/sweep_coop.py $W/${tag}_$p.json > $W/${tag}_$p.log 2>&1; pack
  done
done
tail -2 $W/t_fold.log
python - <<'PY'
import json, glob, collections
t = collections.defaultdict(list)
for f in sorted(glob.glob("/tmp/c8/[ab]_f*_[12].json")):
    tag = f.split("/")[-1].rsplit("_", 1)[0]
    for r in json.load(open(f))["rows"]:
        t[(r["op"], r["dtype"], r["n"], tag)].append(r["pct"] if r["ok"] else -1)
for k in sorted(t):
    print(f"{k[0]:10s} {k[1][6:]:9s} N={k[2]:7d} {k[3]:5s} {' '.join(f'{v:5.1f}' for v in t[k])}")
PY
grep -h "WRONG\|FAILED\|Error" $W/[ab]_*.log | head
echo SECONDS $SECONDS
