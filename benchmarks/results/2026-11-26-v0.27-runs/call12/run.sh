# v0.27 call 12 (H100): the 16-bit LayerNorm backward's PREFETCH schedule on slices of
# 2048 / 4 warps needs 157-163 registers (ptxas, sm_90a, CPU), so 3 programs fit an SM
# where 16-bit RMSNorm's (127) fits 4; capped at 128 it spills 20 B with statistics ahead.
# Here: that schedule (L2 one step ahead / none) with statistics ahead, capped at 128
# (FUSEDNORM_BWD_REG_CAP=128) and not, against the tables' configs, bf16, without and with
# dh (dh asked of the L2 in every config), 12288-256K, two processes each. GPU time.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c12; mkdir -p $W
pack() { tar czf $OUT/call12.tgz -C /tmp c12; }
export SWEEP_MODES=bwd SWEEP_N=12288,16384,32768,65536,131072,262144 SWEEP_OPS=ln SWEEP_DTYPES=bf16 SWEEP_DH_L2=1
export SWEEP_BWD="default;2048/4/4/1/1/0/1;2048/4/4/1/1/0/0"
v() { case $1 in c) echo "FUSEDNORM_BWD_REG_CAP=128 FUSEDNORM_STATS_AHEAD=1";; n) echo "FUSEDNORM_STATS_AHEAD=1";; esac; }
for s in c n; do for r in 0 1; do
  env $(v $s) SWEEP_RES=$r SWEEP_WARM=1 timeout 300 python benchmarks/sweep_coop.py $W/warm_$s$r.json > $W/warm_$s$r.log 2>&1 &
done; done
wait; pack; echo WARM $SECONDS
for p in 1 2; do for s in c n; do for r in 0 1; do
  env $(v $s) SWEEP_RES=$r timeout 100 python benchmarks/sweep_coop.py $W/${s}${r}_$p.json > $W/${s}${r}_$p.log 2>&1; pack
done; done; done
python - <<'PY'
import json, glob, collections
t = collections.defaultdict(list)
for f in sorted(glob.glob("/tmp/c12/[cn][01]_?.json")):
    v = f.split("/")[-1][:2]
    for r in json.load(open(f))["rows"]:
        t[(v[1], r["n"], r["config"], v[0])].append(r["pct"] if r["ok"] else -1)
for k in sorted({k[:3] for k in t}):
    a, b = t.get(k + ("n",), []), t.get(k + ("c",), [])
    print(f"dh{k[0]} N={k[1]:7d} {k[2]:44s} ahead {' '.join(f'{v:5.1f}' for v in a)}  ahead+cap128 {' '.join(f'{v:5.1f}' for v in b)}")
PY
echo SECONDS $SECONDS
