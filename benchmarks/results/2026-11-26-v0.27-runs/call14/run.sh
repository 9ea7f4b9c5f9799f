# v0.27 call 14 (H100): 16-bit LayerNorm backward at 12288-64K, the PREFETCH schedule with
# statistics ahead on layouts with fewer elements a thread (so fewer registers: 2048 on 8
# warps, 1024 on 4 or 2 warps), against the tables' configs, without and with dh (dh asked
# of the L2 in every config), bf16, two processes each. GPU time (sweep_coop.py).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c14; mkdir -p $W
pack() { tar czf $OUT/call14.tgz -C /tmp c14; }
export SWEEP_MODES=bwd SWEEP_N=12288,16384,32768,65536 SWEEP_OPS=ln SWEEP_DTYPES=bf16 SWEEP_DH_L2=1 FUSEDNORM_STATS_AHEAD=1
export SWEEP_BWD="default;2048/8/2/1/1/0/1;2048/8/3/1/1/0/1;1024/4/6/1/1/0/1;1024/4/8/1/1/0/1;1024/2/10/1/1/0/1;2048/8/2/1/1/2/1"
for r in 0 1; do SWEEP_RES=$r SWEEP_WARM=1 timeout 300 python benchmarks/sweep_coop.py $W/warm_$r.json > $W/warm_$r.log 2>&1 & done
wait; pack; echo WARM $SECONDS
for p in 1 2; do for r in 0 1; do
  SWEEP_RES=$r timeout 100 python benchmarks/sweep_coop.py $W/s${r}_$p.json > $W/s${r}_$p.log 2>&1; pack
done; done
python - <<'PY'
import json, glob, collections
t = collections.defaultdict(list)
for f in sorted(glob.glob("/tmp/c14/s?_?.json")):
    r0 = f.split("/")[-1][1]
    for r in json.load(open(f))["rows"]:
        t[(r0, r["n"], r["config"])].append(r["pct"] if r["ok"] else -1)
for k in sorted(t):
    print(f"dh{k[0]} N={k[1]:6d} {k[2]:46s} {' '.join(f'{v:5.1f}' for v in t[k])}")
PY
echo SECONDS $SECONDS
