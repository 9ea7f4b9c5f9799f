# v0.28 call 4 (H100): LATE_TERMS (call 3) where it fits more programs per SM: fp32
# LayerNorm backward on slices of 1024 / 4 warps at 4, 5 and 6 per SM (96 registers with
# late terms, regs_late.py 12288 1024/4 fp32), and the 16-bit LayerNorm's 2048 / 4 / 4 at
# 12288-64K again (bf16 and fp16), without dh, against the tables. GPU time
# (sweep_coop.py), two processes per flag setting.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c4; mkdir -p $W
pack() { tar czf $OUT/call4.tgz -C /tmp c4; }
export SWEEP_MODES=bwd SWEEP_N=12288,16384,32768,65536 SWEEP_OPS=ln SWEEP_DTYPES=bf16,fp16,fp32 SWEEP_RES=0
export SWEEP_BWD="default;2048/4/4/1/1/0/1;1024/4/4/1/1/0/1;1024/4/5/1/1/0/1;1024/4/6/1/1/0/1"
SETS=("none FUSEDNORM_LATE_TERMS=0"
      "late FUSEDNORM_LATE_TERMS=1"
      "latesa FUSEDNORM_LATE_TERMS=1 FUSEDNORM_STATS_AHEAD=1")
for f in "${SETS[@]}"; do
  set -- $f; tag=$1; shift; SWEEP_WARM=1 env "$@" timeout 300 python benchmarks/sweep_coop.py $W/warm_$tag.json > $W/warm_$tag.log 2>&1 &
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
for f in sorted(glob.glob("/tmp/c4/*_[12].json")):
    tag = f.split("/")[-1].rsplit("_", 1)[0]
    for r in json.load(open(f))["rows"]:
        t[(r["dtype"], r["n"], tag, r["config"])].append(r["pct"] if r["ok"] else -1)
for k in sorted(t):
    print(f"{k[0][6:]:9s} N={k[1]:6d} {k[2]:7s} {k[3]:44s} {' '.join(f'{v:5.1f}' for v in t[k])}")
PY
echo SECONDS $SECONDS
