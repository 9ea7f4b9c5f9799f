# v0.28 call 5 (H100): late terms where they let 16 elements a thread fit 128 registers
# with fewer, larger programs: 16-bit LayerNorm backward at 32K-1M on 4096 / 8 warps / 2
# per SM and 8192 / 16 / 1 (PREFETCH, L2 prefetch 1), statistics ahead or not, against
# the tables (4096 / 4 / 2 at 254 registers; 8192 / 8 / 1 at 1M); without dh (bf16, fp16)
# and with dh (bf16, dh prefetch on, L2 prefetch off). GPU time (sweep_coop.py), two
# processes per flag setting.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c5; mkdir -p $W
pack() { tar czf $OUT/call5.tgz -C /tmp c5; }
export SWEEP_MODES=bwd SWEEP_N=32768,65536,131072,262144,1048576 SWEEP_OPS=ln
SETS=("r0_none SWEEP_RES=0 SWEEP_DTYPES=bf16,fp16 FUSEDNORM_LATE_TERMS=0 SWEEP_BWD=default;4096/8/2/1/1/0/1;8192/16/1/1/1/0/1"
      "r0_late SWEEP_RES=0 SWEEP_DTYPES=bf16,fp16 FUSEDNORM_LATE_TERMS=1 FUSEDNORM_STATS_AHEAD=0 SWEEP_BWD=4096/8/2/1/1/0/1;8192/16/1/1/1/0/1"
      "r0_latesa SWEEP_RES=0 SWEEP_DTYPES=bf16,fp16 FUSEDNORM_LATE_TERMS=1 FUSEDNORM_STATS_AHEAD=1 SWEEP_BWD=4096/8/2/1/1/0/1;8192/16/1/1/1/0/1"
      "r1_none SWEEP_RES=1 SWEEP_DTYPES=bf16 FUSEDNORM_LATE_TERMS=0 SWEEP_BWD=default"
      "r1_latesa SWEEP_RES=1 SWEEP_DTYPES=bf16 SWEEP_DH_L2=1 FUSEDNORM_LATE_TERMS=1 FUSEDNORM_STATS_AHEAD=1 SWEEP_BWD=4096/8/2/1/1/0/0;8192/16/1/1/1/0/0")
for f in "${SETS[@]}"; do
  set -- $f; tag=$1; shift; SWEEP_WARM=1 env "$@" timeout 300 python benchmarks/sweep_coop.py $W/warm_$tag.json > $W/warm_$tag.log 2>&1 &
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
for f in sorted(glob.glob("/tmp/c5/r*_[12].json")):
    tag = f.split("/")[-1].rsplit("_", 1)[0]
    for r in json.load(open(f))["rows"]:
        t[(r["dtype"], r["n"], tag, r["config"])].append(r["pct"] if r["ok"] else -1)
for k in sorted(t):
    print(f"{k[0][6:]:9s} N={k[1]:7d} {k[2]:9s} {k[3]:44s} {' '.join(f'{v:5.1f}' for v in t[k])}")
PY
echo SECONDS $SECONDS
