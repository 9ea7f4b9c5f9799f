# v0.27 call 7 (H100): call 6 read the fp32 RMSNorm backward with dh at 1M (add_rms_norm)
# 84.6% with its table config (8192 / 16 warps, replay 1, w held, DH_L2) and 89.1% with the
# same config without the dh prefetch (FUSEDNORM_HOLD_W=1 forced there), against v0.26
# call 3's 88.6 -> 92.5 for DH_L2. Here without forced flags: the library's configs at 1M
# with dh, DH_L2 as the table says / off / on (SWEEP_DH_L2), LayerNorm and RMSNorm, bf16,
# fp16, fp32, three processes each, the settings alternated. GPU time (sweep_coop.py).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c7; mkdir -p $W
pack() { tar czf $OUT/call7.tgz -C /tmp c7; }
export SWEEP_MODES=bwd SWEEP_N=1048576 SWEEP_OPS=ln,rms SWEEP_RES=1 SWEEP_BWD=default SWEEP_DTYPES=bf16,fp16,fp32
for v in t 0 1; do
  ( [ $v = t ] || export SWEEP_DH_L2=$v; SWEEP_WARM=1 timeout 300 python benchmarks/sweep_coop.py $W/warm_$v.json > $W/warm_$v.log 2>&1 ) &
done
wait; pack; echo WARM $SECONDS
for p in 1 2 3; do for v in t 0 1; do
  ( [ $v = t ] || export SWEEP_DH_L2=$v; timeout 100 python benchmarks/sweep_coop.py $W/${v}_$p.json > $W/${v}_$p.log 2>&1 ); pack
done; done
python - <<'PY'
import json, glob, collections
t = collections.defaultdict(list)
for f in sorted(glob.glob("/tmp/c7/[t01]_?.json")):
    v = f.split("/")[-1].split("_")[0]
    for r in json.load(open(f))["rows"]:
        t[(r["op"], r["dtype"][6:], v)].append((r["pct"], r["config"]))
for k in sorted(t):
    print(f"{k[0]:10s} {k[1]:8s} dh_l2={k[2]} {t[k][0][1]:40s} {' '.join(f'{p:5.1f}' for p, _ in t[k])}")
PY
echo SECONDS $SECONDS
