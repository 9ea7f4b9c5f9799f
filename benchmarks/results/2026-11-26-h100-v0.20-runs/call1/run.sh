# v0.20 call 1: the cooperative backward's instruction cuts (unmasked loads where EVEN,
# 1/N once a launch; HOLD_W: w held in fp32; SYNC 4 with one 1-D tile per slot: the
# collect without barriers) against 40a04f9 (v0.19's tree, carried as .whl/base/src):
# sweep_coop.py library defaults, GPU time, bwd bf16 / fp32 LN / RMS 12288-1M, then
# (the forward and GPU tests: call 2).
export PYTHONUNBUFFERED=1
W=/tmp/c1; mkdir -p $W
pack() { tar czf $OUT/call1.tgz -C /tmp c1; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
B=$PWD/.whl/base/src; NEW=$PWD/src
S="SWEEP_MODES=bwd SWEEP_N=12288,16384,32768,65536,131072,262144,1048576 SWEEP_DTYPES=bf16,fp32 SWEEP_OPS=ln,rms SWEEP_BWD=default"
run() { local name=$1 src=$2 t=$3; shift 3; env PYTHONPATH=$src "$@" timeout -s INT $t python benchmarks/sweep_coop.py $W/$name.json > $W/$name.log 2>&1; }
run wb $B 200 SWEEP_WARM=1 $S & run wn $NEW 200 SWEEP_WARM=1 $S &
run wh $NEW 200 SWEEP_WARM=1 FUSEDNORM_HOLD_W=1 $S & run ws $NEW 200 SWEEP_WARM=1 SWEEP_SYNC=4 $S &
run whs $NEW 200 SWEEP_WARM=1 FUSEDNORM_HOLD_W=1 SWEEP_SYNC=4 $S &
wait; pack; echo warm $SECONDS
run base_a $B 50 $S; pack; run new_a $NEW 50 $S; pack
run hold_a $NEW 50 FUSEDNORM_HOLD_W=1 $S; pack; run s4_a $NEW 50 SWEEP_SYNC=4 $S; pack
run hs4_a $NEW 50 FUSEDNORM_HOLD_W=1 SWEEP_SYNC=4 $S; pack
run base_b $B 50 $S; pack; run hs4_b $NEW 50 FUSEDNORM_HOLD_W=1 SWEEP_SYNC=4 $S; pack
run s4_b $NEW 50 SWEEP_SYNC=4 $S; pack
echo sweeps $SECONDS
python - $W <<'PY'
import json, sys, os
W = sys.argv[1]
def load(n):
    p = os.path.join(W, n + ".json")
    if not os.path.exists(p): return {}
    return {(r["op"], r["dtype"][6:], r["n"]): (r["pct"], r["ok"], r["config"]) for r in json.load(open(p))["rows"]}
for names in (["base_a", "base_b", "new_a", "hold_a", "s4_a", "s4_b", "hs4_a", "hs4_b"],):
    ds = [load(n) for n in names]
    print("==", " ".join(names))
    for k in sorted(set().union(*[d.keys() for d in ds]), key=str):
        print(f"{k[0]:10s} {k[1]:8s} {k[2]:>7}", " ".join(f"{d[k][0]:5.1f}{'' if d[k][1] else '!'}" if k in d else "  -  " for d in ds), ds[-1].get(k, (0, 0, ""))[2][:40])
PY
echo SECONDS $SECONDS
