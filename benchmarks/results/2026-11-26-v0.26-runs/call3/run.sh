# v0.26 call 3 (H100): the backward's dh prefetch (DH_L2, new: dh asked of the L2 a step
# before it is read; tile path and the cooperative REPLAY / PREFETCH schedules) against
# none, the table's configs, every rows-suite N (and 6144), bf16 / fp16 / fp32, LayerNorm /
# RMSNorm with dh (add_*'s backward); GPU time (sweep_coop.py), compiled first by six
# processes, then the two variants alternated in two timed processes each.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c3; mkdir -p $W
pack() { tar czf $OUT/call3.tgz -C /tmp c3; }
export SWEEP_MODES=bwd SWEEP_OPS=ln,rms SWEEP_BWD=default SWEEP_RES=1
export SWEEP_N=256,512,1024,2048,4096,5120,6144,8192,12288,16384,32768,65536,131072,262144,1048576
run() { timeout ${T:-200} python benchmarks/sweep_coop.py "$@"; }
for v in 0 1; do for d in bf16 fp16 fp32; do
  SWEEP_WARM=1 SWEEP_DH_L2=$v SWEEP_DTYPES=$d run $W/warm_$v$d.json > $W/warm_$v$d.log 2>&1 &
done; done; wait; pack
for p in 1 2; do for v in 0 1; do
  T=200 SWEEP_DH_L2=$v SWEEP_DTYPES=bf16,fp16,fp32 run $W/dh${v}_$p.json > $W/dh${v}_$p.log 2>&1; pack
done; done
tail -n 1 $W/warm_*.log | cut -c1-120
python - <<'PY'
import json, glob, collections
t = collections.defaultdict(list)
for f in sorted(glob.glob("/tmp/c3/dh*_*.json")):
    v = f.split("/dh")[1][0]
    for row in json.load(open(f))["rows"]:
        t[(row["op"], row["dtype"][6:], row["n"], v)].append(row["pct"] if row["ok"] else -1)
for k in sorted({k[:3] for k in t}):
    a, b = t[k + ("0",)], t[k + ("1",)]
    print(f"{k[0]:10s} {k[1]:8s} N={k[2]:7d} none {' '.join(f'{v:5.1f}' for v in a)}  dh_l2 {' '.join(f'{v:5.1f}' for v in b)}"
          f"  {'+' if min(b) > max(a) else '-' if max(b) < min(a) else '='}")
PY
echo SECONDS $SECONDS
