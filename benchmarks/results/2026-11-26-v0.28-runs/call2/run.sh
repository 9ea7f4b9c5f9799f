# v0.28 call 2 (H100): fp32 RMSNorm backward without dh at 1M (78%, issue 6's lowest 1M
# backward): slices of 16384 (GROUP 64, two row groups on the GPU) and 8192 on 16 warps,
# replay 0-2, each with and without w held (FUSEDNORM_HOLD_W) and statistics ahead
# (FUSEDNORM_STATS_AHEAD), against the table's 8192 / 8 / 1 replay 2 (w held). GPU time
# (sweep_coop.py), two processes per flag setting.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c2; mkdir -p $W
pack() { tar czf $OUT/call2.tgz -C /tmp c2; }
export SWEEP_MODES=bwd SWEEP_N=1048576 SWEEP_OPS=rms SWEEP_DTYPES=fp32 SWEEP_RES=0
export SWEEP_BWD="default;8192/8/1/1/1/0;8192/16/1/1/1/0;8192/16/1/1/1/1;8192/16/1/1/1/2;16384/16/1/1/1/0;16384/32/1/1/1/0;16384/16/1/1/1/1;16384/32/1/1/1/1;16384/32/1/1/1/2"
run() {  # $1 tag, then env assignments
  tag=$1; shift; env "$@" timeout 200 python benchmarks/sweep_coop.py $W/$tag.json > $W/$tag.log 2>&1; pack
}
for f in "none" "sa FUSEDNORM_STATS_AHEAD=1" "hw FUSEDNORM_HOLD_W=1" "hwsa FUSEDNORM_HOLD_W=1 FUSEDNORM_STATS_AHEAD=1"; do
  set -- $f; tag=$1; shift; SWEEP_WARM=1 env "$@" timeout 300 python benchmarks/sweep_coop.py $W/warm_$tag.json > $W/warm_$tag.log 2>&1 &
done
wait; pack; echo WARM $SECONDS
for p in 1 2; do
  for f in "none" "sa FUSEDNORM_STATS_AHEAD=1" "hw FUSEDNORM_HOLD_W=1" "hwsa FUSEDNORM_HOLD_W=1 FUSEDNORM_STATS_AHEAD=1"; do
    set -- $f; tag=$1; shift; run ${tag}_$p "$@"
  done
done
python - <<'PY'
import json, glob, collections
t = collections.defaultdict(list)
for f in sorted(glob.glob("/tmp/c2/*_[12].json")):
    tag = f.split("/")[-1].rsplit("_", 1)[0]
    for r in json.load(open(f))["rows"]:
        t[(tag, r["config"])].append(r["pct"] if r["ok"] else -1)
for k in sorted(t):
    print(f"{k[0]:5s} {k[1]:46s} {' '.join(f'{v:5.1f}' for v in t[k])}")
PY
echo SECONDS $SECONDS
