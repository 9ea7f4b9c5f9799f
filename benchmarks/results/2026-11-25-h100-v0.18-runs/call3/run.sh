# v0.18 call 3: L2_AHEAD 0 / 1 for the residual forms (bf16; fwd with r, bwd with dh),
# alternated processes; with L2_AHEAD = 1, the bf16 cooperative configs again (forward
# 64K-1M, backward 16K-1M, LayerNorm / RMSNorm); GroupNorm's rows path (sweep_gn_bwd.py,
# library defaults, bf16, none / silu, fwd and bwd) at L2_AHEAD 0 / 1. GPU time.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c3; mkdir -p $W
pack() { tar czf $OUT/call3.tgz -C /tmp c3; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
R="SWEEP_MODES=fwd,bwd SWEEP_N=65536,262144,1048576 SWEEP_DTYPES=bf16 SWEEP_OPS=ln,rms SWEEP_FWD=default SWEEP_BWD=default SWEEP_RES=1"
F="SWEEP_MODES=fwd SWEEP_N=65536,262144,1048576 SWEEP_DTYPES=bf16 SWEEP_OPS=ln,rms SWEEP_FWD=default;4096/4/4;4096/8/4;8192/8/2;8192/8/1/1/2;2048/4/8"
B="SWEEP_MODES=bwd SWEEP_N=16384,65536,262144,1048576 SWEEP_DTYPES=bf16 SWEEP_OPS=ln,rms SWEEP_BWD=default;2048/4/4;2048/4/5/1/1/2;4096/4/2;4096/8/2;8192/8/1"
G="GNB_DTYPES=bf16 GNB_ACTS=none,silu GNB_CONFIGS_2=default GNB_CONFIGS_4=default"
run() { local name=$1 k=$2 t=$3; shift 3; env FUSEDNORM_L2_AHEAD=$k "$@" timeout -s INT $t python benchmarks/sweep_coop.py $W/$name.json > $W/$name.log 2>&1; }
gn() { local name=$1 k=$2 t=$3; shift 3; env FUSEDNORM_L2_AHEAD=$k "$@" timeout -s INT $t python benchmarks/sweep_gn_bwd.py $W/$name.json > $W/$name.log 2>&1; }
run wr0 0 200 SWEEP_WARM=1 $R & run wr1 1 200 SWEEP_WARM=1 $R &
run wf1 1 200 SWEEP_WARM=1 $F & run wb1 1 200 SWEEP_WARM=1 $B &
for k in 0 1; do gn gwf$k $k 200 $G GNB_MODE=fwd & gn gwb$k $k 200 $G & done
wait; pack; echo warm $SECONDS
for i in a b; do run r0_$i 0 50 $R; pack; run r1_$i 1 50 $R; pack; done
run f1 1 90 $F; pack
run b1 1 110 $B; pack
for i in a; do for k in 0 1; do gn gf${k}_$i $k 60 $G GNB_MODE=fwd; pack; gn gb${k}_$i $k 60 $G; pack; done; done
for f in $W/f1.log $W/b1.log $W/g*.log; do echo "== $f"; grep -v "^$" $f | cut -c1-120; done
python - $W <<'PY'
import json, sys, os
W = sys.argv[1]
def load(n):
    p = os.path.join(W, n + ".json")
    if not os.path.exists(p): return {}
    return {(r["op"], r["dtype"][6:], r["mode"], r["n"]): (r["pct"], r["ok"]) for r in json.load(open(p))["rows"]}
names = ["r0_a", "r1_a", "r0_b", "r1_b"]
ds = [load(n) for n in names]
print("== res", " ".join(names))
for k in sorted(set().union(*[d.keys() for d in ds]), key=str):
    print(f"{k[0]:10s} {k[1]:8s} {k[2]} {k[3]:>7}", " ".join(f"{d[k][0]:5.1f}{'' if d[k][1] else '!'}" if k in d else "  -  " for d in ds))
PY
echo SECONDS $SECONDS
