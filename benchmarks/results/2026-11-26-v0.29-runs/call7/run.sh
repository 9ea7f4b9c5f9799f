# v0.29 call 7 (H100): with the fold, configs of fewer partial rows at 64K (16-bit
# LayerNorm, the weakest backward cell after 12288: 85.9% as called): 4096 / 4 / 2,
# 4096 / 8 / 1, 8192 / 8 / 1 (prefetch, L2 1) against the table's 2048 / 4 / 4 replay 2,
# fold forced off / on; and 12288 / 16384 without late terms but with the fold, against
# the table (late terms, no fold). bf16, GPU time (sweep_coop.py), two processes each.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c7; mkdir -p $W
pack() { tar czf $OUT/call7.tgz -C /tmp c7; }
export SWEEP_MODES=bwd SWEEP_OPS=ln SWEEP_DTYPES=bf16 SWEEP_RES=0
C64="default;4096/4/2/1/1/0/1;4096/8/1/1/1/0/1;8192/8/1/1/1/0/1"
SETS=("n64_f0 SWEEP_N=65536 SWEEP_BWD=$C64 FUSEDNORM_ROW_FOLD=0"
      "n64_f1 SWEEP_N=65536 SWEEP_BWD=$C64 FUSEDNORM_ROW_FOLD=1"
      "n12_base SWEEP_N=12288,16384 SWEEP_BWD=default"
      "n12_l0f1 SWEEP_N=12288,16384 SWEEP_BWD=default FUSEDNORM_LATE_TERMS=0 FUSEDNORM_ROW_FOLD=1")
for f in "${SETS[@]}"; do
  set -- $f; tag=$1; shift; SWEEP_WARM=1 env "$@" timeout 200 python benchmarks/sweep_coop.py $W/warm_$tag.json > $W/warm_$tag.log 2>&1 &
done
wait; pack; echo WARM $SECONDS
for p in 1 2; do
  for f in "${SETS[@]}"; do
    set -- $f; tag=$1; shift
    env "$@" timeout 60 python benchmarks/sweep_coop.py $W/${tag}_$p.json > $W/${tag}_$p.log 2>&1; pack
  done
done
python - <<'PY'
import json, glob, collections
t = collections.defaultdict(list)
for f in sorted(glob.glob("/tmp/c7/n*_[12].json")):
    tag = f.split("/")[-1].rsplit("_", 1)[0]
    for r in json.load(open(f))["rows"]:
        t[(r["n"], tag, r["config"])].append(r["pct"] if r["ok"] else -1)
for k in sorted(t):
    print(f"N={k[0]:7d} {k[1]:9s} {k[2]:48s} {' '.join(f'{v:5.1f}' for v in t[k])}")
PY
grep -h "WRONG\|FAILED" $W/n*.log | head
echo SECONDS $SECONDS
