# v0.18 call 2: L2_AHEAD (a bulk L2 prefetch of the slices k steps past the next, one
# per program and slice: FUSEDNORM_L2_AHEAD=k) at k = 0 / 1 / 2 / 4, GPU time
# (sweep_coop.py, library defaults), alternated processes in both orders: LayerNorm /
# RMSNorm, fwd / bwd, bf16 / fp32, 16K-1M; with a residual (bf16) at k = 0 / 2. Then
# the cooperative GPU tests with k = 2.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c2; mkdir -p $W
pack() { tar czf $OUT/call2.tgz -C /tmp c2; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
S="SWEEP_MODES=fwd,bwd SWEEP_N=16384,65536,262144,1048576 SWEEP_DTYPES=bf16,fp32 SWEEP_OPS=ln,rms SWEEP_FWD=default SWEEP_BWD=default"
R="SWEEP_MODES=fwd,bwd SWEEP_N=65536,262144,1048576 SWEEP_DTYPES=bf16 SWEEP_OPS=ln,rms SWEEP_FWD=default SWEEP_BWD=default SWEEP_RES=1"
run() { local name=$1 k=$2 t=$3; shift 3; env FUSEDNORM_L2_AHEAD=$k "$@" timeout -s INT $t python benchmarks/sweep_coop.py $W/$name.json > $W/$name.log 2>&1; }
for k in 0 1 2 4; do run w$k $k 200 SWEEP_WARM=1 $S & done
for k in 0 2; do run wr$k $k 200 SWEEP_WARM=1 $R & done
wait; pack; echo warm $SECONDS
for k in 0 1 2 4; do run k${k}_a $k 60 $S; pack; done
for k in 4 2 1 0; do run k${k}_b $k 60 $S; pack; done
run r0 0 40 $R; pack; run r2 2 40 $R; pack
python - $W <<'PY'
import json, sys, os
W = sys.argv[1]
def load(n):
    p = os.path.join(W, n + ".json")
    if not os.path.exists(p): return {}
    return {(r["op"], r["dtype"][6:], r["mode"], r["n"]): (r["pct"], r["ok"]) for r in json.load(open(p))["rows"]}
for tag, names in (("plain", ["k0_a", "k0_b", "k1_a", "k1_b", "k2_a", "k2_b", "k4_a", "k4_b"]), ("res", ["r0", "r2"])):
    ds = [load(n) for n in names]
    keys = sorted(set().union(*[d.keys() for d in ds]), key=str)
    print("==", tag, " ".join(names))
    for k in keys:
        print(f"{k[0]:10s} {k[1]:8s} {k[2]} {k[3]:>7}", " ".join(f"{d[k][0]:5.1f}{'' if d[k][1] else '!'}" if k in d else "  -  " for d in ds))
PY
left=$((560 - SECONDS)); FUSEDNORM_L2_AHEAD=2 timeout -s INT -k 10 $left python -m pytest -q -p no:cacheprovider tests/test_rownorm.py -k "cooperative or stale or graph or million or replay" > $W/pytest_l2.log 2>&1; pack
tail -n 2 $W/pytest_l2.log; echo SECONDS $SECONDS
