# v0.18 call 1: EVEN (no column mask where every tile / slice lies in the row) and the
# FMA forms of xhat and dx for 16-bit data, against 50c4c01 (v0.17's last kernels; its
# src carried as .whl/base/src), GPU time (sweep_coop.py, library defaults), alternated
# processes: LayerNorm / RMSNorm, fwd / bwd, bf16 / fp32, 4K-1M; with a residual, bf16.
export PYTHONUNBUFFERED=1
W=/tmp/c1; mkdir -p $W
pack() { tar czf $OUT/call1.tgz -C /tmp c1; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
B=$PWD/.whl/base/src; NEW=$PWD/src
S="SWEEP_MODES=fwd,bwd SWEEP_N=4096,16384,65536,262144,1048576 SWEEP_DTYPES=bf16,fp32 SWEEP_OPS=ln,rms SWEEP_FWD=default SWEEP_BWD=default"
R="SWEEP_MODES=fwd,bwd SWEEP_N=65536,262144,1048576 SWEEP_DTYPES=bf16 SWEEP_OPS=ln,rms SWEEP_FWD=default SWEEP_BWD=default SWEEP_RES=1"
run() { local name=$1 src=$2 t=$3; shift 3; env PYTHONPATH=$src "$@" timeout -s INT $t python benchmarks/sweep_coop.py $W/$name.json > $W/$name.log 2>&1; }
run wb $B 200 SWEEP_WARM=1 $S & run wn $NEW 200 SWEEP_WARM=1 $S &
run wbr $B 200 SWEEP_WARM=1 $R & run wnr $NEW 200 SWEEP_WARM=1 $R &
wait; pack; echo warm $SECONDS
for i in a b; do run base_$i $B 110 $S; pack; run new_$i $NEW 110 $S; pack; done
run base_r $B 70 $R; pack; run new_r $NEW 70 $R; pack
python - $W <<'PY'
import json, sys, os
W = sys.argv[1]
def load(n):
    p = os.path.join(W, n + ".json")
    if not os.path.exists(p): return {}
    d = json.load(open(p)); rows = d if isinstance(d, list) else d.get("rows", d.get("results", []))
    return {(r.get("op"), r.get("dtype"), r.get("mode"), r.get("n")): r.get("pct") for r in rows if isinstance(r, dict)}
for tag, names in (("plain", ["base_a", "new_a", "base_b", "new_b"]), ("res", ["base_r", "new_r"])):
    ds = [load(n) for n in names]
    keys = sorted(set().union(*[d.keys() for d in ds]), key=str)
    print("==", tag, names)
    for k in keys:
        print(k, " ".join(f"{d.get(k) or 0:5.1f}" for d in ds))
PY
echo SECONDS $SECONDS
