# v0.28 call 3 (H100): 16-bit LayerNorm backward at 12288-256K, the PREFETCH schedule on
# 2048 / 4 warps / 4 per SM with the held row's terms formed after the wait (LATE_TERMS,
# which caps registers at 128: no spill, regs_late.log), statistics ahead or not, L2
# prefetch 1 or 0, against the tables' configs; without dh, and with dh (dh prefetch off
# / on). bf16, GPU time (sweep_coop.py), two processes per flag setting.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c3; mkdir -p $W
pack() { tar czf $OUT/call3.tgz -C /tmp c3; }
export SWEEP_MODES=bwd SWEEP_N=12288,16384,65536,131072,262144 SWEEP_OPS=ln SWEEP_DTYPES=bf16
export SWEEP_BWD="default;2048/4/4/1/1/0/1;2048/4/4/1/1/0/0"
SETS=("r0_none SWEEP_RES=0"
      "r0_late SWEEP_RES=0 FUSEDNORM_LATE_TERMS=1 FUSEDNORM_STATS_AHEAD=0"
      "r0_latesa SWEEP_RES=0 FUSEDNORM_LATE_TERMS=1 FUSEDNORM_STATS_AHEAD=1"
      "r1_none SWEEP_RES=1"
      "r1_latesa SWEEP_RES=1 FUSEDNORM_LATE_TERMS=1 FUSEDNORM_STATS_AHEAD=1 SWEEP_DH_L2=0"
      "r1_latesadh SWEEP_RES=1 FUSEDNORM_LATE_TERMS=1 FUSEDNORM_STATS_AHEAD=1 SWEEP_DH_L2=1")
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
for f in sorted(glob.glob("/tmp/c3/r*_[12].json")):
    tag = f.split("/")[-1].rsplit("_", 1)[0]
    for r in json.load(open(f))["rows"]:
        t[(r["n"], tag, r["config"])].append(r["pct"] if r["ok"] else -1)
for k in sorted(t):
    print(f"N={k[0]:6d} {k[1]:12s} {k[2]:46s} {' '.join(f'{v:5.1f}' for v in t[k])}")
PY
echo SECONDS $SECONDS
