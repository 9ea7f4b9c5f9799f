# v0.28 call 8 (H100): call 7's two finds in fp16 (16-bit RMSNorm without dh on 2048 / 4 / 4
# with w held and late terms, 12288-256K; 16-bit LayerNorm at 1M with late terms), and
# 16-bit RMSNorm with dh (add_rms_norm) on its 2048 / 4 / 4 with w held and late terms
# (128 registers, no spill), bf16 and fp16, 12288-256K. Against the tables; GPU time
# (sweep_coop.py), two processes per flag setting. (The library here still has v0.27's
# entries for these.)
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c8; mkdir -p $W
pack() { tar czf $OUT/call8.tgz -C /tmp c8; }
export SWEEP_MODES=bwd SWEEP_OPS=rms SWEEP_N=12288,16384,32768,65536,131072,262144
SETS=("rms_none SWEEP_DTYPES=fp16 SWEEP_RES=0 SWEEP_BWD=default"
      "rms_hold SWEEP_DTYPES=fp16 SWEEP_RES=0 FUSEDNORM_HOLD_W=1 FUSEDNORM_LATE_TERMS=1 FUSEDNORM_STATS_AHEAD=1 SWEEP_BWD=2048/4/4/1/1/0/1"
      "dh_none SWEEP_DTYPES=bf16,fp16 SWEEP_RES=1 SWEEP_BWD=default"
      "dh_hold SWEEP_DTYPES=bf16,fp16 SWEEP_RES=1 FUSEDNORM_HOLD_W=1 FUSEDNORM_LATE_TERMS=1 SWEEP_BWD=default"
      "ln1m_none SWEEP_OPS=ln SWEEP_DTYPES=bf16,fp16 SWEEP_RES=0 SWEEP_N=1048576 SWEEP_BWD=default"
      "ln1m_late SWEEP_OPS=ln SWEEP_DTYPES=bf16,fp16 SWEEP_RES=0 SWEEP_N=1048576 FUSEDNORM_LATE_TERMS=1 SWEEP_BWD=default")
for f in "${SETS[@]}"; do
  set -- $f; tag=$1; shift; SWEEP_WARM=1 env "$@" timeout 300 python benchmarks/sweep_coop.py $W/warm_$tag.json > $W/warm_$tag.log 2>&1 &
done
wait; pack; echo WARM $SECONDS
for p in 1 2; do
  for f in "${SETS[@]}"; do
    set -- $f; tag=$1; shift
    env "$@" timeout 100 python benchmarks/sweep_coop.py $W/${tag}_$p.json > $W/${tag}_$p.log 2>&1; pack
  done
done
python - <<'PY'
import json, glob, collections
t = collections.defaultdict(list)
for f in sorted(glob.glob("/tmp/c8/[rdl]*_[12].json")):
    tag = f.split("/")[-1].rsplit("_", 1)[0]
    for r in json.load(open(f))["rows"]:
        t[(r["op"], r["dtype"], r["n"], tag, r["config"])].append(r["pct"] if r["ok"] else -1)
for k in sorted(t):
    print(f"{k[0][:3]} {k[1][6:]:9s} N={k[2]:7d} {k[3]:9s} {k[4]:44s} {' '.join(f'{v:5.1f}' for v in t[k])}")
PY
echo SECONDS $SECONDS
