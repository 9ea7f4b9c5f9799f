# v0.19 call 4: the backward tables of calls 1 and 3 (BWD_TILE, block 8192's rule, the
# 16-bit LayerNorm cooperative 2048 / 4 / 4) against 51e8616 (v0.18's tree; its src
# carried as .whl/base/src): GPU tests, then sweep_coop.py with library defaults, GPU
# time, base / new / base / new, bf16 / fp16 / fp32, without and with dh.
export PYTHONUNBUFFERED=1
W=/tmp/c4; mkdir -p $W
pack() { tar czf $OUT/call4.tgz -C /tmp c4; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
B=$PWD/.whl/base/src; NEW=$PWD/src
S="SWEEP_MODES=bwd SWEEP_N=256,512,5120,6144,8192,12288,65536 SWEEP_DTYPES=bf16,fp16,fp32 SWEEP_OPS=ln,rms SWEEP_BWD=default"
run() { local name=$1 src=$2 t=$3; shift 3; env PYTHONPATH=$src "$@" timeout -s INT $t python benchmarks/sweep_coop.py $W/$name.json > $W/$name.log 2>&1; }
PYTHONPATH=$NEW timeout 300 python -m pytest -q tests/test_rownorm.py -k "cuda and (bwd_tile or launchers or backward or residual or dtypes or cooperative)" > $W/pytest.log 2>&1 &
run wb $B 240 SWEEP_WARM=1 $S & run wn $NEW 240 SWEEP_WARM=1 $S &
run wbr $B 240 SWEEP_WARM=1 SWEEP_RES=1 $S & run wnr $NEW 240 SWEEP_WARM=1 SWEEP_RES=1 $S &
wait; pack; echo warm $SECONDS; tail -2 $W/pytest.log
for i in a b; do
  run base_$i $B 60 $S; pack; run new_$i $NEW 60 $S; pack
  run baser_$i $B 60 SWEEP_RES=1 $S; pack; run newr_$i $NEW 60 SWEEP_RES=1 $S; pack
done
python - $W <<'PY'
import json, sys, os
W = sys.argv[1]
def load(n):
    p = os.path.join(W, n + ".json")
    if not os.path.exists(p): return {}
    return {(r["op"], r["dtype"][6:], r["n"]): (r["pct"], r["ok"], r["config"]) for r in json.load(open(p))["rows"]}
for sfx in ("", "r"):
    names = [f"base{sfx}_a", f"new{sfx}_a", f"base{sfx}_b", f"new{sfx}_b"]
    ds = [load(n) for n in names]
    print("== defaults" + (" with dh" if sfx else ""), " ".join(names))
    for k in sorted(set().union(*[d.keys() for d in ds]), key=str):
        print(f"{k[0]:10s} {k[1]:8s} {k[2]:>7}", " ".join(f"{d[k][0]:5.1f}{'' if d[k][1] else '!'}" if k in d else "  -  " for d in ds), ds[1].get(k, (0, 0, ""))[2][:34])
PY
echo SECONDS $SECONDS
