# v0.27 call 9 (H100): the 16-bit cooperative backward without dh at 64K-256K (as called:
# RMSNorm 86.0 / 91.1 / 87.9%, LayerNorm 88.0 / 88.2 / 90.1), candidates around the tables
# (slices 1024-8192, 2-8 per SM, PREFETCH with one L2 step, replay 2), each with the
# tables' flags and with statistics ahead forced (FUSEDNORM_STATS_AHEAD=1: the custom
# configs carry none), two processes each, bf16. GPU time (sweep_coop.py).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c9; mkdir -p $W
pack() { tar czf $OUT/call9.tgz -C /tmp c9; }
export SWEEP_MODES=bwd SWEEP_N=65536,131072,262144 SWEEP_OPS=ln,rms SWEEP_DTYPES=bf16
export SWEEP_BWD="default;2048/4/4/1/1/0/1;2048/4/5/1/1/0/1;4096/4/2/1/1/0/1;4096/4/3/1/1/0/1;8192/8/1/1/1/0/1;2048/4/4/1/1/2/1;1024/4/8/1/1/0/1;4096/8/2/1/1/0/1"
for v in t 1; do for o in ln rms; do
  ( [ $v = t ] || export FUSEDNORM_STATS_AHEAD=1; SWEEP_OPS=$o SWEEP_WARM=1 timeout 300 python benchmarks/sweep_coop.py $W/warm_$v$o.json > $W/warm_$v$o.log 2>&1 ) &
done; done
wait; pack; echo WARM $SECONDS
for p in 1 2; do for v in t 1; do
  ( [ $v = t ] || export FUSEDNORM_STATS_AHEAD=1; timeout 150 python benchmarks/sweep_coop.py $W/${v}_$p.json > $W/${v}_$p.log 2>&1 ); pack
done; done
python - <<'PY'
import json, glob, collections
t = collections.defaultdict(list)
for f in sorted(glob.glob("/tmp/c9/[t1]_?.json")):
    v = f.split("/")[-1].split("_")[0]
    for r in json.load(open(f))["rows"]:
        t[(r["op"], r["n"], r["config"], v)].append(r["pct"] if r["ok"] else -1)
for k in sorted({k[:3] for k in t}):
    a, b = t.get(k + ("t",), []), t.get(k + ("1",), [])
    print(f"{k[0]:10s} N={k[1]:7d} {k[2]:42s} tables {' '.join(f'{v:5.1f}' for v in a)}  ahead {' '.join(f'{v:5.1f}' for v in b)}")
PY
echo SECONDS $SECONDS
